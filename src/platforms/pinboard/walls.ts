/**
 * Pinterest's walls, recognised by the upstream client on every answer (src/upstream/blocks).
 * Every pinboard request is one of the web client's resource XHRs (`/resource/<Name>/get/`),
 * answered with JSON; so, by structure only:
 * - a login wall: the login page a redirect ends on (`/login/`, `/accounts/login`); a login
 *   form (posting to `/login/`) in an HTML answer to a resource request; a resource failure
 *   `{"resource_response":{"status":"failure","http_status":401}}`;
 * - a captcha: the `/captcha/` path a redirect ends on, or a form or script of an HTML answer
 *   loading from a `/captcha/` path;
 * - a refusal: a resource failure with `http_status` 403 or 429 (Pinterest's own statement of a
 *   refusal or rate limit), an HTML page instead of the JSON at 403 / 429 (a challenge), or any
 *   other answer at 401 / 403 / 429 that is not the resource envelope — JSON of an edge or a
 *   firewall, an API error object (`{"code","message"}`), `{}`: Pinterest states its own failures
 *   inside `resource_response`, so one without it is not Pinterest's statement about the resource
 *   (before, a changed shape: UPSTREAM_FAILED).
 * Other HTML answers (a 404 page, maintenance) are not walls: fetch.ts says what they are.
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';

const PINTEREST = /(^|\.)pinterest\.[a-z.]{2,6}$/i;
const WINDOW = 256 * 1024;

function pinterestUrl(a: AnswerView): URL | null {
  try {
    const u = new URL(a.url);
    return PINTEREST.test(u.hostname) ? u : null;
  } catch {
    return null;
  }
}

const isResource = (u: URL) => /^\/resource\/[^/]+\/get\/?$/i.test(u.pathname);

/** `http_status` of a resource failure (`status: "failure"` or an `error` object), or null. */
function failureStatus(a: AnswerView): number | null {
  if (a.isMarkup) return null;
  const rr = (a.json() as { resource_response?: unknown } | undefined)?.resource_response;
  if (typeof rr !== 'object' || rr === null) return null;
  const r = rr as { status?: unknown; http_status?: unknown; error?: unknown };
  const err = typeof r.error === 'object' && r.error !== null ? (r.error as { http_status?: unknown }) : null;
  if (r.status !== 'failure' && !err) return null;
  const s = typeof r.http_status === 'number' ? r.http_status : typeof err?.http_status === 'number' ? err.http_status : null;
  return s;
}

const LOGIN_FORM = /<form\b[^>]*\baction=["'](?:https?:\/\/[^/"']+)?\/login\/?(?:[?"'])/i;
const CAPTCHA_SRC = /<(?:form\b[^>]*\baction|script\b[^>]*\bsrc|iframe\b[^>]*\bsrc)=["']?[^"'\s>]*\/captcha\//i;

export const pinterestLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall',
  login: true,
  test(a) {
    const u = pinterestUrl(a);
    if (!u) return false;
    if (/^\/login\/?$/i.test(u.pathname) || /^\/accounts\/login/i.test(u.pathname)) return true;
    if (a.isMarkup) return isResource(u) && LOGIN_FORM.test(a.text().slice(0, WINDOW));
    return failureStatus(a) === 401;
  },
};

export const pinterestCaptcha: WallRule = {
  name: 'captcha',
  what: 'a challenge page (captcha)',
  test(a) {
    const u = pinterestUrl(a);
    if (!u) return false;
    if (/^\/captcha\b/i.test(u.pathname)) return true;
    return a.isMarkup && CAPTCHA_SRC.test(a.text().slice(0, WINDOW));
  },
};

/** The answer carries Pinterest's resource envelope (`{"resource_response": {…}}`). */
function hasEnvelope(a: AnswerView): boolean {
  const rr = (a.json() as { resource_response?: unknown } | undefined)?.resource_response;
  return typeof rr === 'object' && rr !== null;
}

export const pinterestRefused: WallRule = {
  name: 'refused',
  what: 'a refusal or challenge page',
  test(a) {
    const u = pinterestUrl(a);
    if (!u) return false;
    if (a.isMarkup) return isResource(u) && (a.status === 403 || a.status === 429);
    const s = failureStatus(a);
    if (s === 403 || s === 429) return true;
    return (a.status === 401 || a.status === 403 || a.status === 429) && !hasEnvelope(a);
  },
};

export const walls: readonly WallRule[] = [pinterestLogin, pinterestCaptcha, pinterestRefused];
