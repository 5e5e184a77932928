import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { dataDirSecretsKey, isSealed, parseSecretsKey, secretBox, SECRETS_KEY_FILE, SecretsKeyError } from './secrets.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'cl-secrets-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;
const SECRET = 'whsec-0123456789abcdef';

describe('secretBox', () => {
  it('seals to a versioned AES-GCM value that holds no trace of the secret, a new IV each time; opens it again', () => {
    const box = secretBox(randomBytes(32));
    const a = box.seal(SECRET);
    const b = box.seal(SECRET);
    expect(a).toMatch(/^v1:[A-Za-z0-9+/=]{16}:[A-Za-z0-9+/=]{24}:[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(SECRET);
    expect(Buffer.from(a.split(':')[3], 'base64').toString('latin1')).not.toContain(SECRET);
    expect(isSealed(a)).toBe(true);
    expect(box.open(a)).toBe(SECRET);
    expect(box.open(b)).toBe(SECRET);
  });

  it('another key cannot open it, nor can anyone open a changed value', () => {
    const key = randomBytes(32);
    const sealed = secretBox(key).seal(SECRET);
    expect(() => secretBox(randomBytes(32)).open(sealed)).toThrow(/does not open with this secrets key/);
    const [v, iv, tag, data] = sealed.split(':');
    const flipped = Buffer.from(data, 'base64');
    flipped[0] ^= 1;
    expect(() => secretBox(key).open([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow(/does not open/);
    expect(() => secretBox(key).open([v, iv, Buffer.alloc(16).toString('base64'), data].join(':'))).toThrow(/does not open/);
    expect(() => secretBox(key).open('v1:garbage')).toThrow(/does not open/);
  });

  it('a value stored in clear by an earlier version (no v1: prefix) is returned as it is', () => {
    expect(isSealed(SECRET)).toBe(false);
    expect(secretBox(randomBytes(32)).open(SECRET)).toBe(SECRET);
  });
});

describe('the secrets key', () => {
  it('SECRETS_KEY: 64 hex digits or base64 of 32 bytes; anything else is refused without repeating it', () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretsKey(` ${key.toString('base64')}\n`)).toEqual(key);
    expect(parseSecretsKey(key.toString('base64url'))).toEqual(key);
    for (const bad of ['hunter2-hunter2', randomBytes(31).toString('base64'), randomBytes(33).toString('hex'), 'z'.repeat(64)]) {
      let err: unknown;
      try {
        parseSecretsKey(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(SecretsKeyError);
      expect((err as Error).message).toMatch(/^SECRETS_KEY must be 32 bytes as 64 hex digits or base64/);
      expect((err as Error).message).not.toContain(bad);
    }
  });

  it('is required with REDIS_URL, named in the start-up error; read from the environment', () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379' } as NodeJS.ProcessEnv;
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/^SECRETS_KEY is required with REDIS_URL/);
    expect(() => loadConfig({ ...env, SECRETS_KEY: 'short' })).toThrow(/^SECRETS_KEY must be 32 bytes/);
    const key = randomBytes(32);
    expect(loadConfig({ ...env, SECRETS_KEY: key.toString('base64') }).secretsKey).toEqual(key);
    expect(loadConfig({} as NodeJS.ProcessEnv).secretsKey).toBeNull();
  });

  it('without SECRETS_KEY: DATA_DIR/secret.key, created 0600 (DATA_DIR 0700) with a random key, the same at every start', () => {
    const dataDir = join(tempDir(), 'data');
    const key = dataDirSecretsKey(dataDir);
    const file = join(dataDir, SECRETS_KEY_FILE);
    expect(key).toHaveLength(32);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(parseSecretsKey(readFileSync(file, 'utf8'))).toEqual(key);
    expect(dataDirSecretsKey(dataDir)).toEqual(key);
    expect(dataDirSecretsKey(tempDir())).not.toEqual(key);
  });

  it('a key file that holds no key is named, not replaced', () => {
    const dataDir = tempDir();
    const file = join(dataDir, SECRETS_KEY_FILE);
    writeFileSync(file, 'not a key\n');
    expect(() => dataDirSecretsKey(dataDir)).toThrow(
      new SecretsKeyError(`${file} must be 32 bytes as 64 hex digits or base64 (e.g. \`openssl rand -base64 32\`), got 9 characters`),
    );
    expect(readFileSync(file, 'utf8')).toBe('not a key\n');
  });
});
