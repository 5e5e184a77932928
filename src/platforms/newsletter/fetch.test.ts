/**
 * newsletter requests through the real upstream client against the replay server: what is sent,
 * paging with our cursor, and how answers are classified. The posts capture is served in place;
 * the other answers are our own (said per test). One post: its host is the caller's, through the
 * SSRF guard (an injected resolver makes the client resolve names in replay mode); no capture of
 * `/api/v1/posts/<slug>` exists, so its answers are samples.ts's, written from the captured post
 * objects, and the captured first post served as such an answer. The publication search: no
 * capture; the envelope is samples.ts's, its results the profile capture's publication objects
 * (read in place) or samples.ts's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import type { ReplayContext } from '../../../test/support/replay-upstream.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import { decodePostsCursor, decodeSearchCursor, fetchPost, fetchPostComments, fetchPosts, fetchProfile, fetchSearch } from './fetch.js';
import { newsletterPost, newsletterPostComments, newsletterPosts, newsletterSearch } from './operations.js';
import { PLATFORM } from './parse.js';
import { samplePublication, substackCommentsBody, substackPostBody, substackSearchBody } from './samples.js';

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

// Our own answers in the shapes public clients report for a renamed Substack handle: the API
// answers the old handle 404, its profile page https://substack.com/@<old> redirects to /@<new>
// (NHagar/substack_api's resolve_handle_redirect), the API answers the new one.
/** A writer's posts in two pages: 3 and 2, then (Substack's cursor `abc`) 1. */
function twoPagesOfPosts() {
  t.replay.add({
    host: HOST,
    path: '/api/v1/profile/posts',
    response: (req) =>
      req.query.get('cursor') === 'abc'
        ? json({ posts: [post(1)], nextCursor: null })
        : json({ posts: [post(3), post(2)], nextCursor: 'abc' }),
  });
}

describe('a renamed handle', () => {
  const renamed = () => {
    t.replay.add({ host: HOST, path: '/api/v1/user/oldtides/public_profile', response: json({ error: 'Not found' }, 404) });
    t.replay.add({ host: HOST, path: '/@oldtides', response: { status: 301, headers: { location: 'https://substack.com/@tides' } } });
    t.replay.add({ host: HOST, path: '/@tides', response: { body: '<!DOCTYPE html><html><body>Tides</body></html>' } });
    t.replay.add({ host: HOST, path: '/api/v1/user/tides/public_profile', response: json(profile()) });
  };

  it("the profile: the 404's handle is looked up on its profile page, and Substack's redirect to another handle is followed", async () => {
    renamed();
    expect(await fetchProfile(t.ctx, { handle: 'oldtides' })).toMatchObject({ id: 42, handle: 'tides' });
    expect(t.replay.hits({ host: HOST, path: '/@oldtides' })).toHaveLength(1);
  });

  it('no redirect, a redirect elsewhere, or a profile page of 404: the 404 stands (NOT_FOUND)', async () => {
    t.replay.add({ host: HOST, path: '/api/v1/user/nobody/public_profile', response: json({ error: 'Not found' }, 404) });
    t.replay.add({ host: HOST, path: '/@nobody', response: { status: 404, body: '<html>Not found</html>' } });
    expect((await failure(fetchProfile(t.ctx, { handle: 'nobody' }))).code).toBe('NOT_FOUND');
    t.replay.add({ host: HOST, path: '/@nobody', response: { status: 302, headers: { location: 'https://substack.com/' } } });
    t.replay.add({ host: HOST, path: '/', response: { body: '<html>home</html>' } });
    expect((await failure(fetchProfile(t.ctx, { handle: 'nobody' }))).code).toBe('NOT_FOUND');
  });

  it('a profile page that cannot be read is its typed error, not NOT_FOUND: whether the account lives on under another name is not known', async () => {
    t.replay.add({ host: HOST, path: '/api/v1/user/nobody/public_profile', response: json({ error: 'Not found' }, 404) });
    t.replay.add({ host: HOST, path: '/@nobody', response: { status: 500, body: '<html>down</html>' } });
    expect((await failure(fetchProfile(t.ctx, { handle: 'nobody' }))).code).toBe('UPSTREAM_FAILED');
    t.replay.add({ host: HOST, path: '/@nobody', response: { status: 403, body: '<html>no</html>' } });
    expect((await failure(fetchProfile(t.ctx, { handle: 'nobody' }))).code).toBe('UPSTREAM_BLOCKED');
  });

  it("the posts: the first page under the current handle, and a later page's bylines stating it (Substack's redirect re-read)", async () => {
    renamed();
    twoPagesOfPosts();
    const first = await fetchPosts(t.ctx, { handle: 'oldtides', cursor: null });
    expect(first.posts.map((p) => p.id)).toEqual([3, 2]);
    const cursor = decodePostsCursor(first.cursor!)!;
    expect(cursor).toMatchObject({ h: 'oldtides', u: 42 });
    expect((await fetchPosts(t.ctx, { handle: 'oldtides', cursor })).posts.map((p) => p.id)).toEqual([1]);
    // A forged cursor (the renamed handle, another writer's id): that writer's bylines name neither handle.
    t.replay.add({ host: HOST, path: '/api/v1/profile/posts', response: json({ posts: [post(9, 77, 'stranger')], nextCursor: null }) });
    expect((await failure(fetchPosts(t.ctx, { handle: 'oldtides', cursor: { h: 'oldtides', u: 77, c: 'x' } }))).code).toBe(
      'UPSTREAM_FAILED',
    );
  });
});

describe('newsletterPosts', () => {
  it('first page via the profile id; nextCursor wrapped in ours; the next page sends it back', async () => {
    t.replay.add({ host: HOST, path: '/api/v1/user/tides/public_profile', response: json(profile()) });
    twoPagesOfPosts();
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

  it('a later page whose nextCursor is the one it was asked with (Substack looping) is the last page: cursor null, never its own', async () => {
    t.replay.add({ host: HOST, path: '/api/v1/profile/posts', response: json({ posts: [post(1)], nextCursor: 'abc' }) });
    const page = await fetchPosts(t.ctx, { handle: 'tides', cursor: { h: 'tides', u: 42, c: 'abc' } });
    expect(page).toMatchObject({ posts: [{ id: 1 }], cursor: null });
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
    expect(e.details).toEqual([{ param: 'url', message: 'URL refused: host intranet.example does not resolve to a public address' }]);
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

describe('newsletterPostComments (the post: samples.ts or the captured post object; comments: samples.ts, written)', () => {
  const ID = 170_000_101;
  const post = (over: Partial<Parameters<typeof substackPostBody>[0]> = {}) =>
    substackPostBody({ slug: 'estuary-light', publication: { subdomain: 'mirasol' }, id: ID, ...over });
  const asked = { host: 'mirasol.substack.com', slug: 'estuary-light', sort: 'best_first' as const };
  const POST_PATH = '/api/v1/posts/estuary-light';
  const COMMENTS_PATH = `/api/v1/post/${ID}/comments`;
  const tree = substackCommentsBody(ID, [{ id: 11, children: [{ id: 12 }] }, { id: 21 }]);

  it('the post, then its comments by its id on the same host with all_comments and the order; the tree as the record; no login', async () => {
    t.replay.add({ host: 'mirasol.substack.com', path: POST_PATH, response: json(post()) });
    t.replay.add({ host: 'mirasol.substack.com', path: COMMENTS_PATH, response: json(tree) });
    const r = await fetchPostComments(t.ctx, { ...asked, sort: 'newest_first' });
    expect(r).toMatchObject({
      post: {
        id: ID,
        slug: 'estuary-light',
        title: 'Estuary light',
        canonical_url: 'https://mirasol.substack.com/p/estuary-light',
        write_comment_permissions: 'everyone',
      },
      comments_off: false,
      more: false,
    });
    expect(r.comments.map((c) => [c.id, c.children.map((x) => x.id)])).toEqual([
      [11, [12]],
      [21, []],
    ]);
    expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual([
      'https://mirasol.substack.com/api/v1/posts/estuary-light',
      `https://mirasol.substack.com/api/v1/post/${ID}/comments?all_comments=true&sort=newest_first`,
    ]);
    for (const h of t.replay.hits()) expect(h.headers.cookie).toBeUndefined();
  });

  it('a subdomain redirected to its custom domain: the comments are asked there (one redirect, not two)', async () => {
    const custom = post({ publication: { subdomain: 'mirasol', customDomain: 'notes.mirasol.example' } });
    t.replay.add({
      host: 'mirasol.substack.com',
      path: POST_PATH,
      response: { status: 301, headers: { location: 'https://notes.mirasol.example/api/v1/posts/estuary-light' } },
    });
    t.replay.add({ host: 'notes.mirasol.example', path: POST_PATH, response: json(custom) });
    t.replay.add({ host: 'notes.mirasol.example', path: COMMENTS_PATH, response: json(tree) });
    expect((await fetchPostComments(t.ctx, asked)).comments).toHaveLength(2);
    expect(t.replay.hits({ host: 'mirasol.substack.com' })).toHaveLength(1);
    expect(t.replay.hits({ host: 'notes.mirasol.example' }).map((h) => h.path)).toEqual([POST_PATH, COMMENTS_PATH]);
  });

  it('comments turned off (`write_comment_permissions` none): the flag, and the list as Substack sends it (empty)', async () => {
    t.replay.add({ host: 'mirasol.substack.com', path: POST_PATH, response: json({ ...post(), write_comment_permissions: 'none' }) });
    t.replay.add({ host: 'mirasol.substack.com', path: COMMENTS_PATH, response: json(substackCommentsBody(ID, [])) });
    expect(await fetchPostComments(t.ctx, asked)).toMatchObject({
      comments: [],
      comments_off: true,
      post: { write_comment_permissions: 'none' },
    });
    // A post that does not say: null, not false.
    const { write_comment_permissions: _w, ...silent } = post();
    t.replay.add({ host: 'mirasol.substack.com', path: POST_PATH, response: json(silent) });
    expect(await fetchPostComments(t.ctx, asked)).toMatchObject({ comments_off: null, post: { write_comment_permissions: null } });
  });

  it("a discussion for paid subscribers (`comments_restricted`, or a 401/403 in Substack's JSON) → PRIVATE_CONTENT; a Cloudflare challenge, an HTML or empty refusal stays UPSTREAM_BLOCKED", async () => {
    const cases: [unknown, string][] = [
      [json({ comments: [], comments_restricted: true }), 'PRIVATE_CONTENT'],
      [json({ error: 'Not authorized' }, 401), 'PRIVATE_CONTENT'],
      [json({ error: 'Only paid subscribers can see comments' }, 403), 'PRIVATE_CONTENT'],
      // Our own answers: a custom domain's web server refusing this client (nginx's default 403
      // page), a WAF's page the catalogue does not know, an empty 403, Cloudflare's problem JSON
      // with a code that is no block — none is Substack saying the discussion is for paid readers.
      [
        {
          status: 403,
          headers: { 'content-type': 'text/html' },
          body: '<html>\r\n<head><title>403 Forbidden</title></head>\r\n<body>\r\n<center><h1>403 Forbidden</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
        },
        'UPSTREAM_BLOCKED',
      ],
      [
        {
          status: 403,
          headers: { 'content-type': 'text/html; charset=utf-8' },
          body: '<!doctype html><html lang="de"><head><title>Zugriff verweigert</title></head><body><main><h1>Zugriff verweigert</h1><p>Ihre Anfrage wurde blockiert. Vorfall 7f3a-19c2.</p></main></body></html>',
        },
        'UPSTREAM_BLOCKED',
      ],
      [{ status: 401, headers: {}, body: '' }, 'UPSTREAM_BLOCKED'],
      [
        json(
          {
            type: 'https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-1xxx-errors/error-1016/',
            title: 'Error 1016',
            status: 403,
            cloudflare_error: true,
            error_code: 1016,
          },
          403,
        ),
        'UPSTREAM_BLOCKED',
      ],
      [
        {
          status: 403,
          headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' },
          body: '<html><title>Just a moment...</title></html>',
        },
        'UPSTREAM_BLOCKED',
      ],
    ];
    for (const [response, code] of cases) {
      t.replay.reset();
      t.replay.add({ host: 'mirasol.substack.com', path: POST_PATH, response: json(post({ audience: 'only_paid' })) });
      t.replay.add({ host: 'mirasol.substack.com', path: COMMENTS_PATH, response: response as never });
      const e = await failure(fetchPostComments(t.ctx, asked));
      expect(e.code, JSON.stringify(response)).toBe(code);
      // Never worked around: the comments asked once, without a login.
      expect(t.replay.hits({ path: COMMENTS_PATH })).toHaveLength(1);
      expect(t.replay.hits({ path: COMMENTS_PATH })[0].headers.cookie).toBeUndefined();
    }
  });

  it('a comment (a reply too) of another post → UPSTREAM_FAILED; another post’s answer first → UPSTREAM_FAILED, comments never asked', async () => {
    t.replay.add({ host: 'mirasol.substack.com', path: POST_PATH, response: json(post()) });
    t.replay.add({
      host: 'mirasol.substack.com',
      path: COMMENTS_PATH,
      response: json(substackCommentsBody(ID, [{ id: 11, children: [{ id: 12, postId: 9 }] }])),
    });
    const e = await failure(fetchPostComments(t.ctx, asked));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/comment 12 of another post/);
    t.replay.reset();
    t.replay.add({ host: 'mirasol.substack.com', path: POST_PATH, response: json(post({ slug: 'estuary-dark' })) });
    expect((await failure(fetchPostComments(t.ctx, asked))).message).toMatch(/post estuary-dark, not estuary-light/);
    expect(t.replay.hits({ path: COMMENTS_PATH })).toHaveLength(0);
  });

  it('the comments request: 404 → NOT_FOUND, an HTML page or another JSON → UPSTREAM_FAILED, 429 → UPSTREAM_BLOCKED', async () => {
    const cases: [unknown, string][] = [
      [json({ error: 'Not found' }, 404), 'NOT_FOUND'],
      [{ body: '<html>a blog</html>', headers: { 'content-type': 'text/html' } }, 'UPSTREAM_FAILED'],
      [json({ posts: [] }), 'UPSTREAM_FAILED'],
      [json({ comments: 'none' }), 'UPSTREAM_FAILED'],
      [{ status: 429, headers: { 'retry-after': '3600' } }, 'UPSTREAM_BLOCKED'],
    ];
    for (const [response, code] of cases) {
      t.replay.reset();
      t.replay.add({ host: 'mirasol.substack.com', path: POST_PATH, response: json(post()) });
      t.replay.add({ host: 'mirasol.substack.com', path: COMMENTS_PATH, response: response as never });
      expect((await failure(fetchPostComments(t.ctx, asked))).code, JSON.stringify(response)).toBe(code);
    }
  });

  it('the url as the post takes it, sort best_first by default; another sort, or a post address on substack.com, → INVALID_INPUT', () => {
    expect(validateArgs(newsletterPostComments, { url: 'https://open.substack.com/pub/MiraSol/p/Estuary-Light?r=1' })).toMatchObject({
      ok: true,
      args: { host: 'mirasol.substack.com', slug: 'estuary-light', sort: 'best_first' },
    });
    expect(validateArgs(newsletterPostComments, { url: 'mirasol.substack.com/p/estuary-light', sort: 'newest_first' })).toMatchObject({
      ok: true,
      args: { sort: 'newest_first' },
    });
    const badSort = validateArgs(newsletterPostComments, { url: 'mirasol.substack.com/p/estuary-light', sort: 'oldest_first' });
    expect(badSort.ok ? null : badSort.problems.map((p) => p.param)).toEqual(['sort']);
    const onSubstack = validateArgs(newsletterPostComments, { url: 'https://substack.com/@mirasol/p/estuary-light' });
    expect(onSubstack.ok ? null : onSubstack.problems).toEqual([{ param: 'url', message: expect.stringMatching(/^names no publication/) }]);
    const missing = validateArgs(newsletterPostComments, {});
    expect(missing.ok ? null : missing.problems.map((p) => p.param)).toEqual(['url']);
  });

  it('a private address is refused before anything is sent (400 on url)', async () => {
    const e = await failure(fetchPostComments(t.ctx, { ...asked, host: 'intranet.example' }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(t.replay.hits()).toHaveLength(0);
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the captured post object as the post's answer (${skipReason(PLATFORM)})`, () => {
    it('the first post of profile/posts (id 165787873, comments for paid subscribers): its comments asked by that id', async () => {
      const raw = (JSON.parse(readFixture(PLATFORM, 'profile-posts-user-27968736-2025-07.json')) as { posts: unknown[] }).posts[0];
      const host = 'karozieminski.substack.com';
      t.replay.add({ host, path: '/api/v1/posts/founders-heres-what-you-need-to-know', response: json(raw) });
      t.replay.add({ host, path: '/api/v1/post/165787873/comments', response: json(substackCommentsBody(165787873, [{ id: 5 }])) });
      const r = await fetchPostComments(t.ctx, { host, slug: 'founders-heres-what-you-need-to-know', sort: 'best_first' });
      expect(r).toMatchObject({
        post: {
          id: 165787873,
          slug: 'founders-heres-what-you-need-to-know',
          title: "Founders, Here's What You Need to Know About Releases in 2025. Plus the 267% Acceleration Trend.",
          canonical_url: 'https://karozieminski.substack.com/p/founders-heres-what-you-need-to-know',
          write_comment_permissions: 'only_paid',
        },
        comments_off: false,
      });
      expect(r.comments.map((c) => c.id)).toEqual([5]);
    });
  });
});

describe('newsletterSearch (envelope: samples.ts; results: the profile capture’s publications or samples.ts’s)', () => {
  const PATH = '/api/v1/publication/search';
  it('page 0 first with query and limit; `more` → our cursor with page 1, which the next call sends; the end → null', async () => {
    t.replay.add({
      host: HOST,
      path: PATH,
      response: (req) =>
        req.query.get('page') === '1'
          ? json(substackSearchBody([samplePublication(3)], false))
          : json(substackSearchBody([samplePublication(1), samplePublication(2)], true)),
    });
    const first = await fetchSearch(t.ctx, { query: 'estuary letters', cursor: null });
    expect(first.publications.map((p) => p.id)).toEqual([1, 2]);
    expect(decodeSearchCursor(first.cursor!)).toEqual({ q: 'estuary letters', p: 1 });
    const second = await fetchSearch(t.ctx, { query: 'estuary letters', cursor: decodeSearchCursor(first.cursor!) });
    expect(second).toMatchObject({ publications: [{ id: 3 }], cursor: null });
    expect(t.replay.hits().map((h) => h.upstreamUrl)).toEqual([
      'https://substack.com/api/v1/publication/search?query=estuary+letters&page=0&limit=20',
      'https://substack.com/api/v1/publication/search?query=estuary+letters&page=1&limit=20',
    ]);
  });
  it('`more` true on an empty page, or `more` absent: no cursor (nothing to page on)', async () => {
    t.replay.add({ host: HOST, path: PATH, response: json(substackSearchBody([], true)) });
    expect(await fetchSearch(t.ctx, { query: 'zzz', cursor: null })).toEqual({ publications: [], cursor: null });
    t.replay.reset();
    t.replay.add({ host: HOST, path: PATH, response: json(substackSearchBody([samplePublication(1)], 'absent')) });
    expect((await fetchSearch(t.ctx, { query: 'zzz', cursor: null })).cursor).toBeNull();
  });
  it('404 → NOT_FOUND; a Cloudflare challenge and 429 → UPSTREAM_BLOCKED; HTML or another JSON → UPSTREAM_FAILED', async () => {
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
      [{ body: '<html>search</html>', headers: { 'content-type': 'text/html' } }, 'UPSTREAM_FAILED'],
      [json({ publications: [] }), 'UPSTREAM_FAILED'],
      [{ status: 429, headers: { 'retry-after': '3600' } }, 'UPSTREAM_BLOCKED'],
    ];
    for (const [response, code] of cases) {
      t.replay.reset();
      t.replay.add({ host: HOST, path: PATH, response: response as never });
      expect((await failure(fetchSearch(t.ctx, { query: 'tides', cursor: null }))).code, JSON.stringify(response)).toBe(code);
    }
  });
  it('the query: required, at most 200 characters; spellings differing in case and spacing are one query; a cursor of another query or not ours → INVALID_INPUT', () => {
    const ok = validateArgs(newsletterSearch, { query: '  Estuary   Letters ' });
    expect(ok.ok && newsletterSearch.normalize(ok.args)).toEqual({ query: 'estuary letters', cursor: null });
    for (const query of [undefined, '', '   ', 'x'.repeat(201)])
      expect(validateArgs(newsletterSearch, { query }).ok, JSON.stringify(query)).toBe(false);
    expect(validateArgs(newsletterSearch, { query: 'x'.repeat(200) }).ok).toBe(true);
    const cursor = encodeCursor({ q: 'estuary letters', p: 1 });
    expect(validateArgs(newsletterSearch, { query: 'Estuary letters', cursor }).ok).toBe(true);
    for (const bad of [
      encodeCursor({ q: 'tides', p: 1 }),
      encodeCursor({ q: 'estuary letters', p: 0 }),
      encodeCursor({ q: 'estuary letters', p: 1.5 }),
      'not-ours!',
    ])
      expect(validateArgs(newsletterSearch, { query: 'estuary letters', cursor: bad }).ok, bad).toBe(false);
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the profile capture’s publications as results (${skipReason(PLATFORM)})`, () => {
    it('its primary and subscribed publications in the envelope: the records, 2817779 slys.dev first', async () => {
      const profile = JSON.parse(readFixture(PLATFORM, 'user-public-profile-jakubslys-2025-07.json')) as Record<string, any>;
      const results = [profile.primaryPublication, ...profile.subscriptions.map((s: { publication: unknown }) => s.publication)];
      t.replay.add({ host: HOST, path: PATH, response: json(substackSearchBody(results, false)) });
      const page = await fetchSearch(t.ctx, { query: 'slys', cursor: null });
      expect(page.publications).toHaveLength(28);
      expect(page.publications[0]).toMatchObject({ id: 2817779, name: 'slys.dev', subdomain: 'slys', custom_domain: 'iam.slys.dev' });
      expect(page.publications[1]).toMatchObject({ name: 'Artificial Intelligence Made Simple' });
      expect(page.cursor).toBeNull();
    });
  });
});
