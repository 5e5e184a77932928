/**
 * microblog-d parsers on the real captures (../shared/fixtures/microblog-d/, facts from its
 * SOURCES.md; read in place) and on answers of our own for what no capture shows (said so per
 * test): degraded fields, a missing identity, inputs. No capture of the follower and follow lists
 * (app.bsky.graph.getFollowers / getFollows) exists: their pages here are samples.ts's, written
 * from the lexicon; the captures' real profile views are fed through the list parser to show the
 * account record keeps them as sent.
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { fixturePath, hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { normalizeActor, parseActors, parseFeed, parseGraphList, parseProfile, parseSearch } from './parse.js';
import { bskyGraphListBody, bskyProfileViewBody, samplePlcDid } from './samples.js';
import {
  MicroblogDActor,
  MicroblogDFollowersPage,
  MicroblogDFollowsPage,
  MicroblogDProfile,
  MicroblogDProfileSearch,
  MicroblogDProfileView,
  MicroblogDPostsPage,
  MicroblogDSearchPage,
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
