/**
 * The audio-a records (api.md "audio-a podcast", "audio-a playlist"; the track, album, episode and
 * artist, which api.md does not list yet, in the same style) as data: the parsers' types,
 * the /openapi.json response schemas and what REST bodies are checked against. Nullable fields:
 * README.md.
 */
import { z } from 'zod';
import { Any, named, NBool, NInt, NNum, NStr, Obj, Str, Strs } from '../records.js';

export const ImageSource = z.strictObject({ url: NStr, width: NInt, height: NInt });
export type ImageSource = z.infer<typeof ImageSource>;

export const PodcastTopic = z.strictObject({ __typename: NStr, title: NStr, uri: NStr });
export type PodcastTopic = z.infer<typeof PodcastTopic>;

export const Podcast = named(
  'AudioAPodcast',
  z.strictObject({
    id: Str,
    uri: Str,
    __typename: NStr,
    name: NStr,
    description: NStr,
    htmlDescription: NStr,
    publisher: z.strictObject({ name: NStr }).nullable(),
    contentType: NStr,
    mediaType: NStr,
    coverArt: z.strictObject({ sources: z.array(ImageSource) }).nullable(),
    /** Upstream `episodesV2.items`: entity wrappers (`entity.data.uri` is the episode's URI). */
    episodesV2: z.array(Obj),
    topics: z.array(PodcastTopic),
    rating: z
      .strictObject({
        averageRating: z.strictObject({ average: NNum, showAverage: NBool, totalRatings: NInt }).nullable(),
        canRate: NBool,
        rating: Any,
      })
      .nullable(),
    playability: z.strictObject({ playable: NBool, reason: NStr, unplayabilityReasons: z.array(Any) }).nullable(),
    sharingInfo: z.strictObject({ shareId: NStr, shareUrl: NStr }).nullable(),
    visualIdentity: Any,
    contentRatingV2: z.strictObject({ labels: Strs }).nullable(),
    consumptionOrderV2: NStr,
    saved: NBool,
    musicAndTalk: NBool,
    showTypes: Strs,
    gatedEntityRelations: z.array(Any),
    accessInfo: Any,
    trailerV2: Any,
  }),
);
export type Podcast = z.infer<typeof Podcast>;

export const PlaylistTrack = z.strictObject({
  /** From the track URI; null for items without a base62 id (local files). */
  id: NStr,
  uri: Str,
  name: NStr,
  albumOfTrack: z.strictObject({ name: NStr, uri: NStr }).nullable(),
  artists: z.array(z.strictObject({ profile: z.strictObject({ name: NStr }), uri: NStr })),
  duration: z.strictObject({ totalMilliseconds: NInt }),
  /** A number (upstream sends a decimal string); null when not shown. */
  playcount: NInt,
});
export type PlaylistTrack = z.infer<typeof PlaylistTrack>;

export const Playlist = named(
  'AudioAPlaylist',
  z.strictObject({
    id: Str,
    uri: Str,
    __typename: NStr,
    name: NStr,
    description: NStr,
    followers: NInt,
    images: z.array(z.strictObject({ sources: z.array(ImageSource) })),
    ownerV2: z.strictObject({ __typename: NStr, name: NStr, uri: NStr, username: NStr }).nullable(),
    tracks: z.array(PlaylistTrack),
    /** Offset of the next page; null on the last page. */
    cursor: NInt,
    totalCount: NInt,
  }),
);
export type Playlist = z.infer<typeof Playlist>;

export const TrackArtist = z.strictObject({
  /** From the artist URI. */
  id: NStr,
  uri: NStr,
  name: NStr,
});
export type TrackArtist = z.infer<typeof TrackArtist>;

/** A track, from its embed page (`props.pageProps.state.data.entity`). */
export const Track = named(
  'AudioATrack',
  z.strictObject({
    id: Str,
    uri: Str,
    name: NStr,
    artists: z.array(TrackArtist),
    /** The embed's `duration` (ms), in the playlist tracks' shape. */
    duration: z.strictObject({ totalMilliseconds: NInt }),
    isExplicit: NBool,
    isPlayable: NBool,
    releaseDate: z.strictObject({ isoString: NStr }).nullable(),
    /** A 30-second preview clip; null when the track has none. */
    audioPreview: z.strictObject({ url: NStr }).nullable(),
    hasVideo: NBool,
    /** The embed's `visualIdentity.image` (`{url, maxWidth, maxHeight}`) as image sources. */
    coverArt: z.strictObject({ sources: z.array(ImageSource) }).nullable(),
    /** The embed's colour sets (`visualIdentity` without its images). */
    visualIdentity: Any,
    relatedEntityUri: NStr,
  }),
);
export type Track = z.infer<typeof Track>;

/** One `trackList` entry of an album's or an artist's embed page (their shared item shape). */
export const EmbedTrack = z.strictObject({
  /** From the track URI. */
  id: NStr,
  uri: Str,
  /** The embed's own id of the entry within its list. */
  uid: NStr,
  title: NStr,
  /** The artists' names as the embed joins them ("A,\u00a0B"). */
  subtitle: NStr,
  /** The embed's `duration` (ms), in the folder's duration shape. */
  duration: z.strictObject({ totalMilliseconds: NInt }),
  isExplicit: NBool,
  isPlayable: NBool,
  /** A 30-second preview clip; null when the track has none. */
  audioPreview: z.strictObject({ url: NStr }).nullable(),
});
export type EmbedTrack = z.infer<typeof EmbedTrack>;

/** An album, from its embed page (`props.pageProps.state.data.entity`). */
export const Album = named(
  'AudioAAlbum',
  z.strictObject({
    id: Str,
    uri: Str,
    name: NStr,
    /** The album's artists as the embed names them (their names joined). */
    subtitle: NStr,
    /** Only when the embed lists them (album embeds name them in `subtitle`): else null. */
    artists: z.array(TrackArtist).nullable(),
    releaseDate: z.strictObject({ isoString: NStr }).nullable(),
    isExplicit: NBool,
    isPlayable: NBool,
    isPreRelease: NBool,
    /** The embed's `visualIdentity.image` (`{url, maxWidth, maxHeight}`) as image sources. */
    coverArt: z.strictObject({ sources: z.array(ImageSource) }).nullable(),
    /** The embed's colour sets (`visualIdentity` without its images). */
    visualIdentity: Any,
    trackList: z.array(EmbedTrack),
  }),
);
export type Album = z.infer<typeof Album>;

/** An artist, from its embed page (`props.pageProps.state.data.entity`). */
export const Artist = named(
  'AudioAArtist',
  z.strictObject({
    id: Str,
    uri: Str,
    name: NStr,
    /** The embed's `visualIdentity.image` (`{url, maxWidth, maxHeight}`) as image sources. */
    coverArt: z.strictObject({ sources: z.array(ImageSource) }).nullable(),
    /** The embed's colour sets (`visualIdentity` without its images). */
    visualIdentity: Any,
    /** The embed's `trackList`: the artist's top tracks, as many as the embed shows. */
    topTracks: z.array(EmbedTrack),
    /** Only when the embed states them; null otherwise (never estimated). */
    followers: NInt,
    monthlyListeners: NInt,
  }),
);
export type Artist = z.infer<typeof Artist>;

/** A podcast episode, from its embed page (`props.pageProps.state.data.entity`). */
export const Episode = named(
  'AudioAEpisode',
  z.strictObject({
    id: Str,
    uri: Str,
    name: NStr,
    /** The episode's show: the embed's `subtitle` (its name), `relatedEntityUri` and `relatedEntityCoverArt`. */
    show: z.strictObject({
      /** From the show URI. */
      id: NStr,
      uri: NStr,
      name: NStr,
      /** The embed's `relatedEntityCoverArt` (`{url, maxWidth, maxHeight}`) as image sources; null when absent. */
      coverArt: z.strictObject({ sources: z.array(ImageSource) }).nullable(),
    }),
    /** Only when the embed states one (the episode embeds seen state none): else null. */
    description: NStr,
    releaseDate: z.strictObject({ isoString: NStr }).nullable(),
    /** The embed's `duration` (ms), in the folder's duration shape. */
    duration: z.strictObject({ totalMilliseconds: NInt }),
    isExplicit: NBool,
    isPlayable: NBool,
    /** A short preview clip; null when the episode has none. */
    audioPreview: z.strictObject({ url: NStr }).nullable(),
    hasVideo: NBool,
    /** The embed's `visualIdentity.image` (`{url, maxWidth, maxHeight}`) as image sources: the episode's own cover. */
    coverArt: z.strictObject({ sources: z.array(ImageSource) }).nullable(),
    /** The embed's colour sets (`visualIdentity` without its images). */
    visualIdentity: Any,
  }),
);
export type Episode = z.infer<typeof Episode>;
