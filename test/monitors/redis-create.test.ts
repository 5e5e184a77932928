/**
 * A monitor's create on Redis answered 503 because Redis did not answer its CREATE in time — and
 * Redis running that CREATE late. Its own redis-server: what the pause holds is this test's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTool, titled } from '../prereq.js';
import { createRedisMonitorStore } from '../../src/monitors/redis-store.js';
import { openRedis } from '../../src/store/redis.js';
import { startRedisServer } from '../redis/redis-server.js';
import { aMonitor } from './helpers.js';
import type { RedisServer } from '../redis/redis-server.js';

const REDIS = requireTool('redis-server');

describe.skipIf(REDIS.skip)(titled('a monitor created on Redis', REDIS), () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.close();
  });

  it('a create answered 503 (its CREATE unanswered in time) leaves no monitor, even when Redis runs that CREATE late', async () => {
    // Redis holds every write for 1.2 s (CLIENT PAUSE … WRITE), sent just before CREATE: the store
    // (a 400 ms deadline here) gives up on it, and Redis runs it once the pause ends. Before, the
    // monitor was made, never scheduled, and counted against MONITORS_MAX_PER_KEY (an outside sweep).
    const conn = openRedis(redis.url);
    const slow = openRedis(redis.url, { commandTimeoutMs: 400 });
    const pauser = openRedis(redis.url);
    try {
      const m = aMonitor('mon_late', 'key_late');
      // CREATE is in Redis's script cache already, as on any instance that has made a monitor.
      await createRedisMonitorStore(conn).store.create(aMonitor('mon_warm', 'key_warm'), 10);
      const { store } = createRedisMonitorStore({
        ...slow,
        command: (args, opts) => slow.command(args, opts),
        async script(script, keys, args, opts) {
          await pauser.command(['CLIENT', 'PAUSE', 1_200, 'WRITE']);
          return slow.script(script, keys, args, opts);
        },
      });
      await expect(store.create(m, 10)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      const fresh = createRedisMonitorStore(conn).store;
      // The pause over, the late CREATE and what was queued behind it have run: no monitor.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await conn.command<string>(['SET', 'probe:after-pause', '1'])).toBe('OK');
      expect(await fresh.get('mon_late')).toBeUndefined();
      expect(await fresh.list('key_late', { status: null, limit: 10, after: null })).toEqual([]);
    } finally {
      await Promise.all([conn.close(), slow.close(), pauser.close()]);
    }
  });
});
