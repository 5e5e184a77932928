/**
 * blog (Tumblr) records as data: the parsers' types, the /openapi.json response schemas and what
 * REST bodies are checked against. Field names are Tumblr API v2's own (Neue Post Format with
 * `npf=true`); the viewer's state (`followed`, `liked`, `can_like`, `can_reblog`, a blog's
 * `subscribed`, `can_send_fan_mail`, `is_blocked_from_primary`…) is never part of a record, and
 * the numeric `id` (beyond JavaScript's safe integers) is given as Tumblr's own `id_string`.
 * Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, NBool, NInt, NObj, NStr, Obj, Str, Strs } from '../records.js';

export const BlogAvatar = named(
  'BlogAvatar',
  z.strictObject({
    url: Str,
    width: NInt,
    height: NInt,
  }),
  "One size of a blog's avatar",
);
export type BlogAvatar = z.infer<typeof BlogAvatar>;

export const BlogInfo = named(
  'BlogInfo',
  z.strictObject({
    name: Str.describe('Blog name (`staff` of staff.tumblr.com)'),
    title: NStr,
    description: NStr.describe('HTML, as the blog keeps it ("" when none)'),
    url: NStr,
    uuid: NStr.describe('`t:…`: the permanent id of the blog'),
    updated: NInt.describe('Unix seconds of the last update'),
    posts: NInt.describe('Number of posts'),
    avatar: z.array(BlogAvatar).describe('The avatar in the sizes Tumblr lists, largest first'),
    ask: NBool.describe('Whether the blog takes questions'),
    ask_anon: NBool.describe('Whether it takes anonymous questions (sent only when `ask`)'),
    ask_page_title: NStr,
    is_nsfw: NBool,
    share_likes: NBool.describe('Whether the blog shows its likes'),
    likes: NInt.describe('Posts it liked, only when `share_likes`'),
    theme: NObj.describe('Its theme (colours, fonts, header image…), as Tumblr sends it'),
  }),
  "A Tumblr blog's public info (API v2 `blog/<blog>/info`)",
);
export type BlogInfo = z.infer<typeof BlogInfo>;

export const BlogPost = named(
  'BlogPost',
  z.strictObject({
    id_string: Str.describe('Post id'),
    type: NStr.describe('`blocks` for Neue Post Format posts'),
    blog_name: NStr,
    blog: NObj.describe('The blog (name, title, description, url, uuid…), as Tumblr embeds it in each post'),
    post_url: NStr,
    short_url: NStr,
    slug: NStr,
    date: NStr.describe('"2020-05-01 21:49:17 GMT"'),
    timestamp: NInt.describe('Unix seconds'),
    state: NStr,
    tags: Strs,
    summary: NStr,
    note_count: NInt,
    content: z.array(Obj).describe("NPF content blocks (`text`, `image`, `link`, `video`…); a reblog's own may be empty"),
    layout: z.array(Obj),
    trail: z.array(Obj).describe('The reblog trail: earlier posts with their content'),
    source_url: NStr,
    source_title: NStr,
    reblogged_from_name: NStr,
    reblogged_from_url: NStr,
    reblogged_root_name: NStr,
    reblogged_root_url: NStr,
  }),
  'A Tumblr post (API v2, Neue Post Format)',
);
export type BlogPost = z.infer<typeof BlogPost>;

export const BlogPostsPage = named(
  'BlogPostsPage',
  z.strictObject({
    posts: z.array(BlogPost).describe("The blog's posts, newest first"),
    cursor: NStr.describe('Pass unchanged as `cursor` (with the same blog) for the next page; null at the end'),
  }),
  "One page of a Tumblr blog's posts",
);
export type BlogPostsPage = z.infer<typeof BlogPostsPage>;
