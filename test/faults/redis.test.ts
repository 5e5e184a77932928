/**
 * The mixed-fault batch (mixed.ts) against two gateway instances sharing a real redis-server
 * (ledger, cache and single-flight on Redis), requests alternating between them: every answer
 * typed and bounded, balance == start − Σcharged on both instances, no reservation left open in
 * Redis, no upstream exchange or socket left open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../redis/cluster.js';
import type { Cluster } from '../redis/cluster.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';
import { TEST_UPSTREAM_ENV } from '../harness.js';
import { expectNoOpenExchanges, expectSocketsDrain, startRelay, trackExchanges } from './lib.js';
import type { Call, ExchangeTracker, Relay } from './lib.js';
import { MIXED_MAX_BODY, MIXED_UPSTREAM_ENV, mixedRoutes, runMixedBatch } from './mixed.js';

const REDIS = requireTool('redis-server');

describe.skipIf(REDIS.skip)(titled('mixed faults on two instances sharing Redis', REDIS), () => {
  let redis: RedisServer;
  let relay: Relay;
  let c: Cluster;
  let exchanges: ExchangeTracker;

  beforeAll(async () => {
    redis = await startRedisServer();
    relay = await startRelay();
    c = await startCluster(redis.url, {
      env: {
        // The upstream settings of every test gateway (test/harness.ts) with the batch's deadlines, through the relay.
        ...TEST_UPSTREAM_ENV,
        ...MIXED_UPSTREAM_ENV,
        UPSTREAM_REPLAY_URL: relay.url,
        UPSTREAM_PER_HOST_CONCURRENCY: '16',
        UPSTREAM_MAX_BODY_BYTES: String(MIXED_MAX_BODY),
      },
    });
    relay.relayTo(c.replay.url);
    exchanges = trackExchanges(relay.url);
  });
  afterAll(async () => {
    exchanges?.stop();
    try {
      if (relay) await expectSocketsDrain(relay);
    } finally {
      await c?.close();
      await relay?.close();
      await redis?.close();
    }
  });

  it('two concurrent mixed batches (96 requests) round-robin over both instances: typed answers, exact credits', async () => {
    for (const r of mixedRoutes()) c.replay.add(r);
    const { key, id } = await c.key(500);
    let charged = 0;
    const account = { key, charge: (...calls: Call[]) => (charged += calls.reduce((s, x) => s + x.charged, 0)) };
    const urls = c.nodes.map((n) => n.url);
    const [a, b] = await Promise.all([runMixedBatch(urls, account, 'R'), runMixedBatch([...urls].reverse(), account, 'S')]);
    expect(a.charged + b.charged).toBe(charged);
    expect(charged).toBe(2 * (5 * 3 + 4));

    await expectNoOpenExchanges(exchanges);
    for (const n of c.nodes) expect(await n.deps.ledger.balance(id)).toBe(500 - charged);
    expect(await c.nodes[1].deps.ledger.totalCharged(id)).toBe(charged);
    // No reservation left open (settled or refunded, none waiting for the crash sweep).
    expect(await redis.send('ZCARD cl:{ledger}:res:at')).toBe(':0');
  });
});
