/**
 * `GET /v1/forum/user` (`forumUser`): a Reddit user's public account, `{user}` — Reddit's own `t2`
 * data object passed through, its documented fields typed.
 *
 * Upstream: `GET /user/<name>/about` (api.ts: www.reddit.com's `.json`, or oauth.reddit.com with
 * an app token) → `{kind: "t2", data: {name, id, created_utc, link_karma, comment_karma,
 * total_karma, verified, subreddit: {title, public_description, subscribers, …}, …}}`
 * (../shared/fixtures/forum/user-about-spez-2020-07-06.json).
 *
 * Eras: the 2020 answer has no `total_karma`; Reddit's total is the sum of link, comment, awardee
 * and awarder karma, so it is filled from those (not warned). `created_at_iso` is added from
 * `created_utc`, as on posts.
 *
 * Outcomes: a missing user (404) → NOT_FOUND; a suspended one (`{name, is_suspended: true}` and
 * nothing else) → NOT_FOUND (nothing of it is public); an answer about another user →
 * UPSTREAM_FAILED (identity.ts); a missing `name` → UPSTREAM_FAILED (changed shape).
 *
 * forum's profile reader (reader.ts) reads through this operation: `userView` is its clean record
 * (`user.name`, `user.subreddit.title` / `public_description` / `subscribers`).
 */
import { z } from 'zod';
import { notFound, shapeChanged } from '../../errors.js';
import { isObj, reader, trimmed } from '../../parse/index.js';
import { NStr, named, passThrough, Str } from '../records.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { readRedditJson } from './api.js';
import type { FieldKind } from './schema.js';
import { isoFromUnix, typedFields } from './parse.js';
import type { ForumUser as ForumUserView } from './profile.js';
import { normalizeUsername } from './profile.js';
import { describedShape } from './schema.js';

const PLATFORM = 'forum';

/** The user's profile subreddit (`u_<name>`): fields every answer carries, typed. */
export const USER_SUBREDDIT_FIELDS = {
  display_name: 'string',
  display_name_prefixed: 'string',
  name: 'string',
  title: 'string',
  public_description: 'string',
  description: 'string',
  subscribers: 'int',
  over_18: 'bool',
  icon_img: 'string',
  banner_img: 'string',
  url: 'string',
  subreddit_type: 'string',
} as const satisfies Record<string, FieldKind>;

/** The t2 fields every answer carries, typed (`created`, `created_utc`: integer Unix seconds). */
export const USER_FIELDS = {
  id: 'string',
  created: 'int',
  created_utc: 'int',
  link_karma: 'int',
  comment_karma: 'int',
  total_karma: 'int',
  awardee_karma: 'int',
  awarder_karma: 'int',
  verified: 'bool',
  has_verified_email: 'bool',
  is_employee: 'bool',
  is_mod: 'bool',
  is_gold: 'bool',
  icon_img: 'string',
} as const satisfies Record<string, FieldKind>;

/** Absent in some eras: `total_karma` before ~2021 (filled), the karma splits of awards before 2019. */
const USER_UNWARNED: ReadonlySet<string> = new Set(['total_karma', 'awardee_karma', 'awarder_karma']);

export const ForumUserSubreddit = passThrough(
  z.strictObject(
    describedShape(USER_SUBREDDIT_FIELDS, {
      display_name: 'u_<name>',
      display_name_prefixed: 'u/<name>',
      name: 'Fullname of the profile subreddit (t5_…)',
      title: "The profile's display name",
      public_description: "The profile's bio (Markdown)",
      description: 'Longer description (Markdown); usually empty on profiles',
      subscribers: 'Followers of the profile',
      over_18: 'The profile is marked NSFW',
      icon_img: 'Avatar URL',
      banner_img: 'Banner URL, or empty',
      url: 'Path of the profile on www.reddit.com: /user/<name>/',
      subreddit_type: '"user" for a profile',
    }),
  ),
);

export const ForumUser = named(
  'ForumUser',
  passThrough(
    z.strictObject({
      ...describedShape(USER_FIELDS, {
        id: 'Base-36 id (the fullname is t2_<id>)',
        created: 'Unix seconds as Reddit sends it (older data: created_utc + 28800)',
        created_utc: 'Account creation, Unix seconds UTC',
        link_karma: 'Post karma',
        comment_karma: 'Comment karma',
        total_karma: 'Total karma (link + comment + awardee + awarder; filled from those where Reddit sends none)',
        awardee_karma: 'Karma from awards received',
        awarder_karma: 'Karma from awards given',
        verified: 'Reddit marks the account verified',
        has_verified_email: 'The account has a verified e-mail address',
        is_employee: 'A Reddit employee (admin) account',
        is_mod: 'Moderates at least one subreddit',
        is_gold: 'Has Reddit Premium',
        icon_img: 'Avatar URL',
      }),
      name: Str.describe('Username, as Reddit spells it'),
      created_at_iso: NStr.describe('created_utc as ISO 8601'),
      subreddit: ForumUserSubreddit.nullable().describe(
        "The user's profile (subreddit u_<name>): title is the display name, public_description the bio, subscribers the followers",
      ),
    }),
  ),
  'A Reddit account (t2): upstream fields passed through, the documented ones typed; total_karma filled from its parts where Reddit sends none',
);
export type ForumUser = z.infer<typeof ForumUser>;

export const ForumUserRecord = named('ForumUserRecord', z.strictObject({ user: ForumUser }));
export type ForumUserRecord = z.infer<typeof ForumUserRecord>;

/** The body of `/user/<name>/about` → `{user}`. */
export function parseForumUser(json: unknown): ForumUserRecord {
  if (!isObj(json) || !isObj(json.data)) throw shapeChanged(PLATFORM, 't2 user (data)');
  if (json.kind !== undefined && json.kind !== 't2') throw shapeChanged(PLATFORM, `t2 user (got kind ${String(json.kind)})`);
  const data = json.data;
  const r = reader(data, { platform: PLATFORM, record: 'user' });
  const name = r.id('name', trimmed);
  if (data.is_suspended === true) throw notFound(`User u/${name} is suspended`);
  const user = typedFields(r, data, USER_FIELDS, USER_UNWARNED);
  user.name = name;
  if (user.total_karma === null && data.total_karma === undefined) user.total_karma = totalKarma(user);
  user.created_at_iso = isoFromUnix(user.created_utc as number | null);
  // Explicit null: an account without a profile subreddit (no warning); absent: warned.
  const sub = r.obj('subreddit');
  user.subreddit = sub ? typedFields(r.over(sub, 'subreddit'), sub, USER_SUBREDDIT_FIELDS) : null;
  return { user: user as ForumUser };
}

/** Reddit's total: link + comment + awardee + awarder karma (the last two 0 when not sent); null without the first two. */
function totalKarma(u: Record<string, unknown>): number | null {
  const parts = [u.link_karma, u.comment_karma];
  if (!parts.every((n) => typeof n === 'number')) return null;
  return [...parts, u.awardee_karma, u.awarder_karma].reduce<number>((sum, n) => sum + (typeof n === 'number' ? n : 0), 0);
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The profile reader's clean record computed from the operation's: the profile subreddit's
 * `title` (display name), `public_description` (else `description`: the bio) and `subscribers`
 * (followers); an account without a profile subreddit has none of them.
 */
export function userView(record: ForumUserRecord): ForumUserView {
  const u = record.user;
  const sub = u.subreddit;
  return {
    name: u.name,
    id: text(u.id),
    displayName: text(sub?.title),
    description: text(sub?.public_description) ?? text(sub?.description),
    followers: typeof sub?.subscribers === 'number' ? sub.subscribers : null,
    over18: typeof sub?.over_18 === 'boolean' ? sub.over_18 : null,
    url: `https://www.reddit.com/user/${u.name}/`,
  };
}

/** `/user/<name>/about` of an already-normalised username, checked to be that user. */
export async function fetchForumUser(ctx: OpContext, name: string): Promise<ForumUserRecord> {
  const what = `User u/${name}`;
  const { json } = await readRedditJson(ctx, { path: `/user/${encodeURIComponent(name)}/about`, what });
  const record = parsed(ctx, () => parseForumUser(json));
  assertSameResource(PLATFORM, `user u/${name}`, { handle: name }, { handle: record.user.name });
  return record;
}

/** The `handle` parameter's rule, shared by the user routes. */
export const HANDLE_PARAM = {
  name: 'handle',
  kind: 'string',
  required: true,
  maxLength: 64,
  description: 'Reddit username, e.g. spez (u/ or @ in front is fine)',
} as const;

export function checkHandle(args: Record<string, any>, problem: (param: string, message: string) => void): void {
  if (typeof args.handle === 'string' && args.handle.trim() && args.handle.length <= 64 && !normalizeUsername(args.handle))
    problem('handle', 'must be a Reddit username: 3 to 20 letters, digits, _ or - (a leading u/ or @ is fine)');
}

export const forumUser: OperationDef<{ handle: string }, ForumUserRecord> = {
  field: 'forumUser',
  platform: PLATFORM,
  summary: "A Reddit user's public account: karma, creation date, verification, profile (title, bio, followers)",
  rest: { path: '/v1/forum/user' },
  record: ForumUserRecord,
  params: [HANDLE_PARAM],
  cacheable: true,
  check: checkHandle,
  // Usernames are case-insensitive: one cache entry per account.
  normalize: (a) => ({ handle: normalizeUsername(a.handle)! }),
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { handle: 'nightowlpots' },
  run: (ctx, a) => fetchForumUser(ctx, a.handle),
};
