/**
 * forum's profile reader for creator discovery (src/platforms/reader.ts): a Reddit user's
 * about.json (fetch.ts `fetchUserAbout`, one request), viewed as a profile — the profile's
 * display name and description (links and addresses written in it), follower count.
 *
 * Quota: Reddit throttles anonymous JSON clients hard, so without a Reddit application a user is
 * never probed on a same handle alone; it is read only when something already points at it (a link
 * from the creator, a search result, a creator website's link), at most 2 a lookup. With one
 * (REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET) reads go to oauth.reddit.com with its application
 * token (api.ts; 100 queries a minute) and the same handle is probed too (one probe a lookup).
 */
import type { ProfileReader } from '../reader.js';
import { bioUrls, classifiedHandle, identityOf, textEmails } from '../reader.js';
import { fetchUserAbout } from './fetch.js';
import type { ForumUser } from './profile.js';
import { normalizeUsername } from './profile.js';

export const reader: ProfileReader<ForumUser> = {
  platform: 'forum',
  canonicalHandle: normalizeUsername,
  handleFromUrl: classifiedHandle('forum'),
  profileUrl: (h) => `https://www.reddit.com/user/${h}/`,
  probes: (config) => config.redditApp != null,
  maxReads: () => 2,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchUserAbout(ctx, handle),
  view(u) {
    return {
      platform: 'forum',
      handle: u.name,
      url: u.url,
      displayName: u.displayName,
      bio: u.description,
      websites: [],
      links: bioUrls(u.description),
      emails: textEmails(u.description),
      ids: [identityOf('forum', u.name)],
      followers: u.followers,
      isPrivate: false,
    };
  },
};
