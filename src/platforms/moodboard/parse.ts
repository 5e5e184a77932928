/**
 * Pure parsers for moodboard (Cosmos, cosmos.so): no I/O here, only upstream bodies in, api.md
 * records out ("Moodboard records" in shared/spec/api.md).
 *
 * Cosmos has no documented API; its web client talks to a public GraphQL endpoint,
 * `https://api.cosmos.so/graphql?q=<OperationName>` (platforms.md). A post is an *element*: an
 * `ElementTile` whose concrete type says what it holds —
 *   `MediaElementTile`   media (+ `multipleMedia` for galleries),
 *   `ProductElementTile` media, price, brand, name, description,
 *   `WebsiteElementTile` media, title, description,
 *   `TextElementTile`    text —
 * and every element has `id`, `createdAt`, `ownerId`, `owner { username }`, `shareUrl`,
 * `generatedCaption { text }` and `source { url, author { username fullName profileUrl avatarUrl } }`.
 * A media node is `StaticImage`, `AnimatedImage` (with a `video { url thumbnailUrl }`) or `Video`
 * (with `duration`, `thumbnail { url }`, `mux { playbackUrl mp4Url }`). The documents in fetch.ts
 * alias the type-specific fields (`productTitle: name`, `websiteTitle: title`…) so one parser
 * reads them all. There is no capture: this shape is what public clients of the endpoint
 * (gallery-dl's cosmos extractor, published query documents) select.
 *
 * GraphQL answers errors in the body (often with HTTP 200): `graphqlData` sorts them into
 * NOT_FOUND, UPSTREAM_BLOCKED and UPSTREAM_FAILED. A Cloudflare challenge is UPSTREAM_BLOCKED.
 */
import { notFound, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { at, int, isObj, num, reader, str } from '../../parse/index.js';
import type { Getters, Obj, Reader } from '../../parse/index.js';
import type { MoodboardMedia, MoodboardPrice, MoodboardItem, MoodboardPost, MoodboardSearchPage } from './schema.js';
import { nextToken } from '../cursor.js';
export type {
  MoodboardMedia,
  MoodboardOwner,
  MoodboardSourceAuthor,
  MoodboardPrice,
  MoodboardItem,
  MoodboardPost,
  MoodboardSearchPage,
} from './schema.js';

const PLATFORM = 'moodboard';
export const COSMOS = 'https://www.cosmos.so';

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

/** api.md Errors #2: `cursor=null` (the literal text) is this page, fetched from nowhere. */
export const TERMINAL_PAGE: Readonly<MoodboardSearchPage> = Object.freeze({ items: [], cursor: null, has_more: false, result_count: 0 });

/** Element and user ids are numbers; a numeric string is accepted (a custom scalar may send one). */
function id(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? v : null;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  return null;
}

/**
 * The getters for members of optional objects: required when one of `objects` is there (a GraphQL
 * object always holds every field our document selects, null when it has no value), optional when
 * none is.
 */
function within(r: Reader, ...objects: string[]): Getters {
  return objects.some((k) => isObj(at(r.root, [k]))) ? r : r.opt;
}

/** Search captions mark the matched words `<n>…</n>`; the marks are not part of the caption. */
function caption(r: Reader): string | null {
  const text = within(r, 'generatedCaption').str('generatedCaption', ['generatedCaption', 'text']);
  return text === null ? null : text.replace(/<\/?n>/g, '');
}

/**
 * One media entry. Every medium carries its id, type, url and size (warned when missing); the
 * video parts (`video` of an AnimatedImage, `mux` and `thumbnail` of a Video) only some; a part
 * that is there without a member our document selects is warned.
 */
function media(m: Reader): MoodboardMedia | null {
  const o = m.opt;
  return {
    id: m.get('mediaId', (v) => (typeof v === 'number' ? String(v) : str(v))),
    type: m.str('__typename'),
    url: m.str('url'),
    width: m.int('width'),
    height: m.int('height'),
    ai_generated: o.bool('aiGenerated'),
    duration: o.num('duration'),
    thumbnail_url: within(m, 'thumbnail', 'video').str('thumbnail', ['thumbnail', 'url'], ['video', 'thumbnailUrl']),
    video_url: within(m, 'video', 'mux').str('video', ['video', 'url'], ['mux', 'mp4Url']),
    playback_url: within(m, 'mux').str('playback', ['mux', 'playbackUrl']),
  };
}

function price(r: Reader): MoodboardPrice | null {
  const v = r.opt.obj('productPrice');
  if (!v) return null;
  const p = r.over(v, 'productPrice');
  const value = p.get('value', (x) => (typeof x === 'string' && /^\d+(\.\d+)?$/.test(x) ? Number(x) : num(x)));
  return { value, currency: p.str('currency') };
}

/**
 * One element (ElementTile) → the api.md item. Only the id is mandatory: without it the element
 * cannot be named, so the upstream changed shape. Every element carries its share URL, creation
 * time and owner (warned when missing); the rest depends on its kind (absent: null, no warning;
 * another type: warned).
 */
export function parseElement(el: unknown): MoodboardItem {
  if (!isObj(el)) throw shapeChanged(PLATFORM, 'element object');
  const elementId = id(el.id);
  if (elementId === null) throw shapeChanged(PLATFORM, 'element id');
  const r = reader(el, { platform: PLATFORM, record: 'element' });
  const o = r.opt;

  // A gallery lists every image in multipleMedia (the first is `media` too); otherwise `media`.
  // A medium of another shape is left out, warned.
  const many = o.items('multipleMedia', media);
  const one = o.obj('media');
  const allMedia = many.length > 0 ? many : one ? [media(r.over(one, 'media'))].filter((m): m is MoodboardMedia => m !== null) : [];

  const ownerName = r.str('owner', ['owner', 'username']);
  const ownerId = r.get('ownerId', id);
  const source = o.obj('source');
  const s = r.over(source ?? {}, 'source').opt;
  const author = s.obj('author');
  // An author that is there holds every member selected (fetch.ts), null when unset.
  const a = r.over(author ?? {}, 'source.author');
  return {
    id: elementId,
    url: r.nonEmpty('shareUrl') ?? `${COSMOS}/e/${elementId}`,
    created_at: r.str('createdAt'),
    caption: caption(r),
    text: o.str('text'),
    title: o.str('title', 'websiteTitle', 'productTitle'),
    description: o.str('description', 'websiteDescription', 'productDescription'),
    owner: ownerId === null && ownerName === null ? null : { id: ownerId, username: ownerName },
    source_url: s.nonEmpty('url'),
    source_author: author
      ? { username: a.str('username'), full_name: a.str('fullName'), profile_url: a.str('profileUrl'), avatar_url: a.str('avatarUrl') }
      : null,
    media: allMedia,
    price: price(r),
    brand: o.str('productBrand'),
  };
}

// ---------------------------------------------------------------------------------------------
// GraphQL responses
// ---------------------------------------------------------------------------------------------

interface GraphqlError {
  message: string;
  code: string | null;
}

function errorsOf(json: Obj): GraphqlError[] {
  if (!Array.isArray(json.errors)) return [];
  return json.errors.filter(isObj).map((e) => ({
    message: str(e.message) ?? '(no message)',
    code: isObj(e.extensions) ? str(e.extensions.code) : null,
  }));
}

const NOT_FOUND_CODES = new Set(['NOT_FOUND', 'ELEMENT_NOT_FOUND']);
const AUTH_CODES = new Set(['FORBIDDEN', 'UNAUTHENTICATED', 'AUTHENTICATION', 'UNAUTHORIZED']);
const RATE_CODES = new Set(['RATE_LIMITED', 'TOO_MANY_REQUESTS', 'THROTTLED']);

/**
 * `data[root]` of a GraphQL answer, or the error it stands for. Errors beside a present root
 * field (a partial answer) are ignored: the record degrades field by field, as GraphQL intends.
 *
 * @param missing what a missing root means to the caller: NOT_FOUND for a single element (and
 *   auth errors there mean "not public"), a shape change for a search.
 */
export function graphqlData(json: unknown, root: string, missing: { notFound?: string }): Obj {
  if (!isObj(json)) throw shapeChanged(PLATFORM, 'GraphQL response object');
  const data = isObj(json.data) ? json.data : null;
  const value = data?.[root];
  if (isObj(value)) return value;

  const errors = errorsOf(json);
  const codes = new Set(errors.map((e) => (e.code ?? '').toUpperCase()));
  const messages = errors.map((e) => e.message).join('; ');
  if (errors.some((e) => RATE_CODES.has((e.code ?? '').toUpperCase())))
    throw upstreamBlocked(`${PLATFORM}: upstream rate limit reached (${messages})`);
  if (missing.notFound) {
    // The message is a last resort beside the codes: a server without an extensions code says
    // only this (GraphQL error messages are the server's, in English, not the visitor's).
    if ([...codes].some((c) => NOT_FOUND_CODES.has(c)) || /not found|does not exist/i.test(messages)) throw notFound(missing.notFound);
    if ([...codes].some((c) => AUTH_CODES.has(c))) throw notFound(`${missing.notFound} (or is not public)`);
  } else if ([...codes].some((c) => AUTH_CODES.has(c))) {
    throw upstreamBlocked(`${PLATFORM}: upstream now requires a login for this query (${messages})`);
  }
  // Validation errors name a field or type the upstream no longer has: its schema changed.
  if (errors.length > 0) throw upstreamFailed(`${PLATFORM}: upstream rejected the query: ${messages}`);
  if (data && root in data && value === null && missing.notFound) throw notFound(missing.notFound);
  throw shapeChanged(PLATFORM, `data.${root}`);
}

/** GetElementDetails → the post record (with `save_count` from elementTopConnections). */
export function parsePost(json: unknown, elementId: string): MoodboardPost {
  const what = `Moodboard post ${elementId}`;
  const view = graphqlData(json, 'elementView', { notFound: `${what} was not found` });
  if (view.element === null) throw notFound(`${what} was not found`);
  if (!isObj(view.element)) throw shapeChanged(PLATFORM, 'elementView.element');
  const item = parseElement(view.element);
  const top = isObj(json) && isObj(json.data) && isObj(json.data.elementTopConnections) ? json.data.elementTopConnections : null;
  const saveCount = top && isObj(top.meta) ? int(top.meta.count) : null;
  return { ...item, save_count: saveCount };
}

/**
 * SearchGlobalElements → a search page. `cursor` is Cosmos's `meta.nextPageCursor`, passed back
 * unchanged (null at the end, and when it is `asked`, the cursor this page was asked with: Cosmos
 * looping); `result_count` is the number of items on this page.
 */
export function parseSearch(json: unknown, asked: string | null = null): MoodboardSearchPage {
  const result = graphqlData(json, 'searchElements', {});
  if (!Array.isArray(result.items)) throw shapeChanged(PLATFORM, 'searchElements.items');
  // Without `meta` the page has no cursor: its items stand, the paging ends (warned); an empty
  // page without it is nothing at all (a changed shape, never an empty 200).
  const list = reader(result, { platform: PLATFORM, record: 'search' });
  if (!isObj(result.meta) && result.items.length === 0) throw shapeChanged(PLATFORM, 'searchElements.meta');
  const meta = list.obj('meta') ?? {};
  // One element we cannot name (no id) is left out, warned; a page of only such is a shape change.
  const items = list.items('items', (el) => parseElement(el.root));
  if (result.items.length > 0 && items.length === 0) throw shapeChanged(PLATFORM, 'element ids in searchElements.items');
  const cursor = nextToken(asked, list.over(meta, 'meta').nonEmpty('nextPageCursor'));
  return { items, cursor, has_more: cursor !== null, result_count: items.length };
}

// ---------------------------------------------------------------------------------------------
// URLs
// ---------------------------------------------------------------------------------------------

/** `https://www.cosmos.so/e/<id>` (also cosmos.so, http, a trailing slash, a query) → the id, else null. */
export function parsePostUrl(input: string): string | null {
  const m = /^https?:\/\/(?:www\.)?cosmos\.so\/e\/(\d{1,15})\/?(?:[?#].*)?$/i.exec(input.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n > 0 ? String(n) : null;
}
