/**
 * GraphQL types and root fields for audio-a (Spotify). Idiomatic names over the api.md wire
 * records, plus `json` carrying the whole wire record (what REST returns). Play counts exceed
 * GraphQL's 32-bit Int (the 2026 capture has 2,695,221,420), so they are Float.
 */
import type { ObjectRef } from '@pothos/core';
import { builder } from '../../graphql/builder.js';
import { str } from '../../parse/index.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { Album, Artist, EmbedTrack, Episode, ImageSource, Playlist, PlaylistTrack, Podcast, PodcastTopic, Track } from './parse.js';
import { album, artist, episode, playlist, podcast, track } from './platform.js';
import type { Fields, Ref } from '../../graphql/fields.js';
/**
 * Fields several of these types carry, each declared once (src/graphql/fields.ts): the embed's
 * nested members flattened, their wire path in `extensions.wire`.
 */
const durationMsField = (t: Fields<{ duration: { totalMilliseconds: number | null } }>) =>
  t.int({
    description: 'duration.totalMilliseconds on the wire',
    extensions: { wire: 'duration.totalMilliseconds' },
    resolve: (x) => x.duration.totalMilliseconds,
  });
const releaseDateField = (t: Fields<{ releaseDate: { isoString: string | null } | null }>) =>
  t.string({
    description: 'releaseDate.isoString on the wire (ISO 8601)',
    extensions: { wire: 'releaseDate.isoString' },
    resolve: (x) => x.releaseDate?.isoString ?? null,
  });
const previewUrlField = (t: Fields<{ audioPreview: { url: string | null } | null }>, what: string) =>
  t.string({
    description: `audioPreview.url on the wire: a short preview clip, null when the ${what} has none`,
    extensions: { wire: 'audioPreview.url' },
    resolve: (x) => x.audioPreview?.url ?? null,
  });
const coverArtField = (t: Fields<{ coverArt: { sources: ImageSource[] } | null }>, ImageSourceRef: Ref<ImageSource>) =>
  t.field({
    type: [ImageSourceRef],
    nullable: false,
    extensions: { wire: 'coverArt.sources' },
    resolve: (x) => x.coverArt?.sources ?? [],
  });

/** Declares audio-a's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : null);

export function audioAGraphql(): void {
  const ImageSourceRef = builder.objectRef<ImageSource>('AudioAImageSource').implement({
    fields: (t) => ({
      url: t.exposeString('url'),
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
    }),
  });

  const ImageRef = builder.objectRef<{ sources: ImageSource[] }>('AudioAImage').implement({
    fields: (t) => ({
      sources: t.expose('sources', { type: [ImageSourceRef], nullable: false }),
    }),
  });

  // ---------------------------------------------------------------------------------------------
  // Podcast
  // ---------------------------------------------------------------------------------------------

  const PublisherRef = builder.objectRef<{ name: string | null }>('AudioAPodcastPublisher').implement({
    fields: (t) => ({ name: t.exposeString('name') }),
  });

  /** An `episodesV2` entry: an entity wrapper (`entity.data`) around the episode's URI. */
  const episodeData = (e: Obj): Obj => obj(obj(e.entity)?.data) ?? {};

  const EpisodeRef = builder.objectRef<Obj>('AudioAPodcastEpisode').implement({
    description: 'An episode reference of a podcast (the show query names episodes by URI only)',
    fields: (t) => ({
      uri: t.string({ resolve: (e) => str(episodeData(e).uri) }),
      typename: t.string({ description: 'Upstream __typename of the entity (Episode)', resolve: (e) => str(episodeData(e).__typename) }),
    }),
  });

  const TopicRef = builder.objectRef<PodcastTopic>('AudioAPodcastTopic').implement({
    fields: (t) => ({
      typename: t.exposeString('__typename'),
      title: t.exposeString('title'),
      uri: t.exposeString('uri'),
    }),
  });

  const RatingRef = builder.objectRef<NonNullable<Podcast['rating']>>('AudioAPodcastRating').implement({
    // `rating`: the caller's own rating (always null without a login).
    extensions: { jsonOnly: ['rating'] },
    fields: (t) => ({
      average: t.float({ extensions: { wire: 'averageRating.average' }, resolve: (r) => r.averageRating?.average ?? null }),
      showAverage: t.boolean({ extensions: { wire: 'averageRating.showAverage' }, resolve: (r) => r.averageRating?.showAverage ?? null }),
      totalRatings: t.int({ extensions: { wire: 'averageRating.totalRatings' }, resolve: (r) => r.averageRating?.totalRatings ?? null }),
      canRate: t.exposeBoolean('canRate'),
    }),
  });

  const PlayabilityRef = builder.objectRef<NonNullable<Podcast['playability']>>('AudioAPlayability').implement({
    extensions: { jsonOnly: ['unplayabilityReasons'] },
    fields: (t) => ({
      playable: t.exposeBoolean('playable'),
      reason: t.exposeString('reason'),
    }),
  });

  const SharingInfoRef = builder.objectRef<NonNullable<Podcast['sharingInfo']>>('AudioASharingInfo').implement({
    fields: (t) => ({
      shareId: t.exposeString('shareId'),
      shareUrl: t.exposeString('shareUrl'),
    }),
  });

  const PodcastRef = builder.objectRef<Podcast>('AudioAPodcast').implement({
    // Upstream objects the typed view leaves to `json`: the show's colours, access gates and trailer.
    extensions: { jsonOnly: ['visualIdentity', 'gatedEntityRelations', 'accessInfo', 'trailerV2'] },
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      uri: t.exposeString('uri', { nullable: false }),
      typename: t.exposeString('__typename', { description: 'Upstream __typename (Podcast)' }),
      name: t.exposeString('name'),
      description: t.exposeString('description'),
      htmlDescription: t.exposeString('htmlDescription'),
      publisher: t.expose('publisher', { type: PublisherRef }),
      contentType: t.exposeString('contentType'),
      mediaType: t.exposeString('mediaType'),
      coverArt: coverArtField(t, ImageSourceRef),
      episodes: t.field({
        type: [EpisodeRef],
        nullable: false,
        description: 'episodesV2 on the wire',
        extensions: { wire: 'episodesV2' },
        resolve: (p) => p.episodesV2,
      }),
      topics: t.expose('topics', { type: [TopicRef], nullable: false }),
      rating: t.expose('rating', { type: RatingRef }),
      playability: t.expose('playability', { type: PlayabilityRef }),
      sharingInfo: t.expose('sharingInfo', { type: SharingInfoRef }),
      contentRatingLabels: t.stringList({
        nullable: false,
        description: 'contentRatingV2.labels on the wire',
        extensions: { wire: 'contentRatingV2.labels' },
        resolve: (p) => p.contentRatingV2?.labels ?? [],
      }),
      consumptionOrder: t.exposeString('consumptionOrderV2'),
      saved: t.exposeBoolean('saved'),
      musicAndTalk: t.exposeBoolean('musicAndTalk'),
      showTypes: t.exposeStringList('showTypes', { nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const TrackArtistRef = builder.objectRef<Track['artists'][number]>('AudioATrackArtist').implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      uri: t.exposeString('uri'),
      name: t.exposeString('name'),
    }),
  });

  operationField(podcast, PodcastRef);
  playlistGraphql(ImageRef);
  trackGraphql(ImageSourceRef, TrackArtistRef);
  albumArtistGraphql(ImageSourceRef, TrackArtistRef);
  episodeGraphql(ImageSourceRef);
}

/** audioAPlaylist and its types. */
function playlistGraphql(ImageRef: ObjectRef<any, { sources: ImageSource[] }>): void {
  // ---------------------------------------------------------------------------------------------
  // Playlist
  // ---------------------------------------------------------------------------------------------

  const OwnerRef = builder.objectRef<NonNullable<Playlist['ownerV2']>>('AudioAPlaylistOwner').implement({
    fields: (t) => ({
      typename: t.exposeString('__typename'),
      name: t.exposeString('name'),
      uri: t.exposeString('uri'),
      username: t.exposeString('username'),
    }),
  });

  const AlbumRef = builder.objectRef<NonNullable<PlaylistTrack['albumOfTrack']>>('AudioAAlbumRef').implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      uri: t.exposeString('uri'),
    }),
  });

  const ArtistRef = builder.objectRef<PlaylistTrack['artists'][number]>('AudioAArtistRef').implement({
    fields: (t) => ({
      name: t.string({ description: 'profile.name on the wire', extensions: { wire: 'profile.name' }, resolve: (a) => a.profile.name }),
      uri: t.exposeString('uri'),
    }),
  });

  const TrackRef = builder.objectRef<PlaylistTrack>('AudioAPlaylistTrack').implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      uri: t.exposeString('uri', { nullable: false }),
      name: t.exposeString('name'),
      album: t.expose('albumOfTrack', { type: AlbumRef, description: 'albumOfTrack on the wire' }),
      artists: t.expose('artists', { type: [ArtistRef], nullable: false }),
      durationMs: durationMsField(t),
      playcount: t.exposeFloat('playcount', { description: 'Play count (a number even where upstream sends a string)' }),
    }),
  });

  const PlaylistRef = builder.objectRef<Playlist>('AudioAPlaylist').implement({
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      uri: t.exposeString('uri', { nullable: false }),
      typename: t.exposeString('__typename', { description: 'Upstream __typename (Playlist)' }),
      name: t.exposeString('name'),
      description: t.exposeString('description'),
      followers: t.exposeInt('followers'),
      images: t.expose('images', { type: [ImageRef], nullable: false }),
      owner: t.expose('ownerV2', { type: OwnerRef, description: 'ownerV2 on the wire' }),
      tracks: t.expose('tracks', { type: [TrackRef], nullable: false }),
      cursor: t.exposeInt('cursor', { description: 'Pass as `cursor` to fetch the next page; null on the last page' }),
      totalCount: t.exposeInt('totalCount', { description: 'Number of items in the whole playlist' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(playlist, PlaylistRef);
}

/** audioATrack and its types. */
function trackGraphql(ImageSourceRef: ObjectRef<any, ImageSource>, ArtistRef: ObjectRef<any, Track['artists'][number]>): void {
  const TrackRef = builder.objectRef<Track>('AudioATrack').implement({
    // The embed's colour sets are left to `json`, as the podcast's are.
    extensions: { jsonOnly: ['visualIdentity'] },
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      uri: t.exposeString('uri', { nullable: false }),
      name: t.exposeString('name'),
      artists: t.expose('artists', { type: [ArtistRef], nullable: false }),
      durationMs: durationMsField(t),
      isExplicit: t.exposeBoolean('isExplicit'),
      isPlayable: t.exposeBoolean('isPlayable'),
      releaseDate: releaseDateField(t),
      previewUrl: previewUrlField(t, 'track'),
      hasVideo: t.exposeBoolean('hasVideo'),
      coverArt: coverArtField(t, ImageSourceRef),
      relatedEntityUri: t.exposeString('relatedEntityUri'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(track, TrackRef);
}

/** audioAAlbum, audioAArtist and the track-list entry they share. */
function albumArtistGraphql(ImageSourceRef: ObjectRef<any, ImageSource>, ArtistRef: ObjectRef<any, Track['artists'][number]>): void {
  const EntryRef = builder.objectRef<EmbedTrack>('AudioAEmbedTrack').implement({
    description: 'A track-list entry of an album or artist embed page',
    fields: (t) => ({
      id: t.exposeString('id'),
      uri: t.exposeString('uri', { nullable: false }),
      uid: t.exposeString('uid'),
      title: t.exposeString('title'),
      subtitle: t.exposeString('subtitle', { description: 'The artists’ names as the embed joins them' }),
      durationMs: durationMsField(t),
      isExplicit: t.exposeBoolean('isExplicit'),
      isPlayable: t.exposeBoolean('isPlayable'),
      previewUrl: previewUrlField(t, 'track'),
    }),
  });

  const AlbumRef = builder.objectRef<Album>('AudioAAlbum').implement({
    // The embed's colour sets are left to `json`, as the track's are.
    extensions: { jsonOnly: ['visualIdentity'] },
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      uri: t.exposeString('uri', { nullable: false }),
      name: t.exposeString('name'),
      subtitle: t.exposeString('subtitle', { description: 'The album’s artists as the embed names them' }),
      artists: t.expose('artists', {
        type: [ArtistRef],
        nullable: true,
        description: 'Null when the embed lists none (it names them in subtitle)',
      }),
      releaseDate: releaseDateField(t),
      isExplicit: t.exposeBoolean('isExplicit'),
      isPlayable: t.exposeBoolean('isPlayable'),
      isPreRelease: t.exposeBoolean('isPreRelease'),
      coverArt: coverArtField(t, ImageSourceRef),
      trackList: t.expose('trackList', { type: [EntryRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const ArtistPageRef = builder.objectRef<Artist>('AudioAArtist').implement({
    extensions: { jsonOnly: ['visualIdentity'] },
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      uri: t.exposeString('uri', { nullable: false }),
      name: t.exposeString('name'),
      coverArt: coverArtField(t, ImageSourceRef),
      topTracks: t.expose('topTracks', { type: [EntryRef], nullable: false }),
      followers: t.exposeInt('followers', { description: 'Null unless the embed states it' }),
      monthlyListeners: t.exposeInt('monthlyListeners', { description: 'Null unless the embed states it' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(album, AlbumRef);
  operationField(artist, ArtistPageRef);
}

/** audioAEpisode and its show. */
function episodeGraphql(ImageSourceRef: ObjectRef<any, ImageSource>): void {
  const ShowRef = builder.objectRef<Episode['show']>('AudioAEpisodeShow').implement({
    description: 'The show of an episode, as its embed names it',
    fields: (t) => ({
      id: t.exposeString('id'),
      uri: t.exposeString('uri'),
      name: t.exposeString('name'),
      coverArt: coverArtField(t, ImageSourceRef),
    }),
  });

  const EpisodeRef = builder.objectRef<Episode>('AudioAEpisode').implement({
    // The embed's colour sets are left to `json`, as the track's are.
    extensions: { jsonOnly: ['visualIdentity'] },
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false }),
      uri: t.exposeString('uri', { nullable: false }),
      name: t.exposeString('name'),
      show: t.expose('show', { type: ShowRef, nullable: false }),
      description: t.exposeString('description', { description: 'Null unless the embed states one' }),
      releaseDate: releaseDateField(t),
      durationMs: durationMsField(t),
      isExplicit: t.exposeBoolean('isExplicit'),
      isPlayable: t.exposeBoolean('isPlayable'),
      previewUrl: previewUrlField(t, 'episode'),
      hasVideo: t.exposeBoolean('hasVideo'),
      coverArt: coverArtField(t, ImageSourceRef),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(episode, EpisodeRef);
}
