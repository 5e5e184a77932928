/**
 * Fits the candidate model (src/discovery/evidence.ts CANDIDATE_INTERCEPT, CANDIDATE_WEIGHTS) on
 * the development seeds, and says how well it is calibrated there.
 *
 *   npx tsx bench/discovery/run.ts --dev --dump /tmp/dev.jsonl    (BENCH_DISCOVERY_OPS=find-social-profiles is enough)
 *   npx tsx bench/discovery/tune.ts /tmp/dev.jsonl
 *
 * Input: every listed profile of the development runs, with its evidence labels and whether it
 * is the creator's (run.ts --dump). Only candidates count (profiles api.md's rules do not verify:
 * verified ones keep the noisy-OR). The model: P(the creator's) = logistic(b + Σ w_label) over the
 * labels present — a logistic regression on binary features, fitted by Newton's method with an L2
 * penalty (LAMBDA: a prior of N(0, 1/λ) on each weight, none on the intercept) so that a label seen
 * rarely stays near 0. Each mix (1:3, 1:1, 3:1) weighs the same, so the intercept is the balanced
 * mix's and no mix dominates. Weights are printed rounded to one decimal (what evidence.ts holds),
 * with a leave-one-seed-out check (fitted on two seeds, scored on the third) and the reliability of
 * the rounded model per mix. Never run it on held-out seeds: their report is the measurement.
 */
import { readFileSync } from 'node:fs';
import { CANDIDATE_WEIGHTS, CREATOR_LINK_LABELS, CREATOR_LINK_WEIGHT, isVerified } from '../../src/discovery/evidence.js';
import type { EvidenceLabel } from '../../src/discovery/types.js';
import type { LabelledProfile } from './score.js';
import { reliability } from './score.js';

const LAMBDA = 2;

interface Row extends LabelledProfile {
  mix: string;
  seed: number;
}

/**
 * Weights set elsewhere and kept as they are (an offset in the fit): `unverified_field_link` (fitted on
 * the five-platform web) and the lone creator link's (`unconfirmed_link` and CREATOR_LINK_WEIGHT,
 * evidence.ts: the simulated web has no such candidate). `link_in_bio` and `verified_profile_link`
 * are no features: a candidate has them only as a lone link, where the offset counts them.
 */
const FIXED = new Set<EvidenceLabel>(['unverified_field_link', 'unconfirmed_link']);
const FEATURES = (Object.keys(CANDIDATE_WEIGHTS) as EvidenceLabel[]).filter((f) => !FIXED.has(f));

/** The fixed part of a candidate's log-odds (evidence.ts candidateConfidence): the FIXED labels' weights and a lone creator link's. */
function offsetOf(r: Row): number {
  let z = 0;
  for (const f of FIXED) if (r.evidence.includes(f)) z += CANDIDATE_WEIGHTS[f] ?? 0;
  if (
    r.evidence.some((l) => CREATOR_LINK_LABELS.has(l as EvidenceLabel)) &&
    !r.evidence.includes('other_person') &&
    !r.evidence.includes('fan_marker')
  )
    z += CREATOR_LINK_WEIGHT;
  return z;
}

function load(files: string[]): Row[] {
  const rows: Row[] = [];
  for (const f of files) for (const line of readFileSync(f, 'utf8').split('\n')) if (line.trim()) rows.push(JSON.parse(line) as Row);
  return rows.filter((r) => !isVerified(r.evidence as EvidenceLabel[]));
}

/** A feature counts as in evidence.ts candidateConfidence: her site presenting a fan's account (`website_link` beside `fan_marker`) does not. */
const has = (r: Row, f: EvidenceLabel) => r.evidence.includes(f) && !(f === 'website_link' && r.evidence.includes('fan_marker'));
const x = (r: Row) => [1, ...FEATURES.map((f) => (has(r, f) ? 1 : 0))];
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Weighted, L2-penalised logistic regression by Newton's method: [intercept, ...weights]. */
function fit(rows: Row[]): number[] {
  const perMix = new Map<string, number>();
  for (const r of rows) perMix.set(r.mix, (perMix.get(r.mix) ?? 0) + 1);
  const weightOf = (r: Row) => rows.length / perMix.size / perMix.get(r.mix)!;
  const k = FEATURES.length + 1;
  const offsets = new Map(rows.map((r) => [r, offsetOf(r)]));
  let beta = new Array<number>(k).fill(0);
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(k).fill(0);
    const hess = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (const r of rows) {
      const xi = x(r);
      const p = sigmoid(xi.reduce((s, v, j) => s + v * beta[j], offsets.get(r)!));
      const w = weightOf(r);
      for (let a = 0; a < k; a++) {
        grad[a] += w * (Number(r.correct) - p) * xi[a];
        for (let b = 0; b < k; b++) hess[a][b] -= w * p * (1 - p) * xi[a] * xi[b];
      }
    }
    for (let a = 1; a < k; a++) {
      grad[a] -= LAMBDA * beta[a];
      hess[a][a] -= LAMBDA;
    }
    const step = solve(hess, grad);
    beta = beta.map((b, j) => b - step[j]);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return beta;
}

/** Solves A·s = g (Gaussian elimination with partial pivoting). */
function solve(A: number[][], g: number[]): number[] {
  const n = g.length;
  const M = A.map((row, i) => [...row, g[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = 0; r < n; r++) {
      if (r === c || M[c][c] === 0) continue;
      const f = M[r][c] / M[c][c];
      for (let j = c; j <= n; j++) M[r][j] -= f * M[c][j];
    }
  }
  return M.map((row, i) => (row[i] === 0 ? 0 : row[n] / row[i]));
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const predict = (beta: number[], r: Row) =>
  Math.min(0.95, Math.round(100 * sigmoid(x(r).reduce((s, v, j) => s + v * beta[j], offsetOf(r)))) / 100);

function report(title: string, beta: number[], rows: Row[]): void {
  console.log(`\n${title}`);
  for (const mix of [...new Set(rows.map((r) => r.mix))]) {
    const of = rows.filter((r) => r.mix === mix);
    const pts = of.map((r) => ({ confidence: predict(beta, r), correct: r.correct }));
    const all = reliability(pts, 1, { from: 0, width: 0.1 });
    const shown = pts.filter((p) => p.confidence >= 0.5);
    const owned = of.filter((r) => r.correct).length;
    console.log(
      `  mix ${mix}: ${of.length} candidates (${owned} the creator's); ECE over every bucket ${all.ece.toFixed(3)}; at ≥ 0.5: ${shown.length} returned, precision ${(shown.filter((p) => p.correct).length / Math.max(1, shown.length)).toFixed(3)}, the creator's returned ${shown.filter((p) => p.correct).length}/${owned}`,
    );
    for (const b of all.buckets.filter((b) => b.n > 0))
      console.log(
        `    [${b.lo.toFixed(1)}, ${b.hi.toFixed(1)}) n ${b.n} mean ${b.meanConfidence.toFixed(3)} observed ${b.precision.toFixed(3)}`,
      );
  }
}

function main(): void {
  const files = process.argv.slice(2);
  if (!files.length) throw new Error('usage: tsx bench/discovery/tune.ts dump.jsonl [more.jsonl]');
  const rows = load(files);
  console.log(`${rows.length} candidates from ${files.join(', ')}; seeds ${[...new Set(rows.map((r) => r.seed))].join(', ')}`);
  for (const f of FEATURES) {
    const with_ = rows.filter((r) => r.evidence.includes(f));
    console.log(`  ${f}: ${with_.length} candidates, ${with_.filter((r) => r.correct).length} the creator's`);
  }
  const beta = fit(rows);
  const rounded = beta.map(round1);
  console.log(`\nCANDIDATE_INTERCEPT = ${rounded[0]}`);
  console.log(
    `CANDIDATE_WEIGHTS = {\n${FEATURES.map((f, j) => `  ${f}: ${rounded[j + 1]},  // fitted ${beta[j + 1].toFixed(3)}`).join('\n')}\n}`,
  );
  report('In sample (the rounded weights):', rounded, rows);
  for (const seed of [...new Set(rows.map((r) => r.seed))]) {
    const b = fit(rows.filter((r) => r.seed !== seed)).map(round1);
    report(
      `Leave seed ${seed} out (fitted on the others, scored on ${seed}):`,
      b,
      rows.filter((r) => r.seed === seed),
    );
  }
}

main();
