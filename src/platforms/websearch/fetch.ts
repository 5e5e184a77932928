/**
 * Upstream request for websearch: one results page. A consent or "unusual traffic" page is
 * UPSTREAM_BLOCKED (walls.ts, by structure, answered by the upstream client before this), never
 * parsed as data.
 */
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { DatePosted, WebSearchPage } from './parse.js';
import { buildSearchUrl, parseSearchPage } from './parse.js';

export interface WebSearchArgs {
  query: string;
  region: string | null;
  datePosted: DatePosted | null;
  page: number;
}

export async function fetchSearchPage(ctx: OpContext, a: WebSearchArgs): Promise<WebSearchPage> {
  const res = await ctx.upstream.request({
    url: buildSearchUrl(a),
    platform: 'websearch',
    headers: { accept: 'text/html', 'accept-language': 'en' },
    signal: ctx.signal,
  });
  // Google answers 429 with its /sorry/ captcha page when it suspects automation: expectOk
  // reports that as UPSTREAM_BLOCKED.
  expectOk(res, 'websearch', 'The search page');
  return parsed(ctx, () => parseSearchPage(res.text()));
}
