/**
 * blog requests through the real upstream client against the replay server: NOT_CONFIGURED
 * without TUMBLR_API_KEY (nothing sent), the key in the query and never in an error, offset paging
 * through our cursor; the capture served in place, the error answers our own (Tumblr's documented
 * `{"meta": {"status", "msg"}}` envelope).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import type { ReplayContext } from '../../../test/support/replay-upstream.js';
import { outcomeOfError } from '../../observability/metrics.js';
import { validateArgs } from '../operation.js';
import { decodePostsCursor, fetchPosts } from './fetch.js';
import { blogPosts } from './operations.js';
import { PLATFORM } from './parse.js';

const HOST = 'api.tumblr.com';
/** The capture without its UTF-8 BOM (SOURCES.md: saved from a .NET editor; the live API sends none). */
const staffCapture = () => readFixture(PLATFORM, 'blog-posts-npf-staff-2020-05.json').replace(/^\uFEFF/, '');
const KEY = 'k3y-of-the-operator';
let t: ReplayContext;
beforeAll(async () => {
  t = await startReplayContext({ config: { tumblrApiKey: KEY } });
});
afterAll(() => t.close());
beforeEach(() => t.replay.reset());

const json = (body: unknown, status = 200) => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const post = (id: string, blog = 'tides') => ({
  id_string: id,
  type: 'blocks',
  blog_name: blog,
  post_url: 'u',
  date: 'd',
  timestamp: 1,
  tags: [],
  content: [],
});

describe('blogPosts', () => {
  it('without TUMBLR_API_KEY → NOT_CONFIGURED (501), nothing sent', async () => {
    const e = await failure(fetchPosts({ ...t.ctx, config: { tumblrApiKey: null } as Config }, { blog: 'staff.tumblr.com', cursor: null }));
    expect(e.code).toBe('NOT_CONFIGURED');
    expect(e.status).toBe(501);
    expect(e.message).toMatch(/TUMBLR_API_KEY/);
    expect(t.replay.hits()).toHaveLength(0);
    // The operator's setting, not the upstream's health: not counted as a fetch outcome.
    expect(outcomeOfError(e)).toBeNull();
  });

  it('sends npf=true and the key; offset paging through our cursor, bound to the blog', async () => {
    t.replay.add({
      host: HOST,
      path: '/v2/blog/tides.tumblr.com/posts',
      response: (req) =>
        req.query.get('offset') === '2'
          ? json({ meta: { status: 200 }, response: { blog: { name: 'tides' }, posts: [post('1')], _links: {} } })
          : json({
              meta: { status: 200 },
              response: { blog: { name: 'tides' }, posts: [post('3'), post('2')], _links: { next: { query_params: { offset: '2' } } } },
            }),
    });
    const first = await fetchPosts(t.ctx, { blog: 'tides.tumblr.com', cursor: null });
    expect(first.posts.map((p) => p.id_string)).toEqual(['3', '2']);
    const c = decodePostsCursor(first.cursor!);
    expect(c).toEqual({ b: 'tides.tumblr.com', o: 2 });
    expect(Buffer.from(first.cursor!, 'base64url').toString()).not.toContain(KEY);
    expect(validateArgs(blogPosts, { blog: 'https://tides.tumblr.com/', cursor: first.cursor }).ok).toBe(true);
    expect(validateArgs(blogPosts, { blog: 'waves', cursor: first.cursor }).ok).toBe(false);
    const second = await fetchPosts(t.ctx, { blog: 'tides.tumblr.com', cursor: c });
    expect(second).toMatchObject({ posts: [{ id_string: '1' }], cursor: null });
    const [hit, next] = t.replay.hits({ host: HOST });
    expect(hit.upstreamUrl).toBe(`https://api.tumblr.com/v2/blog/tides.tumblr.com/posts?npf=true&api_key=${KEY}`);
    expect(next.query.get('offset')).toBe('2');
  });

  it('404 → NOT_FOUND; 401 (key refused) → NOT_CONFIGURED; neither message carries the key', async () => {
    t.replay.add({
      host: HOST,
      path: '/v2/blog/nobody.tumblr.com/posts',
      response: json({ meta: { status: 404, msg: 'Not Found' } }, 404),
    });
    const nf = await failure(fetchPosts(t.ctx, { blog: 'nobody.tumblr.com', cursor: null }));
    expect(nf.code).toBe('NOT_FOUND');
    t.replay.add({
      host: HOST,
      path: '/v2/blog/tides.tumblr.com/posts',
      response: json({ meta: { status: 401, msg: 'Unauthorized' } }, 401),
    });
    const un = await failure(fetchPosts(t.ctx, { blog: 'tides.tumblr.com', cursor: null }));
    expect(un.code).toBe('NOT_CONFIGURED');
    expect(un.message).toMatch(/refused this gateway's TUMBLR_API_KEY \(HTTP 401: Unauthorized\)/);
    for (const e of [nf, un]) expect(e.message).not.toContain(KEY);
  });

  it('posts of another blog than the <name>.tumblr.com asked → UPSTREAM_FAILED; a custom domain is not compared', async () => {
    t.replay.add({
      host: HOST,
      path: '/v2/blog/tides.tumblr.com/posts',
      response: json({ response: { blog: { name: 'tides' }, posts: [post('1', 'waves')] } }),
    });
    expect((await failure(fetchPosts(t.ctx, { blog: 'tides.tumblr.com', cursor: null }))).message).toMatch(/posts of waves/);
    t.replay.add({
      host: HOST,
      path: '/v2/blog/blog.example.com/posts',
      response: json({ response: { blog: { name: 'waves' }, posts: [post('1', 'waves')] } }),
    });
    expect((await fetchPosts(t.ctx, { blog: 'blog.example.com', cursor: null })).posts).toHaveLength(1);
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the staff capture served in place (${skipReason(PLATFORM)})`, () => {
    it('20 posts and a cursor at offset 20', async () => {
      t.replay.add({
        host: HOST,
        path: '/v2/blog/staff.tumblr.com/posts',
        response: { headers: { 'content-type': 'application/json' }, body: staffCapture() },
      });
      const page = await fetchPosts(t.ctx, { blog: 'staff.tumblr.com', cursor: null });
      expect(page.posts).toHaveLength(20);
      expect(decodePostsCursor(page.cursor!)).toEqual({ b: 'staff.tumblr.com', o: 20 });
    });
  });
});
