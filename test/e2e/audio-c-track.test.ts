/**
 * audio-c (SoundCloud) tracks end to end: GET /v1/audio-c/track (`audioCTrack`) and
 * GET /v1/audio-c/artist/tracks (`audioCArtistTracks`) through the gateway and the replay upstream
 * over real HTTP. The home page (client id), the `resolve` answers and the tracks pages are our own
 * (samples.ts: api-v2's track object as the set page capture embeds it, invented names and ids);
 * the last block serves a real track object of the 2023 set page capture (read in place from
 * ../shared/fixtures/audio-c) as `resolve`'s answer, when it is present.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseHydration } from '../../src/platforms/audio-c/parse.js';
import { demoTracks, fullTrack, ravimenonUser, tracksPage } from '../../src/platforms/audio-c/samples.js';
import { decodeTracksCursor } from '../../src/platforms/audio-c/fetch.js';
import { encodeCursor } from '../../src/platforms/cursor.js';
import type { ReplayRequest, Route } from '../../src/replay/server.js';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { AUDIO_C_TRACK_KEYS } from '../support/record-keys.js';
import { withoutEnvelope } from '../support/envelope.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const HTML = { 'content-type': 'text/html; charset=utf-8' };
const CLIENT_ID = 'TestClientId00000000000000000001';
const CLOUDFRONT_403 = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1"><TITLE>ERROR: The request could not be satisfied</TITLE></HEAD>
<BODY><H1>403 ERROR</H1><H2>The request could not be satisfied.</H2><HR noshade size="1px">Request blocked.</BODY></HTML>`;
const DATADOME = '{"url":"https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAAAAMA&hash=ABC&cid=xyz"}';

const HANDLE = 'ravimenonbeats';
const USER = ravimenonUser(HANDLE);
const RAVI = { id: USER.id, permalink: HANDLE, username: USER.username };
const TRACK_URL = `https://soundcloud.com/${HANDLE}/steam-valve`;
/** Two pages of Ravi's tracks: the demo's three, then one more. */
const OFFSET_2 = '2024-11-02T19:30:00.000Z,tracks,01800000007';
const PAGE_1 = tracksPage(USER.id, demoTracks(HANDLE), OFFSET_2);
const PAGE_2 = tracksPage(USER.id, [fullTrack(1_800_000_008, 'Idli Steam', RAVI)]);

const homeHtml = `<!DOCTYPE html><html><head><title>SoundCloud</title><script>window.__sc_hydration = ${JSON.stringify([
  { hydratable: 'apiClient', data: { id: CLIENT_ID, isExpiring: false } },
])};</script></head><body></body></html>`;

/** resolve answers by URL (the url parameter, exactly); anything else a 404. */
function resolveRoute(answers: Map<string, unknown>): Route {
  return {
    host: 'api-v2.soundcloud.com',
    path: '/resolve',
    response: (req: ReplayRequest) => {
      const found = answers.get(req.query.get('url') ?? '');
      return found === undefined
        ? { status: 404, headers: JSON_HEADERS, body: '{}' }
        : { headers: JSON_HEADERS, body: JSON.stringify(found) };
    },
  };
}

const tracksRoute = (userId: number, response: Route['response']): Route => ({
  host: 'api-v2.soundcloud.com',
  path: `/users/${userId}/tracks`,
  response,
});

const trackPath = (url: string, extra = '') => `/v1/audio-c/track?url=${encodeURIComponent(url)}${extra}`;
const tracksPath = (q: string) => `/v1/audio-c/artist/tracks?${q}`;
const resolves = (h: Harness) => h.replay.hits({ host: 'api-v2.soundcloud.com', path: '/resolve' });
const trackListHits = (h: Harness, userId = USER.id) => h.replay.hits({ host: 'api-v2.soundcloud.com', path: `/users/${userId}/tracks` });
const apiHits = (h: Harness) => h.replay.hits({ host: 'api-v2.soundcloud.com' });

describe('audio-c track and artist tracks', () => {
  let h: Harness;
  let answers: Map<string, unknown>;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.replay.reset();
    answers = new Map<string, unknown>([
      [`https://soundcloud.com/${HANDLE}`, USER],
      [TRACK_URL, demoTracks(HANDLE)[0]],
    ]);
    h.replay.add({ host: 'soundcloud.com', path: '/', response: { headers: HTML, body: homeHtml } });
    h.replay.add(resolveRoute(answers));
    h.replay.add(
      tracksRoute(USER.id, (req: ReplayRequest) => {
        const offset = req.query.get('offset');
        if (offset === null) return { headers: JSON_HEADERS, body: JSON.stringify(PAGE_1) };
        if (offset === OFFSET_2) return { headers: JSON_HEADERS, body: JSON.stringify(PAGE_2) };
        return { status: 400, headers: JSON_HEADERS, body: '{}' };
      }),
    );
  });

  // -------------------------------------------------------------------------------------------
  // GET /v1/audio-c/track
  // -------------------------------------------------------------------------------------------

  describe('track', () => {
    it('charges 1 and returns the envelope then every field of the track, from resolve of its URL with the client id', async () => {
      const { key, id } = await h.key(10);
      const r = await h.rest(trackPath(TRACK_URL), { key });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', ...AUDIO_C_TRACK_KEYS]);
      expect(r.body).toMatchObject({
        success: true,
        credits_charged: 1,
        id: 1_800_000_001,
        kind: 'track',
        title: 'Steam Valve',
        permalink_url: TRACK_URL,
        download_count: 0,
        publisher_metadata: { artist: 'Ravi Menon', isrc: 'QZDEM2400001' },
        user: { id: USER.id, permalink: HANDLE, username: 'Ravi Menon Beats' },
      });
      expect(await h.balance(id)).toBe(9);
      expect(resolves(h).map((x) => [x.query.get('url'), x.query.get('client_id')])).toEqual([[TRACK_URL, CLIENT_ID]]);
    });

    it('cache_max_age serves the stored track at 0 credits; www./m., upper case, a query and a trailing slash share one entry', async () => {
      const { key, id } = await h.key(10);
      const live = await h.rest(trackPath(TRACK_URL), { key });
      expect(live.body.credits_charged).toBe(1);
      for (const url of [
        'https://m.soundcloud.com/RaviMenonBeats/Steam-Valve/',
        'http://www.soundcloud.com/ravimenonbeats/steam-valve?si=abc123&utm_source=clipboard#t=0:30',
      ]) {
        const hit = await h.rest(trackPath(url, '&cache_max_age=1d'), { key });
        expect(hit.status).toBe(200);
        expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true });
        expect(withoutEnvelope(hit.body)).toEqual(withoutEnvelope(live.body));
      }
      expect(resolves(h)).toHaveLength(1);
      expect(await h.balance(id)).toBe(9);
    });

    it('REST and GraphQL return the same track', async () => {
      const { key } = await h.key(5);
      const rest = await h.rest(trackPath(TRACK_URL), { key });
      const gql = await h.gql(
        `{ audioCTrack(url: "${TRACK_URL}", cacheMaxAge: "1d") {
            json id title permalinkUrl fullDuration playbackCount downloadable monetizationModel
            publisherMetadata { artist isrc explicit cLine } user { id permalink followersCount } } }`,
        { key },
      );
      const t = gql.body.data.audioCTrack;
      expect(t.json).toEqual(withoutEnvelope(rest.body));
      expect(t).toMatchObject({
        id: 1_800_000_001,
        title: 'Steam Valve',
        permalinkUrl: TRACK_URL,
        fullDuration: rest.body.full_duration,
        playbackCount: 1830,
        downloadable: false,
        monetizationModel: 'NOT_APPLICABLE',
        publisherMetadata: { artist: 'Ravi Menon', isrc: 'QZDEM2400001', explicit: false, cLine: null },
        user: { id: USER.id, permalink: HANDLE, followersCount: 310 },
      });
      expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
    });

    it.each([
      ['a profile URL', `https://soundcloud.com/${HANDLE}`],
      ['a set URL', `https://soundcloud.com/${HANDLE}/sets/rice-cooker-beats`],
      ['a profile tab', `https://soundcloud.com/${HANDLE}/likes`],
      ['a secret link', `${TRACK_URL}/s-AbCdEf12345`],
      ["a track's comments", `${TRACK_URL}/comments`],
      ['an on.soundcloud.com short link', 'https://on.soundcloud.com/Ab12Cd34'],
      ['another site', `https://example.com/${HANDLE}/steam-valve`],
      ['no URL at all', 'steam-valve'],
    ])('%s is 400 INVALID_INPUT naming url, 0 credits, no upstream request', async (_name, url) => {
      const { key, id } = await h.key(3);
      const r = await h.rest(trackPath(url), { key });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('url') });
      expect(apiHits(h)).toHaveLength(0);
      expect(await h.balance(id)).toBe(3);
    });

    it('without url: 400 INVALID_INPUT, 0 credits', async () => {
      const { key, id } = await h.key(3);
      const r = await h.rest('/v1/audio-c/track', { key });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(await h.balance(id)).toBe(3);
    });

    it('an upstream 404 (no such track) is 404 NOT_FOUND at 0 credits', async () => {
      const { key, id } = await h.key(3);
      const r = await h.rest(trackPath(`https://soundcloud.com/${HANDLE}/gone`), { key });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
      expect(await h.balance(id)).toBe(3);
    });

    it.each<[string, number, string]>([
      ['rate limited (429)', 429, '{}'],
      ['CloudFront "Request blocked" (403 HTML)', 403, CLOUDFRONT_403],
      ['a DataDome captcha (403 JSON)', 403, DATADOME],
    ])('%s is 502 UPSTREAM_BLOCKED at 0 credits', async (_name, status, body) => {
      h.replay.add({
        host: 'api-v2.soundcloud.com',
        path: '/resolve',
        query: { url: `https://soundcloud.com/${HANDLE}/walled` },
        response: { status, headers: { 'content-type': body.startsWith('<') ? 'text/html' : 'application/json' }, body },
      });
      const { key, id } = await h.key(3);
      const r = await h.rest(trackPath(`https://soundcloud.com/${HANDLE}/walled`), { key });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
      expect(await h.balance(id)).toBe(3);
    });

    it('resolve answering another track (a redirect after a rename, another account’s of the same slug) is UPSTREAM_FAILED, never data', async () => {
      // The old slug resolves to the renamed track: another permalink_url and permalink.
      answers.set(`https://soundcloud.com/${HANDLE}/old-name`, demoTracks(HANDLE)[0]);
      // Another account's URL answered with Ravi's track of that slug.
      answers.set('https://soundcloud.com/meeraloops/steam-valve', demoTracks(HANDLE)[0]);
      // The right URL and permalink, but the uploader stated is someone else.
      const odd = { ...demoTracks(HANDLE)[0], user: { ...demoTracks(HANDLE)[0].user, permalink: 'someoneelse' } };
      answers.set(`https://soundcloud.com/${HANDLE}/odd-one`, {
        ...odd,
        permalink: 'odd-one',
        permalink_url: `https://soundcloud.com/${HANDLE}/odd-one`,
      });
      const { key, id } = await h.key(3);
      for (const url of [
        `https://soundcloud.com/${HANDLE}/old-name`,
        'https://soundcloud.com/meeraloops/steam-valve',
        `https://soundcloud.com/${HANDLE}/odd-one`,
      ]) {
        const r = await h.rest(trackPath(url), { key });
        expect([url, r.status]).toEqual([url, 502]);
        expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/different resource/) });
      }
      expect(await h.balance(id)).toBe(3);
    });

    it('resolve answering a user or a set is NOT_FOUND; a track stating no URL cannot be this one: UPSTREAM_FAILED', async () => {
      answers.set(`https://soundcloud.com/${HANDLE}/a-user`, USER);
      answers.set(`https://soundcloud.com/${HANDLE}/anon`, { ...demoTracks(HANDLE)[0], permalink_url: undefined });
      const { key, id } = await h.key(3);
      const user = await h.rest(trackPath(`https://soundcloud.com/${HANDLE}/a-user`), { key });
      expect(user.status).toBe(404);
      expect(user.body.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/user, not a track/) });
      const anon = await h.rest(trackPath(`https://soundcloud.com/${HANDLE}/anon`), { key });
      expect(anon.status).toBe(502);
      expect(anon.body.error.code).toBe('UPSTREAM_FAILED');
      expect(await h.balance(id)).toBe(3);
    });
  });

  // -------------------------------------------------------------------------------------------
  // GET /v1/audio-c/artist/tracks
  // -------------------------------------------------------------------------------------------

  describe('artist tracks', () => {
    it('charges 1 and returns the first page: resolve of the profile, then /users/<id>/tracks with limit 20 and linked partitioning', async () => {
      const { key, id } = await h.key(10);
      const r = await h.rest(tracksPath(`handle=${HANDLE}`), { key });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'tracks', 'cursor']);
      expect(r.body.credits_charged).toBe(1);
      expect(r.body.tracks.map((t: { id: number }) => t.id)).toEqual([1_800_000_001, 1_800_000_002, 1_800_000_007]);
      for (const t of r.body.tracks) expect(Object.keys(t)).toEqual(AUDIO_C_TRACK_KEYS);
      expect(r.body.tracks[1]).toMatchObject({
        title: 'Tadka at Midnight',
        playback_count: 5120,
        user: { id: USER.id, permalink: HANDLE },
      });
      expect(typeof r.body.cursor).toBe('string');
      expect(await h.balance(id)).toBe(9);
      expect(resolves(h).map((x) => x.query.get('url'))).toEqual([`https://soundcloud.com/${HANDLE}`]);
      const [list] = trackListHits(h);
      expect(Object.fromEntries(list.query)).toEqual({ limit: '20', linked_partitioning: '1', client_id: CLIENT_ID });
    });

    it('the cursor pages on (only its offset goes upstream) and is null on the last page; each page charges 1', async () => {
      const { key, id } = await h.key(10);
      const first = await h.rest(tracksPath(`handle=${HANDLE}`), { key });
      const second = await h.rest(tracksPath(`url=${encodeURIComponent(`https://soundcloud.com/${HANDLE}`)}&cursor=${first.body.cursor}`), {
        key,
      });
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ credits_charged: 1, cursor: null });
      expect(second.body.tracks.map((t: { title: string }) => t.title)).toEqual(['Idli Steam']);
      expect(trackListHits(h).map((x) => x.query.get('offset'))).toEqual([null, OFFSET_2]);
      expect(await h.balance(id)).toBe(8);
    });

    // SoundCloud answers a window of tracks the visitor may not see as an empty page with a next
    // one (as a public extractor's recorded 2026 pages show); our own pages here.
    it('empty pages with a next one are read past within the request (charged 1); after four more, or when reading on fails, [] with a cursor', async () => {
      const empty = (n: number) => `2025-0${n}-01T00:00:00.000Z,tracks,0000000000${n}`;
      const pages = new Map<string | null, unknown>([
        [null, tracksPage(USER.id, [], empty(1))],
        [empty(1), tracksPage(USER.id, [], OFFSET_2)],
        [OFFSET_2, PAGE_2],
      ]);
      h.replay.add(
        tracksRoute(USER.id, (req: ReplayRequest) => {
          const page = pages.get(req.query.get('offset'));
          return page ? { headers: JSON_HEADERS, body: JSON.stringify(page) } : { status: 500, headers: JSON_HEADERS, body: '{}' };
        }),
      );
      const { key, id } = await h.key(10);
      const r = await h.rest(tracksPath(`handle=${HANDLE}`), { key });
      expect([r.status, r.body.credits_charged, r.body.cursor]).toEqual([200, 1, null]);
      expect(r.body.tracks.map((t: { title: string }) => t.title)).toEqual(['Idli Steam']);
      expect(trackListHits(h).map((x) => x.query.get('offset'))).toEqual([null, empty(1), OFFSET_2]);
      expect(await h.balance(id)).toBe(9);

      // Six empty pages in a row: the first and four more are read; the cursor names the sixth.
      pages.clear();
      for (let n = 0; n < 6; n++) pages.set(n === 0 ? null : empty(n), tracksPage(USER.id, [], empty(n + 1)));
      const before = trackListHits(h).length;
      const many = await h.rest(tracksPath(`handle=${HANDLE}`), { key });
      expect([many.status, many.body.tracks, many.body.credits_charged]).toEqual([200, [], 1]);
      expect(decodeTracksCursor(many.body.cursor)?.offset).toBe(empty(5));
      expect(
        trackListHits(h)
          .slice(before)
          .map((x) => x.query.get('offset')),
      ).toEqual([null, empty(1), empty(2), empty(3), empty(4)]);

      // Reading on fails (500): the empty page stands, its cursor asking for the failed page again.
      pages.delete(empty(1));
      const failed = await h.rest(tracksPath(`handle=${HANDLE}`), { key });
      expect([failed.status, failed.body.tracks, failed.body.credits_charged]).toEqual([200, [], 1]);
      expect(decodeTracksCursor(failed.body.cursor)?.offset).toBe(empty(1));
      expect(await h.balance(id)).toBe(7);
    });

    it('cache_max_age serves a stored page at 0 credits; @handle, upper case and the profile URL share one entry', async () => {
      const { key, id } = await h.key(10);
      const live = await h.rest(tracksPath(`handle=${HANDLE}`), { key });
      for (const q of ['handle=%40RaviMenonBeats', `url=${encodeURIComponent('https://m.soundcloud.com/RaviMenonBeats/tracks')}`]) {
        const hit = await h.rest(tracksPath(`${q}&cache_max_age=1d`), { key });
        expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true });
        expect(withoutEnvelope(hit.body)).toEqual(withoutEnvelope(live.body));
      }
      expect(trackListHits(h)).toHaveLength(1);
      expect(await h.balance(id)).toBe(9);
    });

    it('REST and GraphQL return the same page', async () => {
      const { key } = await h.key(5);
      const rest = await h.rest(tracksPath(`handle=${HANDLE}`), { key });
      const gql = await h.gql(
        `{ audioCArtistTracks(handle: "${HANDLE}", cacheMaxAge: "1d") { json cursor tracks { id title genre user { permalink } } } }`,
        { key },
      );
      const p = gql.body.data.audioCArtistTracks;
      expect(p.json).toEqual(withoutEnvelope(rest.body));
      expect(p.cursor).toBe(rest.body.cursor);
      expect(p.tracks[2]).toEqual({
        id: 1_800_000_007,
        title: 'Pressure Cooker Whistle',
        genre: 'Hip-hop & Rap',
        user: { permalink: HANDLE },
      });
      expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
    });

    it.each<[string, string, string]>([
      ['neither handle nor url', '', 'handle'],
      ['both handle and url', `handle=${HANDLE}&url=${encodeURIComponent(`https://soundcloud.com/${HANDLE}`)}`, 'url'],
      ['a track URL as url', `url=${encodeURIComponent(TRACK_URL)}`, 'url'],
      ['a cursor that is not ours', `handle=${HANDLE}&cursor=abc%21`, 'cursor'],
      [
        'a cursor carrying a URL',
        `handle=${HANDLE}&cursor=${encodeCursor({ h: HANDLE, u: USER.id, n: 'https://evil.example/' })}`,
        'cursor',
      ],
      ['a cursor of another artist', `handle=${HANDLE}&cursor=${encodeCursor({ h: 'meeraloops', u: 900_000_202, o: OFFSET_2 })}`, 'cursor'],
    ])('%s is 400 INVALID_INPUT naming %s… at 0 credits, no upstream request', async (_name, q, param) => {
      const { key, id } = await h.key(3);
      const r = await h.rest(tracksPath(q), { key });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining(param) });
      expect(apiHits(h)).toHaveLength(0);
      expect(await h.balance(id)).toBe(3);
    });

    it('a cursor made for another user id than the handle resolves to is 400 on cursor at 0 credits, its page never fetched', async () => {
      const { key, id } = await h.key(3);
      const r = await h.rest(tracksPath(`handle=${HANDLE}&cursor=${encodeCursor({ h: HANDLE, u: 900_000_999, o: OFFSET_2 })}`), { key });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('cursor') });
      expect(trackListHits(h)).toHaveLength(0);
      expect(trackListHits(h, 900_000_999)).toHaveLength(0);
      expect(await h.balance(id)).toBe(3);
    });

    it('an unknown artist, or a tracks list answering 404, is NOT_FOUND at 0 credits', async () => {
      const gone = { ...ravimenonUser('gone-tracks'), id: 900_000_404 };
      answers.set('https://soundcloud.com/gone-tracks', gone);
      h.replay.add(tracksRoute(gone.id, { status: 404, headers: JSON_HEADERS, body: '{}' }));
      const { key, id } = await h.key(3);
      for (const handle of ['nobody-here', 'gone-tracks']) {
        const r = await h.rest(tracksPath(`handle=${handle}`), { key });
        expect([handle, r.status, r.body.error.code]).toEqual([handle, 404, 'NOT_FOUND']);
      }
      expect(await h.balance(id)).toBe(3);
    });

    it.each<[string, number, string]>([
      ['rate limited (429)', 429, '{}'],
      ['CloudFront "Request blocked" (403 HTML)', 403, CLOUDFRONT_403],
      ['a DataDome captcha (403 JSON)', 403, DATADOME],
    ])('the tracks list %s is 502 UPSTREAM_BLOCKED at 0 credits', async (_name, status, body) => {
      const walled = { ...ravimenonUser('walled-tracks'), id: 900_000_403 };
      answers.set('https://soundcloud.com/walled-tracks', walled);
      h.replay.add(
        tracksRoute(walled.id, { status, headers: { 'content-type': body.startsWith('<') ? 'text/html' : 'application/json' }, body }),
      );
      const { key, id } = await h.key(3);
      const r = await h.rest(tracksPath('handle=walled-tracks'), { key });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
      expect(await h.balance(id)).toBe(3);
    });

    it('a track of another uploader, or a next page naming another user, is 502 UPSTREAM_FAILED at 0 credits, never data', async () => {
      const meera = { id: 900_000_202, permalink: 'meeraloops', username: 'Meera Loops' };
      const mixed = { ...ravimenonUser('mixed'), id: 900_000_301 };
      const mixedOwner = { id: mixed.id, permalink: 'mixed', username: 'Mixed' };
      const nextOther = { ...ravimenonUser('next-other'), id: 900_000_302 };
      const sameIdOtherName = { ...ravimenonUser('renamed'), id: 900_000_303 };
      answers.set('https://soundcloud.com/mixed', mixed);
      answers.set('https://soundcloud.com/next-other', nextOther);
      answers.set('https://soundcloud.com/renamed', sameIdOtherName);
      h.replay.add(
        tracksRoute(mixed.id, {
          headers: JSON_HEADERS,
          body: JSON.stringify(tracksPage(mixed.id, [fullTrack(1, 'Mine', mixedOwner), fullTrack(2, 'Hers', meera)])),
        }),
      );
      const nextOtherPage = tracksPage(
        nextOther.id,
        [fullTrack(3, 'Mine', { id: nextOther.id, permalink: 'next-other', username: 'N' })],
        'x',
      );
      nextOtherPage.next_href = nextOtherPage.next_href!.replace(`/users/${nextOther.id}/`, '/users/900000202/');
      h.replay.add(tracksRoute(nextOther.id, { headers: JSON_HEADERS, body: JSON.stringify(nextOtherPage) }));
      // The right user id, but the uploader's permalink says another account.
      h.replay.add(
        tracksRoute(sameIdOtherName.id, {
          headers: JSON_HEADERS,
          body: JSON.stringify(
            tracksPage(sameIdOtherName.id, [fullTrack(4, 'X', { id: sameIdOtherName.id, permalink: 'someoneelse', username: 'S' })]),
          ),
        }),
      );
      const { key, id } = await h.key(5);
      for (const handle of ['mixed', 'next-other', 'renamed']) {
        const r = await h.rest(tracksPath(`handle=${handle}`), { key });
        expect([handle, r.status, r.body.error.code]).toEqual([handle, 502, 'UPSTREAM_FAILED']);
      }
      expect(await h.balance(id)).toBe(5);
    });

    it('a changed answer (no collection) is UPSTREAM_FAILED, never an empty list; an empty collection is an empty page', async () => {
      const changed = { ...ravimenonUser('changed'), id: 900_000_501 };
      const empty = { ...ravimenonUser('no-tracks'), id: 900_000_502 };
      answers.set('https://soundcloud.com/changed', changed);
      answers.set('https://soundcloud.com/no-tracks', empty);
      h.replay.add(tracksRoute(changed.id, { headers: JSON_HEADERS, body: '{"items":[]}' }));
      h.replay.add(tracksRoute(empty.id, { headers: JSON_HEADERS, body: JSON.stringify(tracksPage(empty.id, [])) }));
      const { key, id } = await h.key(5);
      const a = await h.rest(tracksPath('handle=changed'), { key });
      expect(a.status).toBe(502);
      expect(a.body.error.code).toBe('UPSTREAM_FAILED');
      const b = await h.rest(tracksPath('handle=no-tracks'), { key });
      expect(b.status).toBe(200);
      expect(b.body).toMatchObject({ tracks: [], cursor: null, credits_charged: 1 });
      expect(await h.balance(id)).toBe(4);
    });
  });
});

describe.skipIf(!hasFixtures('audio-c'))(`audio-c track: a real track object through the gateway (${skipReason('audio-c')})`, () => {
  let h: Harness;
  beforeAll(async () => {
    // The set page capture's second track, as it is, for resolve's answer (read in place).
    const playlist = parseHydration(readFixture('audio-c', 'set-page-sc-hydration-soundcloud-i-am-other-vol-2.html'))!.find(
      (e) => e.hydratable === 'playlist',
    )!.data as { tracks: unknown[] };
    h = await startHarness({
      routes: [
        { host: 'soundcloud.com', path: '/', response: { headers: HTML, body: homeHtml } },
        {
          host: 'api-v2.soundcloud.com',
          path: '/resolve',
          query: { url: 'https://soundcloud.com/woodarealest30349/greatness' },
          response: { headers: JSON_HEADERS, body: JSON.stringify(playlist.tracks[1]) },
        },
      ],
    });
  });
  afterAll(() => h.close());

  it('is the asked track: its facts, its uploader', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(trackPath('https://m.soundcloud.com/WooDaRealest30349/greatness?ref=clipboard'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      id: 913782583,
      title: 'Greatness - WooDaRealest X Killer Mike',
      playback_count: 814731,
      likes_count: 9395,
      policy: 'MONETIZE',
      publisher_metadata: { isrc: 'QZMHP2072520' },
      user: { id: 147065239, username: 'WooDaRealest', verified: true },
    });
  });
});
