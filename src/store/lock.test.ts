import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockError, lockDataDir } from './lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'cl-lockunit-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// Across processes (and kill -9) in test/datadir-lock.test.ts; SQLite applies the same lock to
// two connections of one process, which is what this checks.
describe('lockDataDir', () => {
  it('one holder at a time; released, the directory can be taken again', () => {
    const dir = tempDir();
    const held = lockDataDir(dir);
    let err: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirLockError);
    expect(err).toMatchObject({ reason: 'busy', message: expect.stringContaining(`DATA_DIR ${dir} is in use by another gateway process`) });
    held.release();
    held.release();
    lockDataDir(dir).release();
    // No journal or pid file left behind: only the (empty) lock file.
    expect(readdirSync(dir)).toEqual(['server.lock']);
  });

  it('creates DATA_DIR; one that cannot be a directory is "unusable", named', () => {
    const parent = tempDir();
    lockDataDir(join(parent, 'new', 'dir')).release();
    writeFileSync(join(parent, 'file'), 'x');
    expect(() => lockDataDir(join(parent, 'file'))).toThrow(
      expect.objectContaining({ reason: 'unusable', message: `DATA_DIR ${join(parent, 'file')} is a file, not a directory` }),
    );
  });
});
