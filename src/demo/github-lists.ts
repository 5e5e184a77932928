/**
 * The demo's GitHub lists (src/demo/routes.ts), paged as api.github.com pages them: the recorded
 * first items (src/demo/data/github: the organisation's three repositories, three followers,
 * creator-kit's three contributors and two releases) followed by invented ones made here, enough
 * that the list runs past one full page of what the gateway asks (`per_page` 100; 30 for
 * releases), so the example's first page offers a next one as GitHub offers it only after a full
 * page. Each page is the request's `page` (1 when absent) of its `per_page` (GitHub's 30 when
 * absent, at most 100); past the last page an empty array. The `Link` header names the list by
 * the account's or repository's numeric id (`/user/<id>/…`, `/repositories/<id>/…`), as GitHub's
 * does, with the request's own parameters: `rel="next"` and `rel="last"` before the last page,
 * `rel="prev"` and `rel="first"` after the first.
 *
 * The invented items are built with this platform's sample builders (src/platforms/code/samples.ts):
 * logins, repository names, tags, dates and counts made from small word lists, all distinct, none
 * of them a real account. Deterministic: no clock, no randomness.
 */
import { readFileSync } from 'node:fs';
import type { RecordedResponse, ReplayRequest } from '../replay/server.js';
import { listLink, releaseItem, repoListItem, simpleUser } from '../platforms/code/samples.js';

type Item = Record<string, any>;

const GITHUB_JSON = {
  'content-type': 'application/json; charset=utf-8',
  'x-github-media-type': 'github.v3; format=json',
  'x-ratelimit-limit': '60',
  'x-ratelimit-remaining': '57',
  'x-ratelimit-resource': 'core',
};

const FIRST = ['ada', 'bruno', 'chiara', 'dev', 'elif', 'farah', 'goran', 'hiro', 'ines', 'jun', 'kemi', 'lars', 'maya', 'nadia', 'omar'];
const LAST = [
  'achebe',
  'bianchi',
  'castro',
  'dang',
  'eriksen',
  'fontaine',
  'gupta',
  'haddad',
  'ito',
  'jensen',
  'kowalski',
  'lopez',
  'mwangi',
  'novak',
  'oyelaran',
];

/** The `n`th invented login (0-based; FIRST × LAST, 225 of them), e.g. `ada-achebe`. */
const login = (n: number) => `${FIRST[n % FIRST.length]}-${LAST[Math.floor(n / FIRST.length) % LAST.length]}`;

/** An invented account in GitHub's simple-user shape, with the demo's avatar host. */
function person(n: number, over: Record<string, unknown> = {}): Item {
  const l = login(n);
  return simpleUser(l, 990_200 + n, {
    node_id: `U_kgDODEMO${String(n).padStart(4, '0')}`,
    avatar_url: `https://avatars.example.com/${l}.png`,
    ...over,
  });
}

const PREFIX = ['caption', 'thumbnail', 'clip', 'stream', 'feed', 'handle', 'badge', 'embed', 'playlist', 'audience'];
const SUFFIX: [string, string][] = [
  ['kit', 'A small TypeScript toolkit for'],
  ['cli', 'A command-line tool for'],
  ['sync', 'Keeps two accounts in step:'],
  ['lint', 'Checks and fixes'],
  ['bot', 'A chat bot that posts'],
  ['parser', 'Reads and normalises'],
  ['cache', 'An on-disk cache of'],
  ['audit', 'Reports gaps and mistakes in'],
  ['metrics', 'Daily counts and charts of'],
  ['widgets', 'Embeddable web components for'],
];
const LANGUAGES = ['TypeScript', 'Go', 'Python', 'Rust', 'JavaScript'];

const day = (iso: string, minusDays: number) => new Date(Date.parse(iso) - minusDays * 86_400_000).toISOString().replace('.000Z', 'Z');

/** The `n`th invented repository of `owner` (0-based, 100 of them), older the higher `n`. */
function repository(owner: Item, n: number): Item {
  const [suffix, what] = SUFFIX[Math.floor(n / PREFIX.length)];
  const name = `${PREFIX[n % PREFIX.length]}-${suffix}`;
  const stars = Math.round(600 / (n + 2));
  return repoListItem(owner.login, name, 812_345_700 + n, {
    node_id: `R_kgDOMDEMO${String(n).padStart(3, '0')}`,
    owner,
    description: `${what} ${PREFIX[n % PREFIX.length]}s.`,
    created_at: day('2024-06-01T09:00:00Z', 9 * n),
    updated_at: day('2024-09-10T12:00:00Z', 3 * n),
    pushed_at: day('2024-09-09T18:30:00Z', 3 * n),
    size: 40 + 17 * n,
    stargazers_count: stars,
    watchers_count: stars,
    watchers: stars,
    forks_count: Math.floor(stars / 9),
    forks: Math.floor(stars / 9),
    open_issues_count: n % 7,
    open_issues: n % 7,
    language: LANGUAGES[n % LANGUAGES.length],
    topics: [PREFIX[n % PREFIX.length], suffix],
    has_projects: false,
  });
}

/** The `n`th release before creator-kit's recorded ones (0-based, 30 of them): v0.3.7 down to v0.0.2, a week apart. */
function release(owner: string, repo: string, author: Item, n: number): Item {
  const minor = 3 - Math.floor(n / 8);
  const tag = `v0.${minor}.${7 - (n % 8)}`;
  const id = 879_990 - 10 * n;
  const at = day('2026-08-01T10:00:00Z', 7 * n);
  const base: Item = releaseItem(owner, repo, tag, id, {
    author,
    node_id: `RE_kwDODEMO${String(id).slice(-4)}`,
    name: `${repo} ${tag.slice(1)}`,
    created_at: at,
    published_at: at.replace(/:00Z$/, ':41Z'),
    body: `## Fixes\n\n* ${PREFIX[n % PREFIX.length]} lookups retried once on a timeout.`,
  });
  const asset = base.assets[0] as Item;
  base.assets = [{ ...asset, uploader: author, size: 40_000 + 97 * n, download_count: 3 * (30 - n), created_at: at, updated_at: at }];
  return base;
}

const read = (file: string): Item[] => JSON.parse(readFileSync(file, 'utf8')) as Item[];

/** The organisation's repositories: the three recorded, then 100 invented (older). */
export function demoRepositories(file: string): Item[] {
  const recorded = read(file);
  return [...recorded, ...Array.from({ length: 100 }, (_, n) => repository(recorded[0].owner, n))];
}

/** The organisation's followers: the three recorded, then invented accounts, 214 in all (its account's `followers`). */
export function demoFollowers(file: string): Item[] {
  const recorded = read(file);
  return [...recorded, ...Array.from({ length: 214 - recorded.length }, (_, n) => person(n))];
}

/** creator-kit's contributors: the three recorded, then 100 invented with fewer contributions each (11 down to 1). */
export function demoContributors(file: string): Item[] {
  const recorded = read(file);
  return [...recorded, ...Array.from({ length: 100 }, (_, n) => ({ ...person(224 - n), contributions: 11 - Math.floor(n / 10) }))];
}

/** creator-kit's releases, newest first: the two recorded, then 30 older invented ones by its first contributor. */
export function demoReleases(file: string, owner: string, repo: string): Item[] {
  const recorded = read(file);
  const author = recorded.find((r) => r.author)!.author as Item;
  return [...recorded, ...Array.from({ length: 30 }, (_, n) => release(owner, repo, author, n))];
}

/**
 * The repositories in the order GitHub lists them for `sort` (`updated`, `pushed`, `created`: newest
 * first; `full_name`, GitHub's default: A to Z).
 */
export function sortRepositories(items: Item[], sort: string | null): Item[] {
  const by = sort === 'updated' || sort === 'pushed' || sort === 'created' ? `${sort}_at` : null;
  return [...items].sort((a, b) =>
    by ? String(b[by]).localeCompare(String(a[by])) : String(a.full_name).localeCompare(String(b.full_name)),
  );
}

/** Page `page` of `items` for `req` as GitHub answers it, the Link header at `listPath` (e.g. `/user/990001/followers`). */
export function githubPage(req: ReplayRequest, items: Item[], listPath: string): RecordedResponse {
  const perPage = Math.min(100, Math.max(1, Number(req.query.get('per_page')) || 30));
  const page = Math.max(1, Number(req.query.get('page')) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const query = new URLSearchParams(req.query);
  query.delete('page');
  const link = listLink(listPath, page, last, query.toString());
  return {
    headers: { ...GITHUB_JSON, ...(link ? { link } : {}) },
    body: JSON.stringify(items.slice((page - 1) * perPage, page * perPage)),
  };
}
