/**
 * GraphQL face of jobs: createLookupJob (the mutation is admitted like every request: before
 * this change a mutation ran without a key check), lookupJob(id) with results, and the
 * lookupJobProgress(id) subscription over server-sent events (key-checked, ends with the job).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { repoJson } from '../data.js';
import { RESULTS_BUDGET, RESULTS_BYTES } from '../../src/jobs/graphql.js';
import { anyRepo, bigRepos, repoUrl, waitFinal, waitFor } from './helpers.js';

let h: Harness;
/** Answers of /repos/held/* waiting for the test. */
const held: (() => void)[] = [];
beforeAll(async () => {
  h = await startHarness({ env: { JOBS_CONCURRENCY_PER_JOB: '1' } });
  h.replay.add(anyRepo());
  h.replay.add({
    host: 'api.github.com',
    path: /^\/repos\/held\/[^/]+$/,
    response: async (req) => {
      await new Promise<void>((r) => held.push(r));
      return { headers: { 'content-type': 'application/json' }, body: repoJson('held', req.path.split('/')[3]) };
    },
  });
});
afterAll(() => h.close());

const CREATE = `mutation($items: [JSON!]!, $key: String) {
  createLookupJob(operation: "/v1/code/repository", items: $items, idempotencyKey: $key, maxCredits: 10) { id status items maxCredits counts { done } }
}`;

describe('GraphQL jobs', () => {
  it('a mutation needs a key (401), and another key cannot see the job (null)', async () => {
    const none = await h.gql(CREATE, { variables: { items: [{ url: repoUrl('gql', 'a') }] } });
    expect(none.status).toBe(401);
    expect(none.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const bad = await h.gql(CREATE, { key: 'cl_unknown', variables: { items: [{ url: repoUrl('gql', 'a') }] } });
    expect(bad.status).toBe(401);
  });

  it('createLookupJob → lookupJob with results; invalid items are INVALID_INPUT naming item and parameter', async () => {
    const { key, id: keyId } = await h.key(10);
    const made = await h.gql(CREATE, {
      key,
      variables: { items: [{ url: repoUrl('gql', 'a') }, { url: repoUrl('gql', 'b') }], key: 'g1' },
    });
    expect(made.body.errors).toBeUndefined();
    const job = made.body.data.createLookupJob;
    expect(job).toMatchObject({ items: 2, maxCredits: 10 });
    const again = await h.gql(CREATE, {
      key,
      variables: { items: [{ url: repoUrl('gql', 'a') }, { url: repoUrl('gql', 'b') }], key: 'g1' },
    });
    expect(again.body.data.createLookupJob.id).toBe(job.id);
    await waitFinal(h, key, job.id);
    const q = `query($id: String!) { lookupJob(id: $id) { status creditsCharged counts { done ok } results(after: 0) { index status code creditsCharged cached input body } } }`;
    const got = await h.gql(q, { key, variables: { id: job.id } });
    expect(got.body.data.lookupJob).toMatchObject({ status: 'completed', creditsCharged: 2, counts: { done: 2, ok: 2 } });
    expect(got.body.data.lookupJob.results).toEqual([
      {
        index: 1,
        status: 200,
        code: null,
        creditsCharged: 1,
        cached: false,
        input: { url: repoUrl('gql', 'b') },
        body: expect.objectContaining({ success: true, repository: expect.objectContaining({ full_name: 'gql/b' }) }),
      },
    ]);
    expect(got.body.extensions.credits.charged).toBe(0);
    expect(await h.balance(keyId)).toBe(8);
    const other = await h.key(5);
    expect((await h.gql(q, { key: other.key, variables: { id: job.id } })).body.data.lookupJob).toBeNull();

    // Paging values out of range are INVALID_INPUT naming the argument, as on REST (they were clamped silently), 0 credits.
    const page = `query($id: String!, $after: Int, $first: Int) { lookupJob(id: $id) { results(after: $after, first: $first) { index } } }`;
    for (const [vars, param] of [
      [{ first: 5000 }, 'first'],
      [{ first: 0 }, 'first'],
      [{ after: -2 }, 'after'],
    ] as const) {
      const r = await h.gql(page, { key, variables: { id: job.id, ...vars } });
      expect(r.body.errors?.[0]?.extensions?.code, JSON.stringify(vars)).toBe('INVALID_INPUT');
      expect(r.body.errors[0].extensions.details).toEqual([{ param, message: expect.any(String) }]);
    }
    const firstOne = await h.gql(page, { key, variables: { id: job.id, after: -1, first: 1 } });
    expect(firstOne.body.data.lookupJob.results).toEqual([{ index: 0 }]);
    expect(await h.balance(keyId)).toBe(8);

    // At most RESULTS_BUDGET.rows results asked per document, over every aliased `results` field.
    const full = Array.from({ length: RESULTS_BUDGET.rows / 1000 - 1 }, (_, i) => `a${i}: results(first: 1000) { index }`);
    const doc = (tail: string) =>
      `query($id: String!) { lookupJob(id: $id) { ${full.join(' ')} z: results(first: 999) { index } ${tail} } }`;
    const edge = await h.gql(doc('w: results(first: 5) { index }'), { key, variables: { id: job.id } });
    expect(edge.body.errors).toBeUndefined();
    expect(edge.body.data.lookupJob.a0).toHaveLength(2);
    expect(edge.body.data.lookupJob.w).toEqual([{ index: 0 }]);
    const over = await h.gql(doc('w: results(first: 1) { index } u: results { index }'), { key, variables: { id: job.id } });
    expect(over.body.errors.map((e: any) => [e.path.join('.'), e.extensions.code, e.extensions.details[0].param])).toEqual([
      ['lookupJob.u', 'INVALID_INPUT', 'first'],
    ]);

    const invalid = await h.gql(CREATE, { key, variables: { items: [{ url: repoUrl('gql', 'c') }, { url: 'nope' }] } });
    expect(invalid.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(invalid.body.errors[0].extensions.details).toEqual([{ param: 'items[1].url', message: expect.any(String) }]);
  });
});

const PROGRESS = `subscription($id: String!) { lookupJobProgress(id: $id) { id status creditsCharged counts { done ok skipped } } }`;

/** A subscription over GraphQL-over-SSE: every event until the server ends the stream. */
async function subscribe(query: string, o: { key?: string; variables?: Record<string, unknown> } = {}) {
  const res = await fetch(`${h.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(o.key ? { 'x-api-key': o.key } : {}) },
    body: JSON.stringify({ query, variables: o.variables }),
  });
  const text = await res.text();
  const events = text
    .split('\n\n')
    .filter((b) => /^event: /m.test(b))
    .map((b) => {
      const data = /^data: ?(.*)$/m.exec(b)?.[1];
      return { event: /^event: (\w+)/m.exec(b)![1], data: data ? JSON.parse(data) : null };
    });
  return { status: res.status, type: res.headers.get('content-type'), events };
}

describe('GraphQL subscription lookupJobProgress', () => {
  it('streams the job as it progresses, then its final state, then ends', async () => {
    const { key } = await h.key(10);
    const items = ['a', 'b', 'c'].map((r) => ({ url: repoUrl('held', r) }));
    const made = await h.gql(CREATE, { key, variables: { items } });
    const id = made.body.data.createLookupJob.id;
    const stream = subscribe(PROGRESS, { key, variables: { id } });
    // One item at a time: each answer released once the previous one is recorded.
    for (let i = 0; i < items.length; i++) {
      await waitFor(() => held.length === 1);
      held.shift()!();
    }
    const { status, type, events } = await stream;
    expect(status).toBe(200);
    expect(type).toContain('text/event-stream');
    expect(events.at(-1)!.event).toBe('complete');
    const jobs = events.filter((e) => e.event === 'next').map((e) => e.data);
    for (const j of jobs) expect(j.errors).toBeUndefined();
    const states = jobs.map((j) => j.data.lookupJobProgress);
    // More than the end alone: it was watched while it ran.
    expect(states.length).toBeGreaterThan(1);
    expect(states.at(-1)).toEqual({ id, status: 'completed', creditsCharged: 3, counts: { done: 3, ok: 3, skipped: 0 } });
    const done = states.map((s) => s.counts.done);
    expect([...done].sort((x, y) => x - y)).toEqual(done);
    expect(states.slice(0, -1).every((s) => s.status !== 'completed')).toBe(true);
  });

  it('a finished job: its final state at once, then the end', async () => {
    const { key } = await h.key(10);
    const made = await h.gql(CREATE, { key, variables: { items: [{ url: repoUrl('gql', 'fin') }] } });
    const id = made.body.data.createLookupJob.id;
    await waitFinal(h, key, id);
    const { events } = await subscribe(PROGRESS, { key, variables: { id } });
    expect(events.map((e) => e.event)).toEqual(['next', 'complete']);
    expect(events[0].data.data.lookupJobProgress).toMatchObject({ id, status: 'completed', counts: { done: 1 } });
  });

  it('needs a key (UNAUTHORIZED); another key’s job and an unknown job are NOT_FOUND', async () => {
    const { key } = await h.key(10);
    const made = await h.gql(CREATE, { key, variables: { items: [{ url: repoUrl('gql', 'mine') }] } });
    const id = made.body.data.createLookupJob.id;
    const codes = async (k: string | undefined, jobId: string) => {
      const { events } = await subscribe(PROGRESS, { key: k, variables: { id: jobId } });
      expect(events.at(-1)!.event).toBe('complete');
      return events.filter((e) => e.event === 'next').map((e) => e.data.errors?.[0]?.extensions?.code);
    };
    expect(await codes(undefined, id)).toEqual(['UNAUTHORIZED']);
    expect(await codes('cl_unknown', id)).toEqual(['UNAUTHORIZED']);
    const other = await h.key(5);
    expect(await codes(other.key, id)).toEqual(['NOT_FOUND']);
    expect(await codes(key, 'job_nope')).toEqual(['NOT_FOUND']);
  });

  it('without a valid key the answer is HTTP 401, as for every GraphQL operation (DECISIONS.md), not a 200 stream', async () => {
    const { key } = await h.key(10);
    const made = await h.gql(CREATE, { key, variables: { items: [{ url: repoUrl('gql', 'keyless') }] } });
    const id = made.body.data.createLookupJob.id;
    for (const k of [undefined, 'cl_unknown']) {
      const r = await subscribe(PROGRESS, { key: k, variables: { id } });
      expect(r.status).toBe(401);
      expect(r.events.filter((e) => e.event === 'next').map((e) => e.data.errors?.[0]?.extensions?.code)).toEqual(['UNAUTHORIZED']);
    }
  });
});

describe('job results over GraphQL: bytes per document', () => {
  it(`at most RESULTS_BYTES (${RESULTS_BYTES}) of stored results per document: a shorter page, then INVALID_INPUT; paging goes on`, async () => {
    // Records of ~20 KB: 100 of them are 2 MB. Within the row budget, 32 such documents of a key at
    // once (its GraphQL places), unread, ran a 512 MB gateway out of heap (an attack sweep).
    h.replay.add(bigRepos('bigrec', 20_000));
    const { key } = await h.key(200);
    const items = Array.from({ length: 100 }, (_, i) => ({ url: repoUrl('bigrec', `r${i}`) }));
    const made = await h.gql(CREATE.replace('maxCredits: 10', 'maxCredits: 200'), { key, variables: { items } });
    const id = made.body.data.createLookupJob.id;
    await waitFinal(h, key, id);
    const query = (fields: string, vars = '$id: String!, $after: Int') => `query(${vars}) { lookupJob(id: $id) { ${fields} } }`;
    const page = async (after: number) =>
      (await h.gql(query('a: results(after: $after, first: 1000) { index body }'), { key, variables: { id, after } })).body;
    const first = await page(-1);
    expect(first.errors).toBeUndefined();
    const a = first.data.lookupJob.a as { index: number; body: unknown }[];
    expect(a.length).toBeGreaterThan(0);
    expect(a.length).toBeLessThan(100);
    expect(JSON.stringify(a).length).toBeLessThan(RESULTS_BYTES * 1.1);
    expect(a.map((x) => x.index)).toEqual(a.map((_, i) => i));
    // The budget spent, the next field of the document is refused, naming `first`.
    const over = await h.gql(query('a: results(first: 1000) { index body } b: results(after: 90, first: 1) { index }', '$id: String!'), {
      key,
      variables: { id },
    });
    expect(over.body.errors.map((e: any) => [e.path.join('.'), e.extensions.code, e.extensions.details[0].param])).toEqual([
      ['lookupJob.b', 'INVALID_INPUT', 'first'],
    ]);
    // The rest comes page by page.
    const seen = new Set(a.map((x) => x.index));
    for (let after = a.at(-1)!.index; seen.size < 100;) {
      const next = (await page(after)).data.lookupJob.a as { index: number }[];
      expect(next.length).toBeGreaterThan(0);
      for (const x of next) seen.add(x.index);
      after = next.at(-1)!.index;
    }
    expect(seen.size).toBe(100);
  });
});
