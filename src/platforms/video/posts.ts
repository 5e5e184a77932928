/**
 * `GET /v1/video/posts` (`videoPosts`): one page of a YouTube channel's community posts (the
 * "Posts" tab), `{hasPostsTab, posts, cursor}` — each post `{postId, text, publishedTimeText,
 * likeCountText, likeCount, commentCountText, attachment {type, images, video, poll}}`.
 *
 * Upstream, one request per call (logged out, `hl=en`):
 * - first page: the tab page, `GET https://www.youtube.com/@<handle>/posts` (or `/channel/<id>/…`,
 *   `/c/…`, `/user/…`), its `ytInitialData`: the selected tab (`/posts`, older `/community`) holds
 *   `sectionListRenderer.contents[].itemSectionRenderer.contents[]` of
 *   `backstagePostThreadRenderer.post.backstagePostRenderer` (or `postRenderer`) and, at the end,
 *   a `continuationItemRenderer` with the next page's token (a `richGridRenderer` of
 *   `richItemRenderer`-wrapped threads is read the same way);
 * - later pages: `POST https://www.youtube.com/youtubei/v1/browse` with the WEB client's context
 *   and `{continuation}` (as videos.ts pages), the items in
 *   `onResponseReceivedEndpoints|Actions[].appendContinuationItemsAction.continuationItems`.
 *
 * A post: `postId`; `contentText.runs` joined (null for a post without text); `publishedTimeText`
 * ("2 days ago", "1 month ago (edited)"); `voteCount` as shown ("1.2K") — `likeCount` is a number
 * only when the text is exact ("87", "1,204"; none shown: 0); the reply button's text as
 * `commentCountText` (null when the button shows none); `backstageAttachment`:
 * `backstageImageRenderer` → `image`, `postMultiImageRenderer` → `images`, `videoRenderer` →
 * `video` (read as a channel tab's list item), `pollRenderer` → `poll` (choices, total votes);
 * nothing → `none`. An attachment of another kind (a quiz, a playlist) is warned
 * (`posts.attachment`) and typed `none`. A post the channel shared (the thread's post a
 * `sharedPostRenderer`, 2023+) is the channel's post: its own words (`content`), "shared 3 days
 * ago", no counts of its own (null), the shared original not read (attachment `none`, warned
 * likewise); its sharer (`endpoint`) is its author. A post without its id, or an entry of a kind
 * not known here, is left out (warned `posts.items`).
 *
 * Identity: the page's channel (`channelMetadataRenderer.externalId`, and its handle) must be the
 * one asked for, as videos.ts checks; every post stating its author
 * (`authorEndpoint.browseEndpoint.browseId`) must be by that channel, on every page (a continuation
 * answer is checked against the channel its cursor names); otherwise UPSTREAM_FAILED.
 *
 * A channel without a Posts tab (YouTube then selects another tab) → `hasPostsTab: false`,
 * `posts: []`, `cursor: null`: 200, not an error. The cursor is ours (base64url JSON of the
 * channel id and handle, `t: "posts"`, YouTube's token and the first page's client version): a
 * cursor of another channel, or of a videos tab, is INVALID_INPUT on `cursor`; YouTube refusing
 * the token (400) too. A channel that does not exist → NOT_FOUND; walls as the folder's (walls.ts).
 */
import { z } from 'zod';
import { isApiError, shapeChanged } from '../../errors.js';
import { at, isObj, list, nonEmpty } from '../../parse/index.js';
import type { Reader } from '../../parse/index.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { Bool, named, NInt, NStr, Str, Strs } from '../records.js';
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
import { continuationItems, exactCount } from './comments.js';
import { extractYtcfg, isEmptyText, parseChannelPage, ytText } from './parse.js';
import { VideoImageSource } from './schema.js';
import {
  assertAskedChannel,
  cursorFits,
  fetchChannelTabPage,
  fetchTabContinuation,
  imageSources,
  readEntries,
  VideoListItem,
  videoListItem,
} from './videos.js';

const PLATFORM = 'video';

// ---------------------------------------------------------------------------------------------
// The record
// ---------------------------------------------------------------------------------------------

export const POST_ATTACHMENT_TYPES = ['image', 'images', 'video', 'poll', 'none'] as const;

export const VideoPostImage = z.strictObject({ sources: z.array(VideoImageSource).describe('Sizes of the same picture') });
export type VideoPostImage = z.infer<typeof VideoPostImage>;

export const VideoPostPoll = z.strictObject({
  choices: Strs.describe("The choices' texts, in order"),
  totalVotesText: NStr.describe('As shown: "1.2K votes"; null when YouTube shows none'),
});
export type VideoPostPoll = z.infer<typeof VideoPostPoll>;

export const VideoPostAttachment = z.strictObject({
  type: z
    .enum(POST_ATTACHMENT_TYPES)
    .describe('image (one picture), images (several), video, poll, or none (no attachment, or one of a kind not read here)'),
  images: z.array(VideoPostImage).describe('The pictures of an image / images post; [] otherwise'),
  video: VideoListItem.nullable().describe('The video a video post shares; null otherwise (or when the answer names no video id)'),
  poll: VideoPostPoll.nullable().describe('A poll post’s choices; null otherwise'),
});
export type VideoPostAttachment = z.infer<typeof VideoPostAttachment>;

export const VideoPost = named(
  'VideoPost',
  z.strictObject({
    postId: Str.describe('YouTube’s post id (Ugkx…)'),
    text: NStr.describe('The post’s text; null for a post without text'),
    publishedTimeText: NStr.describe('As shown: "2 days ago", "1 month ago (edited)"'),
    likeCountText: NStr.describe('As shown: "87", "1.2K"; null when YouTube shows none (no likes)'),
    likeCount: NInt.describe(
      'Likes when YouTube shows an exact number (0 when it shows none); null for a rounded "1.2K", and for a shared post (no count of its own)',
    ),
    commentCountText: NStr.describe(
      'As the comment button shows it: "55", "1.1K"; null when it shows none (no comments, or comments off), and for a shared post',
    ),
    attachment: VideoPostAttachment,
  }),
  'A community post of a channel',
);
export type VideoPost = z.infer<typeof VideoPost>;

export const VideoPostsPage = named(
  'VideoPostsPage',
  z.strictObject({
    hasPostsTab: Bool.describe('False when the channel has no Posts tab (then `posts` is [] and `cursor` null): not an error'),
    posts: z.array(VideoPost).describe('The posts, newest first (YouTube’s order)'),
    cursor: NStr.describe('Pass unchanged as `cursor` (with the same channel) for the next page; null at the end'),
  }),
  "One page of a channel's community posts",
);
export type VideoPostsPage = z.infer<typeof VideoPostsPage>;

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

/** The post renderers a thread may hold (2024+ `postRenderer` has the same members). */
const POST_KINDS = ['backstagePostRenderer', 'postRenderer'];

interface ReadPost {
  post: VideoPost;
  /** The author's channel id where the post states it. */
  authorId: string | null;
}

function attachmentOf(r: Reader): VideoPostAttachment {
  const none: VideoPostAttachment = { type: 'none', images: [], video: null, poll: null };
  const a = r.opt.obj('backstageAttachment');
  if (!a) return none;
  const att = r.over(a, 'attachment');
  const image = (x: Reader): VideoPostImage => ({ sources: imageSources(x, ['image', 'thumbnails']) });
  if (isObj(a.backstageImageRenderer)) return { ...none, type: 'image', images: [image(att.child('image', 'backstageImageRenderer'))] };
  if (isObj(a.postMultiImageRenderer)) {
    const images = att.items('images', (el) => image(el.child('image', 'backstageImageRenderer')), ['postMultiImageRenderer', 'images']);
    return { ...none, type: 'images', images };
  }
  if (isObj(a.videoRenderer)) {
    let video: VideoListItem | null = null;
    try {
      video = videoListItem('videoRenderer', att.over(a.videoRenderer, 'video'));
    } catch (e) {
      // A members-only or removed video comes without its id: the post stays, its video is null.
      if (!isApiError(e) || e.code !== 'UPSTREAM_FAILED') throw e;
      att.warn('video', e.message);
    }
    return { ...none, type: 'video', video };
  }
  if (isObj(a.pollRenderer)) {
    const p = att.child('poll', 'pollRenderer');
    const choices = p.items('choices', (c) => c.get('text', ytText));
    return { ...none, type: 'poll', poll: { choices, totalVotesText: p.opt.get('totalVotes', ytText) } };
  }
  r.warn('attachment', `a ${Object.keys(a)[0] ?? 'empty'} attachment`);
  return none;
}

/** One post renderer → the post and its stated author. */
export function readPost(r: Reader): ReadPost {
  const postId = r.id('postId');
  const likeText = r.get('voteCount', ytText);
  const trimmed = likeText?.trim() ?? null;
  return {
    post: {
      postId,
      // An image or poll alone: no text, YouTube's empty text object (`contentText: {}`) or none.
      text: isEmptyText(at(r.root, ['contentText'])) ? null : r.opt.get('contentText', ytText),
      publishedTimeText: r.get('publishedTimeText', ytText),
      likeCountText: trimmed || null,
      likeCount: likeText === null ? null : exactCount(trimmed),
      commentCountText:
        r.opt
          .get('replyButton', ytText, ['actionButtons', 'commentActionButtonsRenderer', 'replyButton', 'buttonRenderer', 'text'])
          ?.trim() || null,
      attachment: attachmentOf(r),
    },
    authorId:
      nonEmpty(at(r.root, ['authorEndpoint', 'browseEndpoint', 'browseId'])) ??
      nonEmpty(at(r.root, ['authorText', 'runs', 0, 'navigationEndpoint', 'browseEndpoint', 'browseId'])),
  };
}

/**
 * A post the channel shared (`sharedPostRenderer`: a repost of a post, the channel's or another's)
 * → the channel's post: its own words on it (`content`, null without), when (`publishedTimeText`,
 * "shared 3 days ago"), by whom (`endpoint`, else the `displayName` link). It carries no like or
 * reply count of its own (null, not warned; read where one is sent). The post it shares
 * (`originalPost`) is not read — its author may be another channel —: the attachment is `none`,
 * warned as other attachments not read here.
 */
function readSharedPost(r: Reader): ReadPost {
  const postId = r.id('postId');
  const likeText = r.opt.get('voteCount', ytText)?.trim() ?? null;
  if (r.opt.obj('originalPost')) r.warn('attachment', 'a shared post (originalPost), not read here');
  return {
    post: {
      postId,
      text: r.opt.get('content', ytText),
      publishedTimeText: r.get('publishedTimeText', ytText),
      likeCountText: likeText || null,
      likeCount: likeText === null ? null : exactCount(likeText),
      commentCountText: null,
      attachment: { type: 'none', images: [], video: null, poll: null },
    },
    authorId:
      nonEmpty(at(r.root, ['endpoint', 'browseEndpoint', 'browseId'])) ??
      nonEmpty(at(r.root, ['displayName', 'runs', 0, 'navigationEndpoint', 'browseEndpoint', 'browseId'])),
  };
}

/**
 * Entries of a posts list (a tab page's item sections, or a continuation's items) → the posts and
 * the next token. Every post stating its author must be by `channelId` (UPSTREAM_FAILED otherwise).
 */
export function readPosts(entries: unknown[], channelId: string, what: string): { posts: VideoPost[]; token: string | null } {
  const { items, token } = readEntries<ReadPost>(entries, 'posts', (kind, r) => {
    if (kind === 'backstagePostThreadRenderer') {
      const post = r.opt.obj('post');
      if (post && isObj(post.sharedPostRenderer)) return readSharedPost(r.over(post.sharedPostRenderer, 'sharedPostRenderer'));
      const inner = post ? POST_KINDS.find((k) => isObj(post[k])) : undefined;
      return inner ? readPost(r.over(post![inner], inner)) : undefined;
    }
    return POST_KINDS.includes(kind) ? readPost(r) : undefined;
  });
  for (const p of items) assertSameResource(PLATFORM, what, { id: channelId }, { id: p.authorId });
  return { posts: items.map((p) => p.post), token };
}

export interface PostsTabPage {
  channelId: string;
  handle: string | null;
  clientVersion: string | null;
  hasPostsTab: boolean;
  posts: VideoPost[];
  token: string | null;
}

/** A Posts tab page's `ytInitialData` → its posts and the next token (the channel's identity is the caller's to check). */
export function parsePostsTab(data: unknown, what = 'Video channel'): PostsTabPage {
  const page = parseChannelPage(data);
  const base = { channelId: page.channelId, handle: page.handle, clientVersion: page.clientVersion };
  const tabs = list(at(data, ['contents', 'twoColumnBrowseResultsRenderer', 'tabs']));
  const selected = tabs.map((t) => at(t, ['tabRenderer'])).find((t) => isObj(t) && t.selected === true);
  if (!isObj(selected)) throw shapeChanged(PLATFORM, 'the selected tab of the channel page');
  const url = nonEmpty(at(selected, ['endpoint', 'commandMetadata', 'webCommandMetadata', 'url'])) ?? '';
  if (!/\/(?:posts|community)$/.test(url)) return { ...base, hasPostsTab: false, posts: [], token: null };
  const sections = at(selected, ['content', 'sectionListRenderer', 'contents']);
  // A grid of posts (`richGridRenderer.contents[].richItemRenderer.content`) where YouTube lays the tab out so.
  const grid = at(selected, ['content', 'richGridRenderer', 'contents']);
  if (!Array.isArray(sections) && !Array.isArray(grid))
    throw shapeChanged(PLATFORM, 'the posts list (sectionListRenderer or richGridRenderer) of the channel page');
  const entries = Array.isArray(sections)
    ? sections.flatMap((s) => {
        const inner = at(s, ['itemSectionRenderer', 'contents']);
        return Array.isArray(inner) ? inner : [s];
      })
    : (grid as unknown[]);
  return { ...base, hasPostsTab: true, ...readPosts(entries, page.channelId, what) };
}

/** A browse continuation answer → the next posts and token. */
export function parsePostsContinuation(json: unknown, channelId: string): { posts: VideoPost[]; token: string | null } {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'browse continuation object');
  const items = continuationItems(json);
  if (items) return readPosts(items, channelId, `The posts of channel ${channelId}`);
  // The last page may come with no action at all.
  if (json.onResponseReceivedActions === undefined && json.onResponseReceivedEndpoints === undefined && isObj(json.responseContext))
    return { posts: [], token: null };
  throw shapeChanged(PLATFORM, 'continuationItems in the posts continuation');
}

// ---------------------------------------------------------------------------------------------
// The cursor
// ---------------------------------------------------------------------------------------------

export interface PostsCursor {
  /** Channel id. */
  c: string;
  /** Handle (lower case), when the channel has one. */
  h: string | null;
  t: 'posts';
  /** YouTube's continuation token. */
  k: string;
  /** WEB client version of the first page. */
  v: string | null;
}

export function decodePostsCursor(raw: string): PostsCursor | null {
  const c = decodeCursor(raw);
  if (!c || c.t !== 'posts' || typeof c.c !== 'string' || !CHANNEL_ID_RE.test(c.c) || typeof c.k !== 'string' || !c.k) return null;
  if (c.h !== null && typeof c.h !== 'string') return null;
  if (c.v !== null && (typeof c.v !== 'string' || !/^[\d.]{1,32}$/.test(c.v))) return null;
  return { c: c.c, h: c.h, t: 'posts', k: c.k, v: c.v };
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export interface VideoPostsArgs {
  ref: ChannelRef;
  cursor: PostsCursor | null;
}

export const postsPageUrl = (ref: ChannelRef) => `${channelPageUrl(ref)}/posts?hl=en`;

export async function fetchChannelPosts(ctx: OpContext, a: VideoPostsArgs): Promise<VideoPostsPage> {
  return a.cursor ? fetchContinuation(ctx, a.cursor) : fetchFirstPage(ctx, a.ref);
}

async function fetchFirstPage(ctx: OpContext, ref: ChannelRef): Promise<VideoPostsPage> {
  const what = `Video channel ${describeChannelRef(ref)}`;
  const { html, data } = await fetchChannelTabPage(ctx, ref, 'posts', what);
  const page = parsed(ctx, () => parsePostsTab(data, what));
  assertAskedChannel(ref, what, page);
  const clientVersion = extractYtcfg(html).clientVersion ?? page.clientVersion;
  const cursor: PostsCursor | null = page.token
    ? { c: page.channelId, h: page.handle?.toLowerCase() ?? null, t: 'posts', k: page.token, v: clientVersion }
    : null;
  return { hasPostsTab: page.hasPostsTab, posts: page.posts, cursor: cursor ? encodeCursor(cursor) : null };
}

async function fetchContinuation(ctx: OpContext, c: PostsCursor): Promise<VideoPostsPage> {
  const json = await fetchTabContinuation(ctx, c, `The next page of posts of channel ${c.c}`);
  const next = parsed(ctx, () => parsePostsContinuation(json, c.c));
  // The token this page was asked with is the end, not a next page (YouTube looping).
  const token = nextToken(c.k, next.token);
  return { hasPostsTab: true, posts: next.posts, cursor: token ? encodeCursor({ ...c, k: token }) : null };
}

export const videoPosts: OperationDef<VideoPostsArgs, VideoPostsPage> = {
  field: 'videoPosts',
  platform: PLATFORM,
  summary: "One page of a channel's community posts (the Posts tab); page with `cursor`",
  rest: { path: '/v1/video/posts' },
  record: VideoPostsPage,
  // A monitor watches which posts the page lists (a new post: one change).
  watch: ['posts.postId'],
  params: [
    ...CHANNEL_REF_PARAMS,
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 4096,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same channel. Omit for the first page.",
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
    const c = decodePostsCursor(args.cursor);
    if (!c) return problem('cursor', 'must be the `cursor` of a previous posts response, unchanged');
    if (refOk && !cursorFits(c, channelRefOf(args))) problem('cursor', 'belongs to another channel');
  },
  normalize: (a) => ({
    ref: channelRefOf(a),
    cursor: typeof a.cursor === 'string' && a.cursor !== '' ? decodePostsCursor(a.cursor) : null,
  }),
  key: (a) => JSON.stringify([channelCacheKey(a.ref), a.cursor ? encodeCursor(a.cursor) : null]),
  cost: { max: 1 },
  example: { handle: '@RaviMenonCooks' },
  run: (ctx, a) => fetchChannelPosts(ctx, a),
};
