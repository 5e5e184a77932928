/**
 * Real captures live in ../shared/fixtures/<label>/ beside the checkout and are read in place,
 * never copied into this repository. A fresh clone may not have them: tests that need them use
 * `describe.skipIf(!hasFixtures(label))` so the project's own cases still run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURES_DIR = process.env.SHARED_FIXTURES_DIR ?? resolve(here, '../../../shared/fixtures');

export function fixturePath(label: string, file = ''): string {
  return join(FIXTURES_DIR, label, file);
}

export function hasFixtures(label: string): boolean {
  return existsSync(fixturePath(label, 'SOURCES.md'));
}

export function readFixture(label: string, file: string): string {
  return readFileSync(fixturePath(label, file), 'utf8');
}

export function skipReason(label: string): string {
  return `../shared/fixtures/${label} is absent (fresh clone without the shared captures): real-capture tests skipped`;
}
