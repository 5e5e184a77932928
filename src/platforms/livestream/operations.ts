/**
 * livestream (Kick) operation: one channel, 1 credit live (0 cached or on error). Listed by
 * platform.ts; GraphQL types in graphql.ts; demo answers in its demo.ts.
 */
import type { OperationDef } from '../operation.js';
import { fetchChannel } from './fetch.js';
import { normalizeSlug, PLATFORM } from './parse.js';
import * as schema from './schema.js';

export const livestreamChannel: OperationDef<{ slug: string }, schema.LivestreamChannel> = {
  field: 'livestreamChannel',
  platform: PLATFORM,
  summary: "A Kick channel: followers, live state, the streamer's bio and social links",
  rest: { path: '/v1/livestream/channel', wrap: 'channel' },
  record: schema.LivestreamChannel,
  params: [
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 300,
      description: 'Channel slug (e.g. ac7ionman) or https://kick.com/<slug>',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.handle === 'string' && args.handle.trim() && !normalizeSlug(args.handle))
      problem('handle', 'must be a Kick channel slug (letters, digits, - and _) or https://kick.com/<slug>');
  },
  normalize: (a) => ({ slug: normalizeSlug(a.handle)! }),
  key: (a) => a.slug,
  cost: { max: 1 },
  example: { handle: 'harbourweather' },
  run: (ctx, a) => fetchChannel(ctx, a),
};

export const operations = [livestreamChannel];
