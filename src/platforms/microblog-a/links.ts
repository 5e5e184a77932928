/**
 * microblog-a's profile URLs (Truth Social), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { MASTODON_RE, atSegment } from '../../links/rules.js';

/** truthsocial.com/@<username>. */
export const links: LinkRule = { platform: 'microblog-a', hosts: ['truthsocial.com'], handle: atSegment(MASTODON_RE) };
