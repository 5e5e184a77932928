/**
 * audio-a (Spotify) albums and artists end to end: GET /v1/audio-a/album and /v1/audio-a/artist
 * (GraphQL `audioAAlbum`, `audioAArtist`) through the gateway and the replay upstream over real
 * HTTP. No capture of an album or artist embed page exists; the pages here are our own
 * (src/platforms/audio-a/samples.ts), written in the exact page and entity envelope of the real
 * playlist and track embed captures (../shared/fixtures/audio-a, SOURCES.md), with invented names
 * and ids.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Album, Artist } from '../../src/platforms/audio-a/schema.js';
import { recordKeys } from '../../src/platforms/records.js';
import {
  albumEmbedPage,
  albumEntity,
  artistEmbedPage,
  embedHtml,
  embedNextData,
  notFoundPage,
  SAMPLE_ALBUM_ID,
  SAMPLE_ARTIST_ID,
  SAMPLE_TRACK_ID,
} from '../../src/platforms/audio-a/samples.js';
import type { Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { embedPagesRoute, expectEmbedPagesBlocked } from '../support/embed-blocks.js';
import { withoutEnvelope } from '../support/envelope.js';

const HOST = 'open.spotify.com';
const HTML = { 'content-type': 'text/html; charset=utf-8' };
const MISSING_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const OTHER_ALBUM_ID = '3dEm0A1bum000000000002';
/** The anonymous token our pages carry (never to be answered). */
const PAGE_TOKEN = 'BQ-album-page-anon-token-0001';
const SESSION = { accessToken: PAGE_TOKEN, accessTokenExpirationTimestampMs: 4_102_444_800_000, isAnonymous: true };

/** Album and artist embed pages: ours for any id, HTTP 404 for MISSING_ID. */
const embedRoute = (kind: 'album' | 'artist'): Route =>
  embedPagesRoute(HOST, kind, (id) => (kind === 'album' ? albumEmbedPage(id, {}, SESSION) : artistEmbedPage(id, {}, SESSION)), MISSING_ID);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(embedRoute('album'));
  h.replay.add(embedRoute('artist'));
});

const enc = encodeURIComponent;
const albumPath = (q: string) => `/v1/audio-a/album?${q}`;
const artistPath = (q: string) => `/v1/audio-a/artist?${q}`;
const allHits = () => h.replay.hits({ host: HOST });
const albumHits = () => h.replay.hits({ host: HOST, path: /^\/embed\/album\// });

describe('album', () => {
  it('by url: the record in its order, 1 credit; one GET of its embed page, without a token, and nothing else', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(albumPath(`url=${enc(`https://open.spotify.com/album/${SAMPLE_ALBUM_ID}`)}`), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', ...recordKeys(Album)]);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      id: SAMPLE_ALBUM_ID,
      uri: `spotify:album:${SAMPLE_ALBUM_ID}`,
      name: 'Slow Simmer (single)',
      subtitle: 'Paper Lanterns',
      artists: null,
      releaseDate: { isoString: '2024-09-13T00:00:00Z' },
      isExplicit: true,
    });
    expect(r.body.trackList).toHaveLength(3);
    expect(r.body.trackList[0]).toMatchObject({ id: SAMPLE_TRACK_ID, title: 'Slow Simmer', duration: { totalMilliseconds: 214_000 } });
    expect(r.body.coverArt.sources.map((x: { width: number }) => x.width)).toEqual([300, 64, 640]);
    expect(await h.balance(id)).toBe(9);
    expect(JSON.stringify(r.body)).not.toContain(PAGE_TOKEN);
    expect(JSON.stringify(r.body)).not.toContain('accessToken');
    const hits = allHits();
    expect(hits.map((x) => x.path)).toEqual([`/embed/album/${SAMPLE_ALBUM_ID}`]);
    expect(hits[0].headers.authorization).toBeUndefined();
  });

  it('url (locale, ?si=), spotify: URI, embed URL and id are one cache entry: 0 credits after the first', async () => {
    const { key, id } = await h.key(10);
    const first = await h.rest(albumPath(`url=${enc(`https://open.spotify.com/intl-de/album/${SAMPLE_ALBUM_ID}?si=xyz`)}`), { key });
    expect(first.body).toMatchObject({ credits_charged: 1, id: SAMPLE_ALBUM_ID });
    const again = [
      albumPath(`url=${enc(`spotify:album:${SAMPLE_ALBUM_ID}`)}&cache_max_age=1d`),
      albumPath(`url=${enc(`https://open.spotify.com/embed/album/${SAMPLE_ALBUM_ID}`)}&cache_max_age=1d`),
      albumPath(`id=${SAMPLE_ALBUM_ID}&cache_max_age=7d`),
    ];
    for (const path of again) {
      const r = await h.rest(path, { key });
      expect(r.body, path).toMatchObject({ success: true, credits_charged: 0, cached: true, name: 'Slow Simmer (single)' });
      expect(withoutEnvelope(r.body)).toEqual(withoutEnvelope(first.body));
    }
    expect(albumHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(9);
  });

  it('an unknown album (HTTP 404, Next.js’s error page, an entity of type "error") is 404 NOT_FOUND at 0 credits, not cached', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(albumPath(`id=${MISSING_ID}`), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining(MISSING_ID) } });
    const again = await h.rest(albumPath(`id=${MISSING_ID}&cache_max_age=30d`), { key });
    expect(again.status).toBe(404);
    expect(albumHits()).toHaveLength(2);
    const pages = [notFoundPage(), embedHtml(embedNextData({ entity: { type: 'error' }, session: SESSION }))];
    for (const [i, body] of pages.entries()) {
      const albumId = `${String.fromCharCode(66 + i).repeat(21)}a`;
      h.replay.add({ host: HOST, path: `/embed/album/${albumId}`, response: { headers: HTML, body } });
      const page = await h.rest(albumPath(`id=${albumId}`), { key });
      expect(page.status, `page ${i}`).toBe(404);
      expect(page.body.error.code, `page ${i}`).toBe('NOT_FOUND');
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('a rate limit (429) or a block page (200 or 403) instead of the embed page is UPSTREAM_BLOCKED at 0 credits', async () => {
    await expectEmbedPagesBlocked(h, { host: HOST, kind: 'album', path: albumPath });
  });

  it('the embed of another album, of a playlist or an artist is UPSTREAM_FAILED at 0 credits, never the asked album’s data', async () => {
    const { key, id } = await h.key(5);
    const wrong: [string, Record<string, unknown>][] = [
      ['another album', albumEntity(OTHER_ALBUM_ID, { name: 'Another album' })],
      ['a playlist', albumEntity(SAMPLE_ALBUM_ID, { type: 'playlist', uri: `spotify:playlist:${SAMPLE_ALBUM_ID}` })],
      ['an artist', albumEntity(SAMPLE_ALBUM_ID, { type: 'artist', uri: `spotify:artist:${SAMPLE_ALBUM_ID}` })],
    ];
    for (const [what, entity] of wrong) {
      h.replay.add({
        host: HOST,
        path: `/embed/album/${SAMPLE_ALBUM_ID}`,
        response: { headers: HTML, body: embedHtml(embedNextData({ entity, session: SESSION })) },
      });
      const r = await h.rest(albumPath(`id=${SAMPLE_ALBUM_ID}`), { key });
      expect(r.status, what).toBe(502);
      expect(r.body.error, what).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('different resource') });
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('REST and GraphQL return the same data', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(albumPath(`id=${SAMPLE_ALBUM_ID}`), { key });
    const gql = await h.gql(
      `{ audioAAlbum(url: "spotify:album:${SAMPLE_ALBUM_ID}", cacheMaxAge: "1d") {
          json id uri name subtitle artists { id } releaseDate isExplicit isPlayable isPreRelease coverArt { url width height }
          trackList { id uri uid title subtitle durationMs isExplicit isPlayable previewUrl } } }`,
      { key },
    );
    const record = withoutEnvelope(rest.body) as any;
    const a = gql.body.data.audioAAlbum;
    expect(a.json).toEqual(record);
    expect(a).toMatchObject({
      id: SAMPLE_ALBUM_ID,
      name: 'Slow Simmer (single)',
      subtitle: 'Paper Lanterns',
      artists: null,
      releaseDate: '2024-09-13T00:00:00Z',
      isExplicit: true,
      isPreRelease: false,
      coverArt: record.coverArt.sources,
    });
    expect(a.trackList[0]).toEqual({
      id: SAMPLE_TRACK_ID,
      uri: `spotify:track:${SAMPLE_TRACK_ID}`,
      uid: record.trackList[0].uid,
      title: 'Slow Simmer',
      subtitle: 'Paper Lanterns',
      durationMs: 214_000,
      isExplicit: false,
      isPlayable: true,
      previewUrl: record.trackList[0].audioPreview.url,
    });
    expect(a.trackList[2].previewUrl).toBeNull();
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
    expect(albumHits()).toHaveLength(1);
  });
});

describe('artist', () => {
  it('by id: name, images, top tracks; follower counts null (the embed states none); 1 credit, then 0 from the cache', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(artistPath(`id=${SAMPLE_ARTIST_ID}`), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', ...recordKeys(Artist)]);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      id: SAMPLE_ARTIST_ID,
      uri: `spotify:artist:${SAMPLE_ARTIST_ID}`,
      name: 'Paper Lanterns',
      followers: null,
      monthlyListeners: null,
    });
    expect(r.body.topTracks.map((t: { title: string }) => t.title)).toEqual(['Slow Simmer', 'Paper Boats']);
    expect(JSON.stringify(r.body)).not.toContain(PAGE_TOKEN);
    const cached = await h.rest(
      artistPath(`url=${enc(`https://open.spotify.com/intl-fr/artist/${SAMPLE_ARTIST_ID}?si=1`)}&cache_max_age=1d`),
      {
        key,
      },
    );
    expect(cached.body).toMatchObject({ credits_charged: 0, cached: true, name: 'Paper Lanterns' });
    expect(allHits().map((x) => x.path)).toEqual([`/embed/artist/${SAMPLE_ARTIST_ID}`]);
    expect(await h.balance(id)).toBe(9);
  });

  it('unknown (404), blocked (429) or another artist’s embed: typed errors at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const missing = await h.rest(artistPath(`id=${MISSING_ID}`), { key });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const limited = 'LLLLLLLLLLLLLLLLLLLLLc';
    h.replay.add({ host: HOST, path: `/embed/artist/${limited}`, response: { body: 'slow down', fault: { kind: 'status', status: 429 } } });
    expect((await h.rest(artistPath(`id=${limited}`), { key })).body.error.code).toBe('UPSTREAM_BLOCKED');
    const asked = '3dEm0Art1st00000000009';
    h.replay.add({ host: HOST, path: `/embed/artist/${asked}`, response: { headers: HTML, body: artistEmbedPage(SAMPLE_ARTIST_ID) } });
    const other = await h.rest(artistPath(`id=${asked}`), { key });
    expect(other.status).toBe(502);
    expect(other.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('different resource') });
    expect(await h.balance(id)).toBe(5);
  });

  it('REST and GraphQL return the same data', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(artistPath(`id=${SAMPLE_ARTIST_ID}`), { key });
    const gql = await h.gql(
      `{ audioAArtist(id: "${SAMPLE_ARTIST_ID}", cacheMaxAge: "1d") {
          json id uri name coverArt { url width height } topTracks { id title durationMs } followers monthlyListeners } }`,
      { key },
    );
    const record = withoutEnvelope(rest.body) as any;
    const a = gql.body.data.audioAArtist;
    expect(a.json).toEqual(record);
    expect(a).toMatchObject({
      id: SAMPLE_ARTIST_ID,
      name: 'Paper Lanterns',
      coverArt: record.coverArt.sources,
      followers: null,
      monthlyListeners: null,
    });
    expect(a.topTracks[0]).toEqual({ id: SAMPLE_TRACK_ID, title: 'Slow Simmer', durationMs: 214_000 });
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
  });
});

describe('input validation: 400 naming the parameter, 0 credits, nothing fetched', () => {
  const cases: [string, string, string[]][] = [
    ['album: neither id nor url', albumPath(''), ['id', 'url']],
    [
      'album: both id and url',
      albumPath(`id=${SAMPLE_ALBUM_ID}&url=${enc(`https://open.spotify.com/album/${SAMPLE_ALBUM_ID}`)}`),
      ['id', 'url'],
    ],
    ['album: id of 21 characters', albumPath(`id=${SAMPLE_ALBUM_ID.slice(1)}`), ['id']],
    ['album: a track URL', albumPath(`url=${enc(`https://open.spotify.com/track/${SAMPLE_ALBUM_ID}`)}`), ['url']],
    ['album: an artist URI', albumPath(`url=${enc(`spotify:artist:${SAMPLE_ALBUM_ID}`)}`), ['url']],
    ['album: another host', albumPath(`url=${enc(`https://open.spotify.com.example/album/${SAMPLE_ALBUM_ID}`)}`), ['url']],
    ['artist: neither id nor url', artistPath(''), ['id', 'url']],
    ['artist: an album URL', artistPath(`url=${enc(`https://open.spotify.com/album/${SAMPLE_ARTIST_ID}`)}`), ['url']],
    ['artist: id with a symbol', artistPath(`id=${SAMPLE_ARTIST_ID.slice(1)}-`), ['id']],
  ];
  it.each(cases)('%s', async (_name, path, params) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param).sort()).toEqual(params);
    expect(await h.balance(id)).toBe(5);
    expect(allHits()).toHaveLength(0);
  });

  it('GraphQL names the arguments the same way, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql(`{ audioAAlbum { id } audioAArtist(url: "spotify:album:${SAMPLE_ALBUM_ID}") { id } }`, { key });
    const byPath = Object.fromEntries(r.body.errors.map((e: any) => [e.path[0], e.extensions]));
    expect(byPath.audioAAlbum.details.map((d: { param: string }) => d.param).sort()).toEqual(['id', 'url']);
    expect(byPath.audioAArtist.details.map((d: { param: string }) => d.param)).toEqual(['url']);
    expect(r.body.extensions.credits.charged).toBe(0);
    expect(await h.balance(id)).toBe(5);
    expect(allHits()).toHaveLength(0);
  });
});
