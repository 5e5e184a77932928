/**
 * What a job is (JobRow, results), the JobStore interface the routes, GraphQL and webhooks use
 * whichever store holds the jobs, and the embedded store behind it (the Redis one is
 * redis-store.ts).
 *
 * The embedded store is the SQLite file under DATA_DIR that holds the ledger: a job row and one
 * row per item, in input order.
 *
 * An item is `pending` until its outcome is recorded; then `done`, with its HTTP status, error
 * code, charge, cached flag and the REST body the single request would have answered. The
 * outcome of an item that reserved credits is recorded in the ledger's settle transaction
 * (Ledger.settleRecorded): the charge and the result are committed together or not at all. So a
 * crash (kill -9) at any point leaves each item either done-and-charged-once or pending-and-
 * uncharged (its open reservation is refunded at the next start), and pending items simply run
 * again. The job's counters are updated in the same transaction as the item.
 *
 * A new job's items are written in slices (CREATE_SLICE per transaction, each in an event-loop
 * turn of its own, setImmediate between them): 100,000 items in one transaction held every other
 * request up for ~0.4 s. Until its last slice the job's row is `creating`: no
 * runner takes it up, the routes show it as `queued`, and one left by a crash mid-creation (its
 * client never got a 202) is deleted at the next start.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { writeTransaction } from '../store/sqlite.js';
import type { Db } from '../store/sqlite.js';

export type JobStatus = 'queued' | 'running' | 'completed' | 'cancelled' | 'stopped_at_cap' | 'stopped_no_credits';
export const JOB_STATUSES: readonly JobStatus[] = ['queued', 'running', 'completed', 'cancelled', 'stopped_at_cap', 'stopped_no_credits'];
/** Statuses after which nothing runs until a resume (stopped_*) or ever (completed, cancelled). */
export const FINAL: ReadonlySet<JobStatus> = new Set(['completed', 'cancelled', 'stopped_at_cap', 'stopped_no_credits']);

export interface JobRow {
  id: string;
  key_id: string;
  operation: string;
  status: JobStatus;
  total: number;
  cache_max_age: string | null;
  max_credits: number | null;
  webhook_url: string | null;
  /** Sealed (src/store/secrets.ts): opened only to sign a delivery (webhook.ts). */
  webhook_secret: string | null;
  /** The terminal status the webhook still has to report (null: nothing to send). */
  webhook_event: string | null;
  /** Deliveries of the job's latest event tried so far. */
  webhook_attempts: number;
  /** The latest attempt's HTTP status (null: none tried, or no answer came). */
  webhook_last_status: number | null;
  /** What went wrong with the latest attempt, in a line (null: none tried, or delivered). */
  webhook_last_error: string | null;
  /** 1: the latest event delivered; 0: given up (refused for good, or every attempt failed); null: neither yet. */
  webhook_delivered: number | null;
  idempotency_key: string | null;
  done: number;
  ok: number;
  cached: number;
  failed: number;
  credits_charged: number;
  /** Bytes of inputs and results stored (the per-key quota). */
  bytes: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface ItemRow {
  idx: number;
  input: string;
}

export interface ResultRow {
  idx: number;
  input: string;
  status: number;
  code: string | null;
  credits_charged: number;
  cached: number;
  body: string;
}

export interface ItemOutcome {
  status: number;
  code: string | null;
  charged: number;
  cached: boolean;
  body: string;
}

/** What POST /v1/jobs stores (the rest of a JobRow starts at its defaults). */
export type NewJob = Pick<
  JobRow,
  'id' | 'key_id' | 'operation' | 'total' | 'cache_max_age' | 'max_credits' | 'webhook_url' | 'webhook_secret' | 'idempotency_key' | 'bytes'
>;

/** Where a page of a key's jobs ends: the last job listed (newest first: the next page is older). */
export interface JobCursor {
  created_at: string;
  id: string;
}

/** Which of a key's jobs to list (GET /v1/jobs, GraphQL lookupJobs). */
export interface JobListQuery {
  status: JobStatus | null;
  limit: number;
  after: JobCursor | null;
}

/**
 * The jobs as the routes, GraphQL and webhooks see them, whichever store holds them: the embedded
 * SQLite one (below) or the Redis one shared by every instance (redis-store.ts). Each store's
 * runner (runner.ts, queue.ts) runs the items with that store's own guarantees.
 */
export interface JobStore {
  /** False once closed: a stream of results stops. */
  readonly open: boolean;
  /**
   * Creates the job and its items; a job with the same key and idempotency key already there is
   * returned instead. With `maxOpen`, the job is created only while its key has fewer unfinished
   * jobs than that (counted and created in one step: two creates at the same moment cannot both
   * take the last place); otherwise OpenJobsLimit is thrown and nothing is stored.
   */
  create(job: NewJob, inputs: string[], maxOpen?: number): Promise<{ row: JobRow; existing: boolean }>;
  get(id: string): Promise<JobRow | undefined>;
  byIdempotencyKey(keyId: string, key: string): Promise<JobRow | undefined>;
  /**
   * A key's jobs, newest first (created_at, then id, descending), with `status` only, older than
   * `after`, at most `limit`.
   */
  list(keyId: string, q: JobListQuery): Promise<JobRow[]>;
  /** Queued or running jobs of a key. */
  unfinishedCount(keyId: string): Promise<number>;
  /** Bytes of inputs and results a key's jobs hold (the quota). */
  bytesOf(keyId: string): Promise<number>;
  /** The first item not done, in input order. */
  firstPending(jobId: string): Promise<ItemRow | undefined>;
  /** Done items after index `afterIdx`, in input order, at most `limit`. */
  results(jobId: string, afterIdx: number, limit: number): Promise<ResultRow[]>;
  /**
   * A stopped job (stopped_at_cap, stopped_no_credits) queued again, with this cap; false when the
   * job is not stopped (now): a job cancelled or resumed meanwhile is left as it is. With
   * `maxOpen`, only while its key has fewer unfinished jobs than that (counted in the same step;
   * OpenJobsLimit thrown otherwise, the job left stopped).
   */
  resume(id: string, maxCredits: number | null, maxOpen?: number): Promise<boolean>;
  /** Jobs with a webhook event not yet delivered (nor given up). */
  webhooksDue(): Promise<JobRow[]>;
  /**
   * Takes (or keeps) the delivery of a job's webhook for `ms`: false when another instance is
   * delivering it. One process at a time delivers each event.
   */
  claimWebhook(id: string, ms: number): Promise<boolean>;
  /** One more delivery of the event is tried (counted before it is sent: a crash mid-attempt counts it). */
  webhookAttempt(id: string, event: string): Promise<void>;
  /** What the event's latest attempt got (unless the job has ended anew meanwhile). */
  webhookOutcome(id: string, event: string, last: WebhookAnswer): Promise<void>;
  /** The event delivered (true) or given up (false): nothing more is sent for it. */
  webhookDone(id: string, event: string, delivered: boolean): Promise<void>;
}

/** Thrown by JobStore.create when the key has `maxOpen` unfinished jobs already: nothing was stored. */
export class OpenJobsLimit extends Error {
  constructor(readonly keyId: string) {
    super(`key ${keyId} has its most unfinished jobs already`);
    this.name = 'OpenJobsLimit';
  }
}

/** A webhook delivery attempt's answer (JobRow's webhook_last_*). */
export interface WebhookAnswer {
  status: number | null;
  error: string | null;
}

/** Items written per transaction when a job is created (one event-loop turn each, ~4 ms). */
export const CREATE_SLICE = 1_000;

/** A job still being written shows as queued (it is, as far as its client can know). */
const visible = (row: JobRow | undefined): JobRow | undefined =>
  row && (row.status as string) === 'creating' ? { ...row, status: 'queued' } : row;

/** The jobs and job_items tables, and the columns added since (stores created before get them here). */
function migrate(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS jobs (
      id TEXT PRIMARY KEY,
      key_id TEXT NOT NULL,
      operation TEXT NOT NULL,
      status TEXT NOT NULL,
      total INTEGER NOT NULL,
      cache_max_age TEXT,
      max_credits INTEGER,
      webhook_url TEXT,
      webhook_secret TEXT,
      webhook_event TEXT,
      webhook_attempts INTEGER NOT NULL DEFAULT 0,
      idempotency_key TEXT,
      done INTEGER NOT NULL DEFAULT 0,
      ok INTEGER NOT NULL DEFAULT 0,
      cached INTEGER NOT NULL DEFAULT 0,
      failed INTEGER NOT NULL DEFAULT 0,
      credits_charged INTEGER NOT NULL DEFAULT 0,
      bytes INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      finished_at TEXT
    );
    CREATE UNIQUE INDEX IF NOT EXISTS jobs_idempotency ON jobs(key_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
    CREATE INDEX IF NOT EXISTS jobs_status ON jobs(status);
    CREATE INDEX IF NOT EXISTS jobs_key_created ON jobs(key_id, created_at, id);
    CREATE TABLE IF NOT EXISTS job_items (
      job_id TEXT NOT NULL,
      idx INTEGER NOT NULL,
      input TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'done')),
      status INTEGER,
      code TEXT,
      credits_charged INTEGER NOT NULL DEFAULT 0,
      cached INTEGER NOT NULL DEFAULT 0,
      body TEXT,
      PRIMARY KEY (job_id, idx)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS job_items_state ON job_items(job_id, state, idx);
  `);
  // Webhook outcomes (added later).
  const jobColumns = new Set((db.prepare('PRAGMA table_info(jobs)').all() as { name: string }[]).map((c) => c.name));
  if (!jobColumns.has('webhook_last_status')) db.exec('ALTER TABLE jobs ADD COLUMN webhook_last_status INTEGER');
  if (!jobColumns.has('webhook_last_error')) db.exec('ALTER TABLE jobs ADD COLUMN webhook_last_error TEXT');
  if (!jobColumns.has('webhook_delivered')) db.exec('ALTER TABLE jobs ADD COLUMN webhook_delivered INTEGER');
}

/** The store's statements, prepared once. */
function statements(db: Db) {
  return {
    // Inserted only while the key has fewer unfinished jobs than @max (NULL: no limit), counted in
    // the same statement: no other create comes between the count and the insert.
    insJob: db.prepare(
      `INSERT INTO jobs (id, key_id, operation, status, total, cache_max_age, max_credits, webhook_url, webhook_secret, idempotency_key, bytes, created_at, updated_at)
       SELECT @id, @key_id, @operation, 'creating', @total, @cache_max_age, @max_credits, @webhook_url, @webhook_secret, @idempotency_key, @bytes, @at, @at
       WHERE @max IS NULL
          OR (SELECT COUNT(*) FROM jobs WHERE key_id = @key_id AND status IN ('creating', 'queued', 'running')) < @max`,
    ),
    created: db.prepare("UPDATE jobs SET status = 'queued', updated_at = @at WHERE id = @id AND status = 'creating'"),
    creating: db.prepare<[], { id: string }>("SELECT id FROM jobs WHERE status = 'creating'"),
    insItem: db.prepare("INSERT INTO job_items (job_id, idx, input, state) VALUES (?, ?, ?, 'pending')"),
    get: db.prepare<[string], JobRow>('SELECT * FROM jobs WHERE id = ?'),
    byIdem: db.prepare<[string, string], JobRow>('SELECT * FROM jobs WHERE key_id = ? AND idempotency_key = ?'),
    // A key's jobs, newest first; with a cursor, a seek on jobs_key_created past the last one
    // listed. A job still being written is listed as queued (visible()).
    listFirst: db.prepare<{ key: string; status: string | null; limit: number }, JobRow>(
      `SELECT * FROM jobs WHERE key_id = @key AND (@status IS NULL OR status = @status OR (@status = 'queued' AND status = 'creating'))
       ORDER BY created_at DESC, id DESC LIMIT @limit`,
    ),
    listAfter: db.prepare<{ key: string; status: string | null; limit: number; at: string; id: string }, JobRow>(
      `SELECT * FROM jobs WHERE key_id = @key AND (created_at, id) < (@at, @id)
         AND (@status IS NULL OR status = @status OR (@status = 'queued' AND status = 'creating'))
       ORDER BY created_at DESC, id DESC LIMIT @limit`,
    ),
    unfinished: db.prepare<[], JobRow>("SELECT * FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at"),
    unfinishedOf: db.prepare<[string], { n: number }>(
      "SELECT COUNT(*) AS n FROM jobs WHERE key_id = ? AND status IN ('creating', 'queued', 'running')",
    ),
    bytesOf: db.prepare<[string], { n: number | null }>('SELECT SUM(bytes) AS n FROM jobs WHERE key_id = ?'),
    webhooksDue: db.prepare<[], JobRow>('SELECT * FROM jobs WHERE webhook_event IS NOT NULL'),
    pending: db.prepare<[string, number, number], ItemRow>(
      "SELECT idx, input FROM job_items WHERE job_id = ? AND state = 'pending' AND idx > ? ORDER BY idx LIMIT ?",
    ),
    firstPending: db.prepare<[string], ItemRow>(
      "SELECT idx, input FROM job_items WHERE job_id = ? AND state = 'pending' ORDER BY idx LIMIT 1",
    ),
    results: db.prepare<[string, number, number], ResultRow>(
      "SELECT idx, input, status, code, credits_charged, cached, body FROM job_items WHERE job_id = ? AND state = 'done' AND idx > ? ORDER BY idx LIMIT ?",
    ),
    done: db.prepare(
      "UPDATE job_items SET state = 'done', status = @status, code = @code, credits_charged = @charged, cached = @cached, body = @body WHERE job_id = @job AND idx = @idx AND state = 'pending'",
    ),
    count: db.prepare(
      'UPDATE jobs SET done = done + 1, ok = ok + @ok, cached = cached + @cached, failed = failed + @failed, credits_charged = credits_charged + @charged, bytes = bytes + @bytes, updated_at = @at WHERE id = @job',
    ),
    setStatus: db.prepare('UPDATE jobs SET status = @status, updated_at = @at, finished_at = @finished WHERE id = @id'),
    finish: db.prepare(
      'UPDATE jobs SET status = @status, updated_at = @at, finished_at = @at, webhook_event = CASE WHEN webhook_url IS NULL THEN NULL ELSE @status END, webhook_attempts = 0, webhook_last_status = NULL, webhook_last_error = NULL, webhook_delivered = NULL WHERE id = @id',
    ),
    resume: db.prepare(
      `UPDATE jobs SET status = 'queued', max_credits = @max, updated_at = @at, finished_at = NULL
       WHERE id = @id AND status IN ('stopped_at_cap', 'stopped_no_credits')
         AND (@maxOpen IS NULL OR (SELECT COUNT(*) FROM jobs AS o WHERE o.key_id = jobs.key_id AND o.status IN ('creating', 'queued', 'running')) < @maxOpen)`,
    ),
    webhookAttempt: db.prepare('UPDATE jobs SET webhook_attempts = webhook_attempts + 1 WHERE id = ? AND webhook_event = ?'),
    webhookOutcome: db.prepare(
      'UPDATE jobs SET webhook_last_status = @status, webhook_last_error = @error WHERE id = @id AND webhook_event = @event',
    ),
    webhookDone: db.prepare(
      'UPDATE jobs SET webhook_event = NULL, webhook_delivered = @delivered WHERE id = @id AND webhook_event = @event',
    ),
    expired: db.prepare<[string], { id: string }>(
      "SELECT id FROM jobs WHERE finished_at IS NOT NULL AND finished_at < ? AND status IN ('completed', 'cancelled', 'stopped_at_cap', 'stopped_no_credits')",
    ),
    delItems: db.prepare('DELETE FROM job_items WHERE job_id = ?'),
    delJob: db.prepare('DELETE FROM jobs WHERE id = ?'),
  };
}

export function createSqliteJobStore(db: Db) {
  migrate(db);
  const q = statements(db);
  const now = () => new Date().toISOString();

  const recordTx = writeTransaction(db, (jobId: string, idx: number, o: ItemOutcome): boolean => recordIn(jobId, idx, o));

  const insertItems = db.transaction((jobId: string, inputs: string[], from: number, to: number) => {
    for (let i = from; i < to; i++) q.insItem.run(jobId, i, inputs[i]);
  });
  /** Deletes jobs and their items (a transaction). */
  const deleteJobs = db.transaction((ids: string[]) => {
    for (const id of ids) {
      q.delItems.run(id);
      q.delJob.run(id);
    }
    return ids.length;
  });

  /**
   * The job and its items, written in slices of CREATE_SLICE, each in an event-loop turn of its
   * own; the job is `creating` (taken up by no runner) until the last. A failure deletes what was
   * written and is thrown; a unique-key failure of the first insert (the same idempotency key)
   * writes nothing, nor does a key with `maxOpen` unfinished jobs already (OpenJobsLimit).
   */
  async function create(job: NewJob, inputs: string[], maxOpen?: number): Promise<void> {
    if (q.insJob.run({ ...job, at: now(), max: maxOpen ?? null }).changes === 0) throw new OpenJobsLimit(job.key_id);
    try {
      for (let from = 0; from < inputs.length; from += CREATE_SLICE) {
        if (from > 0) await nextTurn();
        insertItems(job.id, inputs, from, Math.min(inputs.length, from + CREATE_SLICE));
      }
      q.created.run({ id: job.id, at: now() });
    } catch (e) {
      if (db.open) deleteJobs([job.id]);
      throw e;
    }
  }

  /** Inside a transaction: the item done, the job's counters; false when it was done already. */
  function recordIn(jobId: string, idx: number, o: ItemOutcome): boolean {
    const changed = q.done.run({
      job: jobId,
      idx,
      status: o.status,
      code: o.code,
      charged: o.charged,
      cached: o.cached ? 1 : 0,
      body: o.body,
    }).changes;
    if (changed === 0) return false;
    const ok = o.status < 400;
    q.count.run({
      job: jobId,
      ok: ok ? 1 : 0,
      cached: o.cached ? 1 : 0,
      failed: ok ? 0 : 1,
      charged: o.charged,
      bytes: o.body.length,
      at: now(),
    });
    return true;
  }

  return {
    db,
    create,
    /** Jobs left `creating` by a process that died writing them (at start: no other process writes here). */
    dropUnfinishedCreations: () => deleteJobs(q.creating.all().map((r) => r.id)),
    get: (id: string) => visible(q.get.get(id)),
    byIdempotencyKey: (keyId: string, key: string) => visible(q.byIdem.get(keyId, key)),
    list: (keyId: string, { status, limit, after }: JobListQuery): JobRow[] =>
      (after
        ? q.listAfter.all({ key: keyId, status, limit, at: after.created_at, id: after.id })
        : q.listFirst.all({ key: keyId, status, limit })
      ).map((r) => visible(r)!),
    unfinished: () => q.unfinished.all(),
    unfinishedCount: (keyId: string) => q.unfinishedOf.get(keyId)!.n,
    bytesOf: (keyId: string) => q.bytesOf.get(keyId)!.n ?? 0,
    webhooksDue: () => q.webhooksDue.all(),
    pending: (jobId: string, afterIdx: number, limit: number) => q.pending.all(jobId, afterIdx, limit),
    firstPending: (jobId: string) => q.firstPending.get(jobId),
    results: (jobId: string, afterIdx: number, limit: number) => q.results.all(jobId, afterIdx, limit),
    /** Records an item that charged nothing through a reservation (cache hit, error before one). */
    record: (jobId: string, idx: number, o: ItemOutcome) => recordTx(jobId, idx, o),
    /** The same, inside a transaction the caller opened (the ledger's settle). */
    recordIn,
    setStatus: (id: string, status: JobStatus) => q.setStatus.run({ id, status, at: now(), finished: null }),
    /** A terminal status, and the webhook event to deliver when the job has a webhook. */
    finish: (id: string, status: JobStatus) => q.finish.run({ id, status, at: now() }),
    /** See JobStore.resume; the count and the update are one statement. */
    resume(id: string, maxCredits: number | null, maxOpen?: number): boolean {
      if (q.resume.run({ id, max: maxCredits, at: now(), maxOpen: maxOpen ?? null }).changes > 0) return true;
      const row = q.get.get(id);
      if (maxOpen !== undefined && row && (row.status === 'stopped_at_cap' || row.status === 'stopped_no_credits'))
        throw new OpenJobsLimit(row.key_id);
      return false;
    },
    webhookAttempt: (id: string, event: string) => q.webhookAttempt.run(id, event),
    webhookOutcome: (id: string, event: string, last: WebhookAnswer) => q.webhookOutcome.run({ id, event, ...last }),
    webhookDone: (id: string, event: string, delivered: boolean) => q.webhookDone.run({ id, event, delivered: delivered ? 1 : 0 }),
    /** Deletes finished jobs older than `retentionMs` with their items; returns how many. */
    purge: (retentionMs: number): number => deleteJobs(q.expired.all(new Date(Date.now() - retentionMs).toISOString()).map((r) => r.id)),
  };
}

export type SqliteJobStore = ReturnType<typeof createSqliteJobStore>;

/** The embedded store behind the common interface (the runner uses its synchronous calls directly). */
export function embeddedJobStore(s: SqliteJobStore): JobStore {
  return {
    get open() {
      return s.db.open;
    },
    async create(job, inputs, maxOpen) {
      try {
        await s.create(job, inputs, maxOpen);
      } catch (e) {
        // The same idempotency key, created by a concurrent request a moment ago (the job it
        // names, even when the key is at its limit now).
        const existing = job.idempotency_key ? s.byIdempotencyKey(job.key_id, job.idempotency_key) : undefined;
        if (existing) return { row: existing, existing: true };
        throw e;
      }
      return { row: s.get(job.id)!, existing: false };
    },
    get: async (id) => s.get(id),
    byIdempotencyKey: async (keyId, key) => s.byIdempotencyKey(keyId, key),
    list: async (keyId, query) => s.list(keyId, query),
    unfinishedCount: async (keyId) => s.unfinishedCount(keyId),
    bytesOf: async (keyId) => s.bytesOf(keyId),
    firstPending: async (jobId) => s.firstPending(jobId),
    results: async (jobId, afterIdx, limit) => s.results(jobId, afterIdx, limit),
    resume: async (id, maxCredits, maxOpen) => s.resume(id, maxCredits, maxOpen),
    webhooksDue: async () => s.webhooksDue(),
    // One process holds DATA_DIR: the sender's own bookkeeping keeps one delivery per job.
    claimWebhook: async () => true,
    webhookAttempt: async (id, event) => void s.webhookAttempt(id, event),
    webhookOutcome: async (id, event, last) => void s.webhookOutcome(id, event, last),
    webhookDone: async (id, event, delivered) => void s.webhookDone(id, event, delivered),
  };
}

/**
 * Seals the webhook secrets an earlier version stored in clear (at start, on the jobs table
 * createSqliteJobStore made); returns how many. The pages that held them are overwritten
 * (secure_delete) and the WAL emptied, so the clear values do not linger in the files.
 */
export function sealStoredWebhookSecrets(db: Db, seal: (plain: string) => string): number {
  const clear = db
    .prepare<[], { id: string; secret: string }>(
      "SELECT id, webhook_secret AS secret FROM jobs WHERE webhook_secret IS NOT NULL AND substr(webhook_secret, 1, 3) <> 'v1:'",
    )
    .all();
  if (!clear.length) return 0;
  const update = db.prepare('UPDATE jobs SET webhook_secret = ? WHERE id = ? AND webhook_secret = ?');
  const secureDelete = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  try {
    db.transaction(() => {
      for (const r of clear) update.run(seal(r.secret), r.id, r.secret);
    })();
  } finally {
    db.pragma(`secure_delete = ${secureDelete}`);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  return clear.length;
}
