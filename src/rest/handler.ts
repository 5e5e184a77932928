/**
 * /v1 REST compatibility layer: query string → variables → the route's GraphQL operation,
 * executed through the same schema, resolvers, loaders, cache and credit plan as /graphql;
 * then the api.md envelope is rebuilt from the result and its extensions.credits.
 *
 *   success, credits_remaining, credits_charged, [cached, cached_at], ...record
 *
 * Errors: {"success": false, "error": {"code", "message", "details"?, "request_id"}} with the
 * code's status (and Retry-After for RATE_LIMITED). Every response carries x-request-id.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExecutionResult, GraphQLError, GraphQLSchema } from 'graphql';
import type { Deps } from '../graphql/context.js';
import { HttpContext } from '../graphql/context.js';
import type { CreditsExtension } from '../graphql/plan.js';
import { runPlanned, statusOf } from '../graphql/plan.js';
import { ApiError, invalidInput, SERVICE_UNAVAILABLE_RETRY_AFTER_SEC } from '../errors.js';
import { methodNotAllowed } from '../http/edges.js';
import type { ParamProblem } from '../errors.js';
import type { RequestInfo } from '../observability/request.js';
import { enforceRateLimit } from '../ratelimit/limiter.js';
import type { RestRoute } from './routes.js';
import { toVariables } from './routes.js';

/** Every 503 tells clients when to come back, whoever wrote it (/readyz, shutdown, stores). */
const RETRY_503 = { 'retry-after': String(SERVICE_UNAVAILABLE_RETRY_AFTER_SEC) };

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload), ...(status === 503 ? RETRY_503 : undefined), ...headers });
  res.end(payload);
}

/**
 * The error envelope. The request id comes from `requestId`, else from the response's
 * x-request-id header (set by the app for every route but /v1, which passes it explicitly).
 */
export function sendError(res: ServerResponse, err: ApiError, headers: Record<string, string> = {}, requestId?: string): void {
  const id = requestId ?? (res.getHeader('x-request-id') as string | undefined);
  const extra: Record<string, string> = requestId ? { ...headers, 'x-request-id': requestId } : { ...headers };
  if (err.retryAfterSec !== undefined) extra['retry-after'] = String(err.retryAfterSec);
  if (err.headers) Object.assign(extra, err.headers);
  sendJson(res, err.status, { success: false, error: id ? { ...err.toJSON(), request_id: id } : err.toJSON() }, extra);
}

function restError(e: GraphQLError, route: RestRoute): ApiError {
  const code = (e.extensions?.code as string | undefined) ?? 'INTERNAL';
  const details = (e.extensions?.details as ParamProblem[] | undefined)?.map((d) => ({ param: route.restName.get(d.param) ?? d.param, message: d.message }));
  if (code === 'INVALID_INPUT' && details) return invalidInput(details);
  const known = statusOf(code) !== 500 || code === 'INTERNAL';
  return new ApiError(known ? (code as ApiError['code']) : 'INTERNAL', known ? e.message : 'Unexpected error.', details ? { details } : {});
}

export function createRestHandler(deps: Deps, schema: GraphQLSchema, routes: Map<string, RestRoute>) {
  const rateLimit = deps.config.rateLimit;
  return async function handleRest(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, info: RequestInfo): Promise<void> {
    const rid = info.id;
    const route = routes.get(path) ?? routes.get(path.replace(/\/+$/, ''));
    if (!route) return sendError(res, new ApiError('NOT_FOUND', `No route GET ${path}; see /openapi.json`), {}, rid);
    info.route = route.op.rest.path;
    // HEAD would run (and bill) the operation to send no body: only GET runs one.
    if (req.method !== 'GET') return sendError(res, methodNotAllowed(req.method, 'GET'), { allow: 'GET, OPTIONS' }, rid);

    // 401 → 429 → 400 (DECISIONS.md order of checks; the rate limit right after the key).
    const header = req.headers['x-api-key'];
    const apiKey = Array.isArray(header) ? header[0] : header;
    if (!apiKey) return sendError(res, new ApiError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header'), {}, rid);
    const key = await deps.ledger.authenticate(apiKey);
    if (!key) return sendError(res, new ApiError('UNAUTHORIZED', 'Unknown or revoked API key'), {}, rid);
    info.keyId = key.id;
    if (key.rate || rateLimit.rps > 0) {
      const r = enforceRateLimit(deps.rateLimiter, key, rateLimit);
      const limited = r instanceof Promise ? await r : r;
      if (limited) {
        deps.metrics.rateLimited.inc();
        return sendError(res, limited, {}, rid);
      }
    }

    const { variables, args, problems } = toVariables(route, query);
    if (problems.length) return sendError(res, invalidInput(problems), {}, rid);

    const ctx = new HttpContext(deps, apiKey, info, req, res);
    ctx.key = key;
    // The route's one root field, already identified: straight to the credit plan, then the
    // compiled document through the same schema and resolvers as /graphql.
    const result: ExecutionResult = await runPlanned(ctx, key, [{ key: route.op.field, op: route.op, raw: args }], () => route.execute(ctx, variables));
    if (result.errors?.length) return sendError(res, restError(result.errors[0], route), {}, rid);

    const credits = result.extensions?.credits as CreditsExtension;
    const record = (result.data?.[route.op.field] as { json: Record<string, unknown> } | null)?.json;
    if (!record) return sendError(res, new ApiError('INTERNAL', 'Unexpected error.'), {}, rid);
    const field = credits.fields[0];
    let head = `{"success":true,"credits_remaining":${credits.remaining},"credits_charged":${credits.charged}`;
    if (field?.cached) head += `,"cached":true,"cached_at":${JSON.stringify(field.cached_at)}`;
    const tail = recordTail(record, route.op.rest.wrap);
    if (tail.length > 1) head += ',';
    // Envelope and (cached) record bytes go out as one write, without copying the record.
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': head.length + tail.length, 'x-request-id': rid });
    res.cork();
    res.write(head, 'latin1');
    res.end(tail);
    res.uncork();
  };
}

/**
 * The bytes that follow the envelope: `"wrap":{record}}` or the record's own members and `}`.
 * Records are never mutated once built, and a cached one is the same object on every hit, so
 * they are serialised and encoded once.
 */
const tails = new WeakMap<object, Map<string, Buffer>>();
function recordTail(record: object, wrap: string | undefined): Buffer {
  let byWrap = tails.get(record);
  if (!byWrap) tails.set(record, (byWrap = new Map()));
  const k = wrap ?? '';
  let b = byWrap.get(k);
  if (!b) {
    const json = JSON.stringify(record);
    b = Buffer.from(wrap ? `${JSON.stringify(wrap)}:${json}}` : json === '{}' ? '}' : json.slice(1));
    byWrap.set(k, b);
  }
  return b;
}
