/**
 * code (GitHub) `GET /v1/code/user/repos` end to end: gateway + replay upstream over real HTTP. The
 * API answers are our own (src/platforms/code/samples.ts: GitHub's documented list shape, invented
 * names): `octo-studio` has two pages of repositories, `quiet-one` none; `limited`, `throttled`
 * and `walled` answer the exhausted quota, a bare 429 and a Cloudflare block page; `imposter`
 * answers a list naming another owner.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../src/demo/answer.js';
import { decodeReposCursor } from '../../src/platforms/code/fetch.js';
import { repoListItem, reposLink } from '../../src/platforms/code/samples.js';
import type { Route } from '../../src/replay/server.js';
import { CLOUDFLARE_BLOCK, HTML } from '../faults/pages.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const HOST = 'api.github.com';

const routes: Route[] = [
  {
    host: HOST,
    path: /^\/users\/[^/]+\/repos$/,
    response: (req) => {
      const login = req.path.split('/')[2];
      const page = Number(req.query.get('page'));
      const query = `per_page=100&sort=${req.query.get('sort')}&type=${req.query.get('type')}`;
      switch (login) {
        case 'octo-studio':
          return json([repoListItem('Octo-Studio', page === 1 ? 'glaze-calc' : 'kiln-log', 600 + page)], 200, {
            link: reposLink(5_000_001, query, page, 2),
          });
        case 'quiet-one':
          return json([]);
        case 'limited':
          return json({ message: 'API rate limit exceeded' }, 403, { 'x-ratelimit-remaining': '0' });
        case 'throttled':
          return json({ message: 'Too many requests' }, 429, { 'retry-after': '3600' });
        case 'walled':
          return { status: 403, headers: HTML, body: CLOUDFLARE_BLOCK };
        case 'imposter':
          return json([repoListItem('someone-else', 'kit', 9)]);
        default:
          return json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 404);
      }
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

const path = (handle: string, extra = '') => `/v1/code/user/repos?handle=${encodeURIComponent(handle)}${extra}`;
const hits = () => h.replay.hits({ host: HOST });

describe('code user repos', () => {
  it('charges 1 for a live page {repositories, cursor}; cache_max_age answers it at 0 credits, spellings sharing the entry', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path('@Octo-Studio'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      repositories: [
        {
          full_name: 'Octo-Studio/glaze-calc',
          stars_count: 42,
          owner: { login: 'Octo-Studio' },
          url: 'https://github.com/Octo-Studio/glaze-calc',
        },
      ],
    });
    expect(decodeReposCursor(r.body.cursor)).toEqual({ handle: 'octo-studio', sort: 'updated', page: 2 });
    expect(hits().map((q) => q.upstreamUrl)).toEqual([
      `https://${HOST}/users/octo-studio/repos?per_page=100&sort=updated&type=owner&page=1`,
    ]);

    const hit = await h.rest(path('OCTO-STUDIO', '&sort=updated&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, cursor: r.body.cursor });
    expect(hits()).toHaveLength(1);
    expect(await h.balance(id)).toBe(4);
  });

  it('the cursor pages on (1 credit), the last page says cursor null; a cursor of another list is 400 at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const first = await h.rest(path('octo-studio'), { key });
    const second = await h.rest(path('octo-studio', `&cursor=${first.body.cursor}`), { key });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ credits_charged: 1, repositories: [{ name: 'kiln-log' }], cursor: null });
    expect(hits()[1].query.get('page')).toBe('2');

    for (const extra of [`&sort=created&cursor=${first.body.cursor}`, `&sort=full_name&cursor=${first.body.cursor}`]) {
      const other = await h.rest(path('octo-studio', extra), { key });
      expect(other.status).toBe(400);
      expect(other.body.error.details).toEqual([{ param: 'cursor', message: 'belongs to another list (another handle or sort)' }]);
    }
    const otherHandle = await h.rest(path('quiet-one', `&cursor=${first.body.cursor}`), { key });
    expect(otherHandle.status).toBe(400);
    expect(hits()).toHaveLength(2);
    expect(await h.balance(id)).toBe(3);
  });

  it('an account without public repositories is an empty list (charged: it was read)', async () => {
    const { key } = await h.key(5);
    const r = await h.rest(path('quiet-one'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ credits_charged: 1, repositories: [], cursor: null });
  });

  it('404 NOT_FOUND; exhausted quota, 429 and a block page 502 UPSTREAM_BLOCKED; another owner 502 UPSTREAM_FAILED; all at 0 credits', async () => {
    const { key, id } = await h.key(5);
    const expected: [string, number, string][] = [
      ['nobody-here', 404, 'NOT_FOUND'],
      ['limited', 502, 'UPSTREAM_BLOCKED'],
      ['throttled', 502, 'UPSTREAM_BLOCKED'],
      ['walled', 502, 'UPSTREAM_BLOCKED'],
      ['imposter', 502, 'UPSTREAM_FAILED'],
    ];
    for (const [handle, status, code] of expected) {
      const r = await h.rest(path(handle), { key });
      expect([handle, r.status, r.body.error?.code]).toEqual([handle, status, code]);
      expect(r.body.credits_charged ?? 0).toBe(0);
    }
    expect(await h.balance(id)).toBe(5);
  });

  it('a profile URL as handle, an unknown sort: 400 naming the parameter, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(3);
    const url = await h.rest(path('https://github.com/octo-studio'), { key });
    expect(url.status).toBe(400);
    expect(url.body.error.details).toContainEqual({ param: 'handle', message: expect.stringMatching(/login/) });
    const sort = await h.rest(path('octo-studio', '&sort=stars'), { key });
    expect(sort.status).toBe(400);
    expect(sort.body.error.details).toContainEqual({ param: 'sort', message: expect.stringMatching(/full_name/) });
    expect(hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL codeUserRepos: enum arguments, typed repositories, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(path('octo-studio', '&sort=full_name'), { key });
    const gql = await h.gql(
      `{ codeUserRepos(handle: "octo-studio", sort: FULL_NAME, cacheMaxAge: "1d") {
          repositories { fullName starsCount owner { login } license { spdxId } topics }
          cursor
          json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.codeUserRepos;
    expect(p.json).toEqual({ repositories: rest.body.repositories, cursor: rest.body.cursor });
    expect(p.repositories).toEqual([
      {
        fullName: 'Octo-Studio/glaze-calc',
        starsCount: 42,
        owner: { login: 'Octo-Studio' },
        license: { spdxId: 'MIT' },
        topics: ['sample', 'tools'],
      },
    ]);
    expect(decodeReposCursor(p.cursor)).toMatchObject({ sort: 'full_name', page: 2 });
    expect(hits()).toHaveLength(1);
  });
});
