/**
 * `GET /v1/code/repository/releases` (`codeRepositoryReleases`): `url` (as `/v1/code/repository`
 * takes it), `cursor` → `{releases, cursor}`, one page of
 * `GET https://api.github.com/repos/<owner>/<repo>/releases?per_page=30&page=N` (newest first, as
 * GitHub lists them), one request a call, with the API headers, GITHUB_TOKEN when set and the
 * rate-limit walls of every API call of this platform (fetch.ts `apiHeaders`, walls.ts).
 *
 * Each release keeps GitHub's names ("List releases" in GitHub's REST reference): `id`, `node_id`,
 * `tag_name`, `name`, `body` (markdown), `draft`, `prerelease`, `created_at`, `published_at`,
 * `html_url`, `author` (a simple user, as people.ts reads it), `assets` (`id`, `name`,
 * `content_type`, `size`, `download_count`, `created_at`, `updated_at`, `browser_download_url`),
 * `tarball_url`, `zipball_url`, `target_commitish`. No capture of a release list exists in
 * ../shared/fixtures/code; the tests build answers in the documented shape (samples.ts) and take
 * a release's `author` from the repository captures' `owner` (a simple user).
 *
 * Outcomes: 404 NOT_FOUND (no such public repository); an exhausted quota UPSTREAM_BLOCKED
 * (walls.ts); `[]` an empty page; an answer that is not a JSON array UPSTREAM_FAILED. A release
 * without `id` or `html_url` (its identity) is left out and warned `repository.releases`; an asset
 * without `id` is left out and warned `repository.releases.assets`; a usual member missing is null
 * plus a warning (`repository.releases.<field>`, `repository.releases.assets.<field>`). A draft
 * (only a token with push access sees one) is left out: this gateway serves public data, as
 * codeUserRepos leaves private repositories out — so `draft` is false on every release served.
 *
 * Identity (identity.ts): every release names its repository in its `html_url`
 * (`https://github.com/<owner>/<repo>/releases/tag/<tag>`); each must be the asked repository's,
 * case-insensitively, else the answer is another repository's: UPSTREAM_FAILED. As for
 * contributors (people.ts) the answer must also come from the asked URL: GitHub's redirect of a
 * renamed repository to `/repositories/<id>/releases` is followed without checking that id, and
 * its releases then name the new name — there they must all name one and the same repository.
 * Any other answered URL is UPSTREAM_FAILED. Cursors bind the page to the repository (a cursor of
 * another repository or list is 400).
 */
import { notFound, shapeChanged, upstreamFailed } from '../../errors.js';
import { warn } from '../../observability/warn.js';
import type { Reader } from '../../parse/index.js';
import { int, nonEmpty, reader } from '../../parse/index.js';
import type { UpstreamResponse } from '../../upstream/client.js';
import { expectOk } from '../../upstream/client.js';
import type { OpContext, OperationDef } from '../operation.js';
import { parsed } from '../operation.js';
import { apiHeaders, blockedRepository } from './fetch.js';
import { nextPageOf, pageOf, parseRepositoryUrl } from './parse.js';
import { simpleUser } from './people.js';
import * as schema from './schema.js';
import type { CodeRelease, CodeReleaseAsset, CodeRepositoryReleases, CodeSimpleUser } from './schema.js';
import { withRest } from './user.js';
import { decodeRepoListCursor, encodeRepoListCursor, repoListInput, repoName } from './page-cursor.js';
import type { RepoListArgs } from './page-cursor.js';
import { JsonOverBound } from '../../parse/json.js';

const PLATFORM = 'code';
/** Releases a page (GitHub's default; at most 100). */
const PER_PAGE = 30;

// ---------------------------------------------------------------------------------------------
// Parse (pure)
// ---------------------------------------------------------------------------------------------

function asset(a: Reader): CodeReleaseAsset {
  return {
    id: a.id('id', int),
    name: a.str('name'),
    content_type: a.str('content_type'),
    size: a.int('size'),
    download_count: a.int('download_count'),
    created_at: a.str('created_at'),
    updated_at: a.str('updated_at'),
    browser_download_url: a.str('browser_download_url'),
  };
}

/** The release's author: a simple user, or null (GitHub's null, or one without login/id: warned). */
function author(el: Reader): CodeSimpleUser | null {
  const raw = el.obj('author');
  if (!raw) return null;
  if (typeof raw.login !== 'string' || !raw.login || !Number.isInteger(raw.id)) {
    warn(PLATFORM, 'repository.releases.author', 'an author without login or id');
    return null;
  }
  return withRest(simpleUser(el.over(raw, 'author')), raw);
}

function release(el: Reader): CodeRelease {
  return {
    id: el.id('id', int),
    node_id: el.str('node_id'),
    tag_name: el.str('tag_name'),
    name: el.str('name'),
    body: el.str('body'),
    draft: el.bool('draft'),
    prerelease: el.bool('prerelease'),
    created_at: el.str('created_at'),
    published_at: el.str('published_at'),
    html_url: el.id('html_url', nonEmpty),
    author: author(el),
    assets: el.items('assets', asset),
    tarball_url: el.str('tarball_url'),
    zipball_url: el.str('zipball_url'),
    target_commitish: el.str('target_commitish'),
  };
}

/** `GET /repos/<owner>/<repo>/releases` → its releases, drafts included (one item degrades at a time; not an array: UPSTREAM_FAILED). */
export function parseReleases(json: unknown): CodeRelease[] {
  if (!Array.isArray(json)) throw shapeChanged(PLATFORM, 'releases array');
  return reader({ releases: json }, { platform: PLATFORM, record: 'repository' }).items('releases', release);
}

/** The repository (`owner/repo`, lower-case) a release's `html_url` names, or null when it names none. */
export function releaseRepository(htmlUrl: string): string | null {
  let u: URL;
  try {
    u = new URL(htmlUrl);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || u.hostname.toLowerCase() !== 'github.com') return null;
  const [owner, repo, releases, ...rest] = u.pathname.split('/').filter(Boolean);
  if (releases !== 'releases' || rest.length === 0) return null;
  const named = parseRepositoryUrl(`https://github.com/${owner}/${repo}`);
  return named ? repoName(named) : null;
}

/**
 * Throws UPSTREAM_FAILED unless every release is `asked`'s (`owner/repo`, lower-case) — or, when
 * GitHub answered from a renamed repository's `/repositories/<id>/releases` (`renamed`), unless
 * they all name one repository.
 */
export function assertReleasesOf(releases: readonly CodeRelease[], asked: string, renamed: boolean): void {
  const named = new Set(releases.map((r) => releaseRepository(r.html_url) ?? `an unreadable URL ${r.html_url}`));
  const others = [...named].filter((n) => n !== asked);
  if (renamed ? named.size > 1 : others.length > 0)
    throw upstreamFailed(
      `${PLATFORM}: the upstream answered the releases of ${asked} with releases of ${(renamed ? [...named] : others).join(', ')}`,
    );
}

// ---------------------------------------------------------------------------------------------
// Cursor: GitHub's next page bound to the repository
// ---------------------------------------------------------------------------------------------

export type ReleasesArgs = RepoListArgs;

export const encodeReleasesCursor = (a: ReleasesArgs): string => encodeRepoListCursor('releases', a);

/** The repository (`owner/repo`, lower-case) and page a releases cursor of ours names, or null (another list's cursor too). */
export const decodeReleasesCursor = (raw: string) => decodeRepoListCursor('releases', raw);

// ---------------------------------------------------------------------------------------------
// Fetch
// ---------------------------------------------------------------------------------------------

function jsonOf(res: UpstreamResponse, what: string): unknown {
  try {
    return res.json();
  } catch (e) {
    if (e instanceof JsonOverBound) throw e;
    throw shapeChanged(PLATFORM, `${what}: JSON answer`);
  }
}

/** One page of a repository's releases (see the header). */
export async function fetchRepositoryReleases(ctx: OpContext, a: ReleasesArgs): Promise<CodeRepositoryReleases> {
  const name = repoName(a);
  const what = `Releases of ${a.owner}/${a.repo}`;
  const path = `/repos/${encodeURIComponent(a.owner)}/${encodeURIComponent(a.repo)}/releases`;
  const query = new URLSearchParams({ per_page: String(PER_PAGE), page: String(a.page) });
  const res = await ctx.upstream.request({
    url: `https://api.github.com${path}?${query}`,
    platform: PLATFORM,
    headers: apiHeaders(ctx),
    signal: ctx.signal,
  });
  // Private and missing repositories both answer 404 to anonymous callers.
  if (res.status === 404) throw notFound(`Repository ${a.owner}/${a.repo} was not found (or is not public)`);
  const blocked = blockedRepository(res, `${a.owner}/${a.repo}`);
  if (blocked) throw blocked;
  expectOk(res, PLATFORM, what);
  let from = '';
  try {
    from = new URL(res.url).pathname.toLowerCase();
  } catch {
    // An unreadable URL is another list's below.
  }
  const renamed = /^\/repositories\/\d+\/releases$/.test(from);
  if (from !== path.toLowerCase() && !renamed)
    throw upstreamFailed(`${PLATFORM}: the upstream answered the releases of ${name} from ${from || 'an unreadable URL'}, another list`);
  const all = parsed(ctx, () => parseReleases(pageOf(jsonOf(res, what), PER_PAGE, what)));
  assertReleasesOf(all, name, renamed);
  const next = parsed(ctx, () => nextPageOf(res.headers.link, a.page, 'releases'));
  return {
    releases: all.filter((r) => r.draft !== true),
    cursor: next === null ? null : encodeReleasesCursor({ ...a, page: next }),
  };
}

// ---------------------------------------------------------------------------------------------
// Operation
// ---------------------------------------------------------------------------------------------

export const repositoryReleases: OperationDef<ReleasesArgs, CodeRepositoryReleases> = {
  field: 'codeRepositoryReleases',
  platform: PLATFORM,
  summary: "One page of a public repository's published releases, newest first; page with `cursor`",
  rest: { path: '/v1/code/repository/releases' },
  record: schema.CodeRepositoryReleases,
  ...repoListInput('releases'),
  run: (ctx, a) => fetchRepositoryReleases(ctx, a),
};
