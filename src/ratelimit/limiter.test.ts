/**
 * The in-memory token bucket and the choice of limit (unit tests, fake clock). The Redis bucket
 * is tested against a real redis-server in test/redis/ratelimit.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, effectiveRate, enforceRateLimit } from './limiter.js';

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('memory token bucket', () => {
  it('lets a burst through, then one request per 1/rps seconds', () => {
    const c = clock();
    const l = createMemoryRateLimiter(c.now);
    const rate = { rps: 2, burst: 3 };
    expect([l.take('k', rate), l.take('k', rate), l.take('k', rate)]).toEqual([0, 0, 0]);
    expect(l.take('k', rate)).toBe(500); // the next token arrives in 1/2 s
    c.advance(250);
    expect(l.take('k', rate)).toBe(250);
    c.advance(250);
    expect(l.take('k', rate)).toBe(0);
    expect(l.take('k', rate)).toBe(500);
  });

  it('refills up to the burst, never beyond', () => {
    const c = clock();
    const l = createMemoryRateLimiter(c.now);
    const rate = { rps: 10, burst: 2 };
    l.take('k', rate);
    l.take('k', rate);
    c.advance(60_000);
    expect([l.take('k', rate), l.take('k', rate), l.take('k', rate) > 0]).toEqual([0, 0, true]);
  });

  it('keys have separate buckets; fractional rates work (one request every 5 s)', () => {
    const c = clock();
    const l = createMemoryRateLimiter(c.now);
    const slow = { rps: 0.2, burst: 1 };
    expect(l.take('a', slow)).toBe(0);
    expect(l.take('a', slow)).toBe(5_000);
    expect(l.take('b', slow)).toBe(0);
    c.advance(5_000);
    expect(l.take('a', slow)).toBe(0);
  });
});

describe('which limit applies', () => {
  const fallback = { rps: 5, burst: 10 };
  it("the key's own limit wins; rps 0 means unlimited; without either nothing is limited", () => {
    expect(effectiveRate({ id: 'k', balance: 1 }, fallback)).toEqual(fallback);
    expect(effectiveRate({ id: 'k', balance: 1, rate: { rps: 1, burst: 1 } }, fallback)).toEqual({ rps: 1, burst: 1 });
    expect(effectiveRate({ id: 'k', balance: 1, rate: { rps: 0, burst: 1 } }, fallback)).toBeNull();
    expect(effectiveRate({ id: 'k', balance: 1 }, { rps: 0, burst: 1 })).toBeNull();
  });

  it('a refusal is RATE_LIMITED (429) with Retry-After in whole seconds, at least 1', () => {
    const l = createMemoryRateLimiter(clock().now);
    const key = { id: 'k', balance: 1, rate: { rps: 4, burst: 1 } };
    expect(enforceRateLimit(l, key, fallback)).toBeNull();
    const err = enforceRateLimit(l, key, fallback) as Exclude<ReturnType<typeof enforceRateLimit>, Promise<unknown>>;
    expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSec: 1 });
    expect(err!.message).toMatch(/4 requests per second \(burst 1\); retry in 1 s/);
  });
});
