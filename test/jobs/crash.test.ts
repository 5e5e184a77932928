/**
 * kill -9 of a real gateway process (as `npm start` runs it) in the middle of a job: after a
 * restart on the same DATA_DIR the job resumes by itself, and no item is lost or charged twice.
 *
 * Time-robust: the upstream answers only when the test releases an answer, so "items done",
 * "items in flight holding reservations" are states the test holds when it kills.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer } from '../../src/replay/server.js';
import type { ReplayServer } from '../../src/replay/server.js';
import { killAll, spawnGateway } from '../gateway-process.js';
import type { GatewayProcess } from '../gateway-process.js';
import { call, heldRepos, ledgerStateOf, ndjson, repoUrl, waitFinal, waitFor } from './helpers.js';

const KEY = 'cl_jobs-crash-test-key-00000000000000000000000000';
const ITEMS = 30;
const PROCESS_TEST_TIMEOUT = 180_000;

let replay: ReplayServer;
/** Upstream answers waiting for the test. */
const held = heldRepos('crash');
/** Answers for the SIGTERM test, held the same way. */
const heldTerm = heldRepos('term');
const gateways: GatewayProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'cl-jobs-crash-'));
const termDataDir = mkdtempSync(join(tmpdir(), 'cl-jobs-term-'));

beforeAll(async () => {
  replay = await startReplayServer({ routes: [held.route, heldTerm.route] });
});
afterAll(async () => {
  killAll(gateways);
  held.releaseAll({ free: true });
  heldTerm.releaseAll({ free: true });
  await replay.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(termDataDir, { recursive: true, force: true });
});

function gateway(dir = dataDir): GatewayProcess {
  const g = spawnGateway({
    DATA_DIR: dir,
    UPSTREAM_REPLAY_URL: replay.url,
    UPSTREAM_HEADERS_TIMEOUT_MS: '120000',
    UPSTREAM_TOTAL_TIMEOUT_MS: '120000',
    BOOTSTRAP_API_KEY: KEY,
    BOOTSTRAP_CREDITS: '100',
    JOBS_CONCURRENCY_PER_JOB: '4',
  });
  gateways.push(g);
  return g;
}

const ledgerState = (dir = dataDir) => ledgerStateOf(dir, KEY);

describe('kill -9 mid-job', () => {
  it(
    'the restarted gateway resumes the job by itself; every item done once, charged once; reservations of the killed items refunded',
    async () => {
      const first = gateway();
      const url1 = { url: `http://127.0.0.1:${await first.listening}` };
      const created = await call(url1, 'POST', '/v1/jobs', {
        key: KEY,
        body: { operation: '/v1/code/repository', items: Array.from({ length: ITEMS }, (_, i) => ({ url: repoUrl('crash', `r${i}`) })) },
      });
      expect(created.status).toBe(202);
      const id = created.body.job.id;

      // Ten items answered and recorded, then four more in flight, each holding its reservation.
      let released = 0;
      while (released < 10) {
        await waitFor(() => held.waiting() > 0);
        held.releaseOne();
        released++;
      }
      await waitFor(async () => (await call(url1, 'GET', `/v1/jobs/${id}`, { key: KEY })).body.job.counts.done === 10);
      await waitFor(() => held.waiting() === 4);
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      held.releaseAll();

      const dead = await ledgerState();
      expect(dead).toEqual({ balance: 100 - 14, open: 4, charged: 10 });

      held.releaseAll({ free: true });
      const second = gateway();
      const url2 = { url: `http://127.0.0.1:${await second.listening}` };
      const job = await waitFinal(url2, KEY, id, 120_000);
      expect(job).toMatchObject({ status: 'completed', credits_charged: ITEMS, counts: { done: ITEMS, ok: ITEMS, failed: 0, skipped: 0 } });
      const lines = ndjson((await call(url2, 'GET', `/v1/jobs/${id}/results`, { key: KEY })).text);
      expect(lines.map((l) => l.index)).toEqual(Array.from({ length: ITEMS }, (_, i) => i));
      expect(lines.every((l) => l.credits_charged === 1 && l.body.repository.full_name === `crash/r${l.index}`)).toBe(true);
      second.child.kill('SIGTERM');
      await second.exited;
      // Charged once per item: every result line says 1 credit and the total is 30; the killed items' reservations were refunded at start.
      expect(await ledgerState()).toEqual({ balance: 100 - ITEMS, open: 0, charged: ITEMS });
    },
    PROCESS_TEST_TIMEOUT,
  );
});

describe('SIGTERM mid-job', () => {
  it(
    'items waiting on an upstream do not hold the shutdown up (their fetches are cancelled after a short wait): exit within seconds, nothing left reserved; the restart finishes the job',
    async () => {
      const first = gateway(termDataDir);
      const url1 = { url: `http://127.0.0.1:${await first.listening}` };
      const created = await call(url1, 'POST', '/v1/jobs', {
        key: KEY,
        body: { operation: '/v1/code/repository', items: Array.from({ length: 10 }, (_, i) => ({ url: repoUrl('term', `r${i}`) })) },
      });
      expect(created.status).toBe(202);
      const id = created.body.job.id;
      // Three items answered, four waiting on the upstream (whose timeouts here are 120 s).
      for (let released = 0; released < 3; released++) {
        await waitFor(() => heldTerm.waiting() > 0);
        heldTerm.releaseOne();
      }
      await waitFor(async () => (await call(url1, 'GET', `/v1/jobs/${id}`, { key: KEY })).body.job.counts.done === 3);
      await waitFor(() => heldTerm.waiting() === 4);

      const t0 = Date.now();
      first.child.kill('SIGTERM');
      expect((await first.exited).code).toBe(0);
      // Three seconds for items to finish, then their fetches cancelled: far from the 120 s timeout.
      expect(Date.now() - t0).toBeLessThan(20_000);
      expect(await ledgerState(termDataDir)).toEqual({ balance: 100 - 3, open: 0, charged: 3 });

      heldTerm.releaseAll({ free: true });
      const second = gateway(termDataDir);
      const url2 = { url: `http://127.0.0.1:${await second.listening}` };
      const job = await waitFinal(url2, KEY, id, 120_000);
      expect(job).toMatchObject({ status: 'completed', credits_charged: 10, counts: { done: 10, ok: 10, failed: 0 } });
      second.child.kill('SIGTERM');
      await second.exited;
      expect(await ledgerState(termDataDir)).toEqual({ balance: 90, open: 0, charged: 10 });
    },
    PROCESS_TEST_TIMEOUT,
  );
});
