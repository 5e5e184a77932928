/**
 * pinboard (Pinterest) end to end: gateway + replay upstream over real HTTP.
 *
 * The upstream answers are hand-written by us in the BaseSearchResource shape of the real
 * capture (src/platforms/pinboard/samples.ts says what they rest on); the last block replays
 * the capture itself from ../shared/fixtures/pinboard, in place, when it is present.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { END_BOOKMARK } from '../../src/platforms/pinboard/parse.js';
import * as s from '../../src/platforms/pinboard/samples.js';
import { fixturePath, hasFixtures, skipReason } from '../support/fixtures.js';
import type { ReplayRequest, Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { PINBOARD_PIN_KEYS } from '../support/record-keys.js';
import { withoutEnvelope } from '../support/envelope.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const HOST = 'www.pinterest.com';
const PATH = '/resource/BaseSearchResource/get/';
const TERM = 'chili oil noodles';
const CURSOR_1 = s.cursorFor(1, TERM);
const CURSOR_2 = s.cursorFor(2, TERM);

/** What the gateway asked for: the `data` parameter's options. */
const optionsOf = (req: ReplayRequest) =>
  (JSON.parse(req.query.get('data') ?? '{}') as { options: { query: string; scope: string; bookmarks?: string[] } }).options;

/** Three pages chained by bookmark, the last ending with `-end-`; queries starting with zzzz: no results. */
const searchRoute: Route = {
  host: HOST,
  path: PATH,
  response: (req) => {
    const { query, bookmarks } = optionsOf(req);
    if (query.startsWith('zzzz')) return { headers: JSON_HEADERS, body: JSON.stringify(s.searchBody([], END_BOOKMARK)) };
    const pages: Record<string, object> = {
      first: s.searchBody([s.pinJson('101'), s.pinJson('102'), { type: 'story', id: 'module-1' }, s.pinJson('103')], CURSOR_1),
      [CURSOR_1]: s.searchBody([s.pinJson('104'), s.pinJson('105', { board: s.fullBoardJson('42') })], CURSOR_2),
      [CURSOR_2]: s.searchBody([s.pinJson('106')], END_BOOKMARK),
    };
    const page = pages[bookmarks?.[0] ?? 'first'];
    if (!page) return { status: 400, headers: JSON_HEADERS, body: JSON.stringify(s.failureBody(400, 'Invalid bookmark.')) };
    return { headers: JSON_HEADERS, body: JSON.stringify(page) };
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(searchRoute);
});

const searchPath = (q: Record<string, string>) => `/v1/pinboard/search?${new URLSearchParams(q)}`;
const pinterestHits = () => h.replay.hits({ host: HOST });

describe('pinboard search', () => {
  it('charges 1; envelope, then pins and cursor; pins in the api.md shape', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(searchPath({ query: TERM }), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'pins', 'cursor']);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1, cursor: CURSOR_1 });
    expect(r.body.pins.map((p: { id: string }) => p.id)).toEqual(['101', '102', '103']);
    expect(Object.keys(r.body.pins[0])).toEqual(PINBOARD_PIN_KEYS);
    expect(r.body.pins[0]).toMatchObject({
      url: 'https://www.pinterest.com/pin/101/',
      images: { orig: { width: 1000, height: 1500, url: 'https://i.pinimg.com/originals/12/34/56/101.jpg' } },
      board: { id: '9101', name: 'Weeknight dinners', pin_count: null },
      pinner: { username: 'maple.kitchen', follower_count: 120 },
      auto_alt_text: null,
    });
    expect(await h.balance(id)).toBe(9);
  });

  it('sends the anonymous BaseSearchResource GET of platforms.md with the web XHR headers', async () => {
    const { key } = await h.key(5);
    await h.rest(searchPath({ query: `  ${TERM.replace(/ /g, '   ')} ` }), { key });
    const [req] = pinterestHits();
    expect(req.method).toBe('GET');
    expect(req.path).toBe(PATH);
    expect(req.query.get('source_url')).toBe(`/search/pins/?q=${encodeURIComponent(TERM)}`);
    expect(optionsOf(req)).toEqual({ query: TERM, scope: 'pins' });
    expect(req.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(req.headers['x-pinterest-source-url']).toBe(`/search/pins/?q=${encodeURIComponent(TERM)}`);
    expect(req.headers.cookie).toBeUndefined();
    expect(req.headers.authorization).toBeUndefined();
  });

  it('pages through with the cursor passed back unchanged until it is null; 1 credit per page', async () => {
    const { key, id } = await h.key(10);
    const p1 = await h.rest(searchPath({ query: TERM }), { key });
    const p2 = await h.rest(searchPath({ query: TERM, cursor: p1.body.cursor }), { key });
    expect(p2.body).toMatchObject({ credits_charged: 1, cursor: CURSOR_2 });
    expect(p2.body.pins.map((p: { id: string }) => p.id)).toEqual(['104', '105']);
    expect(p2.body.pins[1].board).toMatchObject({ id: '42', pin_count: 423, type: 'board', owner: { username: 'maple.kitchen' } });
    const p3 = await h.rest(searchPath({ query: TERM, cursor: p2.body.cursor }), { key });
    expect(p3.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(p3.body.pins.map((p: { id: string }) => p.id)).toEqual(['106']);
    expect(pinterestHits().map((r) => optionsOf(r).bookmarks)).toEqual([undefined, [CURSOR_1], [CURSOR_2]]);
    expect(await h.balance(id)).toBe(7);
  });

  it('a query without results is {pins: [], cursor: null} at 1 credit', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'zzzz no such thing' }), { key });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, credits_remaining: 4, credits_charged: 1, pins: [], cursor: null });
  });

  it('trim=true: the documented reduced pins', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(searchPath({ query: TERM, trim: 'true' }), { key });
    expect(r.status).toBe(200);
    expect(r.body.cursor).toBe(CURSOR_1);
    expect(r.body.pins[0]).toEqual({
      id: '101',
      url: 'https://www.pinterest.com/pin/101/',
      title: 'Pin 101',
      grid_title: 'Chili oil noodles 101',
      description: 'Quick noodles with chili oil',
      link: 'https://maple-kitchen.example/recipes/101/',
      domain: 'maple-kitchen.example',
      is_promoted: false,
      created_at: 'Mon, 05 Feb 2024 10:11:12 +0000',
      images: { orig: { width: 1000, height: 1500, url: 'https://i.pinimg.com/originals/12/34/56/101.jpg' } },
      board: { id: '9101', name: 'Weeknight dinners', url: '/maple.kitchen/weeknight-dinners/' },
      pinner: { id: '5550001', username: 'maple.kitchen', full_name: 'Maple.kitchen Test' },
    });
  });

  it('cache_max_age serves a stored page at 0 credits; the key is query (normalised) + cursor + trim', async () => {
    const { key, id } = await h.key(10);
    const q = 'noodles for the cache';
    const live = await h.rest(searchPath({ query: q }), { key });
    expect(live.body.credits_charged).toBe(1);
    const hit = await h.rest(searchPath({ query: `  noodles   for the cache `, cache_max_age: '1d' }), { key });
    expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true });
    expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(withoutEnvelope(hit.body)).toEqual(withoutEnvelope(live.body));
    expect(pinterestHits()).toHaveLength(1);

    // Another cursor and another trim are other entries: fetched live.
    const trimmed = await h.rest(searchPath({ query: q, trim: 'true', cache_max_age: '1d' }), { key });
    expect(trimmed.body.credits_charged).toBe(1);
    expect(trimmed.body).not.toHaveProperty('cached');
    const next = await h.rest(searchPath({ query: q, cursor: CURSOR_1, cache_max_age: '1d' }), { key });
    expect(next.body.credits_charged).toBe(1);
    expect(pinterestHits()).toHaveLength(3);
    const trimmedHit = await h.rest(searchPath({ query: q, trim: 'true', cache_max_age: '7d' }), { key });
    expect(trimmedHit.body).toMatchObject({ cached: true, credits_charged: 0 });
    expect(trimmedHit.body.pins[0]).not.toHaveProperty('node_id');
    expect(await h.balance(id)).toBe(7);
  });

  it.each<[string, string, string]>([
    ['missing query', 'query', '/v1/pinboard/search'],
    ['blank query', 'query', searchPath({ query: '   ' })],
    ['cursor without query', 'query', searchPath({ cursor: CURSOR_1 })],
    ['over-long query', 'query', searchPath({ query: 'q'.repeat(600) })],
    ['trim not a boolean', 'trim', searchPath({ query: TERM, trim: 'yes' })],
    ['cursor with spaces and quotes', 'cursor', searchPath({ query: TERM, cursor: '"not a cursor"' })],
    ['over-long cursor', 'cursor', searchPath({ query: TERM, cursor: 'A'.repeat(9000) })],
    ['bad cache_max_age', 'cache_max_age', searchPath({ query: TERM, cache_max_age: '2d' })],
  ])('validation: %s → 400 naming %s, 0 credits, nothing fetched', async (_name, param, path) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param)).toContain(param);
    expect(await h.balance(id)).toBe(5);
    expect(pinterestHits()).toHaveLength(0);
  });

  it('a cursor Pinterest refuses (failure, http_status 400) is 400 naming cursor, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: TERM, cursor: 'Zm9yZ2VkIGN1cnNvcg==' }), { key });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ param: 'cursor', message: expect.stringContaining('Invalid bookmark') }],
    });
    expect(await h.balance(id)).toBe(5);
  });

  it('an upstream 404 is not a missing search: the endpoint moved → 502 UPSTREAM_FAILED, 0 credits', async () => {
    h.replay.add({
      host: HOST,
      path: PATH,
      response: { status: 404, headers: { 'content-type': 'text/html' }, body: '<html><body>Not found</body></html>' },
    });
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: TERM }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('BaseSearchResource') });
    expect(await h.balance(id)).toBe(5);
  });

  describe('blocked: 502 UPSTREAM_BLOCKED at 0 credits, never parsed', () => {
    const cases: [string, Route['response'], RegExp][] = [
      [
        'a redirect to the login page',
        { status: 302, headers: { location: 'https://www.pinterest.com/login/?next=%2Fsearch%2Fpins%2F' } },
        /login wall/,
      ],
      ['a login page served in place', { status: 200, headers: { 'content-type': 'text/html' }, body: s.LOGIN_HTML }, /login wall/],
      [
        'a failure with http_status 401 ("Authorization failed")',
        { status: 401, headers: JSON_HEADERS, body: JSON.stringify(s.failureBody(401, 'Authorization failed.')) },
        /login wall/,
      ],
      ['a challenge page (403)', { status: 403, headers: { 'content-type': 'text/html' }, body: s.CHALLENGE_HTML }, /challenge page/],
      ['rate limited (429)', { status: 429, headers: { 'content-type': 'text/plain' }, body: 'Too Many Requests' }, /429/],
    ];
    it.each(cases)('%s', async (_name, response, message) => {
      h.replay.add({ host: HOST, path: PATH, response });
      h.replay.add({ host: HOST, path: '/login/', response: { headers: { 'content-type': 'text/html' }, body: s.LOGIN_HTML } });
      const { key, id } = await h.key(5);
      const r = await h.rest(searchPath({ query: TERM }), { key });
      expect(r.status).toBe(502);
      expect(r.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringMatching(message) });
      expect(await h.balance(id)).toBe(5);
    });
  });

  it('a changed answer (no results list) is 502 UPSTREAM_FAILED naming what is missing, 0 credits', async () => {
    h.replay.add({
      host: HOST,
      path: PATH,
      response: { headers: JSON_HEADERS, body: JSON.stringify({ resource_response: { status: 'success', data: { items: [] } } }) },
    });
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: TERM }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('resource_response.data.results') });
    expect(await h.balance(id)).toBe(5);
  });

  it('REST and GraphQL return the same page; typed fields and the next cursor', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(searchPath({ query: TERM, cursor: CURSOR_1 }), { key });
    const gql = await h.gql(
      `query ($q: String!, $c: String) { pinboardSearch(query: $q, cursor: $c, cacheMaxAge: "1d") {
          json cursor
          pins { id nodeId url title gridTitle description link domain isPromoted createdAt autoAltText
                 images { orig { width height url } }
                 board { id name url pinCount type owner { username } collaboratingUsers { username } coverImages }
                 pinner { id username fullName followerCount isVerifiedMerchant verifiedIdentity } nativeCreator { id } videos json } } }`,
      { key, variables: { q: TERM, c: CURSOR_1 } },
    );
    expect(gql.body.errors).toBeUndefined();
    const page = gql.body.data.pinboardSearch;
    expect(page.json).toEqual(withoutEnvelope(rest.body));
    expect(page.cursor).toBe(rest.body.cursor);
    expect(page.pins.map((p: { json: unknown }) => p.json)).toEqual(rest.body.pins);
    const [a, b] = page.pins;
    expect(a).toMatchObject({
      id: '104',
      url: 'https://www.pinterest.com/pin/104/',
      gridTitle: 'Chili oil noodles 104',
      isPromoted: false,
      autoAltText: null,
      images: { orig: { width: 1000, height: 1500 } },
    });
    expect(a.pinner).toEqual({
      id: '5550001',
      username: 'maple.kitchen',
      fullName: 'Maple.kitchen Test',
      followerCount: 120,
      isVerifiedMerchant: false,
      verifiedIdentity: {},
    });
    expect(b.board).toMatchObject({
      id: '42',
      name: 'Food',
      pinCount: 423,
      type: 'board',
      owner: { username: 'maple.kitchen' },
      collaboratingUsers: [{ username: 'oak.table' }],
    });
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });

  it('GraphQL: trimmed pins leave the other typed fields null; bad arguments are named', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql(
      `{ pinboardSearch(query: "${TERM}", trim: true) { pins { id nodeId gridTitle pinner { username followerCount } board { name pinCount } } } }`,
      { key },
    );
    expect(r.body.data.pinboardSearch.pins[0]).toEqual({
      id: '101',
      nodeId: null,
      gridTitle: 'Chili oil noodles 101',
      pinner: { username: 'maple.kitchen', followerCount: null },
      board: { name: 'Weeknight dinners', pinCount: null },
    });
    const bad = await h.gql('{ pinboardSearch(query: "x", cursor: "not a cursor!") { cursor } }', { key });
    expect(bad.body.errors[0].extensions).toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ param: 'cursor', message: expect.any(String) }],
    });
    expect(await h.balance(id)).toBe(4);
  });
});

describe.skipIf(!hasFixtures('pinboard'))(`pinboard search replaying the real capture (${skipReason('pinboard')})`, () => {
  it('serves its 25 pins and its bookmark as the cursor', async () => {
    h.replay.add({
      host: HOST,
      path: PATH,
      response: { headers: JSON_HEADERS, bodyFile: fixturePath('pinboard', 'base-search-resource-unauth-2024.json') },
    });
    const { key } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'narcissist' }), { key });
    expect(r.status).toBe(200);
    expect(r.body.pins).toHaveLength(25);
    expect(r.body.pins[0]).toMatchObject({ id: '1125968647761564', pinner: { username: 'cindybcindyb' }, board: { name: 'Juicing' } });
    expect(r.body.pins[24].id).toBe('18225573485018800');
    expect(r.body.cursor).toHaveLength(2028);
    expect(r.body.cursor.endsWith('MTdlMTk2YzM4fE5FV3w=')).toBe(true);
  });
});
