/**
 * livestream's channel URLs (Kick), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { COMMON_RESERVED, firstSegment } from '../../links/rules.js';

/** kick.com/<slug>. */
export const links: LinkRule = {
  platform: 'livestream',
  hosts: ['kick.com'],
  handle: firstSegment(/^[A-Za-z0-9_]{3,25}$/, [...COMMON_RESERVED, 'categories', 'following', 'video', 'community-guidelines']),
};
