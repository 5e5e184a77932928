/**
 * websearch (Google web search) — pure parsing of result pages and building of the search URL.
 * No I/O here: the fetcher hands us the HTML.
 *
 * Four result layouts are understood, all found by one walk over the result headings of the
 * results area, in document order:
 *  - desktop JS SERP (2023): `<a href="https://…"><h3 class="LC20lb">Title</h3></a>` inside
 *    `div.g`; snippet in `div.VwiC3b`.
 *  - no-JS / basic SERP (2023): `<a href="/url?q=<target>&sa=U…"><h3>…</h3></a>` inside
 *    `div.Gx5Zad`; snippet in the innermost `div.BNeawe.s3v9rd.AP7Wnd` of that block.
 *  - old desktop SERP (2016): `<h3 class="r"><a href="…">Title</a></h3>` inside `div.g`;
 *    snippet in `span.st`.
 *  - mobile SERP (2023, a phone's user agent): no `h3`; `<a role="presentation" href="https://…">`
 *    wraps a `<div role="heading" aria-level="3">` title; snippet in `div.VwiC3b`.
 * Non-organic blocks (Top stories, People also ask, knowledge panel, ads) are skipped by the
 * containers they sit in; the featured snippet's page is the first result unless the page lists it
 * among the organic ones too (featuredResult).
 *
 * Outcomes: organic results; `{results: []}` for a genuine no-results page; UPSTREAM_BLOCKED for
 * the consent interstitial, the "unusual traffic" / reCAPTCHA page and the JavaScript-only shell
 * (walls.ts); anything else is a shape change (UPSTREAM_FAILED), never an empty 200.
 *
 * Google serves these pages in the searcher's language (`hl`, the IP's country), so no-results,
 * consent and "unusual traffic" pages are recognised by their structure, never by their English
 * wording: the no-results card (`#topstuff`, or the no-JS card echoing the query) with no organic
 * heading beside it, however many ad headings there are; the consent page by its forms posting to
 * consent.google.*; the /sorry/ page by its markers (walls.ts `isSorryMarkup`, the rule the
 * upstream client applies before this parser, read here too for pages handed to it directly).
 */
import type { CheerioAPI, contains } from 'cheerio';
import { shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { collapse, htmlReader, loadHtml } from '../../parse/index.js';
import type { WebSearchResult, WebSearchPage } from './schema.js';
import { isJsShellMarkup, isSorryMarkup } from './walls.js';
export type { WebSearchResult, WebSearchPage } from './schema.js';

export type DatePosted = 'last-hour' | 'last-day' | 'last-week' | 'last-month' | 'last-year';

export interface SearchUrlParams {
  query: string;
  region?: string | null;
  datePosted?: DatePosted | null;
  page: number;
}

const PLATFORM = 'websearch';
const GOOGLE_BASE = 'https://www.google.com';

const QDR: Record<DatePosted, string> = {
  'last-hour': 'h',
  'last-day': 'd',
  'last-week': 'w',
  'last-month': 'm',
  'last-year': 'y',
};

/**
 * `https://www.google.com/search?q=…&hl=en[&gl=…][&start=…][&tbs=qdr:…]` — parameters in that
 * order, encoded by URLSearchParams (so a space is `+` and `qdr:w` is sent as `qdr%3Aw`, which
 * Google reads the same). `start` is left out on page 1.
 */
export function buildSearchUrl(p: SearchUrlParams): string {
  const sp = new URLSearchParams();
  sp.set('q', p.query);
  sp.set('hl', 'en');
  const region = p.region?.trim();
  if (region) sp.set('gl', region.toLowerCase());
  if (p.page > 1) sp.set('start', String(10 * (p.page - 1)));
  if (p.datePosted) sp.set('tbs', `qdr:${QDR[p.datePosted]}`);
  return `${GOOGLE_BASE}/search?${sp.toString()}`;
}

/** Results area, most specific first: desktop `#search` (holds `#rso`), no-JS `#main`. */
const SCOPES = ['#search', '#rso', '#main', '#center_col'];

/**
 * Blocks whose headings are not organic results: right-hand knowledge panel, Top stories and
 * other carousels with a header, People also ask, featured snippet (`kp-blk`, `block-component`),
 * ads.
 */
const NON_ORGANIC = [
  '#rhs',
  'g-section-with-header',
  'g-scrolling-carousel',
  'g-accordion-expander',
  '.related-question-pair',
  '[data-initq]',
  '.kp-blk',
  'block-component',
  '#tads',
  '#tadsb',
  '#bottomads',
  '[data-text-ad]',
].join(', ');

/** The block of one result, most specific layout first (desktop/2016 `div.g`, no-JS `div.Gx5Zad`). */
const CONTAINERS = ['div.g', 'div.Gx5Zad', 'div.MjjYud', 'div.xpd', 'div[data-hveid]'];

/**
 * A result's heading: `h3`, or — the mobile layout (2023) writes no `h3` — the ARIA level-3
 * heading inside the result's link, which that layout marks `role="presentation"`. Its feature
 * cards (videos, apps, places) carry the same headings outside a link or in links of other roles,
 * as do the desktop layout's carousels.
 */
const HEADING = 'h3, a[href][role="presentation"] [role="heading"][aria-level="3"]';

function isGoogleHost(host: string): boolean {
  return /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/i.test(host);
}

/** Google Search's own hosts (`www.google.de`, `google.com`), not its other sites (developers.google.com). */
function isSearchHost(host: string): boolean {
  return /^(?:www\.)?google\.[a-z]{2,3}(\.[a-z]{2})?$/i.test(host);
}

/**
 * Turn a result link's href into the target URL, or null when it is not an organic target:
 * resolves Google's `/url?q=<target>` redirect (the `q` value, URL-decoded; older pages use
 * `url=`), keeps only http(s), drops Google-internal navigation (Search's own `/search`, cache,
 * the sign-in prompt, ads); Google's other sites (developers.google.com/search, accounts.google.com)
 * are results like any other.
 * A direct href is returned exactly as written (its own percent-encoding preserved).
 */
export function resolveResultHref(href: string | undefined): string | null {
  if (!href) return null;
  const raw = href.trim();
  let u: URL;
  try {
    u = new URL(raw, GOOGLE_BASE);
  } catch {
    return null;
  }
  if (isGoogleHost(u.hostname) && u.pathname === '/url') {
    const target = [u.searchParams.get('q'), u.searchParams.get('url')].find((t) => t && /^https?:\/\//i.test(t));
    return target ? resolveResultHref(target) : null;
  }
  if (!/^https?:\/\//i.test(raw)) return null; // relative (Google navigation), javascript:, mailto:, #…
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const host = u.hostname.toLowerCase();
  if (host === 'webcache.googleusercontent.com') return null;
  // The sign-in prompt (ServiceLogin / signin): never a result. accounts.google.com's other pages
  // (its home, account creation) are results of searches for them.
  if (host === 'accounts.google.com' && /^\/(?:ServiceLogin|signin)\b/i.test(u.pathname)) return null;
  if (host.endsWith('googleadservices.com')) return null;
  if (isSearchHost(host) && (u.pathname === '/search' || u.pathname.startsWith('/sorry') || u.pathname === '/aclk')) return null;
  return raw;
}

/**
 * Google's opaque redirect to a result (2026: `href="/goto?url=CAES…"`, a sealed token Google's
 * own redirect resolves; seen on some results or all of them). The target is not in the link:
 * such a result cannot be given, and is warned (`result.url`), never silently dropped.
 */
function isOpaqueRedirect(href: string | undefined): boolean {
  try {
    const u = new URL((href ?? '').trim(), GOOGLE_BASE);
    return isSearchHost(u.hostname) && u.pathname === '/goto';
  } catch {
    return false;
  }
}

/**
 * The consent interstitial itself (forms posting to consent.google.*, no results area) and the
 * /sorry/ page are walls (walls.ts), answered before this parser. A results page with an inline
 * consent dialog keeps its results area and is parsed; without results, its forms say what it is.
 */
const CONSENT_FORMS = 'form[action*="consent.google."]';

function detectConsent($: CheerioAPI): void {
  if ($(CONSENT_FORMS).length > 0) {
    throw upstreamBlocked(
      `${PLATFORM}: Google answered with its consent interstitial (forms posting to consent.google.com) instead of results`,
    );
  }
}

/**
 * Headings a results page may hold: Google shows 10 results a page (the 2016 page of 100 results
 * has 102 headings). A page of more is no results page (an outside sweep sent 113,000 rows to the
 * code platform's 25): refused, and every heading costs a walk of its ancestors below.
 */
export const MAX_HEADINGS = 300;
/**
 * A block holding more headings than this is no one result's block: no snippet is looked for in
 * it. Each look reads the whole block, once per heading: a block of 2,000 result headings took a
 * minute. Real result blocks hold one heading (sitelinks a few).
 */
const MAX_HEADINGS_PER_BLOCK = 10;

/** cheerio's node type (domhandler's AnyNode). */
type Node = Parameters<typeof contains>[0];

/** How many of `heads` each element holds (each heading counted on its ancestors: linear in headings × depth). */
function headingCounts($: CheerioAPI, heads: Node[]): Map<Node, number> {
  const counts = new Map<Node, number>();
  for (const el of heads) for (const p of $(el).parents().toArray()) counts.set(p, (counts.get(p) ?? 0) + 1);
  return counts;
}

function extractResults($: CheerioAPI): { results: WebSearchResult[]; opaque: number } {
  const scopeSel = SCOPES.find((s) => $(s).length > 0);
  const scope = $(scopeSel ?? 'html').first();
  const results: WebSearchResult[] = [];
  let opaque = 0;
  const h = htmlReader($, { platform: PLATFORM, record: 'result' });

  const heads = scope.find(HEADING).toArray();
  if (heads.length > MAX_HEADINGS)
    throw upstreamFailed(
      `${PLATFORM}: the results page holds ${heads.length} result headings; Google shows 10 a page (a page of more than ${MAX_HEADINGS} is refused)`,
    );
  const counts = headingCounts($, heads);

  $(heads).each((_, h3el) => {
    const h3 = $(h3el);
    if (h3.closest(NON_ORGANIC).length > 0) return;

    // Desktop / no-JS: the link wraps the heading. 2016: the link sits inside the heading.
    let link = h3.parents('a[href]').first();
    let titleNode = h3;
    if (link.length === 0) {
      link = h3.find('a[href]').first();
      titleNode = link;
    }
    // A heading in a result block without a usable link is a result that lost it (warned); a
    // heading outside one (the no-JS knowledge-panel heading) is not a result, nor one in an
    // anchor that is a button (the panel's "Try again", `<a role="button">`, no href).
    const inResult = h3.closest(CONTAINERS.join(', ')).length > 0;
    if (link.length === 0) {
      if (inResult && h3.closest('a').not('[role="button"]').length > 0) h.warn('url', 'a result heading whose link has no href');
      return;
    }
    const url = resolveResultHref(link.attr('href'));
    if (!url) {
      if (isOpaqueRedirect(link.attr('href'))) {
        opaque++;
        h.warn('url', "a result linked through Google's opaque /goto redirect (its target is not in the page)");
      }
      return;
    }
    const title = collapse(titleNode.text());
    if (!title) {
      if (inResult) h.warn('title', 'a result link without a title');
      return;
    }

    const container = findContainer($, h3, counts);
    const description = container && (counts.get(container[0]) ?? 0) <= MAX_HEADINGS_PER_BLOCK ? findSnippet($, container, link) : '';

    // Safety net for a repeated block (e.g. a featured snippet in markup we do not know):
    // identical consecutive URLs collapse; different URLs (google.com/ vs www.google.com/) stay.
    const prev = results[results.length - 1];
    if (prev && prev.url === url) {
      if (!prev.description && description) prev.description = description;
      return;
    }
    results.push({ url, title, description });
  });
  // The featured snippet's page is the first result; today's pages do not repeat it below (the
  // 2016 layout did: then it keeps its place among the organic results).
  const featured = featuredResult($, counts);
  if (featured && !results.some((r) => r.url === featured.url)) results.unshift(featured);
  return { results, opaque };
}

/** The featured snippet's blocks (2016–2023): above the results, inside `#search` or before it (`#Odp5De`). */
const FEATURED_BLOCKS = 'block-component, .kp-blk';
/** Question lists whose expanded answers look like a featured snippet but are not results. */
const QUESTIONS = '.related-question-pair, [data-initq], g-accordion-expander';

/**
 * The featured snippet's source page as a result: the first heading of a result block (`div.g`)
 * in a featured-snippet block outside the right-hand panel and the question lists; its text is
 * the snippet's (`.hgKElc`, the answer's description attribute) or the block's usual one.
 */
function featuredResult($: CheerioAPI, counts: Map<Node, number>): WebSearchResult | null {
  // From the root, not `$(FEATURED_BLOCKS).find(…)`: cheerio's find over many elements is quadratic in them.
  const h3 = $.root()
    .find(
      FEATURED_BLOCKS.split(', ')
        .map((b) => `${b} div.g h3`)
        .join(', '),
    )
    .filter((_, el) => $(el).closest('#rhs').length === 0 && $(el).closest(QUESTIONS).length === 0)
    .first();
  if (h3.length === 0) return null;
  const wrapping = h3.parents('a[href]').first();
  const link = wrapping.length > 0 ? wrapping : h3.find('a[href]').first();
  const url = resolveResultHref(link.attr('href'));
  const title = collapse((wrapping.length > 0 ? h3 : link).text());
  if (!url || !title) return null;
  const block = h3.closest(FEATURED_BLOCKS);
  const answer = block.find('.hgKElc, [data-attrid="wa:/description"]').first();
  const container = findContainer($, h3, counts);
  const description = answer.length
    ? collapse(answer.text())
    : container && (counts.get(container[0]) ?? 0) <= MAX_HEADINGS_PER_BLOCK
      ? findSnippet($, container, link)
      : '';
  return { url, title, description };
}

/** A cheerio selection of elements (cheerio does not re-export domhandler's `Element`). */
type Sel = ReturnType<ReturnType<CheerioAPI['root']>['find']>;

/**
 * The block of one result: the first known container (CONTAINERS, in order) that holds this
 * heading alone, else the first that holds it at all. Google nests: a site's indented results sit
 * in the `div.g` of its first one (desktop 2023), the mobile page may wrap a whole run of results
 * in one `div.MjjYud`; the first container that matched took the snippet of the block's first
 * result for every result in it (or none, past MAX_HEADINGS_PER_BLOCK). A site's sitelinks (a
 * table of headings in its first result's `div.g`, 2016 and 2022) share every known container:
 * each is read in the largest element that holds its heading alone (its table row or cell).
 */
function findContainer($: CheerioAPI, h3: Sel, counts: Map<Node, number>): Sel | null {
  const blocks = CONTAINERS.map((sel) => h3.parents(sel).first()).filter((c) => c.length > 0);
  const alone = blocks.find((c) => counts.get(c[0]) === 1);
  if (alone) return alone;
  // Unknown markup, or a heading that shares every known container: the largest ancestor that
  // still holds only this one heading.
  let best: Sel | null = null;
  for (const p of h3.parents().toArray()) {
    const el = $(p);
    if (el.is('body, html') || (counts.get(p) ?? 0) > 1) break;
    best = el;
  }
  return best ?? blocks[0] ?? null;
}

function findSnippet($: CheerioAPI, container: Sel, link: Sel): string {
  const outsideLink = (el: Parameters<Sel['is']>[0]) => $(el as never).closest(link).length === 0;

  // desktop 2023
  const vw = container
    .find('.VwiC3b')
    .filter((_, el) => outsideLink(el))
    .first();
  if (vw.length) return collapse(vw.text());
  // 2016 (a sitelink's own snippet is a div.st)
  const st = container
    .find('span.st, div.st')
    .filter((_, el) => outsideLink(el))
    .first();
  if (st.length) return collapse(st.text());
  // no-JS: these divs nest; the innermost one without links is the snippet (the one with
  // links is the sitelinks row). A row of attribute chips above it (price, "In stock", rating:
  // spans only, no text of its own; 2022–2024 pages) is not: the first row with text of its own
  // is, else the first row.
  const rows = container
    .find('div.BNeawe.s3v9rd.AP7Wnd')
    .filter((_, el) => outsideLink(el) && $(el).find('div.BNeawe.s3v9rd.AP7Wnd').length === 0 && $(el).find('a').length === 0)
    .toArray();
  const nojs =
    rows.find((el) =>
      $(el)
        .contents()
        .toArray()
        .some((n) => n.type === 'text' && n.data.trim() !== ''),
    ) ?? rows[0];
  if (nojs) return collapse($(nojs).text());
  // other known snippet classes of recent and older desktop layouts (.zz3gNc: a sitelink's, 2022)
  const other = container
    .find('[data-sncf="1"], .IsZvec, span.aCOpRe, .zz3gNc')
    .filter((_, el) => outsideLink(el))
    .first();
  if (other.length) return collapse(other.text());
  return '';
}

/** Headings that could be organic results: outside the non-organic blocks, not linking to an ad. */
function organicHeadings($: CheerioAPI, scope: string): number {
  return $(scope)
    .first()
    .find(HEADING)
    .filter((_, el) => {
      const h3 = $(el);
      if (h3.closest(NON_ORGANIC).length > 0) return false;
      const href = (h3.parents('a[href]').first().attr('href') ?? h3.find('a[href]').first().attr('href') ?? '').trim();
      return !/^(?:https?:\/\/[^/]*google[^/]*)?\/aclk\b|googleadservices\.com/i.test(href);
    }).length;
}

/** The query as the page's own search box holds it ('' when there is no box). */
function queryOf($: CheerioAPI): string {
  const box = $('input[name="q"], textarea[name="q"]').first();
  return collapse(box.is('textarea') ? box.text() : box.attr('value'));
}

/**
 * A no-results page, by structure: the results area holds no organic heading (ad, "People also
 * ask" and other non-organic headings may be there), and either Google's no-results card is
 * present — desktop `#topstuff` with content, or (no-JS) a card without links that echoes the
 * query in its own element (`<em>`/`<span>`) — or the page is a search page with no heading at all.
 */
function looksLikeNoResults($: CheerioAPI): boolean {
  const scope = SCOPES.find((sel) => $(sel).length > 0) ?? 'body';
  if (organicHeadings($, scope) > 0) return false;
  const hasSearchForm = $('input[name="q"], textarea[name="q"]').length > 0;
  if (hasSearchForm && $(HEADING).length === 0) return true;
  if (collapse($('#topstuff').text())) return true;
  const q = queryOf($).toLowerCase();
  if (!q) return false;
  return $(scope)
    .first()
    .find('em, b, span')
    .toArray()
    .some((el) => {
      const echo = $(el);
      if (collapse(echo.text()).toLowerCase() !== q) return false;
      const card = echo.closest(CONTAINERS.join(', '));
      return card.length > 0 && card.find('a[href]').length === 0 && card.closest(NON_ORGANIC).length === 0;
    });
}

export function parseSearchPage(html: string): WebSearchPage {
  if (typeof html !== 'string' || html.trim() === '') throw shapeChanged(PLATFORM, 'organic result blocks');
  if (isSorryMarkup(html))
    throw upstreamBlocked(`${PLATFORM}: Google answered with its "unusual traffic" page (/sorry/) instead of results`);
  if (isJsShellMarkup(html))
    throw upstreamBlocked(`${PLATFORM}: Google answered with its JavaScript-only page (no results without running its script)`);
  const $ = loadHtml(html, `${PLATFORM}: the results page`);

  const { results, opaque } = extractResults($);
  if (results.length > 0) return { results };
  if (opaque > 0)
    throw upstreamFailed(
      `${PLATFORM}: Google linked every result (${opaque}) through its opaque /goto redirect; their targets are not in the page`,
    );

  detectConsent($);
  if (looksLikeNoResults($)) return { results: [] };
  throw shapeChanged(PLATFORM, 'organic result blocks');
}
