/**
 * Our cursors over GitHub's numbered pages (the lists of an account or a repository): GitHub's
 * next page, bound to the list (`k`) and to what it lists, and what the paged repository lists
 * (contributors, releases) share as input: `url` as codeRepository takes it, `cursor`, and a cache
 * key of the lower-cased `owner/repo` and the page.
 */
import { decodeCursor, encodeCursor } from '../cursor.js';
import type { OperationDef } from '../operation.js';
import { parseRepositoryUrl } from './parse.js';

/** The highest page a cursor may name. */
export const MAX_PAGE = 999_999;

/** A page a cursor may name: 2 (the first is asked without one) to MAX_PAGE. */
export const laterPage = (p: unknown): p is number => typeof p === 'number' && Number.isInteger(p) && p >= 2 && p <= MAX_PAGE;

/** `owner/repo` lower-cased: GitHub's names are case-insensitive. */
export const repoName = (a: { owner: string; repo: string }) => `${a.owner}/${a.repo}`.toLowerCase();

/** One page of a repository's list. */
export interface RepoListArgs {
  owner: string;
  repo: string;
  /** GitHub's 1-based page. */
  page: number;
}

export const encodeRepoListCursor = (list: string, a: RepoListArgs): string => encodeCursor({ k: list, r: repoName(a), p: a.page });

/** The repository (`owner/repo`, lower-case) and page a cursor of `list` names, or null (another list's cursor too). */
export function decodeRepoListCursor(list: string, raw: string): { repo: string; page: number } | null {
  const c = decodeCursor(raw);
  if (!c || c.k !== list || typeof c.r !== 'string' || !laterPage(c.p)) return null;
  const named = parseRepositoryUrl(`https://github.com/${c.r}`);
  if (!named || repoName(named) !== c.r) return null;
  return { repo: c.r, page: c.p };
}

const hasCursor = (args: Record<string, any>) => typeof args.cursor === 'string' && args.cursor !== '';

/** The input of a repository's paged `list`: its params, their checks, the normalised args, key, cost and example. */
export function repoListInput(
  list: string,
): Pick<OperationDef<RepoListArgs, unknown>, 'params' | 'cacheable' | 'check' | 'normalize' | 'key' | 'cost' | 'example'> {
  return {
    params: [
      // codeRepository's rule.
      { name: 'url', kind: 'string', required: true, maxLength: 2048, description: 'Repository URL, e.g. https://github.com/OWNER/REPO' },
      {
        name: 'cursor',
        kind: 'string',
        maxLength: 512,
        description: "Pagination token: the previous response's `cursor`, unchanged, with the same repository. Omit for the first page.",
      },
    ],
    cacheable: true,
    check(args, problem) {
      const named = typeof args.url === 'string' && args.url.trim() ? parseRepositoryUrl(args.url.trim()) : undefined;
      if (named === null) problem('url', 'must be a github.com repository URL (https://github.com/OWNER/REPO)');
      if (!hasCursor(args)) return;
      const c = decodeRepoListCursor(list, args.cursor);
      if (!c) problem('cursor', 'must be the `cursor` of a previous response, unchanged');
      else if (named && c.repo !== repoName(named)) problem('cursor', 'belongs to another list (another repository)');
    },
    normalize: (a) => ({ ...parseRepositoryUrl(a.url.trim())!, page: hasCursor(a) ? decodeRepoListCursor(list, a.cursor)!.page : 1 }),
    // GitHub owner and repository names are case-insensitive (codeRepository's key, and the page).
    key: (a) => JSON.stringify([repoName(a), a.page]),
    cost: { max: 1 },
    example: { url: 'https://github.com/creator-lookup-demo/creator-kit' },
  };
}
