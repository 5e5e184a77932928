/**
 * pinboard's profile reader for creator discovery (src/platforms/reader.ts): a view over the
 * `pinboardProfile` operation (profile.ts: UserResource, one request) — full name, about, the
 * website field, follower count.
 *
 * It reads through the operation (`operation` below): discovery's fetcher (src/discovery/
 * fetcher.ts `LookupFetcher.read(op, args)`, through runOperation) uses the operation's cache key, so a
 * lookup's read and a `GET /v1/pinboard/profile` of the same account share one cache entry and one
 * in-flight fetch. `view` reads the operation's record (profile.ts `profileView`).
 */
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniq } from '../reader.js';
import type { PinboardProfileRecord } from './profile.js';
import { fetchPinboardProfile, normalizeUsername, profile, profileView } from './profile.js';

export const reader: ProfileReader<PinboardProfileRecord> = {
  platform: 'pinboard',
  canonicalHandle: normalizeUsername,
  handleFromUrl: classifiedHandle('pinboard'),
  profileUrl: (h) => `https://www.pinterest.com/${h}/`,
  probes: () => true,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchPinboardProfile(ctx, handle),
  view(record) {
    const p = profileView(record);
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
  operation: { op: profile, args: (handle: string) => ({ handle }) },
};
