import { describe } from 'vitest';
import { z } from 'zod';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseProfileResponse, parseSearchResponse } from '../../src/platforms/microblog-c/parse.js';
import * as schema from '../../src/platforms/microblog-c/schema.js';
import { imagePost, post, searchAnswer } from '../../src/platforms/microblog-c/samples.js';
import { mutationTest } from './suite.js';

const LABEL = 'microblog-c';

describe.skipIf(!hasFixtures(LABEL))(`microblog-c mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    name: 'profile profile-graphql-zuck-2023-07-10.json',
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, 'profile-graphql-zuck-2023-07-10.json')),
    parse: (doc) => parseProfileResponse(doc),
    schema: z.strictObject({ user: schema.MicroblogCUser }),
    source: ['data', 'userData', 'user'],
    output: ['user'],
    identity: {
      // Either identifies the user (the 2023 answer has `id: null`); both gone is no user.
      pk: 'the user pk',
      username: 'the handle asked for (fetch.ts checks it)',
    },
    quiet: {
      id: 'null in the 2023 profile answer (pk and username identify a user)',
      friendship_status: 'logged-in viewers only',
      text_post_app_is_private: 'not in every query',
      has_onboarded_to_text_post_app: 'not in every query',
    },
  });
});

// Search results from the project's own answer (src/platforms/microblog-c/samples.ts): the record is the
// list; a post without its pk is left out (warned), the others stay.
describe('microblog-c mutations (test page)', () => {
  mutationTest({
    name: 'search (test page searchAnswer: a text post, an image post)',
    platform: LABEL,
    load: () => searchAnswer([post({ pk: '3610000000000000001' }), imagePost({ pk: '3610000000000000002' })]),
    parse: (doc) => parseSearchResponse(doc),
    schema: schema.MicroblogCSearchResult,
    source: ['data', 'searchResults', 'edges'],
    maxDepth: 6,
    identity: {},
    fields: { posts: ['*'] },
    quiet: {
      // An edge whose node has no thread (or a thread without items) is another module: no post to warn about.
      '*.node.thread': 'other modules (people) have no thread',
      '*.node.thread.thread_items': 'a thread without items carries no post',
      '*.node.thread.thread_items.*.post.user.friendship_status': 'logged-in viewers only',
      '*.node.thread.thread_items.*.post.user.id': 'null in some answers (pk identifies the user)',
      '*.node.thread.thread_items.*.post.user.text_post_app_is_private': 'not in every query',
      '*.node.thread.thread_items.*.post.user.has_onboarded_to_text_post_app': 'not in every query',
      '*.node.thread.thread_items.*.post.caption.has_translation': 'not in every query',
      '*.node.thread.thread_items.*.post.original_width': 'README: text-only posts may carry none',
      '*.node.thread.thread_items.*.post.original_height': 'README: text-only posts may carry none',
      ...Object.fromEntries(
        ['reshare_count', 'direct_reply_count', 'repost_count', 'quote_count'].map((k) => [
          `*.node.thread.thread_items.*.post.text_post_app_info.${k}`,
          'README: Threads omits the counts for some posts',
        ]),
      ),
      '*.node.thread.thread_items.*.post.caption': 'posts without a caption',
      '*.node.thread.thread_items.*.post.image_versions2': 'text posts carry no images',
    },
  });
});
