/**
 * Real captures live in ../shared/fixtures/<label>/ beside the checkout and are read in place,
 * never copied into this repository. A fresh clone may not have them: tests that need them use
 * `describe.skipIf(!hasFixtures(label))` (peer examples: `hasPeerExample(path)`) so the
 * project's own cases still run. A skip is listed with its reason at the end of the run
 * (test/prereq.ts); under CI=true, where ../shared is always present, a missing ../shared
 * fails the run instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { optional, prerequisite } from '../prereq.js';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURES_DIR = process.env.SHARED_FIXTURES_DIR ?? resolve(here, '../../../shared/fixtures');

export function fixturePath(label: string, file = ''): string {
  return join(FIXTURES_DIR, label, file);
}

export function hasFixtures(label: string): boolean {
  const present = existsSync(fixturePath(label, 'SOURCES.md'));
  if (existsSync(FIXTURES_DIR))
    return !optional(present, `${shown(fixturePath(label))} holds no captures: real-capture tests skipped`).skip;
  return !prerequisite(present, skipReason(label)).skip;
}

/** Whether a peer example (../shared/reference/peer-examples/…) is there to compare with. */
export function hasPeerExample(path: string): boolean {
  const present = existsSync(path);
  if (existsSync(dirname(path)))
    return !optional(present, `${shown(path)} is not in the shared reference: peer-example comparison skipped`).skip;
  return !prerequisite(
    present,
    `${topMissing(path)} is absent (fresh clone without the shared reference): peer-example comparisons skipped`,
  ).skip;
}
// Without ../shared beside the checkout a suite's prerequisite is missing (a failure under
// CI=true); with it, a label or file it lacks is what the shared data holds (no retail-shop
// captures yet, say): skipped and listed either way, never a failure.

/**
 * The outermost missing directory on the way to `path`, as seen from the checkout: on a fresh
 * clone that is ../shared itself, so every suite it skips gives one and the same reason.
 */
function topMissing(path: string): string {
  let missing = path;
  while (!existsSync(dirname(missing)) && dirname(missing) !== missing) missing = dirname(missing);
  return shown(missing);
}

function shown(path: string): string {
  return relative(resolve(here, '../..'), path);
}

export function readFixture(label: string, file: string): string {
  return readFileSync(fixturePath(label, file), 'utf8');
}

/** A suite title's note: where its captures are, or why it is skipped (they are absent). */
export function skipReason(label: string): string {
  if (existsSync(fixturePath(label, 'SOURCES.md'))) return `real captures in ${shown(fixturePath(label))}`;
  return `${topMissing(fixturePath(label))} is absent (fresh clone without the shared captures): real-capture tests skipped`;
}
