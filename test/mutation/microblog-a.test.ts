import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parsePost, parseProfile } from '../../src/platforms/microblog-a/parse.js';
import * as schema from '../../src/platforms/microblog-a/schema.js';
import { mutationTest } from './suite.js';
import { MicroblogAPostsPage, parseStatuses } from '../../src/platforms/microblog-a/posts.js';

const LABEL = 'microblog-a';

/** Truth Social's own account flags vary by account age (parse.ts reads them with r.opt). */
const ACCOUNT_OPTIONAL = [
  'discoverable',
  'group',
  'last_status_at',
  'verified',
  'location',
  'website',
  'unauth_visibility',
  'chats_onboarded',
  'feeds_onboarded',
  'accepting_messages',
  'show_nonmember_group_statuses',
  'emojis',
  'fields',
  'tv_onboarded',
  'tv_account',
];
const optional = (prefix: string, keys: string[], why: string) => Object.fromEntries(keys.map((k) => [`${prefix}${k}`, why]));

describe.skipIf(!hasFixtures(LABEL))(`microblog-a mutations (${skipReason(LABEL)})`, () => {
  for (const file of ['account-jackposobiec.json', 'account-realdonaldtrump.json']) {
    mutationTest({
      name: `profile ${file}`,
      platform: LABEL,
      load: () => JSON.parse(readFixture(LABEL, file)),
      parse: (doc) => parseProfile(doc),
      schema: schema.MicroblogAProfile,
      source: [],
      identity: {
        id: 'the account id: the record is that account',
        username: 'the handle the lookup is checked against: without it the answer is no account (a status)',
        acct: 'with username, what makes the answer an account',
      },
      quiet: optional(
        '',
        [...ACCOUNT_OPTIONAL, 'bookmarks_onboarded', 'receive_only_follow_mentions', 'pleroma', 'pleroma.accepts_chat_messages'],
        'Truth Social flag that varies by account age (r.opt)',
      ),
    });
  }

  for (const file of ['status-text-realdonaldtrump.json', 'status-video-citizenfreepress.json']) {
    mutationTest({
      name: `post ${file}`,
      platform: LABEL,
      load: () => JSON.parse(readFixture(LABEL, file)),
      parse: (doc) => parsePost(doc),
      schema: schema.MicroblogAPost,
      source: [],
      identity: {
        id: 'the status id: the record is that post',
        // Fail closed: a visibility other than public/unlisted may be private content, never data.
        visibility: { why: 'gates private content', codes: ['PRIVATE_CONTENT'] },
      },
      fields: { text: ['content'] },
      nested: { account: { identity: ['account.id'], why: 'the author account is that account by its id' } },
      quiet: {
        ...optional(
          '',
          ['in_reply_to_id', 'quote_id', 'in_reply_to_account_id', 'card', 'group', 'quote', 'in_reply_to', 'reblog'],
          'only some posts reply, quote, reblog or carry a card (r.opt / nested)',
        ),
        ...optional(
          '',
          ['sponsored', 'favourited', 'reblogged', 'muted', 'pinned', 'bookmarked', 'poll', 'emojis'],
          'viewer flags and extras Truth Social sends on some posts only (r.opt)',
        ),
        ...optional('account.', ACCOUNT_OPTIONAL, 'Truth Social flag that varies by account age (r.opt)'),
        ...optional(
          'media_attachments.*.',
          ['external_video_id', 'preview_remote_url', 'text_url', 'processing'],
          "Truth Social's attachment extras vary (r.opt)",
        ),
      },
    });
  }
});

describe.skipIf(!hasFixtures('microblog-e'))(`microblog-a posts list mutations (${skipReason('microblog-e')})`, () => {
  // Mastodon's own statuses list (Truth Social serves the same): the project has no Truth Social list capture.
  mutationTest({
    name: 'posts account-statuses-fosstodon-schochastics-2025-07-17.json (microblog-e)',
    platform: LABEL,
    load: () => JSON.parse(readFixture('microblog-e', 'account-statuses-fosstodon-schochastics-2025-07-17.json')),
    parse: (doc) => ({ posts: parseStatuses(doc, { id: '109302436954721982', handle: 'schochastics' }), cursor: null }),
    schema: MicroblogAPostsPage,
    source: [],
    output: ['posts'],
    identity: {
      '*.account.id': "the author: a post by another account is another account's list",
      '*.account.username': "the author: a post by another account is another account's list",
    },
    // Each post's text is read from its content (the list's 20 posts).
    fields: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${i}.text`, [`${i}.content`]])),
    quiet: {
      ...optional(
        '*.',
        [
          'in_reply_to_id',
          'quote_id',
          'in_reply_to_account_id',
          'card',
          'group',
          'sponsored',
          'favourited',
          'reblogged',
          'muted',
          'pinned',
          'bookmarked',
          'poll',
          'emojis',
          'quote',
          'in_reply_to',
        ],
        'only some statuses carry it (r.opt)',
      ),
      ...optional('*.account.', ACCOUNT_OPTIONAL, 'Truth Social flag that varies by account age (r.opt)'),
    },
  });
});
