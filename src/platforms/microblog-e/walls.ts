/**
 * Mastodon's own wall, recognised by the upstream client on every answer (src/upstream/blocks),
 * on whatever server the caller named: a 401 from `/api/v1/…` or `/api/v2/…` (the account
 * search) with Mastodon's JSON error body (`{"error": "This API requires an authenticated user"}`
 * under `DISALLOW_UNAUTHENTICATED_API_ACCESS`, or the v4.2+ timeline-access settings; whatever
 * the message says) — a login wall. So is a 422 saying `This method requires an authenticated
 * user`: Mastodon's `Api::BaseController#require_user!` renders that status for a caller without a
 * user, and its timelines (a tag's included) call it when the server keeps them from logged-out
 * readers (`Setting.timeline_preview` off; 4.3+ its live and topic feed-access settings). Any
 * other 422 is the server failing the request, not a wall. Cloudflare and other vendors in front
 * of an instance are the catalogue's vendor pages.
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';

/** The message of Mastodon's `require_user!` (422) for a caller without a user. */
const REQUIRES_USER = /requires an authenticated user/i;

export const mastodonLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall (the server requires a logged-in user for its API)',
  login: true,
  test(a) {
    if ((a.status !== 401 && a.status !== 422) || a.isMarkup) return false;
    try {
      if (!/^\/api\/v[12]\//.test(new URL(a.url).pathname)) return false;
    } catch {
      return false;
    }
    const error = (a.json() as { error?: unknown } | undefined)?.error;
    if (typeof error !== 'string') return false;
    return a.status === 401 || REQUIRES_USER.test(error);
  },
};

export const walls: readonly WallRule[] = [mastodonLogin];
