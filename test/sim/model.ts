/**
 * The simulated creator web as data: who owns which account, what each page links to and which
 * e-mail addresses it shows (and how they are written). generator.ts draws a world, renders it
 * into upstream pages in the real platforms' formats and serves them through the replay upstream;
 * truth.ts derives, from this model alone, what a lookup following the documented discovery rules
 * can reach (and how fast it could be done).
 */

/** Source platforms: where a benchmark lookup starts (api.md discovery `platform` values the simulation serves). */
export type SourcePlatform = 'social-b' | 'shortvideo' | 'video' | 'microblog-b' | 'social-a';
export const SOURCE_PLATFORMS: readonly SourcePlatform[] = ['social-b', 'shortvideo', 'video', 'microblog-b', 'social-a'];

/**
 * Every platform with a public-profile reader (issue 13): the five sources and six more. Each is
 * served in its real public request and response shape (generator.ts), with its real handle rules.
 */
export type ReaderPlatform = SourcePlatform | 'code' | 'forum' | 'audio-c' | 'microblog-a' | 'microblog-c' | 'pinboard';
export const READER_PLATFORMS: readonly ReaderPlatform[] = [
  'social-b',
  'shortvideo',
  'video',
  'microblog-b',
  'social-a',
  'code',
  'forum',
  'audio-c',
  'microblog-a',
  'microblog-c',
  'pinboard',
];
/** The reader platforms that are not sources: where creators keep their other accounts. */
export const EXTRA_PLATFORMS: readonly ReaderPlatform[] = ['code', 'forum', 'audio-c', 'microblog-a', 'microblog-c', 'pinboard'];

/** Platforms whose profiles exist in the world: every reader platform plus `professional` (classify-only). */
export type ProfilePlatform = ReaderPlatform | 'professional';
/** Scored in the benchmark: every reader platform and `professional`. */
export const SCORED_PLATFORMS: readonly string[] = [...READER_PLATFORMS, 'professional'];

/**
 * Platforms probed for the source's handle (issue 13 "Same-handle probes on every reader platform
 * whose rules admit the handle"). social-a is never probed (src/discovery/README.md: its logged-out
 * pages are login-walled too often to say whether a page exists). Platforms with tight anonymous
 * quotas (GitHub, Reddit) are probed only when a token is configured (`tokens` of truth.ts).
 */
export const PROBED_PLATFORMS: readonly ReaderPlatform[] = READER_PLATFORMS.filter((p) => p !== 'social-a');
export const TOKEN_GATED_PLATFORMS: readonly ReaderPlatform[] = ['code', 'forum'];

export type EmailEncoding =
  /** The address as text. */
  | 'plain'
  /** Only in a `mailto:` href (the link text does not show it). */
  | 'mailto'
  /** `name [at] domain [dot] com` */
  | 'bracket'
  /** `name(at)domain(dot)com` */
  | 'paren'
  /** Every character an HTML numeric entity. */
  | 'entities'
  /** Cloudflare e-mail protection: `data-cfemail` with the XOR encoding. */
  | 'cfemail'
  /** Cloudflare e-mail protection: `/cdn-cgi/l/email-protection#<hex>` link. */
  | 'cfhref'
  /** `email` of a JSON-LD Person. */
  | 'jsonld'
  /** A platform's or link page's own contact field (business e-mail, e-mail icon, contact info). */
  | 'contact_field';

export interface EmailPlacement {
  /** As written on the page (case may differ from the canonical address). */
  email: string;
  encoding: EmailEncoding;
}

export type AccountRole =
  /** The creator's account, linked from and linking to the creator's hub. */
  | 'own'
  /** The creator's account that nothing of the creator links to; it links to the hub; found only by web search. */
  | 'own-hidden'
  /** The creator's account with the creator's handle and name and no links at all (unverifiable). */
  | 'own-silent'
  /** Someone else's account with the creator's handle, linking to their own link page / shortener / storefront. */
  | 'same-handle-decoy'
  /** Someone else's account with the creator's handle AND display name, no links (a namesake). */
  | 'namesake-decoy'
  /** Someone else's account with a look-alike display name and handle, found by web search. */
  | 'lookalike-decoy'
  /** Someone else's account (a fan, a reseller) linking the creator's own retailer storefront and showing the creator's name. */
  | 'retailer-decoy'
  /** A fan's account linking TO the creator (profile, website, link page), under a near-identical handle, sometimes the creator's name. */
  | 'fan-decoy'
  /**
   * The creator's second account under another handle (clips, live, tv, dev, alt, or a new handle
   * after a rename) that nothing of the creator links to: only web search finds it. It carries
   * more or less evidence (`evidence`): links the creator's website, link page or profile, shows
   * the creator's contact, is named by the creator's own pages, says what it is in its bio.
   */
  | 'own-second'
  /** A fan-run clips / highlights / edits account: a second-account-like handle and name, links the creator. */
  | 'clip-fan'
  /** Someone else posing as the creator: a look-alike handle, the creator's name, often the copied bio and links back. */
  | 'impersonator'
  /** A fan holding the creator's exact handle on a platform the creator does not use, saying it is a fan account, linking back. */
  | 'fan-squatter'
  /** Someone else with the creator's very display name (another person), under another handle, with their own links; found by web search. */
  | 'stranger'
  /**
   * Someone else next to the creator — a manager or agency, an editor, a relative, a friend, a
   * co-host — whose account the creator's link page, profile or website links or credits, and that
   * links the creator back (Builder.people).
   */
  | 'associate';

/** How the generator meant an own account on a non-source platform to be reachable (truth decides what is). */
export type Reach =
  /** Linked from the creator's hub (link page, or the source-side accounts). */
  | 'hub'
  /** Linked only from another of the creator's accounts on a reader platform. */
  | 'via-account'
  /** Same handle; nothing links it; it links back to the creator's accounts or link page. */
  | 'reciprocal'
  /** Another handle; only web search returns it; it links back. */
  | 'search'
  /** Same handle; nothing links it; its only link is the creator's website. */
  | 'shared-website'
  /** Same handle, no links at all: unverifiable. */
  | 'silent';

export interface SimAccount {
  /** `platform:handle` (handle lower-cased). */
  key: string;
  platform: ProfilePlatform;
  /** As the platform spells it. */
  handle: string;
  /** Canonical profile URL. */
  url: string;
  displayName: string;
  /** `c007` for creator 7, `x007-2` for a decoy person around creator 7. */
  owner: string;
  /** Index of the creator owning it, null for decoy persons. */
  creator: number | null;
  role: AccountRole;
  /** Bio text without its e-mail lines (those are rendered from `emails`). */
  bio: string;
  /** URLs the profile shows (website field first), exactly as rendered. */
  links: string[];
  /** Addresses in the bio (plain / bracket / paren) or the contact field (`contact_field`). */
  emails: EmailPlacement[];
  /** Numeric id (user id, rest_id, Linktree-style id). */
  numericId: string;
  /** video: the channel id. */
  channelId?: string;
  /** Served as the platform's block / captcha page instead of the profile. */
  blocked: boolean;
  /** shortvideo page shape. */
  shape?: 'universal' | 'sigi';
  /** The platform answers this account with a failure (503) or its rate limit (429) instead of the profile. */
  fault?: 'fail' | 'ratelimited';
  /** Own accounts on non-source platforms: how the generator meant them to be reached. */
  reach?: Reach;
  /**
   * What the generator wrote into the account's name, bio or handle, as ground truth for the
   * rules (truth.ts): `fan` — it says it is a fan / update / tribute account (in some language);
   * `second` — it says it is the creator's second account (or claims to, as impersonators do);
   * `other` — the public pages say it is another person's: the creator's link to it is labelled so
   * ("My manager", "mi hermana") or its own bio names the creator in the third person.
   */
  markers?: { fan?: boolean; second?: boolean; other?: boolean };
  /** own-second accounts: the kind of second account and how much evidence it carries. */
  second?: { kind: SecondKind; evidence: 'strong' | 'medium' | 'little' };
}

/** What a creator's second account is (own-second). */
export type SecondKind = 'clips' | 'live' | 'tv' | 'dev' | 'alt' | 'renamed';

export type LinkPageKind = 'linkpage-a' | 'linkpage-b' | 'linkpage-c' | 'linkpage-d' | 'linkpage-e';
export const LINK_PAGE_KINDS: readonly LinkPageKind[] = ['linkpage-a', 'linkpage-b', 'linkpage-c', 'linkpage-d', 'linkpage-e'];

/** How a page answers: normally, with a Cloudflare challenge (403), 503, a reset socket, or never. */
export type PageStatus = 'ok' | 'challenge' | 'fail' | 'reset' | 'hang';

export interface SimLinkPage {
  kind: LinkPageKind;
  /** As used in the URL (`mira-sol` for `mira-sol.komi.io`). */
  username: string;
  /** The URL profiles link to. */
  url: string;
  owner: string;
  creator: number | null;
  displayName: string;
  bio: string;
  /**
   * `credit`: the title says the account or site is another person's ("My manager — …", "ma sœur").
   * `button`: shown as a button with its title, never as a social icon ("Sol · Instagram" on a shared page).
   */
  links: { url: string; title: string; credit?: boolean; button?: boolean }[];
  email: EmailPlacement | null;
  status: PageStatus;
  /** Ids the formats need. */
  numericId: string;
  uuid: string;
}

export type SitePageRole = 'home' | 'contact' | 'blog' | 'post' | 'privacy' | 'links';

export interface SimSitePage {
  path: string;
  url: string;
  title: string;
  role: SitePageRole;
  links: { url: string; text: string }[];
  emails: EmailPlacement[];
  /** Strings that look like addresses but are not contacts by the rules (placeholders, image names, DSNs). */
  decoyStrings: string[];
  /** Page-level answer (the host's own fault, when it has one, wins). */
  status: PageStatus;
  /** Extra paragraphs of text (the creator naming other accounts by @handle: a second account, a fan's edits). */
  texts?: string[];
}

export type SiteLang = 'en' | 'de' | 'es' | 'fr' | 'pt' | 'ja';

export interface SimSite {
  /** Registrable domain. */
  domain: string;
  /** Host the pages are served from (`www.<domain>` or the domain itself). */
  host: string;
  /** The URL profiles and link pages link to (may be the apex of a `www.` site: one redirect). */
  declaredUrl: string;
  /** The declared URL is on the apex and answers 301 → `https://<host>/`. */
  apexRedirect: boolean;
  owner: string;
  creator: number | null;
  latencyMs: number;
  /** Host-level fault: every page answers so (`challenge`: a Cloudflare challenge on every page). */
  status: 'ok' | 'fail' | 'reset' | 'hang' | 'challenge';
  /** The site's language (page words, link texts, contact paths). */
  lang: SiteLang;
  pages: SimSitePage[];
  /** A management agency's site (a roster of several acts), not the creator's even when the creator links it. */
  agency?: boolean;
}

export interface SearchResult {
  url: string;
  title: string;
  snippet: string;
}

export interface SimSearch {
  /** Google answers its "unusual traffic" page for this creator's queries. */
  blocked: boolean;
  results: SearchResult[];
}

export interface SimCreator {
  index: number;
  id: string;
  displayName: string;
  first: string;
  last: string;
  /** The handle most accounts use. */
  handle: string;
  /** Keys of every account the creator owns (own, own-hidden, own-silent, professional). */
  accounts: string[];
  /** Key of the account a benchmark looks the creator up from. */
  primary: string;
  linkPage: string | null;
  site: string | null;
  /** Every real address of the creator, lower-cased (reachable by the rules or not). */
  emails: string[];
  /** Keys of the decoy accounts made around this creator. */
  decoys: string[];
  search: SimSearch;
}

export interface HostSpec {
  host: string;
  latencyMs: number;
  /** A host that answers 503 to everything (a shortener service that is down). */
  status?: 'ok' | 'fail';
}

export interface SimWorld {
  seed: number;
  creators: SimCreator[];
  accounts: Map<string, SimAccount>;
  /** Channel id → account key. */
  channels: Map<string, string>;
  /** Link-page key (`kind:username` lower-cased) → page. */
  linkPages: Map<string, SimLinkPage>;
  /** Registrable domain → site. */
  sites: Map<string, SimSite>;
  /** Short link (`https://bit.ly/abc`, `https://tinyurl.com/abc`…) → target URL. A short link of a shortener host not listed here is dead (404). */
  redirects: Map<string, string>;
  /** Article pages that web search returns (not the creator's). */
  articles: Map<string, { url: string; title: string; html: string }>;
  /** Fixed per-host latencies (creator sites carry their own). */
  hosts: Map<string, HostSpec>;
}

/**
 * Handle rules per platform, on lower-cased input: the platforms' own (sign-up rules), so a handle
 * one platform cannot hold (a dot on X or GitHub, an underscore on GitHub) is never given there.
 */
export const HANDLE_RULES: Readonly<Record<ReaderPlatform, RegExp>> = {
  'social-b': /^[a-z0-9._]{1,30}$/,
  shortvideo: /^[a-z0-9._]{2,24}$/,
  video: /^[\p{L}\p{M}\p{N}._·-]{3,30}$/u,
  'microblog-b': /^[a-z0-9_]{1,15}$/,
  // Facebook usernames: letters, digits and dots, at least 5.
  'social-a': /^[a-z0-9.]{5,50}$/,
  // GitHub: letters, digits and single inner hyphens, at most 39.
  code: /^(?=.{1,39}$)[a-z0-9](?:-?[a-z0-9])*$/,
  // Reddit: 3–20 letters, digits, _ and -.
  forum: /^[a-z0-9_-]{3,20}$/,
  // SoundCloud permalinks: letters, digits, _ and -, 3–25.
  'audio-c': /^[a-z0-9_-]{3,25}$/,
  // Truth Social (Mastodon): letters, digits and _, at most 30.
  'microblog-a': /^[a-z0-9_]{1,30}$/,
  // Threads handles are Instagram's.
  'microblog-c': /^[a-z0-9._]{1,30}$/,
  // Pinterest: 3–30 letters, digits and _.
  pinboard: /^[a-z0-9_]{3,30}$/,
};

export function profileUrl(platform: ProfilePlatform, handle: string): string {
  switch (platform) {
    case 'social-b':
      return `https://www.instagram.com/${handle}/`;
    case 'shortvideo':
      return `https://www.tiktok.com/@${handle}`;
    case 'video':
      return `https://www.youtube.com/@${handle}`;
    case 'microblog-b':
      return `https://x.com/${handle}`;
    case 'social-a':
      return `https://www.facebook.com/${handle}`;
    case 'code':
      return `https://github.com/${handle}`;
    case 'forum':
      return `https://www.reddit.com/user/${handle}/`;
    case 'audio-c':
      return `https://soundcloud.com/${handle}`;
    case 'microblog-a':
      return `https://truthsocial.com/@${handle}`;
    case 'microblog-c':
      return `https://www.threads.com/@${handle}`;
    case 'pinboard':
      return `https://www.pinterest.com/${handle}/`;
    case 'professional':
      return `https://www.linkedin.com/in/${handle}/`;
  }
}

export function linkPageUrl(kind: LinkPageKind, username: string): string {
  switch (kind) {
    case 'linkpage-a':
      return `https://link.me/${username}`;
    case 'linkpage-b':
      return `https://linktr.ee/${username}`;
    case 'linkpage-c':
      return `https://${username}.komi.io`;
    case 'linkpage-d':
      return `https://pillar.io/${username}`;
    case 'linkpage-e':
      return `https://lnk.bio/${username}`;
  }
}
