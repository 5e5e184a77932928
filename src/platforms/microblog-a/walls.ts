/**
 * Truth Social's walls, recognised by the upstream client on every answer (src/upstream/blocks),
 * by structure only. Truth Social is Mastodon's API behind Cloudflare: Cloudflare's challenge and
 * block pages are vendor pages of the catalogue (src/upstream/blocks/vendors.ts), never its titles
 * ("Just a moment...", "Attention Required!"); its own wall is the API's 401 — the endpoint wants
 * a logged-in user (`{"error": "This method requires an authenticated user"}`, whatever the
 * message says): a login wall. A 403 with Mastodon's JSON error is a private post or account (fetch.ts).
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';

const TRUTH = /(^|\.)truthsocial\.com$/i;

export const truthLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall (the API wants a logged-in user)',
  login: true,
  test(a) {
    if (a.status !== 401) return false;
    try {
      const u = new URL(a.url);
      return TRUTH.test(u.hostname) && u.pathname.startsWith('/api/');
    } catch {
      return false;
    }
  },
};

export const walls: readonly WallRule[] = [truthLogin];
