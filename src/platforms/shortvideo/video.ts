/**
 * `GET /v1/shortvideo/video` (`shortvideoVideo`): one public TikTok video by its URL, as `{video}`
 * — TikTok's own item object (`itemStruct` / `ItemModule[<id>]`): listed fields typed (id, desc,
 * createTime, author, stats, video, music, challenges, textExtra, isAd, locationCreated), every
 * other member passed through.
 *
 * URLs: `https://www.tiktok.com/@<user>/video/<id>` (also `tiktok.com`, `m.tiktok.com`, http, no
 * scheme, a query string or fragment, a trailing slash). The short links `vm.tiktok.com/<code>`,
 * `vt.tiktok.com/<code>` and `tiktok.com/t/<code>` name no video until TikTok is asked (the shared
 * short-link resolver leaves TikTok's to their platform): refused, INVALID_INPUT naming `url`.
 *
 * One request, the video page `GET https://www.tiktok.com/@<user>/video/<id>` (fetch.ts, the
 * profile's headers), read in either era, one shape answered:
 *  - today: `<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">` → `__DEFAULT_SCOPE__
 *    ["webapp.video-detail"]` (the mobile page: `["webapp.reflow.video.detail"]`) =
 *    `{itemInfo: {itemStruct}, statusCode}`: `author` an object,
 *    counts in `stats` and `statsV2` (digit strings, exact: preferred, as the profile's);
 *  - 2022: `<script id="SIGI_STATE">` → `ItemModule[<id>]` (`author` the uniqueId string, the
 *    author's other members flat: `authorId`, `authorSecId`, `nickname`, `avatarThumb`,
 *    `authorPrivate`) with `UserModule.users[<uniqueId>]` (the author's user object, when the page
 *    has it) and `VideoPage.statusCode`. `author` becomes the object either way: the user object
 *    where the page holds it, else made of the item's flat members;
 *  - late 2021 – early 2022: the same state as JavaScript, `window['SIGI_STATE']={…}` in
 *    `<script id="sigi-persisted-data">` (read by its braces, never run);
 *  - 2020–2021 (Next.js): `<script id="__NEXT_DATA__">` → `props.pageProps.itemInfo.itemStruct`
 *    (today's item shape, `author` an object) with `pageProps.statusCode`; `serverCode` 404
 *    without the item is NOT_FOUND.
 *
 * Outcomes: the record; NOT_FOUND for an HTTP 404/410 or a statusCode saying the video or its
 * account is gone (NOT_FOUND_CODES); PRIVATE_CONTENT for a statusCode saying it is private or
 * friends-only (PRIVATE_CODES: never read); UPSTREAM_BLOCKED for statusCode 10231 (region locked:
 * a refusal of the gateway's location, gallery-dl's "Region locked"), the captcha page or a login
 * redirect (walls.ts, before this module); UPSTREAM_FAILED for another non-zero statusCode, a page
 * without the item, an item without `id` / `author.uniqueId`, or one that is not the video asked
 * for — another id, or another author than the URL's @user (identity.ts): a page of another video
 * is never data. A missing usual field is null plus a warning `video.<field>`; the optional parts
 * (challenges, textExtra, isAd, locationCreated, stats.collectCount) are null / [] without one.
 */
import { z } from 'zod';
import { isApiError, notFound, privateContent, shapeChanged } from '../../errors.js';
import type { Coerce, Obj, Reader } from '../../parse/index.js';
import { intish, isObj, nonEmpty, reader } from '../../parse/index.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { named, NBool, NInt, NStr, passThrough, Str } from '../records.js';
import { fetchVideoPageHtml } from './fetch.js';
import { assignedObject, normaliseShortvideoHandle, scriptById, statusWall, TIKTOK_ORIGIN } from './parse.js';
import { parseUpstreamJson } from '../../parse/json.js';

const PLATFORM = 'shortvideo';

// ---------------------------------------------------------------------------------------------
// Record
// ---------------------------------------------------------------------------------------------

export const ShortvideoVideoAuthor = passThrough(
  z.strictObject({
    id: NStr.describe("TikTok's numeric user id, as a string"),
    uniqueId: Str.describe("The @name, as TikTok spells it (the URL's user)"),
    nickname: NStr.describe('Display name ("" when the account set none)'),
    verified: NBool.describe('Verified badge'),
    secUid: NStr.describe("TikTok's stable opaque user key"),
    privateAccount: NBool.describe('Private account'),
    avatarLarger: NStr.describe('Avatar, 1080 px (signed, expiring URL); null on 2022 pages without the user object'),
    avatarMedium: NStr.describe('Avatar, 720 px'),
    avatarThumb: NStr.describe('Avatar, 100 px'),
  }),
).describe("The video's author: TikTok's user object; members beyond the listed ones pass through");
export type ShortvideoVideoAuthor = z.infer<typeof ShortvideoVideoAuthor>;

export const ShortvideoVideoStats = z
  .strictObject({
    playCount: NInt.describe('Plays'),
    diggCount: NInt.describe('Likes'),
    commentCount: NInt.describe('Comments'),
    shareCount: NInt.describe('Shares'),
    collectCount: NInt.describe('Saves (favourites); null on pages before 2023'),
  })
  .describe('Counts: exact (statsV2) where the page has them');
export type ShortvideoVideoStats = z.infer<typeof ShortvideoVideoStats>;

export const ShortvideoVideoMedia = passThrough(
  z.strictObject({
    duration: NInt.describe('Seconds'),
    width: NInt.describe('Pixels'),
    height: NInt.describe('Pixels'),
    ratio: NStr.describe('Quality label, e.g. 720p'),
    cover: NStr.describe('Cover image (signed, expiring URL)'),
    originCover: NStr.describe('The first frame, uncropped (signed, expiring URL)'),
    dynamicCover: NStr.describe('Animated cover (signed, expiring URL)'),
  }),
).describe('The video file: dimensions, duration, covers; members beyond the listed ones (play addresses…) pass through');
export type ShortvideoVideoMedia = z.infer<typeof ShortvideoVideoMedia>;

export const ShortvideoMusic = passThrough(
  z.strictObject({
    id: NStr.describe("TikTok's sound id, as a string"),
    title: NStr.describe('Title ("original sound" for a sound recorded with the video)'),
    authorName: NStr.describe("The sound's author as TikTok names it"),
    original: NBool.describe('A sound recorded with a video (not a released track)'),
    duration: NInt.describe('Seconds'),
  }),
)
  .nullable()
  .describe('The sound; null when the page carries none');
export type ShortvideoMusic = z.infer<typeof ShortvideoMusic>;

export const ShortvideoChallenge = passThrough(
  z.strictObject({
    id: NStr.describe("TikTok's hashtag id, as a string"),
    title: NStr.describe('The hashtag, without #'),
    desc: NStr.describe('Its description ("" when none)'),
  }),
).describe('A hashtag of the video (TikTok calls them challenges)');
export type ShortvideoChallenge = z.infer<typeof ShortvideoChallenge>;

export const ShortvideoTextExtra = passThrough(
  z.strictObject({
    type: NInt.describe('1: a hashtag, 0: a mention'),
    start: NInt.describe('Offset in desc where it starts'),
    end: NInt.describe('Offset in desc where it ends'),
    hashtagName: NStr.describe('The hashtag, without # ("" for a mention)'),
    userUniqueId: NStr.describe('The mentioned @name ("" for a hashtag)'),
  }),
).describe('A hashtag or mention in desc, where it is');
export type ShortvideoTextExtra = z.infer<typeof ShortvideoTextExtra>;

export const ShortvideoVideoItem = passThrough(
  z.strictObject({
    id: Str.describe("TikTok's numeric video id, as a string (the URL's)"),
    desc: NStr.describe('Caption ("" when none)'),
    createTime: NInt.describe('Posted, Unix seconds'),
    author: ShortvideoVideoAuthor,
    stats: ShortvideoVideoStats,
    video: ShortvideoVideoMedia.nullable().describe('The video file; null when the page carries none'),
    music: ShortvideoMusic,
    challenges: z.array(ShortvideoChallenge).describe('Hashtags; [] when none'),
    textExtra: z.array(ShortvideoTextExtra).describe('Hashtags and mentions in desc; [] when none'),
    isAd: NBool.describe('Paid promotion; null when the page does not say'),
    locationCreated: NStr.describe('Country it was posted from (ISO code); null when the page does not say'),
  }),
).describe("TikTok's item object; members beyond the listed ones pass through unchanged");
export type ShortvideoVideoItem = z.infer<typeof ShortvideoVideoItem>;

/** The record; /openapi.json names it `ShortvideoVideo`. */
export const ShortvideoVideoRecord = named(
  'ShortvideoVideo',
  z
    .strictObject({ video: ShortvideoVideoItem })
    .describe('A public shortvideo video: its item object (caption, author, counts, file, sound, hashtags)'),
);
export type ShortvideoVideoRecord = z.infer<typeof ShortvideoVideoRecord>;

// ---------------------------------------------------------------------------------------------
// URLs
// ---------------------------------------------------------------------------------------------

export interface VideoRef {
  /** The URL's @user, normalised (lower case, no @). */
  user: string;
  /** The video id (digits). */
  id: string;
}

const VIDEO_HOSTS = new Set(['www.tiktok.com', 'tiktok.com', 'm.tiktok.com']);
const SHORT_HOSTS = new Set(['vm.tiktok.com', 'vt.tiktok.com']);
const VIDEO_PATH = /^\/@([^/]+)\/video\/(\d{1,20})\/?$/;

function asUrl(input: string): URL | null {
  const s = input.trim();
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s.replace(/^\/\//, '')}`);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    return null;
  }
}

/** A TikTok short link (`vm.tiktok.com/<code>`, `vt.tiktok.com/<code>`, `tiktok.com/t/<code>`): its video is known only by asking TikTok. */
export function isShortvideoShortLink(input: string): boolean {
  const u = asUrl(input);
  if (!u) return false;
  const host = u.hostname.toLowerCase();
  return SHORT_HOSTS.has(host) || (VIDEO_HOSTS.has(host) && /^\/t\/[^/]+/.test(u.pathname));
}

/** `https://m.tiktok.com/@Night.Owl/video/123?lang=en` → `{user: 'night.owl', id: '123'}`; anything else → null. */
export function parseVideoUrl(input: string): VideoRef | null {
  if (typeof input !== 'string') return null;
  const u = asUrl(input);
  if (!u || !VIDEO_HOSTS.has(u.hostname.toLowerCase())) return null;
  const m = VIDEO_PATH.exec(u.pathname);
  if (!m) return null;
  let raw: string;
  try {
    raw = decodeURIComponent(m[1]);
  } catch {
    return null;
  }
  const user = normaliseShortvideoHandle(raw);
  return user ? { user, id: m[2] } : null;
}

export function videoPageUrl(ref: VideoRef): string {
  return `${TIKTOK_ORIGIN}/@${encodeURIComponent(ref.user)}/video/${ref.id}`;
}

// ---------------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------------

/**
 * video-detail `statusCode`s of a video nobody can see: 10204 (no such item), 10217 (removed),
 * 10202 / 10221 (its account is gone: the user-detail codes, profile.ts). Public scrapers
 * (yt-dlp and others) read these; TikTok documents none.
 */
export const NOT_FOUND_CODES = new Set([10202, 10204, 10217, 10221]);
/**
 * …and of a video that exists but is not public: 10216 / 10222 (private), 10203 (friends only),
 * 10213 / 10214 (VIDEO_LOW_AGE_M / _T: age-restricted, shown only to a logged-in adult — login-only,
 * never read).
 */
export const PRIVATE_CODES = new Set([10203, 10213, 10214, 10216, 10222]);

/** A Next.js page's `serverCode` 404 without the item, as a code beside TikTok's own. */
const SERVER_NOT_FOUND = -404;

type Shape = 'universal' | 'sigi' | 'next';

interface FoundItem {
  shape: Shape;
  item: Obj | null;
  /** 2022: the author's user object (`UserModule.users[<author>]`), when the page holds it. */
  user: Obj | null;
  statusCode: number | null;
  /** What was missing when `item` is null (for the error). */
  missing: string;
}

function parseJson(text: string): unknown {
  try {
    return parseUpstreamJson(text, PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
    return undefined;
  }
}

function statusCodeOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

const nonEmptyObj = (v: unknown): Obj | null => (isObj(v) && Object.keys(v).length > 0 ? v : null);

function fromUniversal(text: string): FoundItem {
  const none = { shape: 'universal' as const, item: null, user: null, statusCode: null };
  const data = parseJson(text);
  if (data === undefined) return { ...none, missing: 'valid JSON in the __UNIVERSAL_DATA_FOR_REHYDRATION__ script' };
  const scope = isObj(data) ? data.__DEFAULT_SCOPE__ : null;
  if (!isObj(scope)) return { ...none, missing: '__DEFAULT_SCOPE__ in __UNIVERSAL_DATA_FOR_REHYDRATION__' };
  // The mobile web page (logged out) keeps the same object under `webapp.reflow.video.detail`.
  const detail = isObj(scope['webapp.video-detail']) ? scope['webapp.video-detail'] : scope['webapp.reflow.video.detail'];
  if (!isObj(detail)) return { ...none, missing: '__DEFAULT_SCOPE__["webapp.video-detail"]' };
  const info = isObj(detail.itemInfo) ? detail.itemInfo : {};
  return {
    ...none,
    item: nonEmptyObj(info.itemStruct),
    statusCode: statusCodeOf(detail.statusCode),
    missing: '__DEFAULT_SCOPE__["webapp.video-detail"].itemInfo.itemStruct',
  };
}

function fromSigi(text: string | null, id: string, where = 'the SIGI_STATE script'): FoundItem {
  const data = text === null ? undefined : parseJson(text);
  if (!isObj(data)) return { shape: 'sigi', item: null, user: null, statusCode: null, missing: `a valid JSON object in ${where}` };
  const items = isObj(data.ItemModule) ? data.ItemModule : null;
  // The asked video only: a page of other videos (a profile's ItemModule) is no answer about this one.
  const item = items ? nonEmptyObj(items[id]) : null;
  const users = isObj(data.UserModule) && isObj(data.UserModule.users) ? data.UserModule.users : {};
  const author = item ? nonEmpty(item.author) : null;
  const key = author ? Object.keys(users).find((k) => k.toLowerCase() === author.toLowerCase()) : undefined;
  const page = isObj(data.VideoPage) ? data.VideoPage : {};
  return {
    shape: 'sigi',
    item,
    user: key !== undefined ? nonEmptyObj(users[key]) : null,
    statusCode: statusCodeOf(page.statusCode),
    missing: items ? `ItemModule["${id}"] in SIGI_STATE` : 'ItemModule in SIGI_STATE',
  };
}

function fromNextData(text: string): FoundItem {
  const none = { shape: 'next' as const, item: null, user: null, statusCode: null };
  const data = parseJson(text);
  const props = isObj(data) && isObj(data.props) ? data.props.pageProps : null;
  if (!isObj(props)) return { ...none, missing: 'props.pageProps in the __NEXT_DATA__ script' };
  const info = isObj(props.itemInfo) ? props.itemInfo : {};
  const item = nonEmptyObj(info.itemStruct);
  const status = statusCodeOf(props.statusCode);
  return {
    ...none,
    item,
    statusCode: status || (!item && statusCodeOf(props.serverCode) === 404 ? SERVER_NOT_FOUND : status),
    missing: 'props.pageProps.itemInfo.itemStruct in __NEXT_DATA__',
  };
}

/**
 * A TikTok video page (any era) → its item (and, on 2022 pages, its author's user object), or
 * the page's typed error: a non-zero statusCode decides first (NOT_FOUND / PRIVATE_CONTENT /
 * UPSTREAM_FAILED naming it), then a page without the item is UPSTREAM_FAILED naming what was missing.
 */
export function videoData(html: string, ref: VideoRef): { shape: Shape; item: Obj; user: Obj | null } {
  const what = `Shortvideo video ${ref.id} of @${ref.user}`;
  // Newest shape first; a transitional page carrying several scripts falls back to the older ones.
  const readers: (() => FoundItem | null)[] = [
    () => {
      const text = scriptById(html, '__UNIVERSAL_DATA_FOR_REHYDRATION__');
      return text === null ? null : fromUniversal(text);
    },
    () => {
      const text = scriptById(html, 'SIGI_STATE');
      return text === null ? null : fromSigi(text, ref.id);
    },
    () => {
      const text = scriptById(html, 'sigi-persisted-data');
      return text === null
        ? null
        : fromSigi(assignedObject(text, 'SIGI_STATE'), ref.id, "window['SIGI_STATE'] of the sigi-persisted-data script");
    },
    () => {
      const text = scriptById(html, '__NEXT_DATA__');
      return text === null ? null : fromNextData(text);
    },
  ];
  let found: FoundItem | null = null;
  for (const read of readers) {
    if (found?.item || found?.statusCode) break;
    const next = read();
    if (next && (next.item || next.statusCode || !found)) found = next;
  }
  if (!found) throw shapeChanged(PLATFORM, '<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__"> or <script id="SIGI_STATE"> video data');
  const code = found.statusCode;
  if (code) {
    // TikTok's verdict on the video, whatever else the page holds (scrapers read it the same way).
    if (code === SERVER_NOT_FOUND) throw notFound(`${what} was not found (serverCode 404)`);
    if (NOT_FOUND_CODES.has(code)) throw notFound(`${what} was not found (statusCode ${code})`);
    if (PRIVATE_CODES.has(code)) throw privateContent(`${what} (statusCode ${code})`);
    // TikTok's captcha, a login, the requester's region (parse.ts statusWall): no verdict on the video.
    const wall = statusWall(code, what);
    if (wall) throw wall;
    throw shapeChanged(PLATFORM, `a video-detail statusCode TikTok is not known to use for a readable video (${code})`);
  }
  if (!found.item) throw shapeChanged(PLATFORM, found.missing);
  return { shape: found.shape, item: found.item, user: found.user };
}

// ---------------------------------------------------------------------------------------------
// Parse (pure)
// ---------------------------------------------------------------------------------------------

/** A count: a non-negative integer, or its digit string (statsV2). */
const count: Coerce<number> = (v) => {
  const n = intish(v);
  return n !== null && n >= 0 ? n : null;
};

/** `listed` first (in that order), then every other member of `raw` unchanged. */
function withRest<T extends object>(listed: T, raw: Obj): T {
  const out: Obj = { ...(listed as Obj) };
  for (const [k, v] of Object.entries(raw)) if (!(k in out)) out[k] = v;
  return out as T;
}

/**
 * The author: today's `author` object; on 2022 pages the page's user object for the item's
 * `author` (its uniqueId) when there is one, else the item's flat members under the object's names.
 */
function readAuthor(v: Reader, item: Obj, user: Obj | null): ShortvideoVideoAuthor {
  if (isObj(item.author)) return authorOf(v.over(item.author, 'author'), item.author);
  if (user) return authorOf(v.over(user, 'author'), user);
  // 2022 without the user object: its members are flat on the item; it never had the larger avatars.
  const a = v.over(item, 'author');
  return {
    id: a.idStr('id', 'authorId'),
    uniqueId: a.id('uniqueId', nonEmpty, 'author'),
    nickname: a.str('nickname'),
    verified: a.opt.bool('verified'),
    secUid: a.nonEmpty('secUid', 'authorSecId'),
    privateAccount: a.bool('privateAccount', 'authorPrivate'),
    avatarLarger: null,
    avatarMedium: null,
    avatarThumb: a.nonEmpty('avatarThumb'),
  };
}

function authorOf(a: Reader, raw: Obj): ShortvideoVideoAuthor {
  return withRest<ShortvideoVideoAuthor>(
    {
      id: a.idStr('id'),
      uniqueId: a.id('uniqueId', nonEmpty),
      nickname: a.str('nickname'),
      verified: a.bool('verified'),
      secUid: a.nonEmpty('secUid'),
      // `secret` is the older spelling of the same flag.
      privateAccount: a.bool('privateAccount', 'privateAccount', 'secret'),
      // A blank URL is TikTok's "none" (null, not warned).
      avatarLarger: a.nonEmpty('avatarLarger'),
      avatarMedium: a.nonEmpty('avatarMedium'),
      avatarThumb: a.nonEmpty('avatarThumb'),
    },
    raw,
  );
}

/**
 * A TikTok video page (either era) → `{video}`. `ref` (the URL asked) picks the item of a 2022
 * SIGI_STATE and names the video in errors; the record's identity is checked by the caller
 * (`fetchShortvideoVideo`).
 */
export function parseShortvideoVideo(html: string, ref: VideoRef): ShortvideoVideoRecord {
  const { item, user } = videoData(html, ref);
  const v = reader(item, { platform: PLATFORM, record: 'video' });
  const id = v.id('id');
  const author = readAuthor(v, item, user);
  // statsV2 (strings, exact) first, then stats; saves are counted since 2023 (absent before, not warned).
  const st = reader(
    { v2: isObj(item.statsV2) ? item.statsV2 : {}, s: isObj(item.stats) ? item.stats : {} },
    { platform: PLATFORM, record: 'video.stats' },
  );
  const both = (k: string): [string[], string[]] => [
    ['v2', k],
    ['s', k],
  ];
  const c = (k: string) => st.get(k, count, ...both(k));
  const media = v.obj('video');
  const m = v.over(media ?? {}, 'video');
  const music = v.obj('music');
  const mu = v.over(music ?? {}, 'music');
  return {
    video: withRest<ShortvideoVideoItem>(
      {
        id,
        desc: v.str('desc'),
        createTime: v.get('createTime', count),
        author,
        stats: {
          playCount: c('playCount'),
          diggCount: c('diggCount'),
          commentCount: c('commentCount'),
          shareCount: c('shareCount'),
          collectCount: st.opt.get('collectCount', count, ...both('collectCount')),
        },
        video: media
          ? withRest<ShortvideoVideoMedia>(
              {
                duration: m.get('duration', count),
                width: m.get('width', count),
                height: m.get('height', count),
                ratio: m.nonEmpty('ratio'),
                cover: m.nonEmpty('cover'),
                originCover: m.nonEmpty('originCover'),
                dynamicCover: m.nonEmpty('dynamicCover'),
              },
              media,
            )
          : null,
        music: music
          ? withRest<NonNullable<ShortvideoMusic>>(
              {
                id: mu.idStr('id'),
                title: mu.str('title'),
                authorName: mu.str('authorName'),
                original: mu.bool('original'),
                duration: mu.get('duration', count),
              },
              music,
            )
          : null,
        challenges: v.opt.items('challenges', (ch) =>
          withRest<ShortvideoChallenge>({ id: ch.idStr('id'), title: ch.str('title'), desc: ch.str('desc') }, ch.root as Obj),
        ),
        textExtra: v.opt.items('textExtra', (t) =>
          withRest<ShortvideoTextExtra>(
            {
              type: t.int('type'),
              start: t.int('start'),
              end: t.int('end'),
              hashtagName: t.opt.str('hashtagName'),
              userUniqueId: t.opt.str('userUniqueId'),
            },
            t.root as Obj,
          ),
        ),
        isAd: v.opt.bool('isAd'),
        locationCreated: v.opt.nonEmpty('locationCreated'),
      },
      item,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Fetch
// ---------------------------------------------------------------------------------------------

/** The video `ref`: its page, parsed, checked to be that video by that author. */
export async function fetchShortvideoVideo(ctx: OpContext, ref: VideoRef): Promise<ShortvideoVideoRecord> {
  const html = await fetchVideoPageHtml(ctx, videoPageUrl(ref), `Shortvideo video ${ref.id} of @${ref.user}`);
  const record = parsed(ctx, () => parseShortvideoVideo(html, ref));
  // Another video, or the same id under another author, is no answer (identity.ts).
  assertSameResource(
    PLATFORM,
    `video ${ref.id} of @${ref.user}`,
    { id: ref.id, handle: ref.user },
    { id: record.video.id, handle: record.video.author.uniqueId },
  );
  return record;
}

// ---------------------------------------------------------------------------------------------
// Operation
// ---------------------------------------------------------------------------------------------

export const video: OperationDef<VideoRef, ShortvideoVideoRecord> = {
  field: 'shortvideoVideo',
  platform: PLATFORM,
  summary: 'A public shortvideo video: caption, author, counts, file, sound and hashtags',
  rest: { path: '/v1/shortvideo/video' },
  record: ShortvideoVideoRecord,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description:
        'Video URL, e.g. https://www.tiktok.com/@tala.draws/video/7390112233445566778 (m.tiktok.com too). Not a vm./vt.tiktok.com short link.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    // Empty and over-long values are reported by the required / length rules.
    if (typeof args.url !== 'string' || !args.url.trim() || args.url.length > 2048 || parseVideoUrl(args.url)) return;
    if (isShortvideoShortLink(args.url))
      problem(
        'url',
        'is a TikTok short link (vm.tiktok.com, vt.tiktok.com, tiktok.com/t/), which is not resolved: pass the https://www.tiktok.com/@<user>/video/<id> URL it opens',
      );
    else problem('url', 'must be a TikTok video URL: https://www.tiktok.com/@<user>/video/<id>');
  },
  normalize: (a) => parseVideoUrl(a.url)!,
  // The id names the video; the @user is part of what was asked (an answer by another author is
  // refused), so both: spellings of one URL (host, case, query) share the entry.
  key: (a) => `${a.user}/${a.id}`,
  cost: { max: 1 },
  example: { url: 'https://www.tiktok.com/@tala.draws/video/7390112233445566778' },
  run: (ctx, a) => fetchShortvideoVideo(ctx, a),
};
