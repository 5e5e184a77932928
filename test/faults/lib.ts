/**
 * Plumbing of the fault suite: a gateway (test/harness.ts) whose upstream connections pass
 * through a counting TCP relay in front of the replay server, and the checks every scenario ends
 * with — a typed error, bounded time, no credit lost, no upstream exchange or socket left open.
 * A fault file declares its gateway with `useFaultGateway` (the same start and the same checks
 * after each test and at the end, for every file).
 *
 * How leaks are seen, without reaching into the gateway:
 * - exchanges: undici publishes every request it creates, completes or fails on
 *   `diagnostics_channel` (`undici:request:*`); requests to the relay's origin that were created
 *   but neither completed nor failed are exchanges still holding a socket (a body never read or
 *   never cancelled, a hung request that was not aborted);
 * - sockets: the relay is a net.Server, so `getConnections()` is the number of upstream sockets
 *   the gateway has open. Idle keep-alive sockets close by themselves within the keep-alive
 *   timeout (undici ≤ 4 s, the replay server 5 s); one held by an exchange nobody aborted (the
 *   replay's 'timeout' fault never answers) stays open for ever.
 */
import { channel } from 'node:diagnostics_channel';
import type { Channel } from 'node:diagnostics_channel';
import { createConnection, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Route, RecordedResponse, Fault } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { checkRestContract } from '../contract.js';
import { runQueueWaitMs } from '../support/cpu-time.js';

// ---------------------------------------------------------------------------------------------
// Counting relay
// ---------------------------------------------------------------------------------------------

export interface Relay {
  /** `http://127.0.0.1:<port>`: what the gateway is told the replay server is. */
  url: string;
  /** Relay connections to this origin (the replay server, once it is up). */
  relayTo(url: string): void;
  /** Upstream sockets the gateway has open now. */
  connections(): Promise<number>;
  /** Connections accepted since start. */
  readonly accepted: number;
  close(): Promise<void>;
}

export async function startRelay(): Promise<Relay> {
  const open = new Set<Socket>();
  let accepted = 0;
  let target: { host: string; port: number } | null = null;
  const relay: Relay = {
    url: '',
    relayTo(url) {
      const u = new URL(url);
      target = { host: u.hostname, port: Number(u.port) };
    },
    connections: () => new Promise((resolveP, reject) => server.getConnections((err, n) => (err ? reject(err) : resolveP(n)))),
    get accepted() {
      return accepted;
    },
    close: () =>
      new Promise<void>((resolveP) => {
        for (const s of open) s.destroy();
        server.close(() => resolveP());
      }),
  };
  const server: Server = createServer((client) => {
    accepted++;
    open.add(client);
    const t = target;
    if (!t) {
      client.destroy();
      return;
    }
    const up = createConnection({ host: t.host, port: t.port });
    open.add(up);
    client.pipe(up);
    up.pipe(client);
    // Either side going away ends the other: a reset (or the replay's destroy()) reaches the
    // gateway as its socket closing; bytes already relayed (a truncated body) are flushed first.
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
    up.on('close', () => {
      open.delete(up);
      client.end();
      // A peer that ignores our FIN must not keep the count up.
      setTimeout(() => client.destroy(), 200).unref();
    });
    client.on('close', () => {
      open.delete(client);
      up.destroy();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return relay;
}

// ---------------------------------------------------------------------------------------------
// Open undici exchanges (diagnostics_channel)
// ---------------------------------------------------------------------------------------------

interface UndiciRequestLike {
  origin?: string | URL;
  method?: string;
  path?: string;
}

export interface ExchangeTracker {
  /** Exchanges to the origin that have started and neither completed nor failed. */
  open(): { method?: string; path?: string }[];
  readonly started: number;
  stop(): void;
}

export function trackExchanges(origin: string): ExchangeTracker {
  const open = new Set<UndiciRequestLike>();
  let started = 0;
  const mine = (r: UndiciRequestLike) => String(r.origin ?? '').replace(/\/$/, '') === origin;
  const onCreate = (m: unknown) => {
    const r = (m as { request: UndiciRequestLike }).request;
    if (mine(r)) {
      started++;
      open.add(r);
    }
  };
  const onDone = (m: unknown) => open.delete((m as { request: UndiciRequestLike }).request);
  const subs: [Channel, (m: unknown) => void][] = [
    [channel('undici:request:create'), onCreate],
    [channel('undici:request:trailers'), onDone],
    [channel('undici:request:error'), onDone],
  ];
  for (const [c, fn] of subs) c.subscribe(fn);
  return {
    open: () => [...open].map((r) => ({ method: r.method, path: r.path })),
    get started() {
      return started;
    },
    stop: () => {
      for (const [c, fn] of subs) c.unsubscribe(fn);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The gateway under test
// ---------------------------------------------------------------------------------------------

export interface Call {
  via: 'rest' | 'graphql';
  status: number;
  /** Error code (REST error envelope, or the first GraphQL error's extensions.code); null on success. */
  code: string | null;
  /** credits_charged (REST) or extensions.credits.charged (GraphQL); 0 when absent (errors). */
  charged: number;
  ms: number;
  /**
   * Of `ms`, the time this thread (the gateway's, the relay's and the replay server's) waited for
   * a CPU while other processes had the cores (test/support/cpu-time.ts): a bound on the gateway's
   * own time leaves it out.
   */
  waitedMs: number;
  body: any;
}

/** A request is "hung" past this: it fails the test instead of hanging it. */
export const HANG_MS = 15_000;

export interface FaultGateway {
  h: Harness;
  relay: Relay;
  exchanges: ExchangeTracker;
  rest(path: string, key: string): Promise<Call>;
  gql(query: string, key: string): Promise<Call>;
  /** A key whose credits are tracked: `charge(call)` for every answer, then `expectBalance()`. */
  account(credits: number): Promise<Account>;
  /** Reservations not settled or refunded (the embedded ledger's table), read without changing anything. */
  openReservations(): number;
  /** No upstream exchange still open (waits a moment for ones finishing right now). */
  expectNoOpenExchanges(): Promise<void>;
  /** Every upstream socket closes within the keep-alive timeout: none is held by a forgotten exchange. */
  expectSocketsDrain(withinMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface Account {
  key: string;
  id: string;
  start: number;
  /** Σ credits charged in the answers seen so far. */
  charged: number;
  charge(...calls: Call[]): void;
  /** balance == start − Σcharged, and the ledger's own charge total agrees. */
  expectBalance(): Promise<void>;
}

async function timed(via: Call['via'], run: (signal: AbortSignal) => Promise<Response>): Promise<Call> {
  const t0 = performance.now();
  const w0 = runQueueWaitMs();
  let res: Response;
  let text: string;
  try {
    const signal = AbortSignal.timeout(HANG_MS);
    res = await run(signal);
    text = await res.text();
  } catch (e) {
    throw new Error(`${via} request hung or failed after ${Math.round(performance.now() - t0)} ms: ${(e as Error).message}`);
  }
  const ms = performance.now() - t0;
  const waitedMs = runQueueWaitMs() - w0;
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: the assertions on code will say so */
  }
  if (via === 'rest') {
    return { via, status: res.status, code: body?.error?.code ?? null, charged: body?.credits_charged ?? 0, ms, waitedMs, body };
  }
  return {
    via,
    status: res.status,
    code: body?.errors?.[0]?.extensions?.code ?? null,
    charged: body?.extensions?.credits?.charged ?? 0,
    ms,
    waitedMs,
    body,
  };
}

/** GET `base + path` with the key, bounded by HANG_MS; the body checked against its schema (test/contract.ts). */
export async function restCall(base: string, path: string, key: string): Promise<Call> {
  const call = await timed('rest', (signal) => fetch(base + path, { headers: { 'x-api-key': key }, signal }));
  checkRestContract(path, call.status, call.body);
  return call;
}

/** POST a GraphQL query to `base/graphql` with the key, bounded by HANG_MS. */
export const gqlCall = (base: string, query: string, key: string): Promise<Call> =>
  timed('graphql', (signal) =>
    fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', 'x-api-key': key },
      body: JSON.stringify({ query }),
      signal,
    }),
  );

/** Polls until no exchange to the relay is open (ones finishing right now get a moment), then asserts it. */
export async function expectNoOpenExchanges(exchanges: ExchangeTracker): Promise<void> {
  const until = Date.now() + 2_000;
  while (exchanges.open().length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(exchanges.open()).toEqual([]);
}

/** Polls until the relay has no connection left, then asserts it. */
export async function expectSocketsDrain(relay: Relay, withinMs = 10_000): Promise<void> {
  const until = Date.now() + withinMs;
  let n = await relay.connections();
  while (n > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    n = await relay.connections();
  }
  expect(n, `upstream sockets still open ${withinMs} ms after the last request`).toBe(0);
}

/**
 * A gateway of test/harness.ts (its TEST_UPSTREAM_ENV: one retry, 1.5 s header and body
 * timeouts, 3 s deadline, no host-level cool-down — a 429 would otherwise make later requests
 * to that host fail fast, coupling scenarios meant to be independent; cooldown.test.ts turns it
 * on) whose upstream connections go through a counting relay. `env` adds to or overrides it.
 */
export async function startFaultGateway(env: Record<string, string> = {}): Promise<FaultGateway> {
  const relay = await startRelay();
  const h = await startHarness({ upstream: relay, env });
  const exchanges = trackExchanges(relay.url);
  const dbFile = join(h.config.dataDir, 'gateway.db');

  const gw: FaultGateway = {
    h,
    relay,
    exchanges,
    rest: (path, key) => restCall(h.url, path, key),
    gql: (query, key) => gqlCall(h.url, query, key),
    async account(credits) {
      const { key, id } = await h.key(credits);
      const acc: Account = {
        key,
        id,
        start: credits,
        charged: 0,
        charge(...calls) {
          for (const c of calls) acc.charged += c.charged;
        },
        async expectBalance() {
          expect(await h.balance(id)).toBe(acc.start - acc.charged);
          expect(await h.deps.ledger.totalCharged(id)).toBe(acc.charged);
        },
      };
      return acc;
    },
    openReservations() {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        return (db.prepare('SELECT COUNT(*) AS n FROM reservations').get() as { n: number }).n;
      } finally {
        db.close();
      }
    },
    expectNoOpenExchanges: () => expectNoOpenExchanges(exchanges),
    expectSocketsDrain: (withinMs) => expectSocketsDrain(relay, withinMs),
    async close() {
      exchanges.stop();
      await h.close();
      await relay.close();
    },
  };
  return gw;
}

export interface FaultSuite {
  /** The gateway and the tracked account, once the file's beforeAll has run. */
  readonly gw: FaultGateway;
  readonly acc: Account;
}

/**
 * The fault files' one setup: in the enclosing describe, start a fault gateway (`env` as for
 * startFaultGateway) with an account of `credits`; after each test, check that no upstream
 * exchange or reservation is left open and that the balance is exactly start − Σcharged, then
 * clear the replay routes; after the file, check every upstream socket closes, and stop.
 */
export function useFaultGateway(opts: { credits: number; env?: Record<string, string> }): FaultSuite {
  let gw: FaultGateway | undefined;
  let acc: Account | undefined;
  const started = <T>(x: T | undefined): T => {
    if (x === undefined) throw new Error('the fault gateway is not started (use it inside a test)');
    return x;
  };
  beforeAll(async () => {
    gw = await startFaultGateway(opts.env);
    acc = await gw.account(opts.credits);
  });
  afterEach(async () => {
    const g = started(gw);
    try {
      await g.expectNoOpenExchanges();
      expect(g.openReservations()).toBe(0);
      await started(acc).expectBalance();
    } finally {
      g.h.replay.reset();
    }
  });
  afterAll(async () => {
    if (!gw) return;
    try {
      await gw.expectSocketsDrain();
    } finally {
      await gw.close();
    }
  });
  return {
    get gw() {
      return started(gw);
    },
    get acc() {
      return started(acc);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Routes and expectations
// ---------------------------------------------------------------------------------------------

/**
 * A route whose fault is chosen per request path: `pick(path, n)` gets the 0-based number of
 * earlier requests for that same path, so REST and GraphQL requests (or many requests of one
 * batch) running at once on different names each see their own sequence.
 */
export function perPath(
  host: string,
  path: RegExp,
  base: (req: { path: string; query: URLSearchParams }) => RecordedResponse,
  pick: (path: string, n: number) => Fault | null | undefined,
): Route {
  const seen = new Map<string, number>();
  return {
    host,
    path,
    response: (req) => {
      const key = `${req.path}?${req.query.toString()}`;
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      const fault = pick(req.path, n) ?? undefined;
      return { ...base(req), ...(fault ? { fault } : {}) };
    },
  };
}

/** The call failed with this status and code (REST envelope; GraphQL field error at HTTP 200) and cost nothing. */
export function expectTypedError(c: Call, status: number, code: string): void {
  if (c.via === 'rest') {
    expect({ status: c.status, code: c.code, success: c.body?.success }, JSON.stringify(c.body).slice(0, 300)).toEqual({
      status,
      code,
      success: false,
    });
    expect(typeof c.body.error.message).toBe('string');
  } else {
    expect({ status: c.status, code: c.code }, JSON.stringify(c.body).slice(0, 300)).toEqual({ status: 200, code });
    expect(Object.values(c.body.data ?? {}).every((v) => v === null)).toBe(true);
  }
  expect(c.charged).toBe(0);
}

/** The call succeeded at the live price of 1 credit. */
export function expectLive(c: Call): void {
  expect({ status: c.status, code: c.code }, JSON.stringify(c.body).slice(0, 300)).toEqual({ status: 200, code: null });
  expect(c.charged).toBe(1);
}
