/**
 * newsletter (Substack) records as data: the parsers' types, the /openapi.json response schemas
 * and what REST bodies are checked against. Field names are Substack's own (its mix of
 * snake_case and camelCase kept); viewer fields of a logged-in caller (`isSubscribed`,
 * `isFollowing`, `can_dm`, `mutualsContext`…) are never part of a record. Nullable fields: README.md.
 */
import { z } from 'zod';
import { Int, named, NBool, NInt, NObj, NStr, Obj, Str } from '../records.js';

export const NewsletterProfile = named(
  'NewsletterProfile',
  z.strictObject({
    id: Int.describe("The person's Substack user id"),
    handle: Str.describe('Profile handle (substack.com/@<handle>)'),
    name: NStr,
    previous_name: NStr,
    slug: NStr,
    bio: NStr.describe('Bio, plain text'),
    photo_url: NStr,
    profile_set_up_at: NStr,
    profile_disabled: NBool,
    subdomainUrl: NStr.describe("The person's own <name>.substack.com address"),
    primaryPublication: NObj.describe('The publication they write (id, subdomain, custom_domain, name, author_id…); null when none'),
    publicationUsers: z.array(Obj).describe('Publications they have a role on (`role`, `publication`)'),
    userLinks: z.array(Obj).describe('Links they list on their profile'),
    twitterAccount: NObj.describe('A connected X/Twitter account; null when none'),
    facebookAccount: NObj,
    subscriberCount: NStr.describe('Subscribers of their primary publication, as Substack sends it (a string)'),
    subscriberCountNumber: NInt,
    subscriberCountString: NStr.describe('e.g. "88 subscribers"'),
    rough_num_free_subscribers: NStr.describe('A rough band ("Tens", "Hundreds"…)'),
    subscriptions: z.array(Obj).describe('Publications they subscribe to publicly'),
  }),
  'A Substack profile (/api/v1/user/<handle>/public_profile)',
);
export type NewsletterProfile = z.infer<typeof NewsletterProfile>;

export const NewsletterPost = named(
  'NewsletterPost',
  z.strictObject({
    id: Int,
    publication_id: NInt,
    title: NStr,
    subtitle: NStr,
    description: NStr,
    slug: NStr,
    type: NStr.describe('`newsletter`, `podcast`, `thread`…'),
    audience: NStr.describe('`everyone`, `only_paid`, `founding`…: who may read the full text'),
    post_date: NStr,
    canonical_url: NStr,
    cover_image: NStr,
    wordcount: NInt,
    reaction_count: NInt,
    reactions: NObj.describe('Reaction counts by emoji'),
    comment_count: NInt,
    child_comment_count: NInt,
    section_name: NStr,
    podcast_url: NStr,
    postTags: z.array(Obj),
    publishedBylines: z.array(Obj).describe('Authors (`id`, `name`, `handle`…)'),
  }),
  'A Substack post as profile lists show it (no body)',
);
export type NewsletterPost = z.infer<typeof NewsletterPost>;

export const NewsletterPostDetail = named(
  'NewsletterPostDetail',
  NewsletterPost.extend({
    body_html: NStr.describe(
      'The text as HTML. For a post not for everyone (`is_paywalled`): the public preview only, cut where the paywall starts and without a marker, or null when the publication shows none',
    ),
    truncated_body_text: NStr.describe('A short plain-text excerpt, when Substack sends one (often empty)'),
    is_paywalled: NBool.describe(
      'Whether the text is only partly public: true when `audience` is not `everyone` (`body_html` is then the preview at most); null when `audience` is missing',
    ),
    updated_at: NStr,
    language: NStr,
    restacks: NInt,
    publication: NObj.describe(
      'The publication the post is in (`id`, `name`, `subdomain`, `custom_domain`…); null when the answer does not state it',
    ),
  }),
  'A Substack post with its text (/api/v1/posts/<slug> on the publication)',
);
export type NewsletterPostDetail = z.infer<typeof NewsletterPostDetail>;

export const NewsletterPostsPage = named(
  'NewsletterPostsPage',
  z.strictObject({
    posts: z.array(NewsletterPost).describe("The person's posts across their publications, newest first"),
    cursor: NStr.describe('Pass unchanged as `cursor` (with the same handle) for the next page; null at the end'),
  }),
  "One page of a Substack writer's posts",
);
export type NewsletterPostsPage = z.infer<typeof NewsletterPostsPage>;

/** One comment of a post's discussion, with its replies (`children`, nested the same way). */
export interface NewsletterComment {
  id: number;
  post_id: number | null;
  body: string | null;
  date: string | null;
  edited_at: string | null;
  name: string | null;
  handle: string | null;
  user_id: number | null;
  photo_url: string | null;
  reactions: Record<string, number> | null;
  reaction_count: number | null;
  children_count: number | null;
  deleted: boolean | null;
  status: string | null;
  children: NewsletterComment[];
}

export const NewsletterComment: z.ZodType<NewsletterComment> = named(
  'NewsletterComment',
  z.strictObject({
    id: Int,
    post_id: NInt.describe('The post it is on (checked to be the post asked for, where stated)'),
    body: NStr.describe('The text, plain; null for a comment deleted or removed (its replies stay, under it)'),
    date: NStr,
    edited_at: NStr.describe('When it was last edited; null when never'),
    name: NStr.describe("The commenter's name"),
    handle: NStr.describe("The commenter's profile handle (substack.com/@<handle>), when they have one"),
    user_id: NInt,
    photo_url: NStr,
    reactions: z.record(z.string(), Int).nullable().describe('Reaction counts by emoji, e.g. {"❤": 3}'),
    reaction_count: NInt,
    children_count: NInt.describe('Replies Substack counts under it'),
    deleted: NBool,
    status: NStr.describe('`published`, `moderator_removed`…'),
    get children() {
      return z.array(NewsletterComment).describe('Replies, nested the same way; [] when none');
    },
  }),
  'A comment on a Substack post, with its replies',
);

export const NewsletterPostComments = named(
  'NewsletterPostComments',
  z.strictObject({
    post: z
      .strictObject({
        id: Int,
        slug: NStr,
        title: NStr,
        canonical_url: NStr,
        write_comment_permissions: NStr.describe('Who may comment: `everyone`, `only_paid`, `none` (comments off)…'),
      })
      .describe('The post the comments are on'),
    comments: z.array(NewsletterComment).describe('Top-level comments in the asked order, each with its replies (`children`)'),
    comments_off: NBool.describe(
      'Ours: true when the post has comments turned off (`write_comment_permissions` `none`): `comments` is then what Substack still shows, usually []; null when the post does not say',
    ),
    more: NBool.describe("Substack's `more`: true when it says comments were left out of this answer; null when it does not say"),
  }),
  "A Substack post's public comments, as a tree",
);
export type NewsletterPostComments = z.infer<typeof NewsletterPostComments>;

export const NewsletterPublication = named(
  'NewsletterPublication',
  z.strictObject({
    id: Int.describe("The publication's Substack id"),
    name: NStr,
    subdomain: NStr.describe('Its address on Substack: <subdomain>.substack.com'),
    custom_domain: NStr.describe('Its own domain, when it has one'),
    base_url: NStr.describe('Its address as Substack states it (`base_url`); null when the answer does not state one'),
    logo_url: NStr,
    hero_text: NStr.describe('Its short description, as its home page shows it'),
    language: NStr,
    author: z
      .strictObject({
        id: NInt.describe("The author's Substack user id"),
        name: NStr,
        handle: NStr.describe('Profile handle (substack.com/@<handle>)'),
      })
      .nullable()
      .describe('The person who writes it (`author_id`, `author_name`, `author_handle`); null when the answer names none'),
  }),
  'A Substack publication as its publication search lists it',
);
export type NewsletterPublication = z.infer<typeof NewsletterPublication>;

export const NewsletterSearchPage = named(
  'NewsletterSearchPage',
  z.strictObject({
    publications: z.array(NewsletterPublication).describe("Publications matching the query, in Substack's order (relevance)"),
    cursor: NStr.describe("Pass unchanged as `cursor` (with the same query) for the next page; null at the end (Substack's `more` false)"),
  }),
  'One page of Substack publications matching a query',
);
export type NewsletterSearchPage = z.infer<typeof NewsletterSearchPage>;
