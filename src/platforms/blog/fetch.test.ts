/**
 * blog requests through the real upstream client against the replay server: NOT_CONFIGURED
 * without TUMBLR_API_KEY (nothing sent), the key in the query and never in an error, offset paging
 * through our cursor; the capture served in place, the error answers our own (Tumblr's documented
 * `{"meta": {"status", "msg"}}` envelope). `/info` and `posts?id=`: no capture of either; their
 * answers are our own samples (samples.ts) or built here around the capture's blog and posts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import type { ReplayContext } from '../../../test/support/replay-upstream.js';
import { outcomeOfError } from '../../observability/metrics.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import { decodePostsCursor, fetchInfo, fetchPost, fetchPosts } from './fetch.js';
import type { PostsCursor } from './fetch.js';
import { blogPost, blogPosts } from './operations.js';
import { PLATFORM } from './parse.js';
import { TUMBLR_NOT_FOUND_BODY, tumblrInfoBody, tumblrPostByIdBody } from './samples.js';

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

  it('sends npf=true, reblog_info=true, notes_info=true and the key; offset paging through our cursor, bound to the blog', async () => {
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
    expect(hit.upstreamUrl).toBe(
      `https://api.tumblr.com/v2/blog/tides.tumblr.com/posts?npf=true&reblog_info=true&notes_info=true&api_key=${KEY}`,
    );
    expect(next.query.get('offset')).toBe('2');
  });

  it('a next link naming its page by page_number alone: the cursor carries that token and the next request sends it (no offset)', async () => {
    // As long as a real one (588 characters in a 2025 answer).
    const token = `VGoKJOPN-${'Q2ZsYXNoLTE3MjU1MTQ4MDA/'.repeat(24)}=`;
    t.replay.add({
      host: HOST,
      path: '/v2/blog/tides.tumblr.com/posts',
      response: (req) =>
        req.query.get('page_number') === token
          ? json({ meta: { status: 200 }, response: { blog: { name: 'tides' }, posts: [post('1')], _links: {} } })
          : json({
              meta: { status: 200 },
              response: {
                blog: { name: 'tides' },
                posts: [post('3'), post('2')],
                _links: { next: { href: `/v2/blog/tides.tumblr.com/posts?page_number=${token}`, query_params: { page_number: token } } },
              },
            }),
    });
    const first = await fetchPosts(t.ctx, { blog: 'tides.tumblr.com', cursor: null });
    const c = decodePostsCursor(first.cursor!);
    expect(c).toEqual({ b: 'tides.tumblr.com', p: token });
    expect(validateArgs(blogPosts, { blog: 'tides', cursor: first.cursor }).ok).toBe(true);
    const second = await fetchPosts(t.ctx, { blog: 'tides.tumblr.com', cursor: c });
    expect(second).toMatchObject({ posts: [{ id_string: '1' }], cursor: null });
    const next = t.replay.hits({ host: HOST })[1];
    expect([next.query.get('page_number'), next.query.get('offset'), next.query.get('npf')]).toEqual([token, null, 'true']);
    // Pages named either way are distinct cache entries.
    const key = (cursor: PostsCursor) => blogPosts.key!({ blog: 'tides.tumblr.com', cursor });
    expect(key(c!)).not.toBe(key({ b: 'tides.tumblr.com', o: 2 }));
  });

  it('a later page whose next link names the page it was asked as (Tumblr looping) is the last page: cursor null, never its own', async () => {
    t.replay.add({
      host: HOST,
      path: '/v2/blog/tides.tumblr.com/posts',
      response: json({
        meta: { status: 200 },
        response: {
          blog: { name: 'tides' },
          posts: [post('1')],
          _links: { next: { href: '/v2/blog/tides.tumblr.com/posts?offset=20', query_params: { offset: '20' } } },
        },
      }),
    });
    const page = await fetchPosts(t.ctx, { blog: 'tides.tumblr.com', cursor: { b: 'tides.tumblr.com', o: 20 } });
    expect(page).toMatchObject({ posts: [{ id_string: '1' }], cursor: null });
  });

  it('a cursor naming both an offset and a page_number, or a token with other characters, is not ours', () => {
    expect(decodePostsCursor(encodeCursor({ b: 'tides.tumblr.com', o: 2, p: 'abc' }))).toBeNull();
    expect(decodePostsCursor(encodeCursor({ b: 'tides.tumblr.com', p: 'two words' }))).toBeNull();
    expect(decodePostsCursor(encodeCursor({ b: 'tides.tumblr.com', p: 'x'.repeat(2049) }))).toBeNull();
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

  it('a blog shown only to logged-in readers (404 with error code 4012, "only viewable within the Tumblr dashboard") → PRIVATE_CONTENT, for posts, info and one post; a plain 404 stays NOT_FOUND', async () => {
    // Our own answer in the shape Tumblr's client libraries document for a dashboard-only blog
    // (tumblr/jumblr's JumblrError example; gallery-dl and ripme read the same 404 + code 4012).
    const dashboardOnly = json(
      {
        meta: { status: 404, msg: 'Not Found' },
        response: [],
        errors: [{ title: 'Not Found', code: 4012, detail: 'This Tumblr is only viewable within the Tumblr dashboard' }],
      },
      404,
    );
    for (const path of ['/v2/blog/hush.tumblr.com/posts', '/v2/blog/hush.tumblr.com/info'])
      t.replay.add({ host: HOST, path, response: dashboardOnly });
    for (const read of [
      fetchPosts(t.ctx, { blog: 'hush.tumblr.com', cursor: null }),
      fetchInfo(t.ctx, { blog: 'hush.tumblr.com' }),
      fetchPost(t.ctx, { blog: 'hush.tumblr.com', id: '123' }),
    ]) {
      const e = await failure(read);
      expect(e.code).toBe('PRIVATE_CONTENT');
      expect(e.message).not.toContain(KEY);
    }
    // The same code at a 200 stating the 404 in `meta` (a JSONP-era or proxied answer) too.
    t.replay.add({ host: HOST, path: '/v2/blog/hush.tumblr.com/posts', response: { ...dashboardOnly, status: 200 } });
    expect((await failure(fetchPosts(t.ctx, { blog: 'hush.tumblr.com', cursor: null }))).code).toBe('PRIVATE_CONTENT');
    // Another error code with the 404 is a missing blog.
    t.replay.add({
      host: HOST,
      path: '/v2/blog/gone.tumblr.com/posts',
      response: json({ meta: { status: 404, msg: 'Not Found' }, response: [], errors: [{ title: 'Not Found', code: 0 }] }, 404),
    });
    expect((await failure(fetchPosts(t.ctx, { blog: 'gone.tumblr.com', cursor: null }))).code).toBe('NOT_FOUND');
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

describe('blogInfo', () => {
  const tides = { name: 'tides', title: 'Tide Tables' };

  it('without TUMBLR_API_KEY → NOT_CONFIGURED, nothing sent', async () => {
    const e = await failure(fetchInfo({ ...t.ctx, config: { tumblrApiKey: null } as Config }, { blog: 'tides.tumblr.com' }));
    expect(e.code).toBe('NOT_CONFIGURED');
    expect(t.replay.hits()).toHaveLength(0);
  });

  it('GET /v2/blog/<blog>/info with the key; the record', async () => {
    t.replay.add({ host: HOST, path: '/v2/blog/tides.tumblr.com/info', response: json(tumblrInfoBody(tides)) });
    const info = await fetchInfo(t.ctx, { blog: 'tides.tumblr.com' });
    expect(info).toMatchObject({ name: 'tides', title: 'Tide Tables', posts: 42 });
    expect(t.replay.hits({ host: HOST })[0].upstreamUrl).toBe(`https://api.tumblr.com/v2/blog/tides.tumblr.com/info?api_key=${KEY}`);
  });

  it('another blog than the <name>.tumblr.com asked → UPSTREAM_FAILED; a custom domain is not compared', async () => {
    t.replay.add({ host: HOST, path: '/v2/blog/tides.tumblr.com/info', response: json(tumblrInfoBody({ ...tides, name: 'waves' })) });
    const e = await failure(fetchInfo(t.ctx, { blog: 'tides.tumblr.com' }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/handle waves, not tides/);
    t.replay.add({ host: HOST, path: '/v2/blog/blog.example.com/info', response: json(tumblrInfoBody({ ...tides, name: 'waves' })) });
    expect((await fetchInfo(t.ctx, { blog: 'blog.example.com' })).name).toBe('waves');
  });

  it('404 → NOT_FOUND; 401 → NOT_CONFIGURED; 429 → UPSTREAM_BLOCKED; HTML at 200 → UPSTREAM_FAILED; a 200 stating an error in `meta.status` → that status; no message carries the key', async () => {
    const answers: [string, ReturnType<typeof json> | { status: number; headers: Record<string, string>; body: string }, string][] = [
      ['nobody', { status: 404, headers: { 'content-type': 'application/json' }, body: TUMBLR_NOT_FOUND_BODY }, 'NOT_FOUND'],
      ['refused', json({ meta: { status: 401, msg: 'Unauthorized' } }, 401), 'NOT_CONFIGURED'],
      ['busy', json({ meta: { status: 429, msg: 'Limit Exceeded' } }, 429), 'UPSTREAM_BLOCKED'],
      ['odd', { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>hello</html>' }, 'UPSTREAM_FAILED'],
      // HTTP 200 with the error stated only in the envelope: read as the envelope's status.
      ['gone', { status: 200, headers: { 'content-type': 'application/json' }, body: TUMBLR_NOT_FOUND_BODY }, 'NOT_FOUND'],
      ['slow', json({ meta: { status: 429, msg: 'Limit Exceeded' }, response: [] }), 'UPSTREAM_BLOCKED'],
      ['broken', json({ meta: { status: 500, msg: 'Server Error' }, response: [] }), 'UPSTREAM_FAILED'],
    ];
    for (const [name, response, code] of answers) {
      t.replay.add({ host: HOST, path: `/v2/blog/${name}.tumblr.com/info`, response });
      const e = await failure(fetchInfo(t.ctx, { blog: `${name}.tumblr.com` }));
      expect(e.code, name).toBe(code);
      expect(e.message).not.toContain(KEY);
    }
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the capture's blog as the /info answer (${skipReason(PLATFORM)})`, () => {
    it('staff', async () => {
      const c = JSON.parse(staffCapture());
      t.replay.add({
        host: HOST,
        path: '/v2/blog/staff.tumblr.com/info',
        response: json({ meta: c.meta, response: { blog: c.response.blog } }),
      });
      expect(await fetchInfo(t.ctx, { blog: 'staff.tumblr.com' })).toMatchObject({
        name: 'staff',
        uuid: 't:0aY0xL2Fi1OFJg4YxpmegQ',
        posts: 2534,
      });
    });
  });
});

describe('blogPost', () => {
  const tides = { name: 'tides', title: 'Tide Tables' };
  const ID = '616000000000000007';

  it('without TUMBLR_API_KEY → NOT_CONFIGURED, nothing sent', async () => {
    const e = await failure(fetchPost({ ...t.ctx, config: { tumblrApiKey: null } as Config }, { blog: 'tides.tumblr.com', id: ID }));
    expect(e.code).toBe('NOT_CONFIGURED');
    expect(t.replay.hits()).toHaveLength(0);
  });

  it('GET posts?id=<id>&npf=true&reblog_info=true&notes_info=true with the key; the one post', async () => {
    t.replay.add({ host: HOST, path: '/v2/blog/tides.tumblr.com/posts', response: json(tumblrPostByIdBody(tides, ID)) });
    expect(await fetchPost(t.ctx, { blog: 'tides.tumblr.com', id: ID })).toMatchObject({ id_string: ID, blog_name: 'tides' });
    expect(t.replay.hits({ host: HOST })[0].upstreamUrl).toBe(
      `https://api.tumblr.com/v2/blog/tides.tumblr.com/posts?id=${ID}&npf=true&reblog_info=true&notes_info=true&api_key=${KEY}`,
    );
  });

  it('another id, or another blog than the <name>.tumblr.com asked → UPSTREAM_FAILED; a custom domain is checked by id only', async () => {
    t.replay.add({ host: HOST, path: '/v2/blog/tides.tumblr.com/posts', response: json(tumblrPostByIdBody(tides, '616000000000000008')) });
    expect((await failure(fetchPost(t.ctx, { blog: 'tides.tumblr.com', id: ID }))).message).toMatch(
      /id 616000000000000008, not 616000000000000007/,
    );
    t.replay.add({
      host: HOST,
      path: '/v2/blog/tides.tumblr.com/posts',
      response: json(tumblrPostByIdBody({ ...tides, name: 'waves' }, ID)),
    });
    expect((await failure(fetchPost(t.ctx, { blog: 'tides.tumblr.com', id: ID }))).message).toMatch(/handle waves, not tides/);
    // blog_name right, the embedded blog another's: refused too.
    const mixed = tumblrPostByIdBody(tides, ID) as { response: { posts: { blog: { name: string } }[] } };
    mixed.response.posts[0].blog.name = 'waves';
    t.replay.add({ host: HOST, path: '/v2/blog/tides.tumblr.com/posts', response: json(mixed) });
    expect((await failure(fetchPost(t.ctx, { blog: 'tides.tumblr.com', id: ID }))).code).toBe('UPSTREAM_FAILED');
    t.replay.add({
      host: HOST,
      path: '/v2/blog/blog.example.com/posts',
      response: json(tumblrPostByIdBody({ ...tides, name: 'waves' }, ID)),
    });
    expect((await fetchPost(t.ctx, { blog: 'blog.example.com', id: ID })).blog_name).toBe('waves');
    t.replay.add({ host: HOST, path: '/v2/blog/blog.example.com/posts', response: json(tumblrPostByIdBody(tides, '616000000000000008')) });
    expect((await failure(fetchPost(t.ctx, { blog: 'blog.example.com', id: ID }))).code).toBe('UPSTREAM_FAILED');
  });

  it('404 (Tumblr: the post is not there) and an empty posts list → NOT_FOUND, the key in no message', async () => {
    t.replay.add({
      host: HOST,
      path: '/v2/blog/tides.tumblr.com/posts',
      response: { status: 404, headers: { 'content-type': 'application/json' }, body: TUMBLR_NOT_FOUND_BODY },
    });
    const nf = await failure(fetchPost(t.ctx, { blog: 'tides.tumblr.com', id: ID }));
    expect(nf.code).toBe('NOT_FOUND');
    expect(nf.message).toBe(`Post ${ID} of blog tides.tumblr.com was not found`);
    t.replay.add({
      host: HOST,
      path: '/v2/blog/tides.tumblr.com/posts',
      response: json({ meta: { status: 200 }, response: { posts: [] } }),
    });
    const empty = await failure(fetchPost(t.ctx, { blog: 'tides.tumblr.com', id: ID }));
    expect(empty.code).toBe('NOT_FOUND');
    for (const e of [nf, empty]) expect(e.message).not.toContain(KEY);
  });

  it('params: url, or blog and id; not both, not half', () => {
    const ok = (args: Record<string, unknown>) => validateArgs(blogPost, args);
    expect(ok({ url: `https://tides.tumblr.com/post/${ID}/slug` })).toMatchObject({ ok: true, args: { blog: 'tides.tumblr.com', id: ID } });
    expect(ok({ blog: 'https://www.tumblr.com/tides', id: ID })).toMatchObject({ ok: true, args: { blog: 'tides.tumblr.com', id: ID } });
    const problems = (args: Record<string, unknown>) => {
      const v = ok(args);
      return v.ok ? [] : v.problems.map((p) => p.param);
    };
    expect(problems({})).toEqual(['url']);
    expect(problems({ url: `https://tides.tumblr.com/post/${ID}`, id: ID })).toEqual(['url']);
    expect(problems({ url: 'https://tides.tumblr.com/' })).toEqual(['url']);
    expect(problems({ blog: 'tides' })).toEqual(['id']);
    expect(problems({ id: ID })).toEqual(['blog']);
    expect(problems({ blog: 'a b', id: '0x1' })).toEqual(['blog', 'id']);
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`a captured post as the posts?id= answer (${skipReason(PLATFORM)})`, () => {
    it('staff 616933196687458304', async () => {
      const c = JSON.parse(staffCapture());
      t.replay.add({
        host: HOST,
        path: '/v2/blog/staff.tumblr.com/posts',
        response: (req) =>
          req.query.get('id') === '616933196687458304'
            ? json({ meta: c.meta, response: { blog: c.response.blog, posts: [c.response.posts[1]], total_posts: 2534 } })
            : json({ meta: { status: 404, msg: 'Not Found' } }, 404),
      });
      const post = await fetchPost(t.ctx, { blog: 'staff.tumblr.com', id: '616933196687458304' });
      expect(post).toMatchObject({ id_string: '616933196687458304', blog_name: 'staff', slug: 'its-mental-health-month-tumblr' });
    });
  });
});
