/** pageAnchors on hostile pages: an anchor's text is kept up to ANCHOR_TEXT_MAX, in bounded time. */
import { describe, expect, it } from 'vitest';
import { ANCHOR_TEXT_MAX, pageAnchors } from './page-text.js';
import { cpuMs } from '../../test/support/cpu-time.js';

describe('pageAnchors', () => {
  it('keeps each anchor’s text and title in page order, each URL once', () => {
    const html = '<a href="/a">About</a> <a href="https://x.com/lena" title="X">@lena</a> <a href="/a">us</a>';
    expect(pageAnchors(html, 'https://lena.example/')).toEqual([
      { url: 'https://lena.example/a', text: 'About us' },
      { url: 'https://x.com/lena', text: '@lena X' },
    ]);
  });

  it('a 100 KB anchor text, and 10,000 anchors to one URL each with its own text: at most ANCHOR_TEXT_MAX characters, in bounded time', () => {
    const long = `<a href="https://x.com/a">${'word '.repeat(20_000)}</a>`;
    const many = Array.from({ length: 10_000 }, (_, i) => `<a href="https://x.com/b">label ${i}</a>`).join('');
    const started = cpuMs();
    const [a] = pageAnchors(long, 'https://h.example/');
    const [b] = pageAnchors(many, 'https://h.example/');
    expect(cpuMs() - started).toBeLessThan(3000);
    expect(a.text.length).toBeLessThanOrEqual(ANCHOR_TEXT_MAX);
    expect(b.text.length).toBeLessThanOrEqual(ANCHOR_TEXT_MAX);
    expect(b.text.startsWith('label 0 label 1 label 2')).toBe(true);
  });
});
