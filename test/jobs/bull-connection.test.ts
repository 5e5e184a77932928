/**
 * The job queues' ioredis connection (src/jobs/bull-connection.ts) on a real redis-server: a
 * command left pending on a connection closed on purpose — what BullMQ does to a Worker's blocking
 * connection when a job ends — is not an unhandled rejection (which ends the process under Node's
 * default), while whoever awaits a command still gets its answer or its error.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { bullConnection } from '../../src/jobs/bull-connection.js';
import { requireTool, titled } from '../prereq.js';
import { startRedisServer } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';

const REDIS = requireTool('redis-server');

describe.skipIf(REDIS.skip)(titled('the job queues’ Redis connection', REDIS), () => {
  let redis: RedisServer;
  const open: Redis[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);

  beforeAll(async () => {
    redis = await startRedisServer();
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.disconnect();
    unhandled.length = 0;
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await redis?.close();
  });

  /** Long enough for Node to report a rejection nobody handled. */
  const settle = () => new Promise((r) => setTimeout(r, 50));
  const ready = async (c: Redis) => {
    open.push(c);
    await c.ping();
    return c;
  };

  it('a blocking read left pending on a duplicate closed on purpose is not an unhandled rejection', async () => {
    const main = await ready(bullConnection(redis.url));
    // As a Worker's blocking connection: a duplicate, and a duplicate of that (the one between
    // closed at the end too: left open, it would try to reconnect for as long as the worker lives).
    const between = main.duplicate();
    open.push(between);
    for (const conn of [main.duplicate(), between.duplicate()]) {
      const c = await ready(conn);
      void c.bzpopmin('cl:test:marker', 5);
      void c.get('cl:test:other');
      c.disconnect();
      await settle();
    }
    // The main connection itself, closed with commands pending.
    void main.bzpopmin('cl:test:marker', 5);
    main.disconnect();
    await settle();
    expect(unhandled).toEqual([]);
  });

  it('awaited commands still get their answer, or the closed connection’s error', async () => {
    const base = bullConnection(redis.url);
    open.push(base);
    const c = await ready(base.duplicate());
    await c.set('cl:test:k', 'v');
    expect(await c.get('cl:test:k')).toBe('v');
    const pending = c.bzpopmin('cl:test:marker', 5);
    c.disconnect();
    await expect(pending).rejects.toThrow('Connection is closed.');
    // A command given a callback answers through it.
    const d = await ready(bullConnection(redis.url));
    const viaCallback = await new Promise((resolve, reject) => void d.get('cl:test:k', (err, v) => (err ? reject(err) : resolve(v))));
    expect(viaCallback).toBe('v');
    expect(unhandled).toEqual([]);
  });
});
