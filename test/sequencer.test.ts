/**
 * The slowest-first list of test/support/sequencer.ts names test files that exist: a file renamed
 * or removed would silently start in vitest's order again, where a long one may be left for last.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOWEST } from './support/sequencer.js';
import { ROOT } from './start-args.js';

describe('the slowest-first list', () => {
  it('names test files that exist, each once', () => {
    expect(SLOWEST.filter((f) => !f.endsWith('.test.ts') || !existsSync(join(ROOT, f)))).toEqual([]);
    expect(new Set(SLOWEST).size).toBe(SLOWEST.length);
  });
});
