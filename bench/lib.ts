/**
 * Shared benchmark plumbing: child processes, free ports, wrk runs (closed loop, fixed
 * connection count) and their parsing.
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReplayServer } from '../src/replay/server.js';
import type { Route } from '../src/replay/server.js';

/** Ports handed out so far from BENCH_PORTS (one run shares the range between its servers). */
let nextBenchPort = 0;

/**
 * A free local port: the system's choice, or — with BENCH_PORTS=<from>-<to> (a shared machine
 * whose runs each own a range) — the next one of that range that is free.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    for (let p = Math.max(from, nextBenchPort); p <= to; p++) {
      nextBenchPort = p + 1;
      if (await canListen(p)) return p;
    }
    throw new Error(`BENCH_PORTS ${from}-${to}: no free port left`);
  }
  return listenOn(0);
}

function canListen(port: number): Promise<boolean> {
  return listenOn(port).then(
    () => true,
    () => false,
  );
}

function listenOn(port: number): Promise<number> {
  return new Promise((resolveP, reject) => {
    const s = createServer();
    s.listen(port, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolveP(port));
    });
    s.on('error', reject);
  });
}

export function startChild(cmd: string, args: string[], env: Record<string, string>, readyText: RegExp): Promise<ChildProcess> {
  return new Promise((resolveP, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (readyText.test(out)) resolveP(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`)));
  });
}

/**
 * Stops a child started here: SIGTERM (a gateway shuts down gracefully), then SIGKILL if it is
 * still there after `graceMs`; resolves once it has exited, so no benchmark leaves one running.
 */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * A child whose stdout and stderr go to `logFile`, as a process manager would keep them: a pipe
 * read by the benchmark (which sits blocked in wrk while it measures) would hold up the child's
 * synchronous log writes (pino) and measure the pipe instead of the server. Resolves once
 * `readyText` appears in the file.
 */
export async function startLoggedChild(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
  readyText: RegExp,
  cwd?: string,
): Promise<ChildProcess> {
  const fd = openSync(logFile, 'a');
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', fd, fd], cwd });
  closeSync(fd);
  for (let t = 0; !readyText.test(readFileSync(logFile, 'utf8')); t++) {
    if (t > 600 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`${cmd} ${args.join(' ')} did not start:\n${readFileSync(logFile, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

/** CPU time (user + system, all threads) a process has used so far, in ms; NaN where /proc is not there. */
export function cpuMs(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** CPU µs a request: `spentMs` of a process's CPU time (cpuMs after − before) over a run of `seconds` at `r.rps`. */
export function cpuUsPerRequest(spentMs: number, r: LoadResult, seconds: number): number {
  return (spentMs * 1000) / (r.rps * seconds);
}

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

export interface LoadResult {
  rps: number;
  p50ms: number;
  p99ms: number;
  errors: number;
}

function toMs(v: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(v.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

/**
 * One closed-loop run of `connections` connections for `seconds` with wrk. `lua`: more of wrk's
 * script (e.g. a `request` function giving every request its own path).
 */
export function wrkRun(
  url: string,
  opts: { seconds: number; connections: number; headers: Record<string, string>; method?: string; body?: string; lua?: string },
): LoadResult {
  const script = join(tmpdir(), `wrk-${process.pid}.lua`);
  const lines = [`wrk.method = ${JSON.stringify(opts.method ?? 'GET')}`];
  if (opts.body) lines.push(`wrk.body = ${JSON.stringify(opts.body)}`);
  for (const [k, v] of Object.entries(opts.headers)) lines.push(`wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  if (opts.lua) lines.push(opts.lua);
  // Count non-2xx responses as errors.
  lines.push('errors_n = 0', 'response = function(status, headers, body) if status ~= 200 then errors_n = errors_n + 1 end end');
  writeFileSync(script, lines.join('\n'));
  const r = spawnSync('wrk', ['-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', '-s', script, url], { encoding: 'utf8' });
  const out = r.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sockErr = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (sockErr ? sockErr.slice(1).reduce((s, x) => s + Number(x), 0) : 0);
  if (!Number.isFinite(rps)) throw new Error(`wrk failed:\n${out}\n${r.stderr}`);
  return { rps, p50ms: p50, p99ms: p99, errors };
}

/** A process's resident memory (VmRSS) in MB; NaN once it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The p-th percentile (nearest rank below) of `xs`. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * A replay upstream in a process of its own (a benchmark's `--replay-child` mode): in the
 * benchmark's process it would share the event loop of the load generator or the probe, and wrk
 * runs synchronously there. 'reset' (between runs) drops the replay's request log, which would
 * otherwise grow by every request of the run.
 */
export async function serveReplayChild(route: Route): Promise<void> {
  const replay = await startReplayServer({ routes: [route] });
  process.on('message', (m) => {
    if (m === 'reset') {
      replay.reset();
      replay.add(route);
      process.send!('reset-done');
    }
  });
  process.on('disconnect', () => void replay.close().then(() => process.exit(0)));
  process.send!({ url: replay.url });
}

export interface ReplayChild {
  child: ChildProcess;
  url: string;
  reset(): Promise<void>;
}

/** Forks `script` (a benchmark file) in its `--replay-child` mode; resolves with the replay's URL. */
export function startReplayChild(script: string): Promise<ReplayChild> {
  const child = fork(script, ['--replay-child'], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolveP, reject) => {
    child.once('exit', (code) => reject(new Error(`the replay child exited ${code}`)));
    child.once('message', (m: { url: string }) =>
      resolveP({
        child,
        url: m.url,
        reset: () =>
          new Promise<void>((r) => {
            child.once('message', () => r());
            child.send('reset');
          }),
      }),
    );
  });
}
