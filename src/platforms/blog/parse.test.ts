/**
 * blog parser on the real capture (../shared/fixtures/blog/, facts from its SOURCES.md; read in
 * place, its UTF-8 BOM stripped as SOURCES.md says) and on answers of our own (said so).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { normalizeBlog, parsePosts } from './parse.js';
import { BlogPostsPage } from './schema.js';

const LABEL = 'blog';
const staffCapture = () => readFixture(LABEL, 'blog-posts-npf-staff-2020-05.json').replace(/^\uFEFF/, '');

describe.skipIf(!hasFixtures(LABEL))(`blog capture (${skipReason(LABEL)})`, () => {
  it('staff: 20 NPF posts, the blog, the next offset; ids as id_string; no viewer state or notes', () => {
    const { result, warnings } = captureWarnings(() => parsePosts(JSON.parse(staffCapture())));
    expect(warnings).toEqual([]);
    expect(result.blogName).toBe('staff');
    expect(result.nextOffset).toBe(20);
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

// Our own answers (no capture shows these).
describe('blog parser, degraded answers (our own)', () => {
  it('an answer without response.posts is a changed shape; a post without id_string is left out, warned', () => {
    expect(() => parsePosts({ meta: { status: 200 }, response: {} })).toThrow(/missing posts_answer\.response\.posts/);
    const post = { id_string: '1', type: 'blocks', blog_name: 'tides', post_url: 'u', date: 'd', timestamp: 1, tags: [], content: [] };
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
    expect(result.nextOffset).toBeNull();
    expect(warnings.map((w) => w.field)).toEqual(['posts_answer.response.posts', 'posts_answer.response.posts.timestamp']);
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
