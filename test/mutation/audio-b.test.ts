import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { parseAlbumResponse, parseArtistResponse, parseSearchResponse } from '../../src/platforms/audio-b/parse.js';
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
