/**
 * forumPost: the parser on the real capture (../shared/fixtures/forum/post-comments-2gmzqe-2020-07-07.json,
 * facts from its SOURCES.md) and on threads of our own for what it lacks — "load more" stubs,
 * "continue this thread" stubs, deep and malformed replies (invented ids, in the t1 / `more`
 * shapes Reddit's comment pages serve); the URL rule; the fetch through a fake upstream.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { t3 } from './samples.js';
import { validateArgs } from '../operation.js';
import type { ForumMoreComments, ForumThreadComment } from './post.js';
import { fetchForumPost, forumPost, ForumThread, parseForumPostUrl, parseForumThread } from './post.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'forum';
const THREAD = 'post-comments-2gmzqe-2020-07-07.json';

const listing = (children: unknown[]) => ({ kind: 'Listing', data: { after: null, dist: null, modhash: null, before: null, children } });
/** A t1 in a thread (the fields a comment page carries), invented. */
const t1 = (id: string, parent: string, depth: number, replies: unknown = '', extra: Record<string, unknown> = {}) => ({
  kind: 't1',
  data: {
    subreddit: 'pottery',
    subreddit_id: 't5_2qh4x',
    subreddit_name_prefixed: 'r/pottery',
    subreddit_type: 'public',
    body: `Comment ${id}`,
    body_html: `<div class="md"><p>Comment ${id}</p>\n</div>`,
    author: 'glaze_fan',
    author_fullname: 't2_x1y2z3',
    name: `t1_${id}`,
    id,
    parent_id: parent,
    link_id: 't3_abc123',
    permalink: `/r/pottery/comments/abc123/first_glaze/${id}/`,
    score: 4,
    ups: 4,
    downs: 0,
    controversiality: 0,
    is_submitter: false,
    distinguished: null,
    score_hidden: false,
    gilded: 0,
    total_awards_received: 0,
    created: 1700000100.0,
    created_utc: 1700000100.0,
    edited: false,
    locked: false,
    stickied: false,
    archived: false,
    collapsed: false,
    depth,
    replies,
    ...extra,
  },
});
const more = (count: number, ids: string[], parent: string, depth: number) => ({
  kind: 'more',
  data: { count, name: ids.length ? `t1_${ids[0]}` : 't1__', id: ids[0] ?? '_', parent_id: parent, depth, children: ids },
});
const thread = (comments: unknown[]) => [listing([{ kind: 't3', data: t3('abc123', { subreddit: 'pottery' }) }]), listing(comments)];
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const asComment = (n: ForumThreadComment | ForumMoreComments) => n as ForumThreadComment;

describe.skipIf(!hasFixtures(LABEL))(`forum post-comments capture (${skipReason(LABEL)})`, () => {
  const load = () => captureWarnings(() => parseForumThread(JSON.parse(readFixture(LABEL, THREAD))));

  it('the post: t3_2gmzqe in redditdev by bboe, score 12, 2 comments, created_utc 1410935671; no warnings', () => {
    const { result, warnings } = load();
    expect(warnings).toEqual([]);
    expect(result.post).toMatchObject({
      name: 't3_2gmzqe',
      id: '2gmzqe',
      subreddit: 'redditdev',
      title: '[PRAW] HTTPS enabled PRAW testing needed',
      author: 'bboe',
      score: 12,
      num_comments: 2,
      created_utc: 1410935671,
    });
    expect(result.post.selftext).toMatch(/^PRAW client developers,\n\nI have made a PRAW branch to test using only HTTPS over the API\./);
  });

  it('one top-level comment t1_cklfmye by paneer_burrito (depth 0), its one reply by bboe (depth 1) with no replies', () => {
    const { comments } = load().result;
    expect(comments).toHaveLength(1);
    const top = asComment(comments[0]);
    expect(top).toMatchObject({ name: 't1_cklfmye', author: 'paneer_burrito', score: 1, depth: 0, parent_id: 't3_2gmzqe' });
    expect(top.body).toMatch(/^Quick question: I remember reading about an issue where the proxy settings/);
    expect(top.replies).toHaveLength(1);
    const reply = asComment(top.replies[0]);
    expect(reply).toMatchObject({ author: 'bboe', depth: 1, parent_id: 't1_cklfmye', is_submitter: true, replies: [] });
    expect(reply.body).toMatch(/^Yes it does\. That fix is also in the master branch/);
  });

  it('matches the record schema', () => {
    expect(() => ForumThread.parse(load().result)).not.toThrow();
  });

  it('fetch: /comments/<id>.json; the capture is post 2gmzqe, so asking for another id → UPSTREAM_FAILED', async () => {
    const ctx = fakeContext(() => ({ body: readFixture(LABEL, THREAD), headers: { 'content-type': 'application/json' } }));
    expect((await fetchForumPost(ctx, '2gmzqe')).post.id).toBe('2gmzqe');
    expect(ctx.requests[0].url).toBe('https://www.reddit.com/comments/2gmzqe.json?raw_json=1');
    await expect(fetchForumPost(ctx, '2gmzqf')).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
  });
});

describe('parseForumThread (threads of our own)', () => {
  it('"load more" stubs kept where they stand as {more, ids}; "continue this thread" as {more: 0, ids: []}', () => {
    const body = thread([
      t1('c1', 't3_abc123', 0, listing([t1('c2', 't1_c1', 1), more(7, ['c3', 'c4'], 't1_c1', 1)])),
      t1('c5', 't3_abc123', 0, listing([more(0, [], 't1_c5', 1)])),
      more(31, ['c6', 'c7', 'c8'], 't3_abc123', 0),
    ]);
    const { result, warnings } = captureWarnings(() => parseForumThread(body));
    expect(warnings).toEqual([]);
    expect(result.comments).toHaveLength(3);
    expect(asComment(result.comments[0]).replies).toEqual([
      expect.objectContaining({ name: 't1_c2', replies: [] }),
      { more: 7, ids: ['c3', 'c4'] },
    ]);
    expect(asComment(result.comments[1]).replies).toEqual([{ more: 0, ids: [] }]);
    expect(result.comments[2]).toEqual({ more: 31, ids: ['c6', 'c7', 'c8'] });
    expect(() => ForumThread.parse(result)).not.toThrow();
  });

  it('a comment without id/name, a child of an unknown kind: left out, warned; the others stay', () => {
    const nameless = t1('c9', 't3_abc123', 0);
    delete (nameless.data as Record<string, unknown>).name;
    const body = thread([t1('c1', 't3_abc123', 0), nameless, { kind: 't5', data: { id: 'x' } }]);
    const { result, warnings } = captureWarnings(() => parseForumThread(body));
    expect(result.comments.map((c) => asComment(c).name)).toEqual(['t1_c1']);
    expect(warnings.map((w) => w.field)).toEqual(['thread.comments', 'thread.comments']);
  });

  it('replies of another type: [] with a comment.replies warning; a usual field missing: null plus comment.<field>', () => {
    const body = thread([t1('c1', 't3_abc123', 0, 42, { score: undefined })]);
    const { result, warnings } = captureWarnings(() => parseForumThread(JSON.parse(JSON.stringify(body))));
    const c = asComment(result.comments[0]);
    expect(c.replies).toEqual([]);
    expect(c.score).toBeNull();
    expect(warnings.map((w) => w.field).sort()).toEqual(['comment.replies', 'comment.score']);
  });

  it('a tree deeper than 64 levels is cut there (warned), never a stack overflow', () => {
    let node: unknown = t1('d70', 't1_d69', 70);
    for (let d = 69; d >= 0; d--) node = t1(`d${d}`, d ? `t1_d${d - 1}` : 't3_abc123', d, listing([node]));
    const { result, warnings } = captureWarnings(() => parseForumThread(thread([node])));
    let depth = 0;
    let c = asComment(result.comments[0]);
    while (c.replies.length) {
      c = asComment(c.replies[0]);
      depth++;
    }
    expect(depth).toBe(63);
    expect(warnings.map((w) => w.field)).toEqual(['comment.replies']);
  });

  it('no comments: []', () => {
    expect(parseForumThread(thread([])).comments).toEqual([]);
  });

  it.each([
    ['an object, not the pair', { kind: 'Listing', data: { children: [] } }],
    ['one Listing only', [listing([])]],
    ['no post in the first Listing', [listing([]), listing([])]],
    ['an empty array', []],
  ])('%s → UPSTREAM_FAILED', (_what, body) => {
    expect(errorOf(() => parseForumThread(body)).code).toBe('UPSTREAM_FAILED');
  });

  it.each([
    ['absent', [listing([{ kind: 't3', data: t3('abc123') }])]],
    ['of another shape', [listing([{ kind: 't3', data: t3('abc123') }]), '']],
  ])('the comments Listing %s: the post with comments [], warned thread.comments', (_what, body) => {
    const { result, warnings } = captureWarnings(() => parseForumThread(body));
    expect(result.post.id).toBe('abc123');
    expect(result.comments).toEqual([]);
    expect(warnings.map((w) => w.field)).toEqual(['thread.comments']);
  });

  it('a comment without replies (Reddit always sends "" or a Listing): [] with a comment.replies warning', () => {
    const c = t1('c1', 't3_abc123', 0);
    delete (c.data as Record<string, unknown>).replies;
    const { result, warnings } = captureWarnings(() => parseForumThread(thread([c])));
    expect(asComment(result.comments[0]).replies).toEqual([]);
    expect(warnings.map((w) => w.field)).toEqual(['comment.replies']);
  });
});

describe('forumPost URL and fetch', () => {
  it.each([
    ['https://www.reddit.com/r/redditdev/comments/2gmzqe/praw_https_enabled_praw_testing_needed/', '2gmzqe'],
    ['https://old.reddit.com/r/redditdev/comments/2gmzqe/', '2gmzqe'],
    ['https://www.reddit.com/r/redditdev/comments/2gmzqe/praw_https/cklfmye/?context=3', '2gmzqe'],
    ['https://www.reddit.com/user/spez/comments/1abcdef/hello/', '1abcdef'],
    ['https://reddit.com/comments/2GMZQE', '2gmzqe'],
    ['https://redd.it/2gmzqe', '2gmzqe'],
    ['www.reddit.com/r/redditdev/comments/2gmzqe', '2gmzqe'],
  ])('%s → %s', (url, id) => {
    expect(parseForumPostUrl(url)).toEqual({ id });
    expect(validateArgs(forumPost, { url })).toMatchObject({ ok: true, args: { id }, cacheKey: `forumPost:${id}` });
  });

  it.each([
    'https://www.reddit.com/r/redditdev/s/AbCdEf123',
    'https://www.reddit.com/r/redditdev/',
    'https://www.reddit.com/user/spez/',
    'https://evil.example/r/x/comments/2gmzqe/',
    'https://www.reddit.com.evil.example/r/x/comments/2gmzqe/',
    'https://redd.it/2gmzqe/extra',
    'https://www.reddit.com/r/x/comments/not_an_id!/',
    'https://user:pw@www.reddit.com/r/x/comments/2gmzqe/',
  ])('%s → INVALID_INPUT on url', (url) => {
    expect(parseForumPostUrl(url)).toBeNull();
    const v = validateArgs(forumPost, { url });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.problems.map((p) => p.param)).toEqual(['url']);
  });

  it('a post of our own through the fetch; 404 → NOT_FOUND; private subreddit → PRIVATE_CONTENT', async () => {
    const ok = fakeContext(() => json(thread([t1('c1', 't3_abc123', 0)])));
    const r = await forumPost.run(ok, { id: 'abc123' });
    expect(r.comments).toHaveLength(1);
    const gone = fakeContext(() => ({ status: 404, body: '{"message": "Not Found", "error": 404}' }));
    await expect(fetchForumPost(gone, 'zzz999')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Post zzz999 was not found' });
    const priv = fakeContext(() => ({ status: 403, body: '{"reason": "private", "message": "Forbidden", "error": 403}' }));
    await expect(fetchForumPost(priv, 'abc123')).rejects.toMatchObject({ code: 'PRIVATE_CONTENT' });
  });
});
