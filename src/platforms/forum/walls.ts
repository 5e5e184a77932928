/**
 * Reddit's walls, recognised by the upstream client on every answer (src/upstream/blocks), by
 * structure only — Reddit's block pages are sentences ("whoa there, pardner!", "You've been
 * blocked by network security.") that a translated page, or a post quoting them, would defeat.
 * Every forum request asks for JSON (`search.json`, `about.json`), so:
 * - its JSON refusals: `{"message": "Forbidden", "error": 403}` (../shared/fixtures/blocks/forum/)
 *   and `{"message": "Too Many Requests", "error": 429}` — the `error` code, never the message —
 *   except a 403 whose `reason` is the resource's own state (a private subreddit: PRIVATE_REASONS);
 * - an HTML page where the JSON belongs, at 403 or 429: a block page, whatever it says;
 * - an HTML page carrying the markers of Reddit's block templates, at any status (a 200 too):
 *   the network-security page's "file a ticket" link (Reddit's support form,
 *   `support.reddithelp.com/…/requests/new`), and the rate-limit page's template — its heading's
 *   `reddit.com.header.png` background and its link to the API rules (`github.com/reddit/reddit/
 *   wiki/API`), both in the page as publicly quoted;
 * - its JavaScript challenge ("Please wait for verification", since May 2026 to clients without
 *   a session, at 200 as at 403: glanceapp/glance#1016, yt-dlp#16877): a hidden form whose hidden
 *   input `js_challenge` (beside `solution`, `token` / `jsc_token`, `jsc_orig_r`) the page's script
 *   fills and submits — at any status;
 * - the login page a redirect ends on (`/login`, `/account/login`): a login wall; so is the
 *   over-18 interstitial (`/over18?dest=…`) a request for an NSFW community may end on.
 * A JSON answer is never searched for markup: a post may quote any of these pages.
 * Other HTML answers (a new search UI at 200) are no wall: fetch.ts calls them a changed shape.
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';

const REDDIT = /(^|\.)reddit\.com$/i;
/** Block pages are small; a marker beyond this is some page's content. */
const WINDOW = 64 * 1024;

function redditUrl(a: AnswerView): URL | null {
  try {
    const u = new URL(a.url);
    return REDDIT.test(u.hostname) ? u : null;
  } catch {
    return null;
  }
}

/** The `error` code of Reddit's JSON error envelope (`{"message": …, "error": <code>}`), or null. */
function errorCode(a: AnswerView): number | null {
  if (a.isMarkup) return null;
  const e = (a.json() as { error?: unknown } | undefined)?.error;
  return typeof e === 'number' ? e : null;
}

function markup(a: AnswerView): string | null {
  return a.isMarkup && redditUrl(a) ? a.text().slice(0, WINDOW) : null;
}

/**
 * Reasons Reddit gives with a 403 for the resource's own state — a private, members-only
 * (`gold_only`), quarantined or gated subreddit: `{"reason": "private", "message": "Forbidden",
 * "error": 403}`; a gated one (a content advisory a logged-in user must accept, as for a
 * quarantined one) adds its `interstitial_warning_message` — not a refusal of the gateway: left to
 * the fetch (api.ts: PRIVATE_CONTENT).
 */
export const PRIVATE_REASONS: ReadonlySet<string> = new Set(['private', 'gold_only', 'quarantined', 'gated']);

function reason(a: AnswerView): unknown {
  return a.isMarkup ? undefined : (a.json() as { reason?: unknown } | undefined)?.reason;
}

export const redditForbidden: WallRule = {
  name: 'forbidden',
  what: 'its 403 "Forbidden" answer',
  test: (a) => a.status === 403 && errorCode(a) === 403 && !PRIVATE_REASONS.has(reason(a) as string),
};

export const redditTooManyRequests: WallRule = {
  name: 'rate-limit',
  what: 'its 429 "Too Many Requests" answer (rate limit)',
  // Throttling passes: a 429 gets the retries a 429 gets before it is a block.
  retry: true,
  test: (a) => errorCode(a) === 429,
};

/** The "file a ticket" link of the network-security page: Reddit's support request form. */
const SUPPORT_TICKET = /<a\b[^>]*\bhref=["']?https?:\/\/support\.reddithelp\.com\/hc\/[^"'\s>]*\/requests\/new\b/i;

export const redditNetworkBlock: WallRule = {
  name: 'network-block',
  what: 'its network-security block page',
  test(a) {
    const html = markup(a);
    return html !== null && SUPPORT_TICKET.test(html);
  },
};

/** The rate-limit ("whoa there, pardner!") template: its header image and its API-rules link. */
const RATE_LIMIT_TEMPLATE = [
  /<style\b[^>]*>[^<]*\burl\(\s*["']?(?:https?:)?\/\/www\.redditstatic\.com\/reddit\.com\.header\.png/i,
  /<a\b[^>]*\bhref=["']?https?:\/\/github\.com\/reddit\/reddit\/wiki\/API\b/i,
];

export const redditRateLimitPage: WallRule = {
  name: 'rate-limit-page',
  what: 'its "whoa there, pardner!" rate-limit page',
  retry: true,
  test(a) {
    const html = markup(a);
    return html !== null && RATE_LIMIT_TEMPLATE.some((re) => re.test(html));
  },
};

/** The challenge form's hidden `js_challenge` input (attributes in any order). */
const JS_CHALLENGE_INPUT = /<input\b(?=[^>]*\btype=["']?hidden\b)[^>]*\bname=["']?js_challenge["'\s/>]/i;

export const redditJsChallenge: WallRule = {
  name: 'js-challenge',
  what: 'its JavaScript challenge ("Please wait for verification")',
  test(a) {
    const html = markup(a);
    return html !== null && /<form\b/i.test(html) && JS_CHALLENGE_INPUT.test(html);
  },
};

export const redditRefusedPage: WallRule = {
  name: 'refused',
  what: 'an HTML block page',
  // At 429 a throttling page: retried as a 429 is; a 403 is answered at once.
  retry: true,
  test: (a) => (a.status === 403 || a.status === 429) && markup(a) !== null,
};

export const redditLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall',
  login: true,
  test(a) {
    const u = redditUrl(a);
    return u !== null && /^\/(?:account\/)?login\b/i.test(u.pathname);
  },
};

/**
 * Reddit's over-18 interstitial (`/over18?dest=…`), where a request for an NSFW community without
 * the over18 cookie is redirected: its content is for signed-in adults (a login wall, never
 * worked around), by the path the redirect ends on.
 */
export const redditOver18: WallRule = {
  name: 'over18',
  what: 'its over-18 interstitial (content for signed-in adults)',
  login: true,
  test(a) {
    const u = redditUrl(a);
    return u !== null && /^\/over18\/?$/i.test(u.pathname);
  },
};

export const walls: readonly WallRule[] = [
  redditLogin,
  redditOver18,
  redditForbidden,
  redditTooManyRequests,
  redditNetworkBlock,
  redditRateLimitPage,
  redditJsChallenge,
  redditRefusedPage,
];
