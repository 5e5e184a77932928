/**
 * microblog-c's profile URLs (Threads), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { atSegment } from '../../links/rules.js';
import { IG_RE } from '../social-b/links.js';

/** threads.com/@<username> (threads.net too); usernames are Instagram's. */
export const links: LinkRule = { platform: 'microblog-c', hosts: ['threads.net', 'threads.com'], handle: atSegment(IG_RE) };
