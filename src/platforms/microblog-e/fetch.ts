/**
 * Upstream requests for microblog-e: the public Mastodon API of whichever server the caller
 * names, no token.
 *
 *   GET https://<instance>/api/v1/accounts/lookup?acct=<user>
 *   GET https://<instance>/api/v1/accounts/<id>/statuses[?max_id=]     (next page: the Link header)
 *   GET https://<instance>/api/v1/timelines/tag/<tag>[?max_id=]        (next page: the Link header)
 *   GET https://<instance>/api/v2/search?q=<query>&type=accounts&limit=40   (one page, never `offset`
 *       or `resolve`: without a token Mastodon answers either with 401)
 *   GET https://<instance>/api/v1/accounts/<id>/followers?limit=80[&max_id=]   (or `/following`; after
 *       the lookup, on every page; next page: the Link header's `max_id`, a Follow id)
 *   GET https://<instance>/api/v1/statuses/<id>, then GET https://<instance>/api/v1/statuses/<id>/context
 *       (a status and its thread; the thread is optional: see fetchPost)
 *   GET https://<instance>/api/v1/statuses/<id>, then GET …/statuses/<id>/reblogged_by?limit=80[&max_id=]
 *       (or `/favourited_by`; the status on every page; next page: the Link header's `max_id`)
 *   GET https://<instance>/api/v1/trends/tags?limit=20[&offset=]   (or `/trends/statuses`; next page:
 *       the Link header's `offset`)
 *
 * The instance is the caller's input, so every request names it as `userParam` (`handle`, or
 * `instance` for a tag or a search, `url` for a status): the upstream client's SSRF guard refuses a private,
 * loopback, link-local or local-name destination before anything is sent — and again at connect
 * time and on each redirect — as INVALID_INPUT on that parameter. Politeness (rate, concurrency,
 * 429 cool-downs) is per host in the upstream client, so each instance has its own budget.
 *
 * How answers map: a vendor challenge → UPSTREAM_BLOCKED (block catalogue); 404/410, or a lookup
 * answering a suspended account (`suspended: true`) → NOT_FOUND
 * (an account or tag; a server's trends: it publishes none; for the search, which names no resource, the server has no such API:
 * UPSTREAM_FAILED "does not answer the Mastodon API"); 401/403 (the server requires a login for
 * its API: `DISALLOW_UNAUTHENTICATED_API_ACCESS`, or its v4.2+ timeline-access settings) →
 * UPSTREAM_BLOCKED; other non-2xx → expectOk; a 200 that is not a Mastodon Account / Status list /
 * Search (not JSON, another shape) → UPSTREAM_FAILED saying the server does not answer the
 * Mastodon API. Followers / following of an account that hides them (`hide_collections` true on
 * its lookup) → PRIVATE_CONTENT, the list never asked for. A status that is not public → NOT_FOUND
 * (Mastodon answers anonymous callers 404 for one; one answered anyway is never returned).
 */
import { invalidParam, isApiError, notFound, privateContent, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { warn } from '../../observability/warn.js';
import { expectOk } from '../../upstream/client.js';
import { decodeCursor, encodeCursor, nextToken } from '../cursor.js';
import { isObj, nextLinkParam } from '../../parse/index.js';
import { byListOwner, sameHandle, sameId } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import { optionalStep, partialRead } from '../partial-read.js';
import type { Acct, StatusContext, StatusRef } from './parse.js';
import {
  isPublicVisibility,
  parseAccount,
  parseAccountList,
  parseAccountSearch,
  parseContext,
  parseStatus,
  parseStatuses,
  parseTrendTags,
  PLATFORM,
  PROFILE_PATH,
} from './parse.js';
import type {
  MicroblogEAccount,
  MicroblogEInteractionsPage,
  MicroblogEPostContext,
  MicroblogEPostsPage,
  MicroblogEProfileSearch,
  MicroblogEStatus,
  MicroblogETagPage,
  MicroblogETrendsStatusesPage,
  MicroblogETrendsTagsPage,
} from './schema.js';
import { JsonOverBound } from '../../parse/json.js';

const HEADERS = { accept: 'application/json' };
/** Accounts per search: Mastodon's most (twice its default of 20); the one page an anonymous caller gets. */
const SEARCH_LIMIT = 40;
/** Accounts per page of followers / following: Mastodon's most (twice its default of 40). */
const FOLLOWS_LIMIT = 80;
/** Accounts per page of a status's boosters / favouriters: Mastodon's most (twice its default of 40). */
const INTERACTIONS_LIMIT = 80;
/** Items per page of a server's trends: Mastodon's most for tags (twice its default of 10); statuses allow 40, 20 kept alike. */
const TRENDS_LIMIT = 20;
/** The deepest offset a trends cursor may carry: Mastodon ranks a few hundred items at most. */
const TRENDS_MAX_OFFSET = 10_000;

/**
 * `what` names what is asked for. `missing`: what a 404/410 means — the account or tag asked for
 * does not exist (`not-found`), or, for a request that names no resource (a search), the server
 * has no such API (`no-api`: UPSTREAM_FAILED).
 */
async function getJson(
  ctx: OpContext,
  url: string,
  userParam: string,
  what: string,
  missing: 'not-found' | 'no-api' = 'not-found',
): Promise<{ json: unknown; headers: Record<string, string> }> {
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: HEADERS, userParam, signal: ctx.signal });
  const host = new URL(url).host;
  if (res.status === 404 || res.status === 410) {
    if (missing === 'no-api') throw notMastodon(host, `HTTP ${res.status} on ${new URL(url).pathname}`);
    throw notFound(`${what} was not found on ${host}`);
  }
  if (res.status === 401 || res.status === 403)
    throw upstreamBlocked(`${PLATFORM}: ${host} requires a login for ${what} (HTTP ${res.status}); login-only data is never accessed`);
  expectOk(res, PLATFORM, what);
  try {
    return { json: res.json(), headers: res.headers };
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw notMastodon(host, `not JSON (${res.headers['content-type'] ?? 'no content type'})`);
  }
}

const notMastodon = (host: string, detail: string) =>
  upstreamFailed(`${PLATFORM}: ${host} does not answer the Mastodon API (${detail}); is it a Mastodon-compatible server?`);

/** A parser's changed-shape error, said as "this server is not Mastodon-compatible" (the parse runs for the read of `ctx`). */
function asMastodon<T>(ctx: OpContext, host: string, parse: () => T): T {
  try {
    return parsed(ctx, parse);
  } catch (e) {
    if (isApiError(e) && e.code === 'UPSTREAM_FAILED') throw notMastodon(host, e.message.replace(/^microblog-e: /, ''));
    throw e;
  }
}

export async function fetchProfile(ctx: OpContext, a: Acct): Promise<MicroblogEAccount> {
  const { json } = await getJson(
    ctx,
    `https://${a.instance}/api/v1/accounts/lookup?acct=${encodeURIComponent(a.user)}`,
    'handle',
    `Account @${a.user}@${a.instance}`,
  );
  // Mastodon's lookup answers a suspended account too: 200, its profile blanked, `suspended: true`
  // (REST::AccountSerializer) — no such account to anyone asking, as forum's and microblog-b's.
  if (isObj(json) && json.suspended === true) throw notFound(`Account @${a.user}@${a.instance} is suspended on ${a.instance}`);
  const account = asMastodon(ctx, a.instance, () => parseAccount(json));
  // The server's own account: `acct` is the bare username (a remote one it knows is `user@server`),
  // compared as sent (a name with a space, `alice `, is another name); its `url` and `uri` on this
  // server, for this user.
  const local = account.acct === null || sameName(a.user, account.acct) || sameName(`${a.user}@${a.instance}`, account.acct);
  const links = [account.url, account.uri].filter((l): l is string => l !== null && l !== undefined);
  const other = links.find((l) => !namesAccount(l, a, account.id));
  if (!sameName(a.user, account.username ?? a.user) || !local || other !== undefined)
    throw upstreamFailed(
      `${PLATFORM}: ${a.instance} answered account @${a.user} with a different resource (@${account.acct ?? account.username}${other ? `, ${other}` : ''})`,
    );
  return account;
}

/** A username or acct as the server sent it, compared case-insensitively (Mastodon looks names up so) and nothing else. */
const sameName = (asked: string, got: string | null): boolean => got !== null && got.toLowerCase() === asked.toLowerCase();

/**
 * Whether an account's `url` or `uri` names the asked account as Mastodon-compatible servers form
 * them: http(s) on the asked server (the one the server's own accounts live on; an answer about
 * another server's account, whatever redirect brought it, is not this one), path `/@<user>`
 * (Mastodon's and GoToSocial's url), `/users/<user>` (their ActivityPub uri; Pleroma's and
 * Akkoma's url too), `/users/<account id>` (servers whose ActivityPub ids are ids, not names) or
 * `/profile/<user>` (Friendica's url: PROFILE_PATH).
 */
function namesAccount(link: string, a: Acct, id: string | null): boolean {
  let u: URL;
  try {
    u = new URL(link);
  } catch {
    return false;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.host.toLowerCase().replace(/\.$/, '') !== a.instance) return false;
  const m = PROFILE_PATH.exec(u.pathname);
  if (!m) return false;
  let name: string;
  try {
    name = decodeURIComponent(m[1] ?? m[2] ?? m[3]);
  } catch {
    return false;
  }
  return sameName(a.user, name) || (m[2] !== undefined && id !== null && name === id);
}

/** Our cursor of an account's statuses: instance, user, account id, next `max_id`. */
interface PostsCursor {
  i: string;
  u: string;
  a: string;
  m: string;
}
/** Which list of an account: who follows it, or whom it follows (Mastodon's path segment). */
export type FollowsList = 'followers' | 'following';
/** Our cursor of an account's followers or following: the list, instance, user, account id, next `max_id` (a Follow id). */
interface FollowsCursor {
  l: FollowsList;
  i: string;
  u: string;
  a: string;
  m: string;
}
/** Our cursor of a tag timeline: instance, tag, next `max_id`. */
interface TagCursor {
  i: string;
  t: string;
  m: string;
}

/**
 * An id of a status, an account or a Follow: Mastodon's are digits, GoToSocial's ULIDs, Pleroma's,
 * Akkoma's and Misskey's letters and digits — any of them pages on as `max_id`.
 */
const ID = /^[0-9A-Za-z]{1,32}$/;
/** Statuses Mastodon answers a page without `limit` (its default). */
const STATUSES_PAGE = 20;

/** The next page's `max_id` from a Link header: an id of any of these servers, else none. */
function nextMaxId(link: string | undefined): string | null {
  const id = nextLinkParam(link, 'max_id');
  return id && ID.test(id) ? id : null;
}

/**
 * At most `max` items of a list the server answered — what we asked it for (our `limit`, or its
 * default page when we send none): a server is the caller's own choice, and one answering
 * thousands to a page of 20 is not read past the page (warned `<record>.page`). Whether the rest
 * is reached by paging is each list's own (a list of statuses continues below the last one read).
 */
function asked(json: unknown, max: number, record: string): { list: unknown; cut: boolean } {
  if (!Array.isArray(json) || json.length <= max) return { list: json, cut: false };
  warn(PLATFORM, `${record}.page`, `${json.length} items answered to a page of ${max}: the first ${max} read`);
  return { list: json.slice(0, max), cut: true };
}

/**
 * A list of accounts paged by ids none of them carries (a Follow's, a Favourite's: the Link header
 * only): a page holding more than asked cannot be cut without skipping the rest, so it is refused
 * (UPSTREAM_FAILED, 0 credits) rather than read.
 */
function accountsWithinPage(json: unknown, max: number, instance: string, what: string): void {
  if (Array.isArray(json) && json.length > max)
    throw upstreamFailed(`${PLATFORM}: ${instance} answered ${json.length} accounts to a page of ${max} (${what})`);
}

/** A status's id in a raw list, as a `max_id` to page on; null when it has none. */
function pageId(raw: unknown): string | null {
  return isObj(raw) && typeof raw.id === 'string' && ID.test(raw.id) ? raw.id : null;
}

/**
 * One page of statuses (an account's, a tag's): the first STATUSES_PAGE the server answered, and
 * the next page's `max_id` — the Link header's; a server sending none, below a full page's last
 * status; a page cut short (asked), below the last status read, so nothing is skipped.
 */
function statusesPage(json: unknown, headers: Record<string, string>): { list: unknown; next: string | null } {
  const { list, cut } = asked(json, STATUSES_PAGE, 'statuses');
  const items = Array.isArray(list) ? list : [];
  if (cut) return { list, next: pageId(items[items.length - 1]) };
  if (headers.link !== undefined) return { list, next: nextMaxId(headers.link) };
  return { list, next: items.length >= STATUSES_PAGE ? pageId(items[items.length - 1]) : null };
}

export function decodePostsCursor(raw: string): PostsCursor | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.i !== 'string' || typeof c.u !== 'string' || typeof c.a !== 'string' || typeof c.m !== 'string') return null;
  return ID.test(c.a) && ID.test(c.m) ? { i: c.i, u: c.u, a: c.a, m: c.m } : null;
}

export function decodeFollowsCursor(raw: string): FollowsCursor | null {
  const c = decodeCursor(raw);
  if (!c || (c.l !== 'followers' && c.l !== 'following')) return null;
  if (typeof c.i !== 'string' || typeof c.u !== 'string' || typeof c.a !== 'string' || typeof c.m !== 'string') return null;
  return ID.test(c.a) && ID.test(c.m) ? { l: c.l, i: c.i, u: c.u, a: c.a, m: c.m } : null;
}

export function decodeTagCursor(raw: string): TagCursor | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.i !== 'string' || typeof c.t !== 'string' || typeof c.m !== 'string') return null;
  return ID.test(c.m) ? { i: c.i, t: c.t, m: c.m } : null;
}

/**
 * The statuses of one account: each by that account — its id, and its username when the status
 * states one (a boost's `account` is the booster) — else the list is another account's
 * (UPSTREAM_FAILED), as microblog-a's statuses. `idFromCursor`: the id came from a caller's
 * cursor, not from the lookup, so it proves nothing alone — each status must then state the
 * username (a forged cursor with another account's id is refused).
 */
function assertOwnStatuses(statuses: MicroblogEStatus[], a: Acct, accountId: string, idFromCursor: boolean): void {
  for (const s of statuses) {
    const by = s.account;
    if (!byListOwner(by ? { id: by.id, handle: by.username } : null, { id: accountId, handle: a.user }, idFromCursor))
      throw upstreamFailed(
        `${PLATFORM}: the posts of @${a.user}@${a.instance} include one by @${by?.acct ?? by?.id ?? '(unnamed)'} (a different resource)`,
      );
  }
}

export async function fetchPosts(ctx: OpContext, a: Acct & { cursor: PostsCursor | null }): Promise<MicroblogEPostsPage> {
  const accountId = a.cursor?.a ?? (await fetchProfile(ctx, a)).id;
  const query = a.cursor ? `?max_id=${encodeURIComponent(a.cursor.m)}` : '';
  const { json, headers } = await getJson(
    ctx,
    `https://${a.instance}/api/v1/accounts/${encodeURIComponent(accountId)}/statuses${query}`,
    'handle',
    `Posts of @${a.user}@${a.instance}`,
  );
  const page = parsed(ctx, () => statusesPage(json, headers));
  const posts = asMastodon(ctx, a.instance, () => parseStatuses(page.list));
  assertOwnStatuses(posts, a, accountId, a.cursor !== null);
  // The max_id this page was asked with is the end, not a next page (a server looping).
  const next = nextToken(a.cursor?.m, page.next);
  return { posts, cursor: next ? encodeCursor({ i: a.instance, u: a.user, a: accountId, m: next } satisfies PostsCursor) : null };
}

export async function fetchTag(ctx: OpContext, a: { instance: string; tag: string; cursor: TagCursor | null }): Promise<MicroblogETagPage> {
  const query = a.cursor ? `?max_id=${encodeURIComponent(a.cursor.m)}` : '';
  const { json, headers } = await getJson(
    ctx,
    `https://${a.instance}/api/v1/timelines/tag/${encodeURIComponent(a.tag)}${query}`,
    'instance',
    `Tag #${a.tag}`,
  );
  const page = parsed(ctx, () => statusesPage(json, headers));
  const posts = asMastodon(ctx, a.instance, () => parseStatuses(page.list));
  const next = nextToken(a.cursor?.m, page.next);
  return { posts, cursor: next ? encodeCursor({ i: a.instance, t: a.tag, m: next } satisfies TagCursor) : null };
}

export type { FollowsCursor, PostsCursor, TagCursor };

/** One page of a server's account search: the accounts it knows (its own and remote ones) matching the query. */
export async function fetchProfileSearch(ctx: OpContext, a: { instance: string; query: string }): Promise<MicroblogEProfileSearch> {
  const params = new URLSearchParams({ q: a.query, type: 'accounts', limit: String(SEARCH_LIMIT) });
  const { json } = await getJson(
    ctx,
    `https://${a.instance}/api/v2/search?${params.toString()}`,
    'instance',
    `Account search for ${JSON.stringify(a.query)}`,
    'no-api',
  );
  // One page only (no paging without a token): more accounts than asked are not read.
  const accounts = isObj(json) ? parsed(ctx, () => asked(json.accounts, SEARCH_LIMIT, 'search.accounts')).list : undefined;
  return { profiles: asMastodon(ctx, a.instance, () => parseAccountSearch(isObj(json) ? { ...json, accounts } : json)) };
}

/** Which trends of a server: its trending hashtags or its trending statuses (Mastodon's path segment). */
export type TrendsList = 'tags' | 'statuses';
/** Our cursor of a server's trends: the list, instance, next `offset` (Mastodon pages trends by offset, not by id). */
interface TrendsCursor {
  l: TrendsList;
  i: string;
  o: number;
}
export type { TrendsCursor };

export function decodeTrendsCursor(raw: string): TrendsCursor | null {
  const c = decodeCursor(raw);
  if (!c || (c.l !== 'tags' && c.l !== 'statuses') || typeof c.i !== 'string') return null;
  return Number.isSafeInteger(c.o) && (c.o as number) > 0 && (c.o as number) <= TRENDS_MAX_OFFSET
    ? { l: c.l, i: c.i, o: c.o as number }
    : null;
}

/**
 * The next page's offset: the Link header's `rel="next"` `offset` (Mastodon sends one when the page
 * was full); without a Link header at all, below a full page. Null at the end, and for an offset
 * that does not move forward or lies beyond TRENDS_MAX_OFFSET (never a loop).
 */
function nextOffset(link: string | undefined, offset: number, size: number): number | null {
  const raw = link === undefined ? (size >= TRENDS_LIMIT ? String(offset + TRENDS_LIMIT) : null) : nextLinkParam(link, 'offset');
  if (!raw || !/^\d{1,6}$/.test(raw)) return null;
  const next = Number(raw);
  return next > offset && next <= TRENDS_MAX_OFFSET ? next : null;
}

type TrendsArgs = { instance: string; cursor: TrendsCursor | null };

/**
 * One page of the server's trends (`GET /api/v1/trends/<list>?limit=20[&offset=]`) as the JSON
 * array — its first TRENDS_LIMIT items (asked) — and our next cursor: a page cut short continues
 * at the next offset of ours, not the server's Link.
 */
async function fetchTrendsPage(
  ctx: OpContext,
  list: TrendsList,
  a: TrendsArgs,
): Promise<{ json: unknown; cursor: (size: number) => string | null }> {
  const offset = a.cursor?.o ?? 0;
  const params = new URLSearchParams({ limit: String(TRENDS_LIMIT) });
  if (offset) params.set('offset', String(offset));
  const { json, headers } = await getJson(
    ctx,
    `https://${a.instance}/api/v1/trends/${list}?${params.toString()}`,
    'instance',
    `The trending ${list === 'tags' ? 'hashtags' : 'statuses'} of ${a.instance}`,
  );
  const page = parsed(ctx, () => asked(json, TRENDS_LIMIT, `trends.${list}`));
  return {
    json: page.list,
    cursor: (size) => {
      const next = nextOffset(page.cut ? undefined : headers.link, offset, size);
      return next === null ? null : encodeCursor({ l: list, i: a.instance, o: next } satisfies TrendsCursor);
    },
  };
}

/**
 * One page of a server's trending hashtags: Tag entities, most trending first. Trends name no
 * account, so there is no identity to check: the asked server's answer is the record. A server
 * with trends turned off answers `[]` (an empty page, charged); one without the API 404 (NOT_FOUND).
 */
export async function fetchTrendsTags(ctx: OpContext, a: TrendsArgs): Promise<MicroblogETrendsTagsPage> {
  const page = await fetchTrendsPage(ctx, 'tags', a);
  const tags = asMastodon(ctx, a.instance, () => parseTrendTags(page.json));
  return { tags, cursor: page.cursor(Array.isArray(page.json) ? page.json.length : 0) };
}

/**
 * One page of a server's trending statuses: public Status entities (parseStatuses), most trending
 * first, the server's own and other servers' (a remote status's `url` and `uri` are on its origin,
 * its account's `acct` is `user@server`): no identity to check, as for tags.
 */
export async function fetchTrendsStatuses(ctx: OpContext, a: TrendsArgs): Promise<MicroblogETrendsStatusesPage> {
  const page = await fetchTrendsPage(ctx, 'statuses', a);
  const posts = asMastodon(ctx, a.instance, () => parseStatuses(page.json, 'trends.statuses'));
  return { posts, cursor: page.cursor(Array.isArray(page.json) ? page.json.length : 0) };
}

/** One page of an account's followers or following, and the account itself (its lookup). */
export interface FollowsPage {
  account: MicroblogEAccount;
  accounts: MicroblogEAccount[];
  cursor: string | null;
}

/**
 * One page of the accounts following `a` (`followers`) or followed by it (`following`). The
 * lookup runs on every page: the record carries the account, and only the lookup names whose list
 * it is — the list's Account entities are the followers, never the followed — so its identity
 * check (fetchProfile) is the list's. A cursor holds the account id the lookup gave; a lookup now
 * giving another id (a hand-made cursor, or the name taken by a new account) makes it another
 * account's cursor: INVALID_INPUT, nothing listed. An account hiding its lists
 * (`hide_collections`: Mastodon then answers others `[]`) → PRIVATE_CONTENT, the list not asked
 * for; so is an empty first page of an account whose count for that list is above 0 (a server
 * hiding it without saying so). Paging: the Link header's `rel="next"` `max_id` only (a Follow id, which no account in the
 * list carries, so no fallback below a full page's last account); no Link → the last page.
 */
export async function fetchFollows(ctx: OpContext, list: FollowsList, a: Acct & { cursor: FollowsCursor | null }): Promise<FollowsPage> {
  const account = await fetchProfile(ctx, a);
  const whose = `@${a.user}@${a.instance}`;
  if (a.cursor && a.cursor.a !== account.id)
    throw invalidParam('cursor', `belongs to another account (${whose} is account ${account.id} on ${a.instance} now)`);
  if (account.hide_collections === true)
    throw privateContent(`The ${list === 'followers' ? 'followers' : 'follows'} of ${whose} (the account hides them)`);
  const params = new URLSearchParams({ limit: String(FOLLOWS_LIMIT) });
  if (a.cursor) params.set('max_id', a.cursor.m);
  const { json, headers } = await getJson(
    ctx,
    `https://${a.instance}/api/v1/accounts/${encodeURIComponent(account.id)}/${list}?${params.toString()}`,
    'handle',
    `${list === 'followers' ? 'Followers' : 'Follows'} of ${whose}`,
  );
  accountsWithinPage(json, FOLLOWS_LIMIT, a.instance, `the ${list} of ${whose}`);
  const accounts = asMastodon(ctx, a.instance, () => parseAccountList(json));
  // Servers that hide a list without saying `hide_collections` answer others `[]`: a first page
  // with nobody on it, for an account whose own count says there is somebody, is that.
  const counted = list === 'followers' ? account.followers_count : account.following_count;
  if (!a.cursor && accounts.length === 0 && counted !== null && counted > 0)
    throw privateContent(
      `The ${list === 'followers' ? 'followers' : 'follows'} of ${whose} (the server lists none of the ${counted} it counts)`,
    );
  const next = nextToken(a.cursor?.m, nextMaxId(headers.link));
  return {
    account,
    accounts,
    cursor: next ? encodeCursor({ l: list, i: a.instance, u: a.user, a: account.id, m: next } satisfies FollowsCursor) : null,
  };
}

/**
 * Whether `status` is the one `a` names: the asked id, by the asked user of that server. The
 * author is read from `account.acct` (the bare username for the server's own account, or
 * `username@<instance>`), else from `account.url` (`https://<instance>/@<user>`); an author stating
 * neither, or no author, does not show whose status it is. A boost is its booster's status.
 */
function isAskedStatus(status: MicroblogEStatus, a: StatusRef): boolean {
  if (!sameId(a.id, status.id)) return false;
  const by = status.account;
  if (by?.acct != null) return sameHandle(a.user, by.acct) || sameHandle(`${a.user}@${a.instance}`, by.acct);
  if (by?.url == null) return false;
  try {
    const u = new URL(by.url);
    return u.hostname.toLowerCase() === a.instance && u.pathname.toLowerCase().replace(/\/$/, '') === `/@${a.user}`;
  } catch {
    return false;
  }
}

/**
 * Why the server's thread answer is not this status's, or null when it holds together: neither
 * list holds the status itself; a status replying to none has no ancestors (Mastodon sends none);
 * the last ancestor is the status's parent; some descendant replies to the status itself. Checked
 * on the public statuses only (what an anonymous caller is shown), with room for what Mastodon
 * leaves out: an unseen parent (deleted) gives no ancestors, an unseen reply (private) leaves its
 * own replies in the list, so a descendant may reply to a status that is not there.
 */
function threadMismatch(post: MicroblogEStatus, thread: StatusContext): string | null {
  const all = [...thread.ancestors, ...thread.descendants];
  if (all.some((s) => s.id === post.id)) return `it lists status ${post.id} itself`;
  const parent = thread.ancestors.at(-1);
  if (parent && parent.id !== post.in_reply_to_id)
    return `its last ancestor is ${parent.id}, not the status's parent (${post.in_reply_to_id})`;
  if (thread.descendants.length && !thread.descendants.some((s) => s.in_reply_to_id === post.id))
    return `none of its ${thread.descendants.length} descendants replies to ${post.id}`;
  return null;
}

/**
 * One status and its thread. The status is essential: 404/410 → NOT_FOUND (Mastodon's answer to
 * an anonymous caller for a private or direct status too), a non-public visibility answered
 * anyway → NOT_FOUND, another id or another author than the URL names → UPSTREAM_FAILED. The
 * thread is asked for only then, and is optional: when that request fails in any way (a status,
 * a wall, a timeout, an unreadable answer) or its answer is not this status's thread
 * (threadMismatch), `ancestors` and `descendants` are null with a counted `post.context` warning,
 * and the record is a partial read (never cached). Cancellation stays an error.
 */
export async function fetchPost(ctx: OpContext, a: StatusRef): Promise<MicroblogEPostContext> {
  const post = await fetchStatus(ctx, a);
  const thread = await optionalThread(ctx, post, `${statusUrl(a)}/context`, statusWhat(a));
  return thread ? { post, ...thread } : partialRead({ post, ancestors: null, descendants: null });
}

const statusUrl = (a: StatusRef) => `https://${a.instance}/api/v1/statuses/${encodeURIComponent(a.id)}`;
const statusWhat = (a: StatusRef) => `Status ${a.id} of @${a.user}@${a.instance}`;

/**
 * The public status `a` names (`GET /api/v1/statuses/<id>`), checked: 404/410 → NOT_FOUND (also
 * Mastodon's answer to an anonymous caller for a private or direct status), another id or another
 * author than asked (isAskedStatus) → UPSTREAM_FAILED, a non-public visibility answered anyway →
 * NOT_FOUND (an unknown one warned `status.visibility`). Shared by one status with its thread and
 * by the lists of who boosted or favourited it.
 */
async function fetchStatus(ctx: OpContext, a: StatusRef): Promise<MicroblogEStatus> {
  const what = statusWhat(a);
  const { json } = await getJson(ctx, statusUrl(a), 'url', what);
  const post = asMastodon(ctx, a.instance, () => parseStatus(json));
  if (!isAskedStatus(post, a))
    throw upstreamFailed(
      `${PLATFORM}: ${a.instance} answered ${what} with a different resource (status ${post.id} by @${post.account?.acct ?? post.account?.url ?? '(unnamed)'})`,
    );
  if (!isPublicVisibility(post.visibility)) {
    if (post.visibility !== 'private' && post.visibility !== 'direct')
      warn(PLATFORM, 'status.visibility', `${JSON.stringify(post.visibility)} (not returned)`, ctx.read);
    throw notFound(`${what} was not found on ${a.instance} (not public)`);
  }
  return post;
}

/** Which accounts of a status: those who boosted it, or those who favourited it (Mastodon's path segment). */
export type InteractionList = 'reblogged_by' | 'favourited_by';
/** Our cursor of a status's boosters or favouriters: the list, instance, user, status id, next `max_id`. */
interface InteractionsCursor {
  l: InteractionList;
  i: string;
  u: string;
  s: string;
  m: string;
}

export function decodeInteractionsCursor(raw: string): InteractionsCursor | null {
  const c = decodeCursor(raw);
  if (!c || (c.l !== 'reblogged_by' && c.l !== 'favourited_by')) return null;
  if (typeof c.i !== 'string' || typeof c.u !== 'string' || typeof c.s !== 'string' || typeof c.m !== 'string') return null;
  return ID.test(c.s) && ID.test(c.m) ? { l: c.l, i: c.i, u: c.u, s: c.s, m: c.m } : null;
}
export type { InteractionsCursor };

/**
 * One page of the accounts that boosted (`reblogged_by`) or favourited (`favourited_by`) the
 * public status `a` names. The status is asked first, on every page, with its checks (fetchStatus:
 * the asked id by the asked user, public): the record carries its counts, and the list's Account
 * entities are the boosters, never the author, so the status is the only proof whose list it is.
 * Then `…/statuses/<id>/<list>?limit=80[&max_id=]`: Mastodon's JSON array of Account entities
 * (404/410 → NOT_FOUND; 401 with Mastodon's error body → login wall; 403 → UPSTREAM_BLOCKED).
 * Paging: the Link header's `rel="next"` `max_id` only (the id of a boost or of a Favourite,
 * which no account in the list carries, so no fallback below a full page); no Link → the last page.
 */
export async function fetchInteractions(
  ctx: OpContext,
  list: InteractionList,
  a: StatusRef & { cursor: InteractionsCursor | null },
): Promise<MicroblogEInteractionsPage> {
  const status = await fetchStatus(ctx, a);
  const params = new URLSearchParams({ limit: String(INTERACTIONS_LIMIT) });
  if (a.cursor) params.set('max_id', a.cursor.m);
  const { json, headers } = await getJson(
    ctx,
    `${statusUrl(a)}/${list}?${params.toString()}`,
    'url',
    `The accounts that ${list === 'reblogged_by' ? 'boosted' : 'favourited'} ${statusWhat(a)}`,
  );
  accountsWithinPage(json, INTERACTIONS_LIMIT, a.instance, `the ${list} list of ${statusWhat(a)}`);
  const accounts = asMastodon(ctx, a.instance, () => parseAccountList(json));
  const next = nextToken(a.cursor?.m, nextMaxId(headers.link));
  return {
    post: { id: status.id, url: status.url, reblogs_count: status.reblogs_count, favourites_count: status.favourites_count },
    accounts,
    cursor: next ? encodeCursor({ l: list, i: a.instance, u: a.user, s: a.id, m: next } satisfies InteractionsCursor) : null,
  };
}

/** The status's thread, or null with a `post.context` warning when that request fails or answers another thread. */
async function optionalThread(ctx: OpContext, post: MicroblogEStatus, url: string, what: string): Promise<StatusContext | null> {
  const thread = await optionalStep(ctx, { platform: PLATFORM, field: 'post.context', context: `The thread of ${what}` }, async () => {
    const { json } = await getJson(ctx, url, 'url', `The thread of ${what}`);
    return asMastodon(ctx, new URL(url).host, () => parseContext(json));
  });
  if (!thread) return null;
  const mismatch = threadMismatch(post, thread);
  if (mismatch) warn(PLATFORM, 'post.context', `The thread of ${what} is not its thread: ${mismatch}`, ctx.read);
  return mismatch ? null : thread;
}
