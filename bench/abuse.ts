/**
 * Abuse benchmark (hardening issue): what keyless callers can do to a gateway run as `npm start`
 * ships it (package.json's start command, default logging).
 *
 *   flood:   10,000 distinct unauthenticated GraphQL POST bodies just under the 1 MiB body limit
 *            (`{__typename}` padded with spaces and a distinct comment — the shape that took the
 *            process down when documents were remembered by text — and as many invalid ones), over
 *            50 connections, plus 1,000 introspection attempts (GraphiQL's query, alias floods,
 *            __schema bombs, fan-out below type references, fragment bombs);
 *   probe:   GET /healthz at a fixed rate (open loop, one every 10 ms) during the flood and, in
 *            the same run, for as long without it, over keep-alive connections (as an
 *            orchestrator's probe: node's Agent, at most 8 at once);
 *   memory:  the gateway's RSS (/proc/<pid>/status) sampled every 100 ms.
 *
 * Targets: the process alive throughout, RSS ≤ 300 MB, /healthz p99 during the flood ≤ 5× its p99
 * without it.
 *
 *   npx tsx bench/abuse.ts [--write]     (--write: replace this section of bench/RESULTS.md)
 *
 * Beside /healthz, a keyed request is probed the same way (GET /v1/account with the bootstrap key:
 * authentication, one SQLite read) — what a paying caller feels during the flood.
 *
 * BENCH_ABUSE_TREE=DIR starts the gateway of another checkout (its own `npm start`, from DIR; the
 * flood and the probes are this file's), and BENCH_ABUSE_JSON=FILE writes the figures as JSON —
 * for A/B runs of two trees (bench/abuse-ab.ts).
 *
 * BENCH_ABUSE_DIAG=1 adds, on stderr, where the slow probes came from (bench/abuse-diagnostics.mjs
 * inside the gateway: event-loop stalls, GC pauses, when each probe reached the gateway);
 * BENCH_ABUSE_DIAG_PROFILE=1 also says what ran during each of the longest stalls (a CPU profile).
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { startArgs } from '../test/start-args.js';
import { FULL_INTROSPECTION_QUERY } from '../test/support/introspection.js';
import { freePort, percentile, rssMb } from './lib.js';
import { startProbe } from './probe.js';
import type { Probe, ProbeResult } from './probe.js';
import { writeResultsSection } from './results.js';

const BODIES = Number(process.env.BENCH_ABUSE_BODIES ?? 10_000);
const INTROSPECTIONS = Number(process.env.BENCH_ABUSE_INTROSPECTIONS ?? 1_000);
const CONNECTIONS = 50;
const PROBE_EVERY_MS = 10;
const BODY_LIMIT = 1024 * 1024;
const DIAG = process.env.BENCH_ABUSE_DIAG === '1';
/**
 * Floods per run, 5 s apart; the p99 during the floods is over all of them together. One
 * flood lasts ~3 s, ~300 probes: its p99 is its 3rd-slowest probe, and runs of the same code
 * ranged 3.2–6.3×. (BENCH_ABUSE_DIAG looks at one flood.)
 */
const ROUNDS = DIAG ? 1 : Number(process.env.BENCH_ABUSE_ROUNDS ?? 3);

const TREE = process.env.BENCH_ABUSE_TREE ? resolve(process.env.BENCH_ABUSE_TREE) : undefined;
const KEY = 'bench-abuse-key-000000000000000000';

/** node's arguments of a tree's `npm start`, its scripts made absolute (bench/ab.ts does the same). */
function treeStartArgs(dir: string): string[] {
  const start = String((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start);
  const words = start.split(/\s+/).filter(Boolean);
  if (words[0] !== 'node') throw new Error(`${dir}: the start script is not a plain node command: ${start}`);
  return words.slice(1).map((w) => (w.endsWith('.mjs') || w.endsWith('.js') ? join(dir, w) : w));
}

const progress = (msg: string) => process.stderr.write(`[abuse] ${msg}\n`);

/**
 * This machine has 2 cores and the flood's client runs on it too: the client is pinned to one
 * core and the gateway's event loop (with the probe) to the other, so what is measured is the
 * gateway's responsiveness, not the client's share of the scheduler (an attacker's client is
 * elsewhere).
 *
 * Only the gateway's main thread is pinned (`threads: 'main'`): V8 runs its garbage collector's
 * concurrent and parallel work on helper threads, made to use the cores the event loop does not.
 * Pinned with the main thread (as this bench did until 2026-11-25), a mark-compact late in the
 * flood gave its four helpers 72% of that one core while the other sat idle (perf -a: 86 of 120
 * samples on core 1, 103 of 120 idle on core 0), and /healthz stalled 20–25 ms three times in a
 * row — a stall no deployment with a second core has. Runs of 2026-11-25, ratio of the p99s: all
 * threads pinned 2.4–19.1× (9 of 19 within 5×; 9.2, 10.5 and 19.1 among them), the main thread
 * only 3.2–6.3× (7 of 13).
 */
function pin(pid: number, cpu: number, threads: 'all' | 'main' = 'all'): void {
  spawnSync('taskset', [...(threads === 'all' ? ['-a'] : []), '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

/** /healthz once every PROBE_EVERY_MS (bench/probe.ts: a process of its own), pinned with the gateway's event loop. */
function probe(url: string): Probe {
  const p = startProbe(`${url}/healthz`, { everyMs: PROBE_EVERY_MS });
  pin(p.pid, 1);
  return p;
}

/** A keyed request (GET /v1/account) at the same rate, pinned the same way. */
function keyedProbe(url: string): Probe {
  const p = startProbe(`${url}/v1/account`, { everyMs: PROBE_EVERY_MS, headers: { 'x-api-key': KEY } });
  pin(p.pid, 1);
  return p;
}

const GRAPHIQL = FULL_INTROSPECTION_QUERY;
/** Introspection attempt of kind 0–6; `n` makes kind 6 a new document. */
function introspectionAttempt(kind: number, n = 0): string {
  switch (kind) {
    case 0:
      return JSON.stringify({ query: GRAPHIQL });
    case 1:
      return JSON.stringify({
        query: `{ ${Array.from({ length: 100 }, (_, j) => `s${j}: __schema { types { name fields { name } } }`).join(' ')} }`,
      });
    case 2:
      return JSON.stringify({ query: `{ ${Array.from({ length: 1000 }, (_, j) => `a${j}: __typename`).join(' ')} }` });
    case 3:
      return JSON.stringify({
        query: '{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }',
      });
    case 4: {
      let doc = 'fragment F0 on Query { __typename }\n';
      for (let l = 1; l <= 7; l++) doc += `fragment F${l} on Query { ${Array.from({ length: 8 }, () => `...F${l - 1}`).join(' ')} }\n`;
      return JSON.stringify({ query: `{ ...F7 }\n${doc}` });
    }
    case 5:
      return JSON.stringify({ query: `{ __type(name: "Query") { name fields { name args { name } } } }` });
    default:
      // GraphiQL's query made a new document (a root alias of __typename): an answer to compute
      // each time, not one remembered — limited by the gateway's introspection CPU budget.
      return JSON.stringify({ query: `query { n${n}: __typename ${GRAPHIQL.slice(GRAPHIQL.indexOf('{') + 1)}` });
  }
}

async function flood(url: string, round: number, onProgress: (done: number) => void) {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  const statuses = new Map<number, number>();
  let failures = 0;
  const total = BODIES + INTROSPECTIONS;
  const every = Math.max(1, Math.floor(total / Math.max(1, INTROSPECTIONS)));
  const introspections = Array.from({ length: 6 }, (_, i) => Buffer.from(introspectionAttempt(i)));
  const KINDS = 7;
  // Each worker owns two 1 MiB - 64 bodies and writes the request's number into them (distinct
  // bodies without building a megabyte per request in this process).
  const size = BODY_LIMIT - 64;
  const bodyOf = (prefix: string) => {
    const b = Buffer.alloc(size, 0x20);
    b.write(prefix, 0, 'latin1');
    b.write('#          "}', size - 13, 'latin1');
    return b;
  };
  let next = 0;
  let done = 0;
  const worker = async () => {
    const valid = bodyOf('{"query":"{__typename}');
    const invalid = bodyOf('{"query":"{ notAField }');
    while (next < total) {
      const i = next++;
      let body: Buffer;
      if (i % every === every - 1 && i / every < INTROSPECTIONS)
        body = i % KINDS === 6 ? Buffer.from(introspectionAttempt(6, round * total + i)) : introspections[i % KINDS];
      else {
        body = i % 2 ? valid : invalid;
        // Distinct across the rounds of a run too.
        body.write(String(round * total + i).padEnd(10, ' '), size - 12, 'latin1');
      }
      try {
        const r = await pool.request({
          path: '/graphql',
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
          body,
        });
        await r.body.dump();
        statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
      } catch {
        failures++;
      }
      if (++done % 1000 === 0) onProgress(done);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { seconds, statuses, failures, total };
}

interface Diagnostics {
  gcs: { t: number; ms: number; kind: number }[];
  stalls: { t: number; ms: number; ran?: string[] }[];
  probes: { seq: number; t: number }[];
  loopDelay: { p50: number; p99: number; max: number };
}

/**
 * BENCH_ABUSE_DIAG=1: where the flood's slow probes came from, on stderr. A probe's latency is
 * split at the moment its request reached the gateway's 'request' event: before it, the request
 * waited for the gateway's event loop (or the kernel); after it, the gateway answered and the
 * probe read the answer.
 */
/** A probe's latencies (ms from each send), in order. */
const msOf = (p: ProbeResult) => p.latencies.map(([, ms]) => ms);

function diagnose(d: Diagnostics, loud: ProbeResult): void {
  const sentAt = new Map(loud.sent);
  const reached = new Map(d.probes.map((p) => [p.seq, p.t]));
  const rows = loud.latencies.flatMap(([n, ms]) => {
    const sent = sentAt.get(n);
    const at = reached.get(n);
    return sent === undefined || at === undefined ? [] : [{ ms, waited: at - sent, rest: ms - (at - sent) }];
  });
  const p99 = percentile(
    rows.map((r) => r.ms),
    99,
  );
  const slow = rows.filter((r) => r.ms >= p99);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  progress(
    `diag: ${slow.length} probes at or over the flood's p99 (${p99.toFixed(1)} ms): on average ${mean(slow.map((r) => r.waited)).toFixed(1)} ms before the gateway's 'request' event, ${mean(slow.map((r) => r.rest)).toFixed(1)} ms after`,
  );
  progress(
    `diag: gateway event-loop delay during the flood: p50 ${d.loopDelay.p50} ms, p99 ${d.loopDelay.p99} ms, max ${d.loopDelay.max} ms`,
  );
  const kinds = new Map<number, { n: number; ms: number; max: number }>();
  for (const g of d.gcs) {
    const k = kinds.get(g.kind) ?? { n: 0, ms: 0, max: 0 };
    k.n++;
    k.ms += g.ms;
    k.max = Math.max(k.max, g.ms);
    kinds.set(g.kind, k);
  }
  const names: Record<number, string> = {
    1: 'scavenge',
    2: 'minor mark-sweep',
    4: 'mark-compact',
    8: 'incremental marking',
    16: 'weak callbacks',
  };
  progress(
    `diag: GC during the flood: ${[...kinds].map(([k, v]) => `${names[k] ?? k} ${v.n}× ${v.ms.toFixed(0)} ms (max ${v.max.toFixed(1)})`).join(', ')}`,
  );
  const start = Math.min(...loud.sent.map(([, t]) => t));
  const top = [...d.stalls].sort((a, b) => b.ms - a.ms).slice(0, 8);
  progress(
    `diag: ${d.stalls.length} event-loop stalls over 10 ms (${d.stalls.reduce((a, s) => a + s.ms, 0).toFixed(0)} ms in all); longest: ${top
      .map((s) => {
        const gc = d.gcs.filter((g) => g.t + g.ms >= s.t && g.t <= s.t + s.ms + 2).reduce((a, g) => a + g.ms, 0);
        return `${s.ms.toFixed(0)} ms at +${((s.t - start) / 1000).toFixed(2)} s (GC ${gc.toFixed(0)} ms)`;
      })
      .join(', ')}`,
  );
  for (const s of top.filter((x) => x.ran))
    progress(
      `diag: during the ${s.ms.toFixed(0)} ms stall at +${((s.t - start) / 1000).toFixed(2)} s: ${s.ran!.join('; ') || 'no samples'}`,
    );
}

async function main() {
  const write = process.argv.includes('--write');
  const work = mkdtempSync(join(tmpdir(), 'cl-abuse-'));
  let child: ChildProcess | undefined;
  try {
    const port = await freePort();
    progress('starting the gateway as npm start ships it');
    // The gateway's output goes to a file, as a process manager would keep it: a pipe read by
    // this (busy) process would hold up the gateway's synchronous log writes instead.
    const logFile = join(work, 'gateway.log');
    const fd = openSync(logFile, 'a');
    const diagOut = join(work, 'diagnostics.json');
    const diagEnv = DIAG
      ? {
          NODE_OPTIONS: `--import ${new URL('abuse-diagnostics.mjs', import.meta.url).href}`,
          ABUSE_DIAG_OUT: diagOut,
          ABUSE_DIAG_PROFILE: process.env.BENCH_ABUSE_DIAG_PROFILE ?? '',
        }
      : {};
    child = spawn(process.execPath, TREE ? treeStartArgs(TREE) : startArgs(), {
      cwd: TREE,
      env: {
        ...process.env,
        ...diagEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(work, 'data'),
        BOOTSTRAP_API_KEY: KEY,
        BOOTSTRAP_CREDITS: '1000',
      },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    for (let t = 0; !/listening on/.test(readFileSync(logFile, 'utf8')); t++) {
      if (t > 600 || child.exitCode !== null) throw new Error(`the gateway did not start:\n${readFileSync(logFile, 'utf8')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = child.pid!;
    pin(pid, 1, 'main');
    let exited = false;
    child.once('exit', () => (exited = true));
    const url = `http://127.0.0.1:${port}`;
    const rss: number[] = [];
    const sampler = setInterval(() => {
      if (!exited) rss.push(rssMb(pid));
    }, 100);

    const floodRun = async (round: number) => {
      const p = probe(url);
      const k = keyedProbe(url);
      if (DIAG) process.kill(pid, 'SIGUSR2');
      // The flood's client in a process of its own, pinned to the other core.
      const client = fork(fileURLToPath(import.meta.url), ['--flood-child', url, String(round)], { execArgv: process.execArgv });
      pin(client.pid!, 0);
      const f = await new Promise<Awaited<ReturnType<typeof flood>>>((resolveP, reject) => {
        client.on(
          'message',
          (m: { progress?: number; result?: { seconds: number; statuses: [number, number][]; failures: number; total: number } }) => {
            if (m.progress) progress(`flood: ${m.progress} / ${BODIES + INTROSPECTIONS} requests`);
            if (m.result) resolveP({ ...m.result, statuses: new Map(m.result.statuses) });
          },
        );
        // (Its result may be read after its exit: a no-op once resolved.)
        client.once('exit', (code) => setTimeout(() => reject(new Error(`flood client exited (${code}) without its results`)), 1_000));
      });
      const [loud, keyed] = await Promise.all([p.stop(), k.stop()]);
      if (DIAG) process.kill(pid, 'SIGUSR2');
      return { f, probe: loud, keyed };
    };
    const quietRun = async (ms: number) => {
      const p = probe(url);
      const k = keyedProbe(url);
      await new Promise((r) => setTimeout(r, ms));
      const [healthz, keyed] = await Promise.all([p.stop(), k.stop()]);
      quietKeyed.push(keyed);
      return healthz;
    };
    const quietKeyed: ProbeResult[] = [];

    // Warm-up (connections, JIT), then the baseline; ROUNDS floods 5 s apart; then the baseline once more.
    // 10 s of warm-up (2 s until 2026-11-25), as bench/jobs.ts. The p99 before the floods stays
    // above the one after them either way (3.64 / 2.87 ms after 2 s, 3.59 / 2.85 after 10 s), so
    // the results give both beside the pooled one.
    await quietRun(10_000);
    progress('baseline probe (no flood), 10 s');
    const quiets = [await quietRun(10_000)];
    const floods: Awaited<ReturnType<typeof floodRun>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      progress(`flood ${round + 1} of ${ROUNDS}`);
      floods.push(await floodRun(round));
      progress(`flood done in ${floods[round].f.seconds.toFixed(1)} s; baseline probe again`);
      // Between floods a pause, not a baseline (what a flood leaves behind settles); after the last, the baseline again.
      if (round < ROUNDS - 1) await new Promise((r) => setTimeout(r, 5_000));
      else quiets.push(await quietRun(10_000));
    }
    clearInterval(sampler);

    const quiet = quiets.flatMap(msOf);
    const loudMs = floods.flatMap(({ probe }) => msOf(probe));
    const loud = floods[0].probe;
    const f = {
      total: floods.reduce((n, r) => n + r.f.total, 0),
      seconds: floods.reduce((n, r) => n + r.f.seconds, 0),
      failures: floods.reduce((n, r) => n + r.f.failures, 0),
      statuses: new Map<number, number>(),
    };
    for (const r of floods) for (const [st, n] of r.f.statuses) f.statuses.set(st, (f.statuses.get(st) ?? 0) + n);
    const p99Of = (p: ProbeResult) => percentile(msOf(p), 99).toFixed(2);
    const roundP99s = floods.map(({ probe }) => p99Of(probe));
    const quietP99 = percentile(quiet, 99);
    const quietP99s = quiets.map(p99Of);
    const loudP99 = percentile(loudMs, 99);
    if (DIAG) {
      for (let t = 0; !existsSync(diagOut) && t < 50; t++) await new Promise((r) => setTimeout(r, 100));
      diagnose(JSON.parse(readFileSync(diagOut, 'utf8')) as Diagnostics, loud);
    }
    const ratio = loudP99 / quietP99;
    // The keyed probe (the first quiet run is the warm-up's).
    const keyedQuiet = quietKeyed.slice(1).flatMap(msOf);
    const keyedLoud = floods.flatMap(({ keyed }) => msOf(keyed));
    const keyedQuietFailed = quietKeyed.slice(1).reduce((n, q) => n + q.failures, 0);
    const keyedLoudFailed = floods.reduce((n, r) => n + r.keyed.failures, 0);
    const healthzLoudFailed = floods.reduce((n, r) => n + r.probe.failures, 0);
    const maxRss = Math.max(...rss);
    const alive =
      !exited &&
      (await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
    const statusLine = [...f.statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const body = [
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${process.platform}, node ${process.version}); \`npx tsx bench/abuse.ts\`. Gateway run as \`npm start\` ships it (\`node ${startArgs().join(' ')}\`), default logging.`,
      '',
      `Flood, ${ROUNDS} times 5 s apart (the p99 during the flood is over all rounds together; without: 10 s before the first and 10 s after the last): ${f.total} keyless POST /graphql over ${CONNECTIONS} connections in ${f.seconds.toFixed(1)} s of flooding (${Math.round(f.total / f.seconds)} req/s); each round ${BODIES} distinct bodies just under 1 MiB (half \`{__typename}\` + spaces + a distinct comment, half invalid documents) and ${INTROSPECTIONS} introspection attempts (GraphiQL's query, 100 aliased __schema, 1,000 aliases, fan-out below type references, fragment bomb, __type, GraphiQL's query as a new document each time). Answers: ${statusLine}; transport failures ${f.failures}.`,
      '',
      '| measure | without flood | during flood |',
      '|---|---|---|',
      `| /healthz probes (every ${PROBE_EVERY_MS} ms, keep-alive) | ${quiet.length} ok, ${quiets.reduce((n, q) => n + q.failures, 0)} failed | ${loudMs.length} ok, ${floods.reduce((n, r) => n + r.probe.failures, 0)} failed |`,
      `| /healthz p50 ms | ${percentile(quiet, 50).toFixed(2)} | ${percentile(loudMs, 50).toFixed(2)} |`,
      `| /healthz p99 ms | ${quietP99.toFixed(2)} (before ${quietP99s[0]}, after ${quietP99s[1]}) | ${loudP99.toFixed(2)} (rounds: ${roundP99s.join(', ')}) |`,
      `| keyed GET /v1/account probes | ${keyedQuiet.length} ok, ${keyedQuietFailed} failed | ${keyedLoud.length} ok, ${keyedLoudFailed} failed |`,
      `| keyed p99 ms | ${percentile(keyedQuiet, 99).toFixed(2)} | ${percentile(keyedLoud, 99).toFixed(2)} |`,
      '',
      `- process alive throughout: **${alive ? 'yes' : 'NO'}** (target: ${met(alive)})`,
      `- RSS max **${maxRss.toFixed(0)} MB** over ${rss.length} samples (target ≤ 300 MB: ${met(maxRss <= 300)})`,
      `- /healthz p99 during / without the flood = **${ratio.toFixed(2)}×** (target ≤ 5×: ${met(ratio <= 5)})`,
    ].join('\n');
    process.stdout.write(`${body}\n`);
    if (process.env.BENCH_ABUSE_JSON) {
      const figures = {
        alive,
        rssMaxMb: maxRss,
        floodSeconds: f.seconds,
        statuses: Object.fromEntries(f.statuses),
        transportFailures: f.failures,
        healthz: { quietP99, loudP99, ratio, loudOk: loudMs.length, loudFailed: healthzLoudFailed },
        keyed: {
          quietP99: percentile(keyedQuiet, 99),
          loudP99: percentile(keyedLoud, 99),
          loudOk: keyedLoud.length,
          loudFailed: keyedLoudFailed,
        },
      };
      writeFileSync(process.env.BENCH_ABUSE_JSON, JSON.stringify(figures));
    }
    if (write) writeResultsSection('Abuse: keyless floods', body);
    else progress('not written (pass --write to replace the section of bench/RESULTS.md)');
  } finally {
    child?.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--flood-child') {
  flood(process.argv[3], Number(process.argv[4] ?? 0), (n) => process.send!({ progress: n })).then((r) => {
    process.send!({ result: { ...r, statuses: [...r.statuses.entries()] } }, () => process.exit(0));
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
