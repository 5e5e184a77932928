/**
 * Opens the process-wide services from configuration (embedded defaults: SQLite under
 * DATA_DIR, in-process single-flight; with REDIS_URL: ledger, result cache and single-flight on
 * Redis, shared by every instance — docs/scaling.md) and closes them again. The secrets key
 * (SECRETS_KEY, else DATA_DIR/secret.key) is loaded once here: src/store/secrets.ts.
 */
import { setMaxListeners } from 'node:events';
import Keyv from 'keyv';
import { createKeyvCache, createSqliteCache } from './cache/cache.js';
import type { ResultCache } from './cache/cache.js';
import { createRedisSingleFlight } from './cache/redis-single-flight.js';
import { createLocalSingleFlight } from './cache/single-flight.js';
import type { Config } from './config.js';
import { createRedisLedger } from './credits/redis-ledger.js';
import { createSqliteLedger } from './credits/sqlite-ledger.js';
import { trackReservations } from './credits/tracked-ledger.js';
import type { TrackedLedger } from './credits/tracked-ledger.js';
import type { Deps } from './pipeline/context.js';
import { createLogger } from './log.js';
import type { Logger } from './log.js';
import { createHealthView } from './observability/health.js';
import { createMetrics } from './observability/metrics.js';
import type { Metrics } from './observability/metrics.js';
import { onParserWarning } from './observability/warn.js';
import { createMemoryRateLimiter, createRedisRateLimiter } from './ratelimit/limiter.js';
import { platformHosts, platformWalls } from './platforms/registry.js';
import { openRedis, redisLibrary, storeUnavailable } from './store/redis.js';
import type { RedisStore } from './store/redis.js';
import { dataDirSecretsKey, secretBox } from './store/secrets.js';
import { openDatabase } from './store/sqlite.js';
import { createUpstream } from './upstream/client.js';
import type { Interfaces, Resolver } from './upstream/ssrf.js';

export interface OpenDeps extends Deps {
  /** The ledger with this process's open reservations (refunded on shutdown). */
  ledger: TrackedLedger;
  /** Cancels every live fetch still running (shutdown past its grace period). */
  cancelInFlight(): void;
  /** The last connection or command error the Redis store reported, if any (start-up's message). */
  lastStoreError(): unknown;
  close(): Promise<void>;
}

export interface DepsOverrides extends Partial<Deps> {
  resolver?: Resolver;
  /** The network interfaces whose addresses the SSRF guard refuses as this machine's (tests name others). */
  interfaces?: Interfaces;
  /** prom-client's process metrics (the server process turns them on). */
  defaultMetrics?: boolean;
}

export function openDeps(config: Config, overrides: DepsOverrides = {}): OpenDeps {
  // With REDIS_URL, config has SECRETS_KEY (every instance must open what another sealed).
  const secrets = secretBox(config.secretsKey ?? dataDirSecretsKey(config.dataDir));
  const db = openDatabase(config.dataDir);
  const logger = overrides.logger ?? createLogger(config.logLevel, undefined, config.logFormat);
  const metrics: Metrics = overrides.metrics ?? createMetrics({ defaultMetrics: overrides.defaultMetrics });
  const health = overrides.health ?? createHealthView({ windowMs: config.healthWindowMs });
  const upstream =
    overrides.upstream ??
    createUpstream({
      config: config.upstream,
      replayUrl: config.upstreamReplayUrl,
      resolver: overrides.resolver,
      interfaces: overrides.interfaces,
      walls: platformWalls(),
      platformHosts: platformHosts(),
      onExchange: (e) => {
        metrics.upstreamExchange(e);
        if (e.block) health.recordBlock(e.platform, e.block);
      },
    });
  let lastStoreError: unknown;
  const redis = config.redisUrl
    ? openRedis(config.redisUrl, {
        commandTimeoutMs: config.redisCommandTimeoutMs,
        onError: (err) => {
          lastStoreError = err;
          logger.warn({ err }, 'redis: store unreachable');
        },
      })
    : null;
  const shutdown = new AbortController();
  // Every live fetch in flight listens to it (hundreds under load): not a leak.
  setMaxListeners(0, shutdown.signal);
  const ledger = trackReservations(
    overrides.ledger ??
      (redis
        ? createRedisLedger(redis, {
            reservationTtlMs: config.reservationTtlMs,
            transactionsKeepMs: config.transactionsKeepMs,
            onSweepError: (err) => logger.warn({ err }, 'refunding abandoned reservations failed'),
          })
        : createSqliteLedger(db, { transactionsKeepMs: config.transactionsKeepMs })),
    metrics,
  );
  // Parser warnings: counted (/metrics, /v1/status), and logged at most once a minute per platform and field.
  const warned = new Map<string, number>();
  const stopWarnings = onParserWarning((platform, field, detail) => {
    metrics.parserWarning(platform, field);
    health.recordWarning(platform, field);
    const k = `${platform}\u0000${field}`;
    const t = Date.now();
    if ((warned.get(k) ?? 0) > t - 60_000) return;
    if (warned.size > 1_000) warned.clear();
    warned.set(k, t);
    logger.warn({ platform, field }, `parser warning: ${field}${detail ? ` (${detail})` : ''}`);
  });
  const deps: Deps = {
    db,
    config,
    logger,
    metrics,
    health,
    rateLimiter: overrides.rateLimiter ?? (redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter()),
    shutdown: shutdown.signal,
    secrets,
    ledger,
    cache:
      overrides.cache ??
      (redis
        ? createRedisCache(redis, logger, config.cacheMemoryBytes)
        : createSqliteCache(db, config.cacheMaxEntries, { lruBytes: config.cacheMemoryBytes })),
    upstream,
    singleFlight:
      overrides.singleFlight ??
      (redis
        ? createRedisSingleFlight(redis, {
            // The lock itself is short and renewed while its holder fetches (redis-single-flight.ts);
            // waiters wait at most as long as one live fetch may take (its operation deadline).
            waitMs: config.operationDeadlineMs + 5_000,
            onLockLost: (lost) => logger.warn({ lost }, 'single-flight: locks lapsed while their holders fetched (renewals late)'),
          })
        : createLocalSingleFlight()),
  };
  return {
    ...deps,
    ledger,
    ...(redis ? { redis } : {}),
    ...(overrides.introspectionClock ? { introspectionClock: overrides.introspectionClock } : {}),
    cancelInFlight: () => shutdown.abort(new Error('the gateway is shutting down')),
    lastStoreError: () => lastStoreError,
    async close() {
      stopWarnings();
      await upstream.close().catch(() => undefined);
      await deps.cache.close().catch(() => undefined);
      await deps.ledger.close();
      await redis?.close();
      db.close();
    },
  };
}

/**
 * The result cache on Redis: keyv + @keyv/redis on its own connection (same fail-fast options as
 * the ledger's, and the store's deadline: keyv's calls are timed like every other store call), the
 * in-process LRU in front. Store errors are thrown, not swallowed, so a cache read that fails is
 * logged and treated as a miss, and /readyz sees it.
 */
function createRedisCache(redis: RedisStore, logger: Logger, lruBytes: number): ResultCache {
  const { client, deadline } = redis.duplicate();
  const { default: KeyvRedis } = redisLibrary();
  const store = new KeyvRedis(client, { throwOnErrors: true, throwOnConnectError: false });
  const keyv = new Keyv({ store, namespace: 'cl:results', throwOnErrors: true });
  keyv.on('error', (err) => logger.debug({ err }, 'redis cache error'));
  const guard = <T>(call: () => Promise<T>) =>
    deadline(call).catch((err: unknown) => {
      throw storeUnavailable(err);
    });
  return createKeyvCache(keyv, { lruBytes, guard });
}

/**
 * First start with an empty store: create one key, print it once, grant starter credits.
 * BOOTSTRAP_API_KEY / BOOTSTRAP_CREDITS set that key and balance explicitly.
 */
export async function bootstrapKey(deps: Deps, print: (line: string) => void): Promise<void> {
  const { bootstrapApiKey, bootstrapCredits } = deps.config;
  if (bootstrapApiKey) {
    if (await deps.ledger.authenticate(bootstrapApiKey)) return;
    // Known but revoked: an operator's decision that a restart must not undo.
    if (await deps.ledger.keyExists(bootstrapApiKey)) {
      print('BOOTSTRAP_API_KEY names a revoked key; it stays revoked.');
      return;
    }
    try {
      await deps.ledger.createKey({ name: 'bootstrap', credits: bootstrapCredits, rawKey: bootstrapApiKey });
    } catch (err) {
      // Another instance sharing the store (REDIS_URL) created it at the same moment.
      if (await deps.ledger.keyExists(bootstrapApiKey)) return;
      throw err;
    }
    print(`Created the API key from BOOTSTRAP_API_KEY with ${bootstrapCredits} credits.`);
    return;
  }
  if ((await deps.ledger.countKeys()) > 0) return;
  const { key } = await deps.ledger.createKey({ name: 'bootstrap', credits: bootstrapCredits });
  print(
    `First start: created API key (shown once, store it now):\n\n  ${key}\n\nwith ${bootstrapCredits} free credits. Send it as the x-api-key header.`,
  );
}
