/**
 * The item state machine's one guarantee, at the store level: an item's result and its charge
 * are committed together (Ledger.settleRecorded) or not at all. And what the embedded store keeps:
 * a key's bytes (JOBS_KEY_QUOTA_MB) and finished jobs until JOBS_RETENTION_DAYS (the runner purges
 * at start and hourly; the Redis store's purge is in redis-store.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteLedger } from '../../src/credits/sqlite-ledger.js';
import { CREATE_SLICE, createSqliteJobStore, embeddedJobStore } from '../../src/jobs/store.js';
import type { JobRow } from '../../src/jobs/store.js';
import { openDatabase } from '../../src/store/sqlite.js';
import type { Db } from '../../src/store/sqlite.js';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cl-jobstore-'));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const outcome = { status: 200, code: null, charged: 1, cached: false, body: '{"success":true}' };

const newJob = (id: string, keyId: string, bytes: number) => ({
  id,
  key_id: keyId,
  operation: '/v1/code/repository',
  total: 2,
  cache_max_age: null,
  max_credits: null,
  webhook_url: null,
  webhook_secret: null,
  idempotency_key: null,
  bytes,
});

async function setup() {
  const ledger = createSqliteLedger(db);
  const store = createSqliteJobStore(db);
  const { record } = await ledger.createKey({ name: 't', credits: 10 });
  await store.create(newJob('job_1', record.id, 0), ['{"url":"a"}', '{"url":"b"}']);
  return { ledger, store, keyId: record.id };
}

describe('item result and charge: one transaction', () => {
  it('settled and recorded together', async () => {
    const { ledger, store, keyId } = await setup();
    const r = (await ledger.reserve(keyId, 1))!;
    await ledger.settleRecorded!(r, 1, (o) => {
      expect(o).toEqual({ settled: true, charged: 1, balance: 9 });
      expect(store.recordIn('job_1', 0, outcome)).toBe(true);
    });
    expect(await ledger.totalCharged(keyId)).toBe(1);
    expect(store.get('job_1')).toMatchObject({ done: 1, ok: 1, credits_charged: 1 });
    expect(store.pending('job_1', -1, 10).map((i) => i.idx)).toEqual([1]);
  });

  it('a failed record rolls the charge back: the reservation stays open (refunded at the next start) and the item pending', async () => {
    const { ledger, store, keyId } = await setup();
    const r = (await ledger.reserve(keyId, 1))!;
    await expect(
      ledger.settleRecorded!(r, 1, () => {
        store.recordIn('job_1', 0, outcome);
        throw new Error('crash between the two');
      }),
    ).rejects.toThrow('crash between the two');
    expect(await ledger.totalCharged(keyId)).toBe(0);
    expect(store.get('job_1')).toMatchObject({ done: 0, credits_charged: 0 });
    expect(store.pending('job_1', -1, 10).map((i) => i.idx)).toEqual([0, 1]);
    expect(await ledger.refundAbandoned(0)).toBe(1);
    expect(await ledger.balance(keyId)).toBe(10);
  });

  it('a reservation refunded meanwhile (shutdown, start) is reported unsettled: nothing charged, the item not recorded', async () => {
    const { ledger, store, keyId } = await setup();
    const r = (await ledger.reserve(keyId, 1))!;
    await ledger.refundAbandoned(0);
    let seen: unknown;
    await ledger.settleRecorded!(r, 1, (o) => {
      seen = o;
    });
    expect(seen).toEqual({ settled: false, charged: 0, balance: 10 });
    expect(await ledger.totalCharged(keyId)).toBe(0);
    // An item is recorded once: a second record changes nothing.
    expect(store.record('job_1', 1, outcome)).toBe(true);
    expect(store.record('job_1', 1, outcome)).toBe(false);
    expect(store.get('job_1')).toMatchObject({ done: 1 });
  });
});

describe('retention and quota (embedded store)', () => {
  /** Moves a job's end back by `ms` (as if it had finished then). */
  const endedAgo = (id: string, ms: number) =>
    db.prepare('UPDATE jobs SET finished_at = ? WHERE id = ?').run(new Date(Date.now() - ms).toISOString(), id);
  const rows = (table: string, id: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${table === 'jobs' ? 'id' : 'job_id'} = ?`).get(id) as { n: number }).n;
  const DAY = 24 * 3600 * 1000;

  it("a key's bytes: its inputs at creation, plus each result's body as it is recorded; other keys apart", async () => {
    const { store, keyId, ledger } = await setup();
    const other = (await ledger.createKey({ name: 'o', credits: 1 })).record.id;
    await store.create(newJob('job_2', keyId, 300), ['{"url":"c"}', '{"url":"d"}']);
    await store.create(newJob('job_3', other, 50), ['{"url":"e"}', '{"url":"f"}']);
    expect(store.bytesOf(keyId)).toBe(300);
    store.record('job_2', 0, outcome);
    expect(store.bytesOf(keyId)).toBe(300 + outcome.body.length);
    expect(store.bytesOf(other)).toBe(50);
    expect(store.bytesOf('no-such-key')).toBe(0);
  });

  it('purge: finished jobs past retention go with their items and bytes; younger ones and unfinished ones stay', async () => {
    const { store, keyId } = await setup();
    await store.create(newJob('job_old', keyId, 1000), ['{"url":"c"}', '{"url":"d"}']);
    await store.create(newJob('job_young', keyId, 100), ['{"url":"e"}', '{"url":"f"}']);
    await store.create(newJob('job_stopped', keyId, 10), ['{"url":"g"}', '{"url":"h"}']);
    store.record('job_old', 0, outcome);
    store.finish('job_old', 'completed');
    endedAgo('job_old', 8 * DAY);
    store.finish('job_young', 'cancelled');
    endedAgo('job_young', 6 * DAY);
    store.finish('job_stopped', 'stopped_no_credits');
    endedAgo('job_stopped', 9 * DAY);
    // job_1 never finished: old as it may be, it is never expired.
    db.prepare('UPDATE jobs SET created_at = ?, updated_at = ? WHERE id = ?').run(
      '2020-01-01T00:00:00.000Z',
      '2020-01-01T00:00:00.000Z',
      'job_1',
    );
    const before = store.bytesOf(keyId);

    expect(store.purge(7 * DAY)).toBe(2);
    expect(store.get('job_old')).toBeUndefined();
    expect(store.get('job_stopped')).toBeUndefined();
    expect(rows('job_items', 'job_old') + rows('job_items', 'job_stopped')).toBe(0);
    expect(store.get('job_young')).toMatchObject({ status: 'cancelled' });
    expect(rows('job_items', 'job_young')).toBe(2);
    expect(store.get('job_1')).toMatchObject({ status: 'queued' });
    expect(store.bytesOf(keyId)).toBe(before - (1000 + outcome.body.length) - 10);
    expect(store.purge(7 * DAY)).toBe(0);
  });

  it('a stopped job resumed is unfinished again: not purged while it runs', async () => {
    const { store } = await setup();
    store.finish('job_1', 'stopped_at_cap');
    endedAgo('job_1', 30 * DAY);
    store.resume('job_1', null);
    expect(store.purge(0)).toBe(0);
    expect(store.get('job_1')).toMatchObject({ status: 'queued', finished_at: null });
  });
});

describe('creating a job (embedded store)', () => {
  const inputs = (n: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ url: `https://github.com/o/r${i}` }));

  it('writes the items in slices, one event-loop turn each; until the last the job is taken up by no runner and shows as queued', async () => {
    const store = createSqliteJobStore(db);
    const n = CREATE_SLICE * 2 + 500;
    let turns = 0;
    let seen: { unfinished: string[]; status?: string; items: number } | undefined;
    const tick = () =>
      setImmediate(() => {
        turns++;
        // Another request between two slices: it sees the job as its client would, and no runner takes it up.
        seen ??= {
          unfinished: store.unfinished().map((r) => r.id),
          status: store.get('job_big')?.status,
          items: (db.prepare("SELECT COUNT(*) AS n FROM job_items WHERE job_id = 'job_big'").get() as { n: number }).n,
        };
        if (turns < 100) tick();
      });
    tick();
    await store.create({ ...newJob('job_big', 'k', 10), total: n }, inputs(n));
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual({ unfinished: [], status: 'queued', items: CREATE_SLICE });
    expect(store.unfinished().map((r) => r.id)).toEqual(['job_big']);
    expect(store.get('job_big')).toMatchObject({ status: 'queued', total: n });
    expect(store.pending('job_big', -1, n + 1).map((r) => r.idx)).toEqual(Array.from({ length: n }, (_, i) => i));
    // A creation counts among the key's unfinished jobs (JOBS_MAX_RUNNING_PER_KEY) from its first slice.
    expect(store.unfinishedCount('k')).toBe(1);
  });

  it('a slice that fails: nothing of the job is left, and the error is thrown', async () => {
    const store = createSqliteJobStore(db);
    const bad = inputs(CREATE_SLICE + 10);
    (bad as unknown[])[CREATE_SLICE + 5] = null; // input is NOT NULL: the second slice fails
    await expect(store.create(newJob('job_bad', 'k', 10), bad)).rejects.toThrow(/NOT NULL/);
    expect(store.get('job_bad')).toBeUndefined();
    expect((db.prepare("SELECT COUNT(*) AS n FROM job_items WHERE job_id = 'job_bad'").get() as { n: number }).n).toBe(0);
    expect(store.bytesOf('k')).toBe(0);
  });

  it('a job a dead process left creating is deleted at start; finished and queued ones stay', async () => {
    const store = createSqliteJobStore(db);
    await store.create(newJob('job_ok', 'k', 10), inputs(3));
    await store.create(newJob('job_half', 'k', 10), inputs(3));
    db.prepare("UPDATE jobs SET status = 'creating' WHERE id = 'job_half'").run();
    expect(store.dropUnfinishedCreations()).toBe(1);
    expect(store.get('job_half')).toBeUndefined();
    expect((db.prepare("SELECT COUNT(*) AS n FROM job_items WHERE job_id = 'job_half'").get() as { n: number }).n).toBe(0);
    expect(store.get('job_ok')).toMatchObject({ status: 'queued' });
    expect(store.dropUnfinishedCreations()).toBe(0);
  });
});

describe('webhook delivery outcome (embedded store)', () => {
  const webhookOf = (row: JobRow | undefined) => ({
    event: row?.webhook_event,
    attempts: row?.webhook_attempts,
    last_status: row?.webhook_last_status,
    last_error: row?.webhook_last_error,
    delivered: row?.webhook_delivered,
  });

  it("kept per event: attempts, the last answer, delivered or given up; an old event's late answer changes nothing; reset when the job ends anew", async () => {
    const s = createSqliteJobStore(db);
    const store = embeddedJobStore(s);
    await s.create({ ...newJob('job_hook', 'k', 10), webhook_url: 'https://hooks.example/x', webhook_secret: 'a-secret-of-16-chars' }, [
      '{"url":"a"}',
      '{"url":"b"}',
    ]);
    expect(webhookOf(s.get('job_hook'))).toEqual({ event: null, attempts: 0, last_status: null, last_error: null, delivered: null });
    s.finish('job_hook', 'stopped_at_cap');
    await store.webhookAttempt('job_hook', 'stopped_at_cap');
    await store.webhookOutcome('job_hook', 'stopped_at_cap', { status: 503, error: 'HTTP 503' });
    expect(webhookOf(s.get('job_hook'))).toEqual({
      event: 'stopped_at_cap',
      attempts: 1,
      last_status: 503,
      last_error: 'HTTP 503',
      delivered: null,
    });
    await store.webhookAttempt('job_hook', 'stopped_at_cap');
    await store.webhookOutcome('job_hook', 'stopped_at_cap', { status: null, error: 'refused by the SSRF guard: …' });
    await store.webhookDone('job_hook', 'stopped_at_cap', false);
    const givenUp = { event: null, attempts: 2, last_status: null, last_error: 'refused by the SSRF guard: …', delivered: 0 };
    expect(webhookOf(s.get('job_hook'))).toEqual(givenUp);
    // Ended: a late answer or end for it is not recorded.
    await store.webhookOutcome('job_hook', 'stopped_at_cap', { status: 200, error: null });
    await store.webhookDone('job_hook', 'stopped_at_cap', true);
    expect(webhookOf(s.get('job_hook'))).toEqual(givenUp);
    // Resumed and completed: a new event, its delivery from nothing.
    s.resume('job_hook', null);
    s.finish('job_hook', 'completed');
    expect(webhookOf(s.get('job_hook'))).toEqual({ event: 'completed', attempts: 0, last_status: null, last_error: null, delivered: null });
    await store.webhookAttempt('job_hook', 'completed');
    await store.webhookOutcome('job_hook', 'completed', { status: 204, error: null });
    await store.webhookDone('job_hook', 'completed', true);
    expect(webhookOf(s.get('job_hook'))).toEqual({ event: null, attempts: 1, last_status: 204, last_error: null, delivered: 1 });
  });

  it('a store made before the outcome columns gains them, once; its jobs read as nothing tried', () => {
    db.exec(`CREATE TABLE jobs (
      id TEXT PRIMARY KEY, key_id TEXT NOT NULL, operation TEXT NOT NULL, status TEXT NOT NULL, total INTEGER NOT NULL,
      cache_max_age TEXT, max_credits INTEGER, webhook_url TEXT, webhook_secret TEXT, webhook_event TEXT,
      webhook_attempts INTEGER NOT NULL DEFAULT 0, idempotency_key TEXT, done INTEGER NOT NULL DEFAULT 0,
      ok INTEGER NOT NULL DEFAULT 0, cached INTEGER NOT NULL DEFAULT 0, failed INTEGER NOT NULL DEFAULT 0,
      credits_charged INTEGER NOT NULL DEFAULT 0, bytes INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL, finished_at TEXT)`);
    db.prepare(
      "INSERT INTO jobs (id, key_id, operation, status, total, webhook_url, webhook_secret, webhook_event, webhook_attempts, created_at, updated_at) VALUES ('job_old', 'k', '/v1/code/repository', 'completed', 1, 'https://hooks.example/x', 'a-secret-of-16-chars', 'completed', 2, 'x', 'x')",
    ).run();
    createSqliteJobStore(db);
    const s = createSqliteJobStore(db); // a second start: nothing to add
    expect(webhookOf(s.get('job_old'))).toEqual({ event: 'completed', attempts: 2, last_status: null, last_error: null, delivered: null });
  });
});

describe("a key's jobs (embedded store: GET /v1/jobs)", () => {
  it('newest first, ties on created_at by id; a status only (creating listed as queued); past a cursor by a seek on the index', async () => {
    const store = createSqliteJobStore(db);
    for (const id of ['job_a', 'job_b', 'job_c', 'job_d']) await store.create(newJob(id, 'k', 1), ['{}', '{}']);
    await store.create(newJob('job_other', 'k2', 1), ['{}', '{}']);
    // job_b and job_c created in the same millisecond; job_d still being written.
    const at = (id: string, t: string) => db.prepare('UPDATE jobs SET created_at = ? WHERE id = ?').run(t, id);
    at('job_a', '2026-01-01T00:00:00.000Z');
    at('job_b', '2026-01-01T00:00:01.000Z');
    at('job_c', '2026-01-01T00:00:01.000Z');
    at('job_d', '2026-01-01T00:00:02.000Z');
    db.prepare("UPDATE jobs SET status = 'creating' WHERE id = 'job_d'").run();
    store.finish('job_a', 'completed');
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

    expect(ids(store.list('k', { status: null, limit: 10, after: null }))).toEqual(['job_d', 'job_c', 'job_b', 'job_a']);
    expect(store.list('k', { status: null, limit: 1, after: null })[0].status).toBe('queued');
    expect(ids(store.list('k', { status: null, limit: 10, after: { created_at: '2026-01-01T00:00:01.000Z', id: 'job_c' } }))).toEqual([
      'job_b',
      'job_a',
    ]);
    expect(ids(store.list('k', { status: null, limit: 1, after: { created_at: '2026-01-01T00:00:02.000Z', id: 'job_d' } }))).toEqual([
      'job_c',
    ]);
    expect(ids(store.list('k', { status: 'queued', limit: 10, after: null }))).toEqual(['job_d', 'job_c', 'job_b']);
    expect(ids(store.list('k', { status: 'completed', limit: 10, after: null }))).toEqual(['job_a']);
    expect(ids(store.list('k2', { status: null, limit: 10, after: null }))).toEqual(['job_other']);

    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('k', '2026', 'job_x') as { detail: string }[]).map((r) => r.detail).join('; ');
    expect(plan('SELECT * FROM jobs WHERE key_id = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT 5')).toMatch(
      /USING INDEX jobs_key_created \(key_id=\? AND \(created_at,id\)<\(\?,\?\)\)$/,
    );
  });
});
