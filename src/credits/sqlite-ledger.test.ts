import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../store/sqlite.js';
import type { Db } from '../store/sqlite.js';
import { createSqliteLedger, LEDGER_COMMIT_MS, MIRROR_CHECK_MS } from './sqlite-ledger.js';
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

  it('a key revoked by another process (the keys command) after its authentication: 401 once the revocation is seen', async () => {
    const { key, record } = await ledger.createKey({ name: 'k', credits: 5 });
    expect(await ledger.authenticate(key)).not.toBeNull();
    const other = openDatabase(dir);
    await createSqliteLedger(other).revokeKey(record.id);
    other.close();
    await new Promise((r) => setTimeout(r, MIRROR_CHECK_MS + 20));
    await expect(ledger.reserve(record.id, 1)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('group commit', () => {
  /** The store as another process sees it. */
  const outside = () => {
    const other = openDatabase(dir);
    const row = other.prepare('SELECT balance FROM api_keys').get() as { balance: number };
    const open = (other.prepare('SELECT COUNT(*) AS n FROM reservations').get() as { n: number }).n;
    const charged = (other.prepare("SELECT COALESCE(SUM(amount), 0) AS n FROM ledger_entries WHERE kind = 'charge'").get() as { n: number })
      .n;
    other.close();
    return { balance: row.balance, open, charged };
  };

  it('a charge is on disk when its settle resolves; concurrent reservations never exceed the balance', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 10 });
    const rs = await Promise.all(Array.from({ length: 30 }, () => ledger.reserve(record.id, 1)));
    expect(rs.filter(Boolean)).toHaveLength(10);
    const held = rs.filter((r) => r !== null);
    await Promise.all(held.slice(0, 4).map((r) => ledger.settle(r, 1)));
    // Resolved: committed, read by another connection with nothing flushed for it.
    expect(outside()).toEqual({ balance: 0, open: 6, charged: 4 });
    expect(await ledger.settle(held[4], 0)).toBe(1);
    expect(await ledger.settle(held[5], 1)).toBe(1);
    expect(outside()).toEqual({ balance: 1, open: 4, charged: 5 });
  });

  it('a reservation still in memory when another process revokes the key is refused by its batch: the charge is not answered', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 5 });
    const before = (await ledger.reserve(record.id, 2))!;
    await new Promise((r) => setImmediate(r)); // its row written
    const r = (await ledger.reserve(record.id, 2))!; // still queued
    const other = openDatabase(dir);
    await createSqliteLedger(other).revokeKey(record.id);
    other.close();
    // Revoked, not poor: the charge is refused as a revoked key's (401).
    await expect(ledger.settle(r, 1)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Reserved before the revocation: charged as reserved.
    expect(await ledger.settle(before, 1)).toBe(4);
    expect(outside()).toEqual({ balance: 4, open: 0, charged: 1 });
  });

  it('a batch that cannot commit answers no charge; the reservation stays open and settles later', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 5 });
    const r = (await ledger.reserve(record.id, 3))!;
    await new Promise((res) => setImmediate(res));
    db.pragma('busy_timeout = 0');
    const other = openDatabase(dir);
    other.exec('BEGIN IMMEDIATE'); // another writer holds the lock
    await expect(ledger.settle(r, 1)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    other.exec('ROLLBACK');
    other.close();
    expect(await ledger.balance(record.id)).toBe(2);
    expect(await ledger.settle(r, 1)).toBe(4);
    expect(outside()).toEqual({ balance: 4, open: 0, charged: 1 });
  });
});

describe('commit rate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a lone settle is committed at the end of its turn; settles that follow a commit closely are gathered into the next, LEDGER_COMMIT_MS after it', async () => {
    const { record } = await ledger.createKey({ name: 'k', credits: 10 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
    // Commits by this ledger, as another connection counts them.
    const other = openDatabase(dir);
    const version = other.prepare('PRAGMA data_version').pluck();
    const commits = (() => {
      const v0 = version.get() as number;
      return () => (version.get() as number) - v0;
    })();
    const [r1, r2, r3] = (await Promise.all([1, 2, 3].map(() => ledger.reserve(record.id, 1)))).map((r) => r!);
    const settled: number[] = [];
    const settle = (r: typeof r1) => void ledger.settle(r, 1).then((b) => settled.push(b));

    settle(r1);
    await vi.advanceTimersByTimeAsync(0);
    expect({ commits: commits(), settled }).toEqual({ commits: 1, settled: [7] });

    settle(r2);
    await vi.advanceTimersByTimeAsync(LEDGER_COMMIT_MS / 2);
    expect({ commits: commits(), settled }).toEqual({ commits: 1, settled: [7] });
    settle(r3);
    await vi.advanceTimersByTimeAsync(LEDGER_COMMIT_MS / 2);
    expect({ commits: commits(), settled }).toEqual({ commits: 2, settled: [7, 7, 7] });
    other.close();
    expect(await ledger.totalCharged(record.id)).toBe(3);
  });
});

describe('in-memory key mirror', () => {
  it('sees credits added and revocations made by another process (the keys command) within the check interval', async () => {
    const { key, record } = await ledger.createKey({ name: 'k', credits: 5 });
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 5 });
    // Another process: its own connection to the same file.
    const other = openDatabase(dir);
    const cli = createSqliteLedger(other);
    await cli.addCredits(record.id, 10);
    await new Promise((r) => setTimeout(r, MIRROR_CHECK_MS + 20));
    expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 15 });
    await cli.revokeKey(record.id);
    await new Promise((r) => setTimeout(r, MIRROR_CHECK_MS + 20));
    expect(await ledger.authenticate(key)).toBeNull();
    other.close();
  });

  it('keeps the mirrored balance current through reserve and settle', async () => {
    const { key, record } = await ledger.createKey({ name: 'k', credits: 10 });
    await ledger.authenticate(key);
    const r = (await ledger.reserve(record.id, 4))!;
    expect((await ledger.authenticate(key))!.balance).toBe(6);
    await ledger.settle(r, 1);
    expect((await ledger.authenticate(key))!.balance).toBe(9);
  });
});
