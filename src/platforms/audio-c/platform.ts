/**
 * audio-c = SoundCloud. Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream requests: platforms.md (api-v2 `resolve` with the public web client_id, for an artist
 * and a track; api-v2 `/users/<id>/tracks` for an artist's tracks); a set is read from its
 * soundcloud.com page (fetch.ts).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import type { ArtistTracksArgs } from './fetch.js';
import { decodeTracksCursor, fetchArtist, fetchArtistTracks, fetchPlaylist, fetchTrack } from './fetch.js';
import type { AudioCArtist, AudioCArtistTracks, AudioCPlaylist, AudioCTrack, SetRef, TrackRef } from './parse.js';
import { normalizeHandle, parseProfileUrl, parseSetUrl, parseTrackUrl } from './parse.js';
import type { ParamSpec } from '../operation.js';
import * as schema from './schema.js';
import { reader } from './reader.js';
import { walls } from './walls.js';
import { links } from './links.js';

const label = 'audio-c';
const hosts = ['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com', 'api-v2.soundcloud.com', 'a-v2.sndcdn.com'];

const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** The artist's parameters, taken alike by the artist and its tracks. */
const artistParams: ParamSpec[] = [
  {
    name: 'handle',
    kind: 'string',
    maxLength: 100,
    description: "Artist handle (the profile URL's permalink), e.g. liluzivert; a leading @ is ignored. Give handle or url, not both.",
  },
  {
    name: 'url',
    kind: 'string',
    maxLength: 2048,
    description: 'Artist profile URL, e.g. https://soundcloud.com/liluzivert. Give handle or url, not both.',
  },
];

/** Exactly one of handle or url, each a valid one; reported on both when neither or both are given. */
function checkArtist(args: Record<string, any>, problem: (param: string, message: string) => void): void {
  const h = given(args.handle);
  const u = given(args.url);
  if (h && u) {
    problem('handle', 'give either handle or url, not both');
    problem('url', 'give either handle or url, not both');
  } else if (!h && !u) {
    problem('handle', 'one of handle or url is required');
    problem('url', 'one of handle or url is required');
  } else if (h && args.handle.length <= 100 && !normalizeHandle(args.handle)) {
    // (An over-long value is already reported by its length rule.)
    problem('handle', 'must be a profile permalink: letters, digits, _ and - (a leading @ is allowed)');
  } else if (u && args.url.length <= 2048 && !parseProfileUrl(args.url)) {
    problem('url', 'must be a soundcloud.com profile URL (https://soundcloud.com/HANDLE)');
  }
}

/** The artist's handle, lower-cased without "@", from either parameter (valid input only). */
const artistHandle = (a: Record<string, any>): string | null =>
  given(a.handle) ? normalizeHandle(a.handle) : given(a.url) ? parseProfileUrl(a.url) : null;

export const artist: OperationDef<{ handle: string }, AudioCArtist> = {
  field: 'audioCArtist',
  platform: label,
  summary: 'An artist profile on the audio-c platform, by handle or profile URL',
  rest: { path: '/v1/audio-c/artist' },
  record: schema.AudioCArtist,
  params: artistParams,
  cacheable: true,
  check: checkArtist,
  normalize: (a) => ({ handle: artistHandle(a)! }),
  // Handles are lower-cased without "@", and a URL becomes its handle: every spelling shares one entry.
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { handle: 'ravimenonbeats' },
  run: (ctx, a) => fetchArtist(ctx, a.handle),
};

export const playlist: OperationDef<SetRef, AudioCPlaylist> = {
  field: 'audioCPlaylist',
  platform: label,
  summary: 'A set (playlist, album, EP…) on the audio-c platform by URL: its details, creator and tracks',
  rest: { path: '/v1/audio-c/playlist' },
  record: schema.AudioCPlaylist,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description:
        'Set URL, e.g. https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats (www. and m. too). Secret links (…/s-TOKEN) and on.soundcloud.com short links are not taken.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.url === 'string' && args.url.length <= 2048 && !parseSetUrl(args.url)) {
      // (An over-long value is already reported by its length rule.)
      problem(
        'url',
        'must be a soundcloud.com set URL (https://soundcloud.com/USER/sets/SET); secret and on.soundcloud.com links are not taken',
      );
    }
  },
  normalize: (a) => parseSetUrl(a.url)!,
  // Lower-cased handle and slug without host, query or trailing slash: every spelling shares one entry.
  key: (a) => `${a.handle}/sets/${a.slug}`,
  cost: { max: 1 },
  example: { url: 'https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats' },
  run: (ctx, a) => fetchPlaylist(ctx, a),
};

const hasCursor = (a: Record<string, any>): a is { cursor: string } => typeof a.cursor === 'string' && a.cursor !== '';

export const artistTracks: OperationDef<ArtistTracksArgs, AudioCArtistTracks> = {
  field: 'audioCArtistTracks',
  platform: label,
  summary: "One page (20) of an audio-c artist's public tracks, newest first, by handle or profile URL; page with `cursor`",
  rest: { path: '/v1/audio-c/artist/tracks' },
  record: schema.AudioCArtistTracks,
  params: [
    ...artistParams,
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 1024,
      description:
        "Pagination token: the previous response's `cursor`, unchanged, with the same artist. Omit for the first page; null on the last.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    checkArtist(args, problem);
    if (!hasCursor(args)) return;
    const c = decodeTracksCursor(args.cursor);
    const handle = artistHandle(args);
    if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    else if (handle && c.handle !== handle) problem('cursor', 'belongs to another artist');
  },
  normalize: (a) => {
    const c = hasCursor(a) ? decodeTracksCursor(a.cursor)! : null;
    return { handle: artistHandle(a)!, userId: c?.userId ?? null, offset: c?.offset ?? null };
  },
  // The artist's handle as the artist's key (every spelling one entry), then the page: no cursor is the first.
  key: (a) => JSON.stringify([a.handle, a.userId, a.offset]),
  cost: { max: 1 },
  watch: ['tracks.permalink_url'],
  example: { handle: 'ravimenonbeats' },
  run: (ctx, a) => fetchArtistTracks(ctx, a),
};

export const track: OperationDef<TrackRef, AudioCTrack> = {
  field: 'audioCTrack',
  platform: label,
  summary: 'One track on the audio-c platform by URL: its details, counts and uploader',
  rest: { path: '/v1/audio-c/track' },
  record: schema.AudioCTrack,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description:
        'Track URL, e.g. https://soundcloud.com/ravimenonbeats/steam-valve (www. and m. too). Sets, profile pages, secret links (…/s-TOKEN) and on.soundcloud.com short links are not taken.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.url === 'string' && args.url.length <= 2048 && !parseTrackUrl(args.url)) {
      // (An over-long value is already reported by its length rule.)
      problem(
        'url',
        'must be a soundcloud.com track URL (https://soundcloud.com/USER/TRACK); sets, profiles, secret and on.soundcloud.com links are not taken',
      );
    }
  },
  normalize: (a) => parseTrackUrl(a.url)!,
  // Lower-cased handle and slug without host, query or trailing slash: every spelling shares one entry.
  key: (a) => `${a.handle}/${a.slug}`,
  cost: { max: 1 },
  example: { url: 'https://soundcloud.com/ravimenonbeats/steam-valve' },
  run: (ctx, a) => fetchTrack(ctx, a),
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [artist, playlist, artistTracks, track],
  walls,
  reader,
  links,
  names: { link: ['soundcloud'] },
};
