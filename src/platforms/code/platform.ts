/**
 * code = GitHub. Registry entry: hosts, operations, parameters, costs, cache policy.
 * Upstream requests: platforms.md (trending HTML; anonymous REST API for repositories).
 */
import type { PlatformDefinition } from '../definition.js';
import type { OperationDef } from '../operation.js';
import { fetchRepository, fetchTrendingDevelopers } from './fetch.js';
import type { Repository, TrendingDevelopers, TrendingSince } from './parse.js';
import { parseRepositoryUrl } from './parse.js';
import * as schema from './schema.js';
import { walls } from './walls.js';
import { reader } from './reader.js';
import { user } from './user.js';
import { links } from './links.js';

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

export const platform: PlatformDefinition = { label, hosts, operations: [trendingDevelopers, repository, user], walls, reader, links };
