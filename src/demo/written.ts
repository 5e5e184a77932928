/**
 * Demo upstream answers written here for the platforms whose modules export no sample builders
 * (their tests read real captures from ../shared, which the demo never uses): audio-a's embed
 * page and pathfinder answers, audio-c's home page and api-v2 user, microblog-a's Mastodon
 * account, status and statuses list. Written in the shapes each parse.ts reads; every name, id
 * and URL is invented. Tokens never expire (2100): the demo has no clock to keep.
 */
import type { RecordedResponse, Route } from '../replay/server.js';
import { demoMiss } from './miss.js';
import { RAVI } from './web.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JSON_CT = { 'content-type': 'application/json; charset=utf-8' };
const json = (body: unknown, status = 200): RecordedResponse => ({ status, headers: JSON_CT, body: JSON.stringify(body) });

export const WRITTEN_DATA = {
  podcastId: '5dEm0Sh0wK1tchenT4lk01',
  playlistId: '3dEm0PlAyl1stCurry0x01',
  audioCHandle: 'ravimenonbeats',
  microblogAHandle: 'harbourweather',
  microblogAPostId: '114560000000000001',
} as const;

// --- audio-a (Spotify) ----------------------------------------------------------------------
const SPOTIFY_IMG = (id: string, size: number) => ({
  url: `https://i.scdn.co/image/ab6765630000ba8a${id}${size}`,
  width: size,
  height: size,
});

function embedPage(): string {
  const next = {
    props: {
      pageProps: {
        state: {
          settings: {
            session: {
              accessToken: 'BQDemoAnonymousWebPlayerToken0000000000',
              accessTokenExpirationTimestampMs: 4_102_444_800_000,
              isAnonymous: true,
            },
          },
        },
      },
    },
    page: '/track/[id]',
  };
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Spotify Embed</title></head><body><div id="__next"></div>
<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script></body></html>`;
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
  const id = WRITTEN_DATA.podcastId;
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

function playlistAnswer(): unknown {
  const id = WRITTEN_DATA.playlistId;
  const track = (n: number, name: string, artist: string, seconds: number, plays: string) => ({
    itemV2: {
      __typename: 'TrackResponseWrapper',
      data: {
        __typename: 'Track',
        uri: `spotify:track:3dEm0Tr4ck00000000000${n}`,
        name,
        albumOfTrack: { name: `${name} (single)`, uri: `spotify:album:3dEm0A1bum00000000000${n}` },
        artists: { items: [{ profile: { name: artist }, uri: `spotify:artist:3dEm0Art1st0000000000${n}` }] },
        trackDuration: { totalMilliseconds: seconds * 1000 },
        playcount: plays,
      },
    },
  });
  const items = [
    track(1, 'Slow Simmer', 'Paper Lanterns', 214, '1843021'),
    track(2, 'Curry Leaves', 'The Monsoon Set', 187, '402118'),
    track(3, 'Thursday Night', 'Harbour Lights', 243, '98231'),
  ];
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
        content: { __typename: 'PlaylistItemsPage', items, pagingInfo: { offset: 0, limit: 100 }, totalCount: items.length },
      },
    },
    extensions: {},
  };
}

function audioARoutes(): Route[] {
  return [
    { host: 'open.spotify.com', path: /^\/embed\//, response: { headers: HTML, body: embedPage() } },
    {
      host: 'api-partner.spotify.com',
      path: '/pathfinder/v1/query',
      response: (req) => {
        const uri = (JSON.parse(req.query.get('variables') ?? '{}') as { uri?: string }).uri;
        if (req.query.get('operationName') === 'queryShowMetadataV2') {
          return uri === `spotify:show:${WRITTEN_DATA.podcastId}` ? json(podcastAnswer()) : demoMiss(req);
        }
        if (req.query.get('operationName') === 'fetchPlaylist') {
          return uri === `spotify:playlist:${WRITTEN_DATA.playlistId}` ? json(playlistAnswer()) : demoMiss(req);
        }
        return json({ errors: [{ message: 'PersistedQueryNotFound' }] }, 400);
      },
    },
  ];
}

// --- audio-c (SoundCloud) -------------------------------------------------------------------
const SC_CLIENT_ID = 'dEm0C1ientIdF0rTheOff1ineDem0000';

function audioCRoutes(): Route[] {
  const handle = WRITTEN_DATA.audioCHandle;
  const home = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>SoundCloud - Hear the world’s sounds</title></head><body><div id="app"></div>
<script>window.__sc_hydration = ${JSON.stringify([
    { hydratable: 'apiClient', data: { id: SC_CLIENT_ID, isExpiring: false } },
    { hydratable: 'features', data: { features: [] } },
  ])};</script>
<script crossorigin src="https://a-v2.sndcdn.com/assets/0-demo0001.js"></script></body></html>`;
  const user = {
    avatar_url: 'https://i1.sndcdn.com/avatars-000demo0001-rmbeats-large.jpg',
    city: 'Kochi',
    comments_count: 14,
    country_code: 'IN',
    created_at: '2019-06-02T18:20:11Z',
    creator_subscriptions: [{ product: { id: 'free' } }],
    creator_subscription: { product: { id: 'free' } },
    description: 'Lo-fi beats I make while the rice cooks. Recipes: ravimenoncooks.com',
    followers_count: 3120,
    followings_count: 87,
    first_name: 'Ravi',
    full_name: 'Ravi Menon',
    groups_count: 0,
    id: 900_000_101,
    kind: 'user',
    last_modified: '2025-02-27T08:14:55Z',
    last_name: 'Menon',
    likes_count: 402,
    playlist_likes_count: 12,
    permalink: handle,
    permalink_url: `https://soundcloud.com/${handle}`,
    playlist_count: 3,
    reposts_count: null,
    track_count: 24,
    uri: 'https://api.soundcloud.com/users/900000101',
    urn: 'soundcloud:users:900000101',
    username: 'Ravi Menon Beats',
    verified: false,
    visuals: {
      urn: 'soundcloud:users:900000101',
      enabled: true,
      visuals: [
        { urn: 'soundcloud:visuals:demo0001', entry_time: 0, visual_url: 'https://i1.sndcdn.com/visuals-000demo0001-original.jpg' },
      ],
      tracking: null,
    },
    badges: { pro: false, creator_mid_tier: false, pro_unlimited: false, verified: false },
    station_urn: 'soundcloud:system-playlists:artist-stations:900000101',
    station_permalink: `artist-stations:900000101`,
    date_of_birth: null,
  };
  return [
    { host: 'soundcloud.com', path: '/', response: { headers: HTML, body: home } },
    {
      host: 'api-v2.soundcloud.com',
      path: '/resolve',
      response: (req) => (req.query.get('url')?.toLowerCase() === `https://soundcloud.com/${handle}` ? json(user) : demoMiss(req)),
    },
  ];
}

// --- microblog-a (Truth Social, a Mastodon API) ---------------------------------------------
function microblogARoutes(): Route[] {
  const handle = WRITTEN_DATA.microblogAHandle;
  const account = {
    id: '109000000000000101',
    username: handle,
    acct: handle,
    display_name: 'Harbour City Weather',
    locked: false,
    bot: false,
    discoverable: true,
    group: false,
    created_at: '2022-04-11T00:00:00.000Z',
    note: '<p>Forecasts and storm warnings for Harbour City, twice a day.</p>',
    url: `https://truthsocial.com/@${handle}`,
    avatar: 'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/avatars/109/000/000/000/000/101/original/demo.png',
    avatar_static:
      'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/avatars/109/000/000/000/000/101/original/demo.png',
    header: 'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/headers/109/000/000/000/000/101/original/demo.jpg',
    header_static:
      'https://static-assets-1.truthsocial.com/tmtg:prime-ts-assets/accounts/headers/109/000/000/000/000/101/original/demo.jpg',
    followers_count: 18_240,
    following_count: 12,
    statuses_count: 3_907,
    last_status_at: '2025-03-06',
    verified: false,
    location: 'Harbour City',
    website: 'https://harbourweather.example.org',
    unauth_visibility: true,
    chats_onboarded: true,
    feeds_onboarded: true,
    accepting_messages: false,
    show_nonmember_group_statuses: null,
    emojis: [],
    fields: [],
    tv_onboarded: false,
    tv_account: false,
  };
  const status = {
    id: WRITTEN_DATA.microblogAPostId,
    created_at: '2025-03-06T06:00:00.000Z',
    in_reply_to_id: null,
    quote_id: null,
    in_reply_to_account_id: null,
    sensitive: false,
    spoiler_text: '',
    visibility: 'public',
    language: 'en',
    uri: `https://truthsocial.com/@${handle}/${WRITTEN_DATA.microblogAPostId}`,
    url: `https://truthsocial.com/@${handle}/${WRITTEN_DATA.microblogAPostId}`,
    content: '<p>Morning forecast: sea fog until 10, then sunny spells. High 17°C.<br>Small-craft advisory lifted at noon.</p>',
    account,
    media_attachments: [],
    mentions: [],
    tags: [],
    card: null,
    group: null,
    quote: null,
    in_reply_to: null,
    reblog: null,
    sponsored: false,
    replies_count: 4,
    reblogs_count: 31,
    favourites_count: 208,
    favourited: false,
    reblogged: false,
    muted: false,
    pinned: false,
    bookmarked: false,
    poll: null,
    emojis: [],
  };
  const later = (id: string, createdAt: string, content: string, counts: [number, number, number]) => ({
    ...status,
    id,
    created_at: createdAt,
    uri: `https://truthsocial.com/@${handle}/${id}`,
    url: `https://truthsocial.com/@${handle}/${id}`,
    content,
    replies_count: counts[0],
    reblogs_count: counts[1],
    favourites_count: counts[2],
  });
  const timeline = [
    later(
      '114560000000000003',
      '2025-03-07T06:00:00.000Z',
      '<p>Morning forecast: gusts to 60 km/h by noon. Ferries may be delayed.</p>',
      [9, 88, 412],
    ),
    later('114560000000000002', '2025-03-06T18:00:00.000Z', '<p>Evening update: the fog is back overnight. Low 9°C.</p>', [1, 12, 97]),
    status,
  ];
  return [
    {
      host: 'truthsocial.com',
      path: '/api/v1/accounts/lookup',
      response: (req) =>
        req.query.get('acct')?.toLowerCase() === handle
          ? json({ ...account, bookmarks_onboarded: true, receive_only_follow_mentions: false, pleroma: { accepts_chat_messages: true } })
          : demoMiss(req),
    },
    {
      host: 'truthsocial.com',
      path: /^\/api\/v1\/statuses\/\d+$/,
      response: (req) => (req.path.endsWith(`/${WRITTEN_DATA.microblogAPostId}`) ? json(status) : demoMiss(req)),
    },
    {
      // The account's latest posts: one page, no Link header (the end of the list).
      host: 'truthsocial.com',
      path: `/api/v1/accounts/${account.id}/statuses`,
      response: (req) => (req.query.has('max_id') ? json([]) : json(timeline)),
    },
  ];
}

export function writtenRoutes(): Route[] {
  return [...audioARoutes(), ...audioCRoutes(), ...microblogARoutes()];
}
