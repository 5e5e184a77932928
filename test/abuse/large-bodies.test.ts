/**
 * Abuse suite: a large request body that the gateway does not want is never read. Whatever the
 * answer — 413 for a keyless GraphQL body over 64 KiB, 415, 405, 404 — the connection is closed
 * (`connection: close`) instead of drained, and the server's socket reads no more than node's
 * parser took with the headers (one read). A small unwanted body is still drained and its
 * connection kept. With a key, a large GraphQL body's key is looked up once (src/graphql/http.ts
 * passes it on to the pipeline's admit step), on both executors.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../src/app.js';
import { repoJson } from '../data.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const MiB = 1024 * 1024;
const route = {
  host: 'api.github.com',
  path: '/repos/bodies/kit',
  response: { headers: { 'content-type': 'application/json' }, body: repoJson('bodies', 'kit') },
};

let h: Harness;
let yoga: Harness;
// The harness's app behind a server of our own, whose sockets this file can look at.
let server: Server;
let url: string;
const serverSockets: Socket[] = [];
/** Body bytes node's HTTP parser handed to JS on this file's server (its body callback, counted). */
let bodyBytesToJs = 0;
const COUNTING = Symbol('counting');
function countBodyBytes(socket: Socket) {
  const parser = (socket as unknown as { parser: Record<string, unknown> }).parser;
  const slot = Object.keys(parser).find((k) => typeof parser[k] === 'function' && (parser[k] as () => void).name === 'parserOnBody');
  if (slot === undefined) throw new Error("node's parser has no parserOnBody slot: dropBodyBytes (src/http/edges.ts) does nothing");
  const original = parser[slot] as ((this: unknown, b: Buffer) => unknown) & { [COUNTING]?: true };
  if (original[COUNTING]) return;
  // Named as node's own (dropBodyBytes finds the slot by that name); parsers are pooled, so the
  // wrapper may serve other servers of this process too: it only counts and delegates.
  const counting = {
    parserOnBody(this: unknown, b: Buffer) {
      bodyBytesToJs += b.length;
      return original.call(this, b);
    },
  }.parserOnBody as typeof original;
  counting[COUNTING] = true;
  parser[slot] = counting;
}
beforeAll(async () => {
  h = await startHarness({ routes: [route] });
  yoga = await startHarness({ routes: [route], env: { GRAPHQL_FAST_PATH: '0' } });
  server = createHttpServer(h.app);
  server.on('connection', (s) => {
    serverSockets.push(s);
    countBodyBytes(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await h?.close();
  await yoga?.close();
});

interface Exchange {
  status: number;
  head: string;
  body: string;
  /** Bytes the gateway's socket read from this connection. */
  serverRead: number;
  /** Whether the gateway closed the connection (rather than waiting for the next request). */
  closedByServer: boolean;
}

/**
 * Sends `head` and then the whole body (as fast as the connection takes it), and waits for the
 * answer and then for the gateway to close the connection when the answer says
 * `connection: close`; otherwise the connection is closed by us 1 s after the answer
 * (`closedByServer` false; the server's keep-alive timeout is 5 s).
 */
function exchange(head: string, body: Buffer): Promise<Exchange> {
  const { port } = new URL(url);
  const before = serverSockets.length;
  return new Promise((resolveP, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let data = '';
    let closedByServer = true;
    let timer: NodeJS.Timeout | undefined;
    // One write: the gateway's first read holds the headers and the start of the body.
    socket.on('connect', () => socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body])));
    socket.on('data', (d) => {
      data += d.toString('latin1');
      const end = data.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(data.slice(0, end));
      const complete = end > 0 && length && data.length >= end + 4 + Number(length[1]);
      if (complete && !timer && !/\r\nconnection: close/i.test(data.slice(0, end))) {
        timer = setTimeout(() => {
          closedByServer = false;
          socket.destroy();
        }, 1_000);
      }
    });
    // The gateway resets a connection whose unread body it drops: not an error here.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no answer: ${JSON.stringify(data.slice(0, 200))}`));
      const mine = serverSockets[before];
      // The server's side is closed too (ours may have closed first): read its count once it is.
      const done = () =>
        resolveP({
          status: Number(data.split(' ')[1]),
          head: data.slice(0, end),
          body: data.slice(end + 4),
          serverRead: mine.bytesRead,
          closedByServer,
        });
      if (mine.destroyed) done();
      else mine.once('close', done);
    });
  });
}

const json = (text: string) => JSON.parse(text) as { errors?: { extensions: { code: string } }[]; error?: { code: string } };

describe('a large body nobody reads is never read', () => {
  const big = Buffer.alloc(MiB, 0x20);
  const headOf = (method: string, path: string, type: string, length: number, extra = '') =>
    `${method} ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: ${type}\r\ncontent-length: ${length}\r\n${extra}\r\n`;

  it.each([
    ['keyless POST /graphql over 64 KiB → 413', 'POST', '/graphql', 'application/json', 413, 'PAYLOAD_TOO_LARGE'],
    ['POST /graphql text/plain → 415', 'POST', '/graphql', 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['POST / → 405', 'POST', '/', 'application/json', 405, 'METHOD_NOT_ALLOWED'],
    ['POST /v1/code/repository → 405', 'POST', '/v1/code/repository', 'application/json', 405, 'METHOD_NOT_ALLOWED'],
    ['POST to no route → 404', 'POST', '/nope', 'application/json', 404, 'NOT_FOUND'],
  ])('%s, connection closed, the body unread', async (_name, method, path, type, status, code) => {
    const head = headOf(method, path, type, MiB);
    const r = await exchange(head, big);
    expect(r.status).toBe(status);
    const b = json(r.body);
    expect(b.errors?.[0].extensions.code ?? b.error?.code).toBe(code);
    expect(r.head).toMatch(/\r\nconnection: close/i);
    expect(r.closedByServer).toBe(true);
    // The headers and what node's parser read with them (one read of at most 64 KiB): not the MiB.
    expect(r.serverRead).toBeLessThanOrEqual(head.length + 64 * 1024);
  });

  it("node's parser hands JS none of a refused body's bytes; the parser it goes back to its pool with still reads bodies", async () => {
    const head = headOf('POST', '/graphql', 'application/json', MiB);
    bodyBytesToJs = 0;
    const refused = await exchange(head, big);
    expect(refused.status).toBe(413);
    // The first read held the headers and up to 64 KiB of the body: none of it was copied out.
    expect(refused.serverRead).toBeGreaterThan(head.length);
    expect(bodyBytesToJs).toBe(0);
    // The next connections take parsers from node's pool (the one just freed first): bodies arrive.
    const { key } = await h.key(5);
    for (let i = 0; i < 3; i++) {
      const body = Buffer.from(JSON.stringify({ query: '{ __typename }', pad: 'p'.repeat(200 * 1024) }));
      const r = await exchange(headOf('POST', '/graphql', 'application/json', body.length, `x-api-key: ${key}\r\n`), body);
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body)).toMatchObject({ data: { __typename: 'Query' } });
    }
    expect(bodyBytesToJs).toBeGreaterThanOrEqual(3 * 200 * 1024);
  });

  it('a chunked body nobody reads is not read either', async () => {
    const chunk = Buffer.concat([Buffer.from(`${(MiB / 4).toString(16)}\r\n`), Buffer.alloc(MiB / 4, 0x20), Buffer.from('\r\n')]);
    const head = `POST /nope HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n`;
    const r = await exchange(head, Buffer.concat([chunk, chunk, chunk, chunk]));
    expect(r.status).toBe(404);
    expect(r.closedByServer).toBe(true);
    expect(r.serverRead).toBeLessThanOrEqual(head.length + 64 * 1024);
  });

  it('a small unwanted body is drained and its connection kept', async () => {
    const body = Buffer.from('{"query":"{__typename}"}');
    const r = await exchange(headOf('POST', '/graphql', 'text/plain', body.length), body);
    expect(r.status).toBe(415);
    expect(r.head).not.toMatch(/connection: close/i);
    expect(r.closedByServer).toBe(false);
  });

  it('a keyed GraphQL body over 64 KiB is read and answered', async () => {
    const { key } = await h.key(5);
    const body = Buffer.from(
      JSON.stringify({ query: 'query ($x: String!) { __type(name: $x) { name } }', variables: { x: 'v'.repeat(MiB - 200) } }),
    );
    const r = await exchange(headOf('POST', '/graphql', 'application/json', body.length, `x-api-key: ${key}\r\n`), body);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ data: { __type: null } });
    expect(r.closedByServer).toBe(false);
  });
});

describe.each([
  ['fast path', () => h],
  ['yoga', () => yoga],
])('a keyed GraphQL body over 64 KiB (%s): its key is looked up once', (_name, gw) => {
  it('one lookup, the same answer and charge as a small body', async () => {
    const g = gw();
    const { key, id } = await g.key(5);
    const ledger = g.deps.ledger;
    const original = ledger.authenticate;
    let lookups = 0;
    ledger.authenticate = (raw) => {
      lookups++;
      return original.call(ledger, raw);
    };
    try {
      const query = 'query ($url: String!) { codeRepository(url: $url) { fullName } }';
      const variables = { url: 'https://github.com/bodies/kit' };
      const padding = ' '.repeat(100 * 1024);
      const res = await fetch(`${g.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'x-api-key': key },
        body: `${JSON.stringify({ query, variables })}${padding}`,
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.data.codeRepository.fullName).toBe('bodies/kit');
      expect(body.extensions.credits).toMatchObject({ charged: 1, remaining: 4 });
      expect(lookups).toBe(1);
      expect(await g.balance(id)).toBe(4);
      // A small body: the key is looked up by the pipeline alone, once too.
      lookups = 0;
      const small = await fetch(`${g.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ query: '{ codeRepository(url: "https://github.com/bodies/kit", cacheMaxAge: "7d") { fullName } }' }),
      });
      expect((await small.json()).extensions.credits).toMatchObject({ charged: 0, remaining: 4 });
      expect(lookups).toBe(1);
    } finally {
      ledger.authenticate = original;
    }
  });
});
