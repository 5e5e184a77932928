/**
 * JOBS_MAX_STREAMS_PER_KEY: a key holds at most that many progress streams open at once on an
 * instance — GET /v1/jobs/{id}/events and the GraphQL subscription lookupJobProgress together;
 * one more is 429 RATE_LIMITED with Retry-After. A slot is free again when its stream closes: the
 * client left, or the job ended. Before, one key opened 2,000 streams (+137 MB, /healthz stalled).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobService } from '../../src/jobs/service.js';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { call, heldRepos, repoUrl, waitFinal, waitFor } from './helpers.js';

let h: Harness;
const held = heldRepos('streams');
beforeAll(async () => {
  h = await startHarness({ env: { JOBS_MAX_STREAMS_PER_KEY: '2', JOBS_CONCURRENCY_PER_JOB: '1' } });
  h.replay.add(held.route);
});
afterAll(() => h.close());

const OP = '/v1/code/repository';
const streamsHeld = (keyId: string) => jobService(h.deps)!.streams.held(keyId);

/** An open SSE stream of the job's events (its first bytes read), and how to leave it. */
async function openEvents(key: string, id: string) {
  const ac = new AbortController();
  const res = await fetch(`${h.url}/v1/jobs/${id}/events`, { headers: { 'x-api-key': key }, signal: ac.signal });
  let text = '';
  if (res.status === 200) {
    const reader = res.body!.getReader();
    text = new TextDecoder().decode((await reader.read()).value);
    // Read on in the background until the server ends the stream or the client leaves.
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    })().catch(() => undefined);
  } else text = await res.text();
  return { res, text: () => text, leave: () => ac.abort() };
}

/** The GraphQL subscription over SSE: its HTTP status and, for a refusal, its body. */
async function subscribe(key: string, id: string) {
  const ac = new AbortController();
  const res = await fetch(`${h.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
    body: JSON.stringify({ query: `subscription($id: String!) { lookupJobProgress(id: $id) { id status } }`, variables: { id } }),
    signal: ac.signal,
  });
  const reader = res.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  return { res, first, leave: () => ac.abort() };
}

describe('JOBS_MAX_STREAMS_PER_KEY', () => {
  it('REST and GraphQL streams of a key count together: one more is 429 RATE_LIMITED with Retry-After; another key is not held back', async () => {
    const { key, id: keyId } = await h.key(10);
    const made = await call(h, 'POST', '/v1/jobs', { key, body: { operation: OP, items: [{ url: repoUrl('streams', 'a') }] } });
    const id = made.body.job.id;
    await waitFor(() => held.waiting() === 1);

    const a = await openEvents(key, id);
    expect(a.res.status).toBe(200);
    const b = await subscribe(key, id);
    expect(b.res.status).toBe(200);
    expect(b.first).toContain('lookupJobProgress');
    expect(streamsHeld(keyId)).toBe(2);

    const c = await openEvents(key, id);
    expect(c.res.status).toBe(429);
    expect(c.res.headers.get('retry-after')).toBe('5');
    const body = JSON.parse(c.text());
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toContain('JOBS_MAX_STREAMS_PER_KEY');
    const d = await subscribe(key, id);
    expect(d.res.status).toBe(429);
    expect(d.res.headers.get('retry-after')).toBe('5');
    expect(d.first).toContain('"code":"RATE_LIMITED"');
    expect(d.first).toContain('JOBS_MAX_STREAMS_PER_KEY');
    d.leave();

    // The cap is per key: another key's stream of its own job opens.
    const other = await h.key(10);
    const theirs = await call(h, 'POST', '/v1/jobs', {
      key: other.key,
      body: { operation: OP, items: [{ url: repoUrl('streams', 'b') }] },
    });
    const e = await openEvents(other.key, theirs.body.job.id);
    expect(e.res.status).toBe(200);

    // A client that leaves frees its slot: a new stream opens.
    a.leave();
    b.leave();
    await waitFor(() => streamsHeld(keyId) === 0);
    const f = await openEvents(key, id);
    expect(f.res.status).toBe(200);
    expect(streamsHeld(keyId)).toBe(1);

    // A job that ends closes its streams and frees their slots.
    held.releaseAll({ free: true });
    await waitFinal(h, key, id);
    await waitFor(() => streamsHeld(keyId) === 0 && streamsHeld(other.id) === 0);
    // The slot is freed when the server ends the stream; its last bytes may still be on the way to the client.
    await waitFor(() => f.text().includes('event: end'));
    expect(f.text()).toContain('event: end');
    expect((await openEvents(key, id)).res.status).toBe(200);
    await waitFor(() => streamsHeld(keyId) === 0);
  });
});
