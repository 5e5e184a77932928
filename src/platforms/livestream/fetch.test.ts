/**
 * livestream requests through the real upstream client against the replay server (walls.ts
 * applied as the registry will): the capture served in place; blocks, a missing channel and
 * another slug are our own answers, and so are all past broadcasts and clips (samples.ts: no
 * capture of /videos or /clips exists).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import type { ReplayContext } from '../../../test/support/replay-upstream.js';
import { decodeCursor } from '../cursor.js';
import { fetchChannel, fetchClips, fetchVideos } from './fetch.js';
import { PLATFORM } from './parse.js';
import { kickChannelBody, kickChannelVideoBody, kickClipBody, kickVideoBody } from './samples.js';
import { walls } from './walls.js';

const HOST = 'kick.com';
let t: ReplayContext;
beforeAll(async () => {
  t = await startReplayContext({ walls: { [PLATFORM]: walls } });
});
afterAll(() => t.close());
beforeEach(() => t.replay.reset());

const json = (body: unknown, status = 200) => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const channel = (slug: string) => ({
  id: 1,
  user_id: 2,
  slug,
  is_banned: false,
  followers_count: 5,
  user: { id: 2, username: slug, bio: '' },
});

describe('livestreamChannel', () => {
  describe.skipIf(!hasFixtures(PLATFORM))(`the capture served in place (${skipReason(PLATFORM)})`, () => {
    it('asks /api/v2/channels/<slug> and returns the channel', async () => {
      const body = JSON.stringify(
        (JSON.parse(readFixture(PLATFORM, 'api-v2-channels-ac7ionman-2023-11-26.test-results.json')) as Record<string, unknown>).ac7ionman,
      );
      t.replay.add({ host: HOST, path: '/api/v2/channels/ac7ionman', response: { headers: { 'content-type': 'application/json' }, body } });
      expect(await fetchChannel(t.ctx, { slug: 'ac7ionman' })).toMatchObject({ id: 1209488, followers_count: 101409 });
      expect(t.replay.hits()[0].upstreamUrl).toBe('https://kick.com/api/v2/channels/ac7ionman');
    });
  });

  it('a channel of another slug → UPSTREAM_FAILED (identity on the slug)', async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides', response: json(channel('waves')) });
    expect((await failure(fetchChannel(t.ctx, { slug: 'tides' }))).message).toMatch(/different resource \(handle waves, not tides\)/);
  });

  it('404 → NOT_FOUND', async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/nobody', response: json({ message: 'Not Found' }, 404) });
    expect((await failure(fetchChannel(t.ctx, { slug: 'nobody' }))).code).toBe('NOT_FOUND');
  });

  it('a slug with _ that Kick does not know → NOT_FOUND naming the - spelling to try, one request only (public reports: 3dproger/AxelChat #487, KickDevDocs #231)', async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/abaksha_sc', response: json({ message: 'Not Found' }, 404) });
    const e = await failure(fetchChannel(t.ctx, { slug: 'abaksha_sc' }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toMatch(/try abaksha-sc$/);
    expect(t.replay.hits()).toHaveLength(1);
    // Without a _ there is nothing to suggest.
    t.replay.add({ host: HOST, path: '/api/v2/channels/nobody', response: json({ message: 'Not Found' }, 404) });
    const plain = await failure(fetchChannel(t.ctx, { slug: 'nobody' }));
    expect([plain.code, plain.message]).toEqual(['NOT_FOUND', expect.not.stringMatching(/try/)]);
  });

  it.each([
    [
      'a Cloudflare challenge',
      {
        status: 403,
        headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' },
        body: '<html><title>Just a moment...</title></html>',
      },
    ],
    ["Kick's own 403 JSON", json({ error: 'Request blocked by security policy.' }, 403)],
  ])('%s → UPSTREAM_BLOCKED', async (_w, response) => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides', response });
    expect((await failure(fetchChannel(t.ctx, { slug: 'tides' }))).code).toBe('UPSTREAM_BLOCKED');
  });

  it("Kick's 403 is a wall (named in the message), not expectOk's generic refusal", async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides', response: json({ error: 'Request blocked by security policy.' }, 403) });
    expect((await failure(fetchChannel(t.ctx, { slug: 'tides' }))).message).toMatch(/refusal of this client/);
  });

  it('HTML at 200 → UPSTREAM_FAILED', async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides', response: { body: '<html><body>app</body></html>' } });
    expect((await failure(fetchChannel(t.ctx, { slug: 'tides' }))).code).toBe('UPSTREAM_FAILED');
  });
});

const vod = (id: number, channelId: number) =>
  kickVideoBody({ id, channelId, title: `Show ${id}`, uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}` });

describe('livestreamVideos', () => {
  describe.skipIf(!hasFixtures(PLATFORM))(`the channel capture served in place (${skipReason(PLATFORM)})`, () => {
    const captured = () =>
      JSON.stringify(
        (JSON.parse(readFixture(PLATFORM, 'api-v2-channels-ac7ionman-2023-11-26.test-results.json')) as Record<string, unknown>).ac7ionman,
      );

    const capturedChannel = () => ({
      host: HOST,
      path: '/api/v2/channels/ac7ionman',
      response: { headers: { 'content-type': 'application/json' }, body: captured() },
    });
    const AC7 = { id: 1209488, slug: 'ac7ionman' };
    const idKeyed = (id: string, channel = AC7) => kickChannelVideoBody({ id, channel, title: `Show ${id}` });

    it("Kick's id-keyed list (July 2026): the channel answer's id (1209488, the capture's) names the list; the slug-keyed list is never asked", async () => {
      t.replay.add(capturedChannel());
      t.replay.add({
        host: HOST,
        path: '/api/v1/channels/1209488/videos',
        response: json({ data: [idKeyed('019f704e-0000-7000-8000-000000000001'), idKeyed('019f704e-0000-7000-8000-000000000002')] }),
      });
      const r = await fetchVideos(t.ctx, { slug: 'ac7ionman' });
      expect(r.videos.map((v) => [v.video?.uuid, v.channel_id])).toEqual([
        ['019f704e-0000-7000-8000-000000000001', 1209488],
        ['019f704e-0000-7000-8000-000000000002', 1209488],
      ]);
      expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual([
        'https://kick.com/api/v2/channels/ac7ionman',
        'https://kick.com/api/v1/channels/1209488/videos',
      ]);
    });

    it('the id-keyed list with a broadcast of another channel → UPSTREAM_FAILED (never data), no second list asked', async () => {
      t.replay.add(capturedChannel());
      t.replay.add({
        host: HOST,
        path: '/api/v1/channels/1209488/videos',
        response: json({ data: [idKeyed('019f704e-0000-7000-8000-000000000001'), idKeyed('x', { id: 875396, slug: 'adinross' })] }),
      });
      const e = await failure(fetchVideos(t.ctx, { slug: 'ac7ionman' }));
      expect([e.code, e.message]).toEqual(['UPSTREAM_FAILED', expect.stringMatching(/different resource \(id 875396, not 1209488\)/)]);
      expect(t.replay.hits()).toHaveLength(2);
    });

    it("the id-keyed list answering 404: the older slug-keyed list is asked, once, and proves the written broadcasts by the channel's id", async () => {
      t.replay.add(capturedChannel());
      t.replay.add({ host: HOST, path: '/api/v1/channels/1209488/videos', response: json({ message: 'Not Found' }, 404) });
      t.replay.add({ host: HOST, path: '/api/v2/channels/ac7ionman/videos', response: json([vod(11, 1209488), vod(12, 1209488)]) });
      const r = await fetchVideos(t.ctx, { slug: 'ac7ionman' });
      expect(r.videos.map((v) => [v.id, v.channel_id])).toEqual([
        [11, 1209488],
        [12, 1209488],
      ]);
      expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual([
        'https://kick.com/api/v2/channels/ac7ionman',
        'https://kick.com/api/v1/channels/1209488/videos',
        'https://kick.com/api/v2/channels/ac7ionman/videos',
      ]);
    });

    it('the slug-keyed list with a broadcast of another channel id among them → UPSTREAM_FAILED (never data)', async () => {
      t.replay.add({
        host: HOST,
        path: '/api/v2/channels/ac7ionman',
        response: { headers: { 'content-type': 'application/json' }, body: captured() },
      });
      t.replay.add({ host: HOST, path: '/api/v1/channels/1209488/videos', response: json({ message: 'Not Found' }, 404) });
      t.replay.add({ host: HOST, path: '/api/v2/channels/ac7ionman/videos', response: json([vod(11, 1209488), vod(12, 875396)]) });
      const e = await failure(fetchVideos(t.ctx, { slug: 'ac7ionman' }));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toMatch(/different resource \(id 875396, not 1209488\)/);
    });
  });

  it('an unknown channel: 404 at the lookup → NOT_FOUND, /videos never asked', async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/nobody', response: json({ message: 'Not Found' }, 404) });
    expect((await failure(fetchVideos(t.ctx, { slug: 'nobody' }))).code).toBe('NOT_FOUND');
    expect(t.replay.hits()).toHaveLength(1);
  });

  const TIDES_ID_KEYED = '/api/v1/channels/7/videos';
  const tides = () =>
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides', response: json(kickChannelBody({ slug: 'tides', id: 7 })) });

  it.each([
    ['200 with another bare message', json({ message: 'Server Error' }), 'UPSTREAM_FAILED'],
    ['429', json({ message: 'Too Many Attempts.' }, 429), 'UPSTREAM_BLOCKED'],
    ["Kick's 403", json({ error: 'Request blocked by security policy.' }, 403), 'UPSTREAM_BLOCKED'],
    ['an object without the list', json({ videos: [] }), 'UPSTREAM_FAILED'],
  ])('the id-keyed list answering %s: typed as such, the slug-keyed list not asked', async (_w, response, code) => {
    tides();
    t.replay.add({ host: HOST, path: TIDES_ID_KEYED, response });
    expect((await failure(fetchVideos(t.ctx, { slug: 'tides' }))).code).toBe(code);
    expect(t.replay.hits()).toHaveLength(2);
  });

  it.each([
    ['404', json({ message: 'Channel not found.' }, 404), 'NOT_FOUND'],
    ["200 with Kick's not-found message", json({ message: 'Channel not found.' }), 'NOT_FOUND'],
    ['200 with another bare message', json({ message: 'Server Error' }), 'UPSTREAM_FAILED'],
    ['429', json({ message: 'Too Many Attempts.' }, 429), 'UPSTREAM_BLOCKED'],
    ["Kick's 403", json({ error: 'Request blocked by security policy.' }, 403), 'UPSTREAM_BLOCKED'],
    ['an object, not the list', json({ videos: [] }), 'UPSTREAM_FAILED'],
  ])('the id-keyed list 404, the slug-keyed list answering %s: typed as such', async (_w, response, code) => {
    tides();
    t.replay.add({ host: HOST, path: TIDES_ID_KEYED, response: json({ message: 'Not Found' }, 404) });
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides/videos', response });
    expect((await failure(fetchVideos(t.ctx, { slug: 'tides' }))).code).toBe(code);
    expect(t.replay.hits()).toHaveLength(3);
  });

  it('our own channel answer (id 7) with a broadcast of channel 8 → UPSTREAM_FAILED', async () => {
    tides();
    t.replay.add({
      host: HOST,
      path: TIDES_ID_KEYED,
      response: json({ data: [kickChannelVideoBody({ id: 'v1', channel: { id: 8, slug: 'waves' }, title: 'x' })] }),
    });
    expect((await failure(fetchVideos(t.ctx, { slug: 'tides' }))).message).toMatch(/id 8, not 7/);
  });

  it('no broadcasts: an empty list', async () => {
    tides();
    t.replay.add({ host: HOST, path: TIDES_ID_KEYED, response: json({ data: [] }) });
    expect(await fetchVideos(t.ctx, { slug: 'tides' })).toEqual({ videos: [] });
  });
});

describe('livestreamClips', () => {
  const clip = (id: string, channel: { id: number; slug: string }) => kickClipBody({ id, channel, title: id });
  const TIDES = { id: 7, slug: 'tides' };
  const args = { slug: 'tides', sort: 'date', time: 'week', cursor: null } as const;

  it("asks Kick's sort, time and cursor; our cursor binds Kick's nextCursor to the channel, sort and time", async () => {
    t.replay.add({
      host: HOST,
      path: '/api/v2/channels/tides/clips',
      response: json({ clips: [clip('clip_A', TIDES)], nextCursor: 'abc' }),
    });
    const r = await fetchClips(t.ctx, args);
    expect(r.clips.map((c) => c.id)).toEqual(['clip_A']);
    expect(decodeCursor(r.cursor!)).toEqual({ h: 'tides', s: 'date', t: 'week', c: 'abc' });
    expect(t.replay.hits()[0].upstreamUrl).toBe('https://kick.com/api/v2/channels/tides/clips?sort=date&time=week&cursor=');
    await fetchClips(t.ctx, { ...args, cursor: 'abc' });
    expect(t.replay.hits()[1].upstreamUrl).toBe('https://kick.com/api/v2/channels/tides/clips?sort=date&time=week&cursor=abc');
  });

  it('an empty page is the end, whatever nextCursor came with it', async () => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides/clips', response: json({ clips: [], nextCursor: 'abc' }) });
    expect(await fetchClips(t.ctx, args)).toEqual({ clips: [], cursor: null });
  });

  it('a clip of another channel slug → UPSTREAM_FAILED', async () => {
    t.replay.add({
      host: HOST,
      path: '/api/v2/channels/tides/clips',
      response: json({ clips: [clip('clip_A', TIDES), clip('clip_B', { id: 8, slug: 'waves' })], nextCursor: null }),
    });
    expect((await failure(fetchClips(t.ctx, args))).message).toMatch(/different resource \(handle waves, not tides\)/);
  });

  it("a clip whose channel_id is not its channel's id, or two channel ids on one page → UPSTREAM_FAILED", async () => {
    const odd = { ...clip('clip_B', TIDES), channel_id: 8 };
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides/clips', response: json({ clips: [odd], nextCursor: null }) });
    expect((await failure(fetchClips(t.ctx, args))).message).toMatch(/id 8, not 7/);
    t.replay.reset();
    t.replay.add({
      host: HOST,
      path: '/api/v2/channels/tides/clips',
      response: json({ clips: [clip('clip_A', TIDES), clip('clip_B', { id: 8, slug: 'tides' })], nextCursor: null }),
    });
    expect((await failure(fetchClips(t.ctx, args))).message).toMatch(/id 8, not 7/);
  });

  it("a clip naming no channel slug passes only by the id the page's other clips prove", async () => {
    const bare = { ...clip('clip_B', TIDES), channel: null };
    t.replay.add({
      host: HOST,
      path: '/api/v2/channels/tides/clips',
      response: json({ clips: [clip('clip_A', TIDES), bare], nextCursor: null }),
    });
    expect((await fetchClips(t.ctx, args)).clips.map((c) => [c.id, c.channel])).toEqual([
      ['clip_A', { id: 7, username: 'tides', slug: 'tides' }],
      ['clip_B', null],
    ]);
    t.replay.reset();
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides/clips', response: json({ clips: [bare], nextCursor: null }) });
    expect((await failure(fetchClips(t.ctx, args))).message).toMatch(/unproven channel \(id 7\)/);
  });

  it.each([
    ['404', json({ message: 'Channel not found.' }, 404), 'NOT_FOUND'],
    ["200 with Kick's not-found message", json({ message: 'No query results for model [App\\Models\\Channel].' }), 'NOT_FOUND'],
    ['429', json({ message: 'Too Many Attempts.' }, 429), 'UPSTREAM_BLOCKED'],
    [
      'a Cloudflare challenge',
      {
        status: 403,
        headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' },
        body: '<html><title>Just a moment...</title></html>',
      },
      'UPSTREAM_BLOCKED',
    ],
    ['HTML at 200', { body: '<html><body>app</body></html>' }, 'UPSTREAM_FAILED'],
  ])('%s → %s', async (_w, response, code) => {
    t.replay.add({ host: HOST, path: '/api/v2/channels/tides/clips', response });
    expect((await failure(fetchClips(t.ctx, args))).code).toBe(code);
  });
});
