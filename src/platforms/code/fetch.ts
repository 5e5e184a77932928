/**
 * Upstream requests for code (GitHub).
 */
import { ApiError, notFound, upstreamBlocked } from '../../errors.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext } from '../operation.js';
import type { Repository, TrendingDevelopers, TrendingSince } from './parse.js';
import { parseRepository, parseTrendingDevelopers } from './parse.js';

export async function fetchTrendingDevelopers(ctx: OpContext, a: { language: string | null; since: TrendingSince }): Promise<TrendingDevelopers> {
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

export async function fetchRepository(ctx: OpContext, a: { owner: string; repo: string }): Promise<Repository> {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };
  if (ctx.config.githubToken) headers.authorization = `Bearer ${ctx.config.githubToken}`;
  const res = await ctx.upstream.request({
    url: `https://api.github.com/repos/${encodeURIComponent(a.owner)}/${encodeURIComponent(a.repo)}`,
    platform: 'code',
    headers,
    signal: ctx.signal,
  });
  // Anonymous callers get 403/429 with x-ratelimit-remaining: 0 once the hourly quota is spent.
  if ((res.status === 403 || res.status === 429) && res.headers['x-ratelimit-remaining'] === '0') {
    throw upstreamBlocked('code: upstream API rate limit exhausted; set GITHUB_TOKEN for a higher limit');
  }
  // Private and missing repositories both answer 404 to anonymous callers.
  if (res.status === 404) throw notFound(`Repository ${a.owner}/${a.repo} was not found (or is not public)`);
  expectOk(res, 'code', `Repository ${a.owner}/${a.repo}`);
  const { repository } = parseRepository(res.json());
  if (repository.private) throw new ApiError('NOT_FOUND', `Repository ${a.owner}/${a.repo} is not public`);
  return repository;
}
