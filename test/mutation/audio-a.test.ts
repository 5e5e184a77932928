import { describe } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import { extractNextData, parsePlaylist, parsePodcast, parseTrack } from '../../src/platforms/audio-a/parse.js';
import * as schema from '../../src/platforms/audio-a/schema.js';
import { mutationTest } from './suite.js';

const LABEL = 'audio-a';

describe.skipIf(!hasFixtures(LABEL))(`audio-a mutations (${skipReason(LABEL)})`, () => {
  mutationTest({
    name: 'podcast pathfinder-show-joe-rogan-experience.json',
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, 'pathfinder-show-joe-rogan-experience.json')),
    parse: (doc) => parsePodcast(doc, '4rOoJ6Egrf8K2IrywzwOMk'),
    schema: schema.Podcast,
    source: ['data', 'podcastUnionV2'],
    rootCodes: ['NOT_FOUND'],
    identity: {
      // Either one names the show (the id is read from the URI when absent); both gone is no show.
      id: 'the show id',
      uri: 'spotify:show:<id>, the fallback of the id',
    },
    quiet: {
      htmlDescription: 'README: null when Spotify sends none (r.opt)',
      contentType: 'README: null when Spotify sends none (r.opt)',
      rating: 'README: shows without ratings (r.opt)',
      'rating.rating': "the viewer's own rating, passed through",
      'playability.reason': 'README: null when Spotify sends none (r.opt)',
      visualIdentity: 'README: null when Spotify sends none (r.opt)',
      consumptionOrderV2: 'README: null when Spotify sends none (r.opt)',
    },
    fields: {
      id: ['id', 'uri'],
      uri: ['uri', 'id'],
      episodesV2: ['episodesV2'],
      topics: ['topics'],
    },
  });

  mutationTest({
    name: 'playlist pathfinder-playlist-todays-top-hits.json',
    platform: LABEL,
    load: () => JSON.parse(readFixture(LABEL, 'pathfinder-playlist-todays-top-hits.json')),
    parse: (doc) => parsePlaylist(doc, { id: '37i9dQZF1DXcBWIGoYBM5M', offset: 0, limit: 25 }),
    schema: schema.Playlist,
    source: ['data', 'playlistV2'],
    rootCodes: ['NOT_FOUND'],
    identity: {
      uri: 'spotify:playlist:<id>: the only place the playlist names itself',
    },
    fields: {
      id: ['uri'],
      ownerV2: ['ownerV2'],
      images: ['images'],
      tracks: ['content.items'],
      // The next cursor is the offset after the items returned, bounded by the total.
      cursor: ['content.items', 'content.pagingInfo', 'content.totalCount'],
      totalCount: ['content.totalCount'],
    },
    quiet: {
      description: 'the owner may leave a playlist without a description (r.opt)',
    },
  });

  mutationTest({
    name: 'track embed-track-scorpions-blackout.html (__NEXT_DATA__)',
    platform: LABEL,
    load: () => extractNextData(readFixture(LABEL, 'embed-track-scorpions-blackout.html')),
    parse: (doc) => parseTrack(doc, '15RpfmFhrE5RRkf4vZ6kZu'),
    schema: schema.Track,
    source: ['props', 'pageProps', 'state', 'data', 'entity'],
    identity: {
      // Either one names the track (the URI is built from the id when absent); both gone is no track.
      uri: 'spotify:track:<id>: names the track (and its kind)',
      id: 'the track id, which must agree with the URI',
      type: 'track: an entity of another type is not a track (identity.ts)',
    },
    fields: {
      id: ['uri', 'id'],
      uri: ['uri', 'id'],
      name: ['name', 'title'],
      'duration.totalMilliseconds': ['duration'],
      // The capture's one artist: its id is read from its URI.
      'artists.0.id': ['artists.0.uri'],
      coverArt: ['visualIdentity.image'],
      visualIdentity: ['visualIdentity'],
    },
    quiet: {
      audioPreview: 'README: tracks without a preview clip (r.opt)',
      hasVideo: 'README: null when the embed sends none (r.opt)',
      relatedEntityUri: 'README: null when the embed sends none (r.opt)',
      visualIdentity: 'README: the colour sets, null when the embed sends none (r.opt); the cover art in it is warned',
    },
  });
});
