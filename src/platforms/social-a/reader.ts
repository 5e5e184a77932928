/**
 * social-a's profile reader for creator discovery (src/platforms/reader.ts): a view over the
 * `socialAPage` operation (page.ts: a page's logged-out HTML, one request) — name,
 * og:description and the intro card's bio, its website / e-mail / other-account items, outbound
 * links; the page answers to its vanity name and its numeric id.
 *
 * It reads through the operation (`operation` below): discovery's fetcher (src/discovery/
 * fetcher.ts `LookupFetcher.read(op, args)`, through runOperation) uses the operation's cache key — the
 * page's vanity (lower case) or its numeric id, as a `GET /v1/social-a/page?url=…` of that page
 * normalises it — so a lookup's read and the REST call share one cache entry and one in-flight
 * fetch. `view` reads the operation's record as the page asked for (page.ts `profileView`).
 *
 * Never probed on a handle alone: logged-out pages are login-walled too often to say whether a
 * page exists. Not a stable identity: a page that does not name its vanity is known by the name
 * it was asked for, so a second read by id could rename it.
 */
import type { ProfileReader } from '../reader.js';
import { classifiedHandle, identityOf, uniq } from '../reader.js';
import type { SocialAPageRecord } from './page.js';
import { fetchSocialAPageRecord, page, profileView, socialAPageUrl } from './page.js';

/** Page usernames (letters, digits, periods; older vanities also hyphens) or a numeric id, case-insensitive. */
const PAGE_RE = /^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/;

export const reader: ProfileReader<SocialAPageRecord> = {
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
  fetch: (ctx, handle) => fetchSocialAPageRecord(ctx, handle),
  view(record, handle) {
    const p = profileView(record, handle);
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
      // Where the page shows them (the operation's record reads its social context).
      followers: record.page.follower_count,
      isPrivate: false,
    };
  },
  operation: { op: page, args: (handle: string) => ({ handle }) },
};
