/**
 * code (GitHub) `GET /v1/code/user` end to end: gateway + replay upstream over real HTTP. The API
 * answers are our own, in the shapes GitHub's REST reference documents ("Get a user", "List social
 * accounts for a user"); the login `limited` answers the exhausted-quota 403.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../src/demo/answer.js';
import type { Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

const HOST = 'api.github.com';

const OCTO = {
  login: 'Octo-Studio',
  id: 5_000_001,
  node_id: 'U_kgDOTEST01',
  type: 'User',
  name: 'Octo Studio',
  company: null,
  blog: 'octo.example',
  location: 'Leeds',
  email: null,
  hireable: null,
  bio: 'Tools for potters.',
  twitter_username: 'octostudio',
  public_repos: 12,
  public_gists: 1,
  followers: 340,
  following: 2,
  avatar_url: 'https://avatars.example.com/octo.png',
  html_url: 'https://github.com/Octo-Studio',
  created_at: '2019-04-01T10:00:00Z',
  updated_at: '2026-01-02T03:04:05Z',
  site_admin: false,
};

const routes: Route[] = [
  {
    host: HOST,
    path: /^\/users\//,
    response: (req) => {
      const [, , login, rest] = req.path.split('/');
      if (login === 'limited') return json({ message: 'API rate limit exceeded' }, 403, { 'x-ratelimit-remaining': '0' });
      if (login !== 'octo-studio') return json({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 404);
      return rest === 'social_accounts' ? json([{ provider: 'instagram', url: 'https://www.instagram.com/octo.studio' }]) : json(OCTO);
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

const path = (handle: string, extra = '') => `/v1/code/user?handle=${encodeURIComponent(handle)}${extra}`;
const hits = () => h.replay.hits({ host: HOST });

describe('code user', () => {
  it('charges 1 for a live answer {user, social_accounts}; cache_max_age answers it at 0 credits, spellings sharing the entry', async () => {
    const { key, id } = await h.key(5);
    const r = await h.rest(path('@Octo-Studio'), { key });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      credits_charged: 1,
      user: { login: 'Octo-Studio', id: 5000001, blog: 'octo.example', site_admin: false },
      social_accounts: [{ provider: 'instagram', url: 'https://www.instagram.com/octo.studio' }],
    });
    expect(
      hits()
        .map((q) => q.path)
        .sort(),
    ).toEqual(['/users/octo-studio', '/users/octo-studio/social_accounts']);
    const hit = await h.rest(path('OCTO-STUDIO', '&cache_max_age=1d'), { key });
    expect(hit.body).toMatchObject({ credits_charged: 0, cached: true, user: { login: 'Octo-Studio' } });
    expect(hits()).toHaveLength(2);
    expect(await h.balance(id)).toBe(4);
  });

  it('a login nobody has is 404 NOT_FOUND; the exhausted quota 502 UPSTREAM_BLOCKED; both at 0 credits', async () => {
    const { key, id } = await h.key(3);
    const gone = await h.rest(path('nobody-here'), { key });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('NOT_FOUND');
    const limited = await h.rest(path('limited'), { key });
    expect(limited.status).toBe(502);
    expect(limited.body.error.code).toBe('UPSTREAM_BLOCKED');
    expect(await h.balance(id)).toBe(3);
  });

  it('a profile URL as handle is 400 naming handle, 0 credits, nothing fetched', async () => {
    const { key, id } = await h.key(3);
    const r = await h.rest(path('https://github.com/octo-studio'), { key });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toContainEqual({ param: 'handle', message: expect.stringMatching(/login/) });
    expect(hits()).toHaveLength(0);
    expect(await h.balance(id)).toBe(3);
  });

  it('GraphQL codeUser: typed fields, json equal to the REST record', async () => {
    const { key } = await h.key(5);
    const rest = await h.rest(path('octo-studio'), { key });
    const gql = await h.gql(
      `{ codeUser(handle: "octo-studio", cacheMaxAge: "1d") {
          user { login id type name blog twitterUsername followers publicRepos htmlUrl createdAt }
          socialAccounts { provider url }
          json } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    const p = gql.body.data.codeUser;
    expect(p.json).toEqual({ user: rest.body.user, social_accounts: rest.body.social_accounts });
    expect(p.user).toMatchObject({ login: 'Octo-Studio', id: 5000001, twitterUsername: 'octostudio', followers: 340 });
    expect(p.socialAccounts).toEqual(rest.body.social_accounts);
  });
});
