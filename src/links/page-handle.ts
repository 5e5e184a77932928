/**
 * Link pages whose URL is `https://<host>/<handle>` (link.me, linktr.ee, pillar.io, lnk.bio)
 * accept the page URL or the bare handle. One rule for all of them: a single path segment on one
 * of the platform's hosts (or a bare handle that is not itself a domain name), no credentials or
 * port, and not a site section — the shared classifier knows each platform's reserved paths.
 */
import type { CheerioAPI } from 'cheerio';
import { parse as parseDomain } from 'tldts';
import { classifyLink } from './classify.js';
import { parseUserUrl } from './user-url.js';

const HANDLE_RE = /^@?[A-Za-z0-9._-]{1,64}$/;

export interface PageHandleRule {
  /** The platform label the classifier must give the page. */
  label: string;
  /** Hosts the page URL may be on (lower-case). */
  hosts: readonly string[];
  /** Origin used to ask the classifier about a bare handle, e.g. `https://link.me`. */
  origin: string;
}

/** The page's handle, or null when the input is not a page of this platform. */
export function singleSegmentHandle(input: string, rule: PageHandleRule): string | null {
  const s = input.trim();
  if (!s) return null;
  let candidate: string;
  // `mike.tv` as a bare value is a domain on another host, not a handle: it needs the full URL.
  if (HANDLE_RE.test(s) && !(s.includes('.') && parseDomain(s).isIcann)) {
    candidate = s.replace(/^@/, '');
  } else {
    const u = parseUserUrl(s);
    if (!u || !rule.hosts.includes(u.hostname.toLowerCase())) return null;
    const segs = u.pathname.split('/').filter(Boolean);
    if (segs.length !== 1) return null;
    candidate = segs[0];
  }
  const c = classifyLink(`${rule.origin}/${encodeURIComponent(candidate)}`);
  return c?.platform === rule.label && c.handle ? c.handle : null;
}

/**
 * The handle a page's own URL statements name — its `<link rel="canonical">`, else its `og:url` —
 * when one is this platform's page (`singleSegmentHandle`); null when it states neither. A link
 * page whose data lacks its own handle takes this one, so another account's page is known as such
 * and never stamped with the asked name (linkpage-a, linkpage-e).
 */
export function statedPageHandle($: CheerioAPI, rule: PageHandleRule): string | null {
  const urls = [$('link[rel~="canonical"]').first().attr('href'), $('meta[property="og:url"]').first().attr('content')];
  for (const u of urls) {
    if (!u || !/^https?:\/\//i.test(u.trim())) continue;
    const handle = singleSegmentHandle(u, rule);
    if (handle) return handle;
  }
  return null;
}
