/**
 * What a part of the gateway that is not a platform registers — the same way platforms do, in
 * the registry (src/platforms/registry.ts): its HTTP routes (the app's routing table serves them)
 * and, by importing its graphql.ts from its index, its GraphQL types and fields. Its routes get
 * the request's context: the key is checked by the pipeline's `admit` when a route needs one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Deps } from '../graphql/context.js';
import type { RequestInfo } from '../observability/request.js';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface HttpRoute {
  /** Exact path (`/v1/status`). */
  path: string;
  /** Methods served (HEAD is served where GET is; OPTIONS — CORS preflights — everywhere). */
  methods: readonly HttpMethod[];
  serve(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): void | Promise<void>;
  /** Its OpenAPI path item, for a route clients call (/openapi.json). */
  openapi?: Record<string, unknown>;
}

export interface GatewayModule {
  name: string;
  routes: readonly HttpRoute[];
}
