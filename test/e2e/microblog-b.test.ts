/**
 * microblog-b (X / Twitter) end to end: gateway + replay upstream over real HTTP.
 *
 * The upstream is a small simulation of X's public requests: guest-token activation (POST
 * api.x.com/1.1/guest/activate.json), GraphQL TweetResultByRestId (which accepts only the query
 * id and guest tokens the test says are live), the syndication endpoint (which checks the
 * derived token), and the x.com home page + main bundle the query id is scraped from. Bodies are
 * hand-written by us in the public shapes (src/platforms/microblog-b/samples.ts); the last block
 * serves the real captures from ../shared/fixtures/microblog-b, read in place, when present.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures, skipReason } from '../support/fixtures.js';
import { syndicationToken, TWEET_RESULT_BY_REST_ID } from '../../src/platforms/microblog-b/endpoints.js';
import {
  homeHtml,
  legacyShapeUser,
  LOGIN_WALL_HTML,
  mainJs,
  SOMETHING_WENT_WRONG_HTML,
  syndicationTweet,
  tombstone,
  TOMBSTONE_PROTECTED,
  tweetResult,
  tweetResultBody,
  unavailable,
} from '../../src/platforms/microblog-b/samples.js';
import type { RecordedResponse, ReplayRequest, Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { recordKeys } from '../../src/platforms/records.js';
import { MicroblogBTweet } from '../../src/platforms/microblog-b/schema.js';
import { withoutEnvelope } from '../support/envelope.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8' };
const json = (body: string, status = 200): RecordedResponse => ({ status, headers: JSON_HEADERS, body });

const TWEET_KEYS = recordKeys(MicroblogBTweet);
const ENVELOPE = ['success', 'credits_remaining', 'credits_charged'];
const MAIN_JS = 'https://abs.twimg.com/responsive-web/client-web/main.7c1f0e9a.js';
const GRAPHQL_PATH = /^\/i\/api\/graphql\/[^/]+\/TweetResultByRestId$/;

/** What the simulated X accepts and answers; tests change it. */
interface XState {
  /** Query id the GraphQL API knows (the built-in one unless a test "redeploys"). */
  liveQueryId: string;
  /** Guest tokens the GraphQL API accepts. */
  accepted: Set<string>;
  /** Whether newly activated guest tokens are accepted. */
  acceptNew: boolean;
  /** Activation answers (default: a fresh token). */
  activation: (() => RecordedResponse) | null;
  issued: string[];
  /** GraphQL answer per post id (default: the empty tweetResult of a deleted post). */
  graphql: Map<string, () => RecordedResponse>;
  /** Syndication answer per post id (default: 404). */
  syndication: Map<string, () => RecordedResponse>;
  /** Query id in the main bundle (null: the bundle declares none). */
  bundleQueryId: string | null;
  /** Feature switches the GraphQL API insists on (400 until sent). */
  requiredFeatures: string[];
}

/** Every guest token issued in this file: a harness shared by several tests keeps the one it holds. */
const everIssued = new Set<string>();

function newState(): XState {
  return {
    liveQueryId: TWEET_RESULT_BY_REST_ID.queryId,
    accepted: new Set(everIssued),
    acceptNew: true,
    activation: null,
    issued: [],
    graphql: new Map(),
    syndication: new Map(),
    bundleQueryId: null,
    requiredFeatures: [],
  };
}

function xRoutes(x: XState): Route[] {
  return [
    {
      host: 'api.x.com',
      path: '/1.1/guest/activate.json',
      method: 'POST',
      response: (req: ReplayRequest) => {
        if (!/^Bearer AAAA/.test(String(req.headers.authorization)))
          return json('{"errors":[{"code":215,"message":"Bad Authentication data."}]}', 400);
        if (x.activation) return x.activation();
        const token = String(1_900_000_000_000_000_000n + BigInt(everIssued.size + 1));
        x.issued.push(token);
        everIssued.add(token);
        if (x.acceptNew) x.accepted.add(token);
        return json(JSON.stringify({ guest_token: token }));
      },
    },
    {
      host: 'x.com',
      path: GRAPHQL_PATH,
      response: (req: ReplayRequest) => {
        const queryId = req.path.split('/')[4];
        if (queryId !== x.liveQueryId) return { status: 404, headers: JSON_HEADERS, body: '' };
        if (!x.accepted.has(String(req.headers['x-guest-token'])))
          return json('{"errors":[{"code":239,"message":"Bad guest token."}]}', 401);
        const features = JSON.parse(req.query.get('features') ?? '{}') as Record<string, unknown>;
        const missing = x.requiredFeatures.filter((f) => !(f in features));
        if (missing.length)
          return json(JSON.stringify({ errors: [{ message: `The following features cannot be null: ${missing.join(', ')}` }] }), 400);
        const id = (JSON.parse(req.query.get('variables') ?? '{}') as { tweetId?: string }).tweetId ?? '';
        return x.graphql.get(id)?.() ?? json(tweetResultBody(undefined));
      },
    },
    {
      host: 'cdn.syndication.twimg.com',
      path: '/tweet-result',
      response: (req: ReplayRequest) => {
        const id = req.query.get('id') ?? '';
        if (req.query.get('token') !== syndicationToken(id)) return json('{}');
        return x.syndication.get(id)?.() ?? { status: 404, headers: JSON_HEADERS, body: '' };
      },
    },
    { host: 'x.com', path: '/', response: () => ({ headers: HTML_HEADERS, body: homeHtml(MAIN_JS) }) },
    {
      host: 'abs.twimg.com',
      path: new URL(MAIN_JS).pathname,
      response: () => ({
        headers: { 'content-type': 'application/javascript' },
        body: mainJs(
          x.bundleQueryId
            ? { UserByScreenName: 'Uuuuuuuuuuuuuuuuuuuuuu', TweetResultByRestId: x.bundleQueryId }
            : { UserByScreenName: 'Uuuuuuuuuuuuuuuuuuuuuu' },
        ),
      }),
    },
  ];
}

const tweetPath = (url: string, extra = '') => `/v1/microblog-b/tweet?url=${encodeURIComponent(url)}${extra}`;
const graphqlHits = (h: Harness) => h.replay.hits({ host: 'x.com', path: GRAPHQL_PATH });
const activationHits = (h: Harness) => h.replay.hits({ host: 'api.x.com', path: '/1.1/guest/activate.json' });
const syndicationHits = (h: Harness) => h.replay.hits({ host: 'cdn.syndication.twimg.com' });
const upstreamHits = (h: Harness) => h.replay.hits().length;

/**
 * A harness and a fresh simulated X. Token state lives in the gateway's upstream client, so
 * tests that count activations or scrapes get a harness of their own (`perTest`).
 */
function useX(opts: { perTest?: boolean } = {}): { h: () => Harness; x: () => XState } {
  let h: Harness;
  let x: XState;
  const start = async () => {
    h = await startHarness();
  };
  if (opts.perTest) {
    beforeEach(start);
    afterEach(() => h.close());
  } else {
    beforeAll(start);
    afterAll(() => h.close());
  }
  beforeEach(() => {
    x = newState();
    h.replay.reset();
    for (const r of xRoutes(x)) h.replay.add(r);
  });
  return { h: () => h, x: () => x };
}

/** Posts the simulated X knows. */
const ID = '1840000000000000123';
const URL_X = `https://x.com/ada_writes/status/${ID}`;
const graphqlOk = (x: XState, id: string, result = tweetResult(id)) => x.graphql.set(id, () => json(tweetResultBody(result)));

describe('microblog-b tweet over REST', () => {
  const { h, x } = useX();

  it('charges 1 and returns the envelope, then the api.md tweet at top level', async () => {
    graphqlOk(x(), ID);
    const { key, id } = await h().key(10);
    const r = await h().rest(tweetPath(URL_X), { key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).slice(0, 3 + TWEET_KEYS.length)).toEqual([...ENVELOPE, ...TWEET_KEYS]);
    expect(r.body).toMatchObject({ success: true, credits_remaining: 9, credits_charged: 1, __typename: 'Tweet', rest_id: ID });
    expect(r.body).not.toHaveProperty('cached');
    expect(r.body.views).toEqual({ count: '48213', state: 'EnabledWithCount' });
    expect(r.body.legacy).toMatchObject({
      id_str: ID,
      favorite_count: 812,
      retweet_count: 64,
      reply_count: 31,
      quote_count: 9,
      bookmark_count: 17,
    });
    // the 2026 author shape, with its api.md legacy block filled
    expect(r.body.core.user_results.result.legacy).toMatchObject({
      screen_name: 'ada_writes',
      name: 'Ada Writes',
      followers_count: 12034,
      friends_count: 321,
      statuses_count: 4321,
    });
    expect(await h().balance(id)).toBe(9);
    expect(syndicationHits(h())).toHaveLength(0);
  });

  it('trim=true: the reduced record, charged 1, cached apart from the full one', async () => {
    graphqlOk(x(), ID);
    const { key, id } = await h().key(10);
    const full = await h().rest(tweetPath(URL_X), { key });
    const r = await h().rest(tweetPath(URL_X, '&trim=true&cache_max_age=1d'), { key });
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(1);
    expect(r.body).not.toHaveProperty('cached');
    expect(Object.keys(withoutEnvelope(r.body))).toEqual(['__typename', 'rest_id', 'core', 'views', 'legacy']);
    expect(Object.keys(r.body.legacy)).toEqual([
      'created_at',
      'full_text',
      'lang',
      'conversation_id_str',
      'favorite_count',
      'retweet_count',
      'reply_count',
      'quote_count',
      'bookmark_count',
      'user_id_str',
      'id_str',
    ]);
    expect(r.body.core.user_results.result).toEqual({
      __typename: 'User',
      rest_id: full.body.core.user_results.result.rest_id,
      is_blue_verified: false,
      legacy: {
        screen_name: 'ada_writes',
        name: 'Ada Writes',
        profile_image_url_https: 'https://pbs.twimg.com/profile_images/1/ada_normal.jpg',
        followers_count: 12034,
        verified: false,
      },
    });
    expect(r.body.legacy.full_text).toBe(full.body.legacy.full_text);
    // trim=false is the full record (and shares the default's cache entry)
    const explicit = await h().rest(tweetPath(URL_X, '&trim=false&cache_max_age=1d'), { key });
    expect(explicit.body).toMatchObject({ cached: true, credits_charged: 0 });
    expect(withoutEnvelope(explicit.body)).toEqual(withoutEnvelope(full.body));
    expect(await h().balance(id)).toBe(8);
  });

  it('cache_max_age: a hit costs 0 and is shared by every spelling of the post URL', async () => {
    graphqlOk(x(), ID);
    const { key, id } = await h().key(10);
    const live = await h().rest(tweetPath(URL_X), { key });
    for (const variant of [
      `https://twitter.com/ada_writes/status/${ID}`,
      `https://mobile.twitter.com/someone_else/status/${ID}/photo/1?s=20`,
      `https://www.x.com/i/web/status/${ID}`,
    ]) {
      const hit = await h().rest(tweetPath(variant, '&cache_max_age=7d'), { key });
      expect(hit.status, variant).toBe(200);
      expect(hit.body, variant).toMatchObject({ success: true, cached: true, credits_charged: 0, credits_remaining: 9 });
      expect(hit.body.cached_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(withoutEnvelope(hit.body)).toEqual(withoutEnvelope(live.body));
    }
    expect(graphqlHits(h())).toHaveLength(1);
    expect(await h().balance(id)).toBe(9);
  });

  describe('validation: 400 naming the parameter, 0 credits, nothing fetched', () => {
    it.each([
      ['missing url', '/v1/microblog-b/tweet', 'url'],
      ['another host', tweetPath('https://instagram.com/p/ABC/'), 'url'],
      ['a look-alike host', tweetPath(`https://x.com.example.net/a/status/${ID}`), 'url'],
      ['a profile, not a post', tweetPath('https://x.com/ada_writes'), 'url'],
      ['not a URL', '/v1/microblog-b/tweet?url=hello', 'url'],
      ['a post id that is not a number', tweetPath('https://x.com/a/status/12ab'), 'url'],
      ['trim not a boolean', tweetPath(URL_X, '&trim=maybe'), 'trim'],
      ['bad cache_max_age', tweetPath(URL_X, '&cache_max_age=2d'), 'cache_max_age'],
      ['url given twice', `${tweetPath(URL_X)}&url=${encodeURIComponent(URL_X)}`, 'url'],
    ])('%s', async (_name, path, param) => {
      const { key, id } = await h().key(5);
      const r = await h().rest(path, { key });
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details.map((d: { param: string }) => d.param)).toContain(param);
      expect(await h().balance(id)).toBe(5);
      expect(upstreamHits(h())).toBe(0);
    });

    it('GraphQL names the argument', async () => {
      const { key } = await h().key(5);
      const r = await h().gql('{ microblogBTweet(url: "https://gitlab.com/a/status/1") { restId } }', { key });
      expect(r.body.errors[0].extensions).toMatchObject({
        code: 'INVALID_INPUT',
        details: [{ param: 'url', message: expect.stringContaining('x.com') }],
      });
      expect(r.body.extensions.credits.charged).toBe(0);
    });
  });

  it('a deleted or never-existing post (empty tweetResult) is 404 at 0 credits; the syndication endpoint is not asked', async () => {
    const { key, id } = await h().key(5);
    const r = await h().rest(tweetPath('https://x.com/ghost/status/1840000000000000999'), { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.body.error.message).toContain('1840000000000000999');
    expect(await h().balance(id)).toBe(5);
    expect(syndicationHits(h())).toHaveLength(0);
  });

  it("a protected account's post is 403 PRIVATE_CONTENT at 0 credits", async () => {
    x().graphql.set(ID, () => json(tweetResultBody(unavailable('Protected'))));
    const { key, id } = await h().key(5);
    const r = await h().rest(tweetPath(URL_X), { key });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('PRIVATE_CONTENT');
    expect(await h().balance(id)).toBe(5);
    expect(syndicationHits(h())).toHaveLength(0);
  });

  it('content shown to logged-in viewers only is a login wall: 502 UPSTREAM_BLOCKED, not worked around', async () => {
    x().graphql.set(ID, () => json(tweetResultBody(unavailable('NsfwLoggedOut'))));
    x().syndication.set(ID, () => json(JSON.stringify(syndicationTweet(ID))));
    const { key, id } = await h().key(5);
    const r = await h().rest(tweetPath(URL_X), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(r.body.error.message).toMatch(/login wall/);
    expect(syndicationHits(h())).toHaveLength(0);
    expect(await h().balance(id)).toBe(5);
  });

  it('"Something went wrong" pages from both sources: 502 UPSTREAM_BLOCKED at 0 credits, never parsed', async () => {
    x().graphql.set(ID, () => ({ headers: HTML_HEADERS, body: SOMETHING_WENT_WRONG_HTML }));
    x().syndication.set(ID, () => ({ headers: HTML_HEADERS, body: SOMETHING_WENT_WRONG_HTML }));
    const { key, id } = await h().key(5);
    const r = await h().rest(tweetPath(URL_X), { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(r.body.error.message).toMatch(/Something went wrong/);
    expect(await h().balance(id)).toBe(5);
  });

  it('a login page instead of the GraphQL API, and the syndication endpoint blocked too: 502 login wall', async () => {
    x().graphql.set(ID, () => ({ headers: HTML_HEADERS, body: LOGIN_WALL_HTML }));
    x().syndication.set(ID, () => ({ status: 200, headers: HTML_HEADERS, body: LOGIN_WALL_HTML }));
    const { key } = await h().key(5);
    const r = await h().rest(tweetPath(URL_X), { key });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'UPSTREAM_BLOCKED', message: expect.stringMatching(/login wall/) });
  });

  it('GraphQL rate-limited (429): the syndication endpoint answers, with its documented gaps; 1 credit', async () => {
    x().graphql.set(ID, () => json('{"errors":[{"code":88,"message":"Rate limit exceeded."}]}', 429));
    x().syndication.set(ID, () => json(JSON.stringify(syndicationTweet(ID))));
    const { key, id } = await h().key(5);
    const r = await h().rest(tweetPath(URL_X), { key });
    expect(r.status).toBe(200);
    expect(r.body.credits_charged).toBe(1);
    expect(Object.keys(withoutEnvelope(r.body))).toEqual(TWEET_KEYS);
    expect(r.body).toMatchObject({ rest_id: ID, views: null, source: null });
    expect(r.body.legacy).toMatchObject({
      full_text: 'Kerning is a love language. Notes: https://t.co/Qwerty1234',
      favorite_count: 812,
      reply_count: 31,
      retweet_count: null,
      created_at: 'Mon Oct 06 14:00:05 +0000 2025',
    });
    expect(r.body.core.user_results.result.legacy).toMatchObject({ screen_name: 'ada_writes', followers_count: null });
    const [synd] = syndicationHits(h());
    expect(synd.query.get('token')).toBe(syndicationToken(ID));
    expect(await h().balance(id)).toBe(4);
  });

  it('the syndication record (GraphQL 500) is a partial read: never cached, a later cache_max_age read asks GraphQL (full and trim)', async () => {
    const id2 = '1840000000000000777';
    const url = `https://x.com/ada_writes/status/${id2}`;
    x().graphql.set(id2, () => ({ status: 500, headers: HTML_HEADERS, body: '<html>oops</html>' }));
    x().syndication.set(id2, () => json(JSON.stringify(syndicationTweet(id2))));
    const { key } = await h().key(10);
    for (const extra of ['', '&trim=true']) {
      const first = await h().rest(tweetPath(url, extra), { key });
      expect(first.status, extra).toBe(200);
      expect(first.body.views ?? null, extra).toBeNull();
    }
    graphqlOk(x(), id2);
    for (const extra of ['', '&trim=true']) {
      const before = graphqlHits(h()).length;
      const later = await h().rest(tweetPath(url, `${extra}&cache_max_age=1d`), { key });
      expect([later.status, later.body.credits_charged, later.body.cached], extra).toEqual([200, 1, undefined]);
      expect(graphqlHits(h()).length, extra).toBe(before + 1);
    }
  });

  it('GraphQL failing and the syndication endpoint showing a protected tombstone: 403', async () => {
    x().graphql.set(ID, () => json('', 503));
    x().syndication.set(ID, () => json(JSON.stringify(tombstone(TOMBSTONE_PROTECTED))));
    const { key, id } = await h().key(5);
    const r = await h().rest(tweetPath(URL_X), { key });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('PRIVATE_CONTENT');
    expect(await h().balance(id)).toBe(5);
  });

  it('GraphQL failing and the syndication endpoint missing the post too: 404', async () => {
    x().graphql.set(ID, () => json('{"data":{}}'));
    const { key } = await h().key(5);
    const r = await h().rest(tweetPath(URL_X), { key });
    expect(r.status).toBe(404);
    expect(syndicationHits(h())).toHaveLength(1);
  });

  it('REST and GraphQL return the same record; typed fields read it', async () => {
    graphqlOk(x(), ID, tweetResult(ID, { user: legacyShapeUser() }));
    const { key } = await h().key(10);
    const rest = await h().rest(tweetPath(URL_X), { key });
    const gql = await h().gql(
      `{ microblogBTweet(url: "${URL_X}") {
          json typename restId source isTranslatable
          views { count state }
          editControl { editTweetIds isEditEligible editsRemaining }
          author { restId isBlueVerified legacy { screenName name followersCount listedCount descriptionUrls { expandedUrl } websiteUrls { expandedUrl } } }
          legacy { idStr fullText favoriteCount retweetCount createdAt entities { urls { url expandedUrl indices } hashtags { text } } }
        } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const t = gql.body.data.microblogBTweet;
    expect(t.json).toEqual(withoutEnvelope(rest.body));
    expect(t).toMatchObject({
      typename: 'Tweet',
      restId: ID,
      source: rest.body.source,
      isTranslatable: false,
      views: { count: '48213', state: 'EnabledWithCount' },
      editControl: { editTweetIds: [ID], isEditEligible: true, editsRemaining: '5' },
      author: {
        restId: rest.body.core.user_results.result.rest_id,
        isBlueVerified: false,
        legacy: {
          screenName: 'ada_writes',
          name: 'Ada Writes',
          followersCount: 12034,
          listedCount: 45,
          descriptionUrls: [{ expandedUrl: 'https://shop.example.com/' }],
          websiteUrls: [{ expandedUrl: 'https://ada.example.org/' }],
        },
      },
      legacy: {
        idStr: ID,
        fullText: rest.body.legacy.full_text,
        favoriteCount: 812,
        retweetCount: 64,
        createdAt: 'Mon Oct 06 14:00:05 +0000 2025',
        entities: {
          urls: [{ url: 'https://t.co/Qwerty1234', expandedUrl: 'https://notes.example.org/kerning', indices: [35, 58] }],
          hashtags: [],
        },
      },
    });
    // no cacheMaxAge: a live fetch, charged like the REST one
    expect(gql.body.extensions.credits.charged).toBe(1);
  });

  it('GraphQL with trim: typed fields the trim left out are null', async () => {
    graphqlOk(x(), ID);
    const { key } = await h().key(10);
    const rest = await h().rest(tweetPath(URL_X, '&trim=true'), { key });
    const gql = await h().gql(
      `{ microblogBTweet(url: "${URL_X}", trim: true, cacheMaxAge: "1d") { json source editControl { editsRemaining } legacy { fullText entities { urls { url } } } author { legacy { screenName location } } } }`,
      { key },
    );
    const t = gql.body.data.microblogBTweet;
    expect(t.json).toEqual(withoutEnvelope(rest.body));
    expect(t).toMatchObject({
      source: null,
      editControl: null,
      legacy: { fullText: rest.body.legacy.full_text, entities: null },
      author: { legacy: { screenName: 'ada_writes', location: null } },
    });
    expect(gql.body.extensions.credits.fields[0].cached).toBe(true);
  });
});

describe('microblog-b guest token: one activation, shared, renewed after a 401', () => {
  const { h, x } = useX({ perTest: true });

  it('is activated once (POST with the public bearer) and sent with every GraphQL request', async () => {
    for (const id of ['11', '12', '13']) graphqlOk(x(), id);
    const { key } = await h().key(10);
    for (const id of ['11', '12', '13']) expect((await h().rest(tweetPath(`https://x.com/a/status/${id}`), { key })).status).toBe(200);
    const [activation] = activationHits(h());
    expect(activationHits(h())).toHaveLength(1);
    expect(activation.method).toBe('POST');
    expect(String(activation.headers.authorization)).toMatch(/^Bearer AAAA/);
    const calls = graphqlHits(h());
    expect(new Set(calls.map((r) => r.headers['x-guest-token']))).toEqual(new Set([x().issued[0]]));
    expect(String(calls[0].headers.authorization)).toMatch(/^Bearer AAAA/);
    expect(calls[0].path).toBe(`/i/api/graphql/${TWEET_RESULT_BY_REST_ID.queryId}/TweetResultByRestId`);
    expect(calls.map((c) => JSON.parse(c.query.get('variables')!).tweetId)).toEqual(['11', '12', '13']);
  });

  it('after a 401, concurrent requests share one new activation and are retried once; each pays 1', async () => {
    graphqlOk(x(), '20');
    const { key, id } = await h().key(20);
    expect((await h().rest(tweetPath('https://x.com/a/status/20'), { key })).status).toBe(200);
    const first = x().issued[0];
    // X stops accepting the token the gateway holds; the next activation is slow, so all six
    // requests are refused before it ends.
    x().accepted.clear();
    for (let i = 1; i <= 6; i++)
      x().graphql.set(`2${i}`, () => ({ ...json(tweetResultBody(tweetResult(`2${i}`))), fault: { kind: 'latency', ms: 30 } }));
    x().activation = () => {
      const token = String(1_950_000_000_000_000_000n + BigInt(everIssued.size + 1));
      x().issued.push(token);
      everIssued.add(token);
      x().accepted.add(token);
      return { ...json(JSON.stringify({ guest_token: token })), fault: { kind: 'latency', ms: 150 } };
    };
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => h().rest(tweetPath(`https://x.com/a/status/2${i + 1}`), { key })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(activationHits(h())).toHaveLength(2); // the first token, and one renewal for all six
    const second = x().issued[1];
    const calls = graphqlHits(h()).slice(1);
    // Those sent before the first 401 carried the old token; later ones waited for the renewal.
    const refused = calls.filter((c) => c.headers['x-guest-token'] === first).length;
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(calls.filter((c) => c.headers['x-guest-token'] === second)).toHaveLength(6);
    expect(calls).toHaveLength(6 + refused);
    expect(await h().balance(id)).toBe(13);
  });

  it('a freshly activated token refused too: the syndication endpoint answers', async () => {
    x().acceptNew = false;
    x().syndication.set('31', () => json(JSON.stringify(syndicationTweet('31'))));
    x().graphql.set('31', () => json(tweetResultBody(tweetResult('31'))));
    const { key, id } = await h().key(5);
    const r = await h().rest(tweetPath('https://x.com/a/status/31'), { key });
    expect(r.status).toBe(200);
    expect(r.body.views).toBeNull(); // the syndication record
    expect(activationHits(h())).toHaveLength(2);
    expect(graphqlHits(h())).toHaveLength(2);
    expect(syndicationHits(h())).toHaveLength(1);
    expect(await h().balance(id)).toBe(4);
  });

  it("activation answered 404: a token step, never the post's NOT_FOUND — the syndication endpoint answers, or the failure is UPSTREAM_FAILED", async () => {
    x().activation = () => json('{"errors":[{"code":34,"message":"Sorry, that page does not exist."}]}', 404);
    x().syndication.set('42', () => json(JSON.stringify(syndicationTweet('42'))));
    x().syndication.set('43', () => json('{"errors":[{"message":"Over capacity"}]}', 503));
    const { key, id } = await h().key(5);
    const ok = await h().rest(tweetPath('https://x.com/a/status/42'), { key });
    expect(ok.status).toBe(200);
    expect(ok.body.rest_id).toBe('42');
    const failed = await h().rest(tweetPath('https://x.com/a/status/43'), { key });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('UPSTREAM_FAILED');
    expect(failed.body.error.message).toMatch(/Guest-token activation answered HTTP 404/);
    expect(graphqlHits(h())).toHaveLength(0);
    expect(await h().balance(id)).toBe(4);
  });

  it('activation itself rate-limited: the syndication endpoint answers', async () => {
    x().activation = () => json('{"errors":[{"code":88,"message":"Rate limit exceeded"}]}', 429);
    x().syndication.set('41', () => json(JSON.stringify(syndicationTweet('41'))));
    const { key } = await h().key(5);
    const r = await h().rest(tweetPath('https://x.com/a/status/41'), { key });
    expect(r.status).toBe(200);
    expect(r.body.rest_id).toBe('41');
    expect(graphqlHits(h())).toHaveLength(0);
  });
});

describe("microblog-b query id: the built-in one until X refuses it, then the web client's", () => {
  const X = useX({ perTest: true });
  let h: Harness;
  let x: XState;
  beforeEach(() => {
    h = X.h();
    x = X.x();
  });

  it('a refused (stale) query id is replaced from the main bundle once; later requests use the new one', async () => {
    x.liveQueryId = 'NewQueryIdAfterRedeploy';
    x.bundleQueryId = 'NewQueryIdAfterRedeploy';
    graphqlOk(x, ID);
    graphqlOk(x, '51');
    const { key, id } = await h.key(5);
    const r = await h.rest(tweetPath(URL_X), { key });
    expect(r.status).toBe(200);
    expect(r.body.rest_id).toBe(ID);
    expect(graphqlHits(h).map((c) => c.path.split('/')[4])).toEqual([TWEET_RESULT_BY_REST_ID.queryId, 'NewQueryIdAfterRedeploy']);
    expect(h.replay.hits({ host: 'x.com', path: '/' })).toHaveLength(1);
    expect(h.replay.hits({ host: 'abs.twimg.com' })).toHaveLength(1);
    expect((await h.rest(tweetPath('https://x.com/a/status/51'), { key })).status).toBe(200);
    expect(h.replay.hits({ host: 'x.com', path: '/' })).toHaveLength(1);
    expect(graphqlHits(h)).toHaveLength(3);
    expect(syndicationHits(h)).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('no query id in the bundle: the syndication endpoint answers, and the scrape is not retried at once', async () => {
    x.liveQueryId = 'NewQueryIdAfterRedeploy';
    x.syndication.set(ID, () => json(JSON.stringify(syndicationTweet(ID))));
    x.syndication.set('52', () => json(JSON.stringify(syndicationTweet('52'))));
    const { key } = await h.key(5);
    expect((await h.rest(tweetPath(URL_X), { key })).status).toBe(200);
    expect((await h.rest(tweetPath('https://x.com/a/status/52'), { key })).status).toBe(200);
    expect(h.replay.hits({ host: 'x.com', path: '/' })).toHaveLength(1);
    expect(graphqlHits(h)).toHaveLength(1);
    expect(syndicationHits(h)).toHaveLength(2);
  });

  it('a feature switch X newly insists on (400 "cannot be null") is added and remembered', async () => {
    x.requiredFeatures = ['brand_new_switch_enabled'];
    graphqlOk(x, ID);
    graphqlOk(x, '53');
    const { key } = await h.key(5);
    expect((await h.rest(tweetPath(URL_X), { key })).status).toBe(200);
    expect((await h.rest(tweetPath('https://x.com/a/status/53'), { key })).status).toBe(200);
    const calls = graphqlHits(h);
    expect(calls).toHaveLength(3);
    expect(JSON.parse(calls[2].query.get('features')!).brand_new_switch_enabled).toBe(false);
    expect(syndicationHits(h)).toHaveLength(0);
  });
});

describe.skipIf(!hasFixtures('microblog-b'))(
  `microblog-b real captures through the gateway (${hasFixtures('microblog-b') ? '../shared/fixtures/microblog-b' : skipReason('microblog-b')})`,
  () => {
    const { h, x } = useX();

    it('the focal tweet of tweet-detail-2026.json, served as TweetResultByRestId: the 2026 author has its legacy block', async () => {
      const FOCAL = '1649191520250245121';
      const detail = JSON.parse(readFileSync(fixturePath('microblog-b', 'tweet-detail-2026.json'), 'utf8'));
      const focal =
        detail.data.threaded_conversation_with_injections_v2.instructions[1].entries[0].content.itemContent.tweet_results.result;
      graphqlOk(x(), FOCAL, focal);
      const { key } = await h().key(5);
      const r = await h().rest(tweetPath(`https://x.com/XDevelopers/status/${FOCAL}`), { key });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ __typename: 'Tweet', rest_id: FOCAL, views: { count: '979440' } });
      expect(r.body.legacy).toMatchObject({
        full_text: 'Today, we are deprecating our Premium v1.1 API, including Premium Search and Account Activity API.',
        created_at: 'Thu Apr 20 23:21:13 +0000 2023',
        favorite_count: 426,
        retweet_count: 202,
        reply_count: 93,
        quote_count: 118,
        bookmark_count: 73,
      });
      expect(r.body.edit_control).toMatchObject({ edit_tweet_ids: [FOCAL], is_edit_eligible: false });
      expect(r.body.core.user_results.result).toMatchObject({
        rest_id: '2244994945',
        legacy: { screen_name: 'XDevelopers', name: 'Developers', followers_count: 695696 },
      });
    });

    it('syndication-tweet-result-photo-2023.json when GraphQL is unusable', async () => {
      const PHOTO = '1641086480675225601';
      x().graphql.set(PHOTO, () => json('', 500));
      x().syndication.set(PHOTO, () => ({
        headers: JSON_HEADERS,
        bodyFile: fixturePath('microblog-b', 'syndication-tweet-result-photo-2023.json'),
      }));
      const { key } = await h().key(5);
      const r = await h().rest(tweetPath(`https://twitter.com/SamuelSusla/status/${PHOTO}`), { key });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ rest_id: PHOTO, views: null });
      expect(r.body.legacy).toMatchObject({
        favorite_count: 226,
        reply_count: 1,
        lang: 'en',
        created_at: 'Wed Mar 29 14:34:41 +0000 2023',
      });
      expect(r.body.legacy.extended_entities.media[0].media_url_https).toBe('https://pbs.twimg.com/media/FsZNOgcWAAEQtrd.jpg');
      expect(r.body.core.user_results.result.legacy).toMatchObject({ screen_name: 'SamuelSusla', name: 'sammy' });
      expect(r.body.core.user_results.result.rest_id).toBe('469266133');
    });
  },
);
