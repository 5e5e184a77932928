/**
 * microblog-d (Bluesky) operations: profile, an author's posts, post search, account search, an
 * account's followers and follows, one post with its thread, and who liked or reposted a post,
 * each 1 credit live (0 cached or on error). Listed by platform.ts; GraphQL types in graphql.ts;
 * demo answers in its demo.ts.
 */
import type { OperationDef, ParamSpec } from '../operation.js';
import {
  decodeListCursor,
  fetchFollowers,
  fetchFollows,
  fetchPostLikes,
  fetchPostReposts,
  fetchPosts,
  fetchProfile,
  fetchProfileSearch,
  fetchSearch,
  fetchThread,
  graphCursorKey,
  postListCursorKey,
  THREAD_DEPTH_DEFAULT,
  THREAD_DEPTH_MAX,
} from './fetch.js';
import type { GraphListName, PostListName } from './fetch.js';
import { normalizeActor, parsePostUri, parsePostUrl, PLATFORM } from './parse.js';
import type { PostRef } from './parse.js';
import * as schema from './schema.js';

const ACTOR_PROBLEM =
  'must be a Bluesky handle (a domain such as alice.bsky.social), a DID (did:plc:…, did:web:…) or a bsky.app profile URL';
const ACTOR_DESCRIPTION = 'Handle (e.g. alice.bsky.social or a custom domain), DID (did:plc:…) or https://bsky.app/profile/… URL';
const CURSOR_DESCRIPTION =
  "Pagination token: the previous response's `cursor`, unchanged, with the same other parameters. Omit for the first page.";
const QUERY_MAX = 256;

const actorOf = (args: Record<string, any>) =>
  typeof args.handle === 'string' && args.handle.trim() ? normalizeActor(args.handle) : undefined;
const queryOf = (args: Record<string, any>) => (typeof args.query === 'string' ? args.query.trim() : '');

/** Reports a cursor that is not ours, or one of another list (`k`: the actor, query or list it pages). */
function checkCursor(args: Record<string, any>, k: string | null | undefined, problem: (p: string, m: string) => void) {
  if (typeof args.cursor !== 'string' || args.cursor === '') return;
  const c = decodeListCursor(args.cursor);
  if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
  else if (k && c.k !== k) problem('cursor', 'belongs to another list (another handle, query or list)');
}

const cursorIn = (a: Record<string, any>) => (typeof a.cursor === 'string' && a.cursor !== '' ? decodeListCursor(a.cursor)!.c : null);

export const microblogDProfile: OperationDef<{ actor: string }, schema.MicroblogDProfile> = {
  field: 'microblogDProfile',
  platform: PLATFORM,
  summary: 'A public Bluesky profile',
  rest: { path: '/v1/microblog-d/profile', wrap: 'profile' },
  record: schema.MicroblogDProfile,
  params: [{ name: 'handle', kind: 'string', required: true, maxLength: 300, description: ACTOR_DESCRIPTION }],
  cacheable: true,
  check(args, problem) {
    if (actorOf(args) === null) problem('handle', ACTOR_PROBLEM);
  },
  // Handles are case-insensitive: lower-case, no @, in the key and the lookup.
  normalize: (a) => ({ actor: normalizeActor(a.handle)! }),
  key: (a) => a.actor,
  cost: { max: 1 },
  example: { handle: 'harbourweather.bsky.social' },
  run: (ctx, a) => fetchProfile(ctx, a),
};

export const microblogDPosts: OperationDef<{ actor: string; cursor: string | null }, schema.MicroblogDPostsPage> = {
  field: 'microblogDPosts',
  platform: PLATFORM,
  summary: "One page of a Bluesky account's posts and reposts, newest first; page with `cursor`",
  rest: { path: '/v1/microblog-d/posts' },
  record: schema.MicroblogDPostsPage,
  params: [
    { name: 'handle', kind: 'string', required: true, maxLength: 300, description: ACTOR_DESCRIPTION },
    { name: 'cursor', kind: 'string', maxLength: 512, description: CURSOR_DESCRIPTION },
  ],
  cacheable: true,
  check(args, problem) {
    const actor = actorOf(args);
    if (actor === null) problem('handle', ACTOR_PROBLEM);
    checkCursor(args, actor, problem);
  },
  normalize: (a) => ({ actor: normalizeActor(a.handle)!, cursor: cursorIn(a) }),
  key: (a) => JSON.stringify([a.actor, a.cursor]),
  cost: { max: 1 },
  example: { handle: 'harbourweather.bsky.social' },
  run: (ctx, a) => fetchPosts(ctx, a),
};

export const microblogDSearch: OperationDef<{ query: string; cursor: string | null }, schema.MicroblogDSearchPage> = {
  field: 'microblogDSearch',
  platform: PLATFORM,
  summary:
    'One page of Bluesky posts matching a query; page with `cursor`. Bluesky switches anonymous search (and always its paging) off at times: UPSTREAM_BLOCKED',
  rest: { path: '/v1/microblog-d/search' },
  record: schema.MicroblogDSearchPage,
  params: [
    {
      name: 'query',
      kind: 'string',
      required: true,
      maxLength: QUERY_MAX,
      description: 'Search text (Bluesky search syntax, e.g. `from:`)',
    },
    { name: 'cursor', kind: 'string', maxLength: 512, description: CURSOR_DESCRIPTION },
  ],
  cacheable: true,
  check(args, problem) {
    checkCursor(args, queryOf(args) || undefined, problem);
  },
  normalize: (a) => ({ query: queryOf(a), cursor: cursorIn(a) }),
  key: (a) => JSON.stringify([a.query, a.cursor]),
  cost: { max: 1 },
  example: { query: 'tide tables' },
  run: (ctx, a) => fetchSearch(ctx, a),
};

export const microblogDProfileSearch: OperationDef<{ query: string }, schema.MicroblogDProfileSearch> = {
  field: 'microblogDProfileSearch',
  platform: PLATFORM,
  summary: 'Bluesky accounts whose handle or display name matches a query (at most 10, no paging)',
  rest: { path: '/v1/microblog-d/search/profiles' },
  record: schema.MicroblogDProfileSearch,
  params: [{ name: 'query', kind: 'string', required: true, maxLength: QUERY_MAX, description: 'Name or handle prefix' }],
  cacheable: true,
  // The typeahead matches case-insensitively: one cache entry per spelling.
  normalize: (a) => ({ query: queryOf(a).toLowerCase() }),
  key: (a) => a.query,
  cost: { max: 1 },
  example: { query: 'harbour weather' },
  run: (ctx, a) => fetchProfileSearch(ctx, a),
};

const GRAPH_PARAMS: ParamSpec[] = [
  { name: 'handle', kind: 'string', required: true, maxLength: 300, description: ACTOR_DESCRIPTION },
  { name: 'cursor', kind: 'string', maxLength: 512, description: CURSOR_DESCRIPTION },
];

/** Validation of a follower or follow list's arguments: the actor, and a cursor of that same list. */
function checkGraph(list: GraphListName) {
  return (args: Record<string, any>, problem: (p: string, m: string) => void) => {
    const actor = actorOf(args);
    if (actor === null) problem('handle', ACTOR_PROBLEM);
    checkCursor(args, actor ? graphCursorKey(list, actor) : actor, problem);
  };
}

export const microblogDFollowers: OperationDef<{ actor: string; cursor: string | null }, schema.MicroblogDFollowersPage> = {
  field: 'microblogDFollowers',
  platform: PLATFORM,
  summary: "One page of a Bluesky account's followers (up to 100, newest follow first); page with `cursor`",
  rest: { path: '/v1/microblog-d/followers' },
  record: schema.MicroblogDFollowersPage,
  params: [...GRAPH_PARAMS],
  cacheable: true,
  check: checkGraph('followers'),
  normalize: (a) => ({ actor: normalizeActor(a.handle)!, cursor: cursorIn(a) }),
  key: (a) => JSON.stringify([a.actor, a.cursor]),
  cost: { max: 1 },
  example: { handle: 'harbourweather.bsky.social' },
  run: (ctx, a) => fetchFollowers(ctx, a),
};

export const microblogDFollows: OperationDef<{ actor: string; cursor: string | null }, schema.MicroblogDFollowsPage> = {
  field: 'microblogDFollows',
  platform: PLATFORM,
  summary: 'One page of the accounts a Bluesky account follows (up to 100, newest follow first); page with `cursor`',
  rest: { path: '/v1/microblog-d/follows' },
  record: schema.MicroblogDFollowsPage,
  params: [...GRAPH_PARAMS],
  cacheable: true,
  check: checkGraph('follows'),
  normalize: (a) => ({ actor: normalizeActor(a.handle)!, cursor: cursorIn(a) }),
  key: (a) => JSON.stringify([a.actor, a.cursor]),
  cost: { max: 1 },
  example: { handle: 'harbourweather.bsky.social' },
  run: (ctx, a) => fetchFollows(ctx, a),
};

const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const URL_MAX = 2048;
const URI_MAX = 1024;

/** The post `url` or `uri` names (exactly one is given: `check`). */
const postRefOf = (a: Record<string, any>): PostRef | null =>
  given(a.url) ? parsePostUrl(a.url) : given(a.uri) ? parsePostUri(a.uri) : null;

/** A post's `url` and `uri` (exactly one), as every post operation takes them. */
const POST_PARAMS: ParamSpec[] = [
  {
    name: 'url',
    kind: 'string',
    maxLength: URL_MAX,
    description: 'Post URL: https://bsky.app/profile/<handle or did>/post/<rkey>. Give exactly one of url or uri.',
  },
  {
    name: 'uri',
    kind: 'string',
    maxLength: URI_MAX,
    description: 'AT URI of the post: at://<did or handle>/app.bsky.feed.post/<rkey>. Give exactly one of url or uri.',
  },
];

/** Validation of a post's `url` / `uri`: exactly one, a post of Bluesky. The post named, or null when not valid. */
function checkPostRef(args: Record<string, any>, problem: (p: string, m: string) => void): PostRef | null {
  const present = (['url', 'uri'] as const).filter((p) => given(args[p]));
  if (present.length !== 1) {
    for (const p of present.length ? present : (['url', 'uri'] as const)) problem(p, 'give exactly one of url or uri');
    return null;
  }
  // (an over-long value is already reported by its maxLength)
  if (present[0] === 'url' && args.url.length <= URL_MAX) {
    const ref = parsePostUrl(args.url);
    if (!ref) problem('url', 'must be a Bluesky post URL: https://bsky.app/profile/<handle or did>/post/<rkey>');
    return ref;
  }
  if (present[0] === 'uri' && args.uri.length <= URI_MAX) {
    const ref = parsePostUri(args.uri);
    if (!ref) problem('uri', "must be a post's AT URI: at://<did or handle>/app.bsky.feed.post/<rkey>");
    return ref;
  }
  return null;
}

export const microblogDPost: OperationDef<PostRef & { depth: number }, schema.MicroblogDThread> = {
  field: 'microblogDPost',
  platform: PLATFORM,
  summary: 'One Bluesky post with its thread: the posts it answers (up to the root) and its replies, `depth` levels deep',
  rest: { path: '/v1/microblog-d/post' },
  record: schema.MicroblogDThread,
  params: [
    ...POST_PARAMS,
    {
      name: 'depth',
      kind: 'int',
      min: 0,
      max: THREAD_DEPTH_MAX,
      description: `Levels of replies (0: none; default ${THREAD_DEPTH_DEFAULT}, at most ${THREAD_DEPTH_MAX})`,
    },
  ],
  cacheable: true,
  check: (args, problem) => void checkPostRef(args, problem),
  // The URL and the AT URI of one post share a key: its author (handles lower-cased) and record key.
  normalize: (a) => ({ ...postRefOf(a)!, depth: typeof a.depth === 'number' ? a.depth : THREAD_DEPTH_DEFAULT }),
  key: (a) => JSON.stringify([a.actor, a.rkey, a.depth]),
  cost: { max: 1 },
  example: { url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2' },
  run: (ctx, a) => fetchThread(ctx, a),
};

/** Validation of a post's likes or reposts: the post, and a cursor of that same list of that post. */
function checkPostList(list: PostListName) {
  return (args: Record<string, any>, problem: (p: string, m: string) => void) => {
    const ref = checkPostRef(args, problem);
    checkCursor(args, ref ? postListCursorKey(list, ref) : undefined, problem);
  };
}

const POST_LIST_PARAMS: ParamSpec[] = [...POST_PARAMS, { name: 'cursor', kind: 'string', maxLength: 512, description: CURSOR_DESCRIPTION }];

export const microblogDPostLikes: OperationDef<PostRef & { cursor: string | null }, schema.MicroblogDPostLikesPage> = {
  field: 'microblogDPostLikes',
  platform: PLATFORM,
  summary: 'One page of the accounts that liked a Bluesky post (up to 100, newest like first); page with `cursor`',
  rest: { path: '/v1/microblog-d/post/likes' },
  record: schema.MicroblogDPostLikesPage,
  params: POST_LIST_PARAMS,
  cacheable: true,
  check: checkPostList('likes'),
  // As the post's: the URL and the AT URI of one post share a key (its author and record key), then the page.
  normalize: (a) => ({ ...postRefOf(a)!, cursor: cursorIn(a) }),
  key: (a) => JSON.stringify([a.actor, a.rkey, a.cursor]),
  cost: { max: 1 },
  example: { url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2' },
  run: (ctx, a) => fetchPostLikes(ctx, a),
};

export const microblogDPostReposts: OperationDef<PostRef & { cursor: string | null }, schema.MicroblogDPostRepostsPage> = {
  field: 'microblogDPostReposts',
  platform: PLATFORM,
  summary: 'One page of the accounts that reposted a Bluesky post (up to 100, newest repost first); page with `cursor`',
  rest: { path: '/v1/microblog-d/post/reposts' },
  record: schema.MicroblogDPostRepostsPage,
  params: POST_LIST_PARAMS,
  cacheable: true,
  check: checkPostList('repostedBy'),
  normalize: (a) => ({ ...postRefOf(a)!, cursor: cursorIn(a) }),
  key: (a) => JSON.stringify([a.actor, a.rkey, a.cursor]),
  cost: { max: 1 },
  example: { url: 'https://bsky.app/profile/harbourweather.bsky.social/post/3lkdemo0000a2' },
  run: (ctx, a) => fetchPostReposts(ctx, a),
};

export const operations = [
  microblogDProfile,
  microblogDPosts,
  microblogDSearch,
  microblogDProfileSearch,
  microblogDFollowers,
  microblogDFollows,
  microblogDPost,
  microblogDPostLikes,
  microblogDPostReposts,
];
