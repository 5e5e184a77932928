/**
 * shortvideo = TikTok. Two operations, `GET /v1/shortvideo/profile` (profile.ts) and `GET
 * /v1/shortvideo/video` (video.ts: one video by its URL); creator discovery
 * reads its source profiles through the profile operation (reader.ts: one cache entry serves both), and
 * its walls are recognised on every answer to a request labelled with it.
 */
import type { PlatformDefinition } from '../definition.js';
import { profile } from './profile.js';
import { reader } from './reader.js';
import { video } from './video.js';
import { walls } from './walls.js';
import { links } from './links.js';

const label = 'shortvideo';
const hosts = ['www.tiktok.com', 'tiktok.com', 'vm.tiktok.com'];

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [profile, video],
  walls,
  reader,
  links,
  names: {
    link: ['tiktok', 'tt', 'تیک تاک', 'تيك توك', 'טיקטוק', 'тикток', 'тікток', 'টিকটক', 'ティックトック', '틱톡'],
    secondLine: ['tiktok', '틱톡', 'ティックトック', 'тикток', 'тікток'],
    mention: { labels: ['tiktok', 'tt'], atOnly: ['tt'] },
  },
};
