/**
 * microblog-c (Threads) end to end: gateway + replay upstream over real HTTP.
 *
 * No search capture of Threads exists (../shared/fixtures/microblog-c/SOURCES.md), so every
 * upstream answer here is written by us from what is publicly known of the signed-out web
 * client (src/platforms/microblog-c/samples.ts says what that rests on): the public search page
 * with its `lsd` token and Relay preloader, and `POST /api/graphql` answering
 * BarcelonaSearchResultsQuery.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FALLBACK_SEARCH_DOC_ID, IG_APP_ID } from '../../src/platforms/microblog-c/fetch.js';
import { TRIMMED_POST } from '../../src/platforms/microblog-c/parse.js';
import * as s from '../../src/platforms/microblog-c/samples.js';
import type { ReplayRequest, Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { recordKeys } from '../../src/platforms/records.js';
import { MicroblogCPost } from '../../src/platforms/microblog-c/schema.js';
import { withoutEnvelope } from '../support/envelope.js';

const JSON_HEADERS = { 'content-type': 'text/javascript; charset=utf-8' };
const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8' };
const POST_KEYS = recordKeys(MicroblogCPost);

const LSD = (n: number) => `AVqLsd${n}_x9`;
const DOC_ID = '8123456789012345';
const PAGE_VARIABLES = {
  query: 'threads',
  recent: 0,
  search_surface: 'default',
  tagID: null,
  __relay_internal__pv__BarcelonaIsLoggedInrelayprovider: false,
};
const day = (iso: string) => Date.parse(iso) / 1000;

/** `tide`: ten posts, one per day from 2025-05-01 (UTC noon); `nothing`: no results; `walled`: login error. */
const TIDE = Array.from({ length: 10 }, (_, i) =>
  (i === 1 ? s.imagePost : s.post)({
    pk: `36000000000000000${10 + i}`,
    takenAt: day(`2025-05-${String(i + 1).padStart(2, '0')}T12:00:00Z`),
    text: `tide day ${i + 1}`,
  }),
);

const form = (req: ReplayRequest) => new URLSearchParams(req.body.toString('utf8'));

/** The public search page, handing out LSD(1), LSD(2)… one per fetch. */
function pageRoute(opts: { docId?: string | null } = {}): Route {
  let n = 1;
  const docId = opts.docId === undefined ? DOC_ID : opts.docId;
  return {
    host: 'www.threads.com',
    path: '/search',
    response: () => ({ headers: HTML_HEADERS, body: s.sessionPage(LSD(n++), docId ? { docId, variables: PAGE_VARIABLES } : {}) }),
  };
}

/** The GraphQL endpoint; lsd tokens in `refused` get a 401. */
function graphqlRoute(opts: { refused?: Set<string> } = {}): Route {
  return {
    host: 'www.threads.com',
    path: '/api/graphql',
    method: 'POST',
    response: (req) => {
      const f = form(req);
      if (opts.refused?.has(f.get('lsd') ?? '')) return { status: 401, headers: JSON_HEADERS, body: '' };
      const query = JSON.parse(f.get('variables') ?? '{}').query;
      if (query === 'nothing') return { headers: JSON_HEADERS, body: JSON.stringify(s.searchAnswer([], null)) };
      if (query === 'walled') return { headers: JSON_HEADERS, body: `for (;;);${s.LOGIN_REQUIRED_JSON}` };
      return { headers: JSON_HEADERS, body: JSON.stringify(s.searchAnswer(TIDE)) };
    },
  };
}

const searchPath = (q: Record<string, string>) => `/v1/microblog-c/search?${new URLSearchParams(q)}`;
const pageHits = (h: Harness) => h.replay.hits({ host: 'www.threads.com', path: '/search' });
const gqlHits = (h: Harness) => h.replay.hits({ host: 'www.threads.com', path: '/api/graphql' });

describe('microblog-c search', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.replay.reset();
    h.replay.add(pageRoute());
    h.replay.add(graphqlRoute());
  });

  it('charges 1; envelope then posts (about 10), each with every api.md field', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(searchPath({ query: 'tide' }), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'posts']);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1 });
    expect(r.body.posts).toHaveLength(10);
    for (const p of r.body.posts) for (const k of POST_KEYS) expect(p).toHaveProperty(k);
    expect(r.body.posts[0]).toMatchObject({
      id: '3600000000000000010_6100200300',
      pk: '3600000000000000010',
      media_type: 19,
      like_count: 128,
      taken_at: day('2025-05-01T12:00:00Z'),
      caption: { text: 'tide day 1' },
      user: { username: 'harbor.notes', pk: '6100200300', is_verified: false },
      text_post_app_info: {
        direct_reply_count: 11,
        reply_control: 'everyone',
        text_fragments: { fragments: [{ plaintext: 'tide day 1' }] },
      },
    });
    expect(r.body.posts[1].image_versions2.candidates[0]).toMatchObject({ width: 1080, height: 1350 });
    expect(await h.balance(id)).toBe(9);
  });

  it('start_date / end_date keep posts taken within those UTC days', async () => {
    const { key } = await h.key(10);
    const both = await h.rest(searchPath({ query: 'tide', start_date: '2025-05-03', end_date: '2025-05-05' }), { key });
    expect(both.body.posts.map((p: { caption: { text: string } }) => p.caption.text)).toEqual(['tide day 3', 'tide day 4', 'tide day 5']);
    const from = await h.rest(searchPath({ query: 'tide', start_date: '2025-05-09' }), { key });
    expect(from.body.posts).toHaveLength(2);
    const until = await h.rest(searchPath({ query: 'tide', end_date: '2025-05-01' }), { key });
    expect(until.body.posts).toHaveLength(1);
    const oneDay = await h.rest(searchPath({ query: 'tide', start_date: '2025-05-07', end_date: '2025-05-07' }), { key });
    expect(oneDay.body.posts.map((p: { pk: string }) => p.pk)).toEqual(['3600000000000000016']);
  });

  it('no results is 200 with an empty list, charged 1', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'nothing' }), { key });
    expect(r.body).toEqual({ success: true, credits_remaining: 4, credits_charged: 1, posts: [] });
    expect(await h.balance(id)).toBe(4);
  });

  it('trim=true: each post reduced to the documented fields', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'tide', trim: 'true' }), { key });
    expect(Object.keys(r.body.posts[0])).toEqual(Object.keys(TRIMMED_POST));
    expect(r.body.posts[0]).toMatchObject({
      pk: '3600000000000000010',
      caption: { text: 'tide day 1' },
      user: { username: 'harbor.notes' },
    });
    expect(r.body.posts[0]).not.toHaveProperty('organic_tracking_token');
  });

  it.each<[string, Record<string, string> | null, string]>([
    ['missing query', null, 'query'],
    ['blank query', { query: ' ' }, 'query'],
    ['start_date not YYYY-MM-DD', { query: 'tide', start_date: '05/01/2025' }, 'start_date'],
    ['end_date with a time', { query: 'tide', end_date: '2025-05-01T00:00' }, 'end_date'],
    ['start_date not a real day', { query: 'tide', start_date: '2025-02-30' }, 'start_date'],
    ['end_date month 13', { query: 'tide', end_date: '2025-13-01' }, 'end_date'],
    ['start_date after end_date', { query: 'tide', start_date: '2025-05-10', end_date: '2025-05-01' }, 'start_date'],
    ['trim not a boolean', { query: 'tide', trim: 'yes' }, 'trim'],
    ['bad cache_max_age', { query: 'tide', cache_max_age: '2w' }, 'cache_max_age'],
  ])('validation: %s → 400 naming %s, 0 credits, nothing fetched', async (_name, q, param) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(q ? searchPath(q) : '/v1/microblog-c/search', { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param)).toEqual([param]);
    expect(await h.balance(id)).toBe(5);
    expect(h.replay.hits()).toHaveLength(0);
  });

  it('GraphQL names the argument: startDate after endDate is INVALID_INPUT on startDate', async () => {
    const { key } = await h.key(5);
    const r = await h.gql('{ microblogCSearch(query: "tide", startDate: "2025-05-10", endDate: "2025-05-01") { posts { pk } } }', { key });
    expect(r.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(r.body.errors[0].extensions.details).toEqual([{ param: 'startDate', message: 'must be on or before end_date' }]);
    expect(h.replay.hits()).toHaveLength(0);
  });

  it('cache_max_age serves a stored result at 0 credits; dates and trim are part of the key', async () => {
    const { key, id } = await h.key(10);
    const live = await h.rest(searchPath({ query: 'tide', start_date: '2025-05-02' }), { key });
    const hit = await h.rest(searchPath({ query: ' tide ', start_date: '2025-05-02', trim: 'false', cache_max_age: '7d' }), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(withoutEnvelope(hit.body)).toEqual(withoutEnvelope(live.body));
    expect(gqlHits(h)).toHaveLength(1);
    const extras: Record<string, string>[] = [
      { start_date: '2025-05-03' },
      { start_date: '2025-05-02', end_date: '2025-05-09' },
      { start_date: '2025-05-02', trim: 'true' },
    ];
    for (const extra of extras) {
      const r = await h.rest(searchPath({ query: 'tide', ...extra, cache_max_age: '7d' }), { key });
      expect([extra, r.body.credits_charged]).toEqual([extra, 1]);
    }
    expect(await h.balance(id)).toBe(6);
  });

  it('a login wall (Meta "Not Logged In") is reported as such: 502 UPSTREAM_BLOCKED, 0 credits, no retry', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'walled' }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toEqual({
      code: 'UPSTREAM_BLOCKED',
      message: 'microblog-c: the platform answered with a login wall; login-only data is never accessed',
    });
    expect(gqlHits(h)).toHaveLength(1);
    expect(await h.balance(id)).toBe(5);
  });

  it('a redirect to the login page is a login wall too', async () => {
    h.replay.add({
      host: 'www.threads.com',
      path: '/api/graphql',
      response: { status: 302, headers: { location: '/accounts/login/?next=%2Fsearch' } },
    });
    h.replay.add({ host: 'www.threads.com', path: '/accounts/login/', response: { headers: HTML_HEADERS, body: s.LOGIN_PAGE_HTML } });
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'tide' }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.message).toContain('login wall');
    expect(await h.balance(id)).toBe(5);
  });

  it('a checkpoint page or a 429 is UPSTREAM_BLOCKED at 0 credits, never parsed', async () => {
    const { key, id } = await h.key(5);
    h.replay.add({ host: 'www.threads.com', path: '/api/graphql', response: { headers: HTML_HEADERS, body: s.CHECKPOINT_HTML } });
    const checkpoint = await h.rest(searchPath({ query: 'tide' }), { key });
    expect(checkpoint.status).toBe(502);
    expect(checkpoint.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringContaining('checkpoint') });
    h.replay.add({
      host: 'www.threads.com',
      path: '/api/graphql',
      response: {
        status: 429,
        headers: JSON_HEADERS,
        body: '{"message":"Please wait a few minutes before you try again.","status":"fail"}',
      },
    });
    const limited = await h.rest(searchPath({ query: 'tide' }), { key });
    expect(limited.status).toBe(502);
    expect(limited.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(5);
  });

  it('GraphQL errors (e.g. a rotated doc_id) are UPSTREAM_FAILED naming the message, at 0 credits', async () => {
    h.replay.add({
      host: 'www.threads.com',
      path: '/api/graphql',
      response: {
        status: 500,
        headers: JSON_HEADERS,
        body: JSON.stringify({ errors: [{ message: 'execution error', severity: 'CRITICAL', code: 1675004 }], data: null }),
      },
    });
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'tide' }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('execution error') });
    expect(await h.balance(id)).toBe(5);
  });

  it('REST and GraphQL return the same posts', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(searchPath({ query: 'tide', end_date: '2025-05-02' }), { key });
    const gql = await h.gql(
      `{ microblogCSearch(query: "tide", endDate: "2025-05-02", cacheMaxAge: "1d") { json
          posts { id pk code mediaType likeCount takenAt originalWidth originalHeight organicTrackingToken
                  caption { text hasTranslation } imageCandidates { url width height }
                  user { pk username isVerified textPostAppIsPrivate hasOnboardedToTextPostApp friendshipStatus }
                  textPostAppInfo { directReplyCount repostCount quoteCount reshareCount replyControl isReply textFragments { fragmentType plaintext } } } } }`,
      { key },
    );
    const result = gql.body.data.microblogCSearch;
    expect(result.json).toEqual(withoutEnvelope(rest.body));
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
    expect(result.posts.map((p: { pk: string }) => p.pk)).toEqual(rest.body.posts.map((p: { pk: string }) => p.pk));
    const [first, second] = result.posts;
    expect(first).toMatchObject({
      id: rest.body.posts[0].id,
      code: rest.body.posts[0].code,
      mediaType: 19,
      likeCount: 128,
      takenAt: day('2025-05-01T12:00:00Z'),
      caption: { text: 'tide day 1', hasTranslation: null },
      imageCandidates: [],
      user: {
        pk: '6100200300',
        username: 'harbor.notes',
        isVerified: false,
        textPostAppIsPrivate: false,
        hasOnboardedToTextPostApp: true,
        friendshipStatus: null,
      },
      textPostAppInfo: {
        directReplyCount: 11,
        repostCount: 3,
        quoteCount: 1,
        reshareCount: 4,
        replyControl: 'everyone',
        isReply: false,
        textFragments: [{ fragmentType: 'plaintext', plaintext: 'tide day 1' }],
      },
    });
    expect(second.imageCandidates).toEqual(rest.body.posts[1].image_versions2.candidates);
  });
});

describe('microblog-c lsd token and doc_id: scraped, shared, refreshed on 401/403 (a fresh gateway per test)', () => {
  let h: Harness;
  beforeEach(async () => {
    // A fresh gateway (and so a fresh token cache) per test.
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("POSTs the form to /api/graphql with the scraped lsd, the page's doc_id and variables, and X-IG-App-ID", async () => {
    h.replay.add(pageRoute());
    h.replay.add(graphqlRoute());
    const { key } = await h.key(5);
    await h.rest(searchPath({ query: '  tide   tables ' }), { key });
    const [page] = pageHits(h);
    expect(page.method).toBe('GET');
    const [req] = gqlHits(h);
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers['x-ig-app-id']).toBe(IG_APP_ID);
    expect(IG_APP_ID).toBe('238260118697367');
    expect(req.headers['x-fb-lsd']).toBe(LSD(1));
    expect(req.headers['x-fb-friendly-name']).toBe('BarcelonaSearchResultsQuery');
    expect(req.headers.cookie).toBeUndefined();
    const f = form(req);
    expect(f.get('lsd')).toBe(LSD(1));
    expect(f.get('doc_id')).toBe(DOC_ID);
    expect(JSON.parse(f.get('variables')!)).toEqual({ ...PAGE_VARIABLES, query: 'tide tables' });
  });

  it('the lsd is fetched once and reused; without a preloader on the page the known doc_id is used', async () => {
    h.replay.add(pageRoute({ docId: null }));
    h.replay.add(graphqlRoute());
    const { key } = await h.key(5);
    await h.rest(searchPath({ query: 'tide one' }), { key });
    await h.rest(searchPath({ query: 'tide two' }), { key });
    expect(pageHits(h)).toHaveLength(1);
    expect(gqlHits(h).map((r) => [form(r).get('lsd'), form(r).get('doc_id')])).toEqual([
      [LSD(1), FALLBACK_SEARCH_DOC_ID],
      [LSD(1), FALLBACK_SEARCH_DOC_ID],
    ]);
  });

  it('a page without an lsd token is UPSTREAM_FAILED naming it, at 0 credits', async () => {
    h.replay.add({
      host: 'www.threads.com',
      path: '/search',
      response: { headers: HTML_HEADERS, body: '<html><body>new page</body></html>' },
    });
    h.replay.add(graphqlRoute());
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'tide' }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('lsd token') });
    expect(gqlHits(h)).toHaveLength(0);
    expect(await h.balance(id)).toBe(5);
  });

  it('a 401 refetches the page for a fresh lsd and retries once; the caller pays 1; the fresh token is kept', async () => {
    h.replay.add(pageRoute());
    h.replay.add(graphqlRoute({ refused: new Set([LSD(1)]) }));
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'tide' }), { key });
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(1);
    expect(r.body.posts).toHaveLength(10);
    expect(pageHits(h)).toHaveLength(2);
    expect(gqlHits(h).map((x) => form(x).get('lsd'))).toEqual([LSD(1), LSD(2)]);
    await h.rest(searchPath({ query: 'tide again' }), { key });
    expect(pageHits(h)).toHaveLength(2);
    expect(form(gqlHits(h).at(-1)!).get('lsd')).toBe(LSD(2));
    expect(await h.balance(id)).toBe(3);
  });

  it("a 403, and Meta's bare error envelope for a stale token, are refusals too", async () => {
    h.replay.add(pageRoute());
    let n = 0;
    h.replay.add({
      host: 'www.threads.com',
      path: '/api/graphql',
      // call 1: 403; call 2 (fresh lsd): data; call 3: the stale-token envelope; call 4 (fresh lsd): data.
      response: () => {
        const ok = { headers: JSON_HEADERS, body: JSON.stringify(s.searchAnswer(TIDE)) };
        return [{ status: 403, headers: JSON_HEADERS, body: '{}' }, ok, { headers: JSON_HEADERS, body: s.STALE_TOKEN_BODY }][n++] ?? ok;
      },
    });
    const { key } = await h.key(5);
    const first = await h.rest(searchPath({ query: 'tide' }), { key });
    expect(first.status).toBe(200);
    const second = await h.rest(searchPath({ query: 'tide two' }), { key });
    expect(second.status).toBe(200);
    expect(gqlHits(h).map((x) => form(x).get('lsd'))).toEqual([LSD(1), LSD(2), LSD(2), LSD(3)]);
  });

  it('concurrent first requests share one page fetch', async () => {
    h.replay.add({
      ...pageRoute(),
      response: () => ({
        headers: HTML_HEADERS,
        body: s.sessionPage(LSD(1), { docId: DOC_ID, variables: PAGE_VARIABLES }),
        fault: { kind: 'latency', ms: 100 },
      }),
    });
    h.replay.add(graphqlRoute());
    const { key } = await h.key(10);
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((q) => h.rest(searchPath({ query: `tide ${q}` }), { key })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(pageHits(h)).toHaveLength(1);
  });

  it('when the fresh lsd is refused as well: UPSTREAM_BLOCKED at 0 credits after exactly two tries', async () => {
    h.replay.add(pageRoute());
    h.replay.add(graphqlRoute({ refused: new Set([LSD(1), LSD(2)]) }));
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'tide' }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringContaining('freshly fetched public token') });
    expect(gqlHits(h)).toHaveLength(2);
    expect(await h.balance(id)).toBe(5);
  });
});
