/**
 * audio-c's demo answers (`npm run demo`, src/demo/platforms.ts): the home page's client id, then one
 * artist (Ravi Menon's beats), one of his sets (its page), one of his tracks and his tracks list (two
 * pages: three tracks, then, at the first page's next_href offset, two older ones); others are demo misses.
 * Built from samples.ts (this folder's tests read real captures from ../shared, which the demo never
 * uses) in the shapes parse.ts reads; every name, id and URL is invented.
 */
import type { Route } from '../../replay/server.js';
import { HTML, json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';
import { DEMO_SET_SLUG, DEMO_TRACK_SLUG, demoSet, demoTracks, fullTrack, ravimenonUser, setPage, tracksPage } from './samples.js';

/** The artist the demo holds. */
export const DEMO_HANDLE = 'ravimenonbeats';

const SC_CLIENT_ID = 'dEm0C1ientIdF0rTheOff1ineDem0000';

/** The second page's api-v2 offset (SoundCloud's `<date>,tracks,<id>`: the last track of the first page). */
const TRACKS_PAGE_2 = '2024-11-02T19:30:00.000Z,tracks,01800000007';

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
    {
      host: 'api-v2.soundcloud.com',
      path: `/users/${user.id}/tracks`,
      response: (req) => {
        const offset = req.query.get('offset');
        if (offset === null) return json(tracksPage(user.id, tracks, TRACKS_PAGE_2));
        return offset === TRACKS_PAGE_2 ? json(tracksPage(user.id, olderTracks(handle, user))) : demoMiss(req);
      },
    },
    { host: 'soundcloud.com', path: `/${handle}/sets/${DEMO_SET_SLUG}`, response: { headers: HTML, body: setPage(set) } },
  ];
}

/** The second (last) page of his tracks: two older ones. */
function olderTracks(handle: string, user: { id: number; username: string }) {
  const ravi = { id: user.id, permalink: handle, username: user.username };
  return [fullTrack(1_800_000_004, 'Idli Steam', ravi, { plays: 2210 }), fullTrack(1_800_000_003, 'Filter Coffee Loop', ravi)];
}
