/**
 * microblog-e (a Mastodon-compatible server) end to end: gateway + replay upstream over real HTTP,
 * on the demo's written Mastodon answers (its demo.ts: invented, not captures). Each
 * route: a live answer at 1 credit, the same request from cache at 0, and a typed failure at 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRoutes } from '../../src/platforms/microblog-e/demo.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const HOST = 'mastodon.social';
const mastodonError = (status: number, error: string) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify({ error }),
});

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
    expect(posts.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(posts.body.posts).toHaveLength(3);
    expect(posts.body.posts[2].reblog).toMatchObject({ id: '113900000000000007', account: { acct: 'northpier' } });
    const tag = await h.rest('/v1/microblog-e/tag?instance=mastodon.social&tag=%23Tides', { key });
    expect(tag.body).toMatchObject({ credits_charged: 1, cursor: null });
    expect(tag.body.posts.map((p: { id: string }) => p.id)).toEqual(['113900000000000010', '113900000000000007']);
    expect(await h.balance(id)).toBe(3);
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
