/**
 * The video record (api.md "Video channel") as data: the parser's type, the /openapi.json
 * response schema and what REST bodies are checked against. The avatar carries YouTube's
 * tracking data as it comes ("tracking data"): that object is loose. Nullable fields: README.md.
 */
import { z } from 'zod';
import { named, NCountText, NInt, NStr, Str, Strs, withPlatformUrls } from '../records.js';

export const VideoImageSource = z.strictObject({ url: Str, width: NInt, height: NInt });
export type VideoImageSource = z.infer<typeof VideoImageSource>;

export const VideoChannelAvatar = z.looseObject({
  image: z.looseObject({ sources: z.array(VideoImageSource) }),
  avatarImageSize: NStr,
});
export type VideoChannelAvatar = z.infer<typeof VideoChannelAvatar>;

export const VideoChannel = named(
  'VideoChannel',
  withPlatformUrls(
    z.strictObject({
      channelId: Str,
      channel: NStr,
      name: NStr,
      avatar: VideoChannelAvatar.nullable(),
      description: NStr,
      subscriberCount: NInt,
      subscriberCountText: NCountText,
      videoCountText: NCountText,
      viewCountText: NCountText,
      joinedDateText: NStr,
      /** Comma-separated. */
      tags: NStr,
      email: NStr,
      store: NStr,
      links: Strs,
      country: NStr,
    }),
  ),
);
export type VideoChannel = z.infer<typeof VideoChannel>;
