import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import {
  USER_LEGACY_MAPPING,
  parseSyndicationTweet,
  parseTweetDetail,
  parseUserByScreenName,
} from '../../src/platforms/microblog-b/parse.js';
import * as schema from '../../src/platforms/microblog-b/schema.js';
import type { Path, RecordSpec } from './engine.js';
import { mutationTest } from './suite.js';

const LABEL = 'microblog-b';
const json = (file: string) => () => JSON.parse(readFixture(LABEL, file));

/** A user's output fields → where they are read: `legacy.<k>`, else the 2026 shape's place for it. */
function userFields(prefix: string): Record<string, string[]> {
  const out: Record<string, string[]> = { [`${prefix}id`]: [`${prefix}id`, `${prefix}rest_id`] };
  for (const [k, p] of Object.entries(USER_LEGACY_MAPPING)) out[`${prefix}legacy.${k}`] = [`${prefix}legacy.${k}`, `${prefix}${p}`];
  return out;
}

/** The user's identity, in either shape (the legacy block or the 2026 `core`). */
function userIdentity(prefix: string): RecordSpec['identity'] {
  return {
    [`${prefix}rest_id`]: 'the account id (also legacy.id_str): the record is that account',
    [`${prefix}legacy.id_str`]: 'the account id in the legacy block, the fallback of rest_id',
    [`${prefix}legacy.screen_name`]: 'the handle asked for (legacy shape)',
    [`${prefix}core.screen_name`]: 'the handle asked for (2026 shape)',
  };
}

/** What an account sets or not (a banner, a website, a pinned post) and blocks of one shape only: absent is normal. */
function userOptional(prefix: string): Record<string, string> {
  const why = 'set by the account, or present in one user shape only (r.opt)';
  const keys = [
    'affiliates_highlighted_label',
    'professional',
    'tipjar_settings',
    'banner',
    'location',
    'pinned_items',
    'website',
    'possibly_sensitive',
    'profile_metadata',
    'profile_translation',
    'verification.verified_type',
    'profile_bio.entities.url',
    'profile_bio.entities.description',
    ...['default_profile', 'default_profile_image', 'fast_followers_count', 'has_custom_timelines', 'is_translator', 'listed_count'].map(
      (k) => `legacy.${k}`,
    ),
    ...['normal_followers_count', 'pinned_tweet_ids_str', 'possibly_sensitive', 'profile_banner_url', 'profile_interstitial_type'].map(
      (k) => `legacy.${k}`,
    ),
    ...['translator_type', 'url', 'verified_type', 'withheld_in_countries', 'location', 'entities.url', 'entities.description'].map(
      (k) => `legacy.${k}`,
    ),
  ];
  return {
    ...Object.fromEntries(keys.map((k) => [`${prefix}${k}`, why])),
    [`${prefix}pinned_items.tweet_ids_str`]: 'pinned_items is {} for an account without a pinned post (the 2026 captures)',
    [`${prefix}profile_translation.translator_type`]: "a third-party API's recorded X answers carry translator_type_enum alone there",
  };
}

/** Syndication members that keep their name under `legacy`. */
const SYNDICATION_LEGACY = ['created_at', 'display_text_range', 'entities', 'favorite_count', 'lang', 'possibly_sensitive'];
const SYNDICATION_LEGACY_MORE = ['quote_count', 'retweet_count', 'bookmark_count', 'conversation_id_str'];

describe.skipIf(!hasFixtures(LABEL))(`microblog-b mutations (${skipReason(LABEL)})`, () => {
  for (const file of ['user-by-screen-name-2025.json', 'user-by-screen-name-2026.json']) {
    mutationTest({
      name: `user ${file}`,
      platform: LABEL,
      load: json(file),
      parse: (doc) => parseUserByScreenName(doc, 'xdevelopers'),
      schema: schema.MicroblogBUser,
      source: ['data', 'user', 'result'],
      // `data.user.result` absent: X's answer for an account nobody has.
      rootCodes: ['NOT_FOUND'],
      identity: {
        ...userIdentity(''),
        // `UserUnavailable` (suspended) is NOT_FOUND: a wrong-type answer is never data.
        __typename: { why: 'User / UserUnavailable', codes: ['NOT_FOUND'] },
      },
      fields: userFields(''),
      quiet: userOptional(''),
    });
  }

  const FOCAL = '1649191520250245121';
  mutationTest({
    name: 'tweet tweet-detail-2026.json (the focal tweet)',
    platform: LABEL,
    load: json('tweet-detail-2026.json'),
    parse: (doc) => parseTweetDetail(doc, FOCAL),
    schema: schema.MicroblogBTweet,
    source: (doc) => {
      const instructions = (
        doc as { data: { threaded_conversation_with_injections_v2: { instructions: { type: string; entries: { entryId: string }[] }[] } } }
      ).data.threaded_conversation_with_injections_v2.instructions;
      const i = instructions.findIndex((x) => x.type === 'TimelineAddEntries');
      const e = instructions[i].entries.findIndex((x) => x.entryId === `tweet-${FOCAL}`);
      return [
        'data',
        'threaded_conversation_with_injections_v2',
        'instructions',
        i,
        'entries',
        e,
        'content',
        'itemContent',
        'tweet_results',
        'result',
      ] as Path;
    },
    rootCodes: ['NOT_FOUND'],
    identity: {
      rest_id: 'the post id asked for',
      'legacy.id_str': 'the post id in the legacy block, the fallback of rest_id',
      __typename: 'Tweet: a tombstone or another type is not this post (never data)',
      // api.md's tweet nests its author as a required object: a post without an author account
      // (its id and handle) cannot be told from another account's post.
      'core.user_results.result': 'the author account',
      ...userIdentity('core.user_results.result.'),
    },
    atomic: ['legacy.display_text_range'],
    fields: {
      ...userFields('core.user_results.result.'),
      'legacy.user_id_str': ['legacy.user_id_str', 'core.user_results.result'],
      'legacy.id_str': ['legacy.id_str', 'rest_id'],
    },
    quiet: {
      ...userOptional('core.user_results.result.'),
      'legacy.entities.*': 'X leaves an empty entity list out (r.opt)',
      'views.count': 'left out while the count is not shown (state without count)',
      'legacy.bookmarked': 'viewer flag, absent from logged-out answers (r.opt)',
      'legacy.favorited': 'viewer flag (r.opt)',
      'legacy.retweeted': 'viewer flag (r.opt)',
      'legacy.possibly_sensitive': 'only some posts are marked (r.opt)',
    },
  });

  for (const [file, id] of [
    ['syndication-tweet-result-card-2023.json', '1629262255744503809'],
    ['syndication-tweet-result-photo-2023.json', '1641086480675225601'],
  ] as const) {
    mutationTest({
      name: `tweet ${file}`,
      platform: LABEL,
      load: json(file),
      parse: (doc) => parseSyndicationTweet(doc, id),
      schema: schema.MicroblogBTweet,
      source: [],
      identity: {
        id_str: 'the post id asked for',
        __typename: 'Tweet: a tombstone or another type is not this post (never data)',
        user: 'the author account (required in api.md tweet)',
        'user.id_str': 'the author account id',
        'user.screen_name': 'the author handle',
      },
      atomic: ['legacy.display_text_range'],
      // The syndication → api.md table of parse.ts.
      fields: {
        ...Object.fromEntries([...SYNDICATION_LEGACY, ...SYNDICATION_LEGACY_MORE].map((k) => [`legacy.${k}`, [k]])),
        'legacy.created_at': ['created_at'],
        rest_id: ['id_str'],
        'legacy.full_text': ['text'],
        'legacy.reply_count': ['conversation_count', 'reply_count'],
        'legacy.conversation_id_str': ['conversation_id_str', 'in_reply_to_status_id_str', 'id_str'],
        'legacy.is_quote_status': ['quoted_tweet'],
        'legacy.user_id_str': ['user.id_str'],
        'legacy.id_str': ['id_str'],
        'legacy.extended_entities': ['mediaDetails'],
        'core.user_results.result.legacy': ['user'],
        'core.user_results.result.rest_id': ['user.id_str'],
        'core.user_results.result.id': ['user.id_str'],
        'core.user_results.result.is_blue_verified': ['user.is_blue_verified'],
        'core.user_results.result.profile_image_shape': ['user.profile_image_shape'],
        'core.user_results.result.affiliates_highlighted_label': ['user.highlighted_label'],
        'card.rest_id': ['card.url'],
        'card.legacy': ['card'],
      },
      quiet: {
        'user.is_blue_verified': 'not in every embed vintage',
        'user.profile_image_shape': 'not in every embed vintage',
        'user.highlighted_label': 'affiliated accounts only',
        edit_control: 'not in every embed vintage (r.opt)',
        mediaDetails: 'posts with media only',
        card: 'posts with a link card only',
        'card.binding_values.*': 'the values a card type binds vary by type',
        'card.card_platform': 'not on every card',
        quoted_tweet: 'quotes only',
        in_reply_to_status_id_str: 'replies only',
        'entities.*': 'X leaves an empty entity list out (r.opt)',
        ...Object.fromEntries(SYNDICATION_LEGACY_MORE.map((k) => [k, 'counts and ids not in every embed vintage (r.opt)'])),
        possibly_sensitive: 'marked posts only (r.opt)',
      },
    });
  }
});
