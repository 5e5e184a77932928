/**
 * BENCH_ABUSE_DIAG=1 npx tsx bench/abuse.ts: loaded into the gateway (NODE_OPTIONS=--import) to
 * say where a slow /healthz answer came from, in the gateway's own clock:
 *   - event-loop stalls over 10 ms (a 2 ms timer that fired late) and the loop's delay histogram;
 *   - GC pauses (perf_hooks 'gc' entries: kind 1 scavenge, 4 mark-compact, 8 incremental marking);
 *   - when each probe's request reached the gateway's 'request' event (x-probe-seq header), so the
 *     bench can split a probe's latency into "waiting for the gateway's loop" and the rest.
 * The first SIGUSR2 starts recording (the flood begins), the second writes ABUSE_DIAG_OUT.
 * With ABUSE_DIAG_PROFILE=1 a CPU profile (0.25 ms sampling) is taken over the same span and each
 * stall is told what ran during it (the profile's samples inside the stall, by function).
 * Diagnostics only: the benchmark's numbers are measured without this file.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector';
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setInterval } from 'node:timers';

const now = () => performance.timeOrigin + performance.now();
let recording = false;
let gcs = [];
let stalls = [];
let probes = [];

new PerformanceObserver((list) => {
  if (!recording) return;
  for (const e of list.getEntries()) gcs.push({ t: performance.timeOrigin + e.startTime, ms: e.duration, kind: e.detail?.kind });
}).observe({ entryTypes: ['gc'] });

let last = performance.now();
setInterval(() => {
  const t = performance.now();
  if (recording && t - last > 12) stalls.push({ t: performance.timeOrigin + last, ms: t - last - 2 });
  last = t;
}, 2).unref();
const delay = monitorEventLoopDelay({ resolution: 1 });

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req) {
  if (recording && event === 'request' && req.headers['x-probe-seq']) probes.push({ seq: Number(req.headers['x-probe-seq']), t: now() });
  return emit.apply(this, arguments);
};

const profiling = process.env.ABUSE_DIAG_PROFILE === '1';
let profiledFrom = 0;
const session = profiling ? new Session() : null;
if (session) session.connect();
const post = (method, params) =>
  new Promise((resolveP, reject) => session.post(method, params, (err, r) => (err ? reject(err) : resolveP(r))));

/** For each stall, the functions the profile's samples inside it were in (self time, top 5). */
function whatRan(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const name = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-1)[0]}:${n.callFrame.lineNumber}`;
  // Profile times are µs on V8's own clock: aligned on the moment the profiler started
  // (profiledFrom, performance.now() ms), sample times become performance.now() µs.
  const times = [];
  let t = profiledFrom * 1000;
  for (const d of profile.timeDeltas) times.push((t += d));
  return stalls.map((s) => {
    const from = (s.t - performance.timeOrigin) * 1000;
    const to = from + (s.ms + 2) * 1000;
    // Few samples with a long gap: the sampler itself did not run (the process off the CPU). Many:
    // it ran — though pinned to one busy core, V8 may label as idle what perf shows running.
    const self = new Map();
    let n = 0;
    let gap = 0;
    profile.samples.forEach((id, i) => {
      if (times[i] < from || times[i] > to) return;
      const k = name(byId.get(id));
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      self.set(k, (self.get(k) ?? 0) + ms);
      n++;
      gap = Math.max(gap, ms);
    });
    return [
      `${n} samples, longest gap ${gap.toFixed(1)} ms`,
      ...[...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([k, v]) => `${k} ${v.toFixed(1)} ms`),
    ];
  });
}

process.on('SIGUSR2', async () => {
  if (!recording) {
    recording = true;
    gcs = [];
    stalls = [];
    probes = [];
    delay.enable();
    if (session) {
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 250 });
      await post('Profiler.start');
      profiledFrom = performance.now();
    }
    return;
  }
  recording = false;
  delay.disable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const ran = session ? whatRan((await post('Profiler.stop')).profile) : null;
  writeFileSync(
    process.env.ABUSE_DIAG_OUT,
    JSON.stringify({
      gcs,
      stalls: ran ? stalls.map((s, i) => ({ ...s, ran: ran[i] })) : stalls,
      probes,
      loopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    }),
  );
});
