/**
 * microblog-b's profile reader for creator discovery (src/platforms/reader.ts): `UserByScreenName`
 * (user.ts, with the module's guest-token and query-id sources: one request, plus a guest-token
 * activation when none is cached) and microblog-b's own user parser, viewed as a profile — the
 * bio, the website field and the bio's URL entities (expanded: the t.co wrappers are X's copies
 * of them), follower count, `protected`. A protected account's header is public on X.
 */
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniq } from '../reader.js';
import type { MicroblogBUser } from './parse.js';
import { fetchUserByScreenName } from './user.js';

/** X screen names: 1–15 letters, digits and underscores, case-insensitive. */
const SCREEN_NAME_RE = /^[A-Za-z0-9_]{1,15}$/;
const T_CO_RE = /^https?:\/\/t\.co\//i;

export const reader: ProfileReader<MicroblogBUser> = {
  platform: 'microblog-b',
  canonicalHandle: (raw) => {
    const h = raw.trim().replace(/^@/, '');
    return SCREEN_NAME_RE.test(h) ? h.toLowerCase() : null;
  },
  handleFromUrl: classifiedHandle('microblog-b'),
  profileUrl: (h) => `https://x.com/${h}`,
  probes: () => true,
  requestsPerRead: 2,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchUserByScreenName(ctx, handle),
  view(u) {
    const l = u.legacy;
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
};
