/**
 * GraphQL types and root fields for shortvideo (TikTok): idiomatic names over the profile record
 * (`{user, stats}` in TikTok's own names) and the video record (`{video}`: TikTok's item object),
 * plus `json` carrying the whole wire record (what REST returns: the members beyond the listed
 * ones included).
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { ShortvideoProfileRecord, ShortvideoStats, ShortvideoUser } from './profile.js';
import { profile } from './profile.js';
import type {
  ShortvideoChallenge,
  ShortvideoMusic,
  ShortvideoTextExtra,
  ShortvideoVideoAuthor,
  ShortvideoVideoItem,
  ShortvideoVideoMedia,
  ShortvideoVideoRecord,
  ShortvideoVideoStats,
} from './video.js';
import { video } from './video.js';

/** Declares shortvideo's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function shortvideoGraphql(): void {
  const BioLinkRef = builder.objectRef<NonNullable<ShortvideoUser['bioLink']>>('ShortvideoBioLink').implement({
    fields: (t) => ({
      link: t.exposeString('link', { description: 'The declared website, often without a scheme' }),
    }),
  });

  const UserRef = builder.objectRef<ShortvideoUser>('ShortvideoUser').implement({
    description: "TikTok's user object (its further members are in `json`)",
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: "TikTok's numeric user id, as a string" }),
      uniqueId: t.exposeString('uniqueId', { nullable: false, description: 'The @name, as TikTok spells it' }),
      secUid: t.exposeString('secUid', { description: "TikTok's stable opaque user key" }),
      nickname: t.exposeString('nickname', { description: 'Display name ("" when none)' }),
      signature: t.exposeString('signature', { description: 'Bio ("" when none)' }),
      verified: t.exposeBoolean('verified'),
      privateAccount: t.exposeBoolean('privateAccount', { description: 'Private account: its header is public, its posts are not read' }),
      bioLink: t.expose('bioLink', { type: BioLinkRef, description: 'The profile website field; null when none is declared' }),
      avatarLarger: t.exposeString('avatarLarger', { description: 'Avatar, 1080 px (signed, expiring URL)' }),
      avatarMedium: t.exposeString('avatarMedium', { description: 'Avatar, 720 px' }),
      avatarThumb: t.exposeString('avatarThumb', { description: 'Avatar, 100 px' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (u) => u }),
    }),
  });

  const StatsRef = builder.objectRef<ShortvideoStats>('ShortvideoStats').implement({
    fields: (t) => ({
      // Float: the largest accounts' like counts pass GraphQL's 32-bit Int.
      followerCount: t.exposeFloat('followerCount'),
      followingCount: t.exposeFloat('followingCount'),
      heartCount: t.exposeFloat('heartCount', { description: 'Likes received on all videos' }),
      videoCount: t.exposeFloat('videoCount'),
      diggCount: t.exposeFloat('diggCount', { description: 'Videos this account liked' }),
      friendCount: t.exposeFloat('friendCount', { description: 'Mutual follows (null on pages before 2023)' }),
    }),
  });

  const ProfileRef = builder.objectRef<ShortvideoProfileRecord>('ShortvideoProfile').implement({
    fields: (t) => ({
      user: t.expose('user', { type: UserRef, nullable: false }),
      stats: t.expose('stats', { type: StatsRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (p) => p }),
    }),
  });

  operationField(profile, ProfileRef);

  videoGraphql();
}

/** `shortvideoVideo`: the item object's listed fields, each nested object with its `json`. */
function videoGraphql(): void {
  const AuthorRef = builder.objectRef<ShortvideoVideoAuthor>('ShortvideoVideoAuthor').implement({
    description: "The video's author: TikTok's user object (its further members are in `json`)",
    fields: (t) => ({
      id: t.exposeString('id', { description: "TikTok's numeric user id, as a string" }),
      uniqueId: t.exposeString('uniqueId', { nullable: false, description: "The @name, as TikTok spells it (the URL's user)" }),
      nickname: t.exposeString('nickname', { description: 'Display name ("" when none)' }),
      verified: t.exposeBoolean('verified'),
      secUid: t.exposeString('secUid', { description: "TikTok's stable opaque user key" }),
      privateAccount: t.exposeBoolean('privateAccount'),
      avatarLarger: t.exposeString('avatarLarger', {
        description: 'Avatar, 1080 px (signed, expiring URL); null on 2022 pages without the user object',
      }),
      avatarMedium: t.exposeString('avatarMedium', { description: 'Avatar, 720 px' }),
      avatarThumb: t.exposeString('avatarThumb', { description: 'Avatar, 100 px' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (a) => a }),
    }),
  });

  const StatsRef = builder.objectRef<ShortvideoVideoStats>('ShortvideoVideoStats').implement({
    fields: (t) => ({
      // Float: a viral video's plays pass GraphQL's 32-bit Int.
      playCount: t.exposeFloat('playCount'),
      diggCount: t.exposeFloat('diggCount', { description: 'Likes' }),
      commentCount: t.exposeFloat('commentCount'),
      shareCount: t.exposeFloat('shareCount'),
      collectCount: t.exposeFloat('collectCount', { description: 'Saves (null on pages before 2023)' }),
    }),
  });

  const MediaRef = builder.objectRef<ShortvideoVideoMedia>('ShortvideoVideoMedia').implement({
    description: 'The video file (play addresses and its further members are in `json`)',
    fields: (t) => ({
      duration: t.exposeInt('duration', { description: 'Seconds' }),
      width: t.exposeInt('width'),
      height: t.exposeInt('height'),
      ratio: t.exposeString('ratio', { description: 'Quality label, e.g. 720p' }),
      cover: t.exposeString('cover', { description: 'Cover image (signed, expiring URL)' }),
      originCover: t.exposeString('originCover'),
      dynamicCover: t.exposeString('dynamicCover'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (m) => m }),
    }),
  });

  const MusicRef = builder.objectRef<NonNullable<ShortvideoMusic>>('ShortvideoMusic').implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      title: t.exposeString('title'),
      authorName: t.exposeString('authorName'),
      original: t.exposeBoolean('original', { description: 'A sound recorded with a video (not a released track)' }),
      duration: t.exposeInt('duration', { description: 'Seconds' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (m) => m }),
    }),
  });

  const ChallengeRef = builder.objectRef<ShortvideoChallenge>('ShortvideoChallenge').implement({
    description: 'A hashtag of the video',
    fields: (t) => ({
      id: t.exposeString('id'),
      title: t.exposeString('title', { description: 'The hashtag, without #' }),
      desc: t.exposeString('desc'),
    }),
  });

  const TextExtraRef = builder.objectRef<ShortvideoTextExtra>('ShortvideoTextExtra').implement({
    description: 'A hashtag or mention in desc, where it is',
    fields: (t) => ({
      type: t.exposeInt('type', { description: '1: a hashtag, 0: a mention' }),
      start: t.exposeInt('start'),
      end: t.exposeInt('end'),
      hashtagName: t.exposeString('hashtagName'),
      userUniqueId: t.exposeString('userUniqueId'),
    }),
  });

  const ItemRef = builder.objectRef<ShortvideoVideoItem>('ShortvideoVideoItem').implement({
    description: "TikTok's item object (its further members are in `json`)",
    fields: (t) => ({
      id: t.exposeString('id', { nullable: false, description: "TikTok's numeric video id, as a string" }),
      desc: t.exposeString('desc', { description: 'Caption ("" when none)' }),
      createTime: t.exposeInt('createTime', { description: 'Posted, Unix seconds' }),
      author: t.expose('author', { type: AuthorRef, nullable: false }),
      stats: t.expose('stats', { type: StatsRef, nullable: false }),
      video: t.expose('video', { type: MediaRef }),
      music: t.expose('music', { type: MusicRef }),
      challenges: t.expose('challenges', { type: [ChallengeRef], nullable: false }),
      textExtra: t.expose('textExtra', { type: [TextExtraRef], nullable: false }),
      isAd: t.exposeBoolean('isAd'),
      locationCreated: t.exposeString('locationCreated', { description: 'Country it was posted from (ISO code)' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (i) => i }),
    }),
  });

  const VideoRef = builder.objectRef<ShortvideoVideoRecord>('ShortvideoVideo').implement({
    fields: (t) => ({
      video: t.expose('video', { type: ItemRef, nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (v) => v }),
    }),
  });

  operationField(video, VideoRef);
}
