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
