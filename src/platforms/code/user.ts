/**
 * `GET /v1/code/user` (`codeUser`): a public GitHub account as `{user, social_accounts}` — the REST
 * API's user object in its own names (`login`, `id`, `name`, `bio`, `blog`, `email`,
 * `twitter_username`, `followers`…: listed fields typed, every other member passed through) and
 * its "Social accounts" (`[{provider, url}]`).
 *
 * Two requests, sent together (neither needs the other; fetch.ts `getUserResource`), also the
 * profile reader's (reader.ts views `profileView` of this record): `GET https://api.github.com/users/<login>` and
 * `GET https://api.github.com/users/<login>/social_accounts`, with the API's media type and
 * version, and GITHUB_TOKEN when the operator set one (anonymous calls share 60 requests an hour
 * per address). Shapes as GitHub's REST reference documents them ("Get a user", "List social
 * accounts for a user"); no capture of either exists in ../shared/fixtures/code.
 *
 * The account is the first request: its failure is the operation's (NOT_FOUND for a login nobody
 * has, UPSTREAM_BLOCKED for an exhausted quota — walls.ts —, UPSTREAM_FAILED for a changed shape
 * or another account's answer, identity.ts). The social accounts are optional: when that request
 * fails in any way (a status, a wall, a timeout, an unreadable answer) `social_accounts` is null
 * and the failure is a counted warning `code:social_accounts` — never the whole record.
 */
import { z } from 'zod';
import { isApiError, shapeChanged } from '../../errors.js';
import { warn } from '../../observability/warn.js';
import { partialRead } from '../partial-read.js';
import type { Obj } from '../../parse/index.js';
import { int, nonEmpty, recordReader } from '../../parse/index.js';
import { assertSameResource } from '../identity.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { Int, named, NBool, NInt, NStr, passThrough, Str } from '../records.js';
import { getUserResource } from './fetch.js';
import type { CodeProfile } from './fetch.js';
import { normalizeLogin, parseSocialAccounts, parseUser } from './profile.js';

const PLATFORM = 'code';

// ---------------------------------------------------------------------------------------------
// Record
// ---------------------------------------------------------------------------------------------

export const CodeUserObject = passThrough(
  z.strictObject({
    login: Str.describe('The account name, as GitHub spells it'),
    id: Int.describe('Numeric account id'),
    node_id: NStr,
    type: NStr.describe('User or Organization'),
    name: NStr,
    company: NStr,
    blog: NStr.describe('The website field, as written ("" when none; often without a scheme)'),
    location: NStr,
    email: NStr.describe('Public e-mail (only when the account made it public)'),
    hireable: NBool,
    bio: NStr,
    twitter_username: NStr,
    public_repos: NInt,
    public_gists: NInt,
    followers: NInt,
    following: NInt,
    avatar_url: NStr,
    html_url: NStr.describe('The profile page, https://github.com/<login>'),
    created_at: NStr.describe('ISO 8601'),
    updated_at: NStr.describe('ISO 8601'),
  }),
).describe("GitHub's user object; members beyond the listed ones pass through unchanged");
export type CodeUserObject = z.infer<typeof CodeUserObject>;

export const CodeSocialAccountObject = z.strictObject({
  provider: NStr.describe('twitter, instagram, youtube, linkedin, mastodon… or generic'),
  url: Str,
});

/** The record; /openapi.json names it `CodeUser`. */
export const CodeUserRecord = named(
  'CodeUser',
  z
    .strictObject({
      user: CodeUserObject,
      social_accounts: z
        .array(CodeSocialAccountObject)
        .nullable()
        .describe("The profile's social accounts; null when that request failed (the account itself was read)"),
    })
    .describe('A public code-platform account'),
);
export type CodeUserRecord = z.infer<typeof CodeUserRecord>;

// ---------------------------------------------------------------------------------------------
// Parse (pure)
// ---------------------------------------------------------------------------------------------

/** `listed` first (in that order), then every other member of `raw` unchanged (also people.ts's list items). */
export function withRest<T extends object>(listed: T, raw: Obj): T {
  const out: Obj = { ...(listed as Obj) };
  for (const [k, v] of Object.entries(raw)) if (!(k in out)) out[k] = v;
  return out as T;
}

/**
 * `GET /users/<login>` → the record's user. `login` and `id` make it that account; GitHub sends
 * every other listed member on every account (null where unset; `blog` ""), so a missing one is
 * null plus a warning `user.<field>`.
 */
export function parseCodeUser(json: unknown): CodeUserObject {
  const r = recordReader(json, { platform: PLATFORM, record: 'user', what: 'user object' });
  return withRest<CodeUserObject>(
    {
      login: r.id('login', nonEmpty),
      id: r.id('id', int),
      node_id: r.str('node_id'),
      type: r.str('type'),
      name: r.str('name'),
      company: r.str('company'),
      blog: r.str('blog'),
      location: r.str('location'),
      email: r.str('email'),
      hireable: r.bool('hireable'),
      bio: r.str('bio'),
      twitter_username: r.str('twitter_username'),
      public_repos: r.int('public_repos'),
      public_gists: r.int('public_gists'),
      followers: r.int('followers'),
      following: r.int('following'),
      avatar_url: r.str('avatar_url'),
      html_url: r.str('html_url'),
      created_at: r.str('created_at'),
      updated_at: r.str('updated_at'),
    },
    r.root as Obj,
  );
}

/** `GET /users/<login>/social_accounts` → `[{provider, url}]`; an entry without its URL is left out (warned). */
export function parseCodeSocialAccounts(json: unknown): CodeUserRecord['social_accounts'] {
  if (!Array.isArray(json)) throw shapeChanged(PLATFORM, 'social accounts array');
  const r = recordReader({ social_accounts: json }, { platform: PLATFORM, record: 'user' });
  return r.items('social_accounts', (a) => ({ provider: a.str('provider'), url: a.id('url', nonEmpty) }));
}

/**
 * The reader's record (fetch.ts `CodeProfile`) computed from this operation's: what `reader.view`
 * reads, so the reader can be a view over `codeUser`. Without social accounts it reads none.
 */
export function profileView(p: CodeUserRecord): CodeProfile {
  return { user: parseUser(p.user), socialAccounts: parseSocialAccounts(p.social_accounts ?? []) };
}

// ---------------------------------------------------------------------------------------------
// Fetch
// ---------------------------------------------------------------------------------------------

/** The account `login` (normalised) and, optionally, its social accounts: two requests sent together. */
export async function fetchCodeUser(ctx: OpContext, login: string): Promise<CodeUserRecord> {
  // Its failure never fails the record, and must not be left unhandled while the user is awaited.
  const social = getUserResource(ctx, login, '/social_accounts', `Social accounts of ${login}`)
    .then((json) => ({ accounts: parsed(ctx, () => parseCodeSocialAccounts(json)) }))
    .catch((error: unknown) => ({ error }));
  const userJson = await getUserResource(ctx, login, '', `User ${login}`);
  const user = parsed(ctx, () => parseCodeUser(userJson));
  assertSameResource(PLATFORM, `user ${login}`, { handle: login }, { handle: user.login });
  const s = await social;
  if ('accounts' in s) return { user, social_accounts: s.accounts };
  // Counted only when the record is answered (a missing account fails both requests).
  const e = s.error;
  warn(PLATFORM, 'user.social_accounts', `request failed: ${isApiError(e) ? `${e.code} ${e.message}` : String(e)}`, ctx.read);
  return partialRead({ user, social_accounts: null });
}

// ---------------------------------------------------------------------------------------------
// Operation
// ---------------------------------------------------------------------------------------------

export const user: OperationDef<{ handle: string }, CodeUserRecord> = {
  field: 'codeUser',
  platform: PLATFORM,
  summary: 'A public code-platform account (user or organization) and its social accounts',
  rest: { path: '/v1/code/user' },
  record: CodeUserRecord,
  params: [
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 64,
      description: 'Login, e.g. octocat; a leading @ is ignored. Not a profile URL.',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.handle === 'string' && args.handle.trim() && args.handle.length <= 64 && !normalizeLogin(args.handle))
      problem('handle', 'must be a login: 1 to 39 letters, digits and single inner hyphens (a leading @ is allowed), not a URL');
  },
  // Logins are case-insensitive: every spelling shares one entry.
  normalize: (a) => ({ handle: normalizeLogin(a.handle)! }),
  key: (a) => a.handle,
  cost: { max: 1 },
  example: { handle: 'creator-lookup-demo' },
  run: (ctx, a) => fetchCodeUser(ctx, a.handle),
};
