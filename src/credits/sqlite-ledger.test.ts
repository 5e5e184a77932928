import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/sqlite.js';
import type { Db } from '../store/sqlite.js';
import { createSqliteLedger } from './sqlite-ledger.js';
import type { Ledger } from './ledger.js';

let dir: string;
let db: Db;
let ledger: Ledger;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cl-ledger-'));
  db = openDatabase(dir);
  ledger = createSqliteLedger(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sqlite ledger', () => {
  it('stores keys hashed only: the clear key is in no file', async () => {
    const { key, record } = await ledger.createKey({ name: 'k', credits: 5 });
    expect(key).toMatch(/^cl_[A-Za-z0-9_-]{43}$/);
    expect(record.hint).toBe(`cl_…${key.slice(-4)}`);
    db.pragma('wal_checkpoint(TRUNCATE)');
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f)).includes(key)).toBe(false);
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 5 });
    expect(await ledger.authenticate(`${key}x`)).toBeNull();
  });

  it('keeps at most the last 4 characters of an operator-chosen key as its hint, and cuts hints stored by earlier versions', async () => {
    const chosen = 'operator-chosen-secret-0123456789abcdef';
    const { record } = await ledger.createKey({ name: 'op', credits: 1, rawKey: chosen });
    expect(record.hint).toBe('…cdef');
    db.prepare("UPDATE api_keys SET hint = 'operato…cdef' WHERE id = ?").run(record.id);
    const reopened = createSqliteLedger(db);
    expect((await reopened.listKeys()).find((k) => k.id === record.id)?.hint).toBe('…cdef');
  });

  it('reserve → settle charges the actual amount and refunds the rest; settling twice changes nothing', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 20 });
    const r = (await ledger.reserve(record.id, 10))!;
    expect(await ledger.balance(record.id)).toBe(10);
    expect(await ledger.settle(r, 1)).toBe(19);
    expect(await ledger.settle(r, 10)).toBe(19);
    expect(await ledger.totalCharged(record.id)).toBe(1);
  });

  it('a reservation the balance cannot cover is refused and changes nothing; balances never go negative', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 3 });
    expect(await ledger.reserve(record.id, 4)).toBeNull();
    expect(await ledger.balance(record.id)).toBe(3);
    const rs = await Promise.all(Array.from({ length: 10 }, () => ledger.reserve(record.id, 1)));
    expect(rs.filter(Boolean)).toHaveLength(3);
    expect(await ledger.balance(record.id)).toBe(0);
    // settle never charges more than reserved
    expect(await ledger.settle(rs.find(Boolean)!, 99)).toBe(0);
    expect(await ledger.totalCharged(record.id)).toBe(1);
  });

  it('refunds reservations abandoned by a crashed process', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 10 });
    await ledger.reserve(record.id, 10);
    expect(await ledger.balance(record.id)).toBe(0);
    // A new process opening the same store.
    const again = createSqliteLedger(db);
    expect(await again.refundAbandoned(0)).toBe(1);
    expect(await again.balance(record.id)).toBe(10);
  });

  it('revoked keys no longer authenticate; credits are added only to existing keys', async () => {
    const { key, record } = await ledger.createKey({ name: 'k', credits: 1 });
    expect(await ledger.addCredits(record.id, 4)).toBe(5);
    await expect(ledger.addCredits('key_nope', 4)).rejects.toThrow(/no key/);
    expect(await ledger.revokeKey(record.id)).toBe(true);
    expect(await ledger.revokeKey(record.id)).toBe(false);
    expect(await ledger.authenticate(key)).toBeNull();
    expect(await ledger.keyExists(key)).toBe(true);
    await expect(ledger.reserve(record.id, 1)).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });

  it('a key revoked after its authentication: its reservation is refused as a revoked key (401), not as a poor one (402)', async () => {
    const { key, record } = await ledger.createKey({ name: 'k', credits: 5 });
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 5 });
    expect(await ledger.revokeKey(record.id)).toBe(true);
    await expect(ledger.reserve(record.id, 1)).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Unknown or revoked API key' });
    await expect(ledger.reserve('key_nope', 1)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // A key that cannot cover the amount is still refused as such.
    const poor = await ledger.createKey({ name: 'p', credits: 1 });
    expect(await ledger.reserve(poor.record.id, 2)).toBeNull();
    expect(await ledger.balance(record.id)).toBe(5);
  });

  it('a key revoked by another process (the keys command) after its authentication: its next reservation is 401, at once', async () => {
    const { key, record } = await ledger.createKey({ name: 'k', credits: 5 });
    expect(await ledger.authenticate(key)).not.toBeNull();
    const other = openDatabase(dir);
    await createSqliteLedger(other).revokeKey(record.id);
    other.close();
    await expect(ledger.reserve(record.id, 1)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(ledger.reserve(record.id, 0)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await ledger.authenticate(key)).toBeNull();
  });

  it('a reservation of 0 credits holds nothing and writes nothing; settling it changes nothing', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 2 });
    const r = (await ledger.reserve(record.id, 0))!;
    expect(r).toMatchObject({ keyId: record.id, amount: 0 });
    expect((db.prepare('SELECT COUNT(*) AS n FROM reservations').get() as { n: number }).n).toBe(0);
    expect(await ledger.settle(r, 5)).toBe(2);
    expect(await ledger.totalCharged(record.id)).toBe(0);
  });

  it('a charge and the caller’s record are one transaction (settleRecorded): a record that throws rolls the settlement back', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 10 });
    const r = (await ledger.reserve(record.id, 4))!;
    db.exec('CREATE TABLE notes (n INTEGER)');
    await expect(
      ledger.settleRecorded!(r, 3, () => {
        db.prepare('INSERT INTO notes VALUES (1)').run();
        throw new Error('record failed');
      }),
    ).rejects.toThrow('record failed');
    expect((db.prepare('SELECT COUNT(*) AS n FROM notes').get() as { n: number }).n).toBe(0);
    expect(await ledger.balance(record.id)).toBe(6);
    const seen: unknown[] = [];
    expect(await ledger.settleRecorded!(r, 3, (o) => void seen.push(o))).toBe(7);
    expect(await ledger.settleRecorded!(r, 3, (o) => void seen.push(o))).toBe(7);
    expect(seen).toEqual([
      { settled: true, charged: 3, balance: 7 },
      { settled: false, charged: 0, balance: 7 },
    ]);
    expect(await ledger.totalCharged(record.id)).toBe(3);
  });
});

describe('what another process sees (the keys command, a crash)', () => {
  /** The store as another process sees it. */
  const outside = () => {
    const other = openDatabase(dir);
    const row = other.prepare('SELECT balance, charged FROM api_keys').get() as { balance: number; charged: number };
    const open = (other.prepare('SELECT COUNT(*) AS n FROM reservations').get() as { n: number }).n;
    other.close();
    return { balance: row.balance, open, charged: row.charged };
  };

  it('a reservation and a charge are on disk when their call resolves; concurrent reservations never exceed the balance', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 10 });
    const rs = await Promise.all(Array.from({ length: 30 }, () => ledger.reserve(record.id, 1)));
    expect(rs.filter(Boolean)).toHaveLength(10);
    expect(outside()).toEqual({ balance: 0, open: 10, charged: 0 });
    const held = rs.filter((r) => r !== null);
    await Promise.all(held.slice(0, 4).map((r) => ledger.settle(r, 1)));
    expect(outside()).toEqual({ balance: 0, open: 6, charged: 4 });
    expect(await ledger.settle(held[4], 0)).toBe(1);
    expect(await ledger.settle(held[5], 1)).toBe(1);
    expect(outside()).toEqual({ balance: 1, open: 4, charged: 5 });
  });

  it('reservations and settlements asked in one turn commit together: one WAL commit for all, each answered with its own outcome', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 20 });
    const poor = await ledger.createKey({ name: 'poor', credits: 1 });
    const wal = join(dir, 'gateway.db-wal');
    const frames = () => statSync(wal).size;
    const before = frames();
    // 20 reservations in one turn, one of them refused (a balance of 1): each gets its own answer.
    const rs = await Promise.all([...Array.from({ length: 20 }, () => ledger.reserve(record.id, 1)), ledger.reserve(poor.record.id, 2)]);
    expect(rs.slice(0, 20).every((r) => r !== null)).toBe(true);
    expect(rs[20]).toBeNull();
    // One commit touches a handful of pages (api_keys, reservations and its index): a commit per call would write 20×.
    const FRAME = 4096 + 24;
    expect((frames() - before) / FRAME).toBeLessThan(10);
    expect(outside()).toMatchObject({ open: 20 });
    const afterReserve = frames();
    const balances = await Promise.all(rs.slice(0, 20).map((r) => ledger.settle(r!, 1)));
    expect(Math.min(...balances)).toBe(0);
    expect((frames() - afterReserve) / FRAME).toBeLessThan(15);
    expect(outside()).toMatchObject({ open: 0, charged: 20 });
  });

  it('in one turn, a settlement whose record throws rolls back alone; the others of its commit stand', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 5 });
    const [a, b, c] = await Promise.all([1, 1, 1].map((n) => ledger.reserve(record.id, n)));
    const results = await Promise.allSettled([
      ledger.settle(a!, 1),
      ledger.settleRecorded!(b!, 1, () => {
        throw new Error('record failed');
      }),
      ledger.settle(c!, 1),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // b's charge rolled back with its record: its reservation stays open (refunded at the next start).
    expect(outside()).toEqual({ balance: 2, open: 1, charged: 2 });
  });

  it('a key revoked by another process after a reservation: the reservation is charged as reserved, the next one refused (401)', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 5 });
    const before = (await ledger.reserve(record.id, 2))!;
    const other = openDatabase(dir);
    await createSqliteLedger(other).revokeKey(record.id);
    other.close();
    await expect(ledger.reserve(record.id, 2)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await ledger.settle(before, 1)).toBe(4);
    expect(outside()).toEqual({ balance: 4, open: 0, charged: 1 });
  });

  it('credits added and a key revoked by another process are seen by authentication within a millisecond', async () => {
    const { key, record } = await ledger.createKey({ name: 'k', credits: 5 });
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 5 });
    const other = openDatabase(dir);
    await createSqliteLedger(other).addCredits(record.id, 10);
    await new Promise((r) => setTimeout(r, 2));
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 15 });
    await createSqliteLedger(other).revokeKey(record.id);
    other.close();
    await new Promise((r) => setTimeout(r, 2));
    expect(await ledger.authenticate(key)).toBeNull();
  });

  it('a key looked up moments ago is not read again, until this process writes it (key-memo.ts)', async () => {
    const { key, record } = await ledger.createKey({ name: 'k', credits: 5 });
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 5 });
    // A change on this connection that is none of the ledger's writes: not seen, the row is not read again.
    db.prepare('UPDATE api_keys SET balance = 99 WHERE id = ?').run(record.id);
    await new Promise((r) => setTimeout(r, 2));
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 5 });
    // The ledger's own writes drop the key's entry as they commit: the next lookup reads the row.
    await ledger.settle((await ledger.reserve(record.id, 3))!, 2);
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 97 });
    await ledger.addCredits(record.id, 1);
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 98 });
    await ledger.setRateLimit(record.id, { rps: 2, burst: 4 });
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 98, rate: { rps: 2, burst: 4 } });
    await ledger.revokeKey(record.id);
    expect(await ledger.authenticate(key)).toBeNull();
  });

  it('an unknown key is not remembered: a key created with it afterwards authenticates at once', async () => {
    const raw = 'chosen-key-0000000000000000000000000';
    expect(await ledger.authenticate(raw)).toBeNull();
    const { record } = await ledger.createKey({ name: 'k', credits: 2, rawKey: raw });
    expect(await ledger.authenticate(raw)).toEqual({ id: record.id, balance: 2 });
  });

  it('a settlement that cannot commit answers no charge; the reservation stays open and settles later', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 5 });
    const r = (await ledger.reserve(record.id, 3))!;
    db.pragma('busy_timeout = 0');
    const other = openDatabase(dir);
    other.exec('BEGIN IMMEDIATE'); // another writer holds the lock
    await expect(ledger.settle(r, 1)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    other.exec('ROLLBACK');
    other.close();
    expect(outside()).toEqual({ balance: 2, open: 1, charged: 0 });
    expect(await ledger.settle(r, 1)).toBe(4);
    expect(outside()).toEqual({ balance: 4, open: 0, charged: 1 });
  });

  it('a reservation that cannot commit takes nothing', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 5 });
    db.pragma('busy_timeout = 0');
    const other = openDatabase(dir);
    other.exec('BEGIN IMMEDIATE');
    await expect(ledger.reserve(record.id, 3)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    other.exec('ROLLBACK');
    other.close();
    expect(outside()).toEqual({ balance: 5, open: 0, charged: 0 });
  });

  describe('transactions', () => {
    const strip = (rows: { at: number }[]) => rows.map(({ at: _at, ...r }) => r);

    it('grants and charges are rows with the settled balance after; a job is one row; open reservations, 0 charges and abandoned refunds are not rows', async () => {
      const { record } = await ledger.createKey({ name: 'k', credits: 10 });
      const r1 = (await ledger.reserve(record.id, 3, { requestId: 'req-1', operation: 'code/repository' }))!;
      expect(r1.meta).toEqual({ requestId: 'req-1', operation: 'code/repository' });
      expect(await ledger.settle(r1, 2)).toBe(8);
      expect(await ledger.settle(r1, 2)).toBe(8); // settled once: one row
      // Left open, then refunded as abandoned: never a row.
      await ledger.reserve(record.id, 4, { requestId: 'req-open' });
      await ledger.settle((await ledger.reserve(record.id, 1, { requestId: 'req-zero' }))!, 0);
      for (let i = 0; i < 3; i++) {
        const r = (await ledger.reserve(record.id, 2, { operation: 'code/repository', jobId: 'job_x' }))!;
        await ledger.settleRecorded!(r, 1, () => undefined);
      }
      await ledger.addCredits(record.id, 5);
      const abandoned = (await ledger.reserve(record.id, 2, { requestId: 'req-lost' }))!;
      expect(await ledger.refundAbandoned(0)).toBe(2);
      expect(await ledger.settle(abandoned, 2)).toBe(10); // refunded already: no charge, no row
      const { rows, nextAfter } = await ledger.transactions(record.id, { limit: 10 });
      expect(nextAfter).toBeNull();
      expect(strip(rows)).toEqual([
        { id: 1, kind: 'grant', requestId: null, operation: null, jobId: null, monitorId: null, credits: 10, balanceAfter: 10 },
        {
          id: 2,
          kind: 'charge',
          requestId: 'req-1',
          operation: 'code/repository',
          jobId: null,
          monitorId: null,
          credits: -2,
          balanceAfter: 8,
        },
        {
          id: 3,
          kind: 'charge',
          requestId: null,
          operation: 'code/repository',
          jobId: 'job_x',
          monitorId: null,
          credits: -3,
          balanceAfter: 5,
        },
        { id: 4, kind: 'grant', requestId: null, operation: null, jobId: null, monitorId: null, credits: 5, balanceAfter: 10 },
      ]);
      expect(rows.reduce((n, r) => n + r.credits, 0)).toBe(10);
      expect((await ledger.transactions(record.id, { limit: 3 })).nextAfter).toBe(3);
      expect((await ledger.transactions(record.id, { limit: 3, after: 3 })).rows.map((r) => r.id)).toEqual([4]);
      expect((await ledger.transactions(record.id, { limit: 9, operation: 'code/repository' })).rows.map((r) => r.id)).toEqual([2, 3]);
      expect((await ledger.transactions(record.id, { limit: 9, since: Date.now() + 1_000 })).rows).toEqual([]);
      // A monitor's run is its own row.
      await ledger.settle((await ledger.reserve(record.id, 1, { operation: 'code/repository', monitorId: 'mon_1' }))!, 1);
      expect((await ledger.transactions(record.id, { limit: 1, after: 4 })).rows).toMatchObject([
        { monitorId: 'mon_1', credits: -1, balanceAfter: 9 },
      ]);
    });

    it('rows past the retention are not listed, and are deleted as new rows are written', async () => {
      const short = createSqliteLedger(db, { transactionsKeepMs: 100 });
      const { record } = await short.createKey({ name: 'k', credits: 3 });
      await new Promise((r) => setTimeout(r, 150));
      expect((await short.transactions(record.id, { limit: 10 })).rows).toEqual([]);
      expect(await ledger.transactions(record.id, { limit: 10 })).toMatchObject({ rows: [{ credits: 3 }] });
      await short.addCredits(record.id, 1);
      expect(db.prepare('SELECT credits, balance_after FROM transactions WHERE key_id = ?').all(record.id)).toEqual([
        { credits: 1, balance_after: 4 },
      ]);
    });

    it('a store made before transactions gets its settled balances: the balance plus what open reservations hold', async () => {
      const { record } = await ledger.createKey({ name: 'k', credits: 10 });
      await ledger.reserve(record.id, 4);
      db.exec('ALTER TABLE api_keys DROP COLUMN settled');
      const upgraded = createSqliteLedger(db);
      expect(await upgraded.addCredits(record.id, 1)).toBe(7);
      expect((await upgraded.transactions(record.id, { limit: 10 })).rows.at(-1)).toMatchObject({ credits: 1, balanceAfter: 11 });
    });

    it('a store made before the charged total: charges counted from its ledger_entries rows, open reservations carried over and still settle', async () => {
      // The schema of that version, written by hand: a rowid reservations table, a ledger_entries row per charge.
      db.exec('DROP TABLE reservations');
      db.exec(
        'CREATE TABLE reservations (id TEXT PRIMARY KEY, key_id TEXT NOT NULL REFERENCES api_keys(id), amount INTEGER NOT NULL CHECK (amount >= 0), created_ms INTEGER NOT NULL)',
      );
      const { record } = await ledger.createKey({ name: 'k', credits: 10 });
      const open = (await ledger.reserve(record.id, 3))!;
      db.exec('ALTER TABLE api_keys DROP COLUMN charged');
      const at = new Date().toISOString();
      db.prepare("INSERT INTO ledger_entries (key_id, kind, amount, at) VALUES (?, 'charge', 2, ?), (?, 'charge', 1, ?)").run(
        record.id,
        at,
        record.id,
        at,
      );
      const upgraded = createSqliteLedger(db);
      expect(await upgraded.totalCharged(record.id)).toBe(3);
      expect((db.prepare("SELECT sql FROM sqlite_master WHERE name = 'reservations'").get() as { sql: string }).sql).toMatch(
        /WITHOUT ROWID/,
      );
      expect(await upgraded.settle(open, 2)).toBe(8);
      expect(await upgraded.totalCharged(record.id)).toBe(5);
      expect(await upgraded.settle(open, 2)).toBe(8);
    });

    it("a charge is written once: its transaction row and the key's charged total, no ledger_entries row", async () => {
      const { record } = await ledger.createKey({ name: 'k', credits: 5 });
      await ledger.settle((await ledger.reserve(record.id, 2))!, 2);
      expect(db.prepare('SELECT kind, amount FROM ledger_entries').all()).toEqual([{ kind: 'grant', amount: 5 }]);
      expect(await ledger.totalCharged(record.id)).toBe(2);
      expect((await ledger.transactions(record.id, { limit: 10 })).rows.map((r) => r.credits)).toEqual([5, -2]);
    });
  });
});
