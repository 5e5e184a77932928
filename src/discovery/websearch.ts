/**
 * Websearch candidates: one results page of the websearch platform (its search operation, read
 * through the pipeline's internal mode: its cache entry shared), for a query built from the source's display name and handle:
 * `"<display name>" <handle>` (just the handle when the profile shows no name). Result URLs that
 * name an account on a known platform are profile candidates; link-in-bio pages are link-page
 * candidates. Neither counts until verified (pipeline.ts).
 *
 * DISCOVERY_WEBSEARCH=off turns the search off (`websearch_used` stays false).
 */
import { search as websearchOp } from '../platforms/websearch/platform.js';
import type { WebSearchArgs } from '../platforms/websearch/fetch.js';
import type { LookupFetcher } from './fetcher.js';

export function websearchEnabled(): boolean {
  return !/^(?:off|0|false|no)$/i.test(process.env.DISCOVERY_WEBSEARCH?.trim() ?? '');
}

export function websearchQuery(handle: string, displayName: string | null): string {
  const name = displayName?.replace(/["\s]+/g, ' ').trim();
  const q = name && name.toLowerCase() !== handle.toLowerCase() ? `"${name}" ${handle}` : handle;
  // The operation's own normalisation (platform.ts), so the cache key matches a /v1 search.
  return q.trim().replace(/\s+/g, ' ').slice(0, 512);
}

/** Result URLs of the first page, in order. */
export async function websearchResults(f: LookupFetcher, query: string): Promise<string[]> {
  const args: WebSearchArgs = { query, region: null, datePosted: null, page: 1 };
  const page = await f.read(websearchOp, args, { what: `websearch "${query}"` });
  return page.results.map((r) => r.url);
}
