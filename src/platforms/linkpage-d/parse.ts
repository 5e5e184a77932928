/**
 * linkpage-d = Pillar. Pure parsing, no I/O: the site's shell and bundle (where its public GraphQL
 * endpoint and token are) and the endpoint's answers, into api.md's "linkpage-d page" record.
 *
 * `https://pillar.io/<username>` is a Vue CLI single-page app: an empty `<div id="app">`, the same
 * for every path, whatever the username (no server-rendered data). The page's data comes from a
 * public Hasura GraphQL endpoint; its URL and an anonymous-role JWT are the app's settings, inlined
 * in one of the `/js/chunk-vendors….js` bundles as `VUE_APP_GRAPHQL_ENDPOINT:"…"` and
 * `VUE_APP_GRAPHQL_TOKEN:"…"` (public evidence; README.md). The requests are fetch.ts's; here:
 *
 *  - the shell → the vendors bundles' URLs (only on pillar.io); a bundle → the endpoint and token
 *    (the endpoint only on a pillar.io host or one the platform declares, else UPSTREAM_FAILED);
 *  - the resolve answer → the creator's influencer id: the `shop_banner.url_key`, a
 *    `shop_builder_item_url_slug.slug` or the `users_influencer.alias` that is the asked username
 *    (case-insensitively); none → NOT_FOUND; rows naming only other usernames → UPSTREAM_FAILED;
 *  - the page answer (influencer, banner, links) and the products answer → the record. The page
 *    must be the resolved influencer's (its id) and, resolved by url_key or alias, state that same
 *    key: another account's answer is UPSTREAM_FAILED, never data.
 *
 * A GraphQL answer with `errors` is UPSTREAM_FAILED (the token's refusal is told apart for
 * fetch.ts: `isTokenRefusal`).
 */
import { idStr, isObj, reader, str, trimmed } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import { isApiError, notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { platformUrlFields } from '../../links/classify.js';
import { extractEmails } from '../../links/emails.js';
import { staticUrlRefusal } from '../../upstream/ssrf.js';
import { assertSameResource, sameHandle } from '../identity.js';
import type { LinkpageDLink, LinkpageDProduct, LinkpageDPage } from './schema.js';
import { LISTED_PLATFORMS } from './schema.js';
import { parseUpstreamJson } from '../../parse/json.js';
export type { LinkpageDLink, LinkpageDProduct, LinkpageDPage } from './schema.js';

export const PLATFORM = 'linkpage-d';
export const ORIGIN = 'https://pillar.io';

/** The hosts the platform fetches its pages and bundles from (its definition's `hosts`). */
export const HOSTS: readonly string[] = ['pillar.io', 'www.pillar.io'];

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

const pageName = (username: string) => `Link page pillar.io/${username || '?'}`;

/** A pillar.io host: pillar.io itself or a sub-domain of it. */
export function isPillarHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'pillar.io' || h.endsWith('.pillar.io');
}

// ---------------------------------------------------------------------------------------------
// Shell and bundle
// ---------------------------------------------------------------------------------------------

const VENDORS_SRC_RE = /<script\b[^>]*\bsrc\s*=\s*["']([^"']*\/js\/chunk-vendors[^"']*\.js)["']/gi;

/**
 * The `/js/chunk-vendors….js` bundles the shell loads, absolute, on pillar.io hosts only, the
 * one named for the `s-z` range first (it carries the app's settings), then in page order.
 */
export function vendorsBundleUrls(html: string, pageUrl: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(VENDORS_SRC_RE)) {
    let u: URL;
    try {
      u = new URL(m[1], pageUrl);
    } catch {
      continue;
    }
    if (u.protocol !== 'https:' || !isPillarHost(u.hostname) || u.username || u.password || u.port) continue;
    if (!out.includes(u.href)) out.push(u.href);
  }
  const settingsFirst = (u: string) => (/s-z/.test(u) ? 0 : 1);
  return out
    .map((u, i) => [u, i] as const)
    .sort((a, b) => settingsFirst(a[0]) - settingsFirst(b[0]) || a[1] - b[1])
    .map(([u]) => u);
}

export interface Credentials {
  /** `https://<host>/v1/graphql` */
  endpoint: string;
  token: string;
}

/** A JS string literal's characters as written (`\/` and `\u002F` the bundler may emit). */
function jsString(s: string): string {
  return s.replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\\(.)/g, '$1');
}

function setting(js: string, name: string): string | null {
  const m = new RegExp(`\\b${name}\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(js);
  const v = m ? jsString(m[1]).trim() : '';
  return v || null;
}

/**
 * The GraphQL endpoint of a `VUE_APP_GRAPHQL_ENDPOINT` value: a host alone is
 * `https://<host>/v1/graphql`; a URL is kept (https only, its path `/v1/graphql` when it has none).
 * Null when it is not a usable https endpoint; UPSTREAM_FAILED when the SSRF guard refuses its host.
 */
export function endpointOf(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || u.username || u.password || u.port) return null;
  const host = u.hostname.toLowerCase();
  // Whatever host pillar.io's own bundle names (its GraphQL service may live off pillar.io), but
  // never an address the SSRF guard refuses outright (a private or loopback literal, localhost…);
  // names are checked again when the request resolves them.
  const refusal = staticUrlRefusal(u);
  if (refusal)
    throw upstreamFailed(`${PLATFORM}: the site's bundle names a GraphQL endpoint on ${host}, which may not be fetched: ${refusal}`);
  const path = u.pathname === '/' || u.pathname === '' ? '/v1/graphql' : u.pathname;
  return `https://${host}${path}`;
}

/** The endpoint and public token a vendors bundle carries, or null when it carries neither (another bundle). */
export function findCredentials(js: string): Credentials | null {
  const rawEndpoint = setting(js, 'VUE_APP_GRAPHQL_ENDPOINT');
  const token = setting(js, 'VUE_APP_GRAPHQL_TOKEN');
  if (!rawEndpoint || !token || !/^[\w-]+\.[\w-]+\.[\w-]*$/.test(token)) return null;
  const endpoint = endpointOf(rawEndpoint);
  return endpoint ? { endpoint, token } : null;
}

/** Expiry in epoch ms from a JWT's `exp` claim (seconds), or null without one. */
export function jwtExpiry(jwt: string): number | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    const payload = parseUpstreamJson(Buffer.from(part, 'base64url').toString('utf8'), PLATFORM);
    const exp = isObj(payload) ? payload.exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// GraphQL requests and answers
// ---------------------------------------------------------------------------------------------

/** A username as an `_ilike` pattern matching only itself (case aside): `\`, `%` and `_` escaped. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
}

export function resolveQuery(username: string): GraphqlRequest {
  return {
    query: `query ResolveCreator($key: String!) {
  byBanner: shop_banner(where: {url_key: {_ilike: $key}}, limit: 5) { influencer_id url_key }
  bySlug: shop_builder_item_url_slug(where: {slug: {_ilike: $key}}, limit: 5) { slug influencer_id }
  byAlias: users_influencer(where: {alias: {_ilike: $key}}, limit: 5) { id alias }
}`,
    variables: { key: escapeLike(username) },
  };
}

/** The creator, the page's banner and its links. Social icons (no order) come first, as on the page. */
export function pageQuery(id: string): GraphqlRequest {
  return {
    query: `query CreatorPage($id: uuid!) {
  influencer: users_influencer_by_pk(id: $id) {
    id alias contact_email
    socials { channel handle url }
    user { first_name last_name full_name email bio profile_image }
  }
  banner: shop_banner_by_pk(influencer_id: $id) { url_key customizations }
  links: shop_custom_link(where: {influencer_id: {_eq: $id}}, order_by: {order: asc_nulls_first}) {
    link_id order clicks status data
  }
}`,
    variables: { id },
  };
}

export function productsQuery(id: string): GraphqlRequest {
  return {
    query: `query CreatorProducts($id: uuid!) {
  products: shop_featured_product(
    where: {influencer_id: {_eq: $id}, status: {_neq: "DELETED"}}
    order_by: {order: asc_nulls_last}
  ) { product_id influencer_id name description price url image order }
}`,
    variables: { id },
  };
}

/** Hasura's codes for a token it does not accept (it answers them with HTTP 200 and `errors`). */
const REFUSED_TOKEN_CODES = new Set(['invalid-jwt', 'jwt-invalid-claims', 'jwt-missing-role-claims', 'invalid-headers', 'access-denied']);

function errorsOf(body: unknown): Obj[] {
  return isObj(body) && Array.isArray(body.errors) ? body.errors.filter(isObj) : [];
}

/** Whether a GraphQL answer says the token was refused (expired, invalid, no role). */
export function isTokenRefusal(body: unknown): boolean {
  return errorsOf(body).some((e) => {
    const code = isObj(e.extensions) ? str(e.extensions.code) : null;
    return (code !== null && REFUSED_TOKEN_CODES.has(code)) || /\bJWT\b/i.test(str(e.message) ?? '');
  });
}

/** The `data` object of a GraphQL answer; its `errors` or another shape are UPSTREAM_FAILED. */
export function dataOf(body: unknown, what: string): Obj {
  const errors = errorsOf(body);
  if (errors.length || (isObj(body) && Array.isArray(body.errors) && body.errors.length)) {
    const messages = errors.map((e) => str(e.message) ?? '?').slice(0, 3);
    throw upstreamFailed(`${PLATFORM}: the GraphQL endpoint answered ${what} with errors: ${messages.join('; ') || '?'}`);
  }
  if (!isObj(body) || !isObj(body.data)) throw shapeChanged(PLATFORM, `data in the GraphQL answer to ${what}`);
  return body.data;
}

export type ResolvedBy = 'url_key' | 'slug' | 'alias';
export interface Resolved {
  id: string;
  by: ResolvedBy;
}

const idOf = (v: unknown): string | null => trimmed(v) ?? idStr(v);

/**
 * The influencer the asked username names: a banner url_key, else a builder slug, else an alias
 * equal to it (case-insensitively). No row at all: NOT_FOUND. Rows for other usernames only
 * (an escaped `_ilike` key matches no other): UPSTREAM_FAILED.
 */
export function resolveInfluencer(body: unknown, username: string): Resolved {
  const what = pageName(username);
  const data = dataOf(body, `the lookup of ${what}`);
  const bags: [bag: string, by: ResolvedBy, key: string, id: string][] = [
    ['byBanner', 'url_key', 'url_key', 'influencer_id'],
    ['bySlug', 'slug', 'slug', 'influencer_id'],
    ['byAlias', 'alias', 'alias', 'id'],
  ];
  let others = 0;
  for (const [bag, by, key, id] of bags) {
    const rows = data[bag];
    if (!Array.isArray(rows)) throw shapeChanged(PLATFORM, `${bag} in the lookup of ${what}`);
    for (const row of rows) {
      if (!isObj(row)) continue;
      if (!sameHandle(username, row[key])) {
        others++;
        continue;
      }
      const found = idOf(row[id]);
      if (found) return { id: found, by };
    }
  }
  if (others) throw upstreamFailed(`${PLATFORM}: the lookup of ${what} answered with other usernames only`);
  throw notFound(`${what} was not found`);
}

// ---------------------------------------------------------------------------------------------
// Record
// ---------------------------------------------------------------------------------------------

/** Prices arrive as numbers or decimal strings (Hasura's `numeric`: `"24.50"`). */
function price(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') {
    const m = /^\s*[$€£]?\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v);
    return m ? Number(m[1]) : null;
  }
  return null;
}

/** A JSON column: Hasura sends `json`/`jsonb` as an object; a JSON string is read as well. */
function jsonColumn(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return parseUpstreamJson(v, PLATFORM);
  } catch (e) {
    if (isApiError(e)) throw e;
    return v;
  }
}

const isHttpUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/\S/i.test(v.trim());

/** Pillar's names of the networks its social icons link, by host: a link's `type` when it has no title. */
const SOCIAL_HOSTS: [RegExp, string][] = [
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)(twitter|x)\.com$/, 'twitter'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)(facebook|fb)\.com$/, 'facebook'],
  [/(^|\.)spotify\.com$/, 'spotify'],
  [/(^|\.)soundcloud\.com$/, 'soundcloud'],
  [/(^|\.)linkedin\.com$/, 'linkedin'],
  [/(^|\.)twitch\.tv$/, 'twitch'],
  [/(^|\.)(discord\.gg|discord\.com)$/, 'discord'],
  [/(^|\.)patreon\.com$/, 'patreon'],
  [/(^|\.)medium\.com$/, 'medium'],
  [/(^|\.)snapchat\.com$/, 'snapchat'],
  [/(^|\.)pinterest\.com$/, 'pinterest'],
  [/(^|\.)threads\.(net|com)$/, 'threads'],
];

function socialName(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return SOCIAL_HOSTS.find(([re]) => re.test(host))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Pillar's own invitation links (`pillar.io/referral…`): the vendor's, not the creator's. */
function isReferral(url: string): boolean {
  try {
    const u = new URL(url);
    return isPillarHost(u.hostname) && /^\/referral\b/i.test(u.pathname);
  } catch {
    return false;
  }
}

/** What the page answer says, read (the influencer's identity checked). */
export interface PageParts {
  id: string;
  user: Reader;
  influencer: Reader;
  customizations: Obj | null;
  links: LinkpageDLink[];
}

/**
 * The page answer → its parts. The influencer is the resolved one (its id), and — resolved by
 * url_key or alias — its banner's url_key or its alias is the asked username, where stated.
 * No influencer (not readable by the public role): NOT_FOUND.
 */
export function readPage(body: unknown, resolved: Resolved, username: string): PageParts {
  const what = pageName(username);
  const data = dataOf(body, what);
  if (data.influencer === null) throw notFound(`${what} was not found`);
  if (!isObj(data.influencer)) throw shapeChanged(PLATFORM, `influencer in the GraphQL answer for ${what}`);
  const page = reader(data, { platform: PLATFORM, record: 'page' });
  const influencer = page.child('influencer');
  const id = influencer.id('id', idOf);
  const banner = page.opt.obj('banner');
  assertSameResource(
    PLATFORM,
    what,
    { id: resolved.id, handle: username },
    {
      id,
      handle:
        resolved.by === 'url_key'
          ? banner
            ? str(banner.url_key)
            : undefined
          : resolved.by === 'alias'
            ? str((influencer.root as Obj).alias)
            : undefined,
    },
  );
  const customizations = banner ? jsonColumn(banner.customizations) : null;
  if (banner && customizations != null && !isObj(customizations)) page.warn('banner.customizations', 'not an object');

  // Deleted, hidden and Pillar's referral links are not on the page: left out, no warning.
  const rows = Array.isArray(data.links)
    ? data.links.filter((row) => {
        if (!isObj(row)) return true;
        const d = jsonColumn(row.data);
        if (str(row.status)?.toUpperCase() === 'DELETED') return false;
        if (isObj(d) && (d.visible === false || (typeof d.url === 'string' && isReferral(d.url)))) return false;
        return true;
      })
    : data.links;
  const links = reader({ links: rows }, { platform: PLATFORM, record: 'page' }).items('links', (l) => {
    const d = l.over(jsonColumn((l.root as Obj).data), 'data');
    if (!isObj(d.root)) l.warn('data', 'not an object');
    const url = d.trimmed('url');
    if (url === null) return null;
    const title = d.str('title', 'tagline', 'title') ?? '';
    return {
      id: l.get('link_id', idOf),
      // The peer's type: the title in lower case (a social icon's title is its network), else the network by host.
      type: title.trim().toLowerCase() || socialName(url) || '',
      title,
      url,
      clicks: l.intish('clicks'),
      order: l.opt.intish('order'),
    };
  });

  return {
    id,
    user: influencer.child('user'),
    influencer,
    customizations: isObj(customizations) ? customizations : null,
    links,
  };
}

/** The products answer → the products (their order as asked: the creator's). */
/**
 * The products of the influencer `id` resolved for `username`. Each row names its influencer
 * (`influencer_id`, asked for with the row): a row of another influencer is another account's answer
 * (a proxy's or cache's mix-up) — the step fails (UPSTREAM_FAILED), never another creator's products as hers.
 */
export function readProducts(body: unknown, username: string, id: string): LinkpageDProduct[] {
  const what = `the products of ${pageName(username)}`;
  const data = dataOf(body, what);
  // Checked before the rows are read one by one (a row the reader cannot read is dropped, warned).
  if (Array.isArray(data.products))
    for (const row of data.products) if (isObj(row)) assertSameResource(PLATFORM, what, { id }, { id: idOf(row.influencer_id) });
  return reader(data, { platform: PLATFORM, record: 'page' }).items('products', (p) => {
    const name = p.str('name');
    return {
      id: p.get('product_id', idOf),
      title: name,
      price: p.opt.get('price', price),
      url: p.opt.trimmed('url'),
      name,
      description: p.opt.str('description'),
      image: p.opt.trimmed('image'),
    };
  });
}

/** The record: the page's parts and the products (api.md order). */
export function pageRecord(page: PageParts, products: LinkpageDProduct[]): LinkpageDPage {
  const custom = page.customizations;
  const customSocials = custom && isObj(custom.socials) ? custom.socials : {};
  const iconUrl = (v: unknown) => trimmed(isObj(v) ? (v.value ?? v.url) : v);

  // The social icons (the banner's, then the influencer's connected accounts), then the links:
  // the classifier decides the platform by host, never by Pillar's channel name.
  const urls: string[] = [];
  for (const [channel, v] of Object.entries(customSocials)) {
    const u = iconUrl(v);
    if (channel.toUpperCase() !== 'EMAIL' && isHttpUrl(u)) urls.push(u);
  }
  for (const s of page.influencer.opt.objects('socials')) if (isHttpUrl(s.url)) urls.push(s.url.trim());
  const platformFields = platformUrlFields([...urls, ...page.links.map((l) => l.url)]);
  const platforms: Record<string, string> = Object.fromEntries(LISTED_PLATFORMS.map((p) => [p, platformFields[p] ?? '']));
  for (const [k, v] of Object.entries(platformFields)) if (!(k in platforms) && !FIXED_KEYS.has(k) && v) platforms[k] = v;

  // E-mail: every address through the shared extractor (placeholders and malformed values dropped).
  const one = (v: unknown) => (typeof v === 'string' ? (extractEmails({ text: v })[0] ?? null) : null);
  const account = one(page.user.opt.str('email'));
  const contact = one(page.influencer.opt.str('contact_email'));
  const shown = one(iconUrl(customSocials.EMAIL ?? customSocials.email));
  const mailto =
    extractEmails({
      text: page.links
        .filter((l) => /^mailto:/i.test(l.url))
        .map((l) => l.url)
        .join('\n'),
    })[0] ?? null;

  return {
    id: page.id,
    first_name: page.user.trimmed('first_name'),
    last_name: page.user.trimmed('last_name'),
    email_primary: account ?? contact ?? shown ?? mailto,
    email: shown ?? contact ?? account ?? mailto,
    location: custom ? reader(custom, { platform: PLATFORM, record: 'page.banner.customizations' }).opt.trimmed('location') : null,
    ...platforms,
    links: page.links,
    products,
  };
}
