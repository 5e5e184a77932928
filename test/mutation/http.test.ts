/**
 * The mutation rule end to end: the replay upstream serves a real answer with one part moved
 * (test/harness.ts), and the gateway answers 200 with that field null (or that item left out)
 * and the change counted in `cl_parser_warnings_total` — while an answer that lost its identity,
 * or names another account, is UPSTREAM_FAILED and costs nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../../src/replay/server.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { hasFixtures, readFixture, skipReason } from '../support/fixtures.js';
import * as igPages from '../../src/platforms/social-b/samples.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };
const METRICS = 'metrics-secret';
type Json = Record<string, any>;

/** A route answering `body` (an object, serialized) for `host` + `path`. */
const route = (host: string, path: string | RegExp, body: () => unknown): Route => ({
  host,
  path,
  response: () => ({ headers: JSON_HEADERS, body: JSON.stringify(body()) }),
});

async function metrics(h: Harness): Promise<string> {
  const res = await fetch(`${h.url}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/** `cl_parser_warnings_total{platform,field}` in a scrape (0 when the series is not there yet). */
function warnings(text: string, platform: string, field: string): number {
  const line = text
    .split('\n')
    .find((l) => l.startsWith('cl_parser_warnings_total{') && l.includes(`platform="${platform}"`) && l.includes(`field="${field}"`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/**
 * One request that must degrade: 200, 1 credit, the named fields as given, and each listed
 * warning counted once more than before.
 */
async function expectDegraded(h: Harness, path: string, platform: string, fields: string[], check: (body: Json) => void) {
  const before = await metrics(h);
  const { key, id } = await h.key(5);
  const r = await h.rest(path, { key });
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  expect(r.body.credits_charged).toBe(1);
  expect(await h.balance(id)).toBe(4);
  check(r.body);
  const after = await metrics(h);
  for (const f of fields)
    expect(warnings(after, platform, f) - warnings(before, platform, f), `${platform} ${f}`).toBeGreaterThanOrEqual(1);
}

/** One request that must fail typed: UPSTREAM_FAILED (502), nothing charged. */
async function expectIdentityFailure(h: Harness, path: string) {
  const { key, id } = await h.key(5);
  const r = await h.rest(path, { key });
  expect(r.status).toBe(502);
  expect(r.body.error.code).toBe('UPSTREAM_FAILED');
  expect(await h.balance(id)).toBe(5);
}

// ---------------------------------------------------------------------------------------------
// social-b, from the project's own answer (runs without ../shared)
// ---------------------------------------------------------------------------------------------

describe('social-b over HTTP: a moved field degrades, a lost identity fails (test page)', () => {
  let h: Harness;
  const user = (username: string, change: (u: Json) => void) => {
    const u = igPages.userJson(username) as Json;
    change(u);
    return igPages.profileBody(u);
  };
  beforeAll(async () => {
    h = await startHarness({
      env: { METRICS_TOKEN: METRICS },
      routes: [
        {
          host: 'i.instagram.com',
          path: '/api/v1/users/web_profile_info/',
          response: (req) => {
            const username = req.query.get('username') ?? '';
            const body =
              username === 'moved.counts'
                ? // `edge_follow` renamed, the biography of another type: the profile stands.
                  user(username, (u) => ((u.following = u.edge_follow), delete u.edge_follow, (u.biography = { text: u.biography })))
                : username === 'lost.id'
                  ? user(username, (u) => delete u.id)
                  : username === 'other.account'
                    ? // The answer names another account than the one asked for: never data.
                      user('someone.else', () => undefined)
                    : user(username, () => undefined);
            return { headers: JSON_HEADERS, body: JSON.stringify(body) };
          },
        },
      ],
    });
  });
  afterAll(() => h.close());

  it('edge_follow renamed and biography of another type: 200, those null, the rest intact, warnings counted', async () => {
    await expectDegraded(h, '/v1/social-b/profile?handle=moved.counts', 'social-b', ['user.edge_follow', 'user.biography'], (body) => {
      expect(body.data.user.username).toBe('moved.counts');
      expect(body.data.user.edge_follow).toEqual({ count: null });
      expect(body.data.user.biography).toBeNull();
      expect(body.data.user.edge_followed_by.count).toEqual(expect.any(Number));
      expect(body.data.user.full_name).toEqual(expect.any(String));
    });
  });

  it('the account id gone: 502 UPSTREAM_FAILED, 0 credits', async () => {
    await expectIdentityFailure(h, '/v1/social-b/profile?handle=lost.id');
  });

  it('an answer about another account: 502 UPSTREAM_FAILED, 0 credits', async () => {
    await expectIdentityFailure(h, '/v1/social-b/profile?handle=other.account');
  });
});

// ---------------------------------------------------------------------------------------------
// Real captures
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasFixtures('code'))(`code over HTTP: the pygithub capture with parts moved (${skipReason('code')})`, () => {
  let h: Harness;
  const repo = (change: (r: Json) => void) => () => {
    const r = JSON.parse(readFixture('code', 'repo-pygithub-pygithub.json')) as Json;
    change(r);
    return r;
  };
  beforeAll(async () => {
    h = await startHarness({
      env: { METRICS_TOKEN: METRICS },
      routes: [
        // `stargazers_count` renamed, the owner's avatar of another type, a topic malformed.
        route(
          'api.github.com',
          '/repos/PyGithub/PyGithub',
          repo(
            (r) => ((r.stars = r.stargazers_count), delete r.stargazers_count, (r.owner.avatar_url = 42), r.topics.unshift({ name: 'x' })),
          ),
        ),
        route(
          'api.github.com',
          '/repos/lost/id',
          repo((r) => ((r.full_name = 'lost/id'), delete r.id)),
        ),
        // Answered with another repository than the one asked for.
        route(
          'api.github.com',
          '/repos/asked/repo',
          repo(() => undefined),
        ),
      ],
    });
  });
  afterAll(() => h.close());
  const path = (ownerRepo: string) => `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${ownerRepo}`)}`;

  it('stars renamed, avatar of another type, a malformed topic: 200, those null/left out, the rest intact, warnings counted', async () => {
    await expectDegraded(
      h,
      path('PyGithub/PyGithub'),
      'code',
      ['repository.stargazers_count', 'repository.owner.avatar_url', 'repository.topics'],
      (body) => {
        expect(body.repository.stars_count).toBeNull();
        expect(body.repository.owner.avatar_url).toBeNull();
        expect(body.repository.topics.every((t: unknown) => typeof t === 'string')).toBe(true);
        expect(body.repository.full_name).toBe('PyGithub/PyGithub');
        expect(body.repository.forks_count).toEqual(expect.any(Number));
      },
    );
  });

  it('the repository id gone: 502 UPSTREAM_FAILED, 0 credits', async () => {
    await expectIdentityFailure(h, path('lost/id'));
  });

  it('another repository than the one asked for: 502 UPSTREAM_FAILED, 0 credits', async () => {
    await expectIdentityFailure(h, path('asked/repo'));
  });
});

describe.skipIf(!hasFixtures('microblog-a'))(
  `microblog-a over HTTP: a post capture with parts moved (${skipReason('microblog-a')})`,
  () => {
    let h: Harness;
    const status = (id: string, change: (s: Json) => void) => () => {
      const s = JSON.parse(readFixture('microblog-a', 'status-text-realdonaldtrump.json')) as Json;
      s.id = id;
      change(s);
      return s;
    };
    beforeAll(async () => {
      h = await startHarness({
        env: { METRICS_TOKEN: METRICS },
        routes: [
          // The author block renamed (once a 502), the reply count of another type.
          route(
            'truthsocial.com',
            '/api/v1/statuses/1001',
            status('1001', (s) => ((s.author = s.account), delete s.account, (s.replies_count = '12'))),
          ),
          route(
            'truthsocial.com',
            '/api/v1/statuses/1002',
            status('1002', (s) => delete s.id),
          ),
        ],
      });
    });
    afterAll(() => h.close());
    const path = (id: string) => `/v1/microblog-a/post?url=${encodeURIComponent(`https://truthsocial.com/@realDonaldTrump/posts/${id}`)}`;

    it('account renamed and replies_count of another type: 200, account and the count null, text intact, warnings counted', async () => {
      await expectDegraded(h, path('1001'), 'microblog-a', ['status.account', 'status.replies_count'], (body) => {
        expect(body.account).toBeNull();
        expect(body.replies_count).toBeNull();
        expect(body.id).toBe('1001');
        expect(body.text).toEqual(expect.any(String));
        expect(body.favourites_count).toEqual(expect.any(Number));
      });
    });

    it('the status id gone: 502 UPSTREAM_FAILED, 0 credits', async () => {
      await expectIdentityFailure(h, path('1002'));
    });
  },
);

describe.skipIf(!hasFixtures('forum'))(`forum over HTTP: the search capture with one result broken (${skipReason('forum')})`, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      env: { METRICS_TOKEN: METRICS },
      routes: [
        {
          host: 'www.reddit.com',
          path: '/search.json',
          response: (req) => {
            const listing = JSON.parse(readFixture('forum', 'search-r-all-praw-oauth-search-2020.json')) as Json;
            const q = req.query.get('q');
            // The first post without its id (once a 502 of the whole page), the second's score renamed.
            if (q === 'broken first') {
              delete listing.data.children[0].data.id;
              listing.data.children[1].data.points = listing.data.children[1].data.score;
              delete listing.data.children[1].data.score;
            }
            return { headers: JSON_HEADERS, body: JSON.stringify(listing) };
          },
        },
      ],
    });
  });
  afterAll(() => h.close());

  it('a post without its id is left out, another without its score keeps the rest: 200, warnings counted', async () => {
    const whole = await h.rest('/v1/forum/search?query=whole', { key: (await h.key(5)).key });
    expect(whole.status).toBe(200);
    const ids = whole.body.posts.map((p: Json) => p.id);
    await expectDegraded(h, '/v1/forum/search?query=broken%20first', 'forum', ['listing.children', 'post.score'], (body) => {
      expect(body.posts.map((p: Json) => p.id)).toEqual(ids.slice(1));
      expect(body.posts[0].score).toBeNull();
      expect(body.posts[0].title).toBe(whole.body.posts[1].title);
    });
  });
});
