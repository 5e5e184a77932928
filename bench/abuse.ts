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
 *            the same run, for as long without it;
 *   memory:  the gateway's RSS (/proc/<pid>/status) sampled every 100 ms.
 *
 * Targets: the process alive throughout, RSS ≤ 300 MB, /healthz p99 during the flood ≤ 5× its p99
 * without it.
 *
 *   npx tsx bench/abuse.ts [--write]     (--write: replace this section of bench/RESULTS.md)
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getIntrospectionQuery } from 'graphql';
import { Pool } from 'undici';
import { startArgs } from '../test/start-args.js';
import { freePort } from './lib.js';
import { writeResultsSection } from './results.js';

const BODIES = Number(process.env.BENCH_ABUSE_BODIES ?? 10_000);
const INTROSPECTIONS = Number(process.env.BENCH_ABUSE_INTROSPECTIONS ?? 1_000);
const CONNECTIONS = 50;
const PROBE_EVERY_MS = 10;
const BODY_LIMIT = 1024 * 1024;

const progress = (msg: string) => process.stderr.write(`[abuse] ${msg}\n`);

/**
 * This machine has 2 cores and the flood's client runs on it too: the client is pinned to one
 * core and the gateway (with the probe) to the other, so what is measured is the gateway's
 * responsiveness, not the client's share of the scheduler (an attacker's client is elsewhere).
 */
function pin(pid: number, cpu: number): void {
  spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/**
 * /healthz once every PROBE_EVERY_MS until stopped (open loop: a slow answer does not delay the
 * next probe), from a process of its own — the flood's client keeps this process busy, and its
 * event loop must not be what the probe measures.
 */
const PROBE_SCRIPT = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const latencies = []; let failures = 0;
const timer = setInterval(() => {
  const t = performance.now();
  http.get(process.env.PROBE_URL, { agent }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 200 ? latencies.push(performance.now() - t) : failures++));
  }).on('error', () => failures++);
}, Number(process.env.PROBE_EVERY_MS));
process.on('message', () => {
  clearInterval(timer);
  setTimeout(() => { process.send({ latencies, failures }); agent.destroy(); process.exit(0); }, 300);
});`;

function probe(url: string) {
  const file = join(tmpdir(), `cl-abuse-probe-${process.pid}.cjs`);
  writeFileSync(file, PROBE_SCRIPT);
  const child = fork(file, [], {
    execArgv: [],
    env: { ...process.env, PROBE_URL: `${url}/healthz`, PROBE_EVERY_MS: String(PROBE_EVERY_MS) },
  });
  pin(child.pid!, 1);
  return {
    stop: () =>
      new Promise<{ latencies: number[]; failures: number }>((resolveP) => {
        child.once('message', (m) => resolveP(m as { latencies: number[]; failures: number }));
        child.send('stop');
      }),
  };
}

const GRAPHIQL = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});
function introspectionAttempt(i: number): string {
  switch (i % 6) {
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
    default:
      return JSON.stringify({ query: `{ __type(name: "Query") { name fields { name args { name } } } }` });
  }
}

async function flood(url: string, onProgress: (done: number) => void) {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  const statuses = new Map<number, number>();
  let failures = 0;
  const total = BODIES + INTROSPECTIONS;
  const every = Math.max(1, Math.floor(total / Math.max(1, INTROSPECTIONS)));
  const introspections = Array.from({ length: 6 }, (_, i) => Buffer.from(introspectionAttempt(i)));
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
      if (i % every === every - 1 && i / every < INTROSPECTIONS) body = introspections[i % 6];
      else {
        body = i % 2 ? valid : invalid;
        body.write(String(i).padEnd(10, ' '), size - 12, 'latin1');
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
    child = spawn(process.execPath, startArgs(), {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(work, 'data') },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    for (let t = 0; !/listening on/.test(readFileSync(logFile, 'utf8')); t++) {
      if (t > 600 || child.exitCode !== null) throw new Error(`the gateway did not start:\n${readFileSync(logFile, 'utf8')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = child.pid!;
    pin(pid, 1);
    let exited = false;
    child.once('exit', () => (exited = true));
    const url = `http://127.0.0.1:${port}`;
    const rss: number[] = [];
    const sampler = setInterval(() => {
      if (!exited) rss.push(rssMb(pid));
    }, 100);

    const floodRun = async () => {
      const p = probe(url);
      // The flood's client in a process of its own, pinned to the other core.
      const client = fork(fileURLToPath(import.meta.url), ['--flood-child', url], { execArgv: process.execArgv });
      pin(client.pid!, 0);
      const f = await new Promise<Awaited<ReturnType<typeof flood>>>((resolveP, reject) => {
        client.on(
          'message',
          (m: { progress?: number; result?: { seconds: number; statuses: [number, number][]; failures: number; total: number } }) => {
            if (m.progress) progress(`flood: ${m.progress} / ${BODIES + INTROSPECTIONS} requests`);
            if (m.result) resolveP({ ...m.result, statuses: new Map(m.result.statuses) });
          },
        );
        client.once('exit', (code) => code && reject(new Error(`flood client exited ${code}`)));
      });
      return { f, probe: await p.stop() };
    };
    const quietRun = async (ms: number) => {
      const p = probe(url);
      await new Promise((r) => setTimeout(r, ms));
      return p.stop();
    };

    // Warm-up (connections, JIT), then the baseline; the flood; then the baseline once more.
    await quietRun(2_000);
    progress('baseline probe (no flood), 10 s');
    const quietBefore = await quietRun(10_000);
    progress('flood');
    const { f, probe: loud } = await floodRun();
    progress(`flood done in ${f.seconds.toFixed(1)} s; baseline probe again`);
    const quietAfter = await quietRun(10_000);
    clearInterval(sampler);

    const quiet = [...quietBefore.latencies, ...quietAfter.latencies];
    const quietP99 = percentile(quiet, 99);
    const loudP99 = percentile(loud.latencies, 99);
    const ratio = loudP99 / quietP99;
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
      `Flood: ${f.total} keyless POST /graphql over ${CONNECTIONS} connections in ${f.seconds.toFixed(1)} s (${Math.round(f.total / f.seconds)} req/s): ${BODIES} distinct bodies just under 1 MiB (half \`{__typename}\` + spaces + a distinct comment, half invalid documents) and ${INTROSPECTIONS} introspection attempts (GraphiQL's query, 100 aliased __schema, 1,000 aliases, fan-out below type references, fragment bomb, __type). Answers: ${statusLine}; transport failures ${f.failures}.`,
      '',
      '| measure | without flood | during flood |',
      '|---|---|---|',
      `| /healthz probes (every ${PROBE_EVERY_MS} ms) | ${quiet.length} ok, ${quietBefore.failures + quietAfter.failures} failed | ${loud.latencies.length} ok, ${loud.failures} failed |`,
      `| /healthz p50 ms | ${percentile(quiet, 50).toFixed(2)} | ${percentile(loud.latencies, 50).toFixed(2)} |`,
      `| /healthz p99 ms | ${quietP99.toFixed(2)} | ${loudP99.toFixed(2)} |`,
      '',
      `- process alive throughout: **${alive ? 'yes' : 'NO'}** (target: ${met(alive)})`,
      `- RSS max **${maxRss.toFixed(0)} MB** over ${rss.length} samples (target ≤ 300 MB: ${met(maxRss <= 300)})`,
      `- /healthz p99 during / without the flood = **${ratio.toFixed(2)}×** (target ≤ 5×: ${met(ratio <= 5)})`,
    ].join('\n');
    process.stdout.write(`${body}\n`);
    if (write) writeResultsSection('Abuse: keyless floods', body);
    else progress('not written (pass --write to replace the section of bench/RESULTS.md)');
  } finally {
    child?.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--flood-child') {
  flood(process.argv[3], (n) => process.send!({ progress: n })).then((r) => {
    process.send!({ result: { ...r, statuses: [...r.statuses.entries()] } }, () => process.exit(0));
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
