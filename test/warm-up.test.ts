/**
 * The start-up warm-up (src/http/warm-up.ts, WARM_UP default on) sends the process a few hundred
 * keyless requests of its own before it says it is listening. They must leave no trace a user
 * sees: no access-log line and no count in /metrics. The gateway runs as `npm start` runs it
 * (test/start-args.ts), with the default log level, so the access log is on.
 *
 * Each check is shown to be able to fail: one real request afterwards gives exactly one log
 * line and a count of 1 (the warm-up itself sends /healthz and `{__typename}` dozens of times).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { warmUp } from '../src/http/warm-up.js';
import { killAll, spawnGateway } from './gateway-process.js';
import type { GatewayProcess } from './gateway-process.js';

const started: GatewayProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  killAll(started);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The JSON log lines on stdout. */
function jsonLines(out: string): Record<string, unknown>[] {
  return out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The JSON access-log lines on stdout (msg "request"). */
const requestLines = (out: string) => jsonLines(out).filter((l) => l.msg === 'request');

/** NODE_ENV as the "gateway listening" line reports it. */
const nodeEnvOf = (out: string) => jsonLines(out).find((l) => l.msg === 'gateway listening')?.nodeEnv;

/** The value of `cl_http_requests_total{route="<route>",…}` summed over statuses (0 when absent). */
function requestsCounted(metrics: string, route: string): number {
  let n = 0;
  for (const line of metrics.split('\n')) {
    if (!line.startsWith('cl_http_requests_total{') || !line.includes(`route="${route}"`)) continue;
    n += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return n;
}

/** Waits (10 s at most) for what a process writes by the end of its event-loop turn. */
async function until(ok: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 10_000; !ok() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
}

describe('start-up warm-up', () => {
  it('is neither logged nor counted; the first real requests are, once each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cl-warmup-'));
    dirs.push(dir);
    // LOG_LEVEL info is the shipped default (spawnGateway's own default is warn); WARM_UP unset: on.
    const g = spawnGateway({ DATA_DIR: dir, LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    started.push(g);
    const port = await g.listening;
    const base = `http://127.0.0.1:${port}`;
    // The warm-up ran (start-up says so in its own line, written by the end of that turn), and no
    // request line came of it.
    const warmUpLine = () =>
      g
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string; requests?: number })
        .find((l) => l.msg?.startsWith('warm-up done'));
    await until(() => warmUpLine() !== undefined);
    const done = warmUpLine();
    expect(done?.requests).toBeGreaterThan(100);
    expect(requestLines(g.stdout())).toEqual([]);
    // npm start runs as production when NODE_ENV is unset (spawnGateway passes none): graphql-js's
    // production checks (scripts/start.mjs).
    expect(nodeEnvOf(g.stdout())).toBe('production');
    const before = await (await fetch(`${base}/metrics`)).text();
    for (const route of ['/healthz', '/graphql', 'unmatched']) expect(requestsCounted(before, route)).toBe(0);

    // One real /healthz and one real keyless GraphQL request: counted and logged once each.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const gql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(gql.status).toBe(200);
    const after = await (await fetch(`${base}/metrics`)).text();
    expect(requestsCounted(after, '/healthz')).toBe(1);
    expect(requestsCounted(after, '/graphql')).toBe(1);
    // The log is written by the end of an event-loop turn: wait for the lines to arrive.
    await until(() => requestLines(g.stdout()).filter((l) => l.route !== '/metrics').length >= 2);
    const lines = requestLines(g.stdout()).filter((l) => l.route !== '/metrics');
    expect(lines.map((l) => l.route)).toEqual(['/healthz', '/graphql']);
  });
});

describe('start-up warm-up: the clients it plays', () => {
  // A flood from a client unlike the warm-up's made V8 drop the optimised HTTP code at its start
  // (bench/abuse.ts under --trace-deopt: 31 dependent functions); varied clients fixed that. Seen
  // here from a plain server's side: which clients, headers and endings the warm-up produces.
  it('sends as several clients (headers, undici, own connections) and leaves refused bodies in each way', async () => {
    const seen = { agents: new Set<string>(), close: 0, refusedLengths: new Set<number>(), total: 0 };
    const server = http.createServer((req, res) => {
      seen.total++;
      seen.agents.add(String(req.headers['user-agent'] ?? '(none)'));
      if (req.headers.connection === 'close') seen.close++;
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > 64 * 1024) {
        seen.refusedLengths.add(length);
        res.writeHead(413, { connection: 'close', 'content-type': 'application/json' });
        res.end('{}', () => req.socket.destroy());
        return;
      }
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const { answered } = await warmUp(port, '127.0.0.1');
      expect(answered).toBeGreaterThan(seen.total * 0.9);
      expect([...seen.agents]).toEqual(expect.arrayContaining(['(none)', 'curl/8.5.0', 'undici']));
      expect([...seen.agents].some((a) => a.startsWith('Mozilla/'))).toBe(true);
      expect(seen.close).toBeGreaterThan(100);
      // Declared over the limit and unsent (node:http), and sent whole just under 1 MiB (undici).
      expect([...seen.refusedLengths].sort()).toEqual([1024 * 1024, 1024 * 1024 - 64].sort());
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('NODE_ENV under npm start', () => {
  it('an explicit value is kept (unset, it is production: the warm-up test above)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cl-nodeenv-'));
    dirs.push(dir);
    const g = spawnGateway({ DATA_DIR: dir, LOG_LEVEL: 'info', LOG_FORMAT: 'json', NODE_ENV: 'development', WARM_UP: '0' });
    started.push(g);
    await g.listening;
    await until(() => g.stdout().includes('gateway listening'));
    expect(nodeEnvOf(g.stdout())).toBe('development');
  });
});
