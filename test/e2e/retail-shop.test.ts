/**
 * retail-shop (Amazon creator storefronts) end to end: gateway + replay upstream over real HTTP.
 *
 * No capture of an Amazon storefront exists (platforms.md), so every upstream answer here is
 * written by us in the storefront's public shape (src/platforms/retail-shop/samples.ts says what
 * that rests on): the storefront HTML at www.amazon.com/shop/<creator> for page 1, the
 * storefront's JSON page request (src/platforms/retail-shop/endpoints.ts) for later pages.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Route } from '../../src/replay/server.js';
import { feedPath, HOST, storefrontPath } from '../../src/platforms/retail-shop/endpoints.js';
import * as s from '../../src/platforms/retail-shop/samples.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { recordKeys } from '../../src/platforms/records.js';
import { RetailShopPage } from '../../src/platforms/retail-shop/schema.js';

const PAGE_KEYS = recordKeys(RetailShopPage);
const ENVELOPE = ['success', 'credits_remaining', 'credits_charged'];
const HTML = { 'content-type': 'text/html;charset=UTF-8' };
const JSON_HEADERS = { 'content-type': 'application/json;charset=UTF-8' };

/** Storefront pages by creator; creators not listed here do not exist (404). */
const storefronts: Record<string, () => { status?: number; headers?: Record<string, string>; body?: string }> = {
  [s.JUNO]: () => ({ headers: HTML, body: s.storefrontHtml(s.junoPage1(), 'Amazon.com: Juno | cozy home finds') }),
  [s.TESS]: () => ({ headers: HTML, body: s.storefrontHtml(s.tessPage1()) }),
  [s.MARCO]: () => ({ headers: HTML, body: s.storefrontHtml(s.marcoPage1()) }),
  'gone.home': () => ({ status: 302, headers: { location: '/ref=cs_404_link' } }),
  robotcheck: () => ({ headers: HTML, body: s.ROBOT_CHECK_HTML }),
  throttled: () => ({ status: 503, headers: HTML, body: s.DOG_PAGE_HTML }),
  signin: () => ({ status: 302, headers: { location: '/ap/signin?openid.return_to=https%3A%2F%2Fwww.amazon.com%2Fshop%2Fsignin' } }),
  reshaped: () => ({ headers: HTML, body: s.storefrontHtml(undefined) }),
  // Redirects that are not Amazon's not-found (its home page): another host, another login page, another page.
  elsewhere: () => ({ status: 302, headers: { location: 'https://login.example.net/welcome' } }),
  'gp.signin': () => ({ status: 302, headers: { location: '/gp/sign-in.html' } }),
  'other.page': () => ({ status: 302, headers: { location: '/gp/help/customer/display.html' } }),
  // Our own: a storefront whose state names no handle, and a redirect from another name to it.
  'unnamed.shop': () => {
    const state = s.junoPage1();
    delete (state.storefront as Record<string, unknown>).handle;
    return { headers: HTML, body: s.storefrontHtml(state) };
  },
  'moved.away': () => ({ status: 302, headers: { location: '/shop/unnamed.shop' } }),
};

/** Later pages by token, per creator; an unknown token is refused as the storefront would (400). */
const feedPages: Record<string, Record<string, () => object>> = {
  [s.JUNO]: { [s.TOKENS.junoPage2]: s.junoPage2, [s.TOKENS.junoPage3]: s.junoPage3 },
  [s.TESS]: { [s.TOKENS.tessPage2]: s.tessPage2 },
};

const storefrontRoute: Route = {
  host: HOST,
  path: /^\/shop\/[^/]+$/,
  method: 'GET',
  response: (req) => {
    const handle = decodeURIComponent(req.path.split('/')[2]);
    return storefronts[handle]?.() ?? { status: 404, headers: HTML, body: s.NOT_FOUND_HTML };
  },
};

const feedRoute: Route = {
  host: HOST,
  path: /^\/shop\/[^/]+\/feed$/,
  method: 'GET',
  response: (req) => {
    const handle = decodeURIComponent(req.path.split('/')[2]);
    if (handle === 'robotcheck') return { headers: HTML, body: s.ROBOT_CHECK_HTML };
    if (handle === 'gone.home') return { status: 302, headers: { location: '/ref=cs_404_link' } };
    if (handle === 'other.page') return { status: 302, headers: { location: '/gp/help/customer/display.html' } };
    if (!(handle in feedPages)) return { status: 404, headers: JSON_HEADERS, body: '{"message":"Not Found"}' };
    const page = feedPages[handle][req.query.get('pageToken') ?? ''];
    if (!page) return { status: 400, headers: JSON_HEADERS, body: '{"errorCode":"INVALID_PAGE_TOKEN"}' };
    return { headers: JSON_HEADERS, body: JSON.stringify(page()) };
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(storefrontRoute);
  h.replay.add(feedRoute);
  h.replay.add({ host: HOST, path: '/ref=cs_404_link', response: { headers: HTML, body: s.HOME_HTML } });
  h.replay.add({
    host: HOST,
    path: '/ap/signin',
    response: { headers: HTML, body: '<html><head><title>Amazon Sign-In</title></head><body><form name="signIn"></form></body></html>' },
  });
  const page = (title: string) => ({ headers: HTML, body: `<html><head><title>${title}</title></head><body></body></html>` });
  h.replay.add({ host: 'login.example.net', path: '/welcome', response: page('Welcome') });
  h.replay.add({ host: HOST, path: '/gp/sign-in.html', response: page('Amazon Sign-In') });
  h.replay.add({ host: HOST, path: '/gp/help/customer/display.html', response: page('Amazon.com Help') });
});

const shopPath = (url: string, extra: Record<string, string> = {}) => `/v1/retail-shop/shop?${new URLSearchParams({ url, ...extra })}`;
const amazonHits = () => h.replay.hits({ host: HOST });
const feedHits = () => h.replay.hits({ host: HOST, path: /\/feed$/ });
const recordOf = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => !ENVELOPE.includes(k)));

const GQL = `query Shop($url: String!, $pageToken: String) {
  retailShopStorefront(url: $url, pageToken: $pageToken) {
    json avatar name description socials pageToken
    lists { title itemCount image url }
    videos { id title thumbnail asins }
    trendingPicks { url image price discount }
    curations { title postCount image url }
  }
}`;

describe('GET /v1/retail-shop/shop — first page', () => {
  it('charges 1 credit; envelope, then every api.md field in order; no cache keys', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(shopPath('https://www.amazon.com/shop/juno.nesting'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([...ENVELOPE, ...PAGE_KEYS]);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      name: 'Juno | cozy home finds',
      avatar: expect.stringMatching(/^https:\/\/m\.media-amazon\.com\/images\/I\//),
      socials: ['https://www.instagram.com/juno.nesting', 'https://www.tiktok.com/@juno.nesting', 'https://www.youtube.com/@junonesting'],
      pageToken: s.TOKENS.junoPage2,
    });
    expect(r.body.lists).toHaveLength(2);
    expect(r.body.lists[0]).toEqual({
      title: 'Rental-friendly bathroom',
      itemCount: 36,
      image: expect.any(String),
      url: 'https://www.amazon.com/shop/juno.nesting/list/1RZ8Q3LW0KX7D',
    });
    expect(r.body.videos).toEqual([
      {
        id: 'amzn1.vse.video.1f4b9c2d7e8a4b6c9d0e1f2a3b4c5d6e',
        title: 'Styling my open shelves under $50',
        thumbnail: expect.any(String),
        asins: ['B0D4KQ7XRM', 'B09TQ2X7LC'],
      },
    ]);
    expect(r.body.trendingPicks[0]).toEqual({
      url: 'https://www.amazon.com/shop/juno.nesting/getProductDetails/B0D4KQ7XRM?showRelatedPost=true',
      image: expect.any(String),
      price: 24.99,
      discount: 38,
    });
    expect(r.body.trendingPicks[2].discount).toBeNull();
    expect(r.body.curations[1]).toMatchObject({ title: 'Tiny kitchen, big ideas', postCount: 1204 });
    expect(r.body).not.toHaveProperty('cached');
    expect(r.body).not.toHaveProperty('cached_at');
    expect(await h.balance(id)).toBe(9);

    const [hit] = amazonHits();
    expect(hit.path).toBe('/shop/juno.nesting');
    expect(hit.upstreamUrl).toBe('https://www.amazon.com/shop/juno.nesting');
    expect(hit.headers.accept).toMatch(/text\/html/);
  });

  it('amazon.com without www, a bare creator name and other spellings fetch the one canonical storefront', async () => {
    const { key } = await h.key(10);
    for (const url of [
      'https://amazon.com/shop/juno.nesting',
      'juno.nesting',
      'http://www.amazon.com/shop/Juno.Nesting/?ref_=cm_sw_r_cp_ud_aipsfshop',
      'amazon.com/shop/juno.nesting#videos',
    ]) {
      const r = await h.rest(shopPath(url), { key });
      expect([url, r.status, r.body.name]).toEqual([url, 200, 'Juno | cozy home finds']);
    }
    expect(amazonHits().map((r) => r.upstreamUrl)).toEqual(Array(4).fill('https://www.amazon.com/shop/juno.nesting'));
  });

  it('a lists-only storefront and a videos-only storefront', async () => {
    const { key } = await h.key(10);
    const tess = await h.rest(shopPath('https://www.amazon.com/shop/trailtess'), { key });
    expect(tess.status).toBe(200);
    expect(tess.body.lists.map((l: { title: string }) => l.title)).toEqual(['Ultralight shelter picks', 'Camp kitchen']);
    expect(tess.body).toMatchObject({ videos: [], trendingPicks: [], curations: [], socials: [], pageToken: s.TOKENS.tessPage2 });

    const marco = await h.rest(shopPath('https://www.amazon.com/shop/kitchenwithmarco'), { key });
    expect(marco.status).toBe(200);
    expect(marco.body).toMatchObject({ lists: [], description: null, pageToken: null });
    expect(marco.body.videos).toEqual([
      {
        id: 'amzn1.vse.video.4c7e0a2d3f5b6c8e0a2c4e6a8c0e2a4c',
        title: 'Knife skills 101',
        thumbnail: expect.any(String),
        asins: ['B07PGL2ZSL', 'B00004OCKR'],
      },
    ]);
  });
});

describe('pagination with the opaque pageToken', () => {
  it('follows juno to its last page: the token reaches the page request byte for byte; 1 credit a page', async () => {
    const { key, id } = await h.key(10);
    const p1 = await h.rest(shopPath('https://www.amazon.com/shop/juno.nesting'), { key });
    expect(p1.body.pageToken).toBe(s.TOKENS.junoPage2);

    // Page 2: videos only.
    const p2 = await h.rest(shopPath('https://www.amazon.com/shop/juno.nesting', { pageToken: p1.body.pageToken }), { key });
    expect(p2.status).toBe(200);
    expect(Object.keys(p2.body)).toEqual([...ENVELOPE, ...PAGE_KEYS]);
    expect(p2.body).toMatchObject({
      credits_charged: 1,
      credits_remaining: 8,
      avatar: null,
      name: null,
      description: null,
      socials: [],
      lists: [],
      trendingPicks: [],
      curations: [],
    });
    expect(p2.body.videos.map((v: { title: string }) => v.title)).toEqual([
      'Entryway makeover in 60 seconds',
      'My most-used kitchen gadget',
    ]);
    // A token with +, /, = and & in it comes back exactly as the storefront gave it.
    expect(p2.body.pageToken).toBe('amzn1.vse.video.c0ffee+/Zm9v=&x=1');

    // Page 3: lists only — although its token reads like a video id — and the end.
    const p3 = await h.rest(shopPath('juno.nesting', { pageToken: p2.body.pageToken }), { key });
    expect(p3.status).toBe(200);
    expect(p3.body.videos).toEqual([]);
    expect(p3.body.lists).toEqual([
      {
        title: 'Gifts for hosts',
        itemCount: 18,
        image: expect.any(String),
        url: 'https://www.amazon.com/shop/juno.nesting/list/0KD2W7XQ9PL3A',
      },
    ]);
    expect(p3.body.pageToken).toBeNull();
    expect(await h.balance(id)).toBe(7);

    const [f2, f3] = feedHits();
    expect(f2.path).toBe(feedPath(s.JUNO));
    expect(f2.query.get('pageToken')).toBe(s.TOKENS.junoPage2);
    expect(f3.query.get('pageToken')).toBe(s.TOKENS.junoPage3);
    expect([...f3.query.keys()]).toEqual(['pageToken']);
    expect(f3.upstreamUrl).toBe(`https://www.amazon.com${feedPath(s.JUNO)}?pageToken=${encodeURIComponent(s.TOKENS.junoPage3)}`);
    expect(f3.headers.accept).toBe('application/json');
    expect(f3.headers.referer).toBe(`https://www.amazon.com${storefrontPath(s.JUNO)}`);
    // Later pages are the page request alone: the storefront HTML was fetched once, for page 1.
    expect(amazonHits().filter((r) => r.path === storefrontPath(s.JUNO))).toHaveLength(1);
  });

  it('a lists-only storefront pages the same way, to a null token', async () => {
    const { key } = await h.key(5);
    const p2 = await h.rest(shopPath('https://www.amazon.com/shop/trailtess', { pageToken: s.TOKENS.tessPage2 }), { key });
    expect(p2.status).toBe(200);
    expect(p2.body).toMatchObject({ lists: [{ title: 'Rain gear that works', itemCount: 14 }], videos: [], pageToken: null });
  });

  it('an empty pageToken is the first page', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(`${shopPath('trailtess')}&pageToken=`, { key });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('Tess on the Trail');
    expect(feedHits()).toHaveLength(0);
  });

  it('a token the storefront refuses is 400 naming pageToken, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(shopPath('juno.nesting', { pageToken: 'not-a-token-from-this-storefront' }), { key });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ param: 'pageToken', message: expect.stringContaining('previous response') }],
    });
    expect(feedHits()[0].query.get('pageToken')).toBe('not-a-token-from-this-storefront');
    expect(await h.balance(id)).toBe(5);
  });
});

describe('cache_max_age is not a parameter of this route', () => {
  it('is ignored like any unknown parameter: every call is live and charged, never "cached"', async () => {
    const { key, id } = await h.key(10);
    const first = await h.rest(shopPath('trailtess', { cache_max_age: '1d' }), { key });
    const second = await h.rest(shopPath('trailtess', { cache_max_age: '30d' }), { key });
    const nonsense = await h.rest(shopPath('trailtess', { cache_max_age: 'forever' }), { key });
    for (const r of [first, second, nonsense]) {
      expect(r.status).toBe(200);
      expect(r.body.credits_charged).toBe(1);
      expect(r.body).not.toHaveProperty('cached');
    }
    expect(recordOf(second.body)).toEqual(recordOf(first.body));
    expect(amazonHits()).toHaveLength(3);
    expect(await h.balance(id)).toBe(7);
  });

  it('OpenAPI lists url and pageToken only; GraphQL has no cacheMaxAge argument on the field', async () => {
    const doc = await h.rest('/openapi.json');
    expect(doc.body.paths['/v1/retail-shop/shop'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['url', 'pageToken']);
    const { key, id } = await h.key(5);
    const r = await h.gql('{ retailShopStorefront(url: "trailtess", cacheMaxAge: "1d") { name } }', { key });
    expect(r.body.errors[0].message).toMatch(/Unknown argument "cacheMaxAge"/);
    expect(amazonHits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
  });
});

describe('a storefront whose state names no handle', () => {
  it('asked by its own URL, it stands (nothing on it names another); reached by a redirect from another name, it is refused (below)', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(`/v1/retail-shop/shop?url=${encodeURIComponent('https://www.amazon.com/shop/unnamed.shop')}`, { key });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.name).toBe('Juno | cozy home finds');
  });
});

describe('errors cost 0 credits', () => {
  const cases: [string, string, Record<string, string>, number, string, RegExp][] = [
    ['a storefront that does not exist (404)', 'https://www.amazon.com/shop/nobody.here', {}, 404, 'NOT_FOUND', /not found/],
    [
      'a storefront that redirects to the home page',
      'https://www.amazon.com/shop/gone.home',
      {},
      404,
      'NOT_FOUND',
      /redirected to its home page/,
    ],
    [
      'a later page of a storefront that is gone',
      'https://www.amazon.com/shop/vanished',
      { pageToken: 'amzn1.ideas.X_0' },
      404,
      'NOT_FOUND',
      /not found/,
    ],
    [
      'a later page redirected to the home page',
      'https://www.amazon.com/shop/gone.home',
      { pageToken: 'amzn1.ideas.X_0' },
      404,
      'NOT_FOUND',
      /redirected to its home page/,
    ],
    // Only the home page is Amazon's not-found: another host, a login page or another page is not "not found".
    [
      'a redirect to another host',
      'https://www.amazon.com/shop/elsewhere',
      {},
      502,
      'UPSTREAM_FAILED',
      /another host \(login\.example\.net\)/,
    ],
    ['a redirect to another sign-in page', 'https://www.amazon.com/shop/gp.signin', {}, 502, 'UPSTREAM_BLOCKED', /login wall/],
    ['a redirect to another Amazon page', 'https://www.amazon.com/shop/other.page', {}, 502, 'UPSTREAM_FAILED', /not the storefront/],
    [
      "a redirect to another creator's storefront (whose state names no handle)",
      'https://www.amazon.com/shop/moved.away',
      {},
      502,
      'UPSTREAM_FAILED',
      /different resource \(handle unnamed\.shop, not moved\.away\)/,
    ],
    [
      'a later page redirected to another Amazon page',
      'https://www.amazon.com/shop/other.page',
      { pageToken: 'amzn1.ideas.X_0' },
      502,
      'UPSTREAM_FAILED',
      /not the storefront/,
    ],
    ['the robot check', 'https://www.amazon.com/shop/robotcheck', {}, 502, 'UPSTREAM_BLOCKED', /robot check/],
    [
      'the robot check answering a page request',
      'https://www.amazon.com/shop/robotcheck',
      { pageToken: 'amzn1.ideas.X_0' },
      502,
      'UPSTREAM_BLOCKED',
      /robot check/,
    ],
    [
      'the "Sorry! Something went wrong" dog page (503)',
      'https://www.amazon.com/shop/throttled',
      {},
      502,
      'UPSTREAM_BLOCKED',
      /Something went wrong/,
    ],
    ['a redirect to the sign-in page', 'https://www.amazon.com/shop/signin', {}, 502, 'UPSTREAM_BLOCKED', /login wall/],
    [
      'a page without the storefront state',
      'https://www.amazon.com/shop/reshaped',
      {},
      502,
      'UPSTREAM_FAILED',
      /changed shape: missing shop-storefront-state state script/,
    ],
  ];
  it.each(cases)('%s', async (_name, url, extra, status, code, message) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(shopPath(url, extra), { key });
    expect(r.status).toBe(status);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.message).toMatch(message);
    expect(await h.balance(id)).toBe(3);
  });
});

describe('input validation: 400 naming the parameter, 0 credits, nothing fetched', () => {
  const cases: [string, string, string, RegExp][] = [
    ['missing url', '/v1/retail-shop/shop', 'url', /required/],
    ['another host', shopPath('https://linktr.ee/juno.nesting'), 'url', /Amazon storefront URL/],
    ['another Amazon country site', shopPath('https://www.amazon.co.uk/shop/juno.nesting'), 'url', /other Amazon sites/],
    ['an idea list, not a storefront', shopPath('https://www.amazon.com/shop/juno.nesting/list/1RZ8Q3LW0KX7D'), 'url', /not a list/],
    ['a product page', shopPath('https://www.amazon.com/dp/B0D4KQ7XRM'), 'url', /not a list, product/],
    ['an IP literal', shopPath('http://127.0.0.1/shop/x'), 'url', /Amazon storefront URL/],
    ['an over-long url', shopPath(`https://www.amazon.com/shop/${'a'.repeat(2100)}`), 'url', /at most 2048/],
    ['an over-long pageToken', shopPath('juno.nesting', { pageToken: 't'.repeat(2049) }), 'pageToken', /at most 2048/],
    ['url given twice', `${shopPath('juno.nesting')}&url=trailtess`, 'url', /more than once/],
  ];
  it.each(cases)('%s', async (_name, path, param, message) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details).toEqual([{ param, message: expect.stringMatching(message) }]);
    expect(await h.balance(id)).toBe(5);
    expect(amazonHits()).toHaveLength(0);
  });

  it('GraphQL reports a wrong host as a field error naming url, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql('{ retailShopStorefront(url: "https://www.amazon.de/shop/x") { name } }', { key });
    expect(r.status).toBe(200);
    expect(r.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ param: 'url', message: expect.stringMatching(/other Amazon sites/) }],
    });
    expect(r.body.extensions.credits.charged).toBe(0);
    expect(await h.balance(id)).toBe(5);
  });
});

describe('REST and GraphQL return the same data', () => {
  it.each<[string, { url: string; pageToken?: string }]>([
    ['first page (lists, videos, every section)', { url: 'https://www.amazon.com/shop/juno.nesting' }],
    ['later page (videos only)', { url: 'https://www.amazon.com/shop/juno.nesting', pageToken: s.TOKENS.junoPage2 }],
    ['last page (lists only)', { url: 'juno.nesting', pageToken: s.TOKENS.junoPage3 }],
  ])('%s', async (_name, vars) => {
    const { key, id } = await h.key(5);
    const rest = await h.rest(shopPath(vars.url, vars.pageToken ? { pageToken: vars.pageToken } : {}), { key });
    expect(rest.status).toBe(200);
    const gql = await h.gql(GQL, { key, variables: vars });
    expect(gql.status).toBe(200);
    expect(gql.body.errors).toBeUndefined();
    const { json, ...typed } = gql.body.data.retailShopStorefront;
    const record = recordOf(rest.body);
    expect(json).toEqual(record);
    // The typed fields carry the same values as the wire record (its names are already camelCase).
    expect(typed).toEqual(record);
    expect(gql.body.extensions.credits).toMatchObject({
      charged: 1,
      fields: [{ path: 'retailShopStorefront', charged: 1, cached: false }],
    });
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL passes the same opaque token to the page request', async () => {
    const { key } = await h.key(5);
    const r = await h.gql(GQL, { key, variables: { url: 'juno.nesting', pageToken: s.TOKENS.junoPage3 } });
    expect(r.body.data.retailShopStorefront.pageToken).toBeNull();
    expect(feedHits()[0].query.get('pageToken')).toBe(s.TOKENS.junoPage3);
  });
});
