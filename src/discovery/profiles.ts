/**
 * Profiles as discovery sees them, whatever the platform: the registry's profile readers
 * (src/platforms/reader.ts; each platform folder exports its own), read through the lookup's
 * fetcher. Discovery knows no platform here: a platform whose folder exports a `reader` is
 * recognised in links, probed for the same handle, verified and scanned like every other.
 *
 * On top of what a reader reports, discovery reads every bio the same way (text.ts): accounts
 * named the way bios name them (`IG: name`), spelled-out addresses (`name at domain dot com`),
 * and it drops addresses at the domains every creator shares (platforms, link-in-bio vendors).
 */
import type { ProfileReader, ProfileView as ReaderView } from '../platforms/reader.js';
import { identityOf, readProfile, uniq, viewOf } from '../platforms/reader.js';
import { allReaders } from '../platforms/registry.js';
import type { LookupFetcher } from './fetcher.js';
import { addressDomainLinks, emailsInText, linksInText, mentionedAccounts } from './text.js';
import { representativeEmails } from './agents.js';
import { representativeHandles } from './roles.js';
import { relationMentions, textParts } from './relations.js';
import { unwrapLink, wrappedAddress } from './wrappers.js';

/** A reader's view as discovery reads it (`enrich`). */
export interface ProfileView extends ReaderView {
  /** What the bio says about a link it writes: the bio's line holding it, by the link as in `links`. */
  linkLabels?: Record<string, string>;
  /** Handles the bio names by `@` beside a relation to someone else (markers.ts relationMentions). */
  others?: string[];
  /**
   * Accounts only the bio's words name (`YouTube: Viaja con Nico`, text.ts mentionedAccounts), not
   * a link the platform holds: a guess at a handle until the account is read (graph.ts textMentionBy).
   */
  textMentions?: string[];
  /** Addresses the bio gives to a representative (agents.ts: "Booking: Nord Agency — …"), lower case. */
  representatives?: string[];
}

export const identity = identityOf;

let byPlatform: Map<string, ProfileReader> | null = null;

/** Every reader, by platform label (the registry is read on first use: it imports discovery's own entry). */
export function readers(): ReadonlyMap<string, ProfileReader> {
  return (byPlatform ??= new Map(allReaders().map((r) => [r.platform, r])));
}

export function readerOf(platform: string): ProfileReader | null {
  return readers().get(platform) ?? null;
}

export function isFetchable(platform: string): boolean {
  return readers().has(platform);
}

/**
 * The canonical handle a profile on `platform` is fetched by, or null when `handle` cannot be an
 * account there (so a same-handle probe on that platform is skipped) or the platform has no reader.
 */
export function fetchHandle(platform: string, handle: string): string | null {
  return readerOf(platform)?.canonicalHandle(handle.replace(/^@/, '')) ?? null;
}

/** The account a same-handle probe asks for on `platform` (its reader's `probeHandle`, else its canonical handle), or null. */
export function probeHandle(platform: string, handle: string): string | null {
  const r = readerOf(platform);
  if (!r) return null;
  const h = handle.replace(/^@/, '');
  return r.probeHandle ? r.probeHandle(h) : r.canonicalHandle(h);
}

/** The part of `handle` that compares with other platforms' handles (`same_handle_match`), lower-cased, or null. */
export function comparableHandle(platform: string, handle: string): string | null {
  const r = readerOf(platform);
  const h = r?.sameHandleOf ? r.sameHandleOf(handle) : handle;
  return h ? h.toLowerCase() : null;
}

/**
 * The platforms whose account under a handle is the same owner's as `platform`'s account under
 * that handle (readers' `usernamesOf`, either way: Threads ↔ Instagram), or none.
 */
export function pairedPlatforms(platform: string): string[] {
  const own = readerOf(platform)?.usernamesOf;
  return [...(own ? [own] : []), ...[...readers().values()].filter((r) => r.usernamesOf === platform).map((r) => r.platform)];
}

/**
 * The account a URL names on a reader platform (the readers' own URL patterns), or null. Discovery
 * asks this before the shared classifier, so a platform's reader decides what its profile URLs are.
 */
export function readerAccount(url: string): { platform: string; handle: string } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  for (const r of readers().values()) {
    const h = r.handleFromUrl(u);
    if (h) return { platform: r.platform, handle: h };
  }
  return null;
}

/** A reader's view with discovery's reading of its bio on top (see the module comment). */
export function enrich(raw: ReaderView): ProfileView {
  const v = unwrappedView(raw);
  const linkLabels: Record<string, string> = {};
  for (const part of textParts(v.bio ?? '')) for (const l of linksInText(part)) linkLabels[unwrapLink(l)] ??= part;
  const textMentions = mentionedAccounts(v.bio ?? '').filter((l) => !v.links.includes(l));
  // An address's domain the reader took for a link written in the bio ("aiko＠gmail.com"): no website.
  const notLinks = addressDomainLinks(v.bio ?? '');
  const written = (l: string) => notLinks.has(l.replace(/\/$/, '')) && !v.websites.includes(l);
  return {
    ...v,
    links: uniq([...v.links.filter((l) => !written(l)), ...textMentions]),
    textMentions,
    emails: emailsInText(...v.emails, v.bio),
    linkLabels,
    // And a handle a role list gives to a representative ("manager @nadia", roles.ts): someone else's.
    others: [...new Set([...relationMentions(v.bio), ...representativeHandles(v.bio)])],
    representatives: [...representativeEmails(v.bio).keys()],
  };
}

/**
 * A view whose links are read through their click-through wrappers (wrappers.ts: a channel
 * description's `youtube.com/redirect?…&q=<site>`): its links and websites the targets, an address a
 * wrapper leads to (`q=mailto:…`) one of its addresses.
 */
function unwrappedView(v: ReaderView): ReaderView {
  const all = [...v.links, ...v.websites];
  const wrapped = all.filter((l) => unwrapLink(l) !== l || wrappedAddress(l) !== null);
  if (!wrapped.length) return v;
  const addresses = wrapped.flatMap((l) => wrappedAddress(l) ?? []);
  const links = (ls: string[]) => uniq(ls.filter((l) => wrappedAddress(l) === null).map(unwrapLink));
  return { ...v, links: links(v.links), websites: links(v.websites), emails: [...v.emails, ...addresses] };
}

/** Fetches the profile `platform`/`handle` (canonical handle) through the lookup's fetcher. */
export function fetchProfileView(
  f: LookupFetcher,
  platform: string,
  handle: string,
  opts: { timeoutMs?: number | null; required?: boolean; probe?: boolean } = {},
): Promise<ProfileView> {
  const r = readerOf(platform);
  if (!r) return Promise.reject(new Error(`discovery: no profile reader for ${platform}`));
  const what = `${platform} profile ${handle}`;
  const read = r.operation
    ? f.read(r.operation.op, r.operation.args(handle), { what, ...opts }).then((raw) => viewOf(r, raw, handle))
    : f.run(`${platform}:profile:${handle}`, (ctx) => readProfile(r, ctx, handle), { what, ...opts });
  return read.then(enrich);
}
