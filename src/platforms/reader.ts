/**
 * The slot each platform with public creator accounts fills for creator discovery: how its
 * handles look, which URLs are its profiles, and how one public profile is read. Discovery
 * iterates the registry's readers (src/platforms/registry.ts), so a platform that exports one
 * from its folder is used by discovery without any change under src/discovery/.
 *
 * A reader shares its fetch and parse with the platform's REST operations (it is a view of the
 * same extractor, not a second copy). Its errors are the gateway's typed errors: NOT_FOUND (no
 * such account), PRIVATE_CONTENT, UPSTREAM_BLOCKED (a wall, a challenge or an exhausted quota),
 * UPSTREAM_FAILED / UPSTREAM_TIMEOUT.
 */
import type { OpContext } from './operation.js';

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
  /** Absolute http(s) URLs the profile declares: website fields first, then links in the bio. */
  links: string[];
  /** Addresses shown publicly on the profile (contact fields, bio). */
  emails: string[];
  /** Every `platform:identity` this profile answers to, lower-cased (e.g. a handle and an id). */
  ids: string[];
  /** Public follower count where the platform shows one. */
  followers: number | null;
  /** The account is private: its header may be public, its content is not read. */
  isPrivate: boolean;
}


export interface ProfileReader {
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
  /** Upstream requests one read costs at most (documented per platform: the lookup's budget). */
  requestsPerRead: number;
  read(ctx: OpContext, handle: string): Promise<ProfileView>;
}
