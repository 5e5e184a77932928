/**
 * code = GitHub. Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream requests: platforms.md (trending HTML; anonymous REST API for repositories).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import type { UserReposArgs } from './fetch.js';
import { decodeReposCursor, fetchRepository, fetchTrendingDevelopers, fetchUserRepos, REPO_SORTS } from './fetch.js';
import { normalizeLogin } from './profile.js';
import type { Repository, TrendingDevelopers, TrendingSince } from './parse.js';
import { parseRepositoryUrl } from './parse.js';
import * as schema from './schema.js';
import { walls } from './walls.js';
import { reader } from './reader.js';
import { user } from './user.js';
import { links } from './links.js';
import { repositoryContributors, userFollowers } from './people.js';
import { repositoryReleases } from './releases.js';

const repositoryUrl = parseRepositoryUrl;

const label = 'code';
const hosts = ['github.com', 'www.github.com', 'api.github.com'];

/** GitHub's trending language slugs: `javascript`, `c++`, `c%23`, `jupyter-notebook`… */
const LANGUAGE_RE = /^[a-z0-9+#.\- _]{1,40}$/i;

export const trendingDevelopers: OperationDef<{ language: string | null; since: TrendingSince }, TrendingDevelopers> = {
  field: 'codeTrendingDevelopers',
  platform: label,
  summary: 'Developers trending on the code platform today, this week or this month',
  rest: { path: '/v1/code/trending/developers' },
  record: schema.TrendingDevelopers,
  params: [
    {
      name: 'language',
      kind: 'string',
      maxLength: 40,
      description: 'Programming language slug, e.g. javascript, python, go. Omit for all languages.',
    },
    {
      name: 'since',
      kind: 'enum',
      values: ['daily', 'weekly', 'monthly'],
      enumName: 'CodeTrendingSince',
      description: 'Trending range (default daily).',
    },
  ],
  cacheable: true,
  check(args, problem) {
    if (args.language != null && args.language.trim() !== '' && !LANGUAGE_RE.test(args.language.trim())) {
      problem('language', 'must be a language slug such as javascript, c++ or go');
    }
  },
  normalize: (a) => ({ language: a.language?.trim() ? a.language.trim().toLowerCase() : null, since: a.since ?? 'daily' }),
  key: (a) => `${a.since}|${a.language ?? ''}`,
  cost: { max: 1 },
  example: { language: 'typescript', since: 'weekly' },
  run: (ctx, a) => fetchTrendingDevelopers(ctx, a),
};

export const repository: OperationDef<{ owner: string; repo: string }, Repository> = {
  field: 'codeRepository',
  platform: label,
  summary: 'A public repository on the code platform',
  rest: { path: '/v1/code/repository', wrap: 'repository' },
  record: schema.Repository,
  params: [
    { name: 'url', kind: 'string', required: true, maxLength: 2048, description: 'Repository URL, e.g. https://github.com/OWNER/REPO' },
  ],
  cacheable: true,
  check(args, problem) {
    if (typeof args.url === 'string' && args.url.trim() && !repositoryUrl(args.url.trim())) {
      problem('url', 'must be a github.com repository URL (https://github.com/OWNER/REPO)');
    }
  },
  normalize: (a) => ({ ...repositoryUrl(a.url.trim())! }),
  // GitHub owner and repository names are case-insensitive.
  key: (a) => `${a.owner}/${a.repo}`.toLowerCase(),
  cost: { max: 1 },
  example: { url: 'https://github.com/creator-lookup-demo/creator-kit' },
  run: (ctx, a) => fetchRepository(ctx, a),
};

/** The login as the operation takes it (user.ts's rule), or null when it is none. */
const loginOf = (args: Record<string, any>) =>
  typeof args.handle === 'string' && args.handle.trim() && args.handle.length <= 64 ? normalizeLogin(args.handle) : undefined;
const hasCursor = (args: Record<string, any>) => typeof args.cursor === 'string' && args.cursor !== '';

export const userRepos: OperationDef<UserReposArgs, schema.UserRepos> = {
  field: 'codeUserRepos',
  platform: label,
  summary: "One page of a code-platform account's own public repositories (user or organization); page with `cursor`",
  rest: { path: '/v1/code/user/repos' },
  record: schema.UserRepos,
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
      name: 'sort',
      kind: 'enum',
      values: REPO_SORTS,
      enumName: 'CodeUserReposSort',
      description: 'Order (default updated): updated, pushed, created (newest first) or full_name (A to Z).',
    },
    {
      name: 'cursor',
      kind: 'string',
      maxLength: 512,
      description: "Pagination token: the previous response's `cursor`, unchanged, with the same handle and sort. Omit for the first page.",
    },
  ],
  cacheable: true,
  check(args, problem) {
    const login = loginOf(args);
    if (login === null)
      problem('handle', 'must be a login: 1 to 39 letters, digits and single inner hyphens (a leading @ is allowed), not a URL');
    if (!hasCursor(args)) return;
    const c = decodeReposCursor(args.cursor);
    if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
    else if (login && (c.handle !== login || c.sort !== (args.sort ?? 'updated')))
      problem('cursor', 'belongs to another list (another handle or sort)');
  },
  // Logins are case-insensitive: every spelling shares one entry. No cursor is page 1 (a cursor names page 2 or later).
  normalize: (a) => ({
    handle: normalizeLogin(a.handle)!,
    sort: a.sort ?? 'updated',
    page: hasCursor(a) ? decodeReposCursor(a.cursor)!.page : 1,
  }),
  key: (a) => JSON.stringify([a.handle, a.sort, a.page]),
  cost: { max: 1 },
  watch: ['repositories.full_name'],
  example: { handle: 'creator-lookup-demo' },
  run: (ctx, a) => fetchUserRepos(ctx, a),
};

export const platform: PlatformDefinition = {
  label,
  hosts,
  operations: [trendingDevelopers, repository, user, userRepos, userFollowers, repositoryContributors, repositoryReleases],
  walls,
  reader,
  links,
  names: { link: ['github'] },
};
