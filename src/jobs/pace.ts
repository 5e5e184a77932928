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
 *
 * Utilization alone misses one case: a loop that is mostly idle but late when it wakes — one long
 * turn in a window (a batch of answers parsed at once), or a machine whose cores are taken by other
 * processes (another instance, Redis, the upstream), so a ready request waits for the CPU. What a
 * single request feels is that lateness: a timer every TICK_MS measures how late the loop woke, and
 * a window whose worst lateness is over LATE_HIGH_MS halves the allowance too; it grows again only
 * when the loop was both idle enough and on time (under LATE_LOW_MS).
 */
import { performance } from 'node:perf_hooks';
import type { EventLoopUtilization } from 'node:perf_hooks';

const SAMPLE_MS = 100;
/** Above this share of busy time the allowance is halved; below LOW_ELU it grows by one. */
const HIGH_ELU = 0.6;
const LOW_ELU = 0.45;
/** The lateness timer's period, and the worst lateness (ms) in a window that halves / allows growth. */
const TICK_MS = 10;
const LATE_HIGH_MS = 8;
const LATE_LOW_MS = 4;

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
  let expected = 0;
  let worstLate = 0;
  let windowEnd = 0;
  const sample = () => {
    const now = performance.eventLoopUtilization();
    const elu = last ? performance.eventLoopUtilization(now, last).utilization : 0;
    last = now;
    const late = worstLate;
    worstLate = 0;
    if (elu > HIGH_ELU || late > LATE_HIGH_MS) limit = Math.max(1, Math.floor(limit / 2));
    else if (elu < LOW_ELU && late < LATE_LOW_MS && limit < max) {
      limit++;
      onRaise();
    }
  };
  const tick = () => {
    const t = performance.now();
    worstLate = Math.max(worstLate, t - expected);
    expected = t + TICK_MS;
    if (t >= windowEnd) {
      windowEnd = t + SAMPLE_MS;
      sample();
    }
  };
  return {
    limit: () => limit,
    setActive(active) {
      if (active && !timer) {
        last = performance.eventLoopUtilization();
        const t = performance.now();
        expected = t + TICK_MS;
        windowEnd = t + SAMPLE_MS;
        worstLate = 0;
        timer = setInterval(tick, TICK_MS);
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
