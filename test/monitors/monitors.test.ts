/**
 * Monitors end to end over REST, embedded (SQLite store, timer scheduler), on a fake clock against
 * a replay upstream whose answer changes between runs: a text field that changes, an address that
 * appears and disappears, a numeric series, a link list; failing runs, credits running out, the
 * daily cap, runs missed while time jumped; signed webhooks; validation and ownership.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMonitorClock } from '../../src/monitors/clock.js';
import { LAST_VALUES_BYTES } from '../../src/monitors/fields.js';
import { HISTORY_BYTES, RUN_CHANGES_BYTES } from '../../src/monitors/store.js';
import { captureLogs, startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, codeUser, monitorOf, testClock, verifySignature, waitFor } from './helpers.js';

const HOUR = 3_600_000;
const OP = '/v1/code/user';
const SECRET = 'whsec-monitor-0123456789';
const WATCH = ['user.bio', 'user.email', 'user.followers', 'social_accounts.url'];
const hook = (path: string) => ({ url: `https://hooks.example${path}`, secret: SECRET });

let h: Harness;
const t = testClock();
const logs = captureLogs();
const deliveries = (path: string) => h.replay.hits({ host: 'hooks.example', path });
const upstreamHits = (login: string) =>
  h.replay.hits({ host: 'api.github.com' }).filter((x) => x.path.startsWith(`/users/${login}`)).length;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  setMonitorClock(t.clock);
  h = await startHarness({
    env: { JOBS_WEBHOOK_ATTEMPTS: '3', JOBS_WEBHOOK_BACKOFF_MS: '20', MONITORS_MAX_PER_KEY: '5' },
    logger: logs.logger,
    resolver: async () => ['93.184.216.34'],
  });
});
afterAll(async () => {
  await h.close();
  setMonitorClock(null);
  vi.useRealTimers();
});
beforeEach(() => {
  h.replay.reset();
  for (const p of ['/mon', '/stop']) h.replay.add({ host: 'hooks.example', path: p, method: 'POST', response: { status: 204 } });
});

async function create(key: string, body: Record<string, unknown>) {
  const r = await call(h, 'POST', '/v1/monitors', { key, body });
  expect(r.status, r.text).toBe(201);
  return r.body.monitor;
}

const runsOf = async (key: string, id: string, n: number) => {
  await waitFor(async () => (await monitorOf(h, key, id)).runs >= n);
  return monitorOf(h, key, id);
};

describe('a monitor over REST', () => {
  it('runs at once, then every interval; records a text change, an address appearing and going, a numeric series and a link list; webhook signed', async () => {
    const user = codeUser('octo-one');
    h.replay.add(user.route);
    const { key, id: keyId } = await h.key(100);
    const created = await create(key, { operation: OP, params: { handle: 'octo-one' }, every: '1h', watch: WATCH, webhook: hook('/mon') });
    const start = Date.now();
    expect(created).toMatchObject({
      operation: OP,
      params: { handle: 'octo-one' },
      every: '1h',
      watch: WATCH,
      status: 'active',
      runs: 0,
      credits_charged: 0,
      last_run: null,
      webhook_url: 'https://hooks.example/mon',
    });
    expect(JSON.stringify(created)).not.toContain(SECRET);
    // Its first run (the baseline) at once: one request's charge, no change.
    let m = await runsOf(key, created.id, 1);
    expect(m).toMatchObject({ runs: 1, credits_charged: 1, last_run: { result: 'ok', credits_charged: 1, changed: 0, code: null } });
    expect(Date.parse(m.next_run_at)).toBe(Date.parse(created.next_run_at) + HOUR);
    expect(await h.balance(keyId)).toBe(99);

    // The account changes: a new bio, a public address, followers, a second link.
    Object.assign(user.state, { bio: 'Wheel-thrown stoneware.', email: 'hello@octo.example', followers: 345 });
    user.state.accounts = ['https://www.instagram.com/octo.studio', 'https://octo.example/shop'];
    t.advance(HOUR);
    m = await runsOf(key, created.id, 2);
    expect(m.last_run).toMatchObject({ result: 'ok', credits_charged: 1, changed: 4 });
    // Then the address is gone again, a link removed, more followers.
    Object.assign(user.state, { email: null, followers: 350 });
    user.state.accounts = ['https://octo.example/shop'];
    t.advance(HOUR);
    m = await runsOf(key, created.id, 3);
    expect(m).toMatchObject({ runs: 3, credits_charged: 3, credits_today: 3 });
    expect(await h.balance(keyId)).toBe(97);
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(3);

    const changes = (await call(h, 'GET', `/v1/monitors/${created.id}/changes`, { key })).body;
    const second = new Date(start + HOUR).toISOString();
    const third = new Date(start + 2 * HOUR).toISOString();
    expect(changes.next_after).toBeNull();
    expect(changes.changes.map((c: any) => ({ ...c, at: c.at.slice(0, 13) }))).toEqual(
      [
        { at: second, field: 'user.bio', before: 'Tools for potters.', after: 'Wheel-thrown stoneware.' },
        { at: second, field: 'user.email', before: null, after: 'hello@octo.example' },
        { at: second, field: 'user.followers', before: 340, after: 345 },
        { at: second, field: 'social_accounts.url', before: null, after: 'https://octo.example/shop' },
        { at: third, field: 'user.email', before: 'hello@octo.example', after: null },
        { at: third, field: 'user.followers', before: 345, after: 350 },
        { at: third, field: 'social_accounts.url', before: 'https://www.instagram.com/octo.studio', after: null },
      ].map((c) => ({ ...c, at: c.at.slice(0, 13) })),
    );
    // `since`: only the third run's.
    const since = (await call(h, 'GET', `/v1/monitors/${created.id}/changes?since=${third.slice(0, 13)}:00:00Z`, { key })).body;
    expect(since.changes).toHaveLength(3);

    const snaps = (await call(h, 'GET', `/v1/monitors/${created.id}/snapshots`, { key })).body;
    expect(snaps.snapshots.map((s: any) => s.values)).toEqual([
      { 'user.followers': 340 },
      { 'user.followers': 345 },
      { 'user.followers': 350 },
    ]);
    expect(snaps.snapshots.map((s: any) => Date.parse(s.at) - start).map((d: number) => Math.round(d / HOUR) + 0)).toEqual([0, 1, 2]);
    const page = (await call(h, 'GET', `/v1/monitors/${created.id}/snapshots?limit=2`, { key })).body;
    expect(page.snapshots).toHaveLength(2);
    const rest = (await call(h, 'GET', `/v1/monitors/${created.id}/snapshots?limit=2&after=${page.next_after}`, { key })).body;
    expect(rest.snapshots.map((s: any) => s.values['user.followers'])).toEqual([350]);
    const csv = await call(h, 'GET', `/v1/monitors/${created.id}/snapshots?format=csv`, { key });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(
      csv.text
        .split('\r\n')
        .filter(Boolean)
        .map((l) => l.split(',').slice(1).join(',')),
    ).toEqual(['user.followers', '340', '345', '350']);

    // Two runs found changes: two monitor.changed deliveries, signed like a job's.
    await waitFor(() => deliveries('/mon').length === 2);
    const [first] = deliveries('/mon');
    expect(first.headers['x-cl-webhook-event']).toBe('monitor.changed');
    expect(first.headers['x-cl-webhook-id']).toMatch(new RegExp(`^${created.id}\\.\\d+$`));
    // Signed when it was sent, an hour of test time ago: the timestamp's tolerance aside.
    expect(verifySignature(SECRET, first.headers, first.body.toString(), 2 * 3600)).toBe(true);
    expect(verifySignature('another-secret-00000000', first.headers, first.body.toString(), 2 * 3600)).toBe(false);
    const body = JSON.parse(first.body.toString());
    expect(body).toMatchObject({
      event: 'monitor.changed',
      monitor: { id: created.id, runs: 2, credits_charged: 2 },
      run: { at: expect.any(String), credits_charged: 1 },
    });
    expect(body.changes).toHaveLength(4);
    expect(first.body.toString()).not.toContain(SECRET);
  });

  it("a monitor.changed delivery holds at most HISTORY_BYTES of the run's changes (none past it); run.changed counts them all, the rest are in its history", async () => {
    // Before, the body carried every change of the run however large (here ~1.8 MB; a run's changes
    // can be MBs of text, twice), and was kept so until delivered.
    const user = codeUser('octo-long');
    h.replay.add(user.route);
    const essay = (run: number) => `Run ${run}. ` + 'Coiled and burnished, then pit-fired. '.repeat(9_000); // ~330 KB
    user.state.bio = essay(0);
    const { key } = await h.key(10);
    const m = await create(key, {
      operation: OP,
      params: { handle: 'octo-long' },
      every: '1h',
      watch: ['user.bio', 'user'],
      webhook: hook('/mon'),
    });
    await runsOf(key, m.id, 1);
    user.state.bio = essay(1); // two changes of ~660 KB: the first fits
    t.advance(HOUR);
    await runsOf(key, m.id, 2);
    await waitFor(() => deliveries('/mon').length === 1);
    const [d] = deliveries('/mon');
    expect(d.body.length).toBeLessThan(HISTORY_BYTES);
    const body = JSON.parse(d.body.toString());
    expect(body.run).toMatchObject({ changed: 2 });
    expect(body.changes).toEqual([{ field: 'user.bio', before: essay(0), after: essay(1) }]);
    const until = new Date(Date.parse(body.run.at) + 1).toISOString();
    const rest: any[] = [];
    for (let after: string | null = '0'; after !== null;) {
      const page = await call(h, 'GET', `/v1/monitors/${m.id}/changes?since=${body.run.at}&until=${until}&after=${after}`, { key });
      rest.push(...page.body.changes);
      after = page.body.next_after;
    }
    expect(rest.map((c) => [c.field, c.after.bio ?? c.after])).toEqual([
      ['user.bio', essay(1)],
      ['user', essay(1)],
    ]);
  });

  it('one run keeps at most RUN_CHANGES_BYTES of watched values: a 3 MB bio changed under `user.bio` and `user` keeps the new text once, the rest is marked too_large_to_keep', async () => {
    // Before, every value was kept whole: this run stored ~12 MB (the bio before and after, twice),
    // at every run, per monitor — and a run larger than the key's quota was trimmed away once recorded.
    const user = codeUser('octo-huge');
    h.replay.add(user.route);
    const text = (run: number) => `Run ${run}. ` + 'Thrown, trimmed and glazed in one long afternoon. '.repeat(60_000); // ~3 MB
    user.state.bio = text(0);
    const { key } = await h.key(10);
    const m = await create(key, { operation: OP, params: { handle: 'octo-huge' }, every: '1h', watch: ['user.bio', 'user'] });
    await runsOf(key, m.id, 1);
    user.state.bio = text(1);
    t.advance(HOUR);
    const after = await runsOf(key, m.id, 2);
    expect(after.last_run).toMatchObject({ result: 'ok', changed: 2 });
    const until = new Date(Date.parse(after.last_run.at) + 1).toISOString();
    const changes: any[] = [];
    for (let next: string | null = '0'; next !== null;) {
      const page = await call(h, 'GET', `/v1/monitors/${m.id}/changes?since=${after.last_run.at}&until=${until}&after=${next}`, { key });
      changes.push(...page.body.changes);
      next = page.body.next_after;
    }
    const tooLarge = (bytes: unknown) => ({ too_large_to_keep: true, bytes });
    expect(changes.map(({ field, before, after: now }) => ({ field, before, after: now }))).toEqual([
      { field: 'user.bio', before: tooLarge(JSON.stringify(text(0)).length), after: text(1) },
      { field: 'user', before: tooLarge(expect.any(Number)), after: tooLarge(expect.any(Number)) },
    ]);
    expect(changes[1].before.bytes).toBeGreaterThan(JSON.stringify(text(0)).length);
    const kept = changes.reduce((n, c) => n + JSON.stringify(c.before).length + JSON.stringify(c.after).length, 0);
    expect(kept).toBeLessThanOrEqual(RUN_CHANGES_BYTES);
  });

  it('what a monitor keeps for its next run (last_values) is within LAST_VALUES_BYTES: a 3 MB bio under `user.bio` and `user` is kept as hashes; unchanged it is no change, changed it is one', async () => {
    // Measured before: this monitor's last_values row was 6,080,501 bytes (the bio twice), counted
    // in no quota — ×MONITORS_MAX_PER_KEY monitors a key.
    const user = codeUser('octo-kept');
    h.replay.add(user.route);
    const text = (run: number) => `Run ${run}. ` + 'Pinched, paddled and smoke-blackened. '.repeat(80_000); // ~3 MB
    user.state.bio = text(0);
    const { key } = await h.key(10);
    const m = await create(key, {
      operation: OP,
      params: { handle: 'octo-kept' },
      every: '1h',
      watch: ['user.followers', 'user.bio', 'user'],
    });
    const keptBytes = () => (h.deps.db!.prepare('SELECT length(last_values) AS n FROM monitors WHERE id = ?').get(m.id) as { n: number }).n;
    await runsOf(key, m.id, 1);
    expect(keptBytes()).toBeLessThanOrEqual(LAST_VALUES_BYTES + 1024);
    // The same record again: nothing changed (compared with the hashes).
    t.advance(HOUR);
    expect((await runsOf(key, m.id, 2)).last_run).toMatchObject({ result: 'ok', changed: 0 });
    // The bio changed: both fields changed, their before the too_large_to_keep marker.
    user.state.bio = text(1);
    t.advance(HOUR);
    const third = await runsOf(key, m.id, 3);
    expect(third.last_run).toMatchObject({ result: 'ok', changed: 2 });
    const changes: any[] = [];
    for (let next: string | null = '0'; next !== null;) {
      const page = await call(h, 'GET', `/v1/monitors/${m.id}/changes?since=${third.last_run.at}&after=${next}`, { key });
      changes.push(...page.body.changes);
      next = page.body.next_after;
    }
    expect(changes.map((c) => [c.field, c.before])).toEqual([
      ['user.bio', { too_large_to_keep: true, bytes: JSON.stringify(text(0)).length }],
      ['user', { too_large_to_keep: true, bytes: expect.any(Number) }],
    ]);
    expect(keptBytes()).toBeLessThanOrEqual(LAST_VALUES_BYTES + 1024);
  });

  it('a run now reuses an answer younger than a tenth of the interval at 0 credits; past it, fetches live', async () => {
    const user = codeUser('octo-two');
    h.replay.add(user.route);
    const { key, id: keyId } = await h.key(10);
    const m = await create(key, { operation: OP, params: { handle: 'octo-two' }, every: '1h', watch: WATCH });
    await runsOf(key, m.id, 1);
    const hits = upstreamHits('octo-two');
    t.skip(5 * 60_000);
    const now = await call(h, 'POST', `/v1/monitors/${m.id}/run`, { key });
    expect(now.status, now.text).toBe(200);
    expect(now.body).toMatchObject({
      credits_charged: 0,
      credits_remaining: 9,
      run: { result: 'cached', credits_charged: 0, changes: [] },
    });
    expect(upstreamHits('octo-two')).toBe(hits);
    t.skip(2 * 60_000);
    user.state.bio = 'New bio';
    const live = await call(h, 'POST', `/v1/monitors/${m.id}/run`, { key });
    expect(live.body).toMatchObject({
      credits_charged: 1,
      credits_remaining: 8,
      run: { result: 'ok', credits_charged: 1, changes: [{ field: 'user.bio', before: 'Tools for potters.', after: 'New bio' }] },
      monitor: { runs: 3, credits_charged: 2 },
    });
    expect(upstreamHits('octo-two')).toBeGreaterThan(hits);
    expect(await h.balance(keyId)).toBe(8);
    await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key });
  });

  it('a run now whose monitor is deleted while it runs: 404 NOT_FOUND (not a 503 saying it is made again), its reservation refunded', async () => {
    const user = codeUser('octo-deleted');
    const answer = user.route.response as (req: any) => any;
    const held: (() => void)[] = [];
    let hold = false;
    h.replay.add({
      ...user.route,
      response: async (req) => {
        if (hold && !req.path.endsWith('/social_accounts')) await new Promise<void>((r) => held.push(r));
        return answer(req);
      },
    });
    const { key, id: keyId } = await h.key(10);
    const m = await create(key, { operation: OP, params: { handle: 'octo-deleted' }, every: '1h', watch: WATCH });
    await runsOf(key, m.id, 1);
    expect(await h.balance(keyId)).toBe(9);
    // Past the answer a run reuses, before the next scheduled run: the run now fetches, and is held.
    t.skip(10 * 60_000);
    hold = true;
    const run = call(h, 'POST', `/v1/monitors/${m.id}/run`, { key });
    await waitFor(() => held.length === 1);
    expect(await h.balance(keyId)).toBe(8);
    expect((await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key })).status).toBe(200);
    held.shift()!();
    const r = await run;
    expect(r.status, r.text).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(keyId)).toBe(9);
    expect((await call(h, 'GET', `/v1/monitors/${m.id}`, { key })).status).toBe(404);
  });

  it('a failing run costs nothing and changes nothing; after MONITORS_FAILING_AFTER NOT_FOUND in a row it stops (monitor.stopped)', async () => {
    const user = codeUser('octo-gone');
    h.replay.add(user.route);
    const { key, id: keyId } = await h.key(10);
    const m = await create(key, { operation: OP, params: { handle: 'octo-gone' }, every: '1h', watch: WATCH, webhook: hook('/stop') });
    await runsOf(key, m.id, 1);
    user.state.gone = true;
    for (let i = 2; i <= 3; i++) {
      t.advance(HOUR);
      const now = await runsOf(key, m.id, i);
      expect(now).toMatchObject({ status: 'active', last_run: { result: 'failed', code: 'NOT_FOUND', credits_charged: 0 } });
    }
    t.advance(HOUR);
    const stopped = await runsOf(key, m.id, 4);
    expect(stopped).toMatchObject({ status: 'stopped_failing', next_run_at: null, credits_charged: 1 });
    expect(await h.balance(keyId)).toBe(9);
    // No snapshot and no change for the failed runs.
    expect((await call(h, 'GET', `/v1/monitors/${m.id}/snapshots`, { key })).body.snapshots).toHaveLength(1);
    expect((await call(h, 'GET', `/v1/monitors/${m.id}/changes`, { key })).body.changes).toEqual([]);
    await waitFor(() => deliveries('/stop').length === 1);
    const d = deliveries('/stop')[0];
    expect(d.headers['x-cl-webhook-event']).toBe('monitor.stopped');
    expect(verifySignature(SECRET, d.headers, d.body.toString())).toBe(true);
    expect(JSON.parse(d.body.toString())).toMatchObject({
      event: 'monitor.stopped',
      reason: 'failing',
      monitor: { status: 'stopped_failing' },
    });
    // Stopped: time passes, nothing runs.
    t.advance(3 * HOUR);
    await new Promise((r) => setTimeout(r, 100));
    expect((await monitorOf(h, key, m.id)).runs).toBe(4);
    // Run by hand while stopped, the account still gone: failed runs, but it is not said gone again.
    for (let i = 0; i < 2; i++) {
      const again = await call(h, 'POST', `/v1/monitors/${m.id}/run`, { key });
      expect(again.status, again.text).toBe(200);
      expect(again.body.run).toMatchObject({ result: 'failed', code: 'NOT_FOUND', credits_charged: 0 });
      expect(again.body.monitor.status).toBe('stopped_failing');
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(deliveries('/stop')).toHaveLength(1);
    await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key });
  });

  it('a run the balance cannot cover is skipped and the monitor stopped_no_credits (never negative); PATCH paused:false after a top-up resumes it', async () => {
    const user = codeUser('octo-poor');
    h.replay.add(user.route);
    const { key, id: keyId } = await h.key(2);
    const m = await create(key, { operation: OP, params: { handle: 'octo-poor' }, every: '1h', watch: WATCH, webhook: hook('/stop') });
    await runsOf(key, m.id, 1);
    t.advance(HOUR);
    await runsOf(key, m.id, 2);
    expect(await h.balance(keyId)).toBe(0);
    t.advance(HOUR);
    await waitFor(async () => (await monitorOf(h, key, m.id)).status === 'stopped_no_credits');
    const stopped = await monitorOf(h, key, m.id);
    expect(stopped).toMatchObject({
      runs: 2,
      credits_charged: 2,
      next_run_at: null,
      last_run: { result: 'skipped', code: 'INSUFFICIENT_CREDITS' },
    });
    expect(await h.balance(keyId)).toBe(0);
    await waitFor(() => deliveries('/stop').length === 1);
    expect(JSON.parse(deliveries('/stop')[0].body.toString())).toMatchObject({ event: 'monitor.stopped', reason: 'no_credits' });
    // A run asked for meanwhile is refused (402), the monitor unchanged.
    const refused = await call(h, 'POST', `/v1/monitors/${m.id}/run`, { key });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('INSUFFICIENT_CREDITS');
    await h.deps.ledger.addCredits(keyId, 5);
    const resumed = await call(h, 'PATCH', `/v1/monitors/${m.id}`, { key, body: { paused: false } });
    expect(resumed.body.monitor.status).toBe('active');
    const after = await runsOf(key, m.id, 3);
    expect(after).toMatchObject({ status: 'active', credits_charged: 3 });
    expect(await h.balance(keyId)).toBe(4);
    await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key });
  });

  it('max_credits_per_day is never exceeded: runs past it that day are skipped (still active), the next day runs again', async () => {
    vi.setSystemTime(new Date('2030-03-01T21:30:00Z'));
    const user = codeUser('octo-cap');
    h.replay.add(user.route);
    const { key, id: keyId } = await h.key(50);
    const m = await create(key, { operation: OP, params: { handle: 'octo-cap' }, every: '1h', watch: WATCH, max_credits_per_day: 2 });
    await runsOf(key, m.id, 1);
    t.advance(HOUR);
    await runsOf(key, m.id, 2);
    t.advance(HOUR);
    await waitFor(async () => (await monitorOf(h, key, m.id)).last_run?.result === 'skipped');
    expect(await monitorOf(h, key, m.id)).toMatchObject({
      status: 'active',
      runs: 2,
      credits_today: 2,
      last_run: { result: 'skipped', code: 'MAX_CREDITS_PER_DAY' },
    });
    const now = await call(h, 'POST', `/v1/monitors/${m.id}/run`, { key });
    expect(now.status).toBe(429);
    // 00:30 the next day (UTC): a new day's allowance.
    t.advance(HOUR);
    const next = await runsOf(key, m.id, 3);
    expect(next).toMatchObject({ credits_charged: 3, credits_today: 1, last_run: { result: 'ok' } });
    expect(await h.balance(keyId)).toBe(47);
    await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key });
  });

  it('runs missed while time jumped run once, and the cadence keeps its phase', async () => {
    const user = codeUser('octo-late');
    h.replay.add(user.route);
    const { key } = await h.key(50);
    const m = await create(key, { operation: OP, params: { handle: 'octo-late' }, every: '1h', watch: WATCH });
    const first = await runsOf(key, m.id, 1);
    const due = Date.parse(first.next_run_at);
    t.skip(5 * HOUR + 10 * 60_000);
    t.advance(0);
    const once = await runsOf(key, m.id, 2);
    await new Promise((r) => setTimeout(r, 100));
    expect((await monitorOf(h, key, m.id)).runs).toBe(2);
    // Due at 1h, run at 6h10: the next at 6h+1h = `due` + 5h, on the hour as before.
    expect(Date.parse(once.next_run_at)).toBe(due + 5 * HOUR);
    await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key });
  });

  it("a run reserves with the monitor's id (the key's transactions show it as one row)", async () => {
    const user = codeUser('octo-meta');
    h.replay.add(user.route);
    const { key, id: keyId } = await h.key(5);
    const reserve = vi.spyOn(h.deps.ledger, 'reserve');
    try {
      const m = await create(key, { operation: OP, params: { handle: 'octo-meta' }, every: '1h', watch: WATCH });
      await runsOf(key, m.id, 1);
      const calls = reserve.mock.calls.filter((c) => c[0] === keyId);
      expect(calls).toEqual([[keyId, 1, { monitorId: m.id, operation: 'code/user' }]]);
      // The run is one row of the key's transactions: its monitor, its operation, its credit.
      const tx = await call(h, 'GET', '/v1/account/transactions', { key });
      expect(tx.body.transactions).toEqual([
        expect.objectContaining({ kind: 'grant', credits: 5, balance_after: 5 }),
        expect.objectContaining({ kind: 'charge', monitor_id: m.id, job_id: null, operation: 'code/user', credits: -1, balance_after: 4 }),
      ]);
      await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key });
    } finally {
      reserve.mockRestore();
    }
  });
});

describe('monitor requests', () => {
  it('every parameter is checked up front: a 400 names each one, nothing is created, 0 credits', async () => {
    const { key, id: keyId } = await h.key(5);
    const bad = await call(h, 'POST', '/v1/monitors', {
      key,
      body: {
        operation: OP,
        params: { handle: 'not a login!', cache_max_age: '1d' },
        every: '2h',
        watch: ['user.bio', 'nope', 7],
        webhook: { url: 'http://127.0.0.1/x', secret: 'short' },
        max_credits_per_day: -1,
        colour: 'blue',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_INPUT');
    expect(bad.body.error.details.map((d: any) => d.param).sort()).toEqual(
      ['colour', 'every', 'max_credits_per_day', 'params.cache_max_age', 'watch[1]', 'watch[2]', 'webhook.secret', 'webhook.url'].sort(),
    );
    const badParams = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: OP, params: { handle: 'not a login!' }, every: '1h' },
    });
    expect(badParams.body.error.details.map((d: any) => d.param)).toEqual(['params.handle']);
    const noOp = await call(h, 'POST', '/v1/monitors', { key, body: { operation: '/v1/nope', every: '1d' } });
    expect(noOp.body.error.details.map((d: any) => d.param)).toEqual(['operation']);
    // Every is at least MONITORS_MIN_INTERVAL (one hour here): no seconds.
    const fast = await call(h, 'POST', '/v1/monitors', { key, body: { operation: OP, params: { handle: 'octo' }, every: '30s' } });
    expect(fast.body.error.details).toEqual([{ param: 'every', message: expect.stringContaining('1h, 6h, 12h, 1d, 7d') }]);
    // A daily cap below one run's maximum could never run.
    const cap = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/find-creator-emails', params: { platform: 'video', handle: 'tala' }, every: '1d', max_credits_per_day: 5 },
    });
    expect(cap.body.error.details).toEqual([{ param: 'max_credits_per_day', message: expect.stringContaining('at least 10') }]);
    expect((await call(h, 'GET', '/v1/monitors', { key })).body).toEqual({ success: true, monitors: [], next_after: null });
    expect(await h.balance(keyId)).toBe(5);
  });

  it('an unknown field inside `webhook` is refused as an unknown top-level field is: 400 naming webhook.<field>, nothing created or changed', async () => {
    const { key } = await h.key(0);
    const body = { operation: OP, params: { handle: 'octo-hook' }, every: '1d', watch: WATCH };
    const bad = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { ...body, webhook: { ...hook('/mon'), secert: 'x', events: ['all'] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_INPUT');
    expect(bad.body.error.details).toEqual([
      { param: 'webhook.secert', message: expect.stringContaining('url, secret') },
      { param: 'webhook.events', message: expect.stringContaining('url, secret') },
    ]);
    expect((await call(h, 'GET', '/v1/monitors', { key })).body.monitors).toEqual([]);
    const m = await create(key, body);
    const patched = await call(h, 'PATCH', `/v1/monitors/${m.id}`, { key, body: { webhook: { ...hook('/mon'), retries: 3 } } });
    expect(patched.status).toBe(400);
    expect(patched.body.error.details.map((d: any) => d.param)).toEqual(['webhook.retries']);
    expect((await monitorOf(h, key, m.id)).webhook_url).toBeNull();
    await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key });
  });

  it('a body that is not JSON by its content-type: 415 UNSUPPORTED_MEDIA_TYPE as job creation answers it; nothing created or changed', async () => {
    const { key } = await h.key(0);
    const body = JSON.stringify({ operation: OP, params: { handle: 'octo-type' }, every: '1d', watch: WATCH });
    const job = await call(h, 'POST', '/v1/jobs', { key, raw: body, type: 'text/plain' });
    expect(job.status).toBe(415);
    const made = await call(h, 'POST', '/v1/monitors', { key, raw: body, type: 'text/plain' });
    expect(made.status).toBe(415);
    expect(made.body).toMatchObject({
      success: false,
      error: { code: job.body.error.code, message: expect.stringContaining('application/json') },
    });
    expect((await call(h, 'GET', '/v1/monitors', { key })).body.monitors).toEqual([]);
    const m = await create(key, JSON.parse(body));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'text/csv']) {
      const patched = await call(h, 'PATCH', `/v1/monitors/${m.id}`, { key, raw: '{"every":"7d"}', type });
      expect(patched.status, type).toBe(415);
      expect(patched.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect((await monitorOf(h, key, m.id)).every).toBe('1d');
    // application/json with parameters (charset) is JSON.
    const ok = await call(h, 'PATCH', `/v1/monitors/${m.id}`, {
      key,
      raw: '{"every":"7d"}',
      type: 'application/json; charset=utf-8',
    });
    expect(ok.body.monitor.every).toBe('7d');
    await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key });
  });

  it("a body over 64 KiB: 413 PAYLOAD_TOO_LARGE saying a monitor's body (not a job's); nothing created, 0 credits", async () => {
    const { key } = await h.key(0);
    const before = (await call(h, 'GET', '/v1/account', { key })).body;
    const body = JSON.stringify({ operation: OP, params: { handle: 'octo-big' }, every: '1d', watch: WATCH, pad: 'x'.repeat(70 * 1024) });
    const r = await call(h, 'POST', '/v1/monitors', { key, raw: body, type: 'application/json' });
    expect(r.status, r.text).toBe(413);
    expect(r.body.error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'This request body may be at most 64 KiB (a monitor request body)',
    });
    expect((await call(h, 'GET', '/v1/monitors', { key })).body.monitors).toEqual([]);
    expect((await call(h, 'GET', '/v1/account', { key })).body).toEqual(before);
  });

  it("default watch: the creator tools' addresses and profiles; a record's top-level numbers, strings and link lists", async () => {
    const { key } = await h.key(0);
    const emails = await create(key, { operation: '/v1/find-creator-emails', params: { platform: 'video', handle: 'tala' }, every: '7d' });
    expect(emails.watch).toEqual(['emails.email']);
    const profiles = await create(key, {
      operation: '/v1/find-social-profiles',
      params: { platform: 'video', handle: 'tala' },
      every: '7d',
    });
    expect(profiles.watch).toEqual(['profiles.url']);
    const channel = await create(key, { operation: '/v1/video/channel', params: { handle: 'tala' }, every: '1d' });
    expect(channel.watch).toEqual(expect.arrayContaining(['subscriberCount', 'description', 'links', 'email']));
    for (const m of [emails, profiles, channel]) await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key });
  });

  it("a key's own: another key gets 404; listed newest first with a cursor; PATCH checks and changes; DELETE removes; MONITORS_MAX_PER_KEY", async () => {
    const a = await h.key(0);
    const b = await h.key(0);
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await create(a.key, { operation: OP, params: { handle: `octo-${i}` }, every: '1d', watch: WATCH }));
    const over = await call(h, 'POST', '/v1/monitors', { key: a.key, body: { operation: OP, params: { handle: 'octo-5' }, every: '1d' } });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toContain('MONITORS_MAX_PER_KEY');
    const id = made[0].id;
    // The key has no credits: each first run stopped its monitor.
    await waitFor(async () => (await monitorOf(h, a.key, id)).status === 'stopped_no_credits');
    for (const [method, path] of [
      ['GET', `/v1/monitors/${id}`],
      ['PATCH', `/v1/monitors/${id}`],
      ['DELETE', `/v1/monitors/${id}`],
      ['POST', `/v1/monitors/${id}/run`],
      ['GET', `/v1/monitors/${id}/snapshots`],
      ['GET', `/v1/monitors/${id}/changes`],
    ])
      expect((await call(h, method, path, { key: b.key, body: method === 'PATCH' ? { paused: true } : undefined })).status).toBe(404);
    expect((await call(h, 'GET', '/v1/monitors', { key: b.key })).body.monitors).toEqual([]);
    expect((await call(h, 'GET', `/v1/monitors/${id}`)).status).toBe(401);

    const p1 = (await call(h, 'GET', '/v1/monitors?limit=3', { key: a.key })).body;
    const p2 = (await call(h, 'GET', `/v1/monitors?limit=3&after=${p1.next_after}`, { key: a.key })).body;
    const newestFirst = [...made].sort((x, y) =>
      x.created_at === y.created_at ? (x.id < y.id ? 1 : -1) : x.created_at < y.created_at ? 1 : -1,
    );
    expect([...p1.monitors, ...p2.monitors].map((m: any) => m.id)).toEqual(newestFirst.map((m) => m.id));
    expect(p2.next_after).toBeNull();
    expect((await call(h, 'GET', '/v1/monitors?status=nope', { key: a.key })).status).toBe(400);
    // The list and history parameters, read as every list route reads them (src/http/paging.ts);
    // a time without its offset (the server's local time) is refused.
    for (const [path, param] of [
      ['/v1/monitors?limit=0', 'limit'],
      ['/v1/monitors?limit=101', 'limit'],
      ['/v1/monitors?limit=2.5', 'limit'],
      ['/v1/monitors?limit=', 'limit'],
      ['/v1/monitors?after=nope', 'after'],
      ['/v1/monitors?limit=1&limit=2', 'limit'],
      [`/v1/monitors/${id}/snapshots?limit=1001`, 'limit'],
      [`/v1/monitors/${id}/snapshots?after=-1`, 'after'],
      [`/v1/monitors/${id}/changes?since=yesterday`, 'since'],
      [`/v1/monitors/${id}/changes?until=2030-01-01T12:00`, 'until'],
      [`/v1/monitors/${id}/changes?after=1&after=2`, 'after'],
    ]) {
      const r = await call(h, 'GET', path, { key: a.key });
      expect(r.status, path).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(
        r.body.error.details.map((d: any) => d.param),
        path,
      ).toEqual([param]);
    }

    const badPatch = await call(h, 'PATCH', `/v1/monitors/${id}`, { key: a.key, body: { every: '5m', watch: ['nope'], paused: 'yes' } });
    expect(badPatch.body.error.details.map((d: any) => d.param)).toEqual(['every', 'watch[0]', 'paused']);
    const paused = await call(h, 'PATCH', `/v1/monitors/${id}`, {
      key: a.key,
      body: { paused: true, every: '6h', watch: ['user.followers'], webhook: hook('/mon') },
    });
    expect(paused.body.monitor).toMatchObject({
      status: 'paused',
      every: '6h',
      watch: ['user.followers'],
      next_run_at: null,
      webhook_url: 'https://hooks.example/mon',
    });
    const resumed = await call(h, 'PATCH', `/v1/monitors/${id}`, { key: a.key, body: { paused: false, webhook: null } });
    expect(resumed.body.monitor).toMatchObject({ status: 'active', webhook_url: null });
    const del = await call(h, 'DELETE', `/v1/monitors/${id}`, { key: a.key });
    expect(del.body).toMatchObject({ success: true, deleted: true, monitor: { id } });
    expect((await call(h, 'GET', `/v1/monitors/${id}`, { key: a.key })).status).toBe(404);
    for (const m of made.slice(1)) await call(h, 'DELETE', `/v1/monitors/${m.id}`, { key: a.key });
  });
});
