/**
 * livestream's profile reader (the v2 channel). The first case is the real capture
 * (../shared/fixtures/livestream/api-v2-channels-ac7ionman-2023-11-26.test-results.json, facts from
 * SOURCES.md); the social-field forms are our own answer (samples.ts).
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture } from '../../../test/support/fixtures.js';
import { readProfile } from '../reader.js';
import { reader } from './reader.js';
import { kickChannelBody } from './samples.js';

const LABEL = 'livestream';
const serving = (body: unknown) =>
  fakeContext(() => ({ body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } }));

describe.skipIf(!hasFixtures(LABEL))('livestream reader (capture)', () => {
  it('the channel as a view: bio, the discord invite as a link, followers', async () => {
    const bodies = JSON.parse(readFixture(LABEL, 'api-v2-channels-ac7ionman-2023-11-26.test-results.json')) as Record<string, unknown>;
    const ctx = serving(bodies.ac7ionman);
    const v = await readProfile(reader, ctx, 'ac7ionman');
    expect(ctx.requests.map((r) => r.url)).toEqual(['https://kick.com/api/v2/channels/ac7ionman']);
    expect(v).toMatchObject({
      platform: 'livestream',
      handle: 'ac7ionman',
      url: 'https://kick.com/ac7ionman',
      bio: 'THE BEST',
      followers: 101409,
    });
    expect(v.links).toContain('https://discord.com/invite/ac7ionman');
  });
});

describe('livestream reader (own answers)', () => {
  it('bare handles in the social fields become those platforms’ profile URLs; full URLs stay; empty ones are nothing', async () => {
    const body = kickChannelBody({
      slug: 'mirasol',
      bio: 'live art',
      instagram: 'mira.sol',
      twitter: '@mirasol',
      youtube: 'https://www.youtube.com/@mirasol',
    });
    const v = await readProfile(reader, serving(body), 'mirasol');
    expect(v.links).toEqual(['https://www.instagram.com/mira.sol', 'https://x.com/mirasol', 'https://www.youtube.com/@mirasol']);
  });

  it('never probed on a handle alone (Kick answers made-up slugs with real channels)', () => {
    expect(reader.probes({} as never)).toBe(false);
  });
});
