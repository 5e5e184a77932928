/** The discovery benchmark's scoring (bench/discovery/score.ts) on a hand-made truth entry. */
import { describe, expect, it } from 'vitest';
import {
  calibrationPoints,
  precision,
  recall,
  recallByEncoding,
  recallByVia,
  reliability,
  scoreEmails,
  scoreProfiles,
} from '../../bench/discovery/score.js';
import type { TruthEntry } from './truth.js';

const truth: TruthEntry = {
  key: 'social-b:mirasol',
  creator: 0,
  source: { platform: 'social-b', handle: 'mirasol', url: 'https://www.instagram.com/mirasol/' },
  profiles: [
    {
      platform: 'social-b',
      handle: 'mirasol',
      url: 'https://www.instagram.com/mirasol/',
      aliases: [],
      via: ['source'],
      verifiedBy: 'source',
    },
    {
      platform: 'video',
      handle: 'mirasol',
      url: 'https://www.youtube.com/@mirasol',
      aliases: ['UCabcdefghijklmnopqrstuv'],
      via: ['link_in_bio', 'same_handle'],
      verifiedBy: 'explicit',
    },
    {
      platform: 'microblog-b',
      handle: 'mirasoltv',
      url: 'https://x.com/mirasoltv',
      aliases: [],
      via: ['websearch'],
      verifiedBy: 'reciprocal',
    },
  ],
  emails: ['hello@mirasol.com', 'mira.sol@northstarmgmt.com'],
  emailSources: {
    'hello@mirasol.com': [{ url: 'https://mirasol.com/contact', type: 'website', encoding: 'cfemail' }],
    'mira.sol@northstarmgmt.com': [{ url: 'https://www.instagram.com/mirasol/', type: 'social_profile', encoding: 'bracket' }],
  },
  ownedProfiles: [
    { platform: 'social-b', handle: 'mirasol', url: 'https://www.instagram.com/mirasol/', aliases: [] },
    { platform: 'video', handle: 'mirasol', url: 'https://www.youtube.com/@mirasol', aliases: ['UCabcdefghijklmnopqrstuv'] },
    { platform: 'microblog-b', handle: 'mirasoltv', url: 'https://x.com/mirasoltv', aliases: [] },
    { platform: 'shortvideo', handle: 'mirasol', url: 'https://www.tiktok.com/@mirasol', aliases: [] },
  ],
  ownedEmails: ['hello@mirasol.com', 'mira.sol@northstarmgmt.com', 'mira.sol@mirasol.com'],
  criticalPathMs: 500,
  criticalChain: [],
  deadlineBound: false,
  plannedRequests: 5,
  failingRequests: [],
  inconsistencies: [],
};

describe('scoreProfiles', () => {
  it('matches by handle (any case, @), by channel id and by URL; owned-unreachable is not wrong', () => {
    const c = scoreProfiles(
      [
        { platform: 'social-b', handle: '@MiraSol', url: null },
        { platform: 'video', handle: 'UCabcdefghijklmnopqrstuv', url: 'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv' },
        { platform: 'shortvideo', handle: 'mirasol', url: 'https://www.tiktok.com/@mirasol' },
        { platform: 'microblog-b', handle: 'mirasol', url: 'https://x.com/mirasol' },
        { platform: 'twitch', handle: 'mirasol', url: 'https://twitch.tv/mirasol' },
        { platform: 'social-b', handle: 'mirasol', url: 'https://www.instagram.com/mirasol/' },
      ],
      truth,
    );
    expect(c).toMatchObject({ returned: 4, correct: 3, wrong: 1, ownedUnreachable: 1, reachable: 3, found: 2, unscored: 1 });
    expect(c.falsePositives).toEqual(['social-b:mirasol → microblog-b:mirasol']);
    expect(c.missed[0]).toContain('microblog-b:mirasoltv (websearch)');
    expect(precision(c)).toBeCloseTo(0.75);
    expect(recall(c)).toBeCloseTo(2 / 3);
  });

  it('recall by reachability label', () => {
    const m = new Map<string, { reachable: number; found: number }>();
    recallByVia([{ platform: 'video', handle: 'mirasol', url: null }], truth, m);
    expect(Object.fromEntries(m)).toEqual({
      source: { reachable: 1, found: 0 },
      link_in_bio: { reachable: 1, found: 1 },
      same_handle: { reachable: 1, found: 1 },
      websearch: { reachable: 1, found: 0 },
    });
  });
});

describe('scoreEmails', () => {
  it('lower-cases, deduplicates, counts owned-but-unreachable as right and strangers as wrong', () => {
    const c = scoreEmails(['Hello@mirasol.com', 'hello@MIRASOL.com', 'mira.sol@mirasol.com', 'support@linktr.ee'], truth);
    expect(c).toMatchObject({ returned: 3, correct: 2, wrong: 1, ownedUnreachable: 1, reachable: 2, found: 1 });
    expect(precision(c)).toBeCloseTo(2 / 3);
    expect(recall(c)).toBeCloseTo(0.5);
    const m = new Map<string, { reachable: number; found: number }>();
    recallByEncoding(['hello@mirasol.com'], truth, m);
    expect(Object.fromEntries(m)).toEqual({
      'website/cfemail': { reachable: 1, found: 1 },
      'social_profile/bracket': { reachable: 1, found: 0 },
    });
  });

  it('nothing returned and nothing reachable is perfect', () => {
    const empty = { ...truth, emails: [], emailSources: {} };
    const c = scoreEmails([], empty);
    expect(precision(c)).toBe(1);
    expect(recall(c)).toBe(1);
  });
});

describe('calibration', () => {
  it('points: scored platforms with a confidence, the source and duplicates excluded, decoys counted wrong', () => {
    const pts = calibrationPoints(
      [
        { platform: 'social-b', handle: 'mirasol', url: null, confidence: 1 },
        { platform: 'video', handle: 'mirasol', url: null, confidence: 0.9 },
        { platform: 'video', handle: 'UCabcdefghijklmnopqrstuv', url: null, confidence: 0.9 },
        { platform: 'microblog-b', handle: 'mirasol', url: null, confidence: 0.8 },
        { platform: 'twitch', handle: 'mirasol', url: null, confidence: 0.9 },
      ],
      truth,
    );
    expect(pts).toEqual([
      { confidence: 0.9, correct: true, platform: 'video', handle: 'mirasol', evidence: [] },
      { confidence: 0.8, correct: false, platform: 'microblog-b', handle: 'mirasol', evidence: [] },
    ]);
  });

  it('buckets by 0.05 from 0.5, counts only buckets with enough profiles, weights the error by bucket size', () => {
    const pts = [
      ...Array.from({ length: 30 }, (_, i) => ({ confidence: 0.9, correct: i < 24 })), // 0.80 observed
      ...Array.from({ length: 20 }, () => ({ confidence: 0.99, correct: true })), // 1.00 observed
      ...Array.from({ length: 5 }, () => ({ confidence: 0.6, correct: false })), // too few: not counted
      { confidence: 0.4, correct: false }, // not a returned profile
    ];
    const r = reliability(pts, 20);
    expect(r.total).toBe(55);
    expect(r.counted).toBe(50);
    const b90 = r.buckets.find((b) => b.lo > 0.89 && b.lo < 0.91)!;
    expect(b90).toMatchObject({ n: 30, counted: true });
    expect(b90.precision).toBeCloseTo(0.8);
    expect(r.buckets[9]).toMatchObject({ n: 20, counted: true });
    expect(r.buckets[2]).toMatchObject({ n: 5, counted: false });
    expect(r.ece).toBeCloseTo((30 * 0.1 + 20 * 0.01) / 50);
  });

  it('any range and width: [0, 1] by 0.1 counts the profiles below 0.5 too', () => {
    const pts = [
      ...Array.from({ length: 10 }, (_, i) => ({ confidence: 0.05, correct: i < 1 })), // 0.10 observed
      ...Array.from({ length: 10 }, (_, i) => ({ confidence: 0.95, correct: i < 9 })), // 0.90 observed
      { confidence: 1, correct: true },
    ];
    const r = reliability(pts, 1, { from: 0, width: 0.1 });
    expect(r.buckets).toHaveLength(10);
    expect(r.total).toBe(21);
    expect(r.buckets[0]).toMatchObject({ n: 10, counted: true });
    expect(r.buckets[9]).toMatchObject({ n: 11, counted: true });
    expect(r.ece).toBeCloseTo((10 * 0.05 + Math.abs(10 / 11 - (9.5 + 1) / 11) * 11) / 21);
  });
});
