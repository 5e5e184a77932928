/**
 * The code records (api.md "Code records") as data: the parsers' types, the /openapi.json
 * response schemas and what REST bodies are checked against. Nullable fields: README.md.
 */
import { z } from 'zod';
import { Int, named, NInt, NBool, NStr, passThrough, Str, Strs } from '../records.js';

export const PopularRepository = z.strictObject({
  owner: Str,
  repo: Str,
  full_name: Str,
  url: Str,
  name: Str,
  description: NStr,
});
export type PopularRepository = z.infer<typeof PopularRepository>;

export const TrendingDeveloper = z.strictObject({
  rank: Int,
  username: Str,
  name: NStr,
  url: Str,
  avatar_url: NStr,
  popular_repository: PopularRepository.nullable(),
});
export type TrendingDeveloper = z.infer<typeof TrendingDeveloper>;

export const TrendingDevelopers = named(
  'CodeTrendingDevelopers',
  z.strictObject({
    since: Str,
    language: NStr,
    developers: z.array(TrendingDeveloper),
  }),
);
export type TrendingDevelopers = z.infer<typeof TrendingDevelopers>;

export const RepositoryOwner = z.strictObject({
  id: NInt,
  login: Str,
  avatar_url: NStr,
  url: Str,
  type: NStr,
});
export type RepositoryOwner = z.infer<typeof RepositoryOwner>;

export const RepositoryLicense = z.strictObject({
  key: NStr,
  name: NStr,
  spdx_id: NStr,
});
export type RepositoryLicense = z.infer<typeof RepositoryLicense>;

export const Repository = named(
  'CodeRepository',
  z.strictObject({
    id: Int,
    node_id: NStr,
    name: Str,
    full_name: Str,
    owner: RepositoryOwner,
    private: NBool,
    url: Str,
    description: NStr,
    fork: NBool,
    homepage: NStr,
    language: NStr,
    forks_count: NInt,
    stars_count: NInt,
    watchers_count: NInt,
    size: NInt,
    default_branch: NStr,
    open_issues_count: NInt,
    topics: Strs,
    license: RepositoryLicense.nullable(),
    archived: NBool,
    disabled: NBool,
    visibility: NStr,
    pushed_at: NStr,
    created_at: NStr,
    updated_at: NStr,
  }),
);
export type Repository = z.infer<typeof Repository>;

/**
 * One page of an account's public repositories (`GET /v1/code/user/repos`): each item the
 * repository record above, read by the same parser. GitHub's list answer carries every field of
 * it (the members the list leaves out — `subscribers_count`, `network_count`, `organization`,
 * `parent`, `source` — are not in this record), so no list-item schema is needed.
 */
export const UserRepos = named(
  'CodeUserRepos',
  z
    .strictObject({
      repositories: z.array(Repository).describe("The account's public repositories on this page, in the asked order"),
      cursor: NStr.describe('Pass unchanged as `cursor` (with the same handle, sort and type) for the next page; null at the end'),
    })
    .describe("One page (up to 100) of a code-platform account's public repositories"),
);
export type UserRepos = z.infer<typeof UserRepos>;

// ---------------------------------------------------------------------------------------------
// Lists of people (people.ts): an account's followers, a repository's contributors
// ---------------------------------------------------------------------------------------------

/** The members of GitHub's "simple user" object this record lists (a follower, a contributor, a repository's owner). */
const simpleUserMembers = {
  login: Str.describe('The account name, as GitHub spells it'),
  id: Int.describe('Numeric account id'),
  node_id: NStr,
  type: NStr.describe('User, Organization or Bot'),
  site_admin: NBool,
  avatar_url: NStr,
  html_url: NStr.describe('The profile page, https://github.com/<login>'),
};

export const CodeSimpleUser = passThrough(z.strictObject(simpleUserMembers)).describe(
  "GitHub's simple user object; members beyond the listed ones (url, gravatar_id, followers_url…) pass through unchanged",
);
export type CodeSimpleUser = z.infer<typeof CodeSimpleUser>;

export const CodeContributor = passThrough(
  z.strictObject({
    ...simpleUserMembers,
    contributions: NInt.describe("The account's commits to the repository's default branch, as GitHub counts them"),
  }),
).describe("GitHub's contributor: a simple user object with `contributions`; further members pass through unchanged");
export type CodeContributor = z.infer<typeof CodeContributor>;

/** One page of an account's followers (`GET /v1/code/user/followers`). */
export const CodeUserFollowers = named(
  'CodeUserFollowers',
  z
    .strictObject({
      followers: z.array(CodeSimpleUser).describe("The account's followers on this page, in GitHub's order"),
      cursor: NStr.describe('Pass unchanged as `cursor` (with the same handle) for the next page; null at the end'),
    })
    .describe("One page (up to 100) of a code-platform account's followers"),
);
export type CodeUserFollowers = z.infer<typeof CodeUserFollowers>;

/** One page of a repository's contributors (`GET /v1/code/repository/contributors`). */
export const CodeRepositoryContributors = named(
  'CodeRepositoryContributors',
  z
    .strictObject({
      contributors: z.array(CodeContributor).describe('The contributors on this page, most contributions first'),
      cursor: NStr.describe('Pass unchanged as `cursor` (with the same url) for the next page; null at the end'),
    })
    .describe("One page (up to 100) of a public repository's contributors (accounts only, no anonymous e-mail entries)"),
);
export type CodeRepositoryContributors = z.infer<typeof CodeRepositoryContributors>;

// ---------------------------------------------------------------------------------------------
// A repository's releases (releases.ts), in GitHub's names
// ---------------------------------------------------------------------------------------------

export const CodeReleaseAsset = z
  .strictObject({
    id: Int.describe('Numeric asset id'),
    name: NStr.describe('The file name'),
    content_type: NStr,
    size: NInt.describe('Bytes'),
    download_count: NInt,
    created_at: NStr.describe('ISO 8601'),
    updated_at: NStr.describe('ISO 8601'),
    browser_download_url: NStr.describe('https://github.com/<owner>/<repo>/releases/download/<tag>/<name>'),
  })
  .describe('A file attached to a release');
export type CodeReleaseAsset = z.infer<typeof CodeReleaseAsset>;

export const CodeRelease = z
  .strictObject({
    id: Int.describe('Numeric release id'),
    node_id: NStr,
    tag_name: NStr.describe('The git tag the release is of'),
    name: NStr.describe('The release title; null when it has none'),
    body: NStr.describe('The release notes, as written (markdown); null when none'),
    draft: NBool.describe('Always false: drafts are not public and are never served'),
    prerelease: NBool,
    created_at: NStr.describe('ISO 8601: when the tagged commit was made'),
    published_at: NStr.describe('ISO 8601'),
    html_url: Str.describe("The release's page, https://github.com/<owner>/<repo>/releases/tag/<tag>"),
    author: CodeSimpleUser.nullable().describe('The account that created the release'),
    assets: z.array(CodeReleaseAsset),
    tarball_url: NStr,
    zipball_url: NStr,
    target_commitish: NStr.describe('The branch or commit the tag was made from'),
  })
  .describe("A repository's release, in GitHub's names");
export type CodeRelease = z.infer<typeof CodeRelease>;

/** One page of a repository's releases (`GET /v1/code/repository/releases`). */
export const CodeRepositoryReleases = named(
  'CodeRepositoryReleases',
  z
    .strictObject({
      releases: z.array(CodeRelease).describe('The published releases on this page, newest first'),
      cursor: NStr.describe('Pass unchanged as `cursor` (with the same url) for the next page; null at the end'),
    })
    .describe("One page (up to 30) of a public repository's published releases"),
);
export type CodeRepositoryReleases = z.infer<typeof CodeRepositoryReleases>;
