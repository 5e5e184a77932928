/**
 * Upstream proxies: the selection rules (NO_PROXY, HTTP(S)_PROXY precedence, rotation per host)
 * as unit tests, then real requests through tiny HTTP proxies on loopback (absolute-form
 * requests for http://, CONNECT for https://), with the SSRF guard still judging each target.
 *
 * Not in replay mode, so targets are public-looking names mapped by an injected resolver to a
 * public address; the proxy ignores that address and serves every request from a local target
 * server (a proxy resolves names itself). No request leaves the machine.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProxyConfig, UpstreamConfig } from '../config.js';
import { loadConfig, loadProxyConfig } from '../config.js';
import { ApiError } from '../errors.js';
import { startReplayServer } from '../replay/server.js';
import { createUpstream } from './client.js';
import { createProxySelector, parseNoProxy, shouldProxy } from './proxy.js';
import type { Resolver } from './ssrf.js';

const u = (s: string) => new URL(s);
const proxyCfg = (p: Partial<ProxyConfig>): ProxyConfig => ({ httpProxy: null, httpsProxy: null, noProxy: '', rotate: [], ...p });

describe('NO_PROXY', () => {
  const np = parseNoProxy('example.com, .corp.test *.wild.test,internal.test:8080  [::1]');
  it.each([
    ['https://example.com/', false],
    ['https://api.example.com/', false],
    ['https://notexample.com/', true],
    ['https://EXAMPLE.com/', false],
    ['http://a.corp.test/', false],
    ['http://corp.test/', false],
    ['http://x.wild.test/', false],
    ['http://internal.test:8080/', false],
    ['http://internal.test/', true],
    ['http://[::1]:9000/', false],
    ['https://github.com/', true],
  ])('%s → proxied: %s', (url, proxied) => {
    expect(shouldProxy(u(url), np)).toBe(proxied);
  });
  it('`*` turns proxying off; an empty NO_PROXY proxies everything', () => {
    expect(shouldProxy(u('https://github.com/'), parseNoProxy('*'))).toBe(false);
    expect(shouldProxy(u('https://github.com/'), parseNoProxy(''))).toBe(true);
  });
});

describe('which proxy', () => {
  it('HTTPS_PROXY for https targets (else HTTP_PROXY), HTTP_PROXY for http targets; NO_PROXY wins', () => {
    const both = createProxySelector(proxyCfg({ httpProxy: 'http://p-http:1/', httpsProxy: 'http://p-https:1/', noProxy: 'local.test' }));
    expect(both.select(u('https://a.test/'))).toBe('http://p-https:1/');
    expect(both.select(u('http://a.test/'))).toBe('http://p-http:1/');
    expect(both.select(u('https://local.test/'))).toBeNull();
    const httpOnly = createProxySelector(proxyCfg({ httpProxy: 'http://p-http:1/' }));
    expect(httpOnly.select(u('https://a.test/'))).toBe('http://p-http:1/');
    const httpsOnly = createProxySelector(proxyCfg({ httpsProxy: 'http://p-https:1/' }));
    expect(httpsOnly.select(u('http://a.test/'))).toBeNull();
    expect(createProxySelector(undefined).active).toBe(false);
  });

  it('UPSTREAM_PROXIES rotate per host: consecutive requests to a host go through each proxy in turn', () => {
    const rotate = ['http://p0:1/', 'http://p1:1/', 'http://p2:1/'];
    const s = createProxySelector(proxyCfg({ httpsProxy: 'http://ignored:1/', rotate, noProxy: 'direct.test' }));
    const a = Array.from({ length: 6 }, () => s.select(u('https://a.test/x')));
    expect(new Set(a.slice(0, 3)).size).toBe(3);
    expect(a.slice(3)).toEqual(a.slice(0, 3));
    expect(a).not.toContain('http://ignored:1/');
    expect(s.select(u('https://direct.test/'))).toBeNull();
    // Each host has its own turn, starting at a proxy of its own.
    const starts = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((h) => createProxySelector(proxyCfg({ rotate })).select(u(`https://${h}.test/`))));
    expect(starts.size).toBeGreaterThan(1);
  });

  it('reads the environment as the ecosystem does: lower case wins, a bare host:port is http, bad URLs are refused', () => {
    expect(loadProxyConfig({ HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:2', NO_PROXY: 'a', no_proxy: 'b' })).toEqual({
      httpProxy: null,
      httpsProxy: 'http://lower:2/',
      noProxy: 'b',
      rotate: [],
    });
    expect(loadProxyConfig({ HTTP_PROXY: 'proxy.corp:3128', UPSTREAM_PROXIES: 'http://a:1, http://u:p@b:2 ,' })).toEqual({
      httpProxy: 'http://proxy.corp:3128/',
      httpsProxy: null,
      noProxy: '',
      rotate: ['http://a:1/', 'http://u:p@b:2/'],
    });
    expect(() => loadProxyConfig({ HTTPS_PROXY: 'ftp://x:1' })).toThrow(/HTTPS_PROXY must be an http/);
    expect(() => loadConfig({ UPSTREAM_PROXIES: 'http://a:1,::nope' } as NodeJS.ProcessEnv)).toThrow(/UPSTREAM_PROXIES\[1\]/);
  });
});

interface SeenByProxy {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** A minimal forward proxy: absolute-form requests are served from `target`; CONNECT is recorded and tunnelled to `target` (or refused). */
async function startProxy(targetPort: number, opts: { refuseConnect?: boolean } = {}) {
  const seen: SeenByProxy[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    const target = new URL(req.url!);
    const out = httpRequest({ host: '127.0.0.1', port: targetPort, method: req.method, path: target.pathname + target.search, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode!, r.headers);
      r.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req, socket: Socket) => {
    seen.push({ method: 'CONNECT', url: req.url!, headers: req.headers });
    socket.on('error', () => undefined);
    socket.end(opts.refuseConnect !== false ? 'HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n' : '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe('requests through a proxy (loopback)', () => {
  const CONFIG: UpstreamConfig = {
    connectTimeoutMs: 1_000,
    headersTimeoutMs: 1_000,
    bodyTimeoutMs: 1_000,
    totalTimeoutMs: 2_000,
    maxBodyBytes: 4_096,
    maxRedirects: 5,
    retries: 0,
    perHostConcurrency: 8,
    userAgent: 'proxy-test/1.0',
  };
  // Public names resolve to a public address (never contacted: the proxy serves them); one
  // name resolves to a private address.
  const resolver: Resolver = async (host) => (host === 'internal.test' ? ['10.0.0.5'] : ['93.184.216.34']);
  let target: Server;
  let targetPort: number;
  let p1: Awaited<ReturnType<typeof startProxy>>;
  let p2: Awaited<ReturnType<typeof startProxy>>;
  const served: { url: string; host: string | undefined }[] = [];

  beforeAll(async () => {
    target = createServer((req, res) => {
      served.push({ url: req.url!, host: req.headers.host });
      if (req.url === '/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return void res.end();
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`hello ${req.headers.host}${req.url}`);
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    targetPort = (target.address() as AddressInfo).port;
    p1 = await startProxy(targetPort);
    p2 = await startProxy(targetPort);
  });
  afterAll(async () => {
    await p1.close();
    await p2.close();
    target.closeAllConnections();
    await new Promise((r) => target.close(r));
  });
  beforeEach(() => {
    p1.seen.length = 0;
    p2.seen.length = 0;
    served.length = 0;
  });

  it('HTTP_PROXY: an http:// target is sent to the proxy in absolute form, with the proxy credentials from its URL', async () => {
    const auth = p1.url.replace('http://', 'http://user:s%3Acret@');
    const up = createUpstream({ config: { ...CONFIG, proxy: proxyCfg({ httpProxy: auth }) }, resolver });
    try {
      const res = await up.request({ url: 'http://public.test/hello?x=1', platform: 't' });
      expect(res.status).toBe(200);
      expect(res.text()).toBe('hello public.test/hello?x=1');
      expect(p1.seen).toEqual([expect.objectContaining({ method: 'GET', url: 'http://public.test/hello?x=1' })]);
      expect(p1.seen[0].headers.host).toBe('public.test');
      expect(p1.seen[0].headers['user-agent']).toBe('proxy-test/1.0');
      expect(p1.seen[0].headers['proxy-authorization']).toBe(`Basic ${Buffer.from('user:s:cret').toString('base64')}`);
    } finally {
      await up.close();
    }
  });

  it('HTTPS_PROXY: an https:// target is tunnelled with CONNECT host:443 (a refused tunnel is UPSTREAM_FAILED)', async () => {
    const up = createUpstream({ config: { ...CONFIG, proxy: proxyCfg({ httpsProxy: p1.url }) }, resolver });
    try {
      const err = await up.request({ url: 'https://secure.test/x', platform: 't' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe('UPSTREAM_FAILED');
      expect(p1.seen).toEqual([expect.objectContaining({ method: 'CONNECT', url: 'secure.test:443' })]);
    } finally {
      await up.close();
    }
  });

  it('UPSTREAM_PROXIES: requests to one host rotate through the proxies', async () => {
    const up = createUpstream({ config: { ...CONFIG, proxy: proxyCfg({ rotate: [p1.url, p2.url] }) }, resolver });
    try {
      for (let i = 0; i < 4; i++) expect((await up.request({ url: `http://rotate.test/${i}`, platform: 't' })).status).toBe(200);
      expect(p1.seen).toHaveLength(2);
      expect(p2.seen).toHaveLength(2);
      expect([...p1.seen, ...p2.seen].map((s) => s.url).sort()).toEqual(['http://rotate.test/0', 'http://rotate.test/1', 'http://rotate.test/2', 'http://rotate.test/3']);
    } finally {
      await up.close();
    }
  });

  it('the SSRF guard still judges the target: internal names, IP literals and redirects to internal addresses never reach the proxy', async () => {
    const up = createUpstream({ config: { ...CONFIG, proxy: proxyCfg({ httpProxy: p1.url, httpsProxy: p1.url }) }, resolver });
    try {
      const refused = async (url: string, userParam?: string) => {
        const e = await up.request({ url, platform: 't', userParam }).catch((x: unknown) => x);
        expect(e).toBeInstanceOf(ApiError);
        return e as ApiError;
      };
      expect((await refused('http://internal.test/', 'url')).code).toBe('INVALID_INPUT');
      expect((await refused('http://127.0.0.1/')).code).toBe('UPSTREAM_FAILED');
      expect((await refused('https://localhost/')).code).toBe('UPSTREAM_FAILED');
      expect(p1.seen).toHaveLength(0);
      // The first hop is fine; the redirect to the metadata address is refused before it is sent.
      const viaRedirect = await refused('http://public.test/to-metadata');
      expect(viaRedirect.message).toMatch(/redirected to a refused address/);
      expect(p1.seen.map((s) => s.url)).toEqual(['http://public.test/to-metadata']);
    } finally {
      await up.close();
    }
  });

  it('replay mode never uses a proxy', async () => {
    const replay = await startReplayServer({ routes: [{ host: 'public.test', path: '/r', response: { body: 'replayed' } }] });
    const up = createUpstream({ config: { ...CONFIG, proxy: proxyCfg({ httpProxy: p1.url, httpsProxy: p1.url, rotate: [p2.url] }) }, replayUrl: replay.url });
    try {
      expect((await up.request({ url: 'https://public.test/r', platform: 't' })).text()).toBe('replayed');
      expect(p1.seen.length + p2.seen.length).toBe(0);
    } finally {
      await up.close();
      await replay.close();
    }
  });
});
