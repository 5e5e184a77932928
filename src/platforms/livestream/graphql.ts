/**
 * GraphQL types and root fields for livestream (Kick): idiomatic names over the wire records
 * (Kick's own field names), plus `json` carrying the whole wire record (what REST returns).
 * Images, the live session, categories, badges and chat settings are JSON.
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { livestreamChannel, livestreamClips, livestreamVideos } from './operations.js';
import type { LivestreamChannel, LivestreamClip, LivestreamClips, LivestreamVideo, LivestreamVideos } from './schema.js';

type User = NonNullable<LivestreamChannel['user']>;
type VideoFile = NonNullable<LivestreamVideo['video']>;
type ClipAccount = NonNullable<LivestreamClip['channel']>;

/** Declares livestream's GraphQL types and root field on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function livestreamGraphql(): void {
  const UserRef = builder.objectRef<User>('LivestreamUser').implement({
    description: 'The streamer\'s account: bio and the social links they set (as typed: a handle or a URL; "" when cleared)',
    fields: (t) => ({
      id: t.exposeInt('id'),
      username: t.exposeString('username', { description: 'Display spelling of the channel name' }),
      bio: t.exposeString('bio'),
      country: t.exposeString('country'),
      state: t.exposeString('state'),
      city: t.exposeString('city'),
      instagram: t.exposeString('instagram'),
      twitter: t.exposeString('twitter'),
      youtube: t.exposeString('youtube'),
      discord: t.exposeString('discord'),
      tiktok: t.exposeString('tiktok'),
      facebook: t.exposeString('facebook'),
      profilePic: t.exposeString('profile_pic'),
    }),
  });

  const ChannelRef = builder.objectRef<LivestreamChannel>('LivestreamChannel').implement({
    description: 'A Kick channel',
    fields: (t) => ({
      id: t.exposeInt('id', { nullable: false, description: 'Channel id' }),
      userId: t.exposeInt('user_id'),
      slug: t.exposeString('slug', { nullable: false, description: 'The channel address: kick.com/<slug>' }),
      isBanned: t.exposeBoolean('is_banned'),
      vodEnabled: t.exposeBoolean('vod_enabled'),
      subscriptionEnabled: t.exposeBoolean('subscription_enabled'),
      verified: t.exposeBoolean('verified', { description: "Kick's verified badge" }),
      canHost: t.exposeBoolean('can_host'),
      followersCount: t.exposeInt('followers_count'),
      bannerImage: t.expose('banner_image', { type: 'JSON' }),
      offlineBannerImage: t.expose('offline_banner_image', { type: 'JSON' }),
      livestream: t.expose('livestream', {
        type: 'JSON',
        description: 'The live session (`session_title`, `viewer_count`…); null when offline',
      }),
      recentCategories: t.expose('recent_categories', { type: 'JSON' }),
      subscriberBadges: t.expose('subscriber_badges', { type: 'JSON' }),
      user: t.expose('user', { type: UserRef, nullable: true }),
      chatroom: t.expose('chatroom', { type: 'JSON', description: 'Chat settings (`chat_mode`, `slow_mode`…)' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(livestreamChannel, ChannelRef);
  videosGraphql();
  clipsGraphql();
}

function videosGraphql(): void {
  const FileRef = builder.objectRef<VideoFile>('LivestreamVideoFile').implement({
    description: 'The recording of a past broadcast',
    fields: (t) => ({
      id: t.exposeInt('id'),
      uuid: t.exposeString('uuid', { description: 'The video id: its page https://kick.com/<slug>/videos/<uuid>' }),
      views: t.exposeInt('views'),
      liveStreamId: t.exposeInt('live_stream_id'),
      createdAt: t.exposeString('created_at'),
      updatedAt: t.exposeString('updated_at'),
    }),
  });

  const VideoRef = builder.objectRef<LivestreamVideo>('LivestreamVideo').implement({
    description: 'A past broadcast (VOD) of a Kick channel',
    fields: (t) => ({
      id: t.exposeInt('id', {
        description:
          "Livestream (broadcast) id; null from Kick's id-keyed list (2026), which names a broadcast by its video id (`video.uuid`)",
      }),
      slug: t.exposeString('slug'),
      channelId: t.exposeInt('channel_id', { nullable: false }),
      sessionTitle: t.exposeString('session_title'),
      createdAt: t.exposeString('created_at'),
      startTime: t.exposeString('start_time'),
      duration: t.exposeInt('duration', { description: 'Length in milliseconds' }),
      viewerCount: t.exposeInt('viewer_count', { description: 'Viewers when live' }),
      isLive: t.exposeBoolean('is_live'),
      language: t.exposeString('language'),
      isMature: t.exposeBoolean('is_mature'),
      thumbnail: t.expose('thumbnail', { type: 'JSON', description: '`{src, srcset}`' }),
      categories: t.expose('categories', { type: 'JSON' }),
      video: t.expose('video', { type: FileRef, nullable: true }),
      source: t.exposeString('source', { description: "The recording's HLS playlist (m3u8)" }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const VideosRef = builder.objectRef<LivestreamVideos>('LivestreamVideos').implement({
    description: "A Kick channel's past broadcasts",
    fields: (t) => ({
      videos: t.expose('videos', { type: [VideoRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(livestreamVideos, VideosRef);
}

function clipsGraphql(): void {
  const AccountRef = builder.objectRef<ClipAccount>('LivestreamClipAccount').implement({
    description: 'A Kick user or channel as a clip names it',
    fields: (t) => ({
      id: t.exposeInt('id'),
      username: t.exposeString('username'),
      slug: t.exposeString('slug'),
    }),
  });

  const ClipRef = builder.objectRef<LivestreamClip>('LivestreamClip').implement({
    description: 'A clip of a Kick channel',
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: 'Clip id (`clip_…`)' }),
      livestreamId: t.exposeString('livestream_id'),
      categoryId: t.exposeString('category_id'),
      channelId: t.exposeInt('channel_id'),
      userId: t.exposeInt('user_id'),
      title: t.exposeString('title'),
      clipUrl: t.exposeString('clip_url'),
      thumbnailUrl: t.exposeString('thumbnail_url'),
      duration: t.exposeInt('duration', { description: 'Length in seconds' }),
      views: t.exposeInt('views'),
      likes: t.exposeInt('likes'),
      createdAt: t.exposeString('created_at'),
      isMature: t.exposeBoolean('is_mature'),
      category: t.expose('category', { type: 'JSON' }),
      creator: t.expose('creator', { type: AccountRef, nullable: true, description: 'Who made the clip' }),
      channel: t.expose('channel', { type: AccountRef, nullable: true, description: 'The channel clipped' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const ClipsRef = builder.objectRef<LivestreamClips>('LivestreamClips').implement({
    description: "One page of a Kick channel's clips",
    fields: (t) => ({
      clips: t.expose('clips', { type: [ClipRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(livestreamClips, ClipsRef);
}
