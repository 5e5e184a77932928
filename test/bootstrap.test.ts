import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { bootstrapKey, openDeps } from '../src/deps.js';
import { silentLogger } from '../src/log.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const dir = env.DATA_DIR;
  const deps = openDeps(loadConfig({ ...env, DATA_DIR: dir } as NodeJS.ProcessEnv), { logger: silentLogger });
  const lines: string[] = [];
  await bootstrapKey(deps, (l) => lines.push(l));
  return { deps, out: lines.join('\n') };
}

describe('first start', () => {
  it('creates one key with 1000 credits, prints it once, and never again on restart', async () => {
    const DATA_DIR = mkdtempSync(join(tmpdir(), 'cl-boot-'));
    dirs.push(DATA_DIR);
    const first = await start({ DATA_DIR });
    const key = /\b(cl_[A-Za-z0-9_-]{43})\b/.exec(first.out)?.[1];
    expect(key).toBeDefined();
    expect(await first.deps.ledger.authenticate(key!)).toMatchObject({ balance: 1000 });
    await first.deps.close();
    const second = await start({ DATA_DIR });
    expect(second.out).toBe('');
    expect(await second.deps.ledger.countKeys()).toBe(1);
    await second.deps.close();
  });

  it('BOOTSTRAP_API_KEY and BOOTSTRAP_CREDITS set the key and balance; a revoked one stays revoked', async () => {
    const DATA_DIR = mkdtempSync(join(tmpdir(), 'cl-boot-'));
    dirs.push(DATA_DIR);
    const env = { DATA_DIR, BOOTSTRAP_API_KEY: 'demo-key-for-checks-0000000000000000', BOOTSTRAP_CREDITS: '42' };
    const a = await start(env);
    const k = await a.deps.ledger.authenticate('demo-key-for-checks-0000000000000000');
    expect(k).toMatchObject({ balance: 42 });
    expect(a.out).not.toContain('demo-key-for-checks');
    await a.deps.ledger.revokeKey(k!.id);
    await a.deps.close();
    const b = await start(env);
    expect(await b.deps.ledger.authenticate('demo-key-for-checks-0000000000000000')).toBeNull();
    expect(b.out).toMatch(/stays revoked/);
    await b.deps.close();
  });

  it('rejects nonsense configuration at start-up', () => {
    expect(() => loadConfig({ UPSTREAM_TOTAL_TIMEOUT_MS: '0' } as NodeJS.ProcessEnv)).toThrow(/UPSTREAM_TOTAL_TIMEOUT_MS/);
    // The operation deadline: a positive integer of milliseconds that a timer can hold (30 s unset).
    expect(loadConfig({} as NodeJS.ProcessEnv).operationDeadlineMs).toBe(30_000);
    expect(loadConfig({ OPERATION_DEADLINE_MS: '45000' } as NodeJS.ProcessEnv).operationDeadlineMs).toBe(45_000);
    for (const bad of ['0', '-1', '2.5', 'soon', '2147483648'])
      expect(() => loadConfig({ OPERATION_DEADLINE_MS: bad } as NodeJS.ProcessEnv), bad).toThrow(
        /OPERATION_DEADLINE_MS must be an integer from 1 to 2147483647/,
      );
    expect(() => loadConfig({ PORT: 'eighty' } as NodeJS.ProcessEnv)).toThrow(/PORT/);
    expect(() => loadConfig({ UPSTREAM_REPLAY_URL: 'ftp://x' } as NodeJS.ProcessEnv)).toThrow(/UPSTREAM_REPLAY_URL/);
    // Keys are stored as a fast hash: an operator-chosen key must be a long random secret.
    expect(() => loadConfig({ BOOTSTRAP_API_KEY: 'short-key-31-characters-long-xx' } as NodeJS.ProcessEnv)).toThrow(
      /BOOTSTRAP_API_KEY must be at least 32/,
    );
    expect(loadConfig({ BOOTSTRAP_API_KEY: 'k'.repeat(32) } as NodeJS.ProcessEnv).bootstrapApiKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example/path' } as NodeJS.ProcessEnv)).toThrow(/CORS_ORIGINS/);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example:8443' } as NodeJS.ProcessEnv).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
  });
});
