/**
 * retail-shop's demo answers (`npm run demo`, src/demo/platforms.ts): Ravi Menon's storefront, built
 * with samples.ts (invented, not a capture); any other storefront is a demo miss.
 */
import type { Route } from '../../replay/server.js';
import { HTML } from '../../demo/answer.js';
import { RAVI } from '../../demo/creators.js';
import { demoMiss } from '../../demo/miss.js';
import * as retail from './samples.js';

export function demoRoutes(): Route[] {
  const handle = RAVI.shortvideo;
  const state = retail.storefrontState({
    handle,
    displayName: `${RAVI.name} Cooks`,
    bio: 'The pans, spices and gadgets from my kitchen.',
    profileImageUrl: 'https://m.media-amazon.com/images/I/71demoRaviP._US500_SCLZZZZZZZ_.jpg',
    socialLinks: [
      { socialType: 'YOUTUBE', url: `https://www.youtube.com/@${RAVI.video}` },
      { socialType: 'INSTAGRAM', url: `https://www.instagram.com/${RAVI.socialB}` },
    ],
    trendingPicks: [retail.trendingPick(handle, 'B0DEMO0001', 39.99, 10)],
    curations: [retail.curation(handle, '6f1c2e3d-demo-4a5b-8c9d-000000000001', 'Kerala kitchen basics', 12)],
    posts: [
      retail.listPost(handle, 'DEMOLIST01', 'Spice box essentials', 8),
      retail.videoPost('5d8e1b3c4a6f7d9e1b3c5a7e9d1b3c5a', 'My cast-iron kadai, two years in', ['B0DEMO0001', 'B0DEMO0002']),
    ],
    nextPageToken: null,
  });
  return [
    {
      host: 'www.amazon.com',
      path: /^\/shop\/[^/]+$/,
      method: 'GET',
      response: (req) =>
        decodeURIComponent(req.path.split('/')[2]).toLowerCase() === handle
          ? { headers: HTML, body: retail.storefrontHtml(state, `Amazon.com: ${RAVI.name} Cooks`) }
          : demoMiss(req),
    },
  ];
}
