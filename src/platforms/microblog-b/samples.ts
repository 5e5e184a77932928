/**
 * Hand-written microblog-b (X / Twitter) upstream bodies for the parser and end-to-end tests.
 *
 * NOT captures: written by us in the public shapes of X's answers, as the captures in
 * ../shared/fixtures/microblog-b and public clients (yt-dlp, twscrape, react-tweet) show them —
 * `data.tweetResult.result` of TweetResultByRestId, with the author either in the older `legacy`
 * user shape (2025) or the 2026 one (`core`, `profile_bio`, `relationship_counts`…); the empty
 * `tweetResult` X sends for a deleted post; `TweetUnavailable` with a `reason`; tombstones with
 * their "… Learn more" texts; the syndication `tweet-result` tweet; guest activation; the x.com
 * home page linking `main.<hash>.js`, whose operation table declares `queryId:"…",operationName:"…"`.
 * Names, ids, texts and counts are invented.
 */

type Obj = Record<string, unknown>;

export const AUTHOR_ID = '1700000000000000001';

/** An author in the older user shape: every profile field in `legacy`. */
export function legacyShapeUser(screenName = 'ada_writes', extra: Obj = {}): Obj {
  return {
    __typename: 'User',
    id: Buffer.from(`User:${AUTHOR_ID}`).toString('base64'),
    rest_id: AUTHOR_ID,
    affiliates_highlighted_label: {},
    is_blue_verified: false,
    profile_image_shape: 'Circle',
    legacy: {
      created_at: 'Tue Mar 05 09:10:11 +0000 2019',
      default_profile: true,
      default_profile_image: false,
      description: 'Writes about typography. Shop: https://t.co/AbCdEf1234',
      entities: {
        description: {
          urls: [
            {
              display_url: 'shop.example.com',
              expanded_url: 'https://shop.example.com/',
              url: 'https://t.co/AbCdEf1234',
              indices: [32, 55],
            },
          ],
        },
        url: {
          urls: [
            { display_url: 'ada.example.org', expanded_url: 'https://ada.example.org/', url: 'https://t.co/ZyXwVu9876', indices: [0, 23] },
          ],
        },
      },
      fast_followers_count: 0,
      favourites_count: 5120,
      followers_count: 12034,
      friends_count: 321,
      has_custom_timelines: false,
      is_translator: false,
      listed_count: 45,
      location: 'Lisbon',
      media_count: 210,
      name: 'Ada Writes',
      normal_followers_count: 12034,
      pinned_tweet_ids_str: [],
      possibly_sensitive: false,
      profile_banner_url: `https://pbs.twimg.com/profile_banners/${AUTHOR_ID}/1700000000`,
      profile_image_url_https: 'https://pbs.twimg.com/profile_images/1/ada_normal.jpg',
      profile_interstitial_type: '',
      screen_name: screenName,
      statuses_count: 4321,
      translator_type: 'none',
      url: 'https://t.co/ZyXwVu9876',
      verified: false,
      want_retweets: false,
      withheld_in_countries: [],
    },
    professional: { rest_id: '1700000000000000999', professional_type: 'Creator', category: [] },
    tipjar_settings: { is_enabled: false },
    ...extra,
  };
}

/** The same author in the 2026 user shape: no `legacy`. */
export function newShapeUser(screenName = 'ada_writes'): Obj {
  return {
    __typename: 'User',
    id: Buffer.from(`User:${AUTHOR_ID}`).toString('base64'),
    rest_id: AUTHOR_ID,
    action_counts: { favorites_count: 5120 },
    avatar: { image_url: 'https://pbs.twimg.com/profile_images/1/ada_normal.jpg' },
    banner: { image_url: `https://pbs.twimg.com/profile_banners/${AUTHOR_ID}/1700000000` },
    core: { created_at: 'Tue Mar 05 09:10:11 +0000 2019', name: 'Ada Writes', screen_name: screenName },
    is_blue_verified: false,
    location: { location: 'Lisbon' },
    pinned_items: { tweet_ids_str: [] },
    possibly_sensitive: false,
    privacy: { protected: false },
    profile_bio: {
      description: 'Writes about typography. Shop: https://t.co/AbCdEf1234',
      entities: {
        description: {
          urls: [
            {
              display_url: 'shop.example.com',
              expanded_url: 'https://shop.example.com/',
              url: 'https://t.co/AbCdEf1234',
              indices: [32, 55],
            },
          ],
        },
        url: {
          urls: [
            { display_url: 'ada.example.org', expanded_url: 'https://ada.example.org/', url: 'https://t.co/ZyXwVu9876', indices: [0, 23] },
          ],
        },
      },
    },
    profile_image_shape: 'Circle',
    profile_metadata: { profile_interstitial_type: '' },
    profile_translation: { translator_type: 'none' },
    relationship_counts: { followers: 12034, following: 321 },
    tipjar_settings: { is_enabled: false },
    tweet_counts: { media_tweets: 210, tweets: 4321 },
    verification: { verified: false },
    website: { url: 'https://t.co/ZyXwVu9876' },
  };
}

/** A `Tweet` result as TweetResultByRestId returns it. */
export function tweetResult(id: string, opts: { user?: Obj; text?: string; extra?: Obj; legacy?: Obj } = {}): Obj {
  const user = opts.user ?? newShapeUser();
  const text = opts.text ?? 'Kerning is a love language. Notes: https://t.co/Qwerty1234';
  return {
    __typename: 'Tweet',
    rest_id: id,
    core: { user_results: { result: user } },
    unmention_data: {},
    edit_control: { edit_tweet_ids: [id], editable_until_msecs: '1760000000000', is_edit_eligible: true, edits_remaining: '5' },
    is_translatable: false,
    views: { count: '48213', state: 'EnabledWithCount' },
    source: '<a href="https://mobile.twitter.com" rel="nofollow">Twitter Web App</a>',
    legacy: {
      bookmark_count: 17,
      bookmarked: false,
      created_at: 'Mon Oct 06 14:00:05 +0000 2025',
      conversation_id_str: id,
      display_text_range: [0, text.length],
      entities: {
        hashtags: [],
        symbols: [],
        timestamps: [],
        urls: [
          {
            display_url: 'notes.example.org/kerning',
            expanded_url: 'https://notes.example.org/kerning',
            url: 'https://t.co/Qwerty1234',
            indices: [35, 58],
          },
        ],
        user_mentions: [],
      },
      favorite_count: 812,
      favorited: false,
      full_text: text,
      is_quote_status: false,
      lang: 'en',
      possibly_sensitive: false,
      possibly_sensitive_editable: true,
      quote_count: 9,
      reply_count: 31,
      retweet_count: 64,
      retweeted: false,
      user_id_str: AUTHOR_ID,
      id_str: id,
      ...opts.legacy,
    },
    ...opts.extra,
  };
}

/** `{"data":{"tweetResult":{"result":…}}}`; `result` undefined → the empty `tweetResult` of a deleted post. */
export function tweetResultBody(result: Obj | undefined): string {
  return JSON.stringify({ data: { tweetResult: result === undefined ? {} : { result } } });
}

export const unavailable = (reason: string): Obj => ({ __typename: 'TweetUnavailable', reason });

export function tombstone(text: string): Obj {
  return { __typename: 'TweetTombstone', tombstone: { __typename: 'TextTombstone', text: { rtl: false, text, entities: [] } } };
}

export const TOMBSTONE_PROTECTED = 'You’re unable to view this Post because this account owner limits who can view their Posts. Learn more';
export const TOMBSTONE_DELETED = 'This Post was deleted by the Post author. Learn more';
export const TOMBSTONE_SUSPENDED = 'This Post is from a suspended account. Learn more';
export const TOMBSTONE_ADULT =
  'Age-restricted adult content. This content might not be appropriate for people under 18 years old. To view this media, you’ll need to log in to X. Learn more';

/** A syndication `tweet-result` answer. */
export function syndicationTweet(id: string, extra: Obj = {}): Obj {
  return {
    __typename: 'Tweet',
    lang: 'en',
    favorite_count: 812,
    possibly_sensitive: false,
    created_at: '2025-10-06T14:00:05.000Z',
    display_text_range: [0, 58],
    entities: {
      hashtags: [],
      urls: [
        {
          display_url: 'notes.example.org/kerning',
          expanded_url: 'https://notes.example.org/kerning',
          indices: [35, 58],
          url: 'https://t.co/Qwerty1234',
        },
      ],
      user_mentions: [],
      symbols: [],
    },
    id_str: id,
    text: 'Kerning is a love language. Notes: https://t.co/Qwerty1234',
    user: {
      id_str: AUTHOR_ID,
      name: 'Ada Writes',
      profile_image_url_https: 'https://pbs.twimg.com/profile_images/1/ada_normal.jpg',
      screen_name: 'ada_writes',
      verified: false,
      is_blue_verified: false,
      profile_image_shape: 'Circle',
    },
    edit_control: { edit_tweet_ids: [id], editable_until_msecs: '1760000000000', is_edit_eligible: true, edits_remaining: '5' },
    conversation_count: 31,
    news_action_type: 'conversation',
    isEdited: false,
    isStaleEdit: false,
    ...extra,
  };
}

export const GUEST_ACTIVATE_BODY = (token: string) => JSON.stringify({ guest_token: token });

/** x.com's logged-out home page: a shell that links the web client's bundles. */
export function homeHtml(mainJs: string): string {
  return `<!DOCTYPE html><html dir="ltr" lang="en"><head><meta charset="utf-8"><title>X. It’s what’s happening / X</title>
<link rel="preload" as="script" crossorigin="anonymous" href="https://abs.twimg.com/responsive-web/client-web/vendor.5f1d2a0b.js">
<link rel="preload" as="script" crossorigin="anonymous" href="${mainJs}"></head>
<body><noscript>JavaScript is not available.</noscript><div id="react-root"></div>
<script type="text/javascript" charset="utf-8" nonce="abc" crossorigin="anonymous" src="${mainJs}"></script></body></html>`;
}

/** The operation table of the web client's main bundle. */
export function mainJs(queryIds: Record<string, string>): string {
  const entries = Object.entries(queryIds).map(
    ([op, id]) =>
      `e.exports={queryId:"${id}",operationName:"${op}",operationType:"query",metadata:{featureSwitches:["view_counts_everywhere_api_enabled"],fieldToggles:[]}}`,
  );
  return `(self.webpackChunk_twitter_responsive_web=self.webpackChunk_twitter_responsive_web||[]).push([["main"],{1:e=>{${entries.join('},2:e=>{')}}}]);`;
}

/** X's error page (served with HTTP 200 to some clients). */
export const SOMETHING_WENT_WRONG_HTML = `<!DOCTYPE html><html><head><title>X</title></head><body><div id="react-root">
<div><span>Something went wrong. Try reloading.</span><button>Retry</button></div></div></body></html>`;

/** X's login wall. */
export const LOGIN_WALL_HTML = `<!DOCTYPE html><html><head><title>Log in to X / X</title></head><body>
<a href="/i/flow/login">Log in</a><a href="/i/flow/signup">Sign up</a><h1>Don’t miss what’s happening</h1></body></html>`;
