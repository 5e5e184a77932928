/**
 * Accounts that label themselves `!no-unauthenticated` (content for logged-in viewers only: bsky.app
 * shows a logged-out reader a notice instead). The public AppView answers anonymous callers with
 * their data all the same; the gateway returns none of it (README.md, "Login-only accounts"): the
 * account or post asked → PRIVATE_CONTENT, their entries left out of lists, their records in
 * passed-through objects replaced by the AppView's own not-found stubs.
 *
 * Our own answers (samples.ts), the label in the shape the search capture's four labelled authors
 * carry it; the capture itself is read in place in fetch.test.ts (microblogDSearch).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import type { ReplayContext } from '../../../test/support/replay-upstream.js';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { readProfile } from '../reader.js';
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
import { parseProfile, PLATFORM, withoutLoggedInOnly } from './parse.js';
import { reader } from './reader.js';
import {
  bskyGraphListBody,
  bskyLikesBody,
  bskyPostUri,
  bskyPostViewBody,
  bskyProfileBody,
  bskyProfileViewBody,
  bskyQuoteEmbed,
  bskyRepostedByBody,
  bskyThreadBody,
  samplePlcDid,
} from './samples.js';
import type { BskyPostSample, BskySample } from './samples.js';
import { walls } from './walls.js';

const HOST = 'public.api.bsky.app';
const LABEL = '!no-unauthenticated';
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
const serve = (method: string, body: unknown) => t.replay.add({ host: HOST, path: `/xrpc/${method}`, response: json(body) });
const account = (seed: string, loggedInOnly = false): BskySample => ({
  handle: `${seed}.bsky.social`,
  did: samplePlcDid(seed),
  displayName: seed,
  loggedInOnly,
});

const harbour = account('harbourweather');
const shy = account('shyheron', true);
const kelp = account('kelp');
const postBy = (author: BskySample, rkey: string, more: Partial<BskyPostSample> = {}): BskyPostSample => ({
  author,
  rkey,
  text: `${author.displayName} ${rkey}`,
  ...more,
});
const REPOST = 'app.bsky.feed.defs#reasonRepost';
const notFoundView = (p: BskyPostSample) => ({ $type: 'app.bsky.embed.record#viewNotFound', uri: bskyPostUri(p), notFound: true });
const notFoundPost = (p: BskyPostSample) => ({ $type: 'app.bsky.feed.defs#notFoundPost', uri: bskyPostUri(p), notFound: true });
/** Nothing of the login-only account's in an answer: no handle, no text of theirs, no label. */
const expectNothingOf = (answer: unknown, who: BskySample = shy) => {
  const text = JSON.stringify(answer);
  expect(text).not.toContain(who.handle);
  expect(text).not.toContain(`${who.displayName} `);
  expect(text).not.toContain(LABEL);
};

describe('the account asked is login-only → 403 PRIVATE_CONTENT', () => {
  it('its profile, by handle and by DID (the same account unlabelled is served)', async () => {
    serve('app.bsky.actor.getProfile', bskyProfileBody(shy));
    for (const actor of [shy.handle, shy.did]) {
      const e = await failure(fetchProfile(t.ctx, { actor }));
      expect(e.code).toBe('PRIVATE_CONTENT');
      expect(e.message).toContain('!no-unauthenticated');
    }
    serve('app.bsky.actor.getProfile', bskyProfileBody({ ...shy, loggedInOnly: false }));
    expect((await fetchProfile(t.ctx, { actor: shy.handle })).handle).toBe(shy.handle);
  });

  it('its feed: its own posts, its reposts (the reposter labelled), its pin', async () => {
    const own = bskyPostViewBody(postBy(shy, '3lkshy000001'));
    const reposted = { post: bskyPostViewBody(postBy(kelp, '3lkkelp00001')), reason: { $type: REPOST, by: own.author, indexedAt: 'x' } };
    for (const feed of [[{ post: own }], [reposted], [{ post: own, reason: { $type: 'app.bsky.feed.defs#reasonPin' } }]]) {
      serve('app.bsky.feed.getAuthorFeed', { feed, cursor: '2025-01-01T00:00:00.000Z' });
      expect((await failure(fetchPosts(t.ctx, { actor: shy.handle, cursor: null }))).code).toBe('PRIVATE_CONTENT');
    }
  });

  it('its follower and follow lists (the subject labelled)', async () => {
    serve('app.bsky.graph.getFollowers', bskyGraphListBody('followers', shy, [kelp]));
    serve('app.bsky.graph.getFollows', bskyGraphListBody('follows', shy, [kelp]));
    expect((await failure(fetchFollowers(t.ctx, { actor: shy.did, cursor: null }))).code).toBe('PRIVATE_CONTENT');
    expect((await failure(fetchFollows(t.ctx, { actor: shy.handle, cursor: null }))).code).toBe('PRIVATE_CONTENT');
  });

  it("its post's thread, by handle and by DID; a post that labels itself likewise", async () => {
    const asked = postBy(shy, '3lkshy000002', { replyTo: postBy(harbour, '3lkharb00001') });
    serve('app.bsky.feed.getPostThread', bskyThreadBody({ post: asked, parent: { post: asked.replyTo! } }));
    for (const actor of [shy.handle, shy.did]) {
      const e = await failure(fetchThread(t.ctx, { actor, rkey: asked.rkey, depth: 6 }));
      expect(e.code).toBe('PRIVATE_CONTENT');
      expect(e.message).toContain(`at://${actor}/app.bsky.feed.post/${asked.rkey}`);
    }
    const self = bskyThreadBody({ post: postBy(harbour, '3lkharb00002') });
    ((self.thread as { post: { labels: unknown[] } }).post.labels as unknown[]).push({ src: harbour.did, val: LABEL });
    serve('app.bsky.feed.getPostThread', self);
    expect((await failure(fetchThread(t.ctx, { actor: harbour.did, rkey: '3lkharb00002', depth: 6 }))).code).toBe('PRIVATE_CONTENT');
  });

  it("its post's likes and reposts, by handle and by DID: the author is read first, the list never asked", async () => {
    serve('app.bsky.actor.getProfile', bskyProfileBody(shy));
    const uri = `at://${shy.did}/app.bsky.feed.post/3lkshy000003`;
    serve('app.bsky.feed.getLikes', bskyLikesBody(uri, [{ actor: kelp, createdAt: '2025-03-05T18:00:00.000Z' }]));
    serve('app.bsky.feed.getRepostedBy', bskyRepostedByBody(uri, [kelp]));
    for (const actor of [shy.handle, shy.did]) {
      expect((await failure(fetchPostLikes(t.ctx, { actor, rkey: '3lkshy000003', cursor: null }))).code).toBe('PRIVATE_CONTENT');
      expect((await failure(fetchPostReposts(t.ctx, { actor, rkey: '3lkshy000003', cursor: null }))).code).toBe('PRIVATE_CONTENT');
    }
    expect(t.replay.hits({ host: HOST }).map((h) => h.path)).toEqual(Array(4).fill('/xrpc/app.bsky.actor.getProfile'));
  });
});

describe("in lists, a login-only account's entries are left out (silently); the page's end is the page as answered", () => {
  it('post search: their posts left out, the others kept in order; a page of theirs only keeps its cursor', async () => {
    const posts = [postBy(kelp, '3lkkelp00002'), postBy(shy, '3lkshy000004'), postBy(harbour, '3lkharb00003')];
    serve('app.bsky.feed.searchPosts', { posts: posts.map(bskyPostViewBody), cursor: '25' });
    const page = await fetchSearch(t.ctx, { query: 'tides', cursor: null });
    expect(page.posts.map((p) => p.uri)).toEqual([bskyPostUri(posts[0]), bskyPostUri(posts[2])]);
    expectNothingOf(page);
    serve('app.bsky.feed.searchPosts', { posts: [bskyPostViewBody(posts[1])], cursor: '25' });
    const theirs = await fetchSearch(t.ctx, { query: 'tides', cursor: null });
    expect(theirs.posts).toEqual([]);
    expect(decodeListCursor(theirs.cursor!)).toEqual({ k: 'tides', c: '25' });
  });

  it("an account's feed: a repost of their post left out, the account's own posts kept", async () => {
    const feed = [
      { post: bskyPostViewBody(postBy(harbour, '3lkharb00004')) },
      { post: bskyPostViewBody(postBy(shy, '3lkshy000005')), reason: { $type: REPOST, by: bskyProfileViewBody(harbour), indexedAt: 'x' } },
      { post: bskyPostViewBody(postBy(kelp, '3lkkelp00003')), reason: { $type: REPOST, by: bskyProfileViewBody(harbour), indexedAt: 'x' } },
    ];
    serve('app.bsky.feed.getAuthorFeed', { feed, cursor: '2025-01-01T00:00:00.000Z' });
    const page = await fetchPosts(t.ctx, { actor: harbour.handle, cursor: null });
    expect(page.posts.map((i) => i.post.uri)).toEqual([
      `at://${harbour.did}/app.bsky.feed.post/3lkharb00004`,
      `at://${kelp.did}/app.bsky.feed.post/3lkkelp00003`,
    ]);
    expectNothingOf(page);
    serve('app.bsky.feed.getAuthorFeed', { feed: [feed[1]], cursor: '2024-01-01T00:00:00.000Z' });
    const theirs = await fetchPosts(t.ctx, { actor: harbour.handle, cursor: null });
    expect(theirs.posts).toEqual([]);
    expect(decodeListCursor(theirs.cursor!)?.c).toBe('2024-01-01T00:00:00.000Z');
  });

  it('account search, followers, follows, likes and reposts: their account left out', async () => {
    serve('app.bsky.actor.searchActorsTypeahead', { actors: [kelp, shy, harbour].map(bskyProfileViewBody) });
    expect((await fetchProfileSearch(t.ctx, { query: 'h' })).profiles.map((p) => p.handle)).toEqual([kelp.handle, harbour.handle]);

    serve('app.bsky.graph.getFollowers', bskyGraphListBody('followers', harbour, [shy, kelp], 'f2'));
    const followers = await fetchFollowers(t.ctx, { actor: harbour.handle, cursor: null });
    expect(followers.followers.map((p) => p.handle)).toEqual([kelp.handle]);
    expectNothingOf(followers);
    serve('app.bsky.graph.getFollows', bskyGraphListBody('follows', harbour, [shy], 'f3'));
    const follows = await fetchFollows(t.ctx, { actor: harbour.handle, cursor: null });
    expect(follows.follows).toEqual([]);
    expect(decodeListCursor(follows.cursor!)?.c).toBe('f3');

    serve('app.bsky.actor.getProfile', bskyProfileBody(harbour));
    const uri = `at://${harbour.did}/app.bsky.feed.post/3lkharb00005`;
    serve(
      'app.bsky.feed.getLikes',
      bskyLikesBody(uri, [
        { actor: shy, createdAt: '2025-03-05T18:00:00.000Z' },
        { actor: kelp, createdAt: '2025-03-05T18:00:00.000Z' },
      ]),
    );
    serve('app.bsky.feed.getRepostedBy', bskyRepostedByBody(uri, [kelp, shy]));
    const likes = await fetchPostLikes(t.ctx, { actor: harbour.did, rkey: '3lkharb00005', cursor: null });
    expect(likes.likes.map((l) => l.actor.handle)).toEqual([kelp.handle]);
    const reposts = await fetchPostReposts(t.ctx, { actor: harbour.handle, rkey: '3lkharb00005', cursor: null });
    expect(reposts.repostedBy.map((p) => p.handle)).toEqual([kelp.handle]);
    expectNothingOf([likes, reposts]);
  });

  it('a thread: their reply left out with the replies below it; their parent a #notFoundPost stub that ends the chain', async () => {
    const root = postBy(kelp, '3lkkelp00004');
    const theirParent = postBy(shy, '3lkshy000006', { replyTo: root });
    const asked = postBy(harbour, '3lkharb00006', { replyTo: theirParent, root });
    const theirReply = postBy(shy, '3lkshy000007', { replyTo: asked, root });
    const under = postBy(kelp, '3lkkelp00005', { replyTo: theirReply, root });
    const kept = postBy(kelp, '3lkkelp00006', { replyTo: asked, root });
    serve(
      'app.bsky.feed.getPostThread',
      bskyThreadBody({
        post: asked,
        parent: { post: theirParent, parent: { post: root } },
        replies: [{ post: theirReply, replies: [{ post: under }] }, { post: kept }],
      }),
    );
    const thread = await fetchThread(t.ctx, { actor: harbour.handle, rkey: asked.rkey, depth: 6 });
    expect(thread.parent).toEqual({
      $type: 'app.bsky.feed.defs#notFoundPost',
      uri: bskyPostUri(theirParent),
      post: null,
      authorDid: null,
      parent: null,
    });
    expect(thread.replies.map((r) => r.uri)).toEqual([bskyPostUri(kept)]);
    expectNothingOf(thread);
  });
});

describe("passed-through objects carry no login-only account's record: the AppView's not-found stubs in its place", () => {
  it('a post quoting theirs (record and record-with-media): #viewNotFound in the quoted record; media and the rest kept', async () => {
    const theirs = postBy(shy, '3lkshy000008');
    const quoting = bskyPostViewBody(postBy(kelp, '3lkkelp00007'));
    const withMedia = bskyPostViewBody(postBy(kelp, '3lkkelp00008'));
    const media = {
      $type: 'app.bsky.embed.images#view',
      images: [{ thumb: 'https://cdn.bsky.app/img/t', fullsize: 'https://cdn.bsky.app/img/f', alt: '' }],
    };
    quoting.embed = bskyQuoteEmbed(theirs);
    withMedia.embed = bskyQuoteEmbed(theirs, media);
    // A quote of a quote: the outer quoted post (kelp's) stays, its own embedded quote of theirs is stubbed.
    const nested = bskyPostViewBody(postBy(harbour, '3lkharb00007'));
    const middle = bskyQuoteEmbed(postBy(kelp, '3lkkelp00009'));
    ((middle.record as { embeds: unknown[] }).embeds as unknown[]).push(bskyQuoteEmbed(theirs));
    nested.embed = middle;
    serve('app.bsky.feed.searchPosts', { posts: [quoting, withMedia, nested] });
    const page = await fetchSearch(t.ctx, { query: 'tides', cursor: null });
    expect(page.posts.map((p) => p.embed)).toEqual([
      { $type: 'app.bsky.embed.record#view', record: notFoundView(theirs) },
      {
        $type: 'app.bsky.embed.recordWithMedia#view',
        media,
        record: { $type: 'app.bsky.embed.record#view', record: notFoundView(theirs) },
      },
      {
        $type: 'app.bsky.embed.record#view',
        record: expect.objectContaining({
          $type: 'app.bsky.embed.record#viewRecord',
          uri: `at://${kelp.did}/app.bsky.feed.post/3lkkelp00009`,
          embeds: [{ $type: 'app.bsky.embed.record#view', record: notFoundView(theirs) }],
        }),
      },
    ]);
    expectNothingOf(page);
  });

  it("a feed item answering theirs: its reply's parent and root #notFoundPost, a grandparentAuthor of theirs left out", async () => {
    const root = postBy(shy, '3lkshy000009');
    const parent = postBy(kelp, '3lkkelp00010', { replyTo: root });
    const item = postBy(harbour, '3lkharb00008', { replyTo: parent, root });
    const view = (p: BskyPostSample) => ({ $type: 'app.bsky.feed.defs#postView', ...bskyPostViewBody(p) });
    serve('app.bsky.feed.getAuthorFeed', {
      feed: [
        { post: bskyPostViewBody(item), reply: { root: view(root), parent: view(parent), grandparentAuthor: bskyProfileViewBody(shy) } },
        { post: bskyPostViewBody(postBy(harbour, '3lkharb00009', { replyTo: root })), reply: { root: view(root), parent: view(root) } },
      ],
    });
    const page = await fetchPosts(t.ctx, { actor: harbour.did, cursor: null });
    expect(page.posts[0].reply).toEqual({ root: notFoundPost(root), parent: expect.objectContaining({ uri: bskyPostUri(parent) }) });
    expect(page.posts[1].reply).toEqual({ root: notFoundPost(root), parent: notFoundPost(root) });
    expectNothingOf(page);
  });

  it('withoutLoggedInOnly: a feed generator, list or starter pack of theirs in an embed is #viewNotFound; an account of theirs without a URI is left out', () => {
    const creator = bskyProfileViewBody(shy);
    const gen = {
      $type: 'app.bsky.feed.defs#generatorView',
      uri: `at://${shy.did}/app.bsky.feed.generator/tides`,
      creator,
      displayName: 'Tides',
    };
    expect(withoutLoggedInOnly({ $type: 'app.bsky.embed.record#view', record: gen })).toEqual({
      $type: 'app.bsky.embed.record#view',
      record: { $type: 'app.bsky.embed.record#viewNotFound', uri: gen.uri, notFound: true },
    });
    const pack = {
      uri: 'at://x/app.bsky.graph.starterpack/1',
      listItemsSample: [
        { uri: 'at://x/i/1', subject: creator },
        { uri: 'at://x/i/2', subject: bskyProfileViewBody(kelp) },
      ],
    };
    expect(withoutLoggedInOnly(pack).listItemsSample).toEqual([
      { uri: 'at://x/i/1' },
      { uri: 'at://x/i/2', subject: bskyProfileViewBody(kelp) },
    ]);
    expect(withoutLoggedInOnly([creator, bskyProfileViewBody(kelp)])).toEqual([bskyProfileViewBody(kelp)]);
  });
});

describe('discovery reader', () => {
  it('a login-only account is not readable: PRIVATE_CONTENT, no view (no bio, links, domains)', async () => {
    const ctx = fakeContext(() => ({
      body: JSON.stringify(
        bskyProfileBody({ ...shy, handle: 'shyheron.studio', description: 'mail me: heron@shyheron.studio https://shyheron.studio' }),
      ),
      headers: { 'content-type': 'application/json' },
    }));
    const e = await failure(readProfile(reader, ctx, 'shyheron.studio'));
    expect(e.code).toBe('PRIVATE_CONTENT');
    // A labelled record reaching the view however it came (a cache, a future shared read) is refused there too.
    expect(() => reader.view(parseProfile(bskyProfileBody(shy)), shy.handle)).toThrow(/private/);
    expect(reader.view(parseProfile(bskyProfileBody(kelp)), kelp.handle).handle).toBe(kelp.handle);
  });
});
