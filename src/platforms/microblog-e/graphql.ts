/**
 * GraphQL types and root fields for microblog-e (any Mastodon-compatible server): idiomatic names
 * over the wire records (Mastodon's Account and Status entities; the account search lists the
 * profile's Account type, and so do followers and following and who boosted or favourited a
 * status, beside a small type of that status's id, url and counts; a status's thread lists the
 * Status type, and so do a server's trending statuses; its trending hashtags are a Tag type with
 * their daily history), plus `json` carrying the whole wire record (what REST returns). Media, mentions,
 * tags, emoji, cards and polls are JSON.
 */
import type { ObjectRef } from '@pothos/core';
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import {
  microblogEFollowers,
  microblogEFollowing,
  microblogEPost,
  microblogEPostFavouritedBy,
  microblogEPostRebloggedBy,
  microblogEPosts,
  microblogEProfile,
  microblogEProfileSearch,
  microblogETag,
  microblogETrendsStatuses,
  microblogETrendsTags,
} from './operations.js';
import type {
  MicroblogEAccount,
  MicroblogEFavouritedByPage,
  MicroblogEField,
  MicroblogEFollowersPage,
  MicroblogEFollowingPage,
  MicroblogEInteractionPost,
  MicroblogEPostContext,
  MicroblogEPostsPage,
  MicroblogEProfileSearch,
  MicroblogERebloggedByPage,
  MicroblogEStatus,
  MicroblogETagHistory,
  MicroblogETagPage,
  MicroblogETrendsStatusesPage,
  MicroblogETrendsTagsPage,
  MicroblogETrendTag,
} from './schema.js';

/** Declares microblog-e's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function microblogEGraphql(): void {
  const json = WIRE_FIELD_DESCRIPTION;

  const AccountRef = accountGraphql();

  const StatusRef = builder.objectRef<MicroblogEStatus>('MicroblogEStatus');
  StatusRef.implement({
    description: 'A Mastodon status',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: 'The status id on the server that answered' }),
      uri: t.exposeString('uri'),
      url: t.exposeString('url'),
      createdAt: t.exposeString('created_at'),
      editedAt: t.exposeString('edited_at'),
      account: t.expose('account', { type: AccountRef, nullable: true, description: 'The author (the booster, for a boost)' }),
      content: t.exposeString('content', { description: 'HTML' }),
      visibility: t.exposeString('visibility'),
      sensitive: t.exposeBoolean('sensitive'),
      spoilerText: t.exposeString('spoiler_text'),
      language: t.exposeString('language'),
      inReplyToId: t.exposeString('in_reply_to_id'),
      inReplyToAccountId: t.exposeString('in_reply_to_account_id'),
      reblog: t.expose('reblog', { type: StatusRef, nullable: true, description: 'The boosted status, for a boost' }),
      mediaAttachments: t.expose('media_attachments', { type: 'JSON', description: 'MediaAttachment entities, as sent' }),
      mentions: t.expose('mentions', { type: 'JSON' }),
      tags: t.expose('tags', { type: 'JSON', description: 'Hashtags (`name`, `url`)' }),
      emojis: t.expose('emojis', { type: 'JSON' }),
      card: t.expose('card', { type: 'JSON', description: 'Link preview card' }),
      poll: t.expose('poll', { type: 'JSON' }),
      repliesCount: t.exposeInt('replies_count'),
      reblogsCount: t.exposeInt('reblogs_count'),
      favouritesCount: t.exposeInt('favourites_count'),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const PostsPageRef = builder.objectRef<MicroblogEPostsPage>('MicroblogEPostsPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [StatusRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const TagPageRef = builder.objectRef<MicroblogETagPage>('MicroblogETagPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [StatusRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const PostContextRef = builder.objectRef<MicroblogEPostContext>('MicroblogEPostContext').implement({
    description: 'A Mastodon status and its thread',
    fields: (t) => ({
      post: t.expose('post', { type: StatusRef, nullable: false, description: 'The status asked for' }),
      ancestors: t.expose('ancestors', {
        type: [StatusRef],
        nullable: true,
        description: "The statuses it replies to, from the thread's top down to its parent; null when the thread could not be read",
      }),
      descendants: t.expose('descendants', {
        type: [StatusRef],
        nullable: true,
        description: 'The replies below it, depth first; null when the thread could not be read',
      }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const ProfileSearchRef = builder.objectRef<MicroblogEProfileSearch>('MicroblogEProfileSearch').implement({
    fields: (t) => ({
      profiles: t.expose('profiles', {
        type: [AccountRef],
        nullable: false,
        description: "In the server's order; a remote account's `acct` is `username@server`",
      }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const FollowersPageRef = builder.objectRef<MicroblogEFollowersPage>('MicroblogEFollowersPage').implement({
    fields: (t) => ({
      account: t.expose('account', { type: AccountRef, nullable: false, description: 'The account asked for (its profile)' }),
      followers: t.expose('followers', { type: [AccountRef], nullable: false, description: 'Most recent follow first' }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const FollowingPageRef = builder.objectRef<MicroblogEFollowingPage>('MicroblogEFollowingPage').implement({
    fields: (t) => ({
      account: t.expose('account', { type: AccountRef, nullable: false, description: 'The account asked for (its profile)' }),
      following: t.expose('following', { type: [AccountRef], nullable: false, description: 'Most recent follow first' }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  interactionsGraphql(AccountRef);
  trendsGraphql(StatusRef);
  operationField(microblogEProfile, AccountRef);
  operationField(microblogEPosts, PostsPageRef);
  operationField(microblogEFollowers, FollowersPageRef);
  operationField(microblogEFollowing, FollowingPageRef);
  operationField(microblogEPost, PostContextRef);
  operationField(microblogETag, TagPageRef);
  operationField(microblogEProfileSearch, ProfileSearchRef);
}

/** A server's trends: its trending hashtags (Tag entities with their daily history) and its trending statuses (the Status type). */
function trendsGraphql(StatusRef: ObjectRef<any, MicroblogEStatus>): void {
  const json = WIRE_FIELD_DESCRIPTION;
  const HistoryRef = builder.objectRef<MicroblogETagHistory>('MicroblogETagHistory').implement({
    description: 'One day of a hashtag’s use',
    fields: (t) => ({
      day: t.exposeInt('day', { description: 'The day, as Unix time (seconds) of its start, UTC' }),
      uses: t.exposeInt('uses', { description: 'Statuses using the hashtag that day' }),
      accounts: t.exposeInt('accounts', { description: 'Accounts using the hashtag that day' }),
    }),
  });

  const TrendTagRef = builder.objectRef<MicroblogETrendTag>('MicroblogETrendTag').implement({
    description: 'A trending hashtag',
    fields: (t) => ({
      name: t.exposeString('name', { nullable: false, description: 'The hashtag, without #' }),
      url: t.exposeString('url'),
      history: t.expose('history', {
        type: [HistoryRef],
        nullable: true,
        description: 'Daily use over the past week, most recent day first; null when the server sent none',
      }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const TagsPageRef = builder.objectRef<MicroblogETrendsTagsPage>('MicroblogETrendsTagsPage').implement({
    fields: (t) => ({
      tags: t.expose('tags', { type: [TrendTagRef], nullable: false, description: 'Most trending first' }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const StatusesPageRef = builder.objectRef<MicroblogETrendsStatusesPage>('MicroblogETrendsStatusesPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [StatusRef], nullable: false, description: 'Most trending first' }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  operationField(microblogETrendsTags, TagsPageRef);
  operationField(microblogETrendsStatuses, StatusesPageRef);
}

/** Who boosted or favourited a status: the status's id, url and counts, and the Account type listed. */
function interactionsGraphql(AccountRef: ObjectRef<any, MicroblogEAccount>): void {
  const json = WIRE_FIELD_DESCRIPTION;
  const InteractionPostRef = builder.objectRef<MicroblogEInteractionPost>('MicroblogEInteractionPost').implement({
    description: 'The status whose boosters or favouriters are listed: its id, page and counts',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: 'The status id on the server that answered' }),
      url: t.exposeString('url'),
      reblogsCount: t.exposeInt('reblogs_count'),
      favouritesCount: t.exposeInt('favourites_count'),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const RebloggedByPageRef = builder.objectRef<MicroblogERebloggedByPage>('MicroblogERebloggedByPage').implement({
    fields: (t) => ({
      post: t.expose('post', { type: InteractionPostRef, nullable: false, description: 'The status asked for' }),
      accounts: t.expose('accounts', { type: [AccountRef], nullable: false, description: 'Accounts that boosted it, most recent first' }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const FavouritedByPageRef = builder.objectRef<MicroblogEFavouritedByPage>('MicroblogEFavouritedByPage').implement({
    fields: (t) => ({
      post: t.expose('post', { type: InteractionPostRef, nullable: false, description: 'The status asked for' }),
      accounts: t.expose('accounts', {
        type: [AccountRef],
        nullable: false,
        description: 'Accounts that favourited it, most recent first',
      }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  operationField(microblogEPostRebloggedBy, RebloggedByPageRef);
  operationField(microblogEPostFavouritedBy, FavouritedByPageRef);
}

/** The Account type (a profile; the accounts of every list and search) and its metadata pairs. */
function accountGraphql(): ObjectRef<any, MicroblogEAccount> {
  const json = WIRE_FIELD_DESCRIPTION;
  const FieldRef = builder.objectRef<MicroblogEField>('MicroblogEField').implement({
    description: 'A profile metadata pair',
    fields: (t) => ({
      name: t.exposeString('name'),
      value: t.exposeString('value', { description: 'HTML (a link is an `<a href>`)' }),
      verifiedAt: t.exposeString('verified_at', {
        description: 'When the server last confirmed the link back (rel="me"); null when not verified',
      }),
    }),
  });

  return builder.objectRef<MicroblogEAccount>('MicroblogEAccount').implement({
    description: 'A Mastodon account',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: "The account's id on the server that answered" }),
      username: t.exposeString('username'),
      acct: t.exposeString('acct', { description: '`username`, or `username@server` for a remote account' }),
      displayName: t.exposeString('display_name'),
      locked: t.exposeBoolean('locked'),
      bot: t.exposeBoolean('bot'),
      group: t.exposeBoolean('group'),
      discoverable: t.exposeBoolean('discoverable'),
      indexable: t.exposeBoolean('indexable'),
      createdAt: t.exposeString('created_at'),
      note: t.exposeString('note', { description: 'Bio as HTML' }),
      url: t.exposeString('url'),
      uri: t.exposeString('uri'),
      avatar: t.exposeString('avatar'),
      avatarStatic: t.exposeString('avatar_static'),
      header: t.exposeString('header'),
      headerStatic: t.exposeString('header_static'),
      followersCount: t.exposeInt('followers_count'),
      followingCount: t.exposeInt('following_count'),
      statusesCount: t.exposeInt('statuses_count'),
      lastStatusAt: t.exposeString('last_status_at'),
      hideCollections: t.exposeBoolean('hide_collections', {
        description: 'The account hides whom it follows and who follows it; null where the server does not say',
      }),
      emojis: t.expose('emojis', { type: 'JSON', description: 'Custom emoji used in the name and bio' }),
      fields: t.expose('fields', { type: [FieldRef], nullable: false }),
      moved: t.expose('moved', { type: 'JSON', description: 'The account this one moved to' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });
}
