/**
 * Upstream requests for retail-shop: the storefront HTML for page 1, the storefront's JSON page
 * request for later pages (URLs and headers: endpoints.ts). One request per call.
 */
import { invalidParam, notFound } from '../../errors.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import { feedHeaders, feedPageUrl, feedPath, STOREFRONT_HEADERS, storefrontUrl } from './endpoints.js';
import type { RetailShopPage } from './parse.js';
import { assertNotNotFoundPage, isStorefrontLocation, parseFeedPage, parseStorefrontPage } from './parse.js';

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
  // A storefront that does not exist (or no longer does) redirects to Amazon's home page. A
  // redirect to sign-in or to the robot check is a wall (walls.ts), answered before this.
  if (!isStorefrontLocation(res.url)) throw notFound(`${what} was not found (Amazon redirected to ${safePath(res.url)})`);
  return parseStorefrontPage(res.text(), handle);
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
  // Redirected away from the page request: for a storefront that is gone, to the home page
  // (sign-in is a wall: walls.ts).
  const path = safePath(res.url);
  if (path.toLowerCase() !== feedPath(handle).toLowerCase()) {
    throw notFound(`Storefront ${handle} was not found (Amazon redirected its page request to ${path})`);
  }
  return parseFeedPage(res.text(), handle);
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

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}
