/**
 * linkpage-d = Pillar. Pure parsing of a public page (`https://pillar.io/<username>`) into
 * api.md's "linkpage-d page" record; no I/O.
 *
 * No capture of a Pillar page exists (../shared/fixtures has none). What is publicly known:
 * Pillar's front end is a Vue app (its bundles are Vue CLI `chunk-vendors` files with
 * `VUE_APP_*` settings), and platforms.md says the page HTML carries a server-rendered data
 * blob. A server-rendered Vue page hands its store to the browser as
 * `<script>window.__INITIAL_STATE__={…}</script>`; a Next.js page would use
 * `<script id="__NEXT_DATA__">`. Both containers are read. Inside, the creator's profile is the
 * object that carries an `id` and the profile's own fields (`first_name`, `last_name`,
 * `email_primary`) — wherever the store nests it — with `links[]` (`{id, type, title, url,
 * clicks, order}`), `products[]` and one snake_case field per social platform (`instagram`,
 * `tiktok`, `apple_app_store`, …, `""` when unset), the names the peer's output passes through.
 *
 * Steps: challenge page? → data blob (or a not-found page) → profile object (required, with its
 * id; its `alias`, when it states one, the username asked for, else UPSTREAM_FAILED) → fields,
 * each with a fallback → one URL field per linked platform (shared classifier over the profile's
 * URL fields, then its links) → e-mail addresses (shared extractor).
 */
import * as cheerio from 'cheerio';
import { idStr, intish, isObj, reader, str, trimmed } from '../../parse/index.js';
import type { Obj } from '../../parse/index.js';
import { notFound, shapeChanged, upstreamBlocked } from '../../errors.js';
import { isVendorChallenge } from '../../upstream/blocks/catalogue.js';
import { platformUrlFields } from '../../links/classify.js';
import { extractEmails } from '../../links/emails.js';
import { declaresNotFound } from '../error-page.js';
import { assertSameResource } from '../identity.js';
import type { LinkpageDLink, LinkpageDProduct, LinkpageDPage } from './schema.js';
import { LISTED_PLATFORMS } from './schema.js';
export type { LinkpageDLink, LinkpageDProduct, LinkpageDPage } from './schema.js';

const PLATFORM = 'linkpage-d';

/** Keys of the record that are not platform URL fields. */
export const FIXED_KEYS: ReadonlySet<string> = new Set([
  'id',
  'first_name',
  'last_name',
  'email_primary',
  'email',
  'location',
  'links',
  'products',
]);

const isHttpUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/\S/i.test(v.trim());
/** Ids are uuids (strings, trimmed); a numeric id is kept as its decimal string. */
const idOf = (v: unknown): string | null => trimmed(v) ?? idStr(v);

/** Prices arrive as numbers or decimal strings (`"24.99"`, `"$24.99"`). */
function price(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') {
    const m = /^\s*[$€£]?\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v);
    return m ? Number(m[1]) : null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The data blob
// ---------------------------------------------------------------------------------------------

const STATE_ASSIGNMENT_RE = /^\s*window\.__INITIAL_STATE__\s*=\s*/;

/**
 * The page's server-rendered data: `window.__INITIAL_STATE__ = {…}` (Vue server rendering) or
 * `<script id="__NEXT_DATA__">`. Null when the page has neither.
 */
export function extractPageData(html: string): unknown {
  const $ = cheerio.load(html);
  const next = $('script#__NEXT_DATA__').first();
  if (next.length) return parseJson(next.text(), '<script id="__NEXT_DATA__">');
  for (const el of $('script:not([src])').toArray()) {
    const text = $(el).text();
    if (!STATE_ASSIGNMENT_RE.test(text)) continue;
    // The state is one JSON object, optionally followed by `;` and more statements
    // (`(function(){…}())` removing the script): read up to its closing brace.
    const body = text.replace(STATE_ASSIGNMENT_RE, '');
    return parseJson(body.slice(0, jsonObjectEnd(body)), 'window.__INITIAL_STATE__');
  }
  return null;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw shapeChanged(PLATFORM, `parseable JSON in ${where}`);
  }
}

/** Index just past the JSON object that `s` starts with (strings and escapes respected), or s.length. */
function jsonObjectEnd(s: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return s.length;
}

const PROFILE_MARKERS = ['first_name', 'last_name', 'email_primary'];

/**
 * The creator's profile inside the blob: the first object (breadth-first, so the shallowest)
 * with an id and one of the profile's own fields. Bounded, so a huge store cannot stall us.
 */
function findProfile(data: unknown): Obj | null {
  const queue: unknown[] = [data];
  for (let seen = 0; queue.length && seen < 20_000; seen++) {
    const node = queue.shift();
    if (Array.isArray(node)) {
      queue.push(...node);
    } else if (isObj(node)) {
      if (idOf(node.id) && PROFILE_MARKERS.some((k) => k in node)) return node;
      queue.push(...Object.values(node));
    }
  }
  return null;
}

/** A store that says the page does not exist: Next.js's 404 page, `notFound`, a 404 status. */
function saysNotFound(data: unknown): boolean {
  if (!isObj(data)) return false;
  if (data.page === '/404') return true;
  const shallow: Obj[] = [data];
  for (const v of Object.values(data)) if (isObj(v)) shallow.push(v, ...Object.values(v).filter(isObj));
  return shallow.some((o) => o.notFound === true || o.statusCode === 404 || o.status === 404);
}

// ---------------------------------------------------------------------------------------------
// Record
// ---------------------------------------------------------------------------------------------

const pageName = (username: string) => `Link page pillar.io/${username || '?'}`;

/** A whole pillar.io page (HTML) → the record. */
export function parsePillarPage(html: string, username: string): LinkpageDPage {
  if (isVendorChallenge(html)) throw upstreamBlocked(`${PLATFORM}: upstream answered with a bot-challenge page`);
  const data = extractPageData(html);
  if (data === null) {
    // A 404 page by its markup (the status number as its title or heading), never by its
    // sentences, which are translated (error-page.ts).
    if (declaresNotFound(html)) throw notFound(`${pageName(username)} was not found`);
    throw shapeChanged(PLATFORM, 'server-rendered page data (window.__INITIAL_STATE__ or __NEXT_DATA__)');
  }
  return parsePillarData(data, username);
}

/** The page's data blob → the record. */
export function parsePillarData(data: unknown, username = ''): LinkpageDPage {
  const profile = findProfile(data);
  if (!profile) {
    if (saysNotFound(data)) throw notFound(`${pageName(username)} was not found`);
    throw shapeChanged(PLATFORM, 'creator profile (id, first_name, last_name, email_primary) in the page data');
  }
  const id = idOf(profile.id)!;
  // The profile's own handle (`alias`), when it states one, is the username asked for: another
  // creator's page (a redirect, a renamed page) is UPSTREAM_FAILED, never this one's record.
  if (username) assertSameResource(PLATFORM, pageName(username), { handle: username }, { handle: str(profile.alias) });

  // Pillar's profile object carries the creator's names and link list on every page (empty when
  // unset): missing ones are warned. Location and products are the creator's choice.
  const r = reader(profile, { platform: PLATFORM, record: 'profile' });
  // A link or product of another shape is left out (warned); a link's id and clicks are on every
  // link (warned when missing), its texts '' when unset (api.md). README: a product card may not
  // show its price, url, image or description (absent: null, no warning).
  const links: LinkpageDLink[] = r.items('links', (l) => {
    const v = l.root as Obj;
    return {
      id: l.get('id', idOf),
      type: str(v.type) ?? '',
      title: str(v.title) ?? '',
      url: str(v.url) ?? '',
      clicks: l.get('clicks', intish),
      order: l.opt.get('order', intish),
    };
  });

  const products: LinkpageDProduct[] = r.opt.items('products', (p) => ({
    id: p.get('id', idOf),
    title: p.str('title', 'title', 'name'),
    price: p.opt.get('price', price),
    url: p.opt.trimmed('url'),
    name: p.str('name', 'name', 'title'),
    description: p.opt.str('description'),
    image: p.opt.trimmed('image'),
  }));

  // The profile's own URL fields (its social icons: `instagram`, `apple_app_store`…, and any
  // `socials` list), then its links. The classifier decides the platform by host, never by key.
  const platformFields = platformUrlFields([...profileUrls(profile), ...links.map((l) => l.url)]);
  const platforms: Record<string, string> = Object.fromEntries(LISTED_PLATFORMS.map((p) => [p, platformFields[p] ?? '']));
  for (const [k, v] of Object.entries(platformFields)) if (!(k in platforms) && !FIXED_KEYS.has(k) && v) platforms[k] = v;

  const { emailPrimary, email } = emails(profile, links);
  return {
    id,
    first_name: r.trimmed('first_name'),
    last_name: r.trimmed('last_name'),
    email_primary: emailPrimary,
    email,
    location: r.opt.trimmed('location'),
    ...platforms,
    links,
    products,
  };
}

/** The profile's own http(s) URL fields, in the order the profile lists them, and its `socials`. */
function profileUrls(profile: Obj): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(profile)) {
    if (k === 'links' || k === 'products') continue;
    if (isHttpUrl(v)) out.push(v.trim());
    else if (k === 'socials' && (isObj(v) || Array.isArray(v))) {
      for (const s of Object.values(v)) {
        const url = isObj(s) ? (s.url ?? s.value) : s;
        if (isHttpUrl(url)) out.push(url.trim());
      }
    }
  }
  return out;
}

/**
 * `email_primary` is the address the profile marks as primary; `email` the contact address it
 * shows (`email`, else `contact_email`). Each falls back to the first address found elsewhere
 * on the page (the other field, a `mailto:` link); every address goes through the shared
 * extractor, so placeholders and malformed values are dropped.
 */
function emails(profile: Obj, links: LinkpageDLink[]): { emailPrimary: string | null; email: string | null } {
  const one = (v: unknown) => (typeof v === 'string' ? (extractEmails({ text: v })[0] ?? null) : null);
  const primary = one(profile.email_primary);
  const contact = one(profile.email) ?? one(profile.contact_email);
  const onPage =
    extractEmails({
      text: [primary ?? '', contact ?? '', ...links.filter((l) => /^mailto:/i.test(l.url)).map((l) => l.url)].join('\n'),
    })[0] ?? null;
  return { emailPrimary: primary ?? onPage, email: contact ?? onPage };
}
