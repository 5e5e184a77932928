/**
 * Written upstream answers for tests, the demo and the simulated webs (not captures: names and
 * numbers invented), in the shape of the real `GET https://kick.com/api/v2/channels/<slug>`
 * answer (../shared/fixtures/livestream/: 20 top-level keys; the social fields are bare handles
 * or full URLs, `""` when unset).
 */
export interface KickSample {
  slug: string;
  username?: string;
  bio?: string;
  instagram?: string;
  twitter?: string;
  youtube?: string;
  tiktok?: string;
  discord?: string;
  facebook?: string;
  followers?: number;
  id?: number;
}

/** The channel body for `s`. */
export function kickChannelBody(s: KickSample): Record<string, unknown> {
  const id = s.id ?? 1_209_488;
  return {
    id,
    user_id: id + 41_687,
    slug: s.slug,
    is_banned: false,
    playback_url: `https://fa723fc1b171.us-west-2.playback.live-video.net/api/video/v1/us-west-2.sample.channel.${s.slug}.m3u8`,
    vod_enabled: true,
    subscription_enabled: true,
    followers_count: s.followers ?? 1_000,
    subscriber_badges: [],
    banner_image: null,
    livestream: null,
    role: null,
    muted: false,
    follower_badges: [],
    offline_banner_image: null,
    verified: false,
    recent_categories: [],
    can_host: true,
    user: {
      id: id + 41_687,
      username: s.username ?? s.slug,
      agreed_to_terms: true,
      email_verified_at: '2023-01-01T00:00:00.000000Z',
      bio: s.bio ?? '',
      country: null,
      state: null,
      city: null,
      instagram: s.instagram ?? '',
      twitter: s.twitter ?? '',
      youtube: s.youtube ?? '',
      discord: s.discord ?? '',
      tiktok: s.tiktok ?? '',
      facebook: s.facebook ?? '',
      profile_pic: null,
    },
    chatroom: { id: id + 5, chatable_type: 'App\\Models\\Channel', channel_id: id, chat_mode: 'public', slow_mode: false },
  };
}
