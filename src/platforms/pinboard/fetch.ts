/**
 * Upstream requests for pinboard (Pinterest): the web client's resource GETs
 * (`/resource/<Name>/get/?source_url=…&data={"options":…,"context":{}}`) — one BaseSearchResource
 * page here, and `getResource` for the others (UserResource, PinResource, BoardResource,
 * BoardFeedResource) — anonymous, with the headers Pinterest's web client sends on its XHRs
 * (SOURCES.md: plain GETs work without a login or cookie). Login walls, captchas and refusals are walls (walls.ts): the upstream client answers
 * them UPSTREAM_BLOCKED before this module, and they are never parsed as data.
 */
import { notFound, shapeChanged } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { PinboardSearchPage } from './parse.js';
import { buildSearchUrl, parseSearchResponse, PINTEREST, resourceFailure, searchSourceUrl } from './parse.js';
import { JsonOverBound } from '../../parse/json.js';

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
  return parsed(ctx, () => parseSearchResponse(res.json(), a));
}

/** A resource GET URL: `source_url` is the page the web client would be on. */
export function resourceUrl(name: string, sourceUrl: string, options: Record<string, unknown>): string {
  const sp = new URLSearchParams();
  sp.set('source_url', sourceUrl);
  sp.set('data', JSON.stringify({ options, context: {} }));
  return `${PINTEREST}/resource/${name}/get/?${sp.toString()}`;
}

export interface ResourceRequest {
  name: string;
  sourceUrl: string;
  options: Record<string, unknown>;
  /** `x-pinterest-pws-handler`: the web client's page handler for `sourceUrl`. */
  handler: string;
  /** For messages: `User taladraws`, `Pin 123`. */
  what: string;
  /** NOT_FOUND's message for an HTML 404. */
  notFoundMessage: string;
}

/**
 * One resource GET, its answer as JSON. A login or challenge page is reported (walls.ts), never
 * parsed; an HTML 404 is NOT_FOUND; another HTML error status is mapped by expectOk; a JSON
 * answer, failure or not, is returned for the parsers (they read Pinterest's own status:
 * parse.ts resourceData).
 */
export async function getResource(ctx: OpContext, r: ResourceRequest): Promise<unknown> {
  const res = await ctx.upstream.request({
    url: resourceUrl(r.name, r.sourceUrl, r.options),
    platform: PLATFORM,
    headers: {
      accept: 'application/json, text/javascript, */*; q=0.01',
      'accept-language': 'en-US,en;q=0.9',
      'x-requested-with': 'XMLHttpRequest',
      'x-pinterest-pws-handler': r.handler,
      'x-pinterest-source-url': r.sourceUrl,
      referer: `${PINTEREST}/`,
    },
    signal: ctx.signal,
  });
  const isJson = /^\s*[{[]/.test(res.text());
  if (!isJson && res.status === 404) throw notFound(r.notFoundMessage);
  if (res.status >= 400 && !isJson) expectOk(res, PLATFORM, r.what);
  if (!isJson) throw shapeChanged(PLATFORM, 'JSON resource response (got a non-JSON page)');
  try {
    return res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, 'JSON resource response');
  }
}
