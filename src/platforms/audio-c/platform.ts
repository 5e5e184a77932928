/**
 * audio-c = SoundCloud. Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream requests: platforms.md (api-v2 `resolve` with the public web client_id); a set is read
 * from its soundcloud.com page (fetch.ts).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchArtist, fetchPlaylist } from './fetch.js';
import type { AudioCArtist, AudioCPlaylist, SetRef } from './parse.js';
import { normalizeHandle, parseProfileUrl, parseSetUrl } from './parse.js';
import * as schema from './schema.js';
import { reader } from './reader.js';
import { walls } from './walls.js';
import { links } from './links.js';

const label = 'audio-c';
const hosts = ['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com', 'api-v2.soundcloud.com', 'a-v2.sndcdn.com'];

const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export const artist: OperationDef<{ handle: string }, AudioCArtist> = {
  field: 'audioCArtist',
  platform: label,
  summary: 'An artist profile on the audio-c platform, by handle or profile URL',
  rest: { path: '/v1/audio-c/artist' },
  record: schema.AudioCArtist,
  params: [
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
  ],
  cacheable: true,
  check(args, problem) {
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
  },
  normalize: (a) => ({ handle: given(a.handle) ? normalizeHandle(a.handle)! : parseProfileUrl(a.url)! }),
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

export const platform: PlatformDefinition = { label, hosts, operations: [artist, playlist], walls, reader, links };
