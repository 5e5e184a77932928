/**
 * `GET /v1/forum/user/comments` (`forumUserComments`): one page of a Reddit user's public
 * comments, `{comments, after}` — each Reddit's t1 data object passed through with its documented
 * fields typed (schema.ts COMMENT_FIELDS, parse.ts `parseComment`: the comment search item), paged
 * with `after` as `forum/user/posts` is.
 *
 * Upstream: `GET /user/<name>/comments?sort=<sort>[&t=all]&limit=100[&after=<after>]` (api.ts:
 * www.reddit.com's `.json`, or oauth.reddit.com with an app token) → a Listing of t1 children
 * (../shared/fixtures/forum/user-comments-spez-2020.json). One upstream page per call, 100
 * comments (Reddit's maximum), newest first by default; `after` is Reddit's `data.after`, null on
 * the last page.
 *
 * Outcomes, as forumUserPosts (api.ts maps the statuses): a missing user (Reddit's 404) →
 * NOT_FOUND; a comment by someone else in the answer → UPSTREAM_FAILED (identity.ts: the listing
 * is another user's); a user without comments → `comments: []`. A comment without its id/name is
 * left out (warned `listing.children`), the others stay; a listing of posts (t3) only is
 * UPSTREAM_FAILED. Block pages and rate limits are UPSTREAM_BLOCKED before this sees them (walls.ts).
 */
import { z } from 'zod';
import { NStr, named } from '../records.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { readRedditJson } from './api.js';
import { parseListing } from './parse.js';
import { ForumComment } from './schema.js';
import { assertUsersItems, USER_POST_SORTS, userListingOp, userPostsQuery } from './user-posts.js';
import type { ForumUserPostSort, ForumUserPostsArgs } from './user-posts.js';

const PLATFORM = 'forum';

/** Reddit's user listings sort comments as posts: new (default), hot, top, controversial. */
export const USER_COMMENT_SORTS = USER_POST_SORTS;
export type ForumUserCommentSort = ForumUserPostSort;

export const ForumCommentsPage = named(
  'ForumCommentsPage',
  z.strictObject({
    comments: z.array(ForumComment).describe('Comments (t1), in the order asked for'),
    after: NStr.describe('Pass unchanged as `after` for the next page; null on the last page'),
  }),
  'One page of forum comments',
);
export type ForumCommentsPage = z.infer<typeof ForumCommentsPage>;

/** A Listing of comments → `{comments, after}` (parse.ts parseListing, comments only). */
export function parseCommentsPage(json: unknown): ForumCommentsPage {
  const { posts, after } = parseListing(json, { filter: 'comments' });
  return { comments: posts as ForumComment[], after };
}

/** A user's comments are asked as its posts are: handle, sort, after. */
export type ForumUserCommentsArgs = ForumUserPostsArgs;

export async function fetchForumUserComments(ctx: OpContext, a: ForumUserCommentsArgs): Promise<ForumCommentsPage> {
  const { json } = await readRedditJson(ctx, {
    path: `/user/${encodeURIComponent(a.handle)}/comments`,
    query: userPostsQuery(a),
    what: `User u/${a.handle}`,
  });
  const page = parsed(ctx, () => parseCommentsPage(json));
  assertUsersItems(page.comments, a.handle, 'comment');
  return page;
}

export const forumUserComments: OperationDef<ForumUserCommentsArgs, ForumCommentsPage> = {
  field: 'forumUserComments',
  platform: PLATFORM,
  summary: "One page (100) of a Reddit user's comments, newest first by default; page with `after`",
  rest: { path: '/v1/forum/user/comments' },
  record: ForumCommentsPage,
  ...userListingOp('ForumUserCommentSort'),
  run: (ctx, a) => fetchForumUserComments(ctx, a),
};
