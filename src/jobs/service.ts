/**
 * The job service of each app's deps (set by the module's start, src/jobs/index.ts): the REST
 * routes and GraphQL resolvers find the store and the runner through the deps they are given.
 * Embedded (SQLite store, runner.ts) by default; with REDIS_URL the Redis store and the BullMQ
 * runner (redis-store.ts, queue.ts) — both behind the same two interfaces.
 */
import type { EventEmitter } from 'node:events';
import type { Deps } from '../pipeline/context.js';
import type { RestRoute } from '../rest/routes.js';
import type { JobRow, JobStore } from './store.js';
import type { StreamSlots } from './streams.js';

export interface JobRunner {
  /** Emits a job's id when this process changed it (progress, end); 'close' when the runner stops. */
  readonly events: EventEmitter;
  /** Starts running a job just created or resumed (its row as stored). */
  activate(row: JobRow): void | Promise<void>;
  /** Cancels: unfinished items are not run; what items in flight reserved and did not spend is refunded. */
  cancel(id: string): void | Promise<void>;
  /** Items per second the job is running at (the ETA), or null when unknown. */
  rateOf(row: JobRow): number | null;
  /** Whether this process still runs items of the job (its final status is reported once none does). */
  isActive(id: string): boolean;
  close(): Promise<void>;
}

export interface JobService {
  store: JobStore;
  runner: JobRunner;
  routes: ReadonlyMap<string, RestRoute>;
  /**
   * Other processes change jobs too (REDIS_URL): how often a progress stream looks at the store
   * besides this process's own events (ms; 0: never, the embedded store changes only here).
   */
  pollMs: number;
  /** Open progress streams per key on this instance (JOBS_MAX_STREAMS_PER_KEY). */
  streams: StreamSlots;
  /** Results downloads (GET /v1/jobs/{id}/results) per key on this instance (RESULTS_DOWNLOADS_PER_KEY). */
  downloads: StreamSlots;
}

/**
 * Results downloads one key may have open at once on one instance. A download holds a page in
 * memory until its client reads it: 400 unread downloads of one key ran a 512 MB process out of
 * heap, and 30 at full speed held every other request for seconds (an outside attack sweep).
 */
export const RESULTS_DOWNLOADS_PER_KEY = 2;

export const services = new WeakMap<Deps, JobService & { apps: number }>();

/** The jobs of the app these deps serve (undefined: jobs cannot run with this ledger). */
export function jobService(deps: Deps): JobService | undefined {
  return services.get(deps);
}
