/**
 * Our own upstream answers for code (GitHub), **written by us, not captures**: every login, id,
 * name, date and count is invented. The shape is GitHub's REST reference for "List repositories
 * for a user" (`GET /users/{username}/repos`): an array of repository objects, each the single
 * repository's object (as the captures in ../shared/fixtures/code show it) without the members the
 * list leaves out (`subscribers_count`, `network_count`, `organization`, `parent`, `source`,
 * `temp_clone_token`), paged by a `Link` header; and "List followers of a user" / "List repository
 * contributors" (arrays of simple users, `simpleUser`). The codeUserRepos, codeUserFollowers,
 * codeRepositoryContributors and codeRepositoryReleases tests build on them, and so do the demo's
 * GitHub lists past their recorded items (src/demo/github-lists.ts; the recorded ones are the files
 * in src/demo/data/github).
 */

/** One repository of `owner` as the list answers it; `over` replaces (or, as undefined, removes) members. */
export function repoListItem(owner: string, name: string, id: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  const api = `https://api.github.com/repos/${owner}/${name}`;
  const item: Record<string, unknown> = {
    id,
    node_id: `R_kgDO${String(id).padStart(8, '0')}`,
    name,
    full_name: `${owner}/${name}`,
    private: false,
    owner: {
      login: owner,
      id: 7_700_001,
      node_id: 'U_kgDOSAMPLE1',
      avatar_url: 'https://avatars.example.com/u/7700001?v=4',
      gravatar_id: '',
      url: `https://api.github.com/users/${owner}`,
      html_url: `https://github.com/${owner}`,
      type: 'User',
      user_view_type: 'public',
      site_admin: false,
    },
    html_url: `https://github.com/${owner}/${name}`,
    description: `${name}: a sample repository`,
    fork: false,
    url: api,
    forks_url: `${api}/forks`,
    created_at: '2021-03-04T05:06:07Z',
    updated_at: '2026-01-02T03:04:05Z',
    pushed_at: '2025-12-30T11:12:13Z',
    git_url: `git://github.com/${owner}/${name}.git`,
    clone_url: `https://github.com/${owner}/${name}.git`,
    homepage: null,
    size: 321,
    stargazers_count: 42,
    watchers_count: 42,
    language: 'TypeScript',
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: false,
    has_pages: false,
    has_discussions: false,
    forks_count: 3,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: 5,
    license: { key: 'mit', name: 'MIT License', spdx_id: 'MIT', url: 'https://api.github.com/licenses/mit', node_id: 'MDc6TGljZW5zZTEz' },
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: ['sample', 'tools'],
    visibility: 'public',
    forks: 3,
    open_issues: 5,
    watchers: 42,
    default_branch: 'main',
  };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) delete item[k];
    else item[k] = v;
  }
  return item;
}

/** GitHub's Link header for page `page` of `last` of a user's repositories (it names the account by id). */
export function reposLink(userId: number, query: string, page: number, last: number): string {
  return listLink(`/user/${userId}/repos`, page, last, query);
}

/**
 * One of GitHub's "simple user" objects (the items of "List followers of a user" and, with
 * `contributions`, of "List repository contributors"), as the REST reference documents it and the
 * repository captures' `owner` shows it; login and id invented. `over` replaces (or, as undefined,
 * removes) members.
 */
export function simpleUser(login: string, id: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  const api = `https://api.github.com/users/${login}`;
  const user: Record<string, unknown> = {
    login,
    id,
    node_id: `U_kgDO${String(id).padStart(8, '0')}`,
    avatar_url: `https://avatars.example.com/u/${id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: `https://github.com/${login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: 'User',
    user_view_type: 'public',
    site_admin: false,
  };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) delete user[k];
    else user[k] = v;
  }
  return user;
}

/**
 * GitHub's Link header for page `page` of `last` of a list at `listPath` (`/user/<id>/followers`,
 * `/repositories/<id>/contributors`: GitHub names the account or repository by id there), each
 * link the request's `query` (without its page) and the page.
 */
export function listLink(listPath: string, page: number, last: number, query = 'per_page=100'): string {
  const at = (p: number) => `<https://api.github.com${listPath}?${query ? `${query}&` : ''}page=${p}>`;
  const rels: string[] = [];
  if (page > 1) rels.push(`${at(page - 1)}; rel="prev"`);
  if (page < last) rels.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`);
  if (page > 1) rels.push(`${at(1)}; rel="first"`);
  return rels.join(', ');
}

/**
 * One of GitHub's release objects (the items of "List releases", `GET /repos/{owner}/{repo}/releases`),
 * as the REST reference documents it: every member it lists, `author` a simple user, one asset;
 * names, ids, dates and counts invented. `over` replaces (or, as undefined, removes) members.
 */
export function releaseItem(
  owner: string,
  repo: string,
  tag: string,
  id: number,
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  const api = `https://api.github.com/repos/${owner}/${repo}`;
  const item: Record<string, unknown> = {
    url: `${api}/releases/${id}`,
    assets_url: `${api}/releases/${id}/assets`,
    upload_url: `https://uploads.github.com/repos/${owner}/${repo}/releases/${id}/assets{?name,label}`,
    html_url: `https://github.com/${owner}/${repo}/releases/tag/${tag}`,
    id,
    author: simpleUser('rel-author', 7_700_002),
    node_id: `RE_kwDO${String(id).padStart(8, '0')}`,
    tag_name: tag,
    target_commitish: 'main',
    name: `${repo} ${tag}`,
    draft: false,
    prerelease: false,
    created_at: '2026-02-03T04:05:06Z',
    published_at: '2026-02-03T05:06:07Z',
    assets: [
      {
        url: `${api}/releases/assets/${id + 1}`,
        id: id + 1,
        node_id: `RA_kwDO${String(id + 1).padStart(8, '0')}`,
        name: `${repo}-${tag}.tgz`,
        label: '',
        uploader: simpleUser('rel-author', 7_700_002),
        content_type: 'application/gzip',
        state: 'uploaded',
        size: 48_213,
        download_count: 17,
        created_at: '2026-02-03T05:00:00Z',
        updated_at: '2026-02-03T05:00:01Z',
        browser_download_url: `https://github.com/${owner}/${repo}/releases/download/${tag}/${repo}-${tag}.tgz`,
      },
    ],
    tarball_url: `${api}/tarball/${tag}`,
    zipball_url: `${api}/zipball/${tag}`,
    body: `## What's changed\n\n* Sample notes for ${tag}`,
  };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) delete item[k];
    else item[k] = v;
  }
  return item;
}

/**
 * GitHub's answers for a repository it has blocked, in the shape its users have reported since
 * 2017 (octokit's RepositoryUnavailable, rest-api-description issue #3314): 451 after a legal
 * takedown, 403 for one disabled by GitHub — `{"message":"Repository access blocked","block":{…}}`.
 * Dates and the notice URL invented.
 */
export function blockedRepositoryBody(reason: string): Record<string, unknown> {
  return {
    message: 'Repository access blocked',
    block: { reason, created_at: '2025-02-03T04:05:06Z', html_url: 'https://github.com/github/dmca/blob/master/2025/02/notice.md' },
  };
}
