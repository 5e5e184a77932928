/**
 * Upstream requests for microblog-d (Bluesky): the public AppView's XRPC, no login.
 *
 *   GET https://public.api.bsky.app/xrpc/app.bsky.actor.getProfile?actor=<handle or did>
 *   GET https://public.api.bsky.app/xrpc/app.bsky.feed.getAuthorFeed?actor=&limit=50[&cursor=]
 *   GET https://public.api.bsky.app/xrpc/app.bsky.feed.searchPosts?q=&limit=25[&cursor=]
 *   GET https://public.api.bsky.app/xrpc/app.bsky.actor.searchActorsTypeahead?q=&limit=10
 *
 * How answers map (checked in this order):
 *   searchPosts 403/401, any 401 AuthMissing   → 502 UPSTREAM_BLOCKED (walls.ts, before this module)
 *   400 {"error":"InvalidRequest","message":"Profile not found"}, 400 AccountTakedown /
 *   AccountDeactivated / ActorNotFound          → 404 NOT_FOUND (XRPC says "not found" with a 400)
 *   other non-2xx                               → expectOk (429 blocked, 5xx and other 400s failed)
 *   200 that is not JSON                        → 502 UPSTREAM_FAILED
 *   a profile of another account than asked     → 502 UPSTREAM_FAILED (identity.ts)
 *
 * Cursors are ours (../cursor.ts): the upstream's cursor bound to the actor or query it pages, so a
 * cursor of another list is refused (INVALID_INPUT) rather than paging the wrong list.
 */
import { notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import type { OpContext } from '../operation.js';
import type { MicroblogDPostsPage, MicroblogDProfile, MicroblogDProfileSearch, MicroblogDSearchPage } from './schema.js';
import { isActor, isDid, itemOwner, parseActors, parseFeed, parseProfile, parseSearch, PLATFORM, xrpcError } from './parse.js';

export const APPVIEW = 'https://public.api.bsky.app/xrpc';

const FEED_LIMIT = 50;
const SEARCH_LIMIT = 25;
const TYPEAHEAD_LIMIT = 10;

/** XRPC's ways of saying "no such account" (with a 400). */
const GONE = new Set(['AccountTakedown', 'AccountDeactivated', 'ActorNotFound']);

async function xrpc(ctx: OpContext, method: string, params: Record<string, string>, what: string): Promise<unknown> {
  const url = `${APPVIEW}/${method}?${new URLSearchParams(params).toString()}`;
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: { accept: 'application/json' }, signal: ctx.signal });
  let json: unknown;
  try {
    json = res.json();
  } catch {
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

export async function fetchProfile(ctx: OpContext, a: { actor: string }): Promise<MicroblogDProfile> {
  const profile = parseProfile(await xrpc(ctx, 'app.bsky.actor.getProfile', { actor: a.actor }, `Account ${a.actor}`));
  if (!isActor(a.actor, profile)) {
    // The AppView resolved the handle to a DID whose own document does not claim it back.
    if (!isDid(a.actor) && profile.handle === 'handle.invalid')
      throw notFound(`Account ${a.actor}: the handle does not verify (Bluesky shows handle.invalid for ${profile.did})`);
    throw upstreamFailed(
      `${PLATFORM}: the upstream answered account ${a.actor} with a different resource (${profile.handle ?? profile.did})`,
    );
  }
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

const cursorOut = (k: string, c: string | null) => (c ? encodeCursor({ k, c } satisfies ListCursor) : null);

export async function fetchPosts(ctx: OpContext, a: { actor: string; cursor: string | null }): Promise<MicroblogDPostsPage> {
  const params: Record<string, string> = { actor: a.actor, limit: String(FEED_LIMIT) };
  if (a.cursor) params.cursor = a.cursor;
  const { items, cursor } = parseFeed(await xrpc(ctx, 'app.bsky.feed.getAuthorFeed', params, `Posts of ${a.actor}`));
  for (const item of items) {
    const owner = itemOwner(item);
    if (owner && !isActor(a.actor, owner))
      throw upstreamFailed(`${PLATFORM}: the feed of ${a.actor} includes an item of ${owner.handle ?? owner.did} (a different resource)`);
  }
  // An empty page is the end, whatever cursor came with it.
  return { posts: items, cursor: items.length ? cursorOut(a.actor, cursor) : null };
}

export async function fetchSearch(ctx: OpContext, a: { query: string; cursor: string | null }): Promise<MicroblogDSearchPage> {
  const params: Record<string, string> = { q: a.query, limit: String(SEARCH_LIMIT) };
  if (a.cursor) params.cursor = a.cursor;
  const { posts, cursor } = parseSearch(await xrpc(ctx, 'app.bsky.feed.searchPosts', params, `Search for ${JSON.stringify(a.query)}`));
  return { posts, cursor: posts.length ? cursorOut(a.query, cursor) : null };
}

export async function fetchProfileSearch(ctx: OpContext, a: { query: string }): Promise<MicroblogDProfileSearch> {
  const body = await xrpc(
    ctx,
    'app.bsky.actor.searchActorsTypeahead',
    { q: a.query, limit: String(TYPEAHEAD_LIMIT) },
    `Account search for ${JSON.stringify(a.query)}`,
  );
  return { profiles: parseActors(body) };
}
