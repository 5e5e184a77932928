/**
 * microblog-c (Threads) `GET /v1/microblog-c/profile` end to end: gateway + replay upstream over
 * real HTTP. The profile pages are the discovery sample web's (src/discovery/sample-web.ts: our
 * own pages in the shape the reader and this operation read, a user object in a data-sjs
 * script); `@walled.one` answers Threads' login page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DiscoveryWeb } from '../../src/discovery/sample-web.js';
import { LOGIN_PAGE_HTML } from '../../src/platforms/microblog-c/samples.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { expectOneFetchForBoth } from '../support/discovery-read.js';

const HOST = 'www.threads.com';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  const w = new DiscoveryWeb();
  w.threads.set('owl.studio', { handle: 'owl.studio', name: 'Owl Studio', bio: 'Night threads', website: 'https://owl.example/' });
  w.override(`https://${HOST}/@walled.one`, { headers: { 'content-type': 'text/html; charset=utf-8' }, body: LOGIN_PAGE_HTML });
  for (const r of w.routes()) h.replay.add(r);
});

const path = (handle: string, extra = '') => `/v1/microblog-c/profile?handle=${encodeURIComponent(handle)}${extra}`;
const hits = () => h.replay.hits({ host: HOST });

describe('microblog-c profile', () => {
  it('charges 1 for a live answer {user}; cache_max_age answers it at 0 credits, handle spellings sharing the entry', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path('@Owl.Studio'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      user: { username: 'owl.studio', full_name: 'Owl Studio', biography: 'Night threads', bio_links: [{ url: 'https://owl.example/' }] },
    });
    expect(hits()[0].path).toBe('/@owl.studio');
    const hit = await h.rest(path('OWL.STUDIO', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, user: { username: 'owl.studio' } });
    expect(hits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('a page naming no such profile is 404 NOT_FOUND; the login page 502 UPSTREAM_BLOCKED; both at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const gone = await h.rest(path('nobody.here'), { key });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('NOT_FOUND');
    const walled = await h.rest(path('walled.one'), { key });
    expect(walled.status).toBe(502);
    expect(walled.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a profile URL as handle is 400 naming handle, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path('https://www.threads.com/@owl.studio'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toContainEqual({ param: 'handle', message: expect.stringMatching(/not a profile URL/) });
    expect(hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL microblogCProfile: typed fields, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(path('owl.studio'), { key });
    const gql = await h.gql(
      `{ microblogCProfile(handle: "owl.studio", cacheMaxAge: "1d") {
          user { pk username fullName biography bioLinks { url } followerCount isVerified isPrivate profilePicUrl }
          json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.microblogCProfile;
    expect(p.json).toEqual({ user: rest.body.user });
    expect(p.user).toMatchObject({
      username: 'owl.studio',
      fullName: 'Owl Studio',
      bioLinks: [{ url: 'https://owl.example/' }],
      isPrivate: false,
    });
  });
});

describe('creator discovery reads the account through microblogCProfile', () => {
  it('a discovery read and the REST call share one fetch (one page request, either order); the view reads the record', async () => {
    const view = await expectOneFetchForBoth(h, {
      platform: 'microblog-c',
      handle: 'owl.studio',
      restPath: (x) => path('owl.studio', x),
      hits: () => hits().length,
    });
    expect(view).toMatchObject({
      platform: 'microblog-c',
      handle: 'owl.studio',
      displayName: 'Owl Studio',
      bio: 'Night threads',
      ids: ['microblog-c:owl.studio'],
    });
  });
});
