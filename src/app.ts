/**
 * createApp(deps) → a node:http request handler serving both faces of the gateway; no listen
 * here (src/server.ts does that), so tests can mount it on an ephemeral port.
 *
 *   /graphql        graphql-yoga + Pothos schema, GraphiQL inline (works offline)
 *   /v1/...         REST compatibility layer over the same schema
 *   /openapi.json   OpenAPI 3.1 of every /v1 route
 *   /healthz        process is up
 *   /readyz         stores reachable
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { GraphQLError } from 'graphql';
import type { ASTVisitor, FragmentDefinitionNode, SelectionSetNode, ValidationContext } from 'graphql';
import { createYoga } from 'graphql-yoga';
import type { Plugin } from 'graphql-yoga';
import { ApiError, isApiError } from './errors.js';
import type { Deps, GatewayContext } from './graphql/context.js';
import { createFastGraphql } from './graphql/fast-http.js';
import { executeWithCredits } from './graphql/plan.js';
import { requestBaseUrl } from './media/public-url.js';
import { buildSchema } from './graphql/schema.js';
import { createMediaServer } from './media/serve.js';
import { allOperations, validateRegistry } from './platforms/registry.js';
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
      setExecuteFn((args) => executeWithCredits(args as never, executeFn as never));
    },
    onValidate({ addValidationRule }) {
      addValidationRule(maxDepthRule(deps.config.maxDepth));
    },
  };

  const yoga = createYoga<{ req: IncomingMessage; res: ServerResponse }>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    renderGraphiQL,
    graphiql: {
      title: 'Creator Lookup — GraphiQL',
      defaultQuery: DEFAULT_QUERY,
      headers: JSON.stringify({ 'x-api-key': '<your key>' }, null, 2),
      shouldPersistHeaders: true,
    },
    context: ({ request, req }): Partial<GatewayContext> => ({ deps, apiKey: request.headers.get('x-api-key'), requestBaseUrl: req ? requestBaseUrl(req) : null }),
    plugins: [creditsPlugin],
    logging: {
      debug: (...a) => deps.logger.debug({ yoga: a }),
      info: (...a) => deps.logger.info({ yoga: a }),
      warn: (...a) => deps.logger.warn({ yoga: a }),
      error: (...a) => deps.logger.error({ yoga: a }),
    },
  });

  const fast = createFastGraphql(deps, schema, [maxDepthRule(deps.config.maxDepth)]);
  async function serveGraphql(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const r = deps.config.graphqlFastPath ? await fast.handle(req, res) : ({ handled: false, body: null } as const);
    if (r.handled) return;
    if (!r.body) return yoga(req, res) as unknown as Promise<void>;
    // The body was read already: hand yoga an equivalent request.
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) headers.append(k, item);
    }
    const response = await yoga.fetch(new URL(req.url ?? "/graphql", `http://${req.headers.host ?? "localhost"}`), { method: req.method, headers, body: new Uint8Array(r.body) }, { req, res });
    const out = Buffer.from(await response.arrayBuffer());
    const outHeaders: Record<string, string> = {};
    response.headers.forEach((v, k) => (outHeaders[k] = v));
    outHeaders['content-length'] = String(out.length);
    res.writeHead(response.status, outHeaders);
    res.end(out);
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    // Split by hand: this runs for every request, and a full URL parse is not needed to route.
    const raw = req.url ?? '/';
    const qAt = raw.indexOf('?');
    const path = qAt < 0 ? raw : raw.slice(0, qAt);
    const done = (p: Promise<void> | void) =>
      Promise.resolve(p).catch((err) => {
        deps.logger.error({ err, path }, 'unhandled request error');
        // An ApiError keeps its status (e.g. 503 when a store is unreachable); anything else is a bug.
        if (!res.headersSent) sendError(res, isApiError(err) ? err : new ApiError('INTERNAL', 'Unexpected error.'));
        else res.destroy();
      });
    if (path.startsWith('/v1/')) return void done(rest(req, res, path, new URLSearchParams(qAt < 0 ? '' : raw.slice(qAt + 1))));
    if (path.startsWith('/media/')) return void done(media.serve(req, res, path));
    if (path === '/graphql') return void done(serveGraphql(req, res));
    if (path === '/openapi.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return void res.end(openapiJson);
    }
    if (path === '/healthz') return sendJson(res, 200, { status: 'ok' });
    if (path === '/readyz') {
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
    if (path === '/') return sendJson(res, 200, { name: 'Creator Lookup', graphql: '/graphql', openapi: '/openapi.json' });
    sendError(res, new ApiError('NOT_FOUND', `No route ${path}`));
  };

  return { handler, schema, openapi };
}
