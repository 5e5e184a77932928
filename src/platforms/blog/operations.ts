/**
 * blog (Tumblr) operation: one page of a blog's posts, 1 credit live (0 cached, on error, or
 * NOT_CONFIGURED without TUMBLR_API_KEY). Listed by platform.ts; GraphQL types in graphql.ts; demo
 * answers in its demo.ts (the demo itself has no key: NOT_CONFIGURED there).
 */
import type { OperationDef } from '../operation.js';
import type { PostsCursor } from './fetch.js';
import { decodePostsCursor, fetchPosts } from './fetch.js';
import { normalizeBlog, PLATFORM } from './parse.js';
import * as schema from './schema.js';

const hasCursor = (args: Record<string, any>) => typeof args.cursor === 'string' && args.cursor !== '';

export const blogPosts: OperationDef<{ blog: string; cursor: PostsCursor | null }, schema.BlogPostsPage> = {
  field: 'blogPosts',
  platform: PLATFORM,
  summary: "One page of a Tumblr blog's posts (Neue Post Format), newest first; page with `cursor`. Needs the operator's TUMBLR_API_KEY",
  rest: { path: '/v1/blog/posts' },
  record: schema.BlogPostsPage,
  params: [
    {
      name: 'blog',
      kind: 'string',
      required: true,
      maxLength: 300,
      description: 'Blog name (staff), <name>.tumblr.com, its URL, or a custom domain',
    },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 512,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same blog. Omit for the first page.",
    },
  ],
  cacheable: true,
  needs: 'TUMBLR_API_KEY',
  check(args, problem) {
    const blog = typeof args.blog === 'string' && args.blog.trim() ? normalizeBlog(args.blog) : undefined;
    if (blog === null) problem('blog', 'must be a Tumblr blog name, <name>.tumblr.com, its URL, or a custom domain');
    if (!hasCursor(args)) return;
    const c = decodePostsCursor(args.cursor);
    if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    else if (blog && c.b !== blog) problem('cursor', 'belongs to another blog');
  },
  normalize: (a) => ({ blog: normalizeBlog(a.blog)!, cursor: hasCursor(a) ? decodePostsCursor(a.cursor) : null }),
  key: (a) => JSON.stringify([a.blog, a.cursor?.o ?? 0]),
  cost: { max: 1 },
  example: { blog: 'harbourweather' },
  run: (ctx, a) => fetchPosts(ctx, a),
};

export const operations = [blogPosts];
