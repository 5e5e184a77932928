/**
 * Upstream request for pinboard (Pinterest): one BaseSearchResource page, anonymous, with the
 * headers Pinterest's web client sends on its XHRs (SOURCES.md: plain GETs work without a login
 * or cookie). Login walls, captchas and refusals are walls (walls.ts): the upstream client answers
 * them UPSTREAM_BLOCKED before this module, and they are never parsed as data.
 */
import { shapeChanged } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import type { PinboardSearchPage } from './parse.js';
import { buildSearchUrl, parseSearchResponse, PINTEREST, resourceFailure, searchSourceUrl } from './parse.js';

const PLATFORM = 'pinboard';

export interface PinboardSearchArgs {
  query: string;
  cursor: string | null;
  trim: boolean;
}

export async function fetchSearchPage(ctx: OpContext, a: PinboardSearchArgs): Promise<PinboardSearchPage> {
  const res = await ctx.upstream.request({
    url: buildSearchUrl(a.query, a.cursor),
    platform: PLATFORM,
    headers: {
      accept: 'application/json, text/javascript, */*; q=0.01',
      'accept-language': 'en-US,en;q=0.9',
      'x-requested-with': 'XMLHttpRequest',
      'x-pinterest-pws-handler': 'www/search/[scope].js',
      'x-pinterest-source-url': searchSourceUrl(a.query),
      referer: `${PINTEREST}/`,
    },
    signal: ctx.signal,
  });
  const isJson = /^\s*[{[]/.test(res.text());
  if (res.status >= 400) {
    // Pinterest states its own failures in a JSON `resource_response` (status "failure" with an
    // `http_status`): those say more than the HTTP status alone.
    const failed = isJson ? resourceFailure(res.json(), a.cursor) : null;
    if (failed) throw failed;
    // The search resource never answers 404 for a query: a 404 means the endpoint moved.
    if (res.status === 404) throw shapeChanged(PLATFORM, 'the BaseSearchResource endpoint (HTTP 404)');
    expectOk(res, PLATFORM, 'The pin search');
  }
  if (!isJson) throw shapeChanged(PLATFORM, 'JSON resource response (got a non-JSON page)');
  return parseSearchResponse(res.json(), a);
}
