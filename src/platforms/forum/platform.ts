/**
 * forum = Reddit. Registry entry: hosts, the search operation (here), user, user posts, user comments, subreddit, subreddit search and post (their own modules).
 * Upstream request: platforms.md (`www.reddit.com/search.json`, a Listing).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import type { ForumSearchArgs } from './fetch.js';
import { AFTER_PARAM, checkAfter } from './api.js';
import { fetchSearchPage, SEARCH_SORT_PARAM, SEARCH_TIMEFRAME_PARAM, searchQuery } from './fetch.js';
import type { ForumSearchPage } from './parse.js';
import * as schema from './schema.js';
import { walls } from './walls.js';
import { reader } from './reader.js';
import { forumUser } from './user.js';
import { forumUserPosts } from './user-posts.js';
import { forumUserComments } from './user-comments.js';
import { forumSubreddit } from './subreddit.js';
import { forumSubredditSearch } from './subreddit-search.js';
import { forumPost } from './post.js';
import { links } from './links.js';

const label = 'forum';
const hosts = ['www.reddit.com', 'reddit.com', 'old.reddit.com'];

/** api.md: comment search supports only these sorts. */
export const COMMENT_SORTS = ['relevance', 'new', 'top'] as const;

export const search: OperationDef<ForumSearchArgs, ForumSearchPage> = {
  field: 'forumSearch',
  platform: label,
  summary: 'Search posts (or comments) on the forum platform; page with `after`',
  rest: { path: '/v1/forum/search' },
  record: schema.ForumSearchRecord,
  params: [
    { name: 'query', kind: 'string', required: true, maxLength: 512, description: 'Search query' },
    {
      name: 'filter',
      kind: 'enum',
      values: ['posts', 'comments'],
      enumName: 'ForumSearchFilter',
      description: 'What to search: posts (default) or comments. Comments come back in `posts` too.',
    },
    SEARCH_SORT_PARAM,
    SEARCH_TIMEFRAME_PARAM,
    AFTER_PARAM,
    { name: 'trim', kind: 'boolean', description: 'Return reduced items (see the ForumPost / ForumComment trim field lists).' },
  ],
  cacheable: true,
  check(args, problem) {
    if (args.filter === 'comments') {
      if (args.sort != null && !(COMMENT_SORTS as readonly string[]).includes(args.sort)) {
        problem('sort', `comment search supports only ${COMMENT_SORTS.join(', ')}`);
      }
      // `all` is no restriction at all, so it is harmless; a real period would be silently ignored.
      if (args.timeframe != null && args.timeframe !== 'all') problem('timeframe', 'applies to post search only (filter=posts)');
    }
    checkAfter(args, problem);
  },
  normalize: (a) => {
    const filter = a.filter ?? 'posts';
    return {
      query: searchQuery(a.query),
      filter,
      sort: a.sort ?? 'relevance',
      timeframe: filter === 'posts' ? (a.timeframe ?? 'all') : null,
      after: typeof a.after === 'string' && a.after !== '' ? a.after : null,
      trim: a.trim ?? false,
    };
  },
  key: (a) => JSON.stringify([a.query, a.filter, a.sort, a.timeframe, a.after, a.trim]),
  cost: { max: 1 },
  example: { query: 'self-hosted link in bio' },
  run: (ctx, a) => fetchSearchPage(ctx, a),
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [search, forumUser, forumUserPosts, forumUserComments, forumSubreddit, forumSubredditSearch, forumPost],
  walls,
  reader,
  links,
  names: { link: ['reddit'] },
};
