/**
 * /v1 REST compatibility layer: query string → variables → the route's GraphQL operation,
 * executed through the same resolvers, credit plan, live fetch and cache as /graphql (the
 * route's document run directly, src/rest/routes.ts); then the api.md envelope is rebuilt from
 * the result and its extensions.credits.
 *
 *   success, credits_remaining, credits_charged, [cached, cached_at], ...record
 *
 * Errors: {"success": false, "error": {"code", "message", "details"?, "request_id"}} with the
 * code's status (and Retry-After for RATE_LIMITED). Every response carries x-request-id.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExecutionResult } from 'graphql';
import { knownJson } from '../cache/cache.js';
import { ApiError, invalidInput } from '../errors.js';
import type { Deps } from '../graphql/context.js';
import { HttpContext } from '../graphql/context.js';
import { methodNotAllowed } from '../http/edges.js';
import type { RequestInfo } from '../observability/request.js';
import type { CreditsExtension } from '../pipeline/credits.js';
import { apiErrorOf, sendError } from '../pipeline/errors.js';
import { runRequest } from '../pipeline/execute.js';
import type { RestRoute } from './routes.js';
import { toVariables } from './routes.js';

export function createRestHandler(deps: Deps, routes: Map<string, RestRoute>) {
  return async function handleRest(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
    info: RequestInfo,
  ): Promise<void> {
    const rid = info.id;
    const route = routes.get(path) ?? routes.get(path.replace(/\/+$/, ''));
    if (!route) return sendError(res, new ApiError('NOT_FOUND', `No route GET ${path}; see /openapi.json`), {}, rid);
    info.route = route.op.rest.path;
    // HEAD would run (and bill) the operation to send no body: only GET runs one.
    if (req.method !== 'GET') return sendError(res, methodNotAllowed(req.method, 'GET'), { allow: 'GET, OPTIONS' }, rid);

    const header = req.headers['x-api-key'];
    const ctx = new HttpContext(deps, (Array.isArray(header) ? header[0] : header) ?? null, info, req, res);
    let variables: Record<string, unknown> = {};
    // The pipeline admits the caller (401 → 429), then the query string's types are checked
    // (400), then the route's one root field is planned and its document run with the same
    // resolvers as /graphql.
    const result: ExecutionResult = await runRequest(ctx, () => {
      const v = toVariables(route, query);
      if (v.problems.length) return invalidInput(v.problems);
      variables = v.variables;
      return { fields: [{ key: route.op.field, op: route.op, raw: v.args }], run: () => route.execute(ctx, variables) };
    });
    if (result.errors?.length) return sendError(res, apiErrorOf(result.errors[0], route.restName), {}, rid);

    const credits = result.extensions?.credits as CreditsExtension;
    const record = (result.data?.[route.op.field] as { json: Record<string, unknown> } | null)?.json;
    if (!record) return sendError(res, new ApiError('INTERNAL', 'Unexpected error.'), {}, rid);
    const field = credits.fields[0];
    let head = `{"success":true,"credits_remaining":${credits.remaining},"credits_charged":${credits.charged}`;
    if (field?.cached) head += `,"cached":true,"cached_at":${JSON.stringify(field.cached_at)}`;
    // A cache hit's record text is made once and reused on every hit; a live record (most are
    // served once) is written as text too. Envelope and record go out as one string: node puts
    // its header in front of a string body and sends the whole in one write.
    const tail = field?.cached ? cachedTail(record, route.op.rest.wrap) : { text: tailText(record, route.op.rest.wrap), bytes: -1 };
    if (tail.text.length > 1) head += ',';
    const bytes = head.length + (tail.bytes >= 0 ? tail.bytes : Buffer.byteLength(tail.text));
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': bytes,
      'x-request-id': rid,
    });
    res.end(head + tail.text);
  };
}

/**
 * The text that follows the envelope: `"wrap":{record}}` or the record's own members and `}`. A
 * live result's JSON text is the one the cache made when it stored it (knownJson).
 */
function tailText(record: object, wrap: string | undefined): string {
  const json = knownJson(record) ?? JSON.stringify(record);
  return wrap ? `${JSON.stringify(wrap)}:${json}}` : json === '{}' ? '}' : json.slice(1);
}

/**
 * tailText and its length in UTF-8 bytes, for a cached record: records are never mutated once
 * built, and a cached one is the same object on every hit, so it is serialised and measured once.
 */
const tails = new WeakMap<object, Map<string, { text: string; bytes: number }>>();
function cachedTail(record: object, wrap: string | undefined): { text: string; bytes: number } {
  let byWrap = tails.get(record);
  if (!byWrap) tails.set(record, (byWrap = new Map()));
  const k = wrap ?? '';
  let t = byWrap.get(k);
  if (!t) {
    const text = tailText(record, wrap);
    byWrap.set(k, (t = { text, bytes: Buffer.byteLength(text) }));
  }
  return t;
}
