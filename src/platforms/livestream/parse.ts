/**
 * livestream = Kick. Pure parsers: the v2 channel, its past broadcasts (either list) and its clips
 * (`/clips`) JSON in, the records out (no I/O), through the parse kit: a channel without its id or
 * slug is a changed shape; a broadcast or clip without its id (or a broadcast without its
 * `channel_id`, its only tie to the channel) is left out with a warning; the usual fields missing
 * are null plus a warning. Whose channel the items are is fetch.ts's check.
 *
 * Capture: ../shared/fixtures/livestream/ (SOURCES.md: two channel bodies keyed by the slug asked,
 * as a browser-driven recorder wrote them).
 */
import { parseUserUrl } from '../../links/user-url.js';
import { shapeChanged } from '../../errors.js';
import { idStr, int, intish, isObj, num, reader, recordReader } from '../../parse/index.js';
import type { Reader } from '../../parse/index.js';
import type { LivestreamChannel, LivestreamClip, LivestreamVideo } from './schema.js';
export type { LivestreamChannel } from './schema.js';

export const PLATFORM = 'livestream';

/**
 * Kick's verified badge: `true` / `false`, or the channel's verification record
 * (`{id, channel_id, created_at, updated_at}`: verified) — both forms are served under `verified`
 * (public clients of the v2 channel read "bool or Map"; the older channel answer sends the
 * record, or null). Null for anything else — Kick's null (it says nothing more), an object that
 * is no record (no id: warned as another type).
 */
const verifiedBadge = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : isObj(v) && idStr(v.id) !== null ? true : null);

/** The body of `GET https://kick.com/api/v2/channels/<slug>`. */
export function parseChannel(body: unknown): LivestreamChannel {
  const r = recordReader(body, { platform: PLATFORM, record: 'channel', what: 'the channel object' });
  const userObj = r.obj('user');
  const u = userObj ? r.over(userObj, 'user') : null;
  // Every v2 body carries these keys (both captured bodies, and the 2024 one SOURCES.md compares):
  // a missing one is a changed shape (null plus a warning). Kick's own null (an account that never
  // set a link, `livestream` offline, no offline banner) and "" (a cleared link) are data.
  // `banner_image` alone is left out by Kick for a channel without a banner (the capture's
  // `invalidusername`): optional.
  const userId = r.int('user_id');
  return {
    id: r.id('id', int),
    user_id: userId,
    slug: r.id('slug'),
    is_banned: r.bool('is_banned'),
    vod_enabled: r.bool('vod_enabled'),
    subscription_enabled: r.bool('subscription_enabled'),
    verified: r.get('verified', verifiedBadge),
    can_host: r.bool('can_host'),
    // `followersCount`: the older answer's name of the same count.
    followers_count: r.int('followers_count', 'followers_count', 'followersCount'),
    banner_image: r.opt.obj('banner_image'),
    offline_banner_image: r.obj('offline_banner_image'),
    livestream: r.obj('livestream'),
    recent_categories: r.objects('recent_categories'),
    subscriber_badges: r.objects('subscriber_badges'),
    user: u ? channelOwner(r, u, userId) : null,
    chatroom: r.obj('chatroom'),
  };
}

/**
 * The channel's `user`: its owner's account. A user object naming another account than the
 * channel's `user_id` is no part of this channel (its links are another person's): null, warned.
 */
function channelOwner(r: Reader, u: Reader, userId: number | null): LivestreamChannel['user'] {
  const id = u.int('id');
  if (id !== null && userId !== null && id !== userId) {
    r.warn('user', `the user object is account ${id}, the channel's user_id ${userId}`);
    return null;
  }
  return {
    id,
    username: u.str('username'),
    bio: u.str('bio'),
    country: u.str('country'),
    state: u.str('state'),
    city: u.str('city'),
    instagram: u.str('instagram'),
    twitter: u.str('twitter'),
    youtube: u.str('youtube'),
    discord: u.str('discord'),
    tiktok: u.str('tiktok'),
    facebook: u.str('facebook'),
    profile_pic: u.str('profile_pic'),
  };
}

/**
 * A channel's past broadcasts, in either list Kick has served:
 * - `GET https://kick.com/api/v1/channels/<channel id>/videos` (since July 2026): `{"data": [...]}`,
 *   each broadcast in the shape of Kick's 2026 video answer (`id` its video id, `title`,
 *   `start_time`, `end_time`, `duration` in seconds, `thumbnail {src, srcSet}`, one `category`,
 *   `channel {id, slug, username}`; public evidence: yt-dlp issue #17284, 2026-07-22, the
 *   id-keyed `/api/v1/channels/<id>/videos/<video id>` answer; streamlink PR #7108 and KickNoSub
 *   PR #19: the channel id is needed first);
 * - `GET https://kick.com/api/v2/channels/<slug>/videos` (before): a bare JSON array of
 *   livestream objects, each with its recording under `video`.
 */
export function parseVideos(body: unknown): LivestreamVideo[] {
  if (Array.isArray(body)) return reader(body, { platform: PLATFORM, record: 'videos' }).items('video', parseVideo, []);
  if (isObj(body) && Array.isArray(body.data))
    return reader(body, { platform: PLATFORM, record: 'videos' }).items('video', parseIdKeyedVideo, 'data');
  throw shapeChanged(PLATFORM, 'the list of past broadcasts (a JSON array, or `data` of the id-keyed list)');
}

/** The older list's broadcast: a livestream object (`id` the livestream's), its recording under `video`. */
function parseVideo(v: Reader): LivestreamVideo {
  const fileObj = v.obj('video');
  const f = fileObj ? v.over(fileObj, 'video') : null;
  return {
    id: v.id('id', int),
    slug: v.str('slug'),
    channel_id: v.id('channel_id', intish),
    session_title: v.str('session_title'),
    created_at: v.str('created_at'),
    start_time: v.str('start_time'),
    duration: v.int('duration'),
    viewer_count: v.int('viewer_count'),
    is_live: v.bool('is_live'),
    language: v.str('language'),
    is_mature: v.bool('is_mature'),
    thumbnail: v.obj('thumbnail'),
    categories: v.objects('categories'),
    video: f
      ? {
          id: f.int('id'),
          uuid: f.str('uuid'),
          views: f.int('views'),
          live_stream_id: f.int('live_stream_id'),
          created_at: f.str('created_at'),
          updated_at: f.str('updated_at'),
        }
      : null,
    source: v.str('source'),
  };
}

/** Seconds (the id-keyed list's `duration`) as the record's milliseconds; null when not a count. */
const secondsAsMs = (v: unknown): number | null => {
  const s = num(v);
  return s === null || s < 0 ? null : int(Math.round(s * 1000));
};

/**
 * The id-keyed list's broadcast. It names no livestream id (`id` null) and no storage internals:
 * its `id` is the video's (its page `https://kick.com/<slug>/videos/<id>`), read as `video.uuid`;
 * `title` is the session title; its one `category` is the record's `categories`; the channel is
 * `channel.id` (or a bare `channel_id`), without which the broadcast is left out. `views`,
 * `created_at`, `slug` and `source` are not part of this shape: null, no warning, unless sent.
 */
function parseIdKeyedVideo(v: Reader): LivestreamVideo {
  const videoId = v.id('id', idStr);
  const category = v.obj('category');
  return {
    id: null,
    slug: v.opt.str('slug'),
    channel_id: v.id('channel_id', intish, ['channel', 'id'], 'channel_id'),
    session_title: v.str('session_title', 'title', 'session_title'),
    created_at: v.opt.str('created_at'),
    start_time: v.str('start_time'),
    duration: v.get('duration', secondsAsMs),
    viewer_count: v.int('viewer_count'),
    is_live: v.bool('is_live'),
    language: v.str('language'),
    is_mature: v.bool('is_mature'),
    thumbnail: v.obj('thumbnail'),
    categories: category ? [category] : [],
    video: { id: null, uuid: videoId, views: v.opt.int('views'), live_stream_id: null, created_at: null, updated_at: null },
    source: v.opt.str('source'),
  };
}

/** The body of `GET https://kick.com/api/v2/channels/<slug>/clips`: `{clips, nextCursor}`. */
export function parseClips(body: unknown): { clips: LivestreamClip[]; nextCursor: string | null } {
  if (!isObj(body) || !Array.isArray(body.clips)) throw shapeChanged(PLATFORM, 'the clips list (`clips`)');
  const r = reader(body, { platform: PLATFORM, record: 'clips' });
  return { clips: r.items('clip', parseClip, 'clips'), nextCursor: r.opt.get('nextCursor', idStr) };
}

function parseClip(c: Reader): LivestreamClip {
  const account = (k: 'creator' | 'channel') => {
    const o = c.obj(k);
    if (!o) return null;
    const a = c.over(o, k);
    return { id: a.get('id', intish), username: a.str('username'), slug: a.str('slug') };
  };
  return {
    id: c.id('id', idStr),
    livestream_id: c.get('livestream_id', idStr),
    category_id: c.get('category_id', idStr),
    channel_id: c.get('channel_id', intish),
    user_id: c.get('user_id', intish),
    title: c.str('title'),
    clip_url: c.str('clip_url'),
    thumbnail_url: c.str('thumbnail_url'),
    duration: c.int('duration'),
    views: c.int('views', 'views', 'view_count'),
    likes: c.int('likes', 'likes', 'likes_count'),
    created_at: c.str('created_at'),
    is_mature: c.bool('is_mature'),
    category: c.obj('category'),
    creator: account('creator'),
    channel: account('channel'),
  };
}

const MESSAGE_KEYS = new Set(['message', 'status', 'code', 'errors']);

/** Kick's bare `{"message": …}` answer (no data beside it), else null. */
export function kickMessage(body: unknown): string | null {
  return isObj(body) && typeof body.message === 'string' && Object.keys(body).every((k) => MESSAGE_KEYS.has(k)) ? body.message : null;
}

/** A Kick message that says the channel does not exist (Laravel's "No query results for model …" among them). */
export const NOT_FOUND_MESSAGE = /not[\s_-]?found|no query results|does not exist/i;

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
