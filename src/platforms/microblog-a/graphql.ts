/**
 * GraphQL types and root fields for microblog-a (Truth Social): idiomatic names declared once
 * over the api.md wire records, plus `json` carrying the whole wire record (what REST returns).
 *
 * Hosted media: records keep gateway paths (`/media/<id>`) and every response makes them
 * absolute for its own caller (wire.ts), in `json` and in the typed fields alike.
 */
import { builder } from '../../graphql/builder.js';
import { str } from '../../parse/index.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { wireRecord } from '../operation.js';
import type { MicroblogAAccount, MicroblogAMedia, MicroblogAPost, MicroblogAProfile } from './parse.js';
import { post, profile } from './platform.js';
import type { MicroblogAPostsPage } from './posts.js';
import { microblogAPosts } from './posts.js';
import { forCaller } from './wire.js';

type Json = Record<string, unknown>;

/** The small parts of accounts and posts: emojis, profile fields, mentions, tags. */
function partTypes() {
  const EmojiRef = builder.objectRef<Json>('MicroblogAEmoji').implement({
    description: 'A custom emoji',
    fields: (t) => ({
      shortcode: t.string({ resolve: (e) => str(e.shortcode) }),
      url: t.string({ resolve: (e) => str(e.url) }),
      staticUrl: t.string({ resolve: (e) => str(e.static_url) }),
      visibleInPicker: t.boolean({ resolve: (e) => (typeof e.visible_in_picker === 'boolean' ? e.visible_in_picker : null) }),
    }),
  });

  const ProfileFieldRef = builder.objectRef<Json>('MicroblogAProfileField').implement({
    description: 'A name/value pair shown on a profile',
    fields: (t) => ({
      name: t.string({ resolve: (f) => str(f.name) }),
      value: t.string({ description: 'HTML', resolve: (f) => str(f.value) }),
      verifiedAt: t.string({ resolve: (f) => str(f.verified_at) }),
    }),
  });

  const MentionRef = builder.objectRef<Json>('MicroblogAMention').implement({
    fields: (t) => ({
      id: t.string({ resolve: (m) => str(m.id) }),
      username: t.string({ resolve: (m) => str(m.username) }),
      acct: t.string({ resolve: (m) => str(m.acct) }),
      url: t.string({ resolve: (m) => str(m.url) }),
    }),
  });

  const TagRef = builder.objectRef<Json>('MicroblogATag').implement({
    fields: (t) => ({
      name: t.string({ resolve: (g) => str(g.name) }),
      url: t.string({ resolve: (g) => str(g.url) }),
    }),
  });
  return { EmojiRef, ProfileFieldRef, MentionRef, TagRef };
}

type Parts = ReturnType<typeof partTypes>;

/** The account fields (an interface), the author of a post (MicroblogAAccount) and the profile (MicroblogAProfile). */
function accountTypes({ EmojiRef, ProfileFieldRef }: Parts) {
  /**
   * The account fields api.md lists for the account inside a post and for the profile, declared
   * once as an interface both object types implement (and inherit these fields from).
   */
  const AccountFieldsRef = builder.interfaceRef<MicroblogAAccount>('MicroblogAAccountFields').implement({
    description: 'Fields of an account, shared by the author of a post and the profile',
    fields: (t) => ({
      id: t.exposeString('id'),
      username: t.exposeString('username'),
      acct: t.exposeString('acct'),
      displayName: t.exposeString('display_name'),
      locked: t.exposeBoolean('locked', { description: 'Follow requests need approval (the profile itself is public)' }),
      bot: t.exposeBoolean('bot'),
      discoverable: t.exposeBoolean('discoverable'),
      group: t.exposeBoolean('group'),
      createdAt: t.exposeString('created_at'),
      note: t.exposeString('note', { description: 'Bio, HTML' }),
      url: t.exposeString('url'),
      avatar: t.exposeString('avatar'),
      avatarStatic: t.exposeString('avatar_static'),
      header: t.exposeString('header'),
      headerStatic: t.exposeString('header_static'),
      followersCount: t.exposeInt('followers_count'),
      followingCount: t.exposeInt('following_count'),
      statusesCount: t.exposeInt('statuses_count'),
      lastStatusAt: t.exposeString('last_status_at', { description: 'Date (YYYY-MM-DD)' }),
      verified: t.exposeBoolean('verified'),
      location: t.exposeString('location'),
      website: t.exposeString('website'),
      unauthVisibility: t.exposeBoolean('unauth_visibility', {
        description: 'Visible to logged-out viewers; only known for the account inside a post',
      }),
      chatsOnboarded: t.exposeBoolean('chats_onboarded'),
      feedsOnboarded: t.exposeBoolean('feeds_onboarded'),
      acceptingMessages: t.exposeBoolean('accepting_messages'),
      showNonmemberGroupStatuses: t.exposeBoolean('show_nonmember_group_statuses'),
      emojis: t.field({ type: [EmojiRef], nullable: false, resolve: (a) => a.emojis }),
      fields: t.field({ type: [ProfileFieldRef], nullable: false, resolve: (a) => a.fields }),
      tvOnboarded: t.exposeBoolean('tv_onboarded'),
      tvAccount: t.exposeBoolean('tv_account'),
    }),
  });

  const AccountRef = builder.objectRef<MicroblogAAccount>('MicroblogAAccount').implement({
    description: 'The author of a post',
    interfaces: [AccountFieldsRef],
    fields: () => ({}),
  });

  const PleromaRef = builder.objectRef<NonNullable<MicroblogAProfile['pleroma']>>('MicroblogAPleroma').implement({
    fields: (t) => ({ acceptsChatMessages: t.exposeBoolean('accepts_chat_messages') }),
  });

  const ProfileRef = builder.objectRef<MicroblogAProfile>('MicroblogAProfile').implement({
    description: 'A public account profile',
    interfaces: [AccountFieldsRef],
    fields: (t) => ({
      bookmarksOnboarded: t.exposeBoolean('bookmarks_onboarded'),
      receiveOnlyFollowMentions: t.exposeBoolean('receive_only_follow_mentions'),
      pleroma: t.expose('pleroma', { type: PleromaRef }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  return { AccountRef, ProfileRef };
}

/** MicroblogAPost and its media. */
function postTypes({ EmojiRef, MentionRef, TagRef }: Parts, AccountRef: ReturnType<typeof accountTypes>['AccountRef']) {
  const MediaRef = builder.objectRef<MicroblogAMedia>('MicroblogAMediaAttachment').implement({
    description:
      'An image or video attached to a post. With downloadMedia, url and previewUrl are on this gateway and remoteUrl / previewRemoteUrl are the upstream originals.',
    fields: (t) => ({
      id: t.exposeString('id'),
      type: t.exposeString('type', { description: 'image, video, gifv, audio or unknown' }),
      url: t.string({ resolve: (m, _a, ctx) => forCaller(m.url, ctx) }),
      previewUrl: t.string({ resolve: (m, _a, ctx) => forCaller(m.preview_url, ctx) }),
      remoteUrl: t.exposeString('remote_url'),
      previewRemoteUrl: t.exposeString('preview_remote_url'),
      textUrl: t.exposeString('text_url'),
      externalVideoId: t.exposeString('external_video_id'),
      description: t.exposeString('description'),
      blurhash: t.exposeString('blurhash'),
      processing: t.exposeString('processing'),
      meta: t.expose('meta', { type: 'JSON', description: 'Dimensions, duration, frame rate, colours' }),
    }),
  });

  const PostRef = builder.objectRef<MicroblogAPost>('MicroblogAPost');
  PostRef.implement({
    description: 'A public post (status)',
    fields: (t) => ({
      text: t.exposeString('text', { description: 'content as plain text' }),
      id: t.exposeString('id'),
      createdAt: t.exposeString('created_at'),
      inReplyToId: t.exposeString('in_reply_to_id'),
      quoteId: t.exposeString('quote_id'),
      inReplyToAccountId: t.exposeString('in_reply_to_account_id'),
      sensitive: t.exposeBoolean('sensitive'),
      spoilerText: t.exposeString('spoiler_text'),
      visibility: t.exposeString('visibility'),
      language: t.exposeString('language'),
      uri: t.exposeString('uri'),
      url: t.exposeString('url'),
      content: t.exposeString('content', { description: 'HTML' }),
      account: t.expose('account', { type: AccountRef }),
      mediaAttachments: t.expose('media_attachments', { type: [MediaRef], nullable: false }),
      mentions: t.field({ type: [MentionRef], nullable: false, resolve: (p) => p.mentions }),
      tags: t.field({ type: [TagRef], nullable: false, resolve: (p) => p.tags }),
      emojis: t.field({ type: [EmojiRef], nullable: false, resolve: (p) => p.emojis }),
      card: t.expose('card', { type: 'JSON', description: 'Link preview card' }),
      group: t.expose('group', { type: 'JSON' }),
      quote: t.expose('quote', { type: PostRef }),
      inReplyTo: t.expose('in_reply_to', { type: PostRef }),
      reblog: t.expose('reblog', { type: PostRef }),
      poll: t.expose('poll', { type: 'JSON' }),
      sponsored: t.exposeBoolean('sponsored'),
      favourited: t.exposeBoolean('favourited'),
      reblogged: t.exposeBoolean('reblogged'),
      muted: t.exposeBoolean('muted'),
      pinned: t.exposeBoolean('pinned'),
      bookmarked: t.exposeBoolean('bookmarked'),
      repliesCount: t.exposeInt('replies_count'),
      reblogsCount: t.exposeInt('reblogs_count'),
      favouritesCount: t.exposeInt('favourites_count'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p, _a, ctx) => wireRecord(post, p, ctx) }),
    }),
  });
  return PostRef;
}

/** Declares microblog-a's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function microblogAGraphql(): void {
  const parts = partTypes();
  const { AccountRef, ProfileRef } = accountTypes(parts);
  const PostRef = postTypes(parts, AccountRef);
  operationField(post, PostRef);
  operationField(profile, ProfileRef);

  const PostsPageRef = builder.objectRef<MicroblogAPostsPage>('MicroblogAPostsPage').implement({
    description: "One page of an account's public posts, newest first",
    fields: (t) => ({
      posts: t.expose('posts', { type: [PostRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` (same handle) for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(microblogAPosts, PostsPageRef);
}
