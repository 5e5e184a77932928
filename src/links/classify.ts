/**
 * Which platform a link points at, and whose account it names — shared by every link page
 * (linkpage-a … linkpage-e), by the video channel's links and by creator discovery.
 *
 * Platforms are described as data (one rule per platform: its hosts and how a handle sits in its
 * URLs), in the manner of Maigret's site table. Platforms with a neutral label in api.md are
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

export interface LinkClass {
  /** Neutral label (api.md) or lowercase platform name. */
  platform: string;
  /** The account the URL names, without a leading @; null when the URL names none. */
  handle: string | null;
  /** The URL classified: trimmed, `https://` added when the scheme was missing, redirect shims unwrapped. */
  url: string;
}

interface HandleInput {
  /** Path segments, percent-decoded, empty ones dropped. */
  segs: string[];
  /** Labels left of the matched rule host (`www`, `m` and `mobile` removed), or null. */
  sub: string | null;
  url: URL;
}

type HandleFn = (p: HandleInput) => string | null;

interface Rule {
  platform: string;
  /** Hostnames this rule owns, subdomains included; `name.*` means that name under any public suffix. */
  hosts: readonly string[];
  handle?: HandleFn;
  /** A link-in-bio page host (isLinkInBioHost). */
  linkInBio?: boolean;
  /** Pages live on subdomains (`<user>.komi.io`): the bare host is the vendor's own site. */
  subdomainPages?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Handle helpers
// ---------------------------------------------------------------------------------------------

const lower = (xs: readonly string[]) => new Set(xs.map((x) => x.toLowerCase()));

/** `/<handle>` as the first path segment, unless it is a site section. */
function firstSegment(re: RegExp, reserved: readonly string[] = []): HandleFn {
  const skip = lower(reserved);
  return ({ segs }) => {
    const s = segs[0]?.replace(/^@/, '');
    return s && re.test(s) && !skip.has(s.toLowerCase()) ? s : null;
  };
}

/** `/@<handle>` as the first path segment. */
function atSegment(re: RegExp): HandleFn {
  return ({ segs }) => {
    const s = segs[0];
    return s?.startsWith('@') && re.test(s.slice(1)) ? s.slice(1) : null;
  };
}

/** `/<prefix>/<handle>` (the prefix compared case-insensitively). */
function afterPrefix(prefixes: readonly string[], re: RegExp): HandleFn {
  const set = lower(prefixes);
  return ({ segs }) => {
    const [p, s] = segs;
    return p && s && set.has(p.toLowerCase()) && re.test(s.replace(/^@/, '')) ? s.replace(/^@/, '') : null;
  };
}

/** `<handle>.host` */
function subdomain(re: RegExp, reserved: readonly string[] = []): HandleFn {
  const skip = lower(['www', 'm', 'mobile', 'api', 'app', 'help', 'blog', 'cdn', 'static', 'assets', 'support', ...reserved]);
  return ({ sub }) => (sub && !sub.includes('.') && re.test(sub) && !skip.has(sub) ? sub : null);
}

/** The first helper that finds a handle. */
function anyOf(...fns: HandleFn[]): HandleFn {
  return (p) => {
    for (const fn of fns) {
      const h = fn(p);
      if (h) return h;
    }
    return null;
  };
}

const noHandle: HandleFn = () => null;

// Character sets as the platforms document them (generous where unsure: a wrong handle is worse
// than none, but a too-strict pattern only loses a handle, never invents one).
const IG_RE = /^[A-Za-z0-9._]{1,30}$/;
const TIKTOK_RE = /^[A-Za-z0-9._]{2,24}$/;
const X_RE = /^[A-Za-z0-9_]{1,15}$/;
const MASTODON_RE = /^[A-Za-z0-9_]{1,30}$/;
const YT_HANDLE_RE = /^[\p{L}\p{N}._·-]{3,30}$/u;
const YT_CHANNEL_RE = /^UC[A-Za-z0-9_-]{22}$/;
const GITHUB_RE = /^[A-Za-z0-9](?:-?[A-Za-z0-9])*-?$/;
const SLUG_RE = /^[\p{L}\p{N}._-]{1,100}$/u;
const WORD_RE = /^[A-Za-z0-9._-]{1,64}$/;
const DIGITS_RE = /^\d{1,20}$/;

const X_RESERVED = [
  'home',
  'i',
  'intent',
  'share',
  'search',
  'explore',
  'hashtag',
  'settings',
  'messages',
  'notifications',
  'compose',
  'login',
  'logout',
  'signup',
  'tos',
  'privacy',
  'about',
  'jobs',
  'download',
  'account',
  'web',
  'oauth',
  'help',
  'en',
  'rules',
  'following',
  'followers',
  'lists',
  'topics',
  'communities',
  'who_to_follow',
  'connect_people',
  'verified-choose',
  'premium',
  'x',
  'twitter',
];

const IG_RESERVED = [
  'p',
  'reel',
  'reels',
  'tv',
  'stories',
  'explore',
  'accounts',
  'direct',
  'about',
  'developer',
  'legal',
  'privacy',
  'web',
  'challenge',
  'emails',
  'session',
  'graphql',
  'api',
  's',
  'ar',
  'create',
  'lite',
  'nametag',
  'directory',
  'static',
  'oauth',
  'help',
  'press',
  'invites',
  'terms',
  'login',
  'signup',
];

const FB_RESERVED = [
  'pages',
  'groups',
  'events',
  'watch',
  'sharer',
  'sharer.php',
  'share',
  'share.php',
  'dialog',
  'plugins',
  'login',
  'login.php',
  'help',
  'policies',
  'photo.php',
  'photo',
  'photos',
  'story.php',
  'permalink.php',
  'people',
  'hashtag',
  'gaming',
  'marketplace',
  'business',
  'ads',
  'privacy',
  'settings',
  'home.php',
  'l.php',
  'tr',
  'reel',
  'reels',
  'video.php',
  'videos',
  'media',
  'notes',
  'search',
  'friends',
  'messages',
  'bookmarks',
  'fundraisers',
  'profile.php',
  'pg',
  'p',
  'stories',
  'legal',
  'about',
  'careers',
  'signup',
  'recover',
  'checkpoint',
  'public',
  'directory',
  'places',
  'pagesmanager',
  'home',
];

const YT_RESERVED = [
  'watch',
  'shorts',
  'playlist',
  'embed',
  'live',
  'results',
  'feed',
  'hashtag',
  'redirect',
  'premium',
  'music',
  'kids',
  'gaming',
  'about',
  'account',
  'channel',
  'c',
  'user',
  'post',
  'clip',
  'v',
  'e',
  'attribution_link',
  'signin',
  'logout',
  'upload',
  'studio',
  'howyoutubeworks',
  'creators',
  'ads',
  't',
  'trends',
  'jobs',
  'store',
  'podcasts',
  'new',
  'supported_browsers',
  'oembed',
  'iframe_api',
  'youtubei',
  's',
  'sw.js',
  'robots.txt',
];

/** First path segments on github.com that are site sections, not owners. */
export const GITHUB_RESERVED = [
  'about',
  'account',
  'apps',
  'codespaces',
  'collections',
  'contact',
  'customer-stories',
  'dashboard',
  'enterprise',
  'events',
  'explore',
  'features',
  'issues',
  'join',
  'login',
  'logout',
  'marketplace',
  'new',
  'notifications',
  'organizations',
  'orgs',
  'pricing',
  'pulls',
  'readme',
  'search',
  'security',
  'sessions',
  'settings',
  'signup',
  'site',
  'sponsors',
  'stars',
  'topics',
  'trending',
  'users',
  'team',
  'home',
  'solutions',
  'resources',
  'copilot',
  'git-guides',
  'premium-support',
  'mobile',
  'watching',
];

/** Sections of most sites that are never an account. */
const COMMON_RESERVED = [
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

/** YouTube: /@handle, /channel/UC…, /c/name, /user/name, legacy /name. */
const youtubeHandle: HandleFn = anyOf(
  atSegment(YT_HANDLE_RE),
  afterPrefix(['channel'], YT_CHANNEL_RE),
  afterPrefix(['c', 'user'], SLUG_RE),
  firstSegment(/^[A-Za-z0-9_-]{1,100}$/, YT_RESERVED),
);

/** Facebook: /name, /profile.php?id=N, /people/Name/N, /pg/name. */
const facebookHandle: HandleFn = (p) => {
  const [a, b, c] = p.segs;
  if (a?.toLowerCase() === 'profile.php') {
    const id = p.url.searchParams.get('id');
    return id && DIGITS_RE.test(id) ? id : null;
  }
  if (a?.toLowerCase() === 'people' && c && DIGITS_RE.test(c)) return c;
  if (a?.toLowerCase() === 'pg' && b && /^[A-Za-z0-9.-]{1,80}$/.test(b)) return b;
  return firstSegment(/^[A-Za-z0-9.-]{1,80}$/, FB_RESERVED)(p);
};

/** Spotify: optional /intl-xx prefix, then /artist/<id> or /user/<id>. */
const spotifyHandle: HandleFn = (p) => {
  const segs = /^intl-[a-z-]+$/i.test(p.segs[0] ?? '') ? p.segs.slice(1) : p.segs;
  return afterPrefix(['artist', 'user'], /^[A-Za-z0-9._-]{1,64}$/)({ ...p, segs });
};

/** Apple Music: /[cc/]artist/[slug/]<numeric id>. */
const appleMusicHandle: HandleFn = ({ segs }) => {
  const i = segs.findIndex((s) => s.toLowerCase() === 'artist');
  if (i < 0 || i > 1) return null;
  const id = segs.slice(i + 1).find((s) => /^(?:id)?\d{1,20}$/.test(s));
  return id ? id.replace(/^id/, '') : null;
};

/** WhatsApp: wa.me/<number>, api.whatsapp.com/send?phone=<number>. */
const whatsappHandle: HandleFn = ({ segs, url, sub }) => {
  if (url.hostname.endsWith('wa.me')) return segs[0] && /^\+?\d{5,20}$/.test(segs[0]) ? segs[0].replace(/^\+/, '') : null;
  if ((sub === 'api' || sub === null) && segs[0] === 'send') {
    const phone = url.searchParams.get('phone')?.replace(/[\s+()-]/g, '');
    return phone && /^\d{5,20}$/.test(phone) ? phone : null;
  }
  return null;
};

/** Tumblr: /blog/<name> and /blog/view/<name>. */
const tumblrBlogPath: HandleFn = ({ segs }) => {
  if (segs[0]?.toLowerCase() !== 'blog') return null;
  const name = segs[1]?.toLowerCase() === 'view' ? segs[2] : segs[1];
  return name && /^[a-z0-9-]{1,32}$/i.test(name) ? name : null;
};

/** Amazon: /shop/<creator> is the creator storefront (retail-shop). */
const amazonShopHandle: HandleFn = afterPrefix(['shop'], /^[A-Za-z0-9._-]{1,100}$/);

// ---------------------------------------------------------------------------------------------
// The platform table
// ---------------------------------------------------------------------------------------------

const RULES: readonly Rule[] = [
  // Neutral labels (api.md / platforms.md).
  { platform: 'social-a', hosts: ['facebook.com', 'fb.com', 'fb.me', 'fb.watch'], handle: facebookHandle },
  {
    platform: 'social-b',
    hosts: ['instagram.com', 'instagr.am'],
    handle: anyOf(afterPrefix(['_u'], IG_RE), firstSegment(IG_RE, IG_RESERVED)),
  },
  { platform: 'shortvideo', hosts: ['tiktok.com'], handle: atSegment(TIKTOK_RE) },
  {
    platform: 'video',
    hosts: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
    handle: (p) => (p.url.hostname.endsWith('youtu.be') ? null : youtubeHandle(p)),
  },
  { platform: 'microblog-a', hosts: ['truthsocial.com'], handle: atSegment(MASTODON_RE) },
  { platform: 'microblog-b', hosts: ['x.com', 'twitter.com'], handle: firstSegment(X_RE, X_RESERVED) },
  { platform: 'microblog-c', hosts: ['threads.net', 'threads.com'], handle: atSegment(IG_RE) },
  { platform: 'professional', hosts: ['linkedin.com'], handle: afterPrefix(['in', 'company', 'school', 'showcase'], SLUG_RE) },
  {
    platform: 'audio-a',
    hosts: ['open.spotify.com', 'play.spotify.com', 'spotify.com', 'spotify.link', 'spoti.fi'],
    handle: spotifyHandle,
  },
  { platform: 'audio-b', hosts: ['music.apple.com', 'itunes.apple.com'], handle: appleMusicHandle },
  {
    platform: 'audio-c',
    hosts: ['soundcloud.com'],
    handle: (p) =>
      p.sub === 'on'
        ? null
        : firstSegment(/^[A-Za-z0-9_-]{1,50}$/, [
            ...COMMON_RESERVED,
            'stream',
            'upload',
            'you',
            'charts',
            'pages',
            'mobile',
            'tags',
            'popular',
            'people',
            'messages',
            'notifications',
            'creators',
            'pro',
            'connect',
            'imprint',
            'artists',
            'playlists',
            'tracks',
            'sets',
          ])(p),
  },
  { platform: 'forum', hosts: ['reddit.com', 'redd.it'], handle: afterPrefix(['u', 'user'], /^[A-Za-z0-9_-]{3,20}$/) },
  {
    platform: 'pinboard',
    hosts: ['pinterest.*', 'pin.it'],
    handle: (p) =>
      p.url.hostname === 'pin.it'
        ? null
        : firstSegment(/^[A-Za-z0-9_]{3,30}$/, [
            ...COMMON_RESERVED,
            'pin',
            'ideas',
            'today',
            'business',
            'categories',
            'topics',
            'videos',
            'shopping',
            'resource',
            'password',
            'oauth',
            'news_hub',
            '_',
            'board',
          ])(p),
  },
  { platform: 'code', hosts: ['github.com'], handle: firstSegment(GITHUB_RE, GITHUB_RESERVED) },
  { platform: 'moodboard', hosts: ['cosmos.so'], handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'e', 'c', 's', 'x']) },
  { platform: 'linkpage-a', hosts: ['link.me'], handle: firstSegment(WORD_RE, COMMON_RESERVED), linkInBio: true },
  {
    platform: 'linkpage-b',
    hosts: ['linktr.ee'],
    handle: firstSegment(WORD_RE, [
      ...COMMON_RESERVED,
      's',
      'marketplace',
      'templates',
      'products',
      'creators',
      'use-cases',
      'linktree',
      'auth',
      'account',
      'link-in-bio',
      'wp-content',
    ]),
    linkInBio: true,
  },
  { platform: 'linkpage-c', hosts: ['komi.io'], handle: subdomain(/^[a-z0-9][a-z0-9-]{0,62}$/i), linkInBio: true, subdomainPages: true },
  { platform: 'linkpage-d', hosts: ['pillar.io'], handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'creators', 'p']), linkInBio: true },
  {
    platform: 'linkpage-e',
    hosts: ['lnk.bio'],
    handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'manage', 'public', 'go', 'share']),
    linkInBio: true,
  },

  // Other platforms worth a field on a link page (lowercase names; snake_case where the peer
  // examples spell them so: apple_music is audio-b here, apple_app_store, google_app_store).
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
    platform: 'kick',
    hosts: ['kick.com'],
    handle: firstSegment(/^[A-Za-z0-9_]{3,25}$/, [...COMMON_RESERVED, 'categories', 'following', 'video', 'community-guidelines']),
  },
  {
    platform: 'snapchat',
    hosts: ['snapchat.com'],
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
    platform: 'tumblr',
    hosts: ['tumblr.com'],
    handle: anyOf(
      subdomain(/^[a-z0-9-]{1,32}$/i, ['assets', 'media', 'embed']),
      tumblrBlogPath,
      firstSegment(/^[a-z0-9-]{1,32}$/i, [
        ...COMMON_RESERVED,
        'blog',
        'tagged',
        'explore',
        'dashboard',
        'policy',
        'tips',
        'new',
        'likes',
        'following',
      ]),
    ),
  },
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
  { platform: 'bluesky', hosts: ['bsky.app'], handle: afterPrefix(['profile'], /^[A-Za-z0-9.:-]{3,253}$/) },
  {
    platform: 'medium',
    hosts: ['medium.com'],
    handle: anyOf(atSegment(/^[A-Za-z0-9._-]{1,50}$/), subdomain(/^[a-z0-9-]{1,63}$/i, ['policy'])),
  },
  {
    platform: 'substack',
    hosts: ['substack.com'],
    handle: anyOf(atSegment(/^[A-Za-z0-9._-]{1,63}$/), subdomain(/^[a-z0-9-]{1,63}$/i, ['on', 'open'])),
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
  { platform: 'etsy', hosts: ['etsy.com'], handle: afterPrefix(['shop'], /^[A-Za-z0-9]{1,64}$/) },
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
  // amazon.<any suffix>/shop/<creator> is the retail-shop label; other Amazon pages are "amazon".
  { platform: 'amazon', hosts: ['amazon.*', 'amzn.to', 'amzn.eu', 'a.co'], handle: noHandle },

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
 * Generic ones (bit.ly…) say nothing about the target; brand ones (vm.tiktok.com, spotify.link,
 * pin.it…) are still classified as their brand's platform, with no handle.
 */
const SHORTENERS = new Set([
  'bit.ly',
  'bitly.com',
  'bit.do',
  't.co',
  'lnkd.in',
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
  'amzn.to',
  'amzn.eu',
  'a.co',
  'spoti.fi',
  'spotify.link',
  'vm.tiktok.com',
  'vt.tiktok.com',
  'pin.it',
  'on.soundcloud.com',
  'fb.me',
  't.snapchat.com',
]);

export function isShortener(host: string): boolean {
  const h = normaliseHost(host);
  return h !== null && SHORTENERS.has(h);
}

/** Generic shorteners: classifyLink cannot know where they lead. */
const GENERIC_SHORTENERS = new Set([...SHORTENERS].filter((h) => !findRule(h)));

/**
 * Redirect shims whose target is in the query: l.instagram.com/?u=, l.facebook.com/l.php?u=,
 * youtube.com/redirect?q=, href.li/?<url>. Returns the target, or the URL itself.
 */
export function unwrapRedirect(url: URL): URL {
  const host = url.hostname.toLowerCase();
  let target: string | null = null;
  if (host === 'l.instagram.com' || host === 'l.facebook.com' || host === 'lm.facebook.com') target = url.searchParams.get('u');
  else if (/(^|\.)youtube\.com$/.test(host) && url.pathname === '/redirect') target = url.searchParams.get('q');
  else if (host === 'lnk.bio' && url.pathname === '/go') target = url.searchParams.get('d');
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

  let platform = rule.platform;
  let handle: string | null;
  if (rule.platform === 'amazon' && (handle = amazonShopHandle({ segs, sub, url: u }))) {
    platform = 'retail-shop';
  } else {
    handle = rule.handle ? rule.handle({ segs, sub, url: u }) : null;
  }

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

/** Every platform name classifyLink can return (labels and lowercase names). */
export const PLATFORM_NAMES: readonly string[] = [...new Set([...RULES.map((r) => r.platform), 'retail-shop'])];
