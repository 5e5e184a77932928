/**
 * The upstream client against real sockets on loopback: the replay server (with its fault
 * injection) or a bare node:http server where the replay server cannot produce the condition
 * (chunked bodies, raw request lines). Timeouts are small so the whole file runs in seconds.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamConfig } from '../config.js';
import { ApiError } from '../errors.js';
import { startReplayServer } from '../replay/server.js';
import type { Fault, ReplayServer } from '../replay/server.js';
import { createUpstream, expectOk, replayTarget, TRANSIENT_RETRY_PAUSE_MS } from './client.js';
import type { Upstream, UpstreamResponse } from './client.js';
import { ssrfRefusalOf } from './ssrf.js';

const CONFIG: UpstreamConfig = {
  connectTimeoutMs: 1_000,
  headersTimeoutMs: 600,
  bodyTimeoutMs: 400,
  totalTimeoutMs: 2_500,
  maxBodyBytes: 1_024,
  maxRedirects: 5,
  retries: 2,
  perHostConcurrency: 8,
  userAgent: 'client-test/1.0 (+tests)',
};

/** The rejection of `p`, which must be an ApiError. */
async function failure(p: Promise<unknown>): Promise<ApiError> {
  let value: unknown;
  try {
    value = await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error(`expected a rejection, got ${JSON.stringify((value as UpstreamResponse | undefined)?.status)}`);
}

async function timed<T>(p: Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = Date.now();
  const value = await p;
  return { ms: Date.now() - t0, value };
}

/** A bare HTTP server that records raw requests and answers with `handler`. */
async function startRawServer(handler: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void) {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    connections: () => connections,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('replayTarget', () => {
  it.each([
    ['https://api.github.com/repos/a/b?x=1', 'http://127.0.0.1:9000/api.github.com/repos/a/b?x=1'],
    ['https://api.github.com/repos/a/b', 'http://127.0.0.1:9000/api.github.com/repos/a/b'],
    ['https://api.github.com/repos/a/b?', 'http://127.0.0.1:9000/api.github.com/repos/a/b'],
    ['https://example.com', 'http://127.0.0.1:9000/example.com/'],
    ['https://example.com:443/x', 'http://127.0.0.1:9000/example.com/x'],
    ['http://example.com:80/x', 'http://127.0.0.1:9000/example.com/x'],
    ['https://example.com:8443/x?y=%20z', 'http://127.0.0.1:9000/example.com:8443/x?y=%20z'],
    ['http://example.com:443/x', 'http://127.0.0.1:9000/example.com:443/x'],
    ['https://Example.COM/Path/%7Euser#frag', 'http://127.0.0.1:9000/example.com/Path/%7Euser'],
  ])('%s → %s', (original, target) => {
    expect(replayTarget('http://127.0.0.1:9000', new URL(original))).toBe(target);
    expect(replayTarget('http://127.0.0.1:9000/', new URL(original))).toBe(target);
  });
});

describe('upstream client (replay mode)', () => {
  let replay: ReplayServer;
  let upstream: Upstream;
  const exchanges: { platform: string; host: string; outcome: string; ms: number }[] = [];

  beforeAll(async () => {
    replay = await startReplayServer();
    upstream = createUpstream({ config: CONFIG, replayUrl: replay.url, onExchange: (e) => exchanges.push(e) });
  });
  afterAll(async () => {
    await upstream.close();
    await replay.close();
  });
  beforeEach(() => {
    replay.reset();
    exchanges.length = 0;
  });

  describe('replay URL mapping', () => {
    let raw: Awaited<ReturnType<typeof startRawServer>>;
    let rawUpstream: Upstream;
    beforeAll(async () => {
      raw = await startRawServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      });
      rawUpstream = createUpstream({ config: CONFIG, replayUrl: raw.url });
    });
    afterAll(async () => {
      await rawUpstream.close();
      await raw.close();
    });
    beforeEach(() => {
      raw.seen.length = 0;
    });

    it('sends https://HOST/PATH?Q to <replay>/HOST/PATH?Q with x-upstream-url and the replay Host', async () => {
      const res = await rawUpstream.request({ url: 'https://api.github.com/repos/a/b?x=1&y=%2F', platform: 't' });
      expect(res.status).toBe(200);
      expect(res.text()).toBe('ok');
      expect(res.url).toBe('https://api.github.com/repos/a/b?x=1&y=%2F');
      expect(raw.seen).toHaveLength(1);
      const [hit] = raw.seen;
      expect(hit.url).toBe('/api.github.com/repos/a/b?x=1&y=%2F');
      expect(hit.headers['x-upstream-url']).toBe('https://api.github.com/repos/a/b?x=1&y=%2F');
      expect(hit.headers.host).toBe(`127.0.0.1:${raw.port}`);
      expect(hit.headers['user-agent']).toBe(CONFIG.userAgent);
    });

    it('keeps a non-default port, drops a default one, sends no trailing ? and no fragment', async () => {
      await rawUpstream.request({ url: 'https://example.com:8443/p', platform: 't' });
      await rawUpstream.request({ url: 'https://example.com:443/q?', platform: 't' });
      await rawUpstream.request({ url: 'https://example.com/r#section', platform: 't' });
      expect(raw.seen.map((s) => s.url)).toEqual(['/example.com:8443/p', '/example.com/q', '/example.com/r']);
      expect(raw.seen.map((s) => s.headers['x-upstream-url'])).toEqual([
        'https://example.com:8443/p',
        'https://example.com/q',
        'https://example.com/r',
      ]);
    });

    it('passes method, headers and body through', async () => {
      await rawUpstream.request({
        url: 'https://example.com/api',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Custom': 'v1', Accept: 'application/json' },
        body: '{"a":1}',
        platform: 't',
      });
      const [hit] = raw.seen;
      expect(hit.method).toBe('POST');
      expect(hit.body.toString()).toBe('{"a":1}');
      expect(hit.headers['content-type']).toBe('application/json');
      expect(hit.headers['x-custom']).toBe('v1');
      // the caller's Accept replaces the default one rather than being sent next to it
      expect(hit.headers.accept).toBe('application/json');
    });

    it('through the replay server: host, path, query and x-upstream-url as recorded', async () => {
      replay.add({ host: 'example.com:8443', path: '/a%20b/c', query: { q: 'x y' }, response: { body: 'matched' } });
      const res = await upstream.request({ url: 'https://example.com:8443/a%20b/c?q=x+y', platform: 't' });
      expect(res.text()).toBe('matched');
      const [hit] = replay.hits();
      expect(hit).toMatchObject({
        method: 'GET',
        host: 'example.com:8443',
        path: '/a%20b/c',
        upstreamUrl: 'https://example.com:8443/a%20b/c?q=x+y',
      });
      expect(hit.headers.host).toBe(new URL(replay.url).host);
    });
  });

  describe('redirects', () => {
    it('follows an absolute Location through the replay server; res.url is the final original URL', async () => {
      replay.add({ host: 'a.example', path: '/start', response: { status: 302, headers: { location: 'https://b.example/end?z=1' } } });
      replay.add({ host: 'b.example', path: '/end', response: { body: 'done' } });
      const res = await upstream.request({ url: 'https://a.example/start', platform: 't' });
      expect(res.status).toBe(200);
      expect(res.text()).toBe('done');
      expect(res.url).toBe('https://b.example/end?z=1');
      expect(replay.hits().map((h) => h.upstreamUrl)).toEqual(['https://a.example/start', 'https://b.example/end?z=1']);
    });

    it.each([
      ['../c?x=1', 'https://a.example/dir/c?x=1'],
      ['/root', 'https://a.example/root'],
      ['next', 'https://a.example/dir/sub/next'],
      ['//b.example/other', 'https://b.example/other'],
      ['?page=2', 'https://a.example/dir/sub/start?page=2'],
    ])('resolves a relative Location %s against the original URL', async (location, expected) => {
      // the first hit redirects, any later one reports where it landed
      replay.add({ host: 'a.example', path: /.*/, response: (r) => ({ body: `at ${r.upstreamUrl}` }) });
      replay.add({ host: 'b.example', path: /.*/, response: (r) => ({ body: `at ${r.upstreamUrl}` }) });
      replay.add({
        host: 'a.example',
        path: '/dir/sub/start',
        response: (r) => (replay.hits().length === 1 ? { status: 301, headers: { location } } : { body: `at ${r.upstreamUrl}` }),
      });
      const res = await upstream.request({ url: 'https://a.example/dir/sub/start', platform: 't' });
      expect(res.url).toBe(expected);
      expect(res.text()).toBe(`at ${expected}`);
      expect(replay.hits()).toHaveLength(2);
    });

    it('followRedirects: false returns the redirect itself (status, Location, no body); the target is never asked', async () => {
      replay.add({
        host: 'short.example',
        path: '/abc',
        response: {
          status: 301,
          headers: { location: 'https://b.example/landing?ref=short' },
          body: '<a href="https://b.example/landing?ref=short">moved</a>',
        },
      });
      replay.add({ host: 'b.example', path: /.*/, response: { body: 'target' } });
      const res = await upstream.request({ url: 'https://short.example/abc', platform: 't', followRedirects: false });
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe('https://b.example/landing?ref=short');
      expect(res.url).toBe('https://short.example/abc');
      expect(res.body.length).toBe(0);
      expect(replay.hits().map((h) => h.upstreamUrl)).toEqual(['https://short.example/abc']);
      expect(exchanges.at(-1)).toMatchObject({ host: 'short.example', outcome: 'ok' });
    });

    it("a redirect to a vendor's challenge host (Radware's validate.perfdrive.com) is that vendor's block: UPSTREAM_BLOCKED, nothing is sent there", async () => {
      // Radware Bot Manager answers a challenged request with a redirect to
      // validate.perfdrive.com/<id>/?ssa=…&ssc=<the page asked> (public scrapers of yad2.co.il, njuskalo.hr).
      const location =
        'https://validate.perfdrive.com/0a1b2c3d4e5f60718293a4b5c6d7e8f9/?ssa=1a2b&ssb=123&ssc=https%3A%2F%2Fshop.example%2Fitem&ssi=3c4d';
      for (const userParam of [undefined, 'url']) {
        replay.reset();
        replay.add({ host: 'shop.example', path: '/item', response: { status: 302, headers: { location } } });
        replay.add({ host: 'validate.perfdrive.com', path: /.*/, response: { body: '<html><body><div id="app"></div></body></html>' } });
        const err = await failure(
          upstream.request({ url: 'https://shop.example/item', platform: 't', ...(userParam ? { userParam } : {}) }),
        );
        expect(err.code).toBe('UPSTREAM_BLOCKED');
        expect(err.message).toMatch(/Radware/);
        expect(replay.hits().map((h) => h.host)).toEqual(['shop.example']);
      }
    });

    it('follows 5 redirects, refuses the 6th with UPSTREAM_FAILED', async () => {
      replay.add({
        host: 'loop.example',
        path: /^\/r\/\d+$/,
        response: (r) => ({ status: 307, headers: { location: `/r/${Number(r.path.slice(3)) + 1}` } }),
      });
      replay.add({ host: 'loop.example', path: '/r/5', response: { body: 'five' } });
      const ok = await upstream.request({ url: 'https://loop.example/r/0', platform: 't' });
      expect(ok.text()).toBe('five');
      expect(ok.url).toBe('https://loop.example/r/5');

      replay.reset();
      replay.add({
        host: 'loop.example',
        path: /^\/r\/\d+$/,
        response: (r) => ({ status: 302, headers: { location: `/r/${Number(r.path.slice(3)) + 1}` } }),
      });
      const err = await failure(upstream.request({ url: 'https://loop.example/r/0', platform: 't' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(err.message).toMatch(/more than 5 redirects/);
      expect(replay.hits()).toHaveLength(6);
    });

    it.each([
      'http://127.0.0.1/admin',
      'http://127.0.0.1:1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:8080/',
      'http://[::1]/',
      'http://2130706433/',
      'file:///etc/passwd',
    ])('a redirect to %s is UPSTREAM_FAILED and nothing is sent there', async (location) => {
      replay.add({ host: 'evil.example', path: '/', response: { status: 302, headers: { location } } });
      replay.add({ host: '127.0.0.1', path: /.*/, response: { body: 'internal' } });
      replay.add({ host: '169.254.169.254', path: /.*/, response: { body: 'metadata' } });
      const err = await failure(upstream.request({ url: 'https://evil.example/', platform: 't' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(err.message).toMatch(/redirected to a refused address/);
      // With userParam too a redirect is the upstream's doing, not the caller's: 502 (refused
      // sooner, as a redirect off the caller's host, before the target's name is even looked at).
      const user = await failure(upstream.request({ url: 'https://evil.example/', platform: 't', userParam: 'url' }));
      expect(user.code).toBe('UPSTREAM_FAILED');
      expect(user.message).toMatch(/redirected to another host/);
      expect(replay.hits().map((h) => h.host)).toEqual(['evil.example', 'evil.example']);
    });

    it('a user URL refused before sending is INVALID_INPUT naming the parameter; nothing is sent', async () => {
      replay.add({ host: '127.0.0.1', path: /.*/, response: { body: 'internal' } });
      for (const url of [
        'http://127.0.0.1/',
        'http://localhost/',
        'http://localhost../',
        'ftp://example.com/',
        'http://user:pw@example.com/',
        'http://0x7f000001/',
        'http://[fd12::1]/',
      ]) {
        const err = await failure(upstream.request({ url, platform: 't', userParam: 'url' }));
        expect(err.code).toBe('INVALID_INPUT');
        expect(err.status).toBe(400);
        expect(err.details).toEqual([{ param: 'url', message: expect.stringMatching(/^URL refused: /) }]);
      }
      const notUrl = await failure(upstream.request({ url: 'not a url', platform: 't', userParam: 'link' }));
      expect(notUrl.code).toBe('INVALID_INPUT');
      expect(notUrl.details).toEqual([{ param: 'link', message: 'not a valid URL' }]);
      expect(replay.hits()).toHaveLength(0);
    });

    it('a refused URL we built ourselves (no userParam) is UPSTREAM_FAILED; nothing is sent', async () => {
      const err = await failure(upstream.request({ url: 'http://127.0.0.1/', platform: 't' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(err.message).not.toMatch(/redirect/);
      const bad = await failure(upstream.request({ url: '::', platform: 't' }));
      expect(bad.code).toBe('UPSTREAM_FAILED');
      expect(replay.hits()).toHaveLength(0);
    });

    it("another protocol's port (the Fetch standard's bad ports: SMTP's 25, IRC's 6667): refused as a user URL and as a redirect's target; nothing is sent there", async () => {
      for (const host of ['mail.example:25', 'mail.example:6667'])
        replay.add({ host, path: /.*/, response: { body: '220 mail.example ESMTP' } });
      replay.add({ host: 'a.example', path: '/to-smtp', response: { status: 302, headers: { location: 'http://mail.example:25/' } } });
      const user = await failure(upstream.request({ url: 'https://mail.example:25/', platform: 't', userParam: 'url' }));
      expect(user.code).toBe('INVALID_INPUT');
      expect(user.details).toEqual([{ param: 'url', message: "URL refused: port 25 is not allowed (another protocol's)" }]);
      const irc = await failure(
        upstream.request({ url: 'http://mail.example:6667/', method: 'POST', body: 'NICK x', platform: 'webhook' }),
      );
      expect(irc.code).toBe('UPSTREAM_FAILED');
      expect(ssrfRefusalOf(irc)).toBe("port 6667 is not allowed (another protocol's)");
      const redirected = await failure(upstream.request({ url: 'https://a.example/to-smtp', platform: 't' }));
      expect(redirected.code).toBe('UPSTREAM_FAILED');
      expect(redirected.message).toMatch(/redirected to a refused address \(port 25 is not allowed/);
      expect(replay.hits().map((h) => h.upstreamUrl)).toEqual(['https://a.example/to-smtp']);
      // A port of the web's own is fine.
      replay.add({ host: 'b.example:8443', path: '/', response: { body: 'web' } });
      expect((await upstream.request({ url: 'https://b.example:8443/', platform: 't', userParam: 'url' })).text()).toBe('web');
    });

    it('303 after POST continues as a GET without body; 307 keeps method and body', async () => {
      replay.add({ host: 'form.example', path: '/submit', method: 'POST', response: { status: 303, headers: { location: '/result' } } });
      replay.add({ host: 'form.example', path: '/result', response: (r) => ({ body: `${r.method} ${r.body.length}` }) });
      const res = await upstream.request({
        url: 'https://form.example/submit',
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'payload',
        platform: 't',
      });
      expect(res.text()).toBe('GET 0');
      expect(replay.hits()[1].headers['content-type']).toBeUndefined();

      replay.reset();
      replay.add({ host: 'form.example', path: '/submit', method: 'POST', response: { status: 307, headers: { location: '/result' } } });
      replay.add({ host: 'form.example', path: '/result', response: (r) => ({ body: `${r.method} ${r.body.toString()}` }) });
      const kept = await upstream.request({ url: 'https://form.example/submit', method: 'POST', body: 'payload', platform: 't' });
      expect(kept.text()).toBe('POST payload');
    });

    describe('a host the caller named (userParam)', () => {
      it('a redirect to another host is refused (UPSTREAM_FAILED naming both), nothing is sent there', async () => {
        // A "Mastodon server" sending the gateway on to other platforms' APIs (sweep H, t14).
        replay.add({
          host: 'evil-instance.example',
          path: '/api/v1/accounts/lookup',
          response: { status: 302, headers: { location: 'https://api.github.com/users/octocat?hop=1' } },
        });
        replay.add({ host: 'api.github.com', path: /.*/, response: { status: 302, headers: { location: 'https://www.reddit.com/' } } });
        replay.add({ host: 'www.reddit.com', path: /.*/, response: { body: 'reddit' } });
        const err = await failure(
          upstream.request({ url: 'https://evil-instance.example/api/v1/accounts/lookup?acct=u', platform: 't', userParam: 'handle' }),
        );
        expect(err.code).toBe('UPSTREAM_FAILED');
        expect(err.status).toBe(502);
        expect(err.message).toMatch(/evil-instance\.example redirected to another host \(api\.github\.com\)/);
        expect(replay.hits().map((h) => h.host)).toEqual(['evil-instance.example']);
        // The same redirect on a URL the platform built is followed as before.
        replay.reset();
        replay.add({ host: 'a.example', path: '/', response: { status: 302, headers: { location: 'https://b.example/' } } });
        replay.add({ host: 'b.example', path: '/', response: { body: 'b' } });
        expect((await upstream.request({ url: 'https://a.example/', platform: 't' })).text()).toBe('b');
      });

      it('on its own site a redirect is followed: the same host, its www. twin either way, http → https', async () => {
        replay.add({ host: 'pub.example', path: '/a', response: { status: 301, headers: { location: 'https://pub.example/b' } } });
        replay.add({ host: 'pub.example', path: '/b', response: { status: 302, headers: { location: 'https://www.pub.example/c' } } });
        replay.add({ host: 'www.pub.example', path: '/c', response: { status: 307, headers: { location: 'https://pub.example/d' } } });
        replay.add({ host: 'pub.example', path: '/d', response: { status: 308, headers: { location: '/e' } } });
        replay.add({ host: 'pub.example', path: '/e', response: { body: 'here' } });
        const res = await upstream.request({ url: 'http://pub.example/a', platform: 't', userParam: 'url' });
        expect(res.text()).toBe('here');
        expect(res.url).toBe('https://pub.example/e');
        expect(replay.hits().map((h) => h.upstreamUrl)).toEqual([
          'http://pub.example/a',
          'https://pub.example/b',
          'https://www.pub.example/c',
          'https://pub.example/d',
          'https://pub.example/e',
        ]);
      });

      it.each([
        ['a subdomain', 'https://pub.example/', 'https://api.pub.example/there'],
        ['a parent domain', 'https://social.pub.example/', 'https://pub.example/there'],
        ['another port', 'https://pub.example/', 'https://pub.example:8443/there'],
        ['https → http', 'https://pub.example/', 'http://pub.example/there'],
        ['a look-alike', 'https://pub.example/', 'https://wwwpub.example/there'],
      ])('%s is another site: refused, nothing sent there', async (_name, from, to) => {
        replay.add({ host: new URL(from).host, path: '/', response: { status: 302, headers: { location: to } } });
        replay.add({ host: new URL(to).host, path: '/there', response: { body: 'elsewhere' } });
        const err = await failure(upstream.request({ url: from, platform: 't', userParam: 'url' }));
        expect(err.code).toBe('UPSTREAM_FAILED');
        expect(err.message).toMatch(/redirected to another host/);
        expect(replay.hits().map((h) => h.upstreamUrl)).toEqual([from]);
      });

      it("platformDomains: the platform's own host may send it elsewhere; from there on the caller's rules hold", async () => {
        const own = { platform: 't', userParam: 'url', platformDomains: ['substack.example'] };
        replay.add({
          host: 'mirasol.substack.example',
          path: '/p',
          response: { status: 301, headers: { location: 'https://notes.mirasol.example/p' } },
        });
        replay.add({ host: 'notes.mirasol.example', path: '/p', response: { body: 'post' } });
        expect((await upstream.request({ url: 'https://mirasol.substack.example/p', ...own })).text()).toBe('post');
        // The custom domain it landed on is caller-named: its own redirect elsewhere is not followed.
        replay.add({
          host: 'notes.mirasol.example',
          path: '/q',
          response: { status: 302, headers: { location: 'https://api.github.com/' } },
        });
        replay.add({
          host: 'mirasol.substack.example',
          path: '/q',
          response: { status: 301, headers: { location: 'https://notes.mirasol.example/q' } },
        });
        const err = await failure(upstream.request({ url: 'https://mirasol.substack.example/q', ...own }));
        expect(err.message).toMatch(/notes\.mirasol\.example redirected to another host \(api\.github\.com\)/);
        expect(replay.hits({ host: 'api.github.com' })).toHaveLength(0);
      });
    });

    it('credentials follow a same-origin redirect but never one to another origin', async () => {
      replay.add({ host: 'api.example', path: '/old', response: { status: 301, headers: { location: '/new' } } });
      replay.add({ host: 'api.example', path: '/new', response: { status: 302, headers: { location: 'https://cdn.example/file' } } });
      replay.add({ host: 'cdn.example', path: '/file', response: { body: 'file' } });
      await upstream.request({ url: 'https://api.example/old', headers: { Authorization: 'Bearer secret', cookie: 'a=b' }, platform: 't' });
      const hits = replay.hits();
      expect(hits.map((h) => h.host)).toEqual(['api.example', 'api.example', 'cdn.example']);
      expect(hits[0].headers.authorization).toBe('Bearer secret');
      expect(hits[1].headers.authorization).toBe('Bearer secret');
      expect(hits[2].headers.authorization).toBeUndefined();
      expect(hits[2].headers.cookie).toBeUndefined();
      expect(hits[2].headers['user-agent']).toBe(CONFIG.userAgent);
    });

    it('a 3xx without Location is returned as it is', async () => {
      replay.add({ host: 'a.example', path: '/', response: { status: 304 } });
      const res = await upstream.request({ url: 'https://a.example/', platform: 't' });
      expect(res.status).toBe(304);
    });
  });

  describe('cool-downs and who named the host', () => {
    // A fresh client (and host gate) per test, with cool-downs on.
    let cooled: Upstream;
    beforeEach(() => {
      cooled = createUpstream({ config: { ...CONFIG, cooldownMaxMs: 600_000 }, replayUrl: replay.url });
    });
    afterEach(async () => {
      await cooled.close();
    });
    const slowDown = {
      status: 429,
      headers: { 'retry-after': '600', 'content-type': 'application/json' },
      body: '{"message":"slow down"}',
    };
    const lookup = (host: string) => ({
      url: `https://${host}/api/v1/accounts/lookup?acct=u`,
      platform: 'microblog-e',
      userParam: 'handle',
    });

    it("a caller-named server redirected onto a platform's host: refused, that host untouched and not cooling down", async () => {
      replay.add({
        host: 'evil-instance.example',
        path: '/api/v1/accounts/lookup',
        response: { status: 302, headers: { location: 'https://api.github.com/users/octocat?hop=1' } },
      });
      replay.add({ host: 'api.github.com', path: '/users/octocat', query: { hop: '1' }, response: slowDown });
      replay.add({ host: 'api.github.com', path: '/users/octocat', response: { body: '{"login":"octocat"}' } });
      const err = await failure(cooled.request(lookup('evil-instance.example')));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(replay.hits({ host: 'api.github.com' })).toHaveLength(0);
      // Another caller's request the platform builds for that host goes out and is answered.
      const res = await cooled.request({ url: 'https://api.github.com/users/octocat', platform: 'code' });
      expect(res.status).toBe(200);
      expect(replay.hits({ host: 'api.github.com' })).toHaveLength(1);
    });

    it("a 429 + Retry-After from a host the caller named holds caller-named requests to it, never the platform's own", async () => {
      replay.add({ host: 'api.github.com', path: '/api/v1/accounts/lookup', response: slowDown });
      replay.add({ host: 'api.github.com', path: '/users/octocat', response: { body: '{"login":"octocat"}' } });
      // The caller names api.github.com as a "Mastodon server"; it answers 429, Retry-After: 600.
      expect((await cooled.request(lookup('api.github.com'))).status).toBe(429);
      // The code platform's own request to that host is not held.
      const t0 = Date.now();
      expect((await cooled.request({ url: 'https://api.github.com/users/octocat', platform: 'code' })).status).toBe(200);
      expect(Date.now() - t0).toBeLessThan(1_000);
      // A later caller-named request to it waits out the cool-down: here, past its deadline, so at once and unsent.
      const again = await failure(cooled.request(lookup('api.github.com')));
      expect(again.code).toBe('UPSTREAM_BLOCKED');
      expect(again.message).toMatch(/cooling down/);
      expect(replay.hits({ host: 'api.github.com', path: '/api/v1/accounts/lookup' })).toHaveLength(1);
    });

    it("a webhook's delivery (callerChosen) answered 429 + Retry-After holds caller-named requests to that host only, never the platform's own", async () => {
      replay.add({ host: 'api.github.com', path: '/hooks/mine', method: 'POST', response: slowDown });
      replay.add({ host: 'api.github.com', path: '/users/octocat', response: { body: '{"login":"octocat"}' } });
      const hook = {
        url: 'https://api.github.com/hooks/mine',
        method: 'POST' as const,
        body: '{}',
        platform: 'webhook',
        callerChosen: true,
      };
      expect((await cooled.request(hook)).status).toBe(429);
      const t0 = Date.now();
      expect((await cooled.request({ url: 'https://api.github.com/users/octocat', platform: 'code' })).status).toBe(200);
      expect(Date.now() - t0).toBeLessThan(1_000);
      expect((await failure(cooled.request(hook))).code).toBe('UPSTREAM_BLOCKED');
    });

    it("a platform's own cool-down holds caller-named requests to that host too", async () => {
      replay.add({ host: 'api.github.com', path: '/users/octocat', response: slowDown });
      replay.add({ host: 'api.github.com', path: '/api/v1/accounts/lookup', response: { body: '{}' } });
      expect((await cooled.request({ url: 'https://api.github.com/users/octocat', platform: 'code' })).status).toBe(429);
      const err = await failure(cooled.request(lookup('api.github.com')));
      expect(err.code).toBe('UPSTREAM_BLOCKED');
      expect(replay.hits({ host: 'api.github.com', path: '/api/v1/accounts/lookup' })).toHaveLength(0);
    });
  });

  describe('faults', () => {
    it('timeout → UPSTREAM_TIMEOUT within the configured deadline, not retried', async () => {
      replay.add({ host: 'slow.example', path: '/', response: { body: 'never', fault: { kind: 'timeout' } } });
      const { ms, value: err } = await timed(failure(upstream.request({ url: 'https://slow.example/', platform: 't' })));
      expect(err.code).toBe('UPSTREAM_TIMEOUT');
      expect(err.status).toBe(504);
      expect(ms).toBeLessThan(5_000);
      expect(replay.hits()).toHaveLength(1);
      expect(exchanges).toEqual([expect.objectContaining({ platform: 't', host: 'slow.example', outcome: 'upstream_timeout' })]);
    });

    it('the overall deadline (timeoutMs) bounds a request even when each step is within its own timeout', async () => {
      // Each attempt answers 503 after 300 ms (< headersTimeout), and 10 retries are allowed: without
      // the 500 ms deadline that is 11 attempts and over 3.3 s. With it, at most two attempts start.
      // Which way it ends depends on when the first 503 arrives (a loaded machine may delay it): the
      // deadline cuts the second attempt short (UPSTREAM_TIMEOUT), or no retry fits before the
      // deadline any more and that 503 is the answer. Both are bounded; neither retries on.
      replay.add({ host: 'deadline.example', path: '/', response: () => ({ status: 503, fault: { kind: 'latency', ms: 300 } }) });
      const { ms, value } = await timed(
        upstream.request({ url: 'https://deadline.example/', platform: 't', timeoutMs: 500, retries: 10 }).then(
          (res) => ({ status: res.status }),
          (e: ApiError) => ({ code: e.code }),
        ),
      );
      expect([{ code: 'UPSTREAM_TIMEOUT' }, { status: 503 }]).toContainEqual(value);
      expect(replay.hits({ host: 'deadline.example' }).length).toBeLessThanOrEqual(2);
      // Its second attempt, cut short by the deadline, may still reach the in-process replay server
      // after the next test has begun (a loaded event loop): the tests below count their own host's hits.
      expect(ms).toBeLessThan(3_000);
    });

    it('reset → retried, then UPSTREAM_FAILED', async () => {
      replay.add({ host: 'rst.example', path: '/', response: { body: 'x', fault: { kind: 'reset' } } });
      const err = await failure(upstream.request({ url: 'https://rst.example/', platform: 't' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(replay.hits({ host: 'rst.example' })).toHaveLength(CONFIG.retries + 1);
    });

    it('reset then normal → succeeds on the retry', async () => {
      replay.add({
        host: 'rst.example',
        path: '/',
        response: { body: 'fine', fault: { kind: 'sequence', faults: [{ kind: 'reset' }, null] } },
      });
      const res = await upstream.request({ url: 'https://rst.example/', platform: 't' });
      expect(res.text()).toBe('fine');
      expect(replay.hits({ host: 'rst.example' })).toHaveLength(2);
    });

    it('sequence [503, normal] → succeeds after one retry (2 hits)', async () => {
      replay.add({
        host: 'flaky.example',
        path: '/',
        response: { body: 'ok', fault: { kind: 'sequence', faults: [{ kind: 'status', status: 503 }, null] } },
      });
      const res = await upstream.request({ url: 'https://flaky.example/', platform: 't' });
      expect(res.status).toBe(200);
      expect(res.text()).toBe('ok');
      expect(replay.hits({ host: 'flaky.example' })).toHaveLength(2);
    });

    it('429 with retry-after: 0, then normal → succeeds', async () => {
      replay.add({
        host: 'rl.example',
        path: '/',
        response: {
          body: 'ok',
          fault: { kind: 'sequence', faults: [{ kind: 'status', status: 429, headers: { 'retry-after': '0' } }, null] },
        },
      });
      const res = await upstream.request({ url: 'https://rl.example/', platform: 't' });
      expect(res.status).toBe(200);
      expect(replay.hits({ host: 'rl.example' })).toHaveLength(2);
    });

    it('429 with a long retry-after is returned at once instead of holding the caller', async () => {
      replay.add({
        host: 'rl.example',
        path: '/',
        response: { body: 'ok', fault: { kind: 'status', status: 429, headers: { 'retry-after': '120' } } },
      });
      const { ms, value: res } = await timed(upstream.request({ url: 'https://rl.example/', platform: 't' }));
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('120');
      expect(replay.hits({ host: 'rl.example' })).toHaveLength(1);
      expect(ms).toBeLessThan(5_000);
    });

    it('500 storm → after the retries the 500 response is returned, not thrown', async () => {
      replay.add({ host: 'down.example', path: '/', response: { fault: { kind: 'status', status: 500, body: 'oops' } } });
      const res = await upstream.request({ url: 'https://down.example/', platform: 't' });
      expect(res.status).toBe(500);
      expect(res.text()).toBe('oops');
      expect(replay.hits({ host: 'down.example' })).toHaveLength(CONFIG.retries + 1);
      expect(exchanges.at(-1)?.outcome).toBe('http_500');
    });

    it('retries: 0 on the request disables retrying', async () => {
      replay.add({ host: 'down.example', path: '/', response: { fault: { kind: 'status', status: 503 } } });
      const res = await upstream.request({ url: 'https://down.example/', platform: 't', retries: 0 });
      expect(res.status).toBe(503);
      expect(replay.hits({ host: 'down.example' })).toHaveLength(1);
    });

    it('retryBare5xx (with retries: 0): a GET answered a bare 500, 502 or 503 is sent once more after a pause; a second one is the answer', async () => {
      const once = (host: string, first: Fault, then: Fault | null = null) =>
        replay.add({ host, path: '/', response: { body: 'ok', fault: { kind: 'sequence', faults: [first, then] } } });
      const ask = (host: string, method: 'GET' | 'POST' = 'GET') =>
        timed(upstream.request({ url: `https://${host}/`, method, platform: 't', retries: 0, retryBare5xx: true }));
      for (const status of [500, 502, 503]) {
        once(`s${status}.example`, { kind: 'status', status });
        const { ms, value } = await ask(`s${status}.example`);
        expect([value.status, value.text(), replay.hits({ host: `s${status}.example` }).length]).toEqual([200, 'ok', 2]);
        expect(ms).toBeGreaterThanOrEqual(TRANSIENT_RETRY_PAUSE_MS - 2);
      }
      once('twice.example', { kind: 'status', status: 502 }, { kind: 'status', status: 503 });
      expect((await ask('twice.example')).value.status).toBe(503);
      expect(replay.hits({ host: 'twice.example' })).toHaveLength(2);
    });

    it('retryBare5xx: a 503 with Retry-After, a 504, a POST and a reset are answered as they are, asked once', async () => {
      const once = (host: string, first: Fault) =>
        replay.add({ host, path: '/', response: { body: 'ok', fault: { kind: 'sequence', faults: [first, null] } } });
      const ask = (host: string, method: 'GET' | 'POST' = 'GET') =>
        upstream.request({ url: `https://${host}/`, method, platform: 't', retries: 0, retryBare5xx: true });
      once('wait.example', { kind: 'status', status: 503, headers: { 'retry-after': '0' } });
      once('gw.example', { kind: 'status', status: 504 });
      once('post.example', { kind: 'status', status: 503 });
      once('rst.example', { kind: 'reset' });
      expect((await ask('wait.example')).status).toBe(503);
      expect((await ask('gw.example')).status).toBe(504);
      expect((await ask('post.example', 'POST')).status).toBe(503);
      expect((await failure(ask('rst.example'))).code).toBe('UPSTREAM_FAILED');
      for (const host of ['wait.example', 'gw.example', 'post.example', 'rst.example']) expect(replay.hits({ host }), host).toHaveLength(1);
    });

    it('truncated body → retried, then UPSTREAM_FAILED', async () => {
      replay.add({ host: 'cut.example', path: '/', response: { body: 'x'.repeat(500), fault: { kind: 'truncate', bytes: 100 } } });
      const err = await failure(upstream.request({ url: 'https://cut.example/', platform: 't' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(replay.hits({ host: 'cut.example' })).toHaveLength(CONFIG.retries + 1);
    });

    it('truncated body then normal → the retry succeeds with the full body', async () => {
      replay.add({
        host: 'cut.example',
        path: '/',
        response: { body: 'y'.repeat(500), fault: { kind: 'sequence', faults: [{ kind: 'truncate', bytes: 10 }, null] } },
      });
      const res = await upstream.request({ url: 'https://cut.example/', platform: 't' });
      expect(res.body.length).toBe(500);
      expect(replay.hits({ host: 'cut.example' })).toHaveLength(2);
    });

    it('content-length above maxBodyBytes → UPSTREAM_FAILED, not retried', async () => {
      replay.add({ host: 'big.example', path: '/', response: { body: Buffer.alloc(CONFIG.maxBodyBytes + 1, 97) } });
      const err = await failure(upstream.request({ url: 'https://big.example/', platform: 't' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(err.message).toMatch(/exceeds 1024 bytes/);
      expect(replay.hits({ host: 'big.example' })).toHaveLength(1);
    });

    it('a body of exactly maxBodyBytes is accepted; a per-request maxBodyBytes overrides the config', async () => {
      replay.add({ host: 'big.example', path: '/exact', response: { body: Buffer.alloc(CONFIG.maxBodyBytes, 97) } });
      replay.add({ host: 'big.example', path: '/larger', response: { body: Buffer.alloc(5_000, 97) } });
      expect((await upstream.request({ url: 'https://big.example/exact', platform: 't' })).body.length).toBe(CONFIG.maxBodyBytes);
      expect((await upstream.request({ url: 'https://big.example/larger', platform: 't', maxBodyBytes: 10_000 })).body.length).toBe(5_000);
      const err = await failure(upstream.request({ url: 'https://big.example/exact', platform: 't', maxBodyBytes: 100 }));
      expect(err.code).toBe('UPSTREAM_FAILED');
    });

    it('HEAD: a content-length above the cap describes no body and is fine', async () => {
      replay.add({ host: 'big.example', path: '/', response: { body: Buffer.alloc(10_000, 97) } });
      const res = await upstream.request({ url: 'https://big.example/', method: 'HEAD', platform: 't' });
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe('10000');
      expect(res.body.length).toBe(0);
    });

    it('slowBody exceeding the body timeout → UPSTREAM_TIMEOUT', async () => {
      replay.add({
        host: 'drip.example',
        path: '/',
        response: { body: 'abcdefghij', fault: { kind: 'slowBody', chunkBytes: 1, intervalMs: 1_000 } },
      });
      const { ms, value: err } = await timed(failure(upstream.request({ url: 'https://drip.example/', platform: 't' })));
      expect(err.code).toBe('UPSTREAM_TIMEOUT');
      expect(ms).toBeLessThan(5_000);
    });

    it('slowBody within the body timeout completes', async () => {
      replay.add({
        host: 'drip.example',
        path: '/',
        response: { body: 'abcd', fault: { kind: 'slowBody', chunkBytes: 1, intervalMs: 50 } },
      });
      const res = await upstream.request({ url: 'https://drip.example/', platform: 't' });
      expect(res.text()).toBe('abcd');
    });

    it('POST is never retried: one hit on 503, one on a reset', async () => {
      replay.add({ host: 'post.example', path: '/503', response: { fault: { kind: 'status', status: 503 } } });
      replay.add({ host: 'post.example', path: '/reset', response: { fault: { kind: 'reset' } } });
      const res = await upstream.request({ url: 'https://post.example/503', method: 'POST', body: '{}', platform: 't', retries: 3 });
      expect(res.status).toBe(503);
      expect(replay.hits({ path: '/503' })).toHaveLength(1);
      const err = await failure(upstream.request({ url: 'https://post.example/reset', method: 'POST', body: '{}', platform: 't' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(replay.hits({ path: '/reset' })).toHaveLength(1);
    });

    it('an invalid JSON body: json() throws UPSTREAM_FAILED', async () => {
      replay.add({ host: 'j.example', path: '/', response: { body: '<html>', headers: { 'content-type': 'application/json' } } });
      const res = await upstream.request({ url: 'https://j.example/', platform: 't' });
      expect(() => res.json()).toThrow(ApiError);
      try {
        res.json();
      } catch (e) {
        expect((e as ApiError).code).toBe('UPSTREAM_FAILED');
      }
    });
  });

  describe('oversized body without content-length (chunked)', () => {
    let raw: Awaited<ReturnType<typeof startRawServer>>;
    let rawUpstream: Upstream;
    beforeAll(async () => {
      raw = await startRawServer((req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' }); // no content-length: chunked
        const n = req.url?.includes('small') ? 2 : 20;
        for (let i = 0; i < n; i++) res.write('z'.repeat(256));
        res.end();
      });
      rawUpstream = createUpstream({ config: CONFIG, replayUrl: raw.url });
    });
    afterAll(async () => {
      await rawUpstream.close();
      await raw.close();
    });

    it('a chunked body above the cap → UPSTREAM_FAILED, not retried', async () => {
      const err = await failure(rawUpstream.request({ url: 'https://chunked.example/big', platform: 't' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(err.message).toMatch(/exceeds 1024 bytes/);
      expect(raw.seen).toHaveLength(1);
    });

    it('a chunked body under the cap is read whole', async () => {
      const res = await rawUpstream.request({ url: 'https://chunked.example/small', platform: 't' });
      expect(res.body.length).toBe(512);
      expect(res.headers['content-length']).toBeUndefined();
    });
  });

  describe('cancellation and concurrency', () => {
    let patient: Upstream;
    beforeAll(() => {
      patient = createUpstream({
        config: { ...CONFIG, headersTimeoutMs: 20_000, bodyTimeoutMs: 20_000, totalTimeoutMs: 20_000, perHostConcurrency: 1 },
        replayUrl: replay.url,
      });
    });
    afterAll(() => patient.close());

    it("the caller's AbortSignal ends a hung request promptly", async () => {
      replay.add({ host: 'hang.example', path: '/', response: { fault: { kind: 'timeout' } } });
      const ac = new AbortController();
      setTimeout(() => ac.abort(new Error('caller gave up')), 100);
      const { ms, value: err } = await timed(failure(patient.request({ url: 'https://hang.example/', platform: 't', signal: ac.signal })));
      expect(err.code).toBe('UPSTREAM_TIMEOUT');
      expect(ms).toBeLessThan(3_000);
      expect(replay.hits()).toHaveLength(1);
    });

    it('an already aborted signal sends nothing', async () => {
      replay.add({ host: 'hang.example', path: '/', response: { body: 'x' } });
      const err = await failure(patient.request({ url: 'https://hang.example/', platform: 't', signal: AbortSignal.abort() }));
      expect(err.code).toBe('UPSTREAM_TIMEOUT');
      expect(replay.hits()).toHaveLength(0);
    });

    it('a request waiting for a per-host slot is aborted promptly and never sent', async () => {
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      replay.add({ host: 'busy.example', path: '/hold', response: async () => (await gate, { body: 'held' }) });
      replay.add({ host: 'busy.example', path: '/queued', response: { body: 'queued' } });
      const holder = patient.request({ url: 'https://busy.example/hold', platform: 't' });
      try {
        await vi.waitFor(() => expect(replay.hits({ path: '/hold' })).toHaveLength(1));
        const ac = new AbortController();
        setTimeout(() => ac.abort(), 50);
        const { ms, value: err } = await timed(
          failure(patient.request({ url: 'https://busy.example/queued', platform: 't', signal: ac.signal })),
        );
        expect(err.code).toBe('UPSTREAM_TIMEOUT');
        expect(ms).toBeLessThan(3_000);
        expect(replay.hits({ path: '/queued' })).toHaveLength(0);
      } finally {
        open();
      }
      expect((await holder).text()).toBe('held');
      // the slot is free again
      expect((await patient.request({ url: 'https://busy.example/queued', platform: 't' })).text()).toBe('queued');
    });

    it('per-host concurrency: 6 concurrent requests, never more than 2 in flight for that host', async () => {
      const limited = createUpstream({
        config: { ...CONFIG, perHostConcurrency: 2, totalTimeoutMs: 10_000, headersTimeoutMs: 10_000 },
        replayUrl: replay.url,
      });
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      let inFlight = 0;
      let maxInFlight = 0;
      replay.add({
        host: 'limited.example',
        path: /^\/\d$/,
        response: async (r) => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          await gate;
          await delay(40); // overlap with whatever the client sends next, if it sends too much
          inFlight--;
          return { body: r.path };
        },
      });
      replay.add({ host: 'other.example', path: '/', response: { body: 'other' } });
      try {
        const all = Array.from({ length: 6 }, (_, i) => limited.request({ url: `https://limited.example/${i}`, platform: 't' }));
        await vi.waitFor(() => expect(replay.hits({ host: 'limited.example' })).toHaveLength(2));
        // another host is not held up by limited.example's queue, while two are held at the gate
        expect((await limited.request({ url: 'https://other.example/', platform: 't' })).text()).toBe('other');
        expect(inFlight).toBe(2);
        expect(replay.hits({ host: 'limited.example' })).toHaveLength(2);
        open();
        const results = await Promise.all(all);
        expect(results.map((r) => r.text())).toEqual(['/0', '/1', '/2', '/3', '/4', '/5']);
        expect(maxInFlight).toBe(2);
        expect(replay.hits({ host: 'limited.example' })).toHaveLength(6);
      } finally {
        open();
        await limited.close();
      }
    });

    it('perHostConcurrency 0 means no limit (not "never send")', async () => {
      const unlimited = createUpstream({
        config: { ...CONFIG, perHostConcurrency: 0, totalTimeoutMs: 10_000, headersTimeoutMs: 10_000 },
        replayUrl: replay.url,
      });
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      replay.add({ host: 'free.example', path: /.*/, response: async () => (await gate, { body: 'ok' }) });
      try {
        const all = Array.from({ length: 4 }, (_, i) => unlimited.request({ url: `https://free.example/${i}`, platform: 't' }));
        await vi.waitFor(() => expect(replay.hits({ host: 'free.example' })).toHaveLength(4));
        open();
        expect((await Promise.all(all)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
      } finally {
        open();
        await unlimited.close();
      }
    });
  });
});

describe('expectOk', () => {
  const res = (status: number): UpstreamResponse => ({
    status,
    headers: {},
    url: 'https://x.example/',
    body: Buffer.alloc(0),
    text: () => '',
    json: <T>() => ({}) as T,
  });

  it.each([200, 201, 204, 299])('passes %i through', (status) => {
    const r = res(status);
    expect(expectOk(r, 'p', 'thing')).toBe(r);
  });

  it.each([
    [404, 'NOT_FOUND', 404],
    [410, 'NOT_FOUND', 404],
    [401, 'UPSTREAM_BLOCKED', 502],
    [403, 'UPSTREAM_BLOCKED', 502],
    [429, 'UPSTREAM_BLOCKED', 502],
    // Fastly Next-Gen WAF's default block status (and mod_security's deny pages).
    [406, 'UPSTREAM_BLOCKED', 502],
    [500, 'UPSTREAM_FAILED', 502],
    [502, 'UPSTREAM_FAILED', 502],
    [503, 'UPSTREAM_FAILED', 502],
    [504, 'UPSTREAM_FAILED', 502],
    [400, 'UPSTREAM_FAILED', 502],
    [302, 'UPSTREAM_FAILED', 502],
  ])('HTTP %i → %s (%i)', (status, code, httpStatus) => {
    let thrown: unknown;
    try {
      expectOk(res(status), 'p', 'The thing');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).code).toBe(code);
    expect((thrown as ApiError).status).toBe(httpStatus);
  });

  it('names the thing on NOT_FOUND', () => {
    expect(() => expectOk(res(404), 'p', 'The repository')).toThrow('The repository was not found');
  });
});

describe('upstream client (direct mode, injected resolver)', () => {
  let raw: Awaited<ReturnType<typeof startRawServer>>;
  beforeAll(async () => {
    raw = await startRawServer((_req, res) => res.end('reached'));
  });
  afterAll(() => raw.close());
  afterEach(() => {
    raw.seen.length = 0;
  });

  it('a user URL whose name resolves to a private address → INVALID_INPUT, nothing connected', async () => {
    const resolver = vi.fn(async () => ['10.0.0.5']);
    const upstream = createUpstream({ config: CONFIG, resolver });
    try {
      const err = await failure(upstream.request({ url: 'https://example.com/', platform: 't', userParam: 'url' }));
      expect(err.code).toBe('INVALID_INPUT');
      // Worded as a name that does not resolve (below): the reason is the operator's, attached.
      expect(err.details).toEqual([{ param: 'url', message: 'URL refused: host example.com does not resolve to a public address' }]);
      expect(ssrfRefusalOf(err)).toBe('host example.com resolves to a ipv4 private address');
      // only the pre-flight check resolved the name: no connect-time lookup, so no connection
      expect(resolver).toHaveBeenCalledTimes(1);
    } finally {
      await upstream.close();
    }
  });

  it('a user URL whose name resolves to a refused address and one whose name does not resolve get one answer: which internal names exist is not told', async () => {
    const resolver = vi.fn(async (host: string) => {
      if (host === 'db.corp-inside.example') return ['10.20.0.5'];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    });
    const upstream = createUpstream({ config: CONFIG, resolver });
    try {
      const answer = async (host: string) => {
        const err = await failure(upstream.request({ url: `https://${host}/`, platform: 'microblog-e', userParam: 'instance' }));
        return { code: err.code, status: err.status, details: JSON.stringify(err.details).replaceAll(host, '<host>') };
      };
      const inside = await answer('db.corp-inside.example');
      const nowhere = await answer('db.corp-nowhere.example');
      expect(nowhere).toEqual(inside);
      expect(inside.code).toBe('INVALID_INPUT');
      expect(JSON.parse(inside.details)).toEqual([
        { param: 'instance', message: 'URL refused: host <host> does not resolve to a public address' },
      ]);
      expect(raw.connections()).toBe(0);
    } finally {
      await upstream.close();
    }
  });

  it('the same for a URL we built (no userParam) → UPSTREAM_FAILED, not retried', async () => {
    const resolver = vi.fn(async () => ['93.184.216.34', '192.168.1.10']);
    const upstream = createUpstream({ config: CONFIG, resolver });
    try {
      const err = await failure(upstream.request({ url: 'https://example.com/', platform: 't' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(ssrfRefusalOf(err)).toBe('host example.com resolves to a ipv4 private address');
      expect(resolver).toHaveBeenCalledTimes(1);
    } finally {
      await upstream.close();
    }
  });

  it('DNS rebinding: a name that turns private between check and connect is refused at connect time', async () => {
    let calls = 0;
    // public for the pre-flight check, loopback (where the raw server listens) afterwards
    const resolver = vi.fn(async () => (calls++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']));
    const upstream = createUpstream({ config: CONFIG, resolver });
    try {
      const err = await failure(upstream.request({ url: `http://rebind.example:${raw.port}/`, platform: 't' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(err.message).toMatch(/refused at connect time/);
      expect(ssrfRefusalOf(err)).toBe('rebind.example resolves to a ipv4 loopback address');
      // the connect-time lookup ran, refused, and the refusal was not retried
      expect(resolver).toHaveBeenCalledTimes(2);
      expect(raw.connections()).toBe(0);
      expect(raw.seen).toHaveLength(0);
    } finally {
      await upstream.close();
    }
  });

  it('offline (no name has resolved since start): a DNS failure reads as one and points to the demo; nothing connected, not retried', async () => {
    const resolver = vi.fn(async (host: string) =>
      Promise.reject(Object.assign(new Error(`getaddrinfo EAI_AGAIN ${host}`), { code: 'EAI_AGAIN' })),
    );
    const upstream = createUpstream({ config: CONFIG, resolver });
    try {
      const err = await failure(upstream.request({ url: 'https://api.github.com/repos/o/r', platform: 'code' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(err.message).toMatch(
        /^code: could not resolve host api\.github\.com \(DNS EAI_AGAIN\); this machine seems to be offline .*`npm run demo` serves demo data$/,
      );
      expect(err.message).not.toMatch(/refused/);
      // even a user's own URL: offline, the input is not what is wrong
      const user = await failure(upstream.request({ url: 'https://linktr.ee/someone', platform: 'linkpage-a', userParam: 'url' }));
      expect(user.code).toBe('UPSTREAM_FAILED');
      expect(user.message).toContain('npm run demo');
      expect(resolver).toHaveBeenCalledTimes(2);
    } finally {
      await upstream.close();
    }
  });

  it('once a name has resolved, a DNS failure has no offline hint, and a user URL that does not resolve is INVALID_INPUT', async () => {
    let rebindCalls = 0;
    const resolver = vi.fn(async (host: string) => {
      // public for the pre-flight check, loopback at connect time: refused before any byte is
      // sent (no real network), but the name did resolve
      if (host === 'rebind.example') return rebindCalls++ === 0 ? ['93.184.216.34'] : ['127.0.0.1'];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    });
    const upstream = createUpstream({ config: CONFIG, resolver });
    try {
      expect((await failure(upstream.request({ url: `http://rebind.example:${raw.port}/`, platform: 't' }))).message).toMatch(
        /refused at connect time/,
      );
      expect(raw.connections()).toBe(0);
      const err = await failure(upstream.request({ url: 'https://api.github.com/repos/o/r', platform: 'code' }));
      expect(err.code).toBe('UPSTREAM_FAILED');
      expect(err.message).toBe('code: could not resolve host api.github.com (DNS ENOTFOUND)');
      // A name that does not resolve is no refusal (it may resolve later).
      expect(ssrfRefusalOf(err)).toBeUndefined();
      const user = await failure(upstream.request({ url: 'https://no-such-name.example/', platform: 'linkpage-a', userParam: 'url' }));
      expect(user.code).toBe('INVALID_INPUT');
      expect(user.details).toEqual([
        { param: 'url', message: 'URL refused: host no-such-name.example does not resolve to a public address' },
      ]);
      // an SSRF refusal is still worded as a refusal
      const refused = await failure(upstream.request({ url: 'http://10.0.0.1/', platform: 't' }));
      expect(refused.message).toMatch(/upstream address refused/);
    } finally {
      await upstream.close();
    }
  });

  it('a resolver that never answers is bounded by the deadline', async () => {
    const upstream = createUpstream({ config: CONFIG, resolver: () => new Promise<string[]>(() => {}) });
    try {
      const { ms, value: err } = await timed(failure(upstream.request({ url: 'https://example.com/', platform: 't', timeoutMs: 200 })));
      expect(err.code).toBe('UPSTREAM_TIMEOUT');
      expect(ms).toBeLessThan(3_000);
    } finally {
      await upstream.close();
    }
  });
});
