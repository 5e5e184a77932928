/**
 * audio-a = Spotify. Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream requests: platforms.md (embed page for the anonymous token; pathfinder persisted
 * queries `queryShowMetadataV2` and `fetchPlaylist`; a track's, an album's, an artist's, an
 * episode's embed page), kept in ./pathfinder.ts.
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef, ParamSpec } from '../operation.js';
import { fetchAlbum, fetchArtist, fetchEpisode, fetchPlaylistPage, fetchPodcast, fetchTrack } from './fetch.js';
import type { Album, Artist, EntityKind, Episode, Playlist, Podcast, Track } from './parse.js';
import { idFromInput, SPOTIFY_ID_RE } from './parse.js';
import * as schema from './schema.js';
import { links } from './links.js';

const label = 'audio-a';
const hosts = ['open.spotify.com', 'api-partner.spotify.com'];

const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function idOrUrlParams(kind: EntityKind): ParamSpec[] {
  const what = kind === 'show' ? 'podcast (show)' : kind;
  return [
    { name: 'id', kind: 'string', maxLength: 64, description: `Spotify ${what} id (22 characters, base62). Give either id or url.` },
    {
      name: 'url',
      kind: 'string',
      maxLength: 2048,
      description: `Spotify ${what} URL, e.g. https://open.spotify.com/${kind}/ID (or a spotify:${kind}:ID URI). Give either id or url.`,
    },
  ];
}

/** Exactly one of id / url, each well formed for this kind of entity. */
function checkIdOrUrl(kind: EntityKind) {
  return (args: Record<string, any>, problem: (param: string, message: string) => void): void => {
    const hasId = given(args.id);
    const hasUrl = given(args.url);
    if (hasId && hasUrl) {
      problem('id', 'give either id or url, not both');
      problem('url', 'give either id or url, not both');
      return;
    }
    if (!hasId && !hasUrl) {
      problem('id', 'either id or url is required');
      problem('url', 'either id or url is required');
      return;
    }
    if (hasId && !SPOTIFY_ID_RE.test(args.id.trim())) problem('id', 'must be a Spotify id: 22 letters and digits');
    if (hasUrl && !idFromInput(args.url, kind)) {
      problem('url', `must be an open.spotify.com ${kind} URL (https://open.spotify.com/${kind}/ID) or a spotify:${kind}:ID URI`);
    }
  };
}

function idOf(args: Record<string, any>, kind: EntityKind): string {
  return given(args.id) ? args.id.trim() : idFromInput(args.url, kind)!;
}

export const podcast: OperationDef<{ id: string }, Podcast> = {
  field: 'audioAPodcast',
  platform: label,
  summary: 'A podcast (show) on the audio-a platform: metadata, rating, topics and its episode references',
  rest: { path: '/v1/audio-a/podcast' },
  record: schema.Podcast,
  params: idOrUrlParams('show'),
  cacheable: true,
  check: checkIdOrUrl('show'),
  normalize: (a) => ({ id: idOf(a, 'show') }),
  // Spotify ids are case-sensitive (base62): never lower-cased.
  key: (a) => a.id,
  cost: { max: 1 },
  example: { url: 'https://open.spotify.com/show/5dEm0Sh0wK1tchenT4lk01' },
  run: (ctx, a) => fetchPodcast(ctx, a),
};

export const playlist: OperationDef<{ id: string; cursor: number }, Playlist> = {
  field: 'audioAPlaylist',
  platform: label,
  summary: 'One page of a playlist on the audio-a platform: metadata and tracks; pass `cursor` back for the next page',
  rest: { path: '/v1/audio-a/playlist' },
  record: schema.Playlist,
  params: [
    ...idOrUrlParams('playlist'),
    {
      name: 'cursor',
      kind: 'int',
      min: 0,
      max: 1_000_000,
      description:
        'Offset of the page to fetch, as returned in `cursor` by the previous response; omit for the first page. The last page returns cursor null.',
    },
  ],
  cacheable: true,
  check: checkIdOrUrl('playlist'),
  normalize: (a) => ({ id: idOf(a, 'playlist'), cursor: a.cursor ?? 0 }),
  key: (a) => `${a.id}|${a.cursor}`,
  cost: { max: 1 },
  example: { id: '3dEm0PlAyl1stCurry0x01' },
  run: (ctx, a) => fetchPlaylistPage(ctx, a),
};

export const track: OperationDef<{ id: string }, Track> = {
  field: 'audioATrack',
  platform: label,
  summary: 'A track on the audio-a platform: name, artists, duration, explicit flag, release date, preview clip and cover art',
  rest: { path: '/v1/audio-a/track' },
  record: schema.Track,
  params: idOrUrlParams('track'),
  cacheable: true,
  check: checkIdOrUrl('track'),
  normalize: (a) => ({ id: idOf(a, 'track') }),
  // Spotify ids are case-sensitive (base62): never lower-cased.
  key: (a) => a.id,
  cost: { max: 1 },
  example: { url: 'https://open.spotify.com/track/3dEm0Tr4ck000000000001' },
  run: (ctx, a) => fetchTrack(ctx, a),
};

export const album: OperationDef<{ id: string }, Album> = {
  field: 'audioAAlbum',
  platform: label,
  summary:
    'An album on the audio-a platform: name, artists, release date, cover art and its track list (durations, explicit flags, preview clips)',
  rest: { path: '/v1/audio-a/album' },
  record: schema.Album,
  params: idOrUrlParams('album'),
  cacheable: true,
  check: checkIdOrUrl('album'),
  normalize: (a) => ({ id: idOf(a, 'album') }),
  // Spotify ids are case-sensitive (base62): never lower-cased.
  key: (a) => a.id,
  cost: { max: 1 },
  example: { url: 'https://open.spotify.com/album/3dEm0A1bum000000000001' },
  run: (ctx, a) => fetchAlbum(ctx, a),
};

export const artist: OperationDef<{ id: string }, Artist> = {
  field: 'audioAArtist',
  platform: label,
  summary: 'An artist on the audio-a platform: name, images and top tracks as its embed shows them',
  rest: { path: '/v1/audio-a/artist' },
  record: schema.Artist,
  params: idOrUrlParams('artist'),
  cacheable: true,
  check: checkIdOrUrl('artist'),
  normalize: (a) => ({ id: idOf(a, 'artist') }),
  // Spotify ids are case-sensitive (base62): never lower-cased.
  key: (a) => a.id,
  cost: { max: 1 },
  example: { id: '3dEm0Art1st00000000001' },
  run: (ctx, a) => fetchArtist(ctx, a),
};

export const episode: OperationDef<{ id: string }, Episode> = {
  field: 'audioAEpisode',
  platform: label,
  summary:
    'A podcast episode on the audio-a platform: name, its show, release date, duration, explicit and playable flags, preview clip and cover art',
  rest: { path: '/v1/audio-a/episode' },
  record: schema.Episode,
  params: idOrUrlParams('episode'),
  cacheable: true,
  check: checkIdOrUrl('episode'),
  normalize: (a) => ({ id: idOf(a, 'episode') }),
  // Spotify ids are case-sensitive (base62): never lower-cased.
  key: (a) => a.id,
  cost: { max: 1 },
  example: { url: 'https://open.spotify.com/episode/5dEm0Ep1s0de0000000003' },
  run: (ctx, a) => fetchEpisode(ctx, a),
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [podcast, playlist, track, album, artist, episode],
  links,
  names: { link: ['spotify'] },
};
