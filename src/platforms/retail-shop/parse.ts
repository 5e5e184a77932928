/**
 * retail-shop (Amazon creator storefronts) — pure parsing: the caller's storefront URL, the
 * storefront HTML (page 1) and the storefront's JSON page answers (later pages). No I/O.
 *
 * Where the data is (no capture exists, platforms.md; test/pages/retail-shop.ts holds the pages we wrote):
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
 * (by its cs_404 tags); anything else without the data is a shape change (UPSTREAM_FAILED naming
 * what is missing), never an empty 200.
 *
 * The page token is opaque: it is copied from `nextPageToken` to `pageToken` as it is, never
 * read; whether the next page holds lists or videos is learnt from that page's posts.
 */
import * as cheerio from 'cheerio';
import { parse as parseDomain } from 'tldts';
import { notFound, shapeChanged } from '../../errors.js';
import { isObj, reader, safeDecode, trimmed } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import { ORIGIN, storefrontPath } from './endpoints.js';
import type { RetailShopList, RetailShopVideo, RetailShopTrendingPick, RetailShopCuration, RetailShopPage } from './schema.js';
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

/** Whether a final (post-redirect) URL is still a storefront page and not Amazon's home page. */
export function isStorefrontLocation(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return STOREFRONT_HOSTS.has(u.hostname.toLowerCase()) && /^\/shop\/[^/]+\/?$/i.test(u.pathname);
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
  const $ = cheerio.load(html);
  for (const el of $('script[type="a-state"]').toArray()) {
    let key: unknown;
    try {
      key = (JSON.parse($(el).attr('data-a-state') ?? '') as Obj).key;
    } catch {
      continue;
    }
    if (key !== STATE_KEY) continue;
    try {
      const state = JSON.parse($(el).html() ?? '') as unknown;
      return isObj(state) ? state : null;
    } catch {
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
  const profile = sf.profile;
  if (!isObj(profile)) throw shapeChanged(PLATFORM, 'storefront.profile');
  const feed = parseFeed(sf.feed, handle, 'storefront.feed');

  // Every storefront profile carries a display name and an image URL; the bio is the creator's choice.
  const r = reader(profile, { platform: PLATFORM, record: 'profile' });
  return {
    avatar: r.get('profileImageUrl', (v) => absoluteUrl(v)),
    name: r.get('displayName', trimmed),
    description: r.opt.get('bio', trimmed),
    socials: socialsOf(profile.socialLinks),
    lists: feed.lists,
    videos: feed.videos,
    // Sections a storefront may lack; present but malformed entries are a shape change.
    trendingPicks: optionalArray(sf.trendingPicks, 'storefront.trendingPicks').map((p, i) => trendingPick(p, handle, i)),
    curations: optionalArray(sf.curations, 'storefront.curations').map((c, i) => curation(c, handle, i)),
    pageToken: feed.pageToken,
  };
}

// ---------------------------------------------------------------------------------------------
// Later pages: the storefront's JSON page answer
// ---------------------------------------------------------------------------------------------

export function parseFeedPage(body: string, handle: string): RetailShopPage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    // An HTML answer to a JSON request: the not-found page, or a changed endpoint.
    assertNotNotFoundPage(body);
    throw shapeChanged(PLATFORM, 'JSON answer to the storefront page request');
  }
  const feed = parseFeed(json, handle, 'page answer');
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

function parseFeed(
  feed: unknown,
  handle: string,
  where: string,
): { lists: RetailShopList[]; videos: RetailShopVideo[]; pageToken: string | null } {
  if (!isObj(feed) || !Array.isArray(feed.posts)) throw shapeChanged(PLATFORM, `posts in the ${where}`);
  const lists: RetailShopList[] = [];
  const videos: RetailShopVideo[] = [];
  feed.posts.forEach((post, i) => {
    if (!isObj(post)) throw shapeChanged(PLATFORM, `post ${i + 1} in the ${where}`);
    const type = typeof post.postType === 'string' ? post.postType.toUpperCase() : '';
    if (type === 'IDEA_LIST' || type === 'LIST') lists.push(ideaList(post, handle, i));
    else if (type === 'VIDEO') videos.push(video(post, i));
    else if (!type) throw shapeChanged(PLATFORM, `postType of post ${i + 1} in the ${where}`);
    // PHOTO and post types we do not know have no place in the record.
  });
  // The token is handed on exactly as given; an absent or empty one ends the feed.
  const next = feed.nextPageToken;
  return { lists, videos, pageToken: typeof next === 'string' && next !== '' ? next : null };
}

function ideaList(p: Obj, handle: string, i: number): RetailShopList {
  const id = trimmed(p.postId);
  // `amzn1.ideas.<LISTID>` is shown at /shop/<creator>/list/<LISTID>.
  const listId = id?.replace(/^amzn1\.ideas\./, '');
  const url = absoluteUrl(p.url) ?? (listId ? `${ORIGIN}${storefrontPath(handle)}/list/${encodeURIComponent(listId)}` : null);
  if (!url) throw shapeChanged(PLATFORM, `postId/url of idea list post ${i + 1}`);
  return { title: trimmed(p.title), itemCount: count(p.itemCount), image: absoluteUrl(p.heroImageUrl), url };
}

function video(p: Obj, i: number): RetailShopVideo {
  const id = trimmed(p.postId);
  if (!id) throw shapeChanged(PLATFORM, `postId of video post ${i + 1}`);
  const products = Array.isArray(p.products) ? p.products : [];
  const asins = products.map((x) => (isObj(x) ? trimmed(x.asin) : trimmed(x))).filter((a): a is string => a !== null);
  return { id, title: trimmed(p.title), thumbnail: absoluteUrl(p.thumbnailUrl), asins: [...new Set(asins)] };
}

function trendingPick(p: unknown, handle: string, i: number): RetailShopTrendingPick {
  if (!isObj(p)) throw shapeChanged(PLATFORM, `trending pick ${i + 1}`);
  const asin = trimmed(p.asin);
  const url =
    absoluteUrl(p.detailPageUrl) ??
    (asin ? `${ORIGIN}${storefrontPath(handle)}/getProductDetails/${encodeURIComponent(asin)}?showRelatedPost=true` : null);
  if (!url) throw shapeChanged(PLATFORM, `asin/detailPageUrl of trending pick ${i + 1}`);
  const price = isObj(p.price) ? (num(p.price.amount) ?? num(p.price.displayAmount)) : num(p.price);
  return { url, image: absoluteUrl(p.imageUrl), price, discount: num(p.savingsPercentage) };
}

function curation(c: unknown, handle: string, i: number): RetailShopCuration {
  if (!isObj(c)) throw shapeChanged(PLATFORM, `curation ${i + 1}`);
  const id = trimmed(c.curationId);
  const url = absoluteUrl(c.url) ?? (id ? `${ORIGIN}${storefrontPath(handle)}/curation/${encodeURIComponent(id)}` : null);
  if (!url) throw shapeChanged(PLATFORM, `curationId/url of curation ${i + 1}`);
  return { title: trimmed(c.title), postCount: count(c.postCount), image: absoluteUrl(c.coverImageUrl), url };
}

/** Social icons: `{socialType, url}` objects (plain strings accepted); http(s) only, first of each URL. */
function socialsOf(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  const urls = v.map((x) => (isObj(x) ? absoluteUrl(x.url, false) : absoluteUrl(x, false))).filter((u): u is string => u !== null);
  return [...new Set(urls)];
}

function optionalArray(v: unknown, what: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw shapeChanged(PLATFORM, `${what} (not a list)`);
  return v;
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
