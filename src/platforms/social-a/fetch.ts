/**
 * Upstream requests for social-a (Facebook events).
 *
 *  - First pages of city and page event lists: the logged-out HTML page (`/events/explore/…`,
 *    `/<page>/upcoming_hosted_events`), whose embedded Relay data holds the first events and
 *    the connection's `page_info`.
 *  - Later pages, and every event search: `POST /api/graphql/` with a `doc_id` (endpoints.ts)
 *    and the public `lsd` token, which is scraped from a public page by the shared token module
 *    (fetched on first need, shared by concurrent callers, re-read every 30 minutes, and
 *    refreshed and retried once when Facebook refuses it: HTTP 401/403 or error 1357004).
 *  - Every HTML page we read also names Relay operations with their `doc_id`s; they are
 *    remembered per upstream client and preferred over built-in ids (never over pinned ones).
 *
 * What Facebook shows instead of data is reported, never worked around: its login wall (a login
 * redirect, "You must log in to continue", GraphQL error 1357001) is `loginWall`, a checkpoint
 * or captcha is UPSTREAM_BLOCKED, the "This content isn't available" page (by its error route,
 * in any language: blobs.ts) / HTTP 404 is NOT_FOUND.
 */
import { ApiError, upstreamFailed } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { Upstream, UpstreamResponse } from '../../upstream/client.js';
import { clientOf, createTokenSource, tokenSource, TokenRefusedError } from '../../upstream/tokens.js';
import type { TokenSource } from '../../upstream/tokens.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import { BadSessionError, parseGraphqlBody } from './blobs.js';
import type { Obj } from './blobs.js';
import type { GraphqlOperation, RelayOperation } from './endpoints.js';
import {
  connectionPageVariables,
  eventSearchVariables,
  graphqlBody,
  GRAPHQL_URL,
  LSD_LIFETIME_MS,
  matchOperation,
  OPERATIONS,
  ORIGIN,
  pinnedDocId,
  PLATFORM,
  relayOperationsFromHtml,
  tokenPageUrl,
} from './endpoints.js';
import type { CityEventsPage, EventSearchPage, PageEventsPage, ParsedList } from './parse.js';
import {
  parseCityEventsGraphql,
  parseCityEventsHtml,
  parseEventSearchGraphql,
  parsePageEventsGraphql,
  parsePageEventsHtml,
} from './parse.js';
import type { CityRef, Cursor, PageRef } from './urls.js';
import { cityEventsPageUrl, encodeCursor, pageEventsUrl, pageKey, queryKey } from './urls.js';
import { nextToken } from '../cursor.js';

const HTML_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'none',
};

// ---------------------------------------------------------------------------------------------
// Per-client state: the lsd token (with the anonymous cookie the page set) and the Relay
// operations seen on pages
// ---------------------------------------------------------------------------------------------

interface ClientState {
  /** Relay operations named on fetched pages, by name: their doc_id and the kind of page that named them. */
  operations: Map<string, { docId: string; seenOn: ListKind | null }>;
  /** Cookie header to send with an lsd token, by token value (Facebook binds lsd to its `datr` cookie). */
  cookies: Map<string, string>;
}

const states = new WeakMap<Upstream, ClientState>();

function stateOf(upstream: Upstream): ClientState {
  // The client's, not a view's (an operation's deadline-bound upstream).
  const client = clientOf(upstream);
  let s = states.get(client);
  if (!s) states.set(client, (s = { operations: new Map(), cookies: new Map() }));
  return s;
}

type ListKind = GraphqlOperation['key'];

/** Remembers the Relay operations a fetched page names. */
function learnOperations(upstream: Upstream, html: string, seenOn: ListKind | null): void {
  const ops = stateOf(upstream).operations;
  for (const op of relayOperationsFromHtml(html)) ops.set(op.name, { docId: op.docId, seenOn });
}

/** The `lsd` value of a logged-out page: its ServerJS `LSD` define, else the login form's hidden input. */
export function lsdFromHtml(html: string): string | null {
  const define = /\["LSD",\[\],\{"token":"([A-Za-z0-9_-]{4,64})"\}/.exec(html);
  if (define) return define[1];
  const input = /<input[^>]+name="lsd"[^>]+value="([A-Za-z0-9_-]{4,64})"|<input[^>]+value="([A-Za-z0-9_-]{4,64})"[^>]+name="lsd"/.exec(
    html,
  );
  return input ? (input[1] ?? input[2]) : null;
}

/** `name=value` pairs of the anonymous cookies a response sets (`datr`, `fr`…), for the Cookie header. */
function anonymousCookies(res: UpstreamResponse): string | null {
  const raw = res.headers['set-cookie'];
  if (!raw) return null;
  const pairs = raw
    .split(/,(?=\s*[A-Za-z0-9_]+=)/)
    .map((c) => c.split(';')[0].trim())
    .filter((p) => /^(datr|fr|sb)=[^;\s]+$/.test(p));
  return pairs.length ? pairs.join('; ') : null;
}

export function lsdToken(upstream: Upstream): TokenSource {
  return tokenSource(upstream, PLATFORM, (client) =>
    createTokenSource(`${PLATFORM} lsd token`, async (signal) => {
      const res = await client.request({ url: tokenPageUrl(), platform: PLATFORM, headers: HTML_HEADERS, signal });
      // The token page is ours to choose, not the caller's: its absence is no NOT_FOUND of theirs.
      if (res.status === 404 || res.status === 410)
        throw upstreamFailed(`${PLATFORM}: the page that carries the lsd token is gone (HTTP ${res.status}); set SOCIAL_A_TOKEN_PAGE_URL`);
      expectOk(res, PLATFORM, 'The token page');
      // Checkpoints and login landings are walls (walls.ts), answered before this.
      const html = res.text();
      learnOperations(client, html, null);
      const lsd = lsdFromHtml(html);
      if (!lsd)
        throw upstreamFailed(
          `${PLATFORM}: client response changed shape: missing the lsd token (["LSD",[],{"token":…}]) on ${tokenPageUrl()}`,
        );
      // Only the current token's cookie is kept (a token is replaced every 30 minutes at most).
      const cookies = stateOf(client).cookies;
      cookies.clear();
      const cookie = anonymousCookies(res);
      if (cookie) cookies.set(lsd, cookie);
      return { value: lsd, expiresAt: Date.now() + LSD_LIFETIME_MS };
    }),
  );
}

/** The operation's doc_id and name: pinned, else seen on a page, else built in; null when none. */
function operationFor(upstream: Upstream, op: GraphqlOperation): RelayOperation | null {
  const pinned = pinnedDocId(op);
  if (pinned) return { name: op.friendlyName ?? '', docId: pinned };
  // An exact name from any page; a name merely matching the pattern only from this list's own page.
  const known = [...stateOf(upstream).operations]
    .filter(([name, v]) => name === op.friendlyName || v.seenOn === op.key)
    .map(([name, v]) => ({ name, docId: v.docId }));
  const seen = matchOperation(op, known);
  if (seen) return seen;
  return op.docId ? { name: op.friendlyName ?? '', docId: op.docId } : null;
}

function noDocId(op: GraphqlOperation): ApiError {
  return upstreamFailed(
    `${PLATFORM}: no GraphQL doc_id is known for ${op.friendlyName ?? op.key} (none named on the public page); set ${op.env}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A logged-out HTML page: NOT_FOUND for 404 (checkpoint and login landings are walls: walls.ts). */
async function fetchPage(ctx: OpContext, url: string, what: string, kind: ListKind): Promise<string> {
  const res = await ctx.upstream.request({ url, platform: PLATFORM, headers: HTML_HEADERS, signal: ctx.signal });
  expectOk(res, PLATFORM, what);
  const html = res.text();
  learnOperations(ctx.upstream, html, kind);
  return html;
}

/** `POST /api/graphql/` with the lsd token; a refused token is replaced once. */
async function graphql(ctx: OpContext, op: RelayOperation, variables: Record<string, unknown>, what: string): Promise<Obj[]> {
  const tokens = lsdToken(ctx.upstream);
  return tokens.withToken(
    async (lsd) => {
      const headers: Record<string, string> = {
        accept: '*/*',
        'accept-language': 'en-US,en;q=0.9',
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        referer: `${ORIGIN}/`,
        'sec-fetch-site': 'same-origin',
        'x-fb-lsd': lsd,
      };
      if (op.name) headers['x-fb-friendly-name'] = op.name;
      const cookie = stateOf(ctx.upstream).cookies.get(lsd);
      if (cookie) headers.cookie = cookie;
      const res = await ctx.upstream.request({
        url: GRAPHQL_URL,
        method: 'POST',
        platform: PLATFORM,
        headers,
        body: graphqlBody({ lsd, docId: op.docId, friendlyName: op.name || null, variables }),
        signal: ctx.signal,
      });
      // A stale or unknown lsd: fetch a fresh one and try once more.
      if (res.status === 401 || res.status === 403) throw new TokenRefusedError(res.status);
      if (res.status === 404) throw upstreamFailed(`${PLATFORM}: the GraphQL endpoint answered 404`);
      expectOk(res, PLATFORM, what);
      try {
        return parseGraphqlBody(res.text(), what);
      } catch (e) {
        if (e instanceof BadSessionError) throw new TokenRefusedError(res.status);
        throw e;
      }
    },
    { signal: ctx.signal },
  );
}

/** The pagination operation of a list, discovering it on the list's own page when not yet known. */
async function paginationOperation(ctx: OpContext, op: GraphqlOperation, pageUrl: string, what: string): Promise<RelayOperation> {
  let found = operationFor(ctx.upstream, op);
  if (!found) {
    // Not pinned, not built in, not seen since start: the list's page names it (or nothing does).
    await fetchPage(ctx, pageUrl, what, op.key);
    found = operationFor(ctx.upstream, op);
  }
  if (!found) throw noDocId(op);
  return found;
}

/** Our cursor for the list's next page; null at the end (no end cursor, or the `asked` one this page was asked with: Facebook looping). */
function nextCursor<T>(list: ParsedList<T>, asked: string | null, make: (after: string, owner: string) => Cursor | null): string | null {
  const endCursor = nextToken(asked, list.endCursor);
  if (!list.hasNextPage || !endCursor) return null;
  // Without the owner's id the next page cannot be asked for; say so instead of a dead cursor.
  if (!list.ownerId)
    throw upstreamFailed(`${PLATFORM}: upstream response changed shape: missing the id of the list's owner (needed to page)`);
  const c = make(endCursor, list.ownerId);
  return c ? encodeCursor(c) : null;
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

export async function fetchCityEvents(
  ctx: OpContext,
  a: { city: CityRef; cursor: Extract<Cursor, { k: 'city' }> | null },
): Promise<CityEventsPage> {
  const pageUrl = cityEventsPageUrl(a.city);
  const what = `City ${a.city.cityId}`;
  let list: ParsedList<CityEventsPage['events'][number]>;
  if (!a.cursor) {
    const html = await fetchPage(ctx, pageUrl, what, 'cityEvents');
    list = parsed(ctx, () => parseCityEventsHtml(html, a.city.cityId));
  } else {
    const op = await paginationOperation(ctx, OPERATIONS.cityEvents, pageUrl, what);
    const objs = await graphql(ctx, op, connectionPageVariables(a.cursor.owner, a.cursor.after), what);
    list = parsed(ctx, () => parseCityEventsGraphql(objs));
    // The pagination query refetches the connection's owner node: another node's list is no page of this one.
    assertSameResource(PLATFORM, `${what} (events owned by ${a.cursor.owner})`, { id: a.cursor.owner }, { id: list.ownerId });
    list.ownerId ??= a.cursor.owner;
  }
  return {
    events: list.events,
    cursor: nextCursor(list, a.cursor?.after ?? null, (after, owner) => ({ k: 'city', city: a.city.cityId, owner, after })),
  };
}

export async function fetchPageEvents(
  ctx: OpContext,
  a: { page: PageRef; cursor: Extract<Cursor, { k: 'page' }> | null },
): Promise<PageEventsPage> {
  const pageUrl = pageEventsUrl(a.page);
  const what = `Page ${pageKey(a.page.page)}`;
  let list: ParsedList<PageEventsPage['events'][number]>;
  if (!a.cursor) {
    const html = await fetchPage(ctx, pageUrl, what, 'pageEvents');
    list = parsed(ctx, () => parsePageEventsHtml(html));
  } else {
    const op = await paginationOperation(ctx, OPERATIONS.pageEvents, pageUrl, what);
    const objs = await graphql(ctx, op, connectionPageVariables(a.cursor.owner, a.cursor.after), what);
    list = parsed(ctx, () => parsePageEventsGraphql(objs));
    assertSameResource(PLATFORM, `${what} (events owned by ${a.cursor.owner})`, { id: a.cursor.owner }, { id: list.ownerId });
    list.ownerId ??= a.cursor.owner;
    list.total ??= a.cursor.total;
  }
  const total = list.total ?? null;
  const cursor = nextCursor(list, a.cursor?.after ?? null, (after, owner) => ({
    k: 'page',
    page: pageKey(a.page.page),
    tab: a.page.tab,
    owner,
    after,
    total,
  }));
  return {
    events: list.events,
    cursor,
    has_next_page: cursor !== null,
    // Pages state their total (`items.count`); when one does not, what this page holds is all we know.
    total_count: total ?? list.events.length,
  };
}

export async function fetchEventSearch(
  ctx: OpContext,
  a: { query: string; cursor: Extract<Cursor, { k: 'search' }> | null },
): Promise<EventSearchPage> {
  const op = operationFor(ctx.upstream, OPERATIONS.eventSearch);
  if (!op) throw noDocId(OPERATIONS.eventSearch);
  const objs = await graphql(ctx, op, eventSearchVariables(a.query, a.cursor?.after ?? null), `Event search ${JSON.stringify(a.query)}`);
  const list = parsed(ctx, () => parseEventSearchGraphql(objs));
  // Search pages continue by cursor alone; the owner id is not needed. The one asked with is the end (Facebook looping).
  const after = nextToken(a.cursor?.after, list.endCursor);
  const cursor = list.hasNextPage && after ? encodeCursor({ k: 'search', q: queryKey(a.query), after }) : null;
  return { events: list.events, cursor };
}
