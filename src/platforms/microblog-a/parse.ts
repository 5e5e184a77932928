/**
 * microblog-a = Truth Social, a Mastodon fork. Pure parsers: Mastodon-API JSON in, api.md wire
 * records out (no I/O).
 *
 * Upstream (platforms.md): `GET https://truthsocial.com/api/v1/statuses/<id>` (a Mastodon Status
 * entity with Truth Social extras) and `GET https://truthsocial.com/api/v1/accounts/lookup?acct=`
 * (an Account entity). Field names are Mastodon's, so the records mostly pick and type-check:
 * every api.md field is present, `null` where the upstream lacks it or sends another type;
 * Truth Social extras that api.md does not list (`upvotes_count`, `premium`, `signature`,
 * `next_status`…) are left out. Only ids are mandatory (a missing id is a changed shape).
 */
import { decode } from 'html-entities';
import { privateContent, shapeChanged, upstreamBlocked } from '../../errors.js';
import { vendorBlock } from '../../upstream/blocks/catalogue.js';

export const PLATFORM = 'microblog-a';

type Json = Record<string, unknown>;

/** api.md "microblog-a account / profile", in the order the upstream (and the peer example) sends them. */
export interface MicroblogAAccount {
  id: string;
  username: string | null;
  acct: string | null;
  display_name: string | null;
  locked: boolean | null;
  bot: boolean | null;
  discoverable: boolean | null;
  group: boolean | null;
  created_at: string | null;
  note: string | null;
  url: string | null;
  avatar: string | null;
  avatar_static: string | null;
  header: string | null;
  header_static: string | null;
  followers_count: number | null;
  following_count: number | null;
  statuses_count: number | null;
  last_status_at: string | null;
  verified: boolean | null;
  location: string | null;
  website: string | null;
  /** Only the account embedded in a status carries it; `null` on the lookup endpoint (SOURCES.md). */
  unauth_visibility: boolean | null;
  chats_onboarded: boolean | null;
  feeds_onboarded: boolean | null;
  accepting_messages: boolean | null;
  show_nonmember_group_statuses: boolean | null;
  emojis: Json[];
  fields: Json[];
  tv_onboarded: boolean | null;
  tv_account: boolean | null;
}

/** The profile response: the account plus three lookup-only fields. */
export interface MicroblogAProfile extends MicroblogAAccount {
  bookmarks_onboarded: boolean | null;
  receive_only_follow_mentions: boolean | null;
  pleroma: { accepts_chat_messages: boolean | null } | null;
}

/**
 * A media attachment (Mastodon MediaAttachment with Truth Social's `external_video_id` and
 * `processing`). With download_media, `url` / `preview_url` point at this gateway and
 * `remote_url` / `preview_remote_url` keep the upstream originals — Mastodon's own meaning of
 * the pair (local copy vs. where it came from).
 */
export interface MicroblogAMedia {
  id: string | null;
  type: string | null;
  url: string | null;
  preview_url: string | null;
  external_video_id: string | null;
  remote_url: string | null;
  preview_remote_url: string | null;
  text_url: string | null;
  meta: Json | null;
  description: string | null;
  blurhash: string | null;
  processing: string | null;
}

/** api.md "microblog-a post", with `text` (the content as plain text) first, as the peer sends it. */
export interface MicroblogAPost {
  text: string | null;
  id: string;
  created_at: string | null;
  in_reply_to_id: string | null;
  quote_id: string | null;
  in_reply_to_account_id: string | null;
  sensitive: boolean | null;
  spoiler_text: string | null;
  visibility: string | null;
  language: string | null;
  uri: string | null;
  url: string | null;
  content: string | null;
  account: MicroblogAAccount | null;
  media_attachments: MicroblogAMedia[];
  mentions: Json[];
  tags: Json[];
  card: Json | null;
  group: Json | null;
  quote: MicroblogAPost | null;
  in_reply_to: MicroblogAPost | null;
  reblog: MicroblogAPost | null;
  sponsored: boolean | null;
  replies_count: number | null;
  reblogs_count: number | null;
  favourites_count: number | null;
  favourited: boolean | null;
  reblogged: boolean | null;
  muted: boolean | null;
  pinned: boolean | null;
  bookmarked: boolean | null;
  poll: Json | null;
  emojis: Json[];
}

// ---------------------------------------------------------------------------------------------
// Field pickers: the value when it has the documented type, else null.
// ---------------------------------------------------------------------------------------------

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const obj = (v: unknown): Json | null => (isObject(v) ? v : null);
const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);
/** Mastodon ids are strings; a bare number is accepted and kept as its decimal text. */
const id = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : null);

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

function accountFields(a: Json, accountId: string): MicroblogAAccount {
  return {
    id: accountId,
    username: str(a.username),
    acct: str(a.acct),
    display_name: str(a.display_name),
    locked: bool(a.locked),
    bot: bool(a.bot),
    discoverable: bool(a.discoverable),
    group: bool(a.group),
    created_at: str(a.created_at),
    note: str(a.note),
    url: str(a.url),
    avatar: str(a.avatar),
    avatar_static: str(a.avatar_static),
    header: str(a.header),
    header_static: str(a.header_static),
    followers_count: int(a.followers_count),
    following_count: int(a.following_count),
    statuses_count: int(a.statuses_count),
    last_status_at: str(a.last_status_at),
    verified: bool(a.verified),
    location: str(a.location),
    website: str(a.website),
    unauth_visibility: bool(a.unauth_visibility),
    chats_onboarded: bool(a.chats_onboarded),
    feeds_onboarded: bool(a.feeds_onboarded),
    accepting_messages: bool(a.accepting_messages),
    show_nonmember_group_statuses: bool(a.show_nonmember_group_statuses),
    emojis: objects(a.emojis),
    fields: objects(a.fields),
    tv_onboarded: bool(a.tv_onboarded),
    tv_account: bool(a.tv_account),
  };
}

/** The account embedded in a status; null when absent (only for nested statuses, see parsePost). */
function parseEmbeddedAccount(v: unknown): MicroblogAAccount | null {
  if (!isObject(v)) return null;
  const accountId = id(v.id);
  return accountId ? accountFields(v, accountId) : null;
}

/** The body of `GET /api/v1/accounts/lookup?acct=<handle>` (an Account entity). */
export function parseProfile(body: unknown): MicroblogAProfile {
  if (!isObject(body)) throw shapeChanged(PLATFORM, 'the account object');
  const accountId = id(body.id);
  if (!accountId) throw shapeChanged(PLATFORM, 'account id');
  const pleroma = obj(body.pleroma);
  return {
    ...accountFields(body, accountId),
    bookmarks_onboarded: bool(body.bookmarks_onboarded),
    receive_only_follow_mentions: bool(body.receive_only_follow_mentions),
    pleroma: pleroma ? { accepts_chat_messages: bool(pleroma.accepts_chat_messages) } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------

function parseMedia(m: Json): MicroblogAMedia {
  return {
    id: id(m.id),
    type: str(m.type),
    url: str(m.url),
    preview_url: str(m.preview_url),
    external_video_id: str(m.external_video_id),
    remote_url: str(m.remote_url),
    preview_remote_url: str(m.preview_remote_url),
    text_url: str(m.text_url),
    meta: obj(m.meta),
    description: str(m.description),
    blurhash: str(m.blurhash),
    processing: str(m.processing),
  };
}

/** Statuses nest (reblog, quote, in_reply_to); deeper than this they are left out (null). */
const MAX_NESTING = 3;

/** Visibilities an anonymous caller may be shown (Mastodon: public, unlisted). */
const PUBLIC_VISIBILITY = new Set(['public', 'unlisted']);

function statusFields(s: Json, statusId: string, account: MicroblogAAccount | null, depth: number): MicroblogAPost {
  const nested = (v: unknown) => (depth < MAX_NESTING ? parseNestedStatus(v, depth + 1) : null);
  const content = str(s.content);
  return {
    text: content === null ? null : htmlToText(content),
    id: statusId,
    created_at: str(s.created_at),
    in_reply_to_id: id(s.in_reply_to_id),
    quote_id: id(s.quote_id),
    in_reply_to_account_id: id(s.in_reply_to_account_id),
    sensitive: bool(s.sensitive),
    spoiler_text: str(s.spoiler_text),
    visibility: str(s.visibility),
    language: str(s.language),
    uri: str(s.uri),
    url: str(s.url),
    content,
    account,
    media_attachments: objects(s.media_attachments).map(parseMedia),
    mentions: objects(s.mentions),
    tags: objects(s.tags),
    card: obj(s.card),
    group: obj(s.group),
    quote: nested(s.quote),
    in_reply_to: nested(s.in_reply_to),
    reblog: nested(s.reblog),
    sponsored: bool(s.sponsored),
    replies_count: int(s.replies_count),
    reblogs_count: int(s.reblogs_count),
    favourites_count: int(s.favourites_count),
    favourited: bool(s.favourited),
    reblogged: bool(s.reblogged),
    muted: bool(s.muted),
    pinned: bool(s.pinned),
    bookmarked: bool(s.bookmarked),
    poll: obj(s.poll),
    emojis: objects(s.emojis),
  };
}

/** A status inside another (reblog, quote, in_reply_to): lenient, null when it has no id. */
function parseNestedStatus(v: unknown, depth: number): MicroblogAPost | null {
  if (!isObject(v)) return null;
  const statusId = id(v.id);
  return statusId ? statusFields(v, statusId, parseEmbeddedAccount(v.account), depth) : null;
}

/**
 * The body of `GET /api/v1/statuses/<id>` (a Status entity). A status that is not public
 * (visibility `private` / `direct`) is never returned: PRIVATE_CONTENT, whatever the upstream
 * let through.
 */
export function parsePost(body: unknown): MicroblogAPost {
  if (!isObject(body)) throw shapeChanged(PLATFORM, 'the status object');
  const statusId = id(body.id);
  if (!statusId) throw shapeChanged(PLATFORM, 'status id');
  if (!isObject(body.account)) throw shapeChanged(PLATFORM, 'status account');
  const account = parseEmbeddedAccount(body.account);
  if (!account) throw shapeChanged(PLATFORM, 'status account id');
  const visibility = str(body.visibility);
  if (visibility !== null && !PUBLIC_VISIBILITY.has(visibility)) throw privateContent(`Post ${statusId}`);
  return statusFields(body, statusId, account, 0);
}

/** The media a post shows: its own and, for a reblog, the reblogged post's. */
export function shownMedia(p: MicroblogAPost): MicroblogAMedia[] {
  return p.reblog ? [...p.media_attachments, ...p.reblog.media_attachments] : p.media_attachments;
}

/**
 * The plain text of status HTML. Mastodon renders a single newline as `<br>` and a blank line as
 * a paragraph break, so those become `\n` and `\n\n`; link text is kept whole (the `invisible`
 * spans hold the scheme and the shortened tail of long links).
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p(\s[^>]*)?>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decode(text).trim();
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

const HOSTS = new Set(['truthsocial.com', 'www.truthsocial.com']);
/** Truth Social usernames: Mastodon's `[a-z0-9_]+([a-z0-9_.-]+[a-z0-9_]+)?`, at most 30 characters. */
const USERNAME = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,28}[A-Za-z0-9_])?$/;
const STATUS_ID = /^\d{1,20}$/;

/**
 * The status id of a post URL: `https://truthsocial.com/@<user>/posts/<id>` (the web app's link),
 * `/@<user>/<id>` (the API's `url`/`uri`) or `/users/<user>/statuses/<id>` (the ActivityPub id).
 * Null for anything else (other hosts, ports, credentials, other paths).
 */
export function parsePostUrl(input: string): { id: string } | null {
  let u: URL;
  try {
    u = new URL(input.trim());
  } catch {
    return null;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password || u.port) return null;
  if (!HOSTS.has(u.hostname.toLowerCase())) return null;
  const parts = u.pathname.replace(/\/+$/, '').split('/').slice(1);
  let user: string | undefined;
  let statusId: string | undefined;
  if (parts.length === 3 && parts[0].startsWith('@') && parts[1] === 'posts') {
    user = parts[0].slice(1);
    statusId = parts[2];
  } else if (parts.length === 2 && parts[0].startsWith('@')) {
    user = parts[0].slice(1);
    statusId = parts[1];
  } else if (parts.length === 4 && parts[0] === 'users' && parts[2] === 'statuses') {
    user = parts[1];
    statusId = parts[3];
  }
  if (!user || !statusId || !USERNAME.test(user) || !STATUS_ID.test(statusId)) return null;
  return { id: statusId };
}

/** A handle as the cache and the lookup use it: trimmed, without a leading @, lower-case. Null if invalid. */
export function normalizeHandle(input: string): string | null {
  const h = input.trim().replace(/^@/, '');
  return USERNAME.test(h) ? h.toLowerCase() : null;
}

// ---------------------------------------------------------------------------------------------
// Block pages
// ---------------------------------------------------------------------------------------------

/**
 * Why a body is a bot check or block page rather than API JSON, or null. Truth Social sits behind
 * Cloudflare: its "Just a moment..." JS challenge (seen by truthbrush users as a 403 whose HTML
 * title is "just a moment...") and its "Attention Required!" / "Sorry, you have been blocked"
 * page. The `cf-mitigated: challenge` header marks a challenge whatever the body.
 */
export function blockReason(body: string, headers: Record<string, string> = {}): string | null {
  return vendorBlock(body, headers)?.what ?? null;
}

export function assertNotBlocked(body: string, headers: Record<string, string>, what: string): void {
  const reason = blockReason(body, headers);
  if (reason) throw upstreamBlocked(`${PLATFORM}: truthsocial.com answered ${what} with ${reason} (bot check) instead of data`);
}
