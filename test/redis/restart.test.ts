/**
 * Redis restarted under two live gateway instances: while it is down every request is a clear
 * 503 (REST and GraphQL) and /readyz says so; requests caught mid-flight are not charged (their
 * reservations are refunded once expired); after the restart both instances recover on their
 * own, and the books balance: nothing charged twice, nothing lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoJson } from '../data.js';
import { startCluster } from './cluster.js';
import type { Cluster } from './cluster.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const REDIS = requireTool('redis-server');

const repoPath = (owner: string, repo: string) => `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${owner}/${repo}`)}`;

describe.skipIf(REDIS.skip)(titled('Redis restarted mid-test', REDIS), () => {
  let redis: RedisServer;
  let c: Cluster;

  beforeAll(async () => {
    redis = await startRedisServer();
    c = await startCluster(redis.url, {
      // Reservations of requests cut off by the outage are refunded 1 s after they were made.
      env: { RESERVATION_TTL_MS: '1000' },
      routes: [
        {
          host: 'api.github.com',
          path: /^\/repos\/[^/]+\/[^/]+$/,
          response: (req) => {
            const [, , owner, repo] = req.path.split('/');
            // The "inflight" owner's fetches are still running when Redis goes away.
            return {
              headers: { 'content-type': 'application/json' },
              body: repoJson(owner, repo),
              fault: { kind: 'latency', ms: owner === 'inflight' ? 800 : 0 },
            };
          },
        },
      ],
    });
  });
  afterAll(async () => {
    await c?.close();
    await redis?.close();
  });

  it('fails with 503 while Redis is down, recovers after, and charges nothing twice', async () => {
    const { key, id } = await c.key(100);
    const [a, b] = c.nodes;
    const all: { status: number; body: any }[] = [];
    const send = async (i: number, owner: string) => {
      const r = await c.nodes[i % 2].rest(repoPath(owner, `repo${i}`), key);
      all.push(r);
      return r;
    };

    const before = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i, 'before')));
    expect(before.map((r) => r.status)).toEqual(Array(10).fill(200));

    // Four requests have reserved credits and wait on the upstream when Redis stops.
    const inflight = Array.from({ length: 4 }, (_, i) => send(i, 'inflight'));
    await expect.poll(() => c.replay.hits({ path: /^\/repos\/inflight\// }).length, { timeout: 5_000, interval: 20 }).toBe(4);
    await redis.stop();

    const restDown = await Promise.all([
      a.rest(repoPath('down', 'x'), key),
      b.rest(`${repoPath('before', 'repo0')}&cache_max_age=1d`, key),
    ]);
    for (const r of restDown) {
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'a store is unreachable' } });
    }
    const gqlDown = await b.gql('{ codeRepository(url: "https://github.com/down/y") { fullName } }', key);
    expect(gqlDown.status).toBe(503);
    expect(gqlDown.body.errors[0]).toMatchObject({ message: 'a store is unreachable', extensions: { code: 'SERVICE_UNAVAILABLE' } });
    for (const n of c.nodes) expect((await fetch(`${n.url}/readyz`)).status).toBe(503);
    // Cut off before settling: a 503, not a charge.
    for (const r of await Promise.all(inflight)) expect(r.status).toBe(503);

    await redis.start();
    for (const n of c.nodes)
      await expect.poll(async () => (await fetch(`${n.url}/readyz`)).status, { timeout: 5_000, interval: 50 }).toBe(200);
    const after = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i, 'after')));
    expect(after.map((r) => r.status)).toEqual(Array(10).fill(200));

    // The four open reservations come back once expired; every success was charged once.
    const charged = all.filter((r) => r.status === 200).reduce((s, r) => s + r.body.credits_charged, 0);
    expect(charged).toBe(20);
    await expect.poll(() => a.deps.ledger.balance(id), { timeout: 5_000, interval: 100 }).toBe(100 - charged);
    expect(await b.deps.ledger.totalCharged(id)).toBe(charged);
    // Later sweeps find nothing more to refund.
    expect(await a.deps.ledger.refundAbandoned(0)).toBe(0);
    expect(await b.deps.ledger.balance(id)).toBe(80);
  });
});
