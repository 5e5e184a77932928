/**
 * audio-b = Apple Music. Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream requests: platforms.md (catalog API with the web player's public developer token;
 * music.apple.com pages as a fallback). REST bodies put the record under `data` (api.md).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchAlbum, fetchArtist, fetchSearch, fetchSong } from './fetch.js';
import type { Album, Artist, CatalogRef, Search, Song } from './parse.js';
import { CATALOG_ID_RE, DEFAULT_STOREFRONT, parseCatalogUrl, parseSongUrl } from './parse.js';
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

export const platform: PlatformDefinition = { label, hosts, operations: [artist, album, song, search], links };
