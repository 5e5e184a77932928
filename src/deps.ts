/**
 * Opens the process-wide services from configuration (embedded defaults: SQLite under
 * DATA_DIR, in-process single-flight; with REDIS_URL: ledger, result cache and single-flight on
 * Redis, shared by every instance — docs/scaling.md) and closes them again.
 */
import KeyvRedis from '@keyv/redis';
import Keyv from 'keyv';
import { createKeyvCache, createSqliteCache } from './cache/cache.js';
import type { ResultCache } from './cache/cache.js';
import { createRedisSingleFlight } from './cache/redis-single-flight.js';
import { createLocalSingleFlight } from './cache/single-flight.js';
import type { Config } from './config.js';
import { createRedisLedger } from './credits/redis-ledger.js';
import { createSqliteLedger } from './credits/sqlite-ledger.js';
import type { Deps } from './graphql/context.js';
import { createLogger } from './log.js';
import type { Logger } from './log.js';
import { openRedis } from './store/redis.js';
import type { RedisStore } from './store/redis.js';
import { openDatabase } from './store/sqlite.js';
import { createUpstream } from './upstream/client.js';
import type { Resolver } from './upstream/ssrf.js';

export interface OpenDeps extends Deps {
  close(): Promise<void>;
}

export function openDeps(config: Config, overrides: Partial<Deps> & { resolver?: Resolver } = {}): OpenDeps {
  const db = openDatabase(config.dataDir);
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const upstream = overrides.upstream ?? createUpstream({ config: config.upstream, replayUrl: config.upstreamReplayUrl, resolver: overrides.resolver });
  const redis = config.redisUrl ? openRedis(config.redisUrl, { onError: (err) => logger.warn({ err }, 'redis: store unreachable') }) : null;
  const deps: Deps = {
    config,
    logger,
    ledger:
      overrides.ledger ??
      (redis
        ? createRedisLedger(redis, { reservationTtlMs: config.reservationTtlMs, onSweepError: (err) => logger.warn({ err }, 'refunding abandoned reservations failed') })
        : createSqliteLedger(db)),
    cache: overrides.cache ?? (redis ? createRedisCache(redis, logger) : createSqliteCache(db, config.cacheMaxEntries)),
    upstream,
    singleFlight:
      overrides.singleFlight ??
      // A lock outlives one upstream request with its retries; waiters give up after as long.
      (redis ? createRedisSingleFlight(redis, { lockTtlMs: config.upstream.totalTimeoutMs + 5_000 }) : createLocalSingleFlight()),
  };
  return {
    ...deps,
    async close() {
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
 * the ledger's), the in-process LRU in front. Store errors are thrown, not swallowed, so a cache
 * read that fails is logged and treated as a miss, and /readyz sees it.
 */
function createRedisCache(redis: RedisStore, logger: Logger): ResultCache {
  const store = new KeyvRedis(redis.duplicate(), { throwOnErrors: true, throwOnConnectError: false });
  const keyv = new Keyv({ store, namespace: 'cl:results', throwOnErrors: true });
  keyv.on('error', (err) => logger.debug({ err }, 'redis cache error'));
  return createKeyvCache(keyv);
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
  print(`First start: created API key (shown once, store it now):\n\n  ${key}\n\nwith ${bootstrapCredits} free credits. Send it as the x-api-key header.`);
}
