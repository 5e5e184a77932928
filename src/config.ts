/**
 * All configuration comes from the environment, with embedded defaults that need no other
 * server: SQLite under DATA_DIR for keys, ledger and cache. REDIS_URL moves ledger, cache and
 * single-flight to Redis, shared by several instances (docs/scaling.md).
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LogFormat } from './log.js';
import { mediaConfig } from './media/config.js';
import { parseSecretsKey } from './store/secrets.js';

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
  /** Aliases per GraphQL operation (fragments expanded), MAX_ALIASES. */
  maxAliases: number;
  /** Lexical tokens per GraphQL document, MAX_TOKENS. */
  maxTokens: number;
  /** Characters of a GraphQL query text, MAX_QUERY_LENGTH. */
  maxQueryLength: number;
  /** Field selections per GraphQL operation after fragment expansion, MAX_SELECTIONS. */
  maxSelections: number;
  /** Fragment spreads written in one GraphQL document (every definition's, used or not), MAX_FRAGMENT_SPREADS. */
  maxFragmentSpreads: number;
  /**
   * INTROSPECTION_CPU_MS: event-loop milliseconds per second that computing introspection answers
   * not remembered yet may take (src/graphql/introspection-budget.ts); 0 = no limit.
   */
  introspectionCpuMs: number;
  /**
   * CORS_ORIGINS: browser origins allowed to call /graphql and /v1 ('*' — the default — any
   * origin; never with credentials: keys travel in a header, not in cookies).
   */
  corsOrigins: '*' | string[];
  /** Serve plain POST JSON GraphQL requests without yoga's Fetch round trip (same responses). */
  graphqlFastPath: boolean;
  /** Maximum number of cache entries kept by the embedded cache (oldest written evicted first). */
  cacheMaxEntries: number;
  /** Bytes of JSON the in-process cache front may hold (CACHE_MEMORY_MB). */
  cacheMemoryBytes: number;
  /** REDIS_URL: ledger, cache and single-flight on this Redis instead of the embedded store. */
  redisUrl: string | null;
  /**
   * SECRETS_KEY (32 bytes): the key stored secrets (jobs' webhook secrets) are sealed with
   * (src/store/secrets.ts). Required with REDIS_URL; without it the embedded store uses
   * DATA_DIR/secret.key. Never logged.
   */
  secretsKey: Buffer | null;
  /** With Redis: an unsettled reservation older than this was left by a crashed instance and is refunded. */
  reservationTtlMs: number;
  /** TRANSACTIONS_RETENTION_DAYS: a key's transaction row is kept this long after it last changed (default 400). */
  transactionsKeepMs: number;
  /** With Redis: how long one store call may take before it is a 503 (REDIS_COMMAND_TIMEOUT_MS). */
  redisCommandTimeoutMs: number;
  upstream: UpstreamConfig;
  githubToken: string | null;
  /** TUMBLR_API_KEY: the operator's registered Tumblr app key (no user login); without it blog operations are NOT_CONFIGURED. */
  tumblrApiKey: string | null;
  /** REDDIT_CLIENT_ID + REDDIT_CLIENT_SECRET (both or neither): forum's app-only OAuth (src/platforms/forum/api.ts). */
  redditApp: { clientId: string; clientSecret: string } | null;
  logLevel: string;
  /** LOG_FORMAT: json (default), or pretty (readable lines; the default when stdout is a terminal). */
  logFormat: LogFormat;
  /**
   * Retired settings (RETIRED_SETTINGS) this environment still sets: they change nothing, and
   * start-up says so in one warning line. Accepted for one release, then they will be unknown.
   */
  ignoredSettings: string[];
  /** Default rate limit of every API key (a key's own override wins); rps 0: no limit. */
  rateLimit: RateLimit;
  /** SIGTERM: how long in-flight requests may finish before they are cancelled. */
  shutdownGraceMs: number;
  /**
   * OPERATION_DEADLINE_MS: how long one live fetch of an operation may take, all its upstream
   * requests together (src/pipeline/live-fetch.ts); past it, 504 UPSTREAM_TIMEOUT at 0 credits
   * (or a partial read when only an optional request was cut).
   */
  operationDeadlineMs: number;
  /**
   * BODY_IDLE_MS (default 10 s): a request body (a job upload, a monitor's, GraphQL's, MCP's) from
   * which no byte arrives for this long is answered 408 REQUEST_TIMEOUT and its connection closed.
   */
  bodyIdleMs: number;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** Platform health view (GET /v1/status, GraphQL platformStatus): sliding window over live fetches. */
  healthWindowMs: number;
  /** Periodic canary checks (off when empty): platform label → public URL or /v1 path with query. */
  canaries: CanarySpec[];
  canaryIntervalMs: number;
  /**
   * GRAPHIQL_DEFAULTS (JSON), set by `npm run demo`: GraphiQL options over the defaults — the
   * demo key in `headers`, saved example operations in `defaultTabs`. Null: the defaults.
   */
  graphiql: GraphiqlDefaults | null;
  /** Bulk lookups (src/jobs/): limits of POST /v1/jobs and the embedded worker pool. */
  jobs: JobsConfig;
  /** Monitors (src/monitors/, docs/monitors.md): per-key limits, history, runs at once. */
  monitors: MonitorsConfig;
}

export interface MonitorsConfig {
  /** MONITORS_MAX_PER_KEY: monitors a key may have (default 100); more is 429. */
  maxPerKey: number;
  /**
   * MONITORS_MIN_INTERVAL (seconds; default 3600): the shortest `every` a monitor may have. Below
   * an hour (tests and bench only) `every` also takes any `<n>s|m|h|d` at least this long.
   */
  minIntervalMs: number;
  /** MONITORS_RETENTION_DAYS: snapshots and changes are kept this long (default 400). */
  retentionMs: number;
  /** MONITORS_KEY_QUOTA_MB: history (snapshots, changes) and last values a key's monitors may hold together; the oldest history goes first beyond (default 64 MiB). */
  keyQuotaBytes: number;
  /** MONITORS_FAILING_AFTER: consecutive NOT_FOUND runs after which a monitor is stopped_failing (default 3). */
  failingAfter: number;
  /** MONITORS_CONCURRENCY: runs this instance makes at once (default 4; fewer while the event loop is busy). */
  concurrency: number;
}

export interface JobsConfig {
  /** JOBS_MAX_ITEMS: items per job (default 100,000). */
  maxItems: number;
  /** JOBS_MAX_BODY_MB: a CSV or NDJSON upload to POST /v1/jobs and /v1/jobs/estimate (default 32 MiB; GraphQL keeps its 1 MiB). */
  maxBodyBytes: number;
  /** JOBS_MAX_JSON_BODY_MB: a JSON body of those routes, parsed in one JSON.parse (default 16 MiB). */
  maxJsonBodyBytes: number;
  /**
   * JOBS_BODIES_AT_ONCE (default 2) and JOBS_BODIES_PER_KEY (default 1): job request bodies this
   * instance reads and validates at once, in all and per key; more is 429 with Retry-After. A
   * 100,000-item body takes ~100 MB while it is read: this bounds the heap whatever clients send.
   */
  bodiesAtOnce: number;
  bodiesPerKey: number;
  /**
   * JOBS_BODY_HOLD_MS (default 30 s): a job body still arriving after this long gives its place up
   * to another key's body that finds every place taken (408 REQUEST_TIMEOUT for it); uncontended it
   * reads on. Two keys sending just above the minimum rate held both places for half an hour.
   */
  bodyHoldMs: number;
  /** JOBS_MAX_RUNNING_PER_KEY: unfinished (queued or running) jobs per key; more is 429 (default 3). */
  maxRunningPerKey: number;
  /** JOBS_CONCURRENCY: items run at once by this instance, all jobs together (default 8). */
  concurrency: number;
  /** JOBS_CONCURRENCY_PER_JOB: items of one job run at once (default 4). */
  concurrencyPerJob: number;
  /**
   * JOBS_MAX_STREAMS_PER_KEY: progress streams (GET /v1/jobs/{id}/events, GraphQL
   * lookupJobProgress) a key may hold open at once on this instance; more is 429 (default 20).
   */
  maxStreamsPerKey: number;
  /** JOBS_RETENTION_DAYS: a finished job and its results are kept this long (default 7). */
  retentionMs: number;
  /** JOBS_KEY_QUOTA_MB: stored inputs and results per key; a new job is refused (413 PAYLOAD_TOO_LARGE) once over (default 512 MiB). */
  keyQuotaBytes: number;
  /** JOBS_WEBHOOK_ATTEMPTS: deliveries tried per webhook event (default 6). */
  webhookAttempts: number;
  /** JOBS_WEBHOOK_BACKOFF_MS: wait before the first retry, doubled after each (default 2 s). */
  webhookBackoffMs: number;
}

export interface GraphiqlDefaults {
  headers?: string;
  defaultQuery?: string;
  defaultTabs?: { query: string; variables?: string; headers?: string }[];
}

function graphiqlDefaults(raw: string | undefined): GraphiqlDefaults | null {
  if (!raw?.trim()) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw); // garbage fails at start-up, not on the first page view
  } catch {
    throw new Error('GRAPHIQL_DEFAULTS must be a JSON object (set by `npm run demo`)');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('GRAPHIQL_DEFAULTS must be a JSON object');
  const { headers, defaultQuery, defaultTabs } = v as Record<string, unknown>;
  return {
    ...(typeof headers === 'string' ? { headers } : {}),
    ...(typeof defaultQuery === 'string' ? { defaultQuery } : {}),
    ...(Array.isArray(defaultTabs) ? { defaultTabs: defaultTabs.filter((t) => typeof t?.query === 'string') } : {}),
  };
}

/**
 * Keys are stored as a fast hash (DECISIONS.md), which is only safe for high-entropy keys: an
 * operator-chosen key must be at least as long as a generated one's secret part.
 */
export const MIN_BOOTSTRAP_KEY_LENGTH = 32;
function bootstrapKeyOf(v: string | undefined): string | null {
  if (!v) return null;
  if (v.length < MIN_BOOTSTRAP_KEY_LENGTH)
    throw new Error(
      `BOOTSTRAP_API_KEY must be at least ${MIN_BOOTSTRAP_KEY_LENGTH} characters (it is stored as a fast hash, so it must be a random secret)`,
    );
  return v;
}

function corsOriginsOf(v: string | undefined): '*' | string[] {
  const list = (v ?? '*')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0 || list.includes('*')) return '*';
  for (const o of list) {
    let u: URL;
    try {
      u = new URL(o);
    } catch {
      throw new Error(`CORS_ORIGINS: ${o} is not an origin (scheme://host[:port])`);
    }
    if (u.origin !== o.replace(/\/$/, '')) throw new Error(`CORS_ORIGINS: ${o} is not an origin (scheme://host[:port], no path)`);
  }
  return list.map((o) => o.replace(/\/$/, ''));
}

/** Requests per second with a burst (token bucket). rps 0 means unlimited. */
export interface RateLimit {
  rps: number;
  burst: number;
}

export interface CanarySpec {
  /** Platform label (src/platforms/registry.ts). */
  label: string;
  /** An absolute public URL, or a /v1 route path with its query string. */
  target: string;
}

/** Upstream proxies (never used in replay mode). */
export interface ProxyConfig {
  /** HTTP_PROXY / http_proxy: for http:// targets (and https:// when no HTTPS proxy is set). */
  httpProxy: string | null;
  /** HTTPS_PROXY / https_proxy: for https:// targets. */
  httpsProxy: string | null;
  /** NO_PROXY / no_proxy: names, IP literals and CIDR ranges, as curl reads it (upstream/proxy.ts). */
  noProxy: string;
  /** UPSTREAM_PROXIES: rotated per upstream host; takes precedence over HTTP(S)_PROXY. */
  rotate: string[];
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
  /** Requests per second sent to one upstream host (token bucket with `perHostBurst`); 0 or absent: no rate limit. */
  perHostRps?: number;
  perHostBurst?: number;
  /**
   * Longest host-level cool-down after an upstream 429 (or 503 with Retry-After): later requests
   * to that host wait it out (or fail at once when it outlasts their deadline). 0 or absent: none.
   */
  cooldownMaxMs?: number;
  proxy?: ProxyConfig;
  /**
   * UPSTREAM_CA_FILE: extra CA certificates (PEM) trusted for upstream TLS — direct, tunnelled
   * through a proxy, and to an https:// proxy — beside Node's bundled roots (e.g. the CA of a
   * TLS-inspecting corporate proxy).
   */
  extraCaCerts?: string[];
  /**
   * DEMO_COVERAGE, set by `npm run demo` only: what the demo's data covers. With it, a replay
   * miss (`x-replay-miss`) is reported as "the demo has no data for this" with this text, never
   * as the platform's answer (a 404 would read as NOT_FOUND). Other replay servers' 404s are
   * left to the platforms.
   */
  demoCoverage?: string;
}

/**
 * OPERATION_DEADLINE_MS by default: 30 s. One upstream request may take UPSTREAM_TOTAL_TIMEOUT_MS
 * (20 s, its retries included), so an operation of a single request keeps its own timeout, and one
 * of several (a token, a lookup, the record, an optional part) gets 10 s more for its other
 * steps — not their sum (linkpage-d's five requests could take 100 s). 30 s is also about what
 * clients and proxies in front of an API wait (a creator lookup's own deadline is 25 s, with a
 * 1 s grace), and what the Redis single-flight's waiters wait for another instance's fetch.
 */
export const DEFAULT_OPERATION_DEADLINE_MS = 30_000;
/** The longest timer Node keeps (a longer one fires at once): the most OPERATION_DEADLINE_MS may be. */
const MAX_TIMER_MS = 2_147_483_647;

/** REDIS_COMMAND_TIMEOUT_MS by default: a stuck Redis is a 503 well within 3 s (store/redis.ts). */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1_500;

function int(env: NodeJS.ProcessEnv, name: string, def: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const v = env[name];
  if (v === undefined || v === '') return def;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(
      `${name} must be an integer ${max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`}, got ${JSON.stringify(v)}`,
    );
  }
  return n;
}

function num(env: NodeJS.ProcessEnv, name: string, def: number, min = 0): number {
  const v = env[name];
  if (v === undefined || v === '') return def;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number ≥ ${min}, got ${JSON.stringify(v)}`);
  return n;
}

/** TRANSACTIONS_RETENTION_DAYS in ms (also read by the `keys` command, which writes grants). */
export function transactionsKeepMsOf(env: NodeJS.ProcessEnv): number {
  return num(env, 'TRANSACTIONS_RETENTION_DAYS', 400, 1) * 24 * 3_600_000;
}

/** A burst for a rate: at least one request, at least a second's worth by default. */
export function defaultBurst(rps: number): number {
  return Math.max(1, Math.ceil(rps));
}

function proxyUrl(name: string, v: string | undefined): string | null {
  const s = v?.trim();
  if (!s) return null;
  let u: URL;
  try {
    u = new URL(s.includes('://') ? s : `http://${s}`);
  } catch {
    throw new Error(`${name} is not a valid proxy URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`${name} must be an http:// or https:// proxy`);
  return u.href;
}

/** HTTP(S)_PROXY / NO_PROXY as the ecosystem reads them (lower case first, like curl and undici). */
export function loadProxyConfig(env: NodeJS.ProcessEnv): ProxyConfig {
  const pick = (lower: string, upper: string) =>
    (env[lower] !== undefined ? [lower, env[lower]] : [upper, env[upper]]) as [string, string | undefined];
  const [httpName, httpV] = pick('http_proxy', 'HTTP_PROXY');
  const [httpsName, httpsV] = pick('https_proxy', 'HTTPS_PROXY');
  const [, noProxy] = pick('no_proxy', 'NO_PROXY');
  const rotate = (env.UPSTREAM_PROXIES ?? '')
    .split(',')
    .map((p, i) => proxyUrl(`UPSTREAM_PROXIES[${i}]`, p))
    .filter((p): p is string => p !== null);
  return { httpProxy: proxyUrl(httpName, httpV), httpsProxy: proxyUrl(httpsName, httpsV), noProxy: noProxy ?? '', rotate };
}

/** The PEM certificates of UPSTREAM_CA_FILE; a missing, unreadable or certificate-less file stops start-up. */
export function loadCaFile(value: string | undefined): string[] | undefined {
  const path = value?.trim();
  if (!path) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`UPSTREAM_CA_FILE: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const certs = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (!certs.length) throw new Error(`UPSTREAM_CA_FILE: ${path} holds no PEM certificate`);
  certs.forEach((pem, i) => {
    try {
      new X509Certificate(pem);
    } catch {
      throw new Error(`UPSTREAM_CA_FILE: certificate ${i + 1} in ${path} is not valid`);
    }
  });
  return certs;
}

/** CANARIES=label=url,label=/v1/path?query (commas inside a URL must be percent-encoded). */
export function parseCanaries(raw: string | undefined): CanarySpec[] {
  const out: CanarySpec[] = [];
  for (const part of (raw ?? '').split(',')) {
    const item = part.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    const label = eq > 0 ? item.slice(0, eq).trim() : '';
    const target = eq > 0 ? item.slice(eq + 1).trim() : '';
    if (!label || !target) throw new Error(`CANARIES: ${JSON.stringify(item)} is not label=url`);
    if (!target.startsWith('/v1/')) {
      let u: URL;
      try {
        u = new URL(target);
      } catch {
        throw new Error(`CANARIES: ${JSON.stringify(target)} is neither a URL nor a /v1 path`);
      }
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`CANARIES: ${JSON.stringify(target)} must be http(s)`);
    }
    out.push({ label, target });
  }
  return out;
}

/** REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET: both, or neither (one alone is a mistake worth stopping for). */
function redditAppOf(env: NodeJS.ProcessEnv): Config['redditApp'] {
  const clientId = env.REDDIT_CLIENT_ID?.trim() || null;
  const clientSecret = env.REDDIT_CLIENT_SECRET?.trim() || null;
  if (!clientId !== !clientSecret) throw new Error('REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET must be set together (or neither)');
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/**
 * REDIS_URL as node-redis reads it (RedisClient.parseURL), checked here so that a bad value stops
 * start-up with a message naming the setting, not the client's `TypeError: Invalid pathname`.
 * Messages never repeat the value: it may hold a password.
 */
export function checkRedisUrl(raw: string): void {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error('REDIS_URL is not a valid URL (redis://[user:password@]host:port[/db])');
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error('REDIS_URL must be redis:// or rediss://');
  if (!u.hostname) throw new Error('REDIS_URL names no host (redis://[user:password@]host:port[/db])');
  if (u.pathname.length > 1 && !/^\/\d+$/.test(u.pathname))
    throw new Error('REDIS_URL: the path must be a database number (redis://host:port/0), or nothing');
  for (const part of [u.username, u.password]) {
    try {
      decodeURIComponent(part);
    } catch {
      throw new Error('REDIS_URL: the user or password holds a malformed %-escape');
    }
  }
}

/** REDIS_URL without its user and password, for messages and logs. */
export function redisLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'REDIS_URL';
  }
}

export const DEFAULT_USER_AGENT = 'CreatorLookup/0.1 (+self-hosted gateway for public creator data; reads public pages only)';

/** A configuration value that cannot start the server: reported as one line, not a stack trace. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];

export function parseLogFormat(raw: string | undefined, stdoutIsTTY: boolean): LogFormat {
  const v = raw?.trim().toLowerCase();
  if (!v) return stdoutIsTTY ? 'pretty' : 'json';
  if (!(LOG_FORMATS as readonly string[]).includes(v))
    throw new ConfigError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got ${JSON.stringify(raw)}`);
  return v as LogFormat;
}

/**
 * Settings that lost their meaning, and why: accepted (whatever their value) and ignored for one
 * release, with a warning line at start (src/server.ts); docs/configuration.md "Retired settings".
 */
export const RETIRED_SETTINGS: Readonly<Record<string, string>> = {
  WARM_UP: 'there is no start-up warm-up any more: the gateway listens as soon as its stores are open',
  JOBS_CPU_PRESSURE_MAX: 'job items are paced by the event loop alone (src/jobs/pace.ts)',
  JOBS_CPU_PRESSURE_MAX_SERVING: 'job items are paced by the event loop alone (src/jobs/pace.ts)',
};

/** The retired settings `env` sets (to anything but the empty string), in RETIRED_SETTINGS' order. */
export function retiredSettingsIn(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(RETIRED_SETTINGS).filter((name) => (env[name] ?? '') !== '');
}

export interface LoadOptions {
  /** Whether stdout is a terminal (LOG_FORMAT's default); process.stdout's by default. */
  stdoutIsTTY?: boolean;
}

/**
 * What a setting given works with but loses, for a warning at start (src/server.ts); null when
 * nothing. With Redis, an instance refunds every reservation older than RESERVATION_TTL_MS as a
 * crashed instance's: one shorter than twice OPERATION_DEADLINE_MS may be refunded while its
 * request still runs — its answer then says it was charged and the balance was not (a job's item
 * is run again).
 */
export function reservationTtlWarning(config: Pick<Config, 'redisUrl' | 'reservationTtlMs' | 'operationDeadlineMs'>): string | null {
  if (!config.redisUrl || config.reservationTtlMs >= 2 * config.operationDeadlineMs) return null;
  return `RESERVATION_TTL_MS (${config.reservationTtlMs} ms) is shorter than twice OPERATION_DEADLINE_MS (${config.operationDeadlineMs} ms): a request still running may have its reservation refunded by another instance, and go uncharged though its answer says it was charged`;
}

/** The configuration from `env`; a value that cannot be used throws a ConfigError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: LoadOptions = {}): Config {
  try {
    return readConfig(env, opts.stdoutIsTTY ?? Boolean(process.stdout.isTTY));
  } catch (e) {
    throw e instanceof ConfigError ? e : new ConfigError((e as Error).message);
  }
}

function readConfig(env: NodeJS.ProcessEnv, stdoutIsTTY: boolean): Config {
  const replay = env.UPSTREAM_REPLAY_URL?.trim() || null;
  if (replay) {
    // Garbage stops start-up: better than failing on the first request.
    if (!URL.canParse(replay)) throw new Error('UPSTREAM_REPLAY_URL is not a valid URL');
    const u = new URL(replay);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('UPSTREAM_REPLAY_URL must be http(s)');
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl) checkRedisUrl(redisUrl);
  const secretsKey = env.SECRETS_KEY?.trim() ? parseSecretsKey(env.SECRETS_KEY) : null;
  if (redisUrl && !secretsKey) {
    throw new Error(
      'SECRETS_KEY is required with REDIS_URL: every instance seals and opens webhook secrets with it (32 bytes, the same on every instance, e.g. `openssl rand -base64 32`)',
    );
  }
  // MEDIA_* and PUBLIC_BASE_URL are read where media are downloaded (src/media/config.ts); checked
  // here too, so that a bad value stops the start instead of failing each download_media request.
  mediaConfig(env);
  const keyRps = num(env, 'RATE_LIMIT_RPS', 0);
  const hostRps = num(env, 'UPSTREAM_PER_HOST_RPS', 0);
  return {
    port: int(env, 'PORT', 8080, 0, 65_535),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    upstreamReplayUrl: replay,
    graphiql: graphiqlDefaults(env.GRAPHIQL_DEFAULTS),
    jobs: {
      maxItems: int(env, 'JOBS_MAX_ITEMS', 100_000, 1),
      maxBodyBytes: int(env, 'JOBS_MAX_BODY_MB', 32, 1, 1024) * 1024 * 1024,
      maxJsonBodyBytes: int(env, 'JOBS_MAX_JSON_BODY_MB', 16, 1, 1024) * 1024 * 1024,
      bodiesAtOnce: int(env, 'JOBS_BODIES_AT_ONCE', 2, 1, 1024),
      bodiesPerKey: int(env, 'JOBS_BODIES_PER_KEY', 1, 1, 1024),
      bodyHoldMs: int(env, 'JOBS_BODY_HOLD_MS', 30_000, 1),
      maxRunningPerKey: int(env, 'JOBS_MAX_RUNNING_PER_KEY', 3, 1),
      maxStreamsPerKey: int(env, 'JOBS_MAX_STREAMS_PER_KEY', 20, 1),
      concurrency: int(env, 'JOBS_CONCURRENCY', 8, 1, 1024),
      concurrencyPerJob: int(env, 'JOBS_CONCURRENCY_PER_JOB', 4, 1, 1024),
      retentionMs: num(env, 'JOBS_RETENTION_DAYS', 7, 0) * 24 * 3600 * 1000,
      keyQuotaBytes: int(env, 'JOBS_KEY_QUOTA_MB', 512, 1) * 1024 * 1024,
      webhookAttempts: int(env, 'JOBS_WEBHOOK_ATTEMPTS', 6, 1, 20),
      webhookBackoffMs: int(env, 'JOBS_WEBHOOK_BACKOFF_MS', 2_000, 1),
    },
    monitors: {
      maxPerKey: int(env, 'MONITORS_MAX_PER_KEY', 100, 0),
      minIntervalMs: int(env, 'MONITORS_MIN_INTERVAL', 3600, 1) * 1000,
      retentionMs: num(env, 'MONITORS_RETENTION_DAYS', 400, 0) * 24 * 3600 * 1000,
      keyQuotaBytes: int(env, 'MONITORS_KEY_QUOTA_MB', 64, 1) * 1024 * 1024,
      failingAfter: int(env, 'MONITORS_FAILING_AFTER', 3, 1, 1000),
      concurrency: int(env, 'MONITORS_CONCURRENCY', 4, 1, 1024),
    },
    bootstrapApiKey: bootstrapKeyOf(env.BOOTSTRAP_API_KEY),
    bootstrapCredits: int(env, 'BOOTSTRAP_CREDITS', 1000),
    maxRootFields: int(env, 'MAX_ROOT_FIELDS', 25, 1),
    maxDepth: int(env, 'MAX_DEPTH', 12, 1),
    maxAliases: int(env, 'MAX_ALIASES', 50, 0),
    maxTokens: int(env, 'MAX_TOKENS', 5_000, 100),
    maxQueryLength: int(env, 'MAX_QUERY_LENGTH', 64 * 1024, 256),
    maxSelections: int(env, 'MAX_SELECTIONS', 2_000, 10),
    maxFragmentSpreads: int(env, 'MAX_FRAGMENT_SPREADS', 100, 0),
    introspectionCpuMs: int(env, 'INTROSPECTION_CPU_MS', 20, 0, 1_000),
    corsOrigins: corsOriginsOf(env.CORS_ORIGINS),
    graphqlFastPath: env.GRAPHQL_FAST_PATH !== '0',
    cacheMaxEntries: int(env, 'CACHE_MAX_ENTRIES', 100_000, 1),
    cacheMemoryBytes: int(env, 'CACHE_MEMORY_MB', 32, 1) * 1024 * 1024,
    redisUrl,
    secretsKey,
    reservationTtlMs: int(env, 'RESERVATION_TTL_MS', 5 * 60_000, 1_000),
    transactionsKeepMs: transactionsKeepMsOf(env),
    redisCommandTimeoutMs: int(env, 'REDIS_COMMAND_TIMEOUT_MS', DEFAULT_REDIS_COMMAND_TIMEOUT_MS, 10),
    upstream: {
      connectTimeoutMs: int(env, 'UPSTREAM_CONNECT_TIMEOUT_MS', 5_000, 1),
      headersTimeoutMs: int(env, 'UPSTREAM_HEADERS_TIMEOUT_MS', 10_000, 1),
      bodyTimeoutMs: int(env, 'UPSTREAM_BODY_TIMEOUT_MS', 10_000, 1),
      totalTimeoutMs: int(env, 'UPSTREAM_TOTAL_TIMEOUT_MS', 20_000, 1),
      maxBodyBytes: int(env, 'UPSTREAM_MAX_BODY_BYTES', 8 * 1024 * 1024, 1),
      maxRedirects: 5,
      retries: int(env, 'UPSTREAM_RETRIES', 2),
      perHostConcurrency: int(env, 'UPSTREAM_PER_HOST_CONCURRENCY', 8),
      ...(replay && env.DEMO_COVERAGE?.trim() ? { demoCoverage: env.DEMO_COVERAGE.trim() } : {}),
      userAgent: env.UPSTREAM_USER_AGENT || DEFAULT_USER_AGENT,
      perHostRps: hostRps,
      perHostBurst: int(env, 'UPSTREAM_PER_HOST_BURST', defaultBurst(hostRps), 1),
      cooldownMaxMs: int(env, 'UPSTREAM_COOLDOWN_MAX_MS', 10 * 60_000),
      proxy: loadProxyConfig(env),
      extraCaCerts: loadCaFile(env.UPSTREAM_CA_FILE),
    },
    githubToken: env.GITHUB_TOKEN || null,
    tumblrApiKey: env.TUMBLR_API_KEY?.trim() || null,
    redditApp: redditAppOf(env),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: parseLogFormat(env.LOG_FORMAT, stdoutIsTTY),
    ignoredSettings: retiredSettingsIn(env),
    rateLimit: { rps: keyRps, burst: int(env, 'RATE_LIMIT_BURST', defaultBurst(keyRps), 1) },
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000),
    operationDeadlineMs: int(env, 'OPERATION_DEADLINE_MS', DEFAULT_OPERATION_DEADLINE_MS, 1, MAX_TIMER_MS),
    bodyIdleMs: int(env, 'BODY_IDLE_MS', 10_000, 1),
    metricsToken: env.METRICS_TOKEN || null,
    healthWindowMs: int(env, 'HEALTH_WINDOW_MS', 5 * 60_000, 1_000),
    canaries: parseCanaries(env.CANARIES),
    canaryIntervalMs: int(env, 'CANARY_INTERVAL_MS', 10 * 60_000, 1_000),
  };
}
