/**
 * Who is asking, and may they ask now: the one place a request's API key is checked (401) and
 * its rate limit taken (429, right after the key and before any input is looked at —
 * DECISIONS.md's order of checks), whichever face the request came in by.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthenticatedKey } from '../credits/ledger.js';
import { ApiError, unknownOrRevokedKey } from '../errors.js';
import type { RequestInfo } from '../observability/request.js';
import type { Deps, GatewayContext } from './context.js';
import { HttpContext } from './context.js';
import { sendError } from './errors.js';
import { enforceRateLimit } from '../ratelimit/limiter.js';
import { apiKeyOf } from '../http/api-key.js';

/**
 * The caller's key, authenticated and rate-limited once per request (remembered on the context),
 * or the ApiError to answer with (401, 429, or 503 when a store is unreachable).
 */
export async function admit(ctx: GatewayContext): Promise<AuthenticatedKey | ApiError> {
  if (ctx.key) return ctx.key;
  const { deps } = ctx;
  if (!ctx.apiKey)
    return new ApiError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header (or as Authorization: Bearer <key>)');
  let key: AuthenticatedKey | null;
  try {
    // Already looked up by the HTTP face when it had to choose a body limit (src/graphql/http.ts).
    key = ctx.reqInfo?.authenticatedKey ?? (await deps.ledger.authenticate(ctx.apiKey));
  } catch (e) {
    return storeError(e, deps);
  }
  if (!key) return unknownOrRevokedKey();
  if (ctx.reqInfo) ctx.reqInfo.keyId = key.id;
  // Without a limit (the default) nothing to wait for: no promise, no turn.
  if (key.rate || deps.config.rateLimit.rps > 0) {
    const limited = await rateLimit(deps, key);
    if (limited) return limited;
  }
  ctx.key = key;
  return key;
}

async function rateLimit(deps: Deps, key: AuthenticatedKey): Promise<ApiError | null> {
  let limited: ApiError | null;
  try {
    const r = enforceRateLimit(deps.rateLimiter, key, deps.config.rateLimit);
    limited = r instanceof Promise ? await r : r;
  } catch (e) {
    return storeError(e, deps);
  }
  if (limited) deps.metrics.rateLimited.inc();
  return limited;
}

/**
 * What a ledger or limiter call threw, as the answer: a store failure (SERVICE_UNAVAILABLE) is
 * logged as the expected failure it is (a warning, no stack); another ApiError (a key revoked
 * while its request ran: UNAUTHORIZED, ledger.ts) is answered as it is; anything else is a bug
 * and thrown.
 */
export function storeError(e: unknown, deps: Deps): ApiError {
  if (!(e instanceof ApiError)) throw e;
  if (e.code === 'SERVICE_UNAVAILABLE') deps.logger.warn({ code: e.code, msg_detail: e.message }, 'store unavailable');
  return e;
}

/**
 * The caller of a module's own route (account, bulk jobs, monitors), admitted like any request
 * (401, 429); null when that error has been answered.
 */
export async function admitted(req: IncomingMessage, res: ServerResponse, info: RequestInfo, deps: Deps): Promise<AuthenticatedKey | null> {
  const key = await admit(new HttpContext(deps, apiKeyOf(req.headers), info, req, res));
  if ('id' in key) return key;
  sendError(res, key, {}, info.id);
  return null;
}
