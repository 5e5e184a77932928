/**
 * The creator-tool records (api.md "Email lookup result", "Social profile discovery result") as
 * data: the /openapi.json response schemas and what REST bodies are checked against. Their
 * TypeScript types live with the discovery pipeline (src/discovery/types.ts); they are checked
 * equal to these schemas at compile time, so neither can drift from the other.
 */
import { z } from 'zod';
import type {
  DiscoveredProfile,
  DiscoveryDiagnostics,
  DiscoverySource,
  EmailLookupResult,
  FoundEmail,
  SocialProfilesResult,
} from '../types.js';
import { EVIDENCE_LABELS } from '../types.js';
import { assertType, Bool, named, Str, Strs } from '../../platforms/records.js';
import type { Equals } from '../../platforms/records.js';

export const DiscoverySourceSchema = z.strictObject({
  /** As the caller sent it (`microblog-b-alias` stays `microblog-b-alias`). */
  platform: Str,
  /** Normalised, without a leading @. */
  handle: Str,
  url: Str,
});

export const DiscoveredProfileSchema = z.strictObject({
  /** Neutral label (social-b, professional…) or lowercase platform name (twitch, patreon…). */
  platform: Str,
  handle: Str,
  url: Str,
  confidence: z.number().min(0).max(1),
  evidence: z.array(z.enum(EVIDENCE_LABELS)),
});

export const FoundEmailSchema = z.strictObject({
  email: Str,
  /** Empty when the address was found only through internal-only sources. */
  sources: z.array(z.strictObject({ url: Str, type: z.enum(['social_profile', 'link_in_bio', 'website', 'linked_profile']) })),
});

/** The diagnostic lists both records share (api.md "diagnostic fields"). */
const diagnostics = {
  link_in_bio_urls: Strs,
  expanded_website_urls: Strs,
  source_linked_profile_urls: Strs,
  failed_source_linked_profile_urls: Strs,
  same_handle_candidate_urls: Strs,
  partial: Bool,
  failed_link_in_bio_urls: Strs,
  failed_website_urls: Strs,
  same_handle_search_partial: Bool,
  websearch_used: Bool,
  websearch_failed: Bool,
  websearch_candidate_urls: Strs,
  websearch_candidate_link_in_bio_urls: Strs,
  failed_websearch_candidate_link_in_bio_urls: Strs,
  verified_websearch_candidate_urls: Strs,
  failed_websearch_candidate_urls: Strs,
  websearch_verification_partial: Bool,
};

export const SocialProfilesResultSchema = named(
  'SocialProfilesResult',
  z.strictObject({ source: DiscoverySourceSchema, profiles: z.array(DiscoveredProfileSchema), ...diagnostics }),
);

// The e-mail record follows api.md's table order: `partial` and the first scans' failures come
// before the linked accounts (the social-profiles record lists them the other way).
const { link_in_bio_urls, expanded_website_urls, partial, failed_link_in_bio_urls, failed_website_urls, ...linkedAccounts } = diagnostics;
const firstScans = { link_in_bio_urls, expanded_website_urls, partial, failed_link_in_bio_urls, failed_website_urls };

export const EmailLookupResultSchema = named(
  'EmailLookupResult',
  z.strictObject({
    source: DiscoverySourceSchema,
    emails: z.array(FoundEmailSchema),
    scanned_profile_urls: Strs,
    failed_email_scan_urls: Strs,
    email_scan_limited: Bool,
    ...firstScans,
    ...linkedAccounts,
  }),
);

/** `fields` as a record of `schema`: its keys, in the schema's (the wire's) order. */
function inSchemaOrder<T>(schema: z.ZodObject, fields: Record<string, unknown>): T {
  return Object.fromEntries(Object.keys(schema.shape).map((k) => [k, fields[k]])) as T;
}

/** The social-profiles record, in wire order. */
export function socialProfilesRecord(
  source: DiscoverySource,
  profiles: DiscoveredProfile[],
  d: DiscoveryDiagnostics,
): SocialProfilesResult {
  return inSchemaOrder(SocialProfilesResultSchema, { ...d, source, profiles });
}

/** The e-mail record, in wire order. */
export function emailLookupRecord(
  source: DiscoverySource,
  emails: FoundEmail[],
  scan: Pick<EmailLookupResult, 'scanned_profile_urls' | 'failed_email_scan_urls' | 'email_scan_limited'>,
  d: DiscoveryDiagnostics,
): EmailLookupResult {
  return inSchemaOrder(EmailLookupResultSchema, { ...d, ...scan, source, emails });
}

assertType<Equals<z.infer<typeof DiscoverySourceSchema>, DiscoverySource>>();
assertType<Equals<z.infer<typeof DiscoveredProfileSchema>, DiscoveredProfile>>();
assertType<Equals<z.infer<typeof FoundEmailSchema>, FoundEmail>>();
assertType<Equals<z.infer<z.ZodObject<typeof diagnostics>>, DiscoveryDiagnostics>>();
assertType<Equals<z.infer<typeof SocialProfilesResultSchema>, Omit<SocialProfilesResult, never>>>();
assertType<Equals<z.infer<typeof EmailLookupResultSchema>, Omit<EmailLookupResult, never>>>();
