/**
 * DATA_DIR holds the API keys' hashes, the ledger, the result cache, jobs' inputs and results,
 * sealed webhook secrets and the key that opens them (secrets.ts): it is its owner's alone.
 * What the gateway creates there is private from the start, whatever the umask: directories
 * 0700 (`privateDir`), files 0600 (`privateFile`; SQLite gives a database's -wal and -shm files
 * the database file's mode, so they are 0600 too). At start the server takes group and other
 * access away from whatever an earlier version (or a copy, or an operator) left there
 * (`tightenDataDir`), and logs what it changed.
 */
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Creates `dir` (and missing parents) 0700. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Creates `path` empty and 0600 if it does not exist (an existing file is left as it is). */
export function privateFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
}

export interface Tightened {
  /** Paths (relative to DATA_DIR, '.' itself) that had group or other access, now removed. */
  changed: string[];
  /** Paths whose mode could not be changed (not this user's), with the error code. */
  failed: string[];
}

/**
 * Removes group and other access from DATA_DIR and everything under it, keeping the owner's
 * (a 0755 directory becomes 0700, a 0644 file 0600). Symbolic links are not followed.
 */
export function tightenDataDir(dataDir: string): Tightened {
  const out: Tightened = { changed: [], failed: [] };
  const visit = (path: string) => {
    const st = lstatSync(path, { throwIfNoEntry: false });
    if (!st || st.isSymbolicLink()) return;
    const name = relative(dataDir, path) || '.';
    const failed = (e: unknown) => out.failed.push(`${name} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    if (st.mode & 0o077) {
      try {
        chmodSync(path, st.mode & 0o700);
        out.changed.push(name);
      } catch (e) {
        failed(e);
      }
    }
    if (!st.isDirectory()) return;
    let entries: string[];
    try {
      entries = readdirSync(path);
    } catch (e) {
      return void failed(e);
    }
    for (const entry of entries) visit(join(path, entry));
  };
  visit(dataDir);
  return out;
}
