/**
 * GraphQL types and root fields of the creator tools. Every api.md field is typed (camelCase),
 * plus `json` with the whole wire record (what /v1 returns).
 *
 * The result types are plain objects whose fields resolve independently (no field reads
 * another's resolver), so `@defer` on fragments and `@stream` on the lists can be added later
 * without changing them: `source` and `profiles` first, `emails` and diagnostics after.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { DiscoveredProfile, DiscoverySource, EmailLookupResult, EmailSource, FoundEmail, SocialProfilesResult } from '../../discovery/types.js';
import { findCreatorEmails, findSocialProfiles } from './platform.js';

const SourceRef = builder.objectRef<DiscoverySource>('DiscoverySource').implement({
  description: 'The source profile a lookup started from',
  fields: (t) => ({
    platform: t.exposeString('platform', { nullable: false, description: 'The source platform as the caller sent it (microblog-b-alias is echoed)' }),
    handle: t.exposeString('handle', { nullable: false, description: 'Normalised, without a leading @ (video: the channel handle, or its id when it has none)' }),
    url: t.exposeString('url', { nullable: false, description: 'Profile URL' }),
  }),
});

const ProfileRef = builder.objectRef<DiscoveredProfile>('DiscoveredProfile').implement({
  description: "One of the creator's profiles",
  fields: (t) => ({
    platform: t.exposeString('platform', { nullable: false, description: 'Neutral label (social-b, professional…) or lowercase platform name (twitch, patreon…)' }),
    handle: t.exposeString('handle', { nullable: false }),
    url: t.exposeString('url', { nullable: false }),
    confidence: t.exposeFloat('confidence', { nullable: false, description: '0 to 1, from the documented evidence model' }),
    evidence: t.exposeStringList('evidence', {
      nullable: false,
      description: 'Every evidence label that applied: source_profile, link_in_bio, verified_profile_link, same_handle_match, shared_website, website_link, websearch_match, display_name_match, reciprocal_profile_link',
    }),
  }),
});

const EmailSourceRef = builder.objectRef<EmailSource>('CreatorEmailSource').implement({
  description: 'Where an address was found',
  fields: (t) => ({
    url: t.exposeString('url', { nullable: false }),
    type: t.exposeString('type', { nullable: false, description: 'social_profile, link_in_bio, website or linked_profile' }),
  }),
});

const EmailRef = builder.objectRef<FoundEmail>('CreatorEmail').implement({
  fields: (t) => ({
    email: t.exposeString('email', { nullable: false }),
    sources: t.expose('sources', { type: [EmailSourceRef], nullable: false, description: 'Empty when the address was found only through internal-only sources' }),
  }),
});

/** What the diagnostic helper needs of a Pothos field builder (both result types share the fields). */
interface ExposeBuilder {
  exposeStringList(name: string, opts: { nullable: false; description?: string }): unknown;
  exposeBoolean(name: string, opts: { nullable: false; description?: string }): unknown;
}

/** The diagnostic fields both results carry (api.md "diagnostic fields"), in api.md's order. */
function diagnosticFields(t: ExposeBuilder): Record<string, never> {
  const list = (key: string, description?: string) => t.exposeStringList(key, { nullable: false, description });
  const flag = (key: string, description?: string) => t.exposeBoolean(key, { nullable: false, description });
  return {
    linkInBioUrls: list('link_in_bio_urls', 'Link-in-bio pages found'),
    expandedWebsiteUrls: list('expanded_website_urls', 'Creator-declared websites scanned'),
    sourceLinkedProfileUrls: list('source_linked_profile_urls', 'Accounts explicitly linked from the source profile'),
    failedSourceLinkedProfileUrls: list('failed_source_linked_profile_urls'),
    sameHandleCandidateUrls: list('same_handle_candidate_urls', 'Same-handle profile candidates on other platforms'),
    partial: flag('partial', 'Some optional scans failed or timed out'),
    failedLinkInBioUrls: list('failed_link_in_bio_urls'),
    failedWebsiteUrls: list('failed_website_urls'),
    sameHandleSearchPartial: flag('same_handle_search_partial'),
    websearchUsed: flag('websearch_used', 'A web search took part in discovery'),
    websearchFailed: flag('websearch_failed'),
    websearchCandidateUrls: list('websearch_candidate_urls'),
    websearchCandidateLinkInBioUrls: list('websearch_candidate_link_in_bio_urls'),
    failedWebsearchCandidateLinkInBioUrls: list('failed_websearch_candidate_link_in_bio_urls'),
    verifiedWebsearchCandidateUrls: list('verified_websearch_candidate_urls'),
    failedWebsearchCandidateUrls: list('failed_websearch_candidate_urls'),
    websearchVerificationPartial: flag('websearch_verification_partial'),
  } as unknown as Record<string, never>;
}

const SocialProfilesRef = builder.objectRef<SocialProfilesResult>('SocialProfileDiscovery').implement({
  description: "A creator's profiles across platforms (find social profiles)",
  fields: (t) => ({
    source: t.expose('source', { type: SourceRef, nullable: false }),
    profiles: t.expose('profiles', { type: [ProfileRef], nullable: false, description: 'The source profile first, then by confidence' }),
    ...diagnosticFields(t as unknown as ExposeBuilder),
    json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
  }),
});

const EmailLookupRef = builder.objectRef<EmailLookupResult>('CreatorEmailLookup').implement({
  description: "A creator's publicly listed contact addresses (find creator emails)",
  fields: (t) => ({
    source: t.expose('source', { type: SourceRef, nullable: false }),
    emails: t.expose('emails', { type: [EmailRef], nullable: false, description: 'Deduplicated; empty when none is publicly listed (with partial true that is not proof that none exists)' }),
    scannedProfileUrls: t.exposeStringList('scanned_profile_urls', { nullable: false, description: 'Profiles scanned for e-mails' }),
    failedEmailScanUrls: t.exposeStringList('failed_email_scan_urls', { nullable: false, description: 'Scans that failed or timed out' }),
    emailScanLimited: t.exposeBoolean('email_scan_limited', { nullable: false, description: 'A bound (pages, bytes, sites, accounts) cut the scan' }),
    ...diagnosticFields(t as unknown as ExposeBuilder),
    json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
  }),
});

operationField(findSocialProfiles, SocialProfilesRef);
operationField(findCreatorEmails, EmailLookupRef);
