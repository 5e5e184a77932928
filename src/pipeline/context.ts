/**
 * The request context the pipeline runs operations in (src/pipeline/run.ts), whichever face the
 * request came in by — REST, GraphQL (its resolvers see it as their context), a bulk job's item.
 * `deps` are the process-wide services; the rest is per request: who is asking (the key, once
 * admitted), the request's one fetch per cache key, its cancellation, and — for a GraphQL
 * operation — the reservation made ahead for all its root fields. An internal context
 * (`internalContext`: discovery's own reads) asks as nobody and is charged nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type DataLoader from 'dataloader';
import type { CacheEntry } from '../cache/cache.js';
import type { AuthenticatedKey, Reservation } from '../credits/ledger.js';
import type { OperationDef } from '../platforms/operation.js';
import type { RequestInfo } from '../observability/request.js';
import type { Upstream } from '../upstream/client.js';
import { requestBaseUrl } from '../media/public-url.js';
import type { Deps } from './deps.js';

export type { Deps } from './deps.js';

/** One live fetch a request asks for (the request's loader shares one per cache key). */
export interface LiveFetch {
  op: OperationDef;
  /** Canonical arguments (validated, normalised). */
  args: unknown;
  cacheKey: string;
}

/**
 * What a GraphQL operation reserved ahead for all its root fields (one reservation, so that a
 * balance that cannot cover them all is a 402 before any of them is fetched), and what its
 * operations have drawn on it so far. Owned by src/pipeline/run.ts.
 */
export interface Prepaid {
  reservation: Reservation | null;
  /** Credits reserved and not yet drawn by an operation. */
  left: number;
  /**
   * The request's cache reads, by cache_max_age and cache key: an operation finds what the
   * reservation was made on (a hit then is a hit now; each read counted once in the metrics).
   */
  reads: Map<string, CacheEntry | undefined>;
}

export interface GatewayContext {
  deps: Deps;
  /** The key as sent: x-api-key, else Authorization: Bearer (src/http/api-key.ts; never logged). */
  apiKey: string | null;
  /** The caller's key once admitted (src/pipeline/admit.ts: checked once per request). */
  key?: AuthenticatedKey;
  /**
   * The reservation made ahead for every root field of a GraphQL operation, which its operations
   * draw on instead of reserving each on its own (src/pipeline/run.ts `reserveAhead`).
   */
  prepaid?: Prepaid;
  /** Per-request loader of live fetches by cache key: duplicate root fields and aliases share one (src/pipeline/live-fetch.ts). */
  loader?: DataLoader<LiveFetch, unknown, string>;
  signal?: AbortSignal;
  /** `signal` aborts at shutdown too (deps.shutdown): a live fetch need not listen for both. */
  readonly signalCoversShutdown?: boolean;
  /**
   * Yoga's requests (subscriptions, @defer / @stream): aborts when the client goes away or at
   * shutdown. Subscriptions end with it; live fetches do not listen to it (a cancelled stream's
   * lookup completes and is settled once, src/graphql/incremental.ts).
   */
  clientGone?: AbortSignal;
  /** `http(s)://host` the client used, for absolute URLs of media this gateway serves. */
  requestBaseUrl?: string | null;
  /** This HTTP request (id for logs and errors; the key id is noted here once known). */
  reqInfo?: RequestInfo;
  /** Set only by `internalContext`, never for a client's request. */
  readonly internal?: Internal;
}

/** What an internal read (runOperation's uncharged mode, src/pipeline/run.ts) runs with. */
export interface Internal {
  /** Replaces deps.upstream for this read's live fetch (discovery's optional reads: no retries, no cool-down waits). */
  upstream?: Upstream;
}

/**
 * The context of an internal read — an operation read by the gateway itself (discovery's
 * sub-fetches of other operations' resources), not by a client: no key is admitted, nothing is
 * reserved or settled, its outcome is charged 0. `signal` ends this read's wait (its own deadline
 * and the lookup's); `upstream` as in Internal.
 */
export function internalContext(deps: Deps, signal: AbortSignal | undefined, internal: Internal = {}): GatewayContext {
  return { deps, apiKey: null, signal, internal };
}

/**
 * The context of a request served by our own HTTP handlers (REST, the GraphQL fast path). A
 * class rather than an object literal with getters: one per request, on the hottest path, with
 * every field present from the start (one hidden class; no closures made per request).
 */
export class HttpContext implements GatewayContext {
  key?: AuthenticatedKey = undefined;
  prepaid?: Prepaid = undefined;
  loader?: DataLoader<LiveFetch, unknown, string> = undefined;
  private clientSignal: AbortSignal | undefined = undefined;

  constructor(
    readonly deps: Deps,
    readonly apiKey: string | null,
    readonly reqInfo: RequestInfo,
    private readonly req: IncomingMessage,
    /** With a response: `signal` aborts live fetches when its client goes away first. */
    private readonly res: ServerResponse | null,
  ) {}

  /**
   * Aborts when the client goes away before its answer is sent, or at shutdown; made on first
   * use (only a live fetch asks).
   */
  get signal(): AbortSignal | undefined {
    return this.res ? (this.clientSignal ??= requestSignal(this.res, this.deps.shutdown)) : undefined;
  }

  get signalCoversShutdown(): boolean {
    return this.res !== null;
  }

  /** `http(s)://host` the client used (for media URLs), read when asked. */
  get requestBaseUrl(): string | null {
    return requestBaseUrl(this.req);
  }
}

/** Per shutdown signal: the controllers of the requests in flight, aborted with it. */
const inFlightBySignal = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * A signal that aborts when the client goes away before its answer is sent, or when `shutdown`
 * does. One AbortController per request; the shutdown reaches them through one listener for all
 * requests (a Set of them), not one per request on the long-lived shutdown signal (nor
 * AbortSignal.any, which would leave an entry in its list per request: src/upstream/signals.ts).
 */
export function requestSignal(res: ServerResponse, shutdown: AbortSignal): AbortSignal {
  if (shutdown.aborted) return shutdown;
  let requests = inFlightBySignal.get(shutdown);
  if (!requests) {
    const set = (requests = new Set<AbortController>());
    inFlightBySignal.set(shutdown, set);
    shutdown.addEventListener(
      'abort',
      () => {
        for (const c of set) {
          set.delete(c);
          c.abort(shutdown.reason);
        }
      },
      { once: true },
    );
  }
  const set = requests;
  const controller = new AbortController();
  set.add(controller);
  res.once('close', () => {
    set.delete(controller);
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
