/**
 * Embedded ledger on SQLite (better-sqlite3), for the one server process that holds DATA_DIR's
 * lock (src/store/lock.ts).
 *
 * Decisions are made in memory, writes are group-committed:
 * - Each key's balance is mirrored as it will stand once this process's queued writes commit
 *   (`available`); a reservation is granted against it at once, so balances never go negative
 *   and concurrent requests cannot over-reserve. It is exact because only this process reserves
 *   or settles on the file; another process (the `keys` command) only adds credits, creates and
 *   revokes keys, whose commits are noticed through SQLite's `data_version` (below).
 * - Reservation rows, refunds and charges of concurrent requests are written together: one
 *   transaction at the end of the turn, or under load at most one every LEDGER_COMMIT_MS (below).
 *   A settle that charges resolves after its batch commits, so
 *   a charge that was answered is on disk; a crash before a reservation's row is written loses
 *   nothing (nothing was taken, nothing answered), one after leaves the row open and the next
 *   start refunds it (refundAbandoned) — the contracts of ledger.ts, kept.
 * - In the store the conditional UPDATE `balance >= amount` (and `revoked_at IS NULL`) remains
 *   the only way credits leave a balance: a batch that finds a balance changed behind this
 *   process's back refuses that reservation (its charge is not answered) rather than overdraw.
 *
 * Authentication is on every request's path, so active keys are mirrored in memory. Changes
 * committed by another process are noticed through `data_version`, checked at most every
 * MIRROR_CHECK_MS by authentication and reservation (a revocation takes effect within that
 * time).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { RateLimit } from '../config.js';
import { ApiError, unknownOrRevokedKey } from '../errors.js';
import { beforeClose } from '../store/sqlite.js';
import type { Db } from '../store/sqlite.js';
import { generateApiKey, hashApiKey, keyHint, shortenStoredHint } from './keys.js';
import type { AuthenticatedKey, KeyRecord, Ledger, Reservation, SettleOutcome } from './ledger.js';

export const MIRROR_CHECK_MS = 250;
/** Commits of queued reserves and settles come at most this often (see Group commit below). */
export const LEDGER_COMMIT_MS = 3;
const RETRY_FAILED_BATCH_MS = 100;

interface Mirrored {
  id: string;
  rate: RateLimit | undefined;
}

type RateRow = { rate_rps: number | null; rate_burst: number | null };
const rateOf = (r: RateRow): RateLimit | undefined =>
  r.rate_rps === null || r.rate_burst === null ? undefined : { rps: r.rate_rps, burst: r.rate_burst };

export function createSqliteLedger(db: Db): Ledger {
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
    CREATE TABLE IF NOT EXISTS reservations (
      id TEXT PRIMARY KEY,
      key_id TEXT NOT NULL REFERENCES api_keys(id),
      amount INTEGER NOT NULL CHECK (amount >= 0),
      created_ms INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ledger_entries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      key_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('grant', 'charge', 'refund_abandoned')),
      amount INTEGER NOT NULL,
      at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ledger_entries_key ON ledger_entries(key_id, kind);
  `);
  // Per-key rate limits (added later: stores created before get the columns here).
  const columns = new Set((db.prepare('PRAGMA table_info(api_keys)').all() as { name: string }[]).map((c) => c.name));
  if (!columns.has('rate_rps')) db.exec('ALTER TABLE api_keys ADD COLUMN rate_rps REAL');
  if (!columns.has('rate_burst')) db.exec('ALTER TABLE api_keys ADD COLUMN rate_burst INTEGER');
  // Hints stored before they were cut to the last 4 characters (an operator-chosen key kept 11).
  const fixHint = db.prepare('UPDATE api_keys SET hint = ? WHERE id = ?');
  db.transaction(() => {
    for (const r of db.prepare('SELECT id, hint FROM api_keys').all() as { id: string; hint: string }[]) {
      const short = shortenStoredHint(r.hint);
      if (short !== r.hint) fixHint.run(short, r.id);
    }
  })();

  const q = {
    auth: db.prepare<[string], { id: string; balance: number } & RateRow>(
      'SELECT id, balance, rate_rps, rate_burst FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL',
    ),
    setRate: db.prepare('UPDATE api_keys SET rate_rps = ?, rate_burst = ? WHERE id = ?'),
    balance: db.prepare<[string], { balance: number }>('SELECT balance FROM api_keys WHERE id = ?'),
    account: db.prepare<[string], { balance: number; revoked_at: string | null }>('SELECT balance, revoked_at FROM api_keys WHERE id = ?'),
    exists: db.prepare<[string], { id: string }>('SELECT id FROM api_keys WHERE key_hash = ?'),
    take: db.prepare<{ id: string; amount: number }, { balance: number }>(
      'UPDATE api_keys SET balance = balance - @amount WHERE id = @id AND balance >= @amount AND revoked_at IS NULL RETURNING balance',
    ),
    give: db.prepare<{ id: string; amount: number }, { balance: number }>(
      'UPDATE api_keys SET balance = balance + @amount WHERE id = @id RETURNING balance',
    ),
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
    insRes: db.prepare('INSERT INTO reservations (id, key_id, amount, created_ms) VALUES (@id, @keyId, @amount, @ms)'),
    delRes: db.prepare<[string], { amount: number; key_id: string }>('DELETE FROM reservations WHERE id = ? RETURNING amount, key_id'),
    oldRes: db.prepare<[number], { id: string }>('SELECT id FROM reservations WHERE created_ms <= ?'),
    entry: db.prepare('INSERT INTO ledger_entries (key_id, kind, amount, at) VALUES (?, ?, ?, ?)'),
    insKey: db.prepare(
      'INSERT INTO api_keys (id, key_hash, name, hint, balance, created_at) VALUES (@id, @hash, @name, @hint, @balance, @at)',
    ),
    list: db.prepare<
      [],
      { id: string; name: string; hint: string; balance: number; created_at: string; revoked_at: string | null } & RateRow
    >('SELECT id, name, hint, balance, created_at, revoked_at, rate_rps, rate_burst FROM api_keys ORDER BY created_at'),
    revoke: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
    count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM api_keys'),
    charged: db.prepare<[string], { n: number | null }>("SELECT SUM(amount) AS n FROM ledger_entries WHERE key_id = ? AND kind = 'charge'"),
  };

  const now = () => new Date().toISOString();

  // ---- In-memory view, exact because this process is the only server on DATA_DIR ----------
  // The DATA_DIR lock (src/store/lock.ts) makes this process the only one that reserves or
  // settles on this file; other processes (the `keys` command) only add credits, create, revoke
  // and set rate limits. So what the balance will be once this process's queued writes commit is
  // known here without asking SQLite: `available` below. Reservations are decided against it at
  // once, and their writes go to the next batch (see `flush`).

  /** A key's balance as it will stand once every queued write has committed; revocation. */
  interface Account {
    available: number;
    revoked: boolean;
  }
  const accounts = new Map<string, Account>();
  /** Sum of the balance changes queued (not yet committed) per key. */
  const pendingDelta = new Map<string, number>();
  // Active keys by hash (authentication): id and rate limit.
  const byHash = new Map<string, Mirrored>();
  let version = q.dataVersion.get()!;
  let checkedAt = Date.now();
  const forgetAll = () => {
    byHash.clear();
    accounts.clear();
  };
  /** Drops the mirror when another connection committed since the last look (at most every MIRROR_CHECK_MS). */
  const checkExternalChanges = () => {
    const t = Date.now();
    if (t - checkedAt < MIRROR_CHECK_MS) return;
    checkedAt = t;
    const v = q.dataVersion.get()!;
    if (v !== version) {
      version = v;
      forgetAll();
    }
  };
  const account = (keyId: string): Account | undefined => {
    let a = accounts.get(keyId);
    if (!a) {
      const row = q.account.get(keyId);
      if (!row) return undefined;
      a = { available: row.balance + (pendingDelta.get(keyId) ?? 0), revoked: row.revoked_at !== null };
      accounts.set(keyId, a);
    }
    return a;
  };
  const shift = (keyId: string, delta: number) => {
    if (delta === 0) return;
    pendingDelta.set(keyId, (pendingDelta.get(keyId) ?? 0) + delta);
    const a = accounts.get(keyId);
    if (a) a.available += delta;
  };

  // ---- Group commit ----------------------------------------------------------------------
  // Reserve and settle writes of concurrent requests are queued and committed together, instead
  // of one transaction each: at the end of the turn they were queued in, or — while commits come
  // faster than one per LEDGER_COMMIT_MS — LEDGER_COMMIT_MS after the previous one. A commit
  // writes the same few pages (the key's row, the reservations' and ledger entries' last pages)
  // however many requests it carries; under load a turn carries only a few, so gathering for a
  // moment divides the writes per request several times. A lone request waits for no timer.
  // - A reservation is decided in memory and its row written by the next batch: until then a
  //   crash loses nothing (nothing was answered, nothing taken); once written, a crash leaves it
  //   open and the next start refunds it (refundAbandoned), as before.
  // - A settle that charges resolves only after its batch has committed: a charge that was
  //   answered is on disk (WAL, synchronous=NORMAL: survives a process crash, as before); so is
  //   a refund (the reservation is closed in the store when the request is answered).
  // - A reservation settled before its row was written never gets one: the batch takes the
  //   charge directly.
  interface Held {
    r: Reservation;
    /** queued: its row is not written yet; stored: it is; refused: the batch could not take it. */
    state: 'queued' | 'stored' | 'refused';
    /** Set when settled while still queued: the batch takes the charge instead of writing a row. */
    settledInBatch?: boolean;
  }
  interface SettleOp {
    h: Held;
    charge: number;
    done: { resolve: (balance: number) => void; reject: (err: unknown) => void };
  }
  type Op = { kind: 'reserve'; h: Held } | ({ kind: 'settle' } & SettleOp);
  const held = new Map<string, Held>();
  // Reservation ids in increasing order (this ledger's own random prefix, then a counter): rows
  // written and deleted together sit on the same few pages of the primary-key index, so a batch
  // writes a handful of pages to the WAL, not one random page per reservation (as UUIDs did).
  const idPrefix = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}-`;
  let idSeq = 0;
  const nextId = () => idPrefix + (idSeq++).toString(36).padStart(10, '0');
  let queue: Op[] = [];
  // The next flush: at the end of this turn, or on a timer (never both).
  let scheduled: NodeJS.Immediate | null = null;
  let timer: NodeJS.Timeout | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  /** When the last batch was committed (performance.now()). */
  let committedAt = -Infinity;
  const enqueue = (op: Op) => {
    queue.push(op);
    if (scheduled || timer) return;
    const wait = committedAt + LEDGER_COMMIT_MS - performance.now();
    if (wait <= 0) scheduled = setImmediate(flush);
    else timer = setTimeout(flush, wait);
  };
  const unschedule = () => {
    if (scheduled) clearImmediate(scheduled);
    if (timer) clearTimeout(timer);
    scheduled = timer = null;
  };

  /**
   * One batch, one transaction, few statements: a row inserted or deleted per reservation, and
   * per key one UPDATE for what comes back, one for what is taken and one ledger entry for what
   * is charged (the entries of a batch summed per key; totals are unchanged).
   */
  const writeBatch = db.transaction((ops: Op[]) => {
    const perKey = new Map<string, { give: number; charged: number; takes: (Op & { h: Held })[]; takeSum: number }>();
    const forKey = (keyId: string) => {
      let k = perKey.get(keyId);
      if (!k) perKey.set(keyId, (k = { give: 0, charged: 0, takes: [], takeSum: 0 }));
      return k;
    };
    for (const op of ops) {
      const { r } = op.h;
      const k = forKey(r.keyId);
      if (op.kind === 'reserve') {
        if (op.h.settledInBatch) continue; // its settle takes the charge instead
        k.takes.push(op);
        k.takeSum += r.amount;
        continue;
      }
      if (op.h.state === 'refused') continue;
      if (op.h.settledInBatch) {
        if (op.charge > 0) {
          k.takes.push(op);
          k.takeSum += op.charge;
        }
        continue;
      }
      const row = q.delRes.get(r.id);
      // No row: refunded meanwhile (refundAbandoned); nothing left to charge.
      if (!row) continue;
      const charge = Math.min(op.charge, row.amount);
      k.give += row.amount - charge;
      k.charged += charge;
    }
    const at = now();
    const ms = Date.now();
    for (const [keyId, k] of perKey) {
      if (k.give > 0) q.give.get({ id: keyId, amount: k.give });
      if (k.takes.length) {
        // All at once when the balance covers them, as it does unless something changed behind
        // this process's back; then one by one, refusing what it no longer covers.
        const all = k.takeSum === 0 || q.take.get({ id: keyId, amount: k.takeSum }) !== undefined;
        for (const op of k.takes) {
          const amount = op.kind === 'reserve' ? op.h.r.amount : op.charge;
          if (!all && !q.take.get({ id: keyId, amount })) {
            op.h.state = 'refused';
            continue;
          }
          if (op.kind === 'reserve') {
            q.insRes.run({ id: op.h.r.id, keyId, amount, ms });
            op.h.state = 'stored';
          } else k.charged += amount;
        }
      }
      if (k.charged > 0) q.entry.run(keyId, 'charge', k.charged, at);
    }
    return perKey.keys();
  });

  /** Commits everything queued, now (also before any direct read of the store). */
  function flush(): void {
    unschedule();
    if (queue.length === 0) return;
    const ops = queue;
    queue = [];
    if (!db.open) {
      // Closed under us (after its last flush): nothing more can be stored, or answered as charged.
      for (const op of ops) if (op.kind === 'settle') op.done.reject(new Error('the ledger database is closed'));
      return;
    }
    let touched: Iterable<string>;
    try {
      touched = writeBatch(ops);
    } catch (err) {
      failBatch(ops, err);
      return;
    }
    committedAt = performance.now();
    // Committed: the store now holds what `available` promised, refusals aside; re-read the
    // touched keys' balances (also picking up credits another process added).
    pendingDelta.clear();
    for (const keyId of touched) {
      const row = q.account.get(keyId);
      const a = accounts.get(keyId);
      if (a && row) {
        a.available = row.balance;
        a.revoked = row.revoked_at !== null;
      }
    }
    for (const op of ops) {
      if (op.kind !== 'settle') continue;
      if (op.h.state === 'refused') op.done.reject(refusedCharge(op.h.r));
      else op.done.resolve(accounts.get(op.h.r.keyId)?.available ?? q.balance.get(op.h.r.keyId)?.balance ?? 0);
    }
  }

  /**
   * The batch rolled back (a full disk, a lock held past busy_timeout): nothing of it is
   * stored. Reservations stay as they were (queued again); a charge is not answered (its settle
   * rejects, the request fails) and its reservation stays open, to be settled again or refunded.
   */
  function failBatch(ops: Op[], err: unknown): void {
    const again: Op[] = [];
    for (const op of ops) {
      if (op.kind === 'reserve') {
        op.h.state = 'queued'; // whatever the rolled-back transaction decided
        again.push(op);
        continue;
      }
      // Re-open the reservation: its refund did not happen.
      op.h.settledInBatch = false;
      held.set(op.h.r.id, op.h);
      shift(op.h.r.keyId, -(op.h.r.amount - op.charge));
      op.done.reject(err);
    }
    // Retried after a pause (a store that fails now most likely fails on the next turn too).
    queue = [...again, ...queue];
    if (queue.length && !retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        flush();
      }, RETRY_FAILED_BATCH_MS);
      retryTimer.unref();
    }
  }

  beforeClose(db, flush);

  /** settleRecorded's transaction: the open reservation's row closed, its charge taken, the caller's record written. */
  const settleRecordedTx = db.transaction(
    (r: Reservation | null, charge: number, keyId: string, record: (o: SettleOutcome) => void): number => {
      const row = r && r.amount > 0 ? q.delRes.get(r.id) : undefined;
      let charged = 0;
      if (row) {
        charged = Math.min(charge, row.amount);
        if (row.amount - charged > 0) q.give.get({ id: row.key_id, amount: row.amount - charged });
        if (charged > 0) q.entry.run(row.key_id, 'charge', charged, now());
      }
      const balance = q.balance.get(keyId)?.balance ?? 0;
      record({ settled: row !== undefined || (r !== null && r.amount === 0), charged, balance });
      return balance;
    },
  );

  /** A charge its batch refused: the key revoked meanwhile (401), or its balance changed behind this process's back. */
  const refusedCharge = (r: Reservation) =>
    account(r.keyId)?.revoked !== false
      ? unknownOrRevokedKey()
      : new ApiError('INSUFFICIENT_CREDITS', `The key ${r.keyId} can no longer be charged (its balance changed meanwhile)`);

  const refundTx = db.transaction((olderThanMs: number): number => {
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

  const toRecord = (
    r: { id: string; name: string; hint: string; balance: number; created_at: string; revoked_at: string | null } & RateRow,
  ): KeyRecord => {
    const record: KeyRecord = {
      id: r.id,
      name: r.name,
      hint: r.hint,
      balance: r.balance,
      createdAt: r.created_at,
      revokedAt: r.revoked_at,
    };
    const rate = rateOf(r);
    if (rate) record.rateLimit = rate;
    return record;
  };

  return {
    async authenticate(rawKey): Promise<AuthenticatedKey | null> {
      checkExternalChanges();
      const hash = hashApiKey(rawKey);
      let m = byHash.get(hash);
      if (!m) {
        const row = q.auth.get(hash);
        if (!row) return null;
        m = { id: row.id, rate: rateOf(row) };
        byHash.set(hash, m);
      }
      const a = account(m.id);
      if (!a || a.revoked) return null;
      return m.rate ? { id: m.id, balance: a.available, rate: m.rate } : { id: m.id, balance: a.available };
    },
    async keyExists(rawKey) {
      return q.exists.get(hashApiKey(rawKey)) !== undefined;
    },
    async balance(keyId) {
      flush();
      return q.balance.get(keyId)?.balance ?? 0;
    },
    async reserve(keyId, amount) {
      if (!Number.isInteger(amount) || amount < 0) throw new Error('reservation amount must be a non-negative integer');
      // A revocation or credits committed by the keys command are seen here within
      // MIRROR_CHECK_MS; a reservation made meanwhile on a key revoked since is refused by its
      // batch (the conditional UPDATE) and its charge not answered (a 401: refusedCharge).
      checkExternalChanges();
      const a = account(keyId);
      // Revoked since its request was authenticated: 401, as a revoked key, not a 402.
      if (!a || a.revoked) throw unknownOrRevokedKey();
      if (a.available < amount) return null;
      const r: Reservation = { id: nextId(), keyId, amount };
      if (amount === 0) return r;
      shift(keyId, -amount);
      const h: Held = { r, state: 'queued' };
      held.set(r.id, h);
      enqueue({ kind: 'reserve', h });
      return r;
    },
    async settle(reservation, actual) {
      const h = held.get(reservation.id);
      // Settled already (or never held here): changes nothing.
      if (!h) return account(reservation.keyId)?.available ?? 0;
      held.delete(reservation.id);
      const charge = Number.isFinite(actual) ? Math.max(0, Math.min(Math.ceil(actual), h.r.amount)) : 0;
      if (h.state === 'refused') {
        // Its batch never took it (and the mirror was re-read from the store since).
        if (charge > 0) throw refusedCharge(h.r);
        return account(h.r.keyId)?.available ?? 0;
      }
      if (h.state === 'queued') h.settledInBatch = true;
      shift(h.r.keyId, h.r.amount - charge);
      // Never written and nothing to charge: nothing for the store to know.
      if (charge === 0 && h.settledInBatch) return account(h.r.keyId)?.available ?? 0;
      // Otherwise answered once committed: a charge is on disk, and a refund too (whoever reads
      // the store after the answer finds the reservation closed).
      return new Promise<number>((resolve, reject) => enqueue({ kind: 'settle', h, charge, done: { resolve, reject } }));
    },
    /**
     * A settlement and the caller's record in one transaction (bulk jobs: an item's result and its
     * charge are stored together or not at all). Not batched: everything queued is committed
     * first, then this settlement alone, so a record that throws rolls back only its own
     * settlement (the reservation stays open) and no other request's.
     */
    async settleRecorded(reservation, actual, record) {
      flush();
      const h = held.get(reservation.id);
      const charge = Number.isFinite(actual) ? Math.max(0, Math.min(Math.ceil(actual), reservation.amount)) : 0;
      if (h?.state === 'refused') {
        held.delete(reservation.id);
        if (charge > 0) throw refusedCharge(h.r);
      }
      const balance = settleRecordedTx(h && h.state !== 'refused' ? h.r : null, charge, reservation.keyId, record);
      if (h) held.delete(reservation.id);
      const a = accounts.get(reservation.keyId);
      if (a) a.available = balance;
      return balance;
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
      db.transaction(() => {
        q.insKey.run({ id: record.id, hash: hashApiKey(key), name, hint: record.hint, balance: credits, at: record.createdAt });
        if (credits > 0) q.entry.run(record.id, 'grant', credits, record.createdAt);
      })();
      return { key, record };
    },
    async listKeys() {
      flush();
      return q.list.all().map(toRecord);
    },
    async addCredits(keyId, amount) {
      if (!Number.isInteger(amount) || amount <= 0) throw new Error('amount must be a positive integer');
      flush();
      return db.transaction(() => {
        const row = q.give.get({ id: keyId, amount });
        if (!row) throw new Error(`no key with id ${keyId}`);
        q.entry.run(keyId, 'grant', amount, now());
        const a = accounts.get(keyId);
        if (a) a.available = row.balance; // nothing queued after the flush above
        return row.balance;
      })();
    },
    async revokeKey(keyId) {
      // What was reserved before the revocation is written (and charged) as reserved.
      flush();
      const done = q.revoke.run(now(), keyId).changes === 1;
      if (done) forgetAll();
      return done;
    },
    async setRateLimit(keyId, rate) {
      const done = q.setRate.run(rate ? rate.rps : null, rate ? rate.burst : null, keyId).changes === 1;
      if (done) forgetAll();
      return done;
    },
    async countKeys() {
      return q.count.get()!.n;
    },
    async refundAbandoned(olderThanMs) {
      flush();
      const n = refundTx(olderThanMs);
      if (n) accounts.clear();
      return n;
    },
    async totalCharged(keyId) {
      flush();
      return q.charged.get(keyId)?.n ?? 0;
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      // Queued writes committed; the database handle is owned and closed by whoever opened it.
      flush();
    },
  };
}
