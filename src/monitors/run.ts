/**
 * One run of a monitor, claimed already (store.ts `claim`): its operation's single REST request
 * through the same pipeline as every request (src/jobs/item.ts runJobItem → runOperation: cache,
 * reservation of its maximum, live fetch, settlement), with the monitor's key. What is a monitor's
 * own:
 *
 *  - a cached answer younger than a tenth of the monitor's interval is reused (0 credits, as any
 *    cache hit); otherwise the run fetches live. This is internal: not a cache_max_age a client
 *    sends, and no other caller's request is changed by it;
 *  - before the reservation, `max_credits_per_day`: a run whose maximum would take today's (UTC)
 *    charges past it is skipped (not charged; the monitor stays active). A reservation the
 *    balance cannot cover skips the run and stops the monitor `stopped_no_credits` (a run asked
 *    for by POST …/run is only refused); balances never go negative;
 *  - the reservation carries the monitor's id (ReserveMeta): the run is one row of the key's
 *    transactions;
 *  - the charge is what the single request costs (cache hits and errors 0), settled together with
 *    the run's record (`RunBooks`: embedded in one SQLite transaction, on Redis once per run
 *    number), so a run is charged once and its record says that charge;
 *  - the watched values, compared with the last successful run's: changes (their values within
 *    RUN_CHANGES_BYTES a run, store.ts), and a snapshot of the numbers. The monitor keeps them for
 *    its next run within LAST_VALUES_BYTES, the rest as hashes (fields.ts keptValues). A failed run changes
 *    neither; MONITORS_FAILING_AFTER NOT_FOUND in a row stop the
 *    monitor `stopped_failing`. Webhook events (`monitor.changed`, `monitor.stopped`) are written
 *    with the record and delivered after it (never holding the schedule up).
 */
import type { Reservation } from '../credits/ledger.js';
import { ApiError } from '../errors.js';
import type { Deps } from '../pipeline/context.js';
import type { ReadGap } from '../platforms/partial-read.js';
import type { RestRoute } from '../rest/routes.js';
import { withinBytes } from '../http/paging.js';
import { linkSignals } from '../upstream/signals.js';
import { runJobItem } from '../jobs/item.js';
import type { ItemEnv, ReserveGate } from '../jobs/item.js';
import type { AnswerKind, Change, FieldKind } from './fields.js';
import {
  DEGRADED_KEY,
  READ_AT_KEY,
  SUBJECT_KEY,
  carried,
  diff,
  keptValues,
  kindOf,
  lastValuesBudget,
  pagesOf,
  snapshotOf,
  subjectOf,
  valuesOf,
  withMarks,
} from './fields.js';
import type { MonitorRow, MonitorStore, RunOutcome, RunRecord } from './store.js';
import { EVENTS_MAX, HISTORY_BYTES, changeBytes, dayOf, keptChanges } from './store.js';
import { monitorView } from './view.js';

/** How a run's charge and its record are committed together (embedded or Redis: service.ts). */
export interface RunBooks {
  /**
   * Settles the run's reservation (if any) to `actual` and records the run with the charge the
   * settlement made; undefined when nothing was recorded (the run no longer holds the monitor, or
   * its reservation was refunded meanwhile): nothing is charged then.
   */
  settleAndRecord(
    m: MonitorRow,
    reservation: Reservation | null,
    actual: number,
    record: (charged: number) => RunRecord,
  ): Promise<MonitorRow | undefined>;
}

export type RunResult =
  | { kind: 'recorded'; row: MonitorRow; outcome: RunOutcome; changes: Change[] }
  /** Not recorded (shutting down, the store away, taken over): the run's lease stays; it runs again. */
  | { kind: 'aborted' };

export interface RunOptions {
  /** POST …/run: any status; a run the balance cannot cover is refused without stopping the monitor. */
  manual: boolean;
  signal: AbortSignal;
  env: ItemEnv;
}

/**
 * A `monitor.changed` delivery's body: the run's changes as its other answers carry them, at most
 * HISTORY_BYTES as stored (not even the first when it alone is larger). `run.changed` counts them
 * all; when `changes` holds fewer, the rest are in the monitor's changes since the run's `at`. A
 * run may find thousands of changes and a change holds a watched value twice (MBs of text): the
 * body, kept until delivered (EVENTS_MAX a monitor), was as large as they were.
 */
function changedBody(after: MonitorRow, at: string, charged: number, changes: Change[]): string {
  const { n } = withinBytes(changes, (c) => changeBytes(c.field, JSON.stringify(c.before), JSON.stringify(c.after)), HISTORY_BYTES, false);
  return JSON.stringify({
    event: 'monitor.changed',
    monitor: monitorView(after),
    run: { at, credits_charged: charged, changed: changes.length },
    changes: changes.slice(0, n),
  });
}

/**
 * A run's time: now, but never at or before its monitor's last run — a clock stepped back, or an
 * instance's behind another's (Redis), stamped a run (its snapshot, its changes) before the one it
 * follows, and a reader going on from the last run's time (`changes?since=`) missed its changes.
 */
const runAt = (m: MonitorRow): number => Math.max(Date.now(), (m.last_run_at ?? 0) + 1);

/** Why a monitor stopped, in its `monitor.stopped` event. */
type StopReason = 'no_credits' | 'failing' | 'operation_removed';

/** `books.settleAndRecord`, and a warning once recorded when the record gave up undelivered webhook events. */
function warningOfDroppedEvents(deps: Deps, books: RunBooks): RunBooks['settleAndRecord'] {
  return async (m, reservation, actual, record) => {
    let dropped = 0;
    const row = await books.settleAndRecord(m, reservation, actual, (charged) => ({
      ...record(charged),
      eventsDropped: (n) => (dropped = n),
    }));
    if (row && dropped)
      deps.logger.warn(
        { monitor: m.id, dropped },
        `monitor webhook events given up: the receiver has taken none of the last ${EVENTS_MAX}, the oldest were dropped`,
      );
    return row;
  };
}

/**
 * A run that threw (its result could not be read or recorded, whatever the cause): its
 * reservation refunded and the run recorded failed (INTERNAL) — which ends its lease: the monitor
 * is no longer "in progress" and its next run can be made (it held both until the lease lapsed,
 * or a restart). Thrown on when not even that can be recorded (the lease lapses after LEASE_MS).
 */
async function failedRun(
  deps: Deps,
  settleAndRecord: RunBooks['settleAndRecord'],
  m: MonitorRow,
  reservation: Reservation | null,
  cause: unknown,
): Promise<RunResult> {
  deps.logger.error({ err: cause, monitor: m.id }, 'monitor run failed unexpectedly; recorded as failed');
  if (reservation) await deps.ledger.settle(reservation, 0).catch(() => undefined);
  const atMs = runAt(m);
  let outcome!: RunOutcome;
  const row = await settleAndRecord(m, null, 0, (charged) => {
    // A charge the ledger made before the failure (on Redis, settled once per run) is the run's.
    outcome = { at: new Date(atMs).toISOString(), result: 'failed', code: 'INTERNAL', credits_charged: charged, changed: 0 };
    return {
      runNo: m.run_no,
      at: atMs,
      snapshot: null,
      values: null,
      changes: [],
      charged,
      outcome,
      counted: true,
      notFound: 'keep',
      stop: null,
      events: () => [],
    };
  });
  return row ? { kind: 'recorded', row, outcome, changes: [] } : { kind: 'aborted' };
}

/**
 * A run's answer: its record (none for an error), what kind of answer it is (fields.ts
 * AnswerKind: partial when it says so — the creator tools when some scan failed —, or when the
 * pipeline read it so (`run.read`, OperationOutcome.read: an optional request failed, or a parser
 * warned — a field the upstream normally carries missing; an explicit null of the upstream warns
 * nothing —, whoever's fetch or cache entry it was), or a page of a longer list, its next-page token set), the
 * monitor's last values, and whether the record is of the account the monitor watches. An
 * answer of another account (the handle taken by someone else since) is never data: the run
 * fails UPSTREAM_FAILED, 0 credits, counted as its target being gone (fields.ts subjectOf).
 */
function answerOf(
  run: { error: unknown; outcome: { body: (balance: number, charged: number) => string }; read?: ReadGap },
  route: RestRoute,
  watch: readonly { path: string; kind: FieldKind }[],
  last: Record<string, unknown> | null,
  atMs: number,
) {
  const body = run.error ? null : (JSON.parse(run.outcome.body(0, 0)) as Record<string, unknown>);
  const wrap = route.op.rest.wrap;
  const record = body && wrap ? body[wrap] : body;
  // When the answer was fetched: a cached one's time, else this run's (READ_AT_KEY).
  const readAt = body?.cached === true && typeof body.cached_at === 'string' ? Date.parse(body.cached_at) : atMs;
  const subject = subjectOf(record);
  const watched = last ? last[SUBJECT_KEY] : undefined;
  const otherAccount = subject !== null && typeof watched === 'string' && watched !== subject;
  const says =
    body?.partial === true || (typeof record === 'object' && record !== null && (record as Record<string, unknown>).partial === true);
  // How the pipeline read it (its outcome's `read`, whoever's fetch or cache entry it was): a
  // partial read — an optional request failed — says nothing of the part it lacks, run after run.
  // A degraded one (a parser warned) the first in a row says nothing of what it lacks either; one
  // after another is how the platform answers now, and is compared (a platform whose parser warns
  // at every read must not hide every removal).
  const degraded = run.read !== undefined;
  const lacking = run.read === 'partial' || (degraded && last?.[DEGRADED_KEY] !== true);
  const answer: AnswerKind = { degraded, partial: says || lacking, page: pagesOf(route.op.record, record, watch) };
  return { record, answer, subject, watched, otherAccount, readAt };
}

/**
 * The monitor's watched paths with their kinds in its record. A path the record's schema no
 * longer has (a field renamed or removed by an upgrade since the monitor was made) is not read:
 * read as a value it was null in every answer — its last value reported "removed" once, a
 * change of the gateway's, not of the account's.
 */
export function watchOf(m: Pick<MonitorRow, 'watch'>, route: RestRoute): { path: string; kind: FieldKind }[] {
  return (JSON.parse(m.watch) as string[]).flatMap((path) => {
    const kind = kindOf(route.op.record, path);
    return typeof kind === 'string' ? [{ path, kind }] : [];
  });
}

/**
 * What a run may reuse of the cache: an answer younger than a tenth of its interval, and not older
 * than the one its last run compared (READ_AT_KEY) — an instance's in-memory entry can be older
 * than another instance's fetch since (Redis), and compared it was a change back, then forth again.
 */
function reuseOf(m: MonitorRow, last: Record<string, unknown> | null): { reuseWithinMs: number; reuseFetchedSince?: number } {
  const readAt = last?.[READ_AT_KEY];
  return { reuseWithinMs: Math.floor(m.interval_ms / 10), ...(typeof readAt === 'number' ? { reuseFetchedSince: readAt } : {}) };
}

export function createMonitorRun(deps: Deps, routes: ReadonlyMap<string, RestRoute>, books: RunBooks) {
  const cfg = deps.config.monitors;

  const settleAndRecord = warningOfDroppedEvents(deps, books);

  const stoppedEvent = (reason: StopReason, at: string, charged: number) => (after: MonitorRow) => [
    {
      event: 'monitor.stopped',
      body: JSON.stringify({ event: 'monitor.stopped', monitor: monitorView(after), run: { at, credits_charged: charged }, reason }),
    },
  ];

  return async function runMonitor(m: MonitorRow, opts: RunOptions): Promise<RunResult> {
    const held = { reservation: null as Reservation | null };
    try {
      return await runOnce(m, opts, held);
    } catch (e) {
      if (opts.signal.aborted || deps.shutdown.aborted) throw e;
      return failedRun(deps, settleAndRecord, m, held.reservation, e);
    }
  };

  async function runOnce(m: MonitorRow, opts: RunOptions, held: { reservation: Reservation | null }): Promise<RunResult> {
    const atMs = runAt(m);
    const at = new Date(atMs).toISOString();
    const route = routes.get(m.operation);
    const base = { runNo: m.run_no, at: atMs, snapshot: null, values: null, changes: [] as Change[] };
    if (!route) {
      // An operation removed since the monitor was made: nothing of it can run again.
      deps.logger.warn({ monitor: m.id, operation: m.operation }, 'monitor operation no longer exists; stopping the monitor');
      const outcome: RunOutcome = { at, result: 'failed', code: 'NOT_FOUND', credits_charged: 0, changed: 0 };
      const row = await settleAndRecord(m, null, 0, () => ({
        ...base,
        charged: 0,
        outcome,
        counted: true,
        notFound: 'keep',
        stop: 'stopped_failing',
        events: stoppedEvent('operation_removed', at, 0),
      }));
      return row ? { kind: 'recorded', row, outcome, changes: [] } : { kind: 'aborted' };
    }
    const last = m.last_values ? (JSON.parse(m.last_values) as Record<string, unknown>) : null;
    const watch = watchOf(m, route);
    // The item's meta names the operation as transactions do (`video/channel`); the job id it carries is this monitor's.
    const gate: ReserveGate = async (amount, meta) => {
      if (m.max_credits_per_day !== null) {
        const today = m.day === dayOf(atMs) ? m.day_credits : 0;
        if (today + amount > m.max_credits_per_day) return 'cap';
      }
      const r = await deps.ledger.reserve(m.key_id, amount, { monitorId: m.id, operation: meta.operation });
      return r ?? 'no_credits';
    };
    const run = await runJobItem(
      deps,
      { id: m.id, keyId: m.key_id, route, cacheMaxAge: null, ...reuseOf(m, last) },
      { idx: m.run_no, input: m.params },
      gate,
      opts.signal,
      opts.env,
    );
    if (run.kind === 'ran') held.reservation = run.reservation;

    if (run.kind === 'refused') {
      const poor = run.why !== 'cap';
      const stop = poor && !opts.manual;
      const outcome: RunOutcome = {
        at,
        result: 'skipped',
        code: poor ? 'INSUFFICIENT_CREDITS' : 'MAX_CREDITS_PER_DAY',
        credits_charged: 0,
        changed: 0,
      };
      const row = await settleAndRecord(m, null, 0, () => ({
        ...base,
        charged: 0,
        outcome,
        counted: false,
        notFound: 'keep',
        stop: stop ? 'stopped_no_credits' : null,
        events: stop ? stoppedEvent('no_credits', at, 0) : () => [],
      }));
      if (stop) deps.logger.info({ monitor: m.id }, 'monitor stopped: the balance cannot cover a run');
      return row ? { kind: 'recorded', row, outcome, changes: [] } : { kind: 'aborted' };
    }

    if (run.error && (opts.signal.aborted || deps.shutdown.aborted)) {
      // Shutting down: its aborted fetch is not a result; the run is made again (its lease stays).
      if (run.reservation) await deps.ledger.settle(run.reservation, 0).catch(() => undefined);
      return { kind: 'aborted' };
    }

    const { record, answer, subject, watched, otherAccount, readAt } = answerOf(run, route, watch, last, atMs);
    if (otherAccount)
      deps.logger.warn(
        { monitor: m.id, watched, answered: subject },
        "monitor run answered by another account than the monitor's: not recorded as data",
      );

    if (run.error || otherAccount) {
      const code = run.error ? run.error.code : 'UPSTREAM_FAILED';
      const notFound = code === 'NOT_FOUND' || otherAccount;
      // Said gone once: a run by hand of a monitor stopped so already fails without stopping it (and
      // telling monitor.stopped) again — before, every such run sent the event anew.
      const failing = notFound && m.not_found_streak + 1 >= cfg.failingAfter && m.status !== 'stopped_failing';
      const outcome: RunOutcome = { at, result: 'failed', code, credits_charged: 0, changed: 0 };
      const row = await settleAndRecord(m, run.reservation, 0, () => ({
        ...base,
        charged: 0,
        outcome,
        counted: true,
        notFound: notFound ? 'inc' : 'keep',
        stop: failing ? 'stopped_failing' : null,
        events: failing ? stoppedEvent('failing', at, 0) : () => [],
      }));
      if (failing && row)
        deps.logger.info({ monitor: m.id, runs: cfg.failingAfter }, 'monitor stopped: its target answered NOT_FOUND run after run');
      return row ? { kind: 'recorded', row, outcome, changes: [] } : { kind: 'aborted' };
    }

    const values = valuesOf(record, watch);
    // What the run records, answers and sends: within RUN_CHANGES_BYTES of values (store.ts).
    const changes = keptChanges(diff(last, values, watch, answer));
    let outcome!: RunOutcome;
    const row = await settleAndRecord(m, run.reservation, run.actual, (charged) => {
      outcome = { at, result: run.outcome.cached ? 'cached' : 'ok', code: null, credits_charged: charged, changed: changes.length };
      return {
        ...base,
        charged,
        outcome,
        counted: true,
        // What the next run compares with: within LAST_VALUES_BYTES or the monitor's share of its
        // key's quota, the rest as hashes, counted in the quota by the store; what this answer did
        // not say carried from the last run; whose answer it is and whether it was degraded.
        values: withMarks(
          carried(last, keptValues(values, watch, lastValuesBudget(cfg)), watch, answer),
          subject ?? watched,
          answer,
          readAt,
        ),
        snapshot: snapshotOf(values, watch),
        changes,
        notFound: 'reset',
        stop: null,
        events: (after) => (changes.length ? [{ event: 'monitor.changed', body: changedBody(after, at, charged, changes) }] : []),
      };
    });
    return row ? { kind: 'recorded', row, outcome, changes } : { kind: 'aborted' };
  }
}

export type MonitorRunFn = ReturnType<typeof createMonitorRun>;

/**
 * The runs this process is making, each with a signal of its own (aborting with the service's
 * `closing` too). A monitor deleted while its run is in progress has that run cancelled
 * (`cancel`), as a cancelled job's items in flight are: its lookup is left (single-flight cancels
 * a fetch nobody else waits for, and a cancelled fetch is not cached), its reservation refunded,
 * nothing recorded. Before, the run went on to the end: its record was refused (the monitor gone)
 * and its reservation refunded, but its value was in the cache — a monitor made and deleted at
 * once was a live lookup at 0 credits, read again at 0 with cache_max_age (an attack sweep, s37).
 */
export function runsInProgress(closing: AbortSignal) {
  const runs = new Map<string, AbortController>();
  return {
    async around<T>(id: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const own = new AbortController();
      runs.set(id, own);
      const linked = linkSignals(closing, own.signal);
      try {
        return await work(linked.signal);
      } finally {
        linked.unlink();
        if (runs.get(id) === own) runs.delete(id);
      }
    },
    /** The monitor is deleted: its run in progress here, if any, is cancelled. */
    cancel(id: string): void {
      runs.get(id)?.abort(new ApiError('NOT_FOUND', `No monitor ${id}: it was deleted while the run was in progress`));
    },
  };
}

/**
 * A run asked for now (POST /v1/monitors/{id}/run, runMonitor): claimed as manual, so it runs
 * whatever the schedule says, unless a run of the monitor is in progress (`busy`) or it is gone.
 */
export async function runManually(
  store: Pick<MonitorStore, 'claim'>,
  now: number,
  id: string,
  run: (row: MonitorRow, manual: boolean) => Promise<RunResult>,
): Promise<RunResult | 'busy' | 'gone'> {
  const c = await store.claim(id, now, true);
  if (c.kind === 'busy' || c.kind === 'gone') return c.kind;
  if (c.kind !== 'claimed') return 'gone';
  return run(c.row, true);
}
