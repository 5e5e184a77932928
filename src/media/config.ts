/**
 * Media settings, read from the environment (see src/media/README.md):
 *
 *   MEDIA_MAX_BYTES    largest file downloaded and stored (default 50 MiB)
 *   MEDIA_TIMEOUT_MS   deadline for one media download (default 60 s; videos are larger than pages)
 *   MEDIA_CONCURRENCY  files downloaded at once by this process, all requests together (default 4;
 *                      each is in memory whole until stored: see slots.ts)
 *   PUBLIC_BASE_URL    absolute origin clients reach this gateway at (https://api.example.com);
 *                      when unset, media URLs are made absolute from the request (see public-url.ts)
 *
 * Read on use (memoised on the raw values), so a changed environment — tests — takes effect.
 */
export interface MediaConfig {
  maxBytes: number;
  timeoutMs: number;
  concurrency: number;
  publicBaseUrl: string | null;
}

export const DEFAULT_MEDIA_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MEDIA_TIMEOUT_MS = 60_000;
/** One request's files at once (microblog-a downloads up to 4 in parallel). */
export const DEFAULT_MEDIA_CONCURRENCY = 4;

let memo: { raw: string; config: MediaConfig } | null = null;

export function mediaConfig(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  const raw = `${env.MEDIA_MAX_BYTES ?? ''}\u0000${env.MEDIA_TIMEOUT_MS ?? ''}\u0000${env.MEDIA_CONCURRENCY ?? ''}\u0000${env.PUBLIC_BASE_URL ?? ''}`;
  if (memo?.raw === raw) return memo.config;
  const config: MediaConfig = {
    maxBytes: positiveInt(env, 'MEDIA_MAX_BYTES', DEFAULT_MEDIA_MAX_BYTES),
    timeoutMs: positiveInt(env, 'MEDIA_TIMEOUT_MS', DEFAULT_MEDIA_TIMEOUT_MS),
    concurrency: positiveInt(env, 'MEDIA_CONCURRENCY', DEFAULT_MEDIA_CONCURRENCY),
    publicBaseUrl: parsePublicBaseUrl(env.PUBLIC_BASE_URL),
  };
  memo = { raw, config };
  return config;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, def: number): number {
  const v = env[name];
  if (v === undefined || v === '') return def;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(v)}`);
  return n;
}

/** `https://host[:port][/prefix]` without a trailing slash; a misconfiguration fails loudly. */
export function parsePublicBaseUrl(v: string | undefined): string | null {
  if (v === undefined || v.trim() === '') return null;
  let u: URL;
  try {
    u = new URL(v.trim());
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an absolute http(s) URL, got ${JSON.stringify(v)}`);
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash || u.username || u.password) {
    throw new Error(`PUBLIC_BASE_URL must be an http(s) origin with an optional path, got ${JSON.stringify(v)}`);
  }
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}
