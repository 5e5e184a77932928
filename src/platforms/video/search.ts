/**
 * `GET /v1/video/search` (`videoSearch`): one page of YouTube search results, `{results, cursor}`
 * — each result `{type: "video" | "channel" | "playlist", …}`, `cursor` null at the end.
 *
 * Upstream, one request per call: `POST https://www.youtube.com/youtubei/v1/search?prettyPrint=false`
 * with the WEB client's context (English) and `{query, params}` — the filter params of YouTube's
 * own "all", "videos" and "channels" filters (`8AEB`, `EgIQAfABAQ%3D%3D`, `EgIQAvABAQ%3D%3D`,
 * as sent in ../shared/fixtures/video's search captures) — or, for a later page,
 * `{continuation}`. Answers: `contents.twoColumnSearchResultsRenderer.primaryContents
 * .sectionListRenderer.contents[]` (an `itemSectionRenderer` of results, then a
 * `continuationItemRenderer`), later pages the same under
 * `onResponseReceivedCommands[].appendContinuationItemsAction.continuationItems`.
 *
 * Results: `videoRenderer` (and a video `lockupViewModel`) → a video in the list-item shape of
 * videos.ts plus its channel (`author`, `channelId`); `channelRenderer` → a channel (its handle from
 * the canonical URL: the 2026 answers put the handle in `subscriberCountText` and the subscriber
 * count in `videoCountText`, which is read as such); `playlistRenderer` or a playlist
 * `lockupViewModel` → a playlist. Shelves ("Shorts", "People also watched", "Popular in …"),
 * ads, "no results" promos and a topic's information panels are not results of the query and are
 * skipped; an unknown renderer, or a result without its id, is left out (warned `search.items`).
 *
 * The cursor is ours: base64url JSON of the query, the type, YouTube's token and the client
 * version — a cursor of another query or type is refused (INVALID_INPUT on `cursor`).
 */
import { z } from 'zod';
import { invalidParam, shapeChanged, upstreamFailed } from '../../errors.js';
import { at, isObj, list, nonEmpty, reader } from '../../parse/index.js';
import type { Reader } from '../../parse/index.js';
import { expectOk } from '../../upstream/client.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { named, NStr, Str } from '../records.js';
import { FALLBACK_CLIENT_VERSION, innertubeHeaders, webClientContext } from './fetch.js';
import { YOUTUBE_ORIGIN } from './channel-ref.js';
import { ytText } from './parse.js';
import { VideoImageSource } from './schema.js';
import type { VideoItemKind } from './videos.js';
import { imageSources, readEntries, VIDEO_ITEM_KINDS, VideoListItem, videoListItem } from './videos.js';

const PLATFORM = 'video';
export const SEARCH_URL = `${YOUTUBE_ORIGIN}/youtubei/v1/search?prettyPrint=false`;

export const SEARCH_TYPES = ['all', 'video', 'channel'] as const;
export type VideoSearchType = (typeof SEARCH_TYPES)[number];
/** YouTube's own filter params (the web client's, as the captures' requests send them). */
export const SEARCH_PARAMS: Record<VideoSearchType, string> = { all: '8AEB', video: 'EgIQAfABAQ%3D%3D', channel: 'EgIQAvABAQ%3D%3D' };

const Channel = { author: NStr.describe("The channel's name"), channelId: NStr.describe('UC… id of the channel') };

export const VideoSearchVideo = z.strictObject({ type: z.literal('video'), ...VideoListItem.shape, ...Channel });
export const VideoSearchChannel = z.strictObject({
  type: z.literal('channel'),
  channelId: Str.describe('UC… id'),
  title: NStr,
  handle: NStr.describe('Without the @; null for a channel without one'),
  subscriberCountText: NStr.describe('As shown: "234k subscribers"'),
  videoCountText: NStr.describe('As shown: "1.2K videos"; null where YouTube shows none (2026)'),
  description: NStr.describe('The snippet shown'),
  thumbnails: z.array(VideoImageSource),
});
export const VideoSearchPlaylist = z.strictObject({
  type: z.literal('playlist'),
  playlistId: Str,
  title: NStr,
  videoCountText: NStr.describe('As shown: "12 videos"'),
  ...Channel,
  thumbnails: z.array(VideoImageSource),
});
export const VideoSearchResult = z.discriminatedUnion('type', [VideoSearchVideo, VideoSearchChannel, VideoSearchPlaylist]);
export type VideoSearchResult = z.infer<typeof VideoSearchResult>;

export const VideoSearchPage = named(
  'VideoSearchPage',
  z.strictObject({
    results: z.array(VideoSearchResult).describe("Videos, channels and playlists, in YouTube's order"),
    cursor: NStr.describe('Pass unchanged as `cursor` (with the same query and type) for the next page; null at the end'),
  }),
  'One page of search results on the video platform',
);
export type VideoSearchPage = z.infer<typeof VideoSearchPage>;

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/** Renderers in a results list that are not results of the query. */
const NOT_RESULTS = new Set([
  'shelfRenderer',
  'gridShelfViewModel',
  'reelShelfRenderer',
  'horizontalCardListRenderer',
  'searchPyvRenderer',
  'adSlotRenderer',
  'promotedSparklesWebRenderer',
  'backgroundPromoRenderer',
  'showingResultsForRenderer',
  'includingResultsForRenderer',
  'didYouMeanRenderer',
  'emergencyOneboxRenderer',
  // A topic's information panels (health, news): "Get the latest information from …".
  'clarificationRenderer',
  'infoPanelContainerRenderer',
  'messageRenderer',
  'radioRenderer',
  'movieRenderer',
]);

/**
 * The channel of a collaboration's byline ("A and B", 2025+): its run opens a "Collaborators" dialog
 * listing each channel, the uploader first (the one its avatar links to, as NewPipeExtractor reads it).
 */
const COLLABORATOR_ID = [
  'navigationEndpoint',
  'showDialogCommand',
  'panelLoadingStrategy',
  'inlineContent',
  'dialogViewModel',
  'customContent',
  'listViewModel',
  'listItems',
  0,
  'listItemViewModel',
  'rendererContext',
  'commandContext',
  'onTap',
  'innertubeCommand',
  'browseEndpoint',
  'browseId',
];

/** The channel a byline links to (its first run): name and id; warned when the result names none. */
function byline(r: Reader, ...fields: string[]): { author: string | null; channelId: string | null } {
  for (const field of fields) {
    if (!r.opt.obj(field)) continue;
    const run = r.child(field, [field, 'runs', 0]);
    return {
      author: run.nonEmpty('text'),
      channelId: run.nonEmpty('channelId', ['navigationEndpoint', 'browseEndpoint', 'browseId'], COLLABORATOR_ID),
    };
  }
  r.warn(fields[0], 'no channel byline');
  return { author: null, channelId: null };
}

function searchVideo(kind: VideoItemKind, r: Reader): VideoSearchResult {
  const item = videoListItem(kind, r);
  // A lockup names its channel in a metadata part linking to it.
  const channel = kind === 'lockupViewModel' ? lockupChannel(r) : byline(r, 'ownerText', 'longBylineText', 'shortBylineText');
  return { type: 'video', ...item, ...channel };
}

function lockupChannel(r: Reader): { author: string | null; channelId: string | null } {
  const rows = list(at(r.root, ['metadata', 'lockupMetadataViewModel', 'metadata', 'contentMetadataViewModel', 'metadataRows']));
  for (const row of rows) {
    for (const part of list(at(row, ['metadataParts']))) {
      const id = nonEmpty(at(part, ['text', 'commandRuns', 0, 'onTap', 'innertubeCommand', 'browseEndpoint', 'browseId']));
      if (id) return { author: nonEmpty(ytText(at(part, ['text']))), channelId: id };
    }
  }
  return { author: null, channelId: null };
}

function searchChannel(r: Reader): VideoSearchResult {
  const channelId = r.id('channelId');
  const canonical = r.opt.str('handle', ['navigationEndpoint', 'browseEndpoint', 'canonicalBaseUrl']);
  const subscribers = r.opt.get('subscriberCountText', ytText);
  const videos = r.opt.get('videoCountText', ytText);
  // 2026: the handle in subscriberCountText, the subscriber count in videoCountText.
  const shifted = subscribers?.startsWith('@') ?? false;
  return {
    type: 'channel',
    channelId,
    title: r.get('title', ytText),
    handle: /^\/@([^/?#]+)$/.exec(canonical ?? '')?.[1] ?? (shifted ? subscribers!.slice(1) : null),
    subscriberCountText: shifted ? videos : subscribers,
    videoCountText: shifted ? null : videos,
    description: r.opt.get('descriptionSnippet', ytText),
    thumbnails: imageSources(r, ['thumbnail', 'thumbnails']),
  };
}

function searchPlaylist(kind: 'playlistRenderer' | 'lockupViewModel', r: Reader): VideoSearchResult {
  if (kind === 'playlistRenderer') {
    return {
      type: 'playlist',
      playlistId: r.id('playlistId'),
      title: r.get('title', ytText),
      videoCountText: r.opt.get('videoCountText', ytText) ?? r.opt.str('videoCount'),
      ...byline(r, 'shortBylineText', 'longBylineText'),
      thumbnails: imageSources(r, ['thumbnails', 0, 'thumbnails'], ['thumbnail', 'thumbnails']),
    };
  }
  const image = ['contentImage', 'collectionThumbnailViewModel', 'primaryThumbnail', 'thumbnailViewModel'];
  const badges = list(at(r.root, [...image, 'overlays'])).flatMap((o) => [
    ...list(at(o, ['thumbnailOverlayBadgeViewModel', 'thumbnailBadges'])),
    ...list(at(o, ['thumbnailBottomOverlayViewModel', 'badges'])),
  ]);
  const count = badges.map((b) => nonEmpty(ytText(at(b, ['thumbnailBadgeViewModel', 'text'])))).find((t) => t && /\d/.test(t)) ?? null;
  return {
    type: 'playlist',
    playlistId: r.id('contentId'),
    title: r.get('title', ytText, ['metadata', 'lockupMetadataViewModel', 'title']),
    videoCountText: count,
    ...lockupChannel(r),
    thumbnails: imageSources(r, [...image, 'image', 'sources']),
  };
}

const PLAYLIST_LOCKUPS = new Set(['LOCKUP_CONTENT_TYPE_PLAYLIST', 'LOCKUP_CONTENT_TYPE_PODCAST']);

/** One results entry (its renderer) → a result; null for what is no result; undefined for an unknown renderer. */
function readResult(kind: string, r: Reader): VideoSearchResult | null | undefined {
  if (NOT_RESULTS.has(kind)) return null;
  if (kind === 'channelRenderer') return searchChannel(r);
  if (kind === 'playlistRenderer') return searchPlaylist(kind, r);
  // A podcast is a playlist of episodes (its id a PL… list id, its badge "29 episodes").
  if (kind === 'lockupViewModel' && PLAYLIST_LOCKUPS.has(r.opt.str('contentType') ?? '')) return searchPlaylist(kind, r);
  if ((VIDEO_ITEM_KINDS as readonly string[]).includes(kind)) return searchVideo(kind as VideoItemKind, r);
  return undefined;
}

/** Sections (`itemSectionRenderer`s and the continuation) → results and the next token. */
function readSections(sections: unknown[]): { results: VideoSearchResult[]; token: string | null } {
  // The results of every item section, in order, with the continuation entries among them.
  const r = reader({}, { platform: PLATFORM, record: 'search' });
  const entries = sections.flatMap((s) => {
    if (!isObj(s) || !('itemSectionRenderer' in s)) return [s];
    const contents = at(s, ['itemSectionRenderer', 'contents']);
    if (!Array.isArray(contents)) r.warn('sections', 'an itemSectionRenderer without contents');
    return list(contents);
  });
  const { items, token } = readEntries(entries, 'search', readResult);
  return { results: items, token };
}

/** The first page's answer → results and the next token. */
export function parseSearchResponse(json: unknown): { results: VideoSearchResult[]; token: string | null } {
  const sections = at(json, ['contents', 'twoColumnSearchResultsRenderer', 'primaryContents', 'sectionListRenderer', 'contents']);
  if (!Array.isArray(sections)) throw shapeChanged(PLATFORM, 'sectionListRenderer.contents in the search answer');
  return readSections(sections);
}

/** A later page's answer → results and the next token. */
export function parseSearchContinuation(json: unknown): { results: VideoSearchResult[]; token: string | null } {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'search continuation object');
  for (const c of list(json.onResponseReceivedCommands)) {
    const items = at(c, ['appendContinuationItemsAction', 'continuationItems']);
    if (Array.isArray(items)) return readSections(items);
  }
  if (json.onResponseReceivedCommands === undefined && isObj(json.responseContext)) return { results: [], token: null };
  throw shapeChanged(PLATFORM, 'continuationItems in the search continuation');
}

// ---------------------------------------------------------------------------------------------
// The cursor and the request
// ---------------------------------------------------------------------------------------------

export interface SearchCursor {
  /** The query (normalised). */
  q: string;
  y: VideoSearchType;
  /** YouTube's continuation token. */
  k: string;
  v: string | null;
}

export function decodeSearchCursor(raw: string): SearchCursor | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.q !== 'string' || typeof c.k !== 'string' || !c.k) return null;
  if (!(SEARCH_TYPES as readonly string[]).includes(c.y as string)) return null;
  if (c.v !== null && (typeof c.v !== 'string' || !/^[\d.]{1,32}$/.test(c.v))) return null;
  return c as unknown as SearchCursor;
}

export const normalizeQuery = (q: string) => q.trim().replace(/\s+/g, ' ');

export interface VideoSearchArgs {
  query: string;
  type: VideoSearchType;
  cursor: SearchCursor | null;
}

export async function fetchVideoSearch(ctx: OpContext, a: VideoSearchArgs): Promise<VideoSearchPage> {
  const clientVersion = a.cursor?.v ?? FALLBACK_CLIENT_VERSION;
  const context = webClientContext({ clientVersion, visitorData: null });
  const body = a.cursor ? { context, continuation: a.cursor.k } : { context, query: a.query, params: SEARCH_PARAMS[a.type] };
  const res = await ctx.upstream.request({
    url: SEARCH_URL,
    method: 'POST',
    headers: innertubeHeaders(context),
    body: JSON.stringify(body),
    platform: PLATFORM,
    signal: ctx.signal,
  });
  if (res.status === 400) {
    if (a.cursor) throw invalidParam('cursor', 'YouTube refused this cursor (expired, or not one of its tokens): start again without it');
    throw upstreamFailed(`${PLATFORM}: the search request was refused (HTTP 400)`);
  }
  if (res.status === 404) throw upstreamFailed(`${PLATFORM}: youtubei/v1/search answered HTTP 404`);
  expectOk(res, PLATFORM, 'The search');
  const page = parsed(ctx, () => (a.cursor ? parseSearchContinuation(res.json()) : parseSearchResponse(res.json())));
  // The token this page was asked with is the end, not a next page (YouTube looping).
  const token = nextToken(a.cursor?.k, page.token);
  const next: SearchCursor | null = token ? { q: a.query, y: a.type, k: token, v: clientVersion } : null;
  return { results: page.results, cursor: next ? encodeCursor(next) : null };
}

export const videoSearch: OperationDef<VideoSearchArgs, VideoSearchPage> = {
  field: 'videoSearch',
  platform: PLATFORM,
  summary: 'Search the video platform: videos, channels and playlists; page with `cursor`',
  rest: { path: '/v1/video/search' },
  record: VideoSearchPage,
  // A monitor watches which results the query finds, by title (videos, channels and playlists all have one).
  watch: ['results.title'],
  params: [
    { name: 'query', kind: 'string', required: true, maxLength: 512, description: 'Search query' },
    {
      name: 'type',
      kind: 'enum',
      values: SEARCH_TYPES,
      enumName: 'VideoSearchType',
      description: "What to search: all (default; YouTube's mix of videos, channels and playlists), video or channel.",
    },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 4096,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same query and type. Omit for the first page.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.cursor !== 'string' || args.cursor === '' || args.cursor.length > 4096) return;
    const c = decodeSearchCursor(args.cursor);
    if (!c) return problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    if (typeof args.query === 'string' && c.q !== normalizeQuery(args.query)) problem('cursor', 'belongs to another query');
    if (c.y !== (args.type ?? 'all')) problem('cursor', `belongs to a ${c.y} search, not ${args.type ?? 'all'}`);
  },
  normalize: (a) => ({
    query: normalizeQuery(a.query),
    type: a.type ?? 'all',
    cursor: typeof a.cursor === 'string' && a.cursor !== '' ? decodeSearchCursor(a.cursor) : null,
  }),
  key: (a) => JSON.stringify([a.query, a.type, a.cursor ? encodeCursor(a.cursor) : null]),
  cost: { max: 1 },
  example: { query: 'kerala fish curry' },
  run: (ctx, a) => fetchVideoSearch(ctx, a),
};
