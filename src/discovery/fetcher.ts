/**
 * How a lookup fetches: every sub-fetch of one lookup goes through its LookupFetcher, which
 *
 *  - memoises per lookup: the same key (an extractor and its canonical arguments, or a page URL)
 *    is fetched at most once per lookup, however many links lead to it;
 *  - shares in-flight work between concurrent lookups in this process (single-flight), with
 *    reference-counted cancellation: the shared fetch is aborted only when every lookup waiting
 *    for it has given up, so one lookup's deadline never fails another's scan;
 *  - reuses the gateway's result cache for sub-fetches that are platform operations (a
 *    social-b profile, a video channel, a link page, a search page): the same cache key as the
 *    operation (`cacheKeyOf`), read when younger than DISCOVERY_SUBFETCH_MAX_AGE_MS (default
 *    1 h; 0 turns reading off) and written after a live fetch, so a later `cache_max_age` call of
 *    that operation can be served from it;
 *  - bounds each sub-fetch with its own timeout (DISCOVERY_FETCH_TIMEOUT_MS, default 8 s) on top
 *    of the lookup's deadline signal; every HTTP request still goes through `ctx.upstream`
 *    (SSRF guard, per-request timeouts, replay);
 *  - never lets an optional sub-fetch (everything but the source profile) hold the lookup: its
 *    requests are sent with `retries: 0` and `cooldown: 'fail'`, so a failing or blocked answer
 *    is the answer (its URL lands in a failed_* list, the result is partial) and a host cooling
 *    down after a 429 fails it at once instead of being slept on. The source profile, which
 *    fails the whole lookup, keeps the client's retries and cool-down waits (within the deadline).
 *
 *  - sends sub-fetches that are platform operations through the gateway's own single-flight as
 *    well (OpContext.singleFlight, keyed by the operation's cache key like liveFetch in src/pipeline/live-fetch.ts):
 *    a lookup joins a REST or GraphQL request for the same resource in flight, and with
 *    REDIS_URL a fetch running on another instance — waiting for the result it stores in the
 *    shared cache (bounded by the lock's lifetime, and always by this lookup's deadline, which
 *    this fetcher's own wait honours). Whichever caller starts a shared fetch decides its retry
 *    policy.
 */
import { upstreamTimeout } from '../errors.js';
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

// ---------------------------------------------------------------------------------------------
// Process-wide in-flight sharing
// ---------------------------------------------------------------------------------------------

interface Shared {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
}

const inFlight = new Map<string, Shared>();

/** Joins (or starts) the shared work for `key`; `signal` ends this caller's wait only. */
function joinShared<T>(key: string, start: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, what: string): Promise<T> {
  let entry = inFlight.get(key);
  if (!entry) {
    const controller = new AbortController();
    const created: Shared = { promise: Promise.resolve(), controller, waiters: 0 };
    created.promise = start(controller.signal).finally(() => {
      if (inFlight.get(key) === created) inFlight.delete(key);
    });
    created.promise.catch(() => undefined);
    inFlight.set(key, created);
    entry = created;
  }
  const shared = entry;
  shared.waiters++;
  return new Promise<T>((resolve, reject) => {
    let left = false;
    const leave = () => {
      if (left) return false;
      left = true;
      signal.removeEventListener('abort', onAbort);
      shared.waiters--;
      return true;
    };
    const onAbort = () => {
      if (!leave()) return;
      // Nobody waits any more: stop the upstream work.
      if (shared.waiters === 0) shared.controller.abort(signal.reason);
      reject(upstreamTimeout(`discovery: ${what} was cancelled (lookup deadline)`));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    shared.promise.then(
      (v) => leave() && resolve(v as T),
      (e: unknown) => leave() && reject(e),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Per lookup
// ---------------------------------------------------------------------------------------------

export interface FetchOptions<A> {
  /** The platform operation this sub-fetch is (its cache entry is read and written). */
  op?: OperationDef<A>;
  args?: A;
  /** Per-fetch timeout; null for none beyond the lookup's deadline (the source profile). */
  timeoutMs?: number | null;
  /**
   * The lookup fails without it (the source profile): the client's retries and cool-down waits
   * apply. Otherwise (default) the fetch is optional and its requests never retry or wait.
   */
  required?: boolean;
  /** What the fetch is, for messages. */
  what: string;
}

export class LookupFetcher {
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(
    private readonly ctx: OpContext,
    /** Aborts at the lookup's deadline or when the caller goes away. */
    readonly signal: AbortSignal,
  ) {}

  /** Fetches that went upstream or to the cache in this lookup (memo hits excluded). */
  get size(): number {
    return this.memo.size;
  }

  has(key: string): boolean {
    return this.memo.has(key);
  }

  /**
   * The result of `work` for `key`, fetched at most once per lookup. With `op`, `key` is ignored
   * and the operation's own cache key is used, so its cache entry and in-flight work are shared.
   */
  run<T, A = unknown>(key: string, work: (ctx: OpContext) => Promise<T>, opts: FetchOptions<A>): Promise<T> {
    const k = opts.op ? cacheKeyOf(opts.op, opts.args) : key;
    let p = this.memo.get(k) as Promise<T> | undefined;
    if (!p) {
      p = this.fetch(k, work, opts);
      p.catch(() => undefined);
      this.memo.set(k, p);
    }
    return p;
  }

  private async fetch<T, A>(key: string, work: (ctx: OpContext) => Promise<T>, opts: FetchOptions<A>): Promise<T> {
    if (this.signal.aborted) throw upstreamTimeout(`discovery: ${opts.what} was not started (lookup deadline)`);
    const cacheable = opts.op?.cacheable === true;
    const maxAge = subfetchMaxAgeMs();
    if (cacheable && maxAge > 0) {
      const hit = await this.ctx.cache.get<T>(key).catch(() => undefined);
      if (hit && hit.fetchedAt >= Date.now() - maxAge) return hit.value;
    }
    const timeout = opts.timeoutMs === undefined ? fetchTimeoutMs() : opts.timeoutMs;
    return joinShared(
      key,
      async (sharedSignal) => {
        const deadline = timeout === null ? null : withDeadline(sharedSignal, timeout);
        const signal = deadline?.signal ?? sharedSignal;
        const upstream = opts.required ? this.ctx.upstream : optionalUpstream(this.ctx.upstream);
        // The result is stored before the work ends, so callers on other instances waiting for it find it.
        const produce = async () => {
          const value = await work({ ...this.ctx, upstream, signal });
          if (cacheable) await this.ctx.cache.set(key, { value, fetchedAt: Date.now() }).catch(() => undefined);
          return value;
        };
        const sf = cacheable ? this.ctx.singleFlight : undefined;
        const since = Date.now();
        const readShared = async () => {
          const entry = await this.ctx.cache.get<T>(key, { fetchedSince: since });
          return entry && entry.fetchedAt >= since ? entry.value : undefined;
        };
        try {
          return sf ? (await sf.run(key, produce, { readShared })).value : await produce();
        } finally {
          deadline?.clear();
        }
      },
      this.signal,
      opts.what,
    );
  }
}

/**
 * The upstream as an optional scan uses it: no retries of failing answers, no sleeping on a host's
 * cool-down (fails at once with UPSTREAM_BLOCKED). Retried answers and cool-down waits are time
 * the lookup's critical path never needed for a scan that may fail anyway.
 */
export function optionalUpstream(upstream: Upstream): Upstream & { tokenOwner: object } {
  const base = (upstream as { tokenOwner?: object }).tokenOwner ?? upstream;
  return {
    request: (req) => upstream.request({ ...req, retries: 0, cooldown: 'fail' }),
    close: () => upstream.close(),
    // Public tokens (X's guest token…) are the client's, not this view's: one activation serves both.
    tokenOwner: base,
  };
}
