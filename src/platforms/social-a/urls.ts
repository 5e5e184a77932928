/**
 * The caller's inputs for social-a: city events page URLs, public page URLs, and our cursors.
 * Pure functions; used by `check` (400 naming the parameter) and `normalize` (canonical args).
 */
import { safeDecode } from '../../parse/index.js';
import { ORIGIN, URL_HOSTS } from './endpoints.js';

/** Facebook object ids: decimal, 5 to 25 digits. */
const FBID_RE = /^\d{5,25}$/;

function parseFacebookUrl(input: unknown): URL | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  // Check the authority as written: URL() would silently drop a default port (":443").
  const m = /^(https?):\/\/([^/?#]*)([/?#].*)?$/i.exec(s);
  if (!m) return null;
  const authority = m[2].toLowerCase();
  if (authority.includes('@') || authority.includes(':')) return null;
  if (!URL_HOSTS.includes(authority)) return null;
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

function segmentsOf(u: URL): string[] {
  return u.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => safeDecode(s));
}

// ---------------------------------------------------------------------------------------------
// City events pages
// ---------------------------------------------------------------------------------------------

export interface CityRef {
  /** The city's Facebook id (the last path segment). */
  cityId: string;
  /** The city slug, lower-cased (`us-new-york`). */
  slug: string;
}

const SLUG_RE = /^[\p{L}\p{N}][\p{L}\p{N}._-]{0,99}$/u;

/**
 * `https://www.facebook.com/events/explore/<city-slug>/<city-id>/` — the URL Facebook's events
 * section gives a city (e.g. `/events/explore/montreal-quebec/102184499823699/`). Any of the
 * facebook.com hosts; query and fragment ignored.
 */
export function parseCityEventsUrl(input: unknown): CityRef | null {
  const u = parseFacebookUrl(input);
  if (!u) return null;
  const segs = segmentsOf(u);
  if (segs.length !== 4 || segs[0].toLowerCase() !== 'events' || segs[1].toLowerCase() !== 'explore') return null;
  const [, , slug, cityId] = segs;
  if (!SLUG_RE.test(slug) || !FBID_RE.test(cityId)) return null;
  return { cityId, slug: slug.toLowerCase() };
}

export function cityEventsPageUrl(c: CityRef): string {
  return `${ORIGIN}/events/explore/${encodeURIComponent(c.slug)}/${c.cityId}/`;
}

// ---------------------------------------------------------------------------------------------
// Public pages
// ---------------------------------------------------------------------------------------------

export type EventsTab = 'upcoming' | 'past';

export interface PageRef {
  /** `vanity` (lower-cased; Facebook usernames are case-insensitive) or the numeric profile id. */
  page: { vanity: string } | { id: string };
  tab: EventsTab;
}

/** Page usernames: letters, digits, periods; older page vanities also hyphens (`Name-Of-Page-8418…`). */
const VANITY_RE = /^[A-Za-z0-9][A-Za-z0-9.\-_]{0,99}$/;

/** First path segments that are site sections, not pages. Compared lower-case. */
const RESERVED = new Set([
  'events',
  'groups',
  'group.php',
  'watch',
  'marketplace',
  'gaming',
  'login',
  'login.php',
  'logout.php',
  'help',
  'settings',
  'photo',
  'photo.php',
  'photos',
  'permalink.php',
  'story.php',
  'share',
  'sharer',
  'sharer.php',
  'dialog',
  'plugins',
  'hashtag',
  'search',
  'l.php',
  'ads',
  'business',
  'policies',
  'privacy',
  'about',
  'messages',
  'notifications',
  'friends',
  'bookmarks',
  'reel',
  'reels',
  'stories',
  'live',
  'fundraisers',
  'games',
  'saved',
  'memories',
  'checkpoint',
  'recover',
  'home.php',
  'video.php',
  'videos',
  'watchparty',
  'media',
  'legal',
  'terms',
  'careers',
  'developers',
  'pages',
  'places',
  'profile.php',
  'people',
  'pg',
  'page',
  'public',
  'r.php',
  'index.php',
  'mobile',
  'lite',
  'help.php',
  'reg',
  'signup',
  'campaign',
  'donate',
]);

const TAB_SEGMENTS: Record<string, EventsTab> = { events: 'upcoming', upcoming_hosted_events: 'upcoming', past_hosted_events: 'past' };

/**
 * A public page (or public profile) URL, optionally at its events tab:
 *  - `https://www.facebook.com/<page>[/events|/upcoming_hosted_events|/past_hosted_events]`
 *  - `https://www.facebook.com/pg/<page>/events/` (the older page form)
 *  - `https://www.facebook.com/profile.php?id=<id>[&sk=events|upcoming_hosted_events|past_hosted_events]`
 *  - `https://www.facebook.com/people/<Name>/<id>/`
 * The past tab is read only when the URL names it; otherwise upcoming events.
 */
export function parsePageUrl(input: unknown): PageRef | null {
  const u = parseFacebookUrl(input);
  if (!u) return null;
  const segs = segmentsOf(u);
  const first = segs[0]?.toLowerCase();
  if (first === 'profile.php') {
    if (segs.length !== 1) return null;
    const id = u.searchParams.get('id') ?? '';
    if (!FBID_RE.test(id)) return null;
    const sk = u.searchParams.get('sk');
    if (sk !== null && sk !== '' && !Object.hasOwn(TAB_SEGMENTS, sk)) return null;
    return { page: { id }, tab: sk ? TAB_SEGMENTS[sk] : 'upcoming' };
  }
  if (first === 'people') {
    // /people/<Display-Name>/<id>/
    if (segs.length !== 3 || !FBID_RE.test(segs[2])) return null;
    return { page: { id: segs[2] }, tab: 'upcoming' };
  }
  const rest = first === 'pg' ? segs.slice(1) : segs;
  if (rest.length < 1 || rest.length > 2) return null;
  const [vanity, tabSeg] = rest;
  if (!VANITY_RE.test(vanity) || RESERVED.has(vanity.toLowerCase())) return null;
  let tab: EventsTab = 'upcoming';
  if (tabSeg !== undefined) {
    const t = Object.hasOwn(TAB_SEGMENTS, tabSeg.toLowerCase()) ? TAB_SEGMENTS[tabSeg.toLowerCase()] : undefined;
    if (!t) return null;
    tab = t;
  }
  if (first === 'pg' && tabSeg === undefined) return null;
  // A numeric "vanity" is a profile id.
  if (FBID_RE.test(vanity)) return { page: { id: vanity }, tab };
  return { page: { vanity: vanity.toLowerCase() }, tab };
}

/** Stable text for a page (cache keys, cursors). */
export function pageKey(p: PageRef['page']): string {
  return 'id' in p ? `id:${p.id}` : p.vanity;
}

/** The logged-out events tab we read for a page. */
export function pageEventsUrl(r: PageRef): string {
  const sk = r.tab === 'past' ? 'past_hosted_events' : 'upcoming_hosted_events';
  return 'id' in r.page ? `${ORIGIN}/profile.php?id=${r.page.id}&sk=${sk}` : `${ORIGIN}/${encodeURIComponent(r.page.vanity)}/${sk}`;
}

// ---------------------------------------------------------------------------------------------
// Cursors
// ---------------------------------------------------------------------------------------------

/**
 * Our cursors are opaque to callers: base64url JSON naming the list they continue (so a cursor
 * handed to another city, page or query is refused with a 400 instead of returning another
 * list's page) and Facebook's own `end_cursor`.
 */
export type Cursor =
  | { k: 'city'; city: string; owner: string; after: string }
  | { k: 'page'; page: string; tab: EventsTab; owner: string; after: string; total: number | null }
  | { k: 'search'; q: string; after: string };

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

/** Facebook's search cursors run to a few kilobytes; ids and list cursors are far shorter. */
const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 6000;

export function decodeCursor(raw: unknown): Cursor | null {
  if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{8,8192}$/.test(raw)) return null;
  let o: unknown;
  try {
    o = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof o !== 'object' || o === null) return null;
  const c = o as Record<string, unknown>;
  if (!str(c.after)) return null;
  switch (c.k) {
    case 'city':
      return FBID_RE.test(String(c.city)) && str(c.owner) ? { k: 'city', city: String(c.city), owner: c.owner, after: c.after } : null;
    case 'page':
      if (!str(c.page) || !str(c.owner) || (c.tab !== 'upcoming' && c.tab !== 'past')) return null;
      if (c.total !== null && !(typeof c.total === 'number' && Number.isInteger(c.total) && c.total >= 0)) return null;
      return { k: 'page', page: c.page, tab: c.tab, owner: c.owner, after: c.after, total: c.total };
    case 'search':
      return typeof c.q === 'string' ? { k: 'search', q: c.q, after: c.after } : null;
    default:
      return null;
  }
}

/** Search text as Facebook compares it: trimmed, inner whitespace collapsed. */
export function normalizeQuery(q: string): string {
  return q.trim().replace(/\s+/g, ' ');
}

/** Cursor and cache identity of a query: case does not change Facebook's results. */
export function queryKey(q: string): string {
  return normalizeQuery(q).toLowerCase();
}
