/**
 * Cancellation is AbortController / AbortSignal everywhere. Two helpers for combining signals,
 * each undone when the work is over:
 *
 * - `linkSignals(a, b)`: aborts when either does;
 * - `withDeadline(parent, ms)`: aborts when `parent` does or `ms` after now (`deadlineAt`: when at
 *   the latest; `deadlinePassed`: whether its own deadline, not its parent, aborted it).
 *
 * Neither is `AbortSignal.any`: on Node 20 a combined signal stays in a weak list of each of its
 * parents until that parent aborts, so combining with a long-lived parent (the shutdown signal,
 * a bulk job's) on every request grows that list for good (docs/performance.md); and
 * `AbortSignal.timeout()` inside `AbortSignal.any` may be collected before it fires
 * (nodejs/node#57736). Here a listener on each parent is removed when the work is over, and the
 * deadline's timer holds its controller.
 */

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolveP, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolveP();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A signal that aborts when one of its parents does, until `unlink()` (call it when the work is over). */
export interface LinkedSignal {
  signal: AbortSignal;
  unlink(): void;
}

/** Aborts with the reason of whichever of `a` and `b` aborts first (the aborted one itself when one is already). */
export function linkSignals(a: AbortSignal, b: AbortSignal): LinkedSignal {
  if (a.aborted) return { signal: a, unlink: () => undefined };
  if (b.aborted) return { signal: b, unlink: () => undefined };
  const controller = new AbortController();
  const onA = () => controller.abort(a.reason);
  const onB = () => controller.abort(b.reason);
  a.addEventListener('abort', onA, { once: true });
  b.addEventListener('abort', onB, { once: true });
  return {
    signal: controller.signal,
    unlink() {
      a.removeEventListener('abort', onA);
      b.removeEventListener('abort', onB);
    },
  };
}

/** What a deadline aborts with: AbortSignal.timeout's reason. */
export const timeoutReason = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

/**
 * When a withDeadline signal aborts at the latest (epoch ms: its own deadline, or its parent's when
 * that one is a withDeadline signal ending sooner), and whether its own deadline aborted it.
 */
interface Deadline {
  at: number;
  passed: boolean;
}
const deadlines = new WeakMap<AbortSignal, Deadline>();

/**
 * The time (epoch ms) by which `signal` aborts at the latest, when it is a withDeadline signal
 * (nested ones: the soonest of the chain); undefined for any other signal.
 */
export function deadlineAt(signal: AbortSignal | undefined): number | undefined {
  return signal ? deadlines.get(signal)?.at : undefined;
}

/**
 * Whether `signal` is a withDeadline signal that its own deadline aborted (not its parent: a
 * caller that went away, a shutdown). An operation tells "my time is up" from "nobody waits any
 * more" by it (src/platforms/partial-read.ts).
 */
export function deadlinePassed(signal: AbortSignal | undefined): boolean {
  return signal ? deadlines.get(signal)?.passed === true : false;
}

/**
 * A signal that aborts when `parent` does (if given) or `ms` after now (reason: a TimeoutError, as
 * AbortSignal.timeout's); `clear()` when the work is over. deadlineAt / deadlinePassed tell when
 * it ends and whether its own deadline ended it.
 */
export function withDeadline(parent: AbortSignal | undefined, ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const deadline: Deadline = { at: Math.min(Date.now() + ms, deadlineAt(parent) ?? Infinity), passed: false };
  deadlines.set(controller.signal, deadline);
  const timer = setTimeout(() => {
    if (controller.signal.aborted) return;
    deadline.passed = true;
    controller.abort(timeoutReason());
  }, ms);
  timer.unref();
  const onAbort = () => controller.abort(parent!.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}
