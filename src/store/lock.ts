/**
 * One gateway process per DATA_DIR. At start-up the embedded ledger refunds every reservation
 * still open, which is right only when no other live process can hold one: a second server on
 * the same directory would otherwise refund the first one's requests in flight (they would be
 * answered "charged 1" and never billed).
 *
 * The lock is SQLite's own file lock on `DATA_DIR/server.lock` (0600, in a DATA_DIR created
 * 0700: data-dir.ts), an empty database held in an EXCLUSIVE transaction for the life of the
 * process. SQLite takes it with POSIX fcntl locks, which the kernel releases when the process
 * ends in any way (kill -9 included): a restart takes the lock at once, with no stale pid file
 * to clean up. busy_timeout 0, so a second server learns at once that the directory is taken.
 * Only the server takes it; the `keys` and `contacts` commands open their own files (WAL)
 * beside a running server.
 *
 * Like any fcntl lock it relies on the file system's locking: on a local disk or a container
 * volume it is exact; on NFS it is as good as the server's lock manager.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { privateDir, privateFile } from './data-dir.js';

export const LOCK_FILE = 'server.lock';

export interface DataDirLock {
  readonly path: string;
  /** Gives the directory up (graceful shutdown); idempotent. */
  release(): void;
}

/** Why the lock could not be taken: `busy` is another live server; `unusable`, the directory itself. */
export class DataDirLockError extends Error {
  constructor(
    readonly reason: 'busy' | 'unusable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DataDirLockError';
  }
}

const errCode = (e: unknown): string => (e as { code?: string }).code ?? (e as Error).message;

export function lockDataDir(dataDir: string): DataDirLock {
  try {
    privateDir(dataDir);
  } catch (e) {
    const why = errCode(e) === 'EEXIST' ? 'is a file, not a directory' : `cannot be created (${errCode(e)})`;
    throw new DataDirLockError('unusable', `DATA_DIR ${dataDir} ${why}`, { cause: e });
  }
  const path = join(dataDir, LOCK_FILE);
  let db: Database.Database;
  try {
    privateFile(path);
    db = new Database(path, { timeout: 0 });
  } catch (e) {
    throw new DataDirLockError('unusable', `DATA_DIR ${dataDir} is not usable: cannot open ${LOCK_FILE} (${errCode(e)})`, { cause: e });
  }
  try {
    // The journal in memory: an empty transaction that is never committed needs no -journal file.
    db.pragma('journal_mode = MEMORY');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (e) {
    db.close();
    if (errCode(e) === 'SQLITE_BUSY') {
      throw new DataDirLockError(
        'busy',
        `DATA_DIR ${dataDir} is in use by another gateway process (${LOCK_FILE} is locked); one server per data directory`,
        {
          cause: e,
        },
      );
    }
    throw new DataDirLockError('unusable', `DATA_DIR ${dataDir} is not usable: cannot lock ${LOCK_FILE} (${errCode(e)})`, { cause: e });
  }
  return {
    path,
    release() {
      if (db.open) db.close();
    },
  };
}
