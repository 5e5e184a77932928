/**
 * Single-flight: concurrent identical live requests share one upstream fetch. The first caller
 * runs the work; callers arriving while it is in flight join it. Behind an interface so a
 * Redis-lock implementation can coordinate several gateway instances (redis-single-flight.ts).
 */
export interface SingleFlightOptions<T> {
  /**
   * Reads the result a caller on another instance produced for the same key since this call
   * began (liveFetch: a fresh enough cache entry), or undefined. Only implementations that
   * coordinate instances call it; without it they cannot share a result and just run the work.
   */
  readShared?: () => Promise<T | undefined>;
}

export interface SingleFlight {
  run<T>(key: string, work: () => Promise<T>, opts?: SingleFlightOptions<T>): Promise<{ value: T; joined: boolean }>;
}

export function createLocalSingleFlight(): SingleFlight {
  const inFlight = new Map<string, Promise<unknown>>();
  return {
    async run<T>(key: string, work: () => Promise<T>) {
      const existing = inFlight.get(key) as Promise<T> | undefined;
      if (existing) return { value: await existing, joined: true };
      const p = work();
      inFlight.set(key, p);
      try {
        return { value: await p, joined: false };
      } finally {
        inFlight.delete(key);
      }
    },
  };
}
