/**
 * loadHtml / loadXml: upstream HTML within a budget. Real pages load exactly as cheerio.load
 * reads them; pages built to make parse5 quadratic or to fill the heap (an outside attack sweep:
 * 10,000 nested `<div>` 1.3–2.7 s, 40,000 about 40 s, 8 MB of `<a>` a heap out of memory) are
 * UPSTREAM_FAILED naming the page and the bound, in bounded time. Time bounds are generous (a
 * shared 2-core machine); without the budget each of these pages takes many times longer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { fixturePath, hasFixtures, readFixture } from '../../test/support/fixtures.js';
import { HTML_BUDGET, loadHtml, loadXml } from './load-html.js';
import { cpuMs } from '../../test/support/cpu-time.js';

/** The refusal of `page` (and how long it took), or a failure when it was read. */
function refusal(page: string, xml = false): { error: ApiError; ms: number } {
  const t0 = cpuMs();
  try {
    if (xml) loadXml(page, 'test: the page');
    else loadHtml(page, 'test: the page');
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { error: e, ms: cpuMs() - t0 };
  }
  throw new Error(`read in ${Math.round(cpuMs() - t0)} ms: not refused`);
}

const attrs = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}`).join('');

describe('real pages load as cheerio.load reads them', () => {
  const labels = ['code', 'websearch', 'audio-b', 'audio-c', 'shortvideo', 'video', 'social-a', 'social-b'];
  for (const label of labels) {
    it.skipIf(!hasFixtures(label))(`${label}: every .html capture, the same document`, () => {
      const files = readdirSync(fixturePath(label)).filter((f) => f.endsWith('.html'));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        const html = readFixture(label, f);
        expect(loadHtml(html, label).html(), f).toBe(cheerio.load(html).html());
      }
    });
  }

  it('.find on one element (cheerio-select handed the element, not its children): the same matches as cheerio.load’s', () => {
    const selectors = [
      'a',
      'a[href]',
      'div a',
      'h3',
      'div.g h3',
      'span, p',
      'img',
      'script',
      ':first-child',
      'a:first',
      'li:eq(1)',
      '> div',
      'div > a',
      '*',
    ];
    const pages = labels
      .filter((l) => hasFixtures(l))
      .flatMap((l) =>
        readdirSync(fixturePath(l))
          .filter((f) => f.endsWith('.html'))
          .map((f) => readFixture(l, f)),
      );
    pages.push('<div id="x"><p>a<a href="/1">1</a></p><ul><li>1</li><li>2<div><a>2</a></div></li></ul></div>');
    for (const html of pages) {
      const a = cheerio.load(html);
      const b = loadHtml(html, 'p');
      const ea = a('*').toArray();
      const eb = b('*').toArray();
      expect(eb.length).toBe(ea.length);
      const ia = new Map(ea.map((e, i) => [e, i]));
      const ib = new Map(eb.map((e, i) => [e, i]));
      const step = Math.max(1, Math.floor(ea.length / 150));
      for (let i = 0; i < ea.length; i += step)
        for (const sel of selectors) {
          const fa = a(ea[i])
            .find(sel)
            .toArray()
            .map((e) => ia.get(e));
          const fb = b(eb[i])
            .find(sel)
            .toArray()
            .map((e) => ib.get(e));
          expect(fb, `${sel} in element ${i}`).toEqual(fa);
        }
    }
  });

  it('.find in a block of 5,000 children, 300 times: linear (cheerio’s own: quadratic in the children, each time)', () => {
    const $ = loadHtml(`<div id="b">${'<i></i>'.repeat(5000)}<h3>x</h3></div>`, 'p');
    const block = $('#b');
    const t0 = cpuMs();
    for (let i = 0; i < 300; i++) expect(block.find('h3')).toHaveLength(1);
    expect(cpuMs() - t0).toBeLessThan(3000);
  });

  it('markup at the bounds still loads: 500 nested elements, 250 attributes, a 1 MB script', () => {
    const deep = '<div>'.repeat(HTML_BUDGET.depth - 12) + 'deep' + '</div>'.repeat(HTML_BUDGET.depth - 12);
    expect(loadHtml(deep, 'p')('div').length).toBe(HTML_BUDGET.depth - 12);
    expect(Object.keys(loadHtml(`<a${attrs(250)}>x</a>`, 'p')('a').attr() ?? {})).toHaveLength(250);
    const script = `<script id="data">${'x'.repeat(1024 * 1024)}</script>`;
    expect(loadHtml(script, 'p')('#data').text()).toHaveLength(1024 * 1024);
  });

  it('xml: the transcript reader’s form (cheerio xml mode)', () => {
    const xml = '<timedtext><body><p t="0" d="10">Hi</p></body></timedtext>';
    expect(loadXml(xml, 'p')('timedtext > body > p').text()).toBe('Hi');
  });
});

describe('hostile pages are refused in bounded time, UPSTREAM_FAILED naming page and bound', () => {
  it('40,000 nested <div> (200 KB; about 40 s to parse unbounded): the nesting bound, before parse5', () => {
    const { error, ms } = refusal('<html><body>' + '<div>'.repeat(40_000));
    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toBe(
      "test: the page was refused: elements nested deeper than 512 levels (the gateway's bound for an upstream page)",
    );
    expect(ms).toBeLessThan(1000);
  });

  it('8 MB of bare <a> (2.7 M elements; a 512 MB heap out of memory unbounded): refused', () => {
    const { error, ms } = refusal('<a>'.repeat(2_700_000));
    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toMatch(/^test: the page was refused: elements nested deeper than 512 levels/);
    expect(ms).toBeLessThan(2000);
  });

  it('8 MB of flat trending rows (113,698 rows, 455,000 elements): the element bound', () => {
    const row = '<article class="Box-row"><h1 class="h3"><a href="/x">x</a></h1></article>';
    const { error, ms } = refusal('<html><body>' + row.repeat(113_698));
    expect(error.message).toMatch(/refused: more than 100,000 elements/);
    expect(ms).toBeLessThan(3000);
  });

  it('1.2 M empty comments: nodes too', () => {
    expect(refusal('<!---->'.repeat(1_200_000)).error.message).toMatch(/more than 100,000 elements/);
  });

  it('nesting only parse5 builds (it ignores `</span>` after a `<div>`; the tokenizer closes both): its own stack is bounded', () => {
    const { error, ms } = refusal('<span><div></span>'.repeat(2000) + '</li>'.repeat(100_000));
    expect(error.message).toMatch(/elements nested deeper than 512 levels/);
    expect(ms).toBeLessThan(2000);
  });

  it('end tags scanning 500 open elements, 400,000 times: the step bound', () => {
    const { error, ms } = refusal('<span>'.repeat(500) + '</li>'.repeat(400_000));
    expect(error.message).toMatch(/more than 20,000,000 parser steps/);
    expect(ms).toBeLessThan(3000);
  });

  it('text tokens at depth 500 under an open <b> (each one rescans the stack in parse5): the step bound', () => {
    const { error, ms } = refusal('<b>' + '<div>'.repeat(500) + 'a '.repeat(1_000_000));
    expect(error.message).toMatch(/more than 20,000,000 parser steps/);
    expect(ms).toBeLessThan(3000);
  });

  it('formatting elements parse5 re-creates in every block (`<div><b x=N></div>`…): its stack or node bound', () => {
    const page = Array.from({ length: 100_000 }, (_, i) => `<div><b a=${i}></div>`).join('');
    const { error, ms } = refusal(page);
    expect(error.message).toMatch(/nested deeper than 512|more than 100,000 elements/);
    expect(ms).toBeLessThan(5000);
  });

  it('20,000 attributes on one element (parse5 compares each with the others): the attribute bound', () => {
    const { error, ms } = refusal(`<a${attrs(20_000)}>`);
    expect(error.message).toMatch(/an element with more than 256 attributes/);
    expect(ms).toBeLessThan(500);
  });

  it('3 MB of text, an attribute, a comment, a tag left open at the end: the text bound (parse5 holds ~33 bytes a character)', () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    for (const page of [
      `<p>${big}`,
      `<script>${big}</script>`,
      `<a b="${big}">`,
      `<a b="${big}`,
      `<!--${big}-->`,
      `<a${big}`,
      `</a${big}>`,
    ]) {
      const { error, ms } = refusal(page);
      expect(error.message, page.slice(0, 12)).toMatch(/a text, attribute or comment of more than 2,097,152 characters/);
      expect(ms).toBeLessThan(1500);
    }
  });

  it('xml: 100,000 nested elements refused (htmlparser2 is quadratic in its own nesting)', () => {
    const { error, ms } = refusal('<timedtext>' + '<p>'.repeat(100_000), true);
    expect(error.message).toMatch(/elements nested deeper than 512 levels/);
    expect(ms).toBeLessThan(1000);
  });
});

describe('the one way in', () => {
  it('no module under src/ parses markup with cheerio.load itself: every page goes through loadHtml / loadXml', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = `${dir}/${e.name}`;
        if (e.isDirectory()) walk(p);
        else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !p.endsWith('parse/load-html.ts')) {
          if (/\bcheerio\s*\.\s*load\s*\(/.test(readFileSync(p, 'utf8'))) offenders.push(p);
        }
      }
    };
    walk(new URL('..', import.meta.url).pathname.replace(/\/$/, ''));
    expect(offenders).toEqual([]);
  });
});
