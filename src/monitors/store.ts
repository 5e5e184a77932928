/**
 * What a monitor is (MonitorRow, its history), the MonitorStore interface the routes, GraphQL,
 * the schedulers and webhooks use whichever store holds the monitors, and the embedded store
 * behind it (SQLite under DATA_DIR, beside the ledger; the Redis one is redis-store.ts).
 *
 * Runs happen once, and never two of one monitor at a time, because a run starts with a claim
 * (`claim`, one atomic step in either store) that:
 *
 *  - refuses while the monitor's lease is held (a run of it in progress: `busy`);
 *  - for a scheduled run, refuses a monitor not active or not due yet (`inactive`, `early`; a due
 *    time within a tenth of the interval counts as due, for timers that fire a little early), and
 *    moves `next_run_at` on by whole intervals past now: runs missed while no instance was up run
 *    once, not once per missed interval, and the cadence keeps its phase;
 *  - takes the lease (LEASE_MS) and numbers the run (`run_no`).
 *
 * A run ends with `record` (its outcome, counters, new values, snapshot, changes and webhook
 * events in one step — at most EVENTS_MAX undelivered, the oldest given up beyond), which only the
 * holder of that run's lease can make. A run whose process
 * died leaves its lease: the embedded store gives such runs back at the next start (they run
 * again, once — their reservations were refunded), the Redis store lets another instance take the
 * run over once the lease has lapsed (`takeover`: the same run number, charged once by the
 * ledger's settleOnce).
 *
 * In the embedded store a run's charge and its record are one SQLite transaction
 * (Ledger.settleRecorded): a kill -9 leaves a run either recorded-and-charged or neither.
 */
import { writeTransaction } from '../store/sqlite.js';
import type { Db } from '../store/sqlite.js';
import type { WebhookAnswer, WebhookDelivery, WebhookOutbox } from '../jobs/webhook.js';
import type { Change } from './fields.js';
import { tooLargeToKeep } from './fields.js';

export type MonitorStatus = 'active' | 'paused' | 'stopped_no_credits' | 'stopped_failing';
export const MONITOR_STATUSES: readonly MonitorStatus[] = ['active', 'paused', 'stopped_no_credits', 'stopped_failing'];

/** How long a run holds its monitor; a run outlives it only when its process died (then another may take it over). */
export const LEASE_MS = 10 * 60_000;

/**
 * Undelivered webhook events a monitor keeps at most (either store): a record that would leave
 * more gives up the oldest. A run makes at most one event and an event is delivered or given up
 * within minutes (JOBS_WEBHOOK_ATTEMPTS), so an hourly monitor never comes near it; a key that
 * resumed its monitor in a loop (each resume a run skipped for want of credits, a stop, a
 * `monitor.stopped` event) to a receiver that never answers 2xx piled events up without end, at 0
 * credits.
 */
export const EVENTS_MAX = 20;

export interface MonitorRow {
  id: string;
  key_id: string;
  /** The /v1 GET path each run requests. */
  operation: string;
  /** Its query parameters (JSON object of strings). */
  params: string;
  every: string;
  interval_ms: number;
  /** The watched paths (JSON array). */
  watch: string;
  webhook_url: string | null;
  /** Sealed (src/store/secrets.ts): opened only to sign a delivery. */
  webhook_secret: string | null;
  max_credits_per_day: number | null;
  status: MonitorStatus;
  /** Epoch ms of the next scheduled run. */
  next_run_at: number;
  last_run_at: number | null;
  /** Runs made (ok, cached or failed; a skipped run is not one). */
  runs: number;
  credits_charged: number;
  /** Claims made so far: the number of the latest run. */
  run_no: number;
  /** Held by a run in progress until then (epoch ms); null: none. */
  lease_until: number | null;
  /** The due time the run in progress was scheduled for (null: none, or a run asked for by POST …/run). */
  claimed_due: number | null;
  /** Consecutive runs that answered NOT_FOUND. */
  not_found_streak: number;
  /** The UTC day `day_credits` counts (YYYY-MM-DD). */
  day: string | null;
  day_credits: number;
  /** The watched values of the latest successful run (JSON object by path, within LAST_VALUES_BYTES: fields.ts keptValues); null: none yet. */
  last_values: string | null;
  /** The latest run's outcome (JSON RunOutcome); null: none yet. */
  last_outcome: string | null;
  /** Bytes of snapshots and changes kept (MONITORS_KEY_QUOTA_MB counts them per key). */
  history_bytes: number;
  /** Bytes of `last_values` (its JSON's length), counted in the key's quota with the history. */
  values_bytes: number;
  created_at: string;
  updated_at: string;
}

/** How a run went, as the monitor shows it (`last_run`). */
export interface RunOutcome {
  at: string;
  /** ok (live), cached (a recent answer reused), failed (an error: 0 credits), skipped (not run: no credits or the daily cap). */
  result: 'ok' | 'cached' | 'failed' | 'skipped';
  /** The error code of a failed or skipped run. */
  code: string | null;
  credits_charged: number;
  /** Changes the run found. */
  changed: number;
}

export type NewMonitor = Pick<
  MonitorRow,
  | 'id'
  | 'key_id'
  | 'operation'
  | 'params'
  | 'every'
  | 'interval_ms'
  | 'watch'
  | 'webhook_url'
  | 'webhook_secret'
  | 'max_credits_per_day'
  | 'next_run_at'
>;

/** What PATCH changes (each only when given). */
export interface MonitorPatch {
  every?: { every: string; interval_ms: number; next_run_at: number };
  watch?: string;
  webhook?: { url: string; secret: string } | null;
  max_credits_per_day?: number | null;
  /** true: paused (whatever it was); false: active again (from paused or stopped), due at `resume_at` at the latest. */
  paused?: { paused: boolean; resume_at: number };
}

export type Claim = { kind: 'claimed'; row: MonitorRow; takeover: boolean } | { kind: 'busy' | 'early' | 'inactive' | 'gone' };

/** A run's end, written in one step with the monitor's counters. */
export interface RunRecord {
  runNo: number;
  /** When the run was made (epoch ms). */
  at: number;
  charged: number;
  outcome: RunOutcome;
  /** Counted in `runs` (false: skipped). */
  counted: boolean;
  /** The new watched values as kept (fields.ts keptValues; null: keep the last ones: a failed or skipped run). */
  values: Record<string, unknown> | null;
  snapshot: Record<string, number> | null;
  changes: Change[];
  notFound: 'inc' | 'reset' | 'keep';
  /** The monitor stops with this status (null: it stays as it is). */
  stop: 'stopped_no_credits' | 'stopped_failing' | null;
  /** The webhook events of this run, made from the monitor as recorded (only for a monitor with a webhook). */
  events: (after: MonitorRow) => { event: string; body: string }[];
  /** Told how many undelivered events this record gave up (the oldest, beyond EVENTS_MAX), when any. */
  eventsDropped?: (n: number) => void;
}

export interface SnapshotRow {
  seq: number;
  at: number;
  values: Record<string, number>;
  /** The length of its stored JSON: what a page's byte bound counts (HISTORY_BYTES). */
  bytes: number;
}

export interface ChangeRow extends Change {
  seq: number;
  at: number;
  /** The length of its stored JSON (field, before, after): what a page's byte bound counts. */
  bytes: number;
}

export interface HistoryQuery {
  /** Epoch ms, inclusive. */
  since: number | null;
  /** Epoch ms, exclusive. */
  until: number | null;
  /** The last `seq` of the previous page. */
  after: number | null;
  limit: number;
}

/** Where a page of a key's monitors ends (newest first: the next page is older). */
export interface MonitorCursor {
  created_at: string;
  id: string;
}

export interface MonitorListQuery {
  status: MonitorStatus | null;
  limit: number;
  after: MonitorCursor | null;
}

/**
 * The monitors as the routes, GraphQL, schedulers and webhooks see them, whichever store holds
 * them (the embedded one below; Redis: redis-store.ts).
 */
export interface MonitorStore {
  readonly open: boolean;
  /** Creates the monitor unless the key has `maxPerKey` already ('limit'). */
  create(m: NewMonitor, maxPerKey: number): Promise<MonitorRow | 'limit'>;
  get(id: string): Promise<MonitorRow | undefined>;
  /** A key's monitors, newest first (created_at, then id, descending), with `status` only, older than `after`. */
  list(keyId: string, q: MonitorListQuery): Promise<MonitorRow[]>;
  update(id: string, patch: MonitorPatch): Promise<MonitorRow | undefined>;
  /** Deletes it with its history and undelivered events. */
  delete(id: string): Promise<boolean>;
  /** The start of a run (see the header); `manual`: POST …/run (any status, not due). */
  claim(id: string, now: number, manual: boolean): Promise<Claim>;
  /** The end of run `r.runNo`: undefined when that run no longer holds the monitor (taken over, or the monitor deleted). */
  record(id: string, r: RunRecord): Promise<MonitorRow | undefined>;
  snapshots(id: string, q: HistoryQuery): Promise<SnapshotRow[]>;
  changes(id: string, q: HistoryQuery): Promise<ChangeRow[]>;
  /** Deletes history older than `retentionMs`; returns rows deleted. */
  purge(retentionMs: number): Promise<number>;
  /** Monitors' webhook events (src/jobs/webhook.ts delivers them, each monitor's in order). */
  outbox: WebhookOutbox;
}

/** The UTC day of an instant (the day `max_credits_per_day` counts). */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The next due time after a run due at `due`: whole intervals on, past `now`. */
export function nextDue(due: number, interval: number, now: number): number {
  const next = due + interval;
  return next > now ? next : due + (Math.floor((now - due) / interval) + 1) * interval;
}

/** A due time this close ahead counts as due (a timer or another instance's clock a little early). */
export const earlyTolerance = (interval: number): number => Math.floor(interval / 10);

/**
 * Bytes of stored history (each row's JSON: `bytes` of SnapshotRow, ChangeRow) one answer holds at
 * most, beyond its first row: a REST page, or a GraphQL document over all its history fields
 * (http.ts); and a run's changes in its answers and its webhook, not even their first beyond it
 * (http.ts runChanges, run.ts). Rows alone do not bound an answer: a change holds the watched
 * value (a list item, a text, a transcript), and a page of 1,000 changes of 30 KB (30 MB, within a
 * key's quota) was 30 MB to build per request — one GraphQL document of 20 aliased pages, or 40
 * REST pages left unread, ran a 512 MB gateway out of heap.
 */
export const HISTORY_BYTES = 1024 * 1024;

/** Bytes a history row is counted as (its JSON, and a little for its keys). */
export const rowBytes = (json: string): number => 32 + json.length;

/**
 * Bytes of watched values one run's changes keep (their JSON), after first then before, change by
 * change in order (keptChanges). A value that does not fit in what is left is kept as
 * `{"too_large_to_keep": true, "bytes": <its JSON's length>}` — the change itself (its field, that
 * the value changed, a list item added or removed) is always kept. Before, a run kept every value
 * whole: a monitor watching `user.bio` and `user` whose 3 MB bio changed stored 12 MB at each
 * run, and a run larger than the key's quota was trimmed away whole once recorded (its changes,
 * counted in `changed`, gone from the history the answers point to).
 */
export const RUN_CHANGES_BYTES = 4 * 1024 * 1024;

/** A run's changes as recorded: within RUN_CHANGES_BYTES of values, the rest fields.ts TooLargeToKeep (null, an item's absence, always kept). */
export function keptChanges(changes: readonly Change[]): Change[] {
  let left = RUN_CHANGES_BYTES;
  const keep = (v: unknown): unknown => {
    if (v === null) return null;
    const bytes = JSON.stringify(v).length;
    if (bytes > left) return tooLargeToKeep(bytes);
    left -= bytes;
    return v;
  };
  return changes.map((c) => {
    const after = keep(c.after);
    return { field: c.field, before: keep(c.before), after };
  });
}

/** A change's stored JSON length (its field, and its values' JSON): ChangeRow `bytes`, and what a webhook's bound counts (run.ts). */
export const changeBytes = (field: string, beforeJson: string, afterJson: string): number =>
  field.length + beforeJson.length + afterJson.length;

interface EventRow {
  seq: number;
  monitor_id: string;
  event: string;
  body: string;
  attempts: number;
}

/** The embedded store's tables (created when missing). */
function migrate(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS monitors (
      id TEXT PRIMARY KEY,
      key_id TEXT NOT NULL,
      operation TEXT NOT NULL,
      params TEXT NOT NULL,
      every TEXT NOT NULL,
      interval_ms INTEGER NOT NULL,
      watch TEXT NOT NULL,
      webhook_url TEXT,
      webhook_secret TEXT,
      max_credits_per_day INTEGER,
      status TEXT NOT NULL,
      next_run_at INTEGER NOT NULL,
      last_run_at INTEGER,
      runs INTEGER NOT NULL DEFAULT 0,
      credits_charged INTEGER NOT NULL DEFAULT 0,
      run_no INTEGER NOT NULL DEFAULT 0,
      lease_until INTEGER,
      claimed_due INTEGER,
      not_found_streak INTEGER NOT NULL DEFAULT 0,
      day TEXT,
      day_credits INTEGER NOT NULL DEFAULT 0,
      last_values TEXT,
      last_outcome TEXT,
      history_bytes INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS monitors_key_created ON monitors(key_id, created_at, id);
    CREATE INDEX IF NOT EXISTS monitors_due ON monitors(next_run_at) WHERE status = 'active' AND lease_until IS NULL;
    CREATE TABLE IF NOT EXISTS monitor_snapshots (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      monitor_id TEXT NOT NULL,
      at INTEGER NOT NULL,
      vals TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS monitor_snapshots_of ON monitor_snapshots(monitor_id, seq);
    CREATE INDEX IF NOT EXISTS monitor_snapshots_at ON monitor_snapshots(at);
    CREATE TABLE IF NOT EXISTS monitor_changes (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      monitor_id TEXT NOT NULL,
      at INTEGER NOT NULL,
      field TEXT NOT NULL,
      before TEXT NOT NULL,
      after TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS monitor_changes_of ON monitor_changes(monitor_id, seq);
    CREATE INDEX IF NOT EXISTS monitor_changes_at ON monitor_changes(at);
    CREATE TABLE IF NOT EXISTS monitor_events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      monitor_id TEXT NOT NULL,
      event TEXT NOT NULL,
      body TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_status INTEGER,
      last_error TEXT
    );
    CREATE INDEX IF NOT EXISTS monitor_events_of ON monitor_events(monitor_id, seq);
    -- Each key's bytes (MONITORS_KEY_QUOTA_MB): its monitors' history and last values, kept with
    -- every change of a monitor's: a run reads one row instead of summing its key's monitors.
    CREATE TABLE IF NOT EXISTS monitor_keys (
      key_id TEXT PRIMARY KEY,
      history_bytes INTEGER NOT NULL DEFAULT 0
    ) WITHOUT ROWID;
  `);
  // Last values counted in the key's quota (added later): the monitors' values as they are now.
  const columns = new Set((db.prepare('PRAGMA table_info(monitors)').all() as { name: string }[]).map((c) => c.name));
  if (!columns.has('values_bytes')) {
    db.transaction(() => {
      db.exec('ALTER TABLE monitors ADD COLUMN values_bytes INTEGER NOT NULL DEFAULT 0');
      db.exec('UPDATE monitors SET values_bytes = COALESCE(length(last_values), 0)');
      db.exec(`INSERT INTO monitor_keys (key_id, history_bytes)
                 SELECT key_id, SUM(values_bytes) FROM monitors WHERE values_bytes > 0 GROUP BY key_id
               ON CONFLICT (key_id) DO UPDATE SET history_bytes = history_bytes + excluded.history_bytes`);
    })();
  }
}

/** The embedded store's statements, prepared once. */
function statements(db: Db) {
  return {
    insert: db.prepare(
      `INSERT INTO monitors (id, key_id, operation, params, every, interval_ms, watch, webhook_url, webhook_secret, max_credits_per_day, status, next_run_at, created_at, updated_at)
       VALUES (@id, @key_id, @operation, @params, @every, @interval_ms, @watch, @webhook_url, @webhook_secret, @max_credits_per_day, 'active', @next_run_at, @at, @at)`,
    ),
    countOf: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM monitors WHERE key_id = ?'),
    get: db.prepare<[string], MonitorRow>('SELECT * FROM monitors WHERE id = ?'),
    listFirst: db.prepare<{ key: string; status: string | null; limit: number }, MonitorRow>(
      `SELECT * FROM monitors WHERE key_id = @key AND (@status IS NULL OR status = @status) ORDER BY created_at DESC, id DESC LIMIT @limit`,
    ),
    listAfter: db.prepare<{ key: string; status: string | null; limit: number; at: string; id: string }, MonitorRow>(
      `SELECT * FROM monitors WHERE key_id = @key AND (created_at, id) < (@at, @id) AND (@status IS NULL OR status = @status)
       ORDER BY created_at DESC, id DESC LIMIT @limit`,
    ),
    firstDue: db.prepare<[number], MonitorRow>(
      "SELECT * FROM monitors WHERE status = 'active' AND lease_until IS NULL AND next_run_at <= ? ORDER BY next_run_at LIMIT 1",
    ),
    nextDueAt: db.prepare<[], { at: number }>(
      "SELECT next_run_at AS at FROM monitors WHERE status = 'active' AND lease_until IS NULL ORDER BY next_run_at LIMIT 1",
    ),
    claimScheduled: db.prepare(
      'UPDATE monitors SET claimed_due = next_run_at, next_run_at = @next, lease_until = @lease, run_no = run_no + 1 WHERE id = @id',
    ),
    claimManual: db.prepare('UPDATE monitors SET claimed_due = NULL, lease_until = @lease, run_no = run_no + 1 WHERE id = @id'),
    takeover: db.prepare('UPDATE monitors SET lease_until = @lease WHERE id = @id'),
    // Runs a process died making: due again now (the due time they were claimed for).
    leftOver: db.prepare(
      'UPDATE monitors SET next_run_at = COALESCE(MIN(claimed_due, next_run_at), next_run_at), lease_until = NULL, claimed_due = NULL WHERE lease_until IS NOT NULL',
    ),
    record: db.prepare(
      `UPDATE monitors SET lease_until = NULL, claimed_due = NULL, last_run_at = @at, runs = runs + @counted,
         credits_charged = credits_charged + @charged,
         day_credits = CASE WHEN day = @day THEN day_credits + @charged ELSE @charged END, day = @day,
         last_values = COALESCE(@values, last_values), values_bytes = COALESCE(@valuesBytes, values_bytes), last_outcome = @outcome,
         not_found_streak = CASE @nf WHEN 'inc' THEN not_found_streak + 1 WHEN 'reset' THEN 0 ELSE not_found_streak END,
         status = COALESCE(@stop, status), history_bytes = history_bytes + @bytes, updated_at = @now
       WHERE id = @id AND run_no = @run AND lease_until IS NOT NULL`,
    ),
    snapshot: db.prepare('INSERT INTO monitor_snapshots (monitor_id, at, vals) VALUES (?, ?, ?)'),
    change: db.prepare('INSERT INTO monitor_changes (monitor_id, at, field, before, after) VALUES (?, ?, ?, ?, ?)'),
    event: db.prepare('INSERT INTO monitor_events (monitor_id, event, body) VALUES (?, ?, ?)'),
    /** A monitor's undelivered events but the newest `keep`. */
    dropOldEvents: db.prepare<{ id: string; keep: number }>(
      `DELETE FROM monitor_events WHERE monitor_id = @id
         AND seq <= (SELECT seq FROM monitor_events WHERE monitor_id = @id ORDER BY seq DESC LIMIT 1 OFFSET @keep)`,
    ),
    snapshots: db.prepare<{ id: string; since: number | null; until: number | null; after: number; limit: number }, SnapshotDb>(
      `SELECT seq, at, vals FROM monitor_snapshots WHERE monitor_id = @id AND seq > @after
         AND (@since IS NULL OR at >= @since) AND (@until IS NULL OR at < @until) ORDER BY seq LIMIT @limit`,
    ),
    changes: db.prepare<{ id: string; since: number | null; until: number | null; after: number; limit: number }, ChangeDb>(
      `SELECT seq, at, field, before, after FROM monitor_changes WHERE monitor_id = @id AND seq > @after
         AND (@since IS NULL OR at >= @since) AND (@until IS NULL OR at < @until) ORDER BY seq LIMIT @limit`,
    ),
    keyBytes: db.prepare<[string], { n: number | null }>('SELECT history_bytes AS n FROM monitor_keys WHERE key_id = ?'),
    moreKeyBytes: db.prepare(
      'INSERT INTO monitor_keys (key_id, history_bytes) VALUES (?, ?) ON CONFLICT (key_id) DO UPDATE SET history_bytes = history_bytes + excluded.history_bytes',
    ),
    oldestSnapshots: db.prepare<[string, number, number], { seq: number; at: number; vals: string }>(
      'SELECT seq, at, vals FROM monitor_snapshots WHERE monitor_id = ? AND at < ? ORDER BY seq LIMIT ?',
    ),
    oldestChanges: db.prepare<[string, number, number], { seq: number; at: number; field: string; before: string; after: string }>(
      'SELECT seq, at, field, before, after FROM monitor_changes WHERE monitor_id = ? AND at < ? ORDER BY seq LIMIT ?',
    ),
    delSnapshot: db.prepare('DELETE FROM monitor_snapshots WHERE seq = ?'),
    delChange: db.prepare('DELETE FROM monitor_changes WHERE seq = ?'),
    lessBytes: db.prepare('UPDATE monitors SET history_bytes = MAX(0, history_bytes - ?) WHERE id = ?'),
    lessKeyBytes: db.prepare(
      'UPDATE monitor_keys SET history_bytes = MAX(0, history_bytes - @bytes) WHERE key_id = (SELECT key_id FROM monitors WHERE id = @id)',
    ),
    expiredSnapshots: db.prepare<[number], { seq: number; monitor_id: string; vals: string }>(
      'SELECT seq, monitor_id, vals FROM monitor_snapshots WHERE at < ? LIMIT 1000',
    ),
    expiredChanges: db.prepare<[number], { seq: number; monitor_id: string; field: string; before: string; after: string }>(
      'SELECT seq, monitor_id, field, before, after FROM monitor_changes WHERE at < ? LIMIT 1000',
    ),
    delMonitor: db.prepare('DELETE FROM monitors WHERE id = ?'),
    /** The key's other monitors, oldest first (trimHistory's second pass). */
    othersOf: db.prepare<[string, string], { id: string }>('SELECT id FROM monitors WHERE key_id = ? AND id <> ? ORDER BY created_at, id'),
    delSnapshots: db.prepare('DELETE FROM monitor_snapshots WHERE monitor_id = ?'),
    delChanges: db.prepare('DELETE FROM monitor_changes WHERE monitor_id = ?'),
    delEvents: db.prepare('DELETE FROM monitor_events WHERE monitor_id = ?'),
    nextEvent: db.prepare<[string], EventRow>(
      'SELECT seq, monitor_id, event, body, attempts FROM monitor_events WHERE monitor_id = ? ORDER BY seq LIMIT 1',
    ),
    eventsDue: db.prepare<[], { id: string }>('SELECT DISTINCT monitor_id AS id FROM monitor_events'),
    eventAttempt: db.prepare('UPDATE monitor_events SET attempts = attempts + 1 WHERE seq = ?'),
    eventOutcome: db.prepare('UPDATE monitor_events SET last_status = ?, last_error = ? WHERE seq = ?'),
    eventDone: db.prepare('DELETE FROM monitor_events WHERE seq = ?'),
  };
}

type Statements = ReturnType<typeof statements>;

const iso = () => new Date().toISOString();

/** The claim of a row read in this transaction (see the header). */
function claimRow(q: Statements, row: MonitorRow, now: number, manual: boolean): Claim {
  if (row.lease_until !== null && row.lease_until > now) return { kind: 'busy' };
  const lease = now + LEASE_MS;
  if (row.lease_until !== null && row.claimed_due !== null && !manual) {
    q.takeover.run({ id: row.id, lease });
    return { kind: 'claimed', row: q.get.get(row.id)!, takeover: true };
  }
  if (manual) {
    q.claimManual.run({ id: row.id, lease });
    return { kind: 'claimed', row: q.get.get(row.id)!, takeover: false };
  }
  if (row.status !== 'active') return { kind: 'inactive' };
  if (row.next_run_at > now + earlyTolerance(row.interval_ms)) return { kind: 'early' };
  q.claimScheduled.run({ id: row.id, lease, next: nextDue(row.next_run_at, row.interval_ms, now) });
  return { kind: 'claimed', row: q.get.get(row.id)!, takeover: false };
}

/** Inside a transaction: the run's end (see RunRecord); undefined when the run no longer holds the monitor. */
function recordRun(q: Statements, id: string, r: RunRecord): MonitorRow | undefined {
  const snapshotJson = r.snapshot && Object.keys(r.snapshot).length ? JSON.stringify(r.snapshot) : null;
  const changeRows = r.changes.map((c) => [c.field, JSON.stringify(c.before), JSON.stringify(c.after)] as const);
  const bytes = (snapshotJson ? rowBytes(snapshotJson) : 0) + changeRows.reduce((n, c) => n + rowBytes(c.join('')), 0);
  const valuesJson = r.values ? JSON.stringify(r.values) : null;
  // The key's bytes change by the new values' length less the old ones' (replaced, not added).
  const valuesDelta = valuesJson === null ? 0 : valuesJson.length - (q.get.get(id)?.values_bytes ?? 0);
  const changed = q.record.run({
    id,
    run: r.runNo,
    at: r.at,
    counted: r.counted ? 1 : 0,
    charged: r.charged,
    day: dayOf(r.at),
    values: valuesJson,
    valuesBytes: valuesJson === null ? null : valuesJson.length,
    outcome: JSON.stringify(r.outcome),
    nf: r.notFound,
    stop: r.stop,
    bytes,
    now: iso(),
  }).changes;
  if (changed === 0) return undefined;
  const after = q.get.get(id)!;
  if (bytes + valuesDelta) q.moreKeyBytes.run(after.key_id, bytes + valuesDelta);
  if (snapshotJson) q.snapshot.run(id, r.at, snapshotJson);
  for (const [field, before, was] of changeRows) q.change.run(id, r.at, field, before, was);
  if (after.webhook_url && after.webhook_secret) {
    const events = r.events(after);
    for (const e of events) q.event.run(id, e.event, e.body);
    const dropped = events.length ? q.dropOldEvents.run({ id, keep: EVENTS_MAX }).changes : 0;
    if (dropped) r.eventsDropped?.(dropped);
  }
  return after;
}

/** `bytes` of `id`'s history dropped: its count and its key's. */
function less(q: Statements, bytes: number, id: string): void {
  q.lessKeyBytes.run({ bytes, id });
  q.lessBytes.run(bytes, id);
}

/**
 * Drops history until `id`'s key (its monitors' history and last values) is within `quota` bytes,
 * oldest first: `id`'s from before `runAt` (the run just recorded), then — should that not be
 * enough — the key's other monitors', oldest monitor first, and only then the run's own rows.
 */
function trimHistory(q: Statements, id: string, keyId: string, quota: number, runAt = Number.MAX_SAFE_INTEGER): number {
  const over = () => (q.keyBytes.get(keyId)?.n ?? 0) > quota;
  let dropped = trimOne(q, id, keyId, quota, runAt);
  for (const other of over() ? q.othersOf.all(keyId, id) : []) {
    if (!over()) break;
    dropped += trimOne(q, other.id, keyId, quota);
  }
  if (over()) dropped += trimOne(q, id, keyId, quota);
  return dropped;
}

/** Drops the oldest history of `id` from before `until` until its key is within `quota` bytes (or it has none left). */
function trimOne(q: Statements, id: string, keyId: string, quota: number, until = Number.MAX_SAFE_INTEGER): number {
  let over = (q.keyBytes.get(keyId)?.n ?? 0) - quota;
  let dropped = 0;
  while (over > 0) {
    // Oldest first across both: the two lists' heads merged by time (a run's snapshot before its changes).
    const snaps = q.oldestSnapshots.all(id, until, 100);
    const changes = q.oldestChanges.all(id, until, 100);
    if (!snaps.length && !changes.length) break;
    let i = 0;
    let j = 0;
    while (over > 0 && (i < snaps.length || j < changes.length)) {
      const snap = snaps[i];
      const change = changes[j];
      let b: number;
      if (snap && (!change || snap.at <= change.at)) {
        q.delSnapshot.run(snap.seq);
        b = rowBytes(snap.vals);
        i++;
      } else {
        q.delChange.run(change.seq);
        b = rowBytes(change.field + change.before + change.after);
        j++;
      }
      less(q, b, id);
      over -= b;
      dropped++;
    }
  }
  return dropped;
}

/** A monitor with its history and events; its key's bytes less its history's and its last values'. */
function deleteMonitorRows(q: Statements, id: string): boolean {
  const row = q.get.get(id);
  if (row && row.history_bytes + row.values_bytes) q.lessKeyBytes.run({ bytes: row.history_bytes + row.values_bytes, id });
  q.delSnapshots.run(id);
  q.delChanges.run(id);
  q.delEvents.run(id);
  return q.delMonitor.run(id).changes > 0;
}

/** The columns a patch sets as given (its cadence, watch, webhook, daily cap); pausing and resuming are the store's own rule. */
export function patchedColumns(p: MonitorPatch): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  if (p.every) Object.assign(set, p.every);
  if (p.watch !== undefined) set.watch = p.watch;
  if (p.webhook !== undefined) {
    set.webhook_url = p.webhook?.url ?? null;
    set.webhook_secret = p.webhook?.secret ?? null;
  }
  if (p.max_credits_per_day !== undefined) set.max_credits_per_day = p.max_credits_per_day;
  return set;
}

/** The patch on a row read in this transaction: only the columns it gives; resuming resets the not-found streak. */
function updateRow(db: Db, q: Statements, id: string, p: MonitorPatch): MonitorRow | undefined {
  const row = q.get.get(id);
  if (!row) return undefined;
  const set = patchedColumns(p);
  if (p.paused) {
    if (p.paused.paused) set.status = 'paused';
    else if (row.status !== 'active') {
      set.status = 'active';
      set.not_found_streak = 0;
      set.next_run_at = Math.min((set.next_run_at as number | undefined) ?? row.next_run_at, p.paused.resume_at);
    }
  }
  set.updated_at = iso();
  const cols = Object.keys(set);
  db.prepare(`UPDATE monitors SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({ ...set, id });
  // A monitor with no webhook any more has nothing to deliver.
  if (p.webhook === null) q.delEvents.run(id);
  return q.get.get(id);
}

/** Up to 1000 snapshots and 1000 changes older than `before` deleted; returns how many. */
function purgeExpired(q: Statements, before: number): number {
  let n = 0;
  for (const s of q.expiredSnapshots.all(before)) {
    q.delSnapshot.run(s.seq);
    less(q, rowBytes(s.vals), s.monitor_id);
    n++;
  }
  for (const c of q.expiredChanges.all(before)) {
    q.delChange.run(c.seq);
    less(q, rowBytes(c.field + c.before + c.after), c.monitor_id);
    n++;
  }
  return n;
}

/** The monitors' webhook events, a table in the file (one process holds DATA_DIR). */
function sqliteOutbox(db: Db, q: Statements): WebhookOutbox {
  return {
    get open() {
      return db.open;
    },
    async next(monitorId): Promise<WebhookDelivery | undefined> {
      const e = q.nextEvent.get(monitorId);
      const m = e && q.get.get(monitorId);
      if (!e || !m?.webhook_url || !m.webhook_secret) return undefined;
      return {
        id: `${monitorId}.${e.seq}`,
        event: e.event,
        key: String(e.seq),
        url: m.webhook_url,
        secret: m.webhook_secret,
        attempts: e.attempts,
        body: () => e.body,
        log: { monitor: monitorId, event: e.event },
      };
    },
    due: async () => q.eventsDue.all().map((r) => r.id),
    // One process holds DATA_DIR: the sender's own bookkeeping keeps one delivery per monitor.
    claim: async () => true,
    attempt: async (_id, key) => void q.eventAttempt.run(Number(key)),
    outcome: async (_id, key, last: WebhookAnswer) => void q.eventOutcome.run(last.status, last.error, Number(key)),
    done: async (_id, key) => void q.eventDone.run(Number(key)),
  };
}

/** Each of its transactions reads, then writes what it read: each begins IMMEDIATE (writeTransaction). */
export function createSqliteMonitorStore(db: Db) {
  migrate(db);
  const q = statements(db);

  const claimTx = writeTransaction(db, (id: string, now: number, manual: boolean): Claim => {
    const row = q.get.get(id);
    if (!row) return { kind: 'gone' };
    return claimRow(q, row, now, manual);
  });

  /** The earliest due monitor not running, claimed (the embedded scheduler's one step). */
  const claimNextTx = writeTransaction(db, (now: number): MonitorRow | undefined => {
    const row = q.firstDue.get(now);
    if (!row) return undefined;
    const c = claimRow(q, row, now, false);
    return c.kind === 'claimed' ? c.row : undefined;
  });

  /** Inside a transaction: the run's end (see RunRecord); undefined when the run no longer holds the monitor. */
  const recordIn = (id: string, r: RunRecord) => recordRun(q, id, r);
  const createTx = writeTransaction(db, (m: NewMonitor, maxPerKey: number): MonitorRow | 'limit' => {
    if (q.countOf.get(m.key_id)!.n >= maxPerKey) return 'limit';
    q.insert.run({ ...m, at: iso() });
    return q.get.get(m.id)!;
  });
  const recordTx = writeTransaction(db, (id: string, r: RunRecord) => recordIn(id, r));
  const trimTx = writeTransaction(db, (id: string, keyId: string, quota: number, runAt?: number) =>
    trimHistory(q, id, keyId, quota, runAt),
  );
  const deleteTx = writeTransaction(db, (id: string) => deleteMonitorRows(q, id));
  const updateTx = writeTransaction(db, (id: string, p: MonitorPatch) => updateRow(db, q, id, p));
  const purgeTx = writeTransaction(db, (before: number) => purgeExpired(q, before));
  const outbox = sqliteOutbox(db, q);

  return {
    db,
    /** Runs a previous process died making are due again (at start: no other process runs here). */
    giveBackLeftOver: (): number => q.leftOver.run().changes,
    claimNext: (now: number) => claimNextTx(now),
    /** When the earliest monitor not running is due (null: none is active). */
    nextDueAt: (): number | null => q.nextDueAt.get()?.at ?? null,
    recordIn,
    /** See trimHistory: `runAt`, the run just recorded, whose rows go last. */
    trim: (id: string, keyId: string, quota: number, runAt?: number) => trimTx(id, keyId, quota, runAt),
    store: {
      get open() {
        return db.open;
      },
      create: async (m, maxPerKey) => createTx(m, maxPerKey),
      get: async (id) => q.get.get(id),
      list: async (keyId, { status, limit, after }) =>
        after
          ? q.listAfter.all({ key: keyId, status, limit, at: after.created_at, id: after.id })
          : q.listFirst.all({ key: keyId, status, limit }),
      update: async (id, patch) => updateTx(id, patch),
      delete: async (id) => deleteTx(id),
      claim: async (id, now, manual) => claimTx(id, now, manual),
      record: async (id, r) => recordTx(id, r),
      snapshots: async (id, h) =>
        q.snapshots
          .all({ id, since: h.since, until: h.until, after: h.after ?? 0, limit: h.limit })
          .map((s) => ({ seq: s.seq, at: s.at, values: JSON.parse(s.vals) as Record<string, number>, bytes: s.vals.length })),
      changes: async (id, h) =>
        q.changes.all({ id, since: h.since, until: h.until, after: h.after ?? 0, limit: h.limit }).map((c) => ({
          seq: c.seq,
          at: c.at,
          field: c.field,
          before: JSON.parse(c.before) as unknown,
          after: JSON.parse(c.after) as unknown,
          bytes: changeBytes(c.field, c.before, c.after),
        })),
      async purge(retentionMs) {
        const before = Date.now() - retentionMs;
        let n = 0;
        for (let got = purgeTx(before); got > 0; got = purgeTx(before)) n += got;
        return n;
      },
      outbox,
    } satisfies MonitorStore,
  };
}

interface SnapshotDb {
  seq: number;
  at: number;
  vals: string;
}

interface ChangeDb {
  seq: number;
  at: number;
  field: string;
  before: string;
  after: string;
}

export type SqliteMonitorStore = ReturnType<typeof createSqliteMonitorStore>;
