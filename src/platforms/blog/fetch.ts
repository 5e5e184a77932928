/**
 * Upstream request for blog (Tumblr API v2) with the operator's app key, no user login:
 *
 *   GET https://api.tumblr.com/v2/blog/<blog>/posts?npf=true&api_key=<TUMBLR_API_KEY>[&offset=N]
 *
 * Without TUMBLR_API_KEY nothing is sent: NOT_CONFIGURED (0 credits). The key travels in the
 * query as Tumblr's API requires; it is never in an error message, a cache key or a cursor.
 *
 * How answers map: 404 → NOT_FOUND; 401 (Tumblr refused the key) → NOT_CONFIGURED (the operator's
 * key is wrong; nothing the caller can change); a vendor challenge, 403, 429 → UPSTREAM_BLOCKED;
 * other non-2xx → expectOk; a 200 that is not the envelope → UPSTREAM_FAILED; posts of another
 * blog than the `<name>.tumblr.com` asked → UPSTREAM_FAILED.
 */
import { ApiError, notConfigured, shapeChanged, upstreamFailed } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import type { OpContext } from '../operation.js';
import { apiError, blogNameOf, parsePosts, PLATFORM } from './parse.js';
import type { BlogPostsPage } from './schema.js';

const API = 'https://api.tumblr.com/v2';

/** Our cursor: the blog and the next page's offset. */
export interface PostsCursor {
  b: string;
  o: number;
}

export function decodePostsCursor(raw: string): PostsCursor | null {
  const c = decodeCursor(raw);
  return c && typeof c.b === 'string' && Number.isSafeInteger(c.o) && (c.o as number) > 0 ? { b: c.b, o: c.o as number } : null;
}

export async function fetchPosts(ctx: OpContext, a: { blog: string; cursor: PostsCursor | null }): Promise<BlogPostsPage> {
  const key = ctx.config.tumblrApiKey;
  if (!key) throw notConfigured('TUMBLR_API_KEY', 'Reading Tumblr blogs');
  const q = new URLSearchParams({ npf: 'true', api_key: key });
  if (a.cursor) q.set('offset', String(a.cursor.o));
  const what = `Blog ${a.blog}`;
  const res = await ctx.upstream.request({
    url: `${API}/blog/${encodeURIComponent(a.blog)}/posts?${q.toString()}`,
    platform: PLATFORM,
    headers: { accept: 'application/json' },
    signal: ctx.signal,
  });
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = undefined;
  }
  if (res.status === 401)
    throw new ApiError(
      'NOT_CONFIGURED',
      `${PLATFORM}: Tumblr refused this gateway's TUMBLR_API_KEY (HTTP 401${apiError(body)?.msg ? `: ${apiError(body)!.msg}` : ''})`,
    );
  expectOk(res, PLATFORM, what);
  if (body === undefined)
    throw shapeChanged(PLATFORM, `JSON from the posts endpoint (got ${res.headers['content-type'] ?? 'no content type'})`);
  const { posts, blogName, nextOffset } = parsePosts(body);
  const asked = blogNameOf(a.blog);
  const stranger = asked ? posts.find((p) => p.blog_name !== null && p.blog_name !== asked) : undefined;
  if ((asked && blogName && blogName !== asked) || stranger)
    throw upstreamFailed(
      `${PLATFORM}: the upstream answered blog ${asked} with posts of ${stranger?.blog_name ?? blogName} (a different resource)`,
    );
  return { posts, cursor: nextOffset && posts.length ? encodeCursor({ b: a.blog, o: nextOffset } satisfies PostsCursor) : null };
}
