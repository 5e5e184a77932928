/**
 * Bulk jobs with REDIS_URL over real HTTP: two gateway instances on one real redis-server and one
 * replay upstream. BullMQ carries the items, so both instances run the items of one job; the job,
 * its counts and results are in Redis, so either instance answers for it; the Redis ledger
 * charges each item once. A frozen Redis (SIGSTOP) makes the job routes 503 within 3 s; the job
 * goes on by itself after SIGCONT, with exact books.
 */
import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bullConnection } from '../../src/jobs/bull-connection.js';
import { requireTool, titled } from '../prereq.js';
import { startCluster } from '../redis/cluster.js';
import type { Cluster } from '../redis/cluster.js';
import { startRedisServer } from '../redis/redis-server.js';
import type { RedisServer } from '../redis/redis-server.js';
import { anyRepo, call, ndjson, repoUrl, verifySignature, waitFinal, waitFor } from './helpers.js';

const REDIS = requireTool('redis-server');
const OP = '/v1/code/repository';
const WITHIN_MS = 3_000;
const items = (n: number, owner: string) => Array.from({ length: n }, (_, i) => ({ url: repoUrl(owner, `r${i}`) }));

/** Upstream requests each instance made (its own metrics). */
async function upstreamRequests(c: Cluster): Promise<number[]> {
  return Promise.all(
    c.nodes.map(async (n) => {
      const text = await n.deps.metrics.registry.getSingleMetricAsString('cl_upstream_requests_total');
      return [...text.matchAll(/^cl_upstream_requests_total\{[^}]*\} (\d+)/gm)].reduce((s, m) => s + Number(m[1]), 0);
    }),
  );
}

describe.skipIf(REDIS.skip)(titled('bulk jobs on Redis (two instances)', REDIS), () => {
  let redis: RedisServer;
  let c: Cluster;
  const onHit: { fn: ((owner: string) => Promise<void>) | null } = { fn: null };

  beforeAll(async () => {
    redis = await startRedisServer();
    c = await startCluster(redis.url, {
      env: { JOBS_CONCURRENCY: '4', JOBS_CONCURRENCY_PER_JOB: '2', RATE_LIMIT_RPS: '1000', JOBS_WEBHOOK_BACKOFF_MS: '1000' },
    });
  });
  afterAll(async () => {
    redis?.thaw();
    await c?.close();
    await redis?.close();
  });
  beforeEach(() => {
    c.replay.reset();
    onHit.fn = null;
    c.replay.add(anyRepo({ latencyMs: 20, onHit: async (owner) => onHit.fn?.(owner) }));
  });

  it('two instances run one job together; either answers for it; each item once, charged once; Σ = balance change', async () => {
    const { key, id: keyId } = await c.key(100);
    const [a, b] = c.nodes;
    const before = await upstreamRequests(c);
    const created = await call(a, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(40, 'two') } });
    expect(created.status).toBe(202);
    const id = created.body.job.id;
    // Created on A, visible on B at once.
    expect((await call(b, 'GET', `/v1/jobs/${id}`, { key })).body.job).toMatchObject({ id, items: 40 });
    const job = await waitFinal(b, key, id);
    expect(job).toMatchObject({ status: 'completed', credits_charged: 40, counts: { done: 40, ok: 40, failed: 0, skipped: 0 } });
    const after = await upstreamRequests(c);
    const ran = after.map((n, i) => n - before[i]);
    // Both instances ran items of it; together exactly one upstream request per item.
    expect(ran[0]).toBeGreaterThan(0);
    expect(ran[1]).toBeGreaterThan(0);
    expect(ran[0] + ran[1]).toBe(40);
    expect(await a.deps.ledger.balance(keyId)).toBe(60);
    expect(await a.deps.ledger.totalCharged(keyId)).toBe(40);
    for (const node of [a, b]) {
      const lines = ndjson((await call(node, 'GET', `/v1/jobs/${id}/results`, { key })).text);
      expect(lines.map((l) => l.index)).toEqual(Array.from({ length: 40 }, (_, i) => i));
      expect(lines.every((l) => l.status === 200 && l.credits_charged === 1 && l.body.repository.full_name === `two/r${l.index}`)).toBe(
        true,
      );
    }
    const page = ndjson((await call(b, 'GET', `/v1/jobs/${id}/results?after=37`, { key })).text);
    expect(page.map((l) => l.index)).toEqual([38, 39]);
    // Another key: 404 on either instance.
    const other = await c.key(10);
    for (const node of [a, b]) expect((await call(node, 'GET', `/v1/jobs/${id}`, { key: other.key })).status).toBe(404);
    // Listed by either instance for its key only.
    for (const node of [a, b]) {
      expect((await call(node, 'GET', '/v1/jobs', { key })).body).toMatchObject({ jobs: [{ id, status: 'completed' }], next_after: null });
      expect((await call(node, 'GET', '/v1/jobs', { key: other.key })).body.jobs).toEqual([]);
    }
  });

  it('idempotency key across instances; cap → stopped_at_cap, resumed elsewhere; balance out → stopped_no_credits', async () => {
    const [a, b] = c.nodes;
    const { key, id: keyId } = await c.key(100);
    const body = { operation: OP, items: items(10, 'cap'), max_credits: 4, idempotency_key: 'redis-cap' };
    const first = await call(a, 'POST', '/v1/jobs', { key, body });
    const again = await call(b, 'POST', '/v1/jobs', { key, body });
    expect(again.status).toBe(202);
    expect(again.body.job.id).toBe(first.body.job.id);
    const stopped = await waitFinal(a, key, first.body.job.id);
    expect(stopped).toMatchObject({ status: 'stopped_at_cap', credits_charged: 4, counts: { done: 4, skipped: 6 } });
    expect(await a.deps.ledger.balance(keyId)).toBe(96);
    expect((await call(b, 'POST', `/v1/jobs/${stopped.id}/resume`, { key, body: { max_credits: 10 } })).status).toBe(200);
    const done = await waitFinal(a, key, stopped.id);
    expect(done).toMatchObject({ status: 'completed', credits_charged: 10, counts: { done: 10, ok: 10 } });
    expect(await a.deps.ledger.balance(keyId)).toBe(90);
    expect(c.replay.hits({ host: 'api.github.com' })).toHaveLength(10);

    const poor = await c.key(3);
    const broke = await call(b, 'POST', '/v1/jobs', { key: poor.key, body: { operation: OP, items: items(8, 'broke') } });
    const out = await waitFinal(a, poor.key, broke.body.job.id);
    expect(out).toMatchObject({ status: 'stopped_no_credits', credits_charged: 3, counts: { done: 3 } });
    expect(await a.deps.ledger.balance(poor.id)).toBe(0);
    await a.deps.ledger.addCredits(poor.id, 10);
    expect((await call(a, 'POST', `/v1/jobs/${out.id}/resume`, { key: poor.key })).status).toBe(200);
    expect(await waitFinal(b, poor.key, out.id)).toMatchObject({ status: 'completed', credits_charged: 8 });
    expect(await a.deps.ledger.totalCharged(poor.id)).toBe(8);
  });

  it('DELETE on one instance cancels items in flight on both; what they reserved is refunded', async () => {
    const [a, b] = c.nodes;
    const release: (() => void)[] = [];
    onHit.fn = (owner) => (owner === 'cancel' ? new Promise<void>((r) => release.push(r)) : Promise.resolve());
    const { key, id: keyId } = await c.key(50);
    const created = await call(a, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(30, 'cancel') } });
    const id = created.body.job.id;
    // Two per instance hold their reservations while their upstream waits.
    await waitFor(() => release.length === 4);
    expect(await a.deps.ledger.balance(keyId)).toBe(46);
    const del = await call(b, 'DELETE', `/v1/jobs/${id}`, { key });
    expect(del.status).toBe(200);
    const job = await waitFinal(a, key, id);
    for (const r of release) r();
    expect(job).toMatchObject({ status: 'cancelled', credits_charged: 0, counts: { done: 0, skipped: 30 } });
    await waitFor(async () => (await a.deps.ledger.balance(keyId)) === 50);
    expect(await a.deps.ledger.totalCharged(keyId)).toBe(0);
    expect((await call(a, 'POST', `/v1/jobs/${id}/resume`, { key })).status).toBe(400);
  });

  it('the webhook secret is stored sealed; the webhook is delivered by one instance at a time: failed deliveries retried with backoff, not once per instance', async () => {
    const [a, b] = c.nodes;
    const secret = 'whsec-redis-0123456789abcdef';
    c.replay.add({
      host: 'hooks.example',
      path: '/redis',
      method: 'POST',
      response: {
        status: 200,
        body: 'ok',
        fault: {
          kind: 'sequence',
          faults: [{ kind: 'status', status: 500 }, { kind: 'status', status: 500 }, { kind: 'status', status: 500 }, null],
        },
      },
    });
    const { key } = await c.key(20);
    const created = await call(a, 'POST', '/v1/jobs', {
      key,
      body: { operation: OP, items: items(6, 'hook'), webhook: { url: 'https://hooks.example/redis', secret } },
    });
    // Stored sealed in the job's hash; either instance opens it (one SECRETS_KEY).
    const stored = await a.deps.redis!.command<string>(['HGET', `cl:{jobs}:job:${created.body.job.id}`, 'webhook_secret']);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    expect(b.deps.secrets.open(stored)).toBe(secret);
    const job = await waitFinal(b, key, created.body.job.id);
    const deliveries = () => c.replay.hits({ host: 'hooks.example', path: '/redis' });
    // 1 s, 2 s, 4 s apart: both instances look for due webhooks meanwhile (every 5 s); the one
    // delivering holds it, so the other sends nothing.
    await waitFor(() => deliveries().length === 4, 60_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(deliveries()).toHaveLength(4);
    for (const d of deliveries()) {
      expect(d.headers['x-cl-webhook-id']).toBe(`${job.id}.completed`);
      expect(verifySignature(secret, d.headers, d.body.toString())).toBe(true);
      expect(JSON.parse(d.body.toString()).job).toMatchObject({ id: job.id, status: 'completed', counts: { done: 6 } });
    }
    // How it went, as either instance shows it.
    const shown = async (n: typeof a) => (await call(n, 'GET', `/v1/jobs/${job.id}`, { key })).body.job.webhook;
    await waitFor(async () => (await shown(a)).delivered === true);
    for (const n of [a, b]) expect(await shown(n)).toEqual({ attempts: 4, last_status: 200, last_error: null, delivered: true });
    expect(JSON.parse(deliveries()[3].body.toString()).job.webhook).toEqual({
      attempts: 4,
      last_status: 500,
      last_error: 'HTTP 500',
      delivered: null,
    });
  });

  it('GET /v1/jobs/{id}/events on the other instance streams progress and ends with the final job', async () => {
    const [a, b] = c.nodes;
    const { key } = await c.key(20);
    const created = await call(a, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(12, 'sse') } });
    const res = await fetch(`${b.url}/v1/jobs/${created.body.job.id}/events`, { headers: { 'x-api-key': key } });
    const text = await res.text();
    const events = text
      .split('\n\n')
      .filter((x) => x.startsWith('event:'))
      .map((x) => ({ event: /^event: (\w+)/.exec(x)![1], job: JSON.parse(/\ndata: (.*)/.exec(x)![1]) }));
    expect(events.at(-1)).toMatchObject({ event: 'end', job: { status: 'completed', counts: { done: 12 } } });
    expect(events.slice(0, -1).every((e) => e.event === 'progress')).toBe(true);
  });

  it('a chunk of items BullMQ hands out again, and an item in the one-item form of earlier versions: each item charged and recorded once', async () => {
    const [a, b] = c.nodes;
    // One owner per item, so that one item can be held in flight: item 8.
    const list = Array.from({ length: 12 }, (_, i) => ({ url: repoUrl(`chunk${i}`, 'r') }));
    const release: (() => void)[] = [];
    let held = true;
    onHit.fn = (owner) => (owner === 'chunk8' && held ? new Promise<void>((r) => release.push(r)) : Promise.resolve());
    const { key, id: keyId } = await c.key(100);
    const created = await call(a, 'POST', '/v1/jobs', { key, body: { operation: OP, items: list } });
    const id = created.body.job.id;
    const done = async () => ndjson((await call(b, 'GET', `/v1/jobs/${id}/results`, { key })).text).map((l) => l.index as number);
    // The items of a chunk run side by side: all but the held one finish. (Counted on the job: while
    // it runs, its results stop before the first item not finished — 0…7 here, docs/bulk-jobs.md.)
    const doneCount = async () => (await call(b, 'GET', `/v1/jobs/${id}`, { key })).body.job.counts.done as number;
    await waitFor(async () => release.length === 1 && (await doneCount()) === 11);
    expect(await done()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

    const conn = bullConnection(redis.url);
    const q = new Queue(id, { connection: conn, prefix: 'cl:bull' });
    try {
      const gen = Number((await conn.hget(`cl:{jobs}:job:${id}`, 'gen')) ?? 0);
      const input = (i: number) => JSON.stringify(list[i]);
      // A chunk handed out again (as BullMQ does with a stalled one): 0 and 1 are done and skipped;
      // 8 runs beside its first run, and is settled once. So is item 8 queued in the one-item form.
      await q.add('items', { g: gen, it: [0, 1, 8].map((i) => [i, input(i)]) }, { jobId: 'again', removeOnComplete: false });
      await q.add('item', { i: 8, g: gen, in: input(8) }, { jobId: 'one-item', removeOnComplete: false });
      await waitFor(async () => (await q.getJobCounts('waiting')).waiting === 0);
      held = false;
      for (const r of release) r();
      const job = await waitFinal(a, key, id);
      expect(job).toMatchObject({ status: 'completed', credits_charged: 12, counts: { done: 12, ok: 12, failed: 0 } });
    } finally {
      await q.close();
      conn.disconnect();
    }
    const lines = ndjson((await call(a, 'GET', `/v1/jobs/${id}/results`, { key })).text);
    expect(lines.map((l) => l.index)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(lines.every((l) => l.status === 200 && l.credits_charged === 1 && l.body.repository.full_name === `chunk${l.index}/r`)).toBe(
      true,
    );
    await waitFor(async () => (await a.deps.ledger.balance(keyId)) === 88);
    expect(await a.deps.ledger.totalCharged(keyId)).toBe(12);
  });

  it('Redis frozen mid-job: job routes 503 within 3 s on both instances; after SIGCONT the job finishes, books exact', async () => {
    const [a, b] = c.nodes;
    const { key, id: keyId } = await c.key(100);
    const created = await call(a, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(30, 'frozen') } });
    const id = created.body.job.id;
    await waitFor(async () => (await call(a, 'GET', `/v1/jobs/${id}`, { key })).body.job.counts.done >= 5);
    redis.freeze();
    try {
      const started = performance.now();
      const answers = await Promise.all([
        call(a, 'GET', `/v1/jobs/${id}`, { key }),
        call(b, 'GET', `/v1/jobs/${id}/results`, { key }),
        call(b, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(2, 'during') } }),
        call(a, 'DELETE', `/v1/jobs/${id}`, { key }),
      ]);
      expect(performance.now() - started).toBeLessThan(WITHIN_MS);
      for (const r of answers) {
        expect(r.status).toBe(503);
        expect(r.body.error.code).toBe('SERVICE_UNAVAILABLE');
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      // Frozen for several store deadlines more: items caught in the middle wait for it.
      await new Promise((r) => setTimeout(r, 3_000));
    } finally {
      redis.thaw();
    }
    // Back by itself (the late commands answered first).
    await waitFor(async () => (await call(b, 'GET', `/v1/jobs/${id}`, { key })).status === 200);
    const job = await waitFinal(b, key, id, 120_000);
    expect(job).toMatchObject({ status: 'completed', credits_charged: 30, counts: { done: 30, ok: 30 } });
    const lines = ndjson((await call(a, 'GET', `/v1/jobs/${id}/results`, { key })).text);
    expect(lines.map((l) => l.index)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(lines.every((l) => l.credits_charged === 1)).toBe(true);
    // Reservations caught by the freeze were refunded (queued behind the late commands).
    await waitFor(async () => (await a.deps.ledger.balance(keyId)) === 70, 30_000);
    expect(await a.deps.ledger.totalCharged(keyId)).toBe(30);
  });
});
