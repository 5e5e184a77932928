/**
 * The embedded store's monitors beside another process writing the same database — what the keys
 * CLI does (`npm run keys -- add-credits …`), which docs/running.md says works beside a running
 * server. A transaction that reads and then writes, begun DEFERRED, is refused SQLITE_BUSY at once
 * when another connection has written since its read (WAL: its snapshot is stale; busy_timeout does
 * not apply): the embedded scheduler's claim threw from a timer and ended the gateway (an outside
 * sweep: a loop of `keys add-credits` beside 60 monitors, dead after 25 writes). Each of the
 * store's transactions now takes the write lock first (IMMEDIATE), so it waits its turn.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedScheduler } from '../../src/monitors/scheduler.js';
import { createSqliteMonitorStore } from '../../src/monitors/store.js';
import type { MonitorRow, SqliteMonitorStore } from '../../src/monitors/store.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { aMonitor, testClock } from './helpers.js';

const DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');

/** Another process writing `path` (a short IMMEDIATE transaction every few hundred µs) for `ms`. */
function writer(path: string, ms: number) {
  const script = `
    const Database = require(${JSON.stringify(DRIVER)});
    const db = new Database(${JSON.stringify(path)}, { timeout: 5000 });
    db.exec('CREATE TABLE IF NOT EXISTS other_writer (n INTEGER)');
    const add = db.prepare('INSERT INTO other_writer (n) VALUES (?)');
    const until = Date.now() + ${ms};
    process.stdout.write('ready\\n');
    let n = 0;
    while (Date.now() < until) { db.transaction(() => add.run(n++)).immediate(); const t = Date.now(); while (Date.now() - t < 0.3); }
    db.close();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const done = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { ready, done };
}

describe("the embedded monitors' store beside another process writing", () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('claims, updates and deletes wait their turn: none is refused SQLITE_BUSY', async () => {
    dir = mkdtempSync(join(tmpdir(), 'cl-beside-'));
    const db = openDatabase(dir);
    const sqlite = createSqliteMonitorStore(db);
    const ids = Array.from({ length: 40 }, (_, i) => `mon_beside${i}`);
    for (const id of ids) await sqlite.store.create({ ...aMonitor(id, 'key_beside'), next_run_at: 0 }, 100);
    const w = writer(join(dir, 'gateway.db'), 1_500);
    await w.ready;
    let busy: unknown = null;
    let steps = 0;
    const until = Date.now() + 1_200;
    try {
      // Each is a transaction that reads, then writes what it read; the other process writes between.
      while (Date.now() < until && !busy) {
        for (const id of ids) {
          await sqlite.store.claim(id, Date.now(), true);
          await sqlite.store.update(id, { max_credits_per_day: steps % 7 });
          sqlite.claimNext(Date.now());
          steps++;
        }
        // Let go of the leases, so the claims go on claiming.
        db.prepare('UPDATE monitors SET lease_until = NULL').run();
      }
    } catch (e) {
      busy = e;
    }
    await w.done;
    db.close();
    expect(busy).toBeNull();
    expect(steps).toBeGreaterThan(40);
  });

  it('a claim the store refuses is logged and tried again a second later, not thrown from its timer', async () => {
    const refusal = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    let claims = 0;
    const due = { id: 'mon_refused' } as MonitorRow;
    const sqlite = {
      db: { open: true },
      giveBackLeftOver: () => 0,
      nextDueAt: () => null,
      claimNext: () => {
        claims++;
        if (claims === 1) throw refusal;
        return claims === 2 ? due : undefined;
      },
    } as unknown as SqliteMonitorStore;
    const errors: unknown[] = [];
    const deps = {
      config: { monitors: { concurrency: 2 } },
      logger: { error: (o: { err: unknown }) => errors.push(o.err), warn: () => undefined },
    };
    const ran: string[] = [];
    const t = testClock();
    // Before, the first claim's throw left createEmbeddedScheduler (and, from a timer, the process).
    const scheduler = createEmbeddedScheduler(deps as never, sqlite, async (row) => void ran.push(row.id), t.clock);
    expect(errors).toEqual([refusal]);
    expect(t.pending()).toHaveLength(1);
    t.advance(1_000);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(ran).toEqual(['mon_refused']);
    await scheduler.close();
  });
});
