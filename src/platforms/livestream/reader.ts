/**
 * livestream's profile reader for creator discovery (src/platforms/reader.ts): the `channel`
 * operation's own fetch and record (`GET https://kick.com/api/v2/channels/<slug>`, one request;
 * its cache entry shared), viewed as a profile — the streamer's `bio`, the social fields
 * (`instagram`, `twitter`, `youtube`, `tiktok`, `facebook`, `discord`: bare handles or full URLs,
 * each made a profile URL), follower count.
 *
 * Never probed on a handle alone: Kick answers made-up slugs with real dormant channels
 * (../shared/fixtures/livestream/SOURCES.md), so a 200 says nothing about whose slug it is. A
 * linked channel is read; whether it is the creator's is the evidence's business, like any other —
 * and a slug equal to the creator's handle is no `same_handle_match` (no tie).
 */
import type { ProfileReader } from '../reader.js';
import { absoluteUrl, bioUrls, classifiedHandle, identityOf, textEmails, uniqUrls } from '../reader.js';
import { fetchChannel } from './fetch.js';
import type { LivestreamChannel } from './parse.js';
import { normalizeSlug, PLATFORM } from './parse.js';

/** A social field's bare handle as that platform's profile URL. */
const SOCIAL_URL: Record<string, (h: string) => string> = {
  instagram: (h) => `https://www.instagram.com/${h}`,
  twitter: (h) => `https://x.com/${h}`,
  youtube: (h) => `https://www.youtube.com/@${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  facebook: (h) => `https://www.facebook.com/${h}`,
};

/** A social field's value as a URL: a full URL as it is, a bare handle on its platform, else nothing. */
function socialUrl(field: string, value: string | null): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^(?:https?:\/\/|www\.)/i.test(v) || /^[a-z0-9.-]+\.[a-z]{2,}\//i.test(v)) return absoluteUrl(v);
  const h = v.replace(/^@/, '');
  return SOCIAL_URL[field] && /^[\p{L}\p{N}._-]{1,100}$/u.test(h) ? SOCIAL_URL[field](h) : null;
}

export const reader: ProfileReader<LivestreamChannel> = {
  platform: PLATFORM,
  canonicalHandle: normalizeSlug,
  // Kick answers any slug with some channel: holding the creator's handle there ties nothing.
  sameHandleOf: () => null,
  handleFromUrl: classifiedHandle(PLATFORM),
  profileUrl: (slug) => `https://kick.com/${slug}`,
  probes: () => false,
  requestsPerRead: 1,
  stableIdentity: true,
  fetch: (ctx, slug) => fetchChannel(ctx, { slug }),
  view(c, asked) {
    const slug = (c.slug ?? asked).toLowerCase();
    const u = c.user;
    const bio = u?.bio || null;
    const socials = u ? (['instagram', 'twitter', 'youtube', 'tiktok', 'facebook', 'discord'] as const).map((k) => socialUrl(k, u[k])) : [];
    return {
      platform: PLATFORM,
      handle: slug,
      url: `https://kick.com/${slug}`,
      displayName: u?.username ?? null,
      bio,
      websites: [],
      links: uniqUrls([...socials.filter((x): x is string => !!x), ...bioUrls(bio)]),
      emails: textEmails(bio),
      ids: [identityOf(PLATFORM, slug)],
      followers: c.followers_count,
      isPrivate: false,
    };
  },
};
