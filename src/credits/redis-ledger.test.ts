/**
 * The settlement deadline the Redis ledger sends with a settle (its SETTLE script refuses a
 * settlement that reaches Redis after it): Redis's clock when the reservation was made, plus the
 * time elapsed here since, plus half the command timeout. A fake store records the script calls;
 * the real scripts run against redis-server in test/redis/.
 */
import { describe, expect, it } from 'vitest';
import type { RedisStore } from '../store/redis.js';
import { createRedisLedger } from './redis-ledger.js';

function fakeRedis(serverMs: number) {
  const calls: { args: unknown[] }[] = [];
  const store = {
    commandTimeoutMs: 2_000,
    async script(_script: unknown, _keys: string[], args: unknown[]) {
      calls.push({ args });
      // RESERVE answers [1, Redis's clock]; SETTLE answers the balance.
      return calls.length === 1 ? [1, serverMs] : 42;
    },
  } as unknown as RedisStore;
  return { store, calls };
}

describe('redis ledger settlement deadline', () => {
  it('a reservation made here is settled with a deadline on Redis clock; a copy of it (not made here) without one', async () => {
    const { store, calls } = fakeRedis(1_000_000);
    const ledger = createRedisLedger(store);
    const r = await ledger.reserve('key_a', 5);
    expect(r).not.toBeNull();
    // What the reservation carries for this is invisible: not in its JSON or keys.
    expect(Object.keys(r!)).toEqual(['id', 'keyId', 'amount']);
    await ledger.settle(r!, 3);
    const applyBy = calls[1].args[3] as number;
    // 1,000,000 on Redis's clock + a few ms elapsed here + half the 2 s command timeout.
    expect(applyBy).toBeGreaterThanOrEqual(1_001_000);
    expect(applyBy).toBeLessThan(1_001_000 + 1_000);

    const { store: store2, calls: calls2 } = fakeRedis(5);
    const ledger2 = createRedisLedger(store2);
    const made = await ledger2.reserve('key_a', 5);
    await ledger2.settle({ ...made! }, 3);
    expect(calls2[1].args[3]).toBe('');
  });
});
