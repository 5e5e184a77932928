/**
 * BENCH_ABUSE_DIAG=1 npx tsx bench/abuse.ts: loaded into the gateway (NODE_OPTIONS=--import) to
 * say where a slow /healthz answer came from, in the gateway's own clock:
 *   - event-loop stalls over 10 ms (a 2 ms timer that fired late) and the loop's delay histogram;
 *   - GC pauses (perf_hooks 'gc' entries: kind 1 scavenge, 4 mark-compact, 8 incremental marking);
 *   - when each probe's request reached the gateway's 'request' event (x-probe-seq header), so the
 *     bench can split a probe's latency into "waiting for the gateway's loop" and the rest.
 * The first SIGUSR2 starts recording (the flood begins), the second writes ABUSE_DIAG_OUT.
 * Diagnostics only: the benchmark's numbers are measured without this file.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
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

process.on('SIGUSR2', () => {
  if (!recording) {
    recording = true;
    gcs = [];
    stalls = [];
    probes = [];
    delay.enable();
    return;
  }
  recording = false;
  delay.disable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  writeFileSync(
    process.env.ABUSE_DIAG_OUT,
    JSON.stringify({
      gcs,
      stalls,
      probes,
      loopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    }),
  );
});
