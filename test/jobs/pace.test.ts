/**
 * The pacer of job items (src/jobs/pace.ts): a busy event loop halves the items allowed at once,
 * an idle one gives them back one at a time, up to JOBS_CONCURRENCY; off, it is back at the
 * maximum. The two settings of the CPU-pressure signal it no longer has are accepted and ignored,
 * with one warning line at start.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
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

  it('a loop busy about half the time (single requests beside a job) holds the items back', async () => {
    // Busy 27 ms of every 50: a utilization of ~0.55, under the 0.6 that halved the allowance until
    // December 2026 (single requests' p99 then doubled while a job ran on Redis: bench/jobs.ts).
    const pacer = createPacer(8, () => undefined);
    try {
      pacer.setActive(true);
      let lowest = pacer.limit();
      const until = performance.now() + 1_500;
      while (performance.now() < until) {
        const busyUntil = performance.now() + 27;
        while (performance.now() < busyUntil) {
          /* busy */
        }
        await new Promise((r) => setTimeout(r, 23));
        lowest = Math.min(lowest, pacer.limit());
      }
      expect(lowest).toBeLessThan(8);
    } finally {
      pacer.close();
    }
  });

  it('inactive, it does not sample: a busy loop then leaves the limit at the maximum', async () => {
    const pacer = createPacer(8, () => undefined);
    try {
      const until = performance.now() + 300;
      while (performance.now() < until) {
        /* busy */
      }
      await new Promise((r) => setTimeout(r, 250));
      expect(pacer.limit()).toBe(8);
    } finally {
      pacer.close();
    }
  });
});

describe('retired CPU-pressure settings', () => {
  it('JOBS_CPU_PRESSURE_MAX and JOBS_CPU_PRESSURE_MAX_SERVING: any value is accepted and listed as ignored', () => {
    for (const v of ['20', '100', '0', 'high']) {
      const c = loadConfig({ JOBS_CPU_PRESSURE_MAX: v, JOBS_CPU_PRESSURE_MAX_SERVING: v } as NodeJS.ProcessEnv);
      expect(c.ignoredSettings).toEqual(['JOBS_CPU_PRESSURE_MAX', 'JOBS_CPU_PRESSURE_MAX_SERVING']);
    }
    expect(loadConfig({ JOBS_CPU_PRESSURE_MAX_SERVING: '10' } as NodeJS.ProcessEnv).ignoredSettings).toEqual([
      'JOBS_CPU_PRESSURE_MAX_SERVING',
    ]);
    expect(loadConfig({ JOBS_CPU_PRESSURE_MAX: '' } as NodeJS.ProcessEnv).ignoredSettings).toEqual([]);
    expect(loadConfig({} as NodeJS.ProcessEnv).ignoredSettings).toEqual([]);
  });
});
