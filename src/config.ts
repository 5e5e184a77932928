/**
 * All configuration comes from the environment, with embedded defaults that need no other
 * server: SQLite under DATA_DIR for keys, ledger and cache. REDIS_URL moves ledger, cache and
 * single-flight to Redis, shared by several instances (docs/scaling.md).
 */
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** When set, every upstream request goes to this origin instead (replay contract). */
  upstreamReplayUrl: string | null;
  bootstrapApiKey: string | null;
  bootstrapCredits: number;
  maxRootFields: number;
  maxDepth: number;
  /** Serve plain POST JSON GraphQL requests without yoga's Fetch round trip (same responses). */
  graphqlFastPath: boolean;
  /** Maximum number of cache entries kept by the embedded cache (oldest written evicted first). */
  cacheMaxEntries: number;
  /** REDIS_URL: ledger, cache and single-flight on this Redis instead of the embedded store. */
  redisUrl: string | null;
  /** With Redis: an unsettled reservation older than this was left by a crashed instance and is refunded. */
  reservationTtlMs: number;
  upstream: UpstreamConfig;
  githubToken: string | null;
  logLevel: string;
}

export interface UpstreamConfig {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** Overall deadline for one upstream request including retries. */
  totalTimeoutMs: number;
  maxBodyBytes: number;
  maxRedirects: number;
  retries: number;
  perHostConcurrency: number;
  userAgent: string;
}

function int(env: NodeJS.ProcessEnv, name: string, def: number, min = 0): number {
  const v = env[name];
  if (v === undefined || v === '') return def;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}, got ${JSON.stringify(v)}`);
  return n;
}

export const DEFAULT_USER_AGENT =
  'CreatorLookup/0.1 (+self-hosted gateway for public creator data; reads public pages only)';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const replay = env.UPSTREAM_REPLAY_URL?.trim() || null;
  if (replay) {
    const u = new URL(replay); // throws on garbage: better at start-up than on first request
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('UPSTREAM_REPLAY_URL must be http(s)');
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl) {
    const u = new URL(redisUrl);
    if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error('REDIS_URL must be redis:// or rediss://');
  }
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    upstreamReplayUrl: replay,
    bootstrapApiKey: env.BOOTSTRAP_API_KEY || null,
    bootstrapCredits: int(env, 'BOOTSTRAP_CREDITS', 1000),
    maxRootFields: int(env, 'MAX_ROOT_FIELDS', 25, 1),
    maxDepth: int(env, 'MAX_DEPTH', 12, 1),
    graphqlFastPath: env.GRAPHQL_FAST_PATH !== '0',
    cacheMaxEntries: int(env, 'CACHE_MAX_ENTRIES', 100_000, 1),
    redisUrl,
    reservationTtlMs: int(env, 'RESERVATION_TTL_MS', 5 * 60_000, 1_000),
    upstream: {
      connectTimeoutMs: int(env, 'UPSTREAM_CONNECT_TIMEOUT_MS', 5_000, 1),
      headersTimeoutMs: int(env, 'UPSTREAM_HEADERS_TIMEOUT_MS', 10_000, 1),
      bodyTimeoutMs: int(env, 'UPSTREAM_BODY_TIMEOUT_MS', 10_000, 1),
      totalTimeoutMs: int(env, 'UPSTREAM_TOTAL_TIMEOUT_MS', 20_000, 1),
      maxBodyBytes: int(env, 'UPSTREAM_MAX_BODY_BYTES', 8 * 1024 * 1024, 1),
      maxRedirects: 5,
      retries: int(env, 'UPSTREAM_RETRIES', 2),
      perHostConcurrency: int(env, 'UPSTREAM_PER_HOST_CONCURRENCY', 8),
      userAgent: env.UPSTREAM_USER_AGENT || DEFAULT_USER_AGENT,
    },
    githubToken: env.GITHUB_TOKEN || null,
    logLevel: env.LOG_LEVEL || 'info',
  };
}
