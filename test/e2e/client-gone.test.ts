/**
 * A client that goes away before its answer: the live fetch made for it is cancelled (the
 * upstream request aborted, its reservation refunded at 0) instead of running on to the upstream
 * timeouts — here a minute, so only the cancellation can end it within the test. A fetch another
 * request joined goes on for that one (src/cache/single-flight.ts).
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';
import { repoJson } from '../data.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: { UPSTREAM_TOTAL_TIMEOUT_MS: '60000', UPSTREAM_HEADERS_TIMEOUT_MS: '60000', UPSTREAM_BODY_TIMEOUT_MS: '60000' },
  });
  // The upstream takes the request and never answers.
  h.replay.add({ host: 'api.github.com', path: /^\/repos\/hang\/[^/]+$/, response: { fault: { kind: 'timeout' } } });
  // Answers after a while.
  h.replay.add({
    host: 'api.github.com',
    path: /^\/repos\/slow\/[^/]+$/,
    response: (req: { path: string }) => ({
      headers: { 'content-type': 'application/json' },
      body: repoJson('slow', req.path.split('/')[3]),
      fault: { kind: 'latency', ms: 1_500 },
    }),
  });
});
afterAll(() => h.close());

/**
 * Once the upstream has `path`'s request (the client's 5 credits reserved), the client leaves:
 * its request fails, the reservation is refunded (nothing charged), nothing is left in flight.
 */
async function expectRefundedOnceGone(answered: Promise<unknown>, abort: AbortController, id: string, path: string): Promise<void> {
  await vi.waitFor(() => expect(h.replay.hits({ host: 'api.github.com', path })).toHaveLength(1), { timeout: 10_000 });
  expect(h.deps.ledger.open.size).toBe(1);
  abort.abort();
  expect(await answered).toBeInstanceOf(Error);
  await vi.waitFor(() => expect(h.deps.ledger.open.size).toBe(0), { timeout: 10_000 });
  expect(await h.balance(id)).toBe(5);
  expect(await h.deps.ledger.totalCharged(id)).toBe(0);
  expect(h.app.inFlight()).toBe(0);
}

it('REST: the upstream request is cancelled and the reservation refunded once the client is gone', async () => {
  const { key, id } = await h.key(5);
  const abort = new AbortController();
  const answered = fetch(`${h.url}/v1/code/repository?url=${encodeURIComponent('https://github.com/hang/forever')}`, {
    headers: { 'x-api-key': key },
    signal: abort.signal,
  }).catch((e: unknown) => e);
  await expectRefundedOnceGone(answered, abort, id, '/repos/hang/forever');
}, 30_000);

it('REST: a client going away does not fail another request that joined its fetch', async () => {
  const first = await h.key(5);
  const second = await h.key(5);
  const path = `/v1/code/repository?url=${encodeURIComponent('https://github.com/slow/shared')}`;
  const abort = new AbortController();
  const gone = fetch(`${h.url}${path}`, { headers: { 'x-api-key': first.key }, signal: abort.signal }).catch((e: unknown) => e);
  await vi.waitFor(() => expect(h.replay.hits({ host: 'api.github.com', path: '/repos/slow/shared' })).toHaveLength(1), {
    timeout: 10_000,
  });
  const joined = h.rest(path, { key: second.key });
  await vi.waitFor(() => expect(h.deps.ledger.open.size).toBe(2), { timeout: 10_000 });
  abort.abort();
  expect(await gone).toBeInstanceOf(Error);
  const answer = await joined;
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ success: true, credits_charged: 1 });
  expect(h.replay.hits({ host: 'api.github.com', path: '/repos/slow/shared' })).toHaveLength(1);
  await vi.waitFor(() => expect(h.deps.ledger.open.size).toBe(0), { timeout: 10_000 });
  expect(await h.deps.ledger.totalCharged(first.id)).toBe(0);
}, 30_000);

it('GraphQL: the upstream request is cancelled and the reservation refunded once the client is gone (it was charged in full)', async () => {
  const { key, id } = await h.key(5);
  const abort = new AbortController();
  const answered = fetch(`${h.url}/graphql`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ codeRepository(url: "https://github.com/hang/graphql") { fullName } }' }),
    signal: abort.signal,
  }).catch((e: unknown) => e);
  await expectRefundedOnceGone(answered, abort, id, '/repos/hang/graphql');
}, 30_000);

it('GraphQL by GET (yoga executes it, not the fast path): cancelled and refunded the same way', async () => {
  const { key, id } = await h.key(5);
  const abort = new AbortController();
  const query = encodeURIComponent('{ codeRepository(url: "https://github.com/hang/graphql-get") { fullName } }');
  const answered = fetch(`${h.url}/graphql?query=${query}`, {
    headers: { 'x-api-key': key, accept: 'application/json' },
    signal: abort.signal,
  }).catch((e: unknown) => e);
  await expectRefundedOnceGone(answered, abort, id, '/repos/hang/graphql-get');
}, 30_000);
