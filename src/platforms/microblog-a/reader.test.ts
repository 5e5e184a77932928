/**
 * microblog-a's profile reader (the accounts lookup). The account bodies are real captures
 * (../shared/fixtures/microblog-a: account-jackposobiec.json, account-realdonaldtrump.json);
 * the profile-fields case is our own account in the Mastodon Account shape (invented).
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture } from '../../../test/support/fixtures.js';
import { readProfile } from '../reader.js';
import { reader } from './reader.js';

const LABEL = 'microblog-a';
const serving = (body: string) => fakeContext(() => ({ body, headers: { 'content-type': 'application/json' } }));

describe.skipIf(!hasFixtures(LABEL))('microblog-a reader (captures)', () => {
  it('the lookup answer as a profile: note as text, its mention link, the website field (a short link, kept as declared)', async () => {
    const ctx = serving(readFixture(LABEL, 'account-jackposobiec.json'));
    const v = await readProfile(reader, ctx, 'jackposobiec');
    expect(ctx.requests.map((r) => r.url)).toEqual(['https://truthsocial.com/api/v1/accounts/lookup?acct=jackposobiec']);
    expect(v).toMatchObject({
      platform: 'microblog-a',
      handle: 'JackPosobiec',
      url: 'https://truthsocial.com/@JackPosobiec',
      displayName: 'Jack Poso 🇺🇸',
      bio: 'Host, @HumanEventsLive. Veteran Navy intel officer. Communism disrespecter. TPUSA',
      websites: ['https://amzn.to/3zCEkVL'],
      ids: ['microblog-a:jackposobiec'],
      followers: 1521243,
      isPrivate: false,
      emails: [],
    });
    expect(v.links).toEqual(['https://amzn.to/3zCEkVL', 'https://truthsocial.com/@HumanEventsLive']);
  });

  it('a website written without a scheme is an absolute URL; an empty note is no bio', async () => {
    const v = await readProfile(reader, serving(readFixture(LABEL, 'account-realdonaldtrump.json')), 'realdonaldtrump');
    expect(v).toMatchObject({
      handle: 'realDonaldTrump',
      bio: null,
      websites: ['https://www.DonaldJTrump.com'],
      links: ['https://www.DonaldJTrump.com'],
    });
  });

  it('an answer for another account is never used as the one asked for', async () => {
    await expect(readProfile(reader, serving(readFixture(LABEL, 'account-jackposobiec.json')), 'realdonaldtrump')).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    });
  });
});

describe('microblog-a reader (own account)', () => {
  it('profile fields: their links and addresses', async () => {
    const account = {
      id: '110000000000000001',
      username: 'harbourweather',
      acct: 'harbourweather',
      display_name: 'Harbour Weather',
      locked: false,
      note: '<p>Tides and storms.</p>',
      website: null,
      followers_count: 12,
      fields: [
        {
          name: 'Web',
          value: '<a href="https://harbourweather.co.uk" rel="me nofollow noopener" target="_blank">harbourweather.co.uk</a>',
          verified_at: null,
        },
        { name: 'Contact', value: 'desk@harbourweather.co.uk', verified_at: null },
      ],
    };
    const v = await readProfile(reader, serving(JSON.stringify(account)), 'harbourweather');
    expect(v).toMatchObject({
      bio: 'Tides and storms.',
      websites: [],
      links: ['https://harbourweather.co.uk/'],
      emails: ['desk@harbourweather.co.uk'],
    });
  });
});
