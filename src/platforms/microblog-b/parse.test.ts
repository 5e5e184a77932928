import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import {
  bundleUrlsFromHtml,
  initialQueryId,
  missingFeatures,
  pinnedQueryId,
  queryIdFromBundle,
  syndicationToken,
  syndicationUrl,
  TWEET_RESULT_BY_REST_ID,
  tweetResultUrl,
} from './endpoints.js';
import {
  focalTweetResult,
  htmlAnswerError,
  looksLikeHtml,
  parseSyndicationTweet,
  parseTweet,
  parseTweetDetail,
  parseTweetResultByRestId,
  parseTweetUrl,
  parseUser,
  parseUserByScreenName,
  trimTweet,
  twitterDate,
  USER_LEGACY_MAPPING,
  userNodeId,
} from './parse.js';
import { TRIM_FIELDS } from './schema.js';
import {
  AUTHOR_ID,
  homeHtml,
  legacyShapeUser,
  LOGIN_WALL_HTML,
  mainJs,
  newShapeUser,
  SOMETHING_WENT_WRONG_HTML,
  syndicationTweet,
  tombstone,
  TOMBSTONE_ADULT,
  TOMBSTONE_DELETED,
  TOMBSTONE_PROTECTED,
  TOMBSTONE_SUSPENDED,
  tweetResult,
  tweetResultBody,
  unavailable,
} from './samples.js';
import { wallError, wallName } from '../../../test/blocks/wall-answer.js';
import { recordKeys } from '../records.js';
import { MicroblogBTweet, MicroblogBUser, TweetLegacy } from './schema.js';
import { errorOf } from '../../../test/support/errors.js';

const LABEL = 'microblog-b';
const HAVE_CAPTURES = hasFixtures(LABEL);
const PEER_EXAMPLE = resolve(FIXTURES_DIR, '../reference/peer-examples/microblog-b_tweet.json');

type Obj = Record<string, any>;
const capture = (file: string): Obj => JSON.parse(readFixture(LABEL, file));

/** api.md order of the tweet, its legacy block and the user object. */
const TWEET_KEYS = recordKeys(MicroblogBTweet);
const TWEET_LEGACY_KEYS = recordKeys(TweetLegacy);
const USER_KEYS = recordKeys(MicroblogBUser);
/** The legacy fields api.md names for the user object. */
const USER_LEGACY_API_KEYS = [
  'created_at',
  'description',
  'entities',
  'followers_count',
  'friends_count',
  'favourites_count',
  'statuses_count',
  'media_count',
  'listed_count',
  'location',
  'name',
  'screen_name',
  'profile_image_url_https',
  'profile_banner_url',
  'url',
  'verified',
  'pinned_tweet_ids_str',
];

function expectApiShape(t: MicroblogBTweet): void {
  expect(Object.keys(t).slice(0, TWEET_KEYS.length)).toEqual(TWEET_KEYS);
  expect(Object.keys(t.legacy).slice(0, TWEET_LEGACY_KEYS.length)).toEqual(TWEET_LEGACY_KEYS);
  expectUserShape(t.core.user_results.result);
  for (const v of [...Object.values(t), ...Object.values(t.legacy)]) expect(v).not.toBeUndefined();
}

function expectUserShape(u: MicroblogBUser): void {
  expect(Object.keys(u).slice(0, USER_KEYS.length)).toEqual(USER_KEYS);
  for (const k of USER_LEGACY_API_KEYS) expect(u.legacy).toHaveProperty(k);
  for (const v of Object.values(u.legacy)) expect(v).not.toBeUndefined();
}

// ---------------------------------------------------------------------------------------------
// Real captures, read in place from ../shared/fixtures/microblog-b (facts: its SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!HAVE_CAPTURES)(`microblog-b captures (${HAVE_CAPTURES ? '../shared/fixtures/microblog-b' : skipReason(LABEL)})`, () => {
  describe('tweet-detail-2026.json (TweetDetail, 2026 user shape)', () => {
    const FOCAL = '1649191520250245121';
    const json = () => capture('tweet-detail-2026.json');

    it('instructions: TimelineClearCache, TimelineAddEntries (36 entries), TimelineTerminateTimeline', () => {
      const instructions = json().data.threaded_conversation_with_injections_v2.instructions;
      expect(instructions.map((i: Obj) => i.type)).toEqual(['TimelineClearCache', 'TimelineAddEntries', 'TimelineTerminateTimeline']);
      const entries: Obj[] = instructions[1].entries;
      expect(entries).toHaveLength(36);
      expect(entries[0].entryId).toBe(`tweet-${FOCAL}`);
      expect(entries.filter((e) => e.entryId.startsWith('conversationthread-'))).toHaveLength(34);
      expect(entries[35].entryId).toBe('cursor-bottom-2085474380216794795');
    });

    it('the focal tweet is entry tweet-<id> at content.itemContent.tweet_results.result', () => {
      const j = json();
      const raw = focalTweetResult(j, FOCAL);
      expect(raw).toBe(j.data.threaded_conversation_with_injections_v2.instructions[1].entries[0].content.itemContent.tweet_results.result);
      expect(raw.__typename).toBe('Tweet');
      expect(raw.rest_id).toBe(FOCAL);
    });

    it('focal tweet: __typename, rest_id, views.count, text, date, counts, edit control', () => {
      const t = parseTweetDetail(json(), FOCAL);
      expect(t.__typename).toBe('Tweet');
      expect(t.rest_id).toBe(FOCAL);
      expect(t.views).toEqual({ count: '979440', state: 'EnabledWithCount' });
      expect(t.legacy.full_text).toBe('Today, we are deprecating our Premium v1.1 API, including Premium Search and Account Activity API.');
      expect(t.legacy.created_at).toBe('Thu Apr 20 23:21:13 +0000 2023');
      expect(t.legacy).toMatchObject({ favorite_count: 426, retweet_count: 202, reply_count: 93, quote_count: 118, bookmark_count: 73 });
      expect(t.edit_control?.edit_tweet_ids).toEqual([FOCAL]);
      expect(t.edit_control?.is_edit_eligible).toBe(false);
      expect(t.legacy.id_str).toBe(FOCAL);
      expect(t.legacy.conversation_id_str).toBe(FOCAL);
      expect(t.source).toBe('<a href="https://mobile.twitter.com" rel="nofollow">Twitter Web App</a>');
      // upstream sent `entities: {}`: every list is there, empty
      expect(t.legacy.entities).toEqual({ hashtags: [], symbols: [], timestamps: [], urls: [], user_mentions: [] });
      expectApiShape(t);
    });

    it('author in the NEW 2026 shape: rest_id 2244994945, core.screen_name XDevelopers, no legacy.screen_name upstream', () => {
      const rawAuthor = (focalTweetResult(json(), FOCAL) as Obj).core.user_results.result;
      expect(rawAuthor.rest_id).toBe('2244994945');
      expect(rawAuthor.core).toMatchObject({ screen_name: 'XDevelopers', name: 'Developers' });
      expect(rawAuthor.relationship_counts.followers).toBe(695696);
      expect(rawAuthor.legacy?.screen_name).toBeUndefined();

      const author = parseTweetDetail(json(), FOCAL).core.user_results.result;
      expect(author.rest_id).toBe('2244994945');
      expect(author.legacy).toMatchObject({ screen_name: 'XDevelopers', name: 'Developers', followers_count: 695696 });
      expectUserShape(author);
    });

    it('every tweet of the conversation (37, all authors in the 2026 shape) parses with a screen name', () => {
      const results: Obj[] = [];
      const walk = (o: unknown): void => {
        if (Array.isArray(o)) o.forEach(walk);
        else if (o && typeof o === 'object') {
          if ((o as Obj).__typename === 'Tweet') results.push(o as Obj);
          Object.values(o).forEach(walk);
        }
      };
      walk(json());
      expect(results).toHaveLength(37);
      for (const r of results) {
        const t = parseTweet(r, r.rest_id);
        expect(t.core.user_results.result.legacy.screen_name).toMatch(/^\w+$/);
        expect(t.legacy.id_str).toBe(r.rest_id);
        expectApiShape(t);
      }
    });
  });

  describe('user-by-screen-name-2026.json (NEW shape, no legacy block)', () => {
    const json = () => capture('user-by-screen-name-2026.json');

    it('upstream has no legacy block', () => {
      expect(json().data.user.result.legacy).toBeUndefined();
    });

    it('maps core / profile_bio / relationship_counts / tweet_counts / location / website / verification into legacy', () => {
      const u = parseUserByScreenName(json(), 'xdevelopers');
      expect(u.__typename).toBe('User');
      expect(u.rest_id).toBe('2244994945');
      expect(u.legacy.screen_name).toBe('XDevelopers'); // core.screen_name
      expect(u.legacy.name).toBe('Developers'); // core.name
      expect(u.legacy.created_at).toBe('Sat Dec 14 04:35:55 +0000 2013'); // core.created_at
      expect(u.legacy.description).toBe(
        'The voice of the X Dev team and your official source for updates, news, and events, related to the X API.',
      );
      expect(u.legacy.entities.url.urls[0]).toMatchObject({ expanded_url: 'https://docs.x.com/', url: 'https://t.co/NIwHVIVyrN' });
      expect(u.legacy.url).toBe('https://t.co/NIwHVIVyrN'); // website.url
      expect(u.legacy.followers_count).toBe(695695);
      expect(u.legacy.friends_count).toBe(762);
      expect(u.legacy.statuses_count).toBe(4319); // tweet_counts.tweets
      expect(u.legacy.media_count).toBe(829); // tweet_counts.media_tweets
      expect(u.legacy.location).toBe('127.0.0.1');
      expect(u.is_blue_verified).toBe(true);
      expect(u.legacy.verified_type).toBe('Business'); // verification.verified_type
      expect(u.legacy.verified).toBe(false);
      expect(u.legacy.protected).toBe(false); // privacy.protected
      expect(u.legacy.favourites_count).toBe(2642); // action_counts.favorites_count
      expect(u.legacy.pinned_tweet_ids_str).toEqual(['2019881223666233717']);
      expect(u.legacy.profile_image_url_https).toBe('https://pbs.twimg.com/profile_images/1683501992314798080/xl1POYLw_normal.jpg');
      expect(u.legacy.profile_banner_url).toBe('https://pbs.twimg.com/profile_banners/2244994945/1690213128');
      expect(u.legacy.listed_count).toBeNull(); // no 2026 counterpart
      expectUserShape(u);
    });

    it('every USER_LEGACY_MAPPING source path exists in the 2026 capture', () => {
      const result = json().data.user.result;
      for (const [field, p] of Object.entries(USER_LEGACY_MAPPING)) {
        const v = p.split('.').reduce<unknown>((o, k) => (o as Obj | undefined)?.[k], result);
        expect(v, `${field} ← ${p}`).not.toBeUndefined();
      }
    });
  });

  describe('user-by-screen-name-2025.json (LEGACY shape)', () => {
    const json = () => capture('user-by-screen-name-2025.json');

    it('reads legacy as it is', () => {
      const u = parseUserByScreenName(json(), 'xdevelopers');
      expect(u.rest_id).toBe('2244994945');
      expect(u.legacy.screen_name).toBe('XDevelopers');
      expect(u.legacy.name).toBe('Developers');
      expect(u.legacy.description).toBe(
        'The voice of the X Dev team and your official source for updates, news, and events, related to the X API.',
      );
      expect(u.legacy.entities.url.urls[0].expanded_url).toBe('https://docs.x.com/');
      expect(u.legacy.url).toBe('https://t.co/NIwHVIVyrN');
      expect(u.legacy).toMatchObject({ followers_count: 700242, friends_count: 746, statuses_count: 4079, media_count: 821 });
      expect(u.legacy.location).toBe('127.0.0.1');
      expect(u.legacy.pinned_tweet_ids_str).toEqual(['1851463451929186504']);
      expect(u.is_blue_verified).toBe(true);
      expect(u.legacy.listed_count).toBe(2682);
      expect(u.profile_image_shape).toBe('Square');
      expect(u.professional).toMatchObject({ professional_type: 'Business' });
      expectUserShape(u);
    });

    it('both shapes give the same legacy keys; the unchanged facts agree', () => {
      const older = parseUserByScreenName(json()).legacy;
      const newer = parseUserByScreenName(capture('user-by-screen-name-2026.json')).legacy;
      const base = (l: Obj) => Object.keys(l).slice(0, 29);
      expect(base(newer)).toEqual(base(older));
      for (const k of [
        'screen_name',
        'name',
        'created_at',
        'description',
        'location',
        'url',
        'verified_type',
        'profile_image_url_https',
      ] as const) {
        expect(newer[k], k).toEqual(older[k]);
      }
    });
  });

  it('the captures were made signed in: the capturer’s relation to the account is not in the record (2025 and 2026 shapes)', () => {
    const newer = capture('user-by-screen-name-2026.json').data.user.result;
    expect(newer.relationship_perspectives).toMatchObject({ following: true });
    const older = capture('user-by-screen-name-2025.json').data.user.result;
    expect(older.legacy).toMatchObject({ can_dm: true });
    for (const u of [
      parseUserByScreenName(capture('user-by-screen-name-2026.json')),
      parseUserByScreenName(capture('user-by-screen-name-2025.json')),
    ]) {
      const record = u as unknown as Obj;
      for (const k of ['relationship_perspectives', 'dm_permissions', 'notifications_settings']) expect(record[k], k).toBeUndefined();
      for (const k of ['following', 'followed_by', 'can_dm', 'can_media_tag', 'want_retweets', 'follow_request_sent'])
        expect([k, (u.legacy as Obj)[k] ?? false]).toEqual([k, false]);
    }
  });

  describe('syndication-tweet-result-photo-2023.json', () => {
    const ID = '1641086480675225601';
    const json = () => capture('syndication-tweet-result-photo-2023.json');

    it('SOURCES facts, in our field names', () => {
      const raw = json();
      const t = parseSyndicationTweet(raw, ID);
      expect(raw.__typename).toBe('Tweet');
      expect(t.__typename).toBe('Tweet');
      expect(t.rest_id).toBe(ID); // id_str
      expect(t.legacy.id_str).toBe(ID);
      expect(t.legacy.lang).toBe('en');
      expect(raw.created_at).toBe('2023-03-29T14:34:41.000Z');
      expect(t.legacy.created_at).toBe('Wed Mar 29 14:34:41 +0000 2023'); // the same instant, in X's GraphQL format
      const user = t.core.user_results.result;
      expect(user.legacy.screen_name).toBe('SamuelSusla');
      expect(user.legacy.name).toBe('sammy');
      expect(user.rest_id).toBe('469266133'); // user.id_str
      expect(t.legacy.full_text).toBe(
        'If you are interested about View Flattening in React Native, I wrote a short post about it: https://t.co/4G6RAMfrHy\n\nLet me know what you think! https://t.co/rQd6FIwZ0U',
      );
      expect(t.legacy.favorite_count).toBe(226);
      expect(raw.conversation_count).toBe(1);
      expect(t.legacy.reply_count).toBe(1); // conversation_count
      expect(raw).not.toHaveProperty('retweet_count');
      expect(t.legacy.retweet_count).toBeNull();
      expect(raw.mediaDetails[0].type).toBe('photo');
      expect((t.legacy.extended_entities as Obj).media[0]).toMatchObject({
        type: 'photo',
        media_url_https: 'https://pbs.twimg.com/media/FsZNOgcWAAEQtrd.jpg',
      });
      expect(t.legacy.entities.urls[0].expanded_url).toBe('https://github.com/reactwg/react-native-new-architecture/discussions/110');
      expect(t.edit_control?.is_edit_eligible).toBe(true);
      expect(raw.isEdited).toBe(false);
      expectApiShape(t);
    });

    it('gaps are null, never missing', () => {
      const t = parseSyndicationTweet(json(), ID);
      expect(t).toMatchObject({ views: null, source: null, is_translatable: null, unmention_data: null });
      expect(t.legacy).toMatchObject({ bookmark_count: null, quote_count: null, retweet_count: null });
      // A logged-out view: the viewer flags are false, as X's own guest answers say.
      expect(t.legacy).toMatchObject({ bookmarked: false, favorited: false, retweeted: false });
      // The author: public (the embed shows no protected account), a custom avatar (its URL is not
      // under /default_profile_images/); what the answer lacks stays null.
      expect(t.core.user_results.result.legacy).toMatchObject({
        protected: false,
        default_profile_image: false,
        verified: false,
        followers_count: null,
        description: null,
      });
      expect(t.legacy.conversation_id_str).toBe(ID); // not a reply: its own conversation
      expect(t.core.user_results.result.id).toBe(Buffer.from('User:469266133').toString('base64'));
    });
  });

  describe('syndication-tweet-result-card-2023.json', () => {
    const ID = '1629262255744503809';
    const json = () => capture('syndication-tweet-result-card-2023.json');

    it('SOURCES facts, in our field names', () => {
      const raw = json();
      const t = parseSyndicationTweet(raw, ID);
      expect(t.rest_id).toBe(ID);
      expect(raw.created_at).toBe('2023-02-24T23:29:26.000Z');
      expect(t.legacy.created_at).toBe('Fri Feb 24 23:29:26 +0000 2023');
      expect(t.core.user_results.result.legacy).toMatchObject({ screen_name: 'mattcarrollcode', name: 'Matt Carroll' });
      expect(
        t.legacy.full_text?.startsWith(
          "📰 I recently joined @reactjs! My inaugural project was porting @sophiebits's Tic Tac Toe tutorial",
        ),
      ).toBe(true);
      expect(t.legacy.favorite_count).toBe(243);
      expect(raw.conversation_count).toBe(11);
      expect(t.legacy.reply_count).toBe(11);
      expect(raw.self_thread.id_str).toBe(ID);
      expect(t.legacy.entities.user_mentions.map((m) => m.screen_name)).toEqual(['reactjs', 'sophiebits']);
      expect(raw.card.name).toBe('summary_large_image');
      expect(raw.card.binding_values.title.string_value).toBe('Tutorial: Tic-Tac-Toe – React');
      expect(raw.card.binding_values.domain.string_value).toBe('react.dev');
      expectApiShape(t);
    });

    it('the card in GraphQL form: card.legacy.name and binding_values as [{key, value}]', () => {
      const card = parseSyndicationTweet(json(), ID).card as Obj;
      expect(card.legacy.name).toBe('summary_large_image');
      const value = (key: string) => card.legacy.binding_values.find((b: Obj) => b.key === key)?.value;
      expect(value('title').string_value).toBe('Tutorial: Tic-Tac-Toe – React');
      expect(value('domain').string_value).toBe('react.dev');
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Project-own cases (src/platforms/microblog-b/samples.ts: hand-written in the public shapes, not captures). Always run.
// ---------------------------------------------------------------------------------------------

describe('parseTweetResultByRestId', () => {
  const ID = '1840000000000000123';

  it('a tweet whose author is in the older legacy shape', () => {
    const t = parseTweetResultByRestId(JSON.parse(tweetResultBody(tweetResult(ID, { user: legacyShapeUser() }))), ID);
    expect(t.rest_id).toBe(ID);
    expect(t.legacy).toMatchObject({
      full_text: 'Kerning is a love language. Notes: https://t.co/Qwerty1234',
      favorite_count: 812,
      retweet_count: 64,
    });
    expect(t.legacy.possibly_sensitive_editable).toBe(true); // further upstream legacy fields follow
    expect(t.core.user_results.result.legacy).toMatchObject({ screen_name: 'ada_writes', followers_count: 12034, listed_count: 45 });
    expectApiShape(t);
  });

  it('offsets that are no index (1e400 parses as Infinity; -1; 1.5): the range null, the URL entity dropped — never a null in a list of numbers', () => {
    const text = tweetResultBody(tweetResult(ID, { user: legacyShapeUser() }));
    const body = JSON.parse(text) as { data: { tweetResult: { result: { legacy: Record<string, unknown> } } } };
    expect(Array.isArray(body.data.tweetResult.result.legacy.display_text_range)).toBe(true);
    for (const odd of ['1e400', '-1', '1.5']) {
      const withOdd = JSON.parse(text.replace(/"display_text_range":\s*\[\s*\d+/, `"display_text_range":[${odd}`));
      expect(withOdd).not.toEqual(body);
      const t = parseTweetResultByRestId(withOdd, ID);
      expect(t.legacy.display_text_range, odd).toBeNull();
    }
  });

  it('another post than asked (GraphQL or the syndication embed) → UPSTREAM_FAILED, never that post', () => {
    const other = '1840000000000000124';
    expect(errorOf(() => parseTweetResultByRestId(JSON.parse(tweetResultBody(tweetResult(other))), ID)).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => parseSyndicationTweet(syndicationTweet(other), ID)).code).toBe('UPSTREAM_FAILED');
    expect(parseSyndicationTweet(syndicationTweet(ID), ID).rest_id).toBe(ID);
  });

  it('the same author in the 2026 shape gives the same api.md legacy (listed_count aside)', () => {
    const older = parseTweetResultByRestId(JSON.parse(tweetResultBody(tweetResult(ID, { user: legacyShapeUser() }))), ID);
    const newer = parseTweetResultByRestId(JSON.parse(tweetResultBody(tweetResult(ID, { user: newShapeUser() }))), ID);
    const a = older.core.user_results.result.legacy;
    const b = newer.core.user_results.result.legacy;
    for (const k of USER_LEGACY_API_KEYS.filter((k) => k !== 'listed_count')) expect(b[k], k).toEqual(a[k]);
    expect(b.listed_count).toBeNull();
    expect(newer.legacy).toEqual(older.legacy);
  });

  it('unwraps TweetWithVisibilityResults', () => {
    const body = {
      data: {
        tweetResult: {
          result: { __typename: 'TweetWithVisibilityResults', tweet: tweetResult(ID), limitedActionResults: { limited_actions: [] } },
        },
      },
    };
    const t = parseTweetResultByRestId(body, ID);
    expect(t.__typename).toBe('Tweet');
    expect(t.rest_id).toBe(ID);
    expect(t).not.toHaveProperty('limitedActionResults');
  });

  it('legacy: null with the tweet fields at the top level (2026-05 variant)', () => {
    const full = tweetResult(ID);
    const { legacy, ...top } = full as Obj;
    const t = parseTweet({ ...top, legacy: null, ...legacy }, ID);
    expect(t.legacy).toMatchObject({ full_text: legacy.full_text, favorite_count: 812, id_str: ID });
    expect(t).not.toHaveProperty('full_text');
    expectApiShape(t);
  });

  it('flattens edit_control.edit_control_initial (an edited post)', () => {
    const t = parseTweet(
      tweetResult(ID, {
        extra: {
          edit_control: {
            edit_control_initial: {
              edit_tweet_ids: ['1', ID],
              editable_until_msecs: 1760000000000,
              is_edit_eligible: true,
              edits_remaining: 4,
            },
          },
        },
      }),
      ID,
    );
    expect(t.edit_control).toEqual({
      edit_tweet_ids: ['1', ID],
      editable_until_msecs: '1760000000000',
      is_edit_eligible: true,
      edits_remaining: '4',
    });
  });

  it('missing optional fields are null, missing entity lists empty', () => {
    const t = parseTweet(
      tweetResult(ID, {
        extra: { views: undefined, source: undefined, edit_control: undefined },
        legacy: { entities: { urls: [] }, bookmark_count: undefined },
      }),
      ID,
    );
    expect(t.views).toBeNull();
    expect(t.source).toBeNull();
    expect(t.edit_control).toBeNull();
    expect(t.legacy.bookmark_count).toBeNull();
    expect(t.legacy.entities).toEqual({ hashtags: [], symbols: [], timestamps: [], urls: [], user_mentions: [] });
  });

  it('an empty tweetResult (deleted / never existed) is 404', () => {
    const e = errorOf(() => parseTweetResultByRestId(JSON.parse(tweetResultBody(undefined)), ID));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain(ID);
  });

  it.each([
    ['Protected', 'PRIVATE_CONTENT', 403],
    ['NsfwLoggedOut', 'UPSTREAM_BLOCKED', 502],
    ['NsfwViewerHasNoStatedAge', 'UPSTREAM_BLOCKED', 502],
    ['Suspended', 'NOT_FOUND', 404],
    ['Unavailable', 'NOT_FOUND', 404],
    // X's TweetUnavailable reasons as public readers type them: a subscribers-only post exists, for
    // signed-in subscribers only; `Limited` is a protected author (or one blocking the viewer: not
    // a logged-out reader).
    ['ExclusiveTweet', 'UPSTREAM_BLOCKED', 502],
    ['Limited', 'PRIVATE_CONTENT', 403],
    ['Deleted', 'NOT_FOUND', 404],
  ])('TweetUnavailable %s → %s', (reason, code, status) => {
    const e = errorOf(() => parseTweetResultByRestId(JSON.parse(tweetResultBody(unavailable(reason))), ID));
    expect(e.code).toBe(code);
    expect(e.status).toBe(status);
    if (code === 'UPSTREAM_BLOCKED') expect(e.message).toMatch(/login wall/);
  });

  it.each([
    [TOMBSTONE_PROTECTED, 'PRIVATE_CONTENT'],
    [TOMBSTONE_DELETED, 'NOT_FOUND'],
    [TOMBSTONE_SUSPENDED, 'NOT_FOUND'],
    [TOMBSTONE_ADULT, 'UPSTREAM_BLOCKED'],
    ['You’re unable to view this Tweet because this account owner limits who can view their Tweets. Learn more', 'PRIVATE_CONTENT'],
    // Our own texts in X's wording for a post withheld in the reader's country on a legal demand
    // (the post exists, elsewhere: the gateway's region, as TikTok's and YouTube's region locks),
    // and for one withheld everywhere on a copyright report (gone for every reader).
    ['This Post from @tidepool has been withheld in Germany based on local laws. Learn more', 'UPSTREAM_BLOCKED'],
    ['This Post has been withheld in response to a report from the copyright holder. Learn more', 'NOT_FOUND'],
  ])('TweetTombstone "%s" → %s', (text, code) => {
    const e = errorOf(() => parseTweetResultByRestId({ data: { tweetResult: { result: tombstone(text) } } }, ID));
    expect(e.code).toBe(code);
    if (code === 'NOT_FOUND') expect(e.message).toContain(text.replace(' Learn more', ''));
  });

  it('errors without data: an AuthorizationError → login wall; anything else → UPSTREAM_FAILED naming data.tweetResult', () => {
    // X's GraphQL authorization error: code 37, kind Permissions, name AuthorizationError (also under extensions).
    const denied = {
      message: 'You are not authorized to view this Post.',
      extensions: { name: 'AuthorizationError', source: 'Client', code: 37, kind: 'Permissions' },
      code: 37,
      kind: 'Permissions',
      name: 'AuthorizationError',
      source: 'Client',
    };
    expect(errorOf(() => parseTweetResultByRestId({ errors: [denied] }, ID)).message).toMatch(/login wall/);
    // Self-written: the same error with its message in Spanish, and with no message at all — the structure decides.
    expect(
      errorOf(() => parseTweetResultByRestId({ errors: [{ ...denied, message: 'No tienes autorización para ver este post.' }] }, ID))
        .message,
    ).toMatch(/login wall/);
    expect(
      errorOf(() => parseTweetResultByRestId({ errors: [{ extensions: { name: 'AuthorizationError', code: 37 } }] }, ID)).message,
    ).toMatch(/login wall/);
    // The English sentence alone is no login wall.
    expect(errorOf(() => parseTweetResultByRestId({ errors: [{ message: 'You are not authorized to view this Post.' }] }, ID)).code).toBe(
      'UPSTREAM_FAILED',
    );
    // A missing post by code 144, or by the `_Missing:` tag.
    expect(errorOf(() => parseTweetResultByRestId({ errors: [{ message: 'No se encontró', code: 144 }] }, ID)).code).toBe('NOT_FOUND');
    expect(errorOf(() => parseTweetResultByRestId({ errors: [{ message: '_Missing: No status found with that ID.' }] }, ID)).code).toBe(
      'NOT_FOUND',
    );
    const e = errorOf(() => parseTweetResultByRestId({ errors: [{ message: 'Dependency: Unspecified' }] }, ID));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('data.tweetResult');
    expect(e.message).toContain('Dependency: Unspecified');
  });

  it('shape changes are UPSTREAM_FAILED naming what was missing', () => {
    expect(errorOf(() => parseTweetResultByRestId('nope', ID)).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => parseTweet({ __typename: 'Tweet', legacy: {} }, ID)).message).toContain('rest_id');
    expect(errorOf(() => parseTweet({ ...tweetResult(ID), core: {} }, ID)).message).toContain('core.user_results.result');
    expect(errorOf(() => parseTweet({ __typename: 'TweetPreviewDisplay' }, ID)).message).toContain('TweetPreviewDisplay');
    expect(errorOf(() => parseUser({ __typename: 'User', rest_id: '1', core: {} })).message).toContain('screen_name');
  });

  it('a user that is unavailable is 404 with its reason', () => {
    const e = errorOf(() => parseUser({ __typename: 'UserUnavailable', reason: 'Suspended' }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('Suspended');
    expect(errorOf(() => parseUserByScreenName({ data: { user: {} } }, 'ghost')).code).toBe('NOT_FOUND');
  });

  // Our own results in the shapes public readers type X's UserUnavailable by (its reasons:
  // Deactivated, NoReason, Offboarded, Protected, Suspended; newer answers name the member
  // `unavailable_reason`): a protected account exists and its data is private, never NOT_FOUND.
  it('an unavailable user whose reason is Protected → PRIVATE_CONTENT; the others, under either member, NOT_FOUND with it', () => {
    expect(errorOf(() => parseUser({ __typename: 'UserUnavailable', reason: 'Protected' })).code).toBe('PRIVATE_CONTENT');
    expect(errorOf(() => parseUser({ __typename: 'UserUnavailable', unavailable_reason: 'Protected' })).code).toBe('PRIVATE_CONTENT');
    const deactivated = errorOf(() => parseUser({ __typename: 'UserUnavailable', unavailable_reason: 'Deactivated' }));
    expect([deactivated.code, deactivated.message]).toEqual(['NOT_FOUND', expect.stringContaining('Deactivated')]);
    const protectedAuthor = errorOf(() =>
      parseTweet({ ...tweetResult(ID), core: { user_results: { result: { __typename: 'UserUnavailable', reason: 'Protected' } } } }, ID),
    );
    expect(protectedAuthor.code).toBe('PRIVATE_CONTENT');
  });

  // Our own body, in the shape X gives a screen name nobody has (twitter-openapi-typescript issue
  // #111, 2024: `data` without `user`).
  it('a `data` without `user` is a missing account (404), unless its errors say the server failed', () => {
    expect(errorOf(() => parseUserByScreenName({ data: {} }, 'ghost')).code).toBe('NOT_FOUND');
    const failed = { data: {}, errors: [{ message: 'Dependency: Unspecified', name: 'DependencyError', kind: 'Operational' }] };
    expect(errorOf(() => parseUserByScreenName(failed, 'ghost')).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => parseUserByScreenName({ errors: [{ message: 'x' }] }, 'ghost')).code).toBe('UPSTREAM_FAILED');
  });

  // Our own bodies, in the shape X gave a suspended account (reported 2022): the user's ids only,
  // beside an AuthorizationError of code 63 whose path is the user's `legacy`.
  it('a suspended account answered as ids only with error code 63 is NOT_FOUND, whether or not `result` wraps it', () => {
    const suspended = {
      message: 'Authorization: User has been suspended. (63)',
      path: ['user', 'result', 'legacy'],
      extensions: { name: 'AuthorizationError', source: 'Client', code: 63, kind: 'Permissions' },
      code: 63,
      kind: 'Permissions',
      name: 'AuthorizationError',
    };
    const ids = { __typename: 'User', id: userNodeId('4401'), rest_id: '4401', affiliates_highlighted_label: {} };
    expect(errorOf(() => parseUserByScreenName({ data: { user: { result: ids } }, errors: [suspended] }, 'gone')).code).toBe('NOT_FOUND');
    expect(errorOf(() => parseUserByScreenName({ data: { user: ids }, errors: [suspended] }, 'gone')).code).toBe('NOT_FOUND');
    // Without such an error, a user without legacy or core is still a changed shape.
    expect(errorOf(() => parseUserByScreenName({ data: { user: { result: ids } } }, 'gone')).code).toBe('UPSTREAM_FAILED');
  });

  // Our own bodies, in the shape X's GraphQL gives a field its server failed to resolve: the field
  // empty, and an `errors` entry whose path points at it.
  it('an empty result with errors of the server (a backend deadline) is UPSTREAM_FAILED, not a missing account or post', () => {
    const deadline = (field: string) => ({
      message: 'DeadlineExceeded: Unspecified',
      name: 'DeadlineExceeded',
      kind: 'ServiceLevel',
      source: 'Server',
      path: [field, 'result'],
      extensions: { name: 'DeadlineExceeded', kind: 'ServiceLevel', source: 'Server' },
    });
    const user = errorOf(() => parseUserByScreenName({ data: { user: {} }, errors: [deadline('user')] }, 'someone'));
    expect(user.code).toBe('UPSTREAM_FAILED');
    expect(user.message).toMatch(/without the user, with errors.*DeadlineExceeded/);
    const post = errorOf(() => parseTweetResultByRestId({ data: { tweetResult: {} }, errors: [deadline('tweetResult')] }, ID));
    expect(post.code).toBe('UPSTREAM_FAILED');
    // Errors that say "no such user / post" (X's codes 50, 63, 144) keep the 404; no errors: 404.
    for (const code of [50, 63])
      expect(errorOf(() => parseUserByScreenName({ data: { user: {} }, errors: [{ message: 'x', code }] }, 'ghost')).code).toBe(
        'NOT_FOUND',
      );
    expect(errorOf(() => parseTweetResultByRestId({ data: { tweetResult: {} }, errors: [{ message: 'x', code: 144 }] }, ID)).code).toBe(
      'NOT_FOUND',
    );
    expect(errorOf(() => parseTweetResultByRestId({ data: { tweetResult: {} } }, ID)).code).toBe('NOT_FOUND');
  });

  it('a legacy block without `protected` is a public account (X leaves it out, 2024–25 answers); true stays true', () => {
    const user = legacyShapeUser();
    const { protected: _p, ...publicLegacy } = user.legacy as Record<string, unknown>;
    expect(parseUser({ ...user, legacy: publicLegacy }).legacy.protected).toBe(false);
    expect(parseUser({ ...user, legacy: { ...publicLegacy, protected: true } }).legacy.protected).toBe(true);
  });

  it('legacy wins where it has a value; an empty image URL falls back to avatar.image_url', () => {
    const u = parseUser({ ...newShapeUser(), legacy: { screen_name: 'old_name', profile_image_url_https: '' } });
    expect(u.legacy.screen_name).toBe('old_name');
    expect(u.legacy.profile_image_url_https).toBe('https://pbs.twimg.com/profile_images/1/ada_normal.jpg');
    expect(u.legacy.followers_count).toBe(12034);
    expect(u.id).toBe(Buffer.from(`User:${AUTHOR_ID}`).toString('base64'));
  });
});

describe('parseSyndicationTweet', () => {
  const ID = '1840000000000000456';

  it('maps a reply and a quote: conversation unknown, in_reply_to_* and quoted_status_id_str kept', () => {
    const t = parseSyndicationTweet(
      syndicationTweet(ID, {
        in_reply_to_status_id_str: '1839999999999999999',
        in_reply_to_user_id_str: '42',
        in_reply_to_screen_name: 'someone',
        quoted_tweet: { id_str: '1830000000000000000' },
      }),
      ID,
    );
    expect(t.legacy.conversation_id_str).toBeNull();
    expect(t.legacy).toMatchObject({
      in_reply_to_status_id_str: '1839999999999999999',
      in_reply_to_screen_name: 'someone',
      is_quote_status: true,
      quoted_status_id_str: '1830000000000000000',
    });
    expect(t.legacy.entities.timestamps).toEqual([]);
    expect(t.core.user_results.result.profile_image_shape).toBe('Circle');
    expectApiShape(t);
  });

  it.each([
    [TOMBSTONE_PROTECTED, 'PRIVATE_CONTENT'],
    [TOMBSTONE_DELETED, 'NOT_FOUND'],
    [TOMBSTONE_ADULT, 'UPSTREAM_BLOCKED'],
  ])('a tombstone "%s" → %s', (text, code) => {
    expect(errorOf(() => parseSyndicationTweet(tombstone(text), ID)).code).toBe(code);
  });

  it('200 {} (token refused) is UPSTREAM_FAILED, never an empty record', () => {
    const e = errorOf(() => parseSyndicationTweet({}, ID));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/token/);
  });

  it('a tweet without id or user is a shape change', () => {
    expect(errorOf(() => parseSyndicationTweet(syndicationTweet(ID, { user: undefined }), ID)).message).toContain('user');
  });
});

describe('trimTweet', () => {
  it('keeps exactly the documented fields, in the same paths', () => {
    const full = parseTweet(tweetResult('1840000000000000789'), '1840000000000000789');
    const t = trimTweet(full);
    expect(Object.keys(t)).toEqual(['__typename', 'rest_id', 'core', 'views', 'legacy']);
    expect([...TRIM_FIELDS.tweet].sort()).toEqual(['__typename', 'rest_id', 'views'].sort());
    expect(Object.keys(t.core.user_results.result)).toEqual([...TRIM_FIELDS.user, 'legacy']);
    expect(Object.keys(t.core.user_results.result.legacy)).toEqual([...TRIM_FIELDS.userLegacy]);
    expect(Object.keys(t.legacy)).toEqual([...TRIM_FIELDS.legacy]);
    expect(t.legacy.full_text).toBe(full.legacy.full_text);
    expect(t.core.user_results.result.legacy.screen_name).toBe('ada_writes');
    expect(t.views).toEqual(full.views);
  });

  it('a syndication record trims with its gaps as null', () => {
    const t = trimTweet(parseSyndicationTweet(syndicationTweet('1'), '1'));
    expect(t.views).toBeNull();
    expect(t.legacy.retweet_count).toBeNull();
    expect(t.core.user_results.result.legacy.followers_count).toBeNull();
  });
});

describe('parseTweetUrl', () => {
  it.each([
    ['https://x.com/XDevelopers/status/1649191520250245121', '1649191520250245121', 'XDevelopers'],
    ['https://twitter.com/jack/status/20', '20', 'jack'],
    ['http://www.twitter.com/jack/statuses/20', '20', 'jack'],
    ['https://mobile.twitter.com/a_b/status/1641086480675225601/photo/1', '1641086480675225601', 'a_b'],
    ['https://mobile.x.com/a/status/1641086480675225601?s=20&t=abc#frag', '1641086480675225601', 'a'],
    ['https://m.twitter.com/a/status/123/analytics', '123', 'a'],
    ['https://x.com/i/web/status/1649191520250245121', '1649191520250245121', null],
    ['https://X.COM/i/status/1649191520250245121', '1649191520250245121', null],
    ['  https://x.com/a/status/5  ', '5', 'a'],
  ])('%s → %s', (url, id, screenName) => {
    expect(parseTweetUrl(url)).toEqual({ id, screenName });
  });

  it.each([
    'https://x.com/XDevelopers',
    'https://x.com/a/status/',
    'https://x.com/a/status/abc',
    'https://x.com/a/status/0123',
    'https://x.com/a/status/123456789012345678901',
    'https://instagram.com/a/status/1',
    'https://x.com.evil.example/a/status/1',
    'https://evilx.com/a/status/1',
    'https://user@x.com/a/status/1',
    'https://x.com:8443/a/status/1',
    'ftp://x.com/a/status/1',
    'x.com/a/status/1',
    'https://x.com/a/likes/1',
    'https://x.com/a-b/status/1',
  ])('%s → null', (url) => {
    expect(parseTweetUrl(url)).toBeNull();
  });
});

describe('endpoints', () => {
  it('syndication token: the published live pair, and the request URL', () => {
    expect(syndicationToken('2084263129966342226')).toBe('51vwlu2rzkm');
    const u = new URL(syndicationUrl('1641086480675225601'));
    expect(u.origin + u.pathname).toBe('https://cdn.syndication.twimg.com/tweet-result');
    expect(u.searchParams.get('id')).toBe('1641086480675225601');
    expect(u.searchParams.get('token')).toBe(syndicationToken('1641086480675225601'));
    expect(u.searchParams.get('token')).toMatch(/^[1-9a-z]+$/); // no zeros, no point
  });

  it('TweetResultByRestId URL: query id in the path, JSON variables/features/fieldToggles', () => {
    const u = new URL(tweetResultUrl('AbCdEfGhIjKlMnOpQrStUv', '20', ['new_flag_enabled']));
    expect(u.origin).toBe('https://x.com');
    expect(u.pathname).toBe('/i/api/graphql/AbCdEfGhIjKlMnOpQrStUv/TweetResultByRestId');
    expect(JSON.parse(u.searchParams.get('variables')!)).toMatchObject({ tweetId: '20' });
    const features = JSON.parse(u.searchParams.get('features')!);
    expect(features.view_counts_everywhere_api_enabled).toBe(true);
    expect(features.new_flag_enabled).toBe(false);
    expect(JSON.parse(u.searchParams.get('fieldToggles')!)).toBeTypeOf('object');
  });

  it("missing features out of X's 400 message", () => {
    expect(missingFeatures('The following features cannot be null: rweb_video_screen_enabled, payments_enabled')).toEqual([
      'rweb_video_screen_enabled',
      'payments_enabled',
    ]);
    expect(missingFeatures('Something else')).toEqual([]);
  });

  it('query id: built-in, pinned through the environment, a misspelt pin refused', () => {
    expect(initialQueryId(TWEET_RESULT_BY_REST_ID, {})).toBe(TWEET_RESULT_BY_REST_ID.queryId);
    expect(pinnedQueryId(TWEET_RESULT_BY_REST_ID, {})).toBeNull();
    expect(initialQueryId(TWEET_RESULT_BY_REST_ID, { MICROBLOG_B_TWEET_QUERY_ID: ' Zz9_-Zz9_-Zz9_-Zz9_-Zz ' })).toBe(
      'Zz9_-Zz9_-Zz9_-Zz9_-Zz',
    );
    expect(errorOf(() => pinnedQueryId(TWEET_RESULT_BY_REST_ID, { MICROBLOG_B_TWEET_QUERY_ID: 'not a query id!' })).code).toBe(
      'UPSTREAM_FAILED',
    );
  });

  it('query id from the web client: main bundle linked from the home page, then its operation table', () => {
    const main = 'https://abs.twimg.com/responsive-web/client-web/main.1a2b3c4d.js';
    expect(bundleUrlsFromHtml(homeHtml(main))).toEqual([main, 'https://abs.twimg.com/responsive-web/client-web/vendor.5f1d2a0b.js']);
    const js = mainJs({ UserByScreenName: 'Uuuuuuuuuuuuuuuuuuuuuu', TweetResultByRestId: 'Tttttttttttttttttttttt' });
    expect(queryIdFromBundle(js, 'TweetResultByRestId')).toBe('Tttttttttttttttttttttt');
    expect(queryIdFromBundle(js, 'TweetDetail')).toBeNull();
  });
});

describe('block pages', () => {
  it('HTML where JSON was expected is recognised', () => {
    expect(looksLikeHtml(SOMETHING_WENT_WRONG_HTML)).toBe(true);
    expect(looksLikeHtml(tweetResultBody(undefined))).toBe(false);
  });

  const GRAPHQL = `https://x.com/i/api/graphql/Q/TweetResultByRestId?variables=%7B%7D`;
  const SYNDICATION = 'https://cdn.syndication.twimg.com/tweet-result?id=1&token=a';

  it('walls (walls.ts): the login page by its link to the login flow, any other HTML where JSON belongs a block', () => {
    for (const url of [GRAPHQL, SYNDICATION, 'https://api.x.com/1.1/guest/activate.json']) {
      expect(wallName('microblog-b', LOGIN_WALL_HTML, { url })).toBe('login-wall');
      expect(wallError('microblog-b', LOGIN_WALL_HTML, { url })?.message).toMatch(/login wall/);
      expect(wallName('microblog-b', SOMETHING_WENT_WRONG_HTML, { url })).toBe('html-page');
      expect(wallName('microblog-b', '<html><body>Just a moment...</body></html>', { url, status: 503 })).toBe('html-page');
    }
    expect(wallName('microblog-b', '', { url: 'https://x.com/i/flow/login?redirect_after_login=%2F' })).toBe('login-wall');
  });

  // Self-written: X's pages in Spanish and Japanese (same markup, no English sentence).
  const LOGIN_ES = LOGIN_WALL_HTML.replace('Log in to X / X', 'Inicia sesión en X / X')
    .replace('>Log in<', '>Iniciar sesión<')
    .replace('>Sign up<', '>Regístrate<')
    .replace('Don’t miss what’s happening', 'Entérate de lo que está pasando');
  const ERROR_JA = SOMETHING_WENT_WRONG_HTML.replace(
    'Something went wrong. Try reloading.',
    '問題が発生しました。再読み込みしてください。',
  ).replace('Retry', '再試行');

  it('translated pages (self-written) are the same walls, and the fallback in the parser agrees', () => {
    expect(LOGIN_ES).not.toMatch(/Log in|happening/);
    expect(wallName('microblog-b', LOGIN_ES, { url: GRAPHQL })).toBe('login-wall');
    expect(htmlAnswerError(LOGIN_ES, 'the GraphQL API').message).toMatch(/login wall/);
    expect(wallName('microblog-b', ERROR_JA, { url: SYNDICATION })).toBe('html-page');
    expect(htmlAnswerError(ERROR_JA, 'the syndication endpoint').code).toBe('UPSTREAM_BLOCKED');
    // English login wording without the login link is not a login wall (still a block where JSON belongs).
    expect(htmlAnswerError('<html><head><title>Log in to X / X</title></head><body>Log in to X</body></html>', 'x').message).not.toMatch(
      /login wall/,
    );
  });

  it('decoy: JSON quoting the pages is data; x.com pages fetched as HTML (the home page) are no wall', () => {
    const quote = 'Log in to X. Something went wrong. Just a moment… unusual traffic <a href="/i/flow/login">Log in</a>';
    const id = '1840000000000000123';
    const body = syndicationTweet(id, { text: quote });
    expect(wallName('microblog-b', JSON.stringify(body), { url: SYNDICATION })).toBeNull();
    expect(parseSyndicationTweet(body, id).legacy.full_text).toContain('Something went wrong');
    expect(wallName('microblog-b', LOGIN_WALL_HTML, { url: 'https://x.com/' })).toBeNull();
  });
});

describe('dates', () => {
  it("twitterDate: ISO → X's format (zero-padded day), garbage → null", () => {
    expect(twitterDate('2023-03-05T04:05:06.000Z')).toBe('Sun Mar 05 04:05:06 +0000 2023');
    expect(twitterDate('not a date')).toBeNull();
    expect(twitterDate(null)).toBeNull();
  });
});

describe.skipIf(!hasPeerExample(PEER_EXAMPLE))(
  existsSync(PEER_EXAMPLE) ? 'tweet shape vs the peer example' : `${PEER_EXAMPLE} is absent: peer shape check skipped`,
  () => {
    const peer = () => {
      const { sampleResponse } = JSON.parse(readFileSync(PEER_EXAMPLE, 'utf8')) as { sampleResponse: Obj };
      const { success: _s, credits_remaining: _r, credits_charged: _c, ...record } = sampleResponse;
      return record;
    };

    /** Records whose keys we define; the blobs inside them (tipjar_settings, professional…) are X's own. */
    const DEFINED = new Set([
      'tweet',
      'tweet.core',
      'tweet.core.user_results',
      'tweet.core.user_results.result',
      'tweet.core.user_results.result.legacy',
      'tweet.edit_control',
      'tweet.views',
      'tweet.legacy',
      'tweet.legacy.entities',
    ]);

    /** Every key of `want` is in `got` with the same JSON type (recursing into the records we define). */
    function sameKeysAndTypes(got: unknown, want: unknown, at: string): void {
      const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
      if (kind(want) === 'null' || kind(got) === 'null') return;
      expect(kind(got), at).toBe(kind(want));
      if (kind(want) !== 'object' || !DEFINED.has(at)) return;
      for (const k of Object.keys(want as Obj)) {
        expect(got, `${at}.${k}`).toHaveProperty([k]);
        sameKeysAndTypes((got as Obj)[k], (want as Obj)[k], `${at}.${k}`);
      }
    }

    it('a GraphQL-sourced tweet has every key of the peer record with the same types', () => {
      const ours = parseTweet(tweetResult('1628769691547074562', { user: legacyShapeUser() }), '1628769691547074562');
      expect(Object.keys(peer()).sort()).toEqual([...TWEET_KEYS].sort());
      sameKeysAndTypes(JSON.parse(JSON.stringify(ours)), peer(), 'tweet');
    });

    it('a 2026-shape author still has every legacy key of the peer author', () => {
      const ours = parseTweet(tweetResult('1', { user: newShapeUser() }), '1');
      const peerLegacy = (peer().core as Obj).user_results.result.legacy as Obj;
      for (const k of Object.keys(peerLegacy)) expect(ours.core.user_results.result.legacy, k).toHaveProperty([k]);
    });
  },
);

describe.skipIf(!hasFixtures('microblog-b'))(
  `parse warnings and the syndication author (microblog-b, ${skipReason('microblog-b')})`,
  () => {
    const detail = () => JSON.parse(readFixture('microblog-b', 'tweet-detail-2026.json'));
    const FOCAL = '1649191520250245121';

    it('the real TweetDetail capture reads without a warning', () => {
      expect(captureWarnings(() => parseTweetDetail(detail(), FOCAL)).warnings).toEqual([]);
    });

    it('a count missing from the tweet: null plus tweet.<field>; the syndication fallback does not warn for what it never carries', () => {
      const body = detail();
      const focal = focalTweetResult(body, FOCAL) as { legacy: Record<string, unknown> };
      delete focal.legacy.retweet_count;
      const { result, warnings } = captureWarnings(() => parseTweetDetail(body, FOCAL));
      expect(result.legacy.retweet_count).toBeNull();
      expect(warnings.map((w) => [w.platform, w.field])).toContainEqual(['microblog-b', 'tweet.retweet_count']);
      const synd = captureWarnings(() => parseSyndicationTweet(capture('syndication-tweet-result-photo-2023.json'), '1641086480675225601'));
      expect(synd.warnings).toEqual([]);
    });

    it('a syndication user of another vintage (our own answer): its legacy-named members and label are kept', () => {
      const raw = capture('syndication-tweet-result-photo-2023.json');
      raw.user = {
        ...raw.user,
        verified_type: 'Business',
        followers_count: 1200,
        profile_image_shape: 'Square',
        highlighted_label: { description: 'Acme', badge: { url: 'https://pbs.twimg.com/b.png' } },
        profile_image_url_https: 'https://abs.twimg.com/sticky/default_profile_images/default_profile_normal.png',
      };
      raw.retweet_count = 7;
      const t = parseSyndicationTweet(raw, '1641086480675225601');
      const u = t.core.user_results.result;
      expect(u.legacy).toMatchObject({ verified_type: 'Business', followers_count: 1200, default_profile_image: true, protected: false });
      expect(u.profile_image_shape).toBe('Square');
      expect(u.affiliates_highlighted_label).toEqual({ label: { description: 'Acme', badge: { url: 'https://pbs.twimg.com/b.png' } } });
      expect(t.legacy.retweet_count).toBe(7);
    });
  },
);
