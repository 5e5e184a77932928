/**
 * audio-b's demo answers (`npm run demo`, src/demo/platforms.ts), built with samples.ts (invented, not
 * captures): the web player's token, then one artist, one album, one song, one playlist (two pages)
 * and any search.
 */
import type { Route } from '../../replay/server.js';
import { HTML, json } from '../../demo/answer.js';
import {
  albumJson,
  artistJson,
  bundleJs,
  makeJwt,
  playlistJson,
  playlistTracksJson,
  searchJson,
  songJson,
  webPlayerPage,
} from './samples.js';

/** The artist, album and song (a track of that album) the demo holds. */
export const DEMO_ARTIST_ID = '1500000001';
export const DEMO_ALBUM_ID = '1600000001';
export const DEMO_SONG_ID = '1600000011';
/** The playlist (its first page has a `next`; the page from offset 2 is the last). */
export const DEMO_PLAYLIST_ID = 'pl.0f1e2d3c4b5a69788796a5b4c3d2e1f0';

export function demoRoutes(): Route[] {
  const BUNDLE = '/assets/index-demo0001.js';
  // A token that expires in 2100: the demo has no clock to keep.
  const token = makeJwt(4_102_444_800, 'demo');
  return [
    { host: 'music.apple.com', path: '/', response: { headers: HTML, body: webPlayerPage(BUNDLE) } },
    { host: 'music.apple.com', path: BUNDLE, response: { headers: { 'content-type': 'text/javascript' }, body: bundleJs(token) } },
    {
      host: 'amp-api.music.apple.com',
      path: new RegExp(`^/v1/catalog/[a-z]{2}/artists/${DEMO_ARTIST_ID}$`),
      response: (req) => json(artistJson(req.path.split('/').pop()!)),
    },
    {
      host: 'amp-api.music.apple.com',
      path: new RegExp(`^/v1/catalog/[a-z]{2}/albums/${DEMO_ALBUM_ID}$`),
      response: (req) => json(albumJson(req.path.split('/').pop()!)),
    },
    {
      host: 'amp-api.music.apple.com',
      path: new RegExp(`^/v1/catalog/[a-z]{2}/songs/${DEMO_SONG_ID}$`),
      response: (req) => json(songJson(DEMO_SONG_ID, { albumId: DEMO_ALBUM_ID, storefront: req.path.split('/')[3] })),
    },
    {
      host: 'amp-api.music.apple.com',
      path: new RegExp(`^/v1/catalog/[a-z]{2}/playlists/${DEMO_PLAYLIST_ID.replace('.', '\\.')}$`),
      response: (req) => json(playlistJson(DEMO_PLAYLIST_ID, { storefront: req.path.split('/')[3] })),
    },
    {
      host: 'amp-api.music.apple.com',
      path: new RegExp(`^/v1/catalog/[a-z]{2}/playlists/${DEMO_PLAYLIST_ID.replace('.', '\\.')}/tracks$`),
      response: (req) =>
        json(playlistTracksJson(DEMO_PLAYLIST_ID, Number(req.query.get('offset') ?? 0), { storefront: req.path.split('/')[3] })),
    },
    {
      host: 'amp-api.music.apple.com',
      path: /^\/v1\/catalog\/[a-z]{2}\/search$/,
      response: (req) => json(searchJson(req.query.get('term') ?? '')),
    },
  ];
}
