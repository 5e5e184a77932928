/**
 * A key's jobs within its reach: GET /v1/jobs (and GraphQL lookupJobs) lists them newest first,
 * page by page, free. Before, no route listed a key's jobs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
