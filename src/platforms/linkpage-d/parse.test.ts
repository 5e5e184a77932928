/**
 * linkpage-d (Pillar) parser tests. No real capture exists (../shared/fixtures has no
 * linkpage-d), so every page here is written by us in the publicly known shape (src/platforms/linkpage-d/samples.ts);
 * the peer example is compared by keys and value types at the end.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { FIXTURES_DIR, hasPeerExample } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { platformUrlsOf } from '../../links/graphql.js';
import { FIXED_KEYS, parsePillarData, parsePillarPage, type LinkpageDPage } from './parse.js';
import { LISTED_PLATFORMS } from './schema.js';
import { pillarUsername } from './platform.js';
import {
  CHALLENGE_HTML,
  LOCALIZED_NOT_FOUND_HTML,
  NOT_FOUND_HTML,
  creatorPage,
  creatorProfile,
  pillarHtml,
  pillarState,
} from './samples.js';

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError');
}

const asRecord = (p: LinkpageDPage) => p as unknown as Record<string, unknown>;
const fromProfile = (profile: Record<string, unknown>) => parsePillarPage(pillarHtml(pillarState(profile)), 'maraquintero');

describe('parsePillarPage: a creator page (hand-written)', () => {
  const page = () => asRecord(parsePillarPage(creatorPage(), 'maraquintero'));

  it('returns every api.md field in api.md order: profile, listed platform fields, other platforms, links, products', () => {
    expect(Object.keys(page())).toEqual([
      'id',
      'first_name',
      'last_name',
      'email_primary',
      'email',
      'location',
      ...LISTED_PLATFORMS,
      'code',
      'links',
      'products',
    ]);
    expect(Object.values(page())).not.toContain(undefined);
  });

  it('profile fields: uuid id, names, location, both e-mail addresses (domain lower-cased)', () => {
    expect(page()).toMatchObject({
      id: '5b0e3c1a-8f27-4d6b-9a41-2c7e9d310f58',
      first_name: 'Mara',
      last_name: 'Quintero',
      email_primary: 'mara.quintero.music@gmail.com',
      email: 'Booking@maraquintero.mx',
      location: 'Guadalajara, México',
    });
  });

  it('one URL field per platform: the 16 listed ones always, empty string when unlinked, by host', () => {
    const r = page();
    expect(Object.fromEntries(LISTED_PLATFORMS.map((p) => [p, r[p]]))).toEqual({
      amazon: '',
      medium: '',
      shortvideo: 'https://www.tiktok.com/@maraquintero',
      twitch: '',
      discord: 'https://discord.gg/marea',
      patreon: '',
      'audio-a': 'https://open.spotify.com/artist/2xQm7RfTgHjK1LpZcVbN0e',
      'microblog-b': 'https://twitter.com/maraquintero',
      video: 'https://www.youtube.com/@maraquintero',
      'social-a': '',
      professional: '',
      snapchat: '',
      'social-b': 'https://www.instagram.com/maraquintero',
      'audio-c': '',
      apple_app_store: 'https://apps.apple.com/mx/app/marea-fan-club/id6470000001',
      google_app_store: '',
    });
    // A platform only a link names gets its field too; the profile's icons win over links
    // (the artist page, not the single's track, is the audio-a field).
    expect(r.code).toBe('https://github.com/maraq');
    expect(
      platformUrlsOf(r, FIXED_KEYS)
        .filter((p) => p.url)
        .map((p) => p.platform),
    ).toEqual(['shortvideo', 'discord', 'audio-a', 'microblog-b', 'video', 'social-b', 'apple_app_store', 'code']);
  });

  it('links: id, type, title, url, clicks, order as the page has them, in page order (order null kept)', () => {
    const { links } = parsePillarPage(creatorPage(), 'maraquintero');
    expect(links[0]).toEqual({
      id: '0c7a8e10-2b1f-11ef-9c3d-7d5e1f0a4b21',
      type: 'instagram',
      title: 'instagram',
      url: 'https://www.instagram.com/maraquintero',
      clicks: 14,
      order: null,
    });
    expect(links.map((l) => l.order)).toEqual([null, 1, 2, 3, 4]);
    expect(links.map((l) => l.clicks)).toEqual([14, 3, 0, 1, 0]);
    expect(links[4]).toMatchObject({ title: 'Escríbeme', url: 'mailto:hola@maraquintero.mx' });
    for (const l of links) expect(Object.keys(l)).toEqual(['id', 'type', 'title', 'url', 'clicks', 'order']);
  });

  it('products: every field; name and title stand in for each other, a price string becomes a number, empty image is null', () => {
    const { products } = parsePillarPage(creatorPage(), 'maraquintero');
    expect(products).toEqual([
      {
        id: '51cfd360-2b1f-11ef-b065-850167411bb1',
        title: 'Vinilo "Marea" – edición firmada',
        price: 35,
        url: 'https://maraquintero.mx/tienda/vinilo-marea',
        name: 'Vinilo "Marea" – edición firmada',
        description: 'Edición limitada de 300 copias',
        image: 'https://res.cloudinary.com/pillario/image/upload/v1712000000/products/vinilo.jpg',
      },
      {
        id: '62d0e470-2b1f-11ef-b065-850167411bb1',
        title: 'Playera Gira 2025',
        price: 24.5,
        url: 'https://maraquintero.mx/tienda/playera',
        name: 'Playera Gira 2025',
        description: null,
        image: null,
      },
    ]);
  });

  it('reads the page from __NEXT_DATA__ as well (props.pageProps.profile)', () => {
    const next = { props: { pageProps: { profile: creatorProfile() } }, page: '/[username]', query: { username: 'maraquintero' } };
    const html = `<html><head><title>Mara</title></head><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script></body></html>`;
    expect(parsePillarPage(html, 'maraquintero')).toEqual(parsePillarPage(creatorPage(), 'maraquintero'));
  });
});

describe('parsePillarData: fields and fallbacks', () => {
  it('a profile with nothing optional: nulls, the 16 listed fields empty, no links or products', () => {
    const r = parsePillarData(pillarState({ id: 'a1', first_name: 'Solo' }));
    expect(r).toEqual({
      id: 'a1',
      first_name: 'Solo',
      last_name: null,
      email_primary: null,
      email: null,
      location: null,
      ...Object.fromEntries(LISTED_PLATFORMS.map((p) => [p, ''])),
      links: [],
      products: [],
    });
  });

  it('the classifier decides by host, not by the key the page files a URL under; a socials list counts too', () => {
    const r = asRecord(
      parsePillarData(
        pillarState({
          id: 'a1',
          last_name: 'X',
          website: 'https://www.twitch.tv/maralive',
          facebook: 'https://maraquintero.mx',
          socials: [
            { channel: 'LINKEDIN', url: 'https://mx.linkedin.com/in/mara-quintero' },
            { channel: 'X', url: '' },
          ],
        }),
      ),
    );
    expect(r.twitch).toBe('https://www.twitch.tv/maralive');
    expect(r['social-a']).toBe('');
    expect(r.professional).toBe('https://mx.linkedin.com/in/mara-quintero');
  });

  it('e-mails: contact_email when email is absent; a mailto link fills both; placeholders are never addresses', () => {
    expect(parsePillarData(pillarState({ id: 'a', email_primary: 'main@mara.mx', contact_email: 'press@mara.mx' }))).toMatchObject({
      email_primary: 'main@mara.mx',
      email: 'press@mara.mx',
    });
    const viaLink = parsePillarData(
      pillarState({ id: 'a', first_name: 'M', links: [{ id: 'l', title: 'mail', url: 'mailto:Hola%40Mara.mx?subject=hi' }] }),
    );
    expect(viaLink).toMatchObject({ email_primary: 'Hola@mara.mx', email: 'Hola@mara.mx' });
    const onlyPrimary = parsePillarData(pillarState({ id: 'a', email_primary: 'main@mara.mx', email: '' }));
    expect(onlyPrimary).toMatchObject({ email_primary: 'main@mara.mx', email: 'main@mara.mx' });
    expect(parsePillarData(pillarState({ id: 'a', email_primary: 'you@example.com', email: 'not an address' }))).toMatchObject({
      email_primary: null,
      email: null,
    });
  });

  it('the page chrome (support@pillar.io in the footer) is never read', () => {
    const r = fromProfile({ id: 'a', first_name: 'M' });
    expect(r.email).toBeNull();
    expect(r.email_primary).toBeNull();
  });

  it('odd link and product values: missing strings become "", ids numbers become strings, bad numbers null', () => {
    const r = parsePillarData(
      pillarState({
        id: 42,
        first_name: 'M',
        links: [{ id: 7, type: null, title: null, url: null, clicks: 'many', order: '3' }, 'junk'],
        products: [{ id: null, title: 'T', price: 'free' }],
      }),
    );
    expect(r.id).toBe('42');
    expect(r.links).toEqual([{ id: '7', type: '', title: '', url: '', clicks: null, order: 3 }]);
    expect(r.products).toEqual([{ id: null, title: 'T', price: null, url: null, name: 'T', description: null, image: null }]);
  });
});

describe('parsePillarPage: error pages', () => {
  it('Cloudflare challenge → UPSTREAM_BLOCKED, never parsed', () => {
    expect(caught(() => parsePillarPage(CHALLENGE_HTML, 'x')).code).toBe('UPSTREAM_BLOCKED');
  });

  it('the not-found page, and a store that says 404 → NOT_FOUND', () => {
    expect(caught(() => parsePillarPage(NOT_FOUND_HTML, 'ghost')).code).toBe('NOT_FOUND');
    expect(
      caught(() =>
        parsePillarPage(pillarHtml({ route: { name: 'not-found' }, shop: { profile: null, error: { statusCode: 404 } } }), 'ghost'),
      ).code,
    ).toBe('NOT_FOUND');
    expect(caught(() => parsePillarData({ page: '/404', props: { pageProps: {} } }, 'ghost')).code).toBe('NOT_FOUND');
  });

  it('the not-found page in another language (our own, Spanish) → NOT_FOUND by its markup', () => {
    expect(LOCALIZED_NOT_FOUND_HTML).not.toMatch(/not found|doesn|does not exist/i);
    expect(caught(() => parsePillarPage(LOCALIZED_NOT_FOUND_HTML, 'ghost')).code).toBe('NOT_FOUND');
  });

  it('another creator’s page (its alias another username) → UPSTREAM_FAILED; the alias in another case is the same page', () => {
    const other = pillarState(creatorProfile({ alias: 'maraquinterp' }), 'maraquintero');
    expect(caught(() => parsePillarPage(pillarHtml(other, 'Mara Q | Pillar'), 'maraquintero')).code).toBe('UPSTREAM_FAILED');
    expect(parsePillarPage(creatorPage(), 'MaraQuintero').id).toBe('5b0e3c1a-8f27-4d6b-9a41-2c7e9d310f58');
  });

  it('a creator whose title and bio say "Page not found" is a creator (decoy)', () => {
    const decoy = pillarState(creatorProfile({ bio: 'Page Not Found · this page doesn’t exist (my new single)' }), 'maraquintero');
    const r = parsePillarPage(pillarHtml(decoy, '404 | Page Not Found'), 'maraquintero');
    expect(r).toMatchObject({ id: '5b0e3c1a-8f27-4d6b-9a41-2c7e9d310f58', first_name: 'Mara' });
  });

  it.each<[string, string, string]>([
    [
      'a page with an English not-found title and sentence but no 404 mark',
      '<html><head><title>Page Not Found | Pillar</title></head><body><div id="app"><p>This page doesn’t exist.</p></div></body></html>',
      'server-rendered page data',
    ],
    [
      'a page without any data blob',
      '<html><head><title>Mara Quintero | Pillar</title></head><body><div id="app"></div></body></html>',
      'server-rendered page data',
    ],
    ['a store without the profile', pillarHtml(pillarState(null)), 'creator profile'],
    ['a profile without an id', pillarHtml(pillarState({ first_name: 'Mara', links: [] })), 'creator profile'],
    [
      'unparseable state JSON',
      '<html><body><script>window.__INITIAL_STATE__={"shop":{profile:1}};</script></body></html>',
      'parseable JSON in window.__INITIAL_STATE__',
    ],
  ])('%s → UPSTREAM_FAILED naming what is missing', (_name, html, what) => {
    const e = caught(() => parsePillarPage(html, 'maraquintero'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain(what);
  });
});

describe('pillarUsername', () => {
  it.each([
    ['https://pillar.io/maraquintero', 'maraquintero'],
    ['http://www.pillar.io/Mara.Quintero/?utm_source=ig#top', 'Mara.Quintero'],
    ['pillar.io/maraquintero', 'maraquintero'],
    ['maraquintero', 'maraquintero'],
    ['@maraquintero', 'maraquintero'],
  ])('%s → %s', (input, username) => expect(pillarUsername(input)).toBe(username));

  it.each([
    'https://example.com/maraquintero',
    'https://pillar.io.evil.com/x',
    'https://pillar.io/',
    'https://pillar.io/a/b',
    'https://pillar.io/login',
    'example.com',
    'mara quintero',
    'https://user@pillar.io/x',
    'ftp://pillar.io/x',
  ])('%s → null', (input) => expect(pillarUsername(input)).toBeNull());
});

// ---------------------------------------------------------------------------------------------
// Peer example: keys and value types (../shared/reference/peer-examples/linkpage-d.json)
// ---------------------------------------------------------------------------------------------

const PEER_FILE = join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'linkpage-d.json');
const ENVELOPE = new Set(['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at']);
/** The peer names platform fields after the real platforms; api.md uses the neutral labels. */
const PEER_FIELD_LABEL: Record<string, string> = {
  tiktok: 'shortvideo',
  spotify: 'audio-a',
  twitter: 'microblog-b',
  youtube: 'video',
  facebook: 'social-a',
  linkedin: 'professional',
  instagram: 'social-b',
  soundcloud: 'audio-c',
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

describe.skipIf(!hasPeerExample(PEER_FILE))(
  `peer example (skipped when ${PEER_FILE} is absent: fresh clone without the shared reference)`,
  () => {
    /** A page whose store holds the peer's values as Pillar's profile, parsed by us. */
    function fromPeer(): { sample: Record<string, any>; record: Record<string, unknown> } {
      const sample = JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as Record<string, any>;
      const profile = Object.fromEntries(Object.entries(sample).filter(([k]) => !ENVELOPE.has(k)));
      return { sample, record: asRecord(parsePillarPage(pillarHtml(pillarState(profile)), 'angelstrife')) };
    }

    it('the same keys (platform fields renamed to labels) with the same value types', () => {
      const { sample, record } = fromPeer();
      const expected = Object.keys(sample)
        .filter((k) => !ENVELOPE.has(k))
        .map((k) => PEER_FIELD_LABEL[k] ?? k);
      // api.md lists email before location; the peer the other way round: compare as sets.
      expect(Object.keys(record).sort()).toEqual([...expected].sort());
      for (const [k, v] of Object.entries(sample)) {
        if (ENVELOPE.has(k)) continue;
        expect([k, typeOf(record[PEER_FIELD_LABEL[k] ?? k])]).toEqual([k, typeOf(v)]);
      }
      const links = record.links as Record<string, unknown>[];
      sample.links.forEach((l: Record<string, unknown>, i: number) => {
        expect(Object.keys(links[i])).toEqual(Object.keys(l));
        for (const [k, v] of Object.entries(l)) expect([k, typeOf(links[i][k])]).toEqual([k, typeOf(v)]);
      });
      const product = (record.products as Record<string, unknown>[])[0];
      expect(Object.keys(product)).toEqual(Object.keys(sample.products[0]));
      for (const [k, v] of Object.entries(sample.products[0])) expect([k, typeOf(product[k])]).toEqual([k, typeOf(v)]);
    });

    it('the same values: profile, every platform URL (empty ones included), links and products', () => {
      const { sample, record } = fromPeer();
      for (const k of ['id', 'first_name', 'last_name', 'email_primary', 'email', 'location', 'links', 'products'])
        expect(record[k]).toEqual(sample[k]);
      for (const [peerName, v] of Object.entries(sample)) {
        if (ENVELOPE.has(peerName) || FIXED_KEYS.has(peerName)) continue;
        expect([peerName, record[PEER_FIELD_LABEL[peerName] ?? peerName]]).toEqual([peerName, v]);
      }
    });
  },
);

/** Our own page states (src/platforms/linkpage-d/samples.ts: no Pillar capture exists), with one member changed. */
describe('parse warnings (linkpage-d)', () => {
  it('a complete profile reads without a warning; a last name given as null: no warning', () => {
    expect(captureWarnings(() => parsePillarData(pillarState(creatorProfile()))).warnings).toEqual([]);
    const { result, warnings } = captureWarnings(() => parsePillarData(pillarState(creatorProfile({ last_name: null }))));
    expect(result.last_name).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('a profile without its links member: [] plus profile.links', () => {
    const p = creatorProfile();
    delete p.links;
    const { result, warnings } = captureWarnings(() => parsePillarData(pillarState(p)));
    expect(result.links).toEqual([]);
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['linkpage-d', 'profile.links']]);
  });
});
