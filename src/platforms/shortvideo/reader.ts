/**
 * shortvideo's profile reader for creator discovery (src/platforms/reader.ts): a view over the
 * `shortvideoProfile` operation (profile.ts: the profile page, one request, parsed once) —
 * signature (bio), `bioLink` (the website field) and links written in the bio, nickname,
 * follower count, private flag.
 *
 * It reads through the operation (`operation` below): discovery's fetcher (src/discovery/
 * fetcher.ts `LookupFetcher.read(op, args)`, through runOperation) uses the operation's cache key, so a
 * lookup's read and a `GET /v1/shortvideo/profile` of the same account share one cache entry and
 * one in-flight fetch. `view` reads the operation's record (profile.ts `profileView`).
 */
import type { ProfileReader } from '../reader.js';
import { bioUrls, classifiedHandle, identityOf, textEmails } from '../reader.js';
import type { ShortvideoProfileRecord } from './profile.js';
import { fetchShortvideoProfileRecord, profile, profileView } from './profile.js';
import { normaliseShortvideoHandle } from './parse.js';

export const reader: ProfileReader<ShortvideoProfileRecord> = {
  platform: 'shortvideo',
  canonicalHandle: normaliseShortvideoHandle,
  handleFromUrl: classifiedHandle('shortvideo'),
  profileUrl: (h) => `https://www.tiktok.com/@${h}`,
  probes: () => true,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchShortvideoProfileRecord(ctx, handle),
  view(record) {
    const p = profileView(record);
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
  // The canonical handle is the operation's canonical argument (normaliseShortvideoHandle both).
  operation: { op: profile, args: (handle: string) => ({ handle }) },
};
