/**
 * Upstream requests for newsletter (Substack): its JSON API on substack.com, no login.
 *
 *   GET https://substack.com/api/v1/user/<handle>/public_profile
 *   GET https://substack.com/api/v1/profile/posts?profile_user_id=<id>&limit=50[&cursor=]
 *   GET https://<publication host>/api/v1/posts/<slug>   (one post: the host is the caller's, passed
 *       as `userParam: 'url'` so the SSRF guard checks it — a custom domain is any name; a
 *       `<name>.substack.com` with a custom domain redirects there, followed and checked again; a
 *       custom domain's own redirects are followed only on it and its `www.` twin)
 *   GET https://<that host>/api/v1/post/<post id>/comments?all_comments=true&sort=<sort>   (a post's
 *       comments, after the post above: its id; the whole tree in one answer, no paging)
 *   GET https://substack.com/api/v1/publication/search?query=<q>&page=<n>&limit=20   (publications
 *       matching a query; Substack pages by page number from 0 and says `more`)
 *
 * How answers map: a vendor challenge (Substack sits behind Cloudflare) → UPSTREAM_BLOCKED (block
 * catalogue); 404 → NOT_FOUND; other non-2xx → expectOk; a 200 that is not JSON, or not the
 * endpoint's shape → UPSTREAM_FAILED; a profile of another handle, or a post whose bylines do not
 * name the person (their user id, and their handle where a byline states one) → UPSTREAM_FAILED
 * (identity.ts); one post of another slug or another publication's host (postIdentityProblem) →
 * UPSTREAM_FAILED. A paid post is answered as Substack answers anyone: the public preview
 * (`is_paywalled`), never with a login. Comments: a discussion for paid subscribers only
 * (`comments_restricted`, a 401/403 in Substack's JSON) → PRIVATE_CONTENT (a 401/403 page →
 * UPSTREAM_BLOCKED); a comment of another post → UPSTREAM_FAILED.
 *
 * The cursor is ours (../cursor.ts): Substack's `nextCursor` bound to the handle and its user id
 * (later pages cost one request; another handle's cursor is INVALID_INPUT). A hand-made cursor
 * with this handle and another person's id: on a page read with a cursor's id each post must
 * have a byline stating this handle (else UPSTREAM_FAILED); the id is part of the cache key.
 * The publication search's cursor binds Substack's next page number to the query (another
 * query's cursor is INVALID_INPUT). Its results name no single resource: nothing to check them by.
 */
import { isApiError, privateContent, shapeChanged, upstreamFailed } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { isObj } from '../../parse/index.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { PostRef } from './parse.js';
import {
  bylinedBy,
  foreignComment,
  normalizeHandle,
  parseCommentPermissions,
  parsePostComments,
  parsePostDetail,
  parseProfile,
  parsePublicationSearch,
  parseProfilePosts,
  PLATFORM,
  postIdentityProblem,
} from './parse.js';
import type {
  NewsletterPostComments,
  NewsletterPostDetail,
  NewsletterPostsPage,
  NewsletterProfile,
  NewsletterSearchPage,
} from './schema.js';
import { JsonOverBound } from '../../parse/json.js';

const SUBSTACK = 'https://substack.com';
export const API = `${SUBSTACK}/api/v1`;
/**
 * A `<name>.substack.com` the caller names is Substack's own host: its redirect to the
 * publication's custom domain is Substack's word, followed. A custom domain is the caller's
 * (its owner's): its redirects stay on it (the upstream client's `userParam`).
 */
const SUBSTACK_DOMAINS = ['substack.com'];
const PAGE_SIZE = 50;

async function getJson(ctx: OpContext, url: string, what: string): Promise<unknown> {
  return (await getJsonAt(ctx, url, what)).json;
}

/**
 * The JSON answer and the URL it finally came from (after redirects). `userParam`: the parameter
 * the URL's host came from, when the caller named it (the SSRF guard's refusal is then theirs: 400).
 */
async function getJsonAt(ctx: OpContext, url: string, what: string, userParam?: string): Promise<{ json: unknown; url: string }> {
  const res = await ctx.upstream.request({
    url,
    platform: PLATFORM,
    headers: { accept: 'application/json' },
    userParam,
    platformDomains: SUBSTACK_DOMAINS,
    signal: ctx.signal,
  });
  expectOk(res, PLATFORM, what);
  try {
    return { json: res.json(), url: res.url };
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, `JSON from ${new URL(url).pathname} (got ${res.headers['content-type'] ?? 'no content type'})`);
  }
}

async function publicProfile(ctx: OpContext, handle: string): Promise<NewsletterProfile> {
  const body = await getJson(ctx, `${API}/user/${encodeURIComponent(handle)}/public_profile`, `Profile @${handle}`);
  const profile = parsed(ctx, () => parseProfile(body));
  assertSameResource(PLATFORM, `profile @${handle}`, { handle }, { handle: profile.handle });
  return profile;
}

/**
 * The handle `handle` was renamed to, by Substack's own word, or null. A renamed handle's API
 * answer is a 404, but its public profile page `https://substack.com/@<old>` redirects to
 * `https://substack.com/@<new>` (public clients follow it so: NHagar/substack_api's
 * `resolve_handle_redirect`). Only a redirect that ends on another profile of substack.com itself
 * counts; a page answered without one (a 404, the page itself, a redirect elsewhere) says no rename.
 * A page that cannot be read (a block, a failure, a timeout) is that typed error: it leaves open
 * whether the account lives on under another name, so it is no NOT_FOUND (a lookup reading it is
 * partial, a caller may retry).
 */
export async function renamedTo(ctx: OpContext, handle: string): Promise<string | null> {
  const res = await ctx.upstream.request({
    url: `${SUBSTACK}/@${encodeURIComponent(handle)}`,
    platform: PLATFORM,
    headers: { accept: 'text/html,application/xhtml+xml' },
    platformDomains: SUBSTACK_DOMAINS,
    signal: ctx.signal,
  });
  if (res.status === 404 || res.status === 410) return null;
  expectOk(res, PLATFORM, `The profile page of @${handle}`);
  const end = new URL(res.url);
  const m = end.hostname === 'substack.com' && !end.search ? /^\/@([^/]+)\/?$/.exec(end.pathname) : null;
  const renamed = m ? normalizeHandle(m[1]) : null;
  return renamed && renamed !== handle ? renamed : null;
}

/**
 * The profile of `handle`, or — when Substack answers the handle 404 and its profile page redirects
 * to another handle (a rename: renamedTo) — the profile under its current handle, checked against
 * that one. One more request, on a 404 only.
 */
export async function fetchProfile(ctx: OpContext, a: { handle: string }): Promise<NewsletterProfile> {
  try {
    return await publicProfile(ctx, a.handle);
  } catch (e) {
    if (!isApiError(e) || e.code !== 'NOT_FOUND') throw e;
    const renamed = await renamedTo(ctx, a.handle);
    if (!renamed) throw e;
    return publicProfile(ctx, renamed);
  }
}

/** Our cursor: handle, user id, Substack's `nextCursor`. */
export interface PostsCursor {
  h: string;
  u: number;
  c: string;
}

export function decodePostsCursor(raw: string): PostsCursor | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.h !== 'string' || !Number.isSafeInteger(c.u) || typeof c.c !== 'string' || !c.c || c.c.length > 1024) return null;
  return { h: c.h, u: c.u as number, c: c.c };
}

export async function fetchPosts(ctx: OpContext, a: { handle: string; cursor: PostsCursor | null }): Promise<NewsletterPostsPage> {
  const profile = a.cursor ? null : await fetchProfile(ctx, a);
  const userId = a.cursor?.u ?? profile!.id;
  const q = new URLSearchParams({ profile_user_id: String(userId), limit: String(PAGE_SIZE) });
  if (a.cursor) q.set('cursor', a.cursor.c);
  const body = await getJson(ctx, `${API}/profile/posts?${q.toString()}`, `Posts of @${a.handle}`);
  const { posts, nextCursor } = parsed(ctx, () => parseProfilePosts(body));
  // The first page: the profile's own handle (its current one, a rename followed).
  let strangers = posts.filter((p) => !bylinedBy(p, userId, profile?.handle ?? a.handle, a.cursor !== null));
  // A later page of a renamed handle: its bylines state the new handle, which Substack's own
  // redirect of the old one must name (renamedTo) — a forged cursor's stranger stays one.
  if (strangers.length > 0 && a.cursor !== null) {
    const renamed = await renamedTo(ctx, a.handle);
    if (renamed) strangers = strangers.filter((p) => !bylinedBy(p, userId, renamed, true));
  }
  const stranger = strangers[0];
  if (stranger)
    throw upstreamFailed(`${PLATFORM}: the posts of @${a.handle} include post ${stranger.id} by someone else (a different resource)`);
  // The cursor this page was asked with is the end, not a next page (Substack looping).
  const next = nextToken(a.cursor?.c, nextCursor);
  return {
    posts,
    cursor: next && posts.length ? encodeCursor({ h: a.handle, u: userId, c: next } satisfies PostsCursor) : null,
  };
}

/** One post by its publication's host and slug: `GET https://<host>/api/v1/posts/<slug>`. */
export async function fetchPost(ctx: OpContext, a: PostRef): Promise<NewsletterPostDetail> {
  return (await readPost(ctx, a)).post;
}

/** The post, its raw answer and the host that answered (after redirects), its identity checked. */
async function readPost(ctx: OpContext, a: PostRef): Promise<{ post: NewsletterPostDetail; json: unknown; host: string }> {
  const { json, url } = await getJsonAt(
    ctx,
    `https://${a.host}/api/v1/posts/${encodeURIComponent(a.slug)}`,
    `Post ${a.slug} on ${a.host}`,
    'url',
  );
  const post = parsed(ctx, () => parsePostDetail(json));
  const host = new URL(url).hostname;
  const problem = postIdentityProblem(post, a, host);
  if (problem)
    throw upstreamFailed(`${PLATFORM}: the upstream answered post ${a.slug} on ${a.host} with a different resource (${problem})`);
  return { post, json, host };
}

export const COMMENT_SORTS = ['best_first', 'newest_first'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/**
 * A post's public comments: the post (readPost: its id, and the proof it is the post asked for),
 * then `GET https://<host>/api/v1/post/<id>/comments?all_comments=true&sort=<sort>` on the host
 * that answered it (still the caller's: `userParam`). All comments come in one answer (Substack
 * does not page it with `all_comments`): no cursor. A discussion for paid subscribers only
 * (`comments_restricted`, or a 401/403 in Substack's JSON: refusesDiscussion) → PRIVATE_CONTENT, never
 * read around; each comment stating a `post_id` (replies too) must state the post's.
 */
export async function fetchPostComments(ctx: OpContext, a: PostRef & { sort: CommentSort }): Promise<NewsletterPostComments> {
  const { post, json, host } = await readPost(ctx, a);
  const permissions = parsed(ctx, () => parseCommentPermissions(json));
  const what = `The comments of post ${a.slug} on ${a.host}`;
  const res = await ctx.upstream.request({
    url: `https://${host}/api/v1/post/${post.id}/comments?${new URLSearchParams({ all_comments: 'true', sort: a.sort }).toString()}`,
    platform: PLATFORM,
    headers: { accept: 'application/json' },
    userParam: 'url',
    platformDomains: SUBSTACK_DOMAINS,
    signal: ctx.signal,
  });
  // The block catalogue has already classified vendor pages (a Cloudflare 403 is UPSTREAM_BLOCKED).
  if (refusesDiscussion(res)) throw privateContent(what);
  expectOk(res, PLATFORM, what);
  let body: unknown;
  try {
    body = res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, `JSON from /api/v1/post/${post.id}/comments (got ${res.headers['content-type'] ?? 'no content type'})`);
  }
  const { comments, more, restricted } = parsed(ctx, () => parsePostComments(body));
  if (restricted) throw privateContent(what);
  const stranger = foreignComment(comments, post.id);
  if (stranger !== null)
    throw upstreamFailed(`${PLATFORM}: the comments of post ${post.id} include comment ${stranger} of another post (a different resource)`);
  return {
    post: { id: post.id, slug: post.slug, title: post.title, canonical_url: post.canonical_url, write_comment_permissions: permissions },
    comments,
    comments_off: permissions === null ? null : permissions === 'none',
    more,
  };
}

/**
 * A 401/403 that is Substack's API refusing the discussion: a JSON object (its error body), not
 * Cloudflare's problem JSON. Any other refusal — an HTML page of a custom domain's server or of a
 * WAF the catalogue does not know, an empty body — refuses this client, not the reader: expectOk
 * (UPSTREAM_BLOCKED), never a "private" a client would cache.
 */
function refusesDiscussion(res: UpstreamResponse): boolean {
  if (res.status !== 401 && res.status !== 403) return false;
  try {
    const body = res.json();
    return isObj(body) && body.cloudflare_error !== true;
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    return false;
  }
}

/** Publications a search page asks for (the `limit` public clients send). */
export const SEARCH_PAGE_SIZE = 20;
/** The last page number a cursor may hold: deeper than Substack's own search pages go. */
const MAX_SEARCH_PAGE = 500;

/** Our search cursor: the query (normalised) and Substack's next page number. */
export interface SearchCursor {
  q: string;
  p: number;
}

export function decodeSearchCursor(raw: string): SearchCursor | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.q !== 'string' || !Number.isSafeInteger(c.p)) return null;
  const p = c.p as number;
  return p >= 1 && p <= MAX_SEARCH_PAGE ? { q: c.q, p } : null;
}

/**
 * One page of the publication search: `GET /api/v1/publication/search?query=&page=&limit=`, page 0
 * first, then the cursor's. The next cursor when Substack says `more` (and this page is not empty).
 */
export async function fetchSearch(ctx: OpContext, a: { query: string; cursor: SearchCursor | null }): Promise<NewsletterSearchPage> {
  const page = a.cursor?.p ?? 0;
  const q = new URLSearchParams({ query: a.query, page: String(page), limit: String(SEARCH_PAGE_SIZE) });
  const body = await getJson(ctx, `${API}/publication/search?${q.toString()}`, `Publication search for ${JSON.stringify(a.query)}`);
  const { publications, more } = parsed(ctx, () => parsePublicationSearch(body));
  const next = more === true && publications.length > 0 && page < MAX_SEARCH_PAGE;
  return { publications, cursor: next ? encodeCursor({ q: a.query, p: page + 1 } satisfies SearchCursor) : null };
}
