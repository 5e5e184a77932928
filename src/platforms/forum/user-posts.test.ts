/**
 * forumUserPosts: the parser on the real capture
 * (../shared/fixtures/forum/user-submitted-spez-new-2020-07-06.json, facts from its SOURCES.md)
 * and on listings of our own (src/platforms/forum/samples.ts's invented t3 items); the request and the
 * identity check through a fake upstream.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { t3 } from './samples.js';
import { validateArgs } from '../operation.js';
import { fetchForumUserPosts, ForumPostsPage, forumUserPosts, parsePostsPage, userPostsQuery } from './user-posts.js';

const LABEL = 'forum';
const SUBMITTED = 'user-submitted-spez-new-2020-07-06.json';

const listing = (children: unknown[], after: string | null = null) => ({
  kind: 'Listing',
  data: { after, dist: children.length, modhash: null, before: null, children },
});
const byAuthor = (id: string, author: string) => ({ kind: 't3', data: t3(id, { author }) });
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe.skipIf(!hasFixtures(LABEL))(`forum user-submitted capture (${skipReason(LABEL)})`, () => {
  const load = () => captureWarnings(() => parsePostsPage(JSON.parse(readFixture(LABEL, SUBMITTED))));

  it('100 posts, after t3_f6fp, no warnings; the record schema holds', () => {
    const { result, warnings } = load();
    expect(warnings).toEqual([]);
    expect(result.posts).toHaveLength(100);
    expect(result.after).toBe('t3_f6fp');
    expect(() => ForumPostsPage.parse(result)).not.toThrow();
  });

  it('first t3_hi3oht in r/announcements, "Update to Our Content Policy", score 19644, 41160 comments, created_utc 1593450006', () => {
    expect(load().result.posts[0]).toMatchObject({
      name: 't3_hi3oht',
      subreddit_name_prefixed: 'r/announcements',
      title: 'Update to Our Content Policy',
      score: 19644,
      num_comments: 41160,
      created_utc: 1593450006,
      author: 'spez',
    });
  });

  it('second t3_gxas21 (score 40080); last t3_f6fp "Kiko Sells For $258,100.00" from 2006', () => {
    const { posts } = load().result;
    expect(posts[1].name).toBe('t3_gxas21');
    expect(posts[1].title).toMatch(/^Upcoming changes to our content policy, our board, and where we’re going/);
    expect(posts[1].score).toBe(40080);
    expect(posts[99]).toMatchObject({ name: 't3_f6fp', title: 'Kiko Sells For $258,100.00', created_utc: 1156612726 });
    expect(posts[99].created_at_iso).toBe('2006-08-26T17:18:46.000Z');
  });

  it('every post is by spez: the identity check passes on the real listing', async () => {
    const ctx = fakeContext(() => ({ body: readFixture(LABEL, SUBMITTED), headers: { 'content-type': 'application/json' } }));
    const page = await fetchForumUserPosts(ctx, { handle: 'spez', sort: 'new', after: null });
    expect(page.posts).toHaveLength(100);
  });
});

describe('forumUserPosts', () => {
  it('requests /user/<name>/submitted.json with sort, limit 100 and after; t=all for top and controversial', async () => {
    const ctx = fakeContext(() => json(listing([byAuthor('aa1', 'NightOwlPots')], 't3_aa1')));
    const page = await fetchForumUserPosts(ctx, { handle: 'nightowlpots', sort: 'new', after: 't3_zz9' });
    expect(page).toMatchObject({ after: 't3_aa1', posts: [{ name: 't3_aa1' }] });
    expect(ctx.requests[0].url).toBe('https://www.reddit.com/user/nightowlpots/submitted.json?sort=new&limit=100&after=t3_zz9&raw_json=1');
    expect(userPostsQuery({ sort: 'top', after: null })).toEqual({ sort: 'top', t: 'all', limit: '100' });
    expect(userPostsQuery({ sort: 'controversial', after: null }).t).toBe('all');
    expect(userPostsQuery({ sort: 'hot', after: null }).t).toBeUndefined();
  });

  it('a user without posts: posts [] and after null', async () => {
    const ctx = fakeContext(() => json(listing([])));
    expect(await fetchForumUserPosts(ctx, { handle: 'quiet_one', sort: 'new', after: null })).toEqual({ posts: [], after: null });
  });

  it("a post by someone else in the user's listing → UPSTREAM_FAILED; a [deleted] author is no other user", async () => {
    const other = fakeContext(() => json(listing([byAuthor('aa1', 'nightowlpots'), byAuthor('aa2', 'someone_else')])));
    await expect(fetchForumUserPosts(other, { handle: 'nightowlpots', sort: 'new', after: null })).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining('u/someone_else'),
    });
    const deleted = fakeContext(() => json(listing([byAuthor('aa1', '[deleted]')])));
    expect((await fetchForumUserPosts(deleted, { handle: 'nightowlpots', sort: 'new', after: null })).posts).toHaveLength(1);
  });

  it('a post without id/name is left out, warned; the others stay', () => {
    const { id: _i, name: _n, ...broken } = t3('bb2', { author: 'x' });
    const { result, warnings } = captureWarnings(() => parsePostsPage(listing([byAuthor('bb1', 'x'), { kind: 't3', data: broken }])));
    expect(result.posts.map((p) => p.name)).toEqual(['t3_bb1']);
    expect(warnings.map((w) => w.field)).toEqual(['listing.children']);
  });

  it('404 → NOT_FOUND naming the user', async () => {
    const ctx = fakeContext(() => ({ status: 404, body: '{"message": "Not Found", "error": 404}' }));
    await expect(fetchForumUserPosts(ctx, { handle: 'gone_user', sort: 'new', after: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'User u/gone_user was not found',
    });
  });

  it('parameters: defaults sort new, after null; bad sort, bad after, bad handle → INVALID_INPUT on that parameter', () => {
    expect(validateArgs(forumUserPosts, { handle: 'u/NightOwlPots' })).toMatchObject({
      ok: true,
      args: { handle: 'nightowlpots', sort: 'new', after: null },
    });
    expect(validateArgs(forumUserPosts, { handle: 'x_y_z', sort: 'top', after: 't3_abc' })).toMatchObject({
      ok: true,
      args: { sort: 'top', after: 't3_abc' },
    });
    for (const [args, param] of [
      [{ handle: 'x_y_z', sort: 'best' }, 'sort'],
      [{ handle: 'x_y_z', after: 'a b' }, 'after'],
      [{ handle: 'a' }, 'handle'],
    ] as const) {
      const v = validateArgs(forumUserPosts, args);
      expect(v.ok).toBe(false);
      if (!v.ok) expect(v.problems.map((p) => p.param)).toEqual([param]);
    }
  });
});
