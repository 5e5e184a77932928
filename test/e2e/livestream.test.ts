/**
 * livestream (Kick) end to end: gateway + replay upstream over real HTTP, on the demo's written
 * channel, past-broadcast and clip answers (its demo.ts: invented, not captures). A live answer
 * at 1 credit, the same resource from cache at 0, clip pages by our cursor, another channel's
 * answer refused, Kick's own 403, a challenge page, a 429 and a 404 typed at 0, bad input at 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/livestream/demo.js';
import { kickChannelBody, kickChannelVideoBody, kickClipBody } from '../../src/platforms/livestream/samples.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: demoRoutes() });
});
afterAll(() => h?.close());

describe('livestream channel', () => {
  it('1 credit live under {channel}, without the signed playback URL or the viewer state; 0 from cache', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/livestream/channel?handle=HarbourWeather', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(r.body.channel).toMatchObject({
      id: 5200101,
      slug: 'harbourweather',
      followers_count: 3412,
      user: { twitter: 'harbourweather', state: '' },
    });
    for (const k of ['playback_url', 'role', 'muted', 'following']) expect(r.body.channel).not.toHaveProperty(k);
    const again = await h.rest('/v1/livestream/channel?handle=https://kick.com/harbourweather&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, channel: r.body.channel });
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL: typed fields', async () => {
    const { key } = await h.key(5);
    const r = await h.gql('{ livestreamChannel(handle: "harbourweather") { slug followersCount user { username bio } } }', { key });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.livestreamChannel).toEqual({
      slug: 'harbourweather',
      followersCount: 3412,
      user: { username: 'HarbourWeather', bio: 'Live storm watches and the weekly tide show from Harbour City.' },
    });
  });

  it("Kick's 403 → 502 UPSTREAM_BLOCKED; a 404 → NOT_FOUND; both 0 credits", async () => {
    const { key, id } = await h.key(5);
    const JSON_CT = { 'content-type': 'application/json' };
    h.replay.add({
      host: 'kick.com',
      path: '/api/v2/channels/walled',
      response: { status: 403, headers: JSON_CT, body: '{"error":"Request blocked by security policy."}' },
    });
    h.replay.add({
      host: 'kick.com',
      path: '/api/v2/channels/nobody',
      response: { status: 404, headers: JSON_CT, body: '{"message":"Not found"}' },
    });
    const blocked = await h.rest('/v1/livestream/channel?handle=walled', { key });
    expect(blocked.status).toBe(502);
    expect(blocked.body.error.code).toBe('UPSTREAM_BLOCKED');
    const missing = await h.rest('/v1/livestream/channel?handle=nobody', { key });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(5);
  });
});

describe('livestream videos (written answers: no capture of /videos exists)', () => {
  it("1 credit live: the channel's past broadcasts, each its channel's; 0 from cache under another spelling", async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/livestream/videos?handle=HarbourWeather', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    // Kick's id-keyed list (since July 2026) names a broadcast by its video id (`video.uuid`).
    expect(r.body.videos.map((v: { video: { uuid: string }; channel_id: number }) => [v.video.uuid, v.channel_id])).toEqual([
      ['019f6a10-3c2e-7b4d-9a1f-2a6b8d4e0f11', 5200101],
      ['019f3b2e-4b6a-7c3f-8b7d-9f0a2c4e6b13', 5200101],
    ]);
    expect(r.body.videos[0]).toMatchObject({
      id: null,
      session_title: 'Tide show #41: spring tides',
      duration: 7_380_000,
      viewer_count: 231,
    });
    const again = await h.rest('/v1/livestream/videos?handle=https://kick.com/harbourweather&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, videos: r.body.videos });
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL: typed fields', async () => {
    const { key } = await h.key(5);
    const r = await h.gql(
      '{ livestreamVideos(handle: "harbourweather") { videos { id channelId sessionTitle duration video { uuid views } } } }',
      {
        key,
      },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.livestreamVideos.videos[1]).toEqual({
      id: null,
      channelId: 5200101,
      sessionTitle: 'Storm watch: the February gale',
      duration: 10_260_000,
      video: { uuid: '019f3b2e-4b6a-7c3f-8b7d-9f0a2c4e6b13', views: null },
    });
  });

  it('another channel id in the list → 502 UPSTREAM_FAILED; a 404, a 429 and a block page typed; all 0 credits', async () => {
    const { key, id } = await h.key(5);
    const JSON_CT = { 'content-type': 'application/json' };
    const channel = (slug: string, channelId: number) => ({
      status: 200,
      headers: JSON_CT,
      body: JSON.stringify(kickChannelBody({ slug, id: channelId })),
    });
    const vods = (channelId: number) =>
      JSON.stringify({
        data: [kickChannelVideoBody({ id: '019f0000-0000-7000-8000-000000000001', channel: { id: channelId, slug: 'x' }, title: 'x' })],
      });
    // Kick's id-keyed list of past broadcasts (since July 2026): /api/v1/channels/<the channel answer's id>/videos.
    h.replay.add({ host: 'kick.com', path: '/api/v2/channels/others', response: channel('others', 70) });
    h.replay.add({ host: 'kick.com', path: '/api/v1/channels/70/videos', response: { headers: JSON_CT, body: vods(71) } });
    h.replay.add({
      host: 'kick.com',
      path: '/api/v2/channels/vodless',
      response: { status: 404, headers: JSON_CT, body: '{"message":"Not found"}' },
    });
    h.replay.add({ host: 'kick.com', path: '/api/v2/channels/busy', response: channel('busy', 80) });
    h.replay.add({
      host: 'kick.com',
      path: '/api/v1/channels/80/videos',
      response: { status: 429, headers: JSON_CT, body: '{"message":"Too Many Attempts."}' },
    });
    h.replay.add({ host: 'kick.com', path: '/api/v2/channels/walled', response: channel('walled', 90) });
    h.replay.add({
      host: 'kick.com',
      path: '/api/v1/channels/90/videos',
      response: {
        status: 403,
        headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' },
        body: '<html><title>Just a moment...</title></html>',
      },
    });
    const cases: [string, number, string][] = [
      ['others', 502, 'UPSTREAM_FAILED'],
      ['vodless', 404, 'NOT_FOUND'],
      ['busy', 502, 'UPSTREAM_BLOCKED'],
      ['walled', 502, 'UPSTREAM_BLOCKED'],
    ];
    for (const [slug, status, code] of cases) {
      const r = await h.rest(`/v1/livestream/videos?handle=${slug}`, { key });
      expect([slug, r.status, r.body.error?.code]).toEqual([slug, status, code]);
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('a handle that is no slug → 400 INVALID_INPUT, 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/livestream/videos?handle=https://kick.com/a/videos', { key });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'handle' }] });
    expect(await h.balance(id)).toBe(5);
  });
});

describe('livestream clips (written answers: no capture of /clips exists)', () => {
  it('1 credit a page: two pages by our cursor, then the end; a page again from cache at 0', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest('/v1/livestream/clips?handle=harbourweather', { key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ credits_charged: 1 });
    expect(first.body.clips.map((c: { title: string }) => c.title)).toEqual(['The pier wave', 'Radar goes purple']);
    expect(first.body.clips[0]).toMatchObject({ channel: { slug: 'harbourweather', id: 5200101 }, views: 8800 });
    expect(typeof first.body.cursor).toBe('string');
    const second = await h.rest(`/v1/livestream/clips?handle=HarbourWeather&sort=view&time=all&cursor=${first.body.cursor}`, { key });
    expect(second.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(second.body.clips.map((c: { title: string }) => c.title)).toEqual(['Gull steals the mic']);
    const cached = await h.rest('/v1/livestream/clips?handle=https://kick.com/harbourweather&sort=view&cache_max_age=1d', { key });
    expect(cached.body).toMatchObject({ credits_charged: 0, cached: true, clips: first.body.clips });
    expect(await h.balance(id)).toBe(3);
  });

  it('a cursor of another channel, sort or time, or not ours → 400 INVALID_INPUT; a bad sort too; 0 credits', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest('/v1/livestream/clips?handle=harbourweather', { key });
    const c = first.body.cursor as string;
    for (const q of [
      `handle=tides&cursor=${c}`,
      `handle=harbourweather&sort=date&cursor=${c}`,
      `handle=harbourweather&time=week&cursor=${c}`,
      'handle=harbourweather&cursor=abc',
      'handle=harbourweather&sort=likes',
    ]) {
      const r = await h.rest(`/v1/livestream/clips?${q}`, { key });
      expect([q, r.status, r.body.error?.code]).toEqual([q, 400, 'INVALID_INPUT']);
    }
    expect(await h.balance(id)).toBe(4);
  });

  it('a clip of another channel → 502 UPSTREAM_FAILED; a 404 → NOT_FOUND; 0 credits', async () => {
    const { key, id } = await h.key(5);
    const JSON_CT = { 'content-type': 'application/json' };
    const foreign = kickClipBody({ id: 'clip_X', channel: { id: 9, slug: 'waves' }, title: 'x' });
    h.replay.add({
      host: 'kick.com',
      path: '/api/v2/channels/tides/clips',
      response: { headers: JSON_CT, body: JSON.stringify({ clips: [foreign], nextCursor: null }) },
    });
    h.replay.add({
      host: 'kick.com',
      path: '/api/v2/channels/nobody/clips',
      response: { status: 404, headers: JSON_CT, body: '{"message":"Channel not found."}' },
    });
    const other = await h.rest('/v1/livestream/clips?handle=tides', { key });
    expect([other.status, other.body.error?.code]).toEqual([502, 'UPSTREAM_FAILED']);
    const missing = await h.rest('/v1/livestream/clips?handle=nobody', { key });
    expect([missing.status, missing.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    expect(await h.balance(id)).toBe(5);
  });

  it('GraphQL: enum arguments and typed fields', async () => {
    const { key } = await h.key(5);
    const r = await h.gql(
      '{ livestreamClips(handle: "harbourweather", sort: VIEW, time: ALL) { clips { id title views channel { slug } } cursor } }',
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.livestreamClips.clips[0]).toEqual({
      id: 'clip_01JNDEMO0000000000000000A1',
      title: 'The pier wave',
      views: 8800,
      channel: { slug: 'harbourweather' },
    });
    expect(typeof r.body.data.livestreamClips.cursor).toBe('string');
  });
});
