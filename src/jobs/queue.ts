/**
 * Bulk jobs with REDIS_URL: BullMQ carries the items, so every instance works on every job. The
 * jobs themselves (rows, counts, results) are in the Redis job store (redis-store.ts), the credits
 * in the Redis ledger, so any instance answers for any job.
 *
 * Each unfinished job has a BullMQ queue (named by its id); every instance runs a Worker on it
 * (JOBS_CONCURRENCY_PER_JOB items at once) while the job is unfinished, all of them sharing this
 * instance's JOBS_CONCURRENCY slots, one key's items at most half of them (pace.ts `keyShare`). Items are handed to BullMQ a batch at a time as the queue
 * drains (whichever instance takes the next range, atomically), so a 100,000-item job does not sit
 * in Redis twice; each BullMQ job carries a chunk of up to CHUNK items. An instance looks at the
 * unfinished jobs every TICK_MS: it starts and stops its Workers, tops queues up, and notices a
 * cancel made elsewhere.
 *
 * An item may run more than once: BullMQ hands a stalled item (its instance died, or lost its lock
 * while Redis was away) to another instance. Running it is idempotent by its identity (job id +
 * index): it starts only if it has no result yet (CLAIM), its charge is settled once per identity by
 * the ledger (Ledger.settleOnce: a later run's reservation is refunded in full and the first charge
 * reported), and its result is recorded once (RECORD). So it is charged once and its result says so,
 * on whichever instance, however often it ran.
 *
 * When Redis stops answering, store calls fail fast (503, as for every route); an item caught in
 * the middle waits and runs again when Redis is back (its first charge, if it got that far, is the
 * one that counts); BullMQ's own connection simply waits for Redis.
 */
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Reservation } from '../credits/ledger.js';
import { ApiError } from '../errors.js';
import type { Deps } from '../pipeline/context.js';
import type { RestRoute } from '../rest/routes.js';
import { bullConnection } from './bull-connection.js';
import { jobUpstream } from './hosts.js';
import { runJobItem } from './item.js';
import { createPacer, keyShare } from './pace.js';
import type { Pacer } from './pace.js';
import type { ItemEnv, ReserveGate } from './item.js';
import type { JobRef, RedisJobRow, RedisJobStore } from './redis-store.js';
import type { JobRunner } from './service.js';
import type { JobRow } from './store.js';
import { FINAL } from './store.js';
import { createWebhookSender, jobOutbox } from './webhook.js';

const BULL_PREFIX = 'cl:bull';
/** How often an instance looks at the unfinished jobs. */
const TICK_MS = 250;
/**
 * Items per BullMQ job (a "chunk"). A BullMQ job costs Redis a handful of long scripts (adding it,
 * moving it to active, to finished, with their event-stream entries) and this instance their
 * answers; one per item was most of the Redis work of a job (see issue 16's notes). An instance
 * runs the items of the chunks it took at once, JOBS_CONCURRENCY_PER_JOB of the job at a time
 * (`Local.items`), so a small job in one chunk is not run one item at a time. A chunk that runs
 * again (its instance died, a retry) skips its items already done (CLAIM).
 */
const CHUNK = 8;
/**
 * Items handed to BullMQ at once, while fewer than LOW_WATER wait. Small batches: Redis runs one
 * command at a time for everyone, and adding a batch is one long command — a big one would hold
 * up every other instance's requests (their keys are checked in Redis too) — and this instance
 * parses the batch's answers in one go: measured with a local redis-server, 100 jobs held the event
 * loop ~6 ms (single requests wait behind it), 25 jobs ~2 ms, at the same throughput.
 */
const BATCH = 4 * CHUNK;
const LOW_WATER = 300;
/** An item's BullMQ lock: held (renewed) while it runs; a dead instance's items run elsewhere after it. */
const LOCK_MS = 15_000;
const STALLED_CHECK_MS = 5_000;
/** A stalled item always runs again (losing it would leave the job unfinished until RECONCILE). */
const MAX_STALLED = 1_000_000;
/** An item whose processing threw (shutdown, a bug) is retried, on any instance. */
const ATTEMPTS = 20;
const RETRY_MS = 1_000;
/** Ticks with no item of an unfinished job in BullMQ before the job is reconciled (RECONCILE). */
const IDLE_TICKS = 8;
/** Waits while the store is away: doubled up to the maximum. */
const UNAVAILABLE_WAIT_MS = 100;
const UNAVAILABLE_WAIT_MAX_MS = 2_000;
const WEBHOOK_SWEEP_MS = 5_000;
const CLOSE_WAIT_MS = 5_000;
const HOUR_MS = 3_600_000;
/** How long an item's charge is remembered beyond the job's retention (it cannot run after that). */
const ONCE_EXTRA_MS = 24 * HOUR_MS;

/** The data of one BullMQ job: a chunk of items of one gen. */
export interface ChunkData {
  g: number;
  /** [index, input] of each item. */
  it?: [number, string][];
  /** One item alone, as queued by versions before chunks (index, input): still run after an upgrade. */
  i?: number;
  in?: string;
}

export const itemsOf = (d: ChunkData): [number, string][] => d.it ?? (d.i === undefined ? [] : [[d.i, d.in ?? '{}']]);

/** A job this instance works on. */
interface Local {
  ref: JobRef;
  route: RestRoute;
  cacheMaxAge: string | null;
  gen: number;
  queue: Queue<ChunkData>;
  worker: Worker<ChunkData>;
  /** Aborted by a cancel: the item's fetches stop. */
  abort: AbortController;
  idleTicks: number;
  drained: boolean;
  /** This instance's items of the job in flight (JOBS_CONCURRENCY_PER_JOB at most), whatever chunks they are of. */
  items: Slots;
}

/** Items run at once (at most `limit()`): all jobs together, one key's, or one job's; waiters served in order. */
class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: () => number) {}
  async take(): Promise<void> {
    if (this.used < this.limit() && this.waiting.length === 0) {
      this.used++;
      return;
    }
    await new Promise<void>((r) => this.waiting.push(r));
  }
  give(): void {
    this.used--;
    this.wake();
  }
  /** Hands free slots to waiters (after a give, or when the limit grew). */
  wake(): void {
    while (this.waiting.length && this.used < this.limit()) {
      this.used++;
      this.waiting.shift()!();
    }
  }
  /** None taken, none waiting. */
  idle(): boolean {
    return this.used === 0 && this.waiting.length === 0;
  }
}

/** Thrown to let BullMQ run the item again later (on any instance). */
class RunAgain extends Error {}

const isUnavailable = (e: unknown) => e instanceof ApiError && e.code === 'SERVICE_UNAVAILABLE';

// BullMQ (ioredis under it: ~0.4 s of every start) is loaded only by a gateway that runs jobs on Redis.
const requireHere = createRequire(import.meta.url);

/** What one runner's functions share: its dependencies, its Workers, its slots and its closed flag. */
interface Runner {
  deps: Deps;
  store: RedisJobStore;
  routes: ReadonlyMap<string, RestRoute>;
  bull: typeof import('bullmq');
  connection: Redis;
  /** The jobs this instance works on, by id. */
  local: Map<string, Local>;
  /** JOBS_CONCURRENCY items of all jobs at once (fewer while the event loop is busy: pace.ts). */
  slots: Slots;
  /**
   * Per key with items running or waiting here: at most keyShare of the slots, taken before one of
   * `slots` — a key's items beyond its share wait here, not in the slots' queue, so another key's
   * item finds a slot free (or is next in line for one).
   */
  keySlots: Map<string, Slots>;
  /** keyShare of the slots allowed now. */
  perKey(): number;
  /** Job items come second at each upstream host (hosts.ts). */
  itemEnv: ItemEnv;
  /** How long an item's charge is remembered (Ledger.settleOnce). */
  keepMs: number;
  /** Aborted at close: waits for the store end. */
  closing: AbortController;
  closed: boolean;
  /** Logs a background failure, once per 5 s at most, not after close. */
  report(err: unknown, msg: string): void;
  /** Wakes whoever follows the job (its events). */
  notify(id: string): void;
  /** The job ended: followers, then its webhook. */
  ended(id: string): void;
}

function start(r: Runner, row: RedisJobRow): Local | undefined {
  if (r.closed || r.local.has(row.id) || FINAL.has(row.status)) return r.local.get(row.id);
  const ref = { id: row.id, keyId: row.key_id };
  const route = r.routes.get(row.operation);
  if (!route) {
    // An operation removed since the job was created: nothing of it can run.
    r.deps.logger.warn({ job: row.id, operation: row.operation }, 'job operation no longer exists; cancelling the job');
    void r.store.stop(ref, 'cancelled', null).then(
      (end) => void (end && r.ended(row.id)),
      (err: unknown) => r.report(err, 'jobs: cancelling a job failed'),
    );
    return undefined;
  }
  const { connection } = r;
  const queue = new r.bull.Queue<ChunkData>(row.id, {
    connection,
    prefix: BULL_PREFIX,
    streams: { events: { maxLen: 100 } },
    defaultJobOptions: { removeOnComplete: true, removeOnFail: true, attempts: ATTEMPTS, backoff: { type: 'fixed', delay: RETRY_MS } },
  });
  const cfg = r.deps.config.jobs;
  const l: Local = {
    ref,
    route,
    cacheMaxAge: row.cache_max_age,
    gen: row.gen,
    queue,
    worker: undefined as unknown as Worker<ChunkData>,
    abort: new AbortController(),
    idleTicks: 0,
    drained: false,
    items: new Slots(() => cfg.concurrencyPerJob),
  };
  l.worker = new r.bull.Worker<ChunkData>(row.id, (job) => processChunk(r, l, job), {
    connection,
    prefix: BULL_PREFIX,
    concurrency: cfg.concurrencyPerJob,
    lockDuration: LOCK_MS,
    stalledInterval: STALLED_CHECK_MS,
    maxStalledCount: MAX_STALLED,
    drainDelay: 1,
  });
  l.worker.on('error', (err) => r.report(err, 'jobs: BullMQ worker error'));
  queue.on('error', (err) => r.report(err, 'jobs: BullMQ queue error'));
  r.local.set(row.id, l);
  return l;
}

async function stopLocal(r: Runner, l: Local, drain: boolean): Promise<void> {
  r.local.delete(l.ref.id);
  l.abort.abort(new ApiError('SERVICE_UNAVAILABLE', 'job stopped'));
  if (drain) await l.queue.drain(true).catch((err: unknown) => r.report(err, 'jobs: draining a queue failed'));
  await l.worker.close().catch(() => undefined);
  await l.queue.close().catch(() => undefined);
}

/** The job's cap, then the key's balance. */
function gate(r: Runner, l: Local, idx: number): ReserveGate {
  return async (amount, meta) => {
    const c = await r.store.cap(l.ref, idx, amount);
    if (c === 0) return 'cap';
    if (c < 0) return 'stopped';
    const res = await r.deps.ledger.reserve(l.ref.keyId, amount, meta);
    return res ?? 'no_credits';
  };
}

const refund = (r: Runner, res: Reservation | null) =>
  res
    ? r.deps.ledger.settle(res, 0).then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();

/**
 * One run of an item: `done` (or not to be run: done already), `again` (its reservation was
 * refunded as abandoned before it settled), `over` (the job stopped or was resumed as a new gen:
 * no item of this chunk runs).
 */
async function runOnce(r: Runner, l: Local, idx: number, gen: number, input: string): Promise<'done' | 'again' | 'over'> {
  const { store, deps } = r;
  const claim = await store.claim(l.ref, idx, gen);
  if (claim < 0) return 'over';
  if (claim !== 1) return 'done';
  const run = await runJobItem(
    deps,
    { id: l.ref.id, keyId: l.ref.keyId, route: l.route, cacheMaxAge: l.cacheMaxAge },
    { idx, input },
    gate(r, l, idx),
    l.abort.signal,
    r.itemEnv,
  );
  if (run.kind === 'refused') {
    const end =
      run.why === 'stopped'
        ? await store.release(l.ref, idx)
        : await store.stop(l.ref, run.why === 'cap' ? 'stopped_at_cap' : 'stopped_no_credits', idx);
    if (end) r.ended(l.ref.id);
    else r.notify(l.ref.id);
    return 'done';
  }
  if (run.error && (run.error.code === 'SERVICE_UNAVAILABLE' || l.abort.signal.aborted)) {
    await refund(r, run.reservation);
    // Cancelled while it ran: its aborted fetch is not a result.
    if (l.abort.signal.aborted) {
      if (await store.release(l.ref, idx)) r.ended(l.ref.id);
      return 'done';
    }
    throw run.error;
  }
  const o = await deps.ledger.settleOnce!(l.ref.keyId, run.reservation, run.actual, { scope: l.ref.id, id: String(idx), keepMs: r.keepMs });
  if (o.state === 'lost') return 'again';
  const rec = await store.record(l.ref, idx, { ...run.outcome, charged: o.charged, body: run.outcome.body(o.balance, o.charged) });
  if (rec.ended) r.ended(l.ref.id);
  else r.notify(l.ref.id);
  return 'done';
}

/**
 * A chunk's items, JOBS_CONCURRENCY_PER_JOB of the job at a time on this instance. Once one finds
 * the job stopped (or resumed as a new gen), the rest are not started. A failure is thrown (BullMQ
 * runs the chunk again) only once none of its items runs any more, so a retry never overlaps them.
 */
async function processChunk(r: Runner, l: Local, job: Job<ChunkData>): Promise<void> {
  let over = false;
  const runs = itemsOf(job.data).map(async ([idx, input]) => {
    await l.items.take();
    try {
      if (!over && (await processItem(r, l, idx, job.data.g, input)) === 'over') over = true;
    } finally {
      l.items.give();
    }
  });
  const failed = (await Promise.allSettled(runs)).find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}

async function processItem(r: Runner, l: Local, idx: number, gen: number, input: string): Promise<'done' | 'over'> {
  const keyId = l.ref.keyId;
  let share = r.keySlots.get(keyId);
  if (!share) r.keySlots.set(keyId, (share = new Slots(() => r.perKey())));
  await share.take();
  await r.slots.take();
  // Each item starts in a turn of its own: requests that arrived meanwhile are read first.
  await new Promise<void>((res) => setImmediate(res));
  try {
    let wait = UNAVAILABLE_WAIT_MS;
    for (;;) {
      if (r.closed) throw new RunAgain('shutting down');
      try {
        const out = await runOnce(r, l, idx, gen, input);
        if (out !== 'again') return out;
      } catch (e) {
        if (!isUnavailable(e)) throw e;
        // The store away: wait for it (this item's lock may lapse meanwhile; if another instance
        // runs it, whichever settles first is the charge).
        await sleep(wait, undefined, { signal: r.closing.signal }).catch(() => undefined);
        wait = Math.min(wait * 2, UNAVAILABLE_WAIT_MAX_MS);
      }
    }
  } finally {
    // The slot first: an item of another key waiting for one gets it before this key's next.
    r.slots.give();
    giveShare(r, keyId, share);
  }
}

function giveShare(r: Runner, keyId: string, share: Slots): void {
  share.give();
  if (share.idle() && r.keySlots.get(keyId) === share) r.keySlots.delete(keyId);
}

/** Starts, stops and tops up this instance's Workers after the unfinished jobs. */
async function tick(r: Runner, pacer: Pacer): Promise<void> {
  const ids = new Set(await r.store.unfinished());
  pacer.setActive(ids.size > 0);
  for (const [id, l] of r.local) if (!ids.has(id)) await stopLocal(r, l, true);
  for (const id of ids) {
    if (r.closed) return;
    const row = await r.store.getRun(id);
    if (!row) continue;
    const l = r.local.get(id) ?? start(r, row);
    if (!l) continue;
    if (FINAL.has(row.status)) {
      await stopLocal(r, l, true);
      continue;
    }
    await topUp(r, l, row);
  }
}

async function topUp(r: Runner, l: Local, row: RedisJobRow): Promise<void> {
  l.gen = row.gen;
  if (row.stop) {
    // Stopping: nothing more starts; a cancel stops the fetches of items in flight here.
    if (row.stop === 'cancelled') l.abort.abort(new ApiError('SERVICE_UNAVAILABLE', 'job cancelled'));
    if (!l.drained) {
      l.drained = true;
      await l.queue.drain(true).catch((err: unknown) => r.report(err, 'jobs: draining a queue failed'));
    }
  } else {
    l.drained = false;
    if (l.abort.signal.aborted) l.abort = new AbortController();
  }
  const c = await l.queue.getJobCounts('waiting', 'delayed', 'prioritized', 'paused', 'active');
  const waiting = (c.waiting ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0) + (c.paused ?? 0);
  // Chunks are full but for a range's last one: items waiting, at most.
  const waitingItems = waiting * CHUNK;
  if (!row.stop && row.enqueued < row.total && waitingItems < LOW_WATER) {
    l.idleTicks = 0;
    await enqueue(r, l, row.gen, waitingItems);
    return;
  }
  if (waiting + (c.active ?? 0) > 0) {
    l.idleTicks = 0;
    return;
  }
  // Nothing of it in BullMQ, yet it has not ended: see RECONCILE.
  if (++l.idleTicks < IDLE_TICKS) return;
  l.idleTicks = 0;
  const out = await r.store.reconcile(l.ref, row.gen);
  if (out === 1) r.ended(l.ref.id);
  if (out !== 0)
    r.deps.logger.warn({ job: l.ref.id, outcome: out === 1 ? 'ended' : 'requeued' }, 'job reconciled: items were missing from the queue');
}

/** Hands the job's next ranges to BullMQ, BATCH items at a time, until LOW_WATER items wait. */
async function enqueue(r: Runner, l: Local, gen: number, waitingItems: number): Promise<void> {
  for (let queued = waitingItems; queued < LOW_WATER && !r.closed;) {
    const range = await r.store.advance(l.ref, gen, BATCH);
    if (!range) break;
    const chunks: [number, string][][] = [];
    for (let i = 0; i < range.items.length; i += CHUNK) chunks.push(range.items.slice(i, i + CHUNK).map((it) => [it.idx, it.input]));
    if (chunks.length) {
      await l.queue.addBulk(
        chunks.map((it) => ({
          name: 'items',
          data: { g: gen, it },
          // Unique per gen: a range is taken once per gen (again only after RECONCILE, when
          // none of the job's chunks is left in BullMQ); `c`, not the one-item form's `i` of
          // earlier versions, so a chunk is never taken for such an item still queued.
          opts: { jobId: `g${gen}c${it[0][0]}` },
        })),
      );
    }
    queued += range.items.length;
  }
}

/** Removes the queues of jobs past their retention, then the jobs. */
async function purge(r: Runner): Promise<void> {
  for (const id of await r.store.expired(r.deps.config.jobs.retentionMs, 100)) {
    const q = new r.bull.Queue(id, { connection: r.connection, prefix: BULL_PREFIX });
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close().catch(() => undefined);
    await r.store.purge(id);
  }
}

/**
 * Items in flight finish (they settle and record); then the connections go. A Redis that does not
 * answer does not hold the shutdown.
 */
async function closeWorkers(r: Runner, ticking: Promise<void> | null): Promise<void> {
  const all = [...r.local.values()];
  r.local.clear();
  const graceful = Promise.all([ticking, ...all.map((l) => l.worker.close().then(() => l.queue.close()))]).catch(() => undefined);
  const timer = sleep(CLOSE_WAIT_MS, 'timeout', { ref: false });
  if ((await Promise.race([graceful, timer])) === 'timeout') {
    for (const l of all) void l.worker.disconnect().catch(() => undefined);
    r.connection.disconnect();
  } else {
    await Promise.race([r.connection.quit().catch(() => undefined), sleep(1_000, undefined, { ref: false })]);
    r.connection.disconnect();
  }
}

export function createQueueRunner(deps: Deps, store: RedisJobStore, routes: ReadonlyMap<string, RestRoute>): JobRunner {
  const cfg = deps.config.jobs;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  // JOBS_CONCURRENCY at most, fewer while the event loop is busy (pace.ts).
  const pacer = createPacer(cfg.concurrency, () => {
    for (const share of r.keySlots.values()) share.wake();
    r.slots.wake();
  });
  let lastError = 0;
  const r: Runner = {
    deps,
    store,
    routes,
    bull: requireHere('bullmq') as typeof import('bullmq'),
    // BullMQ's connection (bull-connection.ts): commands wait for Redis rather than fail (workers
    // resume by themselves); the job store and the ledger share the app's, with the store's deadline.
    connection: bullConnection(deps.config.redisUrl!),
    local: new Map(),
    slots: new Slots(() => pacer.limit()),
    keySlots: new Map(),
    perKey: () => keyShare(pacer.limit()),
    itemEnv: { upstream: jobUpstream(deps) },
    keepMs: cfg.retentionMs + ONCE_EXTRA_MS,
    closing: new AbortController(),
    closed: false,
    report(err, msg) {
      if (r.closed || Date.now() - lastError < 5_000) return;
      lastError = Date.now();
      deps.logger.warn({ err }, msg);
    },
    notify: (id) => events.emit(id),
    ended(id) {
      r.notify(id);
      webhooks.deliverDue();
    },
  };
  const webhooks = createWebhookSender(deps, jobOutbox(store), () => r.closed);
  r.connection.on('error', (err) => r.report(err, 'jobs: BullMQ connection error'));

  let ticking: Promise<void> | null = null;
  const runTick = () => {
    if (r.closed || ticking) return;
    ticking = tick(r, pacer)
      .catch((err: unknown) => r.report(err, 'jobs: looking at unfinished jobs failed'))
      .finally(() => (ticking = null));
  };
  const ticker = setInterval(runTick, TICK_MS);
  ticker.unref();
  const hookSweep = setInterval(() => webhooks.deliverDue(), WEBHOOK_SWEEP_MS);
  hookSweep.unref();
  const runPurge = () => void purge(r).catch((err: unknown) => r.report(err, 'jobs: purge failed'));
  const purgeTimer = setInterval(runPurge, HOUR_MS);
  purgeTimer.unref();
  runPurge();
  runTick();
  webhooks.deliverDue();

  return {
    events,
    activate(row: JobRow) {
      start(r, row as RedisJobRow);
      r.notify(row.id);
      runTick();
    },
    async cancel(id: string) {
      const row = await store.getRun(id);
      if (!row) return;
      r.local.get(id)?.abort.abort(new ApiError('SERVICE_UNAVAILABLE', 'job cancelled'));
      const end = await store.stop({ id, keyId: row.key_id }, 'cancelled', null);
      if (end) r.ended(id);
      else r.notify(id);
    },
    rateOf(row: JobRow): number | null {
      const j = row as RedisJobRow;
      if (j.run_started_ms === null || j.run_started_ms === undefined || j.done <= j.run_done0) return null;
      return (j.done - j.run_done0) / Math.max(0.001, (Date.now() - j.run_started_ms) / 1000);
    },
    // A job's status is final only once no instance runs any of its items (RECORD, STOP).
    isActive: () => false,
    async close(): Promise<void> {
      r.closed = true;
      r.closing.abort();
      pacer.close();
      events.emit('close');
      clearInterval(ticker);
      clearInterval(hookSweep);
      clearInterval(purgeTimer);
      webhooks.close();
      await closeWorkers(r, ticking);
      await store.close();
    },
  };
}
