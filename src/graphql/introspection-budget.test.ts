import { describe, expect, it } from 'vitest';
import { BURST_SECONDS, createComputeBudget } from './introspection-budget.js';

describe('introspection compute budget', () => {
  it('admits while above zero, charges what a computation took, refuses with the wait until it is back', () => {
    let t = 0;
    const b = createComputeBudget(100, () => t);
    expect(b.admit()).toBeNull();
    // 500 ms saved up (BURST_SECONDS of 100 ms): one computation of 600 ms overdraws it by 100.
    b.spend(100 * BURST_SECONDS + 100);
    const refused = b.admit();
    expect(refused?.code).toBe('RATE_LIMITED');
    expect(refused?.status).toBe(429);
    // 101 ms of budget at 100 ms a second: 1.01 s, sent as 2 s.
    expect(refused?.retryAfterSec).toBe(2);
    t += 1_000;
    expect(b.admit()).not.toBeNull();
    t += 10;
    expect(b.admit()).toBeNull();
  });

  it('saves up at most BURST_SECONDS of budget', () => {
    let t = 0;
    const b = createComputeBudget(10, () => t);
    t += 3_600_000;
    b.spend(10 * BURST_SECONDS - 1);
    expect(b.admit()).toBeNull();
    b.spend(2);
    expect(b.admit()).not.toBeNull();
  });

  it('0 (or unset) is no limit', () => {
    for (const b of [createComputeBudget(0), createComputeBudget(undefined as unknown as number)]) {
      b.spend(1e9);
      expect(b.admit()).toBeNull();
    }
  });
});
