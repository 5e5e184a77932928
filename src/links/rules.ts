/**
 * The vocabulary of link rules: how a platform's profile URLs name an account. Each platform folder
 * states its own patterns with these helpers (its `links.ts`, the `links` field of its definition,
 * src/platforms/definition.ts); the shared classifier (classify.ts) reads them, together with its
 * own rules for the platforms the gateway has no folder for. Pure data and pure functions: this
 * module imports nothing of the platforms, so every platform may use it.
 */

export interface HandleInput {
  /** Path segments, percent-decoded, empty ones dropped. */
  segs: string[];
  /** Labels left of the matched rule host (`www`, `m` and `mobile` removed), or null. */
  sub: string | null;
  url: URL;
}

export type HandleFn = (p: HandleInput) => string | null;

/** One platform's link patterns. */
export interface LinkRule {
  /** Neutral label (a platform folder's) or lowercase platform name. */
  platform: string;
  /** Hostnames this rule owns, subdomains included; `name.*` means that name under any public suffix. */
  hosts: readonly string[];
  handle?: HandleFn;
  /** A link-in-bio page host (isLinkInBioHost). */
  linkInBio?: boolean;
  /** Pages live on subdomains (`<user>.komi.io`): the bare host is the vendor's own site. */
  subdomainPages?: boolean;
  /** The canonical URL of the page of `handle` (lower-cased), where the platform has one per handle. */
  pageUrl?: (handle: string) => string;
  /**
   * The name a URL on these hosts is classified as when it names no account here (Amazon: a
   * storefront `/shop/<creator>` is retail-shop, any other Amazon page `amazon`). Absent: the
   * platform itself, with a null handle.
   */
  otherwise?: string;
  /**
   * Its short-link hosts (`vm.tiktok.com`, `pin.it`): their URLs are redirects, followed before a
   * link can be classified (classify.ts isShortener). One these hosts cover is still classified as
   * the platform, with no handle.
   */
  shorteners?: readonly string[];
  /**
   * Its redirect shim (`l.instagram.com/?u=<target>`): the target a URL carries, or null when the
   * URL is no shim of its (classify.ts unwrapRedirect).
   */
  redirect?: (url: URL) => string | null;
  /**
   * A storefront anyone may link: resellers and look-alikes link a creator's shop to sell its items,
   * so a link to one (this platform, or its `otherwise`) says nothing about who owns the linking
   * account (classify.ts isStorefront).
   */
  storefront?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Handle helpers
// ---------------------------------------------------------------------------------------------

const lower = (xs: readonly string[]) => new Set(xs.map((x) => x.toLowerCase()));

/** `/<handle>` as the first path segment, unless it is a site section. */
export function firstSegment(re: RegExp, reserved: readonly string[] = []): HandleFn {
  const skip = lower(reserved);
  return ({ segs }) => {
    const s = segs[0]?.replace(/^@/, '');
    return s && re.test(s) && !skip.has(s.toLowerCase()) ? s : null;
  };
}

/** `/@<handle>` as the first path segment. */
export function atSegment(re: RegExp): HandleFn {
  return ({ segs }) => {
    const s = segs[0];
    return s?.startsWith('@') && re.test(s.slice(1)) ? s.slice(1) : null;
  };
}

/** `/<prefix>/<handle>` (the prefix compared case-insensitively). */
export function afterPrefix(prefixes: readonly string[], re: RegExp): HandleFn {
  const set = lower(prefixes);
  return ({ segs }) => {
    const [p, s] = segs;
    return p && s && set.has(p.toLowerCase()) && re.test(s.replace(/^@/, '')) ? s.replace(/^@/, '') : null;
  };
}

/** `<handle>.host` */
export function subdomain(re: RegExp, reserved: readonly string[] = []): HandleFn {
  const skip = lower(['www', 'm', 'mobile', 'api', 'app', 'help', 'blog', 'cdn', 'static', 'assets', 'support', ...reserved]);
  return ({ sub }) => (sub && !sub.includes('.') && re.test(sub) && !skip.has(sub) ? sub : null);
}

/** The first helper that finds a handle. */
export function anyOf(...fns: HandleFn[]): HandleFn {
  return (p) => {
    for (const fn of fns) {
      const h = fn(p);
      if (h) return h;
    }
    return null;
  };
}

export const noHandle: HandleFn = () => null;

// Character sets as the platforms document them (generous where unsure: a wrong handle is worse
// than none, but a too-strict pattern only loses a handle, never invents one).
export const SLUG_RE = /^[\p{L}\p{N}._-]{1,100}$/u;
export const WORD_RE = /^[A-Za-z0-9._-]{1,64}$/;
export const DIGITS_RE = /^\d{1,20}$/;
/** Mastodon (and its forks) usernames in profile URLs. */
export const MASTODON_RE = /^[A-Za-z0-9_]{1,30}$/;

/** Sections of most sites that are never an account. */
export const COMMON_RESERVED = [
  'about',
  'login',
  'log-in',
  'signin',
  'sign-in',
  'signup',
  'sign-up',
  'register',
  'logout',
  'privacy',
  'terms',
  'legal',
  'help',
  'faq',
  'support',
  'blog',
  'pricing',
  'features',
  'explore',
  'discover',
  'search',
  'settings',
  'home',
  'contact',
  'careers',
  'jobs',
  'press',
  'api',
  'app',
  'apps',
  'download',
  'static',
  'assets',
  'cdn-cgi',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  'index.html',
  'admin',
  'dashboard',
];
