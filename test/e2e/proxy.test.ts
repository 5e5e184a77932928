/**
 * HTTPS_PROXY through the whole gateway (not in replay mode): the upstream request for a REST
 * call leaves through the configured proxy as a CONNECT tunnel to the platform's host.
 *
 * - A proxy that refuses the tunnel: the call fails as any unreachable upstream does, 502
 *   UPSTREAM_FAILED at 0 credits.
 * - A proxy that opens the tunnel: TLS runs end to end through it to a loopback stand-in for
 *   api.github.com, whose certificate (made with openssl at test time, test/tls.ts) is signed by
 *   a throw-away CA the gateway trusts only through UPSTREAM_CA_FILE. The answer arrives and
 *   costs 1 credit; the proxy saw `CONNECT api.github.com:443` with the credentials from the
 *   proxy URL, which never reach the upstream itself.
 *
 * Selection rules (NO_PROXY, rotation) and client-level cases: src/upstream/proxy.test.ts.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Server as TlsServer } from 'node:https';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoJson } from '../data.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { requireTool, titled } from '../prereq.js';
import { makeCertificates } from '../tls.js';
import type { TestCertificates } from '../tls.js';

const OPENSSL = requireTool('openssl');

// Names resolve to a public address the gateway never contacts itself: the proxy is asked.
const resolver = async () => ['93.184.216.34'];
const repoPath = `/v1/code/repository?url=${encodeURIComponent('https://github.com/octo/kit')}`;

describe('HTTPS_PROXY (live mode): a refused tunnel', () => {
  const connects: string[] = [];
  const proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, socket: Socket) => {
    connects.push(req.url!);
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  let h: Harness;

  beforeAll(async () => {
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    h = await startHarness({
      replay: false,
      resolver,
      env: { HTTPS_PROXY: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, UPSTREAM_RETRIES: '0' },
    });
  });
  afterAll(async () => {
    await h.close();
    proxy.closeAllConnections();
    await new Promise((r) => proxy.close(r));
  });

  it('the upstream request is tunnelled through the proxy; a refused tunnel is 502 UPSTREAM_FAILED at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(repoPath, { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(connects).toEqual(['api.github.com:443']);
    expect(await h.balance(id)).toBe(3);
  });
});

describe.skipIf(OPENSSL.skip)(titled('HTTPS_PROXY (live mode): a working tunnel', OPENSSL), () => {
  const connects: { url: string; headers: IncomingHttpHeaders }[] = [];
  const served: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const sockets = new Set<Socket>();
  let certs: TestCertificates;
  let upstream: TlsServer;
  let h: Harness;

  // A forward proxy on loopback: CONNECT api.github.com:443 is piped to the stand-in upstream
  // (the proxy resolves names itself; here every one of them is that server).
  const proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    connects.push({ url: req.url!, headers: req.headers });
    client.on('error', () => undefined);
    if (req.url !== 'api.github.com:443') return void client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
    const server = connect((upstream.address() as AddressInfo).port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) server.write(head);
      server.pipe(client);
      client.pipe(server);
    });
    for (const s of [client, server]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    server.on('error', () => client.destroy());
  });

  beforeAll(async () => {
    certs = makeCertificates(['api.github.com']);
    upstream = createTlsServer({ cert: certs.cert, key: certs.key }, (req, res) => {
      served.push({ method: req.method!, url: req.url!, headers: req.headers });
      const m = /^\/repos\/([^/]+)\/([^/]+)$/.exec(req.url!);
      res.writeHead(m ? 200 : 404, { 'content-type': 'application/json' });
      res.end(m ? repoJson(m[1], m[2]) : '{"message":"Not Found"}');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    h = await startHarness({
      replay: false,
      resolver,
      env: {
        HTTPS_PROXY: `http://gw-user:s%3Acret@127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        UPSTREAM_CA_FILE: certs.caFile,
        UPSTREAM_RETRIES: '0',
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    for (const s of sockets) s.destroy();
    proxy.closeAllConnections();
    await new Promise((r) => proxy.close(r));
    if (upstream) {
      upstream.closeAllConnections();
      await new Promise((r) => upstream.close(r));
    }
    certs?.cleanup();
  });

  it('an https:// upstream answers through the CONNECT tunnel: 200 with the record, 1 credit charged', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(repoPath, { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, credits_remaining: 2 });
    expect(r.body.repository).toMatchObject({ full_name: 'octo/kit', stars_count: 42, url: 'https://github.com/octo/kit' });
    expect(await h.balance(id)).toBe(2);

    expect(connects.map((c) => c.url)).toEqual(['api.github.com:443']);
    expect(connects[0].headers['proxy-authorization']).toBe(`Basic ${Buffer.from('gw-user:s:cret').toString('base64')}`);
    // Inside the tunnel: the request itself, for the real host, without the proxy's credentials.
    expect(served).toEqual([expect.objectContaining({ method: 'GET', url: '/repos/octo/kit' })]);
    expect(served[0].headers.host).toBe('api.github.com');
    expect(served[0].headers['proxy-authorization']).toBeUndefined();
  });
});
