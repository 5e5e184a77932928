/**
 * The bounded crawl of a creator-declared website: the declared page, then the few pages of the
 * same registrable domain most likely to hold a contact, and nothing else.
 *
 * Bounds (README.md "Bounds"):
 *  - SITE_MAX_PAGES = 4 pages per site: the declared page, and up to 3 more chosen from the
 *    links on it (same registrable domain only) by their path: contact / kontakt / impressum /
 *    imprint score 3; booking, press, business, management, work-with-me, collab, partnerships,
 *    enquiries score 2; about, team, legal score 1; the site's home page (when the declared page
 *    is a deeper one) scores 1. Pages are never guessed: only linked ones are read.
 *  - PAGE_MAX_BYTES = 512 KiB per page (pages.ts): a larger page is skipped.
 *  - the pipeline crawls at most MAX_SITES sites per lookup.
 * A cut by any bound makes the scan `limited`. A page that fails (timeout, block, 5xx) is listed
 * as failed; a linked page that does not exist (404) is only a dead link.
 */
import { isApiError } from '../errors.js';
import type { LookupFetcher } from './fetcher.js';
import { registrableDomain } from './domains.js';
import type { HtmlPage } from './pages.js';
import { fetchHtmlPage, isOverByteCap } from './pages.js';
import { anchorLinks, emailsInHtml } from './text.js';

export const SITE_MAX_PAGES = 4;

export interface SitePage {
  url: string;
  links: string[];
  emails: string[];
}

export interface SiteScan {
  /** The declared URL the crawl started from. */
  startUrl: string;
  domain: string;
  pages: SitePage[];
  /** Pages (of this site) whose fetch failed. */
  failed: string[];
  limited: boolean;
  /** The declared URL redirected to another registrable domain: that URL, for the caller to classify. */
  redirectedTo: string | null;
}

/** Whole path segments (an extension such as `.html` ignored) that name a contact-ish page. */
const SCORES: [RegExp, number][] = [
  [/^(?:contact(?:[-_]?(?:us|me))?|kontakt|contacto|contatti|impressum|imprint|mentions[-_]legales)$/, 3],
  [/^(?:bookings?|press|media[-_]kit|business|management|mgmt|work[-_]with[-_](?:me|us)|collabs?|collaborations?|partnerships?|enquir(?:y|ies)|inquir(?:y|ies)|hire[-_]me)$/, 2],
  [/^(?:about(?:[-_]?(?:us|me))?|ueber[-_]uns|uber[-_]uns|team|legal)$/, 1],
];

/** How likely a page of the site is to hold a contact, by its path (0: not worth a page). */
export function contactScore(url: string): number {
  let best = 0;
  for (const raw of new URL(url).pathname.toLowerCase().split('/')) {
    const seg = raw.replace(/\.(?:html?|php|aspx?)$/, '');
    for (const [re, score] of SCORES) if (re.test(seg)) best = Math.max(best, score);
  }
  return best;
}

const pageKey = (url: string) => {
  const u = new URL(url);
  return `${u.hostname.replace(/^www\./, '')}${u.pathname.replace(/\/+$/, '') || '/'}`;
};

function readPage(page: HtmlPage): SitePage {
  return { url: page.finalUrl, links: page.html ? anchorLinks(page.html, page.finalUrl) : [], emails: page.html ? emailsInHtml(page.html) : [] };
}

/**
 * Crawls the site of `startUrl` (an owner domain). Throws when the declared page itself cannot be
 * read (the caller lists the site as failed); a byte-capped declared page gives an empty, limited scan.
 * `onPage` is told of each page as soon as it is read (index 0: the declared page, then the
 * picked pages in rank order), so its links can be followed without waiting for the others.
 */
export async function crawlSite(f: LookupFetcher, startUrl: string, onPage: (page: SitePage, index: number) => void = () => undefined): Promise<SiteScan> {
  const domain = registrableDomain(startUrl)!;
  const scan: SiteScan = { startUrl, domain, pages: [], failed: [], limited: false, redirectedTo: null };
  let home: HtmlPage;
  try {
    home = await fetchHtmlPage(f, startUrl, 'website');
  } catch (e) {
    if (isOverByteCap(e)) {
      scan.limited = true;
      return scan;
    }
    throw e;
  }
  const landed = registrableDomain(home.finalUrl);
  if (landed !== domain) {
    scan.redirectedTo = home.finalUrl;
    return scan;
  }
  const first = readPage(home);
  scan.pages.push(first);
  onPage(first, 0);

  // Candidate pages: same registrable domain, scored by path, best first (ties: page order).
  const seen = new Set([pageKey(startUrl), pageKey(home.finalUrl)]);
  const candidates: { url: string; score: number; order: number }[] = [];
  const root = new URL('/', home.finalUrl).href;
  const consider = (url: string, score: number) => {
    const k = pageKey(url);
    if (seen.has(k) || score <= 0) return;
    seen.add(k);
    candidates.push({ url, score, order: candidates.length });
  };
  consider(root, 1);
  for (const link of first.links) {
    if (registrableDomain(link) !== domain) continue;
    const u = new URL(link);
    u.search = '';
    consider(u.href, contactScore(u.href));
  }
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  const picked = candidates.slice(0, SITE_MAX_PAGES - 1);
  if (candidates.length > picked.length) scan.limited = true;

  const read: (SitePage | null)[] = picked.map(() => null);
  const results = await Promise.allSettled(
    picked.map((c, i) =>
      fetchHtmlPage(f, c.url, 'website').then((page) => {
        // A contact link that leaves the site (a form service, a link page) is not read as the site's page.
        if (registrableDomain(page.finalUrl) !== domain) return;
        read[i] = readPage(page);
        onPage(read[i]!, i + 1);
      }),
    ),
  );
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') {
      if (read[i]) scan.pages.push(read[i]!);
    } else if (isOverByteCap(r.reason)) scan.limited = true;
    else if (!(isApiError(r.reason) && r.reason.code === 'NOT_FOUND')) scan.failed.push(picked[i].url);
  });
  return scan;
}
