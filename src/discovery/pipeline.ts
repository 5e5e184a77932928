/**
 * The creator-discovery pipeline shared by find social profiles and find creator emails.
 *
 *   source profile ─┬─ links ─┬─ link-in-bio pages ── their links …
 *   (required)      │         ├─ creator websites (bounded crawl) ── their links …
 *                   │         └─ linked accounts ── their links …
 *                   ├─ websearch ── candidate profiles / link pages (verified at the end)
 *   same-handle probes on the other platforms (start with the lookup, beside the source)
 *   a candidate verified meanwhile → its declared websites (beyond the reach: a grace period)
 *   ─────────────────────────────────────────────────────────────────────────────
 *   all within the reach settled (+ the grace period, or the deadline) → verify (fixpoint) → score → e-mails (+ internal sources)
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
import { setMaxListeners } from 'node:events';
import { ApiError, isApiError, notFound, upstreamTimeout } from '../errors.js';
import { warn } from '../observability/warn.js';
import type { OpContext } from '../platforms/operation.js';
import type { LookupOutcome, LookupState } from './assemble.js';
import { assemble, profileRecord, sourceRecord } from './assemble.js';
import { ownerDomain } from './domains.js';
import { LookupFetcher } from './fetcher.js';
import type { Order, Origin, PageNode, ProfileNode, SiteNode } from './graph.js';
import { accountOf, byOrder, declarer, EvidenceGraph } from './graph.js';
import type { SourceRef } from './input.js';
import type { InternalContactSource } from './internal.js';
import { fetchLinkPage, linkPageOf } from './linkpages.js';
import type { ProfileView } from './profiles.js';
import { comparableHandle, fetchHandle, fetchProfileView, pairedPlatforms, probeHandle, readerOf, readers } from './profiles.js';
import { fetchHtmlPage } from './pages.js';
import type { ProfileIdentity, SourceStage } from './progress.js';
import { isShortLinkToResolve, resolveShortLink } from './shorteners.js';
import type { SourcePlatform } from './types.js';
import { namesCreator, solve } from './verification.js';
import { sameDisplayName } from './evidence.js';
import { crawlSite } from './website.js';
import { pageAnchors } from './text.js';
import { websearchEnabled, websearchQuery, websearchResults } from './websearch.js';
import { linkSignals } from '../upstream/signals.js';
import { handleMentions, key } from './markers.js';
import { ownAccountMentionsOn } from './roles.js';
import { isReferralUrl, offersDiscount, queryNamesCreator } from './sponsors.js';
import { namesRelation } from './relations.js';

/** What its origin says about a link: the anchor's own text, and the text around it (a link page's title, a bio's line, a page's block). */
interface LinkLabel {
  text: string;
  /** The link is the origin's text naming an account (ProfileView.textMentions), not a link it holds. */
  textMention?: boolean;
  context: string;
  /** Handles the origin's own text names beside a relation to someone else (`my friend's shop: @luna`). */
  others: readonly string[];
}
const labelOf = (text: string | undefined, context: string | undefined, others: readonly string[] | undefined): LinkLabel => ({
  text: text ?? '',
  context: context ?? text ?? '',
  others: others ?? [],
});

export type { LookupOutcome } from './assemble.js';

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
/**
 * Links of one website page followed (in page order); more make the scan limited. Creators' pages
 * link tens; the busiest real pages captured (GitHub's trending list, a Google page of 100
 * results) hold 360–850 anchors, most to their own site. A hostile page of 15,000 account links
 * would make 15,000 nodes for verification to judge.
 */
export const SITE_PAGE_MAX_LINKS = 500;

/**
 * Platforms probed for the same handle: every reader platform that says it may be probed on a
 * handle alone (src/platforms/reader.ts `probes`: not social-a, whose logged-out pages are
 * login-walled too often to say whether a page exists; GitHub only with a token, Reddit only with
 * an application).
 */
export function sameHandlePlatforms(config: OpContext['config']): string[] {
  const all = [...readers().values()].filter((r) => r.probes(config)).map((r) => r.platform);
  // Report order only (same_handle_candidate_urls): the original source platforms first, as before readers.
  const rank = (p: string) => {
    const i = FIRST_PROBED.indexOf(p);
    return i < 0 ? FIRST_PROBED.length : i;
  };
  return all
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map((x) => x.p);
}
const FIRST_PROBED = ['social-b', 'shortvideo', 'video', 'microblog-b'];

/**
 * Work beyond the documented reach (README "Beyond the reach": the websites of candidates verified
 * along the way, and what their pages lead to) never holds the answer much past the rest: once
 * everything within the reach has settled, it may run for at most max(EXTRA_GRACE_MIN_MS,
 * EXTRA_GRACE_RATIO × the time taken so far); then it is cut — its URLs failed, the result partial.
 */
export const EXTRA_GRACE_MIN_MS = 50;
export const EXTRA_GRACE_RATIO = 0.2;

export function extraGraceMs(elapsedMs: number): number {
  return Math.max(EXTRA_GRACE_MIN_MS, EXTRA_GRACE_RATIO * elapsedMs);
}

export function deadlineMs(): number {
  const v = Number(process.env.DISCOVERY_DEADLINE_MS);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_DEADLINE_MS;
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
    return new ApiError(
      e.code,
      `${e.message} — the ${what} could not be read, so the lookup failed; retry the request (this is not a result without profiles or e-mails)`,
      { cause: e },
    );
  }
  return new ApiError('UPSTREAM_FAILED', `the ${what} could not be read; retry the request`, { cause: e });
}

const isMissing = (e: unknown) => isApiError(e) && e.code === 'NOT_FOUND';
const isPrivate = (e: unknown) => isApiError(e) && e.code === 'PRIVATE_CONTENT';
const isBlocked = (e: unknown) => isApiError(e) && e.code === 'UPSTREAM_BLOCKED';

// ---------------------------------------------------------------------------------------------
// The lookup
// ---------------------------------------------------------------------------------------------

export async function runDiscovery(
  ctx: OpContext,
  sourcePlatform: SourcePlatform,
  ref: SourceRef,
  opts: LookupOptions,
): Promise<LookupOutcome> {
  const deadline = opts.deadlineMs ?? deadlineMs();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(upstreamTimeout('discovery: lookup deadline reached')), deadline);
  // Not AbortSignal.any: ctx.signal may be the long-lived shutdown signal (src/upstream/signals.ts).
  const link = ctx.signal ? linkSignals(controller.signal, ctx.signal) : null;
  const signal = link ? link.signal : controller.signal;
  // Every fetch of the lookup listens to it (dozens at once): not a leak.
  setMaxListeners(0, signal);
  const lookup = new Lookup(new LookupFetcher(ctx, signal), sourcePlatform, ref, opts, ctx);
  try {
    return await lookup.run(deadline);
  } finally {
    clearTimeout(timer);
    // Nothing of this lookup outlives it.
    controller.abort(upstreamTimeout('discovery: lookup finished'));
    link?.unlink();
  }
}

const VIDEO_CHANNEL_ID_RE = /^UC[A-Za-z0-9_-]{22}$/;

/** Who asks for a fetch: an origin's node, null (within the reach: the source, a probe, the search) or 'extra'. */
type Asker = object | null | 'extra';

/**
 * One lookup's scheduling: every fetch starts the moment what it depends on is known (a task
 * set, never waves), writes its answer into the evidence graph, and follows the links it found.
 */
class Lookup {
  private readonly g: EvidenceGraph;
  /** Tasks in flight, each with whether it is (still) only work beyond the reach. */
  private readonly pending = new Map<Promise<void>, () => boolean>();
  /** Wakes run() when a task settles. */
  private wake: (() => void) | null = null;
  /**
   * Nodes (profile, page, site, short link) whose fetch only work beyond the documented reach asked
   * for (README "Beyond the reach"), and what each of them led to: when something within the reach
   * asks for one too, it and everything it led to are within the reach again (`upgrade`).
   */
  private readonly extra = new Set<object>();
  private readonly ledTo = new Map<object, object[]>();
  private linkPagesFetched = 0;
  private sitesCrawled = 0;
  private profilesFetched = 0;
  private websearchFetches = 0;
  /**
   * Search results not read yet (the budget was used up), in result order; and the results read
   * under the search budget. A result that turns out to be linked by the creator's own items is
   * the creator's, not a search candidate: its read no longer counts, and the next result is read
   * (so which results are read does not depend on whether the search answered before the link page).
   */
  private readonly searchQueue: (ProfileNode | PageNode)[] = [];
  private readonly searchRead = new Set<ProfileNode | PageNode>();
  private candidateFetches = 0;
  private shortLinksResolved = 0;
  /** Reads per platform (for readers with a per-lookup quota, `maxReads`). */
  private readonly reads = new Map<string, number>();
  private readonly st: LookupState;
  /** Profiles found verified while the lookup runs (their declared websites are crawled). */
  private readonly promoted = new Set<string>();
  /** Verified profiles whose paired twins were looked for (`probeTwins`). */
  private readonly twinned = new Set<string>();
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
    this.g = new EvidenceGraph(ref.handle);
    this.st = {
      sourcePlatform,
      platform: ref.platform,
      limited: false,
      cutShort: false,
      websearchUsed: false,
      websearchFailed: false,
      emails: opts.emails,
      ...(opts.internal !== undefined ? { internal: opts.internal } : {}),
    };
  }

  /** Runs a task; `extraOnly` says whether it is (still) only work beyond the reach (default: never). */
  private spawn(work: () => Promise<void>, extraOnly: () => boolean = () => false): void {
    // Every change of what the lookup knows happens in a task (or right after the source is read).
    const p = work()
      .catch(() => undefined)
      .then(() => {
        this.promoteVerified();
        this.tellSettled();
      });
    this.pending.set(p, extraOnly);
    void p.finally(() => {
      this.pending.delete(p);
      this.wake?.();
    });
  }

  /** A task for `node`'s fetch: beyond the reach while only such work asked for the node. */
  private spawnFor(node: object, work: () => Promise<void>): void {
    this.spawn(work, () => this.extra.has(node));
  }

  /**
   * `node`'s fetch is asked for by `by`: the origin's node (null: within the reach — the source, a
   * probe, the search), or 'extra' (a verified candidate's website). `fresh`: this request starts
   * the fetch. A fetch only extra work asked for is extra; a request from within the reach makes
   * it, and all it led to, part of the reach.
   */
  private asked(node: object, by: Asker, fresh: boolean): void {
    const extraBy = by === 'extra' || (by !== null && this.extra.has(by));
    if (!extraBy) return this.upgrade(node);
    if (fresh) this.extra.add(node);
    if (by !== 'extra' && this.extra.has(node)) {
      const list = this.ledTo.get(by);
      if (list) list.push(node);
      else this.ledTo.set(by, [node]);
    }
  }

  private upgrade(node: object): void {
    if (!this.extra.delete(node)) return;
    for (const next of this.ledTo.get(node) ?? []) this.upgrade(next);
    this.ledTo.delete(node);
  }

  /** The node behind an origin (null for the source). */
  private askerOf(from: Origin): Asker {
    const g = this.g;
    switch (from.kind) {
      case 'source':
        return null;
      case 'profile':
        return g.profiles.get(g.canonical(from.key)) ?? null;
      case 'page':
        return g.pages.get(from.url) ?? null;
      case 'site':
        return g.sites.get(from.domain) ?? null;
    }
  }

  async run(deadline: number): Promise<LookupOutcome> {
    const started = Date.now();
    const g = this.g;
    const platform = this.ref.platform;
    const what = `${this.sourcePlatform} profile ${platform === 'video' && this.ref.channel.kind === 'id' ? this.ref.handle : `@${this.ref.handle}`}`;
    this.f.signal.addEventListener('abort', () => (this.st.cutShort ||= this.pending.size > 0), { once: true });

    // Same-handle probes need only the handle: they start beside the source fetch (a video
    // channel asked for by id first has to name its handle).
    const probesFirst = platform !== 'video' || this.ref.channel.kind === 'handle';
    if (probesFirst) this.probeSameHandle(this.ref.handle);

    let view: ProfileView;
    try {
      // The one required fetch: no per-fetch timeout beyond the deadline, the client's retries and cool-down waits.
      view = await fetchProfileView(this.f, platform, this.ref.handle, { timeoutMs: null, required: true });
    } catch (e) {
      if (this.f.signal.aborted && !this.ctx.signal?.aborted)
        throw upstreamTimeout(`discovery: the ${what} did not arrive within ${deadline} ms; the lookup failed, retry the request`);
      throw sourceFailure(e, what);
    }
    g.sourceView = view;
    g.sourceHandle = platform === 'video' && VIDEO_CHANNEL_ID_RE.test(view.handle) ? view.handle : view.handle.toLowerCase();
    g.source = g.profileNode(g.nodeKey(platform, view.handle), platform, view.handle, view.url, [0], 0);
    Object.assign(g.source, { isSource: true, anchored: true, status: 'ok' });
    g.attachView(g.source, view);
    // Final already: the source's record and its profile entry never change after this.
    this.opts.onSource?.({ source: sourceRecord(g, this.sourcePlatform), profile: profileRecord(g, g.source, ['source_profile']) });

    // A channel without a handle is known by its id, which is no handle to look for elsewhere.
    if (!probesFirst && !VIDEO_CHANNEL_ID_RE.test(view.handle)) this.probeSameHandle(view.handle);
    this.followProfile(g.source);
    if (websearchEnabled()) this.spawn(() => this.websearch(view));
    this.tellSettled();

    // Everything settles on its own; at the deadline fetches are cancelled and fail fast, and
    // whatever still has not reported a grace period later is counted as failed.
    let stopTimer: NodeJS.Timeout | undefined;
    const hardStop = new Promise<true>((resolve) => {
      stopTimer = setTimeout(() => resolve(true), Math.max(0, deadline - (Date.now() - started)) + DEADLINE_GRACE_MS);
    });
    // Work beyond the reach gets a grace period once everything within it has settled (EXTRA_GRACE_*).
    let graceTimer: NodeJS.Timeout | undefined;
    let graceEnds: number | null = null;
    try {
      while (this.pending.size > 0) {
        const changed = new Promise<'changed'>((resolve) => (this.wake = () => resolve('changed')));
        const reachDone = [...this.pending.values()].every((extraOnly) => extraOnly());
        if (!reachDone) graceEnds = null;
        else if (graceEnds === null) graceEnds = Date.now() + extraGraceMs(Date.now() - started);
        clearTimeout(graceTimer);
        const graceOver =
          graceEnds === null
            ? null
            : new Promise<'grace'>((resolve) => (graceTimer = setTimeout(() => resolve('grace'), Math.max(0, graceEnds! - Date.now()))));
        const r = await Promise.race([changed, hardStop, ...(graceOver ? [graceOver] : [])]);
        if (r === true) {
          this.st.cutShort = true;
          break;
        }
        if (r === 'grace' && this.pending.size > 0) {
          // Cut: what is still in flight is failed (markUnfinished), the result partial.
          this.st.cutShort = true;
          warn(
            'discovery',
            'lookup.beyond_reach_cut',
            `${this.pending.size} fetches beyond the reach cut after the grace period`,
            this.ctx.read,
          );
          break;
        }
      }
    } finally {
      this.wake = null;
      clearTimeout(stopTimer);
      clearTimeout(graceTimer);
    }
    this.telling = false;
    g.markUnfinished();
    return assemble(g, this.st, this.ctx);
  }

  // -------------------------------------------------------------------------------------------
  // Links
  // -------------------------------------------------------------------------------------------

  /**
   * One link of `from`: recorded as evidence always; fetched when `from` is the creator's own
   * item (anchored) and the target is within MAX_FETCH_DEPTH.
   */
  private onLink(url: string, from: Origin, order: Order, depth: number, asker?: Asker, label?: LinkLabel): void {
    const g = this.g;
    // Who asks for whatever this link leads to being fetched (README "Beyond the reach").
    const by = asker !== undefined ? asker : this.askerOf(from);
    // A website's links are candidates, never the creator's on arrival: sites credit other
    // people's accounts ("photos by @…").
    const anchored = from.kind === 'source' || (from.kind !== 'site' && from.anchored);
    const mayFetch = anchored && depth <= MAX_FETCH_DEPTH;
    // A link its origin labels as another person's ("My manager", "my sister's page", "Photos by"):
    // never the creator's item on that link.
    const credited = this.isCredited(url, label);
    if (isShortLinkToResolve(url)) {
      // Resolved where the link would be acted on: the creator's links (followed), a website's
      // (read as candidates), a candidate account's (its link page is read to see whether it links back).
      this.onShortLink(
        url,
        from,
        order,
        depth,
        mayFetch || from.kind === 'site' ? 'creator' : !anchored && from.kind === 'profile' ? 'candidate' : null,
        by,
        label,
      );
      return;
    }
    const pageUrl = linkPageOf(url);
    // Another person's link page or website (a manager's agency site) is not the creator's: not recorded as declared by it.
    if (credited && (pageUrl || !accountOf(url))) return;
    if (pageUrl) {
      const page = g.pageNode(pageUrl, order, depth);
      if (from.kind === 'source') page.fromSource = true;
      else if (from.kind === 'profile') page.fromProfiles.add(from.key);
      if (anchored && !page.anchored) {
        page.anchored = true;
        this.refundSearch(page);
        this.followPage(page);
      }
      if (mayFetch) this.fetchPage(page, 'creator', by);
      // A candidate's (or a website's) link page is read to see whether it links back.
      else if (!anchored && from.kind !== 'page') this.fetchPage(page, 'candidate', by);
      // So is one an account the creator links declares beyond the depth bound — unread, it would
      // count as an identity of the account's own (verification.ts loneLinkLabels, `links_elsewhere`) —
      // read only for whom it links (its view), its links not followed: they lie beyond the reach.
      else if (from.kind === 'profile') this.fetchPage(page, 'candidate', by, false);
      return;
    }
    const c = accountOf(url);
    if (c) {
      if (!c.handle) return;
      const key = g.nodeKey(c.platform, c.handle);
      if (key === g.source?.key) return;
      // A profile's links to other accounts on its own platform are collaborators and shout-outs
      // far more often than the creator's own second account: not taken as the creator's — only
      // recorded, and read when the creator's own item links it, for a mutual link between two
      // accounts under the creator's name (its old channel linking the new one back: labelsOf).
      if (from.kind === 'profile' && from.platform === c.platform) {
        if (credited || key === from.key) return;
        const n = g.profileNode(key, c.platform, c.handle, c.url, order, depth);
        n.samePlatformFrom.add(from.key);
        if (mayFetch && n.status === 'new' && namesCreator(g, c.handle, null)) this.fetchAccount(n, 'candidate', by);
        return;
      }
      const n = g.profileNode(key, c.platform, c.handle, c.url, order, depth);
      if (credited) {
        // Read as a candidate (to be listed with what it is), never as the creator's.
        n.creditedBy.add(declarer(from));
        if ((mayFetch || from.kind === 'site') && n.status === 'new') this.fetchAccount(n, 'candidate', by);
        return;
      }
      if (from.kind === 'site') n.siteTexts.set(from.domain, [...(n.siteTexts.get(from.domain) ?? []), label?.text ?? '']);
      else if (from.kind === 'page' && label?.text) n.pageTexts.push(label.text);
      if (from.kind === 'source' || (from.kind === 'profile' && from.key !== n.key)) {
        const d = from.kind === 'source' ? 'source' : from.key;
        const linked = d === 'source' ? n.fromSource : n.fromProfiles.has(d);
        if (!label?.textMention) n.textMentionBy.delete(d);
        else if (!linked) n.textMentionBy.add(d);
      }
      if (from.kind === 'source') n.fromSource = true;
      else if (from.kind === 'page') n.fromPages.add(from.url);
      else if (from.kind === 'site') n.fromSites.add(from.domain);
      else if (from.key !== n.key) n.fromProfiles.add(from.key);
      if (anchored && !n.anchored) {
        n.anchored = true;
        this.refundSearch(n);
        this.followProfile(n);
      }
      if (mayFetch) this.fetchAccount(n, 'linked', by);
      // An account a creator website links to: read to see whether it links back (it is not the creator's on that link alone).
      else if (from.kind === 'site') this.fetchAccount(n, 'candidate', by);
      return;
    }
    const domain = ownerDomain(url);
    if (!domain) return;
    const site = g.siteNode(domain, url, order, depth);
    site.declaredBy.add(declarer(from));
    if (anchored) site.anchored = true;
    // Another domain a crawled site links to is recorded, never crawled (a redirect of the declared address is, see crawl()).
    if (mayFetch) this.crawl(site, by);
  }

  /** A link its origin labels as another person's ("My manager", "my sister's page", "Photos by"), or a sponsor's. */
  private isCredited(url: string, label?: LinkLabel): boolean {
    return (
      namesRelation(label?.context) ||
      namesRelation(label?.text, { short: true }) ||
      (!!label?.others.length && label.others.includes(accountOf(url)?.handle?.toLowerCase() ?? '')) ||
      this.isSponsor(url, label)
    );
  }

  /**
   * A sponsor's or affiliate's link (sponsors.ts): a website address with a referral or coupon
   * code (or the creator's name as a query value: `?r=kovac`), or a link the creator's text offers
   * a discount on — unless its host or account carries the creator's own name (the creator's shop
   * announcing a sale).
   */
  private isSponsor(url: string, label?: LinkLabel): boolean {
    const account = accountOf(url);
    const referral =
      !account && !linkPageOf(url) && (isReferralUrl(url) || queryNamesCreator(url, [this.g.sourceHandle], this.g.sourceView?.displayName));
    if (!referral && !offersDiscount(label?.text) && !offersDiscount(label?.context)) return false;
    let where: string;
    try {
      where = key(account?.handle ?? new URL(url).hostname);
    } catch {
      return false;
    }
    const own = [key(this.g.sourceHandle), key(this.g.sourceView?.displayName ?? '')].filter((k) => k.length >= 4);
    return !own.some((k) => where.includes(k));
  }

  /**
   * A generic short link: its target is taken as if `from` had linked it directly, once resolved.
   * Resolution starts only under a budget — the creator's (MAX_SHORT_LINKS) or the candidates'
   * (MAX_CANDIDATE_FETCHES); a link recorded as evidence only waits for a resolution someone else
   * started. A shortener that cannot be resolved is failed (the creator's: in failed_website_urls;
   * a candidate's: its verification is partial); one that leads nowhere (404) is a dead link.
   */
  private onShortLink(
    url: string,
    from: Origin,
    order: Order,
    depth: number,
    budget: 'creator' | 'candidate' | null,
    by: Asker,
    label?: LinkLabel,
  ): void {
    const short = this.g.shortNode(url);
    short.declaredBy.add(declarer(from));
    // What a resolution only work beyond the reach started leads to is beyond the reach too.
    const follow = () => this.onLink(short.target!, from, order, depth, this.extra.has(short) ? short : by, label);
    if (short.status === 'ok') {
      if (budget) this.asked(short, by, false);
      return follow();
    }
    if (short.status !== 'new' && short.status !== 'pending') return;
    short.waiters.push(follow);
    if (!budget) return;
    if (short.status === 'pending') return this.asked(short, by, false);
    if (budget === 'creator' ? this.shortLinksResolved >= MAX_SHORT_LINKS : this.candidateFetches >= MAX_CANDIDATE_FETCHES) {
      this.st.limited = true;
      return;
    }
    if (budget === 'creator') this.shortLinksResolved++;
    else this.candidateFetches++;
    short.status = 'pending';
    this.asked(short, by, true);
    this.spawnFor(short, async () => {
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
    const labels = n.view.linkLabels ?? {};
    const mentions = new Set(n.view.textMentions ?? []);
    n.view.links.forEach((l, i) =>
      this.onLink(l, from, [...(n.isSource ? [1] : n.order), i], n.depth + 1, undefined, {
        ...labelOf(labels[l], labels[l], n.view!.others),
        textMention: mentions.has(l),
      }),
    );
    if (n.isSource || (n.anchored && n.depth < MAX_FETCH_DEPTH)) this.followSecondMentions(n, n.view);
  }

  /**
   * `@handle`s the bio of the source or of an account the creator's items link names as a second
   * account ("サブ垢: @hoshi_sub", "Мій другий акаунт: @…", roles.ts ownAccountMentionsOn), on the
   * platform the line names ("인스타 부계정: @…", "IG second account: @…"), else on that account's
   * own: read as candidates — the creator's word, not a link, so they still need the usual proof
   * (a link back, or its bio naming the creator back: verification.ts `labelsOf`).
   */
  private followSecondMentions(n: ProfileNode, view: ProfileView): void {
    const g = this.g;
    let i = 0;
    // On the platform its line names ("인스타 부계정: @…" on a channel's description), else on the naming account's own.
    for (const { handle: mention, platforms } of ownAccountMentionsOn(view.bio, n.platform)) {
      for (const platform of platforms) {
        const reader = readerOf(platform);
        const h = reader ? fetchHandle(platform, mention) : null;
        if (!reader || !h) continue;
        const key = g.nodeKey(platform, h);
        if (key === n.key) continue;
        const c = g.profileNode(
          key,
          platform,
          h,
          reader.profileUrl(h),
          [...(n.isSource ? [1] : n.order), view.links.length + i++],
          n.depth + 1,
        );
        if (c.status === 'new')
          this.fetchAccount(
            c,
            'candidate',
            this.askerOf(n.isSource ? { kind: 'source' } : { kind: 'profile', key: n.key, anchored: true, platform: n.platform }),
          );
      }
    }
  }

  private followPage(p: PageNode): void {
    if (!p.view || p.followedAnchored) return;
    if (p.anchored) p.followedAnchored = true;
    const from: Origin = { kind: 'page', url: p.url, anchored: p.anchored };
    const labels = p.view.labels ?? {};
    p.view.links.forEach((l, i) =>
      this.onLink(l, from, [...p.order, i], p.depth + 1, undefined, labelOf(labels[l], labels[l], p.view!.others)),
    );
  }

  /**
   * A candidate that the evidence read so far already verifies (a same-handle probe, a search
   * result or a site-linked account that links back, shares the creator's website…): its declared
   * websites are the creator's too, so they are crawled now — beyond the depth bound, within
   * MAX_SITES — for the addresses they hold, instead of after the lookup. Cheap: the graph of one
   * lookup is small, and this runs once per settled task.
   */
  private promoteVerified(): void {
    const g = this.g;
    if (!g.source) return;
    let candidates = false;
    for (const n of g.profiles.values()) {
      if (n.status !== 'ok') continue;
      if (
        (!n.isSource && !this.promoted.has(n.key) && n.view?.websites.length) ||
        (!this.twinned.has(n.key) && pairedPlatforms(n.platform).length)
      ) {
        candidates = true;
        break;
      }
    }
    if (!candidates) return;
    const v = solve(g, null);
    for (const key of v.verified) {
      const n = g.profiles.get(key);
      if (!n || n.status !== 'ok') continue;
      this.probeTwins(n);
      if (n.isSource || !n.view || this.promoted.has(key)) continue;
      this.promoted.add(key);
      const labels = n.view.linkLabels ?? {};
      for (const [i, url] of n.view.websites.entries()) {
        const domain = ownerDomain(url);
        // A sponsor's or another person's site (a referral code, a label) is no more the creator's here than where it was linked (onLink).
        if (!domain || this.isCredited(url, labelOf(labels[url], labels[url], n.view.others))) continue;
        const site = g.siteNode(domain, url, [...n.order, 100 + i], n.depth + 1);
        site.declaredBy.add(`profile:${n.key}`);
        site.anchored = true;
        // Beyond the documented reach (README "Beyond the reach"): it may not hold the answer long.
        this.crawl(site, 'extra');
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Fetches
  // -------------------------------------------------------------------------------------------

  /**
   * Reads a link page: the creator's (linked by the source or a verified account), a search result, or a candidate's;
   * `follow` false: read for what it links only (its view), its links not followed.
   */
  private fetchPage(page: PageNode, kind: 'creator' | 'websearch' | 'candidate', by: Asker, follow = true): void {
    if (page.status !== 'new') {
      if (page.status === 'pending') this.asked(page, by, false);
      return;
    }
    const capped =
      kind === 'creator'
        ? this.linkPagesFetched >= MAX_LINK_PAGES
        : kind === 'websearch'
          ? this.websearchFetches >= MAX_WEBSEARCH_FETCHES
          : this.candidateFetches >= MAX_CANDIDATE_FETCHES;
    if (capped) {
      if (kind !== 'websearch') this.st.limited = true;
      return;
    }
    if (kind === 'creator') this.linkPagesFetched++;
    else if (kind === 'websearch') this.websearchFetches++;
    else this.candidateFetches++;
    page.status = 'pending';
    this.asked(page, by, true);
    this.spawnFor(page, async () => {
      try {
        page.view = await fetchLinkPage(this.f, page.url);
        page.status = 'ok';
        if (follow) this.followPage(page);
      } catch (e) {
        page.status = isMissing(e) ? 'missing' : 'failed';
      }
    });
  }

  /**
   * The canonical handle `n` is read by, or null when it is not read: no reader for its platform,
   * a handle the platform cannot hold, or the platform's own per-lookup quota is used up (a cut:
   * the scan is limited).
   */
  private readable(n: ProfileNode, handle: string | null = fetchHandle(n.platform, n.handle)): string | null {
    if (!handle) return null;
    const r = readerOf(n.platform)!;
    // Reads that need an operator setting (Tumblr's key) are not made without it: the link stands on its own evidence.
    if (r.enabled && !r.enabled(this.ctx.config)) return null;
    const max = r.maxReads?.(this.ctx.config);
    if (max !== undefined && (this.reads.get(n.platform) ?? 0) >= max) {
      this.st.limited = true;
      return null;
    }
    return handle;
  }

  /** Budget: 'linked' (MAX_PROFILE_FETCHES), 'candidate' (MAX_CANDIDATE_FETCHES) or 'websearch' (MAX_WEBSEARCH_FETCHES). */
  private fetchAccount(n: ProfileNode, budget: 'linked' | 'candidate' | 'websearch', by: Asker): void {
    if (n.status !== 'new') {
      if (n.status === 'pending') this.asked(n, by, false);
      return;
    }
    const count = budget === 'linked' ? this.profilesFetched : budget === 'candidate' ? this.candidateFetches : this.websearchFetches;
    const max = budget === 'linked' ? MAX_PROFILE_FETCHES : budget === 'candidate' ? MAX_CANDIDATE_FETCHES : MAX_WEBSEARCH_FETCHES;
    const handle = this.readable(n);
    if (!handle) {
      n.status = 'unfetched';
      return;
    }
    if (count >= max) {
      n.status = 'unfetched';
      if (budget !== 'websearch') this.st.limited = true;
      return;
    }
    if (budget === 'linked') this.profilesFetched++;
    else if (budget === 'candidate') this.candidateFetches++;
    else this.websearchFetches++;
    this.fetchProfile(n, handle, by);
  }

  private fetchProfile(n: ProfileNode, handle: string, by: Asker): void {
    const g = this.g;
    n.status = 'pending';
    this.asked(n, by, true);
    this.reads.set(n.platform, (this.reads.get(n.platform) ?? 0) + 1);
    this.spawnFor(n, async () => {
      try {
        // A same-handle probe or a paired twin is a guess: an upstream answering it only 404s says no such account.
        const view = await fetchProfileView(this.f, n.platform, handle, { probe: n.sameHandle });
        if (g.profiles.get(n.key) !== n) return; // merged into another node meanwhile
        if (!g.attachView(n, view)) return;
        n.status = 'ok';
        this.followProfile(n);
        for (const claim of view.ownedDomains ?? []) this.proveDomain(n, claim);
      } catch (e) {
        // A link a reader only claimed (any host's `/@user`) that its read does not confirm is no account of that platform.
        n.status = isMissing(e) || readerOf(n.platform)?.tentative ? 'missing' : isPrivate(e) ? 'private' : 'failed';
        n.blocked = isBlocked(e);
        if (isMissing(e)) this.readNamingPage(n);
      }
    });
  }

  /**
   * A creator's link that names an account through another address than the account's own (a
   * publication's subdomain, `ayusehat.substack.com`, is not its author's handle) and that is not
   * found as that account: the page at the link is read once, and the accounts of that platform it
   * links (the publication's author, `substack.com/@drayu`) are taken as if the creator had linked
   * them — the publication says who writes it; its name is not assumed to be the author's.
   */
  private readNamingPage(n: ProfileNode): void {
    const reader = readerOf(n.platform);
    const origin: Origin | null = n.fromSource
      ? { kind: 'source' }
      : ([...n.fromPages]
          .map((u) => this.g.pages.get(u))
          .filter((p) => p?.anchored)
          .map((p) => ({ kind: 'page' as const, url: p!.url, anchored: true }))[0] ?? null);
    if (!reader || !origin || !n.url) return;
    let linked: URL;
    try {
      linked = new URL(n.url);
    } catch {
      return;
    }
    if (linked.hostname === new URL(reader.profileUrl(n.handle)).hostname) return;
    this.spawnFor(n, async () => {
      try {
        const page = await fetchHtmlPage(this.f, n.url, 'website');
        pageAnchors(page.html ?? '', page.finalUrl).forEach((a, i) => {
          const c = accountOf(a.url);
          if (c?.platform === n.platform && c.handle && c.handle.toLowerCase() !== n.handle.toLowerCase())
            this.onLink(a.url, origin, [...n.order, i], n.depth);
        });
      } catch {
        // Nothing there either: the link named nobody.
      }
    });
  }

  /**
   * A domain the account claims (a Bluesky domain handle): its proof URL is read (one small GET
   * through the upstream client and its SSRF guard, an optional fetch like any other) and the
   * domain is the account's when the answer is exactly what the view expects (the account's DID).
   * Anything else — no answer, another DID, a page — proves nothing and fails nothing.
   */
  private proveDomain(n: ProfileNode, claim: { domain: string; proofUrl: string; expect: string }): void {
    this.spawnFor(n, async () => {
      try {
        const page = await fetchHtmlPage(this.f, claim.proofUrl, 'website');
        if (page.html.trim() === claim.expect) this.g.profiles.get(this.g.canonical(n.key))?.provenDomains.add(claim.domain.toLowerCase());
      } catch {
        // No proof: the claim is not evidence.
      }
    });
  }

  private crawl(site: SiteNode, by: Asker): void {
    const g = this.g;
    if (site.status !== 'new') {
      if (site.status === 'pending') this.asked(site, by, false);
      return;
    }
    if (this.sitesCrawled >= MAX_SITES) {
      this.st.limited = true;
      return;
    }
    this.sitesCrawled++;
    site.status = 'pending';
    this.asked(site, by, true);
    this.spawnFor(site, async () => {
      try {
        const from: Origin = { kind: 'site', domain: site.domain, anchored: site.anchored };
        // Each page's links are followed as soon as that page is read.
        const scan = await crawlSite(this.f, site.startUrl, (page, i) => {
          // A creator's page links tens of accounts and sites; a hostile one thousands, each a node to judge.
          if (page.links.length > SITE_PAGE_MAX_LINKS) this.st.limited = true;
          page.links
            .slice(0, SITE_PAGE_MAX_LINKS)
            .forEach((l, j) =>
              this.onLink(
                l,
                from,
                [...site.order, i, j],
                site.depth + 1,
                undefined,
                labelOf(page.anchorTexts?.[l], page.labels?.[l], page.others),
              ),
            );
        });
        site.scan = scan;
        site.status = 'ok';
        if (scan.redirectedTo) {
          // The declared address forwards elsewhere: that target is what the creator declared.
          const target = scan.redirectedTo;
          const domain = ownerDomain(target);
          if (domain) {
            const moved = g.siteNode(domain, target, [...site.order, 0], site.depth);
            for (const d of site.declaredBy) moved.declaredBy.add(d);
            moved.anchored ||= site.anchored;
            if (site.anchored && site.depth <= MAX_FETCH_DEPTH) this.crawl(moved, site);
          } else this.onLink(target, this.declarerOf(site), [...site.order, 0], site.depth, site);
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
    const n = this.g.profiles.get(this.g.canonical(id));
    return { kind: 'profile', key: id, anchored: site.anchored, platform: n?.platform ?? '' };
  }

  /**
   * The same handle on every other reader platform whose rules admit it (no guessed variants) and
   * that may be probed on a handle alone (`sameHandlePlatforms`); existence is the platform
   * reader's answer (a block page is not existence). A same handle alone never makes a profile:
   * the probe is a candidate to verify.
   */
  private probeSameHandle(handle: string): void {
    const g = this.g;
    sameHandlePlatforms(this.ctx.config).forEach((platform, i) => {
      if (platform === this.ref.platform) return;
      const h = probeHandle(platform, handle);
      if (!h || (platform === 'video' && VIDEO_CHANNEL_ID_RE.test(h))) return;
      const n = g.profileNode(g.nodeKey(platform, h), platform, h, '', [2, i], MAX_FETCH_DEPTH);
      n.sameHandle = true;
      if (n.status !== 'new') return;
      const readable = this.readable(n, h);
      if (!readable) {
        n.status = 'unfetched';
        return;
      }
      this.fetchProfile(n, readable, null);
    });
  }

  /**
   * The paired twin of a verified account (profiles.ts `pairedPlatforms`: the platform its accounts
   * are made from, or that is made from it — a Threads profile carries its Instagram account's
   * username): the account under the same handle there is the creator's once read and existing
   * (verification.ts `paired_account`). Looked for once per verified account whose handle no
   * fetch on that platform has asked for yet (the source's is its same-handle probe), as a
   * same-handle probe is (`same_handle_candidate_urls`, `same_handle_search_partial`), on the
   * candidates' budget (MAX_CANDIDATE_FETCHES); beyond the reach when the account was found there.
   * Each account is twinned once and read once, so verifying a twin ends where it started.
   */
  private probeTwins(n: ProfileNode): void {
    if (this.twinned.has(n.key)) return;
    this.twinned.add(n.key);
    const g = this.g;
    const handle = n.isSource ? g.sourceHandle : (n.view?.handle ?? n.handle);
    for (const platform of pairedPlatforms(n.platform)) {
      const reader = readerOf(platform);
      const h = reader?.probes(this.ctx.config) ? fetchHandle(platform, handle) : null;
      if (!h) continue;
      const key = g.nodeKey(platform, h);
      // Read or asked for already (the source's same-handle probe, a link): left as it is, its order too.
      const known = g.profiles.get(key);
      if (known && known.status !== 'new') continue;
      const twin = g.profileNode(key, platform, h, '', [...n.order, 200], MAX_FETCH_DEPTH);
      twin.sameHandle = true;
      this.fetchAccount(twin, 'candidate', n.isSource ? null : n);
    }
  }

  private async websearch(view: ProfileView): Promise<void> {
    const g = this.g;
    this.st.websearchUsed = true;
    let urls: string[];
    try {
      urls = await websearchResults(this.f, websearchQuery(g.sourceHandle, view.displayName));
    } catch {
      this.st.websearchFailed = true;
      return;
    }
    urls.forEach((url, r) => {
      const order = [3, r];
      const pageUrl = linkPageOf(url);
      if (pageUrl) {
        const page = g.pageNode(pageUrl, order, MAX_FETCH_DEPTH);
        page.websearch = true;
        this.searchQueue.push(page);
        return;
      }
      const c = accountOf(url);
      if (!c?.handle) return;
      const key = g.nodeKey(c.platform, c.handle);
      if (key === g.source.key) return;
      const n = g.profileNode(key, c.platform, c.handle, c.url, order, MAX_FETCH_DEPTH);
      n.websearch = true;
      this.searchQueue.push(n);
    });
    this.readSearchResults();
  }

  /** Reads the next search results, in order, while the search budget lasts; what is known already costs nothing. */
  private readSearchResults(): void {
    while (this.websearchFetches < MAX_WEBSEARCH_FETCHES && this.searchQueue.length > 0) {
      const node = this.searchQueue.shift()!;
      if (node.status !== 'new') continue;
      const before = this.websearchFetches;
      if ('key' in node) this.fetchAccount(node, 'websearch', null);
      else this.fetchPage(node, 'websearch', null);
      if (this.websearchFetches > before) this.searchRead.add(node);
    }
  }

  /** `node`, read as a search result, is linked by the creator's own items: its read is the creator's, and the next result is read. */
  private refundSearch(node: ProfileNode | PageNode): void {
    if (!this.searchRead.delete(node)) return;
    this.websearchFetches--;
    this.readSearchResults();
  }

  // -------------------------------------------------------------------------------------------
  // Profiles settled before the end (GraphQL @stream)
  // -------------------------------------------------------------------------------------------

  /**
   * Whether `n` is certain to be in the final `profiles` with its current platform, handle and
   * url, whatever the rest of the lookup finds. Only what holds by construction:
   *  - returned: it is linked from the source, or from a link page the source links that was
   *    read — `verified_profile_link` / `link_in_bio`, which need nothing else (solve() takes such
   *    a page as the creator's on the source's word alone) and each gives ANCHOR_MIN_CONFIDENCE
   *    (evidence.ts) at least, so it passes any `min_confidence` up to that;
   *  - exists: its own fetch answered (`ok` is final: nothing fetches a node twice and the
   *    deadline marks only pending ones), or its platform is one discovery never fetches
   *    (no reader: `unfetched` for good, and never an identity of a fetched view, so never merged);
   *  - identity: a read profile's handle and url are its view's, written once (attachView). The
   *    node can still be folded into another whose view answers to one of its identities (the
   *    same account linked by another spelling, read later); that view's handle and url are then
   *    the record's — the same ones on platforms whose reader has a stable identity.
   * So these come with the result instead: accounts linked only from verified profiles or
   * websites, candidates (verified late, if at all), source-linked accounts whose fetch failed,
   * was capped or found a private profile (their url is the link's, and a later read of the same
   * account would replace it), and social-a pages.
   */
  private settled(n: ProfileNode): boolean {
    if (n.isSource || !n.url) return false;
    const fromSourcePage = (u: string) => {
      const p = this.g.pages.get(u);
      return !!p && p.fromSource && p.status === 'ok';
    };
    if (!n.fromSource && ![...n.fromPages].some(fromSourcePage)) return false;
    // Another item may still call it someone else's: a link labelled so, or its own bio naming one of the creator's handles.
    if (n.creditedBy.size || (n.view && handleMentions(n.view.bio).length)) return false;
    const reader = readerOf(n.platform);
    if (n.status === 'ok') return n.view !== null && reader?.stableIdentity === true && this.confirmedLink(n, n.view);
    return n.status === 'unfetched' && !reader && namesCreator(this.g, n.handle, null);
  }

  /**
   * A creator link verifies only with something of the account's own (verification.ts
   * loneLinkLabels): early, only what is final once it is read — it links the source, has its
   * handle or display name, or holds the creator's name while linking no website or link page
   * (nothing that could be an identity elsewhere).
   */
  private confirmedLink(n: ProfileNode, view: ProfileView): boolean {
    const g = this.g;
    const t = g.targetsOf(view.links);
    if (t.profiles.includes(g.source!.key)) return true;
    if (comparableHandle(n.platform, n.handle) === g.sourceHandle.toLowerCase()) return true;
    if (sameDisplayName(view.displayName, g.sourceView.displayName)) return true;
    return namesCreator(g, view.handle, view.displayName) && !t.domains.length && !t.pages.length && !n.provenDomains.size;
  }

  /** Tells onProfile each profile settled since the last call (once per identity), in the lookup's order. */
  private tellSettled(): void {
    if (!this.opts.onProfile || !this.telling || !this.g.source) return;
    for (const n of [...this.g.profiles.values()].sort(byOrder)) {
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
}
