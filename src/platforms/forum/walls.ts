/**
 * Reddit's walls, recognised by the upstream client on every answer (src/upstream/blocks): its
 * 403 JSON (`{"message": "Forbidden", "error": 403}`, ../shared/fixtures/blocks/forum/), which
 * it sends to clients it refuses, and the login page a redirect ends on (`/login`,
 * `/account/login`: a login wall). Other 403 / 429 answers are blocks by status (fetch.ts), named
 * by the page they are when Reddit's wording is known (parse.ts `blockReason`).
 */
import type { WallRule } from '../../upstream/blocks/catalogue.js';

export const redditForbidden: WallRule = {
  name: 'forbidden',
  what: 'its 403 "Forbidden" answer',
  test: (a) => a.status === 403 && !a.isMarkup && (a.json() as { error?: unknown } | undefined)?.error === 403,
};

export const redditLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall',
  login: true,
  test(a) {
    try {
      const u = new URL(a.url);
      return /(^|\.)reddit\.com$/i.test(u.hostname) && /^\/(?:account\/)?login\b/i.test(u.pathname);
    } catch {
      return false;
    }
  },
};

export const walls: readonly WallRule[] = [redditForbidden, redditLogin];
