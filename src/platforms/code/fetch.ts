/**
 * Upstream requests for code (GitHub).
 */
import { ApiError, notFound, shapeChanged, upstreamBlocked } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { isObj } from '../../parse/index.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import { parsed } from '../operation.js';
import type { Repository, TrendingDevelopers, TrendingSince } from './parse.js';
import { nextPageOf, pageOf, parseRepository, parseRepositoryList, parseTrendingDevelopers } from './parse.js';
import { normalizeLogin } from './profile.js';
import type { UserRepos } from './schema.js';
import type { CodeSocialAccount, CodeUser } from './profile.js';
import { laterPage } from './page-cursor.js';
import { JsonOverBound } from '../../parse/json.js';

export async function fetchTrendingDevelopers(
  ctx: OpContext,
  a: { language: string | null; since: TrendingSince },
): Promise<TrendingDevelopers> {
  const path = a.language ? `/trending/developers/${encodeURIComponent(a.language)}` : '/trending/developers';
  const res = await ctx.upstream.request({
    url: `https://github.com${path}?since=${a.since}`,
    platform: 'code',
    headers: { accept: 'text/html' },
    signal: ctx.signal,
  });
  if (res.status === 404) throw notFound(`No trending page for language ${JSON.stringify(a.language)}`);
  expectOk(res, 'code', 'The trending page');
  return parsed(ctx, () => parseTrendingDevelopers(res.text(), a));
}

/** The REST API's headers: its media type and version, and the operator's token when configured. */
export function apiHeaders(ctx: OpContext): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };
  if (ctx.config.githubToken) headers.authorization = `Bearer ${ctx.config.githubToken}`;
  return headers;
}

/**
 * A repository GitHub has blocked: 451 for a legal takedown (a DMCA notice), or a 403 whose body
 * carries a `block` object (`{"message":"Repository access blocked","block":{"reason":…}}`, a
 * repository disabled by GitHub staff). It is the repository that is unavailable, not our access:
 * NOT_FOUND saying why, never a wall or an upstream failure. Read by the repository's requests
 * (its record, releases, contributors) before `expectOk`; null for any other answer. A 451
 * without GitHub's `block` object (an HTML page of a filter in the gateway's network, a proxy's
 * empty answer) is no statement about the repository: a refusal of this request,
 * UPSTREAM_BLOCKED — never a NOT_FOUND a client would cache.
 */
export function blockedRepository(res: UpstreamResponse, name: string): ApiError | null {
  if (res.status !== 451 && res.status !== 403) return null;
  let block: unknown;
  try {
    block = res.json<{ block?: unknown }>()?.block;
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
  }
  const reason = isObj(block) && typeof block.reason === 'string' ? block.reason : null;
  if (res.status === 403 && !isObj(block)) return null;
  if (!isObj(block))
    return upstreamBlocked(
      `code: the request for repository ${name} was refused for legal reasons (HTTP 451) without GitHub's word on the repository`,
    );
  return notFound(`Repository ${name} is unavailable: GitHub blocked access to it${reason ? ` (${reason})` : ''}`);
}

export async function fetchRepository(ctx: OpContext, a: { owner: string; repo: string }): Promise<Repository> {
  const headers = apiHeaders(ctx);
  const res = await ctx.upstream.request({
    url: `https://api.github.com/repos/${encodeURIComponent(a.owner)}/${encodeURIComponent(a.repo)}`,
    platform: 'code',
    headers,
    signal: ctx.signal,
  });
  // The API's rate limits (403/429 with x-ratelimit-remaining: 0, secondary limits) are walls of
  // this platform (walls.ts): the upstream client has answered them UPSTREAM_BLOCKED already.
  // Private and missing repositories both answer 404 to anonymous callers.
  if (res.status === 404) throw notFound(`Repository ${a.owner}/${a.repo} was not found (or is not public)`);
  const blocked = blockedRepository(res, `${a.owner}/${a.repo}`);
  if (blocked) throw blocked;
  expectOk(res, 'code', `Repository ${a.owner}/${a.repo}`);
  const { repository } = parsed(ctx, () => parseRepository(res.json()));
  // The repository asked for, by name — or, when GitHub redirected a renamed repository to
  // /repositories/<id>, the one with that id.
  // (res.url is a URL's href: a path of /repositories/… contains that text, so most answers need no parse.)
  const movedTo = res.url.includes('/repositories/') ? /^\/repositories\/(\d+)$/.exec(new URL(res.url).pathname)?.[1] : undefined;
  const what = `repository ${a.owner}/${a.repo}`;
  if (movedTo) assertSameResource('code', what, { id: movedTo }, { id: repository.id });
  else assertSameResource('code', what, { handle: `${a.owner}/${a.repo}` }, { handle: repository.full_name });
  if (repository.private) throw new ApiError('NOT_FOUND', `Repository ${a.owner}/${a.repo} is not public`);
  return repository;
}

/** The profile reader's record of a user (user.ts `profileView` of the `codeUser` record). */
export interface CodeProfile {
  user: CodeUser;
  socialAccounts: CodeSocialAccount[];
}

/**
 * `GET https://api.github.com/users/<login><path>` → its JSON (the `codeUser` operation's two
 * requests, user.ts). Anonymous calls share GitHub's 60 requests an hour per address (walls.ts
 * reports an exhausted quota as UPSTREAM_BLOCKED); GITHUB_TOKEN raises it. A 404 is NOT_FOUND (a
 * login nobody has), another failure status its typed error, a body that is not JSON UPSTREAM_FAILED.
 */
export async function getUserResource(ctx: OpContext, login: string, path: '' | '/social_accounts', what: string): Promise<unknown> {
  const res = await ctx.upstream.request({
    url: `https://api.github.com/users/${encodeURIComponent(login)}${path}`,
    platform: 'code',
    headers: apiHeaders(ctx),
    signal: ctx.signal,
  });
  if (res.status === 404) throw notFound(`User ${login} was not found`);
  expectOk(res, 'code', what);
  try {
    return res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged('code', `${what}: JSON answer`);
  }
}

// ---------------------------------------------------------------------------------------------
// An account's repositories (`codeUserRepos`)
// ---------------------------------------------------------------------------------------------

/** GitHub's `sort` values for an account's repositories (we default to `updated`). */
export const REPO_SORTS = ['updated', 'pushed', 'created', 'full_name'] as const;
export type RepoSort = (typeof REPO_SORTS)[number];
/** GitHub sends at most this many repositories a page. */
export const REPOS_PER_PAGE = 100;

export interface UserReposArgs {
  /** Login, normalised (normalizeLogin). */
  handle: string;
  sort: RepoSort;
  /** GitHub's 1-based page. */
  page: number;
}

/**
 * Our `cursor` for the next page: GitHub's page number bound to the list it pages — the login
 * and sort it was read with — so that it cannot page another list (decodeReposCursor;
 * the operation refuses a cursor of another list, platform.ts).
 */
export const encodeReposCursor = (a: UserReposArgs): string => encodeCursor({ h: a.handle, s: a.sort, p: a.page });

/** The list and page a cursor of ours names, or null for anything else. */
export function decodeReposCursor(raw: string): UserReposArgs | null {
  const c = decodeCursor(raw);
  if (!c || typeof c.h !== 'string' || normalizeLogin(c.h) !== c.h) return null;
  const sort = REPO_SORTS.find((s) => s === c.s);
  if (!sort || !laterPage(c.p)) return null;
  return { handle: c.h, sort, page: c.p };
}

/**
 * `GET https://api.github.com/users/<login>/repos?per_page=100&sort=…&type=owner&page=N` → one page
 * of the account's own repositories (a user's or an organisation's: the endpoint answers both),
 * each the repository record, and our cursor for the next page (the Link header's `rel="next"`).
 *
 * A 404 is NOT_FOUND (no such login); an exhausted quota UPSTREAM_BLOCKED (walls.ts); an answer
 * that is not a JSON array UPSTREAM_FAILED. Every repository must be the asked account's
 * (`owner.login`, case-insensitively): a list naming another owner is another account's answer,
 * UPSTREAM_FAILED (identity.ts). That is why only `type=owner` is asked: GitHub's `member` and
 * `all` lists hold other owners' repositories by definition, so nothing in them could show the
 * list is this account's. A repository marked private (only a token of that account could see
 * one) is left out: never public data.
 */
export async function fetchUserRepos(ctx: OpContext, a: UserReposArgs): Promise<UserRepos> {
  const query = new URLSearchParams({ per_page: String(REPOS_PER_PAGE), sort: a.sort, type: 'owner', page: String(a.page) });
  const what = `Repositories of ${a.handle}`;
  const res = await ctx.upstream.request({
    url: `https://api.github.com/users/${encodeURIComponent(a.handle)}/repos?${query}`,
    platform: 'code',
    headers: apiHeaders(ctx),
    signal: ctx.signal,
  });
  if (res.status === 404) throw notFound(`User ${a.handle} was not found`);
  expectOk(res, 'code', what);
  let json: unknown;
  try {
    json = res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged('code', `${what}: JSON answer`);
  }
  const repositories = parsed(ctx, () => parseRepositoryList(pageOf(json, REPOS_PER_PAGE, what)));
  for (const r of repositories)
    assertSameResource('code', `the repositories of ${a.handle}`, { handle: a.handle }, { handle: r.owner.login });
  const next = parsed(ctx, () => nextPageOf(res.headers.link, a.page));
  return {
    repositories: repositories.filter((r) => r.private !== true),
    cursor: next === null ? null : encodeReposCursor({ ...a, page: next }),
  };
}
