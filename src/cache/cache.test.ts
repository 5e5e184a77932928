import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../store/sqlite.js';
import { defaultSerialize } from '@keyv/serialize';
import { CACHE_COMMIT_MS, CACHE_TTL_MS, createSqliteCache, knownJson, serializeKnownJson, SqliteKeyvStore } from './cache.js';
import { createLocalSingleFlight } from './single-flight.js';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'cl-cache-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('result cache', () => {
  it('persists across restarts of the embedded store', async () => {
    const dir = tmp();
    const db1 = openDatabase(dir);
    await createSqliteCache(db1, 100).set('op:a', { value: { x: 1 }, fetchedAt: 1234 });
    db1.close();
    const db2 = openDatabase(dir);
    expect(await createSqliteCache(db2, 100).get('op:a')).toEqual({ value: { x: 1 }, fetchedAt: 1234 });
    expect(await createSqliteCache(db2, 100).get('op:b')).toBeUndefined();
    db2.close();
  });

  it("a stored value's JSON text is known from the value, invisibly: not to JSON, keys or a spread copy", async () => {
    const db = openDatabase(tmp());
    const value = { name: 'a', list: [1, 2], nested: { ok: true } };
    expect(knownJson(value)).toBeUndefined();
    await createSqliteCache(db, 100).set('op:v', { value, fetchedAt: 1 });
    expect(knownJson(value)).toBe('{"name":"a","list":[1,2],"nested":{"ok":true}}');
    expect(JSON.stringify(value)).toBe('{"name":"a","list":[1,2],"nested":{"ok":true}}');
    expect(Object.keys(value)).toEqual(['name', 'list', 'nested']);
    // A copy (changed or not) is another value: it does not carry the original's text.
    expect(knownJson({ ...value, name: 'b' })).toBeUndefined();
    expect(knownJson(Object.assign({}, value))).toBeUndefined();
    // A frozen value is stored all the same, its text made when needed.
    const frozen = Object.freeze({ n: 1 });
    await createSqliteCache(db, 100).set('op:f', { value: frozen, fetchedAt: 1 });
    expect(knownJson(frozen)).toBeUndefined();
    db.close();
  });

  it('a value read from the store (another process wrote it) carries its JSON text once it is held in memory: a hit is not walked or serialised again', async () => {
    const dir = tmp();
    const db1 = openDatabase(dir);
    await createSqliteCache(db1, 100).set('op:r', { value: { name: 'r', list: [1] }, fetchedAt: 5 });
    db1.close();
    const db2 = openDatabase(dir);
    const cache = createSqliteCache(db2, 100);
    const hit = await cache.get<{ name: string }>('op:r');
    expect(knownJson(hit!.value)).toBe('{"name":"r","list":[1]}');
    expect(Object.keys(hit!.value)).toEqual(['name', 'list']);
    // The next hit is the same value, text and all.
    expect((await cache.get('op:r'))!.value).toBe(hit!.value);
    db2.close();
  });

  it('is size-bounded: the oldest written entries are evicted first', async () => {
    const db = openDatabase(tmp());
    const store = new SqliteKeyvStore(db, 10);
    for (let i = 0; i < 25; i++) {
      await store.set(`k${i}`, `v${i}`);
      await new Promise((r) => setTimeout(r, 2));
    }
    store.trim();
    expect(await store.get('k0')).toBeUndefined();
    expect(await store.get('k14')).toBeUndefined();
    expect(await store.get('k15')).toBe('v15');
    expect(await store.get('k24')).toBe('v24');
    db.close();
  });

  it('the in-memory front is bounded by size: big entries are served from the store only, old ones are evicted by bytes', async () => {
    const db = openDatabase(tmp());
    // 8 KiB of JSON in memory; one entry may take at most 1 KiB of it.
    const cache = createSqliteCache(db, 1000, { lruBytes: 8 * 1024 });
    const big = { text: 'x'.repeat(2_000) };
    await cache.set('op:big', { value: big, fetchedAt: 1 });
    expect(cache.peek('op:big')).toBeUndefined();
    expect(await cache.get('op:big')).toEqual({ value: big, fetchedAt: 1 });
    expect(cache.peek('op:big')).toBeUndefined();
    // 20 entries of ~600 bytes, each read once (entries enter the front when read): only the most
    // recent ~13 fit in 8 KiB.
    for (let i = 0; i < 20; i++) {
      await cache.set(`op:${i}`, { value: { text: 'y'.repeat(590), i }, fetchedAt: i });
      await cache.get(`op:${i}`);
    }
    const held = Array.from({ length: 20 }, (_, i) => cache.peek(`op:${i}`) !== undefined);
    expect(held.filter(Boolean).length).toBeLessThanOrEqual(13);
    expect(held.filter(Boolean).length).toBeGreaterThanOrEqual(10);
    expect(held[19]).toBe(true);
    expect(held[0]).toBe(false);
    // Evicted from memory, still in the store.
    expect(await cache.get('op:0')).toEqual({ value: { text: 'y'.repeat(590), i: 0 }, fetchedAt: 0 });
    db.close();
  });

  it('reads of one key at the same time share one store read: one value, not one parsed copy each (an entry too big for the front too)', async () => {
    const db = openDatabase(tmp());
    // One entry may take at most 1 KiB of the front: this one is served from the store only.
    const cache = createSqliteCache(db, 100, { lruBytes: 8 * 1024 });
    await cache.set('op:big', { value: { text: 'x'.repeat(2_000) }, fetchedAt: 1 });
    // Pipelined requests for it: each parsed the stored text into a value (and its answer held
    // that value's JSON) — 60 of a 4 MB record, ~200 MB held by answers nobody read.
    const reads = await Promise.all(Array.from({ length: 10 }, () => cache.get<{ text: string }>('op:big')));
    expect(reads[0]).toEqual({ value: { text: 'x'.repeat(2_000) }, fetchedAt: 1 });
    for (const r of reads) expect(r!.value).toBe(reads[0]!.value);
    // A read after them reads the store again (nothing is kept beyond the reads under way).
    await cache.set('op:big', { value: { text: 'y'.repeat(2_000) }, fetchedAt: 2 });
    expect(await cache.get('op:big')).toEqual({ value: { text: 'y'.repeat(2_000) }, fetchedAt: 2 });
    db.close();
  });

  it('get with fetchedSince reads the store when the in-memory copy is older (another instance wrote a newer one)', async () => {
    const db = openDatabase(tmp());
    const [here, there] = [createSqliteCache(db, 100), createSqliteCache(db, 100)];
    await here.set('op:a', { value: 'old', fetchedAt: 1000 });
    // Read here: held in memory here from now on.
    expect(await here.get('op:a')).toEqual({ value: 'old', fetchedAt: 1000 });
    await there.set('op:a', { value: 'new', fetchedAt: 2000 });
    expect(await here.get('op:a')).toEqual({ value: 'old', fetchedAt: 1000 });
    expect(await here.get('op:a', { fetchedSince: 1500 })).toEqual({ value: 'new', fetchedAt: 2000 });
    expect(here.peek('op:a')).toEqual({ value: 'new', fetchedAt: 2000 });
    // Nothing newer in the store: the in-memory copy is still the answer (the caller judges its age).
    expect(await here.get('op:a', { fetchedSince: 3000 })).toEqual({ value: 'new', fetchedAt: 2000 });
    db.close();
  });

  it('writes are gathered for CACHE_COMMIT_MS and committed together; served from memory meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const dir = tmp();
      const db = openDatabase(dir);
      const store = new SqliteKeyvStore(db, 100);
      const outside = () => {
        const other = openDatabase(dir);
        const n = (other.prepare('SELECT COUNT(*) AS n FROM cache').get() as { n: number }).n;
        other.close();
        return n;
      };
      await store.set('k1', 'v1');
      await vi.advanceTimersByTimeAsync(CACHE_COMMIT_MS / 2);
      await store.set('k2', 'v2');
      expect(await store.get('k2')).toBe('v2');
      expect(outside()).toBe(0);
      // One commit for both, CACHE_COMMIT_MS after the first.
      await vi.advanceTimersByTimeAsync(CACHE_COMMIT_MS / 2);
      expect(outside()).toBe(2);
      // Closing writes what is still pending.
      await store.set('k3', 'v3');
      db.close();
      expect(outside()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an entry enters the in-memory front when it is read, not when it is written; a newer write replaces one held', async () => {
    const db = openDatabase(tmp());
    const cache = createSqliteCache(db, 100);
    await cache.set('op:once', { value: { n: 1 }, fetchedAt: 1 });
    // Written only: served from the store (here still pending), not held in memory.
    expect(cache.peek('op:once')).toBeUndefined();
    expect(await cache.get('op:once')).toEqual({ value: { n: 1 }, fetchedAt: 1 });
    expect(cache.peek('op:once')).toEqual({ value: { n: 1 }, fetchedAt: 1 });
    // Held: a refresh replaces it in memory too (a stale copy is never served after a newer write).
    await cache.set('op:once', { value: { n: 2 }, fetchedAt: 2 });
    expect(cache.peek('op:once')).toEqual({ value: { n: 2 }, fetchedAt: 2 });
    db.close();
  });

  it('expired entries are not returned', async () => {
    const db = openDatabase(tmp());
    const store = new SqliteKeyvStore(db, 10);
    await store.set('gone', 'v', 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.get('gone')).toBeUndefined();
    db.close();
  });
});

describe('stored text of a cache entry', () => {
  const stored = (value: unknown, expires?: number) => {
    const entry = { value, fetchedAt: 1_700_000_000_000 };
    const jsonOf = new WeakMap<object, string>([[entry, JSON.stringify(value)]]);
    const data = expires === undefined ? { value: entry } : { value: entry, expires };
    return { fast: serializeKnownJson(data, jsonOf), keyv: defaultSerialize(data) };
  };

  it("is keyv's own text, byte for byte, when built from the value's JSON", () => {
    const values = [
      { full_name: 'a/b', stars: 42, tags: ['x', 'y'], owner: { login: 'o', url: 'https://e.x/o' }, none: null, skipped: undefined },
      [1, 'two', { three: 3 }, null],
      'plain text with : inside and "quotes" and \\ and unicode é',
      { empty: {}, list: [], at: new Date(0), nested: [[[]]], key: 'x:y', colonKey: { ':k': 1 } },
      12.5,
    ];
    for (const v of values) {
      const { fast, keyv } = stored(v, 1_800_000_000_000);
      expect(fast).toBe(keyv);
      expect(stored(v).fast).toBe(stored(v).keyv);
    }
  });

  it('leaves to keyv what it writes its own way: strings starting with ":" and Buffers', () => {
    for (const v of [':starts with a colon', { a: ':x' }, [':x'], ['ok', ':x'], { buf: Buffer.from('hi') }]) {
      const { fast, keyv } = stored(v, 1);
      expect(fast).toBeUndefined();
      expect(keyv).toContain('":');
    }
  });

  it("the embedded store is written directly (not through keyv's set) with keyv's own key and text", async () => {
    const now = 1_750_000_000_000;
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      const dir = tmp();
      const db = openDatabase(dir);
      const entry = { value: { full_name: 'a/b', topics: ['x'], owner: { login: 'a' } }, fetchedAt: now - 5 };
      await createSqliteCache(db, 100).set('codeRepository:a/b', entry);
      db.close();
      const again = openDatabase(dir);
      const rows = again.prepare('SELECT key, value, expires_ms FROM cache').all();
      again.close();
      expect(rows).toEqual([
        {
          key: 'results:codeRepository:a/b',
          value: defaultSerialize({ value: entry, expires: now + CACHE_TTL_MS }),
          expires_ms: now + CACHE_TTL_MS,
        },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves the value stored through the fast path back unchanged', async () => {
    const db = openDatabase(tmp());
    const value = { full_name: 'a/b', url: 'https://github.com/a/b', topics: ['x'], n: 1 };
    await createSqliteCache(db, 100).set('op:fast', { value, fetchedAt: 5 });
    const again = createSqliteCache(db, 100);
    expect(await again.get('op:fast')).toEqual({ value, fetchedAt: 5 });
    db.close();
  });
});

describe('single-flight', () => {
  it('joins concurrent calls with the same key and runs again afterwards', async () => {
    const sf = createLocalSingleFlight();
    let runs = 0;
    const work = () => new Promise<number>((r) => setTimeout(() => r(++runs), 20));
    const all = await Promise.all([sf.run('k', work), sf.run('k', work), sf.run('other', work)]);
    expect(all.map((x) => x.joined)).toEqual([false, true, false]);
    expect(all[0].value).toBe(all[1].value);
    expect(runs).toBe(2);
    await sf.run('k', work);
    expect(runs).toBe(3);
  });

  it('a caller whose signal aborts leaves at once with its reason; the work is aborted only when every caller has left', async () => {
    const sf = createLocalSingleFlight();
    let workSignal!: AbortSignal;
    const work = (signal: AbortSignal) => ((workSignal = signal), new Promise<string>((r) => setTimeout(() => r('done'), 30)));
    const a = new AbortController();
    const b = new AbortController();
    const pa = sf.run('k', work, { signal: a.signal });
    const pb = sf.run('k', work, { signal: b.signal });
    const pc = sf.run('k', work);
    a.abort(new Error('a gave up'));
    await expect(pa).rejects.toThrow('a gave up');
    expect(workSignal.aborted).toBe(false);
    expect(await pc).toEqual({ value: 'done', joined: true });
    expect((await pb).value).toBe('done');

    const c = new AbortController();
    const d = new AbortController();
    const pd = sf.run('j', work, { signal: c.signal });
    const pe = sf.run('j', work, { signal: d.signal });
    const first = workSignal;
    c.abort();
    expect(first.aborted).toBe(false);
    d.abort();
    expect(first.aborted).toBe(true);
    await Promise.allSettled([pd, pe]);
    // Given up by everyone: forgotten at once, the next caller starts afresh.
    expect(await sf.run('j', work)).toEqual({ value: 'done', joined: false });
    expect(workSignal).not.toBe(first);
  });

  it('shares failures too, and forgets them', async () => {
    const sf = createLocalSingleFlight();
    const fail = () => Promise.reject(new Error('boom'));
    const rs = await Promise.allSettled([sf.run('k', fail), sf.run('k', fail)]);
    expect(rs.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await sf.run('k', async () => 7)).value).toBe(7);
  });
});
