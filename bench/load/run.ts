/**
 * Load test (issue 7, "Proof"): two gateway instances sharing one real redis-server (REDIS_URL:
 * ledger, cache, single-flight), in front of one replay upstream with a small latency, all on
 * loopback, each in its own process. A Node load generator (undici Pools, closed loop) sends
 * every request round-robin to the two instances and reads every response body, so the credits
 * charged are summed per response, exactly:
 *
 *   1. live: LOAD_REQUESTS distinct repositories at LOAD_CONCURRENCY (500) concurrent requests,
 *      each a live fetch. Σ credits_charged must equal start − end balance (read through the
 *      ledger), the ledger's own charge total, and the number of upstream fetches; no
 *      reservation may be left open in Redis.
 *   2. overdraw: 2 000 distinct live requests, as concurrent, against a balance of 1 000:
 *      exactly 1 000 succeed, 1 000 are 402, the balance ends at 0, 1 000 upstream fetches.
 *   3. cached: LOAD_CACHED_REQUESTS hits (cache_max_age) on 200 seeded repositories, as
 *      concurrent: all 0 credits, balance unchanged, no upstream fetch.
 *
 * RSS of each instance (VmRSS from /proc/<pid>/status) is read after start, sampled every 250 ms
 * during the run and read at the end; target ≤ 300 MB per instance. The whole run is done for
 * each LOAD_RUNTIME, with fresh processes and Redis each time: `start` (package.json's start
 * script as it ships: the server compiled ahead by esbuild, run by plain node) and, for
 * comparison, `tsx` (TypeScript compiled in the serving process, whose loader alone holds
 * ~100 MB).
 *
 * Results: on stdout, and with --write in bench/RESULTS.md, section "Load: two instances on
 * Redis"; progress (each phase, and the requests done every few seconds) on stderr. Bounded in count (the
 * request numbers) and in time (each phase stops issuing after LOAD_PHASE_SECONDS; the whole run
 * is killed after LOAD_MAX_SECONDS). Exits 1 when a check fails (credits, errors, upstream
 * fetches, a phase cut short), 2 (nothing measured) when redis-server is not installed; the RSS
 * target is reported met or not met, as the other benchmarks report theirs.
 *
 *   npm run bench:load            (needs redis-server: apt-get install -y redis-server)
 *   npm run bench:load -- --write (the same, and the section in bench/RESULTS.md replaced)
 *
 * Environment: LOAD_REQUESTS (10000), LOAD_CONCURRENCY (500), LOAD_CACHED_REQUESTS (20000),
 * LOAD_LATENCY_MS (5, the replay upstream's latency), LOAD_PER_HOST (256, the gateways'
 * UPSTREAM_PER_HOST_CONCURRENCY: every request goes to one upstream host, and the default
 * politeness cap of 8 would measure that cap instead of the gateway), LOAD_RUNTIME (start,tsx),
 * LOAD_NODE_FLAGS (extra node flags for the gateways, e.g. --max-old-space-size=160),
 * LOAD_PHASE_SECONDS (60), LOAD_MAX_SECONDS (300).
 */
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { createRedisLedger } from '../../src/credits/redis-ledger.js';
import { openRedis } from '../../src/store/redis.js';
import { freePort, startChild } from '../lib.js';
import { startArgs } from '../../test/start-args.js';
import { finishResults, progress } from '../results.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const env = (name: string, def: number) => {
  const v = Number(process.env[name] ?? def);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const REQUESTS = env('LOAD_REQUESTS', 10_000);
const CONCURRENCY = env('LOAD_CONCURRENCY', 500);
const CACHED_REQUESTS = env('LOAD_CACHED_REQUESTS', 20_000);
const LATENCY_MS = Number(process.env.LOAD_LATENCY_MS ?? 5);
const PER_HOST = env('LOAD_PER_HOST', 256);
const PHASE_MS = env('LOAD_PHASE_SECONDS', 60) * 1000;
/** Extra node flags for the gateway processes, e.g. `--max-old-space-size=160`. */
const NODE_FLAGS = (process.env.LOAD_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const MAX_MS = env('LOAD_MAX_SECONDS', 300) * 1000;
const OVERDRAW_REQUESTS = 2_000;
const OVERDRAW_BALANCE = 1_000;
const SEEDED = 200;
const RSS_TARGET_MB = 300;

const REDIS_BIN = 'redis-server';

interface PhaseResult {
  name: string;
  sent: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Status → count. */
  statuses: Map<number, number>;
  /** Transport failures and answers that are not what the phase expects. */
  errors: number;
  /** Σ credits_charged over all answers. */
  charged: number;
  /** Answers with cached: true. */
  cached: number;
  stoppedAtDeadline: boolean;
  firstProblems: string[];
}

interface Instance {
  name: string;
  url: string;
  pid: number;
  pool: Pool;
  peakRssKb: number;
}

function rssKb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

const mb = (kb: number) => kb / 1024;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Closed loop: `concurrency` workers, each sending its next request as soon as the previous
 * answer has been read; request i goes to instance i mod 2.
 */
async function runPhase(
  name: string,
  instances: Instance[],
  total: number,
  concurrency: number,
  path: (i: number) => string,
  headers: Record<string, string>,
  check: (status: number, body: any) => string | null,
): Promise<PhaseResult> {
  const lat = new Float64Array(total);
  let next = 0;
  let done = 0;
  let errors = 0;
  let charged = 0;
  let cached = 0;
  let stoppedAtDeadline = false;
  const statuses = new Map<number, number>();
  const firstProblems: string[] = [];
  const problem = (text: string) => {
    errors++;
    if (firstProblems.length < 5) firstProblems.push(text);
  };
  const deadline = Date.now() + PHASE_MS;
  const t0 = performance.now();
  progress(`phase: ${name}`);
  // Every few seconds, how far the phase is (a phase can take up to LOAD_PHASE_SECONDS).
  const ticker = setInterval(() => progress(`  ${name}: ${done}/${total} answered, ${errors} problem(s)`), 5_000);
  ticker.unref();
  const worker = async () => {
    for (;;) {
      if (Date.now() > deadline) {
        stoppedAtDeadline = true;
        return;
      }
      const i = next++;
      if (i >= total) return;
      const inst = instances[i % instances.length];
      const started = performance.now();
      try {
        const res = await inst.pool.request({ method: 'GET', path: path(i), headers });
        const text = await res.body.text();
        lat[done++] = performance.now() - started;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        let body: any;
        try {
          body = JSON.parse(text);
        } catch {
          problem(`${inst.name} ${res.statusCode}: not JSON: ${text.slice(0, 120)}`);
          continue;
        }
        if (typeof body.credits_charged === 'number') charged += body.credits_charged;
        if (body.cached === true) cached++;
        const why = check(res.statusCode, body);
        if (why) problem(`${inst.name} ${res.statusCode}: ${why}`);
      } catch (e) {
        problem(`${inst.name}: ${(e as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker)).finally(() => clearInterval(ticker));
  const seconds = (performance.now() - t0) / 1000;
  progress(`  ${name}: ${done} answered in ${seconds.toFixed(1)} s, ${errors} problem(s)`);
  const sorted = lat.subarray(0, done).sort();
  return {
    name,
    sent: Math.min(next, total),
    seconds,
    rps: done / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    statuses,
    errors,
    charged,
    cached,
    stoppedAtDeadline,
    firstProblems,
  };
}

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

/** Every child started, so the watchdog can kill them all whatever is running. */
const allChildren = new Set<ChildProcess>();

async function spawnChild(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = await startChild(process.execPath, args, env, ready);
  allChildren.add(child);
  child.once('exit', () => allChildren.delete(child));
  return child;
}

function stopChild(c: ChildProcess): Promise<void> {
  return new Promise<void>((r) => {
    if (c.exitCode !== null || c.signalCode !== null) return r();
    const t = setTimeout(() => c.kill('SIGKILL'), 5_000);
    c.once('exit', () => {
      clearTimeout(t);
      r();
    });
    c.kill('SIGTERM');
  });
}

/** How the gateway processes are run; each is measured in a run of its own. */
const RUNTIMES = {
  start: { title: '`npm start` as shipped (scripts/start.mjs: src/server.ts compiled ahead by esbuild, run by plain node)' },
  tsx: { title: 'for comparison: TypeScript compiled in the process by tsx (`node --import tsx src/server.ts`)' },
} as const;
type Runtime = keyof typeof RUNTIMES;

/** The gateway's command line (node's arguments; node runs it, so the pid is the gateway's). */
function gatewayCommand(runtime: Runtime): string[] {
  return runtime === 'tsx' ? [...NODE_FLAGS, '--import', 'tsx', 'src/server.ts'] : [...NODE_FLAGS, ...startArgs()];
}

// ---------------------------------------------------------------------------------------------
// One run: Redis, replay upstream, two gateways, three phases
// ---------------------------------------------------------------------------------------------

interface RunResult {
  runtime: Runtime;
  phases: { live: PhaseResult; over: PhaseResult; hits: PhaseResult };
  credits: {
    start: number;
    liveEnd: number;
    liveTotal: number;
    liveFetched: number;
    overEnd: number;
    overFetched: number;
    cacheStart: number;
    cacheEnd: number;
    hitsFetched: number;
    openRes: number;
  };
  rss: { name: string; idle: number; afterLive: number; peak: number; end: number; hwm: number }[];
  checks: { liveExact: boolean; overExact: boolean; hitsExact: boolean; rssOk: boolean };
  failures: string[];
}

async function runOnce(runtime: Runtime): Promise<RunResult> {
  const { startRedisServer, TEST_SECRETS_KEY } = await import('../../test/redis/redis-server.js');
  const work = mkdtempSync(join(tmpdir(), 'cl-load-'));
  const children: ChildProcess[] = [];
  const instances: Instance[] = [];
  let redis: Awaited<ReturnType<typeof startRedisServer>> | null = null;
  let store: ReturnType<typeof openRedis> | null = null;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const gatewayArgs = gatewayCommand(runtime);
    redis = await startRedisServer();
    const replayPort = await freePort();
    // The upstream is not measured: always run through tsx.
    children.push(
      await spawnChild(
        ['--import', 'tsx', 'bench/load/replay.ts'],
        { PORT: String(replayPort), LATENCY_MS: String(LATENCY_MS) },
        /replay listening/,
      ),
    );
    const replayUrl = `http://127.0.0.1:${replayPort}`;

    for (const name of ['A', 'B']) {
      const port = await freePort();
      const child = await spawnChild(
        gatewayArgs,
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(work, `data-${name}`),
          REDIS_URL: redis.url,
          SECRETS_KEY: TEST_SECRETS_KEY,
          UPSTREAM_REPLAY_URL: replayUrl,
          UPSTREAM_PER_HOST_CONCURRENCY: String(PER_HOST),
          LOG_LEVEL: 'warn',
        },
        /listening on/,
      );
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      instances.push({ name, url, pid: child.pid!, pool: new Pool(url, { connections: CONCURRENCY, pipelining: 1 }), peakRssKb: 0 });
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const idle = instances.map((i) => rssKb(i.pid).rss);

    store = openRedis(redis.url);
    const ledger = createRedisLedger(store, { sweepIntervalMs: 0 });
    const upstreamFetches = async () => ((await (await fetch(`${replayUrl}/bench.local/hits`)).json()) as { repos: number }).repos;

    sampler = setInterval(() => {
      for (const i of instances) {
        try {
          i.peakRssKb = Math.max(i.peakRssKb, rssKb(i.pid).rss);
        } catch {
          /* exited: the end reading fails and says so */
        }
      }
    }, 250);
    sampler.unref();

    const repoPath = (owner: string, i: number, extra = '') =>
      `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${owner}/r${i}`)}${extra}`;
    const liveCheck = (status: number, body: any) =>
      status !== 200
        ? `expected 200, got ${body?.error?.code ?? status}`
        : body.credits_charged !== 1 || body.cached
          ? `live answer charged ${body.credits_charged}, cached ${body.cached}`
          : null;

    // Warm-up (JIT, connections, Redis scripts), not recorded, its own key.
    {
      const { key } = await ledger.createKey({ name: 'load-warmup', credits: 2_000 });
      await runPhase('warm-up', instances, 1_000, 100, (i) => repoPath('warm', i), { 'x-api-key': key }, liveCheck);
    }

    // 1. Live requests.
    const start = REQUESTS * 2;
    const { key: liveKey, record: liveRec } = await ledger.createKey({ name: 'load-live', credits: start });
    let fetchedBefore = await upstreamFetches();
    const live = await runPhase(
      `live (uncached), ${CONCURRENCY} concurrent`,
      instances,
      REQUESTS,
      CONCURRENCY,
      (i) => repoPath('load', i),
      { 'x-api-key': liveKey },
      liveCheck,
    );
    const liveEnd = await ledger.balance(liveRec.id);
    const liveTotal = await ledger.totalCharged(liveRec.id);
    const liveFetched = (await upstreamFetches()) - fetchedBefore;
    const afterLive = instances.map((i) => rssKb(i.pid).rss);

    // 2. Overdraw: more requests than the balance covers.
    const { key: overKey, record: overRec } = await ledger.createKey({ name: 'load-overdraw', credits: OVERDRAW_BALANCE });
    fetchedBefore = await upstreamFetches();
    const over = await runPhase(
      `overdraw: ${OVERDRAW_REQUESTS} requests, balance ${OVERDRAW_BALANCE}, ${CONCURRENCY} concurrent`,
      instances,
      OVERDRAW_REQUESTS,
      CONCURRENCY,
      (i) => repoPath('over', i),
      { 'x-api-key': overKey },
      (status, body) =>
        status === 200
          ? body.credits_charged === 1
            ? null
            : `charged ${body.credits_charged}`
          : status === 402 && body.error?.code === 'INSUFFICIENT_CREDITS'
            ? null
            : `unexpected ${body?.error?.code ?? status}`,
    );
    const overEnd = await ledger.balance(overRec.id);
    const overFetched = (await upstreamFetches()) - fetchedBefore;

    // 3. Cached hits on seeded repositories (seeded through instance A; hits on both).
    const { key: cacheKey, record: cacheRec } = await ledger.createKey({ name: 'load-cached', credits: SEEDED });
    await runPhase('seed', instances.slice(0, 1), SEEDED, 50, (i) => repoPath('cached', i), { 'x-api-key': cacheKey }, liveCheck);
    const cacheStart = await ledger.balance(cacheRec.id);
    fetchedBefore = await upstreamFetches();
    const hits = await runPhase(
      `cached hits, ${CONCURRENCY} concurrent`,
      instances,
      CACHED_REQUESTS,
      CONCURRENCY,
      (i) => repoPath('cached', i % SEEDED, '&cache_max_age=30d'),
      { 'x-api-key': cacheKey },
      (status, body) =>
        status !== 200
          ? `expected 200, got ${body?.error?.code ?? status}`
          : body.cached !== true || body.credits_charged !== 0
            ? `not a 0-credit hit (charged ${body.credits_charged}, cached ${body.cached})`
            : null,
    );
    const cacheEnd = await ledger.balance(cacheRec.id);
    const hitsFetched = (await upstreamFetches()) - fetchedBefore;
    const openRes = Number(await store.command(['ZCARD', 'cl:{ledger}:res:at']));

    clearInterval(sampler);
    const rss = instances.map((i, k) => {
      const now = rssKb(i.pid);
      return { name: i.name, idle: idle[k], afterLive: afterLive[k], peak: Math.max(i.peakRssKb, now.rss), end: now.rss, hwm: now.hwm };
    });

    const failures: string[] = [];
    const need = (ok: boolean, what: string) => {
      if (!ok) failures.push(`${runtime}: ${what}`);
      return ok;
    };
    const liveOk = live.statuses.get(200) ?? 0;
    const liveExact = need(
      live.charged === start - liveEnd && live.charged === liveTotal && live.charged === liveOk && openRes === 0,
      `live: Σcharged ${live.charged}, start − end ${start - liveEnd}, ledger charged ${liveTotal}, 200s ${liveOk}, open reservations ${openRes}`,
    );
    need(liveFetched === liveOk, `live: ${liveFetched} upstream fetches for ${liveOk} live answers`);
    need(live.errors === 0, `live: ${live.errors} errors (${live.firstProblems.join('; ')})`);
    need(!live.stoppedAtDeadline, `live: stopped at the ${PHASE_MS / 1000} s deadline after ${live.sent} requests`);
    const overExact = need(
      over.charged === OVERDRAW_BALANCE &&
        overEnd === 0 &&
        (over.statuses.get(200) ?? 0) === OVERDRAW_BALANCE &&
        (over.statuses.get(402) ?? 0) === OVERDRAW_REQUESTS - OVERDRAW_BALANCE,
      `overdraw: Σcharged ${over.charged}, end balance ${overEnd}, 200s ${over.statuses.get(200) ?? 0}, 402s ${over.statuses.get(402) ?? 0}`,
    );
    need(overFetched === OVERDRAW_BALANCE, `overdraw: ${overFetched} upstream fetches for ${OVERDRAW_BALANCE} successes`);
    need(over.errors === 0, `overdraw: ${over.errors} errors (${over.firstProblems.join('; ')})`);
    const hitsExact = need(
      hits.charged === 0 && cacheEnd === cacheStart && hits.cached === hits.sent && hitsFetched === 0,
      `cached: Σcharged ${hits.charged}, balance ${cacheStart} → ${cacheEnd}, cached answers ${hits.cached}/${hits.sent}, ${hitsFetched} upstream fetches`,
    );
    need(hits.errors === 0, `cached: ${hits.errors} errors (${hits.firstProblems.join('; ')})`);
    need(!over.stoppedAtDeadline && !hits.stoppedAtDeadline, `a phase stopped at the ${PHASE_MS / 1000} s deadline`);
    // A target, reported (as the other benchmarks' targets), not a failed check.
    const rssOk = rss.every((r) => mb(r.peak) <= RSS_TARGET_MB);
    return {
      runtime,
      phases: { live, over, hits },
      credits: { start, liveEnd, liveTotal, liveFetched, overEnd, overFetched, cacheStart, cacheEnd, hitsFetched, openRes },
      rss,
      checks: { liveExact, overExact, hitsExact, rssOk },
      failures,
    };
  } finally {
    clearInterval(sampler);
    await Promise.all(instances.map((i) => i.pool.close().catch(() => undefined)));
    await Promise.all(children.map(stopChild));
    await store?.close().catch(() => undefined);
    await redis?.close().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function report(results: RunResult[]): string {
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
  const statusText = (r: PhaseResult) =>
    [...r.statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${n}×${s}`)
      .join(', ');
  const row = (r: PhaseResult, credit: string) =>
    `| ${r.name} | ${r.sent} | ${r.seconds.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${statusText(r)} | ${r.errors} | ${credit} |`;
  const cpu = (() => {
    try {
      return /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? 'unknown CPU';
    } catch {
      return 'unknown CPU';
    }
  })();
  const out = [
    `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${process.platform}, node ${process.version}, ${cpu}, ${availableParallelism()} CPUs shared by every process of the run). ` +
      `Two gateway instances (separate \`DATA_DIR\`s) with \`REDIS_URL\` on one local redis-server ${redisVersion()}, one replay upstream answering after ${LATENCY_MS} ms, ` +
      `\`UPSTREAM_PER_HOST_CONCURRENCY=${PER_HOST}\`${NODE_FLAGS.length ? `, gateway node flags \`${NODE_FLAGS.join(' ')}\`` : ''}. Load generator: undici Pools, closed loop, request i to instance i mod 2, every response body read and its \`credits_charged\` summed; ` +
      `\`/v1/code/repository\` (1 credit live, 0 from cache), each live request a distinct repository. Balances read through the Redis ledger. After a warm-up of 1000 requests. ` +
      `RSS: VmRSS of each gateway process from /proc/<pid>/status, sampled every 250 ms. \`npm run bench:load\`.`,
  ];
  for (const r of results) {
    const c = r.credits;
    const { live, over, hits } = r.phases;
    out.push(
      '',
      `### ${RUNTIMES[r.runtime].title}`,
      '',
      '| phase | requests | s | req/s | p50 ms | p99 ms | statuses | errors | credits |',
      '|---|---|---|---|---|---|---|---|---|',
      row(
        live,
        `Σcharged ${live.charged} = start − end ${c.start - c.liveEnd} (ledger: ${c.liveTotal} charged); ${c.liveFetched} upstream fetches`,
      ),
      row(over, `Σcharged ${over.charged}; balance ${OVERDRAW_BALANCE} → ${c.overEnd}; ${c.overFetched} upstream fetches`),
      row(
        hits,
        `Σcharged ${hits.charged}; balance ${c.cacheStart} → ${c.cacheEnd}; ${hits.cached} cached answers; ${c.hitsFetched} upstream fetches`,
      ),
      '',
      '| instance | RSS idle (after start) | after the live phase | peak during the run | at the end | VmHWM |',
      '|---|---|---|---|---|---|',
      ...r.rss.map(
        (x) =>
          `| ${x.name} | ${mb(x.idle).toFixed(0)} MB | ${mb(x.afterLive).toFixed(0)} MB | ${mb(x.peak).toFixed(0)} MB | ${mb(x.end).toFixed(0)} MB | ${mb(x.hwm).toFixed(0)} MB |`,
      ),
      '',
      `- Σcharged = start − end balance exactly at ${CONCURRENCY} concurrent requests, no lost or double credit, no reservation left open (${c.openRes}): ${verdict(r.checks.liveExact)}`,
      `- Overdraw: exactly ${OVERDRAW_BALANCE} of ${OVERDRAW_REQUESTS} succeed, the balance ends at 0: ${verdict(r.checks.overExact)}`,
      `- Cached hits: 0 credits, balance unchanged, no upstream fetch: ${verdict(r.checks.hitsExact)}`,
      `- RSS ≤ ${RSS_TARGET_MB} MB per instance: ${verdict(r.checks.rssOk)} (peaks ${r.rss.map((x) => `${x.name} ${mb(x.peak).toFixed(0)} MB`).join(', ')}; idle ${r.rss.map((x) => `${mb(x.idle).toFixed(0)} MB`).join(', ')})`,
      ...(r.failures.length ? ['', 'Failed checks:', ...r.failures.map((f) => `- ${f}`)] : []),
    );
  }
  return out.join('\n');
}

function redisVersion(): string {
  const out = spawnSync(REDIS_BIN, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return /v=(\S+)/.exec(out)?.[1] ?? '';
}

async function main() {
  if (spawnSync(REDIS_BIN, ['--version'], { stdio: 'ignore' }).status !== 0) {
    console.error(`bench:load skipped: ${REDIS_BIN} is not installed (apt-get install -y redis-server). Nothing was measured.`);
    process.exit(2);
  }
  const runtimes = (process.env.LOAD_RUNTIME ?? Object.keys(RUNTIMES).join(',')).split(',').map((s) => s.trim()) as Runtime[];
  for (const r of runtimes) if (!(r in RUNTIMES)) throw new Error(`LOAD_RUNTIME: ${r} is not one of ${Object.keys(RUNTIMES).join(', ')}`);
  process.chdir(ROOT);
  setTimeout(() => {
    console.error(`bench:load: gave up after ${MAX_MS / 1000} s (LOAD_MAX_SECONDS); nothing written`);
    for (const c of allChildren) c.kill('SIGKILL');
    process.exit(1);
  }, MAX_MS).unref();

  const results: RunResult[] = [];
  for (const runtime of runtimes) {
    progress(`bench:load: ${runtime}: starting redis-server, the replay upstream and two gateways`);
    results.push(await runOnce(runtime));
  }
  const section = report(results);
  console.log(section);
  finishResults('Load: two instances on Redis', section);
  const failures = results.flatMap((r) => r.failures);
  if (failures.length) {
    console.error(`\nbench:load: ${failures.length} check(s) failed:\n${failures.join('\n')}`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  for (const c of allChildren) c.kill('SIGKILL');
  process.exit(1);
});
