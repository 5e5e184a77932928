/**
 * Public tokens (anonymous access tokens, developer tokens, client ids) that some platforms
 * require and that are scraped from their public pages or bundles — never a login.
 *
 * One TokenSource per token: fetched on first need, cached with its expiry, shared by concurrent
 * requests (one refresh at a time), and refreshed when the upstream says it is no longer good
 * (401/403), after which the request is retried once.
 */
import { ApiError, upstreamBlocked } from '../errors.js';

export interface Token {
  value: string;
  /** Epoch ms after which the token is not used any more (refetched first). */
  expiresAt: number;
}

export interface TokenSource {
  /** A valid token, fetching one if none is cached or it has expired. */
  get(signal?: AbortSignal): Promise<string>;
  /** Forgets `value` (if it is still the current token) so the next get() fetches anew. */
  invalidate(value: string): void;
  /**
   * Runs `use(token)`; when it reports the token was refused (`isRefused`), fetches a fresh token
   * and runs it once more.
   */
  withToken<T>(use: (token: string) => Promise<T>, opts?: { signal?: AbortSignal; isRefused?: (e: unknown) => boolean }): Promise<T>;
}

/** Safety margin: a token within this long of its expiry is treated as expired. */
const EARLY_MS = 30_000;

/** The conventional signal that a token was refused: a TokenRefusedError thrown by `use`. */
export class TokenRefusedError extends Error {
  constructor(readonly status: number) {
    super(`token refused (HTTP ${status})`);
    this.name = 'TokenRefusedError';
  }
}

export function createTokenSource(
  name: string,
  fetchToken: (signal?: AbortSignal) => Promise<Token>,
  now: () => number = Date.now,
): TokenSource {
  let current: Token | null = null;
  let inFlight: Promise<Token> | null = null;

  const refresh = (signal?: AbortSignal): Promise<Token> => {
    // One refresh at a time: concurrent callers join it.
    inFlight ??= fetchToken(signal)
      .then((t) => {
        if (!t.value) throw new ApiError('UPSTREAM_FAILED', `${name}: the public token could not be found`);
        current = t;
        return t;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const source: TokenSource = {
    async get(signal) {
      if (current && current.expiresAt - EARLY_MS > now()) return current.value;
      return (await refresh(signal)).value;
    },
    invalidate(value) {
      if (current?.value === value) current = null;
    },
    async withToken(use, opts = {}) {
      const isRefused = opts.isRefused ?? ((e: unknown) => e instanceof TokenRefusedError);
      const first = await source.get(opts.signal);
      try {
        return await use(first);
      } catch (e) {
        if (!isRefused(e)) throw e;
        source.invalidate(first);
        const second = await source.get(opts.signal);
        try {
          return await use(second);
        } catch (e2) {
          if (isRefused(e2)) throw upstreamBlocked(`${name}: upstream refused a freshly fetched public token`);
          throw e2;
        }
      }
    },
  };
  return source;
}

const sources = new WeakMap<object, Map<string, TokenSource>>();

/**
 * The client a view stands for (its `tokenOwner`), else `upstream` itself: what state learnt from
 * upstream answers (tokens, a platform's learnt operations or flags) is kept by, so that it
 * outlives the operation whose view learnt it.
 */
export function clientOf<O extends object>(upstream: O): O {
  return ((upstream as { tokenOwner?: O }).tokenOwner ?? upstream) as O;
}

/**
 * The token source named `name` belonging to `owner` (the upstream client: tokens live as long
 * as the client that fetched them, and tests with their own client get their own tokens). A view
 * of a client that only changes per-request defaults or bounds one operation (discovery's
 * optional-scan upstream, an operation's deadline: src/pipeline/live-fetch.ts) names that client
 * as its `tokenOwner` and shares its tokens. `create` is handed the client itself, not the view:
 * the source outlives the operation that made it, so its refreshes must not go through that
 * operation's view (an expired deadline would refuse every later refresh).
 */
export function tokenSource<O extends object>(owner: O, name: string, create: (client: O) => TokenSource): TokenSource {
  const client = clientOf(owner);
  let byName = sources.get(client);
  if (!byName) sources.set(client, (byName = new Map()));
  let s = byName.get(name);
  if (!s) byName.set(name, (s = create(client)));
  return s;
}
