/**
 * DATA_DIR is its owner's alone (src/store/data-dir.ts), with the gateway run as `npm start` runs
 * it: a new one is created 0700 with every file in it 0600 whatever the umask (022 here, which
 * gave 0755 and 0644 before); one an earlier version left open to other users is tightened at
 * start, in one log line. The key of the sealed webhook secrets is a file there, not in the
 * database.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSecretsKey } from '../src/store/secrets.js';
import { killAll, spawnGateway } from './gateway-process.js';
import type { GatewayProcess } from './gateway-process.js';

const work = mkdtempSync(join(tmpdir(), 'cl-perms-'));
const dataDir = join(work, 'data');
const gateways: GatewayProcess[] = [];
const PROCESS_TEST_TIMEOUT = 120_000;

afterAll(() => {
  killAll(gateways);
  rmSync(work, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

/** Starts a gateway on DATA_DIR, stops it (SIGTERM) once it listens; its stdout (JSON log lines at warn and above). */
async function startAndStop(): Promise<Record<string, unknown>[]> {
  const g = spawnGateway({ DATA_DIR: dataDir });
  gateways.push(g);
  await g.listening;
  g.child.kill('SIGTERM');
  expect(await g.exited).toEqual({ code: 0, signal: null });
  return g
    .stdout()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('DATA_DIR permissions', () => {
  it(
    'a new DATA_DIR is 0700; the store, its -wal and -shm, the lock and the key file are 0600; the key is not in the store',
    async () => {
      await startAndStop();
      // The -wal and -shm files are removed when the last connection closes: look at them while a gateway runs.
      const g = spawnGateway({ DATA_DIR: dataDir });
      gateways.push(g);
      await g.listening;
      const names = readdirSync(dataDir).sort();
      expect(names).toEqual(expect.arrayContaining(['gateway.db', 'gateway.db-shm', 'gateway.db-wal', 'secret.key', 'server.lock']));
      expect(mode(dataDir)).toBe(0o700);
      for (const f of names) expect([f, mode(join(dataDir, f))]).toEqual([f, 0o600]);
      const keyText = readFileSync(join(dataDir, 'secret.key'), 'utf8').trim();
      const key = parseSecretsKey(keyText);
      for (const f of names.filter((f) => f.startsWith('gateway.db'))) {
        const bytes = readFileSync(join(dataDir, f));
        expect(bytes.toString('latin1'), f).not.toContain(keyText);
        expect(bytes.includes(key), f).toBe(false);
      }
      g.child.kill('SIGTERM');
      expect(await g.exited).toEqual({ code: 0, signal: null });
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'a DATA_DIR an earlier version left open (0755, files 0644) is tightened at start, in one log line',
    async () => {
      const files = readdirSync(dataDir);
      chmodSync(dataDir, 0o755);
      for (const f of files) chmodSync(join(dataDir, f), 0o644);
      mkdirSync(join(dataDir, 'media'), { mode: 0o755 });
      writeFileSync(join(dataDir, 'media', 'a.png'), 'png');
      chmodSync(join(dataDir, 'media', 'a.png'), 0o644);

      const lines = await startAndStop();
      const tightened = lines.filter((l) => String(l.msg).startsWith('DATA_DIR was open to other users'));
      expect(tightened).toHaveLength(1);
      expect(tightened[0]).toMatchObject({ level: 40, dataDir, failed: [] });
      expect(files).toEqual(expect.arrayContaining(['gateway.db', 'secret.key', 'server.lock']));
      expect((tightened[0].paths as string[]).sort()).toEqual(['.', ...files, 'media', 'media/a.png'].sort());
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'media'))).toBe(0o700);
      for (const f of [...files, 'media/a.png']) expect([f, mode(join(dataDir, f))]).toEqual([f, 0o600]);

      // Nothing left to tighten: no line.
      expect((await startAndStop()).filter((l) => String(l.msg).startsWith('DATA_DIR was open'))).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT,
  );
});
