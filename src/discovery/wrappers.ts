/**
 * Click-through wrappers: a link a platform or a page rewrote to pass through a redirect of its own
 * (`https://www.youtube.com/redirect?event=…&redir_token=…&q=<target>`), read as its target. Only
 * wrappers whose shape is known are unwrapped — the shared classifier's platform shims
 * (l.instagram.com/?u=, l.facebook.com/l.php?u=, youtube.com/redirect?q=, lnk.bio/go?d=:
 * `links/classify.ts` `unwrapRedirect`) and two more that creators' pages carry pasted from
 * elsewhere: Google's `google.<tld>/url?q=` (a link copied out of a search result, a Doc or a Gmail
 * message) and LinkedIn's `linkedin.com/safety/go?url=`. A t.co link is not one of them: its target is
 * the `expanded_url` X states beside it (the reader's), else the shortener's answer (shorteners.ts).
 * A target that is a `mailto:` is an address, not a link (`wrappedAddress`). Nothing is fetched.
 */
import { unwrapRedirect } from '../links/classify.js';

/** Wrappers inside wrappers (a Google result wrapping a YouTube redirect…): at most this many unwrapped. */
const MAX_LAYERS = 3;

/** The target a known wrapper carries in its query, as written (any scheme), or null. */
function wrappedTarget(u: URL): string | null {
  const host = u.hostname.toLowerCase().replace(/^www\./, '');
  // google.com, google.co.uk, google.de…: `/url?q=` (or `url=`), its redirect page.
  if (/^google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/.test(host) && u.pathname === '/url')
    return u.searchParams.get('q') ?? u.searchParams.get('url');
  if (/(^|\.)linkedin\.com$/.test(host) && u.pathname.replace(/\/$/, '') === '/safety/go') return u.searchParams.get('url');
  return null;
}

function parse(s: string): URL | null {
  try {
    return new URL(s.trim());
  } catch {
    return null;
  }
}

/** One layer off `u`: the platform shims' target, else a known wrapper's, else null. */
function unwrapOnce(u: URL): URL | null {
  const shim = unwrapRedirect(u);
  if (shim !== u) return shim;
  const t = wrappedTarget(u);
  if (t === null) return null;
  const target = parse(t);
  return target && (target.protocol === 'https:' || target.protocol === 'http:' || target.protocol === 'mailto:') ? target : null;
}

/** The innermost target of `url` (a known wrapper's), or null when `url` is no wrapper. */
function innermost(url: string): URL | null {
  let u = parse(url);
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) return null;
  let out: URL | null = null;
  for (let i = 0; i < MAX_LAYERS && u && u.protocol !== 'mailto:'; i++) {
    const next = unwrapOnce(u);
    if (!next) break;
    out = u = next;
  }
  if (u?.protocol === 'mailto:') return u;
  // YouTube's own shim gives http(s) targets only: a mailto it wraps is read here.
  const q = out === null && u ? wrappedMailto(u) : null;
  return q ?? out;
}

/** A platform shim (`youtube.com/redirect?q=mailto:…`) whose target is an address. */
function wrappedMailto(u: URL): URL | null {
  for (const key of ['q', 'u', 'url', 'd']) {
    const v = u.searchParams.get(key);
    if (!v || !/^mailto:/i.test(v.trim())) continue;
    // Only where the URL is a known shim: the classifier unwraps it when its target is a web page.
    const probe = new URL(u.href);
    probe.searchParams.set(key, 'https://example.invalid/');
    if (unwrapRedirect(probe) !== probe || wrappedTarget(probe)) return parse(v);
  }
  return null;
}

/** `url` with its known wrappers taken off (http(s) targets only); `url` itself otherwise. */
export function unwrapLink(url: string): string {
  const t = innermost(url);
  return t && t.protocol !== 'mailto:' ? t.href : url;
}

/** The address a known wrapper leads to (`…redirect?q=mailto:…`), or null. */
export function wrappedAddress(url: string): string | null {
  const t = innermost(url);
  if (!t || t.protocol !== 'mailto:') return null;
  const addr = decodeURIComponent(t.pathname).split('?')[0].trim();
  return addr.includes('@') ? addr : null;
}
