/**
 * One signal that aborts when either of two does, undone when the work is over. AbortSignal.any
 * does the same for good, with weak references the GC traces on every request; a live fetch
 * needs the link only while it runs.
 */
export interface LinkedSignal {
  signal: AbortSignal;
  /** Removes the listeners (call when the work is done). */
  unlink(): void;
}

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
