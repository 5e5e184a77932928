/**
 * The audio-c records as data — the artist (api.md "audio-c artist") and the set (playlist, album,
 * EP…), which api.md does not list: its fields are SoundCloud's own names — the parsers' types,
 * the /openapi.json response schemas and what REST bodies are checked against. Nullable fields:
 * README.md.
 */
import { z } from 'zod';
import { Any, Int, named, NBool, NInt, NStr } from '../records.js';

export const AudioCProduct = z.strictObject({ product: z.strictObject({ id: NStr }).nullable() });
export type AudioCProduct = z.infer<typeof AudioCProduct>;

export const AudioCVisual = z.strictObject({ urn: NStr, entry_time: NInt, visual_url: NStr });
export type AudioCVisual = z.infer<typeof AudioCVisual>;

export const AudioCVisuals = z.strictObject({ urn: NStr, enabled: NBool, visuals: z.array(AudioCVisual), tracking: Any });
export type AudioCVisuals = z.infer<typeof AudioCVisuals>;

export const AudioCBadges = z.strictObject({ pro: NBool, creator_mid_tier: NBool, pro_unlimited: NBool, verified: NBool });
export type AudioCBadges = z.infer<typeof AudioCBadges>;

export const AudioCArtist = named(
  'AudioCArtist',
  z.strictObject({
    id: Int,
    kind: NStr,
    urn: NStr,
    uri: NStr,
    permalink: NStr,
    permalink_url: NStr,
    username: NStr,
    first_name: NStr,
    last_name: NStr,
    full_name: NStr,
    description: NStr,
    avatar_url: NStr,
    city: NStr,
    country_code: NStr,
    followers_count: NInt,
    followings_count: NInt,
    track_count: NInt,
    playlist_count: NInt,
    playlist_likes_count: NInt,
    likes_count: NInt,
    comments_count: NInt,
    groups_count: NInt,
    reposts_count: NInt,
    verified: NBool,
    created_at: NStr,
    last_modified: NStr,
    /** Null on every capture; passed through as given when SoundCloud sends a value. */
    date_of_birth: Any,
    creator_subscription: AudioCProduct.nullable(),
    creator_subscriptions: z.array(AudioCProduct),
    visuals: AudioCVisuals.nullable(),
    badges: AudioCBadges.nullable(),
    station_urn: NStr,
    station_permalink: NStr,
  }),
);
export type AudioCArtist = z.infer<typeof AudioCArtist>;

/** A track's uploader as a set page gives it on a full track object (a compact user). */
export const AudioCUserSummary = z.strictObject({
  id: Int,
  permalink: NStr,
  permalink_url: NStr,
  username: NStr,
  avatar_url: NStr,
  verified: NBool,
});
export type AudioCUserSummary = z.infer<typeof AudioCUserSummary>;

/**
 * One track of a set. `stub`: the page carried only the track's id (SoundCloud embeds full track
 * objects for the first few tracks and `{id, kind, …}` for the rest): every other field is then
 * null because it is unknown here, not because SoundCloud left it empty.
 */
export const AudioCPlaylistTrack = z.strictObject({
  id: Int,
  stub: z.boolean(),
  title: NStr,
  permalink: NStr,
  permalink_url: NStr,
  artwork_url: NStr,
  genre: NStr,
  duration: NInt,
  playback_count: NInt,
  likes_count: NInt,
  reposts_count: NInt,
  comment_count: NInt,
  created_at: NStr,
  user: AudioCUserSummary.nullable(),
});
export type AudioCPlaylistTrack = z.infer<typeof AudioCPlaylistTrack>;

/** A set (playlist, album, EP…) from its page's `playlist` hydratable; its creator as the artist record. */
export const AudioCPlaylist = named(
  'AudioCPlaylist',
  z.strictObject({
    id: Int,
    kind: NStr,
    permalink: NStr,
    permalink_url: NStr,
    uri: NStr,
    title: NStr,
    description: NStr,
    set_type: NStr,
    is_album: NBool,
    genre: NStr,
    tag_list: NStr,
    label_name: NStr,
    license: NStr,
    sharing: NStr,
    duration: NInt,
    track_count: NInt,
    likes_count: NInt,
    reposts_count: NInt,
    artwork_url: NStr,
    created_at: NStr,
    published_at: NStr,
    release_date: NStr,
    display_date: NStr,
    last_modified: NStr,
    user: AudioCArtist.nullable(),
    tracks: z.array(AudioCPlaylistTrack),
  }),
);
export type AudioCPlaylist = z.infer<typeof AudioCPlaylist>;

/**
 * A track's publisher metadata as SoundCloud gives it (rights holders' releases; the keys present
 * vary from track to track: one absent is null). Its `id`/`urn` repeat the track's and are dropped.
 */
export const AudioCPublisherMetadata = z.strictObject({
  artist: NStr,
  album_title: NStr,
  release_title: NStr,
  contains_music: NBool,
  explicit: NBool,
  publisher: NStr,
  writer_composer: NStr,
  isrc: NStr,
  iswc: NStr,
  upc_or_ean: NStr,
  p_line: NStr,
  p_line_for_display: NStr,
  c_line: NStr,
  c_line_for_display: NStr,
});
export type AudioCPublisherMetadata = z.infer<typeof AudioCPublisherMetadata>;

/** A track's uploader: the compact user object a track carries. */
export const AudioCTrackUser = z.strictObject({
  id: Int,
  urn: NStr,
  permalink: NStr,
  permalink_url: NStr,
  username: NStr,
  full_name: NStr,
  avatar_url: NStr,
  city: NStr,
  country_code: NStr,
  verified: NBool,
  followers_count: NInt,
});
export type AudioCTrackUser = z.infer<typeof AudioCTrackUser>;

/** One track (api-v2's track object: `resolve` of a track URL, an item of a user's tracks), SoundCloud's names. */
export const AudioCTrack = named(
  'AudioCTrack',
  z.strictObject({
    id: Int,
    kind: NStr,
    urn: NStr,
    title: NStr,
    permalink: NStr,
    permalink_url: NStr,
    description: NStr,
    genre: NStr,
    tag_list: NStr,
    duration: NInt,
    full_duration: NInt,
    created_at: NStr,
    last_modified: NStr,
    release_date: NStr,
    display_date: NStr,
    playback_count: NInt,
    likes_count: NInt,
    reposts_count: NInt,
    comment_count: NInt,
    download_count: NInt,
    commentable: NBool,
    downloadable: NBool,
    streamable: NBool,
    sharing: NStr,
    policy: NStr,
    monetization_model: NStr,
    license: NStr,
    artwork_url: NStr,
    waveform_url: NStr,
    label_name: NStr,
    publisher_metadata: AudioCPublisherMetadata.nullable(),
    user: AudioCTrackUser.nullable(),
  }),
);
export type AudioCTrack = z.infer<typeof AudioCTrack>;

/** One page of an artist's public tracks, newest first, and our cursor for the next (null on the last). */
export const AudioCArtistTracks = named(
  'AudioCArtistTracks',
  z.strictObject({
    tracks: z.array(AudioCTrack),
    cursor: NStr,
  }),
);
export type AudioCArtistTracks = z.infer<typeof AudioCArtistTracks>;
