/**
 * Profiles as discovery sees them, whatever the platform: who (platform, handle, URL, display
 * name), what they say (bio), which links they declare, and which addresses they list.
 *
 * One fetcher per platform with an extractor, each the platform module's own:
 *   social-b   `fetchProfile` (web_profile_info) — bio, `external_url`, `bio_links`, `business_email`
 *   shortvideo `fetchShortvideoProfile` — bio, `bioLink` + links written in the bio, display name
 *   video      `fetchChannel` — description, about-panel links, channel id and handle
 *   microblog-b `fetchUserByScreenName` (./microblog-b-user.ts) — bio, website and bio URL entities
 *   social-a   `fetchSocialAPage` (./social-a-page.ts) — name, og:description and intro bio, the intro
 *              card's website / e-mail / other-account items, outbound links; vanity name and id
 * Platforms without one here (professional, twitch, …) are known only by their URL.
 */
import { fetchProfile } from '../platforms/social-b/fetch.js';
import { profile as socialBProfileOp } from '../platforms/social-b/platform.js';
import { normalizeHandle as socialBHandle } from '../platforms/social-b/parse.js';
import { fetchShortvideoProfile } from '../platforms/shortvideo/fetch.js';
import { normaliseShortvideoHandle } from '../platforms/shortvideo/parse.js';
import type { ChannelRef } from '../platforms/video/channel-ref.js';
import { CHANNEL_ID_RE, handleFromChannelUrl, normalizeHandle as videoHandle, YOUTUBE_ORIGIN } from '../platforms/video/channel-ref.js';
import { fetchChannel } from '../platforms/video/fetch.js';
import { descriptionUrls } from '../platforms/video/parse.js';
import { channel as videoChannelOp } from '../platforms/video/platform.js';
import type { LookupFetcher } from './fetcher.js';
import { fetchUserByScreenName } from './microblog-b-user.js';
import { fetchSocialAPage } from './social-a-page.js';
import { emailsInText, linksInText } from './text.js';

export interface ProfileView {
  /** Neutral label. */
  platform: string;
  /** As the platform spells it, without @ (video: the handle, or the channel id when the channel has none). */
  handle: string;
  url: string;
  displayName: string | null;
  bio: string | null;
  /** Absolute http(s) URLs the profile declares: website fields first, then links in the bio. */
  links: string[];
  /** Addresses in its contact fields and bio. */
  emails: string[];
  /** Every `platform:identity` this profile answers to, lower-cased (a channel: its handle and its id). */
  ids: string[];
}

/** Platforms whose profiles discovery can fetch. */
export const FETCHABLE_PLATFORMS = ['social-b', 'shortvideo', 'video', 'microblog-b', 'social-a'] as const;
export type FetchablePlatform = (typeof FETCHABLE_PLATFORMS)[number];

export function isFetchable(platform: string): platform is FetchablePlatform {
  return (FETCHABLE_PLATFORMS as readonly string[]).includes(platform);
}

export const identity = (platform: string, handle: string) => `${platform}:${handle.toLowerCase()}`;

const X_RE = /^[A-Za-z0-9_]{1,15}$/;
const FB_RE = /^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/;

/**
 * The canonical handle a profile on `platform` is fetched by, or null when `handle` cannot be an
 * account there (so a same-handle probe on that platform is skipped).
 */
export function fetchHandle(platform: FetchablePlatform, handle: string): string | null {
  const h = handle.replace(/^@/, '');
  switch (platform) {
    case 'social-b':
      return socialBHandle(h);
    case 'shortvideo':
      return normaliseShortvideoHandle(h);
    case 'video':
      return CHANNEL_ID_RE.test(h) ? h : videoHandle(h);
    case 'microblog-b':
      return X_RE.test(h) ? h.toLowerCase() : null;
    case 'social-a':
      return FB_RE.test(h) ? h.toLowerCase() : null;
  }
}

function uniq(xs: Iterable<string>): string[] {
  return [...new Set(xs)];
}

function channelRefOf(handle: string): ChannelRef {
  return CHANNEL_ID_RE.test(handle) ? { kind: 'id', id: handle } : { kind: 'handle', handle: handle.toLowerCase() };
}

/** Fetches the profile `platform`/`handle` (canonical handle) through the lookup's fetcher. */
export function fetchProfileView(f: LookupFetcher, platform: FetchablePlatform, handle: string, opts: { timeoutMs?: number | null; required?: boolean } = {}): Promise<ProfileView> {
  switch (platform) {
    case 'social-b':
      return f.run('', (ctx) => fetchProfile(ctx, handle), { op: socialBProfileOp, args: { handle }, what: `social-b profile @${handle}`, ...opts }).then((p) => {
        const u = p.data.user;
        return {
          platform,
          handle: u.username,
          url: `https://www.instagram.com/${u.username}/`,
          displayName: u.full_name,
          bio: u.biography,
          links: uniq([
            ...(u.external_url ? [u.external_url] : []),
            ...u.bio_links.map((l) => l.url).filter((x): x is string => !!x),
            ...linksInText(u.biography),
          ]),
          emails: emailsInText(u.business_email, u.biography),
          ids: [identity(platform, u.username)],
        };
      });
    case 'shortvideo':
      return f.run(`shortvideo:profile:${handle}`, (ctx) => fetchShortvideoProfile(ctx, handle), { what: `shortvideo profile @${handle}`, ...opts }).then((p) => ({
        platform,
        handle: p.handle,
        url: p.url,
        displayName: p.displayName,
        bio: p.bio,
        links: uniq([...p.bioLinks, ...linksInText(p.bio)]),
        emails: emailsInText(p.bio),
        ids: [identity(platform, p.handle)],
      }));
    case 'video': {
      const ref = channelRefOf(handle);
      return f.run('', (ctx) => fetchChannel(ctx, ref), { op: videoChannelOp, args: { ref }, what: `video channel ${handle}`, ...opts }).then((c) => {
        const h = handleFromChannelUrl(c.channel);
        return {
          platform,
          handle: h ?? c.channelId,
          url: h ? `${YOUTUBE_ORIGIN}/@${h}` : `${YOUTUBE_ORIGIN}/channel/${c.channelId}`,
          displayName: c.name,
          bio: c.description,
          links: uniq([...c.links, ...descriptionUrls(c.description), ...linksInText(c.description)]),
          emails: emailsInText(c.email, c.description),
          ids: [identity(platform, c.channelId), ...(h ? [identity(platform, h)] : [])],
        };
      });
    }
    case 'microblog-b':
      return f.run(`microblog-b:user:${handle}`, (ctx) => fetchUserByScreenName(ctx, handle), { what: `microblog-b account @${handle}`, ...opts }).then((u) => {
        const l = u.legacy;
        const expanded = [...l.entities.url.urls, ...l.entities.description.urls].map((e) => e.expanded_url).filter((x): x is string => typeof x === 'string' && x !== '');
        return {
          platform,
          handle: l.screen_name,
          url: `https://x.com/${l.screen_name}`,
          displayName: l.name,
          bio: l.description,
          // t.co links are X's wrappers of the expanded URLs already listed.
          links: uniq([...expanded, ...linksInText(l.description).filter((x) => !/^https?:\/\/t\.co\//i.test(x))]),
          emails: emailsInText(l.description),
          ids: [identity(platform, l.screen_name)],
        };
      });
    case 'social-a':
      return f.run(`social-a:page:${handle}`, (ctx) => fetchSocialAPage(ctx, handle), { what: `social-a page ${handle}`, ...opts }).then((p) => ({
        platform,
        // Its vanity name when the page names one (a page asked for by id included), else as asked.
        handle: p.vanity ?? p.handle,
        url: p.vanity ? `https://www.facebook.com/${p.vanity}` : p.url,
        displayName: p.name,
        bio: [p.description, p.bio].filter(Boolean).join('\n') || null,
        links: p.links,
        emails: p.emails,
        ids: uniq([p.handle, p.vanity, p.id].filter((x): x is string => !!x).map((x) => identity(platform, x))),
      }));
  }
}
