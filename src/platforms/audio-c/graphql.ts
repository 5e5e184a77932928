/**
 * GraphQL types and root fields for audio-c (SoundCloud), the artist, the set (playlist), the track
 * and an artist's tracks:
 * idiomatic names over the wire records, plus `json` carrying the whole wire record (what REST
 * returns).
 */
import { builder } from '../../graphql/builder.js';
import type { Ref } from '../../graphql/fields.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type {
  AudioCArtist,
  AudioCArtistTracks,
  AudioCBadges,
  AudioCPublisherMetadata,
  AudioCTrack,
  AudioCTrackUser,
  AudioCPlaylist,
  AudioCPlaylistTrack,
  AudioCProduct,
  AudioCUserSummary,
  AudioCVisual,
  AudioCVisuals,
} from './parse.js';
import { artist, artistTracks, playlist, track } from './platform.js';

/** Declares audio-c's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function audioCGraphql(): void {
  const ProductRef = builder.objectRef<{ id: string | null }>('AudioCProduct').implement({
    fields: (t) => ({ id: t.exposeString('id') }),
  });

  const SubscriptionRef = builder.objectRef<AudioCProduct>('AudioCCreatorSubscription').implement({
    fields: (t) => ({ product: t.expose('product', { type: ProductRef }) }),
  });

  const VisualRef = builder.objectRef<AudioCVisual>('AudioCVisual').implement({
    fields: (t) => ({
      urn: t.exposeString('urn'),
      entryTime: t.exposeInt('entry_time'),
      visualUrl: t.exposeString('visual_url'),
    }),
  });

  const VisualsRef = builder.objectRef<AudioCVisuals>('AudioCVisuals').implement({
    fields: (t) => ({
      urn: t.exposeString('urn'),
      enabled: t.exposeBoolean('enabled'),
      visuals: t.expose('visuals', { type: [VisualRef], nullable: false }),
      tracking: t.field({ type: 'JSON', resolve: (v) => v.tracking }),
    }),
  });

  const BadgesRef = builder.objectRef<AudioCBadges>('AudioCBadges').implement({
    fields: (t) => ({
      pro: t.exposeBoolean('pro'),
      creatorMidTier: t.exposeBoolean('creator_mid_tier'),
      proUnlimited: t.exposeBoolean('pro_unlimited'),
      verified: t.exposeBoolean('verified'),
    }),
  });

  const ArtistRef = builder.objectRef<AudioCArtist>('AudioCArtist').implement({
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric user id' }),
      kind: t.exposeString('kind'),
      urn: t.exposeString('urn'),
      uri: t.exposeString('uri'),
      permalink: t.exposeString('permalink'),
      permalinkUrl: t.exposeString('permalink_url'),
      username: t.exposeString('username', { description: 'Display name' }),
      firstName: t.exposeString('first_name'),
      lastName: t.exposeString('last_name'),
      fullName: t.exposeString('full_name'),
      description: t.exposeString('description'),
      avatarUrl: t.exposeString('avatar_url'),
      city: t.exposeString('city'),
      countryCode: t.exposeString('country_code'),
      followersCount: t.exposeInt('followers_count'),
      followingsCount: t.exposeInt('followings_count'),
      trackCount: t.exposeInt('track_count'),
      playlistCount: t.exposeInt('playlist_count'),
      playlistLikesCount: t.exposeInt('playlist_likes_count'),
      likesCount: t.exposeInt('likes_count'),
      commentsCount: t.exposeInt('comments_count'),
      groupsCount: t.exposeInt('groups_count'),
      repostsCount: t.exposeInt('reposts_count'),
      verified: t.exposeBoolean('verified'),
      createdAt: t.exposeString('created_at'),
      lastModified: t.exposeString('last_modified'),
      dateOfBirth: t.field({ type: 'JSON', resolve: (a) => a.date_of_birth }),
      creatorSubscription: t.expose('creator_subscription', { type: SubscriptionRef }),
      creatorSubscriptions: t.expose('creator_subscriptions', { type: [SubscriptionRef], nullable: false }),
      visuals: t.expose('visuals', { type: VisualsRef }),
      badges: t.expose('badges', { type: BadgesRef }),
      stationUrn: t.exposeString('station_urn'),
      stationPermalink: t.exposeString('station_permalink'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(artist, ArtistRef);
  playlistGraphql(ArtistRef);
  trackGraphql();
}

/** The set record: its own fields, its creator as the artist type, its tracks with a compact user. */
function playlistGraphql(ArtistRef: Ref<AudioCArtist>): void {
  const UserSummaryRef = builder.objectRef<AudioCUserSummary>('AudioCUserSummary').implement({
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric user id' }),
      permalink: t.exposeString('permalink'),
      permalinkUrl: t.exposeString('permalink_url'),
      username: t.exposeString('username', { description: 'Display name' }),
      avatarUrl: t.exposeString('avatar_url'),
      verified: t.exposeBoolean('verified'),
    }),
  });

  const TrackRef = builder.objectRef<AudioCPlaylistTrack>('AudioCPlaylistTrack').implement({
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric track id' }),
      stub: t.exposeBoolean('stub', {
        nullable: false,
        description: 'The page gave only the track id: every other field is null because it is unknown here',
      }),
      title: t.exposeString('title'),
      permalink: t.exposeString('permalink'),
      permalinkUrl: t.exposeString('permalink_url'),
      artworkUrl: t.exposeString('artwork_url'),
      genre: t.exposeString('genre'),
      duration: t.exposeInt('duration', { description: 'Milliseconds' }),
      playbackCount: t.exposeInt('playback_count'),
      likesCount: t.exposeInt('likes_count'),
      repostsCount: t.exposeInt('reposts_count'),
      commentCount: t.exposeInt('comment_count'),
      createdAt: t.exposeString('created_at'),
      user: t.expose('user', { type: UserSummaryRef }),
    }),
  });

  const PlaylistRef = builder.objectRef<AudioCPlaylist>('AudioCPlaylist').implement({
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric playlist id' }),
      kind: t.exposeString('kind'),
      permalink: t.exposeString('permalink'),
      permalinkUrl: t.exposeString('permalink_url'),
      uri: t.exposeString('uri'),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
      setType: t.exposeString('set_type', { description: 'album, ep, single, compilation; "" for a plain playlist' }),
      isAlbum: t.exposeBoolean('is_album'),
      genre: t.exposeString('genre'),
      tagList: t.exposeString('tag_list'),
      labelName: t.exposeString('label_name'),
      license: t.exposeString('license'),
      sharing: t.exposeString('sharing'),
      duration: t.exposeInt('duration', { description: 'Milliseconds' }),
      trackCount: t.exposeInt('track_count'),
      likesCount: t.exposeInt('likes_count'),
      repostsCount: t.exposeInt('reposts_count'),
      artworkUrl: t.exposeString('artwork_url'),
      createdAt: t.exposeString('created_at'),
      publishedAt: t.exposeString('published_at'),
      releaseDate: t.exposeString('release_date'),
      displayDate: t.exposeString('display_date'),
      lastModified: t.exposeString('last_modified'),
      user: t.expose('user', { type: ArtistRef, description: "The set's creator (the artist record)" }),
      tracks: t.expose('tracks', { type: [TrackRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(playlist, PlaylistRef);
}

/** The track record (the track and an artist's tracks): its fields, its publisher metadata, its uploader. */
function trackGraphql(): void {
  const PublisherRef = builder.objectRef<AudioCPublisherMetadata>('AudioCPublisherMetadata').implement({
    fields: (t) => ({
      artist: t.exposeString('artist'),
      albumTitle: t.exposeString('album_title'),
      releaseTitle: t.exposeString('release_title'),
      containsMusic: t.exposeBoolean('contains_music'),
      explicit: t.exposeBoolean('explicit'),
      publisher: t.exposeString('publisher'),
      writerComposer: t.exposeString('writer_composer'),
      isrc: t.exposeString('isrc'),
      iswc: t.exposeString('iswc'),
      upcOrEan: t.exposeString('upc_or_ean'),
      pLine: t.exposeString('p_line'),
      pLineForDisplay: t.exposeString('p_line_for_display'),
      cLine: t.exposeString('c_line'),
      cLineForDisplay: t.exposeString('c_line_for_display'),
    }),
  });

  const TrackUserRef = builder.objectRef<AudioCTrackUser>('AudioCTrackUser').implement({
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric user id' }),
      urn: t.exposeString('urn'),
      permalink: t.exposeString('permalink'),
      permalinkUrl: t.exposeString('permalink_url'),
      username: t.exposeString('username', { description: 'Display name' }),
      fullName: t.exposeString('full_name'),
      avatarUrl: t.exposeString('avatar_url'),
      city: t.exposeString('city'),
      countryCode: t.exposeString('country_code'),
      verified: t.exposeBoolean('verified'),
      followersCount: t.exposeInt('followers_count'),
    }),
  });

  const TrackRef = builder.objectRef<AudioCTrack>('AudioCTrack').implement({
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric track id' }),
      kind: t.exposeString('kind'),
      urn: t.exposeString('urn'),
      title: t.exposeString('title'),
      permalink: t.exposeString('permalink'),
      permalinkUrl: t.exposeString('permalink_url'),
      description: t.exposeString('description'),
      genre: t.exposeString('genre'),
      tagList: t.exposeString('tag_list'),
      duration: t.exposeInt('duration', { description: 'Milliseconds' }),
      fullDuration: t.exposeInt('full_duration', { description: 'Milliseconds' }),
      createdAt: t.exposeString('created_at'),
      lastModified: t.exposeString('last_modified'),
      releaseDate: t.exposeString('release_date'),
      displayDate: t.exposeString('display_date'),
      playbackCount: t.exposeInt('playback_count'),
      likesCount: t.exposeInt('likes_count'),
      repostsCount: t.exposeInt('reposts_count'),
      commentCount: t.exposeInt('comment_count'),
      downloadCount: t.exposeInt('download_count'),
      commentable: t.exposeBoolean('commentable'),
      downloadable: t.exposeBoolean('downloadable'),
      streamable: t.exposeBoolean('streamable'),
      sharing: t.exposeString('sharing'),
      policy: t.exposeString('policy'),
      monetizationModel: t.exposeString('monetization_model'),
      license: t.exposeString('license'),
      artworkUrl: t.exposeString('artwork_url'),
      waveformUrl: t.exposeString('waveform_url'),
      labelName: t.exposeString('label_name'),
      publisherMetadata: t.expose('publisher_metadata', { type: PublisherRef }),
      user: t.expose('user', { type: TrackUserRef, description: 'The uploader' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const ArtistTracksRef = builder.objectRef<AudioCArtistTracks>('AudioCArtistTracks').implement({
    fields: (t) => ({
      tracks: t.expose('tracks', { type: [TrackRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null on the last' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(track, TrackRef);
  operationField(artistTracks, ArtistTracksRef);
}
