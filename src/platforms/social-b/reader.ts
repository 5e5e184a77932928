/**
 * social-b's profile reader for creator discovery (src/platforms/reader.ts): the `profile`
 * operation's own fetch (web_profile_info, one request) and record, viewed as a profile —
 * bio, `external_url` (the website field), `bio_links`, `business_email`, follower count,
 * `is_private`. Its cache entry is the operation's.
 */
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniq } from '../reader.js';
import { fetchProfile } from './fetch.js';
import type { SocialBProfile } from './parse.js';
import { normalizeHandle } from './parse.js';

export const reader: ProfileReader<SocialBProfile> = {
  platform: 'social-b',
  canonicalHandle: normalizeHandle,
  handleFromUrl: classifiedHandle('social-b'),
  profileUrl: (h) => `https://www.instagram.com/${h}/`,
  probes: () => true,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchProfile(ctx, handle),
  view(p) {
    const u = p.data.user;
    const website = absoluteUrl(u.external_url);
    return {
      platform: 'social-b',
      handle: u.username,
      url: `https://www.instagram.com/${u.username}/`,
      displayName: u.full_name,
      bio: u.biography,
      websites: website ? [website] : [],
      links: uniq([
        ...(u.external_url ? [u.external_url] : []),
        ...u.bio_links.map((l) => l.url).filter((x): x is string => !!x),
        ...bioUrls(u.biography),
      ]),
      emails: textEmails(u.business_email, u.biography),
      ids: [identityOf('social-b', u.username)],
      followers: u.edge_followed_by.count,
      isPrivate: u.is_private === true,
    };
  },
};
