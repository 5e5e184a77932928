/**
 * The moodboard records (api.md "Moodboard records": post, search) as data: the parsers' types,
 * the /openapi.json response schemas and what REST bodies are checked against. Nullable fields:
 * README.md.
 */
import { z } from 'zod';
import { Bool, Int, named, NBool, NInt, NNum, NStr, Str } from '../records.js';

export const MoodboardMedia = z.strictObject({
  id: NStr,
  /** The media node's type: StaticImage, AnimatedImage, Video. */
  type: NStr,
  url: NStr,
  width: NInt,
  height: NInt,
  ai_generated: NBool,
  /** Videos only (seconds). */
  duration: NNum,
  /** Video poster, or an animated image's still. */
  thumbnail_url: NStr,
  /** An animated image's video, or a video's MP4. */
  video_url: NStr,
  /** A video's HLS stream. */
  playback_url: NStr,
});
export type MoodboardMedia = z.infer<typeof MoodboardMedia>;

export const MoodboardOwner = z.strictObject({ id: NInt, username: NStr });
export type MoodboardOwner = z.infer<typeof MoodboardOwner>;

export const MoodboardSourceAuthor = z.strictObject({ username: NStr, full_name: NStr, profile_url: NStr, avatar_url: NStr });
export type MoodboardSourceAuthor = z.infer<typeof MoodboardSourceAuthor>;

export const MoodboardPrice = z.strictObject({ value: NNum, currency: NStr });
export type MoodboardPrice = z.infer<typeof MoodboardPrice>;

export const MoodboardItem = named(
  'MoodboardItem',
  z.strictObject({
    id: Int,
    url: Str,
    created_at: NStr,
    caption: NStr,
    text: NStr,
    title: NStr,
    description: NStr,
    owner: MoodboardOwner.nullable(),
    source_url: NStr,
    source_author: MoodboardSourceAuthor.nullable(),
    media: z.array(MoodboardMedia),
    price: MoodboardPrice.nullable(),
    brand: NStr,
  }),
);
export type MoodboardItem = z.infer<typeof MoodboardItem>;

export const MoodboardPost = named('MoodboardPost', MoodboardItem.extend({ save_count: NInt }));
export type MoodboardPost = z.infer<typeof MoodboardPost>;

export const MoodboardSearchPage = named(
  'MoodboardSearchPage',
  z.strictObject({
    items: z.array(MoodboardItem),
    cursor: NStr,
    has_more: Bool,
    result_count: Int,
  }),
);
export type MoodboardSearchPage = z.infer<typeof MoodboardSearchPage>;
