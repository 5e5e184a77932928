/**
 * Google's own walls, recognised by the upstream client on every answer (src/upstream/blocks):
 * the /sorry/ "unusual traffic" page and the cookie-consent interstitial. Structure only — Google
 * serves both in the searcher's language, and a result snippet may quote their sentences:
 * - /sorry/: the `/sorry/…` URL a redirect ends on; the captcha form (`id="captcha-form"`, or a
 *   form posting to `/sorry/index`); the `solveSimpleChallenge` body handler (both variants);
 *   and, on a page without a results area, the reCAPTCHA widget (`div.g-recaptcha`) beside the
 *   page's hidden `q` / `continue` inputs, the reCAPTCHA script, or the "Why did this happen?"
 *   link to the help article on unusual traffic (`support.google.com/websearch/answer/86640`). The
 *   real capture ../shared/fixtures/blocks/websearch/ (no-JS variant, no form: its title is the
 *   blocked URL) carries the body handler and the help link;
 * - consent: the consent host a redirect ends on, or its forms served in place (below);
 * - the JavaScript-only shell (2025 on, to every client that runs no script): a 200 whose results
 *   come only once its script has run — a `<noscript>` refresh and a link to
 *   `/httpservice/retry/enablejs?sei=…`, no results area (below).
 * video (YouTube) meets the /sorry/ and consent pages and lists those rules too.
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';

const GOOGLE_HOST = /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/i;

function finalUrl(a: AnswerView): URL | null {
  try {
    return new URL(a.url);
  } catch {
    return null;
  }
}

/** A results area, or YouTube's page data: a page with these is data, whatever else it carries. */
const DATA_MARKERS = /\bid=["']?(?:search|rso|main|center_col)["'\s>]|ytInitialData/i;

const SORRY_MARKERS = [
  /<form\b[^>]*\bid=["']?captcha-form\b/i,
  /<form\b[^>]*\baction=["'][^"']*\/sorry\/index/i,
  /<body\b[^>]*\bonload=(?:"[^"]*|'[^']*)\bsolveSimpleChallenge\b/i,
];
const RECAPTCHA_WIDGET = /<div\b[^>]*\bclass=["'][^"']*\bg-recaptcha\b/i;
const SORRY_INPUTS = /<input\b[^>]*\bname=["']?(?:q|continue)["'\s>]/i;
/**
 * Markers another page could hold too (a result linking to the help article, a site's own
 * reCAPTCHA form): only on a page without a results area.
 */
const SORRY_MARKERS_OUTSIDE_RESULTS = [
  /<a\b[^>]*\bhref=["']?(?:https?:)?\/\/support\.google\.com\/websearch\/answer\/86640\b/i,
  /<script\b[^>]*\bsrc=["']?[^"'\s>]*\/recaptcha\/(?:api|enterprise)\.js/i,
];

/** Whether this markup is Google's /sorry/ page (also read by the parser, for pages handed to it directly). */
export function isSorryMarkup(html: string): boolean {
  const head = html.slice(0, 64 * 1024);
  if (SORRY_MARKERS.some((re) => re.test(head))) return true;
  const outside = (RECAPTCHA_WIDGET.test(head) && SORRY_INPUTS.test(head)) || SORRY_MARKERS_OUTSIDE_RESULTS.some((re) => re.test(head));
  return outside && !DATA_MARKERS.test(html.slice(0, 1024 * 1024));
}

export const googleSorry: WallRule = {
  name: 'google-sorry',
  what: 'Google\'s "unusual traffic" page (/sorry/)',
  test(a) {
    const u = finalUrl(a);
    if (u && GOOGLE_HOST.test(u.hostname) && u.pathname.startsWith('/sorry/')) return true;
    return a.isMarkup && isSorryMarkup(a.text());
  },
};

export const googleConsent: WallRule = {
  name: 'google-consent',
  what: "Google's cookie-consent interstitial (consent.google.com)",
  test(a) {
    const host = finalUrl(a)?.hostname.toLowerCase();
    return host === 'consent.google.com' || host === 'consent.youtube.com';
  },
};

/**
 * The consent interstitial served in place, without a redirect (the real capture
 * ../shared/fixtures/websearch/google-consent-interstitial-ru-2022.html, Russian): forms posting
 * to consent.google.* / consent.youtube.com, and none of the page's data — no results area
 * (`#search`, `#rso`, `#main`, `#center_col`) and no `ytInitialData`. A results page with an
 * inline consent dialog keeps its results area and is data.
 */
const CONSENT_FORM = /<form\b[^>]*\baction=["']https:\/\/consent\.(?:google\.[a-z.]{2,6}|youtube\.com)\//i;

export const googleConsentInPlace: WallRule = {
  name: 'consent-in-place',
  what: "Google's cookie-consent interstitial (forms posting to consent.google.com / consent.youtube.com)",
  test(a) {
    if (!a.isMarkup) return false;
    const html = a.text().slice(0, 1024 * 1024);
    return CONSENT_FORM.test(html) && !DATA_MARKERS.test(html);
  },
};

/**
 * Google's JavaScript-only shell: since January 2025 Google Search answers a client that runs no
 * script with a 200 page holding no results — a `<noscript>` meta refresh and a "click here" link to
 * `/httpservice/retry/enablejs?sei=…`, beside a script that fetches the results (public reports:
 * typicalninja/google-sr #51, Ahwxorg/LibreY #214, searxng's Google engine). A refusal of this
 * client, not an answer to the query: UPSTREAM_BLOCKED, never an empty page of results. By the
 * retry path (a link, a form or the refresh's URL), on a page without a results area (a results
 * page linking there is data).
 */
const ENABLE_JS = /(?:\bhref=|\baction=|\bcontent=["']?\s*\d+\s*;\s*url=)["']?[^"'\s>]*\/httpservice\/retry\/enablejs\b/i;
/**
 * The same shell's fallback link ("If you're having trouble accessing Google Search, please click
 * here"): a Google `/search` URL carrying `emsg=SG_REL` (SearchGuard), sometimes the only marker
 * left beside a long obfuscated script (pskill9/web-search#2; detectors keying on it). Both are
 * looked for in the whole window: the script can come first and run past 256 KB.
 */
const SG_FALLBACK = /\bhref=["']?(?:https?:\/\/www\.google\.[a-z.]{2,6})?\/search\?[^"'\s>]*[?&](?:amp;)?emsg=SG_REL\b/i;

/** Words ENABLE_JS or SG_FALLBACK cannot match without. */
const SHELL_WORDS = /\/httpservice\/retry\/enablejs|emsg=SG_REL/i;

/** Whether this markup is Google's JavaScript-only shell (also read by the parser, for pages handed to it directly). */
export function isJsShellMarkup(html: string): boolean {
  const head = html.slice(0, 1024 * 1024);
  // The two paths as plain words first: one quick scan of a results page that has neither.
  if (!SHELL_WORDS.test(head)) return false;
  return (ENABLE_JS.test(head) || SG_FALLBACK.test(head)) && !DATA_MARKERS.test(head);
}

export const googleJsShell: WallRule = {
  name: 'google-js-shell',
  what: "Google's JavaScript-only page (/httpservice/retry/enablejs)",
  test(a) {
    const u = finalUrl(a);
    if (u && GOOGLE_HOST.test(u.hostname) && u.pathname.startsWith('/httpservice/retry/enablejs')) return true;
    return a.isMarkup && isJsShellMarkup(a.text());
  },
};

export const walls: readonly WallRule[] = [googleSorry, googleConsent, googleConsentInPlace, googleJsShell];
