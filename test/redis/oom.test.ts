/**
 * Redis at its maxmemory with noeviction refuses writes ("OOM command not allowed…"): a 503 that says
 * so, not "unreachable" (an outside sweep: every paid request read "a store is unreachable" while
 * Redis answered, and only the logs said why).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis } from '../../src/store/redis.js';
import type { RedisStore } from '../../src/store/redis.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

const REDIS = requireTool('redis-server');

describe.skipIf(REDIS.skip)(titled('Redis out of memory', REDIS), () => {
  let server: RedisServer;
  let redis: RedisStore;
  beforeAll(async () => {
    server = await startRedisServer();
    redis = openRedis(server.url);
  });
  afterAll(async () => {
    await redis?.close();
    await server?.close();
  });

  it('a write refused at maxmemory is SERVICE_UNAVAILABLE saying the store is out of memory; reads go on', async () => {
    await redis.command(['SET', 'before', '1']);
    await redis.command(['CONFIG', 'SET', 'maxmemory-policy', 'noeviction']);
    await redis.command(['CONFIG', 'SET', 'maxmemory', '1']);
    try {
      await expect(redis.command(['SET', 'k', 'v'])).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'a store refuses writes: it is out of memory',
      });
      expect(await redis.command(['GET', 'before'])).toBe('1');
    } finally {
      await redis.command(['CONFIG', 'SET', 'maxmemory', '0']);
    }
    expect(await redis.command(['SET', 'k', 'v'])).toBe('OK');
  });
});
