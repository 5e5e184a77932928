/**
 * Webhook secrets an earlier version stored in clear are sealed at start (src/store/secrets.ts):
 * in the embedded store when the jobs module starts on its DATA_DIR, and in the Redis job hashes.
 * (New ones are sealed when the job is created: webhooks.test.ts, redis.test.ts.)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDeps } from '../../src/deps.js';
import { createRedisJobStore, sealStoredWebhookSecrets } from '../../src/jobs/redis-store.js';
import { createSqliteJobStore } from '../../src/jobs/store.js';
import type { NewJob } from '../../src/jobs/store.js';
import { openRedis } from '../../src/store/redis.js';
import type { RedisStore } from '../../src/store/redis.js';
import { secretBox } from '../../src/store/secrets.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { captureLogs } from '../harness.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer, TEST_SECRETS_KEY } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';

const CLEAR = 'whsec-stored-in-clear-0123456789';
const job = (id: string, secret: string | null): NewJob => ({
  id,
  key_id: 'key_1',
  operation: '/v1/code/repository',
  total: 1,
  cache_max_age: null,
  max_credits: null,
  webhook_url: secret ? 'https://hooks.example/legacy' : null,
  webhook_secret: secret,
  idempotency_key: null,
  bytes: 2,
});

describe('webhook secrets stored in clear by an earlier version (embedded store)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cl-legacy-secrets-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are sealed when the gateway starts on the DATA_DIR, and no longer found in its files', async () => {
    // The store as the earlier version left it.
    const old = openDatabase(dataDir);
    const store = createSqliteJobStore(old);
    await store.create(job('job_legacy', CLEAR), ['{}']);
    await store.create(job('job_plain', null), ['{}']);
    old.close();
    expect(readFileSync(join(dataDir, 'gateway.db')).toString('latin1')).toContain(CLEAR);

    const logs = captureLogs();
    const deps = openDeps(loadConfig({ DATA_DIR: dataDir } as NodeJS.ProcessEnv), { logger: logs.logger });
    const app = createApp(deps);
    try {
      const secretOf = (id: string) => deps.db!.prepare('SELECT webhook_secret FROM jobs WHERE id = ?').pluck().get(id) as string | null;
      const sealed = secretOf('job_legacy')!;
      expect(sealed).toMatch(/^v1:/);
      expect(deps.secrets.open(sealed)).toBe(CLEAR);
      expect(secretOf('job_plain')).toBeNull();
      expect(logs.lines()).toContainEqual(
        expect.objectContaining({ sealed: 1, msg: 'webhook secrets stored in clear by an earlier version: sealed' }),
      );
      for (const f of readdirSync(dataDir).filter((f) => f.startsWith('gateway.db'))) {
        expect(readFileSync(join(dataDir, f)).toString('latin1'), f).not.toContain(CLEAR);
      }
    } finally {
      await app.close();
      await deps.close();
    }
  });
});

const REDIS = requireTool('redis-server');

describe.skipIf(REDIS.skip)(titled('webhook secrets stored in clear by an earlier version (Redis)', REDIS), () => {
  let server: RedisServer;
  let redis: RedisStore;
  beforeAll(async () => {
    server = await startRedisServer();
    redis = openRedis(server.url);
  });
  afterAll(async () => {
    await redis?.close();
    await server?.close();
  });

  it('are sealed in the job hashes (each once, whichever instance gets there first)', async () => {
    const store = createRedisJobStore(redis);
    await store.create(job('job_legacy', CLEAR), ['{}']);
    await store.create(job('job_plain', null), ['{}']);
    const box = secretBox(Buffer.from(TEST_SECRETS_KEY, 'hex'));
    const already = box.seal('whsec-sealed-already-0123456');
    await store.create(job('job_sealed', already), ['{}']);
    const hget = (id: string) => redis.command<string | null>(['HGET', `cl:{jobs}:job:${id}`, 'webhook_secret']);
    expect(await hget('job_legacy')).toBe(CLEAR);

    // Two instances starting at once: one seals it.
    const counts = await Promise.all([sealStoredWebhookSecrets(redis, box.seal), sealStoredWebhookSecrets(redis, box.seal)]);
    expect(counts.sort()).toEqual([0, 1]);
    const sealed = (await hget('job_legacy'))!;
    expect(sealed).toMatch(/^v1:/);
    expect(box.open(sealed)).toBe(CLEAR);
    expect(await hget('job_sealed')).toBe(already);
    expect(await hget('job_plain')).toBeNull();
    expect(await sealStoredWebhookSecrets(redis, box.seal)).toBe(0);
  });
});
