/**
 * The creator-discovery pipeline shared by find social profiles and find creator emails.
 *
 *   source profile ─┬─ links ─┬─ link-in-bio pages ── their links …
 *   (required)      │         ├─ creator websites (bounded crawl) ── their links …
 *                   │         └─ linked accounts ── their links …
 *                   ├─ websearch ── candidate profiles / link pages (verified at the end)
 *   same-handle probes on the other platforms (start with the lookup, beside the source)
 *   ─────────────────────────────────────────────────────────────────────────────
 *   all settled (or the deadline) → verify (fixpoint) → score → e-mails (+ internal sources)
 *
 * Stages are not run in lockstep: every fetch starts the moment the link that needs it is known
 * (a task set, not waves), so the wall time follows the longest upstream chain. Links are
 * followed only from the creator's own items — the source, the link-in-bio pages and websites
 * it declares, and the accounts those link to ("anchored" on arrival) — and only to depth 2
 * (source → link page → account/website); deeper links and every link of an unverified
 * candidate count as evidence only, never fetched (a candidate's link page and short links are
 * read, to see whether it links back). Generic short links (bit.ly…) are resolved and stand for
 * their target (shorteners.ts). README.md has the bounds and the rules.
 *
 * Failures: only the source profile can fail the lookup (NOT_FOUND for a missing one; any other
 * failure is reported with its code and a message telling the caller to retry). Every other
 * fetch is optional — never retried, never waiting for a host's cool-down (fetcher.ts): its
 * failure or timeout lands in the matching `failed_*` list and makes the result `partial`. At the deadline (DISCOVERY_DEADLINE_MS, default 25 s) everything still in
 * flight is cancelled and counted as failed; what is done is returned.
 */
import { ApiError, isApiError, notFound, upstreamTimeout } from '../errors.js';
import type { OpContext } from '../platforms/operation.js';
import { classifyLink } from '../platforms/links/classify.js';
import { normaliseEmail } from '../platforms/links/emails.js';
import { ownerDomain } from './domains.js';
import { confidenceOf, isReturned, isVerified, orderedEvidence, sameDisplayName } from './evidence.js';
import { LookupFetcher } from './fetcher.js';
import type { SourceRef } from './input.js';
import type { InternalContactSource } from './internal.js';
import { internalContactSource } from './internal.js';
import type { LinkPageView } from './linkpages.js';
import { fetchLinkPage, linkPageOf } from './linkpages.js';
import type { FetchablePlatform, ProfileView } from './profiles.js';
import { FETCHABLE_PLATFORMS, fetchHandle, fetchProfileView, identity, isFetchable } from './profiles.js';
import { isGenericShortLink, resolveShortLink } from './shorteners.js';
import type { ProfileIdentity, SourceStage } from './progress.js';
import type {
  DiscoveredProfile,
  DiscoveryDiagnostics,
  DiscoverySource,
  EmailSource,
  EmailSourceType,
  EvidenceLabel,
  FoundEmail,
  SourcePlatform,
} from './types.js';
import type { SiteScan } from './website.js';
import { crawlSite } from './website.js';
import { websearchEnabled, websearchQuery, websearchResults } from './websearch.js';

// ---------------------------------------------------------------------------------------------
// Bounds (README.md "Bounds")
// ---------------------------------------------------------------------------------------------

export const DEFAULT_DEADLINE_MS = 25_000;
/** After the deadline, how long cancelled work gets to report before it is counted as failed anyway. */
const DEADLINE_GRACE_MS = 1_000;
/** Links are fetched up to this depth (source 0, its links 1, theirs 2). */
export const MAX_FETCH_DEPTH = 2;
/** The creator's link-in-bio pages read per lookup. */
export const MAX_LINK_PAGES = 4;
/** Creator websites crawled per lookup (each at most SITE_MAX_PAGES pages). */
export const MAX_SITES = 2;
/** Linked accounts fetched per lookup (the source and same-handle probes not counted). */
export const MAX_PROFILE_FETCHES = 8;
/** Websearch candidates (profiles and link pages) fetched for verification. */
export const MAX_WEBSEARCH_FETCHES = 4;
/** Other candidates read for verification: accounts creator websites link to, link pages and short links of candidates. */
export const MAX_CANDIDATE_FETCHES = 8;
/** Generic short links (bit.ly…) resolved per lookup (shorteners.ts: one GET per hop, the target never read). */
export const MAX_SHORT_LINKS = 8;
/** Platforms probed for the same handle: every fetchable platform but social-a, whose logged-out pages are login-walled too often to say whether a page exists. */
export const SAME_HANDLE_PLATFORMS: readonly FetchablePlatform[] = FETCHABLE_PLATFORMS.filter((p) => p !== 'social-a');

/**
 * Platforms whose read profile's handle and url come from the account itself, however it was
 * asked for (the username; a channel's handle, else its id). Not social-a: a page that does not
 * name its vanity is known by the name it was asked for.
 */
const STABLE_IDENTITY: ReadonlySet<string> = new Set<FetchablePlatform>(['social-b', 'shortvideo', 'video', 'microblog-b']);

export function deadlineMs(): number {
  const v = Number(process.env.DISCOVERY_DEADLINE_MS);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_DEADLINE_MS;
}

// ---------------------------------------------------------------------------------------------
// What a lookup learns
// ---------------------------------------------------------------------------------------------

type Status = 'new' | 'pending' | 'ok' | 'missing' | 'private' | 'failed' | 'unfetched';
type Order = number[];

function before(a: Order, b: Order): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i];
  return a.length < b.length;
}
const byOrder = <T extends { order: Order }>(a: T, b: T) => (before(a.order, b.order) ? -1 : before(b.order, a.order) ? 1 : 0);

interface ProfileNode {
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
  sameHandle: boolean;
  websearch: boolean;
  /** Reached through the creator's own items: its links may be followed. */
  anchored: boolean;
  /** Its links were followed as an anchored item's (else only recorded as evidence). */
  followedAnchored: boolean;
}

interface PageNode {
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

interface SiteNode {
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
interface ShortNode {
  url: string;
  status: Status;
  target: string | null;
  /** Who links it, as SiteNode.declaredBy. */
  declaredBy: Set<string>;
  /** Links waiting for the target: each is then taken as if its origin had linked the target. */
  waiters: (() => void)[];
}

type Origin =
  | { kind: 'source' }
  | { kind: 'profile'; key: string; anchored: boolean; platform: string }
  | { kind: 'page'; url: string; anchored: boolean }
  | { kind: 'site'; domain: string; anchored: boolean };

export interface LookupOutcome {
  source: DiscoverySource;
  profiles: DiscoveredProfile[];
  emails: FoundEmail[];
  scan: { scanned_profile_urls: string[]; failed_email_scan_urls: string[]; email_scan_limited: boolean };
  diagnostics: DiscoveryDiagnostics;
}

export interface LookupOptions {
  /** Read the internal contact sources (find creator emails). */
  emails: boolean;
  deadlineMs?: number;
  /** Replaces the DATA_DIR internal source (tests). */
  internal?: InternalContactSource | null;
  /** Told the source and its profile record as soon as the source profile is read (GraphQL @defer / @stream). */
  onSource?: (stage: SourceStage) => void;
  /**
   * Told each profile, once, the moment it is certain to be in the final `profiles` with exactly
   * this platform, handle and url (its confidence and evidence may still grow): see Lookup.settled().
   */
  onProfile?: (p: ProfileIdentity) => void;
}

/** The source profile could not be read: the lookup fails, telling the caller to retry (api.md Errors 6). */
function sourceFailure(e: unknown, what: string): ApiError {
  if (isApiError(e)) {
    if (e.code === 'NOT_FOUND') return notFound(`${what} was not found`);
    if (e.code === 'INVALID_INPUT' || e.code === 'PRIVATE_CONTENT') return e;
    return new ApiError(e.code, `${e.message} — the ${what} could not be read, so the lookup failed; retry the request (this is not a result without profiles or e-mails)`, { cause: e });
  }
  return new ApiError('UPSTREAM_FAILED', `the ${what} could not be read; retry the request`, { cause: e });
}

const isMissing = (e: unknown) => isApiError(e) && e.code === 'NOT_FOUND';
const isPrivate = (e: unknown) => isApiError(e) && e.code === 'PRIVATE_CONTENT';

// ---------------------------------------------------------------------------------------------
// The lookup
// ---------------------------------------------------------------------------------------------

export async function runDiscovery(ctx: OpContext, sourcePlatform: SourcePlatform, ref: SourceRef, opts: LookupOptions): Promise<LookupOutcome> {
  const deadline = opts.deadlineMs ?? deadlineMs();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(upstreamTimeout('discovery: lookup deadline reached')), deadline);
  const signal = ctx.signal ? AbortSignal.any([controller.signal, ctx.signal]) : controller.signal;
  const lookup = new Lookup(new LookupFetcher(ctx, signal), sourcePlatform, ref, opts, ctx);
  try {
    return await lookup.run(deadline);
  } finally {
    clearTimeout(timer);
    // Nothing of this lookup outlives it.
    controller.abort(upstreamTimeout('discovery: lookup finished'));
  }
}

const VIDEO_CHANNEL_ID_RE = /^UC[A-Za-z0-9_-]{22}$/;

/** What is the creator's: verified profiles (keys), link pages (URLs), websites (domains). */
interface Verification {
  verified: Set<string>;
  pages: Set<string>;
  sites: Set<string>;
}

class Lookup {
  private readonly profiles = new Map<string, ProfileNode>();
  /** Every identity (`video:<id>` and `video:<handle>` of one channel) → its node's key. */
  private readonly alias = new Map<string, string>();
  private readonly pages = new Map<string, PageNode>();
  private readonly sites = new Map<string, SiteNode>();
  private readonly shorts = new Map<string, ShortNode>();
  private readonly pending = new Set<Promise<void>>();
  private readonly targetCache = new Map<string, ReturnType<Lookup['targetsOf']>>();
  private source!: ProfileNode;
  private sourceView!: ProfileView;
  private sourceHandle: string;
  private linkPagesFetched = 0;
  private sitesCrawled = 0;
  private profilesFetched = 0;
  private websearchFetches = 0;
  private candidateFetches = 0;
  private shortLinksResolved = 0;
  /** A bound cut the scan (a page, site or account left unread). */
  private limited = false;
  private websearchUsed = false;
  private websearchFailed = false;
  /** The deadline (or the caller leaving) cut work short. */
  private cutShort = false;
  /** Identities told to onProfile; closed once the lookup stops (what happens after is not in the record). */
  private readonly told = new Set<string>();
  private telling = true;

  constructor(
    private readonly f: LookupFetcher,
    private readonly sourcePlatform: SourcePlatform,
    private readonly ref: SourceRef,
    private readonly opts: LookupOptions,
    private readonly ctx: OpContext,
  ) {
    this.sourceHandle = ref.handle;
  }

  private spawn(work: () => Promise<void>): void {
    // Every change of what the lookup knows happens in a task (or right after the source is read).
    const p = work()
      .catch(() => undefined)
      .then(() => this.tellSettled());
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  async run(deadline: number): Promise<LookupOutcome> {
    const started = Date.now();
    const platform = this.ref.platform;
    const what = `${this.sourcePlatform} profile ${platform === 'video' && this.ref.channel.kind === 'id' ? this.ref.handle : `@${this.ref.handle}`}`;
    this.f.signal.addEventListener('abort', () => (this.cutShort ||= this.pending.size > 0), { once: true });

    // Same-handle probes need only the handle: they start beside the source fetch.
    const probesFirst = platform !== 'video' || this.ref.channel.kind === 'handle';
    if (probesFirst) this.probeSameHandle(this.ref.handle);

    let view: ProfileView;
    try {
      // The one required fetch: no per-fetch timeout beyond the deadline, the client's retries and cool-down waits.
      view = await fetchProfileView(this.f, platform, this.ref.handle, { timeoutMs: null, required: true });
    } catch (e) {
      if (this.f.signal.aborted && !this.ctx.signal?.aborted) throw upstreamTimeout(`discovery: the ${what} did not arrive within ${deadline} ms; the lookup failed, retry the request`);
      throw sourceFailure(e, what);
    }
    this.sourceView = view;
    this.sourceHandle = platform === 'video' && VIDEO_CHANNEL_ID_RE.test(view.handle) ? view.handle : view.handle.toLowerCase();
    this.source = this.profileNode(this.nodeKey(platform, view.handle), platform, view.handle, view.url, [0], 0);
    Object.assign(this.source, { isSource: true, anchored: true, status: 'ok' });
    this.attachView(this.source, view);
    // Final already: the source's record and its profile entry never change after this.
    this.opts.onSource?.({ source: this.sourceRecord(), profile: this.profileRecord(this.source, ['source_profile']) });

    if (!probesFirst) this.probeSameHandle(view.handle);
    this.followProfile(this.source);
    if (websearchEnabled()) this.spawn(() => this.websearch(view));
    this.tellSettled();

    // Everything settles on its own; at the deadline fetches are cancelled and fail fast, and
    // whatever still has not reported a grace period later is counted as failed.
    let stopTimer: NodeJS.Timeout | undefined;
    const hardStop = new Promise<true>((resolve) => {
      stopTimer = setTimeout(() => resolve(true), Math.max(0, deadline - (Date.now() - started)) + DEADLINE_GRACE_MS);
    });
    try {
      while (this.pending.size > 0) {
        const stopped = await Promise.race([Promise.allSettled([...this.pending]).then(() => false), hardStop]);
        if (stopped) {
          this.cutShort = true;
          break;
        }
      }
    } finally {
      clearTimeout(stopTimer);
    }
    this.telling = false;
    this.markUnfinished();
    return this.assemble();
  }

  // -------------------------------------------------------------------------------------------
  // Nodes
  // -------------------------------------------------------------------------------------------

  private nodeKey(platform: string, handle: string): string {
    const id = identity(platform, handle);
    return this.alias.get(id) ?? id;
  }

  private canonical(key: string): string {
    return this.alias.get(key) ?? key;
  }

  private profileNode(key: string, platform: string, handle: string, url: string, order: Order, depth: number): ProfileNode {
    let n = this.profiles.get(key);
    if (!n) {
      n = {
        key, platform, handle, url, order, depth, status: 'new', view: null, isSource: false, fromSource: false, fromPages: new Set(),
        fromSites: new Set(), fromProfiles: new Set(), sameHandle: false, websearch: false, anchored: false, followedAnchored: false,
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
  private attachView(n: ProfileNode, view: ProfileView): boolean {
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
  private merge(from: ProfileNode, into: ProfileNode): void {
    if (before(from.order, into.order) && !into.isSource) into.order = from.order;
    into.depth = Math.min(into.depth, from.depth);
    into.fromSource ||= from.fromSource;
    into.sameHandle ||= from.sameHandle;
    into.websearch ||= from.websearch;
    into.anchored ||= from.anchored;
    for (const x of from.fromPages) into.fromPages.add(x);
    for (const x of from.fromSites) into.fromSites.add(x);
    for (const x of from.fromProfiles) into.fromProfiles.add(x);
    // A duplicate still pending keeps running; its answer is dropped (the node is gone).
    this.profiles.delete(from.key);
    for (const [id, k] of this.alias) if (k === from.key) this.alias.set(id, into.key);
  }

  private pageNode(url: string, order: Order, depth: number): PageNode {
    let p = this.pages.get(url);
    if (!p) {
      p = { url, order, depth, status: 'new', view: null, fromSource: false, fromProfiles: new Set(), websearch: false, anchored: false, followedAnchored: false };
      this.pages.set(url, p);
    } else {
      if (before(order, p.order)) p.order = order;
      p.depth = Math.min(p.depth, depth);
    }
    return p;
  }

  private siteNode(domain: string, startUrl: string, order: Order, depth: number): SiteNode {
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

  // -------------------------------------------------------------------------------------------
  // Links
  // -------------------------------------------------------------------------------------------

  /**
   * One link of `from`: recorded as evidence always; fetched when `from` is the creator's own
   * item (anchored) and the target is within MAX_FETCH_DEPTH.
   */
  private onLink(url: string, from: Origin, order: Order, depth: number): void {
    // A website's links are candidates, never the creator's on arrival: sites credit other
    // people's accounts ("photos by @…").
    const anchored = from.kind === 'source' || (from.kind !== 'site' && from.anchored);
    const mayFetch = anchored && depth <= MAX_FETCH_DEPTH;
    if (isGenericShortLink(url)) {
      // Resolved where the link would be acted on: the creator's links (followed), a website's
      // (read as candidates), a candidate account's (its link page is read to see whether it links back).
      this.onShortLink(url, from, order, depth, mayFetch || from.kind === 'site' ? 'creator' : !anchored && from.kind === 'profile' ? 'candidate' : null);
      return;
    }
    const pageUrl = linkPageOf(url);
    if (pageUrl) {
      const page = this.pageNode(pageUrl, order, depth);
      if (from.kind === 'source') page.fromSource = true;
      else if (from.kind === 'profile') page.fromProfiles.add(from.key);
      if (anchored && !page.anchored) {
        page.anchored = true;
        this.followPage(page);
      }
      if (mayFetch) this.fetchPage(page, 'creator');
      // A candidate's (or a website's) link page is read to see whether it links back.
      else if (!anchored && from.kind !== 'page') this.fetchPage(page, 'candidate');
      return;
    }
    const c = classifyLink(url);
    if (c) {
      if (!c.handle) return;
      // A profile's links to other accounts on its own platform are collaborators and shout-outs
      // far more often than the creator's own second account: not taken as the creator's.
      if (from.kind === 'profile' && from.platform === c.platform) return;
      const key = this.nodeKey(c.platform, c.handle);
      if (key === this.source?.key) return;
      const n = this.profileNode(key, c.platform, c.handle, c.url, order, depth);
      if (from.kind === 'source') n.fromSource = true;
      else if (from.kind === 'page') n.fromPages.add(from.url);
      else if (from.kind === 'site') n.fromSites.add(from.domain);
      else if (from.key !== n.key) n.fromProfiles.add(from.key);
      if (anchored && !n.anchored) {
        n.anchored = true;
        this.followProfile(n);
      }
      if (mayFetch) this.fetchLinkedProfile(n);
      else if (from.kind === 'site') this.fetchCandidate(n);
      return;
    }
    const domain = ownerDomain(url);
    if (!domain) return;
    const site = this.siteNode(domain, url, order, depth);
    site.declaredBy.add(from.kind === 'source' ? 'source' : from.kind === 'page' ? `page:${from.url}` : from.kind === 'profile' ? `profile:${from.key}` : `site:${from.domain}`);
    if (anchored) site.anchored = true;
    // Another domain a crawled site links to is recorded, never crawled (a redirect of the declared address is, see crawl()).
    if (mayFetch) this.crawl(site);
  }

  /**
   * A generic short link: its target is taken as if `from` had linked it directly, once resolved.
   * Resolution starts only under a budget — the creator's (MAX_SHORT_LINKS) or the candidates'
   * (MAX_CANDIDATE_FETCHES); a link recorded as evidence only waits for a resolution someone else
   * started. A shortener that cannot be resolved is failed (the creator's: in failed_website_urls;
   * a candidate's: its verification is partial); one that leads nowhere (404) is a dead link.
   */
  private onShortLink(url: string, from: Origin, order: Order, depth: number, budget: 'creator' | 'candidate' | null): void {
    let s = this.shorts.get(url);
    if (!s) this.shorts.set(url, (s = { url, status: 'new', target: null, declaredBy: new Set(), waiters: [] }));
    const short = s;
    short.declaredBy.add(from.kind === 'source' ? 'source' : from.kind === 'page' ? `page:${from.url}` : from.kind === 'profile' ? `profile:${from.key}` : `site:${from.domain}`);
    const follow = () => this.onLink(short.target!, from, order, depth);
    if (short.status === 'ok') return follow();
    if (short.status !== 'new' && short.status !== 'pending') return;
    short.waiters.push(follow);
    if (!budget || short.status === 'pending') return;
    if (budget === 'creator' ? this.shortLinksResolved >= MAX_SHORT_LINKS : this.candidateFetches >= MAX_CANDIDATE_FETCHES) {
      this.limited = true;
      return;
    }
    if (budget === 'creator') this.shortLinksResolved++;
    else this.candidateFetches++;
    short.status = 'pending';
    this.spawn(async () => {
      try {
        short.target = await resolveShortLink(this.f, url);
        short.status = 'ok';
        for (const w of short.waiters.splice(0)) w();
      } catch (e) {
        short.status = isMissing(e) ? 'missing' : 'failed';
      }
    });
  }

  /** Follows a fetched profile's links (again, as the creator's, if it became anchored after they were recorded). */
  private followProfile(n: ProfileNode): void {
    if (!n.view || n.followedAnchored) return;
    if (n.anchored) n.followedAnchored = true;
    const from: Origin = n.isSource ? { kind: 'source' } : { kind: 'profile', key: n.key, anchored: n.anchored, platform: n.platform };
    n.view.links.forEach((l, i) => this.onLink(l, from, [...(n.isSource ? [1] : n.order), i], n.depth + 1));
  }

  private followPage(p: PageNode): void {
    if (!p.view || p.followedAnchored) return;
    if (p.anchored) p.followedAnchored = true;
    const from: Origin = { kind: 'page', url: p.url, anchored: p.anchored };
    p.view.links.forEach((l, i) => this.onLink(l, from, [...p.order, i], p.depth + 1));
  }

  // -------------------------------------------------------------------------------------------
  // Fetches
  // -------------------------------------------------------------------------------------------

  /** Reads a link page: the creator's (linked by the source or a verified account), a search result, or a candidate's. */
  private fetchPage(page: PageNode, kind: 'creator' | 'websearch' | 'candidate'): void {
    if (page.status !== 'new') return;
    const capped =
      kind === 'creator' ? this.linkPagesFetched >= MAX_LINK_PAGES : kind === 'websearch' ? this.websearchFetches >= MAX_WEBSEARCH_FETCHES : this.candidateFetches >= MAX_CANDIDATE_FETCHES;
    if (capped) {
      if (kind !== 'websearch') this.limited = true;
      return;
    }
    if (kind === 'creator') this.linkPagesFetched++;
    else if (kind === 'websearch') this.websearchFetches++;
    else this.candidateFetches++;
    page.status = 'pending';
    this.spawn(async () => {
      try {
        page.view = await fetchLinkPage(this.f, page.url);
        page.status = 'ok';
        this.followPage(page);
      } catch (e) {
        page.status = isMissing(e) ? 'missing' : 'failed';
      }
    });
  }

  private fetchLinkedProfile(n: ProfileNode): void {
    if (n.status !== 'new') return;
    const handle = isFetchable(n.platform) ? fetchHandle(n.platform, n.handle) : null;
    if (!handle) {
      n.status = 'unfetched';
      return;
    }
    if (this.profilesFetched >= MAX_PROFILE_FETCHES) {
      n.status = 'unfetched';
      this.limited = true;
      return;
    }
    this.profilesFetched++;
    this.fetchProfile(n, n.platform as FetchablePlatform, handle);
  }

  /** An account a creator website links to: read to see whether it links back (it is not the creator's on that link alone). */
  private fetchCandidate(n: ProfileNode): void {
    if (n.status !== 'new') return;
    const handle = isFetchable(n.platform) ? fetchHandle(n.platform, n.handle) : null;
    if (!handle) {
      n.status = 'unfetched';
      return;
    }
    if (this.candidateFetches >= MAX_CANDIDATE_FETCHES) {
      n.status = 'unfetched';
      this.limited = true;
      return;
    }
    this.candidateFetches++;
    this.fetchProfile(n, n.platform as FetchablePlatform, handle);
  }

  private fetchProfile(n: ProfileNode, platform: FetchablePlatform, handle: string): void {
    n.status = 'pending';
    this.spawn(async () => {
      try {
        const view = await fetchProfileView(this.f, platform, handle);
        if (this.profiles.get(n.key) !== n) return; // merged into another node meanwhile
        if (!this.attachView(n, view)) return;
        n.status = 'ok';
        this.followProfile(n);
      } catch (e) {
        n.status = isMissing(e) ? 'missing' : isPrivate(e) ? 'private' : 'failed';
      }
    });
  }

  private crawl(site: SiteNode): void {
    if (site.status !== 'new') return;
    if (this.sitesCrawled >= MAX_SITES) {
      this.limited = true;
      return;
    }
    this.sitesCrawled++;
    site.status = 'pending';
    this.spawn(async () => {
      try {
        const from: Origin = { kind: 'site', domain: site.domain, anchored: site.anchored };
        // Each page's links are followed as soon as that page is read.
        const scan = await crawlSite(this.f, site.startUrl, (page, i) => page.links.forEach((l, j) => this.onLink(l, from, [...site.order, i, j], site.depth + 1)));
        site.scan = scan;
        site.status = 'ok';
        if (scan.redirectedTo) {
          // The declared address forwards elsewhere: that target is what the creator declared.
          const target = scan.redirectedTo;
          const domain = ownerDomain(target);
          if (domain) {
            const moved = this.siteNode(domain, target, [...site.order, 0], site.depth);
            for (const d of site.declaredBy) moved.declaredBy.add(d);
            moved.anchored ||= site.anchored;
            if (site.anchored && site.depth <= MAX_FETCH_DEPTH) this.crawl(moved);
          } else this.onLink(target, this.declarerOf(site), [...site.order, 0], site.depth);
        }
      } catch (e) {
        site.status = isMissing(e) ? 'missing' : 'failed';
      }
    });
  }

  /** Whoever declared a site, as the origin of what its address forwards to (a link page, an account). */
  private declarerOf(site: SiteNode): Origin {
    const first = [...site.declaredBy][0] ?? 'source';
    if (first === 'source') return { kind: 'source' };
    const id = first.slice(first.indexOf(':') + 1);
    if (first.startsWith('page:')) return { kind: 'page', url: id, anchored: site.anchored };
    const n = this.profiles.get(this.canonical(id));
    return { kind: 'profile', key: id, anchored: site.anchored, platform: n?.platform ?? '' };
  }

  /** Same handle on the other platforms; existence is the platform extractor's answer (a block page is not existence). */
  private probeSameHandle(handle: string): void {
    SAME_HANDLE_PLATFORMS.forEach((platform, i) => {
      if (platform === this.ref.platform) return;
      const h = fetchHandle(platform, handle);
      if (!h || (platform === 'video' && VIDEO_CHANNEL_ID_RE.test(h))) return;
      const n = this.profileNode(this.nodeKey(platform, h), platform, h, '', [2, i], MAX_FETCH_DEPTH);
      n.sameHandle = true;
      if (n.status === 'new') this.fetchProfile(n, platform, h);
    });
  }

  private async websearch(view: ProfileView): Promise<void> {
    this.websearchUsed = true;
    let urls: string[];
    try {
      urls = await websearchResults(this.f, websearchQuery(this.sourceHandle, view.displayName));
    } catch {
      this.websearchFailed = true;
      return;
    }
    urls.forEach((url, r) => {
      const order = [3, r];
      const pageUrl = linkPageOf(url);
      if (pageUrl) {
        const page = this.pageNode(pageUrl, order, MAX_FETCH_DEPTH);
        page.websearch = true;
        this.fetchPage(page, 'websearch');
        return;
      }
      const c = classifyLink(url);
      if (!c?.handle) return;
      const key = this.nodeKey(c.platform, c.handle);
      if (key === this.source.key) return;
      const n = this.profileNode(key, c.platform, c.handle, c.url, order, MAX_FETCH_DEPTH);
      n.websearch = true;
      if (n.status !== 'new') return;
      const h = isFetchable(n.platform) ? fetchHandle(n.platform, n.handle) : null;
      if (!h || this.websearchFetches >= MAX_WEBSEARCH_FETCHES) {
        n.status = 'unfetched';
        return;
      }
      this.websearchFetches++;
      this.fetchProfile(n, n.platform as FetchablePlatform, h);
    });
  }

  /** At the deadline: whatever has not answered failed (timed out). */
  private markUnfinished(): void {
    for (const n of this.profiles.values()) if (n.status === 'pending') n.status = 'failed';
    for (const p of this.pages.values()) if (p.status === 'pending') p.status = 'failed';
    for (const s of this.sites.values()) if (s.status === 'pending') s.status = 'failed';
    for (const s of this.shorts.values()) if (s.status === 'pending') s.status = 'failed';
  }

  // -------------------------------------------------------------------------------------------
  // Profiles settled before the end (GraphQL @stream)
  // -------------------------------------------------------------------------------------------

  /**
   * Whether `n` is certain to be in the final `profiles` with its current platform, handle and
   * url, whatever the rest of the lookup finds. Only what holds by construction:
   *  - returned: it is linked from the source, or from a link page the source links that was
   *    read — `verified_profile_link` / `link_in_bio`, which need nothing else (solve() takes such
   *    a page as the creator's on the source's word alone) and each reach RETURN_THRESHOLD alone;
   *  - exists: its own fetch answered (`ok` is final: nothing fetches a node twice and the
   *    deadline marks only pending ones), or its platform is one discovery never fetches
   *    (`unfetched` for good, and never an identity of a fetched view, so never merged);
   *  - identity: a read profile's handle and url are its view's, written once (attachView). The
   *    node can still be folded into another whose view answers to one of its identities (the
   *    same account linked by another spelling, read later); that view's handle and url are then
   *    the record's — the same ones on STABLE_IDENTITY platforms.
   * So these come with the result instead: accounts linked only from verified profiles or
   * websites, candidates (verified late, if at all), source-linked accounts whose fetch failed,
   * was capped or found a private profile (their url is the link's, and a later read of the same
   * account would replace it), and social-a pages.
   */
  private settled(n: ProfileNode): boolean {
    if (n.isSource || !n.url) return false;
    const fromSourcePage = (u: string) => {
      const p = this.pages.get(u);
      return !!p && p.fromSource && p.status === 'ok';
    };
    if (!n.fromSource && ![...n.fromPages].some(fromSourcePage)) return false;
    if (n.status === 'ok') return n.view !== null && STABLE_IDENTITY.has(n.platform);
    return n.status === 'unfetched' && !isFetchable(n.platform);
  }

  /** Tells onProfile each profile settled since the last call (once per identity), in the lookup's order. */
  private tellSettled(): void {
    if (!this.opts.onProfile || !this.telling || !this.source) return;
    for (const n of [...this.profiles.values()].sort(byOrder)) {
      if (!this.settled(n)) continue;
      const p: ProfileIdentity = { platform: n.platform, handle: n.handle, url: n.url };
      const k = `${p.platform}\n${p.handle}\n${p.url}`;
      if (this.told.has(k)) continue;
      this.told.add(k);
      try {
        this.opts.onProfile(p);
      } catch {
        // A listener's trouble is not the lookup's.
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Verification, scores, e-mails
  // -------------------------------------------------------------------------------------------

  /** What a list of links points at: profile keys, link pages, owner domains. */
  private targetsOf(links: readonly string[]): { profiles: string[]; pages: string[]; domains: string[] } {
    const out = { profiles: [] as string[], pages: [] as string[], domains: [] as string[] };
    for (const raw of links) {
      // A resolved short link stands for its target.
      const l = this.shorts.get(raw)?.target ?? raw;
      const page = linkPageOf(l);
      if (page) {
        out.pages.push(page);
        continue;
      }
      const c = classifyLink(l);
      if (c) {
        if (c.handle) out.profiles.push(this.canonical(identity(c.platform, c.handle)));
        continue;
      }
      const d = ownerDomain(l);
      if (d) out.domains.push(d);
    }
    return out;
  }

  /**
   * Verification: a monotone fixpoint (a verified item only ever verifies more) over the
   * verified profiles, the creator's link pages and the creator's websites, starting from the
   * source. With `without`, that profile may not be verified: the world as it is without its own
   * contribution, against which its own labels are judged (so a profile never earns a label only
   * through itself — X links GitHub, GitHub is verified only because X links it: X does not get
   * `reciprocal_profile_link` for linking GitHub).
   */
  private solve(without: string | null): Verification {
    const v: Verification = { verified: new Set([this.source.key]), pages: new Set(), sites: new Set() };
    for (let changed = true; changed; ) {
      changed = false;
      for (const p of this.pages.values()) {
        if (!v.pages.has(p.url) && this.pageIsCreator(p, v)) {
          v.pages.add(p.url);
          changed = true;
        }
      }
      for (const s of this.sites.values()) {
        if (!v.sites.has(s.domain) && this.siteIsCreator(s, v)) {
          v.sites.add(s.domain);
          changed = true;
        }
      }
      for (const n of this.profiles.values()) {
        if (n.key === without || v.verified.has(n.key) || n.status === 'missing') continue;
        if (isVerified(this.labelsOf(n, v))) {
          v.verified.add(n.key);
          changed = true;
        }
      }
    }
    return v;
  }

  private isVerifiedKey(k: string, v: Verification): boolean {
    return v.verified.has(this.canonical(k));
  }

  /** A link page is the creator's when the source or a verified profile links it, or it links to one of them. */
  private pageIsCreator(p: PageNode, v: Verification): boolean {
    if (p.status === 'missing') return false;
    if (p.fromSource) return true;
    for (const k of p.fromProfiles) if (this.isVerifiedKey(k, v)) return true;
    return p.view !== null && this.targetsOf(p.view.links).profiles.some((k) => this.isVerifiedKey(k, v));
  }

  /**
   * An owner site is the creator's when the source, a creator link page or a verified profile
   * declares it. (`site:` declarations — another domain a crawled site links to, a shop or a
   * sponsor — do not make a domain owner-controlled; a redirect of the declared address keeps
   * the declarers instead.)
   */
  private siteIsCreator(s: SiteNode, v: Verification): boolean {
    return this.declaredByCreator(s.declaredBy, v);
  }

  /** Some declarer (`source`, `page:`, `profile:`) is the creator's. */
  private declaredByCreator(declaredBy: Set<string>, v: Verification): boolean {
    for (const d of declaredBy) {
      if (d === 'source') return true;
      const id = d.slice(d.indexOf(':') + 1);
      if (d.startsWith('page:') && v.pages.has(id)) return true;
      if (d.startsWith('profile:') && this.isVerifiedKey(id, v)) return true;
    }
    return false;
  }

  private labelsOf(n: ProfileNode, v: Verification): EvidenceLabel[] {
    if (n.isSource) return ['source_profile'];
    const labels: EvidenceLabel[] = [];
    const verifiedOther = (k: string) => this.canonical(k) !== n.key && this.isVerifiedKey(k, v);
    if (n.fromSource || [...n.fromProfiles].some(verifiedOther)) labels.push('verified_profile_link');
    if ([...n.fromPages].some((u) => v.pages.has(u))) labels.push('link_in_bio');
    if ([...n.fromSites].some((d) => v.sites.has(d))) labels.push('website_link');
    if (n.view) {
      let t = this.targetCache.get(n.key);
      if (!t) this.targetCache.set(n.key, (t = this.targetsOf(n.view.links)));
      if (t.profiles.some(verifiedOther) || t.pages.some((u) => v.pages.has(u))) labels.push('reciprocal_profile_link');
      if (t.domains.some((d) => v.sites.has(d))) labels.push('shared_website');
    }
    if (n.handle.toLowerCase() === this.sourceHandle.toLowerCase()) labels.push('same_handle_match');
    if (n.view && sameDisplayName(n.view.displayName, this.sourceView.displayName)) labels.push('display_name_match');
    if (n.websearch) labels.push('websearch_match');
    return labels;
  }

  private sourceRecord(): DiscoverySource {
    return { platform: this.sourcePlatform, handle: this.sourceHandle, url: this.source.url };
  }

  private profileRecord(n: ProfileNode, labels: EvidenceLabel[]): DiscoveredProfile {
    return {
      platform: n.platform,
      handle: n.isSource ? this.sourceHandle : n.handle,
      url: n.url,
      confidence: confidenceOf(labels),
      evidence: orderedEvidence(labels),
    };
  }

  private async assemble(): Promise<LookupOutcome> {
    const exists = (s: Status) => s !== 'missing';
    const global = this.solve(null);
    const verified = global.verified;
    const creatorPages = global.pages;
    const creatorSites = global.sites;
    /** A profile's own labels: judged in the world without its own contribution (see solve()). */
    const ownLabels = (n: ProfileNode) => this.labelsOf(n, verified.has(n.key) && !n.isSource ? this.solve(n.key) : global);

    const nodes = [...this.profiles.values()].sort(byOrder);
    const pages = [...this.pages.values()].sort(byOrder);
    const sites = [...this.sites.values()].sort(byOrder);
    const urls = <T>(xs: T[], url: (x: T) => string) => [...new Set(xs.map(url).filter(Boolean))];

    // Profiles: what the evidence model returns (anchored = verified), the source first.
    const profiles: DiscoveredProfile[] = [];
    for (const n of nodes) {
      if (!exists(n.status) || !n.url) continue;
      const labels = ownLabels(n);
      if (isReturned(labels)) profiles.push(this.profileRecord(n, labels));
    }
    profiles.sort((a, b) => b.confidence - a.confidence);

    const linkPages = pages.filter((p) => creatorPages.has(p.url));
    const failedPages = linkPages.filter((p) => p.status === 'failed');
    const ownSites = sites.filter((s) => creatorSites.has(s.domain) && s.status !== 'new');
    const crawled = ownSites.filter((s) => s.status === 'ok' && s.scan && !s.scan.redirectedTo);
    // A short link that could not be resolved may have been the creator's website: listed with the failed sites when the creator's.
    const failedShorts = [...this.shorts.values()].filter((s) => s.status === 'failed');
    const failedSites = [
      ...ownSites.filter((s) => s.status === 'failed').map((s) => s.startUrl),
      ...crawled.flatMap((s) => s.scan!.failed),
      ...failedShorts.filter((s) => this.declaredByCreator(s.declaredBy, global)).map((s) => s.url),
    ];
    const sourceLinked = nodes.filter((n) => n.fromSource && !n.isSource);
    const verifiedProfiles = nodes.filter((n) => !n.isSource && verified.has(n.key) && exists(n.status));
    const failedVerified = verifiedProfiles.filter((n) => n.status === 'failed');
    const sameHandle = nodes.filter((n) => n.sameHandle);
    // Candidates whose verification could not be completed: their own fetch, or their link page's, failed.
    const failedCandidatePages = pages.filter((p) => p.status === 'failed' && !creatorPages.has(p.url) && !p.websearch);
    const candidateShortFailed = (n: ProfileNode) =>
      failedShorts.some((s) => !this.declaredByCreator(s.declaredBy, global) && [...s.declaredBy].some((d) => d.startsWith('profile:') && this.canonical(d.slice(8)) === n.key));
    const candidatePageFailed = (n: ProfileNode) => failedCandidatePages.some((p) => p.fromProfiles.has(n.key)) || candidateShortFailed(n);
    const siteCandidatesFailed = nodes.some((n) => n.fromSites.size > 0 && !n.anchored && !verified.has(n.key) && n.status === 'failed');
    const sameHandlePartial = sameHandle.some((n) => n.status === 'failed' || candidatePageFailed(n));
    const wsProfiles = nodes.filter((n) => n.websearch);
    const wsPages = pages.filter((p) => p.websearch);
    const wsFailed = wsProfiles.filter((n) => n.status === 'failed' || candidatePageFailed(n));
    const wsPagesFailed = wsPages.filter((p) => p.status === 'failed');
    const wsPartial = wsFailed.length > 0 || wsPagesFailed.length > 0;

    let partial =
      this.cutShort ||
      failedCandidatePages.length > 0 ||
      siteCandidatesFailed ||
      failedShorts.length > 0 ||
      failedPages.length > 0 ||
      failedSites.length > 0 ||
      failedVerified.length > 0 ||
      sameHandlePartial ||
      this.websearchFailed ||
      wsPartial;
    let limited = this.limited || crawled.some((s) => s.scan!.limited);

    const diagnostics: DiscoveryDiagnostics = {
      link_in_bio_urls: urls(linkPages, (p) => p.url),
      expanded_website_urls: urls(crawled, (s) => s.startUrl),
      source_linked_profile_urls: urls(sourceLinked, (n) => n.url),
      failed_source_linked_profile_urls: urls(sourceLinked.filter((n) => n.status === 'failed'), (n) => n.url),
      same_handle_candidate_urls: urls(sameHandle.filter((n) => n.status === 'ok' || n.status === 'private'), (n) => n.url),
      partial,
      failed_link_in_bio_urls: urls(failedPages, (p) => p.url),
      failed_website_urls: [...new Set(failedSites)],
      same_handle_search_partial: sameHandlePartial,
      websearch_used: this.websearchUsed,
      websearch_failed: this.websearchFailed,
      websearch_candidate_urls: urls(wsProfiles, (n) => n.url),
      websearch_candidate_link_in_bio_urls: urls(wsPages, (p) => p.url),
      failed_websearch_candidate_link_in_bio_urls: urls(wsPagesFailed, (p) => p.url),
      verified_websearch_candidate_urls: [...urls(wsProfiles.filter((n) => verified.has(n.key)), (n) => n.url), ...urls(wsPages.filter((p) => creatorPages.has(p.url)), (p) => p.url)],
      failed_websearch_candidate_urls: urls(wsFailed, (n) => n.url),
      websearch_verification_partial: wsPartial,
    };

    // E-mails: the source, the creator's link pages and website pages, verified accounts — in that order.
    const found = new Map<string, FoundEmail>();
    const add = (emails: readonly string[], url: string, type: EmailSourceType) => {
      for (const e of emails) {
        const k = e.toLowerCase();
        let entry = found.get(k);
        if (!entry) found.set(k, (entry = { email: e, sources: [] }));
        if (!entry.sources.some((s: EmailSource) => s.url === url && s.type === type)) entry.sources.push({ url, type });
      }
    };
    add(this.sourceView.emails, this.source.url, 'social_profile');
    for (const p of linkPages) if (p.view) add(p.view.emails, p.url, 'link_in_bio');
    for (const s of crawled) for (const page of s.scan!.pages) add(page.emails, page.url, 'website');
    for (const n of verifiedProfiles) if (n.view) add(n.view.emails, n.url, 'linked_profile');

    // Internal-only sources: addresses only. Nothing of theirs enters a list; their state still
    // counts for `partial` and `email_scan_limited`.
    const internal = this.opts.emails ? (this.opts.internal !== undefined ? this.opts.internal : internalContactSource(this.ctx.config.dataDir)) : null;
    if (internal) {
      const keys = [
        { platform: this.ref.platform, handle: this.sourceHandle.toLowerCase() },
        ...verifiedProfiles.map((n) => ({ platform: n.platform, handle: n.handle.toLowerCase() })),
      ];
      try {
        const r = await internal.lookup(keys);
        limited ||= r.limited;
        for (const raw of r.emails) {
          const e = normaliseEmail(raw);
          if (e && !found.has(e.toLowerCase())) found.set(e.toLowerCase(), { email: e, sources: [] });
        }
      } catch {
        partial = true;
      }
    }
    diagnostics.partial = partial;

    return {
      source: this.sourceRecord(),
      profiles,
      emails: [...found.values()],
      scan: {
        scanned_profile_urls: [...new Set([this.source.url, ...verifiedProfiles.filter((n) => n.view).map((n) => n.url)])],
        failed_email_scan_urls: [...new Set([...diagnostics.failed_link_in_bio_urls, ...diagnostics.failed_website_urls, ...failedVerified.map((n) => n.url)])],
        email_scan_limited: limited,
      },
      diagnostics,
    };
  }
}
