/**
 * Abuse suite: the HTTP layer's own answers are JSON errors with stable codes, cost nothing and
 * run nothing; CORS is an allow-list without credentials; expected failures are logged as
 * warnings without a stack.
 */
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { repoJson } from '../data.js';
import { HEADERS_TIMEOUT_MS } from '../../src/app.js';
import { captureLogs, startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const REPO = `/v1/code/repository?url=${encodeURIComponent('https://github.com/edges/kit')}`;
const route = {
  host: 'api.github.com',
  path: '/repos/edges/kit',
  response: { headers: { 'content-type': 'application/json' }, body: repoJson('edges', 'kit') },
};

let h: Harness;
const logs = captureLogs();
beforeAll(async () => {
  h = await startHarness({ routes: [route], logger: logs.logger });
});
afterAll(async () => {
  await h?.close();
});

/** A raw HTTP/1.1 exchange (fetch refuses to send some of these requests). */
function raw(url: string, text: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolveP, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolveP({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}

/** The HTTP/1.1 answers in `text`, in order: status and body. */
function answers(text: string): { status: number; body: string }[] {
  const out: { status: number; body: string }[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, end);
    // (Each of our answers states its length: one without, such as node's own chunked 417, fails here.)
    expect(head).toMatch(/\r\ncontent-length: \d+/i);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    out.push({ status: Number(head.split(' ')[1]), body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  expect(rest).toBe('');
  return out;
}

/** The log lines at error level or above since the first `logged` lines. */
const errorLinesSince = (logged: number) =>
  logs
    .lines()
    .slice(logged)
    .filter((l) => (l.level as number) >= 50);

/** Nothing fetched upstream, the key's 5 credits untouched, nothing logged as a bug since `logged` lines. */
async function expectNothingDone(id: string, logged: number): Promise<void> {
  expect(h.replay.hits()).toHaveLength(0);
  expect(await h.balance(id)).toBe(5);
  expect(errorLinesSince(logged)).toEqual([]);
}

describe('HTTP edges', () => {
  it('HEAD on a /v1 route runs no operation and bills nothing', async () => {
    const { key, id } = await h.key(5);
    const res = await fetch(h.url + REPO, { method: 'HEAD', headers: { 'x-api-key': key } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toMatch(/GET/);
    expect(h.replay.hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
    // Other methods likewise, with a JSON body.
    const del = await fetch(h.url + REPO, { method: 'DELETE', headers: { 'x-api-key': key } });
    expect(del.status).toBe(405);
    expect((await del.json()).error.code).toBe('METHOD_NOT_ALLOWED');
    expect(await h.balance(id)).toBe(5);
  });

  it("GET and HEAD /openapi.json state the document's length", async () => {
    const get = await fetch(h.url + '/openapi.json');
    const body = Buffer.from(await get.arrayBuffer());
    expect(get.headers.get('content-length')).toBe(String(body.length));
    expect(JSON.parse(body.toString('utf8'))).toHaveProperty('openapi');
    const head = await raw(h.url, 'HEAD /openapi.json HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
    expect(head.status).toBe(200);
    expect(head.headers).toMatch(new RegExp(`content-length: ${body.length}(\r\n|$)`, 'i'));
    expect(head.headers).not.toMatch(/transfer-encoding/i);
    expect(head.body).toBe('');
  });

  it('a request line over 16 KiB → 431 with a JSON body', async () => {
    const r = await raw(h.url, `GET /v1/code/repository?url=${'a'.repeat(20_000)} HTTP/1.1\r\nhost: x\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(JSON.parse(r.body)).toMatchObject({ success: false, error: { code: 'HEADERS_TOO_LARGE' } });
  });

  it('a malformed request → 400 with a JSON body', async () => {
    const r = await raw(h.url, 'NOT A REQUEST\r\n\r\n');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });
  });

  it('POST /graphql with text/plain → 415 JSON', async () => {
    const res = await fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"query":"{__typename}"}',
    });
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body.errors[0].extensions).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', request_id: res.headers.get('x-request-id') });
  });

  it('invalid JSON → 400 INVALID_INPUT without the parser’s message', async () => {
    for (const gw of [h]) {
      const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.errors[0]).toMatchObject({ message: 'Request body is not valid JSON', extensions: { code: 'INVALID_INPUT' } });
      expect(JSON.stringify(body)).not.toMatch(/Unexpected|position|SyntaxError/);
    }
  });

  it('a JSON body that starts with a byte order mark is read as JSON (GraphQL and MCP), one in the middle is not', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const post = (path: string, text: string, headers: Record<string, string> = {}) =>
      fetch(`${h.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: Buffer.concat([bom, Buffer.from(text)]),
      });
    const gql = await post('/graphql', '{"query":"{__typename}"}');
    expect(gql.status).toBe(200);
    expect(await gql.json()).toMatchObject({ data: { __typename: 'Query' } });
    const { key } = await h.key(1);
    const mcp = await post('/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { 'x-api-key': key });
    expect(mcp.status).toBe(200);
    expect(await mcp.text()).toContain('"tools"');
    const twice = await post('/graphql', '\ufeff{"query":"{__typename}"}');
    expect(twice.status).toBe(400);
  });

  it('a body over 1 MiB → 413 JSON', async () => {
    const res = await fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"query":"{__typename}","x":"${'a'.repeat(1024 * 1024)}"}`,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('GraphQL with another method → 405 JSON', async () => {
    const res = await fetch(`${h.url}/graphql`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(405);
    expect((await res.json()).errors[0].extensions.code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('GraphQL over GET: parameters that are not JSON, or given twice', () => {
  it('variables or extensions that do not parse, or a parameter given twice → 400 INVALID_INPUT naming it, nothing run or logged as a bug', async () => {
    const { key, id } = await h.key(5);
    const logged = logs.lines().length;
    const query = encodeURIComponent('query($u: String!) { codeRepository(url: $u) { fullName } }');
    const vars = encodeURIComponent('{"u":"https://github.com/edges/kit"}');
    for (const [param, extra] of [
      ['variables', 'variables=%7B'],
      ['extensions', `variables=${vars}&extensions=not-json`],
      // Given twice: refused as every route refuses it (the first one was taken silently).
      ['query', `variables=${vars}&query=${encodeURIComponent('{ __typename }')}`],
      ['variables', `variables=${vars}&variables=${vars}`],
    ]) {
      const res = await fetch(`${h.url}/graphql?query=${query}&${extra}`, {
        headers: { 'x-api-key': key, accept: 'application/json', 'x-request-id': `get-${param}` },
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.errors[0]).toMatchObject({ extensions: { code: 'INVALID_INPUT', details: [{ param }] } });
      expect(JSON.stringify(body)).not.toMatch(/Unexpected|position|SyntaxError/);
    }
    // A browser is still sent GraphiQL, as yoga decides it.
    const page = await fetch(`${h.url}/graphql?query=${query}&variables=%7B`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    await page.text();
    await expectNothingDone(id, logged);
  });
});

describe('@stream with an initialCount below 0 or null', () => {
  it('→ 400 INVALID_INPUT naming initialCount before anything is fetched or charged; no bug logged', async () => {
    const { key, id } = await h.key(5);
    const logged = logs.lines().length;
    const cases: [string, Record<string, unknown>?][] = [
      ['{ codeRepository(url: "https://github.com/edges/kit") { topics @stream(initialCount: -1) } }'],
      ['{ codeRepository(url: "https://github.com/edges/kit") { topics @stream(initialCount: null) } }'],
      ['query($n: Int) { codeRepository(url: "https://github.com/edges/kit") { topics @stream(initialCount: $n) } }', { n: -3 }],
    ];
    for (const [query, variables] of cases) {
      for (const accept of ['multipart/mixed', 'text/event-stream']) {
        const res = await fetch(`${h.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept, 'x-api-key': key },
          body: JSON.stringify({ query, variables }),
        });
        expect(res.status).toBe(400);
        const text = await res.text();
        expect(text).toContain('"code":"INVALID_INPUT"');
        expect(text).toContain('"param":"initialCount"');
        expect(text).not.toContain('INTERNAL');
      }
    }
    await expectNothingDone(id, logged);
    // initialCount 0 (its default) streams as before.
    const ok = await fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed', 'x-api-key': key },
      body: JSON.stringify({ query: '{ codeRepository(url: "https://github.com/edges/kit") { topics @stream(initialCount: 0) } }' }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('"charged":1');
  });
});

describe('CORS', () => {
  it('default: any origin, never with credentials; preflights answered on /graphql and /v1', async () => {
    const { key } = await h.key(5);
    const res = await fetch(h.url + REPO, { headers: { 'x-api-key': key, origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toMatch(/x-request-id/);
    const gql = await fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{"query":"{__typename}"}',
    });
    expect(gql.headers.get('access-control-allow-origin')).toBe('*');
    expect(gql.headers.get('access-control-allow-credentials')).toBeNull();
    for (const path of [REPO, '/graphql', '/v1/status']) {
      const pre = await fetch(h.url + path, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      expect(pre.headers.get('access-control-allow-headers')).toMatch(/x-api-key/);
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('what OPTIONS says a route allows, it answers: no method listed there is refused with 405, and a 405 lists the same methods', async () => {
    const paths = ['/graphql', '/mcp', '/healthz', '/openapi.json', '/v1/status', '/v1/account', '/v1/jobs', '/v1/monitors', REPO];
    for (const path of paths) {
      const pre = await fetch(h.url + path, { method: 'OPTIONS' });
      const allow = (pre.headers.get('allow') ?? '').split(/,\s*/);
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        const res = await fetch(h.url + path, { method, ...(['POST', 'PUT', 'PATCH'].includes(method) ? { body: '{}' } : {}) });
        await res.arrayBuffer();
        if (allow.includes(method)) expect(res.status, `${method} ${path}: OPTIONS allows it`).not.toBe(405);
        else {
          expect(res.status, `${method} ${path}: OPTIONS does not allow it (${allow.join(', ')})`).toBe(405);
          expect(res.headers.get('allow'), `${method} ${path}`).toBe(pre.headers.get('allow'));
        }
      }
    }
  });

  it('CORS_ORIGINS: only listed origins get CORS headers', async () => {
    const g = await startHarness({ routes: [route], env: { CORS_ORIGINS: 'https://app.example' } });
    try {
      const ok = await fetch(`${g.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      });
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(ok.headers.get('vary')).toMatch(/origin/i);
      const other = await fetch(`${g.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const get = await fetch(`${g.url}/v1/status`, { headers: { origin: 'https://evil.example' } });
      expect(get.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await g.close();
    }
  });
});

describe('logs', () => {
  it('an expected 503 is a warning without a stack; a bug is an error with one', async () => {
    const { key } = await h.key(5);
    const original = h.deps.ledger.authenticate;
    try {
      h.deps.ledger.authenticate = async () => {
        throw new ApiError('SERVICE_UNAVAILABLE', 'the credit store is unreachable', { retryAfterSec: 1 });
      };
      const res = await fetch(h.url + REPO, { headers: { 'x-api-key': key, 'x-request-id': 'edge-503' } });
      expect(res.status).toBe(503);
      h.deps.ledger.authenticate = async () => {
        throw new TypeError('a bug');
      };
      const bug = await fetch(h.url + REPO, { headers: { 'x-api-key': key, 'x-request-id': 'edge-500' } });
      expect(bug.status).toBe(500);
    } finally {
      h.deps.ledger.authenticate = original;
    }
    const lines = logs.lines();
    const expected = lines.find((l) => l.msg === 'store unavailable')!;
    expect(expected).toMatchObject({ level: 40, code: 'SERVICE_UNAVAILABLE' });
    expect(JSON.stringify(expected)).not.toMatch(/\n\s+at /);
    expect(JSON.stringify(expected)).not.toContain('"stack"');
    const bug = lines.find((l) => l.req_id === 'edge-500' && l.msg !== 'request')!;
    expect(bug).toMatchObject({ level: 50 });
    expect(JSON.stringify(bug)).toContain('stack');
  });

  it('a bug on a GraphQL request yoga serves is logged with its message and stack', async () => {
    const { key } = await h.key(5);
    const logged = logs.lines().length;
    const original = h.deps.ledger.authenticate;
    try {
      h.deps.ledger.authenticate = async () => {
        throw new TypeError('a bug under yoga');
      };
      const query = encodeURIComponent('{ codeRepository(url: "https://github.com/edges/kit") { fullName } }');
      const res = await fetch(`${h.url}/graphql?query=${query}`, { headers: { 'x-api-key': key, accept: 'application/json' } });
      expect(res.status).toBe(500);
      expect(JSON.stringify(await res.json())).not.toContain('a bug under yoga');
    } finally {
      h.deps.ledger.authenticate = original;
    }
    const errors = logs
      .lines()
      .slice(logged)
      .filter((l) => l.level === 50);
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) {
      expect(line.err).toMatchObject({ type: 'TypeError', message: 'a bug under yoga' });
      expect(JSON.stringify(line)).toMatch(/\\n\s+at /);
    }
  });
});

describe('a request that does not parse, after one still being answered on the same connection', () => {
  it('the earlier request gets its own answer first, then the 400, then the connection closes', async () => {
    // An answer that takes a moment: it is still on its way when node's parser meets the bytes after it.
    h.replay.add({
      host: 'api.github.com',
      path: '/repos/edges/slow',
      response: { ...route.response, body: repoJson('edges', 'slow'), fault: { kind: 'latency', ms: 150 } },
    });
    const { key, id } = await h.key(5);
    const logged = logs.lines().length;
    const lookup = `/v1/code/repository?url=${encodeURIComponent('https://github.com/edges/slow')}`;
    const r = await raw(h.url, `GET ${lookup} HTTP/1.1\r\nhost: x\r\nx-api-key: ${key}\r\n\r\nNOT A REQUEST\r\n\r\n`);
    const [first, second, ...more] = answers(`${r.headers}\r\n\r\n${r.body}`);
    // The lookup was run and charged: its client is told so, not handed the parser's 400 as its answer.
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ success: true, credits_charged: 1, repository: { full_name: 'edges/slow' } });
    expect(second.status).toBe(400);
    expect(JSON.parse(second.body)).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });
    expect(more).toEqual([]);
    expect(await h.balance(id)).toBe(4);
    // An error in the body of the request being answered is that request's own: answered at once.
    const chunked = await raw(
      h.url,
      `POST /graphql HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
    );
    expect(answers(`${chunked.headers}\r\n\r\n${chunked.body}`)).toMatchObject([{ status: 400 }]);
    expect(errorLinesSince(logged)).toEqual([]);
  });
});

describe('a bad chunk in the body of a request answered a moment later', () => {
  it('→ 400, and the connection is closed on both sides once it is out (no socket or request left open)', async () => {
    // The parser meets the bad chunk size before the route answers (a keyless 401 on /v1/account
    // takes a turn or two): the 400 was written with a half-close, the route's answer then paused
    // the socket to leave the "unread" body unread, and neither side's end was ever read — each
    // such request left a socket and an answer in flight for ever (an outside sweep: 20,000 of
    // them, ~7 s from one keyless client, took the process's every file descriptor).
    const { port } = new URL(h.url);
    const once = () =>
      new Promise<string>((resolveP) => {
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.write('GET /v1/account HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n'),
        );
        let data = '';
        socket.on('data', (d) => (data += d));
        socket.on('end', () => socket.destroy());
        socket.on('error', () => undefined);
        socket.on('close', () => resolveP(data));
      });
    const got = await Promise.all(Array.from({ length: 20 }, once));
    for (const text of got) expect(text).toMatch(/^HTTP\/1\.1 400 /);
    await expect.poll(() => h.app.inFlight(), { timeout: 3_000 }).toBe(0);
  });
});

describe('pipelined requests on a connection that closes before they are answered', () => {
  it('each ends (no request left in flight), and the lookups not answered are not charged', async () => {
    h.replay.add({
      host: 'api.github.com',
      path: /^\/repos\/edges\/queued-\d+$/,
      response: (r) => ({ ...route.response, body: repoJson('edges', r.path.split('/')[3]), fault: { kind: 'latency', ms: 400 } }),
    });
    const { key, id } = await h.key(50);
    const logged = logs.lines().length;
    const lookups = Array.from(
      { length: 20 },
      (_, i) =>
        `GET /v1/code/repository?url=${encodeURIComponent(`https://github.com/edges/queued-${i}`)} HTTP/1.1\r\nhost: x\r\nx-api-key: ${key}\r\n\r\n`,
    );
    const socket = connect(Number(new URL(h.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    socket.write(lookups.join(''));
    // The lookups are under way (node answers them in order, the first one first); the client leaves.
    await expect.poll(() => h.replay.hits().some((hit) => hit.path.startsWith('/repos/edges/queued-'))).toBe(true);
    socket.destroy();
    // node emits no 'close' for an answer queued behind another when the connection closes: the
    // gateway counted them in flight for ever (a graceful shutdown waited its whole grace period)
    // and let their lookups run on to a charge nobody would be told of.
    await expect.poll(() => h.app.inFlight(), { timeout: 3_000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await h.balance(id)).toBe(50);
    const lines = logs.lines().slice(logged);
    expect(errorLinesSince(logged)).toEqual([]);
    expect(lines.filter((l) => l.msg === 'request' && l.route === '/v1/code/repository').map((l) => l.status)).toEqual(Array(20).fill(499));
  });
});

describe('a request body with a content coding (content-encoding: gzip, deflate, br)', () => {
  it('→ 415 UNSUPPORTED_MEDIA_TYPE before it is read, on every route that reads a body; identity is read as it is', async () => {
    const { key, id } = await h.key(5);
    const logged = logs.lines().length;
    const hits = h.replay.hits().length;
    const job = JSON.stringify({ operation: '/v1/code/repository', items: [{ url: 'https://github.com/edges/kit' }] });
    const cases: [string, string, Buffer][] = [
      ['/graphql', 'application/json', gzipSync('{"query":"{__typename}"}')],
      ['/mcp', 'application/json', gzipSync(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))],
      ['/v1/jobs', 'application/json', gzipSync(job)],
      ['/v1/jobs/estimate', 'application/json', deflateSync(job)],
      ['/v1/jobs?operation=/v1/code/repository', 'application/x-ndjson', gzipSync('{"url":"https://github.com/edges/kit"}\n')],
      ['/v1/jobs?operation=/v1/code/repository', 'text/csv', brotliCompressSync('url\nhttps://github.com/edges/kit\n')],
      [
        '/v1/monitors',
        'application/json',
        gzipSync(JSON.stringify({ operation: '/v1/code/repository', params: { url: 'https://github.com/edges/kit' }, every: '1h' })),
      ],
      // Labelled compressed but sent as it is: read as what it says it is, not guessed at.
      ['/v1/jobs', 'application/json', Buffer.from(job)],
    ];
    for (const [path, type, body] of cases) {
      for (const coding of path === '/v1/jobs/estimate' ? ['deflate'] : type === 'text/csv' ? ['br'] : ['gzip', 'GZIP, identity']) {
        const res = await fetch(`${h.url}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': type, 'content-encoding': coding, accept: 'application/json, text/event-stream' },
          body: new Uint8Array(body),
        });
        expect([path, coding, res.status]).toEqual([path, coding, 415]);
        expect(JSON.stringify(await res.json())).toContain('"code":"UNSUPPORTED_MEDIA_TYPE"');
      }
    }
    expect((await h.rest('/v1/jobs', { key })).body.jobs).toEqual([]);
    expect((await h.rest('/v1/monitors', { key })).body.monitors).toEqual([]);
    expect(h.replay.hits()).toHaveLength(hits);
    expect(await h.balance(id)).toBe(5);
    expect(errorLinesSince(logged)).toEqual([]);
    const identity = await fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      body: '{"query":"{__typename}"}',
    });
    expect(await identity.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('requests node would answer with an empty body, or not at all', () => {
  /** The access log lines of the request with id `reqId` since `logged` lines: their statuses. */
  const accessStatuses = (logged: number, reqId: string) =>
    logs
      .lines()
      .slice(logged)
      .filter((l) => l.msg === 'request' && l.req_id === reqId)
      .map((l) => l.status);

  it('an Expect other than 100-continue → 417 EXPECTATION_FAILED as JSON, nothing run or charged; the connection kept', async () => {
    const { key, id } = await h.key(5);
    const logged = logs.lines().length;
    const hits = h.replay.hits().length;
    // Two requests on one connection: the 417 leaves it open (as node's own 417 does), the next is served.
    const r = await raw(
      h.url,
      `GET ${REPO} HTTP/1.1\r\nhost: x\r\nx-api-key: ${key}\r\nexpect: 200-ok\r\nx-request-id: edge-417\r\n\r\n` +
        'GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n',
    );
    const [refused, next, ...more] = answers(`${r.headers}\r\n\r\n${r.body}`);
    expect(refused.status).toBe(417);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false, error: { code: 'EXPECTATION_FAILED', request_id: 'edge-417' } });
    expect(JSON.parse(refused.body).error.message).toContain('200-ok');
    expect(next).toEqual({ status: 200, body: '{"status":"ok"}' });
    expect(more).toEqual([]);
    expect(h.replay.hits()).toHaveLength(hits);
    expect(await h.balance(id)).toBe(5);
    expect(accessStatuses(logged, 'edge-417')).toEqual([417]);
    expect(errorLinesSince(logged)).toEqual([]);
  });

  it('an HTTP/1.1 request without Host → 400 INVALID_INPUT naming host, nothing run or charged; the connection closed', async () => {
    const { key, id } = await h.key(5);
    const logged = logs.lines().length;
    const hits = h.replay.hits().length;
    // raw() resolves when the server closes the connection: the request after the 400 is not read.
    const r = await raw(
      h.url,
      `GET ${REPO} HTTP/1.1\r\nx-api-key: ${key}\r\nx-request-id: edge-host\r\n\r\n` + 'GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n',
    );
    const [refused, ...more] = answers(`${r.headers}\r\n\r\n${r.body}`);
    expect(refused.status).toBe(400);
    expect(r.headers).toMatch(/\r\nconnection: close/i);
    expect(JSON.parse(refused.body)).toMatchObject({
      success: false,
      error: { code: 'INVALID_INPUT', details: [{ param: 'host' }], request_id: 'edge-host' },
    });
    expect(more).toEqual([]);
    expect(h.replay.hits()).toHaveLength(hits);
    expect(await h.balance(id)).toBe(5);
    expect(accessStatuses(logged, 'edge-host')).toEqual([400]);
    // HTTP/1.0 has no Host requirement.
    const old = await raw(h.url, 'GET /healthz HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
    expect(errorLinesSince(logged)).toEqual([]);
  });

  it('CONNECT → 405 METHOD_NOT_ALLOWED as JSON, then the connection is closed; after the answers before it', async () => {
    const logged = logs.lines().length;
    const r = await raw(h.url, 'CONNECT example.com:443 HTTP/1.1\r\nhost: example.com:443\r\n\r\n');
    // (node, without a 'connect' listener, closes the connection without a word.)
    expect(r.status).toBe(405);
    const [refused, ...more] = answers(`${r.headers}\r\n\r\n${r.body}`);
    expect(r.headers).toMatch(/\r\nconnection: close/i);
    expect(r.headers).toMatch(/\r\nallow: /i);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false, error: { code: 'METHOD_NOT_ALLOWED' } });
    expect(more).toEqual([]);
    // Behind a request still being answered on the same connection: that answer first, whole.
    h.replay.add({
      host: 'api.github.com',
      path: '/repos/edges/before-connect',
      response: { ...route.response, body: repoJson('edges', 'before-connect'), fault: { kind: 'latency', ms: 150 } },
    });
    const { key, id } = await h.key(5);
    const lookup = `/v1/code/repository?url=${encodeURIComponent('https://github.com/edges/before-connect')}`;
    const both = await raw(
      h.url,
      `GET ${lookup} HTTP/1.1\r\nhost: x\r\nx-api-key: ${key}\r\n\r\nCONNECT example.com:443 HTTP/1.1\r\nhost: example.com:443\r\n\r\n`,
    );
    const [first, second, ...rest] = answers(`${both.headers}\r\n\r\n${both.body}`);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ success: true, credits_charged: 1, repository: { full_name: 'edges/before-connect' } });
    expect(second.status).toBe(405);
    expect(JSON.parse(second.body)).toMatchObject({ success: false, error: { code: 'METHOD_NOT_ALLOWED' } });
    expect(rest).toEqual([]);
    expect(await h.balance(id)).toBe(4);
    expect(errorLinesSince(logged)).toEqual([]);
  });

  it('OPTIONS * (the server as a whole) → 204 with every method the routes serve; another method on * stays 404 JSON', async () => {
    const r = await raw(h.url, 'OPTIONS * HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
    expect(r.status).toBe(204);
    const allow = /\r\nallow: ([^\r]*)/i.exec(r.headers)?.[1].split(', ');
    for (const m of ['GET', 'HEAD', 'POST', 'OPTIONS']) expect(allow).toContain(m);
    expect(r.body).toBe('');
    const other = await raw(h.url, 'GET * HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body)).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('a client sending its headers a line at a time (slowloris)', () => {
  it(`is cut off once HEADERS_TIMEOUT_MS (${HEADERS_TIMEOUT_MS} ms) have passed without the whole header (node's default kept it 60 s)`, async () => {
    const socket = connect(Number(new URL(h.url).port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', r));
    socket.on('error', () => undefined);
    const started = Date.now();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.writable && socket.write(`X-Drip-${Date.now()}: 1\r\n`), 1_000);
    let answer = '';
    socket.on('data', (d) => (answer += d));
    await new Promise<void>((r) => socket.once('close', () => r()));
    clearInterval(drip);
    const held = Date.now() - started;
    expect(held).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 500);
    // node checks every 2 s
    expect(held).toBeLessThan(HEADERS_TIMEOUT_MS + 4_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});
