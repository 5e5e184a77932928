/**
 * linkpage-e's page URLs (lnk.bio), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { COMMON_RESERVED, WORD_RE, firstSegment } from '../../links/rules.js';

/** lnk.bio/<handle>. */
export const links: LinkRule = {
  platform: 'linkpage-e',
  hosts: ['lnk.bio'],
  handle: firstSegment(WORD_RE, [...COMMON_RESERVED, 'manage', 'public', 'go', 'share']),
  linkInBio: true,
  pageUrl: (h) => `https://lnk.bio/${h}`,
  // Its outbound-link shim: lnk.bio/go?d=<target>.
  redirect: (url) => (url.hostname === 'lnk.bio' && url.pathname === '/go' ? url.searchParams.get('d') : null),
};
