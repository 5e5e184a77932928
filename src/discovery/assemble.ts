/**
 * Result assembly: the evidence graph of a finished lookup (graph.ts), verified (verification.ts)
 * and scored (evidence.ts), as api.md's records — profiles, e-mails with their sources, scan
 * lists and diagnostics. Internal-only contact sources are asked last (find creator emails).
 */
import type { OpContext } from '../platforms/operation.js';
import { normaliseEmail } from '../links/emails.js';
import { confidenceOf, isListed, isVerified, orderedEvidence } from './evidence.js';
import type { EvidenceGraph, PageNode, ProfileNode, SiteNode, Status } from './graph.js';
import { byOrder } from './graph.js';
import type { InternalContactSource } from './internal.js';
import { internalContactSource } from './internal.js';
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
import { candidateEvidence, declaredByCreator, labelsOf, pageEmails, solve } from './verification.js';
import type { Verification } from './verification.js';

export interface LookupOutcome {
  source: DiscoverySource;
  profiles: DiscoveredProfile[];
  emails: FoundEmail[];
  scan: { scanned_profile_urls: string[]; failed_email_scan_urls: string[]; email_scan_limited: boolean };
  diagnostics: DiscoveryDiagnostics;
}

/** What the lookup itself knows beyond the graph. */
export interface LookupState {
  sourcePlatform: SourcePlatform;
  /** The source's platform label (microblog-b for microblog-b-alias). */
  platform: string;
  /** A bound cut the scan (a page, site or account left unread). */
  limited: boolean;
  /** The deadline (or the caller leaving) cut work short. */
  cutShort: boolean;
  websearchUsed: boolean;
  websearchFailed: boolean;
  /** Read the internal contact sources (find creator emails); `internal` replaces the DATA_DIR one (tests). */
  emails: boolean;
  internal?: InternalContactSource | null;
}

export function sourceRecord(g: EvidenceGraph, sourcePlatform: SourcePlatform): DiscoverySource {
  return { platform: sourcePlatform, handle: g.sourceHandle, url: g.source.url };
}

export function profileRecord(g: EvidenceGraph, n: ProfileNode, labels: EvidenceLabel[]): DiscoveredProfile {
  return {
    platform: n.platform,
    handle: n.isSource ? g.sourceHandle : n.handle,
    url: n.url,
    confidence: confidenceOf(labels),
    evidence: orderedEvidence(labels),
  };
}

export async function assemble(g: EvidenceGraph, st: LookupState, ctx: OpContext): Promise<LookupOutcome> {
  const exists = (s: Status) => s !== 'missing';
  const global = solve(g, null);
  const verified = global.verified;
  const creatorPages = global.pages;
  const creatorSites = global.sites;

  const nodes = [...g.profiles.values()].sort(byOrder);
  const pages = [...g.pages.values()].sort(byOrder);
  const sites = [...g.sites.values()].sort(byOrder);
  const urls = <T>(xs: T[], url: (x: T) => string) => [...new Set(xs.map(url).filter(Boolean))];
  const profiles = listedProfiles(g, nodes, global);

  const linkPages = pages.filter((p) => creatorPages.has(p.url));
  const failedPages = linkPages.filter((p) => p.status === 'failed');
  const ownSites = sites.filter((s) => creatorSites.has(s.domain) && s.status !== 'new');
  const crawled = ownSites.filter((s) => s.status === 'ok' && s.scan && !s.scan.redirectedTo);
  // A short link that could not be resolved may have been the creator's website: listed with the failed sites when the creator's.
  const failedShorts = [...g.shorts.values()].filter((s) => s.status === 'failed');
  const failedSites = [
    ...ownSites.filter((s) => s.status === 'failed').map((s) => s.startUrl),
    ...crawled.flatMap((s) => s.scan!.failed),
    ...failedShorts.filter((s) => declaredByCreator(g, s.declaredBy, global)).map((s) => s.url),
  ];
  const sourceLinked = nodes.filter((n) => n.fromSource && !n.isSource);
  const verifiedProfiles = nodes.filter((n) => !n.isSource && verified.has(n.key) && exists(n.status));
  const failedVerified = verifiedProfiles.filter((n) => n.status === 'failed');
  const sameHandle = nodes.filter((n) => n.sameHandle);
  // Candidates whose verification could not be completed: their own fetch, or their link page's, failed.
  const failedCandidatePages = pages.filter((p) => p.status === 'failed' && !creatorPages.has(p.url) && !p.websearch);
  const candidateShortFailed = (n: ProfileNode) =>
    failedShorts.some(
      (s) =>
        !declaredByCreator(g, s.declaredBy, global) &&
        [...s.declaredBy].some((d) => d.startsWith('profile:') && g.canonical(d.slice(8)) === n.key),
    );
  const candidatePageFailed = (n: ProfileNode) => failedCandidatePages.some((p) => p.fromProfiles.has(n.key)) || candidateShortFailed(n);
  const siteCandidatesFailed = nodes.some((n) => n.fromSites.size > 0 && !n.anchored && !verified.has(n.key) && n.status === 'failed');
  const sameHandlePartial = sameHandle.some((n) => n.status === 'failed' || candidatePageFailed(n));
  const wsProfiles = nodes.filter((n) => n.websearch);
  const wsPages = pages.filter((p) => p.websearch);
  const wsFailed = wsProfiles.filter((n) => n.status === 'failed' || candidatePageFailed(n));
  const wsPagesFailed = wsPages.filter((p) => p.status === 'failed');
  const wsPartial = wsFailed.length > 0 || wsPagesFailed.length > 0;
  // A platform that refused a read (an exhausted quota, a wall), or a profile or link page read
  // without a part an optional request failed to bring: that part of the lookup is partial.
  const refused = nodes.some((n) => n.blocked || n.view?.partialRead) || pages.some((p) => p.view?.partialRead);

  let partial =
    st.cutShort ||
    refused ||
    failedCandidatePages.length > 0 ||
    siteCandidatesFailed ||
    failedShorts.length > 0 ||
    failedPages.length > 0 ||
    failedSites.length > 0 ||
    failedVerified.length > 0 ||
    sameHandlePartial ||
    st.websearchFailed ||
    wsPartial;
  let limited = st.limited || crawled.some((s) => s.scan!.limited);

  const diagnostics: DiscoveryDiagnostics = {
    link_in_bio_urls: urls(linkPages, (p) => p.url),
    expanded_website_urls: urls(crawled, (s) => s.startUrl),
    source_linked_profile_urls: urls(sourceLinked, (n) => n.url),
    failed_source_linked_profile_urls: urls(
      sourceLinked.filter((n) => n.status === 'failed'),
      (n) => n.url,
    ),
    same_handle_candidate_urls: urls(
      sameHandle.filter((n) => n.status === 'ok' || n.status === 'private'),
      (n) => n.url,
    ),
    partial,
    failed_link_in_bio_urls: urls(failedPages, (p) => p.url),
    failed_website_urls: [...new Set(failedSites)],
    same_handle_search_partial: sameHandlePartial,
    websearch_used: st.websearchUsed,
    websearch_failed: st.websearchFailed,
    websearch_candidate_urls: urls(wsProfiles, (n) => n.url),
    websearch_candidate_link_in_bio_urls: urls(wsPages, (p) => p.url),
    failed_websearch_candidate_link_in_bio_urls: urls(wsPagesFailed, (p) => p.url),
    verified_websearch_candidate_urls: [
      ...urls(
        wsProfiles.filter((n) => verified.has(n.key)),
        (n) => n.url,
      ),
      ...urls(
        wsPages.filter((p) => creatorPages.has(p.url)),
        (p) => p.url,
      ),
    ],
    failed_websearch_candidate_urls: urls(wsFailed, (n) => n.url),
    websearch_verification_partial: wsPartial,
  };

  // A link page is the creator's when it links the creator (a search result, a second account's own page);
  // one only a candidate declares (a friend's or a fan's page linking her back) is scanned as the candidate is: not at all.
  const scannedPages = linkPages.filter(
    (p) => p.fromSource || !p.fromProfiles.size || [...p.fromProfiles].some((k) => verified.has(g.canonical(k))),
  );
  const found = foundEmails(g, scannedPages, crawled, verifiedProfiles);

  // Internal-only sources: addresses only. Nothing of theirs enters a list; their state still
  // counts for `partial` and `email_scan_limited`.
  const internal = st.emails ? (st.internal !== undefined ? st.internal : internalContactSource(ctx.config.dataDir)) : null;
  if (internal) {
    const asked = await addInternalEmails(internal, g, st, verifiedProfiles, found);
    limited ||= asked.limited;
    if (asked.failed) partial = true;
  }
  diagnostics.partial = partial;

  return {
    source: sourceRecord(g, st.sourcePlatform),
    profiles,
    emails: [...found.values()],
    scan: {
      scanned_profile_urls: [...new Set([g.source.url, ...verifiedProfiles.filter((n) => n.view).map((n) => n.url)])],
      failed_email_scan_urls: [
        ...new Set([...diagnostics.failed_link_in_bio_urls, ...diagnostics.failed_website_urls, ...failedVerified.map((n) => n.url)]),
      ],
      email_scan_limited: limited,
    },
    diagnostics,
  };
}

/**
 * Profiles: every verified one, and every candidate with identity evidence short of proof
 * (evidence.ts) with its confidence — what a caller sees of them is its `min_confidence`
 * (src/discovery/api/). By confidence, the source first.
 */
function listedProfiles(g: EvidenceGraph, nodes: readonly ProfileNode[], global: Verification): DiscoveredProfile[] {
  /** A profile's own labels: judged in the world without its own contribution (verification.ts). */
  const ownLabels = (n: ProfileNode) => labelsOf(g, n, global.verified.has(n.key) && !n.isSource ? solve(g, n.key) : global);
  const profiles: DiscoveredProfile[] = [];
  for (const n of nodes) {
    if (n.status === 'missing' || !n.url) continue;
    let labels = ownLabels(n);
    if (!isVerified(labels)) labels = candidateEvidence(g, n, global, labels);
    if (isListed(labels)) profiles.push(profileRecord(g, n, labels));
  }
  profiles.sort((a, b) => b.confidence - a.confidence);
  return profiles;
}

/** E-mails by address (lower case): the source, the creator's link pages and website pages, verified accounts — in that order. */
function foundEmails(
  g: EvidenceGraph,
  linkPages: readonly PageNode[],
  crawled: readonly SiteNode[],
  verifiedProfiles: readonly ProfileNode[],
): Map<string, FoundEmail> {
  const found = new Map<string, FoundEmail>();
  const add = (emails: readonly string[], url: string, type: EmailSourceType) => {
    for (const e of emails) {
      const k = e.toLowerCase();
      let entry = found.get(k);
      if (!entry) found.set(k, (entry = { email: e, sources: [] }));
      if (!entry.sources.some((s: EmailSource) => s.url === url && s.type === type)) entry.sources.push({ url, type });
    }
  };
  add(g.sourceView.emails, g.source.url, 'social_profile');
  for (const p of linkPages) if (p.view) add(p.view.emails, p.url, 'link_in_bio');
  for (const s of crawled) for (const page of s.scan!.pages) add(pageEmails(g, page, s.scan), page.url, 'website');
  for (const n of verifiedProfiles) if (n.view) add(n.view.emails, n.url, 'linked_profile');
  return found;
}

/**
 * The internal contact source asked for the source's and the verified accounts' addresses: the
 * ones not found already are added, with no sources; `failed` when it could not answer (or its
 * answer could not be read: what it said of `limited` still counts).
 */
async function addInternalEmails(
  internal: InternalContactSource,
  g: EvidenceGraph,
  st: LookupState,
  verifiedProfiles: readonly ProfileNode[],
  found: Map<string, FoundEmail>,
): Promise<{ limited: boolean; failed: boolean }> {
  const keys = [
    { platform: st.platform, handle: g.sourceHandle.toLowerCase() },
    ...verifiedProfiles.map((n) => ({ platform: n.platform, handle: n.handle.toLowerCase() })),
  ];
  let limited = false;
  try {
    const r = await internal.lookup(keys);
    limited = r.limited;
    for (const raw of r.emails) {
      const e = normaliseEmail(raw);
      if (e && !found.has(e.toLowerCase())) found.set(e.toLowerCase(), { email: e, sources: [] });
    }
    return { limited, failed: false };
  } catch {
    return { limited, failed: true };
  }
}
