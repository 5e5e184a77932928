import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { wallError, wallName } from '../../../test/blocks/wall-answer.js';
import {
  type AudioCArtist,
  bundleUrls,
  normalizeHandle,
  parseArtist,
  parseClientId,
  parseClientIdFromBundle,
  parseHydratedUser,
  parseHydration,
  parsePlaylist,
  parsePlaylistPage,
  parseProfileUrl,
  parseSetUrl,
} from './parse.js';
import { AUDIO_C_ARTIST_KEYS, AUDIO_C_PLAYLIST_KEYS, AUDIO_C_PLAYLIST_TRACK_KEYS } from '../../../test/support/record-keys.js';
import { DEMO_SET_SLUG, demoSet, setPage, stubTrack } from './samples.js';
import { AudioCPlaylist } from './schema.js';

const LABEL = 'audio-c';
const USER_JSON = 'api-v2-user-liluzivert.json';
const HOME = 'homepage-sc-hydration.html';
const SET_PAGE = 'set-page-sc-hydration-soundcloud-i-am-other-vol-2.html';

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected an ApiError');
}

// ---------------------------------------------------------------------------------------------
// Real captures (read in place from ../shared/fixtures/audio-c; facts from its SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`audio-c captures (${skipReason(LABEL)})`, () => {
  describe(USER_JSON, () => {
    const load = () => parseArtist(JSON.parse(readFixture(LABEL, USER_JSON)), 'liluzivert');

    it('identity: id, kind, username, permalink, permalink_url, urn', () => {
      const a = load();
      expect(a.id).toBe(10494998);
      expect(a.kind).toBe('user');
      expect(a.username).toBe('Lil Uzi Vert');
      expect(a.permalink).toBe('liluzivert');
      expect(a.permalink_url).toBe('https://soundcloud.com/liluzivert');
      expect(a.urn).toBe('soundcloud:users:10494998');
    });

    it('counts: followers 3243390, followings 0, tracks 354, playlists 29, likes 1, reposts null', () => {
      const a = load();
      expect(a.followers_count).toBe(3243390);
      expect(a.followings_count).toBe(0);
      expect(a.track_count).toBe(354);
      expect(a.playlist_count).toBe(29);
      expect(a.likes_count).toBe(1);
      expect(a.reposts_count).toBeNull();
    });

    it('verified, badges, creator subscription, station', () => {
      const a = load();
      expect(a.verified).toBe(true);
      expect(a.badges).toEqual({ pro: false, creator_mid_tier: false, pro_unlimited: true, verified: true });
      expect(a.creator_subscriptions[0].product?.id).toBe('creator-pro-unlimited');
      expect(a.creator_subscription).toEqual({ product: { id: 'creator-pro-unlimited' } });
      expect(a.station_urn).toBe('soundcloud:system-playlists:artist-stations:10494998');
      expect(a.station_permalink).toBe('artist-stations:10494998');
    });

    it('city, country, empty full_name kept as "", created_at, visuals, description', () => {
      const a = load();
      expect(a.city).toBe('PHILADELPHIA');
      expect(a.country_code).toBe('US');
      expect(a.full_name).toBe('');
      expect(a.created_at).toBe('2012-01-05T21:22:15Z');
      expect(a.visuals?.visuals[0].visual_url).toBe('https://i1.sndcdn.com/visuals-000010494998-cxr3f3-original.jpg');
      expect(a.description?.startsWith('Over the course of their illustrious career, the multiple GRAMMY-nominated')).toBe(true);
      expect(a.date_of_birth).toBeNull();
    });

    it('has exactly the api.md keys in order, nothing undefined', () => {
      const a = load();
      expect(Object.keys(a)).toEqual(AUDIO_C_ARTIST_KEYS);
      expect(Object.values(a)).not.toContain(undefined);
    });
  });

  describe(HOME, () => {
    const html = () => readFixture(LABEL, HOME);

    it('page facts: <title> and window.__sc_version', () => {
      const $ = cheerio.load(html());
      expect($('title').text()).toBe('Stream and listen to music online for free with SoundCloud');
      expect(/window\.__sc_version\s*=\s*"(\d+)"/.exec(html())?.[1]).toBe('1771407416');
    });

    it('window.__sc_hydration has 7 entries, in order, the last being apiClient', () => {
      expect(parseHydration(html())?.map((e) => e.hydratable)).toEqual([
        'anonymousId',
        'features',
        'geoip',
        'privacySettings',
        'statsigClientInitializeResponse',
        'trackingBrowserTabId',
        'apiClient',
      ]);
    });

    it('the apiClient entry is {id: <32-char client id>, isExpiring: false}; parseClientId returns that id', () => {
      const entry = parseHydration(html())!.find((e) => e.hydratable === 'apiClient')!;
      expect(entry.data).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9]{32}$/), isExpiring: false });
      const id = parseClientId(html());
      expect(id).toBe((entry.data as { id: string }).id);
      expect(id).toBe('CkCiIyf14rHi27fhk7HxhPOzc85okfSJ');
    });

    it("carries the capturing machine's coarse geoip (Germany) and no user", () => {
      const geoip = parseHydration(html())!.find((e) => e.hydratable === 'geoip')!;
      expect(geoip.data).toMatchObject({ country_code: 'DE', country_name: 'Germany' });
      expect(parseHydratedUser(html())).toBeNull();
    });

    it('8 <script crossorigin src> bundles, the last being 53-a49d47cd.js; bundleUrls puts it first', () => {
      const crossorigin = [...html().matchAll(/<script crossorigin src="(https:\/\/a-v2\.sndcdn\.com\/assets\/[^"]+\.js)"/g)].map(
        (m) => m[1],
      );
      expect(crossorigin).toHaveLength(8);
      expect(crossorigin.at(-1)).toBe('https://a-v2.sndcdn.com/assets/53-a49d47cd.js');
      const urls = bundleUrls(html());
      // The 8 above plus 18-eb4f8922.js (written `src=… crossorigin`); never dwt.soundcloud.com/tags.js.
      expect(urls).toHaveLength(9);
      expect(urls[0]).toBe('https://a-v2.sndcdn.com/assets/53-a49d47cd.js');
      expect(urls).toContain('https://a-v2.sndcdn.com/assets/18-eb4f8922.js');
      expect(urls.every((u) => u.startsWith('https://a-v2.sndcdn.com/assets/'))).toBe(true);
    });

    it("the real page loads DataDome's tag script, yet is not a block page", () => {
      expect(html()).toMatch(/datadome/i);
      expect(wallName(LABEL, html(), { status: 200, url: 'https://soundcloud.com/' })).toBeNull();
    });
  });

  describe(SET_PAGE, () => {
    const html = () => readFixture(LABEL, SET_PAGE);
    const entry = (name: string) => parseHydration(html())!.find((e) => e.hydratable === name)!.data as Record<string, any>;

    it('page facts: <title>; hydratables in order; no apiClient, so no client id', () => {
      expect(cheerio.load(html())('title').text()).toBe(
        'Stream SoundCloud | Listen to i am OTHER, Vol. 2 playlist online for free on SoundCloud',
      );
      expect(parseHydration(html())?.map((e) => e.hydratable)).toEqual([
        'anonymousId',
        'features',
        'experiments',
        'geoip',
        'privacySettings',
        'trackingBrowserTabId',
        'user',
        'playlist',
      ]);
      expect(parseClientId(html())).toBeNull();
    });

    it('the user hydratable as an artist: id 193, SoundCloud, counts', () => {
      const a = parseHydratedUser(html())!;
      expect(a.id).toBe(193);
      expect(a.username).toBe('SoundCloud');
      expect(a.permalink).toBe('soundcloud');
      expect(a.followers_count).toBe(2534113);
      expect(a.followings_count).toBe(249);
      expect(a.track_count).toBe(140);
      expect(a.playlist_count).toBe(49);
    });

    it('user: verified, badges (no creator_mid_tier → null), subscription, station, city, description', () => {
      const a = parseHydratedUser(html())!;
      expect(a.verified).toBe(true);
      expect(a.badges).toEqual({ pro: false, creator_mid_tier: null, pro_unlimited: true, verified: true });
      expect(a.creator_subscriptions[0].product?.id).toBe('creator-pro-unlimited');
      expect(a.station_urn).toBe('soundcloud:system-playlists:artist-stations:193');
      expect(a.city).toBe('NY / LA');
      expect(a.description).toBe("Follow us for what's next in music.");
    });

    it("the hydratable's extra `url` key is dropped and the absent date_of_birth is null", () => {
      expect(entry('user').url).toBe('/soundcloud');
      expect('date_of_birth' in entry('user')).toBe(false);
      const a = parseHydratedUser(html())!;
      expect(Object.keys(a)).toEqual(AUDIO_C_ARTIST_KEYS);
      expect(a.date_of_birth).toBeNull();
    });

    it('playlist hydratable facts (read, not part of the artist record)', () => {
      const p = entry('playlist');
      expect(p).toMatchObject({
        id: 1168654222,
        title: 'i am OTHER, Vol. 2',
        set_type: 'album',
        track_count: 20,
        likes_count: 12875,
        reposts_count: 1269,
        genre: 'Hip-hop & Rap',
        duration: 2971246,
      });
      expect(p.user.username).toBe('SoundCloud');
      expect(p.tracks).toHaveLength(20);
      // The playlist's embedded user is the same account as the user hydratable.
      expect(parseArtist(p.user).id).toBe(193);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Project-own cases (always run)
// ---------------------------------------------------------------------------------------------

describe('parseArtist (hand-written objects)', () => {
  it('a minimal user: every api.md key present, null where absent, lists empty', () => {
    const a = parseArtist({ id: 5, kind: 'user' });
    expect(Object.keys(a)).toEqual(AUDIO_C_ARTIST_KEYS);
    expect(a).toMatchObject({
      id: 5,
      kind: 'user',
      username: null,
      followers_count: null,
      verified: null,
      visuals: null,
      badges: null,
      creator_subscription: null,
    });
    expect(a.creator_subscriptions).toEqual([]);
    expect(Object.values(a)).not.toContain(undefined);
  });

  it('wrong types become null; visuals without a list get []', () => {
    const a = parseArtist({ id: 9, followers_count: '12', verified: 'yes', visuals: { urn: 'u', enabled: true }, badges: { pro: 1 } });
    expect(a.followers_count).toBeNull();
    expect(a.verified).toBeNull();
    expect(a.visuals).toEqual({ urn: 'u', enabled: true, visuals: [], tracking: null });
    expect(a.badges).toEqual({ pro: null, creator_mid_tier: null, pro_unlimited: null, verified: null });
  });

  it('counts and entry times are integers (their schema says so): 1e308 or 1.5 is null', () => {
    const a = parseArtist({
      id: 9,
      followers_count: 1e308,
      playlist_count: 1.5,
      likes_count: 7,
      visuals: { visuals: [{ urn: 'u', entry_time: 1e308, visual_url: 'https://i1.sndcdn.com/v.jpg' }] },
    });
    expect(a.followers_count).toBeNull();
    expect(a.playlist_count).toBeNull();
    expect(a.likes_count).toBe(7);
    expect(a.visuals?.visuals[0].entry_time).toBeNull();
  });

  it('a resolved track or playlist is not an artist: NOT_FOUND', () => {
    expect(caught(() => parseArtist({ id: 1, kind: 'track' }, 'x')).code).toBe('NOT_FOUND');
    expect(caught(() => parseArtist({ id: 1, kind: 'playlist' })).code).toBe('NOT_FOUND');
  });

  it.each([
    ['null', null],
    ['an array', [{ id: 1 }]],
    ['no id', { kind: 'user', username: 'x' }],
    ['a string id', { id: '1', kind: 'user' }],
    ['an error body', { errors: [{ error_message: '404 - Not Found' }] }],
  ])('garbage (%s) → UPSTREAM_FAILED', (_name, input) => {
    const e = caught(() => parseArtist(input));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/missing/);
  });
});

describe('hydration and client ids (hand-written pages)', () => {
  const page = (entries: unknown) => `<html><head><script>window.__sc_hydration = ${JSON.stringify(entries)};</script></head></html>`;

  it('reads the apiClient id; rejects an implausible one', () => {
    expect(parseClientId(page([{ hydratable: 'apiClient', data: { id: 'a'.repeat(32), isExpiring: false } }]))).toBe('a'.repeat(32));
    expect(parseClientId(page([{ hydratable: 'apiClient', data: { id: 'short' } }]))).toBeNull();
    expect(parseClientId(page([{ hydratable: 'apiClient', data: null }]))).toBeNull();
  });

  it('a page without the script has no hydration; broken JSON is a shape change', () => {
    expect(parseHydration('<html><body>hi</body></html>')).toBeNull();
    expect(parseClientId('<html></html>')).toBeNull();
    expect(caught(() => parseHydration('<script>window.__sc_hydration = [{"hydratable":</script>')).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => parseHydration('<script>window.__sc_hydration = {"a":1};</script>')).code).toBe('UPSTREAM_FAILED');
  });

  it('a user hydratable without an id is a shape change, not an empty record', () => {
    expect(caught(() => parseHydratedUser(page([{ hydratable: 'user', data: { username: 'x' } }]))).code).toBe('UPSTREAM_FAILED');
  });

  it('finds client_id in a bundle', () => {
    const id = 'Zx9'.repeat(10) + 'ab';
    expect(parseClientIdFromBundle(`...,{client_id:"${id}",env:"production"}`)).toBe(id);
    expect(parseClientIdFromBundle(`fetch("https://api-v2.soundcloud.com/x?client_id=${id}&app_version=1")`)).toBe(id);
    expect(parseClientIdFromBundle('client_id:"tooShort"')).toBeNull();
  });

  it('finds client_id written as a query string of its own in a bundle ("client_id=<id>", some bundles since 2020)', () => {
    // Our own bundle snippets, written from what public reference says of SoundCloud's bundles: the
    // id as the string "client_id=<32 characters>" (imputnet/cobalt soundcloud.js matched
    // /\("client_id=[A-Za-z0-9]{32}"\)/ until 2026; 3jackdaws/soundcloud-lib issue #11 (2020): the
    // bundle "changed the ':' to '='"; its PR #48 (2026-01): back to `client_id:"…"`). Bundles of the
    // same years also write `client_id:"…"` (a 2023 recording in ROpdebee/mb-userscripts): both are read.
    const id = 'Qw7'.repeat(10) + 'Zz';
    expect(parseClientIdFromBundle(`n.push("client_id=${id}"),n.push("app_version=1771407416")`)).toBe(id);
    expect(parseClientIdFromBundle(`a.concat('client_id=${id}')`)).toBe(id);
    // Not 32 characters, or part of a longer name: no id.
    expect(parseClientIdFromBundle(`n.push("client_id=${id}X")`)).toBeNull();
    expect(parseClientIdFromBundle(`n.push("my_client_id=${id}")`)).toBeNull();
  });

  it('bundleUrls keeps sndcdn.com assets only', () => {
    const html =
      '<script src="https://evil.example/assets/x.js"></script><script src="https://a-v2.sndcdn.com/assets/1-a.js"></script><script src="/relative.js"></script>';
    expect(bundleUrls(html)).toEqual(['https://a-v2.sndcdn.com/assets/1-a.js']);
  });
});

describe('walls: block pages by structure (walls.ts and the catalogue)', () => {
  const RESOLVE = 'https://api-v2.soundcloud.com/resolve?url=https%3A%2F%2Fsoundcloud.com%2Fmaya&client_id=x';
  const CLOUDFRONT_403 =
    '<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1"><TITLE>ERROR: The request could not be satisfied</TITLE></HEAD><BODY><H1>403 ERROR</H1><H2>The request could not be satisfied.</H2><HR noshade size="1px">Request blocked.</BODY></HTML>';
  // Self-written: a WAF's 403 page in German and in Japanese (same shape, no English sentence).
  const WAF_403_DE =
    '<!DOCTYPE html><html lang="de"><head><title>Zugriff verweigert</title></head><body><h1>403</h1><p>Ihre Anfrage wurde blockiert.</p></body></html>';
  const WAF_403_JA =
    '<html lang="ja"><head><title>アクセスが拒否されました</title></head><body><h1>403 エラー</h1><p>リクエストはブロックされました。</p></body></html>';

  it.each([
    ['CloudFront "Request blocked" (English)', CLOUDFRONT_403],
    ['a WAF page in German (self-written)', WAF_403_DE],
    ['a WAF page in Japanese (self-written)', WAF_403_JA],
  ])('%s at 403 from api-v2 or soundcloud.com → UPSTREAM_BLOCKED, by status and markup', (_name, html) => {
    for (const url of [RESOLVE, 'https://soundcloud.com/maya', 'https://soundcloud.com/']) {
      expect(wallName(LABEL, html, { status: 403, url })).toBe('refused');
      expect(wallError(LABEL, html, { status: 403, url })?.code).toBe('UPSTREAM_BLOCKED');
    }
  });

  it("api-v2's JSON 403 is no wall (a refused client id, renewed by fetch.ts); DataDome's JSON captcha is a vendor block", () => {
    expect(wallName(LABEL, '{"errors":[{"error_message":"Forbidden"}]}', { status: 403, url: RESOLVE })).toBeNull();
    expect(wallName(LABEL, '{"url":"https://geo.captcha-delivery.com/captcha/?initialCid=abc"}', { status: 403, url: RESOLVE })).toBe(
      'datadome',
    );
    expect(
      wallName(
        LABEL,
        "<html><head><title>Just a moment...</title></head><body><script>window._cf_chl_opt={cType:'managed'};</script></body></html>",
        {
          status: 200,
          url: RESOLVE,
        },
      ),
    ).toBe('cloudflare');
  });

  it('the words alone decide nothing: a page saying "Request blocked" / "Just a moment" at 200 is no wall', () => {
    expect(wallName(LABEL, CLOUDFRONT_403, { status: 200, url: 'https://soundcloud.com/maya' })).toBeNull();
    expect(wallName(LABEL, '<html><head><title>Just a moment...</title></head></html>', { status: 200, url: RESOLVE })).toBeNull();
  });

  it('decoy: a user object whose description quotes the block pages is data, and parses', () => {
    const description = 'Request blocked. The request could not be satisfied. Just a moment... log in to continue. unusual traffic';
    const body = JSON.stringify({ id: 5, kind: 'user', permalink: 'maya', description });
    expect(wallName(LABEL, body, { status: 200, url: RESOLVE })).toBeNull();
    expect(captureWarnings(() => parseArtist(JSON.parse(body))).result.description).toBe(description);
  });
});

describe('handles and profile URLs', () => {
  it.each([
    ['liluzivert', 'liluzivert'],
    ['@LilUziVert', 'liluzivert'],
    ['  some_artist-2 ', 'some_artist-2'],
  ])('normalizeHandle(%j) = %j', (input, expected) => {
    expect(normalizeHandle(input)).toBe(expected);
  });

  it.each(['', '@', 'has space', 'a/b', 'discover', 'you', 'ünïcode', 'x'.repeat(101)])('normalizeHandle rejects %j', (input) => {
    expect(normalizeHandle(input)).toBeNull();
  });

  it.each([
    ['https://soundcloud.com/liluzivert', 'liluzivert'],
    ['http://soundcloud.com/LilUziVert/', 'liluzivert'],
    ['https://www.soundcloud.com/liluzivert?utm_source=x#top', 'liluzivert'],
    ['https://m.soundcloud.com/liluzivert', 'liluzivert'],
    ['https://soundcloud.com/liluzivert/tracks', 'liluzivert'],
    ['https://soundcloud.com/soundcloud/sets', 'soundcloud'],
  ])('parseProfileUrl(%j) = %j', (input, expected) => {
    expect(parseProfileUrl(input)).toBe(expected);
  });

  it.each([
    'https://soundcloud.com/',
    'https://soundcloud.com/liluzivert/some-track',
    'https://soundcloud.com/soundcloud/sets/i-am-other-vol-2',
    'https://soundcloud.com/discover',
    'https://soundcloud.com/@liluzivert',
    'https://on.soundcloud.com/AbCd',
    'https://api-v2.soundcloud.com/users/1',
    'https://soundcloud.com.evil.com/liluzivert',
    'https://user@soundcloud.com/liluzivert',
    'https://soundcloud.com:8443/liluzivert',
    'soundcloud.com/liluzivert',
    'ftp://soundcloud.com/liluzivert',
    'liluzivert',
  ])('parseProfileUrl rejects %j', (input) => {
    expect(parseProfileUrl(input)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Peer example: key set and value types (api.md wins on names; this is a second opinion)
// ---------------------------------------------------------------------------------------------

const PEER_FILE = join(FIXTURES_DIR, '..', 'reference', 'peer-examples', 'audio-c_artist.json');
const ENVELOPE = ['success', 'credits_remaining', 'credits_charged'];

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

describe.skipIf(!hasPeerExample(PEER_FILE))(
  `peer example (skipped when ${PEER_FILE} is absent: fresh clone without the shared reference)`,
  () => {
    const sample = () => {
      const s = JSON.parse(readFileSync(PEER_FILE, 'utf8')).sampleResponse as Record<string, unknown>;
      return Object.fromEntries(Object.entries(s).filter(([k]) => !ENVELOPE.includes(k)));
    };

    it('the peer record, parsed, comes back unchanged (same keys, same values)', () => {
      const peer = sample();
      const mine = parseArtist(peer);
      expect(Object.keys(mine).sort()).toEqual(Object.keys(peer).sort());
      expect(mine).toEqual(peer);
    });

    it.skipIf(!hasFixtures(LABEL))('the capture has the peer key set and value types (where both are non-null)', () => {
      const peer = sample();
      const mine = parseArtist(JSON.parse(readFixture(LABEL, USER_JSON))) as unknown as Record<string, unknown>;
      expect(Object.keys(mine).sort()).toEqual(Object.keys(peer).sort());
      for (const key of Object.keys(peer)) {
        if (mine[key] === null || peer[key] === null) continue;
        expect([key, typeOf(mine[key])]).toEqual([key, typeOf(peer[key])]);
      }
      expect(Object.keys((mine as unknown as AudioCArtist).badges!).sort()).toEqual(Object.keys(peer.badges as object).sort());
      expect(Object.keys((mine as unknown as AudioCArtist).visuals!).sort()).toEqual(Object.keys(peer.visuals as object).sort());
    });
  },
);

describe.skipIf(!hasFixtures(LABEL))(`parse warnings (audio-c, ${skipReason(LABEL)})`, () => {
  const user = () => JSON.parse(readFixture(LABEL, USER_JSON)) as Record<string, unknown>;

  it('the real captures (api-v2 user, set page hydration) read without a warning', () => {
    expect(captureWarnings(() => parseArtist(user())).warnings).toEqual([]);
    expect(captureWarnings(() => parseHydratedUser(readFixture(LABEL, SET_PAGE))).warnings).toEqual([]);
  });

  it('a field SoundCloud always sends that is missing: null plus artist.<field>; one it sends as null: no warning', () => {
    const { city: _c, ...withoutCity } = user();
    const missing = captureWarnings(() => parseArtist(withoutCity));
    expect(missing.result.city).toBeNull();
    expect(missing.warnings.map((w) => [w.platform, w.field])).toEqual([['audio-c', 'artist.city']]);
    const explicit = captureWarnings(() => parseArtist({ ...user(), city: null, description: null }));
    expect(explicit.result).toMatchObject({ city: null, description: null });
    expect(explicit.warnings).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The playlist (set) record
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`audio-c set page capture → playlist record (${skipReason(LABEL)})`, () => {
  const load = () => parsePlaylistPage(readFixture(LABEL, SET_PAGE));

  it('SOURCES.md facts: id 1168654222, title, album, 20 tracks, likes 12875, reposts 1269, genre, duration', () => {
    expect(load()).toMatchObject({
      id: 1168654222,
      kind: 'playlist',
      title: 'i am OTHER, Vol. 2',
      set_type: 'album',
      track_count: 20,
      likes_count: 12875,
      reposts_count: 1269,
      genre: 'Hip-hop & Rap',
      duration: 2971246,
    });
  });

  it("its identity: permalink and permalink_url are the asked set's", () => {
    const p = load();
    expect(p.permalink).toBe('i-am-other-vol-2');
    expect(p.permalink_url).toBe('https://soundcloud.com/soundcloud/sets/i-am-other-vol-2');
    expect(parseSetUrl(p.permalink_url!)).toEqual({ handle: 'soundcloud', slug: 'i-am-other-vol-2' });
  });

  it('its creator is the artist record of user SoundCloud (id 193), the same as the user hydratable', () => {
    const p = load();
    expect(p.user).toMatchObject({ id: 193, username: 'SoundCloud', permalink: 'soundcloud', followers_count: 2534113 });
    expect(Object.keys(p.user!)).toEqual(AUDIO_C_ARTIST_KEYS);
    expect(p.user).toEqual(parseHydratedUser(readFixture(LABEL, SET_PAGE)));
  });

  it('all 20 tracks, in order: 5 full track objects, then 15 id-only stubs with null fields', () => {
    const { tracks } = load();
    expect(tracks).toHaveLength(20);
    expect(tracks.map((t) => t.stub)).toEqual([...Array(5).fill(false), ...Array(15).fill(true)]);
    expect(tracks[0]).toMatchObject({
      id: 978549811,
      title: 'WooDaRealest & Killer Mike sitting down discussing greatness',
      permalink_url: 'https://soundcloud.com/woodarealest30349/woodarealest-killer-mike',
      duration: 127713,
      playback_count: 413485,
      likes_count: 2239,
      user: { id: 147065239, permalink: 'woodarealest30349', username: 'WooDaRealest', verified: true },
    });
    const last = tracks[19];
    expect(last.id).toBe(872340862);
    for (const key of AUDIO_C_PLAYLIST_TRACK_KEYS.filter((k) => k !== 'id' && k !== 'stub'))
      expect([key, (last as any)[key]]).toEqual([key, null]);
  });

  it('keys in schema order, the record on its schema, read without a warning', () => {
    const { result, warnings } = captureWarnings(load);
    expect(warnings).toEqual([]);
    expect(Object.keys(result)).toEqual(AUDIO_C_PLAYLIST_KEYS);
    for (const t of result.tracks) expect(Object.keys(t)).toEqual(AUDIO_C_PLAYLIST_TRACK_KEYS);
    expect(AudioCPlaylist.safeParse(result).success).toBe(true);
  });
});

describe('playlist (our own set pages, samples.ts)', () => {
  const set = () => demoSet() as Record<string, any>;
  const read = (p: unknown) => captureWarnings(() => parsePlaylist(p));
  const fields = (ws: { platform: string; field: string }[]) => ws.map((w) => w.field);

  it('the demo set: full tracks and stubs, the creator, no warning', () => {
    const { result, warnings } = captureWarnings(() => parsePlaylistPage(setPage(demoSet())));
    expect(warnings).toEqual([]);
    expect(result).toMatchObject({ id: 1_900_000_011, permalink: DEMO_SET_SLUG, set_type: 'album', track_count: 6 });
    expect(result.user?.permalink).toBe('ravimenonbeats');
    expect(result.tracks.map((t) => [t.id, t.stub])).toEqual([
      [1_800_000_001, false],
      [1_800_000_002, false],
      [1_800_000_003, false],
      [1_800_000_004, true],
      [1_800_000_005, true],
      [1_800_000_006, true],
    ]);
    // An explicit null from SoundCloud stays null, unwarned.
    expect(result.tracks[2]).toMatchObject({ playback_count: null, user: { permalink: 'meeraloops' } });
  });

  it('a field SoundCloud always sends that is missing: that field null plus playlist.<field>, the rest intact', () => {
    const { genre: _g, likes_count: _l, ...p } = set();
    const { result, warnings } = read(p);
    expect(result).toMatchObject({ genre: null, likes_count: null, title: 'Rice Cooker Beats', reposts_count: 17 });
    expect(fields(warnings).sort()).toEqual(['playlist.genre', 'playlist.likes_count']);
    const explicit = read({ ...set(), genre: null, release_date: null });
    expect(explicit.result).toMatchObject({ genre: null, release_date: null });
    expect(explicit.warnings).toEqual([]);
  });

  it('a full track missing its title: null plus playlist.tracks.title; a track without an id is left out, the others stay', () => {
    const p = set();
    delete p.tracks[0].title;
    p.tracks.splice(1, 0, { kind: 'track', title: 'no id' });
    const { result, warnings } = read(p);
    expect(result.tracks).toHaveLength(6);
    expect(result.tracks[0]).toMatchObject({ id: 1_800_000_001, stub: false, title: null, duration: 120_001 });
    expect(fields(warnings)).toEqual(['playlist.tracks.title', 'playlist.tracks']);
  });

  it('a track user without an id is null (warned); a stub carrying only an id is a stub too', () => {
    const p = set();
    delete p.tracks[0].user.id;
    p.tracks[3] = { id: 1_800_000_004 };
    const { result, warnings } = read(p);
    expect(result.tracks[0].user).toBeNull();
    expect(result.tracks[3]).toMatchObject({ id: 1_800_000_004, stub: true, title: null });
    expect(fields(warnings)).toEqual(['playlist.tracks.user']);
  });

  it('no creator, or one without an id: user null, warned, the set still read', () => {
    const { user: _u, ...noUser } = set();
    const a = read(noUser);
    expect(a.result.user).toBeNull();
    expect(a.result.id).toBe(1_900_000_011);
    expect(fields(a.warnings)).toEqual(['playlist.user']);
    const b = read({ ...set(), user: { kind: 'user', permalink: 'ravimenonbeats' } });
    expect(b.result.user).toBeNull();
    expect(fields(b.warnings)).toEqual(['playlist.user']);
  });

  it('a minimal playlist: every key present, null where absent, tracks empty', () => {
    const { result } = read({ id: 7, kind: 'playlist' });
    expect(Object.keys(result)).toEqual(AUDIO_C_PLAYLIST_KEYS);
    expect(result).toMatchObject({ id: 7, title: null, user: null, tracks: [] });
    expect(Object.values(result)).not.toContain(undefined);
    expect(parsePlaylist({ id: 8, tracks: [stubTrack(1)] }).tracks).toEqual([expect.objectContaining({ id: 1, stub: true })]);
  });

  it('another kind of object is NOT_FOUND; no id, or no object, is UPSTREAM_FAILED', () => {
    expect(caught(() => parsePlaylist({ ...set(), kind: 'track' })).code).toBe('NOT_FOUND');
    expect(caught(() => parsePlaylist({ ...set(), id: undefined })).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => parsePlaylist({ ...set(), id: '1900000011' })).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => parsePlaylist(null)).code).toBe('UPSTREAM_FAILED');
  });

  it('a page without the hydration, or without a playlist entry, is UPSTREAM_FAILED, never an empty set', () => {
    expect(caught(() => parsePlaylistPage('<html><body>Maintenance</body></html>')).message).toMatch(/__sc_hydration/);
    const noPlaylist = setPage(demoSet()).replace('"hydratable":"playlist"', '"hydratable":"somethingElse"');
    expect(caught(() => parsePlaylistPage(noPlaylist)).message).toMatch(/playlist hydratable/);
  });

  it('the page SoundCloud answers with HTTP 200 for a set nobody has (its app shell: noindex, no canonical, no resource in the hydration) is NOT_FOUND', () => {
    // Our own page, written from what a public recording shows (ROpdebee/mb-userscripts,
    // tests/test-data/__recordings__/soundcloud-provider…/throws-on-non-existent-set….warc, 2023-07-19:
    // GET soundcloud.com/officialpandaeyes/sets/isolationep404 → HTTP 200, title "SoundCloud - Hear
    // the world’s sounds", <meta name="robots" content="noindex, follow">, no canonical link or
    // og:url, and a hydration of the app-wide entries only: no user, playlist or sound).
    const shell = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>SoundCloud - Hear the world’s sounds</title>
<meta name="robots" content="noindex, follow"></head><body><div id="app"></div>
<script>window.__sc_hydration = [{"hydratable":"anonymousId","data":"900001-123456-222222-333333"},{"hydratable":"features","data":{"features":[]}},{"hydratable":"experiments","data":{}},{"hydratable":"geoip","data":{"country_code":"DE"}},{"hydratable":"privacySettings","data":{}},{"hydratable":"trackingBrowserTabId","data":"abc"}];</script>
<script crossorigin src="https://a-v2.sndcdn.com/assets/0-demo0001.js"></script></body></html>`;
    expect(caught(() => parsePlaylistPage(shell)).code).toBe('NOT_FOUND');
    // The same shell that names a resource (a canonical link), or that may be indexed, is not that page: a changed shape.
    const named = shell.replace('</head>', '<link rel="canonical" href="https://soundcloud.com/x/sets/y"></head>');
    expect(caught(() => parsePlaylistPage(named)).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => parsePlaylistPage(shell.replace('noindex, follow', 'index, follow'))).code).toBe('UPSTREAM_FAILED');
  });
});

describe('set URLs', () => {
  it.each([
    ['https://soundcloud.com/soundcloud/sets/i-am-other-vol-2', 'soundcloud', 'i-am-other-vol-2'],
    ['http://www.soundcloud.com/SoundCloud/sets/I-Am-Other-Vol-2/', 'soundcloud', 'i-am-other-vol-2'],
    ['https://m.soundcloud.com/soundcloud/sets/i-am-other-vol-2?si=abc&utm_source=clipboard#t=1', 'soundcloud', 'i-am-other-vol-2'],
    ['  https://soundcloud.com/some_artist-2/SETS/mix_01  ', 'some_artist-2', 'mix_01'],
  ])('parseSetUrl(%j) = %s / %s', (input, handle, slug) => {
    expect(parseSetUrl(input)).toEqual({ handle, slug });
  });

  it.each([
    'https://soundcloud.com/soundcloud/sets',
    'https://soundcloud.com/soundcloud',
    'https://soundcloud.com/soundcloud/some-track',
    'https://soundcloud.com/soundcloud/sets/i-am-other-vol-2/s-AbCdEfGh123',
    'https://soundcloud.com/soundcloud/sets/i-am-other-vol-2/likes',
    'https://soundcloud.com/discover/sets/personalized-tracks::user:1',
    'https://soundcloud.com/@soundcloud/sets/x',
    'https://soundcloud.com/soundcloud/sets/%C3%BCml',
    'https://on.soundcloud.com/AbCd1234',
    'https://api-v2.soundcloud.com/playlists/1168654222',
    'https://soundcloud.com.evil.com/soundcloud/sets/x',
    'https://soundcloud.com:8443/soundcloud/sets/x',
    'soundcloud.com/soundcloud/sets/x',
    'i-am-other-vol-2',
  ])('parseSetUrl rejects %j', (input) => {
    expect(parseSetUrl(input)).toBeNull();
  });
});
