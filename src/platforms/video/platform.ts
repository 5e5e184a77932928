/**
 * video = YouTube. Registry entry: one operation, GET /v1/video/channel (1 credit, cacheable).
 * Upstream requests: platforms.md (channel page ytInitialData + the about panel's browse request).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import type { ChannelRef } from './channel-ref.js';
import { CHANNEL_ID_RE, channelCacheKey, normalizeHandle, parseChannelUrl } from './channel-ref.js';
import { fetchChannel } from './fetch.js';
import type { VideoChannel } from './parse.js';
import * as schema from './schema.js';
import { walls } from './walls.js';
import { reader, refOf } from './reader.js';

const label = 'video';
const hosts = ['www.youtube.com', 'youtube.com', 'm.youtube.com'];

const URL_MAX = 2048;
const HANDLE_MAX = 100;
const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const REF_PARAMS = ['channelId', 'handle', 'url'] as const;

export const channel: OperationDef<{ ref: ChannelRef }, VideoChannel> = {
  field: 'videoChannel',
  platform: label,
  summary: 'A channel on the video platform: profile, counts, links, country, joined date',
  rest: { path: '/v1/video/channel' },
  record: schema.VideoChannel,
  params: [
    {
      name: 'channelId',
      kind: 'string',
      maxLength: 64,
      description: 'Channel id: UC followed by 22 characters. Give exactly one of channelId, handle or url.',
    },
    {
      name: 'handle',
      kind: 'string',
      maxLength: HANDLE_MAX,
      description: 'Channel handle, e.g. @kurzgesagt (the @ is optional). Give exactly one of channelId, handle or url.',
    },
    {
      name: 'url',
      kind: 'string',
      maxLength: URL_MAX,
      description:
        'Channel URL: https://www.youtube.com/@HANDLE, /channel/ID, /c/NAME or /user/NAME (m.youtube.com and a tab suffix such as /about or /videos are fine). Give exactly one of channelId, handle or url.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    const present = REF_PARAMS.filter((p) => given(args[p]));
    if (present.length === 0) {
      for (const p of REF_PARAMS) problem(p, 'give exactly one of channelId, handle or url');
      return;
    }
    if (present.length > 1) {
      for (const p of present) problem(p, `give exactly one of channelId, handle or url (got ${present.join(', ')})`);
      return;
    }
    // Over-long values are already reported by their length rule.
    const [p] = present;
    if (p === 'channelId' && args.channelId.length <= 64 && !CHANNEL_ID_RE.test(args.channelId.trim())) {
      problem('channelId', 'must be a channel id: UC followed by 22 letters, digits, - or _');
    } else if (p === 'handle' && args.handle.length <= HANDLE_MAX && !normalizeHandle(args.handle)) {
      problem('handle', 'must be a channel handle: 3 to 30 letters, digits, _, -, . or · (a leading @ is allowed)');
    } else if (p === 'url' && args.url.length <= URL_MAX && !parseChannelUrl(args.url)) {
      problem('url', 'must be a youtube.com channel URL (/@HANDLE, /channel/ID, /c/NAME or /user/NAME)');
    }
  },
  normalize: (a) => ({
    ref: given(a.channelId)
      ? { kind: 'id', id: a.channelId.trim() }
      : given(a.handle)
        ? { kind: 'handle', handle: normalizeHandle(a.handle)! }
        : parseChannelUrl(a.url)!,
  }),
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
  operations: [channel],
  walls,
  // Its reads share the channel operation's cache entry and in-flight fetches.
  reader: { ...reader, operation: { op: channel, args: (handle: string) => ({ ref: refOf(handle) }) } },
};
