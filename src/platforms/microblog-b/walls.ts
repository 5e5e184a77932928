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

/** X's login flow (`/i/flow/login`, `/login`), on any X host or relative. */
const LOGIN_PATH = String.raw`(?:https?:\/\/(?:[a-z]+\.)?(?:x|twitter)\.com)?\/(?:i\/flow\/)?login\b`;
/**
 * One pass over the markup: a tag that can point somewhere opens, a `>` closes it, and a link or
 * form target to the login flow inside an open `<a>`, `<form>` or `<link>` — or a refresh URL to it
 * in a `<meta content="…">` — is a reference.
 */
const LOGIN_EVENTS = new RegExp(String.raw`(<(?:a|form|link)\b)|(<meta\b)|(>)|\b(?:href|action)=["']?${LOGIN_PATH}|\bcontent=["']`, 'gi');
const REFRESH_TO_LOGIN = new RegExp(String.raw`url=${LOGIN_PATH}`, 'i');

/**
 * A link, form, or refresh to X's login flow (`/i/flow/login`, `/login`), on any X host or relative:
 * what `<(?:a|form|link)\b[^>]*\b(?:href|action)=["']?<login>|<meta\b[^>]*\bcontent=["'][^"']*url=<login>`
 * matches, read in one pass. That expression read every `<a ` with no `>` after it to the end of
 * the text, and again from the next one: 256 KB of `<a ` (a body X's API host could send, read
 * by the upstream client's wall check and by htmlAnswerError) took 7 s of CPU, now milliseconds.
 */
export function refersToLogin(html: string): boolean {
  const re = new RegExp(LOGIN_EVENTS);
  const quote = /["']/g;
  let inLink = false;
  let inMeta = false;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[1]) inLink = true;
    else if (m[2]) inMeta = true;
    else if (m[3]) inLink = inMeta = false;
    else if (m[0][0] === 'c' || m[0][0] === 'C') {
      if (!inMeta) continue;
      // The attribute's value, to the next quote (a `>` in it does not end it). Each value ends
      // where the next `content="` begins at the latest, so the values read never overlap.
      quote.lastIndex = re.lastIndex;
      const end = quote.exec(html)?.index ?? html.length;
      if (REFRESH_TO_LOGIN.test(html.slice(re.lastIndex, end + 1))) return true;
    } else if (inLink) return true;
  }
  return false;
}

export const xLogin: WallRule = {
  name: 'login-wall',
  what: 'a login wall',
  login: true,
  test(a) {
    const u = urlOf(a);
    if (!u) return false;
    if (X_WEB.test(u.hostname) && /^\/(?:i\/flow\/)?login\b/i.test(u.pathname)) return true;
    return isApi(u) && a.isMarkup && refersToLogin(a.text().slice(0, WINDOW));
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
