/**
 * The MCP client example (examples/mcp-client.ts: the SDK's client at /mcp) runs against the demo
 * data in an in-process gateway, both as a function and as `npm run example:mcp` does it.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMcpClient } from '../examples/mcp-client.js';
import { DEMO_COVERAGE } from '../src/demo/examples.js';
import { demoRoutes } from '../src/demo/routes.js';
import { startHarness } from './harness.js';
import type { Harness } from './harness.js';

const ROOT = resolve(import.meta.dirname, '..');

let h: Harness;
let key: string;
let keyId: string;

beforeAll(async () => {
  h = await startHarness({ routes: demoRoutes(), env: { DEMO_COVERAGE } });
  ({ key, id: keyId } = await h.key(1_000));
});
afterAll(async () => {
  await h?.close();
});

describe('examples/mcp-client.ts against the demo', () => {
  it('lists the tools, reads the demo records, a cached call costs 0, the balance is the ledger’s', async () => {
    const lines: string[] = [];
    const r = await runMcpClient(h.url, key, (l) => lines.push(l));
    expect(r.tools).toContain('code_repository');
    expect(r.tools).toContain('find_social_profiles');
    expect(r.repository).toEqual({ full_name: 'creator-lookup-demo/creator-kit', charged: 1, cachedCharged: 0 });
    expect(r.profiles.map((p) => p.platform)).toContain('social-b');
    expect(r.balance).toBe(await h.balance(keyId));
    expect(lines.some((l) => l.startsWith('MCP  creator-lookup-demo/creator-kit: '))).toBe(true);
  });

  it('runs as `npm run example:mcp` does (GATEWAY_URL, API_KEY)', async () => {
    const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), ['examples/mcp-client.ts'], {
      cwd: ROOT,
      env: { ...process.env, GATEWAY_URL: h.url, API_KEY: key },
      timeout: 60_000,
    });
    expect(stdout).toContain('MCP  creator-lookup-demo/creator-kit: ');
    expect(stdout).toContain('MCP  again with cache_max_age=1d: 0 credits');
  }, 90_000);
});
