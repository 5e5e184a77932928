/**
 * One pin: `GET /v1/pinboard/pin` (`pinboardPin`: `url` or `id` → `{pin}`, Pinterest's detailed pin
 * in its own names). Pure parsers, then the request and the operation.
 *
 * `GET https://www.pinterest.com/resource/PinResource/get/?source_url=/pin/<id>/&data=
 * {"options":{"id":"<id>","field_set_key":"detailed"},"context":{}}` — the resource the pin page's
 * web client loads, anonymous like BaseSearchResource (SOURCES.md), in the same `resource_response`
 * envelope; its `data` is the pin. A pin nobody has (or a deleted one) answers a failure with
 * `http_status: 404` → NOT_FOUND. The answer's pin id (or its node id, base64 of `Pin:<id>`) must
 * be the asked one, else UPSTREAM_FAILED (src/platforms/identity.ts).
 *
 * Input: a pin page URL on any Pinterest host (`www.`, a country host like `de.pinterest.com` or
 * `pinterest.co.uk`; `/pin/<id>/`, or the `/pin/<title>--<id>/` form) or the numeric id. pin.it short
 * links are refused (400): resolving one is a redirect to follow to an unknown place, which this
 * folder does not do.
 */
import { shapeChanged } from '../../errors.js';
import type { Obj, Reader } from '../../parse/index.js';
import { idStr, isObj, reader, str } from '../../parse/index.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { getResource } from './fetch.js';
import type { ResourceRequest } from './fetch.js';
import { boardOf, idFromNodeId, imageOf, passthrough, pinUrl, resourceData, userOf } from './parse.js';
import * as schema from './schema.js';
import type { PinboardBoardDetail, PinboardImageSet, PinboardPinDetail, PinboardPinRecord } from './schema.js';

const PLATFORM = 'pinboard';

/**
 * Pin ids: numbers (most pin pages' URLs), or Pinterest's token ids — base64url text starting with
 * `A` (`AQE1L9Zmm…`, `AU…`, `AY5iFA…`): the pins Pinterest keeps no numeric URL for (promoted pins,
 * pinterest/widgets issue #90, 2018), which also come back in board feeds and search (pinterest-dl
 * issue #61, 2025) — and so in our own records' `url`.
 */
const TOKEN_ID = 'A[A-Za-z0-9_-]{15,99}';
const PIN_ID_RE = new RegExp(`^(?:\\d{1,25}|${TOKEN_ID})$`);
/** `/pin/<id>/`, `/pin/<title>--<id>/` (numeric ids) or `/pin/<token id>/`. */
const PIN_PATH_RE = new RegExp(`^/pin/(?:(?:[^/]*--)?(\\d{1,25})|(${TOKEN_ID}))/?$`);
/** Pinterest's own hosts: `pinterest.com`, `www.`/country sub-domains, country domains (`pinterest.co.uk`, `pinterest.com.au`, `pinterest.de`). */
export const PINTEREST_HOST_RE = /^(?:[a-z]{2,3}\.)?pinterest\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/i;

/** The URL `input` names (a scheme may be left out), or null. */
export function asUrl(input: string): URL | null {
  const s = input.trim();
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    return null;
  }
}

export type PinInput = { id: string } | { error: string };

/** `url` or `id` (exactly one, checked by the operation) → the pin id, or why it is none. */
export function pinIdOf(a: { url?: unknown; id?: unknown }): PinInput {
  if (typeof a.id === 'string') {
    const id = a.id.trim();
    return PIN_ID_RE.test(id) ? { id } : { error: 'must be a pin id: digits, e.g. 1125968647761564 (or the token id of a pin page URL)' };
  }
  const u = typeof a.url === 'string' ? asUrl(a.url) : null;
  if (u && /^pin\.it$/i.test(u.hostname))
    return { error: "is a pin.it short link, which is not resolved here: pass the pin page's pinterest.com URL or the pin id" };
  if (!u || !PINTEREST_HOST_RE.test(u.hostname)) return { error: 'must be a pin page on Pinterest: https://www.pinterest.com/pin/<id>/' };
  const m = PIN_PATH_RE.exec(u.pathname);
  return m ? { id: m[1] ?? m[2] } : { error: 'must be a pin page on Pinterest: https://www.pinterest.com/pin/<id>/' };
}

// ---------------------------------------------------------------------------------------------
// Parse
// ---------------------------------------------------------------------------------------------

/** A size-keyed image map: each entry an image; an entry that is not an object is left out (warned). */
function imageSetOf(r: Reader, images: Obj): PinboardImageSet {
  const out: PinboardImageSet = {};
  for (const [size, v] of Object.entries(images)) {
    if (isObj(v)) out[size] = imageOf(r.over(v, `images.${size}`));
    else r.warn('images', `${size} is not an image`);
  }
  return out;
}

/** A board as BoardResource or a detailed pin sends it (absent parts null, not warned; README). */
export function boardDetailOf(b: Reader): PinboardBoardDetail {
  const o = b.opt;
  return {
    ...boardOf(b),
    description: o.str('description'),
    privacy: o.str('privacy'),
    follower_count: o.num('follower_count'),
    created_at: o.str('created_at'),
    image_cover_url: o.str('image_cover_url'),
  };
}

/** Number-valued entries of an object (reaction type → count); others left out, warned. */
function countsOf(r: Reader, field: string): Record<string, number> | null {
  const m = r.opt.obj(field);
  if (!m) return null;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(m)) {
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
    else r.warn(field, `${k} is not a count`);
  }
  return out;
}

/**
 * A PinResource `data` (or any detailed pin object) → the pin record. The id (or node id)
 * identifies it (missing → UPSTREAM_FAILED); title, description, created_at, images and pinner
 * are on every pin (missing → null plus `pin.<field>`); README lists the rest (absent: null).
 */
export function parsePinDetail(v: unknown): PinboardPinDetail {
  if (!isObj(v)) throw shapeChanged(PLATFORM, 'resource_response.data (pin)');
  const id = idStr(v.id) ?? idFromNodeId(str(v.node_id), 'pin');
  if (!id) throw shapeChanged(PLATFORM, 'pin id in resource_response.data');
  const r = reader(v, { platform: PLATFORM, record: 'pin' });
  const images = r.obj('images');
  const board = r.opt.obj('board');
  const pinner = r.obj('pinner');
  const creator = r.opt.obj('native_creator');
  const agg = r.opt.obj('aggregated_pin_data');
  const stats = agg ? r.over(agg, 'aggregated_pin_data').opt.obj('aggregated_stats') : null;
  const s = stats ? r.over(stats, 'aggregated_pin_data.aggregated_stats').opt : null;
  return {
    node_id: r.opt.str('node_id'),
    id,
    url: pinUrl(id),
    title: r.str('title'),
    grid_title: r.opt.str('grid_title'),
    description: r.str('description'),
    closeup_unified_description: r.opt.str('closeup_unified_description'),
    auto_alt_text: r.opt.str('auto_alt_text'),
    link: r.opt.str('link'),
    domain: r.opt.str('domain'),
    created_at: r.str('created_at'),
    is_video: r.opt.bool('is_video'),
    is_promoted: r.opt.bool('is_promoted'),
    repin_count: r.opt.int('repin_count'),
    comment_count: r.opt.int('comment_count'),
    reaction_counts: countsOf(r, 'reaction_counts'),
    aggregated_pin_data: agg ? { aggregated_stats: s ? { saves: s.int('saves'), done: s.int('done') } : null } : null,
    images: images ? imageSetOf(r, images) : null,
    videos: passthrough(v.videos),
    story_pin_data: passthrough(v.story_pin_data),
    rich_summary: passthrough(v.rich_summary),
    pinner: pinner ? userOf(r.over(pinner, 'pinner')) : null,
    native_creator: creator ? userOf(r.over(creator, 'native_creator')) : null,
    board: board ? boardDetailOf(r.over(board, 'board')) : null,
  };
}

/** A PinResource answer → `{pin}`, checked to be pin `id` (404 → NOT_FOUND; another pin → UPSTREAM_FAILED). */
export function parsePinResponse(body: unknown, id: string): PinboardPinRecord {
  const pin = parsePinDetail(resourceData(body, `pin ${id}`, `pinboard pin ${id} was not found`));
  assertSameResource(PLATFORM, `pin ${id}`, { id }, { id: pin.id });
  return { pin };
}

// ---------------------------------------------------------------------------------------------
// Fetch and operation
// ---------------------------------------------------------------------------------------------

export function pinResourceRequest(id: string): ResourceRequest {
  return {
    name: 'PinResource',
    sourceUrl: `/pin/${id}/`,
    options: { id, field_set_key: 'detailed' },
    handler: 'www/pin/[id].js',
    what: `Pin ${id}`,
    notFoundMessage: `pinboard pin ${id} was not found`,
  };
}

export async function fetchPin(ctx: OpContext, id: string): Promise<PinboardPinRecord> {
  const body = await getResource(ctx, pinResourceRequest(id));
  return parsed(ctx, () => parsePinResponse(body, id));
}

export const pin: OperationDef<{ id: string }, PinboardPinRecord> = {
  field: 'pinboardPin',
  platform: PLATFORM,
  summary: 'One public pin: texts, link, counts, images, pinner and board',
  rest: { path: '/v1/pinboard/pin' },
  record: schema.PinboardPinRecord,
  params: [
    {
      name: 'url',
      kind: 'string',
      maxLength: 2048,
      description: 'The pin page, e.g. https://www.pinterest.com/pin/1125968647761564/ (country hosts too; not pin.it links). Or give id.',
    },
    { name: 'id', kind: 'string', maxLength: 128, description: 'The pin id, e.g. 1125968647761564. Or give url.' },
  ],
  cacheable: true,
  check(args, problem) {
    const hasUrl = typeof args.url === 'string' && args.url.trim() !== '';
    const hasId = typeof args.id === 'string' && args.id.trim() !== '';
    if (hasUrl === hasId) return problem(hasUrl ? 'id' : 'url', 'give exactly one of url and id');
    const got = pinIdOf(hasUrl ? { url: args.url } : { id: args.id });
    if ('error' in got) problem(hasUrl ? 'url' : 'id', got.error);
  },
  // Every spelling of one pin (its URLs on any host, its id) shares one entry.
  normalize: (a) => ({
    id: (pinIdOf(typeof a.url === 'string' && a.url.trim() ? { url: a.url } : { id: a.id }) as { id: string }).id,
  }),
  key: (a) => a.id,
  cost: { max: 1 },
  example: { url: 'https://www.pinterest.com/pin/900123456700000001/' },
  run: (ctx, a) => fetchPin(ctx, a.id),
};
