/**
 * Opens the process-wide services from configuration (embedded defaults: SQLite under
 * DATA_DIR, in-process single-flight) and closes them again.
 */
import { createSqliteCache } from './cache/cache.js';
import { createLocalSingleFlight } from './cache/single-flight.js';
import type { Config } from './config.js';
import { createSqliteLedger } from './credits/sqlite-ledger.js';
import type { Deps } from './graphql/context.js';
import { createLogger } from './log.js';
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
  const deps: Deps = {
    config,
    logger,
    ledger: overrides.ledger ?? createSqliteLedger(db),
    cache: overrides.cache ?? createSqliteCache(db, config.cacheMaxEntries),
    upstream,
    singleFlight: overrides.singleFlight ?? createLocalSingleFlight(),
  };
  return {
    ...deps,
    async close() {
      await upstream.close().catch(() => undefined);
      await deps.cache.close().catch(() => undefined);
      await deps.ledger.close();
      db.close();
    },
  };
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
    await deps.ledger.createKey({ name: 'bootstrap', credits: bootstrapCredits, rawKey: bootstrapApiKey });
    print(`Created the API key from BOOTSTRAP_API_KEY with ${bootstrapCredits} credits.`);
    return;
  }
  if ((await deps.ledger.countKeys()) > 0) return;
  const { key } = await deps.ledger.createKey({ name: 'bootstrap', credits: bootstrapCredits });
  print(`First start: created API key (shown once, store it now):\n\n  ${key}\n\nwith ${bootstrapCredits} free credits. Send it as the x-api-key header.`);
}
