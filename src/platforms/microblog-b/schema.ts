/**
 * The microblog-b record (api.md "microblog-b tweet", and its `trim` form) as data: the parsers'
 * types, the /openapi.json response schema and what REST bodies are checked against. api.md's
 * user `legacy` lists its fields "and more", and the GraphQL records carry further upstream
 * fields: those objects are loose (documented fields typed, others allowed). Nullable fields:
 * README.md.
 */
import { z } from 'zod';
import { Any, named, NBool, NNum, NObj, NStr, Obj, Str, Strs } from '../records.js';

/**
 * What `trim=true` keeps — the same paths as the full record, nothing renamed:
 *
 *   __typename, rest_id, views
 *   core.user_results.result: __typename, rest_id, is_blue_verified,
 *     legacy: screen_name, name, profile_image_url_https, followers_count, verified
 *   legacy: created_at, full_text, lang, conversation_id_str, favorite_count, retweet_count,
 *     reply_count, quote_count, bookmark_count, user_id_str, id_str
 *
 * Left out: edit_control, is_translatable, unmention_data, source, entities and media, every
 * other author field, and all further upstream fields.
 */
export const TRIM_FIELDS = {
  tweet: ['__typename', 'rest_id', 'views'],
  user: ['__typename', 'rest_id', 'is_blue_verified'],
  userLegacy: ['screen_name', 'name', 'profile_image_url_https', 'followers_count', 'verified'],
  legacy: [
    'created_at',
    'full_text',
    'lang',
    'conversation_id_str',
    'favorite_count',
    'retweet_count',
    'reply_count',
    'quote_count',
    'bookmark_count',
    'user_id_str',
    'id_str',
  ],
} as const;

export const UrlEntity = z.looseObject({
  display_url: Str.optional(),
  expanded_url: Str.optional(),
  url: Str.optional(),
  indices: z.array(z.number()).optional(),
});
export type UrlEntity = z.infer<typeof UrlEntity>;

export const UserEntities = z.looseObject({
  description: z.looseObject({ urls: z.array(UrlEntity) }),
  url: z.looseObject({ urls: z.array(UrlEntity) }),
});
export type UserEntities = z.infer<typeof UserEntities>;

/** api.md user `legacy` (its named fields and the "and more" ones X's legacy block carried). */
export const UserLegacy = z.looseObject({
  created_at: NStr,
  default_profile: NBool,
  default_profile_image: NBool,
  description: NStr,
  entities: UserEntities,
  fast_followers_count: NNum,
  favourites_count: NNum,
  followers_count: NNum,
  friends_count: NNum,
  has_custom_timelines: NBool,
  is_translator: NBool,
  listed_count: NNum,
  location: NStr,
  media_count: NNum,
  name: NStr,
  normal_followers_count: NNum,
  pinned_tweet_ids_str: Strs.nullable(),
  possibly_sensitive: NBool,
  profile_banner_url: NStr,
  profile_image_url_https: NStr,
  profile_interstitial_type: NStr,
  protected: NBool,
  screen_name: Str,
  statuses_count: NNum,
  translator_type: NStr,
  url: NStr,
  verified: NBool,
  verified_type: NStr,
  withheld_in_countries: Strs.nullable(),
});
export type UserLegacy = z.infer<typeof UserLegacy>;

export const MicroblogBUser = z.looseObject({
  __typename: Str,
  /** GraphQL node id: base64 of `User:<rest_id>`. */
  id: NStr,
  rest_id: Str,
  affiliates_highlighted_label: NObj,
  is_blue_verified: NBool,
  profile_image_shape: NStr,
  legacy: UserLegacy,
  professional: NObj,
  tipjar_settings: NObj,
});
export type MicroblogBUser = z.infer<typeof MicroblogBUser>;

export const EditControl = z.strictObject({
  edit_tweet_ids: Strs.nullable(),
  editable_until_msecs: NStr,
  is_edit_eligible: NBool,
  edits_remaining: NStr,
});
export type EditControl = z.infer<typeof EditControl>;

export const TweetEntities = z.looseObject({
  hashtags: z.array(Obj),
  symbols: z.array(Obj),
  timestamps: z.array(Obj),
  urls: z.array(UrlEntity),
  user_mentions: z.array(Obj),
  /** Attached photos / videos, on posts that have them, passed through as X sends them (GraphQL `media`). */
  media: Any.optional(),
});
export type TweetEntities = z.infer<typeof TweetEntities>;

export const TweetLegacy = z.looseObject({
  bookmark_count: NNum,
  bookmarked: NBool,
  created_at: NStr,
  conversation_id_str: NStr,
  display_text_range: z.array(z.number()).nullable(),
  entities: TweetEntities,
  favorite_count: NNum,
  favorited: NBool,
  full_text: NStr,
  is_quote_status: NBool,
  lang: NStr,
  possibly_sensitive: NBool,
  quote_count: NNum,
  reply_count: NNum,
  retweet_count: NNum,
  retweeted: NBool,
  user_id_str: NStr,
  id_str: Str,
  /** On replies, quotes and posts with media only, passed through as X sends them (each a GraphQL field). */
  in_reply_to_status_id_str: Any.optional(),
  in_reply_to_screen_name: Any.optional(),
  quoted_status_id_str: Any.optional(),
  extended_entities: Any.optional(),
});
export type TweetLegacy = z.infer<typeof TweetLegacy>;

const Views = z.strictObject({ count: NStr, state: NStr }).nullable();

/** api.md "microblog-b tweet". */
export const MicroblogBTweet = named(
  'MicroblogBTweet',
  z.looseObject({
    __typename: Str,
    rest_id: Str,
    core: z.strictObject({ user_results: z.strictObject({ result: MicroblogBUser }) }),
    edit_control: EditControl.nullable(),
    is_translatable: NBool,
    unmention_data: NObj,
    views: Views,
    source: NStr,
    legacy: TweetLegacy,
    /** The link preview card, on posts that have one, passed through as X sends it. */
    card: Any.optional(),
  }),
);
export type MicroblogBTweet = z.infer<typeof MicroblogBTweet>;

/** `{a: true, b: true}` for a list of keys, as zod's `pick` takes it. */
function mask<K extends string>(keys: readonly K[]): { [P in K]: true } {
  return Object.fromEntries(keys.map((k) => [k, true])) as { [P in K]: true };
}

/** `trim=true` (TRIM_FIELDS): the same names and values as the full tweet, nothing else. */
export const TrimmedTweet = named(
  'MicroblogBTrimmedTweet',
  z.strictObject({
    ...MicroblogBTweet.pick(mask(TRIM_FIELDS.tweet)).shape,
    core: z.strictObject({
      user_results: z.strictObject({
        result: z.strictObject({
          ...MicroblogBUser.pick(mask(TRIM_FIELDS.user)).shape,
          legacy: z.strictObject(UserLegacy.pick(mask(TRIM_FIELDS.userLegacy)).shape),
        }),
      }),
    }),
    legacy: z.strictObject(TweetLegacy.pick(mask(TRIM_FIELDS.legacy)).shape),
  }),
);
export type TrimmedTweet = z.infer<typeof TrimmedTweet>;

/** The /v1 record: the tweet, or its trimmed form with `trim=true`. */
export const TweetRecord = z.union([MicroblogBTweet, TrimmedTweet]);
