/**
 * The audio-b records (api.md "audio-b": artist, album, song, search; and the playlist, all under
 * `data` on /v1) as data:
 * the parsers' types, the /openapi.json response schemas and what REST bodies are checked
 * against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, NBool, NInt, NStr, Str } from '../records.js';

export const SEARCH_TYPES = ['all', 'song', 'album', 'artist', 'playlist', 'station', 'music_video', 'radio_episode'] as const;

export type SearchType = (typeof SEARCH_TYPES)[number];

export const Artwork = z.strictObject({ url: Str, width: NInt, height: NInt });
export type Artwork = z.infer<typeof Artwork>;

export const SongItem = z.strictObject({
  id: Str,
  kind: Str,
  title: NStr,
  artist_name: NStr,
  url: NStr,
  duration_ms: NInt,
});
export type SongItem = z.infer<typeof SongItem>;

export const ArtistAlbum = z.strictObject({
  id: Str,
  kind: Str,
  title: NStr,
  subtitle: NStr,
  track_count: NInt,
  url: NStr,
});
export type ArtistAlbum = z.infer<typeof ArtistAlbum>;

export const Artist = named(
  'AudioBArtist',
  z.strictObject({
    id: Str,
    kind: Str,
    /** Null only when the upstream stops sending it (warned): the id identifies the artist. */
    name: NStr,
    url: NStr,
    artwork: Artwork.nullable(),
    editorial_notes: NStr,
    top_songs: z.array(SongItem),
    albums: z.array(ArtistAlbum),
  }),
);
export type Artist = z.infer<typeof Artist>;

export const Track = z.strictObject({
  /** Null only on the page fallback when the page gives no link for the track. */
  id: NStr,
  kind: Str,
  title: NStr,
  duration_ms: NInt,
  track_number: NInt,
  album_id: Str,
});
export type Track = z.infer<typeof Track>;

export const Album = named(
  'AudioBAlbum',
  z.strictObject({
    id: Str,
    kind: Str,
    /** Null only when the upstream stops sending it (warned): the id identifies the album. */
    title: NStr,
    artist_name: NStr,
    artist_url: NStr,
    url: NStr,
    track_count: NInt,
    release_info: NStr,
    tracks: z.array(Track),
  }),
);
export type Album = z.infer<typeof Album>;

/** An artist a song names (`relationships.artists`): bare ids unless Apple includes its attributes. */
export const SongArtist = z.strictObject({
  id: Str,
  /** Null when the relationship gives the bare id only. */
  name: NStr,
  /** The artist's page: its `url`, else built from its id and storefront. */
  url: NStr,
});
export type SongArtist = z.infer<typeof SongArtist>;

/** One song (`/v1/catalog/<storefront>/songs/<id>`): the album track's fields first, then the song's own. */
export const Song = named(
  'AudioBSong',
  z.strictObject({
    id: Str,
    kind: Str,
    /** Null only when the upstream stops sending it (warned): the id identifies the song. */
    title: NStr,
    duration_ms: NInt,
    track_number: NInt,
    /** Its album (`relationships.albums`, else the `/album/NAME/ALBUM?i=SONG` url); null when neither names one. */
    album_id: NStr,
    album_name: NStr,
    artist_name: NStr,
    url: NStr,
    disc_number: NInt,
    /** `YYYY-MM-DD` as Apple gives it. */
    release_date: NStr,
    isrc: NStr,
    genre_names: z.array(Str),
    composer_name: NStr,
    /** `explicit` or `clean`; null for songs Apple gives no rating. */
    content_rating: NStr,
    /** The first preview clip's URL (`previews[0].url`). */
    preview_url: NStr,
    artwork: Artwork.nullable(),
    artists: z.array(SongArtist),
  }),
);
export type Song = z.infer<typeof Song>;

/** A playlist's description as Apple gives it (`attributes.description`), as plain text. */
export const PlaylistDescription = z.strictObject({ standard: NStr, short: NStr });
export type PlaylistDescription = z.infer<typeof PlaylistDescription>;

/**
 * One page of a public playlist (`/v1/catalog/<storefront>/playlists/<id>`): its attributes under
 * Apple's names (snake_case), its tracks as song records, and our cursor for the next page.
 */
export const Playlist = named(
  'AudioBPlaylist',
  z.strictObject({
    /** `pl.<32 hex>` (catalog) or `pl.u-<…>` (a user's shared playlist). */
    id: Str,
    kind: Str,
    /** Null only when the upstream stops sending it (warned): the id identifies the playlist. */
    name: NStr,
    curator_name: NStr,
    /** Null for playlists without one. */
    description: PlaylistDescription.nullable(),
    /** ISO 8601 (`2025-09-26T06:54:55Z`) as Apple gives it. */
    last_modified_date: NStr,
    /** `editorial`, `external`, `user-shared`, `personal-mix`… as Apple gives it. */
    playlist_type: NStr,
    is_chart: NBool,
    url: NStr,
    artwork: Artwork.nullable(),
    /** This page's tracks (up to 100): songs, and music videos (`kind` music_video). */
    tracks: z.array(Song),
    /** Pass as `cursor` for the next page of tracks; null on the last. */
    cursor: NStr,
  }),
);
export type Playlist = z.infer<typeof Playlist>;

export const Search = named(
  'AudioBSearch',
  z.strictObject({
    query: Str,
    type: z.enum(SEARCH_TYPES),
    results: z.array(SongItem),
  }),
);
export type Search = z.infer<typeof Search>;
