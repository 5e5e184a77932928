/**
 * microblog-e = any Mastodon-compatible server. Pure parsers: Mastodon API JSON in, records out
 * (no I/O), through the parse kit: an Account without its id, or a Status without its id, is a
 * changed shape (a server that does not answer Mastodon's entities: UPSTREAM_FAILED, never a
 * crash) — in a list, that element left out (warned); a status's author or boosted status
 * without its id is null (warned), the status kept. Fields every Mastodon version sends are
 * warned when missing; fields newer versions added (`indexable`, `edited_at`…) or forks leave
 * out are read with `opt`.
 *
 * microblog-a (Truth Social, a Mastodon fork) keeps its own parser: its records are api.md's
 * (Truth Social extras, `text`) with their own contract tests. Both share the Link-header paging
 * (../microblog-a/posts.ts `nextPage`).
 *
 * Captures: ../shared/fixtures/microblog-e/ (SOURCES.md).
 */
import { shapeChanged } from '../../errors.js';
import { parseUserUrl } from '../../links/user-url.js';
import { idStr, isObj, nonEmpty, recordReader } from '../../parse/index.js';
import type { Obj, Reader } from '../../parse/index.js';
import type { MicroblogEAccount, MicroblogEField, MicroblogEStatus, MicroblogETagHistory, MicroblogETrendTag } from './schema.js';
export type { MicroblogEAccount, MicroblogEStatus, MicroblogETrendTag } from './schema.js';

export const PLATFORM = 'microblog-e';

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

/**
 * A profile field. `verified_at` is Mastodon's (null while unchecked); Pleroma, Akkoma and other
 * servers send none at all (a field nobody checked): absent is null, not warned.
 */
function parseField(f: Reader): MicroblogEField {
  return { name: f.str('name'), value: f.str('value'), verified_at: f.opt.str('verified_at') };
}

/**
 * A count of an account or a status: a whole number of 0 or more. A negative one is no count — a
 * glitch-soc server whose admin hides follower counts sends -1 for every account ("the client API
 * will return -1 instead of the actual count", glitch-soc's docs, "Hiding followers count"), and a
 * stale counter cache has sent -1 too —: null, not warned (the server's own "not shown"). So is a
 * 0 the account says it hides (`hidden`: Pleroma's flag, below): a hidden count and a real 0 read
 * alike there.
 */
function count(r: Reader, field: string, hidden = false): number | null {
  const raw = isObj(r.root) ? r.root[field] : undefined;
  if (typeof raw === 'number' && (raw < 0 || (hidden && raw === 0))) return null;
  return r.int(field);
}

/**
 * Pleroma's and Akkoma's `pleroma` block of an Account (sent to every caller): which lists and
 * counts the account hides. Their Mastodon API sends no `hide_collections`, and renders
 * `followers_count` / `following_count` as 0 for anyone but the owner when the list and its count
 * are both hidden (account_view.ex): `followersCount` / `followsCount` say so. Null members where
 * the block does not say.
 */
function pleromaHiding(r: Reader): { followers: boolean | null; follows: boolean | null; followersCount: boolean; followsCount: boolean } {
  const block = r.opt.obj('pleroma');
  const p = block ? r.over(block, 'pleroma').opt : null;
  return {
    followers: p?.bool('hide_followers') ?? null,
    follows: p?.bool('hide_follows') ?? null,
    // Rendered as 0 only when the count and the list are both hidden (a 0 otherwise is a 0).
    followersCount: p?.bool('hide_followers_count') === true && p.bool('hide_followers') === true,
    followsCount: p?.bool('hide_follows_count') === true && p.bool('hide_follows') === true,
  };
}

/**
 * `hide_collections` (Mastodon: the account hides both whom it follows and who follows it): as
 * sent; else, from Pleroma's two flags, true when both lists are hidden, false when neither is,
 * null when one is (Mastodon's one flag cannot say so) or the server says nothing.
 */
function hideCollections(r: Reader, p: ReturnType<typeof pleromaHiding>): boolean | null {
  const own = r.opt.bool('hide_collections');
  if (own !== null || p.followers === null || p.follows === null) return own;
  return p.followers === p.follows ? p.followers : null;
}

function accountFields(r: Reader): MicroblogEAccount {
  const hiding = pleromaHiding(r);
  return {
    id: r.id('id', idStr),
    username: r.str('username'),
    acct: r.str('acct'),
    display_name: r.str('display_name'),
    locked: r.bool('locked'),
    bot: r.bool('bot'),
    group: r.opt.bool('group'),
    discoverable: r.opt.bool('discoverable'),
    indexable: r.opt.bool('indexable'),
    created_at: r.str('created_at'),
    note: r.str('note'),
    url: r.str('url'),
    uri: r.opt.str('uri'),
    avatar: r.str('avatar'),
    avatar_static: r.str('avatar_static'),
    header: r.str('header'),
    header_static: r.str('header_static'),
    followers_count: count(r, 'followers_count', hiding.followersCount),
    following_count: count(r, 'following_count', hiding.followsCount),
    statuses_count: count(r, 'statuses_count'),
    last_status_at: r.opt.str('last_status_at'),
    hide_collections: hideCollections(r, hiding),
    emojis: r.objects('emojis'),
    fields: r.items('fields', parseField),
    moved: r.opt.obj('moved'),
  };
}

/**
 * An Account as an answer's own record (the lookup, a list's element): its id, `username` and
 * `acct` make it one — `username` is what the lookup is checked against, and a list's element
 * without them is another entity (a status has an id too): UPSTREAM_FAILED (`account.username`),
 * in a list that element left out, warned. A status's author keeps the laxer `accountFields`.
 */
function ownAccount(r: Reader): MicroblogEAccount {
  r.id('id', idStr);
  r.id('username', nonEmpty);
  r.id('acct', nonEmpty);
  return accountFields(r);
}

/**
 * A list answer's accounts: each element without its account identity left out (warned); a
 * non-empty list of which no element is an account (a statuses array served for /followers) is
 * not an account list — a changed shape, never an empty or a nameless page of accounts.
 */
function accountItems(r: Reader, field: string, total: number, what: string): MicroblogEAccount[] {
  const accounts = r.items(field, ownAccount);
  if (total > 0 && accounts.length === 0)
    throw shapeChanged(PLATFORM, `${what}: no element of the ${total} is an Account (id, username, acct)`);
  return accounts;
}

/** The body of `GET /api/v1/accounts/lookup?acct=` (an Account entity). */
export function parseAccount(body: unknown): MicroblogEAccount {
  return ownAccount(recordReader(body, { platform: PLATFORM, record: 'account', what: 'a Mastodon Account object' }));
}

/**
 * The body of `GET /api/v2/search?type=accounts` (a Search entity: `{accounts, statuses,
 * hashtags}`) → its accounts, in the server's order, remote ones as the server has them. An
 * account without its id is left out (warned `search.accounts`); a body without the `accounts`
 * array is a changed shape. `statuses` and `hashtags` (empty for `type=accounts`) are not read.
 */
export function parseAccountSearch(body: unknown): MicroblogEAccount[] {
  const r = recordReader(body, { platform: PLATFORM, record: 'search', what: 'a Mastodon Search object' });
  const list = r.opt.arr('accounts');
  if (!Array.isArray(list)) throw shapeChanged(PLATFORM, 'search.accounts (a Mastodon Search object)');
  return accountItems(r, 'accounts', list.length, 'search.accounts');
}

/**
 * The body of `GET /api/v1/accounts/<id>/followers` or `/following`, or of a status's
 * `reblogged_by` / `favourited_by` (a JSON array of Account entities) → its accounts, in the
 * server's order (most recent follow first), remote ones as the server has them: each the
 * profile's Account record. An element without its id, `username` or `acct` is no account and is
 * left out (warned `accounts.items`); a body that is no array, or a non-empty one of which no
 * element is an account (statuses), is a changed shape.
 */
export function parseAccountList(json: unknown): MicroblogEAccount[] {
  if (!Array.isArray(json)) throw shapeChanged(PLATFORM, 'the accounts array (a Mastodon Account list)');
  return accountItems(
    recordReader({ items: json }, { platform: PLATFORM, record: 'accounts' }),
    'items',
    json.length,
    'the accounts array',
  );
}

// ---------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------

/** Visibilities an anonymous caller may be shown (Mastodon: public, unlisted). */
const PUBLIC_VISIBILITY = new Set(['public', 'unlisted']);
/** A status parseStatuses leaves out on purpose (not `null`, which the list reader warns about). */
const SKIP = Symbol('not public');

/**
 * A record inside a status (its author, the boosted status) is that record by its own id: without
 * one it is null, warned (`status.account`, `status.reblog`), and the status stands — its own id
 * is its identity, the author and the boost are parts of it.
 */
function nestedRecord<T>(r: Reader, field: string, value: Obj | null, read: (n: Reader) => T): T | null {
  if (value === null) return null;
  if (idStr(value.id) === null) {
    r.warn(field, 'no id');
    return null;
  }
  return read(r.over(value, field));
}

/**
 * The status a boost carries, held to the rule a status is (parseStatuses): not public (Mastodon
 * boosts only public and unlisted ones; a server answering otherwise) it is left out — null, the
 * boost kept; silently when `private` / `direct`, warned `status.reblog` otherwise.
 */
function publicReblog(r: Reader): Obj | null {
  const reblog = r.opt.obj('reblog');
  if (reblog === null || isPublicVisibility(typeof reblog.visibility === 'string' ? reblog.visibility : null)) return reblog;
  if (reblog.visibility !== 'private' && reblog.visibility !== 'direct')
    r.warn('reblog', `visibility ${JSON.stringify(reblog.visibility ?? null)} (left out)`);
  return null;
}

function statusFields(r: Reader, nested: boolean): MicroblogEStatus {
  const account = r.obj('account');
  const reblog = nested ? null : publicReblog(r);
  return {
    id: r.id('id', idStr),
    uri: r.str('uri'),
    url: r.opt.str('url'),
    created_at: r.str('created_at'),
    edited_at: r.opt.str('edited_at'),
    account: nestedRecord(r, 'account', account, accountFields),
    content: r.str('content'),
    visibility: r.str('visibility'),
    sensitive: r.bool('sensitive'),
    spoiler_text: r.str('spoiler_text'),
    language: r.str('language'),
    in_reply_to_id: r.idStr('in_reply_to_id'),
    in_reply_to_account_id: r.idStr('in_reply_to_account_id'),
    // A boost of a boost does not exist in Mastodon: one level is read.
    reblog: nestedRecord(r, 'reblog', reblog, (b) => statusFields(b, true)),
    media_attachments: r.objects('media_attachments'),
    mentions: r.objects('mentions'),
    tags: r.objects('tags'),
    emojis: r.objects('emojis'),
    card: r.opt.obj('card'),
    poll: r.opt.obj('poll'),
    replies_count: count(r, 'replies_count'),
    reblogs_count: count(r, 'reblogs_count'),
    favourites_count: count(r, 'favourites_count'),
  };
}

/**
 * A JSON array of Status entities (an account's statuses, a tag timeline) → its public statuses,
 * newest first as sent. A status without its id is left out (warned `statuses.items`); one that
 * is not public (`private`, `direct`) is left out silently — anonymous callers are never shown
 * one, and a record never carries one —, one of an unknown visibility left out warned.
 * `record` names the list in warnings (`statuses`; a thread's `context.ancestors`…).
 */
export function parseStatuses(json: unknown, record = 'statuses'): MicroblogEStatus[] {
  if (!Array.isArray(json)) throw shapeChanged(PLATFORM, `the ${record} array (a Mastodon Status list)`);
  const list = recordReader({ items: json }, { platform: PLATFORM, record });
  return list
    .items('items', (r, i) => {
      const v = isObj(r.root) ? r.root.visibility : undefined;
      if (typeof v === 'string' && PUBLIC_VISIBILITY.has(v)) return statusFields(r, false);
      if (v !== 'private' && v !== 'direct') list.warn('items', `element ${i}: visibility ${JSON.stringify(v)} (left out)`);
      return SKIP;
    })
    .filter((s): s is MicroblogEStatus => s !== SKIP);
}

/** Whether a status of this visibility may be a record (Mastodon's `public` and `unlisted`; never `private`, `direct` or unknown). */
export const isPublicVisibility = (v: string | null): boolean => v !== null && PUBLIC_VISIBILITY.has(v);

/**
 * The body of `GET /api/v1/statuses/<id>` (one Status entity) → the same record a list of
 * statuses gives it (parseStatuses), whatever its visibility: the caller refuses a non-public one
 * (isPublicVisibility). A body without the status id is a changed shape.
 */
export function parseStatus(body: unknown): MicroblogEStatus {
  return statusFields(recordReader(body, { platform: PLATFORM, record: 'status', what: 'a Mastodon Status object' }), false);
}

/** A status's thread as the server answers it: the statuses above it and below it. */
export interface StatusContext {
  ancestors: MicroblogEStatus[];
  descendants: MicroblogEStatus[];
}

/**
 * The body of `GET /api/v1/statuses/<id>/context` (a Context entity: `{ancestors, descendants}`,
 * each a Status list: ancestors from the thread's top down to the status's parent, descendants
 * depth-first below it) → each list's public statuses as parseStatuses reads them (warned as
 * `context.ancestors` / `context.descendants`). A body without both arrays is a changed shape.
 */
export function parseContext(body: unknown): StatusContext {
  const r = recordReader(body, { platform: PLATFORM, record: 'context', what: 'a Mastodon Context object' });
  const ancestors = r.opt.arr('ancestors');
  const descendants = r.opt.arr('descendants');
  if (!Array.isArray(ancestors) || !Array.isArray(descendants))
    throw shapeChanged(PLATFORM, 'context.ancestors and context.descendants (a Mastodon Context object)');
  return { ancestors: parseStatuses(ancestors, 'context.ancestors'), descendants: parseStatuses(descendants, 'context.descendants') };
}

// ---------------------------------------------------------------------------------------------
// Trends
// ---------------------------------------------------------------------------------------------

/** One day of a Tag's `history`: Mastodon sends each number as a string (`"day": "1574553600"`). */
function historyFields(r: Reader): MicroblogETagHistory {
  return { day: r.intish('day'), uses: r.intish('uses'), accounts: r.intish('accounts') };
}

/**
 * One Tag entity of `GET /api/v1/trends/tags`: its `name` is its identity (a tag without one is
 * left out, warned); `url` warned when missing; `history` null when absent (warned), its days
 * read one by one. `following` (the viewer's state, sent only to a logged-in caller) is not read.
 */
function trendTagFields(r: Reader): MicroblogETrendTag {
  const history = r.arr('history');
  return {
    name: r.id('name', nonEmpty),
    url: r.str('url'),
    history: history === null ? null : r.items('history', historyFields),
  };
}

/**
 * The body of `GET /api/v1/trends/tags` (a JSON array of Tag entities, most trending first) →
 * its tags in the server's order. A body that is no array is a changed shape.
 */
export function parseTrendTags(json: unknown): MicroblogETrendTag[] {
  if (!Array.isArray(json)) throw shapeChanged(PLATFORM, 'the trends.tags array (a Mastodon Tag list)');
  return recordReader({ items: json }, { platform: PLATFORM, record: 'trends.tags' }).items('items', trendTagFields);
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** Mastodon usernames: `[a-z0-9_]+([a-z0-9_.-]+[a-z0-9_]+)?` (case-insensitive), at most 30 characters. */
const USERNAME = /^[a-z0-9_](?:[a-z0-9_.-]{0,28}[a-z0-9_])?$/;
/** A public DNS name of 2+ labels (no IP literals, no ports: the SSRF guard refuses those anyway). */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

export interface Acct {
  user: string;
  instance: string;
}

/** An instance host: lower-case, no trailing dot. Null for anything but a domain name. */
export function normalizeInstance(input: string): string | null {
  let s = input.trim().toLowerCase();
  if (/^https?:\/\//.test(s)) {
    const u = parseUserUrl(s);
    if (!u || (u.pathname !== '/' && u.pathname !== '') || u.search) return null;
    s = u.hostname;
  }
  s = s.replace(/\.$/, '');
  return HOST.test(s) ? s : null;
}

/**
 * The paths a Mastodon-compatible server gives an account's page or ActivityPub id: `/@<user>`
 * (Mastodon's, GoToSocial's, Misskey's url), `/users/<user or account id>` (their ActivityPub uri;
 * Pleroma's and Akkoma's url too), `/profile/<user>` (Friendica's url, its actor id: its Account
 * sends the contact's url and no uri). Groups: 1 `@`, 2 `users`, 3 `profile`.
 */
export const PROFILE_PATH = /^\/(?:@([^/@]+)|users\/([^/]+)|profile\/([^/]+))\/?$/;

/**
 * `user@instance`, `@user@instance`, or a profile URL `https://<instance>/@user` (also
 * `/users/<user>`, ActivityPub's id, and Friendica's `/profile/<user>`): the account and the
 * server to ask. Null when invalid. Lower-cased: Mastodon looks usernames up case-insensitively.
 */
export function normalizeAcct(input: string): Acct | null {
  const s = input.trim();
  let user: string | undefined;
  let instance: string | null = null;
  const m = /^@?([^@\s/]+)@([^@\s/]+)$/.exec(s);
  if (m) {
    user = m[1];
    instance = normalizeInstance(m[2]);
  } else if (/^https?:\/\//i.test(s)) {
    const u = parseUserUrl(s);
    const p = u && !u.search ? PROFILE_PATH.exec(u.pathname) : null;
    if (!u || !p) return null;
    user = p[1] ?? p[2] ?? p[3];
    instance = normalizeInstance(u.hostname);
  }
  if (!user || !instance) return null;
  user = user.toLowerCase();
  return USERNAME.test(user) ? { user, instance } : null;
}

/** A hashtag without `#`: letters, digits, `_` and middle dots (Mastodon's), at most 100 characters; lower-cased. */
export function normalizeTag(input: string): string | null {
  const t = input.trim().replace(/^#/, '');
  return /^[\p{L}\p{N}_\u00b7\u200c]{1,100}$/u.test(t) && /[\p{L}_]/u.test(t) ? t.toLowerCase() : null;
}

/** A status asked for by its URL: the server to ask, the author's username there, the status id. */
export interface StatusRef extends Acct {
  id: string;
}

/** Mastodon's status ids (numeric); GoToSocial's ULIDs on the ActivityPub form. */
const STATUS_ID = /^[0-9A-Za-z]{1,32}$/;

/**
 * A status page URL `https://<instance>/@<user>/<id>` (Mastodon's web page; `<id>` digits, so a
 * profile tab such as `/@user/media` is not one), `https://<instance>/@<user>/statuses/<id>`
 * (GoToSocial's web page, a ULID) or the ActivityPub id
 * `https://<instance>/users/<user>/statuses/<id>`: the status to ask of that server. The user and
 * the host lower-cased as normalizeAcct does, the id kept as written; a trailing slash allowed.
 * Null for anything else (a query, a remote account's `@user@server` page, an IP or a port…).
 */
export function normalizeStatusUrl(input: string): StatusRef | null {
  const u = /^https?:\/\//i.test(input.trim()) ? parseUserUrl(input) : null;
  if (!u || u.search) return null;
  const p = /^\/(?:@([^/@]+)\/([0-9]+)|@([^/@]+)\/statuses\/([^/]+)|users\/([^/@]+)\/statuses\/([^/]+))\/?$/.exec(u.pathname);
  if (!p) return null;
  const user = (p[1] ?? p[3] ?? p[5])!.toLowerCase();
  const id = (p[2] ?? p[4] ?? p[6])!;
  const instance = normalizeInstance(u.hostname);
  return instance && USERNAME.test(user) && STATUS_ID.test(id) ? { instance, user, id } : null;
}
