/**
 * Rate limits per API key: a token bucket of `burst` tokens refilled at `rps` per second; each
 * request that passes the key check (401) takes one token before anything else is looked at, and
 * a request that finds the bucket empty is answered 429 RATE_LIMITED with Retry-After, at 0
 * credits. Introspection-only GraphQL requests are not counted (they never reach the key check).
 *
 * The limit is the key's own (`keys set-rate`, stored with the key in the ledger) or the
 * configured default (RATE_LIMIT_RPS / RATE_LIMIT_BURST); rps 0 means unlimited, and with the
 * default of 0 and no override no limiter is consulted at all.
 *
 * Embedded: buckets in this process's memory. With REDIS_URL: one bucket per key in Redis,
 * taken by an atomic Lua script on the Redis server's clock, so every instance of a deployment
 * shares it.
 */
import type { RateLimit } from '../config.js';
import type { AuthenticatedKey } from '../credits/ledger.js';
import type { ApiError } from '../errors.js';
import { rateLimited } from '../errors.js';
import type { RedisStore } from '../store/redis.js';
import { lua } from '../store/redis.js';

export interface RateLimiter {
  /** 0 when the request may go ahead (a token was taken); else milliseconds until one is available. */
  take(keyId: string, rate: RateLimit): number | Promise<number>;
}

/** The limit that applies to this key, or null when it is unlimited. */
export function effectiveRate(key: AuthenticatedKey, fallback: RateLimit): RateLimit | null {
  const rate = key.rate ?? fallback;
  return rate.rps > 0 ? rate : null;
}

/**
 * Takes one token for this key: null when the request may go ahead, else the 429 to answer.
 * Synchronous (no promise) when nothing limits the key, and for the in-memory limiter.
 */
export function enforceRateLimit(
  limiter: RateLimiter,
  key: AuthenticatedKey,
  fallback: RateLimit,
): ApiError | null | Promise<ApiError | null> {
  const rate = effectiveRate(key, fallback);
  if (!rate) return null;
  const wait = limiter.take(key.id, rate);
  return typeof wait === 'number' ? refusal(wait, rate) : wait.then((w) => refusal(w, rate));
}

function refusal(waitMs: number, rate: RateLimit): ApiError | null {
  if (waitMs <= 0) return null;
  const retryIn = Math.max(1, Math.ceil(waitMs / 1000));
  // The bucket as a window: `burst` requests, refilled in burst / rps seconds.
  return rateLimited(
    `Rate limit exceeded: this key may make ${rate.rps} requests per second (burst ${rate.burst}); retry in ${retryIn} s`,
    waitMs,
    {
      limit: rate.burst,
      windowSec: Math.max(1, Math.ceil(rate.burst / rate.rps)),
    },
  );
}

interface Bucket {
  tokens: number;
  at: number;
}

const MAX_BUCKETS = 100_000;

/** Buckets in this process (embedded default). */
/** The in-memory limiter answers at once. */
export interface MemoryRateLimiter extends RateLimiter {
  take(keyId: string, rate: RateLimit): number;
}

export function createMemoryRateLimiter(now: () => number = () => performance.now()): MemoryRateLimiter {
  const buckets = new Map<string, Bucket>();
  return {
    take(keyId, { rps, burst }) {
      const t = now();
      let b = buckets.get(keyId);
      if (!b) {
        if (buckets.size >= MAX_BUCKETS) prune(buckets, t);
        b = { tokens: burst, at: t };
        buckets.set(keyId, b);
      } else {
        b.tokens = Math.min(burst, b.tokens + ((t - b.at) * rps) / 1000);
        b.at = t;
      }
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.ceil(((1 - b.tokens) * 1000) / rps);
    },
  };
}

/** Bounds memory (keys are few in practice): forgets buckets idle for a minute, or all of them. */
function prune(buckets: Map<string, Bucket>, t: number): void {
  for (const [k, b] of buckets) if (t - b.at > 60_000) buckets.delete(k);
  if (buckets.size >= MAX_BUCKETS) buckets.clear();
}

// KEYS: bucket. ARGV: rps, burst. → 0 (token taken) or milliseconds until a token is available.
// Time is the Redis server's, so instances with skewed clocks share one bucket correctly.
const TAKE = lua(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local perMs = tonumber(ARGV[1]) / 1000
local burst = tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(v[1])
local at = tonumber(v[2])
if tokens == nil or at == nil then
  tokens = burst
else
  tokens = math.min(burst, tokens + math.max(0, now - at) * perMs)
end
if tokens >= 1 then
  tokens = tokens - 1
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / perMs) + 1000)
  return 0
end
return math.ceil((1 - tokens) / perMs)`);

/** One bucket per key in Redis (REDIS_URL), shared by every instance. */
export function createRedisRateLimiter(redis: RedisStore, opts: { prefix?: string } = {}): RateLimiter {
  const prefix = `${opts.prefix ?? 'cl'}:rl:`;
  return {
    take: (keyId, { rps, burst }) => redis.script<number>(TAKE, [prefix + keyId], [rps, burst]).then(Number),
  };
}
