/**
 * microblog-b (X / Twitter) `GET /v1/microblog-b/profile` end to end: gateway + replay upstream
 * over real HTTP — the guest-token activation, then `UserByScreenName`. Bodies are our own, in the
 * public shapes (src/platforms/microblog-b/samples.ts). The tweet route's guest-token and query-id
 * behaviour is test/e2e/microblog-b.test.ts's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_BY_SCREEN_NAME } from '../../src/platforms/microblog-b/endpoints.js';
import { GUEST_ACTIVATE_BODY, LOGIN_WALL_HTML, newShapeUser } from '../../src/platforms/microblog-b/samples.js';
import type { Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { expectOneFetchForBoth } from '../support/discovery-read.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const USER_PATH = `/i/api/graphql/${USER_BY_SCREEN_NAME.queryId}/UserByScreenName`;

/** `ada_writes` → the account (2026 shape); `walled` → the login page; anyone else → an empty `data.user`. */
const routes: Route[] = [
  {
    host: 'api.x.com',
    path: '/1.1/guest/activate.json',
    response: { headers: JSON_HEADERS, body: GUEST_ACTIVATE_BODY('1888000000000000001') },
  },
  {
    host: 'x.com',
    path: USER_PATH,
    response: (req) => {
      const who = (JSON.parse(req.query.get('variables') ?? '{}') as { screen_name?: string }).screen_name;
      if (who === 'walled') return { headers: { 'content-type': 'text/html; charset=utf-8' }, body: LOGIN_WALL_HTML };
      const user = who === 'ada_writes' ? { result: newShapeUser('ada_writes') } : {};
      return { headers: JSON_HEADERS, body: JSON.stringify({ data: { user } }) };
    },
  },
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  for (const r of routes) h.replay.add(r);
});

const path = (handle: string, extra = '') => `/v1/microblog-b/profile?handle=${encodeURIComponent(handle)}${extra}`;
const userHits = () => h.replay.hits({ host: 'x.com' }).filter((r) => r.path === USER_PATH);

describe('microblog-b profile', () => {
  it('charges 1 for a live answer: {user} with the api.md legacy block', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path('@Ada_Writes'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      credits_charged: 1,
      user: { rest_id: expect.any(String), legacy: { screen_name: 'ada_writes' } },
    });
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'user']);
    expect(JSON.parse(userHits()[0].query.get('variables')!)).toMatchObject({ screen_name: 'ada_writes' });
    expect(await h.balance(id)).toBe(4);
  });

  it('cache_max_age answers a stored profile at 0 credits; handle spellings share the entry', async () => {
    const { key, id } = await h.key(5);
    expect((await h.rest(path('ada_writes'), { key })).body.credits_charged).toBe(1);
    const hit = await h.rest(path('@ADA_WRITES', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true, user: { legacy: { screen_name: 'ada_writes' } } });
    expect(userHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('an account nobody has is 404 NOT_FOUND at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path('ghost'), { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(3);
  });

  it('the login page instead of JSON is 502 UPSTREAM_BLOCKED at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path('walled'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a profile URL as handle is 400 INVALID_INPUT naming handle, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path('https://x.com/ada_writes'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toContainEqual({ param: 'handle', message: expect.stringMatching(/screen name/) });
    expect(userHits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL microblogBProfile: typed fields, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(path('ada_writes'), { key });
    const gql = await h.gql(
      `{ microblogBProfile(handle: "ada_writes", cacheMaxAge: "1d") { user { restId legacy { screenName } } json } }`,
      {
        key,
      },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.microblogBProfile;
    expect(p.json).toEqual({ user: rest.body.user });
    expect(p.user).toEqual({ restId: rest.body.user.rest_id, legacy: { screenName: 'ada_writes' } });
  });
});

describe('creator discovery reads the account through microblogBProfile', () => {
  it('a discovery read and the REST call share one fetch (one UserByScreenName request, either order)', async () => {
    const view = await expectOneFetchForBoth(h, {
      platform: 'microblog-b',
      handle: 'ada_writes',
      restPath: (x) => path('ada_writes', x),
      hits: () => userHits().length,
    });
    expect(view).toMatchObject({ platform: 'microblog-b', handle: 'ada_writes', ids: ['microblog-b:ada_writes'] });
  });
});
