import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowestFirst from './test/support/sequencer.js';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) builds. Node — and so Pothos and yoga, which
    // vitest leaves external — loads the CJS one; pin our own imports to the same instance.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Worker threads: the whole suite in 7 min 53 s and 7 min 56 s against 8 min 49 s in child
    // processes ('forks'), all tests passing in each (2-core machine, 2026-11-29). No test needs a
    // process per file: those of signals, exit codes and memory start child processes of their own.
    pool: 'threads',
    // One module graph per worker, not one per file: importing the gateway (its schema, every
    // platform) again for each of 315 files was most of the run — the whole suite 11 min 52 s
    // isolated against 7 min 6 s shared, the quick subset 113 s against 38 s, all tests passing
    // in each (2-core machine, 2026-11-30). What a file changes of the process (environment,
    // stubs, timers) is put back when it ends: test/support/file-state.ts.
    isolate: false,
    setupFiles: ['test/support/file-state.ts', 'test/support/warnings-attributed.ts'],
    // One worker more than the machine has cores (vitest's own default leaves one out: a single
    // worker on a 2-core machine). Most of the suite waits on sockets, timers and child processes:
    // two workers on 2 cores ran it in 310 s against 555 s with one (2026-11-29), and with two the
    // cores were still idle half the time (517 s of CPU in 16.5 min at load 9, 2026-12-01); three
    // (and the slowest files first) ran it in 5 min 32 s at 142 % CPU on a quiet machine,
    // 473 s of CPU, every test of this change passing. The tests that bound a time leave out
    // what their thread waited for a core (test/support/cpu-time.ts).
    maxWorkers: availableParallelism() + 1,
    // The slowest files first (test/support/sequencer.ts), so that none is left for the end.
    sequence: { sequencer: SlowestFirst },
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
