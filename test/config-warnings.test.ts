/**
 * Settings that start but lose something are named at start (src/server.ts logs the warning).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, reservationTtlWarning } from '../src/config.js';

const redis = { REDIS_URL: 'redis://127.0.0.1:6379', SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') };

describe('RESERVATION_TTL_MS with Redis', () => {
  it('under twice OPERATION_DEADLINE_MS: a warning naming both (another instance would refund a request still running)', () => {
    const warning = reservationTtlWarning(loadConfig({ ...redis, RESERVATION_TTL_MS: '1000' }));
    expect(warning).toContain('RESERVATION_TTL_MS (1000 ms) is shorter than twice OPERATION_DEADLINE_MS (30000 ms)');
    expect(reservationTtlWarning(loadConfig({ ...redis, RESERVATION_TTL_MS: '59999' }))).not.toBeNull();
    expect(reservationTtlWarning(loadConfig({ ...redis, RESERVATION_TTL_MS: '600000', OPERATION_DEADLINE_MS: '400000' }))).not.toBeNull();
  });

  it('the defaults, a TTL of twice the deadline, or no Redis (the embedded ledger keeps no TTL): none', () => {
    expect(reservationTtlWarning(loadConfig({ ...redis }))).toBeNull();
    expect(reservationTtlWarning(loadConfig({ ...redis, RESERVATION_TTL_MS: '60000' }))).toBeNull();
    expect(reservationTtlWarning(loadConfig({ RESERVATION_TTL_MS: '1000' }))).toBeNull();
  });
});
