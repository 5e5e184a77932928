/**
 * The result cache: every successful live result is stored with its fetch time under
 * `operation + canonical arguments`. A read says how old the entry is; whether it is young
 * enough is the caller's `cache_max_age` decision.
 *
 * keyv sits behind this module (embedded: a SQLite table; scaled out: @keyv/redis), with a small
 * in-process LRU in front so hot entries are served without a store round trip or a JSON parse.
 * The LRU is bounded by entry count and by size (CACHE_MEMORY_MB of JSON text, measured when an
 * entry enters it; a single entry above an eighth of that is served from the store only), so a
 * few large results — a long playlist, a discovery report — cannot crowd the heap.
 * Entries live at most 30 days (the largest `cache_max_age`); the embedded store is also capped
 * at CACHE_MAX_ENTRIES, evicting the oldest written entries first.
 */
import { EventEmitter } from 'node:events';
import Keyv from 'keyv';
import { LRUCache } from 'lru-cache';
import type { Db } from '../store/sqlite.js';

export interface CacheEntry<T = unknown> {
  value: T;
  /** Epoch milliseconds of the live fetch that produced the value. */
  fetchedAt: number;
}

export interface ResultCache {
  /** The entry if this process holds it in memory (no store round trip), else undefined. */
  peek<T = unknown>(key: string): CacheEntry<T> | undefined;
  /**
   * The entry, from memory when held there. With `fetchedSince`, an in-memory entry fetched
   * before that time is not enough: the store is read, where another instance may have written
   * a newer one.
   */
  get<T = unknown>(key: string, opts?: { fetchedSince?: number }): Promise<CacheEntry<T> | undefined>;
  set<T = unknown>(key: string, entry: CacheEntry<T>): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const CACHE_TTL_MS = 30 * 24 * 3600 * 1000;

export const CACHE_MAX_AGES = { '1d': 1, '3d': 3, '7d': 7, '14d': 14, '30d': 30 } as const;
export type CacheMaxAge = keyof typeof CACHE_MAX_AGES;

export function maxAgeMs(v: CacheMaxAge): number {
  return CACHE_MAX_AGES[v] * 24 * 3600 * 1000;
}

/** A keyv store adapter over a SQLite table, size-bounded. */
export class SqliteKeyvStore extends EventEmitter {
  opts: { dialect: string; maxEntries: number };
  namespace?: string;
  private readonly q;
  private writesSinceTrim = 0;

  constructor(
    private readonly db: Db,
    maxEntries: number,
  ) {
    super();
    this.opts = { dialect: 'sqlite', maxEntries };
    db.exec(`CREATE TABLE IF NOT EXISTS cache (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      expires_ms INTEGER,
      written_ms INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS cache_written ON cache(written_ms);`);
    this.q = {
      get: db.prepare<[string], { value: string; expires_ms: number | null }>('SELECT value, expires_ms FROM cache WHERE key = ?'),
      set: db.prepare('INSERT OR REPLACE INTO cache (key, value, expires_ms, written_ms) VALUES (?, ?, ?, ?)'),
      del: db.prepare('DELETE FROM cache WHERE key = ?'),
      clear: db.prepare('DELETE FROM cache WHERE key LIKE ?'),
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM cache'),
      expire: db.prepare('DELETE FROM cache WHERE expires_ms IS NOT NULL AND expires_ms < ?'),
      trim: db.prepare('DELETE FROM cache WHERE key IN (SELECT key FROM cache ORDER BY written_ms ASC LIMIT ?)'),
    };
  }

  async get(key: string): Promise<string | undefined> {
    const row = this.q.get.get(key);
    if (!row) return undefined;
    if (row.expires_ms !== null && row.expires_ms < Date.now()) {
      this.q.del.run(key);
      return undefined;
    }
    return row.value;
  }

  async set(key: string, value: unknown, ttl?: number): Promise<void> {
    const now = Date.now();
    this.q.set.run(key, typeof value === 'string' ? value : JSON.stringify(value), ttl ? now + ttl : null, now);
    if (++this.writesSinceTrim >= 256) this.trim();
  }

  /** Drops expired entries, then the oldest written ones beyond the cap. */
  trim(): void {
    this.writesSinceTrim = 0;
    this.q.expire.run(Date.now());
    const over = this.q.count.get()!.n - this.opts.maxEntries;
    if (over > 0) this.q.trim.run(over);
  }

  async delete(key: string): Promise<boolean> {
    return this.q.del.run(key).changes > 0;
  }

  async clear(): Promise<void> {
    this.q.clear.run(this.namespace ? `${this.namespace}:%` : '%');
  }
}

/** Size of an entry as the LRU counts it: the length of its JSON text (at least 1). */
function entrySize(entry: CacheEntry): number {
  try {
    return Math.max(1, JSON.stringify(entry.value)?.length ?? 1);
  } catch {
    return Number.MAX_SAFE_INTEGER; // not serialisable: never kept in memory
  }
}

export interface LruOptions {
  /** Most entries held in memory (default 5 000). */
  lruEntries?: number;
  /** Most bytes of JSON text held in memory (default 32 MiB). */
  lruBytes?: number;
}

export interface KeyvCacheOptions extends LruOptions {
  /**
   * Every store round trip runs through this (Redis: the store's deadline, so a stuck Redis
   * is a fast failure — a miss for reads, a 503 for /readyz — never a wait).
   */
  guard?: <T>(call: () => Promise<T>) => Promise<T>;
}

export function createKeyvCache(keyv: Keyv, opts: KeyvCacheOptions = {}): ResultCache {
  const guard = opts.guard ?? (<T>(call: () => Promise<T>) => call());
  const maxSize = opts.lruBytes ?? 32 * 1024 * 1024;
  const lru = new LRUCache<string, CacheEntry>({
    max: opts.lruEntries ?? 5_000,
    maxSize,
    maxEntrySize: Math.max(1, Math.floor(maxSize / 8)),
    sizeCalculation: entrySize,
  });
  return {
    peek<T>(key: string) {
      return lru.get(key) as CacheEntry<T> | undefined;
    },
    async get<T>(key: string, opts?: { fetchedSince?: number }) {
      const hit = lru.get(key) as CacheEntry<T> | undefined;
      if (hit && (opts?.fetchedSince === undefined || hit.fetchedAt >= opts.fetchedSince)) return hit;
      const stored = (await guard(() => keyv.get(key))) as CacheEntry<T> | undefined;
      if (stored && typeof stored.fetchedAt === 'number' && (!hit || stored.fetchedAt > hit.fetchedAt)) {
        lru.set(key, stored);
        return stored;
      }
      return hit;
    },
    async set<T>(key: string, entry: CacheEntry<T>) {
      lru.set(key, entry);
      await guard(() => keyv.set(key, entry, CACHE_TTL_MS));
    },
    async ping() {
      await guard(() => keyv.get('__ping__'));
    },
    async close() {
      await keyv.disconnect();
    },
  };
}

export function createSqliteCache(db: Db, maxEntries: number, lru: LruOptions = {}): ResultCache {
  const store = new SqliteKeyvStore(db, maxEntries);
  return createKeyvCache(new Keyv({ store, namespace: 'results' }), lru);
}
