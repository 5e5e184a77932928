/**
 * microblog-d (Bluesky) records as data: the parsers' types, the /openapi.json response schemas
 * and what REST bodies are checked against. Field names are the AppView's own (lexicon
 * `app.bsky.actor.defs#profileViewDetailed`, `#profileView`, `#profileViewBasic`, `app.bsky.feed.defs#postView`,
 * `#feedViewPost`, `app.bsky.feed.getLikes#like`); the logged-in viewer's state (`viewer`) is never part of a record (anonymous
 * answers carry none of it). Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, NInt, NObj, NStr, Obj, Str } from '../records.js';

const Labels = z.array(Obj).describe('Moderation labels on the account or post (com.atproto.label.defs#label), as sent');

export const MicroblogDActor = named(
  'MicroblogDActor',
  z.strictObject({
    did: Str.describe("The account's DID (`did:plc:…` or `did:web:…`): its permanent identity"),
    handle: NStr.describe(
      'Current handle (a domain name). `handle.invalid` when Bluesky could not verify it; a handle outside bsky.social is proven by its domain',
    ),
    displayName: NStr.describe('Display name; null when unset'),
    avatar: NStr.describe('Avatar image URL; null when unset'),
    associated: NObj.describe('Counts of lists, feeds and starter packs, chat settings; null when not sent'),
    labels: Labels,
    createdAt: NStr.describe('When the account was created (ISO 8601)'),
  }),
  'A Bluesky account as lists and posts show it (profileViewBasic)',
);
export type MicroblogDActor = z.infer<typeof MicroblogDActor>;

export const MicroblogDProfileView = named(
  'MicroblogDProfileView',
  MicroblogDActor.extend({
    description: NStr.describe('Bio text (plain text, links as written); null when unset'),
    indexedAt: NStr.describe('When the AppView last indexed the profile record; null when not sent'),
  }),
  "A Bluesky account in a follower, follow, like or repost list (profileView: profileViewBasic's fields plus the bio)",
);
export type MicroblogDProfileView = z.infer<typeof MicroblogDProfileView>;

export const MicroblogDProfile = named(
  'MicroblogDProfile',
  MicroblogDActor.extend({
    description: NStr.describe('Bio text (plain text, links as written); null when unset'),
    website: NStr.describe(
      "The website the account declares on its profile (a URI, as sent); null when unset or not sent (answers before the field's 2025 addition)",
    ),
    pronouns: NStr.describe(
      'The pronouns the account states on its profile, as written ("she/her"); null when unset or not sent (answers before the field\'s 2025 addition)',
    ),
    banner: NStr.describe('Banner image URL; null when unset'),
    followersCount: NInt.describe('Followers'),
    followsCount: NInt.describe('Accounts followed'),
    postsCount: NInt.describe('Posts'),
    indexedAt: NStr.describe('When the AppView last indexed the profile record'),
    pinnedPost: NObj.describe('The pinned post reference (`uri`, `cid`); null when none'),
    verification: NObj.describe("Bluesky's blue-check verification state; null when the AppView sends none"),
  }),
  'A Bluesky profile (app.bsky.actor.getProfile, profileViewDetailed)',
);
export type MicroblogDProfile = z.infer<typeof MicroblogDProfile>;

export const MicroblogDPostRecord = z
  .looseObject({
    text: NStr.describe('Post text'),
    createdAt: NStr.describe('When the author says it was written (ISO 8601, sometimes with microseconds)'),
  })
  .describe('The post record itself (app.bsky.feed.post) as the author wrote it: text, createdAt, facets, langs, embed, reply…');

export const MicroblogDPost = named(
  'MicroblogDPost',
  z.strictObject({
    uri: Str.describe('AT URI of the post (`at://<did>/app.bsky.feed.post/<rkey>`): its identity'),
    cid: NStr.describe('Content hash of this version of the post'),
    author: MicroblogDActor.nullable().describe('The author; null when the post carries none readable'),
    record: MicroblogDPostRecord.nullable(),
    embed: NObj.describe('The hydrated embed (images, external link card, quoted post…); null when none'),
    replyCount: NInt,
    repostCount: NInt,
    likeCount: NInt,
    quoteCount: NInt,
    indexedAt: NStr.describe('When the AppView indexed the post'),
    labels: Labels,
  }),
  'A Bluesky post (app.bsky.feed.defs#postView)',
);
export type MicroblogDPost = z.infer<typeof MicroblogDPost>;

export const MicroblogDFeedItem = named(
  'MicroblogDFeedItem',
  z.strictObject({
    post: MicroblogDPost,
    reply: NObj.describe('For a reply: its `root` and `parent` posts as the AppView sends them; null otherwise'),
    reason: z
      .strictObject({
        $type: NStr.describe('`app.bsky.feed.defs#reasonRepost` (a repost by `by`) or `#reasonPin` (the pinned post)'),
        by: MicroblogDActor.nullable().describe('Who reposted; null for a pin'),
        indexedAt: NStr,
      })
      .nullable()
      .describe("Why the item is in the author's feed when it is not simply their post; null otherwise"),
  }),
  "An item of an author's feed (app.bsky.feed.defs#feedViewPost)",
);
export type MicroblogDFeedItem = z.infer<typeof MicroblogDFeedItem>;

const Cursor = NStr.describe('Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end');

export const MicroblogDPostsPage = named(
  'MicroblogDPostsPage',
  z.strictObject({ posts: z.array(MicroblogDFeedItem).describe("The author's posts and reposts, newest first"), cursor: Cursor }),
  "One page of a Bluesky account's feed",
);
export type MicroblogDPostsPage = z.infer<typeof MicroblogDPostsPage>;

export const MicroblogDSearchPage = named(
  'MicroblogDSearchPage',
  z.strictObject({ posts: z.array(MicroblogDPost).describe('Posts matching the query, as Bluesky ranks them'), cursor: Cursor }),
  'One page of a Bluesky post search',
);
export type MicroblogDSearchPage = z.infer<typeof MicroblogDSearchPage>;

export const MicroblogDProfileSearch = named(
  'MicroblogDProfileSearch',
  z.strictObject({ profiles: z.array(MicroblogDActor).describe('Accounts whose handle or name matches, best first (at most 10)') }),
  'Bluesky accounts matching a query (app.bsky.actor.searchActorsTypeahead)',
);
export type MicroblogDProfileSearch = z.infer<typeof MicroblogDProfileSearch>;

export const MicroblogDFollowersPage = named(
  'MicroblogDFollowersPage',
  z.strictObject({
    subject: MicroblogDProfileView,
    followers: z.array(MicroblogDProfileView).describe('Accounts following the subject, most recent follow first (at most 100)'),
    cursor: Cursor,
  }),
  "One page of a Bluesky account's followers (app.bsky.graph.getFollowers)",
);
export type MicroblogDFollowersPage = z.infer<typeof MicroblogDFollowersPage>;

export const MicroblogDFollowsPage = named(
  'MicroblogDFollowsPage',
  z.strictObject({
    subject: MicroblogDProfileView,
    follows: z.array(MicroblogDProfileView).describe('Accounts the subject follows, most recent follow first (at most 100)'),
    cursor: Cursor,
  }),
  'One page of the accounts a Bluesky account follows (app.bsky.graph.getFollows)',
);
export type MicroblogDFollowsPage = z.infer<typeof MicroblogDFollowsPage>;

export const MicroblogDLike = named(
  'MicroblogDLike',
  z.strictObject({
    actor: MicroblogDProfileView.describe('Who liked the post'),
    createdAt: NStr.describe('When the like says it was made (its record, ISO 8601)'),
    indexedAt: NStr.describe('When the AppView indexed the like'),
  }),
  'A like of a Bluesky post (app.bsky.feed.getLikes#like)',
);
export type MicroblogDLike = z.infer<typeof MicroblogDLike>;

const PostUri = Str.describe("AT URI of the post (`at://<did>/app.bsky.feed.post/<rkey>`, its author's DID): the post asked for");

export const MicroblogDPostLikesPage = named(
  'MicroblogDPostLikesPage',
  z.strictObject({
    uri: PostUri,
    likes: z.array(MicroblogDLike).describe('Likes of the post, most recent first (at most 100)'),
    cursor: Cursor,
  }),
  'One page of the accounts that liked a Bluesky post (app.bsky.feed.getLikes)',
);
export type MicroblogDPostLikesPage = z.infer<typeof MicroblogDPostLikesPage>;

export const MicroblogDPostRepostsPage = named(
  'MicroblogDPostRepostsPage',
  z.strictObject({
    uri: PostUri,
    repostedBy: z.array(MicroblogDProfileView).describe('Accounts that reposted the post, most recent first (at most 100)'),
    cursor: Cursor,
  }),
  'One page of the accounts that reposted a Bluesky post (app.bsky.feed.getRepostedBy)',
);
export type MicroblogDPostRepostsPage = z.infer<typeof MicroblogDPostRepostsPage>;

/** The AppView's members of a thread's union (`app.bsky.feed.defs#threadViewPost | #notFoundPost | #blockedPost`). */
export const THREAD_VIEW_POST = 'app.bsky.feed.defs#threadViewPost';
export const NOT_FOUND_POST = 'app.bsky.feed.defs#notFoundPost';
export const BLOCKED_POST = 'app.bsky.feed.defs#blockedPost';
export type ThreadEntryType = typeof THREAD_VIEW_POST | typeof NOT_FOUND_POST | typeof BLOCKED_POST;

/** What an embedded record (`app.bsky.embed.record#view`'s `record`) is when the AppView shows none: `{$type, uri, notFound: true}`. */
export const VIEW_NOT_FOUND = 'app.bsky.embed.record#viewNotFound';

/**
 * The self-label of an account that shows its content to logged-in viewers only
 * (`com.atproto.label.defs#label` `val`, in the account's `labels`): bsky.app shows a logged-out
 * reader only a notice. This gateway reads logged out: such an account's profile, posts and
 * presence in lists are never returned (README.md, "Login-only accounts").
 */
export const LOGGED_IN_ONLY_LABEL = '!no-unauthenticated';

/** What a thread's parent and its replies share: the post, or a stub where the AppView shows none. */
const threadEntryShape = {
  $type: z
    .enum([THREAD_VIEW_POST, NOT_FOUND_POST, BLOCKED_POST])
    .describe(
      '`app.bsky.feed.defs#threadViewPost` (a post: `post` is set), `#notFoundPost` (deleted or never indexed) or `#blockedPost` (hidden by a block between accounts): a stub, `post` null',
    ),
  uri: Str.describe('AT URI of the post (a stub carries its URI only)'),
  post: MicroblogDPost.nullable().describe('The post; null for a stub'),
  authorDid: NStr.describe("The author's DID: the post's, or a blocked post's as the AppView sends it; null for a not-found stub"),
};

export interface MicroblogDThreadParent {
  $type: ThreadEntryType;
  uri: string;
  post: MicroblogDPost | null;
  authorDid: string | null;
  parent: MicroblogDThreadParent | null;
}

/** A parent is a post with its own parent (a chain up to the thread's root): the recursive member is a getter (zod's way to declare a cycle). */
export const MicroblogDThreadParent: z.ZodType<MicroblogDThreadParent> = named(
  'MicroblogDThreadParent',
  z.strictObject({
    ...threadEntryShape,
    get parent() {
      return MicroblogDThreadParent.nullable().describe("This post's own parent; null at the thread's root (or a stub)");
    },
  }),
  'A post above the one asked in its thread (the post it answers), or a stub',
);

export interface MicroblogDThreadReply {
  $type: ThreadEntryType;
  uri: string;
  post: MicroblogDPost | null;
  authorDid: string | null;
  replies: MicroblogDThreadReply[];
}

export const MicroblogDThreadReply: z.ZodType<MicroblogDThreadReply> = named(
  'MicroblogDThreadReply',
  z.strictObject({
    ...threadEntryShape,
    get replies() {
      return z
        .array(MicroblogDThreadReply)
        .describe('Its own replies as the AppView ranks them; [] at the depth asked (see `replyCount`), for a stub, or when none');
    },
  }),
  'A reply below the one asked in its thread, or a stub',
);

export const MicroblogDThread = named(
  'MicroblogDThread',
  z.strictObject({
    post: MicroblogDPost.describe('The post asked for'),
    parent: MicroblogDThreadParent.nullable().describe(
      'The post it answers, each with its own parent up to the root; null for a root post',
    ),
    replies: z.array(MicroblogDThreadReply).describe('Its replies, each with its own, as deep as `depth`'),
  }),
  'A Bluesky post with its thread (app.bsky.feed.getPostThread): the parents above it, the replies below it',
);
export type MicroblogDThread = z.infer<typeof MicroblogDThread>;
