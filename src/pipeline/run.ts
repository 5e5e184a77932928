/**
 * The one way through: every operation a client asks for — a /v1 route, a GraphQL root field, a
 * bulk job's item — runs here, in this order, in one pass:
 *
 *   runOperation(ctx, op, input)
 *     admit        the key (401) and its rate limit (429), once per request (admit.ts)
 *     validate     the face's own input problems (REST: query-string types), then the
 *                  operation's rules (400; the arguments made canonical, the cache key derived)
 *     cache        with cache_max_age, a fresh enough entry is the answer: 0 credits, even at
 *                  0 balance
 *     reserve      the call's maximum cost (402 before any upstream work)
 *     fetch        the request's one fetch per cache key → single-flight → the operation's own
 *                  `run` (its fetch.ts and parser) → cache write (live-fetch.ts)
 *     settle       to what the result costs (`cost.of`, never above the reservation); an error
 *                  or a null result costs 0, and so does a result that cannot be written as
 *                  JSON (checked before the settlement: `writable`)
 *     → the outcome: value, credits charged, whether cached (and since when), balance after
 *
 * Expected failures are thrown as ApiErrors (each face shapes them: errors.ts); nothing is
 * charged for them and their reservation is settled at 0.
 *
 * A GraphQL operation with several root fields reserves once for all of them before any runs
 * (`reserveAhead`: a balance that cannot cover them all is a 402 for the whole operation and
 * nothing is fetched); its root fields' resolvers then run the same steps, drawing on that
 * reservation instead of making their own, and the operation settles once (`settleAhead`).
 *
 * Internal mode (`internalContext`, src/pipeline/context.ts): an operation the gateway reads
 * for itself — discovery's sub-fetches of profiles, link pages, search pages (src/discovery/
 * fetcher.ts) — takes the same way without admit, reserve and settle: its arguments come
 * canonical from code (`canonical`), a cached answer within `reuseWithinMs` is the answer, and a
 * live one is fetched by the same fetch step (same single-flight, cache write, metrics and health
 * records), with the context's own signal and upstream. Its outcome is charged 0 and no balance
 * is read (`remaining` null): discovery is charged only its own operation's cost.
 *
 * An operation served from cache to an admitted caller completes synchronously (no promise):
 * a GraphQL document answered from cache executes in one turn. Failures are always a rejected
 * promise.
 */
import type { CacheEntry, CacheMaxAge } from '../cache/cache.js';
import { maxAgeMs, resultJson } from '../cache/cache.js';
import type { AuthenticatedKey, Reservation, ReserveMeta } from '../credits/ledger.js';
import { ApiError, invalidInput } from '../errors.js';
import type { ParamProblem } from '../errors.js';
import type { OperationDef } from '../platforms/operation.js';
import { cacheKeyOf, reservationOf, validateArgs } from '../platforms/operation.js';
import { readGapOf } from '../platforms/partial-read.js';
import type { ReadGap } from '../platforms/partial-read.js';
import { admit, storeError } from './admit.js';
import type { GatewayContext, Prepaid } from './context.js';
import { fetchLive } from './live-fetch.js';

/** An operation's arguments by GraphQL name, as a face decoded them. */
export interface OperationInput {
  args: Record<string, unknown>;
  /** What the face found wrong while decoding them (REST: a query-string value of the wrong type): a 400 after the key. */
  problems?: readonly ParamProblem[];
  /**
   * Internal, never from a client (a monitor's run: src/monitors/run.ts; discovery's reads): a
   * cached answer younger than this many ms is the answer (0 credits), as a cache_max_age would
   * make it; a cache_max_age given wins.
   */
  reuseWithinMs?: number;
  /**
   * With `reuseWithinMs`: a cached answer is reused only if fetched at or after this time (epoch
   * ms) — a monitor's run never compares an answer older than the one its last run compared (an
   * instance's in-memory entry older than another's fetch since).
   */
  reuseFetchedSince?: number;
  /**
   * Internal mode only: `args` are canonical already (an operation's `normalize` output, as
   * discovery's readers build them), so they are used as they are — not validated again — and
   * their cache key is derived from them.
   */
  canonical?: boolean;
}

export interface OperationOutcome<R = unknown> {
  /** The record (null: the operation found nothing to return; charged 0). */
  value: R | null;
  charged: number;
  cached: boolean;
  /** When the cached entry served was fetched (ISO 8601), or null when live. */
  cachedAt: string | null;
  /**
   * The key's balance after this call's settlement; null for a call that drew on a reservation
   * made ahead (`settleAhead` gives the balance once the whole operation is settled), and for an
   * internal read.
   */
  remaining: number | null;
  /**
   * The record is not all the upstream has (src/platforms/partial-read.ts): `partial`, an optional
   * request of it failed (its part null or empty); `degraded`, a parser warned reading it (a field
   * it normally carries missing) — live, shared with another caller's fetch, or served from the
   * cache. Absent: a full read. The answer is the same; a monitor's run compares it otherwise.
   */
  read?: ReadGap;
}

type MaybePromise<T> = T | Promise<T>;

/**
 * Runs one operation call for the request `ctx` (see the header). Its outcome, synchronously when
 * served from cache to an admitted caller, else a promise; a failure is always a rejected promise.
 */
export function runOperation<R>(ctx: GatewayContext, op: OperationDef<any, R>, input: OperationInput): MaybePromise<OperationOutcome<R>> {
  // An internal read asks as nobody (null): nothing to admit, nothing to charge.
  const key = ctx.internal ? null : ctx.key;
  if (key !== undefined) {
    try {
      return runAdmitted(ctx, key, op, input);
    } catch (e) {
      return Promise.reject(e as Error);
    }
  }
  return admit(ctx).then((k) => {
    if (!('id' in k)) throw k;
    return runAdmitted(ctx, k, op, input);
  });
}

function runAdmitted<R>(
  ctx: GatewayContext,
  key: AuthenticatedKey | null,
  op: OperationDef<any, R>,
  input: OperationInput,
): MaybePromise<OperationOutcome<R>> {
  if (input.problems?.length) throw invalidInput([...input.problems]);
  const v =
    key === null && input.canonical
      ? { ok: true as const, args: input.args, cacheKey: cacheKeyOf(op, input.args) }
      : validateArgs(op, input.args);
  if (!v.ok) throw invalidInput(v.problems);
  const view = op.view;
  const seen = view
    ? (o: OperationOutcome<R>): OperationOutcome<R> => (o.value == null ? o : { ...o, value: view(o.value, v.args) })
    : (o: OperationOutcome<R>) => o;
  const maxAge = cacheMaxAgeOf(op, input.args);
  const withinMs = maxAge ? maxAgeMs(maxAge) : op.cacheable ? (input.reuseWithinMs ?? 0) : 0;
  if (withinMs > 0) {
    const answer = (hit: CacheEntry | undefined) => {
      if (!ctx.prepaid) counted(ctx, op, hit);
      return hit ? seen(served<R>(ctx, key, hit)) : live(ctx, key, op, v.args, v.cacheKey).then(seen);
    };
    const hit = cachedEntry(ctx, v.cacheKey, withinMs, maxAge ? undefined : input.reuseFetchedSince);
    return hit instanceof Promise ? hit.then(answer) : answer(hit);
  }
  return live(ctx, key, op, v.args, v.cacheKey).then(seen);
}

/** The cache_max_age a call asks for (only a cacheable operation has one). */
function cacheMaxAgeOf(op: OperationDef, args: Record<string, unknown>): CacheMaxAge | null {
  return op.cacheable ? ((args.cacheMaxAge as CacheMaxAge | null | undefined) ?? null) : null;
}

function served<R>(ctx: GatewayContext, key: AuthenticatedKey | null, hit: CacheEntry): OperationOutcome<R> {
  const o: OperationOutcome<R> = {
    value: hit.value as R,
    charged: 0,
    cached: true,
    cachedAt: fetchedAtIso(hit),
    remaining: ctx.prepaid || !key ? null : key.balance,
  };
  if (hit.degraded) o.read = 'degraded';
  return o;
}

/** An outcome of a live read, with how it was read (`read`) when not in full. */
function withGap<R>(o: OperationOutcome<R>): OperationOutcome<R> {
  const gap = readGapOf(o.value);
  if (gap) o.read = gap;
  return o;
}

async function live<R>(
  ctx: GatewayContext,
  key: AuthenticatedKey | null,
  op: OperationDef<any, R>,
  args: unknown,
  cacheKey: string,
): Promise<OperationOutcome<R>> {
  if (!key) {
    // Internal: the same fetch step, nothing reserved, charged 0.
    const value = ((await fetchLive(ctx, { op, args, cacheKey })) as R | null) ?? null;
    return withGap({ value, charged: 0, cached: false, cachedAt: null, remaining: null });
  }
  const max = reservationOf(op, args);
  const prepaid = ctx.prepaid;
  let reservation: Reservation | null = null;
  if (prepaid) {
    // reserveAhead reserved this call's maximum with the rest of the operation's root fields.
    if (max > prepaid.left)
      throw new ApiError('INSUFFICIENT_CREDITS', `This field needs up to ${max} credits beyond the operation's reservation`);
    prepaid.left -= max;
  } else if (max > 0) {
    reservation = await reserve(ctx, key, max, metaOf(ctx, [op]));
  }
  let value: R | null;
  try {
    value = ((await fetchLive(ctx, { op, args, cacheKey })) as R | null) ?? null;
    if (value !== null && typeof value === 'object') writable(ctx, op, value);
  } catch (e) {
    // Errors cost nothing: the reservation is released (an unreachable ledger answers 503 instead).
    if (reservation) await settle(ctx, reservation, 0);
    throw e;
  }
  const charged = value == null ? 0 : Math.min(max, Math.max(0, op.cost.of ? op.cost.of(value, args) : max));
  const remaining = prepaid ? null : reservation ? await settle(ctx, reservation, charged) : key.balance;
  return withGap({ value, charged, cached: false, cachedAt: null, remaining });
}

/**
 * Every face writes the result as JSON after its settlement (the REST envelope, a job item's
 * row, a monitor's run, GraphQL's answer): one that cannot be written (nested beyond the stack, a
 * cycle…) is refused here, before anything is charged, rather than failing once charged. Its text
 * is kept with it (resultJson): the cache made it already for a result it stored, and the REST
 * body reuses it.
 */
function writable(ctx: GatewayContext, op: OperationDef, value: object): void {
  try {
    resultJson(value);
  } catch (err) {
    ctx.deps.logger.error({ err, platform: op.platform, req_id: ctx.reqInfo?.id }, 'result cannot be written as JSON; not charged');
    throw new ApiError('INTERNAL', `${op.platform}: the result could not be written as JSON; nothing was charged`);
  }
}

/** What a reservation is for (its charge's transaction row): the request, and the operations it runs by /v1 path. */
function metaOf(ctx: GatewayContext, ops: readonly OperationDef[]): ReserveMeta {
  const operation = [...new Set(ops.map((o) => o.rest.path.replace(/^\/v1\//, '')))].join(',');
  return ctx.reqInfo ? { requestId: ctx.reqInfo.id, operation } : { operation };
}

/** Holds `amount` credits of the key: 402 when the balance cannot cover it, 503 when the ledger is unreachable. */
async function reserve(ctx: GatewayContext, key: AuthenticatedKey, amount: number, meta: ReserveMeta): Promise<Reservation> {
  const { deps } = ctx;
  let reservation: Reservation | null;
  let balance = 0;
  try {
    reservation = await deps.ledger.reserve(key.id, amount, meta);
    if (!reservation) balance = await deps.ledger.balance(key.id);
  } catch (e) {
    throw storeError(e, deps);
  }
  if (!reservation) throw new ApiError('INSUFFICIENT_CREDITS', `This request needs up to ${amount} credits; the key has ${balance}`);
  return reservation;
}

/** The balance after charging `charged` of the reservation (503 when the ledger is unreachable: it is refunded once it expires). */
async function settle(ctx: GatewayContext, reservation: Reservation, charged: number): Promise<number> {
  try {
    return await ctx.deps.ledger.settle(reservation, charged);
  } catch (e) {
    throw storeError(e, ctx.deps);
  }
}

/**
 * The entry that answers a call with this cache_max_age (fresh enough), or undefined. Within an
 * operation that reserved ahead, each is read once: a call finds what the reservation was made on.
 */
function cachedEntry(ctx: GatewayContext, cacheKey: string, withinMs: number, notBefore?: number): MaybePromise<CacheEntry | undefined> {
  const reads = ctx.prepaid?.reads;
  const readKey = reads ? `${withinMs}\u0000${notBefore ?? ''}\u0000${cacheKey}` : '';
  if (reads?.has(readKey)) return reads.get(readKey);
  const { deps } = ctx;
  const since = Math.max(Date.now() - withinMs, notBefore ?? -Infinity);
  const fresh = (entry: CacheEntry | undefined): CacheEntry | undefined => {
    const hit = entry && entry.fetchedAt >= since ? entry : undefined;
    reads?.set(readKey, hit);
    return hit;
  };
  const known = deps.cache.peek(cacheKey);
  if (known && (notBefore === undefined || known.fetchedAt >= notBefore)) return fresh(known);
  // Held in memory but older than asked for: the store may hold a newer one (another instance's fetch).
  return deps.cache.get(cacheKey, notBefore === undefined ? undefined : { fetchedSince: notBefore }).then(fresh, (err: unknown) => {
    deps.logger.warn({ err }, 'cache read failed; fetching live');
    return fresh(undefined);
  });
}

/** Counts a call's cache lookup, once per call (for an operation that reserved ahead: when it did). */
function counted(ctx: GatewayContext, op: OperationDef, hit: CacheEntry | undefined): CacheEntry | undefined {
  if (hit) ctx.deps.metrics.cacheHit(op.platform).inc();
  else ctx.deps.metrics.cacheMiss(op.platform).inc();
  return hit;
}

/** A cache entry's fetchedAt as ISO text, made once per entry (a hot entry answers many hits). */
const isoOf = new WeakMap<object, string>();
function fetchedAtIso(hit: { fetchedAt: number }): string {
  let iso = isoOf.get(hit);
  if (iso === undefined) isoOf.set(hit, (iso = new Date(hit.fetchedAt).toISOString()));
  return iso;
}

/**
 * One reservation for every root field of a GraphQL operation, before any of them runs: each
 * call's maximum unless it is invalid (its resolver reports the 400 and it costs nothing) or
 * served from cache. Throws the 402 (or 503) that answers the whole operation. The caller is
 * admitted already.
 */
export async function reserveAhead(
  ctx: GatewayContext,
  calls: readonly { op: OperationDef; args: Record<string, unknown> }[],
): Promise<void> {
  const key = ctx.key;
  if (!key) throw new ApiError('INTERNAL', 'reserveAhead before admit');
  const prepaid: Prepaid = { reservation: null, left: 0, reads: new Map() };
  ctx.prepaid = prepaid;
  let total = 0;
  const reserved: OperationDef[] = [];
  for (const { op, args } of calls) {
    const v = validateArgs(op, args);
    if (!v.ok) continue;
    const maxAge = cacheMaxAgeOf(op, args);
    if (maxAge) {
      const hit = cachedEntry(ctx, v.cacheKey, maxAgeMs(maxAge));
      if (counted(ctx, op, hit instanceof Promise ? await hit : hit)) continue;
    }
    total += reservationOf(op, v.args);
    reserved.push(op);
  }
  if (total > 0) prepaid.reservation = await reserve(ctx, key, total, metaOf(ctx, reserved));
  prepaid.left = total;
}

/**
 * Settles what the operation reserved ahead to `charged` (the sum of what its root fields cost);
 * the key's balance after. 503 when the ledger is unreachable (the reservation is refunded once
 * it expires).
 */
export async function settleAhead(ctx: GatewayContext, charged: number): Promise<number> {
  const reservation = ctx.prepaid?.reservation;
  if (!reservation) return ctx.key?.balance ?? 0;
  return settle(ctx, reservation, charged);
}

/** Settles a reservation made ahead at 0 (the operation failed as a whole), ignoring a ledger that cannot be reached. */
export async function releaseAhead(ctx: GatewayContext): Promise<void> {
  const reservation = ctx.prepaid?.reservation;
  if (reservation) await ctx.deps.ledger.settle(reservation, 0).catch(() => undefined);
}
