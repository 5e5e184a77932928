/**
 * retail-shop (Amazon creator storefronts) — pure parsing: the caller's storefront URL, the
 * storefront HTML (page 1) and the storefront's JSON page answers (later pages). No I/O.
 *
 * Where the data is (no capture exists, platforms.md; src/platforms/retail-shop/samples.ts holds the pages we wrote):
 * - Page 1 embeds the storefront state as JSON in an AUI state script,
 *   `<script type="a-state" data-a-state='{"key":"shop-storefront-state"}'>{…}</script>`, the way
 *   Amazon's pages hand server data to their scripts: `storefront.profile` (display name, bio,
 *   image, social links), `storefront.trendingPicks`, `storefront.curations` and
 *   `storefront.feed` = `{posts, nextPageToken}`.
 * - Later pages are the feed alone, `{posts, nextPageToken}` (endpoints.ts). They carry no
 *   profile, trending picks or curations, so on pages after the first `avatar`, `name`,
 *   `description` are null and `socials`, `trendingPicks`, `curations` are empty.
 * - A post is an idea list, a video or a photo (`postType`); photos have no place in the record
 *   and are skipped. One page may hold lists, videos or both.
 *
 * Outcomes: the record (the robot check and the "Sorry! Something went wrong" dog page are walls,
 * walls.ts, answered UPSTREAM_BLOCKED before any parser); NOT_FOUND for Amazon's not-found page
 * (by its cs_404 tags); a storefront state whose `handle` is another than asked is another
 * creator's storefront (UPSTREAM_FAILED); anything else without the data is a shape change
 * (UPSTREAM_FAILED naming what is missing), never an empty 200.
 *
 * The page token is opaque: it is copied from `nextPageToken` to `pageToken` as it is, never
 * read; whether the next page holds lists or videos is learnt from that page's posts.
 */
import { parse as parseDomain } from 'tldts';
import { isApiError, notFound, shapeChanged } from '../../errors.js';
import { assertSameResource } from '../identity.js';
import { isObj, loadHtml, reader, safeDecode, trimmed } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { ORIGIN, storefrontPath } from './endpoints.js';
import type { RetailShopList, RetailShopVideo, RetailShopTrendingPick, RetailShopCuration, RetailShopPage } from './schema.js';
import { parseUpstreamJson } from '../../parse/json.js';
export type { RetailShopList, RetailShopVideo, RetailShopTrendingPick, RetailShopCuration, RetailShopPage } from './schema.js';

const PLATFORM = 'retail-shop';

// ---------------------------------------------------------------------------------------------
// The record (api.md "Retail-shop page")
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// The caller's storefront URL
// ---------------------------------------------------------------------------------------------

/** Storefront handles as they appear in /shop/<creator>: `sydney.home`, `influencer-03f5875c`. */
const HANDLE_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** Hosts whose storefronts we read: the US site (platform.ts `hosts`). */
const STOREFRONT_HOSTS = new Set(['www.amazon.com', 'amazon.com']);

export type StorefrontUrlResult = { ok: true; handle: string } | { ok: false; message: string };

const MSG_NOT_STOREFRONT = 'must be an Amazon storefront URL (https://www.amazon.com/shop/CREATOR) or a creator name';

/**
 * The creator a caller's `url` names. Accepted: `https://www.amazon.com/shop/<creator>` (http,
 * no `www.`, no scheme, a trailing slash, query and fragment are fine) and a bare creator name —
 * a storefront has one canonical page per creator. Other Amazon country sites are refused (their
 * storefronts, prices and currencies are not read here); so are list, curation and product pages
 * under /shop/<creator>/…, which are not storefronts. Handles are lower-cased: Amazon spells them
 * so, and one spelling means one upstream request per storefront.
 */
export function parseStorefrontUrl(input: string): StorefrontUrlResult {
  const s = input.trim();
  if (!s) return { ok: false, message: MSG_NOT_STOREFRONT };
  // A bare creator name, unless it reads as a host name under a public suffix (`amazon.com`).
  if (HANDLE_RE.test(s) && !(s.includes('.') && parseDomain(s).isIcann)) return { ok: true, handle: s.toLowerCase() };

  // Check the authority as written: URL() would silently drop a default port or credentials.
  const m = /^(?:(https?):\/\/)?([^/?#]*)([/?#].*)?$/i.exec(s);
  if (!m) return { ok: false, message: MSG_NOT_STOREFRONT };
  const authority = m[2].toLowerCase().replace(/\.$/, '');
  if (!authority || authority.includes('@') || authority.includes(':')) return { ok: false, message: MSG_NOT_STOREFRONT };
  if (!STOREFRONT_HOSTS.has(authority)) {
    return parseDomain(authority).domainWithoutSuffix === 'amazon'
      ? { ok: false, message: 'must be a www.amazon.com storefront: other Amazon sites are not supported' }
      : { ok: false, message: MSG_NOT_STOREFRONT };
  }
  let u: URL;
  try {
    u = new URL(`https://${authority}${m[3] ?? '/'}`);
  } catch {
    return { ok: false, message: MSG_NOT_STOREFRONT };
  }
  const segs = u.pathname.split('/').slice(1);
  if (segs[segs.length - 1] === '') segs.pop();
  if (segs.length !== 2 || segs[0].toLowerCase() !== 'shop') {
    return {
      ok: false,
      message: 'must be a storefront URL https://www.amazon.com/shop/CREATOR (not a list, product or other Amazon page)',
    };
  }
  const handle = safeDecode(segs[1]);
  if (!HANDLE_RE.test(handle)) return { ok: false, message: MSG_NOT_STOREFRONT };
  return { ok: true, handle: handle.toLowerCase() };
}

/** The path of a final (post-redirect) URL on Amazon's storefront hosts, or null (another host, no URL). */
function amazonPath(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  return STOREFRONT_HOSTS.has(u.hostname.toLowerCase()) ? u.pathname : null;
}

/** Whether a final (post-redirect) URL is still a storefront page and not Amazon's home page. */
export function isStorefrontLocation(url: string): boolean {
  return /^\/shop\/[^/]+\/?$/i.test(amazonPath(url) ?? '');
}

/**
 * Whether a final (post-redirect) URL is Amazon's home page (`/`, or `/ref=…`, any query): where
 * Amazon sends a storefront that does not exist (or no longer does) — its documented not-found.
 */
export function isHomeLocation(url: string): boolean {
  return /^\/(?:ref=[^/]*)?$/i.test(amazonPath(url) ?? '');
}

// ---------------------------------------------------------------------------------------------
// Pages that are not the storefront
// ---------------------------------------------------------------------------------------------

/**
 * Amazon's not-found page (its 404 dog page), in case it arrives with another status: by its
 * `cs_404` referral tags (`/ref=cs_404_logo`, `/ref=cs_404_link`, `/dogsofamazon/ref=cs_404_d`),
 * which every marketplace's page carries whatever its language — never by its title or the
 * sentence in its image's alt text, which are translated (amazon.de, amazon.co.jp…). The robot
 * check and the throttling dog page are walls, answered by the upstream client before any parser
 * (walls.ts).
 */
const NOT_FOUND_MARK = /\bhref=["'][^"']*\/ref=cs_404_(?:logo|link|d)\b/i;

/** Throws NOT_FOUND when `body` is Amazon's not-found page; returns otherwise. */
export function assertNotNotFoundPage(body: string): void {
  const head = body.length > 300_000 ? body.slice(0, 300_000) : body;
  if (NOT_FOUND_MARK.test(head)) throw notFound('Storefront was not found (Amazon answered with its not-found page)');
}

// ---------------------------------------------------------------------------------------------
// Page 1: the storefront HTML
// ---------------------------------------------------------------------------------------------

/** `data-a-state` key of the storefront state script. */
export const STATE_KEY = 'shop-storefront-state';

function findState(html: string): Obj | null {
  const $ = loadHtml(html, `${PLATFORM}: the storefront page`);
  for (const el of $('script[type="a-state"]').toArray()) {
    let key: unknown;
    try {
      key = (parseUpstreamJson($(el).attr('data-a-state') ?? '', PLATFORM) as Obj).key;
    } catch (e) {
      if (isApiError(e)) throw e;
      continue;
    }
    if (key !== STATE_KEY) continue;
    try {
      const state = parseUpstreamJson($(el).html() ?? '', PLATFORM);
      return isObj(state) ? state : null;
    } catch (e) {
      if (isApiError(e)) throw e;
      throw shapeChanged(PLATFORM, `JSON in the ${STATE_KEY} state script`);
    }
  }
  return null;
}

export function parseStorefrontPage(html: string, handle: string): RetailShopPage {
  if (typeof html !== 'string' || html.trim() === '') throw shapeChanged(PLATFORM, `${STATE_KEY} state script (empty page)`);
  const state = findState(html);
  if (!state) {
    assertNotNotFoundPage(html);
    throw shapeChanged(PLATFORM, `${STATE_KEY} state script`);
  }
  const sf = state.storefront;
  if (!isObj(sf)) throw shapeChanged(PLATFORM, 'storefront in the storefront state');
  // The storefront's own handle, when the state states it, is the one asked for: another
  // creator's storefront (a redirect, a renamed shop) is UPSTREAM_FAILED, never this one's page.
  assertSameResource(PLATFORM, `storefront ${handle}`, { handle }, { handle: typeof sf.handle === 'string' ? sf.handle : undefined });
  const s = reader(sf, { platform: PLATFORM, record: 'storefront' });
  // The storefront page is its header, its feed and its sections: each degrades on its own.
  const profile = s.obj('profile') ?? {};
  const feed = parseFeed(s.child('feed'), handle);

  // Every storefront profile carries a display name and an image URL; the bio is the creator's choice.
  const r = reader(profile, { platform: PLATFORM, record: 'profile' });
  return {
    avatar: r.get('profileImageUrl', (v) => absoluteUrl(v)),
    name: r.get('displayName', trimmed),
    description: r.opt.get('bio', trimmed),
    socials: socialsOf(r),
    lists: feed.lists,
    videos: feed.videos,
    // Sections a storefront may lack; a malformed entry is left out, warned.
    trendingPicks: s.opt.items('trendingPicks', (p) => trendingPick(p, handle)),
    curations: s.opt.items('curations', (c) => curation(c, handle)),
    pageToken: feed.pageToken,
  };
}

// ---------------------------------------------------------------------------------------------
// Later pages: the storefront's JSON page answer
// ---------------------------------------------------------------------------------------------

export function parseFeedPage(body: string, handle: string): RetailShopPage {
  let json: unknown;
  try {
    json = parseUpstreamJson(body, PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
    // An HTML answer to a JSON request: the not-found page, or a changed endpoint.
    assertNotNotFoundPage(body);
    throw shapeChanged(PLATFORM, 'JSON answer to the storefront page request');
  }
  // The answer is the feed itself: without its posts there is no page.
  if (!isObj(json) || !Array.isArray(json.posts)) throw shapeChanged(PLATFORM, 'posts in the page answer');
  const feed = parseFeed(reader(json, { platform: PLATFORM, record: 'feed' }), handle);
  return {
    avatar: null,
    name: null,
    description: null,
    socials: [],
    lists: feed.lists,
    videos: feed.videos,
    trendingPicks: [],
    curations: [],
    pageToken: feed.pageToken,
  };
}

// ---------------------------------------------------------------------------------------------
// Feed posts and sections
// ---------------------------------------------------------------------------------------------

/**
 * A feed (the storefront's first page or a later page's answer) → its idea lists and videos. A
 * post that is not an object, has no type, or lacks what names it (a list's id or url, a video's
 * id) is left out and warned (`feed.posts`); PHOTO posts and types we do not know have no place
 * in the record. Missing posts are an empty feed, warned.
 */
function parseFeed(f: Reader, handle: string): { lists: RetailShopList[]; videos: RetailShopVideo[]; pageToken: string | null } {
  const lists: RetailShopList[] = [];
  const videos: RetailShopVideo[] = [];
  f.items('posts', (post) => {
    const type = post.str('postType')?.toUpperCase() ?? null;
    if (type === null) return null;
    if (type === 'IDEA_LIST' || type === 'LIST') {
      const list = ideaList(post, handle);
      if (!list) return null;
      lists.push(list);
    } else if (type === 'VIDEO') {
      const v = video(post);
      if (!v) return null;
      videos.push(v);
    }
    return type;
  });
  // The token is handed on exactly as given; an absent or empty one ends the feed (another type: warned).
  const next = f.opt.str('nextPageToken');
  return { lists, videos, pageToken: next !== null && next !== '' ? next : null };
}

function ideaList(p: Reader, handle: string): RetailShopList | null {
  const id = p.opt.trimmed('postId');
  // `amzn1.ideas.<LISTID>` is shown at /shop/<creator>/list/<LISTID>.
  const listId = id?.replace(/^amzn1\.ideas\./, '');
  const url =
    p.opt.get('url', (v) => absoluteUrl(v)) ?? (listId ? `${ORIGIN}${storefrontPath(handle)}/list/${encodeURIComponent(listId)}` : null);
  if (!url) return null;
  // README: a card may show no count or image (absent: null; another type: warned).
  return {
    title: p.get('title', trimmed),
    itemCount: p.opt.get('itemCount', count),
    image: p.opt.get('heroImageUrl', (v) => absoluteUrl(v)),
    url,
  };
}

function video(p: Reader): RetailShopVideo | null {
  const id = p.opt.trimmed('postId');
  if (!id) return null;
  const asins = p.opt.items('products', (x) => x.opt.trimmed('asin'));
  return { id, title: p.get('title', trimmed), thumbnail: p.opt.get('thumbnailUrl', (v) => absoluteUrl(v)), asins: [...new Set(asins)] };
}

function trendingPick(p: Reader, handle: string): RetailShopTrendingPick | null {
  const asin = p.opt.trimmed('asin');
  const url =
    p.opt.get('detailPageUrl', (v) => absoluteUrl(v)) ??
    (asin ? `${ORIGIN}${storefrontPath(handle)}/getProductDetails/${encodeURIComponent(asin)}?showRelatedPost=true` : null);
  if (!url) return null;
  // README: no price (unavailable product), no discount (not on sale), no image: null.
  const price = p.opt.get('price', (v) => (isObj(v) ? (num(v.amount) ?? num(v.displayAmount)) : num(v)));
  return { url, image: p.opt.get('imageUrl', (v) => absoluteUrl(v)), price, discount: p.opt.get('savingsPercentage', num) };
}

function curation(c: Reader, handle: string): RetailShopCuration | null {
  const id = c.opt.trimmed('curationId');
  const url =
    c.opt.get('url', (v) => absoluteUrl(v)) ?? (id ? `${ORIGIN}${storefrontPath(handle)}/curation/${encodeURIComponent(id)}` : null);
  if (!url) return null;
  return {
    title: c.get('title', trimmed),
    postCount: c.opt.get('postCount', count),
    image: c.opt.get('coverImageUrl', (v) => absoluteUrl(v)),
    url,
  };
}

/** Social icons: `{socialType, url}` objects (plain strings accepted); http(s) only, first of each URL. */
function socialsOf(r: Reader): string[] {
  const v = r.opt.arr('socialLinks') ?? [];
  const urls = v.map((x) => (isObj(x) ? absoluteUrl(x.url, false) : absoluteUrl(x, false))).filter((u): u is string => u !== null);
  return [...new Set(urls)];
}

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/** A whole count; "1,204" and "72 items" are read as they show. */
function count(v: unknown): number | null {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 ? v : null;
  if (typeof v !== 'string') return null;
  const m = /^\s*(\d{1,3}(?:,\d{3})+|\d+)\b/.exec(v);
  return m ? Number(m[1].replace(/,/g, '')) : null;
}

/** A number, or a US-formatted amount as shown ("$1,299.99", "29%", "-29%" → 29). */
function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.abs(v) : null;
  if (typeof v !== 'string') return null;
  const m = /-?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*%?/.exec(v);
  return m ? Number(`${m[1].replace(/,/g, '')}${m[2] ?? ''}`) : null;
}

/** An absolute http(s) URL; relative paths resolve against www.amazon.com when `relative` is allowed. */
function absoluteUrl(v: unknown, relative = true): string | null {
  const s = trimmed(v);
  if (!s) return null;
  if (!relative && !/^https?:\/\//i.test(s)) return null;
  try {
    const u = new URL(s.startsWith('//') ? `https:${s}` : s, ORIGIN);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}
