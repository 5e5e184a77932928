/**
 * Credits around the root fields of one request (a REST route has one; a GraphQL operation up
 * to MAX_ROOT_FIELDS), for a caller already admitted (src/pipeline/admit.ts):
 *
 *   400 input (per root field) → cache lookup (a hit costs 0, even at 0 balance) → one
 *   reservation covering every remaining root field's maximum cost (402 if it cannot be covered,
 *   401 if the key was revoked since it was admitted; before any upstream work) → execute → settle to what resolved fields cost (errors cost 0)
 *   → extensions.credits.
 *
 * Root-field resolvers find their entry in the plan by response key (alias)
 * (src/pipeline/live-fetch.ts), so validation, cache decisions and the charge are made once, here.
 */
import type { ExecutionResult } from 'graphql';
import type { CacheEntry } from '../cache/cache.js';
import { maxAgeMs } from '../cache/cache.js';
import type { AuthenticatedKey, Reservation } from '../credits/ledger.js';
import { ApiError, invalidInput } from '../errors.js';
import type { GatewayContext } from '../graphql/context.js';
import type { OperationDef } from '../platforms/operation.js';
import { reservationOf, validateArgs } from '../platforms/operation.js';
import { storeError } from './admit.js';
import { formatError, operationError } from './errors.js';

export interface FieldPlan {
  key: string;
  op: OperationDef;
  args?: any;
  cacheKey?: string;
  error?: ApiError;
  hit?: CacheEntry;
  /** The resolver returned a value (errors and nulls cost nothing). */
  resolved: boolean;
  charged: number;
}

export interface Plan {
  fields: Map<string, FieldPlan>;
}

export interface FieldCredits {
  path: string;
  charged: number;
  cached: boolean;
  cached_at: string | null;
}

export interface CreditsExtension {
  charged: number;
  remaining: number;
  fields: FieldCredits[];
}

/** A whole-operation failure as an execution result (its status travels in extensions.http). */
export function fail(err: ApiError): ExecutionResult {
  return { errors: [operationError(err)] };
}

/** A root field of an operation with its argument values as GraphQL coerced them. */
export interface RequestedField {
  key: string;
  op: OperationDef;
  raw: Record<string, unknown>;
  argError?: ApiError;
}

/** A cache entry's fetchedAt as ISO text, made once per entry (a hot entry answers many hits). */
const isoOf = new WeakMap<object, string>();
function fetchedAtIso(hit: { fetchedAt: number }): string {
  let iso = isoOf.get(hit);
  if (iso === undefined) isoOf.set(hit, (iso = new Date(hit.fetchedAt).toISOString()));
  return iso;
}

/**
 * Validation, cache lookup, one reservation, execution, settlement — for root fields already
 * identified (by executeGraphql for any document, directly by a REST route for its own).
 */
export async function runPlanned(
  ctx: GatewayContext,
  key: AuthenticatedKey,
  requested: RequestedField[],
  run: () => ExecutionResult | Promise<ExecutionResult>,
): Promise<ExecutionResult> {
  const { deps } = ctx;
  // 400 per field, then the cache.
  const plan: Plan = { fields: new Map() };
  const now = Date.now();
  let maxCost = 0;
  for (const { key: responseKey, op, raw, argError } of requested) {
    const entry: FieldPlan = { key: responseKey, op, resolved: false, charged: 0 };
    plan.fields.set(responseKey, entry);
    if (argError) {
      entry.error = argError;
      continue;
    }
    const v = validateArgs(op, raw);
    if (!v.ok) {
      entry.error = invalidInput(v.problems);
      continue;
    }
    entry.args = v.args;
    entry.cacheKey = v.cacheKey;
    const maxAge = (raw as { cacheMaxAge?: string | null }).cacheMaxAge;
    if (op.cacheable && maxAge) {
      const hit =
        deps.cache.peek(entry.cacheKey) ??
        (await deps.cache.get(entry.cacheKey).catch((err) => {
          deps.logger.warn({ err }, 'cache read failed; fetching live');
          return undefined;
        }));
      if (hit && hit.fetchedAt >= now - maxAgeMs(maxAge as never)) {
        entry.hit = hit;
        deps.metrics.cacheHit(op.platform).inc();
        continue;
      }
      deps.metrics.cacheMiss(op.platform).inc();
    }
    maxCost += reservationOf(op, v.args);
  }

  // 402 before anything is fetched.
  let reservation: Reservation | null = null;
  if (maxCost > 0) {
    try {
      reservation = await deps.ledger.reserve(key.id, maxCost);
      if (!reservation) {
        const balance = await deps.ledger.balance(key.id);
        return fail(new ApiError('INSUFFICIENT_CREDITS', `This request needs up to ${maxCost} credits; the key has ${balance}`));
      }
    } catch (e) {
      return fail(storeError(e, deps));
    }
  }

  ctx.plan = plan;
  let result: ExecutionResult;
  try {
    // Served entirely from cache, execution completes synchronously: no extra turn.
    const r = run();
    result = r instanceof Promise ? await r : r;
  } catch (e) {
    // Unreachable ledger: the reservation stays open and is refunded once it expires.
    if (reservation) await deps.ledger.settle(reservation, 0).catch(() => undefined);
    throw e;
  }

  const data = result.data as Record<string, unknown> | null | undefined;
  const fields: FieldCredits[] = [];
  let total = 0;
  for (const entry of plan.fields.values()) {
    const charged = entry.resolved && data?.[entry.key] != null ? entry.charged : 0;
    total += charged;
    fields.push({
      path: entry.key,
      charged,
      cached: !!entry.hit,
      cached_at: entry.hit ? fetchedAtIso(entry.hit) : null,
    });
  }
  let remaining = key.balance;
  try {
    if (reservation) remaining = await deps.ledger.settle(reservation, total);
  } catch (e) {
    // Not settled: the reservation stays open and is refunded in full once it expires.
    return fail(storeError(e, deps));
  }
  const credits: CreditsExtension = { charged: total, remaining, fields };
  // graphql-js's member order (errors, data, extensions), whichever executor ran.
  const out: ExecutionResult = {};
  if (result.errors) out.errors = result.errors.map((e) => formatError(e, deps.logger, ctx.reqInfo?.id));
  if ('data' in result) out.data = result.data;
  out.extensions = { ...result.extensions, credits };
  return out;
}
