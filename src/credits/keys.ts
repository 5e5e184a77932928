/**
 * API keys are random 256-bit secrets, so a fast hash is the right storage form (DECISIONS.md):
 * only SHA-256(key) is stored; the clear key is shown once, when created, and never logged.
 */
import { hash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'cl_';

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  // One-shot hash: no Hash object per request (this runs on every authenticated request).
  return hash('sha256', key, 'hex');
}

/**
 * What may be shown of a key after creation: its last 4 characters (after our public prefix when
 * it has it) — enough to tell keys apart, useless to an attacker, also for an operator-chosen key.
 */
export function keyHint(key: string): string {
  return `${key.startsWith(KEY_PREFIX) ? KEY_PREFIX : ''}…${key.slice(-4)}`;
}

/** A hint stored by an earlier version (7 leading characters kept) cut down to keyHint's form. */
export function shortenStoredHint(hint: string): string {
  const at = hint.lastIndexOf('…');
  return `${hint.startsWith(KEY_PREFIX) ? KEY_PREFIX : ''}…${(at < 0 ? hint : hint.slice(at + 1)).slice(-4)}`;
}
