/**
 * Embedded ledger on SQLite (better-sqlite3). Statements are synchronous and each mutation runs
 * in one transaction, so within the owning process reserve/settle are atomic: the conditional
 * UPDATE `balance >= amount` is the only way credits leave a balance.
 *
 * Authentication is on every request's path, so active keys are mirrored in memory (id and
 * balance, kept current by this process's own mutations). Changes committed by another process
 * (the `keys` command adding credits or revoking) are noticed through SQLite's `data_version`,
 * checked at most every MIRROR_CHECK_MS: a revocation takes effect within that time.
 */
import { randomUUID } from 'node:crypto';
import type { RateLimit } from '../config.js';
import type { Db } from '../store/sqlite.js';
import { generateApiKey, hashApiKey, keyHint, shortenStoredHint } from './keys.js';
import type { AuthenticatedKey, KeyRecord, Ledger, Reservation, SettleOutcome } from './ledger.js';

export const MIRROR_CHECK_MS = 250;

interface Mirrored {
  id: string;
  balance: number;
  rate: RateLimit | undefined;
}

type RateRow = { rate_rps: number | null; rate_burst: number | null };
const rateOf = (r: RateRow): RateLimit | undefined => (r.rate_rps === null || r.rate_burst === null ? undefined : { rps: r.rate_rps, burst: r.rate_burst });

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
    exists: db.prepare<[string], { id: string }>('SELECT id FROM api_keys WHERE key_hash = ?'),
    take: db.prepare<{ id: string; amount: number }, { balance: number }>(
      'UPDATE api_keys SET balance = balance - @amount WHERE id = @id AND balance >= @amount AND revoked_at IS NULL RETURNING balance',
    ),
    give: db.prepare<{ id: string; amount: number }, { balance: number }>('UPDATE api_keys SET balance = balance + @amount WHERE id = @id RETURNING balance'),
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
    insRes: db.prepare('INSERT INTO reservations (id, key_id, amount, created_ms) VALUES (@id, @keyId, @amount, @ms)'),
    delRes: db.prepare<[string], { amount: number; key_id: string }>('DELETE FROM reservations WHERE id = ? RETURNING amount, key_id'),
    oldRes: db.prepare<[number], { id: string }>('SELECT id FROM reservations WHERE created_ms <= ?'),
    entry: db.prepare('INSERT INTO ledger_entries (key_id, kind, amount, at) VALUES (?, ?, ?, ?)'),
    insKey: db.prepare('INSERT INTO api_keys (id, key_hash, name, hint, balance, created_at) VALUES (@id, @hash, @name, @hint, @balance, @at)'),
    list: db.prepare<[], { id: string; name: string; hint: string; balance: number; created_at: string; revoked_at: string | null } & RateRow>(
      'SELECT id, name, hint, balance, created_at, revoked_at, rate_rps, rate_burst FROM api_keys ORDER BY created_at',
    ),
    revoke: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
    count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM api_keys'),
    charged: db.prepare<[string], { n: number | null }>("SELECT SUM(amount) AS n FROM ledger_entries WHERE key_id = ? AND kind = 'charge'"),
  };

  const now = () => new Date().toISOString();

  // In-memory mirror of active keys: hash → entry, and id → the same entry.
  const byHash = new Map<string, Mirrored>();
  const byId = new Map<string, Mirrored>();
  let version = q.dataVersion.get()!;
  let checkedAt = Date.now();
  const forgetAll = () => {
    byHash.clear();
    byId.clear();
  };
  const noteBalance = (id: string, balance: number | undefined) => {
    const m = byId.get(id);
    if (m && balance !== undefined) m.balance = balance;
  };
  /** Drops the mirror when another connection committed since the last look. */
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

  const reserveTx = db.transaction((keyId: string, amount: number): Reservation | null => {
    const taken = q.take.get({ id: keyId, amount });
    if (!taken) return null;
    noteBalance(keyId, taken.balance);
    const r = { id: randomUUID(), keyId, amount };
    q.insRes.run({ ...r, ms: Date.now() });
    return r;
  });

  const settleTx = db.transaction((reservation: Reservation, actual: number, record?: (o: SettleOutcome) => void): number => {
    const row = q.delRes.get(reservation.id);
    let charge = 0;
    if (row) {
      charge = Math.max(0, Math.min(actual, row.amount));
      if (row.amount - charge > 0) q.give.get({ id: row.key_id, amount: row.amount - charge });
      if (charge > 0) q.entry.run(row.key_id, 'charge', charge, now());
    }
    const balance = q.balance.get(reservation.keyId)?.balance ?? 0;
    // Before the mirror is touched: a throw here rolls the whole settlement back.
    record?.({ settled: !!row, charged: charge, balance });
    noteBalance(reservation.keyId, balance);
    return balance;
  });

  const refundTx = db.transaction((olderThanMs: number): number => {
    let n = 0;
    for (const { id } of q.oldRes.all(Date.now() - olderThanMs)) {
      const row = q.delRes.get(id);
      if (!row) continue;
      noteBalance(row.key_id, q.give.get({ id: row.key_id, amount: row.amount })?.balance);
      q.entry.run(row.key_id, 'refund_abandoned', row.amount, now());
      n++;
    }
    return n;
  });

  const toRecord = (r: { id: string; name: string; hint: string; balance: number; created_at: string; revoked_at: string | null } & RateRow): KeyRecord => {
    const record: KeyRecord = { id: r.id, name: r.name, hint: r.hint, balance: r.balance, createdAt: r.created_at, revokedAt: r.revoked_at };
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
        m = { id: row.id, balance: row.balance, rate: rateOf(row) };
        byHash.set(hash, m);
        byId.set(m.id, m);
      }
      return m.rate ? { id: m.id, balance: m.balance, rate: m.rate } : { id: m.id, balance: m.balance };
    },
    async keyExists(rawKey) {
      return q.exists.get(hashApiKey(rawKey)) !== undefined;
    },
    async balance(keyId) {
      return q.balance.get(keyId)?.balance ?? 0;
    },
    async reserve(keyId, amount) {
      if (!Number.isInteger(amount) || amount < 0) throw new Error('reservation amount must be a non-negative integer');
      return reserveTx(keyId, amount);
    },
    async settle(reservation, actual) {
      return settleTx(reservation, actual);
    },
    async settleRecorded(reservation, actual, record) {
      return settleTx(reservation, actual, record);
    },
    async createKey({ name, credits, rawKey }) {
      const key = rawKey ?? generateApiKey();
      const record: KeyRecord = { id: `key_${randomUUID().slice(0, 8)}`, name, hint: keyHint(key), balance: credits, createdAt: now(), revokedAt: null };
      db.transaction(() => {
        q.insKey.run({ id: record.id, hash: hashApiKey(key), name, hint: record.hint, balance: credits, at: record.createdAt });
        if (credits > 0) q.entry.run(record.id, 'grant', credits, record.createdAt);
      })();
      return { key, record };
    },
    async listKeys() {
      return q.list.all().map(toRecord);
    },
    async addCredits(keyId, amount) {
      if (!Number.isInteger(amount) || amount <= 0) throw new Error('amount must be a positive integer');
      return db.transaction(() => {
        const row = q.give.get({ id: keyId, amount });
        if (!row) throw new Error(`no key with id ${keyId}`);
        q.entry.run(keyId, 'grant', amount, now());
        noteBalance(keyId, row.balance);
        return row.balance;
      })();
    },
    async revokeKey(keyId) {
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
      return refundTx(olderThanMs);
    },
    async totalCharged(keyId) {
      return q.charged.get(keyId)?.n ?? 0;
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      /* the database handle is owned and closed by whoever opened it */
    },
  };
}
