/**
 * A page is parsed once, by the code that fetched it, and that one document is read by each of its
 * readers (website.ts readPage, linkpages.ts's generic link page). No reader edits it: one that
 * leaves a part of the page out (its footer, its menus) reads a copy (parse/load-html.ts
 * withoutElements), so every reader's answer is the one it gives on a parse of its own, in any
 * order. The pages are written here for these tests (hand-made, in the shapes of the sample web).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Parser } from 'parse5';
import { loadHtml, withoutElements } from '../parse/load-html.js';
import type { Html } from '../parse/load-html.js';
import { anchorLinks, pageMeta } from '../platforms/page-text.js';
import { LookupFetcher } from './fetcher.js';
import { fetchLinkPage } from './linkpages.js';
import { beaconsPage, sitePage } from './sample-web.js';
import { scriptLinks } from './script-links.js';
import { creditedEmails, emailLines, sponsorEmails } from './sponsors.js';
import { anchorContexts, cardNames, emailsInHtml, jsonLdSameAs, pageAnchors, visibleText } from './text.js';
import { chromeOf, crawlSite } from './website.js';
import { fakeContext } from '../../test/support/discovery-context.js';

const URL0 = 'https://ilsebakt.nl/';
const socials = JSON.stringify({ props: { pageProps: { socials: [{ platform: 'tiktok', url: 'https://www.tiktok.com/@ilsebakt' }] } } });

/** Every kind of thing a reader reads, in the page's chrome and outside it. */
const PAGE = `<!DOCTYPE html><html><head><title>Ilse bakt</title><meta property="og:title" content="Ilse bakt">
<script type="application/ld+json">{"@type":"Person","sameAs":["https://www.youtube.com/@ilsebakt","https://www.instagram.com/ilsebakt"]}</script>
<script id="__NEXT_DATA__" type="application/json">${socials}</script></head>
<body><header><nav><a href="/">Home</a> <a href="/contact">Contact</a> <a href="https://www.pinterest.com/ilsebakt/">Pinterest</a></nav>
<p>Studio: studio@ilsebakt.nl</p></header>
<main><p>Bookings: hello@ilsebakt.nl</p>
<div><h3>Joost de Wit</h3><a href="https://www.instagram.com/joostdewit">Instagram</a></div>
<p>Photos by <a href="https://www.instagram.com/joost.foto">@joost.foto</a></p>
<p>Fotografie: Joost de Wit (joost@dewitfoto.nl)</p>
<p>Use code ILSE10 for 10% off at <a href="https://shop.bakeware.nl/?ref=ilse10">Bakeware</a> — partners@bakeware.nl</p>
<p><a href="https://www.instagram.com/ilsebakt">my instagram</a> · <a href="/about">about</a></p></main>
<footer><p>Site by Studio Nord · hello@studionord.de</p><a href="https://studionord.de/">Studio Nord</a>
<a href="https://www.facebook.com/ilsebakt">Facebook</a> <a href="/contact">Contact</a></footer></body></html>`;

const plain = (v: unknown): unknown => (v instanceof Map ? Object.fromEntries(v) : v instanceof Set ? [...v] : v);

/** Each reader of a page, by name: what it answers of `page`. */
const READERS: Record<string, (page: Html) => unknown> = {
  chromeOf: (p) => chromeOf(p, URL0),
  footerlessAnchors: (p) => pageAnchors(p, URL0, { skipFooter: true }),
  withoutMenus: (p) =>
    pageAnchors(
      withoutElements(p, 'a test page', (d) => d('nav, header')),
      URL0,
    ),
  pageAnchors: (p) => pageAnchors(p, URL0),
  anchorLinks: (p) => anchorLinks(p, URL0, { skip: 'a[href^="/"]' }),
  pageMeta: (p) => pageMeta(p, URL0),
  jsonLdSameAs: (p) => jsonLdSameAs(p, URL0),
  scriptLinks: (p) => scriptLinks(p, URL0),
  visibleText: (p) => visibleText(p),
  emailsInHtml: (p) => emailsInHtml(p),
  anchorContexts: (p) => anchorContexts(p, URL0),
  cardNames: (p) => cardNames(p, URL0),
  sponsorEmails: (p) => sponsorEmails(p, URL0),
  creditedEmails: (p) => creditedEmails(p, URL0),
  emailLines: (p) => emailLines(p, URL0),
};

const readAll = (page: Html, order: string[]) => Object.fromEntries(order.map((name) => [name, plain(READERS[name](page))]));

describe('one parse of a page, read by every reader', () => {
  // Each reader on a parse of its own: the answers the shared document must give.
  const alone = Object.fromEntries(Object.entries(READERS).map(([name, read]) => [name, plain(read(PAGE))]));

  it('the answers are the page’s (this page exercises every reader)', () => {
    expect(alone.chromeOf).toEqual({
      emails: ['studio@ilsebakt.nl', 'hello@studionord.de'],
      links: [
        'https://ilsebakt.nl/',
        'https://ilsebakt.nl/contact',
        'https://www.pinterest.com/ilsebakt/',
        'https://studionord.de/',
        'https://www.facebook.com/ilsebakt',
      ],
    });
    expect(alone.footerlessAnchors).not.toContainEqual(expect.objectContaining({ url: 'https://www.facebook.com/ilsebakt' }));
    expect(alone.withoutMenus).not.toContainEqual(expect.objectContaining({ url: 'https://www.pinterest.com/ilsebakt/' }));
    expect(alone.jsonLdSameAs).toEqual(['https://www.youtube.com/@ilsebakt', 'https://www.instagram.com/ilsebakt']);
    expect(alone.scriptLinks).toEqual([{ url: 'https://www.tiktok.com/@ilsebakt', text: 'tiktok' }]);
    expect(alone.sponsorEmails).toEqual(expect.arrayContaining(['partners@bakeware.nl', 'hello@studionord.de']));
    expect(alone.creditedEmails).toMatchObject({ 'joost@dewitfoto.nl': 'Joost de Wit' });
    expect(alone.cardNames).toMatchObject({ 'https://www.instagram.com/joostdewit': 'Joost de Wit' });
    expect(alone.emailsInHtml).toEqual(expect.arrayContaining(['hello@ilsebakt.nl', 'studio@ilsebakt.nl', 'joost@dewitfoto.nl']));
  });

  const names = Object.keys(READERS);
  it.each([
    ['in order', names],
    ['in reverse', [...names].reverse()],
    ['the others first, then each reader that leaves a part out', [...names.slice(3), ...names.slice(0, 3)]],
  ])('%s: each answer is the one of its own parse, and the document is left as parsed', (_, order) => {
    const $ = loadHtml(PAGE, 'a test page');
    const before = $.html();
    expect(readAll($, order)).toEqual(alone);
    expect($.html()).toBe(before);
    // Read again, in the opposite order, from the same document.
    expect(readAll($, [...order].reverse())).toEqual(alone);
  });
});

describe('each page fetched is parsed once', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a website crawl: one parse per page read', async () => {
    const pages: Record<string, string> = {
      [URL0]: PAGE,
      [`${URL0}contact`]: sitePage('Contact', '<p>Write to hello@ilsebakt.nl</p>', {
        footer: '<p>Site by Studio Nord · hello@studionord.de</p>',
      }),
      [`${URL0}about`]: sitePage('About', '<p>Baker in Utrecht. <a href="https://www.instagram.com/ilsebakt">Instagram</a></p>'),
    };
    const ctx = fakeContext((r) => (pages[r.url] ? { body: pages[r.url] } : { status: 404, body: 'not here' }));
    const parses = vi.spyOn(Parser, 'parse');
    const scan = await crawlSite(new LookupFetcher(ctx, new AbortController().signal), URL0);
    expect(scan.pages.map((p) => p.url).sort()).toEqual(Object.keys(pages).sort());
    expect(scan.pages[0].chrome).toEqual(['studio@ilsebakt.nl', 'hello@studionord.de']);
    expect(parses).toHaveBeenCalledTimes(3);
  });

  it('a link page of a vendor without an extractor: one parse', async () => {
    const html = beaconsPage(
      'ilsebakt',
      'Ilse bakt',
      ['https://www.instagram.com/ilsebakt', 'https://ilsebakt.nl/'],
      '<p>Bookings: hello@ilsebakt.nl</p>',
    );
    const ctx = fakeContext(() => ({ body: html }));
    const parses = vi.spyOn(Parser, 'parse');
    const view = await fetchLinkPage(new LookupFetcher(ctx, new AbortController().signal), 'https://beacons.ai/ilsebakt');
    expect(view.links).toEqual(expect.arrayContaining(['https://www.instagram.com/ilsebakt', 'https://ilsebakt.nl/']));
    expect(view.emails).toEqual(['hello@ilsebakt.nl']);
    expect(parses).toHaveBeenCalledTimes(1);
  });
});
