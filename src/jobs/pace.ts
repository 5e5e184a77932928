/**
 * How many job items this process may run at once right now: JOBS_CONCURRENCY at most, fewer
 * while the event loop is busy. Single requests and job items share one event loop (and, on a
 * small machine, the CPU); a job running flat out would keep the loop busy all the time, and
 * every single request would wait behind item work — or behind the OS, which preempts a process
 * that never sleeps. So jobs get what the loop leaves: every SAMPLE_MS the loop's utilization
 * (the share of time it was not idle, single requests' work included) is looked at; above
 * HIGH_ELU the items allowed at once are halved, below LOW_ELU one more is allowed (additive
 * increase, multiplicative decrease). A job alone on an idle gateway soon runs at full
 * concurrency again; a gateway busy with requests runs its jobs slowly. Items already running
 * finish; only starts wait.
 */
import { performance } from 'node:perf_hooks';
import type { EventLoopUtilization } from 'node:perf_hooks';

const SAMPLE_MS = 100;
/** Above this share of busy time the allowance is halved; below LOW_ELU it grows by one. */
const HIGH_ELU = 0.6;
const LOW_ELU = 0.45;

export interface Pacer {
  /** Items that may run at once now (1 ≤ limit ≤ max). */
  limit(): number;
  /** While true, the pacer samples the loop (jobs are running); off, it sleeps and the limit resets to max. */
  setActive(active: boolean): void;
  close(): void;
}

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
  return {
    limit: () => limit,
    setActive(active) {
      if (active && !timer) {
        last = performance.eventLoopUtilization();
        timer = setInterval(sample, SAMPLE_MS);
        timer.unref();
      } else if (!active && timer) {
        clearInterval(timer);
        timer = null;
        limit = max;
      }
    },
    close() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
