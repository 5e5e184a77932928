/**
 * forum's profile reader for creator discovery (src/platforms/reader.ts): a view over the
 * `forumUser` operation (user.ts: the user's `about`, one request) — the profile's display name
 * and description (links and addresses written in it), follower count.
 *
 * It reads through the operation (`operation` below): discovery's fetcher (src/discovery/
 * fetcher.ts `LookupFetcher.read(op, args)`, through runOperation) uses the operation's cache key, so a
 * lookup's read and a `GET /v1/forum/user` of the same account share one cache entry and one
 * in-flight fetch. `view` reads the operation's record (user.ts `userView`).
 *
 * Quota: Reddit throttles anonymous JSON clients hard, so without a Reddit application a user is
 * never probed on a same handle alone; it is read only when something already points at it (a link
 * from the creator, a search result, a creator website's link), at most 2 a lookup. With one
 * (REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET) reads go to oauth.reddit.com with its application
 * token (api.ts; 100 queries a minute) and the same handle is probed too (one probe a lookup).
 */
import type { ProfileReader } from '../reader.js';
import { bioUrls, classifiedHandle, identityOf, textEmails } from '../reader.js';
import { normalizeUsername } from './profile.js';
import type { ForumUserRecord } from './user.js';
import { fetchForumUser, forumUser, userView } from './user.js';

export const reader: ProfileReader<ForumUserRecord> = {
  platform: 'forum',
  canonicalHandle: normalizeUsername,
  handleFromUrl: classifiedHandle('forum'),
  profileUrl: (h) => `https://www.reddit.com/user/${h}/`,
  probes: (config) => config.redditApp != null,
  maxReads: () => 2,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchForumUser(ctx, handle),
  view(record) {
    const u = userView(record);
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
  operation: { op: forumUser, args: (handle: string) => ({ handle }) },
};
