/**
 * audio-c (SoundCloud) sets end to end: GET /v1/audio-c/playlist and `audioCPlaylist` through the
 * gateway and the replay upstream over real HTTP. The set pages are our own (samples.ts: the
 * `window.__sc_hydration` shape of the 2023 set page capture, invented names and ids); the last
 * block replays the real capture from ../shared/fixtures/audio-c in place when it is present.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoSet, ravimenonUser, playlistObject, setPage, stubTrack } from '../../src/platforms/audio-c/samples.js';
import type { Route } from '../../src/replay/server.js';
import { fixturePath, hasFixtures, skipReason } from '../support/fixtures.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { AUDIO_C_ARTIST_KEYS, AUDIO_C_PLAYLIST_KEYS } from '../support/record-keys.js';
import { withoutEnvelope } from '../support/envelope.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const CLOUDFRONT_403 = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1"><TITLE>ERROR: The request could not be satisfied</TITLE></HEAD>
<BODY><H1>403 ERROR</H1><H2>The request could not be satisfied.</H2><HR noshade size="1px">Request blocked.</BODY></HTML>`;

const SET_URL = 'https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats';
const playlistPath = (url: string, extra = '') => `/v1/audio-c/playlist?url=${encodeURIComponent(url)}${extra}`;
const pageRoute = (path: string, response: Route['response']): Route => ({ host: 'soundcloud.com', path, response });
const pageHits = (h: Harness) => h.replay.hits({ host: 'soundcloud.com' });

describe('audio-c playlist', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.replay.reset();
    h.replay.add(pageRoute('/ravimenonbeats/sets/rice-cooker-beats', { headers: HTML, body: setPage(demoSet()) }));
  });

  it('charges 1 and returns the envelope then every field of the set: its creator and all its tracks, stubs with null fields', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(playlistPath(SET_URL), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', ...AUDIO_C_PLAYLIST_KEYS]);
    expect(r.body).toMatchObject({
      success: true,
      credits_charged: 1,
      id: 1_900_000_011,
      title: 'Rice Cooker Beats',
      set_type: 'album',
      track_count: 6,
      permalink_url: SET_URL,
      user: { id: 900_000_101, permalink: 'ravimenonbeats', username: 'Ravi Menon Beats' },
    });
    expect(Object.keys(r.body.user)).toEqual(AUDIO_C_ARTIST_KEYS);
    expect(r.body.tracks).toHaveLength(6);
    expect(r.body.tracks[2]).toMatchObject({
      id: 1_800_000_003,
      stub: false,
      title: 'Coconut Rain (with Meera Loops)',
      user: { permalink: 'meeraloops' },
    });
    expect(r.body.tracks[5]).toMatchObject({ id: 1_800_000_006, stub: true, title: null, permalink_url: null, duration: null, user: null });
    expect(await h.balance(id)).toBe(9);
    expect(pageHits(h).map((x) => x.path)).toEqual(['/ravimenonbeats/sets/rice-cooker-beats']);
  });

  it('cache_max_age serves the stored set at 0 credits; www./m., upper case, a query and a trailing slash share one entry', async () => {
    const { key, id } = await h.key(10);
    const live = await h.rest(playlistPath(SET_URL), { key });
    expect(live.body.credits_charged).toBe(1);
    for (const url of [
      'https://m.soundcloud.com/RaviMenonBeats/sets/Rice-Cooker-Beats/',
      'http://www.soundcloud.com/ravimenonbeats/sets/rice-cooker-beats?si=abc123&utm_source=clipboard',
    ]) {
      const hit = await h.rest(playlistPath(url, '&cache_max_age=1d'), { key });
      expect(hit.status).toBe(200);
      expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true });
      expect(withoutEnvelope(hit.body)).toEqual(withoutEnvelope(live.body));
    }
    expect(pageHits(h)).toHaveLength(1);
    expect(await h.balance(id)).toBe(9);
  });

  it('REST and GraphQL return the same set', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(playlistPath(SET_URL), { key });
    const gql = await h.gql(
      `{ audioCPlaylist(url: "${SET_URL}", cacheMaxAge: "1d") {
          json id title setType isAlbum trackCount likesCount publishedAt
          user { id username permalinkUrl followersCount }
          tracks { id stub title playbackCount user { permalink username } } } }`,
      { key },
    );
    const p = gql.body.data.audioCPlaylist;
    expect(p.json).toEqual(withoutEnvelope(rest.body));
    expect(p).toMatchObject({
      id: rest.body.id,
      title: 'Rice Cooker Beats',
      setType: 'album',
      isAlbum: true,
      trackCount: 6,
      likesCount: rest.body.likes_count,
      publishedAt: rest.body.published_at,
      user: { id: 900_000_101, username: 'Ravi Menon Beats', followersCount: rest.body.user.followers_count },
    });
    expect(p.tracks.map((t: { stub: boolean }) => t.stub)).toEqual([false, false, false, true, true, true]);
    expect(p.tracks[0]).toMatchObject({ title: 'Steam Valve', playbackCount: 1830, user: { permalink: 'ravimenonbeats' } });
    expect(p.tracks[4]).toEqual({ id: 1_800_000_005, stub: true, title: null, playbackCount: null, user: null });
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });

  it.each([
    ['a profile URL', 'https://soundcloud.com/ravimenonbeats'],
    ['a track URL', 'https://soundcloud.com/ravimenonbeats/steam-valve'],
    ['a secret link', 'https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats/s-AbCdEf12345'],
    ['an on.soundcloud.com short link', 'https://on.soundcloud.com/Ab12Cd34'],
    ['another site', 'https://example.com/ravimenonbeats/sets/rice-cooker-beats'],
    ['no URL at all', 'rice-cooker-beats'],
  ])('%s is 400 INVALID_INPUT naming url, 0 credits, no upstream request', async (_name, url) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(playlistPath(url), { key });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('url') });
    expect(pageHits(h)).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('without url: 400 INVALID_INPUT, 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest('/v1/audio-c/playlist', { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(await h.balance(id)).toBe(3);
  });

  it('an upstream 404 is 404 NOT_FOUND at 0 credits', async () => {
    h.replay.add(pageRoute('/ravimenonbeats/sets/gone', { status: 404, headers: HTML, body: '<html><body>Not found</body></html>' }));
    const { key, id } = await h.key(3);
    const r = await h.rest(playlistPath('https://soundcloud.com/ravimenonbeats/sets/gone'), { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(3);
  });

  it.each<[string, number, string, string]>([
    ['rate limited (429)', 429, 'text/html', '<html><body>Too many requests</body></html>'],
    ['CloudFront "Request blocked" (403 HTML)', 403, 'text/html', CLOUDFRONT_403],
    [
      'a DataDome captcha',
      403,
      'application/json',
      '{"url":"https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAAAAMA&hash=ABC&cid=xyz"}',
    ],
  ])('%s is 502 UPSTREAM_BLOCKED at 0 credits', async (_name, status, type, body) => {
    h.replay.add(pageRoute('/ravimenonbeats/sets/walled', { status, headers: { 'content-type': type }, body }));
    const { key, id } = await h.key(3);
    const r = await h.rest(playlistPath('https://soundcloud.com/ravimenonbeats/sets/walled'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a page of another set (a redirect to a renamed one) is 502 UPSTREAM_FAILED at 0 credits, never this set', async () => {
    h.replay.add(pageRoute('/ravimenonbeats/sets/old-name', { status: 301, headers: { location: SET_URL } }));
    const { key, id } = await h.key(3);
    const r = await h.rest(playlistPath('https://soundcloud.com/ravimenonbeats/sets/old-name'), { key });
    expect(pageHits(h).map((x) => x.path)).toEqual(['/ravimenonbeats/sets/old-name', '/ravimenonbeats/sets/rice-cooker-beats']);
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/different resource/) });
    expect(await h.balance(id)).toBe(3);
  });

  it("another account's set of the same name, or a page naming another creator, is UPSTREAM_FAILED", async () => {
    // The asked account's page answering with Ravi's set: same slug, another user.
    h.replay.add(pageRoute('/meeraloops/sets/rice-cooker-beats', { headers: HTML, body: setPage(demoSet()) }));
    // The right URL and permalink, but the creator stated is someone else.
    const wrongCreator = { ...demoSet('ravimenonbeats'), user: ravimenonUser('someoneelse') };
    h.replay.add(
      pageRoute('/ravimenonbeats/sets/odd-one', {
        headers: HTML,
        body: setPage({ ...wrongCreator, permalink: 'odd-one', permalink_url: 'https://soundcloud.com/ravimenonbeats/sets/odd-one' }),
      }),
    );
    const { key, id } = await h.key(3);
    for (const url of ['https://soundcloud.com/meeraloops/sets/rice-cooker-beats', 'https://soundcloud.com/ravimenonbeats/sets/odd-one']) {
      const r = await h.rest(playlistPath(url), { key });
      expect(r.status).toBe(502);
      expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/different resource/) });
    }
    expect(await h.balance(id)).toBe(3);
  });

  it('a page stating neither its permalink nor its URL cannot be this set: UPSTREAM_FAILED', async () => {
    const anonymous = { ...demoSet(), permalink: undefined, permalink_url: undefined, user: undefined };
    h.replay.add(pageRoute('/ravimenonbeats/sets/anon', { headers: HTML, body: setPage(anonymous) }));
    const { key, id } = await h.key(3);
    const r = await h.rest(playlistPath('https://soundcloud.com/ravimenonbeats/sets/anon'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a changed page (no hydration, or no playlist in it) is UPSTREAM_FAILED, never an empty set', async () => {
    h.replay.add(pageRoute('/ravimenonbeats/sets/plain', { headers: HTML, body: '<html><body>Maintenance</body></html>' }));
    h.replay.add(
      pageRoute('/ravimenonbeats/sets/userless', {
        headers: HTML,
        body: setPage(demoSet()).replace('"hydratable":"playlist"', '"hydratable":"other"'),
      }),
    );
    const { key, id } = await h.key(3);
    for (const slug of ['plain', 'userless']) {
      const r = await h.rest(playlistPath(`https://soundcloud.com/ravimenonbeats/sets/${slug}`), { key });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    }
    expect(await h.balance(id)).toBe(3);
  });

  it('a set whose tracks are all stubs is still every track, by id', async () => {
    const user = ravimenonUser();
    const set = playlistObject({
      id: 1_900_000_099,
      user,
      slug: 'all-stubs',
      title: 'All Stubs',
      setType: '',
      tracks: [stubTrack(11), stubTrack(12)],
    });
    h.replay.add(pageRoute('/ravimenonbeats/sets/all-stubs', { headers: HTML, body: setPage(set) }));
    const { key } = await h.key(3);
    const r = await h.rest(playlistPath('https://soundcloud.com/ravimenonbeats/sets/all-stubs'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ set_type: '', is_album: false, track_count: 2 });
    expect(r.body.tracks.map((t: { id: number; stub: boolean }) => [t.id, t.stub])).toEqual([
      [11, true],
      [12, true],
    ]);
  });
});

describe.skipIf(!hasFixtures('audio-c'))(`audio-c playlist: the real set page through the gateway (${skipReason('audio-c')})`, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      routes: [
        pageRoute('/soundcloud/sets/i-am-other-vol-2', {
          headers: HTML,
          bodyFile: fixturePath('audio-c', 'set-page-sc-hydration-soundcloud-i-am-other-vol-2.html'),
        }),
      ],
    });
  });
  afterAll(() => h.close());

  it('the capture is the set: SOURCES.md facts, 20 tracks, creator SoundCloud', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(playlistPath('https://m.soundcloud.com/SoundCloud/sets/i-am-other-vol-2?ref=clipboard'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      id: 1168654222,
      title: 'i am OTHER, Vol. 2',
      set_type: 'album',
      track_count: 20,
      likes_count: 12875,
      reposts_count: 1269,
      genre: 'Hip-hop & Rap',
      duration: 2971246,
      user: { id: 193, username: 'SoundCloud' },
    });
    expect(r.body.tracks).toHaveLength(20);
    expect(r.body.tracks.filter((t: { stub: boolean }) => t.stub)).toHaveLength(15);
  });
});
