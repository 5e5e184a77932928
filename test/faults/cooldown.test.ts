/**
 * 429 / 503 storms with the host-level cool-down on (its default): once an upstream host has
 * asked to slow down, later requests to it wait for the Retry-After when that fits in their
 * deadline, and otherwise fail at once — typed, at 0 credits, without sending anything to that
 * host — while other hosts are served as usual. (The other fault suites run without the
 * cool-down so their scenarios stay independent: TEST_UPSTREAM_ENV in test/harness.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { RecordedResponse, Route } from '../../src/replay/server.js';
import { repoJson, searchHtml } from '../data.js';
import { expectLive, expectTypedError, useFaultGateway } from './lib.js';
import type { Call } from './lib.js';
import { OPS } from './pages.js';

const SEARCH_OK = searchHtml([{ url: 'https://example.com/a', title: 'A result', snippet: 'Something about a.' }]);

/** Google search: the n-th request gets `instead(n)` when it gives one, else a results page. */
const searchRoute = (instead: (n: number) => RecordedResponse | null): Route => {
  let n = 0;
  return {
    host: 'www.google.com',
    path: '/search',
    response: () => instead(n++) ?? { headers: { 'content-type': 'text/html; charset=UTF-8' }, body: SEARCH_OK },
  };
};

describe('host cool-down after 429 / 503 with Retry-After (default configuration)', () => {
  // '' = the configured default, not the harness's 0 (TEST_UPSTREAM_ENV).
  const t = useFaultGateway({ credits: 100, env: { UPSTREAM_COOLDOWN_MAX_MS: '' } });

  it('503 with Retry-After: 1: the request and one sent during the cool-down both wait it out and are served live', async () => {
    // When the upstream answered each hit (Date.now, the clock the gateway's cool-down is kept in).
    const answeredAt: number[] = [];
    let answered503!: () => void;
    const got503 = new Promise<void>((r) => (answered503 = r));
    t.gw.h.replay.add(
      searchRoute((n) => {
        answeredAt.push(Date.now());
        if (n > 0) return null;
        answered503();
        return { status: 503, headers: { 'retry-after': '1' }, body: 'busy' };
      }),
    );
    const first = t.gw.rest(OPS.google.rest('cool1'), t.acc.key);
    // Sent 150 ms after the 503 went out (the gateway has taken it in by then). The test used to
    // count the 150 ms from the first request and ask the second to wait ≥ 600 ms; under load its
    // timer fired ~550 ms late once, and the second, sent that late, had 299 ms left to wait.
    await got503;
    await new Promise((r) => setTimeout(r, 150));
    const sentAt = Date.now();
    const during = t.gw.gql(OPS.google.gql('cool2'), t.acc.key).then((c) => ({ ...c, endedAt: Date.now() }));
    const calls: Call[] = await Promise.all([first, during]);
    t.acc.charge(...calls);
    for (const c of calls) {
      expectLive(c);
      expect(c.ms).toBeLessThan(3_000);
    }
    expect(t.gw.h.replay.hits()).toHaveLength(3);
    // The second one was sent during the cool-down and held at the gate until it ended (~850 ms
    // when the test's timer is on time), and nothing reached the host before the end: to the
    // millisecond, where the old `ms >= 600` also let a request go up to 250 ms early.
    const coolEnd = answeredAt[0] + 1_000;
    expect(sentAt).toBeLessThan(coolEnd);
    expect((await during).endedAt).toBeGreaterThanOrEqual(coolEnd);
    expect(Math.min(answeredAt[1], answeredAt[2])).toBeGreaterThanOrEqual(coolEnd);
  });

  it('429 with Retry-After: 60: blocked; while the host cools down, later requests fail at once at 0 credits sending nothing, cached results are still served, other hosts are unaffected', async () => {
    t.gw.h.replay.add({
      host: 'api.github.com',
      path: '/repos/faults/before',
      response: { headers: { 'content-type': 'application/json' }, body: repoJson('faults', 'before') },
    });
    const before = await t.gw.rest(OPS.github.rest('before'), t.acc.key);
    expectLive(before);
    // Added later, so it takes precedence: the host now answers 429 to everything.
    t.gw.h.replay.add({
      host: 'api.github.com',
      path: /^\/repos\//,
      response: { status: 429, headers: { 'retry-after': '60' }, body: '{"message":"slow down"}' },
    });
    t.gw.h.replay.add(searchRoute(() => null));
    const first = await t.gw.rest(OPS.github.rest('storm0'), t.acc.key);
    expectTypedError(first, 502, 'UPSTREAM_BLOCKED');
    expect(t.gw.h.replay.hits({ host: 'api.github.com' })).toHaveLength(2);

    const later: Call[] = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? t.gw.rest(OPS.github.rest(`storm${i + 1}`), t.acc.key) : t.gw.gql(OPS.github.gql(`storm${i + 1}`), t.acc.key),
      ),
    );
    const other = await t.gw.rest(OPS.google.rest('elsewhere'), t.acc.key);
    const hit = await t.gw.rest(`${OPS.github.rest('before')}&cache_max_age=30d`, t.acc.key);
    const miss = await t.gw.rest(`${OPS.github.rest('never')}&cache_max_age=30d`, t.acc.key);
    t.acc.charge(before, first, ...later, other, hit, miss);
    for (const c of [...later, miss]) {
      expectTypedError(c, 502, 'UPSTREAM_BLOCKED');
      expect(c.via === 'rest' ? c.body.error.message : c.body.errors[0].message).toMatch(/cooling down/);
      expect(c.ms).toBeLessThan(2_000);
    }
    expect(t.gw.h.replay.hits({ host: 'api.github.com' })).toHaveLength(2);
    expectLive(other);
    expect(hit.body).toMatchObject({ success: true, cached: true, credits_charged: 0 });
  });
});

describe('a host the caller names (a Mastodon server, a custom domain): never another platform’s, its redirects its own', () => {
  // A gateway of its own: the file's first one has api.github.com cooling down by now.
  const t = useFaultGateway({ credits: 100, env: { UPSTREAM_COOLDOWN_MAX_MS: '' } });

  it("a server the caller names can neither send the gateway on to another platform's host nor be one", async () => {
    const other = await t.gw.account(10);
    const slowDown: RecordedResponse = { status: 429, headers: { 'retry-after': '600' }, body: '{"message":"API rate limit exceeded"}' };
    // Sweep H's t14: a "Mastodon server" redirecting the lookup onto GitHub's API, which answers 429.
    t.gw.h.replay.add({
      host: 'evil-instance.example',
      path: '/api/v1/accounts/lookup',
      response: { status: 302, headers: { location: 'https://api.github.com/users/octocat?hop=1' } },
    });
    t.gw.h.replay.add({ host: 'api.github.com', path: /^\/(users|api)\//, response: slowDown });
    t.gw.h.replay.add({ host: 'www.youtube.com', path: /^\/api\//, response: slowDown });
    t.gw.h.replay.add({
      host: 'api.github.com',
      path: /^\/repos\/faults\/named-/,
      response: (r) => ({ headers: { 'content-type': 'application/json' }, body: repoJson('faults', r.path.split('/')[3]) }),
    });
    const lookup = (host: string) => `/v1/microblog-e/profile?handle=${encodeURIComponent(`@someone@${host}`)}`;
    const redirected = await t.gw.rest(lookup('evil-instance.example'), t.acc.key);
    expectTypedError(redirected, 502, 'UPSTREAM_FAILED');
    expect(redirected.body.error.message).toMatch(/evil-instance\.example redirected to another host \(api\.github\.com\)/);
    expect(t.gw.h.replay.hits({ host: 'api.github.com' })).toHaveLength(0);

    // Naming a platform's own host as the server, or as a publication's custom domain: the
    // caller's input, refused before anything is sent there (a failed read costs nothing, so each
    // such request would spend the gateway's per-IP quota at that platform for free).
    const named = [
      await t.gw.rest(lookup('api.github.com'), t.acc.key),
      await t.gw.rest(lookup('API.GitHub.com.'), t.acc.key),
      await t.gw.rest(`/v1/newsletter/post?url=${encodeURIComponent('https://www.youtube.com/p/a-post')}`, t.acc.key),
      await t.gw.rest(lookup('sub.komi.io'), t.acc.key),
    ];
    for (const c of named) {
      expectTypedError(c, 400, 'INVALID_INPUT');
      expect(c.body.error.message).toMatch(/is the (code|video|linkpage-c) platform's own host/);
    }
    expect(t.gw.h.replay.hits({ host: 'api.github.com' })).toHaveLength(0);
    expect(t.gw.h.replay.hits({ host: 'www.youtube.com' })).toHaveLength(0);

    // Another key's code request to that host: served live, at once.
    const calls = [await t.gw.rest(OPS.github.rest('named-rest'), other.key), await t.gw.gql(OPS.github.gql('named-gql'), other.key)];
    for (const c of calls) {
      expectLive(c);
      expect(c.ms).toBeLessThan(2_000);
    }
    t.acc.charge(redirected, ...named);
    other.charge(...calls);
    await other.expectBalance();
  });
});
