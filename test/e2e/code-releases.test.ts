/**
 * code (GitHub) `GET /v1/code/repository/releases` end to end: gateway + replay upstream over real
 * HTTP. The API answers are our own (src/platforms/code/samples.ts `releaseItem`: GitHub's
 * documented release shape, invented names): `octo-studio/kiln` has two pages of releases,
 * `octo-studio/quiet` none, `octo-studio/imposter` answers a release of another repository;
 * `limited`, `throttled` and `walled` answer the exhausted quota, a bare 429 and a Cloudflare block
 * page; anything else 404.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../src/demo/answer.js';
import { decodeReleasesCursor } from '../../src/platforms/code/releases.js';
import { listLink, releaseItem } from '../../src/platforms/code/samples.js';
import type { Route } from '../../src/replay/server.js';
import { CLOUDFLARE_BLOCK, HTML } from '../faults/pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const HOST = 'api.github.com';

const routes: Route[] = [
  {
    host: HOST,
    path: /^\/repos\/[^/]+\/[^/]+\/releases$/,
    response: (req) => {
      const [, , owner, repo] = req.path.split('/');
      const page = Number(req.query.get('page'));
      if (owner === 'limited') return json({ message: 'API rate limit exceeded' }, 403, { 'x-ratelimit-remaining': '0' });
      if (owner === 'throttled') return json({ message: 'Too many requests' }, 429, { 'retry-after': '3600' });
      if (owner === 'walled') return { status: 403, headers: HTML, body: CLOUDFLARE_BLOCK };
      if (owner === 'octo-studio' && repo === 'quiet') return json([]);
      if (owner === 'octo-studio' && repo === 'imposter') return json([releaseItem('octo-studio', 'kiln', 'v1', 1)]);
      if (owner !== 'octo-studio' || repo !== 'kiln')
        return json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 404);
      return json([releaseItem('octo-studio', 'kiln', page === 1 ? 'v2.0.0' : 'v1.0.0', 900 + page * 10)], 200, {
        link: listLink('/repositories/6000001/releases', page, 2),
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

const releases = (url: string, extra = '') => `/v1/code/repository/releases?url=${encodeURIComponent(url)}${extra}`;
const hits = () => h.replay.hits({ host: HOST });

describe('code repository releases', () => {
  it('charges 1 for a live page {releases, cursor}; a cache hit costs 0 (.git and case share it); the cursor pages on', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(releases('https://github.com/octo-studio/kiln'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      releases: [
        {
          id: 910,
          tag_name: 'v2.0.0',
          html_url: 'https://github.com/octo-studio/kiln/releases/tag/v2.0.0',
          draft: false,
          author: { login: 'rel-author', type: 'User' },
          assets: [{ id: 911, name: 'kiln-v2.0.0.tgz', download_count: 17 }],
        },
      ],
    });
    expect(decodeReleasesCursor(r.body.cursor)).toEqual({ repo: 'octo-studio/kiln', page: 2 });
    expect(hits().map((q) => q.upstreamUrl)).toEqual([`https://${HOST}/repos/octo-studio/kiln/releases?per_page=30&page=1`]);

    const hit = await h.rest(releases('https://github.com/Octo-Studio/Kiln.git', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, cursor: r.body.cursor });
    expect(hits()).toHaveLength(1);

    const second = await h.rest(releases('https://github.com/octo-studio/kiln', `&cursor=${r.body.cursor}`), { key });
    expect(second.body).toMatchObject({ credits_charged: 1, releases: [{ tag_name: 'v1.0.0' }], cursor: null });
    const other = await h.rest(releases('https://github.com/octo-studio/other', `&cursor=${r.body.cursor}`), { key });
    expect(other.status).toBe(400);
    expect(other.body.error.details).toEqual([{ param: 'cursor', message: 'belongs to another list (another repository)' }]);
    expect(await h.balance(id)).toBe(3);
  });

  it('a repository without releases is an empty page, charged: it was read', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(releases('https://github.com/octo-studio/quiet'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 1, releases: [], cursor: null });
  });

  it('404; another repository’s releases UPSTREAM_FAILED; walls UPSTREAM_BLOCKED; a non-GitHub URL 400; all at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const expected: [string, number, string][] = [
      ['https://github.com/octo-studio/gone', 404, 'NOT_FOUND'],
      ['https://github.com/octo-studio/imposter', 502, 'UPSTREAM_FAILED'],
      ['https://github.com/limited/kit', 502, 'UPSTREAM_BLOCKED'],
      ['https://github.com/throttled/kit', 502, 'UPSTREAM_BLOCKED'],
      ['https://github.com/walled/kit', 502, 'UPSTREAM_BLOCKED'],
      ['https://example.com/octo-studio/kiln', 400, 'INVALID_INPUT'],
    ];
    for (const [url, status, code] of expected) {
      const r = await h.rest(releases(url), { key });
      expect([url, r.status, r.body.error?.code]).toEqual([url, status, code]);
      expect(r.body.credits_charged ?? 0).toBe(0);
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('GraphQL codeRepositoryReleases: typed releases, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(releases('https://github.com/octo-studio/kiln'), { key });
    const gql = await h.gql(
      `{ codeRepositoryReleases(url: "https://github.com/octo-studio/kiln", cacheMaxAge: "1d") {
          releases { id tagName prerelease htmlUrl author { login } assets { name size browserDownloadUrl } } cursor json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.codeRepositoryReleases;
    expect(p.json).toEqual({ releases: rest.body.releases, cursor: rest.body.cursor });
    expect(p.releases).toEqual([
      {
        id: 910,
        tagName: 'v2.0.0',
        prerelease: false,
        htmlUrl: 'https://github.com/octo-studio/kiln/releases/tag/v2.0.0',
        author: { login: 'rel-author' },
        assets: [
          {
            name: 'kiln-v2.0.0.tgz',
            size: 48_213,
            browserDownloadUrl: 'https://github.com/octo-studio/kiln/releases/download/v2.0.0/kiln-v2.0.0.tgz',
          },
        ],
      },
    ]);
  });
});
