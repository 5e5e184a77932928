/**
 * Which platform a link points at, and whose account it names — shared by every link page
 * (linkpage-a … linkpage-e), by the video channel's links and by creator discovery.
 *
 * Platforms are described as data (one rule per platform: its hosts and how a handle sits in its
 * URLs, src/links/rules.ts), in the manner of Maigret's site table. A platform the gateway has a
 * folder for states its own rule there (its `links.ts`, its definition's `links` field; the list is
 * src/platforms/links.ts, generated from the folders); this module holds only the rules of
 * platforms without a folder (`OTHER_RULES`: LinkedIn, Twitch, Patreon, the other link-in-bio hosts…). Platforms with a neutral label in api.md are
 * reported by that label (`social-b`, `shortvideo`, …); others by a lowercase name (`twitch`,
 * `patreon`, `apple_app_store`, …). Those names are also the field names of the "one URL field per
 * linked platform" that link-page records carry (`platformUrlFields`).
 *
 * Hosts are compared as hostnames (tldts): a rule for `instagram.com` matches `www.` and `m.`
 * subdomains too, and the most specific rule wins (`music.apple.com` before nothing for
 * `apple.com`). Handles are returned as written in the URL (percent-decoded, without a leading
 * `@`); a path that names no account (a post, a search, a site section) gives `handle: null`.
 */
import { parse as parseDomain } from 'tldts';
import { safeDecode } from '../parse/index.js';
import { PLATFORM_LINKS } from '../platforms/links.js';
/** First path segments on github.com that are site sections (code's own list, re-exported for its parser). */
export { GITHUB_RESERVED } from '../platforms/code/links.js';
import type { HandleFn, LinkRule as Rule } from './rules.js';
import { afterPrefix, anyOf, atSegment, COMMON_RESERVED, DIGITS_RE, firstSegment, noHandle, SLUG_RE, subdomain, WORD_RE } from './rules.js';

export interface LinkClass {
  /** Neutral label (api.md) or lowercase platform name. */
  platform: string;
  /** The account the URL names, without a leading @; null when the URL names none. */
  handle: string | null;
  /** The URL classified: trimmed, `https://` added when the scheme was missing, redirect shims unwrapped. */
  url: string;
}

// ---------------------------------------------------------------------------------------------
// The table: the platforms' own rules, then those of platforms without a folder
// ---------------------------------------------------------------------------------------------

/** WhatsApp: wa.me/<number>, api.whatsapp.com/send?phone=<number>. */
const whatsappHandle: HandleFn = ({ segs, url, sub }) => {
  if (url.hostname.endsWith('wa.me')) return segs[0] && /^\+?\d{5,20}$/.test(segs[0]) ? segs[0].replace(/^\+/, '') : null;
  if ((sub === 'api' || sub === null) && segs[0] === 'send') {
    const phone = url.searchParams.get('phone')?.replace(/[\s+()-]/g, '');
    return phone && /^\d{5,20}$/.test(phone) ? phone : null;
  }
  return null;
};

/**
 * Platforms the gateway has no folder for, worth a field on a link page (lowercase names;
 * snake_case where the peer examples spell them so: apple_app_store, google_app_store), and the
 * other link-in-bio hosts (platforms.md).
 */
const OTHER_RULES: readonly Rule[] = [
  {
    platform: 'professional',
    hosts: ['linkedin.com'],
    handle: afterPrefix(['in', 'company', 'school', 'showcase'], SLUG_RE),
    shorteners: ['lnkd.in'],
  },
  {
    platform: 'twitch',
    hosts: ['twitch.tv'],
    handle: firstSegment(/^[A-Za-z0-9_]{3,25}$/, [
      ...COMMON_RESERVED,
      'directory',
      'videos',
      'p',
      'downloads',
      'subscriptions',
      'wallet',
      'inventory',
      'drops',
      'prime',
      'turbo',
      'store',
      'jobs',
    ]),
  },
  {
    platform: 'snapchat',
    hosts: ['snapchat.com'],
    shorteners: ['t.snapchat.com'],
    handle: (p) =>
      p.sub === 't' ? null : anyOf(afterPrefix(['add'], /^[A-Za-z][A-Za-z0-9._-]{1,30}$/), atSegment(/^[A-Za-z][A-Za-z0-9._-]{1,30}$/))(p),
  },
  { platform: 'discord', hosts: ['discord.gg', 'discord.com', 'discordapp.com'], handle: noHandle },
  {
    platform: 'telegram',
    hosts: ['t.me', 'telegram.me', 'telegram.dog'],
    handle: anyOf(
      afterPrefix(['s'], /^[A-Za-z0-9_]{5,32}$/),
      firstSegment(/^[A-Za-z0-9_]{5,32}$/, ['joinchat', 'addstickers', 'addemoji', 'share', 'proxy', 'socks', 'iv', 'login']),
    ),
  },
  { platform: 'whatsapp', hosts: ['wa.me', 'whatsapp.com'], handle: whatsappHandle },
  {
    platform: 'patreon',
    hosts: ['patreon.com'],
    handle: anyOf(
      afterPrefix(['c'], WORD_RE),
      firstSegment(WORD_RE, [
        ...COMMON_RESERVED,
        'posts',
        'c',
        'join',
        'user',
        'messages',
        'm',
        'bePatron',
        'checkout',
        'creators',
        'policy',
      ]),
    ),
  },
  { platform: 'onlyfans', hosts: ['onlyfans.com'], handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'my', 'posts', 'files', 'action']) },
  {
    platform: 'cameo',
    hosts: ['cameo.com'],
    handle: firstSegment(WORD_RE, [
      ...COMMON_RESERVED,
      'browse',
      'c',
      'business',
      'gift',
      'categories',
      'kids',
      'for-business',
      'recipient',
      'tags',
    ]),
  },
  { platform: 'bandcamp', hosts: ['bandcamp.com'], handle: subdomain(/^[a-z0-9-]{1,63}$/i, ['daily', 'f4']) },
  {
    platform: 'vimeo',
    hosts: ['vimeo.com'],
    handle: firstSegment(/^(?!\d+$)[A-Za-z0-9_-]{1,64}$/, [
      ...COMMON_RESERVED,
      'channels',
      'groups',
      'album',
      'ondemand',
      'showcase',
      'categories',
      'watch',
      'upload',
      'join',
      'log_in',
      'stock',
      'create',
      'manage',
      'live',
      'features',
      'solutions',
      'enterprise',
      'event',
      'video',
    ]),
  },
  {
    platform: 'medium',
    hosts: ['medium.com'],
    handle: anyOf(atSegment(/^[A-Za-z0-9._-]{1,50}$/), subdomain(/^[a-z0-9-]{1,63}$/i, ['policy'])),
  },
  {
    platform: 'kofi',
    hosts: ['ko-fi.com'],
    handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'manage', 'account', 's', 'i', 'post', 'album', 'shop', 'summary', 'home']),
  },
  {
    platform: 'buymeacoffee',
    hosts: ['buymeacoffee.com'],
    handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'p', 'l', 'e', 'explore-creators']),
  },
  {
    platform: 'gumroad',
    hosts: ['gumroad.com'],
    handle: anyOf(
      subdomain(/^[a-z0-9-]{1,63}$/i, ['discover', 'app']),
      firstSegment(WORD_RE, [...COMMON_RESERVED, 'l', 'discover', 'checkout', 'd']),
    ),
  },
  { platform: 'etsy', hosts: ['etsy.com'], handle: afterPrefix(['shop'], /^[A-Za-z0-9]{1,64}$/), storefront: true },
  {
    platform: 'venmo',
    hosts: ['venmo.com'],
    handle: anyOf(
      afterPrefix(['u'], WORD_RE),
      firstSegment(WORD_RE, [...COMMON_RESERVED, 'u', 'account', 'business', 'about', 'legal', 'resources', 'pay', 'code']),
    ),
  },
  {
    platform: 'cashapp',
    hosts: ['cash.app'],
    handle: ({ segs }) => (segs[0] && /^\$[A-Za-z0-9_-]{1,20}$/.test(segs[0]) ? segs[0].slice(1) : null),
  },
  {
    platform: 'paypal',
    hosts: ['paypal.me', 'paypal.com'],
    handle: (p) => (p.url.hostname.endsWith('paypal.me') ? firstSegment(WORD_RE)(p) : afterPrefix(['paypalme'], WORD_RE)(p)),
  },
  { platform: 'vsco', hosts: ['vsco.co'], handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'feed', 'studio', 'spaces', 'store']) },
  {
    platform: 'behance',
    hosts: ['behance.net'],
    handle: firstSegment(WORD_RE, [
      ...COMMON_RESERVED,
      'gallery',
      'galleries',
      'joblist',
      'search',
      'assets',
      'hire',
      'live',
      'collection',
    ]),
  },
  {
    platform: 'dribbble',
    hosts: ['dribbble.com'],
    handle: firstSegment(WORD_RE, [
      ...COMMON_RESERVED,
      'shots',
      'jobs',
      'designers',
      'tags',
      'stories',
      'learn',
      'hiring',
      'session',
      'uploads',
    ]),
  },
  {
    platform: 'vk',
    hosts: ['vk.com'],
    handle: firstSegment(/^[A-Za-z0-9._]{1,64}$/, [
      ...COMMON_RESERVED,
      'feed',
      'im',
      'video',
      'music',
      'wall',
      'photo',
      'away.php',
      'share.php',
    ]),
  },
  { platform: 'imdb', hosts: ['imdb.com'], handle: afterPrefix(['name'], /^nm\d{3,12}$/) },
  {
    platform: 'deezer',
    hosts: ['deezer.com', 'deezer.page.link'],
    handle: ({ segs }) => {
      const s = /^[a-z]{2}(?:-[a-z]{2})?$/i.test(segs[0] ?? '') ? segs.slice(1) : segs;
      return s[0]?.toLowerCase() === 'artist' && s[1] && DIGITS_RE.test(s[1]) ? s[1] : null;
    },
  },
  {
    platform: 'tidal',
    hosts: ['tidal.com', 'listen.tidal.com'],
    handle: ({ segs }) => {
      const s = segs[0]?.toLowerCase() === 'browse' ? segs.slice(1) : segs;
      return s[0]?.toLowerCase() === 'artist' && s[1] && DIGITS_RE.test(s[1]) ? s[1] : null;
    },
  },
  {
    platform: 'audiomack',
    hosts: ['audiomack.com'],
    handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'song', 'album', 'playlist', 'trending-now', 'top', 'world', 'upload']),
  },
  { platform: 'amazon_music', hosts: ['music.amazon.com'], handle: afterPrefix(['artists'], /^[A-Za-z0-9]{5,20}$/) },
  { platform: 'apple_podcasts', hosts: ['podcasts.apple.com'], handle: noHandle },
  { platform: 'apple_app_store', hosts: ['apps.apple.com'], handle: noHandle },
  { platform: 'google_app_store', hosts: ['play.google.com'], handle: noHandle },

  // Other link-in-bio hosts (platforms.md).
  { platform: 'beacons', hosts: ['beacons.ai', 'beacons.page'], handle: firstSegment(WORD_RE, COMMON_RESERVED), linkInBio: true },
  { platform: 'stan', hosts: ['stan.store'], handle: firstSegment(WORD_RE, COMMON_RESERVED), linkInBio: true },
  { platform: 'biolink', hosts: ['bio.link'], handle: firstSegment(WORD_RE, COMMON_RESERVED), linkInBio: true },
  { platform: 'campsite', hosts: ['campsite.bio'], handle: firstSegment(WORD_RE, COMMON_RESERVED), linkInBio: true },
  { platform: 'tapbio', hosts: ['tap.bio'], handle: firstSegment(WORD_RE, [...COMMON_RESERVED, '@']), linkInBio: true },
  { platform: 'linkinbio', hosts: ['linkin.bio'], handle: firstSegment(WORD_RE, COMMON_RESERVED), linkInBio: true },
  { platform: 'solo', hosts: ['solo.to'], handle: firstSegment(WORD_RE, COMMON_RESERVED), linkInBio: true },
  { platform: 'snipfeed', hosts: ['snipfeed.co'], handle: firstSegment(WORD_RE, COMMON_RESERVED), linkInBio: true },
  { platform: 'carrd', hosts: ['carrd.co'], handle: subdomain(/^[a-z0-9-]{1,63}$/i), linkInBio: true, subdomainPages: true },
  { platform: 'hoobe', hosts: ['hoo.be'], handle: firstSegment(WORD_RE, COMMON_RESERVED), linkInBio: true },
  { platform: 'milkshake', hosts: ['msha.ke'], handle: firstSegment(WORD_RE, COMMON_RESERVED), linkInBio: true },
];

/** The platforms' own rules (each folder's `links.ts`, src/platforms/links.ts), then the others. */
const RULES: readonly Rule[] = [...PLATFORM_LINKS, ...OTHER_RULES];

const RULE_BY_HOST = new Map<string, Rule>();
for (const rule of RULES) {
  for (const h of rule.hosts) {
    if (RULE_BY_HOST.has(h)) throw new Error(`links/classify: host ${h} listed twice`);
    RULE_BY_HOST.set(h, rule);
  }
}

/** Hosts whose first label is only a device/locale prefix, dropped before a handle is read from a subdomain. */
const PREFIX_LABELS = new Set(['www', 'm', 'mobile', 'web']);

/**
 * Rule owning a hostname, walking from the full name up to its registrable domain so the most
 * specific rule wins; then `name.*` rules (any public suffix). Returns the leftover subdomain.
 */
function findRule(hostname: string): { rule: Rule; sub: string | null } | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const info = parseDomain(host);
  if (info.isIp || !info.hostname) return null;
  const domain = info.domain ?? host;
  let candidate = host;
  for (;;) {
    const rule = RULE_BY_HOST.get(candidate);
    if (rule) return { rule, sub: leftover(host, candidate) };
    if (candidate.length <= domain.length) break;
    const dot = candidate.indexOf('.');
    if (dot < 0) break;
    candidate = candidate.slice(dot + 1);
  }
  if (info.domainWithoutSuffix && info.isIcann) {
    const rule = RULE_BY_HOST.get(`${info.domainWithoutSuffix}.*`);
    if (rule) return { rule, sub: leftover(host, domain) };
  }
  return null;
}

function leftover(host: string, matched: string): string | null {
  if (host === matched) return null;
  const labels = host.slice(0, host.length - matched.length - 1).split('.');
  while (labels.length && PREFIX_LABELS.has(labels[0])) labels.shift();
  return labels.length ? labels.join('.') : null;
}

// ---------------------------------------------------------------------------------------------
// Shorteners and redirect shims
// ---------------------------------------------------------------------------------------------

/**
 * Link shorteners: their URLs are redirects, to be followed before a link can be classified.
 * Generic ones (bit.ly…, listed here) say nothing about the target; a brand's own (vm.tiktok.com,
 * spotify.link, pin.it…: its rule's `shorteners`) is still classified as its brand's platform, with
 * no handle, when the rule's hosts cover it.
 */
const SHORTENERS = new Set([
  ...RULES.flatMap((r) => r.shorteners ?? []),
  'bit.ly',
  'bitly.com',
  'bit.do',
  'tinyurl.com',
  'goo.gl',
  'g.co',
  'ow.ly',
  'buff.ly',
  'rebrand.ly',
  'is.gd',
  'v.gd',
  'cutt.ly',
  'shorturl.at',
  't.ly',
  'tiny.cc',
  'rb.gy',
  'bl.ink',
  's.id',
  'shorte.st',
  'adf.ly',
  'dlvr.it',
  'ift.tt',
  'trib.al',
  'shor.by',
  'surl.li',
  'urlz.fr',
  'tr.ee',
  'linkr.it',
  'short.gy',
  'snip.ly',
  'po.st',
  'apple.co',
]);

export function isShortener(host: string): boolean {
  const h = normaliseHost(host);
  return h !== null && SHORTENERS.has(h);
}

/** Generic shorteners: classifyLink cannot know where they lead. */
const GENERIC_SHORTENERS = new Set([...SHORTENERS].filter((h) => !findRule(h)));

/** The rules with a redirect shim (`redirect`). */
const REDIRECTS = RULES.flatMap((r) => (r.redirect ? [r.redirect] : []));

/**
 * Redirect shims whose target is in the query, each its platform's rule's `redirect`
 * (l.instagram.com/?u=, l.facebook.com/l.php?u=, youtube.com/redirect?q=, lnk.bio/go?d=). Returns
 * the target (http or https only), or the URL itself.
 */
export function unwrapRedirect(url: URL): URL {
  let target: string | null = null;
  for (const redirect of REDIRECTS) if ((target = redirect(url))) break;
  if (!target) return url;
  try {
    const t = new URL(target);
    return t.protocol === 'https:' || t.protocol === 'http:' ? t : url;
  } catch {
    return url;
  }
}

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/** `Host`, `www.host.`, `host:443`, or a URL → bare lower-case hostname without `www.`; null if none. */
function normaliseHost(input: string): string | null {
  let s = input.trim().toLowerCase();
  if (!s) return null;
  if (s.includes('/') || s.includes(':')) {
    const u = toUrl(s);
    if (!u) return null;
    s = u.hostname;
  }
  s = s.replace(/\.$/, '').replace(/^www\./, '');
  return s || null;
}

const SCHEMELESS_RE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}(?::\d+)?(?:[/?#]|$)/i;

/** An http(s) URL from what a page or a bio holds: absolute, protocol-relative or scheme-less. */
function toUrl(input: string): URL | null {
  let s = input.trim();
  if (!s) return null;
  if (s.startsWith('//')) s = `https:${s}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(s) || /^[^/]+:\d/.test(s)) {
    if (!SCHEMELESS_RE.test(s)) return null;
    s = `https://${s}`;
  }
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    return null;
  }
}

/**
 * The platform a link points at and the handle it names, or null for links to no known platform
 * (a personal website), generic shorteners, and anything that is not an http(s) URL (mailto:,
 * tel:, javascript:…).
 */
export function classifyLink(url: string): LinkClass | null {
  if (typeof url !== 'string') return null;
  const parsed = toUrl(url);
  if (!parsed) return null;
  const u = unwrapRedirect(parsed);
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  if (GENERIC_SHORTENERS.has(host.replace(/^www\./, ''))) return null;
  const found = findRule(host);
  if (!found) return null;
  const { rule, sub } = found;
  const segs = u.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => safeDecode(s));

  const handle = rule.handle ? rule.handle({ segs, sub, url: u }) : null;
  // A URL on the hosts that names no account here may be another name's (Amazon pages but storefronts).
  const platform = !handle && rule.otherwise ? rule.otherwise : rule.platform;

  const trimmed = url.trim();
  const out = u !== parsed ? u.href : /^https?:\/\//i.test(trimmed) ? trimmed : parsed.href;
  return { platform, handle, url: out };
}

/**
 * A link-in-bio page host: the five link pages (linktr.ee, link.me, pillar.io, lnk.bio,
 * <user>.komi.io) and beacons.ai, stan.store, bio.link, campsite.bio, tap.bio, linkin.bio, solo.to,
 * snipfeed.co, <site>.carrd.co, hoo.be, msha.ke. Accepts a hostname (any case, `www.`, trailing
 * dot) or a URL.
 */
export function isLinkInBioHost(host: string): boolean {
  const h = normaliseHost(host);
  if (!h) return false;
  const found = findRule(h);
  if (!found?.rule.linkInBio) return false;
  if (!found.rule.subdomainPages) return true;
  // `komi.io`, `www.carrd.co`, `api.komi.io` are the vendor's own sites, not pages.
  const u = new URL(`https://${h}/`);
  return found.rule.handle?.({ segs: [], sub: found.sub, url: u }) != null;
}

/**
 * "One URL field per linked platform" (api.md): field name = the platform's label or lowercase
 * name, value = the first link to that platform in `links` (earlier links win). Links to no known
 * platform are left out. The value type admits null so callers can seed fields they always show.
 */
export function platformUrlFields(links: readonly string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const link of links) {
    const c = classifyLink(link);
    if (c && !(c.platform in out)) out[c.platform] = c.url;
  }
  return out;
}

/** The platform names of storefronts (rules with `storefront`, and their `otherwise`). */
const STOREFRONTS = new Set(RULES.filter((r) => r.storefront).flatMap((r) => [r.platform, ...(r.otherwise ? [r.otherwise] : [])]));

/** `platform` (a name classifyLink returns) is a storefront anyone may link (rules.ts `storefront`). */
export function isStorefront(platform: string): boolean {
  return STOREFRONTS.has(platform);
}

/** Every platform name classifyLink can return (labels and lowercase names). */
export const PLATFORM_NAMES: readonly string[] = [...new Set(RULES.flatMap((r) => [r.platform, ...(r.otherwise ? [r.otherwise] : [])]))];
