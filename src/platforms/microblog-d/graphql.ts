/**
 * GraphQL types and root fields for microblog-d (Bluesky): idiomatic names over the wire records
 * (the AppView's own field names, already camelCase), plus `json` carrying the whole wire record
 * (what REST returns). Nested upstream objects (embeds, labels, the post record's other members)
 * are JSON.
 */
import { builder } from '../../graphql/builder.js';
import type { Fields } from '../../graphql/fields.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import {
  microblogDFollowers,
  microblogDFollows,
  microblogDPost,
  microblogDPostLikes,
  microblogDPostReposts,
  microblogDPosts,
  microblogDProfile,
  microblogDProfileSearch,
  microblogDSearch,
} from './operations.js';
import type {
  MicroblogDActor,
  MicroblogDFeedItem,
  MicroblogDFollowersPage,
  MicroblogDFollowsPage,
  MicroblogDLike,
  MicroblogDPost,
  MicroblogDPostLikesPage,
  MicroblogDPostRepostsPage,
  MicroblogDPostsPage,
  MicroblogDProfile,
  MicroblogDProfileSearch,
  MicroblogDProfileView,
  MicroblogDSearchPage,
  MicroblogDThread,
  MicroblogDThreadParent,
  MicroblogDThreadReply,
} from './schema.js';
import type { Ref } from '../../graphql/fields.js';

type PostRecord = NonNullable<MicroblogDPost['record']>;
type Reason = NonNullable<MicroblogDFeedItem['reason']>;

/** profileViewBasic's fields: declared once for MicroblogDActor and MicroblogDProfileView. */
function actorFields(t: Fields<MicroblogDActor>) {
  return {
    did: t.exposeString('did', { nullable: false, description: "The account's DID: its permanent identity" }),
    handle: t.exposeString('handle', { description: 'Current handle (a domain name); `handle.invalid` when unverified' }),
    displayName: t.exposeString('displayName'),
    avatar: t.exposeString('avatar'),
    associated: t.expose('associated', { type: 'JSON', description: 'Counts of lists, feeds and starter packs, chat settings' }),
    labels: t.expose('labels', { type: 'JSON', description: 'Moderation labels, as sent' }),
    createdAt: t.exposeString('createdAt'),
    json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
  };
}

/** A thread entry's fields (a post or a stub): declared once for MicroblogDThreadParent and MicroblogDThreadReply. */
function threadEntryFields(t: Fields<MicroblogDThreadParent | MicroblogDThreadReply>, PostRef: Ref<MicroblogDPost>) {
  return {
    type: t.exposeString('$type', {
      nullable: false,
      description: '`app.bsky.feed.defs#threadViewPost` (a post), `#notFoundPost` or `#blockedPost` (a stub: `post` null)',
    }),
    uri: t.exposeString('uri', { nullable: false, description: 'AT URI of the post' }),
    post: t.expose('post', { type: PostRef, nullable: true, description: 'The post; null for a stub' }),
    authorDid: t.exposeString('authorDid', { description: "The author's DID; null for a not-found stub" }),
  };
}

/** The thread record's types: its parent chain and reply tree (each entry a post or a stub). */
function threadTypes(PostRef: Ref<MicroblogDPost>) {
  const ThreadParentRef = builder.objectRef<MicroblogDThreadParent>('MicroblogDThreadParent');
  ThreadParentRef.implement({
    description: 'A post above the one asked in its thread (the post it answers), or a stub',
    fields: (t) => ({
      ...threadEntryFields(t, PostRef),
      parent: t.expose('parent', { type: ThreadParentRef, nullable: true, description: "This post's own parent; null at the root" }),
    }),
  });

  const ThreadReplyRef = builder.objectRef<MicroblogDThreadReply>('MicroblogDThreadReply');
  ThreadReplyRef.implement({
    description: 'A reply below the one asked in its thread, or a stub',
    fields: (t) => ({
      ...threadEntryFields(t, PostRef),
      replies: t.expose('replies', { type: [ThreadReplyRef], nullable: false, description: 'Its own replies; [] at the depth asked' }),
    }),
  });

  return builder.objectRef<MicroblogDThread>('MicroblogDThread').implement({
    description: 'A Bluesky post with its thread',
    fields: (t) => ({
      post: t.expose('post', { type: PostRef, nullable: false, description: 'The post asked for' }),
      parent: t.expose('parent', {
        type: ThreadParentRef,
        nullable: true,
        description: 'The post it answers (with its own parent); null for a root post',
      }),
      replies: t.expose('replies', { type: [ThreadReplyRef], nullable: false, description: 'Its replies, each with its own' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
}

/** The types of who liked or reposted a post: a like (its account and dates), and the two pages. */
function postListTypes(ProfileViewRef: Ref<MicroblogDProfileView>) {
  const LikeRef = builder.objectRef<MicroblogDLike>('MicroblogDLike').implement({
    description: 'A like of a Bluesky post',
    fields: (t) => ({
      actor: t.expose('actor', { type: ProfileViewRef, nullable: false, description: 'Who liked the post' }),
      createdAt: t.exposeString('createdAt', { description: 'When the like says it was made' }),
      indexedAt: t.exposeString('indexedAt', { description: 'When the AppView indexed the like' }),
    }),
  });

  const PostLikesPageRef = builder.objectRef<MicroblogDPostLikesPage>('MicroblogDPostLikesPage').implement({
    fields: (t) => ({
      uri: t.exposeString('uri', { nullable: false, description: "AT URI of the post asked for (by its author's DID)" }),
      likes: t.expose('likes', { type: [LikeRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const PostRepostsPageRef = builder.objectRef<MicroblogDPostRepostsPage>('MicroblogDPostRepostsPage').implement({
    fields: (t) => ({
      uri: t.exposeString('uri', { nullable: false, description: "AT URI of the post asked for (by its author's DID)" }),
      repostedBy: t.expose('repostedBy', { type: [ProfileViewRef], nullable: false, description: 'Accounts that reposted it' }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  return { PostLikesPageRef, PostRepostsPageRef };
}

/** Declares microblog-d's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function microblogDGraphql(): void {
  const json = WIRE_FIELD_DESCRIPTION;

  const ActorRef = builder.objectRef<MicroblogDActor>('MicroblogDActor').implement({
    description: 'A Bluesky account as lists and posts show it',
    fields: (t) => actorFields(t),
  });

  const ProfileViewRef = builder.objectRef<MicroblogDProfileView>('MicroblogDProfileView').implement({
    description: 'A Bluesky account in a follower, follow, like or repost list: as lists show it, plus its bio',
    fields: (t) => ({
      ...actorFields(t),
      description: t.exposeString('description', { description: 'Bio text' }),
      indexedAt: t.exposeString('indexedAt'),
    }),
  });

  const ProfileRef = builder.objectRef<MicroblogDProfile>('MicroblogDProfile').implement({
    description: 'A Bluesky profile',
    fields: (t) => ({
      did: t.exposeString('did', { nullable: false, description: "The account's DID: its permanent identity" }),
      handle: t.exposeString('handle', { description: 'Current handle (a domain name); `handle.invalid` when unverified' }),
      displayName: t.exposeString('displayName'),
      description: t.exposeString('description', { description: 'Bio text' }),
      website: t.exposeString('website', { description: 'The website the account declares on its profile' }),
      pronouns: t.exposeString('pronouns', { description: 'The pronouns the account states on its profile, as written' }),
      avatar: t.exposeString('avatar'),
      banner: t.exposeString('banner'),
      followersCount: t.exposeInt('followersCount'),
      followsCount: t.exposeInt('followsCount'),
      postsCount: t.exposeInt('postsCount'),
      createdAt: t.exposeString('createdAt'),
      indexedAt: t.exposeString('indexedAt'),
      associated: t.expose('associated', { type: 'JSON', description: 'Counts of lists, feeds and starter packs, chat settings' }),
      labels: t.expose('labels', { type: 'JSON', description: 'Moderation labels, as sent' }),
      pinnedPost: t.expose('pinnedPost', { type: 'JSON', description: 'The pinned post reference (`uri`, `cid`)' }),
      verification: t.expose('verification', { type: 'JSON', description: "Bluesky's verification state" }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const PostRecordRef = builder.objectRef<PostRecord>('MicroblogDPostRecord').implement({
    description: 'The post record as the author wrote it (text, createdAt; facets, langs, embed, reply… in `json`)',
    fields: (t) => ({
      text: t.string({ nullable: true, resolve: (r) => r.text }),
      createdAt: t.string({ nullable: true, resolve: (r) => r.createdAt }),
      json: t.field({ type: 'JSON', description: 'The whole post record as sent', resolve: (r) => r }),
    }),
  });

  const PostRef = builder.objectRef<MicroblogDPost>('MicroblogDPost').implement({
    description: 'A Bluesky post',
    fields: (t) => ({
      uri: t.exposeString('uri', { nullable: false, description: 'AT URI of the post: its identity' }),
      cid: t.exposeString('cid'),
      author: t.expose('author', { type: ActorRef, nullable: true }),
      record: t.expose('record', { type: PostRecordRef, nullable: true }),
      embed: t.expose('embed', { type: 'JSON', description: 'The hydrated embed (images, link card, quoted post…)' }),
      replyCount: t.exposeInt('replyCount'),
      repostCount: t.exposeInt('repostCount'),
      likeCount: t.exposeInt('likeCount'),
      quoteCount: t.exposeInt('quoteCount'),
      indexedAt: t.exposeString('indexedAt'),
      labels: t.expose('labels', { type: 'JSON', description: 'Moderation labels, as sent' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const ReasonRef = builder.objectRef<Reason>('MicroblogDFeedReason').implement({
    description: "Why an item is in the author's feed when it is not simply their post (a repost, the pinned post)",
    fields: (t) => ({
      type: t.exposeString('$type', { description: '`app.bsky.feed.defs#reasonRepost` or `#reasonPin`' }),
      by: t.expose('by', { type: ActorRef, nullable: true, description: 'Who reposted; null for a pin' }),
      indexedAt: t.exposeString('indexedAt'),
    }),
  });

  const FeedItemRef = builder.objectRef<MicroblogDFeedItem>('MicroblogDFeedItem').implement({
    description: "An item of an author's feed",
    fields: (t) => ({
      post: t.expose('post', { type: PostRef, nullable: false }),
      reply: t.expose('reply', { type: 'JSON', description: 'For a reply: its `root` and `parent` posts' }),
      reason: t.expose('reason', { type: ReasonRef, nullable: true }),
    }),
  });

  const PostsPageRef = builder.objectRef<MicroblogDPostsPage>('MicroblogDPostsPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [FeedItemRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const SearchPageRef = builder.objectRef<MicroblogDSearchPage>('MicroblogDSearchPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [PostRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const ProfileSearchRef = builder.objectRef<MicroblogDProfileSearch>('MicroblogDProfileSearch').implement({
    fields: (t) => ({
      profiles: t.expose('profiles', { type: [ActorRef], nullable: false }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const FollowersPageRef = builder.objectRef<MicroblogDFollowersPage>('MicroblogDFollowersPage').implement({
    fields: (t) => ({
      subject: t.expose('subject', { type: ProfileViewRef, nullable: false, description: 'The account asked for' }),
      followers: t.expose('followers', { type: [ProfileViewRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const FollowsPageRef = builder.objectRef<MicroblogDFollowsPage>('MicroblogDFollowsPage').implement({
    fields: (t) => ({
      subject: t.expose('subject', { type: ProfileViewRef, nullable: false, description: 'The account asked for' }),
      follows: t.expose('follows', { type: [ProfileViewRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: json, resolve: (r) => r }),
    }),
  });

  const ThreadRef = threadTypes(PostRef);

  const { PostLikesPageRef, PostRepostsPageRef } = postListTypes(ProfileViewRef);

  operationField(microblogDProfile, ProfileRef);
  operationField(microblogDPosts, PostsPageRef);
  operationField(microblogDSearch, SearchPageRef);
  operationField(microblogDProfileSearch, ProfileSearchRef);
  operationField(microblogDFollowers, FollowersPageRef);
  operationField(microblogDFollows, FollowsPageRef);
  operationField(microblogDPost, ThreadRef);
  operationField(microblogDPostLikes, PostLikesPageRef);
  operationField(microblogDPostReposts, PostRepostsPageRef);
}
