/**
 * The audio-c track record (`audioCTrack`, and each item of `audioCArtistTracks`): parseTrack,
 * parseTrackList, nextTracksOffset, parseTrackUrl and the tracks cursor.
 *
 * Real data: the 2023 set page capture (../shared/fixtures/audio-c, read in place) embeds full
 * api-v2 track objects for its first five tracks; one of them, as it is, stands for `resolve`'s
 * answer to a track URL. The tracks list has no capture: its pages here wrap real track objects of
 * that capture in the `{collection, next_href}` envelope we write ourselves (samples.ts
 * tracksPage). The rest are our own written cases (samples.ts).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { AUDIO_C_TRACK_KEYS, AUDIO_C_TRACK_USER_KEYS } from '../../../test/support/record-keys.js';
import { captureWarnings } from '../../parse/index.js';
import { encodeCursor } from '../cursor.js';
import { decodeTracksCursor, encodeTracksCursor, userTracksUrl } from './fetch.js';
import { nextTracksOffset, parseHydration, parseTrack, parseTrackList, parseTrackUrl } from './parse.js';
import { demoTracks, fullTrack, publisherMetadata, tracksPage } from './samples.js';
import { AudioCArtistTracks, AudioCTrack } from './schema.js';

const LABEL = 'audio-c';
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

const fields = (ws: { field: string }[]) => ws.map((w) => w.field);

describe.skipIf(!hasFixtures(LABEL))(`audio-c real track objects (the set page capture's playlist, ${skipReason(LABEL)})`, () => {
  /** The playlist hydratable's `tracks`, as the capture has them. */
  const captured = () => {
    const playlist = parseHydration(readFixture(LABEL, SET_PAGE))!.find((e) => e.hydratable === 'playlist')!.data as {
      tracks: Record<string, unknown>[];
    };
    return playlist.tracks;
  };

  it('SOURCES.md: playlist.tracks has 20 entries; the first five are full track objects (kind track, with a user)', () => {
    const tracks = captured();
    expect(tracks).toHaveLength(20);
    for (const t of tracks.slice(0, 5)) expect(t).toMatchObject({ kind: 'track', user: { kind: 'user' } });
    expect(Object.keys(tracks[5]).sort()).toEqual(['id', 'kind', 'monetization_model', 'policy']);
  });

  it('the second track as resolve would answer it: "Greatness - WooDaRealest X Killer Mike"', () => {
    const t = parseTrack(captured()[1]);
    expect(t).toMatchObject({
      id: 913782583,
      kind: 'track',
      urn: 'soundcloud:tracks:913782583',
      title: 'Greatness - WooDaRealest X Killer Mike',
      permalink: 'greatness',
      permalink_url: 'https://soundcloud.com/woodarealest30349/greatness',
      genre: 'Hip-hop & Rap',
      tag_list: 'getmoreplays',
      duration: 185574,
      full_duration: 185574,
      created_at: '2020-10-19T21:19:57Z',
      release_date: '2020-10-28T00:00:00Z',
      display_date: '2020-10-30T03:02:50Z',
      playback_count: 814731,
      likes_count: 9395,
      reposts_count: 592,
      comment_count: 933,
      download_count: 0,
      commentable: true,
      downloadable: false,
      streamable: true,
      sharing: 'public',
      policy: 'MONETIZE',
      monetization_model: 'AD_SUPPORTED',
      license: 'all-rights-reserved',
      artwork_url: 'https://i1.sndcdn.com/artworks-zY2HTkauzmNxTA50-Chh4zw-large.jpg',
      waveform_url: 'https://wave.sndcdn.com/JBDbaFAfbJ8t_m.json',
      label_name: null,
    });
    expect(t.description?.startsWith('As 2020 comes to a close, SoundCloud is proud to announce')).toBe(true);
    expect(parseTrackUrl(t.permalink_url!)).toEqual({ handle: 'woodarealest30349', slug: 'greatness' });
  });

  it('its publisher metadata (keys it lacks null, "" kept) and its uploader', () => {
    const t = parseTrack(captured()[1]);
    expect(t.publisher_metadata).toEqual({
      artist: 'WoodaRealest',
      album_title: '',
      release_title: '',
      contains_music: true,
      explicit: null,
      publisher: '',
      writer_composer: '',
      isrc: 'QZMHP2072520',
      iswc: '',
      upc_or_ean: '',
      p_line: '',
      p_line_for_display: '℗ ',
      c_line: null,
      c_line_for_display: null,
    });
    expect(t.user).toEqual({
      id: 147065239,
      urn: 'soundcloud:users:147065239',
      permalink: 'woodarealest30349',
      permalink_url: 'https://soundcloud.com/woodarealest30349',
      username: 'WooDaRealest',
      full_name: 'Realest',
      avatar_url: 'https://i1.sndcdn.com/avatars-000610702593-kd3ior-large.jpg',
      city: 'Atlanta',
      country_code: null,
      verified: true,
      followers_count: 1762,
    });
  });

  it('every full track reads without a warning, in schema order and on its schema; publisher_metadata null where SoundCloud sends null', () => {
    const tracks = captured().slice(0, 5);
    const { result, warnings } = captureWarnings(() => tracks.map(parseTrack));
    expect(warnings).toEqual([]);
    for (const t of result) {
      expect(Object.keys(t)).toEqual(AUDIO_C_TRACK_KEYS);
      expect(Object.keys(t.user!)).toEqual(AUDIO_C_TRACK_USER_KEYS);
      expect(AudioCTrack.safeParse(t).success).toBe(true);
    }
    expect(result.map((t) => [t.id, t.publisher_metadata === null])).toEqual([
      [978549811, true],
      [913782583, false],
      [978642187, false],
      [944780617, false],
      [979365826, false],
    ]);
    // The fourth states a label and explicit content; the fifth only contains_music.
    expect(result[3]).toMatchObject({
      label_name: 'THE FUTURE WILL BANG, LLC',
      publisher_metadata: { explicit: true, artist: 'Aris Ray' },
    });
    expect(result[4].publisher_metadata).toMatchObject({ contains_music: true, artist: null, isrc: null });
  });

  it('a tracks page of real track objects (wrapped by us): both of WooDaRealest’s tracks, and the next offset', () => {
    const [first, second] = captured();
    const offset = '2020-10-19T21:19:57.000Z,tracks,00913782583';
    const page = captureWarnings(() => parseTrackList(tracksPage(147065239, [first, second], offset)));
    expect(page.warnings).toEqual([]);
    expect(page.result.tracks.map((t) => [t.id, t.user?.id, t.user?.permalink])).toEqual([
      [978549811, 147065239, 'woodarealest30349'],
      [913782583, 147065239, 'woodarealest30349'],
    ]);
    expect(nextTracksOffset(page.result.nextHref!, 147065239)).toBe(offset);
    expect(AudioCArtistTracks.safeParse({ tracks: page.result.tracks, cursor: null }).success).toBe(true);
  });
});

describe('parseTrack (our own track objects, samples.ts)', () => {
  const sample = () => demoTracks()[0] as Record<string, any>;

  it('the demo track: every field, its publisher metadata and uploader, no warning', () => {
    const { result, warnings } = captureWarnings(() => parseTrack(sample()));
    expect(warnings).toEqual([]);
    expect(Object.keys(result)).toEqual(AUDIO_C_TRACK_KEYS);
    expect(result).toMatchObject({
      id: 1_800_000_001,
      title: 'Steam Valve',
      permalink: 'steam-valve',
      permalink_url: 'https://soundcloud.com/ravimenonbeats/steam-valve',
      downloadable: false,
      publisher_metadata: { artist: 'Ravi Menon', isrc: 'QZDEM2400001', explicit: false, c_line: null },
      user: { id: 900_000_101, permalink: 'ravimenonbeats', followers_count: 310 },
    });
  });

  it('a field SoundCloud always sends that is missing: that field null plus track.<field>, the rest intact; an explicit null unwarned', () => {
    const { genre: _g, playback_count: _p, ...t } = sample();
    const { result, warnings } = captureWarnings(() => parseTrack(t));
    expect(result).toMatchObject({ genre: null, playback_count: null, title: 'Steam Valve', likes_count: 41 });
    expect(fields(warnings).sort()).toEqual(['track.genre', 'track.playback_count']);
    const explicit = captureWarnings(() => parseTrack({ ...sample(), genre: null, label_name: null, publisher_metadata: null }));
    expect(explicit.result).toMatchObject({ genre: null, label_name: null, publisher_metadata: null });
    expect(explicit.warnings).toEqual([]);
  });

  it('wrong types degrade one field at a time: a string count, a numeric title, an array of publisher metadata', () => {
    const { result, warnings } = captureWarnings(() => parseTrack({ ...sample(), likes_count: '41', title: 7, publisher_metadata: [] }));
    expect(result).toMatchObject({ likes_count: null, title: null, publisher_metadata: null, reposts_count: 5 });
    expect(fields(warnings).sort()).toEqual(['track.likes_count', 'track.publisher_metadata', 'track.title']);
  });

  it('an uploader without a numeric id is null (warned); without a user object, null', () => {
    const t = sample();
    delete t.user.id;
    const a = captureWarnings(() => parseTrack(t));
    expect(a.result.user).toBeNull();
    expect(fields(a.warnings)).toEqual(['track.user']);
    const { user: _u, ...noUser } = sample();
    expect(captureWarnings(() => parseTrack(noUser)).result.user).toBeNull();
  });

  it('a minimal track: every key present, null where absent', () => {
    const t = captureWarnings(() => parseTrack({ id: 5, kind: 'track' })).result;
    expect(Object.keys(t)).toEqual(AUDIO_C_TRACK_KEYS);
    expect(t).toMatchObject({ id: 5, title: null, user: null, publisher_metadata: null });
    expect(Object.values(t)).not.toContain(undefined);
  });

  it('another kind of object (a user, a playlist) is NOT_FOUND; no id, or no object, is UPSTREAM_FAILED', () => {
    expect(caught(() => parseTrack({ ...sample(), kind: 'user' })).code).toBe('NOT_FOUND');
    expect(caught(() => parseTrack({ ...sample(), kind: 'playlist' })).code).toBe('NOT_FOUND');
    expect(caught(() => parseTrack({ ...sample(), id: undefined })).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => parseTrack({ ...sample(), id: '1800000001' })).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => parseTrack(null)).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => parseTrack([sample()])).code).toBe('UPSTREAM_FAILED');
  });
});

describe('parseTrackList and next_href (our own pages, samples.ts)', () => {
  const owner = { id: 900_000_101, permalink: 'ravimenonbeats', username: 'Ravi Menon Beats' };

  it('an entry without an id, or of another kind, is left out (warned); the others stay', () => {
    const page = tracksPage(owner.id, [
      fullTrack(1, 'One', owner),
      { kind: 'track', title: 'no id' },
      { ...fullTrack(2, 'Two', owner), kind: 'playlist' },
      fullTrack(3, 'Three', owner),
    ]);
    const { result, warnings } = captureWarnings(() => parseTrackList(page));
    expect(result.tracks.map((t) => t.id)).toEqual([1, 3]);
    expect(result.nextHref).toBeNull();
    expect(fields(warnings)).toEqual(['tracks.collection', 'tracks.collection']);
  });

  it('an answer without a collection array is UPSTREAM_FAILED, never an empty list', () => {
    expect(caught(() => parseTrackList({ next_href: null })).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => parseTrackList({ collection: {} })).code).toBe('UPSTREAM_FAILED');
    expect(caught(() => parseTrackList([])).code).toBe('UPSTREAM_FAILED');
    expect(parseTrackList({ collection: [], next_href: null })).toEqual({ tracks: [], nextHref: null });
  });

  it('nextTracksOffset: the offset of this user’s next page; another user’s list is "other"; anything else null', () => {
    const base = 'https://api-v2.soundcloud.com/users';
    expect(nextTracksOffset(`${base}/5/tracks?offset=2024-01-01T00%3A00%3A00.000Z%2Ctracks%2C001&limit=20`, 5)).toBe(
      '2024-01-01T00:00:00.000Z,tracks,001',
    );
    expect(nextTracksOffset(`${base}/soundcloud:users:5/tracks?offset=abc`, 5)).toBe('abc');
    expect(nextTracksOffset(`${base}/6/tracks?offset=abc`, 5)).toBe('other');
    expect(nextTracksOffset(`${base}/5/tracks?limit=20`, 5)).toBeNull();
    expect(nextTracksOffset(`${base}/5/likes?offset=abc`, 5)).toBeNull();
    expect(nextTracksOffset('https://evil.example/users/5/tracks?offset=abc', 5)).toBeNull();
    expect(nextTracksOffset('not a url', 5)).toBeNull();
  });
});

describe('the tracks cursor and request URL', () => {
  it('round-trips handle, user id and offset; only the offset goes upstream, on our own URL', () => {
    const c = encodeTracksCursor('ravimenonbeats', 900_000_101, '2024-11-02T19:30:00.000Z,tracks,01800000002');
    expect(decodeTracksCursor(c)).toEqual({
      handle: 'ravimenonbeats',
      userId: 900_000_101,
      offset: '2024-11-02T19:30:00.000Z,tracks,01800000002',
    });
    const url = new URL(userTracksUrl(900_000_101, '2024-11-02T19:30:00.000Z,tracks,01800000002', 'cid'));
    expect(url.origin + url.pathname).toBe('https://api-v2.soundcloud.com/users/900000101/tracks');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '20',
      linked_partitioning: '1',
      offset: '2024-11-02T19:30:00.000Z,tracks,01800000002',
      client_id: 'cid',
    });
    expect(new URL(userTracksUrl(7, null, 'cid')).searchParams.has('offset')).toBe(false);
  });

  it.each([
    ['not base64url JSON', 'not a cursor!'],
    ['a handle not in canonical form', encodeCursor({ h: 'RaviMenonBeats', u: 1, o: 'x' })],
    ['no user id', encodeCursor({ h: 'ravimenonbeats', o: 'x' })],
    ['a string user id', encodeCursor({ h: 'ravimenonbeats', u: '1', o: 'x' })],
    ['an empty offset', encodeCursor({ h: 'ravimenonbeats', u: 1, o: '' })],
    ['an over-long offset', encodeCursor({ h: 'ravimenonbeats', u: 1, o: 'x'.repeat(257) })],
    ['a URL instead of an offset', encodeCursor({ h: 'ravimenonbeats', u: 1, n: 'https://api-v2.soundcloud.com/users/1/tracks' })],
  ])('decodeTracksCursor refuses %s', (_name, raw) => {
    expect(decodeTracksCursor(raw)).toBeNull();
  });
});

describe('track URLs', () => {
  it.each([
    ['https://soundcloud.com/woodarealest30349/greatness', 'woodarealest30349', 'greatness'],
    ['http://www.soundcloud.com/WooDaRealest30349/Greatness/', 'woodarealest30349', 'greatness'],
    ['https://m.soundcloud.com/ravimenonbeats/steam-valve?si=abc&utm_source=clipboard#t=0:30', 'ravimenonbeats', 'steam-valve'],
    ['  https://soundcloud.com/some_artist-2/take_01  ', 'some_artist-2', 'take_01'],
  ])('parseTrackUrl(%j) = %s / %s', (input, handle, slug) => {
    expect(parseTrackUrl(input)).toEqual({ handle, slug });
  });

  it.each([
    'https://soundcloud.com/ravimenonbeats',
    'https://soundcloud.com/ravimenonbeats/sets',
    'https://soundcloud.com/ravimenonbeats/sets/rice-cooker-beats',
    'https://soundcloud.com/ravimenonbeats/likes',
    'https://soundcloud.com/ravimenonbeats/tracks',
    'https://soundcloud.com/ravimenonbeats/steam-valve/s-AbCdEf12345',
    'https://soundcloud.com/ravimenonbeats/steam-valve/comments',
    'https://soundcloud.com/discover/sets',
    'https://soundcloud.com/discover/steam-valve',
    'https://soundcloud.com/@ravimenonbeats/steam-valve',
    'https://soundcloud.com/ravimenonbeats/%C3%BCml',
    'https://on.soundcloud.com/AbCd1234',
    'https://api-v2.soundcloud.com/tracks/1800000001',
    'https://soundcloud.com.evil.com/ravimenonbeats/steam-valve',
    'https://soundcloud.com:8443/ravimenonbeats/steam-valve',
    'soundcloud.com/ravimenonbeats/steam-valve',
    'steam-valve',
  ])('parseTrackUrl rejects %j', (input) => {
    expect(parseTrackUrl(input)).toBeNull();
  });

  it('publisherMetadata sample carries id/urn, which the record drops', () => {
    const t = parseTrack(fullTrack(9, 'Nine', { id: 1, permalink: 'a', username: 'A' }, { publisher: publisherMetadata(9, 'A') }));
    expect(Object.keys(t.publisher_metadata!)).not.toContain('id');
    expect(Object.keys(t.publisher_metadata!)).not.toContain('urn');
  });
});
