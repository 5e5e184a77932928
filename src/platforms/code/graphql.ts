/**
 * GraphQL types and root fields for code (GitHub). Idiomatic names, declared once over the
 * api.md wire record, plus `json` carrying the whole wire record (what REST returns).
 */
import { builder } from '../../graphql/builder.js';
import { operationField, WIRE_FIELD_DESCRIPTION } from '../../graphql/operation-field.js';
import type { PopularRepository, Repository, RepositoryLicense, RepositoryOwner, TrendingDeveloper, TrendingDevelopers } from './parse.js';
import { repository, trendingDevelopers, userRepos } from './platform.js';
import { repositoryContributors, userFollowers } from './people.js';
import { repositoryReleases } from './releases.js';
import type {
  CodeContributor,
  CodeRelease,
  CodeReleaseAsset,
  CodeRepositoryContributors,
  CodeRepositoryReleases,
  CodeSimpleUser,
  CodeUserFollowers,
  UserRepos,
} from './schema.js';
import type { Fields } from '../../graphql/fields.js';
import type { CodeUserObject, CodeUserRecord } from './user.js';
import { user } from './user.js';

/** Declares code's GraphQL types and root fields on the builder (called once, by the schema index: src/graphql/schema.ts). */
export function codeGraphql(): void {
  const PopularRepositoryRef = builder.objectRef<PopularRepository>('CodePopularRepository').implement({
    fields: (t) => ({
      owner: t.exposeString('owner'),
      repo: t.exposeString('repo'),
      fullName: t.exposeString('full_name'),
      url: t.exposeString('url'),
      name: t.exposeString('name'),
      description: t.exposeString('description'),
    }),
  });

  const TrendingDeveloperRef = builder.objectRef<TrendingDeveloper>('CodeTrendingDeveloper').implement({
    fields: (t) => ({
      rank: t.exposeInt('rank'),
      username: t.exposeString('username'),
      name: t.exposeString('name'),
      url: t.exposeString('url'),
      avatarUrl: t.exposeString('avatar_url'),
      popularRepository: t.expose('popular_repository', { type: PopularRepositoryRef }),
    }),
  });

  const TrendingDevelopersRef = builder.objectRef<TrendingDevelopers>('CodeTrendingDevelopers').implement({
    fields: (t) => ({
      since: t.exposeString('since'),
      language: t.exposeString('language'),
      developers: t.expose('developers', { type: [TrendingDeveloperRef], nullable: false }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  const OwnerRef = builder.objectRef<RepositoryOwner>('CodeRepositoryOwner').implement({
    fields: (t) => ({
      id: t.exposeFloat('id'),
      login: t.exposeString('login'),
      avatarUrl: t.exposeString('avatar_url'),
      url: t.exposeString('url'),
      type: t.exposeString('type'),
    }),
  });

  const LicenseRef = builder.objectRef<RepositoryLicense>('CodeRepositoryLicense').implement({
    fields: (t) => ({
      key: t.exposeString('key'),
      name: t.exposeString('name'),
      spdxId: t.exposeString('spdx_id'),
    }),
  });

  const RepositoryRef = builder.objectRef<Repository>('CodeRepository').implement({
    fields: (t) => ({
      id: t.exposeFloat('id', { description: 'Numeric repository id' }),
      nodeId: t.exposeString('node_id'),
      name: t.exposeString('name'),
      fullName: t.exposeString('full_name'),
      owner: t.expose('owner', { type: OwnerRef }),
      private: t.exposeBoolean('private'),
      url: t.exposeString('url'),
      description: t.exposeString('description'),
      fork: t.exposeBoolean('fork'),
      homepage: t.exposeString('homepage'),
      language: t.exposeString('language'),
      forksCount: t.exposeInt('forks_count'),
      starsCount: t.exposeInt('stars_count'),
      watchersCount: t.exposeInt('watchers_count'),
      size: t.exposeInt('size'),
      defaultBranch: t.exposeString('default_branch'),
      openIssuesCount: t.exposeInt('open_issues_count'),
      topics: t.exposeStringList('topics', { nullable: false }),
      license: t.expose('license', { type: LicenseRef }),
      archived: t.exposeBoolean('archived'),
      disabled: t.exposeBoolean('disabled'),
      visibility: t.exposeString('visibility'),
      pushedAt: t.exposeString('pushed_at'),
      createdAt: t.exposeString('created_at'),
      updatedAt: t.exposeString('updated_at'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });

  operationField(trendingDevelopers, TrendingDevelopersRef);
  operationField(repository, RepositoryRef);

  const UserReposRef = builder.objectRef<UserRepos>('CodeUserRepos').implement({
    description: "One page of a code-platform account's public repositories",
    fields: (t) => ({
      repositories: t.expose('repositories', { type: [RepositoryRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(userRepos, UserReposRef);

  const SocialAccountRef = builder.objectRef<NonNullable<CodeUserRecord['social_accounts']>[number]>('CodeSocialAccount').implement({
    fields: (t) => ({
      provider: t.exposeString('provider', { description: 'twitter, instagram, youtube, linkedin, mastodon… or generic' }),
      url: t.exposeString('url', { nullable: false }),
    }),
  });

  const UserObjectRef = builder.objectRef<CodeUserObject>('CodeUserObject').implement({
    description: "GitHub's user object (its further members are in `json`)",
    fields: (t) => ({
      login: t.exposeString('login', { nullable: false }),
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric account id' }),
      nodeId: t.exposeString('node_id'),
      type: t.exposeString('type', { description: 'User or Organization' }),
      name: t.exposeString('name'),
      company: t.exposeString('company'),
      blog: t.exposeString('blog', { description: 'The website field, as written ("" when none)' }),
      location: t.exposeString('location'),
      email: t.exposeString('email', { description: 'Public e-mail (only when made public)' }),
      hireable: t.exposeBoolean('hireable'),
      bio: t.exposeString('bio'),
      twitterUsername: t.exposeString('twitter_username'),
      publicRepos: t.exposeInt('public_repos'),
      publicGists: t.exposeInt('public_gists'),
      followers: t.exposeInt('followers'),
      following: t.exposeInt('following'),
      avatarUrl: t.exposeString('avatar_url'),
      htmlUrl: t.exposeString('html_url'),
      createdAt: t.exposeString('created_at'),
      updatedAt: t.exposeString('updated_at'),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (u) => u }),
    }),
  });

  const UserRef = builder.objectRef<CodeUserRecord>('CodeUser').implement({
    fields: (t) => ({
      user: t.expose('user', { type: UserObjectRef, nullable: false }),
      socialAccounts: t.expose('social_accounts', {
        type: [SocialAccountRef],
        nullable: true,
        description: "The profile's social accounts; null when that request failed",
      }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(user, UserRef);

  releasesGraphql(peopleGraphql());
}

/** A simple user's fields (a follower, a contributor): declared once, spread by both types. */
function simpleUserFields(t: Fields<CodeSimpleUser>) {
  return {
    login: t.exposeString('login', { nullable: false }),
    id: t.exposeFloat('id', { nullable: false, description: 'Numeric account id' }),
    nodeId: t.exposeString('node_id'),
    type: t.exposeString('type', { description: 'User, Organization or Bot' }),
    siteAdmin: t.exposeBoolean('site_admin'),
    avatarUrl: t.exposeString('avatar_url'),
    htmlUrl: t.exposeString('html_url'),
    json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (u) => u }),
  };
}

/** codeUserFollowers and codeRepositoryContributors (people.ts); returns the simple user type (a release's author too). */
function peopleGraphql() {
  const SimpleUserRef = builder.objectRef<CodeSimpleUser>('CodeSimpleUser').implement({
    description: "GitHub's simple user object (its further members are in `json`)",
    fields: (t) => simpleUserFields(t),
  });
  const ContributorRef = builder.objectRef<CodeContributor>('CodeContributor').implement({
    description: 'A simple user with its contributions to the repository (further members in `json`)',
    fields: (t) => ({
      ...simpleUserFields(t),
      contributions: t.exposeInt('contributions', { description: "The account's commits to the default branch, as GitHub counts them" }),
    }),
  });

  const FollowersRef = builder.objectRef<CodeUserFollowers>('CodeUserFollowers').implement({
    description: "One page of a code-platform account's followers",
    fields: (t) => ({
      followers: t.expose('followers', { type: [SimpleUserRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(userFollowers, FollowersRef);

  const ContributorsRef = builder.objectRef<CodeRepositoryContributors>('CodeRepositoryContributors').implement({
    description: "One page of a public repository's contributors",
    fields: (t) => ({
      contributors: t.expose('contributors', { type: [ContributorRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(repositoryContributors, ContributorsRef);
  return SimpleUserRef;
}

/** codeRepositoryReleases (releases.ts): GitHub's names, camel-cased. */
function releasesGraphql(SimpleUserRef: ReturnType<typeof peopleGraphql>): void {
  const AssetRef = builder.objectRef<CodeReleaseAsset>('CodeReleaseAsset').implement({
    description: 'A file attached to a release',
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric asset id' }),
      name: t.exposeString('name', { description: 'The file name' }),
      contentType: t.exposeString('content_type'),
      size: t.exposeFloat('size', { description: 'Bytes' }),
      downloadCount: t.exposeInt('download_count'),
      createdAt: t.exposeString('created_at'),
      updatedAt: t.exposeString('updated_at'),
      browserDownloadUrl: t.exposeString('browser_download_url'),
    }),
  });

  const ReleaseRef = builder.objectRef<CodeRelease>('CodeRelease').implement({
    description: "A repository's release, in GitHub's names",
    fields: (t) => ({
      id: t.exposeFloat('id', { nullable: false, description: 'Numeric release id' }),
      nodeId: t.exposeString('node_id'),
      tagName: t.exposeString('tag_name', { description: 'The git tag the release is of' }),
      name: t.exposeString('name', { description: 'The release title; null when it has none' }),
      body: t.exposeString('body', { description: 'The release notes, as written (markdown)' }),
      draft: t.exposeBoolean('draft', { description: 'Always false: drafts are not public and are never served' }),
      prerelease: t.exposeBoolean('prerelease'),
      createdAt: t.exposeString('created_at'),
      publishedAt: t.exposeString('published_at'),
      htmlUrl: t.exposeString('html_url', { nullable: false }),
      author: t.expose('author', { type: SimpleUserRef, nullable: true }),
      assets: t.expose('assets', { type: [AssetRef], nullable: false }),
      tarballUrl: t.exposeString('tarball_url'),
      zipballUrl: t.exposeString('zipball_url'),
      targetCommitish: t.exposeString('target_commitish', { description: 'The branch or commit the tag was made from' }),
    }),
  });

  const ReleasesRef = builder.objectRef<CodeRepositoryReleases>('CodeRepositoryReleases').implement({
    description: "One page of a public repository's published releases",
    fields: (t) => ({
      releases: t.expose('releases', { type: [ReleaseRef], nullable: false }),
      cursor: t.exposeString('cursor', { description: 'Pass as `cursor` for the next page; null at the end' }),
      json: t.field({ type: 'JSON', description: WIRE_FIELD_DESCRIPTION, resolve: (r) => r }),
    }),
  });
  operationField(repositoryReleases, ReleasesRef);
}
