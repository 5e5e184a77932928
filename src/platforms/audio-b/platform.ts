/**
 * audio-b = Apple Music. Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream requests: platforms.md (catalog API with the web player's public developer token;
 * music.apple.com pages as a fallback). REST bodies put the record under `data` (api.md).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchAlbum, fetchArtist, fetchPlaylist, fetchSearch, fetchSong } from './fetch.js';
import type { Album, Artist, CatalogRef, Playlist, PlaylistRef, Search, Song } from './parse.js';
import {
  CATALOG_ID_RE,
  decodePlaylistCursor,
  DEFAULT_STOREFRONT,
  normalizePlaylistId,
  parseCatalogUrl,
  parsePlaylistUrl,
  parseSongUrl,
} from './parse.js';
import type { SearchType } from './schema.js';
import * as schema from './schema.js';
import { links } from './links.js';

const label = 'audio-b';
const hosts = ['music.apple.com', 'amp-api.music.apple.com'];

type CatalogKind = 'artist' | 'album' | 'song';

/** Per kind: its URL reader, an example id and the URL forms a 400 names. */
const KINDS: Record<CatalogKind, { parse: (url: string) => CatalogRef | null; exampleId: string; urlForms: string }> = {
  artist: {
    parse: (url) => parseCatalogUrl(url, 'artist'),
    exampleId: '1147783278',
    urlForms: 'https://music.apple.com/us/artist/NAME/ID',
  },
  album: { parse: (url) => parseCatalogUrl(url, 'album'), exampleId: '1832443244', urlForms: 'https://music.apple.com/us/album/NAME/ID' },
  song: {
    parse: parseSongUrl,
    exampleId: '1832443245',
    urlForms: 'https://music.apple.com/us/song/NAME/ID or https://music.apple.com/us/album/NAME/ALBUM_ID?i=ID',
  },
};
const catalogUrl = (url: string, kind: CatalogKind): CatalogRef | null => KINDS[kind].parse(url);

const given = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** `id` or `url`, exactly one: both or neither is a 400 naming both. */
function catalogParams(kind: CatalogKind): Pick<OperationDef<CatalogRef>, 'params' | 'check' | 'normalize' | 'key'> {
  return {
    params: [
      {
        name: 'id',
        kind: 'string',
        maxLength: 20,
        description: `Apple Music ${kind} id (numeric), e.g. ${KINDS[kind].exampleId}. Give id or url, not both.`,
      },
      {
        name: 'url',
        kind: 'string',
        maxLength: 2048,
        description: `Apple Music ${kind} URL, e.g. ${KINDS[kind].urlForms} (the storefront, here us, is used). Give id or url, not both.`,
      },
    ],
    check(args, problem) {
      const id = given(args.id);
      const url = given(args.url);
      if (id && url) {
        problem('id', 'give either id or url, not both');
        problem('url', 'give either id or url, not both');
      } else if (!id && !url) {
        problem('id', 'id or url is required');
        problem('url', 'id or url is required');
      } else if (id && id.length <= 20 && !CATALOG_ID_RE.test(id)) {
        // (an over-long id is already reported by its maxLength)
        problem('id', `must be a numeric Apple Music ${kind} id`);
      } else if (url && url.length <= 2048 && !catalogUrl(url, kind)) {
        problem('url', `must be a music.apple.com ${kind} URL (${KINDS[kind].urlForms})`);
      }
    },
    normalize: (a) => {
      const id = given(a.id);
      return id ? { id, storefront: DEFAULT_STOREFRONT } : { ...catalogUrl(given(a.url)!, kind)! };
    },
    key: (a) => `${a.storefront}/${a.id}`,
  };
}

export const artist: OperationDef<CatalogRef, Artist> = {
  field: 'audioBArtist',
  platform: label,
  summary: 'An artist on the audio-b platform: name, artwork, editorial notes, top songs and albums',
  rest: { path: '/v1/audio-b/artist', wrap: 'data' },
  record: schema.Artist,
  ...catalogParams('artist'),
  cacheable: true,
  cost: { max: 1 },
  example: { id: '1500000001' },
  run: (ctx, a) => fetchArtist(ctx, a),
};

export const album: OperationDef<CatalogRef, Album> = {
  field: 'audioBAlbum',
  platform: label,
  summary: 'An album on the audio-b platform with its tracks and release info',
  rest: { path: '/v1/audio-b/album', wrap: 'data' },
  record: schema.Album,
  ...catalogParams('album'),
  cacheable: true,
  cost: { max: 1 },
  example: { url: 'https://music.apple.com/us/album/flight-log/1600000001' },
  run: (ctx, a) => fetchAlbum(ctx, a),
};

export const song: OperationDef<CatalogRef, Song> = {
  field: 'audioBSong',
  platform: label,
  summary: 'A song on the audio-b platform: title, artists, album, duration, release date, ISRC, genres, preview and artwork',
  rest: { path: '/v1/audio-b/song', wrap: 'data' },
  record: schema.Song,
  ...catalogParams('song'),
  cacheable: true,
  cost: { max: 1 },
  example: { url: 'https://music.apple.com/us/album/flight-log/1600000001?i=1600000011' },
  run: (ctx, a) => fetchSong(ctx, a),
};

const PLAYLIST_URL_FORM = 'https://music.apple.com/us/playlist/NAME/pl.ID';
const STOREFRONT_RE = /^[a-z]{2}$/i;

/** The playlist the arguments name (without the cursor), or null when they name none. */
function playlistOfArgs(args: Record<string, any>): { id: string; storefront: string } | null {
  const id = given(args.id);
  const url = given(args.url);
  if (id && !url) {
    const pid = normalizePlaylistId(id);
    const sf = given(args.storefront) ?? DEFAULT_STOREFRONT;
    return pid && STOREFRONT_RE.test(sf) ? { id: pid, storefront: sf.toLowerCase() } : null;
  }
  return url && !id ? parsePlaylistUrl(url) : null;
}

export const playlist: OperationDef<PlaylistRef, Playlist> = {
  field: 'audioBPlaylist',
  platform: label,
  summary:
    'One page (up to 100 tracks) of a public playlist on the audio-b platform: name, curator, description, type, artwork and its tracks as songs; page with `cursor`',
  rest: { path: '/v1/audio-b/playlist', wrap: 'data' },
  record: schema.Playlist,
  params: [
    {
      name: 'id',
      kind: 'string',
      maxLength: 80,
      description:
        'Apple Music playlist id, e.g. pl.fde3285b62264c44bc53477612d037a4 (or a shared user playlist, pl.u-…). Give id or url, not both.',
    },
    {
      name: 'url',
      kind: 'string',
      maxLength: 2048,
      description: `Apple Music playlist URL, e.g. ${PLAYLIST_URL_FORM} (the storefront, here us, is used). Give id or url, not both.`,
    },
    {
      name: 'storefront',
      kind: 'string',
      maxLength: 2,
      description: 'Two-letter storefront (country) of the catalogue to read, with id; default us. A url names its own.',
    },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 256,
      description:
        "Pagination token: the previous response's `cursor`, unchanged, with the same playlist. Omit for the first page; null on the last.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    const id = given(args.id);
    const url = given(args.url);
    const storefront = given(args.storefront);
    if (id && url) {
      problem('id', 'give either id or url, not both');
      problem('url', 'give either id or url, not both');
      return;
    }
    if (!id && !url) {
      problem('id', 'id or url is required');
      problem('url', 'id or url is required');
      return;
    }
    // (over-long values are already reported by their maxLength)
    if (id && id.length <= 80 && !normalizePlaylistId(id))
      problem('id', 'must be an Apple Music playlist id (pl.<32 hex digits> or pl.u-…)');
    if (url && url.length <= 2048 && !parsePlaylistUrl(url))
      problem('url', `must be a music.apple.com playlist URL (${PLAYLIST_URL_FORM})`);
    if (storefront && storefront.length <= 2 && !STOREFRONT_RE.test(storefront))
      problem('storefront', 'must be a two-letter storefront, e.g. us');
    const fromUrl = url ? parsePlaylistUrl(url) : null;
    if (storefront && fromUrl && storefront.toLowerCase() !== fromUrl.storefront)
      problem('storefront', `the url names storefront ${fromUrl.storefront}; give storefront only with id`);
    const cursor = given(args.cursor);
    if (!cursor) return;
    const c = decodePlaylistCursor(cursor);
    const asked = playlistOfArgs(args);
    if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    else if (asked && (c.id !== asked.id || c.storefront !== asked.storefront))
      problem('cursor', 'belongs to another playlist (or storefront)');
  },
  normalize: (a) => {
    const cursor = given(a.cursor);
    return { ...playlistOfArgs(a)!, offset: cursor ? decodePlaylistCursor(cursor)!.offset : null };
  },
  // Storefront and Apple's spelling of the id (every accepted spelling one entry), then the page.
  key: (a) => `${a.storefront}/${a.id}${a.offset === null ? '' : `?offset=${a.offset}`}`,
  cost: { max: 1 },
  example: { url: 'https://music.apple.com/us/playlist/flight-deck/pl.0f1e2d3c4b5a69788796a5b4c3d2e1f0' },
  run: (ctx, a) => fetchPlaylist(ctx, a),
};

export interface SearchArgs {
  query: string;
  type: SearchType;
  storefront: string;
}

export const search: OperationDef<SearchArgs, Search> = {
  field: 'audioBSearch',
  platform: label,
  summary:
    'Search the audio-b catalog (US storefront): songs, albums, artists, playlists, stations, music videos, radio episodes, or the top results',
  rest: { path: '/v1/audio-b/search', wrap: 'data' },
  record: schema.Search,
  params: [
    { name: 'query', kind: 'string', required: true, maxLength: 256, description: 'Search terms' },
    {
      name: 'type',
      kind: 'enum',
      values: schema.SEARCH_TYPES,
      enumName: 'AudioBSearchType',
      description: 'Result type (default all: the top results across types)',
    },
  ],
  cacheable: true,
  normalize: (a) => ({ query: a.query.trim().replace(/\s+/g, ' '), type: a.type ?? 'all', storefront: DEFAULT_STOREFRONT }),
  key: (a) => JSON.stringify([a.storefront, a.type, a.query]),
  cost: { max: 1 },
  example: { query: 'test pilots' },
  run: (ctx, a) => fetchSearch(ctx, a),
};

export const platform: PlatformDefinition = { label, hosts, operations: [artist, album, song, playlist, search], links };
