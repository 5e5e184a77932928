/**
 * The block catalogue reads every upstream answer — one from a server the caller names (a
 * Mastodon server, a publication's custom domain, a creator's website) too — so its signatures
 * must stay linear in what a hostile server sends (an outside sweep of hostile upstreams, session
 * 36). Markup with a vendor token and `<` that never close made the signatures' `<tag\b[^>]*…[^>]*`
 * backtrack from every `<` over everything after it: 24 KB held the gateway's event loop 8 s (over
 * the wire, a Mastodon profile asked of such a server), 64 KB minutes; script signatures looked
 * back from every match. Pages written here for it; bounds on this thread's CPU time, generous for
 * a shared 2-core machine.
 */
import { describe, expect, it } from 'vitest';
import { vendorBlock } from '../../src/upstream/blocks/catalogue.js';
import { cpuMs } from '../support/cpu-time.js';

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = cpuMs();
  const value = f();
  return { value, ms: cpuMs() - t0 };
}

const bait = (fragment: string, bytes: number) => `<html>px-captcha ${fragment.repeat(Math.ceil(bytes / fragment.length))}`.slice(0, bytes);

describe('vendor signatures on hostile markup: linear', () => {
  it('24 KB of unclosed `<meta name=description ` after a vendor token (8 s before): no vendor, at once', () => {
    const { value, ms } = timed(() => vendorBlock(bait('<meta name=description ', 24 * 1024)));
    expect(value).toBeNull();
    expect(ms).toBeLessThan(1000);
  });

  it('the whole window read (256 KB) of it, of `<script src="`, and of tags that close every 1 KB (the longest still read): no vendor, in bounded time', () => {
    const closing = (fragment: string) => bait(`${fragment.repeat(Math.floor(1020 / fragment.length))}>`, 256 * 1024);
    const { value, ms } = timed(() => [
      vendorBlock(bait('<meta name=description ', 256 * 1024)),
      vendorBlock(bait('<script src="', 256 * 1024)),
      vendorBlock(closing('<meta name=description ')),
      vendorBlock(closing('<script src="')),
    ]);
    expect(value).toEqual([null, null, null, null]);
    expect(ms).toBeLessThan(4000);
  });

  it('17,000 script markers outside any script (1.7 s before): no vendor, at once', () => {
    const { value, ms } = timed(() => vendorBlock(`<html><script></script>${'window._pxUuid='.repeat(17_000)}`));
    expect(value).toBeNull();
    expect(ms).toBeLessThan(500);
  });

  it('a challenge page is still one beside a tag that never closes, or a long one; a marker inside a script still counts', () => {
    const longImg = `<img src="data:image/png;base64,${'A'.repeat(3000)}">`;
    const px = '<meta name="description" content="px-captcha">';
    expect(vendorBlock(`<html><head>${px}</head><body>${longImg}<p>x</p></body></html>`)?.source).toBe('perimeterx');
    expect(vendorBlock(`<html><head>${longImg}${px}</head><body>< ${'z'.repeat(5000)}</body></html>`)?.source).toBe('perimeterx');
    expect(vendorBlock(`<html><head><title>x</title></head><body><script>window._pxUuid = "a1";</script></body></html>`)?.source).toBe(
      'perimeterx',
    );
    expect(vendorBlock(`<html><body><script></script>window._pxUuid = "a1";</body></html>`)).toBeNull();
  });
});

describe("script signatures read a script's code, not its strings and comments", () => {
  const page = (script: string) => `<!DOCTYPE html><html><head><script>${script}</script></head><body><p>x</p></body></html>`;

  it('a marker in a comment, a string or a template is text; the same marker after a regular expression or a division holding a quote is code', () => {
    expect(vendorBlock(page('/* window._cf_chl_opt={} */ var a = 1;'))).toBeNull();
    expect(vendorBlock(page("// window._pxUuid = 'x'\nvar a = 1;"))).toBeNull();
    expect(vendorBlock(page('var bio = "she wrote window._pxUuid = 1";'))).toBeNull();
    expect(vendorBlock(page('var bio = `window._cf_chl_opt={}`;'))).toBeNull();
    expect(vendorBlock(page("var re = /'/g; window._pxUuid = 'a1';"))?.source).toBe('perimeterx');
    expect(vendorBlock(page("var h = 10 / 2, q = \"'\"; window._pxUuid = 'a1';"))?.source).toBe('perimeterx');
    expect(vendorBlock(page("var t = `a ${'b'}`; window._cf_chl_opt={cType: 'managed'};"))?.source).toBe('cloudflare');
  });

  it('a JSON data block is never code, whatever it holds', () => {
    expect(vendorBlock(`<html><head><script type="application/json">window._cf_chl_opt={}</script></head></html>`)).toBeNull();
    expect(vendorBlock(`<html><head><script type="application/ld+json">window._pxUuid = 'a1';</script></head></html>`)).toBeNull();
  });

  it('20,000 markers inside one string of a script: no vendor, at once (one pass over the script)', () => {
    const { value, ms } = timed(() => vendorBlock(page(`var s = "${'window._pxUuid='.repeat(20_000)}";`)));
    expect(value).toBeNull();
    expect(ms).toBeLessThan(500);
  });

  it('10,000 elements a script holds as text: no vendor, at once', () => {
    const { value, ms } = timed(() => vendorBlock(page(`var s = "${"<div id='px-captcha'></div>".repeat(10_000)}";`)));
    expect(value).toBeNull();
    expect(ms).toBeLessThan(500);
  });
});
