/**
 * microblog-c's profile reader (a Threads public profile page). The user object is the real 2023
 * profile capture (../shared/fixtures/microblog-c/profile-graphql-zuck-2023-07-10.json); no
 * capture of a profile *page* exists, so the pages here are our own: the captured user object
 * embedded as a Relay preloader result in a `data-sjs` script (where signed-out pages ship it),
 * and og: tags only. Other names and texts are invented.
 */
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../../test/support/discovery-context.js';
import { hasFixtures, readFixture } from '../../../test/support/fixtures.js';
import { readProfile } from '../reader.js';
import { parseProfilePage, parseProfileQueryAnswer } from './profile.js';
import { reader } from './reader.js';

const LABEL = 'microblog-c';
const CAPTURE = 'profile-graphql-zuck-2023-07-10.json';

/** A signed-out profile page carrying `user` in a Relay preloader result, plus another user (a reposter) before it. */
function profilePage(user: object, name = 'Mark Zuckerberg', handle = 'zuck'): string {
  const other = { username: 'someone.else', full_name: 'Someone Else', biography: 'not me', pk: '1' };
  const payload = {
    require: [
      [
        'ScheduledServerJS',
        'handle',
        null,
        [
          {
            __bbox: {
              require: [
                [
                  'RelayPrefetchedStreamCache',
                  'next',
                  [],
                  ['adp_BarcelonaProfilePageQueryRelayPreloader_1', { __bbox: { result: { data: { repost: { user: other }, user } } } }],
                ],
              ],
            },
          },
        ],
      ],
    ],
  };
  return `<!DOCTYPE html><html><head><meta property="og:title" content="${name} (&#064;${handle}) &#x2022; Threads, Say more"></head><body>
<script type="application/json" data-content-len="1" data-sjs>${JSON.stringify(payload)}</script></body></html>`;
}

describe.skipIf(!hasFixtures(LABEL))('microblog-c reader (capture)', () => {
  it('the captured profile user as a profile (empty bio, empty bio link dropped)', () => {
    const record = parseProfileQueryAnswer(JSON.parse(readFixture(LABEL, CAPTURE)));
    expect(reader.view(record, 'zuck')).toEqual({
      platform: 'microblog-c',
      handle: 'zuck',
      url: 'https://www.threads.com/@zuck',
      displayName: 'Mark Zuckerberg',
      bio: null,
      websites: [],
      links: [],
      emails: [],
      ids: ['microblog-c:zuck'],
      followers: 2663947,
      isPrivate: false,
    });
  });

  it('the page’s own user is read out of its JSON scripts (not another user the page names)', async () => {
    const user = (JSON.parse(readFixture(LABEL, CAPTURE)) as { data: { userData: { user: Record<string, unknown> } } }).data.userData.user;
    const withBio = { ...user, biography: 'Building things. press@meta-example.org', bio_links: [{ url: 'https://about.meta.com/' }] };
    const ctx = fakeContext(() => ({ body: profilePage(withBio), headers: { 'content-type': 'text/html' } }));
    const v = await readProfile(reader, ctx, 'zuck');
    expect(ctx.requests.map((r) => [r.url, r.platform])).toEqual([['https://www.threads.com/@zuck', 'microblog-c']]);
    expect(v).toMatchObject({
      handle: 'zuck',
      displayName: 'Mark Zuckerberg',
      bio: 'Building things. press@meta-example.org',
      websites: ['https://about.meta.com/'],
      emails: ['press@meta-example.org'],
      followers: 2663947,
    });
  });
});

describe('microblog-c reader (own pages)', () => {
  it('without the user object: name and bio from og: tags', () => {
    const html = `<html><head><meta property="og:title" content="Night Owl Ceramics (@nightowl.ceramics) • Threads, Say more">
<meta property="og:description" content="1.2K Followers • 31 Threads • Mugs from Leeds. studio@nightowlceramics.com. See the latest conversations with @nightowl.ceramics."></head></html>`;
    expect(parseProfilePage(html.replace('(@', '(&#064;'), 'nightowl.ceramics')).toMatchObject({ fullName: 'Night Owl Ceramics' });
    expect(parseProfilePage(html, 'nightowl.ceramics')).toMatchObject({
      username: 'nightowl.ceramics',
      fullName: 'Night Owl Ceramics',
      biography: 'Mugs from Leeds. studio@nightowlceramics.com',
    });
  });

  // Our own pages, in the og:description form public readers quote from live Threads pages: the
  // counts, " • " and the bio, then ". See the latest conversations with @<name>."; an account
  // without a bio has its counts followed by that '.' (no " • ").
  it('og: tags: an account without a bio has none (not its thread count); the bio stops before the closing sentence', () => {
    const og = (description: string) =>
      `<html><head><meta property="og:title" content="Quiet Kiln (&#064;quiet.kiln) &#x2022; Threads, Say more">
<meta property="og:description" content="${description}"></head></html>`;
    expect(
      parseProfilePage(og('31 Followers &#x2022; 4 Threads. See the latest conversations with &#064;quiet.kiln.'), 'quiet.kiln'),
    ).toMatchObject({ fullName: 'Quiet Kiln', biography: null });
    expect(
      parseProfilePage(og('2.4M Followers • 812 Threads. See the latest conversations with @quiet.kiln.'), 'quiet.kiln'),
    ).toMatchObject({
      biography: null,
    });
    expect(
      parseProfilePage(og('31 Followers • 4 Threads • Wood-fired pots 🔥. See the latest conversations with @quiet.kiln.'), 'quiet.kiln'),
    ).toMatchObject({ biography: 'Wood-fired pots 🔥' });
    // A bio that starts with a number is the bio, not a third count.
    expect(
      parseProfilePage(og('31 Followers • 4 Threads • 12 kilns, one shed. See the latest conversations with @quiet.kiln.'), 'quiet.kiln'),
    ).toMatchObject({ biography: '12 kilns, one shed' });
  });

  it('og:description of 4,000 blanks (under the 4 KB read bound) is read in bounded time (blanks: no bio)', () => {
    for (const fill of [' ', ' \t', '1 ']) {
      const html = `<html><head><meta property="og:title" content="Quiet Kiln (@quiet.kiln)"><meta property="og:description" content="${fill.repeat(4000 / fill.length)}"></head></html>`;
      const t = performance.now();
      const bio = parseProfilePage(html, 'quiet.kiln').biography;
      // Was 72 s for the blanks (two overlapping blank runs before the closing sentence's @name).
      expect(performance.now() - t).toBeLessThan(3000);
      if (fill.trim() === '') expect(bio).toBeNull();
    }
  });

  it('a page that names no such profile is NOT_FOUND; a login page a login wall; a private profile is flagged', async () => {
    expect(() => parseProfilePage('<html><head><meta property="og:title" content="Threads"></head></html>', 'gone.user')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(() =>
      parseProfilePage('<html><head><title>Log in • Threads</title></head><body><form id="loginForm"></form></body></html>', 'x.y'),
    ).toThrow(expect.objectContaining({ code: 'UPSTREAM_BLOCKED' }));
    const priv = profilePage(
      { username: 'quiet.owl', full_name: 'Quiet Owl', biography: '', is_private: true, pk: '9' },
      'Quiet Owl',
      'quiet.owl',
    );
    expect(parseProfilePage(priv, 'quiet.owl')).toMatchObject({ isPrivate: true });
    // Another profile's page for the name asked is another resource, not a missing account.
    await expect(
      readProfile(
        reader,
        fakeContext(() => ({ body: priv })),
        'other.owl',
      ),
    ).rejects.toMatchObject({ code: 'UPSTREAM_FAILED', message: expect.stringContaining('different resource') });
  });

  it('handles are Instagram usernames; threads.net and threads.com URLs', () => {
    expect(reader.canonicalHandle('@Night.Owl_1')).toBe('night.owl_1');
    expect(reader.canonicalHandle('night-owl')).toBeNull();
    expect(reader.handleFromUrl(new URL('https://www.threads.net/@nightowl.ceramics'))).toBe('nightowl.ceramics');
    expect(reader.handleFromUrl(new URL('https://www.threads.com/@nightowl.ceramics/post/abc'))).toBe('nightowl.ceramics');
  });
});
