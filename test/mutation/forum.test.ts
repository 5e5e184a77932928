import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseListing } from '../../src/platforms/forum/parse.js';
import * as schema from '../../src/platforms/forum/schema.js';
import { mutationTest } from './suite.js';

const LABEL = 'forum';

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
