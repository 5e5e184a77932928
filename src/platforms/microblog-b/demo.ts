/**
 * microblog-b's demo answers (`npm run demo`, src/demo/platforms.ts): one post by the demo creator
 * Tala Okafor, built with samples.ts (invented, not a capture); any other post is a demo miss.
 */
import type { ReplayRequest, Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { TALA } from '../../demo/creators.js';
import { demoMiss } from '../../demo/miss.js';
import { legacyShapeUser, tweetResult, tweetResultBody } from './samples.js';

/** The post the demo holds. */
export const DEMO_TWEET_ID = '1881234567890123457';

export function demoRoutes(): Route[] {
  const author = legacyShapeUser('TalaDraws');
  Object.assign(author.legacy as Record<string, unknown>, {
    name: TALA.name,
    description: 'Illustrator. Picture books, editorial.',
    location: 'London',
    entities: {
      description: { urls: [] },
      url: { urls: [{ display_url: 'talaokafor.com', expanded_url: `${TALA.site}/`, url: 'https://t.co/T4l4S1te01', indices: [0, 23] }] },
    },
    url: 'https://t.co/T4l4S1te01',
    profile_image_url_https: 'https://pbs.twimg.com/profile_images/1/tala_normal.jpg',
  });
  const text = 'New picture book cover, painted in gouache over six evenings. Process video: https://t.co/T4l4Pr0c01';
  const post = tweetResult(DEMO_TWEET_ID, {
    user: author,
    text,
    legacy: {
      created_at: 'Thu Jan 16 18:30:00 +0000 2025',
      entities: {
        hashtags: [],
        symbols: [],
        timestamps: [],
        urls: [
          {
            display_url: 'tiktok.com/@tala.draws',
            expanded_url: 'https://www.tiktok.com/@tala.draws',
            url: 'https://t.co/T4l4Pr0c01',
            indices: [77, 100],
          },
        ],
        user_mentions: [],
      },
    },
  });
  return [
    {
      host: 'x.com',
      path: /^\/i\/api\/graphql\/[^/]+\/TweetResultByRestId$/,
      response: (req: ReplayRequest) => {
        const id = (JSON.parse(req.query.get('variables') ?? '{}') as { tweetId?: string }).tweetId;
        return id === DEMO_TWEET_ID ? json(tweetResultBody(post)) : demoMiss(req);
      },
    },
  ];
}
