/**
 * microblog-e's profile reader (accounts/lookup on the account's own server). The first case is
 * the real capture (../shared/fixtures/microblog-e/account-fosstodon-schochastics-2025-07-17.json,
 * facts from SOURCES.md: its verified "Personal Webpage" field); the others are our own answers
 * (samples.ts) for an unverified field and for the URL patterns.
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture } from '../../../test/support/fixtures.js';
import { readProfile } from '../reader.js';
import { reader } from './reader.js';
import { mastodonAccountBody } from './samples.js';

const LABEL = 'microblog-e';
const serving = (body: unknown) =>
  fakeContext(() => ({ body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } }));

describe.skipIf(!hasFixtures(LABEL))('microblog-e reader (capture)', () => {
  it('the Account as a view: fields as links, the verified field as a verified link, asked of the account’s own server', async () => {
    const ctx = serving(readFixture(LABEL, 'account-fosstodon-schochastics-2025-07-17.json'));
    const v = await readProfile(reader, ctx, 'schochastics@fosstodon.org');
    expect(ctx.requests.map((r) => r.url)).toEqual(['https://fosstodon.org/api/v1/accounts/lookup?acct=schochastics']);
    expect(v).toMatchObject({
      platform: 'microblog-e',
      handle: 'schochastics@fosstodon.org',
      url: 'https://fosstodon.org/@schochastics',
      displayName: 'David Schoch',
      ids: ['microblog-e:schochastics@fosstodon.org'],
      followers: 1036,
      isPrivate: false,
    });
    expect(v.links).toEqual(expect.arrayContaining(['https://www.mr.schochastics.net/', 'https://github.com/schochastics']));
    expect(v.verifiedLinks).toContain('https://www.mr.schochastics.net/');
    expect(v.websites).toContain('https://www.mr.schochastics.net/');
  });
});

describe('microblog-e reader (own answers)', () => {
  it('a field without verified_at is a link, never a verified one', async () => {
    const body = mastodonAccountBody({
      user: 'mirasol',
      instance: 'mastodon.art',
      displayName: 'Mira Sol',
      fields: [
        { name: 'Web', url: 'https://mirasol.studio/', verified: true },
        { name: 'Shop', url: 'https://mirasol-shop.example/' },
      ],
    });
    const v = await readProfile(reader, serving(body), 'mirasol@mastodon.art');
    expect(v.links).toEqual(['https://mirasol.studio/', 'https://mirasol-shop.example/']);
    expect(v.verifiedLinks).toEqual(['https://mirasol.studio/']);
  });

  it('claims /@user on hosts no platform rule knows, tentatively; never probed, never a same handle', () => {
    expect(reader.handleFromUrl(new URL('https://mastodon.art/@MiraSol'))).toBe('mirasol@mastodon.art');
    expect(reader.handleFromUrl(new URL('https://www.tiktok.com/@mirasol'))).toBeNull();
    expect(reader.handleFromUrl(new URL('https://medium.com/@mirasol'))).toBeNull();
    expect(reader.handleFromUrl(new URL('https://mastodon.art/@mirasol/1234'))).toBeNull();
    expect(reader.tentative).toBe(true);
    expect(reader.probes({} as never)).toBe(false);
    expect(reader.sameHandleOf!('mirasol@mastodon.art')).toBeNull();
    expect(reader.profileUrl('mirasol@mastodon.art')).toBe('https://mastodon.art/@mirasol');
  });
});
