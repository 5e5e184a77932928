/**
 * newsletter (Substack) operations: a writer's profile, their posts, one post with its text, a
 * post's comments, and the publication search;
 * each 1 credit live (0 cached or on error). Listed by platform.ts; GraphQL types in graphql.ts; demo answers in
 * its demo.ts.
 */
import type { OperationDef } from '../operation.js';
import type { CommentSort, PostsCursor, SearchCursor } from './fetch.js';
import {
  COMMENT_SORTS,
  decodePostsCursor,
  decodeSearchCursor,
  fetchPost,
  fetchPostComments,
  fetchPosts,
  fetchProfile,
  fetchSearch,
} from './fetch.js';
import type { PostRef } from './parse.js';
import { normalizeHandle, normalizePostUrl, PLATFORM } from './parse.js';
import * as schema from './schema.js';

const HANDLE_PROBLEM = 'must be a Substack handle (letters, digits and _) or a profile URL https://substack.com/@handle';
const HANDLE_DESCRIPTION = 'Profile handle, with or without @ (e.g. jakubslys), or https://substack.com/@handle';
const handleOf = (args: Record<string, any>) =>
  typeof args.handle === 'string' && args.handle.trim() ? normalizeHandle(args.handle) : undefined;
const hasCursor = (args: Record<string, any>) => typeof args.cursor === 'string' && args.cursor !== '';

export const newsletterProfile: OperationDef<{ handle: string }, schema.NewsletterProfile> = {
  field: 'newsletterProfile',
  platform: PLATFORM,
  summary: "A Substack writer's public profile",
  rest: { path: '/v1/newsletter/profile', wrap: 'profile' },
  record: schema.NewsletterProfile,
  params: [{ name: 'handle', kind: 'string', required: true, maxLength: 300, description: HANDLE_DESCRIPTION }],
  cacheable: true,
  check(args, problem) {
    if (handleOf(args) === null) problem('handle', HANDLE_PROBLEM);
  },
  normalize: (a) => ({ handle: normalizeHandle(a.handle)! }),
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { handle: 'harbourweather' },
  run: (ctx, a) => fetchProfile(ctx, a),
};

export const newsletterPosts: OperationDef<{ handle: string; cursor: PostsCursor | null }, schema.NewsletterPostsPage> = {
  field: 'newsletterPosts',
  platform: PLATFORM,
  summary: "One page of a Substack writer's posts across their publications, newest first; page with `cursor`",
  rest: { path: '/v1/newsletter/posts' },
  record: schema.NewsletterPostsPage,
  params: [
    { name: 'handle', kind: 'string', required: true, maxLength: 300, description: HANDLE_DESCRIPTION },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 2048,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same handle. Omit for the first page.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    const handle = handleOf(args);
    if (handle === null) problem('handle', HANDLE_PROBLEM);
    if (!hasCursor(args)) return;
    const c = decodePostsCursor(args.cursor);
    if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    else if (handle && c.h !== handle) problem('cursor', 'belongs to another handle');
  },
  normalize: (a) => ({ handle: normalizeHandle(a.handle)!, cursor: hasCursor(a) ? decodePostsCursor(a.cursor) : null }),
  // The user id too: a page read with another id (a forged cursor) is no page of this handle's list.
  key: (a) => JSON.stringify([a.handle, a.cursor?.u ?? null, a.cursor?.c ?? null]),
  cost: { max: 1 },
  example: { handle: 'harbourweather' },
  run: (ctx, a) => fetchPosts(ctx, a),
};

const URL_PARAM = {
  name: 'url',
  kind: 'string',
  required: true,
  maxLength: 500,
  description: "The post's address on its publication: https://<name>.substack.com/p/<slug> or https://<custom domain>/p/<slug>",
} as const;

/** The `url` problems of one post's operations (post, its comments). */
function checkPostUrl(args: Record<string, any>, problem: (param: string, message: string) => void): void {
  if (typeof args.url !== 'string' || !args.url.trim()) return;
  const ref = normalizePostUrl(args.url);
  if (ref === 'substack.com')
    problem(
      'url',
      "names no publication: a post's address on substack.com (/@<handle>/p/<slug>) is not answered here; use its publication's https://<name>.substack.com/p/<slug> or custom domain",
    );
  else if (!ref)
    problem(
      'url',
      'must be a post URL https://<name>.substack.com/p/<slug>, https://<custom domain>/p/<slug> or https://open.substack.com/pub/<name>/p/<slug>',
    );
}

export const newsletterPost: OperationDef<PostRef, schema.NewsletterPostDetail> = {
  field: 'newsletterPost',
  platform: PLATFORM,
  summary: 'One Substack post with its text (the public preview of a paid post), by its URL',
  rest: { path: '/v1/newsletter/post', wrap: 'post' },
  record: schema.NewsletterPostDetail,
  params: [URL_PARAM],
  cacheable: true,
  check: checkPostUrl,
  normalize: (a) => normalizePostUrl(a.url) as PostRef,
  // Host and slug, lower-cased: a publication's subdomain and its custom domain are two keys (which
  // pair is one publication is only known from the answer).
  key: (a) => JSON.stringify([a.host, a.slug]),
  cost: { max: 1 },
  example: { url: 'https://harbourweather.substack.com/p/spring-tides-ahead' },
  run: (ctx, a) => fetchPost(ctx, a),
};

export const newsletterPostComments: OperationDef<PostRef & { sort: CommentSort }, schema.NewsletterPostComments> = {
  field: 'newsletterPostComments',
  platform: PLATFORM,
  summary: "A Substack post's public comments as a tree (replies nested), by the post's URL; all of them in one answer",
  rest: { path: '/v1/newsletter/post/comments' },
  record: schema.NewsletterPostComments,
  params: [
    URL_PARAM,
    {
      name: 'sort',
      kind: 'enum',
      values: COMMENT_SORTS,
      enumName: 'NewsletterCommentSort',
      description: "Substack's order: `best_first` (the default) or `newest_first`",
    },
  ],
  cacheable: true,
  check: checkPostUrl,
  normalize: (a) => ({ ...(normalizePostUrl(a.url) as PostRef), sort: (a.sort as CommentSort | null | undefined) ?? 'best_first' }),
  // The post's key (host and slug) and the order.
  key: (a) => JSON.stringify([a.host, a.slug, a.sort]),
  cost: { max: 1 },
  example: { url: 'https://harbourweather.substack.com/p/spring-tides-ahead' },
  run: (ctx, a) => fetchPostComments(ctx, a),
};

/**
 * A search query as one cache entry: trimmed, runs of white space made one space, lower-cased (public
 * clients of the endpoint send it lower-cased: Substack matches without case).
 */
export const normalizeQuery = (raw: unknown): string => (typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ').toLowerCase() : '');

export const newsletterSearch: OperationDef<{ query: string; cursor: SearchCursor | null }, schema.NewsletterSearchPage> = {
  field: 'newsletterSearch',
  platform: PLATFORM,
  summary: "One page of Substack publications matching a query (20 a page), in Substack's order; page with `cursor`",
  rest: { path: '/v1/newsletter/search' },
  record: schema.NewsletterSearchPage,
  params: [
    { name: 'query', kind: 'string', required: true, maxLength: 200, description: "Search text: a publication's name, subject or author" },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 1024,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same query. Omit for the first page.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (!hasCursor(args)) return;
    const c = decodeSearchCursor(args.cursor);
    const query = normalizeQuery(args.query);
    if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    else if (query && c.q !== query) problem('cursor', 'belongs to another query');
  },
  normalize: (a) => ({ query: normalizeQuery(a.query), cursor: hasCursor(a) ? decodeSearchCursor(a.cursor) : null }),
  key: (a) => JSON.stringify([a.query, a.cursor?.p ?? 0]),
  cost: { max: 1 },
  example: { query: 'harbour weather' },
  run: (ctx, a) => fetchSearch(ctx, a),
};

export const operations = [newsletterProfile, newsletterPosts, newsletterPost, newsletterPostComments, newsletterSearch];
