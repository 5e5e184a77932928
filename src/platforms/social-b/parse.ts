/**
 * Pure parsers for social-b (Instagram): upstream bodies in, api.md records out ("Social-b
 * profile" in shared/spec/api.md). No I/O here.
 *
 * The profile comes from Instagram's public web endpoint (platforms.md)
 *   GET https://i.instagram.com/api/v1/users/web_profile_info/?username=<u>   (x-ig-app-id: 936619743392459)
 * answering `{"data": {"user": {...}}, "status": "ok"}`. The record we return has the same
 * shape, `{data: {user}, status}`: every field api.md lists is present (null where Instagram
 * leaves it out, with the listed type), and every other field of the user ("and many flags")
 * passes through unchanged after the listed ones.
 *
 * Outcomes:
 *  - `data.user` null → NOT_FOUND (Instagram's answer for a username nobody has);
 *  - `{"status": "fail", "require_login": true, "message": "Please wait a few minutes…"}` → login
 *    wall (UPSTREAM_BLOCKED): anonymous access is being refused, never worked around;
 *  - `checkpoint_required` / `challenge_required` → UPSTREAM_BLOCKED;
 *  - a user without `id` or `username` → UPSTREAM_FAILED (shape change), never an empty 200.
 *
 * Private accounts (decision, see platform.ts): Instagram shows a private account's header
 * (name, bio, links, counts) to anyone, and web_profile_info returns it with no media. We return
 * that public header with `is_private: true`; the media lists (`edge_owner_to_timeline_media`,
 * `edge_felix_video_timeline`, `edge_saved_media`, `edge_media_collections`,
 * `edge_mutual_followed_by`) are emptied whatever the upstream sent, counts kept, so private
 * content can never pass through.
 */
import type { ApiError } from '../../errors.js';
import { loginWall, notFound, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { bool, idStr, isObj, num, reader, str } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import type { SocialBBioLink, SocialBPageInfo, SocialBMedia, SocialBTimelineMedia, SocialBUser, SocialBProfile } from './schema.js';
export type {
  SocialBBioLink,
  SocialBPageInfo,
  SocialBThumbnail,
  SocialBMedia,
  SocialBTimelineMedia,
  SocialBUser,
  SocialBProfile,
} from './schema.js';

const PLATFORM = 'social-b';

// ---------------------------------------------------------------------------------------------
// Handles
// ---------------------------------------------------------------------------------------------

/** Instagram usernames: 1–30 letters, digits, periods and underscores. */
const USERNAME_RE = /^[a-z0-9._]{1,30}$/;

/** `@Megadeth` → `megadeth`; anything that is not a username (a URL included) → null. */
export function normalizeHandle(input: string): string | null {
  const h = input.trim().replace(/^@/, '').toLowerCase();
  return USERNAME_RE.test(h) ? h : null;
}

/** A profile URL (or anything URL-like) given where a handle belongs. */
export function looksLikeUrl(input: string): boolean {
  const s = input.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(s) || s.includes('/') || /(^|\.)instagram\.com\b/i.test(s) || /^instagr\.am\b/i.test(s);
}

export function profileInfoUrl(username: string): string {
  return `https://i.instagram.com/api/v1/users/web_profile_info/?username=${encodeURIComponent(username)}`;
}

// ---------------------------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------------------------

/** An edge's count (`{count: 1234}`), kept in that shape. */
const count = (v: unknown): { count: number | null } => ({ count: isObj(v) ? num(v.count) : null });

/** `listed` first (in that order), then every other key of `raw` unchanged. */
function withRest<T extends object>(listed: T, raw: Obj): T {
  const out: Obj = { ...(listed as Obj) };
  for (const [k, v] of Object.entries(raw)) if (!(k in out)) out[k] = v;
  return out as T;
}

function parseBioLink(v: unknown): SocialBBioLink | null {
  if (!isObj(v)) return null;
  return withRest({ title: str(v.title), lynx_url: str(v.lynx_url), url: str(v.url), link_type: str(v.link_type) }, v);
}

function parseMedia(v: unknown): SocialBMedia {
  if (!isObj(v)) throw shapeChanged(PLATFORM, 'edge_owner_to_timeline_media.edges[].node');
  const id = idStr(v.id);
  const shortcode = str(v.shortcode);
  if (!id || !shortcode) throw shapeChanged(PLATFORM, 'id/shortcode of a timeline media node');
  const dims = isObj(v.dimensions) ? { height: num(v.dimensions.height), width: num(v.dimensions.width) } : null;
  const owner = isObj(v.owner) ? withRest({ id: idStr(v.owner.id), username: str(v.owner.username) }, v.owner) : null;
  const thumbs = Array.isArray(v.thumbnail_resources)
    ? v.thumbnail_resources
        .filter(isObj)
        .map((t) => withRest({ src: str(t.src), config_width: num(t.config_width), config_height: num(t.config_height) }, t))
    : [];
  return withRest(
    {
      id,
      shortcode,
      dimensions: dims,
      display_url: str(v.display_url),
      is_video: bool(v.is_video),
      video_url: str(v.video_url),
      video_view_count: num(v.video_view_count),
      edge_media_to_comment: count(v.edge_media_to_comment),
      edge_liked_by: count(v.edge_liked_by),
      taken_at_timestamp: num(v.taken_at_timestamp),
      thumbnail_src: str(v.thumbnail_src),
      thumbnail_resources: thumbs,
      owner,
    },
    v,
  );
}

function pageInfo(v: unknown): SocialBPageInfo {
  return isObj(v) ? { has_next_page: v.has_next_page === true, end_cursor: str(v.end_cursor) } : { has_next_page: false, end_cursor: null };
}

function parseTimeline(v: unknown): SocialBTimelineMedia {
  if (!isObj(v)) return { count: null, page_info: pageInfo(null), edges: [] };
  const edges = Array.isArray(v.edges) ? v.edges.map((e) => ({ node: parseMedia(isObj(e) ? e.node : undefined) })) : [];
  return { count: num(v.count), page_info: pageInfo(v.page_info), edges };
}

/** An edge list with its items removed (count kept): what a private account's lists become. */
function emptied(v: unknown): unknown {
  if (!isObj(v)) return v;
  const out: Obj = { ...v, edges: [] };
  if ('page_info' in v) out.page_info = { has_next_page: false, end_cursor: null };
  return out;
}

const PRIVATE_MEDIA_EDGES = ['edge_felix_video_timeline', 'edge_saved_media', 'edge_media_collections', 'edge_mutual_followed_by'];

export function parseUser(u: Obj): SocialBUser {
  const id = idStr(u.id);
  const username = str(u.username);
  if (!id || !username) throw shapeChanged(PLATFORM, 'data.user.id / data.user.username');
  const isPrivate = bool(u.is_private);
  const bwe = isObj(u.biography_with_entities)
    ? {
        raw_text: str(u.biography_with_entities.raw_text),
        entities: Array.isArray(u.biography_with_entities.entities) ? u.biography_with_entities.entities : [],
      }
    : null;
  const timeline = parseTimeline(isPrivate ? emptied(u.edge_owner_to_timeline_media) : u.edge_owner_to_timeline_media);
  // web_profile_info carries names, bio, counts, flags and pictures on every account (null or ""
  // when unset): missing ones are warned.
  const r = reader(u, { platform: PLATFORM, record: 'user' });
  const user = withRest<SocialBUser>(
    {
      id,
      fbid: idStr(u.fbid),
      username,
      full_name: r.str('full_name'),
      biography: r.str('biography'),
      biography_with_entities: bwe,
      bio_links: Array.isArray(u.bio_links) ? u.bio_links.map(parseBioLink).filter((l): l is SocialBBioLink => l !== null) : [],
      external_url: str(u.external_url),
      edge_followed_by: count(r.obj('edge_followed_by')),
      edge_follow: count(r.obj('edge_follow')),
      is_private: isPrivate,
      is_verified: r.bool('is_verified'),
      is_business_account: bool(u.is_business_account),
      is_professional_account: bool(u.is_professional_account),
      category_name: str(u.category_name),
      business_address_json: str(u.business_address_json),
      business_email: str(u.business_email),
      business_phone_number: str(u.business_phone_number),
      profile_pic_url: r.str('profile_pic_url'),
      profile_pic_url_hd: str(u.profile_pic_url_hd),
      highlight_reel_count: num(u.highlight_reel_count),
      has_clips: bool(u.has_clips),
      edge_owner_to_timeline_media: timeline,
    },
    u,
  );
  const loose = user as unknown as Obj;
  if (isPrivate) for (const k of PRIVATE_MEDIA_EDGES) if (k in loose) loose[k] = emptied(loose[k]);
  return user;
}

/**
 * Instagram's error bodies (`status: "fail"`) → the typed error, or null when `body` is not one.
 * Read by their keys and codes (the walls of walls.ts, which the upstream client applies first, and
 * for bodies handed here directly), never by the `message` sentence, which is translated.
 * Exported for the fetcher, which sees them with 4xx statuses.
 */
export function failureOf(body: unknown, username?: string): ApiError | null {
  if (!isObj(body) || body.status !== 'fail') return null;
  const message = str(body.message) ?? '';
  // `message` is sometimes a code (a lower-case identifier) rather than a sentence.
  const code = /^[a-z]+(?:_[a-z]+)+$/.test(message.trim()) ? message.trim() : null;
  if (
    code === 'checkpoint_required' ||
    code === 'challenge_required' ||
    body.checkpoint_url !== undefined ||
    body.challenge !== undefined
  ) {
    return upstreamBlocked(`${PLATFORM}: Instagram answered with a checkpoint/challenge instead of the profile`);
  }
  if (body.require_login === true || code === 'login_required') return loginWall(PLATFORM);
  if (body.spam === true || code === 'feedback_required')
    return upstreamBlocked(`${PLATFORM}: Instagram refused the request (flagged as automated)`);
  // Last resort, beside the structural signs of a missing account (HTTP 404 in fetch.ts,
  // `data.user: null` below): Instagram gives no code for "User not found", only the sentence.
  if (/user not found/i.test(message)) return notFound(username ? `Profile @${username} was not found` : 'Profile was not found');
  return upstreamFailed(`${PLATFORM}: Instagram answered with an error (${message || 'no message'})`);
}

/**
 * A web_profile_info answer → `{data: {user}, status}`. The record the discovery tools read the
 * bio, `external_url`, `bio_links`, `business_email` and `full_name` from.
 */
export function parseProfile(body: unknown, username?: string): SocialBProfile {
  const failed = failureOf(body, username);
  if (failed) throw failed;
  if (!isObj(body) || !isObj(body.data) || !('user' in body.data)) throw shapeChanged(PLATFORM, 'data.user');
  const user = body.data.user;
  if (user === null) throw notFound(username ? `Profile @${username} was not found` : 'Profile was not found');
  if (!isObj(user)) throw shapeChanged(PLATFORM, 'data.user');
  return { data: { user: parseUser(user) }, status: str(body.status) ?? 'ok' };
}
