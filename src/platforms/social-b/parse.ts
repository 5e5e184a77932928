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
 *  - a user behind the age gate (a `gating` object beside zeroed counts) → login wall;
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
import { idStr, isObj, num, reader, signedOut, str } from '../../parse/index.js';
import type { Obj, Reader, SignedOutValues } from '../../parse/index.js';
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

/** An edge's count (`{count: 1234}`), kept in that shape; the edge missing, or its count, is warned (once). */
function count(r: Reader, field: string): { count: number | null } {
  const edge = r.obj(field);
  return { count: edge ? r.over(edge, field).num('count') : null };
}

/**
 * A user's count as web_profile_info gives it (`edge_followed_by: {count}`), or where Instagram's
 * app API user object has it instead (`follower_count`): warned as `field` when neither is there.
 */
function userCount(r: Reader, field: string, appField: string): { count: number | null } {
  return { count: r.num(field, [field, 'count'], appField) };
}

/**
 * The app API's `account_type` (1 personal, 2 business, 3 creator — Instagram's two kinds of
 * professional account) as web_profile_info's `is_professional_account`; null for any other value.
 */
function professionalByAccountType(type: unknown): boolean | null {
  return type === 1 ? false : type === 2 || type === 3 ? true : null;
}

/** `listed` first (in that order), then every other key of `raw` unchanged. */
function withRest<T extends object>(listed: T, raw: Obj): T {
  const out: Obj = { ...(listed as Obj) };
  for (const [k, v] of Object.entries(raw)) if (!(k in out)) out[k] = v;
  return out as T;
}

function parseBioLink(l: Reader): SocialBBioLink {
  // `lynx_url` (Instagram's redirect) and `link_type` are newer than the first bio links.
  return withRest(
    { title: l.str('title'), lynx_url: l.opt.str('lynx_url'), url: l.str('url'), link_type: l.opt.str('link_type') },
    l.root as Obj,
  );
}

/**
 * One timeline media node. Its id and shortcode make it that post: without them the node is left
 * out of the list (warned), the profile is not failed.
 */
function parseMedia(edge: Reader): SocialBMedia {
  const m = edge.child('node');
  const v = m.root as Obj;
  const id = m.id('id');
  const shortcode = m.id('shortcode', str);
  const dimensions = m.obj('dimensions');
  const d = m.over(dimensions, 'dimensions');
  const owner = m.obj('owner');
  const o = m.over(owner, 'owner');
  return withRest(
    {
      id,
      shortcode,
      dimensions: dimensions ? { height: d.num('height'), width: d.num('width') } : null,
      display_url: m.str('display_url'),
      is_video: m.bool('is_video'),
      // Videos only.
      video_url: m.opt.str('video_url'),
      video_view_count: m.opt.num('video_view_count'),
      edge_media_to_comment: count(m, 'edge_media_to_comment'),
      edge_liked_by: count(m, 'edge_liked_by'),
      taken_at_timestamp: m.num('taken_at_timestamp'),
      thumbnail_src: m.str('thumbnail_src'),
      thumbnail_resources: m.items('thumbnail_resources', (t) =>
        withRest({ src: t.str('src'), config_width: t.num('config_width'), config_height: t.num('config_height') }, t.root as Obj),
      ),
      owner: owner ? withRest({ id: o.idStr('id'), username: o.opt.str('username') }, owner) : null,
    },
    v,
  );
}

function pageInfo(r: Reader): SocialBPageInfo {
  const p = r.obj('page_info');
  if (!p) return { has_next_page: false, end_cursor: null };
  const pr = r.over(p, 'page_info');
  return { has_next_page: pr.bool('has_next_page') === true, end_cursor: pr.str('end_cursor') };
}

/** The timeline (`edge_owner_to_timeline_media`), read through `r` (a reader over it). */
function parseTimeline(r: Reader, present: boolean): SocialBTimelineMedia {
  if (!present) return { count: null, page_info: { has_next_page: false, end_cursor: null }, edges: [] };
  return { count: r.num('count'), page_info: pageInfo(r), edges: r.items('edges', (e) => ({ node: parseMedia(e) })) };
}

/** An edge list with its items removed (count kept): what a private account's lists become. */
function emptied(v: unknown): unknown {
  if (!isObj(v)) return v;
  const out: Obj = { ...v, edges: [] };
  if ('page_info' in v) out.page_info = { has_next_page: false, end_cursor: null };
  return out;
}

const PRIVATE_MEDIA_EDGES = ['edge_felix_video_timeline', 'edge_saved_media', 'edge_media_collections', 'edge_mutual_followed_by'];

/**
 * A user object's members that are the requester's relation to the account (src/parse/viewer.ts),
 * at what a signed-out visitor gets (false, no mutual followers, as api.md's peer example shows): a
 * capture made signed in carried the capturer's mutual followers by name.
 */
export const USER_SIGNED_OUT: SignedOutValues = {
  blocked_by_viewer: false,
  followed_by_viewer: false,
  follows_viewer: false,
  has_blocked_viewer: false,
  has_requested_viewer: false,
  requested_by_viewer: false,
  is_guardian_of_viewer: false,
  is_supervised_by_viewer: false,
  restricted_by_viewer: false,
  guardian_id: null,
  edge_mutual_followed_by: () => ({ count: 0, edges: [] }),
  // The app API's user objects (a post's owner): the requester's follow state.
  friendship_status: undefined,
};

export function parseUser(given: Obj): SocialBUser {
  const u = signedOut(given, USER_SIGNED_OUT);
  // The app API's user object names its id `pk` (newer ones carry `id` too).
  const id = idStr(u.id) ?? idStr(u.pk);
  const username = str(u.username);
  if (!id || !username) throw shapeChanged(PLATFORM, 'data.user.id / data.user.username');
  // web_profile_info carries names, bio, counts, flags and pictures on every account (null or ""
  // when unset): missing ones are warned, one field at a time.
  const r = reader(u, { platform: PLATFORM, record: 'user' });
  const isPrivate = r.bool('is_private');
  // Media lists are shown only when the account says it is public: an unreadable flag hides them.
  const hideMedia = isPrivate !== false;
  const bweObj = r.obj('biography_with_entities');
  const bwe = r.over(bweObj, 'biography_with_entities');
  // The app API's user object has no media lists, only their count (`media_count`).
  const appMediaCount = u.edge_owner_to_timeline_media === undefined ? num(u.media_count) : null;
  const timelineObj =
    appMediaCount === null
      ? r.obj('edge_owner_to_timeline_media')
      : { count: appMediaCount, page_info: { has_next_page: false, end_cursor: null }, edges: [] };
  const timelineRaw = hideMedia ? emptied(timelineObj) : timelineObj;
  const user = withRest<SocialBUser>(
    {
      id,
      fbid: r.idStr('fbid'),
      username,
      full_name: r.str('full_name'),
      biography: r.str('biography'),
      biography_with_entities: bweObj ? { raw_text: bwe.str('raw_text'), entities: bwe.arr('entities') ?? [] } : null,
      bio_links: r.items('bio_links', parseBioLink),
      external_url: r.str('external_url'),
      edge_followed_by: userCount(r, 'edge_followed_by', 'follower_count'),
      edge_follow: userCount(r, 'edge_follow', 'following_count'),
      is_private: isPrivate,
      is_verified: r.bool('is_verified'),
      is_business_account: r.bool('is_business_account', 'is_business_account', 'is_business'),
      is_professional_account:
        r.opt.bool('is_professional_account') ?? professionalByAccountType(u.account_type) ?? r.bool('is_professional_account'),
      category_name: r.str('category_name', 'category_name', 'category'),
      business_address_json: r.str('business_address_json'),
      business_email: r.str('business_email', 'business_email', 'public_email'),
      business_phone_number: r.str('business_phone_number', 'business_phone_number', 'public_phone_number'),
      profile_pic_url: r.str('profile_pic_url'),
      profile_pic_url_hd: r.str('profile_pic_url_hd', 'profile_pic_url_hd', ['hd_profile_pic_url_info', 'url']),
      highlight_reel_count: r.num('highlight_reel_count'),
      has_clips: r.bool('has_clips'),
      edge_owner_to_timeline_media: parseTimeline(r.over(timelineRaw, 'edge_owner_to_timeline_media'), timelineRaw !== null),
    },
    u,
  );
  const loose = user as unknown as Obj;
  if (hideMedia) for (const k of PRIVATE_MEDIA_EDGES) if (k in loose) loose[k] = emptied(loose[k]);
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
  // An age-gated profile (alcohol brands, adult content…): Instagram sends the user with its counts
  // zeroed and bio emptied beside a `gating` object asking the viewer's age — withheld, never the
  // account's values; the profile is for signed-in adults only.
  if (isObj(user.gating)) throw loginWall(PLATFORM);
  return { data: { user: parseUser(user) }, status: str(body.status) ?? 'ok' };
}
