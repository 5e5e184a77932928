/**
 * Upstream requests for code (GitHub).
 */
import { ApiError, notFound, shapeChanged } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import { assertSameResource } from '../identity.js';
import type { OpContext } from '../operation.js';
import type { Repository, TrendingDevelopers, TrendingSince } from './parse.js';
import { parseRepository, parseTrendingDevelopers } from './parse.js';
import type { CodeSocialAccount, CodeUser } from './profile.js';

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
  return parseTrendingDevelopers(res.text(), a);
}

/** The REST API's headers: its media type and version, and the operator's token when configured. */
function apiHeaders(ctx: OpContext): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };
  if (ctx.config.githubToken) headers.authorization = `Bearer ${ctx.config.githubToken}`;
  return headers;
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
  expectOk(res, 'code', `Repository ${a.owner}/${a.repo}`);
  const { repository } = parseRepository(res.json());
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
  } catch {
    throw shapeChanged('code', `${what}: JSON answer`);
  }
}
