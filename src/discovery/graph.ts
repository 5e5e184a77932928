/**
 * The evidence graph of one lookup: everything it has met — accounts (profile nodes), link-in-bio
 * pages, owner websites (by registrable domain), generic short links — and who links whom.
 *
 * The graph only records: the pipeline (pipeline.ts) decides what to fetch and writes what each
 * fetch answered here; verification (verification.ts) reads it to decide what is the creator's;
 * assembly (assemble.ts) turns it into the api.md records.
 *
 * Identity: an account is `platform:handle` (lower-cased). A read profile may answer to several
 * identities (a channel's handle and its id, a page's vanity and its id): all of them then lead
 * to one node (`alias`), and nodes met by different spellings are merged.
 */
import { classifyLink } from '../links/classify.js';
import { ownerDomain } from './domains.js';
import type { LinkPageView } from './linkpages.js';
import { linkPageOf } from './linkpages.js';
import type { ProfileView } from './profiles.js';
import { fetchHandle, identity, readerAccount, readerOf } from './profiles.js';
import type { SiteScan } from './website.js';

export type Status = 'new' | 'pending' | 'ok' | 'missing' | 'private' | 'failed' | 'unfetched';

/** Where an item was met, as a path of indices (source links, then probes, then search results): report order. */
export type Order = number[];

export function before(a: Order, b: Order): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i];
  return a.length < b.length;
}
export const byOrder = <T extends { order: Order }>(a: T, b: T) => (before(a.order, b.order) ? -1 : before(b.order, a.order) ? 1 : 0);

export interface ProfileNode {
  key: string;
  platform: string;
  handle: string;
  /** Empty until known (a same-handle probe that never answered). */
  url: string;
  order: Order;
  depth: number;
  status: Status;
  view: ProfileView | null;
  isSource: boolean;
  /** Linked from the source profile. */
  fromSource: boolean;
  /** Link pages, websites (domains) and profiles (keys) whose links lead here. */
  fromPages: Set<string>;
  fromSites: Set<string>;
  fromProfiles: Set<string>;
  /**
   * Profiles (keys) on its own platform that link it: not a link of the creator's on that alone
   * (collaborators and shout-outs), only when the link is mutual and the account holds the
   * creator's name (verification.ts labelsOf).
   */
  samePlatformFrom: Set<string>;
  /** Anchor texts of the links to it, by the website (domain) whose page links it. */
  siteTexts: Map<string, string[]>;
  /** Titles the creator's link pages give their links to it (a button's "Follow Glowbar"). */
  pageTexts: string[];
  /**
   * Who links it with a label that names a relation to someone else ("My manager", "my sister's
   * page", "Photos by"), as `declaredBy` entries: such a link says the account is another person's,
   * so it is recorded here and in none of the `from…` sets.
   */
  creditedBy: Set<string>;
  /**
   * Declarers (`source`, profile keys) whose only way to it is their text naming it (`YouTube: Viaja
   * con Nico`), not a link: their word ties it to the creator only once it was read and exists.
   */
  textMentionBy: Set<string>;
  sameHandle: boolean;
  websearch: boolean;
  /** Reached through the creator's own items: its links may be followed. */
  anchored: boolean;
  /** Its links were followed as an anchored item's (else only recorded as evidence). */
  followedAnchored: boolean;
  /** Its read was refused by an exhausted quota or a wall (UPSTREAM_BLOCKED): that platform's part is partial. */
  blocked: boolean;
  /** Domains its view claims (`ownedDomains`) whose proof answered what the view expects: the account controls them. */
  provenDomains: Set<string>;
}

export interface PageNode {
  url: string;
  order: Order;
  depth: number;
  status: Status;
  view: LinkPageView | null;
  fromSource: boolean;
  fromProfiles: Set<string>;
  websearch: boolean;
  anchored: boolean;
  followedAnchored: boolean;
}

export interface SiteNode {
  domain: string;
  startUrl: string;
  order: Order;
  depth: number;
  status: Status;
  scan: SiteScan | null;
  /** `source`, `page:<url>`, `profile:<key>`, `site:<domain>` */
  declaredBy: Set<string>;
  anchored: boolean;
}

/** A generic short link: resolved once; its target then stands for it wherever it is linked. */
export interface ShortNode {
  url: string;
  status: Status;
  target: string | null;
  /** Who links it, as SiteNode.declaredBy. */
  declaredBy: Set<string>;
  /** Links waiting for the target: each is then taken as if its origin had linked the target. */
  waiters: (() => void)[];
}

/** Who links something. */
export type Origin =
  | { kind: 'source' }
  | { kind: 'profile'; key: string; anchored: boolean; platform: string }
  | { kind: 'page'; url: string; anchored: boolean }
  | { kind: 'site'; domain: string; anchored: boolean };

/** An origin as a `declaredBy` entry. */
export function declarer(from: Origin): string {
  return from.kind === 'source'
    ? 'source'
    : from.kind === 'page'
      ? `page:${from.url}`
      : from.kind === 'profile'
        ? `profile:${from.key}`
        : `site:${from.domain}`;
}

const accounts = new Map<string, { platform: string; handle: string | null; url: string } | null>();

/**
 * What a link names: an account on a platform — the platform's reader decides (its URL patterns),
 * else the shared classifier's table (platforms discovery only recognises). The URL is the
 * classifier's normalised form (scheme added, redirect shims unwrapped). Memoised: verification
 * asks again for the same links.
 */
export function accountOf(url: string): { platform: string; handle: string | null; url: string } | null {
  let a = accounts.get(url);
  if (a !== undefined) return a;
  const c = classifyLink(url);
  const target = c?.url ?? url;
  const r = readerAccount(target);
  a = r ? { platform: r.platform, handle: r.handle, url: target } : c;
  // A handle its platform cannot hold (a YouTube handle of two letters) is no account: never listed, never read.
  if (a?.handle && readerOf(a.platform) && !fetchHandle(a.platform, a.handle)) a = { ...a, handle: null };
  if (accounts.size >= 20_000) accounts.clear();
  accounts.set(url, a);
  return a;
}

/** What a list of links points at. */
export interface Targets {
  profiles: string[];
  pages: string[];
  domains: string[];
}

export class EvidenceGraph {
  readonly profiles = new Map<string, ProfileNode>();
  /** Every identity (`video:<id>` and `video:<handle>` of one channel) → its node's key. */
  readonly alias = new Map<string, string>();
  readonly pages = new Map<string, PageNode>();
  readonly sites = new Map<string, SiteNode>();
  readonly shorts = new Map<string, ShortNode>();
  private readonly targetCache = new Map<string, Targets>();
  source!: ProfileNode;
  sourceView!: ProfileView;
  /** `source.handle` of the record. */
  sourceHandle: string;

  constructor(sourceHandle: string) {
    this.sourceHandle = sourceHandle;
  }

  nodeKey(platform: string, handle: string): string {
    const id = identity(platform, handle);
    return this.alias.get(id) ?? id;
  }

  canonical(key: string): string {
    return this.alias.get(key) ?? key;
  }

  profileNode(key: string, platform: string, handle: string, url: string, order: Order, depth: number): ProfileNode {
    let n = this.profiles.get(key);
    if (!n) {
      n = {
        key,
        platform,
        handle,
        url,
        order,
        depth,
        status: 'new',
        view: null,
        isSource: false,
        fromSource: false,
        fromPages: new Set(),
        fromSites: new Set(),
        fromProfiles: new Set(),
        samePlatformFrom: new Set(),
        siteTexts: new Map(),
        pageTexts: [],
        creditedBy: new Set(),
        textMentionBy: new Set(),
        sameHandle: false,
        websearch: false,
        anchored: false,
        followedAnchored: false,
        blocked: false,
        provenDomains: new Set(),
      };
      this.profiles.set(key, n);
      this.alias.set(key, key);
    } else {
      if (before(order, n.order)) n.order = order;
      n.depth = Math.min(n.depth, depth);
      if (!n.url) n.url = url;
    }
    return n;
  }

  /**
   * A fetched view: its identities all lead to this node (a channel linked by id and by handle is
   * one node). False when the view turns out to be the source's own (a self-link by another
   * spelling): the node is dropped into the source.
   */
  attachView(n: ProfileNode, view: ProfileView): boolean {
    for (const id of view.ids) {
      const other = this.alias.get(id);
      if (other && other !== n.key && this.profiles.get(other)?.isSource) {
        this.merge(n, this.profiles.get(other)!);
        return false;
      }
    }
    n.view = view;
    n.handle = view.handle;
    n.url = view.url;
    for (const id of view.ids) {
      const other = this.alias.get(id);
      if (other && other !== n.key && this.profiles.has(other)) this.merge(this.profiles.get(other)!, n);
      this.alias.set(id, n.key);
    }
    return true;
  }

  /** `from` is folded into `into` (its provenance kept) and forgotten. */
  merge(from: ProfileNode, into: ProfileNode): void {
    // A declarer stays a mere text mention when neither node had a link from it.
    const textOnly = (n: ProfileNode, x: string) => !linksFrom(n, x) || n.textMentionBy.has(x);
    into.textMentionBy = new Set([...into.textMentionBy, ...from.textMentionBy].filter((x) => textOnly(into, x) && textOnly(from, x)));
    if (before(from.order, into.order) && !into.isSource) into.order = from.order;
    into.depth = Math.min(into.depth, from.depth);
    into.fromSource ||= from.fromSource;
    into.sameHandle ||= from.sameHandle;
    into.websearch ||= from.websearch;
    into.anchored ||= from.anchored;
    for (const x of from.fromPages) into.fromPages.add(x);
    for (const x of from.fromSites) into.fromSites.add(x);
    for (const x of from.fromProfiles) into.fromProfiles.add(x);
    for (const x of from.samePlatformFrom) into.samePlatformFrom.add(x);
    for (const [d, xs] of from.siteTexts) into.siteTexts.set(d, [...(into.siteTexts.get(d) ?? []), ...xs]);
    into.pageTexts.push(...from.pageTexts);
    for (const x of from.creditedBy) into.creditedBy.add(x);
    for (const x of from.provenDomains) into.provenDomains.add(x);
    // A duplicate still pending keeps running; its answer is dropped (the node is gone).
    this.profiles.delete(from.key);
    for (const [id, k] of this.alias) if (k === from.key) this.alias.set(id, into.key);
  }

  pageNode(url: string, order: Order, depth: number): PageNode {
    let p = this.pages.get(url);
    if (!p) {
      p = {
        url,
        order,
        depth,
        status: 'new',
        view: null,
        fromSource: false,
        fromProfiles: new Set(),
        websearch: false,
        anchored: false,
        followedAnchored: false,
      };
      this.pages.set(url, p);
    } else {
      if (before(order, p.order)) p.order = order;
      p.depth = Math.min(p.depth, depth);
    }
    return p;
  }

  siteNode(domain: string, startUrl: string, order: Order, depth: number): SiteNode {
    let s = this.sites.get(domain);
    if (!s) {
      s = { domain, startUrl, order, depth, status: 'new', scan: null, declaredBy: new Set(), anchored: false };
      this.sites.set(domain, s);
    } else {
      if (before(order, s.order)) {
        s.order = order;
        if (s.status === 'new') s.startUrl = startUrl;
      }
      s.depth = Math.min(s.depth, depth);
    }
    return s;
  }

  shortNode(url: string): ShortNode {
    let s = this.shorts.get(url);
    if (!s) this.shorts.set(url, (s = { url, status: 'new', target: null, declaredBy: new Set(), waiters: [] }));
    return s;
  }

  /** What a list of links points at: profile keys, link pages, owner domains. */
  targetsOf(links: readonly string[]): Targets {
    const out: Targets = { profiles: [], pages: [], domains: [] };
    for (const raw of links) {
      // A resolved short link stands for its target.
      const l = this.shorts.get(raw)?.target ?? raw;
      const page = linkPageOf(l);
      if (page) {
        out.pages.push(page);
        continue;
      }
      const c = accountOf(l);
      if (c) {
        if (c.handle) out.profiles.push(this.canonical(identity(c.platform, c.handle)));
        continue;
      }
      const d = ownerDomain(l);
      if (d) out.domains.push(d);
    }
    return out;
  }

  /** A read profile's targets (memoised once the lookup has stopped: until then a short link may still resolve). */
  viewTargets(n: ProfileNode): Targets | null {
    if (!n.view) return null;
    if (!this.stopped) return this.targetsOf(n.view.links);
    let t = this.targetCache.get(n.key);
    if (!t) this.targetCache.set(n.key, (t = this.targetsOf(n.view.links)));
    return t;
  }

  /** The lookup has stopped: nothing changes any more. */
  private stopped = false;

  /** When the lookup stops (all settled, or the deadline): whatever has not answered failed (timed out). */
  markUnfinished(): void {
    this.stopped = true;
    for (const n of this.profiles.values()) if (n.status === 'pending') n.status = 'failed';
    for (const p of this.pages.values()) if (p.status === 'pending') p.status = 'failed';
    for (const s of this.sites.values()) if (s.status === 'pending') s.status = 'failed';
    for (const s of this.shorts.values()) if (s.status === 'pending') s.status = 'failed';
  }
}

/** `declarer` (`source` or a profile key) links `n` (by a link or its text). */
function linksFrom(n: ProfileNode, declarer: string): boolean {
  return declarer === 'source' ? n.fromSource : n.fromProfiles.has(declarer);
}
