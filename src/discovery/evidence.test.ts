import { describe, expect, it } from 'vitest';
import {
  ANCHOR_LABELS,
  confidenceOf,
  displayNameKey,
  EVIDENCE_WEIGHTS,
  isReturned,
  isVerified,
  orderedEvidence,
  RETURN_THRESHOLD,
  sameDisplayName,
  TIE_LABELS,
  TIED_LABELS,
  UNTIED_WEIGHT,
} from './evidence.js';
import type { EvidenceLabel } from './types.js';
import { EVIDENCE_LABELS } from './types.js';

const WEAK: EvidenceLabel[] = ['same_handle_match', 'website_link', 'display_name_match', 'websearch_match'];

describe('the evidence model', () => {
  it('has a weight for every api.md label, in 0..1', () => {
    expect(Object.keys(EVIDENCE_WEIGHTS).sort()).toEqual([...EVIDENCE_LABELS].sort());
    for (const w of Object.values(EVIDENCE_WEIGHTS)) expect(w > 0 && w <= 1).toBe(true);
  });

  it('the source profile is 1; anything else at most 0.99', () => {
    expect(confidenceOf(['source_profile'])).toBe(1);
    expect(confidenceOf(['link_in_bio', 'reciprocal_profile_link', 'verified_profile_link', 'shared_website'])).toBe(0.99);
  });

  it('each anchor label alone is returned, with its weight as confidence', () => {
    for (const l of ANCHOR_LABELS) {
      expect(isReturned([l])).toBe(true);
      expect(isVerified([l])).toBe(true);
      if (l !== 'source_profile') expect(confidenceOf([l])).toBe(EVIDENCE_WEIGHTS[l]);
    }
  });

  it('weak labels alone, in any combination, stay below the threshold: unverified candidates are never profiles', () => {
    for (let mask = 1; mask < 1 << WEAK.length; mask++) {
      const labels = WEAK.filter((_, i) => mask & (1 << i));
      expect(confidenceOf(labels)).toBeLessThan(RETURN_THRESHOLD);
      expect(isReturned(labels)).toBe(false);
      expect(isVerified(labels)).toBe(false);
    }
    expect(confidenceOf(WEAK)).toBe(0.48);
  });

  it('noisy-OR: facts add up, duplicates do not', () => {
    expect(confidenceOf(['link_in_bio', 'same_handle_match'])).toBe(0.92); // 1 - 0.1 * 0.8
    expect(confidenceOf(['shared_website', 'same_handle_match', 'websearch_match'])).toBe(0.86); // 1 - 0.2 * 0.8 * 0.9
    expect(confidenceOf(['shared_website', 'website_link', 'website_link'])).toBe(0.83); // 1 - 0.2 * 0.85
    expect(confidenceOf([])).toBe(0);
  });

  it('a link to the creator (reciprocal, shared website) verifies only when tied: the creator’s handle, or the creator’s items link it', () => {
    // Untied — a search result under another handle linking the creator, as fans do: weak.
    for (const l of TIED_LABELS) {
      expect(isVerified([l, 'websearch_match', 'display_name_match'])).toBe(false);
      expect(confidenceOf([l])).toBe(UNTIED_WEIGHT);
    }
    const untied: EvidenceLabel[] = ['reciprocal_profile_link', 'shared_website', 'display_name_match', 'websearch_match'];
    expect(confidenceOf(untied)).toBe(0.45);
    expect(isReturned(untied)).toBe(false);
    // Tied: an anchor, at full weight.
    for (const l of TIED_LABELS)
      for (const tie of TIE_LABELS) {
        expect(isVerified([l, tie]), `${l} + ${tie}`).toBe(true);
        expect(isReturned([l, tie]), `${l} + ${tie}`).toBe(true);
      }
    expect(confidenceOf(['reciprocal_profile_link', 'same_handle_match'])).toBe(0.92); // 1 - 0.1 * 0.8
    expect(confidenceOf(['link_in_bio', 'reciprocal_profile_link'])).toBe(0.99); // mutual links: 1 - 0.1 * 0.1
  });

  it('labels are listed in api.md order, once', () => {
    expect(orderedEvidence(['reciprocal_profile_link', 'link_in_bio', 'same_handle_match', 'link_in_bio'])).toEqual([
      'link_in_bio',
      'same_handle_match',
      'reciprocal_profile_link',
    ]);
  });

  it('display names compare without case, spacing, punctuation, emoji and accents; too short says nothing', () => {
    expect(displayNameKey('Night Owl Ceramics 🦉')).toBe('nightowlceramics');
    expect(sameDisplayName('Night Owl Ceramics 🦉', 'night-owl ceramics')).toBe(true);
    expect(sameDisplayName('Zoë Café', 'ZOE CAFE')).toBe(true);
    expect(sameDisplayName('Night 0wl Ceramics', 'Night Owl Ceramics')).toBe(false);
    expect(sameDisplayName('🦉', '🦉')).toBe(false);
    expect(sameDisplayName('AB', 'ab')).toBe(false);
    expect(sameDisplayName(null, null)).toBe(false);
  });
});
