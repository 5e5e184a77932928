/**
 * microblog-d's profile reader (getProfile). The first case is the real capture
 * (../shared/fixtures/microblog-d/getprofiles-chriskenny-2025-05-19.json: its one profile, facts
 * from SOURCES.md); the domain-handle cases are our own answers (samples.ts), since no capture
 * shows an account with a domain handle.
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture } from '../../../test/support/fixtures.js';
import { readProfile } from '../reader.js';
import { reader } from './reader.js';
import { bskyProfileBody, samplePlcDid } from './samples.js';

const LABEL = 'microblog-d';
const serving = (body: unknown) =>
  fakeContext(() => ({ body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } }));

describe.skipIf(!hasFixtures(LABEL))('microblog-d reader (capture)', () => {
  it('the profile as a view: description as bio, its URL as a link, handle and DID as identities, followers', async () => {
    const profile = (JSON.parse(readFixture(LABEL, 'getprofiles-chriskenny-2025-05-19.json')) as { profiles: unknown[] }).profiles[0];
    const ctx = serving(profile);
    const v = await readProfile(reader, ctx, 'chriskenny.bsky.social');
    expect(ctx.requests.map((r) => r.url)).toEqual([
      'https://public.api.bsky.app/xrpc/app.bsky.actor.getProfile?actor=chriskenny.bsky.social',
    ]);
    expect(v).toMatchObject({
      platform: 'microblog-d',
      handle: 'chriskenny.bsky.social',
      url: 'https://bsky.app/profile/chriskenny.bsky.social',
      displayName: 'Chris Kenny',
      bio: "PhD '25 Government @harvard.edu. Studies redistricting in #rstats.\nhttps://christophertkenny.com/",
      ids: ['microblog-d:chriskenny.bsky.social', 'microblog-d:did:plc:wpe35pganb6d4pg4ekmfy6u5'],
      followers: 554,
      ownedDomains: [],
    });
    expect(v.links).toEqual(['https://christophertkenny.com/']);
  });
});

describe('microblog-d reader (own answers)', () => {
  it('a domain handle is a claim of that domain, with its proof URL and the DID it must answer', async () => {
    const did = samplePlcDid('mirasol');
    const v = await readProfile(
      reader,
      serving(bskyProfileBody({ handle: 'mirasol.studio', did, displayName: 'Mira Sol' })),
      'mirasol.studio',
    );
    expect(v.ownedDomains).toEqual([{ domain: 'mirasol.studio', proofUrl: 'https://mirasol.studio/.well-known/atproto-did', expect: did }]);
  });

  it("the profile's website (profileViewDetailed `website`, not shown in the capture's era) is a website it declares, and a link", async () => {
    const did = samplePlcDid('mirasol');
    const body = {
      ...bskyProfileBody({ handle: 'mirasol.bsky.social', did, description: 'Painter' }),
      website: 'https://mirasol.studio/shop',
    };
    const v = await readProfile(reader, serving(body), 'mirasol.bsky.social');
    expect(v.websites).toEqual(['https://mirasol.studio/shop']);
    expect(v.links).toEqual(['https://mirasol.studio/shop']);
  });

  it('probes ask for <handle>.bsky.social; only that form compares with other platforms’ handles', () => {
    expect(reader.probeHandle!('MiraSol')).toBe('mirasol.bsky.social');
    expect(reader.probeHandle!('mira.sol')).toBeNull();
    expect(reader.probeHandle!('mira_sol')).toBeNull();
    expect(reader.sameHandleOf!('mirasol.bsky.social')).toBe('mirasol');
    expect(reader.sameHandleOf!('mirasol.studio')).toBeNull();
    expect(reader.sameHandleOf!(samplePlcDid('mirasol'))).toBeNull();
    expect(reader.probes({} as never)).toBe(true);
  });
});
