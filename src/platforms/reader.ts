/**
 * The slot each platform with public creator accounts fills for creator discovery: how its
 * handles look, which URLs are its profiles, and how one public profile is read. Discovery
 * iterates the registry's readers (src/platforms/registry.ts), so a platform that exports one
 * from its folder is used by discovery without any change under src/discovery/.
 *
 * A reader shares its fetch and parse with the platform's REST operations (it is a view of the
 * same extractor, not a second copy): `fetch` is the platform's own request (through
 * `ctx.upstream` with the platform's label, so the block catalogue and the SSRF guard apply)
 * and `view` a pure reading of its answer. Its errors are the gateway's typed errors: NOT_FOUND
 * (no such account), PRIVATE_CONTENT, UPSTREAM_BLOCKED (a wall, a challenge or an exhausted
 * quota), UPSTREAM_FAILED (an answer about another account included: src/platforms/identity.ts) /
 * UPSTREAM_TIMEOUT.
 */
import { classifyLink } from '../links/classify.js';
import { extractEmails } from '../links/emails.js';
import type { OpContext, OperationDef } from './operation.js';
import { parsed } from './operation.js';
import { isPartialRead } from './partial-read.js';
import { profileLinks } from './shortvideo/parse.js';

/** One public profile, whatever the platform. */
export interface ProfileView {
  /** Neutral label. */
  platform: string;
  /** As the platform spells it, without @. */
  handle: string;
  /** Canonical public URL of the profile. */
  url: string;
  displayName: string | null;
  bio: string | null;
  /** Website fields the profile declares (absolute http(s) URLs). */
  websites: string[];
  /** Every outbound link: the website fields first, then link fields, then URLs written in the bio. */
  links: string[];
  /** Addresses shown publicly on the profile: contact fields, then plain addresses in the bio. */
  emails: string[];
  /** Every `platform:identity` this profile answers to, lower-cased (e.g. a handle and an id). */
  ids: string[];
  /** Public follower count where the platform shows one. */
  followers: number | null;
  /** The account is private: its header may be public, its content is not read. */
  isPrivate: boolean;
  /**
   * Domains the account claims to control, each with its proof: `GET proofUrl` answers `expect`
   * (Bluesky: a domain handle, `https://<domain>/.well-known/atproto-did` answering the account's
   * DID). Discovery checks the proof itself; the claim alone is nothing.
   */
  ownedDomains?: { domain: string; proofUrl: string; expect: string }[];
  /**
   * Links the platform itself has checked link back to this profile (Mastodon: a profile field
   * with `verified_at`, the server having found `rel="me"` on the linked page). Also in `links`.
   */
  verifiedLinks?: string[];
  /** Links in the fields the platform checks that did not pass the check (Mastodon: fields without `verified_at`). */
  unverifiedLinks?: string[];
  /**
   * Read without a part an optional request failed to bring (src/platforms/partial-read.ts: the
   * video channel's about panel, a code user's social accounts): its links and addresses may be
   * short; a lookup that read it is partial.
   */
  partialRead?: true;
}

export interface ProfileReader<R = any> {
  platform: string;
  /** The canonical handle (case folded where the platform ignores case), or null when the platform cannot hold it. */
  canonicalHandle(raw: string): string | null;
  /** The handle a URL names when it is a profile URL of this platform, else null. */
  handleFromUrl(url: URL): string | null;
  profileUrl(handle: string): string;
  /**
   * Whether discovery may fetch a profile here on a handle alone (a same-handle probe). Platforms
   * with tight anonymous quotas (GitHub: 60 requests an hour per address) answer true only when the
   * operator configured a token; without one, only candidates with other evidence are read.
   */
  probes(config: OpContext['config']): boolean;
  /**
   * The account a same-handle probe asks for, or null when the platform cannot hold it (default:
   * `canonicalHandle`). Bluesky: `<handle>.bsky.social`, the one account a bare handle names there.
   */
  probeHandle?(handle: string): string | null;
  /**
   * The part of a handle that compares with other platforms' handles (`same_handle_match`), or
   * null when none does (default: the handle). Bluesky: `<name>` of `<name>.bsky.social`; a domain
   * handle or a DID compares with nothing.
   */
  sameHandleOf?(handle: string): string | null;
  /**
   * The platform whose accounts this platform's accounts are made from, under the same username
   * (Threads: Instagram — a Threads profile is created from an Instagram account and carries its
   * username; a rename there renames it here). An account here and the account of the same handle
   * there are one owner's: no one else can hold either (discovery's `paired_account`).
   */
  usernamesOf?: string;
  /**
   * Whether reads may be made at all with this configuration (default: yes). Without the operator
   * setting a platform needs (Tumblr: TUMBLR_API_KEY), its links are classified and returned on
   * their own evidence, never read.
   */
  enabled?(config: OpContext['config']): boolean;
  /**
   * Its profile URLs cannot be told by their host (a Mastodon server is any host): a link it claims
   * is taken as this platform's account only once the read answers the account; a link whose read
   * fails is not listed as one.
   */
  tentative?: boolean;
  /** Upstream requests one read costs at most (the lookup's budget, src/discovery/README.md). */
  requestsPerRead: number;
  /**
   * Reads one lookup may make here at most, when the platform's quota is tighter than the lookup's
   * own bounds (GitHub without a token); absent: only the lookup's bounds apply.
   */
  maxReads?(config: OpContext['config']): number;
  /**
   * The view's handle and URL are the account's own, however it was asked for (true for most
   * platforms; false where a profile may only be known by the name it was asked for).
   */
  stableIdentity: boolean;
  /** The platform's own fetch of the profile `handle` (canonical). */
  fetch(ctx: OpContext, handle: string): Promise<R>;
  /** The fetched answer as a profile view (pure). */
  view(raw: R, handle: string): ProfileView;
  /**
   * When `fetch` is a cacheable platform operation's: that operation and its arguments, so a
   * lookup shares its cache entry and in-flight work with REST / GraphQL calls.
   */
  operation?: { op: OperationDef<any, R>; args(handle: string): unknown };
}

/** One read: fetch, then view (marked `partialRead` when the record is). */
export async function readProfile(reader: ProfileReader, ctx: OpContext, handle: string): Promise<ProfileView> {
  const raw = await reader.fetch(ctx, handle);
  return parsed(ctx, () => viewOf(reader, raw, handle));
}

/** A fetched record as its reader's view, marked `partialRead` when the record is (src/platforms/partial-read.ts). */
export function viewOf<R>(reader: ProfileReader<R>, raw: R, handle: string): ProfileView {
  const view = reader.view(raw, handle);
  return isPartialRead(raw) ? { ...view, partialRead: true } : view;
}

// ---------------------------------------------------------------------------------------------
// Helpers the readers share
// ---------------------------------------------------------------------------------------------

/** Absolute http(s) URLs written in a bio (`https://…`, `www.host.tld`, `host.tld/path`: the shortvideo module's reading of bios). */
export function bioUrls(text: string | null | undefined): string[] {
  return text ? profileLinks(null, text) : [];
}

/** Plain addresses (shared extractor) in contact fields and bio text. */
export function textEmails(...texts: (string | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const t of texts) if (t) out.push(...extractEmails({ text: t }));
  return uniq(out);
}

/** A declared website as an absolute URL (`www.site.com` → `https://www.site.com`), or null. */
export function absoluteUrl(raw: string | null | undefined): string | null {
  const s = raw?.trim();
  if (!s) return null;
  return profileLinks(s, null)[0] ?? null;
}

/** URLs, each once: `https://a.com` and `https://a.com/` are one (the first spelling kept). */
export function uniqUrls(xs: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const x of xs) {
    const k = x.replace(/\/+$/, '');
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(x);
  }
  return out;
}

export function uniq<T>(xs: Iterable<T>): T[] {
  return [...new Set(xs)];
}

/** `platform:handle`, lower-cased: how discovery names an account. */
export const identityOf = (platform: string, handle: string) => `${platform}:${handle.toLowerCase()}`;

/** `handleFromUrl` from the shared link classifier's table (src/links/classify.ts), for `platform`. */
export function classifiedHandle(platform: string): (url: URL) => string | null {
  return (url) => {
    const c = classifyLink(url.href);
    return c?.platform === platform ? c.handle : null;
  };
}
