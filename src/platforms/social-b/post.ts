/**
 * `GET /v1/social-b/post` (`socialBPost`): one public Instagram post or reel as `{post}` — the
 * media object in Instagram's own names (the v1 "media dict": `id`, `pk`, `code`, `caption`,
 * `taken_at`, `like_count`, `comment_count`, `media_type`, `owner`, `image_versions2`,
 * `video_versions`, `carousel_media`…): listed fields typed, every other member passed through.
 *
 * Requests (SOURCES.md of ../shared/fixtures/social-b), logged out, no cookie:
 *  1. the post page `GET https://www.instagram.com/p/<code>/` (`/reel/<code>/` for a reel URL),
 *     whose Relay preloader result carries `data.xdt_api__v1__media__shortcode__web_info.items[0]`
 *     in a `<script type="application/json" data-sjs>` blob (the 2024 reel capture), or — logged-out
 *     pages since mid-2026 — `data.xig_polaris_media.if_not_gated_logged_out`, the same media dict
 *     with its owner under `user` (only the result whose `code` is the asked one is read; a `null`
 *     there, a post withheld from logged-out visitors, is the login wall);
 *  2. only when the page is unusable (no such blob, a wall, a failure status, a timeout): the
 *     media info `GET https://i.instagram.com/api/v1/media/<pk>/info/` with the web app id, whose
 *     `items[0]` is the same media dict (the 2022 media-info capture). The pk is the shortcode read
 *     as base64 (Instagram's own encoding of the id); codes longer than 11 characters (private
 *     posts) have none, so no fallback.
 * The media info answer spells 64-bit ids as JSON numbers (`pk` 2317006284167526179): they are
 * read as their digit strings, never as doubles.
 *
 * Both answer one shape: `owner` is the media's `owner`, or its `user` where only that is sent
 * (media info); `pk` and every id are strings.
 *
 * Outcomes: the record; NOT_FOUND for an HTTP 404, a web_info with no items, or a media info
 * answer that says the media is missing; PRIVATE_CONTENT when the owner is private (never passed
 * through) or the media info refuses to show the owner's media; UPSTREAM_BLOCKED for the login
 * page, a checkpoint or Instagram's failure JSON (walls.ts, before this module); UPSTREAM_FAILED
 * for a changed shape or another post than asked (identity.ts). A missing usual field is null plus
 * a warning `post.<field>`; a post's optional parts (caption, videos, carousel) are null without.
 *
 * Instagram shows a post's comments to logged-in clients only: they are not read.
 */
import { z } from 'zod';
import { ApiError, isApiError, loginWall, notFound, privateContent, shapeChanged } from '../../errors.js';
import type { Obj, Reader, SignedOutValues } from '../../parse/index.js';
import { isObj, nonEmpty, recordReader, scriptElements, signedOut, str } from '../../parse/index.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { named, NBool, NInt, NStr, passThrough, Str } from '../records.js';
import type { Json } from '../social-a/blobs.js';
import { walk } from '../social-a/blobs.js';
import { IG_APP_ID } from './fetch.js';
import { USER_SIGNED_OUT, failureOf } from './parse.js';
import { parseUpstreamJson } from '../../parse/json.js';

const PLATFORM = 'social-b';
const ORIGIN = 'https://www.instagram.com';

// ---------------------------------------------------------------------------------------------
// Record
// ---------------------------------------------------------------------------------------------

export const SocialBImageCandidate = passThrough(
  z.strictObject({ url: Str.describe('Image URL (signed, expiring)'), width: NInt, height: NInt }),
);
export type SocialBImageCandidate = z.infer<typeof SocialBImageCandidate>;

export const SocialBVideoVersion = passThrough(
  z.strictObject({ url: Str.describe('Video URL (signed, expiring)'), width: NInt, height: NInt, type: NInt.describe('Rendition kind') }),
);
export type SocialBVideoVersion = z.infer<typeof SocialBVideoVersion>;

const ImageVersions = z
  .strictObject({ candidates: z.array(SocialBImageCandidate) })
  .nullable()
  .describe('Image renditions, largest first (a video post: its cover)');

export const SocialBPostOwner = passThrough(
  z.strictObject({
    pk: NStr.describe("The owner's numeric id, as a string"),
    username: NStr,
    full_name: NStr,
    is_verified: NBool,
    is_private: NBool.describe('Always false in a record: a private owner is PRIVATE_CONTENT'),
    profile_pic_url: NStr,
  }),
);
export type SocialBPostOwner = z.infer<typeof SocialBPostOwner>;

export const SocialBPostCaption = passThrough(z.strictObject({ pk: NStr, text: NStr, created_at: NInt.describe('Unix seconds') })).describe(
  "The post's text; null when it has none",
);
export type SocialBPostCaption = z.infer<typeof SocialBPostCaption>;

export const SocialBCarouselItem = passThrough(
  z.strictObject({
    id: Str,
    media_type: NInt.describe('1 image, 2 video'),
    image_versions2: ImageVersions,
    video_versions: z.array(SocialBVideoVersion).nullable().describe('Video renditions; null for an image'),
    original_width: NInt,
    original_height: NInt,
  }),
);
export type SocialBCarouselItem = z.infer<typeof SocialBCarouselItem>;

export const SocialBPost = passThrough(
  z.strictObject({
    id: Str.describe('`<pk>_<owner pk>`'),
    pk: Str.describe('Numeric media id, as a string (64 bits: never a double)'),
    code: Str.describe('Shortcode: the /p/<code>/ of the post URL'),
    taken_at: NInt.describe('Unix seconds'),
    media_type: NInt.describe('1 image, 2 video, 8 carousel'),
    product_type: NStr.describe('feed, clips (a reel), carousel_container, igtv'),
    caption: SocialBPostCaption.nullable(),
    like_count: NInt,
    comment_count: NInt,
    play_count: NInt.describe('Plays (videos; null where not shown)'),
    owner: SocialBPostOwner.nullable(),
    image_versions2: ImageVersions,
    video_versions: z.array(SocialBVideoVersion).nullable().describe('Video renditions; null for images and carousels'),
    carousel_media_count: NInt,
    carousel_media: z.array(SocialBCarouselItem).nullable().describe('The slides of a carousel; null otherwise'),
    original_width: NInt,
    original_height: NInt,
  }),
).describe("Instagram's media object; members beyond the listed ones pass through unchanged");
export type SocialBPost = z.infer<typeof SocialBPost>;

/** The record; /openapi.json names it `SocialBPost`. */
export const SocialBPostRecord = named('SocialBPost', z.strictObject({ post: SocialBPost }).describe('A public social-b post or reel'));
export type SocialBPostRecord = z.infer<typeof SocialBPostRecord>;

// ---------------------------------------------------------------------------------------------
// URLs and ids
// ---------------------------------------------------------------------------------------------

export interface PostRef {
  code: string;
  /** The page path it is served under (a reel URL is fetched as a reel page). */
  kind: 'p' | 'reel';
}

const CODE_RE = /^[A-Za-z0-9_-]{5,64}$/;
const HOST_RE = /^(?:(?:www|m)\.)?(?:instagram\.com|instagr\.am)$/i;

/**
 * A post or reel URL → its shortcode: `/p/<code>/`, `/reel/<code>/`, `/reels/<code>/`,
 * `/tv/<code>/`, also after a username (`/<user>/p/<code>/`), on instagram.com (www., m.) or
 * instagr.am; query and fragment ignored. Anything else → null.
 */
export function parsePostUrl(input: string): PostRef | null {
  let u: URL;
  try {
    u = new URL(input.trim());
  } catch {
    return null;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password || u.port || !HOST_RE.test(u.hostname)) return null;
  const seg = u.pathname.split('/').filter(Boolean);
  const at = seg.length >= 2 && /^(?:p|reels?|tv)$/.test(seg[0]) ? 0 : seg.length >= 3 && /^(?:p|reels?)$/.test(seg[1]) ? 1 : -1;
  if (at < 0 || seg.length > at + 3) return null;
  const code = seg[at + 1];
  // `/reels/audio/<id>/` is a sound's page, not a reel.
  if (!CODE_RE.test(code) || code === 'audio') return null;
  return { code, kind: seg[at].startsWith('reel') ? 'reel' : 'p' };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A shortcode of up to 11 characters read as base64 → the media pk (a decimal string); longer codes (private posts) → null. */
export function shortcodeToPk(code: string): string | null {
  if (code.length > 11) return null;
  let n = 0n;
  for (const c of code) {
    const d = B64.indexOf(c);
    if (d < 0) return null;
    n = n * 64n + BigInt(d);
  }
  return n.toString();
}

export function postPageUrl(ref: PostRef): string {
  return `${ORIGIN}/${ref.kind}/${ref.code}/`;
}

export function mediaInfoUrl(pk: string): string {
  return `https://i.instagram.com/api/v1/media/${pk}/info/`;
}

// ---------------------------------------------------------------------------------------------
// Parse (pure)
// ---------------------------------------------------------------------------------------------

/**
 * JSON.parse that keeps integers beyond 2^53 exact, as their digit strings: Instagram's v1 answers
 * spell 64-bit ids as numbers. Only tokens outside strings are touched.
 */
export function parseJsonKeepingIds(text: string): unknown {
  if (!/\d{16}/.test(text)) return parseUpstreamJson(text, PLATFORM);
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if ((c >= '0' && c <= '9') || c === '-') {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j])) j++;
      const token = text.slice(i, j);
      if (/^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(last, i)}"${token}"`;
        last = j;
      }
      i = j - 1;
    }
  }
  return parseUpstreamJson(out + text.slice(last), PLATFORM);
}

/** `listed` first (in that order), then every other member of `raw` unchanged. */
function withRest<T extends object>(listed: T, raw: Obj): T {
  const out: Obj = { ...(listed as Obj) };
  for (const [k, v] of Object.entries(raw)) if (!(k in out)) out[k] = v;
  return out as T;
}

function imageVersions(r: Reader, optional: boolean): SocialBPost['image_versions2'] {
  const iv = (optional ? r.opt : r).obj('image_versions2');
  if (!iv) return null;
  const candidates = r
    .over(iv, 'image_versions2')
    .items('candidates', (c) => withRest({ url: c.id('url', nonEmpty), width: c.int('width'), height: c.int('height') }, c.root as Obj));
  return { ...iv, candidates };
}

function videoVersions(r: Reader): SocialBVideoVersion[] | null {
  if (!r.opt.arr('video_versions')) return null;
  return r.items('video_versions', (v) =>
    withRest({ url: v.id('url', nonEmpty), width: v.int('width'), height: v.int('height'), type: v.opt.int('type') }, v.root as Obj),
  );
}

function carouselItem(m: Reader): SocialBCarouselItem {
  return withRest(
    {
      id: m.id('id'),
      media_type: m.int('media_type'),
      image_versions2: imageVersions(m, false),
      video_versions: videoVersions(m),
      original_width: m.opt.int('original_width'),
      original_height: m.opt.int('original_height'),
    },
    m.root as Obj,
  );
}

/**
 * A media dict's members that are the requester's (src/parse/viewer.ts), at their signed-out
 * values: whether they liked, saved or are tagged in it, and the tracking token, which carries
 * their user id (the signed-in captures' held the capturer's).
 */
const POST_SIGNED_OUT: SignedOutValues = {
  has_liked: false,
  has_viewer_saved: false,
  photo_of_you: false,
  saved_collection_ids: undefined,
  organic_tracking_token: undefined,
  friendship_status: undefined,
};

/**
 * One media dict (web_info's `items[0]` or media info's) → the record's post. Its pk (or `id`),
 * and its code, make it that post; everything else degrades one field at a time.
 */
export function parseMedia(raw: unknown): SocialBPost {
  const r = recordReader(raw, { platform: PLATFORM, record: 'post', what: 'media object' });
  const idPk = r.opt.str('id')?.split('_')[0];
  const pk = r.opt.idStr('pk') ?? (idPk && /^\d+$/.test(idPk) ? idPk : null);
  if (!pk) throw shapeChanged(PLATFORM, 'post.pk (and post.id)');
  const code = r.id('code', nonEmpty);
  // `owner` (web_info) or `user` (media info): the same account.
  const ownerRaw = r.obj('owner', 'owner', 'user');
  const o = r.over(ownerRaw ?? {}, 'owner');
  const owner = ownerRaw
    ? withRest<SocialBPostOwner>(
        {
          pk: o.idStr('pk', 'pk', 'id'),
          username: o.str('username'),
          full_name: o.str('full_name'),
          is_verified: o.bool('is_verified'),
          is_private: o.bool('is_private'),
          profile_pic_url: o.str('profile_pic_url'),
        },
        signedOut(ownerRaw, USER_SIGNED_OUT),
      )
    : null;
  if (owner?.is_private === true) throw privateContent(`social-b post ${code} (its account is private)`);
  const captionRaw = r.opt.obj('caption');
  const c = r.over(captionRaw ?? {}, 'caption');
  const caption = captionRaw
    ? withRest<SocialBPostCaption>({ pk: c.opt.idStr('pk'), text: c.str('text'), created_at: c.opt.int('created_at') }, captionRaw)
    : null;
  const mediaType = r.int('media_type');
  const carousel = r.opt.arr('carousel_media') ? r.items('carousel_media', carouselItem) : null;
  const countsHidden = r.opt.bool('like_and_view_counts_disabled') === true;
  return withRest<SocialBPost>(
    {
      id: r.opt.str('id') ?? (owner?.pk ? `${pk}_${owner.pk}` : pk),
      pk,
      code,
      taken_at: r.int('taken_at'),
      media_type: mediaType,
      product_type: r.str('product_type'),
      caption,
      // The owner hid them (`like_and_view_counts_disabled`): what the answer still carries is not
      // what Instagram shows (0, or a number it does not show anyone), so null, not warned.
      like_count: countsHidden ? null : r.int('like_count'),
      comment_count: r.int('comment_count'),
      // Videos only, and not on every answer (the reel capture has `view_count: null` and no play_count).
      play_count: countsHidden ? null : r.opt.int('play_count', 'play_count', 'ig_play_count'),
      owner,
      // A carousel's images are its slides'.
      image_versions2: imageVersions(r, mediaType === 8 || carousel !== null),
      video_versions: videoVersions(r),
      carousel_media_count: r.opt.int('carousel_media_count'),
      carousel_media: carousel,
      original_width: r.opt.int('original_width'),
      original_height: r.opt.int('original_height'),
    },
    signedOut(r.root as Obj, POST_SIGNED_OUT),
  );
}

const WEB_INFO = 'xdt_api__v1__media__shortcode__web_info';

/** The page's JSON script elements that name `member`, parsed (one that is no JSON is skipped). */
function* jsonScriptsNaming(html: string, member: string): Generator<Json> {
  for (const s of scriptElements(html)) {
    if (!s.body.includes(member) || !/type\s*=\s*["']?application\/json/i.test(s.attrs)) continue;
    try {
      yield parseUpstreamJson(s.body, PLATFORM) as Json;
    } catch (e) {
      if (isApiError(e)) throw e;
    }
  }
}

/** The post page's `xdt_api__v1__media__shortcode__web_info` object, or null when the page ships none. */
export function webInfoOf(html: string): Obj | null {
  for (const payload of jsonScriptsNaming(html, WEB_INFO)) {
    let found: Obj | null = null;
    walk(payload, (o) => {
      if (found) return false;
      if (isObj(o[WEB_INFO])) found = o[WEB_INFO] as Obj;
      return undefined;
    });
    if (found) return found;
  }
  return null;
}

const POLARIS = 'xig_polaris_media';

/**
 * The page's 2026 `xig_polaris_media` result for `code` (any code when not given): `{media}` with
 * its `if_not_gated_logged_out` media dict, `{media: null}` when the post is withheld from
 * logged-out visitors (that member null or absent), or null when the page has no such result for it.
 */
export function polarisOf(html: string, code?: string): { media: Obj | null } | null {
  for (const payload of jsonScriptsNaming(html, POLARIS)) {
    let found: { media: Obj | null } | null = null;
    walk(payload, (o) => {
      if (found) return false;
      const p = o[POLARIS];
      if (!isObj(p)) return undefined;
      const media = isObj(p.if_not_gated_logged_out) ? (p.if_not_gated_logged_out as Obj) : null;
      // The result's own code, or its media's: only the asked post's result is read.
      const itsCode = str(media?.code) ?? str(p.code);
      if (code !== undefined && itsCode !== code) return undefined;
      found = { media };
      return false;
    });
    if (found) return found;
  }
  return null;
}

/**
 * A post page → its post (`code`, when given, the asked one: another post's polaris result is not
 * read); a page without the web_info or polaris data is UPSTREAM_FAILED (the caller falls back).
 */
export function parsePostPage(html: string, code?: string): SocialBPost {
  const info = webInfoOf(html);
  if (!info) {
    const polaris = polarisOf(html, code);
    if (!polaris) throw shapeChanged(PLATFORM, `${WEB_INFO} or ${POLARIS} in the post page`);
    const { media } = polaris;
    if (!media) throw loginWall(PLATFORM);
    // Neither pk nor id (a polaris result may send neither): the shortcode read as base64 is its pk.
    const itsCode = nonEmpty(media.code);
    const pk = media.pk === undefined && media.id === undefined && itsCode ? shortcodeToPk(itsCode) : null;
    return parseMedia(pk ? { ...media, pk } : media);
  }
  const items = info.items;
  if (Array.isArray(items) && items.length === 0) throw notFound('social-b post was not found');
  if (!Array.isArray(items)) throw shapeChanged(PLATFORM, `${WEB_INFO}.items`);
  return parseMedia(items[0]);
}

/**
 * A media info answer (already read with `parseJsonKeepingIds`) → its post. Instagram's failure
 * JSON is its typed error: walls by their codes (parse.ts `failureOf`), and — last resort, it
 * gives no code for them — the sentences of a missing media and of an owner it will not show.
 */
export function parseMediaInfo(body: unknown): SocialBPost {
  if (isObj(body) && body.status === 'fail') {
    const message = str(body.message) ?? '';
    if (/media not found|invalid media_id|media.*(?:unavailable|does not exist)/i.test(message))
      throw notFound('social-b post was not found');
    if (/not authorized to view user/i.test(message)) throw privateContent('social-b post (its account is private)');
    throw failureOf(body)!;
  }
  if (!isObj(body) || !Array.isArray(body.items)) throw shapeChanged(PLATFORM, 'items of the media info answer');
  if (body.items.length === 0) throw notFound('social-b post was not found');
  return parseMedia(body.items[0]);
}

// ---------------------------------------------------------------------------------------------
// Fetch
// ---------------------------------------------------------------------------------------------

const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.9', 'sec-fetch-mode': 'navigate' };

async function postFromPage(ctx: OpContext, ref: PostRef): Promise<SocialBPost> {
  const res = await ctx.upstream.request({ url: postPageUrl(ref), platform: PLATFORM, headers: PAGE_HEADERS, signal: ctx.signal });
  // The login page and checkpoints a redirect ends on are walls (walls.ts), answered before this.
  expectOk(res, PLATFORM, `Post ${ref.code}`);
  return parsed(ctx, () => parsePostPage(res.text(), ref.code));
}

async function postFromMediaInfo(ctx: OpContext, pk: string, code: string): Promise<SocialBPost> {
  const res = await ctx.upstream.request({
    url: mediaInfoUrl(pk),
    platform: PLATFORM,
    headers: { accept: '*/*', 'accept-language': 'en-US,en;q=0.9', 'x-ig-app-id': IG_APP_ID, referer: `${ORIGIN}/` },
    signal: ctx.signal,
  });
  const text = res.text();
  let body: unknown = null;
  if (/^\s*[{[]/.test(text)) {
    try {
      body = parseJsonKeepingIds(text);
    } catch {
      body = null;
    }
  }
  // A failure body says what it is where its status does not (a missing media answers 400).
  if (res.status >= 400 && !(isObj(body) && body.status === 'fail')) expectOk(res, PLATFORM, `Post ${code}`);
  if (body === null) throw shapeChanged(PLATFORM, 'JSON media info answer');
  return parsed(ctx, () => parseMediaInfo(body));
}

/** Page failures after which the media info is asked; definitive answers (404, private) stand. */
function pageUnusable(e: unknown): e is ApiError {
  return isApiError(e) && (e.code === 'UPSTREAM_BLOCKED' || e.code === 'UPSTREAM_FAILED' || e.code === 'UPSTREAM_TIMEOUT');
}

/** The post `ref.code`: its page, else its media info; checked to be that post. */
export async function fetchSocialBPost(ctx: OpContext, ref: PostRef): Promise<SocialBPostRecord> {
  let post: SocialBPost;
  try {
    post = await postFromPage(ctx, ref);
  } catch (e) {
    const pk = shortcodeToPk(ref.code);
    if (!pageUnusable(e) || !pk || ctx.signal?.aborted) throw e;
    try {
      post = await postFromMediaInfo(ctx, pk, ref.code);
    } catch (e2) {
      // The fallback's definitive answers win; otherwise both failures are reported.
      if (!isApiError(e2) || e2.code === 'NOT_FOUND' || e2.code === 'PRIVATE_CONTENT') throw e2;
      throw new ApiError(e2.code, `${e2.message} (the post page before it: ${e.message})`);
    }
  }
  // Shortcodes are case-sensitive: compared as ids.
  assertSameResource(PLATFORM, `post ${ref.code}`, { id: ref.code }, { id: post.code });
  return { post };
}

// ---------------------------------------------------------------------------------------------
// Operation
// ---------------------------------------------------------------------------------------------

const postUrl = parsePostUrl;

export const post: OperationDef<PostRef, SocialBPostRecord> = {
  field: 'socialBPost',
  platform: PLATFORM,
  summary: 'A public social-b post or reel: caption, counts, owner, image and video renditions',
  rest: { path: '/v1/social-b/post' },
  record: SocialBPostRecord,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description: 'Post or reel URL, e.g. https://www.instagram.com/p/CODE/ or https://www.instagram.com/reel/CODE/',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.url === 'string' && args.url.trim() && !postUrl(args.url))
      problem('url', 'must be an instagram.com post or reel URL (https://www.instagram.com/p/CODE/ or /reel/CODE/)');
  },
  normalize: (a) => ({ ...postUrl(a.url)! }),
  // The shortcode names the post whatever the URL's form (/p/, /reel/, a username before it).
  key: (a) => a.code,
  cost: { max: 1 },
  example: { url: 'https://www.instagram.com/p/DAtalaDraw1/' },
  run: (ctx, a) => fetchSocialBPost(ctx, a),
};
