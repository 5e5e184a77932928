/**
 * Monitors with REDIS_URL: kept in Redis (redis-store.ts) and scheduled by BullMQ job schedulers,
 * so any instance runs any monitor and every instance answers for every monitor.
 *
 * Each active monitor has a job scheduler (named by its id, `every` its interval) on one BullMQ
 * queue; every instance runs a Worker on it (MONITORS_CONCURRENCY runs at once). BullMQ hands each
 * iteration to one worker, waiting in Redis meanwhile (blocking reads: no polling by this
 * process). A fire is only a prompt: the run happens when the store's claim says so (store.ts) —
 * the claim is what makes each due run happen once across instances and restarts and never
 * overlap the previous run of the monitor; a fire that finds it not due (a duplicate, a catch-up
 * iteration after downtime) or held (a run in progress) does nothing. After its run a worker
 * claims again, so a run that came due meanwhile (the previous one outlasted the interval, or one
 * taken over from an instance that died) is made at once, once.
 *
 * Charges: settled once per run number by the ledger (Ledger.settleOnce, scope the monitor): a run
 * taken over after its instance died is charged once, whichever instance settles first.
 */
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queue, Worker } from 'bullmq';
import type { Deps } from '../pipeline/context.js';
import type { RestRoute } from '../rest/routes.js';
import type { RedisStore } from '../store/redis.js';
import { storeDeadline, storeUnavailable } from '../store/redis.js';
import { bullConnection } from '../jobs/bull-connection.js';
import { jobUpstream } from '../jobs/hosts.js';
import { createStreamSlots } from '../jobs/streams.js';
import { createWebhookSender } from '../jobs/webhook.js';
import { monitorClock } from './clock.js';
import { createRedisMonitorStore } from './redis-store.js';
import { createMonitorRun, runManually, runsInProgress } from './run.js';
import type { RunBooks, RunResult } from './run.js';
import type { MonitorService } from './service.js';
import type { MonitorRow } from './store.js';
import { LEASE_MS } from './store.js';

const BULL_PREFIX = 'cl:bull';
const QUEUE = 'monitors';
/** With REDIS_URL, how often a subscription looks at the store (other instances run monitors too). */
const POLL_MS = 500;
const WEBHOOK_SWEEP_MS = 5_000;
const HOUR_MS = 3_600_000;
const CLOSE_WAIT_MS = 5_000;
/** How long a run's charge is remembered by its number: beyond any takeover of it. */
const ONCE_KEEP_MS = 3 * LEASE_MS;

const requireHere = createRequire(import.meta.url);

/** Where a monitor's delete is told to every instance (its id): each cancels a run of it it is making. */
export const DELETED_CHANNEL = 'cl:{mon}:deleted';

/**
 * A monitor's delete across instances: `tell` cancels its run here (`cancel`) and publishes its id
 * (DELETED_CHANNEL); every instance hears the deletes made on any (Redis pub/sub on a connection of
 * its own, subscribed again by the client after a reconnect) and cancels its own run of it. Should
 * the word not arrive (Redis away that moment), the run's record and charge are still refused
 * (`books` in createRedisMonitorService).
 */
function deletesAcross(redis: RedisStore, cancel: (id: string) => void, report: (err: unknown, msg: string) => void) {
  const { client } = redis.duplicate();
  const subscribe = () =>
    void client.subscribe(DELETED_CHANNEL, (id) => cancel(id)).catch((err: unknown) => report(err, 'monitors: hearing deletes failed'));
  if (client.isReady) subscribe();
  else client.once('ready', subscribe);
  return {
    async tell(id: string): Promise<void> {
      cancel(id);
      await redis.command(['PUBLISH', DELETED_CHANNEL, id]).catch((err: unknown) => report(err, 'monitors: telling a delete failed'));
    },
    close: () => void client.destroy(),
  };
}

/** A run's charge is settled once by its run number (Ledger.settleOnce): a takeover, or a delete's settlement at 0, share it. */
const runOnce = (id: string, runNo: number) => ({ scope: `monitor:${id}`, id: String(runNo), keepMs: ONCE_KEEP_MS });

/** How often, and how long at most, a delete looks for the record of a run that settled before it (settleDeleted). */
const RECORD_LOOK_MS = 25;
const RECORD_WAIT_MS = 5_000;

/**
 * A delete of a monitor with a run in progress (`row`: marked deleting, so no run of it starts
 * any more), before it is removed. A run's charge (the ledger) and its record (the monitor's row)
 * are two stores, so the charge is decided by the ledger, once by run number: the delete settles
 * the run's charge at 0 first (`settleOnce` with no reservation), and the run's own settlement
 * after it refunds its reservation in full — a run deleted before it settled is charged nothing
 * (its record finds no monitor). A run that settled first is charged and about to be recorded
 * (its record follows its settlement): the delete waits for that record (at most RECORD_WAIT_MS,
 * should its instance have died in between), so the run is charged and recorded, then deleted.
 * Before, the run looked for its monitor, then settled: a delete in between left it charged and
 * unrecorded, answered 404 "0 credits".
 */
async function settleDeleted(deps: Deps, get: (id: string) => Promise<MonitorRow | undefined>, row: MonitorRow): Promise<void> {
  if (row.lease_until === null) return;
  const o = await deps.ledger.settleOnce!(row.key_id, null, 0, runOnce(row.id, row.run_no));
  if (o.state !== 'duplicate') return;
  for (let waited = 0; waited < RECORD_WAIT_MS; waited += RECORD_LOOK_MS) {
    const now = await get(row.id);
    if (!now || now.run_no !== row.run_no || now.lease_until === null || now.lease_until < Date.now()) return;
    await sleep(RECORD_LOOK_MS);
  }
}

/**
 * A run that could not be recorded (run.ts failedRun threw: Redis away) holds its monitor until
 * its lease lapses (LEASE_MS, 10 min: a monitor every minute missed ten runs after a short Redis
 * pause). Its lease is given back (`giveBack`) as soon as Redis answers — tried after 1 s, then
 * twice as long each time, at most 30 s apart, for as long as the lease lasts. True once given
 * back: the caller fires the monitor, whose claim takes the run over (the same run number, so a
 * charge a late settlement made is not made twice).
 */
async function givenBack(row: MonitorRow, giveBack: () => Promise<boolean>, closed: () => boolean): Promise<boolean> {
  for (let wait = 1_000; Date.now() < (row.lease_until ?? 0); wait = Math.min(2 * wait, 30_000)) {
    await sleep(wait, undefined, { ref: false });
    if (closed()) return false;
    const back = await giveBack().catch(() => undefined);
    if (back !== undefined) return back;
  }
  return false;
}

/**
 * The monitors' BullMQ queue, on BullMQ's connection (src/jobs/bull-connection.ts: commands wait
 * for Redis rather than fail), and `schedule`, which makes a monitor's job scheduler follow it:
 * one while it is active (every its interval), none otherwise. A monitor's route must not wait
 * for Redis as BullMQ does: the scheduler write has the store's own deadline
 * (REDIS_COMMAND_TIMEOUT_MS), past which it fails as the store does (503). The write may still run
 * when Redis is back — a create's monitor is removed by then (createMonitor), and a scheduler
 * without a monitor removes itself at its first fire (`fired`).
 */
function schedulerQueue(bull: typeof import('bullmq'), url: string, timeoutMs: number, report: (err: unknown, msg: string) => void) {
  const connection = bullConnection(url);
  connection.on('error', (err) => report(err, 'monitors: BullMQ connection error'));
  const queue: Queue = new bull.Queue(QUEUE, {
    connection,
    prefix: BULL_PREFIX,
    streams: { events: { maxLen: 100 } },
    defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
  });
  queue.on('error', (err) => report(err, 'monitors: BullMQ queue error'));
  const scheduling = storeDeadline(timeoutMs);
  async function schedule(id: string, row: MonitorRow | undefined): Promise<void> {
    const write: () => Promise<unknown> =
      row?.status === 'active'
        ? () => queue.upsertJobScheduler(id, { every: row.interval_ms }, { name: 'run', data: { id } })
        : () => queue.removeJobScheduler(id);
    try {
      await scheduling(write);
    } catch (err) {
      throw storeUnavailable(err);
    }
  }
  return { connection, queue, schedule };
}

export function createRedisMonitorService(deps: Deps, redis: RedisStore, routes: ReadonlyMap<string, RestRoute>): MonitorService {
  const bull = requireHere('bullmq') as typeof import('bullmq');
  const cfg = deps.config.monitors;
  const r = createRedisMonitorStore(redis, { beforeDelete: (row) => settleDeleted(deps, (id) => r.store.get(id), row) });
  const store = r.store;
  const clock = monitorClock();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const closing = new AbortController();
  let closed = false;
  const webhooks = createWebhookSender(deps, store.outbox, () => closed);
  const env = { upstream: jobUpstream(deps) };
  let lastError = 0;
  const report = (err: unknown, msg: string) => {
    if (closed || Date.now() - lastError < 5_000) return;
    lastError = Date.now();
    deps.logger.warn({ err }, msg);
  };

  const books: RunBooks = {
    async settleAndRecord(m, reservation, actual, make) {
      // A run deleted before it settled finds its charge settled at 0 already (settleDeleted):
      // its reservation is refunded in full, and its record finds no monitor.
      const o = await deps.ledger.settleOnce!(m.key_id, reservation, actual, runOnce(m.id, m.run_no));
      // Refunded as abandoned before it settled: nothing charged, nothing recorded; the run is made again.
      if (o.state === 'lost') return undefined;
      return store.record(m.id, make(o.charged));
    },
  };
  const runMonitor = createMonitorRun(deps, routes, books);

  const inProgress = runsInProgress(closing.signal);
  // A delete made on any instance cancels the run of it this one is making (run.ts runsInProgress).
  const deletes = deletesAcross(redis, (id) => inProgress.cancel(id), report);

  async function run(row: MonitorRow, manual: boolean): Promise<RunResult> {
    const res = await inProgress
      .around(row.id, (signal) => runMonitor(row, { manual, signal, env }))
      .catch((err: unknown) => {
        // Not even its failure could be recorded (Redis away): its lease would hold the monitor.
        void givenBack(
          row,
          () => r.giveBack(row.id, row.run_no),
          () => closed,
        ).then((back) => {
          if (back) void fired(row.id).catch((e: unknown) => report(e, 'monitors: a run failed'));
        });
        throw err;
      });
    if (res.kind === 'recorded' && !closed) {
      const dropped = await r.trim(row.id, row.key_id, cfg.keyQuotaBytes, res.row.last_run_at ?? undefined).catch(() => 0);
      if (dropped)
        deps.logger.info({ monitor: row.id, dropped }, "monitor history trimmed: the key's monitors are over MONITORS_KEY_QUOTA_MB");
      events.emit(row.id, res.row);
      webhooks.deliver(row.id);
      if (res.row.status !== 'active')
        await schedule(res.row.id, res.row).catch((err: unknown) => report(err, 'monitors: unscheduling failed'));
    }
    return res;
  }

  const { connection, queue, schedule } = schedulerQueue(bull, deps.config.redisUrl!, redis.commandTimeoutMs, report);

  /** A fire of a monitor's scheduler: its due runs, claimed one at a time until none is due. */
  async function fired(id: string): Promise<void> {
    for (;;) {
      if (closed) return;
      const c = await store.claim(id, clock.now(), false);
      // No such monitor: its scheduler was written late (a create answered 503 whose monitor was
      // removed, its upsert run when Redis came back) — removed rather than fired for ever.
      if (c.kind === 'gone')
        return void (await schedule(id, undefined).catch((err: unknown) => report(err, 'monitors: unscheduling failed')));
      if (c.kind !== 'claimed') return;
      const res = await run(c.row, false);
      if (res.kind === 'aborted') return;
    }
  }

  const worker: Worker = new bull.Worker(QUEUE, (job) => fired((job.data as { id: string }).id), {
    connection,
    prefix: BULL_PREFIX,
    concurrency: cfg.concurrency,
  });
  worker.on('error', (err) => report(err, 'monitors: BullMQ worker error'));

  const hookSweep = setInterval(() => webhooks.deliverDue(), WEBHOOK_SWEEP_MS);
  hookSweep.unref();
  const purge = () =>
    void store.purge(cfg.retentionMs).then(
      (n) => void (n && deps.logger.info({ purged: n }, 'purged monitor history past MONITORS_RETENTION_DAYS')),
      (err: unknown) => report(err, 'monitors: purge failed'),
    );
  const purgeTimer = setInterval(purge, HOUR_MS);
  purgeTimer.unref();
  purge();
  webhooks.deliverDue();

  return {
    store,
    routes,
    clock,
    events,
    pollMs: POLL_MS,
    streams: createStreamSlots(deps.config.jobs.maxStreamsPerKey, 'monitor subscriptions'),
    scheduler: {
      async changed(id, row) {
        await schedule(id, row);
        // Due now (just made, or resumed): run it here rather than wait for the first fire.
        if (row?.status === 'active' && row.next_run_at <= clock.now())
          void fired(id).catch((err: unknown) => report(err, 'monitors: a run failed'));
      },
      close: async () => undefined,
    },
    runNow: (id) => runManually(store, clock.now(), id, run),
    // Here and on every other instance: a run of it anywhere is left (neither cached nor charged).
    cancelRun: (id) => deletes.tell(id),
    async close() {
      closed = true;
      closing.abort();
      deletes.close();
      events.emit('close');
      clearInterval(hookSweep);
      clearInterval(purgeTimer);
      webhooks.close();
      // Runs in flight finish (aborted: their leases stay, another instance takes them over); a
      // Redis that does not answer does not hold the shutdown.
      const graceful = Promise.all([worker.close(), queue.close()]).catch(() => undefined);
      if ((await Promise.race([graceful, sleep(CLOSE_WAIT_MS, 'timeout', { ref: false })])) === 'timeout') {
        void worker.disconnect().catch(() => undefined);
        connection.disconnect();
      } else {
        await Promise.race([connection.quit().catch(() => undefined), sleep(1_000, undefined, { ref: false })]);
        connection.disconnect();
      }
      r.close();
    },
  };
}
