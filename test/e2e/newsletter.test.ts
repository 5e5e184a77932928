/**
 * newsletter (Substack) end to end: gateway + replay upstream over real HTTP, on the demo's
 * written Substack answers (its demo.ts: invented, not captures). Each route: a live
 * answer at 1 credit, the same request from cache at 0, and a typed failure at 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/newsletter/demo.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: demoRoutes() });
});
afterAll(() => h?.close());

describe('newsletter routes', () => {
  it('profile: 1 credit live under {profile}, 0 from cache (a profile URL shares the entry)', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/newsletter/profile?handle=@HarbourWeather', { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, credits_charged: 1 });
    expect(r.body.profile).toMatchObject({ id: 310000101, handle: 'harbourweather', subscriberCountNumber: 1240 });
    const again = await h.rest('/v1/newsletter/profile?handle=https://substack.com/@harbourweather&cache_max_age=1d', { key });
    expect(again.body).toMatchObject({ credits_charged: 0, cached: true, profile: r.body.profile });
    expect(await h.balance(id)).toBe(4);
  });

  it('posts: 1 credit, newest first, the end of the list a null cursor; GraphQL types them', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest('/v1/newsletter/posts?handle=harbourweather', { key });
    expect(r.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(r.body.posts.map((p: { slug: string; audience: string }) => [p.slug, p.audience])).toEqual([
      ['spring-tides-ahead', 'everyone'],
      ['a-winter-of-sea-fog', 'only_paid'],
    ]);
    const g = await h.gql(
      '{ newsletterPosts(handle: "harbourweather", cacheMaxAge: "1d") { posts { id canonicalUrl postDate } cursor } }',
      { key },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.newsletterPosts.posts[0]).toEqual({
      id: 150000102,
      canonicalUrl: 'https://harbourweather.substack.com/p/spring-tides-ahead',
      postDate: '2025-03-05T07:00:00.000Z',
    });
    expect(await h.balance(id)).toBe(4);
  });

  it('an unknown handle → 404 NOT_FOUND, 0 credits', async () => {
    const { key, id } = await h.key(5);
    h.replay.add({
      host: 'substack.com',
      path: '/api/v1/user/nobody_here/public_profile',
      response: { status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"User not found"}' },
    });
    const r = await h.rest('/v1/newsletter/profile?handle=nobody_here', { key });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await h.balance(id)).toBe(5);
  });
});
