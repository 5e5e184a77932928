/**
 * microblog-b = X / Twitter. Registry entry: hosts, the tweet operation (and the profile one,
 * profile.ts), their parameters, cost and cache policy. Upstream requests: endpoints.ts (where) and fetch.ts (which source when).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchTweet } from './fetch.js';
import { isPartialRead, partialRead } from '../partial-read.js';
import type { MicroblogBTweet, TrimmedTweet } from './parse.js';
import { parseTweetUrl, TRIM_DESCRIPTION, trimTweet } from './parse.js';
import * as schema from './schema.js';
import { walls } from './walls.js';
import { reader } from './reader.js';
import { profile } from './profile.js';
import { links } from './links.js';

const label = 'microblog-b';
const hosts = [
  'x.com',
  'twitter.com',
  'www.x.com',
  'www.twitter.com',
  'mobile.x.com',
  'mobile.twitter.com',
  'api.x.com',
  'cdn.syndication.twimg.com',
];

const tweetUrl = parseTweetUrl;

export interface TweetArgs {
  id: string;
  trim: boolean;
}

export type TweetRecord = MicroblogBTweet | TrimmedTweet;

export const tweet: OperationDef<TweetArgs, TweetRecord> = {
  field: 'microblogBTweet',
  platform: label,
  summary: 'A public post on microblog-b (the tweet object: author, counts, views, entities)',
  rest: { path: '/v1/microblog-b/tweet' },
  record: schema.TweetRecord,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description: 'Post URL, e.g. https://x.com/USER/status/ID (twitter.com and the www. / mobile. hosts too)',
    },
    { name: 'trim', kind: 'boolean', description: TRIM_DESCRIPTION },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.url === 'string' && args.url.trim() && !tweetUrl(args.url.trim())) {
      problem('url', 'must be a post URL on x.com or twitter.com (https://x.com/USER/status/ID)');
    }
  },
  normalize: (a) => ({ id: tweetUrl(a.url.trim())!.id, trim: a.trim ?? false }),
  // The id names the post whatever host, screen name or suffix the URL had.
  key: (a) => `${a.id}|${a.trim ? 'trim' : 'full'}`,
  cost: { max: 1 },
  example: { url: 'https://x.com/TalaDraws/status/1881234567890123457' },
  run: async (ctx, a) => {
    const t = await fetchTweet(ctx, a.id);
    if (!a.trim) return t;
    // The trimmed record of a partial read (the syndication fallback) is one too.
    return isPartialRead(t) ? partialRead(trimTweet(t)) : trimTweet(t);
  },
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [tweet, profile],
  walls,
  reader,
  links,
  names: {
    link: ['x', 'twitter', 'توییتر', 'تويتر', 'טוויטר', 'твиттер', 'твітер', 'টুইটার', 'ツイッター', '트위터'],
    secondLine: ['twitter', '트위터', 'ツイッター', 'твиттер', 'твітер', 'تويتر'],
    mention: { labels: ['twitter', 'x'], atOnly: ['x'] },
  },
};
