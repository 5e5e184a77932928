/**
 * `GET /v1/forum/subreddit/search` (`forumSubredditSearch`): one page of the posts in one subreddit
 * that match a query, `{posts, after}` — the user-posts record (ForumPostsPage: api.md's forum post
 * shape, parse.ts), paged with `after` as `forum/search` is. `sort` and `timeframe` are post
 * search's (fetch.ts: the same enums, `comment_count` sent as Reddit's `comments`); `subreddit`
 * follows forumSubreddit's `name` rules (subreddit.ts).
 *
 * Upstream (api.ts: www.reddit.com's `.json`, or oauth.reddit.com with an app token):
 * `GET /r/<name>/search?q=<q>&restrict_sr=1&sort=<sort>&t=<timeframe>&limit=100[&after=…]&raw_json=1`
 * → a Listing of t3 children (shape: ../shared/fixtures/forum/search-r-all-praw-oauth-search-2020.json).
 * One page per call.
 *
 * Outcomes: a private, members-only or quarantined subreddit → PRIVATE_CONTENT (api.ts); a banned
 * or missing one → NOT_FOUND (404, or Reddit's redirect to its subreddit search), as forumSubreddit
 * maps them; no match → `posts: []`; a post of another subreddit in the answer → UPSTREAM_FAILED
 * (Reddit answers a site-wide search when it ignores `restrict_sr`: not this subreddit's data).
 */
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { AFTER_PARAM, afterOf, checkAfter, readRedditJson } from './api.js';
import { SEARCH_SORT_PARAM, SEARCH_TIMEFRAME_PARAM, searchQuery, UPSTREAM_SORT } from './fetch.js';
import type { ForumSort, ForumTimeframe } from './parse.js';
import { assertNotRedirectedAway, assertSubredditPosts, checkSubredditName, normalizeSubreddit } from './subreddit.js';
import type { ForumPostsPage } from './user-posts.js';
import { ForumPostsPage as ForumPostsPageRecord, parsePostsPage } from './user-posts.js';

const PLATFORM = 'forum';

export interface ForumSubredditSearchArgs {
  /** Normalised (normalizeSubreddit): lower case, no `r/`. */
  subreddit: string;
  query: string;
  sort: ForumSort;
  timeframe: ForumTimeframe;
  after: string | null;
}

/** The search's query parameters besides `raw_json` (api.ts adds it), in the order sent. */
export function subredditSearchQuery(a: Omit<ForumSubredditSearchArgs, 'subreddit'>): Record<string, string> {
  const q: Record<string, string> = { q: a.query, restrict_sr: '1', sort: UPSTREAM_SORT[a.sort], t: a.timeframe, limit: '100' };
  if (a.after) q.after = a.after;
  return q;
}

/** The Listing of r/<subreddit>'s search → the page; every post must be that subreddit's. */
export function parseSubredditSearch(json: unknown, subreddit: string): ForumPostsPage {
  const page = parsePostsPage(json);
  assertSubredditPosts(subreddit, page.posts, 'the search');
  return page;
}

export async function fetchForumSubredditSearch(ctx: OpContext, a: ForumSubredditSearchArgs): Promise<ForumPostsPage> {
  const what = `Subreddit r/${a.subreddit}`;
  const answer = await readRedditJson(ctx, { path: `/r/${a.subreddit}/search`, query: subredditSearchQuery(a), what });
  assertNotRedirectedAway(answer, what);
  return parsed(ctx, () => parseSubredditSearch(answer.json, a.subreddit));
}

export const forumSubredditSearch: OperationDef<ForumSubredditSearchArgs, ForumPostsPage> = {
  field: 'forumSubredditSearch',
  platform: PLATFORM,
  summary: 'Search the posts of one subreddit (100 a page); page with `after`',
  rest: { path: '/v1/forum/subreddit/search' },
  record: ForumPostsPageRecord,
  params: [
    {
      name: 'subreddit',
      kind: 'string',
      required: true,
      maxLength: 64,
      description: 'Subreddit name, e.g. Pottery (r/ in front is fine)',
    },
    { name: 'query', kind: 'string', required: true, maxLength: 512, description: 'Search query' },
    // Post search's enums and defaults (the same GraphQL enums); descriptions without its comment-search notes.
    { ...SEARCH_SORT_PARAM, description: 'Order (default relevance).' },
    { ...SEARCH_TIMEFRAME_PARAM, description: 'Posts from this period (default all).' },
    AFTER_PARAM,
  ],
  cacheable: true,
  check(args, problem) {
    checkSubredditName(args.subreddit, 'subreddit', problem);
    checkAfter(args, problem);
  },
  normalize: (a) => ({
    subreddit: normalizeSubreddit(a.subreddit)!,
    query: searchQuery(a.query),
    sort: a.sort ?? 'relevance',
    timeframe: a.timeframe ?? 'all',
    after: afterOf(a.after),
  }),
  key: (a) => JSON.stringify([a.subreddit, a.query, a.sort, a.timeframe, a.after]),
  cost: { max: 1 },
  example: { subreddit: 'pottery', query: 'glaze' },
  run: (ctx, a) => fetchForumSubredditSearch(ctx, a),
};
