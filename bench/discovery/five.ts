/**
 * The five platforms of issue 35 on the adversarial simulated web of test/sim/five.ts: for each
 * seed, precision and recall of returned profiles (confidence ≥ 0.5, and precision at ≥ 0.8) on
 * the five platforms, the calibration error, each identity proof's listed profiles and how many
 * are the creator's, and every kind of account with how often it is returned. Seeds 1–3 are the
 * development seeds (the proofs' weights and the rule that a proven domain of its own counts
 * against a candidate were set looking at them); pass others to report held-out numbers.
 *
 *   npx tsx bench/discovery/five.ts [seed…]     (default: 1 2 3 201 202 203)
 */
import { generateFiveWorld, runFive, scoreFive } from '../../test/sim/five.js';
import { lookupFive } from '../../test/sim/five-lookup.js';

process.env.DISCOVERY_SUBFETCH_MAX_AGE_MS = '0';
const seeds = process.argv.slice(2).map(Number).filter(Number.isFinite);
for (const seed of seeds.length ? seeds : [1, 2, 3, 201, 202, 203]) {
  const s = scoreFive(await runFive(generateFiveWorld(seed, 30), lookupFive));
  const f = (x: number) => x.toFixed(3);
  console.log(
    `seed ${seed}: precision ${f(s.precision)} (≥0.8: ${f(s.precisionAt08)}), recall ${f(s.recall)}, ECE ${s.ece}, unknown ${s.unknown}; ` +
      Object.entries(s.labels)
        .map(([l, x]) => `${l} ${x.own}/${x.listed}`)
        .join(', '),
  );
  for (const [k, x] of Object.entries(s.kinds).sort()) console.log(`  ${k.padEnd(44)} ${String(x.returned).padStart(3)}/${x.n}`);
}
