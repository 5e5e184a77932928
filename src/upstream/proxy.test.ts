/**
 * Upstream proxies: the selection rules (NO_PROXY, HTTP(S)_PROXY precedence, rotation per host)
 * as unit tests, then real requests through tiny HTTP proxies on loopback (absolute-form
 * requests for http://, CONNECT for https://), with the SSRF guard still judging each target.
 *
 * Not in replay mode, so targets are public-looking names mapped by an injected resolver to a
 * public address; the proxy ignores that address and serves every request from a local target
 * server (a proxy resolves names itself). No request leaves the machine.
 *
 * UPSTREAM_CA_FILE: a loopback https:// server whose certificate (made with openssl at test time,
 * test/tls.ts) is signed by a throw-away CA, reached through a CONNECT tunnel and directly.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Server as TlsServer } from 'node:https';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requireTool, titled } from '../../test/prereq.js';
import { makeCertificates } from '../../test/tls.js';
import type { TestCertificates } from '../../test/tls.js';
import type { ProxyConfig, UpstreamConfig } from '../config.js';
import { loadCaFile, loadConfig, loadProxyConfig } from '../config.js';
import { ApiError } from '../errors.js';
import { startReplayServer } from '../replay/server.js';
import { createUpstream } from './client.js';
import { createProxySelector, parseNoProxy, shouldProxy } from './proxy.js';
import type { Resolver } from './ssrf.js';

const OPENSSL = requireTool('openssl');

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

describe('NO_PROXY: IP literals and CIDR ranges (as curl >= 7.86 and Go)', () => {
  const np = parseNoProxy(
    [
      '203.0.113.7',
      '198.51.100.1:8443',
      '2001:db8::1',
      '[2001:db8::2]',
      '[2001:db8::3]:8080',
      'fd00::1',
      '::ffff:192.0.2.9',
      '192.0.2.10',
      '10.0.0.0/8',
      '192.168.1.0/24',
      'fd00::/8',
      '::ffff:172.16.0.0/108',
    ].join(','),
  );
  it.each([
    // An IP literal matches that literal only.
    ['https://203.0.113.7/', false],
    ['https://203.0.113.8/', true],
    // …on its port, when it names one.
    ['https://198.51.100.1:8443/', false],
    ['https://198.51.100.1/', true],
    // IPv6 with or without brackets, compared as addresses (2001:db8:0::2 is 2001:db8::2).
    ['https://[2001:db8::1]/', false],
    ['https://[2001:db8:0:0::2]/', false],
    ['https://[2001:db8::3]:8080/', false],
    ['https://[2001:db8::3]/', true],
    ['https://[2001:db8::4]/', true],
    // `fd00::1` is one address on any port, not host `fd00:` on port 1.
    ['http://[fd00::1]:80/', false],
    // An IPv4-mapped IPv6 address is its IPv4 address, on either side.
    ['https://192.0.2.9/', false],
    ['https://[::ffff:192.0.2.10]/', false],
    ['https://[::ffff:c000:20a]/', false],
    ['https://192.0.2.11/', true],
    // CIDR ranges.
    ['https://10.1.2.3/', false],
    ['https://10.255.255.255:8443/', false],
    ['https://11.0.0.1/', true],
    ['https://[::ffff:10.9.9.9]/', false],
    ['https://192.168.1.200/', false],
    ['https://192.168.2.1/', true],
    ['https://[fd12:3456::1]/', false],
    ['https://[fe80::1]/', true],
    ['https://[2001:db9::1]/', true],
    // An IPv4-mapped IPv6 range covers the IPv4 addresses it maps (172.16.0.0/12).
    ['https://172.16.5.5/', false],
    ['https://172.31.255.255/', false],
    ['https://172.32.0.1/', true],
  ])('%s → proxied: %s', (url, proxied) => {
    expect(shouldProxy(u(url), np)).toBe(proxied);
  });

  it('host names are not resolved: IP entries never match a name, name entries never match an IP literal', () => {
    const ipOnly = parseNoProxy('127.0.0.1, 10.0.0.0/8, ::1');
    expect(shouldProxy(u('http://localhost/'), ipOnly)).toBe(true);
    expect(shouldProxy(u('https://internal.example/'), ipOnly)).toBe(true);
    // `0.0.1` is not a dotted quad, so it is a host name: no suffix match against 10.0.0.1.
    expect(shouldProxy(u('http://10.0.0.1/'), parseNoProxy('0.0.1'))).toBe(true);
    expect(shouldProxy(u('http://10.0.0.1/'), parseNoProxy('10.0.0.1'))).toBe(false);
  });

  it('invalid ranges are ignored without breaking the rest of the list', () => {
    const value =
      '10.0.0.0/33, 300.1.1.1/8, foo.test/8, /8, 10.0.0.0/, fd00::/129, 10.0.0.0/8/8, 1.2.3/24, 010.0.0.0/8, fe80::1%eth0/64, example.com';
    let np!: ReturnType<typeof parseNoProxy>;
    expect(() => (np = parseNoProxy(value))).not.toThrow();
    expect(np.entries).toHaveLength(1);
    expect(shouldProxy(u('https://example.com/'), np)).toBe(false);
    for (const url of ['https://10.0.0.1/', 'https://300.1.1.1.example/', 'https://[fd00::1]/', 'https://1.2.3.4/', 'https://foo.test/']) {
      expect(shouldProxy(u(url), np)).toBe(true);
    }
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
    const starts = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((h) => createProxySelector(proxyCfg({ rotate })).select(u(`https://${h}.test/`))),
    );
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

/** A minimal forward proxy: absolute-form requests are served from `target`; CONNECT is recorded, and refused unless `tunnelTo` names the port to pipe it to. */
async function startProxy(targetPort: number, opts: { tunnelTo?: number } = {}) {
  const seen: SeenByProxy[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    const target = new URL(req.url!);
    const out = httpRequest(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: target.pathname + target.search, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode!, r.headers);
        r.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req, socket: Socket, head: Buffer) => {
    seen.push({ method: 'CONNECT', url: req.url!, headers: req.headers });
    socket.on('error', () => undefined);
    if (opts.tunnelTo === undefined) return void socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
    const out = connect(opts.tunnelTo, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) out.write(head);
      out.pipe(socket);
      socket.pipe(out);
    });
    out.on('error', () => socket.destroy());
    socket.on('close', () => out.destroy());
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
      expect([...p1.seen, ...p2.seen].map((s) => s.url).sort()).toEqual([
        'http://rotate.test/0',
        'http://rotate.test/1',
        'http://rotate.test/2',
        'http://rotate.test/3',
      ]);
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
    const up = createUpstream({
      config: { ...CONFIG, proxy: proxyCfg({ httpProxy: p1.url, httpsProxy: p1.url, rotate: [p2.url] }) },
      replayUrl: replay.url,
    });
    try {
      expect((await up.request({ url: 'https://public.test/r', platform: 't' })).text()).toBe('replayed');
      expect(p1.seen.length + p2.seen.length).toBe(0);
    } finally {
      await up.close();
      await replay.close();
    }
  });
});

describe('UPSTREAM_CA_FILE', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cl-ca-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('unset is no extra trust; a missing file, one without a certificate or with a broken one stops start-up', () => {
    expect(loadCaFile(undefined)).toBeUndefined();
    expect(loadCaFile(' ')).toBeUndefined();
    expect(loadConfig({ UPSTREAM_CA_FILE: '' } as NodeJS.ProcessEnv).upstream.extraCaCerts).toBeUndefined();
    expect(() => loadCaFile(join(dir, 'absent.pem'))).toThrow(/UPSTREAM_CA_FILE: cannot read .*absent\.pem \(ENOENT\)/);
    expect(() => loadCaFile(file('empty.pem', 'not a certificate\n'))).toThrow(/holds no PEM certificate/);
    expect(() => loadCaFile(file('broken.pem', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'))).toThrow(
      /certificate 1 in .* is not valid/,
    );
  });

  describe.skipIf(OPENSSL.skip)(titled('trusted for upstream TLS, through a CONNECT tunnel and directly', OPENSSL), () => {
    const CONFIG: UpstreamConfig = {
      connectTimeoutMs: 1_000,
      headersTimeoutMs: 1_000,
      bodyTimeoutMs: 1_000,
      totalTimeoutMs: 3_000,
      maxBodyBytes: 4_096,
      maxRedirects: 5,
      retries: 0,
      perHostConcurrency: 8,
      userAgent: 'proxy-test/1.0',
    };
    const resolver: Resolver = async () => ['93.184.216.34'];
    let certs: TestCertificates;
    let extraCaCerts: string[];
    let tlsServer: TlsServer;
    let tunnel: Awaited<ReturnType<typeof startProxy>>;
    const served: { url: string; host: string | undefined; proxyAuth: string | undefined }[] = [];

    beforeAll(async () => {
      // One certificate for the tunnelled name and for the loopback address the direct test uses.
      certs = makeCertificates(['secure.test', '127.0.0.1']);
      extraCaCerts = loadCaFile(certs.caFile)!;
      tlsServer = createTlsServer({ cert: certs.cert, key: certs.key }, (req, res) => {
        served.push({ url: req.url!, host: req.headers.host, proxyAuth: req.headers['proxy-authorization'] });
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`tls ok ${req.headers.host}${req.url}`);
      });
      await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
      // Absolute-form requests are never expected here: 1 is a closed port.
      tunnel = await startProxy(1, { tunnelTo: (tlsServer.address() as AddressInfo).port });
    });
    afterAll(async () => {
      await tunnel?.close();
      if (tlsServer) {
        tlsServer.closeAllConnections();
        await new Promise((r) => tlsServer.close(r));
      }
      certs?.cleanup();
    });
    beforeEach(() => {
      served.length = 0;
      tunnel.seen.length = 0;
    });

    it('the file holds the CA as loaded', () => {
      expect(extraCaCerts).toEqual([readFileSync(certs.caFile, 'utf8').trim()]);
    });

    it('HTTPS_PROXY: the request succeeds through the tunnel, with the proxy credentials sent to the proxy only', async () => {
      const auth = tunnel.url.replace('http://', 'http://user:s%3Acret@');
      const up = createUpstream({ config: { ...CONFIG, extraCaCerts, proxy: proxyCfg({ httpsProxy: auth }) }, resolver });
      try {
        const res = await up.request({ url: 'https://secure.test/x?y=1', platform: 't' });
        expect(res.status).toBe(200);
        expect(res.text()).toBe('tls ok secure.test/x?y=1');
        expect(tunnel.seen).toEqual([expect.objectContaining({ method: 'CONNECT', url: 'secure.test:443' })]);
        expect(tunnel.seen[0].headers['proxy-authorization']).toBe(`Basic ${Buffer.from('user:s:cret').toString('base64')}`);
        expect(served).toEqual([{ url: '/x?y=1', host: 'secure.test', proxyAuth: undefined }]);
      } finally {
        await up.close();
      }
    });

    it('without it, the same tunnel fails certificate verification (UPSTREAM_FAILED): verification stays on', async () => {
      const up = createUpstream({ config: { ...CONFIG, proxy: proxyCfg({ httpsProxy: tunnel.url }) }, resolver });
      try {
        const err = await up.request({ url: 'https://secure.test/x', platform: 't' }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).code).toBe('UPSTREAM_FAILED');
        expect((err as ApiError).message).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
        expect(tunnel.seen.map((s) => s.url)).toEqual(['secure.test:443']);
        expect(served).toEqual([]);
      } finally {
        await up.close();
      }
    });

    it('a direct connection trusts it too (an https:// replay origin on loopback), and only with it', async () => {
      const replayUrl = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`;
      const trusting = createUpstream({ config: { ...CONFIG, extraCaCerts }, replayUrl });
      const plain = createUpstream({ config: CONFIG, replayUrl });
      try {
        expect((await trusting.request({ url: 'https://public.test/r', platform: 't' })).text()).toBe(
          `tls ok ${new URL(replayUrl).host}/public.test/r`,
        );
        const err = await plain.request({ url: 'https://public.test/r', platform: 't' }).catch((e: unknown) => e);
        expect((err as ApiError).code).toBe('UPSTREAM_FAILED');
        expect((err as ApiError).message).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
        expect(served).toHaveLength(1);
      } finally {
        await trusting.close();
        await plain.close();
      }
    });
  });
});
