/**
 * The latency probe of the benchmarks: GETs of one URL at a fixed rate (open loop: a slow answer
 * does not delay the next request), from a process of its own that does nothing else.
 *
 * Why a process of its own: what runs beside the probe in the benchmark's process — a flood's
 * client, a job's polling, the benchmark's own allocations and their garbage collection, the WHATWG
 * `fetch` machinery — delays the probe's sends and the reading of its answers, and that delay would
 * be counted as the gateway's. bench/jobs.ts measured it on 2026-11-25: with its probe on global
 * `fetch` in its own process, the benchmark's process ran stretches of 5–9 ms (32 in 4 s) and waited
 * up to 10 ms for a CPU while the job ran, and the slowest probes had spent 0.2 ms in the gateway
 * (its access log) against 7–16 ms seen by the client.
 *
 * Each request is sent at its due time (`start + n × interval`, a timer chain: no drift) with
 * node's http client on keep-alive connections. A probe's latency is kept from when it was sent and
 * from when it was due; the second also counts a late send (a probe process that did not get the
 * CPU in time) against what is measured.
 */
import { spawn } from 'node:child_process';

const SCRIPT = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(process.env.PROBE_SOCKETS) });
const every = Number(process.env.PROBE_EVERY_MS);
const unmeasured = Number(process.env.PROBE_UNMEASURED);
const headers = JSON.parse(process.env.PROBE_HEADERS);
const latencies = []; const sent = []; let failures = 0; let n = 0; let timer = null;
const start = performance.now();
const send = () => {
  const seq = ++n;
  const due = start + (seq - 1) * every;
  const t = performance.now();
  sent.push([seq, performance.timeOrigin + t]);
  http.get(process.env.PROBE_URL, { agent, headers: { ...headers, 'x-probe-seq': String(seq) } }, (res) => {
    res.resume();
    res.on('error', () => failures++);
    res.on('end', () => {
      const now = performance.now();
      if (seq <= unmeasured) return;
      if (res.statusCode === 200) latencies.push([seq, now - t, now - Math.min(t, due)]);
      else failures++;
    });
  }).on('error', () => failures++);
  timer = setTimeout(send, Math.max(0, start + seq * every - performance.now()));
};
send();
process.on('message', () => {
  clearTimeout(timer);
  // Answers in flight are waited for; then exit once the results are sent (a large IPC message
  // is written asynchronously).
  setTimeout(() => { agent.destroy(); process.send({ latencies, sent, failures }, () => process.exit(0)); }, 300);
});`;

export interface ProbeResult {
  /** [probe number, ms from its send, ms from its due time] of each probe answered 200. */
  latencies: [number, number, number][];
  /** [probe number, epoch ms] of each probe sent. */
  sent: [number, number][];
  /** Probes answered other than 200, or not answered. */
  failures: number;
}

export interface Probe {
  pid: number;
  /** Stops sending; resolves once the answers in flight came back (or 300 ms passed). */
  stop(): Promise<ProbeResult>;
}

/**
 * `unmeasured`: the first probes are sent on schedule but neither timed nor counted. A probe process
 * is new in every phase, and its first one or two requests (its own http client not yet compiled, a
 * new connection) took 6–23 ms in bench/jobs.ts, against ~1 ms for the next — the probe's start-up,
 * not the gateway's latency (default 0: bench/abuse.ts as recorded).
 */
export function startProbe(
  url: string,
  opts: { everyMs: number; headers?: Record<string, string>; sockets?: number; unmeasured?: number },
): Probe {
  // The script given inline (no file to write and leave behind), with an IPC channel for stop().
  const child = spawn(process.execPath, ['-e', SCRIPT], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      PROBE_URL: url,
      PROBE_EVERY_MS: String(opts.everyMs),
      PROBE_HEADERS: JSON.stringify(opts.headers ?? {}),
      PROBE_SOCKETS: String(opts.sockets ?? 8),
      PROBE_UNMEASURED: String(opts.unmeasured ?? 0),
    },
  });
  return {
    pid: child.pid!,
    stop: () =>
      new Promise<ProbeResult>((resolveP, reject) => {
        child.once('message', (m) => resolveP(m as ProbeResult));
        child.once('exit', (code) => setTimeout(() => reject(new Error(`the probe exited (${code}) without its results`)), 1_000));
        child.send('stop');
      }),
  };
}
