/**
 * The `keys` command-line tool, in process through runKeysCli against a temporary DATA_DIR, plus
 * one run of the real entry point to check its exit codes.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runKeysCli } from '../../src/cli/keys.js';
import { createSqliteLedger } from '../../src/credits/sqlite-ledger.js';
import { openDatabase } from '../../src/store/sqlite.js';

const KEY_RE = /cl_[A-Za-z0-9_-]{43}/g;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cl-keys-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function keys(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runKeysCli(
    ['node', 'keys', ...args],
    { DATA_DIR: dataDir },
    { log: (l) => stdout.push(l), error: (l) => stderr.push(l) },
  );
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

async function create(...args: string[]): Promise<{ key: string; id: string; stdout: string }> {
  const r = await keys('create', ...args);
  expect(r.code).toBe(0);
  const found: string[] = r.stdout.match(KEY_RE) ?? [];
  expect(found).toHaveLength(1);
  const id = /\b(key_[0-9a-f]{8})\b/.exec(r.stdout)?.[1];
  expect(id).toBeDefined();
  return { key: found[0], id: id!, stdout: r.stdout };
}

/** Runs fn with a ledger on the same store the CLI uses. */
async function withLedger<T>(fn: (ledger: ReturnType<typeof createSqliteLedger>) => Promise<T>): Promise<T> {
  const db = openDatabase(dataDir);
  try {
    return await fn(createSqliteLedger(db));
  } finally {
    db.close();
  }
}

/** Every byte SQLite keeps under DATA_DIR (the database and any -wal / -shm file). */
function storeBytes(): string {
  return readdirSync(dataDir)
    .map((f) => readFileSync(join(dataDir, f)).toString('latin1'))
    .join('\n');
}

describe('keys create', () => {
  it('prints the new key exactly once, with its id, and stores only its hash and hint', async () => {
    const { key, id, stdout } = await create('--name', 'alice', '--credits', '250');
    expect(stdout.split(key)).toHaveLength(2); // exactly one occurrence
    expect(stdout).toContain(id);
    expect(stdout).toContain('250 credits');
    expect(existsSync(join(dataDir, 'gateway.db'))).toBe(true);

    const bytes = storeBytes();
    expect(bytes).not.toContain(key);
    expect(bytes).not.toContain(key.slice(3)); // nor the random part without its prefix

    const auth = await withLedger((l) => l.authenticate(key));
    expect(auth).toEqual({ id, balance: 250 });
  });

  it('defaults to 0 credits and a name', async () => {
    const { key, id } = await create();
    expect(await withLedger((l) => l.authenticate(key))).toEqual({ id, balance: 0 });
    const list = JSON.parse((await keys('list', '--json')).stdout);
    expect(list).toEqual([expect.objectContaining({ id, name: 'unnamed', balance: 0, revokedAt: null })]);
  });

  it('rejects a bad --credits or an empty --name', async () => {
    // 2147483648: one past GraphQL's Int, which every credit figure fits (test/credit-figures.test.ts).
    for (const bad of ['-1', '1.5', 'lots', '9007199254740993', '2147483648']) {
      const r = await keys('create', '--credits', bad);
      expect(r.code, bad).toBe(1);
      expect(r.stderr).toMatch(/--credits must be a non-negative whole number/);
      expect(r.stdout).not.toMatch(KEY_RE);
    }
    const r = await keys('create', '--name', '  ');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--name must not be empty/);
    expect(await withLedger((l) => l.countKeys())).toBe(0);
  });
});

describe('keys list', () => {
  it('shows id, name, hint, balance, created and revoked, never the key', async () => {
    const a = await create('--name', 'alice', '--credits', '10');
    const b = await create('--name', 'bob');
    await keys('revoke', b.id);

    const table = await keys('list');
    expect(table.code).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+HINT\s+BALANCE\s+CREATED\s+REVOKED$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^${a.id}\\s+alice\\s+cl_…${a.key.slice(-4)}\\s+10\\s+\\d{4}-\\d\\d-\\d\\dT\\S+\\s+-$`));
    expect(lines[2]).toMatch(new RegExp(`^${b.id}\\s+bob\\s+\\S+\\s+0\\s+\\S+\\s+\\d{4}-\\d\\d-\\d\\dT\\S+$`));

    const json = await keys('list', '--json');
    expect(json.code).toBe(0);
    const records = JSON.parse(json.stdout);
    expect(records.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    expect(Object.keys(records[0]).sort()).toEqual(['balance', 'createdAt', 'hint', 'id', 'name', 'revokedAt']);
    expect(records[1].revokedAt).toEqual(expect.any(String));

    for (const out of [table.stdout, json.stdout, table.stderr, json.stderr]) {
      expect(out).not.toContain(a.key);
      expect(out).not.toContain(b.key);
      expect(out).not.toMatch(KEY_RE);
    }
  });

  it('says so when the store is empty', async () => {
    await withLedger(async () => undefined); // creates the empty store
    const r = await keys('list');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/No keys/);
    expect(JSON.parse((await keys('list', '--json')).stdout)).toEqual([]);
  });

  it('fails clearly when DATA_DIR holds no store (and does not create one)', async () => {
    const r = await keys('list');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/No key store at .*gateway\.db.*DATA_DIR/);
    expect(existsSync(join(dataDir, 'gateway.db'))).toBe(false);
  });
});

describe('keys add-credits', () => {
  it('adds credits and prints the new balance', async () => {
    const { key, id } = await create('--credits', '5');
    const r = await keys('add-credits', id, '20');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/New balance: 25\b/);
    expect(await withLedger((l) => l.authenticate(key))).toEqual({ id, balance: 25 });
  });

  it('rejects a bad amount, an unknown id and a revoked key, changing nothing', async () => {
    const { id } = await create('--credits', '5');
    for (const bad of ['0', '-3', 'abc', '2.5', '1e3', '9007199254740993', '2147483648']) {
      const r = await keys('add-credits', id, bad);
      expect(r.code, bad).toBe(1);
      expect(r.stderr, bad).toMatch(/amount must be a positive whole number/);
    }
    const full = await create('--credits', '2147483000');
    const over = await keys('add-credits', full.id, '648');
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/the balance would exceed 2147483647/);
    expect((await keys('add-credits', full.id, '647')).stdout).toMatch(/New balance: 2147483647\b/);
    const unknown = await keys('add-credits', 'key_00000000', '10');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No key with id "key_00000000"/);

    const missing = await keys('add-credits', id);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/missing required argument 'amount'/);

    await keys('revoke', id);
    const revoked = await keys('add-credits', id, '10');
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toMatch(/revoked/);

    expect(await withLedger((l) => l.balance(id))).toBe(5);
  });
});

describe('keys revoke', () => {
  it('revokes: the key no longer authenticates', async () => {
    const { key, id } = await create('--credits', '100');
    expect(await withLedger((l) => l.authenticate(key))).not.toBeNull();
    const r = await keys('revoke', id);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Revoked key ${id}`);
    expect(await withLedger((l) => l.authenticate(key))).toBeNull();
  });

  it('fails for an unknown or already revoked id', async () => {
    const { id } = await create();
    expect((await keys('revoke', id)).code).toBe(0);
    const again = await keys('revoke', id);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already revoked/);
    const unknown = await keys('revoke', 'key_nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No key with id "key_nope"/);
  });
});

describe('usage errors', () => {
  it('an unknown command, no command or a missing argument exits 1 with a message', async () => {
    const unknown = await keys('frobnicate');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/unknown command 'frobnicate'/);
    const none = await keys();
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/Usage: keys/);
    const noId = await keys('revoke');
    expect(noId.code).toBe(1);
    expect(noId.stderr).toMatch(/missing required argument 'id'/);
  });

  it('--help exits 0', async () => {
    const r = await keys('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/add-credits <id> <amount>/);
  });
});

describe('the real entry point (tsx src/cli/keys.ts)', () => {
  const run = promisify(execFile);
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  const opts = () => ({ cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });

  it('exits 0 on success and 1 on failure', async () => {
    const created = await run(tsx, ['src/cli/keys.ts', 'create', '--name', 'proc', '--credits', '3'], opts());
    expect(created.stdout.match(KEY_RE)).toHaveLength(1);
    const listed = await run(tsx, ['src/cli/keys.ts', 'list', '--json'], opts());
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ name: 'proc', balance: 3 })]);

    const failed = await run(tsx, ['src/cli/keys.ts', 'revoke', 'key_nope'], opts()).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/No key with id "key_nope"/);
  });
});
