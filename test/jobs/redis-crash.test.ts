/**
 * kill -9 of one of two real gateway processes (as `npm start` runs them) sharing one Redis, in
 * the middle of a job: the other instance finishes the job — the killed one's items in flight
 * run again there once their BullMQ locks lapse — and no item is lost or charged twice:
 * Σ charged = start − end balance once the killed one's reservations are refunded as abandoned.
 *
 * Time-robust: the upstream answers only when the test releases an answer, so "items done" and
 * "items in flight on both instances" are states the test holds when it kills.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisLedger } from '../../src/credits/redis-ledger.js';
import { startReplayServer } from '../../src/replay/server.js';
import type { ReplayServer } from '../../src/replay/server.js';
import { openRedis } from '../../src/store/redis.js';
import type { RedisStore } from '../../src/store/redis.js';
import { killAll, spawnGateway } from '../gateway-process.js';
import type { GatewayProcess } from '../gateway-process.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer, TEST_SECRETS_KEY } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, heldRepos, ndjson, repoUrl, waitFinal, waitFor } from './helpers.js';

const REDIS = requireTool('redis-server');
const KEY = 'cl_jobs-redis-crash-key-000000000000000000000000000';
const ITEMS = 40;
const START = 100;
const PROCESS_TEST_TIMEOUT = 240_000;

describe.skipIf(REDIS.skip)(titled('kill -9 of one of two instances on Redis mid-job', REDIS), () => {
  let redis: RedisServer;
  let replay: ReplayServer;
  let store: RedisStore;
  const held = heldRepos('crash');
  const gateways: GatewayProcess[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    store = openRedis(redis.url);
    replay = await startReplayServer({ routes: [held.route] });
  });
  afterAll(async () => {
    killAll(gateways);
    held.releaseAll({ free: true });
    await replay?.close();
    await store?.close();
    await redis?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  function gateway(): GatewayProcess {
    const dir = mkdtempSync(join(tmpdir(), 'cl-jobs-rcrash-'));
    dirs.push(dir);
    const g = spawnGateway({
      DATA_DIR: dir,
      REDIS_URL: redis.url,
      SECRETS_KEY: TEST_SECRETS_KEY,
      UPSTREAM_REPLAY_URL: replay.url,
      // Answers are held until the test releases them. (The killed instance's single-flight locks
      // hold its items' fetches elsewhere until they lapse: within 5 s, whatever these are.)
      UPSTREAM_HEADERS_TIMEOUT_MS: '20000',
      UPSTREAM_TOTAL_TIMEOUT_MS: '20000',
      BOOTSTRAP_API_KEY: KEY,
      BOOTSTRAP_CREDITS: String(START),
      JOBS_CONCURRENCY_PER_JOB: '2',
      // The killed instance's reservations are refunded by the survivor's sweep after this (and
      // so may the survivor's own, while it waits for those locks: its settlement then finds
      // nothing to settle and the item runs again).
      RESERVATION_TTL_MS: '10000',
    });
    gateways.push(g);
    return g;
  }

  async function books() {
    const ledger = createRedisLedger(store, { sweepIntervalMs: 0 });
    const key = (await ledger.authenticate(KEY))!;
    const open = await store.command<number>(['HLEN', 'cl:{ledger}:res']);
    return { balance: key.balance, open, charged: await ledger.totalCharged(key.id) };
  }

  it(
    'the other instance finishes the job: every item done once and charged once, Σ charged = start − end',
    async () => {
      const a = gateway();
      const b = gateway();
      const ua = { url: `http://127.0.0.1:${await a.listening}` };
      const ub = { url: `http://127.0.0.1:${await b.listening}` };
      const created = await call(ua, 'POST', '/v1/jobs', {
        key: KEY,
        body: { operation: '/v1/code/repository', items: Array.from({ length: ITEMS }, (_, i) => ({ url: repoUrl('crash', `r${i}`) })) },
      });
      expect(created.status).toBe(202);
      const id = created.body.job.id;

      // Ten items answered and recorded, then four in flight — two on each instance (the per-job
      // concurrency) — each holding its reservation.
      for (let released = 0; released < 10; released++) {
        await waitFor(() => held.waiting() > 0);
        held.releaseOne();
      }
      await waitFor(async () => (await call(ub, 'GET', `/v1/jobs/${id}`, { key: KEY })).body.job.counts.done === 10);
      await waitFor(() => held.waiting() === 4);
      expect(await books()).toMatchObject({ balance: START - 14, open: 4, charged: 10 });

      a.child.kill('SIGKILL');
      expect((await a.exited).signal).toBe('SIGKILL');
      held.releaseAll({ free: true });

      const job = await waitFinal(ub, KEY, id, 180_000);
      expect(job).toMatchObject({ status: 'completed', credits_charged: ITEMS, counts: { done: ITEMS, ok: ITEMS, failed: 0, skipped: 0 } });
      const lines = ndjson((await call(ub, 'GET', `/v1/jobs/${id}/results`, { key: KEY })).text);
      // 0 lost, 0 duplicated.
      expect(lines.map((l) => l.index)).toEqual(Array.from({ length: ITEMS }, (_, i) => i));
      expect(lines.every((l) => l.credits_charged === 1 && l.body.repository.full_name === `crash/r${l.index}`)).toBe(true);
      // The killed instance's two items in flight were fetched again, by the survivor.
      expect([...held.hits.values()].reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(ITEMS + 2);
      // Its reservations are refunded as abandoned: Σ charged = start − end, each item charged once.
      await waitFor(async () => (await books()).open === 0, 60_000);
      const end = await books();
      expect(end).toEqual({ balance: START - ITEMS, open: 0, charged: ITEMS });
      expect(lines.reduce((s, l) => s + l.credits_charged, 0)).toBe(START - end.balance);
      b.child.kill('SIGTERM');
      await b.exited;
    },
    PROCESS_TEST_TIMEOUT,
  );
});
