/**
 * Transactions on the Redis ledger, two gateway instances on one redis-server: the same
 * concurrency check as on SQLite (test/support/transactions-scenario.ts) with the requests split
 * across both instances and the job run by both; then the retention, the job row and the ledger's
 * own page reads against the real scripts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisLedger } from '../../src/credits/redis-ledger.js';
import { openRedis } from '../../src/store/redis.js';
import type { RedisStore } from '../../src/store/redis.js';
import { requireTool, titled } from '../prereq.js';
import { runTransactionsScenario, scenarioRoute } from '../support/transactions-scenario.js';
import { startCluster } from './cluster.js';
import type { Cluster } from './cluster.js';
import { startRedisServer } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const REDIS = requireTool('redis-server');

describe.skipIf(REDIS.skip)(titled('transactions on Redis', REDIS), () => {
  let redis: RedisServer;
  let c: Cluster;
  const stores: RedisStore[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    c = await startCluster(redis.url, { routes: [scenarioRoute] });
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await c?.close();
    await redis?.close();
  });

  it('under concurrency across two instances, the rows over an interval sum to the settled balance change; one row per job', async () => {
    const k = await c.key(500);
    await runTransactionsScenario(c.nodes, c.nodes[0].deps.ledger, { ...k, credits: 500 }, 'redis');
  });

  it("the ledger's scripts: a job's charges are one row, rows past the retention are dropped, pages by id", async () => {
    const s = openRedis(redis.url);
    stores.push(s);
    const ledger = createRedisLedger(s, { sweepIntervalMs: 0, transactionsKeepMs: 200 });
    const { record } = await ledger.createKey({ name: 'k', credits: 10 });
    const r1 = (await ledger.reserve(record.id, 3, { requestId: 'req-1', operation: 'code/repository' }))!;
    expect(await ledger.settle(r1, 2)).toBe(8);
    // Open reservations are not movements; a settlement of 0 is not one either.
    const open = (await ledger.reserve(record.id, 4, { requestId: 'req-open' }))!;
    await ledger.settle((await ledger.reserve(record.id, 1, { requestId: 'req-zero' }))!, 0);
    for (const i of [0, 1, 2]) {
      const r = (await ledger.reserve(record.id, 1, { operation: 'code/repository', jobId: 'job_x' }))!;
      await ledger.settleOnce!(record.id, r, 1, { scope: 'job_x', id: String(i), keepMs: 60_000 });
    }
    // A second settlement of item 2 refunds its reservation: no movement.
    const dup = (await ledger.reserve(record.id, 1, { jobId: 'job_x' }))!;
    expect((await ledger.settleOnce!(record.id, dup, 1, { scope: 'job_x', id: '2', keepMs: 60_000 })).state).toBe('duplicate');
    await ledger.addCredits(record.id, 5);
    const { rows, nextAfter } = await ledger.transactions(record.id, { limit: 10 });
    expect(nextAfter).toBeNull();
    expect(rows.map(({ at: _at, ...r }) => r)).toEqual([
      { id: 1, kind: 'grant', requestId: null, operation: null, jobId: null, monitorId: null, credits: 10, balanceAfter: 10 },
      {
        id: 2,
        kind: 'charge',
        requestId: 'req-1',
        operation: 'code/repository',
        jobId: null,
        monitorId: null,
        credits: -2,
        balanceAfter: 8,
      },
      {
        id: 3,
        kind: 'charge',
        requestId: null,
        operation: 'code/repository',
        jobId: 'job_x',
        monitorId: null,
        credits: -3,
        balanceAfter: 5,
      },
      { id: 4, kind: 'grant', requestId: null, operation: null, jobId: null, monitorId: null, credits: 5, balanceAfter: 10 },
    ]);
    // The settled balance counts what the open reservation holds.
    expect(await ledger.balance(record.id)).toBe(6);
    await ledger.settle(open, 0);
    expect((await ledger.transactions(record.id, { limit: 2 })).nextAfter).toBe(2);
    expect((await ledger.transactions(record.id, { limit: 2, after: 2 })).rows.map((r) => r.id)).toEqual([3, 4]);
    expect((await ledger.transactions(record.id, { limit: 9, operation: 'code/repository' })).rows.map((r) => r.id)).toEqual([2, 3]);
    // Past the retention: not listed, and deleted by the next row written.
    await new Promise((r) => setTimeout(r, 250));
    expect((await ledger.transactions(record.id, { limit: 10 })).rows).toEqual([]);
    await ledger.addCredits(record.id, 1);
    expect(await s.command(['ZRANGE', `cl:{ledger}:tx:${record.id}`, '0', '-1'])).toEqual(['5']);
    expect(await s.command(['HKEYS', `cl:{ledger}:txjob:${record.id}`])).toEqual([]);
    expect((await ledger.transactions(record.id, { limit: 10 })).rows).toMatchObject([{ id: 5, credits: 1, balanceAfter: 11 }]);
  });
});
