/**
 * linkpage-c's page URLs (Komi), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { subdomain } from '../../links/rules.js';

/** <username>.komi.io (komi.io itself is Komi's own site). */
export const links: LinkRule = {
  platform: 'linkpage-c',
  hosts: ['komi.io'],
  handle: subdomain(/^[a-z0-9][a-z0-9-]{0,62}$/i),
  linkInBio: true,
  pageUrl: (h) => `https://${h}.komi.io`,
  subdomainPages: true,
};
