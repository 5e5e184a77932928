/**
 * `codeRepositoryReleases` (releases.ts): the release parser, our cursor, the identity rule (each
 * release's html_url, and the answered URL) and each answer's classification, through the real
 * upstream client against the replay server (walls.ts applied).
 *
 * No capture of a release list exists in ../shared/fixtures/code. A release's `author` is GitHub's
 * simple user, as a repository's `owner` is: the two repository captures are read in place and
 * their owners made the authors of our written releases, and the SOURCES.md facts about the owners
 * are asserted on the authors. Every release is our own (samples.ts `releaseItem`: GitHub's
 * documented shape, invented names and numbers).
 */
import { describe, expect, it } from 'vitest';
import { hasFixtures, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { failure } from '../../../test/support/replay-upstream.js';
import { useGithubApi } from '../../../test/support/github-api.js';
import { captureWarnings } from '../../parse/index.js';
import { json } from '../../demo/answer.js';
import { encodeCursor } from '../cursor.js';
import { validateArgs } from '../operation.js';
import {
  assertReleasesOf,
  decodeReleasesCursor,
  fetchRepositoryReleases,
  parseReleases,
  releaseRepository,
  repositoryReleases,
} from './releases.js';
import { blockedRepositoryBody, listLink, releaseItem, simpleUser } from './samples.js';
import { CodeRepositoryReleases } from './schema.js';

const LABEL = 'code';
const PYGITHUB = 'repo-pygithub-pygithub.json';
const OCTOKIT = 'repo-octokit-fixture-org-hello-world.json';
const HOST = 'api.github.com';

const gh = useGithubApi();

const serve = gh.serve;
const warned = (ws: { platform: string; field: string }[]) => ws.map((w) => `${w.platform}:${w.field}`);
const releasesOf = (owner: string, repo: string, page = 1) => fetchRepositoryReleases(gh.t.ctx, { owner, repo, page });

// ---------------------------------------------------------------------------------------------
// Real captures: the repositories' owners as release authors
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`the captured repository owners as release authors (${skipReason(LABEL)})`, () => {
  const capture = (f: string) => JSON.parse(readFixture(LABEL, f)) as { full_name: string; owner: Record<string, unknown> };

  it('each owner read as the author of a release of its own repository: SOURCES.md facts kept, other members passed through', async () => {
    const py = capture(PYGITHUB);
    expect(py.full_name).toBe('PyGithub/PyGithub');
    serve('/repos/PyGithub/PyGithub/releases', json([releaseItem('PyGithub', 'PyGithub', 'v2.5.0', 101, { author: py.owner })]));
    const page = await releasesOf('PyGithub', 'PyGithub');
    expect(CodeRepositoryReleases.safeParse(page).success).toBe(true);
    const author = page.releases[0]!.author!;
    expect(author).toMatchObject({ login: 'PyGithub', type: 'Organization', site_admin: false, html_url: 'https://github.com/PyGithub' });
    expect(author).toEqual(expect.objectContaining(py.owner));
    expect(author).toMatchObject({ gravatar_id: '', user_view_type: 'public' });
    expect(gh.seen).toEqual([]);
  });

  it('the 2022 capture’s owner (no user_view_type) is an author too, without a warning', () => {
    const octo = capture(OCTOKIT);
    expect(octo.full_name).toBe('octokit-fixture-org/hello-world');
    const { result, warnings } = captureWarnings(() =>
      parseReleases([releaseItem('octokit-fixture-org', 'hello-world', 'v1.0.0', 7, { author: octo.owner })]),
    );
    expect(warnings).toEqual([]);
    expect(result[0]!.author).toMatchObject({ login: 'octokit-fixture-org', type: 'Organization' });
    expect(result[0]!.author).not.toHaveProperty('user_view_type');
  });
});

// ---------------------------------------------------------------------------------------------
// Our own answers
// ---------------------------------------------------------------------------------------------

describe('parseReleases (our own answers)', () => {
  it('reads GitHub’s names: the listed members, assets, author; no other member of the release or asset', () => {
    const { result, warnings } = captureWarnings(() => parseReleases([releaseItem('octo', 'kit', 'v1.2.0', 500)]));
    expect(warnings).toEqual([]);
    expect(result).toEqual([
      {
        id: 500,
        node_id: 'RE_kwDO00000500',
        tag_name: 'v1.2.0',
        name: 'kit v1.2.0',
        body: "## What's changed\n\n* Sample notes for v1.2.0",
        draft: false,
        prerelease: false,
        created_at: '2026-02-03T04:05:06Z',
        published_at: '2026-02-03T05:06:07Z',
        html_url: 'https://github.com/octo/kit/releases/tag/v1.2.0',
        author: expect.objectContaining({
          login: 'rel-author',
          id: 7_700_002,
          type: 'User',
          url: 'https://api.github.com/users/rel-author',
        }),
        assets: [
          {
            id: 501,
            name: 'kit-v1.2.0.tgz',
            content_type: 'application/gzip',
            size: 48_213,
            download_count: 17,
            created_at: '2026-02-03T05:00:00Z',
            updated_at: '2026-02-03T05:00:01Z',
            browser_download_url: 'https://github.com/octo/kit/releases/download/v1.2.0/kit-v1.2.0.tgz',
          },
        ],
        tarball_url: 'https://api.github.com/repos/octo/kit/tarball/v1.2.0',
        zipball_url: 'https://api.github.com/repos/octo/kit/zipball/v1.2.0',
        target_commitish: 'main',
      },
    ]);
    expect(CodeRepositoryReleases.safeParse({ releases: result, cursor: null }).success).toBe(true);
  });

  it('a member missing degrades that member of that release (null plus a warning); GitHub’s nulls are data', () => {
    const { result, warnings } = captureWarnings(() =>
      parseReleases([
        releaseItem('octo', 'kit', 'v2', 1, { tag_name: undefined, published_at: undefined, assets: undefined }),
        releaseItem('octo', 'kit', 'v1', 2, { name: null, body: null, author: null, tarball_url: null }),
      ]),
    );
    expect(result[0]).toMatchObject({ id: 1, tag_name: null, published_at: null, assets: [], name: 'kit v2' });
    expect(result[1]).toMatchObject({ id: 2, name: null, body: null, author: null, tarball_url: null, tag_name: 'v1' });
    expect(warned(warnings).sort()).toEqual([
      'code:repository.releases.assets',
      'code:repository.releases.published_at',
      'code:repository.releases.tag_name',
    ]);
    expect(CodeRepositoryReleases.safeParse({ releases: result, cursor: null }).success).toBe(true);
  });

  it('an asset member missing is null and warned; an asset without id is left out and warned', () => {
    const base = releaseItem('octo', 'kit', 'v1', 1);
    const [good] = base.assets as Record<string, unknown>[];
    const { result, warnings } = captureWarnings(() =>
      parseReleases([{ ...base, assets: [{ ...good, size: undefined }, { ...good, id: undefined }, 'x'] }]),
    );
    expect(result[0]!.assets).toEqual([expect.objectContaining({ id: 2, size: null, name: 'kit-v1.tgz' })]);
    expect(warned(warnings)).toEqual([
      'code:repository.releases.assets.size',
      'code:repository.releases.assets',
      'code:repository.releases.assets',
    ]);
  });

  it('an author without login or id is null and warned; a missing author member is null and warned', () => {
    const { result, warnings } = captureWarnings(() =>
      parseReleases([
        releaseItem('octo', 'kit', 'v3', 3, { author: { avatar_url: 'https://avatars.example.com/u/1' } }),
        releaseItem('octo', 'kit', 'v2', 2, { author: undefined }),
        releaseItem('octo', 'kit', 'v1', 1, { author: simpleUser('ana', 9, { site_admin: undefined }) }),
      ]),
    );
    expect(result.map((r) => r.author?.login ?? null)).toEqual([null, null, 'ana']);
    expect(result[2]!.author).toMatchObject({ site_admin: null });
    expect(warned(warnings)).toEqual([
      'code:repository.releases.author',
      'code:repository.releases.author',
      'code:repository.releases.author.site_admin',
    ]);
  });

  it('a release without id or html_url, or not an object, is left out and warned; the others stay', () => {
    const { result, warnings } = captureWarnings(() =>
      parseReleases([
        releaseItem('octo', 'kit', 'v3', 3, { id: undefined }),
        releaseItem('octo', 'kit', 'v2', 2, { html_url: undefined }),
        7,
        releaseItem('octo', 'kit', 'v1', 1),
      ]),
    );
    expect(result.map((r) => r.id)).toEqual([1]);
    expect(warned(warnings)).toEqual(['code:repository.releases', 'code:repository.releases', 'code:repository.releases']);
  });

  it('an answer that is not an array is UPSTREAM_FAILED; an empty array is an empty list', () => {
    expect(() => parseReleases({ message: 'Moved Permanently' })).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
    expect(parseReleases([])).toEqual([]);
  });
});

describe('identity: the repository each html_url names', () => {
  it('reads owner/repo (lower-case) from a github.com release URL, else null', () => {
    expect(releaseRepository('https://github.com/Octo/Kit/releases/tag/v1.0')).toBe('octo/kit');
    expect(releaseRepository('https://GitHub.com/octo/kit/releases/v1.0.0')).toBe('octo/kit');
    expect(releaseRepository('https://github.com/octo/kit')).toBeNull();
    expect(releaseRepository('https://github.com/octo/kit/tags/v1')).toBeNull();
    expect(releaseRepository('https://gitlab.com/octo/kit/releases/tag/v1')).toBeNull();
    expect(releaseRepository('not a url')).toBeNull();
  });

  it('every release must be the asked repository’s; after GitHub’s rename redirect, all one repository’s', () => {
    const of = (...urls: string[]) => parseReleases(urls.map((u, i) => releaseItem('x', 'y', `v${i}`, i + 1, { html_url: u })));
    const kit = 'https://github.com/Octo/KIT/releases/tag/v1';
    expect(() => assertReleasesOf(of(kit, 'https://github.com/octo/kit/releases/tag/v0'), 'octo/kit', false)).not.toThrow();
    expect(() => assertReleasesOf(of(kit, 'https://github.com/other/kit/releases/tag/v0'), 'octo/kit', false)).toThrow(
      expect.objectContaining({ code: 'UPSTREAM_FAILED', message: expect.stringMatching(/other\/kit/) }),
    );
    expect(() => assertReleasesOf(of('https://example.com/octo/kit/releases/tag/v1'), 'octo/kit', false)).toThrow(
      expect.objectContaining({ code: 'UPSTREAM_FAILED' }),
    );
    const renamed = 'https://github.com/octo/new-kit/releases/tag/v1';
    expect(() => assertReleasesOf(of(renamed, renamed), 'octo/kit', true)).not.toThrow();
    expect(() => assertReleasesOf(of(renamed, kit), 'octo/kit', true)).toThrow(expect.objectContaining({ code: 'UPSTREAM_FAILED' }));
    expect(() => assertReleasesOf([], 'octo/kit', false)).not.toThrow();
  });
});

describe('arguments and cursor', () => {
  const rc = (r: string, p = 2) => encodeCursor({ k: 'releases', r, p });

  it('owner/repo case-folded into one cache key (.git too), no cursor is page 1, our cursor names its page', () => {
    expect(validateArgs(repositoryReleases, { url: 'https://github.com/Octo/Kit.git' })).toMatchObject({
      ok: true,
      args: { owner: 'Octo', repo: 'Kit', page: 1 },
      cacheKey: 'codeRepositoryReleases:["octo/kit",1]',
    });
    expect(validateArgs(repositoryReleases, { url: 'https://github.com/octo/kit', cursor: rc('octo/kit', 3) })).toMatchObject({
      ok: true,
      args: { page: 3 },
      cacheKey: 'codeRepositoryReleases:["octo/kit",3]',
    });
  });

  it.each([
    [{ url: 'https://gitlab.com/octo/kit' }, 'url', /github\.com repository/],
    [{ url: 'https://github.com/octo/kit', cursor: '2' }, 'cursor', /previous response/],
    [{ url: 'https://github.com/octo/kit', cursor: rc('octo/kit', 1) }, 'cursor', /previous response/],
    [{ url: 'https://github.com/octo/kit', cursor: rc('octo/other') }, 'cursor', /another list/],
    [{ url: 'https://github.com/octo/kit', cursor: rc('Octo/Kit') }, 'cursor', /previous response/],
    // The contributors cursor of the same repository is not a releases cursor.
    [{ url: 'https://github.com/octo/kit', cursor: encodeCursor({ k: 'contributors', r: 'octo/kit', p: 2 }) }, 'cursor', /previous/],
  ] as const)('%#: %j is refused naming %s', (raw, param, message) => {
    const r = validateArgs(repositoryReleases, raw as Record<string, unknown>);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([{ param, message: expect.stringMatching(message) }]);
  });
});

describe('fetchRepositoryReleases (through the upstream client)', () => {
  it('sends per_page=30 and page with the API headers; reads the next page off the Link header into our cursor', async () => {
    serve('/repos/octo/kit/releases', (page) =>
      page === '1'
        ? json([releaseItem('octo', 'kit', 'v2', 2)], 200, { link: listLink('/repositories/55/releases', 1, 2) })
        : json([releaseItem('octo', 'kit', 'v1', 1)], 200, { link: listLink('/repositories/55/releases', 2, 2) }),
    );
    const first = await releasesOf('octo', 'kit');
    expect(first.releases.map((r) => r.tag_name)).toEqual(['v2']);
    expect(decodeReleasesCursor(first.cursor!)).toEqual({ repo: 'octo/kit', page: 2 });
    const [hit] = gh.t.replay.hits({ host: HOST });
    expect(hit.upstreamUrl).toBe(`https://${HOST}/repos/octo/kit/releases?per_page=30&page=1`);
    expect(hit.headers).toMatchObject({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });

    const v = validateArgs(repositoryReleases, { url: 'https://github.com/octo/kit/', cursor: first.cursor });
    const second = await fetchRepositoryReleases(gh.t.ctx, v.ok ? v.args : { owner: 'x', repo: 'y', page: 1 });
    expect(second).toMatchObject({ releases: [{ tag_name: 'v1' }], cursor: null });
    expect(gh.seen).toEqual([]);
  });

  it('an empty list is an empty page; a draft (gh.seen only with a push token) is left out', async () => {
    serve('/repos/octo/none/releases', json([]));
    expect(await releasesOf('octo', 'none')).toEqual({ releases: [], cursor: null });
    serve(
      '/repos/octo/kit/releases',
      json([
        releaseItem('octo', 'kit', 'untagged-1', 3, { draft: true, published_at: null }),
        releaseItem('octo', 'kit', 'v1', 1, { prerelease: true }),
      ]),
    );
    const page = await releasesOf('octo', 'kit');
    expect(page.releases.map((r) => [r.id, r.draft, r.prerelease])).toEqual([[1, false, true]]);
  });

  it('a release of another repository in the answer is UPSTREAM_FAILED, not data', async () => {
    serve('/repos/octo/kit/releases', json([releaseItem('octo', 'kit', 'v2', 2), releaseItem('octo', 'kiu', 'v1', 1)]));
    const e = await failure(releasesOf('octo', 'kit'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/octo\/kiu/);
  });

  it('a renamed repository (GitHub’s redirect to /repositories/<id>/releases) is answered; a redirect to another list is not', async () => {
    serve('/repos/octo/old-name/releases', {
      status: 301,
      headers: { location: `https://${HOST}/repositories/55/releases?per_page=30&page=1` },
    });
    serve('/repositories/55/releases', json([releaseItem('octo', 'new-name', 'v1', 1)]));
    expect((await releasesOf('octo', 'old-name')).releases.map((r) => r.html_url)).toEqual([
      'https://github.com/octo/new-name/releases/tag/v1',
    ]);

    serve('/repos/octo/kit/releases', { status: 301, headers: { location: `https://${HOST}/repos/other/kit/releases` } });
    serve('/repos/other/kit/releases', json([releaseItem('octo', 'kit', 'v1', 1)]));
    const e = await failure(releasesOf('octo', 'kit'));
    expect(e.code).toBe('UPSTREAM_FAILED');
    expect(e.message).toMatch(/other\/kit/);
  });

  it.each([
    ['a missing or private repository (404)', json({ message: 'Not Found' }, 404), 'NOT_FOUND'],
    ['the exhausted quota', json({ message: 'API rate limit exceeded' }, 403, { 'x-ratelimit-remaining': '0' }), 'UPSTREAM_BLOCKED'],
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
    ['a 500', json({ message: 'Server Error' }, 500), 'UPSTREAM_FAILED'],
    ['an object instead of the list', json({ message: 'Moved' }), 'UPSTREAM_FAILED'],
    ['an answer that is not JSON', { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>oops</html>' }, 'UPSTREAM_FAILED'],
    ['a repository taken down (451, "Repository access blocked")', json(blockedRepositoryBody('dmca'), 451), 'NOT_FOUND'],
    ['a repository disabled by GitHub (403 with a block)', json(blockedRepositoryBody('tos'), 403), 'NOT_FOUND'],
  ])('%s → %s', async (_name, answer, code) => {
    serve('/repos/octo/kit/releases', answer);
    expect((await failure(releasesOf('octo', 'kit'))).code).toBe(code);
  });
});
