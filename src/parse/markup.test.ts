/**
 * Linear scans of markup text (markup.ts): the same matches as the regexes they replace, on random
 * markup, and bounded time on the texts that made those regexes quadratic.
 */
import { describe, expect, it } from 'vitest';
import { markupTags, scriptElements, stripTags } from './markup.js';

/** A small deterministic generator (the same random markup on every run). */
function randomMarkup(pieces: string[], count: number, seed = 1): string[] {
  let s = seed;
  const rnd = (n: number) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
  return Array.from({ length: count }, () => Array.from({ length: rnd(12) }, () => pieces[rnd(pieces.length)]).join(''));
}

const timed = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

describe('scriptElements', () => {
  it('what /<script\\b([^>]*)>([\\s\\S]*?)<\\/script>/gi matches, on 20,000 random pages', () => {
    const pieces = [
      '<script>',
      '<SCRIPT type="a">',
      '<script id=x',
      '>',
      '</script>',
      '</SCRIPT>',
      '<scripts>',
      'x',
      '<',
      ' ',
      '{"a":1}',
      '</script ',
    ];
    for (const html of randomMarkup(pieces, 20_000)) {
      const want = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => [m[1], m[2], m.index]);
      const got = [...scriptElements(html)].map((s) => [s.attrs, s.body, s.start]);
      expect(got, html).toEqual(want);
    }
  });

  it('2 MB of unclosed <script> tags (the regex: minutes): well under a second', () => {
    expect(timed(() => [...scriptElements('<script id="__NEXT_DATA__">{'.repeat(70_000))])).toBeLessThan(1000);
    expect(timed(() => [...scriptElements('<script '.repeat(230_000))])).toBeLessThan(1000);
  });
});

describe('markupTags and stripTags', () => {
  it('what /<[^>]*>/g and /<[^>]+>/g remove, on 20,000 random texts', () => {
    const pieces = ['<b>', '</b>', '<', '>', '<>', 'x', ' ', '<a href="y">', '&lt;'];
    for (const t of randomMarkup(pieces, 20_000, 3)) {
      expect(stripTags(t), t).toBe(t.replace(/<[^>]*>/g, ''));
      expect(stripTags(t, { nonEmpty: true }), t).toBe(t.replace(/<[^>]+>/g, ''));
      expect(
        [...markupTags(t)].map((m) => t.slice(m.start, m.end)),
        t,
      ).toEqual(t.match(/<[^>]*>/g) ?? []);
    }
  });

  it('200 KB of `<` (the regex: 54 s): well under a second', () => {
    expect(timed(() => stripTags('<'.repeat(200_000)))).toBeLessThan(500);
  });
});
