/**
 * audio-b's artist URLs (Apple Music), for the shared link classifier (src/links/classify.ts).
 */
import type { LinkRule } from '../../links/rules.js';

/** Apple Music: /[cc/]artist/[slug/]<numeric id>. */
export const links: LinkRule = {
  platform: 'audio-b',
  hosts: ['music.apple.com', 'itunes.apple.com'],
  handle: ({ segs }) => {
    const i = segs.findIndex((s) => s.toLowerCase() === 'artist');
    if (i < 0 || i > 1) return null;
    const id = segs.slice(i + 1).find((s) => /^(?:id)?\d{1,20}$/.test(s));
    return id ? id.replace(/^id/, '') : null;
  },
};
