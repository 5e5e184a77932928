/**
 * shortvideo (TikTok) `GET /v1/shortvideo/profile` and `GET /v1/shortvideo/video` end to end:
 * gateway + replay upstream over real HTTP. The pages are our own, written in
 * src/platforms/shortvideo/samples.ts (an invented account and video); the Cloudflare page is the
 * block catalogue's own (test/blocks/vendor-pages.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Route } from '../../src/replay/server.js';
import {
  NIGHT_OWL_VIDEO_ID,
  nightOwlPage,
  nightOwlVideoItem,
  nightOwlVideoPage,
  notFoundUniversalPage,
  VERIFY_PAGE,
  videoStatusPage,
} from '../../src/platforms/shortvideo/samples.js';
import { OWN_VENDOR_PAGES } from '../blocks/vendor-pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { expectOneFetchForBoth } from '../support/discovery-read.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const HOST = 'www.tiktok.com';

/** `@nightowl.ceramics` → its page; `@nobody.here` → TikTok's 200 with statusCode 10221; `@walled.one` → the captcha page. */
const pageRoute: Route = {
  host: HOST,
  path: /^\/@/,
  response: (req) => {
    const who = decodeURIComponent(req.path.slice(2)).toLowerCase();
    if (who === 'nightowl.ceramics') return { headers: HTML, body: nightOwlPage() };
    if (who === 'walled.one') return { headers: HTML, body: VERIFY_PAGE };
    return { headers: HTML, body: notFoundUniversalPage() };
  },
};

/** Video ids of the video route below, each answered its own way. */
const VID = {
  ok: NIGHT_OWL_VIDEO_ID,
  gone: '7390112233445560001',
  private: '7390112233445560002',
  captcha: '7390112233445560003',
  rateLimited: '7390112233445560004',
  cloudflare: '7390112233445560005',
  otherVideo: '7390112233445560006',
};
const CLOUDFLARE = OWN_VENDOR_PAGES.find((p) => p.vendor === 'cloudflare')!;

/** `/@<user>/video/<id>`: the Night Owl video (under whatever @user the URL names), or the answer VID names. */
const videoRoute: Route = {
  host: HOST,
  path: /^\/@[^/]+\/video\/\d+$/,
  response: (req) => {
    const id = req.path.split('/').pop();
    switch (id) {
      case VID.ok:
        return { headers: HTML, body: nightOwlVideoPage() };
      case VID.gone:
        return { headers: HTML, body: videoStatusPage(10204) };
      case VID.private:
        return { headers: HTML, body: videoStatusPage(10216) };
      case VID.captcha:
        return { headers: HTML, body: VERIFY_PAGE };
      case VID.rateLimited:
        return { status: 429, headers: { ...HTML, 'retry-after': '3600' }, body: '<html><body>Too many requests</body></html>' };
      case VID.cloudflare:
        return { status: CLOUDFLARE.status, headers: CLOUDFLARE.headers, body: CLOUDFLARE.body };
      case VID.otherVideo:
        return { headers: HTML, body: nightOwlVideoPage({}, nightOwlVideoItem()) };
      default:
        return { status: 404, headers: HTML, body: '<html><body>Not found</body></html>' };
    }
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(pageRoute);
  h.replay.add(videoRoute);
});

const path = (handle: string, extra = '') => `/v1/shortvideo/profile?handle=${encodeURIComponent(handle)}${extra}`;
const hits = () => h.replay.hits({ host: HOST });

describe('shortvideo profile', () => {
  it('charges 1 for a live answer: {user, stats}, the user members beyond the listed ones passed through', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path('@NightOwl.Ceramics'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, credits_remaining: 4 });
    expect(r.body.user).toMatchObject({
      id: '7012345678901234567',
      uniqueId: 'nightowl.ceramics',
      bioLink: { link: 'linktr.ee/nightowl.ceramics', risk: 0 },
      privateAccount: false,
      region: 'GB',
    });
    expect(r.body.stats).toEqual({
      followerCount: 48200,
      followingCount: 311,
      heartCount: 1290000,
      videoCount: 214,
      diggCount: 5120,
      friendCount: 97,
    });
    expect(hits()[0].path).toBe('/@nightowl.ceramics');
    expect(await h.balance(id)).toBe(4);
  });

  it('cache_max_age answers a stored profile at 0 credits; handle spellings share the entry', async () => {
    const { key, id } = await h.key(5);
    expect((await h.rest(path('nightowl.ceramics'), { key })).body.credits_charged).toBe(1);
    const hit = await h.rest(path('@NIGHTOWL.CERAMICS', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true, user: { uniqueId: 'nightowl.ceramics' } });
    expect(hits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('an account nobody has is 404 NOT_FOUND at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path('nobody.here'), { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(3);
  });

  it('the captcha page is 502 UPSTREAM_BLOCKED at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path('walled.one'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a profile URL as handle is 400 INVALID_INPUT naming handle, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path('https://www.tiktok.com/@nightowl.ceramics'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details).toContainEqual({ param: 'handle', message: expect.stringMatching(/username/) });
    expect(hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL shortvideoProfile: typed fields, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(path('nightowl.ceramics'), { key });
    const gql = await h.gql(
      `{ shortvideoProfile(handle: "nightowl.ceramics", cacheMaxAge: "1d") {
          user { id uniqueId secUid nickname signature verified privateAccount bioLink { link } avatarLarger avatarMedium avatarThumb }
          stats { followerCount followingCount heartCount videoCount diggCount friendCount }
          json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.shortvideoProfile;
    expect(p.json).toEqual({ user: rest.body.user, stats: rest.body.stats });
    expect(p.user).toMatchObject({
      uniqueId: 'nightowl.ceramics',
      privateAccount: false,
      bioLink: { link: 'linktr.ee/nightowl.ceramics' },
    });
    expect(p.stats).toEqual(rest.body.stats);
  });
});

const videoUrl = (id: string, user = 'nightowl.ceramics') => `https://www.tiktok.com/@${user}/video/${id}`;
const videoPath = (url: string, extra = '') => `/v1/shortvideo/video?url=${encodeURIComponent(url)}${extra}`;

describe('shortvideo video', () => {
  it('charges 1 for a live answer: {video}, TikTok item members beyond the listed ones passed through; one request to the video page', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(videoPath(videoUrl(VID.ok)), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, credits_remaining: 4 });
    expect(r.body.video).toMatchObject({
      id: NIGHT_OWL_VIDEO_ID,
      createTime: 1720000000,
      author: { uniqueId: 'nightowl.ceramics', id: '7012345678901234567' },
      stats: { playCount: 251337, diggCount: 18421, commentCount: 204, shareCount: 312, collectCount: 1710 },
      video: { duration: 38, width: 576, height: 1024 },
      music: { original: true },
      challenges: [{ title: 'pottery' }, { title: 'ceramics' }],
      isAd: false,
      locationCreated: 'GB',
      diversificationLabels: ['Art', 'Creativity'],
    });
    expect(hits().map((x) => x.path)).toEqual([`/@nightowl.ceramics/video/${NIGHT_OWL_VIDEO_ID}`]);
    expect(await h.balance(id)).toBe(4);
  });

  it('cache_max_age answers a stored video at 0 credits; spellings of the URL (m. host, case, query) share the entry', async () => {
    const { key, id } = await h.key(5);
    expect((await h.rest(videoPath(videoUrl(VID.ok)), { key })).body.credits_charged).toBe(1);
    const spelled = `https://m.tiktok.com/@NightOwl.Ceramics/video/${NIGHT_OWL_VIDEO_ID}?is_from_webapp=1`;
    const hit = await h.rest(videoPath(spelled, '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true, video: { id: NIGHT_OWL_VIDEO_ID } });
    expect(hits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it.each([
    ['an HTTP 404', VID.gone.replace(/1$/, '9'), 404, 'NOT_FOUND'],
    ['statusCode 10204 (no such item)', VID.gone, 404, 'NOT_FOUND'],
    ['statusCode 10216 (private)', VID.private, 403, 'PRIVATE_CONTENT'],
    ['the captcha page', VID.captcha, 502, 'UPSTREAM_BLOCKED'],
    ['a 429', VID.rateLimited, 502, 'UPSTREAM_BLOCKED'],
    [`a block page (${CLOUDFLARE.name})`, VID.cloudflare, 502, 'UPSTREAM_BLOCKED'],
    ['the page of another video', VID.otherVideo, 502, 'UPSTREAM_FAILED'],
  ])('%s is %i %s at 0 credits', async (_what, videoId, status, code) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(videoPath(videoUrl(videoId)), { key });
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    expect(await h.balance(id)).toBe(3);
  });

  it("the video under another author than the URL's @user is 502 UPSTREAM_FAILED at 0 credits, never its data", async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(videoPath(videoUrl(VID.ok, 'someone.else')), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('nightowl.ceramics') });
    expect(await h.balance(id)).toBe(3);
  });

  it('a short link or a profile URL is 400 INVALID_INPUT naming url, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(3);
    for (const [url, message] of [
      ['https://vm.tiktok.com/ZMabcdef/', /short link/],
      ['https://www.tiktok.com/@nightowl.ceramics', /video URL/],
    ] as const) {
      const r = await h.rest(videoPath(url), { key });
      expect(r.status, url).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details).toEqual([{ param: 'url', message: expect.stringMatching(message) }]);
    }
    expect(hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL shortvideoVideo: typed fields, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(videoPath(videoUrl(VID.ok)), { key });
    const gql = await h.gql(
      `{ shortvideoVideo(url: "${videoUrl(VID.ok)}", cacheMaxAge: "1d") {
          video { id desc createTime isAd locationCreated
            author { id uniqueId nickname verified secUid privateAccount avatarThumb }
            stats { playCount diggCount commentCount shareCount collectCount }
            video { duration width height ratio cover }
            music { id title authorName original duration }
            challenges { id title desc }
            textExtra { type start end hashtagName userUniqueId } }
          json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const v = gql.body.data.shortvideoVideo;
    expect(v.json).toEqual({ video: rest.body.video });
    expect(v.video).toMatchObject({ id: NIGHT_OWL_VIDEO_ID, createTime: 1720000000, author: { uniqueId: 'nightowl.ceramics' } });
    expect(v.video.stats).toEqual(rest.body.video.stats);
    expect(v.video.textExtra[2]).toEqual({ type: 0, start: 51, end: 69, hashtagName: '', userUniqueId: 'clay.studio.leeds' });
  });
});

describe('creator discovery reads the account through shortvideoProfile', () => {
  it('a discovery read and the REST call share one fetch (one upstream request, either order); the view reads the record', async () => {
    const view = await expectOneFetchForBoth(h, {
      platform: 'shortvideo',
      handle: 'nightowl.ceramics',
      restPath: (x) => path('nightowl.ceramics', x),
      hits: () => hits().length,
    });
    expect(view).toMatchObject({ platform: 'shortvideo', handle: 'nightowl.ceramics', followers: 48200, isPrivate: false });
    expect(view.links[0]).toBe('https://linktr.ee/nightowl.ceramics');
  });
});
