/**
 * livestream = Kick. Pure parser: the v2 channel JSON in, the record out (no I/O), through the
 * parse kit: a channel without its id or slug is a changed shape; the usual fields missing are
 * null plus a warning.
 *
 * Capture: ../shared/fixtures/livestream/ (SOURCES.md: two channel bodies keyed by the slug asked,
 * as a browser-driven recorder wrote them).
 */
import { parseUserUrl } from '../../links/user-url.js';
import { int, recordReader } from '../../parse/index.js';
import type { LivestreamChannel } from './schema.js';
export type { LivestreamChannel } from './schema.js';

export const PLATFORM = 'livestream';

/** The body of `GET https://kick.com/api/v2/channels/<slug>`. */
export function parseChannel(body: unknown): LivestreamChannel {
  const r = recordReader(body, { platform: PLATFORM, record: 'channel', what: 'the channel object' });
  const userObj = r.obj('user');
  const u = userObj ? r.over(userObj, 'user') : null;
  // Location and social links: "" when unset, null for accounts that never set them (SOURCES.md) — both data.
  const optional = (k: string) => u?.opt.str(k) ?? null;
  return {
    id: r.id('id', int),
    user_id: r.int('user_id'),
    slug: r.id('slug'),
    is_banned: r.bool('is_banned'),
    vod_enabled: r.opt.bool('vod_enabled'),
    subscription_enabled: r.opt.bool('subscription_enabled'),
    verified: r.opt.bool('verified'),
    can_host: r.opt.bool('can_host'),
    followers_count: r.int('followers_count'),
    banner_image: r.opt.obj('banner_image'),
    offline_banner_image: r.opt.obj('offline_banner_image'),
    livestream: r.opt.obj('livestream'),
    recent_categories: r.opt.objects('recent_categories'),
    subscriber_badges: r.opt.objects('subscriber_badges'),
    user: u
      ? {
          id: u.int('id'),
          username: u.str('username'),
          bio: u.str('bio'),
          country: optional('country'),
          state: optional('state'),
          city: optional('city'),
          instagram: optional('instagram'),
          twitter: optional('twitter'),
          youtube: optional('youtube'),
          discord: optional('discord'),
          tiktok: optional('tiktok'),
          facebook: optional('facebook'),
          profile_pic: u.opt.str('profile_pic'),
        }
      : null,
    chatroom: r.opt.obj('chatroom'),
  };
}

/** Kick slugs: lower-case letters, digits, `-` and `_`. */
const SLUG = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** A slug (lower-cased, `@` allowed) or a channel URL `https://kick.com/<slug>`; null when invalid. */
export function normalizeSlug(input: string): string | null {
  let s = input.trim();
  if (/^(?:https?:\/\/)?(?:www\.)?kick\.com\//i.test(s)) {
    const u = parseUserUrl(s);
    const m = u && !u.search ? /^\/([^/]+)\/?$/.exec(u.pathname) : null;
    if (!m) return null;
    s = m[1];
  }
  s = s.replace(/^@/, '').toLowerCase();
  return SLUG.test(s) ? s : null;
}
