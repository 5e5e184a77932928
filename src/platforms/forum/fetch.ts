/**
 * Upstream request for forum (Reddit): one page of `GET https://www.reddit.com/search.json`
 * (platforms.md), anonymous, with the gateway's descriptive User-Agent (Reddit's API rules ask
 * for one; generic agents are throttled first).
 *
 * A block page (Reddit's rate-limit and network-security pages, its JSON 403/429 refusals, any
 * HTML 403/429) is UPSTREAM_BLOCKED and never parsed; a redirect to the login page is a login
 * wall. Both are walls (walls.ts, by structure), answered by the upstream client before this.
 */
import { shapeChanged, upstreamBlocked, upstreamFailed } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { ForumFilter, ForumSearchPage, ForumSort, ForumTimeframe } from './parse.js';
import { parseListing } from './parse.js';

const PLATFORM = 'forum';

/** Post search's `sort` (forumSearch, and forumSubredditSearch unchanged). */
export const SEARCH_SORT_PARAM = {
  name: 'sort',
  kind: 'enum',
  values: ['relevance', 'new', 'top', 'comment_count'],
  enumName: 'ForumSearchSort',
  description: 'Order (default relevance). Comment search supports only relevance, new and top.',
} as const;

/** Post search's `timeframe` (forumSearch, and forumSubredditSearch unchanged). */
export const SEARCH_TIMEFRAME_PARAM = {
  name: 'timeframe',
  kind: 'enum',
  values: ['all', 'day', 'week', 'month', 'year'],
  enumName: 'ForumSearchTimeframe',
  description: 'Post search only: posts from this period (default all).',
} as const;

/** The search query as sent and keyed: trimmed, runs of whitespace one space. */
export const searchQuery = (q: string): string => q.trim().replace(/\s+/g, ' ');

export const SEARCH_URL = 'https://www.reddit.com/search.json';

export interface ForumSearchArgs {
  query: string;
  filter: ForumFilter;
  sort: ForumSort;
  /** null for comment search (a post-search parameter). */
  timeframe: ForumTimeframe | null;
  after: string | null;
  trim: boolean;
}

/** Our sort names → Reddit's `sort` values (`comment_count` is Reddit's `comments`). */
export const UPSTREAM_SORT: Record<ForumSort, string> = { relevance: 'relevance', new: 'new', top: 'top', comment_count: 'comments' };

/**
 * `https://www.reddit.com/search.json?q=…&type=link|comment&sort=…[&t=…][&after=…]&raw_json=1`.
 * `raw_json=1` makes Reddit send `selftext_html`/`body_html` and titles unescaped (no `&amp;`).
 */
export function buildSearchUrl(a: Omit<ForumSearchArgs, 'trim'>): string {
  const sp = new URLSearchParams();
  sp.set('q', a.query);
  sp.set('type', a.filter === 'comments' ? 'comment' : 'link');
  sp.set('sort', UPSTREAM_SORT[a.sort]);
  if (a.filter === 'posts' && a.timeframe) sp.set('t', a.timeframe);
  if (a.after) sp.set('after', a.after);
  sp.set('raw_json', '1');
  return `${SEARCH_URL}?${sp.toString()}`;
}

export async function fetchSearchPage(ctx: OpContext, a: ForumSearchArgs): Promise<ForumSearchPage> {
  const res = await ctx.upstream.request({
    url: buildSearchUrl(a),
    platform: PLATFORM,
    headers: { accept: 'application/json' },
    signal: ctx.signal,
  });
  // Block pages and the login page a redirect ends on are walls (walls.ts), answered before this.
  // A 404 of search.json says nothing about the query: the endpoint moved.
  if (res.status === 404) throw upstreamFailed(`${PLATFORM}: search.json answered HTTP 404`);
  if (res.status === 403 || res.status === 429)
    throw upstreamBlocked(`${PLATFORM}: www.reddit.com refused the search (HTTP ${res.status})`);
  if (/^\s*</.test(res.text())) {
    expectOk(res, PLATFORM, 'The search page');
    throw shapeChanged(PLATFORM, 'JSON Listing (www.reddit.com answered with HTML)');
  }
  expectOk(res, PLATFORM, 'The search page');
  return parsed(ctx, () => parseListing(res.json(), { filter: a.filter, trim: a.trim }));
}
