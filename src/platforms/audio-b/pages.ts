/**
 * audio-b (Apple Music) — pure readers of music.apple.com pages. No I/O here.
 *
 * Pages matter twice:
 *  1. The developer token. The current (Svelte) web player page links its JS bundle with
 *     `<script type="module" crossorigin src="/assets/index-<hash>.js">`; the bundle holds the
 *     public web-player JWT (`eyJhbGc…`, `iss` AMPWebPlay, an `exp` claim). The old (Ember, until
 *     2022–23) page carried it inline in `<meta name="desktop-music-app/config/environment">`
 *     (URL-encoded JSON → `MEDIA_API.token`).
 *  2. A fallback for artist and album records when the catalog API cannot be used (no token
 *     found, or the token refused even after a refresh):
 *     - the old page's `<script type="fastboot/shoebox" id="shoebox-media-api-cache-amp-music">`:
 *       a JSON object whose values are JSON strings of cached API answers `{x: expiry, d: [resource]}`,
 *       i.e. the same resources the API returns (capture: web-legacy-2021-album-la-167-farruko.html);
 *     - schema.org data (`application/ld+json` `MusicAlbum` / `MusicGroup`), on old and current
 *       pages; current pages also carry it as `seoData.schemaContent` inside
 *       `<script type="application/json" id="serialized-server-data">` (whose tag has a line break
 *       between its attributes; capture: web-new-page-serialized-server-data.html).
 *
 * A block page (Apple's edge "Access Denied" is Akamai's generated page) is a vendor block of the
 * block catalogue (src/upstream/blocks/vendors.ts), answered UPSTREAM_BLOCKED by the upstream
 * client before any reader here sees it.
 */
import type { CheerioAPI } from 'cheerio';
import { decode } from 'html-entities';
import { isApiError, shapeChanged } from '../../errors.js';
import { assertSameResource, sameId } from '../identity.js';
import type { Album, Artist, ArtistAlbum, CatalogRef, Obj, Resource, SongItem, Track } from './parse.js';
import { albumOf, artistOf, formatReleaseInfo, PLATFORM, resourcesOf, totalDuration } from './parse.js';
import { isObj, loadHtml, nonEmpty, round } from '../../parse/index.js';
import { parseUpstreamJson } from '../../parse/json.js';

type Html = string | CheerioAPI;
const load = (h: Html): CheerioAPI => (typeof h === 'string' ? loadHtml(h, `${PLATFORM}: the page`) : h);

function parseJson(text: string): unknown {
  try {
    return parseUpstreamJson(text, PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Embedded data
// ---------------------------------------------------------------------------------------------

/**
 * The entries of `<script id="serialized-server-data">` (current pages): the bare array of 2025,
 * or the same array under a top-level `data` (pages of 2026, public evidence: other clients read
 * `JSON.parse(…).data[0].data`). Null when absent or unreadable.
 */
export function readSerializedServerData(html: Html): unknown[] | null {
  const $ = load(html);
  const text = $('script#serialized-server-data').first().text();
  const data = text ? parseJson(text) : undefined;
  if (Array.isArray(data)) return data;
  return isObj(data) && Array.isArray(data.data) ? data.data : null;
}

/** The old page's API cache: key → the parsed answer (`{x, d}`); null when the page has none. */
export function readShoebox(html: Html): Record<string, unknown> | null {
  const $ = load(html);
  const text = $('script#shoebox-media-api-cache-amp-music').first().text();
  const outer = text ? parseJson(text) : undefined;
  if (!isObj(outer)) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(outer)) {
    const inner = typeof v === 'string' ? parseJson(v) : v;
    if (inner !== undefined) out[k] = inner;
  }
  return out;
}

/**
 * The resource of `type` with `id` among the shoebox answers; null when the cache holds no resource
 * of that type. A cache holding resources of that type but none with `id` is about another
 * resource (the page of another album or artist): UPSTREAM_FAILED, never that resource as this one.
 */
export function findShoeboxResource(
  shoebox: Record<string, unknown>,
  type: string,
  id: string,
  what = `The ${type} page`,
): Resource | null {
  const ofType: Resource[] = [];
  for (const v of Object.values(shoebox)) {
    if (!isObj(v)) continue;
    for (const r of resourcesOf({ data: v.d })) if (r.type === type) ofType.push(r);
  }
  const match = ofType.find((r) => sameId(id, r.id));
  if (match) return match;
  if (ofType.length) assertSameResource(PLATFORM, what, { type, id }, { type, id: ofType[0].id });
  return null;
}

/** Every schema.org object on the page: ld+json scripts (arrays and `@graph` flattened) and `seoData.schemaContent`. */
export function readSchemaObjects(html: Html): Obj[] {
  const $ = load(html);
  const out: Obj[] = [];
  const add = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(add);
    else if (isObj(v)) {
      out.push(v);
      if (Array.isArray(v['@graph'])) v['@graph'].forEach(add);
    }
  };
  $('script[type="application/ld+json"]').each((_, el) => add(parseJson($(el).text())));
  for (const entry of readSerializedServerData($) ?? []) {
    if (isObj(entry) && isObj(entry.data) && isObj(entry.data.seoData)) add(entry.data.seoData.schemaContent);
  }
  return out;
}

function schemaOfType(objects: Obj[], type: string): Obj | null {
  return objects.find((o) => o['@type'] === type || (Array.isArray(o['@type']) && o['@type'].includes(type))) ?? null;
}

function canonicalUrl($: CheerioAPI): string | null {
  return nonEmpty($('link[rel="canonical"]').first().attr('href')) ?? nonEmpty($('meta[property="og:url"]').first().attr('content'));
}

// ---------------------------------------------------------------------------------------------
// Developer token
// ---------------------------------------------------------------------------------------------

/**
 * The web player's main bundle, absolute: `<script type="module" src="/assets/index-<hash>.js">`,
 * or `/assets/index~<hash>.js` (pages since, public evidence: other clients' token scrapers) or
 * `/assets/index.<hash>.js` (not the `index-legacy-…` / `index-legacy~…` nomodule build). Null
 * when the page links none.
 */
export function findBundleUrl(html: Html, pageUrl: string): string | null {
  const $ = load(html);
  const srcs = $('script[src]')
    .toArray()
    .map((el) => ({ src: $(el).attr('src') ?? '', module: $(el).attr('type') === 'module' }))
    .filter((s) => /\/assets\/index[-~.](?!legacy)[^/]*\.js(?:\?|$)/.test(s.src));
  const pick = srcs.find((s) => s.module) ?? srcs[0];
  if (!pick) return null;
  try {
    return new URL(pick.src, pageUrl).href;
  } catch {
    return null;
  }
}

/** The old page's inline token: `<meta name="desktop-music-app/config/environment">` → MEDIA_API.token. */
export function findPageToken(html: Html): string | null {
  const $ = load(html);
  const content = $('meta[name="desktop-music-app/config/environment"]').attr('content');
  if (!content) return null;
  let config: unknown;
  try {
    config = parseUpstreamJson(decodeURIComponent(content), PLATFORM);
  } catch {
    return null;
  }
  const token = isObj(config) && isObj(config.MEDIA_API) ? nonEmpty(config.MEDIA_API.token) : null;
  return token && jwtPayload(token) ? token : null;
}

const JWT_RE = /eyJhbGciOi[A-Za-z0-9_-]*\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

/** The first JWT in a JS bundle whose payload decodes (the web-player developer token). */
export function findDeveloperToken(js: string): string | null {
  for (const m of js.matchAll(JWT_RE)) if (jwtPayload(m[0])) return m[0];
  return null;
}

export function jwtPayload(jwt: string): Obj | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    const payload = parseUpstreamJson(Buffer.from(part, 'base64url').toString('utf8'), PLATFORM);
    return isObj(payload) ? payload : null;
  } catch {
    return null;
  }
}

/** Expiry in epoch ms from the JWT's `exp` claim (seconds), or null without one. */
export function jwtExpiry(jwt: string): number | null {
  const exp = jwtPayload(jwt)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

// ---------------------------------------------------------------------------------------------
// Page fallback: album and artist records
// ---------------------------------------------------------------------------------------------

/** `PT3M30S` → 210000; null when not an ISO 8601 duration. */
export function isoDurationMs(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(v.trim());
  if (!m || v.trim() === 'P' || v.trim() === 'PT') return null;
  const [, d, h, min, s] = m;
  return Math.round(((Number(d ?? 0) * 24 + Number(h ?? 0)) * 3600 + Number(min ?? 0) * 60 + Number(s ?? 0)) * 1000);
}

const text = (v: unknown): string | null => {
  const s = nonEmpty(v);
  return s ? decode(s).trim() || null : null;
};

function list(v: unknown): Obj[] {
  if (Array.isArray(v)) return v.filter(isObj);
  if (isObj(v) && Array.isArray(v.itemListElement)) return v.itemListElement.filter(isObj).map((e) => (isObj(e.item) ? e.item : e));
  return isObj(v) ? [v] : [];
}

/**
 * The catalog id in a music.apple.com link: a song is `…/album/NAME/ALBUM?i=SONG` or
 * `…/song/NAME/SONG`; anything else is the last path segment (`…/album/NAME/ALBUM`).
 */
function idFromUrl(url: string | null, kind: 'song' | 'album'): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    const segs = u.pathname.split('/').filter(Boolean);
    const last = /^(?:id)?(\d+)$/.exec(segs[segs.length - 1] ?? '')?.[1] ?? null;
    if (kind === 'song') return u.searchParams.get('i') ?? (segs.includes('song') ? last : null);
    return last;
  } catch {
    return null;
  }
}

/**
 * The page is the one asked for: the schema.org object's `url` and the page's canonical link, each
 * that is a link to an `album` (`artist`) page, must name `ref.id`, and at least one must. Another
 * id is another resource (UPSTREAM_FAILED); a page naming none cannot be told from another one's
 * (a changed shape, UPSTREAM_FAILED too) — the record's id is never stamped on it unchecked.
 */
function assertPageOf(kind: 'album' | 'artist', ld: Obj, pageUrl: string | null, ref: CatalogRef, what: string): void {
  let named = false;
  for (const url of [nonEmpty(ld.url), pageUrl]) {
    const id = pageIdOf(url, kind);
    if (id === null) continue;
    named = true;
    assertSameResource(PLATFORM, what, { type: `${kind}s`, id: ref.id }, { id });
  }
  if (!named) throw shapeChanged(PLATFORM, `the ${kind} id in the page's schema.org url or canonical link`);
}

/** The id of a music.apple.com `/<storefront>/<kind>/<name>/<id>` link (a song's `?i=` ignored), else null. */
function pageIdOf(url: string | null, kind: 'album' | 'artist'): string | null {
  if (!url) return null;
  try {
    const segs = new URL(url).pathname.split('/').filter(Boolean);
    const at = segs.indexOf(kind);
    return at >= 0 && at < segs.length - 1 ? (/^(?:id)?(\d+)$/.exec(segs[segs.length - 1] ?? '')?.[1] ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * A schema.org MusicAlbum → album record (no copyright on this path). The page must name the album
 * asked for (`assertPageOf`).
 */
export function albumFromSchema(ld: Obj, ref: CatalogRef, pageUrl: string | null = null, what = `Album ${ref.id}`): Album {
  const title = text(ld.name);
  if (!title) throw shapeChanged(PLATFORM, 'name of the schema.org MusicAlbum');
  assertPageOf('album', ld, pageUrl, ref, what);
  const artist = list(ld.byArtist)[0] ?? {};
  const nodes = list(ld.tracks ?? ld.track);
  // The old pages list each recording twice: `tracks` (name, duration) and `workExample` (also the url).
  const examples = list(ld.workExample);
  const tracks: Track[] = nodes.map((t, i) => {
    const title = text(t.name);
    const example = examples[i] && text(examples[i].name) === title ? examples[i] : null;
    const url = nonEmpty(t.url) ?? (example ? nonEmpty(example.url) : null);
    return {
      id: idFromUrl(url, 'song'),
      kind: 'song',
      title,
      duration_ms: isoDurationMs(t.duration ?? example?.duration),
      track_number: i + 1,
      album_id: ref.id,
    };
  });
  const trackCount = round(ld.numTracks) ?? (nodes.length ? tracks.length : null);
  return {
    id: ref.id,
    kind: 'album',
    title,
    artist_name: text(artist.name),
    artist_url: nonEmpty(artist.url),
    url: nonEmpty(ld.url) ?? pageUrl,
    track_count: trackCount,
    release_info: formatReleaseInfo({
      releaseDate: nonEmpty(ld.datePublished),
      trackCount,
      totalMs: totalDuration(tracks),
      copyright: null,
    }),
    tracks,
  };
}

function imageUrl(v: unknown): string | null {
  if (typeof v === 'string') return nonEmpty(v);
  const o = list(v)[0];
  return o ? (nonEmpty(o.url) ?? nonEmpty(o.contentUrl)) : null;
}

/**
 * A schema.org MusicGroup → artist record (the page's description is SEO text, not editorial
 * notes). The page must name the artist asked for (`assertPageOf`).
 */
export function artistFromSchema(ld: Obj, ref: CatalogRef, pageUrl: string | null = null, what = `Artist ${ref.id}`): Artist {
  const name = text(ld.name);
  if (!name) throw shapeChanged(PLATFORM, 'name of the schema.org MusicGroup');
  assertPageOf('artist', ld, pageUrl, ref, what);
  const image = imageUrl(ld.image);
  const topSongs: SongItem[] = [];
  for (const t of list(ld.tracks ?? ld.track)) {
    const url = nonEmpty(t.url);
    const id = idFromUrl(url, 'song');
    if (id) topSongs.push({ id, kind: 'song', title: text(t.name), artist_name: name, url, duration_ms: isoDurationMs(t.duration) });
  }
  const albums: ArtistAlbum[] = [];
  for (const al of list(ld.album)) {
    const url = nonEmpty(al.url);
    const id = idFromUrl(url, 'album');
    if (id) albums.push({ id, kind: 'album', title: text(al.name), subtitle: name, track_count: round(al.numTracks), url });
  }
  return {
    id: ref.id,
    kind: 'artist',
    name,
    url: nonEmpty(ld.url) ?? pageUrl,
    artwork: image ? { url: image, width: null, height: null } : null,
    editorial_notes: null,
    top_songs: topSongs,
    albums,
  };
}

/**
 * The album page → the album asked for (`ref`): the API cache's resource with that id, else the
 * schema.org MusicAlbum of a page naming that id. A page about another album is UPSTREAM_FAILED.
 */
export function parseAlbumPage(html: string, ref: CatalogRef, what = `Album ${ref.id}`): Album {
  const $ = loadHtml(html, `${PLATFORM}: the page of ${what}`);
  const shoebox = readShoebox($);
  const resource = shoebox ? findShoeboxResource(shoebox, 'albums', ref.id, what) : null;
  if (resource) return albumOf(resource);
  const ld = schemaOfType(readSchemaObjects($), 'MusicAlbum');
  if (ld) return albumFromSchema(ld, ref, canonicalUrl($), what);
  throw shapeChanged(PLATFORM, 'album data on the album page (API cache or schema.org MusicAlbum)');
}

/** The artist page → the artist asked for (`ref`), as `parseAlbumPage`. */
export function parseArtistPage(html: string, ref: CatalogRef, what = `Artist ${ref.id}`): Artist {
  const $ = loadHtml(html, `${PLATFORM}: the page of ${what}`);
  const shoebox = readShoebox($);
  const resource = shoebox ? findShoeboxResource(shoebox, 'artists', ref.id, what) : null;
  if (resource) return artistOf(resource);
  const ld = schemaOfType(readSchemaObjects($), 'MusicGroup');
  if (ld) return artistFromSchema(ld, ref, canonicalUrl($), what);
  throw shapeChanged(PLATFORM, 'artist data on the artist page (API cache or schema.org MusicGroup)');
}
