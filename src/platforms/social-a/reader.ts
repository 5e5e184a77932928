/**
 * social-a's profile reader for creator discovery (src/platforms/reader.ts): a page's logged-out
 * HTML (page.ts `fetchSocialAPage`, one request) viewed as a profile — name, og:description and
 * the intro card's bio, its website / e-mail / other-account items, outbound links; the page
 * answers to its vanity name and its numeric id.
 *
 * Never probed on a handle alone: logged-out pages are login-walled too often to say whether a
 * page exists. Not a stable identity: a page that does not name its vanity is known by the name
 * it was asked for, so a second read by id could rename it.
 */
import type { ProfileReader } from '../reader.js';
import { classifiedHandle, identityOf, uniq } from '../reader.js';
import type { SocialAPage } from './page.js';
import { fetchSocialAPage, socialAPageUrl } from './page.js';

/** Page usernames (letters, digits, periods; older vanities also hyphens) or a numeric id, case-insensitive. */
const PAGE_RE = /^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/;

export const reader: ProfileReader<SocialAPage> = {
  platform: 'social-a',
  canonicalHandle: (raw) => {
    const h = raw.trim().replace(/^@/, '');
    return PAGE_RE.test(h) ? h.toLowerCase() : null;
  },
  handleFromUrl: classifiedHandle('social-a'),
  profileUrl: socialAPageUrl,
  probes: () => false,
  requestsPerRead: 1,
  stableIdentity: false,
  fetch: (ctx, handle) => fetchSocialAPage(ctx, handle),
  view(p) {
    return {
      platform: 'social-a',
      // Its vanity name when the page names one (a page asked for by id included), else as asked.
      handle: p.vanity ?? p.handle,
      url: p.vanity ? `https://www.facebook.com/${p.vanity}` : p.url,
      displayName: p.name,
      bio: [p.description, p.bio].filter(Boolean).join('\n') || null,
      websites: p.websites,
      links: p.links,
      emails: p.emails,
      ids: uniq([p.handle, p.vanity, p.id].filter((x): x is string => !!x).map((x) => identityOf('social-a', x))),
      followers: null,
      isPrivate: false,
    };
  },
};
