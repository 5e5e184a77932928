/**
 * A/B of whole trees under the keyless flood (bench/abuse.ts, run once per arm and round, each
 * arm's gateway started from its own checkout as its `npm start` ships it), in rounds that
 * alternate the arms' order (A B, B A, …). Reported per arm: every run and the median of RSS max,
 * /healthz p99 during the flood (and its ratio to the p99 without it), /healthz failures during
 * the flood, and the keyed request's p99 during the flood; and the paired ratio of each figure
 * (second arm / first arm within a round: the machine's load drifts between rounds more than
 * between the arms of one).
 *
 *   BENCH_RUNS=5 npx tsx bench/abuse-ab.ts main=/tmp/ab/main plain=/tmp/ab/plain
 *
 * bench/abuse.ts's own settings (BENCH_ABUSE_ROUNDS, BENCH_ABUSE_BODIES, …) pass through.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface Figures {
  alive: boolean;
  rssMaxMb: number;
  floodSeconds: number;
  statuses: Record<string, number>;
  healthz: { quietP99: number; loudP99: number; ratio: number; loudOk: number; loudFailed: number };
  keyed: { quietP99: number; loudP99: number; loudOk: number; loudFailed: number };
}

const FIGURES: [string, (f: Figures) => number, number][] = [
  ['RSS max, MB', (f) => f.rssMaxMb, 0],
  ['/healthz p99 during the flood, ms', (f) => f.healthz.loudP99, 1],
  ['/healthz p99 during / without', (f) => f.healthz.ratio, 2],
  ['/healthz failed during the flood', (f) => f.healthz.loudFailed, 0],
  ['keyed p99 during the flood, ms', (f) => f.keyed.loudP99, 1],
  ['keyed failed during the flood', (f) => f.keyed.loudFailed, 0],
  ['flood seconds (3 floods)', (f) => f.floodSeconds, 1],
];

function main() {
  const arms = process.argv
    .slice(2)
    .filter((a) => a.includes('='))
    .map((a) => {
      const [name, dir] = a.split('=');
      return { name, dir: resolve(dir) };
    });
  if (arms.length !== 2) {
    console.error('usage: npx tsx bench/abuse-ab.ts A=DIR B=DIR');
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), 'cl-abuse-ab-'));
  const runs: Record<string, Figures[]> = Object.fromEntries(arms.map((a) => [a.name, []]));
  try {
    for (let round = 0; round < RUNS; round++) {
      for (const arm of round % 2 ? [...arms].reverse() : arms) {
        const out = join(work, `${arm.name}-${round}.json`);
        const started = Date.now();
        const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(new URL('abuse.ts', import.meta.url))], {
          env: { ...process.env, BENCH_ABUSE_TREE: arm.dir, BENCH_ABUSE_JSON: out },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        if (r.status !== 0) throw new Error(`${arm.name} round ${round + 1}: bench/abuse.ts exited ${r.status}`);
        const f = JSON.parse(readFileSync(out, 'utf8')) as Figures;
        runs[arm.name].push(f);
        process.stderr.write(
          `[abuse-ab] round ${round + 1}/${RUNS} ${arm.name} (${((Date.now() - started) / 1000).toFixed(0)} s): ${JSON.stringify(f)}\n`,
        );
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const [a, b] = arms.map((x) => x.name);
  const list = (xs: number[], d: number) => `${xs.map((x) => x.toFixed(d)).join(', ')} — **${median(xs).toFixed(d)}**`;
  const lines = [
    `Keyless-flood A/B ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${RUNS} rounds (arms' order alternating), load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
    '',
    `| figure | ${a} | ${b} | paired ${b}/${a} |`,
    '|---|---|---|---|',
  ];
  for (const [label, of, d] of FIGURES) {
    const xa = runs[a].map(of);
    const xb = runs[b].map(of);
    const paired = xb.map((x, i) => x / xa[i]).filter(Number.isFinite);
    lines.push(`| ${label} | ${list(xa, d)} | ${list(xb, d)} | ${paired.length ? list(paired, 2) : '—'} |`);
  }
  lines.push(`| alive | ${runs[a].filter((f) => f.alive).length} of ${RUNS} | ${runs[b].filter((f) => f.alive).length} of ${RUNS} | |`);
  for (const arm of [a, b]) lines.push('', `${arm} answers per run: ${runs[arm].map((f) => JSON.stringify(f.statuses)).join('; ')}`);
  console.log(lines.join('\n'));
}

main();
