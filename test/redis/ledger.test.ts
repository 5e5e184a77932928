/**
 * The Redis ledger against a real redis-server, through two connections as two gateway
 * instances would: atomic reserve under concurrency, idempotent settle, abandoned reservations
 * refunded, revocation, keys stored hashed only, 503 when Redis is unreachable, and the `keys`
 * command on the same store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runKeysCli } from '../../src/cli/keys.js';
import { createRedisLedger } from '../../src/credits/redis-ledger.js';
import type { Ledger } from '../../src/credits/ledger.js';
import { ApiError } from '../../src/errors.js';
import { openRedis } from '../../src/store/redis.js';
import type { RedisStore } from '../../src/store/redis.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const REDIS = requireTool('redis-server');

describe.skipIf(REDIS.skip)(titled('redis ledger', REDIS), () => {
  let server: RedisServer;
  const stores: RedisStore[] = [];
  let a: Ledger;
  let b: Ledger;
  const open = (o: Parameters<typeof createRedisLedger>[1] = {}) => {
    const s = openRedis(server.url);
    stores.push(s);
    return createRedisLedger(s, { sweepIntervalMs: 0, ...o });
  };

  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await server?.close();
  });
  beforeEach(async () => {
    await server.send('FLUSHALL');
    a = open();
    b = open();
  });

  it('stores keys hashed only; authenticates on every instance at once', async () => {
    const { key, record } = await a.createKey({ name: 'k', credits: 5 });
    expect(await b.authenticate(key)).toEqual({ id: record.id, balance: 5 });
    expect(await b.authenticate(`${key}x`)).toBeNull();
    // No key name, field or value in Redis holds the clear key.
    const s = stores[0];
    for (const k of await s.command<string[]>(['KEYS', '*'])) {
      expect(k).not.toContain(key);
      const type = await s.command<string>(['TYPE', k]);
      const content =
        type === 'hash'
          ? await s.command<string[]>(['HGETALL', k])
          : type === 'zset'
            ? await s.command<string[]>(['ZRANGE', k, 0, -1])
            : [];
      for (const v of content) expect(v).not.toContain(key);
    }
    await expect(a.createKey({ name: 'again', credits: 1, rawKey: key })).rejects.toThrow(/exists/);
    expect(await a.countKeys()).toBe(1);
    expect((await b.listKeys()).map((k) => [k.id, k.balance, k.revokedAt])).toEqual([[record.id, 5, null]]);
  });

  it('200 concurrent reservations across two instances against 50 credits: exactly 50 succeed, never negative', async () => {
    const { record } = await a.createKey({ name: 'k', credits: 50 });
    const rs = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).reserve(record.id, 1)));
    const held = rs.filter((r) => r !== null);
    expect(held).toHaveLength(50);
    expect(await a.balance(record.id)).toBe(0);
    expect(await a.reserve(record.id, 1)).toBeNull();
    await Promise.all(held.map((r, i) => (i % 2 ? a : b).settle(r!, 1)));
    expect(await b.balance(record.id)).toBe(0);
    expect(await b.totalCharged(record.id)).toBe(50);
  });

  it('settle charges the actual amount, refunds the rest, and is idempotent even when raced', async () => {
    const { record } = await a.createKey({ name: 'k', credits: 20 });
    const r = (await a.reserve(record.id, 10))!;
    expect(await b.balance(record.id)).toBe(10);
    const after = await Promise.all([a.settle(r, 1), b.settle(r, 1), a.settle(r, 10)]);
    expect(after).toEqual([19, 19, 19]);
    expect(await a.totalCharged(record.id)).toBe(1);
    // Never more than reserved.
    const r2 = (await a.reserve(record.id, 2))!;
    expect(await b.settle(r2, 99)).toBe(17);
    expect(await a.totalCharged(record.id)).toBe(3);
  });

  it('a reservation of 0 credits is held and settled like any other (Lua must not send HINCRBY "-0")', async () => {
    const { record } = await a.createKey({ name: 'k', credits: 3 });
    const r = (await a.reserve(record.id, 0))!;
    expect(r).toMatchObject({ amount: 0 });
    expect(await b.settle(r, 0)).toBe(3);
    expect(await a.totalCharged(record.id)).toBe(0);
  });

  it('a reservation left by a crashed instance expires and is refunded by a sweeper; a late settle charges nothing', async () => {
    const { record } = await a.createKey({ name: 'k', credits: 10 });
    const crashed = (await a.reserve(record.id, 10))!;
    expect(await a.balance(record.id)).toBe(0);
    // Younger than the limit: left alone.
    expect(await b.refundAbandoned(60_000)).toBe(0);
    // A surviving instance's sweeper (every 50 ms, reservations older than 300 ms).
    const survivor = open({ reservationTtlMs: 300, sweepIntervalMs: 50 });
    try {
      await expect.poll(() => b.balance(record.id), { timeout: 3_000, interval: 50 }).toBe(10);
      expect(await a.settle(crashed, 10)).toBe(10);
      expect(await a.totalCharged(record.id)).toBe(0);
      // refundAbandoned(0) refunds every open reservation, once.
      await a.reserve(record.id, 4);
      await a.reserve(record.id, 3);
      expect(await Promise.all([a.refundAbandoned(0), b.refundAbandoned(0)]).then(([x, y]) => x + y)).toBe(2);
      expect(await a.balance(record.id)).toBe(10);
    } finally {
      await survivor.close();
    }
  });

  it('revocation takes effect on every instance at once; credits go only to existing keys', async () => {
    const { key, record } = await a.createKey({ name: 'k', credits: 1 });
    expect(await b.authenticate(key)).toMatchObject({ id: record.id });
    expect(await a.addCredits(record.id, 4)).toBe(5);
    await expect(a.addCredits('key_nope', 4)).rejects.toThrow(/no key/);
    expect(await a.revokeKey(record.id)).toBe(true);
    expect(await b.revokeKey(record.id)).toBe(false);
    expect(await b.authenticate(key)).toBeNull();
    expect(await b.keyExists(key)).toBe(true);
    // Revoked, not poor: 401 (also for a request authenticated before the revocation).
    await expect(b.reserve(record.id, 1)).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Unknown or revoked API key' });
    await expect(b.reserve('key_nope', 1)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await b.balance(record.id)).toBe(5);
    expect((await a.listKeys())[0].revokedAt).toMatch(/^\d{4}-/);
  });

  it('Redis unreachable: calls fail quickly with ApiError SERVICE_UNAVAILABLE', async () => {
    const down = openRedis('redis://127.0.0.1:1', { connectTimeoutMs: 200 });
    try {
      const ledger = createRedisLedger(down, { sweepIntervalMs: 0 });
      const t = Date.now();
      const err = await ledger.authenticate('cl_x').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, message: 'a store is unreachable' });
      await expect(ledger.ping()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(Date.now() - t).toBeLessThan(2_000);
    } finally {
      await down.close();
    }
  });

  it('Redis at its maxmemory (noeviction) refuses a write: SERVICE_UNAVAILABLE saying the store is out of memory, not unreachable; reads go on', async () => {
    // An outside sweep: every paid request read "a store is unreachable" while Redis answered, and
    // only the logs said why.
    const redis = openRedis(server.url);
    stores.push(redis);
    await redis.command(['SET', 'before', '1']);
    await redis.command(['CONFIG', 'SET', 'maxmemory-policy', 'noeviction']);
    await redis.command(['CONFIG', 'SET', 'maxmemory', '1']);
    try {
      await expect(redis.command(['SET', 'k', 'v'])).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'a store refuses writes: it is out of memory',
      });
      expect(await redis.command(['GET', 'before'])).toBe('1');
    } finally {
      await redis.command(['CONFIG', 'SET', 'maxmemory', '0']);
    }
    expect(await redis.command(['SET', 'k', 'v'])).toBe('OK');
  });

  it('the keys command works on the same Redis store when REDIS_URL is set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cl-keys-redis-'));
    const run = async (...args: string[]) => {
      const out: string[] = [];
      const code = await runKeysCli(
        ['node', 'keys', ...args],
        { DATA_DIR: dataDir, REDIS_URL: server.url },
        { log: (l) => out.push(l), error: (l) => out.push(l) },
      );
      return { code, out: out.join('\n') };
    };
    try {
      const created = await run('create', '--name', 'cli', '--credits', '7');
      expect(created.code).toBe(0);
      const key = /cl_[A-Za-z0-9_-]{43}/.exec(created.out)![0];
      const id = /\b(key_[0-9a-f]{8})\b/.exec(created.out)![1];
      expect(await a.authenticate(key)).toEqual({ id, balance: 7 });
      expect((await run('add-credits', id, '3')).out).toContain('New balance: 10');
      expect(await b.balance(id)).toBe(10);
      const listed = await run('list', '--json');
      expect(JSON.parse(listed.out)).toEqual([expect.objectContaining({ id, name: 'cli', balance: 10, revokedAt: null })]);
      expect((await run('revoke', id)).code).toBe(0);
      expect(await b.authenticate(key)).toBeNull();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
