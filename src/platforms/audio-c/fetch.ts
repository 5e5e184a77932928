/**
 * Upstream requests for audio-c (SoundCloud).
 *
 * The artist comes from `GET https://api-v2.soundcloud.com/resolve?url=<profile url>&client_id=<id>`
 * (platforms.md). The `client_id` is the public web client's id, scraped from the home page's
 * `apiClient` hydratable (or, failing that, from its JS bundles) and kept in a TokenSource:
 * fetched on first need, shared by concurrent requests, refreshed and retried once when api-v2
 * refuses it (401, or 403 with a JSON body).
 *
 * A 403 with an HTML body (CloudFront "Request blocked") or a DataDome captcha is a block, not a
 * refused token: refetching the client id would not help, so it is UPSTREAM_BLOCKED at once — a
 * wall (walls.ts) or a vendor page of the block catalogue, answered by the upstream client before
 * this module sees it.
 *
 * When `resolve` (or finding the client id) fails otherwise (an error status, a timeout, a
 * changed answer), the profile page itself is the fallback: `GET https://soundcloud.com/<handle>`
 * carries the same user object in its `user` hydratable (parseHydratedUser). It is used only when
 * it is the asked account (its permalink is the handle); a block there is UPSTREAM_BLOCKED, and
 * when the page does not help (an error, no user, another account) the resolve error stands.
 * Each fallback is counted as the parser warning `artist.resolve`.
 *
 * A set (playlist, album…) is its page, `GET https://soundcloud.com/<user>/sets/<slug>`, read
 * from its `playlist` hydratable (one request, no client id). The page is the asked set only when
 * what it states of itself is the asked URL — its `permalink_url`'s user and slug, its
 * `permalink`, its creator's `permalink` — and it states its permalink or URL; a page of another set
 * (a redirect after a rename, another account's) is UPSTREAM_FAILED, never this set's data.
 *
 * A track is `resolve` of its URL (the artist's request, the same client id and walls). The
 * answer is the asked track only when it is a track whose `permalink_url` names the asked user and
 * slug (and its `permalink` and uploader's `permalink`, where stated, agree): resolve follows
 * redirects, and a renamed or other resource is UPSTREAM_FAILED, never data.
 *
 * An artist's tracks: the artist as the artist operation reads it (fetchArtist: resolve, its
 * fallback and identity check), then `GET /users/<id>/tracks?limit=20&linked_partitioning=1`.
 * Every track must be that user's (its uploader's id and permalink, its URL's user, where stated),
 * else UPSTREAM_FAILED. Our cursor binds `next_href`'s `offset` to the handle and user id; only the
 * offset goes upstream, on the URL built here (never a URL from the answer or the caller).
 */
import { invalidParam, notFound, shapeChanged, isApiError, upstreamFailed } from '../../errors.js';
import { expectOk, expectStepOk } from '../../upstream/client.js';
import { warn } from '../../observability/warn.js';
import type { Upstream, UpstreamResponse } from '../../upstream/client.js';
import { createTokenSource, tokenSource, TokenRefusedError } from '../../upstream/tokens.js';
import type { Token, TokenSource } from '../../upstream/tokens.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import { optionalStep } from '../partial-read.js';
import type { AudioCArtist, AudioCArtistTracks, AudioCPlaylist, AudioCTrack, SetRef, TrackRef } from './parse.js';
import {
  bundleUrls,
  nextTracksOffset,
  normalizeHandle,
  parseArtist,
  parseClientId,
  parseClientIdFromBundle,
  parseHydratedUser,
  parseProfileUrl,
  parsePlaylistPage,
  parseTrack,
  parseTrackList,
  parseTrackUrl,
  setPath,
} from './parse.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

import type { AudioCWebProfile } from './profile.js';
import { parseWebProfiles } from './profile.js';
import { assertSameResource } from '../identity.js';

const PLATFORM = 'audio-c';
const HOME_URL = 'https://soundcloud.com/';

/**
 * How long a scraped client_id is used before it is fetched again. SoundCloud states no expiry
 * (the home page's `apiClient` says `isExpiring: false`) but rotates web client ids with its
 * deploys; six hours bounds how long a rotated id is tried first, and a refused id is replaced
 * at once anyway.
 */
export const CLIENT_ID_LIFETIME_MS = 6 * 60 * 60 * 1000;

/** At most this many bundles are searched when the page has no `apiClient` hydratable. */
const MAX_BUNDLES = 8;

const looksLikeHtml = (res: UpstreamResponse) => /^\s*</.test(res.text());

async function fetchClientId(upstream: Upstream, signal?: AbortSignal): Promise<Token> {
  const home = await upstream.request({ url: HOME_URL, platform: PLATFORM, headers: { accept: 'text/html' }, signal });
  const html = home.text();
  expectStepOk(home, PLATFORM, 'The soundcloud.com home page');
  const fromPage = parseClientId(html);
  if (fromPage) return { value: fromPage, expiresAt: Date.now() + CLIENT_ID_LIFETIME_MS };

  for (const url of bundleUrls(html).slice(0, MAX_BUNDLES)) {
    const res = await upstream.request({ url, platform: PLATFORM, headers: { accept: '*/*' }, signal });
    if (res.status < 200 || res.status >= 300) continue;
    const id = parseClientIdFromBundle(res.text());
    if (id) return { value: id, expiresAt: Date.now() + CLIENT_ID_LIFETIME_MS };
  }
  throw shapeChanged(PLATFORM, 'public client_id (no apiClient hydratable on the home page and none in its JS bundles)');
}

/** The client_id source of this upstream client (tests with their own client get their own). */
export function clientIdSource(upstream: Upstream): TokenSource {
  return tokenSource(upstream, 'audio-c:client_id', (client) =>
    createTokenSource(`${PLATFORM} client_id`, (signal) => fetchClientId(client, signal)),
  );
}

export function resolveUrl(profileUrl: string, clientId: string): string {
  return `https://api-v2.soundcloud.com/resolve?url=${encodeURIComponent(profileUrl)}&client_id=${encodeURIComponent(clientId)}`;
}

export async function fetchArtist(ctx: OpContext, handle: string): Promise<AudioCArtist> {
  try {
    return await resolveArtist(ctx, handle);
  } catch (e) {
    if (ctx.signal?.aborted || !isApiError(e) || (e.code !== 'UPSTREAM_FAILED' && e.code !== 'UPSTREAM_TIMEOUT')) throw e;
    const fromPage = await profilePageArtist(ctx, handle).catch((pageError: unknown) => {
      // A block on the page is the answer; anything else (a 404 too: resolve did not say so): the resolve error stands.
      if (isApiError(pageError) && pageError.code === 'UPSTREAM_BLOCKED') throw pageError;
      return null;
    });
    if (!fromPage) throw e;
    warn(PLATFORM, 'artist.resolve', e.message, ctx.read);
    return fromPage;
  }
}

/** The artist from the profile page's `user` hydratable; null when the page carries none. */
async function profilePageArtist(ctx: OpContext, handle: string): Promise<AudioCArtist | null> {
  const res = await ctx.upstream.request({
    url: `https://soundcloud.com/${handle}`,
    platform: PLATFORM,
    headers: { accept: 'text/html' },
    signal: ctx.signal,
  });
  const html = res.text();
  expectOk(res, PLATFORM, `The profile page of ${handle}`);
  const artist = parsed(ctx, () => parseHydratedUser(html));
  // Another account's data is never this artist's (a redirect to a renamed or other profile).
  if (!artist || artist.permalink?.toLowerCase() !== handle.toLowerCase()) return null;
  return artist;
}

/**
 * One api-v2 request with the shared client id, answered the same way for every api-v2 record: a
 * block page is UPSTREAM_BLOCKED, a refused client id is renewed once (TokenRefusedError), a 404
 * is the record's NOT_FOUND, HTML where JSON belongs is a changed shape.
 */
async function apiV2Json(ctx: OpContext, url: (clientId: string) => string, what: string, json: string, missing: string): Promise<unknown> {
  return clientIdSource(ctx.upstream).withToken(
    async (clientId) => {
      const res = await ctx.upstream.request({
        url: url(clientId),
        platform: PLATFORM,
        headers: { accept: 'application/json', origin: 'https://soundcloud.com', referer: HOME_URL },
        signal: ctx.signal,
      });
      // An HTML 403 and a vendor's captcha are walls (walls.ts, the catalogue), answered before this.
      if (res.status === 401 || res.status === 403) throw new TokenRefusedError(res.status);
      if (res.status === 404) throw notFound(missing);
      expectOk(res, PLATFORM, what);
      if (looksLikeHtml(res)) throw shapeChanged(PLATFORM, `${json} (api-v2 answered with HTML)`);
      return res.json();
    },
    { signal: ctx.signal },
  );
}

async function resolveArtist(ctx: OpContext, handle: string): Promise<AudioCArtist> {
  const profileUrl = `https://soundcloud.com/${handle}`;
  const body = await apiV2Json(
    ctx,
    (clientId) => resolveUrl(profileUrl, clientId),
    `Artist ${handle}`,
    'JSON user object',
    `No audio-c artist with handle ${JSON.stringify(handle)}`,
  );
  const artist = parsed(ctx, () => parseArtist(body, handle));
  assertArtistOf(handle, artist);
  return artist;
}

/**
 * Another account than asked is no answer (identity.ts): the user's permalink and the handle its
 * permalink_url names, each where stated, against the handle — and one of them must be stated (a
 * user naming neither cannot be told to be the asked one).
 */
function assertArtistOf(handle: string, artist: AudioCArtist): void {
  const what = `artist ${handle}`;
  if (artist.permalink === null && artist.permalink_url === null)
    throw upstreamFailed(`${PLATFORM}: the upstream answered ${what} with a user that names no permalink`);
  assertSameResource(PLATFORM, what, { handle }, { handle: artist.permalink });
  // A permalink_url that is not a profile URL differs from the handle (compared as it is).
  if (artist.permalink_url !== null)
    assertSameResource(PLATFORM, what, { handle }, { handle: parseProfileUrl(artist.permalink_url) ?? artist.permalink_url });
}

/** `https://api-v2.soundcloud.com/users/soundcloud:users:<id>/web-profiles?client_id=<id>` */
export function webProfilesUrl(userId: number, clientId: string): string {
  return `https://api-v2.soundcloud.com/users/soundcloud:users:${userId}/web-profiles?client_id=${encodeURIComponent(clientId)}`;
}

/** A user's "web profiles" (profile.ts), with the same client id and the same block handling as the artist. */
export async function fetchWebProfiles(ctx: OpContext, userId: number): Promise<AudioCWebProfile[]> {
  const body = await apiV2Json(
    ctx,
    (clientId) => webProfilesUrl(userId, clientId),
    `Web profiles of user ${userId}`,
    'JSON web profiles',
    `No audio-c user ${userId}`,
  );
  return parsed(ctx, () => parseWebProfiles(body));
}

export interface AudioCProfile {
  artist: AudioCArtist;
  webProfiles: AudioCWebProfile[];
}

/**
 * An artist and its web profiles: `resolve` (the artist operation's own fetch and parse), then
 * the web profiles of the id it answered. A resolved user whose permalink is not the handle asked
 * for is another account (UPSTREAM_FAILED, identity.ts), never used as this one.
 */
export async function fetchArtistProfile(ctx: OpContext, handle: string): Promise<AudioCProfile> {
  const artist = await fetchArtist(ctx, handle);
  assertArtistOf(handle, artist);
  return { artist, webProfiles: await fetchWebProfiles(ctx, artist.id) };
}

/**
 * A set from its page (parsePlaylistPage). A 404 is NOT_FOUND; a page about another set than the
 * one asked (identity.ts) is UPSTREAM_FAILED.
 */
export async function fetchPlaylist(ctx: OpContext, set: SetRef): Promise<AudioCPlaylist> {
  const path = `${set.handle}/sets/${set.slug}`;
  const res = await ctx.upstream.request({
    url: `https://soundcloud.com/${path}`,
    platform: PLATFORM,
    headers: { accept: 'text/html' },
    signal: ctx.signal,
  });
  const html = res.text();
  expectOk(res, PLATFORM, `The audio-c set ${path}`);
  const playlist = parsed(ctx, () => parsePlaylistPage(html));
  const stated = setPath(playlist.permalink_url);
  // With neither its permalink nor its URL the page does not say which set it is: it cannot be this one.
  // A permalink_url that is not a set URL differs from the asked path (compared as it is).
  if (playlist.permalink === null && stated === null) throw shapeChanged(PLATFORM, `the permalink of set ${path}`);
  const what = `set ${path}`;
  assertSameResource(
    PLATFORM,
    what,
    { type: 'playlist', handle: path },
    { type: playlist.kind, handle: stated ? `${stated.handle}/sets/${stated.slug}` : playlist.permalink_url },
  );
  assertSameResource(PLATFORM, what, { handle: set.slug }, { handle: playlist.permalink });
  assertSameResource(PLATFORM, what, { handle: set.handle }, { handle: playlist.user?.permalink });
  return playlist;
}

/**
 * A track by `resolve` of its URL (parseTrack). A 404 is NOT_FOUND; an object of another kind is
 * NOT_FOUND (parseTrack); a track other than the asked one (identity.ts) is UPSTREAM_FAILED.
 */
export async function fetchTrack(ctx: OpContext, t: TrackRef): Promise<AudioCTrack> {
  const path = `${t.handle}/${t.slug}`;
  const body = await apiV2Json(
    ctx,
    (clientId) => resolveUrl(`https://soundcloud.com/${path}`, clientId),
    `Track ${path}`,
    'JSON track object',
    `No audio-c track ${JSON.stringify(path)}`,
  );
  const track = parsed(ctx, () => parseTrack(body));
  // Without its URL the answer does not say which track it is: it cannot be this one.
  if (track.permalink_url === null) throw shapeChanged(PLATFORM, `the permalink_url of track ${path}`);
  // A permalink_url that is not a track URL differs from the asked path (compared as it is).
  const stated = parseTrackUrl(track.permalink_url);
  const what = `track ${path}`;
  assertSameResource(
    PLATFORM,
    what,
    { type: 'track', handle: path },
    { type: track.kind, handle: stated ? `${stated.handle}/${stated.slug}` : track.permalink_url },
  );
  assertSameResource(PLATFORM, what, { handle: t.slug }, { handle: track.permalink });
  assertSameResource(PLATFORM, what, { handle: t.handle }, { handle: track.user?.permalink });
  return track;
}

/** api-v2 sends at most this many tracks a page (the web client's own page size). */
export const TRACKS_PER_PAGE = 20;

/** What the artist tracks operation reads: the handle, and the page a cursor of ours names (null: the first). */
export interface ArtistTracksArgs {
  handle: string;
  /** The user id the cursor was made for (null on the first page). */
  userId: number | null;
  /** api-v2's `offset` of the page (null on the first page). */
  offset: string | null;
}

/** The longest upstream offset a cursor may carry (SoundCloud's are `<date>,tracks,<id>`, some 50 characters). */
const MAX_OFFSET = 256;

/** Our cursor for the next page: api-v2's offset bound to the handle and user id it pages. */
export const encodeTracksCursor = (handle: string, userId: number, offset: string): string =>
  encodeCursor({ h: handle, u: userId, o: offset });

/** The handle, user id and offset a cursor of ours names, or null for anything else. */
export function decodeTracksCursor(raw: string): { handle: string; userId: number; offset: string } | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.h !== 'string' || normalizeHandle(c.h) !== c.h) return null;
  if (typeof c.u !== 'number' || !Number.isSafeInteger(c.u) || c.u <= 0) return null;
  if (typeof c.o !== 'string' || c.o === '' || c.o.length > MAX_OFFSET) return null;
  return { handle: c.h, userId: c.u, offset: c.o };
}

/** `https://api-v2.soundcloud.com/users/<id>/tracks?limit=20&linked_partitioning=1[&offset=…]&client_id=<id>` */
export function userTracksUrl(userId: number, offset: string | null, clientId: string): string {
  const q = new URLSearchParams({ limit: String(TRACKS_PER_PAGE), linked_partitioning: '1' });
  if (offset !== null) q.set('offset', offset);
  q.set('client_id', clientId);
  return `https://api-v2.soundcloud.com/users/${userId}/tracks?${q}`;
}

/** How many empty pages in a row one request reads past (see fetchArtistTracks). */
const EMPTY_PAGES_READ_PAST = 4;

/**
 * One page of an artist's public tracks (see the module header). A cursor made for another user
 * id than the handle resolves to now (the handle was given to another account) is 400 on
 * `cursor`; a track of another uploader, or a `next_href` paging another user, is UPSTREAM_FAILED.
 * SoundCloud answers a page of tracks the visitor may not see as an empty page with a next one:
 * such pages are read past (at most EMPTY_PAGES_READ_PAST more requests), so `tracks: []` comes
 * with a cursor only when that many were empty in a row or reading on failed. A `next_href` whose
 * offset this request already asked (the cursor's, or one read past) is the end of the list.
 */
export async function fetchArtistTracks(ctx: OpContext, a: ArtistTracksArgs): Promise<AudioCArtistTracks> {
  const artist = await fetchArtist(ctx, a.handle);
  assertArtistOf(a.handle, artist);
  if (a.userId !== null && a.userId !== artist.id) throw invalidParam('cursor', 'belongs to another artist (another user id)');
  // The offsets asked in this request, the cursor's included: a next_href naming one of them again
  // (an upstream looping, A → A or A → B → A) ends the list, never a cursor back to a page read.
  const asked = new Set(a.offset === null ? [] : [a.offset]);
  const ending = (p: TracksPage): TracksPage => (p.next !== null && asked.has(p.next) ? { ...p, next: null } : p);
  let page = ending(await tracksPage(ctx, a.handle, artist.id, a.offset));
  for (let more = 0; !page.tracks.length && page.next !== null && more < EMPTY_PAGES_READ_PAST; more++) {
    const next: string = page.next;
    asked.add(next);
    const read = await optionalStep(ctx, { platform: PLATFORM, field: 'tracks.next' }, () => tracksPage(ctx, a.handle, artist.id, next));
    // Reading on failed: the empty page stands, its cursor asking for that page again.
    if (!read) break;
    page = ending(read);
  }
  return { tracks: page.tracks, cursor: page.next === null ? null : encodeTracksCursor(a.handle, artist.id, page.next) };
}

/** A page of tracks and the offset of the page after (null: the last). */
interface TracksPage {
  tracks: AudioCTrack[];
  next: string | null;
}

/** One `GET /users/<id>/tracks` page, its tracks checked to be that user's, and the offset of the page after (null: the last). */
async function tracksPage(ctx: OpContext, handle: string, userId: number, offset: string | null): Promise<TracksPage> {
  const body = await apiV2Json(
    ctx,
    (clientId) => userTracksUrl(userId, offset, clientId),
    `Tracks of ${handle}`,
    'JSON tracks page',
    `No audio-c artist with handle ${JSON.stringify(handle)}`,
  );
  const page = parsed(ctx, () => parseTrackList(body));
  const what = `the tracks of ${handle}`;
  for (const t of page.tracks) {
    assertSameResource(PLATFORM, what, { id: userId, handle }, { id: t.user?.id, handle: t.user?.permalink });
    const stated = t.permalink_url === null ? null : parseTrackUrl(t.permalink_url);
    assertSameResource(PLATFORM, what, { handle }, { handle: stated?.handle });
  }
  if (page.nextHref === null) return { tracks: page.tracks, next: null };
  const next = nextTracksOffset(page.nextHref, userId);
  if (next === 'other') throw upstreamFailed(`${PLATFORM}: the next page of ${what} names another user's tracks`);
  if (next === null) warn(PLATFORM, 'tracks.next_href', 'no offset for the next page: the list ends here', ctx.read);
  return { tracks: page.tracks, next };
}
