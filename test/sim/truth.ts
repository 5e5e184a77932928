/**
 * Truth for the simulated creator web: what a lookup from one source profile can reach by the
 * documented discovery rules (issue 6 "The pipeline"; api.md "Creator tools"), computed from the
 * world model alone — never from the gateway — together with the critical path of the lookup's
 * upstream chain.
 *
 * Rules applied (a reference reading of issues 6 and 13 and src/discovery/README.md; where they
 * are silent, the choice is noted):
 *  1. The source profile: its bio, contact field and every link it shows.
 *  2. The creator's own items, followed transitively: link-in-bio pages the source or a verified
 *     account links (their links count as the creator's); creator-declared websites (declared by
 *     the source, a creator link page or a verified account) — the declared page plus up to 3
 *     pages of the same site it links, chosen by path words or link text in several languages
 *     (CRAWL_WORDS: contact, kontakt, impressum, contacto, contato, à propos, お問い合わせ, bio,
 *     booking, press, about…; the home page when the declared page is deeper); accounts linked
 *     from the source, a creator link page or a verified account (verified by that explicit
 *     link: the world's own accounts linked so hold the creator's name and link nothing of an
 *     identity elsewhere, so the README's "lone link" rule never takes one back; the other people
 *     a link page links are rule 4c's) — and every such account on a reader platform is read (issue 13: "every verified or
 *     linked account on a reader platform is scanned"), its links followed in turn. A profile's
 *     links to accounts on its own platform are ignored (collaborators); the source's are kept.
 *  3. Candidates: the source's handle, exactly (no variants), on every probed reader platform
 *     whose handle rules admit it (model.ts PROBED_PLATFORMS; GitHub and Reddit only with a
 *     token, `TruthOptions.tokens`; a block page or a failure is not existence); web search
 *     results on reader platforms (one search after the source, at most 4 candidates — accounts
 *     and link pages — in result order, skipping what is already verified or a candidate);
 *     accounts linked from the creator's website.
 *  4. A candidate is verified when it links back to the source or a verified account (directly or
 *     through its link-in-bio page), or links to an owner website (a registrable domain the
 *     creator's items declare; link-page hosts, shorteners, platforms and retailers never are) —
 *     and the creator's side points at it too (a tie, evidence.ts): it has the source's handle
 *     (unless it says it is a fan account: handles are squatted), or a page of the creator's
 *     website links it. A link to the creator alone is what fans do: a search result under another
 *     handle that links back is never verified.
 *     Only a website's social links (its own accounts: icons, platform names) tie; an account the
 *     site names in a sentence ("Hosted by … and @dee") is a credit (`website_credit`), no tie.
 *  4c. Other people (src/discovery/README.md "Links labelled as someone else's", `other_person`):
 *     an account the creator's link page links under a label saying it is another person's
 *     ("My manager — …", "mi hermana") is a candidate (`credited`), read but not followed; a link
 *     page or site so labelled is not the creator's (an agency's site is not crawled). An account
 *     the creator links without a label but whose own bio names the creator in the third person
 *     (model: `markers.other`) — or a partner's, co-host's or bandmate's account the shared link page
 *     names as theirs (Builder.groups) — is read and never verified; no tie verifies such an account.
 *     Nor one that says it is a fan's (`markers.fan`), whatever of the creator's links it (her site or
 *     link page thanking the fans' clip channels).
 * 4b. Evidence short of proof: a candidate that is not verified but is the creator's own account,
 *     was read, and links the creator's accounts, link page or website (directly or through its
 *     link page), or shows an address the lookup found on the creator's items, or is named
 *     (`@handle`) by a text of the creator's the lookup reads (the source's bio, read accounts'
 *     bios, crawled pages) — is reachable (`one_way`): the lookup meets it and has evidence to
 *     weigh, so it should come back with enough confidence. Its addresses are not scanned (api.md
 *     rule 3). Someone else's account with the same evidence (a fan, an impersonator) is never
 *     reachable: returning it is a false positive. An account with nothing but a matching name or
 *     a search hit is not reachable either.
 *     A verified candidate's links to accounts make profiles too (verified_profile_link), but
 *     they are not read (verification runs when every fetch has settled): their addresses are
 *     out of reach, and so are websites only a verified candidate declares.
 *  5. Addresses: source bio and contact field, creator link pages, crawled website pages, and
 *     every verified account that was read and answered. Placeholders, image names and DSNs are
 *     not addresses; pages that fail, hang or answer a challenge show nothing.
 *  6. Generic short links (bit.ly, tinyurl.com…) among the creator's links (and of crawled website
 *     pages) are resolved — one request to the shortener — and their target taken as if linked
 *     directly; a shortener that is down answers at once and leads nowhere, a dead short link
 *     (404) leads nowhere. A candidate's short links are resolved too (as its link page is read:
 *     to see whether it links back); elsewhere a short link stands for its target only when one
 *     of those resolved it.
 *
 * Timing: every upstream request of that plan is a node with its host's simulated latency (a
 * platform read is its request chain, READ_CHAINS), started
 * as soon as what it depends on has answered (same-handle checks at t=0; web search after the
 * source, which gives the display name; link pages, sites and linked accounts after the page that
 * links them; a candidate's link page after the candidate). The critical path is the latest
 * answer. Requests to failing hosts (503, reset) answer at once, and nothing starts from a failure
 * or a block page (what it would have linked is unknown); a hanging host never answers — a
 * lookup whose plan touches one is `deadlineBound` and its wall time is judged against the deadline,
 * not the critical path. A request shared by two branches counts once, from its earliest start.
 * Failures and block pages are answered once: a client's retries of them are not on the path
 * (`failingRequests` lists them, so a report can tell retry time from pipeline overhead).
 */
import { getDomain } from 'tldts';
import { classifyLink, isLinkInBioHost, isShortener } from '../../src/links/classify.js';
import type {
  EmailEncoding,
  PageStatus,
  ReaderPlatform,
  SimAccount,
  SimLinkPage,
  SimSite,
  SimSitePage,
  SimWorld,
  SourcePlatform,
} from './model.js';
import { HANDLE_RULES, PROBED_PLATFORMS, profileUrl, READER_PLATFORMS, SOURCE_PLATFORMS, TOKEN_GATED_PLATFORMS } from './model.js';

export type Via =
  | 'source'
  | 'source_link'
  | 'link_in_bio'
  | 'profile_link'
  | 'website_link'
  | 'same_handle'
  | 'websearch'
  /** A creator website names it in a sentence ("Hosted by … and @dee"): a credit, no tie. */
  | 'website_credit'
  /** The creator's link to it says it is another person's ("My manager — …"): never the creator's item. */
  | 'credited';
/**
 * How a profile is the creator's by the rules: the source itself; an explicit link from the
 * creator's items; a tied reciprocal link or shared website (rule 4); or `one_way` — evidence short
 * of proof (rule 4b): a link to the creator, the creator's contact, or the creator naming it.
 */
export type VerifiedBy = 'source' | 'explicit' | 'reciprocal' | 'shared_website' | 'one_way';

export interface TruthOptions {
  /** Token-gated platforms (GitHub, Reddit) with a token configured: probed for the same handle. */
  tokens?: readonly string[];
}

export interface TruthProfile {
  platform: string;
  handle: string;
  url: string;
  /** Other spellings a result may use: the video channel id, a page's numeric id. */
  aliases: string[];
  /** How the lookup reaches it. */
  via: Via[];
  verifiedBy: VerifiedBy;
}

export interface TruthEmailSource {
  url: string;
  type: 'social_profile' | 'link_in_bio' | 'website';
  encoding: EmailEncoding;
}

export interface TruthEntry {
  key: string;
  creator: number;
  source: { platform: SourcePlatform; handle: string; url: string };
  /** Reachable by the rules (the source included). */
  profiles: TruthProfile[];
  /** Reachable by the rules, lower-cased. */
  emails: string[];
  emailSources: Record<string, TruthEmailSource[]>;
  /** Everything the creator owns (reachable or not): returning one of these is never a false positive. */
  ownedProfiles: { platform: string; handle: string; url: string; aliases: string[] }[];
  ownedEmails: string[];
  /** Latest answer of the lookup's upstream plan (ms), and the requests on that path. */
  criticalPathMs: number;
  criticalChain: string[];
  /** The plan touches a host that never answers. */
  deadlineBound: boolean;
  /** Upstream requests in the plan. */
  plannedRequests: number;
  /** Requests of the plan answered by a failure (503, reset) or a block page (challenge, captcha, 429): counted once, retries not modelled. */
  failingRequests: string[];
  /** Verified accounts owned by someone else: a world/rules inconsistency (always empty). */
  inconsistencies: string[];
}

type NodeStatus = 'ok' | 'unusable' | 'fail' | 'hang';

interface FetchNode {
  id: string;
  ms: number;
  status: NodeStatus;
  parents: Set<string>;
  /** Answered by a failure or a block page (not a plain 404). */
  failing: boolean;
}

const ROOT = '<root>';

/**
 * The upstream requests one read of a profile makes, in sequence (hosts; requests that go out
 * together count once). Public tokens (X's guest token is modelled; SoundCloud's client_id and
 * Threads' lsd are scraped once per process and are not on a lookup's path).
 */
export const READ_CHAINS: Readonly<Record<ReaderPlatform, readonly string[]>> = {
  'social-b': ['i.instagram.com'],
  shortvideo: ['www.tiktok.com'],
  // The channel page, then the about panel (youtubei browse).
  video: ['www.youtube.com', 'www.youtube.com'],
  // Guest-token activation, then UserByScreenName.
  'microblog-b': ['api.x.com', 'x.com'],
  'social-a': ['www.facebook.com'],
  // /users/<u> and /users/<u>/social_accounts together.
  code: ['api.github.com'],
  forum: ['www.reddit.com'],
  // resolve (gives the user id), then /users/<urn>/web-profiles.
  'audio-c': ['api-v2.soundcloud.com', 'api-v2.soundcloud.com'],
  'microblog-a': ['truthsocial.com'],
  // The public profile page.
  'microblog-c': ['www.threads.com'],
  pinboard: ['www.pinterest.com'],
};

/**
 * Words that make a linked page of a creator's website worth reading (path segments or link
 * text, several languages), best first. The crawl reads the declared page and up to 3 linked
 * pages of the same site by these scores (the home page scores 1 when the declared page is deeper).
 */
export const CRAWL_WORDS: readonly [RegExp, number][] = [
  [
    /^(?:contact(?:[-_ ]?(?:us|me))?|kontakt|contacto|contato|contatti|impressum|imprint|mentions[-_ ]legales|お問い合わせ|otoiawase|get in touch|me contacter|fale comigo)$/,
    3,
  ],
  [
    /^(?:bookings?|press|presse|prensa|imprensa|business|management|mgmt|work[-_ ]with[-_ ](?:me|us)|collabs?|partnerships?|enquir(?:y|ies)|inquir(?:y|ies))$/,
    2,
  ],
  [
    /^(?:about(?:[-_ ]?(?:us|me))?|a[-_ ]propos|à propos|sobre(?:[-_ ]mi)?|sobre mí|ueber[-_ ]mich|über[-_ ]mich|uber[-_ ]mich|bio|team|legal|プロフィール)$/,
    1,
  ],
];

export function crawlScore(url: string, text: string): number {
  let best = 0;
  let path = url;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    /* as is */
  }
  const words = [
    ...path
      .toLowerCase()
      .split('/')
      .map((x) => x.replace(/\.(?:html?|php|aspx?)$/, '')),
    text
      .replace(/^(?:nav|social):/, '')
      .trim()
      .toLowerCase(),
  ];
  for (const w of words) for (const [re, score] of CRAWL_WORDS) if (re.test(w)) best = Math.max(best, score);
  return best;
}

type Resolved =
  /** A short link; `target` null when it is dead. */
  | { kind: 'redirect'; target: string | null; host: string }
  | { kind: 'account'; account: SimAccount }
  | { kind: 'lib'; page: SimLinkPage }
  | { kind: 'site'; site: SimSite }
  | { kind: 'other' };

const LIB_HOSTS: Record<string, SimLinkPage['kind']> = {
  'link.me': 'linkpage-a',
  'linktr.ee': 'linkpage-b',
  'pillar.io': 'linkpage-d',
  'lnk.bio': 'linkpage-e',
};

export function resolveLink(world: SimWorld, url: string): Resolved {
  let u: URL;
  try {
    u = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
  } catch {
    return { kind: 'other' };
  }
  const host = u.hostname.toLowerCase();
  const target = world.redirects.get(url) ?? world.redirects.get(`https://${host}${u.pathname}`);
  if (target) return { kind: 'redirect', target, host };
  if (isShortener(host) && classifyLink(u.href) === null && u.pathname.length > 1) return { kind: 'redirect', target: null, host };
  if (isLinkInBioHost(host)) {
    const bare = host.replace(/^www\./, '');
    const kind = bare.endsWith('.komi.io') ? 'linkpage-c' : LIB_HOSTS[bare];
    const username = kind === 'linkpage-c' ? bare.split('.')[0] : u.pathname.split('/').filter(Boolean)[0];
    const page = kind && username ? world.linkPages.get(`${kind}:${decodeURIComponent(username).toLowerCase()}`) : undefined;
    return page ? { kind: 'lib', page } : { kind: 'other' };
  }
  const c = classifyLink(u.href);
  if (c) {
    if (!c.handle) return { kind: 'other' };
    const key =
      c.platform === 'video' && /^UC[A-Za-z0-9_-]{22}$/.test(c.handle)
        ? world.channels.get(c.handle)
        : `${c.platform}:${c.handle.toLowerCase()}`;
    const account = key ? world.accounts.get(key) : undefined;
    return account ? { kind: 'account', account } : { kind: 'other' };
  }
  const domain = getDomain(host);
  const site = domain ? world.sites.get(domain) : undefined;
  return site ? { kind: 'site', site } : { kind: 'other' };
}

const READERS = new Set<string>(READER_PLATFORMS);
function fetchable(a: SimAccount): boolean {
  return READERS.has(a.platform);
}

/** A site's page at a URL of its host (path compared decoded, lower-cased, without a trailing slash). */
function pageAt(site: SimSite, url: string): SimSitePage | undefined {
  const norm = (p: string) => {
    let x = p;
    try {
      x = decodeURIComponent(p);
    } catch {
      /* as is */
    }
    x = x.toLowerCase();
    return x.length > 1 ? x.replace(/\/+$/, '') : x;
  };
  let path = '/';
  try {
    path = new URL(url).pathname || '/';
  } catch {
    return undefined;
  }
  return site.pages.find((p) => norm(p.path) === norm(path));
}

class Lookup {
  readonly nodes = new Map<string, FetchNode>();
  readonly verified = new Map<string, { account: SimAccount; via: Set<Via>; by: VerifiedBy }>();
  readonly candidates = new Map<string, { account: SimAccount; via: Set<Via> }>();
  /** Verified accounts read as the creator's (their links followed). */
  readonly read = new Set<string>();
  readonly emails = new Map<string, TruthEmailSource[]>();
  readonly ownerDomains = new Set<string>();
  readonly libNodes = new Map<string, string>();
  readonly creatorLibs = new Set<string>();
  readonly crawled = new Set<string>();
  /** Handles the creator's texts the lookup reads name (`@handle`): the source's bio, read accounts' bios, crawled pages. */
  readonly mentions = new Set<string>();
  /** The creator's accounts the lookup meets with evidence short of proof (rule 4b). */
  readonly oneWay = new Map<string, { account: SimAccount; via: Set<Via> }>();

  constructor(
    readonly world: SimWorld,
    readonly latency: (host: string) => number,
    readonly source: SimAccount,
    readonly options: TruthOptions,
  ) {}

  node(id: string, ms: number, status: NodeStatus, parent: string, failing = status === 'fail' || status === 'hang'): string {
    const n = this.nodes.get(id);
    if (n) n.parents.add(parent);
    else this.nodes.set(id, { id, ms, status, parents: new Set([parent]), failing });
    return id;
  }

  ok(id: string): boolean {
    return this.nodes.get(id)?.status === 'ok';
  }

  accountMs(platform: ReaderPlatform): number {
    return READ_CHAINS[platform].reduce((sum, host) => sum + this.latency(host), 0);
  }

  fetchAccount(a: SimAccount, parent: string): string | null {
    if (!fetchable(a)) return null;
    const status: NodeStatus = a.fault === 'fail' ? 'fail' : a.blocked || a.fault === 'ratelimited' ? 'unusable' : 'ok';
    return this.node(a.url, this.accountMs(a.platform as ReaderPlatform), status, parent, status !== 'ok');
  }

  libNode(p: SimLinkPage, parent: string): string {
    const host = p.kind === 'linkpage-c' ? 'api.komi.io' : new URL(p.url).hostname;
    const ms = (p.kind === 'linkpage-c' ? 2 : 1) * this.latency(host);
    const id = this.node(p.url, ms, statusOf(p.status), parent, p.status !== 'ok');
    this.libNodes.set(p.url, id);
    return id;
  }

  sitePageNode(site: SimSite, page: SimSitePage, parent: string): string {
    const status = site.status !== 'ok' ? site.status : page.status;
    return this.node(page.url, site.latencyMs, statusOf(status), parent, status !== 'ok');
  }

  addEmail(e: { email: string }, src: TruthEmailSource): void {
    const key = e.email.toLowerCase();
    const list = this.emails.get(key) ?? [];
    if (!list.some((s) => s.url === src.url && s.type === src.type)) list.push(src);
    this.emails.set(key, list);
  }

  verify(a: SimAccount, via: Via, by: VerifiedBy): void {
    const v = this.verified.get(a.key);
    if (v) v.via.add(via);
    else this.verified.set(a.key, { account: a, via: new Set([via]), by });
  }

  /** A verified account read as the creator's: fetched, and its links followed as the creator's. */
  readCreatorAccount(a: SimAccount, parent: string): void {
    const n = this.fetchAccount(a, parent);
    if (!n || this.read.has(a.key)) return;
    this.read.add(a.key);
    if (!this.ok(n)) return;
    for (const l of a.links) this.followLink(l, 'profile', n, a);
  }

  candidate(a: SimAccount, via: Via, parent: string): void {
    if (!fetchable(a)) return;
    const n = this.fetchAccount(a, parent)!;
    const c = this.candidates.get(a.key);
    if (c) {
      c.via.add(via);
      return;
    }
    this.candidates.set(a.key, { account: a, via: new Set([via]) });
    // Its links are known only once its read answered: a candidate whose read failed (or was
    // refused) leads nowhere — no link page or short link of it is planned, and nothing starts
    // from a failure's instant answer.
    if (!this.ok(n)) return;
    // Its link page, when it shows one (directly or through a short link, resolved for that), is read to see whether it links back.
    for (const l of a.links) {
      const r = resolveLink(this.world, l);
      if (r.kind === 'lib') this.libNode(r.page, n);
      else if (r.kind === 'redirect') {
        const target = this.shortLink(l, r, n);
        const t = target ? resolveLink(this.world, target) : null;
        if (t?.kind === 'lib') this.libNode(t.page, l);
      }
    }
  }

  /** A short link resolved (one request to the shortener): its target, or null when it is dead or the shortener is down. */
  shortLink(url: string, r: Extract<Resolved, { kind: 'redirect' }>, parent: string): string | null {
    const down = this.world.hosts.get(r.host)?.status === 'fail';
    const n = this.node(url, this.latency(r.host), down ? 'fail' : r.target ? 'ok' : 'unusable', parent);
    return this.ok(n) ? r.target : null;
  }

  followLink(
    url: string,
    origin: 'source' | 'link_in_bio' | 'profile' | 'website',
    parent: string,
    from?: SimAccount,
    label: { text?: string; credit?: boolean } = {},
  ): void {
    const r = resolveLink(this.world, url);
    // A link labelled as another person's: an account is read as a candidate, a site or link page is not the creator's.
    if (label.credit && r.kind !== 'redirect') {
      if (r.kind === 'account') this.candidate(r.account, 'credited', parent);
      return;
    }
    switch (r.kind) {
      case 'redirect': {
        const target = this.shortLink(url, r, parent);
        if (target) this.followLink(target, origin, url, from, label);
        return;
      }
      case 'account':
        if (origin === 'website') {
          // The site's own accounts are its social links; an account it names in a sentence is a credit.
          this.candidate(r.account, label.text?.startsWith('social:') ? 'website_link' : 'website_credit', parent);
        } else if ((r.account.markers?.other || r.account.markers?.fan) && r.account.creator === null) {
          // Linked without a label, but its own bio names the creator in the third person, the shared page
          // names it another member's, or it says it is a fan's: read, never the creator's.
          this.fetchAccount(r.account, parent);
        } else {
          // A profile's links to its own platform are collaborators far more often than its owner.
          if (origin === 'profile' && from && from.platform === r.account.platform) return;
          this.verify(
            r.account,
            origin === 'source' ? 'source_link' : origin === 'link_in_bio' ? 'link_in_bio' : 'profile_link',
            'explicit',
          );
          if (r.account !== this.source) this.readCreatorAccount(r.account, parent);
        }
        return;
      case 'lib':
        if (origin === 'source' || origin === 'profile') this.expandLib(r.page, parent);
        return;
      case 'site':
        if (origin !== 'website') {
          this.ownerDomains.add(r.site.domain);
          this.crawl(r.site, url, parent);
        }
        return;
      case 'other':
        return;
    }
  }

  expandLib(p: SimLinkPage, parent: string): void {
    const known = this.creatorLibs.has(p.url);
    const n = this.libNode(p, parent);
    if (known) return;
    this.creatorLibs.add(p.url);
    if (!this.ok(n)) return;
    if (p.email) this.addEmail(p.email, { url: p.url, type: 'link_in_bio', encoding: p.email.encoding });
    for (const l of p.links) this.followLink(l.url, 'link_in_bio', n, undefined, { credit: l.credit });
  }

  crawl(site: SimSite, declared: string, parent: string): void {
    if (this.crawled.has(site.domain)) {
      const first = [...this.nodes.values()].find((n) => n.id.startsWith(`https://${site.host}/`) || n.id === `https://${site.domain}/`);
      first?.parents.add(parent);
      return;
    }
    this.crawled.add(site.domain);
    let start = parent;
    let startUrl = declared;
    if (new URL(declared).hostname === site.domain && site.apexRedirect) {
      start = this.node(`https://${site.domain}/`, site.latencyMs, statusOf(site.status), parent, site.status !== 'ok');
      if (!this.ok(start)) return;
      startUrl = `https://${site.host}/`;
    }
    const first = pageAt(site, startUrl);
    if (!first) return;
    const firstNode = this.sitePageNode(site, first, start);
    if (!this.ok(firstNode)) return;
    const pages: [SimSitePage, string][] = [[first, firstNode]];
    const picks: { page: SimSitePage; score: number; order: number }[] = [];
    const home = site.pages.find((p) => p.role === 'home');
    if (home && home !== first) picks.push({ page: home, score: 1, order: -1 });
    first.links.forEach((l, order) => {
      if (new URL(l.url).hostname !== site.host) return;
      const page = pageAt(site, l.url);
      if (!page || page === first || picks.some((x) => x.page === page)) return;
      const score = crawlScore(l.url, l.text);
      if (score > 0) picks.push({ page, score, order });
    });
    picks.sort((a, b) => b.score - a.score || a.order - b.order);
    for (const { page } of picks.slice(0, 3)) pages.push([page, this.sitePageNode(site, page, firstNode)]);
    for (const [page, n] of pages) {
      if (!this.ok(n)) continue;
      for (const t of page.texts ?? []) this.noteMentions(t);
      for (const e of page.emails) this.addEmail(e, { url: page.url, type: 'website', encoding: e.encoding });
      for (const l of page.links) {
        if (new URL(l.url).hostname === site.host) continue;
        this.followLink(l.url, 'website', n, undefined, { text: l.text });
      }
    }
  }

  /**
   * A candidate's links to the creator say it knows the creator — fans, resellers and collaborators
   * link the creator too. They verify it only when the creator's side points at it as well: it has
   * the source's handle, or a page of the creator's website links it.
   */
  tied(c: { account: SimAccount; via: Set<Via> }): boolean {
    // An account that says it is a fan's is not the creator's, whatever handle it holds (handles are squatted).
    const sameHandle = c.account.handle.toLowerCase() === this.source.handle.toLowerCase() && !c.account.markers?.fan;
    // Someone else's by its own words or the creator's label: no tie makes it the creator's.
    if (c.account.markers?.other) return false;
    return sameHandle || c.via.has('website_link');
  }

  /**
   * Rule 4b: what ties a candidate to the creator one way — it links the creator's accounts, link
   * page or website (directly or through its link page), shows an address the lookup found on the
   * creator's items, or the creator's pages the lookup read name its handle.
   */
  oneWayEvidence(a: SimAccount): boolean {
    if (this.verifiedBy(a)) return true;
    if (a.emails.some((e) => this.emails.has(e.email.toLowerCase()))) return true;
    return this.mentions.has(a.handle.toLowerCase());
  }

  /** `@handle`s in a text of the creator's that the lookup reads. */
  noteMentions(text: string): void {
    for (const m of text.matchAll(/@([A-Za-z0-9._-]{2,40})/g)) this.mentions.add(m[1].replace(/\.+$/, '').toLowerCase());
  }

  /** How a candidate is verified by what is known now, or null. */
  verifiedBy(a: SimAccount): VerifiedBy | null {
    /** What a link leads to; a short link stands for its target once resolved (by whoever resolved it). */
    const through = (url: string): Resolved => {
      const r = resolveLink(this.world, url);
      return r.kind === 'redirect' && r.target && this.ok(url) ? resolveLink(this.world, r.target) : r;
    };
    const judge = (url: string): VerifiedBy | null => {
      const r = through(url);
      if (r.kind === 'account' && this.verified.has(r.account.key)) return 'reciprocal';
      if (r.kind === 'lib' && this.creatorLibs.has(r.page.url)) return 'reciprocal';
      if (r.kind === 'site' && this.ownerDomains.has(r.site.domain)) return 'shared_website';
      return null;
    };
    for (const l of a.links) {
      const direct = judge(l);
      if (direct) return direct;
      const r = through(l);
      if (r.kind === 'lib' && this.ok(this.libNodes.get(r.page.url) ?? '')) {
        for (const ll of r.page.links) {
          const through = judge(ll.url);
          if (through) return through;
        }
      }
    }
    return null;
  }

  run(): void {
    const S = this.source;
    const sourceNode = this.fetchAccount(S, ROOT)!;
    this.verify(S, 'source', 'source');
    this.read.add(S.key);
    for (const l of S.links) this.followLink(l, 'source', sourceNode, S);

    // Same handle on the other probed reader platforms, checked from the start (the handle is known).
    const tokens = new Set(this.options.tokens ?? []);
    for (const p of PROBED_PLATFORMS) {
      if (p === S.platform) continue;
      if (TOKEN_GATED_PLATFORMS.includes(p) && !tokens.has(p)) continue;
      const h = S.handle.toLowerCase();
      if (!HANDLE_RULES[p].test(h)) continue;
      const a = this.world.accounts.get(`${p}:${h}`);
      if (!a) this.node(profileUrl(p, h), this.accountMs(p), 'unusable', ROOT);
      else if (a.blocked || a.fault) this.fetchAccount(a, ROOT);
      else if (!this.verified.has(a.key)) this.candidate(a, 'same_handle', ROOT);
      else this.verified.get(a.key)!.via.add('same_handle');
    }

    // Web search, once the display name is known: at most 4 candidates, in result order.
    const creator = S.creator !== null ? this.world.creators[S.creator] : undefined;
    if (creator) {
      const g = this.node(
        `https://www.google.com/search?q=${encodeURIComponent(S.handle)}`,
        this.latency('www.google.com'),
        creator.search.blocked ? 'unusable' : 'ok',
        sourceNode,
        creator.search.blocked,
      );
      if (this.ok(g)) {
        let taken = 0;
        for (const res of creator.search.results) {
          if (taken >= 4) break;
          const r = resolveLink(this.world, res.url);
          if (r.kind === 'account' && fetchable(r.account)) {
            const v = this.verified.get(r.account.key);
            if (v) {
              v.via.add('websearch');
              continue;
            }
            const c = this.candidates.get(r.account.key);
            if (c) {
              c.via.add('websearch');
              continue;
            }
            taken++;
            if (r.account.blocked || r.account.fault) this.fetchAccount(r.account, g);
            else this.candidate(r.account, 'websearch', g);
          } else if (r.kind === 'lib' && !this.libNodes.has(r.page.url)) {
            taken++;
            this.libNode(r.page, g);
            if (this.ok(r.page.url) && r.page.links.some((l) => this.linksToCreator(l.url))) this.creatorLibs.add(r.page.url);
          }
        }
      }
    }

    // Verification to a fixpoint.
    for (let changed = true; changed;) {
      changed = false;
      for (const [key, c] of this.candidates) {
        const v = this.verified.get(key);
        if (v) {
          for (const via of c.via) v.via.add(via);
          continue;
        }
        if (!this.ok(c.account.url) || !this.tied(c)) continue;
        const by = this.verifiedBy(c.account);
        if (!by) continue;
        for (const via of c.via) this.verify(c.account, via, by);
        changed = true;
        // Its links to accounts make profiles (not read: everything has settled).
        for (const l of c.account.links) {
          const r = resolveLink(this.world, l);
          const t = r.kind === 'redirect' && r.target && this.ok(l) ? resolveLink(this.world, r.target) : r;
          if (t.kind === 'account' && t.account.platform !== c.account.platform && !this.verified.has(t.account.key))
            this.verify(t.account, 'profile_link', 'explicit');
        }
      }
    }

    // Addresses of every verified account that was read and answered (the source included).
    for (const { account } of this.verified.values()) {
      if (!fetchable(account) || !this.ok(account.url)) continue;
      if (!this.read.has(account.key) && !this.candidates.has(account.key)) continue;
      for (const e of account.emails) this.addEmail(e, { url: account.url, type: 'social_profile', encoding: e.encoding });
      this.noteMentions(account.bio);
    }

    // Rule 4b: the creator's own accounts met as candidates that are not verified, read, and tied
    // to the creator one way. (Their addresses are not scanned: api.md rule 3.)
    for (const [key, c] of this.candidates) {
      if (this.verified.has(key) || c.account.creator !== S.creator || !this.ok(c.account.url)) continue;
      if (this.oneWayEvidence(c.account)) this.oneWay.set(key, c);
    }
  }

  /** A search-found link page is the creator's when it links the source or a verified account. */
  linksToCreator(url: string): boolean {
    const r = resolveLink(this.world, url);
    return r.kind === 'account' && this.verified.has(r.account.key);
  }

  /** End time of every node (earliest start over its parents), by relaxation (the graph may loop). */
  timing(): { critical: number; chain: string[]; deadlineBound: boolean; end: Map<string, number> } {
    const end = new Map<string, number>();
    const via = new Map<string, string>();
    for (const id of this.nodes.keys()) end.set(id, Infinity);
    for (let round = 0, changed = true; changed && round <= this.nodes.size + 1; round++) {
      changed = false;
      for (const n of this.nodes.values()) {
        let start = Infinity;
        let from = '';
        for (const p of n.parents) {
          const t = p === ROOT ? 0 : (end.get(p) ?? Infinity);
          if (t < start) {
            start = t;
            from = p;
          }
        }
        const e = n.status === 'hang' || !Number.isFinite(start) ? Infinity : start + (n.status === 'fail' ? 0 : n.ms);
        if (e < (end.get(n.id) ?? Infinity)) {
          end.set(n.id, e);
          via.set(n.id, from);
          changed = true;
        }
      }
    }
    let critical = 0;
    let last = '';
    for (const [id, e] of end) {
      if (Number.isFinite(e) && e >= critical) {
        critical = e;
        last = id;
      }
    }
    const chain: string[] = [];
    for (let id = last; id && id !== ROOT && chain.length < 20; id = via.get(id) ?? '') chain.unshift(id);
    // A hanging request whose parents answered: the lookup waits for its timeout.
    const deadlineBound = [...this.nodes.values()].some(
      (n) => n.status === 'hang' && [...n.parents].some((p) => p === ROOT || Number.isFinite(end.get(p) ?? Infinity)),
    );
    return { critical, chain, deadlineBound, end };
  }
}

function statusOf(s: PageStatus | SimSite['status']): NodeStatus {
  switch (s) {
    case 'ok':
      return 'ok';
    case 'challenge':
      return 'unusable';
    case 'fail':
    case 'reset':
      return 'fail';
    case 'hang':
      return 'hang';
  }
}

function aliasesOf(a: SimAccount): string[] {
  if (a.channelId) return [a.channelId];
  if (a.platform === 'social-a') return [a.numericId];
  return [];
}

export function truthFor(world: SimWorld, latency: (host: string) => number, sourceKey: string, options: TruthOptions = {}): TruthEntry {
  const S = world.accounts.get(sourceKey);
  if (!S || S.creator === null || !(SOURCE_PLATFORMS as readonly string[]).includes(S.platform))
    throw new Error(`not a creator's source account: ${sourceKey}`);
  const L = new Lookup(world, latency, S, options);
  L.run();
  const t = L.timing();
  const creator = world.creators[S.creator];
  const owned = creator.accounts.map((k) => world.accounts.get(k)!);
  const inconsistencies = [...L.verified.values()]
    .filter((v) => v.account.creator !== S.creator)
    .map((v) => `${v.account.key} (${v.account.owner}, ${v.account.role}) verified by ${v.by}`);
  const emailSources = Object.fromEntries([...L.emails].filter(([e]) => creator.emails.includes(e)));
  for (const e of L.emails.keys()) if (!creator.emails.includes(e)) inconsistencies.push(`address ${e} reachable but not the creator's`);
  return {
    key: sourceKey,
    creator: S.creator,
    source: { platform: S.platform as SourcePlatform, handle: S.handle, url: S.url },
    profiles: [
      ...[...L.verified.values()].map((v) => ({
        platform: v.account.platform,
        handle: v.account.handle,
        url: v.account.url,
        aliases: aliasesOf(v.account),
        via: [...v.via],
        verifiedBy: v.by,
      })),
      ...[...L.oneWay.values()].map((v) => ({
        platform: v.account.platform,
        handle: v.account.handle,
        url: v.account.url,
        aliases: aliasesOf(v.account),
        via: [...v.via],
        verifiedBy: 'one_way' as const,
      })),
    ],
    emails: Object.keys(emailSources),
    emailSources,
    ownedProfiles: owned.map((a) => ({ platform: a.platform, handle: a.handle, url: a.url, aliases: aliasesOf(a) })),
    ownedEmails: [...creator.emails],
    criticalPathMs: t.critical,
    criticalChain: t.chain,
    deadlineBound: t.deadlineBound,
    plannedRequests: L.nodes.size,
    failingRequests: [...L.nodes.values()].filter((n) => n.failing).map((n) => n.id),
    inconsistencies,
  };
}

/** One upstream request of a lookup's plan, with the requests whose answers start it (the root: `<root>`). */
export interface PlannedRequest {
  url: string;
  ms: number;
  parents: string[];
  /** When it answers (ms from the lookup's start; Infinity: never). */
  endMs: number;
  /** Answered by a failure or a block page: nothing of it is known, so nothing starts from it. */
  usable: boolean;
}

/** The plan truth times (for tests of the plan itself): every request, its parents and its answer time. */
export function planFor(
  world: SimWorld,
  latency: (host: string) => number,
  sourceKey: string,
  options: TruthOptions = {},
): PlannedRequest[] {
  const S = world.accounts.get(sourceKey);
  if (!S) throw new Error(`no account ${sourceKey}`);
  const L = new Lookup(world, latency, S, options);
  L.run();
  const { end } = L.timing();
  return [...L.nodes.values()].map((n) => ({
    url: n.id,
    ms: n.ms,
    parents: [...n.parents],
    endMs: end.get(n.id) ?? Infinity,
    usable: n.status === 'ok',
  }));
}

/** Truth for every creator's own account on a source platform, keyed `platform:handle`. */
export function computeTruth(world: SimWorld, latency: (host: string) => number, options: TruthOptions = {}): Record<string, TruthEntry> {
  const out: Record<string, TruthEntry> = {};
  for (const a of world.accounts.values()) {
    if (a.creator === null || a.role !== 'own' || !(SOURCE_PLATFORMS as readonly string[]).includes(a.platform)) continue;
    out[a.key] = truthFor(world, latency, a.key, options);
  }
  return out;
}
