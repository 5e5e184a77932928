/**
 * linkpage-d (Pillar) parser tests. No real capture exists (../shared/fixtures has no linkpage-d):
 * every shell, bundle and GraphQL answer here is written by us in the shape public evidence gives
 * (src/platforms/linkpage-d/samples.ts says what it rests on); the peer example is compared by
 * keys and value types at the end.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { FIXTURES_DIR, hasPeerExample } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import {
  endpointOf,
  escapeLike,
  findCredentials,
  FIXED_KEYS,
  isTokenRefusal,
  jwtExpiry,
  pageRecord,
  readPage,
  readProducts,
  resolveInfluencer,
  resolveQuery,
  vendorsBundleUrls,
  type LinkpageDPage,
  type Resolved,
} from './parse.js';
import { LISTED_PLATFORMS } from './schema.js';
import { pillarUsername } from './platform.js';
import {
  anonJwt,
  GRAPHQL_URL,
  INFLUENCER_ID,
  JWT_EXPIRED,
  pageAnswer,
  PLAIN_VENDORS_PATH,
  productsAnswer,
  resolveAnswer,
  sampleCreator,
  SETTINGS_VENDORS_PATH,
  shellHtml,
  vendorsJs,
} from './samples.js';
import type { SampleCreator } from './samples.js';

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError');
}

const BY_KEY: Resolved = { id: INFLUENCER_ID, by: 'url_key' };
const asRecord = (p: LinkpageDPage) => p as unknown as Record<string, unknown>;
/** The record of a creator's answers, as fetch.ts builds it. */
const recordOf = (c: SampleCreator = sampleCreator(), username = 'maraquintero', resolved: Resolved = BY_KEY) =>
  pageRecord(readPage(pageAnswer(c), resolved, username), readProducts(productsAnswer(c), username, resolved.id));

describe('shell and bundle', () => {
  it('the vendors bundles of the shell, absolute, the s-z one first; other hosts never', () => {
    const html = shellHtml([
      PLAIN_VENDORS_PATH,
      SETTINGS_VENDORS_PATH,
      'https://evil.example/js/chunk-vendors.1.js',
      '//cdn.pillar.io/js/chunk-vendors~x.2.js',
    ]);
    expect(vendorsBundleUrls(html, 'https://pillar.io/maraquintero')).toEqual([
      `https://pillar.io${SETTINGS_VENDORS_PATH}`,
      `https://pillar.io${PLAIN_VENDORS_PATH}`,
      'https://cdn.pillar.io/js/chunk-vendors~x.2.js',
    ]);
  });

  it('the endpoint and token of the settings bundle; a host alone is https://<host>/v1/graphql', () => {
    const token = anonJwt();
    expect(findCredentials(vendorsJs({ endpoint: 'graphql.pillar.io', token }))).toEqual({ endpoint: GRAPHQL_URL, token });
    expect(findCredentials(vendorsJs({ endpoint: 'https:\\/\\/graphql.pillar.io\\/v1\\/graphql', token }))).toEqual({
      endpoint: GRAPHQL_URL,
      token,
    });
    expect(findCredentials(vendorsJs())).toBeNull();
    expect(findCredentials(vendorsJs({ endpoint: 'graphql.pillar.io', token: 'not a jwt' }))).toBeNull();
  });

  it("the endpoint pillar.io's bundle names, on any host but one the SSRF guard refuses (UPSTREAM_FAILED naming it); http is unusable", () => {
    expect(findCredentials(vendorsJs({ endpoint: 'pillar-prod.hasura.app', token: anonJwt() }))?.endpoint).toBe(
      'https://pillar-prod.hasura.app/v1/graphql',
    );
    for (const internal of ['169.254.169.254', 'localhost', 'https://10.0.0.7/v1/graphql']) {
      const e = caught(() => endpointOf(internal));
      expect(e.code, internal).toBe('UPSTREAM_FAILED');
      expect(e.message).toContain('may not be fetched');
    }
    expect(endpointOf('http://graphql.pillar.io/v1/graphql')).toBeNull();
    expect(endpointOf('https://graphql.pillar.io:8443/v1/graphql')).toBeNull();
  });

  it('the JWT expiry from its exp claim; none without one', () => {
    expect(jwtExpiry(anonJwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
    expect(jwtExpiry(anonJwt({ exp: null }))).toBeNull();
    expect(jwtExpiry('garbage')).toBeNull();
  });

  it("Hasura's refusal of the token (HTTP 200 with invalid-jwt) is told from other errors", () => {
    expect(isTokenRefusal(JWT_EXPIRED)).toBe(true);
    expect(isTokenRefusal({ errors: [{ extensions: { code: 'validation-failed' }, message: "field 'x' not found" }] })).toBe(false);
    expect(isTokenRefusal({ data: {} })).toBe(false);
  });
});

describe('resolve', () => {
  it('escapes the ilike wildcards of the key', () => {
    expect(escapeLike('mara_q%\\x')).toBe('mara\\_q\\%\\\\x');
    expect(resolveQuery('mara_q').variables).toEqual({ key: 'mara\\_q' });
  });

  it('url_key first, then slug, then alias; case-insensitive', () => {
    const c = sampleCreator('maraquintero');
    expect(resolveInfluencer(resolveAnswer([c], 'maraquintero'), 'MaraQuintero')).toEqual({ id: INFLUENCER_ID, by: 'url_key' });
    const bySlug = sampleCreator('x', { urlKey: null, alias: null, slugs: ['mara-shop'] });
    expect(resolveInfluencer(resolveAnswer([bySlug], 'mara-shop'), 'mara-shop')).toEqual({ id: INFLUENCER_ID, by: 'slug' });
    const byAlias = sampleCreator('mara', { urlKey: null });
    expect(resolveInfluencer(resolveAnswer([byAlias], 'mara'), 'mara')).toEqual({ id: INFLUENCER_ID, by: 'alias' });
  });

  it('no row → NOT_FOUND; rows of other usernames only → UPSTREAM_FAILED; errors → UPSTREAM_FAILED', () => {
    expect(caught(() => resolveInfluencer(resolveAnswer([], 'ghost'), 'ghost')).code).toBe('NOT_FOUND');
    const other = { data: { byBanner: [{ influencer_id: 'x', url_key: 'maraquintfro' }], bySlug: [], byAlias: [] } };
    expect(caught(() => resolveInfluencer(other, 'maraquintero')).code).toBe('UPSTREAM_FAILED');
    const e = caught(() => resolveInfluencer({ errors: [{ message: "field 'shop_banner' not found in type: 'query_root'" }] }, 'm'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('shop_banner');
    expect(caught(() => resolveInfluencer({ data: { byBanner: [] } }, 'm')).message).toContain('bySlug');
    expect(caught(() => resolveInfluencer('<html>', 'm')).code).toBe('UPSTREAM_FAILED');
  });
});

describe('the record', () => {
  it('every api.md field in api.md order: profile, listed platform fields, other platforms, links, products', () => {
    expect(Object.keys(asRecord(recordOf()))).toEqual([
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
  });

  it('profile fields: the influencer id, the user names, the banner location, both addresses', () => {
    expect(recordOf()).toMatchObject({
      id: INFLUENCER_ID,
      first_name: 'Mara',
      last_name: 'Quintero',
      email_primary: 'mara.quintero.music@gmail.com',
      email: 'Booking@maraquintero.mx',
      location: 'Guadalajara, México',
    });
  });

  it('one URL field per platform from the banner icons, the connected accounts and the links; "" when unlinked', () => {
    const r = asRecord(recordOf());
    expect(r).toMatchObject({
      'social-b': 'https://www.instagram.com/maraquintero',
      'microblog-b': 'https://twitter.com/maraquintero',
      video: 'https://www.youtube.com/@maraquintero',
      discord: 'https://discord.gg/marea',
      apple_app_store: 'https://apps.apple.com/mx/app/marea-fan-club/id6470000001',
      shortvideo: 'https://www.tiktok.com/@maraquintero',
      'audio-a': 'https://open.spotify.com/artist/2xQm7RfTgHjK1LpZcVbN0e',
      code: 'https://github.com/maraq',
      'social-a': '',
      amazon: '',
      google_app_store: '',
    });
  });

  it('links: deleted, hidden and referral links left out; type the lower-cased title; order null kept', () => {
    const { links } = recordOf();
    expect(links.map((l) => l.title)).toEqual(['instagram', 'Nuevo sencillo "Marea"', 'Gira 2025', 'código', 'Escríbeme']);
    expect(links[0]).toEqual({
      id: '0c7a8e10-2b1f-11ef-9c3d-7d5e1f0a4b21',
      type: 'instagram',
      title: 'instagram',
      url: 'https://www.instagram.com/maraquintero',
      clicks: 14,
      order: null,
    });
    expect(links[1]).toMatchObject({ type: 'nuevo sencillo "marea"', order: 1, clicks: 3 });
  });

  it('a link without a title: its network by host, else ""', () => {
    const c = sampleCreator();
    c.links = [
      { link_id: 'a', order: 1, clicks: 0, status: 'ACTIVE', data: { url: 'https://x.com/mara', tagline: '' } },
      { link_id: 'b', order: 2, clicks: 0, status: 'ACTIVE', data: { url: 'https://mara.example/', title: null } },
    ];
    expect(recordOf(c).links.map((l) => [l.type, l.title])).toEqual([
      ['twitter', ''],
      ['', ''],
    ]);
  });

  it('products: name as title and name, a numeric string price a number, empty image and absent description null', () => {
    expect(recordOf().products).toEqual([
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

  it('customizations sent as a JSON string are read the same', () => {
    const c = sampleCreator();
    c.banner = { ...c.banner, customizations: JSON.stringify(c.banner!.customizations) };
    expect(recordOf(c)).toEqual(recordOf());
  });

  it('a creator without banner: no location, no banner icons, e-mails from the account and contact', () => {
    const c = sampleCreator('mara', { urlKey: null, banner: null });
    const { result, warnings } = captureWarnings(() => recordOf(c, 'mara', { id: INFLUENCER_ID, by: 'alias' }));
    expect(result).toMatchObject({
      location: null,
      email: 'Booking@maraquintero.mx',
      'social-b': 'https://www.instagram.com/maraquintero',
    });
    expect(warnings).toEqual([]);
  });

  it('e-mails: placeholders are never addresses; a mailto link fills both when nothing else does', () => {
    const c = sampleCreator();
    c.influencer = { ...c.influencer, contact_email: null, user: { ...(c.influencer.user as object), email: 'email@example.com' } };
    c.banner = { url_key: 'maraquintero', customizations: {} };
    expect(recordOf(c)).toMatchObject({ email_primary: 'hola@maraquintero.mx', email: 'hola@maraquintero.mx' });
  });

  it('a complete answer reads without a warning; a missing usual field is null plus its warning', () => {
    expect(captureWarnings(() => recordOf()).warnings).toEqual([]);
    const c = sampleCreator();
    c.influencer = { ...c.influencer, user: { ...(c.influencer.user as object), first_name: undefined } };
    const { result, warnings } = captureWarnings(() => recordOf(c));
    expect(result.first_name).toBeNull();
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['linkpage-d', 'page.influencer.user.first_name']]);
  });

  it('the page of another influencer, or stating another url_key or alias → UPSTREAM_FAILED', () => {
    const other = sampleCreator('maraquintero', { id: '00000000-0000-4000-8000-000000000000' });
    expect(caught(() => readPage(pageAnswer(other), BY_KEY, 'maraquintero')).code).toBe('UPSTREAM_FAILED');
    const renamed = sampleCreator('maraquintfro');
    expect(caught(() => readPage(pageAnswer(renamed), BY_KEY, 'maraquintero')).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => readPage(pageAnswer(renamed), { id: INFLUENCER_ID, by: 'alias' }, 'maraquintero')).code).toBe('UPSTREAM_FAILED');
    // The url_key in another case is the same page.
    expect(readPage(pageAnswer(sampleCreator('MaraQuintero')), BY_KEY, 'maraquintero').id).toBe(INFLUENCER_ID);
  });

  it('no influencer (not public) → NOT_FOUND; GraphQL errors → UPSTREAM_FAILED; products errors too (fetch.ts makes them optional)', () => {
    expect(caught(() => readPage(pageAnswer(null), BY_KEY, 'maraquintero')).code).toBe('NOT_FOUND');
    expect(caught(() => readPage({ errors: [{ message: 'x' }] }, BY_KEY, 'maraquintero')).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => readProducts({ errors: [{ message: 'x' }] }, 'maraquintero', INFLUENCER_ID)).code).toBe('UPSTREAM_FAILED');
  });

  it('products rows of another influencer (another account’s answer) → UPSTREAM_FAILED, never her products (session 39: served as data before)', () => {
    const other = sampleCreator('someoneelse');
    const theirs = productsAnswer({ ...other, id: '0c6a0f1e-0000-4000-8000-000000000001' });
    expect(caught(() => readProducts(theirs, 'maraquintero', INFLUENCER_ID)).code).toBe('UPSTREAM_FAILED');
    // One foreign row among hers is as wrong.
    const mine = productsAnswer(sampleCreator()) as { data: { products: Record<string, unknown>[] } };
    mine.data.products[1] = { ...mine.data.products[1], influencer_id: '0c6a0f1e-0000-4000-8000-000000000001' };
    expect(caught(() => readProducts(mine, 'maraquintero', INFLUENCER_ID)).code).toBe('UPSTREAM_FAILED');
    expect(readProducts(productsAnswer(sampleCreator()), 'maraquintero', INFLUENCER_ID)).toHaveLength(2);
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
    'https://graphql.pillar.io/x',
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
    /** The peer's values put into Pillar's rows (as our samples shape them), read back by us. */
    function fromPeer(): { sample: Record<string, any>; record: Record<string, unknown> } {
      const sample = JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as Record<string, any>;
      const socials: Record<string, { value: string }> = {};
      for (const [k, v] of Object.entries(sample))
        if (!ENVELOPE.has(k) && !FIXED_KEYS.has(k) && typeof v === 'string' && v) socials[k.toUpperCase()] = { value: v };
      const c = sampleCreator('angelstrife', {
        id: sample.id,
        influencer: {
          id: sample.id,
          alias: 'angelstrife',
          contact_email: sample.email,
          socials: [],
          user: { first_name: sample.first_name, last_name: sample.last_name, email: sample.email_primary },
        },
        banner: { url_key: 'angelstrife', customizations: { location: sample.location, socials } },
        links: sample.links.map((l: Record<string, unknown>) => ({
          link_id: l.id,
          order: l.order,
          clicks: l.clicks,
          status: 'ACTIVE',
          data: { url: l.url, tagline: l.title, visible: true },
        })),
        products: sample.products.map((p: Record<string, unknown>) => ({
          product_id: p.id,
          name: p.name,
          description: p.description,
          price: p.price,
          url: p.url,
          image: p.image,
        })),
      });
      return { sample, record: asRecord(recordOf(c, 'angelstrife', { id: sample.id, by: 'url_key' })) };
    }

    it('the same keys (platform fields renamed to labels) with the same value types', () => {
      const { sample, record } = fromPeer();
      const expected = Object.keys(sample)
        .filter((k) => !ENVELOPE.has(k))
        .map((k) => PEER_FIELD_LABEL[k] ?? k);
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
        expect([k, record[k]]).toEqual([k, sample[k]]);
      for (const [peerName, v] of Object.entries(sample)) {
        if (ENVELOPE.has(peerName) || FIXED_KEYS.has(peerName)) continue;
        expect([peerName, record[PEER_FIELD_LABEL[peerName] ?? peerName]]).toEqual([peerName, v]);
      }
    });
  },
);
