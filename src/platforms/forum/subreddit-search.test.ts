/**
 * forumSubredditSearch: the parser on the real search capture
 * (../shared/fixtures/forum/search-r-all-praw-oauth-search-2020.json, facts from its SOURCES.md).
 * That Listing is a site-wide search: its 31 posts come from six subreddits, so read as r/redditdev's
 * search it is refused (identity). The facts are asserted on a copy filtered IN THE TEST to the
 * capture's own r/redditdev posts (16 of them, the capture's second result first) — what a search
 * restricted to r/redditdev would hold. Odd answers are our own (samples.ts), through a fake upstream.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { errorOf } from '../../../test/support/errors.js';
import { validateArgs } from '../operation.js';
import { listing, post, t3 } from './samples.js';
import { fetchForumSubredditSearch, forumSubredditSearch, parseSubredditSearch } from './subreddit-search.js';
import type { ForumSubredditSearchArgs } from './subreddit-search.js';
import { ForumPostsPage } from './user-posts.js';

const LABEL = 'forum';
const SEARCH = 'search-r-all-praw-oauth-search-2020.json';

const json = (body: unknown, status = 200): FakeAnswer => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const args = (a: Partial<ForumSubredditSearchArgs> = {}): ForumSubredditSearchArgs => ({
  subreddit: 'pottery',
  query: 'glaze',
  sort: 'relevance',
  timeframe: 'all',
  after: null,
  ...a,
});

describe.skipIf(!hasFixtures(LABEL))(`forum subreddit search capture (${skipReason(LABEL)})`, () => {
  const capture = () => JSON.parse(readFixture(LABEL, SEARCH)) as { data: { children: { data: { subreddit: string } }[] } };

  it('the capture as is (posts of r/learnpython, r/redditdev and four more) for r/redditdev → UPSTREAM_FAILED naming r/learnpython', () => {
    const e = errorOf(() => parseSubredditSearch(capture(), 'redditdev'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('r/learnpython');
  });

  it('filtered here to its r/redditdev posts, read as r/RedditDev: 16 posts, first t3_b6b9uf by jenbanim; after null; no warnings', () => {
    const body = capture();
    body.data.children = body.data.children.filter((c) => c.data.subreddit === 'redditdev');
    const { result, warnings } = captureWarnings(() => parseSubredditSearch(body, 'RedditDev'));
    expect(warnings).toEqual([]);
    expect(result.after).toBeNull();
    expect(result.posts).toHaveLength(16);
    expect(result.posts[0]).toMatchObject({ name: 't3_b6b9uf', subreddit: 'redditdev', author: 'jenbanim' });
    expect(result.posts.every((p) => p.subreddit === 'redditdev' && p.subreddit_name_prefixed === 'r/redditdev')).toBe(true);
    expect(() => ForumPostsPage.parse(result)).not.toThrow();
  });
});

describe('forumSubredditSearch fetch', () => {
  it('asks /r/<name>/search.json with q, restrict_sr=1, sort (comment_count as comments), t, limit 100, after', async () => {
    const ctx = fakeContext(() => json(listing([post('aa1', { subreddit: 'Pottery' })], 't3_aa1')));
    const r = await fetchForumSubredditSearch(
      ctx,
      args({ query: 'celadon glaze', sort: 'comment_count', timeframe: 'week', after: 't3_zz9' }),
    );
    expect(ctx.requests.map((q) => q.url)).toEqual([
      'https://www.reddit.com/r/pottery/search.json?q=celadon+glaze&restrict_sr=1&sort=comments&t=week&limit=100&after=t3_zz9&raw_json=1',
    ]);
    expect(r).toEqual({ posts: [expect.objectContaining({ name: 't3_aa1', subreddit: 'Pottery' })], after: 't3_aa1' });
  });

  it('no match is an empty page', async () => {
    const r = await fetchForumSubredditSearch(
      fakeContext(() => json(listing([]))),
      args(),
    );
    expect(r).toEqual({ posts: [], after: null });
  });

  it("a post of another subreddit (Reddit's site-wide answer) → UPSTREAM_FAILED", async () => {
    const ctx = fakeContext(() => json(listing([post('aa1', { subreddit: 'Pottery' }), post('aa2', { subreddit: 'pics' })])));
    await expect(fetchForumSubredditSearch(ctx, args())).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining('r/pics'),
    });
  });

  it('a usual field missing: null plus its post.<field> warning, the page stands', () => {
    const { score: _drop, ...data } = t3('aa1', { subreddit: 'Pottery' });
    const { result, warnings } = captureWarnings(() => parseSubredditSearch(listing([{ kind: 't3', data }]), 'pottery'));
    expect(result.posts[0]).toMatchObject({ name: 't3_aa1', score: null });
    expect(warnings.map((w) => w.field)).toEqual(['post.score']);
  });

  it('private → PRIVATE_CONTENT, banned → NOT_FOUND, missing (404 or the redirect to the subreddit search) → NOT_FOUND', async () => {
    await expect(
      fetchForumSubredditSearch(
        fakeContext(() => json({ reason: 'private', message: 'Forbidden', error: 403 }, 403)),
        args({ subreddit: 'secretclub' }),
      ),
    ).rejects.toMatchObject({ code: 'PRIVATE_CONTENT' });
    await expect(
      fetchForumSubredditSearch(
        fakeContext(() => json({ reason: 'banned', message: 'Not Found', error: 404 }, 404)),
        args({ subreddit: 'gone' }),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Subreddit r/gone was banned' });
    await expect(
      fetchForumSubredditSearch(
        fakeContext(() => ({ ...json(listing([])), url: 'https://www.reddit.com/subreddits/search.json?q=nosuchsub' })),
        args({ subreddit: 'nosuchsub' }),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('forumSubredditSearch parameters', () => {
  it('defaults: relevance over all time; subreddit normalised as forumSubreddit name; query whitespace folded', () => {
    expect(validateArgs(forumSubredditSearch, { subreddit: 'r/Pottery/', query: '  celadon   glaze ' })).toMatchObject({
      ok: true,
      args: { subreddit: 'pottery', query: 'celadon glaze', sort: 'relevance', timeframe: 'all', after: null },
    });
  });

  it.each<[Record<string, unknown>, string[]]>([
    [{ subreddit: 'r/all', query: 'x' }, ['subreddit']],
    [{ subreddit: 'a+b', query: 'x' }, ['subreddit']],
    [{ query: 'x' }, ['subreddit']],
    [{ subreddit: 'pottery' }, ['query']],
    [{ subreddit: 'pottery', query: 'x', sort: 'hot' }, ['sort']],
    [{ subreddit: 'pottery', query: 'x', timeframe: 'hour' }, ['timeframe']],
    [{ subreddit: 'pottery', query: 'x', after: 't3_a&sort=new' }, ['after']],
  ])('%o → INVALID_INPUT on %o', (input, params) => {
    const v = validateArgs(forumSubredditSearch, input);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.problems.map((p) => p.param)).toEqual(params);
  });
});
