/**
 * microblog-d parsers on the real captures (../shared/fixtures/microblog-d/, facts from its
 * SOURCES.md; read in place) and on answers of our own for what no capture shows (said so per
 * test): degraded fields, a missing identity, inputs. No capture of the follower and follow lists
 * (app.bsky.graph.getFollowers / getFollows) exists: their pages here are samples.ts's, written
 * from the lexicon; the captures' real profile views are fed through the list parser to show the
 * account record keeps them as sent. No capture of a post's thread (app.bsky.feed.getPostThread)
 * exists either: the captured getAuthorFeed postViews (a reply and the root post it answers) are
 * put into threads written from the lexicon, so the thread's posts are real; the other threads
 * are samples.ts's. Nor of who liked or reposted a post (app.bsky.feed.getLikes / getRepostedBy):
 * their envelopes are written here from the lexicon, their accounts the captures' real profile views
 * (the typeahead's actors, the post search's authors), read in place.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fixturePath, hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import {
  normalizeActor,
  parseActors,
  parseFeed,
  parseGraphList,
  parseLikes,
  parsePostUri,
  parsePostUrl,
  parseProfile,
  parseRepostedBy,
  parseSearch,
  parseThread,
  PARENT_HEIGHT,
  withoutViewer,
} from './parse.js';
import type { MicroblogDThread } from './parse.js';
import {
  bskyGraphListBody,
  bskyLikesBody,
  bskyPostUri,
  bskyPostViewBody,
  bskyProfileBody,
  bskyProfileViewBody,
  bskyRepostedByBody,
  bskyThreadBody,
  bskyThreadEntryBody,
  samplePlcDid,
} from './samples.js';
import type { BskyPostSample } from './samples.js';
import {
  MicroblogDActor,
  MicroblogDFollowersPage,
  MicroblogDFollowsPage,
  MicroblogDPostLikesPage,
  MicroblogDPostRepostsPage,
  MicroblogDProfile,
  MicroblogDProfileSearch,
  MicroblogDProfileView,
  MicroblogDPostsPage,
  MicroblogDSearchPage,
  MicroblogDThread as MicroblogDThreadSchema,
} from './schema.js';

const LABEL = 'microblog-d';
const load = (file: string): unknown => JSON.parse(readFixture(LABEL, file));
const DID = 'did:plc:wpe35pganb6d4pg4ekmfy6u5';

describe.skipIf(!hasFixtures(LABEL))(`microblog-d captures (${skipReason(LABEL)}; ${fixturePath(LABEL)})`, () => {
  it('getProfile(s): the profileViewDetailed facts, no viewer state, no warnings', () => {
    // getProfiles' one entry is getProfile's body (SOURCES.md).
    const body = (load('getprofiles-chriskenny-2025-05-19.json') as { profiles: unknown[] }).profiles[0];
    const { result: p, warnings } = captureWarnings(() => parseProfile(body));
    expect(warnings).toEqual([]);
    expect(p).toMatchObject({
      did: DID,
      handle: 'chriskenny.bsky.social',
      displayName: 'Chris Kenny',
      description: "PhD '25 Government @harvard.edu. Studies redistricting in #rstats.\nhttps://christophertkenny.com/",
      followersCount: 554,
      followsCount: 296,
      postsCount: 65,
      createdAt: '2023-09-19T15:47:01.417Z',
      indexedAt: '2025-04-26T18:24:05.352Z',
      associated: { lists: 1, feedgens: 0, starterPacks: 1, labeler: false, chat: { allowIncoming: 'following' } },
      pinnedPost: null,
    });
    expect(p.avatar).toMatch(/^https:\/\/cdn\.bsky\.app\/img\/avatar\/plain\/did:plc:wpe35pganb6d4pg4ekmfy6u5\//);
    expect(p.banner).toMatch(/^https:\/\/cdn\.bsky\.app\/img\/banner\/plain\//);
    expect(p).not.toHaveProperty('viewer');
    expect(MicroblogDProfile.parse(p)).toEqual(p);
  });

  it('getAuthorFeed: 50 items, replies, reposts by the account, the upstream cursor', () => {
    const { result, warnings } = captureWarnings(() => parseFeed(load('getauthorfeed-chriskenny-2025-05-19.json')));
    expect(warnings).toEqual([]);
    const { items, cursor } = result;
    expect(items).toHaveLength(50);
    expect(cursor).toBe('2024-03-21T23:36:16.378Z');
    const [first, second] = items;
    expect(first.post.uri).toBe(`at://${DID}/app.bsky.feed.post/3lof7sovfok2h`);
    expect(first.post.record?.createdAt).toBe('2025-05-05T01:30:17.912Z');
    expect(first.post.record?.text).toMatch(/^If you’re running this on GHA, you may now want to make sure magick is installed too/);
    expect(first.post).toMatchObject({ replyCount: 1, likeCount: 0 });
    expect(first.reply).toEqual(expect.objectContaining({ root: expect.any(Object), parent: expect.any(Object) }));
    expect(second.post.uri).toBe(`at://${DID}/app.bsky.feed.post/3loagm2phgk2t`);
    expect(second.post.record?.text).toMatch(/^#rstats `bskyr` 0\.3\.0 is now on CRAN\./);
    expect(second.post).toMatchObject({ likeCount: 3, repostCount: 2, embed: { $type: 'app.bsky.embed.recordWithMedia#view' } });
    // The record is the author's own, passed through (facets, langs).
    expect(second.post.record).toMatchObject({ $type: 'app.bsky.feed.post', langs: ['en'] });
    const reposts = items.filter((i) => i.reason?.$type === 'app.bsky.feed.defs#reasonRepost');
    expect(reposts).toHaveLength(7);
    expect(reposts.every((i) => i.reason?.by?.handle === 'chriskenny.bsky.social')).toBe(true);
    expect(reposts[0].post.uri).toBe('at://did:plc:n65dhyosfrm6t7jhzum76exq/app.bsky.feed.post/3lnneysi3ps2c');
    expect(reposts[0].post.author?.handle).toBe('mickael.canouil.fr');
    const last = items[49];
    expect(last.post.uri).toBe(`at://${DID}/app.bsky.feed.post/3koakqbeoil22`);
    expect(last.post.record?.createdAt).toBe('2024-03-21T23:36:16.378Z');
    // The capture was recorded logged in: its viewer state is in no record, nested posts included.
    expect(JSON.stringify(items).includes('"viewer"')).toBe(false);
    expect(() => MicroblogDPostsPage.parse({ posts: items, cursor: 'x' })).not.toThrow();
  });

  it('searchPosts: 25 postViews, the offset cursor "25", microsecond dates kept as sent', () => {
    const { result, warnings } = captureWarnings(() => parseSearch(load('searchposts-redistricting-2025-05-19.json')));
    expect(warnings).toEqual([]);
    expect(result.posts).toHaveLength(25);
    expect(result.cursor).toBe('25');
    const [first, second] = result.posts;
    expect(first.uri).toBe('at://did:plc:kkergqgbhb56ptpwj2wenkje/app.bsky.feed.post/3lpk2u6qo222m');
    expect(first.author).toMatchObject({ handle: 'socpaperbot.bsky.social', displayName: 'Sociology papers (journals + SocArXiv)' });
    expect(first.record?.text).toMatch(/^Ends Versus Means: Public Opinion on Congressional Redistricting https:\/\/osf\.io\/v87fn/);
    expect(first.record?.createdAt).toBe('2025-05-19T17:10:09.561858Z');
    expect(first.indexedAt).toBe('2025-05-19T17:10:09.813Z');
    expect(second.author).toMatchObject({ handle: 'cjtackett.bsky.social', displayName: 'Chris Tackett' });
    expect(second.record?.text).toMatch(/^I dove into the RIDICULOUS op-ed/);
    expect(second.likeCount).toBe(4);
    expect(() => MicroblogDSearchPage.parse({ posts: result.posts, cursor: null })).not.toThrow();
  });

  it('searchActorsTypeahead: 10 profileViewBasic, no description or counts', () => {
    const { result, warnings } = captureWarnings(() => parseActors(load('searchactorstypeahead-political-science-2025-05-19.json')));
    expect(warnings).toEqual([]);
    expect(result).toHaveLength(10);
    expect(result[0]).toEqual({
      did: 'did:plc:xzzesxndb6f3xsp2phcfhb5n',
      handle: 'bjpols.bsky.social',
      displayName: 'British Journal of Political Science',
      avatar: expect.stringMatching(/^https:\/\/cdn\.bsky\.app\//),
      associated: { chat: { allowIncoming: 'following' } },
      labels: [],
      createdAt: '2023-10-05T11:25:58.672Z',
    });
    expect(result[1]).toMatchObject({
      handle: 'pspolisci.bsky.social',
      displayName: 'PS: Political Science & Politics',
      createdAt: '2023-11-08T20:46:34.135Z',
    });
    expect(result[2]).toMatchObject({
      handle: 'cambup-polsci.cambridge.org',
      displayName: 'Cambridge University Press Political Science & IR',
    });
    expect(() => MicroblogDProfileSearch.parse({ profiles: result })).not.toThrow();
  });

  // No capture of getFollowers/getFollows: the typeahead's real profile views, as a list's accounts.
  it("the typeahead's real profile views parse into the follower list's account record unchanged", () => {
    const actors = (load('searchactorstypeahead-political-science-2025-05-19.json') as { actors: Record<string, unknown>[] }).actors;
    const { result, warnings } = captureWarnings(() => parseGraphList({ followers: actors, subject: actors[0] }, 'followers'));
    expect(warnings).toEqual([]);
    expect(result.accounts).toHaveLength(10);
    expect(result.cursor).toBeNull();
    expect(result.accounts[0]).toEqual({
      did: 'did:plc:xzzesxndb6f3xsp2phcfhb5n',
      handle: 'bjpols.bsky.social',
      displayName: 'British Journal of Political Science',
      avatar: actors[0].avatar,
      associated: { chat: { allowIncoming: 'following' } },
      labels: [],
      createdAt: '2023-10-05T11:25:58.672Z',
      // profileView's own members, which a profileViewBasic does not carry.
      description: null,
      indexedAt: null,
    });
    expect(result.subject).toEqual(result.accounts[0]);
    const typeahead = parseActors({ actors });
    for (const [i, captured] of actors.entries()) {
      const { viewer: _viewer, ...sent } = captured;
      const got = result.accounts[i];
      // Every member as sent (the logged-in viewer's state aside), nothing added but the two nulls.
      expect(got).toEqual({ associated: null, ...sent, description: null, indexedAt: null });
      expect(MicroblogDProfileView.parse(got)).toEqual(got);
      // On profileViewBasic's members, the same record as account search's.
      const { description: _d, indexedAt: _i, ...basic } = got;
      expect(MicroblogDActor.parse(basic)).toEqual(typeahead[i]);
    }
  });

  it("getProfiles' real profileViewDetailed as a list's subject: its bio and indexedAt kept", () => {
    const profile = (load('getprofiles-chriskenny-2025-05-19.json') as { profiles: unknown[] }).profiles[0];
    const { result, warnings } = captureWarnings(() => parseGraphList({ follows: [], subject: profile }, 'follows'));
    expect(warnings).toEqual([]);
    expect(result.subject).toMatchObject({
      did: DID,
      handle: 'chriskenny.bsky.social',
      displayName: 'Chris Kenny',
      description: "PhD '25 Government @harvard.edu. Studies redistricting in #rstats.\nhttps://christophertkenny.com/",
      createdAt: '2023-09-19T15:47:01.417Z',
      indexedAt: '2025-04-26T18:24:05.352Z',
      associated: { lists: 1, feedgens: 0, starterPacks: 1, labeler: false, chat: { allowIncoming: 'following' } },
    });
    expect(result.subject).not.toHaveProperty('viewer');
    expect(() => MicroblogDFollowsPage.parse({ subject: result.subject, follows: result.accounts, cursor: null })).not.toThrow();
  });

  // No capture of getLikes: a written envelope (the lexicon's `{uri, likes: [{indexedAt, createdAt, actor}], cursor}`)
  // around the typeahead capture's real profile views.
  it("getLikes (a written envelope) with the typeahead's real profile views as its actors: each the account record, as sent", () => {
    const actors = (load('searchactorstypeahead-political-science-2025-05-19.json') as { actors: Record<string, unknown>[] }).actors;
    const uri = 'at://did:plc:xzzesxndb6f3xsp2phcfhb5n/app.bsky.feed.post/3lkwritten001';
    const likes = actors.map((actor, i) => ({
      actor,
      createdAt: `2025-05-19T17:${10 + i}:00.000Z`,
      indexedAt: `2025-05-19T17:${10 + i}:01.000Z`,
    }));
    const { result, warnings } = captureWarnings(() => parseLikes({ uri, likes, cursor: '1747674600000::bafy' }));
    expect(warnings).toEqual([]);
    expect(result.uri).toBe(uri);
    expect(result.cursor).toBe('1747674600000::bafy');
    expect(result.entries).toHaveLength(10);
    expect(result.entries[0]).toEqual({
      actor: {
        did: 'did:plc:xzzesxndb6f3xsp2phcfhb5n',
        handle: 'bjpols.bsky.social',
        displayName: 'British Journal of Political Science',
        avatar: actors[0].avatar,
        associated: { chat: { allowIncoming: 'following' } },
        labels: [],
        createdAt: '2023-10-05T11:25:58.672Z',
        // profileView's own members, which a profileViewBasic does not carry.
        description: null,
        indexedAt: null,
      },
      createdAt: '2025-05-19T17:10:00.000Z',
      indexedAt: '2025-05-19T17:10:01.000Z',
    });
    expect(result.entries[1].actor).toMatchObject({
      handle: 'pspolisci.bsky.social',
      displayName: 'PS: Political Science & Politics',
      createdAt: '2023-11-08T20:46:34.135Z',
    });
    expect(result.entries[2].actor).toMatchObject({
      handle: 'cambup-polsci.cambridge.org',
      displayName: 'Cambridge University Press Political Science & IR',
    });
    // The same account record as the follower list's for the same profile view.
    const graph = parseGraphList({ followers: actors, subject: actors[0] }, 'followers');
    expect(result.entries.map((l) => l.actor)).toEqual(graph.accounts);
    expect(JSON.stringify(result).includes('"viewer"')).toBe(false);
    const page = { uri, likes: result.entries, cursor: 'x' };
    expect(MicroblogDPostLikesPage.parse(page)).toEqual(page);
  });

  // No capture of getRepostedBy: a written envelope (`{uri, repostedBy: [profileView…], cursor?}`)
  // around the post search capture's real authors.
  it("getRepostedBy (a written envelope) with the post search's real authors as its accounts", () => {
    const posts = (load('searchposts-redistricting-2025-05-19.json') as { posts: { author: Record<string, unknown> }[] }).posts;
    const uri = 'at://did:plc:kkergqgbhb56ptpwj2wenkje/app.bsky.feed.post/3lpk2u6qo222m';
    const { result, warnings } = captureWarnings(() => parseRepostedBy({ uri, repostedBy: [posts[0].author, posts[1].author] }));
    expect(warnings).toEqual([]);
    expect(result.uri).toBe(uri);
    expect(result.cursor).toBeNull();
    expect(result.entries.map((a) => [a.handle, a.displayName])).toEqual([
      ['socpaperbot.bsky.social', 'Sociology papers (journals + SocArXiv)'],
      ['cjtackett.bsky.social', 'Chris Tackett'],
    ]);
    expect(result.entries[0].did).toBe('did:plc:kkergqgbhb56ptpwj2wenkje');
    for (const [i, a] of result.entries.entries()) {
      const { viewer: _viewer, ...sent } = posts[i].author;
      expect(a).toEqual({
        associated: null,
        labels: [],
        displayName: null,
        avatar: null,
        createdAt: null,
        ...sent,
        description: null,
        indexedAt: null,
      });
    }
    const page = { uri, repostedBy: result.entries, cursor: null };
    expect(MicroblogDPostRepostsPage.parse(page)).toEqual(page);
  });

  // No capture of getPostThread: the feed's first item (a reply) and the root post it answers, both
  // real postViews, put into the thread union as the lexicon nests it (threadViewPost {post, parent?, replies?}).
  it("getAuthorFeed's real postViews in a thread: each the posts operation's record, unchanged but the viewer's state", () => {
    const feed = load('getauthorfeed-chriskenny-2025-05-19.json') as {
      feed: { post: Record<string, unknown>; reply: { root: Record<string, unknown>; parent: Record<string, unknown> } }[];
    };
    const [item] = feed.feed;
    const tvp = (post: unknown, more: Record<string, unknown> = {}) => ({ $type: 'app.bsky.feed.defs#threadViewPost', post, ...more });
    const asked = captureWarnings(() => parseThread({ thread: tvp(item.post, { parent: tvp(item.reply.parent), replies: [] }) }, 6));
    expect(asked.warnings).toEqual([]);
    const thread = ('found' in asked.result && asked.result.found) as MicroblogDThread;
    // The same record the posts operation makes of it (parseFeed), and the postView as sent.
    expect(thread.post).toEqual(parseFeed({ feed: [item] }).items[0].post);
    const { viewer: _v, ...sent } = item.post as Record<string, unknown> & { author: Record<string, unknown> };
    expect(thread.post).toEqual({ ...withoutViewer(sent), embed: null });
    // SOURCES.md's facts of the first feed item.
    expect(thread.post).toMatchObject({
      uri: `at://${DID}/app.bsky.feed.post/3lof7sovfok2h`,
      replyCount: 1,
      likeCount: 0,
      record: { createdAt: '2025-05-05T01:30:17.912Z' },
    });
    expect(thread.post.record?.text).toMatch(/^If you’re running this on GHA, you may now want to make sure magick is installed too/);
    // Its parent: the root post its record's `reply` names, a real postView of another account. In
    // the feed's reply refs it is a union member, so it carries `$type` (…#postView); a thread's
    // `post` is not, and the post record has no `$type` member.
    const { $type: _t, ...parentSent } = item.reply.parent;
    expect(thread.parent).toEqual({
      $type: 'app.bsky.feed.defs#threadViewPost',
      uri: (thread.post.record as unknown as { reply: { parent: { uri: string } } }).reply.parent.uri,
      post: { ...withoutViewer(parentSent), author: { associated: null, ...withoutViewer(parentSent.author as object) } },
      authorDid: 'did:plc:z4cp3uwgxiioi7uaxn2boq47',
      parent: null,
    });
    expect(thread.parent?.post?.author).toMatchObject({ handle: 'smachlis.bsky.social', displayName: 'Sharon Machlis', associated: null });
    expect(thread.replies).toEqual([]);
    expect(MicroblogDThreadSchema.parse(thread)).toEqual(thread);

    // The root post asked: the captured reply is its reply.
    const root = captureWarnings(() => parseThread({ thread: tvp(item.reply.root, { replies: [tvp(item.post)] }) }, 6));
    expect(root.warnings).toEqual([]);
    const rootThread = ('found' in root.result && root.result.found) as MicroblogDThread;
    expect(rootThread.parent).toBeNull();
    expect(rootThread.post.uri).toBe('at://did:plc:z4cp3uwgxiioi7uaxn2boq47/app.bsky.feed.post/3lobj4swhjo2x');
    expect(rootThread.post.record?.text).toMatch(/^Daily number of Bluesky posts with the #RStats hashtag/);
    expect(rootThread.replies).toEqual([
      { $type: 'app.bsky.feed.defs#threadViewPost', uri: thread.post.uri, post: thread.post, authorDid: DID, replies: [] },
    ]);
    expect(JSON.stringify(rootThread).includes('"viewer"')).toBe(false);
    expect(MicroblogDThreadSchema.parse(rootThread)).toEqual(rootThread);
  });
});

// Answers of our own (no capture shows these): a profile and posts derived from the lexicon's shapes.
describe('microblog-d parsers, degraded answers (our own)', () => {
  const did = 'did:plc:abcdefghijklmnopqrstuvwx';

  it('a profile without its DID is a changed shape (UPSTREAM_FAILED)', () => {
    expect(() => parseProfile({ handle: 'x.bsky.social' })).toThrow(/missing profile\.did/);
    expect(() => parseProfile('<html>')).toThrow(/UPSTREAM|changed shape/);
  });

  it('a profile missing its counts: null plus one warning each; optional fields absent: null, silent', () => {
    const { result, warnings } = captureWarnings(() => parseProfile({ did, handle: 'harbourweather.bsky.social' }));
    expect(result).toMatchObject({ did, displayName: null, description: null, followersCount: null, postsCount: null, labels: [] });
    expect(warnings.map((w) => w.field).sort()).toEqual(['profile.followersCount', 'profile.followsCount', 'profile.postsCount']);
    expect(MicroblogDProfile.parse(result)).toEqual(result);
  });

  // Our own answer: the profileViewDetailed lexicon has carried `website` (a URI) since the
  // profile record gained it (bluesky-social/atproto#4224, 2025); the capture predates it.
  it("a profile's website (profileViewDetailed `website`) is kept; absent, null and silent", () => {
    const body = { ...bskyProfileBody({ handle: 'harbourweather.bsky.social', did }), website: 'https://harbour-weather.example/' };
    const { result, warnings } = captureWarnings(() => parseProfile(body));
    expect(result.website).toBe('https://harbour-weather.example/');
    expect(warnings).toEqual([]);
    expect(MicroblogDProfile.parse(result)).toEqual(result);
    const without = captureWarnings(() => parseProfile(bskyProfileBody({ handle: 'harbourweather.bsky.social', did })));
    expect(without.result.website).toBeNull();
    expect(without.warnings).toEqual([]);
  });

  // Our own answer: profileViewDetailed carries `pronouns` (a string) beside `website` (the
  // lexicon at bluesky-social/atproto 7f38ee0, lexicons/app/bsky/actor/defs.json); the capture predates it.
  it("a profile's pronouns (profileViewDetailed `pronouns`) are kept as written; absent, null and silent", () => {
    const body = { ...bskyProfileBody({ handle: 'harbourweather.bsky.social', did }), pronouns: 'they/them' };
    const { result, warnings } = captureWarnings(() => parseProfile(body));
    expect(result.pronouns).toBe('they/them');
    expect(warnings).toEqual([]);
    expect(MicroblogDProfile.parse(result)).toEqual(result);
    const without = captureWarnings(() => parseProfile(bskyProfileBody({ handle: 'harbourweather.bsky.social', did })));
    expect(without.result.pronouns).toBeNull();
    expect(without.warnings).toEqual([]);
  });

  it('a feed item whose post has no URI is left out (warned); the others stay', () => {
    const post = (rkey: string) => ({
      uri: `at://${did}/app.bsky.feed.post/${rkey}`,
      cid: 'bafy',
      author: { did, handle: 'harbourweather.bsky.social' },
      record: { $type: 'app.bsky.feed.post', text: `tide ${rkey}`, createdAt: '2025-01-01T00:00:00.000Z' },
      replyCount: 0,
      repostCount: 0,
      likeCount: 1,
      quoteCount: 0,
      indexedAt: '2025-01-01T00:00:01.000Z',
      labels: [],
    });
    const { result, warnings } = captureWarnings(() =>
      parseFeed({ feed: [{ post: post('a') }, { post: { ...post('b'), uri: undefined } }, { post: { ...post('c'), likeCount: 'many' } }] }),
    );
    expect(result.items.map((i) => i.post.uri.split('/').pop())).toEqual(['a', 'c']);
    expect(result.items[1].post.likeCount).toBeNull();
    expect(result.cursor).toBeNull();
    expect(warnings.map((w) => `${w.field} ${w.detail}`)).toEqual([
      'feed.feed element 1: microblog-d: upstream response changed shape: missing feed.feed.post.uri',
      'feed.feed.post.likeCount unexpected type',
    ]);
  });

  const feedPost = (rkey: string, author: unknown = { did, handle: 'harbourweather.bsky.social' }) => ({
    uri: `at://${did}/app.bsky.feed.post/${rkey}`,
    cid: 'bafy',
    author,
    record: { $type: 'app.bsky.feed.post', text: `tide ${rkey}`, createdAt: '2025-01-01T00:00:00.000Z' },
    replyCount: 0,
    repostCount: 0,
    likeCount: 1,
    indexedAt: '2025-01-01T00:00:01.000Z',
  });
  const stranger = { did: 'did:plc:zzzzzzzzzzzzzzzzzzzzzzzz', handle: 'stranger.bsky.social' };
  const REPOST = 'app.bsky.feed.defs#reasonRepost';

  it("a repost's reason missing its date: null plus a warning (the lexicon requires it); a pin has neither reposter nor date, silently", () => {
    const { result, warnings } = captureWarnings(() =>
      parseFeed({
        feed: [
          { post: feedPost('a', stranger), reason: { $type: REPOST, by: { did, handle: 'harbourweather.bsky.social' } } },
          { post: feedPost('b'), reason: { $type: 'app.bsky.feed.defs#reasonPin' } },
        ],
      }),
    );
    expect(result.items.map((i) => i.reason)).toEqual([
      { $type: REPOST, by: expect.objectContaining({ did }), indexedAt: null },
      { $type: 'app.bsky.feed.defs#reasonPin', by: null, indexedAt: null },
    ]);
    expect(warnings.map((w) => `${w.field} ${w.detail}`)).toEqual(['feed.feed.reason.indexedAt missing']);
  });

  it("a feed item whose owner is unreadable is left out (warned): a repost without its reposter, a post without its author or the author's DID", () => {
    const { result, warnings } = captureWarnings(() =>
      parseFeed({
        feed: [
          { post: feedPost('a') },
          // A repost names its reposter: its post's author (another account) never stands for it.
          { post: feedPost('b', stranger), reason: { $type: REPOST, indexedAt: '2025-01-02T00:00:00.000Z' } },
          { post: { ...feedPost('c'), author: undefined } },
          { post: feedPost('d', { handle: 'harbourweather.bsky.social' }) },
          // A repost's post without its author is still the reposter's item.
          {
            post: feedPost('e', 'unreadable'),
            reason: { $type: REPOST, by: { did, handle: 'harbourweather.bsky.social' }, indexedAt: '2025-01-02T00:00:00.000Z' },
          },
        ],
      }),
    );
    expect(result.items.map((i) => i.post.uri.split('/').pop())).toEqual(['a', 'e']);
    expect(result.items[1].post.author).toBeNull();
    expect(warnings.map((w) => `${w.field} ${w.detail}`)).toEqual([
      'feed.feed.reason.by missing',
      "feed.feed element 1: microblog-d: upstream response changed shape: missing feed.feed owner (a repost's reason.by, else post.author, with its DID)",
      'feed.feed.post.author missing',
      "feed.feed element 2: microblog-d: upstream response changed shape: missing feed.feed owner (a repost's reason.by, else post.author, with its DID)",
      'feed.feed.post.author microblog-d: upstream response changed shape: missing feed.feed.post.author.did',
      "feed.feed element 3: microblog-d: upstream response changed shape: missing feed.feed owner (a repost's reason.by, else post.author, with its DID)",
      'feed.feed.post.author unexpected type',
    ]);
  });

  it("a post's author without its DID is null (warned), the post stands: a search result, a thread's post", () => {
    const search = captureWarnings(() => parseSearch({ posts: [feedPost('a', { handle: 'harbourweather.bsky.social' }), feedPost('b')] }));
    expect(search.result.posts.map((p) => [p.uri.split('/').pop(), p.author?.did ?? null])).toEqual([
      ['a', null],
      ['b', did],
    ]);
    expect(search.warnings.map((w) => `${w.field} ${w.detail}`)).toEqual([
      'search.posts.author microblog-d: upstream response changed shape: missing search.posts.author.did',
    ]);
    const thread = captureWarnings(() =>
      parseThread({ thread: { $type: 'app.bsky.feed.defs#threadViewPost', post: feedPost('a', { handle: 'x.bsky.social' }) } }, 6),
    );
    expect(thread.result).toMatchObject({ found: { post: { uri: `at://${did}/app.bsky.feed.post/a`, author: null, likeCount: 1 } } });
    expect(thread.warnings.map((w) => w.field)).toEqual(['thread.post.author']);
  });

  it('a follower page (samples.ts, from the lexicon): subject, accounts with their bios, cursor; no viewer state', () => {
    const subject = { handle: 'harbourweather.bsky.social', did, displayName: 'Harbour Weather' };
    const fan = { handle: 'tidewatcher.example.org', did: samplePlcDid('tidewatcher'), displayName: 'Tide Watcher', description: 'Tides.' };
    const { result, warnings } = captureWarnings(() =>
      parseGraphList(bskyGraphListBody('followers', subject, [fan], '3lkfollowersnext'), 'followers'),
    );
    expect(warnings).toEqual([]);
    expect(result.subject).toMatchObject({ did, handle: 'harbourweather.bsky.social', displayName: 'Harbour Weather' });
    expect(result.accounts).toEqual([
      expect.objectContaining({ did: fan.did, handle: fan.handle, description: 'Tides.', indexedAt: '2025-04-26T18:24:05.352Z' }),
    ]);
    expect(result.cursor).toBe('3lkfollowersnext');
    expect(JSON.stringify(result).includes('"viewer"')).toBe(false);
    expect(() => MicroblogDFollowersPage.parse({ subject: result.subject, followers: result.accounts, cursor: 'x' })).not.toThrow();
  });

  it("a list's accounts degrade one field at a time; one without its DID is left out (warned)", () => {
    const view = (seed: string) => bskyProfileViewBody({ handle: `${seed}.bsky.social`, did: samplePlcDid(seed) });
    const bare = { did: samplePlcDid('bare'), handle: 'bare.bsky.social' };
    const { handle: _h, ...noHandle } = view('nohandle');
    const { did: _d, ...noDid } = view('nodid');
    const { result, warnings } = captureWarnings(() =>
      parseGraphList({ subject: view('subject'), follows: [bare, noHandle, noDid, { ...view('typed'), createdAt: 12 }] }, 'follows'),
    );
    expect(result.accounts.map((a) => a.did)).toEqual([samplePlcDid('bare'), samplePlcDid('nohandle'), samplePlcDid('typed')]);
    // Lexicon-optional members absent: null, silently.
    expect(result.accounts[0]).toEqual({
      ...bare,
      displayName: null,
      avatar: null,
      associated: null,
      labels: [],
      createdAt: null,
      description: null,
      indexedAt: null,
    });
    expect(result.accounts[1].handle).toBeNull();
    expect(result.accounts[2].createdAt).toBeNull();
    expect(warnings.map((w) => `${w.field} ${w.detail}`)).toEqual([
      'follows.follows.handle missing',
      'follows.follows element 2: microblog-d: upstream response changed shape: missing follows.follows.did',
      'follows.follows.createdAt unexpected type',
    ]);
    for (const a of result.accounts) expect(MicroblogDProfileView.parse(a)).toEqual(a);
  });

  it('a follower or follow page without its subject (or the subject without its DID) is a changed shape', () => {
    const view = bskyProfileViewBody({ handle: 'harbourweather.bsky.social', did });
    expect(() => parseGraphList({ followers: [view] }, 'followers')).toThrow(/missing followers\.subject/);
    expect(() => parseGraphList({ followers: [], subject: { handle: 'harbourweather.bsky.social' } }, 'followers')).toThrow(
      /missing followers\.subject\.did/,
    );
    expect(() => parseGraphList({ subject: view, followers: {} }, 'followers')).toThrow(/missing followers\.followers/);
    expect(() => parseGraphList({ subject: view, followers: [view] }, 'follows')).toThrow(/missing follows\.follows/);
    expect(() => parseGraphList('<html>', 'follows')).toThrow(/UPSTREAM|changed shape/);
  });

  it('a body without its list is a changed shape', () => {
    expect(() => parseFeed({ cursor: 'x' })).toThrow(/missing feed\.feed/);
    expect(() => parseSearch({})).toThrow(/missing search\.posts/);
    expect(() => parseActors({ actors: 'none' })).toThrow(/missing typeahead\.actors/);
  });
});

// No capture of getLikes / getRepostedBy: samples.ts's envelopes, written from the lexicon.
describe("microblog-d a post's likes and reposts (samples.ts, our own)", () => {
  const uri = 'at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3lkdemo0000a2';
  const fan = (seed: string) => ({
    handle: `${seed}.bsky.social`,
    did: samplePlcDid(seed),
    displayName: seed,
    description: `I am ${seed}.`,
  });

  it('a likes page: the post, each like with its account and dates, the cursor; a reposts page: the accounts', () => {
    const { result, warnings } = captureWarnings(() =>
      parseLikes(
        bskyLikesBody(uri, [{ actor: fan('kelp'), createdAt: '2025-03-05T18:00:00.000Z', indexedAt: '2025-03-05T18:00:02.000Z' }], 'c2'),
      ),
    );
    expect(warnings).toEqual([]);
    expect(result).toEqual({
      uri,
      entries: [
        {
          actor: expect.objectContaining({ did: samplePlcDid('kelp'), handle: 'kelp.bsky.social', description: 'I am kelp.' }),
          createdAt: '2025-03-05T18:00:00.000Z',
          indexedAt: '2025-03-05T18:00:02.000Z',
        },
      ],
      cursor: 'c2',
    });
    const reposts = captureWarnings(() => parseRepostedBy(bskyRepostedByBody(uri, [fan('gull'), fan('tern')])));
    expect(reposts.warnings).toEqual([]);
    expect(reposts.result.entries.map((a) => a.handle)).toEqual(['gull.bsky.social', 'tern.bsky.social']);
    expect(reposts.result.cursor).toBeNull();
  });

  it('entries degrade one at a time: a like missing its dates is null (warned); one without its actor or its DID is left out (warned)', () => {
    const body = bskyLikesBody(uri, [
      { actor: fan('kelp'), createdAt: '2025-03-05T18:00:00.000Z' },
      { actor: fan('gull'), createdAt: '2025-03-05T18:01:00.000Z' },
      { actor: fan('tern'), createdAt: '2025-03-05T18:02:00.000Z' },
      { actor: fan('skua'), createdAt: '2025-03-05T18:03:00.000Z' },
    ]) as { likes: Record<string, unknown>[] };
    delete body.likes[0].createdAt;
    delete body.likes[1].actor;
    delete (body.likes[2].actor as Record<string, unknown>).did;
    (body.likes[3].actor as Record<string, unknown>).handle = 7;
    const { result, warnings } = captureWarnings(() => parseLikes(body));
    expect(result.entries.map((l) => l.actor.did)).toEqual([samplePlcDid('kelp'), samplePlcDid('skua')]);
    expect(result.entries[0]).toMatchObject({ createdAt: null, indexedAt: '2025-03-05T18:00:00.000Z' });
    expect(result.entries[1].actor.handle).toBeNull();
    expect(warnings.map((w) => `${w.field} ${w.detail}`)).toEqual([
      'likes.likes.createdAt missing',
      'likes.likes.actor missing',
      'likes.likes element 1: microblog-d: upstream response changed shape: missing likes.likes.actor.did',
      'likes.likes element 2: microblog-d: upstream response changed shape: missing likes.likes.actor.did',
      'likes.likes.actor.handle unexpected type',
    ]);
    const repost = captureWarnings(() =>
      parseRepostedBy({ uri, repostedBy: [{ did: samplePlcDid('bare') }, { handle: 'nodid.bsky.social' }] }),
    );
    expect(repost.result.entries).toEqual([
      {
        did: samplePlcDid('bare'),
        handle: null,
        displayName: null,
        avatar: null,
        associated: null,
        labels: [],
        createdAt: null,
        description: null,
        indexedAt: null,
      },
    ]);
    expect(repost.warnings.map((w) => `${w.field} ${w.detail}`)).toEqual([
      'repostedBy.repostedBy.handle missing',
      'repostedBy.repostedBy element 1: microblog-d: upstream response changed shape: missing repostedBy.repostedBy.did',
    ]);
  });

  it('an answer without its uri, or without its list, is a changed shape', () => {
    expect(() => parseLikes({ likes: [] })).toThrow(/missing likes\.uri/);
    expect(() => parseLikes({ uri: 'https://bsky.app/x', likes: [] })).toThrow(/missing likes\.uri/);
    expect(() => parseLikes({ uri })).toThrow(/missing likes\.likes/);
    expect(() => parseRepostedBy({ uri, repostedBy: {} })).toThrow(/missing repostedBy\.repostedBy/);
    expect(() => parseRepostedBy({ uri, likes: [] })).toThrow(/missing repostedBy\.repostedBy/);
    expect(() => parseRepostedBy('<html>')).toThrow(/UPSTREAM|changed shape/);
  });
});

// No capture of getPostThread: the threads here are samples.ts's, written from the lexicon.
describe('microblog-d threads (samples.ts, our own)', () => {
  const harbour = { handle: 'harbourweather.bsky.social', did: samplePlcDid('harbourweather'), displayName: 'Harbour Weather' };
  const kelp = { handle: 'kelp.bsky.social', did: samplePlcDid('kelp') };
  const root: BskyPostSample = { author: kelp, rkey: '3lkroot000001', text: 'Any tide tables for next week?' };
  const asked: BskyPostSample = { author: harbour, rkey: '3lkasked00001', text: 'Spring tides on Tuesday.', replyTo: root };
  const reply = (rkey: string, to: BskyPostSample, author = kelp): BskyPostSample => ({
    author,
    rkey,
    text: `re ${rkey}`,
    replyTo: to,
    root,
  });
  const found = (body: unknown, depth = 6): MicroblogDThread => {
    const a = parseThread(body, depth);
    if (!('found' in a)) throw new Error(`a stub: ${JSON.stringify(a)}`);
    return a.found;
  };

  it('the post, its parent chain (nearest first, to the root) and its reply tree, stubs typed in place', () => {
    const goneUri = `at://${samplePlcDid('gone')}/app.bsky.feed.post/3lkgone000001`;
    const hiddenUri = `at://${samplePlcDid('hidden')}/app.bsky.feed.post/3lkhidden0001`;
    const r1 = reply('3lkreply00001', asked);
    const body = bskyThreadBody({
      post: asked,
      parent: { post: root },
      replies: [
        { post: r1, replies: [{ post: reply('3lkreply00002', r1, harbour) }] },
        { notFound: goneUri },
        { blocked: hiddenUri, authorDid: samplePlcDid('hidden') },
      ],
    });
    const { result: t, warnings } = captureWarnings(() => found(body));
    expect(warnings).toEqual([]);
    expect(t.post).toMatchObject({ uri: bskyPostUri(asked), author: { handle: 'harbourweather.bsky.social' }, replyCount: 3 });
    expect(t.post.record).toMatchObject({ text: 'Spring tides on Tuesday.', reply: { parent: { uri: bskyPostUri(root) } } });
    expect(t.parent).toMatchObject({
      $type: 'app.bsky.feed.defs#threadViewPost',
      uri: bskyPostUri(root),
      authorDid: kelp.did,
      parent: null,
    });
    expect(t.replies.map((x) => [x.$type, x.uri, x.post?.record?.text ?? null, x.authorDid])).toEqual([
      ['app.bsky.feed.defs#threadViewPost', bskyPostUri(r1), 're 3lkreply00001', kelp.did],
      ['app.bsky.feed.defs#notFoundPost', goneUri, null, null],
      ['app.bsky.feed.defs#blockedPost', hiddenUri, null, samplePlcDid('hidden')],
    ]);
    expect(t.replies[0].replies).toEqual([
      expect.objectContaining({ uri: `at://${harbour.did}/app.bsky.feed.post/3lkreply00002`, replies: [] }),
    ]);
    expect(t.replies[1]).toEqual({ $type: 'app.bsky.feed.defs#notFoundPost', uri: goneUri, post: null, authorDid: null, replies: [] });
    expect(JSON.stringify(t).includes('"viewer"')).toBe(false);
    expect(MicroblogDThreadSchema.parse(t)).toEqual(t);
  });

  it('a deleted or blocked parent is a stub that ends the chain; a grandparent chain reads to the root', () => {
    const mid = reply('3lkmiddle0001', root);
    const deep = found(bskyThreadBody({ post: { ...asked, replyTo: mid }, parent: { post: mid, parent: { post: root } } }));
    expect([deep.parent?.uri, deep.parent?.parent?.uri, deep.parent?.parent?.parent]).toEqual([bskyPostUri(mid), bskyPostUri(root), null]);
    const gone = found(bskyThreadBody({ post: asked, parent: { notFound: bskyPostUri(root) } }));
    expect(gone.parent).toEqual({
      $type: 'app.bsky.feed.defs#notFoundPost',
      uri: bskyPostUri(root),
      post: null,
      authorDid: null,
      parent: null,
    });
    const blocked = found(bskyThreadBody({ post: asked, parent: { blocked: bskyPostUri(root), authorDid: kelp.did } }));
    expect(blocked.parent).toMatchObject({ $type: 'app.bsky.feed.defs#blockedPost', authorDid: kelp.did, post: null, parent: null });
    for (const t of [deep, gone, blocked]) expect(MicroblogDThreadSchema.parse(t)).toEqual(t);
  });

  it('the asked post as a stub: which one, and its URI (the operation makes them 404 / UPSTREAM_BLOCKED)', () => {
    expect(parseThread(bskyThreadBody({ notFound: bskyPostUri(asked) }), 6)).toEqual({
      stub: 'app.bsky.feed.defs#notFoundPost',
      uri: bskyPostUri(asked),
    });
    expect(parseThread(bskyThreadBody({ blocked: bskyPostUri(asked), authorDid: harbour.did }), 6)).toEqual({
      stub: 'app.bsky.feed.defs#blockedPost',
      uri: bskyPostUri(asked),
    });
    // Without `$type`, the member the lexicon's required fields make it.
    expect(parseThread({ thread: { uri: bskyPostUri(asked), notFound: true } }, 6)).toMatchObject({
      stub: 'app.bsky.feed.defs#notFoundPost',
    });
    expect(found({ thread: { post: bskyPostViewBody(asked) } }).post.uri).toBe(bskyPostUri(asked));
  });

  it('replies deeper than `depth` are not read; depth 0 reads none', () => {
    const r1 = reply('3lkreply00001', asked);
    const body = bskyThreadBody({ post: asked, replies: [{ post: r1, replies: [{ post: reply('3lkreply00002', r1) }] }] });
    expect(found(body, 0).replies).toEqual([]);
    expect(found(body, 1).replies.map((x) => [x.uri, x.replies])).toEqual([[bskyPostUri(r1), []]]);
    expect(found(body, 2).replies[0].replies).toHaveLength(1);
  });

  it('degrades one entry or field at a time: a reply without its URI or of an unknown member is left out (warned); a post missing a count is null (warned)', () => {
    const entry = (p: BskyPostSample) => bskyThreadEntryBody({ post: p }) as { post: Record<string, unknown> };
    const noUri = entry(reply('3lknouri00001', asked));
    delete noUri.post.uri;
    const noLikes = entry(reply('3lknolikes001', asked));
    delete noLikes.post.likeCount;
    const body = bskyThreadBody({ post: asked });
    (body.thread as Record<string, unknown>).replies = [
      noUri,
      { $type: 'app.bsky.feed.defs#somethingNew', uri: 'at://x' },
      noLikes,
      { $type: 'app.bsky.feed.defs#notFoundPost', notFound: true },
    ];
    const { result, warnings } = captureWarnings(() => found(body));
    expect(result.replies.map((x) => x.uri.split('/').pop())).toEqual(['3lknolikes001']);
    expect(result.replies[0].post?.likeCount).toBeNull();
    expect(warnings.map((w) => `${w.field} ${w.detail}`)).toEqual([
      'thread.replies element 0: microblog-d: upstream response changed shape: missing thread.replies.post.uri',
      'thread.replies element 1 left out',
      'thread.replies.post.likeCount missing',
      'thread.replies element 3: microblog-d: upstream response changed shape: missing thread.replies.uri',
    ]);
    expect(MicroblogDThreadSchema.parse(result)).toEqual(result);
  });

  it('an unreadable parent ends the chain there (warned); the post stays', () => {
    const body = bskyThreadBody({ post: asked, parent: { post: root } }) as { thread: { parent: { post: Record<string, unknown> } } };
    delete body.thread.parent.post.uri;
    const { result, warnings } = captureWarnings(() => found(body));
    expect(result.parent).toBeNull();
    expect(warnings.map((w) => w.field)).toEqual(['thread.parent.parent']);
  });

  it(`a parent chain longer than ${PARENT_HEIGHT} is cut there (warned)`, () => {
    let chain: Record<string, unknown> = { $type: 'app.bsky.feed.defs#notFoundPost', uri: bskyPostUri(root), notFound: true };
    for (let i = 0; i < PARENT_HEIGHT + 5; i++) chain = { ...bskyThreadEntryBody({ post: reply(`3lkchain${i}`, root) }), parent: chain };
    const { result, warnings } = captureWarnings(() => found({ thread: { ...bskyThreadEntryBody({ post: asked }), parent: chain } }));
    let n = 0;
    for (let p = result.parent; p; p = p.parent) n++;
    expect(n).toBe(PARENT_HEIGHT);
    expect(warnings.map((w) => w.detail)).toEqual([`more than ${PARENT_HEIGHT} parents: cut there`]);
  });

  it('a body without its thread, or a thread of no known member, or an asked post without its URI, is a changed shape', () => {
    expect(() => parseThread({}, 6)).toThrow(/missing thread\.thread/);
    expect(() => parseThread({ thread: { $type: 'app.bsky.feed.defs#somethingNew' } }, 6)).toThrow(
      /missing thread\.thread \(a threadViewPost/,
    );
    const body = bskyThreadBody({ post: asked }) as { thread: { post: Record<string, unknown> } };
    delete body.thread.post.uri;
    expect(() => parseThread(body, 6)).toThrow(/missing thread\.post\.uri/);
    expect(() => parseThread('<html>', 6)).toThrow(/UPSTREAM|changed shape/);
  });
});

describe('post URLs and AT URIs', () => {
  it.each([
    ['https://bsky.app/profile/HarbourWeather.bsky.social/post/3lkasked00001', 'harbourweather.bsky.social', '3lkasked00001'],
    ['bsky.app/profile/@harbourweather.bsky.social/post/3lkasked00001/?ref=x#y', 'harbourweather.bsky.social', '3lkasked00001'],
    ['https://www.bsky.app/profile/did:plc:wpe35pganb6d4pg4ekmfy6u5/post/3lof7sovfok2h', DID, '3lof7sovfok2h'],
  ])('url %j → %s / %s', (url, actor, rkey) => expect(parsePostUrl(url)).toEqual({ actor, rkey }));

  it.each([
    ['at://did:plc:wpe35pganb6d4pg4ekmfy6u5/app.bsky.feed.post/3lof7sovfok2h', DID, '3lof7sovfok2h'],
    ['at://HarbourWeather.bsky.social/app.bsky.feed.post/3LKasked00001', 'harbourweather.bsky.social', '3LKasked00001'],
  ])('uri %j → %s / %s (a record key keeps its case)', (uri, actor, rkey) => expect(parsePostUri(uri)).toEqual({ actor, rkey }));

  it.each([
    'https://bsky.app/profile/harbourweather.bsky.social',
    'https://bsky.app/profile/harbourweather/post/3lkasked00001',
    'https://bsky.app/profile/harbourweather.bsky.social/post/',
    'https://bsky.app/profile/harbourweather.bsky.social/post/..',
    'https://bsky.app/profile/harbourweather.bsky.social/post/3lk/extra',
    'https://bsky.app/profile/harbourweather.bsky.social/lists/3lkasked00001',
    'https://evil.example/profile/harbourweather.bsky.social/post/3lkasked00001',
    'ftp://bsky.app/profile/harbourweather.bsky.social/post/3lkasked00001',
  ])('url %j → null', (url) => expect(parsePostUrl(url)).toBeNull());

  it.each([
    'at://did:plc:wpe35pganb6d4pg4ekmfy6u5/app.bsky.feed.like/3lof7sovfok2h',
    'at://did:plc:wpe35pganb6d4pg4ekmfy6u5/app.bsky.feed.post',
    'at://did:plc:wpe35pganb6d4pg4ekmfy6u5/app.bsky.feed.post/3lof/x',
    'at://alice/app.bsky.feed.post/3lof7sovfok2h',
    'at://did:key:z6Mk/app.bsky.feed.post/3lof7sovfok2h',
    'https://bsky.app/profile/x.bsky.social/post/3lof7sovfok2h',
    'at://did:plc:wpe35pganb6d4pg4ekmfy6u5/app.bsky.feed.post/bad key',
  ])('uri %j → null', (uri) => expect(parsePostUri(uri)).toBeNull());
});

describe('normalizeActor', () => {
  it.each([
    ['Alice.BSKY.social', 'alice.bsky.social'],
    ['@alice.bsky.social', 'alice.bsky.social'],
    ['example.com', 'example.com'],
    ['did:plc:wpe35pganb6d4pg4ekmfy6u5', DID],
    ['did:web:example.com', 'did:web:example.com'],
    ['https://bsky.app/profile/chriskenny.bsky.social', 'chriskenny.bsky.social'],
    ['bsky.app/profile/did:plc:wpe35pganb6d4pg4ekmfy6u5/', DID],
  ])('%j → %j', (input, out) => expect(normalizeActor(input)).toBe(out));

  it.each([
    'alice',
    'alice..bsky.social',
    'handle.invalid',
    'did:key:z6Mk',
    '1.2.3.4',
    'https://bsky.app/search?q=x',
    'https://evil.example/profile/a.b',
    'a b.com',
  ])('%j → null', (input) => expect(normalizeActor(input)).toBeNull());
});
