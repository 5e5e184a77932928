/**
 * Facebook's walls, recognised by the upstream client on every answer (src/upstream/blocks), by
 * structure only (Facebook serves these pages in the visitor's language):
 * - a checkpoint (security check / captcha): the `/checkpoint/…` path a redirect ends on, or a
 *   page whose form posts to `/checkpoint/` or that loads the `/captcha/tfbimage` image;
 * - a login wall: the `/login`, `/login/…` or `/login.php` path a redirect ends on, and the
 *   GraphQL answer `{"error":1357001}` ("log in to continue", Facebook's error code), or that
 *   code in `errors[].code` of an answer without data — the code, never its translated summary.
 * A login interstitial served in place at a page's own URL cannot be told from the logged-out
 * home page (the lsd token page, which carries the same login form) by its markup alone: only
 * the parser, which knows the data is missing, says what such a page is (blobs.ts
 * `explainMissingData`). Login-only data is never accessed.
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';
import { parseUpstreamJson } from '../../parse/json.js';

const FACEBOOK = /(^|\.)facebook\.com$/i;
/** Interstitials are small; a marker beyond this is a page's own content. */
const WINDOW = 256 * 1024;
/** `{"error":<code>,…}` of a logged-out GraphQL call that needs a login. */
const NOT_LOGGED_IN = 1357001;

function facebookPath(a: AnswerView): string | null {
  try {
    const u = new URL(a.url);
    return FACEBOOK.test(u.hostname) ? u.pathname.toLowerCase() : null;
  } catch {
    return null;
  }
}

const CHECKPOINT_MARKUP = [/<form\b[^>]*\baction=["'][^"']*\/checkpoint\//i, /\/captcha\/(?:tfbimage|refresh)\b/i];

/** The first JSON object of a GraphQL answer (`for (;;);` removed; one object per line when streamed). */
function firstObject(a: AnswerView): unknown {
  if (a.isMarkup || a.body.length > 64 * 1024) return undefined;
  const line = a
    .text()
    .replace(/^\s*for\s*\(;;\);/, '')
    .trim()
    .split('\n', 1)[0];
  try {
    return parseUpstreamJson(line, 'wall check');
  } catch {
    return undefined;
  }
}

export const facebookCheckpoint: WallRule = {
  name: 'checkpoint',
  what: 'a checkpoint (security check) page',
  test(a) {
    const path = facebookPath(a);
    if (path?.startsWith('/checkpoint')) return true;
    if (path === null || !a.isMarkup) return false;
    const html = a.text().slice(0, WINDOW);
    return CHECKPOINT_MARKUP.some((re) => re.test(html));
  },
};

export const facebookLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall',
  login: true,
  test(a) {
    const path = facebookPath(a);
    if (path === null) return false;
    if (path === '/login' || path.startsWith('/login/') || path === '/login.php') return true;
    const first = firstObject(a) as { error?: unknown; errors?: unknown; data?: unknown } | undefined;
    if (first?.error === NOT_LOGGED_IN) return true;
    // The same code on a GraphQL error of an answer without data.
    return (
      (first?.data === undefined || first.data === null) &&
      Array.isArray(first?.errors) &&
      first.errors.some((e) => (e as { code?: unknown } | null)?.code === NOT_LOGGED_IN)
    );
  },
};

export const walls: readonly WallRule[] = [facebookCheckpoint, facebookLogin];
