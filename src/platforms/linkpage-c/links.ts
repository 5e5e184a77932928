/**
 * linkpage-c's page URLs (Komi), for the shared link classifier (src/links/classify.ts).
 */
import type { HandleFn, LinkRule } from '../../links/rules.js';
import { COMMON_RESERVED, firstSegment, subdomain } from '../../links/rules.js';

const USERNAME = /^[a-z0-9][a-z0-9-]{0,62}$/i;

/** Komi's own pages on komi.io (its site's sections), never a username. */
const SITE = [...COMMON_RESERVED, 'creators', 'brands', 'agencies', 'company', 'resources', 'case-studies', 'partners', 'product', 'en'];

/** `komi.io/<username>` (and `www.`): the same page, as share links and other tools write it. */
const onSite: HandleFn = (p) => (p.sub === null && p.segs.length === 1 ? firstSegment(USERNAME, SITE)(p) : null);

/** <username>.komi.io, or komi.io/<username>; komi.io itself (and its sections) is Komi's own site. */
export const links: LinkRule = {
  platform: 'linkpage-c',
  hosts: ['komi.io'],
  handle: (p) => subdomain(USERNAME)(p) ?? onSite(p),
  linkInBio: true,
  pageUrl: (h) => `https://${h}.komi.io`,
  subdomainPages: true,
};
