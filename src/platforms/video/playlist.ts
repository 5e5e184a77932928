/**
 * `GET /v1/video/playlist` (`videoPlaylist`): a public YouTube playlist, `{playlist, videos,
 * cursor}` — the playlist's header (title, description, owner, counts as shown, privacy,
 * thumbnails; null on later pages) and one page of its videos (videoId, title, index, length,
 * channel, isPlayable), `cursor` null at the end.
 *
 * Upstream, one request per call: `POST https://www.youtube.com/youtubei/v1/browse?prettyPrint=false`
 * with the WEB client's context (English) and `{browseId: "VL<id>"}` — or, for a later page,
 * `{continuation}`. The first answer carries:
 * - the header, by era: 2024+ `header.pageHeaderRenderer.content.pageHeaderViewModel` (title,
 *   description, the owner as an avatar-stack part "by <name>" linking to the channel, a row of
 *   parts "Playlist" • "150 videos" • "143,206 views", the hero image); older
 *   `header.playlistHeaderRenderer` (playlistId, title, numVideosText, viewCountText, ownerText +
 *   ownerEndpoint, descriptionText, privacy, the banner's thumbnails); and, in both, the sidebar's
 *   `playlistSidebarPrimaryInfoRenderer` (title, stats: "150 videos", "143,206 views", "Last
 *   updated on 13 Jan 2026" / "Updated 4 days ago"; description) and
 *   `playlistSidebarSecondaryInfoRenderer.videoOwner.videoOwnerRenderer` (the owner); the
 *   microformat (`urlCanonical` naming the playlist, `unlisted`);
 * - the items: `contents.twoColumnBrowseResultsRenderer.tabs[].tabRenderer.content
 *   .sectionListRenderer.contents[].itemSectionRenderer.contents[].playlistVideoListRenderer
 *   .contents[]` — `playlistVideoRenderer`s (videoId, title, index, lengthSeconds, lengthText,
 *   shortBylineText, isPlayable, navigationEndpoint.watchEndpoint.playlistId) or 2025+ video
 *   `lockupViewModel`s — and a `continuationItemRenderer` with the next page's token; a channel's
 *   Shorts playlist (2023–24) has a `richGridRenderer` of Shorts there instead of the list.
 * Later pages: `onResponseReceivedActions[].appendContinuationItemsAction.continuationItems` (or
 * `reloadContinuationItemsCommand`), the same items. Shapes as NewPipe's recorded 2026 playlist
 * browse answers (header, sidebar, microformat, continuation items).
 *
 * Outcomes: an `alerts` ERROR entry instead of the playlist — "This playlist is private." →
 * PRIVATE_CONTENT; "The playlist does not exist." (and any other refusal: "This playlist type is
 * unviewable.") → NOT_FOUND. `LL`, `WL` and `LM` (the signed-in viewer's own lists) and `RD…`
 * mixes (generated per viewer, not one list) are INVALID_INPUT before any request. An item
 * without its video id, or of a kind not known here, is left out (warned `playlist.items`).
 *
 * Identity: the playlist id the answer states — the old header's `playlistId`, the microformat's
 * canonical URL, the sidebar title's watch link, every item's watch link — must be the asked one
 * (else UPSTREAM_FAILED, identity.ts), and a first answer must state it at least once (one naming
 * no playlist — a channel's videos tab — is UPSTREAM_FAILED too). The cursor is ours: base64url JSON of the playlist id,
 * YouTube's token and the client version; another playlist's cursor is INVALID_INPUT on `cursor`,
 * and a token YouTube refuses (400) is too.
 */
import { z } from 'zod';
import { notFound, privateContent, shapeChanged, upstreamFailed } from '../../errors.js';
import { parseUserUrl } from '../../links/user-url.js';
import { at, isObj, list, nonEmpty, reader } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { expectOk } from '../../upstream/client.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { named, NBool, NInt, NStr, Str } from '../records.js';
import { BROWSE_URL, FALLBACK_CLIENT_VERSION, innertubeHeaders, webClientContext } from './fetch.js';
import { ytText } from './parse.js';
import { VideoImageSource } from './schema.js';
import { fetchTabContinuation, imageSources, readEntries, videoListItem } from './videos.js';

const PLATFORM = 'video';

// ---------------------------------------------------------------------------------------------
// The record
// ---------------------------------------------------------------------------------------------

export const VideoPlaylistOwner = z.strictObject({
  name: NStr.describe("The channel's name"),
  channelId: NStr.describe('UC… id of the channel'),
  handle: NStr.describe('Without the @; null when the answer names none'),
});
export type VideoPlaylistOwner = z.infer<typeof VideoPlaylistOwner>;

export const VideoPlaylistInfo = z.strictObject({
  playlistId: Str.describe('PL…, UU…, OLAK5uy_…'),
  title: NStr,
  description: NStr.describe('As written; null when the playlist has none'),
  owner: VideoPlaylistOwner.nullable().describe('The channel the playlist is of; null when the answer names none'),
  videoCount: NInt.describe('Videos, when YouTube shows an exact count ("4,999 videos"); null otherwise'),
  videoCountText: NStr.describe('As shown: "150 videos"'),
  viewCountText: NStr.describe('As shown: "143,206 views"'),
  lastUpdatedText: NStr.describe('As shown: "Last updated on 13 Jan 2026", "Updated 4 days ago"'),
  privacy: z.enum(['PUBLIC', 'UNLISTED']).nullable().describe('PUBLIC or UNLISTED; null when the answer does not say'),
  thumbnails: z.array(VideoImageSource),
});
export type VideoPlaylistInfo = z.infer<typeof VideoPlaylistInfo>;

export const VideoPlaylistVideo = z.strictObject({
  videoId: Str.describe('The 11-character video id'),
  title: NStr.describe('As shown; "[Private video]" / "[Deleted video]" for unavailable ones'),
  index: NInt.describe('Position in the playlist, from 1'),
  lengthSeconds: NInt.describe('Duration in seconds; null for live streams and unavailable videos'),
  lengthText: NStr.describe('As shown: "3:33"'),
  channel: z.strictObject({ name: NStr, channelId: NStr }).describe('The video’s channel (fields null when the item names none)'),
  isPlayable: NBool.describe('False for private and deleted videos; null when the answer does not say (2025+ lockups)'),
  thumbnails: z.array(VideoImageSource),
});
export type VideoPlaylistVideo = z.infer<typeof VideoPlaylistVideo>;

export const VideoPlaylistPage = named(
  'VideoPlaylistPage',
  z.strictObject({
    playlist: VideoPlaylistInfo.nullable().describe('The playlist; null on later pages (a continuation answer carries no header)'),
    videos: z.array(VideoPlaylistVideo).describe("The page's videos, in the playlist's order"),
    cursor: NStr.describe('Pass unchanged as `cursor` (with the same playlist) for the next page; null at the end'),
  }),
  'A playlist on the video platform and one page of its videos',
);
export type VideoPlaylistPage = z.infer<typeof VideoPlaylistPage>;

// ---------------------------------------------------------------------------------------------
// The reference
// ---------------------------------------------------------------------------------------------

/** A playlist id: letters, digits, - and _ (PL + 16 or 32, UU + 22, OLAK5uy_ + 33…). */
export const PLAYLIST_ID_RE = /^[A-Za-z0-9_-]{2,64}$/;
const PLAYLIST_HOSTS = /^(?:(?:www|m|music)\.)?youtube\.com$/i;

/** Why a valid-looking id cannot be answered (the viewer's own lists, mixes), or null. */
export function refusedPlaylist(id: string): string | null {
  if (['LL', 'WL', 'LM'].includes(id))
    return `${id} is the signed-in viewer's own list (liked videos, watch later): private, never accessed`;
  if (id.startsWith('RD'))
    return 'RD… playlists are mixes YouTube generates for each viewer: not one list anybody can read back; give a playlist id';
  return null;
}

/** The playlist id of a YouTube URL: `/playlist?list=`, `/watch?v=…&list=` (www, m, music), `youtu.be/<id>?list=`. */
export function parsePlaylistUrl(input: string): string | null {
  const u = parseUserUrl(input);
  if (!u) return null;
  const path = u.pathname.replace(/\/+$/, '');
  const ok = PLAYLIST_HOSTS.test(u.hostname) ? path === '/playlist' || path === '/watch' : /^youtu\.be$/i.test(u.hostname);
  const id = ok ? u.searchParams.get('list') : null;
  return id && PLAYLIST_ID_RE.test(id) ? id : null;
}

const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function checkPlaylistRef(args: Record<string, any>, problem: (param: string, message: string) => void): string | null {
  const present = (['url', 'id'] as const).filter((p) => given(args[p]));
  if (present.length !== 1) {
    for (const p of present.length ? present : (['url', 'id'] as const)) problem(p, 'give exactly one of url or id');
    return null;
  }
  const p = present[0];
  if (p === 'url' && args.url.length > 2048) return null;
  if (p === 'id' && args.id.length > 64) return null;
  const id = p === 'url' ? parsePlaylistUrl(args.url) : args.id.trim();
  if (!id || !PLAYLIST_ID_RE.test(id)) {
    problem(
      p,
      p === 'url'
        ? 'must be a YouTube playlist URL (youtube.com/playlist?list=ID, youtube.com/watch?v=…&list=ID, music.youtube.com/playlist?list=ID)'
        : 'must be a playlist id: letters, digits, - or _ (PL…, UU…, OLAK5uy_…)',
    );
    return null;
  }
  const refused = refusedPlaylist(id);
  if (refused) {
    problem(p, refused);
    return null;
  }
  return id;
}

// ---------------------------------------------------------------------------------------------
// The answer
// ---------------------------------------------------------------------------------------------

const DURATION_RE = /^(\d+)(?::(\d{2}))?(?::(\d{2}))?$/;

/** "1:02:03" → 3723; anything else null. */
export function durationSeconds(text: string | null): number | null {
  const m = DURATION_RE.exec(text?.trim() ?? '');
  if (!m || m[2] === undefined) return null;
  const parts = [m[1], m[2], m[3]].filter((x) => x !== undefined).map(Number);
  return parts.reduce((s, n) => s * 60 + n, 0);
}

/** "4,999 videos", "1 video" → the number; "No videos" → 0; rounded or other texts null. */
export function exactVideoCount(text: string | null): number | null {
  const t = text?.trim() ?? '';
  if (/^no videos$/i.test(t)) return 0;
  const m = /^(\d{1,3}(?:,\d{3})*|\d+) videos?$/i.exec(t);
  return m ? Number(m[1].replace(/,/g, '')) : null;
}

const handleOf = (canonical: string | null) => /^\/@([^/?#]+)$/.exec(canonical ?? '')?.[1] ?? null;

/** The playlist a watch link names (`navigationEndpoint.watchEndpoint.playlistId`). */
const watchPlaylist = (node: unknown, ...path: (string | number)[]): string | null =>
  nonEmpty(at(node, [...path, 'watchEndpoint', 'playlistId'])) ?? nonEmpty(at(node, [...path, 'reelWatchEndpoint', 'playlistId']));

function playlistVideo(r: Reader): VideoPlaylistVideo {
  const videoId = r.id('videoId');
  const lengthText = r.opt.get('lengthText', ytText);
  const by = r.opt.obj('shortBylineText') ? r.child('shortBylineText', ['shortBylineText', 'runs', 0]) : null;
  const playable = r.opt.bool('isPlayable');
  return {
    videoId,
    title: r.get('title', ytText),
    index: r.opt.intish('index', ['index', 'simpleText'], ['index', 'runs', 0, 'text']),
    lengthSeconds: r.opt.intish('lengthSeconds') ?? durationSeconds(lengthText),
    lengthText,
    channel: {
      name: by?.opt.nonEmpty('text') ?? null,
      channelId: by?.opt.nonEmpty('channelId', ['navigationEndpoint', 'browseEndpoint', 'browseId']) ?? null,
    },
    isPlayable: playable,
    thumbnails: imageSources(r, ['thumbnail', 'thumbnails']),
  };
}

const LOCKUP_WATCH = ['rendererContext', 'commandContext', 'onTap', 'innertubeCommand', 'watchEndpoint'];

function lockupVideo(r: Reader): VideoPlaylistVideo {
  const item = videoListItem('lockupViewModel', r);
  let channel = { name: null as string | null, channelId: null as string | null };
  for (const row of list(at(r.root, ['metadata', 'lockupMetadataViewModel', 'metadata', 'contentMetadataViewModel', 'metadataRows'])))
    for (const part of list(at(row, ['metadataParts']))) {
      const id = nonEmpty(at(part, ['text', 'commandRuns', 0, 'onTap', 'innertubeCommand', 'browseEndpoint', 'browseId']));
      if (id && !channel.channelId) channel = { name: nonEmpty(ytText(at(part, ['text']))), channelId: id };
    }
  const index = at(r.root, [...LOCKUP_WATCH, 'index']);
  return {
    videoId: item.videoId,
    title: item.title,
    index: typeof index === 'number' && Number.isInteger(index) ? index + 1 : null,
    lengthSeconds: durationSeconds(item.lengthText),
    lengthText: item.lengthText,
    channel,
    isPlayable: null,
    thumbnails: item.thumbnails,
  };
}

/** A Short in a Shorts playlist's grid (reelItemRenderer 2023, shortsLockupViewModel 2024): no index, length or byline shown. */
function shortVideo(kind: 'reelItemRenderer' | 'shortsLockupViewModel', r: Reader): VideoPlaylistVideo {
  const item = videoListItem(kind, r);
  return {
    videoId: item.videoId,
    title: item.title,
    index: null,
    lengthSeconds: null,
    lengthText: null,
    channel: { name: null, channelId: null },
    isPlayable: null,
    thumbnails: item.thumbnails,
  };
}

function readItem(kind: string, r: Reader): VideoPlaylistVideo | null | undefined {
  if (kind === 'playlistVideoRenderer') return playlistVideo(r);
  if (kind === 'lockupViewModel') return lockupVideo(r);
  if (kind === 'reelItemRenderer' || kind === 'shortsLockupViewModel') return shortVideo(kind, r);
  return undefined;
}

/** The playlists the entries' watch links name (every item links to its place in the playlist). */
function entryPlaylists(entries: unknown[]): (string | null)[] {
  return entries.map((e) => {
    const inner = isObj(e)
      ? (Object.values(isObj(e.richItemRenderer) ? (at(e, ['richItemRenderer', 'content']) as Obj) : e)[0] ?? null)
      : null;
    return (
      watchPlaylist(inner, 'navigationEndpoint') ??
      nonEmpty(at(inner, [...LOCKUP_WATCH, 'playlistId'])) ??
      watchPlaylist(inner, 'onTap', 'innertubeCommand')
    );
  });
}

export interface PlaylistItems {
  videos: VideoPlaylistVideo[];
  token: string | null;
  /** Playlist ids the items link to (null for an item naming none). */
  linked: (string | null)[];
}

export function readPlaylistItems(entries: unknown[]): PlaylistItems {
  const { items, token } = readEntries(entries, 'playlist', readItem);
  return { videos: items, token, linked: entryPlaylists(entries) };
}

/** The alert YouTube answers instead of a playlist → the typed error; INFO alerts are no refusal. */
function refusal(json: Obj, what: string): Error | null {
  for (const a of list(json.alerts)) {
    const alert = at(a, ['alertRenderer']) ?? at(a, ['alertWithButtonRenderer']);
    if (!isObj(alert) || alert.type !== 'ERROR') continue;
    const text = nonEmpty(ytText(alert.text)) ?? 'refused';
    if (/\bprivate\b/i.test(text)) return privateContent(what);
    return notFound(`${what} was not found (${text})`);
  }
  return null;
}

/** The playlist's entries in the first answer, or null when the answer has no list. */
function firstPageEntries(json: Obj): unknown[] | null {
  const tabs = list(at(json, ['contents', 'twoColumnBrowseResultsRenderer', 'tabs']));
  for (const tab of tabs) {
    const sections = list(at(tab, ['tabRenderer', 'content', 'sectionListRenderer', 'contents']))
      .map((section) => at(section, ['itemSectionRenderer', 'contents']))
      .filter(Array.isArray);
    // The list may follow a section of its own (a playlist in seasons: `playlistShowMetadataRenderer`).
    // A channel's Shorts playlist (UUSH…, 2023–24) is a grid of Shorts there instead (`richGridRenderer`).
    for (const contents of sections) {
      const listed = contents
        .map((c) => at(c, ['playlistVideoListRenderer', 'contents']) ?? at(c, ['richGridRenderer', 'contents']))
        .find(Array.isArray);
      if (listed) return listed;
    }
    // An empty playlist: the section holds a message (or nothing) and no list.
    if (sections.length) return sections[0].filter((c) => !(isObj(c) && 'playlistVideoListRenderer' in c));
    const grid = at(tab, ['tabRenderer', 'content', 'richGridRenderer', 'contents']);
    if (Array.isArray(grid)) return grid;
  }
  return null;
}

const stat = (texts: string[], re: RegExp) => texts.find((t) => re.test(t)) ?? null;
const VIDEOS_RE = /\bvideos?\b/i;
const VIEWS_RE = /\bviews?\b/i;
const UPDATED_RE = /\bupdated\b/i;

/** The header facts of a first answer (every era read; the first that says wins). */
export function parsePlaylistHeader(json: Obj, id: string): { info: VideoPlaylistInfo; ids: (string | null)[] } {
  const r = reader(json, { platform: PLATFORM, record: 'playlist' });
  const vm = r.opt.obj('header', ['header', 'pageHeaderRenderer', 'content', 'pageHeaderViewModel']);
  const old = r.opt.obj('header', ['header', 'playlistHeaderRenderer']);
  const sidebarItems = list(at(json, ['sidebar', 'playlistSidebarRenderer', 'items']));
  const primary = sidebarItems.map((i) => at(i, ['playlistSidebarPrimaryInfoRenderer'])).find(isObj) ?? null;
  const secondary = sidebarItems.map((i) => at(i, ['playlistSidebarSecondaryInfoRenderer'])).find(isObj) ?? null;
  const mf = r.opt.obj('microformat', ['microformat', 'microformatDataRenderer']);
  if (!vm && !old && !primary) throw shapeChanged(PLATFORM, 'the playlist header (pageHeaderRenderer, playlistHeaderRenderer or sidebar)');

  const v = r.over(vm ?? {}, 'playlist.header');
  const o = r.over(old ?? {}, 'playlist.header');
  const p = r.over(primary ?? {}, 'playlist.sidebar');
  const rows = list(at(vm, ['metadata', 'contentMetadataViewModel', 'metadataRows']));
  const parts = rows.flatMap((row) => list(at(row, ['metadataParts'])));
  const partTexts = parts.map((x) => nonEmpty(ytText(at(x, ['text'])))?.trim() ?? '').filter(Boolean);
  const sideStats = list(primary?.stats)
    .map((s) => nonEmpty(ytText(s))?.trim() ?? '')
    .filter(Boolean);
  const oldStats = [ytText(old?.numVideosText), ytText(old?.viewCountText), ...list(old?.stats).map(ytText)]
    .map((t) => t?.trim() ?? '')
    .filter(Boolean);
  const texts = [...sideStats, ...partTexts, ...oldStats];

  // The owner: the sidebar's owner box, the old header's owner, the 2024+ "by <name>" part.
  const ownerBox = at(secondary, ['videoOwner', 'videoOwnerRenderer']);
  const byPart = parts.map((x) => at(x, ['avatarStack', 'avatarStackViewModel', 'text'])).find(isObj);
  const byLink = at(byPart, ['commandRuns', 0, 'onTap', 'innertubeCommand', 'browseEndpoint']);
  const owners = [
    isObj(ownerBox)
      ? {
          name: ytText(at(ownerBox, ['title'])),
          endpoint:
            at(ownerBox, ['navigationEndpoint', 'browseEndpoint']) ??
            at(ownerBox, ['title', 'runs', 0, 'navigationEndpoint', 'browseEndpoint']),
        }
      : null,
    old?.ownerText ? { name: ytText(old.ownerText), endpoint: at(old, ['ownerEndpoint', 'browseEndpoint']) } : null,
    byPart ? { name: ytText(byPart), endpoint: byLink } : null,
  ].filter((x) => x !== null);
  const first = owners[0];
  const owner = first
    ? {
        // Shown as "by <name>" in the 2024+ header and on some sidebars.
        name: nonEmpty(first.name?.trim().replace(/^by\s+/i, '')),
        channelId: nonEmpty(at(first.endpoint, ['browseId'])),
        handle: handleOf(nonEmpty(at(first.endpoint, ['canonicalBaseUrl']))),
      }
    : null;

  const privacy = nonEmpty(old?.privacy);
  if (privacy === 'PRIVATE') throw privateContent(`Video playlist ${id}`);
  const unlisted = mf ? at(mf, ['unlisted']) : undefined;
  const videoCountText = stat(texts, VIDEOS_RE);
  const description =
    nonEmpty(ytText(at(vm, ['description', 'descriptionPreviewViewModel', 'description']))) ??
    nonEmpty(ytText(old?.descriptionText)) ??
    nonEmpty(ytText(primary?.description));
  const title =
    v.opt.get('title', ytText, ['title', 'dynamicTextViewModel', 'text']) ??
    nonEmpty(ytText(at(json, ['header', 'pageHeaderRenderer', 'pageTitle']))) ??
    o.opt.get('title', ytText) ??
    p.opt.get('title', ytText) ??
    nonEmpty(at(mf, ['title']));
  if (!title) r.warn('title', 'in neither the header, the sidebar nor the microformat');
  // The first source that has images: the 2024+ hero image, the old banner, the sidebar, the microformat.
  const sources: [Reader, string[]][] = [
    [v, ['heroImage', 'contentPreviewImageViewModel', 'image', 'sources']],
    [o, ['playlistHeaderBanner', 'heroPlaylistThumbnailRenderer', 'thumbnail', 'thumbnails']],
    [p, ['thumbnailRenderer', 'playlistVideoThumbnailRenderer', 'thumbnail', 'thumbnails']],
    [r.over(mf ?? {}, 'playlist.microformat'), ['thumbnail', 'thumbnails']],
  ];
  const found = sources.find(([x, path]) => Array.isArray(at(x.root, path)));
  const thumbs = found ? imageSources(found[0], found[1]) : [];
  const canonical = nonEmpty(at(mf, ['urlCanonical']));
  let canonicalId: string | null = null;
  try {
    canonicalId = canonical ? new URL(canonical).searchParams.get('list') : null;
  } catch {
    canonicalId = null;
  }
  return {
    info: {
      playlistId: id,
      title,
      description,
      owner,
      videoCount: exactVideoCount(videoCountText),
      videoCountText,
      viewCountText: stat(texts, VIEWS_RE),
      lastUpdatedText: stat(sideStats, UPDATED_RE),
      privacy:
        privacy === 'PUBLIC' || privacy === 'UNLISTED' ? privacy : unlisted === true ? 'UNLISTED' : unlisted === false ? 'PUBLIC' : null,
      thumbnails: thumbs,
    },
    ids: [
      nonEmpty(old?.playlistId),
      canonicalId,
      watchPlaylist(primary, 'title', 'runs', 0, 'navigationEndpoint'),
      watchPlaylist(primary, 'navigationEndpoint'),
    ],
  };
}

/** The first answer → the playlist, its first page and the ids it states; `what` names the playlist in errors. */
export function parsePlaylistResponse(
  json: unknown,
  id: string,
  what = `Video playlist ${id}`,
): PlaylistItems & { info: VideoPlaylistInfo; ids: (string | null)[] } {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'playlist browse answer object');
  const refused = refusal(json, what);
  if (refused) throw refused;
  const header = parsePlaylistHeader(json, id);
  const entries = firstPageEntries(json);
  if (!entries) throw shapeChanged(PLATFORM, 'playlistVideoListRenderer in the playlist browse answer');
  return { ...header, ...readPlaylistItems(entries) };
}

/** A later page's answer → its videos, the next token and the playlists its items link to. */
export function parsePlaylistContinuation(json: unknown): PlaylistItems {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'playlist continuation object');
  for (const a of list(json.onResponseReceivedActions)) {
    const items =
      at(a, ['appendContinuationItemsAction', 'continuationItems']) ?? at(a, ['reloadContinuationItemsCommand', 'continuationItems']);
    if (Array.isArray(items)) return readPlaylistItems(items);
  }
  if (json.onResponseReceivedActions === undefined && isObj(json.responseContext)) return { videos: [], token: null, linked: [] };
  throw shapeChanged(PLATFORM, 'continuationItems in the playlist continuation');
}

// ---------------------------------------------------------------------------------------------
// The cursor and the request
// ---------------------------------------------------------------------------------------------

export interface PlaylistCursor {
  /** The playlist id. */
  p: string;
  /** YouTube's continuation token. */
  k: string;
  v: string | null;
}

export function decodePlaylistCursor(raw: string): PlaylistCursor | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.p !== 'string' || !PLAYLIST_ID_RE.test(c.p) || typeof c.k !== 'string' || !c.k) return null;
  if (c.v !== null && (typeof c.v !== 'string' || !/^[\d.]{1,32}$/.test(c.v))) return null;
  return { p: c.p, k: c.k, v: c.v as string | null };
}

export interface VideoPlaylistArgs {
  id: string;
  cursor: PlaylistCursor | null;
}

/**
 * UPSTREAM_FAILED unless every id the answer states is the asked playlist's. `mustState`: the answer
 * must state it at least once (a first answer: its header, microformat, sidebar or an item link) —
 * an answer naming no playlist (a channel's videos tab served for the playlist) cannot be told to
 * be this one.
 */
function assertPlaylist(id: string, what: string, ids: (string | null)[], mustState = false): void {
  for (const got of ids) if (got !== null) assertSameResource(PLATFORM, what, { id }, { id: got });
  if (mustState && ids.every((got) => got === null))
    throw upstreamFailed(
      `${PLATFORM}: the upstream answered ${what} with an answer that names no playlist (no header id, canonical URL, sidebar or item link)`,
    );
}

export async function fetchPlaylist(ctx: OpContext, a: VideoPlaylistArgs): Promise<VideoPlaylistPage> {
  const what = `Video playlist ${a.id}`;
  if (a.cursor) {
    // Later pages as the channel tabs' (videos.ts): YouTube refusing the token is INVALID_INPUT on cursor.
    const json = await fetchTabContinuation(ctx, a.cursor, what);
    const next = parsed(ctx, () => parsePlaylistContinuation(json));
    assertPlaylist(a.id, what, next.linked);
    // The token this page was asked with is the end, not a next page (YouTube looping).
    const token = nextToken(a.cursor.k, next.token);
    return { playlist: null, videos: next.videos, cursor: token ? encodeCursor({ ...a.cursor, k: token }) : null };
  }
  const context = webClientContext({ clientVersion: FALLBACK_CLIENT_VERSION, visitorData: null });
  const res = await ctx.upstream.request({
    url: BROWSE_URL,
    method: 'POST',
    headers: innertubeHeaders(context),
    body: JSON.stringify({ context, browseId: `VL${a.id}` }),
    platform: PLATFORM,
    signal: ctx.signal,
  });
  // The consent page or Google's /sorry/ page instead of the JSON: walls (walls.ts).
  if (res.status === 400) throw upstreamFailed(`${PLATFORM}: the playlist browse request was refused (HTTP 400)`);
  if (res.status === 404) throw notFound(`${what} was not found`);
  expectOk(res, PLATFORM, what);
  const page = parsed(ctx, () => parsePlaylistResponse(res.json(), a.id, what));
  assertPlaylist(a.id, what, [...page.ids, ...page.linked], true);
  const next: PlaylistCursor | null = page.token ? { p: a.id, k: page.token, v: FALLBACK_CLIENT_VERSION } : null;
  return { playlist: page.info, videos: page.videos, cursor: next ? encodeCursor(next) : null };
}

export const videoPlaylist: OperationDef<VideoPlaylistArgs, VideoPlaylistPage> = {
  field: 'videoPlaylist',
  platform: PLATFORM,
  summary: 'A public playlist on the video platform: title, owner, counts and its videos; page with `cursor`',
  rest: { path: '/v1/video/playlist' },
  record: VideoPlaylistPage,
  // A monitor watches which videos the page lists.
  watch: ['videos.videoId'],
  params: [
    {
      name: 'url',
      kind: 'string',
      maxLength: 2048,
      description:
        'Playlist URL: https://www.youtube.com/playlist?list=ID, youtube.com/watch?v=…&list=ID, music.youtube.com/playlist?list=ID. Give exactly one of url or id.',
    },
    {
      name: 'id',
      kind: 'string',
      maxLength: 64,
      description: 'Playlist id (PL…, UU…, OLAK5uy_…). LL, WL and RD… mixes are refused. Give exactly one of url or id.',
    },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 4096,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same playlist. Omit for the first page.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    const id = checkPlaylistRef(args, problem);
    if (typeof args.cursor !== 'string' || args.cursor === '' || args.cursor.length > 4096) return;
    const c = decodePlaylistCursor(args.cursor);
    if (!c) return problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    if (id && c.p !== id) problem('cursor', 'belongs to another playlist');
  },
  normalize: (a) => ({
    id: given(a.id) ? a.id.trim() : parsePlaylistUrl(a.url)!,
    cursor: typeof a.cursor === 'string' && a.cursor !== '' ? decodePlaylistCursor(a.cursor) : null,
  }),
  key: (a) => JSON.stringify([a.id, a.cursor ? encodeCursor(a.cursor) : null]),
  cost: { max: 1 },
  example: { id: 'PLr4vEw0Kq2mNcT8bQyH3sLdJf6uZa1WpE' },
  run: (ctx, a) => fetchPlaylist(ctx, a),
};
