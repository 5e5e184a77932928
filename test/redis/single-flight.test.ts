/**
 * Single-flight across instances on a real redis-server: one run of the work for concurrent
 * identical calls on two instances, with the bounded-wait and no-Redis fallbacks; the holder's
 * short lock renewed while it works, and lapsing soon after it is killed.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRedisSingleFlight, DEFAULT_LOCK_TTL_MS } from '../../src/cache/redis-single-flight.js';
import type { SingleFlight } from '../../src/cache/single-flight.js';
import { openRedis } from '../../src/store/redis.js';
import type { RedisStore } from '../../src/store/redis.js';
import { requireTool, titled } from '../prereq.js';
import { ROOT } from '../start-args.js';
import { startRedisServer } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const REDIS = requireTool('redis-server');

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lockKey = (key: string) => `cl:sf:${createHash('sha256').update(key).digest('hex')}`;

describe.skipIf(REDIS.skip)(titled('redis single-flight', REDIS), () => {
  let server: RedisServer;
  const stores: RedisStore[] = [];
  const instance = (o: Parameters<typeof createRedisSingleFlight>[1] = {}): SingleFlight => {
    const s = openRedis(server.url);
    stores.push(s);
    return createRedisSingleFlight(s, o);
  };
  /** The shared cache two instances write and read. */
  let shared: Map<string, number>;
  const readShared = (key: string) => async () => shared.get(key);

  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await server?.close();
  });
  beforeEach(async () => {
    await server.send('FLUSHALL');
    shared = new Map();
  });

  it('concurrent identical calls on two instances run the work once; the rest read the shared result', async () => {
    const [a, b] = [instance(), instance()];
    let runs = 0;
    const work = async () => {
      runs++;
      await delay(100);
      shared.set('k', 42);
      return 42;
    };
    const all = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).run('k', work, { readShared: readShared('k') })));
    expect(runs).toBe(1);
    expect(all.every((r) => r.value === 42)).toBe(true);
    expect(all.filter((r) => !r.joined)).toHaveLength(1);
    // Over: the next call runs again.
    await a.run('k', work, { readShared: async () => undefined });
    expect(runs).toBe(2);
  });

  it('a failed holder shares no error across instances: a waiter then runs the work itself', async () => {
    const [a, b] = [instance(), instance()];
    let runs = 0;
    const failing = async () => {
      runs++;
      await delay(50);
      throw new Error('upstream failed');
    };
    const ok = async () => {
      runs++;
      return 7;
    };
    const first = a.run('k', failing, { readShared: readShared('k') });
    await delay(10);
    const second = b.run('k', ok, { readShared: readShared('k') });
    await expect(first).rejects.toThrow('upstream failed');
    expect(await second).toEqual({ value: 7, joined: false });
    expect(runs).toBe(2);
  });

  it('waits a bounded time for a holder that never finishes (crashed), then runs the work itself', async () => {
    const a = instance({ lockTtlMs: 10_000, waitMs: 300 });
    // A lock held by an instance that died mid-fetch.
    await stores[0].command(['SET', `cl:sf:${createHash('sha256').update('k').digest('hex')}`, 'crashed', 'PX', 10_000]);
    const t = Date.now();
    expect(await a.run('k', async () => 1, { readShared: readShared('k') })).toEqual({ value: 1, joined: false });
    expect(Date.now() - t).toBeGreaterThanOrEqual(250);
    expect(Date.now() - t).toBeLessThan(2_000);
  });

  it('without Redis, or without a shared result to read, calls still run (joined within the process)', async () => {
    const down = openRedis('redis://127.0.0.1:1', { connectTimeoutMs: 100 });
    stores.push(down);
    const sf = createRedisSingleFlight(down);
    let runs = 0;
    const work = async () => {
      runs++;
      await delay(20);
      return runs;
    };
    const r = await Promise.all([sf.run('k', work, { readShared: readShared('k') }), sf.run('k', work), sf.run('other', work)]);
    expect(r.map((x) => x.joined)).toEqual([false, true, false]);
    expect(runs).toBe(2);
  });
  it('a lock lives DEFAULT_LOCK_TTL_MS (5 s), not the fetch deadline', async () => {
    const a = instance();
    let ttl = 0;
    await a.run('k', async () => (ttl = await stores[0].command<number>(['PTTL', lockKey('k')])), { readShared: readShared('k') });
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(DEFAULT_LOCK_TTL_MS);
  });

  it('a holder whose work outlasts the lock’s lifetime keeps it, renewed: another instance joins its result instead of running the work again', async () => {
    const TTL = 1_000;
    const a = instance({ lockTtlMs: TTL });
    const b = instance({ lockTtlMs: TTL, waitMs: 20_000 });
    let runs = 0;
    let started!: () => void;
    const holding = new Promise<void>((r) => (started = r));
    const work = async () => {
      runs++;
      started();
      // Well past the lock's lifetime: without renewals it would lapse and b would take it.
      await delay(2.5 * TTL);
      shared.set('k', 42);
      return 42;
    };
    const first = a.run('k', work, { readShared: readShared('k') });
    await holding;
    const second = b.run('k', work, { readShared: readShared('k') });
    expect(await first).toEqual({ value: 42, joined: false });
    expect(await second).toEqual({ value: 42, joined: true });
    expect(runs).toBe(1);
    // Released once done.
    expect(await server.send(`EXISTS ${lockKey('k')}`)).toBe(':0');
  });

  it('the renewals stop when the work ends, done or failed', async () => {
    const s = openRedis(server.url);
    stores.push(s);
    let renewals = 0;
    const counted: RedisStore = {
      ...s,
      script: (sc, keys, args, o) => {
        if (sc.lua.includes('PEXPIRE')) renewals++;
        return s.script(sc, keys, args, o);
      },
    };
    // Renewed every 100 ms.
    const sf = createRedisSingleFlight(counted, { lockTtlMs: 300 });
    const slow = (fail: boolean) => async () => {
      await delay(400);
      if (fail) throw new Error('upstream failed');
      return 1;
    };
    for (const fail of [false, true]) {
      renewals = 0;
      const r = sf.run('k', slow(fail), { readShared: readShared('k') });
      if (fail) await expect(r).rejects.toThrow('upstream failed');
      else expect(await r).toEqual({ value: 1, joined: false });
      expect(renewals).toBeGreaterThanOrEqual(1);
      const after = renewals;
      await delay(500);
      expect(renewals).toBe(after);
      expect(await server.send(`EXISTS ${lockKey('k')}`)).toBe(':0');
    }
  });

  it('a holder killed mid-work (SIGKILL) holds a waiting instance up about the lock’s short lifetime, not the fetch deadline', async () => {
    const TTL = 1_000;
    // Another instance as a real process: it takes the lock and renews it while its work never ends.
    const script = [
      `import { createRedisSingleFlight } from ${JSON.stringify(join(ROOT, 'src/cache/redis-single-flight.ts'))};`,
      `import { openRedis } from ${JSON.stringify(join(ROOT, 'src/store/redis.ts'))};`,
      `const sf = createRedisSingleFlight(openRedis(${JSON.stringify(server.url)}), { lockTtlMs: ${TTL} });`,
      `await sf.run('k', () => { process.stdout.write('holding\\n'); return new Promise(() => {}); }, { readShared: async () => undefined });`,
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_code, signal) => r(signal)));
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          out += d;
          if (out.includes('holding')) resolve();
        });
        child.stderr.on('data', (d) => (out += d));
        void exited.then(() => reject(new Error(`the holder exited before holding:\n${out}`)));
      });

      // Waits as long as the fetch deadline allows (30 s here) while the holder lives and renews.
      const b = instance({ lockTtlMs: TTL, waitMs: 30_000 });
      let ranAt: number | undefined;
      const waiting = b.run(
        'k',
        async () => {
          ranAt = Date.now();
          return 7;
        },
        { readShared: readShared('k') },
      );
      await delay(2.5 * TTL);
      expect(ranAt).toBeUndefined();

      const killedAt = Date.now();
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      // Its lock is left behind and lapses within TTL; b then takes it and runs the work itself.
      expect(await waiting).toEqual({ value: 7, joined: false });
      expect(ranAt! - killedAt).toBeLessThan(TTL + 3_000);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('renewals on a frozen Redis fail quietly: the holder finishes, and its lock is gone once Redis resumes', async () => {
    const s = openRedis(server.url, { commandTimeoutMs: 200 });
    stores.push(s);
    // Renewed every 200 ms: the first renewal during the freeze times out, the next ones fail at once.
    const sf = createRedisSingleFlight(s, { lockTtlMs: 600 });
    let frozen!: () => void;
    const holding = new Promise<void>((r) => (frozen = r));
    const run = sf.run(
      'k',
      async () => {
        await holding;
        await delay(1_000);
        return 7;
      },
      { readShared: readShared('k') },
    );
    await expect.poll(() => server.send(`EXISTS ${lockKey('k')}`)).toBe(':1');
    server.freeze();
    try {
      frozen();
      expect(await run).toEqual({ value: 7, joined: false });
    } finally {
      server.thaw();
    }
    await expect.poll(() => server.send(`EXISTS ${lockKey('k')}`), { timeout: 5_000, interval: 50 }).toBe(':0');
    expect(await sf.run('k', async () => 8, { readShared: readShared('k') })).toEqual({ value: 8, joined: false });
  });
});
