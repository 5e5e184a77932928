/**
 * A page that says, in its own markup, that it is the site's 404 page — by language-neutral
 * signs only. Sites translate their not-found sentences ("Page not found", "Seite nicht
 * gefunden", "ページが見つかりません") and a creator may write any of them in a bio, so no
 * sentence decides anything here. Parsers ask this only after the record's own data container
 * was not found: a page holding the record is the record, whatever it says.
 *
 * The signs:
 * - Next.js's built-in not-found UI, `<h1 class="next-error-h1">404</h1>` (the default 404 of
 *   the pages and the app router alike; its sentence beside it is the only English part);
 * - Next.js app router's not-found error digest in the page's flight data: `NEXT_NOT_FOUND`
 *   (Next 13–14) or `NEXT_HTTP_ERROR_FALLBACK;404` (Next 15+), also when the site renders its
 *   own not-found component;
 * - a `<title>` that starts with the status number ("404 | Linkme", "404: This page could not be
 *   found", "404 – Seite nicht gefunden"), or an `<h1>` that is the number alone.
 */

const NEXT_ERROR_HEADING_404 = /<h1\b[^>]*\bclass=["'][^"']*\bnext-error-h1\b[^"']*["'][^>]*>\s*404\s*</i;
const NEXT_NOT_FOUND_DIGEST = /\bNEXT_NOT_FOUND\b|\bNEXT_HTTP_ERROR_FALLBACK;404\b/;
const TITLE_404 = /<title\b[^>]*>\s*404\b/i;
const HEADING_404 = /<h1\b[^>]*>\s*404\s*<\/h1>/i;

/** Whether `html` is a 404 page by the signs above (see the module comment). */
export function declaresNotFound(html: string): boolean {
  return NEXT_ERROR_HEADING_404.test(html) || NEXT_NOT_FOUND_DIGEST.test(html) || TITLE_404.test(html) || HEADING_404.test(html);
}
