/**
 * Single-flight: concurrent identical live requests share one upstream fetch. The first caller
 * runs the work; callers arriving while it is in flight join it. Behind an interface so a
 * Redis-lock implementation can coordinate several gateway instances.
 */
export interface SingleFlight {
  run<T>(key: string, work: () => Promise<T>): Promise<{ value: T; joined: boolean }>;
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
