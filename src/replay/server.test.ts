import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures } from '../../test/support/fixtures.js';
import { loadRoutesFile, RoutesFileError } from './routes-file.js';
import { startReplayServer, type ReplayServer } from './server.js';

let replay: ReplayServer;
let tmp: string;

beforeAll(async () => {
  replay = await startReplayServer();
  tmp = mkdtempSync(join(tmpdir(), 'replay-test-'));
});
afterEach(() => replay.reset());
afterAll(async () => {
  await replay.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** What the gateway sends for an original URL: `<replay>/<host[:port]><path>?<query>` plus x-upstream-url. */
function viaReplay(original: string, init: RequestInit = {}): Promise<Response> {
  const u = new URL(original);
  const headers = new Headers(init.headers);
  headers.set('x-upstream-url', original);
  return fetch(`${replay.url}/${u.host}${u.pathname}${u.search}`, { ...init, headers });
}

describe('routing', () => {
  it('answers an exact host and path with the recorded body, content-length and default content-type', async () => {
    replay.add({ host: 'linktr.ee', path: '/someone', response: { body: '<html>hi</html>' } });
    const res = await viaReplay('https://linktr.ee/someone');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-length')).toBe('15');
    expect(await res.text()).toBe('<html>hi</html>');
  });

  it('keeps recorded headers and status, and answers an empty body with content-length 0 and no content-type', async () => {
    replay.add({
      host: 'api.github.com',
      path: '/x',
      response: { status: 201, headers: { 'content-type': 'application/json', etag: '"abc"' }, body: '{"a":1}' },
    });
    replay.add({ host: 'api.github.com', path: '/empty', response: { status: 204 } });
    const res = await viaReplay('https://api.github.com/x');
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('etag')).toBe('"abc"');
    expect(await res.json()).toEqual({ a: 1 });
    const empty = await viaReplay('https://api.github.com/empty');
    expect(empty.status).toBe(204);
    expect(empty.headers.get('content-type')).toBeNull();
    await empty.arrayBuffer();
  });

  it('takes a host with a non-default port and an empty path as "/"', async () => {
    replay.add({ host: 'example.com:8443', path: '/', response: { body: 'root' } });
    const res = await fetch(`${replay.url}/example.com:8443`);
    expect(await res.text()).toBe('root');
    expect(replay.hits()[0]).toMatchObject({ host: 'example.com:8443', path: '/' });
    // The same host without the port is a different origin.
    const other = await viaReplay('https://example.com/');
    expect(other.headers.get('x-replay-miss')).toBe('1');
    await other.arrayBuffer();
  });

  it('matches a RegExp path, and a global RegExp on every request', async () => {
    replay.add({ host: 'www.tiktok.com', path: /^\/@[\w.]+$/g, response: { body: 'profile' } });
    for (const name of ['a', 'b.c', 'd']) {
      const res = await viaReplay(`https://www.tiktok.com/@${name}`);
      expect(await res.text()).toBe('profile');
    }
    const miss = await viaReplay('https://www.tiktok.com/@a/video/1');
    expect(miss.status).toBe(404);
    await miss.arrayBuffer();
  });

  it('matches query params exactly or by RegExp, allows extra params, and misses when one is absent or differs', async () => {
    replay.add({ host: 'h.test', path: '/search', query: { q: 'cats', page: /^\d+$/ }, response: { body: 'found' } });
    expect(await (await viaReplay('https://h.test/search?q=cats&page=2&extra=1')).text()).toBe('found');
    for (const url of ['https://h.test/search?q=cats', 'https://h.test/search?q=dogs&page=2', 'https://h.test/search?q=cats&page=x']) {
      const res = await viaReplay(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('x-replay-miss'), url).toBe('1');
      await res.arrayBuffer();
    }
  });

  it("matches any query by default and with query: 'any'", async () => {
    replay.add({ host: 'h.test', path: '/a', response: { body: 'a' } });
    replay.add({ host: 'h.test', path: '/b', query: 'any', response: { body: 'b' } });
    expect(await (await viaReplay('https://h.test/a?x=1')).text()).toBe('a');
    expect(await (await viaReplay('https://h.test/a')).text()).toBe('a');
    expect(await (await viaReplay('https://h.test/b?y=2&z')).text()).toBe('b');
  });

  it('filters on method when given', async () => {
    replay.add({ host: 'h.test', path: '/gql', method: 'post', response: { body: 'posted' } });
    expect(await (await viaReplay('https://h.test/gql', { method: 'POST', body: '{}' })).text()).toBe('posted');
    const get = await viaReplay('https://h.test/gql');
    expect(get.status).toBe(404);
    await get.arrayBuffer();
  });

  it('lets a later route override an earlier one', async () => {
    replay.add({ host: 'h.test', path: /.*/, response: { body: 'default' } });
    replay.add({ host: 'h.test', path: '/special', response: { body: 'override' } });
    expect(await (await viaReplay('https://h.test/special')).text()).toBe('override');
    expect(await (await viaReplay('https://h.test/other')).text()).toBe('default');
    replay.add({ host: 'h.test', path: /.*/, response: { body: 'newest catch-all' } });
    expect(await (await viaReplay('https://h.test/special')).text()).toBe('newest catch-all');
  });

  it('answers a miss with 404, x-replay-miss and a JSON body naming host and path; a recorded 404 has no miss header', async () => {
    const miss = await viaReplay('https://nowhere.test/a/b?c=d');
    expect(miss.status).toBe(404);
    expect(miss.headers.get('x-replay-miss')).toBe('1');
    expect(await miss.json()).toEqual({ replay: 'no route', host: 'nowhere.test', path: '/a/b' });

    replay.add({ host: 'nowhere.test', path: '/gone', response: { status: 404, body: 'Not Found' } });
    const recorded = await viaReplay('https://nowhere.test/gone');
    expect(recorded.status).toBe(404);
    expect(recorded.headers.get('x-replay-miss')).toBeNull();
    expect(await recorded.text()).toBe('Not Found');
  });

  it('passes a recorded redirect through with its location header', async () => {
    replay.add({ host: 'h.test', path: '/old', response: { status: 301, headers: { location: '/new?x=1' } } });
    const res = await viaReplay('https://h.test/old', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/new?x=1');
    await res.arrayBuffer();
  });
});

describe('responses', () => {
  it('calls a response function with the request, sync or async', async () => {
    replay.add({
      host: 'h.test',
      path: /^\/echo\//,
      response: async (req) => ({
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: req.path, q: req.query.get('q'), method: req.method }),
      }),
    });
    const res = await viaReplay('https://h.test/echo/1?q=z', { method: 'PUT', body: 'x' });
    expect(await res.json()).toEqual({ path: '/echo/1', q: 'z', method: 'PUT' });
  });

  it('reads bodyFile on each request and calls a body thunk on each request', async () => {
    const file = join(tmp, 'page.html');
    writeFileSync(file, 'first');
    let calls = 0;
    replay.add({ host: 'h.test', path: '/file', response: { bodyFile: file } });
    replay.add({ host: 'h.test', path: '/thunk', response: { body: () => Buffer.from(`call ${++calls}`) } });
    expect(await (await viaReplay('https://h.test/file')).text()).toBe('first');
    writeFileSync(file, 'second');
    expect(await (await viaReplay('https://h.test/file')).text()).toBe('second');
    expect(await (await viaReplay('https://h.test/thunk')).text()).toBe('call 1');
    expect(await (await viaReplay('https://h.test/thunk')).text()).toBe('call 2');
  });

  it('answers 500 with x-replay-error when a response function throws or a bodyFile is missing', async () => {
    replay.add({
      host: 'h.test',
      path: '/throws',
      response: () => {
        throw new Error('boom');
      },
    });
    replay.add({ host: 'h.test', path: '/nofile', response: { bodyFile: join(tmp, 'does-not-exist') } });
    const thrown = await viaReplay('https://h.test/throws');
    expect(thrown.status).toBe(500);
    expect(thrown.headers.get('x-replay-error')).toBe('1');
    expect(await thrown.json()).toEqual({ replay: 'error', message: 'boom' });
    const missing = await viaReplay('https://h.test/nofile');
    expect(missing.status).toBe(500);
    expect(((await missing.json()) as { message: string }).message).toMatch(/ENOENT/);
  });
});

describe('hits log', () => {
  it('records every request, matched or not, with x-upstream-url and the POST body', async () => {
    replay.add({ host: 'api.example.com', path: '/graphql', response: { body: '{}' } });
    await (
      await viaReplay('https://api.example.com/graphql?op=1', {
        method: 'POST',
        body: '{"query":"{ a }"}',
        headers: { 'content-type': 'application/json' },
      })
    ).arrayBuffer();
    await (await viaReplay('https://other.example.com/x')).arrayBuffer();

    const all = replay.hits();
    expect(all).toHaveLength(2);
    const [post, miss] = all;
    expect(post.method).toBe('POST');
    expect(post.host).toBe('api.example.com');
    expect(post.path).toBe('/graphql');
    expect(post.query.get('op')).toBe('1');
    expect(post.upstreamUrl).toBe('https://api.example.com/graphql?op=1');
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.body.toString()).toBe('{"query":"{ a }"}');
    expect(miss.upstreamUrl).toBe('https://other.example.com/x');

    expect(replay.hits({ host: 'api.example.com' })).toEqual([post]);
    expect(replay.hits({ path: /^\/x$/ })).toEqual([miss]);
    expect(replay.hits({ host: 'api.example.com', path: '/x' })).toEqual([]);
  });

  it('keeps the newest requests only (hitLog): a long-running replay does not keep every request it answered', async () => {
    const own = await startReplayServer({ hitLog: 3, routes: [{ host: 'h.test', path: /^\/\d+$/, response: { body: 'ok' } }] });
    try {
      for (let i = 1; i <= 7; i++) await (await fetch(`${own.url}/h.test/${i}`)).arrayBuffer();
      // Trimmed to the newest 3 when it reached twice that (after the 6th), then the 7th added.
      expect(own.hits().map((h) => h.path)).toEqual(['/4', '/5', '/6', '/7']);
    } finally {
      await own.close();
    }
  });

  it('reset() drops routes and hits', async () => {
    replay.add({ host: 'h.test', path: '/a', response: { body: 'a' } });
    await (await viaReplay('https://h.test/a')).arrayBuffer();
    replay.reset();
    expect(replay.hits()).toEqual([]);
    const res = await viaReplay('https://h.test/a');
    expect(res.headers.get('x-replay-miss')).toBe('1');
    await res.arrayBuffer();
  });
});

describe('faults', () => {
  it('latency: waits, then answers normally', async () => {
    replay.add({ host: 'h.test', path: '/slow', response: { body: 'late', fault: { kind: 'latency', ms: 200 } } });
    const started = performance.now();
    const res = await viaReplay('https://h.test/slow');
    expect(await res.text()).toBe('late');
    expect(performance.now() - started).toBeGreaterThanOrEqual(180);
  });

  it("timeout: never answers, so the client's AbortSignal.timeout fires", async () => {
    replay.add({ host: 'h.test', path: '/hang', response: { body: 'never', fault: { kind: 'timeout' } } });
    const err = await viaReplay('https://h.test/hang', { signal: AbortSignal.timeout(300) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect((err as DOMException).name).toBe('TimeoutError');
    expect(replay.hits({ path: '/hang' })).toHaveLength(1);
  });

  it('reset: the client sees a network error', async () => {
    replay.add({ host: 'h.test', path: '/reset', response: { body: 'never', fault: { kind: 'reset' } } });
    await expect(viaReplay('https://h.test/reset')).rejects.toThrow(TypeError);
  });

  it('status: answers the injected status, e.g. 429 with retry-after', async () => {
    replay.add({
      host: 'h.test',
      path: '/limited',
      response: { body: 'ok', fault: { kind: 'status', status: 429, headers: { 'retry-after': '7' }, body: 'slow down' } },
    });
    const res = await viaReplay('https://h.test/limited');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.text()).toBe('slow down');
  });

  it('truncate: announces the full length, sends fewer bytes, and the client sees an error or a short body', async () => {
    const body = 'x'.repeat(10_000);
    replay.add({ host: 'h.test', path: '/cut', response: { body, fault: { kind: 'truncate', bytes: 100 } } });
    const outcome = await viaReplay('https://h.test/cut').then(
      async (res) => {
        expect(res.headers.get('content-length')).toBe('10000');
        return res.text().then(
          (text) => ({ text }),
          (error: unknown) => ({ error }),
        );
      },
      (error: unknown) => ({ error }),
    );
    if ('text' in outcome) expect(outcome.text.length).toBeLessThan(body.length);
    else expect(outcome.error).toBeInstanceOf(Error);
  });

  it('slowBody: drips the whole body in chunks', async () => {
    replay.add({
      host: 'h.test',
      path: '/drip',
      response: { body: 'abcdefghij', fault: { kind: 'slowBody', chunkBytes: 3, intervalMs: 50 } },
    });
    const started = performance.now();
    const res = await viaReplay('https://h.test/drip');
    expect(res.headers.get('content-length')).toBe('10');
    expect(await res.text()).toBe('abcdefghij');
    // 4 chunks, 3 waits between them.
    expect(performance.now() - started).toBeGreaterThanOrEqual(130);
  });

  it('sequence: the first hit gets 503, the next a normal 200, and past the list answers normally', async () => {
    replay.add({
      host: 'h.test',
      path: '/flaky',
      response: {
        body: 'ok',
        fault: { kind: 'sequence', faults: [{ kind: 'status', status: 503 }, null, { kind: 'status', status: 500 }] },
      },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await viaReplay('https://h.test/flaky');
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([503, 200, 500, 200]);
  });

  it('sequence counts hits per route, so a newly added route starts at its first fault', async () => {
    const route = {
      host: 'h.test',
      path: '/flaky',
      response: { body: 'ok', fault: { kind: 'sequence' as const, faults: [{ kind: 'reset' as const }] } },
    };
    replay.add(route);
    await expect(viaReplay('https://h.test/flaky')).rejects.toThrow(TypeError);
    expect((await viaReplay('https://h.test/flaky')).status).toBe(200);
    replay.add(route);
    await expect(viaReplay('https://h.test/flaky')).rejects.toThrow(TypeError);
  });
});

describe('close', () => {
  it("returns promptly while a 'timeout' request is pending", async () => {
    const own = await startReplayServer({ routes: [{ host: 'h.test', path: '/hang', response: { fault: { kind: 'timeout' } } }] });
    const pending = fetch(`${own.url}/h.test/hang`).catch((e: unknown) => e);
    await waitFor(() => own.hits().length === 1);
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(TypeError);
  });

  it('returns promptly while a latency fault is waiting', async () => {
    const own = await startReplayServer({
      routes: [{ host: 'h.test', path: '/slow', response: { fault: { kind: 'latency', ms: 60_000 } } }],
    });
    const pending = fetch(`${own.url}/h.test/slow`).catch((e: unknown) => e);
    await waitFor(() => own.hits().length === 1);
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(TypeError);
  });
});

describe('loadRoutesFile', () => {
  it('loads a good file: bodyFile relative to the file, regex path and query, faults', async () => {
    const dir = mkdtempSync(join(tmp, 'good-'));
    writeFileSync(join(dir, 'profile.html'), '<html>profile</html>');
    const file = join(dir, 'routes.json');
    writeFileSync(
      file,
      JSON.stringify([
        { host: 'linktr.ee', path: '^/[a-z]+$', pathRegex: true, bodyFile: 'profile.html' },
        {
          host: 'api.test',
          path: '/items',
          query: { page: { regex: '^[12]$' }, sort: 'new' },
          method: 'GET',
          headers: { 'content-type': 'application/json' },
          body: '[]',
        },
        { host: 'api.test', path: '/moved', status: 302, headers: { location: 'https://linktr.ee/target' } },
        {
          host: 'api.test',
          path: '/flaky',
          body: 'ok',
          fault: { kind: 'sequence', faults: [{ kind: 'status', status: 503, headers: { 'retry-after': '1' } }, null] },
        },
      ]),
    );
    const routes = loadRoutesFile(file);
    expect(routes).toHaveLength(4);
    expect(routes[0].response).toMatchObject({ bodyFile: join(dir, 'profile.html') });
    for (const route of routes) replay.add(route);

    expect(await (await viaReplay('https://linktr.ee/someone')).text()).toBe('<html>profile</html>');
    expect(await (await viaReplay('https://api.test/items?page=2&sort=new')).json()).toEqual([]);
    const wrongPage = await viaReplay('https://api.test/items?page=3&sort=new');
    expect(wrongPage.headers.get('x-replay-miss')).toBe('1');
    await wrongPage.arrayBuffer();
    const moved = await viaReplay('https://api.test/moved', { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([302, 'https://linktr.ee/target']);
    await moved.arrayBuffer();
    const first = await viaReplay('https://api.test/flaky');
    expect([first.status, first.headers.get('retry-after')]).toEqual([503, '1']);
    await first.arrayBuffer();
    expect((await viaReplay('https://api.test/flaky')).status).toBe(200);
  });

  it('rejects an unknown key, naming the entry index and the key', () => {
    const file = join(tmp, 'bad-key.json');
    writeFileSync(
      file,
      JSON.stringify([
        { host: 'a.test', path: '/' },
        { host: 'b.test', path: '/x', bodyfile: 'page.html' },
      ]),
    );
    expect(() => loadRoutesFile(file)).toThrow(RoutesFileError);
    expect(() => loadRoutesFile(file)).toThrow(/entry 1 \(b\.test \/x\): .*"bodyfile"/);
  });

  it('rejects an unknown key inside a fault, and a bad fault kind, with the path to it', () => {
    const file = join(tmp, 'bad-fault.json');
    writeFileSync(
      file,
      JSON.stringify([
        { host: 'a.test', path: '/', fault: { kind: 'latency', ms: 5, jitter: 1 } },
        { host: 'a.test', path: '/b', fault: { kind: 'explode' } },
      ]),
    );
    const message = errorMessage(() => loadRoutesFile(file));
    expect(message).toMatch(/entry 0 \(a\.test \/\): fault: .*"jitter"/);
    expect(message).toMatch(/entry 1 \(a\.test \/b\): fault\.kind: /);
  });

  it('rejects body with bodyFile, a missing bodyFile, an invalid regex and a relative exact path', () => {
    const file = join(tmp, 'bad-values.json');
    writeFileSync(
      file,
      JSON.stringify([
        { host: 'a.test', path: '/both', body: 'x', bodyFile: 'x.html' },
        { host: 'a.test', path: '(', pathRegex: true },
        { host: 'a.test', path: 'no-slash' },
      ]),
    );
    const message = errorMessage(() => loadRoutesFile(file));
    expect(message).toMatch(/entry 0 .*bodyFile: give either body or bodyFile/);
    expect(message).toMatch(/entry 1 .*path: invalid regex/);
    expect(message).toMatch(/entry 2 .*path: an exact path starts with "\/"/);

    writeFileSync(file, JSON.stringify([{ host: 'a.test', path: '/x', bodyFile: 'absent.html' }]));
    expect(errorMessage(() => loadRoutesFile(file))).toMatch(/entry 0 \(a\.test \/x\): bodyFile: no such file .*absent\.html/);
  });

  it('rejects a file that is not JSON or not an array', () => {
    const file = join(tmp, 'not-array.json');
    writeFileSync(file, '{"host":"a.test"}');
    expect(() => loadRoutesFile(file)).toThrow(/invalid replay routes file .*not-array\.json/);
    writeFileSync(file, '[{');
    expect(() => loadRoutesFile(file)).toThrow(/not valid JSON/);
  });

  describe.skipIf(!hasFixtures('code'))('with the shared captures', () => {
    it('serves a shared fixture in place through an absolute bodyFile', async () => {
      const capture = fixturePath('code', 'repo-pygithub-pygithub.json');
      const file = join(tmp, 'shared.json');
      writeFileSync(
        file,
        JSON.stringify([
          {
            host: 'api.github.com',
            path: '/repos/PyGithub/PyGithub',
            headers: { 'content-type': 'application/json; charset=utf-8' },
            bodyFile: capture,
          },
        ]),
      );
      for (const route of loadRoutesFile(file)) replay.add(route);
      const res = await viaReplay('https://api.github.com/repos/PyGithub/PyGithub');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(readFileSync(capture));
    });
  });
});

describe('cli', () => {
  it('starts with --routes files, prints its URL, and serves the routes', async () => {
    const first = join(tmp, 'cli-a.json');
    const second = join(tmp, 'cli-b.json');
    writeFileSync(
      first,
      JSON.stringify([
        { host: 'h.test', path: '/a', body: 'from a' },
        { host: 'h.test', path: '/b', body: 'from a' },
      ]),
    );
    writeFileSync(second, JSON.stringify([{ host: 'h.test', path: '/b', body: 'from b' }]));
    const tsx = resolve('node_modules/.bin/tsx');
    const child = spawn(tsx, ['src/replay/cli.ts', '--port', '0', '--routes', first, '--routes', second], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((done, fail) => {
        createInterface({ input: child.stdout }).once('line', done);
        child.once('exit', (code) => fail(new Error(`cli exited ${code}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${url}/h.test/a`)).text()).toBe('from a');
      expect(await (await fetch(`${url}/h.test/b`)).text()).toBe('from b');
    } finally {
      child.kill('SIGTERM');
    }
  });
});

function errorMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected an error');
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}
