/**
 * forumUserComments: the parser on the real capture (../shared/fixtures/forum/user-comments-spez-2020.json,
 * facts from its SOURCES.md) and on listings of our own (src/platforms/forum/samples.ts's invented
 * t1 items); the request, the identity check and the refusals through a fake upstream.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { validateArgs } from '../operation.js';
import { comment, listing, post, t1, TOO_MANY_REQUESTS_JSON, WHOA_THERE_HTML } from './samples.js';
import { COMMENT_FIELDS } from './schema.js';
import { fetchForumUserComments, ForumCommentsPage, forumUserComments, parseCommentsPage } from './user-comments.js';
import type { ForumUserCommentsArgs } from './user-comments.js';

const LABEL = 'forum';
const COMMENTS = 'user-comments-spez-2020.json';

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const byAuthor = (id: string, author: string) => comment(id, { author });
const args = (handle: string, extra: Partial<ForumUserCommentsArgs> = {}): ForumUserCommentsArgs => ({
  handle,
  sort: 'new',
  after: null,
  ...extra,
});

describe.skipIf(!hasFixtures(LABEL))(`forum user-comments capture (${skipReason(LABEL)})`, () => {
  const raw = () => JSON.parse(readFixture(LABEL, COMMENTS));
  const load = () => captureWarnings(() => parseCommentsPage(raw()));

  it('dist 100: 100 comments, after t1_egegczl, no warnings; the record schema holds', () => {
    expect(raw().data.dist).toBe(100);
    const { result, warnings } = load();
    expect(warnings).toEqual([]);
    expect(result.comments).toHaveLength(100);
    expect(result.after).toBe('t1_egegczl');
    expect(result.comments[99].name).toBe('t1_egegczl');
    expect(() => ForumCommentsPage.parse(result)).not.toThrow();
  });

  it('first comment: t1_fwe9te8 by spez, score -5282, created_utc 1593457651, on t3_hi3oht "Update to Our Content Policy" in r/announcements', () => {
    const c = load().result.comments[0];
    expect(c).toMatchObject({
      name: 't1_fwe9te8',
      id: 'fwe9te8',
      author: 'spez',
      score: -5282,
      created_utc: 1593457651,
      link_id: 't3_hi3oht',
      link_title: 'Update to Our Content Policy',
      subreddit_name_prefixed: 'r/announcements',
      permalink: '/r/announcements/comments/hi3oht/update_to_our_content_policy/fwe9te8/',
    });
    expect(c.body).toMatch(
      /^To be clear, promoting violence towards anyone would be a violation of both this rule and our \[violence policy\]\(/,
    );
    expect(c.created_at_iso).toBe('2020-06-29T19:07:31.000Z');
  });

  it('every comment carries every documented t1 field', () => {
    for (const c of load().result.comments) for (const k of [...Object.keys(COMMENT_FIELDS), 'created_at_iso']) expect(c).toHaveProperty(k);
  });

  it('every comment is by spez: the identity check passes on the real listing (asked as u/Spez)', async () => {
    const ctx = fakeContext(() => ({ body: readFixture(LABEL, COMMENTS), headers: { 'content-type': 'application/json' } }));
    const page = await fetchForumUserComments(ctx, args('spez'));
    expect(page.comments).toHaveLength(100);
    expect(page.after).toBe('t1_egegczl');
  });
});

describe('forumUserComments', () => {
  it('requests /user/<name>/comments.json with sort, limit 100, after and raw_json=1; t=all for top and controversial only', async () => {
    const ctx = fakeContext(() => json(listing([byAuthor('cc1', 'NightOwlPots')], 't1_cc1')));
    const page = await fetchForumUserComments(ctx, args('nightowlpots', { after: 't1_zz9' }));
    expect(page).toMatchObject({ after: 't1_cc1', comments: [{ name: 't1_cc1', author: 'NightOwlPots' }] });
    expect(ctx.requests[0].url).toBe('https://www.reddit.com/user/nightowlpots/comments.json?sort=new&limit=100&after=t1_zz9&raw_json=1');
    expect(ctx.requests[0].headers).toMatchObject({ accept: 'application/json' });
    expect(ctx.requests[0].headers?.authorization).toBeUndefined();
    for (const [sort, t] of [
      ['top', 'all'],
      ['controversial', 'all'],
      ['hot', null],
    ] as const) {
      const c = fakeContext(() => json(listing([])));
      await fetchForumUserComments(c, args('nightowlpots', { sort }));
      const q = new URL(c.requests[0].url).searchParams;
      expect([sort, q.get('sort'), q.get('t')]).toEqual([sort, sort, t]);
    }
  });

  it('each comment keeps its thread, parent and the t1 fields; created_at_iso from created_utc', async () => {
    const ctx = fakeContext(() =>
      json(listing([comment('cc1', { author: 'nightowlpots', distinguished: 'moderator', stickied: true, parent_id: 't1_pp0' })])),
    );
    const [c] = (await fetchForumUserComments(ctx, args('nightowlpots'))).comments;
    expect(c).toMatchObject({
      id: 'cc1',
      name: 't1_cc1',
      body: 'Comment cc1: try a reverse proxy.',
      score: 9,
      subreddit: 'selfhosted',
      link_id: 't3_p1',
      link_title: 'Title of post p1',
      link_permalink: 'https://www.reddit.com/r/selfhosted/comments/p1/post_p1/',
      link_url: 'https://www.reddit.com/r/selfhosted/comments/p1/post_p1/',
      permalink: '/r/selfhosted/comments/p1/post_p1/cc1/',
      parent_id: 't1_pp0',
      edited: 1_700_004_000,
      stickied: true,
      distinguished: 'moderator',
      created_utc: 1_700_003_600,
      created_at_iso: '2023-11-14T23:13:20.000Z',
      // an undocumented upstream field, passed through
      approved_at_utc: null,
    });
  });

  it('a user without comments: comments [] and after null', async () => {
    const ctx = fakeContext(() => json(listing([])));
    expect(await fetchForumUserComments(ctx, args('quiet_one'))).toEqual({ comments: [], after: null });
  });

  it("a comment by someone else in the user's listing → UPSTREAM_FAILED; a [deleted] author is no other user", async () => {
    const other = fakeContext(() => json(listing([byAuthor('cc1', 'nightowlpots'), byAuthor('cc2', 'someone_else')])));
    await expect(fetchForumUserComments(other, args('nightowlpots'))).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining('a comment by u/someone_else'),
    });
    const wholly = fakeContext(() => json(listing([byAuthor('cc1', 'nightowlpots_')])));
    await expect(fetchForumUserComments(wholly, args('nightowlpots'))).rejects.toMatchObject({ code: 'UPSTREAM_FAILED' });
    const deleted = fakeContext(() => json(listing([byAuthor('cc1', '[deleted]')])));
    expect((await fetchForumUserComments(deleted, args('nightowlpots'))).comments).toHaveLength(1);
  });

  it('a comment without id/name is left out, warned; the others stay', () => {
    const { id: _i, name: _n, ...broken } = t1('cc2', { author: 'x_y_z' });
    const { result, warnings } = captureWarnings(() =>
      parseCommentsPage(listing([byAuthor('cc1', 'x_y_z'), { kind: 't1', data: broken }, byAuthor('cc3', 'x_y_z')])),
    );
    expect(result.comments.map((c) => c.name)).toEqual(['t1_cc1', 't1_cc3']);
    expect(warnings.map((w) => w.field)).toEqual(['listing.children']);
  });

  it('a documented field missing degrades that field alone: null plus comment.<field>; Reddit’s own null is silent', () => {
    const { body: _b, ...noBody } = t1('cc1', { author: 'x_y_z' });
    const { result, warnings } = captureWarnings(() => parseCommentsPage(listing([{ kind: 't1', data: noBody }])));
    expect(result.comments[0]).toMatchObject({ name: 't1_cc1', body: null, link_title: 'Title of post p1', distinguished: null, score: 9 });
    expect(warnings.map((w) => w.field)).toEqual(['comment.body']);
    expect(() => ForumCommentsPage.parse(result)).not.toThrow();
  });

  it('a listing of posts (t3) where comments belong is UPSTREAM_FAILED, never an empty page', () => {
    expect(() => parseCommentsPage(listing([post('p1', { author: 'x_y_z' })]))).toThrow(
      expect.objectContaining({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('t1 (comments)') }),
    );
    expect(() => parseCommentsPage({ kind: 't2', data: {} })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
  });

  it('404 (no such user) → NOT_FOUND naming the user', async () => {
    const ctx = fakeContext(() => ({ status: 404, body: '{"message": "Not Found", "error": 404}' }));
    await expect(fetchForumUserComments(ctx, args('gone_user'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'User u/gone_user was not found',
    });
  });

  it("Reddit's rate-limit page (429 or 200) and its JSON 429 are UPSTREAM_BLOCKED, never parsed", async () => {
    for (const a of [
      { status: 429, body: WHOA_THERE_HTML },
      { status: 200, body: WHOA_THERE_HTML },
      { status: 429, body: TOO_MANY_REQUESTS_JSON, headers: { 'content-type': 'application/json' } },
      { status: 200, body: TOO_MANY_REQUESTS_JSON, headers: { 'content-type': 'application/json' } },
    ]) {
      await expect(
        fetchForumUserComments(
          fakeContext(() => a),
          args('nightowlpots'),
        ),
      ).rejects.toMatchObject({ code: 'UPSTREAM_BLOCKED' });
    }
  });

  it('parameters: defaults sort new, after null; bad sort, bad after, bad handle → INVALID_INPUT on that parameter', () => {
    expect(validateArgs(forumUserComments, { handle: 'u/NightOwlPots' })).toMatchObject({
      ok: true,
      args: { handle: 'nightowlpots', sort: 'new', after: null },
    });
    expect(validateArgs(forumUserComments, { handle: '@x_y_z', sort: 'controversial', after: 't1_abc' })).toMatchObject({
      ok: true,
      args: { handle: 'x_y_z', sort: 'controversial', after: 't1_abc' },
    });
    for (const [a, param] of [
      [{ handle: 'x_y_z', sort: 'best' }, 'sort'],
      [{ handle: 'x_y_z', after: 't1_a&sort=top' }, 'after'],
      [{ handle: 'a' }, 'handle'],
      [{}, 'handle'],
    ] as const) {
      const v = validateArgs(forumUserComments, a);
      expect(v.ok).toBe(false);
      if (!v.ok) expect(v.problems.map((p) => p.param)).toEqual([param]);
    }
  });
});
