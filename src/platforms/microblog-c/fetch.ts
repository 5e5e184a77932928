/**
 * Upstream requests for microblog-c (Threads), as platforms.md lists them:
 * `POST https://www.threads.com/api/graphql` (form body `lsd`, `variables`, `doc_id`) with the
 * headers the web client sends signed out: `X-FB-LSD: <lsd>`, `X-IG-App-ID: 238260118697367`,
 * `X-FB-Friendly-Name: BarcelonaSearchResultsQuery`.
 *
 * The `lsd` token is public: Meta embeds it in every threads.com page for signed-out visitors.
 * It is scraped from the public search page, kept in a TokenSource (src/upstream/tokens.ts):
 * fetched on first need, shared, refreshed and retried once when the endpoint refuses it
 * (401/403, or Meta's bare error envelope). The same page's Relay preloader names the current
 * `doc_id` of the search query and its variables (the provider flags); when the page has no
 * preloader, the last doc_id we know is used.
 *
 * Never a login: a login wall is reported as such (`loginWall`), a checkpoint or rate limit as
 * UPSTREAM_BLOCKED.
 */
import { loginWall, shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { expectOk, expectStepOk } from '../../upstream/client.js';
import type { Upstream, UpstreamResponse } from '../../upstream/client.js';
import { createTokenSource, tokenSource, TokenRefusedError } from '../../upstream/tokens.js';
import type { Token, TokenSource } from '../../upstream/tokens.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { MicroblogCSearchResult } from './parse.js';
import { accessProblem, parseGraphqlBody, parseSearchResponse, parseSessionPage, THREADS, trimPost, withinDates } from './parse.js';

const PLATFORM = 'microblog-c';
export const GRAPHQL_URL = `${THREADS}/api/graphql`;
/**
 * The page the token comes from. The search route carries the SearchResultsQuery preloader (and
 * so the current doc_id) only when it has a query; any query does.
 */
export const SESSION_PAGE_URL = `${THREADS}/search?q=threads&serp_type=default`;
/** Threads web's public Instagram app id (platforms.md). */
export const IG_APP_ID = '238260118697367';
export const SEARCH_QUERY_NAME = 'BarcelonaSearchResultsQuery';
/**
 * doc_id of BarcelonaSearchResultsQuery when the page names none. Meta rotates doc_ids with its
 * deploys; a page that has the preloader always wins over this value.
 */
export const FALLBACK_SEARCH_DOC_ID = '28325705367048600';
/** How long a scraped lsd is used before the page is fetched again (a refused one is replaced at once). */
export const LSD_LIFETIME_MS = 60 * 60 * 1000;

/** The variables of a signed-out search when the page gives no template. */
const FALLBACK_VARIABLES = {
  meta_place_id: null,
  pinned_ids: null,
  power_search_info: null,
  query: '',
  recent: 0,
  search_surface: 'default',
  tagID: null,
  trend_fbid: null,
  __relay_internal__pv__BarcelonaIsLoggedInrelayprovider: false,
};

export interface SearchSession {
  lsd: string;
  docId: string;
  variables: Record<string, unknown>;
}

export interface MicroblogCSearchArgs {
  query: string;
  startDate: string | null;
  endDate: string | null;
  trim: boolean;
}

const looksLikeHtml = (res: UpstreamResponse) => /^\s*</.test(res.text());

async function fetchSession(upstream: Upstream, signal?: AbortSignal): Promise<Token> {
  const res = await upstream.request({
    url: SESSION_PAGE_URL,
    platform: PLATFORM,
    headers: { accept: 'text/html', 'accept-language': 'en' },
    signal,
  });
  // Login and checkpoint landings are walls (walls.ts), answered before this.
  if (res.status === 429) throw upstreamBlocked(`${PLATFORM}: threads.com rate limit reached (HTTP 429)`);
  expectStepOk(res, PLATFORM, 'The threads.com search page');
  const page = parseSessionPage(res.text());
  if (!page.lsd) throw shapeChanged(PLATFORM, 'lsd token on the public search page');
  const session: SearchSession = {
    lsd: page.lsd,
    docId: page.docId ?? FALLBACK_SEARCH_DOC_ID,
    variables: page.variables ?? FALLBACK_VARIABLES,
  };
  return { value: JSON.stringify(session), expiresAt: Date.now() + LSD_LIFETIME_MS };
}

/** The session (lsd, doc_id, variables) source of this upstream client. */
export function sessionSource(upstream: Upstream): TokenSource {
  return tokenSource(upstream, 'microblog-c:lsd', (client) =>
    createTokenSource(`${PLATFORM} lsd`, (signal) => fetchSession(client, signal)),
  );
}

/** The variables sent: the page's template with this query, top results, default surface, first page. */
export function searchVariables(template: Record<string, unknown>, query: string): Record<string, unknown> {
  const v: Record<string, unknown> = { ...template, query, recent: 0, search_surface: 'default' };
  delete v.after;
  return v;
}

export function searchForm(s: SearchSession, query: string): string {
  return new URLSearchParams({
    lsd: s.lsd,
    fb_api_caller_class: 'RelayModern',
    fb_api_req_friendly_name: SEARCH_QUERY_NAME,
    variables: JSON.stringify(searchVariables(s.variables, query)),
    server_timestamps: 'true',
    doc_id: s.docId,
  }).toString();
}

async function searchOnce(ctx: OpContext, s: SearchSession, query: string): Promise<unknown> {
  const res = await ctx.upstream.request({
    url: GRAPHQL_URL,
    method: 'POST',
    platform: PLATFORM,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: '*/*',
      origin: THREADS,
      referer: `${THREADS}/search?q=${encodeURIComponent(query)}&serp_type=default`,
      'x-fb-lsd': s.lsd,
      'x-ig-app-id': IG_APP_ID,
      'x-fb-friendly-name': SEARCH_QUERY_NAME,
      'sec-fetch-site': 'same-origin',
    },
    body: searchForm(s, query),
    signal: ctx.signal,
  });
  // Login and checkpoint landings, login and checkpoint pages, require_login / 1357001 JSON:
  // walls (walls.ts), answered before this.
  if (looksLikeHtml(res)) {
    if (res.status === 401 || res.status === 403) throw new TokenRefusedError(res.status);
    if (res.status === 429) throw upstreamBlocked(`${PLATFORM}: upstream rate limit reached (HTTP 429)`);
    expectStepOk(res, PLATFORM, 'The GraphQL endpoint');
    throw shapeChanged(PLATFORM, 'GraphQL JSON (the endpoint answered with HTML)');
  }
  let json: unknown = null;
  const text = res.text().trim();
  if (text !== '') {
    try {
      json = parseGraphqlBody(text);
    } catch (e) {
      if (res.status >= 200 && res.status < 300) throw e;
    }
  }
  const problem = accessProblem(json);
  if (problem === 'login') throw loginWall(PLATFORM);
  if (res.status === 401 || res.status === 403 || problem === 'token') throw new TokenRefusedError(res.status);
  if (res.status === 429) throw upstreamBlocked(`${PLATFORM}: upstream rate limit reached (HTTP 429)`);
  // The endpoint itself missing says nothing about the query.
  if (res.status === 404) throw upstreamFailed(`${PLATFORM}: the GraphQL endpoint answered HTTP 404`);
  // A non-2xx answer with GraphQL errors is read by the parser (which names them); otherwise the status says it.
  const hasErrors = typeof json === 'object' && json !== null && Array.isArray((json as { errors?: unknown }).errors);
  if (!hasErrors) expectOk(res, PLATFORM, 'The GraphQL endpoint');
  if (json === null) throw shapeChanged(PLATFORM, 'GraphQL JSON (empty body)');
  return json;
}

export async function fetchSearch(ctx: OpContext, a: MicroblogCSearchArgs): Promise<MicroblogCSearchResult> {
  const json = await sessionSource(ctx.upstream).withToken((value) => searchOnce(ctx, JSON.parse(value) as SearchSession, a.query), {
    signal: ctx.signal,
  });
  // Dates are applied to the posts' own timestamps (UTC days): the signed-out search query takes
  // no date range we could rely on.
  const posts = parsed(ctx, () => parseSearchResponse(json)).posts.filter((p) => withinDates(p, a.startDate, a.endDate));
  return { posts: a.trim ? posts.map(trimPost) : posts };
}
