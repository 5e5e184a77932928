/**
 * Bulk-job input as an attacker sends it, with a key holding 0 credits, against a real gateway
 * process (as `npm start` runs it) on a small heap: nothing here may stop the process, and every
 * request is answered. Before job bodies were read as streams under caps, with a bounded number
 * read at once, each of these ran the process out of heap ("JavaScript heap out of memory") or
 * held the event loop for many seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, spawnGateway } from '../gateway-process.js';
import type { GatewayProcess } from '../gateway-process.js';
import { startArgs } from '../start-args.js';

const KEY = 'cl_jobs-input-abuse-key-000000000000000000000000000';
/** The heap this test's gateway gets: a quarter of what `npm start` gives it. */
const HEAP_MB = 128;
const PROCESS_TEST_TIMEOUT = 180_000;

const dataDir = mkdtempSync(join(tmpdir(), 'cl-jobs-abuse-'));
let gateway: GatewayProcess;
let base: string;

beforeAll(async () => {
  const args = startArgs().map((a) => (a.startsWith('--max-old-space-size=') ? `--max-old-space-size=${HEAP_MB}` : a));
  gateway = spawnGateway(
    {
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: KEY,
      BOOTSTRAP_CREDITS: '0',
      // One key here: let it use every place this instance has, so the per-instance bound is what holds.
      JOBS_BODIES_PER_KEY: '50',
      JOBS_BODIES_AT_ONCE: '1',
    },
    args,
  );
  base = `http://127.0.0.1:${await gateway.listening}`;
}, PROCESS_TEST_TIMEOUT);
afterAll(() => {
  killAll([gateway]);
  rmSync(dataDir, { recursive: true, force: true });
});

async function post(path: string, type: string, body: string | Uint8Array): Promise<{ status: number | string; ms: number; body: string }> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': type },
      body: body as BodyInit,
    });
    return { status: res.status, body: await res.text(), ms: Date.now() - started };
  } catch (e) {
    return { status: `failed: ${(e as Error).message} ${String((e as { cause?: unknown }).cause)}`, body: '', ms: Date.now() - started };
  }
}

async function alive(): Promise<void> {
  expect(gateway.child.exitCode, gateway.stderr()).toBeNull();
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
}

const OP = encodeURIComponent('/v1/code/repository');

describe(`job input against a gateway process with a ${HEAP_MB} MB heap`, () => {
  it(
    'a CSV of one 16 MB field: 400 at the row cap, at once; the process lives',
    async () => {
      const body = Buffer.concat([Buffer.from('url\n'), Buffer.alloc(16 * 1024 * 1024, 97)]);
      for (const path of [`/v1/jobs/estimate?operation=${OP}`, `/v1/jobs?operation=${OP}`]) {
        const r = await post(path, 'text/csv', body);
        expect(r.status, r.body).toBe(400);
        expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'INVALID_INPUT' } });
        expect(r.body).toContain('64 KiB');
      }
      await alive();
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'an NDJSON body of one 30 MB line: 400 at the line cap within seconds (it once cost 17 s of CPU)',
    async () => {
      const body = Buffer.concat([Buffer.from('{"url":"'), Buffer.alloc(30 * 1024 * 1024, 97), Buffer.from('"}\n')]);
      const r = await post(`/v1/jobs?operation=${OP}`, 'application/x-ndjson', body);
      expect(r.status, r.body).toBe(400);
      expect(r.body).toContain('an NDJSON line may be at most 64 KiB');
      expect(r.ms).toBeLessThan(5_000);
      await alive();
    },
    PROCESS_TEST_TIMEOUT,
  );

  it(
    'twenty concurrent 100,000-item bodies (JSON and NDJSON): every one answered 2xx or 4xx, the process alive',
    async () => {
      const items = Array.from({ length: 100_000 }, (_, i) => ({ url: `https://github.com/octo/some-repository-${i}` }));
      const json = JSON.stringify({ operation: '/v1/code/repository', items });
      const ndjson = items.map((i) => JSON.stringify(i)).join('\n');
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () => post('/v1/jobs/estimate', 'application/json', json)),
        ...Array.from({ length: 10 }, () => post(`/v1/jobs?operation=${OP}`, 'application/x-ndjson', ndjson)),
      ]);
      const statuses = answers.map((a) => a.status);
      for (const s of statuses) expect(typeof s === 'number' && s >= 200 && s < 500, String(s)).toBe(true);
      // Some were read in full (the estimate's 200, the 0-credit create's 402), the others refused
      // before being read (429 with Retry-After).
      expect(statuses).toContain(429);
      expect(statuses.some((s) => s === 200 || s === 402)).toBe(true);
      await alive();
    },
    PROCESS_TEST_TIMEOUT,
  );
});
