/**
 * The operation deadline (OPERATION_DEADLINE_MS, src/pipeline/live-fetch.ts): every upstream
 * request of one operation shares it, so an operation of several requests — each slower than half
 * the deadline, each well within its own per-request timeout — ends at about the deadline, not at
 * the sum of its requests: 504 UPSTREAM_TIMEOUT at 0 credits on every face (REST, GraphQL, a bulk
 * job's item), nothing cached, no request sent after the deadline. An optional request it cuts
 * degrades the record (a partial read) instead. A creator lookup keeps its own deadline while its
 * internal reads get the operation deadline.
 *
 * linkpage-d makes the longest chain (src/platforms/linkpage-d/fetch.ts): the shell and its
 * bundles (the public token, once per gateway), then three POSTs to the GraphQL endpoint — resolve
 * and page (essential), products (optional).
 */
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoRoutes } from '../../src/demo/routes.js';
import { DEMO_COVERAGE } from '../../src/demo/examples.js';
import type { RecordedResponse, ReplayRequest, Route } from '../../src/replay/server.js';
import { HTML } from '../../src/demo/answer.js';
import {
  GRAPHQL_HOST,
  GRAPHQL_URL,
  graphqlAnswer,
  PLAIN_VENDORS_PATH,
  sampleCreator,
  SETTINGS_VENDORS_PATH,
  shellHtml,
  TOKEN,
  vendorsJs,
} from '../../src/platforms/linkpage-d/samples.js';
import type { SampleCreator } from '../../src/platforms/linkpage-d/samples.js';
import { startHarness } from '../harness.js';
import { runQueueWaitMs } from '../support/cpu-time.js';
import type { Harness } from '../harness.js';
import { call, ndjson, waitFinal } from '../jobs/helpers.js';
import { expectLive, expectTypedError, useFaultGateway } from './lib.js';

/** The operation deadline of these gateways. */
const DEADLINE_MS = 2_000;
/** The creator lookup's test: its essential source read must fit in the deadline on a loaded machine. */
const LOOKUP_DEADLINE_MS = 4_000;
/** Each slow request: more than half the deadline, well within its own timeout (below). */
const SLOW_MS = 1_200;
/** A reply within this much past the deadline is "at the deadline" (a loaded 2-core machine). */
const SLACK_MS = 1_000;

const ENV = {
  OPERATION_DEADLINE_MS: String(DEADLINE_MS),
  // One request may take far longer than the deadline: only the deadline can end these reads early.
  UPSTREAM_RETRIES: '0',
  UPSTREAM_HEADERS_TIMEOUT_MS: '7000',
  UPSTREAM_BODY_TIMEOUT_MS: '7000',
  UPSTREAM_TOTAL_TIMEOUT_MS: '9000',
};

type Step = 'shell' | 'bundle' | 'resolve' | 'page' | 'products';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const JS = { 'content-type': 'application/javascript; charset=utf-8' };

/** A creator of its own id (the samples' creators all share one). */
const creator = (username: string, n: number): SampleCreator =>
  sampleCreator(username, { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` });

/**
 * linkpage-d's upstream for `creators`: each answer delayed by `delay(step, username)` ms; `sent`
 * records when each request arrived (epoch ms), with its step and username.
 */
function pillar(creators: SampleCreator[], delay: (step: Step, username: string | null) => number) {
  const sent: { at: number; step: Step; username: string | null }[] = [];
  const answer = (step: Step, username: string | null, res: RecordedResponse): RecordedResponse => {
    sent.push({ at: Date.now(), step, username });
    const ms = delay(step, username);
    return ms > 0 ? { ...res, fault: { kind: 'latency', ms } } : res;
  };
  const graphql = (req: ReplayRequest): RecordedResponse => {
    const body = req.body.toString('utf8');
    const { query, variables } = JSON.parse(body) as { query: string; variables: { key?: string; id?: string } };
    const step: Step = typeof variables.key === 'string' ? 'resolve' : /shop_featured_product/.test(query) ? 'products' : 'page';
    const username = variables.key ?? creators.find((c) => c.id === variables.id)?.alias ?? null;
    return answer(step, username, { headers: JSON_TYPE, body: JSON.stringify(graphqlAnswer(body, creators)) });
  };
  const routes: Route[] = [
    { host: 'pillar.io', path: /^\/[^/]+$/, response: (req) => answer('shell', req.path.slice(1), { headers: HTML, body: shellHtml() }) },
    { host: 'pillar.io', path: PLAIN_VENDORS_PATH, response: () => answer('bundle', null, { headers: JS, body: vendorsJs() }) },
    {
      host: 'pillar.io',
      path: SETTINGS_VENDORS_PATH,
      response: () => answer('bundle', null, { headers: JS, body: vendorsJs({ endpoint: GRAPHQL_HOST, token: TOKEN }) }),
    },
    { host: GRAPHQL_HOST, path: new URL(GRAPHQL_URL).pathname, method: 'POST', response: graphql },
  ];
  return { routes, sent };
}

/** The GraphQL endpoint's three queries slow for the `slow` usernames; everything else at once. */
const slowQueries =
  (...slow: string[]) =>
  (step: Step, username: string | null) =>
    username !== null && slow.includes(username) && step !== 'shell' ? SLOW_MS : 0;

const path = (username: string, extra = '') => `/v1/linkpage-d?url=${encodeURIComponent(`https://pillar.io/${username}`)}${extra}`;

describe('OPERATION_DEADLINE_MS: one deadline for all the upstream requests of an operation', () => {
  const suite = useFaultGateway({ credits: 100, env: ENV });
  let n = 0;
  const fresh = (name: string) => `${name}${++n}`;

  it('REST: requests each slower than half the deadline → 504 UPSTREAM_TIMEOUT at the deadline, 0 credits, nothing sent after it, nothing cached; a fast read is unaffected', async () => {
    const { gw, acc } = suite;
    const [fast, slow] = [fresh('fast'), fresh('slow')];
    const up = pillar([creator(fast, 1), creator(slow, 2)], slowQueries(slow));
    for (const r of up.routes) gw.h.replay.add(r);

    const ok = await gw.rest(path(fast), acc.key);
    acc.charge(ok);
    expectLive(ok);
    expect(ok.body.products).toHaveLength(2);
    // Complete, so cached: served again at 0 credits.
    const again = await gw.rest(path(fast, '&cache_max_age=1d'), acc.key);
    acc.charge(again);
    expect({ status: again.status, cached: again.body.cached, charged: again.charged }).toEqual({ status: 200, cached: true, charged: 0 });

    const started = Date.now();
    const cut = await gw.rest(path(slow), acc.key);
    acc.charge(cut);
    expectTypedError(cut, 504, 'UPSTREAM_TIMEOUT');
    expect(cut.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(cut.ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    expect(cut.body.error.message).toMatch(/^linkpage-d: .*2 s operation deadline \(OPERATION_DEADLINE_MS\)/);
    // resolve (0 → 1.2 s), page (cut at 2 s); the products query is never sent.
    const slowSent = up.sent.filter((s) => s.username === slow && s.step !== 'shell');
    expect(slowSent.map((s) => s.step)).toEqual(['resolve', 'page']);
    for (const s of slowSent) expect(s.at - started).toBeLessThan(DEADLINE_MS);
    await acc.expectBalance();

    // Nothing was cached: the next call with cache_max_age reads the platform again (and is cut again).
    const later = await gw.rest(path(slow, '&cache_max_age=1d'), acc.key);
    acc.charge(later);
    expectTypedError(later, 504, 'UPSTREAM_TIMEOUT');
  });

  it('GraphQL: the field is an UPSTREAM_TIMEOUT error at about the deadline, 0 credits', async () => {
    const { gw, acc } = suite;
    const slow = fresh('slow');
    for (const r of pillar([creator(slow, 3)], slowQueries(slow)).routes) gw.h.replay.add(r);
    const c = await gw.gql(`{ linkpageDPage(url: "https://pillar.io/${slow}") { json } }`, acc.key);
    acc.charge(c);
    expectTypedError(c, 504, 'UPSTREAM_TIMEOUT');
    expect(c.body.errors[0].message).toMatch(/operation deadline/);
    expect(c.ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    await acc.expectBalance();
  });

  it('bulk job: the item cut by the deadline is its own UPSTREAM_TIMEOUT error at 0 credits; the next item is read', async () => {
    const { gw, acc } = suite;
    const [slow, fast] = [fresh('slow'), fresh('fast')];
    for (const r of pillar([creator(slow, 4), creator(fast, 5)], slowQueries(slow)).routes) gw.h.replay.add(r);
    const created = await call(gw.h, 'POST', '/v1/jobs', {
      key: acc.key,
      body: { operation: '/v1/linkpage-d', items: [{ url: `https://pillar.io/${slow}` }, { url: `https://pillar.io/${fast}` }] },
    });
    expect(created.status).toBe(202);
    const job = await waitFinal(gw.h, acc.key, created.body.job.id);
    acc.charged += job.credits_charged;
    expect(job).toMatchObject({ status: 'completed', counts: { done: 2, ok: 1, failed: 1 }, credits_charged: 1 });
    const lines = ndjson((await call(gw.h, 'GET', `/v1/jobs/${job.id}/results`, { key: acc.key })).text);
    expect(lines.map((l) => [l.status, l.code, l.credits_charged])).toEqual([
      [504, 'UPSTREAM_TIMEOUT', 0],
      [200, null, 1],
    ]);
    expect(lines[0].body.error.message).toMatch(/operation deadline/);
    await acc.expectBalance();
  });

  it('callers that joined the shared fetch get its outcome, at the deadline counted from when it started', async () => {
    const { gw, acc } = suite;
    const slow = fresh('slow');
    const up = pillar([creator(slow, 6)], slowQueries(slow));
    for (const r of up.routes) gw.h.replay.add(r);
    const first = gw.rest(path(slow), acc.key);
    // Joins half-way (was at 600 ms): 1 s left of the first's deadline against 2 s of a deadline of
    // its own, the bound half-way — at 600 ms it was 1.4 s against a 1.7 s bound, 0.3 s of room.
    await new Promise((r) => setTimeout(r, DEADLINE_MS / 2));
    const second = await gw.rest(path(slow), acc.key);
    const one = await first;
    acc.charge(one, second);
    expectTypedError(one, 504, 'UPSTREAM_TIMEOUT');
    expectTypedError(second, 504, 'UPSTREAM_TIMEOUT');
    expect(second.body.error.message).toBe(one.body.error.message);
    expect(second.ms).toBeLessThan(DEADLINE_MS - 500);
    // One fetch for both.
    expect(up.sent.filter((s) => s.step === 'resolve')).toHaveLength(1);
    await acc.expectBalance();
  });

  it('an optional request cut by the deadline: the record without its part (a partial read), charged, not cached', async () => {
    const { gw, acc } = suite;
    const name = fresh('partial');
    // Only the products query is slow: longer than the deadline, within its own timeout.
    let productsMs = 4_000;
    const up = pillar([creator(name, 7)], (step, username) => (username === name && step === 'products' ? productsMs : 0));
    for (const r of up.routes) gw.h.replay.add(r);
    const c = await gw.rest(path(name), acc.key);
    acc.charge(c);
    expectLive(c);
    expect(c.body.products).toEqual([]);
    expect(c.body.links.length).toBeGreaterThan(0);
    expect(c.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(c.ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    // A partial read is not cached: the next call reads again, and gets the products.
    productsMs = 0;
    const again = await gw.rest(path(name, '&cache_max_age=1d'), acc.key);
    acc.charge(again);
    expectLive(again);
    expect(again.body).not.toHaveProperty('cached');
    expect(again.body.products).toHaveLength(2);
    await acc.expectBalance();
  });

  it('many operations in a row, cut or not, leave no listener on the shutdown signal', async () => {
    const { gw, acc } = suite;
    const shutdown = gw.h.deps.shutdown;
    const before = getEventListeners(shutdown, 'abort').length;
    const names = Array.from({ length: 6 }, (_, i) => fresh(i % 2 ? 'fast' : 'slow'));
    const creators = names.map((u, i) => creator(u, 100 + i));
    for (const r of pillar(creators, slowQueries(...names.filter((u) => u.startsWith('slow')))).routes) gw.h.replay.add(r);
    // Side by side, on every face that links its own signal to the shutdown (a job's items), and REST.
    const created = await call(gw.h, 'POST', '/v1/jobs', {
      key: acc.key,
      body: { operation: '/v1/linkpage-d', items: names.map((u) => ({ url: `https://pillar.io/${u}` })) },
    });
    const rest = await Promise.all(names.map((u) => gw.rest(path(u, '&cache_max_age=1d'), acc.key)));
    acc.charge(...rest);
    const job = await waitFinal(gw.h, acc.key, created.body.job.id);
    acc.charged += job.credits_charged;
    expect(rest.map((c) => c.status).sort()).toEqual([200, 200, 200, 504, 504, 504]);
    expect(job.counts).toMatchObject({ done: 6, failed: 3 });
    expect(getEventListeners(shutdown, 'abort')).toHaveLength(before);
    await acc.expectBalance();
  });
});

describe('a creator lookup keeps its own deadline; its internal reads have the operation deadline', () => {
  let h: Harness;
  beforeAll(async () => {
    vi.stubEnv('DISCOVERY_SUBFETCH_MAX_AGE_MS', '0');
    vi.stubEnv('DISCOVERY_DEADLINE_MS', '10000');
    vi.stubEnv('DISCOVERY_FETCH_TIMEOUT_MS', '8000');
    // A longer operation deadline than the other tests': the lookup's essential source read must
    // fit in it on a loaded machine (2 s did not, at a load average of 9).
    h = await startHarness({ routes: demoRoutes(), env: { DEMO_COVERAGE, ...ENV, OPERATION_DEADLINE_MS: String(LOOKUP_DEADLINE_MS) } });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await h.close();
  });

  it('a slow read of a linked profile is cut at the operation deadline (partial); the lookup runs past it and answers 200', async () => {
    const { key, id } = await h.key(100);
    const slowly =
      (ms: number, when: (req: ReplayRequest) => boolean = () => true) =>
      (r: Route): Route => ({
        ...r,
        response: async (req) => {
          const res = typeof r.response === 'function' ? await r.response(req) : r.response;
          return when(req) ? { ...res, fault: { kind: 'latency', ms } } : res;
        },
      });
    // The X profile (an operation, read through the pipeline): slower than the operation deadline.
    // A website page (no operation: the lookup's own fetch, under DISCOVERY_FETCH_TIMEOUT_MS):
    // longer than the deadline too, and read whole (the lookup itself is not cut at it).
    const routes = demoRoutes();
    const xProfile = routes.filter((r) => r.host === 'x.com' && String(r.path).includes('UserByScreenName'));
    const site = routes.filter((r) => r.host === 'talaokafor.com');
    expect(xProfile).toHaveLength(1);
    expect(site).toHaveLength(1);
    h.replay.add(slowly(LOOKUP_DEADLINE_MS + 3_500)(xProfile[0]));
    h.replay.add(slowly(LOOKUP_DEADLINE_MS + 500, (req) => req.path === '/about')(site[0]));
    const started = Date.now();
    const waited0 = runQueueWaitMs();
    const r = await h.rest('/v1/find-social-profiles?platform=social-b&handle=tala.draws', { key });
    const took = Date.now() - started;
    // The gateway runs on this thread: the time it waited for a core while other processes had
    // them is not the lookup's (7,503 ms against the 7,500 ms bound on a loaded machine, X not read).
    const ownMs = took - (runQueueWaitMs() - waited0);
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(10);
    expect(r.body.partial).toBe(true);
    expect(r.body.profiles.map((p: any) => p.url)).not.toContain('https://x.com/TalaDraws');
    expect(r.body.failed_website_urls).toEqual([]);
    // Past the operation deadline (the website's page), well before the X read would have ended.
    expect(took).toBeGreaterThanOrEqual(LOOKUP_DEADLINE_MS);
    expect(ownMs).toBeLessThan(LOOKUP_DEADLINE_MS + 3_500);
    expect(await h.balance(id)).toBe(90);
  });
});
