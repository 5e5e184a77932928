/**
 * How a lookup fetches: every sub-fetch of one lookup goes through its LookupFetcher, which
 *
 *  - memoises per lookup: the same key (an operation's cache key, or a page URL) is fetched at
 *    most once per lookup, however many links lead to it;
 *  - reads sub-fetches that are platform operations (a social-b profile, a video channel, a link
 *    page, a search page: `read`) through the gateway's one way, runOperation in its uncharged
 *    internal mode (src/pipeline/run.ts): the operation's own cache key, its entry read when
 *    younger than DISCOVERY_SUBFETCH_MAX_AGE_MS (default 1 h; 0 turns reading off) and written
 *    after a live fetch (so a later `cache_max_age` call of that operation is served from it), the
 *    gateway's single-flight (a lookup joins a REST or GraphQL request for the same resource in
 *    flight, and with REDIS_URL a fetch running on another instance), the same metrics and health
 *    records — and never a charge: discovery costs only its own operation's credits;
 *  - shares the other fetches (pages that are no operation: link-in-bio pages of other hosts,
 *    websites, short links, profiles of readers without an operation: `run`) between concurrent
 *    lookups in this process through a single-flight of their own (the same primitive; nothing of
 *    theirs is cached, so nothing to share across instances);
 *  - cancels by reference count either way (src/cache/single-flight.ts): a shared fetch is aborted
 *    only when every caller waiting for it has given up, so one lookup's deadline never fails
 *    another's scan;
 *  - bounds each sub-fetch with its own timeout (DISCOVERY_FETCH_TIMEOUT_MS, default 8 s) on top
 *    of the lookup's deadline signal; every HTTP request still goes through `ctx.upstream`
 *    (SSRF guard, per-request timeouts, replay);
 *  - never lets an optional sub-fetch (everything but the source profile) hold the lookup: its
 *    requests are sent with `retries: 0` and `cooldown: 'fail'`, so a failing or blocked answer
 *    is the answer (its URL lands in a failed_* list, the result is partial) and a host cooling
 *    down after a 429 fails it at once instead of being slept on — except a GET answered a bare
 *    500/502/503, sent once more after a short pause (the client's `retryBare5xx`). The source profile, which
 *    fails the whole lookup, keeps the client's retries and cool-down waits (within the deadline).
 *    Whichever caller starts a shared fetch decides its retry policy.
 */
import { isApiError, notFound, upstreamTimeout } from '../errors.js';
import { createLocalSingleFlight } from '../cache/single-flight.js';
import { internalContext } from '../pipeline/context.js';
import type { Deps } from '../pipeline/deps.js';
import { runOperation } from '../pipeline/run.js';
import type { OpContext, OperationDef } from '../platforms/operation.js';
import { cacheKeyOf } from '../platforms/operation.js';
import type { Upstream } from '../upstream/client.js';
import { withDeadline } from '../upstream/signals.js';

export const DEFAULT_FETCH_TIMEOUT_MS = 8_000;
export const DEFAULT_SUBFETCH_MAX_AGE_MS = 3_600_000;

function envInt(name: string, def: number): number {
  const v = process.env[name];
  if (v === undefined || v.trim() === '') return def;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : def;
}

export function fetchTimeoutMs(): number {
  return envInt('DISCOVERY_FETCH_TIMEOUT_MS', DEFAULT_FETCH_TIMEOUT_MS) || DEFAULT_FETCH_TIMEOUT_MS;
}

export function subfetchMaxAgeMs(): number {
  return envInt('DISCOVERY_SUBFETCH_MAX_AGE_MS', DEFAULT_SUBFETCH_MAX_AGE_MS);
}

/** Pages that are no platform operation, shared by concurrent lookups in this process. */
const pages = createLocalSingleFlight();

export interface FetchOptions {
  /** Per-fetch timeout; null for none beyond the lookup's deadline (the source profile). */
  timeoutMs?: number | null;
  /**
   * The lookup fails without it (the source profile): the client's retries and cool-down waits
   * apply. Otherwise (default) the fetch is optional and its requests never retry or wait.
   */
  required?: boolean;
  /** What the fetch is, for messages. */
  what: string;
  /**
   * A guess (a same-handle probe): an upstream that answered it nothing but 404 / 410 said there is
   * no such account, whatever step of the reader's chain the 404 met — NOT_FOUND, not a failure.
   */
  probe?: boolean;
}

export class LookupFetcher {
  private readonly memo = new Map<string, Promise<unknown>>();
  private readonly deps: Deps;

  constructor(
    /** The discovery operation's context: its deps (set by the pipeline) serve the internal reads. */
    private readonly ctx: OpContext,
    /** Aborts at the lookup's deadline or when the caller goes away. */
    readonly signal: AbortSignal,
  ) {
    if (!ctx.deps) throw new Error('discovery: the operation context carries no gateway deps to read through');
    this.deps = ctx.deps;
  }

  /** Fetches that went upstream or to the cache in this lookup (memo hits excluded). */
  get size(): number {
    return this.memo.size;
  }

  has(key: string): boolean {
    return this.memo.has(key);
  }

  /**
   * The platform operation `op` with canonical `args` (a reader's, normalize's output), read
   * through runOperation's internal mode (uncharged), at most once per lookup.
   */
  read<A, R>(op: OperationDef<A, R>, args: A, opts: FetchOptions): Promise<R> {
    return this.once(cacheKeyOf(op, args), opts, async (signal, upstream) => {
      const input = { args: args as Record<string, unknown>, canonical: true, reuseWithinMs: subfetchMaxAgeMs() };
      return (await runOperation(internalContext(this.deps, signal, { upstream }), op, input)).value as R;
    });
  }

  /** The result of `work` for `key` (a page that is no platform operation), at most once per lookup. */
  run<T>(key: string, work: (ctx: OpContext) => Promise<T>, opts: FetchOptions): Promise<T> {
    return this.once(key, opts, async (signal, upstream) => {
      const shared = await pages.run(key, (s) => work({ ...this.ctx, upstream, signal: s }), { signal });
      return shared.value;
    });
  }

  private once<T>(key: string, opts: FetchOptions, fetch: (signal: AbortSignal, upstream: Upstream) => Promise<T>): Promise<T> {
    let p = this.memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = this.fetch(opts, fetch);
      p.catch(() => undefined);
      this.memo.set(key, p);
    }
    return p;
  }

  private async fetch<T>(opts: FetchOptions, fetch: (signal: AbortSignal, upstream: Upstream) => Promise<T>): Promise<T> {
    if (this.signal.aborted) throw upstreamTimeout(`discovery: ${opts.what} was not started (lookup deadline)`);
    const timeout = opts.timeoutMs === undefined ? fetchTimeoutMs() : opts.timeoutMs;
    const deadline = timeout === null ? null : withDeadline(this.signal, timeout);
    const signal = deadline?.signal ?? this.signal;
    const statuses: number[] = [];
    const base = opts.required ? this.ctx.upstream : optionalUpstream(this.ctx.upstream);
    const upstream = opts.probe ? observed(base, statuses) : base;
    try {
      return await fetch(signal, upstream);
    } catch (e) {
      // This lookup stopped waiting (its deadline, or this fetch's own): the signal's reason, as a timeout.
      if (signal.aborted && !isApiError(e)) throw upstreamTimeout(`discovery: ${opts.what} was cancelled (deadline)`);
      if (
        opts.probe &&
        isApiError(e) &&
        e.code === 'UPSTREAM_FAILED' &&
        statuses.length &&
        statuses.every((st) => st === 404 || st === 410)
      )
        throw notFound(`discovery: ${opts.what} was answered only HTTP ${[...new Set(statuses)].join('/')} (no such account)`);
      throw e;
    } finally {
      deadline?.clear();
    }
  }
}

/**
 * `upstream` noting the status of every answer it gets (a probe's: LookupFetcher.fetch); a request
 * that got no answer (a reset, a refused or looping redirect, a timeout) is noted 0 — a failure, so a
 * chain whose other step answered 404 is not "only 404s".
 */
function observed(upstream: Upstream, statuses: number[]): Upstream {
  return {
    request: async (req) => {
      let res;
      try {
        res = await upstream.request(req);
      } catch (e) {
        statuses.push(0);
        throw e;
      }
      statuses.push(res.status);
      return res;
    },
    close: () => upstream.close(),
    ...('tokenOwner' in upstream ? { tokenOwner: (upstream as { tokenOwner: Upstream }).tokenOwner } : {}),
  } as Upstream;
}

/**
 * The upstream as an optional scan uses it: no client retries and no sleeping on a host's
 * cool-down (fails at once with UPSTREAM_BLOCKED). Retried answers and cool-down waits are time
 * the lookup's critical path never needed for a scan that may fail anyway — with one exception, the
 * client's `retryBare5xx`: a GET answered a bare 500, 502 or 503 (no Retry-After) is sent once more
 * after a short pause, within the fetch's own signal. A page lost to one passing server error was
 * a lost profile; a host that fails twice is failed, as before.
 */
export function optionalUpstream(upstream: Upstream): Upstream & { tokenOwner: Upstream } {
  return {
    request: (req) => upstream.request({ ...req, retries: 0, cooldown: 'fail', retryBare5xx: true }),
    close: () => upstream.close(),
    // Public tokens (X's guest token…) are the client's, not this view's: one activation serves both.
    tokenOwner: (upstream as { tokenOwner?: Upstream }).tokenOwner ?? upstream,
  };
}
