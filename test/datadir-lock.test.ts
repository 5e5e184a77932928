/**
 * One server per DATA_DIR (src/store/lock.ts), with real processes run as `npm start` runs them.
 * Before the lock, a second server on the same directory refunded at start the reservations the
 * running one held open: those requests were answered "charged 1" and never billed.
 *
 * Time-robust: the upstream answers only when the test releases it, so "while a request is in
 * flight" is a state the test holds, not a race it hopes to win.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runKeysCli } from '../src/cli/keys.js';
import { createSqliteLedger } from '../src/credits/sqlite-ledger.js';
import { runContactsCli } from '../src/discovery/contacts-cli.js';
import { startReplayServer } from '../src/replay/server.js';
import type { ReplayServer } from '../src/replay/server.js';
import { openDatabase } from '../src/store/sqlite.js';
import { repoJson } from './data.js';
import { killAll, spawnGateway } from './gateway-process.js';
import type { GatewayProcess } from './gateway-process.js';
import { TEST_SECRETS_KEY } from './redis/redis-server.js';

const KEY = 'cl_datadir-lock-test-key-0000000000000000000000';
const repoPath = (repo: string) => `/v1/code/repository?url=${encodeURIComponent(`https://github.com/held/${repo}`)}`;

let replay: ReplayServer;
/** Upstream answers held back until the test calls release(repo). */
const held = new Map<string, () => void>();
const release = (repo: string) => held.get(repo)!();
const gateways: GatewayProcess[] = [];
/** Tests that start several gateways (each a build and a start): generous for a loaded 2-core machine. */
const PROCESS_TEST_TIMEOUT = 120_000;
const dataDir = mkdtempSync(join(tmpdir(), 'cl-lock-'));

beforeAll(async () => {
  replay = await startReplayServer({
    routes: [
      {
        host: 'api.github.com',
        path: /^\/repos\/held\//,
        response: async (req) => {
          const repo = req.path.split('/')[3];
          await new Promise<void>((r) => held.set(repo, r));
          return { headers: { 'content-type': 'application/json' }, body: repoJson('held', repo) };
        },
      },
    ],
  });
});
afterAll(async () => {
  killAll(gateways);
  for (const r of held.values()) r();
  await replay.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function gateway(env: Record<string, string> = {}): GatewayProcess {
  const g = spawnGateway({
    DATA_DIR: dataDir,
    UPSTREAM_REPLAY_URL: replay.url,
    // The held upstream answers only when released: no deadline may fire meanwhile.
    UPSTREAM_HEADERS_TIMEOUT_MS: '120000',
    UPSTREAM_TOTAL_TIMEOUT_MS: '120000',
    BOOTSTRAP_API_KEY: KEY,
    BOOTSTRAP_CREDITS: '10',
    ...env,
  });
  gateways.push(g);
  return g;
}

/** Balance, open reservations and credits charged, read from the SQLite store beside the server. */
async function ledgerState() {
  const db = openDatabase(dataDir);
  try {
    const ledger = createSqliteLedger(db);
    const key = (await ledger.authenticate(KEY))!;
    const open = (db.prepare('SELECT COUNT(*) AS n FROM reservations').get() as { n: number }).n;
    return { balance: key.balance, open, charged: await ledger.totalCharged(key.id) };
  } finally {
    db.close();
  }
}

describe('DATA_DIR lock', () => {
  let first: GatewayProcess;
  let firstUrl: string;

  it(
    'a second server on the same DATA_DIR exits at once with one line naming it, and refunds nothing the first holds',
    async () => {
      first = gateway();
      firstUrl = `http://127.0.0.1:${await first.listening}`;
      const pending = fetch(firstUrl + repoPath('in-flight'), { headers: { 'x-api-key': KEY } });
      await vi.waitFor(() => expect(held.has('in-flight')).toBe(true), { timeout: 30_000 });
      expect(await ledgerState()).toEqual({ balance: 9, open: 1, charged: 0 });

      const second = gateway();
      // It exits on its own while the first one's request is still held: "at once" needs no clock.
      // (Without the lock it would listen beside the first, having refunded its reservation.)
      expect(await Promise.race([second.exited, second.listening.then(() => 'listening')])).toEqual({ code: 1, signal: null });
      const lines = second.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`DATA_DIR ${dataDir} is in use by another gateway process`);
      expect(second.stdout()).toBe('');
      // It changed nothing: the reservation is still open, nothing refunded.
      expect(await ledgerState()).toEqual({ balance: 9, open: 1, charged: 0 });

      // With REDIS_URL too (one server per DATA_DIR either way), and before Redis is even tried.
      const onRedis = gateway({ REDIS_URL: 'redis://127.0.0.1:1', SECRETS_KEY: TEST_SECRETS_KEY });
      expect(await Promise.race([onRedis.exited, onRedis.listening.then(() => 'listening')])).toEqual({ code: 1, signal: null });
      expect(onRedis.stderr().trim()).toMatch(new RegExp(`^Creator Lookup cannot start: DATA_DIR ${dataDir} is in use`));
      expect(onRedis.stdout()).toBe('');

      release('in-flight');
      const res = await pending;
      expect(res.status).toBe(200);
      expect((await res.json()).credits_charged).toBe(1);
      expect(await ledgerState()).toEqual({ balance: 9, open: 0, charged: 1 });
    },
    PROCESS_TEST_TIMEOUT,
  );

  it('the keys and contacts commands work beside the running server', async () => {
    const out: string[] = [];
    const io = { log: (l: string) => out.push(l), error: (l: string) => out.push(l) };
    expect(await runKeysCli(['node', 'keys', 'list'], { DATA_DIR: dataDir }, io)).toBe(0);
    const id = /\b(key_[0-9a-f]+)\b/.exec(out.join('\n'))?.[1];
    expect(id).toBeDefined();
    expect(await runKeysCli(['node', 'keys', 'add-credits', id!, '5'], { DATA_DIR: dataDir }, io)).toBe(0);
    expect((await ledgerState()).balance).toBe(14);
    const csv = join(dataDir, 'contacts.csv');
    writeFileSync(csv, 'platform,handle,email\nsocial-b,owl,a@owlmgmt.co.uk\n');
    expect(await runContactsCli(['import', csv], { DATA_DIR: dataDir }, io)).toBe(0);
    expect(out.at(-1)).toMatch(/^imported 1 new row/);
    // The server is still ready, its store included.
    expect((await fetch(firstUrl + '/readyz')).status).toBe(200);
  });

  it(
    'after kill -9, a new server takes the lock at once and refunds the reservation the dead one left open',
    async () => {
      const pending = fetch(firstUrl + repoPath('orphaned'), { headers: { 'x-api-key': KEY } }).catch(() => 'connection lost');
      await vi.waitFor(() => expect(held.has('orphaned')).toBe(true), { timeout: 30_000 });
      expect(await ledgerState()).toEqual({ balance: 13, open: 1, charged: 1 });
      first.child.kill('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await pending).toBe('connection lost');

      const next = gateway();
      await next.listening;
      expect(next.stderr()).toBe('');
      // Logged before it listens; pino writes it asynchronously, the listening line on its own.
      await vi.waitFor(() => expect(next.stdout()).toMatch(/refunded reservations left open by a previous process/), { timeout: 5_000 });
      expect(await ledgerState()).toEqual({ balance: 14, open: 0, charged: 1 });
      next.child.kill('SIGTERM');
      expect(await next.exited).toEqual({ code: 0, signal: null });
    },
    PROCESS_TEST_TIMEOUT,
  );
});
