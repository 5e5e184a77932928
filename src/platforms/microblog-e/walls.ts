/**
 * Mastodon's own wall, recognised by the upstream client on every answer (src/upstream/blocks),
 * on whatever server the caller named: a 401 from `/api/v1/…` or `/api/v2/…` (the account
 * search) with Mastodon's JSON error body (`{"error": "This API requires an authenticated user"}`
 * under `DISALLOW_UNAUTHENTICATED_API_ACCESS`, or the v4.2+ timeline-access settings; whatever
 * the message says) — a login wall. Cloudflare and other vendors in front of an instance are the
 * catalogue's vendor pages.
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';

export const mastodonLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall (the server requires a logged-in user for its API)',
  login: true,
  test(a) {
    if (a.status !== 401 || a.isMarkup) return false;
    try {
      if (!/^\/api\/v[12]\//.test(new URL(a.url).pathname)) return false;
    } catch {
      return false;
    }
    return typeof (a.json() as { error?: unknown } | undefined)?.error === 'string';
  },
};

export const walls: readonly WallRule[] = [mastodonLogin];
