/**
 * Reading plain HTML pages, shared by platform readers and creator discovery: a page's anchors
 * (with their text, for choosing which pages of a website to read) and its title/description tags.
 */
import { parsedHtml, withoutElements } from '../parse/load-html.js';
import type { Html } from '../parse/load-html.js';

export interface Anchor {
  /** Absolute http(s) URL, resolved against the page URL, without its fragment. */
  url: string;
  /** The anchor's visible text (or its title / aria-label), whitespace collapsed. */
  text: string;
}

/**
 * The most of an anchor's text kept (its own text, title and aria-label, and those of later anchors
 * to the same URL): a label is a few words, and everything that reads it (link scores, relation
 * and sponsor words) costs time per character — a hostile page's 100 KB anchor, or 10,000 anchors
 * to one URL each appending its text, would be read whole.
 */
export const ANCHOR_TEXT_MAX = 500;

/** What `pageAnchors` leaves out: the page's `<footer>`; anchors matching a CSS selector (`skip`) — of a copy, the page itself untouched. */
export interface AnchorOptions {
  skipFooter?: boolean;
  skip?: string;
}

/** The page's http(s) anchors in document order, each URL once (its first text kept, later non-empty texts appended). */
export function pageAnchors(page: Html, pageUrl: string, opts: AnchorOptions = {}): Anchor[] {
  const what = `the HTML of ${pageUrl}`;
  const skip = [opts.skipFooter ? 'footer' : '', opts.skip ?? ''].filter(Boolean).join(', ');
  const $ = skip ? withoutElements(page, what, (d) => d(skip)) : parsedHtml(page, what);
  const out: Anchor[] = [];
  const byUrl = new Map<string, Anchor>();
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href')?.trim();
    if (!href || /^(?:mailto|tel|javascript|sms):/i.test(href) || href.startsWith('#')) return;
    let u: URL;
    try {
      u = new URL(href, pageUrl);
    } catch {
      return;
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return;
    u.hash = '';
    const text = [$(el).text(), $(el).attr('title') ?? '', $(el).attr('aria-label') ?? '']
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, ANCHOR_TEXT_MAX);
    const seen = byUrl.get(u.href);
    if (seen) {
      if (text && seen.text.length < ANCHOR_TEXT_MAX && !seen.text.includes(text))
        seen.text = `${seen.text} ${text}`.trim().slice(0, ANCHOR_TEXT_MAX);
      return;
    }
    const a = { url: u.href, text };
    byUrl.set(u.href, a);
    out.push(a);
  });
  return out;
}

/** Absolute http(s) links of a page's anchors (resolved against the page URL), in document order, without fragments. */
export function anchorLinks(page: Html, pageUrl: string, opts: AnchorOptions = {}): string[] {
  return pageAnchors(page, pageUrl, opts).map((a) => a.url);
}

/** `og:title` / `og:description` / `<title>` / meta description of a page. */
export function pageMeta(page: Html, pageUrl?: string): { title: string | null; description: string | null } {
  const $ = parsedHtml(page, pageUrl ? `the page ${pageUrl}` : 'a page');
  const meta = (sel: string) => $(sel).attr('content')?.trim() || null;
  return {
    title: meta('meta[property="og:title"]') ?? ($('title').first().text().trim() || null),
    description: meta('meta[property="og:description"]') ?? meta('meta[name="description"]'),
  };
}
