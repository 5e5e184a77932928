import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/sqlite.js';
import type { Db } from '../store/sqlite.js';
import { KEY_MEMO_MAX, keyMemo } from './key-memo.js';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cl-keymemo-'));
  db = openDatabase(dir);
  db.exec('CREATE TABLE t (a INTEGER)');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('key memo', () => {
  it('reads a key once; holds at most KEY_MEMO_MAX keys, the others are read each time', () => {
    const memo = keyMemo(db);
    let reads = 0;
    const read = (id: string) => () => (reads++, { id, balance: 1 });
    for (let i = 0; i <= KEY_MEMO_MAX; i++) memo.get(`h${i}`, read(`k${i}`));
    expect(reads).toBe(KEY_MEMO_MAX + 1);
    for (let i = 0; i <= KEY_MEMO_MAX; i++) memo.get(`h${i}`, read(`k${i}`));
    expect(reads).toBe(KEY_MEMO_MAX + 2);
  });

  it('never remembers a key that was not found; forget and a commit by another connection drop entries', async () => {
    const memo = keyMemo(db);
    let reads = 0;
    expect(memo.get('h', () => (reads++, null))).toBeNull();
    expect(memo.get('h', () => (reads++, { id: 'k', balance: 1 }))).toEqual({ id: 'k', balance: 1 });
    expect(reads).toBe(2);
    memo.get('h', () => (reads++, { id: 'k', balance: 1 }));
    expect(reads).toBe(2);
    memo.forget('k');
    memo.get('h', () => (reads++, { id: 'k', balance: 2 }));
    expect(reads).toBe(3);
    // Another connection commits: within a millisecond every entry goes.
    const other = openDatabase(dir);
    other.prepare('INSERT INTO t VALUES (1)').run();
    other.close();
    await new Promise((r) => setTimeout(r, 2));
    expect(memo.get('h', () => (reads++, { id: 'k', balance: 3 }))).toEqual({ id: 'k', balance: 3 });
    expect(reads).toBe(4);
  });

  it('hands out frozen entries: a request cannot change what the next one reads', () => {
    const memo = keyMemo(db);
    const key = memo.get('h', () => ({ id: 'k', balance: 1 }))!;
    expect(Object.isFrozen(key)).toBe(true);
  });
});
