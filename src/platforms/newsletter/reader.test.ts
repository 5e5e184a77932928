/**
 * newsletter's profile reader (public_profile). The first case is the real capture
 * (../shared/fixtures/newsletter/user-public-profile-jakubslys-2025-07.json, facts from
 * SOURCES.md); the user-links case is our own answer (samples.ts).
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture } from '../../../test/support/fixtures.js';
import { readProfile } from '../reader.js';
import { reader } from './reader.js';
import { substackProfileBody } from './samples.js';

const LABEL = 'newsletter';
const serving = (body: unknown) =>
  fakeContext(() => ({ body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } }));

describe.skipIf(!hasFixtures(LABEL))('newsletter reader (capture)', () => {
  it('the profile as a view: name, bio, the publication’s custom domain as its website; it answers to its publication’s subdomain too', async () => {
    const ctx = serving(readFixture(LABEL, 'user-public-profile-jakubslys-2025-07.json'));
    const v = await readProfile(reader, ctx, 'jakubslys');
    expect(ctx.requests.map((r) => r.url)).toEqual(['https://substack.com/api/v1/user/jakubslys/public_profile']);
    expect(v).toMatchObject({
      platform: 'newsletter',
      handle: 'jakubslys',
      url: 'https://substack.com/@jakubslys',
      displayName: 'Jakub Slys 🎖️',
      websites: ['https://iam.slys.dev'],
      ids: ['newsletter:jakubslys', 'newsletter:slys'],
      followers: 88,
    });
  });
});

describe('newsletter reader (own answers)', () => {
  it('userLinks are links; probed on a handle alone (a Substack handle names one account)', async () => {
    const v = await readProfile(
      reader,
      serving(substackProfileBody({ handle: 'mirasol', name: 'Mira Sol', links: ['https://mirasol.studio/'] })),
      'mirasol',
    );
    expect(v.links).toEqual(['https://mirasol.studio/']);
    expect(reader.probes({} as never)).toBe(true);
  });
});
