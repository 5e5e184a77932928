/**
 * Written upstream answers for tests, the demo and the simulated webs (not captures: names and
 * numbers invented), in the shape of the real `GET https://kick.com/api/v2/channels/<slug>`
 * answer (../shared/fixtures/livestream/: 20 top-level keys; the social fields are bare handles
 * or full URLs, `""` when unset). The past broadcasts and clips (`/videos`, `/clips`) have no
 * capture: their shapes rest on public Kick API wrappers and scrapers (fields named by them).
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

/**
 * One past broadcast as `GET https://kick.com/api/v2/channels/<slug>/videos` lists it (written by
 * us, in the shape public Kick API wrappers describe: no capture of this endpoint exists).
 */
export function kickVideoBody(s: {
  id: number;
  channelId: number;
  title: string;
  uuid: string;
  views?: number;
  startTime?: string;
}): Record<string, unknown> {
  const start = s.startTime ?? '2025-03-01 18:00:00';
  return {
    id: s.id,
    slug: `${s.uuid.slice(0, 8)}-${s.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}`,
    channel_id: s.channelId,
    created_at: start,
    session_title: s.title,
    is_live: false,
    risk_level_id: null,
    start_time: start,
    source: `https://stream.kick.com/ivs/v1/000000000000/sample${s.id}/media/hls/master.m3u8`,
    twitch_channel: null,
    duration: 7_380_000,
    language: 'English',
    is_mature: false,
    viewer_count: 180,
    thumbnail: {
      src: `https://images.kick.com/video_thumbnails/sample${s.id}/fullsize.webp`,
      srcset: `https://images.kick.com/video_thumbnails/sample${s.id}/1080.webp 1920w`,
    },
    views: s.views ?? 1_200,
    tags: [],
    categories: [{ id: 15, category_id: 2, name: 'Just Chatting', slug: 'just-chatting', tags: ['IRL'], description: null }],
    video: {
      id: s.id + 9_000_000,
      live_stream_id: s.id,
      slug: null,
      thumb: null,
      s3: null,
      trading_platform_id: null,
      created_at: start.replace(' ', 'T') + '.000000Z',
      updated_at: '2025-03-02T00:00:00.000000Z',
      uuid: s.uuid,
      views: s.views ?? 1_200,
      deleted_at: null,
      is_pruned: false,
      is_private: false,
      status: 'COMPLETED',
    },
  };
}

/**
 * One past broadcast as Kick's id-keyed list `GET https://kick.com/api/v1/channels/<channel id>/videos`
 * lists it under `data` (since July 2026; written by us: no capture of this list exists). Its
 * fields are those of Kick's 2026 video answer quoted in yt-dlp issue #17284 (2026-07-22: `id` a
 * UUIDv7-style video id, `title`, `start_time`/`end_time`, `duration` in seconds, `thumbnail
 * {src, srcSet}`, one `category`, `channel {id, slug, username}`, `language` as a code, `status`,
 * `tier`, `tags`, `viewer_count`).
 */
export function kickChannelVideoBody(s: {
  id: string;
  channel: { id: number; slug: string; username?: string };
  title: string;
  startTime?: string;
  seconds?: number;
  viewers?: number;
}): Record<string, unknown> {
  const start = s.startTime ?? '2026-07-17T13:40:51Z';
  const seconds = s.seconds ?? 7_380;
  const end = new Date(Date.parse(start) + seconds * 1000).toISOString().replace('.000Z', 'Z');
  const thumb = (size: number) => `https://images.kick.com/video_thumbnails/sample${s.channel.id}/${s.id.slice(0, 8)}/${size}.webp`;
  return {
    category: { id: 15, name: 'Just Chatting', slug: 'just-chatting' },
    channel: { id: s.channel.id, slug: s.channel.slug, username: s.channel.username ?? s.channel.slug },
    duration: seconds,
    end_time: end,
    id: s.id,
    is_live: false,
    is_mature: false,
    language: 'en',
    start_time: start,
    status: 'public',
    tags: ['irl'],
    thumbnail: { src: thumb(720), srcSet: `${thumb(1080)} 1920w, ${thumb(720)} 1280w, ${thumb(480)} 640w` },
    tier: 'unverified',
    title: s.title,
    viewer_count: s.viewers ?? 180,
  };
}

/**
 * One clip as `GET https://kick.com/api/v2/channels/<slug>/clips` lists it under `clips` (written
 * by us, in the shape public Kick API wrappers describe: no capture of this endpoint exists).
 */
export function kickClipBody(s: {
  id: string;
  channel: { id: number; slug: string; username?: string };
  title: string;
  views?: number;
  createdAt?: string;
}): Record<string, unknown> {
  const account = (id: number, slug: string, username?: string) => ({ id, username: username ?? slug, slug });
  return {
    id: s.id,
    livestream_id: '61000090',
    category_id: '15',
    channel_id: s.channel.id,
    user_id: 5300777,
    title: s.title,
    clip_url: `https://clips.kick.com/clips/${s.id}/playlist.m3u8`,
    thumbnail_url: `https://clips.kick.com/clips/${s.id}/thumbnail.webp`,
    privacy: 'CLIP_PRIVACY_PUBLIC',
    likes: 12,
    liked: false,
    views: s.views ?? 340,
    duration: 30,
    started_at: s.createdAt ?? '2025-03-01T19:02:00.000Z',
    created_at: s.createdAt ?? '2025-03-01T19:02:00.000Z',
    vod_starts_at: 3720,
    is_mature: false,
    video_url: `https://clips.kick.com/clips/${s.id}/video.mp4`,
    view_count: s.views ?? 340,
    likes_count: 12,
    category: { id: 15, name: 'Just Chatting', slug: 'just-chatting', responsive: '', banner: '', parent_category: 'irl' },
    creator: account(5300777, 'tidewatcher', 'TideWatcher'),
    channel: { ...account(s.channel.id, s.channel.slug, s.channel.username), profile_picture: null },
  };
}
