/**
 * TikTok's walls, recognised by the upstream client on every answer (src/upstream/blocks), by
 * structure only:
 * - its captcha interstitial ("verify page"): `<title>tiktok-verify-page</title>`, the
 *   `"title":"tiktok-verify-page"` option of its inline script or its `tiktok-verify-ele` mount
 *   point (identifiers, not sentences: seen in scrapers' captcha checks since 2021), whatever the
 *   status (200, 403…) and language;
 * - a bare captcha shell: a page without any profile data script (today's, 2022's, or the older
 *   `sigi-persisted-data` / `__NEXT_DATA__` ones parse.ts reads) that loads its slider SDK
 *   from a `…/captcha/…` path (a profile page, which carries its data script, is never one);
 * - its proof-of-work shell (2026: a ~1.4 KB 200 to a bare request, no data script): the
 *   challenge in the `class` of an element `#cs` (base64 JSON) and the name of the cookie its
 *   script sets in the `class` of `#wci` (`_wafchallengeid`), as public solvers read it (yt-dlp's
 *   TikTok extractor, `_solve_challenge_and_set_cookies`); both ids, on a page without a data
 *   script;
 * - the login page a redirect ends on (`/login` on a TikTok host): a login wall.
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';
import { scriptElements } from '../../parse/markup.js';

const TIKTOK = /(^|\.)tiktok\.com$/i;
/** Interstitials are small; profile pages are large, and their markers are their own content. */
const WINDOW = 256 * 1024;

function markup(a: AnswerView): string | null {
  return a.isMarkup ? a.text().slice(0, WINDOW) : null;
}

const JSON_TYPE_RE = /\btype\s*=\s*["']?application\/(?:ld\+)?json["']?/i;

/** The page without the bodies of its JSON scripts (where a bio could quote anything). */
function outsideJsonScripts(html: string): string {
  // One pass over the scripts (parse/markup.ts), not a regex retried from every `<script`.
  let out = '';
  let from = 0;
  for (const s of scriptElements(html)) {
    if (!JSON_TYPE_RE.test(s.attrs)) continue;
    const bodyStart = s.start + '<script'.length + s.attrs.length + 1;
    out += html.slice(from, bodyStart);
    from = bodyStart + s.body.length;
  }
  return out + html.slice(from);
}

const VERIFY_MARKERS = [
  /<title>\s*tiktok-verify-page\s*<\/title>/i,
  /"title"\s*:\s*"tiktok-verify-page"/i,
  /\bid=["']?tiktok-verify-ele\b/i,
];
const DATA_SCRIPT = /<script\b[^>]*\bid\s*=\s*["']?(?:__UNIVERSAL_DATA_FOR_REHYDRATION__|SIGI_STATE|sigi-persisted-data|__NEXT_DATA__)\b/i;
const CAPTCHA_SDK = /<script\b[^>]*\bsrc\s*=\s*["']?[^"'\s>]*\/captcha\//i;
/** The proof-of-work shell's challenge element and its cookie-name element. */
const POW_MARKERS = [
  /<[a-z]+\b[^>]*\bid\s*=\s*["']?cs["'\s>][^>]*\bclass\s*=|<[a-z]+\b[^>]*\bclass\s*=\s*["'][^"']*["'][^>]*\bid\s*=\s*["']?cs["'\s>]/i,
  /<[a-z]+\b[^>]*\bid\s*=\s*["']?wci["'\s>]/i,
];

export const tiktokVerifyPage: WallRule = {
  name: 'captcha',
  what: 'its captcha page (tiktok-verify-page / captcha SDK)',
  test(a) {
    const html = markup(a);
    // A page carrying none of the markers anywhere is none (the page without its JSON scripts,
    // a copy of up to 256 KB, is made only for a page that may be one).
    if (
      html === null ||
      !(VERIFY_MARKERS.some((re) => re.test(html)) || CAPTCHA_SDK.test(html) || POW_MARKERS.every((re) => re.test(html)))
    )
      return false;
    const outside = outsideJsonScripts(html);
    if (VERIFY_MARKERS.some((re) => re.test(outside))) return true;
    if (DATA_SCRIPT.test(html)) return false;
    return CAPTCHA_SDK.test(outside) || POW_MARKERS.every((re) => re.test(outside));
  },
};

export const tiktokLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall (/login)',
  login: true,
  test(a) {
    try {
      const u = new URL(a.url);
      return TIKTOK.test(u.hostname) && /^\/login\b/i.test(u.pathname);
    } catch {
      return false;
    }
  },
};

export const walls: readonly WallRule[] = [tiktokVerifyPage, tiktokLogin];
