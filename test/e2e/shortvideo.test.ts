/**
 * shortvideo (TikTok) `GET /v1/shortvideo/profile` end to end: gateway + replay upstream over real
 * HTTP. The pages are our own, written in src/platforms/shortvideo/samples.ts (an invented account).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Route } from '../../src/replay/server.js';
import { nightOwlPage, notFoundUniversalPage, VERIFY_PAGE } from '../../src/platforms/shortvideo/samples.js';
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

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(pageRoute);
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
