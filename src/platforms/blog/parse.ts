/**
 * blog = Tumblr. Pure parsers: API v2 JSON in, records out (no I/O), through the parse kit: an
 * answer without its `response.posts`, or a post without its id, is a changed shape; the usual
 * fields missing are null plus a warning.
 *
 * Capture: ../shared/fixtures/blog/ (SOURCES.md: recorded with OAuth, so viewer fields appear
 * there and are left out here; `notes_info=true`, which this gateway does not send).
 */
import { parseUserUrl } from '../../links/user-url.js';
import { at, intish, isObj, recordReader } from '../../parse/index.js';
import type { Reader } from '../../parse/index.js';
import type { BlogPost } from './schema.js';
export type { BlogPost } from './schema.js';

export const PLATFORM = 'blog';

function parsePost(r: Reader): BlogPost {
  return {
    // Tumblr's ids exceed 2^53: the string is the id (the number is rounded by any JSON reader).
    id_string: r.id('id_string', (v) => (typeof v === 'string' && /^\d{1,20}$/.test(v) ? v : null)),
    type: r.str('type'),
    blog_name: r.str('blog_name'),
    blog: r.opt.obj('blog'),
    post_url: r.str('post_url'),
    short_url: r.opt.str('short_url'),
    slug: r.opt.str('slug'),
    date: r.str('date'),
    timestamp: r.int('timestamp'),
    state: r.opt.str('state'),
    tags: r.strings('tags'),
    summary: r.opt.str('summary'),
    note_count: r.opt.int('note_count'),
    content: r.objects('content'),
    layout: r.opt.objects('layout'),
    trail: r.opt.objects('trail'),
    source_url: r.opt.str('source_url'),
    source_title: r.opt.str('source_title'),
    reblogged_from_name: r.opt.str('reblogged_from_name'),
    reblogged_from_url: r.opt.str('reblogged_from_url'),
    reblogged_root_name: r.opt.str('reblogged_root_name'),
    reblogged_root_url: r.opt.str('reblogged_root_url'),
  };
}

/**
 * The body of `GET /v2/blog/<blog>/posts?npf=true` → the posts, the blog's `name`, and the next
 * page's offset (`response._links.next.query_params.offset`; null at the end).
 */
export function parsePosts(body: unknown): { posts: BlogPost[]; blogName: string | null; nextOffset: number | null } {
  const root = recordReader(body, { platform: PLATFORM, record: 'posts_answer', what: 'the Tumblr API envelope' });
  const r = root.child('response');
  r.id('posts', (v) => (Array.isArray(v) ? v : null));
  const next = r.opt.obj('_links');
  const offset = next ? intish(at(next, ['next', 'query_params', 'offset'])) : null;
  return {
    posts: r.items('posts', parsePost),
    blogName: r.child('blog').str('name'),
    nextOffset: offset !== null && offset > 0 ? offset : null,
  };
}

/** Tumblr's error envelope: `meta.status` and `meta.msg` (`{"meta":{"status":404,"msg":"Not Found"}}`), or null. */
export function apiError(body: unknown): { status: number; msg: string } | null {
  const meta = isObj(body) ? body.meta : undefined;
  return isObj(meta) && typeof meta.status === 'number' ? { status: meta.status, msg: typeof meta.msg === 'string' ? meta.msg : '' } : null;
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
