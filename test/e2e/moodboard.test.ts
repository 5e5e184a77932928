/**
 * moodboard (Cosmos) end to end: gateway + replay upstream over real HTTP.
 *
 * No capture of api.cosmos.so exists (platforms.md), so every upstream answer here is written by
 * us in the public GraphQL shape (src/platforms/moodboard/samples.ts says what that rests on):
 * POST https://api.cosmos.so/graphql?q=<OperationName> with {operationName, variables, query}.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReplayRequest, Route } from '../../src/replay/server.js';
import * as s from '../../src/platforms/moodboard/samples.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { recordKeys } from '../../src/platforms/records.js';
import { MoodboardItem } from '../../src/platforms/moodboard/schema.js';
import { withoutEnvelope } from '../support/envelope.js';

const ITEM_KEYS = recordKeys(MoodboardItem);
const JSON_HEADERS = { 'content-type': 'application/graphql-response+json; charset=utf-8' };
const TERM = 'brutalist stairs';
const CURSOR_1 = s.cursorFor(40, TERM);
const CURSOR_2 = s.cursorFor(80, TERM);

const bodyOf = (req: ReplayRequest) =>
  JSON.parse(req.body.toString('utf8')) as { operationName: string; variables: Record<string, unknown>; query: string };

/** GetElementDetails: element ids ending in 404 are missing; everything else is an image post. */
const elementRoute: Route = {
  host: 'api.cosmos.so',
  path: '/graphql',
  method: 'POST',
  query: { q: 'GetElementDetails' },
  response: (req) => {
    const id = Number(bodyOf(req).variables.elementId);
    const body = String(id).endsWith('404') ? s.elementNotFound(id) : s.elementDetails(s.imageElement(id), 57);
    return { headers: JSON_HEADERS, body: JSON.stringify(body) };
  },
};

/** SearchGlobalElements: three pages for TERM, chained by cursor; the last has no next cursor. */
const searchRoute: Route = {
  host: 'api.cosmos.so',
  path: '/graphql',
  method: 'POST',
  query: { q: 'SearchGlobalElements' },
  response: (req) => {
    const { pageCursor } = bodyOf(req).variables;
    const pages: Record<string, object> = {
      first: s.searchAnswer(
        [s.highlighted(s.imageElement(101), 'A <n>brutalist</n> concrete <n>stairs</n>well'), s.productElement(102), s.videoElement(103)],
        CURSOR_1,
      ),
      [CURSOR_1]: s.searchAnswer([s.galleryElement(104), s.websiteElement(105)], CURSOR_2),
      [CURSOR_2]: s.searchAnswer([s.textElement(106)], null),
    };
    const page = pages[pageCursor === null || pageCursor === undefined ? 'first' : String(pageCursor)];
    if (!page)
      return {
        status: 400,
        headers: JSON_HEADERS,
        body: JSON.stringify({ errors: [{ message: 'Invalid page cursor', extensions: { code: 'BAD_USER_INPUT' } }] }),
      };
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
  h.replay.add(elementRoute);
  h.replay.add(searchRoute);
});

const postPath = (url: string, extra = '') => `/v1/moodboard/post?url=${encodeURIComponent(url)}${extra}`;
const searchPath = (q: Record<string, string>) => `/v1/moodboard/search?${new URLSearchParams(q)}`;
const cosmosHits = () => h.replay.hits({ host: 'api.cosmos.so' });

describe('moodboard post', () => {
  it('charges 1; envelope then every api.md field and save_count at top level', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(postPath('https://www.cosmos.so/e/1909064612'), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', ...ITEM_KEYS, 'save_count']);
    expect(r.body).toMatchObject({
      success: true,
      credits_remaining: 9,
      credits_charged: 1,
      id: 1909064612,
      url: 'https://www.cosmos.so/e/1909064612',
      created_at: '2025-03-14T09:26:53.589Z',
      owner: { id: 4412071, username: 'studio.vell' },
      source_url: 'https://www.are.na/block/31234567',
      source_author: { username: 'mara.k', full_name: 'Mara Keller' },
      media: [{ type: 'StaticImage', width: 1200, height: 1600, ai_generated: false }],
      price: null,
      brand: null,
      save_count: 57,
    });
    expect(await h.balance(id)).toBe(9);
  });

  it('sends one POST to api.cosmos.so/graphql?q=GetElementDetails with the element id as a number', async () => {
    const { key } = await h.key(5);
    await h.rest(postPath('https://cosmos.so/e/486842213'), { key });
    const [req] = cosmosHits();
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/graphql');
    expect(req.query.get('q')).toBe('GetElementDetails');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-client-name']).toBe('cosmos-web');
    const body = bodyOf(req);
    expect(body.operationName).toBe('GetElementDetails');
    expect(body.variables).toEqual({ elementId: 486842213 });
    expect(body.query).toMatch(/^query GetElementDetails\(\$elementId: ElementId!\)/);
  });

  it('cache_max_age serves a stored post at 0 credits; URL spellings share one entry', async () => {
    const { key, id } = await h.key(10);
    const live = await h.rest(postPath('https://www.cosmos.so/e/17756802'), { key });
    expect(live.body.credits_charged).toBe(1);
    for (const url of ['https://cosmos.so/e/17756802', 'http://www.cosmos.so/e/17756802/?ref=share']) {
      const hit = await h.rest(postPath(url, '&cache_max_age=7d'), { key });
      expect(hit.body).toMatchObject({ success: true, credits_charged: 0, cached: true });
      expect(withoutEnvelope(hit.body)).toEqual(withoutEnvelope(live.body));
    }
    expect(cosmosHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(9);
  });

  it.each<[string, string, string]>([
    ['missing url', '/v1/moodboard/post', 'url'],
    ['a profile URL', postPath('https://www.cosmos.so/studio.vell'), 'url'],
    ['another host', postPath('https://www.pinterest.com/pin/123/'), 'url'],
    ['a non-numeric id', postPath('https://www.cosmos.so/e/abc'), 'url'],
    ['bad cache_max_age', postPath('https://www.cosmos.so/e/1', '&cache_max_age=1w'), 'cache_max_age'],
  ])('validation: %s → 400 naming %s, 0 credits, nothing fetched', async (_name, path, param) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param)).toContain(param);
    expect(await h.balance(id)).toBe(5);
    expect(cosmosHits()).toHaveLength(0);
  });

  it('a missing post (GraphQL NOT_FOUND) is 404 at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(postPath('https://www.cosmos.so/e/555404'), { key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('555404') } });
    expect(await h.balance(id)).toBe(3);
  });

  it('a Cloudflare challenge is UPSTREAM_BLOCKED at 0 credits, never parsed', async () => {
    h.replay.add({
      ...elementRoute,
      response: {
        status: 403,
        headers: { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge' },
        body: s.CLOUDFLARE_CHALLENGE,
      },
    });
    const { key, id } = await h.key(3);
    const r = await h.rest(postPath('https://www.cosmos.so/e/1'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringContaining('Cloudflare') });
    expect(await h.balance(id)).toBe(3);
  });

  it('a rejected query (upstream schema changed) is UPSTREAM_FAILED naming the error, at 0 credits', async () => {
    h.replay.add({
      ...elementRoute,
      response: {
        status: 400,
        headers: JSON_HEADERS,
        body: JSON.stringify({
          errors: [{ message: 'Cannot query field "elementView" on type "Query".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
        }),
      },
    });
    const { key, id } = await h.key(3);
    const r = await h.rest(postPath('https://www.cosmos.so/e/2'), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('elementView') });
    expect(await h.balance(id)).toBe(3);
  });

  it('REST and GraphQL return the same post', async () => {
    h.replay.add({
      ...elementRoute,
      response: { headers: JSON_HEADERS, body: JSON.stringify(s.elementDetails(s.productElement(486842213), 3)) },
    });
    const { key } = await h.key(5);
    const rest = await h.rest(postPath('https://www.cosmos.so/e/486842213'), { key });
    const gql = await h.gql(
      `{ moodboardPost(url: "https://cosmos.so/e/486842213", cacheMaxAge: "1d") {
          json id url createdAt title description brand saveCount
          price { value currency } owner { id username } sourceUrl sourceAuthor { username }
          media { id type url width height aiGenerated } } }`,
      { key },
    );
    const p = gql.body.data.moodboardPost;
    expect(p.json).toEqual(withoutEnvelope(rest.body));
    expect(p).toMatchObject({
      id: rest.body.id,
      url: rest.body.url,
      createdAt: rest.body.created_at,
      title: 'Palissade Lounge Chair',
      brand: 'HAY',
      saveCount: 3,
      price: { value: 129.5, currency: 'EUR' },
      owner: { id: 4412071, username: 'studio.vell' },
      sourceAuthor: null,
      media: [{ id: rest.body.media[0].id, type: 'StaticImage', width: 1000, height: 1000, aiGenerated: false }],
    });
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
  });
});

describe('moodboard search', () => {
  it('missing (or blank) query → 400 naming query, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(5);
    for (const path of ['/v1/moodboard/search', '/v1/moodboard/search?cursor=abc', searchPath({ query: '   ' })]) {
      const r = await h.rest(path, { key });
      expect(r.status).toBe(400);
      expect(r.body.error.details.map((d: { param: string }) => d.param)).toContain('query');
    }
    expect(cosmosHits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
  });

  it('pages through with the cursor passed back unchanged until it is null; 1 credit per page', async () => {
    const { key, id } = await h.key(10);
    const p1 = await h.rest(searchPath({ query: TERM }), { key });
    expect(p1.status).toBe(200);
    expect(Object.keys(p1.body)).toEqual([
      'success',
      'credits_remaining',
      'credits_charged',
      'items',
      'cursor',
      'has_more',
      'result_count',
    ]);
    expect(p1.body).toMatchObject({ credits_charged: 1, cursor: CURSOR_1, has_more: true, result_count: 3 });
    expect(p1.body.items.map((i: { id: number }) => i.id)).toEqual([101, 102, 103]);
    expect(p1.body.items[0].caption).toBe('A brutalist concrete stairswell');
    expect(Object.keys(p1.body.items[0])).toEqual(ITEM_KEYS);

    const p2 = await h.rest(searchPath({ query: TERM, cursor: p1.body.cursor }), { key });
    expect(p2.body).toMatchObject({ credits_charged: 1, cursor: CURSOR_2, has_more: true, result_count: 2 });
    expect(p2.body.items[0].media).toHaveLength(3);

    const p3 = await h.rest(searchPath({ query: TERM, cursor: p2.body.cursor }), { key });
    expect(p3.body).toMatchObject({ credits_charged: 1, cursor: null, has_more: false, result_count: 1 });
    expect(p3.body.items[0]).toMatchObject({ id: 106, text: 'Less, but better.', media: [] });

    const sent = cosmosHits().map((r) => bodyOf(r));
    expect(sent.map((b) => b.operationName)).toEqual(['SearchGlobalElements', 'SearchGlobalElements', 'SearchGlobalElements']);
    expect(sent.map((b) => b.variables)).toEqual([
      { searchTerm: TERM, pageCursor: null },
      { searchTerm: TERM, pageCursor: CURSOR_1 },
      { searchTerm: TERM, pageCursor: CURSOR_2 },
    ]);
    expect(cosmosHits().every((r) => r.query.get('q') === 'SearchGlobalElements')).toBe(true);
    expect(await h.balance(id)).toBe(7);
  });

  it('cursor=null (the literal text) is the empty terminal page: nothing fetched, 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: TERM, cursor: 'null' }), { key });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      credits_remaining: 5,
      credits_charged: 0,
      items: [],
      cursor: null,
      has_more: false,
      result_count: 0,
    });
    expect(h.replay.hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
    expect(await h.deps.ledger.totalCharged(id)).toBe(0);

    const gql = await h.gql(`{ moodboardSearch(query: "${TERM}", cursor: "null") { items { id } cursor hasMore resultCount } }`, { key });
    expect(gql.body.data.moodboardSearch).toEqual({ items: [], cursor: null, hasMore: false, resultCount: 0 });
    expect(gql.body.extensions.credits.charged).toBe(0);
    expect(h.replay.hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
  });

  it('the terminal page is served even at a balance of 0 (nothing is reserved for it)', async () => {
    const { key, id } = await h.key(0);
    const r = await h.rest(searchPath({ query: TERM, cursor: 'null' }), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 0, credits_remaining: 0, items: [], cursor: null });
    const live = await h.rest(searchPath({ query: TERM }), { key });
    expect(live.status).toBe(402);
    expect(h.replay.hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(0);
  });

  it('cache_max_age serves a stored page at 0 credits (same query and cursor)', async () => {
    const { key, id } = await h.key(5);
    const live = await h.rest(searchPath({ query: TERM, cursor: CURSOR_1 }), { key });
    const hit = await h.rest(searchPath({ query: `  ${TERM} `, cursor: CURSOR_1, cache_max_age: '1d' }), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(withoutEnvelope(hit.body)).toEqual(withoutEnvelope(live.body));
    expect(cosmosHits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('a cursor Cosmos rejects is UPSTREAM_FAILED naming the error, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: TERM, cursor: 'not-a-cursor' }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('Invalid page cursor') });
    expect(await h.balance(id)).toBe(5);
  });

  it('a Cloudflare challenge is UPSTREAM_BLOCKED at 0 credits', async () => {
    h.replay.add({ ...searchRoute, response: { status: 503, headers: { 'content-type': 'text/html' }, body: s.CLOUDFLARE_CHALLENGE } });
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: TERM }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(5);
  });

  it('REST and GraphQL return the same page, and GraphQL exposes the next cursor', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(searchPath({ query: TERM }), { key });
    const gql = await h.gql(
      `query($q: String!) { moodboardSearch(query: $q, cacheMaxAge: "1d") {
          json cursor hasMore resultCount
          items { id url caption price { value currency } brand media { type videoUrl playbackUrl thumbnailUrl duration } } } }`,
      { key, variables: { q: TERM } },
    );
    const page = gql.body.data.moodboardSearch;
    expect(page.json).toEqual(withoutEnvelope(rest.body));
    expect(page).toMatchObject({ cursor: CURSOR_1, hasMore: true, resultCount: 3 });
    expect(page.items.map((i: { id: number }) => i.id)).toEqual(rest.body.items.map((i: { id: number }) => i.id));
    expect(page.items[1]).toMatchObject({ price: { value: 129.5, currency: 'EUR' }, brand: 'HAY' });
    expect(page.items[2].media[0]).toMatchObject({
      type: 'Video',
      duration: 12.48,
      playbackUrl: rest.body.items[2].media[0].playback_url,
      videoUrl: rest.body.items[2].media[0].video_url,
    });
  });
});
