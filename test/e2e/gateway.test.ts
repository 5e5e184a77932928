/**
 * The gateway end to end over real HTTP on loopback: gateway + replay upstream, the project's
 * own upstream bodies (test/data.ts). Auth, credits, cache, single-flight, input validation,
 * REST/GraphQL parity, OpenAPI.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseRepository } from '../../src/platforms/code/parse.js';
import { allOperations, modules } from '../../src/gateway.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { repoJson, searchHtml, TRENDING_ROUTE } from '../data.js';

let h: Harness;

const anyRepoRoute = {
  host: 'api.github.com',
  path: /^\/repos\/[^/]+\/[^/]+$/,
  response: (req: { path: string }) => {
    const [, , owner, repo] = req.path.split('/');
    return { headers: { 'content-type': 'application/json' }, body: repoJson(owner, repo) };
  },
};

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(anyRepoRoute);
  h.replay.add(TRENDING_ROUTE);
  h.replay.add({
    host: 'api.github.com',
    path: '/repos/ghost/missing',
    response: { status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' },
  });
});

const repoPath = (owner = 'octo', repo = 'kit') => `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${owner}/${repo}`)}`;
const upstreamHits = () =>
  h.replay.hits().filter((r) => r.host === 'api.github.com' || r.host === 'github.com' || r.host === 'www.google.com').length;

describe('auth', () => {
  it('REST: missing, unknown and revoked keys are 401 with a JSON error', async () => {
    const missing = await h.rest(repoPath());
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: expect.stringContaining('x-api-key') } });
    const unknown = await h.rest(repoPath(), { key: 'cl_not-a-real-key' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('UNAUTHORIZED');
    const { key, id } = await h.key(5);
    await h.deps.ledger.revokeKey(id);
    const revoked = await h.rest(repoPath(), { key });
    expect(revoked.status).toBe(401);
    expect(upstreamHits()).toBe(0);
  });

  it('a key revoked between its authentication and its reservation is 401, never 402; nothing fetched or charged', async () => {
    const ledger = h.deps.ledger;
    const authenticate = ledger.authenticate;
    const rest = await h.key(5);
    const gql = await h.key(5);
    // Each key is revoked right after it is authenticated: its reservation comes after the revocation.
    ledger.authenticate = async (raw) => {
      const k = await authenticate.call(ledger, raw);
      if (k) await ledger.revokeKey(k.id);
      return k;
    };
    try {
      const r = await h.rest(repoPath('revoked', 'meanwhile'), { key: rest.key });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: 'Unknown or revoked API key' } });
      const g = await h.gql('{ codeRepository(url: "https://github.com/revoked/meanwhile") { fullName } }', { key: gql.key });
      expect(g.status).toBe(401);
      expect(g.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    } finally {
      ledger.authenticate = authenticate;
    }
    expect(upstreamHits()).toBe(0);
    expect([await h.balance(rest.id), await h.balance(gql.id)]).toEqual([5, 5]);
  });

  it('GraphQL: an operation without a valid key is HTTP 401; introspection needs none', async () => {
    const r = await h.gql('{ codeRepository(url: "https://github.com/octo/kit") { fullName } }');
    expect(r.status).toBe(401);
    expect(r.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const bad = await h.gql('{ codeRepository(url: "https://github.com/octo/kit") { fullName } }', { key: 'nope' });
    expect(bad.status).toBe(401);
    const intro = await h.gql('{ __schema { queryType { name } } }');
    expect(intro.status).toBe(200);
    expect(intro.body.data.__schema.queryType.name).toBe('Query');
    expect(upstreamHits()).toBe(0);
  });

  it('GraphiQL loads without a key and from this server only (no CDN)', async () => {
    const res = await fetch(`${h.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.toLowerCase()).toContain('graphiql');
    expect(html).not.toMatch(/unpkg\.com|jsdelivr\.net|cdnjs/);
  });
});

describe('credits', () => {
  it('charges 1 for a live result and reports the envelope in api.md order, without cache keys', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(repoPath(), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).slice(0, 4)).toEqual(['success', 'credits_remaining', 'credits_charged', 'repository']);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1 });
    expect(r.body).not.toHaveProperty('cached');
    expect(r.body).not.toHaveProperty('cached_at');
    expect(r.body.repository).toMatchObject({ full_name: 'octo/kit', stars_count: 42, url: 'https://github.com/octo/kit' });
    expect(await h.balance(id)).toBe(9);
    expect(await h.deps.ledger.totalCharged(id)).toBe(1);
  });

  it('an upstream 404 is NOT_FOUND and costs nothing', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(repoPath('ghost', 'missing'), { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(3);
  });

  it('402 INSUFFICIENT_CREDITS before anything is fetched', async () => {
    const { key, id } = await h.key(0);
    const r = await h.rest(repoPath(), { key });
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe('INSUFFICIENT_CREDITS');
    expect(upstreamHits()).toBe(0);
    expect(await h.balance(id)).toBe(0);
  });

  it('50 concurrent requests against a balance covering 10: exactly 10 succeed, balance ends at 0', async () => {
    h.replay.add({
      ...anyRepoRoute,
      response: (req) => ({ ...(anyRepoRoute.response(req) as object), fault: { kind: 'latency', ms: 30 } }),
    });
    const { key, id } = await h.key(10);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => h.rest(repoPath('octo', `repo${i}`), { key })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(40);
    expect(await h.balance(id)).toBe(0);
    expect(await h.deps.ledger.totalCharged(id)).toBe(10);
    expect(ok.reduce((s, r) => s + r.body.credits_charged, 0)).toBe(10);
    // Refused requests fetched nothing.
    expect(h.replay.hits({ host: 'api.github.com' })).toHaveLength(10);
  });

  it('GraphQL: each root field is charged (aliases included), errors cost 0, accounting in extensions.credits', async () => {
    const { key, id } = await h.key(10);
    const r = await h.gql(
      `{ a: codeRepository(url: "https://github.com/octo/same") { fullName }
         b: codeRepository(url: "https://github.com/octo/same") { starsCount }
         gone: codeRepository(url: "https://github.com/ghost/missing") { fullName }
         bad: codeRepository(url: "https://gitlab.com/x/y") { fullName } }`,
      { key },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.a.fullName).toBe('octo/same');
    expect(r.body.data.b.starsCount).toBe(42);
    expect(r.body.data.gone).toBeNull();
    const codes = Object.fromEntries(r.body.errors.map((e: any) => [e.path[0], e.extensions.code]));
    expect(codes).toEqual({ gone: 'NOT_FOUND', bad: 'INVALID_INPUT' });
    const credits = r.body.extensions.credits;
    expect(credits.charged).toBe(2);
    expect(credits.remaining).toBe(8);
    expect(credits.fields).toEqual([
      { path: 'a', charged: 1, cached: false, cached_at: null },
      { path: 'b', charged: 1, cached: false, cached_at: null },
      { path: 'gone', charged: 0, cached: false, cached_at: null },
      { path: 'bad', charged: 0, cached: false, cached_at: null },
    ]);
    // Duplicate fields share one upstream fetch.
    expect(h.replay.hits({ host: 'api.github.com', path: '/repos/octo/same' })).toHaveLength(1);
    expect(await h.balance(id)).toBe(8);
  });

  it('GraphQL: a reservation that cannot cover every root field is HTTP 402 and fetches nothing', async () => {
    const { key, id } = await h.key(2);
    const r = await h.gql(
      '{ a: codeRepository(url: "https://github.com/o/a") { id } b: codeRepository(url: "https://github.com/o/b") { id } c: codeRepository(url: "https://github.com/o/c") { id } }',
      { key },
    );
    expect(r.status).toBe(402);
    expect(r.body.errors[0].extensions.code).toBe('INSUFFICIENT_CREDITS');
    expect(upstreamHits()).toBe(0);
    expect(await h.balance(id)).toBe(2);
  });

  it('GraphQL: more than 25 root fields is refused before any work', async () => {
    const { key, id } = await h.key(100);
    const fields = Array.from({ length: 26 }, (_, i) => `f${i}: codeRepository(url: "https://github.com/o/r${i}") { id }`).join(' ');
    const r = await h.gql(`{ ${fields} }`, { key });
    expect(r.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(r.body.errors[0].message).toMatch(/at most 25 root fields/);
    expect(upstreamHits()).toBe(0);
    expect(await h.balance(id)).toBe(100);
  });
});

describe('cache', () => {
  it('cache_max_age serves a stored result at 0 credits with cached_at; without it, a live fetch is charged', async () => {
    const { key, id } = await h.key(10);
    const live = await h.rest(repoPath('cachey', 'one'), { key });
    expect(live.body.credits_charged).toBe(1);
    const hit = await h.rest(`${repoPath('cachey', 'one')}&cache_max_age=1d`, { key });
    expect(hit.status).toBe(200);
    expect(hit.body).toMatchObject({ success: true, credits_charged: 0, credits_remaining: 9, cached: true });
    expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Object.keys(hit.body).slice(0, 5)).toEqual(['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at']);
    expect(hit.body.repository).toEqual(live.body.repository);
    const again = await h.rest(repoPath('cachey', 'one'), { key });
    expect(again.body.credits_charged).toBe(1);
    expect(again.body).not.toHaveProperty('cached');
    expect(h.replay.hits({ host: 'api.github.com' })).toHaveLength(2);
    expect(await h.balance(id)).toBe(8);
  });

  it('a hit is served even at 0 balance; an entry older than cache_max_age is fetched live', async () => {
    const { key, id } = await h.key(1);
    await h.rest(repoPath('cachey', 'two'), { key });
    expect(await h.balance(id)).toBe(0);
    const hit = await h.rest(`${repoPath('cachey', 'two')}&cache_max_age=30d`, { key });
    expect(hit.status).toBe(200);
    expect(hit.body.cached).toBe(true);

    // An entry fetched two days ago (a record, as the gateway caches it): too old for 1d, fine for 3d.
    const entry = parseRepository(JSON.parse(repoJson('old', 'entry'))).repository;
    const twoDaysAgo = Date.now() - 2 * 24 * 3600 * 1000;
    await h.deps.cache.set('codeRepository:old/entry', { value: entry, fetchedAt: twoDaysAgo });
    const k2 = await h.key(5);
    const stale = await h.rest(`${repoPath('old', 'entry')}&cache_max_age=1d`, { key: k2.key });
    expect(stale.body.credits_charged).toBe(1);
    expect(stale.body).not.toHaveProperty('cached');
    await h.deps.cache.set('codeRepository:old/entry', { value: entry, fetchedAt: twoDaysAgo });
    const fresh = await h.rest(`${repoPath('old', 'entry')}&cache_max_age=3d`, { key: k2.key });
    expect(fresh.body).toMatchObject({ cached: true, credits_charged: 0, cached_at: new Date(twoDaysAgo).toISOString() });
  });

  it('keys are canonical: URL spelling variants share one entry', async () => {
    const { key } = await h.key(5);
    await h.rest(repoPath('Canon', 'Repo'), { key });
    const variant = await h.rest(`/v1/code/repository?url=${encodeURIComponent('https://www.github.com/canon/repo/')}&cache_max_age=1d`, {
      key,
    });
    expect(variant.body.cached).toBe(true);
  });

  it('an invalid cache_max_age is 400 naming it, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    // Names an object inherits (an outside sweep: `toString` was accepted and charged) are no value.
    for (const bad of ['2d', 'toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const r = await h.rest(`${repoPath()}&cache_max_age=${bad}`, { key });
      expect(r.status, bad).toBe(400);
      expect(r.body.error.details).toEqual([{ param: 'cache_max_age', message: expect.stringContaining('1d') }]);
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('a parameter whose percent-encoding is not UTF-8 is 400 naming it, at 0 credits (it was searched for as U+FFFD and charged)', async () => {
    const { key, id } = await h.key(5);
    for (const path of ['/v1/code/repository?url=https%3A%2F%2Fgithub.com%2Focto%2Fk%FFt', '/v1/websearch/search?query=caf%E9']) {
      const r = await h.rest(path, { key });
      expect(r.status, path).toBe(400);
      expect(r.body.error.details[0]).toMatchObject({ message: expect.stringContaining('valid UTF-8') });
    }
    expect(await h.balance(id)).toBe(5);
    expect(upstreamHits()).toBe(0);
  });

  it('100 concurrent identical live requests make one upstream fetch; each pays the live price', async () => {
    // The upstream answers once all 100 have reserved their credits (the balance is 0), the step
    // before the live fetch: on a loaded machine a fixed latency ended the fetch before the last
    // requests arrived, and a request after it is a live request of its own (no cache_max_age).
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    h.replay.add({
      ...anyRepoRoute,
      response: async (req) => {
        await gate;
        return anyRepoRoute.response(req);
      },
    });
    const { key, id } = await h.key(100);
    const pending = Promise.all(Array.from({ length: 100 }, () => h.rest(repoPath('flight', 'single'), { key })));
    while ((await h.balance(id)) > 0) await new Promise((r) => setTimeout(r, 10));
    setTimeout(open, 50);
    const results = await pending;
    expect(results.every((r) => r.status === 200 && r.body.repository.full_name === 'flight/single')).toBe(true);
    expect(h.replay.hits({ host: 'api.github.com', path: '/repos/flight/single' })).toHaveLength(1);
    expect(await h.balance(id)).toBe(0);
  });
});

describe('input validation: 400 with the parameter named, 0 credits, nothing fetched', () => {
  const cases: [string, string, string][] = [
    ['missing url', '/v1/code/repository', 'url'],
    ['wrong host', `/v1/code/repository?url=${encodeURIComponent('https://gitlab.com/a/b')}`, 'url'],
    ['not a URL', '/v1/code/repository?url=hello', 'url'],
    ['IP literal', `/v1/code/repository?url=${encodeURIComponent('http://127.0.0.1/a/b')}`, 'url'],
    ['over-long url', `/v1/code/repository?url=https://github.com/a/${'b'.repeat(3000)}`, 'url'],
    ['unknown enum value', '/v1/code/trending/developers?since=yearly', 'since'],
    ['bad language', '/v1/code/trending/developers?language=%3Cscript%3E', 'language'],
    ['missing query', '/v1/websearch/search', 'query'],
    ['page 12', '/v1/websearch/search?query=x&page=12', 'page'],
    ['page 0', '/v1/websearch/search?query=x&page=0', 'page'],
    ['page not a number', '/v1/websearch/search?query=x&page=two', 'page'],
    ['region not 2 letters', '/v1/websearch/search?query=x&region=USA', 'region'],
    ['bad date_posted', '/v1/websearch/search?query=x&date_posted=yesterday', 'date_posted'],
    ['over-long query', `/v1/websearch/search?query=${'q'.repeat(600)}`, 'query'],
    ['duplicated param', '/v1/websearch/search?query=a&query=b', 'query'],
  ];
  it.each(cases)('%s', async (_name, path, param) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param)).toContain(param);
    expect(await h.balance(id)).toBe(5);
    expect(upstreamHits()).toBe(0);
  });

  it('unknown parameters are ignored', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(`${repoPath()}&utm_source=legacy`, { key });
    expect(r.status).toBe(200);
  });

  it('GraphQL reports invalid arguments as a field error with the argument named, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql('{ websearchSearch(query: "x", page: 12) { results { url } } }', { key });
    expect(r.status).toBe(200);
    expect(r.body.errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'page', message: expect.any(String) }] });
    expect(r.body.extensions.credits.charged).toBe(0);
    expect(await h.balance(id)).toBe(5);
  });

  it('unknown routes are a JSON 404', async () => {
    const r = await h.rest('/v1/nope', { key: 'x' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });
});

describe('REST and GraphQL return the same data', () => {
  it('repository', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(repoPath('same', 'data'), { key });
    const gql = await h.gql(
      '{ codeRepository(url: "https://github.com/same/data") { json starsCount fullName owner { login url } license { spdxId } } }',
      {
        key,
      },
    );
    expect(gql.body.data.codeRepository.json).toEqual(rest.body.repository);
    expect(gql.body.data.codeRepository).toMatchObject({
      starsCount: rest.body.repository.stars_count,
      fullName: rest.body.repository.full_name,
      owner: { login: rest.body.repository.owner.login, url: rest.body.repository.owner.url },
      license: { spdxId: 'MIT' },
    });
  });

  it('a record with text outside ASCII is sent whole, live and from the cache (content-length counts bytes)', async () => {
    const description = 'Café ☕ — 日本語の説明 🎉';
    h.replay.add({
      host: 'api.github.com',
      path: '/repos/utf/eight',
      response: { headers: { 'content-type': 'application/json' }, body: repoJson('utf', 'eight', { description }) },
    });
    const { key } = await h.key(5);
    for (const path of [
      repoPath('utf', 'eight'),
      `${repoPath('utf', 'eight')}&cache_max_age=1d`,
      `${repoPath('utf', 'eight')}&cache_max_age=1d`,
    ]) {
      const res = await fetch(h.url + path, { headers: { 'x-api-key': key } });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      expect((JSON.parse(bytes.toString('utf8')) as { repository: { description: string } }).repository.description).toBe(description);
    }
  });

  it('trending developers', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest('/v1/code/trending/developers?since=weekly&language=TypeScript', { key });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ since: 'weekly', language: 'typescript' });
    expect(rest.body.developers[0]).toMatchObject({
      rank: 1,
      username: 'ada-l',
      name: 'Ada L.',
      popular_repository: { full_name: 'ada-l/engine' },
    });
    expect(rest.body.developers[1].popular_repository).toBeNull();
    expect(h.replay.hits({ host: 'github.com' })[0].path).toBe('/trending/developers/typescript');
    const gql = await h.gql(
      '{ codeTrendingDevelopers(since: WEEKLY, language: "typescript", cacheMaxAge: "1d") { json developers { username popularRepository { fullName } } } }',
      { key },
    );
    const { json, developers } = gql.body.data.codeTrendingDevelopers;
    expect(json).toEqual({ since: rest.body.since, language: rest.body.language, developers: rest.body.developers });
    expect(developers.map((d: { username: string }) => d.username)).toEqual(['ada-l', 'grace']);
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
  });

  it('web search', async () => {
    h.replay.add({
      host: 'www.google.com',
      path: '/search',
      query: { q: 'creator lookup', start: '20', gl: 'gb' },
      response: { body: searchHtml([{ url: 'https://example.org/a?x=1&y=2', title: 'Example A', snippet: 'First snippet' }]) },
    });
    const { key } = await h.key(5);
    const rest = await h.rest('/v1/websearch/search?query=creator%20lookup&page=3&region=gb', { key });
    expect(rest.status).toBe(200);
    expect(rest.body.results).toEqual([{ url: 'https://example.org/a?x=1&y=2', title: 'Example A', description: 'First snippet' }]);
    const gql = await h.gql(
      '{ websearchSearch(query: "creator lookup", page: 3, region: "GB", cacheMaxAge: "1d") { results { url title description } } }',
      {
        key,
      },
    );
    expect(gql.body.data.websearchSearch.results).toEqual(rest.body.results);
  });
});

describe('OpenAPI', () => {
  it('is a valid OpenAPI 3.1 document covering every /v1 route', async () => {
    const r = await h.rest('/openapi.json');
    expect(r.status).toBe(200);
    const result = await new Validator().validate(r.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(r.body.openapi).toBe('3.1.0');
    expect(r.body.info.version).toBe('1.0.0');
    // Every operation's route and every module route clients call (/v1/account, /v1/jobs…).
    const moduleDocs = modules.flatMap((m) =>
      m.routes.flatMap((x) => [...(x.openapi ? [x.path] : []), ...Object.keys(x.openapiPaths ?? {})]),
    );
    expect(Object.keys(r.body.paths).sort()).toEqual([...allOperations().map((op) => op.rest.path), ...moduleDocs].sort());
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(['/v1/account', '/v1/jobs', '/v1/jobs/{id}', '/v1/jobs/{id}/results', '/v1/jobs/estimate']),
    );
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(['/v1/code/repository', '/v1/code/trending/developers', '/v1/websearch/search']),
    );
    const params = r.body.paths['/v1/websearch/search'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(['query', 'region', 'date_posted', 'page', 'cache_max_age']);
  });

  it('health and readiness', async () => {
    expect((await h.rest('/healthz')).status).toBe(200);
    expect((await h.rest('/readyz')).body).toEqual({ status: 'ready' });
  });
});
