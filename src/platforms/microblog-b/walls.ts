/**
 * X's walls, recognised by the upstream client on every answer (src/upstream/blocks), by
 * structure only — X's pages are translated ("Log in to X", "Inicia sesión en X", "X にログイン";
 * "Something went wrong. Try reloading."), and a post may quote them:
 * - a login wall: the login flow a redirect ends on (`/i/flow/login`, `/login` on x.com /
 *   twitter.com), or an HTML answer to an API request that links, posts or refreshes to it;
 * - an HTML page where an API's JSON belongs (the guest activation on api.x.com, GraphQL under
 *   `/i/api/`, the syndication endpoint): X's web app (its "Something went wrong" page), a rate
 *   limit or a challenge page — never data, whatever it says.
 * The web pages fetched for the query id (x.com's home page, its bundles) are HTML by nature:
 * only the login landing applies to them.
 */
import type { AnswerView, WallRule } from '../../upstream/blocks/catalogue.js';

const X_WEB = /(^|\.)(?:x|twitter)\.com$/i;
/** Interstitials are small; a marker beyond this is some page's content. */
const WINDOW = 256 * 1024;

function urlOf(a: AnswerView): URL | null {
  try {
    return new URL(a.url);
  } catch {
    return null;
  }
}

/** A request answered by one of X's JSON APIs (by the URL it ended on). */
function isApi(u: URL): boolean {
  const host = u.hostname.toLowerCase();
  if (host === 'cdn.syndication.twimg.com' || host === 'api.x.com' || host === 'api.twitter.com') return true;
  return X_WEB.test(host) && u.pathname.startsWith('/i/api/');
}

/** A link, form, or refresh to X's login flow (`/i/flow/login`, `/login`), on any X host or relative. */
export const LOGIN_REFERENCE =
  /<(?:a|form|link)\b[^>]*\b(?:href|action)=["']?(?:https?:\/\/(?:[a-z]+\.)?(?:x|twitter)\.com)?\/(?:i\/flow\/)?login\b|<meta\b[^>]*\bcontent=["'][^"']*url=(?:https?:\/\/(?:[a-z]+\.)?(?:x|twitter)\.com)?\/(?:i\/flow\/)?login\b/i;

export const xLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall',
  login: true,
  test(a) {
    const u = urlOf(a);
    if (!u) return false;
    if (X_WEB.test(u.hostname) && /^\/(?:i\/flow\/)?login\b/i.test(u.pathname)) return true;
    return isApi(u) && a.isMarkup && LOGIN_REFERENCE.test(a.text().slice(0, WINDOW));
  },
};

export const xHtmlForJson: WallRule = {
  name: 'html-page',
  what: 'an HTML page (its web app\'s "Something went wrong" page, a rate-limit or challenge page) where its API\'s JSON belongs',
  // At 429 / 503 a throttling page: retried as the status is, then a block.
  retry: true,
  test(a) {
    const u = urlOf(a);
    return u !== null && isApi(u) && a.isMarkup;
  },
};

export const walls: readonly WallRule[] = [xLogin, xHtmlForJson];
