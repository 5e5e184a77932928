/**
 * Runs only the *.check.ts files beside it, with the project's reporters: test/prereq.test.ts
 * starts it in a child process to see what a whole run does with a missing prerequisite.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/prereq-fixture/*.check.ts'],
    pool: 'forks',
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
