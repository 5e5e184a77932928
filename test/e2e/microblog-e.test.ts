/**
 * microblog-e (a Mastodon-compatible server) end to end: gateway + replay upstream over real HTTP,
 * on the demo's written Mastodon answers (its demo.ts: invented, not captures). Each
 * route: a live answer at 1 credit, the same request from cache at 0, and a typed failure at 0.
 * The account search also: an empty result (charged, as microblog-d's), bad parameters (400,
 * nothing fetched), servers answering 401/404/5xx/HTML, and a server name resolving to a private
 * address (a second gateway with an injected resolver). Followers and following also: paging by
 * our cursor, bad parameters, an account hiding its lists (403), the list answering 404 / 429 / a
 * block page / a login wall. One status with its thread also: the ActivityPub URL sharing the
 * page URL's cache entry, the thread failing (a partial read: charged, never cached), the status
 * answering 404 / 429 / a block page / another account's status, bad URLs. Who boosted or
 * favourited a status also: paging by our cursor (a cursor of the other list is 400), the status
 * or the list answering 404 / 429 / a block page / a login wall / another account's status, bad
 * parameters. A server's trending tags and statuses also: paging by our cursor (Mastodon's
 * `offset`; a cursor of the other list or another server is 400), an empty list (charged), the
 * server answering 404 / 429 / a block page / a login wall / not Mastodon, a bad instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/microblog-e/demo.js';
import {
  mastodonAccountBody,
  mastodonContextBody,
  mastodonFollowsBody,
  mastodonFollowsLink,
  mastodonInteractionsLink,
  mastodonSearchBody,
  mastodonStatusBody,
  mastodonTrendsLink,
  mastodonTrendTagBody,
} from '../../src/platforms/microblog-e/samples.js';
import { CLOUDFLARE_BLOCK } from '../faults/pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const HOST = 'mastodon.social';
const mastodonJson = (status: number, body: unknown) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});
const mastodonError = (status: number, error: string) => mastodonJson(status, { error });
const SEARCH = '/api/v2/search';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: demoRoutes() });
});
afterAll(() => h?.close());

describe('microblog-e routes', () => {
  it('profile: 1 credit live under {profile}, 0 from cache (a profile URL and user@instance share the entry)', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/microblog-e/profile?handle=@HarbourWeather@mastodon.social', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(r.body.profile).toMatchObject({ id: '109300000000000101', acct: 'harbourweather', followers_count: 2980 });
    expect(r.body.profile.fields[0].verified_at).toBe('2024-06-01T09:00:00.000+00:00');
    const again = await h.rest(`/v1/microblog-e/profile?handle=https://${HOST}/@harbourweather&cache_max_age=1d`, { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, profile: r.body.profile });
    expect(await h.balance(id)).toBe(4);
  });

  it('posts (a boost included) and the tag timeline: 1 credit each', async () => {
    const { key, id } = await h.key(5);
    const posts = await h.rest('/v1/microblog-e/posts?handle=harbourweather@mastodon.social', { key });
    expect(posts.body).toMatchObject({ credits_charged: 1, cursor: expect.any(String) });
    expect(posts.body.posts).toHaveLength(3);
    expect(posts.body.posts[2].reblog).toMatchObject({ id: '113900000000000007', account: { acct: 'northpier' } });
    const tag = await h.rest('/v1/microblog-e/tag?instance=mastodon.social&tag=%23Tides', { key });
    expect(tag.body).toMatchObject({ credits_charged: 1, cursor: expect.any(String) });
    expect(tag.body.posts.map((p: { id: string }) => p.id)).toEqual(['113900000000000010', '113900000000000007']);
    expect(await h.balance(id)).toBe(3);
    // The second (last) pages: the Link header's max_id asked for.
    const older = await h.rest(`/v1/microblog-e/posts?handle=harbourweather@mastodon.social&cursor=${posts.body.cursor}`, { key });
    expect(older.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(older.body.posts.map((p: { id: string }) => p.id)).toEqual(['113900000000000005', '113900000000000003']);
    const olderTag = await h.rest(`/v1/microblog-e/tag?instance=mastodon.social&tag=tides&cursor=${tag.body.cursor}`, { key });
    expect(olderTag.body).toMatchObject({ credits_charged: 1, cursor: null, posts: [{ id: '113900000000000003' }] });
    expect(await h.balance(id)).toBe(1);
  });

  it('GraphQL: typed fields, a boost as a nested status', async () => {
    const { key } = await h.key(5);
    const r = await h.gql(
      '{ microblogEPosts(handle: "harbourweather@mastodon.social") { posts { id reblog { id account { acct } } } } microblogEProfile(handle: "harbourweather@mastodon.social") { displayName fields { name verifiedAt } } }',
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.microblogEPosts.posts[2]).toEqual({
      id: '113900000000000009',
      reblog: { id: '113900000000000007', account: { acct: 'northpier' } },
    });
    expect(r.body.data.microblogEProfile.fields).toEqual([{ name: 'Website', verifiedAt: '2024-06-01T09:00:00.000+00:00' }]);
  });

  it('an unknown account → 404 NOT_FOUND; a server wanting a login → 502 UPSTREAM_BLOCKED; both 0 credits', async () => {
    const { key, id } = await h.key(5);
    h.replay.add({ host: HOST, path: '/api/v1/accounts/lookup', response: mastodonError(404, 'Record not found') });
    h.replay.add({
      host: HOST,
      path: '/api/v1/timelines/tag/tides',
      response: mastodonError(401, 'This API requires an authenticated user'),
    });
    try {
      const missing = await h.rest('/v1/microblog-e/profile?handle=nobody@mastodon.social', { key });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
      const walled = await h.rest('/v1/microblog-e/tag?instance=mastodon.social&tag=tides', { key });
      expect(walled.status).toBe(502);
      expect(walled.body.error.code).toBe('UPSTREAM_BLOCKED');
      expect(await h.balance(id)).toBe(5);
    } finally {
      h.replay.reset();
      for (const r of demoRoutes()) h.replay.add(r);
    }
  });
});

describe('microblog-e account search (/v1/microblog-e/search/profiles)', () => {
  it('1 credit live under {profiles} (a remote account with its server in acct), 0 from cache; GraphQL over the same record', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/microblog-e/search/profiles?instance=Mastodon.Social&query=Harbour', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(r.body.profiles.map((p: { acct: string }) => p.acct)).toEqual(['harbourweather', 'harbourmaster@tidewater.example']);
    expect(r.body.profiles[0]).toMatchObject({ id: '109300000000000101', followers_count: 2980 });
    expect(r.body.profiles[1].url).toBe('https://tidewater.example/@harbourmaster');
    const again = await h.rest('/v1/microblog-e/search/profiles?instance=mastodon.social&query=harbour&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, profiles: r.body.profiles });
    const hits = h.replay.hits({ host: HOST, path: SEARCH });
    expect(hits).toHaveLength(1);
    expect(hits[0].upstreamUrl).toBe(`https://${HOST}${SEARCH}?q=harbour&type=accounts&limit=40`);
    const g = await h.gql(
      '{ microblogEProfileSearch(instance: "mastodon.social", query: "harbour", cacheMaxAge: "1d") { profiles { acct displayName followersCount } } }',
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.microblogEProfileSearch.profiles[1]).toEqual({
      acct: 'harbourmaster@tidewater.example',
      displayName: 'Harbour Master',
      followersCount: 75,
    });
    expect(await h.balance(id)).toBe(4);
  });

  it("no match → 200 with an empty list, charged 1 (as microblog-d's account search)", async () => {
    const { key, id } = await h.key(5);
    h.replay.add({
      host: HOST,
      path: SEARCH,
      query: { q: 'nobody at all' },
      response: mastodonJson(200, mastodonSearchBody(HOST, [])),
    });
    try {
      const r = await h.rest('/v1/microblog-e/search/profiles?instance=mastodon.social&query=Nobody%20at%20all', { key });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ credits_charged: 1, profiles: [] });
      expect(await h.balance(id)).toBe(4);
    } finally {
      h.replay.reset();
      for (const r of demoRoutes()) h.replay.add(r);
    }
  });

  it.each([
    ['query=harbour', 'instance', 'is required'],
    ['instance=mastodon.social', 'query', 'is required'],
    ['instance=mastodon.social&query=%20%20', 'query', 'must not be empty'],
    ['instance=10.0.0.5&query=harbour', 'instance', 'must be a server host name, e.g. mastodon.social'],
    ['instance=mastodon.social:8443&query=harbour', 'instance', 'must be a server host name, e.g. mastodon.social'],
  ])('%s → 400 INVALID_INPUT on %s, 0 credits, nothing fetched', async (q, param, message) => {
    const { key, id } = await h.key(5);
    const before = h.replay.hits().length;
    const r = await h.rest(`/v1/microblog-e/search/profiles?${q}`, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details).toEqual([{ param, message }]);
    expect(await h.balance(id)).toBe(5);
    expect(h.replay.hits()).toHaveLength(before);
  });

  it.each([
    [
      "401 with Mastodon's error body (a login wall)",
      mastodonError(401, 'This API requires an authenticated user'),
      'UPSTREAM_BLOCKED',
      /login wall/,
    ],
    ['404 (no such API)', mastodonError(404, 'Not Found'), 'UPSTREAM_FAILED', /does not answer the Mastodon API/],
    ['503', { status: 503, body: '' }, 'UPSTREAM_FAILED', /HTTP 503/],
    [
      'an HTML page',
      { headers: { 'content-type': 'text/html' }, body: '<html><body>Welcome to my blog</body></html>' },
      'UPSTREAM_FAILED',
      /does not answer the Mastodon API/,
    ],
  ])('a server answering %s → 502 %s, 0 credits', async (_what, response, code, message) => {
    const { key, id } = await h.key(5);
    h.replay.add({ host: 'blog.example', path: SEARCH, response });
    const r = await h.rest('/v1/microblog-e/search/profiles?instance=blog.example&query=harbour', { key });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.message).toMatch(message);
    expect(await h.balance(id)).toBe(5);
  });

  describe('a server name resolving to a private address (SSRF guard, a gateway with an injected resolver)', () => {
    let g: Harness;
    beforeAll(async () => {
      g = await startHarness({
        routes: demoRoutes(),
        resolver: async (host) => [host === 'intranet.example' ? '10.0.0.5' : '93.184.216.34'],
      });
    });
    afterAll(() => g?.close());

    it('→ 400 INVALID_INPUT on instance, 0 credits, nothing sent; a public name is asked', async () => {
      const { key, id } = await g.key(5);
      const r = await g.rest('/v1/microblog-e/search/profiles?instance=intranet.example&query=harbour', { key });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details).toEqual([
        { param: 'instance', message: 'URL refused: host intranet.example does not resolve to a public address' },
      ]);
      expect(g.replay.hits()).toHaveLength(0);
      expect(await g.balance(id)).toBe(5);
      const ok = await g.rest('/v1/microblog-e/search/profiles?instance=mastodon.social&query=harbour', { key });
      expect(ok.body).toMatchObject({
        credits_charged: 1,
        profiles: [{ acct: 'harbourweather' }, { acct: 'harbourmaster@tidewater.example' }],
      });
    });
  });
});

describe('microblog-e followers and following (/v1/microblog-e/followers, /v1/microblog-e/following)', () => {
  // The demo's answers (its demo.ts) and, for paging and failures, our own (samples.ts): no capture
  // of Mastodon's followers or following endpoints exists.
  const ID = '109300000000000101';
  const restoreDemo = () => {
    h.replay.reset();
    for (const r of demoRoutes()) h.replay.add(r);
  };

  it('followers: 1 credit live, {account, followers, cursor} (a remote follower with its server in acct); 0 from cache', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/microblog-e/followers?handle=@HarbourWeather@Mastodon.Social', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, cursor: expect.any(String) });
    expect(r.body.account).toMatchObject({ id: ID, acct: 'harbourweather', followers_count: 2980, hide_collections: false });
    expect(r.body.followers.map((a: { acct: string }) => a.acct)).toEqual(['northpier', 'harbourmaster@tidewater.example']);
    expect(h.replay.hits({ host: HOST, path: `/api/v1/accounts/${ID}/followers` }).map((x) => x.upstreamUrl)).toEqual([
      `https://${HOST}/api/v1/accounts/${ID}/followers?limit=80`,
    ]);
    const again = await h.rest(`/v1/microblog-e/followers?handle=https://${HOST}/@harbourweather&cache_max_age=1d`, { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, followers: r.body.followers, account: r.body.account });
    expect(h.replay.hits({ host: HOST, path: `/api/v1/accounts/${ID}/followers` })).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('following: 1 credit under {account, following, cursor}; GraphQL over the same records', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/microblog-e/following?handle=harbourweather@mastodon.social', { key });
    expect(r.body).toMatchObject({ credits_charged: 1, cursor: expect.any(String), account: { id: ID } });
    expect(r.body.following.map((a: { acct: string }) => a.acct)).toEqual(['northpier']);
    const g = await h.gql(
      '{ microblogEFollowers(handle: "harbourweather@mastodon.social") { account { acct hideCollections } followers { acct followersCount } cursor } microblogEFollowing(handle: "harbourweather@mastodon.social", cacheMaxAge: "1d") { following { acct } } }',
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.microblogEFollowers).toEqual({
      account: { acct: 'harbourweather', hideCollections: false },
      followers: [
        { acct: 'northpier', followersCount: 310 },
        { acct: 'harbourmaster@tidewater.example', followersCount: 75 },
      ],
      cursor: expect.any(String),
    });
    expect(g.body.data.microblogEFollowing.following).toEqual([{ acct: 'northpier' }]);
    // REST following 1, GraphQL followers 1 (live), GraphQL following 0 (the REST call's cache entry).
    expect(await h.balance(id)).toBe(3);
  });

  it('paging: the Link max_id becomes our cursor; the next page asks lookup + max_id, 1 credit each; a cursor of the other list is 400', async () => {
    const { key, id } = await h.key(5);
    restoreDemo();
    const followers = mastodonFollowsBody(HOST, [
      { user: 'northpier', instance: HOST, displayName: 'North Pier Log', id: '109300000000000202' },
      { user: 'harbourmaster', instance: 'tidewater.example', displayName: 'Harbour Master', id: '109300000000000303' },
    ]);
    h.replay.add({
      host: HOST,
      path: `/api/v1/accounts/${ID}/followers`,
      response: (req) =>
        req.query.get('max_id') === '5501'
          ? mastodonJson(200, followers.slice(1))
          : {
              ...mastodonJson(200, followers.slice(0, 1)),
              headers: {
                'content-type': 'application/json; charset=utf-8',
                link: mastodonFollowsLink(HOST, ID, 'followers', '5501', '5533'),
              },
            },
    });
    try {
      const first = await h.rest('/v1/microblog-e/followers?handle=harbourweather@mastodon.social', { key });
      expect(first.body.followers.map((a: { acct: string }) => a.acct)).toEqual(['northpier']);
      expect(first.body.cursor).toEqual(expect.any(String));
      const second = await h.rest(
        `/v1/microblog-e/followers?handle=harbourweather@mastodon.social&cursor=${encodeURIComponent(first.body.cursor)}`,
        { key },
      );
      expect(second.body).toMatchObject({ credits_charged: 1, cursor: null, account: { id: ID } });
      expect(second.body.followers.map((a: { acct: string }) => a.acct)).toEqual(['harbourmaster@tidewater.example']);
      expect(h.replay.hits({ host: HOST, path: `/api/v1/accounts/${ID}/followers` }).map((x) => x.query.get('max_id'))).toEqual([
        null,
        '5501',
      ]);
      const crossed = await h.rest(
        `/v1/microblog-e/following?handle=harbourweather@mastodon.social&cursor=${encodeURIComponent(first.body.cursor)}`,
        { key },
      );
      expect(crossed.status).toBe(400);
      expect(crossed.body.error.details).toEqual([{ param: 'cursor', message: 'belongs to another list (followers)' }]);
      expect(await h.balance(id)).toBe(3);
    } finally {
      restoreDemo();
    }
  });

  it.each([
    ['handle=harbourweather', 'handle', /must be user@instance/],
    ['handle=harbourweather@10.0.0.5', 'handle', /must be user@instance/],
    ['', 'handle', /is required/],
    ['handle=harbourweather@mastodon.social&cursor=nope', 'cursor', /must be the `cursor` of a previous response/],
  ])('%s → 400 INVALID_INPUT on %s, 0 credits, nothing fetched', async (q, param, message) => {
    const { key, id } = await h.key(5);
    const before = h.replay.hits().length;
    const r = await h.rest(`/v1/microblog-e/followers?${q}`, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details).toEqual([{ param, message: expect.stringMatching(message) }]);
    expect(h.replay.hits()).toHaveLength(before);
    expect(await h.balance(id)).toBe(5);
  });

  it('an account hiding its lists → 403 PRIVATE_CONTENT, the list never asked for, 0 credits', async () => {
    const { key, id } = await h.key(5);
    h.replay.add({
      host: HOST,
      path: '/api/v1/accounts/lookup',
      response: mastodonJson(
        200,
        mastodonAccountBody({
          user: 'quietcove',
          instance: HOST,
          displayName: 'Quiet Cove',
          id: '109300000000000909',
          hideCollections: true,
        }),
      ),
    });
    try {
      for (const list of ['followers', 'following']) {
        const r = await h.rest(`/v1/microblog-e/${list}?handle=quietcove@mastodon.social`, { key });
        expect(r.status).toBe(403);
        expect(r.body.error.code).toBe('PRIVATE_CONTENT');
      }
      expect(h.replay.hits({ host: HOST, path: `/api/v1/accounts/109300000000000909/followers` })).toHaveLength(0);
      expect(h.replay.hits({ host: HOST, path: `/api/v1/accounts/109300000000000909/following` })).toHaveLength(0);
      expect(await h.balance(id)).toBe(5);
    } finally {
      restoreDemo();
    }
  });

  it.each([
    ['404 on the list', 404, 'NOT_FOUND', mastodonError(404, 'Record not found')],
    ['429 on the list', 502, 'UPSTREAM_BLOCKED', { status: 429, headers: { 'retry-after': '3600' }, body: '' }],
    [
      'a Cloudflare block page on the list',
      502,
      'UPSTREAM_BLOCKED',
      { status: 403, headers: { 'content-type': 'text/html' }, body: CLOUDFLARE_BLOCK },
    ],
    [
      "a login wall (401, Mastodon's error body) on the list",
      502,
      'UPSTREAM_BLOCKED',
      mastodonError(401, 'This API requires an authenticated user'),
    ],
  ])('%s → %s %s, 0 credits', async (_what, status, code, response) => {
    const { key, id } = await h.key(5);
    h.replay.add({ host: HOST, path: `/api/v1/accounts/${ID}/following`, response });
    try {
      const r = await h.rest('/v1/microblog-e/following?handle=harbourweather@mastodon.social', { key });
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(await h.balance(id)).toBe(5);
    } finally {
      restoreDemo();
    }
  });

  it('the lookup answering 404 → 404 NOT_FOUND, nothing else asked, 0 credits', async () => {
    const { key, id } = await h.key(5);
    h.replay.add({ host: HOST, path: '/api/v1/accounts/lookup', response: mastodonError(404, 'Record not found') });
    try {
      const r = await h.rest('/v1/microblog-e/followers?handle=nobody@mastodon.social', { key });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
      expect(await h.balance(id)).toBe(5);
    } finally {
      restoreDemo();
    }
  });
});

describe('microblog-e one status and its thread (/v1/microblog-e/post)', () => {
  // The demo's answers (its demo.ts) and, for a reply and failures, our own (samples.ts): no
  // capture of Mastodon's single-status or context endpoints exists.
  const STATUS = '/api/v1/statuses/113900000000000011';
  const restoreDemo = () => {
    h.replay.reset();
    for (const r of demoRoutes()) h.replay.add(r);
  };

  it('1 credit live, {post, ancestors, descendants}; the ActivityPub URL is the same entry (0 from cache); GraphQL over the same record', async () => {
    const { key, id } = await h.key(5);
    restoreDemo();
    const r = await h.rest(`/v1/microblog-e/post?url=${encodeURIComponent('https://Mastodon.Social/@HarbourWeather/113900000000000011')}`, {
      key,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, ancestors: [] });
    expect(r.body.post).toMatchObject({ id: '113900000000000011', account: { acct: 'harbourweather' }, replies_count: 1 });
    expect(r.body.descendants.map((s: { id: string; in_reply_to_id: string }) => [s.id, s.in_reply_to_id])).toEqual([
      ['113900000000000013', '113900000000000011'],
      ['113900000000000014', '113900000000000013'],
    ]);
    expect(r.body.descendants[1]).toMatchObject({
      account: { acct: 'harbourmaster@tidewater.example' },
      url: 'https://tidewater.example/@harbourmaster/114200000000000777',
    });
    const ap = encodeURIComponent(`https://${HOST}/users/harbourweather/statuses/113900000000000011`);
    const again = await h.rest(`/v1/microblog-e/post?url=${ap}&cache_max_age=1d`, { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, post: r.body.post, descendants: r.body.descendants });
    expect(h.replay.hits({ host: HOST, path: STATUS })).toHaveLength(1);
    expect(h.replay.hits({ host: HOST, path: `${STATUS}/context` })).toHaveLength(1);
    const g = await h.gql(
      `{ microblogEPost(url: "https://${HOST}/@harbourweather/113900000000000011", cacheMaxAge: "1d") { post { id account { acct } } ancestors { id } descendants { id inReplyToId account { acct } } } }`,
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.microblogEPost).toEqual({
      post: { id: '113900000000000011', account: { acct: 'harbourweather' } },
      ancestors: [],
      descendants: [
        { id: '113900000000000013', inReplyToId: '113900000000000011', account: { acct: 'northpier' } },
        { id: '113900000000000014', inReplyToId: '113900000000000013', account: { acct: 'harbourmaster@tidewater.example' } },
      ],
    });
    expect(await h.balance(id)).toBe(4);
  });

  it('a reply: its ancestors down to its parent (our own sample)', async () => {
    const { key } = await h.key(5);
    const tides = { user: 'tides', instance: 'harbour.example', displayName: 'Tides', id: '7' };
    const gull = { user: 'gull', instance: 'elsewhere.example', displayName: 'Gull', id: '9' };
    const top = { id: '100', by: tides, text: 'Fog today?' };
    const mid = { id: '105', by: gull, text: 'Looks thick here.', replyTo: { id: '100', accountId: '7' } };
    const post = { id: '110', by: tides, text: 'Until ten.', replyTo: { id: '105', accountId: '9' } };
    h.replay.add({
      host: 'harbour.example',
      path: '/api/v1/statuses/110',
      response: mastodonJson(200, mastodonStatusBody('harbour.example', post)),
    });
    h.replay.add({
      host: 'harbour.example',
      path: '/api/v1/statuses/110/context',
      response: mastodonJson(200, mastodonContextBody('harbour.example', [top, mid], [])),
    });
    try {
      const r = await h.rest('/v1/microblog-e/post?url=https://harbour.example/@tides/110', { key });
      expect(r.status).toBe(200);
      expect(r.body.ancestors.map((s: { id: string; account: { acct: string } }) => [s.id, s.account.acct])).toEqual([
        ['100', 'tides'],
        ['105', 'gull@elsewhere.example'],
      ]);
      expect(r.body.descendants).toEqual([]);
    } finally {
      restoreDemo();
    }
  });

  it('the thread failing (503 on /context) → 200 with the post, ancestors and descendants null, charged 1; not cached: the next call reads again', async () => {
    // Our own sample on a server of its own (the demo's status may already be cached by another test).
    const { key, id } = await h.key(5);
    const quay = 'quay.example';
    const by = { user: 'tides', instance: quay, displayName: 'Tides', id: '7' };
    const post = { id: '110', by, text: 'Fog until ten.', replies: 1 };
    const reply = { id: '120', by, text: 'Gone.', replyTo: { id: '110', accountId: '7' } };
    h.replay.add({ host: quay, path: '/api/v1/statuses/110', response: mastodonJson(200, mastodonStatusBody(quay, post)) });
    h.replay.add({ host: quay, path: '/api/v1/statuses/110/context', response: { status: 503, body: '' } });
    try {
      const r = await h.rest(`/v1/microblog-e/post?url=https://${quay}/@tides/110`, { key });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ credits_charged: 1, ancestors: null, descendants: null, post: { id: '110' } });
      h.replay.add({
        host: quay,
        path: '/api/v1/statuses/110/context',
        response: mastodonJson(200, mastodonContextBody(quay, [], [reply])),
      });
      const again = await h.rest(`/v1/microblog-e/post?url=https://${quay}/@tides/110&cache_max_age=1d`, { key });
      expect(again.body).toMatchObject({ credits_charged: 1, ancestors: [], descendants: [{ id: '120' }] });
      expect(again.body.cached).not.toBe(true);
      expect(h.replay.hits({ host: quay, path: '/api/v1/statuses/110' })).toHaveLength(2);
      expect(await h.balance(id)).toBe(3);
    } finally {
      restoreDemo();
    }
  });

  it.each([
    [
      "404 (a missing, private or direct status: Mastodon's answer to anonymous callers)",
      404,
      'NOT_FOUND',
      mastodonError(404, 'Record not found'),
    ],
    ['429', 502, 'UPSTREAM_BLOCKED', { status: 429, headers: { 'retry-after': '3600' }, body: '' }],
    ['a Cloudflare block page', 502, 'UPSTREAM_BLOCKED', { status: 403, headers: { 'content-type': 'text/html' }, body: CLOUDFLARE_BLOCK }],
    ["a login wall (401, Mastodon's error body)", 502, 'UPSTREAM_BLOCKED', mastodonError(401, 'This API requires an authenticated user')],
    [
      "another account's status at that id",
      502,
      'UPSTREAM_FAILED',
      mastodonJson(
        200,
        mastodonStatusBody(HOST, {
          id: '113900000000000011',
          by: { user: 'northpier', instance: HOST, displayName: 'North Pier Log' },
          text: 'x',
        }),
      ),
    ],
  ])('the status answering %s → %s %s, 0 credits, the thread never asked', async (_what, status, code, response) => {
    const { key, id } = await h.key(5);
    restoreDemo();
    h.replay.add({ host: HOST, path: STATUS, response });
    try {
      const r = await h.rest(`/v1/microblog-e/post?url=${encodeURIComponent(`https://${HOST}/@harbourweather/113900000000000011`)}`, {
        key,
      });
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(h.replay.hits({ host: HOST, path: `${STATUS}/context` })).toHaveLength(0);
      expect(await h.balance(id)).toBe(5);
    } finally {
      restoreDemo();
    }
  });

  it.each([
    ['', /is required/],
    [`url=${encodeURIComponent('https://mastodon.social/@harbourweather')}`, /^must be a status URL/],
    [`url=${encodeURIComponent('https://mastodon.social/@harbourweather/113900000000000011?lang=en')}`, /^must be a status URL/],
    [`url=${encodeURIComponent('https://10.0.0.5/@harbourweather/1')}`, /^must be a status URL/],
  ])('%s → 400 INVALID_INPUT on url, 0 credits, nothing fetched', async (q, message) => {
    const { key, id } = await h.key(5);
    const before = h.replay.hits().length;
    const r = await h.rest(`/v1/microblog-e/post?${q}`, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ param: 'url', message: expect.stringMatching(message) }]);
    expect(h.replay.hits()).toHaveLength(before);
    expect(await h.balance(id)).toBe(5);
  });
});

describe('microblog-e who boosted / favourited a status (/v1/microblog-e/post/reblogged-by, /post/favourited-by)', () => {
  // The demo's answers (its demo.ts) and, for paging and failures, our own (samples.ts): no capture
  // of Mastodon's reblogged_by or favourited_by endpoints exists.
  const STATUS = '/api/v1/statuses/113900000000000011';
  const URL_PARAM = `url=${encodeURIComponent(`https://${HOST}/@harbourweather/113900000000000011`)}`;
  const restoreDemo = () => {
    h.replay.reset();
    for (const r of demoRoutes()) h.replay.add(r);
  };

  it('reblogged-by: 1 credit live, {post, accounts, cursor}; the ActivityPub URL is the same entry (0 from cache); favourited-by over GraphQL', async () => {
    const { key, id } = await h.key(5);
    restoreDemo();
    const r = await h.rest(
      `/v1/microblog-e/post/reblogged-by?url=${encodeURIComponent('https://Mastodon.Social/@HarbourWeather/113900000000000011')}`,
      { key },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      credits_charged: 1,
      cursor: expect.any(String),
      post: { id: '113900000000000011', url: `https://${HOST}/@harbourweather/113900000000000011`, reblogs_count: 2, favourites_count: 3 },
    });
    expect(r.body.accounts.map((a: { acct: string }) => a.acct)).toEqual(['harbourmaster@tidewater.example']);
    expect(h.replay.hits({ host: HOST, path: `${STATUS}/reblogged_by` }).map((x) => x.upstreamUrl)).toEqual([
      `https://${HOST}${STATUS}/reblogged_by?limit=80`,
    ]);
    const ap = encodeURIComponent(`https://${HOST}/users/harbourweather/statuses/113900000000000011`);
    const again = await h.rest(`/v1/microblog-e/post/reblogged-by?url=${ap}&cache_max_age=1d`, { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, post: r.body.post, accounts: r.body.accounts });
    expect(h.replay.hits({ host: HOST, path: `${STATUS}/reblogged_by` })).toHaveLength(1);
    const g = await h.gql(
      `{ microblogEPostFavouritedBy(url: "https://${HOST}/@harbourweather/113900000000000011") { post { id url reblogsCount favouritesCount } accounts { acct followersCount } cursor } }`,
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.microblogEPostFavouritedBy).toEqual({
      post: { id: '113900000000000011', url: `https://${HOST}/@harbourweather/113900000000000011`, reblogsCount: 2, favouritesCount: 3 },
      accounts: [
        { acct: 'northpier', followersCount: 310 },
        { acct: 'harbourmaster@tidewater.example', followersCount: 75 },
      ],
      cursor: expect.any(String),
    });
    expect(await h.balance(id)).toBe(3);
  });

  it('paging: the Link max_id becomes our cursor; the next page asks the status + max_id, 1 credit each; a cursor of the other list is 400', async () => {
    const { key, id } = await h.key(5);
    restoreDemo();
    const accounts = mastodonFollowsBody(HOST, [
      { user: 'northpier', instance: HOST, displayName: 'North Pier Log', id: '109300000000000202' },
      { user: 'harbourmaster', instance: 'tidewater.example', displayName: 'Harbour Master', id: '109300000000000303' },
    ]);
    h.replay.add({
      host: HOST,
      path: `${STATUS}/favourited_by`,
      response: (req) =>
        req.query.get('max_id') === '7701'
          ? mastodonJson(200, accounts.slice(1))
          : {
              ...mastodonJson(200, accounts.slice(0, 1)),
              headers: {
                'content-type': 'application/json; charset=utf-8',
                link: mastodonInteractionsLink(HOST, '113900000000000011', 'favourited_by', '7701', '7730'),
              },
            },
    });
    try {
      const first = await h.rest(`/v1/microblog-e/post/favourited-by?${URL_PARAM}`, { key });
      expect(first.body.accounts.map((a: { acct: string }) => a.acct)).toEqual(['northpier']);
      expect(first.body.cursor).toEqual(expect.any(String));
      const second = await h.rest(`/v1/microblog-e/post/favourited-by?${URL_PARAM}&cursor=${encodeURIComponent(first.body.cursor)}`, {
        key,
      });
      expect(second.body).toMatchObject({ credits_charged: 1, cursor: null, post: { id: '113900000000000011' } });
      expect(second.body.accounts.map((a: { acct: string }) => a.acct)).toEqual(['harbourmaster@tidewater.example']);
      expect(h.replay.hits({ host: HOST, path: `${STATUS}/favourited_by` }).map((x) => x.query.get('max_id'))).toEqual([null, '7701']);
      expect(h.replay.hits({ host: HOST, path: STATUS })).toHaveLength(2);
      const crossed = await h.rest(`/v1/microblog-e/post/reblogged-by?${URL_PARAM}&cursor=${encodeURIComponent(first.body.cursor)}`, {
        key,
      });
      expect(crossed.status).toBe(400);
      expect(crossed.body.error.details).toEqual([{ param: 'cursor', message: 'belongs to another list (favourited_by)' }]);
      const otherStatus = await h.rest(
        `/v1/microblog-e/post/favourited-by?url=${encodeURIComponent(`https://${HOST}/@harbourweather/113900000000000010`)}&cursor=${encodeURIComponent(first.body.cursor)}`,
        { key },
      );
      expect(otherStatus.body.error.details).toEqual([{ param: 'cursor', message: 'belongs to another status' }]);
      expect(await h.balance(id)).toBe(3);
    } finally {
      restoreDemo();
    }
  });

  it.each([
    ['the status answering 404', STATUS, 404, 'NOT_FOUND', mastodonError(404, 'Record not found')],
    [
      "the status answering another account's status at that id",
      STATUS,
      502,
      'UPSTREAM_FAILED',
      mastodonJson(
        200,
        mastodonStatusBody(HOST, {
          id: '113900000000000011',
          by: { user: 'northpier', instance: HOST, displayName: 'North Pier Log' },
          text: 'x',
        }),
      ),
    ],
    ['the list answering 404', `${STATUS}/reblogged_by`, 404, 'NOT_FOUND', mastodonError(404, 'Record not found')],
    [
      'the list answering 429',
      `${STATUS}/reblogged_by`,
      502,
      'UPSTREAM_BLOCKED',
      { status: 429, headers: { 'retry-after': '3600' }, body: '' },
    ],
    [
      'a Cloudflare block page on the list',
      `${STATUS}/reblogged_by`,
      502,
      'UPSTREAM_BLOCKED',
      { status: 403, headers: { 'content-type': 'text/html' }, body: CLOUDFLARE_BLOCK },
    ],
    [
      "a login wall (401, Mastodon's error body: a server wanting a login for these lists)",
      `${STATUS}/reblogged_by`,
      502,
      'UPSTREAM_BLOCKED',
      mastodonError(401, 'This API requires an authenticated user'),
    ],
  ])('%s → %s %s, 0 credits', async (_what, path, status, code, response) => {
    const { key, id } = await h.key(5);
    restoreDemo();
    h.replay.add({ host: HOST, path, response });
    try {
      const r = await h.rest(`/v1/microblog-e/post/reblogged-by?${URL_PARAM}`, { key });
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
      if (path === STATUS) expect(h.replay.hits({ host: HOST, path: `${STATUS}/reblogged_by` })).toHaveLength(0);
      expect(await h.balance(id)).toBe(5);
    } finally {
      restoreDemo();
    }
  });

  it.each([
    ['', 'url', /is required/],
    [`url=${encodeURIComponent('https://mastodon.social/@harbourweather')}`, 'url', /^must be a status URL/],
    [`url=${encodeURIComponent('https://10.0.0.5/@harbourweather/1')}`, 'url', /^must be a status URL/],
    [`${URL_PARAM}&cursor=nope`, 'cursor', /must be the `cursor` of a previous response/],
  ])('%s → 400 INVALID_INPUT on %s, 0 credits, nothing fetched', async (q, param, message) => {
    const { key, id } = await h.key(5);
    const before = h.replay.hits().length;
    const r = await h.rest(`/v1/microblog-e/post/favourited-by?${q}`, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details).toEqual([{ param, message: expect.stringMatching(message) }]);
    expect(h.replay.hits()).toHaveLength(before);
    expect(await h.balance(id)).toBe(5);
  });
});

describe('microblog-e trends (/v1/microblog-e/trends/tags, /v1/microblog-e/trends/statuses)', () => {
  const restoreDemo = () => {
    h.replay.reset();
    for (const r of demoRoutes()) h.replay.add(r);
  };
  const TAGS = '/api/v1/trends/tags';
  const STATUSES = '/api/v1/trends/statuses';

  it('tags: 1 credit live under {tags, cursor}, history as integers; 0 from cache (another spelling of the server shares it); GraphQL typed', async () => {
    const { key, id } = await h.key(5);
    restoreDemo();
    const r = await h.rest('/v1/microblog-e/trends/tags?instance=Mastodon.Social', { key });
    expect(r.status).toBe(200);
    // A full page of 20 of the demo's 25 (its Link header names offset 20): a next page is offered.
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, cursor: expect.any(String) });
    expect(r.body.tags).toHaveLength(20);
    expect(r.body.tags[0]).toMatchObject({ name: 'tides', url: 'https://mastodon.social/tags/tides' });
    expect(r.body.tags[0].history[0]).toEqual({ day: 1741219200, uses: 64, accounts: 38 });
    expect(r.body.tags[0].history).toHaveLength(7);
    expect(h.replay.hits({ host: HOST, path: TAGS }).map((x) => x.query.toString())).toEqual(['limit=20']);
    const again = await h.rest('/v1/microblog-e/trends/tags?instance=https://mastodon.social/&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, tags: r.body.tags });
    const g = await h.gql(
      '{ microblogETrendsTags(instance: "mastodon.social", cacheMaxAge: "1d") { tags { name history { day uses accounts } } cursor } }',
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.microblogETrendsTags.tags[0].history[1]).toEqual({ day: 1741132800, uses: 41, accounts: 27 });
    expect(await h.balance(id)).toBe(4);
  });

  it("statuses: 1 credit live under {posts, cursor}, the server's order; 0 from cache", async () => {
    const { key, id } = await h.key(5);
    restoreDemo();
    const r = await h.rest('/v1/microblog-e/trends/statuses?instance=mastodon.social', { key });
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, cursor: expect.any(String) });
    expect(r.body.posts).toHaveLength(20);
    expect(r.body.posts.slice(0, 2).map((p: { id: string }) => p.id)).toEqual(['113900000000000010', '113900000000000007']);
    const g = await h.gql(
      '{ microblogETrendsStatuses(instance: "mastodon.social", cacheMaxAge: "1d") { posts { id account { acct } } } }',
      {
        key,
      },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.microblogETrendsStatuses.posts[1]).toEqual({ id: '113900000000000007', account: { acct: 'northpier' } });
    expect(await h.balance(id)).toBe(4);
  });

  it.each([
    ['tags', TAGS, 'tags', 'name'],
    ['statuses', STATUSES, 'posts', 'id'],
  ])(
    "the demo's trending %s page on to the last page (Mastodon's offset 20), 1 credit, none of the first page again",
    async (list, path, field, idOf) => {
      const { key, id } = await h.key(5);
      restoreDemo();
      const first = await h.rest(`/v1/microblog-e/trends/${list}?instance=mastodon.social`, { key });
      const second = await h.rest(
        `/v1/microblog-e/trends/${list}?instance=mastodon.social&cursor=${encodeURIComponent(first.body.cursor)}`,
        {
          key,
        },
      );
      expect(second.body).toMatchObject({ success: true, credits_charged: 1, cursor: null });
      const seen = new Set(first.body[field].map((x: Record<string, string>) => x[idOf]));
      expect(second.body[field]).toHaveLength(5);
      expect(second.body[field].filter((x: Record<string, string>) => seen.has(x[idOf]))).toEqual([]);
      expect(h.replay.hits({ host: HOST, path }).map((x) => x.query.get('offset'))).toEqual([null, '20']);
      expect(await h.balance(id)).toBe(3);
    },
  );

  it("statuses of other servers are the server's trends, not another resource; an empty list (trends off) is a page, charged", async () => {
    const { key, id } = await h.key(5);
    restoreDemo();
    const remote = mastodonStatusBody(HOST, {
      id: '114000000000000001',
      by: { user: 'harbourmaster', instance: 'tidewater.example', displayName: 'Harbour Master' },
      text: 'Lock closed for repairs.',
    });
    h.replay.add({ host: HOST, path: STATUSES, response: mastodonJson(200, [remote]) });
    h.replay.add({ host: HOST, path: TAGS, response: mastodonJson(200, []) });
    try {
      const r = await h.rest('/v1/microblog-e/trends/statuses?instance=mastodon.social', { key });
      expect(r.body).toMatchObject({ credits_charged: 1, cursor: null });
      expect(r.body.posts[0]).toMatchObject({
        url: 'https://tidewater.example/@harbourmaster/114000000000000001',
        account: { acct: 'harbourmaster@tidewater.example' },
      });
      const empty = await h.rest('/v1/microblog-e/trends/tags?instance=mastodon.social', { key });
      expect(empty.body).toMatchObject({ credits_charged: 1, tags: [], cursor: null });
      expect(await h.balance(id)).toBe(3);
    } finally {
      restoreDemo();
    }
  });

  it("pages by our cursor (Mastodon's Link `offset`); a cursor of the other list or of another server is 400, nothing fetched", async () => {
    const { key, id } = await h.key(5);
    restoreDemo();
    const full = Array.from({ length: 20 }, (_, i) => mastodonTrendTagBody(HOST, `tag${i}`, [20 - i]));
    h.replay.add({
      host: HOST,
      path: TAGS,
      response: (req) =>
        req.query.get('offset') === '20'
          ? mastodonJson(200, [mastodonTrendTagBody(HOST, 'last', [1])])
          : {
              ...mastodonJson(200, full),
              headers: { 'content-type': 'application/json; charset=utf-8', link: mastodonTrendsLink(HOST, 'tags', 20) },
            },
    });
    try {
      const first = await h.rest('/v1/microblog-e/trends/tags?instance=mastodon.social', { key });
      expect(first.body.tags).toHaveLength(20);
      expect(first.body.cursor).toEqual(expect.any(String));
      const second = await h.rest(`/v1/microblog-e/trends/tags?instance=mastodon.social&cursor=${encodeURIComponent(first.body.cursor)}`, {
        key,
      });
      expect(second.body).toMatchObject({ credits_charged: 1, cursor: null, tags: [{ name: 'last' }] });
      expect(h.replay.hits({ host: HOST, path: TAGS }).map((x) => x.query.get('offset'))).toEqual([null, '20']);
      const before = h.replay.hits().length;
      const crossed = await h.rest(
        `/v1/microblog-e/trends/statuses?instance=mastodon.social&cursor=${encodeURIComponent(first.body.cursor)}`,
        { key },
      );
      expect(crossed.status).toBe(400);
      expect(crossed.body.error.details).toEqual([{ param: 'cursor', message: 'belongs to another list (trending tags)' }]);
      const elsewhere = await h.rest(`/v1/microblog-e/trends/tags?instance=fosstodon.org&cursor=${encodeURIComponent(first.body.cursor)}`, {
        key,
      });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.error.details).toEqual([{ param: 'cursor', message: 'belongs to another server' }]);
      expect(h.replay.hits()).toHaveLength(before);
      expect(await h.balance(id)).toBe(3);
    } finally {
      restoreDemo();
    }
  });

  it.each([
    ['404 (a server without the trends API)', 404, 'NOT_FOUND', mastodonError(404, 'Record not found')],
    ['429', 502, 'UPSTREAM_BLOCKED', { status: 429, headers: { 'retry-after': '3600' }, body: '' }],
    ['a Cloudflare block page', 502, 'UPSTREAM_BLOCKED', { status: 403, headers: { 'content-type': 'text/html' }, body: CLOUDFLARE_BLOCK }],
    ["a login wall (401, Mastodon's error body)", 502, 'UPSTREAM_BLOCKED', mastodonError(401, 'This API requires an authenticated user')],
    ['403 (anonymous callers refused)', 502, 'UPSTREAM_BLOCKED', mastodonError(403, 'This action is not allowed')],
    [
      'an HTML page (not Mastodon)',
      502,
      'UPSTREAM_FAILED',
      { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>hi</html>' },
    ],
    ['another JSON shape', 502, 'UPSTREAM_FAILED', mastodonJson(200, { tags: [] })],
  ])('the server answering %s → %s %s, 0 credits (tags and statuses)', async (_what, status, code, response) => {
    const { key, id } = await h.key(5);
    restoreDemo();
    h.replay.add({ host: HOST, path: TAGS, response });
    h.replay.add({ host: HOST, path: STATUSES, response });
    try {
      for (const list of ['tags', 'statuses']) {
        const r = await h.rest(`/v1/microblog-e/trends/${list}?instance=mastodon.social`, { key });
        expect(r.status).toBe(status);
        expect(r.body.error.code).toBe(code);
      }
      expect(await h.balance(id)).toBe(5);
    } finally {
      restoreDemo();
    }
  });

  it.each([
    ['instance=10.0.0.5', 'instance', /must be a server host name/],
    ['instance=localhost', 'instance', /must be a server host name/],
    ['instance=mastodon.social%3A8080', 'instance', /must be a server host name/],
    ['instance=mastodon.social&cursor=nope', 'cursor', /must be the `cursor` of a previous response/],
  ])('%s → 400 INVALID_INPUT on %s, nothing fetched, 0 credits', async (q, param, message) => {
    const { key, id } = await h.key(5);
    const before = h.replay.hits().length;
    const r = await h.rest(`/v1/microblog-e/trends/tags?${q}`, { key });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_INPUT');
    expect(r.body.error.details).toEqual([{ param, message: expect.stringMatching(message) }]);
    expect(h.replay.hits()).toHaveLength(before);
    expect(await h.balance(id)).toBe(5);
  });

  it('a missing instance → 400 INVALID_INPUT on instance', async () => {
    const { key } = await h.key(5);
    const r = await h.rest('/v1/microblog-e/trends/statuses', { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ param: 'instance', message: expect.any(String) }]);
  });
});
