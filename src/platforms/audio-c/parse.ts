/**
 * Pure parsers for audio-c (SoundCloud): no I/O here, only upstream bodies in, api.md records
 * out ("audio-c artist" in shared/spec/api.md).
 *
 * - `parseArtist`: the user object of `GET https://api-v2.soundcloud.com/resolve?url=<profile>`
 *   (the same object `GET /users/<id>` returns, and the `user` hydratable of a soundcloud.com
 *   page carries), in api.md's field order, every field present and `null` where absent.
 * - `parseHydration` / `parseClientId` / `parseHydratedUser`: the `window.__sc_hydration = [...]`
 *   script of any soundcloud.com page: a JSON array of `{hydratable, data}`. The `apiClient`
 *   entry's `data.id` is the public web `client_id` (2026 home page capture); a profile or set
 *   page carries a `user` entry (2023 set page capture).
 * - `bundleUrls` / `parseClientIdFromBundle`: the fallback when a page has no `apiClient` entry
 *   (2023 pages): the web client's JS bundles on a-v2.sndcdn.com hold `client_id:"…"`.
 * - `parsePlaylistPage` / `parsePlaylist`: a set page's `playlist` hydratable (2023 set page
 *   capture): the set, its creator's full user object (as the artist record), and its tracks —
 *   full track objects for the first few, `{id, kind, monetization_model, policy}` stubs for the
 *   rest (`stub: true`, every other field null: unknown, never invented).
 * - `parseTrack` / `parseTrackList`: api-v2's track object (`resolve` of a track URL) and a page
 *   of `GET /users/<id>/tracks?linked_partitioning=1` (`{collection: [track…], next_href}`); the
 *   track shape is the full track objects of the 2023 set page capture's `playlist` hydratable.
 * - `parseProfileUrl` / `normalizeHandle` / `parseSetUrl` / `parseTrackUrl`: validate a caller's
 *   profile URL, handle, set URL or track URL.
 * Block pages (CloudFront's HTML 403, DataDome's captcha) never reach these parsers: walls.ts and
 * the block catalogue answer them first.
 */
import { isApiError, notFound, shapeChanged } from '../../errors.js';
import { int, isObj, loadHtml, recordReader } from '../../parse/index.js';
import type { Reader } from '../../parse/index.js';
import type {
  AudioCProduct,
  AudioCVisuals,
  AudioCBadges,
  AudioCArtist,
  AudioCPlaylist,
  AudioCPlaylistTrack,
  AudioCUserSummary,
  AudioCPublisherMetadata,
  AudioCTrack,
  AudioCTrackUser,
} from './schema.js';
export type {
  AudioCProduct,
  AudioCVisual,
  AudioCVisuals,
  AudioCBadges,
  AudioCArtist,
  AudioCArtistTracks,
  AudioCPlaylist,
  AudioCPlaylistTrack,
  AudioCPublisherMetadata,
  AudioCTrack,
  AudioCTrackUser,
  AudioCUserSummary,
} from './schema.js';
import { parseUpstreamJson } from '../../parse/json.js';

const PLATFORM = 'audio-c';

// ---------------------------------------------------------------------------------------------
// Artist record
// ---------------------------------------------------------------------------------------------

/** A subscription's `{product: {id}}` (read through `r`, over the subscription object). */
function product(r: Reader): AudioCProduct {
  const p = r.obj('product');
  return { product: p ? { id: r.over(p, 'product').str('id') } : null };
}

function visuals(r: Reader): AudioCVisuals | null {
  // null on accounts without a banner.
  const v = r.obj('visuals');
  if (!v) return null;
  const b = r.over(v, 'visuals');
  return {
    urn: b.str('urn'),
    enabled: b.bool('enabled'),
    visuals: b.items('visuals', (x) => ({ urn: x.str('urn'), entry_time: x.int('entry_time'), visual_url: x.str('visual_url') })),
    tracking: v.tracking ?? null,
  };
}

function badges(r: Reader): AudioCBadges | null {
  const v = r.obj('badges');
  if (!v) return null;
  const b = r.over(v, 'badges');
  // The 2023 set page's badges have no creator_mid_tier (an older shape): the key stays, as null.
  return {
    pro: b.bool('pro'),
    creator_mid_tier: b.opt.bool('creator_mid_tier'),
    pro_unlimited: b.bool('pro_unlimited'),
    verified: b.bool('verified'),
  };
}

/**
 * The api-v2 user object (or a page's `user` hydratable) → the api.md artist record. A missing
 * numeric id is a shape change; a resolved object of another kind (a track, a playlist) is not
 * an artist: NOT_FOUND.
 */
export function parseArtist(json: unknown, handle?: string): AudioCArtist {
  const r = recordReader(json, { platform: PLATFORM, record: 'artist', what: 'user object' });
  const kind = r.str('kind');
  if (kind !== null && kind !== 'user') {
    throw notFound(`${handle ? `soundcloud.com/${handle}` : 'The URL'} is a ${kind}, not an artist profile`);
  }
  const id = r.opt.int('id');
  if (id === null) throw shapeChanged(PLATFORM, 'user id');
  // Only subscribers carry one.
  const subscription = r.opt.obj('creator_subscription');
  return {
    id,
    kind,
    urn: r.str('urn'),
    uri: r.str('uri'),
    permalink: r.str('permalink'),
    permalink_url: r.str('permalink_url'),
    username: r.str('username'),
    first_name: r.str('first_name'),
    last_name: r.str('last_name'),
    full_name: r.str('full_name'),
    description: r.str('description'),
    avatar_url: r.str('avatar_url'),
    city: r.str('city'),
    country_code: r.str('country_code'),
    followers_count: r.int('followers_count'),
    followings_count: r.int('followings_count'),
    track_count: r.int('track_count'),
    playlist_count: r.int('playlist_count'),
    playlist_likes_count: r.int('playlist_likes_count'),
    likes_count: r.int('likes_count'),
    comments_count: r.int('comments_count'),
    groups_count: r.int('groups_count'),
    reposts_count: r.int('reposts_count'),
    verified: r.bool('verified'),
    created_at: r.str('created_at'),
    last_modified: r.str('last_modified'),
    date_of_birth: r.opt.get('date_of_birth', (v) => v) ?? null,
    creator_subscription: subscription ? product(r.over(subscription, 'creator_subscription')) : null,
    creator_subscriptions: r.opt.items('creator_subscriptions', product),
    visuals: visuals(r),
    badges: badges(r),
    station_urn: r.str('station_urn'),
    station_permalink: r.str('station_permalink'),
  };
}

// ---------------------------------------------------------------------------------------------
// window.__sc_hydration
// ---------------------------------------------------------------------------------------------

export interface HydrationEntry {
  hydratable: string;
  data: unknown;
}

const HYDRATION_RE = /^\s*window\.__sc_hydration\s*=\s*/;

/**
 * The value a `window.__sc_hydration = …;` script assigns (trailing whitespace and one `;` off), or
 * null. Not one regex with a lazy value and `;?\s*$` after it: that retried the tail at every
 * character, quadratic in a run of whitespace inside the script.
 */
function hydrationValue(script: string): string | null {
  const m = HYDRATION_RE.exec(script);
  if (!m) return null;
  const value = script.slice(m[0].length).trimEnd();
  return value.endsWith(';') ? value.slice(0, -1) : value;
}

/** The entries of `window.__sc_hydration`, or null when the page has no such script. */
export function parseHydration(html: string): HydrationEntry[] | null {
  const $ = loadHtml(html, `${PLATFORM}: the page`);
  for (const el of $('script:not([src])').toArray()) {
    const value = hydrationValue($(el).text());
    if (value === null) continue;
    let parsed: unknown;
    try {
      parsed = parseUpstreamJson(value, PLATFORM);
    } catch (e) {
      if (isApiError(e)) throw e;
      throw shapeChanged(PLATFORM, 'valid JSON in window.__sc_hydration');
    }
    if (!Array.isArray(parsed)) throw shapeChanged(PLATFORM, 'the window.__sc_hydration array');
    return parsed.filter((e): e is HydrationEntry => isObj(e) && typeof e.hydratable === 'string');
  }
  return null;
}

/** SoundCloud web client ids are 32 alphanumerics; accept a little either side of that. */
const CLIENT_ID_RE = /^[A-Za-z0-9]{20,64}$/;

/** The public web client_id from the `apiClient` hydratable (`data.id`), or null. */
export function parseClientId(html: string): string | null {
  const entry = parseHydration(html)?.find((e) => e.hydratable === 'apiClient');
  const id = entry && isObj(entry.data) ? entry.data.id : undefined;
  return typeof id === 'string' && CLIENT_ID_RE.test(id) ? id : null;
}

/** The `user` hydratable of a profile (or set) page as an artist record, or null without one. */
export function parseHydratedUser(html: string): AudioCArtist | null {
  const entry = parseHydration(html)?.find((e) => e.hydratable === 'user');
  return entry ? parseArtist(entry.data) : null;
}

/**
 * The web client's JS bundles (`<script src="https://a-v2.sndcdn.com/assets/….js">`), last
 * first: the client id sits in one of the late chunks. Only sndcdn.com hosts are returned, so a
 * changed page can never send us to an arbitrary host.
 */
export function bundleUrls(html: string): string[] {
  const $ = loadHtml(html, `${PLATFORM}: the web client's page`);
  const urls = $('script[src]')
    .toArray()
    .map((el) => $(el).attr('src') ?? '')
    .filter((src) => /^https:\/\/[a-z0-9-]+\.sndcdn\.com\/assets\/[^?#]+\.js$/i.test(src));
  return [...new Set(urls)].reverse();
}

/**
 * `client_id:"…"` (or `client_id=…`) in a bundle's source, or null. The `client_id=<id>` form is
 * a query string's (`?client_id=`, `&client_id=`) or one of its own in a string (`"client_id=<id>"`,
 * some bundles since 2020); never a longer name ending in `client_id`.
 */
export function parseClientIdFromBundle(js: string): string | null {
  const m =
    /\bclient_id\s*[:=]\s*["']([A-Za-z0-9]{32})["']/.exec(js) ?? /(?:^|[^A-Za-z0-9_])client_id=([A-Za-z0-9]{32})(?![A-Za-z0-9])/.exec(js);
  return m ? m[1] : null;
}

// ---------------------------------------------------------------------------------------------
// Sets (playlists, albums, EPs…)
// ---------------------------------------------------------------------------------------------

/**
 * A track's `user` (SoundCloud's compact user object) with the members `rest` reads; null when
 * absent, or (warned) when it has no numeric id.
 */
function compactUser<T extends object>(r: Reader, rest: (ur: Reader) => T): ({ id: number } & T) | null {
  const u = r.obj('user');
  if (!u) return null;
  const ur = r.over(u, 'user');
  const id = ur.opt.int('id');
  if (id === null) {
    r.warn('user', 'no numeric user id');
    return null;
  }
  return { id, ...rest(ur) };
}

/** A full track's uploader in a set (the compact user summary). */
function trackUser(r: Reader): AudioCUserSummary | null {
  return compactUser(r, (ur) => ({
    permalink: ur.str('permalink'),
    permalink_url: ur.str('permalink_url'),
    username: ur.str('username'),
    avatar_url: ur.str('avatar_url'),
    verified: ur.bool('verified'),
  }));
}

/** Keys a track stub carries besides its id: anything else makes it a full track object. */
const STUB_KEYS = new Set(['id', 'kind', 'monetization_model', 'policy']);

/**
 * One entry of the playlist's `tracks`: a full track object, or a stub (`{id, kind,
 * monetization_model, policy}`) whose other fields are null — unknown here, never invented, and
 * not warned (stubs are SoundCloud's normal page shape). An entry without a numeric id is left
 * out (warned by `items`).
 */
function playlistTrack(t: Reader): AudioCPlaylistTrack {
  const id = t.id('id', int);
  const stub = Object.keys(t.root as Record<string, unknown>).every((k) => STUB_KEYS.has(k));
  if (stub) {
    return {
      id,
      stub,
      title: null,
      permalink: null,
      permalink_url: null,
      artwork_url: null,
      genre: null,
      duration: null,
      playback_count: null,
      likes_count: null,
      reposts_count: null,
      comment_count: null,
      created_at: null,
      user: null,
    };
  }
  return {
    id,
    stub,
    title: t.str('title'),
    permalink: t.str('permalink'),
    permalink_url: t.str('permalink_url'),
    artwork_url: t.str('artwork_url'),
    genre: t.str('genre'),
    duration: t.int('duration'),
    playback_count: t.int('playback_count'),
    likes_count: t.int('likes_count'),
    reposts_count: t.int('reposts_count'),
    comment_count: t.int('comment_count'),
    created_at: t.str('created_at'),
    user: trackUser(t),
  };
}

/** The set's creator: its full user object as the artist record; null (warned) when there is none with an id. */
function playlistUser(r: Reader): AudioCArtist | null {
  const u = r.obj('user');
  if (!u) return null;
  const ur = r.over(u, 'user');
  const kind = ur.opt.str('kind');
  if (ur.opt.int('id') === null || (kind !== null && kind !== 'user')) {
    r.warn('user', 'not a user object with a numeric id');
    return null;
  }
  return parseArtist(u);
}

/**
 * The `playlist` hydratable's data (the same object api-v2 `/playlists/<id>` answers) → the set
 * record, every field present and null where absent. A missing numeric id is a shape change; an
 * object of another kind (a track, a user) is not a set: NOT_FOUND.
 */
export function parsePlaylist(json: unknown): AudioCPlaylist {
  const r = recordReader(json, { platform: PLATFORM, record: 'playlist', what: 'playlist object' });
  const kind = r.str('kind');
  if (kind !== null && kind !== 'playlist') throw notFound(`The URL is a ${kind}, not a set`);
  const id = r.id('id', int);
  return {
    id,
    kind,
    permalink: r.str('permalink'),
    permalink_url: r.str('permalink_url'),
    uri: r.str('uri'),
    title: r.str('title'),
    description: r.str('description'),
    set_type: r.str('set_type'),
    is_album: r.bool('is_album'),
    genre: r.str('genre'),
    tag_list: r.str('tag_list'),
    label_name: r.str('label_name'),
    license: r.str('license'),
    sharing: r.str('sharing'),
    duration: r.int('duration'),
    track_count: r.int('track_count'),
    likes_count: r.int('likes_count'),
    reposts_count: r.int('reposts_count'),
    artwork_url: r.str('artwork_url'),
    created_at: r.str('created_at'),
    published_at: r.str('published_at'),
    release_date: r.str('release_date'),
    display_date: r.str('display_date'),
    last_modified: r.str('last_modified'),
    user: playlistUser(r),
    tracks: r.items('tracks', playlistTrack),
  };
}

/** Hydratables that carry a resource of the page (the app-wide ones — anonymousId, features… — carry none). */
const RESOURCE_HYDRATABLES = new Set(['user', 'playlist', 'sound']);

/**
 * SoundCloud's app shell, which it answers with HTTP 200 for a path nobody has (a public recording
 * of 2023: a set that does not exist): a hydration without any resource entry, on a page that names
 * no resource (no canonical link, no og:url) and asks not to be indexed.
 */
function isAppShell(html: string, entries: HydrationEntry[]): boolean {
  if (entries.some((e) => RESOURCE_HYDRATABLES.has(e.hydratable))) return false;
  const $ = loadHtml(html, `${PLATFORM}: the page`);
  if ($('link[rel="canonical"]').length > 0 || $('meta[property="og:url"]').length > 0) return false;
  return $('meta[name="robots"]')
    .toArray()
    .some((m) => /\bnoindex\b/i.test($(m).attr('content') ?? ''));
}

/**
 * A set page (`soundcloud.com/<user>/sets/<slug>`) → the set record from its `playlist`
 * hydratable. SoundCloud's app shell in its place (isAppShell) is NOT_FOUND; a page without
 * `window.__sc_hydration`, or without a `playlist` entry, is a changed page (UPSTREAM_FAILED),
 * never an empty set.
 */
export function parsePlaylistPage(html: string): AudioCPlaylist {
  const entries = parseHydration(html);
  if (!entries) throw shapeChanged(PLATFORM, 'window.__sc_hydration on the set page');
  const entry = entries.find((e) => e.hydratable === 'playlist');
  if (!entry && isAppShell(html, entries)) throw notFound('The audio-c set was not found (SoundCloud answered its app shell)');
  if (!entry) throw shapeChanged(PLATFORM, 'the playlist hydratable on the set page');
  return parsePlaylist(entry.data);
}

/** The `<user>` and `<slug>` of a set's `permalink_url` (`https://soundcloud.com/<user>/sets/<slug>`), lower-case; null when it is not one. */
export function setPath(permalinkUrl: string | null): SetRef | null {
  return permalinkUrl === null ? null : parseSetUrl(permalinkUrl);
}

// ---------------------------------------------------------------------------------------------
// Tracks
// ---------------------------------------------------------------------------------------------

/** The keys of publisher_metadata kept (its `id` and `urn` repeat the track's). */
function publisherMetadata(r: Reader): AudioCPublisherMetadata | null {
  // null on tracks without release metadata (SoundCloud sends it as null); its keys vary by track.
  const v = r.obj('publisher_metadata');
  if (!v) return null;
  const m = r.over(v, 'publisher_metadata').opt;
  return {
    artist: m.str('artist'),
    album_title: m.str('album_title'),
    release_title: m.str('release_title'),
    contains_music: m.bool('contains_music'),
    explicit: m.bool('explicit'),
    publisher: m.str('publisher'),
    writer_composer: m.str('writer_composer'),
    isrc: m.str('isrc'),
    iswc: m.str('iswc'),
    upc_or_ean: m.str('upc_or_ean'),
    p_line: m.str('p_line'),
    p_line_for_display: m.str('p_line_for_display'),
    c_line: m.str('c_line'),
    c_line_for_display: m.str('c_line_for_display'),
  };
}

/** A track's uploader (the track record's user). */
function uploader(r: Reader): AudioCTrackUser | null {
  return compactUser(r, (ur) => ({
    urn: ur.str('urn'),
    permalink: ur.str('permalink'),
    permalink_url: ur.str('permalink_url'),
    username: ur.str('username'),
    full_name: ur.str('full_name'),
    avatar_url: ur.str('avatar_url'),
    city: ur.str('city'),
    country_code: ur.str('country_code'),
    verified: ur.bool('verified'),
    followers_count: ur.int('followers_count'),
  }));
}

/** A track object's fields, every one present and null where absent (a missing numeric id: UPSTREAM_FAILED). */
function track(t: Reader): AudioCTrack {
  return {
    id: t.id('id', int),
    kind: t.str('kind'),
    urn: t.str('urn'),
    title: t.str('title'),
    permalink: t.str('permalink'),
    permalink_url: t.str('permalink_url'),
    description: t.str('description'),
    genre: t.str('genre'),
    tag_list: t.str('tag_list'),
    duration: t.int('duration'),
    full_duration: t.int('full_duration'),
    created_at: t.str('created_at'),
    last_modified: t.str('last_modified'),
    release_date: t.str('release_date'),
    display_date: t.str('display_date'),
    playback_count: t.int('playback_count'),
    likes_count: t.int('likes_count'),
    reposts_count: t.int('reposts_count'),
    comment_count: t.int('comment_count'),
    download_count: t.int('download_count'),
    commentable: t.bool('commentable'),
    downloadable: t.bool('downloadable'),
    streamable: t.bool('streamable'),
    sharing: t.str('sharing'),
    policy: t.str('policy'),
    monetization_model: t.str('monetization_model'),
    license: t.str('license'),
    artwork_url: t.str('artwork_url'),
    waveform_url: t.str('waveform_url'),
    label_name: t.str('label_name'),
    publisher_metadata: publisherMetadata(t),
    user: uploader(t),
  };
}

/**
 * api-v2's track object (what `resolve` answers for a track URL) → the track record. A missing
 * numeric id is a shape change; an object of another kind (a user, a playlist) is not a track:
 * NOT_FOUND.
 */
export function parseTrack(json: unknown): AudioCTrack {
  const r = recordReader(json, { platform: PLATFORM, record: 'track', what: 'track object' });
  const kind = r.opt.str('kind');
  if (kind !== null && kind !== 'track') throw notFound(`The URL is a ${kind}, not a track`);
  return track(r);
}

/** One page of a user's tracks as api-v2 answers it: the tracks, and `next_href` as given (null on the last page). */
export interface TrackPage {
  tracks: AudioCTrack[];
  nextHref: string | null;
}

/**
 * `GET /users/<id>/tracks?linked_partitioning=1` → its tracks and `next_href`. An answer without
 * a `collection` array is a shape change (never an empty list); an entry without a numeric id, or
 * of another kind than track, is left out (warned), the others stay.
 */
export function parseTrackList(json: unknown): TrackPage {
  const r = recordReader(json, { platform: PLATFORM, record: 'tracks', what: 'tracks page' });
  if (!Array.isArray(r.opt.arr('collection'))) throw shapeChanged(PLATFORM, 'the collection of the tracks page');
  const tracks = r.items('collection', (t) => {
    const kind = t.opt.str('kind');
    return kind === null || kind === 'track' ? track(t) : null;
  });
  return { tracks, nextHref: r.opt.str('next_href') };
}

/** SoundCloud's api-v2 host, the only one a `next_href` may name. */
const API_V2_HOST = 'api-v2.soundcloud.com';

/**
 * The `offset` of a tracks page's `next_href`, when it names the next page of user `userId`'s
 * tracks (`https://api-v2.soundcloud.com/users/<id>/tracks?offset=…`, the id also as
 * `soundcloud:users:<id>`); `other` when it names another list, `null` when it carries no offset.
 */
export function nextTracksOffset(nextHref: string, userId: number): string | null | 'other' {
  let u: URL;
  try {
    u = new URL(nextHref);
  } catch {
    return null;
  }
  const m = /^\/users\/(?:soundcloud:users:)?(\d+)\/tracks\/?$/.exec(decodeURIComponent(u.pathname));
  if (u.hostname !== API_V2_HOST || !m) return null;
  if (m[1] !== String(userId)) return 'other';
  const offset = u.searchParams.get('offset');
  return offset === null || offset === '' ? null : offset;
}

// ---------------------------------------------------------------------------------------------
// Handles and profile URLs
// ---------------------------------------------------------------------------------------------

/** SoundCloud permalinks: letters, digits, `_` and `-` (lower-case in practice). */
const HANDLE_RE = /^[a-z0-9_-]{1,100}$/;

/** First path segments on soundcloud.com that are site sections, not profiles. */
const RESERVED = new Set([
  'charts',
  'connect',
  'discover',
  'feed',
  'for-artists',
  'imprint',
  'jobs',
  'library',
  'logout',
  'messages',
  'mobile',
  'notifications',
  'pages',
  'people',
  'player',
  'popular',
  'pro',
  'search',
  'settings',
  'signin',
  'signup',
  'stations',
  'stream',
  'tags',
  'terms-of-use',
  'upload',
  'you',
]);

/** Profile tabs that may follow the handle (`/handle/tracks`); anything else is a track or set. */
const PROFILE_TABS = new Set([
  'tracks',
  'albums',
  'sets',
  'reposts',
  'popular-tracks',
  'likes',
  'followers',
  'following',
  'comments',
  'spotlight',
]);

/** `@Some_Artist` → `some_artist`; null when it is not a plausible SoundCloud permalink. */
export function normalizeHandle(input: string): string | null {
  const h = input.trim().replace(/^@/, '').toLowerCase();
  return HANDLE_RE.test(h) && !RESERVED.has(h) ? h : null;
}

/** The path segments of a soundcloud.com (www., m.) URL, else null (another host, or not a URL). */
function soundcloudPath(input: string): string[] | null {
  const s = input.trim();
  const m = /^https?:\/\/([^/?#]*)([/?#].*)?$/i.exec(s);
  if (!m) return null;
  const host = m[1].toLowerCase();
  if (host !== 'soundcloud.com' && host !== 'www.soundcloud.com' && host !== 'm.soundcloud.com') return null;
  try {
    return new URL(s).pathname.split('/').filter(Boolean);
  } catch {
    return null;
  }
}

/** A soundcloud.com profile URL → its handle (lower-case), else null. */
export function parseProfileUrl(input: string): string | null {
  const segs = soundcloudPath(input);
  if (!segs || segs.length === 0 || segs.length > 2) return null;
  if (segs.length === 2 && !PROFILE_TABS.has(segs[1].toLowerCase())) return null;
  return segs[0].startsWith('@') ? null : normalizeHandle(segs[0]);
}

/** A set, as its URL names it: `soundcloud.com/<handle>/sets/<slug>`, both lower-case. */
export interface SetRef {
  handle: string;
  slug: string;
}

/**
 * A soundcloud.com (www., m.) set URL → its handle and slug (lower-case: SoundCloud permalinks
 * are lower-case letters, digits, `_` and `-`), else null. A secret link (`…/<slug>/s-<token>`),
 * a tab of the set page and an on.soundcloud.com short link (which only a request resolves) are
 * not taken.
 */
export function parseSetUrl(input: string): SetRef | null {
  const segs = soundcloudPath(input);
  if (!segs) return null;
  if (segs.length !== 3 || segs[1].toLowerCase() !== 'sets' || segs[0].startsWith('@')) return null;
  const handle = normalizeHandle(segs[0]);
  const slug = segs[2].toLowerCase();
  return handle && HANDLE_RE.test(slug) ? { handle, slug } : null;
}

/** A track, as its URL names it: `soundcloud.com/<handle>/<slug>`, both lower-case. */
export interface TrackRef {
  handle: string;
  slug: string;
}

/**
 * A soundcloud.com (www., m.) track URL → its handle and slug (lower-case), else null. Exactly two
 * path segments, the second not a profile tab (`/likes`, `/sets`…): a set, a secret link
 * (`…/<slug>/s-<token>`), a track's own tabs (`…/comments`) and an on.soundcloud.com short link
 * are not taken.
 */
export function parseTrackUrl(input: string): TrackRef | null {
  const segs = soundcloudPath(input);
  if (!segs || segs.length !== 2 || segs[0].startsWith('@')) return null;
  const handle = normalizeHandle(segs[0]);
  const slug = segs[1].toLowerCase();
  return handle && HANDLE_RE.test(slug) && !PROFILE_TABS.has(slug) ? { handle, slug } : null;
}
