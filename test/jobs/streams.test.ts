/**
 * JOBS_MAX_STREAMS_PER_KEY: a key holds at most that many progress streams open at once on an
 * instance — GET /v1/jobs/{id}/events and the GraphQL subscription lookupJobProgress together;
 * one more is 429 RATE_LIMITED with Retry-After. A slot is free again when its stream closes: the
 * client left, or the job ended. Before, one key opened 2,000 streams (+137 MB, /healthz stalled).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../src/app.js';
import { SSE_MAX_UNSENT } from '../../src/jobs/http.js';
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

describe('a progress stream its client does not read', () => {
  it(`holds at most SSE_MAX_UNSENT (${SSE_MAX_UNSENT}) bytes of progress unsent, and still ends with the job's end`, async () => {
    // A server of its own over the same app, whose socket to the events' client never completes a
    // write: what a client that stopped reading leaves once the kernel's buffers are full (node
    // keeps every later write).
    const server = createHttpServer(h.app);
    let sock: Socket | null = null;
    let res: ServerResponse | null = null;
    const stalled: Buffer[] = [];
    server.on('request', (req: IncomingMessage, r: ServerResponse) => {
      if (!req.url?.endsWith('/events')) return;
      const s = req.socket as Socket & { _write: unknown; _writev: unknown };
      const bytes = (chunk: Buffer | string, encoding: BufferEncoding) =>
        typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      s._write = (chunk: Buffer | string, encoding: BufferEncoding) => void stalled.push(bytes(chunk, encoding));
      s._writev = (chunks: { chunk: Buffer | string; encoding: BufferEncoding }[]) =>
        void stalled.push(...chunks.map((c) => bytes(c.chunk, c.encoding)));
      sock = s;
      res = r;
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const unread = heldRepos('unread');
    h.replay.add(unread.route);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ac = new AbortController();
    try {
      const { key } = await h.key(100);
      const N = 30;
      // A long webhook URL makes each progress event ~2.5 KB (the job as clients see it).
      const made = await call(h, 'POST', '/v1/jobs', {
        key,
        body: {
          operation: OP,
          items: Array.from({ length: N }, (_, i) => ({ url: repoUrl('unread', `r${i}`) })),
          webhook: { url: `https://example.com/${'h'.repeat(1900)}`, secret: 'a-long-random-secret-0000' },
        },
      });
      const id = made.body.job.id;
      void fetch(`${url}/v1/jobs/${id}/events`, { headers: { 'x-api-key': key }, signal: ac.signal }).catch(() => undefined);
      await waitFor(() => sock !== null);
      // One item at a time (JOBS_CONCURRENCY_PER_JOB 1), each after the last one's event was due.
      for (let i = 0; i < N; i++) {
        await waitFor(() => unread.waiting() === 1);
        unread.releaseOne();
        await new Promise((r) => setTimeout(r, 120));
      }
      await waitFinal(h, key, id);
      await waitFor(() => res!.writableEnded);
      // The bound, one event over it, the end event and the response's head.
      expect(sock!.writableLength).toBeLessThan(SSE_MAX_UNSENT + 3 * 4096);
      const queued = (
        sock as unknown as { _writableState: { getBuffer(): { chunk: Buffer | string; encoding: BufferEncoding }[] } }
      )._writableState
        .getBuffer()
        .map((b) => (typeof b.chunk === 'string' ? Buffer.from(b.chunk, b.encoding) : b.chunk));
      const text = Buffer.concat([...stalled, ...queued]).toString();
      expect(text).toMatch(/event: end\r?\n?data: \{[^\n]*"status":"completed"/);
    } finally {
      ac.abort();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
