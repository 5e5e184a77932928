/**
 * What every resolver sees. `deps` are the process-wide services; the rest is per request.
 */
import type DataLoader from 'dataloader';
import type { ResultCache } from '../cache/cache.js';
import type { SingleFlight } from '../cache/single-flight.js';
import type { Config } from '../config.js';
import type { AuthenticatedKey, Ledger } from '../credits/ledger.js';
import type { Logger } from '../log.js';
import type { Upstream } from '../upstream/client.js';
import type { Plan } from './plan.js';

export interface Deps {
  config: Config;
  ledger: Ledger;
  cache: ResultCache;
  upstream: Upstream;
  singleFlight: SingleFlight;
  logger: Logger;
}

export interface GatewayContext {
  deps: Deps;
  /** The x-api-key header as sent (never logged). */
  apiKey: string | null;
  /** Set when the caller was already authenticated (REST checks the key before the input). */
  key?: AuthenticatedKey;
  /** The pre-execution plan of this operation's root fields (set by executeWithCredits). */
  plan?: Plan;
  /** Per-request loader: duplicate root fields and aliases resolve to one live fetch. */
  loader?: DataLoader<string, unknown>;
  signal?: AbortSignal;
  /** `http(s)://host` the client used, for absolute URLs of media this gateway serves. */
  requestBaseUrl?: string | null;
}
