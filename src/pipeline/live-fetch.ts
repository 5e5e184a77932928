/**
 * The live path of one root field: its plan entry (src/pipeline/credits.ts) → the request's own
 * dataloader (duplicate root fields and aliases share one fetch) → the gateway's
 * single-flight (concurrent identical requests share one fetch, across instances with
 * REDIS_URL) → the operation's `run` (platform extractor → upstream client → parser) → the cache.
 */
import DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import { ApiError, isApiError } from '../errors.js';
import type { Deps, GatewayContext } from '../graphql/context.js';
import { outcomeOfError } from '../observability/metrics.js';
import type { OperationDef } from '../platforms/operation.js';
import { reservationOf } from '../platforms/operation.js';
import { linkSignals } from '../upstream/signals.js';
import type { Cancellation } from '../upstream/signals.js';
import type { FieldPlan } from './credits.js';

/**
 * This request's loader of live fetches, by cache key: root fields and aliases with the same
 * operation and arguments (the same cache key) share one fetch; those asked in one tick start
 * together. Made on the first live field (a cache hit needs none).
 */
function loaderFor(ctx: GatewayContext): DataLoader<FieldPlan, unknown, string> {
  return (ctx.loader ??= new DataLoader<FieldPlan, unknown, string>((entries) => fetchBatch(ctx, entries), { cacheKeyFn }));
}

const cacheKeyFn = (e: FieldPlan): string => e.cacheKey!;
const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));
const inArray = (v: unknown): unknown[] => [v];
const errorInArray = (err: unknown): unknown[] => [asError(err)];

/**
 * One batch of the request's distinct live fields, each an Error when it failed. A batch of one
 * (a REST route, most GraphQL requests) without the array of promises and Promise.all.
 */
function fetchBatch(ctx: GatewayContext, entries: readonly FieldPlan[]): Promise<unknown[]> {
  const one = (e: FieldPlan) => liveFetch(ctx.deps, e.op, e.args, e.cacheKey!, ctx.signal, ctx.signalCoversShutdown);
  if (entries.length === 1) return one(entries[0]).then(inArray, errorInArray);
  return Promise.all(entries.map((e) => one(e).catch(asError)));
}

/**
 * One live fetch shared by concurrent identical requests; the result is cached for later. Each
 * fetch actually made is recorded (metrics and the platform health view); one still running
 * when a shutdown's grace period ends is cancelled and answered 503.
 */
export async function liveFetch(
  deps: Deps,
  op: OperationDef,
  args: unknown,
  cacheKey: string,
  signal?: Cancellation,
  /** `signal` aborts at shutdown already (an HTTP request's): not linked to deps.shutdown again. */
  signalCoversShutdown = false,
): Promise<unknown> {
  const since = Date.now();
  // Another instance's fetch of the same key, stored while this one waited (Redis single-flight).
  const readShared = async () => {
    const entry = await deps.cache.get(cacheKey, { fetchedSince: since });
    return entry && entry.fetchedAt >= since ? entry.value : undefined;
  };
  const link = signal && !signalCoversShutdown ? linkSignals(signal, deps.shutdown) : null;
  const opSignal = link ? link.signal : (signal ?? deps.shutdown);
  try {
    const { value, joined } = await deps.singleFlight.run(
      cacheKey,
      async () => {
        const started = performance.now();
        let v: unknown;
        try {
          v = await op.run(
            { upstream: deps.upstream, config: deps.config, cache: deps.cache, signal: opSignal, singleFlight: deps.singleFlight },
            args,
          );
        } catch (e) {
          const outcome = deps.shutdown.aborted ? null : outcomeOfError(e);
          if (outcome) {
            const ms = performance.now() - started;
            deps.metrics.liveFetch(op.platform, outcome, ms);
            deps.health.record(
              op.platform,
              outcome,
              ms,
              isApiError(e) ? { code: e.code, message: e.message } : { code: 'INTERNAL', message: 'Unexpected error.' },
            );
          }
          throw e;
        }
        const ms = performance.now() - started;
        deps.metrics.liveFetch(op.platform, 'ok', ms);
        deps.health.record(op.platform, 'ok', ms);
        // Only what can be asked for again with cache_max_age is worth storing.
        if (op.cacheable)
          await deps.cache
            .set(cacheKey, { value: v, fetchedAt: Date.now() })
            .catch((err) => deps.logger.warn({ err }, 'cache write failed'));
        return v;
      },
      op.cacheable ? { readShared } : undefined,
    );
    if (joined) deps.metrics.singleFlightJoin(op.platform);
    return value;
  } catch (e) {
    if (deps.shutdown.aborted) throw new ApiError('SERVICE_UNAVAILABLE', 'The gateway is shutting down; retry the request', { cause: e });
    throw e;
  } finally {
    link?.unlink();
  }
}

/**
 * A root field's value from its plan entry: the cache hit (synchronously), the plan's 400 (thrown),
 * or this request's live fetch of it, charged once it resolves. `key` is the field's response key
 * (its alias) in the plan.
 */
export function resolveField(op: OperationDef, ctx: GatewayContext, key: string): unknown {
  const entry = ctx.plan?.fields.get(key);
  if (!entry || entry.op !== op) throw new ApiError('INTERNAL', `operation ${op.field} executed outside the credit plan`);
  if (entry.error) throw entry.error;
  if (entry.hit) {
    entry.resolved = true;
    return entry.hit.value;
  }
  return loaderFor(ctx)
    .load(entry)
    .then((value) => {
      entry.resolved = true;
      const reserved = reservationOf(op, entry.args);
      entry.charged = Math.min(reserved, Math.max(0, op.cost.of ? op.cost.of(value as never, entry.args) : reserved));
      return value;
    });
}

/** The resolver of every operation's root field (synchronous for a cache hit). */
export function resolveOperation(op: OperationDef, ctx: GatewayContext, info: GraphQLResolveInfo): unknown {
  return resolveField(op, ctx, info.path.key as string);
}
