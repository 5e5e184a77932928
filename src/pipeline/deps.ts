/**
 * The process-wide services a request runs on (opened by src/deps.ts). Declared apart from the
 * request context (context.ts) so that an operation's context can carry them
 * (src/platforms/operation.ts OpContext.deps) without a cycle.
 */
import type { ResultCache } from '../cache/cache.js';
import type { SingleFlight } from '../cache/single-flight.js';
import type { Config } from '../config.js';
import type { Ledger } from '../credits/ledger.js';
import type { Logger } from '../log.js';
import type { HealthView } from '../observability/health.js';
import type { Metrics } from '../observability/metrics.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import type { Db } from '../store/sqlite.js';
import type { RedisStore } from '../store/redis.js';
import type { SecretBox } from '../store/secrets.js';
import type { Upstream } from '../upstream/client.js';

export interface Deps {
  config: Config;
  ledger: Ledger;
  cache: ResultCache;
  upstream: Upstream;
  singleFlight: SingleFlight;
  logger: Logger;
  metrics: Metrics;
  /** Per-platform success rate and latency of live fetches (GET /v1/status, platformStatus). */
  health: HealthView;
  rateLimiter: RateLimiter;
  /** Aborted when a shutdown's grace period is over: live fetches still running are cancelled. */
  shutdown: AbortSignal;
  /** The SQLite store under DATA_DIR (bulk jobs keep their tables beside the embedded ledger's). */
  db?: Db;
  /** With REDIS_URL: the connection of the ledger, single-flight and rate limits (bulk jobs' store uses it too). */
  redis?: RedisStore;
  /** Seals secrets kept in a store (jobs' webhook secrets) under SECRETS_KEY or DATA_DIR/secret.key. */
  secrets: SecretBox;
  /**
   * The clock (ms) introspection computations are timed with for their budget
   * (src/graphql/introspection-budget.ts); performance.now() when unset. Tests give the thread's
   * CPU time, so that what a computation is charged does not depend on how busy the machine is.
   */
  introspectionClock?: () => number;
}

/**
 * Whether work that settles a charge with a record of its own (a bulk job's item, a monitor's
 * run) can run on these deps: embedded, the charge committed with the record in one SQLite
 * transaction (Ledger.settleRecorded); on Redis, settled once per unit of work (settleOnce).
 * Deps without them are only injected ones, in tests: such modules run nothing and answer 503.
 */
export function settlesWithRecords(deps: Deps): boolean {
  return deps.config.redisUrl ? Boolean(deps.redis && deps.ledger.settleOnce) : Boolean(deps.db && deps.ledger.settleRecorded);
}
