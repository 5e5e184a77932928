/**
 * microblog-e (any Mastodon-compatible server) operations: an account's profile, its statuses,
 * its followers and the accounts it follows, one status with its thread, the accounts that
 * boosted or favourited a status, a server's hashtag timeline, a server's account search, a
 * server's trending hashtags and trending statuses; each
 * 1 credit live (0 cached or on error). Listed by platform.ts; GraphQL types in graphql.ts; demo
 * answers in its demo.ts.
 */
import type { OpContext, OperationDef, ParamSpec } from '../operation.js';
import type {
  FollowsCursor,
  FollowsList,
  InteractionList,
  InteractionsCursor,
  PostsCursor,
  TagCursor,
  TrendsCursor,
  TrendsList,
} from './fetch.js';
import {
  decodeFollowsCursor,
  decodeInteractionsCursor,
  decodePostsCursor,
  decodeTagCursor,
  decodeTrendsCursor,
  fetchFollows,
  fetchInteractions,
  fetchPost,
  fetchPosts,
  fetchProfile,
  fetchProfileSearch,
  fetchTag,
  fetchTrendsStatuses,
  fetchTrendsTags,
} from './fetch.js';
import type { Acct, StatusRef } from './parse.js';
import { normalizeAcct, normalizeInstance, normalizeStatusUrl, normalizeTag, PLATFORM } from './parse.js';
import * as schema from './schema.js';

const HANDLE_PROBLEM = 'must be user@instance (e.g. alice@mastodon.social) or a profile URL https://<instance>/@user';
const HANDLE_DESCRIPTION =
  'The account: user@instance (e.g. alice@mastodon.social, a leading @ allowed) or its profile URL https://<instance>/@user';
const CURSOR_DESCRIPTION =
  "Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page.";
const CURSOR_PROBLEM = 'must be the `cursor` of a previous response, unchanged';

const QUERY_MAX = 256;

/** The server to ask, named by the caller (tag, account search): a host name, SSRF-guarded at request time (fetch.ts). */
const INSTANCE_PARAM: ParamSpec = {
  name: 'instance',
  kind: 'string',
  required: true,
  maxLength: 253,
  description: 'The server to ask, e.g. mastodon.social',
};

const acctOf = (args: Record<string, any>) =>
  typeof args.handle === 'string' && args.handle.trim() ? normalizeAcct(args.handle) : undefined;
/** The `instance` argument: its host, null when not a host name, undefined when absent (the required rule reports that). */
const instanceOf = (args: Record<string, any>) =>
  typeof args.instance === 'string' && args.instance.trim() ? normalizeInstance(args.instance) : undefined;
/** Reports an `instance` that is no host name (an IP literal, a port, a local name, a path…); returns the host. */
function checkInstance(args: Record<string, any>, problem: (param: string, message: string) => void): string | null | undefined {
  const instance = instanceOf(args);
  if (instance === null) problem('instance', 'must be a server host name, e.g. mastodon.social');
  return instance;
}
const hasCursor = (args: Record<string, any>) => typeof args.cursor === 'string' && args.cursor !== '';

/** A status, named by its URL (one status with its thread; who boosted or favourited it). */
const STATUS_URL_PARAM: ParamSpec = {
  name: 'url',
  kind: 'string',
  required: true,
  maxLength: 500,
  description: 'The status: its page https://<instance>/@<user>/<id>, or its ActivityPub id https://<instance>/users/<user>/statuses/<id>',
};
/** Reports a `url` that is no status URL; returns the status it names (undefined when absent: the required rule reports that). */
function statusRefOf(args: Record<string, any>, problem: (param: string, message: string) => void): StatusRef | null | undefined {
  if (typeof args.url !== 'string' || !args.url.trim()) return undefined;
  const ref = normalizeStatusUrl(args.url);
  if (!ref) problem('url', 'must be a status URL https://<instance>/@<user>/<id> or https://<instance>/users/<user>/statuses/<id>');
  return ref;
}

export const microblogEProfile: OperationDef<Acct, schema.MicroblogEAccount> = {
  field: 'microblogEProfile',
  platform: PLATFORM,
  summary: 'A public account on any Mastodon-compatible server, asked of that server',
  rest: { path: '/v1/microblog-e/profile', wrap: 'profile' },
  record: schema.MicroblogEAccount,
  params: [{ name: 'handle', kind: 'string', required: true, maxLength: 300, description: HANDLE_DESCRIPTION }],
  cacheable: true,
  check(args, problem) {
    if (acctOf(args) === null) problem('handle', HANDLE_PROBLEM);
  },
  normalize: (a) => normalizeAcct(a.handle)!,
  key: (a) => `${a.user}@${a.instance}`,
  cost: { max: 1 },
  example: { handle: 'harbourweather@mastodon.social' },
  run: (ctx, a) => fetchProfile(ctx, a),
};

export const microblogEPosts: OperationDef<Acct & { cursor: PostsCursor | null }, schema.MicroblogEPostsPage> = {
  field: 'microblogEPosts',
  platform: PLATFORM,
  summary: "One page of a Mastodon account's public statuses and boosts, newest first; page with `cursor`",
  rest: { path: '/v1/microblog-e/posts' },
  record: schema.MicroblogEPostsPage,
  params: [
    { name: 'handle', kind: 'string', required: true, maxLength: 300, description: HANDLE_DESCRIPTION },
    { name: 'cursor', kind: 'string', maxLength: 512, description: CURSOR_DESCRIPTION },
  ],
  cacheable: true,
  check(args, problem) {
    const acct = acctOf(args);
    if (acct === null) problem('handle', HANDLE_PROBLEM);
    if (!hasCursor(args)) return;
    const c = decodePostsCursor(args.cursor);
    if (!c) problem('cursor', CURSOR_PROBLEM);
    else if (acct && (c.u !== acct.user || c.i !== acct.instance)) problem('cursor', 'belongs to another account');
  },
  normalize: (a) => ({ ...normalizeAcct(a.handle)!, cursor: hasCursor(a) ? decodePostsCursor(a.cursor) : null }),
  // The account id too: a page read with another id (a forged cursor) is no page of this account's list.
  key: (a) => JSON.stringify([`${a.user}@${a.instance}`, a.cursor?.a ?? null, a.cursor?.m ?? null]),
  cost: { max: 1 },
  example: { handle: 'harbourweather@mastodon.social' },
  run: (ctx, a) => fetchPosts(ctx, a),
};

export const microblogEPost: OperationDef<StatusRef, schema.MicroblogEPostContext> = {
  field: 'microblogEPost',
  platform: PLATFORM,
  summary: 'One public status on any Mastodon-compatible server, with its thread: the statuses it replies to and the replies below it',
  rest: { path: '/v1/microblog-e/post' },
  record: schema.MicroblogEPostContext,
  params: [STATUS_URL_PARAM],
  cacheable: true,
  check(args, problem) {
    statusRefOf(args, problem);
  },
  normalize: (a) => normalizeStatusUrl(a.url)!,
  // The user too: a status id is one server's, and another user's URL with that id is refused, never this record.
  key: (a) => JSON.stringify([a.instance, a.user, a.id]),
  cost: { max: 1 },
  example: { url: 'https://mastodon.social/@harbourweather/113900000000000011' },
  run: (ctx, a) => fetchPost(ctx, a),
};

export const microblogETag: OperationDef<{ instance: string; tag: string; cursor: TagCursor | null }, schema.MicroblogETagPage> = {
  field: 'microblogETag',
  platform: PLATFORM,
  summary: "One page of a Mastodon server's public hashtag timeline, newest first; page with `cursor`",
  rest: { path: '/v1/microblog-e/tag' },
  record: schema.MicroblogETagPage,
  params: [
    INSTANCE_PARAM,
    { name: 'tag', kind: 'string', required: true, maxLength: 101, description: 'Hashtag, with or without #' },
    { name: 'cursor', kind: 'string', maxLength: 512, description: CURSOR_DESCRIPTION },
  ],
  cacheable: true,
  check(args, problem) {
    const instance = checkInstance(args, problem);
    const tag = typeof args.tag === 'string' && args.tag.trim() ? normalizeTag(args.tag) : undefined;
    if (tag === null) problem('tag', 'must be a hashtag (letters, digits and _, at most 100)');
    if (!hasCursor(args)) return;
    const c = decodeTagCursor(args.cursor);
    if (!c) problem('cursor', CURSOR_PROBLEM);
    else if (instance && tag && (c.i !== instance || c.t !== tag)) problem('cursor', 'belongs to another server or tag');
  },
  normalize: (a) => ({
    instance: instanceOf(a)!,
    tag: normalizeTag(a.tag)!,
    cursor: hasCursor(a) ? decodeTagCursor(a.cursor) : null,
  }),
  key: (a) => JSON.stringify([a.instance, a.tag, a.cursor?.m ?? null]),
  cost: { max: 1 },
  example: { instance: 'mastodon.social', tag: 'tides' },
  run: (ctx, a) => fetchTag(ctx, a),
};

export const microblogEProfileSearch: OperationDef<{ instance: string; query: string }, schema.MicroblogEProfileSearch> = {
  field: 'microblogEProfileSearch',
  platform: PLATFORM,
  summary:
    'Accounts a Mastodon server knows (its own and remote ones) whose name or handle matches a query (at most 40, no paging: the server refuses `offset` without a login)',
  rest: { path: '/v1/microblog-e/search/profiles' },
  record: schema.MicroblogEProfileSearch,
  params: [
    INSTANCE_PARAM,
    {
      name: 'query',
      kind: 'string',
      required: true,
      maxLength: QUERY_MAX,
      description: 'Words of a name, a username, or a handle user@server (only accounts the server already knows are found)',
    },
  ],
  cacheable: true,
  check(args, problem) {
    checkInstance(args, problem);
  },
  // Mastodon matches accounts case-insensitively: every spelling shares one cache entry (and one upstream request).
  normalize: (a) => ({ instance: instanceOf(a)!, query: (a.query as string).trim().toLowerCase() }),
  key: (a) => JSON.stringify([a.instance, a.query]),
  cost: { max: 1 },
  example: { instance: 'mastodon.social', query: 'harbour' },
  run: (ctx, a) => fetchProfileSearch(ctx, a),
};

type FollowsArgs = Acct & { cursor: FollowsCursor | null };

/** What the followers and following operations share: the posts operation's `handle` and `cursor`, its checks, its key. */
function followsDef(list: FollowsList) {
  return {
    platform: PLATFORM,
    params: [
      { name: 'handle', kind: 'string', required: true, maxLength: 300, description: HANDLE_DESCRIPTION },
      { name: 'cursor', kind: 'string', maxLength: 512, description: CURSOR_DESCRIPTION },
    ] satisfies ParamSpec[],
    cacheable: true,
    check(args: Record<string, any>, problem: (param: string, message: string) => void) {
      const acct = acctOf(args);
      if (acct === null) problem('handle', HANDLE_PROBLEM);
      if (!hasCursor(args)) return;
      const c = decodeFollowsCursor(args.cursor);
      if (!c) problem('cursor', CURSOR_PROBLEM);
      else if (c.l !== list) problem('cursor', `belongs to another list (${c.l})`);
      else if (acct && (c.u !== acct.user || c.i !== acct.instance)) problem('cursor', 'belongs to another account');
    },
    normalize: (a: Record<string, any>): FollowsArgs => ({
      ...normalizeAcct(a.handle)!,
      cursor: hasCursor(a) ? decodeFollowsCursor(a.cursor) : null,
    }),
    // The account id too, as the posts operation's: a cursor read with another id is refused, never another page.
    key: (a: FollowsArgs) => JSON.stringify([`${a.user}@${a.instance}`, a.cursor?.a ?? null, a.cursor?.m ?? null]),
    cost: { max: 1 },
    example: { handle: 'harbourweather@mastodon.social' },
  };
}

export const microblogEFollowers: OperationDef<FollowsArgs, schema.MicroblogEFollowersPage> = {
  ...followsDef('followers'),
  field: 'microblogEFollowers',
  summary: 'One page of the accounts following a Mastodon account (80 at most, most recent first) and the account; page with `cursor`',
  rest: { path: '/v1/microblog-e/followers' },
  record: schema.MicroblogEFollowersPage,
  run: async (ctx, a) => {
    const page = await fetchFollows(ctx, 'followers', a);
    return { account: page.account, followers: page.accounts, cursor: page.cursor };
  },
};

export const microblogEFollowing: OperationDef<FollowsArgs, schema.MicroblogEFollowingPage> = {
  ...followsDef('following'),
  field: 'microblogEFollowing',
  summary: 'One page of the accounts a Mastodon account follows (80 at most, most recent first) and the account; page with `cursor`',
  rest: { path: '/v1/microblog-e/following' },
  record: schema.MicroblogEFollowingPage,
  run: async (ctx, a) => {
    const page = await fetchFollows(ctx, 'following', a);
    return { account: page.account, following: page.accounts, cursor: page.cursor };
  },
};

type InteractionsArgs = StatusRef & { cursor: InteractionsCursor | null };

/** What the reblogged-by and favourited-by operations share: the post operation's `url`, a cursor bound to the list and the status, the key. */
function interactionsDef(list: InteractionList) {
  return {
    platform: PLATFORM,
    params: [STATUS_URL_PARAM, { name: 'cursor', kind: 'string', maxLength: 512, description: CURSOR_DESCRIPTION }] satisfies ParamSpec[],
    cacheable: true,
    check(args: Record<string, any>, problem: (param: string, message: string) => void) {
      const ref = statusRefOf(args, problem);
      if (!hasCursor(args)) return;
      const c = decodeInteractionsCursor(args.cursor);
      if (!c) problem('cursor', CURSOR_PROBLEM);
      else if (c.l !== list) problem('cursor', `belongs to another list (${c.l})`);
      else if (ref && (c.i !== ref.instance || c.u !== ref.user || c.s !== ref.id)) problem('cursor', 'belongs to another status');
    },
    normalize: (a: Record<string, any>): InteractionsArgs => ({
      ...normalizeStatusUrl(a.url)!,
      cursor: hasCursor(a) ? decodeInteractionsCursor(a.cursor) : null,
    }),
    // As the post operation's (server, user, id), and the page.
    key: (a: InteractionsArgs) => JSON.stringify([a.instance, a.user, a.id, a.cursor?.m ?? null]),
    cost: { max: 1 },
    example: { url: 'https://mastodon.social/@harbourweather/113900000000000011' },
    run: (ctx: OpContext, a: InteractionsArgs) => fetchInteractions(ctx, list, a),
  };
}

export const microblogEPostRebloggedBy: OperationDef<InteractionsArgs, schema.MicroblogERebloggedByPage> = {
  ...interactionsDef('reblogged_by'),
  field: 'microblogEPostRebloggedBy',
  summary:
    'One page of the accounts that boosted a public Mastodon status (80 at most, most recent first), with its counts; page with `cursor`',
  rest: { path: '/v1/microblog-e/post/reblogged-by' },
  record: schema.MicroblogERebloggedByPage,
};

export const microblogEPostFavouritedBy: OperationDef<InteractionsArgs, schema.MicroblogEFavouritedByPage> = {
  ...interactionsDef('favourited_by'),
  field: 'microblogEPostFavouritedBy',
  summary:
    'One page of the accounts that favourited a public Mastodon status (80 at most, most recent first), with its counts; page with `cursor`',
  rest: { path: '/v1/microblog-e/post/favourited-by' },
  record: schema.MicroblogEFavouritedByPage,
};

type TrendsArgs = { instance: string; cursor: TrendsCursor | null };

/** What the trending tags and statuses operations share: `instance` and a cursor bound to the list and the server, the key. */
function trendsDef(list: TrendsList) {
  return {
    platform: PLATFORM,
    params: [INSTANCE_PARAM, { name: 'cursor', kind: 'string', maxLength: 512, description: CURSOR_DESCRIPTION }] satisfies ParamSpec[],
    cacheable: true,
    check(args: Record<string, any>, problem: (param: string, message: string) => void) {
      const instance = checkInstance(args, problem);
      if (!hasCursor(args)) return;
      const c = decodeTrendsCursor(args.cursor);
      if (!c) problem('cursor', CURSOR_PROBLEM);
      else if (c.l !== list) problem('cursor', `belongs to another list (trending ${c.l})`);
      else if (instance && c.i !== instance) problem('cursor', 'belongs to another server');
    },
    normalize: (a: Record<string, any>): TrendsArgs => ({
      instance: instanceOf(a)!,
      cursor: hasCursor(a) ? decodeTrendsCursor(a.cursor) : null,
    }),
    // The server and the page (per operation): trends name nothing else.
    key: (a: TrendsArgs) => JSON.stringify([a.instance, a.cursor?.o ?? 0]),
    cost: { max: 1 },
    example: { instance: 'mastodon.social' },
  };
}

export const microblogETrendsTags: OperationDef<TrendsArgs, schema.MicroblogETrendsTagsPage> = {
  ...trendsDef('tags'),
  field: 'microblogETrendsTags',
  summary:
    "One page of a Mastodon server's trending hashtags (20 at most, most trending first) with a week of daily use; page with `cursor`",
  rest: { path: '/v1/microblog-e/trends/tags' },
  record: schema.MicroblogETrendsTagsPage,
  run: (ctx, a) => fetchTrendsTags(ctx, a),
};

export const microblogETrendsStatuses: OperationDef<TrendsArgs, schema.MicroblogETrendsStatusesPage> = {
  ...trendsDef('statuses'),
  field: 'microblogETrendsStatuses',
  summary:
    "One page of a Mastodon server's trending public statuses (20 at most, most trending first; its own and other servers'); page with `cursor`",
  rest: { path: '/v1/microblog-e/trends/statuses' },
  record: schema.MicroblogETrendsStatusesPage,
  run: (ctx, a) => fetchTrendsStatuses(ctx, a),
};

export const operations = [
  microblogEProfile,
  microblogEPosts,
  microblogEFollowers,
  microblogEFollowing,
  microblogEPost,
  microblogEPostRebloggedBy,
  microblogEPostFavouritedBy,
  microblogETag,
  microblogEProfileSearch,
  microblogETrendsTags,
  microblogETrendsStatuses,
];
