/**
 * social-b's profile URLs (Instagram), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { afterPrefix, anyOf, firstSegment } from '../../links/rules.js';

/** Instagram usernames (also Threads'). */
export const IG_RE = /^[A-Za-z0-9._]{1,30}$/;

const IG_RESERVED = [
  'p',
  'reel',
  'reels',
  'tv',
  'stories',
  'explore',
  'accounts',
  'direct',
  'about',
  'developer',
  'legal',
  'privacy',
  'web',
  'challenge',
  'emails',
  'session',
  'graphql',
  'api',
  's',
  'ar',
  'create',
  'lite',
  'nametag',
  'directory',
  'static',
  'oauth',
  'help',
  'press',
  'invites',
  'terms',
  'login',
  'signup',
];

/** instagram.com/<username> and /_u/<username>. */
export const links: LinkRule = {
  platform: 'social-b',
  hosts: ['instagram.com', 'instagr.am'],
  handle: anyOf(afterPrefix(['_u'], IG_RE), firstSegment(IG_RE, IG_RESERVED)),
  // Its outbound-link shim: l.instagram.com/?u=<target>.
  redirect: (url) => (url.hostname === 'l.instagram.com' ? url.searchParams.get('u') : null),
};
