import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileMediaStore } from '../media/store.js';
import { tightenDataDir } from './data-dir.js';
import { lockDataDir } from './lock.js';
import { openDatabase } from './sqlite.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'cl-datadir-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;
/** Every entry under `dir` (itself '.') with its mode. */
const modes = (dir: string): Record<string, number> => {
  const out: Record<string, number> = { '.': mode(dir) };
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      out[r] = mode(join(dir, r));
      if (e.isDirectory()) walk(r);
    }
  };
  walk('');
  return out;
};

// The test process's umask (022 by default) would give 0755 / 0644: each mode is set explicitly.
describe('DATA_DIR is private', () => {
  it('the lock, the SQLite store (with its -wal and -shm) and media are created 0700 / 0600', async () => {
    const dataDir = join(tempDir(), 'data');
    const lock = lockDataDir(dataDir);
    const db = openDatabase(dataDir);
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    const media = createFileMediaStore(join(dataDir, 'media'));
    const { id } = await media.put(new Uint8Array([1, 2, 3]), 'image/png');
    expect(modes(dataDir)).toEqual({
      '.': 0o700,
      'server.lock': 0o600,
      'gateway.db': 0o600,
      'gateway.db-wal': 0o600,
      'gateway.db-shm': 0o600,
      media: 0o700,
      [`media/${id}`]: 0o600,
    });
    db.close();
    lock.release();
  });

  it('tightenDataDir takes group and other access away from what is there, and says what it changed', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'gateway.db'), '', { mode: 0o644 });
    writeFileSync(join(dataDir, 'secret.key'), 'k', { mode: 0o600 });
    writeFileSync(join(dataDir, 'run.sh'), '', { mode: 0o755 });
    mkdirSync(join(dataDir, 'media'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'media', 'a.png'), '', { mode: 0o664 });
    chmodSync(dataDir, 0o755);
    // A link is not followed: what it points to is not DATA_DIR's.
    const outside = join(tempDir(), 'outside');
    writeFileSync(outside, '', { mode: 0o644 });
    symlinkSync(outside, join(dataDir, 'link'));

    const { changed, failed } = tightenDataDir(dataDir);
    expect(changed.sort()).toEqual(['.', 'gateway.db', 'media', 'media/a.png', 'run.sh']);
    expect(failed).toEqual([]);
    expect(modes(dataDir)).toMatchObject({
      '.': 0o700,
      'gateway.db': 0o600,
      'secret.key': 0o600,
      'run.sh': 0o700,
      media: 0o700,
      'media/a.png': 0o600,
    });
    expect(mode(outside)).toBe(0o644);
    expect(tightenDataDir(dataDir)).toEqual({ changed: [], failed: [] });
  });
});
