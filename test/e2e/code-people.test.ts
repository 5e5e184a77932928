/**
 * code (GitHub) `GET /v1/code/user/followers` and `GET /v1/code/repository/contributors` end to
 * end: gateway + replay upstream over real HTTP. The API answers are our own
 * (src/platforms/code/samples.ts: GitHub's documented simple-user shape, invented names):
 * `octo-studio` has two pages of followers and `octo-studio/kiln` two pages of contributors;
 * `octo-studio/empty` answers 204, `octo-studio/huge` GitHub's "too large" 403; `limited`,
 * `throttled` and `walled` answer the exhausted quota, a bare 429 and a Cloudflare block page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../src/demo/answer.js';
import { decodeContributorsCursor, decodeFollowersCursor } from '../../src/platforms/code/people.js';
import { listLink, simpleUser } from '../../src/platforms/code/samples.js';
import type { RecordedResponse, Route } from '../../src/replay/server.js';
import { CLOUDFLARE_BLOCK, HTML } from '../faults/pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const HOST = 'api.github.com';

/** The answers every list shares: walls and the not-found. */
function common(name: string): RecordedResponse {
  switch (name) {
    case 'limited':
      return json({ message: 'API rate limit exceeded' }, 403, { 'x-ratelimit-remaining': '0' });
    case 'throttled':
      return json({ message: 'Too many requests' }, 429, { 'retry-after': '3600' });
    case 'walled':
      return { status: 403, headers: HTML, body: CLOUDFLARE_BLOCK };
    default:
      return json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 404);
  }
}

const routes: Route[] = [
  {
    host: HOST,
    path: /^\/users\/[^/]+\/followers$/,
    response: (req) => {
      const login = req.path.split('/')[2];
      const page = Number(req.query.get('page'));
      if (login !== 'octo-studio') return common(login);
      return json([simpleUser(page === 1 ? 'ana-glaze' : 'bo-kiln', 700 + page)], 200, {
        link: listLink('/user/5000001/followers', page, 2),
      });
    },
  },
  {
    host: HOST,
    path: /^\/repos\/[^/]+\/[^/]+\/contributors$/,
    response: (req) => {
      const [, , owner, repo] = req.path.split('/');
      const page = Number(req.query.get('page'));
      if (owner !== 'octo-studio') return common(owner);
      if (repo === 'empty') return { status: 204, headers: {} };
      if (repo === 'huge')
        return json(
          {
            message: 'The history or contributor list is too large to list contributors for this repository via the API.',
            documentation_url: 'https://docs.github.com/rest/repos/repos#list-repository-contributors',
            status: '403',
          },
          403,
        );
      if (repo !== 'kiln') return common('');
      return json([{ ...simpleUser(page === 1 ? 'ana-glaze' : 'bo-kiln', 700 + page), contributions: 10 - page }], 200, {
        link: listLink('/repositories/6000001/contributors', page, 2),
      });
    },
  },
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  for (const r of routes) h.replay.add(r);
});

const followers = (handle: string, extra = '') => `/v1/code/user/followers?handle=${encodeURIComponent(handle)}${extra}`;
const contributors = (url: string, extra = '') => `/v1/code/repository/contributors?url=${encodeURIComponent(url)}${extra}`;
const hits = () => h.replay.hits({ host: HOST });

describe('code user followers', () => {
  it('charges 1 for a live page {followers, cursor}; a cache hit costs 0 and spellings share it; the cursor pages on', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(followers('@Octo-Studio'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      followers: [{ login: 'ana-glaze', id: 701, type: 'User', site_admin: false, html_url: 'https://github.com/ana-glaze' }],
    });
    expect(r.body.followers[0].gravatar_id).toBe('');
    expect(decodeFollowersCursor(r.body.cursor)).toEqual({ handle: 'octo-studio', page: 2 });
    expect(hits().map((q) => q.upstreamUrl)).toEqual([`https://${HOST}/users/octo-studio/followers?per_page=100&page=1`]);

    const hit = await h.rest(followers('OCTO-STUDIO', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, cursor: r.body.cursor });
    expect(hits()).toHaveLength(1);

    const second = await h.rest(followers('octo-studio', `&cursor=${r.body.cursor}`), { key });
    expect(second.body).toMatchObject({ credits_charged: 1, followers: [{ login: 'bo-kiln' }], cursor: null });
    const other = await h.rest(followers('someone', `&cursor=${r.body.cursor}`), { key });
    expect(other.status).toBe(400);
    expect(other.body.error.details).toEqual([{ param: 'cursor', message: 'belongs to another list (another handle)' }]);
    expect(await h.balance(id)).toBe(3);
  });

  it('404 NOT_FOUND; exhausted quota, 429 and a block page UPSTREAM_BLOCKED; a URL as handle 400; all at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const expected: [string, number, string][] = [
      ['nobody-here', 404, 'NOT_FOUND'],
      ['limited', 502, 'UPSTREAM_BLOCKED'],
      ['throttled', 502, 'UPSTREAM_BLOCKED'],
      ['walled', 502, 'UPSTREAM_BLOCKED'],
      ['https://github.com/octo-studio', 400, 'INVALID_INPUT'],
    ];
    for (const [handle, status, code] of expected) {
      const r = await h.rest(followers(handle), { key });
      expect([handle, r.status, r.body.error?.code]).toEqual([handle, status, code]);
      expect(r.body.credits_charged ?? 0).toBe(0);
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('GraphQL codeUserFollowers: typed followers, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(followers('octo-studio'), { key });
    const gql = await h.gql(
      `{ codeUserFollowers(handle: "octo-studio", cacheMaxAge: "1d") { followers { login id siteAdmin htmlUrl } cursor json } }`,
      {
        key,
      },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.codeUserFollowers;
    expect(p.json).toEqual({ followers: rest.body.followers, cursor: rest.body.cursor });
    expect(p.followers).toEqual([{ login: 'ana-glaze', id: 701, siteAdmin: false, htmlUrl: 'https://github.com/ana-glaze' }]);
  });
});

describe('code repository contributors', () => {
  it('charges 1 for a live page {contributors, cursor}; a cache hit costs 0 (.git and case share it); the cursor pages on', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(contributors('https://github.com/octo-studio/kiln'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 1, contributors: [{ login: 'ana-glaze', contributions: 9 }] });
    expect(decodeContributorsCursor(r.body.cursor)).toEqual({ repo: 'octo-studio/kiln', page: 2 });
    expect(hits()[0].upstreamUrl).toBe(`https://${HOST}/repos/octo-studio/kiln/contributors?per_page=100&page=1`);

    const hit = await h.rest(contributors('https://github.com/Octo-Studio/Kiln.git', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true });
    expect(hits()).toHaveLength(1);

    const second = await h.rest(contributors('https://github.com/octo-studio/kiln', `&cursor=${r.body.cursor}`), { key });
    expect(second.body).toMatchObject({ credits_charged: 1, contributors: [{ login: 'bo-kiln', contributions: 8 }], cursor: null });
    const other = await h.rest(contributors('https://github.com/octo-studio/other', `&cursor=${r.body.cursor}`), { key });
    expect(other.status).toBe(400);
    expect(await h.balance(id)).toBe(3);
  });

  it('an empty repository (204) is an empty list, charged: it was read', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(contributors('https://github.com/octo-studio/empty'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 1, contributors: [], cursor: null });
  });

  it('too large to list 502 UPSTREAM_FAILED saying so; 404; walls UPSTREAM_BLOCKED; a non-GitHub URL 400; all at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const expected: [string, number, string][] = [
      ['https://github.com/octo-studio/huge', 502, 'UPSTREAM_FAILED'],
      ['https://github.com/octo-studio/gone', 404, 'NOT_FOUND'],
      ['https://github.com/limited/kit', 502, 'UPSTREAM_BLOCKED'],
      ['https://github.com/throttled/kit', 502, 'UPSTREAM_BLOCKED'],
      ['https://github.com/walled/kit', 502, 'UPSTREAM_BLOCKED'],
      ['https://example.com/octo-studio/kiln', 400, 'INVALID_INPUT'],
    ];
    for (const [url, status, code] of expected) {
      const r = await h.rest(contributors(url), { key });
      expect([url, r.status, r.body.error?.code]).toEqual([url, status, code]);
      expect(r.body.credits_charged ?? 0).toBe(0);
    }
    const huge = await h.rest(contributors('https://github.com/octo-studio/huge'), { key });
    expect(huge.body.error.message).toMatch(/too large/);
    expect(await h.balance(id)).toBe(5);
  });

  it('GraphQL codeRepositoryContributors: typed contributors, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(contributors('https://github.com/octo-studio/kiln'), { key });
    const gql = await h.gql(
      `{ codeRepositoryContributors(url: "https://github.com/octo-studio/kiln", cacheMaxAge: "1d") { contributors { login contributions type } cursor json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.codeRepositoryContributors;
    expect(p.json).toEqual({ contributors: rest.body.contributors, cursor: rest.body.cursor });
    expect(p.contributors).toEqual([{ login: 'ana-glaze', contributions: 9, type: 'User' }]);
  });
});
