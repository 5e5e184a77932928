/**
 * A microblog-b (X) profile by screen name (the profile reader's fetch, reader.ts): GraphQL `UserByScreenName` with the
 * public web bearer and a guest token — the same public request microblog-b's module documents
 * (endpoints.ts `USER_BY_SCREEN_NAME`, query id pinnable with MICROBLOG_B_USER_QUERY_ID) and the
 * same token sources (fetch.ts `guestTokenSource`, `queryIdSource`: one guest activation shared
 * by concurrent requests, renewed on 401/403; the query id replaced from the web client's bundle
 * when X refuses it). The answer is read by microblog-b's `parseUserByScreenName`.
 *
 * Outcomes: an empty `data.user` → NOT_FOUND; `UserUnavailable` (suspended…) → NOT_FOUND; an
 * HTML answer (login wall, error or block page) → its typed error; 429 → UPSTREAM_BLOCKED.
 * A protected account's header (name, bio, links) is public on X and is used as it is.
 */
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import { GRAPHQL_BASE, USER_BY_SCREEN_NAME } from './endpoints.js';
import { guestGraphqlBody, guestTokenSource, QueryIdRefusedError, queryIdSource } from './fetch.js';
import type { MicroblogBUser } from './parse.js';
import { parseUserByScreenName } from './parse.js';

/** Feature switches the web client sends with UserByScreenName (2025–2026); X asks for missing ones by name (400). */
export const USER_FEATURES: Readonly<Record<string, boolean>> = {
  hidden_profile_subscriptions_enabled: true,
  profile_label_improvements_pcf_label_in_post_enabled: true,
  rweb_tipjar_consumption_enabled: true,
  verified_phone_label_enabled: false,
  subscriptions_verification_info_is_identity_verified_enabled: true,
  subscriptions_verification_info_verified_since_enabled: true,
  highlights_tweets_tab_ui_enabled: true,
  responsive_web_twitter_article_notes_tab_enabled: true,
  subscriptions_feature_can_gift_premium: true,
  creator_subscriptions_tweet_preview_api_enabled: true,
  responsive_web_graphql_skip_user_profile_image_extensions_enabled: false,
  responsive_web_graphql_timeline_navigation_enabled: true,
};

/** `GET https://x.com/i/api/graphql/<queryId>/UserByScreenName?variables=…&features=…&fieldToggles=…` */
export function userByScreenNameUrl(queryId: string, screenName: string, extra: Iterable<string> = []): string {
  const features: Record<string, boolean> = { ...USER_FEATURES };
  for (const f of extra) if (!(f in features)) features[f] = false;
  const params = new URLSearchParams({
    variables: JSON.stringify({ screen_name: screenName, withSafetyModeUserFields: true }),
    features: JSON.stringify(features),
    fieldToggles: JSON.stringify({ withAuxiliaryUserLabels: false }),
  });
  return `${GRAPHQL_BASE}/${queryId}/${USER_BY_SCREEN_NAME.operationName}?${params}`;
}

async function requestUser(ctx: OpContext, screenName: string, queryId: string, guestToken: string): Promise<MicroblogBUser> {
  const body = await guestGraphqlBody(ctx, {
    url: (extra) => userByScreenNameUrl(queryId, screenName, extra),
    queryId,
    guestToken,
    features: new Set<string>(),
    what: `Account @${screenName}`,
    shape: 'UserByScreenName JSON',
  });
  return parsed(ctx, () => parseUserByScreenName(body, screenName));
}

/** The account `screenName` (without @), with guest-token and query-id refreshes. */
export async function fetchUserByScreenName(ctx: OpContext, screenName: string): Promise<MicroblogBUser> {
  const guests = guestTokenSource(ctx.upstream);
  return queryIdSource(ctx.upstream, USER_BY_SCREEN_NAME).withToken(
    (queryId) => guests.withToken((guest) => requestUser(ctx, screenName, queryId, guest), { signal: ctx.signal }),
    { signal: ctx.signal, isRefused: (e) => e instanceof QueryIdRefusedError },
  );
}
