/**
 * audio-a's demo answers (`npm run demo`, src/demo/platforms.ts): the embed page's anonymous token,
 * then one podcast and one playlist (Ravi Menon's) through pathfinder, and the embed pages of that
 * playlist's first track, of its album and of its artist, and of the podcast's newest episode
 * (samples.ts); others are demo misses. Written here and in samples.ts
 * (this folder's tests read real captures from ../shared, which the demo never uses) in the shapes
 * parse.ts reads; every name, id and URL is invented. Tokens never expire (2100): the demo has no
 * clock to keep.
 */
import type { Route } from '../../replay/server.js';
import { HTML, json } from '../../demo/answer.js';
import { RAVI } from '../../demo/creators.js';
import { demoMiss } from '../../demo/miss.js';
import { tokenPageUrl } from './pathfinder.js';
import {
  albumEmbedPage,
  artistEmbedPage,
  embedHtml,
  embedNextData,
  episodeEmbedPage,
  SAMPLE_ALBUM_ID,
  SAMPLE_ARTIST_ID,
  SAMPLE_EPISODE_ID,
  SAMPLE_SHOW_ID,
  SAMPLE_TRACK_ID,
  trackEmbedPage,
} from './samples.js';

/** The podcast and playlist the demo holds. */
export const DEMO_PODCAST_ID = SAMPLE_SHOW_ID;
export const DEMO_PLAYLIST_ID = '3dEm0PlAyl1stCurry0x01';
/** The track the demo holds: the playlist's first ("Slow Simmer"). */
export const DEMO_TRACK_ID = SAMPLE_TRACK_ID;
/** That track's album and artist. */
export const DEMO_ALBUM_ID = SAMPLE_ALBUM_ID;
export const DEMO_ARTIST_ID = SAMPLE_ARTIST_ID;
/** The podcast's newest episode ("Tamarind, three ways", episode 3 of the podcast's list). */
export const DEMO_EPISODE_ID = SAMPLE_EPISODE_ID;

const SPOTIFY_IMG = (id: string, size: number) => ({
  url: `https://i.scdn.co/image/ab6765630000ba8a${id}${size}`,
  width: size,
  height: size,
});

const DEMO_SESSION = {
  accessToken: 'BQDemoAnonymousWebPlayerToken0000000000',
  accessTokenExpirationTimestampMs: 4_102_444_800_000,
  isAnonymous: true,
};

/** The page the token is read from (no entity of ours: it is another track's page). */
function tokenPage(): string {
  return embedHtml(embedNextData({ session: DEMO_SESSION }));
}

function episode(n: number, name: string, minutes: number): Record<string, unknown> {
  const id = `5dEm0Ep1s0de00000000${String(n).padStart(2, '0')}`;
  return {
    entity: {
      _uri: `spotify:episode:${id}`,
      data: {
        __typename: 'Episode',
        uri: `spotify:episode:${id}`,
        name,
        duration: { totalMilliseconds: minutes * 60_000 },
        releaseDate: { isoString: `2025-0${n}-06T05:00:00Z`, precision: 'DAY' },
      },
    },
  };
}

function podcastAnswer(): unknown {
  const id = DEMO_PODCAST_ID;
  return {
    data: {
      podcastUnionV2: {
        __typename: 'Podcast',
        id,
        uri: `spotify:show:${id}`,
        name: 'Kitchen Talk with Ravi Menon',
        description: 'Home cooks, chefs and spice merchants on what we eat on weeknights.',
        htmlDescription: '<p>Home cooks, chefs and spice merchants on what we eat on weeknights.</p>',
        publisher: { name: `${RAVI.name} Cooks` },
        contentType: 'SPOKEN_WORD',
        mediaType: 'AUDIO',
        coverArt: { sources: [SPOTIFY_IMG('d3m0c0ver', 64), SPOTIFY_IMG('d3m0c0ver', 300), SPOTIFY_IMG('d3m0c0ver', 640)] },
        episodesV2: {
          items: [episode(3, 'Tamarind, three ways', 41), episode(2, 'The spice box', 37), episode(1, 'Why Thursday?', 28)],
          totalCount: 3,
        },
        topics: { items: [{ __typename: 'PodcastTopic', title: 'Food', uri: 'spotify:genre:podcasts-food' }] },
        rating: { averageRating: { average: 4.8, showAverage: true, totalRatings: 212 }, canRate: false, rating: null },
        playability: { playable: true, reason: 'PLAYABLE', unplayabilityReasons: [] },
        sharingInfo: { shareId: 'd3m0sh4re01', shareUrl: `https://open.spotify.com/show/${id}?si=d3m0sh4re01` },
        visualIdentity: {
          squareCoverImage: { extractedColorSet: { highContrast: { backgroundBase: { red: 120, green: 60, blue: 20, alpha: 255 } } } },
        },
        contentRatingV2: { labels: [] },
        consumptionOrderV2: 'EPISODIC',
        saved: false,
        musicAndTalk: false,
        showTypes: [],
        gatedEntityRelations: [],
        accessInfo: null,
        trailerV2: null,
      },
    },
    extensions: {},
  };
}

/** Words of the invented tracks after the playlist's three written ones (title: an adjective and a noun; artists: a band each). */
const TRACK_ADJECTIVES = ['Golden', 'Quiet', 'Late', 'Warm', 'Bitter', 'Smoky', 'Sweet', 'Slow', 'Saffron', 'Midnight', 'Rainy'];
const TRACK_NOUNS = ['Kitchen', 'Pepper', 'Ember', 'Harvest', 'Monsoon', 'Ginger', 'Market', 'Lantern', 'Coconut', 'Spice Road'];
const BANDS = ['Paper Lanterns', 'The Monsoon Set', 'Harbour Lights', 'Copper Pans', 'Velvet Chai', 'The Night Market', 'Tamarind Trio'];

/** The playlist's tracks: the three written ones, then 109 invented (112 in all), each an item of Spotify's `PlaylistItemsPage`. */
function playlistTracks(): unknown[] {
  const track = (n: number, name: string, artist: string, seconds: number, plays: string) => {
    return {
      itemV2: {
        __typename: 'TrackResponseWrapper',
        data: {
          __typename: 'Track',
          uri: `spotify:track:3dEm0Tr4ck${String(n).padStart(12, '0')}`,
          name,
          albumOfTrack: { name: `${name} (single)`, uri: `spotify:album:3dEm0A1bum${String(n).padStart(12, '0')}` },
          artists: { items: [{ profile: { name: artist }, uri: `spotify:artist:3dEm0Art1st${String(n).padStart(11, '0')}` }] },
          trackDuration: { totalMilliseconds: seconds * 1000 },
          playcount: plays,
        },
      },
    };
  };
  return [
    track(1, 'Slow Simmer', 'Paper Lanterns', 214, '1843021'),
    track(2, 'Curry Leaves', 'The Monsoon Set', 187, '402118'),
    track(3, 'Thursday Night', 'Harbour Lights', 243, '98231'),
    ...Array.from({ length: 109 }, (_, i) =>
      track(
        i + 4,
        `${TRACK_ADJECTIVES[i % TRACK_ADJECTIVES.length]} ${TRACK_NOUNS[Math.floor(i / TRACK_ADJECTIVES.length)]}`,
        BANDS[i % BANDS.length],
        150 + ((i * 37) % 140),
        String(90_000 - 700 * i),
      ),
    ),
  ];
}

/** The page of the playlist at `offset` of at most `limit` tracks, with Spotify's `pagingInfo` and `totalCount`. */
function playlistAnswer(offset: number, limit: number): unknown {
  const id = DEMO_PLAYLIST_ID;
  const all = playlistTracks();
  const items = all.slice(offset, offset + limit);
  return {
    data: {
      playlistV2: {
        __typename: 'Playlist',
        uri: `spotify:playlist:${id}`,
        name: 'Cooking with Ravi',
        description: 'What plays in my kitchen while the curry simmers.',
        followers: 1288,
        images: { items: [{ sources: [SPOTIFY_IMG('d3m0pl4y', 300), SPOTIFY_IMG('d3m0pl4y', 640)] }] },
        ownerV2: {
          data: { __typename: 'User', name: `${RAVI.name} Cooks`, uri: 'spotify:user:ravimenoncooks', username: 'ravimenoncooks' },
        },
        content: { __typename: 'PlaylistItemsPage', items, pagingInfo: { offset, limit }, totalCount: all.length },
      },
    },
    extensions: {},
  };
}

export function demoRoutes(): Route[] {
  return [
    {
      host: 'open.spotify.com',
      path: /^\/embed\//,
      response: (req) => {
        if (req.path === `/embed/track/${DEMO_TRACK_ID}`) return { headers: HTML, body: trackEmbedPage(DEMO_TRACK_ID, {}, DEMO_SESSION) };
        if (req.path === `/embed/album/${DEMO_ALBUM_ID}`) return { headers: HTML, body: albumEmbedPage(DEMO_ALBUM_ID, {}, DEMO_SESSION) };
        if (req.path === `/embed/artist/${DEMO_ARTIST_ID}`)
          return { headers: HTML, body: artistEmbedPage(DEMO_ARTIST_ID, {}, DEMO_SESSION) };
        if (req.path === `/embed/episode/${DEMO_EPISODE_ID}`)
          return { headers: HTML, body: episodeEmbedPage(DEMO_EPISODE_ID, {}, DEMO_SESSION) };
        if (/^\/embed\/(?:album|artist|episode)\//.test(req.path)) return demoMiss(req);
        // Any other embed page is the token's page (whichever one is configured), or no data of the demo's.
        if (req.path.startsWith('/embed/track/') && req.path !== new URL(tokenPageUrl()).pathname) return demoMiss(req);
        return { headers: HTML, body: tokenPage() };
      },
    },
    {
      host: 'api-partner.spotify.com',
      path: '/pathfinder/v1/query',
      response: (req) => {
        const vars = JSON.parse(req.query.get('variables') ?? '{}') as { uri?: string; offset?: number; limit?: number };
        const uri = vars.uri;
        if (req.query.get('operationName') === 'queryShowMetadataV2') {
          return uri === `spotify:show:${DEMO_PODCAST_ID}` ? json(podcastAnswer()) : demoMiss(req);
        }
        if (req.query.get('operationName') === 'fetchPlaylist') {
          return uri === `spotify:playlist:${DEMO_PLAYLIST_ID}` ? json(playlistAnswer(vars.offset ?? 0, vars.limit ?? 25)) : demoMiss(req);
        }
        return json({ errors: [{ message: 'PersistedQueryNotFound' }] }, 400);
      },
    },
  ];
}
