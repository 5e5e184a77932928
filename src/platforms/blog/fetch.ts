/**
 * Upstream requests for blog (Tumblr API v2) with the operator's app key, no user login:
 *
 *   GET https://api.tumblr.com/v2/blog/<blog>/posts?npf=true&reblog_info=true&notes_info=true&api_key=<TUMBLR_API_KEY>[&offset=N]
 *   GET https://api.tumblr.com/v2/blog/<blog>/info?api_key=<TUMBLR_API_KEY>
 *   GET https://api.tumblr.com/v2/blog/<blog>/posts?id=<id>&npf=true&reblog_info=true&notes_info=true&api_key=<TUMBLR_API_KEY>
 *
 * `reblog_info` and `notes_info` as the capture's request (../shared/fixtures/blog): without them
 * Tumblr leaves out the `reblogged_*` fields (api.md: "Returns the various reblogged_ fields") and
 * the note count ("Returns note count and note metadata"), which the post record carries.
 *
 * Without TUMBLR_API_KEY nothing is sent: NOT_CONFIGURED (0 credits). The key travels in the
 * query as Tumblr's API requires; it is never in an error message, a cache key or a cursor.
 *
 * How answers map: 404 → NOT_FOUND, except a 404 with error code 4012 (a blog shown only to
 * logged-in readers) → PRIVATE_CONTENT; 401 (Tumblr refused the key) → NOT_CONFIGURED (the operator's
 * key is wrong; nothing the caller can change); a vendor challenge, 403, 429 → UPSTREAM_BLOCKED;
 * other non-2xx → expectOk; a 200 that is not the envelope → UPSTREAM_FAILED; posts or info of
 * another blog than the `<name>.tumblr.com` asked, or a post of another id → UPSTREAM_FAILED; no
 * post in a `posts?id=` answer → NOT_FOUND.
 */
import { ApiError, notConfigured, notFound, privateContent, shapeChanged, upstreamFailed } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { PostRef } from './parse.js';
import {
  apiError,
  blogNameOf,
  DASHBOARD_ONLY,
  isDashboardOnly,
  PAGE_NUMBER,
  parseInfo,
  parsePosts,
  parseSinglePost,
  PLATFORM,
} from './parse.js';
import type { BlogInfo, BlogPost, BlogPostsPage } from './schema.js';
import { JsonOverBound } from '../../parse/json.js';

const API = 'https://api.tumblr.com/v2';

/** Posts in NPF, with their reblog fields and note count. */
const POST_PARAMS = { npf: 'true', reblog_info: 'true', notes_info: 'true' } as const;

/** Our cursor: the blog and how Tumblr's next link names the next page — its offset, or its `page_number` token. */
export type PostsCursor = { b: string; o: number } | { b: string; p: string };

export function decodePostsCursor(raw: string): PostsCursor | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.b !== 'string') return null;
  if (Number.isSafeInteger(c.o) && (c.o as number) > 0 && c.p === undefined) return { b: c.b, o: c.o as number };
  if (typeof c.p === 'string' && PAGE_NUMBER.test(c.p) && c.o === undefined) return { b: c.b, p: c.p };
  return null;
}

/** The request parameters of the page a cursor names. */
const pageParams = (c: PostsCursor): Record<string, string> => ('o' in c ? { offset: String(c.o) } : { page_number: c.p });

/**
 * `GET /v2/blog/<blog>/<endpoint>?<query>&api_key=<key>`, its JSON body. Without the key nothing
 * is sent (NOT_CONFIGURED); 401 is NOT_CONFIGURED; other statuses through expectOk, the envelope's
 * `meta.status` too when the HTTP status is a success.
 */
async function apiGet(
  ctx: OpContext,
  blog: string,
  endpoint: 'info' | 'posts',
  query: Record<string, string>,
  what: string,
): Promise<unknown> {
  const key = ctx.config.tumblrApiKey;
  if (!key) throw notConfigured('TUMBLR_API_KEY', 'Reading Tumblr blogs');
  const q = new URLSearchParams({ ...query, api_key: key });
  const res = await ctx.upstream.request({
    url: `${API}/blog/${encodeURIComponent(blog)}/${endpoint}?${q.toString()}`,
    platform: PLATFORM,
    headers: { accept: 'application/json' },
    signal: ctx.signal,
  });
  let body: unknown;
  try {
    body = res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    body = undefined;
  }
  if (res.status === 401)
    throw new ApiError(
      'NOT_CONFIGURED',
      `${PLATFORM}: Tumblr refused this gateway's TUMBLR_API_KEY (HTTP 401${apiError(body)?.msg ? `: ${apiError(body)!.msg}` : ''})`,
    );
  // A blog shown to logged-in readers only answers 404 with error code 4012: it exists, and it is
  // private to this gateway (no login is ever used) — not a missing blog.
  if ((res.status === 404 || apiError(body)?.status === 404) && isDashboardOnly(body))
    throw privateContent(`${what} (shown only to logged-in Tumblr readers: error ${DASHBOARD_ONLY})`);
  expectOk(res, PLATFORM, what);
  // Tumblr states the status again in its envelope; a 2xx whose `meta.status` is an error (seen from
  // JSONP-era and proxied answers) is read as that status: a 404 there is NOT_FOUND, not an empty blog.
  const stated = apiError(body)?.status;
  if (stated !== undefined && stated >= 400) expectOk({ ...res, status: stated }, PLATFORM, what);
  if (body === undefined)
    throw shapeChanged(PLATFORM, `JSON from the ${endpoint} endpoint (got ${res.headers['content-type'] ?? 'no content type'})`);
  return body;
}

export async function fetchPosts(ctx: OpContext, a: { blog: string; cursor: PostsCursor | null }): Promise<BlogPostsPage> {
  const body = await apiGet(ctx, a.blog, 'posts', a.cursor ? { ...POST_PARAMS, ...pageParams(a.cursor) } : POST_PARAMS, `Blog ${a.blog}`);
  const { posts, blogName, next } = parsed(ctx, () => parsePosts(body));
  const asked = blogNameOf(a.blog);
  const stranger = asked ? posts.find((p) => p.blog_name !== null && p.blog_name !== asked) : undefined;
  if ((asked && blogName && blogName !== asked) || stranger)
    throw upstreamFailed(
      `${PLATFORM}: the upstream answered blog ${asked} with posts of ${stranger?.blog_name ?? blogName} (a different resource)`,
    );
  const cursor: PostsCursor | null = next && ('offset' in next ? { b: a.blog, o: next.offset } : { b: a.blog, p: next.pageNumber });
  // The page this one was asked as is the end, not a next page (Tumblr looping).
  const ours = nextToken(a.cursor && encodeCursor(a.cursor), cursor && encodeCursor(cursor));
  return { posts, cursor: ours && posts.length ? ours : null };
}

/** A blog's public info; for `<name>.tumblr.com` its `name` must be that name. */
export async function fetchInfo(ctx: OpContext, a: { blog: string }): Promise<BlogInfo> {
  const what = `Blog ${a.blog}`;
  const body = await apiGet(ctx, a.blog, 'info', {}, what);
  const info = parsed(ctx, () => parseInfo(body));
  const asked = blogNameOf(a.blog);
  if (asked) assertSameResource(PLATFORM, what, { handle: asked }, { handle: info.name });
  return info;
}

/**
 * One post by id (`posts?id=`): an empty `posts` is NOT_FOUND; the post must be the id asked and,
 * for `<name>.tumblr.com`, that blog's (its `blog_name` and embedded `blog.name` where stated).
 */
export async function fetchPost(ctx: OpContext, a: PostRef): Promise<BlogPost> {
  const what = `Post ${a.id} of blog ${a.blog}`;
  const body = await apiGet(ctx, a.blog, 'posts', { id: a.id, ...POST_PARAMS }, what);
  const post = parsed(ctx, () => parseSinglePost(body));
  if (!post) throw notFound(`${what} was not found`);
  assertSameResource(PLATFORM, what, { id: a.id }, { id: post.id_string });
  const asked = blogNameOf(a.blog);
  if (asked) {
    assertSameResource(PLATFORM, what, { handle: asked }, { handle: post.blog_name });
    assertSameResource(PLATFORM, what, { handle: asked }, { handle: post.blog?.name });
  }
  return post;
}
