/**
 * GraphQL types and root fields of the creator tools. Every api.md field is typed (camelCase),
 * plus `json` with the whole wire record (what /v1 returns).
 *
 * The result types are plain objects whose fields resolve independently (no field reads
 * another's resolver). Under `@defer` / `@stream` the root field resolves to a live view of the
 * same record instead (liveRecord below): `source` and the source's entry in `profiles` as soon
 * as the source profile is read; under `@stream`, each profile the lookup settles in identity as
 * it does (its confidence and evidence with the result); every other field when the lookup
 * completes.
 *
 * Every field shows the record as the root field's `minConfidence` has it: the operation's view
 * (src/discovery/view.ts), applied by the pipeline to live and cached records alike.
 */
import { getDirectiveValues } from 'graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { ApiError } from '../../errors.js';
import type { GatewayContext } from '../../pipeline/context.js';
import { builder } from '../../graphql/builder.js';
import type { Fields } from '../../graphql/fields.js';
import { GraphQLStreamDirective } from '../../graphql/incremental.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import {
  ANCHOR_MIN_CONFIDENCE,
  CANDIDATE_MAX_CONFIDENCE,
  CANDIDATE_WEIGHTS,
  DEFAULT_MIN_CONFIDENCE,
  VERIFIED_MIN_CONFIDENCE,
} from '../evidence.js';
import { API_EVIDENCE_LABELS, CANDIDATE_EVIDENCE_LABELS, PROOF_EVIDENCE_LABELS } from '../types.js';
import { watchProgress } from '../progress.js';
import type { ProfileIdentity, SourceStage } from '../progress.js';
import type {
  DiscoveredProfile,
  DiscoveryDiagnostics,
  DiscoverySource,
  EmailLookupResult,
  EmailSource,
  FoundEmail,
  SocialProfilesResult,
} from '../types.js';
import { EmailLookupResultSchema, SocialProfilesResultSchema } from './schema.js';
import type { DiscoveryArgs } from './platform.js';
import { findCreatorEmails, findSocialProfiles, progressKey } from './platform.js';

// ---------------------------------------------------------------------------------------------
// Live views (incremental delivery)
// ---------------------------------------------------------------------------------------------

/** The lookup behind a live view (what `json` returns). */
const LOOKUP = Symbol('discovery.lookup');
/** A live view's `profiles`, given whether the field is streamed. */
const LIVE_PROFILES = Symbol('discovery.profiles');

/** Every wire key of each record: its schema's. */
const PROFILE_KEYS = Object.keys(SocialProfilesResultSchema.shape);
const EMAIL_KEYS = Object.keys(EmailLookupResultSchema.shape);

const sameIdentity = (a: ProfileIdentity, b: ProfileIdentity) => a.platform === b.platform && a.handle === b.handle && a.url === b.url;

/** `evidence`'s description, from the label lists (types.ts) and the candidate model's weights (evidence.ts). */
const EVIDENCE_DESCRIPTION =
  `Every evidence label that applied: ${API_EVIDENCE_LABELS.join(', ')}; ` +
  `identity proofs beyond them, each verifying a profile alone: ${PROOF_EVIDENCE_LABELS.join(', ')}; ` +
  `for a candidate short of proof also ${CANDIDATE_EVIDENCE_LABELS.join(', ')} ` +
  `(${CANDIDATE_EVIDENCE_LABELS.filter((l) => (CANDIDATE_WEIGHTS[l] ?? 0) < 0).join(', ')} count against it)`;

/** A profile settled in identity: platform, handle and url now; confidence and evidence from the record, once the lookup completes. */
function settledProfile(p: ProfileIdentity, lookup: Promise<SocialProfilesResult>): DiscoveredProfile {
  let record: Promise<DiscoveredProfile> | undefined;
  // Lazily: a client that does not select them leaves no promise behind to fail unobserved.
  const final = () =>
    (record ??= lookup.then(({ profiles }) => {
      const r = profiles.find((x) => sameIdentity(x, p));
      // The pipeline reports only what the record will hold (pipeline.ts settled()).
      if (!r) throw new ApiError('INTERNAL', `profile ${p.url} was streamed but is not in the completed lookup`);
      return r;
    }));
  return {
    platform: p.platform,
    handle: p.handle,
    url: p.url,
    get confidence() {
      return final().then((r) => r.confidence);
    },
    get evidence() {
      return final().then((r) => r.evidence);
    },
  } as unknown as DiscoveredProfile;
}

/**
 * `profiles` under @stream, in verification order: the source's entry the moment it is known,
 * then each profile as the lookup settles it in identity, then the rest in the record's order.
 * Items are never revised, so an item goes out only once it is certain to be in the record
 * (confidence and evidence arrive when the lookup completes); the set is exactly the record's.
 */
async function* profilesAsSettled(
  first: DiscoveredProfile | undefined,
  settled: AsyncIterable<ProfileIdentity> | null,
  lookup: Promise<SocialProfilesResult>,
): AsyncGenerator<DiscoveredProfile> {
  if (first) yield first;
  const sent: ProfileIdentity[] = [];
  if (settled) {
    for await (const p of settled) {
      sent.push(p);
      yield settledProfile(p, lookup);
    }
  }
  const { profiles } = await lookup;
  // The source's entry is always the first (confidence 1, listed first): it went out already.
  for (const p of first ? profiles.slice(1) : profiles) {
    const i = sent.findIndex((s) => sameIdentity(s, p));
    if (i >= 0) sent.splice(i, 1);
    else yield p;
  }
}

/** Whether this field is streamed (`@stream`, its `if` not false), read as the executor reads it. */
function isStreamed(info: GraphQLResolveInfo): boolean {
  const node = info.fieldNodes[0];
  if (!node.directives?.some((d) => d.name.value === 'stream')) return false;
  const values = getDirectiveValues(GraphQLStreamDirective, node, info.variableValues);
  return !!values && values.if !== false;
}

/**
 * The record as a view whose fields settle as the one lookup progresses; the root field
 * resolves once the source is read (a lookup that fails before that fails the field, at 0 credits).
 */
function liveRecord<R extends SocialProfilesResult | EmailLookupResult>(
  field: 'findSocialProfiles' | 'findCreatorEmails',
  keys: readonly string[],
) {
  return (
    lookup: Promise<R>,
    _ctx: GatewayContext,
    info: GraphQLResolveInfo,
    args: DiscoveryArgs | undefined,
  ): Promise<Record<string | symbol, unknown>> => {
    const watch = args ? watchProgress(progressKey(field, args)) : null;
    if (watch) void lookup.then(watch.release, watch.release);
    // `lookup` is the record as the caller's min_confidence shows it (the operation's view).
    const min = args?.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
    const fromResult = lookup.then((r): SourceStage => ({
      source: r.source,
      profile: 'profiles' in r ? r.profiles[0] : (undefined as never),
    }));
    return (watch ? Promise.race([watch.source, fromResult]) : fromResult).then((stage) => {
      const view: Record<string | symbol, unknown> = { [LOOKUP]: lookup, source: stage.source };
      if (keys.includes('profiles')) {
        const all = lookup as Promise<SocialProfilesResult>;
        // Not streamed, the list is the record's (its order by confidence is final only at the end).
        // Profiles settled early are anchored (at least ANCHOR_MIN_CONFIDENCE sure): sent early only
        // when the caller's threshold cannot hide them.
        const early = min <= ANCHOR_MIN_CONFIDENCE ? (watch?.profiles() ?? null) : null;
        view[LIVE_PROFILES] = (streamed: boolean) =>
          streamed ? profilesAsSettled(stage.profile, early, all) : all.then((r) => r.profiles);
      }
      for (const k of keys) {
        if (!(k in view))
          Object.defineProperty(view, k, {
            enumerable: true,
            get: () => lookup.then((r) => (r as unknown as Record<string, unknown>)[k]),
          });
      }
      return view;
    });
  };
}

/** `json`: the whole record (from a live view, once its lookup completes). */
const wholeRecord = <R>(r: R): R | Promise<R> => (r as { [LOOKUP]?: Promise<R> })[LOOKUP] ?? r;

/** The parts of both results: the source, a discovered profile, a found address. */
function partTypes() {
  const SourceRef = builder.objectRef<DiscoverySource>('DiscoverySource').implement({
    description: 'The source profile a lookup started from',
    fields: (t) => ({
      platform: t.exposeString('platform', {
        nullable: false,
        description: 'The source platform as the caller sent it (microblog-b-alias is echoed)',
      }),
      handle: t.exposeString('handle', {
        nullable: false,
        description: 'Normalised, without a leading @ (video: the channel handle, or its id when it has none)',
      }),
      url: t.exposeString('url', { nullable: false, description: 'Profile URL' }),
    }),
  });

  const ProfileRef = builder.objectRef<DiscoveredProfile>('DiscoveredProfile').implement({
    description: "One of the creator's profiles",
    fields: (t) => ({
      platform: t.exposeString('platform', {
        nullable: false,
        description: 'Neutral label (social-b, professional…) or lowercase platform name (twitch, patreon…)',
      }),
      handle: t.exposeString('handle', { nullable: false, description: 'The account name on that platform' }),
      url: t.exposeString('url', { nullable: false, description: 'The profile URL' }),
      confidence: t.exposeFloat('confidence', {
        nullable: false,
        description: `0 to 1, from the documented evidence model: verified profiles at least ${VERIFIED_MIN_CONFIDENCE}, candidates short of proof at most ${CANDIDATE_MAX_CONFIDENCE}`,
      }),
      evidence: t.exposeStringList('evidence', {
        nullable: false,
        description: EVIDENCE_DESCRIPTION,
      }),
    }),
  });

  const EmailSourceRef = builder.objectRef<EmailSource>('CreatorEmailSource').implement({
    description: 'Where an address was found',
    fields: (t) => ({
      url: t.exposeString('url', { nullable: false, description: 'The page the address was read on' }),
      type: t.exposeString('type', { nullable: false, description: 'social_profile, link_in_bio, website or linked_profile' }),
    }),
  });

  const EmailRef = builder.objectRef<FoundEmail>('CreatorEmail').implement({
    description: 'A contact address the creator lists publicly, with where it was found',
    fields: (t) => ({
      email: t.exposeString('email', { nullable: false, description: 'The address' }),
      sources: t.expose('sources', {
        type: [EmailSourceRef],
        nullable: false,
        description: 'Empty when the address was found only through internal-only sources',
      }),
    }),
  });
  return { SourceRef, ProfileRef, EmailRef };
}

type Parts = ReturnType<typeof partTypes>;

/** The diagnostic fields both results carry (api.md "diagnostic fields"), in api.md's order: declared once. */
function diagnosticFields(t: Fields<DiscoveryDiagnostics>) {
  return {
    linkInBioUrls: t.exposeStringList('link_in_bio_urls', { nullable: false, description: 'Link-in-bio pages found' }),
    expandedWebsiteUrls: t.exposeStringList('expanded_website_urls', { nullable: false, description: 'Creator-declared websites scanned' }),
    sourceLinkedProfileUrls: t.exposeStringList('source_linked_profile_urls', {
      nullable: false,
      description: 'Accounts explicitly linked from the source profile',
    }),
    failedSourceLinkedProfileUrls: t.exposeStringList('failed_source_linked_profile_urls', {
      nullable: false,
      description: 'Of sourceLinkedProfileUrls, those that could not be read',
    }),
    sameHandleCandidateUrls: t.exposeStringList('same_handle_candidate_urls', {
      nullable: false,
      description: 'Same-handle profile candidates on other platforms',
    }),
    partial: t.exposeBoolean('partial', { nullable: false, description: 'Some optional scans failed or timed out' }),
    failedLinkInBioUrls: t.exposeStringList('failed_link_in_bio_urls', {
      nullable: false,
      description: 'Link-in-bio pages that could not be read',
    }),
    failedWebsiteUrls: t.exposeStringList('failed_website_urls', {
      nullable: false,
      description: 'Creator-declared websites that could not be read',
    }),
    sameHandleSearchPartial: t.exposeBoolean('same_handle_search_partial', {
      nullable: false,
      description: 'A same-handle candidate (or a page it links) could not be read',
    }),
    websearchUsed: t.exposeBoolean('websearch_used', { nullable: false, description: 'A web search took part in discovery' }),
    websearchFailed: t.exposeBoolean('websearch_failed', { nullable: false, description: 'The web search itself failed' }),
    websearchCandidateUrls: t.exposeStringList('websearch_candidate_urls', {
      nullable: false,
      description: 'Profiles the web search suggested',
    }),
    websearchCandidateLinkInBioUrls: t.exposeStringList('websearch_candidate_link_in_bio_urls', {
      nullable: false,
      description: 'Link-in-bio pages the web search suggested',
    }),
    failedWebsearchCandidateLinkInBioUrls: t.exposeStringList('failed_websearch_candidate_link_in_bio_urls', {
      nullable: false,
      description: 'Of websearchCandidateLinkInBioUrls, those that could not be read',
    }),
    verifiedWebsearchCandidateUrls: t.exposeStringList('verified_websearch_candidate_urls', {
      nullable: false,
      description: "Web search suggestions (profiles and link-in-bio pages) verified as the creator's",
    }),
    failedWebsearchCandidateUrls: t.exposeStringList('failed_websearch_candidate_urls', {
      nullable: false,
      description: 'Suggested profiles that could not be read (or a page they link)',
    }),
    websearchVerificationPartial: t.exposeBoolean('websearch_verification_partial', {
      nullable: false,
      description: 'A web search suggestion could not be checked (one of the failed lists above is not empty)',
    }),
  };
}

/** SocialProfileDiscovery and the findSocialProfiles root field (live under @defer / @stream). */
function socialProfilesTypes({ SourceRef, ProfileRef }: Parts): void {
  const SocialProfilesRef = builder.objectRef<SocialProfilesResult>('SocialProfileDiscovery').implement({
    description: "A creator's profiles across platforms (find social profiles)",
    fields: (t) => ({
      source: t.expose('source', { type: SourceRef, nullable: false, description: 'The profile the lookup started from' }),
      profiles: t.field({
        type: [ProfileRef],
        nullable: false,
        description:
          "Profiles at least minConfidence sure (default 0.5): the source profile first, then by confidence. Under @stream (incremental delivery) in verification order instead, as the same set: the source first, then each profile as soon as it is certain to be returned (linked from the source or its link-in-bio page, and read), then the rest in confidence order. An item's confidence and evidence are final only when the lookup completes: select them in a nested @defer to get the item's platform, handle and url at once (without it the item waits for them).",
        resolve: (r, _args, _ctx, info) => {
          const live = (r as { [LIVE_PROFILES]?: (streamed: boolean) => unknown })[LIVE_PROFILES];
          return (live ? live(isStreamed(info)) : r.profiles) as never;
        },
      }),
      ...diagnosticFields(t),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: wholeRecord }),
    }),
  });
  operationField(findSocialProfiles, SocialProfilesRef, liveRecord('findSocialProfiles', PROFILE_KEYS));
}

/** CreatorEmailLookup and the findCreatorEmails root field (live under @defer). */
function emailLookupTypes({ SourceRef, EmailRef }: Parts): void {
  const EmailLookupRef = builder.objectRef<EmailLookupResult>('CreatorEmailLookup').implement({
    description: "A creator's publicly listed contact addresses (find creator emails)",
    fields: (t) => ({
      source: t.expose('source', { type: SourceRef, nullable: false, description: 'The profile the lookup started from' }),
      emails: t.expose('emails', {
        type: [EmailRef],
        nullable: false,
        description:
          'Deduplicated; empty when none is publicly listed (with partial true that is not proof that none exists). Addresses found only on profiles below minConfidence are left out.',
      }),
      scannedProfileUrls: t.exposeStringList('scanned_profile_urls', { nullable: false, description: 'Profiles scanned for e-mails' }),
      failedEmailScanUrls: t.exposeStringList('failed_email_scan_urls', { nullable: false, description: 'Scans that failed or timed out' }),
      emailScanLimited: t.exposeBoolean('email_scan_limited', {
        nullable: false,
        description: 'A bound (pages, bytes, sites, accounts) cut the scan',
      }),
      ...diagnosticFields(t),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: wholeRecord }),
    }),
  });
  operationField(findCreatorEmails, EmailLookupRef, liveRecord('findCreatorEmails', EMAIL_KEYS));
}

/** Declares api's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function discoveryGraphql(): void {
  const parts = partTypes();
  socialProfilesTypes(parts);
  emailLookupTypes(parts);
}
