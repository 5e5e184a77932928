/**
 * Single-flight: concurrent identical live requests share one upstream fetch. The first caller
 * starts the work; callers arriving while it is in flight join it. Behind an interface so a
 * Redis-lock implementation can coordinate several gateway instances (redis-single-flight.ts).
 *
 * Cancellation is reference-counted: the work gets a signal of its own, aborted only when every
 * caller waiting for it has given up (each caller's `signal`), so one caller going away (a REST
 * client that disconnects, a lookup's deadline) never fails another that joined its fetch. A
 * caller whose own signal aborts leaves at once, rejected with its signal's reason; work given up
 * by everyone is forgotten at once, so a caller arriving later starts afresh.
 */
export interface SingleFlightOptions<T> {
  /**
   * Reads the result a caller on another instance produced for the same key since this call
   * began (liveFetch: a fresh enough cache entry), or undefined. Only implementations that
   * coordinate instances call it; without it they cannot share a result and just run the work.
   */
  readShared?: () => Promise<T | undefined>;
  /** Ends this caller's wait (not the work, while another caller still waits for it). */
  signal?: AbortSignal;
}

export interface SingleFlight {
  run<T>(key: string, work: (signal: AbortSignal) => Promise<T>, opts?: SingleFlightOptions<T>): Promise<{ value: T; joined: boolean }>;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
}

export function createLocalSingleFlight(): SingleFlight {
  const inFlight = new Map<string, Flight>();
  return {
    run<T>(key: string, work: (signal: AbortSignal) => Promise<T>, opts?: SingleFlightOptions<T>) {
      const signal = opts?.signal;
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      let flight = inFlight.get(key);
      const joined = flight !== undefined;
      if (!flight) {
        const controller = new AbortController();
        const started: Flight = { promise: Promise.resolve(), controller, waiters: 0 };
        started.promise = work(controller.signal).finally(() => {
          if (inFlight.get(key) === started) inFlight.delete(key);
        });
        inFlight.set(key, started);
        flight = started;
      }
      const f = flight;
      f.waiters++;
      if (!signal) return f.promise.then((value) => ({ value: value as T, joined }));
      return new Promise<{ value: T; joined: boolean }>((resolve, reject) => {
        const onAbort = () => {
          // Nobody waits any more: stop the work, and let the next caller start a fresh one.
          if (--f.waiters === 0) {
            if (inFlight.get(key) === f) inFlight.delete(key);
            f.controller.abort(signal.reason);
          }
          reject(signal.reason as Error);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        f.promise.then(
          (value) => {
            signal.removeEventListener('abort', onAbort);
            resolve({ value: value as T, joined });
          },
          (e: unknown) => {
            signal.removeEventListener('abort', onAbort);
            reject(e as Error);
          },
        );
      });
    },
  };
}
