/**
 * Cancellation is AbortController / AbortSignal everywhere. Two helpers for combining signals,
 * each undone when the work is over:
 *
 * - `linkSignals(a, b)`: aborts when either does;
 * - `withDeadline(parent, ms)`: aborts when `parent` does or `ms` after now.
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
 * A signal that aborts when `parent` does (if given) or `ms` after now (reason: a TimeoutError, as
 * AbortSignal.timeout's); `clear()` when the work is over.
 */
export function withDeadline(parent: AbortSignal | undefined, ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeoutReason()), ms);
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
