/**
 * How many job items this process may run at once right now: JOBS_CONCURRENCY at most, fewer
 * while the event loop is busy. Single requests and job items share one event loop; a job running
 * flat out would keep it busy all the time, and every single request would wait behind item work.
 * So jobs get what the loop leaves: every SAMPLE_MS the loop's utilization (perf_hooks'
 * eventLoopUtilization: the share of time it was not idle, single requests' work included) is
 * looked at; above HIGH_ELU the items allowed at once are halved, below LOW_ELU one more is
 * allowed (additive increase, multiplicative decrease). A job alone on an idle gateway soon runs
 * at full concurrency again; a gateway busy with requests runs its jobs slowly. Items already
 * running finish; only starts wait.
 *
 * One signal on purpose: a timer-lateness signal and Linux CPU pressure (PSI) were dropped in
 * issue 31 — docs/performance.md has the A/B measurement that decided it.
 */
import { performance } from 'node:perf_hooks';
import type { EventLoopUtilization } from 'node:perf_hooks';

const SAMPLE_MS = 100;
/**
 * Above this share of busy time the allowance is halved; below LOW_ELU it grows by one. At 0.6 /
 * 0.45 (until December 2026) single requests' p99 while a job ran was 2.2× the same without a job
 * on two instances on Redis (bench/jobs.ts, issue 16's guard rail: ≤ 2×); at 0.45 / 0.3, 1.6×,
 * jobs a third slower (docs/performance.md, "The job pacer's thresholds").
 */
const HIGH_ELU = 0.45;
const LOW_ELU = 0.3;

/**
 * Items one key's jobs may run at once when `limit` may run in all: half, rounded up (one at
 * least). The other half is always there for another key's job to start at once, however long
 * the first key's items take (docs/bulk-jobs.md, "Fair between keys").
 */
export const keyShare = (limit: number): number => Math.max(1, Math.ceil(limit / 2));

export interface Pacer {
  /** Items that may run at once now (1 ≤ limit ≤ max). */
  limit(): number;
  /** While true, the pacer samples the loop (jobs are running); off, it sleeps and the limit resets to max. */
  setActive(active: boolean): void;
  close(): void;
}

/** `onRaise` is called each time one more item is allowed (the runner starts the next one). */
export function createPacer(max: number, onRaise: () => void): Pacer {
  let limit = max;
  let last: EventLoopUtilization | null = null;
  let timer: NodeJS.Timeout | null = null;
  const sample = () => {
    const now = performance.eventLoopUtilization();
    const elu = last ? performance.eventLoopUtilization(now, last).utilization : 0;
    last = now;
    if (elu > HIGH_ELU) limit = Math.max(1, Math.floor(limit / 2));
    else if (elu < LOW_ELU && limit < max) {
      limit++;
      onRaise();
    }
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  return {
    limit: () => limit,
    setActive(active) {
      if (active && !timer) {
        last = performance.eventLoopUtilization();
        timer = setInterval(sample, SAMPLE_MS);
        timer.unref();
      } else if (!active && timer) {
        stop();
        limit = max;
      }
    },
    close: stop,
  };
}
