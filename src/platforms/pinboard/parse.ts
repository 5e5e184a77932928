/**
 * Pure parsers for pinboard (Pinterest): upstream bodies in, api.md records out ("pinboard pin"
 * in shared/spec/api.md). No I/O here.
 *
 * Pin search is Pinterest's own web resource (platforms.md):
 *   GET https://www.pinterest.com/resource/BaseSearchResource/get/?source_url=/search/pins/?q=<q>
 *       &data={"options":{"query":"<q>","scope":"pins","bookmarks":[<cursor>]},"context":{}}
 * answering `{resource_response: {status, http_status, data: {results: [...]}, bookmark}, resource,
 * client_context, request_identifier}`. The pins are `resource_response.data.results[]` (items
 * whose `type` is `pin`; Pinterest mixes in other module types on some queries) and the next
 * page's cursor is `resource_response.bookmark` (echoed in `resource.options.bookmarks[0]`).
 *
 * Evidence (../shared/fixtures/pinboard, an anonymous 2024-02 answer): search results carry a
 * *summary* board (`node_id`, `name`, `url` only) and a full pinner; there is no pin `url`,
 * `auto_alt_text` or `seo_alt_text`. So:
 *  - `url` is the pin's canonical page, `https://www.pinterest.com/pin/<id>/`, when absent;
 *  - a board's / user's `id`, when absent, is read from its `node_id` (base64 of `Board:<id>` /
 *    `User:<id>`; the capture's and the peer example's node ids all decode that way);
 *  - every other api.md field the answer lacks is `null` (never invented).
 *
 * End of results: Pinterest's last page answers with the bookmark `-end-` (and an empty page
 * after that); we return `cursor: null` instead, so a client stops when the cursor is null.
 *
 * `trim: true` returns the documented reduced pin (`TrimmedPin`): the same field names, fewer of
 * them — id, url, title, grid_title, description, link, domain, is_promoted, created_at,
 * images.orig, board {id, name, url}, pinner {id, username, full_name}.
 *
 * Errors: `resource_response.status: "failure"` is mapped by its `http_status` (401 → login wall
 * and 403/429 → blocked are walls, walls.ts, answered before this module; 400 on a page with a
 * cursor → the cursor was refused, otherwise
 * UPSTREAM_FAILED with Pinterest's message). A body without `resource_response.data.results` is a
 * shape change, never an empty 200.
 */
import { ApiError, invalidParam, isApiError, notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { idStr, isObj, num, reader, str } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import type { PinboardImage, PinboardUser, PinboardBoard, PinboardPin, TrimmedPin, PinboardSearchPage } from './schema.js';
import { nextToken } from '../cursor.js';
export type { PinboardImage, PinboardUser, PinboardBoard, PinboardPin, TrimmedPin, PinboardSearchPage } from './schema.js';

const PLATFORM = 'pinboard';
export const PINTEREST = 'https://www.pinterest.com';
/** The bookmark Pinterest sends when there is no further page. */
export const END_BOOKMARK = '-end-';

// ---------------------------------------------------------------------------------------------
// Request
// ---------------------------------------------------------------------------------------------

/** `source_url` of a pin search: the page the web client would be on. */
export function searchSourceUrl(query: string): string {
  return `/search/pins/?q=${encodeURIComponent(query)}`;
}

/** The BaseSearchResource GET URL (platforms.md); `bookmarks` only when continuing. */
export function buildSearchUrl(query: string, cursor: string | null): string {
  const options: Record<string, unknown> = { query, scope: 'pins' };
  if (cursor) options.bookmarks = [cursor];
  const sp = new URLSearchParams();
  sp.set('source_url', searchSourceUrl(query));
  sp.set('data', JSON.stringify({ options, context: {} }));
  return `${PINTEREST}/resource/BaseSearchResource/get/?${sp.toString()}`;
}

// ---------------------------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------------------------

/** Pass-through of an optional object/array; absent → null. */
export const passthrough = (v: unknown): unknown => (v === undefined ? null : v);

/** `Qm9hcmQ6MzcyOTY4MDg4MDQyNzg2OA==` → `Board:3729680880427868` → `3729680880427868` (when it is of `kind`). */
export function idFromNodeId(nodeId: string | null, kind: 'pin' | 'board' | 'user'): string | null {
  if (!nodeId) return null;
  let decoded: string;
  try {
    decoded = Buffer.from(nodeId, 'base64').toString('utf8');
  } catch {
    return null;
  }
  const m = /^([A-Za-z]+):(\d+)$/.exec(decoded);
  return m && m[1].toLowerCase() === kind ? m[2] : null;
}

export function pinUrl(id: string): string {
  return `${PINTEREST}/pin/${id}/`;
}

export function imageOf(r: Reader): PinboardImage {
  return { width: r.num('width'), height: r.num('height'), url: r.str('url') };
}

/**
 * A user (pinner, creator, board owner or collaborator). Its parts vary by the resource that
 * sent it (README): absent ones are null, a value of another type is warned (`user.<field>`).
 */
export function userOf(u: Reader): PinboardUser {
  const o = u.opt;
  const nodeId = o.str('node_id');
  return {
    node_id: nodeId,
    id: o.idStr('id') ?? idFromNodeId(nodeId, 'user'),
    username: o.str('username'),
    full_name: o.str('full_name'),
    follower_count: o.num('follower_count'),
    image_small_url: o.str('image_small_url'),
    image_medium_url: o.str('image_medium_url'),
    image_large_url: o.str('image_large_url'),
    is_ads_only_profile: o.bool('is_ads_only_profile'),
    is_primary_website_verified: o.bool('is_primary_website_verified'),
    is_verified_merchant: o.bool('is_verified_merchant'),
    verified_identity: passthrough((u.root as Obj).verified_identity),
    ads_only_profile_site: o.str('ads_only_profile_site'),
  };
}

export function parseUser(v: unknown): PinboardUser | null {
  return isObj(v) ? userOf(reader(v, { platform: PLATFORM, record: 'user' })) : null;
}

/** A board: search results send a summary (node id, name, url), other resources the full board. */
export function boardOf(b: Reader): PinboardBoard {
  const o = b.opt;
  const nodeId = o.str('node_id');
  const owner = o.obj('owner');
  return {
    node_id: nodeId,
    id: o.idStr('id') ?? idFromNodeId(nodeId, 'board'),
    name: o.str('name'),
    url: o.str('url'),
    pin_count: o.num('pin_count'),
    section_count: o.num('section_count'),
    is_collaborative: o.bool('is_collaborative'),
    collaborator_count: o.num('collaborator_count'),
    // A collaborator without its id (or node id) is left out, warned.
    collaborating_users: o.arr('collaborating_users')
      ? o.items('collaborating_users', (u) => {
          const user = userOf(u);
          return user.id || user.node_id ? user : null;
        })
      : null,
    cover_images: passthrough((b.root as Obj).cover_images),
    images: passthrough((b.root as Obj).images),
    owner: owner ? userOf(b.over(owner, 'owner')) : null,
    type: o.str('type'),
    board_order_modified_at: o.str('board_order_modified_at'),
  };
}

export function parseBoard(v: unknown): PinboardBoard | null {
  return isObj(v) ? boardOf(reader(v, { platform: PLATFORM, record: 'board' })) : null;
}

/** One search result of type `pin` → the api.md pin. A pin without an id is a shape change. */
export function parsePin(v: Obj): PinboardPin {
  const nodeId = str(v.node_id);
  const id = idStr(v.id) ?? idFromNodeId(nodeId, 'pin');
  if (!id) throw shapeChanged(PLATFORM, 'pin id in resource_response.data.results[]');
  // Every search pin carries its node id, texts (empty or null when unset), creation time, images
  // and pinner (missing → warned); README lists what a pin may lack (absent: null, no warning).
  const r = reader(v, { platform: PLATFORM, record: 'pin' });
  const images = r.obj('images') ?? {};
  const orig = r.over(images, 'images').opt.obj('orig');
  const board = r.opt.obj('board');
  const pinner = r.obj('pinner');
  const creator = r.opt.obj('native_creator');
  return {
    node_id: r.str('node_id'),
    id,
    url: r.opt.str('url') ?? pinUrl(id),
    title: r.str('title'),
    description: r.str('description'),
    grid_title: r.opt.str('grid_title'),
    auto_alt_text: r.opt.str('auto_alt_text'),
    seo_alt_text: r.opt.str('seo_alt_text'),
    link: r.opt.str('link'),
    domain: r.opt.str('domain'),
    is_promoted: r.opt.bool('is_promoted'),
    created_at: r.str('created_at'),
    images: { orig: orig ? imageOf(r.over(orig, 'images.orig')) : null },
    board: board ? boardOf(r.over(board, 'board')) : null,
    pinner: pinner ? userOf(r.over(pinner, 'pinner')) : null,
    native_creator: creator ? userOf(r.over(creator, 'native_creator')) : null,
    videos: passthrough(v.videos),
    story_pin_data: passthrough(v.story_pin_data),
  };
}

export function trimPin(p: PinboardPin): TrimmedPin {
  return {
    id: p.id,
    url: p.url,
    title: p.title,
    grid_title: p.grid_title,
    description: p.description,
    link: p.link,
    domain: p.domain,
    is_promoted: p.is_promoted,
    created_at: p.created_at,
    images: { orig: p.images.orig },
    board: p.board && { id: p.board.id, name: p.board.name, url: p.board.url },
    pinner: p.pinner && { id: p.pinner.id, username: p.pinner.username, full_name: p.pinner.full_name },
  };
}

/** Items of `results[]` that are pins (a missing `type` is taken as a pin when it has an id). */
const isPinItem = (v: unknown): v is Obj => isObj(v) && (v.type === 'pin' || (v.type === undefined && v.id !== undefined));

/** The next page's cursor: Pinterest's bookmark, or null at the end (`-end-`, absent, empty). */
export function nextCursor(rr: Obj, resource: unknown): string | null {
  let b = str(rr.bookmark);
  if (b === null && isObj(resource) && isObj(resource.options) && Array.isArray(resource.options.bookmarks))
    b = str(resource.options.bookmarks[0]);
  return b && b !== END_BOOKMARK ? b : null;
}

/**
 * The error a `resource_response` with `status: "failure"` stands for, or null when `body` is
 * not such a failure.
 */
export function resourceFailure(body: unknown, cursor: string | null, what = 'the search'): ApiError | null {
  if (!isObj(body) || !isObj(body.resource_response)) return null;
  const rr = body.resource_response;
  if (rr.status !== 'failure' && !isObj(rr.error)) return null;
  const err = isObj(rr.error) ? rr.error : {};
  const status = num(rr.http_status) ?? num(err.http_status);
  const message = str(err.message) ?? str(rr.message) ?? 'no message';
  if (status === 400 && cursor)
    return invalidParam('cursor', `was not accepted by the upstream (${message}); pass the previous response's cursor unchanged`);
  return upstreamFailed(`${PLATFORM}: Pinterest answered ${what} with an error (${status ?? 'no status'}: ${message})`);
}

/**
 * A resource answer's `resource_response.data` as sent, or its typed error: a failure with
 * `http_status` 404 → NOT_FOUND (`notFoundMessage`), another failure → resourceFailure, a body
 * without `resource_response` → a changed shape. What `data` must be is the caller's to check.
 */
export function resourceData(body: unknown, what: string, notFoundMessage: string): unknown {
  if (isObj(body) && isObj(body.resource_response)) {
    const rr = body.resource_response;
    const status = num(rr.http_status) ?? (isObj(rr.error) ? num(rr.error.http_status) : null);
    if ((rr.status === 'failure' || isObj(rr.error)) && status === 404) throw notFound(notFoundMessage);
  }
  const failed = resourceFailure(body, null, what);
  if (failed) throw failed;
  if (!isObj(body) || !isObj(body.resource_response)) throw shapeChanged(PLATFORM, 'resource_response');
  return body.resource_response.data;
}

/**
 * The pins of a resource's list (`field` of `list`): one pin at a time degrades — an item that is
 * not an object, has neither type nor id, or is a pin without its id, is left out and warned
 * (`<record>.<field>`); items of other types (ads, stories) are not pins and are skipped. A list
 * left with no pin while some were broken is a changed shape, never an empty 200.
 */
export function parsePinList(items: unknown[], list: Reader, field: string): PinboardPin[] {
  const pins: PinboardPin[] = [];
  let firstBroken: ApiError | null = null;
  const broken = (i: number, why: string | ApiError) => {
    firstBroken ??= typeof why === 'string' ? shapeChanged(PLATFORM, `result ${i + 1} (${why})`) : why;
    list.warn(field, `result ${i + 1}: ${typeof why === 'string' ? why : why.message}`);
  };
  items.forEach((item, i) => {
    if (!isObj(item) || (item.type === undefined && item.id === undefined)) return broken(i, 'malformed');
    if (item.type !== undefined && typeof item.type !== 'string') return broken(i, 'type of another type');
    if (!isPinItem(item)) return;
    try {
      pins.push(parsePin(item));
    } catch (e) {
      if (!isApiError(e) || e.code !== 'UPSTREAM_FAILED') throw e;
      broken(i, e);
    }
  });
  if (pins.length === 0 && firstBroken) throw firstBroken;
  return pins;
}

/**
 * A BaseSearchResource answer → `{pins, cursor}`. `cursor` is the one the request was sent with
 * (it decides whether a 400 failure is the caller's cursor).
 */
export function parseSearchResponse(body: unknown, opts: { trim?: boolean; cursor?: string | null } = {}): PinboardSearchPage {
  const failed = resourceFailure(body, opts.cursor ?? null);
  if (failed) throw failed;
  if (!isObj(body) || !isObj(body.resource_response)) throw shapeChanged(PLATFORM, 'resource_response');
  const rr = body.resource_response;
  const data = rr.data;
  if (!isObj(data) || !Array.isArray(data.results)) throw shapeChanged(PLATFORM, 'resource_response.data.results');
  const pins = parsePinList(data.results, reader(data, { platform: PLATFORM, record: 'search' }), 'results');
  // The bookmark this page was asked with is the end, not a next page (Pinterest looping).
  return { pins: opts.trim ? pins.map(trimPin) : pins, cursor: nextToken(opts.cursor, nextCursor(rr, body.resource)) };
}
