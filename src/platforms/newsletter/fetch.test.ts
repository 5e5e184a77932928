/**
 * newsletter requests through the real upstream client against the replay server: what is sent,
 * paging with our cursor, and how answers are classified. The posts capture is served in place;
 * the other answers are our own (said per test).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures, skipReason } from '../../../test/support/fixtures.js';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import type { ReplayContext } from '../../../test/support/replay-upstream.js';
import { validateArgs } from '../operation.js';
import { decodePostsCursor, fetchPosts, fetchProfile } from './fetch.js';
import { newsletterPosts } from './operations.js';
import { PLATFORM } from './parse.js';

const HOST = 'substack.com';
let t: ReplayContext;
beforeAll(async () => {
  t = await startReplayContext();
});
afterAll(() => t.close());
beforeEach(() => t.replay.reset());

const json = (body: unknown, status = 200) => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const profile = (handle = 'tides', id = 42) => ({ id, handle, name: 'Tides', slug: 'tides', bio: '', photo_url: null });
const post = (id: number, byline = 42, handle = 'tides') => ({
  id,
  publication_id: 1,
  title: `Tide ${id}`,
  slug: `tide-${id}`,
  type: 'newsletter',
  audience: 'everyone',
  post_date: '2025-01-01T00:00:00.000Z',
  canonical_url: `https://tides.substack.com/p/tide-${id}`,
  publishedBylines: [{ id: byline, handle }],
});

describe('newsletterProfile', () => {
  it('asks public_profile for the handle', async () => {
    t.replay.add({ host: HOST, path: '/api/v1/user/tides/public_profile', response: json(profile()) });
    expect(await fetchProfile(t.ctx, { handle: 'tides' })).toMatchObject({ id: 42, handle: 'tides' });
  });
  it('404 → NOT_FOUND; another handle → UPSTREAM_FAILED; HTML → UPSTREAM_FAILED', async () => {
    t.replay.add({ host: HOST, path: '/api/v1/user/nobody/public_profile', response: json({ error: 'Not found' }, 404) });
    expect((await failure(fetchProfile(t.ctx, { handle: 'nobody' }))).code).toBe('NOT_FOUND');
    t.replay.add({ host: HOST, path: '/api/v1/user/tides/public_profile', response: json(profile('waves')) });
    expect((await failure(fetchProfile(t.ctx, { handle: 'tides' }))).message).toMatch(/different resource \(handle waves, not tides\)/);
    t.replay.add({
      host: HOST,
      path: '/api/v1/user/tides/public_profile',
      response: { body: '<html>hi</html>', headers: { 'content-type': 'text/html' } },
    });
    expect((await failure(fetchProfile(t.ctx, { handle: 'tides' }))).code).toBe('UPSTREAM_FAILED');
  });
});

describe('newsletterPosts', () => {
  it('first page via the profile id; nextCursor wrapped in ours; the next page sends it back', async () => {
    t.replay.add({ host: HOST, path: '/api/v1/user/tides/public_profile', response: json(profile()) });
    t.replay.add({
      host: HOST,
      path: '/api/v1/profile/posts',
      response: (req) =>
        req.query.get('cursor') === 'abc'
          ? json({ posts: [post(1)], nextCursor: null })
          : json({ posts: [post(3), post(2)], nextCursor: 'abc' }),
    });
    const first = await fetchPosts(t.ctx, { handle: 'tides', cursor: null });
    expect(first.posts.map((p) => p.id)).toEqual([3, 2]);
    const c = decodePostsCursor(first.cursor!);
    expect(c).toEqual({ h: 'tides', u: 42, c: 'abc' });
    expect(validateArgs(newsletterPosts, { handle: 'waves', cursor: first.cursor }).ok).toBe(false);
    const second = await fetchPosts(t.ctx, { handle: 'tides', cursor: c });
    expect(second).toMatchObject({ posts: [{ id: 1 }], cursor: null });
    const hits = t.replay.hits({ host: HOST }).map((h) => h.upstreamUrl);
    expect(hits).toEqual([
      'https://substack.com/api/v1/user/tides/public_profile',
      'https://substack.com/api/v1/profile/posts?profile_user_id=42&limit=50',
      'https://substack.com/api/v1/profile/posts?profile_user_id=42&limit=50&cursor=abc',
    ]);
  });

  it('a post whose bylines do not name the writer → UPSTREAM_FAILED', async () => {
    t.replay.add({ host: HOST, path: '/api/v1/profile/posts', response: json({ posts: [post(1), post(2, 7)], nextCursor: null }) });
    expect((await failure(fetchPosts(t.ctx, { handle: 'tides', cursor: { h: 'tides', u: 42, c: 'x' } }))).message).toMatch(
      /post 2 by someone else/,
    );
  });

  it("a byline with the writer's id but another handle (another writer's answer) → UPSTREAM_FAILED; the handle in another case is theirs", async () => {
    t.replay.add({
      host: HOST,
      path: '/api/v1/profile/posts',
      response: (req) =>
        json({ posts: [post(1, 42, 'TIDES'), post(2, 42, req.query.get('cursor') === 'x' ? 'tidez' : 'tides')], nextCursor: null }),
    });
    expect((await failure(fetchPosts(t.ctx, { handle: 'tides', cursor: { h: 'tides', u: 42, c: 'x' } }))).message).toMatch(
      /post 2 by someone else/,
    );
    expect((await fetchPosts(t.ctx, { handle: 'tides', cursor: { h: 'tides', u: 42, c: 'y' } })).posts).toHaveLength(2);
  });

  it("a forged cursor (this handle, another writer's id) → UPSTREAM_FAILED, even where posts state no byline handle or no byline", async () => {
    const forged = { h: 'tides', u: 7, c: 'x' };
    const answers = [[post(1, 7, 'waves')], [{ ...post(1, 7), publishedBylines: [{ id: 7 }] }], [{ ...post(1, 7), publishedBylines: [] }]];
    for (const posts of answers) {
      t.replay.add({ host: HOST, path: '/api/v1/profile/posts', response: json({ posts, nextCursor: null }) });
      expect((await failure(fetchPosts(t.ctx, { handle: 'tides', cursor: forged }))).code, JSON.stringify(posts)).toBe('UPSTREAM_FAILED');
    }
    // The profile's id needs no byline handle: a first page of such posts is served, as before.
    t.replay.add({ host: HOST, path: '/api/v1/user/tides/public_profile', response: json(profile()) });
    t.replay.add({
      host: HOST,
      path: '/api/v1/profile/posts',
      response: json({ posts: [{ ...post(1), publishedBylines: [] }], nextCursor: null }),
    });
    expect((await fetchPosts(t.ctx, { handle: 'tides', cursor: null })).posts).toHaveLength(1);
  });

  it("a Cloudflare challenge → UPSTREAM_BLOCKED (the catalogue's vendor page)", async () => {
    t.replay.add({
      host: HOST,
      path: '/api/v1/profile/posts',
      response: {
        status: 403,
        headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' },
        body: '<html><title>Just a moment...</title></html>',
      },
    });
    expect((await failure(fetchPosts(t.ctx, { handle: 'tides', cursor: { h: 'tides', u: 42, c: 'x' } }))).code).toBe('UPSTREAM_BLOCKED');
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the posts capture served in place (${skipReason(PLATFORM)})`, () => {
    it('15 posts by user 27968736, no next page', async () => {
      t.replay.add({
        host: HOST,
        path: '/api/v1/profile/posts',
        response: {
          headers: { 'content-type': 'application/json' },
          bodyFile: fixturePath(PLATFORM, 'profile-posts-user-27968736-2025-07.json'),
        },
      });
      const page = await fetchPosts(t.ctx, { handle: 'karozieminski', cursor: { h: 'karozieminski', u: 27968736, c: 'x' } });
      expect(page.posts).toHaveLength(15);
      expect(page.cursor).toBeNull();
    });
  });
});
