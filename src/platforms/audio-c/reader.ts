/**
 * audio-c's profile reader for creator discovery (src/platforms/reader.ts): a SoundCloud user
 * through `resolve` (the artist operation's fetch and parse) and its web profiles (fetch.ts
 * `fetchArtistProfile`: two requests in a chain, plus the public client id when none is cached),
 * viewed as a profile — username (display name), description, the web profiles (a `personal`
 * one is the website field), follower count.
 */
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniq } from '../reader.js';
import type { AudioCProfile } from './fetch.js';
import { fetchArtistProfile } from './fetch.js';
import { normalizeHandle } from './parse.js';

export const reader: ProfileReader<AudioCProfile> = {
  platform: 'audio-c',
  canonicalHandle: normalizeHandle,
  handleFromUrl: classifiedHandle('audio-c'),
  profileUrl: (h) => `https://soundcloud.com/${h}`,
  probes: () => true,
  requestsPerRead: 3,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchArtistProfile(ctx, handle),
  view({ artist: a, webProfiles }, asked) {
    const permalink = a.permalink ?? asked;
    const websites = webProfiles
      .filter((p) => p.network === 'personal')
      .map((p) => absoluteUrl(p.url))
      .filter((x): x is string => !!x);
    return {
      platform: 'audio-c',
      handle: permalink,
      url: `https://soundcloud.com/${permalink}`,
      displayName: a.username ?? a.full_name,
      bio: a.description,
      websites,
      links: uniq([...websites, ...webProfiles.map((p) => p.url), ...bioUrls(a.description)]),
      emails: textEmails(a.description),
      ids: [identityOf('audio-c', permalink)],
      followers: a.followers_count,
      isPrivate: false,
    };
  },
};
