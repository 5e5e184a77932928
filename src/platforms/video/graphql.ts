/**
 * GraphQL types and root field for video (YouTube): idiomatic names over the api.md wire record,
 * the platform URL fields as a typed list, counts parsed from their texts, and `json` with the
 * whole wire record (what REST returns).
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import { LinkedPlatformUrlRef, platformUrlsOf } from '../../links/graphql.js';
import { parseCount, parseJoinedDate } from './counts.js';
import type { VideoChannel, VideoChannelAvatar, VideoImageSource } from './parse.js';
import { FIXED_KEYS } from './parse.js';
import { channel } from './platform.js';

/** Declares video's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function videoGraphql(): void {
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
}
