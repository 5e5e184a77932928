/**
 * video's channel URLs (YouTube), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { SLUG_RE, afterPrefix, anyOf, atSegment, firstSegment } from '../../links/rules.js';

const YT_HANDLE_RE = /^[\p{L}\p{N}._·-]{3,30}$/u;
const YT_CHANNEL_RE = /^UC[A-Za-z0-9_-]{22}$/;

const YT_RESERVED = [
  'watch',
  'shorts',
  'playlist',
  'embed',
  'live',
  'results',
  'feed',
  'hashtag',
  'redirect',
  'premium',
  'music',
  'kids',
  'gaming',
  'about',
  'account',
  'channel',
  'c',
  'user',
  'post',
  'clip',
  'v',
  'e',
  'attribution_link',
  'signin',
  'logout',
  'upload',
  'studio',
  'howyoutubeworks',
  'creators',
  'ads',
  't',
  'trends',
  'jobs',
  'store',
  'podcasts',
  'new',
  'supported_browsers',
  'oembed',
  'iframe_api',
  'youtubei',
  's',
  'sw.js',
  'robots.txt',
];

/** YouTube: /@handle, /channel/UC…, /c/name, /user/name, legacy /name (youtu.be links are videos). */
const youtubeHandle = anyOf(
  atSegment(YT_HANDLE_RE),
  afterPrefix(['channel'], YT_CHANNEL_RE),
  afterPrefix(['c', 'user'], SLUG_RE),
  firstSegment(/^[A-Za-z0-9_-]{1,100}$/, YT_RESERVED),
);

export const links: LinkRule = {
  platform: 'video',
  hosts: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
  handle: (p) => (p.url.hostname.endsWith('youtu.be') ? null : youtubeHandle(p)),
  // Its outbound-link shim: youtube.com/redirect?q=<target>.
  redirect: (url) => (/(^|\.)youtube\.com$/.test(url.hostname) && url.pathname === '/redirect' ? url.searchParams.get('q') : null),
};
