/**
 * `GET /v1/forum/user/posts` (`forumUserPosts`): one page of the posts a Reddit user submitted,
 * `{posts, after}` — api.md's forum post shape (parse.ts `parsePost`), paged with `after` as
 * `forum/search` is.
 *
 * Upstream: `GET /user/<name>/submitted?sort=<sort>[&t=all]&limit=100[&after=<after>]` (api.ts:
 * www.reddit.com's `.json`, or oauth.reddit.com with an app token) → a Listing of t3 children
 * (../shared/fixtures/forum/user-submitted-spez-new-2020-07-06.json). One upstream page per call,
 * 100 posts (Reddit's maximum); `after` is Reddit's `data.after`, null on the last page.
 *
 * Outcomes: a missing user (404) → NOT_FOUND; a post by someone else in the answer →
 * UPSTREAM_FAILED (identity.ts: the listing is another user's); a user without posts → `posts: []`.
 * A post without its id/name is left out (warned `listing.children`), the others stay.
 */
import { z } from 'zod';
import { NStr, named } from '../records.js';
import { sameHandle } from '../identity.js';
import { upstreamFailed } from '../../errors.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { AFTER_PARAM, afterOf, checkAfter, readRedditJson } from './api.js';
import { parseListing } from './parse.js';
import { normalizeUsername } from './profile.js';
import { ForumPost } from './schema.js';
import { checkHandle, HANDLE_PARAM } from './user.js';

const PLATFORM = 'forum';

export const USER_POST_SORTS = ['new', 'hot', 'top', 'controversial'] as const;
export type ForumUserPostSort = (typeof USER_POST_SORTS)[number];

export const ForumPostsPage = named(
  'ForumPostsPage',
  z.strictObject({
    posts: z.array(ForumPost).describe('Posts (t3), in the order asked for'),
    after: NStr.describe('Pass unchanged as `after` for the next page; null on the last page'),
  }),
  'One page of forum posts',
);
export type ForumPostsPage = z.infer<typeof ForumPostsPage>;

/** A Listing of posts → `{posts, after}` (parse.ts parseListing, posts only). */
export function parsePostsPage(json: unknown): ForumPostsPage {
  return parseListing(json, { filter: 'posts' }) as ForumPostsPage;
}

/**
 * Every item of a user's listing (posts, comments) is that user's (`[deleted]` aside: Reddit's
 * mark for a removed author); one by another author makes the listing another user's.
 */
export function assertUsersItems(items: readonly { author?: unknown }[], name: string, noun: 'post' | 'comment'): void {
  const other = items.find((p) => typeof p.author === 'string' && p.author !== '[deleted]' && !sameHandle(name, p.author));
  if (other)
    throw upstreamFailed(`${PLATFORM}: the answer for u/${name} lists a ${noun} by u/${String(other.author)} (a different resource)`);
}

/** Every post of a user's listing is that user's (assertUsersItems). */
export function assertUsersPosts(page: ForumPostsPage, name: string): void {
  assertUsersItems(page.posts, name, 'post');
}

export interface ForumUserPostsArgs {
  handle: string;
  sort: ForumUserPostSort;
  after: string | null;
}

/** The listing's query: `t=all` for the ranked sorts (all-time ranking, said rather than left to Reddit's default), 100 a page. */
export function userPostsQuery(a: Pick<ForumUserPostsArgs, 'sort' | 'after'>): Record<string, string> {
  const q: Record<string, string> = { sort: a.sort };
  if (a.sort === 'top' || a.sort === 'controversial') q.t = 'all';
  q.limit = '100';
  if (a.after) q.after = a.after;
  return q;
}

export async function fetchForumUserPosts(ctx: OpContext, a: ForumUserPostsArgs): Promise<ForumPostsPage> {
  const { json } = await readRedditJson(ctx, {
    path: `/user/${encodeURIComponent(a.handle)}/submitted`,
    query: userPostsQuery(a),
    what: `User u/${a.handle}`,
  });
  const page = parsed(ctx, () => parsePostsPage(json));
  assertUsersPosts(page, a.handle);
  return page;
}

/**
 * What the operations over one page of a user's listing share (its posts here, its comments in
 * user-comments.ts): the handle, the sort (its enum named per operation) and `after`, their checks,
 * canonical form and cache key, 1 credit, the demo user as example.
 */
export function userListingOp(sortEnumName: string) {
  return {
    params: [
      HANDLE_PARAM,
      {
        name: 'sort',
        kind: 'enum',
        values: USER_POST_SORTS,
        enumName: sortEnumName,
        description: 'Order (default new); top and controversial rank over all time.',
      },
      AFTER_PARAM,
    ],
    cacheable: true,
    check(args: Record<string, any>, problem: (param: string, message: string) => void) {
      checkHandle(args, problem);
      checkAfter(args, problem);
    },
    normalize: (a: Record<string, any>): ForumUserPostsArgs => ({
      handle: normalizeUsername(a.handle)!,
      sort: a.sort ?? 'new',
      after: afterOf(a.after),
    }),
    key: (a: ForumUserPostsArgs) => JSON.stringify([a.handle, a.sort, a.after]),
    cost: { max: 1 },
    example: { handle: 'nightowlpots' },
  } satisfies Partial<OperationDef<ForumUserPostsArgs, unknown>>;
}

export const forumUserPosts: OperationDef<ForumUserPostsArgs, ForumPostsPage> = {
  field: 'forumUserPosts',
  platform: PLATFORM,
  summary: "One page (100) of a Reddit user's submitted posts; page with `after`",
  rest: { path: '/v1/forum/user/posts' },
  record: ForumPostsPage,
  ...userListingOp('ForumUserPostSort'),
  run: (ctx, a) => fetchForumUserPosts(ctx, a),
};
