/**
 * A monitor's BullMQ job scheduler on a Redis that does not answer. BullMQ's commands wait for
 * Redis (src/jobs/bull-connection.ts); a monitor's route waited with them — a create, change or
 * delete held its client until Redis answered again (20 s and more, an outside sweep). The
 * scheduler write now has the store's deadline: 503 within REDIS_COMMAND_TIMEOUT_MS. And a
 * scheduler written late, for a monitor that no longer exists (its create answered 503 and its
 * monitor removed), removes itself at its first fire instead of firing for ever.
 */
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorService } from '../../src/monitors/service.js';
import type { MonitorRow } from '../../src/monitors/store.js';
import { requireTool, titled } from '../prereq.js';
import { startCluster } from '../redis/cluster.js';
import type { Cluster } from '../redis/cluster.js';
import { startRedisServer } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';
import { aMonitor, call, codeUser, monitorOf, waitFor } from './helpers.js';

const REDIS = requireTool('redis-server');
/** The cluster's REDIS_COMMAND_TIMEOUT_MS, and the bound on an answer with Redis frozen. */
const TIMEOUT_MS = 800;
const WITHIN_MS = 3_000;

describe.skipIf(REDIS.skip)(titled("a monitor's schedule on a Redis that does not answer", REDIS), () => {
  let redis: RedisServer;
  let c: Cluster;
  let bull: Queue;
  const blip = codeUser('octo-blip');
  let blipReads = 0;

  beforeAll(async () => {
    redis = await startRedisServer();
    c = await startCluster(redis.url, {
      env: { MONITORS_MIN_INTERVAL: '1', RATE_LIMIT_RPS: '1000', REDIS_COMMAND_TIMEOUT_MS: String(TIMEOUT_MS) },
      routes: [
        codeUser('octo-sched').route,
        {
          ...blip.route,
          // The account's first answer takes 1.5 s: Redis is frozen while it is on its way.
          response: async (req) => {
            if (req.path === '/users/octo-blip' && ++blipReads === 1) await new Promise((r) => setTimeout(r, 1_500));
            return (blip.route.response as (r: typeof req) => any)(req);
          },
        },
      ],
    });
    bull = new Queue('monitors', { connection: { url: redis.url }, prefix: 'cl:bull' });
  });
  afterAll(async () => {
    redis?.thaw();
    await bull?.close();
    await c?.close();
    await redis?.close();
  });

  it('a scheduler write Redis does not answer is a 503 within the deadline, not a wait for Redis', async () => {
    const [a] = c.nodes;
    const { key } = await c.key(100);
    const made = await call(a, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle: 'octo-sched' }, every: '1h', watch: ['user.followers'] },
    });
    expect(made.status, made.text).toBe(201);
    const id: string = made.body.monitor.id;
    const svc = monitorService(a.deps)!;
    const row = (await svc.store.get(id))!;
    redis.freeze();
    try {
      const t = performance.now();
      const outcome = await Promise.race([
        Promise.resolve(svc.scheduler.changed(id, { ...row, interval_ms: 7_200_000, every: '2h' })).then(
          () => 'answered',
          (e: unknown) => e,
        ),
        new Promise((r) => setTimeout(r, WITHIN_MS + 2_000, 'still waiting for Redis')),
      ]);
      const ms = performance.now() - t;
      expect(outcome).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(ms).toBeLessThan(WITHIN_MS);
    } finally {
      redis.thaw();
    }
    // Redis back: the write queued behind the freeze has run, and the scheduler works again.
    await waitFor(async () => (await bull.getJobScheduler(id))?.every === 7_200_000, 5_000);
    await svc.scheduler.changed(id, row);
    expect((await bull.getJobScheduler(id))?.every).toBe(3_600_000);
  });

  it('a scheduler whose monitor does not exist removes itself at its first fire', async () => {
    const svc = monitorService(c.nodes[0].deps)!;
    // What a create answered 503 leaves when Redis runs its scheduler write late: a scheduler, no monitor.
    const ghost = {
      ...aMonitor('mon_ghost', 'key_ghost'),
      status: 'active',
      interval_ms: 1_000,
      every: '1s',
      next_run_at: Date.now() + 60_000,
    };
    await svc.scheduler.changed(ghost.id, ghost as MonitorRow);
    expect(await bull.getJobScheduler(ghost.id)).toBeDefined();
    // Its first fire (1 s on) finds no monitor and removes the scheduler.
    await waitFor(async () => (await bull.getJobScheduler(ghost.id)) === undefined, 5_000);
    expect(await svc.store.get(ghost.id)).toBeUndefined();
  });

  it('a run Redis froze before it was recorded gives its lease back once Redis answers: run again soon, charged once', async () => {
    const [a, b] = c.nodes;
    const { key, id: keyId } = await c.key(100);
    const made = await call(a, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle: 'octo-blip' }, every: '1h', watch: ['user.followers'] },
    });
    expect(made.status, made.text).toBe(201);
    const id: string = made.body.monitor.id;
    // The first run is on its way (its answer 1.5 s off): Redis freezes for 2.5 s, so neither its
    // settlement nor its failure can be recorded; its settlement runs late, once Redis thaws.
    await waitFor(() => blipReads === 1, 5_000);
    redis.freeze();
    await new Promise((r) => setTimeout(r, 2_500));
    redis.thaw();
    const thawed = Date.now();
    // Before, the run's lease held the monitor for LEASE_MS (10 min): no run recorded till then.
    await waitFor(async () => (await monitorOf(b, key, id)).runs >= 1, 15_000);
    expect(Date.now() - thawed).toBeLessThan(12_000);
    const m = await monitorOf(b, key, id);
    expect(m).toMatchObject({ runs: 1, credits_charged: 1 });
    expect(m.last_run).toMatchObject({ result: 'ok', credits_charged: 1 });
    // Taken over: read again, charged once (the late settlement and the takeover's are one charge).
    expect(blipReads).toBe(2);
    await waitFor(async () => (await a.deps.ledger.balance(keyId)) === 99, 5_000);
  });
});
