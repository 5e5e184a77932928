/**
 * livestream (Kick) record as data: the parser's type, the /openapi.json response schema and what
 * REST bodies are checked against. Field names are Kick's own (`/api/v2/channels/<slug>`); the
 * viewer's state (`role`, `muted`, `following`), the short-lived signed `playback_url` and account
 * internals (`email_verified_at`, `agreed_to_terms`) are never part of it. The past broadcasts
 * (`/api/v1/channels/<channel id>/videos`, formerly `/api/v2/channels/<slug>/videos`) and clips (`/api/v2/channels/<slug>/clips`) keep Kick's names
 * too. Nullable fields: README.md.
 */
import { z } from 'zod';
import { Int, named, NBool, NInt, NObj, NStr, Obj, Str } from '../records.js';

export const LivestreamUser = z.strictObject({
  id: NInt,
  username: NStr.describe('Display spelling of the channel name'),
  bio: NStr.describe('Free text'),
  country: NStr,
  state: NStr,
  city: NStr,
  instagram: NStr.describe('As the streamer typed it: a handle or a URL; "" or null when unset'),
  twitter: NStr,
  youtube: NStr,
  discord: NStr,
  tiktok: NStr,
  facebook: NStr,
  profile_pic: NStr,
});

export const LivestreamChannel = named(
  'LivestreamChannel',
  z.strictObject({
    id: Int.describe('Channel id'),
    user_id: NInt,
    slug: Str.describe('The channel address: kick.com/<slug>'),
    is_banned: NBool,
    vod_enabled: NBool,
    subscription_enabled: NBool,
    verified: NBool.describe("Kick's verified badge"),
    can_host: NBool,
    followers_count: NInt,
    banner_image: NObj,
    offline_banner_image: NObj,
    livestream: NObj.describe('The live session (`session_title`, `viewer_count`, `categories`…); null when offline'),
    recent_categories: z.array(Obj),
    subscriber_badges: z.array(Obj),
    user: LivestreamUser.nullable().describe("The streamer's account: bio and the social links they set"),
    chatroom: NObj.describe('Chat settings (`chat_mode`, `slow_mode`…)'),
  }),
  'A Kick channel (/api/v2/channels/<slug>)',
);
export type LivestreamChannel = z.infer<typeof LivestreamChannel>;

/** The recording of a past broadcast (a VOD's `video` object). */
export const LivestreamVideoFile = z.strictObject({
  id: NInt,
  uuid: NStr.describe('The video id: its page https://kick.com/<slug>/videos/<uuid>'),
  views: NInt,
  live_stream_id: NInt,
  created_at: NStr,
  updated_at: NStr,
});

export const LivestreamVideo = named(
  'LivestreamVideo',
  z.strictObject({
    id: NInt.describe(
      "Livestream (broadcast) id; null from Kick's id-keyed list (2026), which names a broadcast by its video id (`video.uuid`)",
    ),
    slug: NStr,
    channel_id: Int.describe("The channel's id: always the asked channel's"),
    session_title: NStr,
    created_at: NStr,
    start_time: NStr,
    duration: NInt.describe('Length in milliseconds'),
    viewer_count: NInt.describe('Viewers when live'),
    is_live: NBool,
    language: NStr,
    is_mature: NBool,
    thumbnail: NObj.describe('`{src, srcset}`'),
    categories: z.array(Obj).describe('`{id, name, slug}`…'),
    video: LivestreamVideoFile.nullable().describe('The recording: `uuid` (its page), `views`'),
    source: NStr.describe("The recording's HLS playlist (m3u8)"),
  }),
  'A past broadcast (VOD) of a Kick channel',
);
export type LivestreamVideo = z.infer<typeof LivestreamVideo>;

export const LivestreamVideos = named(
  'LivestreamVideos',
  z.strictObject({ videos: z.array(LivestreamVideo).describe("The channel's past broadcasts, as Kick lists them (newest first)") }),
  "A Kick channel's past broadcasts (/api/v1/channels/<channel id>/videos)",
);
export type LivestreamVideos = z.infer<typeof LivestreamVideos>;

/** A user or channel as a clip names it. */
export const LivestreamClipAccount = z.strictObject({ id: NInt, username: NStr, slug: NStr });

export const LivestreamClip = named(
  'LivestreamClip',
  z.strictObject({
    id: Str.describe('Clip id (`clip_…`)'),
    livestream_id: NStr.describe('The broadcast it was cut from'),
    category_id: NStr,
    channel_id: NInt.describe("The channel's id: always the asked channel's"),
    user_id: NInt.describe("The clipper's user id"),
    title: NStr,
    clip_url: NStr.describe('The clip video (m3u8 or mp4)'),
    thumbnail_url: NStr,
    duration: NInt.describe('Length in seconds'),
    views: NInt,
    likes: NInt,
    created_at: NStr,
    is_mature: NBool,
    category: NObj.describe('`{id, name, slug}`…'),
    creator: LivestreamClipAccount.nullable().describe('Who made the clip'),
    channel: LivestreamClipAccount.nullable().describe('The channel clipped: always the asked one'),
  }),
  'A clip of a Kick channel',
);
export type LivestreamClip = z.infer<typeof LivestreamClip>;

export const LivestreamClips = named(
  'LivestreamClips',
  z.strictObject({
    clips: z.array(LivestreamClip).describe("The channel's clips in the order asked (`sort`, `time`)"),
    cursor: NStr.describe('Pass unchanged as `cursor` (with the same other parameters) for the next page; null at the end'),
  }),
  "One page of a Kick channel's clips (/api/v2/channels/<slug>/clips)",
);
export type LivestreamClips = z.infer<typeof LivestreamClips>;
