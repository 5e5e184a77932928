/**
 * newsletter = Substack. Pure parsers: Substack's JSON API in, records out (no I/O), through the
 * parse kit: a profile without its id or handle, a post without its id, is a changed shape; the
 * usual fields missing are null plus a warning.
 *
 * Captures: ../shared/fixtures/newsletter/ (SOURCES.md; recorded with a login cookie, so viewer
 * fields appear there and are left out here).
 */
import { parseUserUrl } from '../../links/user-url.js';
import { int, intish, recordReader } from '../../parse/index.js';
import type { Reader } from '../../parse/index.js';
import type { NewsletterPost, NewsletterProfile } from './schema.js';
import { byListOwner } from '../identity.js';
export type { NewsletterPost, NewsletterProfile } from './schema.js';

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
