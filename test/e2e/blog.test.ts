/**
 * blog (Tumblr) end to end: gateway + replay upstream over real HTTP, on the demo's written API v2
 * answer (its demo.ts: invented, not a capture). With TUMBLR_API_KEY: a live answer at
 * 1 credit, the same page from cache at 0, a missing blog typed at 0, the key never in an answer.
 * Without it: 501 NOT_CONFIGURED at 0 credits, nothing sent upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/blog/demo.js';
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
    expect(r.body).toMatchObject({ success: true, credits_charged: 1, cursor: null });
    expect(r.body.posts.map((p: { id_string: string }) => p.id_string)).toEqual(['771000000000000102', '771000000000000101']);
    for (const k of ['id', 'followed', 'liked', 'can_like']) expect(r.body.posts[0]).not.toHaveProperty(k);
    expect(JSON.stringify(r.body)).not.toContain(TUMBLR_KEY);
    expect(h.replay.hits({ host: 'api.tumblr.com' })[0].query.get('api_key')).toBe(TUMBLR_KEY);
    const again = await h.rest('/v1/blog/posts?blog=https://harbourweather.tumblr.com/&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, posts: r.body.posts });
    expect(await h.balance(id)).toBe(4);
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
    expect(doc.paths['/v1/blog/posts'].get.responses['501'].description).toMatch(/^NOT_CONFIGURED: .*TUMBLR_API_KEY/);
    expect(doc.paths['/v1/newsletter/profile'].get.responses['501']).toBeUndefined();
  });
});
