/**
 * The public requests of microblog-b (X / Twitter), in one place: hosts, the public web bearer,
 * guest-token activation, the `TweetResultByRestId` GraphQL query (its query id, variables,
 * feature switches) and the no-auth syndication endpoint with its token derivation.
 *
 * Query ids change whenever X redeploys its web client. The built-in id is the one a maintained
 * public client used in 2026-08 (yt-dlp's twitter extractor); it can be pinned without a code
 * change through MICROBLOG_B_TWEET_QUERY_ID. When X refuses the id in use (HTTP 404 or a
 * `Query: Unspecified` error) and none is pinned, fetch.ts scrapes the current one from the web
 * client's `main.<hash>.js` bundle, linked from the public x.com home page (see
 * `bundleUrlsFromHtml` / `queryIdFromBundle`).
 */
import { upstreamFailed } from '../../errors.js';

export const PLATFORM = 'microblog-b';

/**
 * The bearer token of X's public web client: shipped in its JavaScript to every logged-out
 * visitor and identical for everyone, so neither a secret nor a login. Overridable through
 * MICROBLOG_B_WEB_BEARER in case X rotates it.
 */
const DEFAULT_WEB_BEARER = 'AAAAAAAAAAAAAAAAAAAAANRILgAAAAAAnNwIzUejRCOuH5E6I8xnZz4puTs%3D1Zv7ttfk8LF81IUq16cHjhLTvJu4FA33AGWWjCpTnA';

export function webBearer(env: NodeJS.ProcessEnv = process.env): string {
  return env.MICROBLOG_B_WEB_BEARER?.trim() || DEFAULT_WEB_BEARER;
}

/** `POST` with the bearer → `{"guest_token":"<digits>"}`. */
export const GUEST_ACTIVATE_URL = 'https://api.x.com/1.1/guest/activate.json';

/**
 * X sets the guest token as the `gt` cookie with Max-Age 10800 (3 hours); we use one for at most
 * two hours, and replace it at once when the API refuses it (401/403).
 */
export const GUEST_TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;

export const GRAPHQL_BASE = 'https://x.com/i/api/graphql';
/** The public page whose HTML links the web client's bundles (for a fresh query id). */
export const WEB_HOME_URL = 'https://x.com/';

export interface GraphqlOperation {
  operationName: string;
  /** The query id in use when this was written (2026-08). */
  queryId: string;
  /** Environment variable that pins another query id. */
  env: string;
}

export const TWEET_RESULT_BY_REST_ID: GraphqlOperation = {
  operationName: 'TweetResultByRestId',
  queryId: '2ICDjqPd81tulZcYrtpTuQ',
  env: 'MICROBLOG_B_TWEET_QUERY_ID',
};

/**
 * UserByScreenName (a profile by handle), for the discovery tools: the id of the 2026-08 capture
 * ../shared/fixtures/microblog-b/user-by-screen-name-2026.json; `parseUserByScreenName` reads it.
 */
export const USER_BY_SCREEN_NAME: GraphqlOperation = {
  operationName: 'UserByScreenName',
  queryId: 'Gb-d6r0vxPOADdG62OEBpQ',
  env: 'MICROBLOG_B_USER_QUERY_ID',
};

/** X query ids: url-safe base64, 22 characters today. */
const QUERY_ID_RE = /^[A-Za-z0-9_-]{10,64}$/;

/** The pinned query id (environment), or null when none is pinned. */
export function pinnedQueryId(op: GraphqlOperation, env: NodeJS.ProcessEnv = process.env): string | null {
  const v = env[op.env]?.trim();
  if (!v) return null;
  // A misspelt pin must not be silently replaced by the (possibly stale) default.
  if (!QUERY_ID_RE.test(v)) throw upstreamFailed(`${PLATFORM}: ${op.env} is not a GraphQL query id`);
  return v;
}

/** The query id to start with: the pinned one, else the built-in one. */
export function initialQueryId(op: GraphqlOperation, env: NodeJS.ProcessEnv = process.env): string {
  return pinnedQueryId(op, env) ?? op.queryId;
}

/**
 * Feature switches sent with TweetResultByRestId. X answers 400 "The following features cannot
 * be null: …" when one it expects is missing; fetch.ts then adds those as `false` and retries.
 */
export const TWEET_FEATURES: Readonly<Record<string, boolean>> = {
  creator_subscriptions_tweet_preview_api_enabled: true,
  premium_content_api_read_enabled: false,
  communities_web_enable_tweet_community_results_fetch: true,
  c9s_tweet_anatomy_moderator_badge_enabled: true,
  responsive_web_grok_analyze_button_fetch_trends_enabled: false,
  responsive_web_grok_analyze_post_followups_enabled: false,
  responsive_web_jetfuel_frame: false,
  responsive_web_grok_share_attachment_enabled: false,
  articles_preview_enabled: true,
  responsive_web_edit_tweet_api_enabled: true,
  graphql_is_translatable_rweb_tweet_is_translatable_enabled: true,
  view_counts_everywhere_api_enabled: true,
  longform_notetweets_consumption_enabled: true,
  responsive_web_twitter_article_tweet_consumption_enabled: true,
  tweet_awards_web_tipping_enabled: false,
  responsive_web_grok_show_grok_translated_post: false,
  responsive_web_grok_analysis_button_from_backend: false,
  creator_subscriptions_quote_tweet_preview_enabled: false,
  freedom_of_speech_not_reach_fetch_enabled: true,
  standardized_nudges_misinfo: true,
  tweet_with_visibility_results_prefer_gql_limited_actions_policy_enabled: true,
  longform_notetweets_rich_text_read_enabled: true,
  longform_notetweets_inline_media_enabled: true,
  profile_label_improvements_pcf_label_in_post_enabled: true,
  rweb_tipjar_consumption_enabled: true,
  verified_phone_label_enabled: false,
  responsive_web_graphql_skip_user_profile_image_extensions_enabled: false,
  responsive_web_graphql_timeline_navigation_enabled: true,
  responsive_web_grok_image_annotation_enabled: false,
  responsive_web_enhance_cards_enabled: false,
};

/** `GET https://x.com/i/api/graphql/<queryId>/TweetResultByRestId?variables=…&features=…&fieldToggles=…` */
export function tweetResultUrl(queryId: string, tweetId: string, extraFeatures: Iterable<string> = []): string {
  const features: Record<string, boolean> = { ...TWEET_FEATURES };
  for (const f of extraFeatures) if (!(f in features)) features[f] = false;
  const params = new URLSearchParams({
    variables: JSON.stringify({ tweetId, withCommunity: false, includePromotedContent: false, withVoice: false }),
    features: JSON.stringify(features),
    fieldToggles: JSON.stringify({ withArticleRichContentState: false }),
  });
  return `${GRAPHQL_BASE}/${queryId}/${TWEET_RESULT_BY_REST_ID.operationName}?${params}`;
}

/** Feature names out of X's 400 "The following features cannot be null: a, b" message. */
export function missingFeatures(message: string): string[] {
  const m = /features cannot be null:\s*([^"]+)/i.exec(message);
  if (!m) return [];
  return m[1]
    .split(/[,\s]+/)
    .map((s) => s.replace(/^["'.]+|["'.]+$/g, ''))
    .filter((s) => /^[a-z0-9_]+$/i.test(s));
}

// ---------------------------------------------------------------------------------------------
// Query id from the web client's bundle
// ---------------------------------------------------------------------------------------------

/** Web-client bundles linked from an x.com page, `main.<hash>.js` first. */
export function bundleUrlsFromHtml(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/https:\/\/abs\.twimg\.com\/responsive-web\/client-web(?:-legacy)?\/[A-Za-z0-9._~-]+\.js/g))
    found.add(m[0]);
  const all = [...found];
  return [...all.filter((u) => /\/main\.[^/]*\.js$/.test(u)), ...all.filter((u) => !/\/main\.[^/]*\.js$/.test(u))];
}

/** `queryId:"<id>",operationName:"<name>"` as the bundle declares each operation. */
export function queryIdFromBundle(js: string, operationName: string): string | null {
  const name = operationName.replace(/[^A-Za-z0-9_]/g, '');
  const m = new RegExp(`queryId:"([A-Za-z0-9_-]{10,64})",operationName:"${name}"`).exec(js);
  return m ? m[1] : null;
}

// ---------------------------------------------------------------------------------------------
// Syndication (the embed widget's endpoint; no auth)
// ---------------------------------------------------------------------------------------------

export const SYNDICATION_URL = 'https://cdn.syndication.twimg.com/tweet-result';

/**
 * The `token` the embed widget sends: (id / 1e15) · π written in base 36, with every run of
 * zeros and the point removed — the widget's own JavaScript computes it from the id, so it is
 * public knowledge. Without it the endpoint answers `200 {}`. Known pair, observed live and
 * published: id 2084263129966342226 → `51vwlu2rzkm`.
 */
export function syndicationToken(tweetId: string): string {
  return ((Number(tweetId) / 1e15) * Math.PI).toString(36).replace(/(0+|\.)/g, '');
}

export function syndicationUrl(tweetId: string): string {
  const params = new URLSearchParams({ id: tweetId, lang: 'en', token: syndicationToken(tweetId) });
  return `${SYNDICATION_URL}?${params}`;
}
