/**
 * `mutationTest(spec)`: one vitest case per record, running every generated mutation
 * (./engine.ts) and listing every one that broke the degradation rule in the failure message.
 */
import { expect, it } from 'vitest';
import type { HtmlSpec, RecordSpec } from './engine.js';
import { judge, judgeHtml, listFailures } from './engine.js';

/** Mutations of big pages parse the whole page each time: a loaded 2-core machine needs room. */
const TIMEOUT_MS = 240_000;

export function mutationTest<D>(spec: RecordSpec<D>, opts: { minMutations?: number } = {}): void {
  it(
    `${spec.name}: every mutation degrades one field (or fails typed on identity)`,
    () => {
      const r = judge(spec);
      // Not vacuous: the answer really was mutated many times, and the source object's own
      // removal (the root cases) failed the record.
      expect(r.mutations).toBeGreaterThanOrEqual(opts.minMutations ?? 50);
      if (!spec.rootOptional) expect(r.errors).toBeGreaterThan(0);
      expect(r.failures, `${r.failures.length} of ${r.mutations} mutations broke the rule:\n${listFailures(r)}`).toEqual([]);
    },
    TIMEOUT_MS,
  );
}

/** The same for a pure-HTML parser: the elements of one record removed, stripped of their attributes, or renamed. */
export function htmlMutationTest(spec: HtmlSpec, opts: { minMutations?: number } = {}): void {
  it(
    `${spec.name}: every removed or renamed element degrades one field (or fails typed on identity)`,
    () => {
      const r = judgeHtml(spec);
      expect(r.mutations).toBeGreaterThanOrEqual(opts.minMutations ?? 30);
      expect(r.failures, `${r.failures.length} of ${r.mutations} mutations broke the rule:\n${listFailures(r)}`).toEqual([]);
    },
    TIMEOUT_MS,
  );
}
