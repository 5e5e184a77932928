/**
 * The embedded worker pool (without REDIS_URL): runs the items of every unfinished job in this
 * process, at most JOBS_CONCURRENCY at once (all jobs together, round robin) and
 * JOBS_CONCURRENCY_PER_JOB per job, so a big job leaves room for single requests and for other jobs.
 *
 * Each item is its operation's single REST request (item.ts). Two things are this runner's:
 *
 *  - the job's cap: a reservation the job's `max_credits` left (minus what items in flight
 *    hold) cannot cover is not made; the item is not run and the job ends `stopped_at_cap`.
 *    A reservation the balance cannot cover ends it `stopped_no_credits`.
 *  - the settlement is deferred to here, where it is committed in one transaction with the
 *    item's result (Ledger.settleRecorded; src/jobs/store.ts explains why that makes a kill -9
 *    at any moment safe).
 */
import { EventEmitter } from 'node:events';
import type { Reservation } from '../credits/ledger.js';
import { ApiError } from '../errors.js';
import type { Deps } from '../pipeline/context.js';
import type { RestRoute } from '../rest/routes.js';
import { jobUpstream } from './hosts.js';
import { runJobItem } from './item.js';
import { createPacer } from './pace.js';
import type { PendingOutcome, ReserveGate } from './item.js';
import type { ItemRow, JobRow, JobStatus, SqliteJobStore } from './store.js';
import { FINAL, embeddedJobStore } from './store.js';
import type { JobRunner } from './service.js';
import { createWebhookSender, jobOutbox } from './webhook.js';

/** Items read from the store per refill of a job's queue. */
const BATCH = 256;
/** A store that answered 503 for an item: tries before the item is recorded as failed. */
const UNAVAILABLE_TRIES = 3;
const HOUR_MS = 3_600_000;

interface Active {
  id: string;
  keyId: string;
  route: RestRoute;
  cacheMaxAge: string | null;
  maxCredits: number | null;
  /** Charged so far (the job's credits_charged) and held by items in flight. */
  charged: number;
  reserved: number;
  queue: ItemRow[];
  /** Highest index read into the queue. */
  cursor: number;
  exhausted: boolean;
  inFlight: number;
  stop: Exclude<JobStatus, 'queued' | 'running' | 'completed'> | null;
  unavailable: Map<number, number>;
  abort: AbortController;
  /** For the ETA: when this process started running it, and items done since. */
  startedMs: number;
  doneHere: number;
}

class NotSettled extends Error {}

export function createJobRunner(deps: Deps, store: SqliteJobStore, routes: ReadonlyMap<string, RestRoute>): JobRunner {
  const cfg = deps.config.jobs;
  const active = new Map<string, Active>();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const running = new Set<Promise<void>>();
  let inUse = 0;
  let closed = false;
  const webhooks = createWebhookSender(deps, jobOutbox(embeddedJobStore(store)), () => closed);
  // JOBS_CONCURRENCY at most, fewer while the event loop is busy (pace.ts).
  const pacer = createPacer(cfg.concurrency, () => pump());
  // Job items come second at each upstream host (hosts.ts).
  const itemEnv = { upstream: jobUpstream(deps) };

  const notify = (id: string) => events.emit(id);

  function activate(row: JobRow): void {
    if (closed || active.has(row.id) || FINAL.has(row.status)) return;
    const route = routes.get(row.operation);
    if (!route) {
      // An operation removed since the job was created: nothing of it can run.
      deps.logger.warn({ job: row.id, operation: row.operation }, 'job operation no longer exists; cancelling the job');
      store.finish(row.id, 'cancelled');
      return;
    }
    if (row.status === 'queued') store.setStatus(row.id, 'running');
    active.set(row.id, {
      id: row.id,
      keyId: row.key_id,
      route,
      cacheMaxAge: row.cache_max_age,
      maxCredits: row.max_credits,
      charged: row.credits_charged,
      reserved: 0,
      queue: [],
      cursor: -1,
      exhausted: false,
      inFlight: 0,
      stop: null,
      unavailable: new Map(),
      abort: new AbortController(),
      startedMs: Date.now(),
      doneHere: 0,
    });
    notify(row.id);
    pump();
  }

  let rr = 0;
  /** The next job (round robin) with room for one more item and an item to run. */
  function nextJob(): Active | undefined {
    const jobs = [...active.values()];
    for (let n = 0; n < jobs.length; n++) {
      const job = jobs[(rr + n) % jobs.length];
      if (job.stop || job.inFlight >= cfg.concurrencyPerJob) continue;
      if (job.queue.length === 0 && !job.exhausted) {
        const rows = store.pending(job.id, job.cursor, BATCH);
        if (rows.length < BATCH) job.exhausted = true;
        if (rows.length) job.cursor = rows[rows.length - 1].idx;
        job.queue.push(...rows);
      }
      if (job.queue.length) {
        rr = (rr + n + 1) % jobs.length;
        return job;
      }
    }
    return undefined;
  }

  function pump(): void {
    pacer.setActive(active.size > 0);
    while (!closed && inUse < pacer.limit()) {
      const job = nextJob();
      if (!job) break;
      const item = job.queue.shift()!;
      inUse++;
      job.inFlight++;
      // Each item starts in a turn of its own: requests that arrived meanwhile are read first.
      const p: Promise<void> = new Promise<void>((r) => setImmediate(r))
        .then(() => runItem(job, item))
        .catch((err) => deps.logger.error({ err, job: job.id, index: item.idx }, 'job item failed unexpectedly'))
        .finally(() => {
          inUse--;
          job.inFlight--;
          running.delete(p);
          if (!closed) {
            maybeFinish(job);
            pump();
          }
        });
      running.add(p);
    }
    if (!closed) for (const job of active.values()) maybeFinish(job);
    pacer.setActive(active.size > 0);
  }

  function maybeFinish(job: Active): void {
    if (job.inFlight > 0 || !active.has(job.id)) return;
    if (!job.stop && (job.queue.length || !job.exhausted)) return;
    if (!job.stop && store.firstPending(job.id)) {
      // An item put back after the queue was read to its end: read it again.
      job.cursor = -1;
      job.exhausted = false;
      return;
    }
    active.delete(job.id);
    store.finish(job.id, job.stop ?? 'completed');
    deps.logger.info({ job: job.id, status: job.stop ?? 'completed' }, 'job finished');
    notify(job.id);
    webhooks.deliverDue();
  }

  /** The job's cap on an item's reservation: what max_credits leaves, minus what items in flight hold. */
  function gate(job: Active): ReserveGate {
    return async (amount, meta) => {
      const left = job.maxCredits === null ? Infinity : job.maxCredits - job.charged - job.reserved;
      if (amount > left) return 'cap';
      job.reserved += amount;
      const r = await deps.ledger.reserve(job.keyId, amount, meta).catch((e: unknown) => {
        job.reserved -= amount;
        throw e;
      });
      if (!r) {
        job.reserved -= amount;
        return 'no_credits';
      }
      return r;
    };
  }

  async function runItem(job: Active, item: ItemRow): Promise<void> {
    const run = await runJobItem(
      deps,
      { id: job.id, keyId: job.keyId, route: job.route, cacheMaxAge: job.cacheMaxAge },
      item,
      gate(job),
      job.abort.signal,
      itemEnv,
    );
    if (run.kind === 'refused') {
      // Not run; the item stays pending for a resume.
      if (run.why !== 'stopped') job.stop ??= run.why === 'cap' ? 'stopped_at_cap' : 'stopped_no_credits';
      return;
    }
    const state = { reservation: run.reservation, actual: run.actual };
    if (run.error?.code === 'SERVICE_UNAVAILABLE') {
      const tries = (job.unavailable.get(item.idx) ?? 0) + 1;
      job.unavailable.set(item.idx, tries);
      // Shutting down, or the store away for a moment: the item runs again (after a restart).
      if (closed || deps.shutdown.aborted || tries < UNAVAILABLE_TRIES) {
        await release(state);
        if (!closed && !deps.shutdown.aborted) job.queue.unshift(item);
        return;
      }
    }
    // Cancelled while it ran: its aborted fetch is not a result.
    if (run.error && job.stop === 'cancelled' && job.abort.signal.aborted) {
      await release(state);
      return;
    }
    return commit(job, item, state, run.outcome);
  }

  /** Refunds what an item reserved and did not record. */
  async function release(state: { reservation: Reservation | null }): Promise<void> {
    if (state.reservation) await deps.ledger.settle(state.reservation, 0).catch(() => undefined);
  }

  /**
   * The item's result and its charge, in one transaction with the ledger's settlement when it
   * reserved credits. Its reservation already refunded (shutdown) or the store closed: nothing
   * is recorded and the item runs again.
   */
  async function commit(
    job: Active,
    item: ItemRow,
    state: { reservation: Reservation | null; actual: number },
    p: PendingOutcome,
  ): Promise<void> {
    const db = deps.db!;
    if (!db.open) return;
    let charged = 0;
    try {
      if (state.reservation) {
        const r = state.reservation;
        charged = Math.max(0, Math.min(state.actual, r.amount));
        try {
          await deps.ledger.settleRecorded!(r, charged, (o) => {
            if (!o.settled) throw new NotSettled('reservation refunded before the item was recorded');
            if (!store.recordIn(job.id, item.idx, { ...p, charged: o.charged, body: p.body(o.balance, o.charged) }))
              throw new NotSettled('item recorded already');
            charged = o.charged;
          });
        } finally {
          job.reserved -= r.amount;
        }
      } else {
        const balance = await deps.ledger.balance(job.keyId);
        if (!db.open) return;
        store.record(job.id, item.idx, { ...p, charged: 0, body: p.body(balance, 0) });
      }
    } catch (e) {
      if (e instanceof NotSettled || !db.open) {
        await release(state);
        return;
      }
      throw e;
    }
    job.charged += charged;
    job.doneHere++;
    notify(job.id);
  }

  function cancel(id: string): void {
    const job = active.get(id);
    store.setStatus(id, 'cancelled');
    if (job) {
      job.stop = 'cancelled';
      job.queue = [];
      job.abort.abort(new ApiError('SERVICE_UNAVAILABLE', 'job cancelled'));
      maybeFinish(job);
    } else {
      store.finish(id, 'cancelled');
      webhooks.deliverDue();
    }
    notify(id);
  }

  // Start: what a previous process left unfinished runs again (it held DATA_DIR's lock, so no
  // other process runs these items); a job it died writing (never answered 202) is deleted;
  // webhooks not yet delivered are sent; old jobs are purged.
  const dropped = store.dropUnfinishedCreations();
  if (dropped) deps.logger.warn({ jobs: dropped }, 'deleted jobs a previous process died creating (their clients got no 202)');
  const purge = () => {
    if (closed || !deps.db?.open) return;
    const n = store.purge(cfg.retentionMs);
    if (n) deps.logger.info({ purged: n }, 'purged finished jobs past JOBS_RETENTION_DAYS');
  };
  purge();
  const purgeTimer = setInterval(purge, HOUR_MS);
  purgeTimer.unref();
  for (const row of store.unfinished()) activate(row);
  webhooks.deliverDue();

  return {
    events,
    activate,
    cancel,
    /** Progress this process measures: items per second since it started running the job. */
    rateOf(row: JobRow): number | null {
      const job = active.get(row.id);
      if (!job || job.doneHere === 0) return null;
      return job.doneHere / Math.max(0.001, (Date.now() - job.startedMs) / 1000);
    },
    isActive: (id: string) => active.has(id),
    async close(): Promise<void> {
      closed = true;
      pacer.close();
      events.emit('close');
      clearInterval(purgeTimer);
      webhooks.close();
      await Promise.all([...running]);
    },
  };
}
