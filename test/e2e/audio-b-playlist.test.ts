/**
 * audio-b (Apple Music) playlist end to end: gateway + replay upstream over loopback HTTP.
 *
 * Upstream bodies are the project's own (src/platforms/audio-b/samples.ts: playlistJson,
 * playlistTracksJson), played behind the same token dance as test/e2e/audio-b.test.ts: the web
 * player page links the bundle, the bundle holds the token, the catalog API accepts only it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Route } from '../../src/replay/server.js';
import {
  ACCESS_DENIED_PAGE,
  bundleJs,
  makeJwt,
  playlistJson,
  playlistTracksJson,
  webPlayerPage,
} from '../../src/platforms/audio-b/samples.js';
import { decodePlaylistCursor, encodePlaylistCursor } from '../../src/platforms/audio-b/parse.js';
import { Playlist } from '../../src/platforms/audio-b/schema.js';
import { recordKeys } from '../../src/platforms/records.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const WEB = 'music.apple.com';
const API = 'amp-api.music.apple.com';
const BUNDLE_PATH = '/assets/index-0a1b2c3d.js';
const PLAYLIST_KEYS = recordKeys(Playlist);
const ID = 'pl.0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const OTHER = 'pl.0f1e2d3c4b5a69788796a5b4c3d2e1f1';
const USER_ID = 'pl.u-8aAVZAKIDj3Y5j';
const enc = encodeURIComponent;

const token = makeJwt(Math.floor(Date.now() / 1000) + 3600, 'playlist');
const json = (body: string, status = 200) => ({ status, headers: { 'content-type': 'application/json;charset=utf-8' }, body });
const NOT_FOUND_BODY = '{"errors":[{"id":"Y","title":"Resource Not Found","status":"404","code":"40400"}]}';

/** Apple's side: the playlist (first page with next=2), its tracks from offset 2 (the last page), the token. */
function appleRoutes(): Route[] {
  const authorized = (req: { headers: Record<string, unknown> }) =>
    req.headers.authorization === `Bearer ${token}` && req.headers.origin === 'https://music.apple.com';
  return [
    { host: WEB, path: '/', response: () => ({ body: webPlayerPage(BUNDLE_PATH) }) },
    { host: WEB, path: BUNDLE_PATH, response: () => ({ headers: { 'content-type': 'text/javascript' }, body: bundleJs(token) }) },
    {
      host: API,
      path: /^\/v1\/catalog\/[a-z]{2}\/playlists\/[^/]+$/,
      response: (req) => {
        if (!authorized(req)) return json('{"errors":[]}', 401);
        const [, , , sf, , id] = req.path.split('/');
        return json(playlistJson(decodeURIComponent(id), { storefront: sf }));
      },
    },
    {
      host: API,
      path: /^\/v1\/catalog\/[a-z]{2}\/playlists\/[^/]+\/tracks$/,
      response: (req) => {
        if (!authorized(req)) return json('{"errors":[]}', 401);
        const [, , , sf, , id] = req.path.split('/');
        return json(playlistTracksJson(decodeURIComponent(id), Number(req.query.get('offset')), { storefront: sf }));
      },
    },
  ];
}

const apiHits = (h: Harness) => h.replay.hits({ host: API });
const upstreamHits = (h: Harness) => h.replay.hits().filter((r) => r.host === WEB || r.host === API).length;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  for (const r of appleRoutes()) h.replay.add(r);
});

describe('the playlist, its pages, credits, cache', () => {
  it('first page by url: the record under data, 1 credit, the request as the web player sends it, a cursor', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(`/v1/audio-b/playlist?url=${enc(`https://music.apple.com/gb/playlist/flight-deck/${ID}`)}`, { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'data']);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, credits_remaining: 9 });
    expect(Object.keys(r.body.data)).toEqual(PLAYLIST_KEYS);
    expect(r.body.data).toMatchObject({
      id: ID,
      kind: 'playlist',
      name: 'Flight Deck',
      curator_name: 'Apple Music Flight',
      playlist_type: 'editorial',
      url: `https://music.apple.com/gb/playlist/flight-deck/${ID}`,
    });
    expect(r.body.data.tracks.map((t: { id: string }) => t.id)).toEqual(['900000301', '900000302']);
    expect(decodePlaylistCursor(r.body.data.cursor)).toEqual({ id: ID, storefront: 'gb', offset: 2 });
    expect(await h.balance(id)).toBe(9);

    const [call] = apiHits(h);
    expect(call.path).toBe(`/v1/catalog/gb/playlists/${ID}`);
    expect(call.query.get('include')).toBe('tracks');
    expect(call.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('the next page with the cursor: the playlist again (identity) and, beside it, its tracks from the offset; the last page has cursor null', async () => {
    const { key, id } = await h.key(10);
    const first = await h.rest(`/v1/audio-b/playlist?id=${ID}`, { key });
    // The later page's two requests are in flight together: the playlist is answered only once
    // its tracks page has been asked for (else, after 2 s, a 503).
    let tracksAsked!: () => void;
    const asked = new Promise<void>((resolve) => (tracksAsked = resolve));
    h.replay.add({
      host: API,
      path: `/v1/catalog/us/playlists/${ID}/tracks`,
      response: () => {
        tracksAsked();
        return json(playlistTracksJson(ID, 2, { storefront: 'us' }));
      },
    });
    h.replay.add({
      host: API,
      path: `/v1/catalog/us/playlists/${ID}`,
      response: async () => {
        const inTime = await Promise.race([asked.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 2000))]);
        return inTime ? json(playlistJson(ID, { storefront: 'us' })) : json('{"errors":[]}', 503);
      },
    });
    const next = await h.rest(`/v1/audio-b/playlist?id=${ID}&cursor=${first.body.data.cursor}`, { key });
    expect(next.status).toBe(200);
    expect(next.body.credits_charged).toBe(1);
    expect(next.body.data).toMatchObject({ id: ID, name: 'Flight Deck', cursor: null });
    expect(next.body.data.tracks.map((t: { id: string }) => t.id)).toEqual(['900000303', '900000304']);
    expect(
      apiHits(h)
        .map((c) => `${c.path}?${c.query}`)
        .sort(),
    ).toEqual([
      `/v1/catalog/us/playlists/${ID}/tracks?offset=2`,
      `/v1/catalog/us/playlists/${ID}?include=tracks`,
      `/v1/catalog/us/playlists/${ID}?include=tracks`,
    ]);
    expect(await h.balance(id)).toBe(8);
  });

  it('id, id + storefront us and the url share one entry, a hit costs 0; another page is its own entry', async () => {
    const { key, id } = await h.key(10);
    expect((await h.rest(`/v1/audio-b/playlist?id=${ID.toUpperCase().replace('PL.', 'pl.')}`, { key })).body.credits_charged).toBe(1);
    for (const q of [`id=${ID}&storefront=US`, `url=${enc(`https://music.apple.com/us/playlist/x/${ID}?l=en`)}`]) {
      const hit = await h.rest(`/v1/audio-b/playlist?${q}&cache_max_age=1d`, { key });
      expect(hit.body, q).toMatchObject({ success: true, credits_charged: 0, cached: true });
      expect(hit.body.data.id, q).toBe(ID);
    }
    expect(apiHits(h)).toHaveLength(1);
    const page2 = await h.rest(`/v1/audio-b/playlist?id=${ID}&cursor=${encodePlaylistCursor(ID, 'us', 4)}&cache_max_age=1d`, { key });
    expect(page2.body).toMatchObject({ credits_charged: 1 });
    expect(await h.balance(id)).toBe(8);
  });

  it('a shared user playlist (pl.u-…)', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(`/v1/audio-b/playlist?url=${enc(`https://music.apple.com/us/playlist/road-trip/${USER_ID}`)}`, { key });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: USER_ID, playlist_type: 'user-shared', curator_name: 'Ada Wing' });
  });

  it('GraphQL returns the REST record (json) and its fields', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(`/v1/audio-b/playlist?id=${ID}`, { key });
    const gql = await h.gql(
      `{ audioBPlaylist(id: "${ID}", cacheMaxAge: "1d") { json id kind name curatorName description { standard short } lastModifiedDate playlistType isChart url artwork { url width height } tracks { id title previewUrl contentRating } cursor } }`,
      { key },
    );
    const p = gql.body.data.audioBPlaylist;
    const d = rest.body.data;
    expect(p).toEqual({
      json: d,
      id: d.id,
      kind: d.kind,
      name: d.name,
      curatorName: d.curator_name,
      description: d.description,
      lastModifiedDate: d.last_modified_date,
      playlistType: d.playlist_type,
      isChart: d.is_chart,
      url: d.url,
      artwork: d.artwork,
      tracks: d.tracks.map((t: any) => ({ id: t.id, title: t.title, previewUrl: t.preview_url, contentRating: t.content_rating })),
      cursor: d.cursor,
    });
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
  });
});

describe('input validation: 400 naming the parameter, 0 credits, nothing fetched', () => {
  const cases: [string, string, string[]][] = [
    ['neither id nor url', '/v1/audio-b/playlist', ['id', 'url']],
    ['id and url both', `/v1/audio-b/playlist?id=${ID}&url=${enc(`https://music.apple.com/us/playlist/x/${ID}`)}`, ['id', 'url']],
    ['an album id', '/v1/audio-b/playlist?id=1832443244', ['id']],
    ['an album url', `/v1/audio-b/playlist?url=${enc('https://music.apple.com/us/album/x/1832443244')}`, ['url']],
    ['a bad storefront', `/v1/audio-b/playlist?id=${ID}&storefront=usa`, ['storefront']],
    [
      'a storefront the url contradicts',
      `/v1/audio-b/playlist?url=${enc(`https://music.apple.com/us/playlist/x/${ID}`)}&storefront=gb`,
      ['storefront'],
    ],
    ['a cursor not ours', `/v1/audio-b/playlist?id=${ID}&cursor=${enc('/v1/catalog/us/playlists/x/tracks?offset=2')}`, ['cursor']],
    ['a cursor of another playlist', `/v1/audio-b/playlist?id=${ID}&cursor=${encodePlaylistCursor(OTHER, 'us', 100)}`, ['cursor']],
  ];
  it.each(cases)('%s', async (_name, path, params) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param).sort()).toEqual(params);
    expect(await h.balance(id)).toBe(5);
    expect(upstreamHits(h)).toBe(0);
  });
});

describe('upstream errors cost nothing', () => {
  it('an unknown playlist (404, or an empty data[]) is 404 NOT_FOUND', async () => {
    h.replay.add({ host: API, path: `/v1/catalog/us/playlists/${OTHER}`, response: json(NOT_FOUND_BODY, 404) });
    h.replay.add({ host: API, path: `/v1/catalog/gb/playlists/${OTHER}`, response: json('{"data":[]}') });
    const { key, id } = await h.key(3);
    for (const q of [`id=${OTHER}`, `id=${OTHER}&storefront=gb`]) {
      const r = await h.rest(`/v1/audio-b/playlist?${q}`, { key });
      expect(r.status, q).toBe(404);
      expect(r.body.error.code, q).toBe('NOT_FOUND');
    }
    expect(await h.balance(id)).toBe(3);
  });

  it('a later page whose tracks answer 404 is NOT_FOUND', async () => {
    h.replay.add({ host: API, path: `/v1/catalog/us/playlists/${ID}/tracks`, response: json(NOT_FOUND_BODY, 404) });
    const { key, id } = await h.key(3);
    const r = await h.rest(`/v1/audio-b/playlist?id=${ID}&cursor=${encodePlaylistCursor(ID, 'us', 100)}`, { key });
    expect(r.status).toBe(404);
    expect(await h.balance(id)).toBe(3);
  });

  it('another playlist answered, or a next link paging another playlist, is 502 UPSTREAM_FAILED, never data', async () => {
    h.replay.add({ host: API, path: `/v1/catalog/us/playlists/${ID}`, response: json(playlistJson(OTHER)) });
    h.replay.add({ host: API, path: `/v1/catalog/gb/playlists/${ID}/tracks`, response: json(playlistTracksJson(OTHER, 2, { next: 4 })) });
    const { key, id } = await h.key(3);
    for (const q of [`id=${ID}`, `id=${ID}&storefront=gb&cursor=${encodePlaylistCursor(ID, 'gb', 2)}`]) {
      const r = await h.rest(`/v1/audio-b/playlist?${q}`, { key });
      expect(r.status, q).toBe(502);
      expect(r.body.error.code, q).toBe('UPSTREAM_FAILED');
      expect(r.body.error.message, q).toMatch(/different resource|names another playlist/);
      expect(r.body, q).not.toHaveProperty('data');
    }
    expect(await h.balance(id)).toBe(3);
  });

  it('the API rate limit (429) and the edge block page are 502 UPSTREAM_BLOCKED', async () => {
    h.replay.add({ host: API, path: `/v1/catalog/us/playlists/${ID}`, response: json('{"errors":[]}', 429) });
    h.replay.add({ host: API, path: `/v1/catalog/gb/playlists/${ID}`, response: { status: 403, body: ACCESS_DENIED_PAGE } });
    const { key, id } = await h.key(3);
    for (const q of [`id=${ID}`, `id=${ID}&storefront=gb`]) {
      const r = await h.rest(`/v1/audio-b/playlist?${q}`, { key });
      expect(r.status, q).toBe(502);
      expect(r.body.error.code, q).toBe('UPSTREAM_BLOCKED');
    }
    expect(await h.balance(id)).toBe(3);
  });
});
