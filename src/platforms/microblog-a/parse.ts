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
import { parseUserUrl } from '../../links/user-url.js';
import { vendorBlock } from '../../upstream/blocks/catalogue.js';
import { idStr, isObj, markupTags, nonEmpty, reader, str } from '../../parse/index.js';
import type { Obj as Json, Reader } from '../../parse/index.js';
import type { MicroblogAAccount, MicroblogAProfile, MicroblogAMedia, MicroblogAPost } from './schema.js';
export type { MicroblogAAccount, MicroblogAProfile, MicroblogAMedia, MicroblogAPost } from './schema.js';

export const PLATFORM = 'microblog-a';

// ---------------------------------------------------------------------------------------------
// Field pickers: the value when it has the documented type, else null.
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

/**
 * Mastodon's Account entity carries the identity, counts and images on every account (Truth
 * Social's own flags below them vary by account age): those are warned when missing.
 */
function accountFields(a: Json, accountId: string): MicroblogAAccount {
  const r = reader(a, { platform: PLATFORM, record: 'account' });
  return {
    id: accountId,
    username: r.str('username'),
    acct: r.str('acct'),
    display_name: r.str('display_name'),
    locked: r.bool('locked'),
    bot: r.bool('bot'),
    discoverable: r.opt.bool('discoverable'),
    group: r.opt.bool('group'),
    created_at: r.str('created_at'),
    note: r.str('note'),
    url: r.str('url'),
    avatar: r.str('avatar'),
    avatar_static: r.str('avatar_static'),
    header: r.str('header'),
    header_static: r.str('header_static'),
    followers_count: r.int('followers_count'),
    following_count: r.int('following_count'),
    statuses_count: r.int('statuses_count'),
    last_status_at: r.opt.str('last_status_at'),
    verified: r.opt.bool('verified'),
    location: r.opt.str('location'),
    website: r.opt.str('website'),
    unauth_visibility: r.opt.bool('unauth_visibility'),
    chats_onboarded: r.opt.bool('chats_onboarded'),
    feeds_onboarded: r.opt.bool('feeds_onboarded'),
    accepting_messages: r.opt.bool('accepting_messages'),
    show_nonmember_group_statuses: r.opt.bool('show_nonmember_group_statuses'),
    emojis: r.opt.objects('emojis'),
    fields: r.opt.objects('fields'),
    tv_onboarded: r.opt.bool('tv_onboarded'),
    tv_account: r.opt.bool('tv_account'),
  };
}

/** The account embedded in a status; null when absent (only for nested statuses, see parsePost). */
function parseEmbeddedAccount(v: unknown): MicroblogAAccount | null {
  if (!isObj(v)) return null;
  const accountId = idStr(v.id);
  return accountId ? accountFields(v, accountId) : null;
}

/**
 * The body of `GET /api/v1/accounts/lookup?acct=<handle>` (an Account entity). Its id, `username`
 * and `acct` make it an account — the handle is what the caller checks it against: an answer
 * without them (a status, any other object with an id) is a changed shape, never the profile.
 */
export function parseProfile(body: unknown): MicroblogAProfile {
  if (!isObj(body)) throw shapeChanged(PLATFORM, 'the account object');
  const accountId = idStr(body.id);
  if (!accountId) throw shapeChanged(PLATFORM, 'account id');
  if (!nonEmpty(body.username) || !nonEmpty(body.acct)) throw shapeChanged(PLATFORM, "the account's username and acct");
  // Truth Social's own profile flags vary by account age: absent is normal, another type is warned.
  const r = reader(body, { platform: PLATFORM, record: 'account' });
  const pleroma = r.opt.obj('pleroma');
  return {
    ...accountFields(body, accountId),
    bookmarks_onboarded: r.opt.bool('bookmarks_onboarded'),
    receive_only_follow_mentions: r.opt.bool('receive_only_follow_mentions'),
    pleroma: pleroma ? { accepts_chat_messages: r.over(pleroma, 'pleroma').opt.bool('accepts_chat_messages') } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------

/**
 * A MediaAttachment: Mastodon's entity carries id, type, url, preview_url, remote_url, meta,
 * description and blurhash on every attachment (null when unset); Truth Social's extras vary.
 */
function parseMedia(m: Reader): MicroblogAMedia {
  return {
    id: m.idStr('id'),
    type: m.str('type'),
    url: m.str('url'),
    preview_url: m.str('preview_url'),
    external_video_id: m.opt.str('external_video_id'),
    remote_url: m.str('remote_url'),
    preview_remote_url: m.opt.str('preview_remote_url'),
    text_url: m.opt.str('text_url'),
    meta: m.obj('meta'),
    description: m.str('description'),
    blurhash: m.str('blurhash'),
    processing: m.opt.str('processing'),
  };
}

/** Statuses nest (reblog, quote, in_reply_to); deeper than this they are left out (null). */
const MAX_NESTING = 3;

/** Visibilities an anonymous caller may be shown (Mastodon: public, unlisted). */
const PUBLIC_VISIBILITY = new Set(['public', 'unlisted']);

/**
 * Truth Social's group posts say `visibility: "group"`; whether anyone may read them is the
 * group's: one that is open (`locked` false) and shows its posts to everyone (`group_visibility`
 * `"everyone"`) is public. Any other group, or a group post without its group, is not (fail closed).
 */
function inPublicGroup(s: Json): boolean {
  const g = s.group;
  return isObj(g) && g.locked === false && g.group_visibility === 'everyone';
}

/** Whether a status is shown to be public (known private values are `private`, `direct` and a closed group's `group`). */
function isPublicStatus(s: Json): boolean {
  return PUBLIC_VISIBILITY.has(str(s.visibility) ?? '') || (s.visibility === 'group' && inPublicGroup(s));
}

/** Visibilities that are private by Mastodon's or Truth Social's own words (left out of lists without a warning). */
export const PRIVATE_VISIBILITY: ReadonlySet<unknown> = new Set(['private', 'direct', 'group']);

/** Warns (`status.visibility`) a status not public whose visibility is not private by the server's own words (PRIVATE_VISIBILITY). */
function warnUnknownVisibility(s: Json, what: string): void {
  if (!PRIVATE_VISIBILITY.has(s.visibility))
    reader(s, { platform: PLATFORM, record: 'status' }).warn('visibility', `${JSON.stringify(s.visibility ?? null)} (${what})`);
}

function statusFields(s: Json, statusId: string, account: MicroblogAAccount | null, depth: number): MicroblogAPost {
  const nested = (v: unknown) => (depth < MAX_NESTING ? parseNestedStatus(v, depth + 1) : null);
  // Mastodon's Status entity: text, date, visibility and counts are on every status.
  const r = reader(s, { platform: PLATFORM, record: 'status' });
  const content = r.str('content');
  return {
    text: content === null ? null : htmlToText(content),
    id: statusId,
    created_at: r.str('created_at'),
    in_reply_to_id: r.opt.idStr('in_reply_to_id'),
    quote_id: r.opt.idStr('quote_id'),
    in_reply_to_account_id: r.opt.idStr('in_reply_to_account_id'),
    sensitive: r.bool('sensitive'),
    spoiler_text: r.str('spoiler_text'),
    visibility: r.str('visibility'),
    language: r.str('language'),
    uri: r.str('uri'),
    url: r.str('url'),
    content,
    account,
    media_attachments: r.items('media_attachments', parseMedia),
    mentions: r.objects('mentions'),
    tags: r.objects('tags'),
    card: r.opt.obj('card'),
    group: r.opt.obj('group'),
    quote: nested(s.quote),
    in_reply_to: nested(s.in_reply_to),
    reblog: nested(s.reblog),
    sponsored: r.opt.bool('sponsored'),
    replies_count: r.int('replies_count'),
    reblogs_count: r.int('reblogs_count'),
    favourites_count: r.int('favourites_count'),
    favourited: r.opt.bool('favourited'),
    reblogged: r.opt.bool('reblogged'),
    muted: r.opt.bool('muted'),
    pinned: r.opt.bool('pinned'),
    bookmarked: r.opt.bool('bookmarked'),
    poll: r.opt.obj('poll'),
    emojis: r.opt.objects('emojis'),
  };
}

/** A status inside another (reblog, quote, in_reply_to): lenient, null when it has no id. */
function parseNestedStatus(v: unknown, depth: number): MicroblogAPost | null {
  if (!isObj(v)) return null;
  const statusId = idStr(v.id);
  if (!statusId) return null;
  // A post it quotes, answers or boosts is held to the same rule as the post itself (parsePost):
  // not shown to be public, it is left out (null; warned unless private by the server's own words).
  if (!isPublicStatus(v)) {
    warnUnknownVisibility(v, 'a nested post, left out');
    return null;
  }
  return statusFields(v, statusId, parseEmbeddedAccount(v.account), depth);
}

/**
 * The body of `GET /api/v1/statuses/<id>` (a Status entity). A status that is not public
 * (visibility `private` / `direct`, `group` in a closed group, another value, or none stated —
 * warned) is never returned:
 * PRIVATE_CONTENT, whatever the upstream let through.
 */
export function parsePost(body: unknown, opts: { listed?: boolean } = {}): MicroblogAPost {
  if (!isObj(body)) throw shapeChanged(PLATFORM, 'the status object');
  const statusId = idStr(body.id);
  if (!statusId) throw shapeChanged(PLATFORM, 'status id');
  // The author is part of the post, not its identity: without a readable account (or its id) the
  // post is returned with `account: null`, warned.
  const account = parseEmbeddedAccount(body.account);
  if (!account) reader(body, { platform: PLATFORM, record: 'status' }).warn('account', isObj(body.account) ? 'no account id' : 'missing');
  // Fail closed: a status not shown to be public (another visibility, or none stated) is never data.
  if (!isPublicStatus(body)) {
    // (A list warns its own left-out elements: `listed`.)
    if (!opts.listed) warnUnknownVisibility(body, 'not returned');
    throw privateContent(`Post ${statusId}`);
  }
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
 *
 * A quote's link (`<span class="quote-inline">RT: <a …>https://…</a></span>`, Pleroma's and
 * Truth Social's form, or the URL as plain text, `<span class="quote-inline"><br/>RT: https://…</span>`;
 * Mastodon's `<p class="quote-inline">`) is a line of its own, and a URL
 * link directly followed by a word is separated from it by a space: the words after a quote link
 * otherwise ran into the URL ("…/posts/123Amazing"), breaking both.
 */
export function htmlToText(html: string): string {
  return decode(markupText(plainQuotes(html)))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const QUOTE_OPEN_RE = /^<(span|p|div)\b[^>]*\bclass="[^"]*\bquote-inline\b[^"]*"[^>]*>$/i;
const A_OPEN_RE = /^<a\b/i;
const BR_RE = /^<br\s*\/?>$/i;
const P_OPEN_RE = /^<p(\s[^>]*)?>$/i;
const BLANK_RE = /^\s*$/;
const WORD_START_RE = /^[\p{L}\p{N}]/u;
const URL_START_RE = /^\s*https?:\/\//i;

/**
 * The text of status HTML with its tags out and the breaks above in, in one pass over its tags
 * (parse/markup.ts): what the replacements
 *   <(span|p|div) class="…quote-inline…">TEXT</same>         → \nTEXT\n  (TEXT: no tags but <br>)
 *   <(span|p|div) class="…quote-inline…">INNER</a>\s*</same>  → \nINNER</a>\n
 *   <a …>URL</a> followed by a letter or digit               → <a …>URL</a> + space
 *   <br>, <br/>                                              → \n
 *   </p>\s*<p …>                                             → \n\n
 *   any other tag                                            → nothing
 * made, in that order, as regexes — which were quadratic on a note of unclosed tags (200 KB of
 * `<a href="`: 37 s, from any Mastodon server a key names).
 */
function markupText(html: string): string {
  const tags = [...markupTags(html)];
  const n = tags.length;
  const raw = (i: number) => html.slice(tags[i].start, tags[i].end);
  const lower = tags.map((_, i) => raw(i).toLowerCase());
  /** The text after tag `i` (up to the next tag, or to the end). */
  const gap = (i: number) => html.slice(tags[i].end, i + 1 < n ? tags[i + 1].start : html.length);
  const textBefore = n ? html.slice(0, tags[0].start) : html;

  // Quotes: each opening's first `</a>` followed (after blanks only) by the closing of its element.
  const ends: Record<string, number[]> = { span: [], p: [], div: [] };
  for (let j = 0; j + 1 < n; j++) {
    if (lower[j] !== '</a>' || !BLANK_RE.test(gap(j))) continue;
    const close = /^<\/(span|p|div)>$/.exec(lower[j + 1]);
    if (close) ends[close[1]].push(j);
  }
  const replaced = new Array<boolean>(n).fill(false); // a quote's opening or closing: `\n`
  const dropGap = new Array<boolean>(n).fill(false); // the blanks between a quote's `</a>` and its closing
  for (let i = 0, from = 0; i < n; i++) {
    if (i < from) continue;
    const m = QUOTE_OPEN_RE.exec(raw(i));
    if (!m) continue;
    const list = ends[m[1].toLowerCase()];
    const j = list[firstAbove(list, i)];
    if (j === undefined) continue;
    replaced[i] = replaced[j + 1] = true;
    dropGap[j] = true;
    from = j + 2;
  }

  // Links: each `<a …>` with the first `</a>` after it; a URL link followed by a word gets a space.
  const spaceAfter = new Array<boolean>(n).fill(false);
  let linkOpen = -1;
  let inner = '';
  for (let i = 0; i < n; i++) {
    if (linkOpen >= 0) inner += replaced[i] ? '\n' : '';
    if (linkOpen < 0 && A_OPEN_RE.test(raw(i)) && !replaced[i]) {
      linkOpen = i;
      inner = '';
    } else if (linkOpen >= 0 && lower[i] === '</a>') {
      const after = dropGap[i] ? '\n' : gap(i) || (i + 1 < n ? (replaced[i + 1] ? '\n' : '<') : '');
      if (WORD_START_RE.test(after) && URL_START_RE.test(inner)) spaceAfter[i] = true;
      linkOpen = -1;
    }
    if (linkOpen >= 0 && !dropGap[i]) inner += gap(i);
  }

  // Paragraph breaks: `</p>`, then only blanks, `<br>`s and quote edges, then `<p …>`.
  const out: string[] = [textBefore];
  for (let i = 0; i < n; i++) {
    if (replaced[i]) out.push('\n');
    else if (BR_RE.test(raw(i))) out.push('\n');
    else if (lower[i] === '</p>') {
      let k = i;
      let blanks = true;
      while (blanks && k + 1 < n && BLANK_RE.test(gap(k)) && !dropGap[k] && (BR_RE.test(raw(k + 1)) || replaced[k + 1])) k++;
      blanks = BLANK_RE.test(gap(k)) && !dropGap[k];
      if (blanks && k + 1 < n && !replaced[k + 1] && P_OPEN_RE.test(raw(k + 1))) {
        out.push('\n\n');
        i = k + 1;
      }
    } else if (spaceAfter[i]) out.push(' ');
    if (!dropGap[i]) out.push(gap(i));
  }
  return out.join('');
}

/**
 * The first replacement of markupText's list, made before the others as its regex was:
 *   <(span|p|div) class="…quote-inline…">TEXT</same>  → \nTEXT\n  (TEXT: no tags but <br>)
 * Truth Social's quote of 2022–25 holds the URL as plain text, no link
 * (`<span class="quote-inline"><br/>RT: https://…</span>`): a line of its own, and its closing is
 * not left for a later mention's `</a></span>` to be taken for the quote's end. One pass over the
 * tags (each `<br>` run read once).
 */
function plainQuotes(html: string): string {
  const tags = [...markupTags(html)];
  const raw = (i: number) => html.slice(tags[i].start, tags[i].end);
  const out: string[] = [];
  let last = 0;
  for (let i = 0; i < tags.length; i++) {
    const m = QUOTE_OPEN_RE.exec(raw(i));
    if (!m) continue;
    let k = i + 1;
    while (k < tags.length && BR_RE.test(raw(k))) k++;
    if (k < tags.length && raw(k).toLowerCase() === `</${m[1].toLowerCase()}>`) {
      out.push(html.slice(last, tags[i].start), '\n', html.slice(tags[i].end, tags[k].start), '\n');
      last = tags[k].end;
      i = k;
    }
  }
  if (!out.length) return html;
  out.push(html.slice(last));
  return out.join('');
}

/** The index of the first element of the ascending `list` above `v` (list.length when none). */
function firstAbove(list: number[], v: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] > v) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

const HOSTS = new Set(['truthsocial.com', 'www.truthsocial.com']);
/** Truth Social usernames: Mastodon's `[a-z0-9_]+([a-z0-9_.-]+[a-z0-9_]+)?`, at most 30 characters. */
const USERNAME = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,28}[A-Za-z0-9_])?$/;
const STATUS_ID = /^\d{1,20}$/;

/**
 * The author's username and the status id of a post URL: `https://truthsocial.com/@<user>/posts/<id>`
 * (the web app's link), `/@<user>/<id>` (the API's `url`/`uri`) or `/users/<user>/statuses/<id>`
 * (the ActivityPub id). Null for anything else (other hosts, ports, credentials, other paths).
 */
export function parsePostUrl(input: string): { user: string; id: string } | null {
  const u = parseUserUrl(input, { requireScheme: true });
  if (!u || !HOSTS.has(u.hostname.toLowerCase())) return null;
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
  return { user, id: statusId };
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
