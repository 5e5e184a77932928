/**
 * declaresNotFound: each language-neutral sign on its own, in pages written by us (no sentence
 * English where it matters), and the English sentences that decide nothing.
 */
import { describe, expect, it } from 'vitest';
import { declaresNotFound } from './error-page.js';

describe('declaresNotFound', () => {
  it.each([
    [
      'Next.js built-in not-found heading',
      '<html><body><h1 class="next-error-h1" style="display:inline-block">404</h1><h2>Diese Seite…</h2></body></html>',
    ],
    [
      'app-router digest (Next 15)',
      '<html><head><title>Linkme</title></head><body><script>self.__next_f.push([1,"e:NEXT_HTTP_ERROR_FALLBACK;404"])</script></body></html>',
    ],
    ['app-router digest (Next 13–14)', '<html><body><template data-dgst="NEXT_NOT_FOUND"></template></body></html>'],
    ['title starting with the status', '<html><head><title>404 – ページが見つかりません</title></head></html>'],
    ['title "404: …" (Next.js default)', '<html><head><title>404: This page could not be found</title></head></html>'],
    [
      'a heading that is the status alone',
      '<html><head><title>Pillar</title></head><body><h1> 404 </h1><p>Diese Seite gibt es nicht.</p></body></html>',
    ],
  ])('%s → true', (_name, html) => {
    expect(declaresNotFound(html)).toBe(true);
  });

  it.each([
    ['English title without the number', '<html><head><title>Page not found | Linktree</title></head><body>Not Found</body></html>'],
    ['English sentence only', "<html><body><h2>This content isn't available right now</h2></body></html>"],
    ['the number inside a name', '<html><head><title>Studio 404 | Pillar</title></head><body><h1>Studio 404</h1></body></html>'],
    ['another status', '<html><head><title>500 | Linkme</title></head><body><h1 class="next-error-h1">500</h1></body></html>'],
  ])('%s → false', (_name, html) => {
    expect(declaresNotFound(html)).toBe(false);
  });
});
