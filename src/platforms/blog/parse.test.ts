/**
 * blog parser on the real capture (../shared/fixtures/blog/, facts from its SOURCES.md; read in
 * place, its UTF-8 BOM stripped as SOURCES.md says) and on answers of our own (said so). There is
 * no capture of `/info` or of `posts?id=`: their envelopes are built here around the capture's own
 * `response.blog` and posts (SOURCES.md: the `/info` blog object has the same fields), and the
 * anonymous answers (no viewer fields) are our own samples (samples.ts).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { errorOf } from '../../../test/support/errors.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { normalizeBlog, normalizePostId, normalizePostUrl, parseInfo, parsePosts, parseSinglePost } from './parse.js';
import { tumblrInfoBody, tumblrPostByIdBody } from './samples.js';
import { BlogInfo, BlogPost, BlogPostsPage } from './schema.js';

const LABEL = 'blog';
const staffCapture = () => readFixture(LABEL, 'blog-posts-npf-staff-2020-05.json').replace(/^\uFEFF/, '');

describe.skipIf(!hasFixtures(LABEL))(`blog capture (${skipReason(LABEL)})`, () => {
  it('made with OAuth: a post’s blog and each trail blog are passed on without the requester’s `followed` (a true one left out)', () => {
    // The capture's are all false; the requester following a blog is what a signed-in answer would say.
    const body = JSON.parse(staffCapture()) as {
      response: { posts: { blog: Record<string, unknown>; trail: { blog?: Record<string, unknown> }[] }[] };
    };
    const withTrail = body.response.posts.find((p) => p.trail[0]?.blog)!;
    withTrail.blog.followed = true;
    withTrail.trail[0].blog!.followed = true;
    const page = parsePosts(body);
    const post = page.posts.find((p) => p.id_string === (withTrail as unknown as { id_string: string }).id_string)!;
    expect(post.blog).not.toHaveProperty('followed');
    expect((post.trail[0] as { blog: Record<string, unknown> }).blog).not.toHaveProperty('followed');
    expect(JSON.stringify(page.posts)).not.toMatch(/"followed":true/);
    expect((post.trail[0] as { blog: Record<string, unknown> }).blog.name).toBe(withTrail.trail[0].blog!.name);
  });

  it('staff: 20 NPF posts, the blog, the next offset; ids as id_string; no viewer state or notes', () => {
    const { result, warnings } = captureWarnings(() => parsePosts(JSON.parse(staffCapture())));
    expect(warnings).toEqual([]);
    expect(result.blogName).toBe('staff');
    expect(result.next).toEqual({ offset: 20 });
    expect(result.posts).toHaveLength(20);
    const [first, second] = result.posts;
    expect(first).toMatchObject({
      id_string: '616950406484049920',
      type: 'blocks',
      date: '2020-05-01 21:49:17 GMT',
      note_count: 53963,
      tags: ['have a nice weekend tumblr', 'T h i s'],
      post_url: 'https://staff.tumblr.com/post/616950406484049920',
      content: [],
      reblogged_root_name: 'weirdmageddon',
    });
    expect(first.trail[0]).toMatchObject({ content: [{ type: 'image' }] });
    expect(first.blog).toMatchObject({
      name: 'staff',
      title: 'Tumblr Staff',
      url: 'https://staff.tumblr.com/',
      uuid: 't:0aY0xL2Fi1OFJg4YxpmegQ',
    });
    expect(second.content[0]).toMatchObject({ type: 'text' });
    expect(String(second.content[0].text)).toMatch(
      /^Are you following\s@postitforward\? It’s our official blog for all things mental health/,
    );
    expect(second.tags.slice(0, 2)).toEqual(['mental health month', 'cw mental health']);
    for (const k of ['id', 'followed', 'liked', 'can_like', 'notes']) expect(first).not.toHaveProperty(k);
    expect(() => BlogPostsPage.parse({ posts: result.posts, cursor: null })).not.toThrow();
  });
});

describe.skipIf(!hasFixtures(LABEL))(`blog capture as /info and posts?id= answers (${skipReason(LABEL)})`, () => {
  const capture = () => JSON.parse(staffCapture()) as { meta: unknown; response: { blog: unknown; posts: unknown[] } };

  it("the capture's response.blog parses into the info record: the SOURCES.md facts, no viewer fields", () => {
    const c = capture();
    const { result, warnings } = captureWarnings(() => parseInfo({ meta: c.meta, response: { blog: c.response.blog } }));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({
      name: 'staff',
      title: 'Tumblr Staff',
      url: 'https://staff.tumblr.com/',
      uuid: 't:0aY0xL2Fi1OFJg4YxpmegQ',
      posts: 2534,
      updated: 1588369757,
      description: '',
      ask: false,
      ask_anon: false,
      share_likes: false,
      is_nsfw: false,
      likes: null,
    });
    expect(result.avatar).toHaveLength(4);
    expect(result.avatar[0]).toEqual({ width: 512, height: 512, url: 'https://66.media.tumblr.com/avatar_4851d73dfa89_512.png' });
    expect(result.theme).toMatchObject({ header_stretch: true, title_font: 'Gibson' });
    for (const k of ['followed', 'subscribed', 'can_subscribe', 'can_send_fan_mail', 'is_blocked_from_primary', 'total_posts'])
      expect(result).not.toHaveProperty(k);
    expect(() => BlogInfo.parse(result)).not.toThrow();
  });

  it('a captured post, answered alone, parses into the post record the list gives it', () => {
    const c = capture();
    const listed = parsePosts(c).posts;
    for (const i of [0, 1]) {
      const { result, warnings } = captureWarnings(() =>
        parseSinglePost({ meta: c.meta, response: { blog: c.response.blog, posts: [c.response.posts[i]] } }),
      );
      expect(warnings).toEqual([]);
      expect(result).toEqual(listed[i]);
      expect(() => BlogPost.parse(result)).not.toThrow();
    }
    const second = parseSinglePost({ response: { posts: [c.response.posts[1]] } })!;
    expect(second).toMatchObject({ id_string: '616933196687458304', blog_name: 'staff', type: 'blocks' });
    expect(second.content[0]).toMatchObject({ type: 'text' });
    expect(String(second.content[0].text)).toMatch(
      /^Are you following\s@postitforward\? It’s our official blog for all things mental health/,
    );
    expect(second.tags.slice(0, 2)).toEqual(['mental health month', 'cw mental health']);
    const first = parseSinglePost({ response: { posts: [c.response.posts[0]] } })!;
    expect(first).toMatchObject({ id_string: '616950406484049920', content: [], reblogged_root_name: 'weirdmageddon', note_count: 53963 });
    for (const k of ['id', 'followed', 'liked', 'can_like', 'notes']) expect(first).not.toHaveProperty(k);
  });
});

describe('blog info and single post, our own answers (samples.ts: anonymous, no viewer fields)', () => {
  const sample = { name: 'tides', title: 'Tide Tables' };

  it('an api_key answer without the viewer fields reads without a warning', () => {
    const info = captureWarnings(() => parseInfo(tumblrInfoBody(sample)));
    expect(info.warnings).toEqual([]);
    expect(info.result).toMatchObject({ name: 'tides', title: 'Tide Tables', posts: 42, ask: true, ask_page_title: 'Ask me anything' });
    const post = captureWarnings(() => parseSinglePost(tumblrPostByIdBody(sample, '616000000000000007')));
    expect(post.warnings).toEqual([]);
    expect(post.result).toMatchObject({ id_string: '616000000000000007', blog_name: 'tides' });
  });

  it('post: state, layout and trail are on every NPF post (api.md): missing, null or [] and warned; a source or reblog fields absent are not', () => {
    const body = tumblrPostByIdBody(sample, '616000000000000007') as { response: { posts: Record<string, unknown>[] } };
    const post = body.response.posts[0];
    expect(post).not.toHaveProperty('source_url');
    expect(post).not.toHaveProperty('reblogged_from_name');
    delete post.state;
    delete post.layout;
    delete post.trail;
    const { result, warnings } = captureWarnings(() => parseSinglePost(body));
    expect(result).toMatchObject({
      id_string: '616000000000000007',
      state: null,
      layout: [],
      trail: [],
      source_url: null,
      reblogged_from_name: null,
    });
    expect(warnings.map((w) => w.field).sort()).toEqual([
      'post_answer.response.posts[0].layout',
      'post_answer.response.posts[0].state',
      'post_answer.response.posts[0].trail',
    ]);
    expect(() => BlogPost.parse(result)).not.toThrow();
  });

  it('info: missing fields degrade one at a time (theme, on every blog in api.md, too); those only some blogs send are null silently', () => {
    const body = tumblrInfoBody(sample) as { response: { blog: Record<string, unknown> } };
    const blog = body.response.blog;
    delete blog.title;
    delete blog.ask_anon;
    delete blog.ask_page_title;
    delete blog.theme;
    blog.posts = 'many';
    blog.avatar = [
      { width: 64, height: 64 },
      { width: 16, height: 16, url: 'https://64.media.tumblr.com/a_16.png' },
    ];
    const { result, warnings } = captureWarnings(() => parseInfo(body));
    expect(result).toMatchObject({ name: 'tides', title: null, posts: null, ask_anon: null, ask_page_title: null, theme: null, ask: true });
    expect(result.avatar).toEqual([{ width: 16, height: 16, url: 'https://64.media.tumblr.com/a_16.png' }]);
    expect(warnings.map((w) => w.field).sort()).toEqual([
      'info_answer.response.blog.avatar',
      'info_answer.response.blog.posts',
      'info_answer.response.blog.theme',
      'info_answer.response.blog.title',
    ]);
    expect(() => BlogInfo.parse(result)).not.toThrow();
  });

  it('info: no response.blog, or a blog without its name, is a changed shape', () => {
    expect(errorOf(() => parseInfo({ meta: { status: 200 }, response: {} })).message).toMatch(/missing info_answer\.response\.blog/);
    expect(errorOf(() => parseInfo({ response: { blog: { title: 'x' } } })).message).toMatch(/missing info_answer\.response\.blog\.name/);
    expect(errorOf(() => parseInfo('<html></html>')).code).toBe('UPSTREAM_FAILED');
  });

  it('post: an empty posts list is none; a post without id_string is a changed shape; a missing field is null', () => {
    expect(parseSinglePost({ response: { posts: [] } })).toBeNull();
    expect(errorOf(() => parseSinglePost({ response: {} })).message).toMatch(/missing post_answer\.response\.posts/);
    const body = tumblrPostByIdBody(sample, '616000000000000007') as { response: { posts: Record<string, unknown>[] } };
    expect(errorOf(() => parseSinglePost({ response: { posts: [{ ...body.response.posts[0], id_string: undefined }] } })).message).toMatch(
      /missing post_answer\.response\.posts\[0\]\.id_string/,
    );
    delete body.response.posts[0].timestamp;
    const { result, warnings } = captureWarnings(() => parseSinglePost(body));
    expect(result!.timestamp).toBeNull();
    expect(warnings.map((w) => w.field)).toEqual(['post_answer.response.posts[0].timestamp']);
  });
});

describe('normalizePostUrl, normalizePostId', () => {
  it.each([
    ['https://staff.tumblr.com/post/616950406484049920', 'staff.tumblr.com'],
    ['https://Staff.tumblr.com/post/616950406484049920/some-slug', 'staff.tumblr.com'],
    ['staff.tumblr.com/post/616950406484049920', 'staff.tumblr.com'],
    ['https://www.tumblr.com/staff/616950406484049920', 'staff.tumblr.com'],
    ['https://tumblr.com/Staff/616950406484049920/some-slug?source=share', 'staff.tumblr.com'],
  ])('%j → %j', (url, blog) => expect(normalizePostUrl(url)).toEqual({ blog, id: '616950406484049920' }));
  it.each([
    'https://staff.tumblr.com/',
    'https://staff.tumblr.com/616950406484049920',
    'https://staff.tumblr.com/post/abc',
    'https://staff.tumblr.com/post/0616950406484049920',
    'https://staff.tumblr.com/post/1/slug/more',
    'https://www.tumblr.com/staff',
    'https://www.tumblr.com/tagged/616950406484049920',
    'https://www.tumblr.com/blog/616950406484049920',
    'https://blog.example.com/post/616950406484049920',
    'https://staff.tumblr.com:8443/post/616950406484049920',
    'ftp://staff.tumblr.com/post/616950406484049920',
  ])('%j → null', (url) => expect(normalizePostUrl(url)).toBeNull());
  it('ids: digits without a leading zero, at most 20', () => {
    expect(normalizePostId(' 616950406484049920 ')).toBe('616950406484049920');
    for (const bad of ['', '0', '012', '1e5', '-1', '123456789012345678901']) expect(normalizePostId(bad)).toBeNull();
  });
});

// Our own answers (no capture shows these).
describe('blog parser, degraded answers (our own)', () => {
  it('an answer without response.posts is a changed shape; a post without id_string is left out, warned', () => {
    expect(() => parsePosts({ meta: { status: 200 }, response: {} })).toThrow(/missing posts_answer\.response\.posts/);
    const post = {
      id_string: '1',
      type: 'blocks',
      blog_name: 'tides',
      post_url: 'u',
      date: 'd',
      timestamp: 1,
      state: 'published',
      tags: [],
      content: [],
      layout: [],
      trail: [],
    };
    const { result, warnings } = captureWarnings(() =>
      parsePosts({
        response: {
          blog: { name: 'tides' },
          posts: [post, { ...post, id_string: undefined, id: 2 }, { ...post, id_string: '3', timestamp: 'x' }],
        },
      }),
    );
    expect(result.posts.map((p) => p.id_string)).toEqual(['1', '3']);
    expect(result.posts[1].timestamp).toBeNull();
    expect(result.next).toBeNull();
    expect(warnings.map((w) => w.field)).toEqual(['posts_answer.response.posts', 'posts_answer.response.posts.timestamp']);
  });
});

describe('blog parser, a legacy-format answer (our own)', () => {
  // Our own answer, written from what a public capture shows of Tumblr's legacy post format (the
  // answer without npf=true, 2019–2020: stoiveyp/Tumblr.NetStandard Tests/Examples/
  // BlogPostResponse_Legacy.json): posts typed `text`, `photo`, `answer`… with `body`, `photos`,
  // `question`, no `content`/`layout`, and no `id_string` — only the number `id`, which JSON readers
  // round above 2^53, and `post_url` `https://<blog>.tumblr.com/post/<id>/<slug>` naming the id exactly.
  const legacy = (o: Record<string, unknown>) => ({
    blog_name: 'ferns',
    blog: { name: 'ferns', title: 'Ferns', url: 'https://ferns.tumblr.com/', uuid: 't:fernsuuid', updated: 1_575_399_234 },
    date: '2019-12-03 18:53:54 GMT',
    timestamp: 1_575_399_234,
    state: 'published',
    format: 'html',
    reblog_key: 'AbCdEf12',
    tags: ['ferns'],
    short_url: 'https://tmblr.co/ZsampleLegacy',
    summary: 'Spores',
    note_count: 4,
    trail: [],
    ...o,
  });
  const body = (posts: unknown[]) =>
    JSON.parse(
      JSON.stringify({
        meta: { status: 200, msg: 'OK' },
        response: { blog: { name: 'ferns', title: 'Ferns' }, posts, total_posts: 2 },
      }).replace(/"id":"(\d+)"/g, '"id":$1'),
    );

  it('posts without id_string: the id from post_url when the number `id` agrees with it; content and layout missing, warned', () => {
    const text = legacy({
      type: 'text',
      id: '616950406484049920',
      post_url: 'https://ferns.tumblr.com/post/616950406484049920/spores',
      slug: 'spores',
      title: 'Spores',
      body: '<p>Spores</p>',
    });
    const photo = legacy({
      type: 'photo',
      id: '189455858864',
      post_url: 'https://ferns.tumblr.com/post/189455858864',
      slug: '',
      caption: '<p>A frond</p>',
      photos: [],
    });
    const { result, warnings } = captureWarnings(() => parsePosts(body([text, photo])));
    expect(result.posts.map((p) => [p.id_string, p.type, p.slug, p.tags])).toEqual([
      ['616950406484049920', 'text', 'spores', ['ferns']],
      ['189455858864', 'photo', '', ['ferns']],
    ]);
    expect(result.posts[0].post_url).toBe('https://ferns.tumblr.com/post/616950406484049920/spores');
    expect(result.posts[0].content).toEqual([]);
    expect(warnings.map((w) => w.field)).toEqual(
      expect.arrayContaining(['posts_answer.response.posts.content', 'posts_answer.response.posts.layout']),
    );
    expect(warnings.map((w) => w.field)).not.toContain('posts_answer.response.posts');
  });

  it('a post_url naming another id than `id` (as far as the number tells), or none, is no id: the post is left out, warned', () => {
    const other = legacy({
      type: 'text',
      id: '616950406484049920',
      post_url: 'https://ferns.tumblr.com/post/616950406484059920/spores',
      body: 'x',
    });
    const none = legacy({ type: 'text', id: '616950406484049920', post_url: 'https://ferns.tumblr.com/', body: 'x' });
    const { result, warnings } = captureWarnings(() => parsePosts(body([other, none])));
    expect(result.posts).toEqual([]);
    expect(warnings.filter((w) => w.field === 'posts_answer.response.posts')).toHaveLength(2);
  });
});

describe('blog parser, the next page (our own answers)', () => {
  const page = (links?: unknown) => ({
    response: { blog: { name: 'tides' }, posts: [], ...(links === undefined ? {} : { _links: links }) },
  });
  const read = (links?: unknown) => {
    const { result, warnings } = captureWarnings(() => parsePosts(page(links)));
    return { nextOffset: result.next && 'offset' in result.next ? result.next.offset : null, warned: warnings.map((w) => w.field) };
  };

  it('the next link gives the offset (a digit string too); no _links, or _links without next, is the end, silently', () => {
    expect(read({ next: { href: '/v2/blog/tides.tumblr.com/posts?offset=20', query_params: { offset: '20' } } })).toEqual({
      nextOffset: 20,
      warned: [],
    });
    expect(read({ next: { query_params: { offset: 40 } } })).toEqual({ nextOffset: 40, warned: [] });
    expect(read()).toEqual({ nextOffset: null, warned: [] });
    expect(read({ previous: { query_params: { offset: '0' } } })).toEqual({ nextOffset: null, warned: [] });
  });

  // Answers since 2022 name the next page by an opaque page_number alone (a 2025 answer in a public
  // repository: `{"limit":"2","tumblelog":"…","page_number":"VGoK…"}`); our own token here.
  it('a next link naming its page by page_number alone: that token, unwarned; an offset beside it wins', () => {
    // As long as a real one (588 characters in a 2025 answer).
    const token = `VGoKJOPN-${'Q2ZsYXNoLTE3MjU1MTQ4MDA/'.repeat(24)}=`;
    const withToken = (params: unknown) => captureWarnings(() => parsePosts(page({ next: { query_params: params } })));
    const only = withToken({ limit: '20', tumblelog: 'tides.tumblr.com', page_number: token });
    expect([only.result.next, only.warnings]).toEqual([{ pageNumber: token }, []]);
    expect(withToken({ offset: '20', page_number: '2' }).result.next).toEqual({ offset: 20 });
    // A token that is not one (spaces, too long) is no next page we can name: warned as before.
    for (const bad of ['two words', 'x'.repeat(2049)]) {
      const w = withToken({ page_number: bad });
      expect([w.result.next, w.warnings.map((x) => x.field)]).toEqual([null, ['posts_answer.response._links.next.query_params.offset']]);
    }
  });

  it('a next link without a readable offset is a changed shape: null and warned, not the end silently', () => {
    const field = 'posts_answer.response._links.next.query_params.offset';
    expect(read({ next: { href: '/v2/blog/tides.tumblr.com/posts' } })).toEqual({ nextOffset: null, warned: [field] });
    expect(read({ next: { query_params: {} } })).toEqual({ nextOffset: null, warned: [field] });
    expect(read({ next: { query_params: 'offset=20' } })).toEqual({ nextOffset: null, warned: [field] });
    expect(read({ next: { query_params: { offset: 'twenty' } } })).toEqual({ nextOffset: null, warned: [field] });
    expect(read({ next: '/v2/blog/tides.tumblr.com/posts?offset=20' })).toEqual({
      nextOffset: null,
      warned: ['posts_answer.response._links.next'],
    });
    expect(read('next')).toEqual({ nextOffset: null, warned: ['posts_answer.response._links'] });
  });
});

describe('normalizeBlog', () => {
  it.each([
    ['staff', 'staff.tumblr.com'],
    ['Staff.tumblr.com', 'staff.tumblr.com'],
    ['https://staff.tumblr.com/', 'staff.tumblr.com'],
    ['https://www.tumblr.com/staff', 'staff.tumblr.com'],
    ['blog.example.com', 'blog.example.com'],
  ])('%j → %j', (i, o) => expect(normalizeBlog(i)).toBe(o));
  it.each(['', 'a b', 'https://staff.tumblr.com/post/1', 'www.tumblr.com', '10.0.0.1', 'https://staff.tumblr.com/?x=1'])('%j → null', (i) =>
    expect(normalizeBlog(i)).toBeNull(),
  );
});
