/**
 * retail-shop = Amazon creator storefronts (amazon.com/shop/<creator>). Registry entry: one
 * operation, GET /v1/retail-shop/shop (1 credit per page, not cacheable).
 * Upstream requests: platforms.md (storefront HTML, then the storefront's JSON page requests).
 *
 * Not cacheable: api.md gives this route no `cache_max_age` (DECISIONS.md: accepted by every
 * operation except this one). On /v1 a `cache_max_age` sent anyway is an unknown parameter and
 * is ignored like any other (DECISIONS.md): the page is fetched live and charged. GraphQL has no
 * such argument on this field.
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import type { ShopArgs } from './fetch.js';
import { fetchShopPage } from './fetch.js';
import type { RetailShopPage } from './parse.js';
import { parseStorefrontUrl } from './parse.js';
import * as schema from './schema.js';

import { walls } from './walls.js';
import { links } from './links.js';

const label = 'retail-shop';
const hosts = ['www.amazon.com', 'amazon.com'];

const URL_MAX = 2048;
const TOKEN_MAX = 2048;

export const shop: OperationDef<ShopArgs, RetailShopPage> = {
  field: 'retailShopStorefront',
  platform: label,
  summary: 'A creator storefront on the retail-shop platform, one page at a time: profile, idea lists, videos, trending picks, curations',
  rest: { path: '/v1/retail-shop/shop' },
  record: schema.RetailShopPage,
  params: [
    {
      name: 'url',
      kind: 'string',
      required: true,
      maxLength: URL_MAX,
      description:
        'Storefront URL, e.g. https://www.amazon.com/shop/CREATOR (amazon.com without www, or a bare creator name, is accepted too)',
    },
    {
      name: 'pageToken',
      kind: 'string',
      maxLength: TOKEN_MAX,
      description:
        'Opaque: the pageToken of the previous response for the same url, passed back unchanged; omit for the first page. ' +
        'Later pages hold the storefront feed only (lists and videos): profile fields are null and trendingPicks / curations empty there.',
    },
  ],
  cacheable: false,
  check(args, problem) {
    // An over-long value is already reported by its length rule.
    if (typeof args.url === 'string' && args.url.trim() && args.url.length <= URL_MAX) {
      const r = parseStorefrontUrl(args.url);
      if (!r.ok) problem('url', r.message);
    }
  },
  normalize: (a) => {
    const r = parseStorefrontUrl(a.url);
    if (!r.ok) throw new Error('normalize called on an invalid url');
    // An empty token is no token (REST treats an empty parameter as absent too); any other
    // value is kept byte for byte — never trimmed, decoded or inspected.
    return { handle: r.handle, pageToken: typeof a.pageToken === 'string' && a.pageToken !== '' ? a.pageToken : null };
  },
  key: (a) => JSON.stringify([a.handle, a.pageToken]),
  cost: { max: 1 },
  example: { url: 'https://www.amazon.com/shop/ravimenoncooks' },
  run: (ctx, a) => fetchShopPage(ctx, a),
};

export const platform: PlatformDefinition = { label, hosts, operations: [shop], walls, links };
