/**
 * One board: `GET /v1/pinboard/board` (`pinboardBoard`: `url` → `{board, pins, cursor}`). Pure
 * parsers, then the requests and the operation.
 *
 * Two anonymous resource GETs (fetch.ts getResource), in the search capture's `resource_response`
 * envelope:
 *  1. `BoardResource` (`options: {username, slug, field_set_key: "detailed"}`, `source_url`
 *     `/<user>/<slug>/`) → `data` is the board. Essential: a failure with `http_status: 404` is
 *     NOT_FOUND, any other failure a typed error. Its `url` must be `/<user>/<slug>/` and its
 *     `owner.username` the user asked (case-insensitively), each where stated — and it must state
 *     one — else UPSTREAM_FAILED.
 *  2. `BoardFeedResource` (`options: {board_id, board_url, page_size: 25, bookmarks?}`) → `data`
 *     is one page of the board's pins, `bookmark` the next page's. Secondary: when it fails in any
 *     way (a status, a wall, a timeout, an unreadable answer), `pins` and `cursor` are null with a
 *     counted `board.pins` warning and the record is a partial read (never cached;
 *     src/platforms/partial-read.ts). Cancellation stays an error. A pin stating another board (its
 *     board id, or its board url) is another resource's answer: UPSTREAM_FAILED, never data.
 *
 * Paging: our cursor (src/platforms/cursor.ts) binds Pinterest's bookmark to the board
 * (`{b: "<user>/<slug>", k: <bookmark>}`); a cursor of another board, or not ours, is 400 on
 * `cursor`. Every call reads the board (1) and one page of pins (2).
 */
import { upstreamFailed } from '../../errors.js';
import { isObj, reader } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { optionalStep, partialRead } from '../partial-read.js';
import { getResource } from './fetch.js';
import { PINTEREST_RESERVED } from './links.js';
import type { ResourceRequest } from './fetch.js';
import { nextCursor, parsePinList, resourceData } from './parse.js';
import type { PinboardPin } from './parse.js';
import { asUrl, boardDetailOf, PINTEREST_HOST_RE } from './pin.js';
import { normalizeUsername } from './profile.js';
import * as schema from './schema.js';
import type { PinboardBoardDetail, PinboardBoardPage } from './schema.js';

const PLATFORM = 'pinboard';
/** Pins per BoardFeedResource page (the web client's grid asks for 25). */
export const BOARD_PAGE_SIZE = 25;

export interface PinboardBoardArgs {
  /** Lower-case. */
  username: string;
  /** Lower-case, decoded (`recettes-été`). */
  slug: string;
  /** Pinterest's bookmark from our cursor; null for the first page. */
  bookmark: string | null;
}

const NOT_USERS = new Set(PINTEREST_RESERVED);
/** Second path segments that are a profile's tabs, never a board. */
const NOT_BOARDS = new Set(['pins', 'boards', 'followers', 'following', 'more_ideas', 'overview', 'activity', 'tried']);
/** Board slugs: letters (any script), digits, `-` and `_`; Pinterest's own tabs start with `_`. */
const SLUG_RE = /^[\p{L}\p{N}][\p{L}\p{N}_-]{0,99}$/u;

/** A board page URL → its user and slug (lower-case, decoded), or null. */
export function boardOfUrl(input: string): { username: string; slug: string } | null {
  const u = asUrl(input);
  if (!u || !PINTEREST_HOST_RE.test(u.hostname)) return null;
  const segs = u.pathname.split('/').filter(Boolean);
  if (segs.length !== 2) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(segs[1]).toLowerCase();
  } catch {
    return null;
  }
  const username = normalizeUsername(segs[0]);
  if (!username || NOT_USERS.has(username) || NOT_BOARDS.has(slug) || !SLUG_RE.test(slug)) return null;
  return { username, slug };
}

const boardPath = (a: { username: string; slug: string }) => `/${a.username}/${encodeURIComponent(a.slug)}/`;
const boardName = (a: { username: string; slug: string }) => `${a.username}/${a.slug}`;

/** Our cursor for the page after `bookmark` of this board. */
export const encodeBoardCursor = (a: { username: string; slug: string }, bookmark: string): string =>
  encodeCursor({ b: boardName(a), k: bookmark });

/** The bookmark a cursor of ours carries for this board, or null (another board's, or not ours). */
export function decodeBoardCursor(raw: string, a: { username: string; slug: string }): string | null {
  const c = decodeCursor(raw);
  return c && c.b === boardName(a) && typeof c.k === 'string' && c.k !== '' && c.k.length <= 8192 ? c.k : null;
}

/** `/taladraws/sketchbook/` (or a full URL) as `user/slug`, lower-case and decoded; null when it is not a board path. */
function boardNameOfPath(url: string | null): string | null {
  if (!url) return null;
  const b = boardOfUrl(url.startsWith('/') ? `https://www.pinterest.com${url}` : url);
  return b && boardName(b);
}

// ---------------------------------------------------------------------------------------------
// Parse
// ---------------------------------------------------------------------------------------------

/**
 * A BoardResource answer → the board, checked to be the asked one: its id (or node id) is
 * required; its `url` and its owner's username, where stated, must be the asked board's
 * (UPSTREAM_FAILED otherwise). 404 → NOT_FOUND.
 */
export function parseBoardResponse(body: unknown, a: { username: string; slug: string }): PinboardBoardDetail {
  const what = `board ${boardName(a)}`;
  const data = resourceData(body, what, `pinboard ${what} was not found`);
  if (!isObj(data)) throw upstreamFailed(`${PLATFORM}: resource_response.data (board) is missing or not an object`);
  const r = reader(data, { platform: PLATFORM, record: 'board' });
  const board = boardDetailOf(r);
  if (!board.id) r.id('id');
  r.str('name');
  r.str('url');
  // The board must name itself (its url, or its owner) to be told to be the asked one.
  if (board.url === null && !board.owner?.username)
    throw upstreamFailed(`${PLATFORM}: the upstream answered ${what} with a board that names neither its url nor its owner`);
  assertSameResource(PLATFORM, what, { handle: a.username }, { handle: board.owner?.username ?? null });
  const got = boardNameOfPath(board.url);
  if (board.url !== null && got !== boardName(a))
    throw upstreamFailed(`${PLATFORM}: the upstream answered ${what} with a different resource (board ${board.url})`);
  return board;
}

/**
 * A BoardFeedResource answer → its pins and Pinterest's next bookmark (null at the end). Throws
 * on a failure or a changed shape (the caller degrades); pins are read one at a time (parse.ts
 * parsePinList).
 */
export function parseBoardFeed(body: unknown, what: string): { pins: PinboardPin[]; bookmark: string | null } {
  const data = resourceData(body, what, `${what} was not found`);
  if (!Array.isArray(data)) throw upstreamFailed(`${PLATFORM}: resource_response.data (board feed) is not a list`);
  const rr = (body as Obj).resource_response as Obj;
  const pins = parsePinList(data, reader({ pins: data }, { platform: PLATFORM, record: 'board' }), 'pins');
  return { pins, bookmark: nextCursor(rr, (body as Obj).resource) };
}

/**
 * A pin of the feed that states another board than `board` (by id, or by url) is another
 * resource's answer: UPSTREAM_FAILED. A pin that states no board passes (identity.ts: only what
 * both sides state is compared).
 */
export function assertPinsOfBoard(pins: PinboardPin[], board: PinboardBoardDetail, a: { username: string; slug: string }): void {
  for (const p of pins) {
    if (!p.board) continue;
    const otherId = p.board.id !== null && board.id !== null && p.board.id !== board.id;
    const otherUrl = p.board.url !== null && boardNameOfPath(p.board.url) !== boardName(a);
    if (otherId || otherUrl)
      throw upstreamFailed(
        `${PLATFORM}: the upstream answered the pins of board ${boardName(a)} with pin ${p.id} of board ${p.board.url ?? p.board.id}`,
      );
  }
}

// ---------------------------------------------------------------------------------------------
// Fetch and operation
// ---------------------------------------------------------------------------------------------

export function boardResourceRequest(a: { username: string; slug: string }): ResourceRequest {
  return {
    name: 'BoardResource',
    sourceUrl: boardPath(a),
    options: { username: a.username, slug: a.slug, field_set_key: 'detailed' },
    handler: 'www/[username]/[slug].js',
    what: `Board ${boardName(a)}`,
    notFoundMessage: `pinboard board ${boardName(a)} was not found`,
  };
}

export function boardFeedRequest(a: PinboardBoardArgs, boardId: string): ResourceRequest {
  const options: Record<string, unknown> = { board_id: boardId, board_url: boardPath(a), page_size: BOARD_PAGE_SIZE };
  if (a.bookmark) options.bookmarks = [a.bookmark];
  return {
    name: 'BoardFeedResource',
    sourceUrl: boardPath(a),
    options,
    handler: 'www/[username]/[slug].js',
    what: `The pins of board ${boardName(a)}`,
    notFoundMessage: `the pins of board ${boardName(a)} were not found`,
  };
}

export async function fetchBoard(ctx: OpContext, a: PinboardBoardArgs): Promise<PinboardBoardPage> {
  const body = await getResource(ctx, boardResourceRequest(a));
  const board = parsed(ctx, () => parseBoardResponse(body, a));
  const what = `the pins of board ${boardName(a)}`;
  const feed = await optionalStep(ctx, { platform: PLATFORM, field: 'board.pins', context: what }, async () => {
    // parseBoardResponse refuses a board without an id.
    const feedBody = await getResource(ctx, boardFeedRequest(a, board.id!));
    return parsed(ctx, () => parseBoardFeed(feedBody, what));
  });
  if (!feed) return partialRead({ board, pins: null, cursor: null });
  // Outside the degrade: an answer about another board is never used.
  assertPinsOfBoard(feed.pins, board, a);
  // The bookmark this page was asked with is the end, not a next page (Pinterest looping).
  const bookmark = nextToken(a.bookmark, feed.bookmark);
  return { board, pins: feed.pins, cursor: bookmark ? encodeBoardCursor(a, bookmark) : null };
}

export const board: OperationDef<PinboardBoardArgs, PinboardBoardPage> = {
  field: 'pinboardBoard',
  platform: PLATFORM,
  summary: `A public board (name, description, counts, owner, covers) and a page of its pins (${BOARD_PAGE_SIZE} per page)`,
  rest: { path: '/v1/pinboard/board' },
  record: schema.PinboardBoardPage,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: 2048,
      description: 'The board page, e.g. https://www.pinterest.com/taladraws/sketchbook/ (country hosts too)',
    },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 12000,
      description:
        "The previous response's cursor for this board, unchanged; omit for the first page. The last page answers with cursor null.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.url !== 'string' || !args.url.trim()) return;
    const b = boardOfUrl(args.url);
    if (!b) return problem('url', 'must be a board page on Pinterest: https://www.pinterest.com/<user>/<board>/');
    if (typeof args.cursor === 'string' && args.cursor !== '' && !decodeBoardCursor(args.cursor, b))
      problem('cursor', "must be a cursor from a previous response for this board's url, passed unchanged");
  },
  // Usernames and slugs are case-insensitive, hosts are one site: every spelling shares an entry.
  normalize: (a) => {
    const b = boardOfUrl(a.url)!;
    return { ...b, bookmark: typeof a.cursor === 'string' && a.cursor !== '' ? decodeBoardCursor(a.cursor, b) : null };
  },
  key: (a) => JSON.stringify([a.username, a.slug, a.bookmark]),
  cost: { max: 1 },
  example: { url: 'https://www.pinterest.com/taladraws/sketchbook/' },
  run: (ctx, a) => fetchBoard(ctx, a),
};
