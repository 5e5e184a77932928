/**
 * The system clock monitors are scheduled by (src/monitors/clock.ts): a timer for an instant of
 * the wall clock. Node's timers count monotonic time, which a wall-clock step (NTP, an operator)
 * does not move and a suspended machine does not advance; the instant is what is due.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/monitors/clock.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('monitors: the system clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a wall clock that jumps past the instant (a machine resumed after days suspended, a clock stepped forward) fires within a minute, not when the monotonic wait ends', () => {
    const fired = vi.fn();
    systemClock.at(Date.now() + 7 * DAY, fired);
    vi.advanceTimersByTime(HOUR);
    expect(fired).not.toHaveBeenCalled();
    // Suspended 7 days: the wall clock moved on, the monotonic wait did not.
    vi.setSystemTime(Date.now() + 7 * DAY);
    // Within a minute (and a turn).
    vi.advanceTimersByTime(60_000 + 1);
    expect(fired).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(7 * DAY);
    expect(fired).toHaveBeenCalledOnce();
  });

  it('a wall clock stepped back fires at the instant it reads, not early; a cancelled wait never fires', () => {
    const fired = vi.fn();
    const start = Date.now();
    systemClock.at(start + 2 * HOUR, fired);
    vi.setSystemTime(start - HOUR);
    vi.advanceTimersByTime(2 * HOUR);
    // The wall clock reads start + 1 h: not yet.
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(HOUR);
    expect(fired).toHaveBeenCalledOnce();
    const never = vi.fn();
    const cancel = systemClock.at(Date.now() + 10 * 60_000, never);
    vi.advanceTimersByTime(5 * 60_000);
    cancel();
    vi.advanceTimersByTime(DAY);
    expect(never).not.toHaveBeenCalled();
  });

  it('an instant already passed fires on the next turn, not at once', () => {
    const fired = vi.fn();
    systemClock.at(Date.now() - 5_000, fired);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(fired).toHaveBeenCalledOnce();
  });
});
