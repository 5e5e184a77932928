/**
 * forum (Reddit) end to end: gateway + replay upstream over real HTTP.
 *
 * Upstream answers are the project's hand-written Listings (src/platforms/forum/samples.ts: the
 * public Listing shape with invented values), plus the real 2020 search capture served in place
 * from ../shared/fixtures/forum when it is there.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_TRIM_FIELDS, POST_FIELDS, POST_TRIM_FIELDS } from '../../src/platforms/forum/schema.js';
import * as s from '../../src/platforms/forum/samples.js';
import { fixturePath, hasFixtures, skipReason } from '../support/fixtures.js';
import type { ReplayRequest, Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { expectOneFetchForBoth } from '../support/discovery-read.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };
const ENVELOPE = ['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at'];
const strip = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => !ENVELOPE.includes(k)));
const json = (body: unknown) => ({ headers: JSON_HEADERS, body: JSON.stringify(body) });

/**
 * search.json: `selfhosted proxy` has two pages of posts (chained by `after`) and comments;
 * `nothing` has no results; `praw oauth search` is the real capture.
 */
const searchRoute: Route = {
  host: 'www.reddit.com',
  path: '/search.json',
  response: (req: ReplayRequest) => {
    const q = req.query.get('q');
    const type = req.query.get('type');
    const after = req.query.get('after');
    if (q === 'praw oauth search' && hasFixtures('forum'))
      return { headers: JSON_HEADERS, bodyFile: fixturePath('forum', 'search-r-all-praw-oauth-search-2020.json') };
    if (q === 'nothing') return json(s.listing([]));
    // Any query starting with `selfhosted proxy` (tests that need their own cache entries vary the rest).
    if (q?.startsWith('selfhosted proxy') && type === 'comment')
      return json(s.listing([s.comment('c1'), s.comment('c2', { score: -2, distinguished: 'moderator' })], 't1_c2'));
    if (q?.startsWith('selfhosted proxy') && type === 'link') {
      if (!after)
        return json(
          s.listing(
            [s.post('a1'), s.post('a2', { is_self: false, domain: 'github.com', url: 'https://github.com/example/proxy' }), s.post('a3')],
            't3_a3',
          ),
        );
      if (after === 't3_a3') return json(s.listing([s.post('a4')], null));
    }
    return { status: 500, headers: JSON_HEADERS, body: '{"message": "unexpected test request", "error": 500}' };
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

const searchPath = (q: Record<string, string>) => `/v1/forum/search?${new URLSearchParams(q)}`;
const redditHits = () => h.replay.hits({ host: 'www.reddit.com' });

describe('forum search', () => {
  it('charges 1; envelope, then posts and after; each post has every api.md field plus created_at_iso', async () => {
    const { key, id } = await h.key(10);
    const r = await h.rest(searchPath({ query: 'selfhosted proxy' }), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'posts', 'after']);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1, after: 't3_a3' });
    expect(r.body.posts.map((p: { name: string }) => p.name)).toEqual(['t3_a1', 't3_a2', 't3_a3']);
    const p = r.body.posts[0];
    for (const k of [...Object.keys(POST_FIELDS), 'created_at_iso']) expect(p).toHaveProperty(k);
    expect(p).toMatchObject({
      id: 'a1',
      subreddit_name_prefixed: 'r/selfhosted',
      title: 'Title of post a1',
      author: 'quiet_owl',
      score: 57,
      created: 1_700_000_000,
      created_utc: 1_700_000_000,
      created_at_iso: '2023-11-14T22:13:20.000Z',
      edited: false,
      // an upstream flair field, passed through
      link_flair_type: 'text',
    });
    expect(r.body.posts[1]).toMatchObject({ is_self: false, domain: 'github.com', url: 'https://github.com/example/proxy' });
    expect(await h.balance(id)).toBe(9);
  });

  it('asks www.reddit.com/search.json anonymously, with the descriptive User-Agent and raw_json=1', async () => {
    const { key } = await h.key(5);
    await h.rest(searchPath({ query: '  selfhosted   proxy ', sort: 'top', timeframe: 'week' }), { key });
    const [req] = redditHits();
    expect(req.method).toBe('GET');
    expect(Object.fromEntries(req.query)).toEqual({ q: 'selfhosted proxy', type: 'link', sort: 'top', t: 'week', raw_json: '1' });
    expect(req.headers['user-agent']).toMatch(/^CreatorLookup\/\S+ \(/);
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers.cookie).toBeUndefined();
  });

  it("sort=comment_count is sent as Reddit's sort=comments", async () => {
    const { key } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'selfhosted proxy', sort: 'comment_count' }), { key });
    expect(r.status).toBe(200);
    expect(redditHits()[0].query.get('sort')).toBe('comments');
  });

  it('pages with `after` passed back unchanged until it is null; 1 credit per page', async () => {
    const { key, id } = await h.key(10);
    const p1 = await h.rest(searchPath({ query: 'selfhosted proxy' }), { key });
    expect(p1.body.after).toBe('t3_a3');
    const p2 = await h.rest(searchPath({ query: 'selfhosted proxy', after: p1.body.after }), { key });
    expect(p2.status).toBe(200);
    expect(p2.body).toMatchObject({ credits_charged: 1, after: null });
    expect(p2.body.posts.map((p: { name: string }) => p.name)).toEqual(['t3_a4']);
    expect(redditHits().map((r) => r.query.get('after'))).toEqual([null, 't3_a3']);
    expect(await h.balance(id)).toBe(8);
  });

  it('filter=comments: comment items in `posts` (type=comment, no t), with their thread and parent', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'selfhosted proxy', filter: 'comments', sort: 'new' }), { key });
    expect(r.status).toBe(200);
    expect(Object.fromEntries(redditHits()[0].query)).toEqual({ q: 'selfhosted proxy', type: 'comment', sort: 'new', raw_json: '1' });
    expect(r.body.after).toBe('t1_c2');
    expect(r.body.posts[0]).toMatchObject({
      name: 't1_c1',
      body: 'Comment c1: try a reverse proxy.',
      link_id: 't3_p1',
      link_title: 'Title of post p1',
      parent_id: 't3_p1',
      edited: 1_700_004_000,
      created_at_iso: '2023-11-14T23:13:20.000Z',
    });
    expect(r.body.posts[1]).toMatchObject({ score: -2, distinguished: 'moderator' });
  });

  it('no results is 200 with an empty list (a search has nothing to be 404 about), charged 1', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(searchPath({ query: 'nothing' }), { key });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, credits_remaining: 4, credits_charged: 1, posts: [], after: null });
    expect(await h.balance(id)).toBe(4);
  });

  it('trim=true: each item reduced to the documented fields', async () => {
    const { key } = await h.key(5);
    const posts = await h.rest(searchPath({ query: 'selfhosted proxy', trim: 'true' }), { key });
    expect(Object.keys(posts.body.posts[0])).toEqual([...POST_TRIM_FIELDS]);
    expect(posts.body.posts[0]).toMatchObject({ id: 'a1', title: 'Title of post a1', created_at_iso: '2023-11-14T22:13:20.000Z' });
    const comments = await h.rest(searchPath({ query: 'selfhosted proxy', filter: 'comments', trim: '1' }), { key });
    expect(Object.keys(comments.body.posts[0])).toEqual([...COMMENT_TRIM_FIELDS]);
  });

  it.each<[string, Record<string, string> | null, string]>([
    ['missing query', null, 'query'],
    ['blank query', { query: '   ' }, 'query'],
    ['a query of control and zero-width characters only', { query: '\u0000\u0001\u200b' }, 'query'],
    ['unknown filter', { query: 'x', filter: 'links' }, 'filter'],
    ['unknown sort', { query: 'x', sort: 'hot' }, 'sort'],
    ['comment_count with comments', { query: 'x', filter: 'comments', sort: 'comment_count' }, 'sort'],
    ['a timeframe with comments', { query: 'x', filter: 'comments', timeframe: 'day' }, 'timeframe'],
    ['unknown timeframe', { query: 'x', timeframe: 'decade' }, 'timeframe'],
    ['a malformed after', { query: 'x', after: 't3_a3&sort=new' }, 'after'],
    ['trim not a boolean', { query: 'x', trim: 'maybe' }, 'trim'],
    ['bad cache_max_age', { query: 'x', cache_max_age: '2d' }, 'cache_max_age'],
  ])('validation: %s → 400 naming %s, 0 credits, nothing fetched', async (_name, q, param) => {
    const { key, id } = await h.key(5);
    const r = await h.rest(q ? searchPath(q) : '/v1/forum/search', { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param)).toContain(param);
    expect(await h.balance(id)).toBe(5);
    expect(redditHits()).toHaveLength(0);
  });

  it('comment search accepts relevance, new, top and timeframe=all', async () => {
    const { key } = await h.key(10);
    for (const sort of ['relevance', 'new', 'top']) {
      const r = await h.rest(searchPath({ query: 'selfhosted proxy', filter: 'comments', sort, timeframe: 'all' }), { key });
      expect([sort, r.status]).toEqual([sort, 200]);
    }
  });

  it('GraphQL: comment_count with COMMENTS is INVALID_INPUT naming sort, at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql('{ forumSearch(query: "x", filter: COMMENTS, sort: COMMENT_COUNT) { after } }', { key });
    expect(r.body.data?.forumSearch ?? null).toBeNull();
    expect(r.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(r.body.errors[0].extensions.details.map((d: { param: string }) => d.param)).toEqual(['sort']);
    expect(await h.balance(id)).toBe(5);
    expect(redditHits()).toHaveLength(0);
  });

  it('cache_max_age serves a stored page at 0 credits; the key covers every parameter', async () => {
    const { key, id } = await h.key(10);
    const live = await h.rest(searchPath({ query: 'selfhosted proxy cached' }), { key });
    // Same canonical arguments (defaults spelled out, spaces collapsed): a hit.
    const hit = await h.rest(
      searchPath({
        query: ' selfhosted  proxy cached',
        filter: 'posts',
        sort: 'relevance',
        timeframe: 'all',
        trim: 'false',
        cache_max_age: '1d',
      }),
      { key },
    );
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(strip(hit.body)).toEqual(strip(live.body));
    expect(redditHits()).toHaveLength(1);
    // Any other parameter value is another entry: fetched live.
    const extras: Record<string, string>[] = [
      { sort: 'new' },
      { timeframe: 'year' },
      { trim: 'true' },
      { after: 't3_a3' },
      { filter: 'comments' },
    ];
    for (const extra of extras) {
      const r = await h.rest(searchPath({ query: 'selfhosted proxy cached', ...extra, cache_max_age: '30d' }), { key });
      expect([extra, r.body.credits_charged]).toEqual([extra, 1]);
    }
    expect(redditHits()).toHaveLength(6);
    expect(await h.balance(id)).toBe(4);
  });

  it.each<[string, Route['response'], RegExp]>([
    [
      'the "whoa there, pardner!" page (429)',
      { status: 429, headers: { 'content-type': 'text/html; charset=UTF-8' }, body: s.WHOA_THERE_HTML },
      /pardner/,
    ],
    ['the same page with a 200', { headers: { 'content-type': 'text/html' }, body: s.WHOA_THERE_HTML }, /pardner/],
    [
      'the network-security page (403)',
      { status: 403, headers: { 'content-type': 'text/html' }, body: s.NETWORK_BLOCK_HTML },
      /network-security/,
    ],
    [
      'the network-security page in German (self-written translation) with a 200',
      { headers: { 'content-type': 'text/html' }, body: s.NETWORK_BLOCK_HTML_DE },
      /network-security/,
    ],
    ['a JSON 429 Too Many Requests', { status: 429, headers: JSON_HEADERS, body: s.TOO_MANY_REQUESTS_JSON }, /Too Many Requests/],
    ['a JSON 403', { status: 403, headers: JSON_HEADERS, body: '{"message": "Forbidden", "error": 403}' }, /HTTP 403/],
  ])('a block page — %s — is 502 UPSTREAM_BLOCKED at 0 credits, never parsed', async (_name, response, message) => {
    h.replay.add({ ...searchRoute, response });
    const { key, id } = await h.key(3);
    const r = await h.rest(searchPath({ query: 'selfhosted proxy' }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringMatching(message) });
    expect(await h.balance(id)).toBe(3);
  });

  it('a redirect to the login page is a login wall (UPSTREAM_BLOCKED), at 0 credits', async () => {
    h.replay.add({
      ...searchRoute,
      response: { status: 302, headers: { location: 'https://www.reddit.com/login/?dest=https%3A%2F%2Fwww.reddit.com%2Fsearch.json' } },
    });
    h.replay.add({
      host: 'www.reddit.com',
      path: '/login/',
      response: { headers: { 'content-type': 'text/html' }, body: '<html><title>reddit.com: Log in</title></html>' },
    });
    const { key, id } = await h.key(3);
    const r = await h.rest(searchPath({ query: 'selfhosted proxy' }), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringContaining('login wall') });
    expect(await h.balance(id)).toBe(3);
  });

  it('an HTML page that is no block page, JSON of another shape, or a 404 of the endpoint is UPSTREAM_FAILED at 0 credits', async () => {
    const { key, id } = await h.key(3);
    h.replay.add({
      ...searchRoute,
      response: {
        headers: { 'content-type': 'text/html' },
        body: '<!doctype html><html><title>reddit</title><body>new search UI</body></html>',
      },
    });
    const html = await h.rest(searchPath({ query: 'selfhosted proxy' }), { key });
    expect(html.status).toBe(502);
    expect(html.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('JSON Listing') });
    h.replay.add({ ...searchRoute, response: json({ results: [] }) });
    const shape = await h.rest(searchPath({ query: 'selfhosted proxy' }), { key });
    expect(shape.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('Listing data.children') });
    // A 404 of the search endpoint is not "no such record" (a search has none): the endpoint moved.
    h.replay.add({ ...searchRoute, response: { status: 404, headers: JSON_HEADERS, body: '{"message": "Not Found", "error": 404}' } });
    const moved = await h.rest(searchPath({ query: 'selfhosted proxy' }), { key });
    expect(moved.status).toBe(502);
    expect(moved.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('HTTP 404') });
    expect(await h.balance(id)).toBe(3);
  });

  it('REST and GraphQL return the same page; GraphQL types posts and comments and exposes `after`', async () => {
    const { key } = await h.key(10);
    const rest = await h.rest(searchPath({ query: 'selfhosted proxy' }), { key });
    const gql = await h.gql(
      `query($q: String!) { forumSearch(query: $q, cacheMaxAge: "1d") {
          json after
          posts { __typename id name subreddit author score createdUtc createdAtIso edited editedUtc permalink
                  ... on ForumPost { title selftext url domain upvoteRatio isSelf numComments } } } }`,
      { key, variables: { q: 'selfhosted proxy' } },
    );
    const page = gql.body.data.forumSearch;
    expect(page.json).toEqual(strip(rest.body));
    expect(page.after).toBe('t3_a3');
    expect(page.posts[0]).toEqual({
      __typename: 'ForumPost',
      id: 'a1',
      name: 't3_a1',
      subreddit: 'selfhosted',
      author: 'quiet_owl',
      score: 57,
      createdUtc: 1_700_000_000,
      createdAtIso: '2023-11-14T22:13:20.000Z',
      edited: false,
      editedUtc: null,
      permalink: '/r/selfhosted/comments/a1/post_a1/',
      title: 'Title of post a1',
      selftext: 'Body of post a1.',
      url: 'https://www.reddit.com/r/selfhosted/comments/a1/post_a1/',
      domain: 'self.selfhosted',
      upvoteRatio: 0.94,
      isSelf: true,
      numComments: 12,
    });
    expect(gql.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });

    const restC = await h.rest(searchPath({ query: 'selfhosted proxy', filter: 'comments' }), { key });
    const gqlC = await h.gql(
      `{ forumSearch(query: "selfhosted proxy", filter: COMMENTS) { json after
          posts { __typename name ... on ForumComment { body parentId linkId linkTitle isSubmitter distinguished } edited editedUtc } } }`,
      { key },
    );
    expect(gqlC.body.data.forumSearch.json).toEqual(strip(restC.body));
    expect(gqlC.body.data.forumSearch.posts[1]).toEqual({
      __typename: 'ForumComment',
      name: 't1_c2',
      body: 'Comment c2: try a reverse proxy.',
      parentId: 't3_p1',
      linkId: 't3_p1',
      linkTitle: 'Title of post p1',
      isSubmitter: false,
      distinguished: 'moderator',
      edited: true,
      editedUtc: 1_700_004_000,
    });
  });

  it.skipIf(!hasFixtures('forum'))(
    hasFixtures('forum') ? 'the real 2020 search capture through the gateway' : skipReason('forum'),
    async () => {
      const { key } = await h.key(5);
      const r = await h.rest(searchPath({ query: 'praw oauth search' }), { key });
      expect(r.status).toBe(200);
      expect(r.body.posts).toHaveLength(31);
      expect(r.body.after).toBeNull();
      expect(r.body.posts[0]).toMatchObject({
        name: 't3_6ganxe',
        author: 'cheesycow5',
        created_utc: 1497036556,
        created_at_iso: '2017-06-09T19:29:16.000Z',
      });
    },
  );
});

/**
 * User, user posts, user comments, subreddit and post (Reddit's `.json` reads through api.ts,
 * anonymous here): u/NightOwlPots and r/Pottery exist; u/ghostpots, r/nowhere and post zz404
 * answer 404; r/secret answers Reddit's private-subreddit 403.
 */
describe('forum user, user posts, user comments, subreddit, post', () => {
  const R = 'www.reddit.com';
  const notFound = { status: 404, headers: JSON_HEADERS, body: '{"message": "Not Found", "error": 404}' };
  const pot = (id: string, extra: Record<string, unknown> = {}) =>
    s.post(id, { subreddit: 'Pottery', subreddit_name_prefixed: 'r/Pottery', author: 'NightOwlPots', ...extra });
  const reply = s.comment('c2', { subreddit: 'Pottery', depth: 1, parent_id: 't1_c1', link_id: 't3_p1' });
  const top = s.comment('c1', { subreddit: 'Pottery', depth: 0, link_id: 't3_p1', replies: s.listing([reply]) });
  const more = { kind: 'more', data: { count: 4, id: 'c3', name: 't1_c3', depth: 0, children: ['c3', 'c4'] } };
  const mine = (id: string, extra: Record<string, unknown> = {}) =>
    s.comment(id, { subreddit: 'Pottery', subreddit_name_prefixed: 'r/Pottery', author: 'NightOwlPots', ...extra });

  beforeEach(() => {
    h.replay.add({ host: R, path: '/user/nightowlpots/about.json', response: json(s.userAbout('NightOwlPots')) });
    h.replay.add({ host: R, path: '/user/ghostpots/about.json', response: notFound });
    h.replay.add({ host: R, path: '/user/nightowlpots/submitted.json', response: json(s.listing([pot('p1'), pot('p2')], 't3_p2')) });
    h.replay.add({ host: R, path: '/user/ghostpots/submitted.json', response: notFound });
    h.replay.add({ host: R, path: '/user/nightowlpots/comments.json', response: json(s.listing([mine('m1'), mine('m2')], 't1_m2')) });
    h.replay.add({ host: R, path: '/user/ghostpots/comments.json', response: notFound });
    h.replay.add({ host: R, path: '/r/pottery/hot.json', response: json(s.listing([pot('p1')], null)) });
    h.replay.add({ host: R, path: '/r/pottery/about.json', response: json(s.subredditAbout('Pottery')) });
    h.replay.add({
      host: R,
      path: '/r/secret/hot.json',
      response: { status: 403, headers: JSON_HEADERS, body: '{"reason": "private", "message": "Forbidden", "error": 403}' },
    });
    h.replay.add({ host: R, path: '/comments/p1.json', response: json(s.thread(s.t3('p1', { subreddit: 'Pottery' }), [top, more])) });
    h.replay.add({ host: R, path: '/comments/zz404.json', response: notFound });
  });

  it.each<[string, string, string]>([
    ['forumUser', '/v1/forum/user?handle=u/NightOwlPots', '/v1/forum/user?handle=nightowlpots'],
    ['forumUserPosts', '/v1/forum/user/posts?handle=NightOwlPots', '/v1/forum/user/posts?handle=nightowlpots&sort=new'],
    ['forumUserComments', '/v1/forum/user/comments?handle=NightOwlPots', '/v1/forum/user/comments?handle=u/nightowlpots&sort=new'],
    ['forumSubreddit', '/v1/forum/subreddit?name=r/Pottery', '/v1/forum/subreddit?name=pottery&sort=hot'],
    ['forumPost', '/v1/forum/post?url=https://www.reddit.com/r/Pottery/comments/p1/x/', '/v1/forum/post?url=https://redd.it/p1'],
  ])('%s: live 1 credit, then the same record cached at 0 credits', async (_op, livePath, cachedPath) => {
    const { key, id } = await h.key(5);
    const live = await h.rest(livePath, { key });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ credits_charged: 1 });
    expect(live.body).not.toHaveProperty('cached');
    const hit = await h.rest(`${cachedPath}&cache_max_age=1d`, { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(strip(hit.body)).toEqual(strip(live.body));
    expect(redditHits().filter((r) => !r.path.endsWith('/about.json') || livePath.includes('/user?'))).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it.each<[string, string, number, string]>([
    ['a missing user', '/v1/forum/user?handle=ghostpots', 404, 'NOT_FOUND'],
    ["a missing user's posts", '/v1/forum/user/posts?handle=ghostpots', 404, 'NOT_FOUND'],
    ["a missing user's comments", '/v1/forum/user/comments?handle=ghostpots', 404, 'NOT_FOUND'],
    ['a private subreddit', '/v1/forum/subreddit?name=secret', 403, 'PRIVATE_CONTENT'],
    ['a missing post', '/v1/forum/post?url=https://redd.it/zz404', 404, 'NOT_FOUND'],
  ])('%s is %i %s at 0 credits', async (_name, path, status, code) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path, { key });
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    expect(await h.balance(id)).toBe(3);
  });

  describe('user comments', () => {
    const comments = (q: Record<string, string>) => `/v1/forum/user/comments?${new URLSearchParams(q)}`;

    it('200: the page of t1 records and after, 1 credit; asked anonymously at /user/<u>/comments.json, newest first, 100 a page', async () => {
      const { key, id } = await h.key(5);
      const r = await h.rest(comments({ handle: 'u/NightOwlPots' }), { key });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'comments', 'after']);
      expect(r.body).toMatchObject({ credits_charged: 1, after: 't1_m2' });
      expect(r.body.comments.map((c: { name: string }) => c.name)).toEqual(['t1_m1', 't1_m2']);
      expect(r.body.comments[0]).toMatchObject({
        id: 'm1',
        author: 'NightOwlPots',
        body: 'Comment m1: try a reverse proxy.',
        subreddit: 'Pottery',
        link_id: 't3_p1',
        link_title: 'Title of post p1',
        link_permalink: 'https://www.reddit.com/r/Pottery/comments/p1/post_p1/',
        permalink: '/r/Pottery/comments/p1/post_p1/m1/',
        parent_id: 't3_p1',
        edited: 1_700_004_000,
        stickied: false,
        distinguished: null,
        created_utc: 1_700_003_600,
        created_at_iso: '2023-11-14T23:13:20.000Z',
      });
      const [req] = redditHits();
      expect(req.path).toBe('/user/nightowlpots/comments.json');
      expect(Object.fromEntries(req.query)).toEqual({ sort: 'new', limit: '100', raw_json: '1' });
      expect(req.headers['user-agent']).toMatch(/^CreatorLookup\/\S+ \(/);
      expect(req.headers.authorization).toBeUndefined();
      expect(await h.balance(id)).toBe(4);
    });

    it('pages with `after` passed back unchanged; sort=top asks t=all; each page 1 credit', async () => {
      h.replay.add({
        host: R,
        path: '/user/nightowlpots/comments.json',
        response: (req: ReplayRequest) =>
          req.query.get('after') === 't1_m2' ? json(s.listing([mine('m3')], null)) : json(s.listing([mine('m1'), mine('m2')], 't1_m2')),
      });
      const { key, id } = await h.key(5);
      const p1 = await h.rest(comments({ handle: 'nightowlpots', sort: 'top' }), { key });
      const p2 = await h.rest(comments({ handle: 'nightowlpots', sort: 'top', after: p1.body.after }), { key });
      expect(p2.status).toBe(200);
      expect(p2.body).toMatchObject({ credits_charged: 1, after: null, comments: [{ name: 't1_m3' }] });
      expect(redditHits().map((r) => Object.fromEntries(r.query))).toEqual([
        { sort: 'top', t: 'all', limit: '100', raw_json: '1' },
        { sort: 'top', t: 'all', limit: '100', after: 't1_m2', raw_json: '1' },
      ]);
      expect(await h.balance(id)).toBe(3);
    });

    it("another user's comment in the answer is 502 UPSTREAM_FAILED at 0 credits, and nothing is cached", async () => {
      // A handle of its own: the file's gateway keeps its cache across tests.
      h.replay.add({
        host: R,
        path: '/user/mixedpots/comments.json',
        response: json(s.listing([mine('m1', { author: 'MixedPots' }), s.comment('x1', { author: 'someone_else' })])),
      });
      const { key, id } = await h.key(3);
      const r = await h.rest(comments({ handle: 'mixedpots' }), { key });
      expect(r.status).toBe(502);
      expect(r.body.error).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('u/someone_else') });
      const again = await h.rest(comments({ handle: 'mixedpots', cache_max_age: '30d' }), { key });
      expect(again.body.error.code).toBe('UPSTREAM_FAILED');
      expect(redditHits()).toHaveLength(2);
      expect(await h.balance(id)).toBe(3);
    });

    it.each<[string, Route['response'], string, RegExp]>([
      [
        'the "whoa there, pardner!" page (429)',
        { status: 429, headers: { 'content-type': 'text/html' }, body: s.WHOA_THERE_HTML },
        'UPSTREAM_BLOCKED',
        /pardner/,
      ],
      [
        'the network-security page (403)',
        { status: 403, headers: { 'content-type': 'text/html' }, body: s.NETWORK_BLOCK_HTML },
        'UPSTREAM_BLOCKED',
        /network-security/,
      ],
      ['a JSON 429', { status: 429, headers: JSON_HEADERS, body: s.TOO_MANY_REQUESTS_JSON }, 'UPSTREAM_BLOCKED', /Too Many Requests/],
      ['a listing of posts', json(s.listing([s.post('p1', { author: 'NightOwlPots' })])), 'UPSTREAM_FAILED', /t1 \(comments\)/],
    ])('%s is 502 %s at 0 credits', async (_name, response, code, message) => {
      h.replay.add({ host: R, path: '/user/nightowlpots/comments.json', response });
      const { key, id } = await h.key(3);
      const r = await h.rest(comments({ handle: 'nightowlpots' }), { key });
      expect(r.status).toBe(502);
      expect(r.body.error).toMatchObject({ code, message: expect.stringMatching(message) });
      expect(await h.balance(id)).toBe(3);
    });

    it.each<[Record<string, string>, string]>([
      [{}, 'handle'],
      [{ handle: 'a b' }, 'handle'],
      [{ handle: 'nightowlpots', sort: 'best' }, 'sort'],
      [{ handle: 'nightowlpots', after: 't1_m2&sort=top' }, 'after'],
    ])('%o → 400 INVALID_INPUT naming %s, 0 credits, nothing fetched', async (q, param) => {
      const { key, id } = await h.key(3);
      const r = await h.rest(comments(q), { key });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details.map((d: { param: string }) => d.param)).toEqual([param]);
      expect(redditHits()).toHaveLength(0);
      expect(await h.balance(id)).toBe(3);
    });

    it('GraphQL: forumUserComments types the comments; json is the REST record', async () => {
      const { key } = await h.key(5);
      const rest = await h.rest(comments({ handle: 'nightowlpots' }), { key });
      const r = await h.gql(
        `{ forumUserComments(handle: "NightOwlPots", sort: NEW, cacheMaxAge: "1d") { json after
             comments { __typename id name author body linkId linkTitle linkPermalink parentId permalink score createdAtIso edited editedUtc stickied distinguished } } }`,
        { key },
      );
      expect(r.body.errors).toBeUndefined();
      const page = r.body.data.forumUserComments;
      expect(page.json).toEqual(strip(rest.body));
      expect(page.after).toBe('t1_m2');
      expect(page.comments[0]).toEqual({
        __typename: 'ForumComment',
        id: 'm1',
        name: 't1_m1',
        author: 'NightOwlPots',
        body: 'Comment m1: try a reverse proxy.',
        linkId: 't3_p1',
        linkTitle: 'Title of post p1',
        linkPermalink: 'https://www.reddit.com/r/Pottery/comments/p1/post_p1/',
        parentId: 't3_p1',
        permalink: '/r/Pottery/comments/p1/post_p1/m1/',
        score: 9,
        createdAtIso: '2023-11-14T23:13:20.000Z',
        edited: true,
        editedUtc: 1_700_004_000,
        stickied: false,
        distinguished: null,
      });
      expect(r.body.extensions.credits.fields[0]).toMatchObject({ charged: 0, cached: true });
    });
  });

  it('a handle or URL that is none is INVALID_INPUT at 0 credits, nothing asked upstream', async () => {
    const { key, id } = await h.key(3);
    for (const path of ['/v1/forum/user?handle=a b', '/v1/forum/post?url=https://www.reddit.com/r/Pottery/s/AbCdEf']) {
      const r = await h.rest(path, { key });
      expect([path, r.status, r.body.error.code]).toEqual([path, 400, 'INVALID_INPUT']);
    }
    expect(redditHits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL types the user, the pages and the comment tree; json is the REST record', async () => {
    const { key } = await h.key(20);
    const rest = await h.rest('/v1/forum/post?url=https://redd.it/p1', { key });
    const r = await h.gql(
      `{ forumUser(handle: "NightOwlPots") { user { name totalKarma createdAtIso subreddit { title subscribers } } }
         forumUserPosts(handle: "NightOwlPots") { after posts { id title author } }
         forumSubreddit(name: "Pottery") { after subreddit { displayName subscribers createdAtIso } posts { id } }
         forumPost(url: "https://redd.it/p1", cacheMaxAge: "1d") { json post { id title }
           comments { __typename ... on ForumThreadComment { id depth editedUtc replies { __typename ... on ForumThreadComment { id parentId depth } } }
                      ... on ForumMoreComments { more ids } } } }`,
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    const d = r.body.data;
    expect(d.forumUser.user).toEqual({
      name: 'NightOwlPots',
      totalKarma: 5000,
      createdAtIso: '2020-09-13T12:26:40.000Z',
      subreddit: { title: 'Night Owl Ceramics', subscribers: 42 },
    });
    expect(d.forumUserPosts).toEqual({
      after: 't3_p2',
      posts: [
        { id: 'p1', title: 'Title of post p1', author: 'NightOwlPots' },
        { id: 'p2', title: 'Title of post p2', author: 'NightOwlPots' },
      ],
    });
    expect(d.forumSubreddit).toEqual({
      after: null,
      subreddit: { displayName: 'Pottery', subscribers: 512_300, createdAtIso: '2008-01-22T11:06:40.000Z' },
      posts: [{ id: 'p1' }],
    });
    expect(d.forumPost.json).toEqual(strip(rest.body));
    expect(d.forumPost.post).toEqual({ id: 'p1', title: 'Title of post p1' });
    expect(d.forumPost.comments).toEqual([
      {
        __typename: 'ForumThreadComment',
        id: 'c1',
        depth: 0,
        editedUtc: 1_700_004_000,
        replies: [{ __typename: 'ForumThreadComment', id: 'c2', parentId: 't1_c1', depth: 1 }],
      },
      { __typename: 'ForumMoreComments', more: 4, ids: ['c3', 'c4'] },
    ]);
  });
  it('creator discovery reads the user through forumUser: a read and the REST call share one about request, either order', async () => {
    const view = await expectOneFetchForBoth(h, {
      platform: 'forum',
      handle: 'nightowlpots',
      restPath: (x) => `/v1/forum/user?handle=nightowlpots${x}`,
      hits: () => redditHits().filter((r) => r.path === '/user/nightowlpots/about.json').length,
    });
    expect(view).toMatchObject({
      platform: 'forum',
      handle: 'NightOwlPots',
      displayName: 'Night Owl Ceramics',
      bio: 'Mugs and bowls, thrown late at night.',
      followers: 42,
    });
  });
});

describe('forum subreddit search', () => {
  const R = 'www.reddit.com';
  const search = (q: Record<string, string>) => `/v1/forum/subreddit/search?${new URLSearchParams(q)}`;
  const pot = (id: string, extra: Record<string, unknown> = {}) =>
    s.post(id, { subreddit: 'Pottery', subreddit_name_prefixed: 'r/Pottery', ...extra });

  beforeEach(() => {
    h.replay.add({
      host: R,
      path: '/r/pottery/search.json',
      response: (req: ReplayRequest) =>
        req.query.get('after') === 't3_g2' ? json(s.listing([pot('g3')], null)) : json(s.listing([pot('g1'), pot('g2')], 't3_g2')),
    });
  });

  it('200: {posts, after}, 1 credit; asked at /r/<s>/search.json restricted to it; another spelling is a cache hit at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const live = await h.rest(search({ subreddit: 'r/Pottery', query: 'celadon glaze', sort: 'top', timeframe: 'month' }), { key });
    expect(live.status).toBe(200);
    expect(Object.keys(live.body)).toEqual(['success', 'credits_remaining', 'credits_charged', 'posts', 'after']);
    expect(live.body).toMatchObject({
      credits_charged: 1,
      after: 't3_g2',
      posts: [{ name: 't3_g1', subreddit: 'Pottery' }, { name: 't3_g2' }],
    });
    const [req] = redditHits();
    expect(req.path).toBe('/r/pottery/search.json');
    expect(Object.fromEntries(req.query)).toEqual({
      q: 'celadon glaze',
      restrict_sr: '1',
      sort: 'top',
      t: 'month',
      limit: '100',
      raw_json: '1',
    });
    const hit = await h.rest(
      search({ subreddit: 'pottery', query: ' celadon  glaze', sort: 'top', timeframe: 'month', cache_max_age: '1d' }),
      { key },
    );
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(strip(hit.body)).toEqual(strip(live.body));
    const next = await h.rest(search({ subreddit: 'pottery', query: 'celadon glaze', sort: 'top', timeframe: 'month', after: 't3_g2' }), {
      key,
    });
    expect(next.body).toMatchObject({ credits_charged: 1, after: null, posts: [{ name: 't3_g3' }] });
    expect(redditHits()).toHaveLength(2);
    expect(await h.balance(id)).toBe(3);
  });

  it.each<[string, string, Route['response'], number, string]>([
    [
      'a missing subreddit (404)',
      'ghostclay',
      { status: 404, headers: JSON_HEADERS, body: '{"message": "Not Found", "error": 404}' },
      404,
      'NOT_FOUND',
    ],
    [
      'a private subreddit',
      'secretclay',
      { status: 403, headers: JSON_HEADERS, body: '{"reason": "private", "message": "Forbidden", "error": 403}' },
      403,
      'PRIVATE_CONTENT',
    ],
    ['a JSON 429', 'busyclay', { status: 429, headers: JSON_HEADERS, body: s.TOO_MANY_REQUESTS_JSON }, 502, 'UPSTREAM_BLOCKED'],
    [
      'the "whoa there, pardner!" page',
      'whoaclay',
      { status: 429, headers: { 'content-type': 'text/html' }, body: s.WHOA_THERE_HTML },
      502,
      'UPSTREAM_BLOCKED',
    ],
    [
      'a site-wide answer (a post of another subreddit)',
      'mixedclay',
      json(s.listing([s.post('x1', { subreddit: 'mixedclay' }), s.post('x2', { subreddit: 'pics' })])),
      502,
      'UPSTREAM_FAILED',
    ],
  ])('%s is %i %s at 0 credits, not cached', async (_name, sub, response, status, code) => {
    h.replay.add({ host: R, path: `/r/${sub}/search.json`, response });
    const { key, id } = await h.key(3);
    const r = await h.rest(search({ subreddit: sub, query: 'glaze' }), { key });
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    const first = redditHits().length;
    const again = await h.rest(search({ subreddit: sub, query: 'glaze', cache_max_age: '30d' }), { key });
    expect(again.body.error.code).toBe(code);
    // Asked upstream again (the upstream client may retry a 429 once: not a count of one).
    expect(redditHits().length).toBeGreaterThan(first);
    expect(await h.balance(id)).toBe(3);
  });

  it.each<[Record<string, string>, string]>([
    [{ query: 'glaze' }, 'subreddit'],
    [{ subreddit: 'popular', query: 'glaze' }, 'subreddit'],
    [{ subreddit: 'pottery' }, 'query'],
    [{ subreddit: 'pottery', query: 'glaze', sort: 'hot' }, 'sort'],
  ])('%o → 400 INVALID_INPUT naming %s, 0 credits, nothing fetched', async (q, param) => {
    const { key, id } = await h.key(3);
    const r = await h.rest(search(q), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details.map((d: { param: string }) => d.param)).toEqual([param]);
    expect(redditHits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL: forumSubredditSearch answers a ForumPostsPage; json is the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(search({ subreddit: 'pottery', query: 'trimming', sort: 'comment_count' }), { key });
    const r = await h.gql(
      `{ forumSubredditSearch(subreddit: "r/Pottery", query: "trimming", sort: COMMENT_COUNT, cacheMaxAge: "1d") { after json posts { id subreddit } } }`,
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.forumSubredditSearch).toMatchObject({
      after: 't3_g2',
      posts: [
        { id: 'g1', subreddit: 'Pottery' },
        { id: 'g2', subreddit: 'Pottery' },
      ],
    });
    expect(r.body.data.forumSubredditSearch.json).toEqual(strip(rest.body));
    expect(redditHits().map((x) => x.query.get('sort'))).toEqual(['comments']);
  });
});
