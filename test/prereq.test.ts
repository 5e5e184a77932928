/**
 * Missing prerequisites (test/prereq.ts): skipped and listed with their reason at the end of a
 * default run; under CI=true the run fails instead. The whole-run behaviour is checked on a
 * child vitest over test/prereq-fixture/*.check.ts: one suite needs a tool installed nowhere,
 * two need ../shared (pointed at a directory that does not exist), one would compare with a peer
 * example missing from a directory that exists (optional: skipped even under CI=true).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decide, MissingPrerequisite, requireTool, strictPrerequisites } from './prereq.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('decide()', () => {
  it('present: not skipped, whatever CI says', () => {
    expect(decide(true, 'x', {})).toEqual({ skip: false, reason: '' });
    expect(decide(true, 'x', { CI: 'true' })).toEqual({ skip: false, reason: '' });
  });

  it('missing: skipped with the reason by default, an error under CI=true (or CI=1)', () => {
    expect(decide(false, 'redis-server not found', {})).toEqual({ skip: true, reason: 'redis-server not found' });
    expect(decide(false, 'redis-server not found', { CI: 'false' })).toEqual({ skip: true, reason: 'redis-server not found' });
    for (const CI of ['true', 'TRUE', '1']) {
      expect(() => decide(false, 'redis-server not found', { CI })).toThrow(MissingPrerequisite);
      expect(() => decide(false, 'redis-server not found', { CI })).toThrow(/under CI=true .*redis-server not found/);
    }
    expect(strictPrerequisites({})).toBe(false);
  });

  it('a tool that runs is present (node itself), and its reason is empty', () => {
    expect(requireTool('node', { probe: ['--version'], install: '-', needs: '-' })).toEqual({ skip: false, reason: '' });
  });
});

interface Run {
  code: number;
  out: string;
}

function childVitest(env: NodeJS.ProcessEnv): Promise<Run> {
  // The child is a fresh vitest, not a worker of this one.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'TEST' && k !== 'CI'));
  return new Promise((resolveP) => {
    execFile(
      join(ROOT, 'node_modules/.bin/vitest'),
      ['run', '--config', 'test/prereq-fixture/vitest.config.ts', '--color=false'],
      {
        cwd: ROOT,
        env: { ...clean, NO_COLOR: '1', SHARED_FIXTURES_DIR: join(ROOT, 'test/prereq-fixture/no-such-dir/shared/fixtures'), ...env },
        timeout: 60_000,
      },
      (err, stdout, stderr) => resolveP({ code: err ? ((err as { code?: number }).code ?? -1) : 0, out: `${stdout}\n${stderr}` }),
    );
  });
}

describe('a whole run with missing prerequisites', () => {
  it('by default: passes, and lists each reason once with its files after the report', async () => {
    const r = await childVitest({});
    expect(r.code, r.out).toBe(0);
    const tail = r.out.slice(r.out.indexOf('Skipped for a missing prerequisite'));
    expect(tail).toMatch(/^Skipped for a missing prerequisite \(under CI=true each fails the run instead\):\n/);
    expect(tail).toContain(
      '  - cl-no-such-tool not found: the imaginary suite skipped (apt-get install -y cl-no-such-tool)\n      in 1 file(s): test/prereq-fixture/missing-tool.check.ts\n',
    );
    expect(tail).toContain(
      '  - test/prereq-fixture/no-such-dir is absent (fresh clone without the shared captures): real-capture tests skipped\n      in 1 file(s): test/prereq-fixture/shared-absent.check.ts\n',
    );
    expect(tail).toContain(
      '  - test/prereq-fixture/no-such-dir is absent (fresh clone without the shared reference): peer-example comparisons skipped\n',
    );
    expect(tail).toContain(
      'Skipped, optional and absent:\n  - test/prereq-fixture/no-such-example.json is not in the shared reference: peer-example comparison skipped\n      in 1 file(s): test/prereq-fixture/optional.check.ts\n',
    );
    expect(tail).toMatch(/\nTests: 1 passed, 0 failed, 4 skipped\n/);
  }, 90_000);

  it('under CI=true: every file with a missing prerequisite fails, and so does the run', async () => {
    const r = await childVitest({ CI: 'true' });
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/MissingPrerequisite: missing prerequisite under CI=true .*cl-no-such-tool not found/);
    expect(r.out).toMatch(/MissingPrerequisite: missing prerequisite under CI=true .*no-such-dir is absent/);
    // the optional one is still only skipped (and listed)
    expect(r.out).toContain('no-such-example.json is not in the shared reference');
    expect(r.out).toMatch(/\nTests: 0 passed, 2 failed, 1 skipped\n/);
  }, 90_000);
});
