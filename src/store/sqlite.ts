/**
 * The embedded default store: one SQLite file under DATA_DIR holds API keys, the credit ledger
 * and the result cache. WAL mode lets the `keys` command run beside a live gateway.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export function openDatabase(dataDir: string, file = 'gateway.db'): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, file));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}
