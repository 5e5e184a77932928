/**
 * GraphQL types and root field for microblog-b (X / Twitter). Idiomatic names over the api.md
 * wire record, plus `json` carrying the whole wire record (what REST returns). The types read
 * the record loosely, so a trimmed record (`trim: true`) simply resolves the fields it left out
 * to null. Counts are Int (the largest follower counts are far below 2^31); `views.count` stays
 * the string X sends.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { bool, int, obj, objects, str, strings } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import { tweet } from './platform.js';
import type { MicroblogBProfile } from './profile.js';
import { profile } from './profile.js';

const strs = (v: unknown): string[] | null => (Array.isArray(v) ? strings(v) : null);
const ints = (v: unknown): number[] | null => (Array.isArray(v) && v.every((x) => Number.isInteger(x)) ? (v as number[]) : null);

/** Field options over a loosely read record: `t.string(S('screen_name'))`. */
const S = (key: string, description?: string) => ({ description, resolve: (o: Obj) => str(o[key]) });
const I = (key: string, description?: string) => ({ description, resolve: (o: Obj) => int(o[key]) });
const B = (key: string, description?: string) => ({ description, resolve: (o: Obj) => bool(o[key]) });
const J = (key: string, description?: string) => ({ type: 'JSON' as const, description, resolve: (o: Obj) => o[key] ?? null });

/** The entities of a post's text (links, mentions, hashtags). */
function entityTypes() {
  const UrlEntityRef = builder.objectRef<Obj>('MicroblogBUrlEntity').implement({
    description: 'A t.co link and where it leads',
    fields: (t) => ({
      url: t.string(S('url', 'The t.co link as it appears in the text')),
      expandedUrl: t.string(S('expanded_url')),
      displayUrl: t.string(S('display_url')),
      indices: t.intList({ nullable: true, resolve: (o) => ints(o.indices) }),
    }),
  });

  const MentionRef = builder.objectRef<Obj>('MicroblogBUserMention').implement({
    fields: (t) => ({
      screenName: t.string(S('screen_name')),
      name: t.string(S('name')),
      idStr: t.string(S('id_str')),
      indices: t.intList({ nullable: true, resolve: (o) => ints(o.indices) }),
    }),
  });

  const HashtagRef = builder.objectRef<Obj>('MicroblogBHashtag').implement({
    description: 'A hashtag or a cashtag (symbol), without its # or $',
    fields: (t) => ({
      text: t.string(S('text')),
      indices: t.intList({ nullable: true, resolve: (o) => ints(o.indices) }),
    }),
  });

  const TweetEntitiesRef = builder.objectRef<Obj>('MicroblogBTweetEntities').implement({
    fields: (t) => ({
      hashtags: t.field({ type: [HashtagRef], nullable: false, resolve: (o) => objects(o.hashtags) }),
      symbols: t.field({ type: [HashtagRef], nullable: false, resolve: (o) => objects(o.symbols) }),
      timestamps: t.field({ type: 'JSON', resolve: (o) => o.timestamps ?? [] }),
      urls: t.field({ type: [UrlEntityRef], nullable: false, resolve: (o) => objects(o.urls) }),
      userMentions: t.field({ type: [MentionRef], nullable: false, resolve: (o) => objects(o.user_mentions) }),
      media: t.field({
        type: 'JSON',
        description: 'Attached photos / videos as X describes them (entities.media)',
        resolve: (o) => o.media ?? null,
      }),
    }),
  });
  return { UrlEntityRef, TweetEntitiesRef };
}

/** MicroblogBUser and its legacy profile fields. */
function userTypes(UrlEntityRef: ReturnType<typeof entityTypes>['UrlEntityRef']) {
  const UserLegacyRef = builder.objectRef<Obj>('MicroblogBUserLegacy').implement({
    description: 'The profile fields (api.md `legacy`), filled from whichever user shape X sent',
    // Account flags and counters of X's own bookkeeping, left to `json`.
    extensions: {
      jsonOnly: [
        'default_profile',
        'default_profile_image',
        'fast_followers_count',
        'has_custom_timelines',
        'is_translator',
        'normal_followers_count',
        'profile_interstitial_type',
        'translator_type',
        'withheld_in_countries',
      ],
    },
    fields: (t) => ({
      screenName: t.string(S('screen_name')),
      name: t.string(S('name')),
      createdAt: t.string(S('created_at', 'As X writes it: "Sat Dec 14 04:35:55 +0000 2013"')),
      description: t.string(S('description')),
      descriptionUrls: t.field({
        type: [UrlEntityRef],
        extensions: { wire: 'entities.description.urls' },
        resolve: (o) => objects(obj(obj(o.entities)?.description)?.urls),
      }),
      websiteUrls: t.field({
        type: [UrlEntityRef],
        description: 'The profile website (entities.url.urls)',
        extensions: { wire: 'entities.url.urls' },
        resolve: (o) => objects(obj(obj(o.entities)?.url)?.urls),
      }),
      url: t.string(S('url', 'The profile website as a t.co link')),
      location: t.string(S('location')),
      followersCount: t.int(I('followers_count')),
      friendsCount: t.int(I('friends_count', 'Accounts this account follows')),
      favouritesCount: t.int(I('favourites_count')),
      statusesCount: t.int(I('statuses_count')),
      mediaCount: t.int(I('media_count')),
      listedCount: t.int(I('listed_count')),
      profileImageUrlHttps: t.string(S('profile_image_url_https')),
      profileBannerUrl: t.string(S('profile_banner_url')),
      verified: t.boolean(B('verified')),
      verifiedType: t.string(S('verified_type')),
      protected: t.boolean(B('protected')),
      possiblySensitive: t.boolean(B('possibly_sensitive')),
      pinnedTweetIds: t.stringList({
        nullable: true,
        extensions: { wire: 'pinned_tweet_ids_str' },
        resolve: (o) => strs(o.pinned_tweet_ids_str),
      }),
      entities: t.field(J('entities')),
    }),
  });

  const UserRef = builder.objectRef<Obj>('MicroblogBUser').implement({
    description: 'An account (api.md user object)',
    fields: (t) => ({
      typename: t.string(S('__typename', 'Upstream __typename (User)')),
      id: t.string(S('id', 'GraphQL node id (base64 of User:<restId>)')),
      restId: t.string(S('rest_id', 'Numeric account id')),
      isBlueVerified: t.boolean(B('is_blue_verified')),
      profileImageShape: t.string(S('profile_image_shape')),
      legacy: t.field({ type: UserLegacyRef, resolve: (o) => obj(o.legacy) }),
      professional: t.field(J('professional')),
      tipjarSettings: t.field(J('tipjar_settings')),
      affiliatesHighlightedLabel: t.field(J('affiliates_highlighted_label')),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (o) => o }),
    }),
  });
  return UserRef;
}

type UserType = ReturnType<typeof userTypes>;

/** MicroblogBTweet and its parts, and the tweet root field. */
function tweetTypes(UserRef: UserType, TweetEntitiesRef: ReturnType<typeof entityTypes>['TweetEntitiesRef']): void {
  const EditControlRef = builder.objectRef<Obj>('MicroblogBEditControl').implement({
    fields: (t) => ({
      editTweetIds: t.stringList({ nullable: true, resolve: (o) => strs(o.edit_tweet_ids) }),
      editableUntilMsecs: t.string(S('editable_until_msecs', 'Epoch milliseconds, as the string X sends')),
      isEditEligible: t.boolean(B('is_edit_eligible')),
      editsRemaining: t.string(S('edits_remaining')),
    }),
  });

  const ViewsRef = builder.objectRef<Obj>('MicroblogBViews').implement({
    fields: (t) => ({
      count: t.string(S('count', 'View count, as the string X sends')),
      state: t.string(S('state')),
    }),
  });

  const TweetLegacyRef = builder.objectRef<Obj>('MicroblogBTweetLegacy').implement({
    description: 'The post fields (api.md `legacy`)',
    fields: (t) => ({
      idStr: t.string(S('id_str')),
      fullText: t.string(S('full_text')),
      createdAt: t.string(S('created_at', 'As X writes it: "Thu Apr 20 23:21:13 +0000 2023"')),
      lang: t.string(S('lang')),
      conversationIdStr: t.string(S('conversation_id_str')),
      userIdStr: t.string(S('user_id_str')),
      displayTextRange: t.intList({ nullable: true, resolve: (o) => ints(o.display_text_range) }),
      entities: t.field({ type: TweetEntitiesRef, resolve: (o) => obj(o.entities) }),
      favoriteCount: t.int(I('favorite_count')),
      retweetCount: t.int(I('retweet_count')),
      replyCount: t.int(I('reply_count')),
      quoteCount: t.int(I('quote_count')),
      bookmarkCount: t.int(I('bookmark_count')),
      isQuoteStatus: t.boolean(B('is_quote_status')),
      possiblySensitive: t.boolean(B('possibly_sensitive')),
      favorited: t.boolean(B('favorited')),
      retweeted: t.boolean(B('retweeted')),
      bookmarked: t.boolean(B('bookmarked')),
      inReplyToStatusIdStr: t.string(S('in_reply_to_status_id_str')),
      inReplyToScreenName: t.string(S('in_reply_to_screen_name')),
      quotedStatusIdStr: t.string(S('quoted_status_id_str')),
      extendedEntities: t.field(J('extended_entities', 'Attached media with their variants (extended_entities)')),
    }),
  });

  const TweetRef = builder.objectRef<Obj>('MicroblogBTweet').implement({
    description: 'A post (api.md microblog-b tweet). With trim: true only the fields listed on the trim argument are set.',
    fields: (t) => ({
      typename: t.string(S('__typename', 'Upstream __typename (Tweet)')),
      restId: t.string(S('rest_id', 'Numeric post id')),
      author: t.field({
        type: UserRef,
        description: 'core.user_results.result',
        extensions: { wire: 'core.user_results.result' },
        resolve: (o) => obj(obj(obj(o.core)?.user_results)?.result),
      }),
      editControl: t.field({ type: EditControlRef, resolve: (o) => obj(o.edit_control) }),
      isTranslatable: t.boolean(B('is_translatable')),
      unmentionData: t.field(J('unmention_data')),
      views: t.field({ type: ViewsRef, resolve: (o) => obj(o.views) }),
      source: t.string(S('source', 'The posting client, as an HTML link')),
      legacy: t.field({ type: TweetLegacyRef, resolve: (o) => obj(o.legacy) }),
      card: t.field(J('card', 'Link preview card, when the post has one')),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (o) => o }),
    }),
  });

  // The types read the record as a plain object (full or trimmed alike), hence the cast.
  operationField(tweet, TweetRef as never);
}

/** MicroblogBProfile and the profile root field. */
function profileTypes(UserRef: UserType): void {
  const ProfileRef = builder.objectRef<MicroblogBProfile>('MicroblogBProfile').implement({
    description: 'A public account: its user object, in the shape a post carries its author',
    fields: (t) => ({
      user: t.field({ type: UserRef, nullable: false, resolve: (p) => p.user as unknown as Obj }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p) => p }),
    }),
  });
  operationField(profile, ProfileRef);
}

/** Declares microblog-b's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function microblogBGraphql(): void {
  const { UrlEntityRef, TweetEntitiesRef } = entityTypes();
  const UserRef = userTypes(UrlEntityRef);
  tweetTypes(UserRef, TweetEntitiesRef);
  profileTypes(UserRef);
}
