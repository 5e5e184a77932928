/**
 * SSRF refusals and upstream faults through the whole gateway (REST → the pipeline →
 * platform fetch → upstream client → replay server): each ends in the documented error body and
 * status, costs 0 credits, and returns in bounded time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const REPO_PATH = `/v1/code/repository?url=${encodeURIComponent('https://github.com/octo/hello')}`;
const SEARCH_PATH = '/v1/websearch/search?query=x';
const CREDITS = 100;

const repoRoute = (response: Route['response']): Route => ({ host: 'api.github.com', path: '/repos/octo/hello', response });
const searchRoute = (response: Route['response']): Route => ({ host: 'www.google.com', path: '/search', response });

/** A plausible api.github.com repository answer, for the "it does work otherwise" control. */
const REPO_JSON = JSON.stringify({
  id: 1,
  node_id: 'R_1',
  name: 'hello',
  full_name: 'octo/hello',
  private: false,
  owner: {
    login: 'octo',
    id: 2,
    type: 'User',
    avatar_url: 'https://avatars.githubusercontent.com/u/2',
    html_url: 'https://github.com/octo',
  },
  html_url: 'https://github.com/octo/hello',
  description: 'hi',
  fork: false,
  created_at: '2020-01-01T00:00:00Z',
  updated_at: '2020-01-02T00:00:00Z',
  pushed_at: '2020-01-03T00:00:00Z',
  homepage: null,
  size: 1,
  stargazers_count: 3,
  watchers_count: 3,
  language: 'Go',
  forks_count: 0,
  open_issues_count: 0,
  default_branch: 'main',
  topics: [],
  visibility: 'public',
  archived: false,
  disabled: false,
  license: null,
  subscribers_count: 1,
  network_count: 0,
});

const CAPTCHA_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sorry...</title></head>
<body><div id="main"><p>Our systems have detected unusual traffic from your computer network.</p>
<form id="captcha-form" action="/sorry/index" method="post"><input type="hidden" name="q" value="abc"><input type="submit"></form>
</div></body></html>`;

/** Asserts the api.md error envelope and returns the code. */
function expectErrorBody(body: any, code: string): void {
  expect(body).toEqual({ success: false, error: expect.objectContaining({ code, message: expect.any(String) }) });
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(Object.keys(body.error).sort()).toEqual(body.error.details ? ['code', 'details', 'message'] : ['code', 'message']);
}

async function timedRest(h: Harness, path: string, key: string) {
  const t0 = Date.now();
  const res = await h.rest(path, { key });
  return { ...res, ms: Date.now() - t0 };
}

describe('SSRF and upstream faults through the gateway (replay mode)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());
  afterEach(() => h.replay.reset());

  it('control: a healthy upstream answers 200 and costs 1 credit', async () => {
    h.replay.add(repoRoute({ headers: { 'content-type': 'application/json' }, body: REPO_JSON }));
    const { key, id } = await h.key(CREDITS);
    const res = await h.rest(REPO_PATH, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(await h.balance(id)).toBe(CREDITS - 1);
  });

  it.each(['http://127.0.0.1:1/', 'http://169.254.169.254/latest/meta-data/', 'http://localhost/x', '/../../../127.0.0.1'])(
    'an upstream redirect to %s → 502 UPSTREAM_FAILED, 0 credits, nothing sent there',
    async (location) => {
      h.replay.add(repoRoute({ status: 302, headers: { location } }));
      const { key, id } = await h.key(CREDITS);
      const res = await timedRest(h, REPO_PATH, key);
      if (location.startsWith('/')) {
        // a relative Location stays on api.github.com: routed through replay again (no route: 404 → NOT_FOUND)
        expect(h.replay.hits().map((x) => x.host)).toEqual(['api.github.com', 'api.github.com']);
        expect(res.status).toBe(404);
        expectErrorBody(res.body, 'NOT_FOUND');
      } else {
        expect(res.status).toBe(502);
        expectErrorBody(res.body, 'UPSTREAM_FAILED');
        expect(h.replay.hits().map((x) => x.host)).toEqual(['api.github.com']);
      }
      expect(await h.balance(id)).toBe(CREDITS);
      expect(res.ms).toBeLessThan(10_000);
    },
  );

  it('the user URL must be a github.com repository URL: internal URLs are 400 before anything is sent', async () => {
    const { key, id } = await h.key(CREDITS);
    for (const url of [
      'http://127.0.0.1/octo/hello',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost/octo/hello',
      'file:///etc/passwd',
    ]) {
      const res = await h.rest(`/v1/code/repository?url=${encodeURIComponent(url)}`, { key });
      expect(res.status).toBe(400);
      expectErrorBody(res.body, 'INVALID_INPUT');
      expect(res.body.error.details).toEqual([expect.objectContaining({ param: 'url' })]);
    }
    expect(h.replay.hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(CREDITS);
  });

  describe('faults', () => {
    const cases: { name: string; path: string; route: Route; status: number; code: string; minHits?: number }[] = [
      {
        name: 'timeout',
        path: REPO_PATH,
        route: repoRoute({ body: REPO_JSON, fault: { kind: 'timeout' } }),
        status: 504,
        code: 'UPSTREAM_TIMEOUT',
      },
      {
        name: 'reset storm',
        path: REPO_PATH,
        route: repoRoute({ body: REPO_JSON, fault: { kind: 'reset' } }),
        status: 502,
        code: 'UPSTREAM_FAILED',
        minHits: 2,
      },
      {
        name: '429 storm',
        path: REPO_PATH,
        route: repoRoute({ body: REPO_JSON, fault: { kind: 'status', status: 429, headers: { 'retry-after': '0' } } }),
        status: 502,
        code: 'UPSTREAM_BLOCKED',
        minHits: 2,
      },
      {
        name: '403 with the rate limit spent',
        path: REPO_PATH,
        route: repoRoute({
          fault: { kind: 'status', status: 403, headers: { 'x-ratelimit-remaining': '0' }, body: '{"message":"API rate limit exceeded"}' },
        }),
        status: 502,
        code: 'UPSTREAM_BLOCKED',
      },
      {
        name: '503 storm',
        path: REPO_PATH,
        route: repoRoute({ fault: { kind: 'status', status: 503 } }),
        status: 502,
        code: 'UPSTREAM_FAILED',
        minHits: 2,
      },
      {
        name: 'truncated body',
        path: REPO_PATH,
        route: repoRoute({ headers: { 'content-type': 'application/json' }, body: REPO_JSON, fault: { kind: 'truncate', bytes: 40 } }),
        status: 502,
        code: 'UPSTREAM_FAILED',
        minHits: 2,
      },
      {
        name: 'slow body past the body timeout',
        path: REPO_PATH,
        route: repoRoute({
          headers: { 'content-type': 'application/json' },
          body: REPO_JSON,
          fault: { kind: 'slowBody', chunkBytes: 200, intervalMs: 2_500 },
        }),
        status: 504,
        code: 'UPSTREAM_TIMEOUT',
      },
      {
        name: 'invalid JSON',
        path: REPO_PATH,
        route: repoRoute({ headers: { 'content-type': 'application/json' }, body: '<html>oops</html>' }),
        status: 502,
        code: 'UPSTREAM_FAILED',
      },
      {
        name: 'websearch challenge page (200 "Sorry...")',
        path: SEARCH_PATH,
        route: searchRoute({ body: CAPTCHA_PAGE }),
        status: 502,
        code: 'UPSTREAM_BLOCKED',
      },
      {
        name: 'websearch challenge page answered 429',
        path: SEARCH_PATH,
        route: searchRoute({ status: 429, body: CAPTCHA_PAGE }),
        status: 502,
        code: 'UPSTREAM_BLOCKED',
      },
      {
        name: 'websearch timeout',
        path: SEARCH_PATH,
        route: searchRoute({ body: CAPTCHA_PAGE, fault: { kind: 'timeout' } }),
        status: 504,
        code: 'UPSTREAM_TIMEOUT',
      },
    ];

    it.each(cases)('$name → $status $code, 0 credits, bounded time', async ({ path, route, status, code, minHits }) => {
      h.replay.add(route);
      const { key, id } = await h.key(CREDITS);
      const res = await timedRest(h, path, key);
      expect(res.status).toBe(status);
      expectErrorBody(res.body, code);
      expect(await h.balance(id)).toBe(CREDITS);
      // UPSTREAM_TOTAL_TIMEOUT_MS is 3 s in the harness: never a hung request
      expect(res.ms).toBeLessThan(10_000);
      expect(h.replay.hits().length).toBeGreaterThanOrEqual(minHits ?? 1);
      expect(h.replay.hits().length).toBeLessThanOrEqual(2); // UPSTREAM_RETRIES=1 in the harness
    });

    it('a failed fetch is not cached: the next request goes upstream again and succeeds', async () => {
      h.replay.add(
        repoRoute({
          headers: { 'content-type': 'application/json' },
          body: REPO_JSON,
          fault: { kind: 'sequence', faults: [{ kind: 'reset' }, { kind: 'reset' }, null] },
        }),
      );
      const { key, id } = await h.key(CREDITS);
      const first = await h.rest(REPO_PATH, { key });
      expect(first.status).toBe(502);
      expect(await h.balance(id)).toBe(CREDITS);
      const second = await h.rest(REPO_PATH, { key });
      expect(second.status).toBe(200);
      expect(await h.balance(id)).toBe(CREDITS - 1);
      expect(h.replay.hits()).toHaveLength(3);
    });
  });
});

describe('SSRF through the gateway with a resolver that maps every name to a private address', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ resolver: async () => ['192.168.1.10'] });
  });
  afterAll(() => h?.close());

  it('code/repository: the upstream URL (api.github.com) is built by us, not the caller → 502 UPSTREAM_FAILED, 0 credits, nothing sent', async () => {
    // fetchRepository passes no userParam: the caller's github.com URL is only parsed for
    // owner/repo, the request goes to https://api.github.com/repos/OWNER/REPO. A refusal of that
    // is the upstream's state (its name resolves privately), not bad input.
    h.replay.add(repoRoute({ headers: { 'content-type': 'application/json' }, body: REPO_JSON }));
    const { key, id } = await h.key(CREDITS);
    const res = await timedRest(h, REPO_PATH, key);
    expect(res.status).toBe(502);
    expectErrorBody(res.body, 'UPSTREAM_FAILED');
    expect(await h.balance(id)).toBe(CREDITS);
    expect(h.replay.hits()).toHaveLength(0);
    expect(res.ms).toBeLessThan(10_000);
  });

  it('GraphQL: the same refusal is a field error with code UPSTREAM_FAILED, charged 0', async () => {
    const { key, id } = await h.key(CREDITS);
    const res = await h.gql('{ codeRepository(url: "https://github.com/octo/hello") { __typename } }', { key });
    expect(res.status).toBe(200);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_FAILED');
    expect(await h.balance(id)).toBe(CREDITS);
    expect(h.replay.hits()).toHaveLength(0);
  });
});

describe('offline: a resolver that resolves no name at all (the README examples on a machine without network)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      resolver: async (host) => Promise.reject(Object.assign(new Error(`getaddrinfo EAI_AGAIN ${host}`), { code: 'EAI_AGAIN' })),
    });
  });
  afterAll(() => h?.close());

  it('code/repository → 502 UPSTREAM_FAILED worded as a DNS failure that points to `npm run demo`, 0 credits', async () => {
    const { key, id } = await h.key(CREDITS);
    const res = await timedRest(h, REPO_PATH, key);
    expect(res.status).toBe(502);
    expectErrorBody(res.body, 'UPSTREAM_FAILED');
    expect(res.body.error.message).toMatch(/could not resolve host api\.github\.com \(DNS EAI_AGAIN\); this machine seems to be offline/);
    expect(res.body.error.message).toContain('`npm run demo` serves demo data');
    expect(res.body.error.message).not.toMatch(/refused/);
    expect(await h.balance(id)).toBe(CREDITS);
    expect(h.replay.hits()).toHaveLength(0);
  });
});
