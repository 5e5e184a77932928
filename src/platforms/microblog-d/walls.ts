/**
 * Bluesky's walls, recognised by the upstream client on every answer (src/upstream/blocks), by
 * status and endpoint only (the message varies):
 * - post search switched off for anonymous callers: `app.bsky.feed.searchPosts` on the public
 *   AppView answers 403 (`Request forbidden by administrative rules.`, an HTML or JSON body) or
 *   401 `{"error":"AuthMissing"}` — always so for a request with a `cursor`, and for every request
 *   at times (microblog-d SOURCES.md: bluesky-social/atproto#3423, #3891, #2838). A block, not a
 *   failure of ours;
 * - any other XRPC endpoint answering 401 `AuthMissing`: the AppView wants a logged-in user (a
 *   login wall). The endpoints this gateway calls answer anonymously today.
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';

const APPVIEW = /^(?:public\.)?api\.bsky\.app$/i;

function xrpcMethod(a: AnswerView): string | null {
  try {
    const u = new URL(a.url);
    const m = APPVIEW.test(u.hostname) ? /^\/xrpc\/([a-z0-9.]+)$/i.exec(u.pathname) : null;
    return m ? m[1] : null;
  } catch {
    return null;
  }
}

export const searchClosed: WallRule = {
  name: 'search-closed',
  what: 'its refusal of anonymous post search (HTTP 403/401: search or its paging is switched off for callers without a login)',
  test: (a) => (a.status === 403 || a.status === 401) && xrpcMethod(a) === 'app.bsky.feed.searchPosts',
};

export const authMissing: WallRule = {
  name: 'login-wall',
  what: 'a login wall (the endpoint wants a logged-in user)',
  login: true,
  test(a) {
    if (a.status !== 401 || !xrpcMethod(a) || a.isMarkup) return false;
    return (a.json() as { error?: unknown } | undefined)?.error === 'AuthMissing';
  },
};

export const walls: readonly WallRule[] = [searchClosed, authMissing];
