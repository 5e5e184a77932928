/**
 * `GET /v1/microblog-a/posts` (`microblogAPosts`): one page of an account's public posts, newest
 * first, `{posts, cursor}` — each post api.md's microblog-a post (parse.ts `parsePost`), `cursor`
 * null at the end.
 *
 * Upstream (the public Mastodon API, no token):
 * 1. first page only: `GET /api/v1/accounts/lookup?acct=<handle>` — the profile operation's own
 *    request (fetch.ts `fetchProfile`) — for the account id;
 * 2. `GET /api/v1/accounts/<id>/statuses[?max_id=<id>]` → a JSON array of Status entities
 *    (../shared/fixtures/microblog-e/account-statuses-fosstodon-schochastics-2025-07-17.json,
 *    Mastodon's own list shape: Truth Social is a Mastodon fork). The next page is the `Link`
 *    header's `rel="next"` URL's `max_id`; without a Link header, a full page (20, Mastodon's
 *    default) continues below its last status, as that `max_id` is.
 *
 * The cursor is ours: base64url JSON of the account id, the handle and the `max_id`, so later
 * pages cost one request and a cursor of another account is refused (INVALID_INPUT on `cursor`).
 * A caller can forge one (this handle, another account's id): its page must then name this
 * handle on every status (else UPSTREAM_FAILED), and the id is part of the cache key.
 *
 * Outcomes: a missing account → NOT_FOUND; the API wanting a login (401) → UPSTREAM_BLOCKED (a
 * login wall, walls.ts); a status by another account (its `account.id`) → UPSTREAM_FAILED
 * (identity.ts: another account's list); a status that is not public (`private`, `direct`) is
 * never returned — left out, as anonymous callers are never shown one; a status without its id is
 * left out, warned `statuses.items`.
 */
import { z } from 'zod';
import { isApiError, shapeChanged, upstreamFailed } from '../../errors.js';
import { isObj, nextLinkParam, reader } from '../../parse/index.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import { byListOwner } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { named, NStr } from '../records.js';
import { API, fetchProfile, getJsonAnswer } from './fetch.js';
import type { MicroblogAPost } from './parse.js';
import { normalizeHandle, parsePost, PLATFORM, PRIVATE_VISIBILITY } from './parse.js';
import { MicroblogAPost as MicroblogAPostSchema } from './schema.js';

/** Mastodon's default page size (the list request sends no `limit`). */
const PAGE_SIZE = 20;

export const MicroblogAPostsPage = named(
  'MicroblogAPostsPage',
  z.strictObject({
    posts: z.array(MicroblogAPostSchema).describe('Public posts, newest first'),
    cursor: NStr.describe('Pass unchanged as `cursor` (with the same handle) for the next page; null at the end'),
  }),
  "One page of a microblog-a account's posts",
);
export type MicroblogAPostsPage = z.infer<typeof MicroblogAPostsPage>;

/**
 * A statuses list → its public posts. A status without its id is left out (warned
 * `statuses.items`); a followers-only or direct one is left out silently, one of an unknown
 * visibility left out warned; one by another account than the one asked (its id, or its username)
 * means the list is another account's: UPSTREAM_FAILED. `idFromCursor`: the id came from a
 * caller's cursor, not from the lookup, so it proves nothing alone — each status must then name
 * the account by its username too (a forged cursor with another account's id is refused).
 */
export function parseStatuses(json: unknown, account: { id: string; handle: string; idFromCursor?: boolean }): MicroblogAPost[] {
  if (!Array.isArray(json)) throw shapeChanged(PLATFORM, 'the statuses array');
  const r = reader({}, { platform: PLATFORM, record: 'statuses' });
  const posts: MicroblogAPost[] = [];
  json.forEach((status, i) => {
    let post: MicroblogAPost;
    try {
      post = parsePost(status, { listed: true });
    } catch (e) {
      // Followers-only and direct statuses are never shown to anonymous callers; another value is a changed shape (fail closed).
      if (isApiError(e) && e.code === 'PRIVATE_CONTENT') {
        const v = isObj(status) ? status.visibility : undefined;
        return PRIVATE_VISIBILITY.has(v) ? undefined : r.warn('items', `element ${i}: visibility ${JSON.stringify(v)} (left out)`);
      }
      if (isApiError(e) && e.code === 'UPSTREAM_FAILED') return r.warn('items', `element ${i}: ${e.message}`);
      throw e;
    }
    const by = post.account;
    if (!byListOwner(by ? { id: by.id, handle: by.username } : null, account, account.idFromCursor ?? false))
      throw upstreamFailed(
        `${PLATFORM}: the posts of @${account.handle} include one by @${by?.username ?? by?.id ?? '(unnamed)'} (a different resource)`,
      );
    posts.push(post);
  });
  return posts;
}

/** `max_id` of the Link header's `rel="next"` URL; null when there is none (the last page). */
export function nextMaxId(link: string | undefined): string | null {
  const id = nextLinkParam(link, 'max_id');
  return id && /^\d{1,20}$/.test(id) ? id : null;
}

/** The next page's `max_id`: the Link header's; without one, below a full page's last status. */
export function nextPage(headers: Record<string, string>, raw: unknown): string | null {
  if (headers.link !== undefined) return nextMaxId(headers.link);
  const last = Array.isArray(raw) && raw.length >= PAGE_SIZE ? raw[raw.length - 1] : null;
  return isObj(last) && typeof last.id === 'string' && /^\d{1,20}$/.test(last.id) ? last.id : null;
}

export interface PostsCursor {
  /** Account id. */
  a: string;
  /** Handle (normalised). */
  h: string;
  /** `max_id` of the next page. */
  m: string;
}

export function decodePostsCursor(raw: string): PostsCursor | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.a !== 'string' || !/^\d{1,20}$/.test(c.a) || typeof c.h !== 'string' || typeof c.m !== 'string') return null;
  return /^\d{1,20}$/.test(c.m) ? (c as unknown as PostsCursor) : null;
}

export interface MicroblogAPostsArgs {
  handle: string;
  cursor: PostsCursor | null;
}

export async function fetchPosts(ctx: OpContext, a: MicroblogAPostsArgs): Promise<MicroblogAPostsPage> {
  const accountId = a.cursor?.a ?? (await fetchProfile(ctx, { handle: a.handle })).id;
  const query = a.cursor ? `?max_id=${a.cursor.m}` : '';
  const { json, headers } = await getJsonAnswer(ctx, `${API}/accounts/${accountId}/statuses${query}`, `Posts of @${a.handle}`);
  const posts = parsed(ctx, () => parseStatuses(json, { id: accountId, handle: a.handle, idFromCursor: a.cursor !== null }));
  // The max_id this page was asked with is the end, not a next page (the server looping).
  const next = nextToken(a.cursor?.m, nextPage(headers, json));
  return { posts, cursor: next ? encodeCursor({ a: accountId, h: a.handle, m: next } satisfies PostsCursor) : null };
}

export const microblogAPosts: OperationDef<MicroblogAPostsArgs, MicroblogAPostsPage> = {
  field: 'microblogAPosts',
  platform: PLATFORM,
  summary: "One page of a microblog-a account's public posts, newest first; page with `cursor`",
  rest: { path: '/v1/microblog-a/posts' },
  record: MicroblogAPostsPage,
  params: [
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 64,
      description: 'Username, with or without a leading @ (e.g. realDonaldTrump)',
    },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 512,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same handle. Omit for the first page.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    const handle = typeof args.handle === 'string' && args.handle.trim() ? normalizeHandle(args.handle) : undefined;
    if (handle === null) problem('handle', 'must be a microblog-a username (letters, digits and _, at most 30 characters; not a URL)');
    if (typeof args.cursor !== 'string' || args.cursor === '' || args.cursor.length > 512) return;
    const c = decodePostsCursor(args.cursor);
    if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    else if (handle && c.h !== handle) problem('cursor', 'belongs to another account');
  },
  normalize: (a) => ({
    handle: normalizeHandle(a.handle)!,
    cursor: typeof a.cursor === 'string' && a.cursor !== '' ? decodePostsCursor(a.cursor) : null,
  }),
  // The account id too: a page read with another id (a forged cursor) is no page of this handle's list.
  key: (a) => JSON.stringify([a.handle, a.cursor?.a ?? null, a.cursor?.m ?? null]),
  cost: { max: 1 },
  example: { handle: 'harbourweather' },
  run: (ctx, a) => fetchPosts(ctx, a),
};
