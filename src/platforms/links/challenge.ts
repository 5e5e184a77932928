/**
 * Bot-challenge and block pages that link-page hosts (and the creator websites discovery visits)
 * answer instead of the page: recognised so they are reported as UPSTREAM_BLOCKED and never
 * parsed as data.
 *
 * Only markers that appear on the interstitials themselves are used. In particular Cloudflare's
 * passive `/cdn-cgi/challenge-platform/scripts/jsd/…` script is injected into ordinary pages too,
 * so it is not a marker on its own.
 */
const CHALLENGE_MARKERS: readonly RegExp[] = [
  // Cloudflare managed / JS challenge ("Just a moment...") and its options object.
  /<title>\s*Just a moment\.\.\.\s*<\/title>/i,
  /window\._cf_chl_opt\b/,
  /\bcf-browser-verification\b/,
  // Cloudflare block pages ("Attention Required! | Cloudflare", error 1020 "Access denied").
  /<title>\s*Attention Required! \| Cloudflare\s*<\/title>/i,
  /<title>\s*Access denied \| [^<]* used Cloudflare to restrict access\s*<\/title>/i,
  // DataDome and PerimeterX / HUMAN captcha pages.
  /\bcaptcha-delivery\.com\b/,
  /\bpx-captcha\b/,
];

export function isChallengePage(html: string): boolean {
  // The markers sit in the first few kilobytes of an interstitial; a large real page is not one.
  const head = html.length > 200_000 ? html.slice(0, 200_000) : html;
  return CHALLENGE_MARKERS.some((re) => re.test(head));
}
