/**
 * createApp(deps) → a node:http request handler serving both faces of the gateway; no listen
 * here (src/server.ts does that), so tests can mount it on an ephemeral port. The handler is a
 * routing table (below, in createApp):
 *
 *   /graphql        GraphQL (src/graphql/http.ts): GraphiQL inline (works offline), fast path, yoga
 *   /mcp            the Model Context Protocol for agents (src/mcp/http.ts): every operation a tool
 *                   (these two faces are made on first use, or by App.warm once listening)
 *   /v1/...         every operation's REST route (src/rest/) — both faces run each operation
 *                   through the one pipeline (src/pipeline/run.ts runOperation)
 *   module routes   /v1/status, /v1/account … (src/gateway.ts `modules`)
 *   /openapi.json   OpenAPI 3.1 of every /v1 route
 *   /metrics        Prometheus metrics (METRICS_TOKEN: bearer token required)
 *   /healthz        process is up
 *   /readyz         stores reachable, GraphQL and MCP made, App.warm done (503 while starting or shutting down)
 *   /media/...      media hosted for download_media
 *
 * Every response carries x-request-id; each request is counted (route, status, time) and logged
 * in one access line (method, route, status, ms, key id — never the key).
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ApiError } from './errors.js';
import type { Deps } from './pipeline/context.js';
import type { GraphqlFace } from './graphql/http.js';
import { createComputeBudget } from './graphql/introspection-budget.js';
import type { ComputeBudget } from './graphql/introspection-budget.js';
import {
  GatewayResponse,
  answerClientError,
  answerConnect,
  answerOptions,
  applyCors,
  connectionFree,
  deferContinue,
  forwardUnmetExpectation,
  methodNotAllowed,
  originForm,
  refusal,
} from './http/edges.js';
import { createMediaServer } from './media/serve.js';
import type { McpFace } from './mcp/http.js';
import { createCanaryRunner, resolveCanaries } from './observability/canary.js';
import type { CanaryRunner } from './observability/canary.js';
import { requestIdOf } from './observability/request.js';
import type { RequestInfo } from './observability/request.js';
import type { HttpRoute } from './platforms/module.js';
import { allOperations, modules, validateGateway } from './gateway.js';
import { logRequestFailure, sendError, sendJson } from './pipeline/errors.js';
import { createRestHandler } from './rest/handler.js';
import { accessLogger } from './log.js';
import { buildOpenApi } from './rest/openapi.js';
import { buildRoutes } from './rest/routes.js';
import type { RestRoute } from './rest/routes.js';
import { bearerToken } from './http/api-key.js';
import { warmTextPatterns } from './discovery/warm-patterns.js';

export interface App {
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Makes the faces made on first use (GraphQL, MCP: `madeOnUse`) now, then compiles discovery's
   * largest text patterns (src/discovery/warm-patterns.ts; `textPatterns: false` leaves them to
   * the first lookup — the tests' gateways); server.ts calls it once listening, and /readyz
   * answers 503 while it runs. Rejects when a face cannot be made (the GraphQL schema disagreeing
   * with the operations).
   */
  warm(opts?: { textPatterns?: boolean }): Promise<void>;
  /** Requests being served right now. */
  inFlight(): number;
  /** What the GraphQL document caches hold (bounded in bytes: a keyless caller fills them). */
  documentCaches(): { fast: { entries: number; bytes: number; compiled: number }; yoga: { entries: number; bytes: number } };
  /** Resolves once no request is being served (at once when none is). */
  idle(): Promise<void>;
  /** Shutting down: /readyz answers 503 and responses ask clients to close their connection. */
  drain(): void;
  /** The periodic canaries of CANARIES (server.ts starts them). */
  canaries: CanaryRunner;
  /** Stops the modules' background work (bulk jobs' workers); before the stores close. */
  close(): Promise<void>;
}

const kInfo = Symbol('cl.request');
type Tracked = ServerResponse & { [kInfo]: RequestInfo };

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(bearerToken(header) ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * The node:http server of an app (server.ts listens on it; tests mount it on an ephemeral port):
 * errors of node's HTTP parser (431 and 400 before any request exists) and CONNECT (405, then
 * close: answerConnect) answered as JSON too, and so are an HTTP/1.1 request without Host (400)
 * and an Expect other than 100-continue (417, through the app: forwardUnmetExpectation), both
 * refused by the app's handler (refusal); Expect: 100-continue is answered 100 only once a body
 * reader begins (deferContinue: a refusal made from the headers is the client's final status); a
 * large request body nobody reads is not drained (GatewayResponse closes its connection).
 * Without an app, its handler is attached later (`server.on('request', app.handler)`).
 */
/** How long a client may take to send a request's headers. */
export const HEADERS_TIMEOUT_MS = 10_000;
const CONNECTIONS_CHECK_MS = 2_000;

export function createHttpServer(app?: Pick<App, 'handler'>): Server {
  // A missing Host is refused by the app (refusal), with a JSON body: node's own 400 has none.
  // A client's headers must be in within HEADERS_TIMEOUT_MS (node checks every
  // CONNECTIONS_CHECK_MS): one sending a header line every few seconds held its connection for
  // node's default 60 s, and enough of them took every file descriptor (an outside attack sweep;
  // docs/running.md: a reverse proxy in front is what stops such floods).
  const options = {
    ServerResponse: GatewayResponse,
    requireHostHeader: false,
    headersTimeout: HEADERS_TIMEOUT_MS,
    connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
  };
  const server = app ? createServer(options, app.handler) : createServer(options);
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect);
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => forwardUnmetExpectation(server, req, res));
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => deferContinue(server, req, res));
  server.keepAliveTimeout = 5_000;
  return server;
}

/** /openapi.json: every operation's route and the routes modules declare. */
export function openApiDocument(routes: Map<string, RestRoute> = buildRoutes(allOperations())): Record<string, unknown> {
  return buildOpenApi(
    routes.values(),
    Object.fromEntries(
      modules.flatMap((m) =>
        m.routes.flatMap((r) => [...(r.openapi ? [[r.path, r.openapi]] : []), ...Object.entries(r.openapiPaths ?? {})]),
      ),
    ),
  );
}

/**
 * /openapi.json's bytes, made once per process: the registry and the modules are fixed, and the
 * document (~0.9 MB) took 20–40 ms of every app's start to build, write and measure.
 */
let openapiBytes: Buffer | null = null;
function openApiBytes(): Buffer {
  return (openapiBytes ??= Buffer.from(JSON.stringify(openApiDocument())));
}

/**
 * The routing table. Exact paths: the gateway's own (GraphQL, OpenAPI, health, metrics) and
 * every module's (src/gateway.ts `modules`: status, account…); then the modules'
 * prefix routes (`/v1/jobs/` serves `/v1/jobs/{id}…`); then two prefixes: /v1/ (every
 * operation's REST route, src/rest/) and /media/ (hosted media).
 */
function routeTable(
  deps: Deps,
  faces: {
    graphql: MadeOnUse<GraphqlFace>;
    mcp: MadeOnUse<McpFace>;
    openapiJson: Buffer;
    draining: () => boolean;
    /** App.warm is under way. */
    warming: () => boolean;
  },
): { table: Map<string, HttpRoute>; prefixed: HttpRoute[]; anyRouteMethods: string } {
  const table = new Map<string, HttpRoute>();
  const prefixed: HttpRoute[] = [];
  const route = (r: HttpRoute) => {
    if (r.prefix) {
      if (prefixed.some((p) => p.path === r.path)) throw new Error(`route ${r.path}* declared twice`);
      prefixed.push(r);
      return;
    }
    if (table.has(r.path)) throw new Error(`route ${r.path} declared twice`);
    table.set(r.path, r);
  };
  route({
    path: '/graphql',
    methods: ['GET', 'POST'],
    noHead: true,
    serve: servedBy(faces.graphql),
  });
  route({
    path: '/mcp',
    methods: ['POST'],
    serve: servedBy(faces.mcp),
  });
  route({
    path: '/openapi.json',
    methods: ['GET'],
    // With its length: a HEAD tells the document's size too.
    serve: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': faces.openapiJson.length });
      res.end(faces.openapiJson);
    },
  });
  route({ path: '/healthz', methods: ['GET'], serve: (_req, res) => sendJson(res, 200, { status: 'ok' }) });
  route({
    path: '/readyz',
    methods: ['GET'],
    serve: (_req, res) =>
      ready(deps, res, faces.draining(), !faces.warming() && faces.graphql.made() !== null && faces.mcp.made() !== null),
  });
  // Open (no METRICS_TOKEN): making answers shares a budget of the event loop (METRICS_CPU_MS).
  const metricsBudget = createComputeBudget(deps.config.metricsToken ? 0 : METRICS_CPU_MS, undefined, METRICS_REFUSAL);
  route({ path: '/metrics', methods: ['GET'], serve: (req, res) => metrics(deps, req, res, metricsBudget) });
  route({
    path: '/',
    methods: ['GET'],
    serve: (_req, res) => sendJson(res, 200, { name: 'Creator Lookup', graphql: '/graphql', openapi: '/openapi.json' }),
  });
  for (const m of modules) for (const r of m.routes) route(r);
  // What `OPTIONS *` (the server as a whole, RFC 9110 §9.3.7) is told: every route's methods, HEAD with GET.
  const anyRouteMethods = [...new Set(['GET', 'HEAD', ...[...table.values(), ...prefixed].flatMap((r) => r.methods)])].join(', ');
  return { table, prefixed, anyRouteMethods };
}

/**
 * /readyz: 503 while draining, while what is made once listening is not made yet (the faces, and
 * App.warm while it runs), or while a store does not answer.
 */
function ready(deps: Deps, res: ServerResponse, draining: boolean, warm: boolean): void | Promise<void> {
  if (draining) return sendJson(res, 503, { status: 'unavailable', error: { code: 'SERVICE_UNAVAILABLE', message: 'shutting down' } });
  if (!warm)
    return sendJson(res, 503, {
      status: 'unavailable',
      error: { code: 'SERVICE_UNAVAILABLE', message: 'starting: the GraphQL and MCP faces and the text patterns are being made' },
    });
  return Promise.all([deps.ledger.ping(), deps.cache.ping()]).then(
    () => sendJson(res, 200, { status: 'ready' }),
    (err) => {
      deps.logger.warn({ err }, 'readiness check failed');
      sendJson(res, 503, { status: 'unavailable', error: { code: 'SERVICE_UNAVAILABLE', message: 'a store is unreachable' } });
    },
  );
}

/**
 * Event-loop milliseconds per second that making /metrics answers may take while it is open (no
 * METRICS_TOKEN: anyone may ask), with 5 s of it saved up (src/graphql/introspection-budget.ts);
 * past it, 429 RATE_LIMITED with Retry-After. An answer takes ~5 ms of the loop (~150 KB of text;
 * a keyless 401 takes ~0.1 ms): 20 clients asking without pause held /healthz's p99 at ~0.5 s,
 * 200 at 1.7 s. 50 ms is ten answers a second after a burst of ~50 — a scraper asks every 15 s.
 */
const METRICS_CPU_MS = 50;
const METRICS_REFUSAL = (msPerSecond: number) =>
  `Too many /metrics requests: making answers may take ${msPerSecond} ms of each second while METRICS_TOKEN is unset (set it to scrape without this limit)`;

/** /metrics (behind METRICS_TOKEN when set; else within `budget`). */
async function metrics(deps: Deps, req: IncomingMessage, res: ServerResponse, budget: ComputeBudget): Promise<void> {
  if (deps.config.metricsToken && !tokenMatches(req.headers.authorization, deps.config.metricsToken)) {
    return sendError(res, new ApiError('UNAUTHORIZED', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>'), {
      'www-authenticate': 'Bearer',
    });
  }
  // Made once the connection can take it (pipelined behind answers nobody reads, it waits).
  if (!(await connectionFree(res))) return;
  const refused = budget.admit();
  if (refused) return sendError(res, refused);
  const started = performance.now();
  const { contentType, body } = await deps.metrics.expose();
  budget.spend(performance.now() - started);
  res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** A face made once, when first asked for (its first request, or App.warm). */
interface MadeOnUse<F> {
  get(): Promise<F>;
  /** The face, once made (null before). */
  made(): F | null;
}

type FaceServe = (req: IncomingMessage, res: ServerResponse, info: RequestInfo) => void | Promise<void>;

/** A route served by a face made on use: by the face at once once made, else once it is. */
function servedBy(face: MadeOnUse<{ serve: FaceServe }>): FaceServe {
  return (req, res, info) => {
    const made = face.made();
    return made ? made.serve(req, res, info) : face.get().then((f) => f.serve(req, res, info));
  };
}

function madeOnUse<F>(make: () => Promise<F>): MadeOnUse<F> {
  let face: F | null = null;
  let making: Promise<F> | null = null;
  return {
    get: () =>
      (making ??= make().then((f) => {
        face = f;
        return f;
      })),
    made: () => face,
  };
}

/** App.warm: the faces made, then discovery's text patterns compiled; `warming()` while it runs (/readyz). */
function warming(faces: MadeOnUse<unknown>[]): { warm: App['warm']; warming: () => boolean } {
  let running = 0;
  return {
    warm: async ({ textPatterns = true } = {}) => {
      running++;
      try {
        await Promise.all(faces.map((f) => f.get()));
        if (textPatterns) await warmTextPatterns();
      } finally {
        running--;
      }
    },
    warming: () => running > 0,
  };
}

export function createApp(deps: Deps): App {
  validateGateway();
  const routes = buildRoutes(allOperations());
  const openapiJson = openApiBytes();
  const rest = createRestHandler(deps, routes);
  const media = createMediaServer(deps);

  // The GraphQL face (its schema, yoga, graphql-jit, Pothos) and the MCP face (the SDK) are made
  // when first asked for, or by warm() once the server listens: most of a start's work
  // otherwise (docs/performance.md "Start-up"). Their modules load then (scripts/build.mjs splits
  // them from the bundle). The REST routes, /openapi.json and the modules are made here.
  const graphql = madeOnUse(() => import('./graphql/http.js').then((m) => m.startGraphqlFace(deps, allOperations())));
  const mcp = madeOnUse(() => import('./mcp/http.js').then((m) => m.createMcpFace(deps, routes)));
  const warmer = warming([graphql, mcp]);
  const runtimes = modules.flatMap((m) => (m.start ? [m.start(deps, routes)] : []));

  const canaries = createCanaryRunner(
    deps,
    resolveCanaries(deps, deps.config.canaries, routes, allOperations()),
    deps.config.canaryIntervalMs,
  );

  // Responses being served: for graceful shutdown (wait for them; ask their clients to close the
  // connection) and the in-flight gauge.
  const open = new Set<ServerResponse>();
  let draining = false;
  let idleWaiters: (() => void)[] = [];
  deps.metrics.setInFlight(() => open.size);
  const { table, prefixed, anyRouteMethods } = routeTable(deps, {
    graphql,
    mcp,
    openapiJson,
    draining: () => draining,
    warming: warmer.warming,
  });
  // Every route's series exist from the start (a response then costs a Map lookup and two additions).
  for (const r of [...routes.keys(), ...[...table.values(), ...prefixed].map(routeName), '/media/*', 'unmatched']) deps.metrics.route(r);
  const accessLog = deps.logger.isLevelEnabled('info');
  const writeAccess = accessLogger(deps.logger);

  /** One function for every response's 'close' (no closure per request): count, log, notify. */
  function onClose(this: ServerResponse): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- 'close' passes the response as `this` (one function for every response, no closure per request)
    const res = this;
    const info = (res as Tracked)[kInfo];
    open.delete(res);
    // Shutting down: a keep-alive connection whose answer went out before the drain is not reused.
    if (draining && !res.req.socket.destroyed) res.req.socket.end();
    // A response cut short (the client went away, or a forced shutdown) is counted as 499.
    const status = res.writableFinished ? res.statusCode : 499;
    const ms = performance.now() - info.started;
    deps.metrics.route(info.route).record(status, ms / 1000);
    if (accessLog)
      writeAccess({
        req_id: info.id,
        method: res.req.method,
        route: info.route,
        status,
        ms: Math.round(ms * 100) / 100,
        key_id: info.keyId ?? undefined,
      });
    if (open.size === 0 && idleWaiters.length) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const info: RequestInfo = {
      id: requestIdOf(req.headers),
      route: 'unmatched',
      keyId: null,
      started: performance.now(),
    };
    (res as Tracked)[kInfo] = info;
    open.add(res);
    if (draining) res.shouldKeepAlive = false;
    res.on('close', onClose);
    const refused = refusal(req) ?? originForm(req);
    // Split by hand: this runs for every request, and a full URL parse is not needed to route.
    const raw = req.url ?? '/';
    const qAt = raw.indexOf('?');
    const path = qAt < 0 ? raw : raw.slice(0, qAt);
    const done = (p: Promise<void> | void) =>
      Promise.resolve(p).catch((err) => {
        // The client left while its body was read (node's 'aborted'): no one to answer, not a bug.
        if (req.destroyed && !req.complete && (err as NodeJS.ErrnoException)?.code === 'ECONNRESET') {
          deps.logger.debug({ path, req_id: info.id }, 'client left during the request body');
          return void res.destroy();
        }
        const answer = logRequestFailure(deps.logger, err, { path, req_id: info.id });
        if (!res.headersSent) sendError(res, answer, {}, info.id);
        else res.destroy();
      });
    // Browsers: CORS headers on every answer (preflights are answered per route).
    const origin = req.headers.origin;
    if (origin !== undefined) applyCors(res, origin, deps.config.corsOrigins);

    if (refused) return sendError(res, refused, {}, info.id);
    const exact = table.get(path) ?? (prefixed.length ? prefixed.find((r) => path.startsWith(r.path)) : undefined);
    if (exact) {
      info.route = routeName(exact);
      res.setHeader('x-request-id', info.id);
      const methods = exact.methods.includes('GET') && !exact.noHead ? [...exact.methods, 'HEAD'] : [...exact.methods];
      if (req.method === 'OPTIONS') return answerOptions(req, res, deps.config.corsOrigins, methods.join(', '));
      // /graphql answers other methods in its own (GraphQL) error shape; a prefix route checks per path.
      if (!methods.includes(req.method ?? '') && path !== '/graphql' && !exact.prefix)
        return sendError(res, methodNotAllowed(req.method, methods.join(' or ')), { allow: `${methods.join(', ')}, OPTIONS` });
      return void done(exact.serve(req, res, info, deps));
    }
    if (path.startsWith('/v1/')) {
      if (req.method === 'OPTIONS') {
        res.setHeader('x-request-id', info.id);
        return answerOptions(req, res, deps.config.corsOrigins, 'GET');
      }
      // /v1 routes write x-request-id with their own headers (no setHeader on the hot path).
      return void done(rest(req, res, path, new URLSearchParams(qAt < 0 ? '' : raw.slice(qAt + 1)), info));
    }
    res.setHeader('x-request-id', info.id);
    if (path === '*' && req.method === 'OPTIONS') return answerOptions(req, res, deps.config.corsOrigins, anyRouteMethods);
    if (path.startsWith('/media/')) {
      info.route = '/media/*';
      return void done(media.serve(req, res, path));
    }
    sendError(res, new ApiError('NOT_FOUND', `No route ${path}`));
  };

  return {
    handler,
    warm: warmer.warm,
    inFlight: () => open.size,
    documentCaches: () =>
      graphql.made()?.documentCaches() ?? { fast: { entries: 0, bytes: 0, compiled: 0 }, yoga: { entries: 0, bytes: 0 } },
    idle: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))),
    drain() {
      draining = true;
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
    },
    canaries,
    async close() {
      await Promise.all(runtimes.map((r) => r.close()));
    },
  };
}

/** A route's name in metrics and the access log: its path, `*` after a prefix. */
function routeName(r: HttpRoute): string {
  return r.prefix ? `${r.path}*` : r.path;
}
