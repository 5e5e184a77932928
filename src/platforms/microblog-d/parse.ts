/**
 * microblog-d = Bluesky. Pure parsers: AppView XRPC JSON in, records out (no I/O), read through
 * the parse kit: a missing DID (account) or AT URI (post) is a changed shape; a usual field that
 * is missing is null plus a counted warning; what lexicons mark optional (`displayName`,
 * `avatar`, `embed`…) is read with `opt` (absent is normal). The viewer's state (`viewer`) is
 * never read: anonymous answers carry none, and the captures were recorded logged in.
 *
 * Captures: ../shared/fixtures/microblog-d/ (SOURCES.md).
 */
import { isApiError, shapeChanged } from '../../errors.js';
import { parseUserUrl } from '../../links/user-url.js';
import { isObj, reader, recordReader, safeDecode } from '../../parse/index.js';
import type { Reader } from '../../parse/index.js';
import { BLOCKED_POST, LOGGED_IN_ONLY_LABEL, NOT_FOUND_POST, THREAD_VIEW_POST, VIEW_NOT_FOUND } from './schema.js';
import type {
  MicroblogDActor,
  MicroblogDFeedItem,
  MicroblogDLike,
  MicroblogDPost,
  MicroblogDProfile,
  MicroblogDProfileView,
  MicroblogDThread,
  MicroblogDThreadParent,
  MicroblogDThreadReply,
  ThreadEntryType,
} from './schema.js';
export type {
  MicroblogDActor,
  MicroblogDFeedItem,
  MicroblogDPost,
  MicroblogDProfile,
  MicroblogDProfileView,
  MicroblogDThread,
} from './schema.js';

export const PLATFORM = 'microblog-d';

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

/** Any DID the AppView sends (`did:<method>:<id>`); inputs are held to the methods Bluesky supports (DID_RE). */
const DID = (v: unknown): string | null => (typeof v === 'string' && /^did:[a-z]+:\S+$/.test(v) ? v : null);

/** profileViewBasic's fields (every profile view has them). */
function actorFields(r: Reader): MicroblogDActor {
  return {
    did: r.id('did', DID),
    handle: r.str('handle'),
    displayName: r.opt.str('displayName'),
    avatar: r.opt.str('avatar'),
    associated: r.opt.obj('associated'),
    labels: r.opt.objects('labels'),
    createdAt: r.opt.str('createdAt'),
  };
}

/** An account inside a post or list (profileViewBasic). */
export function parseActor(r: Reader): MicroblogDActor {
  return actorFields(r);
}

/** The body of `app.bsky.actor.getProfile` (profileViewDetailed). */
export function parseProfile(body: unknown): MicroblogDProfile {
  const r = recordReader(body, { platform: PLATFORM, record: 'profile' });
  return {
    ...actorFields(r),
    description: r.opt.str('description'),
    website: r.opt.str('website'),
    pronouns: r.opt.str('pronouns'),
    banner: r.opt.str('banner'),
    followersCount: r.int('followersCount'),
    followsCount: r.int('followsCount'),
    postsCount: r.int('postsCount'),
    indexedAt: r.opt.str('indexedAt'),
    pinnedPost: r.opt.obj('pinnedPost'),
    verification: r.opt.obj('verification'),
  };
}

/** The body of `app.bsky.actor.searchActorsTypeahead`: `{actors: [profileViewBasic…]}`. */
export function parseActors(body: unknown): MicroblogDActor[] {
  const r = recordReader(body, { platform: PLATFORM, record: 'typeahead' });
  if (!Array.isArray(r.opt.arr('actors'))) throw shapeChanged(PLATFORM, 'typeahead.actors');
  return r.items('actors', parseActor);
}

/** An account in a follower or follow list (profileView): profileViewBasic's fields plus the bio. */
export function parseProfileView(r: Reader): MicroblogDProfileView {
  return { ...actorFields(r), description: r.opt.str('description'), indexedAt: r.opt.str('indexedAt') };
}

/** A page of a social-graph list: the account asked for, its accounts, the upstream's cursor (null at the end). */
export interface GraphList {
  subject: MicroblogDProfileView;
  accounts: MicroblogDProfileView[];
  cursor: string | null;
}

/**
 * `{subject: profileView, followers | follows: [profileView…], cursor?}` (app.bsky.graph.getFollowers,
 * getFollows). The subject is the answer's identity: without it (or its DID) the shape changed.
 * An account without its DID is left out of the list (warned).
 */
export function parseGraphList(body: unknown, list: 'followers' | 'follows'): GraphList {
  const r = recordReader(body, { platform: PLATFORM, record: list });
  const subject = r.opt.obj('subject');
  if (!subject) throw shapeChanged(PLATFORM, `${list}.subject`);
  if (!Array.isArray(r.opt.arr(list))) throw shapeChanged(PLATFORM, `${list}.${list}`);
  return {
    subject: parseProfileView(r.over(subject, 'subject')),
    accounts: r.items(list, parseProfileView),
    cursor: r.opt.nonEmpty('cursor'),
  };
}

// ---------------------------------------------------------------------------------------------
// Posts
// ---------------------------------------------------------------------------------------------

/**
 * A hydrated object passed through (an embed, a reply's posts) without the logged-in viewer's
 * state anywhere inside it (`viewer` on posts and accounts): no record carries a viewer's data.
 */
export function withoutViewer<T>(v: T): T {
  if (Array.isArray(v)) return v.map(withoutViewer) as T;
  if (!isObj(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (k !== 'viewer') out[k] = withoutViewer(x);
  return out as T;
}

// ---------------------------------------------------------------------------------------------
// Login-only accounts (the self-label `!no-unauthenticated`)
// ---------------------------------------------------------------------------------------------

/**
 * Whether `labels` (an account's or a post's, as sent) hold `!no-unauthenticated`: the account
 * shows its content to logged-in viewers only. Fail-closed: any such label counts, whoever set it
 * (`src`: the account itself, as a rule) and whatever else it says (`neg` included) — a label of
 * another shape around it is no reason to show the account.
 */
export function hasLoggedInOnlyLabel(labels: unknown): boolean {
  return Array.isArray(labels) && labels.some((l) => isObj(l) && l.val === LOGGED_IN_ONLY_LABEL);
}

/** Whether an account (a profile view of any kind, parsed or as sent) shows its content to logged-in viewers only. */
export const isLoggedInOnly = (account: { labels?: unknown } | null | undefined): boolean =>
  isObj(account) && hasLoggedInOnlyLabel(account.labels);

/** Whether a post is login-only: its author is (or the post itself carries the label). */
export const isLoggedInOnlyPost = (post: Pick<MicroblogDPost, 'author' | 'labels'>): boolean =>
  isLoggedInOnly(post.author) || hasLoggedInOnlyLabel(post.labels);

/** A hydrated object (a post, a quoted record, a feed generator or list…) that is a login-only account's: labelled itself, or by its author or creator. */
function loggedInOnlyObject(o: Record<string, unknown>): boolean {
  return hasLoggedInOnlyLabel(o.labels) || isLoggedInOnly(o.author as never) || isLoggedInOnly(o.creator as never);
}

const POST_VIEW = 'app.bsky.feed.defs#postView';

/**
 * What stands in a login-only object's place, as the AppView itself says "no such record": a
 * postView (a feed item's reply `root` / `parent`) → `app.bsky.feed.defs#notFoundPost`; any other
 * record with its URI (a quoted post's `#viewRecord`, a feed generator, a list…, in an embed's
 * `record` slot) → `app.bsky.embed.record#viewNotFound`; both `{$type, uri, notFound: true}`.
 * Nothing (undefined: left out) for an object without a URI — an account (a reply's
 * `grandparentAuthor`, a starter pack's sample member).
 */
function unavailable(o: Record<string, unknown>): Record<string, unknown> | undefined {
  if (typeof o.uri !== 'string') return undefined;
  return { $type: o.$type === POST_VIEW ? NOT_FOUND_POST : VIEW_NOT_FOUND, uri: o.uri, notFound: true };
}

/**
 * A hydrated object passed through (an embed, a reply's posts) without any login-only account's
 * content anywhere inside it: each such object, however deep (a quote of a quote), is replaced by
 * `unavailable`'s stub, or left out (an array element, an object member) when it has no URI.
 */
export function withoutLoggedInOnly<T>(v: T): T {
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const x of v) {
      const y = isObj(x) && loggedInOnlyObject(x) ? unavailable(x) : withoutLoggedInOnly(x);
      if (y !== undefined) out.push(y);
    }
    return out as T;
  }
  if (!isObj(v)) return v;
  if (loggedInOnlyObject(v)) return (unavailable(v) ?? null) as T;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const y = isObj(x) && loggedInOnlyObject(x) ? unavailable(x) : withoutLoggedInOnly(x);
    if (y !== undefined) out[k] = y;
  }
  return out as T;
}

/** What a record keeps of a passed-through object: neither the viewer's state nor a login-only account's content. */
const passThrough = <T>(v: T): T => withoutLoggedInOnly(withoutViewer(v));

const AT_URI = (v: unknown): string | null => (typeof v === 'string' && v.startsWith('at://') ? v : null);

/**
 * A post's author: part of the post, not its identity. Without a readable account (or its DID)
 * the author is null, warned, and the post stands — a thread's post asked by its author's DID
 * needs no author; asked by handle, fetch.ts refuses a post without one. (A feed item is held to
 * its owner: parseFeedItem.)
 */
function postAuthor(r: Reader): MicroblogDActor | null {
  const author = r.obj('author');
  if (!author) return null;
  try {
    return parseActor(r.over(author, 'author'));
  } catch (e) {
    if (!isApiError(e) || e.code !== 'UPSTREAM_FAILED') throw e;
    r.warn('author', e.message);
    return null;
  }
}

/** A postView. The AT URI is its identity; counts are on every post the AppView hydrates. */
export function parsePost(r: Reader): MicroblogDPost {
  const uri = r.id('uri', AT_URI);
  const author = postAuthor(r);
  const record = r.obj('record');
  const rec = record ? r.over(record, 'record') : null;
  return {
    uri,
    cid: r.str('cid'),
    author,
    // The record is the author's own data (facets, langs, reply refs…): passed through, its text
    // and date read as every post has them.
    record: rec && record ? { ...record, text: rec.str('text'), createdAt: rec.str('createdAt') } : null,
    embed: passThrough(r.opt.obj('embed')),
    replyCount: r.int('replyCount'),
    repostCount: r.int('repostCount'),
    likeCount: r.int('likeCount'),
    quoteCount: r.opt.int('quoteCount'),
    indexedAt: r.str('indexedAt'),
    labels: r.opt.objects('labels'),
  };
}

/** Why an item is in an author's feed: a repost (`by`, `indexedAt`: the lexicon requires both). A pin (`#reasonPin`) carries neither. */
export const REASON_REPOST = 'app.bsky.feed.defs#reasonRepost';

/**
 * A feedViewPost: the post, its reply context, and why it is in the feed (a repost, a pin). Its
 * owner (itemOwner: the reposter of a repost, else the post's author) is what makes it this feed's
 * item — fetch.ts holds every item to the account asked —, so an item whose owner is unreadable is
 * a changed shape (left out of the feed, warned), never an item nobody checked.
 */
export function parseFeedItem(r: Reader): MicroblogDFeedItem {
  const post = r.child('post');
  const reason = r.opt.obj('reason');
  const item = {
    post: parsePost(post),
    reply: passThrough(r.opt.obj('reply')),
    reason: reason ? parseReason(r.over(reason, 'reason')) : null,
  };
  if (!itemOwner(item)) throw shapeChanged(PLATFORM, `${r.record} owner (a repost's reason.by, else post.author, with its DID)`);
  return item;
}

/** A feedViewPost's `reason`: a repost's reposter and date are warned when missing; a pin (or a reason we do not know) has none to miss. */
function parseReason(why: Reader): NonNullable<MicroblogDFeedItem['reason']> {
  const $type = why.str('$type');
  const read = $type === REASON_REPOST ? why : why.opt;
  const by = read.obj('by');
  return { $type, by: by ? parseActor(why.over(by, 'by')) : null, indexedAt: read.str('indexedAt') };
}

/** `{feed: [feedViewPost…], cursor?}` (getAuthorFeed) → items and the upstream's cursor (null at the end). */
export function parseFeed(body: unknown): { items: MicroblogDFeedItem[]; cursor: string | null } {
  const r = recordReader(body, { platform: PLATFORM, record: 'feed' });
  if (!Array.isArray(r.opt.arr('feed'))) throw shapeChanged(PLATFORM, 'feed.feed');
  return { items: r.items('feed', parseFeedItem), cursor: r.opt.nonEmpty('cursor') };
}

/** `{posts: [postView…], cursor?, hitsTotal?}` (searchPosts) → posts and the upstream's cursor (an offset). */
export function parseSearch(body: unknown): { posts: MicroblogDPost[]; cursor: string | null } {
  const r = recordReader(body, { platform: PLATFORM, record: 'search' });
  if (!Array.isArray(r.opt.arr('posts'))) throw shapeChanged(PLATFORM, 'search.posts');
  return { posts: r.items('posts', parsePost), cursor: r.opt.nonEmpty('cursor') };
}

// ---------------------------------------------------------------------------------------------
// Who liked or reposted a post (app.bsky.feed.getLikes, getRepostedBy)
// ---------------------------------------------------------------------------------------------

/** A page of a post's likes or reposts: the post's AT URI as the answer names it, its entries, the upstream's cursor (null at the end). */
export interface PostList<T> {
  uri: string;
  entries: T[];
  cursor: string | null;
}

/** getLikes#like: `{indexedAt, createdAt, actor: profileView}`. A like without its actor's DID is a changed shape (left out of the list). */
export function parseLike(r: Reader): MicroblogDLike {
  return { actor: parseProfileView(r.child('actor')), createdAt: r.str('createdAt'), indexedAt: r.str('indexedAt') };
}

/**
 * `{uri, cid?, likes | repostedBy: [...], cursor?}` (getLikes, getRepostedBy). The `uri` is the
 * answer's identity (the post it is about): without it, or without the list, the shape changed.
 * An entry without its account's DID is left out (warned); the others stay.
 */
function parsePostList<T>(body: unknown, list: 'likes' | 'repostedBy', each: (r: Reader) => T): PostList<T> {
  const r = recordReader(body, { platform: PLATFORM, record: list });
  const uri = r.id('uri', AT_URI);
  if (!Array.isArray(r.opt.arr(list))) throw shapeChanged(PLATFORM, `${list}.${list}`);
  return { uri, entries: r.items(list, each), cursor: r.opt.nonEmpty('cursor') };
}

/** The body of `app.bsky.feed.getLikes`. */
export const parseLikes = (body: unknown): PostList<MicroblogDLike> => parsePostList(body, 'likes', parseLike);

/** The body of `app.bsky.feed.getRepostedBy` (its accounts are profileViews). */
export const parseRepostedBy = (body: unknown): PostList<MicroblogDProfileView> => parsePostList(body, 'repostedBy', parseProfileView);

// ---------------------------------------------------------------------------------------------
// Threads (app.bsky.feed.getPostThread)
// ---------------------------------------------------------------------------------------------

/**
 * The most parents read above the asked post: what the gateway asks for (`parentHeight`, the
 * AppView's own default). A chain longer than asked is cut there (warned), so no answer nests
 * without bound.
 */
export const PARENT_HEIGHT = 80;

/** One entry of a thread as the AppView's union tells it: a post, or a stub of a post it does not show. */
type Entry = { $type: ThreadEntryType; uri: string; post: MicroblogDPost | null; authorDid: string | null };

/**
 * Which member of the thread union an object is: its `$type`, or (for an answer without one) what
 * the lexicon requires of each (`post`; `notFound: true`; `blocked: true`). Null: none of them.
 */
function entryType(r: Reader): ThreadEntryType | null {
  const t = r.opt.str('$type');
  if (t === THREAD_VIEW_POST || t === NOT_FOUND_POST || t === BLOCKED_POST) return t;
  if (t !== null) return null;
  if (r.opt.obj('post')) return THREAD_VIEW_POST;
  if (r.opt.bool('notFound') === true) return NOT_FOUND_POST;
  if (r.opt.bool('blocked') === true) return BLOCKED_POST;
  return null;
}

/**
 * A thread entry: a threadViewPost's post (parsePost, the posts operation's record), or a
 * notFoundPost / blockedPost stub (its URI; a blocked post's author DID). Null for a member the
 * lexicon does not name; UPSTREAM_FAILED (changed shape) for one without its URI.
 */
function threadEntry(r: Reader): Entry | null {
  const type = entryType(r);
  if (type === THREAD_VIEW_POST) {
    const post = parsePost(r.child('post'));
    return { $type: type, uri: post.uri, post, authorDid: post.author?.did ?? null };
  }
  if (type === NOT_FOUND_POST) return { $type: type, uri: r.id('uri', AT_URI), post: null, authorDid: null };
  if (type === BLOCKED_POST) {
    const uri = r.id('uri', AT_URI);
    const author = r.obj('author');
    return { $type: type, uri, post: null, authorDid: author ? r.over(author, 'author').str('did') : null };
  }
  return null;
}

/**
 * The parent chain above a threadViewPost, nearest first, at most PARENT_HEIGHT long. Every
 * parent is read as `thread.parent` (warnings count by field, not by depth). An entry that is
 * unreadable (no URI, an unknown member) ends the chain there, warned; a login-only account's
 * post ends it too, silently, as a `#notFoundPost` stub of its URI.
 */
function parentChain(value: unknown): MicroblogDThreadParent | null {
  const chain: Entry[] = [];
  let next = value;
  while (isObj(next)) {
    const r = reader(next, { platform: PLATFORM, record: 'thread.parent' });
    if (chain.length === PARENT_HEIGHT) {
      r.warn('parent', `more than ${PARENT_HEIGHT} parents: cut there`);
      break;
    }
    let entry: Entry | null;
    try {
      entry = threadEntry(r);
    } catch (e) {
      if (!isApiError(e) || e.code !== 'UPSTREAM_FAILED') throw e;
      r.warn('parent', e.message);
      break;
    }
    if (!entry) {
      r.warn('$type', 'not a thread entry: the chain ends here');
      break;
    }
    // A login-only account's post is not shown: a not-found stub in its place ends the chain (the
    // posts above it are not read), as the AppView's own stubs do.
    if (entry.post && isLoggedInOnlyPost(entry.post)) {
      chain.push({ $type: NOT_FOUND_POST, uri: entry.uri, post: null, authorDid: null });
      break;
    }
    chain.push(entry);
    // A stub has no parent of its own; a post's is optional (absent at the thread's root).
    next = entry.post ? r.opt.obj('parent') : null;
  }
  let parent: MicroblogDThreadParent | null = null;
  for (const entry of chain.reverse()) parent = { ...entry, parent };
  return parent;
}

/**
 * A threadViewPost's replies, `levels` deep at most (the depth asked: deeper ones are not read),
 * each read as `thread.replies` (warnings count by field, not by depth). A reply without its URI
 * or of an unknown member is left out, warned; a login-only account's reply is left out silently
 * (by design, not a changed shape); the others stay.
 */
function replyTree(r: Reader, levels: number): MicroblogDThreadReply[] {
  if (levels <= 0) return [];
  if (r.opt.arr('replies') === null) return [];
  const withheld = Symbol('login-only');
  const replies = r.items('replies', (el) => {
    const er = reader(el.root, { platform: PLATFORM, record: 'thread.replies' });
    const entry = threadEntry(er);
    // A login-only account's reply is left out, silently, with the replies below it (not read).
    if (entry?.post && isLoggedInOnlyPost(entry.post)) return withheld;
    return entry && { ...entry, replies: entry.post ? replyTree(er, levels - 1) : [] };
  });
  return replies.filter((x): x is MicroblogDThreadReply => x !== withheld);
}

/** What getPostThread answered about the asked post: its thread, or a stub in its place. */
export type ThreadAnswer = { found: MicroblogDThread } | { stub: typeof NOT_FOUND_POST | typeof BLOCKED_POST; uri: string };

/**
 * `{thread: threadViewPost | notFoundPost | blockedPost, threadgate?}` (getPostThread) → the
 * asked post (parsePost), its parent chain and its reply tree `depth` levels deep; or, when the
 * AppView shows a stub in the asked post's place, which stub. A thread the lexicon does not
 * describe, or an asked post without its URI, is a changed shape.
 */
export function parseThread(body: unknown, depth: number): ThreadAnswer {
  const top = recordReader(body, { platform: PLATFORM, record: 'thread' });
  const thread = top.opt.obj('thread');
  if (!thread) throw shapeChanged(PLATFORM, 'thread.thread');
  const r = reader(thread, { platform: PLATFORM, record: 'thread' });
  const entry = threadEntry(r);
  if (!entry) throw shapeChanged(PLATFORM, 'thread.thread (a threadViewPost, notFoundPost or blockedPost)');
  if (!entry.post) return { stub: entry.$type as typeof NOT_FOUND_POST | typeof BLOCKED_POST, uri: entry.uri };
  return { found: { post: entry.post, parent: parentChain(r.opt.obj('parent')), replies: replyTree(r, depth) } };
}

/** Whose feed an item belongs to: the reposter of a repost, else the post's author (null: unreadable — a repost's never falls back to the author). */
export function itemOwner(item: MicroblogDFeedItem): MicroblogDActor | null {
  if (item.reason?.$type === REASON_REPOST) return item.reason.by;
  return item.reason?.by ?? item.post.author;
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** atproto handle syntax: a domain name of 2+ labels, the last not starting with a digit; at most 253 characters. */
const HANDLE_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** The DID methods Bluesky supports: `did:plc:` (24 base32 characters) and `did:web:` (a host name). */
const DID_RE = /^did:(?:plc:[a-z2-7]{24}|web:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62})$/;
const PROFILE_HOSTS = new Set(['bsky.app', 'www.bsky.app']);

/**
 * An actor as the lookup and the cache use it: a handle (lower-case, without `@`), a DID, or
 * either named by a profile URL `https://bsky.app/profile/<handle or did>`. Null when invalid.
 */
export function normalizeActor(input: string): string | null {
  let s = input.trim();
  if (/^(?:https?:\/\/)?(?:www\.)?bsky\.app\//i.test(s)) {
    const u = parseUserUrl(s);
    const m = u && PROFILE_HOSTS.has(u.hostname.toLowerCase()) ? /^\/profile\/([^/]+)\/?$/.exec(u.pathname) : null;
    if (!m) return null;
    s = safeDecode(m[1]);
  }
  s = s.replace(/^@/, '').toLowerCase();
  if (DID_RE.test(s)) return s;
  return HANDLE_RE.test(s) && !s.endsWith('.invalid') ? s : null;
}

export const isDid = (actor: string) => actor.startsWith('did:');

/** A post as the lookup and the cache name it: its author (normalizeActor's form) and its record key. */
export interface PostRef {
  actor: string;
  rkey: string;
}

/** atproto record key syntax (posts' are TIDs, 13 characters): case-sensitive, kept as given. */
const RKEY_RE = /^(?!\.{1,2}$)[A-Za-z0-9._:~-]{1,512}$/;
const POST_COLLECTION = 'app.bsky.feed.post';

function postRef(actor: string, rkey: string): PostRef | null {
  const a = normalizeActor(actor);
  return a && RKEY_RE.test(rkey) ? { actor: a, rkey } : null;
}

/** `https://bsky.app/profile/<handle or did>/post/<rkey>` (a trailing slash, query or fragment ignored). Null when it is not one. */
export function parsePostUrl(input: string): PostRef | null {
  const u = parseUserUrl(input);
  if (!u || !PROFILE_HOSTS.has(u.hostname.toLowerCase())) return null;
  const m = /^\/profile\/([^/]+)\/post\/([^/]+)\/?$/.exec(u.pathname);
  return m ? postRef(safeDecode(m[1]), safeDecode(m[2])) : null;
}

/** `at://<did or handle>/app.bsky.feed.post/<rkey>`. Null when it is not a post's AT URI. */
export function parsePostUri(input: string): PostRef | null {
  const m = /^at:\/\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)$/.exec(input.trim());
  return m && m[2] === POST_COLLECTION ? postRef(safeDecode(m[1]), m[3]) : null;
}

/** The AT URI of `ref` (the AppView resolves a handle in it). */
export const postUri = (ref: PostRef) => `at://${ref.actor}/${POST_COLLECTION}/${ref.rkey}`;

/** The author DID and record key of a post's AT URI as the AppView sends it (always by DID), or null. */
export function splitPostUri(uri: string): { did: string; rkey: string } | null {
  const m = /^at:\/\/(did:[a-z]+:[^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/.exec(uri);
  return m ? { did: m[1], rkey: m[2] } : null;
}

/** Whether an account's DID or handle is the actor asked for. */
export function isActor(asked: string, got: Pick<MicroblogDActor, 'did' | 'handle'>): boolean {
  return isDid(asked) ? got.did === asked : typeof got.handle === 'string' && got.handle.toLowerCase() === asked;
}

/** An object's `error`/`message` (XRPC's error body), or null. */
export function xrpcError(body: unknown): { error: string; message: string } | null {
  if (!isObj(body) || typeof body.error !== 'string') return null;
  return { error: body.error, message: typeof body.message === 'string' ? body.message : '' };
}
