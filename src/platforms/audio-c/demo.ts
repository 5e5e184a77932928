/**
 * audio-c's demo answers (`npm run demo`, src/demo/platforms.ts): the home page's client id, then one
 * artist (Ravi Menon's beats); others are demo misses.
 * Written here (this folder's tests read real captures from ../shared, which the demo never uses) in
 * the shapes parse.ts reads; every name, id and URL is invented. Tokens never expire (2100): the
 * demo has no clock to keep.
 */
import type { Route } from '../../replay/server.js';
import { HTML, json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';

/** The artist the demo holds. */
export const DEMO_HANDLE = 'ravimenonbeats';

const SC_CLIENT_ID = 'dEm0C1ientIdF0rTheOff1ineDem0000';

export function demoRoutes(): Route[] {
  const handle = DEMO_HANDLE;
  const home = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>SoundCloud - Hear the world’s sounds</title></head><body><div id="app"></div>
<script>window.__sc_hydration = ${JSON.stringify([
    { hydratable: 'apiClient', data: { id: SC_CLIENT_ID, isExpiring: false } },
    { hydratable: 'features', data: { features: [] } },
  ])};</script>
<script crossorigin src="https://a-v2.sndcdn.com/assets/0-demo0001.js"></script></body></html>`;
  const user = {
    avatar_url: 'https://i1.sndcdn.com/avatars-000demo0001-rmbeats-large.jpg',
    city: 'Kochi',
    comments_count: 14,
    country_code: 'IN',
    created_at: '2019-06-02T18:20:11Z',
    creator_subscriptions: [{ product: { id: 'free' } }],
    creator_subscription: { product: { id: 'free' } },
    description: 'Lo-fi beats I make while the rice cooks. Recipes: ravimenoncooks.com',
    followers_count: 3120,
    followings_count: 87,
    first_name: 'Ravi',
    full_name: 'Ravi Menon',
    groups_count: 0,
    id: 900_000_101,
    kind: 'user',
    last_modified: '2025-02-27T08:14:55Z',
    last_name: 'Menon',
    likes_count: 402,
    playlist_likes_count: 12,
    permalink: handle,
    permalink_url: `https://soundcloud.com/${handle}`,
    playlist_count: 3,
    reposts_count: null,
    track_count: 24,
    uri: 'https://api.soundcloud.com/users/900000101',
    urn: 'soundcloud:users:900000101',
    username: 'Ravi Menon Beats',
    verified: false,
    visuals: {
      urn: 'soundcloud:users:900000101',
      enabled: true,
      visuals: [
        { urn: 'soundcloud:visuals:demo0001', entry_time: 0, visual_url: 'https://i1.sndcdn.com/visuals-000demo0001-original.jpg' },
      ],
      tracking: null,
    },
    badges: { pro: false, creator_mid_tier: false, pro_unlimited: false, verified: false },
    station_urn: 'soundcloud:system-playlists:artist-stations:900000101',
    station_permalink: `artist-stations:900000101`,
    date_of_birth: null,
  };
  return [
    { host: 'soundcloud.com', path: '/', response: { headers: HTML, body: home } },
    {
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      response: (req) => (req.query.get('url')?.toLowerCase() === `https://soundcloud.com/${handle}` ? json(user) : demoMiss(req)),
    },
  ];
}
