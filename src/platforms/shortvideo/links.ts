/**
 * shortvideo's profile URLs (TikTok), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { atSegment } from '../../links/rules.js';

/** tiktok.com/@<username>. */
export const links: LinkRule = {
  platform: 'shortvideo',
  hosts: ['tiktok.com'],
  handle: atSegment(/^[A-Za-z0-9._]{2,24}$/),
  shorteners: ['vm.tiktok.com', 'vt.tiktok.com'],
};
