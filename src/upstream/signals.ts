/**
 * Cancellation without an EventTarget. An AbortController per request (the client going away,
 * a deadline) cost its EventTarget, a listener object per `addEventListener` and ~0.9 KB that
 * outlives a young-generation GC while the request runs (bench/live-path.ts: ~3.5% of the
 * gateway's CPU). `Cancel` keeps its listeners in an array and makes a real AbortSignal only when
 * something asks for one (`signal`: AbortSignal.any, a library that takes nothing else).
 *
 * Everything the gateway cancels with takes a `Cancellation`: an AbortSignal is one too.
 */

/** A listener: a function or an object with handleEvent (as EventTarget takes). */
export type AbortListener = (() => void) | { handleEvent(): void };

/** What waiting code needs of a cancellation: AbortSignal's shape, or a Cancel's. */
export interface Cancellation {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: AbortListener, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: AbortListener): void;
}

/** A cancellation that aborts once; its listeners run once, when it does. */
export class Cancel implements Cancellation {
  aborted = false;
  reason: unknown = undefined;
  private listeners: AbortListener[] = [];
  private controller: AbortController | null = null;

  /** Without a reason, AbortController's own: a DOMException named AbortError. */
  abort(reason: unknown = new DOMException('This operation was aborted', 'AbortError')): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.listeners;
    this.listeners = [];
    for (const l of listeners) {
      if (typeof l === 'function') l();
      else l.handleEvent();
    }
    this.controller?.abort(reason);
  }

  addEventListener(_type: 'abort', listener: AbortListener): void {
    if (!this.aborted) this.listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: AbortListener): void {
    const i = this.listeners.indexOf(listener);
    if (i >= 0) this.listeners.splice(i, 1);
  }

  /** A real AbortSignal following this one, made on first use. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }
}

/** An AbortSignal that aborts with `c` (itself when it is one). */
export function abortSignalOf(c: Cancellation): AbortSignal {
  if (c instanceof AbortSignal) return c;
  if (c instanceof Cancel) return c.signal;
  const follower = new Cancel();
  if (c.aborted) follower.abort(c.reason);
  else c.addEventListener('abort', () => follower.abort(c.reason), { once: true });
  return follower.signal;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: Cancellation): Promise<void> {
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

/**
 * One cancellation that aborts when either of two does, undone when the work is over.
 * AbortSignal.any does the same for good, with weak references the GC traces on every request; a
 * live fetch needs the link only while it runs.
 */
export interface LinkedSignal {
  signal: Cancellation;
  /** Removes the listeners (call when the work is done). */
  unlink(): void;
}

export function linkSignals(a: Cancellation, b: Cancellation): LinkedSignal {
  if (a.aborted) return { signal: a, unlink: () => undefined };
  if (b.aborted) return { signal: b, unlink: () => undefined };
  const linked = new Cancel();
  const onA = () => linked.abort(a.reason);
  const onB = () => linked.abort(b.reason);
  a.addEventListener('abort', onA, { once: true });
  b.addEventListener('abort', onB, { once: true });
  return {
    signal: linked,
    unlink() {
      a.removeEventListener('abort', onA);
      b.removeEventListener('abort', onB);
    },
  };
}

/**
 * A signal that aborts when `parent` does or `ms` after now (reason: a TimeoutError, as
 * AbortSignal.timeout's); `clear()` when the work is over. Not `AbortSignal.any([parent,
 * AbortSignal.timeout(ms)])`: on Node 20 nothing keeps that timeout signal alive, the GC may
 * collect it before it fires and the deadline is silently lost (nodejs/node#57736). Here the
 * timer holds the controller.
 */
export function withDeadline(parent: AbortSignal, ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  timer.unref();
  return { signal: AbortSignal.any([parent, controller.signal]), clear: () => clearTimeout(timer) };
}
