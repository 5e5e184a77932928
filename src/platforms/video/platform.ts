/**
 * video = YouTube. Registry entry: one operation, GET /v1/video/channel (1 credit, cacheable).
 * Upstream requests: platforms.md (channel page ytInitialData + the about panel's browse request).
 */
import type { OperationDef } from '../operation.js';
import type { ChannelRef } from './channel-ref.js';
import { CHANNEL_REF_PARAMS, channelCacheKey, channelRefOf, checkChannelRef } from './channel-ref.js';
import { fetchChannel } from './fetch.js';
import type { VideoChannel } from './parse.js';
import * as schema from './schema.js';

export const label = 'video';
export { walls } from './walls.js';
export const hosts = ['www.youtube.com', 'youtube.com', 'm.youtube.com'];
/** Creator discovery's view of this platform's public profiles (src/platforms/reader.ts). */
export { reader } from './reader.js';

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

export const operations = [channel];
