/**
 * Link-in-bio pages, read for the links and addresses the creator put on them.
 *
 * The five linkpage hosts go through their own extractors (linkpage-a … linkpage-e `fetch*`,
 * with their cache entries shared through the lookup fetcher); their records hold only the
 * creator's page (no vendor chrome), so every URL in the record (images and referral links
 * left out) is a link the creator placed, and every address in its strings one they listed.
 *
 * Other link-in-bio hosts (beacons.ai, stan.store, bio.link, campsite.bio, tap.bio, linkin.bio,
 * solo.to, snipfeed.co, carrd.co sites, hoo.be, msha.ke) get the generic page scan: the page's
 * anchors and addresses, with the vendor's own chrome left out — anchors inside `<footer>`,
 * accounts whose handle names the vendor (`instagram.com/beacons.ai`) and addresses at the
 * vendor's domain (text.ts drops those for every page).
 */
import { classifyLink, isLinkInBioHost } from '../links/classify.js';
import { fetchLinkmeProfile } from '../platforms/linkpage-a/fetch.js';
import { linkmeUsername, profile as linkpageAOp } from '../platforms/linkpage-a/platform.js';
import { fetchLinktreePage } from '../platforms/linkpage-b/fetch.js';
import { linktreeUsername, page as linkpageBOp } from '../platforms/linkpage-b/platform.js';
import { fetchKomiPage } from '../platforms/linkpage-c/fetch.js';
import { komiUsername, page as linkpageCOp } from '../platforms/linkpage-c/platform.js';
import { fetchPillarPage } from '../platforms/linkpage-d/fetch.js';
import { page as linkpageDOp, pillarUsername } from '../platforms/linkpage-d/platform.js';
import { fetchLnkBioPage } from '../platforms/linkpage-e/fetch.js';
import { lnkBioHandle, page as linkpageEOp } from '../platforms/linkpage-e/platform.js';
import type { LookupFetcher } from './fetcher.js';
import { fetchHtmlPage } from './pages.js';
import { anchorLinks, emailsInHtml, emailsInText, linksInText, pageMeta } from './text.js';

export interface LinkPageView {
  /** The page's canonical URL. */
  url: string;
  title: string | null;
  links: string[];
  emails: string[];
}

/** Record members that hold images, vendor links or shop items — not links the creator placed. */
const NOT_LINK_KEYS = new Set([
  'profileImage',
  'profileImageWebp',
  'profilePictureUrl',
  'avatar',
  'thumbnail',
  'linkImage',
  'image',
  'logo',
  'cover',
  'QRCode',
  'referralLink',
  'deeplink',
  'baseUrl',
  'displayNameImage',
  'linkmeCustomIcon',
  'customisedTheme',
  'products',
  'backgroundImage',
  'verifiedIcon',
  'trackingPixels',
]);
const IMAGE_PATH_RE = /\.(?:png|jpe?g|gif|webp|svg|avif|heic)(?:$|\?)/i;

/** Every absolute http(s) URL in a record's members (image and vendor members skipped), in order. */
export function recordLinks(record: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8) return;
    if (typeof v === 'string') {
      const s = v.trim();
      if (/^https?:\/\/\S+$/i.test(s) && !IMAGE_PATH_RE.test(s)) out.push(s);
      else if (s.length > 0 && s.length < 2000 && /\s/.test(s)) out.push(...linksInText(s));
      return;
    }
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (!NOT_LINK_KEYS.has(k)) walk(x, depth + 1);
  };
  walk(record, 0);
  return [...new Set(out)];
}

/** Every address in a record's strings (bio, link titles, e-mail fields, mailto links). */
export function recordEmails(record: unknown): string[] {
  const strings: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8) return;
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(record, 0);
  return emailsInText(strings.join('\n'));
}

function fromRecord(url: string, title: string | null, record: unknown): LinkPageView {
  return { url, title, links: recordLinks(record), emails: recordEmails(record) };
}

const name = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ').trim() || null;

/** Reads the link-in-bio page at `url` (a URL `isLinkInBioHost` accepts). */
export async function fetchLinkPage(f: LookupFetcher, url: string): Promise<LinkPageView> {
  const c = classifyLink(url);
  switch (c?.platform) {
    case 'linkpage-a': {
      const username = linkmeUsername(url)?.toLowerCase();
      if (!username) break;
      const r = await f.run('', (ctx) => fetchLinkmeProfile(ctx, { username }), {
        op: linkpageAOp,
        args: { username },
        what: `link page link.me/${username}`,
      });
      return fromRecord(`https://link.me/${username}`, name(r.firstName, r.lastName), r);
    }
    case 'linkpage-b': {
      const username = linktreeUsername(url)?.toLowerCase();
      if (!username) break;
      const r = await f.run('', (ctx) => fetchLinktreePage(ctx, { username }), {
        op: linkpageBOp,
        args: { username },
        what: `link page linktr.ee/${username}`,
      });
      return fromRecord(`https://linktr.ee/${username}`, null, r);
    }
    case 'linkpage-c': {
      const username = komiUsername(url)?.toLowerCase();
      if (!username) break;
      const r = await f.run('', (ctx) => fetchKomiPage(ctx, { username }), {
        op: linkpageCOp,
        args: { username },
        what: `link page ${username}.komi.io`,
      });
      return fromRecord(`https://${username}.komi.io`, r.displayName ?? name(r.firstName, r.lastName), r);
    }
    case 'linkpage-d': {
      const username = pillarUsername(url)?.toLowerCase();
      if (!username) break;
      const r = await f.run('', (ctx) => fetchPillarPage(ctx, { username }), {
        op: linkpageDOp,
        args: { username },
        what: `link page pillar.io/${username}`,
      });
      return fromRecord(`https://pillar.io/${username}`, name(r.first_name, r.last_name), r);
    }
    case 'linkpage-e': {
      const handle = lnkBioHandle(url)?.toLowerCase();
      if (!handle) break;
      const r = await f.run('', (ctx) => fetchLnkBioPage(ctx, { handle }), {
        op: linkpageEOp,
        args: { handle },
        what: `link page lnk.bio/${handle}`,
      });
      return fromRecord(`https://lnk.bio/${handle}`, null, r);
    }
  }
  return fetchGenericLinkPage(f, url, c?.platform ?? null);
}

/** The canonical URL a link-in-bio link is read at (the five hosts: their page URL; others: as linked, without query or fragment). */
export function linkPageUrl(url: string): string {
  const c = classifyLink(url);
  const u = new URL(c?.url ?? url);
  switch (c?.platform) {
    case 'linkpage-a': {
      const n = linkmeUsername(url);
      if (n) return `https://link.me/${n.toLowerCase()}`;
      break;
    }
    case 'linkpage-b': {
      const n = linktreeUsername(url);
      if (n) return `https://linktr.ee/${n.toLowerCase()}`;
      break;
    }
    case 'linkpage-c': {
      const n = komiUsername(url);
      if (n) return `https://${n.toLowerCase()}.komi.io`;
      break;
    }
    case 'linkpage-d': {
      const n = pillarUsername(url);
      if (n) return `https://pillar.io/${n.toLowerCase()}`;
      break;
    }
    case 'linkpage-e': {
      const n = lnkBioHandle(url);
      if (n) return `https://lnk.bio/${n.toLowerCase()}`;
      break;
    }
  }
  return `${u.origin}${u.pathname}`.replace(/\/$/, '') || u.origin;
}

/**
 * The canonical URL of the link-in-bio page a link points at, or null when it is none: not a
 * link-in-bio host, or the vendor's own site (`linktr.ee/`, `linktr.ee/login`, `komi.io`).
 */
export function linkPageOf(url: string): string | null {
  if (!isLinkInBioHost(url) || !classifyLink(url)?.handle) return null;
  try {
    return linkPageUrl(url);
  } catch {
    return null;
  }
}

/** A vendor's own account (`instagram.com/beacons.ai`, `x.com/stanstore`): its handle names the vendor. */
function namesVendor(handle: string | null, vendor: string | null): boolean {
  if (!handle || !vendor) return false;
  const flat = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return flat(handle).includes(flat(vendor));
}

async function fetchGenericLinkPage(f: LookupFetcher, url: string, vendor: string | null): Promise<LinkPageView> {
  const page = await fetchHtmlPage(f, linkPageUrl(url), vendor ?? 'link-in-bio');
  const pageHost = new URL(page.finalUrl).hostname.replace(/^www\./, '');
  const links = anchorLinks(page.html, page.finalUrl, { skipFooter: true }).filter((l) => {
    const u = new URL(l);
    // The vendor's own navigation (same host, other pages) is not the creator's.
    if (u.hostname.replace(/^www\./, '') === pageHost) return false;
    return !namesVendor(classifyLink(l)?.handle ?? null, vendor);
  });
  const meta = pageMeta(page.html);
  return {
    url: linkPageUrl(url),
    title: meta.title,
    links: [...new Set([...links, ...linksInText(meta.description)])],
    emails: [...emailsInHtml(page.html)],
  };
}
