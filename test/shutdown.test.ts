/**
 * Graceful shutdown of the real server process (run as `npm start` runs it: package.json's start
 * command, which compiles src/server.ts ahead and runs the bundle; the replay upstream in this
 * process): on SIGTERM it stops accepting, lets requests in flight finish
 * within SHUTDOWN_GRACE_MS or cancels them (503, nothing charged), refunds every reservation it
 * still holds, closes its stores and exits 0 — the ledger is consistent afterwards.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSqliteLedger } from '../src/credits/sqlite-ledger.js';
import { startReplayServer } from '../src/replay/server.js';
import type { ReplayServer } from '../src/replay/server.js';
import { openDatabase } from '../src/store/sqlite.js';
import { repoJson } from './data.js';
import { startArgs } from './start-args.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'cl_shutdown-test-key-000000000000000000000000';
const repoPath = (repo: string) => `/v1/code/repository?url=${encodeURIComponent(`https://github.com/slow/${repo}`)}`;

let replay: ReplayServer;
const started: { child: ChildProcess; dataDir: string }[] = [];

beforeAll(async () => {
  replay = await startReplayServer({
    routes: [
      {
        host: 'api.github.com',
        path: /^\/repos\/slow\//,
        response: (req) => {
          const repo = req.path.split('/')[3];
          const ms = Number(/-(\d+)ms$/.exec(repo)?.[1] ?? 0);
          return { headers: { 'content-type': 'application/json' }, body: repoJson('slow', repo), fault: { kind: 'latency', ms } };
        },
      },
    ],
  });
});
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await replay.close();
  for (const s of started) rmSync(s.dataDir, { recursive: true, force: true });
});

async function startGateway(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cl-shutdown-'));
  const child = spawn(process.execPath, startArgs(), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      UPSTREAM_REPLAY_URL: replay.url,
      UPSTREAM_TOTAL_TIMEOUT_MS: '20000',
      UPSTREAM_HEADERS_TIMEOUT_MS: '20000',
      BOOTSTRAP_API_KEY: KEY,
      BOOTSTRAP_CREDITS: '10',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dataDir });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    // 'close', not 'exit': 'exit' can come before the pipes' last bytes are read.
    child.once('close', (code, signal) => r({ code, signal })),
  );
  const port = await new Promise<number>((resolveP, reject) => {
    const timer = setInterval(() => {
      const m = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (m) {
        clearInterval(timer);
        resolveP(Number(m[1]));
      }
    }, 20);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`gateway exited early:\n${output}`));
    });
  });
  const ledgerState = () => {
    const db = openDatabase(dataDir);
    try {
      const ledger = createSqliteLedger(db);
      const open = (db.prepare('SELECT COUNT(*) AS n FROM reservations').get() as { n: number }).n;
      return { ledger, open, close: () => db.close() };
    } catch (e) {
      db.close();
      throw e;
    }
  };
  return { url: `http://127.0.0.1:${port}`, child, exited, output: () => output, dataDir, ledgerState };
}

async function balanceAfter(gw: Awaited<ReturnType<typeof startGateway>>) {
  const s = gw.ledgerState();
  try {
    const key = await s.ledger.authenticate(KEY);
    return { balance: key!.balance, open: s.open, charged: await s.ledger.totalCharged(key!.id) };
  } finally {
    s.close();
  }
}

describe('SIGTERM', () => {
  it('past the grace period, a request in flight is cancelled (503, 0 credits), its reservation refunded, and the process exits 0', async () => {
    const gw = await startGateway({ SHUTDOWN_GRACE_MS: '300' });
    const pending = fetch(gw.url + repoPath('hangs-15000ms'), { headers: { 'x-api-key': KEY } });
    await vi.waitFor(() => expect(replay.hits({ path: '/repos/slow/hangs-15000ms' })).toHaveLength(1), { timeout: 10_000 });
    const t0 = Date.now();
    gw.child.kill('SIGTERM');
    const res = await pending;
    const body = await res.json();
    expect(res.status).toBe(503);
    expect(body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/shutting down/) } });
    expect(res.headers.get('connection')).toBe('close');
    const exit = await gw.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(await balanceAfter(gw)).toEqual({ balance: 10, open: 0, charged: 0 });
    expect(gw.output()).toMatch(/grace period over: cancelling requests in flight/);
    expect(gw.output()).not.toContain(KEY);
  });

  it('within the grace period, a request in flight finishes (charged once) while new connections are refused; then exit 0', async () => {
    const gw = await startGateway({ SHUTDOWN_GRACE_MS: '10000' });
    const pending = fetch(gw.url + repoPath('finishes-800ms'), { headers: { 'x-api-key': KEY } });
    await vi.waitFor(() => expect(replay.hits({ path: '/repos/slow/finishes-800ms' })).toHaveLength(1), { timeout: 10_000 });
    gw.child.kill('SIGTERM');
    // The listening socket closes at once; the request in flight goes on.
    await vi.waitFor(
      async () =>
        expect(
          await fetch(`${gw.url}/healthz`).then(
            () => 'accepted',
            (e: Error) => e.message,
          ),
        ).toBe('fetch failed'),
      { timeout: 2_000 },
    );
    const res = await pending;
    expect(res.status).toBe(200);
    expect((await res.json()).credits_charged).toBe(1);
    expect(await gw.exited).toEqual({ code: 0, signal: null });
    expect(await balanceAfter(gw)).toEqual({ balance: 9, open: 0, charged: 1 });
  });

  it('several requests in flight: those done within the grace period are charged, the others cancelled and refunded', async () => {
    // 3 s of grace for answers due 0.4 and 0.6 s after their upstream request: with 1 s, a busy CI
    // machine once finished the 0.6 s one after the grace period (stop 60).
    const gw = await startGateway({ SHUTDOWN_GRACE_MS: '3000' });
    const pendings = ['a-15000ms', 'b-15000ms', 'c-400ms', 'd-600ms'].map((r) =>
      fetch(gw.url + repoPath(r), { headers: { 'x-api-key': KEY } }).then(
        (x) => x.status,
        () => 'closed',
      ),
    );
    await vi.waitFor(() => expect(replay.hits({ path: /^\/repos\/slow\/[abcd]-/ })).toHaveLength(4), { timeout: 10_000 });
    gw.child.kill('SIGTERM');
    const statuses = await Promise.all(pendings);
    expect(await gw.exited).toEqual({ code: 0, signal: null });
    expect(statuses).toEqual([503, 503, 200, 200]);
    expect(await balanceAfter(gw)).toEqual({ balance: 8, open: 0, charged: 2 });
  });
});
