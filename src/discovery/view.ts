/**
 * What a caller sees of a lookup's record: `min_confidence` (default 0.5, evidence.ts
 * DEFAULT_MIN_CONFIDENCE) applied to the record as it was cached or just made. The record holds
 * every listed profile (verified ones and candidates short of proof, with their confidence); the
 * threshold is the caller's choice, so it is applied here — after the cache, never part of its
 * key. Find creator emails is charged on what this view returns (api.md: 1 when `emails` is empty,
 * 10 when any is returned; api/platform.ts `cost.of`); find social profiles costs 10 whatever it shows.
 *
 *  - find social profiles: `profiles` keeps those whose confidence is at least the threshold (the
 *    source, at 1, always). Diagnostic lists are the lookup's and are not filtered.
 *  - find creator emails: an address is kept when one of its sources is the source profile, a
 *    creator link page or website page, or a `linked_profile` whose profile is at least that
 *    sure; those sources alone are listed. Only verified profiles are ever scanned (api.md rule
 *    3), each at least VERIFIED_MIN_CONFIDENCE sure, so a threshold up to that changes nothing.
 *    Addresses found only through internal-only sources (`sources: []`) are kept.
 *
 * The e-mail record, as cached, carries each scanned profile's confidence (`_profile_confidence`,
 * by URL) for this; it is never shown. Views are memoised per record and threshold: a cached
 * record is one object on every hit, so its view (and the REST body text made of it) is too.
 */
import type { DiscoveredProfile, EmailLookupResult, SocialProfilesResult } from './types.js';

/** The e-mail record as its operation returns and the cache keeps it: the wire record plus its scanned profiles' confidence. */
export type EmailLookupCached = EmailLookupResult & { _profile_confidence?: Record<string, number> };

const views = new WeakMap<object, Map<number, object>>();

function memo<R extends object, V extends object>(record: R, min: number, make: () => V): V {
  let byMin = views.get(record);
  if (!byMin) views.set(record, (byMin = new Map()));
  let v = byMin.get(min) as V | undefined;
  if (!v) byMin.set(min, (v = make()));
  return v;
}

export function profilesAtLeast(profiles: readonly DiscoveredProfile[], min: number): DiscoveredProfile[] {
  return profiles.filter((p) => p.confidence >= min);
}

/** The social-profiles record as shown at `min`. */
export function socialProfilesView(r: SocialProfilesResult, min: number): SocialProfilesResult {
  return memo(r, min, () => ({ ...r, profiles: profilesAtLeast(r.profiles, min) }));
}

/** The e-mail record as shown at `min` (never with `_profile_confidence`). */
export function emailLookupView(r: EmailLookupCached, min: number): EmailLookupResult {
  return memo(r, min, () => {
    const { _profile_confidence: confidence, ...wire } = r;
    const sure = (url: string) => (confidence?.[url] ?? 1) >= min;
    const emails = r.emails.flatMap((e) => {
      if (e.sources.length === 0) return [e];
      const sources = e.sources.filter((s) => s.type !== 'linked_profile' || sure(s.url));
      if (sources.length === 0) return [];
      return [sources.length === e.sources.length ? e : { ...e, sources }];
    });
    return { ...wire, emails };
  });
}
