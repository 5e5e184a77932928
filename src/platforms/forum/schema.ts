/**
 * The forum record (api.md "forum post": `{posts[], after}`) as data: the parser's types, the
 * /openapi.json response schema and what REST bodies are checked against. api.md lists a post's
 * subreddit-style fields "and many moderation and flair fields": the upstream object is passed
 * through whole, so items are loose (documented fields typed, others allowed); `trim=true` items
 * are strict. Nullable fields: README.md.
 */
import { z } from 'zod';
import { Bool, Int, named, NBool, NInt, NNum, NStr, passThrough, Str } from '../records.js';

/** How a documented field is read (parse.ts) and typed (below). */
export type FieldKind = 'string' | 'int' | 'number' | 'bool' | 'edited';

/**
 * api.md "forum post" fields, in api.md's order, with their types. `created` and `created_utc`
 * are integers (Unix seconds; Reddit sends floats such as 1497036556.0). `edited` is `false` or
 * the edit time in Unix seconds.
 */
export const POST_FIELDS = {
  subreddit: 'string',
  subreddit_name_prefixed: 'string',
  title: 'string',
  selftext: 'string',
  selftext_html: 'string',
  author: 'string',
  author_fullname: 'string',
  name: 'string',
  id: 'string',
  permalink: 'string',
  url: 'string',
  domain: 'string',
  score: 'int',
  ups: 'int',
  downs: 'int',
  upvote_ratio: 'number',
  num_comments: 'int',
  num_crossposts: 'int',
  created: 'int',
  created_utc: 'int',
  edited: 'edited',
  over_18: 'bool',
  spoiler: 'bool',
  locked: 'bool',
  stickied: 'bool',
  archived: 'bool',
  is_self: 'bool',
  is_video: 'bool',
  thumbnail: 'string',
} as const satisfies Record<string, FieldKind>;

/**
 * The documented fields of a comment item (comment search). The t1 object of a Reddit Listing
 * (capture user-comments-spez-2020.json): the comment itself, its thread (`link_*`; `num_comments`
 * is the thread's comment count) and its parent (`parent_id`, a t1_ or t3_ fullname).
 */
export const COMMENT_FIELDS = {
  subreddit: 'string',
  subreddit_id: 'string',
  subreddit_name_prefixed: 'string',
  subreddit_type: 'string',
  body: 'string',
  body_html: 'string',
  author: 'string',
  author_fullname: 'string',
  name: 'string',
  id: 'string',
  parent_id: 'string',
  link_id: 'string',
  link_title: 'string',
  link_author: 'string',
  link_permalink: 'string',
  link_url: 'string',
  permalink: 'string',
  score: 'int',
  ups: 'int',
  downs: 'int',
  controversiality: 'int',
  num_comments: 'int',
  is_submitter: 'bool',
  distinguished: 'string',
  score_hidden: 'bool',
  gilded: 'int',
  total_awards_received: 'int',
  created: 'int',
  created_utc: 'int',
  edited: 'edited',
  over_18: 'bool',
  locked: 'bool',
  stickied: 'bool',
  archived: 'bool',
  collapsed: 'bool',
} as const satisfies Record<string, FieldKind>;

/** `trim=true`: a post is reduced to these fields. */
export const POST_TRIM_FIELDS = [
  'id',
  'name',
  'subreddit',
  'subreddit_name_prefixed',
  'title',
  'selftext',
  'author',
  'permalink',
  'url',
  'domain',
  'score',
  'upvote_ratio',
  'num_comments',
  'created_utc',
  'created_at_iso',
  'over_18',
  'is_self',
  'is_video',
] as const;

/** `trim=true`: a comment is reduced to these fields. */
export const COMMENT_TRIM_FIELDS = [
  'id',
  'name',
  'subreddit',
  'subreddit_name_prefixed',
  'body',
  'author',
  'permalink',
  'link_id',
  'link_title',
  'parent_id',
  'score',
  'created_utc',
  'created_at_iso',
  'over_18',
] as const;

/** Each documented field's type, as the field tables above name it (null where Reddit omits it). */
const KIND = {
  string: NStr,
  int: NInt,
  number: NNum,
  bool: NBool,
  /** `false` when never edited, else the edit time (Unix seconds). */
  edited: z.union([Int, Bool]).nullable(),
} as const;

export function typedShape<F extends Record<string, keyof typeof KIND>>(fields: F): { [K in keyof F]: (typeof KIND)[F[K]] } {
  return Object.fromEntries(Object.entries(fields).map(([k, kind]) => [k, KIND[kind]])) as { [K in keyof F]: (typeof KIND)[F[K]] };
}

/** typedShape with descriptions (the OpenAPI and GraphQL texts) for the fields `about` names. */
export function describedShape<F extends Record<string, keyof typeof KIND>>(
  fields: F,
  about: { [K in keyof F]?: string },
): { [K in keyof F]: (typeof KIND)[F[K]] } {
  const shape = typedShape(fields);
  for (const k in shape) {
    const text = about[k];
    if (text) shape[k] = shape[k].describe(text) as (typeof shape)[typeof k];
  }
  return shape;
}

function mask<K extends string>(keys: readonly K[]): { [P in K]: true } {
  return Object.fromEntries(keys.map((k) => [k, true])) as { [P in K]: true };
}

/** A post (t3) item: the documented fields typed, every other upstream field passed through. */
export const ForumPost = named(
  'ForumPost',
  passThrough(z.strictObject({ ...typedShape(POST_FIELDS), id: Str, name: Str, created_at_iso: NStr })),
);
export type ForumPost = z.infer<typeof ForumPost>;

/** A comment (t1) item, in `posts` on comment search. */
export const ForumComment = named(
  'ForumComment',
  passThrough(z.strictObject({ ...typedShape(COMMENT_FIELDS), id: Str, name: Str, created_at_iso: NStr })),
);
export type ForumComment = z.infer<typeof ForumComment>;

/** `trim=true`: the listed fields of the full item, nothing else. */
export const ForumTrimmedPost = named('ForumTrimmedPost', z.strictObject(ForumPost.pick(mask(POST_TRIM_FIELDS)).shape));
export const ForumTrimmedComment = named('ForumTrimmedComment', z.strictObject(ForumComment.pick(mask(COMMENT_TRIM_FIELDS)).shape));

/** What the parser returns (trimmed items are typed as items: same names, fewer of them). */
export const ForumSearchPage = z.strictObject({
  posts: z.array(z.union([ForumPost, ForumComment])),
  /** Pass as `after` for the next page; null on the last page. */
  after: NStr,
});
export type ForumSearchPage = z.infer<typeof ForumSearchPage>;

/** The /v1 record. */
export const ForumSearchRecord = named(
  'ForumSearchPage',
  z.strictObject({ posts: z.array(z.union([ForumPost, ForumComment, ForumTrimmedPost, ForumTrimmedComment])), after: NStr }),
);
