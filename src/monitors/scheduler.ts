/**
 * The embedded scheduler (without REDIS_URL): one timer, set for the earliest due monitor not
 * running (an indexed read of the SQLite store: `monitors_due`), and nothing else — no polling.
 * When it fires, due monitors are claimed one by one (store.ts `claimNext`: earliest first) and
 * run, at most MONITORS_CONCURRENCY at once and fewer while the event loop is busy (the jobs'
 * pacer, src/jobs/pace.ts): single requests are served between runs, and runs come second at
 * each upstream host (src/jobs/hosts.ts). A monitor created, changed or resumed re-arms the timer.
 *
 * One process holds DATA_DIR, so runs are claimed here only; a run left by a process that died is
 * due again at the start (store.ts `giveBackLeftOver`) and runs once.
 */
import type { Deps } from '../pipeline/context.js';
import { createPacer } from '../jobs/pace.js';
import type { Clock } from './clock.js';
import type { MonitorRow, SqliteMonitorStore } from './store.js';

/** How soon a claim the store refused is tried again. */
const CLAIM_RETRY_MS = 1_000;

export interface MonitorScheduler {
  /** A monitor created, changed, stopped or deleted: its schedule follows (`row` undefined: deleted). */
  changed(id: string, row: MonitorRow | undefined): void | Promise<void>;
  /** Runs in progress finish (their records written); nothing new starts. */
  close(): Promise<void>;
}

export function createEmbeddedScheduler(
  deps: Deps,
  sqlite: SqliteMonitorStore,
  run: (row: MonitorRow) => Promise<unknown>,
  clock: Clock,
): MonitorScheduler {
  let closed = false;
  let inFlight = 0;
  let cancelTimer: (() => void) | null = null;
  let armedAt = Infinity;
  const running = new Set<Promise<void>>();
  const pacer = createPacer(deps.config.monitors.concurrency, () => pump());

  const disarm = () => {
    cancelTimer?.();
    cancelTimer = null;
    armedAt = Infinity;
  };

  function armAt(next: number): void {
    if (cancelTimer && armedAt === next) return;
    disarm();
    armedAt = next;
    cancelTimer = clock.at(next, () => {
      cancelTimer = null;
      armedAt = Infinity;
      pump();
    });
  }

  function arm(): void {
    const next = sqlite.nextDueAt();
    if (next === null) return disarm();
    armAt(next);
  }

  function pump(): void {
    if (closed || !sqlite.db.open) return;
    const now = clock.now();
    let refused = false;
    while (inFlight < pacer.limit()) {
      let row: MonitorRow | undefined;
      try {
        row = sqlite.claimNext(now);
      } catch (err) {
        // The store refused (disk full, I/O error, a lock held past busy_timeout): logged and tried
        // again in a second, not thrown from a timer — that ended the process, and every request.
        deps.logger.error({ err }, 'monitors: claiming a due run failed; trying again in a second');
        refused = true;
        break;
      }
      if (!row) break;
      inFlight++;
      pacer.setActive(true);
      // Each run starts in a turn of its own: requests that arrived meanwhile are read first.
      const p: Promise<void> = new Promise<void>((r) => setImmediate(r))
        .then(() => run(row))
        .then(
          () => undefined,
          (err: unknown) => deps.logger.error({ err, monitor: row.id }, 'monitor run failed unexpectedly'),
        )
        .finally(() => {
          inFlight--;
          running.delete(p);
          if (inFlight === 0) pacer.setActive(false);
          pump();
        });
      running.add(p);
    }
    // Room for more: wait for the next due one. Full: a run's end pumps again.
    if (refused) armAt(now + CLAIM_RETRY_MS);
    else if (inFlight < pacer.limit()) arm();
  }

  const given = sqlite.giveBackLeftOver();
  if (given) deps.logger.warn({ monitors: given }, 'monitor runs a previous process died making are due again');
  pump();

  return {
    changed: () => pump(),
    async close() {
      closed = true;
      disarm();
      pacer.close();
      await Promise.all([...running]);
    },
  };
}
