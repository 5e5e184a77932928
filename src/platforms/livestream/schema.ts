/**
 * livestream (Kick) record as data: the parser's type, the /openapi.json response schema and what
 * REST bodies are checked against. Field names are Kick's own (`/api/v2/channels/<slug>`); the
 * viewer's state (`role`, `muted`, `following`), the short-lived signed `playback_url` and account
 * internals (`email_verified_at`, `agreed_to_terms`) are never part of it. Nullable fields: README.md.
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
