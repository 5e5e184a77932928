/**
 * Open progress streams per key (GET /v1/jobs/{id}/events and the GraphQL subscription
 * lookupJobProgress, together): at most JOBS_MAX_STREAMS_PER_KEY at once on this instance; one
 * more is RATE_LIMITED (429). Each open stream holds a watcher, timers and a socket (2,000 from one
 * key took +137 MB and stalled /healthz for 3 s). Counted per instance: behind a load balancer a
 * key may hold that many on each.
 */
import { ApiError } from '../errors.js';

/** What a refused stream's client is told to wait (s). */
const RETRY_AFTER_SEC = 5;

export interface StreamSlots {
  /** A slot for one more stream of the key: its release (once; later calls do nothing), or the 429. */
  take(keyId: string): (() => void) | ApiError;
  /** Streams the key holds now. */
  held(keyId: string): number;
}

/** `what`: the streams, as the 429 names them; `bound`: what sets the bound (the setting). */
export function createStreamSlots(maxPerKey: number, what = 'job progress streams', bound = 'JOBS_MAX_STREAMS_PER_KEY'): StreamSlots {
  const open = new Map<string, number>();
  return {
    take(keyId) {
      const n = open.get(keyId) ?? 0;
      if (n >= maxPerKey) {
        return new ApiError('RATE_LIMITED', `A key may have at most ${maxPerKey} ${what} open at once (${bound}); close one first`, {
          retryAfterSec: RETRY_AFTER_SEC,
        });
      }
      open.set(keyId, n + 1);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        const left = (open.get(keyId) ?? 1) - 1;
        if (left > 0) open.set(keyId, left);
        else open.delete(keyId);
      };
    },
    held: (keyId) => open.get(keyId) ?? 0,
  };
}
