/**
 * Upstream requests for microblog-b (X / Twitter).
 *
 * Which source answers a post:
 *  1. GraphQL `TweetResultByRestId` with the public web bearer and a guest token — first,
 *     because it returns the api.md record itself (author counts, views, source, edit control…).
 *     The guest token comes from `POST api.x.com/1.1/guest/activate.json` and is kept in a
 *     TokenSource (one activation for concurrent requests, renewed on 401/403 and the request
 *     retried once). The query id is a TokenSource too: the built-in (or pinned) id first; when X
 *     refuses it (404 / "Query: Unspecified") a fresh one is scraped from the web client's bundle.
 *  2. The syndication endpoint (the embed widget's, no auth) — only when GraphQL could not be used:
 *     guest activation refused or rate-limited, 429, a stale query id nobody could replace, a block
 *     or error page, a 5xx, a timeout, or an answer whose shape we no longer understand. Its
 *     record has gaps (parse.ts `parseSyndicationTweet`).
 *
 * A definitive GraphQL answer is never second-guessed by the syndication endpoint: deleted or
 * missing (404), a protected account (403 PRIVATE_CONTENT), content X shows only to logged-in
 * viewers (login wall, 502 UPSTREAM_BLOCKED). A login page served instead of the GraphQL API as
 * a whole is a transport failure of that API, and the post's own visibility is then decided by
 * the syndication endpoint, which reports such posts as tombstones.
 */
import { ApiError, isApiError, notFound, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { expectOk, expectStepOk } from '../../upstream/client.js';
import type { Upstream, UpstreamResponse } from '../../upstream/client.js';
import { clientOf, createTokenSource, tokenSource, TokenRefusedError } from '../../upstream/tokens.js';
import type { Token, TokenSource } from '../../upstream/tokens.js';
import { warn } from '../../observability/warn.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import { partialRead } from '../partial-read.js';
import type { GraphqlOperation } from './endpoints.js';
import {
  bundleUrlsFromHtml,
  GUEST_ACTIVATE_URL,
  GUEST_TOKEN_LIFETIME_MS,
  initialQueryId,
  missingFeatures,
  pinnedQueryId,
  PLATFORM,
  queryIdFromBundle,
  syndicationUrl,
  TWEET_RESULT_BY_REST_ID,
  tweetResultUrl,
  WEB_HOME_URL,
  webBearer,
} from './endpoints.js';
import type { MicroblogBTweet } from './parse.js';
import { errorFacts, htmlAnswerError, looksLikeHtml, parseSyndicationTweet, parseTweetResultByRestId, X_ERROR } from './parse.js';
import { parseUpstreamJson } from '../../parse/json.js';
import { JsonOverBound } from '../../parse/json.js';

/** X refused the GraphQL query id (unknown after a redeploy). */
export class QueryIdRefusedError extends Error {
  constructor(readonly queryId: string) {
    super(`${PLATFORM}: GraphQL query id ${queryId} refused`);
    this.name = 'QueryIdRefusedError';
  }
}

/** After a failed bundle scrape, how long before the next attempt (requests fall back meanwhile). */
export const QUERY_ID_SCRAPE_COOLDOWN_MS = 15 * 60 * 1000;
/** Bundles searched for the query id (main.<hash>.js first). */
const MAX_BUNDLES = 6;

function parseJson(res: UpstreamResponse, what: string): unknown {
  try {
    return res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, `${what} JSON`);
  }
}

// ---------------------------------------------------------------------------------------------
// Guest token
// ---------------------------------------------------------------------------------------------

async function activateGuestToken(upstream: Upstream, signal?: AbortSignal): Promise<Token> {
  const res = await upstream.request({
    url: GUEST_ACTIVATE_URL,
    method: 'POST',
    platform: PLATFORM,
    headers: { authorization: `Bearer ${webBearer()}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: '',
    signal,
  });
  if (looksLikeHtml(res.text())) throw htmlAnswerError(res.text(), 'guest-token activation');
  if (res.status === 429) throw upstreamBlocked(`${PLATFORM}: guest-token activation is rate-limited (HTTP 429)`);
  expectStepOk(res, PLATFORM, 'Guest-token activation');
  const token = (parseJson(res, 'guest-token activation') as { guest_token?: unknown } | null)?.guest_token;
  if (typeof token !== 'string' || !/^\d{5,40}$/.test(token)) throw shapeChanged(PLATFORM, 'guest_token in the activation answer');
  return { value: token, expiresAt: Date.now() + GUEST_TOKEN_LIFETIME_MS };
}

/** The guest token of this upstream client (tests with their own client get their own). */
export function guestTokenSource(upstream: Upstream): TokenSource {
  return tokenSource(upstream, `${PLATFORM}:guest_token`, (client) =>
    createTokenSource(`${PLATFORM} guest token`, (signal) => activateGuestToken(client, signal)),
  );
}

// ---------------------------------------------------------------------------------------------
// Query id
// ---------------------------------------------------------------------------------------------

async function scrapeQueryId(upstream: Upstream, op: GraphqlOperation, signal?: AbortSignal): Promise<string> {
  const home = await upstream.request({ url: WEB_HOME_URL, platform: PLATFORM, headers: { accept: 'text/html' }, signal });
  expectStepOk(home, PLATFORM, 'The x.com home page');
  const bundles = bundleUrlsFromHtml(home.text());
  if (bundles.length === 0) throw shapeChanged(PLATFORM, 'web-client bundle links on the x.com home page');
  for (const url of bundles.slice(0, MAX_BUNDLES)) {
    const js = await upstream.request({ url, platform: PLATFORM, headers: { accept: '*/*' }, signal });
    if (js.status < 200 || js.status >= 300) continue;
    const id = queryIdFromBundle(js.text(), op.operationName);
    if (id) return id;
  }
  throw shapeChanged(PLATFORM, `${op.operationName} query id in the web-client bundles`);
}

/**
 * The query id of a GraphQL operation (TweetResultByRestId by default) for this upstream client:
 * the pinned (environment) id, never replaced; else the built-in id until X refuses it, then ids
 * scraped from the web client. A failed scrape is not retried for QUERY_ID_SCRAPE_COOLDOWN_MS
 * (requests fall back meanwhile).
 */
export function queryIdSource(upstream: Upstream, op: GraphqlOperation = TWEET_RESULT_BY_REST_ID): TokenSource {
  return tokenSource(upstream, `${PLATFORM}:query_id:${op.operationName}`, (client) => {
    let builtInUsed = false;
    let scrapeFailedAt = -Infinity;
    return createTokenSource(`${PLATFORM} ${op.operationName} query id`, async (signal) => {
      const pinned = pinnedQueryId(op);
      if (pinned) return { value: pinned, expiresAt: Infinity };
      if (!builtInUsed) {
        builtInUsed = true;
        return { value: initialQueryId(op), expiresAt: Infinity };
      }
      if (Date.now() - scrapeFailedAt < QUERY_ID_SCRAPE_COOLDOWN_MS) {
        throw upstreamFailed(`${PLATFORM}: no usable ${op.operationName} query id (the last bundle scrape failed)`);
      }
      try {
        return { value: await scrapeQueryId(client, op, signal), expiresAt: Infinity };
      } catch (e) {
        scrapeFailedAt = Date.now();
        throw e;
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// GraphQL TweetResultByRestId
// ---------------------------------------------------------------------------------------------

/** Feature switches X asked for beyond ours (400 "cannot be null"), remembered per client. */
const extraFeatures = new WeakMap<Upstream, Set<string>>();

function errorText(body: unknown): string {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return '';
  return errors.map((e) => String((e as { message?: unknown } | null)?.message ?? '')).join('; ');
}

/**
 * One exchange with x.com's GraphQL API as a logged-out guest → its JSON body. Token and query-id
 * refusals are thrown for the sources to handle (TokenRefusedError, QueryIdRefusedError); a 400
 * naming missing feature flags is retried once with them added to `features` (which the caller
 * may keep for later requests); other failures are typed.
 */
export async function guestGraphqlBody(
  ctx: OpContext,
  req: {
    url: (features: ReadonlySet<string>) => string;
    queryId: string;
    guestToken: string;
    features: Set<string>;
    what: string;
    shape: string;
  },
): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const res = await ctx.upstream.request({
      url: req.url(req.features),
      platform: PLATFORM,
      headers: {
        authorization: `Bearer ${webBearer()}`,
        'x-guest-token': req.guestToken,
        'x-twitter-active-user': 'yes',
        'x-twitter-client-language': 'en',
        'content-type': 'application/json',
        accept: '*/*',
        referer: 'https://x.com/',
      },
      signal: ctx.signal,
    });
    const text = res.text();
    if (looksLikeHtml(text)) throw htmlAnswerError(text, 'the GraphQL API');
    if (res.status === 401 || res.status === 403) throw new TokenRefusedError(res.status);
    if (res.status === 404) throw new QueryIdRefusedError(req.queryId);
    if (res.status === 429) throw upstreamBlocked(`${PLATFORM}: the GraphQL API is rate-limiting guest requests (HTTP 429)`);
    let body: unknown = null;
    try {
      body = text.trim() ? parseUpstreamJson(text, PLATFORM) : null;
    } catch (e) {
      if (isApiError(e)) throw e;
      /* not JSON: judged below */
    }
    const errors = errorText(body);
    if (res.status === 400) {
      const missing = missingFeatures(errors || text).filter((f) => !req.features.has(f));
      if (missing.length && attempt === 0) {
        for (const f of missing) req.features.add(f);
        continue;
      }
    }
    if (errorFacts(body).codes.has(X_ERROR.BAD_GUEST_TOKEN)) throw new TokenRefusedError(403);
    const hasData = (body as { data?: unknown } | null)?.data != null;
    // X gives a stale query id no code, only these developer messages (GraphQL's own, never
    // translated): the last resort, beside the 404 above that usually says it.
    if (/Query: Unspecified|PersistedQueryNotFound|query not found/i.test(errors) && !hasData) throw new QueryIdRefusedError(req.queryId);
    expectOk(res, PLATFORM, req.what);
    if (body === null) throw shapeChanged(PLATFORM, req.shape);
    return body;
  }
}

/** One TweetResultByRestId exchange → its JSON body (feature flags learnt are kept per client). */
async function requestTweetResult(ctx: OpContext, tweetId: string, queryId: string, guestToken: string): Promise<unknown> {
  const client = clientOf(ctx.upstream);
  let features = extraFeatures.get(client);
  if (!features) extraFeatures.set(client, (features = new Set<string>()));
  return guestGraphqlBody(ctx, {
    url: (extra) => tweetResultUrl(queryId, tweetId, extra),
    queryId,
    guestToken,
    features,
    what: `Post ${tweetId}`,
    shape: 'TweetResultByRestId JSON',
  });
}

/** The TweetResultByRestId body, with guest-token and query-id refreshes. */
async function tweetResultBody(ctx: OpContext, tweetId: string): Promise<unknown> {
  const guests = guestTokenSource(ctx.upstream);
  return queryIdSource(ctx.upstream).withToken(
    (queryId) => guests.withToken((guest) => requestTweetResult(ctx, tweetId, queryId, guest), { signal: ctx.signal }),
    { signal: ctx.signal, isRefused: (e) => e instanceof QueryIdRefusedError },
  );
}

// ---------------------------------------------------------------------------------------------
// Syndication
// ---------------------------------------------------------------------------------------------

export async function fetchSyndicationTweet(ctx: OpContext, tweetId: string): Promise<MicroblogBTweet> {
  const res = await ctx.upstream.request({
    url: syndicationUrl(tweetId),
    platform: PLATFORM,
    headers: { accept: 'application/json' },
    signal: ctx.signal,
  });
  const text = res.text();
  if (looksLikeHtml(text)) throw htmlAnswerError(text, 'the syndication endpoint');
  if (res.status === 404) throw notFound(`${PLATFORM} post ${tweetId} was not found`);
  expectOk(res, PLATFORM, `Post ${tweetId}`);
  const body = parseJson(res, 'syndication');
  return parsed(ctx, () => parseSyndicationTweet(body, tweetId));
}

// ---------------------------------------------------------------------------------------------
// The operation
// ---------------------------------------------------------------------------------------------

/** GraphQL failures after which the syndication endpoint is asked. */
function graphqlUnusable(e: unknown): e is ApiError {
  return isApiError(e) && (e.code === 'UPSTREAM_BLOCKED' || e.code === 'UPSTREAM_FAILED' || e.code === 'UPSTREAM_TIMEOUT');
}

/** Definitive answers of the fallback win; otherwise its failure is reported with GraphQL's. */
function bothFailed(graphqlError: ApiError, e: unknown): unknown {
  if (!isApiError(e) || e.code === 'NOT_FOUND' || e.code === 'PRIVATE_CONTENT' || e.code === 'INVALID_INPUT') return e;
  if (/login wall/.test(e.message)) return e;
  return new ApiError(e.code, `${e.message} (GraphQL before it: ${graphqlError.message})`);
}

/**
 * The syndication endpoint's record after GraphQL failed: its gaps (views, source, the author's
 * counts…: parse.ts `parseSyndicationTweet`) are what GraphQL would have filled, so it is a
 * partial read (src/platforms/partial-read.ts; warned `tweet.syndication_fallback`): never cached,
 * the next call asks GraphQL again.
 */
async function viaSyndication(ctx: OpContext, tweetId: string, graphqlError: ApiError): Promise<MicroblogBTweet> {
  if (ctx.signal?.aborted) throw graphqlError;
  let tweet: MicroblogBTweet;
  try {
    tweet = await fetchSyndicationTweet(ctx, tweetId);
  } catch (e) {
    throw bothFailed(graphqlError, e);
  }
  warn(PLATFORM, 'tweet.syndication_fallback', `GraphQL: ${graphqlError.message}`, ctx.read);
  return partialRead(tweet);
}

export async function fetchTweet(ctx: OpContext, tweetId: string): Promise<MicroblogBTweet> {
  let body: unknown;
  try {
    body = await tweetResultBody(ctx, tweetId);
  } catch (e) {
    if (graphqlUnusable(e)) return viaSyndication(ctx, tweetId, e);
    throw e;
  }
  try {
    return parsed(ctx, () => parseTweetResultByRestId(body, tweetId));
  } catch (e) {
    // A GraphQL answer we no longer understand; its definitive answers (404, 403, login wall) stand.
    if (isApiError(e) && e.code === 'UPSTREAM_FAILED') return viaSyndication(ctx, tweetId, e);
    throw e;
  }
}
