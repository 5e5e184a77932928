import { describe, expect, it } from 'vitest';
import { reservationOf, validateArgs } from '../../platforms/operation.js';
import { validateRegistry } from '../../platforms/registry.js';
import { findCreatorEmails, findSocialProfiles, platform as discovery } from './platform.js';
import type { EmailLookupResult } from '../types.js';

describe('creator tools: registry entry', () => {
  it('passes the registry checks beside every platform', () => {
    expect(() => validateRegistry([discovery])).not.toThrow();
    expect(findSocialProfiles.rest.path).toBe('/v1/find-social-profiles');
    expect(findCreatorEmails.rest.path).toBe('/v1/find-creator-emails');
  });

  it('costs: profiles 10; e-mails reserve 10, charge 1 for an empty result and 10 for any address', () => {
    const args = validateArgs(findCreatorEmails, { platform: 'social-b', handle: 'owl' });
    if (!args.ok) throw new Error('invalid');
    expect(reservationOf(findSocialProfiles, args.args)).toBe(10);
    expect(reservationOf(findCreatorEmails, args.args)).toBe(10);
    const of = findCreatorEmails.cost.of!;
    expect(of({ emails: [] } as unknown as EmailLookupResult, args.args)).toBe(1);
    expect(of({ emails: [], partial: true } as unknown as EmailLookupResult, args.args)).toBe(1);
    expect(of({ emails: [{ email: 'a@owl.studio', sources: [] }] } as unknown as EmailLookupResult, args.args)).toBe(10);
  });

  it('one cache entry per source, whatever the spelling; the alias keeps its own (it is echoed)', () => {
    const key = (platform: string, handle: string) => {
      const v = validateArgs(findCreatorEmails, { platform, handle });
      return v.ok ? v.cacheKey : v.problems;
    };
    expect(key('social-b', '@Night.Owl')).toBe(key('social-b', 'night.owl'));
    expect(key('social-b', 'night.owl')).toBe('findCreatorEmails:social-b|night.owl');
    expect(key('microblog-b-alias', 'Pots')).toBe('findCreatorEmails:microblog-b-alias|pots');
    expect(key('video', 'UCn1ghtOw1W0rkSh0pTest01')).toBe('findCreatorEmails:video|id:UCn1ghtOw1W0rkSh0pTest01');
  });

  it('min_confidence: 0 to 1, default 0.5, not part of the cache key (one entry serves every threshold)', () => {
    const v = (raw: Record<string, unknown>) => validateArgs(findSocialProfiles, { platform: 'social-b', handle: 'owl', ...raw });
    const plain = v({});
    const low = v({ minConfidence: 0 });
    const high = v({ minConfidence: 0.95 });
    if (!plain.ok || !low.ok || !high.ok) throw new Error('invalid');
    expect([plain.args.minConfidence, low.args.minConfidence, high.args.minConfidence]).toEqual([0.5, 0, 0.95]);
    expect(new Set([plain.cacheKey, low.cacheKey, high.cacheKey])).toEqual(new Set(['findSocialProfiles:social-b|owl']));
    expect(reservationOf(findSocialProfiles, high.args)).toBe(reservationOf(findSocialProfiles, plain.args));
    expect(v({ minConfidence: 1.01 })).toEqual({ ok: false, problems: [{ param: 'minConfidence', message: 'must be at most 1' }] });
    expect(v({ minConfidence: -1 })).toEqual({ ok: false, problems: [{ param: 'minConfidence', message: 'must be at least 0' }] });
  });

  it('problems are reported on the parameter they concern', () => {
    const problems = (raw: Record<string, unknown>) => {
      const v = validateArgs(findSocialProfiles, raw);
      return v.ok ? [] : v.problems;
    };
    expect(problems({ platform: 'social-b', handle: 'https://instagram.com/owl' })).toEqual([
      { param: 'handle', message: 'must be a handle (leading @ optional), not a profile URL' },
    ]);
    expect(problems({ platform: 'nope', handle: 'owl' })).toEqual([
      { param: 'platform', message: 'must be one of social-b, shortvideo, video, microblog-b, microblog-b-alias, social-a' },
    ]);
    expect(problems({ platform: 'social-b', handle: 'x'.repeat(201) })).toEqual([
      { param: 'handle', message: 'must be at most 200 characters' },
    ]);
  });
});
