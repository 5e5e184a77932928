/**
 * Upstream requests for audio-b (Apple Music).
 *
 * Records come from the web player's catalog API (platforms.md):
 *   GET https://amp-api.music.apple.com/v1/catalog/<storefront>/{artists,albums,songs}/<id>
 *   GET https://amp-api.music.apple.com/v1/catalog/<storefront>/playlists/<id>?include=tracks
 *   GET https://amp-api.music.apple.com/v1/catalog/<storefront>/playlists/<id>/tracks?offset=N (later pages)
 *   GET https://amp-api.music.apple.com/v1/catalog/<storefront>/search?term=…
 * with `Authorization: Bearer <developer token>` and `Origin: https://music.apple.com`.
 *
 * The developer token is the public JWT of the web player, scraped at run time (page → bundle →
 * JWT) and kept in a token source (src/upstream/tokens.ts): fetched on first need, cached until
 * its `exp`, one fetch shared by concurrent requests, refreshed when the API answers 401/403 and
 * the request retried once.
 *
 * When no token can be had (the page or bundle changed shape) or a fresh token is refused too,
 * artist and album records fall back to the music.apple.com page itself (pages.ts); songs,
 * playlists and search have no page fallback (the token's failure is their answer).
 */
import { ApiError, notFound, shapeChanged } from '../../errors.js';
import { expectOk, expectStepOk } from '../../upstream/client.js';
import type { Upstream, UpstreamResponse } from '../../upstream/client.js';
import { createTokenSource, tokenSource, TokenRefusedError } from '../../upstream/tokens.js';
import type { Token, TokenSource } from '../../upstream/tokens.js';
import { warn } from '../../observability/warn.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import { isWrongResource } from '../identity.js';
import { optionalStep, partialRead } from '../partial-read.js';
import { findBundleUrl, findDeveloperToken, findPageToken, jwtExpiry, parseAlbumPage, parseArtistPage } from './pages.js';
import type { Album, Artist, CatalogRef, Playlist, PlaylistRef, Search, Song } from './parse.js';
import type { SearchType } from './schema.js';
import {
  artistAlbumsPage,
  parseAlbumResponse,
  parseArtistAnswer,
  parsePlaylistResponse,
  parsePlaylistTracksResponse,
  parseSearchResponse,
  parseSongResponse,
  playlistOf,
  playlistResource,
  PLATFORM,
  WEB_ORIGIN,
} from './parse.js';
import { JsonOverBound } from '../../parse/json.js';

const API_ORIGIN = 'https://amp-api.music.apple.com';
/** The page whose bundle holds the token (renders the storefront's browse page). */
const TOKEN_PAGE_URL = `${WEB_ORIGIN}/`;
/** The bundle is a few MB of minified JS. */
const MAX_BUNDLE_BYTES = 32 * 1024 * 1024;
/** A token without an `exp` claim is used this long. */
const TOKEN_TTL_WITHOUT_EXP_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Developer token
// ---------------------------------------------------------------------------------------------

/** Errors that say "no usable token" (as opposed to "this record is gone"): they allow the page fallback. */
const tokenTrouble = new WeakSet<object>();
function markTokenTrouble(e: unknown): void {
  if (e instanceof ApiError && (e.code === 'UPSTREAM_FAILED' || e.code === 'UPSTREAM_BLOCKED')) tokenTrouble.add(e);
}

export async function fetchDeveloperToken(upstream: Upstream, signal?: AbortSignal, now: () => number = Date.now): Promise<Token> {
  const page = await upstream.request({ url: TOKEN_PAGE_URL, platform: PLATFORM, headers: { accept: 'text/html' }, signal });
  expectStepOk(page, PLATFORM, 'The music.apple.com web player page');
  const html = page.text();

  let jwt: string | null = null;
  const bundleUrl = findBundleUrl(html, page.url);
  if (bundleUrl) {
    const bundle = await upstream.request({
      url: bundleUrl,
      platform: PLATFORM,
      headers: { accept: '*/*' },
      maxBodyBytes: MAX_BUNDLE_BYTES,
      signal,
    });
    expectStepOk(bundle, PLATFORM, 'The web player bundle');
    jwt = findDeveloperToken(bundle.text());
  }
  jwt ??= findPageToken(html);
  if (!jwt)
    throw shapeChanged(PLATFORM, 'the web player developer token (a JWT in the /assets/index-*.js bundle linked from music.apple.com)');
  return { value: jwt, expiresAt: jwtExpiry(jwt) ?? now() + TOKEN_TTL_WITHOUT_EXP_MS };
}

function developerToken(ctx: OpContext): TokenSource {
  const upstream = ctx.upstream;
  return tokenSource(upstream, `${PLATFORM}:developer-token`, (client) =>
    createTokenSource(PLATFORM, async (signal) => {
      try {
        return await fetchDeveloperToken(client, signal);
      } catch (e) {
        markTokenTrouble(e);
        throw e;
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Catalog API
// ---------------------------------------------------------------------------------------------

function catalogUrl(storefront: string, path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return `${API_ORIGIN}/v1/catalog/${encodeURIComponent(storefront)}/${path}${qs ? `?${qs}` : ''}`;
}

function jsonOf(res: UpstreamResponse, what: string): unknown {
  try {
    return res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, `a JSON body for ${what}`);
  }
}

/** One catalog GET with the developer token; 401/403 → a fresh token and one retry. */
async function catalogGet(ctx: OpContext, url: string, what: string): Promise<unknown> {
  let refusals = 0;
  try {
    return await developerToken(ctx).withToken(
      async (token) => {
        const res = await ctx.upstream.request({
          url,
          platform: PLATFORM,
          headers: { authorization: `Bearer ${token}`, origin: WEB_ORIGIN, referer: `${WEB_ORIGIN}/`, accept: 'application/json' },
          signal: ctx.signal,
        });
        if (res.status === 401 || res.status === 403) {
          refusals++;
          throw new TokenRefusedError(res.status);
        }
        if (res.status === 404) throw notFound(`${what} was not found`);
        expectOk(res, PLATFORM, what);
        return jsonOf(res, what);
      },
      { signal: ctx.signal },
    );
  } catch (e) {
    if (refusals >= 2) markTokenTrouble(e);
    throw e;
  }
}

/**
 * The API first; on token trouble only, the music.apple.com page. A record read from the page is
 * a partial read (src/platforms/partial-read.ts; warned `<record>.page_fallback`): the page
 * carries less than the API (schema.org has no copyright, artwork sizes, editorial notes…), so it
 * is never cached, and the next call asks the API again. The page must be the resource asked for
 * (pages.ts; another album or artist is UPSTREAM_FAILED).
 */
async function apiOrPage<T extends object>(
  ctx: OpContext,
  record: 'album' | 'artist',
  api: () => Promise<T>,
  page: () => Promise<T>,
): Promise<T> {
  try {
    return await api();
  } catch (e) {
    if (!tokenTrouble.has(e as object)) throw e;
    try {
      const fromPage = await page();
      warn(PLATFORM, `${record}.page_fallback`, `read from the music.apple.com page: ${(e as Error).message}`, ctx.read);
      return partialRead(fromPage);
    } catch (pageError) {
      // "Gone", "blocked" and "another resource" from the page are the answer; any other page
      // failure would hide the real cause, which is the token.
      if (pageError instanceof ApiError && (pageError.code === 'NOT_FOUND' || pageError.code === 'UPSTREAM_BLOCKED')) throw pageError;
      if (isWrongResource(pageError)) throw pageError;
      throw e;
    }
  }
}

async function fetchPage(ctx: OpContext, url: string, what: string): Promise<string> {
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: { accept: 'text/html' }, signal: ctx.signal });
  if (res.status === 404) throw notFound(`${what} was not found`);
  expectOk(res, PLATFORM, what);
  return res.text();
}

/** Further pages of an artist's albums read in one request, 100 albums each (the first, with the artist, holds 25). */
const MORE_ALBUM_PAGES = 3;

export async function fetchArtist(ctx: OpContext, a: CatalogRef): Promise<Artist> {
  const what = `Artist ${a.id} (storefront ${a.storefront})`;
  return apiOrPage(
    ctx,
    'artist',
    async () => {
      const json = await catalogGet(ctx, catalogUrl(a.storefront, `artists/${a.id}`, { views: 'top-songs', include: 'albums' }), what);
      const { artist, albumsNext } = parsed(ctx, () => parseArtistAnswer(json, what, a.id));
      return albumsNext === null ? artist : withMoreAlbums(ctx, a, artist, albumsNext);
    },
    async () => {
      const html = await fetchPage(ctx, `${WEB_ORIGIN}/${a.storefront}/artist/${a.id}`, what);
      return parsed(ctx, () => parseArtistPage(html, a, what));
    },
  );
}

/**
 * The artist's albums past the first 25 (`relationships.albums.next`): `…/artists/<id>/albums`
 * pages, at most MORE_ALBUM_PAGES. A page that fails — or is not this artist's list (its `next`
 * naming another artist) — leaves the albums read so far, the record marked partial (warned
 * `artist.albums`); another artist's albums are never added.
 */
async function withMoreAlbums(ctx: OpContext, a: CatalogRef, artist: Artist, offset: number): Promise<Artist> {
  const albums = [...artist.albums];
  let next: number | null = offset;
  for (let page = 0; next !== null && page < MORE_ALBUM_PAGES; page++) {
    const offsetAsked: number = next;
    const url = catalogUrl(a.storefront, `artists/${a.id}/albums`, { offset: String(offsetAsked), limit: '100' });
    const what: string = `The albums of artist ${a.id} from offset ${next}`;
    const more: ReturnType<typeof artistAlbumsPage> | null = await optionalStep(
      ctx,
      { platform: PLATFORM, field: 'artist.albums' },
      async () => {
        const json = await catalogGet(ctx, url, what);
        return parsed(ctx, () => artistAlbumsPage(json, a.id, offsetAsked));
      },
    );
    if (!more) return partialRead({ ...artist, albums });
    albums.push(...more.albums);
    next = more.nextOffset;
  }
  return { ...artist, albums };
}

export async function fetchAlbum(ctx: OpContext, a: CatalogRef): Promise<Album> {
  const what = `Album ${a.id} (storefront ${a.storefront})`;
  return apiOrPage(
    ctx,
    'album',
    async () => {
      const json = await catalogGet(ctx, catalogUrl(a.storefront, `albums/${a.id}`, { include: 'artists,tracks' }), what);
      return parsed(ctx, () => parseAlbumResponse(json, what, a.id));
    },
    async () => {
      const html = await fetchPage(ctx, `${WEB_ORIGIN}/${a.storefront}/album/${a.id}`, what);
      return parsed(ctx, () => parseAlbumPage(html, a, what));
    },
  );
}

/** One song, in English names (`l=en-US`) whatever the storefront; its artists and album come as relationships, included (names, not bare ids). */
export async function fetchSong(ctx: OpContext, a: CatalogRef): Promise<Song> {
  const what = `Song ${a.id} (storefront ${a.storefront})`;
  const json = await catalogGet(ctx, catalogUrl(a.storefront, `songs/${a.id}`, { l: 'en-US', include: 'artists,albums' }), what);
  return parsed(ctx, () => parseSongResponse(json, what, a.id));
}

/**
 * One page of a public playlist. The first: `playlists/<id>?include=tracks` (the playlist and its
 * first 100 tracks, `relationships.tracks.next` naming the offset of the next page). A later page
 * (the offset from our cursor, never a caller's path): the same playlist request, for the
 * playlist's own fields and its identity, and beside it `playlists/<id>/tracks?offset=N`. Either answer
 * 404 is NOT_FOUND; a playlist of another id is UPSTREAM_FAILED.
 */
export async function fetchPlaylist(ctx: OpContext, a: PlaylistRef): Promise<Playlist> {
  const what = `Playlist ${a.id} (storefront ${a.storefront})`;
  const ref = { id: a.id, storefront: a.storefront };
  const playlistUrl = catalogUrl(a.storefront, `playlists/${encodeURIComponent(a.id)}`, { include: 'tracks' });
  if (a.offset === null) {
    const first = await catalogGet(ctx, playlistUrl, what);
    return parsed(ctx, () => parsePlaylistResponse(first, ref, what));
  }
  // A later page: the playlist and its tracks page asked side by side.
  const [json, tracks] = await Promise.all([
    catalogGet(ctx, playlistUrl, what),
    catalogGet(
      ctx,
      catalogUrl(a.storefront, `playlists/${encodeURIComponent(a.id)}/tracks`, { offset: String(a.offset) }),
      `The tracks of ${what} from offset ${a.offset}`,
    ),
  ]);
  return parsed(ctx, () => playlistOf(playlistResource(json, what, a.id), parsePlaylistTracksResponse(tracks, ref)));
}

/** Our `type` → the resource types to ask for. Radio episodes are station resources. */
const SEARCH_RESOURCE_TYPES: Record<SearchType, string> = {
  all: 'albums,artists,music-videos,playlists,songs,stations',
  song: 'songs',
  album: 'albums',
  artist: 'artists',
  playlist: 'playlists',
  station: 'stations',
  music_video: 'music-videos',
  radio_episode: 'stations',
};

export function searchUrl(a: { query: string; type: SearchType; storefront: string }): string {
  return catalogUrl(a.storefront, 'search', {
    term: a.query,
    types: SEARCH_RESOURCE_TYPES[a.type],
    limit: '25',
    // The web player's grouped answer: a "top" group and a groupId per group (the capture's shape).
    with: 'serverBubbles',
  });
}

export async function fetchSearch(ctx: OpContext, a: { query: string; type: SearchType; storefront: string }): Promise<Search> {
  const json = await catalogGet(ctx, searchUrl(a), `Search results for ${JSON.stringify(a.query)}`);
  return parsed(ctx, () => parseSearchResponse(json, a));
}
