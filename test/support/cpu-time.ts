/**
 * The CPU time this thread has used, for tests whose claim is about our own work ("the scan is
 * bounded"), not about how busy the machine is. Wall time is not that: on a 2-core machine with
 * the other test worker and other processes running, a scan that takes 1.5 s of CPU took 12 s of
 * wall time (2026-11-30), and the bound failed with no defect.
 *
 * Tests run in worker threads (vitest.config.ts `pool: 'threads'`), so process.cpuUsage() would
 * count the other worker's CPU too. Linux says what this thread used in /proc/thread-self/schedstat
 * (its first field: nanoseconds on a CPU, user and system). It is read synchronously, on the
 * calling thread — an asynchronous read would run on a libuv pool thread and read that thread's.
 * Where it cannot be read, process.cpuUsage(): never less than this thread's CPU time, so a bound
 * on it is no looser.
 */
import { readFileSync } from 'node:fs';

function readThreadNs(): number | null {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns : null;
  } catch {
    return null;
  }
}

const perThread = readThreadNs() !== null;

/** CPU milliseconds this thread has used so far (the process's, where the thread's cannot be read). */
export function cpuMs(): number {
  if (perThread) return readThreadNs()! / 1e6;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Milliseconds a thread has spent runnable but waiting for a CPU (the second field of Linux's
 * schedstat: the time other threads and processes had the cores), or 0 where Linux does not say:
 * this thread's by default, or the main thread of process `pid` (read while it is alive). A wall
 * time less this is the time it would have taken had the thread been given a core whenever it
 * wanted one: its own work, and every wait of its own (a timer, a file, a socket) — not how busy
 * the machine was.
 */
export function runQueueWaitMs(pid?: number): number {
  try {
    const ns = Number(readFileSync(`/proc/${pid ?? 'thread-self'}/schedstat`, 'utf8').split(' ')[1]);
    return Number.isFinite(ns) ? ns / 1e6 : 0;
  } catch {
    return 0;
  }
}
