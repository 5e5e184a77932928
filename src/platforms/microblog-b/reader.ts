/**
 * microblog-b's profile reader for creator discovery (src/platforms/reader.ts): a view over the
 * `microblogBProfile` operation (profile.ts: `UserByScreenName` through user.ts, with the
 * module's guest-token and query-id sources — one request, plus a guest-token activation when
 * none is cached) — the bio, the website field and the bio's URL entities (expanded: the t.co
 * wrappers are X's copies of them), follower count, `protected`. A protected account's header is
 * public on X.
 *
 * It reads through the operation (`operation` below): discovery's fetcher (src/discovery/
 * fetcher.ts `LookupFetcher.read(op, args)`, through runOperation) uses the operation's cache key, so a
 * lookup's read and a `GET /v1/microblog-b/profile` of the same account share one cache entry and
 * one in-flight fetch. `view` reads the record's `user`.
 */
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniq } from '../reader.js';
import type { MicroblogBProfile } from './profile.js';
import { fetchMicroblogBProfile, normalizeScreenName, profile } from './profile.js';

const T_CO_RE = /^https?:\/\/t\.co\//i;

export const reader: ProfileReader<MicroblogBProfile> = {
  platform: 'microblog-b',
  // X screen names: 1–15 letters, digits and underscores, case-insensitive (the operation's canonical form).
  canonicalHandle: normalizeScreenName,
  handleFromUrl: classifiedHandle('microblog-b'),
  profileUrl: (h) => `https://x.com/${h}`,
  probes: () => true,
  requestsPerRead: 2,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchMicroblogBProfile(ctx, handle),
  view({ user }) {
    const l = user.legacy;
    const expanded = (xs: { expanded_url?: unknown }[]) =>
      xs.map((e) => e.expanded_url).filter((x): x is string => typeof x === 'string' && x !== '');
    const site = expanded(l.entities.url.urls)
      .map(absoluteUrl)
      .filter((x): x is string => !!x);
    return {
      platform: 'microblog-b',
      handle: l.screen_name,
      url: `https://x.com/${l.screen_name}`,
      displayName: l.name,
      bio: l.description,
      websites: site,
      links: uniq([
        ...expanded(l.entities.url.urls),
        ...expanded(l.entities.description.urls),
        ...bioUrls(l.description).filter((x) => !T_CO_RE.test(x)),
      ]),
      emails: textEmails(l.description),
      ids: [identityOf('microblog-b', l.screen_name)],
      followers: l.followers_count,
      isPrivate: l.protected === true,
    };
  },
  operation: { op: profile, args: (handle: string) => ({ handle }) },
};
