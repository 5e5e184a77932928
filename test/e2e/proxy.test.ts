/**
 * HTTPS_PROXY through the whole gateway (not in replay mode): the upstream request for a REST
 * call leaves through the configured proxy as a CONNECT tunnel to the platform's host. The
 * loopback proxy here refuses the tunnel, so the call fails as any unreachable upstream does:
 * 502 UPSTREAM_FAILED at 0 credits. (Selection rules and successful proxying: src/upstream/proxy.test.ts.)
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

describe('HTTPS_PROXY (live mode)', () => {
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
      // Names resolve to a public address the gateway never contacts itself: the proxy is asked.
      resolver: async () => ['93.184.216.34'],
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
    const r = await h.rest(`/v1/code/repository?url=${encodeURIComponent('https://github.com/octo/kit')}`, { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(connects).toEqual(['api.github.com:443']);
    expect(await h.balance(id)).toBe(3);
  });
});
