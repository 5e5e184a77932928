/**
 * The forum record (api.md "forum post": `{posts[], after}`) as data: the parser's types, the
 * /openapi.json response schema and what REST bodies are checked against. api.md lists a post's
 * subreddit-style fields "and many moderation and flair fields": the upstream object is passed
 * through whole, so items are loose (documented fields typed, others allowed); `trim=true` items
 * are strict. Nullable fields: README.md.
 */
import { z } from 'zod';
import { Bool, Int, named, NBool, NInt, NNum, NStr, passThrough, Str } from '../records.js';
import { COMMENT_FIELDS, COMMENT_TRIM_FIELDS, POST_FIELDS, POST_TRIM_FIELDS } from './parse.js';

/** Each documented field's type, as parse.ts's field tables name it (null where Reddit omits it). */
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
