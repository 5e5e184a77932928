import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.js';
import { FIXTURES_DIR, hasFixtures, hasPeerExample, readFixture, skipReason } from '../../../test/support/fixtures.js';
import { captureWarnings } from '../../parse/index.js';
import { parseRepository, parseRepositoryUrl, parseTrendingDevelopers, type Repository } from './parse.js';

const LABEL = 'code';
const TRENDING = 'trending-developers-daily-2022-04.html';
const PYGITHUB = 'repo-pygithub-pygithub.json';
const OCTOKIT = 'repo-octokit-fixture-org-hello-world.json';

/** The api.md field order of a repository record (and of its owner). */
const REPOSITORY_KEYS = [
  'id',
  'node_id',
  'name',
  'full_name',
  'owner',
  'private',
  'url',
  'description',
  'fork',
  'homepage',
  'language',
  'forks_count',
  'stars_count',
  'watchers_count',
  'size',
  'default_branch',
  'open_issues_count',
  'topics',
  'license',
  'archived',
  'disabled',
  'visibility',
  'pushed_at',
  'created_at',
  'updated_at',
];
const OWNER_KEYS = ['id', 'login', 'avatar_url', 'url', 'type'];

function expectUpstreamFailed(fn: () => unknown): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(ApiError);
  expect((caught as ApiError).code).toBe('UPSTREAM_FAILED');
  expect((caught as ApiError).status).toBe(502);
}

// ---------------------------------------------------------------------------------------------
// Real captures (read in place from ../shared/fixtures/code; facts from its SOURCES.md)
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures(LABEL))(`code captures (${skipReason(LABEL)})`, () => {
  describe(TRENDING, () => {
    const load = () => parseTrendingDevelopers(readFixture(LABEL, TRENDING), { since: 'daily', language: null });

    it('echoes since/language and finds 25 developers ranked 1..25', () => {
      const r = load();
      expect(r.since).toBe('daily');
      expect(r.language).toBeNull();
      expect(r.developers).toHaveLength(25);
      expect(r.developers.map((d) => d.rank)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });

    it('rank 1: Rich Harris, with popular repo degit', () => {
      const d = load().developers[0];
      expect(d).toEqual({
        rank: 1,
        username: 'Rich-Harris',
        name: 'Rich Harris',
        url: 'https://github.com/Rich-Harris',
        avatar_url: 'https://avatars.githubusercontent.com/u/1162160?s=96&v=4',
        popular_repository: {
          owner: 'Rich-Harris',
          repo: 'degit',
          full_name: 'Rich-Harris/degit',
          url: 'https://github.com/Rich-Harris/degit',
          name: 'degit',
          description: 'Straightforward project scaffolding',
        },
      });
    });

    it('rank 2 (onbjerg) and rank 25 (Geal)', () => {
      const devs = load().developers;
      expect(devs[1]).toMatchObject({ rank: 2, name: 'Bjerg', username: 'onbjerg', url: 'https://github.com/onbjerg' });
      expect(devs[1].popular_repository?.name).toBe('foundry-book');
      expect(devs[1].popular_repository?.full_name).toBe('onbjerg/foundry-book');
      const last = devs[24];
      expect(last).toMatchObject({ rank: 25, name: 'Geoffroy Couprie', username: 'Geal', url: 'https://github.com/Geal' });
      expect(last.popular_repository).toEqual({
        owner: 'Geal',
        repo: 'nom',
        full_name: 'Geal/nom',
        url: 'https://github.com/Geal/nom',
        name: 'nom',
        description: 'Rust parser combinator framework',
      });
    });

    it('exactly four entries have no popular repo: crynobone 6, fulmicoton 10, Artur- 15, simonbasle 18', () => {
      const without = load()
        .developers.filter((d) => d.popular_repository === null)
        .map((d) => [d.rank, d.username]);
      expect(without).toEqual([
        [6, 'crynobone'],
        [10, 'fulmicoton'],
        [15, 'Artur-'],
        [18, 'simonbasle'],
      ]);
    });

    it("rank 20 name is entity-decoded: Nick O'Leary (knolleary)", () => {
      const d = load().developers[19];
      expect(d.rank).toBe(20);
      expect(d.name).toBe("Nick O'Leary");
      expect(d.username).toBe('knolleary');
    });

    it('every entry is complete: github.com urls, absolute avatars, consistent popular repos', () => {
      for (const d of load().developers) {
        expect(d.url).toBe(`https://github.com/${d.username}`);
        expect(d.name).toBeTruthy();
        expect(d.avatar_url).toMatch(/^https:\/\/avatars\.githubusercontent\.com\/u\/\d+\?s=96&v=4$/);
        const p = d.popular_repository;
        if (p) {
          expect(p.owner).toBe(d.username);
          expect(p.full_name).toBe(`${p.owner}/${p.repo}`);
          expect(p.url).toBe(`https://github.com/${p.full_name}`);
          expect(p.name).toBe(p.repo);
          expect(p.description).toBeTruthy();
        }
      }
    });

    it('page fact: <title> (two spaces after "Trending")', () => {
      const $ = cheerio.load(readFixture(LABEL, TRENDING));
      expect($('title').text()).toBe('Trending  developers on GitHub today · GitHub');
    });
  });

  describe(PYGITHUB, () => {
    const load = () => parseRepository(JSON.parse(readFixture(LABEL, PYGITHUB))).repository;

    it('maps the SOURCES.md facts to our field names', () => {
      const r = load();
      expect(r.full_name).toBe('PyGithub/PyGithub');
      expect(r.name).toBe('PyGithub');
      expect(r.id).toBe(3544490);
      expect(r.owner).toEqual({
        id: 11288996,
        login: 'PyGithub',
        avatar_url: 'https://avatars.githubusercontent.com/u/11288996?v=4',
        url: 'https://github.com/PyGithub',
        type: 'Organization',
      });
      expect(r.stars_count).toBe(7122); // upstream stargazers_count
      expect(r.forks_count).toBe(1793);
      expect(r.open_issues_count).toBe(357);
      expect(r.watchers_count).toBe(7122);
      // subscribers_count (111) is not part of our record.
      expect(r).not.toHaveProperty('subscribers_count');
      expect(r.description).toBe('Typed interactions with the GitHub API v3');
      expect(r.homepage).toBe('https://pygithub.readthedocs.io/');
      expect(r.language).toBe('Python');
      expect(r.license).toEqual({ key: 'lgpl-3.0', name: 'GNU Lesser General Public License v3.0', spdx_id: 'LGPL-3.0' });
      expect(r.topics).toEqual(['github', 'github-api', 'pygithub', 'python']);
      expect(r.default_branch).toBe('main');
      expect(r.created_at).toBe('2012-02-25T12:53:47Z');
      expect(r.pushed_at).toBe('2024-12-19T12:01:11Z');
    });

    it('url is the github.com page, not the api.github.com url', () => {
      const r = load();
      expect(r.url).toBe('https://github.com/PyGithub/PyGithub');
      expect(r.owner.url).toBe('https://github.com/PyGithub');
    });

    it('has exactly the api.md keys in order, nothing undefined', () => {
      const r = load();
      expect(Object.keys(r)).toEqual(REPOSITORY_KEYS);
      expect(Object.keys(r.owner)).toEqual(OWNER_KEYS);
      expect(Object.values(r)).not.toContain(undefined);
    });
  });

  describe(OCTOKIT, () => {
    const load = () => parseRepository(JSON.parse(readFixture(LABEL, OCTOKIT))).repository;

    it('maps the SOURCES.md facts, nulls included', () => {
      const r = load();
      expect(r.full_name).toBe('octokit-fixture-org/hello-world');
      expect(r.id).toBe(103703892);
      expect(r.owner.login).toBe('octokit-fixture-org');
      expect(r.owner.type).toBe('Organization');
      expect(r.stars_count).toBe(0);
      expect(r.forks_count).toBe(0);
      expect(r.open_issues_count).toBe(0);
      // subscribers_count (1) is not part of our record.
      expect(r.description).toBeNull();
      expect(r.homepage).toBeNull();
      expect(r.language).toBeNull();
      expect(r.license).toBeNull();
      expect(r.topics).toEqual(['fixtures', 'hello', 'hello-world']);
      expect(r.default_branch).toBe('master');
      expect(r.visibility).toBe('public');
      expect(r.created_at).toBe('2017-09-15T21:43:08Z');
      expect(r.pushed_at).toBe('2017-11-03T20:11:46Z');
    });

    it('url and owner.url are github.com pages', () => {
      const r = load();
      expect(r.url).toBe('https://github.com/octokit-fixture-org/hello-world');
      expect(r.owner.url).toBe('https://github.com/octokit-fixture-org');
      expect(Object.keys(r)).toEqual(REPOSITORY_KEYS);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Project-own cases (always run)
// ---------------------------------------------------------------------------------------------

/*
 * Hand-written by us from the public markup shape of github.com/trending/developers (the classes
 * and nesting GitHub uses: article.Box-row#pa-USER, a.color-fg-muted.f6 rank, h1.h3 name, p.f4
 * username, img.avatar-user, nested "Popular repo" article with h1.h4 link and a description div).
 * Not a capture: names, ids and texts are invented.
 */
const HAND_WRITTEN_TRENDING = `<!DOCTYPE html>
<html><head><title>Trending developers</title></head><body>
<div class="Box">
  <article class="Box-row d-flex" id="pa-alice-dev">
    <a href="#pa-alice-dev" class="color-fg-muted f6"> 1 </a>
    <div class="mx-3"><a href="/alice-dev"><img class="rounded avatar-user" src="/avatars/u/1?s=96&amp;v=4" alt="@alice-dev"></a></div>
    <div class="d-sm-flex flex-auto"><div class="col-sm-8 d-md-flex">
      <div class="col-md-6">
        <h1 class="h3 lh-condensed"><a href="/alice-dev">
            Alice &amp; Co &lt;Dev&gt;
        </a></h1>
        <p class="f4 text-normal mb-1"><a href="/alice-dev" class="Link--secondary"> alice-dev </a></p>
      </div>
      <div class="col-md-6"><div class="mt-2 mb-3 my-md-0"><article>
        <div class="f6 color-fg-muted text-uppercase mb-1"><svg class="octicon octicon-flame"><path d="M0 0"></path></svg>Popular repo</div>
        <h1 class="h4 lh-condensed"><a href="/alice-dev/tiny.lib" class="css-truncate css-truncate-target">
          <svg class="octicon octicon-repo"><path d="M0 0"></path></svg>
          tiny.lib
        </a></h1>
        <div class="f6 color-fg-muted mt-1">
          A &quot;tiny&quot; library
        </div>
      </article></div></div>
    </div></div>
  </article>
  <article class="Box-row d-flex" id="pa-bob">
    <a href="#pa-bob" class="color-fg-muted f6">2</a>
    <div class="mx-3"><a href="/bob"><img class="rounded avatar-user" src="https://avatars.githubusercontent.com/u/2?s=96&amp;v=4" alt="@bob"></a></div>
    <div class="d-sm-flex flex-auto"><div class="col-sm-8 d-md-flex">
      <div class="col-md-6">
        <h1 class="h3 lh-condensed"><a href="/bob"> bob </a></h1>
      </div>
      <div class="col-md-6"><div class="f5 color-fg-muted my-2 my-md-0">
        <p class="mb-3 d-flex flex-items-center"><span class="Truncate" title="Works for @acme"><span class="Truncate-text">@acme</span></span></p>
      </div></div>
    </div></div>
  </article>
</div>
</body></html>`;

describe('parseTrendingDevelopers (hand-written markup)', () => {
  it('parses two entries, one without a popular repo', () => {
    const r = parseTrendingDevelopers(HAND_WRITTEN_TRENDING, { since: 'weekly', language: 'rust' });
    expect(r).toEqual({
      since: 'weekly',
      language: 'rust',
      developers: [
        {
          rank: 1,
          username: 'alice-dev',
          name: 'Alice & Co <Dev>',
          url: 'https://github.com/alice-dev',
          avatar_url: 'https://github.com/avatars/u/1?s=96&v=4',
          popular_repository: {
            owner: 'alice-dev',
            repo: 'tiny.lib',
            full_name: 'alice-dev/tiny.lib',
            url: 'https://github.com/alice-dev/tiny.lib',
            name: 'tiny.lib',
            description: 'A "tiny" library',
          },
        },
        {
          // No p.f4: username from the article id; the h1.h3 shows only the username.
          rank: 2,
          username: 'bob',
          name: 'bob',
          url: 'https://github.com/bob',
          avatar_url: 'https://avatars.githubusercontent.com/u/2?s=96&v=4',
          popular_repository: null,
        },
      ],
    });
  });

  it('falls back to position for rank, h1.h3 href for username, null avatar/description', () => {
    const html = `<div>
      <article class="Box-row"><h1 class="h3"><a href="/carol"> Carol </a></h1>
        <article><h1 class="h4"><a href="/carol/x">x</a></h1></article></article>
      <article class="Box-row"><h1 class="h3"><a href="/dave">Dave</a></h1></article>
    </div>`;
    const r = parseTrendingDevelopers(html, { since: 'monthly', language: null });
    expect(r.developers.map((d) => [d.rank, d.username, d.name, d.avatar_url])).toEqual([
      [1, 'carol', 'Carol', null],
      [2, 'dave', 'Dave', null],
    ]);
    expect(r.developers[0].popular_repository).toEqual({
      owner: 'carol',
      repo: 'x',
      full_name: 'carol/x',
      url: 'https://github.com/carol/x',
      name: 'x',
      description: null,
    });
  });

  it('an explicit empty blankslate page → developers: []', () => {
    const html = `<html><body><div class="Box"><div class="blankslate">
      <h3 class="blankslate-heading">It looks like we don’t have any trending developers for COBOL.</h3>
    </div></div></body></html>`;
    expect(parseTrendingDevelopers(html, { since: 'daily', language: 'cobol' })).toEqual({
      since: 'daily',
      language: 'cobol',
      developers: [],
    });
    // ASCII apostrophe variant
    const ascii = `<div class="blankslate"><h3>It looks like we don't have any trending developers.</h3></div>`;
    expect(parseTrendingDevelopers(ascii, { since: 'daily', language: null }).developers).toEqual([]);
  });

  it('unrelated HTML (no entries, no blankslate) → ApiError UPSTREAM_FAILED', () => {
    expectUpstreamFailed(() =>
      parseTrendingDevelopers('<html><body><h1>Sign in to GitHub</h1><form></form></body></html>', {
        since: 'daily',
        language: null,
      }),
    );
    expectUpstreamFailed(() => parseTrendingDevelopers('', { since: 'daily', language: null }));
    // The sentence outside a blankslate (e.g. in a script or article) is not an empty page.
    expectUpstreamFailed(() =>
      parseTrendingDevelopers("<p>It looks like we don't have any trending developers</p>", { since: 'daily', language: null }),
    );
  });

  it('an entry with no username anywhere → ApiError UPSTREAM_FAILED', () => {
    expectUpstreamFailed(() =>
      parseTrendingDevelopers('<article class="Box-row"><span>?</span></article>', { since: 'daily', language: null }),
    );
  });
});

/**
 * The 2019–2020 trending markup (our own page in that layout, not a capture): the rank link is
 * `a.text-gray.f6` and the avatar an `img.rounded-1` inside the row's link to the developer, with
 * no avatar class. The avatar is still the developer's.
 */
describe('parseTrendingDevelopers (older layout, hand-written)', () => {
  const OLD = `<div class="Box"><article class="Box-row d-flex" id="pa-erin">
    <a class="text-gray f6 text-center" href="#pa-erin" style="width: 16px;">1</a>
    <div class="mx-3"><a href="/erin"><img class="rounded-1" src="https://avatars0.githubusercontent.com/u/77?s=96&amp;v=4" width="48" height="48" alt="@erin"></a></div>
    <div class="d-sm-flex flex-auto"><div class="col-sm-8 d-md-flex"><div class="col-md-6">
      <h1 class="h3 lh-condensed"><a href="/erin">Erin E.</a></h1><p class="f4 text-normal mb-1"><a class="link-gray" href="/erin">erin</a></p></div>
      <div class="col-md-6"><article><h1 class="h4 lh-condensed"><a href="/erin/tool"><img class="octicon" src="/repo-icon.svg">tool</a></h1><div class="f6 text-gray mt-1">A tool</div></article></div></div></div>
  </article></div>`;

  it("reads the avatar from the link to the developer (not the popular repo's images), with no warning", () => {
    const { result, warnings } = captureWarnings(() => parseTrendingDevelopers(OLD, { since: 'daily', language: null }));
    expect(result.developers[0]).toMatchObject({
      rank: 1,
      username: 'erin',
      name: 'Erin E.',
      avatar_url: 'https://avatars0.githubusercontent.com/u/77?s=96&v=4',
    });
    expect(result.developers[0].popular_repository?.full_name).toBe('erin/tool');
    expect(warnings).toEqual([]);
  });

  it('a row without any avatar image: avatar_url null and a warning for developer.avatar_url', () => {
    const html = OLD.replace(/<img class="rounded-1"[^>]*>/, '');
    const { result, warnings } = captureWarnings(() => parseTrendingDevelopers(html, { since: 'daily', language: null }));
    expect(result.developers[0].avatar_url).toBeNull();
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([['code', 'developer.avatar_url']]);
  });
});

describe('parse warnings (code)', () => {
  const base = JSON.parse(
    JSON.stringify({
      id: 1,
      full_name: 'a/b',
      name: 'b',
      node_id: 'n',
      private: false,
      html_url: 'https://github.com/a/b',
      description: 'd',
      fork: false,
      homepage: null,
      language: null,
      forks_count: 0,
      stargazers_count: 0,
      watchers_count: 0,
      size: 0,
      default_branch: 'main',
      open_issues_count: 0,
      topics: [],
      license: null,
      archived: false,
      disabled: false,
      visibility: 'public',
      pushed_at: null,
      created_at: 'x',
      updated_at: 'y',
      owner: { login: 'a', id: 1, avatar_url: 'u', html_url: 'h', type: 'User' },
    }),
  );

  it('explicit nulls from GitHub (description, homepage, license) are not warned', () => {
    const { result, warnings } = captureWarnings(() => parseRepository({ ...base, description: null }));
    expect(result.repository.description).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('a field GitHub always sends that is missing: null plus a warning for repository.<field>', () => {
    const { description: _d, stargazers_count: _s, ...rest } = base;
    const { result, warnings } = captureWarnings(() => parseRepository(rest));
    expect(result.repository).toMatchObject({ description: null, stars_count: null });
    expect(warnings.map((w) => [w.platform, w.field])).toEqual([
      ['code', 'repository.description'],
      ['code', 'repository.stargazers_count'],
    ]);
  });
});

describe('parseRepository (hand-written objects)', () => {
  it('ids and counts are safe integers, as the schema says: an id of 1e308 is no id, a count of 1e308 is null', () => {
    expectUpstreamFailed(() => parseRepository({ id: 1e308, full_name: 'someone/thing' }));
    const { repository } = parseRepository({ id: 1, full_name: 'someone/thing', owner: { id: 1.5 }, stargazers_count: 1e308, size: 12 });
    expect(repository.owner.id).toBeNull();
    expect(repository.stars_count).toBeNull();
    expect(repository.size).toBe(12);
  });
  it('minimal object: missing fields become null, topics []', () => {
    const { repository } = parseRepository({ id: 1, full_name: 'someone/thing' });
    expect(Object.keys(repository)).toEqual(REPOSITORY_KEYS);
    expect(repository).toEqual({
      id: 1,
      node_id: null,
      name: 'thing',
      full_name: 'someone/thing',
      owner: { id: null, login: 'someone', avatar_url: null, url: 'https://github.com/someone', type: null },
      private: null,
      url: 'https://github.com/someone/thing',
      description: null,
      fork: null,
      homepage: null,
      language: null,
      forks_count: null,
      stars_count: null,
      watchers_count: null,
      size: null,
      default_branch: null,
      open_issues_count: null,
      topics: [],
      license: null,
      archived: null,
      disabled: null,
      visibility: null,
      pushed_at: null,
      created_at: null,
      updated_at: null,
    });
  });

  it('explicit nulls stay null; api url is never used as url; owner.url falls back to github.com/<login>', () => {
    const { repository } = parseRepository({
      id: 7,
      name: 'r',
      full_name: 'O/r',
      url: 'https://api.github.com/repos/O/r',
      owner: { id: 9, login: 'O', url: 'https://api.github.com/users/O', type: 'User', avatar_url: null },
      description: null,
      homepage: '',
      license: null,
      topics: null,
      stargazers_count: 3,
      watchers_count: 3,
      private: false,
    });
    expect(repository.url).toBe('https://github.com/O/r');
    expect(repository.owner).toEqual({ id: 9, login: 'O', avatar_url: null, url: 'https://github.com/O', type: 'User' });
    expect(repository.description).toBeNull();
    expect(repository.homepage).toBe('');
    expect(repository.license).toBeNull();
    expect(repository.topics).toEqual([]);
    expect(repository.stars_count).toBe(3);
    expect(repository.private).toBe(false);
  });

  it('license with missing members keeps its three keys', () => {
    const { repository } = parseRepository({ id: 2, full_name: 'a/b', license: { key: 'mit' } });
    expect(repository.license).toEqual({ key: 'mit', name: null, spdx_id: null });
  });

  it.each([
    ['null', null],
    ['a string', 'not json'],
    ['a number', 42],
    ['an array', [{ id: 1, full_name: 'a/b' }]],
    ['missing id', { full_name: 'a/b' }],
    ['missing full_name', { id: 1 }],
    ['string id', { id: '1', full_name: 'a/b' }],
    ['full_name without slash', { id: 1, full_name: 'ab' }],
    ['an error body', { message: 'Not Found', documentation_url: 'https://docs.github.com' }],
  ])('garbage (%s) → ApiError UPSTREAM_FAILED', (_label, input) => {
    expectUpstreamFailed(() => parseRepository(input));
  });
});

describe('parseRepositoryUrl', () => {
  it.each<[string, { owner: string; repo: string }]>([
    ['https://github.com/PyGithub/PyGithub', { owner: 'PyGithub', repo: 'PyGithub' }],
    ['http://github.com/torvalds/linux', { owner: 'torvalds', repo: 'linux' }],
    ['https://www.github.com/torvalds/linux', { owner: 'torvalds', repo: 'linux' }],
    ['https://GitHub.com/torvalds/linux', { owner: 'torvalds', repo: 'linux' }],
    ['https://github.com/torvalds/linux/', { owner: 'torvalds', repo: 'linux' }],
    ['https://github.com/torvalds/linux.git', { owner: 'torvalds', repo: 'linux' }],
    ['https://github.com/torvalds/linux/tree/master/kernel', { owner: 'torvalds', repo: 'linux' }],
    ['https://github.com/torvalds/linux?tab=readme#top', { owner: 'torvalds', repo: 'linux' }],
    ['https://github.com/fonsp/Pluto.jl', { owner: 'fonsp', repo: 'Pluto.jl' }],
    ['https://github.com/rusty1s/pytorch_scatter', { owner: 'rusty1s', repo: 'pytorch_scatter' }],
    ['https://github.com/Artur-/some-repo', { owner: 'Artur-', repo: 'some-repo' }],
    ['https://github.com/octokit-fixture-org/hello-world', { owner: 'octokit-fixture-org', repo: 'hello-world' }],
    ['  https://github.com/a/b  ', { owner: 'a', repo: 'b' }],
    [`https://github.com/${'a'.repeat(39)}/${'r'.repeat(100)}`, { owner: 'a'.repeat(39), repo: 'r'.repeat(100) }],
  ])('accepts %s', (input, expected) => {
    expect(parseRepositoryUrl(input)).toEqual(expected);
  });

  it.each([
    'https://api.github.com/repos/torvalds/linux',
    'https://gist.github.com/torvalds/abc123',
    'https://github.com.evil.com/torvalds/linux',
    'https://evilgithub.com/torvalds/linux',
    'https://github.com./torvalds/linux',
    'https://gitlab.com/torvalds/linux',
    'ftp://github.com/torvalds/linux',
    'git@github.com:torvalds/linux.git',
    'ssh://git@github.com/torvalds/linux.git',
    'javascript:alert(1)//github.com/a/b',
    'github.com/torvalds/linux',
    'torvalds/linux',
    '',
    'https://user:pass@github.com/torvalds/linux',
    'https://user@github.com/torvalds/linux',
    'https://github.com:443/torvalds/linux',
    'https://github.com:8080/torvalds/linux',
    'https://github.com',
    'https://github.com/',
    'https://github.com/torvalds',
    'https://github.com/torvalds/',
    'https://github.com/orgs/github',
    'https://github.com/settings/profile',
    'https://github.com/topics/rust',
    'https://github.com/trending/developers',
    'https://github.com/marketplace/actions',
    'https://github.com/features/actions',
    'https://github.com/explore/x',
    'https://github.com/login/oauth',
    'https://github.com/about/careers',
    'https://github.com/pricing/plans',
    'https://github.com/sponsors/someone',
    'https://github.com/apps/dependabot',
    'https://github.com/search/advanced',
    'https://github.com/notifications/beta',
    'https://github.com/new/import',
    'https://github.com/Settings/profile',
    'https://github.com/-bad/repo',
    'https://github.com/bad--owner/repo',
    'https://github.com/bad_owner/repo',
    `https://github.com/${'a'.repeat(40)}/repo`,
    `https://github.com/owner/${'r'.repeat(101)}`,
    'https://github.com/owner/.',
    'https://github.com/owner/..',
    'https://github.com/owner/%2e%2e',
    'https://github.com/owner/re%20po',
    'https://github.com/owner/.git',
  ])('rejects %s', (input) => {
    expect(parseRepositoryUrl(input)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Peer examples: key sets and value types (api.md wins on names; this is a second opinion)
// ---------------------------------------------------------------------------------------------

const PEER_DIR = join(FIXTURES_DIR, '..', 'reference', 'peer-examples');
const peer = (file: string) => JSON.parse(readFileSync(join(PEER_DIR, file), 'utf8'));

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

describe.skipIf(!hasPeerExample(PEER_DIR))(
  `peer examples (skipped when ${PEER_DIR} is absent: fresh clone without the shared reference)`,
  () => {
    it('parseRepository output has the peer repository key set and value types', () => {
      const sample = peer('code_repository.json').sampleResponse.repository as Record<string, unknown>;
      // Fed a GitHub-shaped object built from the peer's values, so the types can be compared.
      const upstream = {
        ...sample,
        stargazers_count: sample.stars_count,
        html_url: sample.url,
        url: `https://api.github.com/repos/${String(sample.full_name)}`,
        owner: { ...(sample.owner as object), html_url: (sample.owner as { url: string }).url },
      };
      const { repository } = parseRepository(upstream);
      expect(Object.keys(repository).sort()).toEqual(Object.keys(sample).sort());
      expect(Object.keys(repository)).toEqual(REPOSITORY_KEYS);
      for (const key of Object.keys(sample)) {
        expect([key, typeOf(repository[key as keyof Repository])]).toEqual([key, typeOf(sample[key])]);
      }
      expect(Object.keys(repository.owner).sort()).toEqual(Object.keys(sample.owner as object).sort());
      expect(Object.keys(repository.license ?? {}).sort()).toEqual(Object.keys(sample.license as object).sort());
      expect(repository).toEqual(sample);
    });

    it.skipIf(!hasFixtures(LABEL))('the PyGithub capture has the peer key set and value types', () => {
      const sample = peer('code_repository.json').sampleResponse.repository as Record<string, unknown>;
      const { repository } = parseRepository(JSON.parse(readFixture(LABEL, PYGITHUB)));
      expect(Object.keys(repository).sort()).toEqual(Object.keys(sample).sort());
      for (const key of Object.keys(sample)) {
        expect([key, typeOf(repository[key as keyof Repository])]).toEqual([key, typeOf(sample[key])]);
      }
    });

    it.skipIf(!hasFixtures(LABEL))('developers[0] has the peer key set and value types', () => {
      const sample = peer('code_trending_developers.json').sampleResponse;
      const r = parseTrendingDevelopers(readFixture(LABEL, TRENDING), { since: 'daily', language: null });
      expect(Object.keys(r).sort()).toEqual(['developers', 'language', 'since']);
      expect(typeOf(r.since)).toBe(typeOf(sample.since));
      expect(typeOf(r.language)).toBe(typeOf(sample.language));
      const mine = r.developers[0] as unknown as Record<string, unknown>;
      const theirs = sample.developers[0] as Record<string, unknown>;
      expect(Object.keys(mine).sort()).toEqual(Object.keys(theirs).sort());
      for (const key of Object.keys(theirs)) expect([key, typeOf(mine[key])]).toEqual([key, typeOf(theirs[key])]);
      expect(Object.keys(mine.popular_repository as object).sort()).toEqual(Object.keys(theirs.popular_repository as object).sort());
    });

    it('hand-written developers[0] has the peer key set (runs without captures)', () => {
      const theirs = peer('code_trending_developers.json').sampleResponse.developers[0];
      const mine = parseTrendingDevelopers(HAND_WRITTEN_TRENDING, { since: 'daily', language: null }).developers[0];
      expect(Object.keys(mine).sort()).toEqual(Object.keys(theirs).sort());
      expect(Object.keys(mine.popular_repository ?? {}).sort()).toEqual(Object.keys(theirs.popular_repository).sort());
    });
  },
);

describe('parseTrendingDevelopers — pages built to be slow or huge (an outside sweep)', () => {
  const row = (i: number, inner = '') =>
    `<article class="Box-row" id="pa-dev${i}"><h1 class="h3"><a href="/dev${i}">Dev ${i}</a></h1><a href="/dev${i}"><img class="avatar-user" src="https://a.example/${i}.png"></a>${inner}</article>`;

  it('more than 100 rows (GitHub lists 25; 113,698 were returned, charged and cached): UPSTREAM_FAILED', () => {
    const html = `<html><body>${Array.from({ length: 5000 }, (_, i) => row(i)).join('')}</body></html>`;
    let error: unknown;
    try {
      parseTrendingDevelopers(html, { since: 'daily', language: null });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'code: the trending developers page lists 5000 developers; GitHub lists 25 (a page of more than 100 is refused)',
    });
  });

  it('20 rows of 4,500 images each (each image once read every nested article of its row): bounded', () => {
    const imgs = '<img src="x.png">'.repeat(4500);
    const html = `<html><body>${Array.from({ length: 20 }, (_, i) => row(i, `<div>${imgs}</div>`)).join('')}</body></html>`;
    const t0 = performance.now();
    const { developers } = parseTrendingDevelopers(html, { since: 'daily', language: null });
    expect(performance.now() - t0).toBeLessThan(8000);
    expect(developers).toHaveLength(20);
    expect(developers[19]).toMatchObject({ username: 'dev19', avatar_url: 'https://a.example/19.png' });
  });
});
