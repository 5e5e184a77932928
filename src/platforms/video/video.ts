/**
 * `GET /v1/video/video` (`videoVideo`): one YouTube video's public facts, `{video}` — videoId,
 * title, description, lengthSeconds, viewCount, likeCount, channelId, author, publishDate,
 * category, keywords, isLive and its caption tracks (`[{languageCode, kind, name}]`).
 *
 * Upstream: the watch page, `GET https://www.youtube.com/watch?v=<id>&hl=en&bpctr=9999999999&has_verified=1`
 * (logged out; `hl=en` fixes the interface language, `bpctr`/`has_verified` pass the
 * "content warning" interstitial of sensitive — not age-restricted — videos, as yt-dlp does). It
 * carries two objects (../shared/fixtures/video/watch-page-B68agR-OeJM-2025-06.html):
 * - `var ytInitialPlayerResponse = {…}` — `videoDetails` (id, title, shortDescription — the full
 *   description —, lengthSeconds, viewCount, channelId, author, keywords, isLive),
 *   `microformat.playerMicroformatRenderer` (publishDate, category, likeCount, the same facts
 *   again) and `captions.playerCaptionsTracklistRenderer.captionTracks`;
 * - `var ytInitialData = {…}` — the page's panels: the like button's exact count ("like this video
 *   along with 4,614 other people"), used when the microformat has no `likeCount`.
 * The same player object comes from `youtubei/v1/player` (the ANDROID client's answer lacks the
 * microformat: ../shared/fixtures/video/innertube-player-android-GJLlxj_dtq8-2025-06.json), and
 * is read the same way: `parsePlayerResponse`.
 *
 * Numbers: YouTube sends counts and lengths as digit strings ("3582"): integers here. Where the
 * two sources disagree (the capture's lengthSeconds is 3582 in videoDetails, 3583 in the
 * microformat) videoDetails wins.
 *
 * Outcomes (`playabilityStatus` when there are no videoDetails): ERROR / UNPLAYABLE → NOT_FOUND
 * (UPSTREAM_BLOCKED when its reason or subreason says the video is withheld from the country, and
 * the login wall when UNPLAYABLE's reason says members-only, payment, Music Premium or age-restricted);
 * LOGIN_REQUIRED → PRIVATE_CONTENT for a private video, UPSTREAM_BLOCKED for YouTube's "confirm
 * you're not a bot" check and for what only a logged-in user may watch (age-restricted,
 * members-only: a login wall, never worked around) — told apart by `reason`, in English by `hl=en`.
 * A page without the player object → UPSTREAM_FAILED (NOT_FOUND for YouTube's 404 page); another
 * video's page → UPSTREAM_FAILED (identity.ts). Consent and "unusual traffic" pages are walls.
 */
import { z } from 'zod';
import { loginWall, notFound, privateContent, shapeChanged, upstreamBlocked } from '../../errors.js';
import { parseUserUrl } from '../../links/user-url.js';
import { at, intish, isObj, nonEmpty, reader, str } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { expectOk } from '../../upstream/client.js';
import { declaresNotFound } from '../error-page.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef, ParamSpec } from '../operation.js';
import { parsed } from '../operation.js';
import { Bool, named, NInt, NStr, Str, Strs } from '../records.js';
import { YOUTUBE_ORIGIN } from './channel-ref.js';
import { parseCount } from '../../parse/counts.js';
import { extractYtVar, GOOGLE_ERROR_404, regionWithheld, withheldInCountry, ytText } from './parse.js';

const PLATFORM = 'video';

export const VideoCaptionTrack = z.strictObject({
  languageCode: Str.describe('BCP-47-ish code: en, pt-BR'),
  kind: NStr.describe('"asr" for automatic captions; null for captions someone wrote'),
  name: NStr.describe('As YouTube names the track: "English (auto-generated)"'),
});

export const VideoVideo = named(
  'VideoVideo',
  z.strictObject({
    videoId: Str.describe('The 11-character video id'),
    title: NStr,
    description: NStr.describe('The full description'),
    lengthSeconds: NInt.describe('Duration in seconds (0 for a live stream in progress)'),
    viewCount: NInt.describe('Exact views'),
    likeCount: NInt.describe('Likes: exact where YouTube says; null when the channel hides them or ratings are off'),
    channelId: NStr.describe('UC… id of the channel'),
    author: NStr.describe("The channel's name"),
    publishDate: NStr.describe('As YouTube states it: ISO 8601 with offset (2023-06-19T11:00:10-07:00), or a date'),
    category: NStr.describe('YouTube category: Music, Gaming…'),
    keywords: Strs.describe("The uploader's tags; [] when none"),
    isLive: Bool.describe('Live right now'),
    captions: z.array(VideoCaptionTrack).describe('Caption tracks; [] when none'),
  }),
  'A video on the video platform',
);
export type VideoVideo = z.infer<typeof VideoVideo>;

export const VideoVideoRecord = named('VideoVideoRecord', z.strictObject({ video: VideoVideo }));
export type VideoVideoRecord = z.infer<typeof VideoVideoRecord>;

/** A watch page's HTML → the record; `what` names the video in NOT_FOUND / PRIVATE_CONTENT. */
export function parseWatchPage(html: string, what = 'Video'): VideoVideoRecord {
  const player = extractYtVar(html, 'ytInitialPlayerResponse');
  if (!player) {
    if (GOOGLE_ERROR_404.test(html) || declaresNotFound(html)) throw notFound(`${what} was not found`);
    throw shapeChanged(PLATFORM, 'var ytInitialPlayerResponse in the watch page');
  }
  return parsePlayerResponse(player, extractYtVar(html, 'ytInitialData'), what);
}

/** A player response (the watch page's, or `youtubei/v1/player`'s) and, when at hand, the page's ytInitialData → the record. */
export function parsePlayerResponse(player: unknown, initialData: Obj | null = null, what = 'Video'): VideoVideoRecord {
  if (!isObj(player)) throw shapeChanged(PLATFORM, 'player response object');
  const details = player.videoDetails;
  if (!isObj(details) || !nonEmpty(details.videoId)) unplayable(player, what);
  const r = reader(details, { platform: PLATFORM, record: 'video' });
  const videoId = r.id('videoId');
  if (details.isPrivate === true) throw privateContent(what === 'Video' ? `Video ${videoId}` : what);
  const mf = at(player, ['microformat', 'playerMicroformatRenderer']);
  // The ANDROID and iOS players send no microformat: its facts are missing, warned once.
  if (!isObj(mf)) r.warn('microformat', 'no playerMicroformatRenderer');
  const m = reader(isObj(mf) ? mf : {}, { platform: PLATFORM, record: 'video.microformat' });
  const mfOpt = isObj(mf) ? m : m.opt;
  /** videoDetails first, then the microformat; warned (as video.<field>) only when neither has it. */
  const either = <T>(field: string, a: T | null, b: T | null): T | null => {
    const v = a ?? b;
    if (v === null) r.warn(field, 'in neither videoDetails nor the microformat');
    return v;
  };
  const allowRatings = r.opt.bool('allowRatings');
  const likes = m.opt.intish('likeCount') ?? likeButtonCount(initialData);
  if (likes === null && allowRatings !== false) r.warn('likeCount', 'neither the microformat nor the like button says');
  return {
    video: {
      videoId,
      title: either('title', r.opt.str('title'), m.opt.get('title', ytText)),
      description: either('description', r.opt.str('shortDescription'), m.opt.get('description', ytText)),
      lengthSeconds: either('lengthSeconds', r.opt.intish('lengthSeconds'), m.opt.intish('lengthSeconds')),
      viewCount: either('viewCount', r.opt.intish('viewCount'), m.opt.intish('viewCount')),
      likeCount: likes,
      channelId: either('channelId', r.opt.nonEmpty('channelId'), m.opt.nonEmpty('externalChannelId')),
      author: either('author', r.opt.str('author'), m.opt.str('ownerChannelName')),
      publishDate: mfOpt.nonEmpty('publishDate', 'publishDate', 'uploadDate'),
      category: mfOpt.nonEmpty('category'),
      keywords: r.opt.strings('keywords'),
      isLive: r.opt.bool('isLive') === true || at(mf, ['liveBroadcastDetails', 'isLiveNow']) === true,
      captions: captionTracks(reader(player, { platform: PLATFORM, record: 'video' })),
    },
  };
}

function captionTracks(r: Reader): VideoVideo['captions'] {
  const list = r.opt.obj('captions', ['captions', 'playerCaptionsTracklistRenderer']);
  if (!list) return [];
  return r.over(list, 'captions').opt.items('captionTracks', (t) => ({
    languageCode: t.id('languageCode', nonEmpty),
    kind: t.opt.nonEmpty('kind'),
    name: t.get('name', ytText),
  }));
}

const ROUNDED_COUNT_RE = /^[\d.,]+\s*[KMB]?$/i;

/**
 * The like button's count: exact from its label ("along with 4,614 other people"), else its
 * rounded title ("4.6K"). The 2024+ `likeButtonViewModel` first; then the older buttons (2022–23:
 * `segmentedLikeDislikeButtonRenderer.likeButton.toggleButtonRenderer`; 2021: a top-level
 * `toggleButtonRenderer` with the LIKE icon), whose `defaultText` says "4,614 likes" in its
 * accessibility label and "4.6K" as shown (`toggledText` is the count after the viewer's own like: not read).
 */
export function likeButtonCount(initialData: Obj | null): number | null {
  if (!initialData) return null;
  const button = findKey(initialData, 'likeButtonViewModel', 30);
  if (!button) return legacyLikeCount(initialData);
  const label = findString(button, (k, v) => k === 'accessibilityText' && /\bother (?:people|person)\b/.test(v), 30);
  const exact = label ? /along with ([\d,]+) other/.exec(label)?.[1] : undefined;
  if (exact) return intish(exact.replace(/,/g, ''));
  const title = findString(button, (k, v) => k === 'title' && ROUNDED_COUNT_RE.test(v.trim()), 30);
  return title ? parseCount(title) : null;
}

function legacyLikeCount(initialData: Obj): number | null {
  const segmented = findKey(initialData, 'segmentedLikeDislikeButtonRenderer', 30);
  const toggle = segmented
    ? at(segmented, ['likeButton', 'toggleButtonRenderer'])
    : findObj(initialData, (o) => isObj(o.toggleButtonRenderer) && at(o.toggleButtonRenderer, ['defaultIcon', 'iconType']) === 'LIKE', 30)
        ?.toggleButtonRenderer;
  if (!isObj(toggle)) return null;
  const label = str(at(toggle, ['defaultText', 'accessibility', 'accessibilityData', 'label']));
  const exact = label ? (/^([\d,]+) likes?$/.exec(label.trim()) ?? /along with ([\d,]+) other/.exec(label))?.[1] : undefined;
  if (exact) return intish(exact.replace(/,/g, ''));
  const shown = ytText(at(toggle, ['defaultText']))?.trim();
  return shown && ROUNDED_COUNT_RE.test(shown) ? parseCount(shown) : null;
}

/** The first object (depth-first) that `test` accepts. */
function findObj(node: unknown, test: (o: Obj) => boolean, depth: number): Obj | null {
  if (depth < 0 || node === null || typeof node !== 'object') return null;
  if (!Array.isArray(node) && test(node as Obj)) return node as Obj;
  for (const v of Object.values(node as Obj)) {
    const f = findObj(v, test, depth - 1);
    if (f) return f;
  }
  return null;
}

function findKey(node: unknown, key: string, depth: number): Obj | null {
  if (depth < 0 || node === null || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const x of node) {
      const f = findKey(x, key, depth - 1);
      if (f) return f;
    }
    return null;
  }
  const o = node as Obj;
  if (isObj(o[key])) return o[key];
  for (const v of Object.values(o)) {
    const f = findKey(v, key, depth - 1);
    if (f) return f;
  }
  return null;
}

function findString(node: unknown, test: (key: string, value: string) => boolean, depth: number): string | null {
  if (depth < 0 || node === null || typeof node !== 'object') return null;
  for (const [k, v] of Object.entries(node as Obj)) {
    if (typeof v === 'string' && test(k, v)) return v;
    const f = findString(v, test, depth - 1);
    if (f) return f;
  }
  return null;
}

/** A player response without videoDetails: what its playabilityStatus says, as a typed error. */
export function unplayable(player: Obj, what: string): never {
  const ps = isObj(player.playabilityStatus) ? player.playabilityStatus : {};
  const status = str(ps.status);
  const reason =
    ytText(ps.reason) ??
    ytText(at(ps, ['errorScreen', 'playerErrorMessageRenderer', 'reason'])) ??
    (Array.isArray(ps.messages) ? ytText(ps.messages[0]) : null) ??
    '';
  const said = reason ? ` (${reason.slice(0, 200)})` : '';
  const subreason = ytText(at(ps, ['errorScreen', 'playerErrorMessageRenderer', 'subreason']));
  if ((status === 'ERROR' || status === 'UNPLAYABLE') && withheldInCountry([reason, subreason])) throw regionWithheld(what);
  // Members-only, paid, Music Premium and age-restricted videos come UNPLAYABLE too (their reason
  // says which, as NewPipeExtractor reads it): they exist, for signed-in viewers only.
  if (status === 'UNPLAYABLE' && /members-only|\bpayment\b|Music Premium|age-restricted/i.test(reason)) throw loginWall(PLATFORM);
  if (status === 'ERROR' || status === 'UNPLAYABLE') throw notFound(`${what} is not available${said}`);
  if (status === 'LOGIN_REQUIRED') {
    if (/\bnot a bot\b/i.test(reason))
      throw upstreamBlocked(`${PLATFORM}: YouTube asks to sign in to confirm this is not a bot (bot check)`);
    if (/\bprivate\b/i.test(reason)) throw privateContent(what);
    throw loginWall(PLATFORM);
  }
  throw shapeChanged(PLATFORM, `videoDetails (playabilityStatus ${status ?? 'missing'}${said})`);
}

// ---------------------------------------------------------------------------------------------
// Input and request
// ---------------------------------------------------------------------------------------------

export const VIDEO_ID_RE = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS = /^(?:(?:www|m|music)\.)?youtube\.com$/i;

/**
 * The video id of a YouTube video URL: `youtube.com/watch?v=<id>` (www, m, music), `/shorts/<id>`,
 * `/live/<id>`, `/embed/<id>`, `/v/<id>`, `youtu.be/<id>`. Null for anything else.
 */
export function parseVideoUrl(input: string): string | null {
  const u = parseUserUrl(input);
  if (!u) return null;
  const parts = u.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (/^youtu\.be$/i.test(u.hostname)) id = parts.length === 1 ? parts[0] : null;
  else if (WATCH_HOSTS.test(u.hostname)) {
    if (parts.length === 1 && parts[0] === 'watch') id = u.searchParams.get('v');
    else if (parts.length === 2 && ['shorts', 'live', 'embed', 'v'].includes(parts[0])) id = parts[1];
  }
  return id && VIDEO_ID_RE.test(id) ? id : null;
}

export function watchPageUrl(id: string): string {
  return `${YOUTUBE_ORIGIN}/watch?v=${id}&hl=en&bpctr=9999999999&has_verified=1`;
}

const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.8' };

export async function fetchVideo(ctx: OpContext, id: string): Promise<VideoVideoRecord> {
  const what = `Video ${id}`;
  const res = await ctx.upstream.request({ url: watchPageUrl(id), platform: PLATFORM, headers: PAGE_HEADERS, signal: ctx.signal });
  // The consent interstitial and Google's /sorry/ page come with any status: walls (walls.ts).
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, PLATFORM, what);
  const record = parsed(ctx, () => parseWatchPage(res.text(), what));
  assertSameResource(PLATFORM, what, { id }, { id: record.video.videoId });
  return record;
}

const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** The video a call names, by `url` or `id` (exactly one): videoVideo's and videoTranscript's parameters. */
export const VIDEO_REF_PARAMS: ParamSpec[] = [
  {
    name: 'url',
    kind: 'string',
    maxLength: 2048,
    description: 'Video URL: https://www.youtube.com/watch?v=ID, youtu.be/ID, /shorts/ID, /live/ID. Give exactly one of url or id.',
  },
  { name: 'id', kind: 'string', maxLength: 64, description: 'Video id (11 characters). Give exactly one of url or id.' },
];

/** VIDEO_REF_PARAMS' rules: exactly one of url and id, a YouTube video URL, an 11-character id. */
export function checkVideoRef(args: Record<string, any>, problem: (param: string, message: string) => void): void {
  const present = (['url', 'id'] as const).filter((p) => given(args[p]));
  if (present.length !== 1) {
    for (const p of present.length ? present : (['url', 'id'] as const)) problem(p, 'give exactly one of url or id');
    return;
  }
  if (present[0] === 'url' && args.url.length <= 2048 && !parseVideoUrl(args.url))
    problem('url', 'must be a YouTube video URL (youtube.com/watch?v=ID, youtu.be/ID, /shorts/ID, /live/ID)');
  if (present[0] === 'id' && args.id.length <= 64 && !VIDEO_ID_RE.test(args.id.trim()))
    problem('id', 'must be a video id: 11 letters, digits, - or _');
}

/** The video id of valid VIDEO_REF_PARAMS arguments (checkVideoRef passed). */
export const videoIdOf = (a: Record<string, any>): string => (given(a.id) ? a.id.trim() : parseVideoUrl(a.url)!);

export const videoVideo: OperationDef<{ id: string }, VideoVideoRecord> = {
  field: 'videoVideo',
  platform: PLATFORM,
  summary: 'A video on the video platform: title, description, counts, channel, dates, keywords, caption tracks',
  rest: { path: '/v1/video/video' },
  record: VideoVideoRecord,
  params: VIDEO_REF_PARAMS,
  cacheable: true,
  check: checkVideoRef,
  normalize: (a) => ({ id: videoIdOf(a) }),
  key: (a) => a.id,
  cost: { max: 1 },
  example: { id: 'kP9xWq2LmZ4' },
  run: (ctx, a) => fetchVideo(ctx, a.id),
};
