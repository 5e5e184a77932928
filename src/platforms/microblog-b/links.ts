/**
 * microblog-b's profile URLs (X), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { firstSegment } from '../../links/rules.js';

const X_RESERVED = [
  'home',
  'i',
  'intent',
  'share',
  'search',
  'explore',
  'hashtag',
  'settings',
  'messages',
  'notifications',
  'compose',
  'login',
  'logout',
  'signup',
  'tos',
  'privacy',
  'about',
  'jobs',
  'download',
  'account',
  'web',
  'oauth',
  'help',
  'en',
  'rules',
  'following',
  'followers',
  'lists',
  'topics',
  'communities',
  'who_to_follow',
  'connect_people',
  'verified-choose',
  'premium',
  'x',
  'twitter',
];

/** x.com/<screen name> (twitter.com too). */
export const links: LinkRule = {
  platform: 'microblog-b',
  hosts: ['x.com', 'twitter.com'],
  // Its link wrapper: t.co leads anywhere, so it is followed, never classified as microblog-b.
  shorteners: ['t.co'],
  handle: firstSegment(/^[A-Za-z0-9_]{1,15}$/, X_RESERVED),
};
