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
 *
 * Neither sees the rest of the machine. On a small machine shared with Redis, the upstream and
 * other instances, a running job keeps every core busy, and then each step of a single request (the
 * gateway, Redis, the gateway again) first waits for a core. Measured beside bench/jobs.ts (two
 * instances and Redis on 2 vCPUs): some task waited for a CPU 43 % of the time while a job ran (4 %
 * without), and the p99 of cached requests doubled though each gateway's loop was busy under half
 * the time. Fewer items at once helps only once the cores are no longer queued for: 2 items at once
 * per instance instead of 4 left the p99 where it was, 1 brought it back within 1.4–1.7× (and the
 * CPU wait to 24 %). So the machine's CPU pressure is a third signal: Linux's pressure stall
 * information (PSI; the cgroup's own `cpu.pressure` when there is one, else /proc/pressure/cpu),
 * the share of each window in which some runnable task waited for a CPU. A window above
 * JOBS_CPU_PRESSURE_MAX halves the allowance, but only when this process itself used OWN_CPU_MIN of
 * a core or more in it: a machine kept busy by something else would not get its cores back from
 * jobs that barely use them (items waiting on slow upstreams), which would only crawl. The
 * allowance grows again only below half of JOBS_CPU_PRESSURE_MAX. Where PSI cannot be read (not
 * Linux, or turned off) this signal is absent and the other two work as before.
 *
 * Jobs take what single requests leave, so the threshold is stricter while this instance serves
 * them (one began within the last second, src/http/activity.ts): JOBS_CPU_PRESSURE_MAX_SERVING.
 * An embedded gateway alone on 2 vCPUs keeps the CPU wait near 13 % while a job runs, under the
 * quiet 20 %, yet its cached requests' p99 rose to 5.8–8.9 ms (from 2.5–7 quiet); at 10 % while
 * serving it was 4.7–5.1 ms, and with no single request coming the job runs at full speed.
 */
import { readFileSync } from 'node:fs';
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
/** The share of one core this process must have used in a window for the CPU wait to count. */
const OWN_CPU_MIN = 0.2;

/**
 * The cumulative microseconds in which some task waited for a CPU, from PSI's text (`some avg10=…
 * total=N`, then a `full` line); null when the text has no such line.
 */
export function pressureTotal(text: string): number | null {
  const m = /^some\b[^\n]*\btotal=(\d+)/m.exec(text);
  return m ? Number(m[1]) : null;
}

/** Reads PSI's cumulative CPU wait (µs); null when it cannot be read. */
export type PressureSource = () => number | null;

/** PSI files tried in order: the cgroup's own (cgroup v2, e.g. a container's), then the machine's. */
export const PRESSURE_FILES = ['/sys/fs/cgroup/cpu.pressure', '/proc/pressure/cpu'];

/** The first of `files` that reads as PSI, as a source; null when none does. */
export function cpuPressureSource(files: readonly string[] = PRESSURE_FILES): PressureSource | null {
  const read = (file: string) => {
    try {
      return pressureTotal(readFileSync(file, 'utf8'));
    } catch {
      return null;
    }
  };
  const file = files.find((f) => read(f) !== null);
  return file ? () => read(file) : null;
}

/** A reading of the CPU wait: when (ms), PSI's total (µs) and this process's CPU time (µs). */
export interface PressureReading {
  at: number;
  total: number;
  own: number;
}

/**
 * The share of the time between two readings in which some task waited for a CPU, counted only
 * if this process used OWN_CPU_MIN of a core meanwhile; 0 otherwise (not ours to relieve), and for
 * readings out of order.
 */
export function cpuWaitShare(prev: PressureReading, next: PressureReading): number {
  const us = (next.at - prev.at) * 1000;
  if (us <= 0) return 0;
  return (next.own - prev.own) / us >= OWN_CPU_MIN ? Math.max(0, next.total - prev.total) / us : 0;
}

export interface PacerOptions {
  /** This process's CPU time so far in µs (default: process.cpuUsage(), user + system). */
  cpuTime?: () => number;
  /**
   * JOBS_CPU_PRESSURE_MAX as a share (0–1): a window in which tasks waited for a CPU longer than
   * this share of it halves the allowance; 1 (or no source) leaves the CPU out.
   */
  cpuPressureMax?: number;
  /**
   * JOBS_CPU_PRESSURE_MAX_SERVING as a share: the threshold instead of cpuPressureMax while
   * `serving()` says this instance is serving single requests (default: cpuPressureMax).
   */
  cpuPressureMaxServing?: number;
  /** Whether this instance is serving single requests now (default: never). */
  serving?: () => boolean;
  /** Where the CPU wait is read (default: cpuPressureSource()). */
  pressure?: PressureSource | null;
}

export interface Pacer {
  /** Items that may run at once now (1 ≤ limit ≤ max). */
  limit(): number;
  /** While true, the pacer samples the loop (jobs are running); off, it sleeps and the limit resets to max. */
  setActive(active: boolean): void;
  close(): void;
}

export function createPacer(max: number, onRaise: () => void, opts: PacerOptions = {}): Pacer {
  const quietMax = opts.cpuPressureMax ?? 1;
  const servingMax = opts.cpuPressureMaxServing ?? quietMax;
  const serving = opts.serving ?? (() => false);
  const pressure = Math.min(quietMax, servingMax) < 1 ? (opts.pressure === undefined ? cpuPressureSource() : opts.pressure) : null;
  const cpuTime =
    opts.cpuTime ??
    (() => {
      const u = process.cpuUsage();
      return u.user + u.system;
    });
  let lastPressure: PressureReading | null = null;
  /** The CPU wait since the last sample that counts (cpuWaitShare), 0 when it cannot be read. */
  const cpuWait = () => {
    if (!pressure) return 0;
    const total = pressure();
    const next = total === null ? null : { at: performance.now(), total, own: cpuTime() };
    const prev = lastPressure;
    lastPressure = next;
    return prev && next ? cpuWaitShare(prev, next) : 0;
  };
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
    const wait = cpuWait();
    const pressureMax = serving() ? servingMax : quietMax;
    if (elu > HIGH_ELU || late > LATE_HIGH_MS || wait > pressureMax) limit = Math.max(1, Math.floor(limit / 2));
    else if (elu < LOW_ELU && late < LATE_LOW_MS && wait < pressureMax / 2 && limit < max) {
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
        cpuWait();
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
