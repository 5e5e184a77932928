/**
 * Pure parsers for the `code` platform (GitHub): no I/O here, only upstream bodies in, api.md
 * records out ("Code records" in shared/spec/api.md).
 *
 * - `parseTrendingDevelopers`: the HTML of https://github.com/trending/developers (one
 *   `article.Box-row` per developer).
 * - `parseRepository`: the JSON of GET https://api.github.com/repos/{owner}/{repo}, renamed to our
 *   field names (DECISIONS.md "Field names": `stargazers_count` → `stars_count`, `url` is the
 *   github.com page, not the api.github.com one).
 * - `parseRepositoryList`: the JSON of GET https://api.github.com/users/{login}/repos (an array
 *   of the same repository objects, each read by `parseRepository`), and `nextPageOf` its Link
 *   header's `rel="next"` page.
 * - `parseRepositoryUrl`: validates a caller's repository URL before anything is fetched.
 */
import type { CheerioAPI } from 'cheerio';
import { shapeChanged, upstreamFailed } from '../../errors.js';
import { absUrl, collapse, htmlReader, loadHtml, nextLinkParam, reader, recordReader, safeDecode } from '../../parse/index.js';
import { GITHUB_RESERVED } from '../../links/classify.js';
import { warn } from '../../observability/warn.js';
import type { PopularRepository, TrendingDeveloper, TrendingDevelopers, RepositoryOwner, RepositoryLicense, Repository } from './schema.js';
export type { PopularRepository, TrendingDeveloper, TrendingDevelopers, RepositoryOwner, RepositoryLicense, Repository } from './schema.js';

const PLATFORM = 'code';
const GITHUB = 'https://github.com';

// ---------------------------------------------------------------------------------------------
// Trending developers
// ---------------------------------------------------------------------------------------------

export type TrendingSince = 'daily' | 'weekly' | 'monthly';

/** GitHub's empty-list text: "It looks like we don’t have any trending developers[ for X]." */
const EMPTY_TRENDING_RE = /don[’']t have any trending developers/i;

/** `/owner/repo` (or an absolute github.com URL) → owner and repo, else null. */
function ownerRepoFromHref(href: string | undefined): { owner: string; repo: string } | null {
  if (!href) return null;
  let u: URL;
  try {
    u = new URL(href, GITHUB);
  } catch {
    return null;
  }
  if (u.hostname.toLowerCase() !== 'github.com') return null;
  const segs = u.pathname.split('/').filter(Boolean);
  if (segs.length < 2) return null;
  const [owner, repo] = segs.map((s) => safeDecode(s));
  if (!isOwnerName(owner) || !isRepoName(repo)) return null;
  return { owner, repo };
}

/** `/login` → login, else null. */
function ownerFromHref(href: string | undefined): string | null {
  if (!href) return null;
  try {
    const segs = new URL(href, GITHUB).pathname.split('/').filter(Boolean);
    return segs.length === 1 && isOwnerName(segs[0]) ? segs[0] : null;
  } catch {
    return null;
  }
}

/**
 * The developer's avatar `src`. Every layout puts it in the row's first link to the developer
 * (`<a href="/login"><img …></a>`); the 2022 markup marks it `img.avatar-user`, older ones
 * (`img.rounded-1`, 2019–2020) only by that link and `alt="@login"`. Images inside the nested
 * "Popular repo" article are never the developer's.
 */
function avatarOf($: CheerioAPI, article: ReturnType<CheerioAPI>, username: string): string | null {
  // Found once per row, not once per image (a row of many images read its nested articles for each).
  const nested = article.find('article');
  const own = article
    .find('img')
    .toArray()
    .filter((img) => nested.has(img).length === 0)
    .map((img) => $(img));
  const marked = own.find((img) => img.is('.avatar, .avatar-user'));
  const user = username.toLowerCase();
  const linked = own.find(
    (img) => ownerFromHref(img.closest('a').attr('href'))?.toLowerCase() === user || (img.attr('alt') ?? '').toLowerCase() === `@${user}`,
  );
  return (marked ?? linked)?.attr('src')?.trim() || null;
}

function isEmptyTrendingPage($: CheerioAPI): boolean {
  const candidates = $('.blankslate, .blankslate-heading');
  for (const el of candidates.toArray()) {
    if (EMPTY_TRENDING_RE.test($(el).text())) return true;
  }
  return false;
}

/**
 * Rows a trending page may hold: GitHub lists 25 developers (every capture since 2019). A page of
 * far more is no trending page (an outside sweep answered with 113,698 rows, which were returned,
 * charged and cached): refused, not cut to a plausible-looking 25.
 */
export const MAX_TRENDING_ROWS = 100;

export function parseTrendingDevelopers(html: string, opts: { since: TrendingSince; language: string | null }): TrendingDevelopers {
  const $ = loadHtml(html, `${PLATFORM}: the trending developers page`);
  const articles = $('article.Box-row').toArray();
  if (articles.length > MAX_TRENDING_ROWS)
    throw upstreamFailed(
      `${PLATFORM}: the trending developers page lists ${articles.length} developers; GitHub lists 25 (a page of more than ${MAX_TRENDING_ROWS} is refused)`,
    );
  if (articles.length === 0) {
    if (isEmptyTrendingPage($)) return { since: opts.since, language: opts.language, developers: [] };
    throw shapeChanged(PLATFORM, 'article.Box-row developer entries');
  }

  const h = htmlReader($, { platform: PLATFORM, record: 'developer' });
  const developers: TrendingDeveloper[] = articles.map((el, index) => {
    const article = $(el);

    // username: `p.f4 a` text, else the article id `pa-USERNAME`, else the `h1.h3 a` href.
    let username: string | null = collapse(article.find('p.f4 a').first().text()).replace(/^@/, '');
    if (!isOwnerName(username)) {
      const id = article.attr('id') ?? '';
      const fromHref = ownerFromHref(article.find('h1.h3 a').first().attr('href'));
      username = id.startsWith('pa-') && isOwnerName(id.slice(3)) ? id.slice(3) : fromHref;
    }
    if (!username) throw shapeChanged(PLATFORM, `developer username in entry ${index + 1}`);

    const rankText = collapse(article.find('a.color-fg-muted.f6').first().text());
    const rank = /^\d+$/.test(rankText) ? Number(rankText) : index + 1;
    const name = h.text('name', article, 'h1.h3 a');

    // The "Popular repo" block is a nested <article> with an h1.h4 link to /owner/repo. Entries
    // that show an organisation / "Follow" instead have no such link.
    let popular: PopularRepository | null = null;
    const link = article.find('h1.h4 a[href]').first();
    const parsed = link.length > 0 ? ownerRepoFromHref(link.attr('href')) : null;
    if (parsed) {
      const { owner, repo } = parsed;
      const heading = link.closest('h1');
      const descEl = heading.nextAll('div, p').first();
      popular = {
        owner,
        repo,
        full_name: `${owner}/${repo}`,
        url: `${GITHUB}/${owner}/${repo}`,
        name: collapse(link.text()) || repo,
        description: collapse(descEl.text()) || null,
      };
    }

    const avatar = avatarOf($, article, username);
    if (!avatar) h.warn('avatar_url', 'no avatar <img> in the row');
    return {
      rank,
      username,
      name,
      url: `${GITHUB}/${username}`,
      avatar_url: absUrl(avatar, GITHUB),
      popular_repository: popular,
    };
  });

  return { since: opts.since, language: opts.language, developers };
}

// ---------------------------------------------------------------------------------------------
// Repository
// ---------------------------------------------------------------------------------------------

/**
 * GitHub's repository JSON carries every field below on every repository (null where it has no
 * value: `description`, `homepage`, `language`, `license`), so a missing one is a shape change
 * worth a warning; `id` and `full_name` identify the record.
 */
export function parseRepository(json: unknown): { repository: Repository } {
  const r = recordReader(json, { platform: PLATFORM, record: 'repository', what: 'repository object' });
  const id = r.opt.int('id');
  const fullName = r.opt.str('full_name');
  if (id === null || fullName === null || !fullName.includes('/')) throw shapeChanged(PLATFORM, 'id/full_name');
  const [fnOwner, fnRepo] = fullName.split('/');

  const o = r.child('owner');
  const login = o.nonEmpty('login') ?? fnOwner;
  const owner: RepositoryOwner = {
    id: o.int('id'),
    login,
    avatar_url: o.str('avatar_url'),
    url: o.nonEmpty('html_url') ?? `${GITHUB}/${login}`,
    type: o.str('type'),
  };

  const lic = r.obj('license');
  const l = r.over(lic, 'license');
  const license: RepositoryLicense | null = lic ? { key: l.str('key'), name: l.str('name'), spdx_id: l.str('spdx_id') } : null;

  const repository: Repository = {
    id,
    node_id: r.str('node_id'),
    name: r.nonEmpty('name') ?? fnRepo,
    full_name: fullName,
    owner,
    private: r.bool('private'),
    url: r.nonEmpty('html_url') ?? `${GITHUB}/${fullName}`,
    description: r.str('description'),
    fork: r.bool('fork'),
    homepage: r.str('homepage'),
    language: r.str('language'),
    forks_count: r.int('forks_count'),
    stars_count: r.int('stargazers_count'),
    watchers_count: r.int('watchers_count'),
    size: r.int('size'),
    default_branch: r.str('default_branch'),
    open_issues_count: r.int('open_issues_count'),
    topics: r.strings('topics'),
    license,
    archived: r.bool('archived'),
    disabled: r.bool('disabled'),
    visibility: r.str('visibility'),
    pushed_at: r.str('pushed_at'),
    created_at: r.str('created_at'),
    updated_at: r.str('updated_at'),
  };
  return { repository };
}

// ---------------------------------------------------------------------------------------------
// An account's repositories
// ---------------------------------------------------------------------------------------------

/**
 * `GET /users/<login>/repos` → its repositories, each read by `parseRepository` (the list item is
 * GitHub's repository object without the members this record does not hold, so the same fields
 * warn when missing). The list degrades one item at a time: an element that is not an object, or
 * without its `id`/`full_name`, is left out and warned as `repos.repositories`; an answer that is
 * not an array is UPSTREAM_FAILED.
 */
export function parseRepositoryList(json: unknown): Repository[] {
  if (!Array.isArray(json)) throw shapeChanged(PLATFORM, 'repository list array');
  return reader({ repositories: json }, { platform: PLATFORM, record: 'repos' }).items(
    'repositories',
    (el) => parseRepository(el.root).repository,
  );
}

/**
 * A list answer of GitHub's paged API, refused when it holds more items than the page asked for
 * (`per_page`): that is no page of this list (GitHub sends at most `per_page`), and an answer of
 * thousands (8,000 followers, ~8 MB) was made into a record of them all, holding the event loop
 * ~0.3–0.6 s. UPSTREAM_FAILED, at 0 credits; anything else is the parser's to judge.
 */
export function pageOf(json: unknown, perPage: number, what: string): unknown {
  if (Array.isArray(json) && json.length > perPage)
    throw upstreamFailed(`${PLATFORM}: ${what}: the upstream answered ${json.length} items to a page of ${perPage}`);
  return json;
}

/**
 * The next page after `page`: the `page` of the Link header's `rel="next"` URL, null when the
 * header names no next page (the last page, or a single one: GitHub then sends no Link at all).
 * A `rel="next"` without a readable page after `page` is null too, warned as `<list>.cursor`
 * (`repos.cursor` by default; the list ends early rather than loop or skip) — but a later page
 * asked (2, 3…) answered by a page whose next is that page or an earlier one was answered by an
 * earlier page (page 1 again for page 2: the `page` parameter not applied), not the page asked:
 * UPSTREAM_FAILED, at 0 credits, never its items served again as the page asked.
 */
export function nextPageOf(link: string | undefined, page: number, list = 'repos'): number | null {
  const next = nextLinkParam(link, 'page');
  if (next === undefined) return null;
  if (next && /^\d{1,6}$/.test(next)) {
    if (Number(next) > page) return Number(next);
    if (page > 1)
      throw upstreamFailed(
        `${PLATFORM}: asked for page ${page} of the ${list}, the upstream answered a page whose next is page ${next} (an earlier page, not the one asked)`,
      );
  }
  warn(PLATFORM, `${list}.cursor`, `rel="next" without a page after ${page}: ${String(link).slice(0, 200)}`);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Repository URL
// ---------------------------------------------------------------------------------------------

/**
 * GitHub login: alphanumerics and single hyphens, 1–39 chars, not starting with a hyphen. A
 * trailing hyphen is allowed: GitHub forbids it for new accounts but legacy ones exist (the
 * 2022 trending capture lists `Artur-`).
 */
const OWNER_RE = /^[A-Za-z0-9](?:-?[A-Za-z0-9])*-?$/;
const REPO_RE = /^[A-Za-z0-9._-]{1,100}$/;

function isOwnerName(s: string | undefined): s is string {
  return typeof s === 'string' && s.length >= 1 && s.length <= 39 && OWNER_RE.test(s);
}

function isRepoName(s: string | undefined): s is string {
  return typeof s === 'string' && REPO_RE.test(s) && s !== '.' && s !== '..';
}

/** First path segments on github.com that are site sections, not owners (the link classifier's list). Compared lower-case. */
const RESERVED_FIRST_SEGMENTS = new Set(GITHUB_RESERVED);

export function parseRepositoryUrl(input: string): { owner: string; repo: string } | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  // Check the authority as written: URL() would silently drop a default port (":443").
  const m = /^(https?):\/\/([^/?#]*)([/?#].*)?$/i.exec(s);
  if (!m) return null;
  const authority = m[2];
  if (authority.includes('@') || authority.includes(':')) return null;
  const host = authority.toLowerCase();
  if (host !== 'github.com' && host !== 'www.github.com') return null;

  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return null;
  }
  const segs = u.pathname.split('/').slice(1);
  const owner = segs[0];
  let repo = segs[1];
  if (!owner || !repo) return null;
  if (repo.toLowerCase().endsWith('.git')) repo = repo.slice(0, -4);
  if (!isOwnerName(owner) || !isRepoName(repo)) return null;
  if (RESERVED_FIRST_SEGMENTS.has(owner.toLowerCase())) return null;
  return { owner, repo };
}
