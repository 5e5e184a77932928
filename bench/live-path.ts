/**
 * Live-path benchmark (pipeline issue): distinct, uncached REST requests through the whole
 * gateway — key checked, credits reserved and settled, one upstream fetch, parse, cache write,
 * envelope, access log — against a bare relay of the same upstream fetch (bench/bare-relay.mjs:
 * node:http + undici fetching the same URL and returning the body), measured in the same run.
 *
 * Every request names a repository never asked for before (`/v1/code/repository?url=
 * https://github.com/bench/<run>-<n>`), so no cache entry and no single-flight join serves it;
 * the upstream is a replay server (its own process) answering every /repos/bench/* at once.
 * Closed loop, 50 connections (wrk), 3 alternating runs per target, medians and ratios. The
 * gateway runs as `npm start` ships it (package.json's start command, default logging, its
 * output to a file), once on the embedded store and once with REDIS_URL (a local redis-server);
 * both against the same relay.
 * Targets (the guard rails of docs/performance.md): gateway / relay ≥ 0.35×, with REDIS_URL ≥ 0.3×.
 *
 *   npx tsx bench/live-path.ts            (needs `wrk`: apt-get install -y wrk; redis-server for
 *                                          the REDIS_URL target, skipped with a note without it)
 *   npx tsx bench/live-path.ts --write    (the same, and the section in bench/RESULTS.md replaced)
 *
 * A diagnostic row, not a target: the gateway with UPSTREAM_PER_HOST_CONCURRENCY raised to the
 * connection count — all requests here go to one upstream host, which the shipped politeness cap
 * (8 at once per host) holds back and the relay does not (BENCH_HOST_CAP_ROW=0 leaves it out).
 * BENCH_NO_REDIS=1 leaves the REDIS_URL target out (a quicker run). Each run's progress line gives
 * the CPU time per request of the target and of the replay upstream (from /proc): on a shared
 * machine whose speed drifts, that says whether a change in req/s came from the gateway.
 * Progress on stderr while it runs (about a minute and a half with the defaults), the report on
 * stdout.
 */
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Route } from '../src/replay/server.js';
import { repoJson } from '../test/data.js';
import { startRedisServer, TEST_SECRETS_KEY } from '../test/redis/redis-server.js';
import type { RedisServer } from '../test/redis/redis-server.js';
import { startArgs } from '../test/start-args.js';
import { cpuMs, cpuUsPerRequest, freePort, hasWrk, median, serveReplayChild, startLoggedChild, startReplayChild, wrkRun } from './lib.js';
import type { LoadResult } from './lib.js';
import { finishResults, progress } from './results.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 50;
const KEY = 'bench-key-0000000000000000000000';
const OWNER = 'bench';
/** BENCH_HOST_CAP_ROW=0 leaves out the diagnostic row (gateway with the per-host cap lifted). */
const HOST_CAP_ROW = process.env.BENCH_HOST_CAP_ROW !== '0';
const LIFTED = `gateway, UPSTREAM_PER_HOST_CONCURRENCY=${CONNECTIONS} (diagnostic)`;

/** Every /repos/bench/<name> answered at once with that repository's JSON. */
const ROUTE: Route = {
  host: 'api.github.com',
  path: /^\/repos\/bench\/[^/]+$/,
  response: (req) => ({
    headers: { 'content-type': 'application/json' },
    body: repoJson(OWNER, decodeURIComponent(req.path.split('/')[3])),
  }),
};

/** wrk's request function: this run's own repository names, `<tag>-<n>`, never repeated. */
function distinctPaths(tag: string): string {
  const prefix = `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${OWNER}/`)}${tag}-`;
  return ['n = 0', `request = function() n = n + 1; return wrk.format(nil, ${JSON.stringify(prefix)} .. n) end`].join('\n');
}

function hasRedis(): boolean {
  return !process.env.BENCH_NO_REDIS && spawnSync('redis-server', ['--version']).error === undefined;
}

async function main() {
  if (!hasWrk()) {
    console.error('wrk is not installed: apt-get install -y wrk');
    process.exit(2);
  }
  const withRedis = hasRedis();
  const targetCount = withRedis ? 3 : 2;
  progress(
    `live-path: ${RUNS} alternating runs of ${SECONDS} s per target, ${targetCount} targets, after a warm-up (about ${Math.round((RUNS + 1) * targetCount * SECONDS + 10)} s)`,
  );
  const noRedisWhy = process.env.BENCH_NO_REDIS ? 'left out: BENCH_NO_REDIS is set' : 'redis-server is not installed';
  if (!withRedis) progress(`the REDIS_URL target is skipped (${noRedisWhy})`);
  const work = mkdtempSync(join(tmpdir(), 'cl-bench-live-'));
  const children: ChildProcess[] = [];
  let redis: RedisServer | undefined;
  try {
    const replay = await startReplayChild(fileURLToPath(import.meta.url));
    children.push(replay.child);
    const relayPort = await freePort();
    const relayChild = await startLoggedChild(
      process.execPath,
      ['bench/bare-relay.mjs'],
      { PORT: String(relayPort), REPLAY_URL: replay.url },
      join(work, 'relay.log'),
      /listening/,
    );
    children.push(relayChild);
    const relay = `http://127.0.0.1:${relayPort}`;

    const gateway = async (name: string, env: Record<string, string>) => {
      const port = await freePort();
      const log = join(work, `${name}.log`);
      // As `npm start` ships it: no LOG_LEVEL, so the access log is on.
      const child = await startLoggedChild(
        process.execPath,
        startArgs(),
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(work, `data-${name}`),
          UPSTREAM_REPLAY_URL: replay.url,
          BOOTSTRAP_API_KEY: KEY,
          BOOTSTRAP_CREDITS: '100000000',
          LOG_LEVEL: '',
          ...env,
        },
        log,
        /listening on/,
      );
      children.push(child);
      return { url: `http://127.0.0.1:${port}`, log, pid: child.pid };
    };
    const gws: Record<string, { url: string; log: string; pid: number | undefined }> = { gateway: await gateway('sqlite', {}) };
    if (withRedis) {
      redis = await startRedisServer();
      gws['gateway (REDIS_URL)'] = await gateway('redis', { REDIS_URL: redis.url, SECRETS_KEY: TEST_SECRETS_KEY });
    }
    // Not as shipped, and no target: the same gateway with the per-host politeness cap (8
    // connections to one upstream host) raised to the connection count, to show what the cap
    // costs here — every request of this benchmark goes to one host, the relay has no cap.
    if (HOST_CAP_ROW) gws[LIFTED] = await gateway('lifted', { UPSTREAM_PER_HOST_CONCURRENCY: String(CONNECTIONS) });
    const headers = { 'x-api-key': KEY };

    // Each target answers one distinct request as expected before anything is measured.
    const checks = [['relay', relay], ...Object.entries(gws).map(([n, g]) => [n, g.url])];
    for (const [i, [name, base]] of checks.entries()) {
      const body = await (
        await fetch(`${base}/v1/code/repository?url=${encodeURIComponent(`https://github.com/${OWNER}/check-${i}`)}`, { headers })
      ).text();
      const ok =
        name === 'relay'
          ? body.includes(`"full_name":"${OWNER}/check-`)
          : body.includes('"success":true') && body.includes('"credits_charged":1') && !body.includes('"cached"');
      if (!ok) throw new Error(`${name} did not answer a live request: ${body.slice(0, 300)}`);
    }
    progress(`replay, relay and gateway${withRedis ? 's' : ''} started (npm start, default logging)`);

    let tag = 0;
    const run = (base: string, seconds: number) =>
      wrkRun(`${base}/`, { seconds, connections: CONNECTIONS, headers, lua: distinctPaths(`t${++tag}`) });
    const targets: Record<string, (s: number) => LoadResult> = { 'bare relay': (s) => run(relay, s) };
    const pids: Record<string, number | undefined> = { 'bare relay': relayChild.pid };
    for (const [name, g] of Object.entries(gws)) {
      targets[name] = (s) => run(g.url, s);
      pids[name] = g.pid;
    }

    for (const [name, t] of Object.entries(targets)) {
      progress(`warm-up: ${name}`);
      t(Math.max(1, Math.round(SECONDS / 2)));
      await replay.reset();
    }
    const results: Record<string, LoadResult[]> = {};
    for (let i = 0; i < RUNS; i++) {
      for (const [name, t] of Object.entries(targets)) {
        progress(`run ${i + 1}/${RUNS}: ${name} (${SECONDS} s)`);
        const cpu0 = [cpuMs(pids[name]), cpuMs(replay.child.pid)];
        const r = t(SECONDS);
        // CPU per request of the target and of the replay upstream: where the time went.
        const per = (i: number, now: number) => cpuUsPerRequest(now - cpu0[i], r, SECONDS).toFixed(0);
        progress(
          `  ${r.rps.toFixed(0)} req/s, p50 ${r.p50ms.toFixed(2)} ms, p99 ${r.p99ms.toFixed(2)} ms, errors ${r.errors}; CPU per request: ${name} ${per(0, cpuMs(pids[name]))} µs, replay ${per(1, cpuMs(replay.child.pid))} µs`,
        );
        (results[name] ??= []).push(r);
        await replay.reset();
      }
    }
    // The access log really was on: one line per request.
    for (const [name, g] of Object.entries(gws)) {
      const lines = readFileSync(g.log, 'utf8')
        .split('\n')
        .filter((l) => l.includes('/v1/code/repository')).length;
      if (lines < 1000) throw new Error(`${name}: only ${lines} access-log lines for /v1/code/repository; was the access log on?`);
    }

    const med = (name: string, k: keyof LoadResult) => median(results[name].map((r) => r[k]));
    const rows = Object.keys(targets).map(
      (n) =>
        `| ${n} | ${med(n, 'rps').toFixed(0)} | ${med(n, 'p50ms').toFixed(2)} | ${med(n, 'p99ms').toFixed(2)} | ${results[n].reduce((s, r) => s + r.errors, 0)} |`,
    );
    const bare = med('bare relay', 'rps');
    const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
    const ratio = med('gateway', 'rps') / bare;
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${process.platform}, node ${process.version}), wrk closed loop, ${CONNECTIONS} connections, ${RUNS} alternating runs of ${SECONDS} s per target, medians. Every request a distinct repository (uncached, no single-flight join), upstream a replay server answering at once. Gateway run as \`npm start\` ships it (\`node ${startArgs().join(' ')}\`, default logging to a file); the relay by plain node (bench/bare-relay.mjs).`,
      '',
      '| target | req/s | p50 ms | p99 ms | errors |',
      '|---|---|---|---|---|',
      ...rows,
      '',
      `- gateway / bare relay = **${ratio.toFixed(2)}×** (target ≥ 0.35×: ${verdict(ratio >= 0.35)})`,
    ];
    if (withRedis) {
      const r = med('gateway (REDIS_URL)', 'rps') / bare;
      lines.push(`- gateway with REDIS_URL / bare relay = **${r.toFixed(2)}×** (target ≥ 0.3×: ${verdict(r >= 0.3)})`);
    } else lines.push(`- gateway with REDIS_URL: not measured (${noRedisWhy})`);
    if (HOST_CAP_ROW) {
      const r = med(LIFTED, 'rps') / bare;
      lines.push(
        `- diagnostic, not as shipped: the gateway with its per-host cap raised from 8 to ${CONNECTIONS} connections / bare relay = **${r.toFixed(2)}×** — the share of the gap that is politeness (every request here goes to one upstream host; the relay has no cap)`,
      );
    }
    const section = lines.join('\n');
    console.log(section);
    finishResults('Live path (distinct uncached REST vs a bare relay)', section);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await redis?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--replay-child') {
  serveReplayChild(ROUTE).catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
