/**
 * Secrets the gateway keeps for later (a job's webhook secret, needed again to sign its delivery)
 * are stored sealed: AES-256-GCM under the secrets key, a random 12-byte IV per value, as
 * `v1:<iv>:<tag>:<ciphertext>` (base64). Reading the SQLite file or the Redis job hashes gives
 * ciphertext; a value sealed under another key, or changed, does not open.
 *
 * The key: SECRETS_KEY (32 bytes, hex or base64; required with REDIS_URL, so every instance opens
 * what another sealed), else `DATA_DIR/secret.key`, created 0600 with a random key at the first
 * start. It is never written into a store: a copy of the database alone does not reveal the
 * secrets. Losing the key file loses the stored secrets (their webhooks are given up): back it up
 * with the database.
 *
 * A value without the `v1:` prefix was stored in clear by a version before sealing: `open`
 * returns it as it is, and the job stores seal such values at start (sealStoredWebhookSecrets).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateDir } from './data-dir.js';

export const SECRETS_KEY_FILE = 'secret.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const PREFIX = 'v1:';

/** A key that cannot be used (SECRETS_KEY, or the key file): a setting to fix, named in the message. */
export class SecretsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsKeyError';
  }
}

export interface SecretBox {
  /** The sealed form of `plain` (a new IV each time: sealing twice gives two values). */
  seal(plain: string): string;
  /** The plain secret; throws when it was sealed under another key or changed. Unsealed (legacy) values are returned as they are. */
  open(stored: string): string;
}

/** Whether `stored` is in the sealed form (else: stored in clear by an earlier version). */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`a secrets key is ${KEY_BYTES} bytes, got ${key.length}`);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${data.toString('base64')}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const [iv, tag, data] = stored.slice(PREFIX.length).split(':');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
        decipher.setAuthTag(Buffer.from(tag ?? '', 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(data ?? '', 'base64')), decipher.final()]).toString('utf8');
      } catch (e) {
        throw new Error('a sealed secret does not open with this secrets key (sealed under another key, or changed)', { cause: e });
      }
    },
  };
}

/**
 * A key as SECRETS_KEY or the key file spell it: 64 hex digits, or base64 (standard or URL-safe)
 * of 32 bytes. The message never repeats the value.
 */
export function parseSecretsKey(raw: string, name = 'SECRETS_KEY'): Buffer {
  const v = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const key = Buffer.from(v, 'base64');
    if (key.length === KEY_BYTES) return key;
  }
  throw new SecretsKeyError(
    `${name} must be ${KEY_BYTES} bytes as 64 hex digits or base64 (e.g. \`openssl rand -base64 32\`), got ${v.length} characters`,
  );
}

/**
 * The key in `DATA_DIR/secret.key`, created (0600, a random key) when there is none. Written to a
 * temporary file first and linked into place, so a reader never sees a half-written key.
 */
export function dataDirSecretsKey(dataDir: string): Buffer {
  privateDir(dataDir);
  const path = join(dataDir, SECRETS_KEY_FILE);
  try {
    return parseSecretsKey(readFileSync(path, 'utf8'), path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(tmp, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, path);
  } catch (e) {
    // Created meanwhile: that one is the key.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
  return parseSecretsKey(readFileSync(path, 'utf8'), path);
}
