/**
 * audio-a (Spotify) end to end over real HTTP: gateway + replay upstream. Upstream bodies are
 * written by us in the shapes the real captures show (embed page `__NEXT_DATA__` session and
 * track entity — src/platforms/audio-a/samples.ts —, pathfinder `data.podcastUnionV2` /
 * `data.playlistV2`), so this suite runs without ../shared/fixtures; a last block replays the
 * real captures in place when they are present.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures, skipReason } from '../support/fixtures.js';
import type { ReplayRequest, Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { AKAMAI_ACCESS_DENIED, embedPagesRoute, expectEmbedPagesBlocked } from '../support/embed-blocks.js';
import { recordKeys } from '../../src/platforms/records.js';
import { Track } from '../../src/platforms/audio-a/schema.js';
import { parseEmbedSession } from '../../src/platforms/audio-a/parse.js';
import { notFoundPage, SAMPLE_ARTIST_ID, trackEmbedPage, trackEntity } from '../../src/platforms/audio-a/samples.js';

const SHOW_ID = '4rOoJ6Egrf8K2IrywzwOMk';
const PLAYLIST_ID = '37i9dQZF1DXcBWIGoYBM5M';
const MISSING_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const PLAYLIST_TOTAL = 130;
const TOKEN_HOST = 'open.spotify.com';
const TOKEN_PATH = '/embed/track/15RpfmFhrE5RRkf4vZ6kZu';
const PATHFINDER_HOST = 'api-partner.spotify.com';
const PATHFINDER_PATH = '/pathfinder/v1/query';
const HOUR = 3_600_000;
const TRACK_ID = '3dEm0Tr4ck000000000001';
const OTHER_TRACK_ID = '3dEm0Tr4ck000000000002';
/** The anonymous token every track page of ours carries (never to be answered). */
const TRACK_PAGE_TOKEN = 'BQ-track-page-anon-token-0001';

// ---------------------------------------------------------------------------------------------
// Upstream bodies (ours)
// ---------------------------------------------------------------------------------------------

/** An embed page whose `__NEXT_DATA__` carries an anonymous session, as open.spotify.com/embed/* does. */
function embedPage(token: string, expiresAt: number): string {
  const next = {
    props: {
      pageProps: {
        state: {
          data: { entity: { type: 'track', name: 'Blackout' } },
          settings: { session: { accessToken: token, accessTokenExpirationTimestampMs: expiresAt, isAnonymous: true } },
        },
      },
    },
    page: '/track/[id]',
  };
  return `<!DOCTYPE html><html lang="en"><head><title>Spotify Embed</title></head><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script></body></html>`;
}

function showBody(id: string) {
  return {
    data: {
      podcastUnionV2: {
        __typename: 'Podcast',
        id,
        uri: `spotify:show:${id}`,
        name: `Show ${id.slice(0, 4)}`,
        description: 'A show about testing.',
        htmlDescription: '<p>A show about testing.</p>',
        publisher: { name: 'Test Publisher' },
        contentType: 'CONTENT_TYPE_PODCAST',
        mediaType: 'AUDIO',
        coverArt: { sources: [{ url: 'https://i.scdn.co/image/test640', width: 640, height: 640 }] },
        episodesV2: {
          __typename: 'ContextEpisodePage',
          items: [
            {
              entity: {
                __typename: 'EpisodeResponseWrapper',
                data: { __typename: 'Episode', creator: null, uri: 'spotify:episode:07gKzPFkbvGF0cHoeG7ARS' },
              },
            },
          ],
        },
        topics: { items: [{ __typename: 'PodcastTopic', title: 'Technology', uri: 'spotify:genre:0JQ5DAqbMKFAQy4HL4XU2D' }] },
        rating: { averageRating: { average: 4.5, showAverage: true, totalRatings: 1234 }, canRate: true, rating: { rating: 0 } },
        playability: { playable: true, reason: 'PLAYABLE', unplayabilityReasons: [] },
        sharingInfo: { shareId: 'abc', shareUrl: `https://open.spotify.com/show/${id}?si=abc` },
        visualIdentity: { sixteenByNineCoverImage: null, squareCoverImage: null },
        contentRatingV2: { labels: [] },
        consumptionOrderV2: 'EPISODIC',
        saved: false,
        musicAndTalk: false,
        showTypes: [],
        gatedEntityRelations: [],
        accessInfo: null,
        trailerV2: null,
      },
    },
  };
}

const trackId = (i: number) => `t${String(i).padStart(21, '0')}`;

/** One fetchPlaylist page of a playlist with PLAYLIST_TOTAL tracks (play counts are strings upstream). */
function playlistBody(id: string, offset: number, limit: number) {
  const items = [];
  for (let i = offset; i < Math.min(PLAYLIST_TOTAL, offset + limit); i++) {
    items.push({
      itemV2: {
        __typename: 'TrackResponseWrapper',
        data: {
          __typename: 'Track',
          uri: `spotify:track:${trackId(i)}`,
          name: `Song ${i}`,
          albumOfTrack: { name: `Album ${i}`, uri: `spotify:album:${trackId(i)}`, coverArt: { sources: [] } },
          artists: { items: [{ profile: { name: `Artist ${i % 7}` }, uri: `spotify:artist:${trackId(i % 7)}` }] },
          trackDuration: { totalMilliseconds: 200_000 + i },
          playcount: String(3_000_000_000 + i),
        },
      },
    });
  }
  return {
    data: {
      playlistV2: {
        __typename: 'Playlist',
        uri: `spotify:playlist:${id}`,
        name: 'Test Hits',
        description: 'The hottest tests.',
        followers: 1234567,
        images: { items: [{ sources: [{ url: 'https://i.scdn.co/image/testcover', width: null, height: null }] }] },
        ownerV2: { data: { __typename: 'User', name: 'Spotify', uri: 'spotify:user:spotify', username: 'spotify' } },
        content: { __typename: 'PlaylistItemsPage', items, pagingInfo: { offset, limit }, totalCount: PLAYLIST_TOTAL },
      },
    },
  };
}

const jsonResponse = (body: unknown, status = 200) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const variablesOf = (req: ReplayRequest) => JSON.parse(req.query.get('variables') ?? '{}');
const hashOf = (req: ReplayRequest) => JSON.parse(req.query.get('extensions') ?? '{}').persistedQuery?.sha256Hash;

/** Pathfinder: answers with our bodies when the bearer token is one of `good`, else 401. */
function pathfinderRoute(good: (token: string) => boolean = (t) => t === 'tok-good'): Route {
  return {
    host: PATHFINDER_HOST,
    path: PATHFINDER_PATH,
    response: (req) => {
      const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!good(token)) return jsonResponse({ error: { status: 401, message: 'The access token expired' } }, 401);
      const vars = variablesOf(req);
      const [, kind, id] = String(vars.uri).split(':');
      if (id === MISSING_ID)
        return jsonResponse(
          kind === 'show'
            ? { data: { podcastUnionV2: null } }
            : { data: { playlistV2: { __typename: 'NotFound', message: 'Playlist not found' } } },
        );
      if (req.query.get('operationName') === 'queryShowMetadataV2') return jsonResponse(showBody(id));
      if (req.query.get('operationName') === 'fetchPlaylist') return jsonResponse(playlistBody(id, vars.offset, vars.limit));
      return jsonResponse({ errors: [{ message: 'PersistedQueryNotFound' }] });
    },
  };
}

/** Track embed pages: ours (samples.ts) for any id, 404 for MISSING_ID. */
const trackRoute = (): Route =>
  embedPagesRoute(
    TOKEN_HOST,
    'track',
    (id) =>
      trackEmbedPage(id, {}, { accessToken: TRACK_PAGE_TOKEN, accessTokenExpirationTimestampMs: Date.now() + HOUR, isAnonymous: true }),
    MISSING_ID,
  );

const tokenRoute = (response: Route['response']): Route => ({ host: TOKEN_HOST, path: TOKEN_PATH, response });
const goodTokenRoute = () => tokenRoute(() => ({ body: embedPage('tok-good', Date.now() + HOUR) }));

/** A token page that hands out tok-1, tok-2, … (one per fetch), after `ms` of latency. */
function countingTokenRoute(expiresIn = HOUR, ms = 0): Route {
  let n = 0;
  return tokenRoute(() => ({
    body: embedPage(`tok-${++n}`, Date.now() + expiresIn),
    ...(ms ? { fault: { kind: 'latency' as const, ms } } : {}),
  }));
}

// ---------------------------------------------------------------------------------------------

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  // Added first: the token page's own route (exact path) answers before it.
  h.replay.add(trackRoute());
  h.replay.add(goodTokenRoute());
  h.replay.add(pathfinderRoute());
});

const pathfinderHits = (hh = h) => hh.replay.hits({ host: PATHFINDER_HOST });
const tokenHits = (hh = h) => hh.replay.hits({ host: TOKEN_HOST, path: TOKEN_PATH });
const trackHits = (hh = h) => hh.replay.hits({ host: TOKEN_HOST, path: /^\/embed\/track\// }).filter((x) => x.path !== TOKEN_PATH);
const trackPath = (q: string) => `/v1/audio-a/track?${q}`;
const podcastPath = (q: string) => `/v1/audio-a/podcast?${q}`;
const playlistPath = (q: string) => `/v1/audio-a/playlist?${q}`;
const enc = encodeURIComponent;

describe('podcast', () => {
  it('by id: envelope in api.md order, 1 credit, the record with the pathfinder request as platforms.md lists it', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(podcastPath(`id=${SHOW_ID}`), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).slice(0, 6)).toEqual(['success', 'credits_remaining', 'credits_charged', 'id', 'uri', '__typename']);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      id: SHOW_ID,
      uri: `spotify:show:${SHOW_ID}`,
      __typename: 'Podcast',
    });
    expect(r.body).not.toHaveProperty('cached');
    expect(r.body.publisher).toEqual({ name: 'Test Publisher' });
    expect(r.body.episodesV2).toEqual([
      {
        entity: {
          __typename: 'EpisodeResponseWrapper',
          data: { __typename: 'Episode', creator: null, uri: 'spotify:episode:07gKzPFkbvGF0cHoeG7ARS' },
        },
      },
    ]);
    expect(r.body.topics).toEqual([{ __typename: 'PodcastTopic', title: 'Technology', uri: 'spotify:genre:0JQ5DAqbMKFAQy4HL4XU2D' }]);
    expect(r.body.rating.averageRating).toEqual({ average: 4.5, showAverage: true, totalRatings: 1234 });
    expect(await h.balance(id)).toBe(9);

    const [hit] = pathfinderHits();
    expect(hit.query.get('operationName')).toBe('queryShowMetadataV2');
    expect(variablesOf(hit)).toEqual({ uri: `spotify:show:${SHOW_ID}` });
    expect(hashOf(hit)).toBe('aaad798a17a43c0f443c45d630a83df39d2ca1062a090c2e4fb045d6b00ab360');
    expect(hit.headers.authorization).toBe('Bearer tok-good');
    expect(hit.headers['app-platform']).toBe('WebPlayer');
  });

  it('by url (locale prefix, ?si=) and by spotify: URI; a cached entry is shared with the id form at 0 credits', async () => {
    const { key, id } = await h.key(10);
    const byUrl = await h.rest(podcastPath(`url=${enc(`https://open.spotify.com/intl-de/show/${SHOW_ID}?si=xyz`)}`), { key });
    expect(byUrl.status).toBe(200);
    expect(byUrl.body.id).toBe(SHOW_ID);
    const byUri = await h.rest(podcastPath(`url=${enc(`spotify:show:${SHOW_ID}`)}&cache_max_age=1d`), { key });
    expect(byUri.body).toMatchObject({ success: true, credits_charged: 0, cached: true, id: SHOW_ID });
    const byId = await h.rest(podcastPath(`id=${SHOW_ID}&cache_max_age=7d`), { key });
    expect(byId.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(byId.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(pathfinderHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(9);
  });

  it('an unknown show is 404 NOT_FOUND at 0 credits (and not cached)', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(podcastPath(`id=${MISSING_ID}`), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining(MISSING_ID) } });
    const again = await h.rest(podcastPath(`id=${MISSING_ID}&cache_max_age=30d`), { key });
    expect(again.status).toBe(404);
    expect(pathfinderHits()).toHaveLength(2);
    expect(await h.balance(id)).toBe(3);
  });
});

describe('playlist paging', () => {
  it('two pages via cursor reach every track; 1 credit each; playcount a number', async () => {
    const { key, id } = await h.key(10);
    const first = await h.rest(playlistPath(`id=${PLAYLIST_ID}`), { key });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual([
      'success',
      'credits_remaining',
      'credits_charged',
      'id',
      'uri',
      '__typename',
      'name',
      'description',
      'followers',
      'images',
      'ownerV2',
      'tracks',
      'cursor',
      'totalCount',
    ]);
    expect(first.body).toMatchObject({ credits_charged: 1, id: PLAYLIST_ID, followers: 1234567, totalCount: PLAYLIST_TOTAL, cursor: 100 });
    expect(first.body.ownerV2).toEqual({ __typename: 'User', name: 'Spotify', uri: 'spotify:user:spotify', username: 'spotify' });
    expect(first.body.tracks).toHaveLength(100);
    expect(first.body.tracks[0]).toEqual({
      id: trackId(0),
      uri: `spotify:track:${trackId(0)}`,
      name: 'Song 0',
      albumOfTrack: { name: 'Album 0', uri: `spotify:album:${trackId(0)}` },
      artists: [{ profile: { name: 'Artist 0' }, uri: `spotify:artist:${trackId(0)}` }],
      duration: { totalMilliseconds: 200_000 },
      playcount: 3_000_000_000,
    });

    const second = await h.rest(
      playlistPath(`url=${enc(`https://open.spotify.com/playlist/${PLAYLIST_ID}?si=1`)}&cursor=${first.body.cursor}`),
      { key },
    );
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ credits_charged: 1, cursor: null, totalCount: PLAYLIST_TOTAL });
    const all = [...first.body.tracks, ...second.body.tracks].map((t: { id: string }) => t.id);
    expect(all).toEqual(Array.from({ length: PLAYLIST_TOTAL }, (_, i) => trackId(i)));

    expect(pathfinderHits().map((hit) => [hit.query.get('operationName'), variablesOf(hit)])).toEqual([
      ['fetchPlaylist', { uri: `spotify:playlist:${PLAYLIST_ID}`, offset: 0, limit: 100, enableWatchFeedEntrypoint: false }],
      ['fetchPlaylist', { uri: `spotify:playlist:${PLAYLIST_ID}`, offset: 100, limit: 100, enableWatchFeedEntrypoint: false }],
    ]);
    expect(hashOf(pathfinderHits()[0])).toBe('a65e12194ed5fc443a1cdebed5fabe33ca5b07b987185d63c72483867ad13cb4');
    expect(await h.balance(id)).toBe(8);
  });

  it('the cache key includes the cursor (an omitted cursor is cursor 0)', async () => {
    const { key, id } = await h.key(10);
    const other = 'B'.repeat(22);
    await h.rest(playlistPath(`id=${other}`), { key });
    const page2 = await h.rest(playlistPath(`id=${other}&cursor=100&cache_max_age=1d`), { key });
    expect(page2.body.credits_charged).toBe(1);
    expect(page2.body).not.toHaveProperty('cached');
    expect(page2.body.tracks[0].name).toBe('Song 100');
    const page1 = await h.rest(playlistPath(`id=${other}&cursor=0&cache_max_age=1d`), { key });
    expect(page1.body).toMatchObject({ cached: true, credits_charged: 0, cursor: 100 });
    expect(page1.body.tracks[0].name).toBe('Song 0');
    expect(pathfinderHits()).toHaveLength(2);
    expect(await h.balance(id)).toBe(8);
  });

  it('an unknown playlist is 404 at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(playlistPath(`id=${MISSING_ID}&cursor=100`), { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(3);
  });
});

describe('track', () => {
  it('by id: the record in its order, 1 credit; one GET of its embed page, without a token, and nothing else', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(trackPath(`id=${TRACK_ID}`), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', ...recordKeys(Track)]);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      id: TRACK_ID,
      uri: `spotify:track:${TRACK_ID}`,
      name: 'Slow Simmer',
      artists: [{ id: SAMPLE_ARTIST_ID, uri: `spotify:artist:${SAMPLE_ARTIST_ID}`, name: 'Paper Lanterns' }],
      duration: { totalMilliseconds: 214_000 },
      isExplicit: false,
      releaseDate: { isoString: '2024-09-13T00:00:00Z' },
      audioPreview: { url: expect.stringMatching(/^https:\/\/p\.scdn\.co\/mp3-preview\//) },
    });
    expect(r.body.coverArt.sources.map((x: { width: number }) => x.width)).toEqual([300, 64, 640]);
    expect(await h.balance(id)).toBe(9);
    // The page's anonymous token is never answered.
    expect(JSON.stringify(r.body)).not.toContain(TRACK_PAGE_TOKEN);
    expect(JSON.stringify(r.body)).not.toContain('accessToken');
    const hits = trackHits();
    expect(hits.map((x) => x.path)).toEqual([`/embed/track/${TRACK_ID}`]);
    expect(hits[0].headers.authorization).toBeUndefined();
    expect(pathfinderHits()).toHaveLength(0);
    expect(tokenHits()).toHaveLength(0);
  });

  it('url (locale, ?si=), spotify: URI and embed URL are one cache entry with the id: 0 credits after the first', async () => {
    const { key, id } = await h.key(10);
    const byUrl = await h.rest(trackPath(`url=${enc(`https://open.spotify.com/intl-de/track/${TRACK_ID}?si=xyz`)}`), { key });
    expect(byUrl.body).toMatchObject({ credits_charged: 1, id: TRACK_ID });
    const byUri = await h.rest(trackPath(`url=${enc(`spotify:track:${TRACK_ID}`)}&cache_max_age=1d`), { key });
    expect(byUri.body).toMatchObject({ success: true, credits_charged: 0, cached: true, id: TRACK_ID });
    const byEmbed = await h.rest(trackPath(`url=${enc(`https://open.spotify.com/embed/track/${TRACK_ID}`)}&cache_max_age=1d`), { key });
    const byId = await h.rest(trackPath(`id=${TRACK_ID}&cache_max_age=7d`), { key });
    for (const r of [byEmbed, byId]) expect(r.body).toMatchObject({ credits_charged: 0, cached: true, name: 'Slow Simmer' });
    expect(trackHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(9);
  });

  it('an unknown track (HTTP 404, or Next.js’s error page at 200) is 404 NOT_FOUND at 0 credits, not cached', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(trackPath(`id=${MISSING_ID}`), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining(MISSING_ID) } });
    const again = await h.rest(trackPath(`id=${MISSING_ID}&cache_max_age=30d`), { key });
    expect(again.status).toBe(404);
    expect(trackHits()).toHaveLength(2);
    h.replay.add({ host: TOKEN_HOST, path: `/embed/track/${OTHER_TRACK_ID}`, response: { body: notFoundPage() } });
    const errorPage = await h.rest(trackPath(`id=${OTHER_TRACK_ID}`), { key });
    expect(errorPage.status).toBe(404);
    expect(errorPage.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(5);
  });

  it('a rate limit (429) or a block page (200 or 403) instead of the embed page is UPSTREAM_BLOCKED at 0 credits', async () => {
    await expectEmbedPagesBlocked(h, { host: TOKEN_HOST, kind: 'track', path: trackPath });
  });

  it('the embed of another track, or of an episode, is UPSTREAM_FAILED at 0 credits, never the asked track’s data', async () => {
    const { key, id } = await h.key(5);
    const wrong: [string, Record<string, unknown>][] = [
      ['another track', trackEntity(OTHER_TRACK_ID, { name: 'Another song' })],
      ['an episode', trackEntity(TRACK_ID, { type: 'episode', uri: `spotify:episode:${TRACK_ID}`, name: 'An episode' })],
    ];
    for (const [what, entity] of wrong) {
      h.replay.add({
        host: TOKEN_HOST,
        path: `/embed/track/${TRACK_ID}`,
        response: { body: trackEmbedPage(TRACK_ID, entity) },
      });
      const r = await h.rest(trackPath(`id=${TRACK_ID}`), { key });
      expect(r.status, what).toBe(502);
      expect(r.body.error, what).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('different resource') });
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('REST and GraphQL return the same data', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(trackPath(`id=${TRACK_ID}`), { key });
    const gql = await h.gql(
      `{ audioATrack(url: "https://open.spotify.com/track/${TRACK_ID}", cacheMaxAge: "1d") {
          json id uri name artists { id uri name } durationMs isExplicit isPlayable releaseDate previewUrl hasVideo
          coverArt { url width height } relatedEntityUri } }`,
      { key },
    );
    const { credits_remaining: _r, credits_charged: _c, success: _s, ...record } = rest.body;
    const t = gql.body.data.audioATrack;
    expect(t.json).toEqual(record);
    expect(t).toMatchObject({
      id: TRACK_ID,
      uri: record.uri,
      name: 'Slow Simmer',
      artists: record.artists,
      durationMs: 214_000,
      isExplicit: false,
      isPlayable: true,
      releaseDate: '2024-09-13T00:00:00Z',
      previewUrl: record.audioPreview.url,
      hasVideo: false,
      coverArt: record.coverArt.sources,
      relatedEntityUri: `spotify:artist:${SAMPLE_ARTIST_ID}`,
    });
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
    expect(trackHits()).toHaveLength(1);
  });
});

describe('input validation: 400 naming the parameter, 0 credits, nothing fetched', () => {
  const show = `https://open.spotify.com/show/${SHOW_ID}`;
  const list = `https://open.spotify.com/playlist/${PLAYLIST_ID}`;
  const cases: [string, string, string[]][] = [
    ['podcast: neither id nor url', podcastPath(''), ['id', 'url']],
    ['podcast: both id and url', podcastPath(`id=${SHOW_ID}&url=${enc(show)}`), ['id', 'url']],
    ['podcast: empty id and no url', podcastPath('id='), ['id', 'url']],
    ['podcast: id too short', podcastPath(`id=${SHOW_ID.slice(1)}`), ['id']],
    ['podcast: id with a symbol', podcastPath(`id=${SHOW_ID.slice(1)}-`), ['id']],
    ['podcast: id given a URL', podcastPath(`id=${enc(show)}`), ['id']],
    ['podcast: a playlist URL', podcastPath(`url=${enc(list)}`), ['url']],
    ['podcast: another host', podcastPath(`url=${enc(`https://example.com/show/${SHOW_ID}`)}`), ['url']],
    ['podcast: not a URL', podcastPath('url=hello'), ['url']],
    ['podcast: bad cache_max_age', podcastPath(`id=${SHOW_ID}&cache_max_age=2d`), ['cache_max_age']],
    ['playlist: neither', playlistPath('cursor=100'), ['id', 'url']],
    ['playlist: both', playlistPath(`id=${PLAYLIST_ID}&url=${enc(list)}`), ['id', 'url']],
    ['playlist: a show URL', playlistPath(`url=${enc(show)}`), ['url']],
    ['playlist: a show URI', playlistPath(`url=${enc(`spotify:show:${SHOW_ID}`)}`), ['url']],
    ['playlist: negative cursor', playlistPath(`id=${PLAYLIST_ID}&cursor=-1`), ['cursor']],
    ['playlist: cursor not a number', playlistPath(`id=${PLAYLIST_ID}&cursor=abc`), ['cursor']],
    ['playlist: cursor "null"', playlistPath(`id=${PLAYLIST_ID}&cursor=null`), ['cursor']],
    ['track: neither id nor url', trackPath(''), ['id', 'url']],
    ['track: both id and url', trackPath(`id=${TRACK_ID}&url=${enc(`https://open.spotify.com/track/${TRACK_ID}`)}`), ['id', 'url']],
    ['track: id of 21 characters', trackPath(`id=${TRACK_ID.slice(1)}`), ['id']],
    ['track: a show URL', trackPath(`url=${enc(show)}`), ['url']],
    ['track: an album URL', trackPath(`url=${enc(`https://open.spotify.com/album/${TRACK_ID}`)}`), ['url']],
    ['track: an episode URI', trackPath(`url=${enc(`spotify:episode:${TRACK_ID}`)}`), ['url']],
    ['track: another host', trackPath(`url=${enc(`https://open.spotify.com.example/track/${TRACK_ID}`)}`), ['url']],
  ];
  it.each(cases)('%s', async (_name, path, params) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param).sort()).toEqual(params);
    expect(await h.balance(id)).toBe(5);
    expect(pathfinderHits()).toHaveLength(0);
    expect(tokenHits()).toHaveLength(0);
    expect(trackHits()).toHaveLength(0);
  });

  it('GraphQL names the arguments the same way, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql(`{ audioAPodcast { id } both: audioAPlaylist(id: "${PLAYLIST_ID}", url: "${list}") { id } }`, { key });
    expect(r.status).toBe(200);
    const byPath = Object.fromEntries(r.body.errors.map((e: any) => [e.path[0], e.extensions]));
    expect(byPath.audioAPodcast).toMatchObject({ code: 'INVALID_INPUT' });
    expect(byPath.audioAPodcast.details.map((d: { param: string }) => d.param).sort()).toEqual(['id', 'url']);
    expect(byPath.both.details.map((d: { param: string }) => d.param).sort()).toEqual(['id', 'url']);
    expect(r.body.extensions.credits.charged).toBe(0);
    expect(await h.balance(id)).toBe(5);
  });
});

describe('blocked and failing upstream: 502, 0 credits', () => {
  it('pathfinder rate limit (429) is UPSTREAM_BLOCKED', async () => {
    h.replay.add({
      host: PATHFINDER_HOST,
      path: PATHFINDER_PATH,
      response: { ...jsonResponse({ error: 'rate limited' }), fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } } },
    });
    const { key, id } = await h.key(3);
    const r = await h.rest(podcastPath(`id=${SHOW_ID}`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a rotated persisted-query hash is UPSTREAM_FAILED naming the query; an override from the environment is used', async () => {
    h.replay.add({
      host: PATHFINDER_HOST,
      path: PATHFINDER_PATH,
      response: (req) =>
        hashOf(req) === 'e'.repeat(64)
          ? jsonResponse(showBody(SHOW_ID))
          : jsonResponse({ errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] }),
    });
    const { key, id } = await h.key(5);
    const stale = await h.rest(podcastPath(`id=${SHOW_ID}`), { key });
    expect(stale.status).toBe(502);
    expect(stale.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('queryShowMetadataV2') });
    expect(await h.balance(id)).toBe(5);
    process.env.AUDIO_A_SHOW_QUERY_HASH = 'e'.repeat(64);
    try {
      const fresh = await h.rest(podcastPath(`id=${SHOW_ID}`), { key });
      expect(fresh.status).toBe(200);
      expect(fresh.body.id).toBe(SHOW_ID);
    } finally {
      delete process.env.AUDIO_A_SHOW_QUERY_HASH;
    }
  });

  it('a pathfinder answer without the union is UPSTREAM_FAILED, never a 200 with an empty record', async () => {
    h.replay.add({ host: PATHFINDER_HOST, path: PATHFINDER_PATH, response: jsonResponse({ data: {} }) });
    const { key, id } = await h.key(3);
    const r = await h.rest(playlistPath(`id=${PLAYLIST_ID}`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('playlistV2') });
    expect(await h.balance(id)).toBe(3);
  });
});

describe('the anonymous token (own harness each: tokens live as long as the upstream client)', () => {
  let t: Harness | undefined;
  afterAll(async () => {
    await t?.close();
  });
  async function fresh(routes: Route[]): Promise<Harness> {
    await t?.close();
    t = await startHarness({ routes });
    return t;
  }

  it('is fetched once and shared while it is valid', async () => {
    const hh = await fresh([countingTokenRoute(HOUR), pathfinderRoute((tok) => tok === 'tok-1')]);
    const { key } = await hh.key(5);
    expect((await hh.rest(podcastPath(`id=${SHOW_ID}`), { key })).status).toBe(200);
    expect((await hh.rest(playlistPath(`id=${PLAYLIST_ID}`), { key })).status).toBe(200);
    expect(tokenHits(hh)).toHaveLength(1);
  });

  it('an expired (or nearly expired) token is fetched anew before use', async () => {
    // Expires in 10 s: inside the token module's 30 s safety margin, so never reused.
    const hh = await fresh([countingTokenRoute(10_000), pathfinderRoute((tok) => tok.startsWith('tok-'))]);
    const { key } = await hh.key(5);
    await hh.rest(podcastPath(`id=${SHOW_ID}`), { key });
    await hh.rest(podcastPath(`id=${'C'.repeat(22)}`), { key });
    expect(tokenHits(hh)).toHaveLength(2);
    expect(pathfinderHits(hh).map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('refused with 401: the gateway fetches a new token and succeeds, charging 1 credit', async () => {
    const hh = await fresh([countingTokenRoute(HOUR), pathfinderRoute((tok) => tok !== 'tok-1')]);
    const { key, id } = await hh.key(5);
    const r = await hh.rest(playlistPath(`id=${PLAYLIST_ID}`), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 1, id: PLAYLIST_ID });
    expect(tokenHits(hh)).toHaveLength(2);
    expect(pathfinderHits(hh).map((x) => x.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(await hh.balance(id)).toBe(4);
  });

  it('concurrent requests refused together cause exactly one token refetch', async () => {
    const hh = await fresh([countingTokenRoute(HOUR, 50), pathfinderRoute((tok) => tok !== 'tok-1')]);
    const { key } = await hh.key(20);
    const ids = Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(68 + i).repeat(21)}x`);
    const results = await Promise.all(ids.map((pid, i) => hh.rest(i % 2 ? playlistPath(`id=${pid}`) : podcastPath(`id=${pid}`), { key })));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(results.map((r) => r.body.id)).toEqual(ids);
    // One fetch for the first token, one refetch after the 401s.
    expect(tokenHits(hh)).toHaveLength(2);
    const auths = pathfinderHits(hh).map((x) => x.headers.authorization);
    expect(auths.filter((a) => a === 'Bearer tok-1')).toHaveLength(8);
    expect(auths.filter((a) => a === 'Bearer tok-2')).toHaveLength(8);
  });

  it('a fresh token refused too is UPSTREAM_BLOCKED at 0 credits (one retry, no loop)', async () => {
    const hh = await fresh([countingTokenRoute(HOUR), pathfinderRoute(() => false)]);
    const { key, id } = await hh.key(5);
    const r = await hh.rest(podcastPath(`id=${SHOW_ID}`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(tokenHits(hh)).toHaveLength(2);
    expect(pathfinderHits(hh)).toHaveLength(2);
    expect(await hh.balance(id)).toBe(5);
  });

  it('a block page instead of the embed page is UPSTREAM_BLOCKED (200 challenge or 403), never parsed as data', async () => {
    for (const status of [200, 403]) {
      const hh = await fresh([tokenRoute({ status, body: AKAMAI_ACCESS_DENIED }), pathfinderRoute()]);
      const { key, id } = await hh.key(5);
      const r = await hh.rest(playlistPath(`id=${PLAYLIST_ID}`), { key });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
      expect(pathfinderHits(hh)).toHaveLength(0);
      expect(await hh.balance(id)).toBe(5);
    }
  });

  it('an embed page without the session token is UPSTREAM_FAILED naming what is missing', async () => {
    const hh = await fresh([tokenRoute({ body: embedPage('', Date.now() + HOUR) }), pathfinderRoute()]);
    const { key } = await hh.key(5);
    const r = await hh.rest(podcastPath(`id=${SHOW_ID}`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('session.accessToken') });
  });
});

describe('REST and GraphQL return the same data', () => {
  it('podcast', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(podcastPath(`id=${SHOW_ID}`), { key });
    const gql = await h.gql(
      `{ audioAPodcast(url: "https://open.spotify.com/show/${SHOW_ID}", cacheMaxAge: "1d") {
          json id uri typename name publisher { name } coverArt { url width } episodes { uri typename }
          topics { title uri } rating { average totalRatings canRate } playability { playable } sharingInfo { shareUrl }
          contentRatingLabels consumptionOrder showTypes } }`,
      { key },
    );
    const { credits_remaining: _r, credits_charged: _c, success: _s, ...record } = rest.body;
    const p = gql.body.data.audioAPodcast;
    expect(p.json).toEqual(record);
    expect(p).toMatchObject({
      id: SHOW_ID,
      typename: 'Podcast',
      name: record.name,
      publisher: { name: 'Test Publisher' },
      coverArt: [{ url: 'https://i.scdn.co/image/test640', width: 640 }],
      episodes: [{ uri: 'spotify:episode:07gKzPFkbvGF0cHoeG7ARS', typename: 'Episode' }],
      topics: [{ title: 'Technology', uri: 'spotify:genre:0JQ5DAqbMKFAQy4HL4XU2D' }],
      rating: { average: 4.5, totalRatings: 1234, canRate: true },
      playability: { playable: true },
      sharingInfo: { shareUrl: record.sharingInfo.shareUrl },
      contentRatingLabels: [],
      consumptionOrder: 'EPISODIC',
    });
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
  });

  it('playlist (cursor exposed; playcount beyond 32 bits as Float)', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(playlistPath(`id=${PLAYLIST_ID}&cursor=100`), { key });
    const gql = await h.gql(
      `query($c: Int) { audioAPlaylist(id: "${PLAYLIST_ID}", cursor: $c, cacheMaxAge: "1d") {
          json id name followers cursor totalCount owner { username typename } images { sources { url width } }
          tracks { id name album { name } artists { name uri } durationMs playcount } } }`,
      { key, variables: { c: 100 } },
    );
    const { credits_remaining: _r, credits_charged: _c, success: _s, ...record } = rest.body;
    const p = gql.body.data.audioAPlaylist;
    expect(p.json).toEqual(record);
    expect(p).toMatchObject({
      id: PLAYLIST_ID,
      name: 'Test Hits',
      followers: 1234567,
      cursor: null,
      totalCount: PLAYLIST_TOTAL,
      owner: { username: 'spotify', typename: 'User' },
    });
    expect(p.images).toEqual([{ sources: [{ url: 'https://i.scdn.co/image/testcover', width: null }] }]);
    expect(p.tracks).toHaveLength(30);
    expect(p.tracks[0]).toEqual({
      id: trackId(100),
      name: 'Song 100',
      album: { name: 'Album 100' },
      artists: [{ name: 'Artist 2', uri: `spotify:artist:${trackId(2)}` }],
      durationMs: 200_100,
      playcount: 3_000_000_100,
    });
    expect(p.tracks.map((x: { playcount: number }) => x.playcount)).toEqual(record.tracks.map((x: { playcount: number }) => x.playcount));
    expect(pathfinderHits()).toHaveLength(1);
  });
});

describe.skipIf(!hasFixtures('audio-a'))(`real captures through the replay upstream (${skipReason('audio-a')})`, () => {
  let t: Harness;
  beforeAll(async () => {
    t = await startHarness({
      routes: [
        // The real track embed page: its (long expired) token is fetched anew for each request.
        tokenRoute({ bodyFile: fixturePath('audio-a', 'embed-track-scorpions-blackout.html') }),
        {
          host: PATHFINDER_HOST,
          path: PATHFINDER_PATH,
          query: { operationName: 'queryShowMetadataV2' },
          response: {
            headers: { 'content-type': 'application/json' },
            bodyFile: fixturePath('audio-a', 'pathfinder-show-joe-rogan-experience.json'),
          },
        },
        {
          host: PATHFINDER_HOST,
          path: PATHFINDER_PATH,
          query: { operationName: 'fetchPlaylist' },
          response: {
            headers: { 'content-type': 'application/json' },
            bodyFile: fixturePath('audio-a', 'pathfinder-playlist-todays-top-hits.json'),
          },
        },
      ],
    });
  });
  afterAll(() => t.close());

  it('track: Blackout by Scorpions, from its own embed page (the token page of these routes)', async () => {
    const { key } = await t.key(5);
    const r = await t.rest(trackPath(`url=${enc('https://open.spotify.com/track/15RpfmFhrE5RRkf4vZ6kZu?si=x')}`), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      id: '15RpfmFhrE5RRkf4vZ6kZu',
      uri: 'spotify:track:15RpfmFhrE5RRkf4vZ6kZu',
      name: 'Blackout',
      artists: [{ id: '27T030eWyCQRmDyuvr1kxY', uri: 'spotify:artist:27T030eWyCQRmDyuvr1kxY', name: 'Scorpions' }],
      duration: { totalMilliseconds: 228266 },
      isExplicit: false,
      releaseDate: { isoString: '1982-04-10T00:00:00Z' },
    });
    // The page's own (expired) anonymous token is never answered.
    const token = parseEmbedSession(readFileSync(fixturePath('audio-a', 'embed-track-scorpions-blackout.html'), 'utf8')).accessToken;
    expect(token.length).toBeGreaterThan(20);
    expect(JSON.stringify(r.body)).not.toContain(token);
    expect(JSON.stringify(r.body)).not.toContain('accessToken');
    expect(t.replay.hits({ host: PATHFINDER_HOST })).toHaveLength(0);
  });

  it('podcast: The Joe Rogan Experience', async () => {
    const { key } = await t.key(5);
    const r = await t.rest(podcastPath(`url=${enc('https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk')}`), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      id: '4rOoJ6Egrf8K2IrywzwOMk',
      name: 'The Joe Rogan Experience',
      publisher: { name: 'Joe Rogan' },
      contentRatingV2: { labels: ['EXPLICIT'] },
    });
    expect(r.body.rating.averageRating.totalRatings).toBe(948741);
    expect(t.replay.hits({ host: PATHFINDER_HOST })[0].headers.authorization).toMatch(/^Bearer .{20,}$/);
  });

  it('playlist: Today’s Top Hits, 25 of 50 tracks, cursor 25, play counts as numbers', async () => {
    const { key } = await t.key(5);
    const r = await t.rest(playlistPath(`id=${PLAYLIST_ID}`), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Today\u2019s Top Hits', followers: 34284032, totalCount: 50, cursor: 25 });
    expect(r.body.tracks).toHaveLength(25);
    expect(r.body.tracks[0]).toMatchObject({ name: 'hate that i made you love me', playcount: 85221565 });
    expect(r.body.tracks.every((x: { playcount: unknown }) => typeof x.playcount === 'number')).toBe(true);
  });
});
