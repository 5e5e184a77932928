/**
 * Single-flight across gateway instances (REDIS_URL). Two layers:
 *
 * 1. In process, as createLocalSingleFlight: identical calls arriving while one is in flight
 *    join it, so each instance has at most one caller per key in the layer below.
 * 2. Across instances, a short Redis lock per key (`SET NX PX`). The holder runs the work, which
 *    (liveFetch) stores its result in the shared cache before the lock is released. The others
 *    poll `readShared` — the cache entry, if one was fetched since they began — with backoff,
 *    and return it as a joined result. They run the work themselves when the lock is free again
 *    without a result (the holder failed: errors are not shared across instances), when their
 *    bounded wait (default: the lock's lifetime) is over, or when Redis cannot be reached.
 *
 * Calls without `readShared` (results that are not cached) cannot share a result across
 * instances, so they take no lock.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisStore } from '../store/redis.js';
import { lua } from '../store/redis.js';
import type { SingleFlight, SingleFlightOptions } from './single-flight.js';

/** Deletes the lock only if this caller still holds it (it may have expired and moved on). */
const RELEASE = lua(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`);

export interface RedisSingleFlightOptions {
  /** Key prefix. Default `cl`. */
  prefix?: string;
  /** Lifetime of a lock: a holder that crashed blocks others at most this long. Default 30 s. */
  lockTtlMs?: number;
  /** How long a caller waits for another instance's result before fetching itself. Default lockTtlMs. */
  waitMs?: number;
  /** First and largest pause between two looks at the shared result. Default 10 and 100 ms. */
  pollMinMs?: number;
  pollMaxMs?: number;
}

type Outcome<T> = { value: T; joined: boolean };

export function createRedisSingleFlight(redis: RedisStore, opts: RedisSingleFlightOptions = {}): SingleFlight {
  const prefix = `${opts.prefix ?? 'cl'}:sf:`;
  const lockTtlMs = opts.lockTtlMs ?? 30_000;
  const waitMs = opts.waitMs ?? lockTtlMs;
  const pollMin = opts.pollMinMs ?? 10;
  const pollMax = opts.pollMaxMs ?? 100;
  const inFlight = new Map<string, Promise<Outcome<unknown>>>();

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
  const look = <T>(readShared: () => Promise<T | undefined>) => readShared().catch(() => undefined);

  async function coordinated<T>(
    key: string,
    work: () => Promise<T>,
    readShared: (() => Promise<T | undefined>) | undefined,
  ): Promise<Outcome<T>> {
    if (!readShared) return { value: await work(), joined: false };
    const lockKey = prefix + createHash('sha256').update(key).digest('hex');
    const token = randomUUID();
    const deadline = Date.now() + waitMs;
    let pause = pollMin;
    for (let round = 0; ; round++) {
      const locked = await tryLock(lockKey, token);
      if (locked === null) return { value: await work(), joined: false };
      if (locked) {
        try {
          // The lock was held before: its holder may have stored the result just now.
          if (round > 0) {
            const shared = await look(readShared);
            if (shared !== undefined) return { value: shared, joined: true };
          }
          return { value: await work(), joined: false };
        } finally {
          release(lockKey, token);
        }
      }
      const shared = await look(readShared);
      if (shared !== undefined) return { value: shared, joined: true };
      const left = deadline - Date.now();
      if (left <= 0) return { value: await work(), joined: false };
      await sleep(Math.min(pause, left));
      pause = Math.min(pause * 2, pollMax);
    }
  }

  return {
    async run<T>(key: string, work: () => Promise<T>, o?: SingleFlightOptions<T>) {
      const existing = inFlight.get(key) as Promise<Outcome<T>> | undefined;
      if (existing) return { value: (await existing).value, joined: true };
      const p = coordinated(key, work, o?.readShared);
      inFlight.set(key, p);
      try {
        return await p;
      } finally {
        inFlight.delete(key);
      }
    },
  };
}
