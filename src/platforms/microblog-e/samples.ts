/**
 * Written upstream answers for tests, the demo and the simulated webs (not captures: names and
 * numbers invented), in the shape of the real Mastodon Account entity
 * (../shared/fixtures/microblog-e/account-fosstodon-schochastics-2025-07-17.json): `note` and the
 * field values are HTML; a field whose link the server checked (`rel="me"`) has `verified_at`.
 * No capture of `/api/v1/accounts/<id>/followers` or `/following` exists: their answers here
 * (`mastodonFollowsBody`, `mastodonFollowsLink`) are written from Mastodon's documented API — a
 * JSON array of the same Account entities (most recent follow first), the next page in the `Link`
 * header as a `max_id` that is a Follow id, not an account id.
 * No capture of `/api/v1/statuses/<id>` or `/api/v1/statuses/<id>/context` exists either: a
 * status here (`mastodonStatusBody`) has the captured Status entity's fields as an anonymous
 * caller gets them (../shared/fixtures/microblog-e/account-statuses-fosstodon-schochastics-2025-07-17.json,
 * without the viewer's state), and a thread (`mastodonContextBody`) is Mastodon's documented
 * Context entity: `{ancestors, descendants}`, each a Status list.
 * No capture of `/api/v1/trends/tags` or `/api/v1/trends/statuses` exists: a trending tag here
 * (`mastodonTrendTagBody`) is Mastodon's documented Tag entity as an anonymous caller gets it
 * (`name`, `url`, `history` of 7 days, each number a string; no `following`), the statuses are
 * `mastodonStatusBody`'s, and the next page is the `Link` header's `offset`
 * (`mastodonTrendsLink`).
 */
export interface MastodonSample {
  user: string;
  instance: string;
  displayName: string;
  /** Plain text; written as one paragraph of HTML. */
  note?: string;
  fields?: { name: string; url: string; verified?: boolean }[];
  followers?: number;
  id?: string;
  /** The account hides its followers and follows (Mastodon's `hide_collections`); default false. */
  hideCollections?: boolean;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A field value as Mastodon renders a link (the scheme and `www.` in an invisible span). */
function linkHtml(url: string): string {
  const m = /^(https?:\/\/(?:www\.)?)(.*)$/.exec(url)!;
  return `<a href="${esc(url)}" target="_blank" rel="nofollow noopener me" translate="no"><span class="invisible">${esc(m[1])}</span><span class="">${esc(m[2])}</span><span class="invisible"></span></a>`;
}

/** The body of `GET https://<instance>/api/v1/accounts/lookup?acct=<user>` for `s`. */
export function mastodonAccountBody(s: MastodonSample): Record<string, unknown> {
  const url = `https://${s.instance}/@${s.user}`;
  return {
    id: s.id ?? '109302436954700001',
    username: s.user,
    acct: s.user,
    display_name: s.displayName,
    locked: false,
    bot: false,
    discoverable: true,
    indexable: false,
    group: false,
    created_at: '2022-11-07T00:00:00.000Z',
    note: `<p>${esc(s.note ?? '')}</p>`,
    url,
    uri: `https://${s.instance}/users/${s.user}`,
    avatar: `https://${s.instance}/avatars/original/missing.png`,
    avatar_static: `https://${s.instance}/avatars/original/missing.png`,
    header: `https://${s.instance}/headers/original/missing.png`,
    header_static: `https://${s.instance}/headers/original/missing.png`,
    followers_count: s.followers ?? 300,
    following_count: 100,
    statuses_count: 250,
    last_status_at: '2025-07-17',
    hide_collections: s.hideCollections ?? false,
    emojis: [],
    fields: (s.fields ?? []).map((f) => ({
      name: f.name,
      value: linkHtml(f.url),
      verified_at: f.verified ? '2024-11-24T06:24:48.497+00:00' : null,
    })),
  };
}

/**
 * The body of `GET https://<asked>/api/v2/search?q=…&type=accounts` answering `accounts`: a Search
 * entity, `statuses` and `hashtags` empty as for `type=accounts`. An account of another server is
 * remote there, as in the real `/api/v1/accounts/search` capture
 * (../shared/fixtures/microblog-e/accounts-search-schochastics-fosstodon-2025-07-17.json): `acct` is
 * `user@server`, `url` and `uri` on its own server.
 */
export function mastodonSearchBody(asked: string, accounts: MastodonSample[]): Record<string, unknown> {
  return { accounts: accounts.map((s) => accountAsSeenBy(asked, s)), statuses: [], hashtags: [] };
}

/** `s` as the server `asked` sends it: its own account as is, another server's with `acct` = `user@server`. */
function accountAsSeenBy(asked: string, s: MastodonSample): Record<string, unknown> {
  const body = mastodonAccountBody(s);
  return s.instance === asked ? body : { ...body, acct: `${s.user}@${s.instance}` };
}

/**
 * The body of `GET https://<asked>/api/v1/accounts/<id>/followers` (or `/following`): a JSON
 * array of Account entities, most recent follow first, another server's accounts remote there
 * (as `mastodonSearchBody`).
 */
export function mastodonFollowsBody(asked: string, accounts: MastodonSample[]): Record<string, unknown>[] {
  return accounts.map((s) => accountAsSeenBy(asked, s));
}

/**
 * Mastodon's `Link` header on a page of followers / following that has a next page: `next` with
 * `max_id` and `prev` with `since_id`, both Follow ids (never an account id of the page).
 */
export function mastodonFollowsLink(
  instance: string,
  accountId: string,
  list: 'followers' | 'following',
  maxId: string,
  sinceId: string,
): string {
  const base = `https://${instance}/api/v1/accounts/${accountId}/${list}?limit=80`;
  return `<${base}&max_id=${maxId}>; rel="next", <${base}&since_id=${sinceId}>; rel="prev"`;
}

/**
 * Mastodon's `Link` header on a page of a status's boosters or favouriters that has a next page:
 * `next` with `max_id` and `prev` with `since_id` (a boost's status id, or a Favourite id: never
 * an account id of the page). The list's body is an array of Account entities, as
 * `mastodonFollowsBody` writes it (no capture of `reblogged_by` or `favourited_by` exists: both
 * from Mastodon's documented API).
 */
export function mastodonInteractionsLink(
  instance: string,
  statusId: string,
  list: 'reblogged_by' | 'favourited_by',
  maxId: string,
  sinceId: string,
): string {
  const base = `https://${instance}/api/v1/statuses/${statusId}/${list}?limit=80`;
  return `<${base}&max_id=${maxId}>; rel="next", <${base}&since_id=${sinceId}>; rel="prev"`;
}

/** A status as `mastodonStatusBody` writes it. */
export interface MastodonStatusSample {
  id: string;
  by: MastodonSample;
  /** Plain text; written as one paragraph of HTML. */
  text: string;
  /** The status it replies to (its id and its author's id). */
  replyTo?: { id: string; accountId: string };
  visibility?: 'public' | 'unlisted' | 'private' | 'direct';
  at?: string;
  replies?: number;
}

/**
 * The body of `GET https://<asked>/api/v1/statuses/<id>` for `s` (also an element of a thread's
 * lists): a Status entity. A status of another server's account is remote on `asked`: its
 * account's `acct` is `user@server`, its `url` and `uri` on its own server.
 */
export function mastodonStatusBody(asked: string, s: MastodonStatusSample): Record<string, unknown> {
  const origin = s.by.instance;
  return {
    id: s.id,
    created_at: s.at ?? '2025-03-06T06:00:00.000Z',
    in_reply_to_id: s.replyTo?.id ?? null,
    in_reply_to_account_id: s.replyTo?.accountId ?? null,
    sensitive: false,
    spoiler_text: '',
    visibility: s.visibility ?? 'public',
    language: 'en',
    uri: `https://${origin}/users/${s.by.user}/statuses/${s.id}`,
    url: `https://${origin}/@${s.by.user}/${s.id}`,
    replies_count: s.replies ?? 0,
    reblogs_count: 0,
    favourites_count: 2,
    edited_at: null,
    content: `<p>${esc(s.text)}</p>`,
    reblog: null,
    application: { name: 'Web', website: null },
    account: accountAsSeenBy(asked, s.by),
    media_attachments: [],
    mentions: [],
    tags: [],
    emojis: [],
    quote: null,
    card: null,
    poll: null,
  };
}

/** The body of `GET https://<asked>/api/v1/statuses/<id>/context`: the statuses above it (top first) and below it (depth first). */
export function mastodonContextBody(
  asked: string,
  ancestors: MastodonStatusSample[],
  descendants: MastodonStatusSample[],
): { ancestors: Record<string, unknown>[]; descendants: Record<string, unknown>[] } {
  return {
    ancestors: ancestors.map((s) => mastodonStatusBody(asked, s)),
    descendants: descendants.map((s) => mastodonStatusBody(asked, s)),
  };
}

/**
 * The Tag entity of `GET https://<instance>/api/v1/trends/tags` for `name`: `history` is one day
 * per `uses` element, most recent first (day = Unix seconds of 2025-03-06 UTC, then one day
 * earlier each), every number a string as Mastodon sends it; `accounts` is half the uses, rounded up.
 */
export function mastodonTrendTagBody(instance: string, name: string, uses: number[] = [64, 41, 12, 9, 15, 7, 11]): Record<string, unknown> {
  const today = Date.UTC(2025, 2, 6) / 1000;
  return {
    name,
    url: `https://${instance}/tags/${name.toLowerCase()}`,
    history: uses.map((u, i) => ({ day: String(today - i * 86_400), uses: String(u), accounts: String(Math.ceil(u / 2)) })),
  };
}

/**
 * Mastodon's `Link` header on a full page of trends (`tags` or `statuses`): `next` with the next
 * `offset` (`limit` kept), and `prev` when the page is not the first (Api::V1::Trends controllers).
 */
export function mastodonTrendsLink(instance: string, list: 'tags' | 'statuses', nextOffset: number, limit = 20): string {
  const base = `https://${instance}/api/v1/trends/${list}?limit=${limit}`;
  const prev = nextOffset - 2 * limit;
  return `<${base}&offset=${nextOffset}>; rel="next"` + (prev > 0 ? `, <${base}&offset=${prev}>; rel="prev"` : '');
}

/** Mastodon's 404 body for an unknown account. */
export const MASTODON_NOT_FOUND = { error: 'Record not found' };
