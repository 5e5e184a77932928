/**
 * Pure parsers for the `forum` platform (Reddit): upstream bodies in, api.md records out; no I/O.
 *
 * Reddit answers `GET https://www.reddit.com/search.json` with a Listing:
 * `{kind: "Listing", data: {after, before, dist, children: [{kind: "t3"|"t1", data: {...}}]}}`
 * (both captures in ../shared/fixtures/forum show it). Each child's `data` is the record: api.md
 * lists the subreddit-style fields of a post ("and many moderation and flair fields"), so the
 * upstream object is passed through whole, the documented fields are typed (null where absent or
 * of another type), and `created_at_iso` is added from `created_utc`.
 *
 * Comment search puts comments (t1) in the same `posts` array (api.md names only `posts`); their
 * documented fields are COMMENT_FIELDS (schema.ts).
 *
 * With `trim`, each item is reduced to POST_TRIM_FIELDS / COMMENT_TRIM_FIELDS (schema.ts; same names and
 * values as the full item, nothing else).
 */
import { isApiError, shapeChanged, upstreamBlocked } from '../../errors.js';
import { bool, isObj, num, reader, signedOut, str, trunc } from '../../parse/index.js';
import type { Coerce, Obj, Reader, SignedOutValue, SignedOutValues } from '../../parse/index.js';
import type { FieldKind, ForumPost, ForumComment, ForumSearchPage } from './schema.js';
import { COMMENT_FIELDS, COMMENT_TRIM_FIELDS, POST_FIELDS, POST_TRIM_FIELDS } from './schema.js';
export type { ForumPost, ForumComment, ForumSearchPage } from './schema.js';

const PLATFORM = 'forum';

export type ForumFilter = 'posts' | 'comments';
export type ForumSort = 'relevance' | 'new' | 'top' | 'comment_count';
export type ForumTimeframe = 'all' | 'day' | 'week' | 'month' | 'year';

export type ForumItem = ForumPost | ForumComment;

const COERCE: Record<FieldKind, Coerce<unknown>> = {
  string: str,
  int: trunc,
  number: num,
  bool,
  // false when never edited, else the edit time (Unix seconds, sent as a float).
  edited: (v) => (typeof v === 'boolean' ? v : trunc(v)),
};

/** ISO 8601 (UTC, milliseconds) of a Unix time in seconds: 1497036556 → 2017-06-09T19:29:16.000Z. */
export function isoFromUnix(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const d = new Date(seconds * 1000);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * The upstream object with its documented fields typed: every documented field Reddit's current
 * listings carry is read through the parse kit (missing → null plus a `post.<field>` /
 * `comment.<field>` warning; Reddit's own nulls stay silent). `subreddit_name_prefixed` is
 * absent from older listing shapes: it is `r/` + `subreddit`, so it is filled, not warned.
 */
/** Documented fields Reddit leaves out legitimately: a deleted author has no fullname; older listings have no prefixed name (filled below). */
const UNWARNED: ReadonlySet<string> = new Set(['author_fullname', 'subreddit_name_prefixed']);

const NONE: ReadonlySet<string> = new Set();

/**
 * Members of Reddit's objects that are the requester's (src/parse/viewer.ts), at what a signed-out
 * request gets: their vote, save, hide and visit of a post, their friendship or block of a user,
 * and every `user_*` member of a subreddit (subscribed, moderator, banned, their flair there) —
 * a capture made with OAuth carried the capturer's (`user_is_subscriber: true`).
 */
const SIGNED_OUT: SignedOutValues = {
  likes: null,
  saved: false,
  clicked: false,
  visited: false,
  hidden: false,
  is_friend: false,
  is_blocked: false,
  user_reports: () => [],
};

/** `data` as a signed-out request gets it (SIGNED_OUT; `user_*` members null). */
export function signedOutData(data: Obj): Obj {
  const values: Record<string, SignedOutValue> = { ...SIGNED_OUT };
  for (const k of Object.keys(data)) if (k.startsWith('user_') && !(k in values)) values[k] = null;
  return signedOut(data, values);
}

/**
 * The upstream object with `fields` typed through `r` (a reader over `data`): upstream order
 * first (what Reddit sends, as a signed-out request gets it), then documented fields it lacked.
 * Fields in `unwarned` are read with `r.opt` (absent is normal for them).
 */
export function typedFields(r: Reader, data: Obj, fields: Record<string, FieldKind>, unwarned: ReadonlySet<string> = NONE): Obj {
  const out: Obj = signedOutData(data);
  for (const [key, kind] of Object.entries(fields)) {
    out[key] = unwarned.has(key) ? r.opt.get(key, COERCE[kind]) : r.get(key, COERCE[kind]);
  }
  return out;
}

/** A t3 / t1 item: `fields` typed (typedFields), `subreddit_name_prefixed` filled, `created_at_iso` added last. */
export function typedItem(data: Obj, fields: Record<string, FieldKind>, what: string, record: string): Obj {
  const r = reader(data, { platform: PLATFORM, record });
  const id = r.opt.str('id');
  const name = r.opt.str('name');
  if (!id || !name) throw shapeChanged(PLATFORM, `id/name of ${what}`);
  const out = typedFields(r, data, fields, UNWARNED);
  // A comment whose score the subreddit hides for now (`score_hidden`) comes with a placeholder
  // score (1): withheld, not the count. (A post's `hide_score` is not: the real AskReddit listing
  // sends it with the posts' real scores.)
  if (data.score_hidden === true) {
    out.score = null;
    out.ups = null;
  }
  if (
    out.subreddit_name_prefixed === null &&
    typeof out.subreddit === 'string' &&
    out.subreddit !== '' &&
    data.subreddit_name_prefixed === undefined
  ) {
    out.subreddit_name_prefixed = `r/${out.subreddit}`;
  }
  delete out.created_at_iso;
  out.created_at_iso = isoFromUnix(out.created_utc as number | null);
  return out;
}

/** One t3 `data` object → a post item. */
export function parsePost(data: unknown, what = 'a post'): ForumPost {
  if (!isObj(data)) throw shapeChanged(PLATFORM, `data of ${what}`);
  return typedItem(data, POST_FIELDS, what, 'post') as unknown as ForumPost;
}

/** One t1 `data` object → a comment item. */
export function parseComment(data: unknown, what = 'a comment'): ForumComment {
  if (!isObj(data)) throw shapeChanged(PLATFORM, `data of ${what}`);
  return typedItem(data, COMMENT_FIELDS, what, 'comment') as unknown as ForumComment;
}

export const isComment = (item: ForumItem): item is ForumComment => item.name.startsWith('t1_');

/** The reduced item of `trim=true`: the listed fields of the full item, in that order. */
export function trimItem(item: ForumItem): ForumItem {
  const keys = isComment(item) ? COMMENT_TRIM_FIELDS : POST_TRIM_FIELDS;
  return Object.fromEntries(keys.map((k) => [k, (item as Obj)[k] ?? null])) as unknown as ForumItem;
}

/**
 * A search (or any) Listing → `{posts, after}`. Children of the kind the filter asks for are
 * parsed (t3 for posts, t1 for comments); other kinds are skipped. A listing whose children are
 * all of the other kind is a changed upstream (e.g. comment search answered with links), never
 * an empty 200.
 */
export function parseListing(json: unknown, opts: { filter: ForumFilter; trim?: boolean }): ForumSearchPage {
  if (isObj(json) && typeof json.error === 'number' && json.error === 429) {
    throw upstreamBlocked(`${PLATFORM}: upstream rate limit reached (${String(json.message ?? 'Too Many Requests')})`);
  }
  if (!isObj(json) || json.kind !== 'Listing' || !isObj(json.data) || !Array.isArray(json.data.children)) {
    throw shapeChanged(PLATFORM, 'Listing data.children');
  }
  const wanted = opts.filter === 'comments' ? 't1' : 't3';
  const children = json.data.children as unknown[];
  const listing = reader(json.data, { platform: PLATFORM, record: 'listing' });
  const posts: ForumItem[] = [];
  // One child degrades at a time: a malformed child, or one without its id/name, is left out
  // (warned `listing.children`); children of the other kind are not asked for (no warning).
  children.forEach((child, i) => {
    const what = `search result ${i + 1}`;
    if (!isObj(child)) return listing.warn('children', `${what} is not an object`);
    const kind = listing.over(child, 'children').str('kind');
    if (kind !== wanted) return;
    let item: ForumItem;
    try {
      item = wanted === 't1' ? parseComment(child.data, what) : parsePost(child.data, what);
    } catch (e) {
      if (isApiError(e) && e.code === 'UPSTREAM_FAILED') return listing.warn('children', e.message);
      throw e;
    }
    posts.push(opts.trim ? trimItem(item) : item);
  });
  if (children.length > 0 && posts.length === 0) {
    const kinds = [...new Set(children.map((c) => (isObj(c) ? String(c.kind) : typeof c)))].join(', ');
    throw shapeChanged(PLATFORM, `${wanted} (${opts.filter}) items in the listing (it held ${kinds})`);
  }
  const after = json.data.after;
  return { posts, after: typeof after === 'string' && after !== '' ? after : null };
}
