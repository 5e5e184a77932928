/**
 * Request targets and Host (RFC 9112 §3.2): a target in absolute-form (`GET http://host/path`,
 * what a client set up for a proxy sends) is served as its path and query on every face — it was
 * a 404 "No route http://…"; a target that is neither a path nor an http(s) URL with a host, and
 * a request with two Host lines or a Host that names no host, are 400 INVALID_INPUT, nothing run
 * or charged. Look-alikes that are valid (a Host with an underscore, an IP literal, a port, an
 * empty Host) are served.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoJson } from '../data.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const REPO_URL = 'https://github.com/targets/kit';
const REPO = `/v1/code/repository?url=${encodeURIComponent(REPO_URL)}`;

let h: Harness;
let port: number;
beforeAll(async () => {
  h = await startHarness({
    routes: [
      {
        host: 'api.github.com',
        path: '/repos/targets/kit',
        response: { headers: { 'content-type': 'application/json' }, body: repoJson('targets', 'kit') },
      },
    ],
  });
  port = Number(new URL(h.url).port);
});
afterAll(async () => {
  await h?.close();
});

/** One request on its own connection (`connection: close`), its answer's status, head and body. */
function send(head: string, body = ''): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolveP, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}connection: close\r\n\r\n${body}`));
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const end = data.indexOf('\r\n\r\n');
      resolveP({ status: Number(data.split(' ')[1]), head: data.slice(0, end), body: data.slice(end + 4) });
    });
  });
}

const json = (r: { body: string }) => JSON.parse(r.body);

describe('absolute-form request targets (RFC 9112 §3.2.2: a server MUST accept them)', () => {
  it('a /v1 operation: served and charged as its origin-form twin, in any case of scheme and host', async () => {
    const { key, id } = await h.key(5);
    const r = await send(`GET http://127.0.0.1:${port}${REPO} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nx-api-key: ${key}\r\n`);
    expect(r.status).toBe(200);
    expect(json(r)).toMatchObject({ success: true, credits_charged: 1, repository: { full_name: 'targets/kit' } });
    const upper = await send(`GET HTTP://LOCALHOST:${port}${REPO} HTTP/1.1\r\nhost: localhost\r\nx-api-key: ${key}\r\n`);
    expect(upper.status).toBe(200);
    expect(json(upper)).toMatchObject({ success: true, repository: { full_name: 'targets/kit' } });
    expect(await h.balance(id)).toBe(3);
  });

  it('the other faces: health, the root (a URL without a path), GraphQL, MCP, jobs and monitors', async () => {
    const { key, id } = await h.key(5);
    const at = `http://gateway.example:${port}`;
    expect(json(await send(`GET ${at}/healthz HTTP/1.1\r\nhost: x\r\n`))).toEqual({ status: 'ok' });
    // No path: the root; a query without a path: the root with that query.
    for (const target of [at, `${at}?x=1`]) {
      const r = await send(`GET ${target} HTTP/1.1\r\nhost: x\r\n`);
      expect(r.status, target).toBe(200);
      expect(json(r), target).toMatchObject({ name: 'Creator Lookup', graphql: '/graphql' });
    }
    const query = JSON.stringify({ query: '{ me { balance } }' });
    const gql = await send(
      `POST ${at}/graphql HTTP/1.1\r\nhost: x\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${query.length}\r\n`,
      query,
    );
    expect(gql.status).toBe(200);
    expect(json(gql).data).toEqual({ me: { balance: 5 } });
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const mcp = await send(
      `POST ${at}/mcp HTTP/1.1\r\nhost: x\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${list.length}\r\n`,
      list,
    );
    expect(mcp.status).toBe(200);
    expect(mcp.body).toContain('code_repository');
    for (const path of ['/v1/jobs?limit=5', '/v1/monitors', '/v1/account']) {
      const r = await send(`GET ${at}${path} HTTP/1.1\r\nhost: x\r\nx-api-key: ${key}\r\n`);
      expect(r.status, path).toBe(200);
      expect(json(r), path).toMatchObject({ success: true });
    }
    // A job route reading its own path and query (/v1/jobs/{id}): 404 for a job that does not exist, as in origin-form.
    const job = await send(`GET ${at}/v1/jobs/job_none/results?after=3 HTTP/1.1\r\nhost: x\r\nx-api-key: ${key}\r\n`);
    expect(job.status).toBe(404);
    expect(json(job).error).toMatchObject({ code: 'NOT_FOUND', message: 'No job job_none' });
    expect(await h.balance(id)).toBe(5);
  });

  it('a target that is neither a path nor an http(s) URL with a host: 400 INVALID_INPUT, the target (a password) not echoed, nothing run', async () => {
    const { key, id } = await h.key(5);
    const hits = h.replay.hits().length;
    for (const target of [
      `http://user:s3cret@127.0.0.1:${port}${REPO}`,
      `ftp://127.0.0.1:${port}${REPO}`,
      `http:///v1/account`,
      `https://a.example:8o/v1/account`,
    ]) {
      const r = await send(`GET ${target} HTTP/1.1\r\nhost: x\r\nx-api-key: ${key}\r\n`);
      expect(r.status, target).toBe(400);
      expect(json(r).error, target).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'request target' }] });
      expect(r.body).not.toContain('s3cret');
    }
    expect(h.replay.hits()).toHaveLength(hits);
    expect(await h.balance(id)).toBe(5);
  });
});

describe('Host (RFC 9112 §3.2: 400 for more than one Host line or a Host that is no host)', () => {
  it('two Host lines, or one naming no host: 400 INVALID_INPUT naming host, nothing run or charged, the connection closed', async () => {
    const { key, id } = await h.key(5);
    const hits = h.replay.hits().length;
    for (const hosts of [
      'host: a.example\r\nhost: b.example',
      'host: a.example\r\nHost: a.example',
      'host: exa mple.com',
      'host: a.example/v1',
      'host: user@a.example',
    ]) {
      const r = await send(`GET ${REPO} HTTP/1.1\r\n${hosts}\r\nx-api-key: ${key}\r\n`);
      expect(r.status, hosts).toBe(400);
      expect(json(r).error, hosts).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'host' }] });
      expect(r.head, hosts).toMatch(/\r\nconnection: close/i);
    }
    expect(h.replay.hits()).toHaveLength(hits);
    expect(await h.balance(id)).toBe(5);
  });

  it('valid Hosts are served: a name with an underscore or a port, IPv4 and IPv6 literals, an empty Host', async () => {
    for (const host of ['my_service:8080', 'gateway.example', '127.0.0.1:80', '[::1]:8080', '[2001:db8::1]', '']) {
      const r = await send(`GET /healthz HTTP/1.1\r\nhost: ${host}\r\n`);
      expect(r.status, host).toBe(200);
    }
  });
});
