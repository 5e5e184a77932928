/**
 * blog (Tumblr) end to end: gateway + replay upstream over real HTTP, on the demo's written API v2
 * answers (its demo.ts: invented, not captures; no capture of `/info` or `posts?id=` exists). With
 * TUMBLR_API_KEY: a live answer at 1 credit, the same record from cache at 0, a missing blog or
 * post typed at 0, a rate limit or block page typed at 0, the key never in an answer. Without it:
 * 501 NOT_CONFIGURED at 0 credits, nothing sent upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/blog/demo.js';
import { TUMBLR_NOT_FOUND_BODY } from '../../src/platforms/blog/samples.js';
import { OWN_VENDOR_PAGES } from '../blocks/vendor-pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const TUMBLR_KEY = 'tumblr-test-consumer-key-0001';

describe('blog posts with TUMBLR_API_KEY', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ routes: demoRoutes(), env: { TUMBLR_API_KEY: TUMBLR_KEY } });
  });
  afterAll(() => h?.close());

  it('1 credit live, the key sent to Tumblr only; 0 from cache (a blog URL shares the entry)', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/blog/posts?blog=HarbourWeather', { key });
    expect(r.status).toBe(200);
    // The blog's 24 posts: a full first page of 20 (the two written posts first) offering the next.
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, cursor: expect.any(String) });
    expect(r.body.posts).toHaveLength(20);
    expect(r.body.posts.slice(0, 2).map((p: { id_string: string }) => p.id_string)).toEqual(['771000000000000102', '771000000000000101']);
    for (const k of ['id', 'followed', 'liked', 'can_like']) expect(r.body.posts[0]).not.toHaveProperty(k);
    expect(JSON.stringify(r.body)).not.toContain(TUMBLR_KEY);
    expect(h.replay.hits({ host: 'api.tumblr.com' })[0].query.get('api_key')).toBe(TUMBLR_KEY);
    const again = await h.rest('/v1/blog/posts?blog=https://harbourweather.tumblr.com/&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, posts: r.body.posts });
    expect(await h.balance(id)).toBe(4);
  });

  it("the cursor pages to the last page (Tumblr's next link: offset 20), 1 credit; it offers no next", async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest('/v1/blog/posts?blog=harbourweather&cache_max_age=1d', { key });
    const before = h.replay.hits({ host: 'api.tumblr.com' }).length;
    const second = await h.rest(`/v1/blog/posts?blog=harbourweather&cursor=${encodeURIComponent(first.body.cursor)}`, { key });
    expect(second.body).toMatchObject({ success: true, credits_charged: 1, cursor: null });
    const ids = second.body.posts.map((p: { id_string: string }) => p.id_string);
    expect(ids).toHaveLength(4);
    expect(ids.filter((x: string) => first.body.posts.some((p: { id_string: string }) => p.id_string === x))).toEqual([]);
    const asked = h.replay.hits({ host: 'api.tumblr.com' }).slice(before);
    expect(asked.map((x) => x.query.get('offset'))).toEqual(['20']);
    expect(await h.balance(id)).toBe(5 - first.body.credits_charged - 1);
  });

  it('GraphQL: typed fields', async () => {
    const { key } = await h.key(5);
    const r = await h.gql(
      '{ blogPosts(blog: "harbourweather", cacheMaxAge: "1d") { posts { idString blogName tags noteCount } cursor } }',
      { key },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.blogPosts.posts[0]).toEqual({
      idString: '771000000000000102',
      blogName: 'harbourweather',
      tags: ['tides', 'harbour city'],
      noteCount: 57,
    });
  });

  it('a missing blog → 404 NOT_FOUND, 0 credits, the key in no message', async () => {
    const { key, id } = await h.key(5);
    h.replay.add({
      host: 'api.tumblr.com',
      path: '/v2/blog/nobody-here.tumblr.com/posts',
      response: {
        status: 404,
        headers: { 'content-type': 'application/json' },
        body: '{"meta":{"status":404,"msg":"Not Found"},"response":[]}',
      },
    });
    const r = await h.rest('/v1/blog/posts?blog=nobody-here', { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(r.body)).not.toContain(TUMBLR_KEY);
    expect(await h.balance(id)).toBe(5);
  });
});

describe('blog info and one post with TUMBLR_API_KEY', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ routes: demoRoutes(), env: { TUMBLR_API_KEY: TUMBLR_KEY, UPSTREAM_RETRIES: '0' } });
  });
  afterAll(() => h?.close());
  const POST = '771000000000000102';

  it('info: 1 credit live, 0 from cache under another spelling of the blog', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/blog/info?blog=HarbourWeather', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      credits_charged: 1,
      blog: { name: 'harbourweather', title: 'Harbour City Weather', posts: 24 },
    });
    expect(r.body.blog.avatar[0]).toMatchObject({ width: 512, height: 512 });
    for (const k of ['followed', 'total_posts']) expect(r.body.blog).not.toHaveProperty(k);
    expect(JSON.stringify(r.body)).not.toContain(TUMBLR_KEY);
    expect(h.replay.hits({ host: 'api.tumblr.com' }).at(-1)!.upstreamUrl).toMatch(
      /\/v2\/blog\/harbourweather\.tumblr\.com\/info\?api_key=/,
    );
    const again = await h.rest('/v1/blog/info?blog=https://www.tumblr.com/harbourweather&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, blog: r.body.blog });
    expect(await h.balance(id)).toBe(4);
  });

  it('post: 1 credit by URL, 0 from cache by blog + id; GraphQL typed fields', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(
      `/v1/blog/post?url=${encodeURIComponent(`https://www.tumblr.com/harbourweather/${POST}/spring-tides-on-tuesday`)}`,
      { key },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      credits_charged: 1,
      post: { id_string: POST, blog_name: 'harbourweather', tags: ['tides', 'harbour city'] },
    });
    for (const k of ['id', 'followed', 'liked', 'can_like']) expect(r.body.post).not.toHaveProperty(k);
    expect(h.replay.hits({ host: 'api.tumblr.com' }).at(-1)!.query.get('id')).toBe(POST);
    const again = await h.rest(`/v1/blog/post?blog=harbourweather.tumblr.com&id=${POST}&cache_max_age=1d`, { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, post: r.body.post });
    expect(await h.balance(id)).toBe(4);
    const g = await h.gql(
      `{ blogPost(blog: "harbourweather", id: "${POST}", cacheMaxAge: "1d") { idString blogName noteCount } blogInfo(blog: "harbourweather", cacheMaxAge: "1d") { name postCount avatar { width } askAnon } }`,
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data).toEqual({
      blogPost: { idString: POST, blogName: 'harbourweather', noteCount: 57 },
      blogInfo: {
        name: 'harbourweather',
        postCount: 24,
        avatar: [{ width: 512 }, { width: 128 }, { width: 96 }, { width: 64 }],
        askAnon: true,
      },
    });
  });

  it('bad params → 400 INVALID_INPUT naming them, 0 credits, nothing sent', async () => {
    const { key, id } = await h.key(5);
    const before = h.replay.hits().length;
    const cases: [string, string][] = [
      ['/v1/blog/post', 'url'],
      [`/v1/blog/post?blog=harbourweather`, 'id'],
      [`/v1/blog/post?url=${encodeURIComponent('https://harbourweather.tumblr.com/')}`, 'url'],
      [`/v1/blog/post?url=${encodeURIComponent(`https://harbourweather.tumblr.com/post/${POST}`)}&id=${POST}`, 'url'],
      ['/v1/blog/info?blog=not%20a%20blog', 'blog'],
    ];
    for (const [path, param] of cases) {
      const r = await h.rest(path, { key });
      expect(r.status, path).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(JSON.stringify(r.body.error), path).toContain(param);
    }
    expect(h.replay.hits()).toHaveLength(before);
    expect(await h.balance(id)).toBe(5);
  });

  it('upstream 404 (blog or post), 429 and a block page → typed errors, 0 credits', async () => {
    const { key, id } = await h.key(5);
    const wall = OWN_VENDOR_PAGES[0];
    const notFound = { status: 404, headers: { 'content-type': 'application/json' }, body: TUMBLR_NOT_FOUND_BODY };
    h.replay.add({ host: 'api.tumblr.com', path: '/v2/blog/nobody-here.tumblr.com/info', response: notFound });
    h.replay.add({ host: 'api.tumblr.com', path: '/v2/blog/nobody-here.tumblr.com/posts', response: notFound });
    h.replay.add({
      host: 'api.tumblr.com',
      path: '/v2/blog/busy-blog.tumblr.com/info',
      response: {
        status: 429,
        headers: { 'content-type': 'application/json' },
        body: '{"meta":{"status":429,"msg":"Limit Exceeded"},"response":[]}',
      },
    });
    h.replay.add({
      host: 'api.tumblr.com',
      path: '/v2/blog/walled-blog.tumblr.com/posts',
      response: { status: wall.status, headers: wall.headers, body: wall.body },
    });
    const expectations: [string, number, string][] = [
      ['/v1/blog/info?blog=nobody-here', 404, 'NOT_FOUND'],
      [`/v1/blog/post?blog=nobody-here&id=${POST}`, 404, 'NOT_FOUND'],
      ['/v1/blog/info?blog=busy-blog', 502, 'UPSTREAM_BLOCKED'],
      [`/v1/blog/post?blog=walled-blog&id=${POST}`, 502, 'UPSTREAM_BLOCKED'],
    ];
    for (const [path, status, code] of expectations) {
      const r = await h.rest(path, { key });
      expect(r.status, path).toBe(status);
      expect(r.body.error.code, path).toBe(code);
      expect(JSON.stringify(r.body)).not.toContain(TUMBLR_KEY);
    }
    expect(await h.balance(id)).toBe(5);
  });
});

describe('blog posts without TUMBLR_API_KEY', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ routes: demoRoutes() });
  });
  afterAll(() => h?.close());

  it('501 NOT_CONFIGURED naming the setting, 0 credits, nothing sent; OpenAPI lists the 501', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/blog/posts?blog=harbourweather', { key });
    expect(r.status).toBe(501);
    expect(r.body.error.code).toBe('NOT_CONFIGURED');
    expect(r.body.error.message).toContain('TUMBLR_API_KEY');
    expect(await h.balance(id)).toBe(5);
    expect(h.replay.hits({ host: 'api.tumblr.com' })).toEqual([]);
    const doc = (await h.rest('/openapi.json')).body;
    for (const path of ['/v1/blog/posts', '/v1/blog/info', '/v1/blog/post'])
      expect(doc.paths[path].get.responses['501'].description).toMatch(/^NOT_CONFIGURED: .*TUMBLR_API_KEY/);
    for (const path of ['/v1/blog/info?blog=harbourweather', '/v1/blog/post?blog=harbourweather&id=771000000000000102']) {
      const r2 = await h.rest(path, { key });
      expect(r2.status, path).toBe(501);
      expect(r2.body.error.code).toBe('NOT_CONFIGURED');
    }
    expect(h.replay.hits({ host: 'api.tumblr.com' })).toEqual([]);
    expect(await h.balance(id)).toBe(5);
    expect(doc.paths['/v1/newsletter/profile'].get.responses['501']).toBeUndefined();
  });
});
