/**
 * newsletter's profile reader for creator discovery (src/platforms/reader.ts): the `profile`
 * operation's own fetch and record (`GET https://substack.com/api/v1/user/<handle>/public_profile`,
 * one request; its cache entry shared), viewed as a profile — `name`, `bio`, `userLinks`, the
 * Twitter account it connected, its publications' custom domains (websites it declares).
 *
 * Profile URLs: `substack.com/@<handle>` and `<name>.substack.com` — Substack serves each profile
 * at `<handle>.substack.com` (`subdomainUrl`), and a publication at its own subdomain: a read
 * account answers to its handle and to the subdomains of the publications it runs, so a link to
 * either is one account. Probed on a handle alone: a Substack handle names one account.
 */
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniqUrls } from '../reader.js';
import { fetchProfile } from './fetch.js';
import type { NewsletterProfile } from './parse.js';
import { normalizeHandle, PLATFORM } from './parse.js';

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as any) : null);

/** The publications the account runs (primary, then the others it is an admin of). */
function publications(p: NewsletterProfile): Record<string, unknown>[] {
  const out = [obj(p.primaryPublication)];
  for (const pu of p.publicationUsers ?? []) {
    const u = obj(pu);
    if (u && (u.is_primary === true || u.role === 'admin')) out.push(obj(u.publication));
  }
  return out.filter((x): x is Record<string, unknown> => !!x);
}

export const reader: ProfileReader<NewsletterProfile> = {
  platform: PLATFORM,
  canonicalHandle: normalizeHandle,
  handleFromUrl: classifiedHandle(PLATFORM),
  profileUrl: (h) => `https://substack.com/@${h}`,
  probes: () => true,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchProfile(ctx, { handle }),
  view(p, asked) {
    const handle = (p.handle ?? asked).toLowerCase();
    const pubs = publications(p);
    const domains = pubs.map((x) => str(x.custom_domain)).filter((x): x is string => !!x);
    const websites = uniqUrls(domains.map((d) => absoluteUrl(d)).filter((x): x is string => !!x));
    const userLinks = (p.userLinks ?? []).map((l) => absoluteUrl(str(obj(l)?.url))).filter((x): x is string => !!x);
    const twitter = str(obj(p.twitterAccount)?.screen_name);
    const subdomains = pubs.map((x) => str(x.subdomain)?.toLowerCase()).filter((x): x is string => !!x);
    return {
      platform: PLATFORM,
      handle,
      url: `https://substack.com/@${handle}`,
      displayName: p.name,
      bio: p.bio,
      websites,
      links: uniqUrls([...websites, ...userLinks, ...(twitter ? [`https://x.com/${twitter}`] : []), ...bioUrls(p.bio)]),
      emails: textEmails(p.bio),
      ids: [...new Set([handle, ...subdomains])].map((h) => identityOf(PLATFORM, h)),
      followers: p.subscriberCountNumber ?? null,
      isPrivate: false,
    };
  },
};
