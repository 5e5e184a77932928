/**
 * Lists of people on the code platform (GitHub), one page of up to 100 a call, one request each:
 *
 * - `GET /v1/code/user/followers` (`codeUserFollowers`): `handle`, `cursor` → `{followers, cursor}`,
 *   from `GET https://api.github.com/users/<login>/followers?per_page=100&page=N` (users and
 *   organisations alike), each item GitHub's "simple user" (`login`, `id`, `node_id`, `type`,
 *   `site_admin`, `avatar_url`, `html_url` typed; every other member passed through).
 * - `GET /v1/code/repository/contributors` (`codeRepositoryContributors`): `url` (as
 *   `/v1/code/repository` takes it), `cursor` → `{contributors, cursor}`, from
 *   `GET https://api.github.com/repos/<owner>/<repo>/contributors?per_page=100&page=N`, each item a
 *   simple user with `contributions`. `anon` is never sent: GitHub's anonymous entries (an e-mail
 *   address and a name, no account) are never asked for; one that came anyway, without a login, is
 *   left out and warned.
 *
 * Shapes as GitHub's REST reference documents them ("List followers of a user", "List repository
 * contributors"); no capture of either list exists in ../shared/fixtures/code (the tests build list
 * answers from the captured repositories' `owner`, a simple user). Headers, GITHUB_TOKEN and the
 * rate-limit walls as every API call of this platform (fetch.ts `apiHeaders`, walls.ts).
 *
 * Outcomes: 404 NOT_FOUND (no such login or no such public repository); an exhausted quota
 * UPSTREAM_BLOCKED (walls.ts); 204 for the contributors of an empty repository is an empty list;
 * GitHub's 403 "The history or contributor list is too large to list contributors for this
 * repository via the API" is UPSTREAM_FAILED saying so (permanent for that repository, not a
 * wall); an answer that is not a JSON array UPSTREAM_FAILED; an item without `login`/`id` is left
 * out and warned (`user.followers`, `repository.contributors`), a usual member missing from an item
 * is null plus a warning (`user.followers.<field>`, `repository.contributors.<field>`).
 *
 * Identity (identity.ts): neither answer names whose list it is — the items are the followers and
 * the contributors, and GitHub's Link header names the account or repository only by a numeric id
 * we would need a second request to learn. So the proof is the request: the answer must be to the
 * URL that names the asked login (`/users/<login>/followers`) or repository
 * (`/repos/<owner>/<repo>/contributors`), compared case-insensitively after any redirect; an
 * answer from any other list is UPSTREAM_FAILED. The one redirect accepted is GitHub's own for a
 * renamed repository, to `/repositories/<id>/contributors`: its id is not checked against the
 * repository (that would take `GET /repos/<owner>/<repo>` first, doubling every call), as the
 * renamed repository is what GitHub answers for the old name (codeRepository follows it too).
 * Cursors bind the page to the login or repository (a cursor of another list is 400).
 */
import { ApiError, notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import type { Obj, Reader } from '../../parse/index.js';
import { int, nonEmpty, reader } from '../../parse/index.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { expectOk } from '../../upstream/client.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { apiHeaders, blockedRepository } from './fetch.js';
import { nextPageOf, pageOf } from './parse.js';
import { normalizeLogin } from './profile.js';
import * as schema from './schema.js';
import type { CodeContributor, CodeRepositoryContributors, CodeSimpleUser, CodeUserFollowers } from './schema.js';
import { withRest } from './user.js';
import { decodeRepoListCursor, encodeRepoListCursor, laterPage, repoListInput } from './page-cursor.js';
import type { RepoListArgs } from './page-cursor.js';
import { JsonOverBound } from '../../parse/json.js';

const PLATFORM = 'code';
/** GitHub sends at most this many people a page. */
const PER_PAGE = 100;

// ---------------------------------------------------------------------------------------------
// Parse (pure)
// ---------------------------------------------------------------------------------------------

/** A simple user's listed members: `login` and `id` identify it (missing → the item is left out). */
export function simpleUser(el: Reader): CodeSimpleUser {
  return {
    login: el.id('login', nonEmpty),
    id: el.id('id', int),
    node_id: el.str('node_id'),
    type: el.str('type'),
    site_admin: el.bool('site_admin'),
    avatar_url: el.str('avatar_url'),
    html_url: el.str('html_url'),
  };
}

/** `GET /users/<login>/followers` → its simple users (one item degrades at a time; not an array: UPSTREAM_FAILED). */
export function parseFollowers(json: unknown): CodeSimpleUser[] {
  if (!Array.isArray(json)) throw shapeChanged(PLATFORM, 'followers array');
  return reader({ followers: json }, { platform: PLATFORM, record: 'user' }).items('followers', (el) =>
    withRest(simpleUser(el), el.root as Obj),
  );
}

/** `GET /repos/<owner>/<repo>/contributors` → its contributors (simple users with `contributions`). */
export function parseContributors(json: unknown): CodeContributor[] {
  if (!Array.isArray(json)) throw shapeChanged(PLATFORM, 'contributors array');
  return reader({ contributors: json }, { platform: PLATFORM, record: 'repository' }).items('contributors', (el) =>
    withRest<CodeContributor>({ ...simpleUser(el), contributions: el.int('contributions') }, el.root as Obj),
  );
}

// ---------------------------------------------------------------------------------------------
// Cursors: GitHub's next page bound to the list it pages
// ---------------------------------------------------------------------------------------------

export interface FollowersArgs {
  /** Login, normalised (normalizeLogin). */
  handle: string;
  /** GitHub's 1-based page. */
  page: number;
}

export type ContributorsArgs = RepoListArgs;

export const encodeFollowersCursor = (a: FollowersArgs): string => encodeCursor({ k: 'followers', h: a.handle, p: a.page });

/** The login and page a followers cursor of ours names, or null for anything else (another list's cursor too). */
export function decodeFollowersCursor(raw: string): FollowersArgs | null {
  const c = decodeCursor(raw);
  if (!c || c.k !== 'followers' || typeof c.h !== 'string' || normalizeLogin(c.h) !== c.h || !laterPage(c.p)) return null;
  return { handle: c.h, page: c.p };
}

export const encodeContributorsCursor = (a: ContributorsArgs): string => encodeRepoListCursor('contributors', a);

/** The repository (`owner/repo`, lower-case) and page a contributors cursor of ours names, or null. */
export const decodeContributorsCursor = (raw: string) => decodeRepoListCursor('contributors', raw);

// ---------------------------------------------------------------------------------------------
// Fetch
// ---------------------------------------------------------------------------------------------

function request(ctx: OpContext, path: string, page: number): Promise<UpstreamResponse> {
  const query = new URLSearchParams({ per_page: String(PER_PAGE), page: String(page) });
  return ctx.upstream.request({
    url: `https://api.github.com${path}?${query}`,
    platform: PLATFORM,
    headers: apiHeaders(ctx),
    signal: ctx.signal,
  });
}

function jsonOf(res: UpstreamResponse, what: string): unknown {
  try {
    return res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, `${what}: JSON answer`);
  }
}

/** The path the answer came from (after any redirect), lower-case. */
function answeredPath(res: UpstreamResponse): string {
  try {
    return new URL(res.url).pathname.toLowerCase();
  } catch {
    return '';
  }
}

/** One page of `login`'s followers (see the header: one request, the URL its identity). */
export async function fetchUserFollowers(ctx: OpContext, a: FollowersArgs): Promise<CodeUserFollowers> {
  const what = `Followers of ${a.handle}`;
  const path = `/users/${encodeURIComponent(a.handle)}/followers`;
  const res = await request(ctx, path, a.page);
  if (res.status === 404) throw notFound(`User ${a.handle} was not found`);
  expectOk(res, PLATFORM, what);
  const from = answeredPath(res);
  if (from !== path.toLowerCase())
    throw upstreamFailed(
      `${PLATFORM}: the upstream answered the followers of ${a.handle} from ${from || 'an unreadable URL'}, another list`,
    );
  const followers = parsed(ctx, () => parseFollowers(pageOf(jsonOf(res, what), PER_PAGE, what)));
  const next = parsed(ctx, () => nextPageOf(res.headers.link, a.page, 'followers'));
  return { followers, cursor: next === null ? null : encodeFollowersCursor({ ...a, page: next }) };
}

/** GitHub's 403 for a repository whose contributors it will not count. */
const TOO_LARGE_RE = /too large to list contributors/i;

function isTooLarge(res: UpstreamResponse): boolean {
  if (res.status !== 403) return false;
  try {
    const message = res.json<{ message?: unknown }>()?.message;
    return typeof message === 'string' && TOO_LARGE_RE.test(message);
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    return false;
  }
}

/** One page of a repository's contributors (see the header). */
export async function fetchRepositoryContributors(ctx: OpContext, a: ContributorsArgs): Promise<CodeRepositoryContributors> {
  const name = `${a.owner}/${a.repo}`;
  const what = `Contributors of ${name}`;
  const path = `/repos/${encodeURIComponent(a.owner)}/${encodeURIComponent(a.repo)}/contributors`;
  const res = await request(ctx, path, a.page);
  // Private and missing repositories both answer 404 to anonymous callers.
  if (res.status === 404) throw notFound(`Repository ${name} was not found (or is not public)`);
  const blocked = blockedRepository(res, name);
  if (blocked) throw blocked;
  if (isTooLarge(res))
    throw new ApiError(
      'UPSTREAM_FAILED',
      `${PLATFORM}: GitHub does not list the contributors of ${name}: its history or contributor list is too large for the API`,
    );
  expectOk(res, PLATFORM, what);
  const from = answeredPath(res);
  if (from !== path.toLowerCase() && !/^\/repositories\/\d+\/contributors$/.test(from))
    throw upstreamFailed(
      `${PLATFORM}: the upstream answered the contributors of ${name} from ${from || 'an unreadable URL'}, another list`,
    );
  // An empty repository (no commits): 204 No Content.
  if (res.status === 204) return { contributors: [], cursor: null };
  const contributors = parsed(ctx, () => parseContributors(pageOf(jsonOf(res, what), PER_PAGE, what)));
  const next = parsed(ctx, () => nextPageOf(res.headers.link, a.page, 'contributors'));
  return { contributors, cursor: next === null ? null : encodeContributorsCursor({ ...a, page: next }) };
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

const hasCursor = (args: Record<string, any>) => typeof args.cursor === 'string' && args.cursor !== '';
const LOGIN_PROBLEM = 'must be a login: 1 to 39 letters, digits and single inner hyphens (a leading @ is allowed), not a URL';

export const userFollowers: OperationDef<FollowersArgs, CodeUserFollowers> = {
  field: 'codeUserFollowers',
  platform: PLATFORM,
  summary: "One page of a code-platform account's followers; page with `cursor`",
  rest: { path: '/v1/code/user/followers' },
  record: schema.CodeUserFollowers,
  params: [
    // The same rule as codeUser's (user.ts).
    {
      name: 'handle',
      kind: 'string',
      required: true,
      maxLength: 64,
      description: 'Login, e.g. octocat; a leading @ is ignored. Not a profile URL.',
    },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 512,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same handle. Omit for the first page.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    const login =
      typeof args.handle === 'string' && args.handle.trim() && args.handle.length <= 64 ? normalizeLogin(args.handle) : undefined;
    if (login === null) problem('handle', LOGIN_PROBLEM);
    if (!hasCursor(args)) return;
    const c = decodeFollowersCursor(args.cursor);
    if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    else if (login && c.handle !== login) problem('cursor', 'belongs to another list (another handle)');
  },
  // Logins are case-insensitive: every spelling shares one entry. No cursor is page 1.
  normalize: (a) => ({ handle: normalizeLogin(a.handle)!, page: hasCursor(a) ? decodeFollowersCursor(a.cursor)!.page : 1 }),
  key: (a) => JSON.stringify([a.handle, a.page]),
  cost: { max: 1 },
  example: { handle: 'creator-lookup-demo' },
  run: (ctx, a) => fetchUserFollowers(ctx, a),
};

export const repositoryContributors: OperationDef<ContributorsArgs, CodeRepositoryContributors> = {
  field: 'codeRepositoryContributors',
  platform: PLATFORM,
  summary: "One page of a public repository's contributors (accounts, most contributions first); page with `cursor`",
  rest: { path: '/v1/code/repository/contributors' },
  record: schema.CodeRepositoryContributors,
  ...repoListInput('contributors'),
  run: (ctx, a) => fetchRepositoryContributors(ctx, a),
};
