/**
 * pinboard's profile reader for creator discovery (src/platforms/reader.ts): a Pinterest user
 * (profile.ts `fetchUserProfile`: UserResource, one request), viewed as a profile —
 * full name, about, the website field, follower count.
 */
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniq } from '../reader.js';
import type { PinboardProfile } from './profile.js';
import { fetchUserProfile, normalizeUsername } from './profile.js';

export const reader: ProfileReader<PinboardProfile> = {
  platform: 'pinboard',
  canonicalHandle: normalizeUsername,
  handleFromUrl: classifiedHandle('pinboard'),
  profileUrl: (h) => `https://www.pinterest.com/${h}/`,
  probes: () => true,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchUserProfile(ctx, handle),
  view(p) {
    const website = absoluteUrl(p.websiteUrl);
    return {
      platform: 'pinboard',
      handle: p.username,
      url: p.url,
      displayName: p.fullName,
      bio: p.about,
      websites: website ? [website] : [],
      links: uniq([...(website ? [website] : []), ...bioUrls(p.about)]),
      emails: textEmails(p.about),
      ids: [identityOf('pinboard', p.username)],
      followers: p.followerCount,
      isPrivate: false,
    };
  },
};
