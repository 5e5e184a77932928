/**
 * JOBS_MAX_RUNNING_PER_KEY under real concurrency: creates of one key sent at the same moment over
 * sockets never leave it more unfinished jobs than the limit, on the embedded store and on Redis
 * (two instances sharing one redis-server). Each refused one is 429 RATE_LIMITED, holds no job and
 * costs nothing. The items wait upstream (heldRepos) so every job created stays unfinished until
 * the test lets them go.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { jobService } from '../../src/jobs/service.js';
import { requireTool, titled } from '../prereq.js';
import { startCluster } from '../redis/cluster.js';
import type { Cluster } from '../redis/cluster.js';
import { startRedisServer } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';
import { call, heldRepos, repoUrl, waitFinal, waitFor } from './helpers.js';

const OP = '/v1/code/repository';
const LIMIT = 3;
const REDIS = requireTool('redis-server');

/** One GraphQL operation of two createLookupJob fields of `n` items each (created all or none). */
function twoJobs(owner: string, n: number) {
  const items = (j: number) => Array.from({ length: n }, (_, i) => ({ url: repoUrl(owner, `g${j}x${i}`) }));
  return {
    query: `mutation($a: [JSON!]!, $b: [JSON!]!) {
      a: createLookupJob(operation: "${OP}", items: $a) { id }
      b: createLookupJob(operation: "${OP}", items: $b) { id }
    }`,
    variables: { a: items(0), b: items(1) },
  };
}

describe('embedded store: creates of one key at the same moment', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      env: { JOBS_MAX_RUNNING_PER_KEY: String(LIMIT), JOBS_BODIES_PER_KEY: '16', JOBS_BODIES_AT_ONCE: '16', JOBS_CONCURRENCY_PER_JOB: '1' },
    });
  });
  afterAll(() => h?.close());

  it('a two-job GraphQL operation being written while single POSTs arrive: never more than the limit open; each refused 429, nothing held or charged', async () => {
    const held = heldRepos('racing');
    h.replay.add(held.route);
    const { key, id: keyId } = await h.key(1_000);
    const svc = jobService(h.deps)!;
    // Two jobs of 8,000 items (the operation under GraphQL's 1 MiB body): each is written in slices of 1,000 with the event loop free
    // between them (store.ts CREATE_SLICE), the window the POSTs below arrive in.
    const batch = twoJobs('racing', 8_000);
    const gql = fetch(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(batch),
    }).then(async (r) => (await r.json()) as any);
    // Once the operation's first job is stored (its first slice), the POSTs go all at once.
    await waitFor(async () => (await svc.store.unfinishedCount(keyId)) >= 1, 20_000);
    const posts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: [{ url: repoUrl('racing', `p${i}`) }] } }),
      ),
    );
    const op = await gql;

    for (const p of posts) expect([202, 429]).toContain(p.status);
    for (const p of posts.filter((r) => r.status === 429)) expect(p.body.error.code).toBe('RATE_LIMITED');
    const open = (await call(h, 'GET', '/v1/jobs?limit=100', { key })).body.jobs.filter(
      (j: any) => j.status === 'queued' || j.status === 'running',
    );
    expect(await svc.store.unfinishedCount(keyId)).toBeLessThanOrEqual(LIMIT);
    expect(open.length).toBeLessThanOrEqual(LIMIT);
    // Every job answered 202 (or created by the operation, unless it was refused) is one of them;
    // a refused operation's jobs are cancelled, none left open.
    const accepted = posts.filter((p) => p.status === 202).map((p) => p.body.job.id);
    if (op.errors) expect(op.errors[0].extensions.code).toBe('RATE_LIMITED');
    else accepted.push(op.data.a.id, op.data.b.id);
    expect(open.map((j: any) => j.id).sort()).toEqual([...accepted].sort());
    // Refused ones held nothing: the accepted jobs cancelled and their held items let go, the
    // key's charges are theirs alone.
    for (const id of accepted) expect((await call(h, 'DELETE', `/v1/jobs/${id}`, { key })).status).toBe(200);
    held.releaseAll({ free: true });
    let charged = 0;
    for (const id of accepted) charged += (await waitFinal(h, key, id)).credits_charged;
    expect(await h.deps.ledger.totalCharged(keyId)).toBe(charged);
    expect(await svc.store.unfinishedCount(keyId)).toBe(0);
  }, 180_000);
});

describe.skipIf(REDIS.skip)(titled('Redis store: creates of one key at the same moment on two instances', REDIS), () => {
  let redis: RedisServer;
  let c: Cluster;
  beforeAll(async () => {
    redis = await startRedisServer();
    c = await startCluster(redis.url, {
      env: { JOBS_MAX_RUNNING_PER_KEY: String(LIMIT), JOBS_BODIES_PER_KEY: '16', JOBS_BODIES_AT_ONCE: '16', RATE_LIMIT_RPS: '1000' },
    });
  });
  afterAll(async () => {
    await c?.close();
    await redis?.close();
  });

  it('12 POSTs at once across both instances: exactly the limit created, the rest 429 with no job and no charge', async () => {
    const held = heldRepos('redisrace');
    c.replay.add(held.route);
    const { key, id: keyId } = await c.key(100);
    const posts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(c.nodes[i % 2], 'POST', '/v1/jobs', { key, body: { operation: OP, items: [{ url: repoUrl('redisrace', `p${i}`) }] } }),
      ),
    );
    const accepted = posts.filter((p) => p.status === 202).map((p) => p.body.job.id);
    const refused = posts.filter((p) => p.status !== 202);
    expect(accepted).toHaveLength(LIMIT);
    for (const p of refused) expect(p).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED' } } });
    const listed = (await call(c.nodes[1], 'GET', '/v1/jobs?limit=100', { key })).body.jobs.map((j: any) => j.id);
    expect(listed.sort()).toEqual([...accepted].sort());
    expect(await jobService(c.nodes[0].deps)!.store.unfinishedCount(keyId)).toBe(LIMIT);
    held.releaseAll({ free: true });
    for (const id of accepted) expect((await waitFinal(c.nodes[0], key, id)).status).toBe('completed');
    expect(await c.nodes[0].deps.ledger.totalCharged(keyId)).toBe(LIMIT);
  }, 60_000);
  it('resumes at once across both instances with one place left: one resumed, the others 429 and still stopped', async () => {
    const held = heldRepos('redisresume');
    c.replay.add(held.route);
    const { key, id: keyId } = await c.key(100);
    const job = (name: string, extra: object = {}) =>
      call(c.nodes[0], 'POST', '/v1/jobs', { key, body: { operation: OP, items: [{ url: repoUrl('redisresume', name) }], ...extra } });
    // Three jobs whose cap of 0 stops them at their first item, then LIMIT - 1 that stay running.
    const stopped: string[] = [];
    for (let i = 0; i < 3; i++) stopped.push((await job(`s${i}`, { max_credits: 0 })).body.job.id);
    for (const id of stopped) expect((await waitFinal(c.nodes[0], key, id)).status).toBe('stopped_at_cap');
    const running: string[] = [];
    for (let i = 0; i < LIMIT - 1; i++) running.push((await job(`r${i}`)).body.job.id);
    const resumes = await Promise.all(
      stopped.map((id, i) => call(c.nodes[i % 2], 'POST', `/v1/jobs/${id}/resume`, { key, body: { max_credits: 10 } })),
    );
    const ok = resumes.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of resumes.filter((x) => x.status !== 200))
      expect(r).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED' } } });
    expect(await jobService(c.nodes[0].deps)!.store.unfinishedCount(keyId)).toBe(LIMIT);
    const still = stopped.filter((id) => id !== ok[0].body.job.id);
    for (const id of still) expect((await call(c.nodes[1], 'GET', `/v1/jobs/${id}`, { key })).body.job.status).toBe('stopped_at_cap');
    held.releaseAll({ free: true });
    for (const id of [...running, ok[0].body.job.id]) expect((await waitFinal(c.nodes[0], key, id)).status).toBe('completed');
    expect(await c.nodes[0].deps.ledger.totalCharged(keyId)).toBe(LIMIT);
  }, 60_000);
});
