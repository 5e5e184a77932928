/**
 * A key's jobs within its reach: GET /v1/jobs (and GraphQL lookupJobs) lists them newest first,
 * page by page, free; and the createLookupJob fields of one GraphQL operation are created all or
 * none. Before, four aliased fields with a limit of 3 answered RATE_LIMITED with `data: null`
 * while three jobs were created and ran (charged), and no route listed them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { jobService } from '../../src/jobs/service.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { anyRepo, call, heldRepos, repoUrl, waitFinal, waitFor } from './helpers.js';

let h: Harness;
const OP = '/v1/code/repository';
const items = (n: number, owner: string) => Array.from({ length: n }, (_, i) => ({ url: repoUrl(owner, `r${i}`) }));

beforeAll(async () => {
  h = await startHarness({ env: { JOBS_MAX_RUNNING_PER_KEY: '3', JOBS_CONCURRENCY_PER_JOB: '1' } });
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(anyRepo());
});

const list = (key: string, query = '') => call(h, 'GET', `/v1/jobs${query}`, { key });

describe('GET /v1/jobs', () => {
  it("the key's own jobs, newest first, page by page (next_after), with a status filter; 0 credits", async () => {
    const { key, id: keyId } = await h.key(20);
    const other = await h.key(20);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(1, `list${i}`) } });
      ids.push(made.body.job.id);
      await waitFinal(h, key, made.body.job.id);
    }
    await call(h, 'POST', '/v1/jobs', { key: other.key, body: { operation: OP, items: items(1, 'list-other') } });
    const balance = await h.balance(keyId);

    const all = await list(key);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ success: true, next_after: null });
    expect(all.body.jobs.map((j: any) => j.id)).toEqual([...ids].reverse());
    expect(all.body.jobs[0]).toMatchObject({ operation: OP, status: 'completed', items: 1, counts: { done: 1 }, credits_charged: 1 });
    // What GET /v1/jobs/{id} shows, never the key or a webhook secret.
    expect(all.body.jobs[0]).toEqual((await call(h, 'GET', `/v1/jobs/${ids[2]}`, { key })).body.job);

    const first = await list(key, '?limit=2');
    expect(first.body.jobs.map((j: any) => j.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.next_after).toEqual(expect.any(String));
    const second = await list(key, `?limit=2&after=${encodeURIComponent(first.body.next_after)}`);
    expect(second.body.jobs.map((j: any) => j.id)).toEqual([ids[0]]);
    expect(second.body.next_after).toBeNull();

    expect((await list(key, '?status=completed')).body.jobs).toHaveLength(3);
    expect((await list(key, '?status=running')).body.jobs).toEqual([]);
    expect((await list(other.key)).body.jobs.map((j: any) => j.id)).not.toContain(ids[0]);
    expect(await h.balance(keyId)).toBe(balance);
  });

  it('a running job is listed under status=running until it ends', async () => {
    const held = heldRepos('listheld');
    h.replay.add(held.route);
    const { key } = await h.key(20);
    const made = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(2, 'listheld') } });
    await waitFor(() => held.waiting() === 1);
    const open = await list(key, '?status=running');
    expect(open.body.jobs.map((j: any) => j.id)).toEqual([made.body.job.id]);
    expect((await list(key, '?status=queued')).body.jobs).toEqual([]);
    held.releaseAll({ free: true });
    await waitFinal(h, key, made.body.job.id);
    expect((await list(key, '?status=running')).body.jobs).toEqual([]);
  });

  it('needs a key (401); status, limit and after are checked (400 naming the parameter)', async () => {
    expect((await call(h, 'GET', '/v1/jobs')).status).toBe(401);
    const { key } = await h.key(1);
    for (const [query, param] of [
      ['?status=done', 'status'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=2.5', 'limit'],
      ['?limit=x', 'limit'],
      ['?after=nope', 'after'],
      // A well-formed cursor that was not written by the server (another format inside).
      [`?after=${Buffer.from('2026-01-01 job_x').toString('base64url')}`, 'after'],
    ]) {
      const r = await list(key, query);
      expect(r.status, query).toBe(400);
      expect(r.body.error.code).toBe('INVALID_INPUT');
      expect(r.body.error.details.map((d: any) => d.param)).toEqual([param]);
    }
    expect((await list(key, '?limit=100&status=cancelled')).status).toBe(200);
    expect((await call(h, 'PUT', '/v1/jobs', { key })).status).toBe(405);
  });
});

const LIST = `query($status: String, $limit: Int, $after: String) {
  lookupJobs(status: $status, limit: $limit, after: $after) { jobs { id status items creditsCharged } nextAfter }
}`;

describe('GraphQL lookupJobs', () => {
  it('the same pages as GET /v1/jobs; invalid arguments are INVALID_INPUT naming them; another key sees none of them', async () => {
    const { key } = await h.key(20);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(1, `gqlist${i}`) } });
      ids.push(made.body.job.id);
      await waitFinal(h, key, made.body.job.id);
    }
    const first = await h.gql(LIST, { key, variables: { limit: 2 } });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.lookupJobs.jobs.map((j: any) => j.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.data.lookupJobs.jobs[0]).toMatchObject({ status: 'completed', items: 1, creditsCharged: 1 });
    expect(first.body.extensions.credits.charged).toBe(0);
    const rest = await list(key, '?limit=2');
    expect(first.body.data.lookupJobs.nextAfter).toBe(rest.body.next_after);
    const second = await h.gql(LIST, { key, variables: { limit: 2, after: first.body.data.lookupJobs.nextAfter } });
    expect(second.body.data.lookupJobs).toEqual({
      jobs: [{ id: ids[0], status: 'completed', items: 1, creditsCharged: 1 }],
      nextAfter: null,
    });

    const bad = await h.gql(LIST, { key, variables: { limit: 500, status: 'done' } });
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(bad.body.errors[0].extensions.details.map((d: any) => d.param)).toEqual(['status', 'limit']);
    expect((await h.gql(LIST, {})).status).toBe(401);
    const other = await h.key(1);
    expect((await h.gql(LIST, { key: other.key })).body.data.lookupJobs).toEqual({ jobs: [], nextAfter: null });
  });
});

/** `n` aliased createLookupJob fields, the i-th over `items(i)`. */
function createMany(n: number, itemsOf: (i: number) => unknown[], extra = '') {
  const fields = Array.from(
    { length: n },
    (_, i) => `j${i}: createLookupJob(operation: "${OP}", items: $items${i}${extra}) { id status items }`,
  ).join('\n');
  const decl = Array.from({ length: n }, (_, i) => `$items${i}: [JSON!]!`).join(', ');
  return {
    query: `mutation(${decl}) {\n${fields}\n}`,
    variables: Object.fromEntries(Array.from({ length: n }, (_, i) => [`items${i}`, itemsOf(i)])),
  };
}

describe('createLookupJob fields of one operation: all created, or none', () => {
  it('four fields over a limit of 3: RATE_LIMITED and nothing created or charged; three: all three, each id answered', async () => {
    const held = heldRepos('allornone');
    h.replay.add(held.route);
    const { key, id: keyId } = await h.key(50);
    const four = createMany(4, (i) => [{ url: repoUrl('allornone', `four${i}`) }]);
    const refused = await h.gql(four.query, { key, variables: four.variables });
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(refused.body.errors[0].message).toMatch(/JOBS_MAX_RUNNING_PER_KEY.*would add 4; no job was created/);
    expect((await list(key)).body.jobs).toEqual([]);
    // Had any run, an upstream request would be waiting by now.
    await new Promise((r) => setTimeout(r, 300));
    expect(held.waiting()).toBe(0);
    expect(await h.balance(keyId)).toBe(50);

    const three = createMany(3, (i) => [{ url: repoUrl('allornone', `three${i}`) }]);
    const made = await h.gql(three.query, { key, variables: three.variables });
    expect(made.body.errors).toBeUndefined();
    const ids = [0, 1, 2].map((i) => made.body.data[`j${i}`].id);
    expect(new Set(ids).size).toBe(3);
    expect((await list(key)).body.jobs.map((j: any) => j.id).sort()).toEqual([...ids].sort());
    held.releaseAll({ free: true });
    for (const id of ids) expect((await waitFinal(h, key, id)).status).toBe('completed');
    expect(await h.balance(keyId)).toBe(47);
  });

  it("the balance must cover every field's first item together (402, nothing created); what fits is created", async () => {
    const { key, id: keyId } = await h.key(2);
    const three = createMany(3, (i) => [{ url: repoUrl('poorgql', `a${i}`) }]);
    const refused = await h.gql(three.query, { key, variables: three.variables });
    expect(refused.body.errors[0].extensions.code).toBe('INSUFFICIENT_CREDITS');
    expect(refused.body.errors[0].message).toMatch(/3 jobs need up to 3 credits together; the key has 2/);
    expect((await list(key)).body.jobs).toEqual([]);
    const two = createMany(2, (i) => [{ url: repoUrl('poorgql', `b${i}`) }]);
    const made = await h.gql(two.query, { key, variables: two.variables });
    expect(made.body.errors).toBeUndefined();
    for (const i of [0, 1]) await waitFinal(h, key, made.body.data[`j${i}`].id);
    expect(await h.balance(keyId)).toBe(0);
  });

  it('a store failing part-way: the jobs already made are cancelled (nothing run), the error answered', async () => {
    const svc = jobService(h.deps)!;
    const create = svc.store.create;
    let calls = 0;
    svc.store.create = async (job, inputs) => {
      if (++calls === 2) throw new ApiError('SERVICE_UNAVAILABLE', 'a store is unreachable');
      return create.call(svc.store, job, inputs);
    };
    const { key, id: keyId } = await h.key(10);
    try {
      const two = createMany(2, (i) => [{ url: repoUrl('storefail', `r${i}`) }]);
      const failed = await h.gql(two.query, { key, variables: two.variables });
      expect(failed.body.data).toBeNull();
      expect(failed.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      svc.store.create = create;
    }
    const jobs = (await list(key)).body.jobs;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'cancelled', credits_charged: 0, counts: { done: 0, skipped: 1 } });
    expect(await h.balance(keyId)).toBe(10);
  });

  it('one field with invalid items refuses the operation, naming the field; the same idempotency key twice is one job', async () => {
    const { key } = await h.key(10);
    const mixed = createMany(2, (i) => [{ url: i === 1 ? 'nope' : repoUrl('mixedgql', 'ok') }]);
    const refused = await h.gql(mixed.query, { key, variables: mixed.variables });
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'INVALID_INPUT', details: [{ param: 'items[0].url' }] });
    expect(refused.body.errors[0].message).toMatch(/^j1: .*no job of this operation was created/);
    expect((await list(key)).body.jobs).toEqual([]);

    const twice = createMany(2, () => [{ url: repoUrl('idemgql', 'same') }], ', idempotencyKey: "once"');
    const made = await h.gql(twice.query, { key, variables: twice.variables });
    expect(made.body.errors).toBeUndefined();
    expect(made.body.data.j1.id).toBe(made.body.data.j0.id);
    expect((await list(key)).body.jobs.map((j: any) => j.id)).toEqual([made.body.data.j0.id]);
    await waitFinal(h, key, made.body.data.j0.id);
  });
});
