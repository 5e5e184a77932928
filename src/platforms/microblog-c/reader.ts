/**
 * microblog-c's profile reader for creator discovery (src/platforms/reader.ts): a Threads
 * public profile page (profile.ts `fetchProfilePage`, one request), viewed as a
 * profile — full name, biography, bio links (the first is the website field), follower count,
 * private flag. Threads usernames are Instagram usernames.
 */
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniq } from '../reader.js';
import { normalizeHandle } from '../social-b/parse.js';
import { fetchProfilePage } from './profile.js';
import type { MicroblogCProfile } from './profile.js';
import { THREADS } from './parse.js';

export const reader: ProfileReader<MicroblogCProfile> = {
  platform: 'microblog-c',
  canonicalHandle: normalizeHandle,
  handleFromUrl: classifiedHandle('microblog-c'),
  profileUrl: (h) => `${THREADS}/@${h}`,
  probes: () => true,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchProfilePage(ctx, handle),
  view(p) {
    const links = p.bioLinks.map(absoluteUrl).filter((x): x is string => !!x);
    return {
      platform: 'microblog-c',
      handle: p.username,
      url: `${THREADS}/@${p.username}`,
      displayName: p.fullName,
      bio: p.biography,
      websites: links.slice(0, 1),
      links: uniq([...links, ...bioUrls(p.biography)]),
      emails: textEmails(p.biography),
      ids: [identityOf('microblog-c', p.username)],
      followers: p.followerCount,
      isPrivate: p.isPrivate === true,
    };
  },
};
