/**
 * microblog-d requests through the real upstream client against the replay server (walls.ts
 * applied as the registry will): what is sent, paging with our cursors, and how each answer is
 * classified. Captures are served in place where one exists; the error answers are our own
 * (XRPC's documented error body `{"error", "message"}`; no capture of them), said so per test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixturePath, hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import type { ReplayContext } from '../../../test/support/replay-upstream.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import {
  decodeListCursor,
  fetchFollowers,
  fetchFollows,
  fetchPostLikes,
  fetchPostReposts,
  fetchPosts,
  fetchProfile,
  fetchProfileSearch,
  fetchSearch,
  fetchThread,
} from './fetch.js';
import {
  microblogDFollowers,
  microblogDFollows,
  microblogDPost,
  microblogDPostLikes,
  microblogDPostReposts,
  microblogDPosts,
  microblogDProfile,
  microblogDSearch,
} from './operations.js';
import { PLATFORM } from './parse.js';
import {
  bskyGraphListBody,
  bskyLikesBody,
  bskyPostNotFound,
  bskyPostUri,
  bskyProfileBody,
  bskyRepostedByBody,
  bskyThreadBody,
  samplePlcDid,
} from './samples.js';
import type { BskyPostSample, BskySample } from './samples.js';
import { walls } from './walls.js';

/** A post of the search capture, as far as these tests read it. */
type SentPost = { uri: string; author: { handle: string; labels: { val: string }[] } };

const HOST = 'public.api.bsky.app';
const DID = 'did:plc:abcdefghijklmnopqrstuvwx';
let t: ReplayContext;

beforeAll(async () => {
  t = await startReplayContext({ walls: { [PLATFORM]: walls } });
});
afterAll(() => t.close());
beforeEach(() => t.replay.reset());

const json = (body: unknown, status = 200) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});
const actor = (handle = 'harbourweather.bsky.social', did = DID) => ({ did, handle, displayName: 'Harbour Weather', labels: [] });
const post = (rkey: string, author = actor()) => ({
  uri: `at://${author.did}/app.bsky.feed.post/${rkey}`,
  cid: 'bafy',
  author,
  record: { $type: 'app.bsky.feed.post', text: `tide ${rkey}`, createdAt: '2025-01-01T00:00:00.000Z' },
  replyCount: 0,
  repostCount: 0,
  likeCount: 0,
  quoteCount: 0,
  indexedAt: '2025-01-01T00:00:01.000Z',
  labels: [],
});
const profile = (handle = 'harbourweather.bsky.social') => ({ ...actor(handle), followersCount: 3, followsCount: 2, postsCount: 1 });

describe('microblogDProfile', () => {
  it('asks getProfile for the actor and returns the profile; a DID is compared by DID', async () => {
    t.replay.add({ host: HOST, path: '/xrpc/app.bsky.actor.getProfile', response: json(profile()) });
    expect(await fetchProfile(t.ctx, { actor: 'harbourweather.bsky.social' })).toMatchObject({ did: DID, followersCount: 3 });
    expect(await fetchProfile(t.ctx, { actor: DID })).toMatchObject({ handle: 'harbourweather.bsky.social' });
    const [hit, byDid] = t.replay.hits({ host: HOST });
    expect(hit.upstreamUrl).toBe(`https://${HOST}/xrpc/app.bsky.actor.getProfile?actor=harbourweather.bsky.social`);
    expect(byDid.query.get('actor')).toBe(DID);
  });

  // Our own answers: XRPC's 400 error bodies for a missing, suspended or deactivated account.
  it.each([
    { error: 'InvalidRequest', message: 'Profile not found' },
    { error: 'AccountTakedown', message: 'Account has been suspended' },
    { error: 'AccountDeactivated', message: 'Account is deactivated' },
  ])('400 %j → NOT_FOUND', async (body) => {
    t.replay.add({ host: HOST, path: '/xrpc/app.bsky.actor.getProfile', response: json(body, 400) });
    const e = await failure(fetchProfile(t.ctx, { actor: 'nobody.bsky.social' }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain(body.error);
  });

  it('another 400 (not a missing account) → UPSTREAM_FAILED', async () => {
    t.replay.add({
      host: HOST,
      path: '/xrpc/app.bsky.actor.getProfile',
      response: json({ error: 'InvalidRequest', message: 'Error: actor must be a valid did or a handle' }, 400),
    });
    expect((await failure(fetchProfile(t.ctx, { actor: 'x.bsky.social' }))).code).toBe('UPSTREAM_FAILED');
  });

  it('the profile of another account → UPSTREAM_FAILED; a handle that does not verify (handle.invalid) → NOT_FOUND', async () => {
    t.replay.add({ host: HOST, path: '/xrpc/app.bsky.actor.getProfile', response: json(profile('someone.else.com')) });
    const e = await failure(fetchProfile(t.ctx, { actor: 'harbourweather.bsky.social' }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/different resource \(someone\.else\.com\)/);
    t.replay.add({ host: HOST, path: '/xrpc/app.bsky.actor.getProfile', response: json(profile('handle.invalid')) });
    const inv = await failure(fetchProfile(t.ctx, { actor: 'harbourweather.com' }));
    expect(inv.code).toBe('NOT_FOUND');
    expect(inv.message).toMatch(/does not verify/);
  });

  it('an HTML answer at 200 → UPSTREAM_FAILED naming what is missing', async () => {
    t.replay.add({ host: HOST, path: '/xrpc/app.bsky.actor.getProfile', response: { body: '<html><body>maintenance</body></html>' } });
    expect((await failure(fetchProfile(t.ctx, { actor: 'harbourweather.bsky.social' }))).message).toMatch(
      /JSON from app\.bsky\.actor\.getProfile/,
    );
  });

  it('handle validation: a bare name, an IP or a URL elsewhere → INVALID_INPUT on handle', () => {
    for (const handle of ['harbourweather', '10.0.0.1', 'https://example.com/profile/a.b']) {
      const v = validateArgs(microblogDProfile, { handle });
      expect(v.ok ? null : v.problems).toEqual([expect.objectContaining({ param: 'handle' })]);
    }
    const ok = validateArgs(microblogDProfile, { handle: 'https://bsky.app/profile/HarbourWeather.bsky.social' });
    expect(ok.ok && ok.args).toEqual({ actor: 'harbourweather.bsky.social' });
  });
});

describe('microblogDPosts', () => {
  it('pages: the upstream cursor goes out wrapped in ours and comes back as `cursor`; an empty page ends (whatever cursor it carries)', async () => {
    t.replay.add({
      host: HOST,
      path: '/xrpc/app.bsky.feed.getAuthorFeed',
      response: (req) =>
        req.query.has('cursor')
          ? json({ feed: [], cursor: '2024-01-01T00:00:00.000Z' })
          : json({ feed: [{ post: post('a') }, { post: post('b') }], cursor: '2025-01-01T00:00:00.000Z' }),
    });
    const first = await fetchPosts(t.ctx, { actor: 'harbourweather.bsky.social', cursor: null });
    expect(first.posts.map((p) => p.post.uri.split('/').pop())).toEqual(['a', 'b']);
    expect(decodeListCursor(first.cursor!)).toEqual({ k: 'harbourweather.bsky.social', c: '2025-01-01T00:00:00.000Z' });
    // The operation takes the cursor back for the same handle only.
    const v = validateArgs(microblogDPosts, { handle: 'HarbourWeather.bsky.social', cursor: first.cursor });
    expect(v.ok && v.args).toEqual({ actor: 'harbourweather.bsky.social', cursor: '2025-01-01T00:00:00.000Z' });
    const other = validateArgs(microblogDPosts, { handle: 'someone.bsky.social', cursor: first.cursor });
    expect(other.ok ? null : other.problems).toEqual([
      { param: 'cursor', message: 'belongs to another list (another handle, query or list)' },
    ]);
    const garbage = validateArgs(microblogDPosts, { handle: 'someone.bsky.social', cursor: '2025-01-01T00:00:00.000Z' });
    expect(garbage.ok).toBe(false);

    const second = await fetchPosts(t.ctx, { actor: 'harbourweather.bsky.social', cursor: '2025-01-01T00:00:00.000Z' });
    expect(second).toEqual({ posts: [], cursor: null });
    const hits = t.replay.hits({ host: HOST });
    expect(hits[0].query.get('limit')).toBe('50');
    expect(hits[1].query.get('cursor')).toBe('2025-01-01T00:00:00.000Z');
  });

  it('a feed item of another account (not a repost by the one asked) → UPSTREAM_FAILED', async () => {
    const stranger = actor('stranger.bsky.social', 'did:plc:zzzzzzzzzzzzzzzzzzzzzzzz');
    t.replay.add({
      host: HOST,
      path: '/xrpc/app.bsky.feed.getAuthorFeed',
      response: json({ feed: [{ post: post('a') }, { post: post('x', stranger) }] }),
    });
    expect((await failure(fetchPosts(t.ctx, { actor: 'harbourweather.bsky.social', cursor: null }))).code).toBe('UPSTREAM_FAILED');
    // …while their post reposted by the account is the account's item.
    t.replay.add({
      host: HOST,
      path: '/xrpc/app.bsky.feed.getAuthorFeed',
      response: json({
        feed: [{ post: post('x', stranger), reason: { $type: 'app.bsky.feed.defs#reasonRepost', by: actor(), indexedAt: 'x' } }],
      }),
    });
    expect((await fetchPosts(t.ctx, { actor: DID, cursor: null })).posts).toHaveLength(1);
  });

  describe.skipIf(!hasFixtures(PLATFORM))(`the author-feed capture served in place (${skipReason(PLATFORM)})`, () => {
    it('50 items of chriskenny.bsky.social and a cursor bound to the handle', async () => {
      t.replay.add({
        host: HOST,
        path: '/xrpc/app.bsky.feed.getAuthorFeed',
        response: {
          headers: { 'content-type': 'application/json' },
          bodyFile: fixturePath(PLATFORM, 'getauthorfeed-chriskenny-2025-05-19.json'),
        },
      });
      const page = await fetchPosts(t.ctx, { actor: 'chriskenny.bsky.social', cursor: null });
      expect(page.posts).toHaveLength(50);
      expect(decodeListCursor(page.cursor!)).toEqual({ k: 'chriskenny.bsky.social', c: '2024-03-21T23:36:16.378Z' });
    });
  });
});

describe('microblogDSearch', () => {
  describe.skipIf(!hasFixtures(PLATFORM))(`the search capture served in place (${skipReason(PLATFORM)})`, () => {
    it('25 posts answered: the 4 of login-only accounts (labelled !no-unauthenticated) left out, the other 21 kept in order; the offset cursor, bound to the query', async () => {
      t.replay.add({
        host: HOST,
        path: '/xrpc/app.bsky.feed.searchPosts',
        response: {
          headers: { 'content-type': 'application/json' },
          bodyFile: fixturePath(PLATFORM, 'searchposts-redistricting-2025-05-19.json'),
        },
      });
      const page = await fetchSearch(t.ctx, { query: 'redistricting', cursor: null });
      // The capture's authors that label themselves login-only (their `labels` hold `!no-unauthenticated`).
      const loginOnly = ['bathshebablue.bsky.social', 'rachel99marta.bsky.social', 'stemgal.bsky.social', 'humanbeinghuman.bsky.social'];
      const sent = (JSON.parse(readFixture(PLATFORM, 'searchposts-redistricting-2025-05-19.json')) as { posts: SentPost[] }).posts;
      expect(sent).toHaveLength(25);
      expect(sent.filter((p) => p.author.labels.some((l) => l.val === '!no-unauthenticated')).map((p) => p.author.handle)).toEqual(
        loginOnly,
      );
      expect(page.posts.map((p) => p.uri)).toEqual(sent.filter((p) => !loginOnly.includes(p.author.handle)).map((p) => p.uri));
      expect(page.posts).toHaveLength(21);
      expect(JSON.stringify(page)).not.toContain('!no-unauthenticated');
      expect(decodeListCursor(page.cursor!)).toEqual({ k: 'redistricting', c: '25' });
      expect(t.replay.hits({ host: HOST })[0].upstreamUrl).toBe(`https://${HOST}/xrpc/app.bsky.feed.searchPosts?q=redistricting&limit=25`);
      const v = validateArgs(microblogDSearch, { query: ' redistricting ', cursor: page.cursor });
      expect(v.ok && v.args).toEqual({ query: 'redistricting', cursor: '25' });
      expect(validateArgs(microblogDSearch, { query: 'maps', cursor: page.cursor }).ok).toBe(false);
    });
  });

  // Our own answers, as SOURCES.md quotes them: anonymous search switched off, or paged.
  it.each([
    [403, 'Request forbidden by administrative rules.'],
    [401, JSON.stringify({ error: 'AuthMissing', message: 'Authentication Required' })],
  ])('HTTP %i → UPSTREAM_BLOCKED (a wall, not our failure)', async (status, body) => {
    t.replay.add({ host: HOST, path: '/xrpc/app.bsky.feed.searchPosts', response: { status, body } });
    const e = await failure(fetchSearch(t.ctx, { query: 'tides', cursor: '25' }));
    expect(e.code).toBe('UPSTREAM_BLOCKED');
    expect(e.message).toMatch(/anonymous post search/);
  });
});

describe('microblogDProfileSearch', () => {
  it('asks the typeahead for 10 and returns `profiles`', async () => {
    t.replay.add({ host: HOST, path: '/xrpc/app.bsky.actor.searchActorsTypeahead', response: json({ actors: [actor()] }) });
    expect(await fetchProfileSearch(t.ctx, { query: 'harbour' })).toEqual({
      profiles: [
        {
          did: DID,
          handle: 'harbourweather.bsky.social',
          displayName: 'Harbour Weather',
          avatar: null,
          associated: null,
          labels: [],
          createdAt: null,
        },
      ],
    });
    expect(t.replay.hits({ host: HOST })[0].upstreamUrl).toBe(
      `https://${HOST}/xrpc/app.bsky.actor.searchActorsTypeahead?q=harbour&limit=10`,
    );
  });

  it('HTTP 429 → UPSTREAM_BLOCKED; 500 → UPSTREAM_FAILED', async () => {
    t.replay.add({ host: HOST, path: '/xrpc/app.bsky.actor.searchActorsTypeahead', response: { status: 429, body: '' } });
    expect((await failure(fetchProfileSearch(t.ctx, { query: 'a' }))).code).toBe('UPSTREAM_BLOCKED');
    t.replay.add({ host: HOST, path: '/xrpc/app.bsky.actor.searchActorsTypeahead', response: { status: 500, body: '' } });
    expect((await failure(fetchProfileSearch(t.ctx, { query: 'a' }))).code).toBe('UPSTREAM_FAILED');
  });
});

// No capture of getFollowers/getFollows: the pages are samples.ts's (written from the lexicon and
// the captures' profile views); the error bodies are XRPC's `{error, message}` as the AppView's
// getFollowers handler words them ("Actor not found: <actor>").
describe('microblogDFollowers and microblogDFollows', () => {
  const FOLLOWERS = '/xrpc/app.bsky.graph.getFollowers';
  const FOLLOWS = '/xrpc/app.bsky.graph.getFollows';
  const harbour = { handle: 'harbourweather.bsky.social', did: DID, displayName: 'Harbour Weather' };
  const fan = (seed: string) => ({
    handle: `${seed}.bsky.social`,
    did: samplePlcDid(seed),
    displayName: seed,
    description: `I am ${seed}.`,
  });

  it('asks getFollowers for 100, returns {subject, followers, cursor} with the cursor bound to the list and the actor', async () => {
    t.replay.add({
      host: HOST,
      path: FOLLOWERS,
      response: json(bskyGraphListBody('followers', harbour, [fan('kelp'), fan('gull')], '3lkfollowers2')),
    });
    const page = await fetchFollowers(t.ctx, { actor: 'harbourweather.bsky.social', cursor: null });
    expect(page.subject).toMatchObject({ did: DID, handle: 'harbourweather.bsky.social', displayName: 'Harbour Weather' });
    expect(page.followers.map((f) => [f.handle, f.description])).toEqual([
      ['kelp.bsky.social', 'I am kelp.'],
      ['gull.bsky.social', 'I am gull.'],
    ]);
    expect(decodeListCursor(page.cursor!)).toEqual({ k: 'followers:harbourweather.bsky.social', c: '3lkfollowers2' });
    expect(t.replay.hits({ host: HOST })[0].upstreamUrl).toBe(`https://${HOST}${FOLLOWERS}?actor=harbourweather.bsky.social&limit=100`);

    // The next page: the upstream cursor sent back; the last page (no cursor) ends the list.
    const v = validateArgs(microblogDFollowers, { handle: '@HarbourWeather.bsky.social', cursor: page.cursor });
    expect(v.ok && v.args).toEqual({ actor: 'harbourweather.bsky.social', cursor: '3lkfollowers2' });
    t.replay.add({ host: HOST, path: FOLLOWERS, response: json(bskyGraphListBody('followers', harbour, [fan('tern')])) });
    const last = await fetchFollowers(t.ctx, { actor: 'harbourweather.bsky.social', cursor: '3lkfollowers2' });
    expect(last.followers.map((f) => f.handle)).toEqual(['tern.bsky.social']);
    expect(last.cursor).toBeNull();
    expect(t.replay.hits({ host: HOST })[1].upstreamUrl).toBe(
      `https://${HOST}${FOLLOWERS}?actor=harbourweather.bsky.social&limit=100&cursor=3lkfollowers2`,
    );
  });

  it('asks getFollows (by DID too) and returns {subject, follows, cursor}; an empty page ends the list whatever its cursor', async () => {
    t.replay.add({ host: HOST, path: FOLLOWS, response: json(bskyGraphListBody('follows', harbour, [fan('kelp')], '3lkfollows2')) });
    const page = await fetchFollows(t.ctx, { actor: DID, cursor: null });
    expect(page).toMatchObject({ subject: { did: DID }, follows: [{ handle: 'kelp.bsky.social' }] });
    expect(decodeListCursor(page.cursor!)).toEqual({ k: `follows:${DID}`, c: '3lkfollows2' });
    expect(t.replay.hits({ host: HOST })[0].query.get('actor')).toBe(DID);
    t.replay.add({ host: HOST, path: FOLLOWS, response: json(bskyGraphListBody('follows', harbour, [], '3lkfollows3')) });
    expect(await fetchFollows(t.ctx, { actor: DID, cursor: '3lkfollows2' })).toMatchObject({ follows: [], cursor: null });
  });

  it("a cursor of another list is INVALID_INPUT: another actor's, the other graph list's, the posts'", async () => {
    t.replay.add({ host: HOST, path: FOLLOWERS, response: json(bskyGraphListBody('followers', harbour, [fan('kelp')], 'c2')) });
    const followersCursor = (await fetchFollowers(t.ctx, { actor: 'harbourweather.bsky.social', cursor: null })).cursor;
    const another = { param: 'cursor', message: 'belongs to another list (another handle, query or list)' };
    const problems = (v: ReturnType<typeof validateArgs>) => (v.ok ? null : v.problems);
    expect(validateArgs(microblogDFollowers, { handle: 'harbourweather.bsky.social', cursor: followersCursor }).ok).toBe(true);
    expect(problems(validateArgs(microblogDFollowers, { handle: 'someone.bsky.social', cursor: followersCursor }))).toEqual([another]);
    expect(problems(validateArgs(microblogDFollows, { handle: 'harbourweather.bsky.social', cursor: followersCursor }))).toEqual([another]);
    expect(problems(validateArgs(microblogDPosts, { handle: 'harbourweather.bsky.social', cursor: followersCursor }))).toEqual([another]);
    const postsCursor = encodeCursor({ k: 'harbourweather.bsky.social', c: '2025-01-01T00:00:00.000Z' });
    expect(problems(validateArgs(microblogDFollowers, { handle: 'harbourweather.bsky.social', cursor: postsCursor }))).toEqual([another]);
    expect(problems(validateArgs(microblogDFollows, { handle: 'harbourweather.bsky.social', cursor: 'c2' }))).toEqual([
      { param: 'cursor', message: 'must be the `cursor` of a previous response, unchanged' },
    ]);
    expect(problems(validateArgs(microblogDFollows, { handle: 'alice' }))?.[0]?.param).toBe('handle');
  });

  it('a list whose subject is another account → UPSTREAM_FAILED; a handle that does not verify → NOT_FOUND', async () => {
    const other = { handle: 'someone.else.com', did: samplePlcDid('someoneelse') };
    t.replay.add({ host: HOST, path: FOLLOWERS, response: json(bskyGraphListBody('followers', other, [fan('kelp')])) });
    const e = await failure(fetchFollowers(t.ctx, { actor: 'harbourweather.bsky.social', cursor: null }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/different resource \(someone\.else\.com\)/);
    // Asked by DID, the DID decides: the same DID under a new handle is the account; another DID is not.
    t.replay.add({
      host: HOST,
      path: FOLLOWS,
      response: json(bskyGraphListBody('follows', { ...harbour, handle: 'renamed.example' }, [])),
    });
    expect((await fetchFollows(t.ctx, { actor: DID, cursor: null })).subject.handle).toBe('renamed.example');
    expect((await failure(fetchFollows(t.ctx, { actor: other.did, cursor: null }))).code).toBe('UPSTREAM_FAILED');
    t.replay.add({ host: HOST, path: FOLLOWS, response: json(bskyGraphListBody('follows', { ...harbour, handle: 'handle.invalid' }, [])) });
    const inv = await failure(fetchFollows(t.ctx, { actor: 'harbourweather.com', cursor: null }));
    expect(inv.code).toBe('NOT_FOUND');
    expect(inv.message).toMatch(/does not verify/);
  });

  it.each([
    [FOLLOWERS, { error: 'InvalidRequest', message: 'Actor not found: nobody.bsky.social' }],
    [FOLLOWS, { error: 'InvalidRequest', message: 'Actor not found: nobody.bsky.social' }],
    [FOLLOWS, { error: 'AccountTakedown', message: 'Account has been suspended' }],
  ])('%s 400 %j → NOT_FOUND', async (path, body) => {
    t.replay.add({ host: HOST, path, response: json(body, 400) });
    const run = path === FOLLOWERS ? fetchFollowers : fetchFollows;
    const e = await failure(run(t.ctx, { actor: 'nobody.bsky.social', cursor: null }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain(body.error);
  });

  it.each([
    ['429', { status: 429, body: '' }, 'UPSTREAM_BLOCKED', /429/],
    [
      '401 AuthMissing (a login wall)',
      { ...json({ error: 'AuthMissing', message: 'Authentication Required' }, 401) },
      'UPSTREAM_BLOCKED',
      /login wall/,
    ],
    ['500', { status: 500, body: '' }, 'UPSTREAM_FAILED', /500/],
    ['an HTML 200', { body: '<html><body>maintenance</body></html>' }, 'UPSTREAM_FAILED', /JSON from app\.bsky\.graph\.getFollowers/],
  ])('HTTP %s → %s', async (_name, response, code, message) => {
    t.replay.add({ host: HOST, path: FOLLOWERS, response });
    const e = await failure(fetchFollowers(t.ctx, { actor: 'harbourweather.bsky.social', cursor: null }));
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
  });
});

// No capture of getPostThread: the threads are samples.ts's (written from the lexicon and the
// captures' postViews); the error body is XRPC's `{error, message}` as getPostThread's NotFound.
describe('microblogDPost', () => {
  const THREAD = '/xrpc/app.bsky.feed.getPostThread';
  const harbour = { handle: 'harbourweather.bsky.social', did: DID, displayName: 'Harbour Weather' };
  const kelp = { handle: 'kelp.bsky.social', did: samplePlcDid('kelp') };
  const asked: BskyPostSample = { author: harbour, rkey: '3lkasked00001', text: 'Spring tides on Tuesday.' };
  const reply: BskyPostSample = { author: kelp, rkey: '3lkreply00001', text: 'Thanks!', replyTo: asked };
  const byHandle = { actor: 'harbourweather.bsky.social', rkey: '3lkasked00001', depth: 6 };

  it('asks getPostThread for the AT URI (by handle or DID), depth and parentHeight; returns {post, parent, replies}', async () => {
    t.replay.add({ host: HOST, path: THREAD, response: json(bskyThreadBody({ post: asked, replies: [{ post: reply }] })) });
    const thread = await fetchThread(t.ctx, byHandle);
    expect(thread.post.uri).toBe(bskyPostUri(asked));
    expect(thread.parent).toBeNull();
    expect(thread.replies.map((r) => r.post?.author?.handle)).toEqual(['kelp.bsky.social']);
    await fetchThread(t.ctx, { actor: DID, rkey: '3lkasked00001', depth: 2 });
    const [first, second] = t.replay.hits({ host: HOST });
    expect(first.upstreamUrl).toBe(
      `https://${HOST}${THREAD}?uri=at%3A%2F%2Fharbourweather.bsky.social%2Fapp.bsky.feed.post%2F3lkasked00001&depth=6&parentHeight=80`,
    );
    expect(second.query.get('uri')).toBe(`at://${DID}/app.bsky.feed.post/3lkasked00001`);
    expect(second.query.get('depth')).toBe('2');
  });

  it('validation: exactly one of url or uri, each a post of Bluesky; depth 0..10, default 6', () => {
    const problems = (args: Record<string, unknown>) => {
      const v = validateArgs(microblogDPost, args);
      return v.ok ? v.args : v.problems;
    };
    expect(problems({ url: 'https://bsky.app/profile/HarbourWeather.bsky.social/post/3lkasked00001' })).toEqual(byHandle);
    expect(problems({ uri: `at://${DID}/app.bsky.feed.post/3lkasked00001`, depth: 0 })).toEqual({
      actor: DID,
      rkey: '3lkasked00001',
      depth: 0,
    });
    const both = 'give exactly one of url or uri';
    expect(problems({})).toEqual([
      { param: 'url', message: both },
      { param: 'uri', message: both },
    ]);
    expect(problems({ url: 'https://bsky.app/profile/a.b/post/x', uri: 'at://a.b/app.bsky.feed.post/x' })).toEqual([
      { param: 'url', message: both },
      { param: 'uri', message: both },
    ]);
    expect(problems({ url: 'https://bsky.app/profile/harbourweather.bsky.social' })).toEqual([
      { param: 'url', message: expect.stringMatching(/^must be a Bluesky post URL/) },
    ]);
    expect(problems({ uri: `at://${DID}/app.bsky.feed.like/3lkasked00001` })).toEqual([
      { param: 'uri', message: expect.stringMatching(/^must be a post's AT URI/) },
    ]);
    expect(problems({ uri: 'at://a.b/app.bsky.feed.post/x', depth: 11 })).toEqual([{ param: 'depth', message: 'must be at most 10' }]);
    expect(problems({ uri: 'at://a.b/app.bsky.feed.post/x', depth: -1 })).toEqual([{ param: 'depth', message: 'must be at least 0' }]);
  });

  it('400 NotFound ("Post not found") and a notFoundPost in the asked place → NOT_FOUND; a blockedPost there → UPSTREAM_BLOCKED', async () => {
    t.replay.add({ host: HOST, path: THREAD, response: json(bskyPostNotFound(bskyPostUri(asked)), 400) });
    const gone = await failure(fetchThread(t.ctx, byHandle));
    expect(gone.code).toBe('NOT_FOUND');
    expect(gone.message).toContain('NotFound: Post not found');
    t.replay.add({ host: HOST, path: THREAD, response: json(bskyThreadBody({ notFound: bskyPostUri(asked) })) });
    expect((await failure(fetchThread(t.ctx, byHandle))).code).toBe('NOT_FOUND');
    t.replay.add({ host: HOST, path: THREAD, response: json(bskyThreadBody({ blocked: bskyPostUri(asked), authorDid: DID })) });
    const blocked = await failure(fetchThread(t.ctx, byHandle));
    expect(blocked.code).toBe('UPSTREAM_BLOCKED');
    expect(blocked.message).toMatch(/blockedPost/);
  });

  it("another post's thread → UPSTREAM_FAILED: another record key, another author, the handle asked not the author's", async () => {
    const answer = (post: BskyPostSample) => t.replay.add({ host: HOST, path: THREAD, response: json(bskyThreadBody({ post })) });
    answer({ ...asked, rkey: '3lkother00001' });
    expect((await failure(fetchThread(t.ctx, byHandle))).message).toMatch(/different resource \(at:\/\/.*3lkother00001\)/);
    answer({ ...asked, author: kelp });
    expect((await failure(fetchThread(t.ctx, byHandle))).code).toBe('UPSTREAM_FAILED');
    expect((await failure(fetchThread(t.ctx, { ...byHandle, actor: DID }))).code).toBe('UPSTREAM_FAILED');
    // Asked by DID, the DID decides: the same DID under a new handle is the author.
    answer({ ...asked, author: { ...harbour, handle: 'renamed.example' } });
    expect((await fetchThread(t.ctx, { ...byHandle, actor: DID })).post.author?.handle).toBe('renamed.example');
    expect((await failure(fetchThread(t.ctx, byHandle))).code).toBe('UPSTREAM_FAILED');
    // The author's handle does not verify: asked by that handle, nothing is shown.
    answer({ ...asked, author: { ...harbour, handle: 'handle.invalid' } });
    expect((await failure(fetchThread(t.ctx, byHandle))).code).toBe('NOT_FOUND');
    // The author DID is not the AT URI's: not a consistent answer about the post.
    t.replay.add({
      host: HOST,
      path: THREAD,
      response: (() => {
        const body = bskyThreadBody({ post: asked }) as { thread: { post: { author: { did: string } } } };
        body.thread.post.author.did = kelp.did;
        return json(body);
      })(),
    });
    expect((await failure(fetchThread(t.ctx, byHandle))).code).toBe('UPSTREAM_FAILED');
  });

  it.each([
    ['429', { status: 429, body: '' }, 'UPSTREAM_BLOCKED', /429/],
    [
      '401 AuthMissing (a login wall)',
      json({ error: 'AuthMissing', message: 'Authentication Required' }, 401),
      'UPSTREAM_BLOCKED',
      /login wall/,
    ],
    ['500', { status: 500, body: '' }, 'UPSTREAM_FAILED', /500/],
    ['an HTML 200', { body: '<html><body>maintenance</body></html>' }, 'UPSTREAM_FAILED', /JSON from app\.bsky\.feed\.getPostThread/],
    ['a 200 without a thread', json({ threadgate: {} }), 'UPSTREAM_FAILED', /missing thread\.thread/],
  ])('HTTP %s → %s', async (_name, response, code, message) => {
    t.replay.add({ host: HOST, path: THREAD, response });
    const e = await failure(fetchThread(t.ctx, byHandle));
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
  });
});

// No capture of getLikes / getRepostedBy: the pages are samples.ts's (written from the lexicon); the
// profile that resolves a handle is samples.ts's getProfile body; error bodies are XRPC's `{error, message}`.
describe('microblogDPostLikes and microblogDPostReposts', () => {
  const PROFILE = '/xrpc/app.bsky.actor.getProfile';
  const LIKES = '/xrpc/app.bsky.feed.getLikes';
  const REPOSTS = '/xrpc/app.bsky.feed.getRepostedBy';
  const harbour = { handle: 'harbourweather.bsky.social', did: DID, displayName: 'Harbour Weather' };
  const fan = (seed: string) => ({ handle: `${seed}.bsky.social`, did: samplePlcDid(seed), displayName: seed });
  const RKEY = '3lkasked00001';
  const URI = `at://${DID}/app.bsky.feed.post/${RKEY}`;
  const byHandle = { actor: 'harbourweather.bsky.social', rkey: RKEY, cursor: null };
  const byDid = { actor: DID, rkey: RKEY, cursor: null };
  const profile = (s: BskySample = harbour) => t.replay.add({ host: HOST, path: PROFILE, response: json(bskyProfileBody(s)) });
  // The author is read first however the post is named (a login-only author is refused); a test's own answer overrides this one.
  beforeEach(() => profile());
  const likes = (uri: string, seeds: string[], cursor?: string) =>
    t.replay.add({
      host: HOST,
      path: LIKES,
      response: json(
        bskyLikesBody(
          uri,
          seeds.map((x) => ({ actor: fan(x), createdAt: '2025-03-05T18:00:00.000Z' })),
          cursor,
        ),
      ),
    });

  it("by handle: getProfile for the author's DID, then getLikes for the AT URI by DID, 100 a page; the cursor bound to the list and the post", async () => {
    profile();
    likes(URI, ['kelp', 'gull'], '1741197600000::bafy');
    const page = await fetchPostLikes(t.ctx, byHandle);
    expect(page.uri).toBe(URI);
    expect(page.likes.map((l) => [l.actor.handle, l.createdAt])).toEqual([
      ['kelp.bsky.social', '2025-03-05T18:00:00.000Z'],
      ['gull.bsky.social', '2025-03-05T18:00:00.000Z'],
    ]);
    expect(decodeListCursor(page.cursor!)).toEqual({
      k: `likes:at://harbourweather.bsky.social/app.bsky.feed.post/${RKEY}`,
      c: '1741197600000::bafy',
    });
    const [first, second] = t.replay.hits({ host: HOST });
    expect(first.upstreamUrl).toBe(`https://${HOST}${PROFILE}?actor=harbourweather.bsky.social`);
    expect(second.upstreamUrl).toBe(`https://${HOST}${LIKES}?uri=${encodeURIComponent(URI)}&limit=100`);

    // The next page, asked by the URL of the same post: the upstream cursor sent back; the last page ends the list.
    const v = validateArgs(microblogDPostLikes, {
      url: `https://bsky.app/profile/HarbourWeather.bsky.social/post/${RKEY}`,
      cursor: page.cursor,
    });
    expect(v.ok && v.args).toEqual({ ...byHandle, cursor: '1741197600000::bafy' });
    likes(URI, ['tern']);
    const last = await fetchPostLikes(t.ctx, { ...byHandle, cursor: '1741197600000::bafy' });
    expect(last).toMatchObject({ likes: [{ actor: { handle: 'tern.bsky.social' } }], cursor: null });
    expect(t.replay.hits({ host: HOST, path: LIKES })[1].query.get('cursor')).toBe('1741197600000::bafy');
  });

  it('by DID: getProfile of the author by its DID (a login-only author is refused), then getRepostedBy; an empty page ends the list whatever its cursor', async () => {
    t.replay.add({ host: HOST, path: REPOSTS, response: json(bskyRepostedByBody(URI, [fan('kelp'), fan('gull')], 'r2')) });
    const page = await fetchPostReposts(t.ctx, byDid);
    expect(page).toMatchObject({ uri: URI, repostedBy: [{ handle: 'kelp.bsky.social' }, { handle: 'gull.bsky.social' }] });
    expect(decodeListCursor(page.cursor!)).toEqual({ k: `repostedBy:${URI}`, c: 'r2' });
    expect(t.replay.hits({ host: HOST }).map((x) => x.upstreamUrl)).toEqual([
      `https://${HOST}${PROFILE}?actor=${encodeURIComponent(DID)}`,
      `https://${HOST}${REPOSTS}?uri=${encodeURIComponent(URI)}&limit=100`,
    ]);
    t.replay.add({ host: HOST, path: REPOSTS, response: json(bskyRepostedByBody(URI, [], 'r3')) });
    expect(await fetchPostReposts(t.ctx, { ...byDid, cursor: 'r2' })).toEqual({ uri: URI, repostedBy: [], cursor: null });
  });

  it('validation: the post as the post operation takes it; a cursor of another post, the other list or a follower list is INVALID_INPUT', () => {
    const problems = (op: typeof microblogDPostLikes | typeof microblogDPostReposts, args: Record<string, unknown>) => {
      const v = validateArgs(op, args);
      return v.ok ? v.args : v.problems;
    };
    expect(problems(microblogDPostReposts, { uri: ` ${URI}` })).toEqual(byDid);
    const both = 'give exactly one of url or uri';
    expect(problems(microblogDPostLikes, {})).toEqual([
      { param: 'url', message: both },
      { param: 'uri', message: both },
    ]);
    expect(problems(microblogDPostLikes, { url: 'https://bsky.app/profile/harbourweather.bsky.social' })).toEqual([
      { param: 'url', message: expect.stringMatching(/^must be a Bluesky post URL/) },
    ]);
    expect(problems(microblogDPostReposts, { uri: `at://${DID}/app.bsky.feed.like/${RKEY}` })).toEqual([
      { param: 'uri', message: expect.stringMatching(/^must be a post's AT URI/) },
    ]);
    const likesCursor = encodeCursor({ k: `likes:${URI}`, c: 'c2' });
    expect(problems(microblogDPostLikes, { uri: URI, cursor: likesCursor })).toEqual({ ...byDid, cursor: 'c2' });
    const another = [{ param: 'cursor', message: 'belongs to another list (another handle, query or list)' }];
    expect(problems(microblogDPostLikes, { uri: URI.replace(RKEY, '3lkother00001'), cursor: likesCursor })).toEqual(another);
    // The same post by its author's handle is another spelling of the list: its cursors are its own.
    expect(
      problems(microblogDPostLikes, { uri: `at://harbourweather.bsky.social/app.bsky.feed.post/${RKEY}`, cursor: likesCursor }),
    ).toEqual(another);
    expect(problems(microblogDPostReposts, { uri: URI, cursor: likesCursor })).toEqual(another);
    expect(problems(microblogDPostLikes, { uri: URI, cursor: encodeCursor({ k: `followers:${DID}`, c: 'c2' }) })).toEqual(another);
    expect(problems(microblogDPostLikes, { uri: URI, cursor: 'c2' })).toEqual([
      { param: 'cursor', message: 'must be the `cursor` of a previous response, unchanged' },
    ]);
  });

  it("an answer about another post → UPSTREAM_FAILED; the author's handle resolving to another account → UPSTREAM_FAILED, unverified → NOT_FOUND", async () => {
    likes(URI.replace(RKEY, '3lkother00001'), ['kelp']);
    const other = await failure(fetchPostLikes(t.ctx, byDid));
    expect(other.code).toBe('UPSTREAM_FAILED');
    expect(other.message).toMatch(/different resource \(at:\/\/.*3lkother00001\)/);
    // Asked by handle, the answer must name the post by the DID the handle resolved to (not the handle).
    profile();
    t.replay.add({
      host: HOST,
      path: REPOSTS,
      response: json(bskyRepostedByBody(`at://harbourweather.bsky.social/app.bsky.feed.post/${RKEY}`, [])),
    });
    expect((await failure(fetchPostReposts(t.ctx, byHandle))).code).toBe('UPSTREAM_FAILED');
    t.replay.reset();
    profile({ ...harbour, handle: 'someone.else.com' });
    const wrong = await failure(fetchPostLikes(t.ctx, byHandle));
    expect(wrong.code).toBe('UPSTREAM_FAILED');
    expect(wrong.message).toMatch(/different resource \(someone\.else\.com\)/);
    profile({ ...harbour, handle: 'handle.invalid' });
    expect((await failure(fetchPostLikes(t.ctx, byHandle))).code).toBe('NOT_FOUND');
    expect(t.replay.hits({ host: HOST, path: LIKES })).toHaveLength(0);
  });

  // getPosts' answer for a post the AppView does not hold is `{"posts": []}` (it leaves such URIs out);
  // for one it holds, the postView (samples.ts's feed item's post, our own sample).
  it('an empty first page: getPosts says whether the post exists — none: NOT_FOUND; the post, an error or an odd answer: the empty list stands', async () => {
    const POSTS = '/xrpc/app.bsky.feed.getPosts';
    const empty = () => t.replay.add({ host: HOST, path: LIKES, response: json(bskyLikesBody(URI, [])) });
    empty();
    t.replay.add({ host: HOST, path: POSTS, response: json({ posts: [] }) });
    const gone = await failure(fetchPostLikes(t.ctx, byDid));
    expect(gone.code).toBe('NOT_FOUND');
    expect(gone.message).toContain(URI);
    expect(t.replay.hits({ host: HOST, path: POSTS })[0].upstreamUrl).toBe(`https://${HOST}${POSTS}?uris=${encodeURIComponent(URI)}`);
    t.replay.add({ host: HOST, path: REPOSTS, response: json(bskyRepostedByBody(URI, [])) });
    expect((await failure(fetchPostReposts(t.ctx, byDid))).code).toBe('NOT_FOUND');
    for (const answer of [
      json({ posts: [{ uri: URI, cid: 'bafy', author: harbour, record: {}, indexedAt: '2025-03-05T18:00:00.000Z' }] }),
      { status: 500, body: '' },
      json({ error: 'InternalServerError' }, 400),
      { body: '<html></html>' },
      json({}),
    ]) {
      t.replay.reset();
      profile();
      empty();
      t.replay.add({ host: HOST, path: POSTS, response: answer });
      expect(await fetchPostLikes(t.ctx, byDid)).toEqual({ uri: URI, likes: [], cursor: null });
    }
    // A page with likes, and a later empty page (the end of the list), ask nothing more.
    t.replay.reset();
    profile();
    likes(URI, ['kelp']);
    await fetchPostLikes(t.ctx, byDid);
    empty();
    await fetchPostLikes(t.ctx, { ...byDid, cursor: 'c2' });
    expect(t.replay.hits({ host: HOST, path: POSTS })).toHaveLength(0);
  });

  it('an unknown author (getProfile 400 "Profile not found") → NOT_FOUND, the list never asked', async () => {
    t.replay.add({ host: HOST, path: PROFILE, response: json({ error: 'InvalidRequest', message: 'Profile not found' }, 400) });
    const e = await failure(fetchPostReposts(t.ctx, byHandle));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('Profile not found');
    expect(t.replay.hits({ host: HOST, path: REPOSTS })).toHaveLength(0);
  });

  it.each([
    ['429', { status: 429, body: '' }, 'UPSTREAM_BLOCKED', /429/],
    [
      '401 AuthMissing (a login wall)',
      json({ error: 'AuthMissing', message: 'Authentication Required' }, 401),
      'UPSTREAM_BLOCKED',
      /login wall/,
    ],
    ['500', { status: 500, body: '' }, 'UPSTREAM_FAILED', /500/],
    ['an HTML 200', { body: '<html><body>maintenance</body></html>' }, 'UPSTREAM_FAILED', /JSON from app\.bsky\.feed\.getLikes/],
    ['a 200 without its uri', json({ likes: [] }), 'UPSTREAM_FAILED', /missing likes\.uri/],
  ])('getLikes HTTP %s → %s', async (_name, response, code, message) => {
    t.replay.add({ host: HOST, path: LIKES, response });
    const e = await failure(fetchPostLikes(t.ctx, byDid));
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
  });
});
