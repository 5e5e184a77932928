/**
 * Upstream requests for shortvideo (TikTok): the public profile page `GET
 * https://www.tiktok.com/@<user>` (platforms.md) and a video page `GET
 * https://www.tiktok.com/@<user>/video/<id>` (video.ts), logged out, with the Accept headers a
 * browser sends for a page (TikTok serves the data scripts only with the HTML document).
 *
 * TikTok answers a missing account (video) with 200 and a page whose user-detail (video-detail)
 * `statusCode` says so; the parsers read that. A 404 / 410 is NOT_FOUND too. Its captcha interstitial (any status) and
 * a redirect to the login page (a login wall, reported, never worked around) are walls
 * (walls.ts), answered UPSTREAM_BLOCKED by the upstream client before this module sees them.
 */
import { invalidParam } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { ShortvideoProfile } from './parse.js';
import { normaliseShortvideoHandle, parseProfilePage, profilePageUrl } from './parse.js';

const PLATFORM = 'shortvideo';

export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};

/**
 * The profile of `handle` (leading @ optional, any case). A handle that is not a TikTok username
 * (a profile URL included) is INVALID_INPUT naming `handle`, before anything is sent.
 */
export async function fetchShortvideoProfile(ctx: OpContext, handle: string): Promise<ShortvideoProfile> {
  const username = normaliseShortvideoHandle(handle);
  if (!username)
    throw invalidParam('handle', 'must be a TikTok username (2–24 letters, digits, periods or underscores; leading @ optional), not a URL');
  const html = await fetchProfilePageHtml(ctx, username);
  const profile = parsed(ctx, () => parseProfilePage(html, username));
  // Another account's page is no answer (identity.ts): its uniqueId against the handle asked.
  assertSameResource(PLATFORM, `account @${username}`, { handle: username }, { handle: profile.handle });
  return profile;
}

/**
 * The profile page of `username` (already normalised), as HTML: one request. A 4xx/5xx is its
 * typed error; the page's own verdicts (a missing account, a changed shape) are its parser's.
 * Shared by the clean record above and the `shortvideoProfile` operation (profile.ts).
 */
export function fetchProfilePageHtml(ctx: OpContext, username: string): Promise<string> {
  return fetchPageHtml(ctx, profilePageUrl(username), `Shortvideo account @${username}`);
}

/**
 * A video page (`https://www.tiktok.com/@<user>/video/<id>`, video.ts), as HTML: one request, the
 * profile's headers. A 4xx/5xx is its typed error (404/410: NOT_FOUND naming `what`).
 */
export function fetchVideoPageHtml(ctx: OpContext, url: string, what: string): Promise<string> {
  return fetchPageHtml(ctx, url, what);
}

async function fetchPageHtml(ctx: OpContext, url: string, what: string): Promise<string> {
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: { ...PAGE_HEADERS }, signal: ctx.signal });
  if (res.status >= 400) expectOk(res, PLATFORM, what);
  return res.text();
}
