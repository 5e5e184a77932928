/**
 * An account a bio only NAMES in its words (`YouTube: Viaja con Nico`, text.ts mentionedAccounts)
 * is a guess at a handle, not a link: it ties the account to the creator only once the account
 * was read and exists. Our own small written web (sample-web.ts), not a capture: web Q's finding 4
 * (a non-existent channel named at depth 3, never read, returned as verified at 0.90).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceRef, webContext } from '../../test/support/discovery-context.js';
import { runDiscovery } from './pipeline.js';
import { DiscoveryWeb } from './sample-web.js';

const ref = (handle: string) => sourceRef(handle);

/** Instagram → X (depth 1) → Threads (depth 2), whose bio names "YouTube: Viaja con Nico" (depth 3, never read). */
function web(): DiscoveryWeb {
  const w = new DiscoveryWeb();
  w.ig.set('nico.travels', {
    username: 'nico.travels',
    fullName: 'Nico Travels',
    bio: 'viajes · YT: @nicotravelsyt',
    bioLinks: ['https://x.com/nicotravels'],
  });
  w.x.set('nicotravels', {
    screenName: 'nicotravels',
    name: 'Nico Travels',
    description: 'trips',
    bioUrls: ['https://www.threads.com/@nicoviajes.th'],
  });
  w.threads.set('nicoviajes.th', { handle: 'nicoviajes.th', name: 'Nico Travels', bio: 'YouTube: Viaja con Nico' });
  w.youtube.set('nicotravelsyt', {
    handle: 'nicotravelsyt',
    channelId: 'UCnicoTravelsChannel0001',
    title: 'Nico Travels',
    description: 'trips',
    links: [],
  });
  return w;
}

beforeEach(() => {
  process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
  process.env.DISCOVERY_WEBSEARCH = 'off';
});
afterEach(() => {
  delete process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS;
  delete process.env.DISCOVERY_WEBSEARCH;
});

describe('accounts a bio names in words', () => {
  it('one named beyond the fetch depth, never read, is not returned as verified; one named and read is', async () => {
    const { ctx } = webContext(web(), {});
    const out = await runDiscovery(ctx, 'social-b', ref('nico.travels'), { emails: false, internal: null });
    const threads = out.profiles.find((p) => p.handle === 'nicoviajes.th');
    expect(threads?.evidence).toContain('verified_profile_link');
    const viaja = out.profiles.find((p) => p.handle.toLowerCase() === 'viaja');
    // Never read, nothing else ties it: not listed (at most a weak unverified candidate).
    expect(viaja === undefined || (!viaja.evidence.includes('verified_profile_link') && viaja.confidence < 0.5)).toBe(true);
    // The source's own words name its channel, and the channel was read: that mention stands.
    const yt = out.profiles.find((p) => p.handle.toLowerCase() === 'nicotravelsyt');
    expect(yt?.evidence).toContain('verified_profile_link');
  });
});
