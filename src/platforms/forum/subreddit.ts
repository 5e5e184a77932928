/**
 * `GET /v1/forum/subreddit` (`forumSubreddit`): one page of a subreddit's posts and what the
 * subreddit says about itself, `{subreddit, posts, after}` — posts in api.md's forum post shape
 * (parse.ts), paged with `after` as `forum/search` is.
 *
 * Upstream (api.ts: www.reddit.com's `.json`, or oauth.reddit.com with an app token):
 * 1. `GET /r/<name>/<sort>?[t=<timeframe>&]limit=100[&after=…]` → a Listing of t3 children
 *    (../shared/fixtures/forum/subreddit-new-askreddit-2020-07-10.json). One page per call.
 * 2. `GET /r/<name>/about` → `{kind: "t5", data: {display_name, title, public_description,
 *    subscribers, created_utc, subreddit_type, over18, …}}`
 *    (../shared/fixtures/forum/subreddit-about-redditdev-2020-07-05.json). Optional: when it
 *    fails (an error status, a timeout, a rate limit or block page, another shape) `subreddit`
 *    is null with a counted `subreddit.about` warning and the posts are still answered; an
 *    about answer describing another subreddit is never used (UPSTREAM_FAILED). It is sent only
 *    after the listing succeeded (no quota spent on a subreddit that is missing or private).
 *
 * Outcomes: a private, members-only or quarantined subreddit → PRIVATE_CONTENT (api.ts), and so
 * is one marked NSFW (about `over18: true`) whose first page of hot, new or top of all time lists
 * nothing (Reddit withholds its posts from clients that are not signed-in adults: an empty
 * Listing; a top of the hour or rising may be empty indeed); a banned or missing one →
 * NOT_FOUND (404, or Reddit's redirect to its subreddit search); a post of another subreddit in
 * the listing → UPSTREAM_FAILED (identity.ts).
 */
import { z } from 'zod';
import { notFound, privateContent, shapeChanged, upstreamFailed } from '../../errors.js';
import { optionalStep, partialRead } from '../partial-read.js';
import { isObj, reader, trimmed } from '../../parse/index.js';
import { NStr, named, passThrough, Str } from '../records.js';
import { sameHandle } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { AFTER_PARAM, afterOf, checkAfter, readRedditJson } from './api.js';
import type { FieldKind } from './schema.js';
import { isoFromUnix, typedFields } from './parse.js';
import { describedShape, ForumPost } from './schema.js';
import type { ForumPostsPage } from './user-posts.js';
import { parsePostsPage } from './user-posts.js';

const PLATFORM = 'forum';

export const SUBREDDIT_SORTS = ['hot', 'new', 'top', 'rising'] as const;
export type ForumSubredditSort = (typeof SUBREDDIT_SORTS)[number];
/** Reddit's `t` values of a ranked listing. */
export const SUBREDDIT_TIMEFRAMES = ['hour', 'day', 'week', 'month', 'year', 'all'] as const;
export type ForumSubredditTimeframe = (typeof SUBREDDIT_TIMEFRAMES)[number];

/** The about fields typed (others passed through). `created`, `created_utc`: integer Unix seconds. */
export const SUBREDDIT_FIELDS = {
  id: 'string',
  name: 'string',
  display_name_prefixed: 'string',
  title: 'string',
  public_description: 'string',
  description: 'string',
  subscribers: 'int',
  accounts_active: 'int',
  created: 'int',
  created_utc: 'int',
  subreddit_type: 'string',
  over18: 'bool',
  quarantine: 'bool',
  lang: 'string',
  url: 'string',
  submission_type: 'string',
  icon_img: 'string',
  community_icon: 'string',
  banner_img: 'string',
  header_img: 'string',
} as const satisfies Record<string, FieldKind>;

/** Reddit stopped sending the active-user count (2023: null or absent); absent is normal for it. */
const SUBREDDIT_UNWARNED: ReadonlySet<string> = new Set(['accounts_active']);

export const ForumSubreddit = named(
  'ForumSubreddit',
  passThrough(
    z.strictObject({
      display_name: Str.describe('The name, as the subreddit spells it (AskReddit)'),
      ...describedShape(SUBREDDIT_FIELDS, {
        id: 'Base-36 id (the fullname is t5_<id>)',
        name: 'Fullname (t5_…)',
        display_name_prefixed: 'r/<name>',
        title: 'Title',
        public_description: 'Short description (Markdown)',
        description: 'Sidebar text (Markdown)',
        subscribers: 'Members',
        accounts_active: 'Users online, where Reddit still says',
        created: 'Unix seconds as Reddit sends it (older data: created_utc + 28800)',
        created_utc: 'Creation, Unix seconds UTC',
        subreddit_type: 'public, restricted, private, gold_restricted, archived, employees_only or user',
        over18: 'Marked NSFW',
        quarantine: 'Quarantined',
        lang: 'Language code',
        url: 'Path on www.reddit.com: /r/<name>/',
        submission_type: 'any, link or self',
        icon_img: 'Icon URL (older style), or empty',
        community_icon: 'Icon URL (newer style), or empty',
        banner_img: 'Banner URL, or empty',
        header_img: 'Header image URL',
      }),
      created_at_iso: NStr.describe('created_utc as ISO 8601'),
    }),
  ),
  'A subreddit (t5 about): upstream fields passed through, the documented ones typed',
);
export type ForumSubreddit = z.infer<typeof ForumSubreddit>;

export const ForumSubredditPage = named(
  'ForumSubredditPage',
  z.strictObject({
    subreddit: ForumSubreddit.nullable().describe("The subreddit's about fields; null when that (second) request failed"),
    posts: z.array(ForumPost).describe('Posts (t3), in the order asked for'),
    after: NStr.describe('Pass unchanged as `after` for the next page; null on the last page'),
  }),
  'One page of a subreddit',
);
export type ForumSubredditPage = z.infer<typeof ForumSubredditPage>;

/** The body of `/r/<name>/about` (a t5) → the subreddit. */
export function parseSubredditAbout(json: unknown): ForumSubreddit {
  if (!isObj(json) || !isObj(json.data)) throw shapeChanged(PLATFORM, 't5 subreddit (data)');
  if (json.kind !== 't5') throw shapeChanged(PLATFORM, `t5 subreddit (got kind ${String(json.kind)})`);
  const data = json.data;
  const r = reader(data, { platform: PLATFORM, record: 'subreddit' });
  const displayName = r.id('display_name', trimmed);
  const out = typedFields(r, data, SUBREDDIT_FIELDS, SUBREDDIT_UNWARNED);
  out.display_name = displayName;
  out.created_at_iso = isoFromUnix(out.created_utc as number | null);
  return out as ForumSubreddit;
}

/** The listing and (when read) the about answer → the record; `name` is the subreddit asked for. */
export function buildSubredditPage(name: string, page: ForumPostsPage, about: ForumSubreddit | null): ForumSubredditPage {
  if (about && !sameHandle(name, about.display_name))
    throw upstreamFailed(`${PLATFORM}: the about answer for r/${name} describes r/${about.display_name} (a different resource)`);
  assertSubredditPosts(name, page.posts, 'the listing');
  return { subreddit: about, posts: page.posts, after: page.after };
}

/** Every post of a subreddit's listing (or search) is that subreddit's (case-insensitive); one of another makes the answer another resource. */
export function assertSubredditPosts(name: string, posts: readonly { subreddit?: unknown }[], what: string): void {
  const other = posts.find((p) => typeof p.subreddit === 'string' && !sameHandle(name, p.subreddit));
  if (other) throw upstreamFailed(`${PLATFORM}: ${what} of r/${name} holds a post of r/${String(other.subreddit)} (a different resource)`);
}

/** A missing subreddit's listing (and search) is redirected to Reddit's subreddit search: NOT_FOUND. */
export function assertNotRedirectedAway(answer: { url: string }, what: string): void {
  if (/^\/subreddits\/search\b/.test(new URL(answer.url).pathname)) throw notFound(`${what} was not found`);
}

/** Subreddit names: 2–21 letters, digits and `_`, not starting with `_` (old ones are 2 long: r/de). */
const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_]{1,20}$/;
/** Feeds and redirects that look like subreddits but are none. */
const NOT_COMMUNITIES = new Set(['all', 'popular', 'random', 'randnsfw', 'myrandom', 'friends', 'mod']);

/** `r/AskReddit`, `/r/askreddit/`, `AskReddit` → `askreddit`; null for anything else. */
export function normalizeSubreddit(input: string): string | null {
  const s = input
    .trim()
    .replace(/^\/?r\//i, '')
    .replace(/\/$/, '')
    .toLowerCase();
  return NAME_RE.test(s) && !NOT_COMMUNITIES.has(s) ? s : null;
}

/** The subreddit parameter's rule (`name` here, `subreddit` on forumSubredditSearch): one community, normalizeSubreddit. */
export function checkSubredditName(value: unknown, param: string, problem: (param: string, message: string) => void): void {
  if (typeof value === 'string' && value.trim() && value.length <= 64 && !normalizeSubreddit(value))
    problem(param, "must be one subreddit's name: 2 to 21 letters, digits or _ (r/ in front is fine; not all, popular or another feed)");
}

export interface ForumSubredditArgs {
  name: string;
  sort: ForumSubredditSort;
  /** Only with sort `top` (null otherwise). */
  timeframe: ForumSubredditTimeframe | null;
  after: string | null;
}

export function subredditListingQuery(a: Omit<ForumSubredditArgs, 'name'>): Record<string, string> {
  const q: Record<string, string> = {};
  if (a.sort === 'top' && a.timeframe) q.t = a.timeframe;
  q.limit = '100';
  if (a.after) q.after = a.after;
  return q;
}

export async function fetchForumSubreddit(ctx: OpContext, a: ForumSubredditArgs): Promise<ForumSubredditPage> {
  const what = `Subreddit r/${a.name}`;
  const listing = await readRedditJson(ctx, { path: `/r/${a.name}/${a.sort}`, query: subredditListingQuery(a), what });
  assertNotRedirectedAway(listing, what);
  const page = parsed(ctx, () => parsePostsPage(listing.json));
  const about = await optionalAbout(ctx, a.name, what);
  // Reddit answers a subreddit marked NSFW with an empty Listing to clients that are not signed-in
  // adults: its posts are withheld (login-only), not absent. Only a listing of every post (hot,
  // new, top of all time) says so by being empty: a top of the hour, or rising, may be empty.
  const everyPost = a.sort === 'hot' || a.sort === 'new' || (a.sort === 'top' && a.timeframe === 'all');
  if (!a.after && everyPost && page.posts.length === 0 && about?.over18 === true)
    throw privateContent(`${what} (marked NSFW: Reddit lists its posts to signed-in adults only)`);
  const record = buildSubredditPage(a.name, page, about);
  return about ? record : partialRead(record);
}

/** The about fields, or null with a `subreddit.about` warning when that request fails (blocks included; cancellation stays an error). */
function optionalAbout(ctx: OpContext, name: string, what: string): Promise<ForumSubreddit | null> {
  return optionalStep(ctx, { platform: PLATFORM, field: 'subreddit.about', context: what }, async () => {
    const { json } = await readRedditJson(ctx, { path: `/r/${name}/about`, what: `The about page of r/${name}` });
    return parsed(ctx, () => parseSubredditAbout(json));
  });
}

export const forumSubreddit: OperationDef<ForumSubredditArgs, ForumSubredditPage> = {
  field: 'forumSubreddit',
  platform: PLATFORM,
  summary: "One page (100) of a subreddit's posts, with its about fields; page with `after`",
  rest: { path: '/v1/forum/subreddit' },
  record: ForumSubredditPage,
  params: [
    { name: 'name', kind: 'string', required: true, maxLength: 64, description: 'Subreddit name, e.g. AskReddit (r/ in front is fine)' },
    { name: 'sort', kind: 'enum', values: SUBREDDIT_SORTS, enumName: 'ForumSubredditSort', description: 'Order (default hot).' },
    {
      name: 'timeframe',
      kind: 'enum',
      values: SUBREDDIT_TIMEFRAMES,
      enumName: 'ForumSubredditTimeframe',
      description: 'sort=top only: posts from this period (default day, as on Reddit).',
    },
    AFTER_PARAM,
  ],
  cacheable: true,
  check(args, problem) {
    checkSubredditName(args.name, 'name', problem);
    // `all` restricts nothing and is harmless; another period would be silently ignored.
    if (args.sort !== 'top' && args.timeframe != null && args.timeframe !== 'all') problem('timeframe', 'applies to sort=top only');
    checkAfter(args, problem);
  },
  normalize: (a) => {
    const sort: ForumSubredditSort = a.sort ?? 'hot';
    return {
      name: normalizeSubreddit(a.name)!,
      sort,
      timeframe: sort === 'top' ? (a.timeframe ?? 'day') : null,
      after: afterOf(a.after),
    };
  },
  key: (a) => JSON.stringify([a.name, a.sort, a.timeframe, a.after]),
  cost: { max: 1 },
  example: { name: 'pottery' },
  run: (ctx, a) => fetchForumSubreddit(ctx, a),
};
