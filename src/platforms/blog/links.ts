/**
 * blog's URLs (Tumblr blogs), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { COMMON_RESERVED, anyOf, firstSegment, subdomain } from '../../links/rules.js';
import type { HandleFn } from '../../links/rules.js';

/** Tumblr: /blog/<name> and /blog/view/<name>. */
const blogPath: HandleFn = ({ segs }) => {
  if (segs[0]?.toLowerCase() !== 'blog') return null;
  const name = segs[1]?.toLowerCase() === 'view' ? segs[2] : segs[1];
  return name && /^[a-z0-9-]{1,32}$/i.test(name) ? name : null;
};

/** <name>.tumblr.com, tumblr.com/<name>, tumblr.com/blog/[view/]<name>. */
export const links: LinkRule = {
  platform: 'blog',
  hosts: ['tumblr.com'],
  handle: anyOf(
    subdomain(/^[a-z0-9-]{1,32}$/i, ['assets', 'media', 'embed']),
    blogPath,
    firstSegment(/^[a-z0-9-]{1,32}$/i, [
      ...COMMON_RESERVED,
      'blog',
      'tagged',
      'explore',
      'dashboard',
      'policy',
      'tips',
      'new',
      'likes',
      'following',
    ]),
  ),
};
