/**
 * blog (Tumblr) operations: one page of a blog's posts, a blog's public info, one post; each
 * 1 credit live (0 cached, on error, or NOT_CONFIGURED without TUMBLR_API_KEY). Listed by
 * platform.ts; GraphQL types in graphql.ts; demo answers in its demo.ts (the demo itself has no
 * key: NOT_CONFIGURED there).
 */
import type { OperationDef, ParamSpec } from '../operation.js';
import type { PostsCursor } from './fetch.js';
import { decodePostsCursor, fetchInfo, fetchPost, fetchPosts } from './fetch.js';
import type { PostRef } from './parse.js';
import { normalizeBlog, normalizePostId, normalizePostUrl, PLATFORM } from './parse.js';
import * as schema from './schema.js';

const hasCursor = (args: Record<string, any>) => typeof args.cursor === 'string' && args.cursor !== '';
const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

const BLOG_PROBLEM = 'must be a Tumblr blog name, <name>.tumblr.com, its URL, or a custom domain';
const BLOG_PARAM: ParamSpec = {
  name: 'blog',
  kind: 'string',
  required: true,
  maxLength: 300,
  description: 'Blog name (staff), <name>.tumblr.com, its URL, or a custom domain',
};

export const blogPosts: OperationDef<{ blog: string; cursor: PostsCursor | null }, schema.BlogPostsPage> = {
  field: 'blogPosts',
  platform: PLATFORM,
  summary: "One page of a Tumblr blog's posts (Neue Post Format), newest first; page with `cursor`. Needs the operator's TUMBLR_API_KEY",
  rest: { path: '/v1/blog/posts' },
  record: schema.BlogPostsPage,
  params: [
    BLOG_PARAM,
    {
      name: 'cursor',
      kind: 'string',
      // Tumblr's page_number tokens run to ~600 characters (a 2025 answer: 588), ours a third more.
      maxLength: 4096,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same blog. Omit for the first page.",
    },
  ],
  cacheable: true,
  needs: 'TUMBLR_API_KEY',
  check(args, problem) {
    const blog = typeof args.blog === 'string' && args.blog.trim() ? normalizeBlog(args.blog) : undefined;
    if (blog === null) problem('blog', BLOG_PROBLEM);
    if (!hasCursor(args)) return;
    const c = decodePostsCursor(args.cursor);
    if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    else if (blog && c.b !== blog) problem('cursor', 'belongs to another blog');
  },
  normalize: (a) => ({ blog: normalizeBlog(a.blog)!, cursor: hasCursor(a) ? decodePostsCursor(a.cursor) : null }),
  key: (a) => JSON.stringify([a.blog, a.cursor ? ('o' in a.cursor ? a.cursor.o : { p: a.cursor.p }) : 0]),
  cost: { max: 1 },
  example: { blog: 'harbourweather' },
  run: (ctx, a) => fetchPosts(ctx, a),
};

export const blogInfo: OperationDef<{ blog: string }, schema.BlogInfo> = {
  field: 'blogInfo',
  platform: PLATFORM,
  summary: "A Tumblr blog's public info: title, description, avatar, post count, ask settings, theme. Needs the operator's TUMBLR_API_KEY",
  rest: { path: '/v1/blog/info', wrap: 'blog' },
  record: schema.BlogInfo,
  params: [BLOG_PARAM],
  cacheable: true,
  needs: 'TUMBLR_API_KEY',
  check(args, problem) {
    if (given(args.blog) && !normalizeBlog(args.blog)) problem('blog', BLOG_PROBLEM);
  },
  normalize: (a) => ({ blog: normalizeBlog(a.blog)! }),
  key: (a) => JSON.stringify([a.blog]),
  cost: { max: 1 },
  example: { blog: 'harbourweather' },
  run: (ctx, a) => fetchInfo(ctx, a),
};

const POST_URL_PROBLEM =
  'must be a Tumblr post URL: https://<blog>.tumblr.com/post/<id>[/<slug>] or https://www.tumblr.com/<blog>/<id>[/<slug>]';

/** The post `url`, or `blog` and `id`, name (`check` has made sure which, and that it is valid). */
const postRefOf = (a: Record<string, any>): PostRef =>
  given(a.url) ? normalizePostUrl(a.url)! : { blog: normalizeBlog(a.blog)!, id: normalizePostId(a.id)! };

export const blogPost: OperationDef<PostRef, schema.BlogPost> = {
  field: 'blogPost',
  platform: PLATFORM,
  summary: "One Tumblr post (Neue Post Format), by its URL or by blog and id. Needs the operator's TUMBLR_API_KEY",
  rest: { path: '/v1/blog/post', wrap: 'post' },
  record: schema.BlogPost,
  params: [
    {
      name: 'url',
      kind: 'string',
      maxLength: 500,
      description:
        'Post URL: https://<blog>.tumblr.com/post/<id>[/<slug>] or https://www.tumblr.com/<blog>/<id>[/<slug>]. Or give blog and id.',
    },
    {
      ...BLOG_PARAM,
      required: false,
      description: 'With id, instead of url: blog name (staff), <name>.tumblr.com, its URL, or a custom domain',
    },
    { name: 'id', kind: 'string', maxLength: 20, description: 'With blog, instead of url: the post id (digits, as in its URL)' },
  ],
  cacheable: true,
  needs: 'TUMBLR_API_KEY',
  check(args, problem) {
    if (given(args.url)) {
      if (given(args.blog) || given(args.id)) problem('url', 'give either url, or blog and id, not both');
      else if (!normalizePostUrl(args.url)) problem('url', POST_URL_PROBLEM);
      return;
    }
    if (!given(args.blog) && !given(args.id)) {
      problem('url', 'give url, or blog and id');
      return;
    }
    if (!given(args.blog)) problem('blog', 'is required with id');
    else if (!normalizeBlog(args.blog)) problem('blog', BLOG_PROBLEM);
    if (!given(args.id)) problem('id', 'is required with blog');
    else if (!normalizePostId(args.id)) problem('id', 'must be a Tumblr post id: digits, as in the post URL');
  },
  // A post URL and its blog + id share a key; the slug and any query are not part of it.
  normalize: (a) => postRefOf(a),
  key: (a) => JSON.stringify([a.blog, a.id]),
  cost: { max: 1 },
  example: { url: 'https://harbourweather.tumblr.com/post/771000000000000102/spring-tides-on-tuesday' },
  run: (ctx, a) => fetchPost(ctx, a),
};

export const operations = [blogPosts, blogInfo, blogPost];
