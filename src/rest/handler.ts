/**
 * /v1 REST: query string → the route's operation, run through the pipeline like every operation
 * (src/pipeline/run.ts runOperation: admit → validate → cache → reserve → fetch → settle); the
 * api.md envelope is built from its outcome:
 *
 *   success, credits_remaining, credits_charged, [cached, cached_at], ...record
 *
 * Errors: {"success": false, "error": {"code", "message", "details"?, "request_id"}} with the
 * code's status (and Retry-After for RATE_LIMITED), parameters named as the REST caller spells
 * them. Every response carries x-request-id.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { knownJson } from '../cache/cache.js';
import { ApiError } from '../errors.js';
import { methodNotAllowed } from '../http/edges.js';
import type { RequestInfo } from '../observability/request.js';
import { wireRecord } from '../platforms/operation.js';
import type { Deps } from '../pipeline/context.js';
import { HttpContext } from '../pipeline/context.js';
import { inRestTerms, sendError } from '../pipeline/errors.js';
import type { OperationOutcome } from '../pipeline/run.js';
import { runOperation } from '../pipeline/run.js';
import type { RestRoute } from './routes.js';
import { toVariables } from './routes.js';
import { apiKeyOf } from '../http/api-key.js';

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

    const ctx = new HttpContext(deps, apiKeyOf(req.headers), info, req, res);
    // The query string's types are the pipeline's to report, after the key (401 → 429 → 400).
    let outcome: OperationOutcome;
    try {
      outcome = await runOperation(ctx, route.op, toVariables(route, query));
    } catch (e) {
      return sendError(res, inRestTerms(e, route.restName, deps.logger, rid), {}, rid);
    }
    if (outcome.value == null) return sendError(res, new ApiError('INTERNAL', 'Unexpected error.'), {}, rid);
    const record = wireRecord(route.op, outcome.value, ctx) as object;
    let head = `{"success":true,"credits_remaining":${outcome.remaining},"credits_charged":${outcome.charged}`;
    if (outcome.cached) head += `,"cached":true,"cached_at":${JSON.stringify(outcome.cachedAt)}`;
    // A cache hit's record text is made once and reused on every hit; a live record (most are
    // served once) is written as text too. Envelope and record go out as one string: node puts
    // its header in front of a string body and sends the whole in one write.
    const tail = outcome.cached ? cachedTail(record, route.op.rest.wrap) : { text: tailText(record, route.op.rest.wrap), bytes: -1 };
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
 * live result's JSON text is the one the cache made when it stored it (knownJson). A job item's
 * body is made with it too (src/jobs/item.ts).
 */
export function tailText(record: object, wrap: string | undefined): string {
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
