/**
 * The embedded ledger's memo of key lookups (src/credits/sqlite-ledger.ts): an authenticated key's
 * id, balance and rate limit by the key's hash, so a request whose key was looked up moments ago
 * reads no row. The lookup is a cached hit's largest cost after its socket write: each SQLite read
 * takes and releases the shared-memory read lock, two system calls (docs/performance.md: cached
 * REST +27 %, cached GraphQL +22 % with it).
 *
 * What keeps it exact:
 * - a change committed by another connection (the `keys` command revoking a key, adding credits,
 *   setting a rate limit) drops every entry: SQLite's `PRAGMA data_version`, read at most once a
 *   millisecond, says there was one. Another process's change is seen within a millisecond;
 * - this process's own writes of a key (reservations, settlements, grants, revocations, rate
 *   limits) drop that key's entry once committed (data_version does not count them);
 * - an unknown or revoked key is never remembered: each such request reads the file. At most
 *   KEY_MEMO_MAX keys are held; lookups of others read the file.
 * Only hashes are held, never a key. The entries are frozen: shared by the requests that read them.
 */
import type { Db } from '../store/sqlite.js';
import type { AuthenticatedKey } from './ledger.js';

export const KEY_MEMO_MAX = 10_000;
/** How often at most `PRAGMA data_version` is read (ms). */
const RECHECK_MS = 1;

export interface KeyMemo {
  /** The key with this hash: remembered, or `read` from the file (and remembered when found). */
  get(hash: string, read: () => AuthenticatedKey | null): AuthenticatedKey | null;
  /** This process wrote the key: its entry goes. */
  forget(keyId: string): void;
  clear(): void;
}

export function keyMemo(db: Db): KeyMemo {
  const byHash = new Map<string, AuthenticatedKey>();
  const hashById = new Map<string, string>();
  const version = db.prepare<[], number>('PRAGMA data_version').pluck();
  let seen: number | undefined;
  let checkedAt = -Infinity;
  const clear = () => {
    byHash.clear();
    hashById.clear();
  };
  return {
    get(hash, read) {
      const now = performance.now();
      if (now - checkedAt >= RECHECK_MS) {
        checkedAt = now;
        const v = version.get();
        if (v !== seen) {
          seen = v;
          clear();
        }
      }
      const known = byHash.get(hash);
      if (known) return known;
      const key = read();
      if (key && byHash.size < KEY_MEMO_MAX) {
        byHash.set(hash, Object.freeze(key));
        hashById.set(key.id, hash);
      }
      return key;
    },
    forget(keyId) {
      const hash = hashById.get(keyId);
      if (hash === undefined) return;
      hashById.delete(keyId);
      byHash.delete(hash);
    },
    clear,
  };
}
