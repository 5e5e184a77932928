/**
 * audio-b (Apple Music) — pure mapping of the web player's catalog API answers
 * (`amp-api.music.apple.com/v1/catalog/<storefront>/…`, JSON:API documents: `data[]` of
 * `{id, type, href, attributes, relationships, views}`) to api.md's "audio-b" records, plus the
 * music.apple.com URL rules. No I/O here.
 *
 * Captures (../shared/fixtures/audio-b) showed:
 *  - an artist fetched without `views` / `include` has `relationships.albums.data` of bare
 *    `{id, type, href}` and no top songs: optional fields fall back to null / [];
 *  - an album's `relationships.artists.data` are bare ids unless `include=artists` is asked for;
 *  - an album's `relationships.tracks.data[]` are song resources as `/songs/<id>` sends them
 *    (`href` `/v1/catalog/us/songs/<id>`), there without relationships of their own;
 *  - artwork URLs are templates (`…/{w}x{h}bb.jpg`, newer `…/{w}x{h}{c}.{f}`);
 *  - search answers `results.<group>.data[]`, each group with a `groupId` (`top`, `song`,
 *    `album`…, the same words as our `type` values) and `meta.results.order`;
 *  - a playlist resource (the search capture's `results.playlists`) has `curatorName`,
 *    `description {standard, short}`, `lastModifiedDate`, `playlistType`, `isChart`, `artwork`
 *    (template `{w}x{h}SC.DN01.{f}`), `url`, `playParams`; its id is `pl.<32 hex>`.
 */
import { decode } from 'html-entities';
import { notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { assertSameResource, sameId } from '../identity.js';
import { at, isObj, nonEmpty, reader, round, stripTags } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import type { Artwork, SongItem, ArtistAlbum, Artist, Track, Album, Search, Song, SongArtist, Playlist } from './schema.js';
import type { PlaylistDescription, SearchType } from './schema.js';
export type { Artwork, SongItem, ArtistAlbum, Artist, Track, Album, Search, Song, SongArtist, Playlist } from './schema.js';

export const PLATFORM = 'audio-b';
export const WEB_ORIGIN = 'https://music.apple.com';
export const DEFAULT_STOREFRONT = 'us';

// ---------------------------------------------------------------------------------------------
// Records (api.md "audio-b", all under `data` on REST)
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Small readers
// ---------------------------------------------------------------------------------------------

export type { Obj };

/** A JSON:API resource as amp-api sends it (only what we read). */
export interface Resource {
  id: string;
  type: string | null;
  attributes: Obj;
  relationships: Obj;
  views: Obj;
}

function asResource(v: unknown): Resource | null {
  if (!isObj(v)) return null;
  const id = typeof v.id === 'number' ? String(v.id) : nonEmpty(v.id);
  if (!id) return null;
  return {
    id,
    type: nonEmpty(v.type),
    attributes: isObj(v.attributes) ? v.attributes : {},
    relationships: isObj(v.relationships) ? v.relationships : {},
    views: isObj(v.views) ? v.views : {},
  };
}

/** `{data: [...]}` (a relationship, a view, a search group) → its resources; entries without an id are skipped. */
export function resourcesOf(container: unknown): Resource[] {
  if (!isObj(container) || !Array.isArray(container.data)) return [];
  return container.data.map(asResource).filter((r): r is Resource => r !== null);
}

/**
 * The resources of `r.<field>.data` (a relationship, a view): the container or its `data`
 * missing is warned (unless `optional`: a view only some requests ask for), and so is an entry
 * without an id (left out; the others stay).
 */
function resources(r: Reader, field: string, optional = false): Resource[] {
  const container = optional ? r.opt.obj(field) : r.obj(field);
  if (!container) return [];
  return r.over(container, field).items('data', (el) => asResource(el.root));
}

/** `songs` → `song`, `music-videos` → `music_video`: the resource type as a singular kind. */
export function kindOf(type: string | null, fallback: string): string {
  if (!type) return fallback;
  const singular = type.endsWith('s') ? type.slice(0, -1) : type;
  return singular.replace(/-/g, '_');
}

/**
 * Artwork with its URL template filled in: `{w}`/`{h}` by the stated width and height (SOURCES.md:
 * "substitute width/height"), `{c}` by `bb` (the plain crop), `{f}` by `jpg`.
 */
export function artworkOf(v: unknown, r?: Reader): Artwork | null {
  if (!isObj(v)) return null;
  // Through `r` (a reader over the artwork) a missing url, width or height is warned.
  const a = r ?? reader(v, { platform: PLATFORM, record: 'artwork' });
  const read = r ? a : a.opt;
  const template = read.nonEmpty('url');
  if (!template) return null;
  const width = read.round('width');
  const height = read.round('height');
  const url = template
    .replace(/\{w\}/g, String(width ?? 1200))
    .replace(/\{h\}/g, String(height ?? 1200))
    .replace(/\{c\}/g, 'bb')
    .replace(/\{f\}/g, 'jpg');
  return { url, width, height };
}

/** Editorial notes are HTML-ish (`<i>…</i>`, `<br />`): plain text, entities decoded. */
export function plainText(html: string | null): string | null {
  if (!html) return null;
  // Tags and line-end blanks dropped in one pass each (parse/markup.ts): the regexes `<[^>]+>` and
  // `[ \t]+\n` read to the end of the text again from every `<`, or every blank of a run.
  const text = dropBlanksBeforeBreaks(decode(stripTags(html.replace(/<br\s*\/?>\n?/gi, '\n'), { nonEmpty: true })))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || null;
}

/** `text.replace(/[ \t]+\n/g, '\n')`, linear. */
function dropBlanksBeforeBreaks(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i++) {
    const l = lines[i];
    let e = l.length;
    while (e > 0 && (l.charCodeAt(e - 1) === 32 || l.charCodeAt(e - 1) === 9)) e--;
    if (e < l.length) lines[i] = l.slice(0, e);
  }
  return lines.join('\n');
}

function editorialNotesOf(a: Obj): string | null {
  const notes = isObj(a.editorialNotes) ? a.editorialNotes : {};
  return plainText(nonEmpty(notes.standard) ?? nonEmpty(notes.short));
}

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

export function songItemOf(r: Resource): SongItem {
  // Every catalog resource has a name and a url (warned when missing); the by-line and the
  // duration depend on its kind.
  const a = reader(r.attributes, { platform: PLATFORM, record: 'item' });
  const kind = kindOf(r.type, 'song');
  const title = a.nonEmpty('name');
  // The by-line: the performer of a song/album/video, a playlist's curator, an artist itself.
  const artistName = a.opt.nonEmpty('artistName', 'artistName', 'curatorName') ?? (kind === 'artist' ? title : null);
  return { id: r.id, kind, title, artist_name: artistName, url: a.nonEmpty('url'), duration_ms: a.opt.round('durationInMillis') };
}

function artistAlbumOf(r: Resource): ArtistAlbum {
  const a = r.attributes;
  return {
    id: r.id,
    kind: kindOf(r.type, 'album'),
    title: nonEmpty(a.name),
    // The peer example's subtitle is the album's artist name (the line under an album tile).
    subtitle: nonEmpty(a.artistName),
    track_count: round(a.trackCount),
    url: nonEmpty(a.url),
  };
}

// ---------------------------------------------------------------------------------------------
// Artist
// ---------------------------------------------------------------------------------------------

export function artistOf(r: Resource): Artist {
  // The id identifies the artist; its name, url and artwork are on every artist (warned when missing).
  const a = reader(r.attributes, { platform: PLATFORM, record: 'artist' });
  const rel = reader(r.relationships, { platform: PLATFORM, record: 'artist.relationships' });
  const views = reader(r.views, { platform: PLATFORM, record: 'artist.views' });
  // Top songs: a view only some requests ask for.
  const topSongs = resources(views, 'top-songs', true).map(songItemOf);
  // All albums (relationships.albums: albums, EPs and singles as the artist page lists them);
  // the `full-albums` view when the relationship was not sent. Neither: warned.
  const albums =
    isObj(r.views['full-albums']) && !isObj(r.relationships.albums) ? resources(views, 'full-albums') : resources(rel, 'albums');
  const artwork = a.obj('artwork');
  return {
    id: r.id,
    kind: kindOf(r.type, 'artist'),
    name: a.nonEmpty('name'),
    url: a.nonEmpty('url'),
    artwork: artwork ? artworkOf(artwork, a.over(artwork, 'artwork')) : null,
    editorial_notes: editorialNotesOf(r.attributes),
    top_songs: topSongs,
    albums: albums.map(artistAlbumOf),
  };
}

/**
 * The resource of `data[]` (catalog answers hold one); missing → 404. It must be the one asked
 * for — type `type` and, when given, id `id` — else the answer is about another resource.
 */
function primaryResource(json: unknown, type: string, what: string, id?: string): Resource {
  if (!isObj(json) || !Array.isArray(json.data)) throw shapeChanged(PLATFORM, `data[] in the ${type} response`);
  const all = resourcesOf(json);
  if (json.data.length === 0) throw notFound(`${what} was not found`);
  const r = all.find((x) => x.type === type && (id === undefined || sameId(id, x.id))) ?? all[0];
  if (!r) throw shapeChanged(PLATFORM, `id of the ${type} resource`);
  assertSameResource(PLATFORM, what, { type, id }, { type: r.type, id: r.id });
  return r;
}

export function parseArtistResponse(json: unknown, what = 'The artist', id?: string): Artist {
  return artistOf(primaryResource(json, 'artists', what, id));
}

/** The artist answer → the artist, and the offset of its next albums page (`relationships.albums.next`; null: none). */
export function parseArtistAnswer(json: unknown, what: string, id: string): { artist: Artist; albumsNext: number | null } {
  const r = primaryResource(json, 'artists', what, id);
  const albums = r.relationships.albums;
  const rel = reader(isObj(albums) ? albums : {}, { platform: PLATFORM, record: 'artist.albums' });
  return { artist: artistOf(r), albumsNext: isObj(albums) ? albumsNextOffset(rel, albums, r.id, 0) : null };
}

// ---------------------------------------------------------------------------------------------
// Album
// ---------------------------------------------------------------------------------------------

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2019-08-23` → `August 23, 2019` (a bare year stays a year). */
export function formatReleaseDate(date: string | null): string | null {
  if (!date) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}`;
  return /^\d{4}$/.test(date) ? date : null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * `18 songs, 1 hour 1 minute`: the line of the album page's footer. Minutes are truncated, as the
 * peer example shows for a 61:48 album ("1 hour 1 minute").
 */
export function formatTrackSummary(trackCount: number | null, totalMs: number | null): string | null {
  if (trackCount === null) return null;
  const songs = plural(trackCount, 'song');
  if (!totalMs || totalMs <= 0) return songs;
  const totalMinutes = Math.floor(totalMs / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(plural(hours, 'hour'));
  if (minutes > 0 || hours === 0) parts.push(plural(Math.max(minutes, 1), 'minute'));
  return `${songs}, ${parts.join(' ')}`;
}

/** api.md's `release_info`: release date, track summary and copyright, one per line; null when none is known. */
export function formatReleaseInfo(p: {
  releaseDate: string | null;
  trackCount: number | null;
  totalMs: number | null;
  copyright: string | null;
}): string | null {
  const lines = [formatReleaseDate(p.releaseDate), formatTrackSummary(p.trackCount, p.totalMs), p.copyright?.trim() || null].filter(
    (l): l is string => !!l,
  );
  return lines.length ? lines.join('\n') : null;
}

export function totalDuration(tracks: { duration_ms: number | null }[]): number | null {
  if (tracks.length === 0 || tracks.some((t) => t.duration_ms === null)) return null;
  return tracks.reduce((s, t) => s + (t.duration_ms ?? 0), 0);
}

/**
 * The artist's page: `artistUrl` (an extended attribute), else the first included artist's url
 * (the 2021 page cache has them), else built from the first artist's id, which even a plain
 * album request names (`relationships.artists.data[0]`: id and `href`
 * `/v1/catalog/<storefront>/artists/<id>`): `https://music.apple.com/<storefront>/artist/<id>`,
 * the form Apple's own share links resolve without the name slug.
 */
function albumArtistUrl(r: Resource, a: Obj): string | null {
  const first = resourcesOf(r.relationships.artists)[0];
  const direct = nonEmpty(a.artistUrl) ?? (first ? nonEmpty(first.attributes.url) : null);
  if (direct || !first || !/^\d{1,20}$/.test(first.id)) return direct;
  return `${WEB_ORIGIN}/${storefrontOf(at(r.relationships.artists, ['data', 0, 'href']), a.url)}/artist/${first.id}`;
}

/** The storefront of an API `href` (`/v1/catalog/<storefront>/…`), else of a music.apple.com URL, else `us`. */
function storefrontOf(href: unknown, webUrl: unknown): string {
  return (
    /^\/v1\/catalog\/([a-z]{2})\//.exec(nonEmpty(href) ?? '')?.[1] ??
    /^https:\/\/music\.apple\.com\/([a-z]{2})\//.exec(nonEmpty(webUrl) ?? '')?.[1] ??
    DEFAULT_STOREFRONT
  );
}

export function albumOf(r: Resource): Album {
  const a = r.attributes;
  // The id identifies the album; its name and the rest are warned when missing.
  const ra = reader(a, { platform: PLATFORM, record: 'album' });
  const title = ra.nonEmpty('name');
  const tracksRel = r.relationships.tracks;
  const rel = reader(r.relationships, { platform: PLATFORM, record: 'album.relationships' });
  const tracks: Track[] = resources(rel, 'tracks').map((t) => {
    // A track's name, duration and number are on every track the album lists (warned when missing).
    const ta = reader(t.attributes, { platform: PLATFORM, record: 'album.track' });
    return {
      id: t.id,
      kind: kindOf(t.type, 'song'),
      title: ta.nonEmpty('name'),
      duration_ms: ta.round('durationInMillis'),
      track_number: ta.round('trackNumber'),
      album_id: r.id,
    };
  });
  const trackCount = ra.round('trackCount') ?? (isObj(tracksRel) ? tracks.length : null);
  const artistUrl = albumArtistUrl(r, a);
  if (!artistUrl) ra.warn('artist_url', 'no artistUrl and no artist in relationships');
  return {
    id: r.id,
    kind: kindOf(r.type, 'album'),
    title,
    artist_name: ra.nonEmpty('artistName'),
    artist_url: artistUrl,
    url: ra.nonEmpty('url'),
    track_count: trackCount,
    release_info: formatReleaseInfo({
      releaseDate: ra.nonEmpty('releaseDate'),
      trackCount,
      totalMs: totalDuration(tracks),
      copyright: ra.opt.nonEmpty('copyright'),
    }),
    tracks,
  };
}

export function parseAlbumResponse(json: unknown, what = 'The album', id?: string): Album {
  return albumOf(primaryResource(json, 'albums', what, id));
}

// ---------------------------------------------------------------------------------------------
// Song
// ---------------------------------------------------------------------------------------------

/** The album id of a song's `…/album/NAME/ALBUM?i=SONG` link; null for a `…/song/NAME/SONG` link. */
function albumIdOfSongUrl(url: string | null): string | null {
  const ref = url ? parseCatalogUrl(url, 'album') : null;
  return ref && parseSongUrl(url!) ? ref.id : null;
}

/**
 * A song resource → the song record. Apple documents `name`, `artistName`, `albumName`,
 * `durationInMillis`, `genreNames`, `artwork`, `previews` and `url` on every song (warned as
 * `song.<attribute>` when missing); `trackNumber`, `discNumber`, `releaseDate`, `isrc`,
 * `composerName` and `contentRating` only on some (null without a warning). Its relationships
 * (artists, albums) come with a `/songs/<id>` answer, not with an album's tracks: optional.
 */
export function songOf(r: Resource): Song {
  const a = reader(r.attributes, { platform: PLATFORM, record: 'song' });
  const rel = reader(r.relationships, { platform: PLATFORM, record: 'song.relationships' });
  const url = a.nonEmpty('url');
  const artistRefs = resources(rel, 'artists', true);
  const albumRef = resources(rel, 'albums', true)[0];
  const artists: SongArtist[] = artistRefs.map((x, i) => ({
    id: x.id,
    name: nonEmpty(x.attributes.name),
    url:
      nonEmpty(x.attributes.url) ??
      (CATALOG_ID_RE.test(x.id)
        ? `${WEB_ORIGIN}/${storefrontOf(at(r.relationships.artists, ['data', i, 'href']), url)}/artist/${x.id}`
        : null),
  }));
  const artwork = a.obj('artwork');
  return {
    id: r.id,
    kind: kindOf(r.type, 'song'),
    title: a.nonEmpty('name'),
    duration_ms: a.round('durationInMillis'),
    track_number: a.opt.round('trackNumber'),
    album_id: albumRef?.id ?? albumIdOfSongUrl(url),
    album_name: a.nonEmpty('albumName'),
    artist_name: a.nonEmpty('artistName'),
    url,
    disc_number: a.opt.round('discNumber'),
    release_date: a.opt.nonEmpty('releaseDate'),
    isrc: a.opt.nonEmpty('isrc'),
    genre_names: a.strings('genreNames'),
    composer_name: a.opt.nonEmpty('composerName'),
    content_rating: a.opt.nonEmpty('contentRating'),
    preview_url: a.nonEmpty('previews', ['previews', 0, 'url']),
    artwork: artwork ? artworkOf(artwork, a.over(artwork, 'artwork')) : null,
    artists,
  };
}

/** `GET /v1/catalog/<storefront>/songs/<id>` → the song; it must be a `songs` resource with the asked id. */
export function parseSongResponse(json: unknown, what = 'The song', id?: string): Song {
  return songOf(primaryResource(json, 'songs', what, id));
}

// ---------------------------------------------------------------------------------------------
// Playlist
// ---------------------------------------------------------------------------------------------

/** What the playlist operation asks for: the playlist, and the tracks offset a cursor of ours names (null: the first page). */
export interface PlaylistRef {
  id: string;
  storefront: string;
  offset: number | null;
}

/** Apple's playlist ids: `pl.` + 32 hex digits (catalog playlists), `pl.u-` + letters and digits (a user's shared playlist). */
export const PLAYLIST_ID_RE = /^pl\.(?:[0-9a-f]{32}|u-[A-Za-z0-9]{1,64})$/;

/**
 * A playlist id as given → Apple's spelling, or null: a catalog id's hex is lower-cased (Apple
 * writes it so; one cache entry for both spellings); a `pl.u-` id is case-sensitive and kept.
 */
export function normalizePlaylistId(raw: string): string | null {
  const s = raw.trim();
  const hex = /^pl\.([0-9a-fA-F]{32})$/.exec(s);
  if (hex) return `pl.${hex[1].toLowerCase()}`;
  return PLAYLIST_ID_RE.test(s) ? s : null;
}

/**
 * `https://music.apple.com/us/playlist/new-danish-rap/pl.fde3…` → `{id, storefront}`, with
 * parseCatalogUrl's rules (storefront optional, `us` by default; the name slug may be left out;
 * the query ignored).
 */
export function parsePlaylistUrl(raw: string): { id: string; storefront: string } | null {
  const page = catalogPage(raw);
  if (!page) return null;
  const { segs, storefront } = page;
  if (segs[0] !== 'playlist' || segs.length < 2 || segs.length > 3) return null;
  const id = normalizePlaylistId(segs[segs.length - 1]);
  return id ? { id, storefront } : null;
}

/** The largest tracks offset a cursor may carry (Apple caps a playlist at 100,000 songs). */
export const MAX_TRACKS_OFFSET = 100_000;

/** Our cursor for the next page: Apple's tracks offset bound to the playlist and storefront it pages. */
export const encodePlaylistCursor = (id: string, storefront: string, offset: number): string =>
  encodeCursor({ p: id, s: storefront, o: offset });

/** The playlist, storefront and offset a cursor of ours names, or null for anything else. */
export function decodePlaylistCursor(raw: string): { id: string; storefront: string; offset: number } | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.p !== 'string' || normalizePlaylistId(c.p) !== c.p) return null;
  if (typeof c.s !== 'string' || !/^[a-z]{2}$/.test(c.s)) return null;
  if (typeof c.o !== 'number' || !Number.isSafeInteger(c.o) || c.o <= 0 || c.o > MAX_TRACKS_OFFSET) return null;
  return { id: c.p, storefront: c.s, offset: c.o };
}

/**
 * The offset of a tracks `next` link (`/v1/catalog/<sf>/playlists/<id>/tracks?offset=100`):
 * the offset; null when none can be read (the list ends here, warned); `other` when the link
 * pages another playlist's tracks.
 */
export function nextTracksOffset(next: string, playlistId: string): number | 'other' | null {
  return nextRelationshipOffset(next, 'playlists', playlistId, 'tracks');
}

/**
 * The offset of a relationship's `next` link (`/v1/catalog/<sf>/<type>/<id>/<relationship>?offset=N`):
 * the offset; null when none can be read; `other` when the link names another resource.
 */
function nextRelationshipOffset(next: string, type: string, resourceId: string, relationship: string): number | 'other' | null {
  let u: URL;
  try {
    u = new URL(next, 'https://amp-api.music.apple.com');
  } catch {
    return null;
  }
  const parts = u.pathname.split('/');
  // ['', 'v1', 'catalog', <sf>, <type>, <id>, <relationship>]
  const named = parts[4] === type ? parts[5] : undefined;
  let id: string | null = null;
  try {
    id = named === undefined ? null : decodeURIComponent(named);
  } catch {
    return 'other';
  }
  if (id !== null && id !== resourceId) return 'other';
  if (
    id === null ||
    parts.length !== 7 ||
    parts[1] !== 'v1' ||
    parts[2] !== 'catalog' ||
    !/^[a-z]{2}$/.test(parts[3]) ||
    parts[6] !== relationship
  )
    return null;
  const raw = u.searchParams.get('offset');
  const offset = raw !== null && /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  return offset > 0 && offset <= MAX_TRACKS_OFFSET ? offset : null;
}

/**
 * An artist's albums relationship (`relationships.albums` of the artist answer, or an
 * `…/artists/<id>/albums?offset=N` answer: `{data: [album…], next?}`) → its albums and the offset
 * of the page after (null: the last). A `next` naming another artist is UPSTREAM_FAILED; an
 * unreadable one ends the list (warned `artist.albums.next`), and so does one whose offset is not
 * past `offset`, the page's own (Apple looping: its albums read again as new ones).
 */
export function artistAlbumsPage(
  container: unknown,
  artistId: string,
  offset: number,
): { albums: ArtistAlbum[]; nextOffset: number | null } {
  if (!isObj(container) || !Array.isArray(container.data)) throw shapeChanged(PLATFORM, 'data[] in the artist albums response');
  const r = reader(container, { platform: PLATFORM, record: 'artist.albums' });
  const albums = r.items('data', (el) => asResource(el.root)).map(artistAlbumOf);
  return { albums, nextOffset: albumsNextOffset(r, container, artistId, offset) };
}

/** The offset of the albums page after the one at `after` (the artist answer's own: 0), or null. */
function albumsNextOffset(r: Reader, container: Obj, artistId: string, after: number): number | null {
  const next = nonEmpty(container.next);
  if (!next) return null;
  const offset = nextRelationshipOffset(next, 'artists', artistId, 'albums');
  if (offset === 'other') throw upstreamFailed(`${PLATFORM}: the next page of artist ${artistId}'s albums names another artist (${next})`);
  if (offset === null) r.warn('next', `no offset in ${next}: the list ends here`);
  else if (offset <= after) {
    r.warn('next', `offset ${offset} is not past this page's (${after}): the list ends here`);
    return null;
  }
  return offset;
}

/** One page of tracks: the songs (and music videos), and our cursor for the next page. */
export interface TracksPage {
  tracks: Song[];
  cursor: string | null;
}

/**
 * `{data: [song…], next?}` — a playlist's `relationships.tracks`, or a `…/playlists/<id>/tracks`
 * answer — → its tracks and our cursor. A `next` naming another playlist is UPSTREAM_FAILED; an
 * unreadable one ends the list (warned `playlist.tracks.next`).
 */
function tracksPageOf(container: Obj, r: Reader, ref: { id: string; storefront: string }): TracksPage {
  const tracks = r.items('data', (el) => asResource(el.root)).map(songOf);
  const next = nonEmpty(container.next);
  if (!next) return { tracks, cursor: null };
  const offset = nextTracksOffset(next, ref.id);
  if (offset === 'other')
    throw upstreamFailed(`${PLATFORM}: the next page of playlist ${ref.id}'s tracks names another playlist (${next})`);
  if (offset === null) {
    r.warn('next', `no offset in ${next}: the list ends here`);
    return { tracks, cursor: null };
  }
  return { tracks, cursor: encodePlaylistCursor(ref.id, ref.storefront, offset) };
}

/** `{standard, short}`, each optional (a text of another type is warned), as plain text; null when neither has text. */
function descriptionOf(d: Reader): PlaylistDescription | null {
  const standard = plainText(d.opt.nonEmpty('standard'));
  const short = plainText(d.opt.nonEmpty('short'));
  return standard || short ? { standard, short } : null;
}

/**
 * A playlist resource and a page of its tracks → the playlist record. Apple documents `name`,
 * `curatorName`, `playlistType`, `isChart` and `url` on every playlist (warned as
 * `playlist.<attribute>` when missing); `description`, `lastModifiedDate` and `artwork` only on
 * some (null without a warning).
 */
export function playlistOf(r: Resource, page: TracksPage): Playlist {
  const a = reader(r.attributes, { platform: PLATFORM, record: 'playlist' });
  const description = a.opt.obj('description');
  const artwork = a.opt.obj('artwork');
  return {
    id: r.id,
    kind: kindOf(r.type, 'playlist'),
    name: a.nonEmpty('name'),
    curator_name: a.nonEmpty('curatorName'),
    description: description ? descriptionOf(a.over(description, 'description')) : null,
    last_modified_date: a.opt.nonEmpty('lastModifiedDate'),
    playlist_type: a.nonEmpty('playlistType'),
    is_chart: a.bool('isChart'),
    url: a.nonEmpty('url'),
    artwork: artwork ? artworkOf(artwork, a.over(artwork, 'artwork')) : null,
    tracks: page.tracks,
    cursor: page.cursor,
  };
}

/** `GET …/playlists/<id>` → the playlist resource; it must be a `playlists` resource with the asked id. */
export function playlistResource(json: unknown, what: string, id: string): Resource {
  return primaryResource(json, 'playlists', what, id);
}

/** The first page: `GET …/playlists/<id>?include=tracks` → the playlist with `relationships.tracks` (missing: warned, no tracks). */
export function parsePlaylistResponse(json: unknown, ref: { id: string; storefront: string }, what = 'The playlist'): Playlist {
  const r = playlistResource(json, what, ref.id);
  const rel = reader(r.relationships, { platform: PLATFORM, record: 'playlist.relationships' });
  const tracks = rel.obj('tracks');
  const page = tracks
    ? tracksPageOf(tracks, reader(tracks, { platform: PLATFORM, record: 'playlist.tracks' }), ref)
    : { tracks: [], cursor: null };
  return playlistOf(r, page);
}

/** A later page: `GET …/playlists/<id>/tracks?offset=N` (`{data: [...], next?}`) → its tracks and cursor. */
export function parsePlaylistTracksResponse(json: unknown, ref: { id: string; storefront: string }): TracksPage {
  if (!isObj(json) || !Array.isArray(json.data)) throw shapeChanged(PLATFORM, 'data[] in the playlist tracks response');
  return tracksPageOf(json, reader(json, { platform: PLATFORM, record: 'playlist.tracks' }), ref);
}

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

/** Result keys of the plain (ungrouped) search answer → the web player's group ids. */
const KEY_GROUP: Record<string, string> = {
  top: 'top',
  tops: 'top',
  songs: 'song',
  albums: 'album',
  artists: 'artist',
  playlists: 'playlist',
  stations: 'station',
  'music-videos': 'music_video',
  'radio-episodes': 'radio_episode',
};

/**
 * `all` → the "Top Results" group (what the web player shows first), or when the answer has none,
 * every group in `meta.results.order`, de-duplicated. A single type → that group; an absent
 * group is a genuine "no results" (Apple leaves empty groups out). Radio episodes are station
 * resources: without a `radio_episode` group, the stations that carry an episode number.
 */
export function parseSearchResponse(json: unknown, a: { query: string; type: SearchType }): Search {
  if (!isObj(json) || !isObj(json.results)) throw shapeChanged(PLATFORM, 'results in the search response');
  const groups = new Map<string, Resource[]>();
  const results = reader(json.results, { platform: PLATFORM, record: 'search.results' });
  for (const [key, group] of Object.entries(json.results)) {
    if (!isObj(group)) {
      results.warn(key, 'not an object');
      continue;
    }
    const id = nonEmpty(group.groupId) ?? (Object.hasOwn(KEY_GROUP, key) ? KEY_GROUP[key] : key);
    groups.set(id, [...(groups.get(id) ?? []), ...resources(results, key)]);
  }

  let picked: Resource[];
  if (a.type === 'all') {
    const top = groups.get('top');
    if (top) {
      picked = top;
    } else {
      const meta = isObj(json.meta) && isObj(json.meta.results) ? json.meta.results : {};
      const order = Array.isArray(meta.order) ? meta.order.filter((o): o is string => typeof o === 'string') : [];
      const ids = [...order, ...groups.keys()];
      const seen = new Set<string>();
      picked = [];
      for (const gid of ids) {
        for (const r of groups.get(gid) ?? []) {
          const k = `${r.type}/${r.id}`;
          if (!seen.has(k)) {
            seen.add(k);
            picked.push(r);
          }
        }
      }
    }
  } else if (a.type === 'radio_episode' && !groups.has('radio_episode')) {
    picked = (groups.get('station') ?? []).filter((r) => round(r.attributes.episodeNumber) !== null);
  } else {
    picked = groups.get(a.type) ?? [];
  }
  return { query: a.query, type: a.type, results: picked.map(songItemOf) };
}

// ---------------------------------------------------------------------------------------------
// music.apple.com URLs
// ---------------------------------------------------------------------------------------------

export interface CatalogRef {
  id: string;
  storefront: string;
}

export const CATALOG_ID_RE = /^\d{1,20}$/;

/**
 * `https://music.apple.com/us/album/la-167/1586869902` → `{id, storefront}`. The storefront
 * segment is optional (`us` by default) and the name slug may be left out; the old `id123`
 * spelling of the id is accepted. Query strings (`?l=…`, a song's `?i=…`) are ignored (an
 * album link with `?i=` is the album here; parseSongUrl reads it as the song).
 */
export function parseCatalogUrl(raw: string, kind: 'artist' | 'album' | 'song'): CatalogRef | null {
  const page = catalogPage(raw);
  if (!page) return null;
  const { segs, storefront } = page;
  if (segs[0] !== kind || segs.length < 2 || segs.length > 3) return null;
  const m = /^(?:id)?(\d{1,20})$/.exec(segs[segs.length - 1]);
  return m ? { id: m[1], storefront } : null;
}

/**
 * A song's link → `{id, storefront}`: `https://music.apple.com/us/song/NAME/SONG` or the album
 * form `https://music.apple.com/us/album/NAME/ALBUM?i=SONG` (what the web player's share button
 * gives for a track), with parseCatalogUrl's rules for the storefront, the slug and `id123`.
 */
export function parseSongUrl(raw: string): CatalogRef | null {
  const song = parseCatalogUrl(raw, 'song');
  if (song) return song;
  const album = parseCatalogUrl(raw, 'album');
  const i = album ? catalogPage(raw)?.url.searchParams.get('i') : null;
  return album && i && CATALOG_ID_RE.test(i) ? { id: i, storefront: album.storefront } : null;
}

/** A music.apple.com page URL's path segments (storefront taken off, `us` by default); null for any other URL. */
function catalogPage(raw: string): { url: URL; segs: string[]; storefront: string } | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (
    (u.protocol !== 'https:' && u.protocol !== 'http:') ||
    u.hostname.toLowerCase() !== 'music.apple.com' ||
    u.port ||
    u.username ||
    u.password
  )
    return null;
  const segs = u.pathname.split('/').filter(Boolean);
  let storefront = DEFAULT_STOREFRONT;
  if (segs.length && /^[a-z]{2}$/i.test(segs[0])) storefront = segs.shift()!.toLowerCase();
  return { url: u, segs, storefront };
}
