/**
 * The fetch step of the pipeline (src/pipeline/run.ts), for an operation call that was not
 * served from cache: the request's own dataloader (root fields and aliases of one GraphQL
 * request with the same cache key share one fetch) → the gateway's single-flight (concurrent
 * identical requests share one fetch, across instances with REDIS_URL) → the operation's `run`
 * (its fetch.ts → upstream client → its parser) → the cache. An internal read (discovery's:
 * src/pipeline/run.ts) takes the same step with its own upstream (GatewayContext.internal).
 *
 * A caller that goes away (its client disconnected, its deadline passed) stops waiting at once
 * (UPSTREAM_TIMEOUT, or 503 at shutdown); the shared fetch goes on for the others that joined it
 * and is cancelled only when every caller has gone (src/cache/single-flight.ts).
 *
 * The shared fetch has a deadline of its own, started when it starts (OPERATION_DEADLINE_MS, or
 * the operation's `deadlineMs`): the operation's upstream (`withinDeadline`) sends no request after
 * it and gives each request at most what is left of it as its timeout — the operation takes about
 * that long at most, however many requests it makes. A request it cut fails with 504
 * UPSTREAM_TIMEOUT naming the deadline: the whole read's error for every caller that joined it (0
 * credits, nothing cached), unless the step was optional: then the record is a partial read
 * (src/platforms/partial-read.ts `optionalStep`), answered and not cached. An internal read (a
 * creator lookup's) has it too; the lookup stops waiting sooner when its own per-fetch timeout or
 * deadline comes first (src/discovery/fetcher.ts).
 */
import DataLoader from 'dataloader';
import { resultJson } from '../cache/cache.js';
import { ApiError, isApiError, upstreamTimeout } from '../errors.js';
import type { GatewayContext, LiveFetch } from './context.js';
import { outcomeOfError } from '../observability/metrics.js';
import type { OperationDef } from '../platforms/operation.js';
import type { Upstream } from '../upstream/client.js';
import { linkSignals } from '../upstream/signals.js';
import { degradedRead, isPartialRead } from '../platforms/partial-read.js';
import type { ReadWarnings } from '../observability/warn.js';
import { parsing, readStarted } from '../observability/warn.js';

/**
 * One live fetch through this request's loader, by cache key: root fields and aliases with the
 * same operation and arguments (the same cache key) share one fetch; those asked in one tick
 * start together. The loader is made on the first live fetch (a cache hit needs none). An
 * internal read is one fetch of its own: it needs no loader, and starts (or joins one in flight)
 * at once.
 */
export function fetchLive(ctx: GatewayContext, call: LiveFetch): Promise<unknown> {
  if (ctx.internal) return liveFetch(ctx, call.op, call.args, call.cacheKey);
  ctx.loader ??= new DataLoader<LiveFetch, unknown, string>((calls) => fetchBatch(ctx, calls), { cacheKeyFn });
  return ctx.loader.load(call);
}

const cacheKeyFn = (e: LiveFetch): string => e.cacheKey;
const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));
const inArray = (v: unknown): unknown[] => [v];
const errorInArray = (err: unknown): unknown[] => [asError(err)];

/**
 * One batch of the request's distinct live fields, each an Error when it failed. A batch of one
 * (a REST route, most GraphQL requests) without the array of promises and Promise.all.
 */
function fetchBatch(ctx: GatewayContext, entries: readonly LiveFetch[]): Promise<unknown[]> {
  const one = (e: LiveFetch) => liveFetch(ctx, e.op, e.args, e.cacheKey);
  if (entries.length === 1) return one(entries[0]).then(inArray, errorInArray);
  return Promise.all(entries.map((e) => one(e).catch(asError)));
}

function deadlineError(op: OperationDef, ms: number): ApiError {
  return upstreamTimeout(
    `${op.platform}: the upstream did not answer within the ${seconds(ms)} operation deadline (OPERATION_DEADLINE_MS); nothing was charged, retry the request`,
  );
}

const seconds = (ms: number): string => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * `upstream` for one operation that must be done by `deadlineAt` (performance.now() time: a
 * monotonic clock, which a wall-clock step does not move): a request is not sent
 * once it has passed, and one sent gets at most what is left of it as its timeout; a request the
 * deadline cut (refused, or timed out on the shortened timeout) fails with `late()`. A view of the
 * client: its public tokens are the client's (`tokenOwner`, src/upstream/tokens.ts).
 */
function withinDeadline(
  upstream: Upstream,
  deadlineAt: number,
  totalTimeoutMs: number,
  late: () => ApiError,
): Upstream & { tokenOwner: Upstream } {
  return {
    tokenOwner: (upstream as { tokenOwner?: Upstream }).tokenOwner ?? upstream,
    request(req) {
      const own = req.timeoutMs ?? totalTimeoutMs;
      const left = deadlineAt - performance.now();
      if (left >= own) return upstream.request(req);
      if (left <= 0) return Promise.reject(late());
      return upstream.request({ ...req, timeoutMs: left }).catch((e: unknown) => {
        throw isApiError(e) && e.code === 'UPSTREAM_TIMEOUT' ? late() : e;
      });
    },
    close: () => upstream.close(),
  };
}

/**
 * Characters of JSON a record may take: more than any real record (a page of results, a profile
 * and its lists: well under 1 MB), and what the cache's memory front keeps of one entry (an eighth
 * of CACHE_MEMORY_MB's 32 MiB). Larger, the record is no answer (502, refunded, not cached): an
 * upstream the caller names (a fediverse instance) answered a 7 MB bio, and each cache hit of it,
 * at 0 credits, read, parsed and wrote it anew — 100 at once ran a 512 MB process out of heap.
 */
export const MAX_RECORD_JSON_CHARS = 4 * 1024 * 1024;

/** Throws for a record over MAX_RECORD_JSON_CHARS; its JSON text stays on it for the cache and REST (resultJson). */
function tooLarge(op: OperationDef, v: unknown): void {
  if (typeof v !== 'object' || v === null) return;
  let chars: number;
  try {
    chars = resultJson(v).length;
  } catch {
    return; // not serialisable: each face reports it as it always has
  }
  if (chars > MAX_RECORD_JSON_CHARS)
    throw new ApiError(
      'UPSTREAM_FAILED',
      `${op.platform}: the record read is ${(chars / 1024 / 1024).toFixed(1)} MiB of JSON, more than the ${MAX_RECORD_JSON_CHARS / 1024 / 1024} MiB a record may take`,
    );
}

/**
 * One live fetch shared by concurrent identical requests; the result is cached for later. Each
 * fetch actually made is recorded (metrics and the platform health view); one still running
 * when a shutdown's grace period ends is cancelled and answered 503.
 */
async function liveFetch(ctx: GatewayContext, op: OperationDef, args: unknown, cacheKey: string): Promise<unknown> {
  const { deps, signal } = ctx;
  const upstream = ctx.internal?.upstream ?? deps.upstream;
  const since = Date.now();
  // Another instance's fetch of the same key, stored while this one waited (Redis single-flight).
  const readShared = async () => {
    const entry = await deps.cache.get(cacheKey, { fetchedSince: since });
    if (!entry || entry.fetchedAt < since) return undefined;
    return entry.degraded ? degradedRead(entry.value) : entry.value;
  };
  // An HTTP request's signal aborts at shutdown already: not linked to deps.shutdown again.
  const link = signal && !ctx.signalCoversShutdown ? linkSignals(signal, deps.shutdown) : null;
  const callerSignal = link ? link.signal : (signal ?? deps.shutdown);
  try {
    const { value, joined } = await deps.singleFlight.run(
      cacheKey,
      async (shared) => {
        const started = performance.now();
        // The operation's deadline: the shared fetch's, from when it started (callers that join
        // it later share it); every upstream request of the operation ends by it.
        const deadlineMs = op.deadlineMs ? op.deadlineMs(args, deps.config) : deps.config.operationDeadlineMs;
        const opUpstream =
          deadlineMs === null
            ? upstream
            : withinDeadline(upstream, performance.now() + deadlineMs, deps.config.upstream.totalTimeoutMs, () =>
                deadlineError(op, deadlineMs),
              );
        let v: unknown;
        // Its parses run through `parsed(ctx, …)`: a parser's warning marks this read (observability/warn.ts).
        const read: ReadWarnings = { warned: false };
        const underWay = readStarted();
        try {
          // (Whatever run parses before its first await, it parses for this read too.)
          v = await parsing(read, () =>
            op.run({ upstream: opUpstream, config: deps.config, cache: deps.cache, signal: shared, deps, read }, args),
          );
          tooLarge(op, v);
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
        } finally {
          underWay.done();
        }
        const { warned } = read;
        const ms = performance.now() - started;
        deps.metrics.liveFetch(op.platform, 'ok', ms);
        deps.health.record(op.platform, 'ok', ms);
        // A parser warned reading it: the record says so to every caller of this fetch, and cached, to
        // those it is served to (OperationOutcome.read: a monitor's run takes its nulls for unknown).
        if (warned) degradedRead(v);
        // Only what can be asked for again with cache_max_age is worth storing; a partial read
        // (an optional request of it failed: src/platforms/partial-read.ts) is read again next time.
        if (op.cacheable && !isPartialRead(v))
          await deps.cache
            .set(cacheKey, warned ? { value: v, fetchedAt: Date.now(), degraded: true } : { value: v, fetchedAt: Date.now() })
            .catch((err) => deps.logger.warn({ err }, 'cache write failed'));
        return v;
      },
      op.cacheable ? { readShared, signal: callerSignal } : { signal: callerSignal },
    );
    if (joined) deps.metrics.singleFlightJoin(op.platform);
    return value;
  } catch (e) {
    if (deps.shutdown.aborted) throw new ApiError('SERVICE_UNAVAILABLE', 'The gateway is shutting down; retry the request', { cause: e });
    // This caller gave up (its signal's reason, unless that was an ApiError already).
    if (callerSignal.aborted && !isApiError(e)) throw upstreamTimeout(`${op.platform}: request cancelled (deadline)`);
    throw e;
  } finally {
    link?.unlink();
  }
}
