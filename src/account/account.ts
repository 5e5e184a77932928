/**
 * The caller's own account, as GET /v1/account and GraphQL `me` show it (0 credits): so a client
 * can show its balance without spending.
 */
import type { AuthenticatedKey } from '../credits/ledger.js';
import { ApiError } from '../errors.js';
import type { Deps } from '../pipeline/context.js';
import { effectiveRate } from '../ratelimit/limiter.js';

export interface Account {
  key_id: string;
  name: string;
  hint: string;
  balance: number;
  created_at: string;
  rate_limit: { rps: number; burst: number; own: boolean } | null;
}

export async function accountOf(deps: Deps, key: AuthenticatedKey): Promise<Account> {
  // Keys are few; the ledger's list is the one place names and hints are read from.
  const record = (await deps.ledger.listKeys()).find((k) => k.id === key.id);
  if (!record) throw new ApiError('UNAUTHORIZED', 'Unknown or revoked API key');
  const rate = effectiveRate(key, deps.config.rateLimit);
  return {
    key_id: key.id,
    name: record.name,
    hint: record.hint,
    balance: await deps.ledger.balance(key.id),
    created_at: record.createdAt,
    rate_limit: rate ? { rps: rate.rps, burst: rate.burst, own: key.rate !== undefined } : null,
  };
}
