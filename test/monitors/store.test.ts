/**
 * The embedded monitor store's rules, on its own: a claim is refused while a run holds the
 * monitor and before it is due; missed due times collapse into one run; only the run holding the
 * lease records; history beyond the key's quota and past the retention is dropped, oldest first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteMonitorStore, keptChanges, RUN_CHANGES_BYTES } from '../../src/monitors/store.js';
import type { RunRecord, SqliteMonitorStore } from '../../src/monitors/store.js';
import { openDatabase } from '../../src/store/sqlite.js';
import type { Db } from '../../src/store/sqlite.js';

const HOUR = 3_600_000;
let dir: string;
let db: Db;
let s: SqliteMonitorStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cl-mon-store-'));
  db = openDatabase(dir);
  s = createSqliteMonitorStore(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.parse('2020-06-01T00:00:00Z');
async function make(id: string, key = 'k1') {
  const m = await s.store.create(
    {
      id,
      key_id: key,
      operation: '/v1/code/user',
      params: '{}',
      every: '1h',
      interval_ms: HOUR,
      watch: '["n"]',
      webhook_url: null,
      webhook_secret: null,
      max_credits_per_day: null,
      next_run_at: T0,
    },
    10,
  );
  if (m === 'limit') throw new Error('limit');
  return m;
}
const record = (runNo: number, at: number, n: number, changes = 0): RunRecord => ({
  runNo,
  at,
  charged: 1,
  outcome: { at: new Date(at).toISOString(), result: 'ok', code: null, credits_charged: 1, changed: changes },
  counted: true,
  values: { n },
  snapshot: { n },
  changes: Array.from({ length: changes }, (_, i) => ({ field: 'n', before: i, after: i + 1 })),
  notFound: 'reset',
  stop: null,
  events: () => [],
});

describe('embedded monitor store', () => {
  it('claims: busy while a run holds it, early before its due time, missed due times collapse into one run', async () => {
    await make('m1');
    const c = await s.store.claim('m1', T0 + 5 * HOUR + 60_000, false);
    expect(c.kind).toBe('claimed');
    const row = c.kind === 'claimed' ? c.row : null!;
    expect(row).toMatchObject({ run_no: 1, claimed_due: T0, next_run_at: T0 + 6 * HOUR });
    expect((await s.store.claim('m1', T0 + 5 * HOUR + 61_000, true)).kind).toBe('busy');
    // A record by a run number that does not hold it changes nothing.
    expect(await s.store.record('m1', record(2, T0 + 5 * HOUR, 1))).toBeUndefined();
    expect(await s.store.record('m1', record(1, T0 + 5 * HOUR, 1))).toMatchObject({ runs: 1, lease_until: null, credits_charged: 1 });
    expect(await s.store.record('m1', record(1, T0 + 5 * HOUR, 1))).toBeUndefined();
    expect((await s.store.claim('m1', T0 + 5 * HOUR + 2 * 60_000, false)).kind).toBe('early');
    // Within a tenth of the interval before it is due: due.
    expect((await s.store.claim('m1', T0 + 6 * HOUR - 5 * 60_000, false)).kind).toBe('claimed');
    expect(s.nextDueAt()).toBeNull();
  });

  it("history beyond the key's quota goes, oldest first; history past the retention is purged", async () => {
    await make('m1');
    await make('m2');
    for (let i = 1; i <= 10; i++) {
      const c = await s.store.claim('m1', T0 + (i - 1) * HOUR, false);
      expect(c.kind).toBe('claimed');
      await s.store.record('m1', record(i, T0 + (i - 1) * HOUR, i, 2));
    }
    const all = await s.store.snapshots('m1', { since: null, until: null, after: null, limit: 100 });
    expect(all.map((x) => x.values.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Each row's stored JSON length: what a page's byte bound counts (src/monitors/store.ts HISTORY_BYTES).
    expect(all.map((x) => x.bytes)).toEqual(all.map((x) => JSON.stringify({ n: x.values.n }).length));
    const changes = await s.store.changes('m1', { since: null, until: null, after: null, limit: 1 });
    expect(changes[0].bytes).toBe('n'.length + JSON.stringify(changes[0].before).length + JSON.stringify(changes[0].after).length);
    const bytes = (await s.store.get('m1'))!.history_bytes;
    // A quota of half what the key holds: about the older half goes.
    expect(s.trim('m1', 'k1', Math.floor(bytes / 2))).toBeGreaterThan(0);
    const left = await s.store.snapshots('m1', { since: null, until: null, after: null, limit: 100 });
    expect(left.map((x) => x.values.n)).toEqual([6, 7, 8, 9, 10].slice(-left.length));
    expect(left.length).toBeGreaterThanOrEqual(4);
    expect((await s.store.get('m1'))!.history_bytes).toBeLessThanOrEqual(Math.floor(bytes / 2));
    // Retention: what is older than it goes (the runs were in 2020).
    expect(await s.store.purge(0)).toBeGreaterThan(0);
    expect(await s.store.changes('m1', { since: null, until: null, after: null, limit: 100 })).toEqual([]);
    expect((await s.store.get('m1'))!.history_bytes).toBe(0);
    expect(await s.store.delete('m1')).toBe(true);
    expect(await s.store.get('m1')).toBeUndefined();
  });
});

describe("last values in the key's quota (embedded)", () => {
  const keyBytes = (key: string) =>
    (db.prepare('SELECT history_bytes AS n FROM monitor_keys WHERE key_id = ?').get(key) as { n: number } | undefined)?.n ?? 0;

  it("a run's last values count in its key's bytes, replaced not added; a delete gives them back; a store from before counts them at its upgrade", async () => {
    await make('m1');
    await s.store.claim('m1', T0, false);
    await s.store.record('m1', { ...record(1, T0, 1), values: { n: 'x'.repeat(3_000) }, snapshot: null });
    expect(keyBytes('k1')).toBe(JSON.stringify({ n: 'x'.repeat(3_000) }).length);
    await s.store.claim('m1', T0 + HOUR, false);
    await s.store.record('m1', { ...record(2, T0 + HOUR, 1), values: { n: 'y' }, snapshot: null });
    expect(keyBytes('k1')).toBe(JSON.stringify({ n: 'y' }).length);

    // A file written before values were counted: no values_bytes column, the key's bytes its history only.
    db.exec('ALTER TABLE monitors DROP COLUMN values_bytes');
    db.exec("UPDATE monitor_keys SET history_bytes = 0 WHERE key_id = 'k1'");
    s = createSqliteMonitorStore(db);
    expect(keyBytes('k1')).toBe(JSON.stringify({ n: 'y' }).length);
    expect(await s.store.delete('m1')).toBe(true);
    expect(keyBytes('k1')).toBe(0);
  });

  it("over the quota, the run's monitor's older history goes first, then other monitors', and the run's own rows last", async () => {
    await make('m1');
    await make('m2');
    for (let i = 1; i <= 3; i++) {
      await s.store.claim('m1', T0 + (i - 1) * HOUR, false);
      await s.store.record('m1', record(i, T0 + (i - 1) * HOUR, i, 1));
    }
    await s.store.claim('m2', T0 + 3 * HOUR, false);
    await s.store.record('m2', record(1, T0 + 3 * HOUR, 7, 1));
    const all = { since: null, until: null, after: null, limit: 100 };
    const m1Bytes = (await s.store.get('m1'))!.history_bytes;
    // A quota m2 alone (no older history of its own) cannot meet: m1's goes, m2's run stays.
    expect(s.trim('m2', 'k1', keyBytes('k1') - m1Bytes, T0 + 3 * HOUR)).toBeGreaterThan(0);
    expect(await s.store.snapshots('m1', all)).toEqual([]);
    expect((await s.store.snapshots('m2', all)).map((x) => x.values.n)).toEqual([7]);
    expect(await s.store.changes('m2', all)).toHaveLength(1);
  });
});

describe("a run's changes within RUN_CHANGES_BYTES (keptChanges)", () => {
  it('1,000 posts of 10 KB added: the first that fit are kept whole, the rest marked too_large_to_keep with their size; a small value after still fits; null kept', () => {
    // Our own list: each item a post of ~10 KB, as a `posts` list path would compare them.
    const post = (i: number) => ({ id: `p${String(i).padStart(4, '0')}`, text: `${'Kiln notes. '.repeat(850)}` });
    const added = Array.from({ length: 1_000 }, (_, i) => ({ field: 'posts', before: null, after: post(i) }));
    const kept = keptChanges([...added, { field: 'followers', before: 340, after: 341 }]);
    expect(kept).toHaveLength(1_001);
    const size = JSON.stringify(post(0)).length;
    const whole = Math.floor(RUN_CHANGES_BYTES / size);
    expect(kept.slice(0, whole)).toEqual(added.slice(0, whole));
    for (const [i, c] of kept.slice(whole, 1_000).entries())
      expect(c).toEqual({
        field: 'posts',
        before: null,
        after: { too_large_to_keep: true, bytes: JSON.stringify(post(whole + i)).length },
      });
    expect(kept[1_000]).toEqual({ field: 'followers', before: 340, after: 341 });
    const values = kept
      .flatMap((c) => [c.before, c.after])
      .filter((v) => v !== null && !(v as { too_large_to_keep?: true }).too_large_to_keep);
    expect(values.reduce((n: number, v) => n + JSON.stringify(v).length, 0)).toBeLessThanOrEqual(RUN_CHANGES_BYTES);
  });
});
