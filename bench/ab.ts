/**
 * A/B benchmark of whole trees (docs/performance.md's rule: a mechanism of its own stays only when
 * an A/B run in one go, at least five runs of each, medians, shows it buys ≥ 10 % on a figure a
 * user feels). Each arm is a checkout of the gateway (a directory with its own `src/`, package.json
 * and node_modules); each is started as its `npm start` ships it, side by side, and measured on
 * the same figures, in rounds that alternate the arms' order (A B C, C B A, …):
 *
 *   live        distinct uncached REST requests (/v1/code/repository, each a new repository: key,
 *               reserve, one upstream fetch, parse, cache write, settle, access log), with a bare
 *               relay of the same upstream fetch (bench/bare-relay.mjs) in every round;
 *   rest        one cached REST request (cache_max_age), with a bare node server of the same bytes;
 *   graphql     the same record through GraphQL (a cached hit), with a bare server of its bytes.
 *
 * Reported per arm and figure: every run, the median; req/s, p99, the ratio to the bare target
 * of the same round (the guard rails: live ≥ 0.35×, REST ≥ 0.4×, GraphQL ≥ 0.25×) and the
 * gateway's CPU time a request (the steadier figure on a shared machine: in session 47 one pair of
 * trees read −21 % and +5 % live req/s in two runs while their CPU a request differed by 6 %); each
 * gateway's peak RSS (VmHWM). Upstream: a replay server in its own process, answering at once.
 *
 *   npx tsx bench/ab.ts base=/tmp/ab/base new=.          (needs wrk: apt-get install -y wrk)
 *   BENCH_AB_SCENARIOS=live,graphql BENCH_RUNS=5 BENCH_SECONDS=5 npx tsx bench/ab.ts a=DIR b=DIR
 *
 * An arm's directory may be a plain export of a commit (`git archive <commit> | tar -x -C DIR`,
 * then `ln -s "$PWD/node_modules" DIR/node_modules`): its first start builds its bundle.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Route } from '../src/replay/server.js';
import { repoJson } from '../test/data.js';
import {
  cpuMs,
  cpuUsPerRequest,
  freePort,
  hasWrk,
  median,
  serveReplayChild,
  startChild,
  startLoggedChild,
  startReplayChild,
  wrkRun,
} from './lib.js';
import type { LoadResult } from './lib.js';
import { progress } from './results.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCENARIOS = (process.env.BENCH_AB_SCENARIOS ?? 'live,rest,graphql').split(',').map((s) => s.trim());
const CONNECTIONS = 50;
const KEY = 'bench-key-0000000000000000000000';
const OWNER = 'bench';

/** Every /repos/bench/<name> answered at once with that repository's JSON. */
const ROUTE: Route = {
  host: 'api.github.com',
  path: /^\/repos\/bench\/[^/]+$/,
  response: (req) => ({
    headers: { 'content-type': 'application/json' },
    body: repoJson(OWNER, decodeURIComponent(req.path.split('/')[3])),
  }),
};

const REST_PATH = `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${OWNER}/repo`)}&cache_max_age=30d`;
const GQL_BODY = JSON.stringify({
  query: 'query Repo($url: String!) { codeRepository(url: $url, cacheMaxAge: "30d") { fullName starsCount json } }',
  variables: { url: `https://github.com/${OWNER}/repo` },
});

/** wrk's request function: this run's own repository names, `<tag>-<n>`, never repeated. */
function distinctPaths(tag: string): string {
  const prefix = `/v1/code/repository?url=${encodeURIComponent(`https://github.com/${OWNER}/`)}${tag}-`;
  return ['n = 0', `request = function() n = n + 1; return wrk.format(nil, ${JSON.stringify(prefix)} .. n) end`].join('\n');
}

/** Peak resident memory (VmHWM) of a process, in MB. */
function peakRssMb(pid: number | undefined): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** node's arguments of a tree's `npm start` (package.json's start script), its start script made absolute. */
function startArgsOf(dir: string): string[] {
  const start = String((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start);
  const words = start.split(/\s+/).filter(Boolean);
  if (words[0] !== 'node') throw new Error(`${dir}: the start script is not a plain node command: ${start}`);
  return words.slice(1).map((w) => (w.endsWith('.mjs') || w.endsWith('.js') ? join(dir, w) : w));
}

async function main() {
  if (!hasWrk()) {
    console.error('wrk is not installed: apt-get install -y wrk');
    process.exit(2);
  }
  const arms = process.argv
    .slice(2)
    .filter((a) => a.includes('='))
    .map((a) => {
      const [name, dir] = a.split('=');
      return { name, dir: resolve(dir) };
    });
  if (arms.length < 2) {
    console.error('usage: npx tsx bench/ab.ts NAME=DIR NAME=DIR [...]');
    process.exit(2);
  }
  progress(`A/B: ${arms.map((a) => `${a.name}=${a.dir}`).join(', ')}; ${SCENARIOS.join(', ')}; ${RUNS} rounds of ${SECONDS} s runs`);
  const work = mkdtempSync(join(tmpdir(), 'cl-bench-ab-'));
  const children: ChildProcess[] = [];
  try {
    const replay = await startReplayChild(fileURLToPath(import.meta.url));
    children.push(replay.child);
    const relayPort = await freePort();
    children.push(
      await startLoggedChild(
        process.execPath,
        ['bench/bare-relay.mjs'],
        { PORT: String(relayPort), REPLAY_URL: replay.url },
        join(work, 'relay.log'),
        /listening/,
      ),
    );
    const relay = `http://127.0.0.1:${relayPort}`;
    const headers = { 'x-api-key': KEY };
    const gqlHeaders = { ...headers, 'content-type': 'application/json' };

    const gws: { name: string; url: string; pid: number | undefined }[] = [];
    for (const arm of arms) {
      const port = await freePort();
      const child = await startLoggedChild(
        process.execPath,
        startArgsOf(arm.dir),
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(work, `data-${arm.name}`),
          UPSTREAM_REPLAY_URL: replay.url,
          BOOTSTRAP_API_KEY: KEY,
          BOOTSTRAP_CREDITS: '100000000',
          LOG_LEVEL: '',
        },
        join(work, `${arm.name}.log`),
        /listening on/,
        arm.dir,
      );
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      // Seed the cached record; each arm answers it as expected.
      await fetch(url + REST_PATH, { headers });
      const rest = await (await fetch(url + REST_PATH, { headers })).text();
      const gql = await (await fetch(`${url}/graphql`, { method: 'POST', headers: gqlHeaders, body: GQL_BODY })).text();
      if (!rest.includes('"cached":true') || !gql.includes('"cached":true'))
        throw new Error(`${arm.name}: seeding failed: ${rest.slice(0, 200)}`);
      if (gws.length === 0) {
        writeFileSync(join(work, 'rest.json'), rest);
        writeFileSync(join(work, 'gql.json'), gql);
      }
      gws.push({ name: arm.name, url, pid: child.pid });
    }
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
    progress(`${gws.length} gateways, relay, bare servers started`);

    let tag = 0;
    const runs: Record<string, (base: string, s: number) => LoadResult> = {
      live: (base, s) => wrkRun(`${base}/`, { seconds: s, connections: CONNECTIONS, headers, lua: distinctPaths(`t${++tag}`) }),
      rest: (base, s) => wrkRun(base + REST_PATH, { seconds: s, connections: CONNECTIONS, headers }),
      graphql: (base, s) =>
        wrkRun(`${base}/graphql`, { seconds: s, connections: CONNECTIONS, headers: gqlHeaders, method: 'POST', body: GQL_BODY }),
    };
    const bareOf: Record<string, string> = { live: relay, rest: bare.rest, graphql: bare.gql };

    // Warm-up (JIT, caches), not recorded.
    for (const sc of SCENARIOS) for (const g of [{ url: bareOf[sc] }, ...gws]) runs[sc](g.url, Math.max(1, Math.round(SECONDS / 2)));
    await replay.reset();

    const results: Record<string, Record<string, LoadResult[]>> = {};
    const ratios: Record<string, Record<string, number[]>> = {};
    // The gateway's CPU time (all its threads) per request answered: steadier than req/s on a
    // shared machine, where the load generator's wake-ups and other work move throughput more.
    const cpuPerRequest: Record<string, Record<string, number[]>> = {};
    for (let round = 0; round < RUNS; round++) {
      const order = round % 2 ? [...gws].reverse() : gws;
      for (const sc of SCENARIOS) {
        const b = runs[sc](bareOf[sc], SECONDS);
        (results[sc] ??= {}).bare = [...(results[sc].bare ?? []), b];
        await replay.reset();
        for (const g of order) {
          const cpu0 = cpuMs(g.pid);
          const r = runs[sc](g.url, SECONDS);
          const cpu = cpuUsPerRequest(cpuMs(g.pid) - cpu0, r, SECONDS);
          (results[sc][g.name] ??= []).push(r);
          ((ratios[sc] ??= {})[g.name] ??= []).push(r.rps / b.rps);
          ((cpuPerRequest[sc] ??= {})[g.name] ??= []).push(cpu);
          progress(
            `round ${round + 1}/${RUNS} ${sc} ${g.name}: ${r.rps.toFixed(0)} req/s (bare ${b.rps.toFixed(0)}), p99 ${r.p99ms.toFixed(1)} ms, errors ${r.errors}, CPU ${cpu.toFixed(0)} µs a request`,
          );
          await replay.reset();
        }
      }
    }

    const list = (xs: number[], d = 0) => `${xs.map((x) => x.toFixed(d)).join(', ')} — median **${median(xs).toFixed(d)}**`;
    const lines = [
      `A/B ${new Date().toISOString().slice(0, 10)}, node ${process.version}, wrk ${CONNECTIONS} connections, ${RUNS} rounds of ${SECONDS} s per target (arms' order alternating), load average at the end ${(
        await import('node:os')
      )
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
      '',
      `| figure | ${gws.map((g) => g.name).join(' | ')} |`,
      `|---|${gws.map(() => '---').join('|')}|`,
    ];
    for (const sc of SCENARIOS) {
      lines.push(`| ${sc} req/s | ${gws.map((g) => list(results[sc][g.name].map((r) => r.rps))).join(' | ')} |`);
      lines.push(`| ${sc} / bare | ${gws.map((g) => list(ratios[sc][g.name], 2)).join(' | ')} |`);
      lines.push(`| ${sc} CPU µs a request | ${gws.map((g) => list(cpuPerRequest[sc][g.name])).join(' | ')} |`);
      lines.push(
        `| ${sc} p99 ms | ${gws
          .map((g) =>
            list(
              results[sc][g.name].map((r) => r.p99ms),
              1,
            ),
          )
          .join(' | ')} |`,
      );
      lines.push(`| ${sc} errors | ${gws.map((g) => String(results[sc][g.name].reduce((s, r) => s + r.errors, 0))).join(' | ')} |`);
    }
    lines.push(`| peak RSS MB | ${gws.map((g) => peakRssMb(g.pid).toFixed(0)).join(' | ')} |`);
    console.log(lines.join('\n'));
  } finally {
    for (const c of children) c.kill('SIGTERM');
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
