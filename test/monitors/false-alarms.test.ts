/**
 * Monitors as a user watching an account for weeks lives with them: answers that vary without the
 * account changing are no change. Embedded (SQLite, timer scheduler) on a fake clock, over REST,
 * against a replay upstream answering as the code platform's API does — this file's own account
 * (its own values), whose answer a test changes between runs:
 *
 *  - a count the answer leaves out (the parser returns it null: unknown), a list whose optional
 *    request failed (`social_accounts` null: a partial read) — neither "removed", nor their return
 *    "added";
 *  - a count given rounded ("1.2M") one run and exact the next, and back;
 *  - a page of a longer list (its next-page cursor set) whose oldest item went to the next page;
 *  - another account answering for the watched handle (another id);
 *  - a text the answer leaves out (a degraded read: the parser warns) against the upstream's own null;
 *  - such reads the run did not make itself: a fetch it shared with a request made at the same
 *    moment (single-flight), a degraded answer served from the cache — the pipeline's outcome
 *    says how the record was read, not the warnings the run's own code heard.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setMonitorClock } from '../../src/monitors/clock.js';
import { repoListItem, reposLink } from '../../src/platforms/code/samples.js';
import { modulesBody, talentBody } from '../../src/platforms/linkpage-c/samples.js';
import type { RecordedResponse, Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, monitorOf, testClock, waitFor } from './helpers.js';

const HOUR = 3_600_000;
const OP = '/v1/code/user';

let h: Harness;
const t = testClock();

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2031-03-01T00:00:00Z'));
  setMonitorClock(t.clock);
  h = await startHarness({ resolver: async () => ['93.184.216.34'] });
});
afterAll(async () => {
  await h.close();
  setMonitorClock(null);
  vi.useRealTimers();
});

const json = (body: unknown, status = 200): RecordedResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

/** A ceramics account on the code platform; `state` is its answer at the next run. */
function account(login: string) {
  const state = {
    id: 7_310_442,
    followers: 1_234_567 as number | undefined,
    bio: 'Slip-cast porcelain, small batches.' as string | null | undefined,
    accounts: ['https://www.instagram.com/kiln.and.slip', 'https://kilnandslip.example/journal'],
    /** The social accounts request fails (500): the record's `social_accounts` is null. */
    socialFails: false,
    /** The API's rate limit answers instead (403, `x-ratelimit-remaining: 0`). */
    limited: false,
  };
  const route: Route = {
    host: 'api.github.com',
    path: new RegExp(`^/users/${login}(/social_accounts)?$`),
    response: (req) => {
      if (state.limited)
        return {
          status: 403,
          headers: { 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-remaining': '0', 'x-ratelimit-limit': '60' },
          body: JSON.stringify({
            message: 'API rate limit exceeded for 203.0.113.9.',
            documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
          }),
        };
      if (req.path.endsWith('/social_accounts')) {
        if (state.socialFails) return json({ message: 'Server Error' }, 500);
        return json(state.accounts.map((url) => ({ provider: 'generic', url })));
      }
      const user: Record<string, unknown> = {
        login,
        id: state.id,
        node_id: 'U_kgDOKILN01',
        type: 'User',
        name: 'Kiln & Slip',
        company: null,
        blog: 'kilnandslip.example',
        location: 'Stoke-on-Trent',
        email: null,
        bio: state.bio,
        twitter_username: null,
        public_repos: 3,
        followers: state.followers,
        following: 40,
        html_url: `https://github.com/${login}`,
        hireable: null,
        public_gists: 0,
        avatar_url: 'https://avatars.example.com/kiln.png',
        created_at: '2020-09-14T08:00:00Z',
        updated_at: '2031-02-20T17:30:00Z',
      };
      if (state.followers === undefined) delete user.followers;
      if (state.bio === undefined) delete user.bio;
      return json(user);
    },
  };
  return { state, route };
}

async function runs(key: string, id: string, n: number) {
  await waitFor(async () => (await monitorOf(h, key, id)).runs >= n);
  return monitorOf(h, key, id);
}

async function changesOf(key: string, id: string) {
  const r = await call(h, 'GET', `/v1/monitors/${id}/changes`, { key });
  expect(r.status, r.text).toBe(200);
  return r.body.changes.map((c: any) => ({ field: c.field, before: c.before, after: c.after }));
}

describe('monitors: no false alarms', () => {
  it('a count the answer leaves out, and a list whose request failed, are unknown that run — not removed, and not added when they return', async () => {
    const a = account('kiln-and-slip');
    h.replay.add(a.route);
    const { key } = await h.key(100);
    const watch = ['user.followers', 'user.bio', 'social_accounts.url'];
    const r = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: OP, params: { handle: 'kiln-and-slip' }, every: '1h', watch },
    });
    expect(r.status, r.text).toBe(201);
    const id = r.body.monitor.id;
    await runs(key, id, 1);

    // The answer leaves the count out, and the social accounts request fails.
    a.state.followers = undefined;
    a.state.socialFails = true;
    t.advance(HOUR);
    let m = await runs(key, id, 2);
    expect(m.last_run).toMatchObject({ result: 'ok', changed: 0 });

    // Both back, unchanged: still nothing changed.
    a.state.followers = 1_234_567;
    a.state.socialFails = false;
    t.advance(HOUR);
    m = await runs(key, id, 3);
    expect(m.last_run).toMatchObject({ result: 'ok', changed: 0 });
    expect(await changesOf(key, id)).toEqual([]);

    // A real change after the gap is compared with the last known values.
    a.state.followers = 1_234_600;
    a.state.accounts = ['https://www.instagram.com/kiln.and.slip'];
    t.advance(HOUR);
    m = await runs(key, id, 4);
    expect(await changesOf(key, id)).toEqual([
      { field: 'user.followers', before: 1_234_567, after: 1_234_600 },
      { field: 'social_accounts.url', before: 'https://kilnandslip.example/journal', after: null },
    ]);
    // The series holds what each run read: no row for the run that had no count (not a 0).
    const snaps = (await call(h, 'GET', `/v1/monitors/${id}/snapshots`, { key })).body.snapshots;
    expect(snaps.map((s: any) => s.values['user.followers'])).toEqual([1_234_567, 1_234_567, 1_234_600]);
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });

  it('a count given rounded one run ("1.2M") and exact the next, and back, is no change; a move past its rounding step is', async () => {
    const a = account('glaze-notes');
    h.replay.add(a.route);
    const { key } = await h.key(100);
    const r = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: OP, params: { handle: 'glaze-notes' }, every: '1h', watch: ['user.followers'] },
    });
    const id = r.body.monitor.id;
    await runs(key, id, 1);
    for (const [n, followers] of [
      [2, 1_200_000],
      [3, 1_234_567],
      [4, 1_230_000],
      [5, 1_234_567],
    ] as const) {
      a.state.followers = followers;
      t.advance(HOUR);
      expect((await runs(key, id, n)).last_run, `run ${n}`).toMatchObject({ result: 'ok', changed: 0 });
    }
    a.state.followers = 1_300_000;
    t.advance(HOUR);
    expect((await runs(key, id, 6)).last_run).toMatchObject({ changed: 1 });
    a.state.followers = 1_301_250;
    t.advance(HOUR);
    expect((await runs(key, id, 7)).last_run).toMatchObject({ changed: 0 });
    a.state.followers = 1_310_004;
    t.advance(HOUR);
    expect((await runs(key, id, 8)).last_run).toMatchObject({ changed: 1 });
    expect(await changesOf(key, id)).toEqual([
      { field: 'user.followers', before: 1_234_567, after: 1_300_000 },
      { field: 'user.followers', before: 1_301_250, after: 1_310_004 },
    ]);
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });

  it("another account answering for the handle (another id) is never data: a failed run (UPSTREAM_FAILED, 0 credits, no change); the monitor's own account back is compared with its last values", async () => {
    const a = account('wheel-and-wedge');
    h.replay.add(a.route);
    const { key, id: keyId } = await h.key(100);
    const r = await call(h, 'POST', '/v1/monitors', {
      key,
      body: {
        operation: OP,
        params: { handle: 'wheel-and-wedge' },
        every: '1h',
        watch: ['user.followers', 'user.bio', 'social_accounts.url'],
      },
    });
    const id = r.body.monitor.id;
    await runs(key, id, 1);
    expect(await h.balance(keyId)).toBe(99);

    // The handle now answers for someone else: another id, another bio, other links.
    Object.assign(a.state, { id: 9_900_001, followers: 12, bio: 'Someone else entirely.', accounts: ['https://other.example'] });
    t.advance(HOUR);
    let m = await runs(key, id, 2);
    expect(m.last_run).toMatchObject({ result: 'failed', code: 'UPSTREAM_FAILED', credits_charged: 0, changed: 0 });
    expect(m.status).toBe('active');
    expect(await h.balance(keyId)).toBe(99);
    expect(await changesOf(key, id)).toEqual([]);

    // The watched account answers again (unchanged but for its followers): one change, from its own last value.
    Object.assign(a.state, { id: 7_310_442, followers: 1_234_570, bio: 'Slip-cast porcelain, small batches.' });
    a.state.accounts = ['https://www.instagram.com/kiln.and.slip', 'https://kilnandslip.example/journal'];
    t.advance(HOUR);
    m = await runs(key, id, 3);
    expect(m.last_run).toMatchObject({ result: 'ok', changed: 1 });
    expect(await changesOf(key, id)).toEqual([{ field: 'user.followers', before: 1_234_567, after: 1_234_570 }]);
    expect(await h.balance(keyId)).toBe(98);

    // Taken for good: after MONITORS_FAILING_AFTER such answers in a row the monitor stops, as for an account gone.
    a.state.id = 9_900_001;
    for (let n = 4; n <= 6; n++) {
      t.advance(HOUR);
      m = await runs(key, id, n);
    }
    expect(m).toMatchObject({ status: 'stopped_failing', last_run: { code: 'UPSTREAM_FAILED' } });
    expect(await h.balance(keyId)).toBe(98);
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });

  it('a page of a longer list (a next page exists) whose oldest item moved to the next page: only the new item is a change; on the last page an item gone is removed', async () => {
    // This file's own list answers (src/platforms/code/samples.ts: invented repositories), GitHub's shape.
    const state = { names: ['vase-cad', 'kiln-log', 'glaze-calc'], last: 2 };
    const query = 'per_page=100&sort=updated&type=owner';
    h.replay.add({
      host: 'api.github.com',
      path: /^\/users\/mara-q\/repos$/,
      response: () => ({
        ...json(state.names.map((n, i) => repoListItem('mara-q', n, 800 + n.length * 10 + i))),
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(state.last > 1 ? { link: reposLink(7_700_001, query, 1, state.last) } : {}),
        },
      }),
    });
    const { key } = await h.key(100);
    const r = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/code/user/repos', params: { handle: 'mara-q' }, every: '1h', watch: ['repositories.url'] },
    });
    expect(r.status, r.text).toBe(201);
    const id = r.body.monitor.id;
    await runs(key, id, 1);

    // A new repository first; the oldest of the page is now first on page 2.
    state.names = ['throw-timer', 'vase-cad', 'kiln-log'];
    t.advance(HOUR);
    expect((await runs(key, id, 2)).last_run).toMatchObject({ result: 'ok', changed: 1 });
    // The same page again, paged a little shorter: nothing.
    state.names = ['throw-timer', 'vase-cad'];
    t.advance(HOUR);
    expect((await runs(key, id, 3)).last_run).toMatchObject({ result: 'ok', changed: 0 });
    // The whole list on one page (no next page): what it lacks is gone.
    state.names = ['throw-timer', 'vase-cad', 'glaze-calc'];
    state.last = 1;
    t.advance(HOUR);
    expect((await runs(key, id, 4)).last_run).toMatchObject({ result: 'ok', changed: 1 });
    expect(await changesOf(key, id)).toEqual([
      { field: 'repositories.url', before: null, after: 'https://github.com/mara-q/throw-timer' },
      { field: 'repositories.url', before: 'https://github.com/mara-q/kiln-log', after: null },
    ]);
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });

  it('snapshots as CSV: the same columns on every page — each watched number, empty where a run did not read it — agreeing with JSON, times in UTC ISO 8601', async () => {
    const a = account('slab-built');
    h.replay.add(a.route);
    const { key } = await h.key(100);
    a.state.followers = undefined;
    const r = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: OP, params: { handle: 'slab-built' }, every: '1h', watch: ['user.followers', 'user.public_repos'] },
    });
    const id = r.body.monitor.id;
    await runs(key, id, 1);
    a.state.followers = 880;
    t.advance(HOUR);
    await runs(key, id, 2);

    const json1 = (await call(h, 'GET', `/v1/monitors/${id}/snapshots?limit=1`, { key })).body;
    const json2 = (await call(h, 'GET', `/v1/monitors/${id}/snapshots?limit=1&after=${json1.next_after}`, { key })).body;
    expect([...json1.snapshots, ...json2.snapshots].map((s: any) => s.values)).toEqual([
      { 'user.public_repos': 3 },
      { 'user.followers': 880, 'user.public_repos': 3 },
    ]);
    const csv1 = await call(h, 'GET', `/v1/monitors/${id}/snapshots?limit=1&format=csv`, { key });
    const csv2 = await call(h, 'GET', `/v1/monitors/${id}/snapshots?limit=1&format=csv&after=${csv1.headers.get('x-next-after')}`, { key });
    const rows = (text: string) => text.split('\r\n').filter(Boolean);
    expect(rows(csv1.text)[0]).toBe('at,user.followers,user.public_repos');
    expect(rows(csv2.text)[0]).toBe(rows(csv1.text)[0]);
    expect([rows(csv1.text)[1], rows(csv2.text)[1]]).toEqual([`${json1.snapshots[0].at},,3`, `${json2.snapshots[0].at},880,3`]);
    for (const s of [...json1.snapshots, ...json2.snapshots]) expect(s.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });

  it('a text the answer leaves out (the parser warns, the field is null: a degraded read) is unknown, not removed; an explicit null of the upstream is a change', async () => {
    const a = account('coil-pot');
    h.replay.add(a.route);
    const { key } = await h.key(100);
    const r = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: OP, params: { handle: 'coil-pot' }, every: '1h', watch: ['user.bio', 'social_accounts.url'] },
    });
    const id = r.body.monitor.id;
    await runs(key, id, 1);
    // The answer leaves `bio` out (a degraded read) and lacks a link: it says neither.
    a.state.bio = undefined;
    a.state.accounts = ['https://www.instagram.com/kiln.and.slip'];
    t.advance(HOUR);
    expect((await runs(key, id, 2)).last_run).toMatchObject({ result: 'ok', changed: 0 });
    // A full answer: the bio unchanged is nothing, the link gone is now a change.
    a.state.bio = 'Slip-cast porcelain, small batches.';
    t.advance(HOUR);
    expect((await runs(key, id, 3)).last_run).toMatchObject({ result: 'ok', changed: 1 });
    // The upstream's own null (the bio cleared): a change.
    a.state.bio = null;
    t.advance(HOUR);
    expect((await runs(key, id, 4)).last_run).toMatchObject({ result: 'ok', changed: 1 });
    // Degraded reads one after another (the platform answers so now): the second is compared —
    // a link gone is said a run late, never hidden for good.
    a.state.bio = 'Coil-built planters.';
    t.advance(HOUR);
    await runs(key, id, 5);
    a.state.bio = undefined;
    a.state.accounts = ['https://www.instagram.com/kiln.and.slip', 'https://coil.example'];
    t.advance(HOUR);
    // The first degraded read: the link it adds is a change.
    expect((await runs(key, id, 6)).last_run).toMatchObject({ changed: 1 });
    a.state.accounts = ['https://coil.example'];
    t.advance(HOUR);
    // The second degraded read in a row: the link it lacks is removed; its bio (left out) still unknown.
    expect((await runs(key, id, 7)).last_run).toMatchObject({ changed: 1 });
    expect(await changesOf(key, id)).toEqual([
      { field: 'social_accounts.url', before: 'https://kilnandslip.example/journal', after: null },
      { field: 'user.bio', before: 'Slip-cast porcelain, small batches.', after: null },
      { field: 'user.bio', before: null, after: 'Coil-built planters.' },
      { field: 'social_accounts.url', before: null, after: 'https://coil.example' },
      { field: 'social_accounts.url', before: 'https://www.instagram.com/kiln.and.slip', after: null },
    ]);
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });

  it("a partial read the run shares with another request's fetch (its modules request failed; the warning was the other request's): its empty list is unknown, not every link removed", async () => {
    // Our own Komi answers (src/platforms/linkpage-c/samples.ts: invented, no capture exists).
    const state = { hold: false, modulesFail: false };
    const held: (() => void)[] = [];
    h.replay.add({
      host: 'api.komi.io',
      path: /^\/api\/(talent\/usernames\/fern-and-fable|talent-profiles\/[^/]+\/modules)$/,
      response: async (req) => {
        if (req.path.endsWith('/modules')) return state.modulesFail ? json({ message: 'Internal server error' }, 500) : json(modulesBody());
        if (state.hold) await new Promise<void>((r) => held.push(r));
        return json(talentBody('fern-and-fable'));
      },
    });
    const { key } = await h.key(100);
    const r = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: '/v1/linkpage-c', params: { url: 'fern-and-fable' }, every: '1h', watch: ['links.url', 'bio'] },
    });
    expect(r.status, r.text).toBe(201);
    const id = r.body.monitor.id;
    const first = await runs(key, id, 1);
    expect(first.last_run).toMatchObject({ result: 'ok' });
    // Past the answer a run reuses (a tenth of the hour), before the next run is due.
    t.skip(10 * 60_000);

    // A request of the same page starts first and leads the fetch; the monitor's run joins it.
    state.hold = true;
    state.modulesFail = true;
    const flights = vi.spyOn(h.deps.singleFlight, 'run');
    try {
      const get = call(h, 'GET', '/v1/linkpage-c?url=fern-and-fable', { key });
      await waitFor(() => held.length === 1);
      const run = call(h, 'POST', `/v1/monitors/${id}/run`, { key });
      await waitFor(() => flights.mock.calls.filter(([k]) => String(k).includes('fern-and-fable')).length >= 2);
      state.hold = false;
      held.shift()!();
      expect((await get).body.links).toEqual([]);
      const ran = await run;
      expect(ran.status, ran.text).toBe(200);
      expect(ran.body.run).toMatchObject({ result: 'ok', changed: 0 });
    } finally {
      flights.mockRestore();
      state.hold = false;
      for (const f of held.splice(0)) f();
    }
    // The modules back: nothing changed, nothing "added" again.
    state.modulesFail = false;
    t.advance(HOUR);
    expect((await runs(key, id, 3)).last_run).toMatchObject({ result: 'ok', changed: 0 });
    expect(await changesOf(key, id)).toEqual([]);
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });

  it("a degraded answer served from the cache (a request's read whose bio the parser missed, reused by the run) is unknown there, not a bio removed", async () => {
    const a = account('throwing-line');
    h.replay.add(a.route);
    const { key } = await h.key(100);
    const r = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: OP, params: { handle: 'throwing-line' }, every: '1h', watch: ['user.bio', 'user.followers'] },
    });
    const id = r.body.monitor.id;
    await runs(key, id, 1);
    t.skip(10 * 60_000);
    // A request reads the account while its bio is left out (the parser warns): cached, degraded.
    a.state.bio = undefined;
    const got = await call(h, 'GET', '/v1/code/user?handle=throwing-line', { key });
    expect(got.status, got.text).toBe(200);
    expect(got.body.user.bio).toBeNull();
    a.state.bio = 'Slip-cast porcelain, small batches.';
    // The run within a tenth of its interval reuses that answer (0 credits).
    const ran = await call(h, 'POST', `/v1/monitors/${id}/run`, { key });
    expect(ran.status, ran.text).toBe(200);
    expect(ran.body.run).toMatchObject({ result: 'cached', changed: 0 });
    t.advance(HOUR);
    expect((await runs(key, id, 3)).last_run).toMatchObject({ result: 'ok', changed: 0 });
    expect(await changesOf(key, id)).toEqual([]);
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });

  it("a run made while the clock reads earlier than its last run (stepped back, another instance's behind) is stamped just after that run: a reader going on from the last run's time misses none of its changes", async () => {
    const a = account('clock-kiln');
    h.replay.add(a.route);
    const { key } = await h.key(100);
    // Its social accounts request fails: a partial read, not cached — the next run reads live.
    a.state.socialFails = true;
    const r = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: OP, params: { handle: 'clock-kiln' }, every: '1h', watch: ['user.followers'] },
    });
    const id = r.body.monitor.id;
    const first = (await runs(key, id, 1)).last_run.at as string;
    vi.setSystemTime(Date.now() - 30 * 60_000);
    try {
      a.state.followers = 1_400_000;
      const ran = await call(h, 'POST', `/v1/monitors/${id}/run`, { key });
      expect(ran.status, ran.text).toBe(200);
      expect(ran.body.run).toMatchObject({ result: 'ok', changed: 1 });
      expect(Date.parse(ran.body.run.at)).toBeGreaterThan(Date.parse(first));
      // A reader that saw the first run goes on from its time: the change is there.
      const since = await call(h, 'GET', `/v1/monitors/${id}/changes?since=${encodeURIComponent(first)}`, { key });
      expect(since.body.changes.map((c: any) => c.after)).toEqual([1_400_000]);
    } finally {
      vi.setSystemTime(Date.now() + 30 * 60_000);
    }
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });

  it('an upstream wall (the rate limit) is a failed run: 0 credits, no change, not a step towards stopping; the next answer is compared with the last one read', async () => {
    const a = account('press-mould');
    h.replay.add(a.route);
    const { key, id: keyId } = await h.key(100);
    const r = await call(h, 'POST', '/v1/monitors', {
      key,
      body: { operation: OP, params: { handle: 'press-mould' }, every: '1h', watch: ['user.followers', 'user.bio', 'social_accounts.url'] },
    });
    const id = r.body.monitor.id;
    await runs(key, id, 1);
    a.state.limited = true;
    for (let n = 2; n <= 5; n++) {
      t.advance(HOUR);
      const m = await runs(key, id, n);
      expect(m).toMatchObject({ status: 'active', last_run: { result: 'failed', credits_charged: 0, changed: 0 } });
      expect(m.last_run.code).not.toBe('NOT_FOUND');
    }
    a.state.limited = false;
    t.advance(HOUR);
    expect((await runs(key, id, 6)).last_run).toMatchObject({ result: 'ok', changed: 0 });
    expect(await changesOf(key, id)).toEqual([]);
    expect(await h.balance(keyId)).toBe(98);
    await call(h, 'DELETE', `/v1/monitors/${id}`, { key });
  });
});
