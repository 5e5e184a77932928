/**
 * Upstream requests for microblog-d (Bluesky): the public AppView's XRPC, no login.
 *
 *   GET https://public.api.bsky.app/xrpc/app.bsky.actor.getProfile?actor=<handle or did>
 *   GET https://public.api.bsky.app/xrpc/app.bsky.feed.getAuthorFeed?actor=&limit=50[&cursor=]
 *   GET https://public.api.bsky.app/xrpc/app.bsky.feed.searchPosts?q=&limit=25[&cursor=]
 *   GET https://public.api.bsky.app/xrpc/app.bsky.actor.searchActorsTypeahead?q=&limit=10
 *   GET https://public.api.bsky.app/xrpc/app.bsky.graph.getFollowers?actor=&limit=100[&cursor=]
 *   GET https://public.api.bsky.app/xrpc/app.bsky.graph.getFollows?actor=&limit=100[&cursor=]
 *   GET https://public.api.bsky.app/xrpc/app.bsky.feed.getPostThread?uri=at://<handle or did>/app.bsky.feed.post/<rkey>&depth=&parentHeight=80
 *   GET https://public.api.bsky.app/xrpc/app.bsky.feed.getLikes?uri=at://<did>/app.bsky.feed.post/<rkey>&limit=100[&cursor=]
 *   GET https://public.api.bsky.app/xrpc/app.bsky.feed.getRepostedBy?uri=at://<did>/app.bsky.feed.post/<rkey>&limit=100[&cursor=]
 *   GET https://public.api.bsky.app/xrpc/app.bsky.feed.getPosts?uris=at://<did>/app.bsky.feed.post/<rkey>  (only after an empty first page of those two)
 *     (getProfile?actor=<handle or did> of the post's author first: by handle for the DID — these two
 *     look the URI up as given and resolve no handle in it —, and always to refuse a login-only author)
 *
 * How answers map (checked in this order):
 *   searchPosts 403/401, any 401 AuthMissing   → 502 UPSTREAM_BLOCKED (walls.ts, before this module)
 *   400 {"error":"InvalidRequest","message":"Profile not found"} (getFollowers/getFollows: "Actor
 *   not found: <actor>"), 400 AccountTakedown / AccountDeactivated / ActorNotFound, getPostThread's
 *   400 NotFound ("Post not found: <uri>")     → 404 NOT_FOUND (XRPC says "not found" with a 400)
 *   other non-2xx                               → expectOk (429 blocked, 5xx and other 400s failed)
 *   200 that is not JSON                        → 502 UPSTREAM_FAILED
 *   a profile (or a follower/follow list's `subject`) of another account than asked
 *                                               → 502 UPSTREAM_FAILED (identity.ts); its handle
 *                                                 `handle.invalid` when asked by handle → 404 NOT_FOUND
 *   getPostThread: a notFoundPost in the asked post's place → 404 NOT_FOUND; a blockedPost there
 *   → 502 UPSTREAM_BLOCKED (the AppView withholds it); a thread whose post is not the one asked
 *   (another record key, another author DID, or asked by handle another handle) → 502 UPSTREAM_FAILED
 *   getLikes / getRepostedBy: an answer whose `uri` is not the AT URI asked → 502 UPSTREAM_FAILED;
 *   the author's handle resolved by getProfile, as the profile is checked (above); an empty first
 *   page (what they answer for a post that does not exist, too) is checked with
 *   GET .../app.bsky.feed.getPosts?uris=<the AT URI>: `{"posts": []}` → 404 NOT_FOUND; the post, an
 *   error or any other answer → the empty list stands (the check never fails the read)
 *
 * Login-only accounts (the self-label `!no-unauthenticated` in an account's `labels`: bsky.app
 * shows a logged-out reader only a notice; the AppView answers anonymous callers all the same):
 *   the profile asked, a follower/follow list's `subject`, a feed's owner, the asked post's author in
 *   a thread, a liked/reposted post's author → 403 PRIVATE_CONTENT; in any list (search, feed items
 *   incl. reposts, typeahead, followers/follows, likes, reposts; thread replies in parse.ts) their
 *   entries are left out, silently; a page's end is still the page as answered (one whose every
 *   entry was left out keeps its cursor). Passed-through objects (embeds, a feed item's reply) carry
 *   stubs in their place (parse.ts withoutLoggedInOnly).
 *
 * Cursors are ours (../cursor.ts): the upstream's cursor bound to the actor or query it pages (for
 * the follower and follow lists, to the list and the actor: `followers:<actor>`), so a cursor of
 * another list is refused (INVALID_INPUT) rather than paging the wrong list.
 */
import { notFound, privateContent, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { isObj } from '../../parse/index.js';
import { expectOk } from '../../upstream/client.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type {
  MicroblogDActor,
  MicroblogDFollowersPage,
  MicroblogDFollowsPage,
  MicroblogDPostLikesPage,
  MicroblogDPostRepostsPage,
  MicroblogDPostsPage,
  MicroblogDProfile,
  MicroblogDProfileSearch,
  MicroblogDSearchPage,
  MicroblogDThread,
} from './schema.js';
import { NOT_FOUND_POST } from './schema.js';
import {
  isActor,
  isDid,
  isLoggedInOnly,
  isLoggedInOnlyPost,
  itemOwner,
  parseActors,
  parseFeed,
  parseGraphList,
  parseLikes,
  parseProfile,
  parseRepostedBy,
  parseSearch,
  parseThread,
  PARENT_HEIGHT,
  PLATFORM,
  postUri,
  splitPostUri,
  xrpcError,
} from './parse.js';
import type { MicroblogDPost, PostRef } from './parse.js';
import { JsonOverBound } from '../../parse/json.js';

export const APPVIEW = 'https://public.api.bsky.app/xrpc';

const FEED_LIMIT = 50;
const SEARCH_LIMIT = 25;
const TYPEAHEAD_LIMIT = 10;
/** getFollowers/getFollows' maximum page. */
const GRAPH_LIMIT = 100;

/** XRPC's ways of saying "no such account" (with a 400). */
const GONE = new Set(['AccountTakedown', 'AccountDeactivated', 'ActorNotFound', 'NotFound']);

async function xrpc(ctx: OpContext, method: string, params: Record<string, string>, what: string): Promise<unknown> {
  const url = `${APPVIEW}/${method}?${new URLSearchParams(params).toString()}`;
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: { accept: 'application/json' }, signal: ctx.signal });
  let json: unknown;
  try {
    json = res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    json = undefined;
  }
  if (res.status === 400) {
    const e = xrpcError(json);
    if (e && (GONE.has(e.error) || (e.error === 'InvalidRequest' && /\bnot found\b/i.test(e.message))))
      throw notFound(`${what} was not found on microblog-d (${e.error}${e.message ? `: ${e.message}` : ''})`);
  }
  expectOk(res, PLATFORM, what);
  if (json === undefined) throw shapeChanged(PLATFORM, `JSON from ${method} (got ${res.headers['content-type'] ?? 'no content type'})`);
  return json;
}

/** Throws unless `got` is the account `actor` names (its DID, or its handle): the answer is about it. */
function assertActor(actor: string, got: Pick<MicroblogDActor, 'did' | 'handle'>): void {
  if (isActor(actor, got)) return;
  // The AppView resolved the handle to a DID whose own document does not claim it back.
  if (!isDid(actor) && got.handle === 'handle.invalid')
    throw notFound(`Account ${actor}: the handle does not verify (Bluesky shows handle.invalid for ${got.did})`);
  throw upstreamFailed(`${PLATFORM}: the upstream answered account ${actor} with a different resource (${got.handle ?? got.did})`);
}

/**
 * Throws PRIVATE_CONTENT when the account asked shows its content to logged-in viewers only (the
 * self-label `!no-unauthenticated`): the AppView answers anonymous callers all the same, but
 * bsky.app shows a logged-out reader only a notice, and login-only data is never returned.
 */
function refuseLoggedInOnly(actor: string, account: { labels?: unknown }, what = `${PLATFORM} account ${actor}`): void {
  if (isLoggedInOnly(account)) throw privateContent(`${what} (it shows its content to logged-in viewers only: !no-unauthenticated)`);
}

export async function fetchProfile(ctx: OpContext, a: { actor: string }): Promise<MicroblogDProfile> {
  const body = await xrpc(ctx, 'app.bsky.actor.getProfile', { actor: a.actor }, `Account ${a.actor}`);
  const profile = parsed(ctx, () => parseProfile(body));
  assertActor(a.actor, profile);
  refuseLoggedInOnly(a.actor, profile);
  return profile;
}

/** Our cursor of a list: the actor or query it pages (`k`) and the upstream's cursor (`c`). */
export interface ListCursor {
  k: string;
  c: string;
}

export function decodeListCursor(raw: string): ListCursor | null {
  const c = decodeCursor(raw);
  return c && typeof c.k === 'string' && typeof c.c === 'string' && c.c !== '' && c.c.length <= 256 ? { k: c.k, c: c.c } : null;
}

/** Our cursor for the upstream's next token `c` of list `k`; null at the end (no token, or the one this page was asked with). */
const cursorOut = (k: string, asked: string | null, next: string | null) => {
  const c = nextToken(asked, next);
  return c ? encodeCursor({ k, c } satisfies ListCursor) : null;
};

export async function fetchPosts(ctx: OpContext, a: { actor: string; cursor: string | null }): Promise<MicroblogDPostsPage> {
  const params: Record<string, string> = { actor: a.actor, limit: String(FEED_LIMIT) };
  if (a.cursor) params.cursor = a.cursor;
  const body = await xrpc(ctx, 'app.bsky.feed.getAuthorFeed', params, `Posts of ${a.actor}`);
  const { items, cursor } = parsed(ctx, () => parseFeed(body));
  for (const item of items) {
    const owner = itemOwner(item);
    if (owner && !isActor(a.actor, owner))
      throw upstreamFailed(`${PLATFORM}: the feed of ${a.actor} includes an item of ${owner.handle ?? owner.did} (a different resource)`);
  }
  // Every item's owner is the account asked: one labelled login-only makes the whole feed private.
  for (const item of items) refuseLoggedInOnly(a.actor, itemOwner(item) ?? {});
  // A repost of a login-only account's post is left out (silently: by design).
  const posts = items.filter((item) => !isLoggedInOnlyPost(item.post));
  // An empty page is the end, whatever cursor came with it (the page as answered: one whose every item was left out is not).
  return { posts, cursor: items.length ? cursorOut(a.actor, a.cursor, cursor) : null };
}

export async function fetchSearch(ctx: OpContext, a: { query: string; cursor: string | null }): Promise<MicroblogDSearchPage> {
  const params: Record<string, string> = { q: a.query, limit: String(SEARCH_LIMIT) };
  if (a.cursor) params.cursor = a.cursor;
  const body = await xrpc(ctx, 'app.bsky.feed.searchPosts', params, `Search for ${JSON.stringify(a.query)}`);
  const { posts, cursor } = parsed(ctx, () => parseSearch(body));
  // Login-only accounts' posts are left out (silently: by design); the page as answered decides its end.
  return { posts: posts.filter((p) => !isLoggedInOnlyPost(p)), cursor: posts.length ? cursorOut(a.query, a.cursor, cursor) : null };
}

export async function fetchProfileSearch(ctx: OpContext, a: { query: string }): Promise<MicroblogDProfileSearch> {
  const body = await xrpc(
    ctx,
    'app.bsky.actor.searchActorsTypeahead',
    { q: a.query, limit: String(TYPEAHEAD_LIMIT) },
    `Account search for ${JSON.stringify(a.query)}`,
  );
  return { profiles: parsed(ctx, () => parseActors(body)).filter((p) => !isLoggedInOnly(p)) };
}

/** The follower and follow lists, each named by its own field in the answer and in our record. */
export type GraphListName = 'followers' | 'follows';

/** The `k` of a follower or follow list's cursor: the list and the actor (a posts cursor of the same actor is another list). */
export const graphCursorKey = (list: GraphListName, actor: string) => `${list}:${actor}`;

const GRAPH_METHOD: Record<GraphListName, string> = {
  followers: 'app.bsky.graph.getFollowers',
  follows: 'app.bsky.graph.getFollows',
};

/** One page of a follower or follow list: the answer's `subject` must be the actor asked. */
async function fetchGraphList(ctx: OpContext, list: GraphListName, a: { actor: string; cursor: string | null }) {
  const params: Record<string, string> = { actor: a.actor, limit: String(GRAPH_LIMIT) };
  if (a.cursor) params.cursor = a.cursor;
  const what = list === 'followers' ? `Followers of ${a.actor}` : `Accounts followed by ${a.actor}`;
  const body = await xrpc(ctx, GRAPH_METHOD[list], params, what);
  const { subject, accounts, cursor } = parsed(ctx, () => parseGraphList(body, list));
  assertActor(a.actor, subject);
  // The list of a login-only account is its content (bsky.app shows a logged-out reader none of its profile).
  refuseLoggedInOnly(a.actor, subject);
  // An empty page is the end, whatever cursor came with it (as the feed's; the page as answered).
  const kept = accounts.filter((x) => !isLoggedInOnly(x));
  return { subject, accounts: kept, cursor: accounts.length ? cursorOut(graphCursorKey(list, a.actor), a.cursor, cursor) : null };
}

export async function fetchFollowers(ctx: OpContext, a: { actor: string; cursor: string | null }): Promise<MicroblogDFollowersPage> {
  const { subject, accounts, cursor } = await fetchGraphList(ctx, 'followers', a);
  return { subject, followers: accounts, cursor };
}

export async function fetchFollows(ctx: OpContext, a: { actor: string; cursor: string | null }): Promise<MicroblogDFollowsPage> {
  const { subject, accounts, cursor } = await fetchGraphList(ctx, 'follows', a);
  return { subject, follows: accounts, cursor };
}

/**
 * Throws unless `post` is the post `ref` names: the same record key, and its author the account
 * asked (the AT URI's DID when asked by DID; the author's handle when asked by handle, the author
 * being the URI's DID). A post whose author is unreadable cannot be shown to be the handle's.
 */
function assertPost(ref: PostRef, post: MicroblogDPost): void {
  const got = splitPostUri(post.uri);
  const other = () => upstreamFailed(`${PLATFORM}: the upstream answered post ${postUri(ref)} with a different resource (${post.uri})`);
  if (!got || got.rkey !== ref.rkey) throw other();
  if (isDid(ref.actor)) {
    if (got.did !== ref.actor) throw other();
    return;
  }
  if (!post.author || post.author.did !== got.did) throw other();
  assertActor(ref.actor, post.author);
}

/** The reply depth a caller may ask for (the AppView honours no more than about 10 levels: bluesky-social/atproto#3147), and its default (the AppView's). */
export const THREAD_DEPTH_MAX = 10;
export const THREAD_DEPTH_DEFAULT = 6;

/** One post with its parents and replies (`depth` levels): the thread's post must be the one asked. */
export async function fetchThread(ctx: OpContext, a: PostRef & { depth: number }): Promise<MicroblogDThread> {
  const uri = postUri(a);
  const params = { uri, depth: String(a.depth), parentHeight: String(PARENT_HEIGHT) };
  const body = await xrpc(ctx, 'app.bsky.feed.getPostThread', params, `Post ${uri}`);
  const answer = parsed(ctx, () => parseThread(body, a.depth));
  if ('stub' in answer) {
    if (answer.stub === NOT_FOUND_POST) throw notFound(`Post ${uri} was not found on microblog-d (notFoundPost)`);
    throw upstreamBlocked(
      `${PLATFORM}: the AppView withholds post ${uri} (blockedPost: a block between accounts); blocked posts are never worked around`,
    );
  }
  assertPost(a, answer.found.post);
  if (isLoggedInOnlyPost(answer.found.post))
    throw privateContent(`${PLATFORM} post ${uri} (its author shows their content to logged-in viewers only: !no-unauthenticated)`);
  return answer.found;
}

/** The lists of who interacted with a post, each named by its field in our record. */
export type PostListName = 'likes' | 'repostedBy';

/** The `k` of a post's likes or reposts cursor: the list and the post as asked (`likes:at://<actor>/app.bsky.feed.post/<rkey>`). */
export const postListCursorKey = (list: PostListName, ref: PostRef) => `${list}:${postUri(ref)}`;

/** getLikes/getRepostedBy's maximum page. */
const POST_LIST_LIMIT = 100;

const POST_LIST_METHOD: Record<PostListName, string> = {
  likes: 'app.bsky.feed.getLikes',
  repostedBy: 'app.bsky.feed.getRepostedBy',
};

/**
 * Whether the AppView says it holds no post at `uri`: getPosts leaves out the URIs it does not
 * hold, so `{"posts": []}` is that answer. Asked only when a first page of likes or reposts is
 * empty — getLikes and getRepostedBy answer a post that does not exist with an empty list. An
 * error or any other answer says nothing of the kind: false, and the empty list stands.
 */
async function postIsMissing(ctx: OpContext, uri: string): Promise<boolean> {
  let body: unknown;
  try {
    body = await xrpc(ctx, 'app.bsky.feed.getPosts', { uris: uri }, `Post ${uri}`);
  } catch (e) {
    if (ctx.signal?.aborted) throw e;
    return false;
  }
  return isObj(body) && Array.isArray(body.posts) && body.posts.length === 0;
}

/**
 * One page of a post's likes or reposts. The author is read first, however the post is named
 * (getProfile, checked as the profile operation checks it): getLikes and getRepostedBy look the
 * subject up by the URI as given (a handle in it matches nothing: an empty list), so a handle needs
 * the DID; and a login-only author's post (`!no-unauthenticated`) is its content — PRIVATE_CONTENT,
 * by handle or by DID alike (the lists name no author to tell). The answer's `uri` must be the AT
 * URI asked. A login-only account's like or repost is left out (silently: by design).
 */
async function fetchPostList<T>(
  ctx: OpContext,
  list: PostListName,
  a: PostRef & { cursor: string | null },
  parse: (body: unknown) => { uri: string; entries: T[]; cursor: string | null },
  accountOf: (entry: T) => { labels?: unknown },
): Promise<{ uri: string; entries: T[]; cursor: string | null }> {
  const did = (await fetchProfile(ctx, { actor: a.actor })).did;
  const uri = postUri({ actor: did, rkey: a.rkey });
  const params: Record<string, string> = { uri, limit: String(POST_LIST_LIMIT) };
  if (a.cursor) params.cursor = a.cursor;
  const what = list === 'likes' ? `Likes of post ${uri}` : `Reposts of post ${uri}`;
  const body = await xrpc(ctx, POST_LIST_METHOD[list], params, what);
  const page = parsed(ctx, () => parse(body));
  if (page.uri !== uri) throw upstreamFailed(`${PLATFORM}: the upstream answered post ${uri} with a different resource (${page.uri})`);
  if (!a.cursor && page.entries.length === 0 && (await postIsMissing(ctx, uri)))
    throw notFound(`Post ${uri} was not found on microblog-d (getPosts holds no such post)`);
  // An empty page is the end, whatever cursor came with it (as the feed's; the page as answered).
  const entries = page.entries.filter((e) => !isLoggedInOnly(accountOf(e)));
  return { uri, entries, cursor: page.entries.length ? cursorOut(postListCursorKey(list, a), a.cursor, page.cursor) : null };
}

export async function fetchPostLikes(ctx: OpContext, a: PostRef & { cursor: string | null }): Promise<MicroblogDPostLikesPage> {
  const { uri, entries, cursor } = await fetchPostList(ctx, 'likes', a, parseLikes, (like) => like.actor);
  return { uri, likes: entries, cursor };
}

export async function fetchPostReposts(ctx: OpContext, a: PostRef & { cursor: string | null }): Promise<MicroblogDPostRepostsPage> {
  const { uri, entries, cursor } = await fetchPostList(ctx, 'repostedBy', a, parseRepostedBy, (account) => account);
  return { uri, repostedBy: entries, cursor };
}
