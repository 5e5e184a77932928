/**
 * The order test files are handed to the workers (vitest.config.ts `sequence.sequencer`): the
 * slowest files first, then vitest's own order. Each worker takes the next file when it is free,
 * so a file of several minutes taken near the end keeps one worker busy while the others have
 * nothing left: in a whole run on 2 cores at load 9 (2026-12-01) one file ran alone for 135 s
 * of 988.
 * vitest's own order puts the slowest first only from its cache of an earlier run; a fresh clone
 * (CI) has none, and then it goes by file size, which says little here (secondary.test.ts, 167
 * lines, ran 332 s; a 700-line parser test runs in 1 s).
 *
 * SLOWEST: files that took 10 s or more in a whole run on a quiet 2-core machine (2026-12-01:
 * `npx vitest run --reporter=json --outputFile=…`, each file's endTime − startTime), slowest
 * first. A file missing here only starts in vitest's order; one listed that no longer exists
 * fails test/sequencer.test.ts.
 */
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

export const SLOWEST: readonly string[] = [
  'test/faults/secondary.test.ts', // 133 s
  'test/faults/mutated-answers.test.ts', // 67 s
  'test/faults/next-pages.test.ts', // 64 s
  'test/faults/faces.test.ts', // 41 s
  'test/mutation/social-a.test.ts', // 31 s
  'test/mutation/websearch.test.ts', // 29 s
  'test/e2e/discovery.test.ts', // 27 s
  'test/faults/deadline.test.ts', // 22 s
  'test/jobs/redis-crash.test.ts', // 19 s
  'test/faults/wrong-account.test.ts', // 18 s
  'test/startup-errors.test.ts', // 16 s
  'test/jobs/redis.test.ts', // 15 s
  'test/monitors/redis.test.ts', // 15 s
  'test/faults/transport.test.ts', // 12 s
  'test/abuse/http-edges.test.ts', // 12 s
  'test/jobs/crash.test.ts', // 12 s
  'test/mutation/newsletter.test.ts', // 11 s
  'test/jobs/body-idle.test.ts', // 11 s
  'test/mcp.test.ts', // 11 s
  'test/redis/single-flight.test.ts', // 10 s
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // `--sequence.shuffle.files --sequence.seed=<n>` (docs/testing.md): vitest's shuffle is its
    // own sequencer, which a configured one replaces, so the files are shuffled here by the seed.
    const { seed } = this.ctx.config.sequence;
    if (seed !== undefined) return seededShuffle(files, seed);
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.indexOf(relative(f.project.config.root, f.moduleId).replaceAll('\\', '/'));
      return i < 0 ? SLOWEST.length : i;
    };
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** The files in an order that only `seed` decides (Fisher–Yates driven by mulberry32). */
function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
