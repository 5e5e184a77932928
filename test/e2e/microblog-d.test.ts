/**
 * microblog-d (Bluesky) end to end: gateway + replay upstream over real HTTP, on the demo's
 * written AppView answers (its demo.ts: invented, not captures). Each route: a live
 * answer at 1 credit, the same request from cache at 0, and a typed failure at 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/microblog-d/demo.js';
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
    expect(posts.body.cursor).toBeNull();
    const search = await h.rest('/v1/microblog-d/search?query=tide%20tables', { key });
    expect(search.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(search.body.posts.map((p: { record: { text: string } }) => p.record.text)[0]).toMatch(/^Tide tables/);
    const people = await h.rest('/v1/microblog-d/search/profiles?query=Harbour%20Weather', { key });
    expect(people.body).toMatchObject({ credits_charged: 1, profiles: [{ did: 'did:plc:demoharbourweather00001' }] });
    expect(await h.balance(id)).toBe(2);
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
