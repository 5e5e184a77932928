/**
 * linkpage-c (Komi) parser tests. No capture of Komi's API exists (../shared/fixtures has no
 * linkpage-c folder): every answer here is written by us in the public shape of Komi's two
 * endpoints (src/platforms/linkpage-c/samples.ts), and the peer example is read in place for a key and type comparison.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { FIXTURES_DIR, hasPeerExample } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { platformUrlsOf } from '../../links/graphql.js';
import { FIXED_KEYS, isNotFoundBody, pageRecord, readModules, readTalent, type LinkpageCPage } from './parse.js';
import { komiUsername } from './platform.js';
import { modulesBody, NOT_FOUND_BODY, PROFILE_ID, talentBody, VERSION_ID } from './samples.js';

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError');
}

const asRecord = (p: LinkpageCPage) => p as unknown as Record<string, unknown>;
const page = (talent = talentBody(), modules: unknown = modulesBody()) =>
  pageRecord(readTalent(talent, 'nightowl'), readModules(modules), 'nightowl');

describe('Komi page: talent + modules (hand-written, no capture exists)', () => {
  it('every api.md field in order; platform fields between displayNameImage and website', () => {
    const r = page();
    expect(Object.keys(r)).toEqual([
      'id',
      'username',
      'avatar',
      'bio',
      'firstName',
      'lastName',
      'displayName',
      'displayNameImage',
      'social-b',
      'shortvideo',
      'video',
      'microblog-b',
      'snapchat',
      'audio-a',
      'website',
      'links',
    ]);
    expect(Object.values(r)).not.toContain(undefined);
  });

  it('profile fields: id is the talent profile id (the one the modules request uses)', () => {
    expect(page()).toMatchObject({
      id: PROFILE_ID,
      username: 'nightowl',
      avatar: 'https://komi-production-assets.s3.amazonaws.com/photos/Xq3vN8pLr2TzW5hYk0aJd.jpg',
      bio: 'night owl, early riser 🦉\nfilm photographer',
      firstName: 'Nora',
      lastName: 'Hollis',
      displayName: 'Nora Hollis',
      displayNameImage: null,
      website: 'https://norahollis.example/',
    });
  });

  it('one URL field per platform: social profile links first, then visible module links; empty and hidden ones never', () => {
    expect(platformUrlsOf(asRecord(page()), FIXED_KEYS)).toEqual([
      { platform: 'social-b', url: 'https://www.instagram.com/nora.hollis/' },
      { platform: 'shortvideo', url: 'https://www.tiktok.com/@norahollis' },
      { platform: 'video', url: 'https://www.youtube.com/@NoraHollisFilm' },
      { platform: 'microblog-b', url: 'https://twitter.com/norahollis' },
      { platform: 'snapchat', url: 'https://www.snapchat.com/add/norahollis' },
      { platform: 'audio-a', url: 'https://open.spotify.com/playlist/5nIgHtOwLpLaYlIsT0123x' },
    ]);
    // The hidden Patreon product is listed but is no platform field; FACEBOOK had an empty link.
    expect(asRecord(page())).not.toHaveProperty('patreon');
    expect(asRecord(page())).not.toHaveProperty('social-a');
  });

  it('links: entries of LINK modules inside a GROUP, then PRODUCT entries with price and currency; modules without entries add none', () => {
    const { links } = page();
    expect(links.map((l) => [l.type, l.title])).toEqual([
      ['LINK', 'Shop my prints'],
      ['LINK', 'darkroom playlist'],
      ['PRODUCT', ' 35MM FILM | 5 PACK '],
      ['PRODUCT', 'Darkroom club'],
    ]);
    expect(links[0]).toEqual({
      id: 'e4a1c7b2-9d3f-4e60-8b15-3f7a2d9c6e81',
      url: 'https://norahollis.example/prints',
      order: 0,
      title: 'Shop my prints',
      visible: true,
      moduleId: '6e2f9a34-1b7c-4d58-a0e3-58c2b9d1f407',
      thumbnail: 'https://komi-production-assets.s3-accelerate.amazonaws.com/photos/Pr1ntsTh0mbA9xQ2.jpg',
      versionId: VERSION_ID,
      type: 'LINK',
    });
    expect(links[2]).toEqual({
      id: 'f17a3b8c-2e5d-4a90-b6c4-8d1e7f3a0b25',
      url: 'https://shop.example/products/35mm-film-pack',
      order: 0,
      title: ' 35MM FILM | 5 PACK ',
      visible: true,
      moduleId: '9c3d1e58-6b2a-4f07-8d94-e5a7b0c2f168',
      thumbnail: 'https://komi-production-assets.s3-accelerate.amazonaws.com/photos/F1lmP4ck0Th9mb.png',
      versionId: VERSION_ID,
      type: 'PRODUCT',
      price: 24.5,
      currency: 'EUR',
    });
    expect(links[3]).toMatchObject({ visible: false, price: 5, currency: 'USD' });
    // Upstream strings are kept: an empty thumbnail stays ''.
    expect(links[1].thumbnail).toBe('');
    // price and currency exist on products only.
    for (const l of links.filter((x) => x.type === 'LINK')) {
      expect(Object.keys(l)).toEqual(['id', 'url', 'order', 'title', 'visible', 'moduleId', 'thumbnail', 'versionId', 'type']);
    }
  });

  it('a page with nothing optional: nulls, no platform fields, no links', () => {
    const r = pageRecord(readTalent({ username: 'bare', talentProfile: { id: 'p-1' } }), readModules([]));
    expect(r).toEqual({
      id: 'p-1',
      username: 'bare',
      avatar: null,
      bio: null,
      firstName: null,
      lastName: null,
      displayName: null,
      displayNameImage: null,
      website: null,
      links: [],
    });
  });

  it('members that moved between account and profile are still read; profile.website wins over the WEBSITE icon', () => {
    const talent = {
      talentProfile: {
        id: 77,
        username: 'moved',
        firstName: 'Ada',
        lastName: 'Lane',
        avatar: 'https://komi-production-assets.s3.amazonaws.com/photos/a.jpg',
        website: 'https://adalane.example',
        displayNameImage: 'https://komi-production-assets.s3.amazonaws.com/photos/name.png',
      },
      bio: '',
      displayName: 'Ada',
      socialProfileLinks: [
        { type: 'WEBSITE', link: 'https://other.example' },
        { type: 'X', url: 'https://x.com/adalane' },
      ],
    };
    const r = pageRecord(readTalent(talent), []);
    expect(r).toMatchObject({
      id: '77',
      username: 'moved',
      firstName: 'Ada',
      lastName: 'Lane',
      avatar: 'https://komi-production-assets.s3.amazonaws.com/photos/a.jpg',
      bio: '',
      displayName: 'Ada',
      displayNameImage: 'https://komi-production-assets.s3.amazonaws.com/photos/name.png',
      website: 'https://adalane.example',
      'microblog-b': 'https://x.com/adalane',
    });
  });

  it('odd entries: prices as strings, missing members null, moduleId and versionId from the module, no url → skipped', () => {
    const links = readModules({
      modules: [
        {
          id: 'mod-9',
          type: 'product',
          versionId: 'v-9',
          items: [{ id: 1, url: 'https://shop.example/a', price: '19.99', order: '2' }, { id: 'no-url', title: 'nothing to open' }, 'junk'],
        },
        { id: 'mod-10', items: [{ url: 'https://example.org/x' }] },
      ],
    });
    expect(links).toEqual([
      {
        id: '1',
        url: 'https://shop.example/a',
        order: 2,
        title: null,
        visible: null,
        moduleId: 'mod-9',
        thumbnail: null,
        versionId: 'v-9',
        type: 'PRODUCT',
        price: 19.99,
        currency: null,
      },
      {
        id: null,
        url: 'https://example.org/x',
        order: null,
        title: null,
        visible: null,
        moduleId: 'mod-10',
        thumbnail: null,
        versionId: null,
        type: 'LINK',
      },
    ]);
  });
});

describe('Komi answers that are not a page', () => {
  it('the not-found body → NOT_FOUND naming the page', () => {
    expect(isNotFoundBody(NOT_FOUND_BODY)).toBe(true);
    const e = caught(() => readTalent(NOT_FOUND_BODY, 'ghost'));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('ghost.komi.io');
  });

  it('the not-found body in another language (our own, German message) → NOT_FOUND by its codes', () => {
    const localized = { ...NOT_FOUND_BODY, message: 'Das Talentprofil wurde nicht gefunden' };
    expect(caught(() => readTalent(localized, 'ghost')).code).toBe('NOT_FOUND');
    expect(caught(() => readTalent({ statusCode: 404, message: 'Nicht gefunden' }, 'ghost')).code).toBe('NOT_FOUND');
  });

  it('a talent whose bio says "not found" is a talent (decoy)', () => {
    const t = readTalent(talentBody('nightowl', { bio: 'The talent profile was not found 404' }), 'nightowl');
    expect(t.profile.bio).toBe('The talent profile was not found 404');
  });

  it('an error body without the not-found codes is no NOT_FOUND, whatever its English message says', () => {
    const e = caught(() => readTalent({ statusCode: 500, message: 'Talent not found in cache', code: 5000 }, 'ghost'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('talentProfile');
  });

  it('an account that is not active → NOT_FOUND', () => {
    const e = caught(() => readTalent(talentBody('gone', {}, { accountStatus: 'deactivated' }), 'gone'));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('deactivated');
  });

  it.each<[string, string, unknown]>([
    ['talent without talentProfile', 'talentProfile', { username: 'x', accountStatus: 'active' }],
    ['talentProfile without id', 'talentProfile.id', talentBody('x', { id: null })],
    ['talent that is a list', 'talent object', []],
    ['a profile with no username anywhere', 'username', { talentProfile: { id: 'p' } }],
  ])('%s → UPSTREAM_FAILED naming %s', (_name, missing, body) => {
    const e = caught(() => pageRecord(readTalent(body), []));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.status).toBe(502);
    expect(e.message).toContain(missing);
  });

  it('modules that are not a list → UPSTREAM_FAILED naming the module list', () => {
    for (const body of [{ data: [] }, null, 'x']) {
      const e = caught(() => readModules(body));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toContain('module list');
    }
  });
});

describe('komiUsername (the url parameter)', () => {
  it.each<[string, string]>([
    ['https://kimkardashian.komi.io', 'kimkardashian'],
    ['https://kimkardashian.komi.io/', 'kimkardashian'],
    ['http://kimkardashian.komi.io', 'kimkardashian'],
    ['https://NightOwl.komi.io/links?utm_source=ig#x', 'nightowl'],
    ['night-owl.komi.io', 'night-owl'],
    ['  https://night-owl.KOMI.io  ', 'night-owl'],
    ['kimkardashian', 'kimkardashian'],
    ['@KimKardashian', 'kimkardashian'],
    // The path form other tools and share links use (public evidence; no capture).
    ['https://komi.io/ksi', 'ksi'],
    ['https://www.komi.io/NightOwl/?utm_source=ig', 'nightowl'],
  ])('accepts %s', (input, username) => {
    expect(komiUsername(input)).toBe(username);
  });

  it.each([
    'https://komi.io',
    'https://komi.io/pricing',
    'https://komi.io/creators',
    'https://komi.io/kim/links',
    'https://www.komi.io',
    'https://api.komi.io/api/talent/usernames/kim',
    'https://app.komi.io',
    'https://a.b.komi.io',
    'https://kim.komi.io.evil.com',
    'https://evilkomi.io',
    'https://example.com/kim',
    'https://linktr.ee/kim',
    'example.com',
    'https://user@kim.komi.io',
    'https://kim.komi.io:8443',
    'ftp://kim.komi.io',
    'kim_k',
    'kim kardashian',
    '-kim',
    '',
  ])('rejects %s', (input) => {
    expect(komiUsername(input)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Peer example: key set and value types (api.md wins on names: platform fields use labels)
// ---------------------------------------------------------------------------------------------

const PEER_FILE = join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'linkpage-c.json');
const ENVELOPE = new Set(['success', 'credits_remaining', 'credits_charged', 'cached', 'cached_at']);
/** The peer names platform fields after the real platforms; api.md uses the neutral labels. */
const PEER_FIELD_LABEL: Record<string, string> = {
  instagram: 'social-b',
  tiktok: 'shortvideo',
  youtube: 'video',
  twitter: 'microblog-b',
  facebook: 'social-a',
  snapchat: 'snapchat',
};

function shapeOf(v: unknown): unknown {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.map(shapeOf);
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, shapeOf(x)]));
  return Number.isInteger(v) ? 'integer' : typeof v;
}

describe.skipIf(!hasPeerExample(PEER_FILE))(
  `peer example (skipped when ${PEER_FILE} is absent: fresh clone without the shared reference)`,
  () => {
    /** Komi answers built from the peer's values, so that our output can be compared with its. */
    function fromPeer(): { sample: Record<string, any>; record: Record<string, unknown> } {
      const sample = JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as Record<string, any>;
      const talent = {
        username: sample.username,
        firstName: sample.firstName,
        lastName: sample.lastName,
        avatar: sample.avatar,
        accountStatus: 'active',
        talentProfile: {
          id: sample.id,
          displayName: sample.displayName,
          displayNameImage: sample.displayNameImage,
          bio: sample.bio,
          website: sample.website,
          socialProfileLinks: Object.keys(PEER_FIELD_LABEL).map((k) => ({ type: k.toUpperCase(), link: sample[k] })),
        },
      };
      // One module per peer link, of the link's type, holding the link without its type.
      const modules = sample.links.map(({ type, ...item }: { type: string; moduleId: string }) => ({
        id: item.moduleId,
        type,
        items: [item],
      }));
      return { sample, record: asRecord(pageRecord(readTalent(talent), readModules(modules))) };
    }

    it('same keys in the same order (platform fields renamed to labels) and the same value types', () => {
      const { sample, record } = fromPeer();
      const expected = Object.keys(sample)
        .filter((k) => !ENVELOPE.has(k))
        .map((k) => PEER_FIELD_LABEL[k] ?? k);
      expect(Object.keys(record)).toEqual(expected);
      for (const [k, v] of Object.entries(sample)) {
        if (ENVELOPE.has(k)) continue;
        expect([k, shapeOf(record[PEER_FIELD_LABEL[k] ?? k])]).toEqual([k, shapeOf(v)]);
      }
    });

    it('same links: LINK without price/currency, PRODUCT with them, hidden products kept; same platform URLs', () => {
      const { sample, record } = fromPeer();
      const links = record.links as Record<string, unknown>[];
      expect(links).toHaveLength(sample.links.length);
      links.forEach((l, i) => {
        expect(Object.keys(l).sort()).toEqual(Object.keys(sample.links[i]).sort());
        expect(l).toEqual(sample.links[i]);
      });
      for (const [peerName, label] of Object.entries(PEER_FIELD_LABEL)) expect(record[label]).toBe(sample[peerName]);
    });
  },
);

/** Our own talent answers (src/platforms/linkpage-c/samples.ts: no Komi capture exists), with one member changed. */
describe('parse warnings (linkpage-c)', () => {
  const record = (body: Record<string, unknown>) =>
    captureWarnings(() => pageRecord(readTalent(body, 'nightowl'), readModules(modulesBody()), 'nightowl'));

  it('a complete answer reads without a warning; a bio given as null: no warning', () => {
    expect(record(talentBody()).warnings).toEqual([]);
    const { result, warnings } = record(talentBody('nightowl', { bio: null }));
    expect(result.bio).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('an answer with no avatar member anywhere: null plus talent.avatar', () => {
    const body = talentBody();
    delete body.avatar;
    const { result, warnings } = record(body);
    expect(result.avatar).toBeNull();
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['linkpage-c', 'talent.avatar']]);
  });
});
