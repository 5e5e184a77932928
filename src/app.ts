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
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import type { ASTVisitor, FragmentDefinitionNode, SelectionSetNode, ValidationContext } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import type { Plugin } from 'graphql-yoga';
import { ApiError, isApiError } from './errors.js';
import type { Deps, GatewayContext } from './graphql/context.js';
import { createFastGraphql } from './graphql/fast-http.js';
import { executeIncrementalWithCredits, noDeferOnRootFieldsRule, usesIncrementalDelivery } from './graphql/incremental.js';
import { executeWithCredits } from './graphql/plan.js';
import { requestBaseUrl } from './media/public-url.js';
import { buildSchema } from './graphql/schema.js';
import { createMediaServer } from './media/serve.js';
import { createCanaryRunner, resolveCanaries } from './observability/canary.js';
import type { CanaryRunner } from './observability/canary.js';
import { statusWire } from './observability/health.js';
import { requestIdOf } from './observability/request.js';
import type { RequestInfo } from './observability/request.js';
import { allOperations, platforms, validateRegistry } from './platforms/registry.js';
import { createRestHandler, sendError, sendJson } from './rest/handler.js';
import { buildOpenApi } from './rest/openapi.js';
import { buildRoutes } from './rest/routes.js';

/** Depth of an operation, not counting introspection subtrees (GraphiQL's own query is deep). */
export function maxDepthRule(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions) if (d.kind === 'FragmentDefinition') fragments.set(d.name.value, d);
    const depthOf = (set: SelectionSetNode, seen: Set<string>): number => {
      let deepest = 0;
      for (const sel of set.selections) {
        if (sel.kind === 'Field') {
          if (sel.name.value.startsWith('__')) continue;
          deepest = Math.max(deepest, 1 + (sel.selectionSet ? depthOf(sel.selectionSet, seen) : 0));
        } else if (sel.kind === 'InlineFragment') {
          deepest = Math.max(deepest, depthOf(sel.selectionSet, seen));
        } else {
          const f = fragments.get(sel.name.value);
          if (f && !seen.has(f.name.value)) deepest = Math.max(deepest, depthOf(f.selectionSet, new Set([...seen, f.name.value])));
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const d = depthOf(node.selectionSet, new Set());
        if (d > max) {
          context.reportError(new GraphQLError(`Operation is ${d} levels deep; the maximum is ${max}`, { nodes: [node], extensions: { code: 'INVALID_INPUT' } }));
        }
      },
    };
  };
}

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

export function createApp(deps: Deps): App {
  validateRegistry();
  const schema = buildSchema();
  const routes = buildRoutes(schema, allOperations());
  const openapi = buildOpenApi(routes.values());
  const openapiJson = JSON.stringify(openapi);
  const rest = createRestHandler(deps, schema, routes);
  const media = createMediaServer(deps);

  const creditsPlugin: Plugin = {
    onExecute({ setExecuteFn, executeFn }) {
      setExecuteFn((args) =>
        usesIncrementalDelivery(args.document) ? executeIncrementalWithCredits(args as never, executeFn as never) : executeWithCredits(args as never, executeFn as never),
      );
    },
    onValidate({ addValidationRule }) {
      addValidationRule(maxDepthRule(deps.config.maxDepth));
      addValidationRule(noDeferOnRootFieldsRule);
    },
    onResultProcess({ result, setResult, serverContext }) {
      const id = (serverContext as { info?: RequestInfo } | undefined)?.info?.id;
      if (id) setResult(withRequestId(result, id) as never);
    },
  };

  const yoga = createYoga<{ req: IncomingMessage; res: ServerResponse; info: RequestInfo }>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
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

  const fast = createFastGraphql(deps, schema, [maxDepthRule(deps.config.maxDepth)]);
  async function serveGraphql(req: IncomingMessage, res: ServerResponse, info: RequestInfo): Promise<void> {
    const r = deps.config.graphqlFastPath ? await fast.handle(req, res, info) : ({ handled: false, body: null } as const);
    if (r.handled) return;
    if (!r.body) return yoga(req, res, { info }) as unknown as Promise<void>;
    // The body was read already: hand yoga an equivalent request.
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) headers.append(k, item);
    }
    const response = await yoga.fetch(new URL(req.url ?? "/graphql", `http://${req.headers.host ?? "localhost"}`), { method: req.method, headers, body: new Uint8Array(r.body) }, { req, res, info });
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
        deps.logger.error({ err, path, req_id: info.id }, 'unhandled request error');
        // An ApiError keeps its status (e.g. 503 when a store is unreachable); anything else is a bug.
        if (!res.headersSent) sendError(res, isApiError(err) ? err : new ApiError('INTERNAL', 'Unexpected error.'), {}, info.id);
        else res.destroy();
      });
    // /v1 routes write x-request-id with their own headers (no setHeader on the hot path).
    if (path.startsWith('/v1/') && path !== '/v1/status') return void done(rest(req, res, path, new URLSearchParams(qAt < 0 ? '' : raw.slice(qAt + 1)), info));
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
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, new ApiError('INVALID_INPUT', `${req.method} is not supported here; use GET`), { allow: 'GET' });
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
    idle: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))),
    drain() {
      draining = true;
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
    },
    canaries,
  };
}
