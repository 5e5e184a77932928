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

/**
 * How long a wait for an instant goes at most before it reads the wall clock again. A timer
 * counts monotonic time, which a wall-clock step does not move and a suspended machine does not
 * advance: a monitor due in 7 days on a machine resumed after 3 days suspended ran 3 days late,
 * and one whose clock was stepped back ran early (its claim then found it not due). Read again
 * each minute, the instant is what fires it, within a minute. (Nothing else is read: no store.)
 */
const RECHECK_MS = 60_000;

export const systemClock: Clock = {
  now: () => Date.now(),
  at(when, fn) {
    let timer: NodeJS.Timeout;
    const wait = () => {
      const left = when - Date.now();
      timer = setTimeout(left > RECHECK_MS ? wait : fn, Math.max(0, Math.min(left, RECHECK_MS)));
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
