/**
 * The project's own audio-c upstream answers for the parser and end-to-end tests and the demo
 * (demo.ts), written by us in the public shapes of SoundCloud's answers — not captures: every name,
 * id, URL and number is invented.
 *
 * - `ravimenonUser`: an api-v2 user object (the shape of `resolve` for a profile URL, of a page's
 *   `user` hydratable, and of a set's `user`).
 * - `setPage`: a set page, `soundcloud.com/<user>/sets/<slug>`, whose `window.__sc_hydration`
 *   carries `user` and `playlist` entries as the 2023 set page capture does
 *   (../shared/fixtures/audio-c): the playlist object with its creator's full user object, its
 *   first tracks as full track objects (with a compact `user`) and the rest as
 *   `{id, kind, monetization_model, policy}` stubs.
 * - `fullTrack`: api-v2's track object (the full track objects of that capture's playlist: what
 *   `resolve` answers for a track URL, and each item of a user's tracks), `tracksPage`: a page of
 *   `GET /users/<id>/tracks?linked_partitioning=1` (`{collection, next_href, query_urn}`, the
 *   shape SoundCloud's web client pages with).
 */

/** The demo artist's user object (Ravi Menon's beats). */
export function ravimenonUser(handle = 'ravimenonbeats') {
  return {
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
}

/** Who uploaded a track: the compact user object a full track carries. */
export interface TrackOwner {
  id: number;
  permalink: string;
  username: string;
}

/** Release metadata as SoundCloud gives it on a distributed track (its keys vary by track). */
export function publisherMetadata(id: number, artist: string) {
  return {
    id,
    urn: `soundcloud:tracks:${id}`,
    artist,
    album_title: 'Rice Cooker Beats',
    contains_music: true,
    isrc: 'QZDEM2400001',
    explicit: false,
    p_line: 'Ravi Menon',
    p_line_for_display: '℗ Ravi Menon',
  };
}

/** A full track object, as a set page embeds its first tracks and api-v2 answers a track. */
export function fullTrack(
  id: number,
  title: string,
  owner: TrackOwner,
  o: { plays?: number | null; genre?: string; publisher?: Record<string, unknown> | null } = {},
) {
  const permalink = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    artwork_url: `https://i1.sndcdn.com/artworks-${id}-demo-large.jpg`,
    caption: null,
    commentable: true,
    comment_count: 3,
    created_at: '2024-11-02T19:30:00Z',
    description: '',
    downloadable: false,
    download_count: 0,
    duration: 120_000 + (id % 60_000),
    full_duration: 120_000 + (id % 60_000),
    embeddable_by: 'all',
    genre: o.genre ?? 'Lo-fi',
    id,
    kind: 'track',
    label_name: null,
    last_modified: '2024-11-03T08:00:00Z',
    license: 'all-rights-reserved',
    likes_count: 41,
    permalink,
    permalink_url: `https://soundcloud.com/${owner.permalink}/${permalink}`,
    playback_count: o.plays === undefined ? 1830 : o.plays,
    public: true,
    publisher_metadata: o.publisher ?? null,
    release_date: null,
    reposts_count: 5,
    sharing: 'public',
    state: 'finished',
    streamable: true,
    tag_list: '',
    title,
    track_format: 'single-track',
    uri: `https://api.soundcloud.com/tracks/${id}`,
    urn: `soundcloud:tracks:${id}`,
    user_id: owner.id,
    visuals: null,
    waveform_url: `https://wave.sndcdn.com/demo${id}_m.json`,
    display_date: '2024-11-02T19:30:00Z',
    monetization_model: 'NOT_APPLICABLE',
    policy: 'ALLOW',
    user: {
      avatar_url: `https://i1.sndcdn.com/avatars-${owner.id}-demo-large.jpg`,
      first_name: '',
      followers_count: 310,
      full_name: owner.username,
      id: owner.id,
      kind: 'user',
      last_modified: '2024-10-01T00:00:00Z',
      last_name: '',
      permalink: owner.permalink,
      permalink_url: `https://soundcloud.com/${owner.permalink}`,
      uri: `https://api.soundcloud.com/users/${owner.id}`,
      urn: `soundcloud:users:${owner.id}`,
      username: owner.username,
      verified: false,
      city: null,
      country_code: null,
      badges: { pro: false, pro_unlimited: false, verified: false },
      station_urn: `soundcloud:system-playlists:artist-stations:${owner.id}`,
      station_permalink: `artist-stations:${owner.id}`,
    },
  };
}

/** A track the page names by id only. */
export function stubTrack(id: number, policy = 'ALLOW') {
  return { id, kind: 'track', monetization_model: 'NOT_APPLICABLE', policy };
}

export interface PlaylistSample {
  id: number;
  /** The creator's user object (ravimenonUser's shape). */
  user: ReturnType<typeof ravimenonUser>;
  slug: string;
  title: string;
  setType?: string;
  tracks: unknown[];
}

/** The `playlist` hydratable's data (api-v2's playlist object). */
export function playlistObject(p: PlaylistSample) {
  const url = `${p.user.permalink_url}/sets/${p.slug}`;
  const durations = p.tracks.map((t) => (t as { duration?: number }).duration ?? 150_000);
  return {
    artwork_url: `https://i1.sndcdn.com/artworks-set${p.id}-demo-large.jpg`,
    created_at: '2024-11-01T10:00:00Z',
    description: `${p.title}: beats from the kitchen.\n\nFree for non-commercial use.`,
    duration: durations.reduce((a, b) => a + b, 0),
    embeddable_by: 'all',
    genre: 'Lo-fi',
    id: p.id,
    kind: 'playlist',
    label_name: null,
    last_modified: '2025-01-10T12:00:00Z',
    license: 'all-rights-reserved',
    likes_count: 212,
    managed_by_feeds: false,
    permalink: p.slug,
    permalink_url: url,
    public: true,
    purchase_title: null,
    purchase_url: null,
    release_date: '2024-11-08T00:00:00Z',
    reposts_count: 17,
    secret_token: null,
    sharing: 'public',
    tag_list: 'lofi "kitchen beats"',
    title: p.title,
    uri: `https://api.soundcloud.com/playlists/${p.id}`,
    user_id: p.user.id,
    set_type: p.setType ?? 'album',
    is_album: (p.setType ?? 'album') === 'album',
    published_at: '2024-11-08T09:00:00Z',
    display_date: '2024-11-08T09:00:00Z',
    track_count: p.tracks.length,
    url: url.replace('https://soundcloud.com', ''),
    user: p.user,
    tracks: p.tracks,
  };
}

/** A set page: `window.__sc_hydration` with the creator's `user` entry and the `playlist` entry (given as the data to embed). */
export function setPage(playlist: unknown, user: unknown = (playlist as { user?: unknown }).user): string {
  const entries = [
    { hydratable: 'anonymousId', data: '900001-123456-222222-333333' },
    { hydratable: 'features', data: { features: [] } },
    { hydratable: 'user', data: user },
    { hydratable: 'playlist', data: playlist },
  ];
  const title = (playlist as { title?: unknown }).title;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Stream ${String(title)} on SoundCloud</title></head><body><div id="app"></div>
<script>window.__sc_hydration = ${JSON.stringify(entries)};</script>
<script crossorigin src="https://a-v2.sndcdn.com/assets/0-demo0001.js"></script></body></html>`;
}

/** The demo's set: Ravi Menon's "Rice Cooker Beats", three full tracks (one with a guest) and three stubs. */
export const DEMO_SET_SLUG = 'rice-cooker-beats';

export function demoSet(handle = 'ravimenonbeats') {
  const user = ravimenonUser(handle);
  const ravi: TrackOwner = { id: user.id, permalink: handle, username: user.username };
  const guest: TrackOwner = { id: 900_000_202, permalink: 'meeraloops', username: 'Meera Loops' };
  return playlistObject({
    id: 1_900_000_011,
    user,
    slug: DEMO_SET_SLUG,
    title: 'Rice Cooker Beats',
    tracks: [
      fullTrack(1_800_000_001, 'Steam Valve', ravi),
      fullTrack(1_800_000_002, 'Tadka at Midnight', ravi, { plays: 5120 }),
      fullTrack(1_800_000_003, 'Coconut Rain (with Meera Loops)', guest, { plays: null }),
      stubTrack(1_800_000_004),
      stubTrack(1_800_000_005),
      stubTrack(1_800_000_006, 'MONETIZE'),
    ],
  });
}

/** A page of `GET https://api-v2.soundcloud.com/users/<id>/tracks?linked_partitioning=1`; `nextOffset` null on the last. */
export function tracksPage(userId: number, tracks: unknown[], nextOffset: string | null = null) {
  return {
    collection: tracks,
    next_href:
      nextOffset === null
        ? null
        : `https://api-v2.soundcloud.com/users/${userId}/tracks?offset=${encodeURIComponent(nextOffset)}&limit=20&linked_partitioning=1`,
    query_urn: null,
  };
}

/** The demo artist's own tracks, newest first (the first one with release metadata). */
export function demoTracks(handle = 'ravimenonbeats') {
  const user = ravimenonUser(handle);
  const ravi: TrackOwner = { id: user.id, permalink: handle, username: user.username };
  return [
    fullTrack(1_800_000_001, 'Steam Valve', ravi, { publisher: publisherMetadata(1_800_000_001, 'Ravi Menon') }),
    fullTrack(1_800_000_002, 'Tadka at Midnight', ravi, { plays: 5120 }),
    fullTrack(1_800_000_007, 'Pressure Cooker Whistle', ravi, { genre: 'Hip-hop & Rap' }),
  ];
}

/** The demo track's slug (its URL: soundcloud.com/<handle>/steam-valve). */
export const DEMO_TRACK_SLUG = 'steam-valve';
