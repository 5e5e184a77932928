/**
 * The five platforms of issue 35 on the adversarial simulated web of test/sim/five.ts: for each
 * seed, precision and recall of returned profiles (confidence ≥ 0.5, and precision at ≥ 0.8) on
 * the five platforms, the calibration error over returned profiles, each identity proof's listed
 * profiles and how many are the creator's, and every kind of account with how often it is
 * returned. Seeds 1–3 are the development seeds (the proofs' weights, `unverified_field_link`'s
 * weight and the rule that a proven domain of its own counts as `links_elsewhere` were set
 * looking at them); 201–203 are held out.
 *
 *   npx tsx bench/discovery/five.ts [--write] [seed…]     (default: 1 2 3 201 202 203)
 */
import { finishResults, progress } from '../results.js';
import { generateFiveWorld, runFive, scoreFive } from '../../test/sim/five.js';
import { lookupFive } from '../../test/sim/five-lookup.js';

process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
const CREATORS = 30;
const DEV = [1, 2, 3];
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const seeds = args.length ? args.map(Number) : [...DEV, 201, 202, 203];

const f = (x: number) => x.toFixed(3);
const rows: string[] = [];
const kinds = new Map<string, string[]>();
for (const seed of seeds) {
  progress(`seed ${seed}`);
  const s = scoreFive(await runFive(generateFiveWorld(seed, CREATORS), lookupFive));
  const held = DEV.includes(seed) ? 'development' : 'held out';
  const proofs = Object.entries(s.labels)
    .map(([l, x]) => `${l} ${x.own}/${x.listed}`)
    .join(', ');
  rows.push(`| ${seed} (${held}) | ${f(s.precision)} | ${f(s.precisionAt08)} | ${f(s.recall)} | ${s.ece} | ${proofs} | ${s.unknown} |`);
  for (const [k, x] of Object.entries(s.kinds)) (kinds.get(k) ?? kinds.set(k, []).get(k)!).push(`${x.returned}/${x.n}`);
}
const body = [
  `Measured ${new Date().toISOString().slice(0, 10)}; \`npx tsx bench/discovery/five.ts --write\`, ${CREATORS} creators per seed, one lookup at a time from each creator's Instagram, web search on, a Tumblr key set. Scored over the accounts of the five platforms only (the rest of each creator's web is the main simulation's business).`,
  '',
  "| seed | precision ≥ 0.5 | precision ≥ 0.8 | recall ≥ 0.5 | ECE, returned | proofs: the creator's / listed | listed, no account of the world |",
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `Returned (≥ 0.5) / accounts, by kind, seeds ${seeds.join(', ')}:`,
  '',
  '| platform, whose, kind | ' + seeds.join(' | ') + ' |',
  '|---|' + seeds.map(() => '---').join('|') + '|',
  ...[...kinds.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, xs]) => `| ${k} | ${xs.join(' | ')} |`),
].join('\n');
console.log(body);
finishResults('Creator discovery on the five platforms of issue 35', body);
