/**
 * retail-shop (Amazon creator storefronts): every detail of the upstream requests, in one place.
 *
 * Page 1 is the storefront HTML itself, `GET https://www.amazon.com/shop/<creator>`; its data sits
 * in an AUI `a-state` script (parse.ts, STATE_KEY). Later pages are the storefront's own JSON page
 * requests, the ones its "load more" makes: `GET https://www.amazon.com/shop/<creator>/feed
 * ?pageToken=<token>` answering `{posts, nextPageToken}`.
 *
 * No capture of either exists (platforms.md): the path of the page request, its parameter name
 * and headers are our reading of what public descriptions of the storefront say (one feed of
 * posts — idea lists, videos, photos — paged by an opaque token handed back unchanged with the
 * same storefront). If a capture shows other names, this file is what changes.
 */

/** Storefronts are read from the US site only (platform.ts refuses other Amazon domains). */
export const ORIGIN = 'https://www.amazon.com';
export const HOST = 'www.amazon.com';

/** `/shop/<creator>` — also the prefix of the storefront's list, curation and product URLs. */
export function storefrontPath(handle: string): string {
  return `/shop/${encodeURIComponent(handle)}`;
}

export function storefrontUrl(handle: string): string {
  return `${ORIGIN}${storefrontPath(handle)}`;
}

/** Path of the storefront's JSON page request. */
export function feedPath(handle: string): string {
  return `${storefrontPath(handle)}/feed`;
}

/** Query parameter carrying the page token, byte for byte as the previous page gave it. */
export const PAGE_TOKEN_PARAM = 'pageToken';

/** The next-page request for `token`: the token is only percent-encoded, never read or rebuilt. */
export function feedPageUrl(handle: string, token: string): string {
  return `${ORIGIN}${feedPath(handle)}?${PAGE_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

export const STOREFRONT_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml',
  'accept-language': 'en-US,en;q=0.9',
};

/** What the storefront's script sends with its page requests. */
export function feedHeaders(handle: string): Record<string, string> {
  return {
    accept: 'application/json',
    'accept-language': 'en-US,en;q=0.9',
    'x-requested-with': 'XMLHttpRequest',
    referer: storefrontUrl(handle),
  };
}
