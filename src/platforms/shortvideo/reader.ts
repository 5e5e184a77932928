/**
 * shortvideo's profile reader for creator discovery (src/platforms/reader.ts): the profile page
 * extractor (fetch.ts `fetchShortvideoProfile`, one request; parse.ts) viewed as a profile —
 * signature (bio), `bioLink` (the website field) and links written in the bio, nickname,
 * follower count, private flag. No operation of its own, so no cache entry to share.
 */
import type { ProfileReader } from '../reader.js';
import { bioUrls, classifiedHandle, identityOf, textEmails } from '../reader.js';
import { fetchShortvideoProfile } from './fetch.js';
import type { ShortvideoProfile } from './parse.js';
import { normaliseShortvideoHandle } from './parse.js';

export const reader: ProfileReader<ShortvideoProfile> = {
  platform: 'shortvideo',
  canonicalHandle: normaliseShortvideoHandle,
  handleFromUrl: classifiedHandle('shortvideo'),
  profileUrl: (h) => `https://www.tiktok.com/@${h}`,
  probes: () => true,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchShortvideoProfile(ctx, handle),
  view(p) {
    // bioLinks: `bioLink.link` first (the website field), then URLs written in the bio.
    const written = new Set(bioUrls(p.bio));
    const declared = p.bioLinks.filter((l) => !written.has(l)).slice(0, 1);
    return {
      platform: 'shortvideo',
      handle: p.handle,
      url: p.url,
      displayName: p.displayName,
      bio: p.bio,
      websites: declared,
      links: p.bioLinks,
      emails: textEmails(p.bio),
      ids: [identityOf('shortvideo', p.handle)],
      followers: p.followerCount,
      isPrivate: p.private === true,
    };
  },
};
