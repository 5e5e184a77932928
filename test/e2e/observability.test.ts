/**
 * Running it: request ids on every response and in every error, one access log line per request
 * (never the API key, whatever the log level), and /metrics (prom-client exposition) counting
 * requests, upstream outcomes, latency, cache hits, credits, single-flight joins, parser
 * warnings and rate limiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warn } from '../../src/observability/warn.js';
import { repoJson, repoRoute } from '../data.js';
import { CLOUDFLARE_CHALLENGE } from '../faults/pages.js';
import { captureLogs, startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const repoPath = (owner: string, repo: string, extra = '') =>
  `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${owner}/${repo}`)}${extra}`;

/** Every log line the gateway writes, parsed. */
function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelPart = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
    const have = labelPart ? labelPart.split(',') : [];
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('request ids', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ routes: [repoRoute('octo', 'kit')] });
  });
  afterAll(() => h.close());

  it('every response carries x-request-id: REST, GraphQL, errors, health, metrics, unknown paths', async () => {
    const { key } = await h.key(10);
    const responses = await Promise.all([
      fetch(h.url + repoPath('octo', 'kit'), { headers: { 'x-api-key': key } }),
      fetch(h.url + repoPath('octo', 'kit')),
      fetch(`${h.url}/v1/nope`),
      fetch(`${h.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ query: '{ codeRepository(url: "https://github.com/octo/kit") { fullName } }' }),
      }),
      fetch(`${h.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' }),
      fetch(`${h.url}/graphql?query=${encodeURIComponent('{ __typename }')}`),
      fetch(`${h.url}/healthz`),
      fetch(`${h.url}/readyz`),
      fetch(`${h.url}/metrics`),
      fetch(`${h.url}/v1/status`),
      fetch(`${h.url}/openapi.json`),
      fetch(`${h.url}/nothing-here`),
      fetch(`${h.url}/media/none.jpg`),
    ]);
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a sane x-request-id is kept and repeated in the error body; an odd one (or the caller's API key) is replaced", async () => {
    const { key } = await h.key(10);
    const kept = await h.rest('/v1/code/repository', {
      key,
      headers: { 'x-request-id': 'trace-0af7651916cd43dd8448eb211c80319c' },
      raw: true,
    });
    expect(kept.headers.get('x-request-id')).toBe('trace-0af7651916cd43dd8448eb211c80319c');
    expect(kept.body.error).toMatchObject({ code: 'INVALID_INPUT', request_id: 'trace-0af7651916cd43dd8448eb211c80319c' });
    for (const odd of ['has space', 'x'.repeat(129), 'quote"d', key]) {
      const r = await h.rest('/v1/code/repository', { key, headers: { 'x-request-id': odd }, raw: true });
      const id = r.headers.get('x-request-id');
      expect(id).not.toBe(odd);
      expect(r.body.error.request_id).toBe(id);
    }
  });

  it('an id holding a credential the request carries is replaced: the key within a longer id, the key as a bearer token (REST answers 401, and logs the id)', async () => {
    const { key } = await h.key(10);
    const cases: [Record<string, string>, string][] = [
      [{ 'x-api-key': key }, `trace-${key}`],
      [{ authorization: `Bearer ${key}` }, key],
      [{ authorization: `Bearer ${key}` }, `${key}.1`],
      [{ 'x-api-key': 'cl_not-this-one', authorization: `bearer ${key}` }, key],
    ];
    for (const [headers, odd] of cases) {
      const res = await fetch(`${h.url}/v1/account`, { headers: { ...headers, 'x-request-id': odd } });
      const id = res.headers.get('x-request-id')!;
      expect(id).not.toContain(key);
      expect((await res.json()).error?.request_id ?? id).toBe(id);
    }
  });

  it('an id shaped like an API key this gateway makes is replaced, whatever key the request carries (a key sent in the wrong header is not logged)', async () => {
    const { key } = await h.key(10);
    const { key: other } = await h.key(10);
    expect(key).toMatch(/^cl_[A-Za-z0-9_-]{43}$/);
    for (const headers of [{}, { 'x-api-key': other }, { 'x-api-key': 'cl_wrong' }] as Record<string, string>[]) {
      for (const odd of [key, `trace-${key}`]) {
        const res = await fetch(`${h.url}/v1/account`, { headers: { ...headers, 'x-request-id': odd } });
        const id = res.headers.get('x-request-id')!;
        expect(id, JSON.stringify(headers)).not.toContain(key);
        expect((await res.json()).error?.request_id ?? id).toBe(id);
      }
    }
    // Ids that merely start like one are kept.
    const kept = await fetch(`${h.url}/v1/account`, { headers: { 'x-request-id': 'cl_trace-42' } });
    expect(kept.headers.get('x-request-id')).toBe('cl_trace-42');
  });

  it('REST error bodies and GraphQL errors carry the id (fast path and yoga)', async () => {
    const missing = await h.rest(repoPath('octo', 'kit'), { raw: true });
    expect(missing.body).toEqual({
      success: false,
      error: { code: 'UNAUTHORIZED', message: expect.any(String), request_id: missing.headers.get('x-request-id') },
    });
    const { key } = await h.key(10);
    const gql = await h.gql('{ codeRepository(url: "not a url") { id } }', { key, raw: true, headers: { 'x-request-id': 'gql-1' } });
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', request_id: 'gql-1' });
    // yoga's own errors (a document that does not validate) carry it too.
    const invalid = await h.gql('{ nope }', { key, raw: true, headers: { 'x-request-id': 'gql-2' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', request_id: 'gql-2' });
  });

  it('a variable its definition refuses (wrong type, a required one missing) is 400 INVALID_INPUT, query or mutation, at 0 credits', async () => {
    const { key, id } = await h.key(10);
    const cases: [string, Record<string, unknown>][] = [
      ['query($u: String!) { codeRepository(url: $u) { fullName } }', {}],
      ['query($u: String!) { codeRepository(url: $u) { fullName } }', { u: { a: 1 } }],
      ['query($n: Int) { lookupJobs(limit: $n) { nextAfter } }', { n: '1e400' }],
      [
        'mutation($m: Int) { createLookupJob(operation: "/v1/code/repository", items: [{url: "https://github.com/a/b"}], maxCredits: $m) { id } }',
        { m: 'x' },
      ],
    ];
    for (const [query, variables] of cases) {
      const r = await h.gql(query, { key, variables, raw: true });
      expect(r.status, query).toBe(400);
      expect(r.body.errors[0].extensions, query).toMatchObject({ code: 'INVALID_INPUT', request_id: expect.any(String) });
    }
    expect(await h.balance(id)).toBe(10);
  });
});

describe('logs', () => {
  it('one access line per request (method, route, status, ms, key id) and the API key in no line, even at debug level', async () => {
    const logs = captureLogs();
    const routes = [repoRoute('octo', 'kit'), { host: 'api.github.com', path: '/repos/ghost/gone', response: { status: 404, body: '{}' } }];
    const fast = await startHarness({ routes, logger: logs.logger });
    const yoga = await startHarness({ routes, logger: logs.logger, env: { GRAPHQL_FAST_PATH: '0' } });
    try {
      const { key, id } = await fast.key(20);
      const y = await yoga.key(20);
      await fast.rest(repoPath('octo', 'kit'), { key, headers: { 'x-request-id': 'access-1' } });
      await fast.rest(repoPath('ghost', 'gone'), { key });
      await fast.rest('/v1/code/repository', { key });
      await fast.gql('{ codeRepository(url: "https://github.com/octo/kit") { fullName } }', {
        key,
        headers: { 'x-request-id': 'access-2' },
      });
      await yoga.gql('{ codeRepository(url: "https://github.com/octo/kit") { fullName } }', {
        key: y.key,
        headers: { 'x-request-id': 'access-3' },
      });
      await yoga.gql('query ($u: String!) { codeRepository(url: $u) { fullName } }', {
        key: y.key,
        variables: { u: 'https://github.com/ghost/gone' },
      });
      await fetch(`${fast.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { 'x-api-key': key } });
      await fetch(`${fast.url}/healthz`, { headers: { 'x-api-key': key, authorization: `Bearer ${key}` } });

      const lines = logs.lines();
      const access = lines.filter((l) => l.msg === 'request');
      expect(access.length).toBeGreaterThanOrEqual(8);
      expect(access.find((l) => l.req_id === 'access-1')).toMatchObject({
        method: 'GET',
        route: '/v1/code/repository',
        status: 200,
        key_id: id,
        ms: expect.any(Number),
      });
      expect(access.find((l) => l.req_id === 'access-2')).toMatchObject({ method: 'POST', route: '/graphql', status: 200, key_id: id });
      expect(access.find((l) => l.req_id === 'access-3')).toMatchObject({ method: 'POST', route: '/graphql', status: 200, key_id: y.id });
      expect(
        access
          .filter((l) => l.route === '/v1/code/repository')
          .map((l) => l.status)
          .sort(),
      ).toEqual([200, 400, 404]);
      expect(lines.some((l) => l.yoga !== undefined)).toBe(true); // yoga's debug lines are in there too
      const text = logs.text();
      expect(text).not.toContain(key);
      expect(text).not.toContain(y.key);
      expect(text).not.toContain(key.slice(3, 20));
    } finally {
      await fast.close();
      await yoga.close();
    }
  });
});

describe('/metrics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      routes: [
        repoRoute('octo', 'kit'),
        { host: 'api.github.com', path: '/repos/ghost/gone', response: { status: 404, body: '{}' } },
        { host: 'api.github.com', path: '/repos/walled/off', response: { status: 403, body: '{}' } },
        {
          host: 'api.github.com',
          path: '/repos/cf/front',
          response: { status: 503, headers: { 'content-type': 'text/html' }, body: CLOUDFLARE_CHALLENGE },
        },
        {
          host: 'api.github.com',
          path: '/repos/slow/join',
          response: {
            headers: { 'content-type': 'application/json' },
            body: repoJson('slow', 'join'),
            fault: { kind: 'latency', ms: 150 },
          },
        },
      ],
      env: { METRICS_TOKEN: 'metrics-secret' },
    });
  });
  afterAll(() => h.close());

  const scrape = async () => {
    const res = await fetch(`${h.url}/metrics`, { headers: { authorization: 'Bearer metrics-secret' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    expect((await fetch(`${h.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${h.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('counts requests, upstream outcomes, latency, cache, credits, joins, warnings and rate limiting', async () => {
    const before = await scrape();
    const { key, id } = await h.key(50);
    await h.rest(repoPath('octo', 'kit'), { key }); // live: charged 1
    await h.rest(repoPath('octo', 'kit', '&cache_max_age=7d'), { key }); // cache hit
    await h.rest(repoPath('ghost', 'gone', '&cache_max_age=7d'), { key }); // miss, not found: refunded
    await h.rest(repoPath('walled', 'off'), { key }); // blocked: refunded
    await Promise.all([h.rest(repoPath('slow', 'join'), { key }), h.rest(repoPath('slow', 'join'), { key })]); // one fetch, one join
    warn('code', 'repository.test_field', 'missing');
    warn('code', 'repository.test_field');
    await h.deps.ledger.setRateLimit(id, { rps: 0.01, burst: 1 });
    await h.rest(repoPath('octo', 'kit', '&cache_max_age=7d'), { key });
    expect((await h.rest(repoPath('octo', 'kit', '&cache_max_age=7d'), { key })).status).toBe(429);
    const text = await scrape();
    const delta = (name: string, labels?: Record<string, string>) => metricValue(text, name, labels) - metricValue(before, name, labels);

    expect(delta('cl_http_requests_total', { route: '/v1/code/repository', status: '200' })).toBe(5);
    expect(delta('cl_http_requests_total', { route: '/v1/code/repository', status: '404' })).toBe(1);
    expect(delta('cl_http_requests_total', { route: '/v1/code/repository', status: '502' })).toBe(1);
    expect(delta('cl_http_requests_total', { route: '/v1/code/repository', status: '429' })).toBe(1);
    expect(delta('cl_http_requests_total', { route: '/metrics', status: '200' })).toBe(1);
    expect(delta('cl_http_request_duration_seconds_count', { route: '/v1/code/repository' })).toBe(8);
    expect(metricValue(text, 'cl_http_request_duration_seconds_bucket', { route: '/v1/code/repository', le: '+Inf' })).toBe(
      metricValue(text, 'cl_http_request_duration_seconds_count', { route: '/v1/code/repository' }),
    );

    expect(delta('cl_upstream_requests_total', { platform: 'code', outcome: 'ok' })).toBe(2);
    expect(delta('cl_upstream_requests_total', { platform: 'code', outcome: 'not_found' })).toBe(1);
    expect(delta('cl_upstream_requests_total', { platform: 'code', outcome: 'blocked' })).toBe(1);
    expect(delta('cl_upstream_request_duration_seconds_count', { platform: 'code' })).toBe(4);
    expect(delta('cl_live_fetches_total', { platform: 'code', outcome: 'ok' })).toBe(2);
    expect(delta('cl_live_fetches_total', { platform: 'code', outcome: 'not_found' })).toBe(1);
    expect(delta('cl_live_fetches_total', { platform: 'code', outcome: 'blocked' })).toBe(1);

    expect(delta('cl_cache_hits_total', { platform: 'code' })).toBe(2);
    expect(delta('cl_cache_misses_total', { platform: 'code' })).toBe(1);
    expect(delta('cl_credits_charged_total')).toBe(3);
    expect(delta('cl_credits_refunded_total')).toBe(2);
    expect(delta('cl_singleflight_joins_total', { platform: 'code' })).toBe(1);
    expect(delta('cl_parser_warnings_total', { platform: 'code', field: 'repository.test_field' })).toBe(2);
    const status = await h.rest('/v1/status');
    expect(status.body.platforms.find((p: { platform: string }) => p.platform === 'code').parser_warnings).toEqual({
      total: 2,
      fields: { 'repository.test_field': 2 },
    });
    // GraphQL platformStatus shows the same warnings (a key, 0 credits).
    const reader = await h.key(1);
    await h.deps.ledger.setRateLimit(reader.id, { rps: 0, burst: 1 }); // the test's own key is rate-limited by now
    const gql = await h.gql('{ platformStatus(platform: "code") { parserWarnings { total fields { field count } } } }', {
      key: reader.key,
    });
    expect(gql.body.data.platformStatus[0].parserWarnings).toEqual({ total: 2, fields: [{ field: 'repository.test_field', count: 2 }] });
    expect(delta('cl_rate_limited_total')).toBe(1);
    expect(text).toMatch(/^# TYPE cl_http_requests_in_flight gauge$/m);
    expect(await h.balance(id)).toBe(50 - 3);
  });

  it('counts the blocks the block catalogue recognised, per platform and source (a challenge at 503 is a block, sent once)', async () => {
    const before = await scrape();
    const { key, id } = await h.key(5);
    const r = await h.rest(repoPath('cf', 'front'), { key });
    expect(r.body.error).toMatchObject({
      code: 'UPSTREAM_BLOCKED',
      message: expect.stringMatching(/Cloudflare challenge page instead of data \(HTTP 503\)/),
    });
    const text = await scrape();
    const delta = (name: string, labels?: Record<string, string>) => metricValue(text, name, labels) - metricValue(before, name, labels);
    expect(delta('cl_upstream_blocks_total', { platform: 'code', source: 'cloudflare' })).toBe(1);
    expect(delta('cl_upstream_requests_total', { platform: 'code', outcome: 'blocked' })).toBe(1);
    expect(delta('cl_upstream_requests_total', { platform: 'code', outcome: 'failed' })).toBe(0);
    expect(h.replay.hits({ path: '/repos/cf/front' })).toHaveLength(1);
    expect(await h.balance(id)).toBe(5);
  });

  it('a timeout is counted as such', async () => {
    h.replay.add({ host: 'api.github.com', path: '/repos/hang/up', response: { body: '{}', fault: { kind: 'timeout' } } });
    const before = await scrape();
    const { key } = await h.key(5);
    expect((await h.rest(repoPath('hang', 'up'), { key })).status).toBe(504);
    const text = await scrape();
    expect(
      metricValue(text, 'cl_upstream_requests_total', { platform: 'code', outcome: 'timeout' }) -
        metricValue(before, 'cl_upstream_requests_total', { platform: 'code', outcome: 'timeout' }),
    ).toBe(1);
    expect(
      metricValue(text, 'cl_live_fetches_total', { platform: 'code', outcome: 'timeout' }) -
        metricValue(before, 'cl_live_fetches_total', { platform: 'code', outcome: 'timeout' }),
    ).toBe(1);
  });
});
