/**
 * `npm run test:quick` (README) is the unit tests under src/ without child processes: every
 * src test file that starts one is excluded by name in the script, so the subset stays quick.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

describe('npm run test:quick', () => {
  it('runs src/ and excludes exactly the src test files that start a child process', () => {
    const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
      'test:quick'
    ];
    expect(script).toMatch(/^vitest run src /);
    const excluded = [...script.matchAll(/--exclude (\S+)/g)].map((m) => m[1]).sort();
    const spawning = testFiles(join(ROOT, 'src'))
      .filter((f) => /from 'node:child_process'|require\('child_process'\)|from 'child_process'/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f))
      .sort();
    expect(excluded).toEqual(spawning);
  });
});
