/**
 * Test answers for linkpage-d (Pillar), used by the parser tests, the e2e tests, the mutation
 * suite, the simulation and the offline demo. Written by us, not captured — no capture of a Pillar
 * page or of its GraphQL answers exists. The shape follows what is publicly known (an open
 * gateway's Pillar reader, read for facts only):
 *
 *  - `https://pillar.io/<username>` is a Vue CLI single-page app: the same empty `<div id="app">`
 *    shell for every path, known username or not, loading `/js/chunk-vendors….js` bundles;
 *  - one vendors bundle carries the app's settings, among them `VUE_APP_GRAPHQL_ENDPOINT:"<host>"`
 *    and `VUE_APP_GRAPHQL_TOKEN:"<jwt>"` (a public, anonymous-role JWT);
 *  - the page's data comes from that Hasura endpoint (`POST https://<host>/v1/graphql`), tables
 *    `shop_banner` (`url_key`, `customizations` JSON with `location`, `socials {CHANNEL: {value}}`,
 *    `user_alias`), `shop_builder_item_url_slug` (`slug`), `users_influencer` (`id`, `alias`,
 *    `contact_email`, `socials [{channel, handle, url}]`, `user {first_name, last_name, …}`),
 *    `shop_custom_link` (`link_id`, `order`, `clicks`, `status`, `data` JSON `{url, tagline|title,
 *    visible, description, thumbnail_image}`) and `shop_featured_product` (`product_id`, `name`,
 *    `description`, `price`, `url`, `image`, `order`).
 *
 * The GraphQL host (`graphql.pillar.io`), every name, id, URL, token and number here is invented.
 */
import { escapeLike } from './parse.js';

/** Our invented Hasura host (the real one is whatever the bundle names). */
export const GRAPHQL_HOST = 'graphql.pillar.io';
export const GRAPHQL_URL = `https://${GRAPHQL_HOST}/v1/graphql`;
/** The vendors bundle the shell loads first (no settings in it) and the one with the settings (`s-z` in its name). */
export const PLAIN_VENDORS_PATH = '/js/chunk-vendors~a-r.5e1d2c3b.js';
export const SETTINGS_VENDORS_PATH = '/js/chunk-vendors~s-z.9f8e7d6c.js';

export const INFLUENCER_ID = '5b0e3c1a-8f27-4d6b-9a41-2c7e9d310f58';

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A JWT of the anonymous role (unsigned for our purposes: nobody checks its signature here). */
export function anonJwt(opts: { exp?: number | null; serial?: number } = {}): string {
  const exp = opts.exp === undefined ? 4_102_444_800 : opts.exp; // 2100-01-01
  const claims: Record<string, unknown> = {
    'https://hasura.io/jwt/claims': { 'x-hasura-default-role': 'anonymous', 'x-hasura-allowed-roles': ['anonymous'] },
    iat: 1_700_000_000 + (opts.serial ?? 0),
  };
  if (exp !== null) claims.exp = exp;
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.c2lnbmF0dXJlLW5vdC1jaGVja2Vk`;
}

export const TOKEN = anonJwt();

/** The shell pillar.io serves for any path (a creator page, an unknown username alike). */
export function shellHtml(vendors: string[] = [PLAIN_VENDORS_PATH, SETTINGS_VENDORS_PATH]): string {
  const scripts = vendors.map((v) => `<script src="${v}"></script>`).join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Pillar</title>
${vendors.map((v) => `<link href="${v}" rel="preload" as="script">`).join('')}<link href="/js/app.1b2c3d4e.js" rel="preload" as="script"></head>
<body><noscript><strong>We're sorry but Pillar doesn't work properly without JavaScript enabled.</strong></noscript>
<div id="app"></div>${scripts}<script src="/js/app.1b2c3d4e.js"></script></body></html>`;
}

/** A minified vendors bundle; with `settings`, Vue CLI's inlined `process.env` object holding them. */
export function vendorsJs(settings?: { endpoint: string; token: string }): string {
  const head =
    '(window["webpackJsonp"]=window["webpackJsonp"]||[]).push([["chunk-vendors"],{"00ee":function(t,e,n){"use strict";var r={};r[n("b622")("toStringTag")]="z",t.exports="[object z]"===String(r)}';
  if (!settings) return `${head}}]);`;
  return `${head},"4360":function(t,e,n){"use strict";var r=Object({NODE_ENV:"production",VUE_APP_GRAPHQL_ENDPOINT:"${settings.endpoint}",VUE_APP_GRAPHQL_TOKEN:"${settings.token}",VUE_APP_CLOUDINARY_CLOUD:"pillario",BASE_URL:"/"});t.exports=r}}]);`;
}

// ---------------------------------------------------------------------------------------------
// A creator's rows
// ---------------------------------------------------------------------------------------------

export interface SampleCreator {
  id: string;
  /** shop_banner.url_key (null: no banner row). */
  urlKey: string | null;
  alias: string | null;
  /** shop_builder_item_url_slug slugs. */
  slugs: string[];
  influencer: Record<string, unknown>;
  banner: Record<string, unknown> | null;
  links: Record<string, unknown>[];
  products: Record<string, unknown>[];
}

const link = (id: string, order: number | null, clicks: number, data: Record<string, unknown>, status = 'ACTIVE') => ({
  link_id: id,
  order,
  clicks,
  status,
  data,
});

/** A creator: every field the record reads, social icons and links of several kinds, two products. */
export function sampleCreator(username = 'maraquintero', extra: Partial<SampleCreator> = {}): SampleCreator {
  const id = extra.id ?? INFLUENCER_ID;
  return {
    id,
    urlKey: username,
    alias: username,
    slugs: [],
    influencer: {
      id,
      alias: username,
      contact_email: 'Booking@MaraQuintero.mx',
      socials: [
        { channel: 'TIKTOK', handle: 'maraquintero', url: 'https://www.tiktok.com/@maraquintero' },
        { channel: 'SPOTIFY', handle: null, url: 'https://open.spotify.com/artist/2xQm7RfTgHjK1LpZcVbN0e' },
      ],
      user: {
        first_name: 'Mara',
        last_name: 'Quintero',
        full_name: 'Mara Quintero',
        email: 'mara.quintero.music@gmail.com',
        bio: 'cantautora · nuevo sencillo "Marea" ya disponible',
        profile_image: 'cloudinary:profiles/mara-q',
      },
    },
    banner: {
      url_key: username,
      customizations: {
        location: 'Guadalajara, México',
        user_alias: 'Mara Quintero',
        theme: { background: '#fdf6ec', button: 'rounded' },
        socials: {
          INSTAGRAM: { value: 'https://www.instagram.com/maraquintero' },
          TWITTER: { value: 'https://twitter.com/maraquintero' },
          YOUTUBE: { value: 'https://www.youtube.com/@maraquintero' },
          DISCORD: { value: 'https://discord.gg/marea' },
          APPLE_APP_STORE: { value: 'https://apps.apple.com/mx/app/marea-fan-club/id6470000001' },
          EMAIL: { value: 'Booking@MaraQuintero.mx' },
          FACEBOOK: { value: '' },
        },
      },
    },
    links: [
      // Social icons first: no order set (the peer's example lists them so, `order: null`).
      link('0c7a8e10-2b1f-11ef-9c3d-7d5e1f0a4b21', null, 14, {
        url: 'https://www.instagram.com/maraquintero',
        title: 'instagram',
        visible: true,
      }),
      link('1d8b9f20-2b1f-11ef-9c3d-7d5e1f0a4b21', 1, 3, {
        url: 'https://open.spotify.com/track/5pLmNoQrStUvWxYz012345?si=a1b2',
        tagline: 'Nuevo sencillo "Marea"',
        visible: true,
        description: 'ya disponible',
        thumbnail_image: 'cloudinary:links/marea',
      }),
      link('2e9ca030-2b1f-11ef-9c3d-7d5e1f0a4b21', 2, 0, { url: 'https://maraquintero.mx/gira', tagline: 'Gira 2025', visible: true }),
      link('3fadb140-2b1f-11ef-9c3d-7d5e1f0a4b21', 3, 1, { url: 'https://github.com/maraq', title: 'código' }),
      link('40bec250-2b1f-11ef-9c3d-7d5e1f0a4b21', 4, 0, { url: 'mailto:hola@maraquintero.mx', tagline: 'Escríbeme', visible: true }),
      // Left out: deleted, hidden, Pillar's own referral link.
      link('51cfd360-2b1f-11ef-9c3d-7d5e1f0a4b21', 5, 9, { url: 'https://maraquintero.mx/old', tagline: 'Vieja gira' }, 'DELETED'),
      link('62d0e470-2b1f-11ef-9c3d-7d5e1f0a4b21', 6, 2, { url: 'https://maraquintero.mx/draft', tagline: 'Borrador', visible: false }),
      link('73e1f580-2b1f-11ef-9c3d-7d5e1f0a4b21', 7, 0, { url: 'https://pillar.io/referral/maraquintero', tagline: 'Join Pillar' }),
    ],
    products: [
      {
        product_id: '51cfd360-2b1f-11ef-b065-850167411bb1',
        name: 'Vinilo "Marea" – edición firmada',
        description: 'Edición limitada de 300 copias',
        price: 35,
        url: 'https://maraquintero.mx/tienda/vinilo-marea',
        image: 'https://res.cloudinary.com/pillario/image/upload/v1712000000/products/vinilo.jpg',
        order: 1,
      },
      // A price as Hasura may send a numeric (a string), no description, an empty image.
      {
        product_id: '62d0e470-2b1f-11ef-b065-850167411bb1',
        name: 'Playera Gira 2025',
        description: null,
        price: '24.50',
        url: 'https://maraquintero.mx/tienda/playera',
        image: '',
        order: 2,
      },
    ],
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// GraphQL answers
// ---------------------------------------------------------------------------------------------

/** The resolve query's answer for the creators `key` names (case-insensitively, `_ilike` on an escaped key). */
export function resolveAnswer(creators: readonly SampleCreator[], key: string): Record<string, unknown> {
  const is = (v: string | null) => v !== null && escapeLike(v.toLowerCase()) === key.toLowerCase();
  return {
    data: {
      byBanner: creators.filter((c) => is(c.urlKey)).map((c) => ({ influencer_id: c.id, url_key: c.urlKey })),
      bySlug: creators.flatMap((c) => c.slugs.filter((s) => is(s)).map((slug) => ({ slug, influencer_id: c.id }))),
      byAlias: creators.filter((c) => is(c.alias)).map((c) => ({ id: c.id, alias: c.alias })),
    },
  };
}

/** The page query's answer for one creator (null: no such id). */
export function pageAnswer(c: SampleCreator | null): Record<string, unknown> {
  return { data: { influencer: c ? c.influencer : null, banner: c ? c.banner : null, links: c ? c.links : [] } };
}

export function productsAnswer(c: SampleCreator | null): Record<string, unknown> {
  return { data: { products: c ? c.products.map((p) => ({ ...(p as object), influencer_id: c.id })) : [] } };
}

/** Hasura's answer to a request made with a token it no longer accepts (HTTP 200, as Hasura does). */
export const JWT_EXPIRED = { errors: [{ extensions: { path: '$', code: 'invalid-jwt' }, message: 'Could not verify JWT: JWTExpired' }] };

/**
 * The GraphQL endpoint's answer to a POST body, over `creators`: the resolve query (variables.key),
 * the page query or the products query (variables.id), told apart by their root fields.
 */
export function graphqlAnswer(body: string, creators: readonly SampleCreator[]): Record<string, unknown> {
  let req: { query?: unknown; variables?: Record<string, unknown> };
  try {
    req = JSON.parse(body) as typeof req;
  } catch {
    return { errors: [{ extensions: { path: '$', code: 'invalid-json' }, message: 'invalid json' }] };
  }
  const query = typeof req.query === 'string' ? req.query : '';
  const vars = req.variables ?? {};
  if (typeof vars.key === 'string') return resolveAnswer(creators, vars.key);
  const c = creators.find((x) => x.id === vars.id) ?? null;
  if (/shop_featured_product/.test(query)) return productsAnswer(c);
  if (/users_influencer_by_pk/.test(query)) return pageAnswer(c);
  return { errors: [{ extensions: { path: '$', code: 'validation-failed' }, message: 'no such query' }] };
}

/**
 * Our answer to any linkpage-d request over `creators`: the shell (any pillar.io page), a vendors
 * bundle (the settings one naming GRAPHQL_HOST and `token`), or a GraphQL POST; null for another URL.
 */
export function pillarAnswer(
  url: string,
  body: string | undefined,
  creators: readonly SampleCreator[],
  token: string = TOKEN,
): { contentType: string; body: string } | null {
  const u = new URL(url);
  if (u.hostname === GRAPHQL_HOST && u.pathname === '/v1/graphql')
    return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(graphqlAnswer(body ?? '', creators)) };
  if (u.hostname !== 'pillar.io') return null;
  const js = 'application/javascript; charset=utf-8';
  if (u.pathname === SETTINGS_VENDORS_PATH) return { contentType: js, body: vendorsJs({ endpoint: GRAPHQL_HOST, token }) };
  if (u.pathname === PLAIN_VENDORS_PATH) return { contentType: js, body: vendorsJs() };
  return /^\/[^/]*$/.test(u.pathname) ? { contentType: 'text/html; charset=utf-8', body: shellHtml() } : null;
}

/** Cloudflare's managed-challenge interstitial (status 403). */
export const CHALLENGE_HTML = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head>
<body><noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "pillar.io",cType: 'managed'};}());</script></body></html>`;
