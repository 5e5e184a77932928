/**
 * Upstream requests for retail-shop: the storefront HTML for page 1, the storefront's JSON page
 * request for later pages (URLs and headers: endpoints.ts). One request per call.
 */
import { invalidParam, loginWall, notFound, upstreamFailed } from '../../errors.js';
import type { ApiError } from '../../errors.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import { feedHeaders, feedPageUrl, feedPath, HOST, STOREFRONT_HEADERS, storefrontUrl } from './endpoints.js';
import type { RetailShopPage } from './parse.js';
import {
  assertNotNotFoundPage,
  isHomeLocation,
  isStorefrontLocation,
  parseFeedPage,
  parseStorefrontPage,
  parseStorefrontUrl,
} from './parse.js';

const PLATFORM = 'retail-shop';

export interface ShopArgs {
  handle: string;
  /** Opaque token of the previous page; null for the first page. */
  pageToken: string | null;
}

export function fetchShopPage(ctx: OpContext, a: ShopArgs): Promise<RetailShopPage> {
  return a.pageToken === null ? fetchStorefront(ctx, a.handle) : fetchNextPage(ctx, a.handle, a.pageToken);
}

async function fetchStorefront(ctx: OpContext, handle: string): Promise<RetailShopPage> {
  const res = await ctx.upstream.request({
    url: storefrontUrl(handle),
    platform: PLATFORM,
    headers: STOREFRONT_HEADERS,
    signal: ctx.signal,
  });
  const what = `Storefront ${handle}`;
  checkAnswer(res, what);
  // A redirect to sign-in or to the robot check is a wall (walls.ts), answered before this.
  if (!isStorefrontLocation(res.url)) throw redirectedAway(res.url, what);
  // …and the storefront it ended on is the asked one: a redirect to another creator's storefront
  // is that creator's page, whether or not its state names its handle (parseStorefrontPage).
  const landed = parseStorefrontUrl(res.url);
  if (landed.ok) assertSameResource(PLATFORM, what, { handle }, { handle: landed.handle });
  return parsed(ctx, () => parseStorefrontPage(res.text(), handle));
}

async function fetchNextPage(ctx: OpContext, handle: string, token: string): Promise<RetailShopPage> {
  const res = await ctx.upstream.request({
    url: feedPageUrl(handle, token),
    platform: PLATFORM,
    headers: feedHeaders(handle),
    signal: ctx.signal,
  });
  // The storefront refuses a token it did not issue (expired, altered, another storefront's).
  // (The robot check, whatever its status, is a wall: walls.ts.)
  if (res.status === 400 || res.status === 422) {
    throw invalidParam(
      'pageToken',
      'was not accepted by the storefront: pass the pageToken of the previous response for the same url, unchanged',
    );
  }
  checkAnswer(res, `Storefront ${handle}`);
  // Redirected away from the page request (sign-in is a wall: walls.ts).
  if (!isFeedLocation(res.url, handle)) throw redirectedAway(res.url, `Storefront ${handle}`);
  return parsed(ctx, () => parseFeedPage(res.text(), handle));
}

/**
 * Status and the not-found page. The robot check and the dog page (200 or 503) are walls the
 * upstream client has answered already (walls.ts).
 */
function checkAnswer(res: UpstreamResponse, what: string): void {
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  if (res.status !== 200) assertNotNotFoundPage(res.text());
  expectOk(res, PLATFORM, what);
}

function isFeedLocation(url: string, handle: string): boolean {
  try {
    const u = new URL(url);
    return u.hostname.toLowerCase() === HOST && u.pathname.toLowerCase() === feedPath(handle).toLowerCase();
  } catch {
    return false;
  }
}

/** Login paths of Amazon's own (besides `/ap/signin`, a wall in walls.ts). */
const LOGIN_PATH_RE = /^\/(?:ap\/|gp\/sign-?in|sign-?in\b|log-?in\b)/i;

/**
 * A request redirected away from the storefront. Only Amazon's home page — where it sends a
 * storefront that does not exist, or no longer does — is NOT_FOUND; a login page is the login
 * wall (UPSTREAM_BLOCKED); another host or any other page is an answer that is not the storefront
 * (UPSTREAM_FAILED), never "not found".
 */
function redirectedAway(url: string, what: string): ApiError {
  const path = safePath(url);
  if (isHomeLocation(url)) return notFound(`${what} was not found (Amazon redirected to its home page)`);
  let host = '';
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    /* an unreadable URL: another place */
  }
  if (!AMAZON_HOST_RE.test(host)) return upstreamFailed(`${PLATFORM}: ${what} was redirected to another host (${host || 'unknown'})`);
  if (LOGIN_PATH_RE.test(path)) return loginWall(PLATFORM);
  return upstreamFailed(`${PLATFORM}: ${what} was redirected to ${path}, not the storefront`);
}

const AMAZON_HOST_RE = /(^|\.)amazon\.com$/i;

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}
