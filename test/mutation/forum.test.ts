import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseListing } from '../../src/platforms/forum/parse.js';
import * as schema from '../../src/platforms/forum/schema.js';
import { parseForumThread, ForumThread } from '../../src/platforms/forum/post.js';
import { ForumSubreddit, parseSubredditAbout } from '../../src/platforms/forum/subreddit.js';
import { ForumUserRecord, parseForumUser } from '../../src/platforms/forum/user.js';
import { mutationTest } from './suite.js';

const LABEL = 'forum';

/**
 * The requester's own members (`user_*`: subscribed, moderator, their flair…) are null in the
 * record whatever the answer says (src/platforms/forum/parse.ts signedOutData): not read, so not
 * mutated. `at` is where the object holding them is in the source.
 */
function requesterMembers(file: string, at: string[]): Record<string, string> {
  // (Collected also when the captures are absent and the suite skipped.)
  if (!hasFixtures(LABEL)) return {};
  let o = JSON.parse(readFixture(LABEL, file)) as Record<string, unknown>;
  for (const k of ['data', ...at]) o = o[k] as Record<string, unknown>;
  const prefix = at.length ? `${at.join('.')}.` : '';
  return Object.fromEntries(
    Object.keys(o)
      .filter((k) => k.startsWith('user_'))
      .map((k) => [`${prefix}${k}`, 'the requester’s own: null in the record, signed out']),
  );
}

describe.skipIf(!hasFixtures(LABEL))(`forum mutations (${skipReason(LABEL)})`, () => {
  // The record is the search page: a post (or comment) without its id is left out, the others stay.
  for (const [file, filter] of [
    ['search-r-all-praw-oauth-search-2020.json', 'posts'],
    ['user-comments-spez-2020.json', 'comments'],
  ] as const) {
    mutationTest({
      name: `${filter} ${file}`,
      platform: LABEL,
      load: () => JSON.parse(readFixture(LABEL, file)),
      parse: (doc) => parseListing(doc, { filter }),
      schema: schema.ForumSearchPage,
      source: ['data', 'children'],
      identity: {},
      fields: { posts: ['*'] },
      quiet: {
        '*.data.author_fullname': 'a deleted author has none (read as optional)',
        '*.data.subreddit_name_prefixed': 'older listings have none (filled from subreddit)',
      },
    });
  }
});

describe.skipIf(!hasFixtures(LABEL))(`forum reads mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    name: 'user user-about-spez-2020-07-06.json',
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, 'user-about-spez-2020-07-06.json')),
    parse: (doc) => parseForumUser(doc),
    schema: ForumUserRecord,
    source: ['data'],
    output: ['user'],
    identity: { name: 'the username: the record is that account' },
    skip: requesterMembers('user-about-spez-2020-07-06.json', ['subreddit']),
    fields: {
      total_karma: ['total_karma', 'link_karma', 'comment_karma', 'awardee_karma', 'awarder_karma'],
      created_at_iso: ['created_utc'],
    },
    quiet: {
      total_karma: 'answers before ~2021 have none (filled from its parts)',
      awardee_karma: 'older answers have none',
      awarder_karma: 'older answers have none',
    },
  });

  mutationTest({
    name: 'subreddit about subreddit-about-redditdev-2020-07-05.json',
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, 'subreddit-about-redditdev-2020-07-05.json')),
    parse: (doc) => parseSubredditAbout(doc),
    schema: ForumSubreddit,
    source: ['data'],
    identity: { display_name: 'the name: the record is that subreddit' },
    skip: requesterMembers('subreddit-about-redditdev-2020-07-05.json', []),
    fields: { created_at_iso: ['created_utc'] },
    quiet: { accounts_active: 'Reddit stopped sending it (2023)' },
  });

  mutationTest({
    name: 'post comments post-comments-2gmzqe-2020-07-07.json',
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, 'post-comments-2gmzqe-2020-07-07.json')),
    parse: (doc) => parseForumThread(doc),
    schema: ForumThread,
    // The comments Listing (the post's Listing is forumSearch's parser, mutated above).
    source: [1],
    rootOptional: 'the comments are part of the thread: without their Listing the post stands (warned thread.comments)',
    identity: {},
    fields: { post: ['-'], comments: ['*'] },
    maxDepth: 6,
    sampleDepth: 12,
    sample: 80,
    quiet: {
      'data.children.*.data.author_fullname': 'a deleted author has none (read as optional)',
      'data.children.*.data.replies.data.children.*.data.author_fullname': 'a deleted author has none (read as optional)',
    },
  });
});
