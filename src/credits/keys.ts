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

/** What may be shown of a key after creation: enough to tell keys apart, useless to an attacker. */
export function keyHint(key: string): string {
  return `${key.slice(0, 7)}…${key.slice(-4)}`;
}
