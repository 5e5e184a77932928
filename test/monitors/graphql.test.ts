/**
 * Monitors over GraphQL, mirroring REST: createMonitor / updateMonitor / deleteMonitor / runMonitor,
 * monitor(id) with its snapshots and changes, monitors, and the monitorRuns(id) subscription over
 * server-sent events — on a fake clock against a replay whose answer changes between runs.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setMonitorClock } from '../../src/monitors/clock.js';
import { HISTORY_BUDGET, MONITORS_BUDGET } from '../../src/monitors/graphql.js';
import { monitorService } from '../../src/monitors/service.js';
import { HISTORY_BYTES } from '../../src/monitors/store.js';

const HISTORY_ROWS_PER_DOCUMENT = HISTORY_BUDGET.rows;
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, codeUser, testClock, waitFor } from './helpers.js';

const HOUR = 3_600_000;
const t = testClock();
let h: Harness;
const user = codeUser('octo-gql');
/** An account whose bio the test writes long (its own text, ~50 KB): each change of it is a ~100 KB history row. */
const wordy = codeUser('octo-wordy');
const longBio = (run: number) => `Run ${run}. ` + 'Wheel-thrown stoneware, glazes mixed in the studio. '.repeat(1_000);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2030-02-01T00:00:00Z'));
  setMonitorClock(t.clock);
  // A quota large enough that each monitor keeps LAST_VALUES_BYTES of last values whole (its share
  // of half the quota, fields.ts lastValuesBudget): the answers' bounds below are measured on that.
  h = await startHarness({ env: { MONITORS_KEY_QUOTA_MB: '512' } });
  h.replay.add(user.route);
  h.replay.add(wordy.route);
});
afterAll(async () => {
  await h.close();
  setMonitorClock(null);
  vi.useRealTimers();
});

const CREATE = `mutation($params: JSON!, $watch: [String!]) {
  createMonitor(operation: "/v1/code/user", params: $params, every: "1h", watch: $watch) { id status every watch runs nextRunAt }
}`;
const MONITOR = `query($id: String!) {
  monitor(id: $id) {
    id status runs creditsCharged lastRun { result creditsCharged changed }
    snapshots { snapshots { at values } nextAfter }
    changes { changes { field before after } nextAfter }
  }
}`;

/** A subscription over GraphQL-over-SSE, read until `stop` says so (then the client leaves). */
async function subscribe(query: string, key: string, variables: Record<string, unknown>, until: (events: any[]) => boolean) {
  const ac = new AbortController();
  const res = await fetch(`${h.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
    body: JSON.stringify({ query, variables }),
    signal: ac.signal,
  });
  const events: any[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let at;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const event = /^event: (\w+)/m.exec(block)?.[1];
        const data = /^data: ?(.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ? JSON.parse(data) : null });
      }
      if (until(events)) break;
    }
  } finally {
    ac.abort();
  }
  return { status: res.status, events };
}

describe('monitors over GraphQL', () => {
  it('create, query with history, run now, update, delete; another key sees null', async () => {
    const { key, id: keyId } = await h.key(10);
    const made = await h.gql(CREATE, { key, variables: { params: { handle: 'octo-gql' }, watch: ['user.followers', 'user.bio'] } });
    expect(made.body.errors).toBeUndefined();
    const m = made.body.data.createMonitor;
    expect(m).toMatchObject({ status: 'active', every: '1h', watch: ['user.followers', 'user.bio'], runs: 0 });
    await waitFor(async () => (await h.gql(MONITOR, { key, variables: { id: m.id } })).body.data.monitor.runs === 1);
    user.state.followers = 400;
    user.state.bio = 'Porcelain now.';
    t.advance(HOUR);
    await waitFor(async () => (await h.gql(MONITOR, { key, variables: { id: m.id } })).body.data.monitor.runs === 2);
    const q = (await h.gql(MONITOR, { key, variables: { id: m.id } })).body.data.monitor;
    expect(q).toMatchObject({ status: 'active', runs: 2, creditsCharged: 2, lastRun: { result: 'ok', creditsCharged: 1, changed: 2 } });
    expect(q.snapshots.snapshots.map((s: any) => s.values)).toEqual([{ 'user.followers': 340 }, { 'user.followers': 400 }]);
    expect(q.changes).toEqual({
      changes: [
        { field: 'user.followers', before: 340, after: 400 },
        { field: 'user.bio', before: 'Tools for potters.', after: 'Porcelain now.' },
      ],
      nextAfter: null,
    });
    // The same as REST says.
    const rest = await call(h, 'GET', `/v1/monitors/${m.id}/changes`, { key });
    expect(rest.body.changes.map((c: any) => c.field)).toEqual(['user.followers', 'user.bio']);

    const other = await h.key(10);
    expect((await h.gql(MONITOR, { key: other.key, variables: { id: m.id } })).body.data.monitor).toBeNull();
    const stolen = await h.gql(`mutation { runMonitor(id: "${m.id}") { creditsCharged } }`, { key: other.key });
    expect(stolen.body.errors[0].extensions.code).toBe('NOT_FOUND');

    // Run now: within a tenth of the interval the answer is reused, 0 credits.
    const now = await h.gql(
      `mutation { runMonitor(id: "${m.id}") { creditsCharged creditsRemaining run { result } changes { field } monitor { runs } } }`,
      {
        key,
      },
    );
    expect(now.body.data.runMonitor).toEqual({
      creditsCharged: 0,
      creditsRemaining: 8,
      run: { result: 'cached' },
      changes: [],
      monitor: { runs: 3 },
    });

    const list = await h.gql(`{ monitors(limit: 5) { monitors { id } nextAfter } }`, { key });
    expect(list.body.data.monitors).toEqual({ monitors: [{ id: m.id }], nextAfter: null });
    const bad = await h.gql(`mutation { updateMonitor(id: "${m.id}", every: "2h", watch: ["nope"]) { id } }`, { key });
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(bad.body.errors[0].extensions.details.map((d: any) => d.param)).toEqual(['every', 'watch[0]']);
    const paused = await h.gql(`mutation { updateMonitor(id: "${m.id}", paused: true, every: "1d") { status every nextRunAt } }`, { key });
    expect(paused.body.data.updateMonitor).toEqual({ status: 'paused', every: '1d', nextRunAt: null });
    const invalid = await h.gql(`mutation { createMonitor(operation: "/v1/code/user", params: {handle: "x y"}, every: "1h") { id } }`, {
      key,
    });
    expect(invalid.body.errors[0].extensions.details).toEqual([{ param: 'params.handle', message: expect.any(String) }]);
    const gone = await h.gql(`mutation { deleteMonitor(id: "${m.id}") { id status } }`, { key });
    expect(gone.body.data.deleteMonitor).toEqual({ id: m.id, status: 'paused' });
    expect((await h.gql(MONITOR, { key, variables: { id: m.id } })).body.data.monitor).toBeNull();
    expect(await h.balance(keyId)).toBe(8);
  });

  it(`history over one document: at most HISTORY_BUDGET.rows (${HISTORY_ROWS_PER_DOCUMENT}) rows asked, a shorter page at the edge, then INVALID_INPUT`, async () => {
    const { key } = await h.key(10);
    const made = await h.gql(CREATE, { key, variables: { params: { handle: 'octo-gql' }, watch: ['user.followers'] } });
    const id = made.body.data.createMonitor.id;
    await waitFor(async () => (await h.gql(MONITOR, { key, variables: { id } })).body.data.monitor.runs === 1);
    t.advance(HOUR);
    await waitFor(async () => (await h.gql(MONITOR, { key, variables: { id } })).body.data.monitor.runs === 2);
    const page = '{ snapshots { at } nextAfter }';
    const full = Array.from({ length: HISTORY_ROWS_PER_DOCUMENT / 1000 - 1 }, (_, i) => `a${i}: snapshots(limit: 1000) ${page}`);
    const doc = (tail: string) => `{ monitor(id: "${id}") { ${full.join(' ')} z: snapshots(limit: 999) ${page} ${tail} } }`;
    // One row left: a page of one, with the way on.
    const edge = await h.gql(doc(`w: snapshots(limit: 5) ${page}`), { key });
    expect(edge.body.errors).toBeUndefined();
    expect(edge.body.data.monitor.a0.snapshots).toHaveLength(2);
    expect(edge.body.data.monitor.w.snapshots).toHaveLength(1);
    expect(edge.body.data.monitor.w.nextAfter).not.toBeNull();
    // Nothing left: the next history field is an error.
    const over = await h.gql(doc(`w: snapshots(limit: 1) ${page} u: changes(limit: 1) { nextAfter }`), { key });
    expect(over.body.errors.map((e: any) => [e.path.join('.'), e.extensions.code])).toEqual([['monitor.u', 'INVALID_INPUT']]);
    // Each document has its own budget.
    expect((await h.gql(doc(`w: snapshots(limit: 5) ${page}`), { key })).body.errors).toBeUndefined();
  });

  it(`monitors over one document: at most MONITORS_BUDGET.rows (${MONITORS_BUDGET.rows}) listed, a shorter page at the edge, then INVALID_INPUT`, async () => {
    // A monitor may carry ~25 KB (100 watched paths of 200 characters): 32 unread documents of 25
    // aliased pages of 100 such monitors ran a 512 MB gateway out of heap.
    const { key } = await h.key(10);
    const ids: string[] = [];
    for (const handle of ['octo-gql', 'octo-gql']) {
      const made = await h.gql(CREATE, { key, variables: { params: { handle }, watch: ['user.followers'] } });
      ids.unshift(made.body.data.createMonitor.id);
    }
    const page = '{ monitors { id } nextAfter }';
    const full = Array.from({ length: MONITORS_BUDGET.rows / 100 - 1 }, (_, i) => `a${i}: monitors(limit: 100) ${page}`);
    const doc = (tail: string) => `{ ${full.join(' ')} z: monitors(limit: 99) ${page} ${tail} }`;
    // One left: a page of one (the newest), with the way on.
    const edge = await h.gql(doc(`w: monitors(limit: 5) ${page}`), { key });
    expect(edge.body.errors).toBeUndefined();
    expect(edge.body.data.a0.monitors.map((m: any) => m.id).sort()).toEqual([...ids].sort());
    expect(edge.body.data.w.monitors).toHaveLength(1);
    expect(edge.body.data.w.nextAfter).not.toBeNull();
    // Nothing left: the next monitors field is an error naming limit.
    const over = await h.gql(doc(`w: monitors(limit: 1) ${page} u: monitors(limit: 1) ${page}`), { key });
    expect(over.body.errors.map((e: any) => [e.path.join('.'), e.extensions.code, e.extensions.details[0].param])).toEqual([
      ['u', 'INVALID_INPUT', 'limit'],
    ]);
  });

  it('monitorRuns streams each run as it is recorded, with its changes', async () => {
    const { key } = await h.key(10);
    const made = await h.gql(CREATE, { key, variables: { params: { handle: 'octo-gql' }, watch: ['user.followers'] } });
    const id = made.body.data.createMonitor.id;
    await waitFor(async () => (await h.gql(MONITOR, { key, variables: { id } })).body.data.monitor.runs === 1);
    const stream = subscribe(
      `subscription($id: String!) { monitorRuns(id: $id) { monitor { runs lastRun { result } } changes { field before after } } }`,
      key,
      { id },
      (events) => events.filter((e) => e.event === 'next').length === 2,
    );
    await new Promise((r) => setTimeout(r, 100));
    user.state.followers = 401;
    t.advance(HOUR);
    await waitFor(async () => (await h.gql(MONITOR, { key, variables: { id } })).body.data.monitor.runs === 2);
    user.state.followers = 402;
    t.advance(HOUR);
    const { status, events } = await stream;
    expect(status).toBe(200);
    const runs = events.filter((e) => e.event === 'next').map((e) => e.data.data.monitorRuns);
    expect(runs).toEqual([
      { monitor: { runs: 2, lastRun: { result: 'ok' } }, changes: [{ field: 'user.followers', before: 400, after: 401 }] },
      { monitor: { runs: 3, lastRun: { result: 'ok' } }, changes: [{ field: 'user.followers', before: 401, after: 402 }] },
    ]);
    const refused = await fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': (await h.key(0)).key },
      body: JSON.stringify({ query: `subscription { monitorRuns(id: "${id}") { changes { field } } }` }),
    });
    expect(await refused.text()).toContain('NOT_FOUND');
  });

  it('monitorRuns without a valid key: HTTP 401 UNAUTHORIZED, as for every GraphQL operation (DECISIONS.md), not a 200 stream', async () => {
    for (const headers of [{}, { 'x-api-key': 'cl_unknown' }] as Record<string, string>[]) {
      const res = await fetch(`${h.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
        body: JSON.stringify({ query: 'subscription { monitorRuns(id: "mon_x") { changes { field } } }' }),
      });
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('UNAUTHORIZED');
    }
  });
});

describe('monitor history: bytes per answer', () => {
  const RUNS = 25;
  let key: string;
  let id: string;
  beforeAll(async () => {
    ({ key } = await h.key(100));
    wordy.state.bio = longBio(0);
    const made = await h.gql(CREATE, { key, variables: { params: { handle: 'octo-wordy' }, watch: ['user.bio'] } });
    id = made.body.data.createMonitor.id;
    const runs = async () => (await h.gql(`{ monitor(id: "${id}") { runs } }`, { key })).body.data.monitor.runs;
    await waitFor(async () => (await runs()) === 1);
    for (let run = 1; run < RUNS; run++) {
      wordy.state.bio = longBio(run);
      t.advance(HOUR);
      await waitFor(async () => (await runs()) === run + 1);
    }
  }, 120_000);

  it(`GraphQL: at most HISTORY_BYTES (${HISTORY_BYTES}) of stored history per document, a shorter page with its nextAfter, then INVALID_INPUT; paging goes on`, async () => {
    // ~100 KB rows: all 24 changes are ~2.4 MB. Within the row budget, one document of 20 aliased
    // pages of 1,000 such rows (30 KB each) ran a 512 MB gateway out of heap.
    const page = (after: string | null) =>
      h.gql(
        `query($after: String) { monitor(id: "${id}") { a: changes(after: $after, limit: 1000) { changes { field before after } nextAfter } } }`,
        {
          key,
          variables: { after },
        },
      );
    const first = (await page(null)).body;
    expect(first.errors).toBeUndefined();
    const a = first.data.monitor.a;
    expect(a.changes.length).toBeGreaterThan(0);
    expect(a.changes.length).toBeLessThan(RUNS - 1);
    expect(JSON.stringify(a.changes).length).toBeLessThan(HISTORY_BYTES * 1.1);
    expect(a.nextAfter).not.toBeNull();
    // The budget spent, the document's next history field is refused, naming `limit`.
    const over = await h.gql(`{ monitor(id: "${id}") { a: changes(limit: 1000) { nextAfter } b: changes(limit: 1) { nextAfter } } }`, {
      key,
    });
    expect(over.body.errors.map((e: any) => [e.path.join('.'), e.extensions.code, e.extensions.details[0].param])).toEqual([
      ['monitor.b', 'INVALID_INPUT', 'limit'],
    ]);
    // Twenty aliased pages take no more than one.
    const aliased = `{ monitor(id: "${id}") { ${Array.from({ length: 20 }, (_, i) => `a${i}: changes(limit: 1000) { changes { before after } }`).join(' ')} } }`;
    const res = await fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ query: aliased }),
    });
    expect((await res.text()).length).toBeLessThan(HISTORY_BYTES * 1.1);
    // The rest comes page by page, each change once, in order.
    const seen: string[] = a.changes.map((c: any) => c.after);
    for (let after = a.nextAfter; after !== null;) {
      const next = (await page(after)).body.data.monitor.a;
      seen.push(...next.changes.map((c: any) => c.after));
      after = next.nextAfter;
    }
    expect(seen).toEqual(Array.from({ length: RUNS - 1 }, (_, i) => longBio(i + 1)));
  });

  it(`REST: a page of changes holds at most HISTORY_BYTES of stored history (its first row always), its next_after goes on`, async () => {
    const seen: string[] = [];
    let pages = 0;
    for (let after: string | null = ''; after !== null; pages++) {
      const r = await call(h, 'GET', `/v1/monitors/${id}/changes?limit=1000${after ? `&after=${after}` : ''}`, { key });
      expect(r.status).toBe(200);
      expect(r.text.length).toBeLessThan(HISTORY_BYTES * 1.1);
      seen.push(...r.body.changes.map((c: any) => c.after));
      after = r.body.next_after;
    }
    expect(pages).toBeGreaterThan(1);
    expect(seen).toEqual(Array.from({ length: RUNS - 1 }, (_, i) => longBio(i + 1)));
  });
});

describe("a run's changes in its answers: at most HISTORY_BYTES, the rest after nextAfter", () => {
  /** An account whose bio the test writes long (its own text): watched with `user`, each run's two changes hold it four times. */
  const tomes = codeUser('octo-tomes');
  const tome = (run: number, kb: number) => `Run ${run}. ` + 'Slip-cast porcelain, fired twice. '.repeat(Math.ceil((kb * 1024) / 34));
  const RUN_EVENT = `subscription($id: String!) { monitorRuns(id: $id) { monitor { runs lastRun { at changed } } changes { field after } nextAfter } }`;
  let key: string;
  let id: string;
  const runs = async () => (await h.gql(`{ monitor(id: "${id}") { runs } }`, { key })).body.data.monitor.runs;
  /** The run's changes from the history: `since`/`until` its at, after `after`, page by page. */
  async function rest(at: string, after: string) {
    const until = new Date(Date.parse(at) + 1).toISOString();
    const out: any[] = [];
    for (let next: string | null = after; next !== null;) {
      const r = await call(h, 'GET', `/v1/monitors/${id}/changes?since=${at}&until=${until}&after=${next}`, { key });
      out.push(...r.body.changes);
      next = r.body.next_after;
    }
    return out;
  }
  beforeAll(async () => {
    h.replay.add(tomes.route);
    ({ key } = await h.key(100));
    tomes.state.bio = tome(0, 300);
    const made = await h.gql(CREATE, { key, variables: { params: { handle: 'octo-tomes' }, watch: ['user.bio', 'user'] } });
    id = made.body.data.createMonitor.id;
    await waitFor(async () => (await runs()) === 1);
  });

  it('monitorRuns: an event holds what fits (none when the first alone is larger), nextAfter finds the rest', async () => {
    // Before, an event carried all of a run's changes however large: 20 subscriptions of a key on a
    // monitor whose 3 MB bio changed took ~250 MB of the gateway in one run.
    const stream = subscribe(RUN_EVENT, key, { id }, (events) => events.filter((e) => e.event === 'next').length === 2);
    await new Promise((r) => setTimeout(r, 100));
    tomes.state.bio = tome(1, 300); // two changes of ~600 KB: the first fits
    t.advance(HOUR);
    await waitFor(async () => (await runs()) === 2);
    tomes.state.bio = tome(2, 1200); // two changes of ~1.5 MB: neither fits
    t.advance(HOUR);
    const { events } = await stream;
    const [one, two] = events.filter((e) => e.event === 'next').map((e) => e.data.data.monitorRuns);
    expect(JSON.stringify(one).length).toBeLessThan(HISTORY_BYTES);
    expect(one.monitor.lastRun.changed).toBe(2);
    expect(one.changes).toEqual([{ field: 'user.bio', after: tome(1, 300) }]);
    expect(one.nextAfter).not.toBeNull();
    expect((await rest(one.monitor.lastRun.at, one.nextAfter)).map((c) => [c.field, c.after.bio])).toEqual([['user', tome(1, 300)]]);
    expect(JSON.stringify(two).length).toBeLessThan(10_000);
    expect(two.changes).toEqual([]);
    expect((await rest(two.monitor.lastRun.at, two.nextAfter)).map((c) => c.field)).toEqual(['user.bio', 'user']);
  });

  it('POST …/run and runMonitor answer the same way (run.changes_next_after, nextAfter)', async () => {
    // Before, the answer carried every change of the run (~2.6 MB here), with no bound. The 1.2 MB
    // bio before is kept as its hash (LAST_VALUES_BYTES): the bio after alone is past HISTORY_BYTES.
    tomes.state.bio = tome(3, 1100); // two changes of ~1.1 MB: neither fits
    t.skip(HOUR);
    const r = await call(h, 'POST', `/v1/monitors/${id}/run`, { key });
    expect(r.status).toBe(200);
    expect(r.text.length).toBeLessThan(10_000);
    expect(r.body.run).toMatchObject({ changed: 2, changes: [] });
    expect((await rest(r.body.run.at, r.body.run.changes_next_after)).map((c) => c.field)).toEqual(['user.bio', 'user']);

    // A bio of 100 KB: kept whole (within LAST_VALUES_BYTES) as the next run's before.
    tomes.state.bio = tome(3, 100);
    t.skip(HOUR);
    expect((await call(h, 'POST', `/v1/monitors/${id}/run`, { key })).body.run).toMatchObject({ changed: 2 });
    tomes.state.bio = tome(4, 500); // two changes of ~600 KB: the first fits
    t.skip(HOUR);
    const g = await h.gql(`mutation { runMonitor(id: "${id}") { run { at changed } changes { at field before after } nextAfter } }`, {
      key,
    });
    expect(g.body.errors).toBeUndefined();
    const { run, changes, nextAfter } = g.body.data.runMonitor;
    expect(JSON.stringify(changes).length).toBeLessThan(HISTORY_BYTES);
    expect(run.changed).toBe(2);
    expect(changes).toEqual([{ at: run.at, field: 'user.bio', before: tome(3, 100), after: tome(4, 500) }]);
    expect((await rest(run.at, nextAfter)).map((c) => c.field)).toEqual(['user']);
  });
  it("the subscriptions of a monitor read a run's changes once between them", async () => {
    // Before, each read them itself (each read takes up to 20 rows of the store, however large): 20
    // subscriptions on a monitor whose 3 MB text changed took a 512 MB gateway from ~300 to ~590 MB.
    const svc = monitorService(h.deps)!;
    const streams = Array.from({ length: 5 }, () => subscribe(RUN_EVENT, key, { id }, (events) => events.some((e) => e.event === 'next')));
    await new Promise((r) => setTimeout(r, 200));
    const reads = vi.spyOn(svc.store, 'changes');
    try {
      tomes.state.bio = tome(50, 100);
      t.advance(HOUR);
      const got = await Promise.all(streams);
      const firsts = got.map((g) => g.events.find((e) => e.event === 'next').data.data.monitorRuns);
      expect(new Set(firsts.map((f) => f.monitor.runs)).size).toBe(1);
      expect(firsts.every((f) => f.changes.length > 0)).toBe(true);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('an unread monitorRuns stream is not written ahead of its client: it gets the latest run, not every run kept for it', async () => {
    // Before, every event was written as it came, and node kept what the client did not read: 20
    // unread streams of one key grew the gateway by ~85 MB a run (4 MB events), run after run. The
    // client here is a socket that reads nothing until the runs are made: what the kernel's socket
    // buffers hold (~9 MB on loopback here: 11 events) is all that is ahead of it, then the latest.
    const RUNS = 32;
    const body = JSON.stringify({ query: `subscription { monitorRuns(id: "${id}") { monitor { runs } changes { field after } } }` });
    const socket = connect(Number(new URL(h.url).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.pause();
    socket.write(
      `POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\naccept: text/event-stream\r\n` +
        `x-api-key: ${key}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const first = await runs();
    for (let run = 1; run <= RUNS; run++) {
      tomes.state.bio = tome(100 + run, 400); // an event of ~800 KB (its first change)
      t.advance(HOUR);
      await waitFor(async () => (await runs()) === first + run);
    }
    // Now the client reads: what it gets ends with the last run, and is not every run.
    const seen: number[] = [];
    socket.setEncoding('latin1');
    socket.resume();
    for await (const chunk of socket as AsyncIterable<string>) {
      for (const m of chunk.matchAll(/"monitorRuns":\{"monitor":\{"runs":(\d+)\}/g)) seen.push(Number(m[1]));
      if (seen.at(-1) === first + RUNS) break;
    }
    socket.destroy();
    expect(seen.at(-1)).toBe(first + RUNS);
    expect(seen.length).toBeLessThan(RUNS - 8);
  }, 60_000);
});

describe('monitorRuns: a subscription whose client leaves', () => {
  it('frees its slot at once: a key at JOBS_MAX_STREAMS_PER_KEY drops one and opens another straight away', async () => {
    // Before, the slot stayed counted until the monitor's next event or yoga's next SSE ping (12 s;
    // 300 ms when NODE_ENV is 'test', which hid it here: the gateway's own NODE_ENV for this test):
    // a client reconnecting at once was refused 429.
    vi.stubEnv('NODE_ENV', 'production');
    try {
      const { key, id: keyId } = await h.key(10);
      const made = await h.gql(CREATE, { key, variables: { params: { handle: 'octo-gql' }, watch: ['user.followers'] } });
      const id = made.body.data.createMonitor.id;
      const svc = monitorService(h.deps)!;
      const max = h.config.jobs.maxStreamsPerKey;
      const open = async () => {
        const ac = new AbortController();
        const res = await fetch(`${h.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
          body: JSON.stringify({ query: `subscription { monitorRuns(id: "${id}") { monitor { runs } } }` }),
          signal: ac.signal,
        });
        const reader = res.body!.getReader();
        await reader.read(); // its first bytes (a ping, or the refusal)
        return { status: res.status, leave: () => ac.abort() };
      };
      const streams = [];
      for (let i = 0; i < max; i++) streams.push(await open());
      expect(streams.map((s) => s.status)).toEqual(Array(max).fill(200));
      expect(svc.streams.held(keyId)).toBe(max);
      expect((await open()).status).toBe(429);

      streams.pop()!.leave();
      // The server sees the close within moments; the monitor has no run in the meantime.
      await waitFor(() => svc.streams.held(keyId) < max, 2_000);
      const again = await open();
      expect(again.status).toBe(200);
      expect(svc.streams.held(keyId)).toBe(max);
      for (const s of [...streams, again]) s.leave();
      await waitFor(() => svc.streams.held(keyId) === 0, 2_000);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
