/**
 * Upstream request for social-b (Instagram): the public web_profile_info endpoint with the web
 * app's public app id (platforms.md). No cookie, no login: when Instagram wants one (its
 * `require_login` answer, or a redirect to /accounts/login/) that is reported as a login wall,
 * never worked around.
 *
 * The app id is the constant Instagram's web client has sent for years (platforms.md gives it);
 * it is public and not per-visitor, so it is not scraped per run. A refusal of it would look like
 * the login wall above, which a fresh copy of the same constant could not cure anyway.
 */
import { notFound, shapeChanged } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { SocialBProfile } from './parse.js';
import { failureOf, parseProfile, profileInfoUrl } from './parse.js';
import { parseUpstreamJson } from '../../parse/json.js';

const PLATFORM = 'social-b';
/** Statuses that are a refusal whatever the body says. */
const REFUSALS = new Set([401, 403, 429]);
export const IG_APP_ID = '936619743392459';

export async function fetchProfile(ctx: OpContext, username: string): Promise<SocialBProfile> {
  const res = await ctx.upstream.request({
    url: profileInfoUrl(username),
    platform: PLATFORM,
    headers: {
      accept: '*/*',
      'accept-language': 'en-US,en;q=0.9',
      'x-ig-app-id': IG_APP_ID,
      referer: 'https://www.instagram.com/',
    },
    signal: ctx.signal,
  });
  const text = res.text();
  const isJson = /^\s*[{[]/.test(text);
  // The login page and the checkpoint a redirect ends on, and Instagram's failure JSON at
  // 401/403/429 (require_login, checkpoint, rate limit) are walls (walls.ts), answered before this.
  if (res.status === 404) throw notFound(`Profile @${username} was not found`);
  if (res.status >= 400) {
    // A failure body says what it is (a checkpoint, "user not found"…) where its status does not.
    const failed = isJson ? failureOf(safeJson(text), username) : null;
    if (failed && !(failed.code === 'UPSTREAM_FAILED' && REFUSALS.has(res.status))) throw failed;
    expectOk(res, PLATFORM, `Profile @${username}`);
  }
  if (!isJson) throw shapeChanged(PLATFORM, 'JSON profile answer (got a non-JSON page)');
  const profile = parsed(ctx, () => parseProfile(res.json(), username));
  assertSameResource(PLATFORM, `profile @${username}`, { handle: username }, { handle: profile.data.user.username });
  return profile;
}

function safeJson(text: string): unknown {
  try {
    return parseUpstreamJson(text, PLATFORM);
  } catch {
    return null;
  }
}
