/**
 * Setup file (vitest.config.ts): test files share one module graph per worker (`isolate: false`),
 * so what a file changes of the process — environment variables, stubs, spies, fake timers — is
 * put back when the file ends, as a fresh worker per file would.
 */
import { afterAll, vi } from 'vitest';

const env = { ...process.env };

// Registered first, so it runs after the file's own afterAll hooks (hooks run as a stack).
afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
});
