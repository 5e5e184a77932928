/**
 * newsletter's profile and publication URLs (Substack), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { anyOf, atSegment, subdomain } from '../../links/rules.js';

/** substack.com/@<handle> (a profile) and <name>.substack.com (a publication). */
export const links: LinkRule = {
  platform: 'newsletter',
  hosts: ['substack.com'],
  handle: anyOf(atSegment(/^[A-Za-z0-9._-]{1,63}$/), subdomain(/^[a-z0-9-]{1,63}$/i, ['on', 'open'])),
};
