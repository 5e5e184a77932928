/**
 * linkpage-a's page URLs (Linkme), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { COMMON_RESERVED, WORD_RE, firstSegment } from '../../links/rules.js';

/** link.me/<username>. */
export const links: LinkRule = {
  platform: 'linkpage-a',
  hosts: ['link.me'],
  handle: firstSegment(WORD_RE, COMMON_RESERVED),
  linkInBio: true,
  pageUrl: (h) => `https://link.me/${h}`,
};
