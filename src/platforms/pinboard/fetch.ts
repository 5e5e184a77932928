/**
 * Upstream request for pinboard (Pinterest): one BaseSearchResource page, anonymous, with the
 * headers Pinterest's web client sends on its XHRs (SOURCES.md: plain GETs work without a login
 * or cookie). Login walls, captchas and refusals are walls (walls.ts): the upstream client answers
 * them UPSTREAM_BLOCKED before this module, and they are never parsed as data.
 */
import { notFound, shapeChanged } from '../../errors.js';
import { assertSameResource } from '../identity.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import type { PinboardSearchPage } from './parse.js';
import { buildSearchUrl, parseSearchResponse, PINTEREST, resourceFailure, searchSourceUrl } from './parse.js';
import type { PinboardProfile } from './profile.js';
import { parseUserResource, userResourceUrl } from './profile.js';

const PLATFORM = 'pinboard';

export interface PinboardSearchArgs {
  query: string;
  cursor: string | null;
  trim: boolean;
}

export async function fetchSearchPage(ctx: OpContext, a: PinboardSearchArgs): Promise<PinboardSearchPage> {
  const res = await ctx.upstream.request({
    url: buildSearchUrl(a.query, a.cursor),
    platform: PLATFORM,
    headers: {
      accept: 'application/json, text/javascript, */*; q=0.01',
      'accept-language': 'en-US,en;q=0.9',
      'x-requested-with': 'XMLHttpRequest',
      'x-pinterest-pws-handler': 'www/search/[scope].js',
      'x-pinterest-source-url': searchSourceUrl(a.query),
      referer: `${PINTEREST}/`,
    },
    signal: ctx.signal,
  });
  const isJson = /^\s*[{[]/.test(res.text());
  if (res.status >= 400) {
    // Pinterest states its own failures in a JSON `resource_response` (status "failure" with an
    // `http_status`): those say more than the HTTP status alone.
    const failed = isJson ? resourceFailure(res.json(), a.cursor) : null;
    if (failed) throw failed;
    // The search resource never answers 404 for a query: a 404 means the endpoint moved.
    if (res.status === 404) throw shapeChanged(PLATFORM, 'the BaseSearchResource endpoint (HTTP 404)');
    expectOk(res, PLATFORM, 'The pin search');
  }
  if (!isJson) throw shapeChanged(PLATFORM, 'JSON resource response (got a non-JSON page)');
  return parseSearchResponse(res.json(), a);
}

/**
 * A user's public profile: one UserResource GET (profile.ts), anonymous, with the web client's
 * XHR headers. A login or challenge page is reported, never parsed; 404 is NOT_FOUND; an answer
 * about another user is UPSTREAM_FAILED (identity.ts).
 */
export async function fetchUserProfile(ctx: OpContext, username: string): Promise<PinboardProfile> {
  const res = await ctx.upstream.request({
    url: userResourceUrl(username),
    platform: PLATFORM,
    headers: {
      accept: 'application/json, text/javascript, */*; q=0.01',
      'accept-language': 'en-US,en;q=0.9',
      'x-requested-with': 'XMLHttpRequest',
      'x-pinterest-pws-handler': 'www/[username].js',
      'x-pinterest-source-url': `/${username}/`,
      referer: `${PINTEREST}/`,
    },
    signal: ctx.signal,
  });
  const isJson = /^\s*[{[]/.test(res.text());
  if (!isJson && res.status === 404) throw notFound(`pinboard user ${username} was not found`);
  if (res.status >= 400 && !isJson) expectOk(res, PLATFORM, `User ${username}`);
  if (!isJson) throw shapeChanged(PLATFORM, 'JSON resource response (got a non-JSON page)');
  const profile = parseUserResource(res.json(), username);
  assertSameResource(PLATFORM, `user ${username}`, { handle: username }, { handle: profile.username });
  return profile;
}
