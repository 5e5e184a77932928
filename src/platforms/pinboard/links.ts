/**
 * pinboard's profile URLs (Pinterest), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { COMMON_RESERVED, firstSegment } from '../../links/rules.js';

/** First path segments that are Pinterest's own pages, never a user's (links here, board URLs in board.ts). */
export const PINTEREST_RESERVED: readonly string[] = [
  ...COMMON_RESERVED,
  'pin',
  'ideas',
  'today',
  'business',
  'categories',
  'topics',
  'videos',
  'shopping',
  'resource',
  'password',
  'oauth',
  'news_hub',
  '_',
  'board',
  'settings',
  'explore',
  'help',
];

/** pinterest.<any suffix>/<username> (pin.it links are short links). */
export const links: LinkRule = {
  platform: 'pinboard',
  hosts: ['pinterest.*', 'pin.it'],
  shorteners: ['pin.it'],
  handle: (p) => (p.url.hostname === 'pin.it' ? null : firstSegment(/^[A-Za-z0-9_]{3,30}$/, PINTEREST_RESERVED)(p)),
};
