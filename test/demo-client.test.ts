/**
 * The typed client example (examples/demo-client.ts: REST through openapi-fetch and the types
 * generated from /openapi.json, GraphQL through codegen's typed documents) runs against the demo
 * data in an in-process gateway, both as a function and as `npm run example` does it, and reads
 * the same facts over both faces.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemoClient } from '../examples/demo-client.js';
import { DEMO_COVERAGE } from '../src/demo/examples.js';
import { demoRoutes } from '../src/demo/routes.js';
import { startHarness } from './harness.js';
import type { Harness } from './harness.js';

const ROOT = resolve(import.meta.dirname, '..');

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await startHarness({ routes: demoRoutes(), env: { DEMO_COVERAGE } });
  key = (await h.key(1_000)).key;
});
afterAll(async () => {
  await h?.close();
});

describe('examples/demo-client.ts against the demo', () => {
  it('reads the demo records over typed REST and typed GraphQL, the same facts on both faces', async () => {
    const lines: string[] = [];
    const r = await runDemoClient(h.url, key, (l) => lines.push(l));
    expect(r.repository.full_name).toBe('creator-lookup-demo/creator-kit');
    expect(r.repository.credits_charged).toBe(1);
    expect(r.graphqlRepository).toEqual({ fullName: r.repository.full_name, starsCount: r.repository.stars_count });
    expect(r.repository.stars_count).toBeGreaterThan(0);
    expect(r.trending.length).toBeGreaterThan(0);
    expect(r.graphqlTrending).toEqual(r.trending.map((d) => d.username));
    expect(r.search.length).toBeGreaterThan(0);
    // The demo creator's profiles, found from social-b (the source profile among them).
    expect(r.profiles.map((p) => p.platform)).toContain('social-b');
    expect(lines.some((l) => l.startsWith('REST  creator-lookup-demo/creator-kit'))).toBe(true);
    expect(lines.some((l) => l.startsWith('GraphQL  creator-lookup-demo/creator-kit'))).toBe(true);
  });

  it('runs as `npm run example` does (GATEWAY_URL, API_KEY)', async () => {
    const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), ['examples/demo-client.ts'], {
      cwd: ROOT,
      env: { ...process.env, GATEWAY_URL: h.url, API_KEY: key },
      timeout: 60_000,
    });
    expect(stdout).toContain('REST  creator-lookup-demo/creator-kit');
    expect(stdout).toContain('GraphQL  social-b: ');
  }, 90_000);
});
