import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { platformUrlsOf } from '../../links/graphql.js';
import { extractNextData } from '../../links/next-data.js';
import { FIXED_KEYS, parseLinktreeNextData, parseLinktreePage, type LinkpageBPage } from './parse.js';
import { linktreeUsername } from './platform.js';
import { CHALLENGE_HTML, linktreeHtml, localizedNotFoundHtml, modernAccount, notFoundHtml, profileNextData } from './samples.js';

const LABEL = 'linkpage-b';
const KAISER = 'next-data-kaiserlol.json';

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError');
}

const asRecord = (p: LinkpageBPage) => p as unknown as Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Real capture (read in place from ../shared/fixtures/linkpage-b; facts from its SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`linkpage-b capture (${skipReason(LABEL)})`, () => {
  // The capture is the __NEXT_DATA__ JSON only (the scraper extracted it from the page).
  const raw = () => JSON.parse(readFixture(LABEL, KAISER)) as Record<string, any>;
  const load = () => parseLinktreeNextData(raw(), 'kaiserlol');

  it('username, id, description; uuid and pageTitle are not record fields', () => {
    const r = load();
    expect(r.username).toBe('kaiserlol');
    expect(r.id).toBe(17111939);
    expect(r.description).toBe('My Bio');
    expect(r).not.toHaveProperty('uuid');
    expect(r).not.toHaveProperty('pageTitle');
    // The facts as the capture states them.
    const account = raw().props.pageProps.account;
    expect(account.uuid).toBe('ba662537-d5e5-4b8f-87ab-e2c9ce072f3d');
    expect(account.pageTitle).toBe('My Title');
  });

  it('the captured page is an account although its bio and title say "Page not found" (decoy from the capture)', () => {
    const data = raw();
    data.props.pageProps.account.description = 'Page not found — 404';
    const r = parseLinktreePage(linktreeHtml(data, '404 | Page not found'), 'kaiserlol');
    expect(r).toMatchObject({ username: 'kaiserlol', id: 17111939, description: 'Page not found — 404' });
  });

  it('profilePictureUrl is null: account has none and the top-level base64 placeholder is not used', () => {
    expect(load().profilePictureUrl).toBeNull();
    expect(raw().props.pageProps.profilePictureUrl).toMatch(/^data:image\/png;base64,/);
  });

  it('three links in order: HEADER (empty url), two CLASSIC', () => {
    expect(load().links).toEqual([
      { id: 90701196, type: 'HEADER', title: 'Heading 1', url: '' },
      { id: 90693023, type: 'CLASSIC', title: 'Blog', url: 'https://blog.kaiser.lol/' },
      { id: 90692933, type: 'CLASSIC', title: 'Kaiser LOL', url: 'https://kaiser.lol/' },
    ]);
  });

  it('four socialLinks (FACEBOOK, TWITTER, INSTAGRAM, EMAIL_ADDRESS) become three platform fields and the e-mail', () => {
    expect(raw().props.pageProps.account.socialLinks.map((s: { type: string }) => s.type)).toEqual([
      'FACEBOOK',
      'TWITTER',
      'INSTAGRAM',
      'EMAIL_ADDRESS',
    ]);
    const r = load();
    expect(platformUrlsOf(asRecord(r), FIXED_KEYS)).toEqual([
      { platform: 'social-a', url: 'https://facebook.com/myprofile' },
      { platform: 'microblog-b', url: 'https://twitter.com/sometwitteruser' },
      { platform: 'social-b', url: 'https://instagram.com/someinstagramuser' },
    ]);
    expect(r.email_address).toBe('someemail@somedomain.com');
  });

  it('page /[profile] for query.profile kaiserlol; no verticals, linkPlatforms or timezone in 2021 ([], [], null)', () => {
    const data = raw();
    expect(data.page).toBe('/[profile]');
    expect(data.query.profile).toBe('kaiserlol');
    for (const k of ['verticals', 'linkPlatforms', 'timezone']) expect(data.props.pageProps.account).not.toHaveProperty(k);
    const r = load();
    expect(r.verticals).toEqual([]);
    expect(r.linkPlatforms).toEqual([]);
    expect(r.timezone).toBeNull();
  });

  it('the whole record, in api.md order; the same through a wrapped HTML page', () => {
    const r = load();
    expect(Object.keys(r)).toEqual([
      'id',
      'username',
      'profilePictureUrl',
      'description',
      'verticals',
      'linkPlatforms',
      'timezone',
      'links',
      'social-a',
      'microblog-b',
      'social-b',
      'email_address',
    ]);
    expect(Object.values(r)).not.toContain(undefined);
    expect(parseLinktreePage(linktreeHtml(raw(), 'My Title | Linktree'), 'kaiserlol')).toEqual(r);
  });
});

// ---------------------------------------------------------------------------------------------
// Project-own cases (always run): a modern page written by us (see src/platforms/linkpage-b/samples.ts)
// ---------------------------------------------------------------------------------------------

describe('parseLinktreePage: modern page shape (hand-written)', () => {
  const page = () => parseLinktreePage(linktreeHtml(profileNextData(modernAccount())), 'nightowlband');

  it('returns every api.md field with its type', () => {
    const r = page();
    expect(r).toMatchObject({
      id: 48123907,
      username: 'nightowlband',
      profilePictureUrl: 'https://ugc.production.linktr.ee/6c1f0b2e-avatar-nightowl.jpeg',
      description: 'indie trio from Leeds 🦉\nnew album out now',
      verticals: ['music', 'creative'],
      linkPlatforms: ['Spotify', 'YouTube', 'Instagram'],
      timezone: 'Europe/London',
    });
  });

  it('links keep id/type/title/url only, all six api.md types, empty urls for HEADER and PRODUCT', () => {
    const { links } = page();
    expect(links.map((l) => l.type)).toEqual([
      'HEADER',
      'SPOTIFY_ALBUM',
      'SPOTIFY_SONG',
      'YOUTUBE_VIDEO',
      'PRODUCT',
      'CLASSIC',
      'SOUNDCLOUD_PLAYLIST',
      'CLASSIC',
    ]);
    expect(links[4]).toEqual({ id: 701000005, type: 'PRODUCT', title: 'MERCH', url: '' });
    expect(links[1]).toEqual({
      id: 701000002,
      type: 'SPOTIFY_ALBUM',
      title: 'stream the album "Moth Hours"',
      url: 'https://open.spotify.com/album/4aBcDeFgHiJkLmNoPqRsTu?si=abc123',
    });
    for (const l of links) expect(Object.keys(l)).toEqual(['id', 'type', 'title', 'url']);
  });

  it("a PRODUCT link without its own url goes to its first product's shop page (public evidence of today's pages)", () => {
    const account = modernAccount();
    const links = (account.links as Record<string, unknown>[]).map((l) =>
      l.type === 'PRODUCT'
        ? { ...l, url: '', context: { products: [{ title: 'Tee', url: '', shopUrl: 'https://merch.nightowl.example/tee' }] } }
        : l,
    );
    const r = parseLinktreePage(linktreeHtml(profileNextData({ ...account, links })), 'nightowlband');
    expect(r.links[4]).toEqual({ id: 701000005, type: 'PRODUCT', title: 'MERCH', url: 'https://merch.nightowl.example/tee' });
  });

  it('one URL field per platform: social icons first, then links; first link per platform wins', () => {
    const r = asRecord(page());
    expect(platformUrlsOf(r, FIXED_KEYS)).toEqual([
      { platform: 'social-b', url: 'https://instagram.com/nightowlband' },
      { platform: 'shortvideo', url: 'https://www.tiktok.com/@nightowl.band' },
      { platform: 'audio-a', url: 'https://open.spotify.com/artist/1AbCdEfGhIjKlMnOpQrStU' },
      { platform: 'video', url: 'https://www.youtube.com/@nightowlband' },
      { platform: 'audio-b', url: 'https://music.apple.com/gb/artist/night-owl/1500000001' },
      { platform: 'audio-c', url: 'https://soundcloud.com/nightowl-demos/sets/b-sides' },
      { platform: 'twitch', url: 'https://twitch.tv/nightowllive' },
    ]);
    const keys = Object.keys(r);
    expect(keys.slice(0, 8)).toEqual([
      'id',
      'username',
      'profilePictureUrl',
      'description',
      'verticals',
      'linkPlatforms',
      'timezone',
      'links',
    ]);
    expect(keys[keys.length - 1]).toBe('email_address');
  });

  it('email_address: the e-mail icon wins over an address in a link title; page chrome is never read', () => {
    expect(page().email_address).toBe('hello@nightowlband.co.uk');
    const noIcon = modernAccount('nightowlband', {
      socialLinks: [{ type: 'INSTAGRAM', url: 'https://instagram.com/nightowlband', position: 0 }],
    });
    const r = parseLinktreePage(linktreeHtml(profileNextData(noIcon)), 'nightowlband');
    expect(r.email_address).toBe('Mgmt@nightowlband.co.uk');
  });

  it('email_address from the description, from a mailto: link, or null; placeholders never count', () => {
    const base = { socialLinks: [], links: [] };
    const viaDescription = modernAccount('a', { ...base, description: 'booking → tour (at) owl-agency [dot] com' });
    expect(parseLinktreeNextData(profileNextData(viaDescription)).email_address).toBe('tour@owl-agency.com');
    const viaLink = modernAccount('a', {
      ...base,
      links: [{ id: 1, type: 'CLASSIC', title: 'Email us', url: 'mailto:Press%40Owl.io?subject=Hi' }],
    });
    expect(parseLinktreeNextData(profileNextData(viaLink)).email_address).toBe('Press@owl.io');
    const placeholder = modernAccount('a', { ...base, description: 'write to you@example.com' });
    expect(parseLinktreeNextData(profileNextData(placeholder)).email_address).toBeNull();
    expect(parseLinktreeNextData(profileNextData(modernAccount('a', base))).email_address).toBeNull();
  });

  it('a page with nothing optional: nulls and empty lists, no platform fields', () => {
    const r = parseLinktreeNextData(profileNextData({ id: 5, username: 'bare' }));
    expect(r).toEqual({
      id: 5,
      username: 'bare',
      profilePictureUrl: null,
      description: null,
      verticals: [],
      linkPlatforms: [],
      timezone: null,
      links: [],
      email_address: null,
    });
  });

  it('falls back to pageProps for links, socialLinks, username and an http(s) picture; ids as strings become integers', () => {
    const data = profileNextData(
      { id: '77', username: '' },
      {
        username: 'fallback',
        profilePictureUrl: 'https://ugc.production.linktr.ee/fallback.png',
        links: [{ id: '90', type: 'CLASSIC', title: 'Site', url: 'https://github.com/fallback' }, 'junk'],
        socialLinks: [{ type: 'X', url: 'https://x.com/fallback' }],
      },
    );
    const r = parseLinktreeNextData(data);
    expect(r).toMatchObject({ id: 77, username: 'fallback', profilePictureUrl: 'https://ugc.production.linktr.ee/fallback.png' });
    expect(r.links).toEqual([{ id: 90, type: 'CLASSIC', title: 'Site', url: 'https://github.com/fallback' }]);
    expect(platformUrlsOf(asRecord(r), FIXED_KEYS)).toEqual([
      { platform: 'microblog-b', url: 'https://x.com/fallback' },
      { platform: 'code', url: 'https://github.com/fallback' },
    ]);
  });

  it('null url/title/type in a link become empty strings; a non-numeric link id is null', () => {
    const r = parseLinktreeNextData(profileNextData(modernAccount('a', { links: [{ id: 'x1', type: null, title: null, url: null }] })));
    expect(r.links).toEqual([{ id: null, type: '', title: '', url: '' }]);
  });
});

describe('parseLinktreePage: error pages', () => {
  it('Cloudflare challenge → UPSTREAM_BLOCKED, never parsed', () => {
    const e = caught(() => parseLinktreePage(CHALLENGE_HTML, 'x'));
    expect(e.code).toBe('UPSTREAM_BLOCKED');
  });

  it('Next.js 404 page and a plain "not found" title → NOT_FOUND', () => {
    expect(caught(() => parseLinktreePage(notFoundHtml(), 'ghost')).code).toBe('NOT_FOUND');
    expect(caught(() => parseLinktreePage('<html><head><title>404 | Page not found</title></head></html>', 'ghost')).code).toBe(
      'NOT_FOUND',
    );
  });

  it('a 404 page in another language (our own, Japanese, app router: no __NEXT_DATA__) → NOT_FOUND by its digest', () => {
    const html = localizedNotFoundHtml();
    expect(html).not.toMatch(/not found|404/i);
    expect(caught(() => parseLinktreePage(html, 'ghost')).code).toBe('NOT_FOUND');
  });

  it('an account whose title and bio say "Page not found" is an account (decoy)', () => {
    const decoy = modernAccount('nightowlband', {
      pageTitle: '404 | Page not found',
      description: "Page not found? This content isn't available…",
    });
    const r = parseLinktreePage(linktreeHtml(profileNextData(decoy), '404 | Page not found'), 'nightowlband');
    expect(r).toMatchObject({ username: 'nightowlband', description: "Page not found? This content isn't available…" });
  });

  it('a page with neither the account nor a 404 mark is a changed shape, whatever its English title says', () => {
    const html = '<html><head><title>Page not found | Linktree</title></head><body><h1>Page not found</h1></body></html>';
    const e = caught(() => parseLinktreePage(html, 'ghost'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('__NEXT_DATA__');
  });

  it('Next.js error page with another status → UPSTREAM_FAILED', () => {
    const e = caught(() => parseLinktreeNextData({ page: '/_error', props: { pageProps: { statusCode: 500 } } }, 'x'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('500');
  });

  it.each<[string, unknown, string]>([
    ['no account', profileNextData(undefined), 'props.pageProps.account'],
    ['account without id', profileNextData({ username: 'x' }), 'props.pageProps.account.id'],
    ['account without username', { props: { pageProps: { account: { id: 1 } } } }, 'props.pageProps.account.username'],
    ['no pageProps', { props: {}, page: '/[profile]' }, 'props.pageProps'],
    ['not an object', [1, 2], '__NEXT_DATA__ object'],
  ])('%s → UPSTREAM_FAILED naming %s', (_name, data, missing) => {
    const e = caught(() => parseLinktreeNextData(data, 'x'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.status).toBe(502);
    expect(e.message).toContain(missing);
  });

  it('a page without __NEXT_DATA__, or with broken JSON in it → UPSTREAM_FAILED', () => {
    expect(caught(() => parseLinktreePage('<html><head><title>Linktree</title></head><body>hi</body></html>', 'x')).message).toContain(
      '__NEXT_DATA__',
    );
    const broken = '<html><body><script id="__NEXT_DATA__" type="application/json">{"props":</script></body></html>';
    expect(caught(() => parseLinktreePage(broken, 'x')).code).toBe('UPSTREAM_FAILED');
  });

  it('the passive Cloudflare script on an ordinary page is not a challenge', () => {
    const html = linktreeHtml(profileNextData(modernAccount()));
    expect(html).toContain('/cdn-cgi/challenge-platform/');
    expect(parseLinktreePage(html, 'nightowlband').username).toBe('nightowlband');
    expect(extractNextData(html, 'linkpage-b')).toMatchObject({ page: '/[profile]' });
  });
});

describe('linktreeUsername (the url parameter)', () => {
  it.each<[string, string]>([
    ['https://linktr.ee/kaiserlol', 'kaiserlol'],
    ['http://linktr.ee/kaiserlol', 'kaiserlol'],
    ['https://www.linktr.ee/KaiserLOL/', 'KaiserLOL'],
    ['https://linktr.ee/kaiserlol?utm_source=ig_web_button_share_sheet', 'kaiserlol'],
    ['https://linktr.ee/night.owl_band#top', 'night.owl_band'],
    ['linktr.ee/kaiserlol', 'kaiserlol'],
    ['  https://LINKTR.EE/kaiserlol  ', 'kaiserlol'],
    ['kaiserlol', 'kaiserlol'],
    ['@kaiserlol', 'kaiserlol'],
    ['night.owl', 'night.owl'],
  ])('accepts %s', (input, username) => {
    expect(linktreeUsername(input)).toBe(username);
  });

  it.each([
    'https://example.com/kaiserlol',
    'https://linktr.ee.evil.com/kaiserlol',
    'https://evil-linktr.ee/kaiserlol',
    'https://instagram.com/kaiserlol',
    'example.com',
    'https://linktr.ee',
    'https://linktr.ee/',
    'https://linktr.ee/kaiserlol/extra',
    'https://linktr.ee/login',
    'https://linktr.ee/s/abc',
    'https://user@linktr.ee/kaiserlol',
    'https://linktr.ee:8443/kaiserlol',
    'ftp://linktr.ee/kaiserlol',
    'javascript:alert(1)',
    'kaiser lol',
    '',
  ])('rejects %s', (input) => {
    expect(linktreeUsername(input)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Peer example: key set and value types (api.md wins on names: platform fields use labels)
// ---------------------------------------------------------------------------------------------

const PEER_FILE = join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'linkpage-b.json');
const ENVELOPE = new Set(['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at']);
/** The peer names platform fields after the real platforms; api.md uses the neutral labels. */
const PEER_FIELD_LABEL: Record<string, string> = {
  instagram: 'social-b',
  tiktok: 'shortvideo',
  spotify: 'audio-a',
  youtube: 'video',
  soundcloud: 'audio-c',
  apple_music: 'audio-b',
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

describe.skipIf(!hasPeerExample(PEER_FILE))(
  `peer example (skipped when ${PEER_FILE} is absent: fresh clone without the shared reference)`,
  () => {
    /** A __NEXT_DATA__ built from the peer's values, so that our output can be compared with its. */
    function fromPeer(): { sample: Record<string, any>; record: Record<string, unknown> } {
      const sample = JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as Record<string, any>;
      const socialLinks = [
        ...Object.keys(PEER_FIELD_LABEL).map((k) => ({ type: k.toUpperCase(), url: sample[k] })),
        { type: 'EMAIL_ADDRESS', url: `mailto:${sample.email_address}` },
      ];
      const account = {
        id: sample.id,
        username: sample.username,
        profilePictureUrl: sample.profilePictureUrl,
        description: sample.description,
        verticals: sample.verticals,
        linkPlatforms: sample.linkPlatforms,
        timezone: sample.timezone,
        links: sample.links.map((l: object, i: number) => ({ ...l, position: i })),
        socialLinks,
      };
      return { sample, record: asRecord(parseLinktreePage(linktreeHtml(profileNextData(account)), sample.username)) };
    }

    it('same keys (platform fields renamed to labels) and the same value types', () => {
      const { sample, record } = fromPeer();
      const expected = Object.keys(sample)
        .filter((k) => !ENVELOPE.has(k))
        .map((k) => PEER_FIELD_LABEL[k] ?? k);
      expect(Object.keys(record)).toEqual(expected);
      for (const [k, v] of Object.entries(sample)) {
        if (ENVELOPE.has(k)) continue;
        const mine = record[PEER_FIELD_LABEL[k] ?? k];
        expect([k, typeOf(mine)]).toEqual([k, typeOf(v)]);
      }
      const link = (record.links as object[])[0];
      expect(Object.keys(link)).toEqual(Object.keys(sample.links[0]));
    });

    it('same values: links (PRODUCT with empty url), platform URLs, e-mail', () => {
      const { sample, record } = fromPeer();
      expect(record.links).toEqual(sample.links);
      for (const [peerName, label] of Object.entries(PEER_FIELD_LABEL)) expect(record[label]).toBe(sample[peerName]);
      expect(record.email_address).toBe(sample.email_address);
      expect(record.description).toBe(sample.description);
    });
  },
);

describe.skipIf(!hasFixtures('linkpage-b'))(`parse warnings (linkpage-b, ${skipReason('linkpage-b')})`, () => {
  const data = () => JSON.parse(readFixture('linkpage-b', 'next-data-kaiserlol.json'));

  it('the real 2021 capture reads without a warning', () => {
    expect(captureWarnings(() => parseLinktreeNextData(data(), 'kaiserlol')).warnings).toEqual([]);
  });

  it('a description given as null: no warning; no description member at all: null plus account.description', () => {
    const d = data();
    d.props.pageProps.account.description = null;
    expect(captureWarnings(() => parseLinktreeNextData(d, 'kaiserlol')).warnings).toEqual([]);
    delete d.props.pageProps.account.description;
    delete d.props.pageProps.description;
    const { result, warnings } = captureWarnings(() => parseLinktreeNextData(d, 'kaiserlol'));
    expect(result.description).toBeNull();
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['linkpage-b', 'account.description']]);
  });
});
