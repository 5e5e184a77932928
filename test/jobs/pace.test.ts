/**
 * The pacer of job items (src/jobs/pace.ts): a busy event loop halves the items allowed at once,
 * an idle one gives them back one at a time, up to JOBS_CONCURRENCY; off, it is back at the maximum.
 * A loop mostly idle but late when it wakes (one long turn now and then) halves them too, and so
 * do CPUs queued for (Linux PSI) while this process uses a fair share of them — more strictly
 * while the instance serves single requests. The tests of the
 * CPU wait feed the pacer a fake PSI; whether it stays put is checked on the pure share
 * (cpuWaitShare), since a loaded test machine may lower the allowance through the loop's signals.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { cpuPressureSource, cpuWaitShare, createPacer, pressureTotal } from '../../src/jobs/pace.js';
import { waitFor } from './helpers.js';

/** PSI's text as Linux writes it (/proc/pressure/cpu; a cgroup's cpu.pressure has the same shape). */
const psi = (some: number, full = 0) =>
  `some avg10=0.76 avg60=3.95 avg300=6.63 total=${some}\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=${full}\n`;

/**
 * A fake CPU: from now on, some task waits for a CPU `waiting` of the time and this process runs
 * `own` of a core (both shares of the wall clock), as PSI and process.cpuUsage would count them.
 */
function fakeCpu(waiting: number, own: number) {
  let at = performance.now();
  let stalled = 1_000_000;
  let used = 5_000_000;
  const advance = () => {
    const now = performance.now();
    stalled += (now - at) * 1000 * state.waiting;
    used += (now - at) * 1000 * state.own;
    at = now;
  };
  const state = {
    waiting,
    own,
    pressure: () => (advance(), Math.round(stalled)),
    cpuTime: () => (advance(), Math.round(used)),
    set(w: number, o: number) {
      advance();
      state.waiting = w;
      state.own = o;
    },
  };
  return state;
}

describe('job pacer', () => {
  it('busy loop → fewer items at once; idle loop → back up to the maximum, one at a time', async () => {
    let raised = 0;
    const pacer = createPacer(8, () => raised++);
    try {
      pacer.setActive(true);
      expect(pacer.limit()).toBe(8);
      // The loop busy for a while (a job's items, single requests): no sample can run meanwhile,
      // and the first one after sees a loop busy nearly all the time.
      const until = performance.now() + 400;
      while (performance.now() < until) {
        /* busy */
      }
      await waitFor(() => pacer.limit() < 8, 10_000);
      const low = pacer.limit();
      expect(low).toBeGreaterThanOrEqual(1);
      expect(low).toBeLessThanOrEqual(4);
      // Idle: one more allowed per sample, each announced (the runner starts the next item).
      await waitFor(() => pacer.limit() === 8, 20_000);
      expect(raised).toBeGreaterThanOrEqual(8 - low);
      pacer.setActive(false);
      expect(pacer.limit()).toBe(8);
    } finally {
      pacer.close();
    }
  });

  it('a loop mostly idle but late (one 25 ms turn every 250 ms) → fewer items at once', async () => {
    const pacer = createPacer(8, () => undefined);
    try {
      pacer.setActive(true);
      // Busy a quarter of a sampling window at most: utilization alone (≤ 0.25 in any window,
      // under its 0.6) would never lower the allowance; the 25 ms the loop wakes late does.
      let lowest = pacer.limit();
      const watch = setInterval(() => (lowest = Math.min(lowest, pacer.limit())), 5);
      for (let i = 0; i < 6; i++) {
        await new Promise((r) => setTimeout(r, 225));
        const until = performance.now() + 25;
        while (performance.now() < until) {
          /* one long turn */
        }
      }
      await new Promise((r) => setTimeout(r, 150));
      clearInterval(watch);
      expect(lowest).toBeLessThanOrEqual(4);
    } finally {
      pacer.close();
    }
  });

  it('CPUs queued for while this process works → fewer items at once; not queued → back to the maximum', async () => {
    // The loop itself stays idle here: only the CPU wait says the machine is contended.
    const cpu = fakeCpu(0.45, 0.5);
    const pacer = createPacer(8, () => undefined, { cpuPressureMax: 0.2, pressure: cpu.pressure, cpuTime: cpu.cpuTime });
    try {
      pacer.setActive(true);
      await waitFor(() => pacer.limit() === 1, 10_000);
      cpu.set(0.05, 0.5);
      await waitFor(() => pacer.limit() === 8, 20_000);
    } finally {
      pacer.close();
    }
  });

  it('while this instance serves single requests, the stricter JOBS_CPU_PRESSURE_MAX_SERVING applies', async () => {
    // 8 % of the time waiting for a CPU: over the serving threshold (5 %), under half the quiet one (20 %).
    const cpu = fakeCpu(0.08, 0.5);
    let serving = true;
    const pacer = createPacer(8, () => undefined, {
      cpuPressureMax: 0.2,
      cpuPressureMaxServing: 0.05,
      serving: () => serving,
      pressure: cpu.pressure,
      cpuTime: cpu.cpuTime,
    });
    try {
      pacer.setActive(true);
      await waitFor(() => pacer.limit() === 1, 10_000);
      // No single request any more: the same wait is under the quiet threshold, and jobs get the CPUs back.
      serving = false;
      await waitFor(() => pacer.limit() === 8, 20_000);
      serving = true;
      await waitFor(() => pacer.limit() === 1, 10_000);
    } finally {
      pacer.close();
    }
  });

  it('JOBS_CPU_PRESSURE_MAX and JOBS_CPU_PRESSURE_MAX_SERVING both at 100 never read PSI; either below it, every sample does', async () => {
    for (const [max, serving, read] of [
      [1, 1, false],
      [0.2, 1, true],
      [1, 0.1, true],
    ] as const) {
      let reads = 0;
      const cpu = fakeCpu(0.9, 0.9);
      const pacer = createPacer(8, () => undefined, {
        cpuPressureMax: max,
        cpuPressureMaxServing: serving,
        pressure: () => (reads++, cpu.pressure()),
        cpuTime: cpu.cpuTime,
      });
      try {
        pacer.setActive(true);
        await new Promise((r) => setTimeout(r, 350));
        if (read) expect(reads).toBeGreaterThanOrEqual(2);
        else expect(reads).toBe(0);
      } finally {
        pacer.close();
      }
    }
  });
});

describe('CPU pressure (PSI)', () => {
  it('counts the wait only while this process used a fifth of a core or more', () => {
    const at = (ms: number, waitedUs: number, ownUs: number) => ({ at: ms, total: 1_000_000 + waitedUs, own: 7_000_000 + ownUs });
    // 100 ms in which tasks waited 45 ms for a CPU.
    expect(cpuWaitShare(at(0, 0, 0), at(100, 45_000, 50_000))).toBeCloseTo(0.45);
    expect(cpuWaitShare(at(0, 0, 0), at(100, 45_000, 20_000))).toBeCloseTo(0.45);
    // The same wait while this process barely ran: not ours to relieve.
    expect(cpuWaitShare(at(0, 0, 0), at(100, 45_000, 19_000))).toBe(0);
    expect(cpuWaitShare(at(0, 0, 0), at(100, 45_000, 0))).toBe(0);
    // Readings out of order, or a counter that went back (a new cgroup): nothing.
    expect(cpuWaitShare(at(100, 0, 0), at(100, 45_000, 50_000))).toBe(0);
    expect(cpuWaitShare(at(100, 0, 0), at(50, 45_000, 50_000))).toBe(0);
    expect(cpuWaitShare(at(0, 45_000, 0), at(100, 0, 50_000))).toBe(0);
  });

  it('reads the cumulative wait of `some` task, not `full`; anything else is unreadable', () => {
    expect(pressureTotal(psi(2756621799, 12))).toBe(2756621799);
    expect(pressureTotal('full avg10=0.00 avg60=0.00 avg300=0.00 total=5\n')).toBeNull();
    expect(pressureTotal('')).toBeNull();
    expect(pressureTotal('some avg10=0.76 avg60=3.95 avg300=6.63\n')).toBeNull();
  });

  it("takes the first file that reads as PSI (a cgroup's own before the machine's); none → no source", () => {
    const dir = mkdtempSync(join(tmpdir(), 'cl-psi-'));
    try {
      const garbled = join(dir, 'garbled');
      const machine = join(dir, 'machine');
      writeFileSync(garbled, 'not psi\n');
      writeFileSync(machine, psi(42));
      const source = cpuPressureSource([join(dir, 'absent'), garbled, machine]);
      expect(source?.()).toBe(42);
      writeFileSync(machine, psi(50));
      expect(source?.()).toBe(50);
      rmSync(machine);
      expect(source?.()).toBeNull();
      expect(cpuPressureSource([join(dir, 'absent'), garbled])).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('JOBS_CPU_PRESSURE_MAX: percent, 20 by default, 100 off; out of range stops start-up', () => {
    const jobs = (v?: string) => loadConfig((v === undefined ? {} : { JOBS_CPU_PRESSURE_MAX: v }) as NodeJS.ProcessEnv).jobs;
    expect(jobs().cpuPressureMax).toBe(0.2);
    expect(jobs('35').cpuPressureMax).toBe(0.35);
    expect(jobs('100').cpuPressureMax).toBe(1);
    for (const bad of ['0', '101', '12.5', 'high']) expect(() => jobs(bad)).toThrow(/JOBS_CPU_PRESSURE_MAX/);
  });

  it('JOBS_CPU_PRESSURE_MAX_SERVING: percent, 10 by default, 100 off; out of range stops start-up', () => {
    const jobs = (v?: string) => loadConfig((v === undefined ? {} : { JOBS_CPU_PRESSURE_MAX_SERVING: v }) as NodeJS.ProcessEnv).jobs;
    expect(jobs().cpuPressureMaxServing).toBe(0.1);
    expect(jobs('5').cpuPressureMaxServing).toBe(0.05);
    expect(jobs('100').cpuPressureMaxServing).toBe(1);
    for (const bad of ['0', '101', '7.5', 'low']) expect(() => jobs(bad)).toThrow(/JOBS_CPU_PRESSURE_MAX_SERVING/);
  });
});
