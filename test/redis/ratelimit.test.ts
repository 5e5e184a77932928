/**
 * Rate limits with REDIS_URL: one token bucket per key in Redis (atomic Lua on the server's
 * clock), shared by every instance, and a key's own limit stored with the key in the Redis
 * ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from '../../src/ratelimit/limiter.js';
import { openRedis } from '../../src/store/redis.js';
import { repoRoute } from '../data.js';
import { startCluster } from './cluster.js';
import type { Cluster } from './cluster.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const REDIS = requireTool('redis-server');

const REPO = '/v1/code/repository?url=https%3A%2F%2Fgithub.com%2Focto%2Fkit&cache_max_age=1d';

describe.skipIf(REDIS.skip)(titled('rate limits on Redis', REDIS), () => {
  let redis: RedisServer;
  let c: Cluster;

  beforeAll(async () => {
    redis = await startRedisServer();
    // 1 request per 100 s with a burst of 6: no token comes back during the test.
    c = await startCluster(redis.url, { routes: [repoRoute('octo', 'kit')], env: { RATE_LIMIT_RPS: '0.01', RATE_LIMIT_BURST: '6' } });
  });
  afterAll(async () => {
    await c?.close();
    await redis?.close();
  });

  it('one bucket per key across both instances: of 20 concurrent requests exactly the burst passes, the rest are 429 with Retry-After at 0 credits', async () => {
    const { key, id } = await c.key(100);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => c.nodes[i % 2].rest(REPO, key)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(14);
    for (const r of limited) {
      expect(r.body.error.code).toBe('RATE_LIMITED');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(99);
    }
    // Concurrent, so all six passed requests were live (1 credit each); refusals cost nothing.
    expect(await c.nodes[1].deps.ledger.balance(id)).toBe(100 - 6);
  });

  it("a key's own limit is stored in Redis and seen by both instances; GraphQL is limited too", async () => {
    const { key, id } = await c.key(100);
    await c.nodes[0].deps.ledger.setRateLimit(id, { rps: 0.01, burst: 2 });
    expect((await c.nodes[1].deps.ledger.listKeys()).find((k) => k.id === id)?.rateLimit).toEqual({ rps: 0.01, burst: 2 });
    expect((await c.nodes[0].rest(REPO, key)).status).toBe(200);
    expect(
      (await c.nodes[1].gql('{ codeRepository(url: "https://github.com/octo/kit", cacheMaxAge: "1d") { fullName } }', key)).status,
    ).toBe(200);
    const r = await c.nodes[1].gql('{ codeRepository(url: "https://github.com/octo/kit", cacheMaxAge: "1d") { fullName } }', key);
    expect(r.status).toBe(429);
    expect(r.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    // Exempt: rps 0.
    await c.nodes[1].deps.ledger.setRateLimit(id, { rps: 0, burst: 1 });
    expect((await Promise.all(Array.from({ length: 8 }, (_, i) => c.nodes[i % 2].rest(REPO, key)))).every((r) => r.status === 200)).toBe(
      true,
    );
  });

  it('the bucket refills on the Redis clock', async () => {
    const store = openRedis(redis.url);
    try {
      const limiter = createRedisRateLimiter(store, { prefix: 'refill-test' });
      const rate = { rps: 20, burst: 2 };
      // Sent together, run back to back by Redis (microseconds apart, whatever the load here):
      // the burst, then a refusal saying how long until the next token.
      const [first, second, wait] = await Promise.all([limiter.take('k', rate), limiter.take('k', rate), limiter.take('k', rate)]);
      expect([first, second]).toEqual([0, 0]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(50);
      await new Promise((r) => setTimeout(r, wait + 20));
      expect(await limiter.take('k', rate)).toBe(0);
      // The bucket expires once it would be full again.
      expect(Number(await store.command(['PTTL', 'refill-test:rl:k']))).toBeLessThanOrEqual(1_200);
    } finally {
      await store.close();
    }
  });
});
