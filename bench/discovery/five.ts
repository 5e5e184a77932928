/**
 * The five platforms of issue 35 on the adversarial simulated web of test/sim/five.ts: for each
 * seed, precision and recall of returned profiles (confidence ≥ 0.5, and precision at ≥ 0.8) on
 * the five platforms, the calibration error over returned profiles, each identity proof's listed
 * profiles and how many are the creator's, and every kind of account with how often it is
 * returned. Seeds 1–3 are the development seeds (the proofs' weights, `unverified_field_link`'s
 * weight and the rule that a proven domain of its own counts as `links_elsewhere` were set
 * looking at them); 201–203 are held out.
 *
 * Calibration is read three ways, because one seed returns only ~75 profiles here:
 *  - ECE as test/sim/five.ts scores it (10 buckets of 0.1, every bucket counted);
 *  - ECE by the main benchmark's rule (bench/discovery/score.ts `reliability`: buckets of 0.05,
 *    only those with ≥ 20 profiles), the measure issue 33's target (≤ 0.05) is stated in;
 *  - the noise floor: the mean five.ts ECE of a perfectly calibrated model with the same
 *    confidences (each returned profile the creator's with probability = its confidence,
 *    FLOOR_DRAWS draws, seeded): what a seed of this size reads with no miscalibration at all.
 * Then, over the development and the held-out seeds each, the returned profiles by evidence (the
 * labels listed, the confidence) with how many are the creator's: where a gap comes from.
 *
 *   npx tsx bench/discovery/five.ts [--write] [seed…]     (default: 1 2 3 201 202 203)
 */
import { finishResults, progress } from '../results.js';
import { reliability } from './score.js';
import { generateFiveWorld, runFive, scoreFive } from '../../test/sim/five.js';
import type { FiveOutcome } from '../../test/sim/five.js';
import { lookupFive } from '../../test/sim/five-lookup.js';
import { rngFor } from '../../test/sim/rng.js';

process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
const CREATORS = 30;
const DEV = [1, 2, 3];
const FLOOR_DRAWS = 500;
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const seeds = args.length ? args.map(Number) : [...DEV, 201, 202, 203];

/** The mean five.ts ECE of a perfectly calibrated model returning these outcomes' confidences. */
function noiseFloor(outcomes: FiveOutcome[], seed: number): number {
  const r = rngFor(seed, 'five:ece-floor');
  let sum = 0;
  for (let i = 0; i < FLOOR_DRAWS; i++) {
    const drawn = outcomes.map((o) => ({
      ...o,
      rows: o.rows.map((x) => ({ ...x, account: { ...x.account, own: r.next() < x.confidence } })),
    }));
    sum += scoreFive(drawn).ece;
  }
  return sum / FLOOR_DRAWS;
}

const f = (x: number) => x.toFixed(3);
const rows: string[] = [];
const kinds = new Map<string, string[]>();
/** Returned profiles by evidence, over the development seeds and over the held-out ones. */
const byEvidence = { development: new Map<string, { n: number; own: number; confidence: number }>(), 'held out': new Map() };
for (const seed of seeds) {
  progress(`seed ${seed}`);
  const outcomes = await runFive(generateFiveWorld(seed, CREATORS), lookupFive);
  const s = scoreFive(outcomes);
  const held = DEV.includes(seed) ? 'development' : 'held out';
  const proofs = Object.entries(s.labels)
    .map(([l, x]) => `${l} ${x.own}/${x.listed}`)
    .join(', ');
  const returned = outcomes.flatMap((o) => o.rows).filter((x) => x.confidence >= 0.5);
  const main = reliability(returned.map((x) => ({ confidence: x.confidence, correct: x.account.own })));
  rows.push(
    `| ${seed} (${held}) | ${f(s.precision)} | ${f(s.precisionAt08)} | ${f(s.recall)} | ${s.ece} | ${f(main.ece)} (${main.counted} of ${main.total}) | ${f(noiseFloor(outcomes, seed))} | ${proofs} | ${s.unknown} |`,
  );
  for (const [k, x] of Object.entries(s.kinds)) (kinds.get(k) ?? kinds.set(k, []).get(k)!).push(`${x.returned}/${x.n}`);
  for (const x of returned) {
    const key = `${x.confidence.toFixed(2)} | ${x.account.platform} | ${x.evidence.join(', ')}`;
    const e = byEvidence[held].get(key) ?? byEvidence[held].set(key, { n: 0, own: 0, confidence: x.confidence }).get(key)!;
    e.n++;
    if (x.account.own) e.own++;
  }
}
const evidenceTable = (m: Map<string, { n: number; own: number; confidence: number }>) => [
  "| confidence | platform | evidence | returned | the creator's |",
  '|---|---|---|---|---|',
  ...[...m.entries()]
    .sort(([a, x], [b, y]) => x.confidence - y.confidence || a.localeCompare(b))
    .map(([k, x]) => `| ${k} | ${x.n} | ${x.own} |`),
];
const body = [
  `Measured ${new Date().toISOString().slice(0, 10)}; \`npx tsx bench/discovery/five.ts --write\`, ${CREATORS} creators per seed, one lookup at a time from each creator's Instagram, web search on, a Tumblr key set. Scored over the accounts of the five platforms only (the rest of each creator's web is the main simulation's business).`,
  '',
  `ECE three ways (bench/discovery/five.ts header): as test/sim/five.ts scores it (10 buckets of 0.1, all counted); by the main benchmark's rule (buckets of 0.05 with ≥ 20 profiles; profiles counted of returned); and the noise floor, the first measure's mean for a perfectly calibrated model with the same confidences (${FLOOR_DRAWS} draws).`,
  '',
  "| seed | precision ≥ 0.5 | precision ≥ 0.8 | recall ≥ 0.5 | ECE, returned | ECE, main rule | noise floor | proofs: the creator's / listed | listed, no account of the world |",
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `Returned (≥ 0.5) / accounts, by kind, seeds ${seeds.join(', ')}:`,
  '',
  '| platform, whose, kind | ' + seeds.join(' | ') + ' |',
  '|---|' + seeds.map(() => '---').join('|') + '|',
  ...[...kinds.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, xs]) => `| ${k} | ${xs.join(' | ')} |`),
  ...Object.entries(byEvidence)
    .filter(([, m]) => m.size)
    .flatMap(([held, m]) => ['', `Returned profiles by evidence, ${held} seeds:`, '', ...evidenceTable(m)]),
].join('\n');
console.log(body);
finishResults('Creator discovery on the five platforms of issue 35', body);
