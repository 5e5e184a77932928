/**
 * Cached-hit benchmark (gateway core issue): throughput and latency of the whole real path —
 * API key checked, cache hit, credit accounting, envelope built — for REST and for GraphQL,
 * against a bare node:http server returning the same bytes, measured in the same run.
 *
 * Closed loop, 50 connections (wrk), 3 alternating runs per target, medians and ratios. The
 * gateway runs as `npm start` ships it (package.json's start command, default logging: the
 * access log on, its output to a file as a process manager keeps it), the bare server by plain
 * node too.
 * Targets (the guard rails of docs/performance.md): REST ≥ 0.4× bare, GraphQL ≥ 0.25× bare, REST p99
 * ≤ 3× the bare server's p99.
 *
 *   npm run bench            (needs `wrk`: apt-get install -y wrk)
 *   npm run bench -- --write (the same, and the section in bench/RESULTS.md replaced)
 *
 * Progress on stderr while it runs (about a minute with the defaults), the report on stdout.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReplayServer } from '../src/replay/server.js';
import { repoRoute } from '../test/data.js';
import { startArgs } from '../test/start-args.js';
import { freePort, hasWrk, median, startChild, startLoggedChild, wrkRun } from './lib.js';
import type { LoadResult } from './lib.js';
import { finishResults, progress } from './results.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 50;
const KEY = 'bench-key-0000000000000000000000';

async function main() {
  if (!hasWrk()) {
    console.error('wrk is not installed: apt-get install -y wrk');
    process.exit(2);
  }
  progress(
    `cached-hit: ${RUNS} alternating runs of ${SECONDS} s per target, 4 targets, after a warm-up (about ${Math.round((RUNS + 1) * 4 * SECONDS + 5)} s)`,
  );
  const work = mkdtempSync(join(tmpdir(), 'cl-bench-'));
  const replay = await startReplayServer({ routes: [repoRoute('bench', 'repo')] });
  const children: ChildProcess[] = [];
  try {
    const gwPort = await freePort();
    const gwLog = join(work, 'gateway.log');
    children.push(
      await startLoggedChild(
        process.execPath,
        startArgs(),
        {
          PORT: String(gwPort),
          HOST: '127.0.0.1',
          DATA_DIR: join(work, 'data'),
          UPSTREAM_REPLAY_URL: replay.url,
          BOOTSTRAP_API_KEY: KEY,
          BOOTSTRAP_CREDITS: '1000',
          // As shipped: the default level, access log included (an inherited LOG_LEVEL overridden).
          LOG_LEVEL: '',
        },
        gwLog,
        /listening on/,
      ),
    );
    const gw = `http://127.0.0.1:${gwPort}`;
    const restPath = `/v1/code/repository?url=${encodeURIComponent('https://github.com/bench/repo')}&cache_max_age=30d`;
    const gqlBody = JSON.stringify({
      query: 'query Repo($url: String!) { codeRepository(url: $url, cacheMaxAge: "30d") { fullName starsCount json } }',
      variables: { url: 'https://github.com/bench/repo' },
    });
    const headers = { 'x-api-key': KEY };
    const gqlHeaders = { ...headers, 'content-type': 'application/json' };

    progress('gateway started (npm start); seeding the cache');
    // Seed the cache with one live fetch, then capture the cached answers' bytes.
    await fetch(gw + restPath, { headers });
    const restBytes = await (await fetch(gw + restPath, { headers })).text();
    const gqlBytes = await (await fetch(`${gw}/graphql`, { method: 'POST', headers: gqlHeaders, body: gqlBody })).text();
    if (!restBytes.includes('"cached":true') || !gqlBytes.includes('"cached":true'))
      throw new Error(`seeding failed: ${restBytes.slice(0, 200)} ${gqlBytes.slice(0, 200)}`);
    writeFileSync(join(work, 'rest.json'), restBytes);
    writeFileSync(join(work, 'gql.json'), gqlBytes);

    const bare: Record<string, string> = {};
    for (const kind of ['rest', 'gql']) {
      const port = await freePort();
      children.push(
        await startChild(
          process.execPath,
          ['bench/bare-server.mjs'],
          { PORT: String(port), BODY_FILE: join(work, `${kind}.json`) },
          /listening/,
        ),
      );
      bare[kind] = `http://127.0.0.1:${port}`;
    }

    const targets: Record<string, () => LoadResult> = {
      'bare (REST bytes)': () => wrkRun(bare.rest + restPath, { seconds: SECONDS, connections: CONNECTIONS, headers }),
      'gateway REST': () => wrkRun(gw + restPath, { seconds: SECONDS, connections: CONNECTIONS, headers }),
      'bare (GraphQL bytes)': () =>
        wrkRun(`${bare.gql}/graphql`, { seconds: SECONDS, connections: CONNECTIONS, headers: gqlHeaders, method: 'POST', body: gqlBody }),
      'gateway GraphQL': () =>
        wrkRun(`${gw}/graphql`, { seconds: SECONDS, connections: CONNECTIONS, headers: gqlHeaders, method: 'POST', body: gqlBody }),
    };
    // Warm-up (JIT, caches), not recorded.
    for (const [name, run] of Object.entries(targets)) {
      progress(`warm-up: ${name}`);
      wrkRunQuick(run);
    }
    const results: Record<string, LoadResult[]> = {};
    for (let i = 0; i < RUNS; i++) {
      for (const [name, run] of Object.entries(targets)) {
        progress(`run ${i + 1}/${RUNS}: ${name} (${SECONDS} s)`);
        const r = run();
        progress(`  ${r.rps.toFixed(0)} req/s, p99 ${r.p99ms.toFixed(2)} ms`);
        (results[name] ??= []).push(r);
      }
    }
    // The access log really was on: a line per request.
    const logged = readFileSync(gwLog, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"msg":"request"')).length;
    if (logged < 1000) throw new Error(`only ${logged} access-log lines: was the access log on?`);
    const med = (name: string, k: keyof LoadResult) => median(results[name].map((r) => r[k]));
    const rows = Object.keys(targets).map(
      (n) =>
        `| ${n} | ${med(n, 'rps').toFixed(0)} | ${med(n, 'p50ms').toFixed(2)} | ${med(n, 'p99ms').toFixed(2)} | ${results[n].reduce((s, r) => s + r.errors, 0)} |`,
    );
    const restRatio = med('gateway REST', 'rps') / med('bare (REST bytes)', 'rps');
    const gqlRatio = med('gateway GraphQL', 'rps') / med('bare (GraphQL bytes)', 'rps');
    const restP99 = med('gateway REST', 'p99ms');
    const bareP99 = med('bare (REST bytes)', 'p99ms');
    const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
    const section = [
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${process.platform}, node ${process.version}), wrk closed loop, ${CONNECTIONS} connections, ${RUNS} alternating runs of ${SECONDS} s per target, medians. Whole real path: key hashed and looked up, cache hit, credit accounting, envelope, access log. Gateway run as \`npm start\` ships it (\`node ${startArgs().join(' ')}\`, default logging to a file), the bare server by plain node.`,
      '',
      '| target | req/s | p50 ms | p99 ms | errors |',
      '|---|---|---|---|---|',
      ...rows,
      '',
      `- REST / bare = **${restRatio.toFixed(2)}×** (target ≥ 0.4×: ${verdict(restRatio >= 0.4)})`,
      `- GraphQL / bare = **${gqlRatio.toFixed(2)}×** (target ≥ 0.25×: ${verdict(gqlRatio >= 0.25)})`,
      `- REST p99 = **${restP99.toFixed(2)} ms** = ${(restP99 / bareP99).toFixed(2)}× the bare p99 of ${bareP99.toFixed(2)} ms (target ≤ 3×: ${verdict(restP99 <= 3 * bareP99)})`,
    ].join('\n');
    console.log(section);
    finishResults('Cached-hit throughput (REST and GraphQL vs bare node:http)', section);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await replay.close();
    rmSync(work, { recursive: true, force: true });
  }
}

function wrkRunQuick(run: () => LoadResult) {
  const prev = process.env.BENCH_SECONDS;
  run();
  process.env.BENCH_SECONDS = prev;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
