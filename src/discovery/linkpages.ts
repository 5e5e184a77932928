/**
 * Link-in-bio pages, read for the links and addresses the creator put on them.
 *
 * The link-in-bio platforms with an operation of their own (linkpage-a … linkpage-e: their
 * definitions' `links` and page operation, found in the registry — nothing here names one) are
 * read through that operation, their cache entries shared through the lookup fetcher; their records hold only the
 * creator's page (no vendor chrome), so every URL in the record (images and referral links
 * left out) is a link the creator placed, and every address in its strings one they listed.
 *
 * Other link-in-bio hosts (beacons.ai, stan.store, bio.link, campsite.bio, tap.bio, linkin.bio,
 * solo.to, snipfeed.co, carrd.co sites, hoo.be, msha.ke) get the generic page scan: the page's
 * anchors and addresses, with the vendor's own chrome left out — anchors inside `<footer>`,
 * accounts whose handle names the vendor (`instagram.com/beacons.ai`) and addresses at the
 * vendor's domain (text.ts drops those for every page), and the addresses of a `<footer>` that links
 * the vendor's own pages ("Try Stan free · Report this page": the vendor's inbox, at whatever domain;
 * `vendorFooterless`); a link to the page's own host counts only when it is a click-counting
 * redirect to another host (`redirectTargets`).
 */
import { classifyLink, isLinkInBioHost } from '../links/classify.js';
import type { PlatformDefinition } from '../platforms/definition.js';
import type { OperationDef } from '../platforms/operation.js';
import { platforms } from '../platforms/registry.js';
import type { LookupFetcher } from './fetcher.js';
import { fetchHtmlPage } from './pages.js';
import type { CheerioAPI } from 'cheerio';
import { loadHtml, withoutElements } from '../parse/load-html.js';
import { anchorContexts, anchorLinks, emailsInHtml, emailsInText, linksInText, pageMeta, visibleText } from './text.js';
import { relationMentions } from './relations.js';
import { isPartialRead } from '../platforms/partial-read.js';
import { otherLinkPage } from './domains.js';
import { resolveShortLink } from './shorteners.js';
import { scriptLinks } from './script-links.js';
import { assignedStateText } from './vendor-data.js';
import { representativeEmails } from './agents.js';
import { unwrapLink, wrappedAddress } from './wrappers.js';

export interface LinkPageView {
  /** The page's canonical URL. */
  url: string;
  title: string | null;
  links: string[];
  emails: string[];
  /** What the page says about a link (its title, the text around it), by the link as in `links`; only links the page labels. */
  labels?: Record<string, string>;
  /** Handles the page's own text names by `@` beside a relation to someone else (markers.ts relationMentions). */
  others?: string[];
  /** Addresses the page's text gives to a representative (agents.ts), lower case. */
  representatives?: string[];
  /**
   * The page's own words, its first TEXT_MAX characters (its title, description, link titles): whom
   * it names — "Omar & Sara — slow travel" is two people's page (verification.ts memberOfShared).
   */
  text?: string;
  /** Read without a part an optional request failed to bring (a linkpage-c page's modules): a lookup that read it is partial. */
  partialRead?: true;
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
  return emailsInText(recordText(record));
}

/**
 * What a record says about each link: the short texts (a title, a label) of the object that holds
 * the link's URL — `{ title: 'My manager — Northstar', url: … }`.
 */
export function recordLabels(record: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    const entries = Object.entries(v).filter(([k]) => !NOT_LINK_KEYS.has(k));
    const urls = entries
      .filter(([, x]) => typeof x === 'string' && /^https?:\/\/\S+$/i.test(x.trim()))
      .map(([, x]) => (x as string).trim());
    const all = entries.filter(
      ([, x]) => typeof x === 'string' && !/^https?:\/\//i.test(x.trim()) && x.trim().length > 0 && x.length <= 200,
    );
    // The button's own words when the record names them (a title, a label), not its kind ("CLASSIC").
    const titled = all.filter(([k]) => TITLE_KEYS.has(k));
    const texts = (titled.length ? titled : all).map(([, x]) => (x as string).trim());
    if (urls.length === 1 && texts.length) out[urls[0]] = texts.join(' ');
    for (const [, x] of entries) walk(x, depth + 1);
  };
  walk(record, 0);
  return out;
}

/** Record members that hold a link's own words (its button's title, a label), where a record has them. */
const TITLE_KEYS = new Set(['title', 'label', 'text', 'name', 'faceValue', 'caption']);

/** Every string of a record (its bio, descriptions, link titles), one per line. */
function recordText(record: unknown): string {
  const strings: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8) return;
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(record, 0);
  return strings.join('\n');
}

/** How much of a link page's own words its view keeps (LinkPageView.text): its name and description come first. */
const TEXT_MAX = 2000;

/** A record's words (LinkPageView.text): its strings that are neither addresses of pages nor ids, up to TEXT_MAX characters. */
function ownWords(text: string): string {
  return text
    .split('\n')
    .filter((l) => /\p{L}/u.test(l) && !/^\s*(?:https?:\/\/|www\.|mailto:)\S*\s*$/i.test(l) && !/^[\p{N}a-f-]{8,}$/iu.test(l.trim()))
    .join('\n')
    .slice(0, TEXT_MAX);
}

function fromRecord(url: string, title: string | null, record: unknown): LinkPageView {
  const text = recordText(record);
  return {
    url,
    title,
    text: ownWords(text),
    links: [...new Set(recordLinks(record).map(unwrapLink))],
    emails: [...emailsInText(text), ...recordLinks(record).flatMap((l) => wrappedAddress(l) ?? [])],
    labels: Object.fromEntries(Object.entries(recordLabels(record)).map(([l, t]) => [unwrapLink(l), t])),
    others: relationMentions(text),
    representatives: [...representativeEmails(text).keys()],
  };
}

const name = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ').trim() || null;

/** A link page record's own title: the name it shows (the five records spell it differently), else null. */
function titleOf(r: Record<string, any>): string | null {
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return str(r.displayName) ?? name(str(r.firstName), str(r.lastName)) ?? name(str(r.first_name), str(r.last_name));
}

/**
 * A link-in-bio platform with an operation of its own (the registry: a definition whose `links`
 * say `linkInBio` and give the page URL of a handle, and whose operation takes the page `url`),
 * or null: such pages are read through that operation, other link-in-bio hosts by the generic scan.
 */
function linkPagePlatform(platform: string | undefined): { def: PlatformDefinition; op: OperationDef<any, any> } | null {
  const def = platforms.find((p) => p.label === platform && p.links?.linkInBio && p.links.pageUrl);
  const op = def?.operations.find((o) => o.params.some((p) => p.name === 'url' && p.required));
  return def && op ? { def, op } : null;
}

/** The page URL of a link to one of the link-in-bio platforms with an operation, or null. */
function ownPageUrl(url: string): { url: string; page: NonNullable<ReturnType<typeof linkPagePlatform>> } | null {
  const c = classifyLink(url);
  const page = linkPagePlatform(c?.platform);
  if (!c?.handle || !page) return null;
  let valid = true;
  page.op.check?.({ url }, () => (valid = false));
  return valid ? { url: page.def.links!.pageUrl!(c.handle.toLowerCase()), page } : null;
}

/** Reads the link-in-bio page at `url` (a URL `isLinkInBioHost` accepts). */
export async function fetchLinkPage(f: LookupFetcher, url: string): Promise<LinkPageView> {
  const own = ownPageUrl(url);
  if (own) {
    const { op } = own.page;
    const args = op.normalize({ url });
    const r = await f.read(op, args, { what: `link page ${own.url.replace(/^https:\/\//, '')}` });
    const view = fromRecord(own.url, titleOf(r), r);
    return isPartialRead(r) ? { ...view, partialRead: true } : view;
  }
  return fetchGenericLinkPage(f, url, classifyLink(url)?.platform ?? null);
}

/** The canonical URL a link-in-bio link is read at (the platforms with an operation: their page URL; others: as linked, without query or fragment). */
export function linkPageUrl(url: string): string {
  const own = ownPageUrl(url);
  if (own) return own.url;
  const other = otherLinkPage(url);
  if (other) return other;
  const u = new URL(classifyLink(url)?.url ?? url);
  return `${u.origin}${u.pathname}`.replace(/\/$/, '') || u.origin;
}

/**
 * The canonical URL of the link-in-bio page a link points at, or null when it is none: not a
 * link-in-bio host, or the vendor's own site (`linktr.ee/`, `linktr.ee/login`, `komi.io`).
 */
export function linkPageOf(url: string): string | null {
  const other = otherLinkPage(url);
  if (other) return other;
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

/** Links of a generic link page to its own host that are asked where they lead (REDIRECT_LINKS_MAX per page). */
export const REDIRECT_LINKS_MAX = 12;

/**
 * Where a link page's links to its own host lead. Many link pages send each button through a
 * redirect of their own (`bio.link/go/…`, `/r/…`, `/api/redirect?…`) to count clicks; asked like a
 * short link (shorteners.ts: one GET per hop, the redirect not followed, the target never read), a
 * link that answers a redirect to another host is the creator's link to that target. The vendor's
 * own pages (navigation) answer a page, not a redirect, and stay out. By link, the target; at most
 * REDIRECT_LINKS_MAX asked, each failure only leaves its link out.
 */
async function redirectTargets(
  f: LookupFetcher,
  links: readonly string[],
  pageUrl: string,
  pageHost: string,
): Promise<Map<string, string>> {
  const own = new URL(pageUrl);
  const asked = links
    .filter((l) => {
      const u = new URL(l);
      return u.hostname.replace(/^www\./, '') === pageHost && u.pathname.replace(/\/+$/, '') !== '' && u.pathname !== own.pathname;
    })
    .slice(0, REDIRECT_LINKS_MAX);
  const out = new Map<string, string>();
  await Promise.all(
    asked.map(async (l) => {
      try {
        const target = await resolveShortLink(f, l);
        if (new URL(target).hostname.replace(/^www\./, '') !== pageHost) out.set(l, target);
      } catch {
        /* a page of the vendor's own, or a redirect that failed: not the creator's link */
      }
    }),
  );
  return out;
}

/**
 * The page without the vendor's footers: a `<footer>` linking another page of the vendor's own host
 * (its home, "Try Stan free") is the vendor's chrome, and so is every address in it ("Report this
 * page" → the vendor's inbox, which may sit at another domain than the page's). A footer linking
 * nothing of the vendor's (the creator's own, on a site builder) stays.
 */
function vendorFooterless($: CheerioAPI, pageUrl: string, pageHost: string): CheerioAPI {
  const ownPath = new URL(pageUrl).pathname.replace(/\/+$/, '');
  const vendors = (d: CheerioAPI) =>
    d('footer').filter((_, el) =>
      d(el)
        .find('a[href]')
        .toArray()
        .some((a) => {
          try {
            const u = new URL(d(a).attr('href') ?? '', pageUrl);
            return u.hostname.replace(/^www\./, '') === pageHost && u.pathname.replace(/\/+$/, '') !== ownPath;
          } catch {
            return false;
          }
        }),
    );
  return withoutElements($, `the link page ${pageUrl}`, vendors);
}

/** The addresses of a link page's assigned state (vendor-data.ts), at no vendor's domain (text.ts drops those). */
function stateEmails($: CheerioAPI): string[] {
  return emailsInText(assignedStateText($));
}

async function fetchGenericLinkPage(f: LookupFetcher, url: string, vendor: string | null): Promise<LinkPageView> {
  const page = await fetchHtmlPage(f, linkPageUrl(url), vendor ?? 'link-in-bio');
  const pageHost = new URL(page.finalUrl).hostname.replace(/^www\./, '');
  // Parsed once, and read by each reader below; its footers (the vendor's, the site builder's) are left out of a copy.
  const $ = loadHtml(page.html, `the link page ${page.finalUrl}`);
  const footerless = withoutElements($, `the link page ${page.finalUrl}`, (d) => d('footer'));
  const shown = anchorLinks(footerless, page.finalUrl);
  // A client-rendered page's links only its script data holds (bento-like Next.js pages: script-links.ts).
  const scripted = scriptLinks($, page.finalUrl, new Set(shown));
  const anchors = [...shown, ...scripted.map((a) => a.url)];
  const redirects = await redirectTargets(f, anchors, page.finalUrl, pageHost);
  const links = anchors
    .map((l) => unwrapLink(redirects.get(l) ?? l))
    .filter((l) => {
      const u = new URL(l);
      // The vendor's own navigation (same host, other pages) is not the creator's.
      if (u.hostname.replace(/^www\./, '') === pageHost) return false;
      return !namesVendor(classifyLink(l)?.handle ?? null, vendor);
    });
  const meta = pageMeta($, page.finalUrl);
  const contexts = anchorContexts(footerless, page.finalUrl);
  // What the page says about a redirect link, it says about its target.
  for (const [l, target] of redirects) if (contexts.has(l) && !contexts.has(target)) contexts.set(target, contexts.get(l)!);
  for (const a of scripted) if (a.text && !contexts.has(a.url)) contexts.set(a.url, a.text);
  for (const l of anchors) {
    const target = unwrapLink(redirects.get(l) ?? l);
    if (contexts.has(l) && !contexts.has(target)) contexts.set(target, contexts.get(l)!);
  }
  const text = visibleText($);
  const own = vendorFooterless($, page.finalUrl, pageHost);
  return {
    url: linkPageUrl(url),
    title: meta.title,
    links: [...new Set([...links, ...linksInText(meta.description)])],
    // And those of the vendor's page state, a client-rendered page's text blocks (Taplink's `window.data`).
    emails: [...new Set([...emailsInHtml(own, own === $ ? text : undefined), ...stateEmails($)])],
    labels: Object.fromEntries(links.map((l) => [l, contexts.get(l) ?? '']).filter(([, t]) => t)),
    others: relationMentions(`${text}\n${meta.description ?? ''}`),
    representatives: [...representativeEmails(text).keys()],
    text: `${meta.title ?? ''}\n${meta.description ?? ''}\n${text}`.slice(0, TEXT_MAX),
  };
}
