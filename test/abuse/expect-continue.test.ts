/**
 * Expect: 100-continue (curl sends it with any body over 1 MB): the client sends its body only once
 * told 100 Continue, or not at all when a final status comes first (RFC 9110 §10.1.1: a server
 * MUST send a final status at once when the headers decide it). node answered 100 to every such
 * request at once, so a request refused from its headers — no key, a declared length over the
 * limit, a charset refused — had its client upload the body anyway; the gateway answered and
 * closed the connection under the upload, and curl reported "connection reset by peer" without the
 * answer. Now the 100 is sent when a body reader begins: a refusal is the final status before any
 * byte of the body, and a request that is read gets its 100 and is served.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [] });
});
afterAll(async () => {
  await h?.close();
});

/** A connection and what it has received so far; `next(text)` waits until the received text matches. */
async function open(): Promise<{ socket: Socket; next: (re: RegExp, ms?: number) => Promise<string>; closed: Promise<void> }> {
  const socket = connect(Number(new URL(h.url).port), '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', r));
  let received = '';
  socket.on('data', (d) => (received += d));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  const next = async (re: RegExp, ms = 5_000) => {
    const until = Date.now() + ms;
    while (!re.test(received)) {
      if (Date.now() > until) throw new Error(`no ${re} in ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return received;
  };
  return { socket, next, closed };
}

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nhost: x\r\nexpect: 100-continue\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

describe('a request refused from its headers gets its final status instead of 100 Continue', () => {
  it.each([
    ['a keyless GraphQL body over 64 KiB', '/graphql', { key: false }, 'application/json', 3_000_000, 413, 'PAYLOAD_TOO_LARGE'],
    ['a keyed GraphQL body over 1 MiB', '/graphql', { key: true }, 'application/json', 3_000_000, 413, 'PAYLOAD_TOO_LARGE'],
    ['a keyless job upload', '/v1/jobs?operation=/v1/code/repository', { key: false }, 'text/csv', 40_000_000, 401, 'UNAUTHORIZED'],
    [
      'a job upload over JOBS_MAX_BODY_MB',
      '/v1/jobs?operation=/v1/code/repository',
      { key: true },
      'text/csv',
      40_000_000,
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'a job in a charset other than UTF-8',
      '/v1/jobs',
      { key: true },
      'application/json; charset=utf-16',
      2_000,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['a body to no route', '/v1/nowhere', { key: true }, 'application/json', 2_000, 404, 'NOT_FOUND'],
  ] as const)('%s: its final status at once, no 100, the connection closed', async (_what, path, who, type, length, status, code) => {
    const { key, id } = await h.key(5);
    const c = await open();
    c.socket.write(head('POST', path, { 'content-type': type, 'content-length': length, ...(who.key ? { 'x-api-key': key } : {}) }));
    const text = await c.next(/\r\n\r\n\{.*\}$/s);
    expect(text).not.toMatch(/^HTTP\/1\.1 100/);
    expect(text.split(' ')[1]).toBe(String(status));
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    // (GraphQL answers in its own error shape.)
    expect(body.error?.code ?? body.errors?.[0]?.extensions?.code).toBe(code);
    await c.closed;
    expect(await h.balance(id)).toBe(5);
  });
});

describe('a request whose body is read gets its 100 Continue, then its answer', () => {
  it('GraphQL, MCP and a job: 100 first; the body sent after it is served', async () => {
    const { key } = await h.key(5);
    const bodies: [string, string, string, RegExp][] = [
      ['/graphql', 'application/json', '{"query":"{ me { balance } }"}', /"balance":5/],
      ['/mcp', 'application/json', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', /code_repository/],
      ['/v1/jobs/estimate?operation=/v1/code/repository', 'text/csv', 'url\nhttps://github.com/c/d\n', /"items":1/],
    ];
    for (const [path, type, body, served] of bodies) {
      const c = await open();
      c.socket.write(
        head('POST', path, {
          'content-type': type,
          'content-length': Buffer.byteLength(body),
          'x-api-key': key,
          accept: 'application/json, text/event-stream',
          connection: 'close',
        }),
      );
      const first = await c.next(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
      expect(first, path).toBe('HTTP/1.1 100 Continue\r\n\r\n');
      c.socket.write(body);
      const text = await c.next(served);
      expect(text, path).toMatch(/\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
      c.socket.destroy();
    }
  });
});
