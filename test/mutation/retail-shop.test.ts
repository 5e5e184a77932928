import { describe } from 'vitest';
import { parseStorefrontPage } from '../../src/platforms/retail-shop/parse.js';
import * as schema from '../../src/platforms/retail-shop/schema.js';
import { JUNO, junoPage1, storefrontHtml } from '../../src/platforms/retail-shop/samples.js';
import { mutationTest } from './suite.js';

const LABEL = 'retail-shop';

// No capture of a storefront exists: the project's own page (src/platforms/retail-shop/samples.ts), every
// section filled; its `a-state` JSON is mutated and the page rebuilt around it.
describe('retail-shop mutations (test page)', () => {
  mutationTest({
    name: 'storefront of samples.ts junoPage1()',
    platform: LABEL,
    load: () => junoPage1(),
    parse: (doc) => parseStorefrontPage(storefrontHtml(doc as Record<string, unknown>), JUNO),
    schema: schema.RetailShopPage,
    source: ['storefront'],
    maxDepth: 4,
    identity: {},
    // The social icons are de-duplicated (first of each URL): one icon's change may reorder them.
    atomic: ['socials'],
    fields: {
      avatar: ['profile.profileImageUrl', 'profile'],
      name: ['profile.displayName', 'profile'],
      description: ['profile.bio', 'profile'],
      socials: ['profile.socialLinks', 'profile'],
      // One feed: its posts are the lists and the videos.
      lists: ['feed.posts', 'feed'],
      videos: ['feed.posts', 'feed'],
      pageToken: ['feed.nextPageToken', 'feed'],
      trendingPicks: ['trendingPicks'],
      curations: ['curations'],
    },
    quiet: {
      'profile.bio': 'README: the creator wrote none',
      'profile.socialLinks': 'creators without social icons',
      trendingPicks: 'a section a storefront may lack',
      curations: 'a section a storefront may lack',
      'feed.nextPageToken': 'the last page',
      ...Object.fromEntries(
        [
          'feed.posts.*.itemCount',
          'feed.posts.*.heroImageUrl',
          'feed.posts.*.thumbnailUrl',
          'feed.posts.*.products',
          'feed.posts.*.url',
          'trendingPicks.*.price',
          'trendingPicks.*.savingsPercentage',
          'trendingPicks.*.imageUrl',
          'trendingPicks.*.detailPageUrl',
          'curations.*.postCount',
          'curations.*.coverImageUrl',
          'curations.*.url',
        ].map((k) => [k, 'README: the card may not show it']),
      ),
    },
  });
});
