/**
 * The two creator-tool records of api.md ("Email lookup result", "Social profile discovery
 * result"), in api.md's field order, every field always present (empty arrays, `false`).
 */

/** `platform` values the creator tools take (api.md "Creator tools"). */
export const SOURCE_PLATFORMS = ['social-b', 'shortvideo', 'video', 'microblog-b', 'microblog-b-alias', 'social-a'] as const;
export type SourcePlatform = (typeof SOURCE_PLATFORMS)[number];

/** The platform label a source value stands for (`microblog-b-alias` is microblog-b's second spelling). */
export function canonicalPlatform(p: SourcePlatform): Exclude<SourcePlatform, 'microblog-b-alias'> {
  return p === 'microblog-b-alias' ? 'microblog-b' : p;
}

export interface DiscoverySource {
  /** As the caller sent it (`microblog-b-alias` stays `microblog-b-alias`). */
  platform: string;
  /** Normalised, without a leading @ (the video platform: the channel's handle, or its id when it has none). */
  handle: string;
  /** The profile URL. */
  url: string;
}

/** Evidence labels of api.md ("evidence values shown"): what verifies a profile, and what a candidate's confidence starts from. */
export const API_EVIDENCE_LABELS = [
  'source_profile',
  'link_in_bio',
  'verified_profile_link',
  'same_handle_match',
  'shared_website',
  'website_link',
  'websearch_match',
  'display_name_match',
  'reciprocal_profile_link',
] as const;

/**
 * Identity proofs beyond api.md's labels (issue 35), shown for verified profiles after api.md's:
 * each alone verifies a profile (evidence.ts).
 *  - `domain_handle`: a Bluesky domain handle whose `https://<domain>/.well-known/atproto-did`
 *    answers the profile's DID, the domain being the creator's website (a shared owner-controlled
 *    website, proven from the domain's side);
 *  - `verified_field_link`: a Mastodon profile field with `verified_at` (the server found
 *    `rel="me"` on the linked page) that links the creator's website, link page or a verified
 *    profile (a two-way link the server has checked);
 *  - `paired_account`: the account holds the handle of a verified account on the platform its
 *    accounts are made from, or that is made from it (a Threads profile carries its Instagram
 *    account's username: `ProfileReader.usernamesOf`) — one owner's two profiles.
 */
export const PROOF_EVIDENCE_LABELS = ['domain_handle', 'verified_field_link', 'paired_account'] as const;

/**
 * Labels beyond api.md's, listed for candidates only (profiles short of proof, evidence.ts "The
 * candidate model"): what else tells the creator's second account from a fan's or an impostor's.
 */
export const CANDIDATE_EVIDENCE_LABELS = [
  'shared_link_page',
  'shared_contact',
  'creator_mention',
  'second_account_marker',
  'fan_marker',
  'lookalike_handle',
  'links_elsewhere',
  'unconfirmed_link',
  'unverified_field_link',
  'website_credit',
  'other_person',
  'site_handle',
] as const;

/** Every label, in the order `evidence` lists them. */
export const EVIDENCE_LABELS = [...API_EVIDENCE_LABELS, ...PROOF_EVIDENCE_LABELS, ...CANDIDATE_EVIDENCE_LABELS] as const;
export type EvidenceLabel = (typeof EVIDENCE_LABELS)[number];

export interface DiscoveredProfile {
  /** Neutral label (social-b, professional…) or lowercase platform name (twitch, patreon…). */
  platform: string;
  handle: string;
  url: string;
  /** 0..1, from the evidence model (src/discovery/evidence.ts). */
  confidence: number;
  /** Every label that applied, in api.md's order. */
  evidence: EvidenceLabel[];
}

/** Where an address was found. `type`: social_profile, link_in_bio, website, linked_profile. */
export interface EmailSource {
  url: string;
  type: EmailSourceType;
}
export type EmailSourceType = 'social_profile' | 'link_in_bio' | 'website' | 'linked_profile';

export interface FoundEmail {
  email: string;
  /** Empty when the address was found only through internal-only sources. */
  sources: EmailSource[];
}

/** The diagnostic lists both records share (api.md "diagnostic fields"). */
export interface DiscoveryDiagnostics {
  link_in_bio_urls: string[];
  expanded_website_urls: string[];
  source_linked_profile_urls: string[];
  failed_source_linked_profile_urls: string[];
  same_handle_candidate_urls: string[];
  partial: boolean;
  failed_link_in_bio_urls: string[];
  failed_website_urls: string[];
  same_handle_search_partial: boolean;
  websearch_used: boolean;
  websearch_failed: boolean;
  websearch_candidate_urls: string[];
  websearch_candidate_link_in_bio_urls: string[];
  failed_websearch_candidate_link_in_bio_urls: string[];
  verified_websearch_candidate_urls: string[];
  failed_websearch_candidate_urls: string[];
  websearch_verification_partial: boolean;
}

/** api.md "Social profile discovery result". */
export interface SocialProfilesResult extends DiscoveryDiagnostics {
  source: DiscoverySource;
  profiles: DiscoveredProfile[];
}

/** api.md "Email lookup result". */
export interface EmailLookupResult extends DiscoveryDiagnostics {
  source: DiscoverySource;
  emails: FoundEmail[];
  scanned_profile_urls: string[];
  failed_email_scan_urls: string[];
  email_scan_limited: boolean;
}
