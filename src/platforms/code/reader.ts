/**
 * code's profile reader for creator discovery (src/platforms/reader.ts): a GitHub user (user.ts
 * `fetchCodeUser`, the `codeUser` operation's fetch and parse: the user and its social accounts,
 * two requests sent together; a failed social-accounts request leaves those links out with a
 * counted warning, never the account unread), viewed as a profile — name, bio, `blog` (the website
 * field), `twitter_username`, the social accounts, the public e-mail, follower count.
 *
 * Quota: anonymous API calls share 60 requests an hour per address. Without GITHUB_TOKEN a user
 * is read only when something else already points at it (a link from the creator, a search
 * result, a creator website's link) — never on a same handle alone — and at most 2 users a
 * lookup (4 requests); with a token, same-handle probes too and at most 4 users (8 requests).
 */
import { isPartialRead, partialRead } from '../partial-read.js';
import type { ProfileReader } from '../reader.js';
import { parsed } from '../operation.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniq } from '../reader.js';
import type { CodeProfile } from './fetch.js';
import { normalizeLogin } from './profile.js';
import { fetchCodeUser, profileView } from './user.js';

export const reader: ProfileReader<CodeProfile> = {
  platform: 'code',
  canonicalHandle: normalizeLogin,
  handleFromUrl: classifiedHandle('code'),
  profileUrl: (h) => `https://github.com/${h}`,
  probes: (config) => !!config.githubToken,
  maxReads: (config) => (config.githubToken ? 4 : 2),
  requestsPerRead: 2,
  stableIdentity: true,
  fetch: async (ctx, handle) => {
    const record = await fetchCodeUser(ctx, handle);
    // Its view keeps the record's mark: a user read without its social accounts is a partial read.
    const view = parsed(ctx, () => profileView(record));
    return isPartialRead(record) ? partialRead(view) : view;
  },
  view({ user: u, socialAccounts }) {
    const blog = absoluteUrl(u.blog);
    return {
      platform: 'code',
      handle: u.login,
      url: `https://github.com/${u.login}`,
      displayName: u.name,
      bio: u.bio,
      websites: blog ? [blog] : [],
      links: uniq([
        ...(blog ? [blog] : []),
        ...(u.twitter_username ? [`https://x.com/${u.twitter_username}`] : []),
        ...socialAccounts.map((a) => a.url),
        ...bioUrls(u.bio),
      ]),
      emails: textEmails(u.email, u.bio),
      ids: [identityOf('code', u.login)],
      followers: u.followers,
      isPrivate: false,
    };
  },
};
