/**
 * Prerequisites of test suites that npm does not install: system tools (redis-server, openssl,
 * installed by .ci/run with apt) and the shared captures and peer examples beside the checkout
 * (../shared, absent from a fresh clone).
 *
 * A suite asks `requireTool('redis-server')` (or, through test/support/fixtures.ts,
 * `hasFixtures(label)` / `hasPeerExample(path)`) and gets `{ skip, reason }`:
 * - by default a missing prerequisite skips the suite, and the reason is recorded on the test
 *   file (vitest task meta) so test/summary-reporter.ts lists it at the end of the run;
 * - under CI=true a missing prerequisite throws, which fails the test file and so the run: a
 *   broken install step must not pass green with whole suites skipped.
 */
import { spawnSync } from 'node:child_process';
import { TestRunner } from 'vitest';

export interface RecordedSkip {
  reason: string;
  required: boolean;
}

export interface Prereq {
  skip: boolean;
  /** Why the suite is skipped ('' when it is not). */
  reason: string;
}

declare module 'vitest' {
  interface TaskMeta {
    /** Why this test file skipped suites (test/prereq.ts); `required`: a failure under CI=true. */
    prereqSkips?: RecordedSkip[];
  }
}

/** CI=true (or 1, as some CI services set it): every prerequisite must be present. */
export function strictPrerequisites(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(true|1)$/i.test(env.CI ?? '');
}

export class MissingPrerequisite extends Error {
  constructor(reason: string) {
    super(`missing prerequisite under CI=true (it would be skipped otherwise): ${reason}`);
    this.name = 'MissingPrerequisite';
  }
}

/** Records a skip on the current test file; outside a vitest worker there is no file. */
function recordSkip(reason: string, required: boolean): void {
  let file: { meta: { prereqSkips?: RecordedSkip[] } } | undefined;
  try {
    file = TestRunner.getCurrentSuite()?.file;
  } catch {
    return;
  }
  if (!file) return;
  const list = (file.meta.prereqSkips ??= []);
  if (!list.some((r) => r.reason === reason)) list.push({ reason, required });
}

/** The one decision every prerequisite goes through (pure: nothing recorded). */
export function decide(present: boolean, reason: string, env: NodeJS.ProcessEnv = process.env): Prereq {
  if (present) return { skip: false, reason: '' };
  if (strictPrerequisites(env)) throw new MissingPrerequisite(reason);
  return { skip: true, reason };
}

/**
 * Something a suite may use when it is there, whose absence is a fact rather than a broken
 * install (e.g. no captures of a platform in ../shared): skipped and listed, even under CI=true.
 */
export function optional(present: boolean, reason: string): Prereq {
  if (present) return { skip: false, reason: '' };
  recordSkip(reason, false);
  return { skip: true, reason };
}

/** decide(), and a skip recorded on the current test file for the end-of-run list. */
export function prerequisite(present: boolean, reason: string): Prereq {
  const p = decide(present, reason);
  if (p.skip) recordSkip(reason, true);
  return p;
}

export interface ToolSpec {
  /** Arguments of a quick run that exits 0 when the tool works. */
  probe: string[];
  /** How to install it (shown in the reason). */
  install: string;
  /** What is skipped without it. */
  needs: string;
}

/** The system tools the tests use, with how .ci/run installs them. */
export const TOOLS: Record<string, ToolSpec> = {
  'redis-server': { probe: ['--version'], install: 'apt-get install -y redis-server', needs: 'REDIS_URL suites' },
  openssl: { probe: ['version'], install: 'apt-get install -y openssl', needs: 'tests that need a throw-away TLS certificate' },
};

const probed = new Map<string, boolean>();

/** Whether `bin` runs here (probed once per process). */
export function toolPresent(bin: string, probe: string[]): boolean {
  let ok = probed.get(bin);
  if (ok === undefined) {
    ok = spawnSync(bin, probe, { stdio: 'ignore', timeout: 10_000 }).status === 0;
    probed.set(bin, ok);
  }
  return ok;
}

/** A system tool a suite needs: `requireTool('redis-server')`, or any tool given its spec. */
export function requireTool(bin: string, spec: ToolSpec | undefined = TOOLS[bin]): Prereq {
  if (!spec) throw new Error(`test/prereq.ts: no spec for tool ${bin}`);
  return prerequisite(toolPresent(bin, spec.probe), `${bin} not found: ${spec.needs} skipped (${spec.install})`);
}

/** A describe title with the skip reason appended when skipped. */
export function titled(title: string, p: Prereq): string {
  return p.skip ? `${title} (${p.reason})` : title;
}
