/**
 * microblog-c's profile reader for creator discovery (src/platforms/reader.ts): a view over the
 * `microblogCProfile` operation (profile.ts: the signed-out Threads profile page, one request;
 * the profile GraphQL query as its fallback when the page ships no user object) — full name,
 * biography, bio links (the first is the website field), follower count, private flag. Threads
 * usernames are Instagram usernames: a Threads profile is made from an Instagram account and
 * carries its username (`usernamesOf`), so Threads @h and Instagram @h are one owner's.
 *
 * It reads through the operation (`operation` below): discovery's fetcher (src/discovery/
 * fetcher.ts `LookupFetcher.read(op, args)`, through runOperation) uses the operation's cache key, so a
 * lookup's read and a `GET /v1/microblog-c/profile` of the same account share one cache entry and
 * one in-flight fetch. `view` reads the operation's record (profile.ts `profileView`).
 */
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniq } from '../reader.js';
import { normalizeHandle } from '../social-b/parse.js';
import type { MicroblogCProfileRecord } from './profile.js';
import { fetchMicroblogCProfile, profile, profileView } from './profile.js';
import { THREADS } from './parse.js';

export const reader: ProfileReader<MicroblogCProfileRecord> = {
  platform: 'microblog-c',
  canonicalHandle: normalizeHandle,
  handleFromUrl: classifiedHandle('microblog-c'),
  profileUrl: (h) => `${THREADS}/@${h}`,
  probes: () => true,
  usernamesOf: 'social-b',
  // The page, and the profile query when the page ships no user object.
  requestsPerRead: 2,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchMicroblogCProfile(ctx, handle),
  view(record) {
    const p = profileView(record);
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
  operation: { op: profile, args: (handle: string) => ({ handle }) },
};
