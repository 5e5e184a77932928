/**
 * GraphQL types and root field for forum (Reddit): idiomatic names over the api.md wire records,
 * plus `json` carrying the whole wire record (what REST returns, every upstream field included).
 *
 * Search items are posts or, with `filter: COMMENTS`, comments: both implement `ForumItem`. The
 * user-posts, subreddit search (its page is `ForumPostsPage` too), subreddit and post fields reuse `ForumPost`, the user-comments field `ForumComment`;
 * a thread's comments are `ForumThreadNode`s (a comment with its replies, or a "load more" stub).
 */
import { builder } from '../../graphql/builder.js';
import type { AnyKind, Fields } from '../../graphql/fields.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { ForumComment, ForumItem, ForumPost, ForumSearchPage } from './parse.js';
import { search } from './platform.js';
import type { ForumMoreComments, ForumThread } from './post.js';
import { forumPost } from './post.js';
import type { ForumSubreddit, ForumSubredditPage } from './subreddit.js';
import { forumSubreddit } from './subreddit.js';
import { forumSubredditSearch } from './subreddit-search.js';
import type { ForumCommentsPage } from './user-comments.js';
import { forumUserComments } from './user-comments.js';
import type { ForumPostsPage } from './user-posts.js';
import { forumUserPosts } from './user-posts.js';
import type { ForumUser, ForumUserRecord } from './user.js';
import { forumUser } from './user.js';

type ThreadNode = ThreadComment | ForumMoreComments;
// The record's type carries t1 members beyond the documented ones (an index signature): typed here by name.
type S = string | null;
type N = number | null;
type B = boolean | null;
interface ThreadComment {
  id: string;
  name: string;
  subreddit: S;
  subreddit_id: S;
  subreddit_name_prefixed: S;
  subreddit_type: S;
  body: S;
  body_html: S;
  author: S;
  author_fullname: S;
  parent_id: S;
  link_id: S;
  permalink: S;
  score: N;
  ups: N;
  downs: N;
  controversiality: N;
  is_submitter: B;
  distinguished: S;
  score_hidden: B;
  gilded: N;
  total_awards_received: N;
  created: N;
  created_utc: N;
  created_at_iso: S;
  edited: number | boolean | null;
  locked: B;
  stickied: B;
  archived: B;
  collapsed: B;
  depth: N;
  replies: ThreadNode[];
}

/** The fields every forum item (post, comment, thread comment) carries with the same meaning. */
type ItemShape = Pick<
  ThreadComment,
  | 'subreddit'
  | 'subreddit_name_prefixed'
  | 'author'
  | 'author_fullname'
  | 'score'
  | 'ups'
  | 'downs'
  | 'created_utc'
  | 'edited'
  | 'locked'
  | 'stickied'
  | 'archived'
>;

/** Declared once for ForumItem (so ForumPost and ForumComment) and ForumThreadComment. */
function itemFields(t: Fields<ItemShape, AnyKind>) {
  return {
    subreddit: t.exposeString('subreddit'),
    subredditNamePrefixed: t.exposeString('subreddit_name_prefixed'),
    author: t.exposeString('author'),
    authorFullname: t.exposeString('author_fullname'),
    score: t.exposeInt('score'),
    ups: t.exposeInt('ups'),
    downs: t.exposeInt('downs'),
    createdUtc: t.exposeInt('created_utc', { description: 'Unix seconds, UTC' }),
    edited: t.boolean({
      description: 'Whether it was edited',
      resolve: (r: ItemShape) => (r.edited === undefined || r.edited === null ? null : r.edited !== false),
    }),
    editedUtc: t.int({
      description: 'When it was edited (Unix seconds), if known',
      extensions: { wire: 'edited' },
      resolve: (r: ItemShape) => (typeof r.edited === 'number' ? r.edited : null),
    }),
    locked: t.exposeBoolean('locked'),
    stickied: t.exposeBoolean('stickied'),
    archived: t.exposeBoolean('archived'),
    json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r: ItemShape) => r }),
  };
}

/** The t1 fields a comment carries, from comment search (ForumComment) or in a thread (ForumThreadComment). */
type CommentShape = Pick<
  ThreadComment,
  | 'body'
  | 'body_html'
  | 'subreddit_id'
  | 'subreddit_type'
  | 'parent_id'
  | 'link_id'
  | 'controversiality'
  | 'is_submitter'
  | 'distinguished'
  | 'score_hidden'
  | 'gilded'
  | 'total_awards_received'
  | 'collapsed'
>;

/** Declared once for ForumComment and ForumThreadComment. */
function commentFields(t: Fields<CommentShape>) {
  return {
    body: t.exposeString('body', { description: 'Markdown' }),
    bodyHtml: t.exposeString('body_html'),
    subredditId: t.exposeString('subreddit_id'),
    subredditType: t.exposeString('subreddit_type'),
    parentId: t.exposeString('parent_id', { description: 'Fullname of the parent: t1_ (a comment) or t3_ (the post)' }),
    linkId: t.exposeString('link_id', { description: 'Fullname of the post (t3_…)' }),
    controversiality: t.exposeInt('controversiality'),
    isSubmitter: t.exposeBoolean('is_submitter', { description: 'The comment author is the post author' }),
    distinguished: t.exposeString('distinguished', { description: 'moderator, admin or null' }),
    scoreHidden: t.exposeBoolean('score_hidden'),
    gilded: t.exposeInt('gilded'),
    totalAwardsReceived: t.exposeInt('total_awards_received'),
    collapsed: t.exposeBoolean('collapsed'),
  };
}

/** ForumItem, ForumPost, ForumComment and the search root field; ForumPost and ForumComment for the other records. */
function forumItemTypes() {
  const ItemRef = builder.interfaceRef<ForumItem>('ForumItem').implement({
    description:
      'A forum search result: a post (ForumPost) or a comment (ForumComment). Fields not in the trimmed item are null with `trim: true`.',
    resolveType: (item) => (item.name.startsWith('t1_') ? 'ForumComment' : 'ForumPost'),
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: 'Base-36 id, e.g. 6ganxe' }),
      name: t.exposeString('name', { nullable: false, description: 'Fullname: t3_<id> for a post, t1_<id> for a comment' }),
      permalink: t.exposeString('permalink', { description: 'Path on www.reddit.com' }),
      numComments: t.exposeInt('num_comments', { description: "A comment's value is its thread's comment count" }),
      created: t.exposeInt('created', { description: 'Unix seconds as Reddit sends it (older data: created_utc + 28800)' }),
      createdAtIso: t.exposeString('created_at_iso', { description: 'created_utc as ISO 8601' }),
      over18: t.exposeBoolean('over_18'),
      ...itemFields(t),
    }),
  });

  const PostRef = builder.objectRef<ForumPost>('ForumPost').implement({
    description:
      'A post (t3). Trimmed fields: id, name, subreddit, subreddit_name_prefixed, title, selftext, author, permalink, url, domain, score, upvote_ratio, num_comments, created_utc, created_at_iso, over_18, is_self, is_video.',
    interfaces: [ItemRef],
    fields: (t) => ({
      title: t.exposeString('title'),
      selftext: t.exposeString('selftext', { description: 'Markdown body of a self post; empty for link posts' }),
      selftextHtml: t.exposeString('selftext_html'),
      url: t.exposeString('url', { description: 'Link target (the post page itself for self posts)' }),
      domain: t.exposeString('domain'),
      upvoteRatio: t.exposeFloat('upvote_ratio'),
      numCrossposts: t.exposeInt('num_crossposts'),
      spoiler: t.exposeBoolean('spoiler'),
      isSelf: t.exposeBoolean('is_self'),
      isVideo: t.exposeBoolean('is_video'),
      thumbnail: t.exposeString('thumbnail', { description: 'Thumbnail URL, or self / default / nsfw / spoiler' }),
    }),
  });

  const CommentRef = builder.objectRef<ForumComment>('ForumComment').implement({
    description:
      "A comment (t1), from comment search or a user's comments. Trimmed fields (comment search with trim): id, name, subreddit, subreddit_name_prefixed, body, author, permalink, link_id, link_title, parent_id, score, created_utc, created_at_iso, over_18.",
    interfaces: [ItemRef],
    fields: (t) => ({
      ...commentFields(t),
      linkTitle: t.exposeString('link_title'),
      linkAuthor: t.exposeString('link_author'),
      linkPermalink: t.exposeString('link_permalink'),
      linkUrl: t.exposeString('link_url'),
    }),
  });

  const SearchPageRef = builder.objectRef<ForumSearchPage>('ForumSearchPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [ItemRef], nullable: false, description: 'Posts, or comments with filter COMMENTS' }),
      after: t.exposeString('after', { description: 'Pass unchanged as `after` for the next page; null on the last page' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(search, SearchPageRef);
  return { PostRef, CommentRef };
}

type PostType = ReturnType<typeof forumItemTypes>['PostRef'];
type CommentType = ReturnType<typeof forumItemTypes>['CommentRef'];

/** ForumUser (with its profile subreddit) and the forumUser root field. */
function forumUserTypes(): void {
  const UserSubredditRef = builder.objectRef<NonNullable<ForumUser['subreddit']>>('ForumUserSubreddit').implement({
    description: "A user's profile (subreddit u_<name>): title is the display name, public_description the bio",
    fields: (t) => ({
      displayName: t.exposeString('display_name', { description: 'u_<name>' }),
      displayNamePrefixed: t.exposeString('display_name_prefixed', { description: 'u/<name>' }),
      name: t.exposeString('name', { description: 'Fullname of the profile subreddit (t5_…)' }),
      title: t.exposeString('title', { description: "The profile's display name" }),
      publicDescription: t.exposeString('public_description', { description: "The profile's bio (Markdown)" }),
      description: t.exposeString('description'),
      subscribers: t.exposeInt('subscribers', { description: 'Followers of the profile' }),
      over18: t.exposeBoolean('over_18'),
      iconImg: t.exposeString('icon_img', { description: 'Avatar URL' }),
      bannerImg: t.exposeString('banner_img'),
      url: t.exposeString('url', { description: 'Path on www.reddit.com: /user/<name>/' }),
      subredditType: t.exposeString('subreddit_type'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const UserRef = builder.objectRef<ForumUser>('ForumUser').implement({
    description: 'A Reddit account (t2)',
    fields: (t) => ({
      name: t.exposeString('name', { nullable: false, description: 'Username, as Reddit spells it' }),
      id: t.exposeString('id', { description: 'Base-36 id (the fullname is t2_<id>)' }),
      created: t.exposeInt('created', { description: 'Unix seconds as Reddit sends it (older data: created_utc + 28800)' }),
      createdUtc: t.exposeInt('created_utc', { description: 'Account creation, Unix seconds UTC' }),
      createdAtIso: t.exposeString('created_at_iso', { description: 'created_utc as ISO 8601' }),
      linkKarma: t.exposeInt('link_karma'),
      commentKarma: t.exposeInt('comment_karma'),
      totalKarma: t.exposeInt('total_karma', { description: 'link + comment + awardee + awarder karma' }),
      awardeeKarma: t.exposeInt('awardee_karma'),
      awarderKarma: t.exposeInt('awarder_karma'),
      verified: t.exposeBoolean('verified'),
      hasVerifiedEmail: t.exposeBoolean('has_verified_email'),
      isEmployee: t.exposeBoolean('is_employee'),
      isMod: t.exposeBoolean('is_mod'),
      isGold: t.exposeBoolean('is_gold'),
      iconImg: t.exposeString('icon_img', { description: 'Avatar URL' }),
      subreddit: t.expose('subreddit', { type: UserSubredditRef, nullable: true, description: "The user's profile; null when none" }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const UserRecordRef = builder.objectRef<ForumUserRecord>('ForumUserRecord').implement({
    fields: (t) => ({
      user: t.expose('user', { type: UserRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(forumUser, UserRecordRef);
}

/** ForumPostsPage and its root fields: forumUserPosts and forumSubredditSearch. */
function forumUserPostsTypes(PostRef: PostType): void {
  const PostsPageRef = builder.objectRef<ForumPostsPage>('ForumPostsPage').implement({
    fields: (t) => ({
      posts: t.expose('posts', { type: [PostRef], nullable: false }),
      after: t.exposeString('after', { description: 'Pass unchanged as `after` for the next page; null on the last page' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(forumUserPosts, PostsPageRef);
  operationField(forumSubredditSearch, PostsPageRef);
}

/** ForumCommentsPage and the forumUserComments root field. */
function forumUserCommentsTypes(CommentRef: CommentType): void {
  const CommentsPageRef = builder.objectRef<ForumCommentsPage>('ForumCommentsPage').implement({
    fields: (t) => ({
      comments: t.expose('comments', { type: [CommentRef], nullable: false }),
      after: t.exposeString('after', { description: 'Pass unchanged as `after` for the next page; null on the last page' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(forumUserComments, CommentsPageRef);
}

/** ForumSubreddit, its page and the forumSubreddit root field. */
function forumSubredditTypes(PostRef: PostType): void {
  const SubredditRef = builder.objectRef<ForumSubreddit>('ForumSubreddit').implement({
    description: 'A subreddit (t5 about)',
    fields: (t) => ({
      displayName: t.exposeString('display_name', { nullable: false, description: 'The name, as the subreddit spells it' }),
      id: t.exposeString('id'),
      name: t.exposeString('name', { description: 'Fullname (t5_…)' }),
      displayNamePrefixed: t.exposeString('display_name_prefixed'),
      title: t.exposeString('title'),
      publicDescription: t.exposeString('public_description', { description: 'Short description (Markdown)' }),
      description: t.exposeString('description', { description: 'Sidebar text (Markdown)' }),
      subscribers: t.exposeInt('subscribers', { description: 'Members' }),
      accountsActive: t.exposeInt('accounts_active', { description: 'Users online, where Reddit still says' }),
      created: t.exposeInt('created'),
      createdUtc: t.exposeInt('created_utc'),
      createdAtIso: t.exposeString('created_at_iso'),
      subredditType: t.exposeString('subreddit_type'),
      over18: t.exposeBoolean('over18'),
      quarantine: t.exposeBoolean('quarantine'),
      lang: t.exposeString('lang'),
      url: t.exposeString('url'),
      submissionType: t.exposeString('submission_type'),
      iconImg: t.exposeString('icon_img'),
      communityIcon: t.exposeString('community_icon'),
      bannerImg: t.exposeString('banner_img'),
      headerImg: t.exposeString('header_img'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const SubredditPageRef = builder.objectRef<ForumSubredditPage>('ForumSubredditPage').implement({
    fields: (t) => ({
      subreddit: t.expose('subreddit', { type: SubredditRef, nullable: true, description: 'Null when the about request failed' }),
      posts: t.expose('posts', { type: [PostRef], nullable: false }),
      after: t.exposeString('after', { description: 'Pass unchanged as `after` for the next page; null on the last page' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(forumSubreddit, SubredditPageRef);
}

/** A thread: ForumThread, its comment tree (ForumThreadNode) and the forumPost root field. */
function forumThreadTypes(PostRef: PostType): void {
  const MoreRef = builder.objectRef<ForumMoreComments>('ForumMoreComments').implement({
    description: 'Reddit\'s "load more comments" stub, where it stands in the tree',
    fields: (t) => ({
      more: t.exposeInt('more', { nullable: false, description: 'How many comments Reddit did not send here' }),
      ids: t.exposeStringList('ids', { nullable: false, description: 'Ids of the first of them (base-36, without t1_)' }),
    }),
  });
  const ThreadCommentRef = builder.objectRef<ThreadComment>('ForumThreadComment');
  const NodeRef = builder.unionType('ForumThreadNode', {
    description: 'A comment of the tree, or a "load more" stub',
    types: [ThreadCommentRef, MoreRef],
    resolveType: (n: ThreadNode) => ('more' in n && !('id' in n) ? 'ForumMoreComments' : 'ForumThreadComment'),
  });
  ThreadCommentRef.implement({
    description: 'A comment (t1) with its replies',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      name: t.exposeString('name', { nullable: false, description: 'Fullname: t1_<id>' }),
      permalink: t.exposeString('permalink'),
      created: t.exposeInt('created'),
      createdAtIso: t.exposeString('created_at_iso'),
      depth: t.exposeInt('depth', { description: '0 for a top-level comment' }),
      replies: t.field({ type: [NodeRef], nullable: false, description: "Replies, in Reddit's order", resolve: (c) => c.replies }),
      ...itemFields(t),
      ...commentFields(t),
    }),
  });

  const ThreadRef = builder.objectRef<ForumThread>('ForumThread').implement({
    description: 'A post with its comment tree',
    fields: (t) => ({
      post: t.expose('post', { type: PostRef, nullable: false }),
      comments: t.field({
        type: [NodeRef],
        nullable: false,
        description: 'Top-level comments, each with its replies',
        resolve: (r) => r.comments as ThreadNode[],
      }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(forumPost, ThreadRef);
}

/** Declares forum's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function forumGraphql(): void {
  const { PostRef, CommentRef } = forumItemTypes();
  forumUserTypes();
  forumUserPostsTypes(PostRef);
  forumUserCommentsTypes(CommentRef);
  forumSubredditTypes(PostRef);
  forumThreadTypes(PostRef);
}
