/**
 * pinboard (Pinterest) `GET /v1/pinboard/profile` end to end: gateway + replay upstream over real
 * HTTP. UserResource answers are our own (src/platforms/pinboard/samples.ts, in the search
 * capture's envelope); `walled` answers Pinterest's challenge page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../src/platforms/pinboard/samples.js';
import type { Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { expectOneFetchForBoth } from '../support/discovery-read.js';

const HOST = 'www.pinterest.com';
const PATH = '/resource/UserResource/get/';
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

const route: Route = {
  host: HOST,
  path: PATH,
  response: (req) => {
    const username = (JSON.parse(req.query.get('data') ?? '{}') as { options?: { username?: string } }).options?.username;
    if (username === 'walled') return { status: 403, headers: { 'content-type': 'text/html' }, body: s.CHALLENGE_HTML };
    // JSON refusals without Pinterest's resource envelope (our own bodies: the public API's error
    // model, a bare object): an edge's or firewall's, not Pinterest's word on the user.
    if (username === 'throttled') return { status: 429, headers: JSON_HEADERS, body: '{"code":8,"message":"Rate limit exceeded."}' };
    if (username === 'refused') return { status: 403, headers: JSON_HEADERS, body: '{}' };
    if (username !== 'inkpots') return { status: 404, headers: JSON_HEADERS, body: JSON.stringify(s.failureBody(404, 'User not found.')) };
    const user = s.userJson('900000000000000001', 'inkpots', {
      about: 'Ink and pots',
      website_url: 'https://inkpots.example/',
      pin_count: 40,
    });
    return { headers: JSON_HEADERS, body: JSON.stringify(s.userResourceBody(user)) };
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(route);
});

const path = (handle: string, extra = '') => `/v1/pinboard/profile?handle=${encodeURIComponent(handle)}${extra}`;
const hits = () => h.replay.hits({ host: HOST });

describe('pinboard profile', () => {
  it('charges 1 for a live answer {user}; cache_max_age answers it at 0 credits, handle spellings sharing the entry', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path('@InkPots'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      user: {
        id: '900000000000000001',
        username: 'inkpots',
        about: 'Ink and pots',
        website_url: 'https://inkpots.example/',
        pin_count: 40,
      },
    });
    const hit = await h.rest(path('INKPOTS', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, user: { username: 'inkpots' } });
    expect(hits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('a user nobody has is 404 NOT_FOUND; the challenge page 502 UPSTREAM_BLOCKED; both at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const gone = await h.rest(path('nobodyhere'), { key });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('NOT_FOUND');
    const walled = await h.rest(path('walled'), { key });
    expect(walled.status).toBe(502);
    expect(walled.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('JSON without the resource envelope at 429 / 403 is 502 UPSTREAM_BLOCKED (was UPSTREAM_FAILED), 0 credits', async () => {
    const { key, id } = await h.key(3);
    for (const handle of ['throttled', 'refused']) {
      const r = await h.rest(path(handle), { key });
      expect(r.status, handle).toBe(502);
      expect(r.body.error.code, handle).toBe('UPSTREAM_BLOCKED');
    }
    expect(await h.balance(id)).toBe(3);
  });

  it('a profile URL as handle is 400 naming handle, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path('https://www.pinterest.com/inkpots/'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toContainEqual({ param: 'handle', message: expect.any(String) });
    expect(hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL pinboardProfile: typed fields, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(path('inkpots'), { key });
    const gql = await h.gql(
      `{ pinboardProfile(handle: "inkpots", cacheMaxAge: "1d") {
          user { id nodeId username fullName about websiteUrl followerCount pinCount imageMediumUrl verifiedIdentity }
          json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.pinboardProfile;
    expect(p.json).toEqual({ user: rest.body.user });
    expect(p.user).toMatchObject({ username: 'inkpots', about: 'Ink and pots', websiteUrl: 'https://inkpots.example/', pinCount: 40 });
  });
});

describe('creator discovery reads the account through pinboardProfile', () => {
  it('a discovery read and the REST call share one fetch (one UserResource request, either order); the view reads the record', async () => {
    const view = await expectOneFetchForBoth(h, {
      platform: 'pinboard',
      handle: 'inkpots',
      restPath: (x) => path('inkpots', x),
      hits: () => hits().length,
    });
    expect(view).toMatchObject({ platform: 'pinboard', handle: 'inkpots', bio: 'Ink and pots', ids: ['pinboard:inkpots'] });
  });
});
