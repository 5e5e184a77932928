/**
 * Single-flight across gateway instances (REDIS_URL). Two layers:
 *
 * 1. In process, createLocalSingleFlight itself: identical calls arriving while one is in flight
 *    join it (with its reference-counted cancellation), so each instance has at most one caller
 *    per key in the layer below.
 * 2. Across instances, a Redis lock per key (`SET NX PX`). The holder runs the work, which
 *    (liveFetch) stores its result in the shared cache before the lock is released. The others
 *    poll `readShared` — the cache entry, if one was fetched since they began — with backoff,
 *    and return it as a joined result. They run the work themselves when the lock is free again
 *    without a result (the holder failed: errors are not shared across instances; or it died),
 *    when their bounded wait (`waitMs`, the fetch deadline) is over, or when Redis cannot be
 *    reached.
 *
 * The lock's lifetime is short (`lockTtlMs`, 5 s) and the holder renews it while its work runs
 * (every third of it). A lock must outlive the slowest fetch, but one that simply lasted that long
 * (~30 s) would hold every other instance's identical request that long after its holder was
 * killed; renewed, it lapses within `lockTtlMs` of the holder's death, and a waiter then takes it
 * and fetches. A holder that loses its lock (its renewals did not reach Redis in time) carries on:
 * its result still goes to the shared cache, at worst another instance fetched the same once more.
 *
 * Calls without `readShared` (results that are not cached) cannot share a result across
 * instances, so they take no lock.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisStore } from '../store/redis.js';
import { lua } from '../store/redis.js';
import { createLocalSingleFlight } from './single-flight.js';
import type { SingleFlight, SingleFlightOptions } from './single-flight.js';

/** Deletes the lock only if this caller still holds it (it may have expired and moved on). */
const RELEASE = lua(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`);

/** Extends the lock (ARGV[2] ms from now) only if this caller still holds it; 0: it does not. */
const RENEW = lua(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`);

/**
 * 5 s: renewed every ~1.7 s, a lock lapses only when its holder has got no renewal to Redis for
 * ~3.3 s — dead, or an event loop blocked that long — and a renewal that takes up to
 * REDIS_COMMAND_TIMEOUT_MS (1.5 s) still lands in time. A killed holder's identical requests on
 * other instances then wait about this long, not the fetch deadline. At least three store
 * deadlines when those are longer.
 */
export const DEFAULT_LOCK_TTL_MS = 5_000;
/** Reports of lost locks: at most one per this interval. */
const LOST_REPORT_EVERY_MS = 60_000;

export interface RedisSingleFlightOptions {
  /** Key prefix. Default `cl`. */
  prefix?: string;
  /**
   * Lifetime of a lock, renewed by its holder every third of it while the work runs: a holder
   * that died holds others up at most this long. Default DEFAULT_LOCK_TTL_MS, or three store
   * deadlines if longer.
   */
  lockTtlMs?: number;
  /**
   * How long a caller waits for another instance's result, while that instance holds the lock,
   * before fetching itself: the longest a live fetch may take. Default 30 s.
   */
  waitMs?: number;
  /**
   * A holder found its lock gone or taken by another caller while its work ran (renewals did not
   * reach Redis in time); it carried on. Called at most once a minute, with the number of locks
   * lost since the last call (logging).
   */
  onLockLost?: (lost: number) => void;
  /** First and largest pause between two looks at the shared result. Default 10 and 100 ms. */
  pollMinMs?: number;
  pollMaxMs?: number;
}

type Outcome<T> = { value: T; joined: boolean };

export function createRedisSingleFlight(redis: RedisStore, opts: RedisSingleFlightOptions = {}): SingleFlight {
  const prefix = `${opts.prefix ?? 'cl'}:sf:`;
  const lockTtlMs = opts.lockTtlMs ?? Math.max(DEFAULT_LOCK_TTL_MS, 3 * redis.commandTimeoutMs);
  const renewEveryMs = Math.max(1, Math.floor(lockTtlMs / 3));
  const waitMs = opts.waitMs ?? 30_000;
  const pollMin = opts.pollMinMs ?? 10;
  const pollMax = opts.pollMaxMs ?? 100;
  const local = createLocalSingleFlight();

  /**
   * Deletes our lock. Not waited for: a later SET on this connection is run after it (commands
   * run in order), and a holder's result is in the shared cache before its release. Sent even
   * while the store is stuck, so that the lock goes when Redis resumes instead of making other
   * instances wait until it expires.
   */
  const release = (lockKey: string, token: string) =>
    void redis.script(RELEASE, [lockKey], [token], { evenIfStuck: true }).catch(() => undefined);

  /** true: acquired; false: held by another caller; null: Redis unreachable. */
  const tryLock = (lockKey: string, token: string): Promise<boolean | null> =>
    redis.command<string | null>(['SET', lockKey, token, 'NX', 'PX', lockTtlMs]).then(
      (r) => r === 'OK',
      () => {
        // A SET that timed out may still run when a stuck Redis resumes, leaving a lock nobody
        // releases: other instances would wait for it in vain. The release queued behind it
        // (same connection, answered in order) undoes it; if Redis is down it fails harmlessly.
        release(lockKey, token);
        return null;
      },
    );
  let lost = 0;
  let lostReportedAt = -Infinity;
  const lockLost = () => {
    lost++;
    const t = Date.now();
    if (!opts.onLockLost || t - lostReportedAt < LOST_REPORT_EVERY_MS) return;
    lostReportedAt = t;
    const n = lost;
    lost = 0;
    opts.onLockLost(n);
  };

  /**
   * Renews our lock every renewEveryMs until the returned stop() (work done, before release). On
   * the same connection as the lock and its release, with the store's deadline: a renewal sent
   * before stop() runs before the release, and one Redis runs late (stuck, NOSCRIPT retry) finds
   * the token gone and changes nothing. Failures (Redis down or stuck) are ignored: the lock then
   * lapses by itself, and a stuck store fails the renewal at once without sending it. One renewal
   * out at a time. The timer never keeps the process alive.
   */
  const heartbeat = (lockKey: string, token: string): (() => void) => {
    let out = false;
    const timer = setInterval(() => {
      if (out) return;
      out = true;
      redis.script<number>(RENEW, [lockKey], [token, lockTtlMs]).then(
        (held) => {
          out = false;
          if (held === 1) return;
          // Expired (and maybe taken by another caller): carry on, the result is still shared.
          clearInterval(timer);
          lockLost();
        },
        () => {
          out = false;
        },
      );
    }, renewEveryMs);
    timer.unref();
    return () => clearInterval(timer);
  };
  const look = <T>(readShared: () => Promise<T | undefined>) => readShared().catch(() => undefined);

  async function coordinated<T>(
    key: string,
    work: (signal: AbortSignal) => Promise<T>,
    readShared: (() => Promise<T | undefined>) | undefined,
    /** Aborts when every caller in this process has given up. */
    signal: AbortSignal,
  ): Promise<Outcome<T>> {
    if (!readShared) return { value: await work(signal), joined: false };
    const lockKey = prefix + createHash('sha256').update(key).digest('hex');
    const token = randomUUID();
    const deadline = Date.now() + waitMs;
    let pause = pollMin;
    for (let round = 0; ; round++) {
      const locked = await tryLock(lockKey, token);
      if (locked === null) return { value: await work(signal), joined: false };
      if (locked) {
        const stop = heartbeat(lockKey, token);
        try {
          // The lock was held before: its holder may have stored the result just now.
          if (round > 0) {
            const shared = await look(readShared);
            if (shared !== undefined) return { value: shared, joined: true };
          }
          return { value: await work(signal), joined: false };
        } finally {
          stop();
          release(lockKey, token);
        }
      }
      const shared = await look(readShared);
      if (shared !== undefined) return { value: shared, joined: true };
      const left = deadline - Date.now();
      if (left <= 0) return { value: await work(signal), joined: false };
      await sleep(Math.min(pause, left), undefined, { signal });
      pause = Math.min(pause * 2, pollMax);
    }
  }

  return {
    async run<T>(key: string, work: (signal: AbortSignal) => Promise<T>, o?: SingleFlightOptions<T>) {
      const here = await local.run(key, (signal) => coordinated(key, work, o?.readShared, signal), { signal: o?.signal });
      return { value: here.value.value, joined: here.joined || here.value.joined };
    },
  };
}
