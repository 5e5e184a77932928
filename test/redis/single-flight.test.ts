/**
 * Single-flight across instances on a real redis-server: one run of the work for concurrent
 * identical calls on two instances, with the bounded-wait and no-Redis fallbacks.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRedisSingleFlight } from '../../src/cache/redis-single-flight.js';
import type { SingleFlight } from '../../src/cache/single-flight.js';
import { openRedis } from '../../src/store/redis.js';
import type { RedisStore } from '../../src/store/redis.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const REDIS = requireTool('redis-server');

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
});
