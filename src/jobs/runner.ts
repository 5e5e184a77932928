/**
 * The embedded worker pool (without REDIS_URL): runs the items of every unfinished job in this
 * process, at most JOBS_CONCURRENCY at once (all jobs together) and JOBS_CONCURRENCY_PER_JOB per
 * job, so a big job leaves room for single requests and for other jobs.
 *
 * Fair between keys (keyShare): one key's items hold at most half of the slots (rounded up), so
 * another key's job always finds slots free and starts at once — however long the first key's
 * items take (items on servers that never answer each hold a slot until their timeout) — and a
 * slot that frees goes to the key with the fewest items running (round robin over jobs among
 * equals).
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
import { failure, runJobItem } from './item.js';
import { createPacer, keyShare } from './pace.js';
import type { ItemEnv, PendingOutcome, ReserveGate } from './item.js';
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

/** What one pool's functions share. */
interface Pool {
  deps: Deps;
  store: SqliteJobStore;
  routes: ReadonlyMap<string, RestRoute>;
  /** The jobs this process runs, by id. */
  active: Map<string, Active>;
  /** Round robin: where the next look for an item starts. */
  rr: number;
  /** Items in flight per key (keys with none are not listed). */
  keyInFlight: Map<string, number>;
  /** Job items come second at each upstream host (hosts.ts). */
  itemEnv: ItemEnv;
  webhooks: ReturnType<typeof createWebhookSender>;
  closed: boolean;
  /** Wakes whoever follows the job (its events). */
  notify(id: string): void;
  /** Starts items while there is room (the pool's own, below). */
  pump(): void;
}

function activate(p: Pool, given: JobRow): void {
  const { store } = p;
  if (p.closed || p.active.has(given.id)) return;
  // The job as stored now: the row a caller holds may be older than a cancel (a job a GraphQL
  // operation created before its other jobs were written, cancelled meanwhile, ran on).
  const row = store.get(given.id);
  if (!row || FINAL.has(row.status)) return;
  const route = p.routes.get(row.operation);
  if (!route) {
    // An operation removed since the job was created: nothing of it can run.
    p.deps.logger.warn({ job: row.id, operation: row.operation }, 'job operation no longer exists; cancelling the job');
    store.finish(row.id, 'cancelled');
    return;
  }
  if (row.status === 'queued') store.setStatus(row.id, 'running');
  p.active.set(row.id, {
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
  p.notify(row.id);
  p.pump();
}

/**
 * The next job with room for one more item (its own, and its key's `perKey`) and an item to run:
 * of its key's, the fewest items in flight; among equals, round robin.
 */
function nextJob(p: Pool, perKey: number): Active | undefined {
  const jobs = [...p.active.values()];
  let best: Active | undefined;
  let bestN = 0;
  let bestLoad = perKey;
  for (let n = 0; n < jobs.length && bestLoad > 0; n++) {
    const job = jobs[(p.rr + n) % jobs.length];
    const load = p.keyInFlight.get(job.keyId) ?? 0;
    if (job.stop || job.inFlight >= p.deps.config.jobs.concurrencyPerJob || load >= bestLoad) continue;
    if (job.queue.length === 0 && !job.exhausted) {
      const rows = p.store.pending(job.id, job.cursor, BATCH);
      if (rows.length < BATCH) job.exhausted = true;
      if (rows.length) job.cursor = rows[rows.length - 1].idx;
      job.queue.push(...rows);
    }
    if (job.queue.length) {
      best = job;
      bestN = n;
      bestLoad = load;
    }
  }
  if (best) p.rr = (p.rr + bestN + 1) % jobs.length;
  return best;
}

function maybeFinish(p: Pool, job: Active): void {
  if (job.inFlight > 0 || !p.active.has(job.id)) return;
  if (!job.stop && (job.queue.length || !job.exhausted)) return;
  if (!job.stop && p.store.firstPending(job.id)) {
    // An item put back after the queue was read to its end: read it again.
    job.cursor = -1;
    job.exhausted = false;
    return;
  }
  p.active.delete(job.id);
  p.store.finish(job.id, job.stop ?? 'completed');
  p.deps.logger.info({ job: job.id, status: job.stop ?? 'completed' }, 'job finished');
  p.notify(job.id);
  p.webhooks.deliverDue();
}

function cancel(p: Pool, id: string): void {
  const job = p.active.get(id);
  p.store.setStatus(id, 'cancelled');
  if (job) {
    job.stop = 'cancelled';
    job.queue = [];
    job.abort.abort(new ApiError('SERVICE_UNAVAILABLE', 'job cancelled'));
    maybeFinish(p, job);
  } else {
    p.store.finish(id, 'cancelled');
    p.webhooks.deliverDue();
  }
  p.notify(id);
}

/** The job's cap on an item's reservation: what max_credits leaves, minus what items in flight hold. */
function gate(deps: Deps, job: Active): ReserveGate {
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

async function runItem(p: Pool, job: Active, item: ItemRow): Promise<void> {
  const { deps } = p;
  const run = await runJobItem(
    deps,
    { id: job.id, keyId: job.keyId, route: job.route, cacheMaxAge: job.cacheMaxAge },
    item,
    gate(deps, job),
    job.abort.signal,
    p.itemEnv,
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
    if (p.closed || deps.shutdown.aborted || tries < UNAVAILABLE_TRIES) {
      await release(deps, state);
      if (!p.closed && !deps.shutdown.aborted) job.queue.unshift(item);
      return;
    }
  }
  // Cancelled while it ran: its aborted fetch is not a result.
  if (run.error && job.stop === 'cancelled' && job.abort.signal.aborted) {
    await release(deps, state);
    return;
  }
  return commit(p, job, item, state, run.outcome);
}

/** Refunds what an item reserved and did not record. */
async function release(deps: Deps, state: { reservation: Reservation | null }): Promise<void> {
  if (state.reservation) await deps.ledger.settle(state.reservation, 0).catch(() => undefined);
}

/**
 * The item's result and its charge, in one transaction with the ledger's settlement when it
 * reserved credits. Its reservation already refunded (shutdown) or the store closed: nothing
 * is recorded and the item runs again.
 */
async function commit(
  p: Pool,
  job: Active,
  item: ItemRow,
  state: { reservation: Reservation | null; actual: number },
  out: PendingOutcome,
): Promise<void> {
  const { deps, store } = p;
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
          if (!store.recordIn(job.id, item.idx, { ...out, charged: o.charged, body: out.body(o.balance, o.charged) }))
            throw new NotSettled('item recorded already');
          charged = o.charged;
        });
      } finally {
        job.reserved -= r.amount;
      }
    } else {
      const balance = await deps.ledger.balance(job.keyId);
      if (!db.open) return;
      store.record(job.id, item.idx, { ...out, charged: 0, body: out.body(balance, 0) });
    }
  } catch (e) {
    if (e instanceof NotSettled || !db.open) {
      await release(deps, state);
      return;
    }
    return recordFailed(p, job, item, state, e);
  }
  job.charged += charged;
  job.doneHere++;
  p.notify(job.id);
}

/**
 * An item whose result could not be recorded (its settlement and record rolled back by `cause`):
 * recorded failed instead, 0 credits, its reservation refunded. Left pending it would run again at
 * once (the job reads pending items again before it finishes), fail again and again, and hold a
 * reservation each time. When not even the failure can be recorded, this process stops running
 * the job (it is resumed at the next start).
 */
async function recordFailed(
  p: Pool,
  job: Active,
  item: ItemRow,
  state: { reservation: Reservation | null },
  cause: unknown,
): Promise<void> {
  const { deps, store } = p;
  deps.logger.error({ err: cause, job: job.id, index: item.idx }, 'job item result could not be recorded; recorded as failed, not charged');
  await release(deps, state);
  const out = failure(new ApiError('INTERNAL', 'The result could not be recorded; nothing was charged.'));
  try {
    const balance = await deps.ledger.balance(job.keyId);
    if (!deps.db?.open) return;
    store.record(job.id, item.idx, { ...out, body: out.body(balance, 0) });
  } catch (err) {
    deps.logger.error({ err, job: job.id }, 'job items cannot be recorded; the job stops running in this process until a restart');
    job.queue = [];
    job.exhausted = true;
    p.active.delete(job.id);
    return;
  }
  job.doneHere++;
  p.notify(job.id);
}

export function createJobRunner(deps: Deps, store: SqliteJobStore, routes: ReadonlyMap<string, RestRoute>): JobRunner {
  const cfg = deps.config.jobs;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const running = new Set<Promise<void>>();
  let inUse = 0;
  // JOBS_CONCURRENCY at most, fewer while the event loop is busy (pace.ts).
  const pacer = createPacer(cfg.concurrency, () => pump());
  const p: Pool = {
    deps,
    store,
    routes,
    active: new Map(),
    rr: 0,
    keyInFlight: new Map(),
    itemEnv: { upstream: jobUpstream(deps) },
    webhooks: createWebhookSender(deps, jobOutbox(embeddedJobStore(store)), () => p.closed),
    closed: false,
    notify: (id) => events.emit(id),
    pump,
  };
  const { active } = p;

  function pump(): void {
    pacer.setActive(active.size > 0);
    while (!p.closed && inUse < pacer.limit()) {
      const job = nextJob(p, keyShare(pacer.limit()));
      if (!job) break;
      const item = job.queue.shift()!;
      inUse++;
      job.inFlight++;
      p.keyInFlight.set(job.keyId, (p.keyInFlight.get(job.keyId) ?? 0) + 1);
      // Each item starts in a turn of its own: requests that arrived meanwhile are read first.
      const run: Promise<void> = new Promise<void>((r) => setImmediate(r))
        .then(() => runItem(p, job, item))
        .catch((err) => deps.logger.error({ err, job: job.id, index: item.idx }, 'job item failed unexpectedly'))
        .finally(() => {
          inUse--;
          job.inFlight--;
          const left = p.keyInFlight.get(job.keyId)! - 1;
          if (left > 0) p.keyInFlight.set(job.keyId, left);
          else p.keyInFlight.delete(job.keyId);
          running.delete(run);
          if (!p.closed) {
            maybeFinish(p, job);
            pump();
          }
        });
      running.add(run);
    }
    if (!p.closed) for (const job of active.values()) maybeFinish(p, job);
    pacer.setActive(active.size > 0);
  }

  // Start: what a previous process left unfinished runs again (it held DATA_DIR's lock, so no
  // other process runs these items); a job it died writing (never answered 202) is deleted;
  // webhooks not yet delivered are sent; old jobs are purged.
  const dropped = store.dropUnfinishedCreations();
  if (dropped) deps.logger.warn({ jobs: dropped }, 'deleted jobs a previous process died creating (their clients got no 202)');
  const purge = () => {
    if (p.closed || !deps.db?.open) return;
    // From a timer: a store refusing (a lock another process held past busy_timeout, a full disk)
    // is logged, not thrown — an exception there would end the process.
    try {
      const n = store.purge(cfg.retentionMs);
      if (n) deps.logger.info({ purged: n }, 'purged finished jobs past JOBS_RETENTION_DAYS');
    } catch (err) {
      deps.logger.error({ err }, 'jobs: purging finished jobs failed; trying again in an hour');
    }
  };
  purge();
  const purgeTimer = setInterval(purge, HOUR_MS);
  purgeTimer.unref();
  for (const row of store.unfinished()) activate(p, row);
  p.webhooks.deliverDue();

  return {
    events,
    activate: (row) => activate(p, row),
    cancel: (id) => cancel(p, id),
    /** Progress this process measures: items per second since it started running the job. */
    rateOf(row: JobRow): number | null {
      const job = active.get(row.id);
      if (!job || job.doneHere === 0) return null;
      return job.doneHere / Math.max(0.001, (Date.now() - job.startedMs) / 1000);
    },
    isActive: (id: string) => active.has(id),
    async close(): Promise<void> {
      p.closed = true;
      pacer.close();
      events.emit('close');
      clearInterval(purgeTimer);
      p.webhooks.close();
      await Promise.all([...running]);
    },
  };
}
