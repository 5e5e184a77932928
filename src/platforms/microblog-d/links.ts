/**
 * microblog-d's profile URLs (Bluesky), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { afterPrefix } from '../../links/rules.js';

/** bsky.app/profile/<handle or DID>. */
export const links: LinkRule = {
  platform: 'microblog-d',
  hosts: ['bsky.app'],
  handle: afterPrefix(['profile'], /^[A-Za-z0-9.:-]{3,253}$/),
};
