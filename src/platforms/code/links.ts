/**
 * code's user URLs (GitHub), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { firstSegment } from '../../links/rules.js';

/** First path segments on github.com that are site sections, not owners. */
export const GITHUB_RESERVED = [
  'about',
  'account',
  'apps',
  'codespaces',
  'collections',
  'contact',
  'customer-stories',
  'dashboard',
  'enterprise',
  'events',
  'explore',
  'features',
  'issues',
  'join',
  'login',
  'logout',
  'marketplace',
  'new',
  'notifications',
  'organizations',
  'orgs',
  'pricing',
  'pulls',
  'readme',
  'search',
  'security',
  'sessions',
  'settings',
  'signup',
  'site',
  'sponsors',
  'stars',
  'topics',
  'trending',
  'users',
  'team',
  'home',
  'solutions',
  'resources',
  'copilot',
  'git-guides',
  'premium-support',
  'mobile',
  'watching',
];

/** github.com/<login>. */
export const links: LinkRule = {
  platform: 'code',
  hosts: ['github.com'],
  handle: firstSegment(/^[A-Za-z0-9](?:-?[A-Za-z0-9])*-?$/, GITHUB_RESERVED),
};
