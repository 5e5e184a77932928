/**
 * The embedded default store: one SQLite file under DATA_DIR holds API keys, the credit ledger
 * and the result cache. WAL mode lets the `keys` command run beside a live gateway.
 *
 * The ledger and the cache group-commit their writes (one transaction per event-loop turn):
 * `beforeClose` lets them commit what is still queued when the database is closed, whoever
 * closes it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

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

export function openDatabase(dataDir: string, file = 'gateway.db'): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, file));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}
