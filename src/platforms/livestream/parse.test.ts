/**
 * livestream parser on the real capture (../shared/fixtures/livestream/, facts from its
 * SOURCES.md; read in place: each top-level value is one v2 channel body) and on answers of our
 * own (said so).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { kickMessage, NOT_FOUND_MESSAGE, normalizeSlug, parseChannel, parseClips, parseVideos } from './parse.js';
import { kickChannelBody, kickChannelVideoBody, kickClipBody, kickVideoBody } from './samples.js';
import { LivestreamChannel, LivestreamClip, LivestreamVideo } from './schema.js';

const LABEL = 'livestream';

describe.skipIf(!hasFixtures(LABEL))(`livestream capture (${skipReason(LABEL)})`, () => {
  const bodies = () => JSON.parse(readFixture(LABEL, 'api-v2-channels-ac7ionman-2023-11-26.test-results.json')) as Record<string, unknown>;

  it('ac7ionman: ids, followers, bio and links, chat mode; no playback token or viewer state', () => {
    const { result: c, warnings } = captureWarnings(() => parseChannel(bodies().ac7ionman));
    expect(warnings).toEqual([]);
    expect(c).toMatchObject({
      id: 1209488,
      user_id: 1251175,
      slug: 'ac7ionman',
      followers_count: 101409,
      verified: true,
      livestream: null,
    });
    expect(c.user).toMatchObject({ bio: 'THE BEST', discord: 'https://discord.com/invite/ac7ionman', instagram: 'ac7ionman', youtube: '' });
    expect(c.recent_categories.map((x) => x.name)).toEqual(['Just Chatting']);
    expect(c.chatroom).toMatchObject({ chat_mode: 'followers_only', slow_mode: false });
    for (const k of ['playback_url', 'role', 'muted']) expect(c).not.toHaveProperty(k);
    expect(c.user).not.toHaveProperty('email_verified_at');
    expect(LivestreamChannel.parse(c)).toEqual(c);
  });

  it('no past broadcast in the capture (`livestream` null, no `previous_livestreams`): the VOD tests use written samples', () => {
    for (const body of Object.values(bodies())) {
      expect(body).toMatchObject({ livestream: null });
      expect(body).not.toHaveProperty('previous_livestreams');
    }
  });

  it('a made-up slug resolved to a real dormant account: a channel like any other (why the slug alone proves nothing)', () => {
    const c = parseChannel(bodies().invalidUsername);
    expect(c.slug).toBe('invalidusername');
  });
});

// Our own answers (no capture shows these).
describe('livestream parser, degraded answers (our own)', () => {
  it('no id or slug → changed shape; a missing usual field → null plus a warning', () => {
    expect(() => parseChannel({ slug: 'x' })).toThrow(/missing channel\.id/);
    expect(() => parseChannel({ id: 1 })).toThrow(/missing channel\.slug/);
    expect(() => parseChannel('<html>')).toThrow(/the channel object/);
    const { result, warnings } = captureWarnings(() =>
      parseChannel({ id: 1, slug: 'tides', user_id: 2, is_banned: false, user: { id: 2, username: 'Tides', bio: null } }),
    );
    expect(result).toMatchObject({ followers_count: null, banner_image: null, livestream: null, user: { bio: null, twitter: null } });
    // Every key a v2 body carries is warned when missing (`user.bio`: Kick's own null, data);
    // only `banner_image` may be left out (Kick omits it for a channel without a banner).
    expect(warnings.map((w) => w.field).sort()).toEqual(
      [
        ...['vod_enabled', 'subscription_enabled', 'verified', 'can_host', 'followers_count', 'offline_banner_image', 'livestream'],
        ...['recent_categories', 'subscriber_badges', 'chatroom'],
        ...['country', 'state', 'city', 'instagram', 'twitter', 'youtube', 'discord', 'tiktok', 'facebook', 'profile_pic'].map(
          (k) => `user.${k}`,
        ),
      ]
        .map((k) => `channel.${k}`)
        .sort(),
    );
  });

  // Every key both captured bodies carry (SOURCES.md: the same 20 top-level keys in 2023 and 2024).
  const full = () => kickChannelBody({ slug: 'tides', instagram: 'tides.ig' });
  it('a full body without a banner: no warning (Kick leaves `banner_image` out); its nulls and "" are data', () => {
    const body = full();
    delete body.banner_image;
    const { result, warnings } = captureWarnings(() => parseChannel(body));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({ banner_image: null, livestream: null, offline_banner_image: null });
    expect(result.user).toMatchObject({ country: null, profile_pic: null, twitter: '', instagram: 'tides.ig' });
  });
  it.each([
    'vod_enabled',
    'subscription_enabled',
    'verified',
    'can_host',
    'offline_banner_image',
    'livestream',
    'recent_categories',
    'subscriber_badges',
    'chatroom',
    'user.country',
    'user.instagram',
    'user.discord',
    'user.profile_pic',
  ])('%s missing: null (or []) plus its warning, every other field as sent', (field) => {
    const [k, sub] = field.split('.');
    const body = full();
    const baseline = parseChannel(full());
    if (sub) delete (body.user as Record<string, unknown>)[sub];
    else delete body[k];
    const { result, warnings } = captureWarnings(() => parseChannel(body));
    expect(warnings.map((w) => w.field)).toEqual([`channel.${field}`]);
    const empty = Array.isArray(baseline[k as keyof typeof baseline]) ? [] : null;
    expect(result).toEqual(sub ? { ...baseline, user: { ...baseline.user, [sub]: null } } : { ...baseline, [k]: empty });
  });
  it("a user object of another account than the channel's user_id: user null (its links are someone else's), warned; the rest as sent", () => {
    const baseline = parseChannel(full());
    const body = full();
    (body.user as Record<string, unknown>).id = Number(baseline.user_id) + 1;
    const { result, warnings } = captureWarnings(() => parseChannel(body));
    expect(warnings.map((w) => w.field)).toEqual(['channel.user']);
    expect(result).toEqual({ ...baseline, user: null });
  });
});

describe('livestream channel, other generations of the answer (our own)', () => {
  // Our own bodies, written from public Kick clients' models: Kn0ax/krosty-priv
  // lib/models/kick_channel.dart ("Kick channel model from /api/v2/channels/{slug}"; its
  // `verified` "can be bool or Map", the Map being a verification record {id, channel_id,
  // created_at, updated_at}, null or false when not verified), and the older channel answer the
  // typed clients of Kick's v1 channel model describe (`followersCount`, the same record under
  // `verified`). Ids and dates invented.
  const record = (channelId: number) => ({
    id: 5120,
    channel_id: channelId,
    created_at: '2023-02-01T10:00:00.000000Z',
    updated_at: '2023-02-01T10:00:00.000000Z',
  });

  it('`verified` sent as its verification record: true, no warning; null stays null (Kick says nothing more)', () => {
    const body = kickChannelBody({ slug: 'tidesoflight', followers: 5400 });
    const { result, warnings } = captureWarnings(() => parseChannel({ ...body, verified: record(body.id as number) }));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({ verified: true, followers_count: 5400 });
    expect(parseChannel({ ...body, verified: null }).verified).toBeNull();
    expect(parseChannel({ ...body, verified: false }).verified).toBe(false);
    // An object that is no verification record (no id) is not read as one: null, warned.
    const odd = captureWarnings(() => parseChannel({ ...body, verified: {} }));
    expect(odd.result.verified).toBeNull();
    expect(odd.warnings.map((w) => w.field)).toEqual(['channel.verified']);
  });

  it('the older camelCase count (`followersCount`, no `followers_count`): read, no warning', () => {
    const body: Record<string, unknown> = kickChannelBody({ slug: 'tidesoflight' });
    delete body.followers_count;
    const { result, warnings } = captureWarnings(() => parseChannel({ ...body, followersCount: 77, verified: record(body.id as number) }));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({ followers_count: 77, verified: true });
  });
});

describe('normalizeSlug', () => {
  it.each([
    ['Ac7ionMan', 'ac7ionman'],
    ['https://kick.com/ac7ionman', 'ac7ionman'],
    ['kick.com/some-one/', 'some-one'],
  ])('%j → %j', (i, o) => expect(normalizeSlug(i)).toBe(o));
  it.each(['', 'a b', 'https://kick.com/a/videos', 'https://evil.example/ac7ionman', '-x'])('%j → null', (i) =>
    expect(normalizeSlug(i)).toBeNull(),
  );
});

// Our own answers, written in the shape public Kick API wrappers describe (samples.ts): no capture
// of /videos or /clips exists.
describe('livestream past broadcasts (written samples)', () => {
  const vod = () =>
    kickVideoBody({ id: 101, channelId: 1209488, title: 'Late show', uuid: 'aaaaaaaa-0000-4000-8000-000000000001', views: 77 });

  it('a broadcast: Kick field names, its recording, no warnings; what the record leaves out is gone', () => {
    const { result, warnings } = captureWarnings(() => parseVideos([vod()]));
    expect(warnings).toEqual([]);
    expect(result).toHaveLength(1);
    const v = result[0];
    expect(v).toMatchObject({
      id: 101,
      channel_id: 1209488,
      session_title: 'Late show',
      duration: 7380000,
      is_live: false,
      categories: [{ name: 'Just Chatting' }],
      video: { uuid: 'aaaaaaaa-0000-4000-8000-000000000001', views: 77, live_stream_id: 101 },
    });
    for (const k of ['risk_level_id', 'twitch_channel', 'tags', 'views']) expect(v).not.toHaveProperty(k);
    expect(v.video).not.toHaveProperty('s3');
    expect(LivestreamVideo.parse(v)).toEqual(v);
  });

  it('missing fields degrade one at a time (null plus a warning); an explicit null is data', () => {
    const body = vod();
    delete body.session_title;
    body.thumbnail = null;
    delete (body.video as Record<string, unknown>).uuid;
    const { result, warnings } = captureWarnings(() => parseVideos([body]));
    expect(result[0]).toMatchObject({ session_title: null, thumbnail: null, video: { uuid: null, views: 77 } });
    expect(warnings.map((w) => w.field).sort()).toEqual(['videos.video.session_title', 'videos.video.video.uuid']);
  });

  it('a broadcast without its id or channel_id is left out (warned); the others stay', () => {
    const noId = vod();
    delete noId.id;
    const noChannel = vod();
    delete noChannel.channel_id;
    const { result, warnings } = captureWarnings(() => parseVideos([noId, noChannel, vod(), 'x']));
    expect(result.map((v) => v.id)).toEqual([101]);
    expect(warnings).toHaveLength(3);
  });

  it('neither a bare array nor `{data: [...]}` → changed shape', () => {
    expect(() => parseVideos({ videos: [] })).toThrow(/list of past broadcasts/);
    expect(() => parseVideos({ data: {} })).toThrow(/list of past broadcasts/);
    expect(() => parseVideos('x')).toThrow(/list of past broadcasts/);
    expect(parseVideos([])).toEqual([]);
    expect(parseVideos({ data: [] })).toEqual([]);
  });
});

// Kick's id-keyed list (GET /api/v1/channels/<channel id>/videos, since July 2026). No capture of
// it exists: these answers are ours (samples.ts kickChannelVideoBody), in the fields of Kick's 2026
// video answer quoted in yt-dlp issue #17284 (2026-07-22) — `id` the video id, `title`,
// `duration` in seconds, `thumbnail {src, srcSet}`, one `category`, `channel {id, slug, username}`.
describe('livestream past broadcasts, the id-keyed list (written samples)', () => {
  const CH = { id: 1209488, slug: 'ac7ionman', username: 'Ac7ionMan' };
  const vod = (over: Record<string, unknown> = {}) => ({
    ...kickChannelVideoBody({ id: '019f704e-f6b8-7e32-af4a-c911dc98686b', channel: CH, title: 'Ночной стрим 🌙 — 夜', seconds: 25_514 }),
    ...over,
  });

  it('a broadcast: its video id as video.uuid, the title, seconds as milliseconds, its category; no warnings', () => {
    const { result, warnings } = captureWarnings(() => parseVideos({ data: [vod()] }));
    expect(warnings).toEqual([]);
    expect(result).toHaveLength(1);
    const v = result[0];
    expect(v).toMatchObject({
      id: null,
      channel_id: 1209488,
      session_title: 'Ночной стрим 🌙 — 夜',
      start_time: '2026-07-17T13:40:51Z',
      duration: 25_514_000,
      viewer_count: 180,
      is_live: false,
      language: 'en',
      categories: [{ id: 15, name: 'Just Chatting', slug: 'just-chatting' }],
      thumbnail: { src: expect.stringMatching(/720\.webp$/) },
      video: { uuid: '019f704e-f6b8-7e32-af4a-c911dc98686b', views: null, id: null },
      created_at: null,
      source: null,
    });
    for (const k of ['tags', 'tier', 'status', 'end_time', 'title', 'channel', 'category']) expect(v).not.toHaveProperty(k);
    expect(LivestreamVideo.parse(v)).toEqual(v);
  });

  it('the channel by a bare channel_id (no channel object), and a count sent as 0 are read', () => {
    const body = vod({ channel_id: '1209488', viewer_count: 0, duration: 0 });
    delete body.channel;
    const { result, warnings } = captureWarnings(() => parseVideos({ data: [body] }));
    expect(result[0]).toMatchObject({ channel_id: 1209488, viewer_count: 0, duration: 0 });
    expect(warnings).toEqual([]);
  });

  it('one missing field degrades that field only (null plus a warning), for each of them', () => {
    for (const k of ['title', 'start_time', 'duration', 'viewer_count', 'is_live', 'language', 'is_mature', 'thumbnail', 'category']) {
      const body = vod();
      delete body[k];
      const { result, warnings } = captureWarnings(() => parseVideos({ data: [body] }));
      expect(result, k).toHaveLength(1);
      expect(
        warnings.map((w) => w.field),
        k,
      ).toEqual([`videos.video.${k === 'title' ? 'session_title' : k}`]);
    }
  });

  it('a duration that is not a count of seconds (a string, negative, too large) is null, warned', () => {
    for (const duration of ['7h', -5, 1e308]) {
      const { result, warnings } = captureWarnings(() => parseVideos({ data: [vod({ duration })] }));
      expect(result[0].duration).toBeNull();
      expect(warnings.map((w) => w.field)).toEqual(['videos.video.duration']);
    }
  });

  it('a broadcast without its video id or its channel is left out (warned); the others stay', () => {
    const noId = vod();
    delete noId.id;
    const noChannel = vod();
    delete noChannel.channel;
    const { result, warnings } = captureWarnings(() => parseVideos({ data: [noId, noChannel, vod(), 7] }));
    expect(result.map((v) => v.video?.uuid)).toEqual(['019f704e-f6b8-7e32-af4a-c911dc98686b']);
    expect(warnings).toHaveLength(3);
  });
});

describe('livestream clips (written samples)', () => {
  const clip = (id = 'clip_01TEST') => kickClipBody({ id, channel: { id: 1209488, slug: 'ac7ionman' }, title: 'Big play', views: 5 });

  it('a clip: ids as strings where Kick sends them so, creator and channel; nextCursor as text', () => {
    const { result, warnings } = captureWarnings(() => parseClips({ clips: [clip()], nextCursor: 2 }));
    expect(warnings).toEqual([]);
    expect(result.nextCursor).toBe('2');
    const c = result.clips[0];
    expect(c).toMatchObject({
      id: 'clip_01TEST',
      livestream_id: '61000090',
      category_id: '15',
      channel_id: 1209488,
      views: 5,
      likes: 12,
      duration: 30,
      creator: { slug: 'tidewatcher' },
      channel: { id: 1209488, slug: 'ac7ionman' },
    });
    for (const k of ['privacy', 'liked', 'video_url', 'view_count']) expect(c).not.toHaveProperty(k);
    expect(c.channel).not.toHaveProperty('profile_picture');
    expect(LivestreamClip.parse(c)).toEqual(c);
  });

  it('views read from view_count when `views` is absent; a missing title is null plus a warning; no nextCursor is the end', () => {
    const body = clip();
    delete body.views;
    delete body.title;
    const { result, warnings } = captureWarnings(() => parseClips({ clips: [body] }));
    expect(result).toMatchObject({ nextCursor: null, clips: [{ views: 5, title: null }] });
    expect(warnings.map((w) => w.field)).toEqual(['clips.clip.title']);
  });

  it('a clip without its id is left out; no clips list → changed shape', () => {
    const noId = clip();
    delete noId.id;
    expect(parseClips({ clips: [noId, clip('clip_B')] }).clips.map((c) => c.id)).toEqual(['clip_B']);
    expect(() => parseClips({ nextCursor: null })).toThrow(/clips list/);
    expect(() => parseClips([])).toThrow(/clips list/);
  });
});

describe("Kick's bare message", () => {
  it('a body of only `message` (and status fields) is a message; data beside it is not', () => {
    expect(kickMessage({ message: 'Channel not found.' })).toBe('Channel not found.');
    expect(kickMessage({ message: 'x', clips: [] })).toBeNull();
    expect(kickMessage([])).toBeNull();
  });
  it.each(['Channel not found.', 'Not Found', 'No query results for model [App\\Models\\Channel].'])('%j says not found', (m) =>
    expect(NOT_FOUND_MESSAGE.test(m)).toBe(true),
  );
  it('a rate-limit message does not', () => expect(NOT_FOUND_MESSAGE.test('Too Many Attempts.')).toBe(false));
});
