import { describe, expect, it } from 'vitest';
import type { DiscoveredProfile, DiscoveryDiagnostics } from './types.js';
import { emailLookupRecord, socialProfilesRecord } from './api/schema.js';
import type { EmailLookupCached } from './view.js';
import { emailLookupView, socialProfilesView } from './view.js';

const SOURCE = { platform: 'social-b', handle: 'owl', url: 'https://www.instagram.com/owl/' };
const D = {} as DiscoveryDiagnostics;
const p = (handle: string, confidence: number): DiscoveredProfile => ({
  platform: 'shortvideo',
  handle,
  url: `https://www.tiktok.com/@${handle}`,
  confidence,
  evidence: [],
});

describe('what a caller sees of a record (min_confidence)', () => {
  it('profiles at least that sure, in the record’s order and key order; one view object per record and threshold', () => {
    const r = socialProfilesRecord(SOURCE, [{ ...p('owl', 1), platform: 'social-b' }, p('a', 0.92), p('b', 0.5), p('c', 0.49)], D);
    expect(socialProfilesView(r, 0.5).profiles.map((x) => x.handle)).toEqual(['owl', 'a', 'b']);
    expect(socialProfilesView(r, 0).profiles).toEqual(r.profiles);
    expect(socialProfilesView(r, 1).profiles.map((x) => x.handle)).toEqual(['owl']);
    expect(Object.keys(socialProfilesView(r, 0.5))).toEqual(Object.keys(r));
    expect(socialProfilesView(r, 0.5)).toBe(socialProfilesView(r, 0.5));
    expect(r.profiles).toHaveLength(4); // the record itself is never changed
  });

  it('e-mails: linked profiles below the threshold are no source; an address left without one is dropped; internal-only ones stay; the confidences never show', () => {
    const scan = { scanned_profile_urls: [], failed_email_scan_urls: [], email_scan_limited: false };
    const r: EmailLookupCached = {
      ...emailLookupRecord(
        SOURCE,
        [
          { email: 'a@owl.studio', sources: [{ url: SOURCE.url, type: 'social_profile' }] },
          {
            email: 'b@owl.studio',
            sources: [
              { url: 'https://x.com/owl', type: 'linked_profile' },
              { url: 'https://owl.studio/contact', type: 'website' },
            ],
          },
          { email: 'c@owl.studio', sources: [{ url: 'https://x.com/owl', type: 'linked_profile' }] },
          { email: 'd@owl.studio', sources: [] },
        ],
        scan,
        D,
      ),
      _profile_confidence: { [SOURCE.url]: 1, 'https://x.com/owl': 0.9 },
    };
    const at = (min: number) => emailLookupView(r, min);
    expect(at(0.5).emails).toEqual(r.emails);
    expect(at(0.95).emails).toEqual([
      r.emails[0],
      { email: 'b@owl.studio', sources: [{ url: 'https://owl.studio/contact', type: 'website' }] },
      r.emails[3],
    ]);
    for (const min of [0, 0.95]) {
      expect(at(min)).not.toHaveProperty('_profile_confidence');
      expect(Object.keys(at(min))).toEqual(Object.keys(r).filter((k) => k !== '_profile_confidence'));
    }
    // A record cached before confidences were kept: every source counts as sure.
    const { _profile_confidence: _, ...old } = r;
    expect(emailLookupView(old, 1).emails).toEqual(r.emails);
  });
});
