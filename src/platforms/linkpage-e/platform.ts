/**
 * linkpage-e = Lnk.Bio. Registry entry: one operation, GET /v1/linkpage-e (1 credit, cacheable).
 * Upstream request: platforms.md (server-rendered page HTML).
 */
import { parse as parseDomain } from 'tldts';
import { classifyLink } from '../links/classify.js';
import type { OperationDef } from '../operation.js';
import { fetchLnkBioPage } from './fetch.js';
import type { LinkpageEPage } from './parse.js';

export const label = 'linkpage-e';
export const hosts = ['lnk.bio', 'www.lnk.bio'];

const URL_MAX = 2048;
const HANDLE_RE = /^@?[A-Za-z0-9._-]{1,64}$/;
const PAGE_HOSTS = new Set(hosts);
/**
 * Lnk.Bio's own paths that the shared classifier does not (yet) reserve: `/go` is its
 * click-counting redirect (`lnk.bio/go?d=…`), `/share` its share sheet.
 */
const SITE_PATHS = new Set(['go', 'share']);

/**
 * The Lnk.Bio handle a caller's `url` names, as written (without `@`), or null. Accepted:
 * `https://lnk.bio/<handle>` (http, `www.`, no scheme, trailing slash, query and fragment are
 * fine) and a bare handle — Lnk.Bio has one canonical page per handle. A bare value that reads as
 * a host name under a public suffix (`example.com`) is taken as a URL, so another site is refused
 * rather than looked up as a handle.
 */
export function lnkBioHandle(input: string): string | null {
  const s = input.trim();
  if (!s) return null;
  let candidate: string;
  if (HANDLE_RE.test(s) && !(s.includes('.') && parseDomain(s).isIcann)) {
    candidate = s.replace(/^@/, '');
  } else {
    let u: URL;
    try {
      u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`);
    } catch {
      return null;
    }
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password || u.port) return null;
    if (!PAGE_HOSTS.has(u.hostname.toLowerCase())) return null;
    const segs = u.pathname.split('/').filter(Boolean);
    if (segs.length !== 1) return null;
    candidate = segs[0];
  }
  if (SITE_PATHS.has(candidate.toLowerCase())) return null;
  // Other site sections (lnk.bio/login, /manage…) are not pages; the shared classifier knows them.
  const c = classifyLink(`https://lnk.bio/${encodeURIComponent(candidate)}`);
  return c?.platform === label && c.handle ? c.handle : null;
}

export const page: OperationDef<{ handle: string }, LinkpageEPage> = {
  field: 'linkpageEPage',
  platform: label,
  summary: 'A public linkpage-e page: handle, id, one URL per linked platform, e-mail, WhatsApp, website and links',
  rest: { path: '/v1/linkpage-e' },
  params: [
    { name: 'url', kind: 'string', required: true, maxLength: URL_MAX, description: 'Page URL, e.g. https://lnk.bio/HANDLE (a bare handle is accepted too)' },
  ],
  cacheable: true,
  check(args, problem) {
    // An over-long value is already reported by its length rule.
    if (typeof args.url === 'string' && args.url.trim() && args.url.length <= URL_MAX && !lnkBioHandle(args.url)) {
      problem('url', 'must be a lnk.bio page URL (https://lnk.bio/HANDLE) or a handle');
    }
  },
  // Lnk.Bio handles are case-insensitive: one cache entry and one upstream spelling per page.
  normalize: (a) => ({ handle: lnkBioHandle(a.url)!.toLowerCase() }),
  key: (a) => a.handle,
  cost: { max: 1 },
  run: (ctx, a) => fetchLnkBioPage(ctx, a),
};

export const operations = [page];
