/**
 * newsletter requests through the real upstream client against the replay server: what is sent,
 * paging with our cursor, and how answers are classified. The posts capture is served in place;
 * the other answers are our own (said per test). One post: its host is the caller's, through the
 * SSRF guard (an injected resolver makes the client resolve names in replay mode); no capture of
 * `/api/v1/posts/<slug>` exists, so its answers are samples.ts's, written from the captured post
 * objects, and the captured first post served as such an answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import type { ReplayContext } from '../../../test/support/replay-upstream.js';
import { validateArgs } from '../operation.js';
import { decodePostsCursor, fetchPost, fetchPosts, fetchProfile } from './fetch.js';
import { newsletterPost, newsletterPosts } from './operations.js';
import { PLATFORM } from './parse.js';
import { substackPostBody } from './samples.js';

const HOST = 'substack.com';
/** Names resolve publicly, except one a hostile caller points inside a network. */
const resolver = async (host: string) => [host === 'intranet.example' ? '10.0.0.5' : '93.184.216.34'];

let t: ReplayContext;
beforeAll(async () => {
  t = await startReplayContext({ resolver });
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

describe('newsletterPost (answers: samples.ts, written from the captured post objects)', () => {
  const sample = (over: Partial<Parameters<typeof substackPostBody>[0]> = {}) =>
    substackPostBody({ slug: 'estuary-light', publication: { subdomain: 'mirasol' }, ...over });
  const asked = { host: 'mirasol.substack.com', slug: 'estuary-light' };

  it('asks the publication host for the slug; the record is the post with its text', async () => {
    t.replay.add({ host: 'mirasol.substack.com', path: '/api/v1/posts/estuary-light', response: json(sample()) });
    expect(await fetchPost(t.ctx, asked)).toMatchObject({
      slug: 'estuary-light',
      is_paywalled: false,
      body_html: expect.stringMatching(/^<p>/),
    });
    expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual(['https://mirasol.substack.com/api/v1/posts/estuary-light']);
  });

  it('a custom domain is asked at its own host; a subdomain that redirects to it is followed, the redirect its proof', async () => {
    const custom = sample({ publication: { subdomain: 'mirasol', customDomain: 'notes.mirasol.example' } });
    t.replay.add({ host: 'notes.mirasol.example', path: '/api/v1/posts/estuary-light', response: json(custom) });
    expect(await fetchPost(t.ctx, { host: 'notes.mirasol.example', slug: 'estuary-light' })).toMatchObject({
      canonical_url: 'https://notes.mirasol.example/p/estuary-light',
    });
    t.replay.add({
      host: 'mirasol.substack.com',
      path: '/api/v1/posts/estuary-light',
      response: { status: 301, headers: { location: 'https://notes.mirasol.example/api/v1/posts/estuary-light' } },
    });
    // Even with no byline stating the publication, Substack's own redirect pairs the two hosts.
    t.replay.add({
      host: 'notes.mirasol.example',
      path: '/api/v1/posts/estuary-light',
      response: json({ ...custom, publishedBylines: [] }),
    });
    expect(await fetchPost(t.ctx, asked)).toMatchObject({
      publication: null,
      canonical_url: 'https://notes.mirasol.example/p/estuary-light',
    });
    expect(t.replay.hits({ host: 'mirasol.substack.com' })).toHaveLength(1);
  });

  it('a paid post: the public preview Substack gives anyone, flagged; nothing else is asked (no login)', async () => {
    t.replay.add({
      host: 'mirasol.substack.com',
      path: '/api/v1/posts/estuary-light',
      response: json(sample({ audience: 'only_paid', bodyHtml: '<p>The first lines.</p>' })),
    });
    expect(await fetchPost(t.ctx, asked)).toMatchObject({
      audience: 'only_paid',
      is_paywalled: true,
      body_html: '<p>The first lines.</p>',
    });
    expect(t.replay.hits()).toHaveLength(1);
    expect(t.replay.hits()[0].headers.cookie).toBeUndefined();
  });

  it('another slug, or another publication’s post → UPSTREAM_FAILED', async () => {
    t.replay.add({ host: 'mirasol.substack.com', path: '/api/v1/posts/estuary-light', response: json(sample({ slug: 'estuary-dark' })) });
    expect((await failure(fetchPost(t.ctx, asked))).message).toMatch(/different resource \(post estuary-dark, not estuary-light\)/);
    t.replay.add({
      host: 'mirasol.substack.com',
      path: '/api/v1/posts/estuary-light',
      response: json(sample({ publication: { subdomain: 'tides' } })),
    });
    const e = await failure(fetchPost(t.ctx, asked));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/a post of tides\.substack\.com, not mirasol\.substack\.com/);
  });

  it('404 → NOT_FOUND; 429 and a Cloudflare challenge → UPSTREAM_BLOCKED; an HTML page or another JSON → UPSTREAM_FAILED', async () => {
    const cases: [unknown, string][] = [
      [json({ error: 'Not found' }, 404), 'NOT_FOUND'],
      [
        {
          status: 403,
          headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' },
          body: '<html><title>Just a moment...</title></html>',
        },
        'UPSTREAM_BLOCKED',
      ],
      [{ body: '<html>a blog</html>', headers: { 'content-type': 'text/html' } }, 'UPSTREAM_FAILED'],
      [json({ posts: [] }), 'UPSTREAM_FAILED'],
      // Last: a 429 cools the host down.
      [{ status: 429, headers: { 'retry-after': '3600' } }, 'UPSTREAM_BLOCKED'],
    ];
    for (const [response, code] of cases) {
      t.replay.reset();
      t.replay.add({ host: 'mirasol.substack.com', path: '/api/v1/posts/estuary-light', response: response as never });
      expect((await failure(fetchPost(t.ctx, asked))).code, JSON.stringify(response)).toBe(code);
      expect(t.replay.hits(), JSON.stringify(response)).toHaveLength(1);
    }
  });

  it('the url: validated and lower-cased; substack.com post addresses refused naming why; a private address refused before sending', async () => {
    expect(validateArgs(newsletterPost, { url: 'https://MiraSol.substack.com/p/Estuary-Light?r=1' })).toMatchObject({
      ok: true,
      args: asked,
    });
    const onSubstack = validateArgs(newsletterPost, { url: 'https://substack.com/@mirasol/p/estuary-light' });
    expect(onSubstack.ok ? null : onSubstack.problems).toEqual([{ param: 'url', message: expect.stringMatching(/^names no publication/) }]);
    // A share link is its publication's address: the same arguments, so the same cache key.
    expect(validateArgs(newsletterPost, { url: 'https://open.substack.com/pub/mirasol/p/estuary-light?r=1' })).toMatchObject({
      ok: true,
      args: asked,
    });
    for (const url of ['https://mirasol.substack.com/archive', 'https://10.0.0.5/p/x', 'https://open.substack.com/pub/www/p/x']) {
      const v = validateArgs(newsletterPost, { url });
      expect(v.ok ? null : v.problems, url).toEqual([{ param: 'url', message: expect.stringMatching(/^must be a post URL/) }]);
    }
    const e = await failure(fetchPost(t.ctx, { host: 'intranet.example', slug: 'estuary-light' }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.details).toEqual([{ param: 'url', message: expect.stringMatching(/intranet\.example resolves to/) }]);
    expect(t.replay.hits()).toHaveLength(0);
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`a captured post object as the answer (${skipReason(PLATFORM)})`, () => {
    it('the first post of profile/posts, served as /api/v1/posts/<slug> would: paywalled, its publication, no text', async () => {
      const raw = (JSON.parse(readFixture(PLATFORM, 'profile-posts-user-27968736-2025-07.json')) as { posts: unknown[] }).posts[0];
      t.replay.add({ host: 'karozieminski.substack.com', path: '/api/v1/posts/founders-heres-what-you-need-to-know', response: json(raw) });
      expect(await fetchPost(t.ctx, { host: 'karozieminski.substack.com', slug: 'founders-heres-what-you-need-to-know' })).toMatchObject({
        id: 165787873,
        audience: 'only_paid',
        is_paywalled: true,
        body_html: null,
        publication: { name: 'Product with Attitude' },
      });
    });
  });
});
