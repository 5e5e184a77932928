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
import { ApiError, notFound, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { bool, int, isObj, nonEmpty, num, reader, str } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import type { MoodboardMedia, MoodboardPrice, MoodboardItem, MoodboardPost, MoodboardSearchPage } from './schema.js';
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

/** Search captions mark the matched words `<n>…</n>`; the marks are not part of the caption. */
function caption(v: unknown): string | null {
  const text = isObj(v) ? str(v.text) : null;
  return text === null ? null : text.replace(/<\/?n>/g, '');
}

function media(v: unknown): MoodboardMedia | null {
  if (!isObj(v)) return null;
  const video = isObj(v.video) ? v.video : null; // AnimatedImage
  const mux = isObj(v.mux) ? v.mux : null; // Video
  const thumb = isObj(v.thumbnail) ? v.thumbnail : null; // Video
  const mediaId = typeof v.mediaId === 'number' ? String(v.mediaId) : str(v.mediaId);
  return {
    id: mediaId,
    type: str(v.__typename),
    url: str(v.url),
    width: int(v.width),
    height: int(v.height),
    ai_generated: bool(v.aiGenerated),
    duration: num(v.duration),
    thumbnail_url: str(thumb?.url) ?? str(video?.thumbnailUrl),
    video_url: str(video?.url) ?? str(mux?.mp4Url),
    playback_url: str(mux?.playbackUrl),
  };
}

function price(v: unknown): MoodboardPrice | null {
  if (!isObj(v)) return null;
  const value = typeof v.value === 'string' && /^\d+(\.\d+)?$/.test(v.value) ? Number(v.value) : num(v.value);
  return { value, currency: str(v.currency) };
}

/**
 * One element (ElementTile) → the api.md item. Only the id is mandatory: without it the element
 * cannot be named, so the upstream changed shape.
 */
export function parseElement(el: unknown): MoodboardItem {
  if (!isObj(el)) throw shapeChanged(PLATFORM, 'element object');
  const elementId = id(el.id);
  if (elementId === null) throw shapeChanged(PLATFORM, 'element id');

  // A gallery lists every image in multipleMedia (the first is `media` too); otherwise `media`.
  const many = Array.isArray(el.multipleMedia) ? el.multipleMedia.map(media).filter((m): m is MoodboardMedia => m !== null) : [];
  const one = media(el.media);
  const allMedia = many.length > 0 ? many : one ? [one] : [];

  const ownerName = isObj(el.owner) ? str(el.owner.username) : null;
  const ownerId = id(el.ownerId);
  const source = isObj(el.source) ? el.source : null;
  const author = source && isObj(source.author) ? source.author : null;

  // Every element carries its share URL, creation time and owner; the rest depends on its kind.
  const r = reader(el, { platform: PLATFORM, record: 'element' });
  return {
    id: elementId,
    url: r.nonEmpty('shareUrl') ?? `${COSMOS}/e/${elementId}`,
    created_at: r.str('createdAt'),
    caption: caption(el.generatedCaption),
    text: str(el.text),
    title: str(el.websiteTitle) ?? str(el.productTitle),
    description: str(el.websiteDescription) ?? str(el.productDescription),
    owner: ownerId === null && ownerName === null ? null : { id: ownerId, username: ownerName },
    source_url: nonEmpty(source?.url),
    source_author: author
      ? {
          username: str(author.username),
          full_name: str(author.fullName),
          profile_url: str(author.profileUrl),
          avatar_url: str(author.avatarUrl),
        }
      : null,
    media: allMedia,
    price: price(el.productPrice),
    brand: str(el.productBrand),
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
 * unchanged; `result_count` is the number of items on this page.
 */
export function parseSearch(json: unknown): MoodboardSearchPage {
  const result = graphqlData(json, 'searchElements', {});
  if (!Array.isArray(result.items)) throw shapeChanged(PLATFORM, 'searchElements.items');
  const meta = isObj(result.meta) ? result.meta : null;
  if (!meta) throw shapeChanged(PLATFORM, 'searchElements.meta');
  // One element of a kind we cannot name (no id) is skipped; a page of only such is a shape change.
  const items: MoodboardItem[] = [];
  for (const el of result.items) {
    try {
      items.push(parseElement(el));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  }
  if (result.items.length > 0 && items.length === 0) throw shapeChanged(PLATFORM, 'element ids in searchElements.items');
  const cursor = nonEmpty(meta.nextPageCursor);
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
