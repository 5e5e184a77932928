/**
 * bench/results.ts: benchmarks rewrite the checked-in bench/RESULTS.md only when asked
 * (--write), and report progress on stderr while they run.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { finishResults, progress, wantsWrite } from '../bench/results.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cl-bench-results-'));
  file = join(dir, 'RESULTS.md');
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('bench results', () => {
  it('without --write the results file is left alone, and stderr says how to record', () => {
    const before = '# Benchmark results\n\n<!-- X -->\n## X\n\nold numbers\n<!-- /X -->\n';
    writeFileSync(file, before);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(finishResults('X', 'new numbers', { argv: [], file })).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(String(err.mock.calls.at(-1)?.[0])).toMatch(
      /^\[bench [\d.]+ s\] bench\/RESULTS\.md left unchanged \(run again with --write to record "X"\)\n$/,
    );
    // no file is created either
    rmSync(file);
    finishResults('X', 'new numbers', { argv: ['--other'], file });
    expect(existsSync(file)).toBe(false);
  });

  it('with --write only its own section is replaced', () => {
    writeFileSync(file, '# Benchmark results\n\n<!-- X -->\n## X\n\nold\n<!-- /X -->\n\n<!-- Y -->\n## Y\n\nother\n<!-- /Y -->\n');
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(finishResults('X', 'new', { argv: ['--write'], file })).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(
      '# Benchmark results\n\n<!-- X -->\n## X\n\nnew\n<!-- /X -->\n\n<!-- Y -->\n## Y\n\nother\n<!-- /Y -->\n',
    );
  });

  it('wantsWrite reads --write from the command line; progress lines carry the elapsed seconds', () => {
    expect(wantsWrite(['--write'])).toBe(true);
    expect(wantsWrite(['--writeX', 'write'])).toBe(false);
    const lines: string[] = [];
    progress('phase live: 10 requests', { write: (s: string) => lines.push(s) > 0 });
    expect(lines).toEqual([expect.stringMatching(/^\[bench \d+\.\d s\] phase live: 10 requests\n$/)]);
  });
});
