import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseAlbumResponse, parseArtistResponse, parsePlaylistResponse, parseSearchResponse } from '../../src/platforms/audio-b/parse.js';
import * as schema from '../../src/platforms/audio-b/schema.js';
import { mutationTest } from './suite.js';

const LABEL = 'audio-b';
const json = (file: string) => () => JSON.parse(readFixture(LABEL, file));

describe.skipIf(!hasFixtures(LABEL))(`audio-b mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    name: 'artist amp-api-artist-beach-bunny.json',
    platform: LABEL,
    load: json('amp-api-artist-beach-bunny.json'),
    parse: (doc) => parseArtistResponse(doc, 'The artist', '1147783278'),
    schema: schema.Artist,
    source: ['data', 0],
    // The resource gone: `data: []`, amp-api's own answer for an unknown id.
    rootCodes: ['NOT_FOUND'],
    identity: {
      id: 'the catalog id asked for (a resource without it is skipped, then no artist is left)',
      type: 'artists: an answer about another kind of resource is not this artist (assertSameResource)',
    },
    fields: {
      kind: ['type'],
      name: ['attributes.name'],
      url: ['attributes.url'],
      artwork: ['attributes.artwork'],
      editorial_notes: ['attributes.editorialNotes'],
      top_songs: ['views.top-songs'],
      albums: ['relationships.albums', 'views.full-albums'],
    },
  });

  mutationTest({
    name: 'album amp-api-album-set-me-free-martin-garrix.json',
    platform: LABEL,
    load: json('amp-api-album-set-me-free-martin-garrix.json'),
    parse: (doc) => parseAlbumResponse(doc, 'The album', '1832443244'),
    schema: schema.Album,
    source: ['data', 0],
    // The resource gone: `data: []`, amp-api's own answer for an unknown id.
    rootCodes: ['NOT_FOUND'],
    identity: {
      id: 'the catalog id asked for',
      type: 'albums: an answer about another kind of resource is not this album (assertSameResource)',
    },
    fields: {
      kind: ['type'],
      title: ['attributes.name'],
      artist_name: ['attributes.artistName'],
      artist_url: ['attributes.artistUrl', 'relationships.artists', 'attributes.url'],
      url: ['attributes.url'],
      track_count: ['attributes.trackCount', 'relationships.tracks'],
      release_info: ['attributes.releaseDate', 'attributes.trackCount', 'attributes.copyright', 'relationships.tracks'],
      tracks: ['relationships.tracks'],
    },
    quiet: {
      'attributes.copyright': 'not every album states a copyright line (r.opt)',
    },
  });

  // No playlist answer is captured: the search capture's playlist resource with, as its tracks,
  // the album capture's song (both read in place; the envelope is ours, as in playlist.test.ts).
  mutationTest({
    name: 'playlist amp-api-search-okaynico.json results.playlists + the album capture track',
    platform: LABEL,
    load: () => {
      const pl = json('amp-api-search-okaynico.json')().results.playlists.data[0];
      const track = json('amp-api-album-set-me-free-martin-garrix.json')().data[0].relationships.tracks.data[0];
      return { data: [{ ...pl, relationships: { tracks: { href: `/v1/catalog/us/playlists/${pl.id}/tracks`, data: [track] } } }] };
    },
    parse: (doc) => parsePlaylistResponse(doc, { id: 'pl.fde3285b62264c44bc53477612d037a4', storefront: 'us' }),
    schema: schema.Playlist,
    source: ['data', 0],
    rootCodes: ['NOT_FOUND'],
    identity: {
      id: 'the playlist id asked for',
      type: 'playlists: an answer about another kind of resource is not this playlist (assertSameResource)',
    },
    fields: {
      kind: ['type'],
      name: ['attributes.name'],
      curator_name: ['attributes.curatorName'],
      description: ['attributes.description'],
      last_modified_date: ['attributes.lastModifiedDate'],
      playlist_type: ['attributes.playlistType'],
      is_chart: ['attributes.isChart'],
      url: ['attributes.url'],
      artwork: ['attributes.artwork'],
      tracks: ['relationships.tracks'],
      cursor: ['relationships.tracks'],
    },
    quiet: {
      'attributes.description': 'Apple sends a description for some playlists only (r.opt)',
      'attributes.description.standard': 'EditorialNotes: Apple documents each text as optional (an artist with short alone)',
      'attributes.description.short': 'EditorialNotes: Apple documents each text as optional (String? in MusicKit)',
      'attributes.lastModifiedDate': 'Apple sends it for some playlists only (r.opt)',
      'attributes.artwork': 'Apple sends artwork for some playlists only (r.opt)',
      // The track is a song resource: the song record's optional attributes (parse.ts songOf).
      ...Object.fromEntries(
        ['trackNumber', 'discNumber', 'releaseDate', 'isrc', 'composerName', 'contentRating'].map((k) => [
          `relationships.tracks.data.0.attributes.${k}`,
          'Apple sends it for some songs only (songOf: r.opt)',
        ]),
      ),
    },
  });

  mutationTest({
    name: 'search amp-api-search-okaynico.json',
    platform: LABEL,
    load: json('amp-api-search-okaynico.json'),
    parse: (doc) => parseSearchResponse(doc, { query: 'OKAYNICO', type: 'all' }),
    schema: schema.Search,
    source: [],
    identity: {
      results: 'the answer itself: without `results` there is no search answer, only an error body',
    },
    fields: { results: ['results', 'meta'] },
  });
});
