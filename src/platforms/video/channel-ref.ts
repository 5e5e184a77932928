/**
 * Which YouTube channel a caller means: a channel id (`UC` + 22 characters), a handle (`@name`,
 * the `@` optional) or a channel URL. Pure functions, shared with creator discovery (its `handle`
 * parameter "also accepts channel IDs" for the video platform).
 *
 * URL forms accepted (http or https, with or without a scheme, `www.` / `m.` / bare host, an
 * optional tab suffix such as `/about` or `/videos`, any query or fragment):
 *   youtube.com/@handle · youtube.com/channel/UC… · youtube.com/c/name · youtube.com/user/name
 *
 * What can be known without fetching: a handle and a URL naming the same handle are one channel;
 * so are an id and a `/channel/<id>` URL. Whether `@handle` and `UC…` are the same channel (or
 * which channel a `/c/` or `/user/` name now points at) only the page can say, so those keep
 * separate cache entries (`channelCacheKey`).
 *
 * Also the `channelId` / `handle` / `url` parameters (one of them, checked) of the routes that
 * take a channel.
 */
import { parseUserUrl } from '../../links/user-url.js';
import { safeDecode } from '../../parse/index.js';
import type { ParamSpec } from '../operation.js';

export type ChannelRef =
  | { kind: 'id'; id: string }
  /** Without the leading @, lower-cased (YouTube handles are case-insensitive). */
  | { kind: 'handle'; handle: string }
  /** Legacy custom URL `/c/<name>`. */
  | { kind: 'custom'; name: string }
  /** Legacy username URL `/user/<name>`. */
  | { kind: 'user'; name: string };

export const CHANNEL_ID_RE = /^UC[A-Za-z0-9_-]{22}$/;
/**
 * YouTube's handle rules: 3 to 30 characters; letters and digits of any script (with their
 * combining marks), underscore, hyphen, period and middle dot.
 */
const HANDLE_RE = /^[\p{L}\p{M}\p{N}._·-]{3,30}$/u;
/** Legacy `/c/` and `/user/` names. */
const LEGACY_NAME_RE = /^[\p{L}\p{M}\p{N}._-]{1,100}$/u;

const CHANNEL_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
/** Channel tabs that may follow the channel part of a URL. */
const TAB_SUFFIXES = new Set([
  'about',
  'featured',
  'videos',
  'shorts',
  'streams',
  'live',
  'playlists',
  'community',
  'posts',
  'podcasts',
  'releases',
  'store',
  'channels',
  'courses',
  'membership',
  'search',
]);

export const YOUTUBE_ORIGIN = 'https://www.youtube.com';

/** `@Name`, `name` → `name` (lower-cased), or null when it is not a valid handle. */
export function normalizeHandle(input: string): string | null {
  const s = input.trim().replace(/^@/, '');
  return HANDLE_RE.test(s) ? s.toLowerCase() : null;
}

const decodeOrNull = (s: string): string | null => safeDecode(s, () => null);

/** A channel URL → the channel it names, or null for anything else (videos, other sites, bad input). */
export function parseChannelUrl(input: string): ChannelRef | null {
  const u = parseUserUrl(input);
  if (!u || !CHANNEL_HOSTS.has(u.hostname.toLowerCase())) return null;
  const segs: string[] = [];
  for (const raw of u.pathname.split('/').filter(Boolean)) {
    const seg = decodeOrNull(raw);
    if (seg === null) return null;
    segs.push(seg);
  }
  const [first, second] = segs;
  if (!first) return null;
  let ref: ChannelRef | null = null;
  let used: number;
  if (first.startsWith('@')) {
    const handle = normalizeHandle(first);
    ref = handle ? { kind: 'handle', handle } : null;
    used = 1;
  } else {
    const prefix = first.toLowerCase();
    used = 2;
    if (prefix === 'channel' && second && CHANNEL_ID_RE.test(second)) ref = { kind: 'id', id: second };
    else if (prefix === 'c' && second && LEGACY_NAME_RE.test(second)) ref = { kind: 'custom', name: second.toLowerCase() };
    else if (prefix === 'user' && second && LEGACY_NAME_RE.test(second)) ref = { kind: 'user', name: second.toLowerCase() };
  }
  if (!ref) return null;
  const rest = segs.slice(used);
  if (rest.length > 1 || (rest.length === 1 && !TAB_SUFFIXES.has(rest[0].toLowerCase()))) return null;
  return ref;
}

/**
 * What a creator-discovery caller passes as a video "handle": a channel id, a handle (with or
 * without @) or a channel URL.
 */
export function parseChannelInput(input: string): ChannelRef | null {
  const s = input.trim();
  if (CHANNEL_ID_RE.test(s)) return { kind: 'id', id: s };
  const handle = normalizeHandle(s);
  if (handle) return { kind: 'handle', handle };
  return parseChannelUrl(s);
}

/** The channel page's path on www.youtube.com (percent-encoded). */
export function channelPath(ref: ChannelRef): string {
  switch (ref.kind) {
    case 'id':
      return `/channel/${ref.id}`;
    case 'handle':
      return `/@${encodeURIComponent(ref.handle)}`;
    case 'custom':
      return `/c/${encodeURIComponent(ref.name)}`;
    case 'user':
      return `/user/${encodeURIComponent(ref.name)}`;
  }
}

export function channelPageUrl(ref: ChannelRef): string {
  return `${YOUTUBE_ORIGIN}${channelPath(ref)}`;
}

/** Canonical cache key: every spelling of one reference shares it (ids are case-sensitive, names are not). */
export function channelCacheKey(ref: ChannelRef): string {
  switch (ref.kind) {
    case 'id':
      return `id:${ref.id}`;
    case 'handle':
      return `handle:${ref.handle}`;
    case 'custom':
      return `c:${ref.name}`;
    case 'user':
      return `user:${ref.name}`;
  }
}

/** How a reference reads in messages: `@name`, `UC…`, `/c/name`, `/user/name`. */
export function describeChannelRef(ref: ChannelRef): string {
  switch (ref.kind) {
    case 'id':
      return ref.id;
    case 'handle':
      return `@${ref.handle}`;
    case 'custom':
      return `/c/${ref.name}`;
    case 'user':
      return `/user/${ref.name}`;
  }
}

/** The handle (without @) a channel URL such as `http://www.youtube.com/@Name` carries, or null. */
export function handleFromChannelUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const ref = parseChannelUrl(url);
  return ref?.kind === 'handle' ? ref.handle : null;
}

// ---------------------------------------------------------------------------------------------
// The channel parameters of the routes that take a channel (channel, videos)
// ---------------------------------------------------------------------------------------------

const URL_MAX = 2048;
const HANDLE_MAX = 100;
const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const REF_PARAMS = ['channelId', 'handle', 'url'] as const;

export const CHANNEL_REF_PARAMS: ParamSpec[] = [
  {
    name: 'channelId',
    kind: 'string',
    maxLength: 64,
    description: 'Channel id: UC followed by 22 characters. Give exactly one of channelId, handle or url.',
  },
  {
    name: 'handle',
    kind: 'string',
    maxLength: HANDLE_MAX,
    description: 'Channel handle, e.g. @kurzgesagt (the @ is optional). Give exactly one of channelId, handle or url.',
  },
  {
    name: 'url',
    kind: 'string',
    maxLength: URL_MAX,
    description:
      'Channel URL: https://www.youtube.com/@HANDLE, /channel/ID, /c/NAME or /user/NAME (m.youtube.com and a tab suffix such as /about or /videos are fine). Give exactly one of channelId, handle or url.',
  },
];

/** Exactly one of channelId, handle or url, and a valid one (problems by GraphQL argument name). */
export function checkChannelRef(args: Record<string, any>, problem: (param: string, message: string) => void): void {
  const present = REF_PARAMS.filter((p) => given(args[p]));
  if (present.length === 0) {
    for (const p of REF_PARAMS) problem(p, 'give exactly one of channelId, handle or url');
    return;
  }
  if (present.length > 1) {
    for (const p of present) problem(p, `give exactly one of channelId, handle or url (got ${present.join(', ')})`);
    return;
  }
  // Over-long values are already reported by their length rule.
  const [p] = present;
  if (p === 'channelId' && args.channelId.length <= 64 && !CHANNEL_ID_RE.test(args.channelId.trim())) {
    problem('channelId', 'must be a channel id: UC followed by 22 letters, digits, - or _');
  } else if (p === 'handle' && args.handle.length <= HANDLE_MAX && !normalizeHandle(args.handle)) {
    problem('handle', 'must be a channel handle: 3 to 30 letters, digits, _, -, . or · (a leading @ is allowed)');
  } else if (p === 'url' && args.url.length <= URL_MAX && !parseChannelUrl(args.url)) {
    problem('url', 'must be a youtube.com channel URL (/@HANDLE, /channel/ID, /c/NAME or /user/NAME)');
  }
}

/** The channel valid arguments name (checkChannelRef passed). */
export function channelRefOf(args: Record<string, any>): ChannelRef {
  return given(args.channelId)
    ? { kind: 'id', id: args.channelId.trim() }
    : given(args.handle)
      ? { kind: 'handle', handle: normalizeHandle(args.handle)! }
      : parseChannelUrl(args.url)!;
}
