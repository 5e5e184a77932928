/**
 * Monitors benchmark: 10,000 monitors on one embedded gateway (run as `npm start` ships it), each
 * re-running a code-platform account lookup every minute against a replay upstream (its own
 * process) answering after 5 ms. MONITORS_MIN_INTERVAL (test and bench only) lets `every` be a
 * minute, so two whole cycles (20,000 runs) fit in two minutes.
 *
 * Reports:
 *  - scheduling drift: for each run seen, how late it started after its due time (the store's
 *    `last_run_at` against the due time it was claimed for), p50 / p99 / max, read from the
 *    gateway's SQLite file (WAL: read beside the gateway) once a second;
 *  - runs made in the window against the runs due in it (none lost, none doubled);
 *  - the gateway's RSS (Linux /proc): before the monitors, and its peak while they run;
 *  - single requests while runs are due (guard rail, not a target): the p99 of cached REST
 *    requests at a fixed rate (open loop, bench/probe.ts) before the monitors and while they run.
 *
 *   npx tsx bench/monitors.ts     (BENCH_MONITORS=10000, BENCH_MONITORS_EVERY_S=60,
 *                                  BENCH_MONITORS_CYCLES=2, BENCH_RATE=100, BENCH_SECONDS=20)
 *   npx tsx bench/monitors.ts --write   (and the section in bench/RESULTS.md replaced)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Route } from '../src/replay/server.js';
import { startArgs } from '../test/start-args.js';
import { freePort, percentile, rssMb, serveReplayChild, startLoggedChild, startReplayChild } from './lib.js';
import { startProbe } from './probe.js';
import { finishResults, progress } from './results.js';

const MONITORS = Number(process.env.BENCH_MONITORS ?? 10_000);
const EVERY_S = Number(process.env.BENCH_MONITORS_EVERY_S ?? 60);
const CYCLES = Number(process.env.BENCH_MONITORS_CYCLES ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const KEY = 'bench-monitors-key-00000000000000000';
/** Monitors created at once (POST /v1/monitors in flight). */
const CREATE_AT_ONCE = 16;

/** Every account answered after 5 ms (the user, and its social accounts). */
const ROUTE: Route = {
  host: 'api.github.com',
  path: /^\/users\/[^/]+(\/social_accounts)?$/,
  response: (req) => {
    const login = req.path.split('/')[2];
    const body = req.path.endsWith('/social_accounts')
      ? [{ provider: 'generic', url: `https://example.com/${login}` }]
      : {
          login,
          id: 1000 + login.length,
          type: 'User',
          name: login,
          bio: `bio of ${login}`,
          email: null,
          followers: Math.floor(Date.now() / 60_000) % 1000,
          following: 1,
          public_repos: 2,
        };
    return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), fault: { kind: 'latency', ms: 5 } };
  },
};

const p = (xs: number[], q: number) => (xs.length ? percentile(xs, q) : NaN);

async function probe(url: string, seconds: number): Promise<number[]> {
  const pr = startProbe(url, { everyMs: 1000 / RATE, headers: { 'x-api-key': KEY }, sockets: 16, unmeasured: 5 });
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const { latencies } = await pr.stop();
  return latencies.map(([, , fromDue]) => fromDue);
}

async function main(): Promise<void> {
  const replay = await startReplayChild(fileURLToPath(import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'cl-bench-monitors-'));
  let child: ChildProcess | null = null;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = join(dir, 'data');
    child = await startLoggedChild(
      process.execPath,
      startArgs(),
      {
        DATA_DIR: dataDir,
        UPSTREAM_REPLAY_URL: replay.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        BOOTSTRAP_API_KEY: KEY,
        BOOTSTRAP_CREDITS: String(MONITORS * (CYCLES + 3) * 2),
        MONITORS_MIN_INTERVAL: '1',
        MONITORS_MAX_PER_KEY: String(MONITORS),
        ...(process.env.MONITORS_CONCURRENCY ? { MONITORS_CONCURRENCY: process.env.MONITORS_CONCURRENCY } : {}),
        LOG_LEVEL: '',
      },
      join(dir, 'gateway.log'),
      /listening on/,
    );
    const pid = child.pid!;
    const cached = `${base}/v1/code/user?handle=bench-hot&cache_max_age=1d`;
    await fetch(cached, { headers: { 'x-api-key': KEY } }).then((r) => r.arrayBuffer());
    progress(`warm-up and baseline: ${RATE} cached requests/s for ${SECONDS} s, no monitors`);
    await probe(cached, 5);
    const before = await probe(cached, SECONDS);
    const rssBefore = rssMb(pid);

    progress(`creating ${MONITORS} monitors, every ${EVERY_S} s`);
    const t0 = Date.now();
    let next = 0;
    const create = async () => {
      while (next < MONITORS) {
        const i = next++;
        const res = await fetch(`${base}/v1/monitors`, {
          method: 'POST',
          headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
          body: JSON.stringify({
            operation: '/v1/code/user',
            params: { handle: `bench-${i}` },
            every: `${EVERY_S}s`,
            watch: ['user.followers', 'user.bio', 'social_accounts.url'],
          }),
        });
        if (res.status !== 201) throw new Error(`create ${i}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: CREATE_AT_ONCE }, create));
    const createdS = (Date.now() - t0) / 1000;
    progress(`created in ${createdS.toFixed(1)} s; watching ${CYCLES} cycles`);

    // Drift: each run seen once (by monitor and run count), its start against its due time.
    const db = new Database(join(dataDir, 'gateway.db'), { readonly: true, fileMustExist: true });
    const read = db.prepare<[], { id: string; runs: number; last_run_at: number | null; next_run_at: number; interval_ms: number }>(
      'SELECT id, runs, last_run_at, next_run_at, interval_ms FROM monitors',
    );
    const seen = new Map<string, number>();
    const drifts: number[] = [];
    let peak = rssBefore;
    const sample = () => {
      peak = Math.max(peak, rssMb(pid));
      for (const r of read.all()) {
        if (r.last_run_at === null || seen.get(r.id) === r.runs) continue;
        // Only runs after the first (the first is due at creation) and claimed in phase.
        if (seen.has(r.id)) drifts.push(r.last_run_at - (r.next_run_at - r.interval_ms));
        seen.set(r.id, r.runs);
      }
    };
    const runsNow = () => (db.prepare('SELECT SUM(runs) AS n FROM monitors').get() as { n: number }).n;
    // The window starts once every first run (due at creation) is made.
    while (runsNow() < MONITORS) await new Promise((r) => setTimeout(r, 200));
    progress(`first runs made ${((Date.now() - t0) / 1000).toFixed(1)} s after the first create`);
    sample();
    const sampler = setInterval(sample, 1_000);
    const windowStart = Date.now();
    const runsAtStart = runsNow();
    progress(`while runs are due: ${RATE} cached requests/s for ${SECONDS} s`);
    const during = await probe(cached, SECONDS);
    await new Promise((r) => setTimeout(r, Math.max(0, CYCLES * EVERY_S * 1000 - (Date.now() - windowStart))));
    clearInterval(sampler);
    sample();
    const windowS = (Date.now() - windowStart) / 1000;
    const runsAtEnd = runsNow();
    const late = (db.prepare('SELECT COUNT(*) AS n FROM monitors WHERE next_run_at < ?').get(Date.now() - 1_000) as { n: number }).n;
    db.close();
    const made = runsAtEnd - runsAtStart;
    const due = Math.round((MONITORS * windowS) / EVERY_S);
    const rows = [
      ['monitors', String(MONITORS)],
      ['every', `${EVERY_S} s`],
      ['created (POST /v1/monitors)', `${createdS.toFixed(1)} s (${Math.round(MONITORS / createdS)}/s)`],
      ['window', `${windowS.toFixed(0)} s`],
      ['runs made / due in the window', `${made} / ~${due}`],
      ['monitors overdue at the end (> 1 s)', String(late)],
      [
        'drift p50 / p99 / max',
        `${p(drifts, 50).toFixed(0)} / ${p(drifts, 99).toFixed(0)} / ${Math.max(...drifts).toFixed(0)} ms (${drifts.length} runs)`,
      ],
      ['RSS before / peak', `${rssBefore.toFixed(0)} / ${peak.toFixed(0)} MB`],
      [`cached REST p99 before / while runs are due (${RATE}/s)`, `${p(before, 99).toFixed(1)} / ${p(during, 99).toFixed(1)} ms`],
    ];
    const body = ['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
    process.stdout.write(`${body}\n`);
    finishResults('Monitors', body);
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    replay.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--replay-child') {
  serveReplayChild(ROUTE).catch((e) => {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  });
} else void main();
