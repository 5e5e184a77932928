/**
 * A request body is read as UTF-8 (RFC 8259 for JSON): one whose content-type names another charset
 * (`application/json; charset=utf-16`, `text/csv; charset=iso-8859-1`) was read as UTF-8 all the
 * same. Now 415 UNSUPPORTED_MEDIA_TYPE from its headers on every face that reads a body — GraphQL,
 * MCP, a job (JSON, NDJSON, CSV; its estimate), a monitor — nothing read, run, created or charged.
 * So is a transfer coding besides chunked (`gzip, chunked`: node undoes chunked only, and the
 * gzip bytes were read as the body). Look-alikes that are served: `charset=utf-8` in any spelling the
 * Encoding Standard reads as UTF-8 (`"UTF-8"`, `utf8`), no charset, a parameter that merely
 * mentions one.
 */
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
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

const REPO = 'https://github.com/charsets/kit';

/** Each face's body: its path, its text, the media type it is sent as. */
const faces = [
  { name: 'GraphQL', path: '/graphql', type: 'application/json', text: '{"query":"{ me { balance } }"}' },
  {
    name: 'MCP',
    path: '/mcp',
    type: 'application/json',
    text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'code_repository', arguments: { url: REPO } } }),
  },
  {
    name: 'a JSON job',
    path: '/v1/jobs',
    type: 'application/json',
    text: JSON.stringify({ operation: '/v1/code/repository', items: [{ url: REPO }] }),
  },
  { name: 'an NDJSON job', path: '/v1/jobs?operation=/v1/code/repository', type: 'application/x-ndjson', text: `{"url":"${REPO}"}\n` },
  { name: 'a CSV job estimate', path: '/v1/jobs/estimate?operation=/v1/code/repository', type: 'text/csv', text: `url\n${REPO}\n` },
  {
    name: 'a monitor',
    path: '/v1/monitors',
    type: 'application/json',
    text: JSON.stringify({ operation: '/v1/code/repository', params: { url: REPO }, every: '1d' }),
  },
];

async function post(path: string, key: string, contentType: string, body: Buffer) {
  const res = await fetch(h.url + path, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': contentType, accept: 'application/json, text/event-stream' },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** The stable code and message of a REST, GraphQL or MCP error answer. */
function errorOf(text: string): { code?: string; message?: string } {
  const body = JSON.parse(text);
  const e = body.error ?? body.errors?.[0];
  return { code: e?.code ?? e?.extensions?.code, message: e?.message };
}

/** The key's 5 credits untouched, no job or monitor of it, nothing fetched upstream since `hits` requests. */
async function nothingMade(key: string, id: string, hits: number) {
  expect(await h.balance(id)).toBe(5);
  const jobs = await fetch(`${h.url}/v1/jobs`, { headers: { 'x-api-key': key } }).then((r) => r.json());
  expect(jobs.jobs).toEqual([]);
  const monitors = await fetch(`${h.url}/v1/monitors`, { headers: { 'x-api-key': key } }).then((r) => r.json());
  expect(monitors.monitors).toEqual([]);
  expect(h.replay.hits()).toHaveLength(hits);
}

describe('a body labelled with a charset other than UTF-8', () => {
  it('415 UNSUPPORTED_MEDIA_TYPE naming the charset on every face, its text as its label says (UTF-16) or plain ASCII (Latin-1)', async () => {
    const { key, id } = await h.key(5);
    const hits = h.replay.hits().length;
    for (const face of faces) {
      const utf16 = Buffer.from(`\ufeff${face.text}`, 'utf16le');
      for (const [label, body] of [
        ['utf-16', utf16],
        ['UTF-16LE', utf16],
        ['iso-8859-1', Buffer.from(face.text, 'latin1')],
        ['"windows-1252"', Buffer.from(face.text, 'latin1')],
        ['no-such-charset', Buffer.from(face.text)],
      ] as const) {
        const r = await post(face.path, key, `${face.type}; charset=${label}`, body);
        expect(r.status, `${face.name}, ${label}`).toBe(415);
        const error = errorOf(r.text);
        expect(error.code, `${face.name}, ${label}`).toBe('UNSUPPORTED_MEDIA_TYPE');
        expect(error.message, `${face.name}, ${label}`).toContain(`charset ${JSON.stringify(label.replace(/"/g, ''))}`);
      }
    }
    await nothingMade(key, id, hits);
  });
});

/** One raw request on its own connection: the status of its answer. */
function rawStatus(text: string | Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolveP, reject) => {
    const socket = connect(Number(new URL(h.url).port), '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => resolveP({ status: Number(data.split(' ')[1]), body: data.slice(data.indexOf('\r\n\r\n') + 4) }));
  });
}

describe('a transfer coding besides chunked', () => {
  it('gzip, chunked: 415 UNSUPPORTED_MEDIA_TYPE on every face, nothing run (its gzip bytes were read as the body); chunked alone is served', async () => {
    const { key, id } = await h.key(5);
    const hits = h.replay.hits().length;
    for (const face of faces) {
      const gz = gzipSync(face.text);
      const head =
        `POST ${face.path} HTTP/1.1\r\nhost: x\r\nx-api-key: ${key}\r\ncontent-type: ${face.type}\r\naccept: application/json, text/event-stream\r\n` +
        `transfer-encoding: gzip, chunked\r\nconnection: close\r\n\r\n${gz.length.toString(16)}\r\n`;
      const r = await rawStatus(Buffer.concat([Buffer.from(head), gz, Buffer.from('\r\n0\r\n\r\n')]));
      expect(r.status, `${face.name}: ${r.body}`).toBe(415);
      expect(errorOf(r.body), face.name).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining('transfer-encoding "gzip, chunked"'),
      });
    }
    await nothingMade(key, id, hits);
    const { key: other } = await h.key(5);
    const ok = await rawStatus(
      `POST /graphql HTTP/1.1\r\nhost: x\r\nx-api-key: ${other}\r\ncontent-type: application/json\r\ntransfer-encoding: Chunked\r\nconnection: close\r\n\r\n1e\r\n{"query":"{ me { balance } }"}\r\n0\r\n\r\n`,
    );
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).data).toEqual({ me: { balance: 5 } });
  });
});

// Last: a monitor created here runs its first lookup soon after (an upstream request the refusals above must not see).
describe('a body in UTF-8', () => {
  it('served: charset=utf-8 in any spelling read as UTF-8, no charset, a parameter that only mentions one', async () => {
    for (const face of faces) {
      for (const params of ['; charset=utf-8', '; charset="UTF-8"', ';charset=utf8', '', '; profile="charset=utf-16"']) {
        const { key } = await h.key(5);
        const r = await post(face.path, key, `${face.type}${params}`, Buffer.from(face.text));
        expect(r.status, `${face.name}: ${params}`).not.toBe(415);
        expect(r.status, `${face.name}: ${params}: ${r.text.slice(0, 300)}`).toBeLessThan(400);
      }
    }
  });
});
