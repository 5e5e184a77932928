/**
 * blog = Tumblr. Pure parsers: API v2 JSON in, records out (no I/O), through the parse kit: an
 * answer without its `response.posts` (or, for `/info`, its `response.blog` and the blog's
 * `name`), or a post without its id, is a changed shape; the usual fields missing are null plus a
 * warning.
 *
 * Capture: ../shared/fixtures/blog/ (SOURCES.md: recorded with OAuth, so viewer fields appear
 * there and are left out here; `notes_info=true`, which this gateway does not send). No capture
 * of `/info` or of `posts?id=`: their answers carry the same `blog` and post objects.
 */
import { parseUserUrl } from '../../links/user-url.js';
import { isObj, recordReader, signedOut } from '../../parse/index.js';
import type { Obj, Reader, SignedOutValues } from '../../parse/index.js';
import type { BlogAvatar, BlogInfo, BlogPost } from './schema.js';
export type { BlogInfo, BlogPost } from './schema.js';

export const PLATFORM = 'blog';

/**
 * A blog object's members that are the requester's (src/parse/viewer.ts): whether they follow or
 * subscribe to it, and what they may do there. A post's `blog` and each `trail[].blog` are passed
 * on as Tumblr sends them otherwise (the capture, made with OAuth, carried `followed`).
 */
const BLOG_SIGNED_OUT: SignedOutValues = {
  followed: undefined,
  subscribed: undefined,
  is_blocked_from_primary: undefined,
  can_message: undefined,
  can_send_fan_mail: undefined,
  can_subscribe: undefined,
  can_submit: undefined,
  can_be_followed: undefined,
};
const signedOutBlog = (blog: Obj | null): Obj | null => (blog ? signedOut(blog, BLOG_SIGNED_OUT) : null);
const signedOutTrail = (item: Obj): Obj => (isObj(item.blog) ? { ...item, blog: signedOutBlog(item.blog) } : item);

/**
 * One post. api.md lists the ids, `blog_name`, `post_url`, `type`, `date`, `timestamp`, `tags` and
 * `state` for every post, and `content`, `layout`, `trail` (`[]` when none) for every NPF post:
 * missing, they are a changed shape (null or [] plus a warning). `source_url`/`source_title` come
 * only with a content source, `reblogged_*` only on reblogs with `reblog_info=true` (sent),
 * `note_count` with `notes_info=true` (sent); `blog`, `short_url`, `slug` and `summary` are not
 * in api.md's list (fields it does not list are "not officially supported"): all read as optional.
 */
function parsePost(r: Reader): BlogPost {
  const legacy = legacyId(r.root);
  return {
    // Tumblr's ids exceed 2^53: the string is the id (the number is rounded by any JSON reader).
    id_string: legacy ?? r.id('id_string', (v) => (typeof v === 'string' && /^\d{1,20}$/.test(v) ? v : null)),
    type: r.str('type'),
    blog_name: r.str('blog_name'),
    blog: signedOutBlog(r.opt.obj('blog')),
    post_url: r.str('post_url'),
    short_url: r.opt.str('short_url'),
    slug: r.opt.str('slug'),
    date: r.str('date'),
    timestamp: r.int('timestamp'),
    state: r.str('state'),
    tags: r.strings('tags'),
    summary: r.opt.str('summary'),
    note_count: r.opt.int('note_count'),
    content: r.objects('content'),
    layout: r.objects('layout'),
    trail: r.objects('trail').map(signedOutTrail),
    source_url: r.opt.str('source_url'),
    source_title: r.opt.str('source_title'),
    reblogged_from_name: r.opt.str('reblogged_from_name'),
    reblogged_from_url: r.opt.str('reblogged_from_url'),
    reblogged_root_name: r.opt.str('reblogged_root_name'),
    reblogged_root_url: r.opt.str('reblogged_root_url'),
  };
}

/** Tumblr post ids: decimal, beyond 2^53, never with a leading zero. */
const POST_ID = /^[1-9]\d{0,19}$/;

/** The id a post's `post_url` names: `https://<blog host>/post/<id>[/<slug>]`. */
const POST_URL_ID = /^https?:\/\/[^/?#]+\/post\/([1-9]\d{0,19})(?:[/?#]|$)/i;

/**
 * The id of a post in Tumblr's legacy format (answers without `npf=true`, 2019–2020: no NPF
 * `content`, no `id_string`, only the number `id`, rounded above 2^53 by any JSON reader): the id
 * its `post_url` names, exactly, when the number `id` is that id. Null for every other post (an NPF
 * post without `id_string` stays a changed shape), or when the two disagree.
 */
function legacyId(v: unknown): string | null {
  if (!isObj(v) || v.id_string !== undefined || Array.isArray(v.content) || typeof v.id !== 'number') return null;
  const m = typeof v.post_url === 'string' ? POST_URL_ID.exec(v.post_url.trim()) : null;
  return m && Number(m[1]) === v.id ? m[1] : null;
}

function parseAvatar(r: Reader): BlogAvatar {
  return { url: r.id('url'), width: r.int('width'), height: r.int('height') };
}

/**
 * A blog object (`response.blog` of `/info`, and of `/posts`): its public fields; the viewer's
 * (`followed`, `subscribed`, `can_*`, `is_blocked_from_primary`) are left out. `theme` is in
 * api.md's default `/info` fields with no condition (warned when missing); `ask_anon` comes only
 * when `ask`, `likes` only when `share_likes`; `ask_page_title`, `is_nsfw` and `share_likes` are
 * not in api.md's list ("not officially supported"): those read as optional, null silently.
 */
function parseBlog(r: Reader): BlogInfo {
  return {
    name: r.id('name', (v) => (typeof v === 'string' && v !== '' ? v : null)),
    title: r.str('title'),
    description: r.str('description'),
    url: r.str('url'),
    uuid: r.str('uuid'),
    updated: r.int('updated'),
    posts: r.int('posts'),
    avatar: r.items('avatar', parseAvatar),
    ask: r.bool('ask'),
    ask_anon: r.opt.bool('ask_anon'),
    ask_page_title: r.opt.str('ask_page_title'),
    is_nsfw: r.opt.bool('is_nsfw'),
    share_likes: r.opt.bool('share_likes'),
    likes: r.opt.int('likes'),
    theme: r.obj('theme'),
  };
}

/** The body of `GET /v2/blog/<blog>/info` → `response.blog`. */
export function parseInfo(body: unknown): BlogInfo {
  const root = recordReader(body, { platform: PLATFORM, record: 'info_answer', what: 'the Tumblr API envelope' });
  const response = root.child('response');
  response.id('blog', (v) => (isObj(v) ? v : null));
  return parseBlog(response.child('blog'));
}

/**
 * The body of `GET /v2/blog/<blog>/posts?id=<id>&npf=true` → its one post, or null when
 * `response.posts` is empty. The post without its `id_string` is a changed shape.
 */
export function parseSinglePost(body: unknown): BlogPost | null {
  const root = recordReader(body, { platform: PLATFORM, record: 'post_answer', what: 'the Tumblr API envelope' });
  const posts = root.child('response').id('posts', (v) => (Array.isArray(v) ? v : null));
  return posts.length ? parsePost(root.over(posts[0], 'response.posts[0]')) : null;
}

/** Tumblr's opaque `page_number` of a next link (base64-like text), as we accept it back in a cursor. */
export const PAGE_NUMBER = /^[A-Za-z0-9_\-=.%+/]{1,2048}$/;

/**
 * The body of `GET /v2/blog/<blog>/posts?npf=true` → the posts, the blog's `name`, and how to ask
 * for the next page (`response._links.next.query_params`): its `offset`, or — answers since 2022
 * name the next page by an opaque `page_number` alone — that token. Both null at the end, where
 * there is no `next` link. A `next` link with neither readable is a changed shape (null plus a
 * warning), never taken silently for the end.
 */
/** How Tumblr's next link names the next page. */
export type NextPage = { offset: number } | { pageNumber: string };

export function parsePosts(body: unknown): { posts: BlogPost[]; blogName: string | null; next: NextPage | null } {
  const root = recordReader(body, { platform: PLATFORM, record: 'posts_answer', what: 'the Tumblr API envelope' });
  const r = root.child('response');
  r.id('posts', (v) => (Array.isArray(v) ? v : null));
  // `_links` names the pages around this one (api.md: `next`, `previous`…): no `next`, no next page.
  const links = r.opt.obj('_links');
  const next = links ? r.over(links, '_links').opt.obj('next') : null;
  const params = next && isObj(next.query_params) ? next.query_params : null;
  const token = params && params.offset === undefined && typeof params.page_number === 'string' ? params.page_number : null;
  const pageNumber = token !== null && PAGE_NUMBER.test(token) ? token : null;
  const offset = next && pageNumber === null ? r.over(next, '_links.next').intish('query_params.offset', ['query_params', 'offset']) : null;
  return {
    posts: r.items('posts', parsePost),
    blogName: r.child('blog').str('name'),
    next: pageNumber !== null ? { pageNumber } : offset !== null && offset > 0 ? { offset } : null,
  };
}

/** Tumblr's error envelope: `meta.status` and `meta.msg` (`{"meta":{"status":404,"msg":"Not Found"}}`), or null. */
export function apiError(body: unknown): { status: number; msg: string } | null {
  const meta = isObj(body) ? body.meta : undefined;
  return isObj(meta) && typeof meta.status === 'number' ? { status: meta.status, msg: typeof meta.msg === 'string' ? meta.msg : '' } : null;
}

/**
 * Tumblr's error code for a blog its owner shows to logged-in readers only ("This Tumblr is only
 * viewable within the Tumblr dashboard"), sent with a 404 in `errors[]`: the blog exists, but not
 * for a reader without a login.
 */
export const DASHBOARD_ONLY = 4012;

/** Whether an error envelope's `errors[]` holds the dashboard-only code (DASHBOARD_ONLY). */
export function isDashboardOnly(body: unknown): boolean {
  const errors = isObj(body) ? body.errors : undefined;
  return Array.isArray(errors) && errors.some((e) => isObj(e) && (e.code === DASHBOARD_ONLY || e.code === String(DASHBOARD_ONLY)));
}

/** Blog names: letters, digits and `-`, at most 32. */
const NAME = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/**
 * A blog identifier as the API takes it: `<name>.tumblr.com` for a name, `<name>.tumblr.com`,
 * `https://<name>.tumblr.com/`, `https://www.tumblr.com/<name>`, or a custom domain host. Null when invalid.
 */
export function normalizeBlog(input: string): string | null {
  let s = input.trim().toLowerCase();
  if (/^https?:\/\//.test(s) || /^(?:www\.)?tumblr\.com\//.test(s)) {
    const u = parseUserUrl(s);
    if (!u || u.search) return null;
    const m = /^(?:www\.)?tumblr\.com$/.test(u.hostname) ? /^\/([^/]+)\/?$/.exec(u.pathname) : null;
    if (m) s = m[1];
    else if (u.pathname === '/' || u.pathname === '') s = u.hostname;
    else return null;
  }
  if (NAME.test(s)) return `${s}.tumblr.com`;
  const sub = /^([a-z0-9-]+)\.tumblr\.com$/.exec(s);
  if (sub) return NAME.test(sub[1]) && sub[1] !== 'www' ? s : null;
  return HOST.test(s) && !s.endsWith('.tumblr.com') && s !== 'tumblr.com' ? s : null;
}

/** The blog name a `<name>.tumblr.com` identifier names (null for a custom domain). */
export const blogNameOf = (blog: string) => /^([a-z0-9-]+)\.tumblr\.com$/.exec(blog)?.[1] ?? null;

/** First segments of www.tumblr.com paths that are Tumblr's own pages, never a blog. */
const TUMBLR_PAGES = new Set([
  'blog',
  'tagged',
  'search',
  'explore',
  'dashboard',
  'settings',
  'likes',
  'following',
  'inbox',
  'new',
  'communities',
]);

/** A post asked for: its blog (as `normalizeBlog` gives it) and its id. */
export interface PostRef {
  blog: string;
  id: string;
}

/** A post id as given (digits, no leading zero), or null. */
export const normalizePostId = (input: string): string | null => (POST_ID.test(input.trim()) ? input.trim() : null);

/**
 * A post URL → its blog and id: `https://<name>.tumblr.com/post/<id>[/<slug>]` or
 * `https://www.tumblr.com/<name>/<id>[/<slug>]` (a query or fragment, as share links carry, is
 * ignored). Null for anything else.
 */
export function normalizePostUrl(input: string): PostRef | null {
  const u = parseUserUrl(input);
  if (!u) return null;
  const host = u.hostname.toLowerCase();
  const segs = u.pathname.split('/').filter(Boolean);
  let name: string | undefined;
  let id: string | undefined;
  let rest: string[];
  if (/^(?:www\.)?tumblr\.com$/.test(host)) [name, id, ...rest] = segs;
  else {
    const sub = /^([a-z0-9-]+)\.tumblr\.com$/.exec(host);
    if (!sub || segs[0] !== 'post') return null;
    name = sub[1];
    [, id, ...rest] = segs;
  }
  if (!name || !id || rest.length > 1 || !POST_ID.test(id) || TUMBLR_PAGES.has(name.toLowerCase())) return null;
  const blog = normalizeBlog(name);
  return blog && blogNameOf(blog) ? { blog, id } : null;
}
