/**
 * audio-c's profile URLs (SoundCloud), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { COMMON_RESERVED, firstSegment } from '../../links/rules.js';

/** soundcloud.com/<permalink> (on.soundcloud.com links are short links). */
export const links: LinkRule = {
  platform: 'audio-c',
  hosts: ['soundcloud.com'],
  shorteners: ['on.soundcloud.com'],
  handle: (p) =>
    p.sub === 'on'
      ? null
      : firstSegment(/^[A-Za-z0-9_-]{1,50}$/, [
          ...COMMON_RESERVED,
          'stream',
          'upload',
          'you',
          'charts',
          'pages',
          'mobile',
          'tags',
          'popular',
          'people',
          'messages',
          'notifications',
          'creators',
          'pro',
          'connect',
          'imprint',
          'artists',
          'playlists',
          'tracks',
          'sets',
        ])(p),
};
