/**
 * Reddit's JSON API as the forum reads request it (user, user posts, user comments, subreddit, subreddit search, post; the older
 * search and user-about fetches in fetch.ts still go to www.reddit.com directly):
 *
 * - anonymous, by default: `GET https://www.reddit.com<path>.json?…&raw_json=1` with the gateway's
 *   descriptive User-Agent (Reddit throttles anonymous JSON clients hard);
 * - with REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET set (config.ts `redditApp`): application-only
 *   OAuth, no user — `GET https://oauth.reddit.com<path>?…&raw_json=1` with
 *   `Authorization: bearer <token>`. The token comes from the client_credentials grant,
 *   `POST https://www.reddit.com/api/v1/access_token` with HTTP Basic auth (client id, secret);
 *   it is kept until 30 s before its `expires_in` runs out (upstream/tokens.ts: one fetch shared
 *   by concurrent requests), and fetched anew — the request sent once more — when
 *   oauth.reddit.com answers 401. Quota: README.md.
 *
 * Secrets: the client secret and the token travel only in the Authorization header (which the
 * upstream client drops on a redirect to another origin); no URL, error message or warning
 * carries either, and nothing here logs.
 *
 * How answers map (the walls — Reddit's block pages, its JSON 403/429 refusals, the login page —
 * are answered UPSTREAM_BLOCKED by the upstream client before this sees them, walls.ts):
 *   403 `{"reason": "private" | "gold_only" | "quarantined" | "gated", …}` → 403 PRIVATE_CONTENT
 *   404 `{"reason": "banned", …}`                                → 404 NOT_FOUND (banned)
 *   404 (any other)                                              → 404 NOT_FOUND
 *   401 on oauth.reddit.com (token expired or revoked)           → new token, sent once more
 *   other non-2xx                                                → expectOk (403/429 blocked, 5xx failed)
 *   200 with HTML where the JSON belongs                         → 502 UPSTREAM_FAILED
 */
import type { Config } from '../../config.js';
import { notFound, privateContent, shapeChanged, upstreamFailed } from '../../errors.js';
import { parsingForNoRead } from '../../observability/warn.js';
import { isObj, reader } from '../../parse/index.js';
import { expectOk, expectStepOk } from '../../upstream/client.js';
import type { Upstream, UpstreamResponse } from '../../upstream/client.js';
import { createTokenSource, tokenSource, TokenRefusedError } from '../../upstream/tokens.js';
import type { TokenSource } from '../../upstream/tokens.js';
import type { OpContext } from '../operation.js';
import { PRIVATE_REASONS } from './walls.js';
import { JsonOverBound } from '../../parse/json.js';

const PLATFORM = 'forum';
export const WWW_ORIGIN = 'https://www.reddit.com';
export const OAUTH_ORIGIN = 'https://oauth.reddit.com';
export const ACCESS_TOKEN_URL = `${WWW_ORIGIN}/api/v1/access_token`;
/** When Reddit's token answer names no lifetime (it always has: 86400 s): an hour, to be safe. */
const DEFAULT_TOKEN_SECONDS = 3_600;

type RedditApp = NonNullable<Config['redditApp']>;

/**
 * Reddit's pagination token: the fullname of the last item (`t3_6ganxe`, `t1_egegczl`). Kept
 * lenient (letters, digits, `_`, `-`, `=`) so an opaque token Reddit may send is passed back
 * unchanged, while spaces and URL syntax are refused.
 */
export const AFTER_RE = /^[A-Za-z0-9_=-]{1,200}$/;

/** The `after` parameter of the forum's paged routes (forumSearch's, unchanged). */
export const AFTER_PARAM = {
  name: 'after',
  kind: 'string',
  maxLength: 200,
  description: "Pagination token: the previous response's `after`, unchanged. Omit for the first page.",
} as const;

export function checkAfter(args: Record<string, unknown>, problem: (param: string, message: string) => void): void {
  if (typeof args.after === 'string' && args.after !== '' && !AFTER_RE.test(args.after))
    problem('after', 'must be the `after` token of a previous response, unchanged');
}

/** `after` as sent upstream: null for the first page. */
export const afterOf = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** One read of Reddit's JSON API. */
export interface RedditRead {
  /** The path without `.json`: `/user/spez/about`, `/r/redditdev/new`, `/comments/2gmzqe`. */
  path: string;
  /** Query parameters besides `raw_json=1` (always sent: titles and bodies unescaped, `*_html` included). */
  query?: Record<string, string>;
  /** What is read, for errors: `User u/spez`, `Subreddit r/redditdev`. */
  what: string;
}

export interface RedditAnswer {
  json: unknown;
  /** The final URL (after redirects): a missing subreddit may be redirected to the subreddit search. */
  url: string;
}

/** The URL of a read: oauth.reddit.com with an app token, else www.reddit.com's `.json`. */
export function redditUrl(read: Pick<RedditRead, 'path' | 'query'>, oauth: boolean): string {
  const sp = new URLSearchParams(read.query);
  sp.set('raw_json', '1');
  return `${oauth ? OAUTH_ORIGIN : WWW_ORIGIN}${read.path}${oauth ? '' : '.json'}?${sp.toString()}`;
}

/** The body of one read, statuses mapped as the header says. */
export async function readRedditJson(ctx: OpContext, read: RedditRead): Promise<RedditAnswer> {
  const app = ctx.config.redditApp ?? null;
  if (!app) return answerOf(await send(ctx, redditUrl(read, false), null), read.what);
  return appTokens(ctx, app).withToken(
    async (token) => {
      const res = await send(ctx, redditUrl(read, true), token);
      if (res.status === 401) throw new TokenRefusedError(401);
      return answerOf(res, read.what);
    },
    { signal: ctx.signal },
  );
}

function send(ctx: OpContext, url: string, token: string | null): Promise<UpstreamResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `bearer ${token}`;
  return ctx.upstream.request({ url, platform: PLATFORM, headers, signal: ctx.signal });
}

/** Reddit's JSON error envelope `{"message", "error": <status>, "reason"?}`: its reason, or null. */
function refusalReason(res: UpstreamResponse): string | null {
  if (looksLikeHtml(res)) return null;
  try {
    const body: unknown = res.json();
    return isObj(body) && typeof body.reason === 'string' ? body.reason : null;
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    return null;
  }
}

const looksLikeHtml = (res: UpstreamResponse) => /^\s*</.test(res.text());

function answerOf(res: UpstreamResponse, what: string): RedditAnswer {
  if (res.status === 403 || res.status === 404) {
    const reason = refusalReason(res);
    if (res.status === 403 && reason && PRIVATE_REASONS.has(reason))
      throw privateContent(reason === 'private' ? what : `${what} (${reason.replace('_', ' ')})`);
    if (res.status === 404) throw notFound(reason === 'banned' ? `${what} was banned` : `${what} was not found`);
  }
  expectOk(res, PLATFORM, what);
  if (looksLikeHtml(res)) throw shapeChanged(PLATFORM, `JSON for ${what} (${new URL(res.url).host} answered with HTML)`);
  let json: unknown;
  try {
    json = res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, `parseable JSON for ${what}`);
  }
  return { json, url: res.url };
}

// ---------------------------------------------------------------------------------------------
// The app-only token
// ---------------------------------------------------------------------------------------------

/**
 * The app's token source, one per upstream client and client id (upstream/tokens.ts): cached until
 * shortly before expiry, one refresh at a time.
 */
export function appTokens(ctx: OpContext, app: RedditApp): TokenSource {
  return tokenSource(ctx.upstream, `forum:reddit-app:${app.clientId}`, (client) =>
    createTokenSource(PLATFORM, (signal) => fetchAppToken(client, app, signal)),
  );
}

async function fetchAppToken(upstream: Upstream, app: RedditApp, signal?: AbortSignal): Promise<{ value: string; expiresAt: number }> {
  const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
  const res = await upstream.request({
    url: ACCESS_TOKEN_URL,
    method: 'POST',
    platform: PLATFORM,
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: 'grant_type=client_credentials',
    signal,
  });
  // 401: the id or the secret is wrong (a setting to fix, not Reddit's outage).
  if (res.status === 401)
    throw upstreamFailed(`${PLATFORM}: Reddit refused the app credentials (REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET) with HTTP 401`);
  expectStepOk(res, PLATFORM, 'The app token request');
  let body: unknown;
  try {
    body = res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, 'JSON answer to the app token request');
  }
  // The token is shared by every read of the platform: its answer is parsed for none of them.
  return parsingForNoRead(() => {
    const r = reader(isObj(body) ? body : {}, { platform: PLATFORM, record: 'app_token' });
    // Reddit answers some refusals with 200 and `{"error": "unsupported_grant_type"}`: its code only.
    const error = r.opt.str('error');
    if (error) throw upstreamFailed(`${PLATFORM}: Reddit refused the app token request (${error.slice(0, 64)})`);
    const value = r.opt.nonEmpty('access_token');
    if (!value) throw shapeChanged(PLATFORM, 'access_token in the app token answer');
    const type = r.opt.str('token_type');
    if (type && type.toLowerCase() !== 'bearer') throw shapeChanged(PLATFORM, `a bearer token (got token_type ${type.slice(0, 32)})`);
    const seconds = r.num('expires_in') ?? DEFAULT_TOKEN_SECONDS;
    return { value, expiresAt: Date.now() + seconds * 1000 };
  });
}
