/**
 * Replay upstream: a loopback HTTP server that answers the gateway's upstream requests with
 * recorded responses, so tests, `npm run demo` and outside checkers never touch the real sites.
 *
 * With `UPSTREAM_REPLAY_URL=http://127.0.0.1:9000` the gateway rewrites
 * `https://api.github.com/repos/a/b?x=1` to `http://127.0.0.1:9000/api.github.com/repos/a/b?x=1`
 * (port kept only when not the scheme's default) and adds `x-upstream-url: <original URL>`.
 * Here the first path segment is taken back as the original host and the rest as the original
 * path. Redirects are recorded as ordinary responses with a `location` header; the gateway
 * resolves them against the original URL and comes back through this server.
 *
 * Faults (latency, timeout, reset, status, truncate, slowBody, per-hit sequences) let tests
 * exercise the gateway's timeout, retry and error paths against real sockets.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleepFor } from 'node:timers/promises';
import type { Socket, AddressInfo } from 'node:net';

export interface RecordedResponse {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Text, bytes, or a thunk called on each request (e.g. to read a file lazily). */
  body?: string | Buffer | (() => string | Buffer);
  /** Absolute path of a file whose bytes are the body; read on each request, so fixtures are read in place. */
  bodyFile?: string;
  fault?: Fault;
}

export type Fault =
  /** Wait, then answer normally. */
  | { kind: 'latency'; ms: number }
  /** Accept the request and never answer, until the client gives up or the server closes. */
  | { kind: 'timeout' }
  /** Destroy the socket without a response. */
  | { kind: 'reset' }
  /** Answer with this status instead of the recorded response (e.g. 503, or 429 with retry-after). */
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** Send headers with the full content-length, then only `bytes` bytes of the body, then destroy the socket. */
  | { kind: 'truncate'; bytes: number }
  /** Send the body `chunkBytes` at a time, `intervalMs` apart. */
  | { kind: 'slowBody'; chunkBytes: number; intervalMs: number }
  /** The n-th request matching the route (0-based) gets faults[n]; null, or past the end, answers normally. */
  | { kind: 'sequence'; faults: (Fault | null)[] };

export interface Route {
  /** Exact original host, with `:port` when not the scheme's default. Compared case-insensitively. */
  host: string;
  /** Exact original path (as sent, still percent-encoded), or a RegExp tested against it. */
  path: string | RegExp;
  /**
   * Default 'any'. When an object, every listed parameter must be present and equal to (or
   * matched by) one of its values; parameters not listed are allowed.
   */
  query?: Record<string, string | RegExp> | 'any';
  /** Default: any method. Compared case-insensitively. */
  method?: string;
  response: RecordedResponse | ((req: ReplayRequest) => RecordedResponse | Promise<RecordedResponse>);
}

export interface ReplayRequest {
  method: string;
  /** Original host, as taken from the first path segment. */
  host: string;
  /** Original path, `/` when empty. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The gateway's `x-upstream-url` header, when sent. */
  upstreamUrl: string | undefined;
}

export interface ReplayServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Routes added later take precedence over earlier ones, so a test can override a default. */
  add(route: Route): void;
  /** Drop all routes, their hit counters and the hit log. */
  reset(): void;
  /** Requests received, matched or not, oldest first: at least the newest `hitLog` of them (options). */
  hits(filter?: { host?: string; path?: string | RegExp }): ReplayRequest[];
  /** Stop listening and destroy every open socket, including those held by 'timeout' faults. */
  close(): Promise<void>;
}

export interface ReplayServerOptions {
  /** Default 0 (ephemeral). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  routes?: Route[];
  /**
   * Requests kept for hits(), default 10,000: a long-running replay (`npm run demo`, a
   * benchmark's upstream) keeps the newest this many (up to twice as many between trims), not
   * every request it ever answered.
   */
  hitLog?: number;
}

interface RouteEntry {
  route: Route;
  /** Requests this route has matched so far; indexes 'sequence' faults. */
  matched: number;
}

const DEFAULT_CONTENT_TYPE = 'text/html; charset=utf-8';

export async function startReplayServer(opts: ReplayServerOptions = {}): Promise<ReplayServer> {
  let routes: RouteEntry[] = [];
  let log: ReplayRequest[] = [];
  const hitLog = Math.max(1, opts.hitLog ?? 10_000);
  const sockets = new Set<Socket>();
  // Per request being answered, aborted when its response is over or by close(): cuts short
  // latency and slowBody waits so no timer outlives the server. A Set, not AbortSignal.any with a
  // server-long signal (on Node 20 that keeps an entry per request: docs/performance.md).
  const answering = new Set<AbortController>();

  const server = createServer((req, res) => {
    req.on('error', () => {});
    res.on('error', () => {});
    handle(req, res).catch((err: unknown) => answerBroken(req, res, err));
  });

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readRequestBody(req);
    const request = toReplayRequest(req, body);
    log.push(request);
    if (log.length >= 2 * hitLog) log = log.slice(-hitLog);

    const entry = findRoute(routes, request);
    if (!entry) {
      sendBody(
        res,
        404,
        { 'content-type': 'application/json', 'x-replay-miss': '1' },
        JSON.stringify({
          replay: 'no route',
          host: request.host,
          path: request.path,
        }),
        request.method,
      );
      return;
    }

    const hitIndex = entry.matched++;
    const { response } = entry.route;
    const recorded = typeof response === 'function' ? await response(request) : response;
    const fault = resolveFault(recorded.fault, hitIndex);
    // Aborted when the response is over (or the client went away) or the server closes.
    const done = new AbortController();
    answering.add(done);
    res.on('close', () => {
      answering.delete(done);
      done.abort();
    });
    const signal = done.signal;

    switch (fault?.kind) {
      case undefined:
        break;
      case 'latency':
        if (!(await wait(fault.ms, signal))) return;
        break;
      case 'timeout':
        // Hold the socket; the client's timeout or close() ends it.
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'status':
        sendBody(res, fault.status, fault.headers ?? {}, fault.body, request.method);
        return;
      case 'truncate': {
        const full = await loadBody(recorded);
        const socket = req.socket;
        res.writeHead(recorded.status ?? 200, responseHeaders(recorded.headers ?? {}, full, hasBody(recorded)));
        res.write(full.subarray(0, Math.max(0, Math.min(fault.bytes, full.length))));
        // The socket's own write callback runs after everything queued before it is flushed.
        socket.write(Buffer.alloc(0), () => socket.destroy());
        return;
      }
      case 'slowBody': {
        const full = await loadBody(recorded);
        const step = Math.max(1, fault.chunkBytes);
        res.writeHead(recorded.status ?? 200, responseHeaders(recorded.headers ?? {}, full, hasBody(recorded)));
        for (let offset = 0; offset < full.length; offset += step) {
          if (offset > 0 && !(await wait(fault.intervalMs, signal))) return;
          res.write(full.subarray(offset, offset + step));
        }
        res.end();
        return;
      }
    }

    const bodyBytes = await loadBody(recorded);
    if (res.destroyed) return;
    res.writeHead(recorded.status ?? 200, responseHeaders(recorded.headers ?? {}, bodyBytes, hasBody(recorded)));
    res.end(request.method === 'HEAD' ? undefined : bodyBytes);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  const replay: ReplayServer = {
    url: `http://${hostForUrl}:${address.port}`,
    add(route) {
      routes.push({ route, matched: 0 });
    },
    reset() {
      routes = [];
      log = [];
    },
    hits(filter) {
      return log.filter((hit) => {
        if (filter?.host !== undefined && hit.host !== filter.host.toLowerCase()) return false;
        if (filter?.path !== undefined && !matchesText(filter.path, hit.path)) return false;
        return true;
      });
    },
    close() {
      for (const done of answering) done.abort();
      answering.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        sockets.clear();
      });
    },
  };
  for (const route of opts.routes ?? []) replay.add(route);
  return replay;
}

/**
 * A throwing response function or an unreadable bodyFile: a 500 tagged x-replay-error, so a test
 * sees a broken recording instead of mistaking it for an upstream failure.
 */
function answerBroken(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (res.headersSent) return void res.destroy();
  const message = err instanceof Error ? err.message : String(err);
  sendBody(
    res,
    500,
    { 'content-type': 'application/json', 'x-replay-error': '1' },
    JSON.stringify({ replay: 'error', message }),
    req.method,
  );
}

function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `/<host>/<rest>?<query>` → original host, path and query. */
function toReplayRequest(req: IncomingMessage, body: Buffer): ReplayRequest {
  const raw = req.url ?? '/';
  const queryAt = raw.indexOf('?');
  const pathPart = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const queryPart = queryAt === -1 ? '' : raw.slice(queryAt + 1);
  const trimmed = pathPart.replace(/^\/+/, '');
  const slashAt = trimmed.indexOf('/');
  const host = (slashAt === -1 ? trimmed : trimmed.slice(0, slashAt)).toLowerCase();
  const path = slashAt === -1 ? '/' : trimmed.slice(slashAt);
  const upstream = req.headers['x-upstream-url'];
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    host,
    path,
    query: new URLSearchParams(queryPart),
    headers: { ...req.headers },
    body,
    upstreamUrl: Array.isArray(upstream) ? upstream[0] : upstream,
  };
}

function findRoute(routes: RouteEntry[], req: ReplayRequest): RouteEntry | undefined {
  for (let i = routes.length - 1; i >= 0; i--) {
    const entry = routes[i];
    if (routeMatches(entry.route, req)) return entry;
  }
  return undefined;
}

function routeMatches(route: Route, req: ReplayRequest): boolean {
  if (route.host.toLowerCase() !== req.host) return false;
  if (route.method !== undefined && route.method.toUpperCase() !== req.method) return false;
  if (!matchesText(route.path, req.path)) return false;
  const query = route.query ?? 'any';
  if (query === 'any') return true;
  return Object.entries(query).every(([name, expected]) => req.query.getAll(name).some((value) => matchesText(expected, value)));
}

function matchesText(expected: string | RegExp, actual: string): boolean {
  if (typeof expected === 'string') return expected === actual;
  // A /g or /y RegExp keeps state between test() calls; start each match from the beginning.
  expected.lastIndex = 0;
  return expected.test(actual);
}

/** The fault that applies to the hit with this 0-based index, with sequences unrolled. */
function resolveFault(fault: Fault | undefined, hitIndex: number): Exclude<Fault, { kind: 'sequence' }> | undefined {
  let current: Fault | null | undefined = fault;
  while (current?.kind === 'sequence') current = current.faults[hitIndex];
  return current ?? undefined;
}

async function loadBody(recorded: RecordedResponse): Promise<Buffer> {
  if (recorded.bodyFile !== undefined) return readFile(recorded.bodyFile);
  const body = typeof recorded.body === 'function' ? recorded.body() : recorded.body;
  if (body === undefined) return Buffer.alloc(0);
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
}

function hasBody(recorded: RecordedResponse): boolean {
  return recorded.body !== undefined || recorded.bodyFile !== undefined;
}

/** Recorded headers plus the real content-length, and the default content-type when there is a body. */
function responseHeaders(headers: Record<string, string>, body: Buffer, bodyGiven: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'content-length') out[name] = value;
  }
  if (bodyGiven && !Object.keys(out).some((name) => name.toLowerCase() === 'content-type')) {
    out['content-type'] = DEFAULT_CONTENT_TYPE;
  }
  out['content-length'] = String(body.length);
  return out;
}

function sendBody(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | undefined,
  method: string | undefined,
): void {
  const bytes = Buffer.from(body ?? '', 'utf8');
  res.writeHead(status, responseHeaders(headers, bytes, body !== undefined));
  res.end(method === 'HEAD' ? undefined : bytes);
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
async function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await sleepFor(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}
