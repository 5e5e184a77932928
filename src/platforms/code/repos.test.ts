/**
 * `codeUserRepos` (GET /v1/code/user/repos): the list parser, the Link header's next page, our
 * cursor, the identity rule and each answer's classification, through the real upstream client
 * against the replay server (walls.ts applied).
 *
 * No capture of `GET /users/<login>/repos` exists in ../shared/fixtures/code. The two captures of
 * a single repository (`GET /repos/<owner>/<repo>`) are the same object GitHub lists (plus a few
 * members the list leaves out, which this record does not hold): they are read in place and
 * wrapped in a JSON array here to make a list answer, and the SOURCES.md facts are asserted on the
 * items. Every other answer is our own (samples.ts; invented names and numbers).
 */
import { describe, expect, it } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure, startReplayContext } from '../../../test/support/replay-upstream.js';
import { useGithubApi } from '../../../test/support/github-api.js';
import { captureWarnings } from '../../parse/index.js';
import { json } from '../../demo/answer.js';
import type { RecordedResponse } from '../../replay/server.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import type { UserReposArgs } from './fetch.js';
import { decodeReposCursor, fetchRepository, fetchUserRepos } from './fetch.js';
import { nextPageOf, parseRepository, parseRepositoryList } from './parse.js';
import { userRepos } from './platform.js';
import { blockedRepositoryBody, repoListItem, reposLink } from './samples.js';
import { UserRepos } from './schema.js';
import { walls } from './walls.js';

const LABEL = 'code';
const PYGITHUB = 'repo-pygithub-pygithub.json';
const OCTOKIT = 'repo-octokit-fixture-org-hello-world.json';
const HOST = 'api.github.com';

const gh = useGithubApi();

const serve = (login: string, answer: RecordedResponse | ((page: string | null) => RecordedResponse)) =>
  gh.t.replay.add({
    host: HOST,
    path: `/users/${login}/repos`,
    response: (req) => (typeof answer === 'function' ? answer(req.query.get('page')) : answer),
  });
const args = (handle: string, over: Partial<UserReposArgs> = {}): UserReposArgs => ({
  handle,
  sort: 'updated',
  page: 1,
  ...over,
});
const warned = (ws: { platform: string; field: string }[]) => ws.map((w) => `${w.platform}:${w.field}`);

// ---------------------------------------------------------------------------------------------
// Real captures (single-repository answers wrapped in an array)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`the repository captures as list items (${skipReason(LABEL)})`, () => {
  /** The two captures, read in place, wrapped in a JSON array: a list answer as GitHub sends one. */
  const listOfCaptures = () => `[${readFixture(LABEL, PYGITHUB)},${readFixture(LABEL, OCTOKIT)}]`;

  it('each item is the repository record of its capture, by the same parser, with the SOURCES.md facts; no warning', () => {
    const { result, warnings } = captureWarnings(() => parseRepositoryList(JSON.parse(listOfCaptures())));
    expect(warnings).toEqual([]);
    expect(result).toHaveLength(2);
    const [py, hello] = result;
    expect(py).toEqual(parseRepository(JSON.parse(readFixture(LABEL, PYGITHUB))).repository);
    expect(hello).toEqual(parseRepository(JSON.parse(readFixture(LABEL, OCTOKIT))).repository);

    // repo-pygithub-pygithub.json
    expect(py).toMatchObject({ full_name: 'PyGithub/PyGithub', id: 3544490, owner: { login: 'PyGithub', type: 'Organization' } });
    expect(py).toMatchObject({ stars_count: 7122, forks_count: 1793, open_issues_count: 357, watchers_count: 7122 });
    expect(py).toMatchObject({
      description: 'Typed interactions with the GitHub API v3',
      homepage: 'https://pygithub.readthedocs.io/',
      language: 'Python',
    });
    expect(py.license?.spdx_id).toBe('LGPL-3.0');
    expect(py).toMatchObject({ topics: ['github', 'github-api', 'pygithub', 'python'], default_branch: 'main' });
    expect(py).toMatchObject({ created_at: '2012-02-25T12:53:47Z', pushed_at: '2024-12-19T12:01:11Z' });
    // subscribers_count (111) is one of the members the list leaves out: not in the record.
    expect(py).not.toHaveProperty('subscribers_count');

    // repo-octokit-fixture-org-hello-world.json: its nulls are data.
    expect(hello).toMatchObject({
      full_name: 'octokit-fixture-org/hello-world',
      id: 103703892,
      owner: { login: 'octokit-fixture-org', type: 'Organization' },
    });
    expect(hello).toMatchObject({ stars_count: 0, forks_count: 0, open_issues_count: 0 });
    expect(hello).toMatchObject({ description: null, homepage: null, language: null, license: null });
    expect(hello).toMatchObject({ topics: ['fixtures', 'hello', 'hello-world'], default_branch: 'master', visibility: 'public' });
    expect(hello).toMatchObject({ created_at: '2017-09-15T21:43:08Z', pushed_at: '2017-11-03T20:11:46Z' });
  });

  it("served as /users/pygithub/repos: the page of PyGithub's repositories (its owner.login matched case-insensitively)", async () => {
    serve('pygithub', json(`[${readFixture(LABEL, PYGITHUB)}]`));
    const page = await fetchUserRepos(gh.t.ctx, args('pygithub'));
    expect(UserRepos.safeParse(page).success).toBe(true);
    expect(page.cursor).toBeNull();
    expect(page.repositories.map((r) => [r.full_name, r.stars_count, r.license?.spdx_id])).toEqual([
      ['PyGithub/PyGithub', 7122, 'LGPL-3.0'],
    ]);
  });

  it('the list of both served for one of the two owners is refused: another owner is not this account’s data', async () => {
    serve('octokit-fixture-org', json(listOfCaptures()));
    const e = await failure(fetchUserRepos(gh.t.ctx, args('octokit-fixture-org')));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/handle PyGithub, not octokit-fixture-org/);
  });
});

// ---------------------------------------------------------------------------------------------
// Our own answers
// ---------------------------------------------------------------------------------------------

describe('parseRepositoryList (our own list answers)', () => {
  it('a full list item warns nothing: the members the list leaves out are not in the record', () => {
    const item = repoListItem('mara-q', 'tidal', 801);
    expect(item).not.toHaveProperty('subscribers_count');
    const { result, warnings } = captureWarnings(() => parseRepositoryList([item]));
    expect(warnings).toEqual([]);
    expect(result[0]).toMatchObject({
      full_name: 'mara-q/tidal',
      stars_count: 42,
      license: { spdx_id: 'MIT' },
      url: 'https://github.com/mara-q/tidal',
    });
  });

  it('a field missing from one item degrades that field of that item (null plus repository.<field>); explicit nulls are data', () => {
    const items = [
      repoListItem('mara-q', 'a', 1, { stargazers_count: undefined, topics: undefined }),
      repoListItem('mara-q', 'b', 2, { description: null, language: null, license: null, pushed_at: null }),
    ];
    const { result, warnings } = captureWarnings(() => parseRepositoryList(items));
    expect(result[0]).toMatchObject({ stars_count: null, topics: [], forks_count: 3, description: 'a: a sample repository' });
    expect(result[1]).toMatchObject({ description: null, language: null, license: null, pushed_at: null, stars_count: 42 });
    expect(warned(warnings).sort()).toEqual(['code:repository.stargazers_count', 'code:repository.topics']);
    expect(result.every((r) => UserRepos.shape.repositories.element.safeParse(r).success)).toBe(true);
  });

  it('an item without its id or full_name, or not an object, is left out and warned; the others stay', () => {
    const items = [
      repoListItem('mara-q', 'a', 1),
      repoListItem('mara-q', 'b', 2, { id: undefined }),
      'x',
      repoListItem('mara-q', 'c', 3, { full_name: undefined }),
    ];
    const { result, warnings } = captureWarnings(() => parseRepositoryList(items));
    expect(result.map((r) => r.name)).toEqual(['a']);
    expect(warned(warnings)).toEqual(['code:repos.repositories', 'code:repos.repositories', 'code:repos.repositories']);
  });

  it('an answer that is not an array is UPSTREAM_FAILED; an empty array is an empty list', () => {
    expect(() => parseRepositoryList({ message: 'Not Found' })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
    expect(parseRepositoryList([])).toEqual([]);
  });
});

describe('nextPageOf (the Link header)', () => {
  const q = 'per_page=100&sort=updated&type=owner';
  it('the rel="next" page; none on the last page or without a Link header', () => {
    expect(nextPageOf(reposLink(7, q, 1, 3), 1)).toBe(2);
    expect(nextPageOf(reposLink(7, q, 2, 3), 2)).toBe(3);
    expect(nextPageOf(reposLink(7, q, 3, 3), 3)).toBeNull();
    expect(nextPageOf(undefined, 1)).toBeNull();
  });

  it('a rel="next" without a page after this one ends the list with a warning (never a loop)', () => {
    const { result, warnings } = captureWarnings(() => [
      nextPageOf('<https://api.github.com/user/7/repos?per_page=100>; rel="next"', 1),
      nextPageOf('<https://api.github.com/user/7/repos?page=1>; rel="next"', 1),
      nextPageOf('<not a url>; rel="next"', 1),
    ]);
    expect(result).toEqual([null, null, null]);
    expect(warned(warnings)).toEqual(['code:repos.cursor', 'code:repos.cursor', 'code:repos.cursor']);
  });

  it('page 2 asked, answered by a page whose next is page 2 (page 1 again) or 1: UPSTREAM_FAILED, never page 1 served as page 2', () => {
    for (const link of [reposLink(7, q, 1, 3), '<https://api.github.com/user/7/repos?page=1>; rel="next"']) {
      expect(() => nextPageOf(link, 2)).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
      expect(() => nextPageOf(link, 2, 'followers')).toThrow(/page 2 of the followers/);
    }
    expect(nextPageOf(reposLink(7, q, 2, 3), 2)).toBe(3);
  });
});

describe('codeUserRepos arguments', () => {
  const cursor = (h: string, p = 2, s = 'updated') => encodeCursor({ h, s, p });

  it('defaults sort=updated, page 1; logins case-folded into one cache key', () => {
    expect(validateArgs(userRepos, { handle: '@Mara-Q' })).toMatchObject({
      ok: true,
      args: { handle: 'mara-q', sort: 'updated', page: 1 },
      cacheKey: 'codeUserRepos:["mara-q","updated",1]',
    });
    expect(validateArgs(userRepos, { handle: 'mara-q', sort: 'full_name' })).toMatchObject({
      ok: true,
      args: { sort: 'full_name', page: 1 },
    });
  });

  it('a cursor of ours for the same list names its page', () => {
    expect(validateArgs(userRepos, { handle: 'Mara-Q', cursor: cursor('mara-q', 4) })).toMatchObject({ ok: true, args: { page: 4 } });
    expect(validateArgs(userRepos, { handle: 'mara-q', sort: 'pushed', cursor: cursor('mara-q', 2, 'pushed') })).toMatchObject({
      ok: true,
      args: { sort: 'pushed', page: 2 },
    });
  });

  it.each([
    [{ handle: 'https://github.com/mara-q' }, 'handle', /login/],
    [{ handle: 'mara--q' }, 'handle', /login/],
    [{ handle: 'mara-q', sort: 'stars' }, 'sort', /one of updated, pushed, created, full_name/],
    [{ handle: 'mara-q', cursor: '2' }, 'cursor', /previous response/],
    [{ handle: 'mara-q', cursor: cursor('mara-q', 1) }, 'cursor', /previous response/],
    [{ handle: 'mara-q', cursor: cursor('mara-q', 2.5) }, 'cursor', /previous response/],
    [{ handle: 'mara-q', cursor: cursor('someone') }, 'cursor', /another list/],
    [{ handle: 'mara-q', sort: 'created', cursor: cursor('mara-q') }, 'cursor', /another list/],
  ])('%j is refused naming %s', (raw, param, message) => {
    const r = validateArgs(userRepos, raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([{ param, message: expect.stringMatching(message) }]);
  });

  it('decodeReposCursor takes only our own cursors', () => {
    expect(decodeReposCursor(cursor('mara-q', 3))).toEqual({ handle: 'mara-q', sort: 'updated', page: 3 });
    expect(decodeReposCursor(cursor('Mara-Q', 3))).toBeNull(); // not a normalised login: not ours
    expect(decodeReposCursor(encodeCursor({ h: 'mara-q', s: 'updated', p: '3' }))).toBeNull();
    expect(decodeReposCursor('not base64 json')).toBeNull();
  });
});

describe('fetchUserRepos (through the upstream client)', () => {
  it('sends per_page=100, sort, type=owner and page with the API headers; reads the next page off the Link header into our cursor', async () => {
    const query = 'per_page=100&sort=pushed&type=owner';
    serve('mara-q', (page) =>
      page === '1'
        ? json([repoListItem('Mara-Q', 'a', 1)], 200, { link: reposLink(7_700_001, query, 1, 2) })
        : json([repoListItem('Mara-Q', 'b', 2)], 200, { link: reposLink(7_700_001, query, 2, 2) }),
    );
    const first = await fetchUserRepos(gh.t.ctx, args('mara-q', { sort: 'pushed' }));
    expect(first.repositories.map((r) => r.full_name)).toEqual(['Mara-Q/a']);
    expect(decodeReposCursor(first.cursor!)).toEqual({ handle: 'mara-q', sort: 'pushed', page: 2 });
    const [hit] = gh.t.replay.hits({ host: HOST });
    expect(hit.upstreamUrl).toBe(`https://${HOST}/users/mara-q/repos?${query}&page=1`);
    expect(hit.headers).toMatchObject({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
    expect(hit.headers.authorization).toBeUndefined();

    // The cursor, taken back by the operation, is the second page: the last (no next link).
    const v = validateArgs(userRepos, { handle: 'Mara-Q', sort: 'pushed', cursor: first.cursor });
    expect(v.ok).toBe(true);
    const second = await fetchUserRepos(gh.t.ctx, v.ok ? v.args : args('x'));
    expect(second).toMatchObject({ repositories: [{ full_name: 'Mara-Q/b' }], cursor: null });
    expect(gh.t.replay.hits({ host: HOST })[1].query.get('page')).toBe('2');
    expect(gh.seen).toEqual([]);
  });

  it('a user with no public repositories: an empty list, no cursor', async () => {
    serve('quiet-one', json([]));
    expect(await fetchUserRepos(gh.t.ctx, args('quiet-one'))).toEqual({ repositories: [], cursor: null });
  });

  it('a repository of another owner makes the answer another account’s (UPSTREAM_FAILED)', async () => {
    serve('mara-q', json([repoListItem('mara-q', 'a', 1), repoListItem('someone-else', 'b', 2)]));
    const e = await failure(fetchUserRepos(gh.t.ctx, args('mara-q')));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/someone-else/);
  });

  it('only the account’s own repositories are asked (type=owner): a member list would name other owners', async () => {
    serve('mara-q', json([repoListItem('mara-q', 'own', 1)]));
    await fetchUserRepos(gh.t.ctx, args('mara-q'));
    expect(gh.t.replay.hits({ host: HOST })[0].query.get('type')).toBe('owner');
  });

  it('a repository marked private is left out (never public data)', async () => {
    serve(
      'mara-q',
      json([repoListItem('mara-q', 'open', 1), repoListItem('mara-q', 'secret', 2, { private: true, visibility: 'private' })]),
    );
    const page = await fetchUserRepos(gh.t.ctx, args('mara-q'));
    expect(page.repositories.map((r) => r.name)).toEqual(['open']);
  });

  it('GITHUB_TOKEN is sent when set', async () => {
    const authed = await startReplayContext({ walls: { [LABEL]: walls }, config: { githubToken: 'ghp_testtoken' } });
    try {
      authed.replay.add({ host: HOST, path: '/users/mara-q/repos', response: json([]) });
      await fetchUserRepos(authed.ctx, args('mara-q'));
      expect(authed.replay.hits({ host: HOST })[0].headers.authorization).toBe('Bearer ghp_testtoken');
    } finally {
      await authed.close();
    }
  });

  it.each([
    ['an unknown login (404)', json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 404), 'NOT_FOUND'],
    [
      'the exhausted quota (403, x-ratelimit-remaining: 0)',
      json({ message: 'API rate limit exceeded' }, 403, { 'x-ratelimit-remaining': '0' }),
      'UPSTREAM_BLOCKED',
    ],
    [
      'the secondary rate limit (403 naming its docs)',
      json(
        {
          message: 'You have exceeded a secondary rate limit',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
        },
        403,
      ),
      'UPSTREAM_BLOCKED',
    ],
    ['a 500', json({ message: 'Server Error' }, 500), 'UPSTREAM_FAILED'],
    ['an answer that is not JSON', { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>oops</html>' }, 'UPSTREAM_FAILED'],
    ['an object instead of the list', json({ message: 'Moved' }), 'UPSTREAM_FAILED'],
  ])('%s → %s', async (_name, answer, code) => {
    serve('mara-q', answer);
    expect((await failure(fetchUserRepos(gh.t.ctx, args('mara-q')))).code).toBe(code);
  });
});

describe('fetchRepository (through the upstream client)', () => {
  const repoOf = (owner: string, repo: string) => fetchRepository(gh.t.ctx, { owner, repo });

  it('a repository GitHub blocked (451 after a takedown, 403 with a block) is NOT_FOUND saying so, not a failure or a wall', async () => {
    gh.serve('/repos/octo/taken', json(blockedRepositoryBody('dmca'), 451));
    const taken = await failure(repoOf('octo', 'taken'));
    expect(taken.code).toBe('NOT_FOUND');
    expect(taken.message).toMatch(/octo\/taken is unavailable.*\(dmca\)/);
    gh.serve('/repos/octo/disabled', json(blockedRepositoryBody('tos'), 403));
    expect((await failure(repoOf('octo', 'disabled'))).code).toBe('NOT_FOUND');
  });

  // Our own answers: a 451 that is not GitHub's statement — a national filter's HTML page in the
  // gateway's network, an empty 451 of a proxy, GitHub-like JSON without `block`.
  it.each([
    [
      'a filter page',
      {
        status: 451,
        headers: { 'content-type': 'text/html' },
        body: '<!doctype html><html lang="tr"><head><title>Erişim engellendi</title></head><body><h1>451</h1><p>Bu siteye erişim mahkeme kararıyla engellenmiştir.</p></body></html>',
      },
    ],
    ['an empty body', { status: 451, headers: {}, body: '' }],
    ['JSON without a block', json({ message: 'Unavailable For Legal Reasons' }, 451)],
  ])("a 451 without GitHub's block object (%s) refuses this request: UPSTREAM_BLOCKED, never NOT_FOUND", async (_n, answer) => {
    gh.serve('/repos/octo/filtered', answer as never);
    expect((await failure(repoOf('octo', 'filtered'))).code).toBe('UPSTREAM_BLOCKED');
  });

  it('other answers keep their errors: the rate limit is a wall, a 403 without a block is refused, a 404 missing', async () => {
    gh.serve('/repos/octo/kit', json({ message: 'API rate limit exceeded' }, 403, { 'x-ratelimit-remaining': '0' }));
    expect((await failure(repoOf('octo', 'kit'))).code).toBe('UPSTREAM_BLOCKED');
    gh.serve('/repos/octo/other', json({ message: 'Forbidden' }, 403));
    expect((await failure(repoOf('octo', 'other'))).code).toBe('UPSTREAM_BLOCKED');
    gh.serve('/repos/octo/gone', json({ message: 'Not Found' }, 404));
    expect((await failure(repoOf('octo', 'gone'))).code).toBe('NOT_FOUND');
    gh.serve('/repos/octo/fine', json(repoListItem('octo', 'fine', 5)));
    expect((await repoOf('octo', 'fine')).full_name).toBe('octo/fine');
  });
});
