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

  // Our own Account: note and fields in the markup Mastodon gives hashtags (`class="mention
  // hashtag"`, `rel="tag"` for its own accounts, `rel="nofollow noopener"` for remote ones) and
  // Pleroma/Akkoma (`class="hashtag" rel="tag ugc"`) — as the real statuses and timelines of
  // mastodon.social and fosstodon.org (rtoot's 2025 recordings) show on most accounts with a bio.
  it("hashtags are no links of the account's (a tag page of its server), and another server's profile in a field is no website", async () => {
    const body = {
      ...mastodonAccountBody({ user: 'mirasol', instance: 'mastodon.art', displayName: 'Mira Sol' }),
      note:
        '<p>Painter. <a href="https://mastodon.art/tags/Watercolour" class="mention hashtag" rel="tag">#<span>Watercolour</span></a> ' +
        '<a href="https://mastodon.art/tags/Portraits" class="mention hashtag" rel="nofollow noopener" target="_blank">#<span>Portraits</span></a> ' +
        '<a href="https://mastodon.art/tag/ink" class="hashtag" data-tag="ink" rel="tag ugc">#ink</a> ' +
        'studio with <span class="h-card"><a href="https://pixel.example.org/@tomas" class="u-url mention">@<span>tomas</span></a></span> ' +
        // A Misskey account as Mastodon serves it: its hashtags unmarked, `#` and the tag their text.
        '<a href="https://mastodon.art/tags/Sketchbook" rel="nofollow noopener" target="_blank">#Sketchbook</a></p>',
      fields: [
        {
          name: 'Web',
          value: '<a href="https://mirasol.studio/" rel="nofollow noopener me" target="_blank">mirasol.studio</a>',
          verified_at: null,
        },
        {
          name: 'Also',
          value: '<a href="https://art.example.net/@mirasol" rel="nofollow noopener me" target="_blank">art.example.net/@mirasol</a>',
          verified_at: null,
        },
        {
          name: 'Into',
          value: '<a href="https://mastodon.art/tags/Gouache" class="mention hashtag" rel="tag">#<span>Gouache</span></a>',
          verified_at: null,
        },
        // Her server's page of her account on another server (`/@user@server`): an account too.
        {
          name: 'Pixels',
          value:
            '<a href="https://mastodon.art/@mirasol@pixel.example.org" rel="nofollow noopener me">mastodon.art/@mirasol@pixel.example.org</a>',
          verified_at: null,
        },
      ],
    };
    const v = await readProfile(reader, serving(body), 'mirasol@mastodon.art');
    expect(v.websites).toEqual(['https://mirasol.studio/']);
    expect(v.links).toEqual([
      'https://mirasol.studio/',
      'https://art.example.net/@mirasol',
      'https://mastodon.art/@mirasol@pixel.example.org',
      'https://pixel.example.org/@tomas',
    ]);
    expect(reader.handleFromUrl(new URL('https://mastodon.art/@mirasol@pixel.example.org'))).toBe('mirasol@pixel.example.org');
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
