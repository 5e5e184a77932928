/**
 * Google's own walls, recognised by the upstream client on every answer (src/upstream/blocks):
 * the /sorry/ "unusual traffic" page and the cookie-consent interstitial. Structure only: the
 * /sorry/ URL a redirect ends on, the captcha form, the no-JS variant's `solveSimpleChallenge`
 * body handler (the real capture ../shared/fixtures/blocks/websearch/ has no form: "Please try
 * your request again later", its title the blocked URL); the consent host a redirect ends on.
 * video (YouTube) meets the same pages and lists these rules too.
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

export const googleSorry: WallRule = {
  name: 'google-sorry',
  what: 'Google\'s "unusual traffic" page (/sorry/)',
  test(a) {
    const u = finalUrl(a);
    if (u && GOOGLE_HOST.test(u.hostname) && u.pathname.startsWith('/sorry/')) return true;
    if (!a.isMarkup) return false;
    const html = a.text().slice(0, 64 * 1024);
    return (
      /<form\b[^>]*\bid=["']?captcha-form\b/i.test(html) ||
      /<form\b[^>]*\baction=["'][^"']*\/sorry\/index/i.test(html) ||
      /<body\b[^>]*\bonload=(?:"[^"]*|'[^']*)\bsolveSimpleChallenge\b/i.test(html)
    );
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
const DATA_MARKERS = /\bid=["']?(?:search|rso|main|center_col)["'\s>]|ytInitialData/i;

export const googleConsentInPlace: WallRule = {
  name: 'consent-in-place',
  what: "Google's cookie-consent interstitial (forms posting to consent.google.com / consent.youtube.com)",
  test(a) {
    if (!a.isMarkup) return false;
    const html = a.text().slice(0, 1024 * 1024);
    return CONSENT_FORM.test(html) && !DATA_MARKERS.test(html);
  },
};

export const walls: readonly WallRule[] = [googleSorry, googleConsent, googleConsentInPlace];
