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
import { ApiError, invalidParam, shapeChanged, upstreamFailed } from '../../errors.js';
import { bool, idStr, isObj, num, reader, str } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import type { PinboardImage, PinboardUser, PinboardBoard, PinboardPin, TrimmedPin, PinboardSearchPage } from './schema.js';
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
const passthrough = (v: unknown): unknown => (v === undefined ? null : v);

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

function parseImage(v: unknown): PinboardImage | null {
  if (!isObj(v)) return null;
  return { width: num(v.width), height: num(v.height), url: str(v.url) };
}

export function parseUser(v: unknown): PinboardUser | null {
  if (!isObj(v)) return null;
  const nodeId = str(v.node_id);
  return {
    node_id: nodeId,
    id: idStr(v.id) ?? idFromNodeId(nodeId, 'user'),
    username: str(v.username),
    full_name: str(v.full_name),
    follower_count: num(v.follower_count),
    image_small_url: str(v.image_small_url),
    image_medium_url: str(v.image_medium_url),
    image_large_url: str(v.image_large_url),
    is_ads_only_profile: bool(v.is_ads_only_profile),
    is_primary_website_verified: bool(v.is_primary_website_verified),
    is_verified_merchant: bool(v.is_verified_merchant),
    verified_identity: passthrough(v.verified_identity),
    ads_only_profile_site: str(v.ads_only_profile_site),
  };
}

export function parseBoard(v: unknown): PinboardBoard | null {
  if (!isObj(v)) return null;
  const nodeId = str(v.node_id);
  return {
    node_id: nodeId,
    id: idStr(v.id) ?? idFromNodeId(nodeId, 'board'),
    name: str(v.name),
    url: str(v.url),
    pin_count: num(v.pin_count),
    section_count: num(v.section_count),
    is_collaborative: bool(v.is_collaborative),
    collaborator_count: num(v.collaborator_count),
    collaborating_users: Array.isArray(v.collaborating_users)
      ? v.collaborating_users.map(parseUser).filter((u): u is PinboardUser => u !== null)
      : null,
    cover_images: passthrough(v.cover_images),
    images: passthrough(v.images),
    owner: parseUser(v.owner),
    type: str(v.type),
    board_order_modified_at: str(v.board_order_modified_at),
  };
}

/** One search result of type `pin` → the api.md pin. A pin without an id is a shape change. */
export function parsePin(v: Obj): PinboardPin {
  const nodeId = str(v.node_id);
  const id = idStr(v.id) ?? idFromNodeId(nodeId, 'pin');
  if (!id) throw shapeChanged(PLATFORM, 'pin id in resource_response.data.results[]');
  // Every search pin carries its texts (empty or null when unset), creation time, images and pinner.
  const r = reader(v, { platform: PLATFORM, record: 'pin' });
  const images = r.obj('images') ?? {};
  return {
    node_id: nodeId,
    id,
    url: str(v.url) ?? pinUrl(id),
    title: r.str('title'),
    description: r.str('description'),
    grid_title: str(v.grid_title),
    auto_alt_text: str(v.auto_alt_text),
    seo_alt_text: str(v.seo_alt_text),
    link: str(v.link),
    domain: str(v.domain),
    is_promoted: bool(v.is_promoted),
    created_at: r.str('created_at'),
    images: { orig: parseImage(images.orig) },
    board: parseBoard(v.board),
    pinner: parseUser(r.obj('pinner')),
    native_creator: parseUser(v.native_creator),
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
export function resourceFailure(body: unknown, cursor: string | null): ApiError | null {
  if (!isObj(body) || !isObj(body.resource_response)) return null;
  const rr = body.resource_response;
  if (rr.status !== 'failure' && !isObj(rr.error)) return null;
  const err = isObj(rr.error) ? rr.error : {};
  const status = num(rr.http_status) ?? num(err.http_status);
  const message = str(err.message) ?? str(rr.message) ?? 'no message';
  if (status === 400 && cursor)
    return invalidParam('cursor', `was not accepted by the upstream (${message}); pass the previous response's cursor unchanged`);
  return upstreamFailed(`${PLATFORM}: Pinterest answered the search with an error (${status ?? 'no status'}: ${message})`);
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
  const pins = data.results.filter(isPinItem).map(parsePin);
  return { pins: opts.trim ? pins.map(trimPin) : pins, cursor: nextCursor(rr, body.resource) };
}
