/**
 * livestream (Kick) operations: a channel, its past broadcasts, one page of its clips; each 1
 * credit live (0 cached or on error). Listed by platform.ts; GraphQL types in graphql.ts; demo
 * answers in its demo.ts.
 */
import type { OperationDef } from '../operation.js';
import { CLIP_SORTS, CLIP_TIMES, decodeClipsCursor, fetchChannel, fetchClips, fetchVideos } from './fetch.js';
import type { ClipsArgs, ClipSort, ClipTime } from './fetch.js';
import { normalizeSlug, PLATFORM } from './parse.js';
import * as schema from './schema.js';

const HANDLE_PARAM = {
  name: 'handle',
  kind: 'string',
  required: true,
  maxLength: 300,
  description: 'Channel slug (e.g. ac7ionman) or https://kick.com/<slug>',
} as const;
const HANDLE_PROBLEM = 'must be a Kick channel slug (letters, digits, - and _) or https://kick.com/<slug>';

const slugOf = (args: Record<string, any>) =>
  typeof args.handle === 'string' && args.handle.trim() ? normalizeSlug(args.handle) : undefined;

/** What /channel and /videos share: one channel by `handle` (a slug or a kick.com URL), keyed by its slug, 1 credit. */
const BY_CHANNEL: Pick<
  OperationDef<{ slug: string }, unknown>,
  'params' | 'cacheable' | 'check' | 'normalize' | 'key' | 'cost' | 'example'
> = {
  params: [HANDLE_PARAM],
  cacheable: true,
  check(args, problem) {
    if (slugOf(args) === null) problem('handle', HANDLE_PROBLEM);
  },
  normalize: (a) => ({ slug: normalizeSlug(a.handle)! }),
  key: (a) => a.slug,
  cost: { max: 1 },
  example: { handle: 'harbourweather' },
};

export const livestreamChannel: OperationDef<{ slug: string }, schema.LivestreamChannel> = {
  field: 'livestreamChannel',
  platform: PLATFORM,
  summary: "A Kick channel: followers, live state, the streamer's bio and social links",
  rest: { path: '/v1/livestream/channel', wrap: 'channel' },
  record: schema.LivestreamChannel,
  ...BY_CHANNEL,
  run: (ctx, a) => fetchChannel(ctx, a),
};

export const livestreamVideos: OperationDef<{ slug: string }, schema.LivestreamVideos> = {
  field: 'livestreamVideos',
  platform: PLATFORM,
  summary: "A Kick channel's past broadcasts (VODs): title, start, length, views, categories",
  rest: { path: '/v1/livestream/videos' },
  record: schema.LivestreamVideos,
  ...BY_CHANNEL,
  run: (ctx, a) => fetchVideos(ctx, a),
};

const CLIPS_CURSOR_DESCRIPTION =
  "Pagination token: the previous response's `cursor`, unchanged, with the same handle, sort and time. Omit for the first page.";

export const livestreamClips: OperationDef<ClipsArgs, schema.LivestreamClips> = {
  field: 'livestreamClips',
  platform: PLATFORM,
  summary: "One page of a Kick channel's clips, most viewed or newest, over a day, week, month or all time; page with `cursor`",
  rest: { path: '/v1/livestream/clips' },
  record: schema.LivestreamClips,
  params: [
    HANDLE_PARAM,
    {
      name: 'sort',
      kind: 'enum',
      values: CLIP_SORTS,
      enumName: 'LivestreamClipSort',
      description: "Kick's order: `view` (most viewed, the default) or `date` (newest)",
    },
    {
      name: 'time',
      kind: 'enum',
      values: CLIP_TIMES,
      enumName: 'LivestreamClipTime',
      description: 'Clips made in the last `day`, `week`, `month`, or `all` (the default)',
    },
    { name: 'cursor', kind: 'string', maxLength: 512, description: CLIPS_CURSOR_DESCRIPTION },
  ],
  cacheable: true,
  check(args, problem) {
    const slug = slugOf(args);
    if (slug === null) problem('handle', HANDLE_PROBLEM);
    if (typeof args.cursor !== 'string' || args.cursor === '') return;
    const c = decodeClipsCursor(args.cursor);
    if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    else if ((slug && c.h !== slug) || c.s !== sortOf(args) || c.t !== timeOf(args))
      problem('cursor', 'belongs to another list (another handle, sort or time)');
  },
  normalize: (a) => ({
    slug: normalizeSlug(a.handle)!,
    sort: sortOf(a),
    time: timeOf(a),
    cursor: typeof a.cursor === 'string' && a.cursor !== '' ? decodeClipsCursor(a.cursor)!.c : null,
  }),
  key: (a) => JSON.stringify([a.slug, a.sort, a.time, a.cursor]),
  cost: { max: 1 },
  example: { handle: 'harbourweather' },
  run: (ctx, a) => fetchClips(ctx, a),
};

function sortOf(args: Record<string, any>): ClipSort {
  return (args.sort as ClipSort | null | undefined) ?? 'view';
}

function timeOf(args: Record<string, any>): ClipTime {
  return (args.time as ClipTime | null | undefined) ?? 'all';
}

export const operations = [livestreamChannel, livestreamVideos, livestreamClips];
