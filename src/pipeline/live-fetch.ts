/**
 * The live path of one root field: its plan entry (src/pipeline/credits.ts) → the request's
 * dataloader (duplicate root fields and aliases share one fetch) → the gateway's single-flight
 * (concurrent identical requests share one fetch, across instances with REDIS_URL) → the
 * operation's `run` (platform extractor → upstream client → parser) → the cache.
 */
import DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import { ApiError, isApiError } from '../errors.js';
import type { Deps, GatewayContext } from '../graphql/context.js';
import { outcomeOfError } from '../observability/metrics.js';
import type { OperationDef } from '../platforms/operation.js';
import { reservationOf } from '../platforms/operation.js';
import { linkSignals } from '../upstream/signals.js';
import type { FieldPlan } from './credits.js';

function loaderFor(ctx: GatewayContext): DataLoader<string, unknown> {
  if (!ctx.loader) {
    const { deps } = ctx;
    const byKey = new Map<string, FieldPlan>();
    for (const f of ctx.plan?.fields.values() ?? []) if (f.cacheKey) byKey.set(f.cacheKey, f);
    ctx.loader = new DataLoader<string, unknown>(
      async (keys) =>
        Promise.all(
          keys.map((k) => {
            const f = byKey.get(k)!;
            return liveFetch(deps, f.op, f.args, k, ctx.signal).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
          }),
        ),
      { cache: true },
    );
  }
  return ctx.loader;
}

/**
 * One live fetch shared by concurrent identical requests; the result is cached for later. Each
 * fetch actually made is recorded (metrics and the platform health view); one still running
 * when a shutdown's grace period ends is cancelled and answered 503.
 */
export async function liveFetch(deps: Deps, op: OperationDef, args: unknown, cacheKey: string, signal?: AbortSignal): Promise<unknown> {
  const since = Date.now();
  // Another instance's fetch of the same key, stored while this one waited (Redis single-flight).
  const readShared = async () => {
    const entry = await deps.cache.get(cacheKey, { fetchedSince: since });
    return entry && entry.fetchedAt >= since ? entry.value : undefined;
  };
  const link = signal ? linkSignals(signal, deps.shutdown) : null;
  const opSignal = link ? link.signal : deps.shutdown;
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

/** The resolver of every operation's root field (synchronous for a cache hit). */
export function resolveOperation(op: OperationDef, ctx: GatewayContext, info: GraphQLResolveInfo): unknown {
  const entry = ctx.plan?.fields.get(info.path.key as string);
  if (!entry || entry.op !== op) throw new ApiError('INTERNAL', `operation ${op.field} executed outside the credit plan`);
  if (entry.error) throw entry.error;
  if (entry.hit) {
    entry.resolved = true;
    return entry.hit.value;
  }
  return loaderFor(ctx)
    .load(entry.cacheKey!)
    .then((value) => {
      entry.resolved = true;
      const reserved = reservationOf(op, entry.args);
      entry.charged = Math.min(reserved, Math.max(0, op.cost.of ? op.cost.of(value as never, entry.args) : reserved));
      return value;
    });
}
