/**
 * audio-a's artist and user URLs (Spotify), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';
import { afterPrefix } from '../../links/rules.js';

/** Spotify: optional /intl-xx prefix, then /artist/<id> or /user/<id>. */
export const links: LinkRule = {
  platform: 'audio-a',
  hosts: ['open.spotify.com', 'play.spotify.com', 'spotify.com', 'spotify.link', 'spoti.fi'],
  shorteners: ['spoti.fi', 'spotify.link'],
  handle: (p) => {
    const segs = /^intl-[a-z-]+$/i.test(p.segs[0] ?? '') ? p.segs.slice(1) : p.segs;
    return afterPrefix(['artist', 'user'], /^[A-Za-z0-9._-]{1,64}$/)({ ...p, segs });
  },
};
