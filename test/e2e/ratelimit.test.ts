/**
 * Rate limits per API key through the gateway (embedded store, in-memory buckets): 429
 * RATE_LIMITED with Retry-After and 0 credits, checked right after the key (401 first) and
 * before the input (400 after), on REST and GraphQL — the fast path and yoga alike —
 * introspection not counted; the default from RATE_LIMIT_RPS / RATE_LIMIT_BURST and a key's
 * own limit from the ledger (`keys set-rate`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../src/ratelimit/limiter.js';
import { repoRoute } from '../data.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const REPO = '/v1/code/repository?url=https%3A%2F%2Fgithub.com%2Focto%2Fkit';
const QUERY = '{ codeRepository(url: "https://github.com/octo/kit") { fullName } }';

// 1 request per 100 s, on a stopped clock: no token comes back during a test, and an empty
// bucket's Retry-After is exactly 100 s however long the requests take on a loaded machine.
const SLOW = { RATE_LIMIT_RPS: '0.01', RATE_LIMIT_BURST: '2' };
const stopped = () => ({ rateLimiter: createMemoryRateLimiter(() => 0) });

let h: Harness;
let yoga: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [repoRoute('octo', 'kit')], env: SLOW, deps: stopped() });
  yoga = await startHarness({ routes: [repoRoute('octo', 'kit')], env: { ...SLOW, GRAPHQL_FAST_PATH: '0' }, deps: stopped() });
});
afterAll(async () => {
  await h.close();
  await yoga.close();
});

describe('REST', () => {
  it('the burst passes, then 429 RATE_LIMITED with Retry-After, at 0 credits', async () => {
    const { key, id } = await h.key(10);
    expect((await h.rest(REPO, { key })).status).toBe(200);
    expect((await h.rest(`${REPO}&cache_max_age=1d`, { key })).status).toBe(200); // a cache hit takes a token too
    const r = await h.rest(REPO, { key, raw: true });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('100');
    // The key's policy beside Retry-After: 2 requests per 200 s window (burst 2 at 0.01 rps).
    expect(
      Object.fromEntries(
        ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy'].map((k) => [k, r.headers.get(k)]),
      ),
    ).toEqual({
      'ratelimit-limit': '2',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '100',
      'ratelimit-policy': '2;w=200',
    });
    expect(r.body).toEqual({
      success: false,
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/0\.01 requests per second \(burst 2\); retry in 100 s/),
        request_id: r.headers.get('x-request-id'),
      },
    });
    expect(await h.balance(id)).toBe(9);
  });

  it('401 comes first; 429 comes before 400 (the input is not looked at)', async () => {
    const { key } = await h.key(10);
    expect((await h.rest(REPO, { key: 'cl_unknown' })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await h.rest('/v1/code/repository', { key })).status).toBe(400);
    const r = await h.rest('/v1/code/repository', { key });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('RATE_LIMITED');
  });

  it("a key's own limit (ledger) replaces the default; rps 0 exempts the key; keys do not share buckets", async () => {
    const roomy = await h.key(20);
    await h.deps.ledger.setRateLimit(roomy.id, { rps: 0.01, burst: 5 });
    const exempt = await h.key(20);
    await h.deps.ledger.setRateLimit(exempt.id, { rps: 0, burst: 1 });
    const plain = await h.key(20);
    const statuses = async (key: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await h.rest(`${REPO}&cache_max_age=1d`, { key })).status);
      return out;
    };
    expect(await statuses(roomy.key, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await statuses(exempt.key, 8)).toEqual(Array(8).fill(200));
    expect(await statuses(plain.key, 3)).toEqual([200, 200, 429]);
    // Back to the default.
    await h.deps.ledger.setRateLimit(exempt.id, null);
    expect(await statuses(exempt.key, 3)).toEqual([200, 200, 429]);
  });
});

describe.each([
  ['fast path', () => h],
  ['yoga', () => yoga],
])('GraphQL (%s)', (_name, gw) => {
  it('429 RATE_LIMITED with Retry-After, at 0 credits; introspection is not counted', async () => {
    const g = gw();
    const { key, id } = await g.key(10);
    for (let i = 0; i < 3; i++) expect((await g.gql('{ __schema { queryType { name } } }', { key })).status).toBe(200);
    expect((await g.gql(QUERY, { key })).body.data.codeRepository.fullName).toBe('octo/kit');
    expect((await g.gql(QUERY, { key })).status).toBe(200);
    const r = await g.gql(QUERY, { key, raw: true });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('100');
    expect(r.headers.get('ratelimit-limit')).toBe('2');
    expect(r.headers.get('ratelimit-reset')).toBe('100');
    expect(r.body.errors).toEqual([
      {
        message: expect.stringMatching(/Rate limit exceeded/),
        extensions: { code: 'RATE_LIMITED', request_id: r.headers.get('x-request-id') },
      },
    ]);
    expect(r.body.data).toBeUndefined();
    expect(await g.balance(id)).toBe(8);
  });

  it('a missing key is still 401 (not 429)', async () => {
    expect((await gw().gql(QUERY)).status).toBe(401);
  });
});

describe('without a default', () => {
  it('nothing is limited unless the key has its own limit', async () => {
    const free = await startHarness({ routes: [repoRoute('octo', 'kit')], deps: stopped() });
    try {
      const { key, id } = await free.key(5);
      for (let i = 0; i < 10; i++) expect((await free.rest(`${REPO}&cache_max_age=1d`, { key })).status).toBe(200);
      await free.deps.ledger.setRateLimit(id, { rps: 0.01, burst: 1 });
      expect((await free.rest(`${REPO}&cache_max_age=1d`, { key })).status).toBe(200);
      expect((await free.rest(`${REPO}&cache_max_age=1d`, { key })).status).toBe(429);
    } finally {
      await free.close();
    }
  });
});
