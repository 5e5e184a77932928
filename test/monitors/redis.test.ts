/**
 * Monitors with REDIS_URL: two gateway instances on one real redis-server (BullMQ job schedulers,
 * the Redis store and ledger) and one replay upstream. Either instance answers for a monitor made
 * on the other; each due run happens once across both (one upstream request per run, one charge
 * per run), runs of one monitor never overlap; snapshots and changes are the same from either.
 * Real time, with MONITORS_MIN_INTERVAL at 1 s so a monitor runs every 2 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTool, titled } from '../prereq.js';
import { startCluster } from '../redis/cluster.js';
import type { Cluster } from '../redis/cluster.js';
import { createRedisMonitorStore } from '../../src/monitors/redis-store.js';
import { EVENTS_MAX, LEASE_MS } from '../../src/monitors/store.js';
import type { RunRecord } from '../../src/monitors/store.js';
import { openRedis } from '../../src/store/redis.js';
import { startRedisServer } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';
import { aMonitor, call, codeUser, monitorOf, waitFor } from './helpers.js';

const REDIS = requireTool('redis-server');

describe.skipIf(REDIS.skip)(titled('monitors on Redis (two instances)', REDIS), () => {
  let redis: RedisServer;
  let c: Cluster;
  const user = codeUser('octo-redis');
  /** Answers of the account in flight now, and the most at once (runs of one monitor never overlap). */
  const flight = { now: 0, most: 0 };

  beforeAll(async () => {
    redis = await startRedisServer();
    c = await startCluster(redis.url, { env: { MONITORS_MIN_INTERVAL: '1', RATE_LIMIT_RPS: '1000' } });
    const route = user.route;
    c.replay.add({
      ...route,
      response: async (req) => {
        // The account's own request (its social accounts are read beside it, in the same run).
        const own = req.path === '/users/octo-redis';
        if (own) flight.most = Math.max(flight.most, ++flight.now);
        await new Promise((r) => setTimeout(r, 150));
        if (own) flight.now--;
        return (route.response as (r: typeof req) => any)(req);
      },
    });
  });
  afterAll(async () => {
    await c?.close();
    await redis?.close();
  });

  it('each due run once across both instances: one upstream request and one charge per run; either instance answers', async () => {
    const [a, b] = c.nodes;
    const { key, id: keyId } = await c.key(100);
    const made = await call(a, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle: 'octo-redis' }, every: '2s', watch: ['user.followers', 'user.bio'] },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.monitor.id;
    const started = Date.now();
    expect((await monitorOf(b, key, id)).id).toBe(id);
    let followers = 340;
    // Changes between runs: each run sees the next count.
    const bump = setInterval(() => (user.state.followers = ++followers), 2_000);
    try {
      await waitFor(async () => (await monitorOf(b, key, id)).runs >= 4, 20_000);
    } finally {
      clearInterval(bump);
    }
    // Let a run in flight finish, then read both sides.
    await new Promise((r) => setTimeout(r, 600));
    const elapsed = Date.now() - started;
    const m = await monitorOf(a, key, id);
    expect(await monitorOf(b, key, id)).toEqual(m);
    const userRequests = c.replay.hits({ host: 'api.github.com' }).filter((h) => h.path === '/users/octo-redis').length;
    // One upstream request per run, one charge per run, no more runs than due times.
    expect(userRequests).toBe(m.runs);
    expect(m.credits_charged).toBe(m.runs);
    expect(await a.deps.ledger.balance(keyId)).toBe(100 - m.runs);
    expect(m.runs).toBeLessThanOrEqual(Math.floor(elapsed / 2_000) + 1);
    expect(m.runs).toBeGreaterThanOrEqual(Math.floor(elapsed / 2_000) - 1);
    // The runs of one monitor never overlap.
    expect(flight.most).toBe(1);
    const snaps = (await call(b, 'GET', `/v1/monitors/${id}/snapshots`, { key })).body.snapshots;
    expect(snaps).toHaveLength(m.runs);
    const counts = snaps.map((s: any) => s.values['user.followers']);
    expect([...counts].sort((x: number, y: number) => x - y)).toEqual(counts);
    const changes = (await call(a, 'GET', `/v1/monitors/${id}/changes`, { key })).body.changes;
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((ch: any) => ch.field === 'user.followers' && ch.after > ch.before)).toBe(true);
    // Paused on one instance: no instance runs it any more.
    expect((await call(b, 'PATCH', `/v1/monitors/${id}`, { key, body: { paused: true } })).body.monitor.status).toBe('paused');
    const runs = (await monitorOf(a, key, id)).runs;
    await new Promise((r) => setTimeout(r, 4_500));
    expect((await monitorOf(a, key, id)).runs).toBe(runs);
    expect((await call(a, 'DELETE', `/v1/monitors/${id}`, { key })).status).toBe(200);
    expect((await call(b, 'GET', `/v1/monitors/${id}`, { key })).status).toBe(404);
  });

  it('a run now whose monitor is deleted while it runs: 404 NOT_FOUND, nothing recorded and nothing charged, as embedded', async () => {
    const [a, b] = c.nodes;
    const gone = codeUser('octo-redis-gone');
    const held: (() => void)[] = [];
    let hold = false;
    c.replay.add({
      ...gone.route,
      response: async (req) => {
        if (hold && !req.path.endsWith('/social_accounts')) await new Promise<void>((r) => held.push(r));
        return (gone.route.response as (r: typeof req) => any)(req);
      },
    });
    const { key, id: keyId } = await c.key(10);
    const made = await call(a, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle: 'octo-redis-gone' }, every: '30s', watch: ['user.followers'] },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.monitor.id;
    await waitFor(async () => (await monitorOf(a, key, id)).runs === 1);
    expect(await a.deps.ledger.balance(keyId)).toBe(9);
    // Past the answer a run reuses (a tenth of 30 s), before the next scheduled run: the run fetches, and is held.
    await new Promise((r) => setTimeout(r, 3_200));
    hold = true;
    const run = call(a, 'POST', `/v1/monitors/${id}/run`, { key });
    await waitFor(() => held.length === 1);
    expect((await call(b, 'DELETE', `/v1/monitors/${id}`, { key })).status).toBe(200);
    held.shift()!();
    const r = await run;
    expect(r.status, r.text).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await a.deps.ledger.balance(keyId)).toBe(9);
  });

  it('a delete on one instance cancels the run the other is making: it is left at once (404, 0 credits), and its lookup is not cached', async () => {
    const [a, b] = c.nodes;
    const far = codeUser('octo-redis-far');
    const held: (() => void)[] = [];
    let hold = false;
    c.replay.add({
      ...far.route,
      response: async (req) => {
        if (hold && !req.path.endsWith('/social_accounts')) await new Promise<void>((r) => held.push(r));
        return (far.route.response as (r: typeof req) => any)(req);
      },
    });
    const { key, id: keyId } = await c.key(10);
    const made = await call(a, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle: 'octo-redis-far' }, every: '30s', watch: ['user.followers'] },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.monitor.id;
    await waitFor(async () => (await monitorOf(a, key, id)).runs === 1);
    const baselineAt = Date.parse((await monitorOf(a, key, id)).last_run.at);
    // Past the answer a run reuses (a tenth of 30 s): the run on A fetches, and is held upstream.
    await new Promise((r) => setTimeout(r, 3_200));
    hold = true;
    const run = call(a, 'POST', `/v1/monitors/${id}/run`, { key });
    await waitFor(() => held.length === 1);
    expect((await call(b, 'DELETE', `/v1/monitors/${id}`, { key })).status).toBe(200);
    // Without waiting for the upstream: the run on A is left when B's delete is heard.
    const r = await Promise.race([run, new Promise<'still running'>((res) => setTimeout(() => res('still running'), 5_000))]);
    hold = false;
    for (const f of held.splice(0)) f();
    expect(r).not.toBe('still running');
    if (r === 'still running') return;
    expect(r.status, r.text).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await a.deps.ledger.balance(keyId)).toBe(9);
    // The held answer, come late, was not stored: a GET that takes any cached answer gets the baseline's.
    await new Promise((res) => setTimeout(res, 300));
    const got = await call(b, 'GET', '/v1/code/user?handle=octo-redis-far&cache_max_age=1d', { key });
    expect(got.status, got.text).toBe(200);
    expect(got.body.cached).toBe(true);
    expect(Date.parse(got.body.cached_at)).toBeLessThanOrEqual(baselineAt + 1_000);
  });

  /**
   * A monitor on the cluster's own account whose next run (by hand, on A) fetches live; `onSettle`
   * runs in place of A's ledger's settlement of that run (given the real one), so a test can put a
   * delete (on B) just before or just after it.
   */
  async function runWithSettlement(
    handle: string,
    onSettle: (settle: () => Promise<unknown>, id: string, key: string) => Promise<unknown>,
  ): Promise<{ key: string; keyId: string; id: string; run: Awaited<ReturnType<typeof call>> }> {
    const [a] = c.nodes;
    const acct = codeUser(handle);
    c.replay.add(acct.route);
    const { key, id: keyId } = await c.key(10);
    const made = await call(a, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle }, every: '30s', watch: ['user.followers'] },
    });
    expect(made.status, made.text).toBe(201);
    const id: string = made.body.monitor.id;
    await waitFor(async () => (await monitorOf(a, key, id)).runs === 1);
    // Past the answer a run reuses (a tenth of 30 s): the run by hand fetches live, and reserves.
    await new Promise((r) => setTimeout(r, 3_200));
    const ledger = a.deps.ledger;
    const real = ledger.settleOnce!.bind(ledger);
    ledger.settleOnce = (keyId_, reservation, actual, once) => {
      if (!reservation || once.scope !== `monitor:${id}`) return real(keyId_, reservation, actual, once);
      ledger.settleOnce = real;
      let result!: ReturnType<typeof real>;
      return onSettle(() => (result = real(keyId_, reservation, actual, once)), id, key).then(() => result);
    };
    try {
      const run = await call(a, 'POST', `/v1/monitors/${id}/run`, { key });
      return { key, keyId, id, run };
    } finally {
      ledger.settleOnce = real;
    }
  }

  it('a delete landing after a run looked for its monitor and before it settled: the run is charged nothing (404, 0 credits)', async () => {
    const [, b] = c.nodes;
    let deleted: Awaited<ReturnType<typeof call>> | undefined;
    const { key, keyId, id, run } = await runWithSettlement('octo-redis-race1', async (settle, monitorId, monitorKey) => {
      // The delete, on the other instance, completes before the run's settlement reaches the ledger.
      deleted = await call(b, 'DELETE', `/v1/monitors/${monitorId}`, { key: monitorKey });
      await settle();
    });
    expect(deleted?.status, deleted?.text).toBe(200);
    expect(run.status, run.text).toBe(404);
    expect(run.body.error.code).toBe('NOT_FOUND');
    // The baseline's 1 credit only: the run's reservation refunded, no charge of it anywhere.
    expect(await c.nodes[0].deps.ledger.balance(keyId)).toBe(9);
    const tx = await call(b, 'GET', '/v1/account/transactions', { key });
    expect(tx.body.transactions.filter((t: any) => t.monitor_id === id).map((t: any) => t.credits)).toEqual([-1]);
    expect((await call(b, 'GET', `/v1/monitors/${id}`, { key })).status).toBe(404);
  });

  it('a delete landing after a run settled and before it is recorded: the run is charged and recorded (its answer says so), then deleted', async () => {
    const [, b] = c.nodes;
    let deleting: Promise<Awaited<ReturnType<typeof call>>> | undefined;
    const { key, keyId, id, run } = await runWithSettlement('octo-redis-race2', async (settle, monitorId, monitorKey) => {
      await settle();
      // Asked on the other instance now; the run goes on to its record meanwhile (given a while:
      // a delete that does not wait for it is done by then).
      deleting = call(b, 'DELETE', `/v1/monitors/${monitorId}`, { key: monitorKey });
      await Promise.race([deleting, new Promise((r) => setTimeout(r, 400))]);
    });
    expect(run.status, run.text).toBe(200);
    expect(run.body).toMatchObject({ credits_charged: 1, run: { result: 'ok', credits_charged: 1 } });
    expect((await deleting)?.status).toBe(200);
    expect(await c.nodes[0].deps.ledger.balance(keyId)).toBe(8);
    const tx = await call(b, 'GET', '/v1/account/transactions', { key });
    expect(tx.body.transactions.filter((t: any) => t.monitor_id === id).map((t: any) => t.credits)).toEqual([-1, -1]);
    expect((await call(b, 'GET', `/v1/monitors/${id}`, { key })).status).toBe(404);
  });

  it("a run never compares an answer older than the last run's: an instance's in-memory cache still holding an earlier read is not reused (no change back and forth)", async () => {
    const [a, b] = c.nodes;
    const acct = codeUser('octo-redis-lru');
    c.replay.add(acct.route);
    const { key } = await c.key(20);
    const made = await call(a, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user', params: { handle: 'octo-redis-lru' }, every: '1h', watch: ['user.followers'] },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.monitor.id;
    await waitFor(async () => (await monitorOf(a, key, id)).runs === 1);
    // A serves the cached answer (its own memory holds it from then on); then the count moves and B reads it.
    const onAFirst = await call(a, 'GET', '/v1/code/user?handle=octo-redis-lru&cache_max_age=1d', { key });
    expect(onAFirst.body).toMatchObject({ cached: true, user: { followers: 340 } });
    acct.state.followers = 341;
    expect((await call(b, 'GET', '/v1/code/user?handle=octo-redis-lru', { key })).body.user.followers).toBe(341);
    // A run on B reuses B's answer (within a tenth of the hour): the count moved, one change.
    const onB = await call(b, 'POST', `/v1/monitors/${id}/run`, { key });
    expect(onB.body.run, onB.text).toMatchObject({ result: 'cached', changed: 1 });
    // A run on A: A's memory still holds its earlier answer (340), fresh enough by age — older
    // than what the last run compared. Reused, it was a change back to 340 (and forth again next run).
    const onA = await call(a, 'POST', `/v1/monitors/${id}/run`, { key });
    expect(onA.status, onA.text).toBe(200);
    expect(onA.body.run).toMatchObject({ changed: 0 });
    const changes = (await call(a, 'GET', `/v1/monitors/${id}/changes`, { key })).body.changes;
    expect(changes.map((ch: any) => [ch.before, ch.after])).toEqual([[340, 341]]);
    expect((await call(a, 'DELETE', `/v1/monitors/${id}`, { key })).status).toBe(200);
  });

  it('a monitor with no history yet is deleted (was: HINCRBY refused -0, a 503)', async () => {
    const conn = openRedis(redis.url);
    try {
      const { store } = createRedisMonitorStore(conn);
      const made = await store.create(aMonitor('mon_nohistory', 'key_nohistory'), 10);
      expect(made).toMatchObject({ id: 'mon_nohistory', history_bytes: 0 });
      expect(await store.delete('mon_nohistory')).toBe(true);
      expect(await store.get('mon_nohistory')).toBeUndefined();
      expect(await store.list('key_nohistory', { status: null, limit: 10, after: null })).toEqual([]);
    } finally {
      await conn.close();
    }
  });
  it("a monitor's last values count in its key's bytes (M:bytes) with its history: replaced, not added; a delete gives them back; a trim past the quota takes the oldest history, another monitor's before the run's own", async () => {
    const conn = openRedis(redis.url);
    try {
      const { store, trim } = createRedisMonitorStore(conn);
      const keyBytes = async () => Number((await conn.command<string | null>(['HGET', 'cl:{mon}:bytes', 'key_values'])) ?? 0);
      const monitor = (id: string) =>
        store.create(
          {
            id,
            key_id: 'key_values',
            operation: '/v1/code/user',
            params: '{"user":"octo-redis"}',
            every: '1d',
            interval_ms: 86_400_000,
            watch: '["user.bio"]',
            webhook_url: null,
            webhook_secret: null,
            max_credits_per_day: null,
            next_run_at: Date.now() + 86_400_000,
          },
          10,
        );
      const runOf = async (id: string, at: number, bio: string, change: string | null): Promise<RunRecord> => {
        const claim = await store.claim(id, Date.now(), true);
        if (claim.kind !== 'claimed') throw new Error(claim.kind);
        return {
          runNo: claim.row.run_no,
          at,
          charged: 0,
          outcome: { at: new Date(at).toISOString(), result: 'cached', code: null, credits_charged: 0, changed: change ? 1 : 0 },
          counted: true,
          values: { 'user.bio': bio },
          snapshot: null,
          changes: change ? [{ field: 'user.bio', before: change, after: bio }] : [],
          notFound: 'reset',
          stop: null,
          events: () => [],
        };
      };
      const valuesLength = (bio: string) => JSON.stringify({ 'user.bio': bio }).length;
      await monitor('mon_va');
      await monitor('mon_vb');
      const t0 = Date.now();
      await store.record('mon_va', await runOf('mon_va', t0, 'a'.repeat(5_000), null));
      expect(await keyBytes()).toBe(valuesLength('a'.repeat(5_000)));
      // Replaced by a shorter set: the key holds the new length, and the change's history.
      await store.record('mon_va', await runOf('mon_va', t0 + 1, 'b'.repeat(1_000), 'a'.repeat(5_000)));
      const history = (await store.get('mon_va'))!.history_bytes;
      expect(history).toBeGreaterThan(6_000);
      expect(await keyBytes()).toBe(valuesLength('b'.repeat(1_000)) + history);
      // B's run with a change of its own: over a quota that A's history alone could make room in,
      // A's goes, B's own change stays.
      await store.record('mon_vb', await runOf('mon_vb', t0 + 2, 'c'.repeat(2_000), null));
      await store.record('mon_vb', await runOf('mon_vb', t0 + 3, 'd'.repeat(2_000), 'c'.repeat(2_000)));
      const quota = (await keyBytes()) - history;
      expect(await trim('mon_vb', 'key_values', quota, t0 + 3)).toBe(1);
      expect(await store.changes('mon_va', { since: null, until: null, after: null, limit: 10 })).toEqual([]);
      expect(await store.changes('mon_vb', { since: null, until: null, after: null, limit: 10 })).toHaveLength(1);
      expect(await keyBytes()).toBe(quota);
      expect(await store.delete('mon_va')).toBe(true);
      expect(await store.delete('mon_vb')).toBe(true);
      expect(await keyBytes()).toBe(0);
    } finally {
      await conn.close();
    }
  });
  it(`a monitor keeps at most EVENTS_MAX (${EVENTS_MAX}) undelivered webhook events, the newest`, async () => {
    const conn = openRedis(redis.url);
    try {
      const { store } = createRedisMonitorStore(conn);
      await store.create(
        {
          id: 'mon_events',
          key_id: 'key_events',
          operation: '/v1/code/user',
          params: '{"user":"octo-redis"}',
          every: '1d',
          interval_ms: 86_400_000,
          watch: '["user.followers"]',
          webhook_url: 'https://hooks.example/never',
          webhook_secret: 'sealed',
          max_credits_per_day: null,
          next_run_at: Date.now() + 86_400_000,
        },
        10,
      );
      let givenUp = 0;
      for (let i = 0; i < EVENTS_MAX + 5; i++) {
        const claim = await store.claim('mon_events', Date.now(), true);
        if (claim.kind !== 'claimed') throw new Error(claim.kind);
        const recorded = await store.record('mon_events', {
          runNo: claim.row.run_no,
          at: Date.now(),
          charged: 0,
          outcome: { at: new Date().toISOString(), result: 'skipped', code: 'INSUFFICIENT_CREDITS', credits_charged: 0, changed: 0 },
          counted: false,
          values: null,
          snapshot: null,
          changes: [],
          notFound: 'keep',
          stop: 'stopped_no_credits',
          events: () => [{ event: 'monitor.stopped', body: JSON.stringify({ n: i }) }],
          eventsDropped: (n) => (givenUp += n),
        });
        expect(recorded).toBeDefined();
      }
      const seqs = await conn.command<string[]>(['LRANGE', 'cl:{mon}:ev:mon_events', '0', '-1']);
      expect(seqs).toHaveLength(EVENTS_MAX);
      // The record tells how many it gave up: the 5 oldest.
      expect(givenUp).toBe(5);
      expect(await conn.command<number>(['HLEN', 'cl:{mon}:evh:mon_events'])).toBe(EVENTS_MAX * 2);
      // The head is the oldest kept: the 6th made.
      expect((await store.outbox.next('mon_events'))?.body(1)).toBe(JSON.stringify({ n: 5 }));
    } finally {
      await conn.close();
    }
  });

  it('a run whose instance died is taken over once its lease lapses: the same run number, recorded once', async () => {
    const conn = openRedis(redis.url);
    try {
      const { store } = createRedisMonitorStore(conn);
      const t0 = Date.now();
      await store.create(
        {
          id: 'mon_takeover',
          key_id: 'key_takeover',
          operation: '/v1/code/user',
          params: '{"user":"octo-redis"}',
          every: '1h',
          interval_ms: 3_600_000,
          watch: '["user.followers"]',
          webhook_url: null,
          webhook_secret: null,
          max_credits_per_day: null,
          next_run_at: t0 - 1,
        },
        10,
      );
      // Instance A claims the due run, then dies before recording it.
      const a = await store.claim('mon_takeover', t0, false);
      expect(a).toMatchObject({ kind: 'claimed', takeover: false });
      const runNo = a.kind === 'claimed' ? a.row.run_no : -1;
      // While A's lease holds, nobody else runs it (a scheduled fire or a manual run alike).
      expect((await store.claim('mon_takeover', t0 + 60_000, false)).kind).toBe('busy');
      expect((await store.claim('mon_takeover', t0 + LEASE_MS - 1, true)).kind).toBe('busy');
      // Once it lapses, instance B takes the same run over (its charge is settled once by run number).
      const b = await store.claim('mon_takeover', t0 + LEASE_MS + 1, false);
      expect(b).toMatchObject({ kind: 'claimed', takeover: true });
      expect(b.kind === 'claimed' && b.row.run_no).toBe(runNo);
      const record = (at: number): RunRecord => ({
        runNo,
        at,
        charged: 1,
        outcome: { at: new Date(at).toISOString(), result: 'ok', code: null, credits_charged: 1, changed: 0 } as RunRecord['outcome'],
        counted: true,
        values: { 'user.followers': 5 },
        snapshot: { 'user.followers': 5 },
        changes: [],
        notFound: 'reset',
        stop: null,
        events: () => [],
      });
      const recorded = await store.record('mon_takeover', record(t0 + LEASE_MS + 2));
      expect(recorded).toMatchObject({ runs: 1, credits_charged: 1, lease_until: null });
      // A, come back late with the same run, records nothing: the run is counted and charged once.
      expect(await store.record('mon_takeover', record(t0 + LEASE_MS + 3))).toBeUndefined();
      expect(await store.get('mon_takeover')).toMatchObject({ runs: 1, credits_charged: 1 });
      const snaps = await store.snapshots('mon_takeover', { after: null, limit: 10, since: null, until: null } as never);
      expect(snaps).toHaveLength(1);
      // Its stored JSON's length: what a page's byte bound counts (src/monitors/store.ts HISTORY_BYTES).
      expect(snaps[0].bytes).toBe(JSON.stringify({ 'user.followers': 5 }).length);
      // The cadence moved on: the next scheduled claim is early, not a second run of the same due time.
      expect((await store.claim('mon_takeover', t0 + LEASE_MS + 4, false)).kind).toBe('early');
    } finally {
      await conn.close();
    }
  });
});
