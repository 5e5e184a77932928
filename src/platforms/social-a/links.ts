/**
 * social-a's profile URLs (Facebook pages), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { DIGITS_RE, firstSegment } from '../../links/rules.js';

const FB_RESERVED = [
  'pages',
  'groups',
  'events',
  'watch',
  'sharer',
  'sharer.php',
  'share',
  'share.php',
  'dialog',
  'plugins',
  'login',
  'login.php',
  'help',
  'policies',
  'photo.php',
  'photo',
  'photos',
  'story.php',
  'permalink.php',
  'people',
  'hashtag',
  'gaming',
  'marketplace',
  'business',
  'ads',
  'privacy',
  'settings',
  'home.php',
  'l.php',
  'tr',
  'reel',
  'reels',
  'video.php',
  'videos',
  'media',
  'notes',
  'search',
  'friends',
  'messages',
  'bookmarks',
  'fundraisers',
  'profile.php',
  'pg',
  'p',
  'stories',
  'legal',
  'about',
  'careers',
  'signup',
  'recover',
  'checkpoint',
  'public',
  'directory',
  'places',
  'pagesmanager',
  'home',
];

/** Facebook: /name, /profile.php?id=N, /people/Name/N, /pg/name. */
export const links: LinkRule = {
  platform: 'social-a',
  hosts: ['facebook.com', 'fb.com', 'fb.me', 'fb.watch'],
  shorteners: ['fb.me'],
  // Its outbound-link shims: l.facebook.com/l.php?u=<target>, lm.facebook.com (mobile).
  redirect: (url) => (url.hostname === 'l.facebook.com' || url.hostname === 'lm.facebook.com' ? url.searchParams.get('u') : null),
  handle: (p) => {
    const [a, b, c] = p.segs;
    if (a?.toLowerCase() === 'profile.php') {
      const id = p.url.searchParams.get('id');
      return id && DIGITS_RE.test(id) ? id : null;
    }
    if (a?.toLowerCase() === 'people' && c && DIGITS_RE.test(c)) return c;
    if (a?.toLowerCase() === 'pg' && b && /^[A-Za-z0-9.-]{1,80}$/.test(b)) return b;
    return firstSegment(/^[A-Za-z0-9.-]{1,80}$/, FB_RESERVED)(p);
  },
};
