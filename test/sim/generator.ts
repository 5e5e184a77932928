/**
 * A simulated creator web for the discovery tools' tests and benchmarks (issue 6, "Evaluation").
 *
 *   const web = generateSimWeb({ seed: 7, creators: 40 });
 *   const replay = await startReplayServer({ routes: web.routes });
 *   web.truth['social-b:mirasol']  // what a lookup from that profile should find
 *
 * Deterministic: the same options give the same world, the same bytes and the same truth.
 *
 * The world (model.ts): N creators, each with 2–4 accounts on the source platforms (social-b,
 * shortvideo, video, microblog-b; sometimes a `professional` profile), usually one link-in-bio
 * page on one of the five link-page hosts and/or an own website (home, 1–2 contact-like pages,
 * a blog with a post, a privacy page), and 0–3 real public addresses placed on bios, contact
 * fields, link pages and site pages in every documented spelling (plain, mailto, `[at]`/`[dot]`,
 * `(at)`, HTML entities, Cloudflare `data-cfemail` and `/cdn-cgi/l/email-protection#…`, JSON-LD).
 *
 * Decoys around each creator:
 *  - the creator's handle owned by someone else on another platform, linking to their own link
 *    page on the same link-page host, a bit.ly link or an amazon.com storefront (shared domains
 *    that must never count as a shared owner website), sometimes behind TikTok's captcha (a block
 *    page is not existence), sometimes a namesake with the same display name and no links;
 *  - a display-name look-alike (web search result) with its own website and address;
 *  - the creator's own account that nothing links to (only web search finds it; it links back),
 *    and one with the creator's handle and name but no links at all (unverifiable);
 *  - a collaborator's account linked from the creator's website (someone else's, no link back);
 *  - other people next to the creator (Builder.people), each linking the creator back with an
 *    address of its own: a manager, editor, relative or friend the link page links under a label
 *    that says so (in several languages, a few the detector does not know) or under a plain title
 *    while its bio names the creator in the third person (relatives share the last name); an
 *    agency's site the link page links as "Management" (a roster, a general inbox); a co-host or
 *    editor the website names in a sentence, by @handle or name;
 *  - group pages and thanked fans (Builder.groups): a partner, co-host or bandmate on the creator's
 *    link page, which names both people (their names joined in its bio, its buttons naming whose each
 *    account is, or both) and which each of the partner's accounts links back; a fan account that says
 *    so, thanked on the creator's website home or link page;
 *  - accounts under other handles that link TO the creator (Builder.oneWay), in a mix (`mix`,
 *    1:3 … 3:1) of the creator's own second accounts that only web search finds (clips, live, tv,
 *    dev, alt, a new handle after a rename; with strong, medium or little evidence) and everybody
 *    else's: fans (near-identical handles, the creator's name or a fan name, "fan account" in ten
 *    languages or nothing), fan-run clip channels that look like second accounts, impersonators
 *    (look-alike handles — of the creator's handle, or of another of its accounts' handles on that
 *    account's platform — the copied bio, links back, sometimes the creator's website or address);
 *    fans squatting the creator's exact handle; strangers with the creator's very display name;
 *  - placeholder and image-name strings (`you@example.com`, `your@email.com`, `logo@2x.png`,
 *    Sentry DSNs), link-page hosts' own support addresses, Amazon's, magazine editors';
 *  - Cloudflare challenge pages (link pages, contact pages), failing (503, reset), hanging and
 *    slow hosts; Google's "unusual traffic" page for some creators;
 *  - generic short links (bit.ly, tinyurl.com, buff.ly) on creators' accounts and link pages —
 *    sometimes the only way to the creator's website — a short link of a shortener that is down
 *    (ow.ly, 503) and a dead one (404), and the decoys' bit.ly links to their own sites.
 *
 * Served (routes) by the replay upstream, one route per host with that host's latency (a latency
 * fault) — faults for the failing ones. Truth (truth.ts) is computed from the model by the
 * documented rules, per source profile, with the critical path of the lookup's upstream chain.
 */
import { aboutPageInitialData, channelHtml } from '../../src/platforms/video/samples.js';
import { homeHtml, mainJs } from '../../src/platforms/microblog-b/samples.js';
import { getDomain } from 'tldts';
import type { Fault, RecordedResponse, ReplayRequest, Route } from '../../src/replay/server.js';
import type {
  AccountRole,
  EmailEncoding,
  EmailPlacement,
  HostSpec,
  LinkPageKind,
  PageStatus,
  Reach,
  ReaderPlatform,
  SearchResult,
  SecondKind,
  SiteLang,
  SimAccount,
  SimCreator,
  SimLinkPage,
  SimSite,
  SimSitePage,
  SimWorld,
  SourcePlatform,
} from './model.js';
import {
  EXTRA_PLATFORMS,
  HANDLE_RULES,
  LINK_PAGE_KINDS,
  linkPageUrl,
  PROBED_PLATFORMS,
  profileUrl,
  READER_PLATFORMS,
  SOURCE_PLATFORMS,
} from './model.js';
import type { MarkerLang } from './markers.js';
import {
  CLIP_FAN_BIOS,
  CLIP_NAMES,
  FAN_BIOS,
  FAN_NAMES,
  fill,
  IMPERSONATOR_BIOS,
  MARKER_LANGS,
  MENTION_OWN,
  MENTION_SHOUTOUT,
  NEUTRAL_FAN_BIOS,
  SECOND_BIOS,
  SECOND_NAMES,
} from './markers.js';
export { HANDLE_RULES, linkPageUrl, profileUrl } from './model.js';
import {
  aboutToken,
  articleHtml,
  FACEBOOK_NOT_FOUND,
  facebookPageHtml,
  GITHUB_HEADERS,
  GITHUB_NOT_FOUND,
  githubSocialAccountsBody,
  githubUserBody,
  GOOGLE_UNUSUAL_TRAFFIC_HTML,
  PINTEREST_NOT_FOUND_HTML,
  PINTEREST_USER_NOT_FOUND,
  pinterestProfileHtml,
  pinterestUserResourceBody,
  REDDIT_NOT_FOUND,
  redditAboutBody,
  SC_CLIENT_ID,
  SOUNDCLOUD_NOT_FOUND,
  soundcloudHomeHtml,
  soundcloudProfileHtml,
  soundcloudUser,
  soundcloudWebProfilesBody,
  THREADS_LSD,
  THREADS_NOT_FOUND,
  threadsGraphqlBody,
  threadsProfileHtml,
  TRUTH_NOT_FOUND,
  truthAccountBody,
  googleNoResultsHtml,
  googleResultsHtml,
  INSTAGRAM_NOT_FOUND,
  instagramBody,
  LINK_PAGE_CHALLENGE,
  LINK_PAGE_NOT_FOUND,
  linkPageBodies,
  linkPageRequest,
  pillarSimCreator,
  linkTitle,
  siteChallengeHtml,
  siteNotFoundHtml,
  sitePageHtml,
  storefrontPage,
  tcoUrl,
  TIKTOK_NOT_FOUND,
  tiktokPage,
  X_NOT_FOUND,
  xUserBody,
  YOUTUBE_NOT_FOUND,
  youtubeAboutBody,
  youtubeChannelHtml,
  youtubeTestAbout,
  youtubeTestChannel,
} from './pages.js';
import {
  GRAPHQL_HOST as PILLAR_GRAPHQL_HOST,
  graphqlAnswer as pillarGraphqlAnswer,
  pillarAnswer,
} from '../../src/platforms/linkpage-d/samples.js';
import type { Rng } from './rng.js';
import { rngFor } from './rng.js';
import type { TruthEntry } from './truth.js';
import { computeTruth } from './truth.js';

export type { TruthEntry } from './truth.js';

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

export interface SimOptions {
  seed?: number;
  creators?: number;
  /** Share of creators with a link-in-bio page. */
  linkPageRate?: number;
  /** Share of creators with an own website. */
  websiteRate?: number;
  /** Share of creators with an own account only web search finds (it links back). */
  hiddenProfileRate?: number;
  /** Share of creators with an own same-handle account without any link. */
  silentProfileRate?: number;
  /** Chance, per free source platform, that someone else holds the creator's handle there. */
  sameHandleDecoyRate?: number;
  /** Share of those same-handle decoys that also carry the creator's display name (and no links). */
  namesakeRate?: number;
  /** Share of creators with a display-name look-alike in web search. */
  lookalikeRate?: number;
  professionalRate?: number;
  /** Share of creators without any public address. */
  noEmailRate?: number;
  /** Chance that a link page or a contact page answers a Cloudflare challenge. */
  challengeRate?: number;
  /** Share of websites answering 503 or resetting the connection. */
  failingSiteRate?: number;
  /** Share of websites that never answer. */
  hangingSiteRate?: number;
  /** Share of websites taking 1.2–2 s per page. */
  slowSiteRate?: number;
  /** Share of websites behind a Cloudflare challenge on every page (block pages: the lookup is partial, not failed). */
  siteChallengeRate?: number;
  /** Share of websites in another language (German, Spanish, French, Portuguese, Japanese page words and paths). */
  localizedSiteRate?: number;
  /** Share of websites declared by a deeper page (`/links`…) rather than the home page. */
  deepSiteRate?: number;
  /** How many accounts (min, max) a creator has on the non-source reader platforms. */
  extraAccounts?: [number, number];
  /** Chance that a platform answers one of a creator's accounts (not the primary) with a 503 or its rate limit. */
  accountFaultRate?: number;
  /** Share of creators with a reseller account bearing their display name and linking their storefront. */
  retailerDecoyRate?: number;
  /**
   * The mix of accounts under other handles that link the creator (Builder.oneWay): the creator's
   * second accounts : everybody else's (fans, fan-run clip channels, impersonators) — 1/3, 1, 3…
   */
  mix?: number;
  /** How many such accounts a creator has on average (both kinds together). */
  oneWayPerCreator?: number;
  /** Share of creators with a fan squatting their exact handle on a platform they do not use. */
  squatterRate?: number;
  /** Share of creators with a stranger of the very same display name in their search results. */
  strangerRate?: number;
  /**
   * Share of creators with other people next to them (Builder.people): a manager, editor, relative
   * or friend their link page links — labelled so, or not while its bio names the creator — an
   * agency site their link page links, a co-host or editor their website credits; each links back.
   */
  peopleRate?: number;
  /**
   * Share of creators whose link page is shared with another person or thanks fans (Builder.groups):
   * a partner, co-host or bandmate named on it beside the creator, each of their accounts linking the
   * shared page back; or a fan account the creator's site or link page thanks. Default 0.25.
   */
  groupRate?: number;
  /** Per-host latency jitter drawn per seed (a factor in [1 − j, 1 + j]), so each world has its own slow hosts. */
  hostJitter?: number;
  /** Chance that a same-handle decoy on shortvideo is behind TikTok's captcha. */
  blockedCandidateRate?: number;
  /** Share of creators whose web searches get Google's "unusual traffic" page. */
  websearchBlockedRate?: number;
  /** Multiplies every latency (0 in unit tests). */
  latencyScale?: number;
  /** Token-gated platforms (code, forum) the looking-up gateway has a token for: truth probes them for the same handle. */
  tokens?: string[];
  /** Per-host latency overrides (ms). */
  latencies?: Record<string, number>;
}

export const DEFAULT_OPTIONS: Required<Omit<SimOptions, 'latencies'>> & { latencies: Record<string, number> } = {
  seed: 1,
  creators: 40,
  linkPageRate: 0.7,
  websiteRate: 0.75,
  hiddenProfileRate: 0.15,
  silentProfileRate: 0.1,
  sameHandleDecoyRate: 0.5,
  namesakeRate: 0.3,
  lookalikeRate: 0.5,
  professionalRate: 0.3,
  noEmailRate: 0.1,
  challengeRate: 0.08,
  failingSiteRate: 0.06,
  hangingSiteRate: 0.03,
  slowSiteRate: 0.1,
  siteChallengeRate: 0.05,
  localizedSiteRate: 0.45,
  deepSiteRate: 0.15,
  extraAccounts: [1, 4],
  accountFaultRate: 0.05,
  retailerDecoyRate: 0.2,
  mix: 1,
  oneWayPerCreator: 2,
  squatterRate: 0.15,
  strangerRate: 0.3,
  peopleRate: 0.4,
  groupRate: 0.25,
  hostJitter: 0.4,
  blockedCandidateRate: 0.3,
  websearchBlockedRate: 0.05,
  latencyScale: 1,
  tokens: [],
  latencies: {},
};

/** Generic shorteners creators' links go through. */
const SHORTENER_HOSTS = ['bit.ly', 'tinyurl.com', 'buff.ly'] as const;
/** A shortener service that is down: every short link of it answers 503. */
const FAILING_SHORTENER_HOST = 'ow.ly';

/** Fixed per-host latencies (ms): platform APIs and pages, link-page hosts, search, shorteners. */
export const HOST_LATENCIES: Readonly<Record<string, number>> = {
  'i.instagram.com': 110,
  'www.instagram.com': 110,
  'www.tiktok.com': 170,
  'www.youtube.com': 120,
  'x.com': 130,
  'twitter.com': 130,
  'api.x.com': 25,
  'api.twitter.com': 25,
  'abs.twimg.com': 30,
  'linktr.ee': 90,
  'link.me': 150,
  'api.komi.io': 70,
  'pillar.io': 110,
  'lnk.bio': 80,
  'www.google.com': 260,
  'bit.ly': 35,
  'tinyurl.com': 45,
  'buff.ly': 40,
  [FAILING_SHORTENER_HOST]: 40,
  't.co': 30,
  'www.amazon.com': 220,
  'www.linkedin.com': 90,
  'www.facebook.com': 190,
  'api.github.com': 95,
  'github.com': 110,
  'www.reddit.com': 140,
  'soundcloud.com': 120,
  'api-v2.soundcloud.com': 85,
  'truthsocial.com': 150,
  'www.threads.com': 160,
  'www.threads.net': 160,
  'www.pinterest.com': 130,
  'old.reddit.com': 140,
  'm.soundcloud.com': 120,
  'threads.com': 160,
  'threads.net': 160,
  // Pillar's GraphQL endpoint (src/platforms/linkpage-d/samples.ts GRAPHQL_HOST): last, so the other hosts' jitter is unchanged.
  [PILLAR_GRAPHQL_HOST]: 60,
};

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/** One upstream answer of the world, for tests that parse every page. */
export interface SimPage {
  kind:
    | 'social-b'
    | 'shortvideo'
    | 'video'
    | 'video-about'
    | 'microblog-b'
    | 'social-a'
    | 'code'
    | 'code-social'
    | 'forum'
    | 'audio-c'
    | 'audio-c-web-profiles'
    | 'audio-c-page'
    | 'microblog-a'
    | 'microblog-c'
    | 'microblog-c-graphql'
    | 'pinboard'
    | 'pinboard-resource'
    | LinkPageKind
    | 'site'
    | 'storefront'
    | 'article';
  method: 'GET' | 'POST';
  url: string;
  status: number;
  body: string;
  /** The account, link page (`kind:username`) or site page (`domain/path`) it renders. */
  ref: string;
  /** The page answers so instead of its body. */
  pageStatus: PageStatus;
}

export interface SimWeb {
  options: typeof DEFAULT_OPTIONS;
  world: SimWorld;
  routes: Route[];
  /** Keyed `platform:handle` for every own account on a source platform. */
  truth: Record<string, TruthEntry>;
  /** One lookup per creator (its primary account), in creator order. */
  lookups: { key: string; platform: SourcePlatform; handle: string; creator: number }[];
  pages: SimPage[];
  /** Per-host latency actually served (ms, scaled). */
  latencyOf(host: string): number;
  /** The Google answer for a query, as served. */
  search(q: string): { status: number; body: string; creator: number | null };
  /** How the world answers a request: data, a plain not-found, a block page (challenge, captcha, 429) or a failure. */
  outcome(
    req: Pick<ReplayRequest, 'method' | 'host' | 'path' | 'query' | 'body'>,
  ): 'ok' | 'not-found' | 'redirect' | 'blocked' | 'fail' | 'reset' | 'hang';
}

// ---------------------------------------------------------------------------------------------
// Word lists (invented people; domains on real public suffixes so e-mail rules accept them)
// ---------------------------------------------------------------------------------------------

const FIRST = [
  'mira',
  'theo',
  'nadia',
  'jonah',
  'ines',
  'kofi',
  'lena',
  'marco',
  'priya',
  'soren',
  'ava',
  'rafael',
  'yuki',
  'elif',
  'tomas',
  'zara',
  'owen',
  'leila',
  'bruno',
  'maya',
  'felix',
  'noor',
  'diego',
  'hana',
  'ivan',
  'clara',
  'samir',
  'tess',
  'emil',
  'rosa',
];
const LAST = [
  'sol',
  'marsh',
  'vega',
  'okafor',
  'lind',
  'brandt',
  'castillo',
  'hart',
  'moreau',
  'kato',
  'reyes',
  'novak',
  'quinn',
  'alder',
  'fontaine',
  'baptiste',
  'ward',
  'ishi',
  'delacroix',
  'mbeki',
  'holm',
  'serrano',
  'petrov',
  'nakamura',
  'oyelaran',
  'blake',
  'ferreira',
  'wilde',
  'haddad',
  'strand',
];
const NICHES = [
  'ceramics',
  'bakes',
  'fitness',
  'travels',
  'beats',
  'paints',
  'tech',
  'garden',
  'styles',
  'films',
  'cooks',
  'climbs',
  'knits',
  'reads',
  'plays',
];
const TLDS = ['com', 'com', 'com', 'co', 'studio', 'art', 'io', 'co.uk', 'net', 'me', 'de'];
const AGENCIES = ['northstarmgmt.com', 'brightlinetalent.co', 'wavelengthagency.com', 'kestrelcreators.com', 'harborandvine.co.uk'];
const MAGAZINES = ['indiebeatmag.com', 'makersweekly.net', 'dailyculturereview.com'];
const VARIANT_SUFFIXES = ['tv', 'hq', 'music', 'studio', 'art', 'films', 'daily'];
const BIO_LINES = [
  'making things by hand, slowly',
  'new video every friday',
  'studio notes & behind the scenes',
  'collabs open',
  'based in the city, working everywhere',
  'small batches only',
];
const DECOY_BIO = [
  'photography & coffee',
  'fitness coach · online programs',
  'memes and more memes',
  'dad, runner, bad jokes',
  'real estate agent',
  'gamer · streamer',
];

/** A site's words in its language: contact-like pages (path, title), the other pages' paths and titles. */
const SITE_WORDS: Record<
  SiteLang,
  {
    home: string;
    blog: { path: string; title: string };
    post: string;
    privacy: { path: string; title: string };
    contacts: { path: string; title: string }[];
  }
> = {
  en: {
    home: 'Home',
    blog: { path: '/blog', title: 'Journal' },
    post: 'Behind the scenes',
    privacy: { path: '/privacy', title: 'Privacy' },
    contacts: [
      { path: '/contact', title: 'Contact' },
      { path: '/about', title: 'About' },
      { path: '/booking', title: 'Booking' },
      { path: '/work-with-me', title: 'Work with me' },
      { path: '/press', title: 'Press' },
      { path: '/contact-us', title: 'Contact us' },
      { path: '/bio', title: 'Bio' },
      { path: '/pages/contact', title: 'Get in touch' },
      { path: '/en/contact/', title: 'Contact' },
    ],
  },
  de: {
    home: 'Startseite',
    blog: { path: '/blog', title: 'Blog' },
    post: 'Hinter den Kulissen',
    privacy: { path: '/datenschutz', title: 'Datenschutz' },
    contacts: [
      { path: '/kontakt', title: 'Kontakt' },
      { path: '/impressum', title: 'Impressum' },
      { path: '/ueber-mich', title: 'Über mich' },
      { path: '/de/kontakt/', title: 'Kontakt' },
    ],
  },
  es: {
    home: 'Inicio',
    blog: { path: '/blog', title: 'Blog' },
    post: 'Detrás de cámaras',
    privacy: { path: '/privacidad', title: 'Privacidad' },
    contacts: [
      { path: '/contacto', title: 'Contacto' },
      { path: '/sobre-mi', title: 'Sobre mí' },
      { path: '/es/contacto/', title: 'Contacto' },
    ],
  },
  fr: {
    home: 'Accueil',
    blog: { path: '/journal', title: 'Journal' },
    post: 'Dans les coulisses',
    privacy: { path: '/confidentialite', title: 'Confidentialité' },
    contacts: [
      { path: '/contact', title: 'Contact' },
      { path: '/a-propos', title: 'À propos' },
      { path: '/fr/contact/', title: 'Me contacter' },
      { path: '/presse', title: 'Presse' },
    ],
  },
  pt: {
    home: 'Início',
    blog: { path: '/blog', title: 'Blog' },
    post: 'Bastidores',
    privacy: { path: '/privacidade', title: 'Privacidade' },
    contacts: [
      { path: '/contato', title: 'Contato' },
      { path: '/sobre', title: 'Sobre' },
      { path: '/pt/contato/', title: 'Fale comigo' },
    ],
  },
  ja: {
    home: 'ホーム',
    blog: { path: '/blog', title: 'ブログ' },
    post: '制作の裏側',
    privacy: { path: '/privacy', title: 'プライバシー' },
    contacts: [
      { path: encodeURI('/お問い合わせ'), title: 'お問い合わせ' },
      { path: '/otoiawase', title: 'お問い合わせ' },
      { path: '/about', title: 'プロフィール' },
    ],
  },
};

/** Platforms whose profiles have a contact field an address can sit in (else it is in the bio). */
const CONTACT_FIELD_PLATFORMS: readonly string[] = ['social-b', 'code', 'microblog-a', 'social-a'];
/**
 * Platforms whose accounts share one username with another's (Threads profiles are made from
 * Instagram accounts and carry their usernames): whoever holds a handle on one holds it on the other.
 */
const PAIRED_PLATFORMS: Readonly<Partial<Record<string, string>>> = { 'microblog-c': 'social-b', 'social-b': 'microblog-c' };

/** The creator's handle as `platform` can hold it (dots and underscores as its rules allow), or null. */
export function handleOn(platform: ReaderPlatform, handle: string): string | null {
  const h = handle.toLowerCase();
  let out: string;
  switch (platform) {
    case 'social-a':
      out = h.replace(/_/g, '.');
      if (out.length < 5) out = `${out}.official`;
      break;
    case 'code':
      out = h.replace(/[._]+/g, '-').replace(/^-+|-+$/g, '');
      break;
    case 'audio-c':
      out = h.replace(/\./g, '-');
      break;
    case 'forum':
    case 'microblog-a':
    case 'pinboard':
    case 'microblog-b':
      out = h.replace(/\./g, '_');
      break;
    default:
      out = h;
  }
  return HANDLE_RULES[platform].test(out) ? out : null;
}

function pickReach(r: Rng, hasSite: boolean): Reach {
  const x = r.next();
  if (x < 0.35) return 'hub';
  if (x < 0.55) return 'via-account';
  if (x < 0.75) return 'reciprocal';
  if (x < 0.85) return 'search';
  if (x < 0.95) return hasSite ? 'shared-website' : 'reciprocal';
  return 'silent';
}

const HEX = '0123456789abcdef';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const pad3 = (n: number) => String(n).padStart(3, '0');

// ---------------------------------------------------------------------------------------------
// Building the world
// ---------------------------------------------------------------------------------------------

interface Used {
  names: Set<string>;
  handles: Set<string>;
  keys: Set<string>;
  domains: Set<string>;
  linkPages: Set<string>;
}

class Builder {
  readonly world: SimWorld;
  private linkPageCount = 0;
  readonly used: Used = { names: new Set(), handles: new Set(), keys: new Set(), domains: new Set(), linkPages: new Set() };
  constructor(readonly o: typeof DEFAULT_OPTIONS) {
    const hosts = new Map<string, HostSpec>();
    const jr = rngFor(o.seed, 'hosts');
    for (const [host, ms] of Object.entries(HOST_LATENCIES)) {
      const jittered = o.latencies[host] ?? ms * (1 - o.hostJitter + 2 * o.hostJitter * jr.next());
      hosts.set(host, {
        host,
        latencyMs: Math.round(jittered * o.latencyScale),
        ...(host === FAILING_SHORTENER_HOST ? { status: 'fail' as const } : {}),
      });
    }
    for (const [host, ms] of Object.entries(o.latencies))
      if (!hosts.has(host)) hosts.set(host, { host, latencyMs: Math.round(ms * o.latencyScale) });
    this.world = {
      seed: o.seed,
      creators: [],
      accounts: new Map(),
      channels: new Map(),
      linkPages: new Map(),
      sites: new Map(),
      redirects: new Map(),
      articles: new Map(),
      hosts,
    };
  }

  uniqueHandle(r: Rng, candidates: string[], valid: (h: string) => boolean): string {
    for (const h of candidates) if (valid(h) && !this.used.handles.has(h)) return this.claim(h);
    // Numbered spellings, then without separators (GitHub, SoundCloud and Pinterest refuse some of them).
    for (const base of [candidates.find(valid) ?? candidates[0], candidates[0].replace(/[^a-z0-9]/g, '')]) {
      for (let tries = 0; tries < 200; tries++) {
        const h = `${base.slice(0, 11)}${r.int(10, 9999)}`;
        if (valid(h) && !this.used.handles.has(h)) return this.claim(h);
      }
    }
    throw new Error(`no valid handle from ${candidates.join(', ')}`);
  }

  claim(h: string): string {
    this.used.handles.add(h);
    return h;
  }

  numericId(r: Rng): string {
    return String(r.int(1_000_000_000, 9_999_999_999));
  }

  addAccount(a: Omit<SimAccount, 'key' | 'url' | 'numericId' | 'blocked'> & { blocked?: boolean }, r: Rng): SimAccount | null {
    const key = `${a.platform}:${a.handle.toLowerCase()}`;
    if (this.used.keys.has(key)) return null;
    this.used.keys.add(key);
    const acct: SimAccount = {
      ...a,
      key,
      url: profileUrl(a.platform, a.handle),
      numericId: this.numericId(r),
      blocked: a.blocked ?? false,
    };
    if (a.platform === 'video') {
      acct.channelId = `UC${r.chars(`${ALNUM}_-`, 22)}`;
      this.world.channels.set(acct.channelId, key);
    }
    if (a.platform === 'shortvideo') acct.shape = r.chance(0.25) ? 'sigi' : 'universal';
    this.world.accounts.set(key, acct);
    return acct;
  }

  uniqueDomain(r: Rng, stems: string[]): string {
    for (let i = 0; i < 20; i++) {
      const d = `${r.pick(stems)}.${r.pick(TLDS)}`;
      if (!this.used.domains.has(d) && getDomain(d) === d) {
        this.used.domains.add(d);
        return d;
      }
    }
    for (;;) {
      const d = `${stems[0]}${r.int(2, 999)}.com`;
      if (!this.used.domains.has(d)) {
        this.used.domains.add(d);
        return d;
      }
    }
  }

  makeSite(r: Rng, domain: string, owner: string, creator: number | null, siteStatus: SimSite['status'], slow: boolean): SimSite {
    const host = r.chance(0.5) ? `www.${domain}` : domain;
    const apexRedirect = host !== domain && r.chance(0.4);
    const declaredUrl = apexRedirect ? `https://${domain}` : r.chance(0.5) ? `https://${host}/` : `https://${host}`;
    const latencyMs = Math.round((slow ? r.int(1200, 2000) : r.int(60, 350)) * this.o.latencyScale);
    const site: SimSite = { domain, host, declaredUrl, apexRedirect, owner, creator, latencyMs, status: siteStatus, lang: 'en', pages: [] };
    this.world.sites.set(domain, site);
    return site;
  }

  page(site: SimSite, path: string, title: string, role: SimSitePage['role'], status: PageStatus = 'ok'): SimSitePage {
    const p: SimSitePage = { path, url: `https://${site.host}${path}`, title, role, links: [], emails: [], decoyStrings: [], status };
    site.pages.push(p);
    return p;
  }

  addLinkPage(
    r: Rng,
    kind: LinkPageKind,
    base: string,
    owner: string,
    creator: number | null,
    displayName: string,
    bio: string,
  ): SimLinkPage {
    const clean = kind === 'linkpage-c' ? base.replace(/[_.]/g, '-') : base;
    let username = clean;
    while (this.used.linkPages.has(`${kind}:${username}`)) username = `${clean}${r.int(2, 99)}`;
    this.used.linkPages.add(`${kind}:${username}`);
    const p: SimLinkPage = {
      kind,
      username,
      url: linkPageUrl(kind, username),
      owner,
      creator,
      displayName,
      bio,
      links: [],
      email: null,
      status: 'ok',
      numericId: String(r.int(10_000_000, 99_999_999)),
      uuid: `${r.chars(HEX, 8)}-${r.chars(HEX, 4)}-4${r.chars(HEX, 3)}-9${r.chars(HEX, 3)}-${r.chars(HEX, 12)}`,
    };
    this.world.linkPages.set(`${kind}:${username.toLowerCase()}`, p);
    return p;
  }

  shortLink(r: Rng, target: string, host = 'bit.ly'): string {
    for (;;) {
      const url = `https://${host}/${r.chars(ALNUM, 7)}`;
      if (!this.world.redirects.has(url)) {
        this.world.redirects.set(url, target);
        return url;
      }
    }
  }

  /** Someone else's small website (a decoy person's): home + contact with their own address. */
  decoySite(r: Rng, stem: string, owner: string, displayName: string, accountUrl: string | null): SimSite {
    const domain = this.uniqueDomain(r, [stem, `${stem}co`, `${stem}online`]);
    const site = this.makeSite(r, domain, owner, null, 'ok', false);
    const home = this.page(site, '/', displayName, 'home');
    const contact = this.page(site, '/contact', 'Contact', 'contact');
    home.links.push({ url: contact.url, text: 'nav:Contact' });
    if (accountUrl) home.links.push({ url: accountUrl, text: 'social:Follow' });
    contact.links.push({ url: home.url, text: 'nav:Home' });
    contact.emails.push({ email: `hello@${domain}`, encoding: 'plain' });
    return site;
  }

  // -------------------------------------------------------------------------------------------

  creator(i: number): SimCreator {
    const o = this.o;
    const r = rngFor(o.seed, `creator:${i}`);
    const id = `c${pad3(i)}`;

    let first = r.pick(FIRST);
    let last = r.pick(LAST);
    for (let tries = 0; tries < 60 && this.used.names.has(`${first} ${last}`); tries++) {
      first = r.pick(FIRST);
      last = r.pick(LAST);
    }
    this.used.names.add(`${first} ${last}`);
    const niche = r.pick(NICHES);
    const displayName = r.chance(0.2) ? `${cap(first)} ${cap(niche)}` : `${cap(first)} ${cap(last)}`;
    const xValid = (h: string) => HANDLE_RULES['microblog-b'].test(h) && h.length >= 4;
    const handle = this.uniqueHandle(
      r,
      r.shuffle([`${first}${last}`, `${first}_${last}`, `${first}${niche}`, `the${first}${last}`]),
      xValid,
    );

    // Platforms: the primary (rotating, so every source platform is exercised) plus 1–3 more sources.
    const primaryPlatform = SOURCE_PLATFORMS[i % SOURCE_PLATFORMS.length];
    const own: SourcePlatform[] = [
      primaryPlatform,
      ...r.sample(
        SOURCE_PLATFORMS.filter((p) => p !== primaryPlatform),
        r.int(1, 3),
      ),
    ];
    const variantOn = own.length > 1 && r.chance(0.2) ? r.pick(own.slice(1)) : null;
    // Instagram often spells the name with a dot (not a valid handle on microblog-b).
    const dotted = `${first}.${last}`;
    const igHandle = own.includes('social-b') && r.chance(0.25) && !this.used.handles.has(dotted) ? this.claim(dotted) : handle;
    const variant = (suffix: string) => this.uniqueHandle(r, [`${handle.slice(0, 15 - suffix.length)}${suffix}`], xValid);

    const creator: SimCreator = {
      index: i,
      id,
      displayName,
      first,
      last,
      handle,
      accounts: [],
      primary: '',
      linkPage: null,
      site: null,
      emails: [],
      decoys: [],
      search: { blocked: false, results: [] },
    };
    const bio = r.pick(BIO_LINES);
    const ownAccounts: SimAccount[] = [];
    for (const p of own) {
      const h = p === variantOn ? variant(r.pick(VARIANT_SUFFIXES)) : p === 'social-b' ? igHandle : handleOn(p, handle);
      if (!h) continue;
      const a = this.addAccount({ platform: p, handle: h, displayName, owner: id, creator: i, role: 'own', bio, links: [], emails: [] }, r);
      if (a) ownAccounts.push(a);
    }
    creator.primary = ownAccounts[0].key;
    let free: ReaderPlatform[] = READER_PLATFORMS.filter(
      (p) => !own.includes(p as SourcePlatform) || !ownAccounts.some((a) => a.platform === p),
    );

    const extra: SimAccount[] = [];
    const addRole = (p: SourcePlatform, h: string, role: AccountRole, name: string) => {
      const a = this.addAccount(
        {
          platform: p,
          handle: h,
          displayName: name,
          owner: id,
          creator: i,
          role,
          bio: role === 'own-silent' ? '' : bio,
          links: [],
          emails: [],
        },
        r,
      );
      if (a) extra.push(a);
      free = free.filter((x) => x !== p);
      return a;
    };
    const freeSources = () =>
      free.filter((p): p is SourcePlatform => (SOURCE_PLATFORMS as readonly string[]).includes(p) && p !== 'social-a');
    const hidden =
      freeSources().length && r.chance(o.hiddenProfileRate)
        ? addRole(r.pick(freeSources()), variant(r.pick(VARIANT_SUFFIXES)), 'own-hidden', displayName)
        : null;
    if (freeSources().length && r.chance(o.silentProfileRate)) addRole(r.pick(freeSources()), handle, 'own-silent', displayName);
    let professional: SimAccount | null = null;
    if (r.chance(o.professionalRate)) {
      professional = this.addAccount(
        {
          platform: 'professional',
          handle: `${first}-${last}-${r.chars(HEX, 4)}`,
          displayName,
          owner: id,
          creator: i,
          role: 'own',
          bio: '',
          links: [],
          emails: [],
        },
        r,
      );
    }

    // Hubs.
    // Hosts in rotation, so every link-page format is exercised.
    const lib = r.chance(o.linkPageRate)
      ? this.addLinkPage(r, LINK_PAGE_KINDS[this.linkPageCount++ % LINK_PAGE_KINDS.length], handle, id, i, displayName, bio)
      : null;
    if (lib && r.chance(o.challengeRate)) lib.status = 'challenge';
    else if (lib && r.chance(0.03)) lib.status = 'fail';
    let site: SimSite | null = null;
    if (r.chance(o.websiteRate)) {
      const domain = this.uniqueDomain(r, [`${first}${last}`, `${first}${last}${niche}`, `${first}${last}studio`, `${first}${niche}`]);
      const hang = r.chance(o.hangingSiteRate);
      const fail = !hang && r.chance(o.failingSiteRate);
      const challenged = !hang && !fail && r.chance(o.siteChallengeRate);
      site = this.makeSite(
        r,
        domain,
        id,
        i,
        hang ? 'hang' : fail ? r.pick(['fail', 'reset'] as const) : challenged ? 'challenge' : 'ok',
        r.chance(o.slowSiteRate),
      );
      site.lang = r.chance(o.localizedSiteRate) ? r.pick(['de', 'es', 'fr', 'pt', 'ja'] as const) : 'en';
    }
    creator.linkPage = lib ? `${lib.kind}:${lib.username.toLowerCase()}` : null;
    creator.site = site?.domain ?? null;

    // Site pages: home, 1–2 contact-like pages in the site's language (some at /bio, some deep),
    // a blog with a post, a privacy page; some sites are declared by a deeper "links" page.
    let home: SimSitePage | null = null;
    const contacts: SimSitePage[] = [];
    let post: SimSitePage | null = null;
    let landing: SimSitePage | null = null;
    if (site) {
      const words = SITE_WORDS[site.lang];
      home = this.page(site, '/', displayName, 'home');
      for (const c of r.sample(words.contacts, r.int(1, 2))) {
        contacts.push(this.page(site, c.path, c.title, 'contact', r.chance(o.challengeRate) ? 'challenge' : 'ok'));
      }
      const blog = this.page(site, words.blog.path, words.blog.title, 'blog');
      post = this.page(
        site,
        `${words.blog.path}/${r.pick(['studio-tour', 'new-season', 'how-i-work', 'behind-the-scenes'])}`,
        words.post,
        'post',
      );
      const privacy = this.page(site, words.privacy.path, words.privacy.title, 'privacy');
      for (const c of contacts) home.links.push({ url: c.url, text: `nav:${c.title}` });
      home.links.push({ url: blog.url, text: `nav:${blog.title}` }, { url: privacy.url, text: `nav:${privacy.title}` });
      for (const p of [...contacts, blog, post, privacy]) p.links.push({ url: home.url, text: `nav:${words.home}` });
      blog.links.push({ url: post.url, text: post.title });
      if (r.chance(o.deepSiteRate)) {
        // Declared by a deeper page (a "links" page of the site): it links home and the contact pages.
        landing = this.page(site, r.pick(['/links', '/en/start', '/hello']), `${displayName} — links`, 'links');
        landing.links.push({ url: home.url, text: `nav:${words.home}` }, ...contacts.map((c) => ({ url: c.url, text: `nav:${c.title}` })));
        site.declaredUrl = landing.url;
        site.apexRedirect = false;
      }
      if (r.chance(0.6)) home.decoyStrings.push('you@example.com');
      if (r.chance(0.5)) home.decoyStrings.push(r.pick(['logo@2x.png', 'hero-banner@3x.jpg', 'icon@2x.webp']));
      if (r.chance(0.4))
        home.decoyStrings.push(`https://${r.chars(HEX, 32)}@o${r.int(100000, 999999)}.ingest.sentry.io/${r.int(1000000, 9999999)}`);
      if (contacts[0] && r.chance(0.4)) contacts[0].decoyStrings.push('your@email.com');
    }

    // Accounts on the other reader platforms (code, forum, audio-c, microblog-a, microblog-c,
    // pinboard), from their own stream: each with the platform's handle rules and a way to be
    // reached — linked from the hub, linked only from another of the creator's accounts, found
    // by the same handle and linking back, found only by web search, sharing the creator's
    // website, or unreachable (no links).
    const xr = rngFor(o.seed, `extra:${i}`);
    const extraOwn: SimAccount[] = [];
    for (const p of xr.sample(
      EXTRA_PLATFORMS.filter((x) => free.includes(x)),
      xr.int(o.extraAccounts[0], o.extraAccounts[1]),
    )) {
      const reach = pickReach(xr, !!site);
      const base = handleOn(p, reach === 'search' ? `${handle.slice(0, 12)}${xr.pick(VARIANT_SUFFIXES)}` : handle);
      if (!base) continue;
      const h = this.used.keys.has(`${p}:${base}`) ? null : base;
      if (!h) continue;
      const a = this.addAccount(
        {
          platform: p,
          handle: h,
          displayName,
          owner: id,
          creator: i,
          role: 'own',
          bio: reach === 'silent' ? '' : xr.pick(BIO_LINES),
          links: [],
          emails: [],
          reach,
        },
        xr,
      );
      if (!a) continue;
      free = free.filter((x) => x !== p);
      extraOwn.push(a);
    }

    // Links.
    const hubExtras = extraOwn.filter((a) => a.reach === 'hub');
    const visible = [...ownAccounts, ...hubExtras, ...(professional ? [professional] : [])];
    const hub = lib?.url ?? site?.declaredUrl ?? null;
    const others = (a: SimAccount) => visible.filter((x) => x !== a).map((x) => x.url);
    const storefront = `https://www.amazon.com/shop/${handle}`;
    for (const a of ownAccounts) {
      switch (a.platform) {
        case 'social-b':
          a.links = hub ? [hub, ...(lib && site && r.chance(0.4) ? [site.declaredUrl] : [])] : others(a).slice(0, 3);
          break;
        case 'shortvideo':
          a.links = hub ? [hub, ...(lib && site && r.chance(0.3) ? [site.declaredUrl] : [])] : others(a).slice(0, 1);
          break;
        case 'video':
          a.links = [...(site ? [site.declaredUrl] : []), ...(lib ? [lib.url] : []), ...others(a), ...(r.chance(0.3) ? [storefront] : [])];
          break;
        case 'microblog-b':
          a.links = hub ? [hub] : others(a).slice(0, 1);
          break;
        case 'social-a':
          a.links = [...(site ? [site.declaredUrl] : []), ...(lib ? [lib.url] : []), ...others(a).slice(0, 3)];
          break;
      }
    }
    // Hub accounts with no link page to list them: the source-side accounts link them.
    if (!lib) for (const x of hubExtras) for (const a of ownAccounts) if (!a.links.includes(x.url)) a.links.push(x.url);
    if (hidden) hidden.links = hub ? [hub] : [ownAccounts[0].url];
    // The extra accounts' own links: back to the creator (reciprocal), to the website, or nothing.
    const backTargets = [...ownAccounts.map((a) => a.url), ...(lib ? [lib.url] : [])];
    for (const a of extraOwn) {
      const web = site ? [site.declaredUrl] : [];
      switch (a.reach) {
        case 'hub':
        case 'via-account':
          a.links = [...(xr.chance(0.6) ? web : []), ...xr.sample(backTargets, xr.int(0, 2))];
          break;
        case 'reciprocal':
        case 'search':
          a.links = [...(xr.chance(0.4) ? web : []), xr.pick(backTargets)];
          break;
        case 'shared-website':
          a.links = web;
          break;
        default:
          a.links = [];
      }
    }
    // Accounts reached only through another: a reader account of the creator (not a hub extra that
    // itself needs the hub… any own account does) links them.
    const carriers = [...ownAccounts.slice(1), ...hubExtras];
    for (const a of extraOwn.filter((x) => x.reach === 'via-account')) {
      const carrier = carriers.length ? xr.pick(carriers) : ownAccounts[0];
      carrier.links.push(a.url);
    }
    if (lib) {
      lib.links = visible.map((a) => ({ url: a.url, title: linkTitle(a.url) }));
      if (site) lib.links.push({ url: site.declaredUrl, title: 'My website' });
      if (r.chance(0.5)) lib.links.push({ url: `https://open.spotify.com/album/${r.chars(ALNUM, 22)}`, title: 'New album' });
      if (r.chance(0.4)) lib.links.push({ url: storefront, title: 'My Amazon storefront' });
      if (r.chance(0.4))
        lib.links.push({
          url: this.shortLink(r, site ? `https://${site.host}/?ref=bitly` : `https://open.spotify.com/track/${r.chars(ALNUM, 22)}`),
          title: 'Latest drop',
        });
    }
    // Short links, from their own random stream (the rest of the world stays as it was): some
    // accounts link their hub through a shortener, some link pages their website (then often the
    // only way to it); a link page may carry a short link of a shortener that is down, or a dead one.
    const sr = rngFor(o.seed, `short:${i}`);
    for (const a of ownAccounts)
      if (hub && a.links[0] === hub && sr.chance(0.2)) a.links[0] = this.shortLink(sr, hub, sr.pick(SHORTENER_HOSTS));
    const siteLink = site && lib ? lib.links.find((l) => l.url === site!.declaredUrl) : undefined;
    if (siteLink && sr.chance(0.35)) siteLink.url = this.shortLink(sr, siteLink.url, sr.pick(SHORTENER_HOSTS));
    if (lib && sr.chance(0.12)) lib.links.push({ url: this.shortLink(sr, storefront, FAILING_SHORTENER_HOST), title: 'Merch' });
    if (lib && sr.chance(0.12)) {
      let dead = `https://bit.ly/${sr.chars(ALNUM, 7)}`;
      while (this.world.redirects.has(dead)) dead = `https://bit.ly/${sr.chars(ALNUM, 7)}`;
      lib.links.push({ url: dead, title: 'Old promo' });
    }
    if (site && home) {
      for (const a of visible) home.links.push({ url: a.url, text: `social:${linkTitle(a.url)}` });
      if (r.chance(0.3)) home.links.push({ url: storefront, text: 'social:Shop my favourites' });
      for (const c of contacts)
        if (r.chance(0.5)) for (const a of visible) c.links.push({ url: a.url, text: `social:${linkTitle(a.url)}` });
    }
    // Platform answers that fail for an account other than the primary: a 503 or the platform's rate limit.
    const fr = rngFor(o.seed, `faults:${i}`);
    // (GitHub's rate limit is its 403 with x-ratelimit-remaining: 0; elsewhere a 503 without Retry-After,
    // so no host-wide cool-down couples one lookup's fault to another's.)
    for (const a of [...ownAccounts.slice(1), ...extraOwn])
      if (fr.chance(o.accountFaultRate)) a.fault = a.platform === 'code' && fr.chance(0.5) ? 'ratelimited' : 'fail';

    // Addresses and where they appear.
    const surfaces: { kind: 'account' | 'lib' | 'page'; account?: SimAccount; page?: SimSitePage }[] = [
      ...ownAccounts.map((a) => ({ kind: 'account' as const, account: a })),
      ...extraOwn.filter((a) => a.reach !== 'silent').map((a) => ({ kind: 'account' as const, account: a })),
      ...(lib ? [{ kind: 'lib' as const }] : []),
      ...(home ? [home, ...contacts].map((p) => ({ kind: 'page' as const, page: p })) : []),
    ];
    const addresses: string[] = [];
    if (!r.chance(o.noEmailRate)) {
      addresses.push(
        site
          ? `${r.pick(['hello', 'contact', 'studio', 'team', first])}@${site.domain}`
          : `${handle.replace(/_/g, '')}.${r.pick(['business', 'collabs', 'booking'])}@gmail.com`,
      );
      if (r.chance(0.5)) {
        const second =
          r.chance(0.5) || !site ? `${first}.${last}@${r.pick(AGENCIES)}` : `${r.pick(['booking', 'press', 'mgmt'])}@${site.domain}`;
        if (!addresses.includes(second)) addresses.push(second);
      }
    }
    const writtenAs = (email: string) => {
      if (!r.chance(0.2)) return email;
      const [local, domain] = email.split('@');
      return `${cap(local)}@${domain
        .split('.')
        .map((l, k) => (k === 0 ? cap(l) : l))
        .join('.')}`;
    };
    const htmlEncodings: EmailEncoding[] = ['plain', 'mailto', 'bracket', 'paren', 'entities', 'cfemail', 'cfhref', 'jsonld'];
    for (const email of addresses) {
      for (const s of r.sample(surfaces, r.int(1, Math.min(3, surfaces.length)))) {
        if (s.kind === 'account') {
          const a = s.account!;
          const canContact = CONTACT_FIELD_PLATFORMS.includes(a.platform) && !a.emails.some((e) => e.encoding === 'contact_field');
          const encoding = r.pick<EmailEncoding>(
            canContact ? ['plain', 'bracket', 'paren', 'contact_field'] : ['plain', 'bracket', 'paren'],
          );
          a.emails.push({ email: writtenAs(email), encoding });
        } else if (s.kind === 'lib') {
          if (!lib!.email) lib!.email = { email: writtenAs(email), encoding: 'contact_field' };
        } else {
          s.page!.emails.push({ email: writtenAs(email), encoding: r.pick(htmlEncodings) });
        }
      }
    }
    // An address only a deep page shows (beyond the documented crawl): owned, not reachable.
    if (site && post && r.chance(0.25)) {
      const deep = `${first}.${last}@${site.domain}`;
      if (!addresses.includes(deep)) {
        post.emails.push({ email: deep, encoding: 'plain' });
        addresses.push(deep);
      }
    }
    creator.emails = addresses.map((e) => e.toLowerCase());

    const everyOwn = [...ownAccounts, ...extra, ...extraOwn, ...(professional ? [professional] : [])];
    creator.accounts = everyOwn.map((a) => a.key);
    // Web search returns the creator's accounts (not every one: search indexes are partial), the site, the link page.
    const searchResults: SearchResult[] = everyOwn
      .filter((a) => a.reach === 'search' || a.role === 'own-hidden' || xr.chance(0.7))
      .map((a) => searchEntry(a));
    if (site)
      searchResults.push({ url: `https://${site.host}/`, title: `${displayName} — official site`, snippet: `${displayName}. ${bio}.` });
    if (lib)
      searchResults.push({
        url: lib.url,
        title: `${displayName} | ${linkPageName(lib.kind)}`,
        snippet: `All of ${displayName}'s links in one place.`,
      });

    // Decoys: the handle elsewhere, namesakes, look-alikes, fans and resellers.
    const decoyName = (dr: Rng) => `${cap(dr.pick(FIRST.filter((f) => f !== first)))} ${cap(dr.pick(LAST.filter((l) => l !== last)))}`;
    // The handles a lookup of this creator starts from, held by someone else where the creator is absent
    // (and the dotted Instagram spelling on shortvideo even beside the creator's own account there).
    const sourceHandles = [...new Set(ownAccounts.map((a) => a.handle.toLowerCase()))];
    const sameHandleTargets: { platform: ReaderPlatform; handle: string }[] = [];
    for (const p of free) {
      if (p === 'social-a') continue;
      const valid = sourceHandles.filter((h) => HANDLE_RULES[p].test(h));
      if (valid.length)
        sameHandleTargets.push({
          platform: p,
          handle: valid.includes(ownAccounts[0].handle.toLowerCase()) ? ownAccounts[0].handle.toLowerCase() : r.pick(valid),
        });
    }
    if (igHandle !== handle && !free.includes('shortvideo') && r.chance(0.5))
      sameHandleTargets.push({ platform: 'shortvideo', handle: igHandle });
    let n = 0;
    for (const t of sameHandleTargets) {
      const rate = (EXTRA_PLATFORMS as readonly string[]).includes(t.platform) ? o.sameHandleDecoyRate * 0.6 : o.sameHandleDecoyRate;
      if (!HANDLE_RULES[t.platform].test(t.handle) || !r.chance(rate)) continue;
      const dr = rngFor(o.seed, `decoy:${i}:${n}`);
      const owner = `x${pad3(i)}-${n++}`;
      // No one else holds on Threads the handle the creator holds on Instagram, nor the reverse
      // (PAIRED_PLATFORMS); skipped after its draws, so every other decoy stays as it was.
      const paired = PAIRED_PLATFORMS[t.platform];
      if (paired && creator.accounts.includes(`${paired}:${t.handle}`)) continue;
      const namesake = dr.chance(o.namesakeRate);
      const name = namesake ? displayName : decoyName(dr);
      const a = this.addAccount(
        {
          platform: t.platform,
          handle: t.handle,
          displayName: name,
          owner,
          creator: null,
          role: namesake ? 'namesake-decoy' : 'same-handle-decoy',
          bio: dr.pick(DECOY_BIO),
          links: [],
          emails: [],
          blocked: t.platform === 'shortvideo' && dr.chance(o.blockedCandidateRate),
        },
        dr,
      );
      if (!a) continue;
      creator.decoys.push(a.key);
      if (dr.chance(namesake ? 0.3 : 0.5))
        a.emails.push({ email: `${t.handle.replace(/[._]/g, '')}.${dr.pick(['inbox', 'work', 'hello'])}@outlook.com`, encoding: 'plain' });
      if (!namesake) {
        const decoyStem = name.toLowerCase().replace(/[^a-z]/g, '');
        switch (dr.pick(['linkpage', 'bitly', 'storefront', 'site', 'retailer'] as const)) {
          case 'linkpage': {
            // On the creator's own link-page host when there is one: a shared domain.
            const dp = this.addLinkPage(
              dr,
              lib?.kind ?? 'linkpage-b',
              `${t.handle.replace(/\./g, '_')}_${dr.pick(['photo', 'fit', 'eats'])}`,
              owner,
              null,
              name,
              a.bio,
            );
            const ds = this.decoySite(dr, decoyStem, owner, name, a.url);
            dp.links = [
              { url: a.url, title: linkTitle(a.url) },
              { url: ds.declaredUrl, title: 'Website' },
            ];
            a.links = [dp.url];
            break;
          }
          case 'bitly':
            a.links = [this.shortLink(dr, this.decoySite(dr, decoyStem, owner, name, a.url).declaredUrl)];
            break;
          case 'storefront':
            a.links = [`https://www.amazon.com/shop/${t.handle.replace(/\./g, '')}${dr.int(2, 99)}`];
            break;
          case 'retailer':
            // The creator's own storefront (a reseller's "shop her picks"): a shared retailer, never evidence.
            a.links = [storefront];
            break;
          case 'site':
            a.links = [this.decoySite(dr, decoyStem, owner, name, a.url).declaredUrl];
            break;
        }
      }
      if (dr.chance(0.5)) searchResults.push(searchEntry(a));
    }
    if (r.chance(o.lookalikeRate)) {
      const dr = rngFor(o.seed, `lookalike:${i}`);
      const owner = `x${pad3(i)}-${n++}`;
      const p = dr.pick(READER_PLATFORMS.filter((x) => x !== 'social-a'));
      const h = this.uniqueHandle(
        dr,
        [`${handle.slice(0, 13)}${dr.pick(['x', '_', '2', 'hq'])}`, `${handle.slice(0, 11)}_fan`],
        (x) => HANDLE_RULES[p].test(x) && HANDLE_RULES['microblog-b'].test(x),
      );
      const name = dr.pick([`${displayName} ✨`, `${displayName} Fan Page`, `${displayName}e`, `${displayName} Art`]);
      const a = this.addAccount(
        {
          platform: p,
          handle: h,
          displayName: name,
          owner,
          creator: null,
          role: 'lookalike-decoy',
          bio: dr.pick(DECOY_BIO),
          links: [],
          emails: [],
        },
        dr,
      );
      if (a) {
        const ds = this.decoySite(dr, `${h.replace(/[^a-z]/g, '')}page`, owner, name, a.url);
        a.links = [ds.declaredUrl];
        a.emails.push({ email: `${h.replace(/[._]/g, '')}@${ds.domain}`, encoding: 'plain' });
        creator.decoys.push(a.key);
        searchResults.push(searchEntry(a));
      }
    }
    // A reseller with the creator's display name on a reader platform, linking the creator's storefront.
    if (r.chance(o.retailerDecoyRate)) {
      const dr = rngFor(o.seed, `retailer:${i}`);
      const owner = `x${pad3(i)}-${n++}`;
      const p = dr.pick(READER_PLATFORMS.filter((x) => x !== 'social-a' && x !== 'video'));
      const h = this.uniqueHandle(
        dr,
        [`${handle.slice(0, 10)}_picks`, `${handle.slice(0, 10)}_deals`],
        (x) => HANDLE_RULES[p].test(x) && HANDLE_RULES['microblog-b'].test(x),
      );
      const a = this.addAccount(
        {
          platform: p,
          handle: h,
          displayName,
          owner,
          creator: null,
          role: 'retailer-decoy',
          bio: `deals & finds · ${displayName}`,
          links: [storefront],
          emails: [],
        },
        dr,
      );
      if (a) {
        creator.decoys.push(a.key);
        searchResults.push(searchEntry(a));
      }
    }
    // A magazine article about the creator (its editor's address is not the creator's).
    const mag = r.pick(MAGAZINES);
    const articleUrl = `https://www.${mag}/features/${first}-${last}-${r.int(100, 999)}`;
    this.world.articles.set(articleUrl, {
      url: articleUrl,
      title: `Meet ${displayName}`,
      html: articleHtml(`Meet ${displayName}`, displayName, `editor@${mag}`),
    });
    if (!this.world.hosts.has(`www.${mag}`))
      this.world.hosts.set(`www.${mag}`, { host: `www.${mag}`, latencyMs: Math.round(150 * o.latencyScale) });
    searchResults.push({ url: articleUrl, title: `Meet ${displayName} | ${mag}`, snippet: `An interview with ${displayName}.` });
    creator.search = { blocked: r.chance(o.websearchBlockedRate), results: r.shuffle(searchResults) };
    return creator;
  }

  /**
   * Accounts under other handles that link TO the creator, drawn after everything else from their
   * own random streams (the rest of the world is the same with or without them), in the mix
   * `mix` = the creator's second accounts : everybody else's (fans, fan-run clip channels,
   * impersonators), `oneWayPerCreator` of them per creator on average:
   *  - the creator's second accounts (`own-second`): clips, live, tv, dev, alt, or a new handle
   *    after a rename; nothing of the creator links them, only web search finds them (most of
   *    the time). Strong ones link the creator's website or link page (and may show its
   *    contact); medium ones link the creator's profile and say in their bio, in the creator's
   *    language, what they are; little ones link the profile and say nothing. Some are named by
   *    the creator's own pages (`@handle` in the primary's bio or on the website's home page);
   *  - fans (`fan-decoy`): near-identical handles (`<handle>_`, `<handle>fans`, `team<handle>`…),
   *    the creator's very name or a fan name, a bio that says "fan account" in one of ten
   *    languages (two the detector does not know) or says nothing; they link the creator's
   *    profile, sometimes its website or link page, never anything of their own;
   *  - fan-run clip channels (`clip-fan`): second-account-like handles and names (`<handle>clips`,
   *    "Mira Sol Clips"), bios about the creator in the third person, some saying "fan";
   *  - impersonators: look-alike handles (`<handle>_`, `real<handle>`, doubled letters…), the
   *    creator's name, the copied bio or the usual lures (some claiming "backup account"),
   *    linking back to the creator's profile — or copying its website or link page link — and
   *    sometimes showing the creator's own address (a lazy copy);
   *  - the creator's shout-outs: the creator's pages name some fans' accounts too ("thanks
   *    @… for the edits"), so being named by the creator is evidence, not proof.
   * Besides the mix: fans squatting the creator's exact handle on a platform the creator does not
   * use (they say they are fans: that breaks the same-handle tie, truth.ts), other people with the
   * creator's very display name under their own handles, and unrelated accounts in the results.
   * By the rules (truth.ts) no one but the creator owns any of them; the creator's second
   * accounts the lookup meets and that link the creator (or show its contact, or are named by it)
   * are reachable, the others are not.
   */
  oneWay(): void {
    const o = this.o;
    const S = (o.oneWayPerCreator * o.mix) / (1 + o.mix);
    const A = o.oneWayPerCreator / (1 + o.mix);
    // Binomial(4, mean / 4): 0–4 accounts around the mean.
    const count = (r: Rng, mean: number) => [0, 1, 2, 3].filter(() => r.chance(Math.min(1, mean / 4))).length;
    for (const c of this.world.creators) {
      const r = rngFor(o.seed, `oneway:${c.index}`);
      const primary = this.world.accounts.get(c.primary)!;
      const own = c.accounts.map((k) => this.world.accounts.get(k)!).filter((a) => a.role === 'own' && a !== primary);
      const site = c.site ? this.world.sites.get(c.site) : undefined;
      const lib = c.linkPage ? this.world.linkPages.get(c.linkPage) : undefined;
      const home = site?.pages.find((p) => p.role === 'home');
      const lang: MarkerLang = site?.lang === 'ja' ? 'ja' : ((site?.lang ?? 'en') as MarkerLang);
      const base = c.handle.toLowerCase();
      const v = { name: c.displayName, first: cap(c.first), last: cap(c.last), handle: primary.handle };
      let n = 0;
      const owner = (prefix: string) => `${prefix}${pad3(c.index)}-${n++}`;
      const toSearch = (a: SimAccount) => c.search.results.splice(r.int(0, c.search.results.length), 0, searchEntry(a));
      /** The creator's own pages name `h`: the website's home page (half the time, when there is one) or the primary's bio. */
      const mention = (templates: readonly string[], h: string) => {
        const line = fill(r.pick(templates), { ...v, h });
        if (home && site!.status === 'ok' && home.status === 'ok' && r.chance(0.5)) (home.texts ??= []).push(line);
        else primary.bio = primary.bio ? `${primary.bio}\n${line}` : line;
      };
      /** A handle for `platform` from `stems` (as the platform can hold it), unused; null when none fits. */
      const handleFor = (platform: ReaderPlatform, stems: string[]) => {
        const fitted = stems.map((s) => handleOn(platform, s)).filter((h): h is string => !!h && h !== base);
        const ok = (h: string) => HANDLE_RULES[platform].test(h) && h !== base && !this.used.keys.has(`${platform}:${h}`);
        if (!fitted.length) return null;
        try {
          return this.uniqueHandle(r, fitted, ok);
        } catch {
          return null;
        }
      };
      const langOf = () => (r.chance(0.4) ? 'en' : r.pick(MARKER_LANGS));

      // The creator's second accounts.
      for (let k = count(r, S); k > 0; k--) {
        const kind = r.pick<SecondKind>(['clips', 'clips', 'live', 'tv', 'dev', 'alt', 'renamed', 'renamed']);
        const platform = kind === 'dev' && r.chance(0.7) ? 'code' : r.pick(READER_PLATFORMS);
        const stems: Record<SecondKind, string[]> = {
          clips: [`${base}clips`, `${base}_clips`, `${c.first}clips`],
          live: [`${base}live`, `${base}_live`, `${c.first}live`],
          tv: [`${base}tv`, `${base}_tv`, `${c.first}tv`],
          dev: [`${base}-dev`, `${c.first}-${c.last}`, `${c.first}codes`],
          alt: [`${base}2`, `${base}_alt`, `${base}backup`],
          renamed: r.shuffle([
            `${c.first}${c.last.slice(0, 1)}${r.int(10, 99)}`,
            `studio${c.first}`,
            `${c.last}${c.first}`,
            `hey${c.first}`,
          ]),
        };
        const h = handleFor(platform, stems[kind]);
        if (!h) continue;
        let evidence = r.pick(['strong', 'strong', 'strong', 'medium', 'medium', 'little', 'little'] as const);
        if (evidence === 'strong' && !site && !lib) evidence = 'medium';
        const named = kind !== 'renamed' && kind !== 'dev' && r.chance(0.4);
        const links: string[] = [];
        const emails: EmailPlacement[] = [];
        let bio: string;
        let second = named;
        if (evidence === 'strong') {
          links.push(r.pick([...(site ? [site.declaredUrl] : []), ...(lib ? [lib.url] : [])]));
          if (r.chance(0.5)) links.push(primary.url);
          if (c.emails.length && r.chance(0.4)) emails.push({ email: c.emails[0], encoding: 'plain' });
          second ||= r.chance(0.5);
          bio = second && !named ? fill(r.pick(SECOND_BIOS[lang]), v) : r.pick(BIO_LINES);
        } else if (evidence === 'medium') {
          links.push(own.length && r.chance(0.3) ? r.pick(own).url : primary.url);
          bio = fill(r.pick(SECOND_BIOS[lang]), v);
          second = true;
        } else {
          links.push(primary.url);
          bio = r.chance(0.6) ? r.pick(BIO_LINES) : '';
        }
        const a = this.addAccount(
          {
            platform,
            handle: h,
            displayName: named ? fill(r.pick(SECOND_NAMES[kind]), v) : c.displayName,
            owner: c.id,
            creator: c.index,
            role: 'own-second',
            bio,
            links,
            emails,
            reach: 'search',
            markers: second ? { second: true } : {},
            second: { kind, evidence },
          },
          r,
        );
        if (!a) continue;
        c.accounts.push(a.key);
        if (r.chance(0.25)) mention(MENTION_OWN, a.handle);
        if (r.chance(0.85)) toSearch(a);
      }

      // Everybody else's: fans, fan-run clip channels, impersonators.
      for (let k = count(r, A); k > 0; k--) {
        const x = r.next();
        const platform = r.pick(READER_PLATFORMS);
        if (x < 0.45) {
          const h = handleFor(
            platform,
            r.shuffle([`${base}_`, `${base}x`, `${base}fans`, `${base}.fan`, `${base}_updates`, `team${base}`, `${base}_fp`, `its${base}`]),
          );
          if (!h) continue;
          const fanName = r.chance(0.6);
          const fanBio = r.chance(0.55);
          // The creator's primary profile most of the time (what fans link), else their other items.
          const targets = [
            ...(r.chance(0.7) ? [primary.url] : []),
            ...r.sample([...own.map((a) => a.url), ...(site ? [site.declaredUrl] : []), ...(lib ? [lib.url] : [])], r.int(0, 2)),
          ];
          const a = this.addAccount(
            {
              platform,
              handle: h,
              displayName: fanName ? fill(r.pick(FAN_NAMES), v) : c.displayName,
              owner: owner('f'),
              creator: null,
              role: 'fan-decoy',
              bio: fanBio ? fill(r.pick(FAN_BIOS[langOf()]), v) : r.pick(NEUTRAL_FAN_BIOS),
              links: targets.length ? targets : [primary.url],
              emails: r.chance(0.25) ? [{ email: `${h.replace(/[^a-z0-9]/g, '')}.fanmail@gmail.com`, encoding: 'plain' }] : [],
              markers: fanName || fanBio ? { fan: true } : {},
            },
            r,
          );
          if (!a) continue;
          c.decoys.push(a.key);
          if (r.chance(0.08)) mention(MENTION_SHOUTOUT, a.handle);
          if (r.chance(0.8)) toSearch(a);
        } else if (x < 0.7) {
          const h = handleFor(
            platform,
            r.shuffle([`${base}clips`, `${c.first}highlights`, `${base}_edits`, `${base}vods`, `${c.first}clipz`]),
          );
          if (!h) continue;
          const y = r.next();
          const fanBio = r.chance(0.35);
          const a = this.addAccount(
            {
              platform,
              handle: h,
              displayName: fill(y < 0.6 ? r.pick(CLIP_NAMES) : y < 0.85 ? '{name}' : r.pick(FAN_NAMES), v),
              owner: owner('f'),
              creator: null,
              role: 'clip-fan',
              bio: fill(fanBio ? r.pick(FAN_BIOS[langOf()]) : r.pick(CLIP_FAN_BIOS), v),
              links: [r.chance(0.85) || !own.length ? primary.url : r.pick(own).url, ...(site && r.chance(0.15) ? [site.declaredUrl] : [])],
              emails: [],
              markers: fanBio || y >= 0.85 ? { fan: true } : {},
            },
            r,
          );
          if (!a) continue;
          c.decoys.push(a.key);
          if (r.chance(0.08)) mention(MENTION_SHOUTOUT, a.handle);
          if (r.chance(0.85)) toSearch(a);
        } else {
          // Some copy another of the creator's handles (its Instagram when the lookup starts elsewhere),
          // on that account's platform, as the handle is spelled there.
          const others = own.filter(
            (x) =>
              (READER_PLATFORMS as readonly string[]).includes(x.platform) && x.platform !== 'social-a' && x.handle.toLowerCase() !== base,
          );
          const model = others.length && r.chance(0.35) ? r.pick(others) : null;
          const ip = (model?.platform as ReaderPlatform | undefined) ?? platform;
          const copiedHandle = model?.handle.toLowerCase();
          const h = handleFor(
            ip,
            copiedHandle
              ? r.shuffle([`${copiedHandle}_`, `${copiedHandle}.official`, `real${copiedHandle}`, `${copiedHandle}__`, `_${copiedHandle}`])
              : r.shuffle([
                  `${base}_`,
                  `${base}.official`,
                  `real${base}`,
                  `${base}x`,
                  `${base}${base.slice(-1)}`,
                  `its${base}`,
                  `${base}1`,
                  `${base}__`,
                ]),
          );
          if (!h) continue;
          const copied = r.chance(0.55);
          const lure = copied ? null : r.pick(IMPERSONATOR_BIOS);
          const y = r.next();
          const hub = site?.declaredUrl ?? lib?.url ?? null;
          const links =
            y < 0.5 || !hub
              ? [primary.url]
              : y < 0.8
                ? [hub, ...(r.chance(0.5) ? [primary.url] : [])]
                : [this.decoySite(r, `${h.replace(/[^a-z]/g, '')}giveaway`, owner('x'), c.displayName, null).declaredUrl, primary.url];
          const emails: EmailPlacement[] = [];
          if (c.emails.length && r.chance(0.1)) emails.push({ email: c.emails[0], encoding: 'plain' });
          else if (r.chance(0.4)) emails.push({ email: `${h.replace(/[^a-z0-9]/g, '')}.mgmt@gmail.com`, encoding: 'plain' });
          const a = this.addAccount(
            {
              platform: ip,
              handle: h,
              displayName: r.chance(0.9) ? c.displayName : `${c.displayName} Official`,
              owner: owner('x'),
              creator: null,
              role: 'impersonator',
              bio: copied ? primary.bio : lure!,
              links,
              emails,
              markers: lure && /backup|new account/.test(lure) ? { second: true } : {},
            },
            r,
          );
          if (!a) continue;
          c.decoys.push(a.key);
          if (r.chance(0.6)) toSearch(a);
        }
      }

      // A fan squatting the creator's exact handle where the creator is not (it says it is a fan).
      // Not on Threads when the creator holds that handle on Instagram, nor the reverse: a Threads
      // profile is made from an Instagram account and carries its username (PAIRED_PLATFORMS).
      if (r.chance(o.squatterRate)) {
        const held = new Set(c.accounts.map((k) => k.split(':')[0]));
        const h = primary.handle.toLowerCase();
        const free = PROBED_PLATFORMS.filter(
          (p) => !held.has(p) && HANDLE_RULES[p].test(h) && !(PAIRED_PLATFORMS[p] && c.accounts.includes(`${PAIRED_PLATFORMS[p]}:${h}`)),
        );
        const p = free.length ? r.pick(free) : null;
        if (p && !this.used.keys.has(`${p}:${primary.handle.toLowerCase()}`)) {
          const a = this.addAccount(
            {
              platform: p,
              handle: primary.handle.toLowerCase(),
              displayName: r.chance(0.5) ? c.displayName : fill(r.pick(FAN_NAMES), v),
              owner: owner('f'),
              creator: null,
              role: 'fan-squatter',
              bio: fill(r.pick(FAN_BIOS[langOf()]), v),
              links: [primary.url],
              emails: r.chance(0.3) ? [{ email: `${base.replace(/[^a-z0-9]/g, '')}.fanclub@gmail.com`, encoding: 'plain' }] : [],
              markers: { fan: true },
            },
            r,
          );
          if (a) {
            c.decoys.push(a.key);
            if (r.chance(0.5)) toSearch(a);
          }
        }
      }

      // Someone else with the creator's very display name, under their own handle, with their own links.
      if (r.chance(o.strangerRate)) {
        const p = r.pick(READER_PLATFORMS);
        const h = handleFor(p, [`${c.first}${r.pick(LAST.filter((l) => l !== c.last))}`, `${c.first}_${r.int(100, 999)}`]);
        if (h) {
          const x = owner('x');
          const a = this.addAccount(
            {
              platform: p,
              handle: h,
              displayName: c.displayName,
              owner: x,
              creator: null,
              role: 'stranger',
              bio: r.pick(DECOY_BIO),
              links: [],
              emails: [],
            },
            r,
          );
          if (a) {
            a.links = [this.decoySite(r, h.replace(/[^a-z]/g, ''), x, c.displayName, a.url).declaredUrl];
            c.decoys.push(a.key);
            toSearch(a);
          }
        }
      }

      // Unrelated accounts the search returns too (other creators' and decoys').
      if (r.chance(0.2)) {
        const others = [...this.world.accounts.values()].filter(
          (a) => a.creator !== c.index && a.platform !== 'professional' && !c.decoys.includes(a.key),
        );
        for (const a of r.sample(others, r.int(1, 2))) toSearch(a);
      }
    }
  }

  /**
   * Other people next to a creator, from their own random streams (the rest of the world is the
   * same with or without them), each linking the creator back — its link page or its primary
   * profile, sometimes with a website of its own — and showing an address of its own:
   *  - someone the link page links under a label that says who they are (a manager, an editor, a
   *    relative, a friend; in several languages, a few the detector does not know);
   *  - someone the link page links under a plain title while its own bio names the creator in the
   *    third person ("editing for @…", "proud big sis of @…"; relatives share the last name);
   *  - an agency's site the link page links as "Management" (a roster of the creator and two other
   *    acts, a general inbox);
   *  - a co-host or editor the website's home page names in a sentence, by @handle or by name.
   * None of them is the creator's (`associate`); the account is marked `other` when the pages say so.
   */
  people(): void {
    const o = this.o;
    for (const c of this.world.creators) {
      const r = rngFor(o.seed, `people:${c.index}`);
      if (!r.chance(o.peopleRate)) continue;
      const primary = this.world.accounts.get(c.primary)!;
      const lib = c.linkPage ? this.world.linkPages.get(c.linkPage) : undefined;
      const site = c.site ? this.world.sites.get(c.site) : undefined;
      const home = site?.status === 'ok' ? site.pages.find((p) => p.role === 'home' && p.status === 'ok') : undefined;
      let n = 0;
      const kinds = r.sample(
        [...(lib ? (['labelled', 'labelled', 'third-person', 'agency'] as const) : []), ...(home ? (['credit', 'credit'] as const) : [])],
        r.int(1, 2),
      );
      for (const kind of kinds) {
        const owner = `p${pad3(c.index)}-${n++}`;
        const who = r.pick([
          'manager',
          'editor',
          'family',
          'friend',
          ...(kind === 'credit' ? (['cohost', 'editor'] as const) : []),
        ] as const);
        const pfirst = r.pick(FIRST.filter((f) => f !== c.first));
        const plast = who === 'family' && r.chance(0.7) ? c.last : r.pick(LAST.filter((l) => l !== c.last));
        const pname = who === 'manager' ? `${cap(plast)} ${r.pick(['Talent', 'Management', 'Creators'])}` : `${cap(pfirst)} ${cap(plast)}`;
        const v = { P: pname, Pf: cap(pfirst), name: c.displayName };
        if (kind === 'agency') {
          const stem = `${plast}${r.pick(['mgmt', 'talent', 'agency'])}`;
          const agency = this.decoySite(r, stem, owner, pname, null);
          agency.agency = true;
          const roster = agency.pages.find((p) => p.role === 'home')!;
          const acts = this.world.creators.filter((x) => x !== c).map((x) => this.world.accounts.get(x.primary)!);
          for (const a of [primary, ...r.sample(acts, Math.min(2, acts.length))])
            roster.links.push({ url: a.url, text: `social:${a.displayName}` });
          agency.pages.find((p) => p.role === 'contact')!.emails = [{ email: `info@${agency.domain}`, encoding: 'plain' }];
          const title = fillP(r.pick(['My management', '{P}', 'Management: {P}', 'Meine Agentur', 'Mi agencia']), v);
          lib!.links.push({ url: agency.declaredUrl, title, credit: true });
          continue;
        }
        const platform = r.pick(['social-b', 'social-b', 'shortvideo', 'microblog-b'] as const);
        const h = this.uniqueHandle(
          r,
          [
            `${pfirst}.${plast}`,
            `${pfirst}${plast}`,
            `${pfirst}_${r.pick(['edits', 'films', 'crafts', 'talent', 'studio'])}`,
            `${pfirst}${plast}${r.int(2, 99)}`,
          ]
            .map((x) => handleOn(platform, x) ?? '')
            .filter(Boolean),
          (x) => HANDLE_RULES[platform].test(x),
        );
        const thirdPerson = kind === 'third-person' || r.chance(0.5);
        const bio = thirdPerson ? fillP(r.pick(PEOPLE_BIOS[who]), { ...v, h: primary.handle }) : r.pick(NEUTRAL_PEOPLE_BIOS);
        const back = kind === 'credit' && site && r.chance(0.6) ? site.declaredUrl : lib && r.chance(0.6) ? lib.url : primary.url;
        const links = [back];
        const a = this.addAccount(
          {
            platform,
            handle: h,
            displayName: pname,
            owner,
            creator: null,
            role: 'associate',
            bio,
            links,
            emails: [{ email: `${pfirst}.${plast}${r.int(1, 9)}@gmail.com`, encoding: 'plain' }],
          },
          r,
        );
        if (!a) continue;
        if (r.chance(0.35)) a.links.push(this.decoySite(r, `${pfirst}${plast}`, owner, pname, a.url).declaredUrl);
        c.decoys.push(a.key);
        if (kind === 'credit') {
          const [before, form, after] = r.pick(CREDIT_SENTENCES);
          home!.links.push({ url: a.url, text: `credit:${fillP(before, v)}|${form === 'handle' ? `@${a.handle}` : pname}|${after}` });
          // The creator's side credits it; it says so itself when its bio names the creator.
          if (thirdPerson) a.markers = { other: true };
          continue;
        }
        const labelled = kind === 'labelled';
        a.markers = { other: true };
        lib!.links.push(
          labelled
            ? { url: a.url, title: fillP(r.pick(PEOPLE_LABELS[who === 'cohost' ? 'friend' : who]), v), credit: true }
            : { url: a.url, title: r.pick([pname, linkTitle(a.url)]) },
        );
      }
    }
  }

  /**
   * Group pages and fans the creator thanks, from their own random streams (the rest of the world is
   * the same with or without them):
   *  - a partner (a couple, a co-host, a bandmate) on the creator's link page: the page names both
   *    people — their names joined in its bio ("Mira & Sol — …", "Mira y Sol", "Mira und Sol"), its
   *    buttons naming whose each account is ("Sol · Instagram", "Sol's TikTok", "Mira on YouTube"), or
   *    both — and each of the partner's one or two accounts links the shared page back. Someone else's
   *    (`associate`, `markers.other`: the page says whose it is);
   *  - a fan account that says so (`markers.fan`) thanked on the creator's website home in a sentence
   *    ("Fan clips 💜 <a>…</a>") or on her link page ("Clips by fans"): a fan's, never the creator's.
   */
  groups(): void {
    const o = this.o;
    for (const c of this.world.creators) {
      const r = rngFor(o.seed, `groups:${c.index}`);
      if (!r.chance(o.groupRate)) continue;
      const lib = c.linkPage ? this.world.linkPages.get(c.linkPage) : undefined;
      const site = c.site ? this.world.sites.get(c.site) : undefined;
      const home = site?.status === 'ok' ? site.pages.find((p) => p.role === 'home' && p.status === 'ok') : undefined;
      const fans = c.decoys
        .map((k) => this.world.accounts.get(k)!)
        .filter((a) => (a.role === 'fan-decoy' || a.role === 'clip-fan') && a.markers?.fan);
      const kinds = [...(lib ? (['partner', 'partner'] as const) : []), ...(fans.length && (home || lib) ? (['fan'] as const) : [])];
      if (!kinds.length) continue;
      const kind = r.pick(kinds);
      if (kind === 'fan') {
        const a = r.pick(fans);
        if (home && (!lib || r.chance(0.6)))
          home.links.push({
            url: a.url,
            text: `credit:${r.pick(['Fan clips 💜 ', 'Thanks to the fans who cut my streams: ', 'Clips de fans: ', 'Danke an die Fans: ', 'ファンの切り抜き: '])}|${a.displayName}|`,
          });
        else
          lib!.links.push({
            url: a.url,
            title: r.pick(['Clips by fans', 'Fan edits 💜', 'Clips de fans', '切り抜き（ファン）', linkTitle(a.url)]),
          });
        continue;
      }
      const First = cap(c.first);
      const pfirst = r.pick(FIRST.filter((f) => f !== c.first && !f.startsWith(c.first.slice(0, 3))));
      const plast = r.pick(LAST);
      const Pf = cap(pfirst);
      const how = r.pick(['joined', 'buttons', 'both'] as const);
      const l = lib!;
      if (how !== 'buttons') {
        const joined = r.pick([`${First} & ${Pf}`, `${First} + ${Pf}`, `${First} y ${Pf}`, `${First} und ${Pf}`, `${First} and ${Pf}`]);
        l.bio = `${joined} — ${r.pick(['two of us, one channel', 'slow travel', 'a podcast about everything', 'the band', 'couple goals 💍'])}${l.bio ? `\n${l.bio}` : ''}`;
      }
      if (how !== 'joined') {
        // One of her own buttons names her (the page names whose each account is).
        const ownUrls = new Set(c.accounts.map((k) => this.world.accounts.get(k)?.url));
        const own = l.links.find((x) => ownUrls.has(x.url));
        if (own) {
          own.title = fillButton(r, First, linkTitle(own.url));
          own.button = true;
        }
      }
      const platforms = r.sample(['social-b', 'shortvideo', 'microblog-b'] as const, r.int(1, 2));
      let n = 0;
      for (const platform of platforms) {
        const h = this.uniqueHandle(
          r,
          [`${pfirst}.${plast}`, `${pfirst}${plast}`, `${pfirst}_${plast}`, `${pfirst}${plast}${r.int(2, 99)}`]
            .map((x) => handleOn(platform, x) ?? '')
            .filter(Boolean),
          (x) => HANDLE_RULES[platform].test(x),
        );
        const a = this.addAccount(
          {
            platform,
            handle: h,
            displayName: r.pick([`${Pf} ${cap(plast)}`, `${Pf} ✨`, `${Pf} ${cap(plast)} 🌿`]),
            owner: `g${pad3(c.index)}-${n++}`,
            creator: null,
            role: 'associate',
            bio: r.pick(NEUTRAL_PEOPLE_BIOS),
            links: [l.url, ...(r.chance(0.3) ? [this.world.accounts.get(c.primary)!.url] : [])],
            emails: r.chance(0.5) ? [{ email: `${pfirst}.${plast}${r.int(1, 9)}@gmail.com`, encoding: 'plain' }] : [],
            markers: { other: true },
          },
          r,
        );
        if (!a) continue;
        c.decoys.push(a.key);
        l.links.push(
          how === 'joined'
            ? { url: a.url, title: linkTitle(a.url) }
            : { url: a.url, title: fillButton(r, Pf, linkTitle(a.url)), button: true },
        );
      }
    }
  }

  /** A creator's website links a collaborator's account (someone else's; it does not link back). */
  collaborators(): void {
    for (const c of this.world.creators) {
      const r = rngFor(this.o.seed, `collab:${c.index}`);
      const site = c.site ? this.world.sites.get(c.site) : undefined;
      const home = site?.pages.find((p) => p.role === 'home');
      if (!home || !r.chance(0.3) || this.world.creators.length < 2) continue;
      const other = this.world.creators[(c.index + 1 + r.int(0, this.world.creators.length - 2)) % this.world.creators.length];
      const target = other.accounts.map((k) => this.world.accounts.get(k)!).find((a) => a.role === 'own' && a.platform !== 'professional');
      if (!target) continue;
      home.links.push({ url: target.url, text: `Photos by @${target.handle}` });
      c.decoys.push(target.key);
    }
  }
}

/** A link page's button naming whose the account is: "Sol · Instagram", "Sol's TikTok", "Sol on YouTube", "Sol auf X". */
function fillButton(r: Rng, who: string, platform: string): string {
  return r.pick([
    `${who} · ${platform}`,
    `${who}'s ${platform}`,
    `${who} on ${platform}`,
    `${who} auf ${platform}`,
    `${platform} (${who})`,
  ]);
}

/** How a creator labels another person's link on its link page, by who they are (some in languages the detector does not know). */
const PEOPLE_LABELS: Record<'manager' | 'editor' | 'family' | 'friend', readonly string[]> = {
  manager: ['My manager — {P}', 'Management: {P}', 'Mi mánager: {P}', 'Mein Management', 'Booking via my agency', 'Menajerim {P}'],
  editor: ['My editor: {Pf}', 'Editor — {Pf}', 'Meine Cutterin', 'mon monteur ✂️', 'Moja montażystka'],
  family: ['My sister’s page 💕', 'Mi hermana 💕', 'Meine Schwester', 'ma sœur', 'my brother {Pf}', 'minha irmã', 'Moja siostra'],
  friend: ['my friend’s shop', 'Shop my friend’s art', 'meine Freundin {Pf}', 'mi amiga {Pf}', 'Arkadaşımın dükkanı'],
};
/** Another person's bio naming the creator in the third person, by who they are. */
const PEOPLE_BIOS: Record<'manager' | 'editor' | 'family' | 'friend' | 'cohost', readonly string[]> = {
  manager: ['talent management · Roster: @{h} and more', 'Management de @{h}', 'managing @{h} since 2021'],
  editor: ['video editor ✂️ editing for @{h} & others', 'Cutterin für @{h}', 'editor de @{h} 🎬'],
  family: ['proud big sis of @{h} 💕', 'stolze Schwester von @{h}', 'hermana de @{h} ✨'],
  friend: ['bestie of @{h} 🫶', 'handmade crochet · friends with @{h}'],
  cohost: ['co-host with @{h} 🎧', 'one half of the show with @{h}'],
};
const fillP = (t: string, v: { P: string; Pf: string; name: string; h?: string }) =>
  t
    .replaceAll('{P}', v.P)
    .replaceAll('{Pf}', v.Pf)
    .replaceAll('{name}', v.name)
    .replaceAll('{h}', v.h ?? '');
const NEUTRAL_PEOPLE_BIOS = [
  'nurse 🩺 London',
  'handmade crochet 🧶',
  'DJ · weekends',
  'film & photo',
  'talent management',
  'video editor ✂️',
];
/** How a creator website names a co-host or an editor in a sentence: before, the link's text, after. */
const CREDIT_SENTENCES: readonly (readonly [string, 'handle' | 'name', string])[] = [
  ['Hosted by {name} and {P} (', 'handle', ').'],
  ['Co-host: ', 'name', ''],
  ['Edited by ', 'handle', ''],
  ['Videos cut by ', 'name', ' ✂️'],
  ['Gemeinsam mit ', 'handle', ''],
  ['Con ', 'name', ' (co-presentadora)'],
];

function linkPageName(kind: LinkPageKind): string {
  return { 'linkpage-a': 'Linkme', 'linkpage-b': 'Linktree', 'linkpage-c': 'Komi', 'linkpage-d': 'Pillar', 'linkpage-e': 'Lnk.Bio' }[kind];
}

function searchEntry(a: SimAccount): SearchResult {
  const title = {
    'social-b': `${a.displayName} (@${a.handle}) • Instagram photos and videos`,
    shortvideo: `${a.displayName} (@${a.handle}) | TikTok`,
    video: `${a.displayName} - YouTube`,
    'microblog-b': `${a.displayName} (@${a.handle}) / X`,
    professional: `${a.displayName} - Creator - LinkedIn`,
    'social-a': `${a.displayName} | Facebook`,
    code: `${a.handle} (${a.displayName}) · GitHub`,
    forum: `u/${a.handle} - Reddit`,
    'audio-c': `${a.displayName} | Listen on SoundCloud`,
    'microblog-a': `${a.displayName} (@${a.handle}) - Truth Social`,
    'microblog-c': `${a.displayName} (@${a.handle}) • Threads, Say more`,
    pinboard: `${a.displayName} (${a.handle}) - Profile | Pinterest`,
  }[a.platform];
  return { url: a.url, title, snippet: a.bio || `${a.displayName} on ${a.platform}` };
}

// ---------------------------------------------------------------------------------------------
// Serving
// ---------------------------------------------------------------------------------------------

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const X_QUERY_IDS = { UserByScreenName: 'SimUserByScreenName01', TweetResultByRestId: 'SimTweetResultById01' };
const X_MAIN_JS = 'https://abs.twimg.com/responsive-web/client-web/main.sim00001.js';

interface Answer {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
  pageStatus?: PageStatus;
}

/** An account's answer, or the platform's failure for it (503: the route's fault). */
function accountAnswer(a: SimAccount, ok: Answer): Answer {
  return a.fault === 'fail' ? { ...ok, pageStatus: 'fail' } : ok;
}

function pageAnswer(status: PageStatus, ok: Answer, challengeBody: string): Answer {
  switch (status) {
    case 'ok':
      return ok;
    case 'challenge':
      return { status: 403, contentType: HTML, body: challengeBody, pageStatus: 'challenge' };
    default:
      return { ...ok, pageStatus: status };
  }
}

/** Normalised path: percent-decoded, lower-cased, no trailing slash (except `/`). */
function normPath(path: string): string {
  let p = path;
  try {
    p = decodeURIComponent(path);
  } catch {
    /* keep as sent */
  }
  p = p.toLowerCase();
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

class Server {
  private readonly sitesByHost = new Map<string, SimSite>();
  private readonly apexHosts = new Map<string, SimSite>();
  private readonly linkPagesByRequest = new Map<string, SimLinkPage>();
  private readonly komiModules = new Map<string, SimLinkPage>();
  private readonly searchIndex: { creator: SimCreator; needles: string[] }[];
  private guestTokens = 0;

  constructor(readonly world: SimWorld) {
    for (const s of world.sites.values()) {
      this.sitesByHost.set(s.host, s);
      if (s.apexRedirect) this.apexHosts.set(s.domain, s);
    }
    for (const p of world.linkPages.values()) {
      const req = linkPageRequest(p);
      this.linkPagesByRequest.set(`${req.host}${normPath(req.path)}`, p);
      if (p.kind === 'linkpage-c') this.komiModules.set(`api.komi.io${normPath(`/api/talent-profiles/${p.uuid}/modules`)}`, p);
    }
    this.searchIndex = world.creators.map((c) => ({
      creator: c,
      needles: [c.handle, c.displayName.toLowerCase(), ...c.accounts.map((k) => k.split(':')[1])],
    }));
  }

  latency(host: string): number {
    const site = this.sitesByHost.get(host) ?? this.apexHosts.get(host);
    if (site) return site.latencyMs;
    if (/\.komi\.io$/.test(host)) return this.world.hosts.get('api.komi.io')?.latencyMs ?? 0;
    return this.world.hosts.get(host)?.latencyMs ?? 0;
  }

  /** Every host the world serves. */
  hosts(): string[] {
    const hosts = new Set<string>([...this.world.hosts.keys()]);
    for (const s of this.world.sites.values()) {
      hosts.add(s.host);
      if (s.apexRedirect) hosts.add(s.domain);
    }
    for (const a of this.world.articles.values()) hosts.add(new URL(a.url).hostname);
    return [...hosts];
  }

  /** The host-level fault of a host (failing or hanging sites, a shortener that is down). */
  hostFault(host: string): PageStatus {
    const site = this.sitesByHost.get(host) ?? this.apexHosts.get(host);
    // A challenged site answers its challenge page per request (answer()), not a transport fault.
    if (site) return site.status === 'challenge' ? 'ok' : site.status;
    return this.world.hosts.get(host)?.status ?? 'ok';
  }

  answer(req: Pick<ReplayRequest, 'method' | 'host' | 'path' | 'query' | 'body'>): Answer {
    const { host } = req;
    const path = normPath(req.path);
    const w = this.world;
    switch (host) {
      case 'i.instagram.com':
      case 'www.instagram.com': {
        if (path === '/api/v1/users/web_profile_info') {
          const a = w.accounts.get(`social-b:${(req.query.get('username') ?? '').toLowerCase()}`);
          return a
            ? accountAnswer(a, { status: 200, contentType: JSON_TYPE, body: instagramBody(a) })
            : { status: 200, contentType: JSON_TYPE, body: INSTAGRAM_NOT_FOUND };
        }
        return { status: 404, contentType: HTML, body: siteNotFoundHtml() };
      }
      case 'www.tiktok.com': {
        const m = /^\/@([^/]+)$/.exec(path);
        const a = m ? w.accounts.get(`shortvideo:${m[1]}`) : undefined;
        return a
          ? accountAnswer(a, { status: 200, contentType: HTML, body: tiktokPage(a), pageStatus: a.blocked ? 'challenge' : 'ok' })
          : { status: 200, contentType: HTML, body: TIKTOK_NOT_FOUND };
      }
      case 'www.youtube.com':
        return this.youtube(req.method, path, req.body);
      case 'www.facebook.com': {
        const id = path === '/profile.php' ? req.query.get('id') : null;
        const m = /^\/([a-z0-9.]+)$/.exec(path);
        const a = id
          ? [...w.accounts.values()].find((x) => x.platform === 'social-a' && x.numericId === id)
          : m
            ? w.accounts.get(`social-a:${m[1]}`)
            : undefined;
        return a
          ? accountAnswer(a, { status: 200, contentType: HTML, body: facebookPageHtml(a) })
          : { status: 404, contentType: HTML, body: FACEBOOK_NOT_FOUND };
      }
      case 'api.github.com': {
        const m = /^\/users\/([^/]+)(\/social_accounts)?$/.exec(path);
        const a = m ? w.accounts.get(`code:${m[1]}`) : undefined;
        if (!a) return { status: 404, contentType: JSON_TYPE, body: GITHUB_NOT_FOUND, headers: GITHUB_HEADERS };
        if (a.fault === 'ratelimited') {
          const body = JSON.stringify({
            message:
              "API rate limit exceeded for 203.0.113.7. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
            documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
          });
          return {
            status: 403,
            contentType: JSON_TYPE,
            body,
            headers: { ...GITHUB_HEADERS, 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '60' },
            pageStatus: 'challenge',
          };
        }
        return accountAnswer(a, {
          status: 200,
          contentType: JSON_TYPE,
          body: m![2] ? githubSocialAccountsBody(a) : githubUserBody(a),
          headers: GITHUB_HEADERS,
        });
      }
      case 'www.reddit.com':
      case 'old.reddit.com': {
        const m = /^\/(?:user|u)\/([^/]+)\/about\.json$/.exec(path);
        const a = m ? w.accounts.get(`forum:${m[1]}`) : undefined;
        return a
          ? accountAnswer(a, { status: 200, contentType: JSON_TYPE, body: redditAboutBody(a) })
          : { status: 404, contentType: JSON_TYPE, body: REDDIT_NOT_FOUND };
      }
      case 'soundcloud.com':
      case 'm.soundcloud.com': {
        if (path === '/') return { status: 200, contentType: HTML, body: soundcloudHomeHtml() };
        const a = w.accounts.get(`audio-c:${path.slice(1)}`);
        return a
          ? accountAnswer(a, { status: 200, contentType: HTML, body: soundcloudProfileHtml(a) })
          : { status: 404, contentType: HTML, body: siteNotFoundHtml() };
      }
      case 'api-v2.soundcloud.com': {
        if (req.query.get('client_id') !== SC_CLIENT_ID)
          return {
            status: 401,
            contentType: JSON_TYPE,
            body: JSON.stringify({
              code: 401,
              message: 'HTTP 401 Unauthorized',
              status: '401 - Unauthorized',
              errors: [{ error_message: '401 - Unauthorized' }],
            }),
          };
        if (path === '/resolve') {
          let handle = '';
          try {
            const u = new URL(req.query.get('url') ?? '');
            handle = /^(?:www\.|m\.)?soundcloud\.com$/i.test(u.hostname)
              ? u.pathname.split('/').filter(Boolean).length === 1
                ? u.pathname.slice(1).toLowerCase()
                : ''
              : '';
          } catch {
            handle = '';
          }
          const a = handle ? w.accounts.get(`audio-c:${handle}`) : undefined;
          return a
            ? accountAnswer(a, { status: 200, contentType: JSON_TYPE, body: JSON.stringify(soundcloudUser(a)) })
            : { status: 404, contentType: JSON_TYPE, body: SOUNDCLOUD_NOT_FOUND };
        }
        const m = /^\/users\/(?:soundcloud:users:)?(\d+)(\/web-profiles)?$/.exec(path);
        const a = m ? [...w.accounts.values()].find((x) => x.platform === 'audio-c' && String(soundcloudUser(x).id) === m[1]) : undefined;
        if (!a) return { status: 404, contentType: JSON_TYPE, body: SOUNDCLOUD_NOT_FOUND };
        return accountAnswer(a, {
          status: 200,
          contentType: JSON_TYPE,
          body: m![2] ? soundcloudWebProfilesBody(a) : JSON.stringify(soundcloudUser(a)),
        });
      }
      case 'truthsocial.com': {
        if (path === '/api/v1/accounts/lookup') {
          const a = w.accounts.get(`microblog-a:${(req.query.get('acct') ?? '').replace(/^@/, '').toLowerCase()}`);
          return a
            ? accountAnswer(a, { status: 200, contentType: JSON_TYPE, body: truthAccountBody(a) })
            : { status: 404, contentType: JSON_TYPE, body: TRUTH_NOT_FOUND };
        }
        return { status: 404, contentType: JSON_TYPE, body: TRUTH_NOT_FOUND };
      }
      case 'www.threads.com':
      case 'www.threads.net':
      case 'threads.com':
      case 'threads.net': {
        if (req.method === 'POST' && path === '/api/graphql') {
          const form = new URLSearchParams(req.body.toString('utf8'));
          let vars: { userID?: unknown; username?: unknown } = {};
          try {
            vars = JSON.parse(form.get('variables') ?? '{}') as typeof vars;
          } catch {
            vars = {};
          }
          if (form.get('lsd') !== THREADS_LSD)
            return {
              status: 200,
              contentType: JSON_TYPE,
              body: JSON.stringify({
                error: 1357004,
                errorSummary: 'Sorry, something went wrong',
                errorDescription: 'Please try closing and re-opening your browser window.',
              }),
            };
          const a = [...w.accounts.values()].find(
            (x) =>
              x.platform === 'microblog-c' &&
              (x.numericId === String(vars.userID ?? '') || x.handle === String(vars.username ?? '').toLowerCase()),
          );
          return a
            ? accountAnswer(a, { status: 200, contentType: JSON_TYPE, body: threadsGraphqlBody(a) })
            : {
                status: 200,
                contentType: JSON_TYPE,
                body: JSON.stringify({ data: { userData: { user: null } }, extensions: { is_final: true } }),
              };
        }
        const m = /^\/@([^/]+)$/.exec(path);
        const a = m ? w.accounts.get(`microblog-c:${m[1]}`) : undefined;
        return a
          ? accountAnswer(a, { status: 200, contentType: HTML, body: threadsProfileHtml(a) })
          : { status: 404, contentType: HTML, body: THREADS_NOT_FOUND };
      }
      case 'www.pinterest.com': {
        if (path === '/resource/userresource/get') {
          let username = '';
          try {
            username = String((JSON.parse(req.query.get('data') ?? '{}') as { options?: { username?: unknown } }).options?.username ?? '');
          } catch {
            username = '';
          }
          const a = w.accounts.get(`pinboard:${username.toLowerCase()}`);
          return a
            ? accountAnswer(a, { status: 200, contentType: JSON_TYPE, body: pinterestUserResourceBody(a) })
            : { status: 404, contentType: JSON_TYPE, body: PINTEREST_USER_NOT_FOUND };
        }
        const m = /^\/([a-z0-9_]+)$/.exec(path);
        const a = m ? w.accounts.get(`pinboard:${m[1]}`) : undefined;
        return a
          ? accountAnswer(a, { status: 200, contentType: HTML, body: pinterestProfileHtml(a) })
          : { status: 404, contentType: HTML, body: PINTEREST_NOT_FOUND_HTML };
      }
      case 'x.com':
      case 'twitter.com':
      case 'api.x.com':
      case 'api.twitter.com': {
        if (/\/guest\/activate\.json$/.test(path))
          return {
            status: 200,
            contentType: JSON_TYPE,
            body: JSON.stringify({ guest_token: String(1_900_000_000_000_000_000n + BigInt(++this.guestTokens)) }),
          };
        if (/\/graphql\/[^/]+\/userbyscreenname$/.test(path)) {
          let sn = '';
          try {
            sn = String((JSON.parse(req.query.get('variables') ?? '{}') as { screen_name?: unknown }).screen_name ?? '');
          } catch {
            sn = '';
          }
          const a = w.accounts.get(`microblog-b:${sn.toLowerCase()}`);
          return a
            ? accountAnswer(a, { status: 200, contentType: JSON_TYPE, body: xUserBody(a) })
            : { status: 200, contentType: JSON_TYPE, body: X_NOT_FOUND };
        }
        if (path === '/' && (host === 'x.com' || host === 'twitter.com'))
          return { status: 200, contentType: HTML, body: homeHtml(X_MAIN_JS) };
        return {
          status: 404,
          contentType: JSON_TYPE,
          body: JSON.stringify({ errors: [{ message: 'Sorry, that page does not exist', code: 34 }] }),
        };
      }
      case 'abs.twimg.com':
        return { status: 200, contentType: 'application/javascript', body: mainJs(X_QUERY_IDS) };
      case 't.co':
      case 'bit.ly':
      case 'tinyurl.com':
      case 'buff.ly':
      case FAILING_SHORTENER_HOST: {
        const target = host === 't.co' ? this.tco(req.path) : w.redirects.get(`https://${host}${req.path}`);
        return target
          ? { status: 301, contentType: HTML, body: '', headers: { location: target } }
          : { status: 404, contentType: HTML, body: siteNotFoundHtml() };
      }
      case 'www.google.com': {
        if (path !== '/search') return { status: 404, contentType: HTML, body: siteNotFoundHtml() };
        const s = this.search(req.query.get('q') ?? '');
        return { status: s.status, contentType: HTML, body: s.body };
      }
      case 'www.amazon.com': {
        const m = /^\/shop\/([^/]+)$/.exec(path);
        return m
          ? { status: 200, contentType: HTML, body: storefrontPage(m[1], m[1]) }
          : { status: 404, contentType: HTML, body: siteNotFoundHtml() };
      }
      case 'www.linkedin.com':
        // LinkedIn refuses anonymous clients with its non-standard 999.
        return { status: 999, contentType: HTML, body: '<html><head><title>LinkedIn</title></head><body>Request denied</body></html>' };
      case 'lnk.bio':
        if (path === '/go') {
          const d = req.query.get('d');
          if (d) return { status: 302, contentType: HTML, body: '', headers: { location: d } };
        }
        return this.linkPage(host, path);
      case 'pillar.io': {
        const bundle = pillarAnswer(`https://pillar.io${req.path}`, undefined, []);
        if (/^\/js\//.test(req.path) && bundle) return { status: 200, contentType: bundle.contentType, body: bundle.body };
        return this.linkPage(host, path);
      }
      case PILLAR_GRAPHQL_HOST:
        return this.pillarGraphql(req.method, req.path, req.body);
      case 'link.me':
      case 'linktr.ee':
      case 'api.komi.io':
        return this.linkPage(host, path);
    }
    const article = w.articles.get(`https://${host}${req.path}`);
    if (article) return { status: 200, contentType: HTML, body: article.html };
    const apex = this.apexHosts.get(host);
    if (apex?.status === 'challenge')
      return pageAnswer('challenge', { status: 200, contentType: HTML, body: '' }, siteChallengeHtml(apex.domain));
    if (apex) return { status: 301, contentType: HTML, body: '', headers: { location: `https://${apex.host}${req.path}` } };
    const site = this.sitesByHost.get(host);
    if (site) {
      const page = site.pages.find((p) => normPath(p.path) === path);
      if (!page) return { status: 404, contentType: HTML, body: siteNotFoundHtml() };
      const ok: Answer = { status: 200, contentType: HTML, body: sitePageHtml(site, page, siteName(this.world, site)) };
      return pageAnswer(site.status === 'challenge' ? 'challenge' : page.status, ok, siteChallengeHtml(site.domain));
    }
    return { status: 404, contentType: JSON_TYPE, body: JSON.stringify({ replay: 'no route', host, path: req.path }) };
  }

  private tco(path: string): string | undefined {
    const url = `https://t.co${path}`;
    for (const a of this.world.accounts.values()) {
      if (a.platform !== 'microblog-b') continue;
      const hit = a.links.find((l) => tcoUrl(l) === url);
      if (hit) return hit;
    }
    return undefined;
  }

  private youtube(method: string, path: string, body: Buffer): Answer {
    const w = this.world;
    if (method === 'POST' && path === '/youtubei/v1/browse') {
      let token = '';
      try {
        token = String((JSON.parse(body.toString('utf8')) as { continuation?: unknown }).continuation ?? '');
      } catch {
        token = '';
      }
      for (const a of w.accounts.values()) {
        if (a.platform === 'video' && a.channelId && (token === aboutToken(a.channelId) || token === `${aboutToken(a.channelId)}x`)) {
          return { status: 200, contentType: JSON_TYPE, body: youtubeAboutBody(a) };
        }
      }
      return {
        status: 400,
        contentType: JSON_TYPE,
        body: JSON.stringify({ error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } }),
      };
    }
    const m = /^\/(?:@([^/]+)|channel\/(uc[a-z0-9_-]{22}))(\/[a-z]+)?$/.exec(path);
    if (!m) return { status: 404, contentType: HTML, body: YOUTUBE_NOT_FOUND };
    let a: SimAccount | undefined;
    if (m[1]) a = w.accounts.get(`video:${m[1]}`);
    else for (const [id, key] of w.channels) if (id.toLowerCase() === m[2]) a = w.accounts.get(key);
    if (!a) return { status: 404, contentType: HTML, body: YOUTUBE_NOT_FOUND };
    if (m[3] === '/about') {
      return {
        status: 200,
        contentType: HTML,
        body: channelHtml(aboutPageInitialData(youtubeTestChannel(a), youtubeTestAbout(a)), a.displayName),
      };
    }
    return accountAnswer(a, { status: 200, contentType: HTML, body: youtubeChannelHtml(a) });
  }

  /** Pillar's GraphQL endpoint: the resolve (by username), page and products (by id) queries over the world's Pillar pages. */
  private pillarGraphql(method: string, path: string, body: Buffer): Answer {
    if (method !== 'POST' || path !== '/v1/graphql') return { status: 404, contentType: JSON_TYPE, body: '{"error":"not found"}' };
    const text = body.toString('utf8');
    let vars: Record<string, unknown> = {};
    try {
      vars = (JSON.parse(text) as { variables?: Record<string, unknown> }).variables ?? {};
    } catch {
      vars = {};
    }
    let p: SimLinkPage | undefined;
    if (typeof vars.key === 'string') p = this.linkPagesByRequest.get(`pillar.io${normPath(`/${vars.key.replace(/\\(.)/g, '$1')}`)}`);
    else for (const x of this.world.linkPages.values()) if (x.kind === 'linkpage-d' && x.uuid === vars.id) p = x;
    if (p?.kind !== 'linkpage-d') return { status: 200, contentType: JSON_TYPE, body: JSON.stringify(pillarGraphqlAnswer(text, [])) };
    const ok: Answer = { status: 200, contentType: JSON_TYPE, body: JSON.stringify(pillarGraphqlAnswer(text, [pillarSimCreator(p)])) };
    return pageAnswer(p.status, ok, LINK_PAGE_CHALLENGE['pillar.io']);
  }

  private linkPage(host: string, path: string): Answer {
    const p = this.linkPagesByRequest.get(`${host}${path}`) ?? this.komiModules.get(`${host}${path}`);
    const nf = LINK_PAGE_NOT_FOUND[host];
    if (!p) return { status: nf.status, contentType: nf.contentType, body: nf.body };
    const bodies = linkPageBodies(p);
    const served = bodies.find((b) => `${b.host}${normPath(b.path)}` === `${host}${path}`) ?? bodies[0];
    return pageAnswer(p.status, { status: served.status, contentType: served.contentType, body: served.body }, LINK_PAGE_CHALLENGE[host]);
  }

  search(q: string): { status: number; body: string; creator: number | null } {
    const text = q
      .toLowerCase()
      .replace(/site:\S+/g, ' ')
      .replace(/["'@()]/g, ' ');
    const words = new Set(text.split(/[^\p{L}\p{N}._-]+/u).filter(Boolean));
    let best: { creator: SimCreator; score: number } | null = null;
    for (const { creator, needles } of this.searchIndex) {
      let score = 0;
      for (const n of needles) if (n.includes(' ') ? text.includes(n) : words.has(n)) score = Math.max(score, n.length);
      if (score > 0 && (!best || score > best.score)) best = { creator, score };
    }
    if (!best) return { status: 200, body: googleNoResultsHtml(q), creator: null };
    if (best.creator.search.blocked) return { status: 429, body: GOOGLE_UNUSUAL_TRAFFIC_HTML, creator: best.creator.index };
    const site = /site:(\S+)/i
      .exec(q)?.[1]
      ?.toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '');
    const results = best.creator.search.results.filter((r) => !site || new URL(r.url).hostname.endsWith(site.replace(/^www\./, '')));
    return { status: 200, body: results.length ? googleResultsHtml(q, results) : googleNoResultsHtml(q), creator: best.creator.index };
  }
}

function siteName(world: SimWorld, site: SimSite): string {
  if (site.creator !== null) return world.creators[site.creator]?.displayName ?? site.domain;
  return site.domain;
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

export function generateSimWeb(options: SimOptions = {}): SimWeb {
  const o = { ...DEFAULT_OPTIONS, ...options, latencies: { ...DEFAULT_OPTIONS.latencies, ...options.latencies } };
  const b = new Builder(o);
  for (let i = 0; i < o.creators; i++) b.world.creators.push(b.creator(i));
  b.collaborators();
  b.oneWay();
  b.people();
  b.groups();
  const world = b.world;
  const server = new Server(world);

  const routes: Route[] = server.hosts().map((host) => ({
    host,
    path: /^\//,
    response: (req: ReplayRequest): RecordedResponse => {
      const hostFault = server.hostFault(host);
      const a = server.answer(req);
      const status = hostFault !== 'ok' ? hostFault : a.pageStatus === 'challenge' ? 'ok' : (a.pageStatus ?? 'ok');
      const recorded: RecordedResponse = { status: a.status, headers: { 'content-type': a.contentType, ...a.headers }, body: a.body };
      const fault = faultFor(status, server.latency(host));
      if (fault) recorded.fault = fault;
      return recorded;
    },
  }));

  const pages = renderAll(world, server);
  const truth = computeTruth(world, (host) => server.latency(host), { tokens: o.tokens });
  const lookups = world.creators.map((c) => {
    const a = world.accounts.get(c.primary)!;
    return { key: a.key, platform: a.platform as SourcePlatform, handle: a.handle, creator: c.index };
  });
  const outcome: SimWeb['outcome'] = (req) => {
    const hostFault = server.hostFault(req.host);
    if (hostFault === 'fail' || hostFault === 'reset' || hostFault === 'hang') return hostFault;
    const a = server.answer(req);
    if (a.pageStatus === 'fail' || a.pageStatus === 'reset' || a.pageStatus === 'hang') return a.pageStatus;
    if (a.pageStatus === 'challenge' || a.status === 403 || a.status === 429 || a.status === 999) return 'blocked';
    if (a.status >= 300 && a.status < 400) return 'redirect';
    return a.status === 404 ? 'not-found' : a.status >= 400 ? 'fail' : 'ok';
  };
  return {
    options: o,
    world,
    routes,
    truth,
    lookups,
    pages,
    latencyOf: (h) => server.latency(h),
    search: (q) => server.search(q),
    outcome,
  };
}

function faultFor(status: PageStatus, latencyMs: number): Fault | null {
  switch (status) {
    case 'fail':
      return {
        kind: 'status',
        status: 503,
        headers: { 'content-type': HTML },
        body: '<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>',
      };
    case 'reset':
      return { kind: 'reset' };
    case 'hang':
      return { kind: 'timeout' };
    default:
      return latencyMs > 0 ? { kind: 'latency', ms: latencyMs } : null;
  }
}

/** Every page of the world as served (GET, or the about panel's POST), for tests. */
function renderAll(world: SimWorld, server: Server): SimPage[] {
  const out: SimPage[] = [];
  const get = (kind: SimPage['kind'], url: string, ref: string, method: 'GET' | 'POST' = 'GET', body = '') => {
    const u = new URL(url);
    const a = server.answer({ method, host: u.hostname, path: u.pathname, query: u.searchParams, body: Buffer.from(body) });
    const hostFault = server.hostFault(u.hostname);
    out.push({
      kind,
      method,
      url,
      status: a.status,
      body: a.body,
      ref,
      pageStatus: hostFault !== 'ok' ? hostFault : (a.pageStatus ?? 'ok'),
    });
  };
  for (const a of world.accounts.values()) {
    switch (a.platform) {
      case 'social-b':
        get('social-b', `https://i.instagram.com/api/v1/users/web_profile_info/?username=${encodeURIComponent(a.handle)}`, a.key);
        break;
      case 'shortvideo':
        get('shortvideo', `https://www.tiktok.com/@${a.handle}`, a.key);
        break;
      case 'video':
        get('video', `https://www.youtube.com/@${a.handle}`, a.key);
        get(
          'video-about',
          'https://www.youtube.com/youtubei/v1/browse?prettyPrint=false',
          a.key,
          'POST',
          JSON.stringify({ continuation: aboutToken(a.channelId!) }),
        );
        break;
      case 'microblog-b':
        get(
          'microblog-b',
          `https://x.com/i/api/graphql/${X_QUERY_IDS.UserByScreenName}/UserByScreenName?variables=${encodeURIComponent(JSON.stringify({ screen_name: a.handle }))}`,
          a.key,
        );
        break;
      case 'social-a':
        get('social-a', `https://www.facebook.com/${a.handle}`, a.key);
        break;
      case 'code':
        get('code', `https://api.github.com/users/${a.handle}`, a.key);
        get('code-social', `https://api.github.com/users/${a.handle}/social_accounts`, a.key);
        break;
      case 'forum':
        get('forum', `https://www.reddit.com/user/${a.handle}/about.json`, a.key);
        break;
      case 'audio-c': {
        get(
          'audio-c',
          `https://api-v2.soundcloud.com/resolve?url=${encodeURIComponent(`https://soundcloud.com/${a.handle}`)}&client_id=${SC_CLIENT_ID}`,
          a.key,
        );
        get(
          'audio-c-web-profiles',
          `https://api-v2.soundcloud.com/users/soundcloud:users:${soundcloudUser(a).id}/web-profiles?client_id=${SC_CLIENT_ID}`,
          a.key,
        );
        get('audio-c-page', `https://soundcloud.com/${a.handle}`, a.key);
        break;
      }
      case 'microblog-a':
        get('microblog-a', `https://truthsocial.com/api/v1/accounts/lookup?acct=${a.handle}`, a.key);
        break;
      case 'microblog-c':
        get('microblog-c', `https://www.threads.com/@${a.handle}`, a.key);
        get(
          'microblog-c-graphql',
          'https://www.threads.com/api/graphql',
          a.key,
          'POST',
          new URLSearchParams({
            lsd: THREADS_LSD,
            variables: JSON.stringify({ userID: a.numericId }),
            doc_id: '23996318473300828',
          }).toString(),
        );
        break;
      case 'pinboard':
        get('pinboard', `https://www.pinterest.com/${a.handle}/`, a.key);
        get(
          'pinboard-resource',
          `https://www.pinterest.com/resource/UserResource/get/?source_url=${encodeURIComponent(`/${a.handle}/`)}&data=${encodeURIComponent(JSON.stringify({ options: { username: a.handle, field_set_key: 'profile' }, context: {} }))}`,
          a.key,
        );
        break;
      case 'professional':
        break;
    }
  }
  for (const p of world.linkPages.values()) {
    for (const b of linkPageBodies(p)) get(p.kind, `https://${b.host}${b.path}`, `${p.kind}:${p.username.toLowerCase()}`);
  }
  for (const s of world.sites.values()) for (const p of s.pages) get('site', p.url, `${s.domain}${p.path}`);
  for (const a of world.articles.values()) get('article', a.url, a.url);
  return out;
}

export { computeTruth };
export type { SimWorld, SimAccount, SimCreator, SimLinkPage, SimSite, SimSitePage, EmailPlacement };
