/**
 * Replay routes for `npm run demo`: the project's own invented demo data (src/demo/data/), so the
 * demo runs offline. Repositories belong to the invented `creator-lookup-demo` organisation,
 * developers are invented, and other links and avatars use reserved example.* domains. Served:
 *
 * The creator web (web.ts), the other platforms' records (each platform's demo.ts, listed by
 * platforms.ts, generated; served by platformRoutes below), and here:
 *
 *   api.github.com  /repos/creator-lookup-demo/{creator-kit,trend-radar,profile-cards}
 *                   /users/creator-lookup-demo (and its /social_accounts, and its /repos:
 *                   those three repositories and 100 invented ones, in `sort`'s order, whatever
 *                   type; and its /followers: 214 accounts)
 *                   /repos/creator-lookup-demo/creator-kit/contributors (103)
 *                   /repos/creator-lookup-demo/creator-kit/releases (32)
 *                   (the lists in GitHub's numbered pages with its Link header: github-lists.ts)
 *                   (any other repository: a demo miss, "the demo has no data", see miss.ts)
 *   github.com      /trending/developers             (any since=) → 5 developers
 *                   /trending/developers/typescript  (any since=) → 4 developers
 *                   /trending/developers/<other>     → GitHub's "no trending developers" page
 *   www.google.com  /search?q=creator economy tools        → desktop-layout results page
 *                   /search?q=creator-kit typescript sdk   → no-JS-layout results page
 *                   /search?q=<anything else>              → "did not match any documents"
 *                   (the creator web's searches: web.ts)
 *
 * Later routes take precedence, so the catch-alls come first.
 */
import { fileURLToPath } from 'node:url';
import type { Route } from '../replay/server.js';
import { platforms } from '../platforms/registry.js';
import { PLATFORM_DEMOS } from './platforms.js';
import { absentProbeRoutes, creatorWebRoutes } from './web.js';
import { demoContributors, demoFollowers, demoReleases, demoRepositories, githubPage, sortRepositories } from './github-lists.js';

const DATA_DIR = fileURLToPath(new URL('./data/', import.meta.url));

const dataFile = (path: string): string => DATA_DIR + path;

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-github-media-type': 'github.v3; format=json',
  'x-ratelimit-limit': '60',
  'x-ratelimit-remaining': '57',
  'x-ratelimit-resource': 'core',
};
const GITHUB_HTML = { 'content-type': 'text/html; charset=utf-8' };
const GOOGLE_HTML = { 'content-type': 'text/html; charset=UTF-8' };

export const DEMO_OWNER = 'creator-lookup-demo';
/** Its account's and creator-kit's numeric ids (their recorded documents'), as GitHub's Link headers name them. */
const DEMO_OWNER_ID = 990001;
const CREATOR_KIT_ID = 812345601;
/** Repositories with a recorded api.github.com document. */
export const DEMO_REPOSITORIES = ['creator-kit', 'trend-radar', 'profile-cards'] as const;
/** Trending languages with their own page (besides all languages). */
export const DEMO_TRENDING_LANGUAGES = ['typescript'] as const;
/** Search queries with a results page (matched case-insensitively, spaces as sent). */
export const DEMO_SEARCH_QUERIES = ['creator economy tools', 'creator-kit typescript sdk'] as const;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Routes of every platform with demo data, in the registry's order (they take precedence over
 * the creator web's catch-alls; no two platforms answer the same host and path). A label the
 * registry does not know is an error, so a renamed platform cannot silently drop out of the demo.
 */
export function platformRoutes(demos: Readonly<Record<string, () => Route[]>> = PLATFORM_DEMOS): Route[] {
  const labels = new Set(platforms.map((p) => p.label));
  const unknown = Object.keys(demos).filter((label) => !labels.has(label));
  if (unknown.length) throw new Error(`demo data for platforms the registry does not list: ${unknown.join(', ')}`);
  return platforms.flatMap((p) => demos[p.label]?.() ?? []);
}

export function demoRoutes(): Route[] {
  const routes: Route[] = [
    // The creator web first: its hosts' catch-alls (unknown accounts answer "not found" in each
    // platform's way; Google answers "did not match any documents" for unknown queries).
    ...creatorWebRoutes(),
    ...platformRoutes(),
    // The demo lookups' same-handle probes that find nobody on those platforms' written records.
    ...absentProbeRoutes(),
    // Catch-alls first (lowest precedence).
    {
      host: 'github.com',
      path: /^\/trending\/developers\/[^/]+$/,
      method: 'GET',
      response: { headers: GITHUB_HTML, bodyFile: dataFile('github/trending-developers-empty.html') },
    },
  ];

  const repositories = demoRepositories(dataFile(`github/repos-${DEMO_OWNER}.json`));
  const followers = demoFollowers(dataFile(`github/followers-${DEMO_OWNER}.json`));
  const contributors = demoContributors(dataFile('github/contributors-creator-kit.json'));
  const releases = demoReleases(dataFile('github/releases-creator-kit.json'), DEMO_OWNER, 'creator-kit');

  for (const repo of DEMO_REPOSITORIES) {
    routes.push({
      host: 'api.github.com',
      // GitHub owner and repository names are case-insensitive.
      path: new RegExp(`^/repos/${escapeRegExp(DEMO_OWNER)}/${escapeRegExp(repo)}$`, 'i'),
      method: 'GET',
      response: { headers: JSON_HEADERS, bodyFile: dataFile(`github/repo-${repo}.json`) },
    });
  }

  // The demo organisation's account and social accounts (GET /v1/code/user's example).
  routes.push(
    {
      host: 'api.github.com',
      path: new RegExp(`^/users/${escapeRegExp(DEMO_OWNER)}$`, 'i'),
      method: 'GET',
      response: { headers: JSON_HEADERS, bodyFile: dataFile(`github/user-${DEMO_OWNER}.json`) },
    },
    {
      host: 'api.github.com',
      path: new RegExp(`^/users/${escapeRegExp(DEMO_OWNER)}/social_accounts$`, 'i'),
      method: 'GET',
      response: { headers: JSON_HEADERS, bodyFile: dataFile(`github/social-accounts-${DEMO_OWNER}.json`) },
    },
    // Its repositories (GET /v1/code/user/repos's example), its followers (GET /v1/code/user/followers's),
    // creator-kit's contributors and releases (GET /v1/code/repository/contributors's and /releases's):
    // the recorded items and invented ones after them, in GitHub's numbered pages (github-lists.ts).
    {
      host: 'api.github.com',
      path: new RegExp(`^/users/${escapeRegExp(DEMO_OWNER)}/repos$`, 'i'),
      method: 'GET',
      response: (req) => githubPage(req, sortRepositories(repositories, req.query.get('sort')), `/user/${DEMO_OWNER_ID}/repos`),
    },
    {
      host: 'api.github.com',
      path: new RegExp(`^/users/${escapeRegExp(DEMO_OWNER)}/followers$`, 'i'),
      method: 'GET',
      response: (req) => githubPage(req, followers, `/user/${DEMO_OWNER_ID}/followers`),
    },
    {
      host: 'api.github.com',
      path: new RegExp(`^/repos/${escapeRegExp(DEMO_OWNER)}/creator-kit/contributors$`, 'i'),
      method: 'GET',
      response: (req) => githubPage(req, contributors, `/repositories/${CREATOR_KIT_ID}/contributors`),
    },
    {
      host: 'api.github.com',
      path: new RegExp(`^/repos/${escapeRegExp(DEMO_OWNER)}/creator-kit/releases$`, 'i'),
      method: 'GET',
      response: (req) => githubPage(req, releases, `/repositories/${CREATOR_KIT_ID}/releases`),
    },
  );

  routes.push({
    host: 'github.com',
    path: '/trending/developers',
    method: 'GET',
    response: { headers: GITHUB_HTML, bodyFile: dataFile('github/trending-developers.html') },
  });
  for (const language of DEMO_TRENDING_LANGUAGES) {
    routes.push({
      host: 'github.com',
      path: `/trending/developers/${language}`,
      method: 'GET',
      response: { headers: GITHUB_HTML, bodyFile: dataFile(`github/trending-developers-${language}.html`) },
    });
  }

  for (const query of DEMO_SEARCH_QUERIES) {
    routes.push({
      host: 'www.google.com',
      path: '/search',
      query: { q: new RegExp(`^${escapeRegExp(query)}$`, 'i') },
      method: 'GET',
      response: { headers: GOOGLE_HTML, bodyFile: dataFile(`google/search-${query.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.html`) },
    });
  }
  return routes;
}
