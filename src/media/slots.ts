/**
 * Media files downloaded at once by this process, all requests together (MEDIA_CONCURRENCY). A
 * file's whole body is in memory from its download until it is stored (up to MEDIA_MAX_BYTES
 * each), so without a cap concurrent `download_media` requests add up: 3 requests of 4 videos of
 * 50 MiB each once took the gateway to 1.1 GB RSS. With it, at most MEDIA_CONCURRENCY bodies are
 * held at once, whatever the number of requests.
 *
 * A file beyond the cap waits for a slot, first come first served, at most `maxWaitMs`
 * (MEDIA_TIMEOUT_MS: as long as one file may take; a line that has not moved for that long is
 * stuck behind slow downloads). Then it gives up: 503 SERVICE_UNAVAILABLE with Retry-After, saying
 * the gateway's media downloads are at capacity (0 credits, nothing cached — all or nothing, as
 * any failed file). A caller that goes away (the signal) stops waiting at once.
 */
import { ApiError, upstreamTimeout } from '../errors.js';
import { mediaConfig } from './config.js';

export interface MediaSlotStats {
  /** Files downloading (or being stored) now. */
  active: number;
  /** Files waiting for a slot now. */
  waiting: number;
  /** Most files active at once since the last resetPeak. */
  peak: number;
}

export interface MediaSlots {
  /** Runs `fn` (one file's download and store) in a slot. */
  run<T>(fn: () => Promise<T>, opts: { signal?: AbortSignal; maxWaitMs: number; platform: string; what: string }): Promise<T>;
  stats(): MediaSlotStats;
  resetPeak(): void;
}

/** Retry-After of the 503 when no slot came in time. */
const BUSY_RETRY_AFTER_SEC = 5;

export function createMediaSlots(limit: () => number): MediaSlots {
  let active = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];

  const enter = () => {
    active++;
    if (active > peak) peak = active;
  };
  const leave = () => {
    active--;
    // Hands the slot on to the longest waiting file (the limit may have changed meanwhile).
    while (waiting.length && active < limit()) {
      enter();
      waiting.shift()!();
    }
  };

  async function take(opts: { signal?: AbortSignal; maxWaitMs: number; platform: string; what: string }): Promise<void> {
    if (active < limit() && waiting.length === 0) {
      enter();
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      };
      const go = () => {
        done();
        resolve();
      };
      const give = (e: unknown) => {
        const i = waiting.indexOf(go);
        if (i >= 0) waiting.splice(i, 1);
        done();
        reject(e);
      };
      const onAbort = () => {
        const reason: unknown = opts.signal?.reason;
        give(
          reason instanceof ApiError
            ? reason
            : upstreamTimeout(`${opts.platform}: ${opts.what}: the request was cancelled while it waited for a media download slot`),
        );
      };
      const timer = setTimeout(
        () =>
          give(
            new ApiError(
              'SERVICE_UNAVAILABLE',
              `${opts.platform}: ${opts.what} could not be downloaded: this gateway's media downloads are at capacity (MEDIA_CONCURRENCY = ${limit()} files at once) and no slot freed within ${Math.round(opts.maxWaitMs / 1000)} s; nothing was charged — retry later, or without download_media to get the upstream URLs`,
              { retryAfterSec: BUSY_RETRY_AFTER_SEC },
            ),
          ),
        opts.maxWaitMs,
      );
      timer.unref?.();
      if (opts.signal?.aborted) return onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(go);
    });
  }

  return {
    async run(fn, opts) {
      await take(opts);
      try {
        return await fn();
      } finally {
        leave();
      }
    },
    stats: () => ({ active, waiting: waiting.length, peak }),
    resetPeak() {
      peak = active;
    },
  };
}

/** This process's slots (MEDIA_CONCURRENCY, read on each turn so a changed environment — tests — takes effect). */
export const mediaSlots: MediaSlots = createMediaSlots(() => mediaConfig().concurrency);
