/**
 * Job slots are shared fairly between keys (src/jobs/pace.ts `keyShare`, in the embedded runner and on Redis): one key's items hold
 * at most half of JOBS_CONCURRENCY, so another key's job starts at once and finishes while the
 * first key's items stall (sweep H t13: three jobs on servers that never answer held all 8 slots,
 * and another key's 5-item job took 19 s instead of < 1 s); a slot that frees goes to the key with
 * the fewest items running.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keyShare } from '../../src/jobs/pace.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { requireTool, titled } from '../prereq.js';
import { startCluster } from '../redis/cluster.js';
import type { Cluster } from '../redis/cluster.js';
import { startRedisServer } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';
import { runQueueWaitMs } from '../support/cpu-time.js';
import { anyRepo, call, heldRepos, repoUrl, waitFinal, waitFor } from './helpers.js';

/**
 * Wall time less what this thread (the gateways run on it) waited for a core while other processes
 * had them: a bound on it is about the job slots, not how busy the machine is (4,836 ms against a
 * 3,000 ms bound on a loaded machine, every slot given as it should be).
 */
const ownClock = () => Date.now() - runQueueWaitMs();

const OP = '/v1/code/repository';
const items = (n: number, owner: string) => Array.from({ length: n }, (_, i) => ({ url: repoUrl(owner, `r${i}`) }));

describe('keyShare', () => {
  it('half of the slots, rounded up, one at least', () => {
    expect([1, 2, 3, 4, 7, 8].map(keyShare)).toEqual([1, 1, 2, 2, 4, 4]);
  });
});

describe('job slots between keys (embedded runner)', () => {
  let h: Harness;
  beforeAll(async () => {
    // 4 slots, 2 per job: one key's two jobs could hold them all. Per-host job slots out of the way.
    h = await startHarness({ env: { JOBS_CONCURRENCY: '4', JOBS_CONCURRENCY_PER_JOB: '2', UPSTREAM_PER_HOST_CONCURRENCY: '32' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.replay.reset();
    h.replay.add(anyRepo());
  });

  it("another key's short job finishes at once while the first key's stalled items hold their share of the slots", async () => {
    const stalled = heldRepos('stalled');
    h.replay.add(stalled.route);
    const first = await h.key(100);
    const jobs: string[] = [];
    for (let j = 0; j < 2; j++) {
      const r = await call(h, 'POST', '/v1/jobs', {
        key: first.key,
        body: { operation: OP, items: items(10, 'stalled').slice(j * 5, j * 5 + 5) },
      });
      expect(r.status).toBe(202);
      jobs.push(r.body.job.id);
    }
    // The first key's items take half of the 4 slots, and wait there (a server that never answers).
    await waitFor(() => stalled.waiting() === 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(stalled.waiting()).toBe(2);

    const second = await h.key(100);
    const t0 = ownClock();
    const created = await call(h, 'POST', '/v1/jobs', { key: second.key, body: { operation: OP, items: items(5, 'healthy') } });
    expect(created.status).toBe(202);
    const done = await waitFinal(h, second.key, created.body.job.id, 5_000);
    expect(done).toMatchObject({ status: 'completed', counts: { done: 5, ok: 5 }, credits_charged: 5 });
    expect(ownClock() - t0).toBeLessThan(3_000);
    // Still stalled meanwhile: the first key never got more than its share.
    expect(stalled.waiting()).toBe(2);
    expect([...stalled.hits.values()].reduce((a, b) => a + b, 0)).toBe(2);

    stalled.releaseAll({ free: true });
    for (const id of jobs) expect(await waitFinal(h, first.key, id)).toMatchObject({ status: 'completed', counts: { done: 5, ok: 5 } });
  });

  it('a slot that frees goes to the key with the fewest items running', async () => {
    // Two keys each hold their share (2 of 4); a third key's job waits for the next free slot.
    const a = heldRepos('keya');
    const b = heldRepos('keyb');
    h.replay.add(a.route);
    h.replay.add(b.route);
    const [ka, kb, kc] = [await h.key(100), await h.key(100), await h.key(100)];
    const ja = (await call(h, 'POST', '/v1/jobs', { key: ka.key, body: { operation: OP, items: items(6, 'keya') } })).body.job.id;
    const jb = (await call(h, 'POST', '/v1/jobs', { key: kb.key, body: { operation: OP, items: items(6, 'keyb') } })).body.job.id;
    await waitFor(() => a.waiting() === 2 && b.waiting() === 2);
    const jc = (await call(h, 'POST', '/v1/jobs', { key: kc.key, body: { operation: OP, items: items(3, 'keyc') } })).body.job.id;
    await new Promise((r) => setTimeout(r, 100));
    // One of key A's items ends: its slot goes to key C (none running), not back to A.
    a.releaseOne();
    const c = await waitFinal(h, kc.key, jc, 5_000);
    expect(c).toMatchObject({ status: 'completed', counts: { done: 3, ok: 3 } });
    // Key A's next item was asked only after all of key C's (the slots free after C's job are A's again).
    const order = h.replay.hits().map((x) => x.path.split('/')[2]);
    expect(order.lastIndexOf('keyc')).toBeGreaterThan(0);
    const aNext = order.indexOf('keya', order.indexOf('keyc'));
    expect(aNext === -1 || aNext > order.lastIndexOf('keyc')).toBe(true);
    a.releaseAll({ free: true });
    b.releaseAll({ free: true });
    await waitFinal(h, ka.key, ja);
    await waitFinal(h, kb.key, jb);
  });
});

const REDIS = requireTool('redis-server');

describe.skipIf(REDIS.skip)(titled('job slots between keys on Redis (two instances)', REDIS), () => {
  let redis: RedisServer;
  let c: Cluster;
  beforeAll(async () => {
    redis = await startRedisServer();
    // 4 slots per instance, and one job may take them all: without a key's share, one key's jobs fill both instances.
    c = await startCluster(redis.url, {
      env: { JOBS_CONCURRENCY: '4', JOBS_CONCURRENCY_PER_JOB: '4', RATE_LIMIT_RPS: '1000', UPSTREAM_PER_HOST_CONCURRENCY: '32' },
    });
  });
  afterAll(async () => {
    await c?.close();
    await redis?.close();
  });

  it("another key's short job finishes at once while the first key's stalled items hold at most half of each instance's slots", async () => {
    c.replay.reset();
    c.replay.add(anyRepo());
    const stalled = heldRepos('rstalled');
    c.replay.add(stalled.route);
    const [a] = c.nodes;
    const first = await c.key(1_000);
    const jobs: string[] = [];
    for (let j = 0; j < 3; j++) {
      const list = Array.from({ length: 24 }, (_, i) => ({ url: repoUrl('rstalled', `j${j}r${i}`) }));
      const r = await call(a, 'POST', '/v1/jobs', { key: first.key, body: { operation: OP, items: list } });
      expect(r.status).toBe(202);
      jobs.push(r.body.job.id);
    }
    await waitFor(() => stalled.waiting() >= 2);
    await new Promise((r) => setTimeout(r, 1_000));
    // keyShare(4) = 2 per instance, two instances.
    expect(stalled.waiting()).toBeLessThanOrEqual(4);

    const second = await c.key(100);
    const t0 = ownClock();
    const created = await call(a, 'POST', '/v1/jobs', { key: second.key, body: { operation: OP, items: items(5, 'rhealthy') } });
    expect(created.status).toBe(202);
    const done = await waitFinal(a, second.key, created.body.job.id, 8_000);
    expect(done).toMatchObject({ status: 'completed', counts: { done: 5, ok: 5 } });
    expect(ownClock() - t0).toBeLessThan(6_000);
    expect(stalled.waiting()).toBeLessThanOrEqual(4);

    for (const id of jobs) await call(a, 'DELETE', `/v1/jobs/${id}`, { key: first.key });
    stalled.releaseAll({ free: true });
    for (const id of jobs) expect((await waitFinal(a, first.key, id)).status).toBe('cancelled');
  });
});
