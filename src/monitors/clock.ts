/**
 * The time monitors are scheduled by: `now` and a timer for an instant. The system clock serves;
 * tests put a clock of their own in (`setMonitorClock`) to move time on by hours in a moment —
 * together with a faked Date (vitest's fake timers for Date only), so the cache, the ledger and
 * webhook signatures see the same time as the schedule.
 */

export interface Clock {
  now(): number;
  /** Calls `fn` once at `when` (epoch ms) or soon after; returns the cancellation. */
  at(when: number, fn: () => void): () => void;
}

/** setTimeout's longest delay (about 24.8 days): a later instant is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  at(when, fn) {
    let timer: NodeJS.Timeout;
    const wait = () => {
      const left = when - Date.now();
      timer = setTimeout(left > MAX_DELAY_MS ? wait : fn, Math.max(0, Math.min(left, MAX_DELAY_MS)));
      // The schedule never holds the process open.
      timer.unref();
    };
    wait();
    return () => clearTimeout(timer);
  },
};

let current: Clock = systemClock;

/** The clock schedulers started from now on use. */
export const monitorClock = (): Clock => current;

/** Tests: schedule by `clock` (null: the system clock again). */
export function setMonitorClock(clock: Clock | null): void {
  current = clock ?? systemClock;
}
