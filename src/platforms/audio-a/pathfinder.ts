/**
 * The public web-player requests of audio-a (Spotify), in one place: the embed pages (the track,
 * album, artist and episode records; any one of them carries the anonymous token), and pathfinder's
 * persisted queries with their sha256 hashes.
 *
 * Spotify rotates persisted-query hashes when it redeploys the web player; pathfinder then
 * answers `PersistedQueryNotFound` (UPSTREAM_FAILED, see parse.ts). A current hash can be set
 * without a code change through the environment variable named beside each query below.
 */
import { upstreamFailed } from '../../errors.js';

export const PATHFINDER_URL = 'https://api-partner.spotify.com/pathfinder/v1/query';

/** The kinds of entity read from their own embed page. */
export type EmbedKind = 'track' | 'album' | 'artist' | 'episode';

/** `GET https://open.spotify.com/embed/<kind>/<id>`: public, no token. */
export function embedUrl(kind: EmbedKind, id: string): string {
  return `https://open.spotify.com/embed/${kind}/${encodeURIComponent(id)}`;
}

/**
 * Any public embed page yields an anonymous token in its `__NEXT_DATA__`; a small track page is
 * the cheapest (the one ../shared/fixtures/audio-a/embed-track-scorpions-blackout.html captures).
 */
const DEFAULT_TOKEN_PAGE_URL = 'https://open.spotify.com/embed/track/15RpfmFhrE5RRkf4vZ6kZu';

export interface PersistedQuery {
  operationName: string;
  /** The hash the web player used when the captures were made (2026-06). */
  sha256Hash: string;
  /** Environment variable that overrides `sha256Hash`. */
  env: string;
}

export const QUERIES = {
  show: {
    operationName: 'queryShowMetadataV2',
    sha256Hash: 'aaad798a17a43c0f443c45d630a83df39d2ca1062a090c2e4fb045d6b00ab360',
    env: 'AUDIO_A_SHOW_QUERY_HASH',
  },
  playlist: {
    operationName: 'fetchPlaylist',
    sha256Hash: 'a65e12194ed5fc443a1cdebed5fabe33ca5b07b987185d63c72483867ad13cb4',
    env: 'AUDIO_A_PLAYLIST_QUERY_HASH',
  },
} satisfies Record<string, PersistedQuery>;

/** Items per `fetchPlaylist` page (the web player asks for 25 at first; 100 is accepted). */
export const PLAYLIST_PAGE_SIZE = 100;

const SHA256_RE = /^[0-9a-f]{64}$/i;

/** The hash to send: the environment's override when set, else the built-in one. */
export function currentHash(q: PersistedQuery, env: NodeJS.ProcessEnv = process.env): string {
  const override = env[q.env]?.trim();
  if (!override) return q.sha256Hash;
  // A misspelt override must not be silently replaced by the (possibly stale) default.
  if (!SHA256_RE.test(override)) throw upstreamFailed(`audio-a: ${q.env} is not a sha256 hex digest`);
  return override.toLowerCase();
}

export function tokenPageUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.AUDIO_A_TOKEN_PAGE_URL?.trim() || DEFAULT_TOKEN_PAGE_URL;
}

/** `GET /pathfinder/v1/query?operationName=…&variables=…&extensions=…` */
export function pathfinderUrl(q: PersistedQuery, variables: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): string {
  const params = new URLSearchParams({
    operationName: q.operationName,
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: currentHash(q, env) } }),
  });
  return `${PATHFINDER_URL}?${params}`;
}
