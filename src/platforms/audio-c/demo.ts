/**
 * audio-c's demo answers (`npm run demo`, src/demo/platforms.ts): the home page's client id, then one
 * artist (Ravi Menon's beats), one of his sets (its page), one of his tracks and his tracks list (one
 * page); others are demo misses.
 * Built from samples.ts (this folder's tests read real captures from ../shared, which the demo never
 * uses) in the shapes parse.ts reads; every name, id and URL is invented.
 */
import type { Route } from '../../replay/server.js';
import { HTML, json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';
import { DEMO_SET_SLUG, DEMO_TRACK_SLUG, demoSet, demoTracks, ravimenonUser, setPage, tracksPage } from './samples.js';

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
  const user = ravimenonUser(handle);
  const set = demoSet(handle);
  const tracks = demoTracks(handle);
  const resolved = new Map<string, unknown>([
    [`https://soundcloud.com/${handle}`, user],
    [`https://soundcloud.com/${handle}/${DEMO_TRACK_SLUG}`, tracks[0]],
  ]);
  return [
    { host: 'soundcloud.com', path: '/', response: { headers: HTML, body: home } },
    {
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      response: (req) => {
        const found = resolved.get(req.query.get('url')?.toLowerCase() ?? '');
        return found ? json(found) : demoMiss(req);
      },
    },
    { host: 'api-v2.soundcloud.com', path: `/users/${user.id}/tracks`, response: json(tracksPage(user.id, tracks)) },
    { host: 'soundcloud.com', path: `/${handle}/sets/${DEMO_SET_SLUG}`, response: { headers: HTML, body: setPage(set) } },
  ];
}
