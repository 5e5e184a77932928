/**
 * What a part of the gateway that is not a platform is, as data — listed in src/gateway.ts beside
 * the platforms: its HTTP routes (the app's routing table serves them); its GraphQL types and
 * fields are declared by its graphql.ts, called from the schema index (src/graphql/schema.ts). Its routes get
 * the request's context: the key is checked by the pipeline's `admit` when a route needs one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Deps } from '../pipeline/context.js';
import type { RequestInfo } from '../observability/request.js';
import type { RestRoute } from '../rest/routes.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface HttpRoute {
  /** Exact path (`/v1/status`), or with `prefix` the start of every path it serves (`/v1/jobs/`). */
  path: string;
  /** Serves every path that starts with `path` (paths with ids: `/v1/jobs/{id}/results`); exact routes win. */
  prefix?: boolean;
  /** Methods served (HEAD is served where GET is, unless `noHead`; OPTIONS — CORS preflights — everywhere). */
  methods: readonly HttpMethod[];
  /** GET without HEAD: a HEAD would run what the GET runs (a GraphQL operation) for an answer nobody reads. */
  noHead?: true;
  serve(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): void | Promise<void>;
  /** Its OpenAPI path item, for a route clients call (/openapi.json). */
  openapi?: Record<string, unknown>;
  /** A prefix route's OpenAPI path items, by templated path (`/v1/jobs/{id}`). */
  openapiPaths?: Record<string, Record<string, unknown>>;
}

/** What a module runs in the background for one app (e.g. bulk jobs' workers). */
export interface ModuleRuntime {
  /** Stops its work; resolves once nothing of it runs any more (the app's close). */
  close(): Promise<void>;
}

export interface GatewayModule {
  name: string;
  routes: readonly HttpRoute[];
  /** Started by createApp with the REST route table (operations run through it); stopped by App.close(). */
  start?(deps: Deps, rest: ReadonlyMap<string, RestRoute>): ModuleRuntime;
}
