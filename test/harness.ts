/**
 * End-to-end harness: a real replay upstream and a real gateway on loopback ports, with a fresh
 * DATA_DIR, talking HTTP like a client would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp, createHttpServer } from '../src/app.js';
import type { App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Config } from '../src/config.js';
import { openDeps } from '../src/deps.js';
import type { DepsOverrides, OpenDeps } from '../src/deps.js';
import { Writable } from 'node:stream';
import { createLogger, silentLogger } from '../src/log.js';
import type { Logger } from '../src/log.js';
import { startReplayServer } from '../src/replay/server.js';
import type { ReplayServer, Route } from '../src/replay/server.js';
import type { Resolver } from '../src/upstream/ssrf.js';
import { checkRestContract } from './contract.js';
import { checkAndStripRequestId } from './request-id.js';

export interface Harness {
  url: string;
  replay: ReplayServer;
  deps: OpenDeps;
  config: Config;
  app: App;
  /** Creates a key with this balance and returns it. */
  key(credits: number): Promise<{ key: string; id: string }>;
  /**
   * Errors' request ids are checked against x-request-id and removed unless `raw`
   * (test/request-id.ts); the body of a /v1 operation's route is checked against its schema
   * (test/contract.ts).
   */
  rest(
    path: string,
    opts?: { key?: string | null; headers?: Record<string, string>; raw?: boolean },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  gql(
    query: string,
    opts?: { key?: string | null; variables?: Record<string, unknown>; headers?: Record<string, string>; raw?: boolean },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  balance(id: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * How every test gateway talks to its upstream (this harness's, the fault suite's, the Redis
 * pair's): one retry, 1.5 s header and body timeouts, a 3 s deadline — short enough that a
 * fault scenario ends quickly, long enough for a loaded 2-core machine. Host-level cool-downs
 * after an upstream 429 would couple the tests of a file that share a replayed host (one test's
 * 429 holding back the next test's requests); the politeness and cool-down tests turn them on
 * explicitly.
 */
export const TEST_UPSTREAM_ENV: Readonly<Record<string, string>> = {
  UPSTREAM_RETRIES: '1',
  UPSTREAM_TOTAL_TIMEOUT_MS: '3000',
  UPSTREAM_HEADERS_TIMEOUT_MS: '1500',
  UPSTREAM_BODY_TIMEOUT_MS: '1500',
  UPSTREAM_COOLDOWN_MAX_MS: '0',
};

/**
 * `upstream`: where the gateway sends its upstream requests instead of straight to the replay
 * server — a relay in front of it (test/faults/lib.ts), told the replay server's address once
 * it is up (`relayTo`).
 */
export async function startHarness(
  opts: {
    routes?: Route[];
    env?: Record<string, string>;
    resolver?: Resolver;
    replay?: boolean;
    upstream?: { url: string; relayTo(url: string): void };
    logger?: Logger;
    deps?: DepsOverrides;
    /** false: GraphQL and MCP are left to be made by their first request (the server makes them once listening). */
    warm?: boolean;
  } = {},
): Promise<Harness> {
  const replay = await startReplayServer({ routes: opts.routes ?? [] });
  opts.upstream?.relayTo(replay.url);
  const dataDir = mkdtempSync(join(tmpdir(), 'cl-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(opts.replay === false ? {} : { UPSTREAM_REPLAY_URL: opts.upstream?.url ?? replay.url }),
    ...TEST_UPSTREAM_ENV,
    ...opts.env,
  } as NodeJS.ProcessEnv);
  const deps = openDeps(config, { ...opts.deps, logger: opts.logger ?? silentLogger, resolver: opts.resolver });
  const app = createApp(deps);
  // As the server does once listening: GraphQL and MCP made before the first request. Not
  // discovery's text patterns (~0.6 s of CPU a process): a test's first lookup compiles them.
  if (opts.warm !== false) await app.warm({ textPatterns: false });
  const server: Server = createHttpServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    replay,
    deps,
    config,
    app,
    async key(credits) {
      const { key, record } = await deps.ledger.createKey({ name: 'test', credits });
      return { key, id: record.id };
    },
    async rest(path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.key) headers['x-api-key'] = o.key;
      const res = await fetch(url + path, { headers });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      if (!o.raw) checkAndStripRequestId(body, res.headers.get('x-request-id'));
      checkRestContract(path, res.status, body);
      return { status: res.status, body, headers: res.headers };
    },
    async gql(query, o = {}) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...o.headers,
      };
      if (o.key) headers['x-api-key'] = o.key;
      const res = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables: o.variables }) });
      const body = await res.json();
      if (!o.raw) checkAndStripRequestId(body, res.headers.get('x-request-id'));
      return { status: res.status, body, headers: res.headers };
    },
    balance: (id) => deps.ledger.balance(id),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await app.close();
      await replay.close();
      await deps.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A debug-level logger whose JSON lines the test can read. */
export function captureLogs() {
  const raw: string[] = [];
  // Each line is parsed once, on the first read after it came: suites that read the log after each
  // of thousands of calls parsed the whole log again each time (42 % of mutated-answers' CPU, session 41).
  const parsed: Record<string, unknown>[] = [];
  let unread = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      const text = chunk.toString();
      raw.push(text);
      unread += text;
      cb();
    },
  });
  return {
    logger: createLogger('debug', stream),
    text: () => raw.join(''),
    /** Every complete line so far, parsed (a copy: the caller may change it). */
    lines: () => {
      const end = unread.lastIndexOf('\n');
      if (end >= 0) {
        for (const l of unread.slice(0, end).split('\n')) if (l) parsed.push(JSON.parse(l) as Record<string, unknown>);
        unread = unread.slice(end + 1);
      }
      return parsed.slice();
    },
  };
}
