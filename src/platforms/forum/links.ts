/**
 * forum's user URLs (Reddit), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { afterPrefix } from '../../links/rules.js';

/** reddit.com/u/<name> and /user/<name>. */
export const links: LinkRule = {
  platform: 'forum',
  hosts: ['reddit.com', 'redd.it'],
  handle: afterPrefix(['u', 'user'], /^[A-Za-z0-9_-]{3,20}$/),
};
