/**
 * social-a (Facebook) `GET /v1/social-a/page` end to end: gateway + replay upstream over real
 * HTTP. Pages are the discovery sample web's (src/discovery/sample-web.ts: our own logged-out page
 * HTML with the intro card's Relay data); an unknown page answers Facebook's "content isn't
 * available" page; `walled` the login wall.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DiscoveryWeb } from '../../src/discovery/sample-web.js';
import { LOGIN_WALL_HTML } from '../../src/platforms/social-a/samples.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { expectOneFetchForBoth } from '../support/discovery-read.js';

const HOST = 'www.facebook.com';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  const w = new DiscoveryWeb();
  w.facebook.set('harbourkiln', {
    vanity: 'harbourkiln',
    name: 'Harbour Kiln',
    description: 'Wood-fired pottery by the harbour.',
    id: '100070000000123',
    links: ['https://harbourkiln.example/'],
    intro: {
      bio: 'Pottery studio · classes on Saturdays',
      websites: [{ url: 'https://harbourkiln.example/', text: 'harbourkiln.example' }],
      email: 'hello@harbourkilnstudio.com',
      category: 'Artist',
    },
  });
  w.override(`https://${HOST}/walled`, { headers: { 'content-type': 'text/html; charset=utf-8' }, body: LOGIN_WALL_HTML });
  for (const r of w.routes()) h.replay.add(r);
});

const path = (url: string, extra = '') => `/v1/social-a/page?url=${encodeURIComponent(url)}${extra}`;
const hits = () => h.replay.hits({ host: HOST });

describe('social-a page', () => {
  it('charges 1 for a live answer {page}; cache_max_age answers it at 0 credits, URL spellings sharing the entry', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path('https://www.facebook.com/HarbourKiln'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      page: {
        id: '100070000000123',
        username: 'harbourkiln',
        name: 'Harbour Kiln',
        websites: ['https://harbourkiln.example/'],
        emails: expect.arrayContaining(['hello@harbourkilnstudio.com']),
      },
    });
    const hit = await h.rest(path('https://m.facebook.com/HARBOURKILN/', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, page: { username: 'harbourkiln' } });
    expect(hits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('a page nobody has is 404 NOT_FOUND; the login wall 502 UPSTREAM_BLOCKED; both at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const gone = await h.rest(path('https://www.facebook.com/nobodyhere'), { key });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('NOT_FOUND');
    const walled = await h.rest(path('https://www.facebook.com/walled'), { key });
    expect(walled.status).toBe(502);
    expect(walled.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a URL off the platform is 400 naming url, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path('https://example.com/harbourkiln'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toContainEqual({ param: 'url', message: expect.stringMatching(/facebook\.com page URL/) });
    expect(hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL socialAPage: typed fields, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(path('https://www.facebook.com/harbourkiln'), { key });
    const gql = await h.gql(
      `{ socialAPage(url: "https://www.facebook.com/harbourkiln", cacheMaxAge: "1d") {
          page { id username url name category intro description websites emails links followerCount likeCount }
          json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.socialAPage;
    expect(p.json).toEqual({ page: rest.body.page });
    expect(p.page).toMatchObject({
      username: 'harbourkiln',
      name: 'Harbour Kiln',
      websites: rest.body.page.websites,
      emails: rest.body.page.emails,
    });
  });
});

describe('creator discovery reads the page through socialAPage', () => {
  it('a discovery read and the REST call share one fetch (one page request, either order); the view reads the record', async () => {
    const view = await expectOneFetchForBoth(h, {
      platform: 'social-a',
      handle: 'harbourkiln',
      restPath: (x) => path('https://www.facebook.com/HarbourKiln/', x),
      hits: () => hits().length,
    });
    expect(view).toMatchObject({
      platform: 'social-a',
      handle: 'harbourkiln',
      displayName: 'Harbour Kiln',
      websites: ['https://harbourkiln.example/'],
      emails: ['hello@harbourkilnstudio.com'],
      ids: ['social-a:harbourkiln', 'social-a:100070000000123'],
    });
  });
});
