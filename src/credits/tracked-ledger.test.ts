/**
 * The process's own reservations: remembered until settled, refunded by refundOpen() (shutdown),
 * and counted as charged / refunded once each.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../store/sqlite.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteLedger } from './sqlite-ledger.js';
import { trackReservations } from './tracked-ledger.js';

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'cl-tracked-'));
  const db = openDatabase(dir);
  const counts = { charged: 0, refunded: 0 };
  const ledger = trackReservations(createSqliteLedger(db), {
    creditsCharged: { inc: (v) => (counts.charged += v) },
    creditsRefunded: { inc: (v) => (counts.refunded += v) },
  });
  return { ledger, counts, close: () => (db.close(), rmSync(dir, { recursive: true, force: true })) };
}

describe('tracked ledger', () => {
  it('remembers open reservations until they are settled; refundOpen() gives back the rest in full', async () => {
    const { ledger, counts, close } = setup();
    try {
      const { record } = await ledger.createKey({ name: 't', credits: 10 });
      const a = (await ledger.reserve(record.id, 3))!;
      const b = (await ledger.reserve(record.id, 2))!;
      const c = (await ledger.reserve(record.id, 1))!;
      expect(ledger.open.size).toBe(3);
      expect(await ledger.balance(record.id)).toBe(4);
      await ledger.settle(a, 1);
      expect([...ledger.open]).toEqual([b, c]);
      expect(await ledger.refundOpen()).toBe(2);
      expect(ledger.open.size).toBe(0);
      expect(await ledger.balance(record.id)).toBe(9);
      expect(counts).toEqual({ charged: 1, refunded: 2 + 2 + 1 });
      // Settling again (the request finishing after the shutdown refund) changes nothing.
      expect(await ledger.settle(b, 2)).toBe(9);
      expect(counts).toEqual({ charged: 1, refunded: 5 });
    } finally {
      close();
    }
  });

  it('a failed reservation (402) and a zero reservation are not tracked; other methods pass through', async () => {
    const { ledger, close } = setup();
    try {
      const { key, record } = await ledger.createKey({ name: 't', credits: 1 });
      expect(await ledger.reserve(record.id, 5)).toBeNull();
      expect(await ledger.reserve(record.id, 0)).not.toBeNull();
      expect(ledger.open.size).toBe(0);
      expect(await ledger.authenticate(key)).toEqual({ id: record.id, balance: 1 });
      expect(await ledger.countKeys()).toBe(1);
    } finally {
      close();
    }
  });
});
