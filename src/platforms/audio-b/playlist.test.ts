/**
 * audio-b playlist: parsePlaylistResponse / parsePlaylistTracksResponse, the playlist URL and id
 * rules, the cursor, and the operation's argument checks.
 *
 * No playlist answer is captured. The real-data case is assembled from two captures, read in
 * place from ../shared/fixtures/audio-b: the playlist resource the search capture lists
 * (`results.playlists.data[0]`, every attribute as Apple sent it) with, as its
 * `relationships.tracks`, the album capture's song resource (the shape a playlist's tracks have).
 * The envelope (`{data: [playlist]}` and the relationship) is ours. The rest are our own written
 * answers (samples.ts).
 */
import { describe, expect, it } from 'vitest';
import { captureWarnings } from '../../parse/index.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { errorOf } from '../../../test/support/errors.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import {
  decodePlaylistCursor,
  encodePlaylistCursor,
  nextTracksOffset,
  normalizePlaylistId,
  parsePlaylistResponse,
  parsePlaylistTracksResponse,
  parsePlaylistUrl,
  parseSongResponse,
} from './parse.js';
import { playlist as playlistOp } from './platform.js';
import { albumJson, playlistJson, playlistTracksJson } from './samples.js';
import { recordKeys } from '../records.js';
import { Playlist } from './schema.js';

const LABEL = 'audio-b';
const SEARCH = 'amp-api-search-okaynico.json';
const ALBUM = 'amp-api-album-set-me-free-martin-garrix.json';
const CAPTURED_ID = 'pl.fde3285b62264c44bc53477612d037a4';
const ID = 'pl.0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const US = { id: ID, storefront: 'us' };
const PLAYLIST_KEYS = [
  'id',
  'kind',
  'name',
  'curator_name',
  'description',
  'last_modified_date',
  'playlist_type',
  'is_chart',
  'url',
  'artwork',
  'tracks',
  'cursor',
];

const fixture = (file: string) => JSON.parse(readFixture(LABEL, file)) as any;
const sample = (id = ID, o: Parameters<typeof playlistJson>[1] = {}) => JSON.parse(playlistJson(id, o)) as any;

describe.skipIf(!hasFixtures(LABEL))(`audio-b playlist on the captures (${skipReason(LABEL)})`, () => {
  /** The search capture's playlist with the album capture's song as its one track (our envelope). */
  function captured() {
    const pl = fixture(SEARCH).results.playlists.data[0];
    const track = fixture(ALBUM).data[0].relationships.tracks.data[0];
    return {
      pl,
      track,
      body: { data: [{ ...pl, relationships: { tracks: { href: `/v1/catalog/us/playlists/${pl.id}/tracks`, data: [track] } } }] },
    };
  }

  it('upstream facts: the search capture lists playlist pl.fde3…, "New Danish Rap", with the documented attributes', () => {
    const { pl } = captured();
    expect(pl).toMatchObject({ id: CAPTURED_ID, type: 'playlists', attributes: { name: 'New Danish Rap' } });
    expect(pl).not.toHaveProperty('relationships');
    expect(Object.keys(pl.attributes)).toEqual(
      expect.arrayContaining([
        'artwork',
        'curatorName',
        'description',
        'isChart',
        'lastModifiedDate',
        'name',
        'playParams',
        'playlistType',
        'url',
      ]),
    );
  });

  it('maps to the playlist record; its track is the song record the song operation gives for that resource', () => {
    const { body, track } = captured();
    const { result: p, warnings } = captureWarnings(() => parsePlaylistResponse(body, { id: CAPTURED_ID, storefront: 'us' }));
    expect(warnings).toEqual([]);
    expect(Object.keys(p)).toEqual(PLAYLIST_KEYS);
    expect(recordKeys(Playlist)).toEqual(PLAYLIST_KEYS);
    expect(Playlist.safeParse(p).success).toBe(true);
    expect({ ...p, tracks: undefined }).toEqual({
      id: CAPTURED_ID,
      kind: 'playlist',
      name: 'New Danish Rap',
      curator_name: 'Apple Music Hip-Hop',
      description: {
        standard:
          'These are the best and biggest songs from the Danish hip-hop scene. This playlist is updated regularly, so if you like a song, add it to your library.',
        short: 'The best and biggest from the Danish hip-hop scene.',
      },
      last_modified_date: '2025-09-26T06:54:55Z',
      playlist_type: 'editorial',
      is_chart: false,
      url: 'https://music.apple.com/us/playlist/new-danish-rap/pl.fde3285b62264c44bc53477612d037a4',
      // The {w}x{h}SC.DN01.{f} template filled in (width and height 1080, format jpg).
      artwork: {
        url: 'https://is1-ssl.mzstatic.com/image/thumb/Features115/v4/54/37/49/543749ee-ca9e-4d1d-e6c9-ccd99d067743/U0MtTVMtV1ctTnlfZGFuc2tfcmFwLUFEQU1fSUQ9MTIyMjQxNDYzMy5wbmc.png/1080x1080SC.DN01.jpg?l=en-US',
        width: 1080,
        height: 1080,
      },
      tracks: undefined,
      // No `next` on the relationship: the only page.
      cursor: null,
    });
    expect(p.tracks).toEqual([parseSongResponse({ data: [track] })]);
    expect(p.tracks[0]).toMatchObject({ id: '1832443245', title: 'Set Me Free (feat. Bonn)', duration_ms: 189176, album_id: '1832443244' });
  });

  it('the same playlist asked under another id, or the album answer for a playlist, is UPSTREAM_FAILED', () => {
    const { body } = captured();
    const other = 'pl.fde3285b62264c44bc53477612d037a5';
    expect(errorOf(() => parsePlaylistResponse(body, { id: other, storefront: 'us' })).message).toMatch(
      /different resource \(id pl\.fde3285b62264c44bc53477612d037a4, not pl\.fde3285b62264c44bc53477612d037a5\)/,
    );
    expect(errorOf(() => parsePlaylistResponse(fixture(ALBUM), { id: '1832443244', storefront: 'us' })).message).toMatch(
      /different resource \(a albums resource, not playlists\)/,
    );
  });
});

describe('playlist response (samples.ts, our own written answers)', () => {
  it('first page: every attribute, description as plain text, tracks as songs, a cursor binding the next offset', () => {
    const { result: p, warnings } = captureWarnings(() => parsePlaylistResponse(sample(), US));
    expect(warnings).toEqual([]);
    expect(p).toMatchObject({
      id: ID,
      kind: 'playlist',
      name: 'Flight Deck',
      curator_name: 'Apple Music Flight',
      description: { standard: 'Songs for the hangar & the runway.\nUpdated every Friday.', short: 'Songs for the hangar.' },
      last_modified_date: '2025-09-26T06:54:55Z',
      playlist_type: 'editorial',
      is_chart: false,
      url: `https://music.apple.com/us/playlist/flight-deck/${ID}`,
    });
    expect(p.tracks.map((t) => [t.id, t.kind, t.album_id, t.content_rating, t.artists])).toEqual([
      ['900000301', 'song', '900000001', 'explicit', []],
      ['900000302', 'song', '900000001', null, []],
    ]);
    expect(decodePlaylistCursor(p.cursor!)).toEqual({ id: ID, storefront: 'us', offset: 2 });
  });

  it('a shared user playlist (pl.u-…) in another storefront: the cursor names that storefront', () => {
    const id = 'pl.u-8aAVZAKIDj3Y5j';
    const p = parsePlaylistResponse(sample(id, { storefront: 'gb', next: 100 }), { id, storefront: 'gb' });
    expect(p).toMatchObject({ id, playlist_type: 'user-shared', curator_name: 'Ada Wing' });
    expect(decodePlaylistCursor(p.cursor!)).toEqual({ id, storefront: 'gb', offset: 100 });
  });

  it('the last page (no next): cursor null', () => {
    expect(parsePlaylistResponse(sample(ID, { next: null }), US).cursor).toBeNull();
  });

  it('a next link paging another playlist is UPSTREAM_FAILED, never a cursor', () => {
    const body = sample();
    body.data[0].relationships.tracks.next = '/v1/catalog/us/playlists/pl.0f1e2d3c4b5a69788796a5b4c3d2e1f1/tracks?offset=100';
    expect(errorOf(() => parsePlaylistResponse(body, US))).toMatchObject({ code: 'UPSTREAM_FAILED' });
    expect(errorOf(() => parsePlaylistResponse(body, US)).message).toMatch(/names another playlist/);
  });

  it('a next link without a readable offset ends the list, warned', () => {
    const body = sample();
    body.data[0].relationships.tracks.next = `/v1/catalog/us/playlists/${ID}/tracks?cursor=abc`;
    const { result, warnings } = captureWarnings(() => parsePlaylistResponse(body, US));
    expect(result.cursor).toBeNull();
    expect(result.tracks).toHaveLength(2);
    expect(warnings.map((w) => w.field)).toEqual(['playlist.tracks.next']);
  });

  it.each([
    ['name', 'name'],
    ['curatorName', 'curator_name'],
    ['playlistType', 'playlist_type'],
    ['isChart', 'is_chart'],
    ['url', 'url'],
  ])('without %s: %s null plus a warning, the rest stays', (attribute, field) => {
    const body = sample();
    delete body.data[0].attributes[attribute];
    const { result, warnings } = captureWarnings(() => parsePlaylistResponse(body, US));
    expect((result as Record<string, unknown>)[field]).toBeNull();
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['audio-b', `playlist.${attribute}`]]);
    const full = parsePlaylistResponse(sample(), US);
    expect({ ...result, [field]: null }).toEqual({ ...full, [field]: null });
  });

  it.each([
    ['description', 'description'],
    ['lastModifiedDate', 'last_modified_date'],
    ['artwork', 'artwork'],
  ])('without %s (Apple sends it for some playlists only): %s null, no warning', (attribute, field) => {
    const body = sample();
    delete body.data[0].attributes[attribute];
    const { result, warnings } = captureWarnings(() => parsePlaylistResponse(body, US));
    expect((result as Record<string, unknown>)[field]).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('a description with only its short text keeps it; one with neither is null', () => {
    const body = sample();
    body.data[0].attributes.description = { short: 'Hangar.' };
    expect(parsePlaylistResponse(body, US).description).toEqual({ standard: null, short: 'Hangar.' });
    body.data[0].attributes.description = { standard: '  ' };
    expect(parsePlaylistResponse(body, US).description).toBeNull();
  });

  it('no tracks relationship: tracks [] and cursor null, warned; a track without an id is left out, the others stay', () => {
    const none = sample();
    delete none.data[0].relationships;
    const a = captureWarnings(() => parsePlaylistResponse(none, US));
    expect(a.result).toMatchObject({ tracks: [], cursor: null, name: 'Flight Deck' });
    expect(a.warnings.map((w) => w.field)).toEqual(['playlist.relationships.tracks']);

    const holed = sample(ID, { tracks: 3 });
    delete holed.data[0].relationships.tracks.data[1].id;
    const b = captureWarnings(() => parsePlaylistResponse(holed, US));
    expect(b.result.tracks.map((t) => t.id)).toEqual(['900000301', '900000303']);
    expect(b.warnings).toHaveLength(1);
  });

  it('a music video among the tracks keeps its kind', () => {
    const body = sample();
    body.data[0].relationships.tracks.data[1].type = 'music-videos';
    expect(parsePlaylistResponse(body, US).tracks.map((t) => t.kind)).toEqual(['song', 'music_video']);
  });

  it('another id, another type, an empty data[] and no data[] are refused with their codes', () => {
    expect(errorOf(() => parsePlaylistResponse(sample('pl.0f1e2d3c4b5a69788796a5b4c3d2e1f9'), US)).message).toMatch(/different resource/);
    expect(errorOf(() => parsePlaylistResponse(JSON.parse(albumJson(ID)), US)).message).toMatch(/a albums resource, not playlists/);
    expect(errorOf(() => parsePlaylistResponse({ data: [] }, US)).code).toBe('NOT_FOUND');
    expect(errorOf(() => parsePlaylistResponse({ errors: [] }, US)).code).toBe('UPSTREAM_FAILED');
  });
});

describe('playlist tracks page (…/playlists/<id>/tracks?offset=N)', () => {
  it('tracks and the cursor of the page after', () => {
    const page = parsePlaylistTracksResponse(JSON.parse(playlistTracksJson(ID, 100, { next: 200 })), US);
    expect(page.tracks.map((t) => t.id)).toEqual(['900000401', '900000402']);
    expect(decodePlaylistCursor(page.cursor!)).toEqual({ id: ID, storefront: 'us', offset: 200 });
  });

  it('the last page: cursor null; an empty page is an empty list', () => {
    expect(parsePlaylistTracksResponse(JSON.parse(playlistTracksJson(ID, 100)), US).cursor).toBeNull();
    expect(parsePlaylistTracksResponse({ data: [] }, US)).toEqual({ tracks: [], cursor: null });
  });

  it('no data[] is UPSTREAM_FAILED; a next of another playlist too', () => {
    expect(errorOf(() => parsePlaylistTracksResponse({ next: 'x' }, US)).message).toMatch(/data\[\] in the playlist tracks response/);
    const other = JSON.parse(playlistTracksJson('pl.0f1e2d3c4b5a69788796a5b4c3d2e1f1', 100, { next: 200 }));
    expect(errorOf(() => parsePlaylistTracksResponse(other, US)).code).toBe('UPSTREAM_FAILED');
  });
});

describe('playlist URLs, ids, cursors', () => {
  it.each([
    [`https://music.apple.com/us/playlist/new-danish-rap/${CAPTURED_ID}`, { id: CAPTURED_ID, storefront: 'us' }],
    [`https://music.apple.com/DK/playlist/new-danish-rap/${CAPTURED_ID}?l=da`, { id: CAPTURED_ID, storefront: 'dk' }],
    [`https://music.apple.com/playlist/${CAPTURED_ID.toUpperCase().replace('PL.', 'pl.')}`, { id: CAPTURED_ID, storefront: 'us' }],
    ['https://music.apple.com/gb/playlist/road-trip/pl.u-8aAVZAKIDj3Y5j', { id: 'pl.u-8aAVZAKIDj3Y5j', storefront: 'gb' }],
  ])('parsePlaylistUrl(%s)', (url, want) => {
    expect(parsePlaylistUrl(url)).toEqual(want);
  });

  it.each([
    `https://music.apple.com/us/album/x/${CAPTURED_ID}`,
    'https://music.apple.com/us/playlist/x/1832443244',
    'https://music.apple.com/us/playlist/x/pl.1234',
    `https://music.apple.com/us/playlist/a/b/${CAPTURED_ID}`,
    `https://music.apple.com.evil.example/us/playlist/x/${CAPTURED_ID}`,
    `ftp://music.apple.com/us/playlist/x/${CAPTURED_ID}`,
    'https://music.apple.com/us/playlist/x/pl.u-',
    'not a url',
  ])('parsePlaylistUrl refuses %s', (url) => {
    expect(parsePlaylistUrl(url)).toBeNull();
  });

  it('normalizePlaylistId: hex lower-cased, user ids kept as given', () => {
    expect(normalizePlaylistId(` ${CAPTURED_ID.replace('fde', 'FDE')} `)).toBe(CAPTURED_ID);
    expect(normalizePlaylistId('pl.u-8aAVZAKIDj3Y5j')).toBe('pl.u-8aAVZAKIDj3Y5j');
    expect(normalizePlaylistId('PL.fde3285b62264c44bc53477612d037a4')).toBeNull();
    expect(normalizePlaylistId('pl.u-8aAV/ZAK')).toBeNull();
  });

  it('a cursor round-trips', () => {
    expect(decodePlaylistCursor(encodePlaylistCursor(ID, 'jp', 300))).toEqual({ id: ID, storefront: 'jp', offset: 300 });
  });

  it.each([
    ['not base64url JSON', 'not a cursor!'],
    ['an id not in Apple spelling', encodeCursor({ p: ID.toUpperCase(), s: 'us', o: 100 })],
    ['no storefront', encodeCursor({ p: ID, o: 100 })],
    ['a string offset', encodeCursor({ p: ID, s: 'us', o: '100' })],
    ['offset 0', encodeCursor({ p: ID, s: 'us', o: 0 })],
    ['a negative offset', encodeCursor({ p: ID, s: 'us', o: -100 })],
    ['an offset past the largest playlist', encodeCursor({ p: ID, s: 'us', o: 100_001 })],
    ['a path instead of an offset', encodeCursor({ p: ID, s: 'us', n: `/v1/catalog/us/playlists/${ID}/tracks?offset=100` })],
  ])('decodePlaylistCursor refuses %s', (_name, raw) => {
    expect(decodePlaylistCursor(raw)).toBeNull();
  });

  it.each([
    [`/v1/catalog/us/playlists/${ID}/tracks?offset=100`, 100],
    [`https://amp-api.music.apple.com/v1/catalog/us/playlists/${ID}/tracks?l=en-US&offset=300`, 300],
    [`/v1/catalog/us/playlists/${ID}/tracks`, null],
    [`/v1/catalog/us/playlists/${ID}/tracks?offset=abc`, null],
    [`/v1/catalog/us/playlists/${ID}/curator?offset=100`, null],
    ['/v1/catalog/us/playlists/pl.0f1e2d3c4b5a69788796a5b4c3d2e1f1/tracks?offset=100', 'other'],
    ['/v1/catalog/us/albums/1/tracks?offset=100', null],
  ])('nextTracksOffset(%s) → %s', (next, want) => {
    expect(nextTracksOffset(next, ID)).toBe(want);
  });
});

describe('the playlist operation’s arguments', () => {
  const problems = (raw: Record<string, unknown>) => {
    const v = validateArgs(playlistOp, raw);
    return v.ok ? [] : v.problems.map((p) => p.param).sort();
  };

  it('id (default storefront us), id + storefront, url; one cache key per playlist and page', () => {
    const a = validateArgs(playlistOp, { id: ID });
    const b = validateArgs(playlistOp, { url: `https://music.apple.com/us/playlist/flight-deck/${ID}` });
    expect(a).toMatchObject({ ok: true, args: { id: ID, storefront: 'us', offset: null } });
    expect(a.ok && b.ok && a.cacheKey === b.cacheKey).toBe(true);
    expect(validateArgs(playlistOp, { id: ID, storefront: 'GB' })).toMatchObject({ ok: true, args: { storefront: 'gb' } });
    const page2 = validateArgs(playlistOp, { id: ID, cursor: encodePlaylistCursor(ID, 'us', 100) });
    expect(page2).toMatchObject({ ok: true, args: { id: ID, storefront: 'us', offset: 100 } });
    expect(page2.ok && a.ok && page2.cacheKey !== a.cacheKey).toBe(true);
  });

  it.each([
    ['neither id nor url', {}, ['id', 'url']],
    ['both', { id: ID, url: `https://music.apple.com/us/playlist/x/${ID}` }, ['id', 'url']],
    ['a numeric (album) id', { id: '1832443244' }, ['id']],
    ['an album url', { url: 'https://music.apple.com/us/album/x/1832443244' }, ['url']],
    ['a storefront that is not two letters', { id: ID, storefront: 'u1' }, ['storefront']],
    ['a storefront the url contradicts', { url: `https://music.apple.com/us/playlist/x/${ID}`, storefront: 'gb' }, ['storefront']],
    ['a cursor that is not ours', { id: ID, cursor: 'abc' }, ['cursor']],
    ['a cursor of another playlist', { id: ID, cursor: encodePlaylistCursor(CAPTURED_ID, 'us', 100) }, ['cursor']],
    ['a cursor of another storefront', { id: ID, storefront: 'gb', cursor: encodePlaylistCursor(ID, 'us', 100) }, ['cursor']],
  ])('400 on %s', (_name, raw, params) => {
    expect(problems(raw)).toEqual(params);
  });
});
