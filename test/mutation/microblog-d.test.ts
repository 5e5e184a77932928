import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseActors, parseFeed, parseProfile, parseSearch, parseThread } from '../../src/platforms/microblog-d/parse.js';
import * as schema from '../../src/platforms/microblog-d/schema.js';
import type { RecordSpec } from './engine.js';
import { mutationTest } from './suite.js';

const LABEL = 'microblog-d';
const json = (file: string) => () => JSON.parse(readFixture(LABEL, file)) as Record<string, unknown>;
const optional = (prefix: string, keys: string[], why: string) => Object.fromEntries(keys.map((k) => [`${prefix}${k}`, why]));

/** profileViewBasic's members the lexicon makes optional (parse.ts actorFields reads them with r.opt). */
const ACTOR_OPTIONAL = ['displayName', 'avatar', 'associated', 'labels', 'createdAt'];
const ACTOR_WHY = 'lexicon-optional profile member: unset, or not sent by every AppView vintage (r.opt)';
/** postView's members the lexicon makes optional (parse.ts parsePost reads them with r.opt). */
const POST_OPTIONAL = ['embed', 'quoteCount', 'labels'];
const POST_WHY = 'lexicon-optional postView member: posts without media, older AppViews without quote counts (r.opt)';

/**
 * The operation names the answer's list otherwise (`feed` → `posts`, `actors` → `profiles`): each
 * output field of the list is read from the same place in the answer's list.
 */
function renamedList(doc: Record<string, unknown>, src: string, out: string): Record<string, string[]> {
  const fields: Record<string, string[]> = { [out]: [src] };
  const walk = (v: unknown, rest: string) => {
    if (rest) fields[`${out}.${rest}`] = [`${src}.${rest}`];
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, rest ? `${rest}.${i}` : String(i)));
    else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, rest ? `${rest}.${k}` : k);
  };
  walk(doc[src], '');
  return fields;
}

describe.skipIf(!hasFixtures(LABEL))(`microblog-d mutations (${skipReason(LABEL)})`, () => {
  // getProfiles' one entry is getProfile's body (SOURCES.md): the profile operation's answer.
  const PROFILE = 'getprofiles-chriskenny-2025-05-19.json';
  mutationTest({
    name: `profile ${PROFILE} (profiles[0], getProfile's body)`,
    platform: LABEL,
    load: () => (json(PROFILE)() as { profiles: unknown[] }).profiles[0],
    parse: (doc) => parseProfile(doc),
    schema: schema.MicroblogDProfile,
    source: [],
    identity: { did: "the account's DID: the record is that account" },
    quiet: {
      ...optional('', ACTOR_OPTIONAL, ACTOR_WHY),
      ...optional(
        '',
        ['description', 'banner', 'indexedAt', 'pinnedPost', 'verification'],
        'lexicon-optional profileViewDetailed member: unset by the account, or not sent (r.opt)',
      ),
    },
  });

  const TYPEAHEAD = 'searchactorstypeahead-political-science-2025-05-19.json';
  mutationTest({
    name: `profile search ${TYPEAHEAD}`,
    platform: LABEL,
    load: json(TYPEAHEAD),
    parse: (doc) => ({ profiles: parseActors(doc) }),
    schema: schema.MicroblogDProfileSearch,
    source: [],
    identity: { actors: 'the list itself: an answer without it is not a typeahead answer' },
    fields: renamedList(json(TYPEAHEAD)(), 'actors', 'profiles'),
    quiet: optional('actors.*.', ACTOR_OPTIONAL, ACTOR_WHY),
  });

  const FEED = 'getauthorfeed-chriskenny-2025-05-19.json';
  mutationTest({
    name: `posts ${FEED}`,
    platform: LABEL,
    load: json(FEED),
    parse: (doc) => {
      const { items, cursor } = parseFeed(doc);
      return { posts: items, cursor };
    },
    schema: schema.MicroblogDPostsPage,
    source: [],
    maxDepth: 5,
    sample: 80,
    identity: { feed: 'the list itself: an answer without it is not a feed page' },
    fields: renamedList(json(FEED)(), 'feed', 'posts'),
    quiet: {
      cursor: 'absent on the last page (r.opt)',
      'feed.*.reply': 'replies only (r.opt)',
      'feed.*.reason': 'reposts and pins only (r.opt)',
      ...optional('feed.*.post.', POST_OPTIONAL, POST_WHY),
      ...optional('feed.*.post.author.', ACTOR_OPTIONAL, ACTOR_WHY),
      ...optional('feed.*.reason.by.', ACTOR_OPTIONAL, ACTOR_WHY),
    },
  });

  const SEARCH = 'searchposts-redistricting-2025-05-19.json';
  mutationTest({
    name: `search ${SEARCH}`,
    platform: LABEL,
    load: json(SEARCH),
    parse: (doc) => parseSearch(doc),
    schema: schema.MicroblogDSearchPage,
    source: [],
    maxDepth: 4,
    sample: 80,
    identity: { posts: 'the list itself: an answer without it is not a search page' },
    quiet: {
      cursor: 'absent on the last page (r.opt)',
      ...optional('posts.*.', POST_OPTIONAL, POST_WHY),
      ...optional('posts.*.author.', ACTOR_OPTIONAL, ACTOR_WHY),
    },
  });
});

// No capture of getPostThread: the feed capture's first item (a reply) and the root post it
// answers, both real postViews, put into the thread union as the lexicon nests it (as
// src/platforms/microblog-d/parse.test.ts does). The record is the thread operation's.
describe.skipIf(!hasFixtures(LABEL))(`microblog-d thread mutations (${skipReason(LABEL)})`, () => {
  type FeedItem = { post: unknown; reply: { root: unknown; parent: unknown } };
  const first = () => (json('getauthorfeed-chriskenny-2025-05-19.json')() as { feed: FeedItem[] }).feed[0];
  const entry = (post: unknown, more: Record<string, unknown> = {}) => ({ $type: 'app.bsky.feed.defs#threadViewPost', post, ...more });
  const found = (doc: unknown) => {
    const answer = parseThread(doc, 6);
    if (!('found' in answer)) throw new Error(`a ${answer.stub} in the asked post's place`);
    return answer.found;
  };
  const postOptional = (prefix: string) => ({
    ...optional(`${prefix}.`, POST_OPTIONAL, POST_WHY),
    ...optional(`${prefix}.author.`, ACTOR_OPTIONAL, ACTOR_WHY),
  });
  const thread: Pick<RecordSpec, 'platform' | 'schema' | 'source' | 'maxDepth' | 'sample' | 'identity' | 'nested'> = {
    platform: LABEL,
    schema: schema.MicroblogDThread,
    source: ['thread'],
    maxDepth: 5,
    sample: 80,
    identity: {
      post: 'the asked post: a thread entry without it is none (a changed shape)',
      'post.uri': 'the AT URI of the asked post: the record is that post (fetch.ts holds it to the one asked)',
      $type: 'the thread union member: one the lexicon does not name is no thread (a changed shape)',
    },
    // The author is part of the post, not its identity (as microblog-a's): null without its DID, warned.
    nested: { 'post.author': { identity: ['post.author.did'], why: "the asked post's author is that account by its DID" } },
  };

  mutationTest({
    ...thread,
    name: "thread of getAuthorFeed's first post (a reply) with its parent, real postViews",
    load: () => ({ thread: entry(first().post, { parent: entry(first().reply.parent), replies: [] }) }),
    parse: found,
    fields: { 'parent.authorDid': ['parent.post.author.did'], 'parent.uri': ['parent.post.uri'] },
    quiet: {
      ...postOptional('post'),
      ...postOptional('parent.post'),
      parent: 'a root post has none (r.opt)',
    },
  });

  mutationTest({
    ...thread,
    name: "thread of the root post getAuthorFeed's first post answers, with that reply, real postViews",
    load: () => ({ thread: entry(first().reply.root, { replies: [entry(first().post)] }) }),
    parse: found,
    fields: { 'replies.0.authorDid': ['replies.0.post.author.did'], 'replies.0.uri': ['replies.0.post.uri'] },
    quiet: {
      ...postOptional('post'),
      ...postOptional('replies.*.post'),
      replies: 'lexicon-optional: a post without replies may carry none (r.opt)',
    },
  });
});
