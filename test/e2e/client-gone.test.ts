/**
 * A client that goes away before its answer: the live fetch made for it is cancelled (the
 * upstream request aborted, its reservation refunded at 0) instead of running on to the upstream
 * timeouts — here a minute, so only the cancellation can end it within the test.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startHarness } from '../harness.js';
import type { Harness } from '../harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: { UPSTREAM_TOTAL_TIMEOUT_MS: '60000', UPSTREAM_HEADERS_TIMEOUT_MS: '60000', UPSTREAM_BODY_TIMEOUT_MS: '60000' },
  });
  // The upstream takes the request and never answers.
  h.replay.add({ host: 'api.github.com', path: /^\/repos\/hang\/[^/]+$/, response: { fault: { kind: 'timeout' } } });
});
afterAll(() => h.close());

it('REST: the upstream request is cancelled and the reservation refunded once the client is gone', async () => {
  const { key, id } = await h.key(5);
  const abort = new AbortController();
  const answered = fetch(`${h.url}/v1/code/repository?url=${encodeURIComponent('https://github.com/hang/forever')}`, {
    headers: { 'x-api-key': key },
    signal: abort.signal,
  }).catch((e: unknown) => e);
  await vi.waitFor(() => expect(h.replay.hits({ host: 'api.github.com' })).toHaveLength(1), { timeout: 10_000 });
  expect(h.deps.ledger.open.size).toBe(1);
  abort.abort();
  expect(await answered).toBeInstanceOf(Error);
  await vi.waitFor(() => expect(h.deps.ledger.open.size).toBe(0), { timeout: 10_000 });
  expect(await h.balance(id)).toBe(5);
  expect(await h.deps.ledger.totalCharged(id)).toBe(0);
  expect(h.app.inFlight()).toBe(0);
}, 30_000);
