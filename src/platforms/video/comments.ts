/**
 * `GET /v1/video/comments` (`videoComments`): one page of a YouTube video's public top-level
 * comments, `{videoId, commentsDisabled, comments, cursor}` — each comment `{commentId, text,
 * author {channelId, name, handle, isVerified, isCreator}, likeCount, likeCountText, replyCount,
 * publishedTimeText, isPinned, isHearted}`; replies are not read.
 *
 * Upstream (logged out, `hl=en`):
 * 1. the watch page, `GET https://www.youtube.com/watch?v=<id>&hl=en…` (video.ts's URL): the
 *    player object says whether the video exists (video.ts's playability mapping: NOT_FOUND,
 *    PRIVATE_CONTENT, login wall, bot check), and `ytInitialData` holds the comments' entry
 *    points (../shared/fixtures/video/watch-page-B68agR-OeJM-2025-06.html): the item section
 *    `sectionIdentifier: "comment-item-section"` with a `continuationItemRenderer` token, and the
 *    engagement panel `engagement-panel-comments-section` whose sort menu
 *    (`sortFilterSubMenuRenderer.subMenuItems`: "Top comments", "Newest first") carries a token
 *    per order. A section holding a `messageRenderer` ("Comments are turned off."), or a page
 *    without the section (a live stream's chat replaces it; warned `comments.section`), is
 *    `commentsDisabled: true`, `comments: []`, `cursor: null` — not an error.
 * 2. `POST https://www.youtube.com/youtubei/v1/next` with the WEB client context (the page's
 *    version and visitor id) and `{continuation}`: `onResponseReceivedEndpoints[]
 *    .reloadContinuationItemsCommand|appendContinuationItemsAction.continuationItems[]` — a
 *    `commentsHeaderRenderer` (first page: its own sort menu), `commentThreadRenderer`s and a
 *    `continuationItemRenderer` with the next page's token. Two eras of thread:
 *    - 2024+: `commentViewModel.commentViewModel` names `commentId`, `commentKey`,
 *      `toolbarStateKey` (and `pinnedText` on a pinned comment); the data is in
 *      `frameworkUpdates.entityBatchUpdate.mutations[].payload`: `commentEntityPayload`
 *      (properties.commentId/content.content/publishedTime, author.channelId/displayName/
 *      isVerified/isCreator, toolbar.likeCountNotliked/replyCount; an empty count is zero) and
 *      `engagementToolbarStateEntityPayload` (heartState);
 *    - older: `comment.commentRenderer` inline (commentId, contentText, authorText,
 *      authorEndpoint.browseEndpoint.browseId, authorIsChannelOwner, authorCommentBadge, voteCount,
 *      replyCount, publishedTimeText, pinnedCommentBadge, the creator heart).
 *    A `sort=new` first page whose watch page has no sort menu takes the "Newest" token from the
 *    first answer's header and asks again (three requests, still 1 credit).
 * Every request is essential (no comments without the answer), 1 credit per call.
 *
 * Counts are YouTube's texts: `likeCount` is a number only when the text is exact ("87",
 * "1,204"); "1.2K" is `likeCountText` with `likeCount` null. `replyCount` likewise.
 *
 * Identity: the watch page must be the asked video's (its videoDetails and current endpoint). The
 * /next answer does not always name the video: the cursor binds YouTube's token to the video id
 * and order (another video's or order's cursor is INVALID_INPUT on `cursor`), a token whose
 * protobuf names a video (`\x12…\x12\x0b<id>`, as YouTube's comment tokens do) must name the asked
 * one, and so must an older comment's own link (`publishedTimeText` → `watchEndpoint.videoId`);
 * otherwise UPSTREAM_FAILED. YouTube refusing a token (400) is INVALID_INPUT on `cursor`.
 */
import { z } from 'zod';
import { invalidParam, notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { at, isObj, list, nonEmpty, reader } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { expectOk } from '../../upstream/client.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import { declaresNotFound } from '../error-page.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { Bool, named, NBool, NInt, NStr, Str } from '../records.js';
import { YOUTUBE_ORIGIN } from './channel-ref.js';
import { innertubeHeaders, webClientContext } from './fetch.js';
import { extractYtcfg, extractYtVar, GOOGLE_ERROR_404, isEmptyText, ytText } from './parse.js';
import { checkVideoRef, unplayable, VIDEO_ID_RE, VIDEO_REF_PARAMS, videoIdOf, watchPageUrl } from './video.js';
import { readEntries } from './videos.js';

const PLATFORM = 'video';

export const COMMENT_SORTS = ['top', 'new'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

// ---------------------------------------------------------------------------------------------
// The record
// ---------------------------------------------------------------------------------------------

export const VideoCommentAuthor = z.strictObject({
  channelId: NStr.describe('UC… id of the commenter’s channel'),
  name: NStr.describe('As shown: "@handle" for most commenters'),
  handle: NStr.describe('"@handle" when the shown name is one; null otherwise'),
  isVerified: Bool.describe('A verified channel'),
  isCreator: Bool.describe('The video’s own channel'),
});
export type VideoCommentAuthor = z.infer<typeof VideoCommentAuthor>;

export const VideoComment = named(
  'VideoComment',
  z.strictObject({
    commentId: Str.describe('YouTube’s comment id (Ugw…)'),
    text: NStr.describe('The comment as written (line breaks kept)'),
    author: VideoCommentAuthor,
    likeCount: NInt.describe('Likes when YouTube shows an exact number (0 when it shows none); null for a rounded "1.2K"'),
    likeCountText: NStr.describe('As shown: "87", "1.2K"; null when YouTube shows none (no likes)'),
    replyCount: NInt.describe('Replies (0 when none); null when YouTube shows a rounded count'),
    publishedTimeText: NStr.describe('As shown: "2 years ago", "3 days ago (edited)"'),
    isPinned: Bool.describe('Pinned by the channel'),
    isHearted: NBool.describe('Hearted by the channel; null when the answer does not say'),
  }),
  'A top-level comment on a video',
);
export type VideoComment = z.infer<typeof VideoComment>;

export const VideoCommentsPage = named(
  'VideoCommentsPage',
  z.strictObject({
    videoId: Str.describe('The 11-character video id'),
    commentsDisabled: Bool.describe('Comments are turned off (or replaced by a live chat): comments [] and cursor null'),
    comments: z.array(VideoComment).describe('Top-level comments, in the order asked (sort)'),
    cursor: NStr.describe('Pass unchanged as `cursor` (with the same video and sort) for the next page; null at the end'),
  }),
  "One page of a video's comments",
);
export type VideoCommentsPage = z.infer<typeof VideoCommentsPage>;

// ---------------------------------------------------------------------------------------------
// The watch page: the comments' entry points
// ---------------------------------------------------------------------------------------------

export interface CommentsEntry {
  /** The page's video (videoDetails). */
  videoId: string;
  /** The page's current endpoint's video, when it states one. */
  endpointVideoId: string | null;
  disabled: boolean;
  /** The sort menu's tokens (null without the menu) and the item section's own token. */
  tokens: { top: string | null; new: string | null; section: string | null };
  clientVersion: string | null;
  visitorData: string | null;
}

const COMMENTS_SECTION = 'comment-item-section';
const COMMENTS_PANEL = 'engagement-panel-comments-section';

const commandToken = (node: unknown): string | null =>
  nonEmpty(at(node, ['continuationEndpoint', 'continuationCommand', 'token'])) ??
  nonEmpty(at(node, ['serviceEndpoint', 'continuationCommand', 'token'])) ??
  nonEmpty(at(node, ['button', 'buttonRenderer', 'command', 'continuationCommand', 'token']));

/** A sort menu's items → the Top and Newest tokens (by YouTube's English titles, else its order: top first). */
export function sortTokens(menu: unknown): { top: string | null; new: string | null } | null {
  const items = list(at(menu, ['sortFilterSubMenuRenderer', 'subMenuItems']));
  if (!items.length) return null;
  const titled = (re: RegExp) => items.find((i) => re.test(ytText(at(i, ['title'])) ?? ''));
  const top = titled(/^top\b/i) ?? items[0];
  const newest = titled(/^newest\b/i) ?? items[1];
  return { top: commandToken(top), new: newest ? commandToken(newest) : null };
}

/** A comments item section's entries: its token, or whether it says comments are off. */
function sectionEntry(section: unknown): { token: string | null; off: boolean } {
  const contents = list(at(section, ['contents']));
  const cont = contents.find((c) => isObj(c) && isObj(c.continuationItemRenderer));
  const token = cont ? commandToken((cont as Obj).continuationItemRenderer) : null;
  const off = contents.some((c) => isObj(c) && isObj(c.messageRenderer));
  return { token, off: off && !token };
}

/** A watch page's HTML → the video and its comments' entry points; `what` names the video in errors. */
export function parseCommentsEntry(html: string, what = 'Video'): CommentsEntry {
  const player = extractYtVar(html, 'ytInitialPlayerResponse');
  if (!player) {
    if (GOOGLE_ERROR_404.test(html) || declaresNotFound(html)) throw notFound(`${what} was not found`);
    throw shapeChanged(PLATFORM, 'var ytInitialPlayerResponse in the watch page');
  }
  const details = player.videoDetails;
  if (!isObj(details) || !nonEmpty(details.videoId)) unplayable(player, what);
  const videoId = reader(details, { platform: PLATFORM, record: 'comments.video' }).id('videoId');
  const data = extractYtVar(html, 'ytInitialData');
  if (!data) throw shapeChanged(PLATFORM, 'var ytInitialData in the watch page');
  const ytcfg = extractYtcfg(html);
  const results = at(data, ['contents', 'twoColumnWatchNextResults', 'results', 'results', 'contents']);
  const panel = list(data.engagementPanels)
    .map((p) => at(p, ['engagementPanelSectionListRenderer']))
    .find((p) => at(p, ['panelIdentifier']) === COMMENTS_PANEL || at(p, ['targetId']) === COMMENTS_PANEL);
  // The comments panel alone is enough; a page with neither it nor the primary results is one we
  // no longer read.
  if (!Array.isArray(results) && !panel) throw shapeChanged(PLATFORM, 'twoColumnWatchNextResults in the watch page');
  const section = list(results)
    .map((c) => at(c, ['itemSectionRenderer']))
    .find((s) => at(s, ['sectionIdentifier']) === COMMENTS_SECTION);
  const menu = sortTokens(at(panel, ['header', 'engagementPanelTitleHeaderRenderer', 'menu']));
  const panelSection = list(at(panel, ['content', 'sectionListRenderer', 'contents']))
    .map((c) => at(c, ['itemSectionRenderer']))
    .find((s) => at(s, ['sectionIdentifier']) === COMMENTS_SECTION);
  const inPage = section ? sectionEntry(section) : null;
  const inPanel = panelSection ? sectionEntry(panelSection) : null;
  const sectionToken = inPage?.token ?? inPanel?.token ?? null;
  const base = {
    videoId,
    endpointVideoId: nonEmpty(at(data, ['currentVideoEndpoint', 'watchEndpoint', 'videoId'])),
    clientVersion: ytcfg.clientVersion,
    visitorData: ytcfg.visitorData,
  };
  const tokens = { top: menu?.top ?? null, new: menu?.new ?? null, section: sectionToken };
  if (!tokens.top && !tokens.new && !tokens.section) {
    // A section saying so (messageRenderer) is comments off; no section at all is a live chat
    // in its place, or a page we no longer read: said as a warning.
    if (!(inPage?.off || inPanel?.off))
      reader({}, { platform: PLATFORM, record: 'comments' }).warn('section', `no ${COMMENTS_SECTION} token`);
    return { ...base, disabled: true, tokens };
  }
  return { ...base, disabled: false, tokens };
}

/**
 * The video a comments continuation token names, or null when it names none in the known place:
 * YouTube's tokens are base64 (URL-encoded) protobuf, `\x12 <len> \x12 \x0b <11-character id>…`.
 */
export function tokenVideoId(token: string): string | null {
  let raw = token;
  try {
    raw = decodeURIComponent(token);
  } catch {
    // Not URL-encoded: read as is.
  }
  const bytes = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length < 15 || bytes[0] !== 0x12 || bytes[2] !== 0x12 || bytes[3] !== 0x0b) return null;
  const id = bytes.subarray(4, 15).toString('latin1');
  return VIDEO_ID_RE.test(id) ? id : null;
}

/** UPSTREAM_FAILED unless `token` names `videoId` or no video at all. */
function assertTokenFor(videoId: string, token: string): void {
  assertSameResource(PLATFORM, `the comments of video ${videoId}`, { id: videoId }, { id: tokenVideoId(token) });
}

// ---------------------------------------------------------------------------------------------
// The /next answer
// ---------------------------------------------------------------------------------------------

export interface CommentsAnswer {
  comments: VideoComment[];
  token: string | null;
  /** The header's sort menu (first pages only). */
  sort: { top: string | null; new: string | null } | null;
}

/** The answer's continuation items: every reload/append command's, in order; null when it has none. */
export function continuationItems(json: Obj): unknown[] | null {
  let found = false;
  const items: unknown[] = [];
  for (const e of [...list(json.onResponseReceivedEndpoints), ...list(json.onResponseReceivedActions)]) {
    const got =
      at(e, ['reloadContinuationItemsCommand', 'continuationItems']) ?? at(e, ['appendContinuationItemsAction', 'continuationItems']);
    if (Array.isArray(got)) {
      found = true;
      items.push(...got);
    }
  }
  return found ? items : null;
}

/** The entity mutations by key (`entityKey`, else the payload's own `key`). */
function entities(json: Obj): Map<string, Obj> {
  const byKey = new Map<string, Obj>();
  for (const m of list(at(json, ['frameworkUpdates', 'entityBatchUpdate', 'mutations']))) {
    const payload = at(m, ['payload']);
    if (!isObj(payload)) continue;
    const inner = Object.values(payload).find(isObj);
    const key = nonEmpty(at(m, ['entityKey'])) ?? nonEmpty(at(inner, ['key']));
    if (key) byKey.set(key, payload);
  }
  return byKey;
}

/** A count text as shown: exact digits ("1,204") → the number; empty → 0; a rounded "1.2K" → null. */
export function exactCount(text: string | null): number | null {
  if (text === null) return 0;
  const t = text.trim();
  if (t === '') return 0;
  return /^\d{1,3}(?:,\d{3})*$|^\d+$/.test(t) ? Number(t.replace(/,/g, '')) : null;
}

const HANDLE_RE = /^@[\w.-]{3,100}$/u;
const handleOf = (name: string | null) => (name && HANDLE_RE.test(name.trim()) ? name.trim() : null);

/** A 2024+ thread: the view model's keys, the comment entity's data. */
function viewModelComment(vm: Reader, byKey: Map<string, Obj>): VideoComment {
  const commentKey = vm.opt.nonEmpty('commentKey');
  const payload = commentKey ? at(byKey.get(commentKey), ['commentEntityPayload']) : undefined;
  if (!isObj(payload)) throw shapeChanged(PLATFORM, `${vm.record}.commentEntityPayload (no entity for the comment's key)`);
  const p = vm.over(payload, 'commentEntityPayload');
  const commentId = vm.opt.nonEmpty('commentId') ?? p.id('commentId', nonEmpty, ['properties', 'commentId']);
  const name = p.str('author.displayName', ['author', 'displayName']);
  const toolbar = p.opt.obj('toolbar');
  if (!toolbar) p.warn('toolbar', 'no toolbar (likes, replies)');
  const t = p.over(toolbar ?? {}, 'toolbar');
  const likeText = toolbar ? (t.opt.str('likeCountNotliked')?.trim() ?? '') : null;
  const stateKey = vm.opt.nonEmpty('toolbarStateKey');
  const state = stateKey ? at(byKey.get(stateKey), ['engagementToolbarStateEntityPayload']) : undefined;
  const surfaceKey = vm.opt.nonEmpty('commentSurfaceKey');
  const surface = surfaceKey ? at(byKey.get(surfaceKey), ['commentSurfaceEntityPayload']) : undefined;
  return {
    commentId,
    text: p.get('text', ytText, ['properties', 'content']),
    author: {
      channelId: p.nonEmpty('author.channelId', ['author', 'channelId']),
      name,
      handle: handleOf(name),
      isVerified: p.opt.bool('author.isVerified', ['author', 'isVerified']) === true,
      isCreator: p.opt.bool('author.isCreator', ['author', 'isCreator']) === true,
    },
    likeCount: toolbar ? exactCount(likeText) : null,
    likeCountText: likeText || null,
    replyCount: toolbar ? exactCount(t.opt.str('replyCount')) : null,
    publishedTimeText: p.nonEmpty('publishedTimeText', ['properties', 'publishedTime']),
    isPinned: vm.opt.get('pinnedText', ytText) !== null || ytText(at(surface, ['pinnedText'])) !== null,
    isHearted: isObj(state) ? state.heartState === 'TOOLBAR_HEART_STATE_HEARTED' : null,
  };
}

/** An older thread's inline `commentRenderer`. */
function rendererComment(c: Reader): VideoComment {
  const name = c.get('authorText', ytText)?.trim() || null;
  const likeText = c.opt.get('voteCount', ytText)?.trim() ?? '';
  const replies = c.opt.intish('replyCount');
  const buttons = c.opt.obj('actionButtons', ['actionButtons', 'commentActionButtonsRenderer']);
  return {
    commentId: c.id('commentId'),
    // A comment with no text: YouTube sends an empty object (`contentText: {}`).
    text: isEmptyText(at(c.root, ['contentText'])) ? '' : c.get('contentText', ytText),
    author: {
      channelId: c.nonEmpty('authorEndpoint', ['authorEndpoint', 'browseEndpoint', 'browseId']),
      name,
      handle: handleOf(name),
      isVerified: c.opt.obj('authorCommentBadge') !== null,
      isCreator: c.opt.bool('authorIsChannelOwner') === true,
    },
    likeCount: exactCount(likeText),
    likeCountText: likeText || null,
    replyCount: replies ?? 0,
    publishedTimeText: c.get('publishedTimeText', ytText),
    isPinned: c.opt.obj('pinnedCommentBadge') !== null,
    isHearted: buttons ? at(buttons, ['creatorHeart', 'creatorHeartRenderer', 'isHearted']) === true : null,
  };
}

/** The videos an answer's older comments link to (their `publishedTimeText` → `/watch?v=<id>&lc=<comment>`). */
function linkedVideoIds(items: unknown[]): string[] {
  const ids: string[] = [];
  for (const item of items) {
    for (const run of list(at(item, ['commentThreadRenderer', 'comment', 'commentRenderer', 'publishedTimeText', 'runs']))) {
      const id = nonEmpty(at(run, ['navigationEndpoint', 'watchEndpoint', 'videoId']));
      if (id) ids.push(id);
    }
  }
  return ids;
}

/**
 * A `youtubei/v1/next` comments answer → its comments, the next token and (first page) the sort
 * menu; `videoId` is the video asked, `later` whether this is a later page (a cursor's token).
 */
export function parseCommentsAnswer(json: unknown, videoId: string, later = false): CommentsAnswer {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'next (comments) answer object');
  const items = continuationItems(json);
  if (!items) {
    // A later (the last) page may come with no command at all. A first page always has one (its
    // header, even without comments): without it the answer is not comments (a player answer on
    // youtubei/v1/next) — a changed shape, never `comments: []`.
    if (later && isObj(json.responseContext) && json.onResponseReceivedEndpoints === undefined)
      return { comments: [], token: null, sort: null };
    throw shapeChanged(PLATFORM, 'continuationItems in the next (comments) answer');
  }
  for (const id of linkedVideoIds(items)) assertSameResource(PLATFORM, `the comments of video ${videoId}`, { id: videoId }, { id });
  const byKey = entities(json);
  let sort: CommentsAnswer['sort'] = null;
  const { items: comments, token } = readEntries(items, 'comments', (kind, r) => {
    if (kind === 'commentsHeaderRenderer') {
      sort = sortTokens(at(r.root, ['sortMenu']));
      return null;
    }
    // The line under the threads naming the order shown ("Top is selected, so you'll see featured
    // comments", 2026 answers): no comment, and no changed shape.
    if (kind === 'commentFilterContextViewModel') return null;
    if (kind !== 'commentThreadRenderer') return undefined;
    const vm = r.opt.obj('commentViewModel', ['commentViewModel', 'commentViewModel']);
    if (vm) return viewModelComment(r.over(vm, 'commentViewModel'), byKey);
    const old = r.opt.obj('commentRenderer', ['comment', 'commentRenderer']);
    if (old) return rendererComment(r.over(old, 'commentRenderer'));
    return undefined;
  });
  return { comments, token, sort };
}

// ---------------------------------------------------------------------------------------------
// The cursor
// ---------------------------------------------------------------------------------------------

export interface CommentsCursor {
  /** Video id. */
  v: string;
  s: CommentSort;
  /** YouTube's continuation token. */
  k: string;
  /** WEB client version of the watch page. */
  c: string | null;
}

export function decodeCommentsCursor(raw: string): CommentsCursor | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.v !== 'string' || !VIDEO_ID_RE.test(c.v) || typeof c.k !== 'string' || !c.k) return null;
  if (!(COMMENT_SORTS as readonly string[]).includes(c.s as string)) return null;
  if (c.c !== null && (typeof c.c !== 'string' || !/^[\d.]{1,32}$/.test(c.c))) return null;
  return { v: c.v, s: c.s as CommentSort, k: c.k, c: c.c };
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const NEXT_URL = `${YOUTUBE_ORIGIN}/youtubei/v1/next?prettyPrint=false`;
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.8' };

export interface VideoCommentsArgs {
  id: string;
  sort: CommentSort;
  cursor: CommentsCursor | null;
}

async function fetchEntry(ctx: OpContext, id: string): Promise<CommentsEntry> {
  const what = `Video ${id}`;
  const res = await ctx.upstream.request({ url: watchPageUrl(id), platform: PLATFORM, headers: PAGE_HEADERS, signal: ctx.signal });
  // The consent interstitial and Google's /sorry/ page come with any status: walls (walls.ts).
  if (res.status === 404 || res.status === 410) throw notFound(`${what} was not found`);
  expectOk(res, PLATFORM, what);
  const entry = parsed(ctx, () => parseCommentsEntry(res.text(), what));
  assertSameResource(PLATFORM, what, { id }, { id: entry.videoId });
  assertSameResource(PLATFORM, what, { id }, { id: entry.endpointVideoId });
  return entry;
}

/** One `youtubei/v1/next` request for `token`; `fromCursor`: a 400 is the caller's cursor refused. */
async function fetchPage(
  ctx: OpContext,
  videoId: string,
  token: string,
  client: { clientVersion: string | null; visitorData: string | null },
  fromCursor: boolean,
): Promise<CommentsAnswer> {
  assertTokenFor(videoId, token);
  const context = webClientContext(client);
  const res = await ctx.upstream.request({
    url: NEXT_URL,
    method: 'POST',
    headers: innertubeHeaders(context),
    body: JSON.stringify({ context, continuation: token }),
    platform: PLATFORM,
    signal: ctx.signal,
  });
  // YouTube refuses a token it did not issue, or one too old, with 400 INVALID_ARGUMENT.
  if (res.status === 400 && fromCursor)
    throw invalidParam('cursor', 'YouTube refused this cursor (expired, or not one of its tokens): start again without it');
  if (res.status === 400 || res.status === 404) throw upstreamFailed(`${PLATFORM}: the comments request was refused (HTTP ${res.status})`);
  expectOk(res, PLATFORM, `The comments of video ${videoId}`);
  const answer = parsed(ctx, () => parseCommentsAnswer(res.json(), videoId, fromCursor));
  if (answer.token) assertTokenFor(videoId, answer.token);
  return answer;
}

export async function fetchComments(ctx: OpContext, a: VideoCommentsArgs): Promise<VideoCommentsPage> {
  const page = (answer: CommentsAnswer, clientVersion: string | null): VideoCommentsPage => {
    // A token this page was asked with is the end, not a next page (YouTube looping).
    const token = nextToken(a.cursor?.k, answer.token);
    return {
      videoId: a.id,
      commentsDisabled: false,
      comments: answer.comments,
      cursor: token ? encodeCursor({ v: a.id, s: a.sort, k: token, c: clientVersion } satisfies CommentsCursor) : null,
    };
  };
  if (a.cursor) {
    const answer = await fetchPage(ctx, a.id, a.cursor.k, { clientVersion: a.cursor.c, visitorData: null }, true);
    return page(answer, a.cursor.c);
  }
  const entry = await fetchEntry(ctx, a.id);
  if (entry.disabled) return { videoId: a.id, commentsDisabled: true, comments: [], cursor: null };
  const token = a.sort === 'new' ? entry.tokens.new : (entry.tokens.top ?? entry.tokens.section);
  if (token) return page(await fetchPage(ctx, a.id, token, entry, false), entry.clientVersion);
  // Newest first without the page's sort menu: the first answer's header has it.
  const first = await fetchPage(ctx, a.id, (entry.tokens.section ?? entry.tokens.top)!, entry, false);
  const newest = first.sort?.new;
  if (!newest) throw shapeChanged(PLATFORM, 'a "Newest first" token (neither the watch page nor the comments header has a sort menu)');
  return page(await fetchPage(ctx, a.id, newest, entry, false), entry.clientVersion);
}

export const videoComments: OperationDef<VideoCommentsArgs, VideoCommentsPage> = {
  field: 'videoComments',
  platform: PLATFORM,
  summary: "One page of a video's public top-level comments (top or newest first); page with `cursor`",
  rest: { path: '/v1/video/comments' },
  record: VideoCommentsPage,
  params: [
    ...VIDEO_REF_PARAMS,
    {
      name: 'sort',
      kind: 'enum',
      values: COMMENT_SORTS,
      enumName: 'VideoCommentSort',
      description: 'Order: top (YouTube’s "Top comments", default) or new ("Newest first").',
    },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 4096,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same video and sort. Omit for the first page.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    let refOk = true;
    checkVideoRef(args, (p, m) => {
      refOk = false;
      problem(p, m);
    });
    if (typeof args.cursor !== 'string' || args.cursor === '' || args.cursor.length > 4096) return;
    const c = decodeCommentsCursor(args.cursor);
    if (!c) return problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    const sort = args.sort ?? 'top';
    if (c.s !== sort) problem('cursor', `belongs to sort=${c.s}, not ${sort}`);
    if (refOk && c.v !== videoIdOf(args)) problem('cursor', 'belongs to another video');
  },
  normalize: (a) => ({
    id: videoIdOf(a),
    sort: a.sort ?? 'top',
    cursor: typeof a.cursor === 'string' && a.cursor !== '' ? decodeCommentsCursor(a.cursor) : null,
  }),
  // The id is case-sensitive; a cursor is re-encoded from its fields, so one cursor has one spelling.
  key: (a) => JSON.stringify([a.id, a.sort, a.cursor ? encodeCursor(a.cursor) : null]),
  cost: { max: 1 },
  example: { id: 'kP9xWq2LmZ4' },
  run: (ctx, a) => fetchComments(ctx, a),
};
