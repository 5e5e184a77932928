/**
 * audio-a album and artist parsers (parseAlbum, parseArtist: an entity's embed page, read by the
 * same embedEntity / embedIdentity / embedVisual / embedTrack as the track's).
 *
 * No capture of an album or artist embed page is in ../shared/fixtures/audio-a: the real captures
 * read here are the playlist embed's `__NEXT_DATA__` and the track embed page (SOURCES.md), whose
 * page and entity envelope and `trackList` entries are the ones album and artist embeds carry. They
 * are read in place: as they are (another type of entity: refused, never an album), the playlist's
 * track list through the shared entry reader, and one relabelled copy (type and URI of an album,
 * everything else as captured). Our own album and artist pages (samples.ts) are written in that
 * exact envelope; a test below holds their members to the capture's.
 */
import { describe, expect, it } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { errorOf } from '../../../test/support/errors.js';
import { captureWarnings } from '../../parse/index.js';
import { recordKeys } from '../records.js';
import { embedTrackList, extractNextData, idFromInput, parseAlbum, parseArtist, parseTrack } from './parse.js';
import { Album, Artist, EmbedTrack } from './schema.js';
import {
  albumEmbedPage,
  albumEntity,
  artistEmbedPage,
  artistEntity,
  embedHtml,
  embedNextData,
  listEntry,
  notFoundPage,
  SAMPLE_ALBUM_ID,
  SAMPLE_ARTIST_ID,
  SAMPLE_TRACK_ID,
  trackEmbedPage,
} from './samples.js';

const LABEL = 'audio-a';
const EMBED_PLAYLIST = 'embed-next-data-playlist-todays-top-hits.json';
const EMBED_TRACK = 'embed-track-scorpions-blackout.html';
const PLAYLIST_ID = '37i9dQZF1DXcBWIGoYBM5M';
const ALBUM_KEYS = recordKeys(Album);
const ARTIST_KEYS = recordKeys(Artist);

// ---------------------------------------------------------------------------------------------
// Real captures, read in place (facts: ../shared/fixtures/audio-a/SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`audio-a album/artist on the real embed captures (${skipReason(LABEL)})`, () => {
  const next = () => JSON.parse(readFixture(LABEL, EMBED_PLAYLIST)) as any;
  const entity = () => next().props.pageProps.state.data.entity;

  it('the playlist embed’s trackList through the shared entry reader: all 50, first and last as recorded, no warning', () => {
    const { result: list, warnings } = captureWarnings(() => embedTrackList(entity(), 'album'));
    expect(warnings).toEqual([]);
    expect(list).toHaveLength(50);
    expect(list[0]).toEqual({
      id: '20jbSiX29FDX4oQxBXyUEi',
      uri: 'spotify:track:20jbSiX29FDX4oQxBXyUEi',
      uid: '33466a6d35577649464373',
      title: 'hate that i made you love me',
      subtitle: 'Ariana Grande',
      duration: { totalMilliseconds: 197949 },
      isExplicit: false,
      isPlayable: true,
      audioPreview: { url: 'https://p.scdn.co/mp3-preview/9fb8e09c9facc2d9443b6e57ae36d47bf83c01b8' },
    });
    expect(list[49]).toMatchObject({ title: 'The Visitor', subtitle: 'SIENNA SPIRO' });
    for (const t of list) expect(EmbedTrack.safeParse(t).success).toBe(true);
  });

  it('read as it is, the playlist embed is no album and no artist (another type of entity: UPSTREAM_FAILED)', () => {
    for (const parse of [parseAlbum, parseArtist]) {
      const e = errorOf(() => parse(next(), PLAYLIST_ID));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toContain('a playlist resource');
    }
  });

  it('the track embed page is no album and no artist either; its track still reads', () => {
    const html = readFixture(LABEL, EMBED_TRACK);
    for (const parse of [parseAlbum, parseArtist]) {
      const e = errorOf(() => parse(html, '15RpfmFhrE5RRkf4vZ6kZu'));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toContain('a track resource');
    }
    expect(parseTrack(html).name).toBe('Blackout');
  });

  it('relabelled as an album (type and URI only): the captured envelope reads whole, without a warning', () => {
    const copy = next();
    Object.assign(copy.props.pageProps.state.data.entity, { type: 'album', uri: `spotify:album:${PLAYLIST_ID}` });
    const { result, warnings } = captureWarnings(() => parseAlbum(copy, PLAYLIST_ID));
    expect(warnings).toEqual([]);
    expect(Object.keys(result)).toEqual(ALBUM_KEYS);
    expect(Album.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({
      id: PLAYLIST_ID,
      name: 'Today\u2019s Top Hits',
      subtitle: 'Spotify',
      // No `artists` list and an explicit null release date in the capture: null, not warned.
      artists: null,
      releaseDate: null,
      isExplicit: false,
      isPlayable: true,
    });
    expect(result.coverArt!.sources.map((s) => s.width)).toEqual([64, 300, 640]);
    expect(result.trackList).toHaveLength(50);
    // The colours stay, the images are the cover art only; the page's session never reaches the record.
    expect(result.visualIdentity).toMatchObject({ backgroundBase: { alpha: 255, blue: 31, green: 45, red: 147 } });
    expect(result.visualIdentity).not.toHaveProperty('image');
    expect(JSON.stringify(result)).not.toContain('accessToken');
  });

  it('our album and artist entities use the capture’s members (plus an album’s isPreRelease); our entries exactly its entry members', () => {
    const real = new Set(Object.keys(entity()));
    const ours = (e: Record<string, unknown>) => Object.keys(e).filter((k) => !real.has(k));
    expect(ours(albumEntity())).toEqual(['isPreRelease']);
    expect(ours(artistEntity())).toEqual([]);
    expect(Object.keys(listEntry(1, 'x', 'y')).sort()).toEqual(Object.keys(entity().trackList[0]).sort());
    // The page envelope: entity and session where the capture has them.
    const page = extractNextData(albumEmbedPage()) as any;
    expect(Object.keys(page.props.pageProps.state).sort()).toEqual(['data', 'settings']);
    expect(Object.keys(page.props.pageProps.state.settings.session).sort()).toEqual(
      Object.keys(next().props.pageProps.state.settings.session).sort(),
    );
    expect(page.page).toBe('/album/[id]');
  });
});

// ---------------------------------------------------------------------------------------------
// Our own pages (samples.ts)
// ---------------------------------------------------------------------------------------------

const colours = (e: Record<string, unknown>) => {
  const { image: _image, ...rest } = e.visualIdentity as Record<string, unknown>;
  return rest;
};

describe('parseAlbum: our own embed pages', () => {
  const album = (o: Record<string, unknown> = {}) => parseAlbum(albumEmbedPage(SAMPLE_ALBUM_ID, o), SAMPLE_ALBUM_ID);
  const warned = (o: Record<string, unknown>) => {
    const { result, warnings } = captureWarnings(() => album(o));
    return { result, fields: warnings.map((w) => w.field) };
  };

  it('the whole record, in its order', () => {
    const { result, fields } = warned({});
    expect(fields).toEqual([]);
    expect(Object.keys(result)).toEqual(ALBUM_KEYS);
    expect(Album.safeParse(result).success).toBe(true);
    expect(result).toEqual({
      id: SAMPLE_ALBUM_ID,
      uri: `spotify:album:${SAMPLE_ALBUM_ID}`,
      name: 'Slow Simmer (single)',
      subtitle: 'Paper Lanterns',
      artists: null,
      releaseDate: { isoString: '2024-09-13T00:00:00Z' },
      isExplicit: true,
      isPlayable: true,
      isPreRelease: false,
      coverArt: {
        sources: [300, 64, 640].map((size) => ({
          url: expect.stringMatching(/^https:\/\/image-cdn-fa\.spotifycdn\.com\/image\//),
          width: size,
          height: size,
        })),
      },
      visualIdentity: colours(albumEntity()),
      trackList: [
        {
          id: SAMPLE_TRACK_ID,
          uri: `spotify:track:${SAMPLE_TRACK_ID}`,
          uid: 'd3m0u1d0000000000001',
          title: 'Slow Simmer',
          subtitle: 'Paper Lanterns',
          duration: { totalMilliseconds: 214_000 },
          isExplicit: false,
          isPlayable: true,
          audioPreview: { url: expect.stringMatching(/^https:\/\/p\.scdn\.co\/mp3-preview\//) },
        },
        expect.objectContaining({ title: 'Low Flame', subtitle: 'Paper Lanterns,\u00a0The Monsoon Set', isExplicit: true }),
        expect.objectContaining({ title: 'Slow Simmer - Instrumental', audioPreview: null }),
      ],
    });
  });

  it('the album’s `duration` (0 in album embeds) is not read as its length', () => {
    expect(album({ duration: 0 })).not.toHaveProperty('duration');
  });

  it.each([
    ['name', { name: undefined, title: undefined }, 'name'],
    ['subtitle', { subtitle: undefined }, 'subtitle'],
    ['isExplicit', { isExplicit: undefined }, 'isExplicit'],
    ['isPlayable', { isPlayable: undefined }, 'isPlayable'],
    ['coverArt', { visualIdentity: colours(albumEntity()) }, 'coverArt'],
    ['trackList', { trackList: undefined }, 'trackList'],
    ['trackList of another type', { trackList: 'x' }, 'trackList'],
  ])('%s missing: that field alone degrades, warned', (_l, o, field) => {
    const { result, fields } = warned(o);
    expect(fields).toEqual([`album.${field}`]);
    const whole = album();
    const changed = Object.keys(whole).filter((k) => JSON.stringify((result as any)[k]) !== JSON.stringify((whole as any)[k]));
    expect(changed).toEqual([field]);
    expect(Album.safeParse(result).success).toBe(true);
  });

  it('a name from `title` when `name` is missing; release date, pre-release flag and colours null without a warning when absent', () => {
    expect(album({ name: undefined }).name).toBe('Slow Simmer (single)');
    const { result, fields } = warned({ releaseDate: null, isPreRelease: undefined });
    expect(result).toMatchObject({ releaseDate: null, isPreRelease: null });
    expect(fields).toEqual([]);
    const noVisual = warned({ visualIdentity: undefined });
    expect(noVisual.result).toMatchObject({ visualIdentity: null, coverArt: null });
    // The cover art lives in visualIdentity: every album's embed has it, so its loss is warned.
    expect(noVisual.fields).toEqual(['album.coverArt']);
  });

  it('an `artists` list, when the embed carries one, is read with the artists’ ids', () => {
    const artists = [{ name: 'Paper Lanterns', uri: `spotify:artist:${SAMPLE_ARTIST_ID}` }, { name: 'No Uri' }];
    const { result, fields } = warned({ artists });
    expect(result.artists).toEqual([
      { id: SAMPLE_ARTIST_ID, uri: `spotify:artist:${SAMPLE_ARTIST_ID}`, name: 'Paper Lanterns' },
      { id: null, uri: null, name: 'No Uri' },
    ]);
    expect(fields).toEqual(['album.artists.uri']);
  });

  it('track-list entries degrade one at a time: one without a uri is left out (warned), a missing title is null (warned)', () => {
    const { uri: _u, ...noUri } = listEntry(7, 'Lost', 'Paper Lanterns');
    const { title: _t, ...noTitle } = listEntry(8, 'Untitled', 'Paper Lanterns');
    const { result, fields } = warned({ trackList: [listEntry(1, 'Slow Simmer', 'Paper Lanterns'), noUri, noTitle, 'x'] });
    expect(result.trackList.map((t) => [t.id, t.title])).toEqual([
      [SAMPLE_TRACK_ID, 'Slow Simmer'],
      ['3dEm0Tr4ck000000000008', null],
    ]);
    expect(fields.sort()).toEqual(['album.trackList', 'album.trackList', 'album.trackList.title']);
  });

  it('identity: the id alone makes the album (its URI built); neither is a changed shape', () => {
    expect(album({ uri: undefined })).toMatchObject({ id: SAMPLE_ALBUM_ID, uri: `spotify:album:${SAMPLE_ALBUM_ID}` });
    expect(album({ id: undefined })).toMatchObject({ id: SAMPLE_ALBUM_ID });
    const e = errorOf(() => album({ id: undefined, uri: undefined }));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toContain('album.uri/id');
  });

  it('an entity of another type, or a uri and an id naming two albums, is no album', () => {
    const artist = errorOf(() => album({ type: 'artist' }));
    expect(artist.code).toBe('UPSTREAM_FAILED');
    expect(artist.message).toContain('different resource');
    expect(errorOf(() => album({ type: undefined, uri: `spotify:playlist:${SAMPLE_ALBUM_ID}` })).code).toBe('UPSTREAM_FAILED');
    const two = errorOf(() => album({ id: '3dEm0A1bum000000000002' }));
    expect(two.code).toBe('UPSTREAM_FAILED');
    expect(two.message).toContain('3dEm0A1bum000000000002');
  });

  it('the session’s token never reaches the record', () => {
    const page = albumEmbedPage(SAMPLE_ALBUM_ID, {}, { accessToken: 'BQ-secret-anon-token' });
    expect(page).toContain('BQ-secret-anon-token');
    expect(JSON.stringify(parseAlbum(page))).not.toContain('BQ-secret-anon-token');
  });
});

describe('parseArtist: our own embed pages', () => {
  const artist = (o: Record<string, unknown> = {}) => parseArtist(artistEmbedPage(SAMPLE_ARTIST_ID, o), SAMPLE_ARTIST_ID);
  const warned = (o: Record<string, unknown>) => {
    const { result, warnings } = captureWarnings(() => artist(o));
    return { result, fields: warnings.map((w) => w.field) };
  };

  it('the whole record, in its order: top tracks from the trackList; no follower counts in the embed, so null (not warned)', () => {
    const { result, fields } = warned({});
    expect(fields).toEqual([]);
    expect(Object.keys(result)).toEqual(ARTIST_KEYS);
    expect(Artist.safeParse(result).success).toBe(true);
    expect(result).toEqual({
      id: SAMPLE_ARTIST_ID,
      uri: `spotify:artist:${SAMPLE_ARTIST_ID}`,
      name: 'Paper Lanterns',
      coverArt: { sources: [320, 640, 160].map((size) => expect.objectContaining({ width: size, height: size })) },
      visualIdentity: colours(artistEntity()),
      topTracks: [
        expect.objectContaining({ id: SAMPLE_TRACK_ID, title: 'Slow Simmer', duration: { totalMilliseconds: 214_000 } }),
        expect.objectContaining({ id: '3dEm0Tr4ck000000000006', title: 'Paper Boats' }),
      ],
      followers: null,
      monthlyListeners: null,
    });
  });

  it('follower and listener counts are read only when the embed states them (a number, or a decimal string)', () => {
    expect(artist({ followers: 1234, monthlyListeners: '56789' })).toMatchObject({ followers: 1234, monthlyListeners: 56789 });
  });

  it.each([
    ['name', { name: undefined, title: undefined }, 'name'],
    ['coverArt', { visualIdentity: colours(artistEntity()) }, 'coverArt'],
    ['topTracks', { trackList: undefined }, 'topTracks'],
  ])('%s missing: that field alone degrades, warned', (_l, o, field) => {
    const { result, fields } = warned(o);
    expect(fields).toEqual([`artist.${field}`]);
    const whole = artist();
    const changed = Object.keys(whole).filter((k) => JSON.stringify((result as any)[k]) !== JSON.stringify((whole as any)[k]));
    expect(changed).toEqual([field]);
    expect(Artist.safeParse(result).success).toBe(true);
  });

  it('another artist, or another type of entity, is no answer', () => {
    expect(errorOf(() => artist({ id: '3dEm0Art1st00000000002' })).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => artist({ type: 'album' })).code).toBe('UPSTREAM_FAILED');
    expect(errorOf(() => parseArtist(albumEmbedPage(), SAMPLE_ARTIST_ID)).message).toContain('a album resource, not artist');
  });
});

describe('embed pages that are no entity (album, artist and track alike)', () => {
  const parsers: [string, (page: string) => unknown][] = [
    ['album', (p) => parseAlbum(p, SAMPLE_ALBUM_ID)],
    ['artist', (p) => parseArtist(p, SAMPLE_ARTIST_ID)],
    ['track', (p) => parseTrack(p, SAMPLE_TRACK_ID)],
  ];

  it.each(parsers)('%s: Next.js’s error page, a 404 status in the page props, or an entity of type "error" is NOT_FOUND', (_k, parse) => {
    const pages = [
      notFoundPage(),
      embedHtml({ props: { pageProps: { status: 404 } }, page: '/album/[id]' }),
      embedHtml(embedNextData({ entity: { type: 'error' } })),
    ];
    for (const page of pages) expect(errorOf(() => parse(page)).code).toBe('NOT_FOUND');
  });

  it.each(parsers)('%s: a page without an entity object is a changed shape; a block page is UPSTREAM_BLOCKED', (_k, parse) => {
    for (const entity of [undefined, null, 'x']) {
      const e = errorOf(() => parse(embedHtml(embedNextData({ entity }))));
      expect(e.code).toBe('UPSTREAM_FAILED');
      expect(e.message).toContain('state.data.entity');
    }
    const px =
      '<html><body><div id="px-captcha"></div><script src="https://captcha.px-cdn.net/PXabc123/captcha.js?a=c&m=0"></script></body></html>';
    expect(errorOf(() => parse(px)).code).toBe('UPSTREAM_BLOCKED');
  });

  it('a track page is no album (and the other way round)', () => {
    expect(errorOf(() => parseAlbum(trackEmbedPage(), SAMPLE_ALBUM_ID)).message).toContain('a track resource, not album');
    expect(errorOf(() => parseTrack(albumEmbedPage(), SAMPLE_TRACK_ID)).message).toContain('a album resource, not track');
  });
});

describe('album and artist ids and URLs', () => {
  it.each([
    [`https://open.spotify.com/album/${SAMPLE_ALBUM_ID}?si=abc`, SAMPLE_ALBUM_ID],
    [`https://open.spotify.com/intl-de/album/${SAMPLE_ALBUM_ID}`, SAMPLE_ALBUM_ID],
    [`https://open.spotify.com/intl-pt-BR/album/${SAMPLE_ALBUM_ID}`, SAMPLE_ALBUM_ID],
    [`https://open.spotify.com/embed/album/${SAMPLE_ALBUM_ID}`, SAMPLE_ALBUM_ID],
    [`spotify:album:${SAMPLE_ALBUM_ID}`, SAMPLE_ALBUM_ID],
    [`https://open.spotify.com/track/${SAMPLE_ALBUM_ID}`, null],
    [`spotify:artist:${SAMPLE_ALBUM_ID}`, null],
    [`https://open.spotify.com/album/${SAMPLE_ALBUM_ID.slice(1)}`, null],
    [`https://spotify.com/album/${SAMPLE_ALBUM_ID}`, null],
  ])('album %s → %s', (input, out) => {
    expect(idFromInput(input, 'album')).toBe(out);
  });

  it.each([
    [`https://open.spotify.com/artist/${SAMPLE_ARTIST_ID}?si=abc`, SAMPLE_ARTIST_ID],
    [`https://open.spotify.com/intl-fr/artist/${SAMPLE_ARTIST_ID}`, SAMPLE_ARTIST_ID],
    [`https://open.spotify.com/embed/artist/${SAMPLE_ARTIST_ID}`, SAMPLE_ARTIST_ID],
    [`spotify:artist:${SAMPLE_ARTIST_ID}`, SAMPLE_ARTIST_ID],
    [`https://open.spotify.com/album/${SAMPLE_ARTIST_ID}`, null],
    [`https://open.spotify.com/user/${SAMPLE_ARTIST_ID}`, null],
  ])('artist %s → %s', (input, out) => {
    expect(idFromInput(input, 'artist')).toBe(out);
  });
});
