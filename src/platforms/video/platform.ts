/**
 * video = YouTube. Registry entry: GET /v1/video/channel (here), /v1/video/video (video.ts), /v1/video/videos
 * (videos.ts), /v1/video/search (search.ts), /v1/video/transcript (transcript.ts), /v1/video/comments
 * (comments.ts), /v1/video/playlist (playlist.ts) and /v1/video/posts (posts.ts), 1 credit each, cacheable.
 * Upstream requests: platforms.md (channel page ytInitialData + the about panel's browse request).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import type { ChannelRef } from './channel-ref.js';
import { CHANNEL_REF_PARAMS, channelCacheKey, channelRefOf, checkChannelRef, YOUTUBE_ORIGIN } from './channel-ref.js';
import { fetchChannel } from './fetch.js';
import type { VideoChannel } from './parse.js';
import * as schema from './schema.js';
import { walls } from './walls.js';
import { reader, refOf } from './reader.js';
import { videoVideo } from './video.js';
import { videoVideos } from './videos.js';
import { videoSearch } from './search.js';
import { videoTranscript } from './transcript.js';
import { videoComments } from './comments.js';
import { videoPlaylist } from './playlist.js';
import { videoPosts } from './posts.js';
import { links } from './links.js';

const label = 'video';
const hosts = ['www.youtube.com', 'youtube.com', 'm.youtube.com'];

export const channel: OperationDef<{ ref: ChannelRef }, VideoChannel> = {
  field: 'videoChannel',
  platform: label,
  summary: 'A channel on the video platform: profile, counts, links, country, joined date',
  rest: { path: '/v1/video/channel' },
  record: schema.VideoChannel,
  params: CHANNEL_REF_PARAMS,
  cacheable: true,
  check: checkChannelRef,
  normalize: (a) => ({ ref: channelRefOf(a) }),
  // Spellings of one reference share an entry (`@Name`, `name`, youtube.com/@name/about…; an id and
  // its /channel/ URL). A handle and an id of the same channel do not: only a fetch could tell.
  key: (a) => channelCacheKey(a.ref),
  cost: { max: 1 },
  example: { handle: '@RaviMenonCooks' },
  run: (ctx, a) => fetchChannel(ctx, a.ref),
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [channel, videoVideo, videoVideos, videoSearch, videoTranscript, videoComments, videoPlaylist, videoPosts],
  walls,
  // Its reads share the channel operation's cache entry and in-flight fetches.
  reader: { ...reader, operation: { op: channel, args: (handle: string) => ({ ref: refOf(handle) }) } },
  links,
  names: {
    link: [
      'youtube',
      'yt',
      'یوتیوب',
      'يوتيوب',
      'יוטיוב',
      'ютуб',
      'ютьюб',
      'γιουτιουμπ',
      'ইউটিউব',
      'यूट्यूब',
      'ユーチューブ',
      '유튜브',
      '油管',
      'ยูทูบ',
    ],
    secondLine: ['youtube', 'yt', '유튜브', 'ユーチューブ', 'ютуб', 'يوتيوب', 'یوتیوب', 'ยูทูบ'],
    // "YT: @owl" → youtube.com/@owl: a name in a bio is a handle, even one spelt like a channel id (`UC…`, the reader's /channel/ URL).
    mention: { labels: ['yt', 'youtube'], url: (h) => `${YOUTUBE_ORIGIN}/@${h}` },
  },
};
