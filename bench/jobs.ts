/**
 * Bulk job benchmark (embedded store): 10,000 code-repository items against a replay upstream
 * answering after 5 ms, the gateway run as `npm start` ships it.
 *
 * Reports items/s, Σ charged against start − end balance, lost and duplicated items (results
 * indexes), the gateway's peak RSS (Linux /proc), and the p99 of single cached REST requests at a
 * fixed rate (open loop: sent on schedule whatever the answers do) with and without the job
 * running. Targets: 0 lost, 0 duplicated, Σ = balance change, RSS ≤ 300 MB, p99 with job ≤ 2×
 * without. (Two instances on Redis: not measured — jobs run on the embedded store only.)
 *
 *   npx tsx bench/jobs.ts            (BENCH_JOB_ITEMS, BENCH_RATE, BENCH_SECONDS)
 *   npx tsx bench/jobs.ts --write    (and the section in bench/RESULTS.md replaced)
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReplayServer } from '../src/replay/server.js';
import { repoJson } from '../test/data.js';
import { startArgs } from '../test/start-args.js';
import { freePort, startChild } from './lib.js';
import { finishResults, progress } from './results.js';

const ITEMS = Number(process.env.BENCH_JOB_ITEMS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const KEY = 'bench-jobs-key-000000000000000000000';
const CREDITS = ITEMS * 2;

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))];
}

/** Cached single requests sent every 1/RATE s for SECONDS (open loop); latencies in ms. */
async function openLoop(url: string, until: () => boolean = () => false): Promise<number[]> {
  const lat: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = RATE * SECONDS;
  for (let i = 0; i < total && !until(); i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t = performance.now();
    pending.push(
      fetch(url, { headers: { 'x-api-key': KEY } }).then(async (r) => {
        await r.arrayBuffer();
        // From when it was due: a late send counts against the gateway (no coordinated omission).
        if (r.status === 200) lat.push(performance.now() - Math.min(t, due));
      }),
    );
  }
  await Promise.all(pending);
  return lat;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'cl-bench-jobs-'));
  const replay = await startReplayServer({
    routes: [
      {
        host: 'api.github.com',
        path: /^\/repos\/[^/]+\/[^/]+$/,
        response: (req) => {
          const [, , owner, repo] = req.path.split('/');
          return { headers: { 'content-type': 'application/json' }, body: repoJson(owner, repo), fault: { kind: 'latency', ms: 5 } };
        },
      },
    ],
  });
  const port = await freePort();
  const child = await startChild(
    process.execPath,
    startArgs(),
    {
      DATA_DIR: work,
      PORT: String(port),
      HOST: '127.0.0.1',
      UPSTREAM_REPLAY_URL: replay.url,
      BOOTSTRAP_API_KEY: KEY,
      BOOTSTRAP_CREDITS: String(CREDITS),
      LOG_LEVEL: 'warn',
      PATH: process.env.PATH ?? '',
    },
    /listening on/,
  );
  const base = `http://127.0.0.1:${port}`;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 200);
  try {
    const cached = `${base}/v1/code/repository?url=${encodeURIComponent('https://github.com/bench/hot')}&cache_max_age=1d`;
    await fetch(cached, { headers: { 'x-api-key': KEY } }).then((r) => r.arrayBuffer());
    progress(`baseline: ${RATE} cached requests/s for ${SECONDS} s, no job`);
    const without = await openLoop(cached);
    const balance = async () =>
      ((await (await fetch(`${base}/v1/account`, { headers: { 'x-api-key': KEY } })).json()) as { account: { balance: number } }).account
        .balance;
    const before = await balance();

    progress(`job: ${ITEMS} items`);
    const items = Array.from({ length: ITEMS }, (_, i) => ({ url: `https://github.com/bench/r${i}` }));
    const t0 = performance.now();
    const created = (await (
      await fetch(`${base}/v1/jobs`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ operation: '/v1/code/repository', items }),
      })
    ).json()) as { job: { id: string } };
    const id = created.job.id;
    let job: { status: string; counts: { done: number }; credits_charged: number } = {
      status: 'queued',
      counts: { done: 0 },
      credits_charged: 0,
    };
    const poll = async () => {
      job = ((await (await fetch(`${base}/v1/jobs/${id}`, { headers: { 'x-api-key': KEY } })).json()) as { job: typeof job }).job;
    };
    progress(`while the job runs: ${RATE} cached requests/s for ${SECONDS} s`);
    const withJob = await openLoop(cached, () => false);
    await poll();
    const doneDuringProbe = job.counts.done;
    while (!['completed', 'cancelled', 'stopped_at_cap', 'stopped_no_credits'].includes(job.status)) {
      await new Promise((r) => setTimeout(r, 250));
      await poll();
    }
    const seconds = (performance.now() - t0) / 1000;
    const after = await balance();
    const text = await (await fetch(`${base}/v1/jobs/${id}/results`, { headers: { 'x-api-key': KEY } })).text();
    const idx = text
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { index: number }).index);
    const unique = new Set(idx);
    const lost = ITEMS - unique.size;
    const duplicated = idx.length - unique.size;
    const row = {
      items: ITEMS,
      status: job.status,
      seconds: seconds.toFixed(1),
      itemsPerSec: (ITEMS / seconds).toFixed(0),
      charged: job.credits_charged,
      balanceChange: before - after,
      lost,
      duplicated,
      peakRssMb: peak.toFixed(0),
      p99Without: p99(without).toFixed(2),
      p99With: p99(withJob).toFixed(2),
      doneDuringProbe,
    };
    const ok =
      row.charged === row.balanceChange &&
      lost === 0 &&
      duplicated === 0 &&
      peak <= 300 &&
      p99(withJob) <= 2 * p99(without) &&
      doneDuringProbe < ITEMS;
    const body = [
      `${new Date().toISOString().slice(0, 10)}, embedded store, replay upstream answering after 5 ms, JOBS_CONCURRENCY default.`,
      '',
      '| items | status | s | items/s | Σ charged | start − end balance | lost | duplicated | peak RSS MB | p99 cached, no job (ms) | p99 cached, job running (ms) |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      `| ${row.items} | ${row.status} | ${row.seconds} | ${row.itemsPerSec} | ${row.charged} | ${row.balanceChange} | ${row.lost} | ${row.duplicated} | ${row.peakRssMb} | ${row.p99Without} | ${row.p99With} |`,
      '',
      `Open loop at ${RATE} requests/s for ${SECONDS} s each; ${row.doneDuringProbe} items were done when the probe during the job ended. Targets ${ok ? 'met' : 'NOT met'}.`,
      'Two instances on Redis: not measured (jobs run on the embedded store only).',
    ].join('\n');
    process.stdout.write(`${body}\n`);
    finishResults('Bulk jobs', body);
    if (!ok) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await replay.close();
    rmSync(work, { recursive: true, force: true });
  }
}

void main();
