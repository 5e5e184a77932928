/**
 * microblog-d (Bluesky) end to end: gateway + replay upstream over real HTTP, on the demo's
 * written AppView answers (its demo.ts: invented, not captures; the follower and follow lists have
 * no capture at all, their demo pages are samples.ts's, written from the lexicon; so has a post's
 * thread, getPostThread, whose demo answer is samples.ts's too, and so have a post's likes and
 * reposts, getLikes / getRepostedBy). Each route: a
 * live answer at 1 credit, the same request from cache at 0, and a typed failure at 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/microblog-d/demo.js';
import { OWN_VENDOR_PAGES } from '../blocks/vendor-pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const HOST = 'public.api.bsky.app';
const xrpcError = (status: number, error: string, message: string) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify({ error, message }),
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: demoRoutes() });
});
afterAll(() => h?.close());

describe('microblog-d routes', () => {
  it('profile: 1 credit live under {profile}, 0 from cache', async () => {
    const { key, id } = await h.key(5);
    const path = '/v1/microblog-d/profile?handle=@HarbourWeather.bsky.social&cache_max_age=1d';
    const r = await h.rest(path, { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(r.body.profile).toMatchObject({ handle: 'harbourweather.bsky.social', followersCount: 4210, postsCount: 1873 });
    const again = await h.rest('/v1/microblog-d/profile?handle=harbourweather.bsky.social&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, profile: r.body.profile });
    expect(await h.balance(id)).toBe(4);
  });

  it('posts, search and account search: 1 credit each, their records', async () => {
    const { key, id } = await h.key(5);
    const posts = await h.rest('/v1/microblog-d/posts?handle=harbourweather.bsky.social', { key });
    expect(posts.body.credits_charged).toBe(1);
    expect(posts.body.posts).toHaveLength(3);
    expect(posts.body.posts[2].reason).toMatchObject({
      $type: 'app.bsky.feed.defs#reasonRepost',
      by: { handle: 'harbourweather.bsky.social' },
    });
    expect(posts.body.cursor).toEqual(expect.any(String));
    const search = await h.rest('/v1/microblog-d/search?query=tide%20tables', { key });
    expect(search.body).toMatchObject({ credits_charged: 1, cursor: expect.any(String) });
    expect(search.body.posts.map((p: { record: { text: string } }) => p.record.text)[0]).toMatch(/^Tide tables/);
    const people = await h.rest('/v1/microblog-d/search/profiles?query=Harbour%20Weather', { key });
    expect(people.body).toMatchObject({ credits_charged: 1, profiles: [{ did: 'did:plc:demoharbourweather00001' }] });
    expect(await h.balance(id)).toBe(2);
    // The second (last) pages: older posts, the search's third hit.
    const olderPosts = await h.rest(`/v1/microblog-d/posts?handle=harbourweather.bsky.social&cursor=${posts.body.cursor}`, { key });
    expect(olderPosts.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(olderPosts.body.posts.map((p: { post: { record: { text: string } } }) => p.post.record.text)).toEqual([
      expect.stringMatching(/^Storm warning lifted/),
      expect.stringMatching(/^Spring tides this week/),
    ]);
    const moreHits = await h.rest(`/v1/microblog-d/search?query=tide%20tables&cursor=${search.body.cursor}`, { key });
    expect(moreHits.body).toMatchObject({
      credits_charged: 1,
      cursor: null,
      posts: [{ record: { text: expect.stringMatching(/^Spring tides/) } }],
    });
    expect(await h.balance(id)).toBe(0);
  });

  it('GraphQL: typed fields over the same records', async () => {
    const { key } = await h.key(5);
    const r = await h.gql(
      '{ microblogDProfile(handle: "harbourweather.bsky.social") { did followersCount } microblogDPosts(handle: "harbourweather.bsky.social") { posts { post { uri author { handle } record { text } } reason { type by { handle } } } cursor } }',
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.microblogDProfile).toEqual({ did: 'did:plc:demoharbourweather00001', followersCount: 4210 });
    expect(r.body.data.microblogDPosts.posts[2].reason).toEqual({
      type: 'app.bsky.feed.defs#reasonRepost',
      by: { handle: 'harbourweather.bsky.social' },
    });
  });

  it('a missing account → 404 NOT_FOUND; search switched off → 502 UPSTREAM_BLOCKED; both 0 credits', async () => {
    const { key, id } = await h.key(5);
    h.replay.add({ host: HOST, path: '/xrpc/app.bsky.actor.getProfile', response: xrpcError(400, 'InvalidRequest', 'Profile not found') });
    h.replay.add({
      host: HOST,
      path: '/xrpc/app.bsky.feed.searchPosts',
      response: xrpcError(403, 'Forbidden', 'Request forbidden by administrative rules.'),
    });
    try {
      const missing = await h.rest('/v1/microblog-d/profile?handle=nobody.bsky.social', { key });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
      const blocked = await h.rest('/v1/microblog-d/search?query=anything', { key });
      expect(blocked.status).toBe(502);
      expect(blocked.body.error.code).toBe('UPSTREAM_BLOCKED');
      expect(await h.balance(id)).toBe(5);
    } finally {
      h.replay.reset();
      for (const r of demoRoutes()) h.replay.add(r);
    }
  });
});

describe('microblog-d followers and follows', () => {
  const restore = () => {
    h.replay.reset();
    for (const r of demoRoutes()) h.replay.add(r);
  };

  it('followers: 1 credit live, a spelling of the same actor from cache at 0, the next page with our cursor', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/microblog-d/followers?handle=HarbourWeather.bsky.social&cache_max_age=1d', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(r.body.subject).toMatchObject({ did: 'did:plc:demoharbourweather00001', handle: 'harbourweather.bsky.social' });
    expect(r.body.followers.map((f: { handle: string }) => f.handle)).toEqual(['tidewatcher.example.org', 'ferrytimes.bsky.social']);
    expect(r.body.followers[0]).toMatchObject({ description: 'Tide photos from the north pier.', displayName: 'Tide Watcher' });
    expect(JSON.stringify(r.body)).not.toContain('"viewer"');
    expect(typeof r.body.cursor).toBe('string');
    const again = await h.rest('/v1/microblog-d/followers?handle=https://bsky.app/profile/harbourweather.bsky.social&cache_max_age=1d', {
      key,
    });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, followers: r.body.followers, cursor: r.body.cursor });
    const next = await h.rest(`/v1/microblog-d/followers?handle=harbourweather.bsky.social&cursor=${r.body.cursor}`, { key });
    expect(next.body).toMatchObject({ credits_charged: 1, cursor: null, followers: [{ handle: 'harbourlifeboat.org' }] });
    expect(await h.balance(id)).toBe(3);
  });

  it('follows over GraphQL: typed fields over the same record; a followers cursor on follows is 400 INVALID_INPUT at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const r = await h.gql(
      '{ microblogDFollows(handle: "harbourweather.bsky.social") { subject { did handle } follows { handle displayName description } cursor } }',
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.microblogDFollows).toEqual({
      subject: { did: 'did:plc:demoharbourweather00001', handle: 'harbourweather.bsky.social' },
      follows: [
        { handle: 'tidewatcher.example.org', displayName: 'Tide Watcher', description: 'Tide photos from the north pier.' },
        {
          handle: 'harbourlifeboat.org',
          displayName: 'Harbour Lifeboat Station',
          description: 'Volunteer crew. Call 999 and ask for the coastguard.',
        },
      ],
      cursor: expect.any(String),
    });
    expect(await h.balance(id)).toBe(4);
    const last = await h.gql(
      `{ microblogDFollows(handle: "harbourweather.bsky.social", cursor: "${r.body.data.microblogDFollows.cursor}") { follows { handle } cursor } }`,
      { key },
    );
    expect(last.body.data.microblogDFollows).toEqual({ follows: [{ handle: 'ferrytimes.bsky.social' }], cursor: null });
    expect(await h.balance(id)).toBe(3);
    const followers = await h.rest('/v1/microblog-d/followers?handle=harbourweather.bsky.social', { key });
    const bad = await h.rest(`/v1/microblog-d/follows?handle=harbourweather.bsky.social&cursor=${followers.body.cursor}`, { key });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('cursor') });
    expect(followers.body.credits_charged).toBe(1);
    expect(await h.balance(id)).toBe(2);
  });

  it.each([
    ['an unknown actor (400 "Actor not found")', xrpcError(400, 'InvalidRequest', 'Actor not found: nobody.bsky.social'), 404, 'NOT_FOUND'],
    ['a rate limit (429)', { status: 429, body: '' }, 502, 'UPSTREAM_BLOCKED'],
    ['a login wall (401 AuthMissing)', xrpcError(401, 'AuthMissing', 'Authentication Required'), 502, 'UPSTREAM_BLOCKED'],
    [
      `a block page (${OWN_VENDOR_PAGES[0].name}) with a 200`,
      { headers: OWN_VENDOR_PAGES[0].headers, body: OWN_VENDOR_PAGES[0].body },
      502,
      'UPSTREAM_BLOCKED',
    ],
  ])('%s → %i %s on both lists, 0 credits', async (_name, response, status, code) => {
    const { key, id } = await h.key(5);
    h.replay.add({ host: HOST, path: '/xrpc/app.bsky.graph.getFollowers', response });
    h.replay.add({ host: HOST, path: '/xrpc/app.bsky.graph.getFollows', response });
    try {
      for (const path of ['/v1/microblog-d/followers?handle=nobody.bsky.social', '/v1/microblog-d/follows?handle=nobody.bsky.social']) {
        const r = await h.rest(path, { key });
        expect(r.status, path).toBe(status);
        expect(r.body.error.code, path).toBe(code);
      }
      expect(await h.balance(id)).toBe(5);
    } finally {
      restore();
    }
  });

  it('a list whose subject is another account → 502 UPSTREAM_FAILED, 0 credits', async () => {
    const { key, id } = await h.key(5);
    const other = { did: 'did:plc:otheraccountaaaaaaaaaaaa', handle: 'someone.else.com' };
    h.replay.add({
      host: HOST,
      path: '/xrpc/app.bsky.graph.getFollowers',
      response: { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ followers: [], subject: other }) },
    });
    try {
      const r = await h.rest('/v1/microblog-d/followers?handle=harbourweather.bsky.social', { key });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe('UPSTREAM_FAILED');
      expect(await h.balance(id)).toBe(5);
    } finally {
      restore();
    }
  });
});

// No capture of getPostThread: the demo's thread (samples.ts, written from the lexicon) and XRPC error bodies of our own.
describe('microblog-d post (its thread)', () => {
  const THREAD = '/xrpc/app.bsky.feed.getPostThread';
  const URL_ = 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2';
  const restore = () => {
    h.replay.reset();
    for (const r of demoRoutes()) h.replay.add(r);
  };

  it('1 credit live with {post, parent, replies}; the AT URI of the same post from cache at 0', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(
      `/v1/microblog-d/post?url=${encodeURIComponent(URL_.replace('harbourweather', 'HarbourWeather'))}&cache_max_age=1d`,
      {
        key,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, parent: null });
    expect(r.body.post).toMatchObject({
      uri: 'at://did:plc:demoharbourweather00001/app.bsky.feed.post/3lkdemo0000a2',
      author: { handle: 'harbourweather.bsky.social' },
      record: { text: expect.stringMatching(/^Tide tables for next week/) },
    });
    expect(r.body.replies.map((x: { post: { author: { handle: string } } }) => x.post.author.handle)).toEqual([
      'tidewatcher.example.org',
      'ferrytimes.bsky.social',
    ]);
    expect(r.body.replies[0].replies[0]).toMatchObject({
      $type: 'app.bsky.feed.defs#threadViewPost',
      post: { record: { text: expect.stringMatching(/^About ten minutes later/) } },
      replies: [],
    });
    expect(JSON.stringify(r.body)).not.toContain('"viewer"');
    const uri = encodeURIComponent('at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2');
    const again = await h.rest(`/v1/microblog-d/post?uri=${uri}&depth=6&cache_max_age=1d`, { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, post: r.body.post, replies: r.body.replies });
    expect(await h.balance(id)).toBe(4);
  });

  it('GraphQL: typed fields over the same record; bad input → 400 INVALID_INPUT at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const g = await h.gql(
      `{ microblogDPost(url: "${URL_}", depth: 2) { post { uri likeCount } parent { uri } replies { type uri post { author { handle } } replies { authorDid post { record { text } } } } } }`,
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.microblogDPost.post).toEqual({
      uri: 'at://did:plc:demoharbourweather00001/app.bsky.feed.post/3lkdemo0000a2',
      likeCount: 188,
    });
    expect(g.body.data.microblogDPost.parent).toBeNull();
    expect(g.body.data.microblogDPost.replies[0]).toMatchObject({
      type: 'app.bsky.feed.defs#threadViewPost',
      post: { author: { handle: 'tidewatcher.example.org' } },
      replies: [{ authorDid: 'did:plc:demoharbourweather00001', post: { record: { text: expect.stringMatching(/^About ten minutes/) } } }],
    });
    expect(await h.balance(id)).toBe(4);
    for (const q of [
      '',
      `url=${encodeURIComponent(URL_)}&uri=${encodeURIComponent('at://a.b/app.bsky.feed.post/x')}`,
      'url=https://bsky.app/profile/a.b',
      `url=${encodeURIComponent(URL_)}&depth=11`,
    ]) {
      const bad = await h.rest(`/v1/microblog-d/post?${q}`, { key });
      expect(bad.status, q).toBe(400);
      expect(bad.body.error.code, q).toBe('INVALID_INPUT');
    }
    expect(await h.balance(id)).toBe(4);
  });

  it.each([
    [
      'a missing post (400 NotFound)',
      xrpcError(400, 'NotFound', 'Post not found: at://nobody.bsky.social/app.bsky.feed.post/3lkdemo0000a2'),
      404,
      'NOT_FOUND',
    ],
    [
      'a notFoundPost in its place',
      {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          thread: {
            $type: 'app.bsky.feed.defs#notFoundPost',
            uri: 'at://did:plc:demoharbourweather00001/app.bsky.feed.post/3lkdemo0000a2',
            notFound: true,
          },
        }),
      },
      404,
      'NOT_FOUND',
    ],
    [
      'a blockedPost in its place',
      {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          thread: {
            $type: 'app.bsky.feed.defs#blockedPost',
            uri: 'at://did:plc:demoharbourweather00001/app.bsky.feed.post/3lkdemo0000a2',
            blocked: true,
            author: { did: 'did:plc:demoharbourweather00001' },
          },
        }),
      },
      502,
      'UPSTREAM_BLOCKED',
    ],
    ['a rate limit (429)', { status: 429, body: '' }, 502, 'UPSTREAM_BLOCKED'],
    [
      `a block page (${OWN_VENDOR_PAGES[0].name}) with a 200`,
      { headers: OWN_VENDOR_PAGES[0].headers, body: OWN_VENDOR_PAGES[0].body },
      502,
      'UPSTREAM_BLOCKED',
    ],
  ])('%s → %i %s, 0 credits', async (_name, response, status, code) => {
    const { key, id } = await h.key(5);
    h.replay.add({ host: HOST, path: THREAD, response });
    try {
      const r = await h.rest(`/v1/microblog-d/post?url=${encodeURIComponent(URL_)}`, { key });
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(await h.balance(id)).toBe(5);
    } finally {
      restore();
    }
  });

  it("another post's thread → 502 UPSTREAM_FAILED, 0 credits", async () => {
    const { key, id } = await h.key(5);
    const other = { did: 'did:plc:otheraccountaaaaaaaaaaaa', handle: 'someone.else.com' };
    const post = {
      uri: `at://${other.did}/app.bsky.feed.post/3lkdemo0000a2`,
      cid: 'bafy',
      author: other,
      record: { text: 'x', createdAt: '2025-01-01T00:00:00.000Z' },
      replyCount: 0,
      repostCount: 0,
      likeCount: 0,
      indexedAt: '2025-01-01T00:00:00.000Z',
    };
    h.replay.add({
      host: HOST,
      path: THREAD,
      response: { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ thread: { post } }) },
    });
    try {
      const r = await h.rest(`/v1/microblog-d/post?url=${encodeURIComponent(URL_)}`, { key });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe('UPSTREAM_FAILED');
      expect(await h.balance(id)).toBe(5);
    } finally {
      restore();
    }
  });
});

describe("microblog-d a post's likes and reposts", () => {
  const URL_ = 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2';
  const URI = 'at://did:plc:demoharbourweather00001/app.bsky.feed.post/3lkdemo0000a2';
  const restore = () => {
    h.replay.reset();
    for (const r of demoRoutes()) h.replay.add(r);
  };

  it('likes: 1 credit live (the author resolved, then getLikes by DID), the AT URI of the same post from cache at 0, the next page with our cursor', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(
      `/v1/microblog-d/post/likes?url=${encodeURIComponent(URL_.replace('harbourweather', 'HarbourWeather'))}&cache_max_age=1d`,
      {
        key,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, uri: URI });
    expect(r.body.likes.map((l: { actor: { handle: string } }) => l.actor.handle)).toEqual([
      'tidewatcher.example.org',
      'ferrytimes.bsky.social',
    ]);
    expect(r.body.likes[0]).toMatchObject({
      actor: { displayName: 'Tide Watcher', description: 'Tide photos from the north pier.' },
      createdAt: '2025-03-05T18:02:11.000Z',
      indexedAt: '2025-03-05T18:02:11.000Z',
    });
    expect(JSON.stringify(r.body)).not.toContain('"viewer"');
    expect(typeof r.body.cursor).toBe('string');
    const hits = h.replay.hits({ host: HOST }).map((x) => x.path);
    expect(hits.slice(-2)).toEqual(['/xrpc/app.bsky.actor.getProfile', '/xrpc/app.bsky.feed.getLikes']);
    const again = await h.rest(
      `/v1/microblog-d/post/likes?uri=${encodeURIComponent('at://harbourweather.bsky.social/app.bsky.feed.post/3lkdemo0000a2')}&cache_max_age=1d`,
      { key },
    );
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, likes: r.body.likes, cursor: r.body.cursor });
    const next = await h.rest(`/v1/microblog-d/post/likes?url=${encodeURIComponent(URL_)}&cursor=${r.body.cursor}`, { key });
    expect(next.body).toMatchObject({ credits_charged: 1, cursor: null, likes: [{ actor: { handle: 'harbourlifeboat.org' } }] });
    expect(await h.balance(id)).toBe(3);
  });

  it('reposts over GraphQL: typed fields over the same record; a likes cursor on reposts, or bad input, is 400 INVALID_INPUT at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const g = await h.gql(`{ microblogDPostReposts(url: "${URL_}") { uri repostedBy { did handle displayName } cursor } }`, { key });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.microblogDPostReposts).toEqual({
      uri: URI,
      repostedBy: [
        { did: expect.stringMatching(/^did:plc:/), handle: 'harbourlifeboat.org', displayName: 'Harbour Lifeboat Station' },
        { did: 'did:plc:demotidewatcher000000001', handle: 'tidewatcher.example.org', displayName: 'Tide Watcher' },
      ],
      cursor: expect.any(String),
    });
    expect(await h.balance(id)).toBe(4);
    const last = await h.gql(
      `{ microblogDPostReposts(url: "${URL_}", cursor: "${g.body.data.microblogDPostReposts.cursor}") { repostedBy { handle } cursor } }`,
      { key },
    );
    expect(last.body.data.microblogDPostReposts).toEqual({ repostedBy: [{ handle: 'ferrytimes.bsky.social' }], cursor: null });
    expect(await h.balance(id)).toBe(3);
    const likes = await h.rest(`/v1/microblog-d/post/likes?url=${encodeURIComponent(URL_)}`, { key });
    expect(likes.body.credits_charged).toBe(1);
    for (const q of [
      `url=${encodeURIComponent(URL_)}&cursor=${likes.body.cursor}`,
      '',
      `url=${encodeURIComponent(URL_)}&uri=${encodeURIComponent('at://a.b/app.bsky.feed.post/x')}`,
      'url=https://bsky.app/profile/a.b',
    ]) {
      const bad = await h.rest(`/v1/microblog-d/post/reposts?${q}`, { key });
      expect(bad.status, q).toBe(400);
      expect(bad.body.error.code, q).toBe('INVALID_INPUT');
    }
    expect(await h.balance(id)).toBe(2);
  });

  it.each([
    [
      'an unknown author (getProfile 400 "Profile not found")',
      '/xrpc/app.bsky.actor.getProfile',
      xrpcError(400, 'InvalidRequest', 'Profile not found'),
      404,
      'NOT_FOUND',
    ],
    ['a rate limit on the list (429)', 'LIST', { status: 429, body: '' }, 502, 'UPSTREAM_BLOCKED'],
    [
      'a login wall on the list (401 AuthMissing)',
      'LIST',
      xrpcError(401, 'AuthMissing', 'Authentication Required'),
      502,
      'UPSTREAM_BLOCKED',
    ],
    [
      `a block page (${OWN_VENDOR_PAGES[0].name}) with a 200 on the list`,
      'LIST',
      { headers: OWN_VENDOR_PAGES[0].headers, body: OWN_VENDOR_PAGES[0].body },
      502,
      'UPSTREAM_BLOCKED',
    ],
    ['a rate limit on the profile lookup (429)', '/xrpc/app.bsky.actor.getProfile', { status: 429, body: '' }, 502, 'UPSTREAM_BLOCKED'],
  ])('%s (%s) → %i %s on both lists, 0 credits', async (_name, path, response, status, code) => {
    const { key, id } = await h.key(5);
    for (const p of path === 'LIST' ? ['/xrpc/app.bsky.feed.getLikes', '/xrpc/app.bsky.feed.getRepostedBy'] : [path])
      h.replay.add({ host: HOST, path: p, response });
    try {
      for (const route of ['/v1/microblog-d/post/likes', '/v1/microblog-d/post/reposts']) {
        const r = await h.rest(`${route}?url=${encodeURIComponent(URL_)}`, { key });
        expect(r.status, route).toBe(status);
        expect(r.body.error.code, route).toBe(code);
      }
      expect(await h.balance(id)).toBe(5);
    } finally {
      restore();
    }
  });

  it('an answer about another post → 502 UPSTREAM_FAILED, 0 credits', async () => {
    // (The demo's DIDs are invented outside did:plc's alphabet, so the post is asked by its author's handle.)
    const { key, id } = await h.key(5);
    const other = 'at://did:plc:demoharbourweather00001/app.bsky.feed.post/3lkdemo0000a1';
    h.replay.add({
      host: HOST,
      path: '/xrpc/app.bsky.feed.getLikes',
      response: { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uri: other, likes: [] }) },
    });
    try {
      const r = await h.rest(`/v1/microblog-d/post/likes?url=${encodeURIComponent(URL_)}`, { key });
      expect(r.status).toBe(502);
      expect(r.body.error.code).toBe('UPSTREAM_FAILED');
      expect(await h.balance(id)).toBe(5);
    } finally {
      restore();
    }
  });
});
