/**
 * Plain HTML pages discovery reads without a platform extractor: other link-in-bio hosts
 * (beacons.ai, stan.store, bio.link, … — the generic page scan) and creator websites.
 *
 * Each page is one GET through `ctx.upstream` with a byte cap (PAGE_MAX_BYTES): a larger page is
 * not read at all, and the caller counts that as a limited scan, not a failure. A bot-challenge
 * page is UPSTREAM_BLOCKED (the upstream client's block catalogue) and never parsed; 404/410 is NOT_FOUND.
 */
import { ApiError, notFound } from '../errors.js';
import { expectOk } from '../upstream/client.js';
import type { LookupFetcher } from './fetcher.js';

/** Bytes read of one page (the upstream client refuses larger bodies while streaming). */
export const PAGE_MAX_BYTES = 512 * 1024;

export interface HtmlPage {
  /** The URL asked for. */
  url: string;
  /** Where redirects ended. */
  finalUrl: string;
  html: string;
  bytes: number;
}

/** The page was larger than PAGE_MAX_BYTES: skipped, which limits the scan. */
export function isOverByteCap(e: unknown): boolean {
  return e instanceof ApiError && e.code === 'UPSTREAM_FAILED' && /exceeds \d+ bytes/.test(e.message);
}

export function fetchHtmlPage(f: LookupFetcher, url: string, platform: string): Promise<HtmlPage> {
  return f.run(
    `page:${url}`,
    async (ctx) => {
      const res = await ctx.upstream.request({
        url,
        platform,
        headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
        maxBodyBytes: PAGE_MAX_BYTES,
        signal: ctx.signal,
      });
      const html = res.text();
      if (res.status === 404 || res.status === 410) throw notFound(`${url} was not found`);
      expectOk(res, platform, url);
      const type = res.headers['content-type'] ?? '';
      // Not a page (a PDF, an image): nothing to read, but nothing failed either.
      return { url, finalUrl: res.url, html: type && !/html|xml|text\/plain/i.test(type) ? '' : html, bytes: res.body.length };
    },
    { what: url },
  );
}
