/**
 * The two halves of an item's idempotency on Redis, at the store level: the ledger settles an item
 * once per identity (Ledger.settleOnce), and the job store records its result once (first writer
 * wins, counts unchanged by a second) — whichever instance ran it, however often.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisLedger } from '../../src/credits/redis-ledger.js';
import { trackReservations } from '../../src/credits/tracked-ledger.js';
import { createRedisJobStore } from '../../src/jobs/redis-store.js';
import type { JobListQuery } from '../../src/jobs/store.js';
import { openRedis } from '../../src/store/redis.js';
import type { RedisStore } from '../../src/store/redis.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';

const REDIS = requireTool('redis-server');
const outcome = { status: 200, code: null, charged: 1, cached: false, body: '{"success":true}' };
/** A new job's fields: one item of 11 bytes, no options; `over` names the rest. */
const aJob = <T extends object>(over: T) => ({
  key_id: 'key_a',
  operation: '/v1/code/repository',
  total: 1,
  cache_max_age: null,
  max_credits: null,
  webhook_url: null,
  webhook_secret: null,
  idempotency_key: null as string | null,
  bytes: 11,
  ...over,
});

describe.skipIf(REDIS.skip)(titled('Redis: an item charged and recorded once', REDIS), () => {
  let server: RedisServer;
  let redis: RedisStore;
  beforeAll(async () => {
    server = await startRedisServer();
    redis = openRedis(server.url);
  });
  afterAll(async () => {
    await redis?.close();
    await server?.close();
  });

  it('settleOnce: the first settlement charges; a later one for the same item refunds its reservation and reports that charge', async () => {
    const ledger = trackReservations(createRedisLedger(redis, { sweepIntervalMs: 0 }));
    const { record } = await ledger.createKey({ name: 't', credits: 10 });
    const k = record.id;
    const once = (id: string) => ({ scope: 'job_a', id, keepMs: 60_000 });

    const r1 = (await ledger.reserve(k, 1))!;
    expect(await ledger.settleOnce!(k, r1, 1, once('0'))).toEqual({ state: 'settled', charged: 1, balance: 9 });
    // The same item run again (elsewhere): reserved, then refunded in full at its settlement.
    const r2 = (await ledger.reserve(k, 1))!;
    expect(await ledger.balance(k)).toBe(8);
    expect(await ledger.settleOnce!(k, r2, 1, once('0'))).toEqual({ state: 'duplicate', charged: 1, balance: 9 });
    expect(ledger.open.size).toBe(0);

    // First run without a reservation (a cache hit): remembered at 0; a later live run costs nothing.
    expect(await ledger.settleOnce!(k, null, 0, once('1'))).toEqual({ state: 'settled', charged: 0, balance: 9 });
    const r3 = (await ledger.reserve(k, 1))!;
    expect(await ledger.settleOnce!(k, r3, 1, once('1'))).toEqual({ state: 'duplicate', charged: 0, balance: 9 });

    // A reservation refunded as abandoned before it settled: nothing charged or remembered.
    const r4 = (await ledger.reserve(k, 1))!;
    expect(await ledger.refundAbandoned(0)).toBe(1);
    expect(await ledger.settleOnce!(k, r4, 1, once('2'))).toEqual({ state: 'lost', charged: 0, balance: 9 });
    const r5 = (await ledger.reserve(k, 1))!;
    expect(await ledger.settleOnce!(k, r5, 1, once('2'))).toEqual({ state: 'settled', charged: 1, balance: 8 });

    // Another job's item 0 is another item.
    const r6 = (await ledger.reserve(k, 1))!;
    expect(await ledger.settleOnce!(k, r6, 1, { scope: 'job_b', id: '0', keepMs: 60_000 })).toMatchObject({ state: 'settled' });
    expect(await ledger.totalCharged(k)).toBe(3);
    expect(await ledger.balance(k)).toBe(7);
    // Remembered for keepMs, not for ever.
    const ttl = await redis.command<number>(['PTTL', 'cl:{ledger}:once:job_a']);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('record: the first result wins, a second changes no count; the last item ends the job', async () => {
    const store = createRedisJobStore(redis);
    const job = {
      id: 'job_rec',
      key_id: 'key_1',
      operation: '/v1/code/repository',
      total: 2,
      cache_max_age: null,
      max_credits: 5,
      webhook_url: null,
      webhook_secret: null,
      idempotency_key: 'idem',
      bytes: 22,
    };
    const made = await store.create(job, ['{"url":"a"}', '{"url":"b"}']);
    expect(made).toMatchObject({ existing: false, row: { id: 'job_rec', status: 'queued', total: 2, max_credits: 5 } });
    expect(await store.create({ ...job, id: 'job_other' }, ['{"url":"a"}'])).toMatchObject({ existing: true, row: { id: 'job_rec' } });
    expect(await store.unfinishedCount('key_1')).toBe(1);
    const ref = { id: 'job_rec', keyId: 'key_1' };
    expect(await store.claim(ref, 0, 1)).toBe(1);
    expect(await store.claim(ref, 1, 1)).toBe(1);
    // The cap counts what items in flight hold: 3 held by item 0 leaves 2 of 5 for item 1.
    expect(await store.cap(ref, 0, 3)).toBe(1);
    expect(await store.cap(ref, 1, 3)).toBe(0);
    expect(await store.cap(ref, 1, 2)).toBe(1);
    expect(await store.record(ref, 0, outcome)).toEqual({ ended: false, duplicate: false });
    expect(await store.record(ref, 0, { ...outcome, charged: 7 })).toEqual({ ended: false, duplicate: true });
    expect(await store.get('job_rec')).toMatchObject({ done: 1, ok: 1, credits_charged: 1, status: 'running' });
    // Done already: a stalled copy of it does not run.
    expect(await store.claim(ref, 0, 1)).toBe(0);
    expect(await store.firstPending('job_rec')).toEqual({ idx: 1, input: '{"url":"b"}' });
    expect(await store.record(ref, 1, outcome)).toEqual({ ended: true, duplicate: false });
    expect(await store.get('job_rec')).toMatchObject({ done: 2, credits_charged: 2, status: 'completed' });
    expect(await store.unfinishedCount('key_1')).toBe(0);
    expect((await store.results('job_rec', -1, 10)).map((r) => [r.idx, r.input, r.credits_charged])).toEqual([
      [0, '{"url":"a"}', 1],
      [1, '{"url":"b"}', 1],
    ]);
    expect(await store.bytesOf('key_1')).toBe(22 + 2 * outcome.body.length);
  });

  it('purge: a finished job past its retention goes with everything kept for it; an unfinished one is never expired', async () => {
    const store = createRedisJobStore(redis);
    const base = aJob({ key_id: 'key_p' });
    await store.create({ ...base, id: 'job_old', idempotency_key: 'p1' }, ['{"url":"a"}']);
    await store.create({ ...base, id: 'job_open', idempotency_key: 'p2' }, ['{"url":"b"}']);
    const ref = { id: 'job_old', keyId: 'key_p' };
    expect(await store.claim(ref, 0, 1)).toBe(1);
    expect(await store.record(ref, 0, outcome)).toEqual({ ended: true, duplicate: false });
    const keysOf = async (id: string) => (await redis.command<string[]>(['KEYS', `cl:{jobs}:*${id}*`])).sort();
    expect((await keysOf('job_old')).length).toBeGreaterThan(0);

    // Within its retention it stays; past it (a retention of 0 here), only the finished job expires.
    expect(await store.expired(60_000, 10)).not.toContain('job_old');
    await new Promise((r) => setTimeout(r, 5));
    const old = await store.expired(0, 10);
    expect(old).toContain('job_old');
    expect(old).not.toContain('job_open');
    await store.purge('job_old');
    expect(await store.get('job_old')).toBeUndefined();
    expect(await keysOf('job_old')).toEqual([]);
    expect(await store.expired(0, 10)).not.toContain('job_old');
    // Its idempotency key is free again; its bytes no longer count against the key's quota.
    expect(await store.create({ ...base, id: 'job_new', idempotency_key: 'p1' }, ['{"url":"c"}'])).toMatchObject({ existing: false });
    expect(await store.bytesOf('key_p')).toBe(22);
    expect(await store.get('job_open')).toMatchObject({ status: 'queued' });
  });

  it('a create answered 503 (its CREATE unanswered in time) makes no job, even when Redis runs that CREATE late: the retry is the one job', async () => {
    // Redis holds every write for 1.2 s (CLIENT PAUSE … WRITE), sent just before CREATE: the store
    // (a 400 ms deadline here) gives up on it, and Redis runs it once the pause ends.
    const slow = openRedis(server.url, { commandTimeoutMs: 400 });
    const pauser = openRedis(server.url);
    const paused: RedisStore = {
      ...slow,
      command: (args, opts) => slow.command(args, opts),
      async script(script, keys, args, opts) {
        if (keys.some((k) => k.includes(':stage:'))) await pauser.command(['CLIENT', 'PAUSE', 1_200, 'WRITE']);
        return slow.script(script, keys, args, opts);
      },
    };
    try {
      // CREATE is in Redis's script cache already, as on any instance that has made a job: the late
      // CREATE runs (a script Redis lacked would only answer NOSCRIPT, and nothing would be made).
      await createRedisJobStore(redis).create(aJob({ id: 'job_warm', key_id: 'key_warm' }), ['{"url":"w"}']);
      const store = createRedisJobStore(paused);
      const job = aJob({ id: 'job_late', key_id: 'key_late', idempotency_key: 'late-1' });
      await expect(store.create(job, ['{"url":"a"}'])).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      // Once Redis has run the late CREATE (its staged inputs renamed) and what was queued behind
      // it: no job, nothing counted.
      await vi.waitFor(async () => expect(await redis.command<string[]>(['KEYS', 'cl:{jobs}:*job_late*'])).toEqual([]), { timeout: 5_000 });
      expect(await redis.command<number>(['HEXISTS', 'cl:{jobs}:idem', 'key_late\nlate-1'])).toBe(0);
      const fresh = createRedisJobStore(redis);
      expect(await fresh.unfinishedCount('key_late')).toBe(0);
      expect(await fresh.get('job_late')).toBeUndefined();
      expect(await fresh.bytesOf('key_late')).toBe(0);
      // The client's retry: one job.
      expect(await fresh.create({ ...job, id: 'job_retry' }, ['{"url":"a"}'])).toMatchObject({ existing: false, row: { id: 'job_retry' } });
      expect(await fresh.unfinishedCount('key_late')).toBe(1);
    } finally {
      await slow.close();
      await pauser.close();
    }
  });

  it("a webhook's delivery outcome is kept per event: attempts, the last answer, delivered or given up; reset when the job ends anew", async () => {
    const store = createRedisJobStore(redis);
    const webhookOf = async () => {
      const row = await store.get('job_whout');
      return {
        event: row?.webhook_event,
        attempts: row?.webhook_attempts,
        last_status: row?.webhook_last_status,
        last_error: row?.webhook_last_error,
        delivered: row?.webhook_delivered,
      };
    };
    await store.create(
      {
        id: 'job_whout',
        key_id: 'key_wh',
        operation: '/v1/code/repository',
        total: 1,
        cache_max_age: null,
        max_credits: null,
        webhook_url: 'https://hooks.example/x',
        webhook_secret: 'a-secret-of-16-chars',
        idempotency_key: null,
        bytes: 11,
      },
      ['{"url":"a"}'],
    );
    expect(await webhookOf()).toEqual({ event: null, attempts: 0, last_status: null, last_error: null, delivered: null });
    const ref = { id: 'job_whout', keyId: 'key_wh' };
    expect(await store.stop(ref, 'stopped_at_cap', null)).toBe(true);
    await store.webhookAttempt('job_whout', 'stopped_at_cap');
    await store.webhookOutcome('job_whout', 'stopped_at_cap', { status: 503, error: 'HTTP 503' });
    expect(await webhookOf()).toEqual({ event: 'stopped_at_cap', attempts: 1, last_status: 503, last_error: 'HTTP 503', delivered: null });
    await store.webhookAttempt('job_whout', 'stopped_at_cap');
    await store.webhookOutcome('job_whout', 'stopped_at_cap', { status: null, error: 'refused by the SSRF guard: …' });
    await store.webhookDone('job_whout', 'stopped_at_cap', false);
    const givenUp = { event: null, attempts: 2, last_status: null, last_error: 'refused by the SSRF guard: …', delivered: 0 };
    expect(await webhookOf()).toEqual(givenUp);
    expect(await store.webhooksDue()).toEqual([]);
    // Ended: a late answer or end for it is not recorded.
    await store.webhookOutcome('job_whout', 'stopped_at_cap', { status: 200, error: null });
    await store.webhookDone('job_whout', 'stopped_at_cap', true);
    expect(await webhookOf()).toEqual(givenUp);
    // Resumed and completed: a new event, its delivery from nothing.
    await store.resume('job_whout', null);
    expect(await store.claim(ref, 0, 2)).toBe(1);
    expect(await store.record(ref, 0, outcome)).toEqual({ ended: true, duplicate: false });
    expect(await webhookOf()).toEqual({ event: 'completed', attempts: 0, last_status: null, last_error: null, delivered: null });
    await store.webhookAttempt('job_whout', 'completed');
    await store.webhookOutcome('job_whout', 'completed', { status: 204, error: null });
    await store.webhookDone('job_whout', 'completed', true);
    expect(await webhookOf()).toEqual({ event: null, attempts: 1, last_status: 204, last_error: null, delivered: 1 });
  });

  it("a key's jobs (GET /v1/jobs): newest first, ties by id, past a cursor, a status only; purged ones leave; older jobs indexed once", async () => {
    const store = createRedisJobStore(redis);
    const base = aJob({});
    const createAt = async (id: string, keyId: string, iso: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(iso));
      try {
        await store.create({ ...base, id, key_id: keyId }, ['{"url":"a"}']);
      } finally {
        vi.useRealTimers();
      }
    };
    await createAt('job_la', 'key_l', '2026-01-01T00:00:00.000Z');
    await createAt('job_lb', 'key_l', '2026-01-01T00:00:01.000Z');
    await createAt('job_lc', 'key_l', '2026-01-01T00:00:01.000Z');
    await createAt('job_ld', 'key_l', '2026-01-01T00:00:02.000Z');
    await createAt('job_lx', 'key_l2', '2026-01-01T00:00:03.000Z');
    const ids = async (keyId: string, q: Partial<JobListQuery> = {}) =>
      (await store.list(keyId, { status: null, limit: 10, after: null, ...q })).map((r) => r.id);

    expect(await ids('key_l')).toEqual(['job_ld', 'job_lc', 'job_lb', 'job_la']);
    expect(await ids('key_l', { after: { created_at: '2026-01-01T00:00:01.000Z', id: 'job_lc' } })).toEqual(['job_lb', 'job_la']);
    expect(await ids('key_l', { limit: 1, after: { created_at: '2026-01-01T00:00:02.000Z', id: 'job_ld' } })).toEqual(['job_lc']);
    expect(await ids('key_l2')).toEqual(['job_lx']);
    expect(await ids('key_none')).toEqual([]);

    const ref = { id: 'job_la', keyId: 'key_l' };
    expect(await store.claim(ref, 0, 1)).toBe(1);
    await store.record(ref, 0, outcome);
    expect(await ids('key_l', { status: 'completed' })).toEqual(['job_la']);
    expect(await ids('key_l', { status: 'queued' })).toEqual(['job_ld', 'job_lc', 'job_lb']);

    await store.purge('job_la');
    expect(await ids('key_l')).toEqual(['job_ld', 'job_lc', 'job_lb']);
    expect(await redis.command<string[]>(['ZRANGE', 'cl:{jobs}:of:key_l', 0, -1])).toHaveLength(3);

    // Jobs created by a version without these sets: a process indexes them before its first list
    // (this store did at its first; a new one does now).
    await redis.command(['DEL', 'cl:{jobs}:of:key_l', 'cl:{jobs}:of-indexed']);
    expect(await ids('key_l')).toEqual([]);
    const fresh = createRedisJobStore(redis);
    expect((await fresh.list('key_l', { status: null, limit: 10, after: null })).map((r) => r.id)).toEqual(['job_ld', 'job_lc', 'job_lb']);
    expect(await redis.command<number>(['EXISTS', 'cl:{jobs}:of-indexed'])).toBe(1);
  });

  it("a status filter reads on through the key's jobs past one batch", async () => {
    const store = createRedisJobStore(redis);
    const base = aJob({ key_id: 'key_many' });
    for (let i = 0; i < 230; i++) await store.create({ ...base, id: `job_m${String(i).padStart(3, '0')}` }, ['{"url":"a"}']);
    const ref = { id: 'job_m000', keyId: 'key_many' };
    expect(await store.claim(ref, 0, 1)).toBe(1);
    await store.record(ref, 0, outcome);
    expect((await store.list('key_many', { status: 'completed', limit: 5, after: null })).map((r) => r.id)).toEqual(['job_m000']);
    const all = await store.list('key_many', { status: null, limit: 100, after: null });
    expect(all).toHaveLength(100);
    const last = all[99];
    const next = await store.list('key_many', { status: null, limit: 200, after: { created_at: last.created_at, id: last.id } });
    expect(next).toHaveLength(130);
    expect(new Set([...all, ...next].map((r) => r.id)).size).toBe(230);
  });

  it('a webhook delivery is held by one process at a time, renewed by its holder, free again once it lapses', async () => {
    const a = createRedisJobStore(redis);
    const b = createRedisJobStore(redis);
    expect(await a.claimWebhook('job_hook', 60_000)).toBe(true);
    expect(await b.claimWebhook('job_hook', 60_000)).toBe(false);
    expect(await a.claimWebhook('job_hook', 300)).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.claimWebhook('job_hook', 60_000)).toBe(true);
    expect(await a.claimWebhook('job_hook', 60_000)).toBe(false);
  });
});
