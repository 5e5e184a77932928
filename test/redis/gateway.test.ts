/**
 * REDIS_URL end to end: two gateway instances (separate DATA_DIRs) share one real redis-server
 * and one replay upstream, as behind a load balancer. Balances, cached results and in-flight
 * fetches are shared. (Redis restarts: restart.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repoJson } from '../data.js';
import { startCluster } from './cluster.js';
import type { Cluster } from './cluster.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const REDIS = requireTool('redis-server');

const repoPath = (owner: string, repo: string) => `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${owner}/${repo}`)}`;
const repoRoute = (latencyMs: number) => ({
  host: 'api.github.com',
  path: /^\/repos\/[^/]+\/[^/]+$/,
  response: (req: { path: string }) => {
    const [, , owner, repo] = req.path.split('/');
    return {
      headers: { 'content-type': 'application/json' },
      body: repoJson(owner, repo),
      fault: { kind: 'latency' as const, ms: latencyMs },
    };
  },
});

describe.skipIf(REDIS.skip)(titled('two gateway instances on one Redis', REDIS), () => {
  let redis: RedisServer;
  let c: Cluster;
  const upstreamHits = (path?: string) => c.replay.hits({ host: 'api.github.com', ...(path ? { path } : {}) }).length;

  beforeAll(async () => {
    redis = await startRedisServer();
    c = await startCluster(redis.url);
  });
  afterAll(async () => {
    await c?.close();
    await redis?.close();
  });
  beforeEach(() => {
    c.replay.reset();
  });

  it('200 concurrent requests split across both against a balance covering 50: exactly 50 succeed, balance ends at 0', async () => {
    c.replay.add(repoRoute(30));
    const { key, id } = await c.key(50);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => c.nodes[i % 2].rest(repoPath('split', `repo${i}`), key)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(50);
    expect(results.filter((r) => r.status === 402 && r.body.error.code === 'INSUFFICIENT_CREDITS')).toHaveLength(150);
    // Both instances served some of the successes: the balance really is shared.
    expect(new Set(results.map((r, i) => (r.status === 200 ? i % 2 : -1)).filter((n) => n >= 0)).size).toBe(2);
    expect(ok.reduce((s, r) => s + r.body.credits_charged, 0)).toBe(50);
    for (const n of c.nodes) expect(await n.deps.ledger.balance(id)).toBe(0);
    expect(await c.nodes[1].deps.ledger.totalCharged(id)).toBe(50);
    // Refused requests fetched nothing.
    expect(upstreamHits()).toBe(50);
  });

  it('a cache entry written through one instance is a 0-credit hit on the other (REST and GraphQL)', async () => {
    c.replay.add(repoRoute(0));
    const { key, id } = await c.key(5);
    const live = await c.nodes[0].rest(repoPath('shared', 'entry'), key);
    expect(live.body).toMatchObject({ success: true, credits_charged: 1 });
    const hit = await c.nodes[1].rest(`${repoPath('shared', 'entry')}&cache_max_age=1d`, key);
    expect(hit.status).toBe(200);
    expect(hit.body).toMatchObject({ success: true, credits_charged: 0, credits_remaining: 4, cached: true });
    expect(hit.body.repository).toEqual(live.body.repository);
    const gql = await c.nodes[1].gql('{ codeRepository(url: "https://github.com/shared/entry", cacheMaxAge: "7d") { fullName } }', key);
    expect(gql.body.data.codeRepository.fullName).toBe('shared/entry');
    expect(gql.body.extensions.credits).toMatchObject({ charged: 0, remaining: 4, fields: [{ cached: true }] });
    expect(upstreamHits()).toBe(1);
    expect(await c.nodes[0].deps.ledger.balance(id)).toBe(4);
  });

  it('100 concurrent identical live requests across both make 1 upstream fetch; each pays the live price', async () => {
    c.replay.add(repoRoute(300));
    const { key, id } = await c.key(100);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => c.nodes[i % 2].rest(repoPath('flight', 'single'), key)));
    expect(results.every((r) => r.status === 200 && r.body.repository.full_name === 'flight/single' && r.body.credits_charged === 1)).toBe(
      true,
    );
    expect(upstreamHits('/repos/flight/single')).toBe(1);
    expect(await c.nodes[1].deps.ledger.balance(id)).toBe(0);
  });

  it('a key revoked through one instance between its authentication and its reservation on the other is 401, never 402', async () => {
    c.replay.add(repoRoute(0));
    const { key, id } = await c.key(5);
    const ledger = c.nodes[1].deps.ledger;
    const authenticate = ledger.authenticate;
    ledger.authenticate = async (raw) => {
      const k = await authenticate.call(ledger, raw);
      if (k) await c.nodes[0].deps.ledger.revokeKey(k.id);
      return k;
    };
    try {
      const r = await c.nodes[1].rest(repoPath('revoked', 'meanwhile'), key);
      expect(r.status).toBe(401);
      expect(r.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Unknown or revoked API key' });
    } finally {
      ledger.authenticate = authenticate;
    }
    expect(upstreamHits()).toBe(0);
    expect(await c.nodes[0].deps.ledger.balance(id)).toBe(5);
  });

  it('requests in flight on one instance while the other revokes their key: each is 200 or 401, never 402', async () => {
    c.replay.add(repoRoute(0));
    const { key, id } = await c.key(10_000);
    const answers = Promise.all(
      Array.from({ length: 200 }, (_, i) => c.nodes[1].rest(`${repoPath('revoking', `r${i}`)}&cache_max_age=1d`, key)),
    );
    await new Promise((r) => setTimeout(r, 20));
    await c.nodes[0].deps.ledger.revokeKey(id);
    const statuses = (await answers).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 401)).toEqual([]);
    expect(statuses).toContain(401);
    // Charged exactly the requests answered 200.
    expect(await c.nodes[0].deps.ledger.totalCharged(id)).toBe(statuses.filter((s) => s === 200).length);
  });

  it('revocation through one instance is refused by the other at once; /readyz is ready on both', async () => {
    const { key, id } = await c.key(5);
    await c.nodes[0].deps.ledger.revokeKey(id);
    const r = await c.nodes[1].rest(repoPath('any', 'repo'), key);
    expect(r.status).toBe(401);
    for (const n of c.nodes) expect((await fetch(`${n.url}/readyz`)).status).toBe(200);
  });
});
