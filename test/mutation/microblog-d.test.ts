import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseActors, parseFeed, parseProfile, parseSearch } from '../../src/platforms/microblog-d/parse.js';
import * as schema from '../../src/platforms/microblog-d/schema.js';
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
