import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parsePostDetail, parseProfile, parseProfilePosts, parsePublicationSearch } from '../../src/platforms/newsletter/parse.js';
import { substackSearchBody } from '../../src/platforms/newsletter/samples.js';
import * as schema from '../../src/platforms/newsletter/schema.js';
import { mutationTest } from './suite.js';

const LABEL = 'newsletter';
const PROFILE = 'user-public-profile-jakubslys-2025-07.json';
const POSTS = 'profile-posts-user-27968736-2025-07.json';

const optional = (prefix: string, keys: string[], why: string) => Object.fromEntries(keys.map((k) => [`${prefix}${k}`, why]));

/** README: a post's fields that come and go by post kind (podcast, thread) and account; parse.ts reads them with r.opt. */
const POST_OPTIONAL = [
  'subtitle',
  'description',
  'cover_image',
  'wordcount',
  'reaction_count',
  'reactions',
  'comment_count',
  'child_comment_count',
  'section_name',
  'podcast_url',
  'postTags',
];
const POST_QUIET = (prefix: string) => ({
  ...optional(prefix, POST_OPTIONAL, 'README: comes and goes by post kind (podcast, thread) — read with r.opt'),
  [`${prefix}publishedBylines`]:
    'README: a post without bylines is kept (it cannot be checked); parse.test asserts its absence is silent (r.opt)',
});

/** The search's optional publication fields (README: null silently when absent), and its author in either shape. */
const PUBLICATION_QUIET = (prefix: string) => ({
  ...optional(prefix, ['custom_domain', 'base_url', 'logo_url', 'hero_text', 'language'], 'README: null silently when absent (r.opt)'),
  ...optional(
    prefix,
    ['author_id', 'author_name', 'author_handle', 'author', 'author.id', 'author.name', 'author.handle'],
    'the author is read from the flat author_* fields or a nested author object, whichever the answer has (r.opt)',
  ),
});

describe.skipIf(!hasFixtures(LABEL))(`newsletter mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    name: `profile ${PROFILE}`,
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, PROFILE)),
    parse: (doc) => parseProfile(doc),
    schema: schema.NewsletterProfile,
    source: [],
    identity: {
      id: 'the user id: the record is that person (and their posts are asked by it)',
      handle: 'the handle asked for: fetch.ts checks the answer is that profile by it',
    },
    quiet: {
      ...optional(
        '',
        [
          'primaryPublication',
          'publicationUsers',
          'subscriberCount',
          'subscriberCountNumber',
          'subscriberCountString',
          'rough_num_free_subscribers',
        ],
        'README: a writer’s publications and their subscriber counts come and go by account (a reader runs none) — r.opt',
      ),
      previous_name: 'only a person who renamed themselves has one (r.opt)',
      ...optional(
        '',
        ['profile_set_up_at', 'profile_disabled', 'subdomainUrl', 'userLinks', 'subscriptions', 'twitterAccount', 'facebookAccount'],
        'README: profile parts that come and go by account (links, connected accounts, public subscriptions) — r.opt',
      ),
    },
  });

  mutationTest({
    name: `posts page ${POSTS}`,
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, POSTS)),
    parse: (doc) => {
      const { posts, nextCursor } = parseProfilePosts(doc);
      return { posts, cursor: nextCursor };
    },
    schema: schema.NewsletterPostsPage,
    source: [],
    // A post without its id is left out (warned), the others stay: only the list itself is identity.
    identity: { posts: 'the list itself: an answer without it is not this endpoint’s' },
    fields: { cursor: ['nextCursor'] },
    // The posts' own keys in full; inside the objects passed through whole (bylines, 100s of tags a
    // post) a sample: the one-post spec below walks those in full (a page's 3000 mutations took 130 s).
    maxDepth: 2,
    sample: 80,
    quiet: POST_QUIET('posts.*.'),
  });

  // One post (/api/v1/posts/<slug>): no capture of it exists; README: its tests parse the captured
  // post objects of profile/posts, which carry the same post fields. The first is a paid post.
  mutationTest({
    name: `post ${POSTS} posts[0] (as /api/v1/posts/<slug>)`,
    platform: LABEL,
    load: () => (JSON.parse(readFixture(LABEL, POSTS)) as { posts: unknown[] }).posts[0],
    parse: (doc) => parsePostDetail(doc),
    schema: schema.NewsletterPostDetail,
    source: [],
    identity: { id: 'the post id: the record is that post' },
    fields: {
      is_paywalled: ['audience'],
      // The answer's own publication, else the one a byline's publicationUsers names by publication_id.
      publication: ['publication', 'publication_id', 'publishedBylines'],
    },
    // (publishedBylines quiet covers deletions inside the bylines too: that a missing publicationUsers,
    // publication or id there is warned is parse.test.ts's to check.)
    quiet: POST_QUIET(''),
  });

  // The publication search: no capture of it exists; its parser tests put the profile capture's real
  // publication objects in our own envelope (samples.ts), as here: the primary publication (flat
  // author_id), one through publicationUsers and one through subscriptions (a nested author).
  mutationTest({
    name: `publication search results from ${PROFILE}`,
    platform: LABEL,
    load: () => {
      const p = JSON.parse(readFixture(LABEL, PROFILE)) as Record<string, any>;
      return substackSearchBody([p.primaryPublication, p.publicationUsers[0].publication, p.subscriptions[0].publication], true);
    },
    parse: (doc) => ({ publications: parsePublicationSearch(doc).publications, cursor: null }),
    schema: schema.NewsletterSearchPage,
    source: ['results'],
    output: ['publications'],
    // A publication without its id is left out (warned), the others stay.
    identity: {},
    // The author: from the flat author_* fields or a nested author object (null when neither names anyone).
    fields: Object.fromEntries(
      [0, 1, 2].map((i) => [`${i}.author`, [`${i}.author_id`, `${i}.author_name`, `${i}.author_handle`, `${i}.author`]]),
    ),
    maxDepth: 4,
    quiet: PUBLICATION_QUIET('*.'),
  });
});
