/**
 * audio-b (Apple Music) end to end: gateway + replay upstream over loopback HTTP.
 *
 * Upstream bodies are the project's own (src/platforms/audio-b/samples.ts, written by us in the
 * public shapes of amp-api.music.apple.com and music.apple.com), plus the real 2021 album page
 * capture read in place from ../shared/fixtures/audio-b when present (page fallback).
 *
 * The replay routes play Apple's side of the token dance: music.apple.com/ links the bundle,
 * the bundle holds `bundleToken`, and the catalog API accepts only the tokens in `accepted`
 * (anything else is a 401, as amp-api answers an expired or unknown developer token).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures, skipReason } from '../support/fixtures.js';
import type { Route } from '../../src/replay/server.js';
import {
  ACCESS_DENIED_PAGE,
  albumJson,
  albumResource,
  albumPageWithSchema,
  artistJson,
  bundleJs,
  makeJwt,
  searchJson,
  songJson,
  webPlayerPage,
} from '../../src/platforms/audio-b/samples.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { recordKeys } from '../../src/platforms/records.js';
import { Album, Artist, Song } from '../../src/platforms/audio-b/schema.js';

const WEB = 'music.apple.com';
const API = 'amp-api.music.apple.com';
const BUNDLE_PATH = '/assets/index-0a1b2c3d.js';
const ARTIST_KEYS = recordKeys(Artist);
const ALBUM_KEYS = recordKeys(Album);
const SONG_KEYS = recordKeys(Song);

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/**
 * The bundle's token at the start of each test: one value for the whole file, so the token the
 * gateway cached in an earlier test is still Apple's (a token made anew per test could differ by its
 * second-rounded `exp`, and the test's first catalog call would be refused once and retried).
 */
const FIRST_TOKEN = makeJwt(inAnHour(), 'first');

/** Apple's side, mutable per test. */
const apple = {
  bundleToken: FIRST_TOKEN,
  accepted: new Set<string>(),
  missing: new Set<string>(),
};

const json = (body: string, status = 200) => ({ status, headers: { 'content-type': 'application/json;charset=utf-8' }, body });
const refused = () => json('{"errors":[{"id":"X","title":"Unauthorized","status":"401","code":"40100"}]}', 401);

function catalogRoute(kind: 'artists' | 'albums' | 'songs', body: (id: string, storefront: string) => string): Route {
  return {
    host: API,
    path: new RegExp(`^/v1/catalog/[a-z]{2}/${kind}/\\d+$`),
    response: (req) => {
      const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!apple.accepted.has(token) || req.headers.origin !== 'https://music.apple.com') return refused();
      const id = req.path.split('/').pop()!;
      if (apple.missing.has(id)) return json('{"errors":[{"id":"Y","title":"Resource Not Found","status":"404","code":"40400"}]}', 404);
      return json(body(id, req.path.split('/')[3]));
    },
  };
}

function appleRoutes(): Route[] {
  return [
    { host: WEB, path: '/', response: () => ({ body: webPlayerPage(BUNDLE_PATH) }) },
    {
      host: WEB,
      path: BUNDLE_PATH,
      response: () => ({ headers: { 'content-type': 'text/javascript' }, body: bundleJs(apple.bundleToken) }),
    },
    catalogRoute('artists', (id) => artistJson(id)),
    catalogRoute('albums', (id) => albumJson(id)),
    catalogRoute('songs', (id, storefront) => songJson(id, { storefront })),
    {
      host: API,
      path: /^\/v1\/catalog\/[a-z]{2}\/search$/,
      response: (req) => {
        const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
        return apple.accepted.has(token) ? json(searchJson(req.query.get('term') ?? '')) : refused();
      },
    },
  ];
}

function resetApple(h: Harness): void {
  apple.bundleToken = FIRST_TOKEN;
  apple.accepted = new Set([apple.bundleToken]);
  apple.missing = new Set();
  h.replay.reset();
  for (const r of appleRoutes()) h.replay.add(r);
}

const pageHits = (h: Harness) => h.replay.hits({ host: WEB, path: '/' }).length;
const bundleHits = (h: Harness) => h.replay.hits({ host: WEB, path: BUNDLE_PATH }).length;
const apiHits = (h: Harness) => h.replay.hits({ host: API }).length;
const upstreamHits = (h: Harness) => h.replay.hits().filter((r) => r.host === WEB || r.host === API).length;
const enc = encodeURIComponent;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => resetApple(h));

// An artist with more albums than the artist answer holds (25, then `relationships.albums.next`, as
// a public repository's recorded 2025 answer for an artist with many albums has it); our own albums.
describe('an artist with more than 25 albums', () => {
  // One artist per test: a record read whole by one test stays in the gateway's cache.
  let ARTIST = '900000077';
  const albums = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => albumResource(String(900001000 + from + i), `Album ${from + i + 1}`));
  const answerWithNext = () => {
    const body = JSON.parse(artistJson(ARTIST));
    body.data[0].relationships.albums = {
      href: `/v1/catalog/us/artists/${ARTIST}/albums`,
      next: `/v1/catalog/us/artists/${ARTIST}/albums?offset=25`,
      data: albums(0, 25),
    };
    return JSON.stringify(body);
  };
  const albumsRoute = (page: (offset: string | null) => ReturnType<typeof json>): Route => ({
    host: API,
    path: `/v1/catalog/us/artists/${ARTIST}/albums`,
    response: (req) => page(req.query.get('offset')),
  });
  beforeEach(() => h.replay.add(catalogRoute('artists', (id) => (id === ARTIST ? answerWithNext() : artistJson(id)))));

  it('reads the further pages (100 at a time) in the same request, charged 1', async () => {
    h.replay.add(
      albumsRoute((offset) =>
        offset === '25'
          ? json(JSON.stringify({ next: `/v1/catalog/us/artists/${ARTIST}/albums?offset=125`, data: albums(25, 100) }))
          : json(JSON.stringify({ data: albums(125, 3) })),
      ),
    );
    const { key, id } = await h.key(5);
    const r = await h.rest(`/v1/audio-b/artist?id=${ARTIST}`, { key });
    expect([r.status, r.body.credits_charged, r.body.data.albums.length]).toEqual([200, 1, 128]);
    expect(r.body.data.albums[127]).toMatchObject({ id: '900001127', title: 'Album 128', kind: 'album' });
    const pages = h.replay.hits({ host: API, path: `/v1/catalog/us/artists/${ARTIST}/albums` });
    expect(pages.map((p) => [p.query.get('offset'), p.query.get('limit')])).toEqual([
      ['25', '100'],
      ['125', '100'],
    ]);
    expect(await h.balance(id)).toBe(4);
  });

  it('a further page that fails leaves the albums read so far: 200, the record not cached (a partial read); a next page of another artist is never used', async () => {
    ARTIST = '900000079';
    h.replay.add(catalogRoute('artists', (id) => (id === ARTIST ? answerWithNext() : artistJson(id))));
    h.replay.add(albumsRoute(() => json('{"errors":[{"status":"500"}]}', 500)));
    const { key } = await h.key(5);
    const r = await h.rest(`/v1/audio-b/artist?id=${ARTIST}`, { key });
    expect([r.status, r.body.data.albums.length]).toEqual([200, 25]);
    const again = await h.rest(`/v1/audio-b/artist?id=${ARTIST}&cache_max_age=1d`, { key });
    expect([again.body.credits_charged, again.body.cached]).toEqual([1, undefined]);
    // A next page naming another artist's albums: those are not added.
    h.replay.add(
      albumsRoute(() => json(JSON.stringify({ next: '/v1/catalog/us/artists/900000078/albums?offset=125', data: albums(25, 2) }))),
    );
    const other = await h.rest(`/v1/audio-b/artist?id=${ARTIST}`, { key });
    expect([other.status, other.body.credits_charged, other.body.data.albums.length]).toEqual([200, 1, 25]);
  });
});

describe('envelope, credits, cache', () => {
  it('artist by id: envelope in order, data in api.md shape, 1 credit, request as the web player sends it', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest('/v1/audio-b/artist?id=900000000', { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'data']);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1 });
    expect(Object.keys(r.body.data)).toEqual(ARTIST_KEYS);
    expect(r.body.data).toMatchObject({ id: '900000000', kind: 'artist', name: 'The Test Pilots' });
    expect(r.body.data.top_songs[0]).toEqual({
      id: '900000011',
      kind: 'song',
      title: 'Crosswind',
      artist_name: 'The Test Pilots',
      url: 'https://music.apple.com/us/album/crosswind/900000001?i=900000011',
      duration_ms: 201500,
    });
    expect(r.body.data.albums).toHaveLength(2);
    expect(await h.balance(id)).toBe(9);

    const [call] = h.replay.hits({ host: API });
    expect(call.path).toBe('/v1/catalog/us/artists/900000000');
    expect(call.query.get('views')).toBe('top-songs');
    expect(call.headers.authorization).toBe(`Bearer ${apple.bundleToken}`);
    expect(call.headers.origin).toBe('https://music.apple.com');
  });

  it('album by url: storefront from the URL, tracks and release_info', async () => {
    const { key } = await h.key(10);
    const r = await h.rest(`/v1/audio-b/album?url=${enc('https://music.apple.com/gb/album/flight-log/900000100')}`, { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.data)).toEqual(ALBUM_KEYS);
    expect(r.body.data).toMatchObject({
      id: '900000100',
      title: 'Flight Log',
      artist_url: 'https://music.apple.com/us/artist/the-test-pilots/900000000',
      track_count: 3,
      release_info: 'March 8, 2024\n3 songs, 1 hour 6 minutes\n\u2117 2024 Hangar Records',
    });
    expect(r.body.data.tracks[2]).toEqual({
      id: '900000103',
      kind: 'music_video',
      title: 'Touchdown (Video)',
      duration_ms: 260000,
      track_number: 3,
      album_id: '900000100',
    });
    expect(h.replay.hits({ host: API })[0].path).toBe('/v1/catalog/gb/albums/900000100');
  });

  it("song by its album link: the ?i= id in the link's storefront, asked in English; the record under data, 1 credit", async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(`/v1/audio-b/song?url=${enc('https://music.apple.com/gb/album/flight-log/900000001?i=900000011')}`, { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'data']);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1 });
    expect(Object.keys(r.body.data)).toEqual(SONG_KEYS);
    expect(r.body.data).toMatchObject({
      id: '900000011',
      kind: 'song',
      title: 'Crosswind',
      album_id: '900000001',
      url: 'https://music.apple.com/gb/album/crosswind/900000001?i=900000011',
      isrc: 'ZZT012400011',
      content_rating: 'explicit',
      artists: [
        { id: '900000000', name: null, url: 'https://music.apple.com/gb/artist/900000000' },
        { id: '900000009', name: null, url: 'https://music.apple.com/gb/artist/900000009' },
      ],
    });
    expect(await h.balance(id)).toBe(9);
    const [call] = h.replay.hits({ host: API });
    expect(call.path).toBe('/v1/catalog/gb/songs/900000011');
    expect(call.query.get('l')).toBe('en-US');
    expect(call.query.get('include')).toBe('artists,albums');
    expect(call.headers.authorization).toBe(`Bearer ${apple.bundleToken}`);
    expect(call.headers.origin).toBe('https://music.apple.com');
  });

  it('song: id, the song link and the album link share one cache entry; a hit costs 0', async () => {
    const { key, id } = await h.key(10);
    expect((await h.rest('/v1/audio-b/song?id=900000012', { key })).body.credits_charged).toBe(1);
    for (const url of [
      'https://music.apple.com/us/song/tailspin/900000012',
      'https://music.apple.com/us/album/flight-log/900000001?i=900000012',
    ]) {
      const hit = await h.rest(`/v1/audio-b/song?url=${enc(url)}&cache_max_age=1d`, { key });
      expect(hit.body, url).toMatchObject({ success: true, credits_charged: 0, cached: true });
      expect(hit.body.data.id, url).toBe('900000012');
    }
    expect(apiHits(h)).toBe(1);
    expect(await h.balance(id)).toBe(9);
  });

  it('search: {query, type, results[]} under data; type defaults to all', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest('/v1/audio-b/search?query=Pilots&type=music_video', { key });
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(1);
    expect(r.body.data).toEqual({
      query: 'Pilots',
      type: 'music_video',
      results: [
        {
          id: '900000204',
          kind: 'music_video',
          title: 'Pilots (Official Video)',
          artist_name: 'Pilots',
          url: 'https://music.apple.com/us/music-video/x/900000204',
          duration_ms: 222000,
        },
      ],
    });
    const all = await h.rest('/v1/audio-b/search?query=Pilots', { key });
    expect(all.body.data.type).toBe('all');
    expect(all.body.data.results.map((x: { id: string }) => x.id)).toEqual(['900000203', '900000201', '900000202']);
    const call = h.replay.hits({ host: API })[0];
    expect(call.path).toBe('/v1/catalog/us/search');
    expect(call.query.get('term')).toBe('Pilots');
    expect(call.query.get('types')).toBe('music-videos');
    expect(await h.balance(id)).toBe(8);
  });

  it('cache_max_age: a hit costs 0, and id and url share the entry', async () => {
    const { key, id } = await h.key(10);
    await h.rest('/v1/audio-b/album?id=900000150', { key });
    const hit = await h.rest(
      `/v1/audio-b/album?url=${enc('https://music.apple.com/us/album/flight-log/900000150?l=en-US')}&cache_max_age=1d`,
      { key },
    );
    expect(hit.status).toBe(200);
    expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true });
    expect(hit.body.data.id).toBe('900000150');
    const searchLive = await h.rest('/v1/audio-b/search?query=cached&type=song', { key });
    const searchHit = await h.rest('/v1/audio-b/search?query=cached&type=song&cache_max_age=7d', { key });
    expect(searchHit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(searchHit.body.data).toEqual(searchLive.body.data);
    expect(apiHits(h)).toBe(2);
    expect(await h.balance(id)).toBe(8);
  });
});

describe('input validation: 400 naming the parameter, 0 credits, nothing fetched', () => {
  const cases: [string, string, string[]][] = [
    ['artist: id and url both', `/v1/audio-b/artist?id=1&url=${enc('https://music.apple.com/us/artist/x/1')}`, ['id', 'url']],
    ['artist: neither id nor url', '/v1/audio-b/artist', ['id', 'url']],
    ['album: id and url both', `/v1/audio-b/album?id=1&url=${enc('https://music.apple.com/us/album/x/1')}`, ['id', 'url']],
    ['album: neither', '/v1/audio-b/album?cache_max_age=1d', ['id', 'url']],
    ['artist: id not numeric', '/v1/audio-b/artist?id=beach-bunny', ['id']],
    ['album: id too long', `/v1/audio-b/album?id=${'1'.repeat(30)}`, ['id']],
    ['artist: over-long url', `/v1/audio-b/artist?url=${enc(`https://music.apple.com/us/artist/${'x'.repeat(2100)}/1`)}`, ['url']],
    ['artist: an album URL', `/v1/audio-b/artist?url=${enc('https://music.apple.com/us/album/x/1')}`, ['url']],
    ['album: another host', `/v1/audio-b/album?url=${enc('https://open.example.com/album/1')}`, ['url']],
    ['album: not a URL', '/v1/audio-b/album?url=la-167', ['url']],
    ['song: id and url both', `/v1/audio-b/song?id=1&url=${enc('https://music.apple.com/us/song/x/1')}`, ['id', 'url']],
    ['song: neither', '/v1/audio-b/song', ['id', 'url']],
    ['song: id not numeric', '/v1/audio-b/song?id=crosswind', ['id']],
    ['song: an album link without ?i=', `/v1/audio-b/song?url=${enc('https://music.apple.com/us/album/x/1')}`, ['url']],
    ['song: an artist URL', `/v1/audio-b/song?url=${enc('https://music.apple.com/us/artist/x/1')}`, ['url']],
    ['song: another host', `/v1/audio-b/song?url=${enc('https://open.example.com/song/x/1')}`, ['url']],
    ['search: missing query', '/v1/audio-b/search?type=song', ['query']],
    ['search: bad type', '/v1/audio-b/search?query=x&type=podcast', ['type']],
    ['search: bad cache_max_age', '/v1/audio-b/search?query=x&cache_max_age=2d', ['cache_max_age']],
  ];
  it.each(cases)('%s', async (_name, path, params) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param).sort()).toEqual(params);
    expect(await h.balance(id)).toBe(5);
    expect(upstreamHits(h)).toBe(0);
  });

  it('GraphQL names the argument too', async () => {
    const { key } = await h.key(5);
    const r = await h.gql('{ audioBAlbum(id: "1", url: "https://music.apple.com/us/album/x/1") { title } }', { key });
    expect(r.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(r.body.errors[0].extensions.details.map((d: { param: string }) => d.param).sort()).toEqual(['id', 'url']);
    expect(r.body.extensions.credits.charged).toBe(0);
  });
});

describe('upstream errors cost nothing', () => {
  it('an unknown id is 404 NOT_FOUND', async () => {
    apple.missing.add('900000404');
    const { key, id } = await h.key(3);
    const r = await h.rest('/v1/audio-b/artist?id=900000404', { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(3);
  });

  it('an unknown song is 404 NOT_FOUND', async () => {
    apple.missing.add('900000409');
    const { key, id } = await h.key(3);
    const r = await h.rest('/v1/audio-b/song?id=900000409', { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.body.error.message).toContain('Song 900000409');
    expect(await h.balance(id)).toBe(3);
  });

  it('an empty data[] is 404 too', async () => {
    h.replay.add({ host: API, path: '/v1/catalog/us/albums/900000405', response: json('{"data":[]}') });
    const { key, id } = await h.key(3);
    const r = await h.rest('/v1/audio-b/album?id=900000405', { key });
    expect(r.status).toBe(404);
    expect(await h.balance(id)).toBe(3);
  });

  it('a changed answer is 502 UPSTREAM_FAILED naming what is missing', async () => {
    h.replay.add({ host: API, path: '/v1/catalog/us/search', response: json('{"meta":{}}') });
    const { key, id } = await h.key(3);
    const r = await h.rest('/v1/audio-b/search?query=x', { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(r.body.error.message).toContain('results');
    expect(await h.balance(id)).toBe(3);
  });

  it('an answer about another resource (an album for the artist, another artist id) is 502 UPSTREAM_FAILED, never data', async () => {
    h.replay.add({ host: API, path: '/v1/catalog/us/artists/900000406', response: json(albumJson('900000406')) });
    h.replay.add({ host: API, path: '/v1/catalog/us/artists/900000407', response: json(artistJson('900000999')) });
    h.replay.add({ host: API, path: '/v1/catalog/us/albums/900000408', response: json(artistJson('900000408')) });
    // A song asked for: another song, and the album it is on.
    h.replay.add({ host: API, path: '/v1/catalog/us/songs/900000410', response: json(songJson('900000411')) });
    h.replay.add({ host: API, path: '/v1/catalog/us/songs/900000412', response: json(albumJson('900000412')) });
    const { key, id } = await h.key(3);
    for (const path of [
      '/v1/audio-b/artist?id=900000406',
      '/v1/audio-b/artist?id=900000407',
      '/v1/audio-b/album?id=900000408',
      '/v1/audio-b/song?id=900000410',
      '/v1/audio-b/song?id=900000412',
    ]) {
      const r = await h.rest(path, { key });
      expect(r.status, path).toBe(502);
      expect(r.body.error.code, path).toBe('UPSTREAM_FAILED');
      expect(r.body.error.message, path).toMatch(/different resource/);
    }
    expect(await h.balance(id)).toBe(3);
  });

  it('the API rate limit (429) is 502 UPSTREAM_BLOCKED', async () => {
    h.replay.add({ host: API, path: '/v1/catalog/us/search', response: json('{"errors":[]}', 429) });
    h.replay.add({ host: API, path: '/v1/catalog/us/songs/900000413', response: json('{"errors":[]}', 429) });
    const { key, id } = await h.key(3);
    for (const path of ['/v1/audio-b/search?query=x', '/v1/audio-b/song?id=900000413']) {
      const r = await h.rest(path, { key });
      expect(r.status, path).toBe(502);
      expect(r.body.error.code, path).toBe('UPSTREAM_BLOCKED');
    }
    expect(await h.balance(id)).toBe(3);
  });

  it("Apple's edge block page on the API host is 502 UPSTREAM_BLOCKED for the song, 0 credits", async () => {
    h.replay.add({ host: API, path: '/v1/catalog/us/songs/900000414', response: { status: 403, body: ACCESS_DENIED_PAGE } });
    const { key, id } = await h.key(3);
    const r = await h.rest('/v1/audio-b/song?id=900000414', { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });
});

describe('REST and GraphQL return the same data', () => {
  it('song', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest('/v1/audio-b/song?id=900000320', { key });
    const gql = await h.gql(
      '{ audioBSong(url: "https://music.apple.com/us/song/crosswind/900000320", cacheMaxAge: "1d") { json id kind title durationMs trackNumber albumId albumName artistName discNumber releaseDate isrc genreNames composerName contentRating previewUrl artwork { url width height } artists { id name url } } }',
      { key },
    );
    const s = gql.body.data.audioBSong;
    const d = rest.body.data;
    expect(s.json).toEqual(d);
    expect(s).toEqual({
      json: d,
      id: d.id,
      kind: d.kind,
      title: d.title,
      durationMs: d.duration_ms,
      trackNumber: d.track_number,
      albumId: d.album_id,
      albumName: d.album_name,
      artistName: d.artist_name,
      discNumber: d.disc_number,
      releaseDate: d.release_date,
      isrc: d.isrc,
      genreNames: d.genre_names,
      composerName: d.composer_name,
      contentRating: d.content_rating,
      previewUrl: d.preview_url,
      artwork: d.artwork,
      artists: d.artists,
    });
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
  });

  it('artist', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest('/v1/audio-b/artist?id=900000300', { key });
    const gql = await h.gql(
      '{ audioBArtist(url: "https://music.apple.com/us/artist/the-test-pilots/900000300", cacheMaxAge: "1d") { json id name editorialNotes artwork { url width } topSongs { id durationMs artistName } albums { id trackCount subtitle } } }',
      { key },
    );
    const a = gql.body.data.audioBArtist;
    expect(a.json).toEqual(rest.body.data);
    expect(a).toMatchObject({
      id: rest.body.data.id,
      name: rest.body.data.name,
      editorialNotes: rest.body.data.editorial_notes,
      artwork: { url: rest.body.data.artwork.url, width: 2400 },
      topSongs: rest.body.data.top_songs.map((s: any) => ({ id: s.id, durationMs: s.duration_ms, artistName: s.artist_name })),
      albums: rest.body.data.albums.map((x: any) => ({ id: x.id, trackCount: x.track_count, subtitle: x.subtitle })),
    });
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
  });

  it('album and search', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest('/v1/audio-b/album?id=900000310', { key });
    const gql = await h.gql(
      '{ audioBAlbum(id: "900000310") { json title artistUrl releaseInfo trackCount tracks { id kind trackNumber albumId durationMs } } }',
      { key },
    );
    const a = gql.body.data.audioBAlbum;
    expect(a.json).toEqual(rest.body.data);
    expect(a).toMatchObject({
      title: 'Flight Log',
      artistUrl: rest.body.data.artist_url,
      releaseInfo: rest.body.data.release_info,
      trackCount: 3,
    });
    expect(a.tracks).toEqual(
      rest.body.data.tracks.map((t: any) => ({
        id: t.id,
        kind: t.kind,
        trackNumber: t.track_number,
        albumId: t.album_id,
        durationMs: t.duration_ms,
      })),
    );

    const restSearch = await h.rest('/v1/audio-b/search?query=Parity&type=radio_episode', { key });
    const gqlSearch = await h.gql(
      '{ audioBSearch(query: "Parity", type: RADIO_EPISODE) { json query type results { id kind title durationMs } } }',
      { key },
    );
    const s = gqlSearch.body.data.audioBSearch;
    expect(s.json).toEqual(restSearch.body.data);
    expect(s).toMatchObject({ query: 'Parity', type: 'radio_episode' });
    expect(s.results).toEqual([{ id: 'ra.900000205', kind: 'station', title: 'Parity Radio, Episode 3', durationMs: 3600000 }]);
  });
});

// Each test below starts its own gateway: the developer token lives as long as the upstream client.
describe('developer token', () => {
  let t: Harness;
  beforeEach(async () => {
    t = await startHarness();
    resetApple(t);
  });
  afterEach(() => t.close());

  it('is fetched once from page + bundle and then reused until its exp', async () => {
    const { key } = await t.key(10);
    expect((await t.rest('/v1/audio-b/artist?id=900000001', { key })).status).toBe(200);
    expect((await t.rest('/v1/audio-b/album?id=900000002', { key })).status).toBe(200);
    expect((await t.rest('/v1/audio-b/search?query=again', { key })).status).toBe(200);
    expect(pageHits(t)).toBe(1);
    expect(bundleHits(t)).toBe(1);
    // page first, then the bundle it links, then the API
    expect(
      t.replay
        .hits()
        .slice(0, 3)
        .map((r) => `${r.host}${r.path}`),
    ).toEqual([`${WEB}/`, `${WEB}${BUNDLE_PATH}`, `${API}/v1/catalog/us/artists/900000001`]);
  });

  it('a token whose exp is (nearly) reached is fetched anew before use', async () => {
    apple.bundleToken = makeJwt(Math.floor(Date.now() / 1000) + 5, 'short-lived');
    apple.accepted = new Set([apple.bundleToken]);
    const { key } = await t.key(10);
    expect((await t.rest('/v1/audio-b/artist?id=900000003', { key })).status).toBe(200);
    expect((await t.rest('/v1/audio-b/artist?id=900000004', { key })).status).toBe(200);
    expect(bundleHits(t)).toBe(2);
    expect(pageHits(t)).toBe(2);
  });

  it('a 401 refreshes the token once for all concurrent requests, which are retried and succeed', async () => {
    const { key, id } = await t.key(20);
    expect((await t.rest('/v1/audio-b/artist?id=900000010', { key })).status).toBe(200);
    // Apple rotates its token: the old one is refused from now on.
    apple.bundleToken = makeJwt(inAnHour(), 'rotated');
    apple.accepted = new Set([apple.bundleToken]);
    t.replay.add({ ...appleRoutes()[1], response: () => ({ body: bundleJs(apple.bundleToken), fault: { kind: 'latency', ms: 100 } }) });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => t.rest(`/v1/audio-b/album?id=90000002${i}`, { key })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(bundleHits(t)).toBe(2);
    expect(pageHits(t)).toBe(2);
    const albumCalls = t.replay.hits({ host: API }).filter((r) => r.path.includes('/albums/'));
    expect(albumCalls.filter((r) => r.headers.authorization === `Bearer ${apple.bundleToken}`)).toHaveLength(6);
    expect(await t.balance(id)).toBe(20 - 7);
  });

  it('a freshly fetched token refused too: the album comes from its music.apple.com page', async () => {
    apple.accepted = new Set();
    t.replay.add({ host: WEB, path: '/us/album/900000100', response: { body: albumPageWithSchema('900000100') } });
    const { key, id } = await t.key(5);
    const r = await t.rest('/v1/audio-b/album?id=900000100', { key });
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(1);
    expect(r.body.data).toMatchObject({
      id: '900000100',
      title: 'Flight Log',
      track_count: 2,
      release_info: 'March 8, 2024\n2 songs, 7 minutes',
    });
    expect(t.replay.hits({ host: API })).toHaveLength(2);
    expect(await t.balance(id)).toBe(4);
    // The page's record (no copyright, no artwork sizes…) is a partial read, never cached: once the
    // token is good again, a cache_max_age read asks the API.
    apple.bundleToken = makeJwt(inAnHour(), 'healthy-again');
    apple.accepted = new Set([apple.bundleToken]);
    const later = await t.rest('/v1/audio-b/album?id=900000100&cache_max_age=1d', { key });
    expect(later.status).toBe(200);
    expect([later.body.credits_charged, later.body.cached]).toEqual([1, undefined]);
    expect(t.replay.hits({ host: API }).length).toBeGreaterThan(2);
  });

  it('the page of another album or artist (no usable token) is 502 UPSTREAM_FAILED at 0 credits, never the asked one', async () => {
    t.replay.add({ host: WEB, path: BUNDLE_PATH, response: { body: 'export const nothing = 1;' } });
    // asked album 900000200, the page is album 900000201's (schema url and canonical link say so)
    t.replay.add({ host: WEB, path: '/us/album/900000200', response: { body: albumPageWithSchema('900000201') } });
    const other = 'https://music.apple.com/us/artist/somebody-else/900000999';
    const artistPage = `<html><head><link rel="canonical" href="${other}"><script type="application/ld+json">${JSON.stringify({
      '@type': 'MusicGroup',
      name: 'Somebody Else',
      url: other,
    })}</script></head></html>`;
    t.replay.add({ host: WEB, path: '/us/artist/900000500', response: { body: artistPage } });
    const { key, id } = await t.key(5);
    for (const path of ['/v1/audio-b/album?id=900000200', '/v1/audio-b/artist?id=900000500']) {
      const r = await t.rest(path, { key });
      expect(r.status, path).toBe(502);
      expect(r.body.error.code, path).toBe('UPSTREAM_FAILED');
      expect(r.body.error.message, path).toContain('with a different resource');
    }
    expect(await t.balance(id)).toBe(5);
  });

  it('no token in the bundle: search fails naming the token (0 credits); album and artist fall back to pages, a missing page is 404', async () => {
    t.replay.add({ host: WEB, path: BUNDLE_PATH, response: { body: 'export const nothing = 1;' } });
    t.replay.add({ host: WEB, path: '/us/artist/900000500', response: { status: 404, body: '<html><title>Not Found</title></html>' } });
    const { key, id } = await t.key(5);
    const s = await t.rest('/v1/audio-b/search?query=x', { key });
    expect(s.status).toBe(502);
    expect(s.body.error.code).toBe('UPSTREAM_FAILED');
    expect(s.body.error.message).toContain('developer token');
    const a = await t.rest('/v1/audio-b/artist?id=900000500', { key });
    expect(a.status).toBe(404);
    expect(a.body.error.code).toBe('NOT_FOUND');
    expect(t.replay.hits({ host: API })).toHaveLength(0);
    expect(await t.balance(id)).toBe(5);
  });

  it("the token page answered 404: a token step, never the record's NOT_FOUND (502 UPSTREAM_FAILED, 0 credits)", async () => {
    t.replay.add({ host: WEB, path: '/', response: { status: 404, body: '<html><body>Not Found</body></html>' } });
    const { key, id } = await t.key(5);
    const r = await t.rest('/v1/audio-b/search?query=x', { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(r.body.error.message).toMatch(/web player page answered HTTP 404/);
    expect(await t.balance(id)).toBe(5);
  });

  it('a blocked page ("Access Denied") is 502 UPSTREAM_BLOCKED at 0 credits, never parsed', async () => {
    t.replay.add({ host: WEB, path: /^\//, response: { body: ACCESS_DENIED_PAGE } });
    const { key, id } = await t.key(5);
    for (const path of [
      '/v1/audio-b/album?id=900000600',
      '/v1/audio-b/artist?id=900000601',
      '/v1/audio-b/song?id=900000602',
      '/v1/audio-b/search?query=x',
    ]) {
      const r = await t.rest(path, { key });
      expect(r.status, path).toBe(502);
      expect(r.body.error.code, path).toBe('UPSTREAM_BLOCKED');
    }
    expect(t.replay.hits({ host: API })).toHaveLength(0);
    expect(await t.balance(id)).toBe(5);
  });

  it.skipIf(!hasFixtures('audio-b'))(
    hasFixtures('audio-b') ? 'page fallback on the real 2021 album page (capture read in place)' : skipReason('audio-b'),
    async () => {
      apple.accepted = new Set();
      t.replay.add({
        host: WEB,
        path: '/us/album/1586869902',
        response: { bodyFile: fixturePath('audio-b', 'web-legacy-2021-album-la-167-farruko.html') },
      });
      const { key } = await t.key(5);
      const r = await t.rest(`/v1/audio-b/album?url=${enc('https://music.apple.com/us/album/la-167/1586869902')}`, { key });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        id: '1586869902',
        title: 'La 167',
        artist_name: 'Farruko',
        artist_url: 'https://music.apple.com/us/artist/farruko/364377482',
        track_count: 25,
        release_info: 'October 1, 2021\n25 songs, 1 hour 38 minutes\n\u2117 2021 Sony Music Entertainment US Latin LLC',
      });
      expect(r.body.data.tracks).toHaveLength(25);
    },
  );

  it.skipIf(!hasFixtures('audio-b'))(
    hasFixtures('audio-b')
      ? 'the real 2021 album page served for another album id is 502 UPSTREAM_FAILED (capture read in place)'
      : skipReason('audio-b'),
    async () => {
      apple.accepted = new Set();
      t.replay.add({
        host: WEB,
        path: '/us/album/111111111',
        response: { bodyFile: fixturePath('audio-b', 'web-legacy-2021-album-la-167-farruko.html') },
      });
      const { key, id } = await t.key(5);
      const r = await t.rest('/v1/audio-b/album?id=111111111', { key });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe('UPSTREAM_FAILED');
      expect(r.body.error.message).toContain('id 1586869902, not 111111111');
      expect(await t.balance(id)).toBe(5);
    },
  );
});
