/**
 * The creator tools (api.md "Creator tools"): find social profiles and find creator emails.
 * Registry entry only; the pipeline is src/discovery (README.md there: evidence model, stages,
 * bounds, decisions).
 *
 *   GET /v1/find-social-profiles  10 credits live, 0 from cache
 *   GET /v1/find-creator-emails   10 reserved; 1 charged when `emails` is empty (partial or not),
 *                                 10 when any address is returned; 0 from cache
 * Invalid input, a missing source profile and a failed lookup cost 0 (the gateway charges
 * nothing for a field that errors).
 *
 * `min_confidence` (0 to 1, default 0.5) is what the caller sees of the record (view.ts): it is
 * applied after the cache — not part of the cache key, so every threshold is served by one entry
 * — and an e-mail lookup's credits follow the addresses it returns at that threshold (one it hides
 * is not returned: 1 when none is shown).
 *
 * `discovery` is not one of api.md's platform labels: it names this module in the registry only;
 * the upstream hosts below are the sources' (each sub-fetch is labelled with its own platform).
 */
import type { PlatformDefinition } from '../../platforms/definition.js';
import type { OperationDef } from '../../platforms/operation.js';
import { parseSourceHandle, sourceKey } from '../input.js';
import type { SourceRef } from '../input.js';
import { runDiscovery } from '../pipeline.js';
import { reportProgress } from '../progress.js';
import { DEFAULT_MIN_CONFIDENCE } from '../evidence.js';
import type { SocialProfilesResult, SourcePlatform } from '../types.js';
import { SOURCE_PLATFORMS } from '../types.js';
import { emailLookupRecord, socialProfilesRecord } from './schema.js';
import type { EmailLookupCached } from '../view.js';
import { emailLookupView, socialProfilesView } from '../view.js';
import * as schema from './schema.js';

const label = 'discovery';
const hosts = ['i.instagram.com', 'www.tiktok.com', 'www.youtube.com', 'x.com', 'api.x.com', 'www.facebook.com', 'www.google.com'];

export interface DiscoveryArgs {
  /** As the caller sent it (echoed in `source.platform`). */
  platform: SourcePlatform;
  ref: SourceRef;
  /** What the caller sees (view.ts); not in the cache key. */
  minConfidence: number;
}

const HANDLE_MAX = 200;

/**
 * Where a lookup reports its progress (src/discovery/progress.ts: the source stage; for find
 * social profiles also each profile settled in identity) and where the GraphQL field of the same
 * lookup watches for it: one key per operation and source, like the lookup's cache key.
 */
export function progressKey(field: 'findSocialProfiles' | 'findCreatorEmails', a: DiscoveryArgs): string {
  return `${field}\n${sourceKey(a.platform, a.ref)}`;
}

const params: OperationDef['params'] = [
  {
    name: 'platform',
    kind: 'enum',
    values: SOURCE_PLATFORMS,
    enumName: 'DiscoverySourcePlatform',
    required: true,
    description:
      'Platform of the source profile: social-b, shortvideo, video, microblog-b (microblog-b-alias is its second spelling), social-a',
  },
  {
    name: 'handle',
    kind: 'string',
    required: true,
    maxLength: HANDLE_MAX,
    description:
      'Handle of the source profile (leading @ optional; not a profile URL). The video platform also accepts a channel id (UC…).',
  },
  {
    name: 'min_confidence',
    kind: 'number',
    min: 0,
    max: 1,
    description:
      'Only profiles at least this sure, 0 to 1 (default 0.5); for e-mails, addresses found only on profiles below it are left out. Applied to the cached or live result alike: it changes neither the cache entry used nor the credits charged.',
  },
];

function check(args: Record<string, any>, problem: (param: string, message: string) => void): void {
  if (typeof args.handle !== 'string' || !args.handle.trim() || args.handle.length > HANDLE_MAX) return; // required / length rules report these
  if (!(SOURCE_PLATFORMS as readonly string[]).includes(args.platform)) return; // the enum rule reports it
  const r = parseSourceHandle(args.platform, args.handle);
  if (!r.ok) problem('handle', r.message);
}

function normalize(a: Record<string, any>): DiscoveryArgs {
  const r = parseSourceHandle(a.platform, a.handle);
  if (!r.ok) throw new Error('normalize called on invalid input');
  return { platform: a.platform, ref: r.ref, minConfidence: a.minConfidence ?? DEFAULT_MIN_CONFIDENCE };
}

export const findSocialProfiles: OperationDef<DiscoveryArgs, SocialProfilesResult> = {
  field: 'findSocialProfiles',
  platform: label,
  summary: "The creator's profiles on other platforms, each with a confidence and the evidence for it",
  rest: { path: '/v1/find-social-profiles' },
  // A monitor tracks the profiles found (src/monitors/fields.ts), not the diagnostic lists.
  watch: ['profiles.url'],
  record: schema.SocialProfilesResultSchema,
  params,
  cacheable: true,
  check,
  normalize,
  key: (a) => sourceKey(a.platform, a.ref),
  cost: { max: 10 },
  view: (r, a) => socialProfilesView(r, a.minConfidence),
  example: { platform: 'social-b', handle: 'tala.draws' },
  // The lookup bounds itself: DISCOVERY_DEADLINE_MS, then what it found (partial), not a 504.
  deadlineMs: () => null,
  async run(ctx, a) {
    const progress = reportProgress(progressKey('findSocialProfiles', a));
    try {
      const r = await runDiscovery(ctx, a.platform, a.ref, { emails: false, onSource: progress.source, onProfile: progress.profile });
      return socialProfilesRecord(r.source, r.profiles, r.diagnostics);
    } finally {
      progress.done();
    }
  },
};

export const findCreatorEmails: OperationDef<DiscoveryArgs, EmailLookupCached> = {
  field: 'findCreatorEmails',
  platform: label,
  summary: 'Publicly listed contact e-mail addresses of a creator, each with where it was found',
  rest: { path: '/v1/find-creator-emails' },
  // A monitor tracks the addresses found (src/monitors/fields.ts), not the diagnostic lists.
  watch: ['emails.email'],
  record: schema.EmailLookupResultSchema,
  params,
  cacheable: true,
  check,
  normalize,
  key: (a) => sourceKey(a.platform, a.ref),
  cost: {
    max: 10,
    reserve: () => 10,
    // api.md: 1 when `emails` is empty (a partial empty result included), 10 when any is returned —
    // returned at the caller's min_confidence (an address it hides is not returned).
    of: (r, a) => (emailLookupView(r, a.minConfidence).emails.length > 0 ? 10 : 1),
  },
  view: (r, a) => emailLookupView(r, a.minConfidence) as EmailLookupCached,
  example: { platform: 'video', handle: 'RaviMenonCooks' },
  deadlineMs: () => null,
  async run(ctx, a) {
    const progress = reportProgress(progressKey('findCreatorEmails', a));
    try {
      const r = await runDiscovery(ctx, a.platform, a.ref, { emails: true, onSource: progress.source });
      // The scanned profiles' confidence, for min_confidence (view.ts); never shown.
      const scanned = new Set(r.scan.scanned_profile_urls);
      const confidence = Object.fromEntries(r.profiles.filter((p) => scanned.has(p.url)).map((p) => [p.url, p.confidence]));
      return { ...emailLookupRecord(r.source, r.emails, r.scan, r.diagnostics), _profile_confidence: confidence };
    } finally {
      progress.done();
    }
  },
};

export const platform: PlatformDefinition = { label, hosts, operations: [findSocialProfiles, findCreatorEmails] };
