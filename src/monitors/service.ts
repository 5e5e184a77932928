/**
 * The monitor service of each app's deps (made by the module's start, index.ts): the store, the
 * scheduler and the run, behind one interface the REST routes, GraphQL resolvers and CLI-facing
 * routes use. Embedded (SQLite store, timer scheduler: scheduler.ts) by default; with REDIS_URL
 * the Redis store and BullMQ job schedulers (redis-store.ts, queue.ts).
 */
import { EventEmitter } from 'node:events';
import type { Deps } from '../pipeline/context.js';
import type { RestRoute } from '../rest/routes.js';
import { jobUpstream } from '../jobs/hosts.js';
import { createWebhookSender } from '../jobs/webhook.js';
import { createStreamSlots } from '../jobs/streams.js';
import type { StreamSlots } from '../jobs/streams.js';
import { monitorClock } from './clock.js';
import type { Clock } from './clock.js';
import { createMonitorRun, runManually, runsInProgress } from './run.js';
import type { RunBooks, RunResult } from './run.js';
import { createEmbeddedScheduler } from './scheduler.js';
import type { MonitorScheduler } from './scheduler.js';
import { createSqliteMonitorStore } from './store.js';
import type { MonitorRow, MonitorStore } from './store.js';

export interface MonitorService {
  store: MonitorStore;
  routes: ReadonlyMap<string, RestRoute>;
  scheduler: MonitorScheduler;
  clock: Clock;
  /** Emits a monitor's id (with its row) each time a run of it is recorded by this process; 'close' when the service stops. */
  events: EventEmitter;
  /**
   * Other processes run monitors too (REDIS_URL): how often a subscription looks at the store
   * besides this process's own events (ms; 0: never).
   */
  pollMs: number;
  /** Open subscriptions per key on this instance (JOBS_MAX_STREAMS_PER_KEY, shared with job streams' limit). */
  streams: StreamSlots;
  /** POST …/run: a run now, unless one of the monitor is in progress ('busy') or it is gone. */
  runNow(id: string): Promise<RunResult | 'busy' | 'gone'>;
  /**
   * The monitor is deleted: a run of it this process is making is cancelled (run.ts
   * runsInProgress), and with REDIS_URL one any other instance is making (queue.ts).
   */
  cancelRun(id: string): void | Promise<void>;
  close(): Promise<void>;
}

const HOUR_MS = 3_600_000;

export const services = new WeakMap<Deps, MonitorService & { apps: number }>();

/** The monitors of the app these deps serve (undefined: monitors cannot run with this ledger). */
export function monitorService(deps: Deps): MonitorService | undefined {
  return services.get(deps);
}

class NotSettled extends Error {}

/** Without REDIS_URL: the SQLite store under DATA_DIR, the timer scheduler, a run's charge and record in one transaction. */
export function createEmbeddedMonitorService(deps: Deps, routes: ReadonlyMap<string, RestRoute>): MonitorService {
  const db = deps.db!;
  const sqlite = createSqliteMonitorStore(db);
  const store = sqlite.store;
  const cfg = deps.config.monitors;
  const clock = monitorClock();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const closing = new AbortController();
  let closed = false;
  const webhooks = createWebhookSender(deps, store.outbox, () => closed);
  // Runs come second at each upstream host, as job items do (src/jobs/hosts.ts).
  const env = { upstream: jobUpstream(deps) };

  const books: RunBooks = {
    async settleAndRecord(m, reservation, actual, make) {
      if (!reservation) return store.record(m.id, make(0));
      let after: MonitorRow | undefined;
      try {
        await deps.ledger.settleRecorded!(reservation, Math.max(0, Math.min(actual, reservation.amount)), (o) => {
          if (!o.settled) throw new NotSettled('reservation refunded before the run was recorded');
          after = sqlite.recordIn(m.id, make(o.charged));
          if (!after) throw new NotSettled('the run no longer holds the monitor');
        });
      } catch (e) {
        if (!(e instanceof NotSettled) && db.open) throw e;
        await deps.ledger.settle(reservation, 0).catch(() => undefined);
        return undefined;
      }
      return after;
    },
  };
  const runMonitor = createMonitorRun(deps, routes, books);
  const inProgress = runsInProgress(closing.signal);

  async function run(row: MonitorRow, manual: boolean): Promise<RunResult> {
    const r = await inProgress.around(row.id, (signal) => runMonitor(row, { manual, signal, env }));
    if (r.kind === 'recorded' && !closed) {
      const dropped = sqlite.trim(row.id, row.key_id, cfg.keyQuotaBytes, r.row.last_run_at ?? undefined);
      if (dropped)
        deps.logger.info({ monitor: row.id, dropped }, "monitor history trimmed: the key's monitors are over MONITORS_KEY_QUOTA_MB");
      events.emit(row.id, r.row);
      webhooks.deliver(row.id);
    }
    return r;
  }

  const scheduler = createEmbeddedScheduler(deps, sqlite, (row) => run(row, false), clock);
  const purge = () => {
    if (closed || !db.open) return;
    void store.purge(cfg.retentionMs).then((n) => {
      if (n) deps.logger.info({ purged: n }, 'purged monitor history past MONITORS_RETENTION_DAYS');
    });
  };
  purge();
  const purgeTimer = setInterval(purge, HOUR_MS);
  purgeTimer.unref();
  webhooks.deliverDue();

  return {
    store,
    routes,
    scheduler,
    clock,
    events,
    pollMs: 0,
    streams: createStreamSlots(deps.config.jobs.maxStreamsPerKey, 'monitor subscriptions'),
    runNow: (id) => runManually(store, clock.now(), id, run),
    cancelRun: (id) => inProgress.cancel(id),
    async close() {
      closed = true;
      clearInterval(purgeTimer);
      webhooks.close();
      closing.abort();
      events.emit('close');
      await scheduler.close();
    },
  };
}
