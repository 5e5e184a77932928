/**
 * `codeUserFollowers` and `codeRepositoryContributors` (people.ts): the list parsers, our cursors,
 * the identity rule (the answered URL) and each answer's classification, through the real upstream
 * client against the replay server (walls.ts applied).
 *
 * No capture of either list exists in ../shared/fixtures/code. A repository's `owner` is GitHub's
 * simple user object, the very item of both lists: the two repository captures are read in place
 * and their owners put in a JSON array to make a list answer (with an invented `contributions` for
 * the contributors), and the SOURCES.md facts about the owners are asserted on the items. Every
 * other answer is our own (samples.ts; invented names and numbers).
 */
import { describe, expect, it } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure } from '../../../test/support/replay-upstream.js';
import { useGithubApi } from '../../../test/support/github-api.js';
import { captureWarnings } from '../../parse/index.js';
import { json } from '../../demo/answer.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import { encodeReposCursor } from './fetch.js';
import {
  decodeContributorsCursor,
  decodeFollowersCursor,
  fetchRepositoryContributors,
  fetchUserFollowers,
  parseContributors,
  parseFollowers,
  repositoryContributors,
  userFollowers,
} from './people.js';
import { blockedRepositoryBody, listLink, simpleUser } from './samples.js';
import { CodeRepositoryContributors, CodeUserFollowers } from './schema.js';

const LABEL = 'code';
const PYGITHUB = 'repo-pygithub-pygithub.json';
const OCTOKIT = 'repo-octokit-fixture-org-hello-world.json';
const HOST = 'api.github.com';

const gh = useGithubApi();

const serve = gh.serve;
const warned = (ws: { platform: string; field: string }[]) => ws.map((w) => `${w.platform}:${w.field}`);
const followersOf = (handle: string, page = 1) => fetchUserFollowers(gh.t.ctx, { handle, page });
const contributorsOf = (owner: string, repo: string, page = 1) => fetchRepositoryContributors(gh.t.ctx, { owner, repo, page });

// ---------------------------------------------------------------------------------------------
// Real captures: the repositories' owners as list items
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`the captured repository owners as list items (${skipReason(LABEL)})`, () => {
  const owners = () => [PYGITHUB, OCTOKIT].map((f) => (JSON.parse(readFixture(LABEL, f)) as { owner: Record<string, unknown> }).owner);

  it('followers: each owner is a simple user, its SOURCES.md facts kept, every other member passed through; no warning', () => {
    const { result, warnings } = captureWarnings(() => parseFollowers(owners()));
    expect(warnings).toEqual([]);
    const [py, octo] = result;
    expect(py).toMatchObject({ login: 'PyGithub', type: 'Organization', site_admin: false, html_url: 'https://github.com/PyGithub' });
    expect(octo).toMatchObject({ login: 'octokit-fixture-org', type: 'Organization', html_url: 'https://github.com/octokit-fixture-org' });
    // The captured members beyond the listed ones, unchanged (user_view_type only in the 2025 capture).
    expect(py).toMatchObject({ gravatar_id: '', user_view_type: 'public', repos_url: 'https://api.github.com/users/PyGithub/repos' });
    expect(octo).not.toHaveProperty('user_view_type');
    expect(result).toEqual(owners().map((o) => expect.objectContaining(o)));
    expect(CodeUserFollowers.safeParse({ followers: result, cursor: null }).success).toBe(true);
  });

  it('contributors: the owners with contributions, served as /repos/PyGithub/PyGithub/contributors', async () => {
    const list = owners().map((o, i) => ({ ...o, contributions: 40 - i }));
    serve('/repos/PyGithub/PyGithub/contributors', json(list));
    const page = await contributorsOf('PyGithub', 'PyGithub');
    expect(CodeRepositoryContributors.safeParse(page).success).toBe(true);
    expect(page.cursor).toBeNull();
    expect(page.contributors.map((c) => [c.login, c.type, c.contributions])).toEqual([
      ['PyGithub', 'Organization', 40],
      ['octokit-fixture-org', 'Organization', 39],
    ]);
    expect(gh.seen).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Our own answers
// ---------------------------------------------------------------------------------------------

describe('parseFollowers / parseContributors (our own answers)', () => {
  it('a member missing from one item degrades that member of that item (null plus a warning); explicit nulls are data', () => {
    const { result, warnings } = captureWarnings(() =>
      parseFollowers([simpleUser('ana', 1, { avatar_url: undefined, site_admin: undefined }), simpleUser('bo', 2, { node_id: null })]),
    );
    expect(result[0]).toMatchObject({ login: 'ana', avatar_url: null, site_admin: null, type: 'User' });
    expect(result[1]).toMatchObject({ login: 'bo', node_id: null, avatar_url: 'https://avatars.example.com/u/2?v=4' });
    expect(warned(warnings).sort()).toEqual(['code:user.followers.avatar_url', 'code:user.followers.site_admin']);
    expect(CodeUserFollowers.safeParse({ followers: result, cursor: null }).success).toBe(true);
  });

  it('a contributor without contributions is null plus repository.contributors.contributions', () => {
    const { result, warnings } = captureWarnings(() => parseContributors([simpleUser('ana', 1)]));
    expect(result).toEqual([expect.objectContaining({ login: 'ana', contributions: null })]);
    expect(warned(warnings)).toEqual(['code:repository.contributors.contributions']);
  });

  it('an item without login or id (an anonymous entry), or not an object, is left out and warned; the others stay', () => {
    const anonymous = { email: 'someone@example.com', name: 'Someone', type: 'Anonymous', contributions: 3 };
    const { result, warnings } = captureWarnings(() =>
      parseContributors([
        { ...simpleUser('ana', 1), contributions: 9 },
        anonymous,
        'x',
        { ...simpleUser('bo', 2, { id: undefined }), contributions: 1 },
      ]),
    );
    expect(result.map((c) => c.login)).toEqual(['ana']);
    expect(warned(warnings)).toEqual(['code:repository.contributors', 'code:repository.contributors', 'code:repository.contributors']);
  });

  it('an answer that is not an array is UPSTREAM_FAILED; an empty array is an empty list', () => {
    expect(() => parseFollowers({ message: 'Not Found' })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
    expect(() => parseContributors({})).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
    expect(parseFollowers([])).toEqual([]);
  });
});

describe('arguments and cursors', () => {
  const fc = (h: string, p = 2) => encodeCursor({ k: 'followers', h, p });
  const cc = (r: string, p = 2) => encodeCursor({ k: 'contributors', r, p });

  it('followers: login case-folded into one cache key, no cursor is page 1, our cursor names its page', () => {
    expect(validateArgs(userFollowers, { handle: '@Mara-Q' })).toMatchObject({
      ok: true,
      args: { handle: 'mara-q', page: 1 },
      cacheKey: 'codeUserFollowers:["mara-q",1]',
    });
    expect(validateArgs(userFollowers, { handle: 'MARA-Q', cursor: fc('mara-q', 4) })).toMatchObject({ ok: true, args: { page: 4 } });
  });

  it('contributors: owner/repo case-folded into one cache key (.git too), our cursor names its page', () => {
    expect(validateArgs(repositoryContributors, { url: 'https://github.com/Octo/Kit.git' })).toMatchObject({
      ok: true,
      args: { owner: 'Octo', repo: 'Kit', page: 1 },
      cacheKey: 'codeRepositoryContributors:["octo/kit",1]',
    });
    expect(validateArgs(repositoryContributors, { url: 'https://github.com/octo/kit', cursor: cc('octo/kit', 3) })).toMatchObject({
      ok: true,
      args: { page: 3 },
    });
  });

  it.each([
    [userFollowers, { handle: 'https://github.com/mara-q' }, 'handle', /login/],
    [userFollowers, { handle: 'mara-q', cursor: '2' }, 'cursor', /previous response/],
    [userFollowers, { handle: 'mara-q', cursor: fc('mara-q', 1) }, 'cursor', /previous response/],
    [userFollowers, { handle: 'mara-q', cursor: fc('someone') }, 'cursor', /another list/],
    // Another operation's cursor for the same login is not a followers cursor.
    [userFollowers, { handle: 'mara-q', cursor: encodeReposCursor({ handle: 'mara-q', sort: 'updated', page: 2 }) }, 'cursor', /previous/],
    [repositoryContributors, { url: 'https://gitlab.com/octo/kit' }, 'url', /github\.com repository/],
    [repositoryContributors, { url: 'https://github.com/octo/kit', cursor: cc('octo/other') }, 'cursor', /another list/],
    [repositoryContributors, { url: 'https://github.com/octo/kit', cursor: cc('Octo/Kit') }, 'cursor', /previous response/],
    [repositoryContributors, { url: 'https://github.com/octo/kit', cursor: cc('octo/kit.git') }, 'cursor', /previous response/],
    [repositoryContributors, { url: 'https://github.com/octo/kit', cursor: fc('octo') }, 'cursor', /previous response/],
  ] as const)('%#: %j is refused naming %s', (op, raw, param, message) => {
    const r = validateArgs(op as typeof userFollowers, raw as Record<string, unknown>);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([{ param, message: expect.stringMatching(message) }]);
  });
});

describe('fetchUserFollowers (through the upstream client)', () => {
  it('sends per_page=100 and page with the API headers; reads the next page off the Link header into our cursor', async () => {
    serve('/users/mara-q/followers', (page) =>
      page === '1'
        ? json([simpleUser('ana', 1)], 200, { link: listLink('/user/7700001/followers', 1, 2) })
        : json([simpleUser('bo', 2)], 200, { link: listLink('/user/7700001/followers', 2, 2) }),
    );
    const first = await followersOf('mara-q');
    expect(first.followers.map((f) => f.login)).toEqual(['ana']);
    expect(decodeFollowersCursor(first.cursor!)).toEqual({ handle: 'mara-q', page: 2 });
    const [hit] = gh.t.replay.hits({ host: HOST });
    expect(hit.upstreamUrl).toBe(`https://${HOST}/users/mara-q/followers?per_page=100&page=1`);
    expect(hit.headers).toMatchObject({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
    expect(hit.query.has('anon')).toBe(false);

    const v = validateArgs(userFollowers, { handle: 'Mara-Q', cursor: first.cursor });
    const second = await fetchUserFollowers(gh.t.ctx, v.ok ? v.args : { handle: 'x', page: 1 });
    expect(second).toMatchObject({ followers: [{ login: 'bo' }], cursor: null });
    expect(gh.seen).toEqual([]);
  });

  it('a page holding more than the 100 asked for (8,000 followers, ~8 MB) is UPSTREAM_FAILED, not a record of them all; 100 is a page', async () => {
    const many = (n: number) => json(Array.from({ length: n }, (_, i) => simpleUser(`fan-${i}`, i + 1)));
    serve('/users/mara-q/followers', many(101));
    const e = await failure(followersOf('mara-q'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/101 items to a page of 100/);
    serve('/users/mara-q/followers', many(100));
    expect((await followersOf('mara-q')).followers).toHaveLength(100);
  });

  it('an answer from another list (a redirect to another account’s followers) is UPSTREAM_FAILED', async () => {
    serve('/users/mara-q/followers', {
      status: 301,
      headers: { location: `https://${HOST}/users/someone-else/followers?per_page=100&page=1` },
    });
    serve('/users/someone-else/followers', json([simpleUser('ana', 1)]));
    const e = await failure(followersOf('mara-q'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/someone-else/);
  });

  it.each([
    ['an unknown login (404)', json({ message: 'Not Found' }, 404), 'NOT_FOUND'],
    ['the exhausted quota', json({ message: 'API rate limit exceeded' }, 403, { 'x-ratelimit-remaining': '0' }), 'UPSTREAM_BLOCKED'],
    ['a 500', json({ message: 'Server Error' }, 500), 'UPSTREAM_FAILED'],
    ['an answer that is not JSON', { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>oops</html>' }, 'UPSTREAM_FAILED'],
  ])('%s → %s', async (_name, answer, code) => {
    serve('/users/mara-q/followers', answer);
    expect((await failure(followersOf('mara-q'))).code).toBe(code);
  });
});

describe('fetchRepositoryContributors (through the upstream client)', () => {
  it('sends per_page=100 and page, never anon; pages by the Link header', async () => {
    serve(
      '/repos/octo/kit/contributors',
      json([{ ...simpleUser('ana', 1), contributions: 9 }], 200, { link: listLink('/repositories/55/contributors', 1, 3) }),
    );
    const page = await contributorsOf('octo', 'kit');
    expect(page.contributors).toEqual([expect.objectContaining({ login: 'ana', contributions: 9 })]);
    expect(decodeContributorsCursor(page.cursor!)).toEqual({ repo: 'octo/kit', page: 2 });
    const [hit] = gh.t.replay.hits({ host: HOST });
    expect(hit.upstreamUrl).toBe(`https://${HOST}/repos/octo/kit/contributors?per_page=100&page=1`);
  });

  it('204 No Content (an empty repository) is an empty list', async () => {
    serve('/repos/octo/empty/contributors', { status: 204, headers: {} });
    expect(await contributorsOf('octo', 'empty')).toEqual({ contributors: [], cursor: null });
  });

  it('GitHub’s 403 "too large to list contributors" is UPSTREAM_FAILED saying so, not a wall', async () => {
    serve(
      '/repos/octo/huge/contributors',
      json(
        {
          message: 'The history or contributor list is too large to list contributors for this repository via the API.',
          documentation_url: 'https://docs.github.com/rest/repos/repos#list-repository-contributors',
          status: '403',
        },
        403,
        { 'x-ratelimit-remaining': '4999' },
      ),
    );
    const e = await failure(contributorsOf('octo', 'huge'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/octo\/huge.*too large/);
  });

  it('a renamed repository (GitHub’s redirect to /repositories/<id>/contributors) is answered; a redirect to another repository is not', async () => {
    serve('/repos/octo/old-name/contributors', {
      status: 301,
      headers: { location: `https://${HOST}/repositories/55/contributors?per_page=100&page=1` },
    });
    serve('/repositories/55/contributors', json([{ ...simpleUser('ana', 1), contributions: 2 }]));
    expect((await contributorsOf('octo', 'old-name')).contributors.map((c) => c.login)).toEqual(['ana']);

    serve('/repos/octo/kit/contributors', { status: 301, headers: { location: `https://${HOST}/repos/other/kit/contributors` } });
    serve('/repos/other/kit/contributors', json([{ ...simpleUser('ana', 1), contributions: 2 }]));
    const e = await failure(contributorsOf('octo', 'kit'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/other\/kit/);
  });

  it.each([
    ['a missing or private repository (404)', json({ message: 'Not Found' }, 404), 'NOT_FOUND'],
    [
      'the secondary rate limit',
      json(
        {
          message: 'secondary',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
        },
        403,
      ),
      'UPSTREAM_BLOCKED',
    ],
    ['an object instead of the list', json({ message: 'Moved' }), 'UPSTREAM_FAILED'],
    ['a repository taken down (451, "Repository access blocked")', json(blockedRepositoryBody('dmca'), 451), 'NOT_FOUND'],
    ['a repository disabled by GitHub (403 with a block)', json(blockedRepositoryBody('tos'), 403), 'NOT_FOUND'],
  ])('%s → %s', async (_name, answer, code) => {
    serve('/repos/octo/kit/contributors', answer);
    expect((await failure(contributorsOf('octo', 'kit'))).code).toBe(code);
  });
});
