/**
 * `GET /v1/video/videos` (`videoVideos`): one page of a YouTube channel's Videos, Shorts or Live
 * tab, `{videos, cursor}` — each video `{videoId, title, viewCountText, publishedTimeText,
 * lengthText, thumbnails}` (the names of YouTube's `videoRenderer`), `cursor` null at the end.
 *
 * Upstream, one request per call:
 * - first page: the tab page, `GET https://www.youtube.com/@<handle>/<videos|shorts|streams>`
 *   (or `/channel/<id>/…`), its `ytInitialData` (../shared/fixtures/video: the 2025 Videos tab of
 *   @hospitalrecords, @bulwarkmedia's, the 2026 browse answers of @kurzgesagt and
 *   @creativecommons — the same object);
 * - later pages: `POST https://www.youtube.com/youtubei/v1/browse` with the WEB client's context
 *   and the continuation token of the page before
 *   (`onResponseReceivedActions[].appendContinuationItemsAction.continuationItems`).
 *
 * Items, by era: `richItemRenderer.content` holding a `videoRenderer` (2025, and the Videos tab of
 * some channels in 2026), a `lockupViewModel` (2026 Videos and Live tabs: title in its
 * metadata, "28 views" / "13 days ago" as metadata parts, the duration as a thumbnail badge), a
 * `shortsLockupViewModel` (2026 Shorts: title and views in its overlay, no date or duration) or a
 * `reelItemRenderer` (older Shorts); pre-2023 grids list `gridVideoRenderer`s. A
 * `continuationItemRenderer` at the end carries the next page's token. An item without its video
 * id, or of a kind not known here, is left out (warned `videos.items`); view count, date and
 * duration are absent for some videos (live, upcoming, members-only, Shorts) and are then null
 * without a warning. Parts are told apart by their English words ("views", "watching", "ago",
 * "Streamed"): every request asks for English (`hl=en`).
 *
 * The cursor is ours: base64url JSON of the channel id (and handle), the tab, YouTube's token and
 * the WEB client version the first page was served with — so a cursor of another channel or tab
 * is refused (INVALID_INPUT on `cursor`) instead of answering another list.
 *
 * Outcomes: a channel that does not exist → NOT_FOUND; another channel's page → UPSTREAM_FAILED
 * (identity.ts); a channel without the tab (YouTube then selects another tab) → `videos: []`,
 * `cursor: null`; YouTube refusing a continuation token (400) → INVALID_INPUT on `cursor`.
 */
import { z } from 'zod';
import { invalidParam, isApiError, notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { at, isObj, list, nonEmpty, reader } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { expectOk } from '../../upstream/client.js';
import { declaresNotFound } from '../error-page.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { named, NStr, Str } from '../records.js';
import type { ChannelRef } from './channel-ref.js';
import {
  CHANNEL_ID_RE,
  CHANNEL_REF_PARAMS,
  channelCacheKey,
  channelPageUrl,
  channelRefOf,
  checkChannelRef,
  describeChannelRef,
} from './channel-ref.js';
import { BROWSE_URL, innertubeHeaders, webClientContext } from './fetch.js';
import { extractYtcfg, extractYtInitialData, GOOGLE_ERROR_404, parseChannelPage, ytText } from './parse.js';
import { VideoImageSource } from './schema.js';

const PLATFORM = 'video';

export const CHANNEL_TABS = ['videos', 'shorts', 'streams'] as const;
export type ChannelTab = (typeof CHANNEL_TABS)[number];

export const VideoListItem = named(
  'VideoListItem',
  z.strictObject({
    videoId: Str.describe('The 11-character video id'),
    title: NStr,
    viewCountText: NStr.describe('As shown: "4,413 views", "1.2K watching"; null where YouTube shows none (upcoming, members-only)'),
    publishedTimeText: NStr.describe('As shown: "9 days ago", "Streamed 2 weeks ago"; null for Shorts and upcoming streams'),
    lengthText: NStr.describe('As shown: "56:56"; null for Shorts and live streams'),
    thumbnails: z.array(VideoImageSource),
  }),
  'A video in a list (channel tab, search result)',
);
export type VideoListItem = z.infer<typeof VideoListItem>;

export const VideoVideosPage = named(
  'VideoVideosPage',
  z.strictObject({
    videos: z.array(VideoListItem).describe("The tab's videos, in YouTube's order"),
    cursor: NStr.describe('Pass unchanged as `cursor` (with the same channel and tab) for the next page; null at the end'),
  }),
  "One page of a channel's videos",
);
export type VideoVideosPage = z.infer<typeof VideoVideosPage>;

// ---------------------------------------------------------------------------------------------
// List items (shared with search.ts)
// ---------------------------------------------------------------------------------------------

/** Item renderers a list may hold, each read into a VideoListItem. */
export const VIDEO_ITEM_KINDS = [
  'videoRenderer',
  'gridVideoRenderer',
  'lockupViewModel',
  'shortsLockupViewModel',
  'reelItemRenderer',
] as const;
export type VideoItemKind = (typeof VIDEO_ITEM_KINDS)[number];

/** The renderer a list entry holds (`{videoRenderer: {…}}`), directly or in a `richItemRenderer`. */
export function itemRenderer(entry: Obj): { kind: string; node: Obj } | null {
  const content = isObj(entry.richItemRenderer) && isObj(entry.richItemRenderer.content) ? entry.richItemRenderer.content : entry;
  const kind = Object.keys(content).find((k) => isObj(content[k]));
  return kind ? { kind, node: content[kind] as Obj } : null;
}

/** Image sources; one without a url left out (warned through `r`), protocol-relative URLs made https. */
export function imageSources(r: Reader, ...paths: (string | (string | number)[])[]): VideoImageSource[] {
  return r.items(
    'thumbnails',
    (s) => {
      const url = s.nonEmpty('url');
      if (!url) return null;
      return { url: url.startsWith('//') ? `https:${url}` : url, width: s.round('width'), height: s.round('height') };
    },
    ...paths,
  );
}

const DURATION_RE = /^\d+(?::\d{2}){1,2}$/;
const VIEWS_RE = /\b(?:views?|watching|waiting)\b/i;
const WHEN_RE = /\bago\b|^(?:Streamed|Premiered|Premieres|Scheduled)\b/i;

/**
 * The length a grid item shows on its thumbnail (`thumbnailOverlays[].thumbnailOverlayTimeStatusRenderer`,
 * "7:33:13"): the pre-2023 `gridVideoRenderer` has no `lengthText` of its own. A "LIVE" or "SHORTS"
 * overlay is no length.
 */
function overlayLength(node: unknown): string | null {
  for (const overlay of list(at(node, ['thumbnailOverlays']))) {
    const text = ytText(at(overlay, ['thumbnailOverlayTimeStatusRenderer', 'text']))?.trim();
    if (text && DURATION_RE.test(text)) return text;
  }
  return null;
}

/** One item renderer → a list item; its video id missing: UPSTREAM_FAILED (the list leaves the item out). */
export function videoListItem(kind: VideoItemKind, r: Reader): VideoListItem {
  switch (kind) {
    case 'videoRenderer':
    case 'gridVideoRenderer':
      return {
        videoId: r.id('videoId'),
        title: r.get('title', ytText),
        viewCountText: r.opt.get('viewCountText', ytText),
        publishedTimeText: r.opt.get('publishedTimeText', ytText),
        lengthText: r.opt.get('lengthText', ytText) ?? overlayLength(r.root),
        thumbnails: imageSources(r, ['thumbnail', 'thumbnails']),
      };
    case 'lockupViewModel': {
      const videoId = r.id('contentId');
      const type = r.opt.str('contentType');
      if (type && type !== 'LOCKUP_CONTENT_TYPE_VIDEO') throw shapeChanged(PLATFORM, `a video lockup (got ${type})`);
      const parts = lockupParts(r);
      // Views, "watching", a date or a schedule: another part is a changed shape (the request asks for English).
      for (const p of parts)
        if (!VIEWS_RE.test(p) && !WHEN_RE.test(p)) r.warn('metadata', `a part that is neither views nor a date: ${p.slice(0, 40)}`);
      return {
        videoId,
        title: r.get('title', ytText, ['metadata', 'lockupMetadataViewModel', 'title']),
        viewCountText: parts.find((p) => VIEWS_RE.test(p)) ?? null,
        publishedTimeText: parts.find((p) => WHEN_RE.test(p)) ?? null,
        lengthText: badgeTexts(r, ['contentImage', 'thumbnailViewModel']).find((t) => DURATION_RE.test(t)) ?? null,
        thumbnails: imageSources(r, ['contentImage', 'thumbnailViewModel', 'image', 'sources']),
      };
    }
    case 'shortsLockupViewModel': {
      // The tap command names the video; the entity id (`shorts-shelf-item-<id>`) does too.
      const entity = /^shorts-shelf-item-([A-Za-z0-9_-]{11})$/.exec(r.opt.str('entityId') ?? '')?.[1] ?? null;
      const videoId = r.opt.nonEmpty('videoId', ['onTap', 'innertubeCommand', 'reelWatchEndpoint', 'videoId']) ?? entity;
      if (!videoId) throw shapeChanged(PLATFORM, `${r.record}.videoId`);
      return {
        videoId,
        title: r.get('title', ytText, ['overlayMetadata', 'primaryText']),
        viewCountText: r.opt.get('viewCountText', ytText, ['overlayMetadata', 'secondaryText']),
        publishedTimeText: null,
        lengthText: null,
        thumbnails: imageSources(
          r,
          ['thumbnailViewModel', 'thumbnailViewModel', 'image', 'sources'],
          ['thumbnail', 'sources'],
          ['thumbnailViewModel', 'image', 'sources'],
        ),
      };
    }
    case 'reelItemRenderer':
      return {
        videoId: r.id('videoId'),
        title: r.get('title', ytText, 'headline'),
        viewCountText: r.opt.get('viewCountText', ytText),
        publishedTimeText: null,
        lengthText: null,
        thumbnails: imageSources(r, ['thumbnail', 'thumbnails']),
      };
  }
}

/**
 * The texts of a lockup's metadata parts, all rows (every video lockup has them: missing ones
 * warned), but for a part linking to a channel (search and feed lockups name the channel so). A
 * row of badges instead of parts ("Fundraiser" under a 2026 Live-tab lockup) has no text.
 */
export function lockupParts(r: Reader): string[] {
  const meta = r.child('metadata', ['metadata', 'lockupMetadataViewModel', 'metadata', 'contentMetadataViewModel']);
  return meta
    .items('metadataRows', (row) =>
      (isObj(row.root) && row.root.metadataParts === undefined && Array.isArray(row.root.badges) ? row.opt : row).items(
        'metadataParts',
        (part) => {
          const text = part.get('text', ytText)?.trim() || null;
          return text && at(part.root, ['text', 'commandRuns', 0, 'onTap', 'innertubeCommand', 'browseEndpoint']) ? '' : text;
        },
      ),
    )
    .flat()
    .filter(Boolean);
}

/**
 * The texts of a lockup thumbnail's badges: the duration ("1:07:34"), or LIVE / UPCOMING. Every
 * video lockup shows one: a thumbnail without a badge overlay is warned (`…lengthText`). 2026
 * `thumbnailBottomOverlayViewModel.badges`, 2025 `thumbnailOverlayBadgeViewModel.thumbnailBadges`;
 * other overlays (hover actions, animations) are not badges.
 */
function badgeTexts(r: Reader, path: string[]): string[] {
  const texts: string[] = [];
  let badged = false;
  r.child('thumbnail', path).items('overlays', (o) => {
    const bottom = o.opt.obj('thumbnailBottomOverlayViewModel');
    const legacy = bottom ? null : o.opt.obj('thumbnailOverlayBadgeViewModel');
    if (bottom || legacy) {
      badged = true;
      const b = o.over(bottom ?? legacy, bottom ? 'thumbnailBottomOverlayViewModel' : 'thumbnailOverlayBadgeViewModel');
      b.items(
        'badges',
        (x) => {
          const t = x.get('text', ytText, ['thumbnailBadgeViewModel', 'text'])?.trim();
          if (t) texts.push(t);
          return t || null;
        },
        'badges',
        'thumbnailBadges',
      );
    }
    return o;
  });
  if (!badged) r.warn('lengthText', 'no badge overlay on the thumbnail');
  return texts;
}

/** Entries a list may hold that are no result and no token (shelves, ads, separators): skipped, not warned. */
const NOT_ITEMS = new Set(['richSectionRenderer', 'adSlotRenderer', 'messageRenderer']);

/** The token of a `continuationItemRenderer`. */
export const continuationToken = (node: Obj): string | null =>
  nonEmpty(at(node, ['continuationEndpoint', 'continuationCommand', 'token'])) ??
  nonEmpty(at(node, ['button', 'buttonRenderer', 'command', 'continuationCommand', 'token']));

/**
 * A list's entries, each read by `read` (a reader over its renderer, record `<record>.<kind>`),
 * and the continuation token among them. Entries that are no result (NOT_ITEMS, or `read`
 * returning null: shelves, ads) are skipped; an entry that is no object, of no kind `read` knows
 * (it returns undefined), or without its identity (UPSTREAM_FAILED) is left out, warned as
 * `<record>.items`.
 */
export function readEntries<T>(
  entries: unknown[],
  record: string,
  read: (kind: string, r: Reader) => T | null | undefined,
): { items: T[]; token: string | null } {
  const r = reader({}, { platform: PLATFORM, record });
  const items: T[] = [];
  let token: string | null = null;
  entries.forEach((entry, i) => {
    const item = isObj(entry) ? itemRenderer(entry) : null;
    if (item?.kind === 'continuationItemRenderer') {
      token = continuationToken(item.node);
      if (!token) r.warn('continuation', 'no token');
      return;
    }
    if (item && NOT_ITEMS.has(item.kind)) return;
    try {
      const v = item ? read(item.kind, r.over(item.node, item.kind)) : undefined;
      if (v === undefined) r.warn('items', `element ${i} is ${item ? `a ${item.kind}` : 'no renderer'}`);
      else if (v !== null) items.push(v);
    } catch (e) {
      if (!isApiError(e) || e.code !== 'UPSTREAM_FAILED') throw e;
      r.warn('items', `element ${i}: ${e.message}`);
    }
  });
  return { items, token };
}

/** A grid's entries → its videos and the next page's token. */
export function gridVideos(entries: unknown[]): { videos: VideoListItem[]; token: string | null } {
  const { items, token } = readEntries(entries, 'videos', (kind, r) =>
    (VIDEO_ITEM_KINDS as readonly string[]).includes(kind) ? videoListItem(kind as VideoItemKind, r) : undefined,
  );
  return { videos: items, token };
}

// ---------------------------------------------------------------------------------------------
// Channel tab pages
// ---------------------------------------------------------------------------------------------

export interface ChannelTabPage {
  channelId: string;
  handle: string | null;
  clientVersion: string | null;
  /** Whether YouTube selected the tab asked for (a channel without it gets another tab). */
  tabFound: boolean;
  videos: VideoListItem[];
  token: string | null;
}

/** A tab page's `ytInitialData` (or the browse answer for it) → the tab's videos and the next token. */
export function parseChannelTab(data: unknown, tab: ChannelTab): ChannelTabPage {
  const page = parseChannelPage(data);
  const tabs = list(at(data, ['contents', 'twoColumnBrowseResultsRenderer', 'tabs']));
  const selected = tabs.map((t) => at(t, ['tabRenderer'])).find((t) => isObj(t) && t.selected === true);
  const base = { channelId: page.channelId, handle: page.handle, clientVersion: page.clientVersion };
  if (!isObj(selected)) throw shapeChanged(PLATFORM, 'the selected tab of the channel page');
  const url = nonEmpty(at(selected, ['endpoint', 'commandMetadata', 'webCommandMetadata', 'url']));
  if (!url?.endsWith(`/${tab}`)) return { ...base, tabFound: false, videos: [], token: null };
  const grid = at(selected, ['content', 'richGridRenderer', 'contents']);
  // Pre-2023 grids: sectionListRenderer → itemSectionRenderer → gridRenderer.items.
  const older = at(selected, [
    'content',
    'sectionListRenderer',
    'contents',
    0,
    'itemSectionRenderer',
    'contents',
    0,
    'gridRenderer',
    'items',
  ]);
  const entries = Array.isArray(grid) ? grid : Array.isArray(older) ? older : null;
  if (!entries) throw shapeChanged(PLATFORM, `the ${tab} grid (richGridRenderer) of the channel page`);
  return { ...base, tabFound: true, ...gridVideos(entries) };
}

/** A browse continuation answer → the next videos and token. */
export function parseTabContinuation(json: unknown): { videos: VideoListItem[]; token: string | null } {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'browse continuation object');
  // Every action's items, in order: an answer may reload the chip bar first and the grid after.
  let found = false;
  const items: unknown[] = [];
  for (const a of list(json.onResponseReceivedActions)) {
    const part =
      at(a, ['appendContinuationItemsAction', 'continuationItems']) ?? at(a, ['reloadContinuationItemsCommand', 'continuationItems']);
    if (!Array.isArray(part)) continue;
    found = true;
    items.push(...part.filter((item) => !(isObj(item) && 'feedFilterChipBarRenderer' in item)));
  }
  if (found) return gridVideos(items);
  // The last page may come with no action at all.
  if (json.onResponseReceivedActions === undefined && isObj(json.responseContext)) return { videos: [], token: null };
  throw shapeChanged(PLATFORM, 'continuationItems in the browse continuation');
}

// ---------------------------------------------------------------------------------------------
// The cursor
// ---------------------------------------------------------------------------------------------

export interface VideosCursor {
  /** Channel id. */
  c: string;
  /** Handle (lower case), when the channel has one. */
  h: string | null;
  t: ChannelTab;
  /** YouTube's continuation token. */
  k: string;
  /** WEB client version of the first page. */
  v: string | null;
}

export function decodeVideosCursor(raw: string): VideosCursor | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.c !== 'string' || !CHANNEL_ID_RE.test(c.c) || typeof c.k !== 'string' || !c.k) return null;
  if (!(CHANNEL_TABS as readonly string[]).includes(c.t as string)) return null;
  if (c.h !== null && typeof c.h !== 'string') return null;
  if (c.v !== null && (typeof c.v !== 'string' || !/^[\d.]{1,32}$/.test(c.v))) return null;
  return c as unknown as VideosCursor;
}

/** Whether a cursor can belong to the channel asked for (a /c/ or /user/ name cannot be told without a fetch). */
export function cursorFits(c: { c: string; h: string | null }, ref: ChannelRef): boolean {
  if (ref.kind === 'id') return c.c === ref.id;
  if (ref.kind === 'handle') return c.h === ref.handle;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export interface VideoVideosArgs {
  ref: ChannelRef;
  tab: ChannelTab;
  cursor: VideosCursor | null;
}

const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.8' };

export const tabPageUrl = (ref: ChannelRef, tab: ChannelTab) => `${channelPageUrl(ref)}/${tab}?hl=en`;

export async function fetchChannelVideos(ctx: OpContext, a: VideoVideosArgs): Promise<VideoVideosPage> {
  return a.cursor ? fetchContinuation(ctx, a.cursor) : fetchFirstPage(ctx, a.ref, a.tab);
}

/**
 * A channel tab's page (`/<tab>?hl=en`, `tab` videos, shorts, streams or posts) → its HTML and
 * ytInitialData: HTTP 404/410 and YouTube's 404 page are NOT_FOUND (the consent interstitial and
 * Google's /sorry/ page, with any status, are walls: walls.ts).
 */
export async function fetchChannelTabPage(
  ctx: OpContext,
  ref: ChannelRef,
  tab: string,
  what: string,
): Promise<{ html: string; data: unknown }> {
  const res = await ctx.upstream.request({
    url: `${channelPageUrl(ref)}/${tab}?hl=en`,
    platform: PLATFORM,
    headers: PAGE_HEADERS,
    signal: ctx.signal,
  });
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, PLATFORM, what);
  const html = res.text();
  const data = extractYtInitialData(html);
  if (!data) {
    if (GOOGLE_ERROR_404.test(html) || declaresNotFound(html)) throw notFound(`${what} was not found`);
    throw shapeChanged(PLATFORM, 'var ytInitialData in the channel page');
  }
  return { html, data };
}

/** The channel a tab page shows must be the one asked for: by id, or by handle (a /c/ or /user/ name states neither). */
export function assertAskedChannel(ref: ChannelRef, what: string, page: { channelId: string; handle: string | null }): void {
  if (ref.kind === 'id') assertSameResource(PLATFORM, what, { id: ref.id }, { id: page.channelId });
  else if (ref.kind === 'handle') assertSameResource(PLATFORM, what, { handle: ref.handle }, { handle: page.handle });
}

/**
 * The next page of a channel tab: `browse` with YouTube's continuation token, in the client version
 * of the first page → its JSON. YouTube refuses a token it did not issue, or one too old, with 400
 * INVALID_ARGUMENT: INVALID_INPUT on `cursor`.
 */
export async function fetchTabContinuation(ctx: OpContext, c: { k: string; v: string | null }, what: string): Promise<unknown> {
  const context = webClientContext({ clientVersion: c.v, visitorData: null });
  const res = await ctx.upstream.request({
    url: BROWSE_URL,
    method: 'POST',
    headers: innertubeHeaders(context),
    body: JSON.stringify({ context, continuation: c.k }),
    platform: PLATFORM,
    signal: ctx.signal,
  });
  if (res.status === 400)
    throw invalidParam('cursor', 'YouTube refused this cursor (expired, or not one of its tokens): start again without it');
  if (res.status === 404) throw upstreamFailed(`${PLATFORM}: the browse continuation answered HTTP 404`);
  expectOk(res, PLATFORM, what);
  return res.json();
}

async function fetchFirstPage(ctx: OpContext, ref: ChannelRef, tab: ChannelTab): Promise<VideoVideosPage> {
  const what = `Video channel ${describeChannelRef(ref)}`;
  const { html, data } = await fetchChannelTabPage(ctx, ref, tab, what);
  const page = parsed(ctx, () => parseChannelTab(data, tab));
  assertAskedChannel(ref, what, page);
  const clientVersion = extractYtcfg(html).clientVersion ?? page.clientVersion;
  const cursor: VideosCursor | null = page.token
    ? { c: page.channelId, h: page.handle?.toLowerCase() ?? null, t: tab, k: page.token, v: clientVersion }
    : null;
  return { videos: page.videos, cursor: cursor ? encodeCursor(cursor) : null };
}

async function fetchContinuation(ctx: OpContext, c: VideosCursor): Promise<VideoVideosPage> {
  const json = await fetchTabContinuation(ctx, c, `The next page of channel ${c.c}`);
  const next = parsed(ctx, () => parseTabContinuation(json));
  // The token this page was asked with is the end, not a next page (YouTube looping).
  const token = nextToken(c.k, next.token);
  return { videos: next.videos, cursor: token ? encodeCursor({ ...c, k: token }) : null };
}

export const videoVideos: OperationDef<VideoVideosArgs, VideoVideosPage> = {
  field: 'videoVideos',
  platform: PLATFORM,
  summary: "One page of a channel's videos, Shorts or live streams; page with `cursor`",
  rest: { path: '/v1/video/videos' },
  record: VideoVideosPage,
  // A monitor watches which videos the page lists (a new upload: one change).
  watch: ['videos.videoId'],
  params: [
    ...CHANNEL_REF_PARAMS,
    { name: 'tab', kind: 'enum', values: CHANNEL_TABS, enumName: 'VideoChannelTab', description: 'Which list (default videos).' },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 4096,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same channel and tab. Omit for the first page.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    let refOk = true;
    checkChannelRef(args, (p, m) => {
      refOk = false;
      problem(p, m);
    });
    if (typeof args.cursor !== 'string' || args.cursor === '' || args.cursor.length > 4096) return;
    const c = decodeVideosCursor(args.cursor);
    if (!c) return problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    if (c.t !== (args.tab ?? 'videos')) problem('cursor', `belongs to the ${c.t} tab, not ${args.tab ?? 'videos'}`);
    if (refOk && !cursorFits(c, channelRefOf(args))) problem('cursor', 'belongs to another channel');
  },
  normalize: (a) => ({
    ref: channelRefOf(a),
    tab: a.tab ?? 'videos',
    cursor: typeof a.cursor === 'string' && a.cursor !== '' ? decodeVideosCursor(a.cursor) : null,
  }),
  key: (a) => JSON.stringify([channelCacheKey(a.ref), a.tab, a.cursor ? encodeCursor(a.cursor) : null]),
  cost: { max: 1 },
  example: { handle: '@RaviMenonCooks' },
  run: (ctx, a) => fetchChannelVideos(ctx, a),
};
