/**
 * forumSubreddit: the parsers on the real captures (../shared/fixtures/forum
 * subreddit-new-askreddit-2020-07-10.json and subreddit-about-redditdev-2020-07-05.json, facts
 * from its SOURCES.md), and the two requests through a fake upstream with answers of our own
 * where no capture exists (an AskReddit about answer, invented listings: src/platforms/forum/samples.ts).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { onParserWarning } from '../../observability/warn.js';
import { captureWarnings } from '../../parse/index.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import type { FakeAnswer } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { t3 } from './samples.js';
import { validateArgs } from '../operation.js';
import { parsePostsPage } from './user-posts.js';
import {
  buildSubredditPage,
  fetchForumSubreddit,
  forumSubreddit,
  ForumSubredditPage,
  normalizeSubreddit,
  parseSubredditAbout,
} from './subreddit.js';
import type { ForumSubredditArgs } from './subreddit.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'forum';
const NEW = 'subreddit-new-askreddit-2020-07-10.json';
const ABOUT = 'subreddit-about-redditdev-2020-07-05.json';

const listing = (children: unknown[], after: string | null = null) => ({
  kind: 'Listing',
  data: { after, dist: children.length, modhash: null, before: null, children },
});
const post = (id: string, subreddit: string) => ({ kind: 't3', data: t3(id, { subreddit }) });
/** An about answer of our own, in the anonymous t5 shape (2024+: accounts_active null). */
const about = (displayName: string, extra: Record<string, unknown> = {}) => ({
  kind: 't5',
  data: {
    display_name: displayName,
    display_name_prefixed: `r/${displayName}`,
    name: 't5_2qh1i',
    id: '2qh1i',
    title: 'Ask Reddit...',
    public_description: 'r/AskReddit is the place to ask and answer thought-provoking questions.',
    description: 'Rules…',
    subscribers: 50_000_000,
    accounts_active: null,
    active_user_count: null,
    created: 1201233135.0,
    created_utc: 1201233135.0,
    subreddit_type: 'public',
    over18: false,
    quarantine: false,
    lang: 'es',
    url: `/r/${displayName}/`,
    submission_type: 'self',
    icon_img: '',
    community_icon: 'https://styles.redditmedia.com/t5_2qh1i/styles/communityIcon_x.png',
    banner_img: '',
    header_img: null,
    ...extra,
  },
});
const json = (body: unknown, status = 200): FakeAnswer => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const args = (a: Partial<ForumSubredditArgs> = {}): ForumSubredditArgs => ({
  name: 'askreddit',
  sort: 'hot',
  timeframe: null,
  after: null,
  ...a,
});

/** Answers by path: the listing and the about page. */
function routes(listingAnswer: () => FakeAnswer, aboutAnswer: () => FakeAnswer) {
  return fakeContext((req) => (new URL(req.url).pathname.endsWith('/about.json') ? aboutAnswer() : listingAnswer()));
}

describe.skipIf(!hasFixtures(LABEL))(`forum subreddit captures (${skipReason(LABEL)})`, () => {
  it('r/askreddit/new: 100 posts, after t3_hozfbb; first t3_hozvuc by p1aguedoc, last t3_hozfbb by iBaka_oO; no warnings', () => {
    const { result, warnings } = captureWarnings(() => parsePostsPage(JSON.parse(readFixture(LABEL, NEW))));
    expect(warnings).toEqual([]);
    expect(result.posts).toHaveLength(100);
    expect(result.after).toBe('t3_hozfbb');
    expect(result.posts[0]).toMatchObject({
      name: 't3_hozvuc',
      title: 'What is best thing America has done for the world?',
      author: 'p1aguedoc',
      created_utc: 1594424685,
      score: 3,
      num_comments: 3,
      is_self: true,
      subreddit: 'AskReddit',
      permalink: '/r/AskReddit/comments/hozvuc/what_is_best_thing_america_has_done_for_the_world/',
    });
    expect(result.posts.every((p) => (p as Record<string, unknown>).subreddit_subscribers === 28755055)).toBe(true);
    expect(result.posts[99]).toMatchObject({ name: 't3_hozfbb', author: 'iBaka_oO', created_utc: 1594422939 });
  });

  it('the about answer was fetched with OAuth: the capturer’s user_* members (subscriber, moderator, banned) are null in the record', () => {
    const raw = JSON.parse(readFixture(LABEL, ABOUT)) as { data: Record<string, unknown> };
    expect(raw.data.user_is_subscriber).toBe(true);
    const about = parseSubredditAbout(raw) as unknown as Record<string, unknown>;
    const userKeys = Object.keys(raw.data).filter((k) => k.startsWith('user_'));
    expect(userKeys.length).toBeGreaterThan(3);
    // The capturer's: null; a false one is what a signed-out answer sends too, kept.
    for (const k of userKeys) expect([k, about[k]]).toEqual([k, raw.data[k] === false ? false : null]);
    expect(about.user_is_subscriber).toBeNull();
  });

  it('r/redditdev about: t5_2qizd, "reddit Development", 38934 subscribers, 83 active, created 2008-06-18, public, en; no warnings', () => {
    const { result, warnings } = captureWarnings(() => parseSubredditAbout(JSON.parse(readFixture(LABEL, ABOUT))));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({
      display_name: 'redditdev',
      display_name_prefixed: 'r/redditdev',
      name: 't5_2qizd',
      id: '2qizd',
      title: 'reddit Development',
      public_description: 'A subreddit for discussion of reddit API clients.',
      subscribers: 38934,
      accounts_active: 83,
      created_utc: 1213802177,
      created_at_iso: '2008-06-18T15:16:17.000Z',
      subreddit_type: 'public',
      over18: false,
      lang: 'en',
      url: '/r/redditdev/',
      icon_img: 'https://b.thumbs.redditmedia.com/7GVLmrH9CdZeqXceSEWkmL8_DSUKRGUfwMxnUNh8D8A.png',
      community_icon: '',
    });
  });

  it('the real listing with an about answer of our own: the record, by the schema; the listing asked as askreddit answers AskReddit', async () => {
    const ctx = routes(
      () => ({ body: readFixture(LABEL, NEW), headers: { 'content-type': 'application/json' } }),
      () => json(about('AskReddit')),
    );
    const r = await fetchForumSubreddit(ctx, args({ sort: 'new' }));
    expect(r.subreddit).toMatchObject({ display_name: 'AskReddit', subscribers: 50_000_000 });
    expect(r.posts).toHaveLength(100);
    expect(r.after).toBe('t3_hozfbb');
    expect(() => ForumSubredditPage.parse(r)).not.toThrow();
  });

  it('the real about answer describing r/redditdev for r/askreddit → UPSTREAM_FAILED, never used', async () => {
    const ctx = routes(
      () => json(listing([post('aa1', 'AskReddit')])),
      () => ({ body: readFixture(LABEL, ABOUT), headers: { 'content-type': 'application/json' } }),
    );
    const e = await fetchForumSubreddit(ctx, args()).catch((x: ApiError) => x);
    expect(e).toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('r/redditdev') });
  });
});

describe('forumSubreddit fetch', () => {
  it('requests /r/<name>/<sort>.json (t only for top, limit 100, after), then /r/<name>/about.json', async () => {
    const ctx = routes(
      () => json(listing([post('aa1', 'AskReddit')], 't3_aa1')),
      () => json(about('AskReddit')),
    );
    const r = await fetchForumSubreddit(ctx, args({ sort: 'top', timeframe: 'week', after: 't3_zz9' }));
    expect(ctx.requests.map((q) => q.url)).toEqual([
      'https://www.reddit.com/r/askreddit/top.json?t=week&limit=100&after=t3_zz9&raw_json=1',
      'https://www.reddit.com/r/askreddit/about.json?raw_json=1',
    ]);
    expect(r).toMatchObject({ subreddit: { display_name: 'AskReddit' }, posts: [{ name: 't3_aa1' }], after: 't3_aa1' });
    expect(() => ForumSubredditPage.parse(r)).not.toThrow();
  });

  it.each([
    ['HTTP 500', () => json({ message: 'Internal Server Error', error: 500 }, 500)],
    ['a Listing instead of the t5', () => json(listing([]))],
    ['HTML', () => ({ body: '<!doctype html><html></html>' })],
    [
      'a rate limit, a JSON 429',
      () => ({ ...json({ message: 'Too Many Requests', error: 429 }, 429), url: 'https://www.reddit.com/r/askreddit/about.json' }),
    ],
  ])('the about request failing (%s): subreddit null with a subreddit.about warning, the posts answered', async (_what, answer) => {
    const ctx = routes(() => json(listing([post('aa1', 'AskReddit')])), answer);
    const warnings: string[] = [];
    const stop = onParserWarning((_platform, field) => warnings.push(field));
    const r = await fetchForumSubreddit(ctx, args()).finally(stop);
    expect(r.subreddit).toBeNull();
    expect(r.posts).toHaveLength(1);
    expect(warnings).toEqual(['subreddit.about']);
    expect(() => ForumSubredditPage.parse(r)).not.toThrow();
  });

  it('private → PRIVATE_CONTENT, banned → NOT_FOUND, missing (404 or the redirect to the subreddit search) → NOT_FOUND; no about request then', async () => {
    const priv = routes(
      () => json({ reason: 'private', message: 'Forbidden', error: 403 }, 403),
      () => json(about('x')),
    );
    await expect(fetchForumSubreddit(priv, args({ name: 'secretclub' }))).rejects.toMatchObject({ code: 'PRIVATE_CONTENT' });
    expect(priv.requests).toHaveLength(1);
    const banned = routes(
      () => json({ reason: 'banned', message: 'Not Found', error: 404 }, 404),
      () => json(about('x')),
    );
    await expect(fetchForumSubreddit(banned, args({ name: 'gone' }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Subreddit r/gone was banned',
    });
    const redirected = routes(
      () => ({ ...json(listing([])), url: 'https://www.reddit.com/subreddits/search.json?q=nosuchsub' }),
      () => json(about('x')),
    );
    await expect(fetchForumSubreddit(redirected, args({ name: 'nosuchsub' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(redirected.requests).toHaveLength(1);
  });

  // Our own answers: Reddit answers a subreddit marked NSFW (`over18: true`) to clients that have
  // not opted in as signed-in adults with a Listing of no children (snoowrap issue #357; reddit's
  // node-api-client PR #54): its posts are withheld, not absent.
  it('an NSFW subreddit (about over18: true) whose first page lists nothing → PRIVATE_CONTENT, not posts: []', async () => {
    const ctx = routes(
      () => json(listing([])),
      () => json(about('PeatSmokeNights', { over18: true })),
    );
    const e = await fetchForumSubreddit(ctx, args({ name: 'peatsmokenights' })).catch((x: ApiError) => x);
    expect(e).toMatchObject({ code: 'PRIVATE_CONTENT', message: expect.stringContaining('r/peatsmokenights') });
  });

  it('an NSFW subreddit whose posts are listed is answered; an empty page of one not marked NSFW is posts: []', async () => {
    const listed = routes(
      () => json(listing([post('aa1', 'PeatSmokeNights')])),
      () => json(about('PeatSmokeNights', { over18: true })),
    );
    expect((await fetchForumSubreddit(listed, args({ name: 'peatsmokenights' }))).posts).toHaveLength(1);
    const empty = routes(
      () => json(listing([])),
      () => json(about('QuietPond')),
    );
    expect(await fetchForumSubreddit(empty, args({ name: 'quietpond' }))).toMatchObject({ posts: [], after: null });
    // A top of the hour (or rising) may be empty in any subreddit: no claim then.
    const quietHour = routes(
      () => json(listing([])),
      () => json(about('PeatSmokeNights', { over18: true })),
    );
    expect(await fetchForumSubreddit(quietHour, args({ name: 'peatsmokenights', sort: 'top', timeframe: 'hour' }))).toMatchObject({
      posts: [],
    });
  });

  it('a post of another subreddit in the listing → UPSTREAM_FAILED', () => {
    const e = errorOf(() =>
      buildSubredditPage('askreddit', parsePostsPage(listing([post('aa1', 'AskReddit'), post('aa2', 'pics')])), null),
    );
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('r/pics');
  });
});

describe('parseSubredditAbout (answers of our own)', () => {
  it('2024+ anonymous shape: accounts_active null, header_img null: no warnings', () => {
    const { result, warnings } = captureWarnings(() => parseSubredditAbout(about('AskReddit')));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({ accounts_active: null, header_img: null, created_at_iso: '2008-01-25T03:52:15.000Z' });
  });

  it('a usual field missing: null plus a subreddit.<field> warning; no display_name or another kind → UPSTREAM_FAILED', () => {
    const { subscribers: _drop, ...data } = about('AskReddit').data;
    const { result, warnings } = captureWarnings(() => parseSubredditAbout({ kind: 't5', data }));
    expect(result.subscribers).toBeNull();
    expect(warnings.map((w) => w.field)).toEqual(['subreddit.subscribers']);
    const { display_name: _d, ...nameless } = about('AskReddit').data;
    expect(errorOf(() => parseSubredditAbout({ kind: 't5', data: nameless })).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => parseSubredditAbout({ kind: 't2', data: about('x').data })).code).toBe('UPSTREAM_FAILED');
  });
});

describe('forumSubreddit parameters', () => {
  it('name: r/ and case are one subreddit; feeds and other strings are INVALID_INPUT on name', () => {
    expect(normalizeSubreddit('r/AskReddit')).toBe('askreddit');
    expect(normalizeSubreddit('/r/de/')).toBe('de');
    for (const bad of ['all', 'r/popular', 'a', '_x', 'a+b', 'x'.repeat(22), 'https://www.reddit.com/r/x'])
      expect(normalizeSubreddit(bad), bad).toBeNull();
    const v = validateArgs(forumSubreddit, { name: 'r/all' });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.problems.map((p) => p.param)).toEqual(['name']);
  });

  it('defaults: sort hot, no timeframe; top defaults to day; a timeframe without sort=top is refused (all is harmless)', () => {
    expect(validateArgs(forumSubreddit, { name: 'AskReddit' })).toMatchObject({
      ok: true,
      args: { name: 'askreddit', sort: 'hot', timeframe: null, after: null },
    });
    expect(validateArgs(forumSubreddit, { name: 'AskReddit', sort: 'top' })).toMatchObject({ ok: true, args: { timeframe: 'day' } });
    expect(validateArgs(forumSubreddit, { name: 'AskReddit', sort: 'new', timeframe: 'all' })).toMatchObject({
      ok: true,
      args: { timeframe: null },
    });
    const v = validateArgs(forumSubreddit, { name: 'AskReddit', sort: 'new', timeframe: 'week' });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.problems.map((p) => p.param)).toEqual(['timeframe']);
  });
});
