/**
 * `npm run bulk -- --embedded`: no gateway to start first — the CLI runs one in its own process on
 * DATA_DIR (the same environment as `npm start`), runs the job through it and stops it. After
 * Ctrl-C the job waits in DATA_DIR and the same command finishes it: nothing run or charged twice.
 * A gateway already serving that DATA_DIR holds its lock: the CLI says to use --url.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED, runBulkCli } from '../../src/jobs/cli.js';
import { startReplayServer } from '../../src/replay/server.js';
import type { ReplayServer } from '../../src/replay/server.js';
import { lockDataDir } from '../../src/store/lock.js';
import { anyRepo, cliOutput, heldRepos, ledgerStateOf, ndjson, repoUrl, waitFor } from './helpers.js';

const KEY = 'cl_bulk-embedded-test-key-000000000000000000000000';
const dir = mkdtempSync(join(tmpdir(), 'cl-bulk-embedded-'));
const dataDir = join(dir, 'data');
const held = heldRepos('emb-held');
let replay: ReplayServer;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  replay = await startReplayServer({ routes: [anyRepo(), held.route] });
  env = {
    DATA_DIR: dataDir,
    UPSTREAM_REPLAY_URL: replay.url,
    BOOTSTRAP_API_KEY: KEY,
    BOOTSTRAP_CREDITS: '50',
    LOG_LEVEL: 'silent',
    // Held answers wait for the test, not for a timeout.
    UPSTREAM_HEADERS_TIMEOUT_MS: '60000',
    UPSTREAM_TOTAL_TIMEOUT_MS: '60000',
    UPSTREAM_COOLDOWN_MAX_MS: '0',
  };
});
afterAll(async () => {
  held.releaseAll({ free: true });
  await replay.close();
  rmSync(dir, { recursive: true, force: true });
});

const io = cliOutput;
const ledgerState = () => ledgerStateOf(dataDir, KEY);

/** DATA_DIR is free: no gateway of the CLI's still holds it. */
function dataDirFree(): boolean {
  try {
    lockDataDir(dataDir).release();
    return true;
  } catch {
    return false;
  }
}

describe('npm run bulk -- --embedded', () => {
  it('runs the job in a gateway of its own on DATA_DIR, writes the results, and stops it (DATA_DIR free again)', async () => {
    const input = join(dir, 'repos.csv');
    const out = join(dir, 'repos.ndjson');
    writeFileSync(input, `url\n${Array.from({ length: 4 }, (_, i) => repoUrl('emb-any', `r${i}`)).join('\n')}\n`);
    const a = io();
    const code = await runBulkCli(['--op', '/v1/code/repository', '--input', input, '--out', out, '--embedded', '--key', KEY], env, a.out, {
      pollMs: 20,
    });
    expect(a.errors.filter((l) => !/^Created the API key|listening on/.test(l))).toEqual([]);
    expect(code).toBe(0);
    expect(a.logs.join('\n')).toContain('completed: 4 ok (0 from cache), 0 failed, 0 not run — 4 credits charged');
    expect(ndjson(readFileSync(out, 'utf8')).map((l) => [l.index, l.body.repository.full_name])).toEqual(
      Array.from({ length: 4 }, (_, i) => [i, `emb-any/r${i}`]),
    );
    expect(dataDirFree()).toBe(true);
    expect(await ledgerState()).toEqual({ balance: 46, charged: 4, open: 0 });
  });

  it('Ctrl-C: exit 130, the job waits in DATA_DIR with nothing reserved; the same command finishes it, each item charged once', async () => {
    const before = await ledgerState();
    const input = join(dir, 'held.ndjson');
    const out = join(dir, 'held-results.ndjson');
    writeFileSync(input, Array.from({ length: 6 }, (_, i) => JSON.stringify({ url: repoUrl('emb-held', `r${i}`) })).join('\n'));
    const args = ['--op', '/v1/code/repository', '--input', input, '--out', out, '--embedded'];
    const withKey = { ...env, CL_API_KEY: KEY };
    const ctrlC = new AbortController();
    const a = io();
    const first = runBulkCli(args, withKey, a.out, { pollMs: 20, progressEveryMs: 20, signal: ctrlC.signal });
    await waitFor(() => held.waiting() >= 2);
    held.releaseOne();
    held.releaseOne();
    await waitFor(() => a.progress().some((l) => l.includes(' 2/6 running ')));
    ctrlC.abort(new Error('SIGINT'));
    expect(await first).toBe(INTERRUPTED);
    const jobLine = a.logs[0];
    expect(jobLine).toMatch(/^job job_\w+: 6 items/);
    expect(a.logs.join('\n')).toContain('waits in DATA_DIR');
    // The gateway stopped with the CLI: the two items charged, the ones in flight refunded.
    expect(dataDirFree()).toBe(true);
    expect(await ledgerState()).toEqual({ balance: before.balance - 2, charged: before.charged + 2, open: 0 });

    held.releaseAll({ free: true });
    const b = io();
    expect(await runBulkCli(args, withKey, b.out, { pollMs: 20, progressEveryMs: 20 })).toBe(0);
    expect(b.logs[0]).toBe(jobLine);
    expect(ndjson(readFileSync(out, 'utf8')).map((l) => l.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await ledgerState()).toEqual({ balance: before.balance - 6, charged: before.charged + 6, open: 0 });
  });

  it('a gateway serving DATA_DIR already: exit 1, naming it and --url; nothing changed', async () => {
    const before = await ledgerState();
    const input = join(dir, 'busy.csv');
    writeFileSync(input, `url\n${repoUrl('emb-any', 'busy')}\n`);
    const lock = lockDataDir(dataDir);
    try {
      const a = io();
      const code = await runBulkCli(
        ['--op', '/v1/code/repository', '--input', input, '--out', join(dir, 'busy.ndjson'), '--embedded', '--key', KEY],
        env,
        a.out,
      );
      expect(code).toBe(1);
      expect(a.errors.join('\n')).toMatch(/DATA_DIR .* in use by another gateway .* --url/);
    } finally {
      lock.release();
    }
    expect(await ledgerState()).toEqual(before);
  });

  it('a key not in DATA_DIR: the 401 and how to make one; --embedded with --url: exit 2', async () => {
    const input = join(dir, 'nokey.csv');
    writeFileSync(input, `url\n${repoUrl('emb-any', 'nokey')}\n`);
    const args = ['--op', '/v1/code/repository', '--input', input, '--out', join(dir, 'nokey.ndjson'), '--embedded'];
    const a = io();
    expect(await runBulkCli([...args, '--key', 'cl_not-a-key-of-this-store-00000000000000000000000'], env, a.out)).toBe(1);
    expect(a.errors.join('\n')).toContain('HTTP 401');
    expect(a.errors.join('\n')).toContain('npm run keys -- create');
    const b = io();
    expect(await runBulkCli([...args, '--key', KEY, '--url', 'http://127.0.0.1:1'], env, b.out)).toBe(2);
    expect(b.errors[0]).toContain('leave out --url');
  });
});
