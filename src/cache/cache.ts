/**
 * The result cache: every successful live result is stored with its fetch time under
 * `operation + canonical arguments`. A read says how old the entry is; whether it is young
 * enough is the caller's `cache_max_age` decision.
 *
 * keyv sits behind this module (embedded: a SQLite table; scaled out: @keyv/redis), with a small
 * in-process LRU in front so hot entries are served without a store round trip or a JSON parse.
 * An entry enters the LRU when it is read, not when it is written (an entry it holds is replaced
 * by a newer write): most live results are never asked for again (distinct lookups, bulk jobs),
 * and holding each of them until the LRU evicted it made every live request leave its result
 * behind as old-generation garbage. The LRU is bounded by entry count and by size
 * (CACHE_MEMORY_MB of JSON text, measured when an entry enters it; a single entry above an eighth
 * of that is served from the store only), so a few large results — a long playlist, a discovery
 * report — cannot crowd the heap.
 * Entries live at most 30 days (the largest `cache_max_age`); the embedded store is also capped
 * at CACHE_MAX_ENTRIES, evicting the oldest written entries first.
 */
import { EventEmitter } from 'node:events';
import Keyv from 'keyv';
import { LRUCache } from 'lru-cache';
import { attached } from '../attached.js';
import { beforeClose, writeTransaction } from '../store/sqlite.js';
import type { Db } from '../store/sqlite.js';

export interface CacheEntry<T = unknown> {
  value: T;
  /** Epoch milliseconds of the live fetch that produced the value. */
  fetchedAt: number;
  /** A parser warned while the value was read (src/platforms/partial-read.ts degradedRead): served, it is still a degraded read. */
  degraded?: true;
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
const EXPIRE_SWEEP_MS = 60_000;
/**
 * How long set()s are gathered before one transaction writes them: under load a turn holds a
 * few entries, and each commit rewrites the table's and indexes' last pages; gathering 50 ms of
 * entries writes each page once for all of them.
 */
export const CACHE_COMMIT_MS = 50;

export const CACHE_MAX_AGES = { '1d': 1, '3d': 3, '7d': 7, '14d': 14, '30d': 30 } as const;
export type CacheMaxAge = keyof typeof CACHE_MAX_AGES;

/** One of CACHE_MAX_AGES' own values (never an inherited name: `constructor`, `toString`…). */
export const isCacheMaxAge = (v: unknown): v is CacheMaxAge => typeof v === 'string' && Object.hasOwn(CACHE_MAX_AGES, v);

export function maxAgeMs(v: CacheMaxAge): number {
  return CACHE_MAX_AGES[v] * 24 * 3600 * 1000;
}

interface PendingWrite {
  value: string;
  expiresMs: number | null;
}

/** set()s not yet committed, per database: every store over one file sees them. */
const pendingByDb = new WeakMap<Db, Map<string, PendingWrite>>();

/**
 * A keyv store adapter over a SQLite table, size-bounded. Writes are group-committed: a set()
 * is held in memory (and served from there) until, CACHE_COMMIT_MS later, one transaction
 * writes every set() made meanwhile, so a live request pays no commit of its own; closing the
 * database writes what is pending first. A crash can lose the entries of those last
 * milliseconds — a cache may: they are fetched again when next asked for.
 */
export class SqliteKeyvStore extends EventEmitter {
  opts: { dialect: string; maxEntries: number };
  namespace?: string;
  private readonly q;
  /** Rows in the table, kept by this store's own writes (counted once, on the first write). */
  private rows = -1;
  private expiredAt = 0;
  /** Written by set(), not yet committed (shared by the stores over this database). */
  private readonly pending: Map<string, PendingWrite>;
  private scheduled: NodeJS.Timeout | null = null;
  /** Why the last batch was not stored; the next set() reports it (the caller logs it). */
  private failed: unknown = null;
  private readonly writeBatch;

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
      insert: db.prepare('INSERT OR IGNORE INTO cache (key, value, expires_ms, written_ms) VALUES (?, ?, ?, ?)'),
      update: db.prepare('UPDATE cache SET value = ?, expires_ms = ?, written_ms = ? WHERE key = ?'),
      del: db.prepare('DELETE FROM cache WHERE key = ?'),
      clear: db.prepare('DELETE FROM cache WHERE key LIKE ?'),
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM cache'),
      expire: db.prepare('DELETE FROM cache WHERE expires_ms IS NOT NULL AND expires_ms < ?'),
      trim: db.prepare('DELETE FROM cache WHERE key IN (SELECT key FROM cache ORDER BY written_ms ASC LIMIT ?)'),
    };
    let pending = pendingByDb.get(db);
    if (!pending) pendingByDb.set(db, (pending = new Map()));
    this.pending = pending;
    // Its first batch reads before it writes (the row count): IMMEDIATE (writeTransaction).
    this.writeBatch = writeTransaction(db, (batch: [string, PendingWrite][]) => {
      const now = Date.now();
      if (this.rows < 0) this.rows = this.q.count.get()!.n;
      // Insert, or update an existing row: either way the row count stays known without a
      // COUNT(*) over the table (100,000 rows by default) on the write path.
      for (const [key, e] of batch) {
        if (this.q.insert.run(key, e.value, e.expiresMs, now).changes) this.rows++;
        else this.q.update.run(e.value, e.expiresMs, now, key);
      }
      // Expired rows are never served (get() checks); swept (a full scan) once a minute.
      if (now - this.expiredAt > EXPIRE_SWEEP_MS) {
        this.expiredAt = now;
        this.rows -= this.q.expire.run(now).changes;
      }
      if (this.rows > this.opts.maxEntries) this.rows -= this.q.trim.run(this.rows - this.opts.maxEntries).changes;
    });
    beforeClose(db, () => this.flush());
  }

  async get(key: string): Promise<string | undefined> {
    const p = this.pending.get(key);
    const row = p ? { value: p.value, expires_ms: p.expiresMs } : this.q.get.get(key);
    if (!row) return undefined;
    if (row.expires_ms !== null && row.expires_ms < Date.now()) {
      this.pending.delete(key);
      this.forget(this.q.del.run(key).changes);
      return undefined;
    }
    return row.value;
  }

  async set(key: string, value: unknown, ttl?: number): Promise<void> {
    if (this.failed) {
      const err = this.failed;
      this.failed = null;
      throw err;
    }
    this.pending.delete(key); // re-inserted last: the batch writes in order of the latest set()
    this.pending.set(key, { value: typeof value === 'string' ? value : JSON.stringify(value), expiresMs: ttl ? Date.now() + ttl : null });
    // unref: pending entries never keep the process alive (closing the database writes them).
    this.scheduled ??= setTimeout(() => this.flush(), CACHE_COMMIT_MS).unref();
  }

  /** Writes every pending set() in one transaction, now. */
  flush(): void {
    if (this.scheduled) clearTimeout(this.scheduled);
    this.scheduled = null;
    if (this.pending.size === 0 || !this.db.open) return;
    const batch = [...this.pending];
    this.pending.clear();
    try {
      this.writeBatch(batch);
    } catch (err) {
      // Not stored (a full disk, a lock held too long): a cache may lose entries. Reported by the
      // next set(), whose caller logs it.
      this.failed = err;
    }
  }

  /** Drops expired entries, then the oldest written ones beyond the cap (counting the table). */
  trim(): void {
    this.flush();
    this.expiredAt = Date.now();
    this.q.expire.run(this.expiredAt);
    const over = this.q.count.get()!.n - this.opts.maxEntries;
    if (over > 0) this.q.trim.run(over);
    this.rows = -1;
  }

  async delete(key: string): Promise<boolean> {
    const was = this.pending.delete(key);
    const changes = this.q.del.run(key).changes;
    this.forget(changes);
    return changes > 0 || was;
  }

  async clear(): Promise<void> {
    this.flush();
    this.q.clear.run(this.namespace ? `${this.namespace}:%` : '%');
    this.rows = -1;
  }

  private forget(deleted: number): void {
    if (this.rows >= 0) this.rows -= deleted;
  }

  /** keyv's disconnect(): what is pending is written before the database is closed. */
  async disconnect(): Promise<void> {
    this.flush();
  }
}

/**
 * Size of an entry as the LRU counts it: the length of its JSON text (at least 1). The text is
 * kept on the value (jsonText) as a stored value's is: every hit on it is answered without walking
 * or serialising it again (GraphQL's answer bound, the REST body).
 */
function entrySize(entry: CacheEntry): number {
  try {
    const { value } = entry;
    if (typeof value === 'object' && value !== null) return Math.max(1, resultJson(value).length);
    return Math.max(1, JSON.stringify(value)?.length ?? 1);
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
  /**
   * keyv's own store, written directly with keyv's text (serializeKnownJson) when that text is
   * known: keyv's set() around it (hooks, stats, a serialiser call, two awaits) is the larger
   * part of a write to the embedded store. Its failures reach the caller (keyv only emits them).
   */
  direct?: { namespace: string; set(key: string, text: string, ttlMs: number): Promise<void> };
}

/**
 * The JSON text of the result values this process has stored, kept on the value itself
 * (src/attached.ts): a live result is serialised once — for its size in memory, its stored text
 * (serializeKnownJson) and the REST body that answers it (src/rest/handler.ts) — not once for
 * each. Results are never mutated once built, so the text stays true for as long as the value
 * lives.
 */
const jsonText = attached<string>('jsonText');

/** The JSON text of a value this process has stored in the cache, if it is one. */
export function knownJson(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? jsonText.get(value) : undefined;
}

/**
 * A result's JSON text: the one the cache made when it stored it, or made now and kept on it the
 * same way (a result not cached: a partial read, an operation that is not cacheable, a cache write
 * that failed), so that the body that answers it serialises it no more. Throws what JSON.stringify
 * throws for a value that cannot be written (nested beyond the stack, a cycle, a BigInt).
 */
export function resultJson(value: object): string {
  let json = jsonText.get(value);
  if (json === undefined) {
    json = JSON.stringify(value) as string | undefined;
    if (json === undefined) throw new TypeError('the result has no JSON form');
    jsonText.set(value, json);
  }
  return json;
}

/** serializeKnownJson's lookup of an entry's value text (jsonTexts, by the entry's value). */
const entryJson = { get: (entry: object) => knownJson((entry as CacheEntry).value) };

/**
 * keyv's stored text for `{ value: entry, expires }`, built around the entry value's JSON text
 * when it is known (`jsonOf`), so one live result is serialised once — not by JSON.stringify
 * for the in-memory size and again by keyv's own (slower, recursive) serialiser.
 * The text is byte for byte what keyv's default serialiser writes, so every reader (older
 * versions, other instances) reads it alike; undefined when that is not certain: keyv escapes
 * strings starting with `:` and writes Buffers as `:base64:`, and the JSON text is searched for
 * both (a string value starting with `:` is `":` first or after `:`, `[` or `,`; a false alarm only
 * costs keyv's serialiser).
 */
export function serializeKnownJson(
  data: { value?: unknown; expires?: unknown },
  jsonOf: { get(entry: object): string | undefined },
): string | undefined {
  const entry = data?.value as CacheEntry | undefined;
  if (!entry || typeof entry !== 'object') return undefined;
  const json = jsonOf.get(entry);
  if (json === undefined || json.startsWith('":') || /[:[,]":/.test(json) || json.includes('"type":"Buffer"')) return undefined;
  const keys = Object.keys(entry);
  if (keys.length !== 2 || keys[0] !== 'value' || keys[1] !== 'fetchedAt' || !Number.isFinite(entry.fetchedAt)) return undefined;
  const expires = data.expires === undefined ? '' : `,"expires":${JSON.stringify(data.expires)}`;
  if (Object.keys(data).some((k) => k !== 'value' && k !== 'expires')) return undefined;
  return `{"value":{"value":${json},"fetchedAt":${entry.fetchedAt}}${expires}}`;
}

export function createKeyvCache(keyv: Keyv, opts: KeyvCacheOptions = {}): ResultCache {
  const guard = opts.guard ?? (<T>(call: () => Promise<T>) => call());
  const direct = opts.direct;
  const keyvSerialize = keyv.serialize;
  if (keyvSerialize) keyv.serialize = (data) => serializeKnownJson(data, entryJson) ?? keyvSerialize(data);
  const maxSize = opts.lruBytes ?? 32 * 1024 * 1024;
  const lru = new LRUCache<string, CacheEntry>({
    max: opts.lruEntries ?? 5_000,
    maxSize,
    maxEntrySize: Math.max(1, Math.floor(maxSize / 8)),
    sizeCalculation: entrySize,
  });
  /**
   * Store reads under way, by key. Each read parses the stored text into a value of its own, and
   * an answer holds its value's JSON until its client reads it: 60 pipelined requests for a cached
   * 4 MB record (not yet in the LRU, or larger than an eighth of it) parsed and serialised it 60
   * times — ~200 MB held by answers nobody read, at 0 credits.
   */
  const reading = new Map<string, Promise<unknown>>();
  return {
    peek<T>(key: string) {
      return lru.get(key) as CacheEntry<T> | undefined;
    },
    async get<T>(key: string, opts?: { fetchedSince?: number }) {
      const hit = lru.get(key) as CacheEntry<T> | undefined;
      if (hit && (opts?.fetchedSince === undefined || hit.fetchedAt >= opts.fetchedSince)) return hit;
      // Reads of one key at the same time share one store read, and so one parsed value (see `reading`).
      let read = reading.get(key);
      if (!read) {
        read = guard(() => keyv.get(key)).finally(() => reading.delete(key));
        reading.set(key, read);
      }
      const stored = (await read) as CacheEntry<T> | undefined;
      if (stored && typeof stored.fetchedAt === 'number' && (!hit || stored.fetchedAt > hit.fetchedAt)) {
        lru.set(key, stored);
        return stored;
      }
      return hit;
    },
    async set<T>(key: string, entry: CacheEntry<T>) {
      // The value's JSON text, once (entrySize keeps it on the value): its size in memory and
      // (serializeKnownJson) the stored text. Kept in memory only in place of an entry the LRU
      // holds already (it enters on a read). A value that cannot be serialised is never kept; keyv reports it.
      const size = entrySize(entry);
      if (lru.has(key)) lru.set(key, entry, { size });
      if (direct) {
        // What keyv.set would store: the entry with its expiry, under the namespaced key.
        const text = serializeKnownJson({ value: entry, expires: Date.now() + CACHE_TTL_MS }, entryJson);
        if (text !== undefined)
          return direct.set(key.startsWith(`${direct.namespace}:`) ? key : `${direct.namespace}:${key}`, text, CACHE_TTL_MS);
      }
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
  const namespace = 'results';
  return createKeyvCache(new Keyv({ store, namespace }), {
    ...lru,
    direct: { namespace, set: (key, text, ttl) => store.set(key, text, ttl) },
  });
}
