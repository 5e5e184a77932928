/**
 * The public requests of social-a (Facebook events), in one place: hosts, the logged-out pages
 * we read, the page that yields the public `lsd` token, and the GraphQL operations
 * (`https://www.facebook.com/api/graphql/`, form-encoded `doc_id` + `variables`) with their
 * `doc_id`s.
 *
 * `doc_id`s change whenever Facebook redeploys its web client, so none is trusted blindly. For
 * each operation the `doc_id` in use is, in order:
 *   1. pinned through the environment variable named beside the operation below;
 *   2. discovered on a public page we fetched (Comet pages name their Relay operations with
 *      their ids: preloaders `{"preloaderID":"adp_<Name>RelayPreloader_…","queryID":"<id>"}` —
 *      the captured event pages carry four — and `__d("<Name>_facebookRelayOperation",…
 *      e.exports="<id>")` module definitions); see `relayOperationsFromHtml`;
 *   3. the built-in one below, when a public one was known at the time of writing.
 * Without any of these, a request that needs the operation fails with UPSTREAM_FAILED naming
 * the environment variable (never a guessed id).
 */
import { upstreamFailed } from '../../errors.js';

export const PLATFORM = 'social-a';
export const ORIGIN = 'https://www.facebook.com';
export const GRAPHQL_URL = `${ORIGIN}/api/graphql/`;

/** Hosts a caller's URL may name (all serve the same pages; we always fetch www). */
export const URL_HOSTS = ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'web.facebook.com', 'mbasic.facebook.com'];

/**
 * Any logged-out Comet page carries the `lsd` token (`["LSD",[],{"token":"…"},323]` in its
 * ServerJS define list, and a hidden `<input name="lsd">` on the login form). The home page is
 * the smallest such page that always exists. Overridable through SOCIAL_A_TOKEN_PAGE_URL.
 */
const DEFAULT_TOKEN_PAGE_URL = `${ORIGIN}/`;

export function tokenPageUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.SOCIAL_A_TOKEN_PAGE_URL?.trim() || DEFAULT_TOKEN_PAGE_URL;
}

/**
 * Logged-out `lsd` tokens are not stated to expire; Facebook refuses a stale one (HTTP 401/403,
 * or error 1357004 in the body), after which a fresh one is fetched. Re-read it at least this often.
 */
export const LSD_LIFETIME_MS = 30 * 60_000;

/** Items asked for per GraphQL page (the web client asks for 9–12 event cards at a time). */
export const PAGE_SIZE = 12;

export interface GraphqlOperation {
  /** Our name for it. */
  key: 'eventSearch' | 'pageEvents' | 'cityEvents';
  /** The Relay operation name (`fb_api_req_friendly_name`), when known. */
  friendlyName: string | null;
  /**
   * Relay operation names that may stand for this one when discovered on a page, for
   * operations whose exact name is not known publicly. Tested against discovered names.
   */
  namePattern: RegExp;
  /** The `doc_id` in use when this was written, or null when none was publicly known. */
  docId: string | null;
  /** Environment variable that pins another `doc_id`. */
  env: string;
}

export const OPERATIONS = {
  /**
   * The search results page's pagination query (the first page is the same query with a null
   * cursor). Built-in id: the one a public client sent in 2025; pin a current one when Facebook
   * rotates it.
   */
  eventSearch: {
    key: 'eventSearch',
    friendlyName: 'SearchCometResultsPaginatedResultsQuery',
    namePattern: /^SearchCometResults\w*Query$/,
    docId: '24106293015687348',
    env: 'SOCIAL_A_EVENT_SEARCH_DOC_ID',
  },
  /**
   * The events tab of a page (`/<page>/upcoming_hosted_events`), a Relay collection
   * (`pageItems`) paged by `ProfileCometAppCollectionEventsRendererPaginationQuery` with
   * variables `{count, cursor, id: <collection id>}`. No public id is known: discovered on the
   * page, or pinned.
   */
  pageEvents: {
    key: 'pageEvents',
    friendlyName: 'ProfileCometAppCollectionEventsRendererPaginationQuery',
    namePattern: /AppCollection\w*Events?\w*PaginationQuery$/,
    docId: null,
    env: 'SOCIAL_A_PAGE_EVENTS_DOC_ID',
  },
  /**
   * The events list of a city (`/events/explore/<slug>/<id>/`). Neither its name nor its id is
   * publicly documented: any `…Event…PaginationQuery` the explore page names is used, else the
   * pinned id.
   */
  cityEvents: {
    key: 'cityEvents',
    friendlyName: null,
    namePattern: /Events?\w*PaginationQuery$/,
    docId: null,
    env: 'SOCIAL_A_CITY_EVENTS_DOC_ID',
  },
} as const satisfies Record<string, GraphqlOperation>;

const DOC_ID_RE = /^\d{6,25}$/;

/** The pinned `doc_id` (environment), or null when none is pinned. */
export function pinnedDocId(op: GraphqlOperation, env: NodeJS.ProcessEnv = process.env): string | null {
  const v = env[op.env]?.trim();
  if (!v) return null;
  // A misspelt pin must not be silently replaced by a (possibly stale) default.
  if (!DOC_ID_RE.test(v)) throw upstreamFailed(`${PLATFORM}: ${op.env} is not a GraphQL doc_id (digits only)`);
  return v;
}

/** A Relay operation as a page names it: its name and `doc_id`. */
export interface RelayOperation {
  name: string;
  docId: string;
}

/**
 * Relay operations named on a page: preloaders (`"preloaderID":"adp_<Name>RelayPreloader_<hex>",
 * "queryID":"<id>"`) and inline operation modules (`__d("<Name>_facebookRelayOperation",[],
 * (function(a,b,c,d,e,f){e.exports="<id>"})`). The captured event pages have the former, e.g.
 * `adp_EventCometPermalinkHeaderQueryRelayPreloader_…` → `5284232301679700`.
 */
export function relayOperationsFromHtml(html: string): RelayOperation[] {
  const found = new Map<string, string>();
  for (const m of html.matchAll(/"preloaderID":"adp_([A-Za-z0-9_]+?)RelayPreloader_[^"]*","queryID":"(\d{6,25})"/g)) found.set(m[1], m[2]);
  for (const m of html.matchAll(/__d\("([A-Za-z0-9_]+)_facebookRelayOperation",\[\],\(function\([a-z,]*\)\{e\.exports="(\d{6,25})"\}/g))
    found.set(m[1], m[2]);
  return [...found].map(([name, docId]) => ({ name, docId }));
}

/** The discovered operation that stands for `op`: its exact name first, then its name pattern. */
export function matchOperation(op: GraphqlOperation, known: readonly RelayOperation[]): RelayOperation | null {
  if (op.friendlyName) {
    const exact = known.find((k) => k.name === op.friendlyName);
    if (exact) return exact;
  }
  return known.find((k) => op.namePattern.test(k.name)) ?? null;
}

/**
 * The form body Facebook's web client posts to `/api/graphql/` for a logged-out visitor
 * (`av=0`, `__user=0`), without the client's bookkeeping fields (`__req`, `__dyn`, `__csr`,
 * `__hs`), which the server does not require.
 */
export function graphqlBody(a: { lsd: string; docId: string; friendlyName: string | null; variables: Record<string, unknown> }): string {
  const form = new URLSearchParams({ av: '0', __user: '0', __a: '1', __comet_req: '15', lsd: a.lsd, fb_api_caller_class: 'RelayModern' });
  if (a.friendlyName) form.set('fb_api_req_friendly_name', a.friendlyName);
  form.set('variables', JSON.stringify(a.variables));
  form.set('server_timestamps', 'true');
  form.set('doc_id', a.docId);
  return form.toString();
}

/** Variables of the events-tab search (`SearchCometResultsPaginatedResultsQuery`, EVENTS_TAB). */
export function eventSearchVariables(query: string, cursor: string | null): Record<string, unknown> {
  return {
    allow_streaming: false,
    args: {
      callsite: 'comet:events_search',
      config: { exact_match: false, high_confidence_config: null, intercept_config: null, sts_disambiguation: null, watch_config: null },
      context: { bsid: null, tsid: null },
      experience: { client_defined_experiences: [], encoded_server_defined_params: null, fbid: null, type: 'EVENTS_TAB' },
      filters: [],
      text: query,
    },
    count: PAGE_SIZE,
    cursor,
    feedLocation: 'SEARCH',
    feedbackSource: 23,
    fetch_filters: true,
    focusCommentID: null,
    locale: null,
    privacySelectorRenderLocation: 'COMET_STREAM',
    renderLocation: 'search_results_page',
    scale: 1,
    stream_initial_count: 0,
    useDefaultActor: false,
  };
}

/**
 * Variables of a Relay refetchable connection's pagination query: the node that owns the
 * connection (a page's events collection, the city's events section) and where to continue.
 */
export function connectionPageVariables(ownerId: string, cursor: string): Record<string, unknown> {
  return { count: PAGE_SIZE, cursor, scale: 1, id: ownerId };
}
