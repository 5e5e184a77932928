/**
 * livestream's demo answers (`npm run demo`, src/demo/platforms.ts), from Kick's channel API (the
 * channel, its past broadcasts (the id-keyed list) and two pages of its clips: `view` order over `all` time).
 * Written here in the shapes parse.ts reads (this folder's tests read real captures from ../shared,
 * which the demo never uses); every name, id and URL is invented. Each route answers the
 * operation's example (its `example`) and is a demo miss for anything else.
 */
import type { Route } from '../../replay/server.js';
import { json } from '../../demo/answer.js';
import { demoMiss } from '../../demo/miss.js';
import { kickChannelVideoBody, kickClipBody } from './samples.js';

/** What the demo holds on this platform. */
export const DEMO = {
  livestreamSlug: 'harbourweather',
} as const;

export function demoRoutes(): Route[] {
  const slug: string = DEMO.livestreamSlug;
  const img = (path: string) => `https://files.kick.com/images/${path}`;
  const channel = {
    id: 5200101,
    user_id: 5300101,
    slug,
    is_banned: false,
    playback_url: 'https://demo.playback.live-video.net/api/video/v1/demo.m3u8?token=demo',
    vod_enabled: true,
    subscription_enabled: true,
    followers_count: 3_412,
    following: false,
    subscription: null,
    subscriber_badges: [],
    banner_image: { url: img('channel/5200101/banner_image/demo.webp') },
    livestream: {
      id: 61000101,
      slug: 'storm-watch-live',
      session_title: 'Storm watch: live radar and harbour cams',
      is_live: true,
      viewer_count: 214,
      created_at: '2025-03-06 18:00:00',
      language: 'English',
      categories: [{ id: 15, name: 'Just Chatting', slug: 'just-chatting' }],
    },
    role: null,
    muted: false,
    follower_badges: [],
    offline_banner_image: { src: img('channel/5200101/offline_banner/demo.webp'), srcset: '' },
    verified: false,
    recent_categories: [{ id: 15, name: 'Just Chatting', slug: 'just-chatting' }],
    can_host: true,
    user: {
      id: 5300101,
      username: 'HarbourWeather',
      agreed_to_terms: true,
      email_verified_at: '2024-01-01T00:00:00.000000Z',
      bio: 'Live storm watches and the weekly tide show from Harbour City.',
      country: 'United Kingdom',
      state: '',
      city: 'Harbour City',
      instagram: '',
      twitter: 'harbourweather',
      youtube: '',
      discord: '',
      tiktok: '',
      facebook: '',
      profile_pic: img('user/5300101/profile_image/conversion/demo-fullsize.webp'),
    },
    chatroom: { id: 5400101, chatable_type: 'App\\Models\\Channel', chat_mode: 'public', slow_mode: false, followers_mode: false },
  };
  const owner = { id: channel.id, slug, username: 'HarbourWeather' };
  // Kick's id-keyed list of past broadcasts (since July 2026), keyed by the channel's id.
  const videos = {
    data: [
      kickChannelVideoBody({
        id: '019f6a10-3c2e-7b4d-9a1f-2a6b8d4e0f11',
        channel: owner,
        title: 'Tide show #41: spring tides',
        startTime: '2026-07-01T18:00:00Z',
        seconds: 7_380,
        viewers: 231,
      }),
      kickChannelVideoBody({
        id: '019f3b2e-4b6a-7c3f-8b7d-9f0a2c4e6b13',
        channel: owner,
        title: 'Storm watch: the February gale',
        startTime: '2026-02-20T21:00:00Z',
        seconds: 10_260,
        viewers: 502,
      }),
    ],
  };
  const clipPages: Record<string, { clips: unknown[]; nextCursor: string | null }> = {
    '': {
      clips: [
        kickClipBody({ id: 'clip_01JNDEMO0000000000000000A1', channel: owner, title: 'The pier wave', views: 8_800 }),
        kickClipBody({ id: 'clip_01JNDEMO0000000000000000A2', channel: owner, title: 'Radar goes purple', views: 4_100 }),
      ],
      nextCursor: '2',
    },
    '2': {
      clips: [kickClipBody({ id: 'clip_01JNDEMO0000000000000000A3', channel: owner, title: 'Gull steals the mic', views: 950 })],
      nextCursor: null,
    },
  };
  const mine = (req: { path: string }) => decodeURIComponent(req.path.split('/')[4] ?? '').toLowerCase() === slug;
  return [
    {
      host: 'kick.com',
      path: /^\/api\/v2\/channels\/[^/]+$/,
      response: (req) => (mine(req) ? json(channel) : demoMiss(req)),
    },
    {
      host: 'kick.com',
      path: /^\/api\/v1\/channels\/\d+\/videos$/,
      response: (req) => (req.path === `/api/v1/channels/${channel.id}/videos` ? json(videos) : demoMiss(req)),
    },
    {
      host: 'kick.com',
      path: /^\/api\/v2\/channels\/[^/]+\/clips$/,
      response: (req) => {
        const page = clipPages[req.query.get('cursor') ?? ''];
        return mine(req) && req.query.get('sort') === 'view' && req.query.get('time') === 'all' && page ? json(page) : demoMiss(req);
      },
    },
  ];
}
