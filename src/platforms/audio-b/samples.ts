/**
 * The project's own audio-b upstream bodies for tests (unit and end-to-end), written by us in the
 * public shapes of Apple Music's web player API (JSON:API resources as amp-api.music.apple.com
 * returns them: artists with the `top-songs` view and included albums, albums with included
 * artists and tracks, a song with its artists and album as bare relationships, grouped search
 * with `groupId`s) and of music.apple.com pages (module
 * bundle script, schema.org data, Apple's edge "Access Denied" page). Not captures: names, ids
 * and texts are invented.
 */

const STORE = 'https://music.apple.com';
const ART = 'https://is1-ssl.mzstatic.com/image/thumb/Music/v4/aa/bb/cc/test.jpg/{w}x{h}bb.jpg';

/** A JWT shaped like the web player's developer token (ES256 header, `iss`/`iat`/`exp`); the signature is not a real one. */
export function makeJwt(expSeconds: number | null, label = 'test'): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const payload: Record<string, unknown> = { iss: 'AMPWebPlay', iat: 1_700_000_000, note: label };
  if (expSeconds !== null) payload.exp = expSeconds;
  return `${b64({ alg: 'ES256', typ: 'JWT', kid: 'WebPlayKid' })}.${b64(payload)}.${Buffer.from(`sig-${label}`).toString('base64url')}`;
}

/** The current web player page: module bundle script, serialized-server-data tag with a line break. */
export function webPlayerPage(bundle = '/assets/index-0a1b2c3d.js'): string {
  return `<!DOCTYPE html><html dir="ltr" lang="en-US"><head><meta charset="utf-8">
<title>\u200eApple\u00a0Music - Web Player</title>
<script type="module" crossorigin src="${bundle}"></script>
<script nomodule crossorigin id="vite-legacy-entry" data-src="/assets/index-legacy-9f8e7d6c.js"></script>
</head><body><div class="app-container"></div>
<script type="application/json"
    id="serialized-server-data">[{"intent":{"storefront":"us","language":null,"$kind":"BrowsePageIntent"},"data":{"sections":[],"canonicalURL":"https://music.apple.com/us/new","seoData":{"pageTitle":"Apple Music - Web Player"}}}]</script>
</body></html>`;
}

/** A minified bundle with the token somewhere inside (and a decoy that is not a JWT payload). */
export function bundleJs(token: string): string {
  return `const a="eyJhbGciOi.notjson.x";function f(){return 1}const Tn={developerToken:"${token}",app:{name:"music-web",build:"2025.9"}};export{Tn as c};`;
}

/** Apple's edge (Akamai) refusal page. */
export const ACCESS_DENIED_PAGE = `<HTML><HEAD>
<TITLE>Access Denied</TITLE>
</HEAD><BODY>
<H1>Access Denied</H1>

You don't have permission to access "http&#58;&#47;&#47;music&#46;apple&#46;com&#47;" on this server.<P>
Reference&#32;&#35;18&#46;5c2e1402&#46;1727440000&#46;1a2b3c4d
</BODY>
</HTML>`;

export function songResource(
  id: string,
  name: string,
  o: { albumId?: string; artist?: string; ms?: number; track?: number; type?: string } = {},
) {
  const albumId = o.albumId ?? '900000001';
  return {
    id,
    type: o.type ?? 'songs',
    href: `/v1/catalog/us/songs/${id}`,
    attributes: {
      name,
      artistName: o.artist ?? 'The Test Pilots',
      albumName: 'Flight Log',
      durationInMillis: o.ms ?? 200_000,
      trackNumber: o.track ?? 1,
      discNumber: 1,
      artwork: { width: 3000, height: 3000, url: ART },
      url: `${STORE}/us/album/${name.toLowerCase().replace(/\W+/g, '-')}/${albumId}?i=${id}`,
      playParams: { id, kind: 'song' },
    },
  };
}

export function albumResource(id: string, name: string, o: { artist?: string; trackCount?: number } = {}) {
  return {
    id,
    type: 'albums',
    href: `/v1/catalog/us/albums/${id}`,
    attributes: {
      name,
      artistName: o.artist ?? 'The Test Pilots',
      trackCount: o.trackCount ?? 10,
      releaseDate: '2024-03-08',
      url: `${STORE}/us/album/${name.toLowerCase().replace(/\W+/g, '-')}/${id}`,
      artwork: { width: 3000, height: 3000, url: ART },
    },
  };
}

/** GET /v1/catalog/us/artists/<id>?views=top-songs&include=albums */
export function artistJson(id: string, name = 'The Test Pilots'): string {
  return JSON.stringify({
    data: [
      {
        id,
        type: 'artists',
        href: `/v1/catalog/us/artists/${id}`,
        attributes: {
          name,
          genreNames: ['Alternative'],
          url: `${STORE}/us/artist/${name.toLowerCase().replace(/\W+/g, '-')}/${id}`,
          artwork: {
            width: 2400,
            height: 2400,
            url: 'https://is1-ssl.mzstatic.com/image/thumb/AMCArtistImages/v4/test/pr_source.png/{w}x{h}bb.jpg',
            bgColor: '101010',
          },
          editorialNotes: {
            standard: 'Formed in a hangar, <i>The Test Pilots</i> fly low.<br />\nThey land &amp; take off.',
            short: 'Hangar rock.',
          },
        },
        relationships: {
          albums: {
            href: `/v1/catalog/us/artists/${id}/albums`,
            data: [
              albumResource('900000001', 'Flight Log', { artist: name }),
              albumResource('900000002', 'Runway - EP', { artist: name, trackCount: 4 }),
            ],
          },
        },
        views: {
          'top-songs': {
            href: `/v1/catalog/us/artists/${id}/view/top-songs`,
            attributes: { title: 'Top Songs' },
            data: [
              songResource('900000011', 'Crosswind', { artist: name, ms: 201_500 }),
              songResource('900000012', 'Tailspin', { artist: name, ms: 185_000, track: 2 }),
            ],
          },
        },
      },
    ],
  });
}

/** GET /v1/catalog/us/albums/<id>?include=artists,tracks */
export function albumJson(id: string, name = 'Flight Log'): string {
  const tracks = [
    songResource('900000101', 'Preflight', { albumId: id, ms: 1_800_000, track: 1 }),
    songResource('900000102', 'Holding Pattern', { albumId: id, ms: 1_900_000, track: 2 }),
    songResource('900000103', 'Touchdown (Video)', { albumId: id, ms: 260_000, track: 3, type: 'music-videos' }),
  ];
  return JSON.stringify({
    data: [
      {
        id,
        type: 'albums',
        href: `/v1/catalog/us/albums/${id}`,
        attributes: {
          name,
          artistName: 'The Test Pilots',
          trackCount: 3,
          releaseDate: '2024-03-08',
          copyright: '\u2117 2024 Hangar Records',
          url: `${STORE}/us/album/flight-log/${id}`,
          artwork: { width: 3000, height: 3000, url: ART },
        },
        relationships: {
          artists: {
            href: `/v1/catalog/us/albums/${id}/artists`,
            data: [
              {
                id: '900000000',
                type: 'artists',
                href: '/v1/catalog/us/artists/900000000',
                attributes: { name: 'The Test Pilots', url: `${STORE}/us/artist/the-test-pilots/900000000` },
              },
            ],
          },
          tracks: { href: `/v1/catalog/us/albums/${id}/tracks`, data: tracks },
        },
      },
    ],
  });
}

/**
 * GET /v1/catalog/<storefront>/songs/<id>?l=en-US. No `/songs/<id>` answer has been captured: the
 * song resource is written in the shape of the song objects an album answer lists as its tracks
 * (../shared/fixtures/audio-b/amp-api-album-set-me-free-martin-garrix.json, every attribute
 * there), wrapped as `{data: [song]}`, with the `relationships` Apple's catalog API documents for
 * a song (artists and albums, bare `{id, type, href}` unless included). Names and ids invented.
 */
export function songJson(id: string, o: { albumId?: string; storefront?: string } = {}): string {
  const albumId = o.albumId ?? '900000001';
  const sf = o.storefront ?? 'us';
  return JSON.stringify({
    data: [
      {
        id,
        type: 'songs',
        href: `/v1/catalog/${sf}/songs/${id}?l=en-US`,
        attributes: {
          albumName: 'Flight Log',
          artistName: 'The Test Pilots & Ground Crew',
          artwork: { bgColor: '101010', hasP3: false, height: 3000, textColor1: 'f0f0f0', url: ART, width: 3000 },
          audioLocale: 'en-US',
          audioTraits: ['lossless', 'lossy-stereo'],
          composerName: 'Ada Wing & Bo Rudder',
          contentRating: 'explicit',
          discNumber: 1,
          durationInMillis: 201_500,
          genreNames: ['Alternative', 'Music'],
          hasLyrics: true,
          isrc: 'ZZT012400011',
          name: 'Crosswind',
          playParams: { id, kind: 'song' },
          previews: [{ url: 'https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/test/crosswind.plus.aac.p.m4a' }],
          releaseDate: '2024-03-08',
          trackNumber: 2,
          url: `${STORE}/${sf}/album/crosswind/${albumId}?i=${id}`,
        },
        relationships: {
          albums: {
            href: `/v1/catalog/${sf}/songs/${id}/albums?l=en-US`,
            data: [{ id: albumId, type: 'albums', href: `/v1/catalog/${sf}/albums/${albumId}?l=en-US` }],
          },
          artists: {
            href: `/v1/catalog/${sf}/songs/${id}/artists?l=en-US`,
            data: [
              { id: '900000000', type: 'artists', href: `/v1/catalog/${sf}/artists/900000000?l=en-US` },
              { id: '900000009', type: 'artists', href: `/v1/catalog/${sf}/artists/900000009?l=en-US` },
            ],
          },
        },
      },
    ],
  });
}

/** GET /v1/catalog/us/search?term=…&with=serverBubbles: grouped, with a top group. */
export function searchJson(term: string): string {
  const song = songResource('900000201', `${term} Song`);
  const album = albumResource('900000202', `${term} Album`);
  const artist = {
    id: '900000203',
    type: 'artists',
    href: '/v1/catalog/us/artists/900000203',
    attributes: { name: term, url: `${STORE}/us/artist/x/900000203` },
  };
  const video = {
    id: '900000204',
    type: 'music-videos',
    href: '/v1/catalog/us/music-videos/900000204',
    attributes: {
      name: `${term} (Official Video)`,
      artistName: term,
      durationInMillis: 222_000,
      url: `${STORE}/us/music-video/x/900000204`,
    },
  };
  const episode = {
    id: 'ra.900000205',
    type: 'stations',
    href: '/v1/catalog/us/stations/ra.900000205',
    attributes: {
      name: `${term} Radio, Episode 3`,
      episodeNumber: 3,
      isLive: false,
      durationInMillis: 3_600_000,
      url: `${STORE}/us/station/x/ra.900000205`,
    },
  };
  const group = (groupId: string, name: string, data: unknown[]) => ({
    href: `/v1/catalog/us/search?groups=${groupId}`,
    name,
    groupId,
    data,
  });
  return JSON.stringify({
    results: {
      top: group('top', 'Top Results', [artist, song, album]),
      song: group('song', 'Songs', [song]),
      album: group('album', 'Albums', [album]),
      artist: group('artist', 'Artists', [artist]),
      'music-video': group('music_video', 'Music Videos', [video]),
      'radio-episode': group('radio_episode', 'Radio Episodes', [episode]),
    },
    meta: {
      results: {
        order: ['top', 'artist', 'album', 'song', 'music_video', 'radio_episode'],
        rawOrder: ['top', 'artist', 'album', 'song', 'music_video', 'radio_episode'],
      },
    },
  });
}

/** A current album page without the API cache: schema.org MusicAlbum in ld+json. */
export function albumPageWithSchema(id: string): string {
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'MusicAlbum',
    name: 'Flight Log',
    url: `${STORE}/us/album/flight-log/${id}`,
    datePublished: '2024-03-08',
    byArtist: [{ '@type': 'MusicGroup', name: 'The Test Pilots', url: `${STORE}/us/artist/the-test-pilots/900000000` }],
    tracks: [
      { '@type': 'MusicRecording', name: 'Preflight', url: `${STORE}/us/song/preflight/900000101`, duration: 'PT3M5S' },
      { '@type': 'MusicRecording', name: 'Holding &amp; Pattern', url: `${STORE}/us/album/flight-log/${id}?i=900000102`, duration: 'PT4M' },
    ],
  };
  return `<!DOCTYPE html><html><head><title>\u200eFlight Log - Album by The Test Pilots - Apple\u00a0Music</title>
<link rel="canonical" href="${STORE}/us/album/flight-log/${id}">
<script id="schema:music-album" type="application/ld+json">${JSON.stringify(ld)}</script></head><body></body></html>`;
}

/**
 * The tracks of a playlist page: songs as an album answer lists them (songResource), no
 * relationships of their own; `from` numbers them on (ids `9000003<nn>`).
 */
function playlistTracks(from: number, count: number, sf: string) {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const song = songResource(String(900_000_300 + n), `Track ${n}`, { track: 1 });
    song.href = `/v1/catalog/${sf}/songs/${song.id}`;
    const attributes = {
      ...song.attributes,
      genreNames: ['Alternative', 'Music'],
      isrc: `ZZT0124${String(n).padStart(5, '0')}`,
      previews: [{ url: `https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/test/track-${n}.plus.aac.p.m4a` }],
      releaseDate: '2024-03-08',
      // Apple sends a rating for explicit and clean songs only.
      ...(n % 2 === 1 ? { contentRating: 'explicit' } : {}),
    };
    return { ...song, attributes };
  });
}

/**
 * GET /v1/catalog/<storefront>/playlists/<id>?include=tracks. No playlist answer has been
 * captured: the playlist's attributes are written in the shape of the playlist resource the
 * search capture lists (../shared/fixtures/audio-b/amp-api-search-okaynico.json,
 * `results.playlists`: curatorName, description, lastModifiedDate, playlistType, isChart,
 * artwork, url, playParams), with the documented `relationships.tracks` (song resources) and its
 * `next` link when the playlist has more than the first page. Names and ids invented.
 */
export function playlistJson(id: string, o: { storefront?: string; tracks?: number; next?: number | null } = {}): string {
  const sf = o.storefront ?? 'us';
  const next = o.next === undefined ? 2 : o.next;
  const tracks: Record<string, unknown> = {
    href: `/v1/catalog/${sf}/playlists/${id}/tracks`,
    data: playlistTracks(1, o.tracks ?? 2, sf),
  };
  if (next !== null) tracks.next = `/v1/catalog/${sf}/playlists/${id}/tracks?offset=${next}`;
  const user = id.startsWith('pl.u-');
  return JSON.stringify({
    data: [
      {
        id,
        type: 'playlists',
        href: `/v1/catalog/${sf}/playlists/${id}`,
        attributes: {
          artwork: {
            bgColor: '101010',
            hasP3: false,
            height: 1080,
            textColor1: 'ffffff',
            url: 'https://is1-ssl.mzstatic.com/image/thumb/Features/v4/aa/bb/cc/test-playlist.png/{w}x{h}SC.DN01.{f}',
            width: 1080,
          },
          audioTraits: [],
          curatorName: user ? 'Ada Wing' : 'Apple Music Flight',
          description: {
            short: 'Songs for the hangar.',
            standard: 'Songs for the hangar &amp; the runway.<br />Updated every Friday.',
          },
          hasCollaboration: false,
          isChart: false,
          lastModifiedDate: '2025-09-26T06:54:55Z',
          name: 'Flight Deck',
          playParams: { id, kind: 'playlist', versionHash: 'abc123' },
          playlistType: user ? 'user-shared' : 'editorial',
          supportsSing: false,
          url: `${STORE}/${sf}/playlist/flight-deck/${id}`,
        },
        relationships: { tracks },
      },
    ],
  });
}

/** GET /v1/catalog/<storefront>/playlists/<id>/tracks?offset=N: `{next?, data}` (the last page without `next`). */
export function playlistTracksJson(
  id: string,
  offset: number,
  o: { storefront?: string; tracks?: number; next?: number | null } = {},
): string {
  const sf = o.storefront ?? 'us';
  const body: Record<string, unknown> = { data: playlistTracks(offset + 1, o.tracks ?? 2, sf) };
  if (o.next != null) body.next = `/v1/catalog/${sf}/playlists/${id}/tracks?offset=${o.next}`;
  return JSON.stringify(body);
}
