/**
 * The creator tools' `platform` + `handle` input: which source profile a caller means.
 *
 * `handle` is a handle (leading @ optional), never a profile URL (api.md: "string, no profile
 * URL"); the video platform also accepts a channel id (`UC` + 22 characters). Each platform's
 * own handle rules are reused from its module, so `@Name` and `name` share one canonical form.
 */
import { normalizeHandle as socialBHandle } from '../platforms/social-b/parse.js';
import { normaliseShortvideoHandle } from '../platforms/shortvideo/parse.js';
import type { ChannelRef } from '../platforms/video/channel-ref.js';
import { CHANNEL_ID_RE, channelCacheKey, normalizeHandle as videoHandle } from '../platforms/video/channel-ref.js';
import type { SourcePlatform } from './types.js';
import { canonicalPlatform } from './types.js';

/** X screen names: 1–15 letters, digits and underscores. */
const X_HANDLE_RE = /^[a-z0-9_]{1,15}$/;
/** Facebook page usernames (letters, digits, periods; older vanities also hyphens) or a numeric profile id. */
const FB_HANDLE_RE = /^[a-z0-9][a-z0-9.-]{0,99}$/;

/** Hosts whose name in a "handle" means the caller pasted a profile URL. */
const PROFILE_HOST_RE =
  /(?:^|[.@\s])(?:instagram\.com|instagr\.am|tiktok\.com|youtube\.com|youtu\.be|x\.com|twitter\.com|facebook\.com|fb\.com|fb\.me)\b/i;

/** A profile URL (or anything URL-like) where a handle belongs. */
export function looksLikeProfileUrl(input: string): boolean {
  const s = input.trim();
  return s.includes('://') || s.includes('/') || PROFILE_HOST_RE.test(s);
}

export type SourceRef =
  | { platform: 'social-b' | 'shortvideo' | 'microblog-b' | 'social-a'; handle: string }
  | { platform: 'video'; handle: string; channel: ChannelRef };

/**
 * The canonical source reference for `platform` + `handle`, or a message saying why the handle is
 * not one (reported on the `handle` parameter).
 */
export function parseSourceHandle(platform: SourcePlatform, raw: string): { ok: true; ref: SourceRef } | { ok: false; message: string } {
  const input = raw.trim();
  if (looksLikeProfileUrl(input)) return { ok: false, message: 'must be a handle (leading @ optional), not a profile URL' };
  const p = canonicalPlatform(platform);
  switch (p) {
    case 'social-b': {
      const h = socialBHandle(input);
      return h
        ? { ok: true, ref: { platform: p, handle: h } }
        : { ok: false, message: 'must be a social-b username: 1 to 30 letters, digits, periods and underscores' };
    }
    case 'shortvideo': {
      const h = normaliseShortvideoHandle(input);
      return h
        ? { ok: true, ref: { platform: p, handle: h } }
        : { ok: false, message: 'must be a shortvideo username: 2 to 24 letters, digits, periods and underscores' };
    }
    case 'video': {
      if (CHANNEL_ID_RE.test(input)) return { ok: true, ref: { platform: p, handle: input, channel: { kind: 'id', id: input } } };
      const h = videoHandle(input);
      return h
        ? { ok: true, ref: { platform: p, handle: h, channel: { kind: 'handle', handle: h } } }
        : {
            ok: false,
            message:
              'must be a video channel handle (3 to 30 letters, digits, _, -, . or ·) or a channel id (UC followed by 22 characters)',
          };
    }
    case 'microblog-b': {
      const h = input.replace(/^@/, '').toLowerCase();
      return X_HANDLE_RE.test(h)
        ? { ok: true, ref: { platform: p, handle: h } }
        : { ok: false, message: 'must be a microblog-b screen name: 1 to 15 letters, digits and underscores' };
    }
    case 'social-a': {
      const h = input.replace(/^@/, '').toLowerCase();
      return FB_HANDLE_RE.test(h)
        ? { ok: true, ref: { platform: p, handle: h } }
        : { ok: false, message: 'must be a social-a page username (letters, digits and periods) or a numeric page id' };
    }
  }
}

/** Cache-key text: every spelling of one source shares it (the caller's platform spelling kept: it is echoed). */
export function sourceKey(platform: SourcePlatform, ref: SourceRef): string {
  return `${platform}|${ref.platform === 'video' ? channelCacheKey(ref.channel) : ref.handle}`;
}
