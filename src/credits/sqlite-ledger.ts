/**
 * Embedded ledger on SQLite (better-sqlite3), for the one server process that holds DATA_DIR's
 * lock (src/store/lock.ts); the `keys` command opens the same file beside it to create keys, add
 * credits, revoke keys and set rate limits.
 *
 * Every operation is one statement or one transaction, read from and written to the file itself,
 * and answered once it has committed (WAL, synchronous=NORMAL: a commit
 * survives a crash of the process). better-sqlite3 is synchronous, so a transaction runs to its
 * end before any other request's code does. One thing is held in memory: keys looked up moments
 * ago (authenticate), dropped when another connection commits or this process writes the key
 * (key-memo.ts); reservations and settlements always read the key's row.
 * - Reservations and settlements asked for in one event-loop turn commit together (`inOneCommit`):
 *   each runs in its own savepoint of one transaction at the end of the turn, in the order asked,
 *   and each caller is answered after that commit — its own result, or its own error (a failing
 *   one rolls back only its savepoint). One commit per turn instead of one per call: the commit
 *   (its WAL write) was most of a settlement's cost (docs/performance.md).
 * - reserve: the amount taken from the key's balance and a reservation row written, in one
 *   transaction; when nothing was taken the key's row says why — revoked or unknown: UNAUTHORIZED
 *   (a key revoked after its request was authenticated is refused as revoked, never as poor),
 *   else a balance that cannot cover it (null). The conditional UPDATE `balance >= amount AND revoked_at IS NULL` is the only
 *   way credits leave a balance: balances never go negative.
 * - settle: the reservation row deleted, the charge recorded (the key's transaction row, below, and
 *   its `charged` total) and the rest given back, in one transaction; a reservation already closed
 *   changes nothing (settled at most once).
 * - A crash between the two leaves the row open; the next start refunds it (refundAbandoned).
 * A reservation of 0 credits holds nothing and writes nothing.
 *
 * Transactions (ledger.ts): a settlement that charges, a key created with credits and a top-up
 * write their `transactions` row in their own transaction, with the key's settled balance after
 * (`api_keys.settled`: granted minus charged, i.e. the balance plus what open reservations hold,
 * kept in the same statements). A job's charges update its one row. Rows older than the
 * retention (TRANSACTIONS_RETENTION_DAYS) are not listed, and are deleted as the key's next rows
 * are written. A charge is written once: its transaction row, and the key's `charged` total moved
 * in the same statement as `settled` (as the Redis ledger keeps it); `ledger_entries` records
 * grants and refunds of abandoned reservations (stores written before also hold a row per charge).
 */
import { randomUUID } from 'node:crypto';
import type { RateLimit } from '../config.js';
import { unknownOrRevokedKey } from '../errors.js';
import type { Db } from '../store/sqlite.js';
import { beforeClose, writeTransaction } from '../store/sqlite.js';
import { keyMemo } from './key-memo.js';
import { generateApiKey, hashApiKey, keyHint, shortenStoredHint } from './keys.js';
import { DEFAULT_TRANSACTIONS_KEEP_MS } from './ledger.js';
import type { AuthenticatedKey, KeyRecord, Ledger, Reservation, ReserveMeta, SettleOutcome, Transaction } from './ledger.js';

type RateRow = { rate_rps: number | null; rate_burst: number | null };
type KeyRow = { id: string; name: string; hint: string; balance: number; created_at: string; revoked_at: string | null } & RateRow;

const rateOf = (r: RateRow): RateLimit | undefined =>
  r.rate_rps === null || r.rate_burst === null ? undefined : { rps: r.rate_rps, burst: r.rate_burst };

/** The credits a settlement charges: `actual` rounded up, within 0 … reserved (0 for NaN or ±∞). */
const chargeOf = (actual: number, reserved: number) => (Number.isFinite(actual) ? Math.max(0, Math.min(Math.ceil(actual), reserved)) : 0);

const now = () => new Date().toISOString();

/** Open reservations, keyed by their id alone (one b-tree). */
const RESERVATIONS = `CREATE TABLE IF NOT EXISTS reservations (
      id TEXT PRIMARY KEY,
      key_id TEXT NOT NULL REFERENCES api_keys(id),
      amount INTEGER NOT NULL CHECK (amount >= 0),
      created_ms INTEGER NOT NULL
    ) WITHOUT ROWID`;

/** Creates the tables, and brings a store made by an earlier version up to date. */
function migrate(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS api_keys (
      id TEXT PRIMARY KEY,
      key_hash TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      hint TEXT NOT NULL,
      balance INTEGER NOT NULL CHECK (balance >= 0),
      created_at TEXT NOT NULL,
      revoked_at TEXT
    );
    ${RESERVATIONS};
    CREATE TABLE IF NOT EXISTS ledger_entries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      key_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('grant', 'charge', 'refund_abandoned')),
      amount INTEGER NOT NULL,
      at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ledger_entries_key ON ledger_entries(key_id, kind);
    CREATE TABLE IF NOT EXISTS transactions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      key_id TEXT NOT NULL,
      at_ms INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('grant', 'charge')),
      request_id TEXT,
      operation TEXT,
      job_id TEXT,
      monitor_id TEXT,
      credits INTEGER NOT NULL,
      balance_after INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS transactions_key ON transactions(key_id, id);
    CREATE INDEX IF NOT EXISTS transactions_age ON transactions(key_id, at_ms);
    CREATE UNIQUE INDEX IF NOT EXISTS transactions_job ON transactions(key_id, job_id) WHERE job_id IS NOT NULL;
  `);
  // Per-key rate limits (added later: stores created before get the columns here).
  const columns = new Set((db.prepare('PRAGMA table_info(api_keys)').all() as { name: string }[]).map((c) => c.name));
  if (!columns.has('rate_rps')) db.exec('ALTER TABLE api_keys ADD COLUMN rate_rps REAL');
  if (!columns.has('rate_burst')) db.exec('ALTER TABLE api_keys ADD COLUMN rate_burst INTEGER');
  // The settled balance (added with transactions): the balance plus what open reservations hold.
  if (!columns.has('settled'))
    db.transaction(() => {
      db.exec('ALTER TABLE api_keys ADD COLUMN settled INTEGER NOT NULL DEFAULT 0');
      db.exec('UPDATE api_keys SET settled = balance + COALESCE((SELECT SUM(amount) FROM reservations r WHERE r.key_id = api_keys.id), 0)');
    })();
  // The charged total (added when charges stopped writing a ledger_entries row each).
  if (!columns.has('charged'))
    db.transaction(() => {
      db.exec('ALTER TABLE api_keys ADD COLUMN charged INTEGER NOT NULL DEFAULT 0');
      db.exec(
        "UPDATE api_keys SET charged = COALESCE((SELECT SUM(amount) FROM ledger_entries e WHERE e.key_id = api_keys.id AND e.kind = 'charge'), 0)",
      );
    })();
  // Reservations keyed by their id alone (one b-tree, not a table and its index; stores made before
  // had a rowid table): the open rows carried over.
  const reservations = db
    .prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'reservations'")
    .get();
  if (reservations && !/WITHOUT ROWID/i.test(reservations.sql))
    db.transaction(() => {
      db.exec('ALTER TABLE reservations RENAME TO reservations_rowid');
      db.exec(RESERVATIONS);
      db.exec('INSERT INTO reservations SELECT id, key_id, amount, created_ms FROM reservations_rowid');
      db.exec('DROP TABLE reservations_rowid');
    })();
  // Hints stored before they were cut to the last 4 characters (an operator-chosen key kept 11).
  const fixHint = db.prepare('UPDATE api_keys SET hint = ? WHERE id = ?');
  db.transaction(() => {
    for (const r of db.prepare('SELECT id, hint FROM api_keys').all() as { id: string; hint: string }[]) {
      const short = shortenStoredHint(r.hint);
      if (short !== r.hint) fixHint.run(short, r.id);
    }
  })();
}

function statements(db: Db) {
  return {
    auth: db.prepare<[string], { id: string; balance: number } & RateRow>(
      'SELECT id, balance, rate_rps, rate_burst FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL',
    ),
    exists: db.prepare<[string], { id: string }>('SELECT id FROM api_keys WHERE key_hash = ?'),
    balance: db.prepare<[string], { balance: number }>('SELECT balance FROM api_keys WHERE id = ?'),
    account: db.prepare<[string], { balance: number; revoked_at: string | null }>('SELECT balance, revoked_at FROM api_keys WHERE id = ?'),
    take: db.prepare<{ id: string; amount: number }, { balance: number }>(
      'UPDATE api_keys SET balance = balance - @amount WHERE id = @id AND balance >= @amount AND revoked_at IS NULL RETURNING balance',
    ),
    give: db.prepare<{ id: string; amount: number }, { balance: number }>(
      'UPDATE api_keys SET balance = balance + @amount WHERE id = @id RETURNING balance',
    ),
    insRes: db.prepare('INSERT INTO reservations (id, key_id, amount, created_ms) VALUES (@id, @keyId, @amount, @ms)'),
    delRes: db.prepare<[string], { amount: number; key_id: string }>('DELETE FROM reservations WHERE id = ? RETURNING amount, key_id'),
    oldRes: db.prepare<[number], { id: string }>('SELECT id FROM reservations WHERE created_ms <= ?'),
    entry: db.prepare('INSERT INTO ledger_entries (key_id, kind, amount, at) VALUES (?, ?, ?, ?)'),
    insKey: db.prepare(
      'INSERT INTO api_keys (id, key_hash, name, hint, balance, settled, created_at) VALUES (@id, @hash, @name, @hint, @balance, @balance, @at)',
    ),
    moveSettled: db.prepare<[number, number, string], { settled: number }>(
      'UPDATE api_keys SET settled = settled + ?, charged = charged + ? WHERE id = ? RETURNING settled',
    ),
    insTx: db.prepare(
      `INSERT INTO transactions (key_id, at_ms, kind, request_id, operation, job_id, monitor_id, credits, balance_after)
       VALUES (@keyId, @at, @kind, @requestId, @operation, @jobId, @monitorId, @credits, @balanceAfter)`,
    ),
    jobTx: db.prepare<{ keyId: string; jobId: string; at: number; credits: number; balanceAfter: number }>(
      `UPDATE transactions SET at_ms = @at, credits = credits + @credits, balance_after = @balanceAfter
       WHERE key_id = @keyId AND job_id = @jobId`,
    ),
    expireTx: db.prepare<[string, number]>('DELETE FROM transactions WHERE key_id = ? AND at_ms < ?'),
    listTx: db.prepare<{ keyId: string; after: number; since: number; operation: string | null; limit: number }, TxRow>(
      `SELECT id, at_ms, kind, request_id, operation, job_id, monitor_id, credits, balance_after FROM transactions
       WHERE key_id = @keyId AND id > @after AND at_ms >= @since AND (@operation IS NULL OR operation = @operation)
       ORDER BY id LIMIT @limit`,
    ),
    list: db.prepare<[], KeyRow>(
      'SELECT id, name, hint, balance, created_at, revoked_at, rate_rps, rate_burst FROM api_keys ORDER BY created_at',
    ),
    revoke: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
    setRate: db.prepare('UPDATE api_keys SET rate_rps = ?, rate_burst = ? WHERE id = ?'),
    count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM api_keys'),
    charged: db.prepare<[string], { charged: number }>('SELECT charged FROM api_keys WHERE id = ?'),
    ping: db.prepare('SELECT 1'),
  };
}

type TxRow = {
  id: number;
  at_ms: number;
  kind: 'grant' | 'charge';
  request_id: string | null;
  operation: string | null;
  job_id: string | null;
  monitor_id: string | null;
  credits: number;
  balance_after: number;
};

const toTransaction = (r: TxRow): Transaction => ({
  id: r.id,
  at: r.at_ms,
  kind: r.kind,
  requestId: r.request_id,
  operation: r.operation,
  jobId: r.job_id,
  monitorId: r.monitor_id,
  credits: r.credits,
  balanceAfter: r.balance_after,
});

function toRecord(r: KeyRow): KeyRecord {
  const record: KeyRecord = { id: r.id, name: r.name, hint: r.hint, balance: r.balance, createdAt: r.created_at, revokedAt: r.revoked_at };
  const rate = rateOf(r);
  if (rate) record.rateLimit = rate;
  return record;
}

/** Each operation that writes, as one transaction on `q`'s statements. */
function transactions(db: Db, q: ReturnType<typeof statements>, keepMs: number) {
  /**
   * A movement of `credits` (signed) of the key's settled balance and its transaction row; within
   * the caller's transaction. A job's charge adds to the job's row (made by its first charge).
   */
  const movement = (keyId: string, kind: Transaction['kind'], credits: number, meta: ReserveMeta | undefined, at = Date.now()) => {
    const balanceAfter = q.moveSettled.get(credits, kind === 'charge' ? -credits : 0, keyId)?.settled ?? 0;
    if (meta?.jobId && q.jobTx.run({ keyId, jobId: meta.jobId, at, credits, balanceAfter }).changes === 1) return;
    q.expireTx.run(keyId, at - keepMs);
    q.insTx.run({
      keyId,
      at,
      kind,
      requestId: meta?.requestId ?? null,
      operation: meta?.operation ?? null,
      jobId: meta?.jobId ?? null,
      monitorId: meta?.monitorId ?? null,
      credits,
      balanceAfter,
    });
  };

  // In the batch of its turn (inOneCommit), a transaction begun IMMEDIATE: it reads, then writes what it read.
  const reserve = db.transaction((keyId: string, amount: number, meta: ReserveMeta | undefined): Reservation | null => {
    // The key is read only when nothing was taken (revoked or unknown: refused; else too poor).
    const taken = amount > 0 && q.take.get({ id: keyId, amount }) !== undefined;
    if (!taken) {
      const key = q.account.get(keyId);
      if (!key || key.revoked_at !== null) throw unknownOrRevokedKey();
      if (amount > 0) return null;
    }
    const r: Reservation = meta ? { id: randomUUID(), keyId, amount, meta } : { id: randomUUID(), keyId, amount };
    if (taken) q.insRes.run({ id: r.id, keyId, amount, ms: Date.now() });
    return r;
  });

  const settle = db.transaction((r: Reservation, actual: number): SettleOutcome => {
    const row = r.amount > 0 ? q.delRes.get(r.id) : undefined;
    let charged = 0;
    if (row) {
      charged = chargeOf(actual, row.amount);
      if (row.amount > charged) q.give.get({ id: row.key_id, amount: row.amount - charged });
      if (charged > 0) movement(row.key_id, 'charge', -charged, r.meta);
    }
    return { settled: row !== undefined || r.amount === 0, charged, balance: q.balance.get(r.keyId)?.balance ?? 0 };
  });

  /** A settlement and the caller's record in one transaction: a throw from `record` rolls both back. */
  const settleRecorded = db.transaction((r: Reservation, actual: number, record: (o: SettleOutcome) => void): number => {
    const outcome = settle(r, actual);
    record(outcome);
    return outcome.balance;
  });

  // Top level (at start), not in a turn's batch: it reads, then writes — IMMEDIATE (writeTransaction).
  const refundAbandoned = writeTransaction(db, (olderThanMs: number): number => {
    let n = 0;
    for (const { id } of q.oldRes.all(Date.now() - olderThanMs)) {
      const row = q.delRes.get(id);
      if (!row) continue;
      q.give.get({ id: row.key_id, amount: row.amount });
      q.entry.run(row.key_id, 'refund_abandoned', row.amount, now());
      n++;
    }
    return n;
  });

  const grant = db.transaction((keyId: string, amount: number): number => {
    const row = q.give.get({ id: keyId, amount });
    if (!row) throw new Error(`no key with id ${keyId}`);
    q.entry.run(keyId, 'grant', amount, now());
    movement(keyId, 'grant', amount, undefined);
    return row.balance;
  });

  const insertKey = db.transaction((record: KeyRecord, hash: string) => {
    q.insKey.run({ id: record.id, hash, name: record.name, hint: record.hint, balance: record.balance, at: record.createdAt });
    if (record.balance > 0) {
      q.entry.run(record.id, 'grant', record.balance, record.createdAt);
      // The key's settled balance starts at its credits (insKey): the row records that grant.
      q.insTx.run({
        keyId: record.id,
        at: Date.parse(record.createdAt),
        kind: 'grant',
        requestId: null,
        operation: null,
        jobId: null,
        monitorId: null,
        credits: record.balance,
        balanceAfter: record.balance,
      });
    }
  });

  return { reserve, settle, settleRecorded, refundAbandoned, grant, insertKey };
}

/**
 * Runs the writes asked for in one event-loop turn in one transaction (see the header): `write(fn)`
 * queues `fn` (a better-sqlite3 transaction function: called inside the batch's transaction, it is
 * a savepoint) and answers with its result once the batch has committed. What is queued when the
 * database is closed is committed first.
 */
function inOneCommit(db: Db, committed: (keyId: string) => void) {
  type Item = {
    keyId: string;
    fn: () => unknown;
    resolve: (v: unknown) => void;
    reject: (e: unknown) => void;
    ok?: boolean;
    out?: unknown;
  };
  let queue: Item[] = [];
  const runAll = writeTransaction(db, (items: Item[]) => {
    for (const item of items) {
      try {
        item.out = item.fn();
        item.ok = true;
      } catch (e) {
        item.out = e;
        item.ok = false;
      }
    }
  });
  const flush = () => {
    const items = queue;
    queue = [];
    if (items.length === 0) return;
    try {
      runAll(items);
    } catch (e) {
      // The commit itself failed: nothing of the batch is written.
      for (const item of items) item.reject(e);
      return;
    }
    for (const item of items) {
      committed(item.keyId);
      (item.ok ? item.resolve : item.reject)(item.out);
    }
  };
  beforeClose(db, flush);
  return <T>(keyId: string, fn: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ keyId, fn, resolve: resolve as (v: unknown) => void, reject });
    });
}

export interface SqliteLedgerOptions {
  /** How long a transaction row is kept after it last changed (TRANSACTIONS_RETENTION_DAYS). */
  transactionsKeepMs?: number;
}

export function createSqliteLedger(db: Db, opts: SqliteLedgerOptions = {}): Ledger {
  migrate(db);
  const q = statements(db);
  const keepMs = opts.transactionsKeepMs ?? DEFAULT_TRANSACTIONS_KEEP_MS;
  const tx = transactions(db, q, keepMs);
  // Keys looked up moments ago are not read again (key-memo.ts); this process's writes drop theirs.
  const memo = keyMemo(db);
  const write = inOneCommit(db, memo.forget);
  return {
    async authenticate(rawKey): Promise<AuthenticatedKey | null> {
      const hash = hashApiKey(rawKey);
      return memo.get(hash, () => {
        const row = q.auth.get(hash);
        if (!row) return null;
        const rate = rateOf(row);
        return rate ? { id: row.id, balance: row.balance, rate } : { id: row.id, balance: row.balance };
      });
    },
    async keyExists(rawKey) {
      return q.exists.get(hashApiKey(rawKey)) !== undefined;
    },
    async balance(keyId) {
      return q.balance.get(keyId)?.balance ?? 0;
    },
    async reserve(keyId, amount, meta) {
      if (!Number.isInteger(amount) || amount < 0) throw new Error('reservation amount must be a non-negative integer');
      return write(keyId, () => tx.reserve(keyId, amount, meta));
    },
    async settle(reservation, actual) {
      return (await write(reservation.keyId, () => tx.settle(reservation, actual))).balance;
    },
    async settleRecorded(reservation, actual, record) {
      return write(reservation.keyId, () => tx.settleRecorded(reservation, actual, record));
    },
    async createKey({ name, credits, rawKey }) {
      const key = rawKey ?? generateApiKey();
      const record: KeyRecord = {
        id: `key_${randomUUID().slice(0, 8)}`,
        name,
        hint: keyHint(key),
        balance: credits,
        createdAt: now(),
        revokedAt: null,
      };
      tx.insertKey(record, hashApiKey(key));
      return { key, record };
    },
    async listKeys() {
      return q.list.all().map(toRecord);
    },
    async addCredits(keyId, amount) {
      if (!Number.isInteger(amount) || amount <= 0) throw new Error('amount must be a positive integer');
      const balance = tx.grant(keyId, amount);
      memo.forget(keyId);
      return balance;
    },
    async revokeKey(keyId) {
      const revoked = q.revoke.run(now(), keyId).changes === 1;
      memo.forget(keyId);
      return revoked;
    },
    async setRateLimit(keyId, rate) {
      const set = q.setRate.run(rate ? rate.rps : null, rate ? rate.burst : null, keyId).changes === 1;
      memo.forget(keyId);
      return set;
    },
    async countKeys() {
      return q.count.get()!.n;
    },
    async refundAbandoned(olderThanMs) {
      const n = tx.refundAbandoned(olderThanMs);
      memo.clear();
      return n;
    },
    async transactions(keyId, { after, limit, operation, since }) {
      const rows = q.listTx.all({
        keyId,
        after: after ?? 0,
        since: Math.max(since ?? 0, Date.now() - keepMs),
        operation: operation ?? null,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit).map(toTransaction);
      return { rows: page, nextAfter: rows.length > limit ? page[page.length - 1].id : null };
    },
    async totalCharged(keyId) {
      return q.charged.get(keyId)?.charged ?? 0;
    },
    async ping() {
      q.ping.get();
    },
    async close() {
      /* nothing held: the database handle is owned and closed by whoever opened it */
    },
  };
}
