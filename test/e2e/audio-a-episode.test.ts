/**
 * audio-a (Spotify) podcast episodes end to end: GET /v1/audio-a/episode (GraphQL `audioAEpisode`)
 * through the gateway and the replay upstream over real HTTP. No capture of an episode embed page
 * exists in ../shared; the pages here are our own (src/platforms/audio-a/samples.ts), written in the
 * exact page and entity envelope of the real embed captures (../shared/fixtures/audio-a,
 * SOURCES.md), with invented names and ids.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Episode } from '../../src/platforms/audio-a/schema.js';
import { recordKeys } from '../../src/platforms/records.js';
import {
  embedHtml,
  embedNextData,
  episodeEmbedPage,
  episodeEntity,
  notFoundPage,
  SAMPLE_EPISODE_ID,
  SAMPLE_SHOW_ID,
  trackEntity,
} from '../../src/platforms/audio-a/samples.js';
import type { Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { embedPagesRoute, expectEmbedPagesBlocked } from '../support/embed-blocks.js';
import { withoutEnvelope } from '../support/envelope.js';

const HOST = 'open.spotify.com';
const HTML = { 'content-type': 'text/html; charset=utf-8' };
const MISSING_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const OTHER_EPISODE_ID = '5dEm0Ep1s0de0000000002';
/** The anonymous token our pages carry (never to be answered). */
const PAGE_TOKEN = 'BQ-episode-page-anon-token-0001';
const SESSION = { accessToken: PAGE_TOKEN, accessTokenExpirationTimestampMs: 4_102_444_800_000, isAnonymous: true };

/** Episode embed pages: ours for any id, HTTP 404 for MISSING_ID. */
const episodeRoute: Route = embedPagesRoute(HOST, 'episode', (id) => episodeEmbedPage(id, {}, SESSION), MISSING_ID);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(episodeRoute);
});

const enc = encodeURIComponent;
const path = (q: string) => `/v1/audio-a/episode?${q}`;
const allHits = () => h.replay.hits({ host: HOST });
const page = (entity: unknown) => ({ headers: HTML, body: embedHtml(embedNextData({ entity, session: SESSION })) });

describe('episode', () => {
  it('by url: the record in its order, 1 credit; one GET of its embed page, without a token, and nothing else', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(path(`url=${enc(`https://open.spotify.com/episode/${SAMPLE_EPISODE_ID}`)}`), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', ...recordKeys(Episode)]);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      id: SAMPLE_EPISODE_ID,
      uri: `spotify:episode:${SAMPLE_EPISODE_ID}`,
      name: 'Tamarind, three ways',
      show: { id: SAMPLE_SHOW_ID, uri: `spotify:show:${SAMPLE_SHOW_ID}`, name: 'Kitchen Talk with Ravi Menon' },
      description: null,
      releaseDate: { isoString: '2025-03-06T05:00:00Z' },
      duration: { totalMilliseconds: 2_460_000 },
      isExplicit: false,
      isPlayable: true,
    });
    expect(r.body.coverArt.sources.map((x: { width: number }) => x.width)).toEqual([300, 640, 64]);
    expect(await h.balance(id)).toBe(9);
    const body = JSON.stringify(r.body);
    expect(body).not.toContain(PAGE_TOKEN);
    expect(body).not.toContain('accessToken');
    // The page's signed audio-file URLs stay out of the record.
    expect(body).not.toContain('audio4-fa.scdn.co');
    const hits = allHits();
    expect(hits.map((x) => x.path)).toEqual([`/embed/episode/${SAMPLE_EPISODE_ID}`]);
    expect(hits[0].headers.authorization).toBeUndefined();
  });

  it('url (locale, ?si=), spotify: URI, embed URLs and id are one cache entry: 0 credits after the first', async () => {
    const { key, id } = await h.key(10);
    const first = await h.rest(path(`url=${enc(`https://open.spotify.com/intl-ja/episode/${SAMPLE_EPISODE_ID}?si=xyz`)}`), { key });
    expect(first.body).toMatchObject({ credits_charged: 1, id: SAMPLE_EPISODE_ID });
    const again = [
      path(`url=${enc(`spotify:episode:${SAMPLE_EPISODE_ID}`)}&cache_max_age=1d`),
      path(`url=${enc(`https://open.spotify.com/embed/episode/${SAMPLE_EPISODE_ID}`)}&cache_max_age=1d`),
      path(`url=${enc(`https://open.spotify.com/embed-podcast/episode/${SAMPLE_EPISODE_ID}`)}&cache_max_age=1d`),
      path(`id=${SAMPLE_EPISODE_ID}&cache_max_age=7d`),
    ];
    for (const p of again) {
      const r = await h.rest(p, { key });
      expect(r.body, p).toMatchObject({ success: true, credits_charged: 0, cached: true, name: 'Tamarind, three ways' });
      expect(withoutEnvelope(r.body)).toEqual(withoutEnvelope(first.body));
    }
    expect(allHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(9);
  });

  it('another episode is another entry, charged', async () => {
    const { key, id } = await h.key(10);
    await h.rest(path(`id=${SAMPLE_EPISODE_ID}`), { key });
    const other = await h.rest(path(`id=${OTHER_EPISODE_ID}&cache_max_age=1d`), { key });
    expect(other.body).toMatchObject({ credits_charged: 1, id: OTHER_EPISODE_ID });
    expect(await h.balance(id)).toBe(8);
  });

  it('an unknown episode (HTTP 404, Next.js’s error page, an entity of type "error") is 404 NOT_FOUND at 0 credits, not cached', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path(`id=${MISSING_ID}`), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining(MISSING_ID) } });
    const again = await h.rest(path(`id=${MISSING_ID}&cache_max_age=30d`), { key });
    expect(again.status).toBe(404);
    expect(allHits()).toHaveLength(2);
    const pages = [{ headers: HTML, body: notFoundPage() }, page({ type: 'error' })];
    for (const [i, response] of pages.entries()) {
      const episodeId = `${String.fromCharCode(66 + i).repeat(21)}a`;
      h.replay.add({ host: HOST, path: `/embed/episode/${episodeId}`, response });
      const res = await h.rest(path(`id=${episodeId}`), { key });
      expect(res.status, `page ${i}`).toBe(404);
      expect(res.body.error.code, `page ${i}`).toBe('NOT_FOUND');
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('a rate limit (429) or a block page (200 or 403) instead of the embed page is UPSTREAM_BLOCKED at 0 credits', async () => {
    await expectEmbedPagesBlocked(h, { host: HOST, kind: 'episode', path: path });
  });

  it('the embed of another episode, of a show (by type or by URI alone) or a track is UPSTREAM_FAILED at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const wrong: [string, Record<string, unknown>][] = [
      ['another episode', episodeEntity(OTHER_EPISODE_ID, { name: 'The spice box' })],
      ['a show', episodeEntity(SAMPLE_EPISODE_ID, { type: 'show', uri: `spotify:show:${SAMPLE_EPISODE_ID}` })],
      // Typed as an episode but named by a show URI: the URI's kind decides (fetch.ts).
      ['a show URI', episodeEntity(SAMPLE_EPISODE_ID, { uri: `spotify:show:${SAMPLE_EPISODE_ID}` })],
      ['a track', trackEntity(SAMPLE_EPISODE_ID)],
    ];
    for (const [what, entity] of wrong) {
      h.replay.add({ host: HOST, path: `/embed/episode/${SAMPLE_EPISODE_ID}`, response: page(entity) });
      const r = await h.rest(path(`id=${SAMPLE_EPISODE_ID}`), { key });
      expect(r.status, what).toBe(502);
      expect(r.body.error, what).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('different resource') });
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('REST and GraphQL return the same data', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(path(`id=${SAMPLE_EPISODE_ID}`), { key });
    const gql = await h.gql(
      `{ audioAEpisode(url: "spotify:episode:${SAMPLE_EPISODE_ID}", cacheMaxAge: "1d") {
          json id uri name show { id uri name coverArt { url width height } } description releaseDate durationMs
          isExplicit isPlayable previewUrl hasVideo coverArt { url width height } } }`,
      { key },
    );
    const record = withoutEnvelope(rest.body) as any;
    const e = gql.body.data.audioAEpisode;
    expect(e.json).toEqual(record);
    expect(e).toEqual({
      json: record,
      id: SAMPLE_EPISODE_ID,
      uri: `spotify:episode:${SAMPLE_EPISODE_ID}`,
      name: 'Tamarind, three ways',
      show: { ...record.show, coverArt: record.show.coverArt.sources },
      description: null,
      releaseDate: '2025-03-06T05:00:00Z',
      durationMs: 2_460_000,
      isExplicit: false,
      isPlayable: true,
      previewUrl: record.audioPreview.url,
      hasVideo: false,
      coverArt: record.coverArt.sources,
    });
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
    expect(allHits()).toHaveLength(1);
  });
});

describe('input validation: 400 naming the parameter, 0 credits, nothing fetched', () => {
  const cases: [string, string, string[]][] = [
    ['neither id nor url', path(''), ['id', 'url']],
    ['both id and url', path(`id=${SAMPLE_EPISODE_ID}&url=${enc(`https://open.spotify.com/episode/${SAMPLE_EPISODE_ID}`)}`), ['id', 'url']],
    ['id of 21 characters', path(`id=${SAMPLE_EPISODE_ID.slice(1)}`), ['id']],
    ['a show URL', path(`url=${enc(`https://open.spotify.com/show/${SAMPLE_SHOW_ID}`)}`), ['url']],
    ['a show URI', path(`url=${enc(`spotify:show:${SAMPLE_SHOW_ID}`)}`), ['url']],
    ['a track URL', path(`url=${enc(`https://open.spotify.com/track/${SAMPLE_EPISODE_ID}`)}`), ['url']],
    ['another host', path(`url=${enc(`https://open.spotify.com.example/episode/${SAMPLE_EPISODE_ID}`)}`), ['url']],
  ];
  it.each(cases)('%s', async (_name, p, params) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(p, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param).sort()).toEqual(params);
    expect(await h.balance(id)).toBe(5);
    expect(allHits()).toHaveLength(0);
  });

  it('GraphQL names the arguments the same way, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql(`{ audioAEpisode(url: "spotify:show:${SAMPLE_SHOW_ID}") { id } }`, { key });
    expect(r.body.errors[0].extensions.details.map((d: { param: string }) => d.param)).toEqual(['url']);
    expect(r.body.extensions.credits.charged).toBe(0);
    expect(await h.balance(id)).toBe(5);
    expect(allHits()).toHaveLength(0);
  });
});
