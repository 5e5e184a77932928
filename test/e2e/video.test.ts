/**
 * video (YouTube) channel end to end: gateway + replay upstream over real HTTP. The channel pages
 * and about panels are our own (src/platforms/video/samples.ts, written in the public shape of
 * youtube.com pages and youtubei/v1/browse answers). No capture of the about panel exists: its
 * body is always hand-written, and says so. The last block serves the real Hospital Records page
 * capture from ../shared/fixtures/video, read in place, with a hand-written about panel.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures, skipReason } from '../support/fixtures.js';
import type { ReplayRequest } from '../../src/replay/server.js';
import {
  aboutBrowseResponse,
  androidPlayerResponse,
  aboutPageInitialData,
  channelHtml,
  channelInitialData,
  channelMissingInitialData,
  commentsAnswer,
  commentsToken,
  CONSENT_HTML,
  NIGHT_OWL,
  nightOwlAbout,
  NOT_FOUND_HTML,
  playerResponse,
  playlistAlertAnswer,
  playlistBrowseAnswer,
  playlistContinuationAnswer,
  postsContinuationAnswer,
  postsTabInitialData,
  searchAnswer,
  searchChannelRenderer,
  searchVideoRenderer,
  SRV3_ASR,
  SRV3_WRITTEN,
  tabContinuationAnswer,
  TEST_CLIENT_VERSION,
  TEST_PLAYLIST,
  TEST_PLAYLIST_VIDEOS,
  videosTabInitialData,
  watchInitialData,
  watchPageHtml,
} from '../../src/platforms/video/samples.js';
import type {
  TestAbout,
  TestCaptionTrack,
  TestComment,
  TestCommentsEntry,
  TestListVideo,
  TestPost,
} from '../../src/platforms/video/samples.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;

const YT = 'www.youtube.com';
const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };
const ID = NIGHT_OWL.channelId;
const PLAIN = { ...NIGHT_OWL, channelId: 'UCp1a1nCh4nnelN0T0ken001', handle: 'plainchannel', aboutToken: null, headerLink: null };
/** A second channel, fetched only by the cache test (the gateway's cache lives as long as the harness). */
const CACHEY = { ...NIGHT_OWL, channelId: 'UCc4cheyC4cheyC4cheyTest', handle: 'CacheyChannel', aboutToken: 'CACHEY-TOKEN' };

/** Continuation token → hand-written about panel (the browse endpoint answers by token). */
const aboutByToken = new Map<string, TestAbout | 'no-panel' | 'refused' | 'error' | 'timeout' | 'blocked'>();

const restPath = (q: string) => `/v1/video/channel?${q}`;
const youtubeHits = () => h.replay.hits().filter((r) => r.host === YT || r.host === 'consent.youtube.com' || r.host === 'www.google.com');
const pageHits = () => h.replay.hits({ host: YT }).filter((r) => r.method === 'GET');
const browseHits = () => h.replay.hits({ host: YT, path: '/youtubei/v1/browse' });
const record = (body: Record<string, unknown>) => {
  const { success: _s, credits_remaining: _r, credits_charged: _c, cached: _k, cached_at: _a, ...rest } = body;
  return rest;
};

function browse(req: ReplayRequest) {
  const sent = JSON.parse(req.body.toString('utf8')) as { continuation?: string };
  const about = sent.continuation ? aboutByToken.get(sent.continuation) : undefined;
  if (!about || about === 'refused') {
    return {
      status: 400,
      headers: JSON_TYPE,
      body: JSON.stringify({ error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } }),
    };
  }
  if (about === 'no-panel') return { headers: JSON_TYPE, body: JSON.stringify({ responseContext: {}, onResponseReceivedEndpoints: [] }) };
  if (about === 'error') return { status: 500, headers: JSON_TYPE, body: JSON.stringify({ error: { code: 500, status: 'INTERNAL' } }) };
  if (about === 'timeout') return { headers: JSON_TYPE, body: '{}', fault: { kind: 'timeout' as const } };
  if (about === 'blocked') return { headers: HTML, body: CONSENT_HTML };
  return { headers: JSON_TYPE, body: JSON.stringify(aboutBrowseResponse(about)) };
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  aboutByToken.clear();
  aboutByToken.set(NIGHT_OWL.aboutToken!, nightOwlAbout());
  const nightOwlPage = { headers: HTML, body: channelHtml(channelInitialData(NIGHT_OWL), NIGHT_OWL.title) };
  // Every spelling YouTube serves this channel's page under.
  for (const path of ['/@nightowlworkshop', `/channel/${ID}`, '/c/nightowlworkshop', '/user/nightowlwood'])
    h.replay.add({ host: YT, path, method: 'GET', response: nightOwlPage });
  h.replay.add({ host: YT, path: '/youtubei/v1/browse', method: 'POST', query: { prettyPrint: 'false' }, response: browse });

  // A channel whose header offers no about-panel token: its /about page embeds the panel.
  h.replay.add({ host: YT, path: '/@plainchannel', response: { headers: HTML, body: channelHtml(channelInitialData(PLAIN)) } });
  h.replay.add({
    host: YT,
    path: `/channel/${PLAIN.channelId}/about`,
    response: {
      headers: HTML,
      body: channelHtml(aboutPageInitialData(PLAIN, nightOwlAbout({ channelId: PLAIN.channelId, handle: PLAIN.handle, links: [] }))),
    },
  });

  // Missing channels.
  h.replay.add({ host: YT, path: '/@ghostchannel', response: { status: 404, headers: HTML, body: NOT_FOUND_HTML } });
  h.replay.add({ host: YT, path: '/channel/UCgh0stgh0stgh0stgh0st00', response: { status: 404, headers: HTML, body: NOT_FOUND_HTML } });
  h.replay.add({ host: YT, path: '/@nosuchchannel', response: { headers: HTML, body: channelHtml(channelMissingInitialData()) } });

  // Blocks: the consent interstitial (redirect, or served in place), Google's /sorry/ page, HTTP 429.
  h.replay.add({
    host: YT,
    path: '/@euvisitor',
    response: {
      status: 302,
      headers: {
        location:
          'https://consent.youtube.com/m?continue=https%3A%2F%2Fwww.youtube.com%2F%40euvisitor%3Fcbrd%3D1&gl=DE&m=0&pc=yt&hl=de&src=1',
      },
    },
  });
  h.replay.add({ host: 'consent.youtube.com', path: '/m', response: { headers: HTML, body: CONSENT_HTML } });
  h.replay.add({ host: YT, path: '/@consentinplace', response: { headers: HTML, body: CONSENT_HTML } });
  h.replay.add({
    host: YT,
    path: '/@sorrypage',
    response: { status: 302, headers: { location: 'https://www.google.com/sorry/index?continue=https://www.youtube.com/%40sorrypage' } },
  });
  h.replay.add({
    host: 'www.google.com',
    path: '/sorry/index',
    response: {
      status: 429,
      headers: HTML,
      body: '<html><body>Our systems have detected unusual traffic from your computer network.</body></html>',
    },
  });
  h.replay.add({ host: YT, path: '/@ratelimited', response: { status: 429, headers: { ...HTML, 'retry-after': '3600' }, body: '' } });

  // Changed shapes: no channel metadata; an about panel answer without the panel; a refused continuation.
  const reshaped = channelInitialData({ ...NIGHT_OWL, handle: 'reshaped' });
  delete reshaped.metadata;
  h.replay.add({ host: YT, path: '/@reshaped', response: { headers: HTML, body: channelHtml(reshaped) } });
  for (const [handle, token, answer] of [
    ['nopanel', 'NO-PANEL-TOKEN', 'no-panel'],
    ['refusedpanel', 'REFUSED-TOKEN', 'refused'],
    ['erroredpanel', 'ERROR-TOKEN', 'error'],
    ['slowpanel', 'TIMEOUT-TOKEN', 'timeout'],
    ['blockedpanel', 'BLOCKED-TOKEN', 'blocked'],
  ] as const) {
    aboutByToken.set(token, answer);
    h.replay.add({
      host: YT,
      path: `/@${handle}`,
      response: { headers: HTML, body: channelHtml(channelInitialData({ ...NIGHT_OWL, handle, aboutToken: token })) },
    });
  }
  // An about answer describing another channel.
  aboutByToken.set('OTHER-CHANNEL-TOKEN', nightOwlAbout({ channelId: 'UCs0me0therChannelTest01', handle: 'someoneelse' }));
  h.replay.add({
    host: YT,
    path: '/@otherpanel',
    response: {
      headers: HTML,
      body: channelHtml(channelInitialData({ ...NIGHT_OWL, handle: 'otherpanel', aboutToken: 'OTHER-CHANNEL-TOKEN' })),
    },
  });
  aboutByToken.set(CACHEY.aboutToken, nightOwlAbout({ channelId: CACHEY.channelId, handle: CACHEY.handle }));
  const cacheyPage = { headers: HTML, body: channelHtml(channelInitialData(CACHEY)) };
  for (const path of ['/@cacheychannel', `/channel/${CACHEY.channelId}`])
    h.replay.add({ host: YT, path, method: 'GET', response: cacheyPage });
});

describe('GET /v1/video/channel', () => {
  it('charges 1 credit; envelope then the record in api.md order; page GET + about-panel POST upstream', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(restPath('handle=@NightOwlWorkshop'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([
      'success',
      'credits_remaining',
      'credits_charged',
      'channelId',
      'channel',
      'name',
      'avatar',
      'description',
      'subscriberCount',
      'subscriberCountText',
      'videoCountText',
      'viewCountText',
      'joinedDateText',
      'tags',
      'email',
      'store',
      'social-b',
      'microblog-b',
      'shortvideo',
      'patreon',
      'discord',
      'links',
      'country',
    ]);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      channelId: ID,
      channel: 'http://www.youtube.com/@NightOwlWorkshop',
      name: 'Night Owl Workshop',
      subscriberCount: 1_240_000,
      subscriberCountText: '1.24M subscribers',
      videoCountText: '412 videos',
      viewCountText: '187,402,118 views',
      joinedDateText: 'Joined 14 Mar 2013',
      tags: 'woodworking, hand tools, joinery, night owl, diy',
      email: 'hello@nightowlworkshop.co.uk',
      store: 'https://nightowl-workshop.myshopify.com/collections/all',
      'social-b': 'https://instagram.com/nightowlworkshop',
      'microblog-b': 'https://twitter.com/NightOwlWorks',
      country: 'United Kingdom',
    });
    expect(r.body.links).toHaveLength(7);
    expect(r.body.avatar).toMatchObject({
      avatarImageSize: 'AVATAR_SIZE_XL',
      image: { sources: [{ width: 72, height: 72 }, { width: 120 }, { width: 160 }] },
    });
    expect(r.body.avatar.loggingDirectives.visibility).toEqual({ types: '12' });
    expect(r.body).not.toHaveProperty('cached');
    expect(await h.balance(id)).toBe(9);

    // Upstream: the page (handle lower-cased), then the about panel with the page's client context.
    const [pageHit] = pageHits();
    expect(pageHit.upstreamUrl).toBe('https://www.youtube.com/@nightowlworkshop');
    const [post] = browseHits();
    expect(post.method).toBe('POST');
    expect(post.upstreamUrl).toBe('https://www.youtube.com/youtubei/v1/browse?prettyPrint=false');
    expect(post.headers['x-youtube-client-name']).toBe('1');
    expect(post.headers['x-youtube-client-version']).toBe(TEST_CLIENT_VERSION);
    expect(post.headers['content-type']).toBe('application/json');
    const sent = JSON.parse(post.body.toString('utf8'));
    expect(sent.continuation).toBe(NIGHT_OWL.aboutToken);
    expect(sent.context.client).toMatchObject({
      clientName: 'WEB',
      clientVersion: TEST_CLIENT_VERSION,
      hl: 'en',
      visitorData: 'CgtUZXN0VmlzaXRvcii0oKnOBjIKCgJVUxIEGgAgWQ==',
    });
    expect(sent).not.toHaveProperty('key');
    expect(post.query.has('key')).toBe(false);
  });

  it('channelId, /channel/, /c/ and /user/ URLs fetch the matching page', async () => {
    const { key } = await h.key(10);
    for (const q of [
      `channelId=${ID}`,
      `url=${encodeURIComponent('https://www.youtube.com/c/NightOwlWorkshop/videos')}`,
      `url=${encodeURIComponent('youtube.com/user/NightOwlWood')}`,
    ]) {
      const r = await h.rest(restPath(q), { key });
      expect(r.status).toBe(200);
      expect(r.body.channelId).toBe(ID);
    }
    expect(pageHits().map((x) => x.path)).toEqual([`/channel/${ID}`, '/c/nightowlworkshop', '/user/nightowlwood']);
  });

  it('spellings of one handle share a cache entry (0 credits on a hit); an id is a separate entry (only a fetch could tell)', async () => {
    const { key, id } = await h.key(10);
    const live = await h.rest(restPath('handle=CacheyChannel'), { key });
    expect(live.body.credits_charged).toBe(1);
    for (const q of [
      'handle=%40cacheychannel',
      `url=${encodeURIComponent('https://m.youtube.com/@CacheyChannel/about')}`,
      `url=${encodeURIComponent('http://youtube.com/@cacheychannel?si=abc')}`,
    ]) {
      const hit = await h.rest(restPath(`${q}&cache_max_age=1d`), { key });
      expect(hit.status).toBe(200);
      expect(hit.body).toMatchObject({ success: true, cached: true, credits_charged: 0, credits_remaining: 9 });
      expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(record(hit.body)).toEqual(record(live.body));
    }
    expect(pageHits()).toHaveLength(1);
    // The channel id of the same channel: not known to be the same without fetching → live.
    const byId = await h.rest(restPath(`channelId=${CACHEY.channelId}&cache_max_age=1d`), { key });
    expect(byId.body).toMatchObject({ credits_charged: 1, channelId: CACHEY.channelId });
    expect(byId.body).not.toHaveProperty('cached');
    // …but an id and its /channel/ URL are one entry.
    const byIdUrl = await h.rest(
      restPath(`url=${encodeURIComponent(`https://www.youtube.com/channel/${CACHEY.channelId}/featured`)}&cache_max_age=7d`),
      {
        key,
      },
    );
    expect(byIdUrl.body).toMatchObject({ cached: true, credits_charged: 0 });
    expect(pageHits().map((x) => x.path)).toEqual(['/@cacheychannel', `/channel/${CACHEY.channelId}`]);
    // Without cache_max_age: live and charged.
    const again = await h.rest(restPath('handle=cacheychannel'), { key });
    expect(again.body.credits_charged).toBe(1);
    expect(await h.balance(id)).toBe(7);
  });

  it('a header without the about token: the /about page supplies the panel (still 1 credit)', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(restPath('handle=plainchannel'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      channelId: PLAIN.channelId,
      country: 'United Kingdom',
      joinedDateText: 'Joined 14 Mar 2013',
      links: [],
      store: null,
    });
    expect(pageHits().map((x) => x.path)).toEqual(['/@plainchannel', `/channel/${PLAIN.channelId}/about`]);
    expect(browseHits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(4);
  });

  it.each([
    ['an upstream 404 (handle)', 'handle=ghostchannel', /@ghostchannel/],
    ['an upstream 404 (id)', 'channelId=UCgh0stgh0stgh0stgh0st00', /UCgh0stgh0stgh0stgh0st00/],
    ['"This channel does not exist."', 'handle=nosuchchannel', /This channel does not exist/],
  ])('%s → 404 NOT_FOUND at 0 credits, not cached', async (_name, q, message) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(q), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringMatching(message) } });
    expect(await h.balance(id)).toBe(3);
    await h.rest(restPath(`${q}&cache_max_age=30d`), { key });
    expect(pageHits()).toHaveLength(2);
    expect(browseHits()).toHaveLength(0);
  });

  it.each([
    ['a redirect to consent.youtube.com', 'euvisitor', /consent/],
    ['the consent page served in place', 'consentinplace', /consent/],
    ["Google's /sorry/ page", 'sorrypage', /unusual traffic|429/],
    ['HTTP 429', 'ratelimited', /429/],
  ])('%s → 502 UPSTREAM_BLOCKED at 0 credits, never parsed', async (_name, handle, message) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(`handle=${handle}`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(r.body.error.message).toMatch(message);
    expect(await h.balance(id)).toBe(3);
    expect(browseHits()).toHaveLength(0);
  });

  it.each([
    ['a page without channel metadata', 'reshaped', /channelMetadataRenderer/],
    [
      'an about panel describing another channel (never taken as data)',
      'otherpanel',
      /about panel of channel .* describes UCs0me0therChannelTest01/,
    ],
  ])('%s → 502 UPSTREAM_FAILED naming it, at 0 credits, not cached', async (_name, handle, message) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(restPath(`handle=${handle}`), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_FAILED');
    expect(r.body.error.message).toMatch(message);
    expect(await h.balance(id)).toBe(3);
    await h.rest(restPath(`handle=${handle}&cache_max_age=30d`), { key });
    expect(pageHits()).toHaveLength(2);
  });

  const aboutWarnings = async () => {
    const s = await h.rest('/v1/status');
    return (s.body.platforms.find((p: { platform: string }) => p.platform === 'video').parser_warnings.fields['channel.about'] ??
      0) as number;
  };

  // The about panel is a second, optional request: the channel page alone carries the rest.
  it.each([
    ['an about answer without the panel (changed shape)', 'nopanel'],
    ['a refused about continuation (HTTP 400)', 'refusedpanel'],
    ['an about request answered with HTTP 500', 'erroredpanel'],
    ['an about request that times out', 'slowpanel'],
    ['an about request answered with the consent page (a block in front of the panel, not of the channel)', 'blockedpanel'],
  ])('%s → 200 with what the page carries, the panel-only fields null, and a channel.about warning', async (_name, handle) => {
    const { key, id } = await h.key(3);
    const before = await aboutWarnings();
    const r = await h.rest(restPath(`handle=${handle}`), { key });
    expect(r.status).toBe(200);
    expect(record(r.body)).toMatchObject({
      channelId: ID,
      channel: `http://www.youtube.com/@${handle}`,
      name: 'Night Owl Workshop',
      description: NIGHT_OWL.description,
      subscriberCount: 1_240_000,
      subscriberCountText: '1.24M subscribers',
      videoCountText: '412 videos',
      tags: 'woodworking, hand tools, joinery, night owl, diy',
      email: 'hello@nightowlworkshop.co.uk',
      viewCountText: null,
      joinedDateText: null,
      store: null,
      country: null,
      links: ['https://nightowlworkshop.co.uk/'],
    });
    expect(r.body.avatar.image.sources.length).toBeGreaterThan(0);
    expect(await h.balance(id)).toBe(2);
    expect(browseHits()).toHaveLength(1);
    expect(await aboutWarnings()).toBe(before + 1);
  });

  it.each<[string, string, string[]]>([
    ['none of the three', '', ['channelId', 'handle', 'url']],
    ['only cache_max_age', 'cache_max_age=1d', ['channelId', 'handle', 'url']],
    ['empty values', 'handle=&url=%20', ['channelId', 'handle', 'url']],
    ['handle and url', `handle=a_b_c&url=${encodeURIComponent('https://www.youtube.com/@x_y_z')}`, ['handle', 'url']],
    ['all three', `channelId=${ID}&handle=abc&url=${encodeURIComponent('https://www.youtube.com/@abc')}`, ['channelId', 'handle', 'url']],
    ['a short channel id', 'channelId=UC123', ['channelId']],
    ['a channel id without UC', 'channelId=XXn1ghtOw1W0rkSh0pTest01', ['channelId']],
    ['a handle with spaces', 'handle=night%20owl', ['handle']],
    ['a two-letter handle', 'handle=ab', ['handle']],
    ['an over-long handle', `handle=${'a'.repeat(101)}`, ['handle']],
    ['a video URL', `url=${encodeURIComponent('https://www.youtube.com/watch?v=D0WQK7cMJn8')}`, ['url']],
    ['another host', `url=${encodeURIComponent('https://vimeo.com/@nightowl')}`, ['url']],
    ['a look-alike host', `url=${encodeURIComponent('https://youtube.com.evil.example/@nightowl')}`, ['url']],
    ['a bare legacy name URL', `url=${encodeURIComponent('https://www.youtube.com/nightowl')}`, ['url']],
    ['an unknown tab', `url=${encodeURIComponent('https://www.youtube.com/@nightowl/watch')}`, ['url']],
    ['an over-long url', `url=${encodeURIComponent(`https://www.youtube.com/@${'a'.repeat(3000)}`)}`, ['url']],
    ['a bad cache_max_age', 'handle=nightowlworkshop&cache_max_age=2d', ['cache_max_age']],
  ])('%s → 400 with the parameters named, 0 credits, nothing fetched', async (_name, q, params) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(restPath(q), { key });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param).sort()).toEqual([...params].sort());
    expect(await h.balance(id)).toBe(5);
    expect(youtubeHits()).toHaveLength(0);
  });

  it('REST and GraphQL return the same data (typed fields, platform URLs, parsed counts)', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(restPath('handle=nightowlworkshop'), { key });
    const gql = await h.gql(
      `{ videoChannel(url: "https://www.youtube.com/@NightOwlWorkshop", cacheMaxAge: "1d") {
          json channelId channel name description subscriberCount subscriberCountText videoCount videoCountText
          viewCount viewCountText joinedDate joinedDateText tags email store links country
          avatar { avatarImageSize image { sources { url width height } } }
          platformUrls { platform url } } }`,
      { key },
    );
    expect(gql.status).toBe(200);
    expect(gql.body.errors).toBeUndefined();
    const c = gql.body.data.videoChannel;
    const wire = record(rest.body);
    expect(c.json).toEqual(wire);
    expect(c).toMatchObject({
      channelId: wire.channelId,
      channel: wire.channel,
      name: wire.name,
      description: wire.description,
      subscriberCount: 1_240_000,
      subscriberCountText: wire.subscriberCountText,
      videoCount: 412,
      videoCountText: wire.videoCountText,
      viewCount: 187_402_118,
      viewCountText: wire.viewCountText,
      joinedDate: '2013-03-14',
      joinedDateText: wire.joinedDateText,
      tags: wire.tags,
      email: wire.email,
      store: wire.store,
      links: wire.links,
      country: wire.country,
    });
    expect(c.avatar.avatarImageSize).toBe('AVATAR_SIZE_XL');
    expect(c.avatar.image.sources).toEqual((wire.avatar as { image: { sources: unknown[] } }).image.sources);
    expect(Object.fromEntries(c.platformUrls.map((x: { platform: string; url: string }) => [x.platform, x.url]))).toEqual({
      'social-b': wire['social-b'],
      'microblog-b': wire['microblog-b'],
      shortvideo: wire.shortvideo,
      patreon: wire.patreon,
      discord: wire.discord,
    });
    // The URL spelling shares the handle's cache entry.
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });

  it('GraphQL: exactly-one-of errors name the arguments, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql(`{ videoChannel(channelId: "${ID}", handle: "nightowlworkshop") { name } }`, { key });
    expect(r.status).toBe(200);
    expect(r.body.data.videoChannel).toBeNull();
    expect(r.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(r.body.errors[0].extensions.details.map((d: { param: string }) => d.param).sort()).toEqual(['channelId', 'handle']);
    expect(r.body.extensions.credits.charged).toBe(0);
    expect(await h.balance(id)).toBe(5);
  });
});

describe('GET /v1/video/video', () => {
  const VIDEO = {
    videoId: 'Wv1AbCdEf_0',
    title: 'Trimming a walnut bowl',
    description: 'Gouge, scraper, sanding.',
    lengthSeconds: 754,
    viewCount: 3_000_000_000,
    likeCount: 412,
    channelId: ID,
    author: NIGHT_OWL.title,
    publishDate: '2025-10-01T09:00:00-07:00',
    category: 'Howto & Style',
    keywords: ['woodturning'],
  };
  const watchHits = () => h.replay.hits({ host: YT, path: '/watch' });
  beforeEach(() => {
    h.replay.add({
      host: YT,
      path: '/watch',
      response: (req: ReplayRequest) =>
        req.query.get('v') === VIDEO.videoId
          ? { headers: HTML, body: watchPageHtml(playerResponse(VIDEO)) }
          : { headers: HTML, body: watchPageHtml({ playabilityStatus: { status: 'ERROR', reason: 'This video is unavailable' } }) },
    });
  });

  it('live 1 credit; the same video by URL with cache_max_age is the cached record at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const live = await h.rest(`/v1/video/video?id=${VIDEO.videoId}`, { key });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ credits_charged: 1, video: { videoId: VIDEO.videoId, viewCount: 3_000_000_000, likeCount: 412 } });
    expect(live.body.video.captions).toEqual([
      { languageCode: 'en', kind: null, name: 'English' },
      { languageCode: 'en', kind: 'asr', name: 'English (auto-generated)' },
    ]);
    const hit = await h.rest(`/v1/video/video?url=https://youtu.be/${VIDEO.videoId}&cache_max_age=1d`, { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(record(hit.body)).toEqual(record(live.body));
    expect(watchHits()).toHaveLength(1);
    expect(watchHits()[0].query.get('hl')).toBe('en');
    expect(await h.balance(id)).toBe(4);
  });

  it('an unavailable video is 404 NOT_FOUND at 0 credits; neither or both of url and id is INVALID_INPUT', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest('/v1/video/video?id=Gone0000000', { key });
    expect([r.status, r.body.error.code]).toEqual([404, 'NOT_FOUND']);
    for (const q of ['', `id=${VIDEO.videoId}&url=https://youtu.be/${VIDEO.videoId}`]) {
      const bad = await h.rest(`/v1/video/video?${q}`, { key });
      expect([q, bad.status, bad.body.error.code]).toEqual([q, 400, 'INVALID_INPUT']);
    }
    expect(watchHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL types the video (views as a Float) and its json is the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(`/v1/video/video?id=${VIDEO.videoId}`, { key });
    const r = await h.gql(
      `{ videoVideo(id: "${VIDEO.videoId}", cacheMaxAge: "1d") { json video { videoId viewCount likeCount lengthSeconds isLive keywords captions { languageCode kind } } } }`,
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.videoVideo.json).toEqual(record(rest.body));
    expect(r.body.data.videoVideo.video).toEqual({
      videoId: VIDEO.videoId,
      viewCount: 3_000_000_000,
      likeCount: 412,
      lengthSeconds: 754,
      isLive: false,
      keywords: ['woodturning'],
      captions: [
        { languageCode: 'en', kind: null },
        { languageCode: 'en', kind: 'asr' },
      ],
    });
  });
});

describe('GET /v1/video/videos', () => {
  const v = (n: number): TestListVideo => ({
    videoId: `Nw${String(n).padStart(9, '0')}`,
    title: `Build ${n}`,
    views: `${n},204 views`,
    published: `${n} days ago`,
    length: `1${n}:0${n}`,
  });
  const TOKEN = 'NIGHT-OWL-VIDEOS-PAGE-2';
  const tabHits = () => h.replay.hits({ host: YT, path: '/@nightowlworkshop/videos' });
  beforeEach(() => {
    h.replay.add({
      host: YT,
      path: '/@nightowlworkshop/videos',
      method: 'GET',
      response: { headers: HTML, body: channelHtml(videosTabInitialData(NIGHT_OWL, [v(1), v(2)], TOKEN), NIGHT_OWL.title) },
    });
    h.replay.add({
      host: YT,
      path: '/youtubei/v1/browse',
      method: 'POST',
      response: (req: ReplayRequest) =>
        (JSON.parse(req.body.toString('utf8')) as { continuation?: string }).continuation === TOKEN
          ? { headers: JSON_TYPE, body: JSON.stringify(tabContinuationAnswer([v(3)])) }
          : browse(req),
    });
  });

  it('live 1 credit with a cursor; the cursor pages on (1 credit, cursor null at the end); cache_max_age 0 credits', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest('/v1/video/videos?handle=@NightOwlWorkshop', { key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ credits_charged: 1, cursor: expect.any(String) });
    expect(first.body.videos).toEqual([
      {
        videoId: 'Nw000000001',
        title: 'Build 1',
        viewCountText: '1,204 views',
        publishedTimeText: '1 days ago',
        lengthText: '11:01',
        thumbnails: expect.any(Array),
      },
      expect.objectContaining({ videoId: 'Nw000000002' }),
    ]);
    expect(tabHits()[0].query.get('hl')).toBe('en');
    const next = await h.rest(`/v1/video/videos?handle=NightOwlWorkshop&cursor=${first.body.cursor}`, { key });
    expect(next.body).toMatchObject({ credits_charged: 1, cursor: null, videos: [{ videoId: 'Nw000000003' }] });
    const sent = JSON.parse(h.replay.hits({ host: YT, path: '/youtubei/v1/browse' })[0].body.toString('utf8'));
    expect(sent).toMatchObject({ continuation: TOKEN, context: { client: { clientName: 'WEB', clientVersion: TEST_CLIENT_VERSION } } });
    const hit = await h.rest('/v1/video/videos?url=https://www.youtube.com/@nightowlworkshop/videos&cache_max_age=1d', { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(record(hit.body)).toEqual(record(first.body));
    expect(tabHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(3);
  });

  it('a channel nobody has is 404 NOT_FOUND at 0 credits; a cursor of another tab or a foreign cursor is INVALID_INPUT', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest('/v1/video/videos?handle=@NightOwlWorkshop', { key });
    const gone = await h.rest('/v1/video/videos?handle=@nobodyhasthis', { key });
    expect([gone.status, gone.body.error.code]).toEqual([404, 'NOT_FOUND']);
    for (const q of [`tab=shorts&cursor=${first.body.cursor}`, 'cursor=bm90LW91cnM']) {
      const bad = await h.rest(`/v1/video/videos?handle=@NightOwlWorkshop&${q}`, { key });
      expect([q, bad.status, bad.body.error.details[0].param]).toEqual([q, 400, 'cursor']);
    }
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL videoVideos: typed list items and cursor; json is the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest('/v1/video/videos?handle=@NightOwlWorkshop', { key });
    const r = await h.gql(
      '{ videoVideos(handle: "@NightOwlWorkshop", tab: VIDEOS, cacheMaxAge: "1d") { json cursor videos { videoId title viewCountText lengthText thumbnails { url width } } } }',
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.videoVideos.json).toEqual(record(rest.body));
    expect(r.body.data.videoVideos.cursor).toBe(rest.body.cursor);
    expect(r.body.data.videoVideos.videos[0]).toMatchObject({ videoId: 'Nw000000001', viewCountText: '1,204 views', lengthText: '11:01' });
  });
});

describe('GET /v1/video/posts', () => {
  // Our own Posts tab pages and continuation answers (samples.ts: no capture of a Posts tab exists).
  const TOKEN = 'NIGHT-OWL-POSTS-PAGE-2';
  const p = (n: number, over: Partial<TestPost> = {}): TestPost => ({
    postId: `UgkxN1ghtOw1P0st${String(n).padStart(20, '0')}`,
    channelId: ID,
    authorName: NIGHT_OWL.title,
    text: `Post ${n}`,
    published: `${n} days ago`,
    likes: `${n},204`,
    comments: `${n}`,
    ...over,
  });
  const postsHits = () => h.replay.hits({ host: YT, path: '/@nightowlworkshop/posts' });
  let continuation: unknown;
  const page = (data: Record<string, unknown>) => ({ headers: HTML, body: channelHtml(data, NIGHT_OWL.title) });
  beforeEach(() => {
    continuation = postsContinuationAnswer([p(3)]);
    const poll = { poll: { choices: ['Walnut', 'Oak'], votes: '1.1K votes' } };
    h.replay.add({
      host: YT,
      path: '/@nightowlworkshop/posts',
      method: 'GET',
      response: page(postsTabInitialData(NIGHT_OWL, [p(1, { attachment: poll }), p(2, { likes: '1.2K' })], TOKEN)),
    });
    const none = { ...NIGHT_OWL, channelId: 'UCn0P0stsTabChannelTest01', handle: 'nopoststab' };
    h.replay.add({ host: YT, path: '/@nopoststab/posts', method: 'GET', response: page(postsTabInitialData(none, null)) });
    // Another channel's Posts tab answered for @someoneelse.
    h.replay.add({ host: YT, path: '/@someoneelse/posts', method: 'GET', response: page(postsTabInitialData(NIGHT_OWL, [p(1)])) });
    // The right channel's tab, but a post by another channel in it.
    h.replay.add({
      host: YT,
      path: `/channel/${ID}/posts`,
      method: 'GET',
      response: page(postsTabInitialData(NIGHT_OWL, [p(1, { channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa' })])),
    });
    h.replay.add({ host: YT, path: '/@ghostchannel/posts', response: { status: 404, headers: HTML, body: NOT_FOUND_HTML } });
    h.replay.add({
      host: YT,
      path: '/@ratelimited/posts',
      response: { status: 429, headers: { ...HTML, 'retry-after': '3600' }, body: '' },
    });
    h.replay.add({ host: YT, path: '/@consentinplace/posts', response: { headers: HTML, body: CONSENT_HTML } });
    h.replay.add({
      host: YT,
      path: '/youtubei/v1/browse',
      method: 'POST',
      response: (req: ReplayRequest) => {
        if ((JSON.parse(req.body.toString('utf8')) as { continuation?: string }).continuation !== TOKEN) return browse(req);
        if (continuation === 429) return { status: 429, headers: { ...JSON_TYPE, 'retry-after': '60' }, body: '' };
        return { headers: JSON_TYPE, body: JSON.stringify(continuation) };
      },
    });
  });

  it('live 1 credit with a cursor; the cursor pages on (1 credit, cursor null at the end); a URL spelling is a cache hit at 0', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest('/v1/video/posts?handle=@NightOwlWorkshop', { key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ credits_charged: 1, hasPostsTab: true, cursor: expect.any(String) });
    expect(first.body.posts).toEqual([
      {
        postId: p(1).postId,
        text: 'Post 1',
        publishedTimeText: '1 days ago',
        likeCountText: '1,204',
        likeCount: 1204,
        commentCountText: '1',
        attachment: { type: 'poll', images: [], video: null, poll: { choices: ['Walnut', 'Oak'], totalVotesText: '1.1K votes' } },
      },
      expect.objectContaining({
        postId: p(2).postId,
        likeCountText: '1.2K',
        likeCount: null,
        attachment: expect.objectContaining({ type: 'none' }),
      }),
    ]);
    expect(postsHits()[0].query.get('hl')).toBe('en');
    const next = await h.rest(`/v1/video/posts?handle=NightOwlWorkshop&cursor=${first.body.cursor}`, { key });
    expect(next.body).toMatchObject({ credits_charged: 1, cursor: null, posts: [{ postId: p(3).postId }] });
    const sent = JSON.parse(browseHits()[0].body.toString('utf8'));
    expect(sent).toMatchObject({ continuation: TOKEN, context: { client: { clientName: 'WEB', clientVersion: TEST_CLIENT_VERSION } } });
    const hit = await h.rest('/v1/video/posts?url=https://www.youtube.com/@nightowlworkshop/posts&cache_max_age=1d', { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(record(hit.body)).toEqual(record(first.body));
    expect(postsHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(3);
  });

  it('a channel without a Posts tab is 200 hasPostsTab false, posts [], cursor null, 1 credit', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/video/posts?handle=nopoststab', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 1, hasPostsTab: false, posts: [], cursor: null });
    expect(await h.balance(id)).toBe(4);
  });

  it('errors at 0 credits: 404, 429 and a consent page, another channel’s page or post, a foreign or refused cursor, bad input', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest('/v1/video/posts?handle=@NightOwlWorkshop', { key });
    expect(await h.balance(id)).toBe(4);
    for (const [q, status, code] of [
      ['handle=ghostchannel', 404, 'NOT_FOUND'],
      ['handle=ratelimited', 502, 'UPSTREAM_BLOCKED'],
      ['handle=consentinplace', 502, 'UPSTREAM_BLOCKED'],
      ['handle=someoneelse', 502, 'UPSTREAM_FAILED'],
      [`channelId=${ID}`, 502, 'UPSTREAM_FAILED'],
      ['', 400, 'INVALID_INPUT'],
      ['handle=a', 400, 'INVALID_INPUT'],
      [`handle=someoneelse&cursor=${first.body.cursor}`, 400, 'INVALID_INPUT'],
      ['handle=NightOwlWorkshop&cursor=bm90LW91cnM', 400, 'INVALID_INPUT'],
    ] as const) {
      const r = await h.rest(`/v1/video/posts?${q}`, { key });
      expect([q, r.status, r.body.error.code]).toEqual([q, status, code]);
    }
    continuation = 429;
    const limited = await h.rest(`/v1/video/posts?handle=NightOwlWorkshop&cursor=${first.body.cursor}`, { key });
    expect([limited.status, limited.body.error.code]).toEqual([502, 'UPSTREAM_BLOCKED']);
    continuation = postsContinuationAnswer([p(3, { channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa' })]);
    const foreign = await h.rest(`/v1/video/posts?handle=NightOwlWorkshop&cursor=${first.body.cursor}`, { key });
    expect([foreign.status, foreign.body.error.code]).toEqual([502, 'UPSTREAM_FAILED']);
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL videoPosts: typed posts, attachment and cursor; json is the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest('/v1/video/posts?handle=@NightOwlWorkshop', { key });
    const r = await h.gql(
      '{ videoPosts(handle: "@NightOwlWorkshop", cacheMaxAge: "1d") { json hasPostsTab cursor posts { postId likeCount attachment { type poll { choices totalVotesText } video { videoId } images { sources { url } } } } } }',
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.videoPosts.json).toEqual(record(rest.body));
    expect(r.body.data.videoPosts).toMatchObject({ hasPostsTab: true, cursor: rest.body.cursor });
    expect(r.body.data.videoPosts.posts[0]).toEqual({
      postId: p(1).postId,
      likeCount: 1204,
      attachment: { type: 'poll', poll: { choices: ['Walnut', 'Oak'], totalVotesText: '1.1K votes' }, video: null, images: [] },
    });
  });
});

describe('GET /v1/video/playlist', () => {
  // Our own browse answers in the 2026 playlist shapes (samples.ts: no playlist capture exists).
  const PL = TEST_PLAYLIST.playlistId;
  const PAGE2 = 'NIGHT-OWL-PLAYLIST-PAGE-2';
  /** browseId → the first answer; continuation token → a later page (or a fault). */
  const byBrowseId = new Map<string, unknown>();
  const byToken = new Map<string, unknown>();
  const sent = (req: ReplayRequest) => JSON.parse(req.body.toString('utf8')) as { browseId?: string; continuation?: string };
  const playlistHits = () => browseHits().filter((r) => sent(r).browseId?.startsWith('VL'));
  const answer = (a: unknown) => {
    if (a === 429) return { status: 429, headers: { ...JSON_TYPE, 'retry-after': '60' }, body: '' };
    if (a === 'blocked') return { headers: HTML, body: CONSENT_HTML };
    return { headers: JSON_TYPE, body: JSON.stringify(a) };
  };
  beforeEach(() => {
    byBrowseId.clear();
    byToken.clear();
    byBrowseId.set(`VL${PL}`, playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS.slice(0, 2), PAGE2));
    byToken.set(PAGE2, playlistContinuationAnswer(PL, TEST_PLAYLIST_VIDEOS.slice(2)));
    byBrowseId.set('VLPLn0SuchP1aylistTest000000000001', playlistAlertAnswer('The playlist does not exist.'));
    byBrowseId.set('VLPLpr1vateP1aylistTest00000000001', playlistAlertAnswer('This playlist is private.'));
    byBrowseId.set('VLPLrateL1mitedP1aylistTest0000001', 429);
    byBrowseId.set('VLPLb1ockedP1aylistTest00000000001', 'blocked');
    // An answer about another playlist than asked.
    byBrowseId.set('VLPL0therP1aylistAskedTest00000001', playlistBrowseAnswer(TEST_PLAYLIST, TEST_PLAYLIST_VIDEOS));
    h.replay.add({
      host: YT,
      path: '/youtubei/v1/browse',
      method: 'POST',
      response: (req: ReplayRequest) => {
        const b = sent(req);
        const a = b.browseId ? byBrowseId.get(b.browseId) : b.continuation ? byToken.get(b.continuation) : undefined;
        return a === undefined ? browse(req) : answer(a);
      },
    });
  });

  it('live 1 credit: browse VL<id> (WEB client); the cursor pages on (1 credit, playlist null, cursor null at the end); a URL spelling is a cache hit at 0', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest(`/v1/video/playlist?id=${PL}`, { key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      credits_charged: 1,
      cursor: expect.any(String),
      playlist: {
        playlistId: PL,
        title: 'Workshop basics',
        owner: { name: 'Night Owl Workshop', channelId: 'UCn1ghtOw1W0rkSh0pTest01', handle: 'nightowlworkshop' },
        videoCount: 3,
        videoCountText: '3 videos',
        viewCountText: '12,408 views',
        lastUpdatedText: 'Last updated on 4 Mar 2026',
        privacy: 'PUBLIC',
      },
    });
    expect(first.body.videos.map((v: { videoId: string; isPlayable: boolean }) => [v.videoId, v.isPlayable])).toEqual([
      ['Nw1AbCdEf_0', true],
      ['Nw1AbCdEf_1', false],
    ]);
    expect(sent(playlistHits()[0])).toMatchObject({ browseId: `VL${PL}`, context: { client: { clientName: 'WEB', hl: 'en' } } });
    const next = await h.rest(`/v1/video/playlist?url=https://www.youtube.com/playlist?list=${PL}&cursor=${first.body.cursor}`, { key });
    expect(next.body).toMatchObject({ credits_charged: 1, playlist: null, cursor: null, videos: [{ videoId: 'Nw1AbCdEf_2', index: 3 }] });
    const hit = await h.rest(
      `/v1/video/playlist?url=${encodeURIComponent(`https://www.youtube.com/watch?v=Nw1AbCdEf_0&list=${PL}`)}&cache_max_age=1d`,
      {
        key,
      },
    );
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(record(hit.body)).toEqual(record(first.body));
    expect(playlistHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(3);
  });

  it('errors at 0 credits: missing 404, private 403, 429 and a consent page UPSTREAM_BLOCKED, another playlist UPSTREAM_FAILED, mixes/LL and foreign cursors INVALID_INPUT', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest(`/v1/video/playlist?id=${PL}`, { key });
    expect(await h.balance(id)).toBe(4);
    for (const [q, status, code] of [
      ['id=PLn0SuchP1aylistTest000000000001', 404, 'NOT_FOUND'],
      ['id=PLpr1vateP1aylistTest00000000001', 403, 'PRIVATE_CONTENT'],
      ['id=PLrateL1mitedP1aylistTest0000001', 502, 'UPSTREAM_BLOCKED'],
      ['id=PLb1ockedP1aylistTest00000000001', 502, 'UPSTREAM_BLOCKED'],
      ['id=PL0therP1aylistAskedTest00000001', 502, 'UPSTREAM_FAILED'],
      ['id=RDkP9xWq2LmZ4', 400, 'INVALID_INPUT'],
      ['id=LL', 400, 'INVALID_INPUT'],
      ['', 400, 'INVALID_INPUT'],
      [`id=PLn0SuchP1aylistTest000000000001&cursor=${first.body.cursor}`, 400, 'INVALID_INPUT'],
    ] as const) {
      const r = await h.rest(`/v1/video/playlist?${q}`, { key });
      expect([q, r.status, r.body.error.code]).toEqual([q, status, code]);
    }
    byToken.set(PAGE2, 429);
    const limited = await h.rest(`/v1/video/playlist?id=${PL}&cursor=${first.body.cursor}`, { key });
    expect([limited.status, limited.body.error.code]).toEqual([502, 'UPSTREAM_BLOCKED']);
    byToken.delete(PAGE2);
    const refused = await h.rest(`/v1/video/playlist?id=${PL}&cursor=${first.body.cursor}`, { key });
    expect([refused.status, refused.body.error.details[0].param]).toEqual([400, 'cursor']);
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL videoPlaylist: typed playlist, owner and videos; json is the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(`/v1/video/playlist?id=${PL}`, { key });
    const r = await h.gql(
      `{ videoPlaylist(id: "${PL}", cacheMaxAge: "1d") { json cursor playlist { playlistId title videoCount privacy owner { name channelId handle } } videos { videoId index lengthSeconds isPlayable channel { name channelId } } } }`,
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    const got = r.body.data.videoPlaylist;
    expect(got.json).toEqual(record(rest.body));
    expect(got.playlist).toEqual({
      playlistId: PL,
      title: 'Workshop basics',
      videoCount: 3,
      privacy: 'PUBLIC',
      owner: { name: 'Night Owl Workshop', channelId: 'UCn1ghtOw1W0rkSh0pTest01', handle: 'nightowlworkshop' },
    });
    expect(got.videos[0]).toEqual({
      videoId: 'Nw1AbCdEf_0',
      index: 1,
      lengthSeconds: 724,
      isPlayable: true,
      channel: { name: 'Night Owl Workshop', channelId: 'UCn1ghtOw1W0rkSh0pTest01' },
    });
  });
});

describe('GET /v1/video/comments', () => {
  // Our own watch pages and /next answers (samples.ts: no capture of a comments answer exists).
  const VIDEO = {
    videoId: 'Cm1AbCdEf_0',
    title: 'Sharpening a card scraper',
    description: 'Burnisher, file, patience.',
    lengthSeconds: 611,
    viewCount: 20_114,
    likeCount: 870,
    channelId: ID,
    author: NIGHT_OWL.title,
    publishDate: '2025-09-01T09:00:00-07:00',
    category: 'Howto & Style',
    keywords: ['scraper'],
  };
  const OFF = 'C0mmentsOff';
  const c = (n: number, over: Partial<TestComment> = {}): TestComment => ({
    commentId: `UgxC0mment${n}AaABAg`,
    text: `Comment ${n}`,
    author: `@commenter${n}`,
    channelId: `UCc0mmenter${String(n).padStart(13, '0')}`,
    likes: String(n * 10),
    replies: '',
    published: `${n} days ago`,
    ...over,
  });
  const TOP = commentsToken(VIDEO.videoId, 'TOP');
  const NEW = commentsToken(VIDEO.videoId, 'NEW');
  const PAGE2 = commentsToken(VIDEO.videoId, 'PAGE2');
  /** Token → answer: a body, or a status. */
  const nextAnswers = new Map<string, unknown>();
  const watchHits = () => h.replay.hits({ host: YT, path: '/watch' });
  const nextHits = () => h.replay.hits({ host: YT, path: '/youtubei/v1/next' });
  const watchPage = (videoId: string, entry: TestCommentsEntry) =>
    watchPageHtml(playerResponse({ ...VIDEO, videoId }), watchInitialData(videoId, entry));

  beforeEach(() => {
    nextAnswers.clear();
    nextAnswers.set(
      TOP,
      commentsAnswer([c(1, { pinned: true, author: '@NightOwlWorkshop', channelId: ID, creator: true }), c(2)], {
        token: PAGE2,
        header: { top: TOP, newest: NEW },
      }),
    );
    nextAnswers.set(PAGE2, commentsAnswer([c(3, { likes: '1.2K' })]));
    nextAnswers.set(NEW, commentsAnswer([c(3)], { header: { top: TOP, newest: NEW } }));
    h.replay.add({
      host: YT,
      path: '/watch',
      response: (req: ReplayRequest) => {
        const v = req.query.get('v');
        if (v === VIDEO.videoId) return { headers: HTML, body: watchPage(v, { top: TOP, newest: NEW, section: TOP }) };
        if (v === OFF) return { headers: HTML, body: watchPage(OFF, 'off') };
        if (v === 'RateL1mited') return { status: 429, headers: { ...HTML, 'retry-after': '60' }, body: '' };
        if (v === 'Bl0ckedPage') return { headers: HTML, body: CONSENT_HTML };
        if (v === 'N0tF0und404') return { status: 404, headers: HTML, body: NOT_FOUND_HTML };
        return { headers: HTML, body: watchPageHtml({ playabilityStatus: { status: 'ERROR', reason: 'This video is unavailable' } }) };
      },
    });
    h.replay.add({
      host: YT,
      path: '/youtubei/v1/next',
      method: 'POST',
      response: (req: ReplayRequest) => {
        const got = nextAnswers.get((JSON.parse(req.body.toString('utf8')) as { continuation: string }).continuation);
        if (typeof got === 'number') return { status: got, headers: { ...JSON_TYPE, 'retry-after': '60' }, body: '' };
        if (got === 'blocked') return { headers: HTML, body: CONSENT_HTML };
        return got
          ? { headers: JSON_TYPE, body: JSON.stringify(got) }
          : { status: 400, headers: JSON_TYPE, body: '{"error":{"code":400,"status":"INVALID_ARGUMENT"}}' };
      },
    });
  });

  it('live 1 credit: the watch page then /next; the cursor pages on (1 credit, cursor null at the end); the URL spelling is a cache hit at 0', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest(`/v1/video/comments?id=${VIDEO.videoId}`, { key });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual([
      'success',
      'credits_remaining',
      'credits_charged',
      'videoId',
      'commentsDisabled',
      'comments',
      'cursor',
    ]);
    expect(first.body).toMatchObject({ credits_charged: 1, videoId: VIDEO.videoId, commentsDisabled: false, cursor: expect.any(String) });
    expect(first.body.comments).toEqual([
      {
        commentId: 'UgxC0mment1AaABAg',
        text: 'Comment 1',
        author: { channelId: ID, name: '@NightOwlWorkshop', handle: '@NightOwlWorkshop', isVerified: false, isCreator: true },
        likeCount: 10,
        likeCountText: '10',
        replyCount: 0,
        publishedTimeText: '1 days ago',
        isPinned: true,
        isHearted: false,
      },
      expect.objectContaining({ commentId: 'UgxC0mment2AaABAg', likeCount: 20 }),
    ]);
    expect(watchHits()[0].query.get('hl')).toBe('en');
    expect(JSON.parse(nextHits()[0].body.toString('utf8'))).toMatchObject({
      continuation: TOP,
      context: { client: { clientName: 'WEB' } },
    });

    const next = await h.rest(`/v1/video/comments?id=${VIDEO.videoId}&cursor=${first.body.cursor}`, { key });
    expect(next.body).toMatchObject({
      credits_charged: 1,
      cursor: null,
      comments: [{ commentId: 'UgxC0mment3AaABAg', likeCount: null, likeCountText: '1.2K' }],
    });
    expect(watchHits()).toHaveLength(1);

    const hit = await h.rest(`/v1/video/comments?url=https://www.youtube.com/watch?v=${VIDEO.videoId}&sort=top&cache_max_age=1d`, { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(record(hit.body)).toEqual(record(first.body));
    expect(nextHits()).toHaveLength(2);
    expect(await h.balance(id)).toBe(3);
  });

  it('sort=new asks with the Newest token; comments turned off are 200 commentsDisabled at 1 credit, with no /next request', async () => {
    const { key, id } = await h.key(5);
    const newest = await h.rest(`/v1/video/comments?id=${VIDEO.videoId}&sort=new`, { key });
    expect(newest.body).toMatchObject({ credits_charged: 1, cursor: null, comments: [{ commentId: 'UgxC0mment3AaABAg' }] });
    expect(JSON.parse(nextHits()[0].body.toString('utf8')).continuation).toBe(NEW);
    const off = await h.rest(`/v1/video/comments?id=${OFF}`, { key });
    expect(off.status).toBe(200);
    expect(record(off.body)).toEqual({ videoId: OFF, commentsDisabled: true, comments: [], cursor: null });
    expect(off.body.credits_charged).toBe(1);
    expect(nextHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(3);
  });

  it('errors at 0 credits: unavailable/404 video NOT_FOUND, 429 and consent page UPSTREAM_BLOCKED, /next 429 or block, a foreign or refused cursor, bad input', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest(`/v1/video/comments?id=${VIDEO.videoId}`, { key });
    expect(await h.balance(id)).toBe(4);
    for (const [q, status, code] of [
      ['id=Gone0000000', 404, 'NOT_FOUND'],
      ['id=N0tF0und404', 404, 'NOT_FOUND'],
      ['id=RateL1mited', 502, 'UPSTREAM_BLOCKED'],
      ['id=Bl0ckedPage', 502, 'UPSTREAM_BLOCKED'],
      ['', 400, 'INVALID_INPUT'],
      [`id=${VIDEO.videoId}&sort=oldest`, 400, 'INVALID_INPUT'],
      [`id=Cm1AbCdEf_9&cursor=${first.body.cursor}`, 400, 'INVALID_INPUT'],
      [`id=${VIDEO.videoId}&sort=new&cursor=${first.body.cursor}`, 400, 'INVALID_INPUT'],
    ] as const) {
      const r = await h.rest(`/v1/video/comments?${q}`, { key });
      expect([q, r.status, r.body.error.code]).toEqual([q, status, code]);
    }
    nextAnswers.set(TOP, 429);
    const limited = await h.rest(`/v1/video/comments?id=${VIDEO.videoId}`, { key });
    expect([limited.status, limited.body.error.code]).toEqual([502, 'UPSTREAM_BLOCKED']);
    nextAnswers.set(TOP, 'blocked');
    const blocked = await h.rest(`/v1/video/comments?id=${VIDEO.videoId}`, { key });
    expect([blocked.status, blocked.body.error.code]).toEqual([502, 'UPSTREAM_BLOCKED']);
    nextAnswers.delete(PAGE2);
    const refused = await h.rest(`/v1/video/comments?id=${VIDEO.videoId}&cursor=${first.body.cursor}`, { key });
    expect([refused.status, refused.body.error.details[0].param]).toEqual([400, 'cursor']);
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL videoComments: typed comments and cursor; json is the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(`/v1/video/comments?id=${VIDEO.videoId}`, { key });
    const r = await h.gql(
      `{ videoComments(id: "${VIDEO.videoId}", sort: TOP, cacheMaxAge: "1d") { json videoId commentsDisabled cursor comments { commentId text likeCount isPinned isHearted author { name handle isCreator } } } }`,
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    const got = r.body.data.videoComments;
    expect(got.json).toEqual(record(rest.body));
    expect(got).toMatchObject({ videoId: VIDEO.videoId, commentsDisabled: false, cursor: rest.body.cursor });
    expect(got.comments[0]).toEqual({
      commentId: 'UgxC0mment1AaABAg',
      text: 'Comment 1',
      likeCount: 10,
      isPinned: true,
      isHearted: false,
      author: { name: '@NightOwlWorkshop', handle: '@NightOwlWorkshop', isCreator: true },
    });
  });
});

describe('GET /v1/video/transcript', () => {
  // Our own ANDROID player answers and srv3 timed text (samples.ts: no real timed text exists).
  const VIDEO = {
    videoId: 'Tr1AbCdEf_0',
    title: 'Turning a walnut bowl',
    description: 'Gouge, scraper, sanding.',
    lengthSeconds: 612,
    viewCount: 20_114,
    channelId: ID,
    author: NIGHT_OWL.title,
    keywords: ['woodturning'],
  };
  const EN: TestCaptionTrack = { languageCode: 'en', name: 'English' };
  const EN_ASR: TestCaptionTrack = { languageCode: 'en', name: 'English (auto-generated)', asr: true };
  const DE: TestCaptionTrack = { languageCode: 'de', name: 'German' };
  /** Video id → its player answer (a status to answer with instead). */
  const players: Record<string, Record<string, unknown> | number> = {
    [VIDEO.videoId]: androidPlayerResponse(VIDEO, [EN, EN_ASR, DE]),
    N0Capt10ns0: androidPlayerResponse({ ...VIDEO, videoId: 'N0Capt10ns0' }, []),
    P0T0kenVid0: androidPlayerResponse({ ...VIDEO, videoId: 'P0T0kenVid0' }, [{ ...EN, poToken: true }]),
    Bl0ckedCap0: androidPlayerResponse({ ...VIDEO, videoId: 'Bl0ckedCap0' }, [EN]),
    An0therVid0: androidPlayerResponse({ ...VIDEO, videoId: 'An0therVid1' }, [EN]),
    Gone0000000: { playabilityStatus: { status: 'ERROR', reason: 'This video is unavailable' } },
    Pr1vateVid0: { playabilityStatus: { status: 'LOGIN_REQUIRED', reason: 'This video is private' } },
    RateL1mited: 429,
  };
  const playerHits = () => h.replay.hits({ host: YT, path: '/youtubei/v1/player' });
  const textHits = () => h.replay.hits({ host: YT, path: '/api/timedtext' });
  beforeEach(() => {
    h.replay.add({
      host: YT,
      path: '/youtubei/v1/player',
      method: 'POST',
      response: (req: ReplayRequest) => {
        const answer = players[(JSON.parse(req.body.toString('utf8')) as { videoId: string }).videoId];
        if (typeof answer === 'number') return { status: answer, headers: { ...JSON_TYPE, 'retry-after': '60' }, body: '' };
        return answer ? { headers: JSON_TYPE, body: JSON.stringify(answer) } : { status: 404, headers: JSON_TYPE, body: '' };
      },
    });
    h.replay.add({
      host: YT,
      path: '/api/timedtext',
      method: 'GET',
      response: (req: ReplayRequest) => {
        if (req.query.get('v') === 'Bl0ckedCap0') return { headers: HTML, body: CONSENT_HTML };
        // The German track's URL: YouTube refusing it.
        if (req.query.get('lang') === 'de') return { status: 404, headers: HTML, body: '' };
        return { headers: { 'content-type': 'text/xml; charset=UTF-8' }, body: req.query.get('kind') === 'asr' ? SRV3_ASR : SRV3_WRITTEN };
      },
    });
  });

  it('live 1 credit: the ANDROID player, then the written English track (srv3); the same video by URL with cache_max_age is 0', async () => {
    const { key, id } = await h.key(5);
    const live = await h.rest(`/v1/video/transcript?id=${VIDEO.videoId}`, { key });
    expect(live.status).toBe(200);
    expect(Object.keys(live.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'transcript']);
    expect(Object.keys(live.body.transcript)).toEqual([
      'videoId',
      'title',
      'channelId',
      'tracks',
      'languageCode',
      'isAutoGenerated',
      'segments',
      'text',
    ]);
    expect(live.body).toMatchObject({
      credits_charged: 1,
      transcript: { videoId: VIDEO.videoId, title: VIDEO.title, channelId: ID, languageCode: 'en', isAutoGenerated: false },
    });
    expect(live.body.transcript.tracks).toEqual([
      { languageCode: 'en', name: 'English', kind: null, isAutoGenerated: false, isTranslatable: true },
      { languageCode: 'en', name: 'English (auto-generated)', kind: 'asr', isAutoGenerated: true, isTranslatable: true },
      { languageCode: 'de', name: 'German', kind: null, isAutoGenerated: false, isTranslatable: true },
    ]);
    expect(live.body.transcript.segments[0]).toEqual({
      startMs: 400,
      durationMs: 3120,
      text: "Morning! Today we're turning\na walnut bowl from a green blank.",
    });
    expect(live.body.transcript.segments).toHaveLength(4);
    expect(live.body.transcript.text).toMatch(/^Morning! Today we're turning\na walnut bowl from a green blank\.\nGouge & scraper/);

    const [post] = playerHits();
    expect(post.upstreamUrl).toBe('https://www.youtube.com/youtubei/v1/player?prettyPrint=false');
    expect(post.headers['x-youtube-client-name']).toBe('3');
    expect(JSON.parse(post.body.toString('utf8'))).toEqual({
      context: { client: { clientName: 'ANDROID', clientVersion: '20.10.38', hl: 'en', gl: 'US' } },
      videoId: VIDEO.videoId,
    });
    const [get] = textHits();
    expect([get.query.get('v'), get.query.get('lang'), get.query.get('fmt'), get.query.has('kind')]).toEqual([
      VIDEO.videoId,
      'en',
      'srv3',
      false,
    ]);

    const hit = await h.rest(`/v1/video/transcript?url=https://youtu.be/${VIDEO.videoId}&cache_max_age=1d`, { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(record(hit.body)).toEqual(record(live.body));
    expect([playerHits().length, textHits().length]).toEqual([1, 1]);
    expect(await h.balance(id)).toBe(4);
  });

  it('auto=true: the automatic track (1 credit); a video without captions: tracks [] and no timed text (1 credit)', async () => {
    const { key, id } = await h.key(5);
    const asr = await h.rest(`/v1/video/transcript?id=${VIDEO.videoId}&auto=true`, { key });
    expect(asr.body).toMatchObject({ credits_charged: 1, transcript: { languageCode: 'en', isAutoGenerated: true } });
    expect(asr.body.transcript.segments[0].text).toBe("morning today we're turning a walnut bowl");
    expect(textHits().map((r) => r.query.get('kind'))).toEqual(['asr']);
    const none = await h.rest('/v1/video/transcript?id=N0Capt10ns0', { key });
    expect(none.body).toMatchObject({
      credits_charged: 1,
      transcript: { videoId: 'N0Capt10ns0', tracks: [], languageCode: null, isAutoGenerated: null, segments: [], text: null },
    });
    expect(textHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(3);
  });

  it('typed errors at 0 credits: unavailable, private, rate limit, PO token, a wall or a refusal on the track, another video', async () => {
    const { key, id } = await h.key(3);
    for (const [q, status, code] of [
      ['id=Gone0000000', 404, 'NOT_FOUND'],
      ['id=Pr1vateVid0', 403, 'PRIVATE_CONTENT'],
      ['id=RateL1mited', 502, 'UPSTREAM_BLOCKED'],
      ['id=P0T0kenVid0', 502, 'UPSTREAM_BLOCKED'],
      ['id=Bl0ckedCap0', 502, 'UPSTREAM_BLOCKED'],
      [`id=${VIDEO.videoId}&lang=de`, 502, 'UPSTREAM_FAILED'],
      ['id=An0therVid0', 502, 'UPSTREAM_FAILED'],
    ] as const) {
      const r = await h.rest(`/v1/video/transcript?${q}`, { key });
      expect([q, r.status, r.body.error?.code, r.body.credits_charged ?? 0]).toEqual([q, status, code, 0]);
    }
    expect(textHits().map((r) => r.query.get('v'))).toEqual(['Bl0ckedCap0', VIDEO.videoId]);
    expect(await h.balance(id)).toBe(3);
  });

  it('INVALID_INPUT before any request: a bad lang, neither or both of url and id', async () => {
    const { key, id } = await h.key(3);
    for (const [q, param] of [
      [`id=${VIDEO.videoId}&lang=en_US`, 'lang'],
      ['', 'url'],
      [`id=${VIDEO.videoId}&url=https://youtu.be/${VIDEO.videoId}`, 'id'],
    ] as const) {
      const bad = await h.rest(`/v1/video/transcript?${q}`, { key });
      expect([q, bad.status, bad.body.error.code]).toEqual([q, 400, 'INVALID_INPUT']);
      expect(JSON.stringify(bad.body.error)).toContain(param);
    }
    expect(playerHits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL videoTranscript: typed tracks and segments; json is the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(`/v1/video/transcript?id=${VIDEO.videoId}&lang=EN`, { key });
    const r = await h.gql(
      `{ videoTranscript(id: "${VIDEO.videoId}", lang: "en", cacheMaxAge: "1d") { json transcript { languageCode isAutoGenerated tracks { languageCode kind isAutoGenerated } segments { startMs durationMs text } text } } }`,
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.videoTranscript.json).toEqual(record(rest.body));
    const t = r.body.data.videoTranscript.transcript;
    expect(t.tracks.map((x: { kind: string | null }) => x.kind)).toEqual([null, 'asr', null]);
    expect(t.segments[1]).toEqual({ startMs: 3520, durationMs: 2880, text: 'Gouge & scraper, nothing fancy — and "lots" of sanding.' });
    expect(t.text).toBe(rest.body.transcript.text);
  });
});

describe('GET /v1/video/search', () => {
  const CHANNEL = { name: NIGHT_OWL.title, channelId: ID };
  const TOKEN = 'SEARCH-PAGE-2';
  const searchHits = () => h.replay.hits({ host: YT, path: '/youtubei/v1/search' });
  beforeEach(() => {
    h.replay.add({
      host: YT,
      path: '/youtubei/v1/search',
      method: 'POST',
      response: (req: ReplayRequest) => {
        const sent = JSON.parse(req.body.toString('utf8')) as { query?: string; continuation?: string };
        if (sent.continuation === TOKEN)
          return {
            headers: JSON_TYPE,
            body: JSON.stringify({
              onResponseReceivedCommands: [
                {
                  appendContinuationItemsAction: {
                    continuationItems: [
                      {
                        itemSectionRenderer: {
                          contents: [
                            searchVideoRenderer(
                              { videoId: 'Sr000000003', title: 'Bowl 3', views: '3 views', published: '3 days ago', length: '3:03' },
                              CHANNEL,
                            ),
                          ],
                        },
                      },
                    ],
                  },
                },
              ],
            }),
          };
        if (sent.continuation) return { status: 400, headers: JSON_TYPE, body: '{"error":{"code":400,"status":"INVALID_ARGUMENT"}}' };
        return {
          headers: JSON_TYPE,
          body: JSON.stringify(
            searchAnswer(
              [
                searchChannelRenderer({
                  channelId: ID,
                  handle: NIGHT_OWL.handle,
                  title: NIGHT_OWL.title,
                  subscribers: '5.2K subscribers',
                  description: 'Woodworking after dark',
                }),
                searchVideoRenderer(
                  { videoId: 'Sr000000001', title: 'Bowl 1', views: '1,001 views', published: '1 day ago', length: '1:01' },
                  CHANNEL,
                ),
              ],
              TOKEN,
            ),
          ),
        };
      },
    });
  });

  it('live 1 credit: a channel and a video with their types, a cursor; the next page ends with cursor null; cache_max_age 0', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest('/v1/video/search?query=walnut%20bowl', { key });
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      expect.objectContaining({
        type: 'channel',
        channelId: ID,
        handle: NIGHT_OWL.handle,
        subscriberCountText: '5.2K subscribers',
        videoCountText: '212 videos',
      }),
      expect.objectContaining({ type: 'video', videoId: 'Sr000000001', author: NIGHT_OWL.title, channelId: ID, lengthText: '1:01' }),
    ]);
    expect(first.body).toMatchObject({ credits_charged: 1, cursor: expect.any(String) });
    expect(JSON.parse(searchHits()[0].body.toString('utf8'))).toMatchObject({ query: 'walnut bowl', params: '8AEB' });
    const next = await h.rest(`/v1/video/search?query=walnut%20bowl&cursor=${first.body.cursor}`, { key });
    expect(next.body).toMatchObject({ credits_charged: 1, cursor: null, results: [{ type: 'video', videoId: 'Sr000000003' }] });
    const hit = await h.rest('/v1/video/search?query=walnut%20%20bowl&type=all&cache_max_age=1d', { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(record(hit.body)).toEqual(record(first.body));
    expect(searchHits()).toHaveLength(2);
    expect(await h.balance(id)).toBe(3);
  });

  it('YouTube refusing a cursor is INVALID_INPUT on cursor at 0 credits; a cursor of another query too, before any request', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest('/v1/video/search?query=walnut%20bowl', { key });
    const other = await h.rest(`/v1/video/search?query=oak&cursor=${first.body.cursor}`, { key });
    expect([other.status, other.body.error.details[0].param]).toEqual([400, 'cursor']);
    expect(searchHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL videoSearch: results as a union told apart by __typename; json is the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest('/v1/video/search?query=walnut%20bowl&type=all', { key });
    const r = await h.gql(
      `{ videoSearch(query: "walnut bowl", type: ALL, cacheMaxAge: "1d") { json cursor results {
          __typename ... on VideoSearchVideo { videoId author } ... on VideoSearchChannel { channelId handle } } } }`,
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.videoSearch.json).toEqual(record(rest.body));
    expect(r.body.data.videoSearch.results).toEqual([
      { __typename: 'VideoSearchChannel', channelId: ID, handle: NIGHT_OWL.handle },
      { __typename: 'VideoSearchVideo', videoId: 'Sr000000001', author: NIGHT_OWL.title },
    ]);
  });
});

describe.skipIf(!hasFixtures('video'))(`video real capture through the whole path (${skipReason('video')})`, () => {
  it('serves the Hospital Records page capture, with a hand-written about panel (no capture of it exists)', async () => {
    const HOSPITAL_TOKEN_PREFIX = '4qmFsgJgEhhVQ3c0OXVPVEFKakdVZG9BZVVjcDd0T2ca';
    h.replay.add({
      host: YT,
      path: '/@hospitalrecords',
      response: { headers: HTML, bodyFile: fixturePath('video', 'channel-videos-tab-hospitalrecords.html') },
    });
    // Invented about-panel values (country, joined date, views, links beyond the capture's first one).
    const about: TestAbout = {
      channelId: 'UCw49uOTAJjGUdoAeUcp7tOg',
      handle: 'hospitalrecords',
      description: 'The official Hospital Records channel ✅',
      country: 'United Kingdom',
      subscribers: '551K subscribers',
      videos: '3,412 videos',
      views: '271,690,163 views',
      joined: 'Joined 19 Jul 2006',
      links: [
        { title: 'Spotify', url: 'https://hospitalrecords.ffm.to/fresh' },
        { title: 'Instagram', url: 'https://www.instagram.com/hospitalrecords' },
      ],
    };
    h.replay.add({
      host: YT,
      path: '/youtubei/v1/browse',
      method: 'POST',
      response: (req) => {
        const sent = JSON.parse(req.body.toString('utf8'));
        if (!String(sent.continuation).startsWith(HOSPITAL_TOKEN_PREFIX)) return { status: 400, headers: JSON_TYPE, body: '{}' };
        return { headers: JSON_TYPE, body: JSON.stringify(aboutBrowseResponse(about)) };
      },
    });
    const { key } = await h.key(5);
    const r = await h.rest(restPath(`url=${encodeURIComponent('https://www.youtube.com/@hospitalrecords/videos')}`), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      channelId: 'UCw49uOTAJjGUdoAeUcp7tOg',
      channel: 'http://www.youtube.com/@hospitalrecords',
      name: 'Hospital Records',
      subscriberCount: 551_000,
      subscriberCountText: '551K subscribers',
      'social-b': 'https://www.instagram.com/hospitalrecords',
      links: ['https://hospitalrecords.ffm.to/fresh', 'https://www.instagram.com/hospitalrecords'],
      country: 'United Kingdom',
      email: null,
    });
    expect(r.body.tags.startsWith('hospital records, drum and bass, dnb')).toBe(true);
    expect(r.body.avatar.image.sources).toHaveLength(3);
    // The captured page's own client version went into the about request.
    const sent = JSON.parse(browseHits()[0].body.toString('utf8'));
    expect(sent.context.client.clientVersion).toBe('2.20250618.01.00');
  });
});
