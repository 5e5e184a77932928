/**
 * `keys set-rate`: a key's own rate limit in the embedded store (and on Redis when REDIS_URL is
 * set), read back by authenticate() on the request path and shown by `keys list`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runKeysCli } from '../../src/cli/keys.js';
import { createRedisLedger } from '../../src/credits/redis-ledger.js';
import { createSqliteLedger } from '../../src/credits/sqlite-ledger.js';
import { openRedis } from '../../src/store/redis.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';

const REDIS = requireTool('redis-server');

let dataDir: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cl-keys-rate-'));
  env = { DATA_DIR: dataDir };
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

async function keys(...args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runKeysCli(['node', 'keys', ...args], env, { log: (l) => stdout.push(l), error: (l) => stderr.push(l) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

async function create(): Promise<{ key: string; id: string }> {
  const r = await keys('create', '--credits', '5');
  return { key: /cl_[A-Za-z0-9_-]{43}/.exec(r.stdout)![0], id: /\b(key_[0-9a-f]{8})\b/.exec(r.stdout)![1] };
}

async function authenticate(key: string) {
  const db = openDatabase(dataDir);
  try {
    return await createSqliteLedger(db).authenticate(key);
  } finally {
    db.close();
  }
}

describe('keys set-rate (embedded store)', () => {
  it('sets rps and burst; authenticate() carries them; list shows a RATE column', async () => {
    const { key, id } = await create();
    const other = await create();
    const r = await keys('set-rate', id, '2.5', '10');
    expect(r).toMatchObject({ code: 0, stdout: `Key ${id} may now make 2.5 requests per second (burst 10).` });
    expect(await authenticate(key)).toEqual({ id, balance: 5, rate: { rps: 2.5, burst: 10 } });
    const table = (await keys('list')).stdout.split('\n');
    expect(table[0]).toMatch(/^ID\s+NAME\s+HINT\s+BALANCE\s+CREATED\s+REVOKED\s+RATE$/);
    expect(table.find((l) => l.startsWith(id))).toMatch(/2\.5\/s burst 10$/);
    expect(table.find((l) => l.startsWith(other.id))).toMatch(/default$/);
    const json = JSON.parse((await keys('list', '--json')).stdout);
    expect(json.find((k: { id: string }) => k.id === id).rateLimit).toEqual({ rps: 2.5, burst: 10 });
    expect(json.find((k: { id: string }) => k.id === other.id)).not.toHaveProperty('rateLimit');
  });

  it('burst defaults to the rate rounded up; rps 0 exempts the key; `default` clears the override', async () => {
    const { key, id } = await create();
    expect((await keys('set-rate', id, '3.2')).code).toBe(0);
    expect((await authenticate(key))?.rate).toEqual({ rps: 3.2, burst: 4 });
    expect(await keys('set-rate', id, '0')).toMatchObject({ code: 0, stdout: `Key ${id} is now exempt from rate limits.` });
    expect((await authenticate(key))?.rate).toEqual({ rps: 0, burst: 1 });
    expect(await keys('set-rate', id, 'default')).toMatchObject({ code: 0, stdout: expect.stringContaining('default rate limit') });
    expect(await authenticate(key)).toEqual({ id, balance: 5 });
    expect((await keys('list')).stdout.split('\n')[0]).toMatch(/REVOKED$/); // no RATE column without overrides
  });

  it('refuses bad input and unknown or revoked keys with exit code 1', async () => {
    const { id } = await create();
    expect(await keys('set-rate', id, 'fast')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/rps must be a non-negative number/),
    });
    expect(await keys('set-rate', id, '-1')).toMatchObject({ code: 1 });
    expect(await keys('set-rate', id, '2', '0')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/burst must be a positive whole number/),
    });
    expect(await keys('set-rate', id, 'default', '3')).toMatchObject({ code: 1, stderr: expect.stringMatching(/burst cannot be given/) });
    expect(await keys('set-rate', 'key_00000000', '1')).toMatchObject({ code: 1, stderr: expect.stringMatching(/No key with id/) });
    await keys('revoke', id);
    expect(await keys('set-rate', id, '1')).toMatchObject({ code: 1, stderr: expect.stringMatching(/revoked/) });
  });

  it('a store created before rate limits existed gets the columns on open', async () => {
    const db = openDatabase(dataDir);
    db.exec(`CREATE TABLE api_keys (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, name TEXT NOT NULL, hint TEXT NOT NULL,
      balance INTEGER NOT NULL CHECK (balance >= 0), created_at TEXT NOT NULL, revoked_at TEXT)`);
    db.close();
    const { key, id } = await create();
    expect((await keys('set-rate', id, '1', '2')).code).toBe(0);
    expect((await authenticate(key))?.rate).toEqual({ rps: 1, burst: 2 });
  });
});

describe.skipIf(REDIS.skip)(titled('keys set-rate with REDIS_URL', REDIS), () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.close();
  });

  it('stores the limit with the key in Redis; authenticate() on the request path sees it', async () => {
    env = { DATA_DIR: dataDir, REDIS_URL: redis.url };
    const { key, id } = await create();
    expect((await keys('set-rate', id, '4', '8')).code).toBe(0);
    const store = openRedis(redis.url);
    try {
      const ledger = createRedisLedger(store, { sweepIntervalMs: 0 });
      expect(await ledger.authenticate(key)).toEqual({ id, balance: 5, rate: { rps: 4, burst: 8 } });
      // Through the id cache (second call) as well, and after clearing.
      expect(await ledger.authenticate(key)).toEqual({ id, balance: 5, rate: { rps: 4, burst: 8 } });
      expect((await keys('set-rate', id, 'default')).code).toBe(0);
      expect(await ledger.authenticate(key)).toEqual({ id, balance: 5 });
      expect(await ledger.setRateLimit('key_nothere', { rps: 1, burst: 1 })).toBe(false);
    } finally {
      await store.close();
    }
  });
});
