/**
 * When this process last began serving a single request: a /v1 operation, /graphql or hosted
 * media — not a job route, a health check, /metrics or its own warm-up. Bulk jobs pace themselves
 * more strictly while single requests come in (src/jobs/pace.ts): jobs take what single requests
 * leave, and an instance that serves none lets its jobs use the machine.
 */
import { performance } from 'node:perf_hooks';

/** How long after a single request began its instance still counts as serving them. */
export const SERVING_WINDOW_MS = 1_000;

export interface RequestActivity {
  /** A single request began now. */
  seen(): void;
  /** Whether a single request began within the last SERVING_WINDOW_MS. */
  serving(): boolean;
}

export function createRequestActivity(now: () => number = () => performance.now()): RequestActivity {
  let last = -Infinity;
  return {
    seen() {
      last = now();
    },
    serving: () => now() - last < SERVING_WINDOW_MS,
  };
}
