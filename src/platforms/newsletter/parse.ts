/**
 * newsletter = Substack. Pure parsers: Substack's JSON API in, records out (no I/O), through the
 * parse kit: a profile without its id or handle, a post without its id, is a changed shape; the
 * usual fields missing are null plus a warning. Also a post URL's host and slug, whether one
 * post's answer is the post asked for (postIdentityProblem), and a post's comment tree
 * (parsePostComments: a comment without its id is left out, warned), and the publication search
 * (parsePublicationSearch: a publication without its id is left out, warned).
 *
 * Captures: ../shared/fixtures/newsletter/ (SOURCES.md; recorded with a login cookie, so viewer
 * fields appear there and are left out here).
 */
import { parseUserUrl } from '../../links/user-url.js';
import { int, intish, recordReader } from '../../parse/index.js';
import type { Reader } from '../../parse/index.js';
import type { NewsletterComment, NewsletterPost, NewsletterPostDetail, NewsletterProfile, NewsletterPublication } from './schema.js';
import { byListOwner } from '../identity.js';
export type { NewsletterComment, NewsletterPost, NewsletterPostDetail, NewsletterProfile, NewsletterPublication } from './schema.js';

export const PLATFORM = 'newsletter';

/** The body of `GET https://substack.com/api/v1/user/<handle>/public_profile`. */
export function parseProfile(body: unknown): NewsletterProfile {
  const r = recordReader(body, { platform: PLATFORM, record: 'profile' });
  return {
    id: r.id('id', int),
    handle: r.id('handle'),
    name: r.str('name'),
    previous_name: r.opt.str('previous_name'),
    slug: r.str('slug'),
    bio: r.str('bio'),
    photo_url: r.str('photo_url'),
    profile_set_up_at: r.opt.str('profile_set_up_at'),
    profile_disabled: r.opt.bool('profile_disabled'),
    subdomainUrl: r.opt.str('subdomainUrl'),
    primaryPublication: r.opt.obj('primaryPublication'),
    publicationUsers: r.opt.objects('publicationUsers'),
    userLinks: r.opt.objects('userLinks'),
    twitterAccount: r.opt.obj('twitterAccount'),
    facebookAccount: r.opt.obj('facebookAccount'),
    subscriberCount: r.opt.get('subscriberCount', (v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null)),
    subscriberCountNumber: r.opt.get('subscriberCountNumber', intish),
    subscriberCountString: r.opt.str('subscriberCountString'),
    rough_num_free_subscribers: r.opt.str('rough_num_free_subscribers'),
    subscriptions: r.opt.objects('subscriptions'),
  };
}

function parsePost(r: Reader): NewsletterPost {
  return {
    id: r.id('id', int),
    publication_id: r.int('publication_id'),
    title: r.str('title'),
    subtitle: r.opt.str('subtitle'),
    description: r.opt.str('description'),
    slug: r.str('slug'),
    type: r.str('type'),
    audience: r.str('audience'),
    post_date: r.str('post_date'),
    canonical_url: r.str('canonical_url'),
    cover_image: r.opt.str('cover_image'),
    wordcount: r.opt.int('wordcount'),
    reaction_count: r.opt.int('reaction_count'),
    reactions: r.opt.obj('reactions'),
    comment_count: r.opt.int('comment_count'),
    child_comment_count: r.opt.int('child_comment_count'),
    section_name: r.opt.str('section_name'),
    podcast_url: r.opt.str('podcast_url'),
    postTags: r.opt.objects('postTags'),
    publishedBylines: r.opt.objects('publishedBylines'),
  };
}

/** The body of `GET https://substack.com/api/v1/profile/posts?profile_user_id=` → posts and `nextCursor`. */
export function parseProfilePosts(body: unknown): { posts: NewsletterPost[]; nextCursor: string | null } {
  const r = recordReader(body, { platform: PLATFORM, record: 'profile_posts' });
  // `posts` is the list itself: without it the answer is not this endpoint's.
  r.id('posts', (v) => (Array.isArray(v) ? v : null));
  return { posts: r.items('posts', parsePost), nextCursor: r.str('nextCursor') };
}

/**
 * The body of `GET https://<publication host>/api/v1/posts/<slug>`: one post object, the fields of
 * the profile lists' posts (parsePost) plus its text and the publication. `is_paywalled` is ours,
 * from `audience`; `publication` is the answer's own `publication` when it sends one, else the one
 * its bylines' `publicationUsers` name with the post's `publication_id`.
 */
export function parsePostDetail(body: unknown): NewsletterPostDetail {
  const r = recordReader(body, { platform: PLATFORM, record: 'post' });
  const post = parsePost(r);
  return {
    ...post,
    body_html: r.str('body_html'),
    truncated_body_text: r.opt.str('truncated_body_text'),
    is_paywalled: post.audience === null ? null : post.audience !== 'everyone',
    updated_at: r.opt.str('updated_at'),
    language: r.opt.str('language'),
    restacks: r.opt.int('restacks'),
    publication: ownPublication(r, r.opt.obj('publication'), post),
  };
}

/**
 * The post's publication: the one the answer states, or the one a byline's `publicationUsers` names
 * by the post's `publication_id`. The bylines are read through the reader: a byline without its
 * `publicationUsers`, or with it, an entry, its `publication` or that publication's `id` missing or
 * of another type, is warned (`post.publishedBylines…`) — the publication is then null because the
 * answer changed shape. Bylines that only name other publications (a guest's) leave it null silently.
 */
function ownPublication(r: Reader, stated: Record<string, unknown> | null, post: NewsletterPost): Record<string, unknown> | null {
  if (stated && (post.publication_id === null || stated.id === post.publication_id)) return stated;
  if (post.publication_id === null) return null;
  for (const b of post.publishedBylines) {
    const byline = r.over(b, 'publishedBylines');
    for (const pu of byline.objects('publicationUsers')) {
      const role = byline.over(pu, 'publicationUsers');
      const pub = role.obj('publication');
      if (pub && role.over(pub, 'publication').int('id') === post.publication_id) return pub;
    }
  }
  return null;
}

/**
 * Whether a post names the person among its authors: a byline with their user id and, when the
 * byline states a handle, theirs (case-insensitive). A post without bylines cannot be checked.
 * `idFromCursor`: the user id came from a caller's cursor, not from the profile, so it proves
 * nothing alone — the byline must then state their handle (a forged cursor is refused).
 */
export const bylinedBy = (p: NewsletterPost, userId: number, handle: string, idFromCursor = false) =>
  p.publishedBylines.length === 0
    ? byListOwner(null, { id: userId, handle }, idFromCursor)
    : p.publishedBylines.some((b) =>
        byListOwner({ id: b.id, handle: typeof b.handle === 'string' ? b.handle : null }, { id: userId, handle }, idFromCursor),
      );

/** Substack handles: letters, digits and `_` (lower-cased). */
const HANDLE = /^[a-z0-9_]{1,64}$/;

/** A handle (`@` allowed) or a profile URL `https://substack.com/@<handle>`; lower-cased; null when invalid. */
export function normalizeHandle(input: string): string | null {
  let s = input.trim();
  if (/^(?:https?:\/\/)?(?:www\.)?substack\.com\//i.test(s)) {
    const u = parseUserUrl(s);
    const m = u && !u.search ? /^\/@([^/]+)\/?$/.exec(u.pathname) : null;
    if (!m) return null;
    s = m[1];
  }
  s = s.replace(/^@/, '').toLowerCase();
  return HANDLE.test(s) ? s : null;
}

/** One post asked for by its address: the publication's host and the post's slug (lower-cased). */
export interface PostRef {
  host: string;
  slug: string;
}

/** A DNS name (no IP address, no port): a publication's `<name>.substack.com` or its own domain. */
const DNS_NAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
/** Substack's post slugs: lower-case letters, digits, `-` and `_`. */
const SLUG = /^[a-z0-9][a-z0-9_-]{0,299}$/;
/** Hosts under substack.com that are no publication's. */
const NOT_PUBLICATIONS = new Set(['www', 'open']);

/**
 * A post URL `https://<name>.substack.com/p/<slug>` or `https://<custom domain>/p/<slug>` (query
 * and fragment ignored, a trailing slash allowed; host and slug lower-cased) → its host and slug;
 * a share link `https://open.substack.com/pub/<name>/p/<slug>` is `<name>.substack.com`'s.
 * `substack.com`: a post address on substack.com itself (`/@<handle>/p/<slug>`, `/home/post/…`)
 * names no publication, and the per-publication endpoint cannot answer it. Null when invalid.
 */
export function normalizePostUrl(input: string): PostRef | 'substack.com' | null {
  const u = parseUserUrl(input);
  if (!u) return null;
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'substack.com' || host === 'www.substack.com') return 'substack.com';
  // Substack's share links: `open.substack.com/pub/<name>/p/<slug>` is `<name>.substack.com/p/<slug>`.
  if (host === 'open.substack.com') {
    const share = /^\/pub\/([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\/p\/([^/]+)\/?$/i.exec(u.pathname);
    const slug = share?.[2].toLowerCase();
    return share && slug && SLUG.test(slug) && !NOT_PUBLICATIONS.has(share[1].toLowerCase())
      ? { host: `${share[1].toLowerCase()}.substack.com`, slug }
      : null;
  }
  if (!DNS_NAME.test(host)) return null;
  if (host.endsWith('.substack.com')) {
    const name = host.slice(0, -'.substack.com'.length);
    if (name.includes('.') || NOT_PUBLICATIONS.has(name)) return null;
  }
  const m = /^\/p\/([^/]+)\/?$/.exec(u.pathname);
  const slug = m ? m[1].toLowerCase() : null;
  return slug && SLUG.test(slug) ? { host, slug } : null;
}

/** A host compared without case, a trailing dot or one leading `www.`. */
const site = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
};

/** A publication's two addresses: `<subdomain>.substack.com` and its custom domain (each when stated). */
function publicationHosts(pub: Record<string, unknown> | null): string[] {
  const out: string[] = [];
  if (typeof pub?.subdomain === 'string' && pub.subdomain) out.push(site(`${pub.subdomain}.substack.com`));
  if (typeof pub?.custom_domain === 'string' && pub.custom_domain) out.push(site(pub.custom_domain));
  return out;
}

/**
 * Why a post answer is not the post asked for, or null when it is: its `slug` must be the asked
 * slug (an answer stating none cannot be checked: refused too), and its `canonical_url` host (where
 * stated) the asked host, or the other address of the same publication — the pair the answer's
 * publication states (`<subdomain>.substack.com` and its custom domain), or where substack.com
 * itself redirected a `<name>.substack.com` request (`finalHost`: Substack's own word that the two
 * are one publication; a custom domain's redirect is its owner's and proves nothing).
 */
export function postIdentityProblem(post: NewsletterPostDetail, asked: PostRef, finalHost: string): string | null {
  if (post.slug === null) return 'a post stating no slug';
  if (post.slug.toLowerCase() !== asked.slug) return `post ${post.slug}, not ${asked.slug}`;
  if (post.canonical_url === null) return null;
  const canonical = hostOf(post.canonical_url);
  if (canonical === null) return 'a canonical_url that is no URL';
  const got = site(canonical);
  const want = site(asked.host);
  if (got === want) return null;
  const pair = publicationHosts(post.publication);
  if (pair.includes(want) && pair.includes(got)) return null;
  if (want.endsWith('.substack.com') && site(finalHost) !== want && site(finalHost) === got) return null;
  return `a post of ${canonical}, not ${asked.host}`;
}

/** A post's comment settings, from its own answer: `write_comment_permissions` (`everyone`, `only_paid`, `none`…), null when not stated. */
export function parseCommentPermissions(body: unknown): string | null {
  return recordReader(body, { platform: PLATFORM, record: 'post' }).opt.str('write_comment_permissions');
}

/** Deeper than this, replies are cut ([] and warned): Substack's own pages nest far less. */
export const MAX_COMMENT_DEPTH = 32;

/**
 * The body of `GET https://<publication host>/api/v1/post/<post id>/comments?all_comments=true&sort=`:
 * `{comments: [...], more?}`, each comment with its replies in `children`. Without `comments` the
 * answer is not this endpoint's (a changed shape); a comment without its id is left out (warned),
 * its replies with it. `comments_restricted` (a discussion for paid subscribers only) is reported,
 * never read around.
 */
export function parsePostComments(body: unknown): { comments: NewsletterComment[]; more: boolean | null; restricted: boolean } {
  const r = recordReader(body, { platform: PLATFORM, record: 'post_comments' });
  const restricted = r.opt.bool('comments_restricted') === true;
  if (restricted) return { comments: [], more: null, restricted };
  r.id('comments', (v) => (Array.isArray(v) ? v : null));
  return { comments: r.items('comments', (c) => parseComment(c, 0)), more: r.opt.bool('more'), restricted };
}

function parseComment(r: Reader, depth: number): NewsletterComment {
  const id = r.id('id', int);
  const deleted = r.opt.bool('deleted');
  const status = r.opt.str('status');
  const replies = r.opt.arr('children');
  let children: NewsletterComment[] = [];
  if (replies?.length && depth + 1 >= MAX_COMMENT_DEPTH) r.warn('children', `cut below ${MAX_COMMENT_DEPTH} levels`);
  else if (replies) children = r.items('children', (c) => parseComment(c, depth + 1));
  // A deleted or removed comment is served as a mark without a body: null, silently; any other is warned.
  const gone = deleted === true || (status !== null && status !== 'published');
  return {
    id,
    post_id: r.opt.int('post_id'),
    body: gone ? r.opt.str('body') : r.str('body'),
    date: r.str('date'),
    edited_at: r.opt.str('edited_at'),
    name: r.opt.str('name'),
    handle: r.opt.str('handle'),
    user_id: r.opt.int('user_id'),
    photo_url: r.opt.str('photo_url'),
    reactions: reactionCounts(r),
    reaction_count: r.opt.int('reaction_count'),
    children_count: r.opt.int('children_count'),
    deleted,
    status,
    children,
  };
}

/** `reactions` as counts by emoji; a count that is no whole number is left out (warned). */
function reactionCounts(r: Reader): Record<string, number> | null {
  const raw = r.opt.obj('reactions');
  if (!raw) return null;
  const out: Record<string, number> = {};
  for (const [emoji, n] of Object.entries(raw)) {
    if (typeof n === 'number' && Number.isSafeInteger(n)) out[emoji] = n;
    else r.warn('reactions', `${emoji}: not a count`);
  }
  return out;
}

/** The id of a comment in the tree (a reply at any depth) whose stated `post_id` is not the post's, or null. */
export function foreignComment(comments: NewsletterComment[], postId: number): number | null {
  for (const c of comments) {
    if (c.post_id !== null && c.post_id !== postId) return c.id;
    const deeper = foreignComment(c.children, postId);
    if (deeper !== null) return deeper;
  }
  return null;
}

/**
 * The body of `GET https://substack.com/api/v1/publication/search?query=&page=&limit=`:
 * `{results: [...], more}`. Without `results` the answer is not this endpoint's (a changed shape);
 * a publication without its id is left out (warned); `more` null when not stated.
 */
export function parsePublicationSearch(body: unknown): { publications: NewsletterPublication[]; more: boolean | null } {
  const r = recordReader(body, { platform: PLATFORM, record: 'publication_search' });
  r.id('results', (v) => (Array.isArray(v) ? v : null));
  return { publications: r.items('results', parsePublication), more: r.opt.bool('more') };
}

/**
 * One publication object: the search's results, and the same object where a profile names one
 * (`primaryPublication`, `publicationUsers[].publication`). `name` and `subdomain` are on every
 * publication (null plus a warning when missing); the rest null silently. The author: the search's
 * flat `author_id`, `author_name`, `author_handle`, or a nested `author` object where the answer
 * has one (a profile's publications); null when neither names anyone.
 */
export function parsePublication(r: Reader): NewsletterPublication {
  const author = {
    id: r.opt.int('author_id', ['author', 'id'], 'author_id'),
    name: r.opt.str('author_name', ['author', 'name'], 'author_name'),
    handle: r.opt.str('author_handle', ['author', 'handle'], 'author_handle'),
  };
  return {
    id: r.id('id', int),
    name: r.str('name'),
    subdomain: r.str('subdomain'),
    custom_domain: r.opt.str('custom_domain'),
    base_url: r.opt.str('base_url'),
    logo_url: r.opt.str('logo_url'),
    hero_text: r.opt.str('hero_text'),
    language: r.opt.str('language'),
    author: author.id === null && author.name === null && author.handle === null ? null : author,
  };
}
