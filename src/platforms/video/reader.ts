/**
 * video's profile reader for creator discovery (src/platforms/reader.ts): the `channel`
 * operation's own fetch (channel page + about panel, two requests) and record, viewed as a
 * profile — description, about-panel links (the website fields), the about panel's e-mail,
 * subscriber count; the channel answers to its handle and its id. A handle here is a channel
 * handle or a channel id (`UC` + 22 characters, kept as written). Its cache entry is the operation's.
 */
import type { ProfileReader } from '../reader.js';
import { bioUrls, classifiedHandle, identityOf, textEmails, uniq } from '../reader.js';
import type { ChannelRef } from './channel-ref.js';
import { CHANNEL_ID_RE, handleFromChannelUrl, normalizeHandle, YOUTUBE_ORIGIN } from './channel-ref.js';
import { fetchChannel } from './fetch.js';
import type { VideoChannel } from './parse.js';
import { descriptionUrls } from './parse.js';

export const refOf = (handle: string): ChannelRef =>
  CHANNEL_ID_RE.test(handle) ? { kind: 'id', id: handle } : { kind: 'handle', handle: handle.toLowerCase() };

export const reader: ProfileReader<VideoChannel> = {
  platform: 'video',
  canonicalHandle: (raw) => {
    const h = raw.trim().replace(/^@/, '');
    return CHANNEL_ID_RE.test(h) ? h : normalizeHandle(h);
  },
  handleFromUrl: classifiedHandle('video'),
  profileUrl: (h) => (CHANNEL_ID_RE.test(h) ? `${YOUTUBE_ORIGIN}/channel/${h}` : `${YOUTUBE_ORIGIN}/@${h}`),
  probes: () => true,
  requestsPerRead: 2,
  stableIdentity: true,
  fetch: (ctx, handle) => fetchChannel(ctx, refOf(handle)),
  view(c) {
    const h = handleFromChannelUrl(c.channel);
    return {
      platform: 'video',
      handle: h ?? c.channelId,
      url: h ? `${YOUTUBE_ORIGIN}/@${h}` : `${YOUTUBE_ORIGIN}/channel/${c.channelId}`,
      displayName: c.name,
      bio: c.description,
      websites: c.links,
      links: uniq([...c.links, ...descriptionUrls(c.description), ...bioUrls(c.description)]),
      emails: textEmails(c.email, c.description),
      ids: [identityOf('video', c.channelId), ...(h ? [identityOf('video', h)] : [])],
      followers: c.subscriberCount,
      isPrivate: false,
    };
  },
};
