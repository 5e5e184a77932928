/**
 * JOBS_KEY_QUOTA_MB over real HTTP: a key's stored jobs (inputs, then results) are bounded; a new
 * job that would take the key past its quota is refused with 413 PAYLOAD_TOO_LARGE, nothing
 * created or charged; the quota is per key. (Retention, which frees it, is tested on the stores:
 * store.test.ts, redis-store.test.ts.)
 *
 * Items are web searches with long queries (~500 characters), so a quota of 1 MiB is reached with
 * about two thousand of them; `max_credits: 0` stops each job before it runs an item (no upstream).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, waitFinal } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { JOBS_KEY_QUOTA_MB: '1', JOBS_MAX_RUNNING_PER_KEY: '10' } });
});
afterAll(() => h.close());

const OP = '/v1/websearch/search';
const job = (n: number, tag: string, extra: Record<string, unknown> = {}) => ({
  operation: OP,
  items: Array.from({ length: n }, (_, i) => ({ query: `${tag} ${i} ${'q'.repeat(480)}` })),
  max_credits: 0,
  ...extra,
});

describe('JOBS_KEY_QUOTA_MB', () => {
  it("a job past the key's quota: 413 naming the setting, nothing created or charged; under it, or another key: 202", async () => {
    const a = await h.key(5);
    // ~560 KB of inputs: under 1 MiB.
    const first = await call(h, 'POST', '/v1/jobs', { key: a.key, body: job(1100, 'a') });
    expect(first.status).toBe(202);
    expect(await waitFinal(h, a.key, first.body.job.id)).toMatchObject({ status: 'stopped_at_cap', credits_charged: 0 });

    // Another ~560 KB would take the key past 1 MiB: refused, though the first job has finished.
    const second = await call(h, 'POST', '/v1/jobs', { key: a.key, body: job(1100, 'b', { idempotency_key: 'second' }) });
    expect(second.status).toBe(413);
    expect(second.body).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(second.body.error.message).toMatch(/JOBS_KEY_QUOTA_MB/);
    expect(await h.balance(a.id)).toBe(5);

    // Nothing was created under that idempotency key: a small job with it is a new one.
    const small = await call(h, 'POST', '/v1/jobs', { key: a.key, body: job(10, 'c', { idempotency_key: 'second' }) });
    expect(small.status).toBe(202);
    expect(small.body.job).toMatchObject({ items: 10 });
    expect(small.body.job.id).not.toBe(first.body.job.id);

    // The quota is the key's own: another key stores as much.
    const b = await h.key(5);
    expect((await call(h, 'POST', '/v1/jobs', { key: b.key, body: job(1100, 'd') })).status).toBe(202);
  });

  it('one job alone larger than the quota is refused on a fresh key', async () => {
    const c = await h.key(5);
    const r = await call(h, 'POST', '/v1/jobs', { key: c.key, body: job(2200, 'e') });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await h.balance(c.id)).toBe(5);
  });

  it('the createLookupJob fields of one GraphQL operation count together: past the quota none is created', async () => {
    const d = await h.key(5);
    // ~595 KB stored: ~450 KB left.
    const first = await call(h, 'POST', '/v1/jobs', { key: d.key, body: job(1200, 'f') });
    await waitFinal(h, d.key, first.body.job.id);
    // Two of ~250 KB each: either fits alone, not both.
    const mutation = `mutation($a: [JSON!]!, $b: [JSON!]!) {
      a: createLookupJob(operation: "${OP}", items: $a, maxCredits: 0) { id }
      b: createLookupJob(operation: "${OP}", items: $b, maxCredits: 0) { id }
    }`;
    const refused = await h.gql(mutation, { key: d.key, variables: { a: job(500, 'g').items, b: job(500, 'h').items } });
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    const listed = await call(h, 'GET', '/v1/jobs', { key: d.key });
    expect(listed.body.jobs.map((j: { id: string }) => j.id)).toEqual([first.body.job.id]);
    const one = await h.gql(mutation.replace(/\n\s*b: .*\n/, '\n').replace(', $b: [JSON!]!', ''), {
      key: d.key,
      variables: { a: job(500, 'g').items },
    });
    expect(one.body.errors).toBeUndefined();
    expect(one.body.data.a.id).toMatch(/^job_/);
  });
});
