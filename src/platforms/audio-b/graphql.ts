/**
 * GraphQL types and root fields for audio-b (Apple Music): idiomatic names over the api.md wire
 * records, plus `json` carrying the whole wire record (what REST returns under `data`).
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { Fields } from '../../graphql/fields.js';
import type { Album, Artist, ArtistAlbum, Artwork, Playlist, Search, Song, SongArtist, SongItem, Track } from './parse.js';
import type { PlaylistDescription } from './schema.js';
import { album, artist, playlist, search, song } from './platform.js';

/** What an album's track and a song both carry, alike. */
function trackFields(t: Fields<Track | Song>) {
  return {
    kind: t.exposeString('kind', { nullable: false }),
    title: t.exposeString('title'),
    durationMs: t.exposeInt('duration_ms'),
    trackNumber: t.exposeInt('track_number'),
  };
}

/** Declares audio-b's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function audioBGraphql(): void {
  const ArtworkRef = builder.objectRef<Artwork>('AudioBArtwork').implement({
    fields: (t) => ({
      url: t.exposeString('url', { nullable: false, description: 'Image URL at the stated size' }),
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
    }),
  });

  const SongItemRef = builder.objectRef<SongItem>('AudioBSongItem').implement({
    description: 'A song-like item: a top song, or a search result (song, album, artist, playlist, station, music video…)',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      kind: t.exposeString('kind', { nullable: false, description: 'song, album, artist, playlist, station, music_video…' }),
      title: t.exposeString('title'),
      artistName: t.exposeString('artist_name'),
      url: t.exposeString('url'),
      durationMs: t.exposeInt('duration_ms'),
    }),
  });

  const ArtistAlbumRef = builder.objectRef<ArtistAlbum>('AudioBArtistAlbum').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      kind: t.exposeString('kind', { nullable: false }),
      title: t.exposeString('title'),
      subtitle: t.exposeString('subtitle'),
      trackCount: t.exposeInt('track_count'),
      url: t.exposeString('url'),
    }),
  });

  const ArtistRef = builder.objectRef<Artist>('AudioBArtist').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      kind: t.exposeString('kind', { nullable: false }),
      name: t.exposeString('name'),
      url: t.exposeString('url'),
      artwork: t.expose('artwork', { type: ArtworkRef }),
      editorialNotes: t.exposeString('editorial_notes'),
      topSongs: t.expose('top_songs', { type: [SongItemRef], nullable: false }),
      albums: t.expose('albums', { type: [ArtistAlbumRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const TrackRef = builder.objectRef<Track>('AudioBTrack').implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      ...trackFields(t),
      albumId: t.exposeString('album_id', { nullable: false }),
    }),
  });

  const SongArtistRef = builder.objectRef<SongArtist>('AudioBSongArtist').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      name: t.exposeString('name'),
      url: t.exposeString('url'),
    }),
  });

  const SongRef = builder.objectRef<Song>('AudioBSong').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      ...trackFields(t),
      albumId: t.exposeString('album_id'),
      albumName: t.exposeString('album_name'),
      artistName: t.exposeString('artist_name'),
      url: t.exposeString('url'),
      discNumber: t.exposeInt('disc_number'),
      releaseDate: t.exposeString('release_date', { description: 'YYYY-MM-DD' }),
      isrc: t.exposeString('isrc'),
      genreNames: t.exposeStringList('genre_names', { nullable: false }),
      composerName: t.exposeString('composer_name'),
      contentRating: t.exposeString('content_rating', { description: 'explicit or clean; null when Apple gives no rating' }),
      previewUrl: t.exposeString('preview_url'),
      artwork: t.expose('artwork', { type: ArtworkRef }),
      artists: t.expose('artists', { type: [SongArtistRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const PlaylistDescriptionRef = builder.objectRef<PlaylistDescription>('AudioBPlaylistDescription').implement({
    fields: (t) => ({
      standard: t.exposeString('standard'),
      short: t.exposeString('short'),
    }),
  });

  const PlaylistRef = builder.objectRef<Playlist>('AudioBPlaylist').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      kind: t.exposeString('kind', { nullable: false }),
      name: t.exposeString('name'),
      curatorName: t.exposeString('curator_name'),
      description: t.expose('description', { type: PlaylistDescriptionRef }),
      lastModifiedDate: t.exposeString('last_modified_date', { description: 'ISO 8601, as Apple gives it' }),
      playlistType: t.exposeString('playlist_type', { description: 'editorial, external, user-shared, personal-mix… as Apple gives it' }),
      isChart: t.exposeBoolean('is_chart'),
      url: t.exposeString('url'),
      artwork: t.expose('artwork', { type: ArtworkRef }),
      tracks: t.expose('tracks', { type: [SongRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null on the last' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const AlbumRef = builder.objectRef<Album>('AudioBAlbum').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      kind: t.exposeString('kind', { nullable: false }),
      title: t.exposeString('title'),
      artistName: t.exposeString('artist_name'),
      artistUrl: t.exposeString('artist_url'),
      url: t.exposeString('url'),
      trackCount: t.exposeInt('track_count'),
      releaseInfo: t.exposeString('release_info', { description: 'Release date, track count and length, copyright: one per line' }),
      tracks: t.expose('tracks', { type: [TrackRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const SearchRef = builder.objectRef<Search>('AudioBSearch').implement({
    fields: (t) => ({
      query: t.exposeString('query', { nullable: false }),
      type: t.exposeString('type', {
        nullable: false,
        description: 'The result type asked for, as /v1 spells it (all, song, music_video…)',
      }),
      results: t.expose('results', { type: [SongItemRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(artist, ArtistRef);
  operationField(album, AlbumRef);
  operationField(song, SongRef);
  operationField(playlist, PlaylistRef);
  operationField(search, SearchRef);
}
