/**
 * linkpage-b's page URLs (Linktree), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { COMMON_RESERVED, WORD_RE, firstSegment } from '../../links/rules.js';

/** linktr.ee/<username>. */
export const links: LinkRule = {
  platform: 'linkpage-b',
  hosts: ['linktr.ee'],
  handle: firstSegment(WORD_RE, [
    ...COMMON_RESERVED,
    's',
    'marketplace',
    'templates',
    'products',
    'creators',
    'use-cases',
    'linktree',
    'auth',
    'account',
    'link-in-bio',
    'wp-content',
  ]),
  linkInBio: true,
  pageUrl: (h) => `https://linktr.ee/${h}`,
};
