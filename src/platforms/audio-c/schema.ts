/**
 * The audio-c record (api.md "audio-c artist") as data: the parser's type, the /openapi.json
 * response schema and what REST bodies are checked against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { Any, Int, named, NBool, NInt, NStr } from '../records.js';

export const AudioCProduct = z.strictObject({ product: z.strictObject({ id: NStr }).nullable() });
export type AudioCProduct = z.infer<typeof AudioCProduct>;

export const AudioCVisual = z.strictObject({ urn: NStr, entry_time: NInt, visual_url: NStr });
export type AudioCVisual = z.infer<typeof AudioCVisual>;

export const AudioCVisuals = z.strictObject({ urn: NStr, enabled: NBool, visuals: z.array(AudioCVisual), tracking: Any });
export type AudioCVisuals = z.infer<typeof AudioCVisuals>;

export const AudioCBadges = z.strictObject({ pro: NBool, creator_mid_tier: NBool, pro_unlimited: NBool, verified: NBool });
export type AudioCBadges = z.infer<typeof AudioCBadges>;

export const AudioCArtist = named(
  'AudioCArtist',
  z.strictObject({
    id: Int,
    kind: NStr,
    urn: NStr,
    uri: NStr,
    permalink: NStr,
    permalink_url: NStr,
    username: NStr,
    first_name: NStr,
    last_name: NStr,
    full_name: NStr,
    description: NStr,
    avatar_url: NStr,
    city: NStr,
    country_code: NStr,
    followers_count: NInt,
    followings_count: NInt,
    track_count: NInt,
    playlist_count: NInt,
    playlist_likes_count: NInt,
    likes_count: NInt,
    comments_count: NInt,
    groups_count: NInt,
    reposts_count: NInt,
    verified: NBool,
    created_at: NStr,
    last_modified: NStr,
    /** Null on every capture; passed through as given when SoundCloud sends a value. */
    date_of_birth: Any,
    creator_subscription: AudioCProduct.nullable(),
    creator_subscriptions: z.array(AudioCProduct),
    visuals: AudioCVisuals.nullable(),
    badges: AudioCBadges.nullable(),
    station_urn: NStr,
    station_permalink: NStr,
  }),
);
export type AudioCArtist = z.infer<typeof AudioCArtist>;
