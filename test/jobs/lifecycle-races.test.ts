/**
 * A job's lifecycle raced by its own key: a DELETE (cancel) landing while a resume of the same job
 * is on its way. The test's inputs are its own (generated repository URLs); no fixture is read.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { jobService } from '../../src/jobs/service.js';
import { anyRepo, call, ndjson, openPost, repoUrl, waitFinal, waitFor } from './helpers.js';

let h: Harness;
const OP = '/v1/code/repository';
const items = (n: number, owner: string) => Array.from({ length: n }, (_, i) => ({ url: repoUrl(owner, `r${i}`) }));

beforeAll(async () => {
  h = await startHarness({ env: { JOBS_CONCURRENCY: '4', JOBS_CONCURRENCY_PER_JOB: '2' } });
});
afterAll(() => h.close());
beforeEach(() => {
  h.replay.reset();
  h.replay.add(anyRepo());
});

describe('cancel and resume raced', () => {
  it('a job cancelled while its resume body is still arriving stays cancelled: the resume is a 400, nothing runs or is charged', async () => {
    const { key, id: keyId } = await h.key(100);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(3, 'race-cancel'), max_credits: 0 } });
    expect(created.status).toBe(202);
    const id = created.body.job.id;
    expect(await waitFinal(h, key, id)).toMatchObject({ status: 'stopped_at_cap', credits_charged: 0 });

    // The resume's headers and the first byte of its body: the route has read the job (stopped).
    const body = '{"max_credits":null}';
    const resume = openPost(`${h.url}/v1/jobs/${id}/resume`, {
      'x-api-key': key,
      'content-type': 'application/json',
      'content-length': String(body.length),
    });
    resume.req.write(body.slice(0, 1));
    await new Promise((r) => setTimeout(r, 500));
    // Meanwhile the job is cancelled: for good ("unfinished items are not run").
    const del = await call(h, 'DELETE', `/v1/jobs/${id}`, { key });
    expect(del.status).toBe(200);
    expect(del.body.job.status).toBe('cancelled');
    resume.req.end(body.slice(1));
    const answer = await resume.answer;
    expect(answer.res.statusCode, answer.text).toBe(400);
    expect(JSON.parse(answer.text).error).toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ param: 'id', message: expect.stringContaining('cancelled') }],
    });

    // The resume once set the cancelled job queued again: it ran every item and charged them.
    await new Promise((r) => setTimeout(r, 500));
    const job = (await call(h, 'GET', `/v1/jobs/${id}`, { key })).body.job;
    expect(job).toMatchObject({ status: 'cancelled', credits_charged: 0, counts: { done: 0 } });
    expect(h.replay.hits({ host: 'api.github.com' })).toHaveLength(0);
    expect(await h.balance(keyId)).toBe(100);
  });

  it('a job is started as it is stored, not as its creator last saw it: one cancelled meanwhile is not run', async () => {
    // The path this stands for: `a: createLookupJob(1 item) b: createLookupJob(10,000 items)` —
    // a is written, then b in slices of 1,000, a turn each; a DELETE of a (listed by GET /v1/jobs)
    // lands meanwhile; then both are started with the rows their creation returned (a: queued).
    const { key, id: keyId } = await h.key(100);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(3, 'stale-start'), max_credits: 0 } });
    const id = created.body.job.id;
    await waitFinal(h, key, id);
    expect((await call(h, 'DELETE', `/v1/jobs/${id}`, { key })).body.job.status).toBe('cancelled');
    const svc = jobService(h.deps)!;
    const stale = { ...(await svc.store.get(id))!, status: 'queued' as const, max_credits: null, finished_at: null };
    await svc.runner.activate(stale);
    await new Promise((r) => setTimeout(r, 500));
    expect((await call(h, 'GET', `/v1/jobs/${id}`, { key })).body.job).toMatchObject({
      status: 'cancelled',
      credits_charged: 0,
      counts: { done: 0 },
    });
    expect(h.replay.hits({ host: 'api.github.com' })).toHaveLength(0);
    expect(await h.balance(keyId)).toBe(100);
  });
});

describe('results of a job still running, read as a client resumes them', () => {
  it('an item finishing after later ones is not behind the cursor of a client that resumes with the last index it got (REST, GraphQL)', async () => {
    let hold: (() => void) | null = null;
    h.replay.add(anyRepo({ onHit: (_o, repo) => (repo === 'r1' ? new Promise<void>((r) => (hold = r)) : undefined) }));
    const { key } = await h.key(100);
    const created = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: items(6, 'gap') } });
    const id = created.body.job.id;
    // Item 1 waits on its upstream; 0 and 2–5 are done.
    await waitFor(async () => (await call(h, 'GET', `/v1/jobs/${id}`, { key })).body.job.counts.done === 5);
    const rest = ndjson((await call(h, 'GET', `/v1/jobs/${id}/results`, { key })).text).map((l) => l.index);
    const gql = await call(h, 'POST', '/graphql', { key, body: { query: `{ lookupJob(id: "${id}") { results { index } } }` } });
    const gqlIndexes = gql.body.data.lookupJob.results.map((r: { index: number }) => r.index);
    // Once [0, 2, 3, 4, 5]: the client resumed after 5 and never got item 1.
    expect(rest).toEqual([0]);
    expect(gqlIndexes).toEqual([0]);
    hold!();
    await waitFinal(h, key, id);
    const after = rest[rest.length - 1];
    const resumed = ndjson((await call(h, 'GET', `/v1/jobs/${id}/results?after=${after}`, { key })).text).map((l) => l.index);
    expect([...rest, ...resumed]).toEqual([0, 1, 2, 3, 4, 5]);
    const page = await call(h, 'POST', '/graphql', {
      key,
      body: { query: `{ lookupJob(id: "${id}") { results(after: ${after}) { index } } }` },
    });
    expect(page.body.data.lookupJob.results.map((r: { index: number }) => r.index)).toEqual([1, 2, 3, 4, 5]);
  });
});
