/**
 * `GET /v1/forum/post` (`forumPost`): a Reddit post and its comment tree, `{post, comments}` —
 * the post in api.md's forum post shape (parse.ts), each comment Reddit's t1 data passed through
 * (documented fields typed) with `replies` as a list of the same, and Reddit's "load more" stubs
 * kept as `{more: <count>, ids: [<comment ids>]}` where they stand.
 *
 * Upstream: `GET /comments/<id>` (api.ts: www.reddit.com's `.json`, or oauth.reddit.com with an
 * app token) → a JSON array of two Listings: `[0]` holds the t3 post, `[1]` the top-level
 * comments; a comment's `replies` is `""` (none) or a nested Listing; a `kind: "more"` child
 * stands for comments not sent (../shared/fixtures/forum/post-comments-2gmzqe-2020-07-07.json).
 * One request; the comments are those Reddit sends in it (its default sort and size).
 *
 * Outcomes: a missing post (404) → NOT_FOUND; a post in a private subreddit → PRIVATE_CONTENT
 * (api.ts); another post in the answer → UPSTREAM_FAILED (identity.ts); no post in the first
 * Listing → UPSTREAM_FAILED. No comments Listing → `comments: []` (warned `thread.comments`); a
 * comment without its id/name, or of an unknown kind, is left out (warned
 * `thread.comments`); a `replies` absent or of another type is `[]` (warned
 * `comment.replies`).
 */
import { z } from 'zod';
import { shapeChanged } from '../../errors.js';
import { parseUserUrl } from '../../links/user-url.js';
import { isObj, reader, strings } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { Int, named, NStr, Str, Strs } from '../records.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { readRedditJson } from './api.js';
import type { ForumPost } from './parse.js';
import { parseListing, typedItem } from './parse.js';
import { COMMENT_FIELDS } from './schema.js';
import { describedShape, ForumPost as ForumPostSchema } from './schema.js';

const PLATFORM = 'forum';

/**
 * The documented fields of a comment in a thread: a search comment's (COMMENT_FIELDS) but for
 * what only a listing across threads carries (the thread's title, author, link and size, its
 * NSFW mark), plus `depth` (0 for a top-level comment).
 */
const {
  link_title: _title,
  link_author: _author,
  link_permalink: _permalink,
  link_url: _url,
  num_comments: _size,
  over_18: _nsfw,
  ...THREAD_SHARED
} = COMMENT_FIELDS;
export const THREAD_COMMENT_FIELDS = { ...THREAD_SHARED, depth: 'int' } as const;

export const ForumMoreComments = named(
  'ForumMoreComments',
  z.strictObject({
    more: Int.describe('How many comments Reddit did not send here'),
    ids: Strs.describe('Ids of the first of them (base-36, without t1_); empty for a "continue this thread" link'),
  }),
  'Reddit\'s "load more comments" stub, where it stands in the tree',
);
export type ForumMoreComments = z.infer<typeof ForumMoreComments>;

const ThreadCommentFields = z.looseObject({
  ...describedShape(THREAD_COMMENT_FIELDS, {
    body: 'Markdown',
    parent_id: 'Fullname of the parent: t1_ (a comment) or t3_ (the post)',
    link_id: 'Fullname of the post (t3_…)',
    depth: '0 for a top-level comment',
    is_submitter: 'The comment author is the post author',
    distinguished: 'moderator, admin or null',
    edited: '`false`, or when it was edited (Unix seconds)',
    created_utc: 'Unix seconds, UTC',
  }),
  id: Str.describe('Base-36 id'),
  name: Str.describe('Fullname: t1_<id>'),
  created_at_iso: NStr.describe('created_utc as ISO 8601'),
});
export type ForumThreadComment = z.infer<typeof ThreadCommentFields> & { replies: (ForumThreadComment | ForumMoreComments)[] };

/** A comment of the tree: t1 data passed through, documented fields typed, `replies` parsed. */
export const ForumThreadComment: z.ZodType<ForumThreadComment> = named(
  'ForumThreadComment',
  z.looseObject({
    ...ThreadCommentFields.shape,
    get replies() {
      return z.array(z.union([ForumThreadComment, ForumMoreComments])).describe("Replies, in Reddit's order; [] when none");
    },
  }),
  'A comment (t1) with its replies',
);

export const ForumThread = named(
  'ForumThread',
  z.strictObject({
    post: ForumPostSchema,
    comments: z.array(z.union([ForumThreadComment, ForumMoreComments])).describe('Top-level comments, each with its replies'),
  }),
  'A post with its comment tree',
);
export type ForumThread = { post: ForumPost; comments: (ForumThreadComment | ForumMoreComments)[] };

/** Deeper than this, replies are cut ([] and warned): Reddit itself sends 10 levels by default. */
const MAX_DEPTH = 64;

/** The body of `/comments/<id>` → `{post, comments}`. */
export function parseForumThread(json: unknown): ForumThread {
  if (!Array.isArray(json) || json.length < 1) throw shapeChanged(PLATFORM, 'the [post, comments] pair of Listings');
  const { posts } = parseListing(json[0], { filter: 'posts' });
  if (posts.length === 0) throw shapeChanged(PLATFORM, 'the post (t3) in the first Listing');
  // The comments are part of the thread, not its identity: without their Listing the post stands.
  const listing = json[1];
  const ok = isObj(listing) && listing.kind === 'Listing' && isObj(listing.data);
  const r = reader(ok ? listing.data : {}, { platform: PLATFORM, record: 'thread' });
  if (!ok) r.warn('comments', 'no comments Listing');
  return { post: posts[0] as ForumPost, comments: ok ? commentNodes(r, 'comments', 0) : [] };
}

/**
 * The children of a Listing's data (read by `r`) as comments and stubs. One bad child — not an
 * object, of an unknown kind, a comment without its id/name — is left out, warned (`items`).
 */
function commentNodes(r: Reader, field: string, level: number): (ForumThreadComment | ForumMoreComments)[] {
  return r.items(
    field,
    (child) => {
      const kind = child.str('kind');
      const data = child.obj('data');
      if (!data) return null;
      if (kind === 'more') return moreStub(child.over(data, 'more'));
      return kind === 't1' ? threadComment(data, level) : null;
    },
    ['children'],
  );
}

function threadComment(data: Obj, level: number): ForumThreadComment {
  const c = typedItem(data, THREAD_COMMENT_FIELDS, 'a comment', 'comment');
  const r = reader(data, { platform: PLATFORM, record: 'comment' });
  const replies = data.replies;
  let list: (ForumThreadComment | ForumMoreComments)[] = [];
  // `""` is Reddit's "no replies"; otherwise a Listing of the same children.
  if (isObj(replies) && replies.kind === 'Listing' && isObj(replies.data)) {
    if (level + 1 >= MAX_DEPTH) r.warn('replies', `cut below ${MAX_DEPTH} levels`);
    else list = commentNodes(r.over(replies.data, 'replies'), 'children', level + 1);
  } else if (replies !== '') {
    // Reddit sends `""` for none: anything else (absent too) is a changed shape.
    r.warn('replies', replies === undefined ? 'missing' : 'neither "" nor a Listing');
  }
  c.replies = list;
  return c as ForumThreadComment;
}

function moreStub(r: Reader): ForumMoreComments {
  return { more: r.int('count') ?? 0, ids: strings(r.arr('children')) };
}

/** Reddit post ids: base 36, as long as they have grown (7 characters in 2024). */
const POST_ID_RE = /^[a-z0-9]{1,12}$/;
const HOST_RE = /^(?:(?:www|old|new|np|m|i|amp)\.)?reddit\.com$/i;

/**
 * The post id of a Reddit post URL: `…reddit.com/r/<sub>/comments/<id>[/<slug>[/<comment>]]`,
 * `…/user/<name>/comments/<id>/…`, `…/comments/<id>`, `redd.it/<id>`. Null for anything else —
 * share links (`/r/<sub>/s/<token>`) too: only a redirect would tell their post.
 */
export function parseForumPostUrl(input: string): { id: string } | null {
  const u = parseUserUrl(input);
  if (!u) return null;
  const parts = u.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (/^redd\.it$/i.test(u.hostname)) id = parts.length === 1 ? parts[0] : undefined;
  else if (HOST_RE.test(u.hostname)) {
    const at = parts.indexOf('comments');
    const prefixOk = at === 0 || (at === 2 && /^(?:r|u|user)$/i.test(parts[0]));
    id = prefixOk ? parts[at + 1] : undefined;
  }
  const lower = id?.toLowerCase();
  return lower && POST_ID_RE.test(lower) ? { id: lower } : null;
}

export async function fetchForumPost(ctx: OpContext, id: string): Promise<ForumThread> {
  const what = `Post ${id}`;
  const { json } = await readRedditJson(ctx, { path: `/comments/${id}`, what });
  const thread = parsed(ctx, () => parseForumThread(json));
  assertSameResource(PLATFORM, `post ${id}`, { id }, { id: thread.post.id });
  return thread;
}

export const forumPost: OperationDef<{ id: string }, ForumThread> = {
  field: 'forumPost',
  platform: PLATFORM,
  summary: 'A Reddit post with its comment tree (replies nested; "load more" stubs kept)',
  rest: { path: '/v1/forum/post' },
  record: ForumThread,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description:
        'Post URL, e.g. https://www.reddit.com/r/redditdev/comments/2gmzqe/… (old.reddit.com, a comment link and redd.it/<id> are fine)',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.url === 'string' && args.url.trim() && !parseForumPostUrl(args.url))
      problem(
        'url',
        'must be a Reddit post URL (https://www.reddit.com/r/SUB/comments/ID/…, or https://redd.it/ID); share links (/s/…) are not',
      );
  },
  normalize: (a) => ({ id: parseForumPostUrl(a.url)!.id }),
  key: (a) => a.id,
  cost: { max: 1 },
  example: { url: 'https://www.reddit.com/r/pottery/comments/1hq7x2a/first_glaze_firing/' },
  run: (ctx, a) => fetchForumPost(ctx, a.id),
};
