/**
 * GraphQL types and root field for video (YouTube): idiomatic names over the api.md wire record,
 * the platform URL fields as a typed list, counts parsed from their texts, and `json` with the
 * whole wire record (what REST returns).
 */
import { builder } from '../../graphql/builder.js';
import type { Fields } from '../../graphql/fields.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { LinkedPlatformUrlRef, platformUrlsOf } from '../../links/graphql.js';
import { parseCount } from '../../parse/counts.js';
import { parseJoinedDate } from './dates.js';
import type { VideoChannel, VideoChannelAvatar, VideoImageSource } from './parse.js';
import { FIXED_KEYS } from './parse.js';
import { channel } from './platform.js';
import type { VideoVideoRecord } from './video.js';
import { videoVideo } from './video.js';
import type { VideoListItem, VideoVideosPage } from './videos.js';
import { videoVideos } from './videos.js';
import type { VideoSearchPage, VideoSearchResult } from './search.js';
import { videoSearch } from './search.js';
import type { VideoTranscript, VideoTranscriptRecord, VideoTranscriptSegment, VideoTranscriptTrack } from './transcript.js';
import { videoTranscript } from './transcript.js';
import type { VideoComment, VideoCommentAuthor, VideoCommentsPage } from './comments.js';
import { videoComments } from './comments.js';
import type { VideoPlaylistInfo, VideoPlaylistOwner, VideoPlaylistPage, VideoPlaylistVideo } from './playlist.js';
import { videoPlaylist } from './playlist.js';
import type { VideoPost, VideoPostAttachment, VideoPostImage, VideoPostPoll, VideoPostsPage } from './posts.js';
import { videoPosts } from './posts.js';

type Video = VideoVideoRecord['video'];
type Of<T extends VideoSearchResult['type']> = Extract<VideoSearchResult, { type: T }>;
type ImageSourceType = ReturnType<typeof channelTypes>;

/** The channel a video or playlist is of: declared once for VideoVideo, VideoSearchVideo and VideoSearchPlaylist. */
function ownerFields(t: Fields<Pick<Of<'playlist'>, 'author' | 'channelId'>>) {
  return {
    author: t.exposeString('author', { description: "The channel's name" }),
    channelId: t.exposeString('channelId', { description: 'UC… id of the channel' }),
  };
}

/** A video as a list shows it: declared once for VideoListItem (a channel tab) and VideoSearchVideo. */
function listedVideoFields(
  t: Fields<Pick<VideoListItem, 'videoId' | 'title' | 'viewCountText' | 'publishedTimeText' | 'lengthText' | 'thumbnails'>>,
  ImageSourceRef: ImageSourceType,
) {
  return {
    videoId: t.exposeString('videoId', { nullable: false, description: 'The 11-character video id' }),
    title: t.exposeString('title'),
    viewCountText: t.exposeString('viewCountText', { description: 'As shown: "4,413 views", "1.2K watching"' }),
    publishedTimeText: t.exposeString('publishedTimeText', { description: 'As shown: "9 days ago"; null for Shorts and upcoming streams' }),
    lengthText: t.exposeString('lengthText', { description: 'As shown: "56:56"; null for Shorts and live streams' }),
    thumbnails: t.expose('thumbnails', { type: [ImageSourceRef], nullable: false }),
    json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (v) => v }),
  };
}

/** VideoChannel (with its avatar) and the channel root field; VideoImageSource for the other records. */
function channelTypes() {
  const ImageSourceRef = builder.objectRef<VideoImageSource>('VideoImageSource').implement({
    fields: (t) => ({
      url: t.exposeString('url', { nullable: false }),
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
    }),
  });

  const AvatarImageRef = builder.objectRef<VideoChannelAvatar['image']>('VideoChannelAvatarImage').implement({
    fields: (t) => ({
      sources: t.field({
        type: [ImageSourceRef],
        nullable: false,
        description: 'Sizes of the same picture, smallest first',
        resolve: (i) => i.sources,
      }),
    }),
  });

  const AvatarRef = builder.objectRef<VideoChannelAvatar>('VideoChannelAvatar').implement({
    description: "The channel's avatar (tracking data as the upstream gives it is in the record's json)",
    fields: (t) => ({
      image: t.field({ type: AvatarImageRef, nullable: false, resolve: (a) => a.image }),
      avatarImageSize: t.string({ description: 'e.g. AVATAR_SIZE_XL', resolve: (a) => a.avatarImageSize }),
    }),
  });

  const ChannelRef = builder.objectRef<VideoChannel>('VideoChannel').implement({
    fields: (t) => ({
      channelId: t.exposeString('channelId', { nullable: false, description: 'UC… channel id' }),
      channel: t.exposeString('channel', { description: 'Channel URL as the platform gives it (its vanity @handle URL when it has one)' }),
      name: t.exposeString('name'),
      avatar: t.expose('avatar', { type: AvatarRef }),
      description: t.exposeString('description'),
      subscriberCount: t.exposeInt('subscriberCount', {
        description: 'Parsed from subscriberCountText (as rounded as the text: 551K → 551000)',
      }),
      subscriberCountText: t.exposeString('subscriberCountText'),
      videoCount: t.int({
        description: 'Parsed from videoCountText',
        extensions: { wire: 'videoCountText' },
        resolve: (c) => parseCount(c.videoCountText),
      }),
      videoCountText: t.exposeString('videoCountText'),
      viewCount: t.float({
        description: 'Parsed from viewCountText (a Float: view counts outgrow 32-bit integers)',
        extensions: { wire: 'viewCountText' },
        resolve: (c) => parseCount(c.viewCountText),
      }),
      viewCountText: t.exposeString('viewCountText'),
      joinedDate: t.string({
        description: 'YYYY-MM-DD, parsed from joinedDateText (English texts only)',
        extensions: { wire: 'joinedDateText' },
        resolve: (c) => parseJoinedDate(c.joinedDateText),
      }),
      joinedDateText: t.exposeString('joinedDateText'),
      tags: t.exposeString('tags', { description: 'Channel keywords, comma-separated' }),
      email: t.exposeString('email', {
        description: "An address the public description lists; the business e-mail behind the platform's captcha is never requested",
      }),
      store: t.exposeString('store', { description: 'The merchandise store among the links' }),
      platformUrls: t.field({
        type: [LinkedPlatformUrlRef],
        nullable: false,
        description: 'One URL per linked platform (on /v1 each is a top-level field named after the platform)',
        resolve: (c) => platformUrlsOf(c as unknown as Record<string, unknown>, FIXED_KEYS),
      }),
      links: t.exposeStringList('links', { nullable: false }),
      country: t.exposeString('country'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (c) => c }),
    }),
  });

  operationField(channel, ChannelRef);
  return ImageSourceRef;
}

/** VideoVideo, its record and the videoVideo root field. */
function videoTypes(): void {
  const CaptionTrackRef = builder.objectRef<Video['captions'][number]>('VideoCaptionTrack').implement({
    fields: (t) => ({
      languageCode: t.exposeString('languageCode', { nullable: false, description: 'en, pt-BR…' }),
      kind: t.exposeString('kind', { description: '"asr" for automatic captions; null for captions someone wrote' }),
      name: t.exposeString('name', { description: 'As YouTube names the track: "English (auto-generated)"' }),
    }),
  });
  const VideoRef = builder.objectRef<Video>('VideoVideo').implement({
    description: 'A video on the video platform',
    fields: (t) => ({
      videoId: t.exposeString('videoId', { nullable: false, description: 'The 11-character video id' }),
      title: t.exposeString('title'),
      description: t.exposeString('description', { description: 'The full description' }),
      lengthSeconds: t.exposeInt('lengthSeconds', { description: 'Duration in seconds (0 for a live stream in progress)' }),
      viewCount: t.exposeFloat('viewCount', { description: 'Exact views (a Float: view counts outgrow 32-bit integers)' }),
      likeCount: t.exposeFloat('likeCount', { description: 'Exact likes; null when hidden or ratings are off' }),
      ...ownerFields(t),
      publishDate: t.exposeString('publishDate', { description: 'ISO 8601 with offset, or a date, as YouTube states it' }),
      category: t.exposeString('category'),
      keywords: t.exposeStringList('keywords', { nullable: false }),
      isLive: t.exposeBoolean('isLive', { nullable: false }),
      captions: t.expose('captions', { type: [CaptionTrackRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (v) => v }),
    }),
  });
  const VideoRecordRef = builder.objectRef<VideoVideoRecord>('VideoVideoRecord').implement({
    fields: (t) => ({
      video: t.expose('video', { type: VideoRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(videoVideo, VideoRecordRef);
}

/** A channel tab's videos: VideoListItem, its page and the videoVideos root field. */
function videosTypes(ImageSourceRef: ImageSourceType) {
  const ListItemRef = builder.objectRef<VideoListItem>('VideoListItem').implement({
    description: 'A video in a list (channel tab)',
    fields: (t) => ({
      ...listedVideoFields(t, ImageSourceRef),
    }),
  });
  const VideosPageRef = builder.objectRef<VideoVideosPage>('VideoVideosPage').implement({
    description: "One page of a channel's videos, Shorts or live streams",
    fields: (t) => ({
      videos: t.expose('videos', { type: [ListItemRef], nullable: false, description: "The tab's videos, in YouTube's order" }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` (same channel and tab) for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(videoVideos, VideosPageRef);
  return ListItemRef;
}

/** Search results (videos, channels, playlists), their page and the videoSearch root field. */
function searchTypes(ImageSourceRef: ImageSourceType): void {
  const SearchVideoRef = builder.objectRef<Of<'video'>>('VideoSearchVideo').implement({
    description: 'A video among search results',
    fields: (t) => ({
      type: t.exposeString('type', { nullable: false, description: '"video"' }),
      ...listedVideoFields(t, ImageSourceRef),
      ...ownerFields(t),
    }),
  });
  const SearchChannelRef = builder.objectRef<Of<'channel'>>('VideoSearchChannel').implement({
    description: 'A channel among search results',
    fields: (t) => ({
      type: t.exposeString('type', { nullable: false, description: '"channel"' }),
      // Nullable in GraphQL (always present) so it selects alongside a video's or playlist's channelId.
      channelId: t.exposeString('channelId', { description: 'UC… id (always present)' }),
      title: t.exposeString('title'),
      handle: t.exposeString('handle', { description: 'Without the @; null for a channel without one' }),
      subscriberCountText: t.exposeString('subscriberCountText', { description: 'As shown: "234k subscribers"' }),
      videoCountText: t.exposeString('videoCountText', { description: 'As shown: "1.2K videos"; null where YouTube shows none' }),
      description: t.exposeString('description', { description: 'The snippet shown' }),
      thumbnails: t.expose('thumbnails', { type: [ImageSourceRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (v) => v }),
    }),
  });
  const SearchPlaylistRef = builder.objectRef<Of<'playlist'>>('VideoSearchPlaylist').implement({
    description: 'A playlist among search results',
    fields: (t) => ({
      type: t.exposeString('type', { nullable: false, description: '"playlist"' }),
      playlistId: t.exposeString('playlistId', { nullable: false }),
      title: t.exposeString('title'),
      videoCountText: t.exposeString('videoCountText', { description: 'As shown: "12 videos"' }),
      ...ownerFields(t),
      thumbnails: t.expose('thumbnails', { type: [ImageSourceRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (v) => v }),
    }),
  });
  const NAMES = { video: 'VideoSearchVideo', channel: 'VideoSearchChannel', playlist: 'VideoSearchPlaylist' } as const;
  const SearchResultRef = builder.unionType('VideoSearchResult', {
    description: 'A search result: a video, a channel or a playlist (its `type`)',
    types: [SearchVideoRef, SearchChannelRef, SearchPlaylistRef],
    resolveType: (r: VideoSearchResult) => NAMES[r.type],
  });
  const SearchPageRef = builder.objectRef<VideoSearchPage>('VideoSearchPage').implement({
    description: 'One page of search results on the video platform',
    fields: (t) => ({
      results: t.field({
        type: [SearchResultRef],
        nullable: false,
        description: "Videos, channels and playlists, in YouTube's order",
        resolve: (p) => p.results,
      }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` (same query and type) for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(videoSearch, SearchPageRef);
}

/** A video's caption tracks and transcript: VideoTranscript, its record and the videoTranscript root field. */
function transcriptTypes(): void {
  const TrackRef = builder.objectRef<VideoTranscriptTrack>('VideoTranscriptTrack').implement({
    description: 'A caption track of a video',
    fields: (t) => ({
      languageCode: t.exposeString('languageCode', { nullable: false, description: 'en, pt-BR, zh-Hant…' }),
      name: t.exposeString('name', { description: 'As YouTube names the track: "English (auto-generated)"' }),
      kind: t.exposeString('kind', { description: '"asr" for automatic captions; null for captions someone wrote' }),
      isAutoGenerated: t.exposeBoolean('isAutoGenerated', { nullable: false }),
      isTranslatable: t.exposeBoolean('isTranslatable', { nullable: false, description: 'YouTube offers machine translations of it' }),
    }),
  });
  const SegmentRef = builder.objectRef<VideoTranscriptSegment>('VideoTranscriptSegment').implement({
    description: 'One timed line of a transcript',
    fields: (t) => ({
      startMs: t.exposeInt('startMs', { nullable: false, description: 'Start, in milliseconds from the beginning of the video' }),
      durationMs: t.exposeInt('durationMs', { description: 'How long the line is shown, in milliseconds' }),
      text: t.exposeString('text', { nullable: false, description: 'The line; a line break where the caption has one' }),
    }),
  });
  const TranscriptRef = builder.objectRef<VideoTranscript>('VideoTranscript').implement({
    description: "A video's caption tracks and the transcript of one",
    fields: (t) => ({
      videoId: t.exposeString('videoId', { nullable: false, description: 'The 11-character video id' }),
      title: t.exposeString('title'),
      channelId: t.exposeString('channelId', { description: 'UC… id of the channel' }),
      tracks: t.expose('tracks', { type: [TrackRef], nullable: false, description: "The video's caption tracks; [] when none" }),
      languageCode: t.exposeString('languageCode', { description: 'The track transcribed; null when no track matched' }),
      isAutoGenerated: t.exposeBoolean('isAutoGenerated', { description: 'Whether the track transcribed is automatic' }),
      segments: t.expose('segments', { type: [SegmentRef], nullable: false, description: 'The timed lines; [] when no track matched' }),
      text: t.exposeString('text', { description: "The segments' texts, one per line; null when no track matched" }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (v) => v }),
    }),
  });
  const RecordRef = builder.objectRef<VideoTranscriptRecord>('VideoTranscriptRecord').implement({
    fields: (t) => ({
      transcript: t.expose('transcript', { type: TranscriptRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(videoTranscript, RecordRef);
}

/** A video's comments: VideoComment, its author, the page and the videoComments root field. */
function commentsTypes(): void {
  const AuthorRef = builder.objectRef<VideoCommentAuthor>('VideoCommentAuthor').implement({
    description: 'Who wrote a comment',
    fields: (t) => ({
      channelId: t.exposeString('channelId', { description: "UC… id of the commenter's channel" }),
      name: t.exposeString('name', { description: 'As shown: "@handle" for most commenters' }),
      handle: t.exposeString('handle', { description: '"@handle" when the shown name is one' }),
      isVerified: t.exposeBoolean('isVerified', { nullable: false }),
      isCreator: t.exposeBoolean('isCreator', { nullable: false, description: "The video's own channel" }),
    }),
  });
  const CommentRef = builder.objectRef<VideoComment>('VideoComment').implement({
    description: 'A top-level comment on a video',
    fields: (t) => ({
      commentId: t.exposeString('commentId', { nullable: false }),
      text: t.exposeString('text'),
      author: t.expose('author', { type: AuthorRef, nullable: false }),
      likeCount: t.exposeInt('likeCount', { description: 'Exact likes (0 when none shown); null for a rounded count' }),
      likeCountText: t.exposeString('likeCountText', { description: 'As shown: "87", "1.2K"' }),
      replyCount: t.exposeInt('replyCount', { description: 'Replies (0 when none); null for a rounded count' }),
      publishedTimeText: t.exposeString('publishedTimeText', { description: 'As shown: "2 years ago"' }),
      isPinned: t.exposeBoolean('isPinned', { nullable: false }),
      isHearted: t.exposeBoolean('isHearted', { description: 'Hearted by the channel; null when the answer does not say' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (v) => v }),
    }),
  });
  const PageRef = builder.objectRef<VideoCommentsPage>('VideoCommentsPage').implement({
    description: "One page of a video's comments",
    fields: (t) => ({
      videoId: t.exposeString('videoId', { nullable: false, description: 'The 11-character video id' }),
      commentsDisabled: t.exposeBoolean('commentsDisabled', { nullable: false, description: 'Comments are turned off' }),
      comments: t.expose('comments', { type: [CommentRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` (same video and sort) for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(videoComments, PageRef);
}

/** A playlist: its header, its videos, the page and the videoPlaylist root field. */
function playlistTypes(ImageSourceRef: ImageSourceType): void {
  const OwnerRef = builder.objectRef<VideoPlaylistOwner>('VideoPlaylistOwner').implement({
    description: 'The channel a playlist is of',
    fields: (t) => ({
      name: t.exposeString('name', { description: "The channel's name" }),
      channelId: t.exposeString('channelId', { description: 'UC… id of the channel' }),
      handle: t.exposeString('handle', { description: 'Without the @; null when the answer names none' }),
    }),
  });
  const InfoRef = builder.objectRef<VideoPlaylistInfo>('VideoPlaylistInfo').implement({
    description: 'A playlist on the video platform',
    fields: (t) => ({
      playlistId: t.exposeString('playlistId', { nullable: false, description: 'PL…, UU…, OLAK5uy_…' }),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
      owner: t.expose('owner', { type: OwnerRef, description: 'Null when the answer names none' }),
      videoCount: t.exposeInt('videoCount', { description: 'Videos, when YouTube shows an exact count; null otherwise' }),
      videoCountText: t.exposeString('videoCountText', { description: 'As shown: "150 videos"' }),
      viewCountText: t.exposeString('viewCountText', { description: 'As shown: "143,206 views"' }),
      lastUpdatedText: t.exposeString('lastUpdatedText', { description: 'As shown: "Last updated on 13 Jan 2026", "Updated 4 days ago"' }),
      privacy: t.exposeString('privacy', { description: 'PUBLIC or UNLISTED; null when the answer does not say' }),
      thumbnails: t.expose('thumbnails', { type: [ImageSourceRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (v) => v }),
    }),
  });
  const ChannelRef = builder.objectRef<VideoPlaylistVideo['channel']>('VideoPlaylistVideoChannel').implement({
    description: "A playlist video's channel",
    fields: (t) => ({
      name: t.exposeString('name', { description: 'As shown ("A and B" for a collaboration)' }),
      channelId: t.exposeString('channelId', { description: 'UC… id; null for collaborations and course items' }),
    }),
  });
  const ItemRef = builder.objectRef<VideoPlaylistVideo>('VideoPlaylistVideo').implement({
    description: 'A video in a playlist',
    fields: (t) => ({
      videoId: t.exposeString('videoId', { nullable: false, description: 'The 11-character video id' }),
      title: t.exposeString('title'),
      index: t.exposeInt('index', { description: 'Position in the playlist, from 1' }),
      lengthSeconds: t.exposeInt('lengthSeconds', { description: 'Duration in seconds' }),
      lengthText: t.exposeString('lengthText', { description: 'As shown: "3:33"' }),
      channel: t.expose('channel', { type: ChannelRef, nullable: false }),
      isPlayable: t.exposeBoolean('isPlayable', { description: 'False for private and deleted videos; null when the answer does not say' }),
      thumbnails: t.expose('thumbnails', { type: [ImageSourceRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (v) => v }),
    }),
  });
  const PageRef = builder.objectRef<VideoPlaylistPage>('VideoPlaylistPage').implement({
    description: 'A playlist on the video platform and one page of its videos',
    fields: (t) => ({
      playlist: t.expose('playlist', { type: InfoRef, description: 'The playlist; null on later pages' }),
      videos: t.expose('videos', { type: [ItemRef], nullable: false, description: "The page's videos, in the playlist's order" }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` (same playlist) for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(videoPlaylist, PageRef);
}

/** A channel's community posts: VideoPost, its attachment, the page and the videoPosts root field. */
function postsTypes(ImageSourceRef: ImageSourceType, ListItemRef: ReturnType<typeof videosTypes>): void {
  const ImageRef = builder.objectRef<VideoPostImage>('VideoPostImage').implement({
    description: "A post's picture",
    fields: (t) => ({
      sources: t.expose('sources', { type: [ImageSourceRef], nullable: false, description: 'Sizes of the same picture' }),
    }),
  });
  const PollRef = builder.objectRef<VideoPostPoll>('VideoPostPoll').implement({
    description: "A poll post's choices",
    fields: (t) => ({
      choices: t.exposeStringList('choices', { nullable: false, description: "The choices' texts, in order" }),
      totalVotesText: t.exposeString('totalVotesText', { description: 'As shown: "1.2K votes"' }),
    }),
  });
  const AttachmentRef = builder.objectRef<VideoPostAttachment>('VideoPostAttachment').implement({
    description: 'What a post carries besides its text',
    fields: (t) => ({
      type: t.exposeString('type', { nullable: false, description: 'image, images, video, poll or none' }),
      images: t.expose('images', { type: [ImageRef], nullable: false, description: 'The pictures of an image / images post' }),
      video: t.expose('video', { type: ListItemRef, description: 'The video a video post shares' }),
      poll: t.expose('poll', { type: PollRef, description: "A poll post's choices" }),
    }),
  });
  const PostRef = builder.objectRef<VideoPost>('VideoPost').implement({
    description: 'A community post of a channel',
    fields: (t) => ({
      postId: t.exposeString('postId', { nullable: false }),
      text: t.exposeString('text', { description: 'Null for a post without text' }),
      publishedTimeText: t.exposeString('publishedTimeText', { description: 'As shown: "2 days ago"' }),
      likeCountText: t.exposeString('likeCountText', { description: 'As shown: "87", "1.2K"' }),
      likeCount: t.exposeInt('likeCount', { description: 'Exact likes (0 when none shown); null for a rounded count' }),
      commentCountText: t.exposeString('commentCountText', { description: 'As the comment button shows it; null when it shows none' }),
      attachment: t.expose('attachment', { type: AttachmentRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (v) => v }),
    }),
  });
  const PageRef = builder.objectRef<VideoPostsPage>('VideoPostsPage').implement({
    description: "One page of a channel's community posts",
    fields: (t) => ({
      hasPostsTab: t.exposeBoolean('hasPostsTab', {
        nullable: false,
        description: 'False when the channel has no Posts tab (no posts, no cursor)',
      }),
      posts: t.expose('posts', { type: [PostRef], nullable: false, description: 'Newest first' }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` (same channel) for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(videoPosts, PageRef);
}

/** Declares video's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function videoGraphql(): void {
  const ImageSourceRef = channelTypes();
  videoTypes();
  const ListItemRef = videosTypes(ImageSourceRef);
  searchTypes(ImageSourceRef);
  transcriptTypes();
  commentsTypes();
  playlistTypes(ImageSourceRef);
  postsTypes(ImageSourceRef, ListItemRef);
}
