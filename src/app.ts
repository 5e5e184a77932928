/**
 * createApp(deps) → a node:http request handler serving both faces of the gateway; no listen
 * here (src/server.ts does that), so tests can mount it on an ephemeral port.
 *
 *   /graphql        graphql-yoga + Pothos schema, GraphiQL inline (works offline)
 *   /v1/...         REST compatibility layer over the same schema
 *   /openapi.json   OpenAPI 3.1 of every /v1 route
 *   /v1/status      platform health from real traffic (and canaries); no key, no credits
 *   /metrics        Prometheus metrics (METRICS_TOKEN: bearer token required)
 *   /healthz        process is up
 *   /readyz         stores reachable (503 while shutting down)
 *
 * Every response carries x-request-id; each request is counted (route, status, time) and logged
 * in one access line (method, route, status, ms, key id — never the key).
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import type { DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import { createYoga } from 'graphql-yoga';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import type { Plugin } from 'graphql-yoga';
import { ApiError, invalidInput } from './errors.js';
import type { Deps, GatewayContext } from './graphql/context.js';
import { createFastGraphql, preparedSize } from './graphql/fast-http.js';
import type { DocumentLimits } from './graphql/limits.js';
import { documentLimitErrors, parseLimited } from './graphql/limits.js';
import { executeIncrementalWithCredits, noDeferOnRootFieldsRule, usesIncrementalDelivery } from './graphql/incremental.js';
import { KEYLESS_MAX_BODY, MAX_GRAPHQL_BODY, answerClientError, answerOptions, applyCors, methodNotAllowed, notJson, readBody, tooLarge, unsupportedMediaType } from './http/edges.js';
import { requestBaseUrl } from './media/public-url.js';
import { buildSchema } from './graphql/schema.js';
import { createMediaServer } from './media/serve.js';
import { createCanaryRunner, resolveCanaries } from './observability/canary.js';
import type { CanaryRunner } from './observability/canary.js';
import { statusWire } from './observability/health.js';
import { requestIdOf } from './observability/request.js';
import type { RequestInfo } from './observability/request.js';
import { allOperations, platforms, validateRegistry } from './platforms/registry.js';
import { executeGraphql } from './pipeline/execute.js';
import { logRequestFailure, sendError, sendGraphqlError, sendJson } from './pipeline/errors.js';
import { createRestHandler } from './rest/handler.js';
import { buildOpenApi } from './rest/openapi.js';
import { buildRoutes } from './rest/routes.js';

const DEFAULT_QUERY = `# Creator Lookup GraphQL. Set your key under Headers: {"x-api-key": "<your key>"}
# Every root field costs credits (see extensions.credits in the response); cacheMaxAge serves
# a stored result at 0 credits. (npm run demo serves this repository from its demo data.)
query Example {
  codeRepository(url: "https://github.com/creator-lookup-demo/creator-kit", cacheMaxAge: "7d") {
    fullName
    starsCount
    topics
  }
}
`;

export interface App {
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  schema: ReturnType<typeof buildSchema>;
  openapi: Record<string, unknown>;
  /** Requests being served right now. */
  inFlight(): number;
  /** What the GraphQL document caches hold (bounded in bytes: a keyless caller fills them). */
  documentCaches(): { fast: { entries: number; bytes: number }; yoga: { entries: number; bytes: number } };
  /** Resolves once no request is being served (at once when none is). */
  idle(): Promise<void>;
  /** Shutting down: /readyz answers 503 and responses ask clients to close their connection. */
  drain(): void;
  /** The periodic canaries of CANARIES (server.ts starts them). */
  canaries: CanaryRunner;
}

/** GraphQL errors with `extensions.request_id` (yoga's own errors included). */
function withRequestId(result: unknown, id: string): unknown {
  if (Array.isArray(result)) return result.map((r) => withRequestId(r, id));
  if (!result || typeof result !== 'object' || !('errors' in result)) return result;
  const errors = (result as { errors?: unknown[] }).errors;
  if (!errors?.length) return result;
  return {
    ...result,
    errors: errors.map((e) => {
      if (!(e instanceof GraphQLError)) return { ...(e as object), extensions: { ...(e as { extensions?: object }).extensions, request_id: id } };
      const copy = new GraphQLError(e.message, {
        nodes: e.nodes,
        source: e.source,
        positions: e.positions,
        path: e.path,
        originalError: e.originalError,
        extensions: { ...e.extensions, request_id: id },
      });
      if (!copy.locations && e.locations) Object.defineProperty(copy, 'locations', { value: e.locations, enumerable: true });
      return copy;
    }),
  };
}

const kInfo = Symbol('cl.request');
type Tracked = ServerResponse & { [kInfo]: RequestInfo };

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * The node:http server of an app (server.ts listens on it; tests mount it on an ephemeral port):
 * errors of node's HTTP parser (431 and 400 before any request exists) answered as JSON too.
 */
export function createHttpServer(app: Pick<App, 'handler'>): Server {
  const server = createServer(app.handler);
  server.on('clientError', answerClientError);
  server.keepAliveTimeout = 5_000;
  return server;
}

export function createApp(deps: Deps): App {
  validateRegistry();
  const schema = buildSchema();
  const routes = buildRoutes(schema, allOperations());
  const openapi = buildOpenApi(routes.values());
  const openapiJson = JSON.stringify(openapi);
  const rest = createRestHandler(deps, routes);
  const media = createMediaServer(deps);

  const limits: DocumentLimits = {
    maxDepth: deps.config.maxDepth,
    maxAliases: deps.config.maxAliases,
    maxTokens: deps.config.maxTokens,
    maxSelections: deps.config.maxSelections,
    maxQueryLength: deps.config.maxQueryLength,
  };
  const creditsPlugin: Plugin = {
    onParse({ setParseFn }) {
      setParseFn((source) => parseLimited(typeof source === 'string' ? source : source.body, limits));
    },
    onExecute({ setExecuteFn, executeFn }) {
      setExecuteFn((args) =>
        usesIncrementalDelivery(args.document) ? executeIncrementalWithCredits(args as never, executeFn as never) : executeGraphql(args as never, executeFn as never),
      );
    },
    onValidate({ addValidationRule, params, setResult }) {
      // The linear limit pass first: over a limit, graphql's own (superlinear) rules never run.
      const over = documentLimitErrors(params.documentAST, limits);
      if (over.length) return setResult(over);
      addValidationRule(noDeferOnRootFieldsRule);
      // A parsed document is remembered once it has validated (never an invalid one).
      const text = parsedText.get(params.documentAST);
      if (text === undefined) return;
      return ({ result }) => {
        if (result.length === 0) yogaDocuments.set(text, params.documentAST);
      };
    },
    onResultProcess({ result, setResult, serverContext }) {
      const id = (serverContext as { info?: RequestInfo } | undefined)?.info?.id;
      if (id) setResult(withRequestId(result, id) as never);
    },
  };

  // yoga remembers parsed documents by query text: the same byte cap as the fast path's, and
  // documents that fail to parse are not remembered at all (a keyless caller chooses the text).
  const parsedText = new WeakMap<DocumentNode, string>();
  const yogaDocuments = new LRUCache<string, DocumentNode>({ max: 2_000, maxSize: 8 * 1024 * 1024, sizeCalculation: (_d, query) => preparedSize(query) });
  const yoga = createYoga<{ req: IncomingMessage; res: ServerResponse; info: RequestInfo }>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // CORS is the app's (src/http/edges.ts): an allow-list, never with credentials.
    cors: false,
    parserAndValidationCache: {
      documentCache: { get: (q) => yogaDocuments.get(q), set: (q, d) => void (q.length <= 16 * 1024 && parsedText.set(d, q)) },
      errorCache: { get: () => undefined, set: () => undefined },
      validationCache: true,
    },
    // The GraphiQL page embeds its whole bundle (~35 MB of heap once loaded): load it when the
    // page is first asked for, not at start (most instances never serve it).
    renderGraphiQL: async (opts) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(opts),
    graphiql: {
      title: 'Creator Lookup — GraphiQL',
      defaultQuery: DEFAULT_QUERY,
      headers: JSON.stringify({ 'x-api-key': '<your key>' }, null, 2),
      shouldPersistHeaders: true,
      // `npm run demo`: the demo key and saved example operations (GRAPHIQL_DEFAULTS).
      ...deps.config.graphiql,
    },
    context: ({ request, req, info }): Partial<GatewayContext> => ({
      deps,
      apiKey: request.headers.get('x-api-key'),
      requestBaseUrl: req ? requestBaseUrl(req) : null,
      reqInfo: info,
    }),
    // @defer / @stream (src/graphql/incremental.ts): multipart/mixed or text/event-stream responses.
    plugins: [useDeferStream(), creditsPlugin],
    logging: {
      debug: (...a) => deps.logger.debug({ yoga: a }),
      info: (...a) => deps.logger.info({ yoga: a }),
      warn: (...a) => deps.logger.warn({ yoga: a }),
      error: (...a) => deps.logger.error({ yoga: a }),
    },
  });

  const fast = createFastGraphql(deps, schema, [noDeferOnRootFieldsRule], limits);
  /**
   * /graphql. GET (GraphiQL, queries in the URL) is yoga's. A POST is read here once, whichever
   * executor serves it: its size, type and JSON are checked here (JSON error bodies with stable
   * codes), then the fast path serves the common case and yoga the rest (batches, @defer/@stream,
   * invalid documents), from the bytes already read.
   */
  async function serveGraphql(req: IncomingMessage, res: ServerResponse, info: RequestInfo): Promise<void> {
    if (req.method === 'OPTIONS') return answerOptions(req, res, deps.config.corsOrigins, 'GET, POST');
    if (req.method !== 'POST') {
      if (req.method !== 'GET') return sendGraphqlError(res, methodNotAllowed(req.method, 'GET or POST'), info.id, { allow: 'GET, POST, OPTIONS' });
      return yoga(req, res, { info }) as unknown as Promise<void>;
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') {
      req.resume();
      return sendGraphqlError(res, unsupportedMediaType(type), info.id);
    }
    // A body over the keyless limit is read only for a valid key (looked up from the headers).
    let limit = KEYLESS_MAX_BODY;
    const declared = Number(req.headers['content-length']);
    if (!(declared <= KEYLESS_MAX_BODY)) {
      const header = req.headers['x-api-key'];
      const apiKey = Array.isArray(header) ? header[0] : header;
      if (apiKey && (await deps.ledger.authenticate(apiKey))) limit = MAX_GRAPHQL_BODY;
    }
    const raw = await readBody(req, limit);
    if (raw === 'too-large') {
      // Nothing more is read (node would otherwise read the rest of the body to reuse the
      // connection): the connection is closed once the answer is out.
      res.shouldKeepAlive = false;
      res.once('finish', () => req.socket.destroy());
      return sendGraphqlError(res, tooLarge(limit, limit === KEYLESS_MAX_BODY), info.id, { connection: 'close' });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      return sendGraphqlError(res, notJson(), info.id);
    }
    // A query text over the limit is refused before anyone lexes it (see src/graphql/limits.ts).
    const query = (parsed as { query?: unknown } | null)?.query;
    if (typeof query === 'string' && query.length > limits.maxQueryLength) {
      return sendGraphqlError(res, invalidInput([{ param: 'query', message: `longer than ${limits.maxQueryLength} characters` }]), info.id);
    }
    if (deps.config.graphqlFastPath && (await fast.handle(req, res, info, parsed))) return;
    // Hand yoga an equivalent request with the body already read.
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) headers.append(k, item);
    }
    const response = await yoga.fetch(new URL(req.url ?? '/graphql', `http://${req.headers.host ?? 'localhost'}`), { method: req.method, headers, body: new Uint8Array(raw) }, { req, res, info });
    const outHeaders: Record<string, string> = {};
    response.headers.forEach((v, k) => (outHeaders[k] = v));
    // Incremental delivery: each part as it is ready; a client that leaves cancels the stream.
    if (response.body && /^(multipart\/mixed|text\/event-stream)/.test(response.headers.get('content-type') ?? '')) {
      res.writeHead(response.status, outHeaders);
      const reader = response.body.getReader();
      res.once('close', () => void reader.cancel().catch(() => undefined));
      for (let part = await reader.read(); !part.done; part = await reader.read()) res.write(part.value);
      res.end();
      return;
    }
    const out = Buffer.from(await response.arrayBuffer());
    outHeaders['content-length'] = String(out.length);
    res.writeHead(response.status, outHeaders);
    res.end(out);
  }

  const platformLabels = platforms.map((p) => p.label);
  const canaries = createCanaryRunner(deps, resolveCanaries(deps, deps.config.canaries, routes, allOperations()), deps.config.canaryIntervalMs);

  // Responses being served: for graceful shutdown (wait for them; ask their clients to close the
  // connection) and the in-flight gauge.
  const open = new Set<ServerResponse>();
  let draining = false;
  let idleWaiters: (() => void)[] = [];
  deps.metrics.setInFlight(() => open.size);
  // Every route's series exist from the start (a response then costs a Map lookup and two additions).
  for (const r of [...routes.keys(), '/graphql', '/v1/status', '/metrics', '/media/*', '/openapi.json', '/healthz', '/readyz', '/', 'unmatched']) deps.metrics.route(r);
  const accessLog = deps.logger.isLevelEnabled('info');

  /** One function for every response's 'close' (no closure per request): count, log, notify. */
  function onClose(this: ServerResponse): void {
    const res = this;
    const info = (res as Tracked)[kInfo];
    open.delete(res);
    // Shutting down: a keep-alive connection whose answer went out before the drain is not reused.
    if (draining && !res.req.socket.destroyed) res.req.socket.end();
    // A response cut short (the client went away, or a forced shutdown) is counted as 499.
    const status = res.writableFinished ? res.statusCode : 499;
    const ms = performance.now() - info.started;
    deps.metrics.route(info.route).record(status, ms / 1000);
    if (accessLog) deps.logger.info({ req_id: info.id, method: res.req.method, route: info.route, status, ms: Math.round(ms * 100) / 100, key_id: info.keyId ?? undefined }, 'request');
    if (open.size === 0 && idleWaiters.length) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const info: RequestInfo = { id: requestIdOf(req.headers['x-request-id'], req.headers['x-api-key']), route: 'unmatched', keyId: null, started: performance.now() };
    (res as Tracked)[kInfo] = info;
    open.add(res);
    if (draining) res.shouldKeepAlive = false;
    res.on('close', onClose);
    // Split by hand: this runs for every request, and a full URL parse is not needed to route.
    const raw = req.url ?? '/';
    const qAt = raw.indexOf('?');
    const path = qAt < 0 ? raw : raw.slice(0, qAt);
    const done = (p: Promise<void> | void) =>
      Promise.resolve(p).catch((err) => {
        const answer = logRequestFailure(deps.logger, err, { path, req_id: info.id });
        if (!res.headersSent) sendError(res, answer, {}, info.id);
        else res.destroy();
      });
    // Browsers: CORS headers on every answer (preflights are answered per route below).
    const origin = req.headers.origin;
    if (origin !== undefined) applyCors(res, origin, deps.config.corsOrigins);
    if (path.startsWith('/v1/') && path !== '/v1/status') {
      if (req.method === 'OPTIONS') {
        res.setHeader('x-request-id', info.id);
        return answerOptions(req, res, deps.config.corsOrigins, 'GET');
      }
      // /v1 routes write x-request-id with their own headers (no setHeader on the hot path).
      return void done(rest(req, res, path, new URLSearchParams(qAt < 0 ? '' : raw.slice(qAt + 1)), info));
    }
    res.setHeader('x-request-id', info.id);
    if (path.startsWith('/media/')) {
      info.route = '/media/*';
      return void done(media.serve(req, res, path));
    }
    if (path === '/graphql') {
      info.route = path;
      return void done(serveGraphql(req, res, info));
    }
    if (path === '/v1/status') {
      info.route = path;
      if (req.method === 'OPTIONS') return answerOptions(req, res, deps.config.corsOrigins, 'GET, HEAD');
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, methodNotAllowed(req.method, 'GET'), { allow: 'GET, HEAD, OPTIONS' });
      return sendJson(res, 200, statusWire(deps.health.snapshot(platformLabels)));
    }
    if (path === '/metrics') {
      info.route = path;
      if (deps.config.metricsToken && !tokenMatches(req.headers.authorization, deps.config.metricsToken)) {
        return sendError(res, new ApiError('UNAUTHORIZED', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>'), { 'www-authenticate': 'Bearer' });
      }
      return void done(
        deps.metrics.expose().then(({ contentType, body }) => {
          res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
          res.end(body);
        }),
      );
    }
    if (path === '/openapi.json') {
      info.route = path;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return void res.end(openapiJson);
    }
    if (path === '/healthz') {
      info.route = path;
      return sendJson(res, 200, { status: 'ok' });
    }
    if (path === '/readyz') {
      info.route = path;
      if (draining) return sendJson(res, 503, { status: 'unavailable', error: { code: 'SERVICE_UNAVAILABLE', message: 'shutting down' } });
      return void done(
        Promise.all([deps.ledger.ping(), deps.cache.ping()]).then(
          () => sendJson(res, 200, { status: 'ready' }),
          (err) => {
            deps.logger.warn({ err }, 'readiness check failed');
            sendJson(res, 503, { status: 'unavailable', error: { code: 'SERVICE_UNAVAILABLE', message: 'a store is unreachable' } });
          },
        ),
      );
    }
    if (path === '/') {
      info.route = path;
      return sendJson(res, 200, { name: 'Creator Lookup', graphql: '/graphql', openapi: '/openapi.json' });
    }
    sendError(res, new ApiError('NOT_FOUND', `No route ${path}`));
  };

  return {
    handler,
    schema,
    openapi,
    inFlight: () => open.size,
    documentCaches: () => ({ fast: fast.held(), yoga: { entries: yogaDocuments.size, bytes: yogaDocuments.calculatedSize } }),
    idle: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))),
    drain() {
      draining = true;
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
    },
    canaries,
  };
}
