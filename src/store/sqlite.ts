/**
 * The embedded default store: one SQLite file under DATA_DIR holds API keys, the credit ledger
 * and the result cache. WAL mode lets the `keys` command run beside a live gateway. A new file
 * (and its -wal and -shm) is 0600, in a DATA_DIR created 0700 (data-dir.ts).
 *
 * The cache group-commits its writes (every CACHE_COMMIT_MS): `beforeClose` lets it commit what
 * is still queued when the database is closed, whoever closes it.
 *
 * Checkpoints (copying the WAL back into the database file, with its fsync) run on a worker
 * thread, not in whichever commit crosses SQLite's auto-checkpoint size: there they stalled
 * the event loop (every request) for milliseconds at a time under load.
 */
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { privateDir, privateFile } from './data-dir.js';

export type Db = Database.Database;

const closing = new WeakMap<Db, Set<() => void>>();

/** Runs `flush` (synchronously) before `db` is closed; returns the unregistration. */
export function beforeClose(db: Db, flush: () => void): () => void {
  let set = closing.get(db);
  if (!set) {
    const hooks = new Set<() => void>();
    closing.set(db, (set = hooks));
    const close = db.close.bind(db);
    db.close = () => {
      for (const f of hooks) if (db.open) f();
      hooks.clear();
      return close();
    };
  }
  set.add(flush);
  const hooks = set;
  return () => void hooks.delete(flush);
}

/**
 * A transaction function that begins IMMEDIATE: it takes the write lock first, waiting its turn
 * (busy_timeout) as a plain write does. A transaction that reads, then writes what it read, must:
 * begun DEFERRED it is refused SQLITE_BUSY at once — busy_timeout does not apply — when another
 * process (the keys CLI beside a running server) has written since its read; the monitors'
 * scheduler threw that from a timer and ended the gateway. Called inside another transaction it is
 * a savepoint of that one, as any transaction function.
 */
export function writeTransaction<A extends unknown[], R>(db: Db, fn: (...args: A) => R): (...args: A) => R {
  return db.transaction(fn).immediate;
}

export function openDatabase(dataDir: string, file = 'gateway.db'): Db {
  privateDir(dataDir);
  const path = join(dataDir, file);
  // Created 0600 before SQLite opens it: SQLite creates the -wal and -shm files with its mode.
  privateFile(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // No checkpoint inside this connection's commits; the background checkpointer does them.
  db.pragma('wal_autocheckpoint = 0');
  checkpointInBackground(db, path);
  return db;
}

/** WAL size from which the background checkpointer copies it back (looked at every second). */
export const CHECKPOINT_WAL_BYTES = 1024 * 1024;
const CHECKPOINT_EVERY_MS = 1_000;

// The checkpointer: one worker thread with its own connection per database file, started on
// the first WAL that needs it. PASSIVE checkpoints never block this thread's writers; the WAL is
// reused from its start once checkpointed. A database closed here is checkpointed by SQLite
// itself when its last connection closes (the worker's, when told).
const CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const conns = new Map();
parentPort.on('message', ({ path, close }) => {
  if (close) {
    try { conns.get(close)?.close(); } catch {}
    conns.delete(close);
    return;
  }
  try {
    let db = conns.get(path);
    if (!db) conns.set(path, (db = new Database(path, { fileMustExist: true, timeout: 0 })));
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
  parentPort.postMessage(path);
});`;

const watched = new Map<string, number>();
const checkpointing = new Set<string>();
let worker: Worker | null = null;
let timer: NodeJS.Timeout | null = null;

function checkpointInBackground(db: Db, path: string): void {
  watched.set(path, (watched.get(path) ?? 0) + 1);
  timer ??= setInterval(checkWals, CHECKPOINT_EVERY_MS).unref();
  beforeClose(db, () => {
    const n = (watched.get(path) ?? 1) - 1;
    if (n > 0) return void watched.set(path, n);
    watched.delete(path);
    worker?.postMessage({ close: path });
    if (watched.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  });
}

function checkWals(): void {
  for (const path of watched.keys()) {
    if (checkpointing.has(path)) continue;
    checkpointing.add(path);
    stat(`${path}-wal`).then(
      (s) => {
        if (s.size < CHECKPOINT_WAL_BYTES || !watched.has(path)) return void checkpointing.delete(path);
        checkpointWorker().postMessage({ path });
      },
      () => void checkpointing.delete(path),
    );
  }
}

function checkpointWorker(): Worker {
  if (!worker) {
    const w = new Worker(CHECKPOINT_WORKER, {
      eval: true,
      // Its code uses require: node flags such as --input-type=module must not reach it (it would
      // fail at once, and be started again every second).
      execArgv: [],
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3') },
    });
    w.on('message', (path: string) => checkpointing.delete(path));
    w.on('error', () => {
      // Without it SQLite still checkpoints when the last connection closes; start one again later.
      if (worker === w) worker = null;
      checkpointing.clear();
    });
    // After the listeners (adding a 'message' listener refs the worker again): it never keeps
    // the process alive.
    w.unref();
    worker = w;
  }
  return worker;
}
