/**
 * The pacer of job items (src/jobs/pace.ts): a busy event loop halves the items allowed at once,
 * an idle one gives them back one at a time, up to JOBS_CONCURRENCY; off, it is back at the maximum.
 * A loop mostly idle but late when it wakes (one long turn now and then) halves them too.
 */
import { describe, expect, it } from 'vitest';
import { createPacer } from '../../src/jobs/pace.js';
import { waitFor } from './helpers.js';

describe('job pacer', () => {
  it('busy loop → fewer items at once; idle loop → back up to the maximum, one at a time', async () => {
    let raised = 0;
    const pacer = createPacer(8, () => raised++);
    try {
      pacer.setActive(true);
      expect(pacer.limit()).toBe(8);
      // The loop busy for a while (a job's items, single requests): no sample can run meanwhile,
      // and the first one after sees a loop busy nearly all the time.
      const until = performance.now() + 400;
      while (performance.now() < until) {
        /* busy */
      }
      await waitFor(() => pacer.limit() < 8, 10_000);
      const low = pacer.limit();
      expect(low).toBeGreaterThanOrEqual(1);
      expect(low).toBeLessThanOrEqual(4);
      // Idle: one more allowed per sample, each announced (the runner starts the next item).
      await waitFor(() => pacer.limit() === 8, 20_000);
      expect(raised).toBeGreaterThanOrEqual(8 - low);
      pacer.setActive(false);
      expect(pacer.limit()).toBe(8);
    } finally {
      pacer.close();
    }
  });

  it('a loop mostly idle but late (one 25 ms turn every 250 ms) → fewer items at once', async () => {
    const pacer = createPacer(8, () => undefined);
    try {
      pacer.setActive(true);
      // Busy a quarter of a sampling window at most: utilization alone (≤ 0.25 in any window,
      // under its 0.6) would never lower the allowance; the 25 ms the loop wakes late does.
      let lowest = pacer.limit();
      const watch = setInterval(() => (lowest = Math.min(lowest, pacer.limit())), 5);
      for (let i = 0; i < 6; i++) {
        await new Promise((r) => setTimeout(r, 225));
        const until = performance.now() + 25;
        while (performance.now() < until) {
          /* one long turn */
        }
      }
      await new Promise((r) => setTimeout(r, 150));
      clearInterval(watch);
      expect(lowest).toBeLessThanOrEqual(4);
    } finally {
      pacer.close();
    }
  });
});
