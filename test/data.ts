/**
 * The project's own small upstream bodies for end-to-end tests, written by us in the shape of
 * the public responses (GitHub REST API repository JSON, trending HTML, Google no-JS results),
 * so the gateway's e2e suite runs without ../shared/fixtures.
 */
import type { Route } from '../src/replay/server.js';

export function repoJson(owner: string, repo: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: 41_000_000 + owner.length * 1000 + repo.length,
    node_id: 'R_kgDOtest',
    name: repo,
    full_name: `${owner}/${repo}`,
    private: false,
    owner: {
      login: owner,
      id: 7001,
      avatar_url: `https://avatars.githubusercontent.com/u/7001?v=4`,
      html_url: `https://github.com/${owner}`,
      type: 'User',
    },
    html_url: `https://github.com/${owner}/${repo}`,
    description: `Test repository ${repo}`,
    fork: false,
    homepage: null,
    size: 120,
    stargazers_count: 42,
    watchers_count: 42,
    language: 'TypeScript',
    forks_count: 3,
    archived: false,
    disabled: false,
    open_issues_count: 1,
    license: { key: 'mit', name: 'MIT License', spdx_id: 'MIT', url: 'https://api.github.com/licenses/mit', node_id: 'MDc6TGljZW5zZTEz' },
    topics: ['creators', 'testing'],
    visibility: 'public',
    default_branch: 'main',
    created_at: '2024-01-02T03:04:05Z',
    updated_at: '2026-10-01T00:00:00Z',
    pushed_at: '2026-09-30T12:00:00Z',
    ...extra,
  });
}

export function repoRoute(owner: string, repo: string, extra: Record<string, unknown> = {}): Route {
  return {
    host: 'api.github.com',
    path: `/repos/${owner}/${repo}`,
    response: { headers: { 'content-type': 'application/json' }, body: repoJson(owner, repo, extra) },
  };
}

export const TRENDING_HTML = `<!doctype html><html><head><title>Trending developers</title></head><body><div class="Box">
<article class="Box-row d-flex" id="pa-ada-l">
  <a href="#pa-ada-l" class="color-fg-muted f6">1</a>
  <div class="mx-3"><img class="rounded avatar-user" src="https://avatars.githubusercontent.com/u/11?s=96&amp;v=4"></div>
  <div class="col-md-6"><h1 class="h3 lh-condensed"><a href="/ada-l">Ada L.</a></h1><p class="f4 text-normal mb-1"><a href="/ada-l">ada-l</a></p></div>
  <div class="col-md-6"><article><div class="f6 color-fg-muted text-uppercase mb-1">Popular repo</div>
    <h1 class="h4 lh-condensed"><a href="/ada-l/engine">engine</a></h1><div class="f6 color-fg-muted mt-1">An analytical engine</div></article></div>
</article>
<article class="Box-row d-flex" id="pa-grace">
  <a href="#pa-grace" class="color-fg-muted f6">2</a>
  <div class="col-md-6"><h1 class="h3 lh-condensed"><a href="/grace">Grace H.</a></h1><p class="f4 text-normal mb-1"><a href="/grace">grace</a></p></div>
</article>
</div></body></html>`;

export const TRENDING_ROUTE: Route = { host: 'github.com', path: /^\/trending\/developers/, response: { body: TRENDING_HTML } };

export function searchHtml(results: { url: string; title: string; snippet: string }[]): string {
  const blocks = results
    .map(
      (r) =>
        `<div class="Gx5Zad fP1Qef xpd EtOod pkphOe"><div class="egMi0 kCrYT"><a href="/url?q=${encodeURIComponent(r.url)}&amp;sa=U&amp;ved=x&amp;usg=y"><h3 class="zBAuLc l97dzf"><div class="BNeawe vvjwJb AP7Wnd">${r.title}</div></h3></a></div><div class="kCrYT"><div><div class="BNeawe s3v9rd AP7Wnd"><div><div><div class="BNeawe s3v9rd AP7Wnd">${r.snippet}</div></div></div></div></div></div></div>`,
    )
    .join('');
  return `<!doctype html><html><head><title>q - Google Search</title></head><body><div id="main">${blocks}</div></body></html>`;
}
