/**
 * linkpage-d's page URLs (Pillar), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { COMMON_RESERVED, WORD_RE, firstSegment } from '../../links/rules.js';

/** pillar.io/<username>. */
export const links: LinkRule = {
  platform: 'linkpage-d',
  hosts: ['pillar.io'],
  handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'creators', 'p']),
  linkInBio: true,
  pageUrl: (h) => `https://pillar.io/${h}`,
};
