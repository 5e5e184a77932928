/**
 * moodboard's profile URLs (Cosmos), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { COMMON_RESERVED, WORD_RE, firstSegment } from '../../links/rules.js';

/** cosmos.so/<username>. */
export const links: LinkRule = {
  platform: 'moodboard',
  hosts: ['cosmos.so'],
  handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'e', 'c', 's', 'x']),
};
